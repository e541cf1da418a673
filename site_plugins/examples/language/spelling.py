"""How far apart two words are: the measure by which a misspelt example kind or a misspelt
narration marker is told from another word. No MkDocs here."""

from __future__ import annotations


def edit_distance(a: str, b: str) -> int:
    """Letters to add, remove or change to turn ``a`` into ``b`` (Levenshtein)."""
    previous = list(range(len(b) + 1))
    for i, letter in enumerate(a, 1):
        current = [i]
        for j, other in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1,
                               previous[j - 1] + (letter != other)))
        previous = current
    return previous[-1]
