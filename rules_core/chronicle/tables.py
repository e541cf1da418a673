"""A rules table the engine holds, shown as a live table on a card and as aligned text.

The source's tables (the difficulty ladder, the actions, the critical-hit and fumble tables,
the recovery difficulties, the consequences of defeat) are data of the engine, and the
functions that apply them read the same rows; a page shows them with this class, so the
table a reader sees is the table the engine uses.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_core.explain import Explanation, TableView


@dataclass(frozen=True, repr=False)
class RulesTable:
    """A table: a caption, a header and rows of text.

    Examples:
        >>> RulesTable("Sizes", ("Name", "Yards"), (("small", "1"), ("large", "12")))
        Name   Yards
        small  1
        large  12
    """

    caption: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]

    def explain(self) -> Explanation:
        """The table, drawn on a card."""
        return Explanation(title=self.caption,
                           tables=(TableView(self.caption, self.header, self.rows),))

    def __len__(self) -> int:
        return len(self.rows)

    def __repr__(self) -> str:
        lines = (self.header, *self.rows)
        widths = [max(len(line[i]) for line in lines) for i in range(len(self.header))]
        return "\n".join("  ".join(cell.ljust(w) for cell, w in zip(line, widths, strict=True))
                         .rstrip() for line in lines)
