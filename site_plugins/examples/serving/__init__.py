"""``mkdocs serve``: what its one process keeps from a build to the next, and how it hears
a save and shows a failing example.

Each page's conversion (:mod:`~site_plugins.examples.serving.page_cache`), the search entries
of unchanged pages (:mod:`~site_plugins.examples.serving.search_cache`) and the theme's
compiled templates (:mod:`~site_plugins.examples.serving.template_cache`) are kept between
builds, each in a bounded map (:mod:`~site_plugins.examples.serving.kept`, which the
checked pages, drawn cards and scanned pages of other subpackages are kept in too). A save is
heard through file events while MkDocs' poll goes on
(:mod:`~site_plugins.examples.serving.serve_watch`), and under ``--strict`` a failing example
is drawn red on its card instead of stopping the build
(:mod:`~site_plugins.examples.serving.drawn_failures`).
"""
