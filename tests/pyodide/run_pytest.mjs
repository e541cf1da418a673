// Run pytest inside Pyodide (the Python the site's readers run) under Node.
//
//   node tests/pyodide/run_pytest.mjs REPO_DIR WHEELS_DIR [PYTEST_ARGS...]
//
// Loads the pinned npm package pyodide (REPO_DIR/node_modules/pyodide, or $PYODIDE_DIR),
// unpacks every wheel in WHEELS_DIR (pytest, hypothesis and their dependencies, downloaded by
// `make setup`, see tests/pyodide/wheels.mk) into Pyodide's site-packages, mounts REPO_DIR
// read-write at /repo, and runs `pytest.main(PYTEST_ARGS)` there. pytest's output goes to
// stdout; the exit code is pytest's (0 passed, 1 failed, 2 interrupted, 3 internal error,
// 4 usage error, 5 nothing collected) or one of this script's own, above pytest's range:
//
//   10  bad usage            11  Pyodide not installed
//   12  wheels missing       13  Pyodide crashed, or a test hung and could not be stopped
//
// Nothing is written into the repository: no .pytest_cache (-p no:cacheprovider is always
// added), no bytecode (sys.dont_write_bytecode), and Hypothesis keeps its storage in Pyodide's
// in-memory /tmp. Environment variables named RULES_* are passed into Pyodide's os.environ.
//
// Watchdog: Python runs in a worker thread so that this thread can interrupt it. A test that
// runs longer than $PYODIDE_TEST_TIMEOUT seconds (default 10) fails with pytest.fail; if it
// is still running one period later, KeyboardInterrupt ends the pytest session; one more
// period and the worker is killed (exit code 13). Under Pyodide no timer signal can interrupt
// running Python (the JavaScript event loop never gets control back), so without this a hung
// test would hang the run.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";

const EXIT = { usage: 10, noPyodide: 11, noWheels: 12, crashed: 13 };
const SETUP_HINT = "run `make setup` in the repository root";
/** Wheels pytest cannot start without: a wheels folder missing any of them is incomplete. */
const REQUIRED_WHEELS = ["pytest", "hypothesis", "icepool", "pluggy", "iniconfig", "packaging"];
const SIGINT = 2;
const SIGUSR1 = 10;

function fail(code, message) {
  process.stderr.write(`run_pytest.mjs: ${message}\n`);
  process.exit(code);
}

async function main() {
  const [repoArg, wheelsArg, ...pytestArgs] = process.argv.slice(2);
  if (!repoArg || !wheelsArg) {
    fail(EXIT.usage, "usage: node run_pytest.mjs REPO_DIR WHEELS_DIR [PYTEST_ARGS...]");
  }
  const repoDir = path.resolve(repoArg);
  const wheelsDir = path.resolve(wheelsArg);
  if (!fs.existsSync(path.join(repoDir, "pyproject.toml"))) {
    fail(EXIT.usage, `${repoDir} is not the repository (no pyproject.toml)`);
  }
  const timeoutMs = 1000 * Number(process.env.PYODIDE_TEST_TIMEOUT ?? 10);
  if (!(timeoutMs > 0)) fail(EXIT.usage, "PYODIDE_TEST_TIMEOUT must be a positive number");

  const pyodideDir = path.resolve(
    process.env.PYODIDE_DIR ?? path.join(repoDir, "node_modules/pyodide"),
  );
  const needed = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"];
  const absent = needed.filter((f) => !fs.existsSync(path.join(pyodideDir, f)));
  if (absent.length) {
    fail(EXIT.noPyodide,
      `Pyodide is not installed in ${pyodideDir} (missing ${absent.join(", ")}): ${SETUP_HINT}`);
  }

  const wheels = fs.existsSync(wheelsDir)
    ? fs.readdirSync(wheelsDir).filter((f) => f.endsWith(".whl")).sort()
    : [];
  const distribution = (file) => file.split("-")[0].toLowerCase().replaceAll("_", "-");
  const missing = REQUIRED_WHEELS.filter((name) => !wheels.some((w) => distribution(w) === name));
  if (missing.length) {
    fail(EXIT.noWheels, `no wheel for ${missing.join(", ")} in ${wheelsDir}: ${SETUP_HINT}`);
  }

  // interrupt[0]: the signal Python raises at its next check (Pyodide's interrupt buffer).
  // progress[0]: how many tests have started; progress[1]: 1 while a test runs.
  const interrupt = new Uint8Array(new SharedArrayBuffer(1));
  const progress = new Int32Array(new SharedArrayBuffer(8));
  const worker = new Worker(fileURLToPath(import.meta.url), {
    workerData: { repoDir, wheelsDir, wheels, pyodideDir, pytestArgs, timeoutMs, interrupt,
      progress },
  });

  let watched = { test: -1, since: Date.now(), step: 0 };
  const watchdog = setInterval(() => {
    const test = Atomics.load(progress, 0);
    if (test !== watched.test || !Atomics.load(progress, 1)) {
      watched = { test, since: Date.now(), step: 0 };
      return;
    }
    const overdue = Date.now() - watched.since - timeoutMs * (watched.step + 1);
    if (overdue < 0) return;
    watched.step += 1;
    if (watched.step === 1) {
      Atomics.store(interrupt, 0, SIGUSR1); // the test fails; the session goes on
    } else if (watched.step === 2) {
      process.stderr.write("run_pytest.mjs: the hung test ignored its failure; interrupting\n");
      Atomics.store(interrupt, 0, SIGINT); // KeyboardInterrupt: pytest stops and reports
    } else {
      clearInterval(watchdog);
      process.stderr.write("run_pytest.mjs: a test hung and could not be interrupted\n");
      worker.terminate().then(() => process.exit(EXIT.crashed));
    }
  }, 200);

  let linger;
  worker.on("message", (message) => {
    if (message.error) process.stderr.write(`run_pytest.mjs: ${message.error}\n`);
    process.exitCode = message.code;
    clearInterval(watchdog);
    // pytest is done; should anything keep the worker alive, do not wait for it forever.
    linger = setTimeout(() => worker.terminate(), 5000);
  });
  worker.on("error", (error) => {
    process.stderr.write(`run_pytest.mjs: Pyodide crashed: ${error?.stack ?? error}\n`);
    process.exitCode = EXIT.crashed;
  });
  worker.on("exit", () => {
    clearInterval(watchdog);
    clearTimeout(linger);
    process.exitCode ??= EXIT.crashed;
  });
}

async function runInWorker({ repoDir, wheelsDir, wheels, pyodideDir, pytestArgs, timeoutMs,
  interrupt, progress }) {
  const write = (stream) => ({
    write: (buffer) => {
      stream.write(Buffer.from(buffer)); // a copy: Pyodide reuses its buffer
      return buffer.length;
    },
  });
  let pyodide;
  try {
    const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
    pyodide = await loadPyodide({
      indexURL: pyodideDir + path.sep,
      env: {
        HOME: "/home/pyodide",
        PYTHONDONTWRITEBYTECODE: "1",
        HYPOTHESIS_STORAGE_DIRECTORY: "/tmp/hypothesis",
        ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith("RULES_"))),
      },
    });
    pyodide.setStdin({ error: true }); // no stdin: tests read none (and a worker has no fd 0)
    pyodide.setStdout(write(process.stdout));
    pyodide.setStderr(write(process.stderr));
    const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
    for (const wheel of wheels) {
      const bytes = new Uint8Array(fs.readFileSync(path.join(wheelsDir, wheel)));
      pyodide.unpackArchive(bytes, "wheel", { extractDir: sitePackages });
    }
    pyodide.FS.mkdirTree("/repo");
    pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: repoDir }, "/repo");
    pyodide.setInterruptBuffer(interrupt);
  } catch (error) {
    postMessage(EXIT.crashed, `could not start Pyodide from ${pyodideDir}: ${error?.stack ?? error}`);
    return;
  }

  try {
    pyodide.globals.set("pytest_args", pyodide.toPy(["-p", "no:cacheprovider", ...pytestArgs]));
    pyodide.globals.set("test_timeout", timeoutMs / 1000);
    pyodide.globals.set("mark_test", (running) => {
      if (running) Atomics.add(progress, 0, 1);
      Atomics.store(progress, 1, running ? 1 : 0);
      if (!running) Atomics.store(interrupt, 0, 0); // too late to interrupt this test
    });
    const code = pyodide.runPython(PYTHON_MAIN);
    postMessage(code);
  } catch (error) {
    postMessage(EXIT.crashed, `Pyodide failed while running pytest: ${error?.stack ?? error}`);
  }
}

function postMessage(code, error = undefined) {
  // Let the worker's stdout drain to the main thread before it reports the exit code.
  process.stdout.write("", () => parentPort.postMessage({ code, error }));
}

const PYTHON_MAIN = String.raw`
import os
import signal
import sys

import pytest

sys.dont_write_bytecode = True
os.chdir("/repo")
sys.path.insert(0, "/repo")


class Watchdog:
    """Tell the runner's watchdog when each test starts and ends."""

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_protocol(self, item, nextitem):
        mark_test(True)
        try:
            return (yield)
        finally:
            mark_test(False)


def _overdue(signum, frame):
    pytest.fail(f"the test ran for more than {test_timeout:g} s under Pyodide and was stopped by "
                "the runner's watchdog (tests/pyodide/run_pytest.mjs); Pyodide has no "
                "signal.setitimer, so no SIGALRM time limit stops a loop there", pytrace=True)


signal.signal(signal.SIGUSR1, _overdue)
_code = int(pytest.main(list(pytest_args), plugins=[Watchdog()]))
sys.stdout.flush()
sys.stderr.flush()
_code
`;

if (isMainThread) {
  await main();
} else {
  await runInWorker(workerData);
}
