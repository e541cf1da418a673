"""MkDocs plugins of the live rules reference.

The subpackages of ``examples`` that also run in the browser (the example language and the
cards, ``site_plugins.examples.browser_engine.wheels.BROWSER_PACKAGES``) import nothing from
MkDocs.
"""

__version__ = "0.4.0"
"""The version of the distribution ``rules-reference`` (CHANGELOG.md says what each
changed)."""
