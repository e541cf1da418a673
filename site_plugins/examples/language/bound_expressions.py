"""What a bound value's expression may be: Python that reads what the page's examples made.

A bound value is checked like a claim and written again by every Reroll, so its expression
must read, never act, and must read something the dice can change:

* **It only reads.** It may not assign a name (``:=``), use the builtins that change an
  object or run code (``setattr``, ``exec``, ``__import__``, ``open``…) or reach into an
  object's machinery (``__class__``, ``__dict__``). At build time it also runs apart, in a
  fork of its page's process (:mod:`~site_plugins.examples.checking.bound_apart`), so that
  nothing else it does (a method that changes its object) lasts; in the browser these rules
  are all there is.
* **It names what the examples made**: ``_`` or a name of the page. ``[3]{= 3}`` reads 3
  whatever the dice do, a claim that can never fail; write such a number as plain text.

No MkDocs here.
"""

from __future__ import annotations

import ast
import builtins

#: Builtins a bound value may not use: they change objects, run code or reach outside.
ACTING = frozenset({"setattr", "delattr", "exec", "eval", "compile", "__import__", "open",
                    "globals", "locals", "vars", "breakpoint", "input", "exit", "quit", "help"})
#: Names every expression has without the page: the builtins (``_`` is the example's value,
#: whatever an interactive session made of it).
_BUILTIN_NAMES = frozenset(dir(builtins)) - {"_"}


def syntax_problem(source: str, what: str) -> str:
    """Why ``source`` is no Python expression, said of ``what`` (``"the expression 'x +'"``),
    or "" when it is one."""
    try:
        compile(source, "<expression>", "eval")
    except SyntaxError as error:
        return f"{what} is not a Python expression ({error.msg})"
    except ValueError as error:  # a NUL character
        return f"{what} is not a Python expression ({error})"
    return ""


def expression_problem(source: str, written: str) -> str:
    """Why ``source``, the expression of the bound value ``[written]``, cannot be one (``""``
    if it can); ``source`` compiles."""
    tree = ast.parse(source, mode="eval")
    acting = _acting(tree)
    if acting:
        return (f"the expression {source!r} {acting}: a bound value only reads what its "
                "example made (do the rest in a statement of the example, and bind the "
                "name it makes)")
    if not page_names(tree):
        return (f"the bound value [{written}] never changes with the dice: its expression "
                f"{source!r} names nothing the examples made (no _, no name of the page), so "
                "it reads the same whatever they roll; write the text without {= …}, or bind "
                "what the example computes, e.g. [3]{= punch.damage}")
    return ""


def _acting(tree: ast.AST) -> str:
    """What in ``tree`` does more than read ("" if nothing)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.NamedExpr):
            return f"assigns {node.target.id} (with :=)"
        if isinstance(node, ast.Name) and node.id in ACTING:
            return f"uses {node.id}()"
        if isinstance(node, ast.Attribute) and node.attr.startswith("__") \
                and node.attr.endswith("__"):
            return f"reaches into .{node.attr}"
    return ""


def page_names(tree: ast.AST) -> set[str]:
    """The names ``tree`` reads from the page: neither builtins nor its own (a
    comprehension's variable, a lambda's parameter)."""
    read: set[str] = set()
    own: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            (read if isinstance(node.ctx, ast.Load) else own).add(node.id)
        elif isinstance(node, ast.arg):
            own.add(node.arg)
    return read - own - _BUILTIN_NAMES
