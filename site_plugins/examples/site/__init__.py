"""The MkDocs side: the ``rules-examples`` plugin, and what it adds to the site's pages.

The plugin's hooks (:mod:`~site_plugins.examples.site.plugin`, its options in
:mod:`~site_plugins.examples.site.config`) find a page's file as an author knows it
(:mod:`~site_plugins.examples.site.page_files`), put each example's card in its place
(:mod:`~site_plugins.examples.site.page_cards`) and keep the odds lines a build worked out
for the next (:mod:`~site_plugins.examples.site.odds_cache`); names in example code link to
the engine reference (:mod:`~site_plugins.examples.site.chapters.reference_links`), a chapter's
glossary gives its pages tooltips and checks their terms
(:mod:`~site_plugins.examples.site.glossary`), and each chapter's "Roll your own" page takes
its place in the navigation (:mod:`~site_plugins.examples.site.chapters.roller_pages`), and its
pages are listed in search under their game's name
(:mod:`~site_plugins.examples.site.chapters.search_titles`). Only the plugin, its options, the
page files, the roller pages and the search titles import MkDocs.
"""
