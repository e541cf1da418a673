// Build-time only: compress a file with brotli, for the engine's worker to fetch and unpack
// (engine-fetch.js, with the brotli-dec-wasm decoder): a quarter less than gzip for Pyodide's
// runtime and standard library.
//
//   node brotli.mjs <in-file> <out-file>
//
// Quality 11 (the densest) and a 16 MB window (the largest a standard decoder accepts). The
// same input gives the same bytes.
import fs from "node:fs";
import zlib from "node:zlib";

const [source, out] = process.argv.slice(2);
if (!out) {
  console.error("usage: node brotli.mjs <in-file> <out-file>");
  process.exit(2);
}
const data = fs.readFileSync(source);
const { BROTLI_PARAM_QUALITY, BROTLI_PARAM_LGWIN, BROTLI_PARAM_SIZE_HINT } = zlib.constants;
fs.writeFileSync(out, zlib.brotliCompressSync(data, {
  params: { [BROTLI_PARAM_QUALITY]: 11, [BROTLI_PARAM_LGWIN]: 24, [BROTLI_PARAM_SIZE_HINT]: data.length },
}));
