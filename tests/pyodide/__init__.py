"""Parity of the engine and the docs examples between CPython and Pyodide."""
