"""The odds lines a build worked out, kept between builds in the plugin's cache folder.

Working out the exact odds of every card is the slowest part of drawing them; a line is kept
under a hash of the code that words odds (and icepool's version), so a cached line is used
only while it would be worked out the same.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.metadata
import json
from pathlib import Path

import rules_core
from site_plugins.examples.cards.odds_lines import OddsLines


def odds_code_version() -> str:
    """A hash of the code that words odds, and icepool's version."""
    digest = hashlib.sha256(importlib.metadata.version("icepool").encode())
    core = Path(rules_core.__file__).parent
    for name in ("odds.py", "odds_text.py", "question.py", "procedure.py", "words.py"):
        digest.update((core / name).read_bytes())
    return digest.hexdigest()[:16]


def odds_file(cache: Path) -> Path:
    """Where this version of the odds code keeps its lines."""
    return cache / f"odds-{odds_code_version()}.json"


def load_odds(cache: Path, lines: OddsLines) -> None:
    """Teach ``lines`` what an earlier build kept (nothing, if there is nothing or it is
    unreadable)."""
    with contextlib.suppress(OSError, ValueError):
        lines.learn(json.loads(odds_file(cache).read_text("utf-8")))


def save_odds(cache: Path, lines: OddsLines) -> None:
    """Keep every line ``lines`` knows for the next build."""
    with contextlib.suppress(OSError):
        target = odds_file(cache)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(lines.lines(), sort_keys=True), "utf-8")
