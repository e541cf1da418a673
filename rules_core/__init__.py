"""rules_core: a pure-Python rules engine for tabletop dice systems.

The shared core carries no game rules and names no system:

- :mod:`~rules_core.dice`: dice sources (scripted faces from a text, or seeded random);
- :mod:`~rules_core.roll` and :mod:`~rules_core.procedure`: the result tree of a roll and the
  verbs that make one (roll, reroll while, explode, keep, count, cancel, total);
- :mod:`~rules_core.pool`: pools of named terms with bonus and penalty dice;
- :mod:`~rules_core.contest`: two rolls decided by a rule the system supplies;
- :mod:`~rules_core.play`: rounds played until decided, within a limit;
- :mod:`~rules_core.outcome`, :mod:`~rules_core.marks`, :mod:`~rules_core.explain`: how a
  result describes itself to a card; :mod:`~rules_core.question` and
  :mod:`~rules_core.odds`: the exact odds beside every roll;
- :mod:`~rules_core.limits`, :mod:`~rules_core.errors`, :mod:`~rules_core.words`.

Each game system is a package on top of the core (``rules_core.<system>``) that imports only
the core and itself. Nothing here imports mkdocs or markdown, so the same code
verifies examples at build time and runs in the browser under Pyodide.
"""

from rules_core.contest import Comparison, Contest, ContestRule, Side
from rules_core.copying import Copyable, independent_copy
from rules_core.dice import DiceSource, RandomDice, ScriptedDice
from rules_core.errors import (
    DiceError,
    DiceLimitError,
    DiceScriptError,
    ExplosionLimitError,
    LimitError,
    RerollLimitError,
    RoundLimitError,
    RulesCoreError,
    RulesError,
)
from rules_core.explain import DieView, Explained, Explanation, RollView, TableView
from rules_core.marks import MARKS, Mark, Tone
from rules_core.outcome import Outcome
from rules_core.play import PlayLoop
from rules_core.pool import Pool, PoolTerm, PoolWords
from rules_core.procedure import (
    CountAtLeast,
    Explode,
    KeepHighest,
    KeepLowest,
    Procedure,
    RerollWhile,
    Total,
)
from rules_core.question import AtLeast, NoOdds, Wins
from rules_core.roll import Die, Roll
from rules_core.rolled_pool import RolledPool

__version__ = "0.2.0"

__all__ = [
    "MARKS",
    "AtLeast",
    "Comparison",
    "Contest",
    "ContestRule",
    "Copyable",
    "CountAtLeast",
    "DiceError",
    "DiceLimitError",
    "DiceScriptError",
    "DiceSource",
    "Die",
    "DieView",
    "Explained",
    "Explanation",
    "Explode",
    "ExplosionLimitError",
    "KeepHighest",
    "KeepLowest",
    "LimitError",
    "Mark",
    "NoOdds",
    "Outcome",
    "PlayLoop",
    "Pool",
    "PoolTerm",
    "PoolWords",
    "Procedure",
    "RandomDice",
    "RerollLimitError",
    "RerollWhile",
    "Roll",
    "RollView",
    "RolledPool",
    "RoundLimitError",
    "RulesCoreError",
    "RulesError",
    "ScriptedDice",
    "Side",
    "TableView",
    "Tone",
    "Total",
    "Wins",
    "independent_copy",
]
