"""Build-time only: the in-browser engine a built site ships, and the checks that any static
host can serve the built site. Nothing here runs in the browser.

The runtime (:mod:`~site_plugins.examples.browser_engine.runtime`: Pyodide from its npm
package, a lock file, the start-up snapshot and the service worker, from ``service_worker/``)
with the wheels the browser installs (:mod:`~site_plugins.examples.browser_engine.wheels`:
``rules_core`` and the browser subpackages of ``site_plugins.examples``, and icepool's), the
steps that run under Node (:mod:`~site_plugins.examples.browser_engine.pyodide_node`, with
its scripts in ``node/``), the ``.gz`` and ``.br`` copies of large files
(:mod:`~site_plugins.examples.browser_engine.packing`) and the error of all of these
(:mod:`~site_plugins.examples.browser_engine.engine_error`); the types stock hosts send
(:mod:`~site_plugins.examples.browser_engine.hosting`) and the Content-Security-Policy worked
out from the built pages where the author asks for it
(:mod:`~site_plugins.examples.browser_engine.csp`, with the other origins they load from and
the author's own sources, :mod:`~site_plugins.examples.browser_engine.csp_origins`).
"""
