"""MkDocs plugins of the live rules reference.

Modules that also run in the browser (the example session and renderer) import nothing
from MkDocs; only ``plugin.py`` and ``config.py`` do.
"""
