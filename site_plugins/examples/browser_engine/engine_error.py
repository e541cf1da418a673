"""The error of preparing the in-browser engine at build time."""

from __future__ import annotations


class BrowserEngineError(Exception):
    """The browser engine could not be prepared (the message says what to fix)."""
