// Build-time only: compile a (cut-down) standard library to Python 3.14 bytecode, in Pyodide.
//
//   node compile_stdlib.mjs <pyodide-dir> <source-zip> <out-zip>
//
// Every .py member becomes a .pyc beside where it was (the layout zipimport reads without a
// source), compiled with optimize=2 (no docstrings, no asserts) and without column positions
// (below); other members are copied. The
// page then imports the library without compiling it: Pyodide starts about three times faster
// (measured under Node: 0.7 s instead of 2.2 s). Members are stored, for the host's (or the
// page's) gzip to compress across them. Same input, same bytes.
import "./report_failure.mjs";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, source, out] = process.argv.slice(2);
if (!out) {
  console.error("usage: node compile_stdlib.mjs <pyodide-dir> <source-zip> <out-zip>");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
// PYTHONNODEBUGRANGES: the bytecode keeps its line numbers but not the columns of each
// instruction (the ^^^ under a traceback's line): a quarter of the compiled library's bytes
// once compressed (0.84 MB → 0.63 MB brotli, measured on this site's trimmed library).
const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep,
  env: { HOME: "/home/pyodide", PYTHONNODEBUGRANGES: "1" } });
pyodide.FS.writeFile("/tmp/source.zip", new Uint8Array(fs.readFileSync(source)));
pyodide.runPython(`
import zipfile
from importlib._bootstrap_external import _code_to_timestamp_pyc

with zipfile.ZipFile("/tmp/source.zip") as zin, \\
        zipfile.ZipFile("/tmp/out.zip", "w", zipfile.ZIP_STORED) as zout:
    for name in sorted(zin.namelist()):
        data = zin.read(name)
        if name.endswith(".py"):
            code = compile(data, name, "exec", dont_inherit=True, optimize=2)
            name, data = name[:-3] + ".pyc", bytes(_code_to_timestamp_pyc(code, 0, len(data)))
        info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
        info.external_attr = 0o644 << 16
        zout.writestr(info, data)
`);
fs.writeFileSync(out, pyodide.FS.readFile("/tmp/out.zip"));
