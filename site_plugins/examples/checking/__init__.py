"""Checking pages' examples outside the reader's browser, for the build, pytest and the author's
command-line aids: each page in a process of its own, bounded from outside (in one process,
one page after another, where no process can be started, as in Pyodide). No MkDocs here.

A build's checks of its pages (:mod:`~site_plugins.examples.checking.page_checks`) go to the
checker (:mod:`~site_plugins.examples.checking.checker`), which runs each page in a fresh
fork of a worker process (:mod:`~site_plugins.examples.checking.worker`) in a folder of its
own, with no other place to write (:mod:`~site_plugins.examples.checking.confinement`), a
``rules-check`` speaking only through its page's process
(:mod:`~site_plugins.examples.checking.channel`), each example's bound values in a fork of
the page's process (:mod:`~site_plugins.examples.checking.bound_apart`); what a page's
process sends back is plain data (:mod:`~site_plugins.examples.checking.plain`), a page's
file is read one way for all (:mod:`~site_plugins.examples.checking.page_text`), and the
pages that verified are kept for the next build of the process
(:mod:`~site_plugins.examples.checking.result_cache`). The pytest plugin
(:mod:`~site_plugins.examples.checking.pytest_plugin`) collects every statement of the docs
as a test item, checked by the same checker. The author's aids rewrite stale claims
(:mod:`~site_plugins.examples.checking.update`) and list the numbers of the prose left
unbound and the bound values another result gives too
(:mod:`~site_plugins.examples.checking.unbound`).
"""
