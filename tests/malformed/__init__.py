"""Pages written as a hostile or careless author would, and how both checkers must take them.

:mod:`tests.malformed.cases` (and each ``cases_<topic>.py``, all gathered by
:mod:`tests.malformed.every_case`) lists the pages and the verdict each must get (a failure at
a line, with words that say what to do; or a pass); :mod:`tests.malformed.suite` runs them all
through ``mkdocs build --strict`` and through pytest, and sorts each verdict into clear,
misleading, silent, hang, false green or traceback. ``tests/site_plugins/test_malformed_pages.py``
requires every one to be clear; ``benchmarks/malformed_pages.py`` prints the table.
"""
