"""Cards: example runs drawn as HTML that reads as rules first and works without JavaScript,
and drawn again by the browser's Reroll and each chapter's roller.

A card (:mod:`~site_plugins.examples.cards.render`) leads with its reader view
(:mod:`~site_plugins.examples.cards.render_reader`) and keeps the code behind a toggle
(:mod:`~site_plugins.examples.cards.render_code`); both draw results, dice, odds and stat
lines the same way (:mod:`~site_plugins.examples.cards.render_views`). The browser's Reroll
and the replay of a shared roll (:mod:`~site_plugins.examples.cards.reroll`, whose
``answer`` is the browser engine's one entry point) and each chapter's roller form
(:mod:`~site_plugins.examples.cards.roll_forms`) answer with the same renderers.

Runs in the browser too: the engine's wheel ships this package whole, so it imports only the
standard library, ``rules_core`` and the other browser packages (no MkDocs).
"""
