"""Worked examples in Markdown, verified against ``rules_core`` and drawn as cards.

One subpackage per role:

* ``language``: the example language: fences, prose and its bound values, the lexer, the
  session that runs examples and the check of a run against the page (runs in the browser);
* ``cards``: runs drawn as HTML cards, rerolled with fresh dice, and each chapter's roller
  (runs in the browser);
* ``checking``: pages checked in worker processes for the build and pytest, the pytest
  plugin, and the author's update and unbound aids;
* ``site``: the ``rules-examples`` MkDocs plugin and what it adds to the pages (cards in
  place, glossary tooltips, reference links, roller pages);
* ``serving``: what ``mkdocs serve`` keeps between builds, and how it hears a save;
* ``browser_engine``: the engine a built site ships (Pyodide, the wheels, the Node steps,
  compressed copies) and the checks that stock hosts can serve it (types, CSP).

``assets/`` holds the pages' scripts and styles. The browser imports ``language`` and
``cards`` only (:data:`~site_plugins.examples.browser_engine.wheels.BROWSER_PACKAGES`),
each whole, so they import only the standard library, ``rules_core`` and each other.
"""
