// Build-time only: how a step under Node fails. Each step's script imports this module first.
// An error nobody caught is printed as its stack (a PythonError's message is Python's
// traceback) and the process exits with 1. Node's own report would start with the source line
// the error was thrown from, which in Pyodide is one line of minified code 65 KB long: the
// build says the error's last line in its warning and keeps the whole output in a log file
// (site_plugins/examples/browser_engine/node_step.py).
function fail(error) {
  const named = error?.message ? `${error.name ?? "Error"}: ${error.message}` : String(error);
  console.error(error?.stack ?? named);
  process.exit(1);
}

process.on("uncaughtException", fail);
process.on("unhandledRejection", fail);
