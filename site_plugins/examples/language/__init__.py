"""The example language: how a page writes its examples and the prose bound to them, how an
example runs and how its run is checked against the page.

Fenced blocks (:mod:`~site_plugins.examples.language.fences`) and what of a page is prose
(:mod:`~site_plugins.examples.language.prose`); the bound values of the prose, and how each
reads (:mod:`~site_plugins.examples.language.bound_values`), what their expressions may be
(:mod:`~site_plugins.examples.language.bound_expressions`), and which example each bound
value and narrated paragraph is about (:mod:`~site_plugins.examples.language.bindings`), a
paragraph's marker and its near misses (:mod:`~site_plugins.examples.language.markers`);
examples and their steps with their file lines (:mod:`~site_plugins.examples.language.lexer`);
a page's examples run in one namespace with scripted, random or replayed dice
(:mod:`~site_plugins.examples.language.session`); a run checked against the page's text
(:mod:`~site_plugins.examples.language.verify`), and against what a Reroll accepts
(:mod:`~site_plugins.examples.language.reroll_limits`).

Runs in the browser too: the engine's wheel ships this package whole, so it imports only the
standard library, ``rules_core`` and the other browser packages (no MkDocs).
"""
