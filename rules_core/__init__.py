"""rules_core: a pure-Python rules engine for tabletop dice systems.

The shared core carries no game rules and names no system:

- [`dice`][rules_core.dice]: dice sources (scripted faces from a text, or seeded random);
- [`roll`][rules_core.roll] and [`procedure`][rules_core.procedure]: the result tree of a
  roll and the verbs that make one (roll, reroll while, explode, keep, count, cancel, total);
- [`pool`][rules_core.pool]: pools of named terms with bonus and penalty dice;
- [`contest`][rules_core.contest]: two rolls decided by a rule the system supplies;
- [`success_pool`][rules_core.success_pool] and [`success_contest`][rules_core.success_contest]:
  pools that count successes (a target number, dice rolled again, tens that count double,
  a chance die) and contests of successes with a tie rule per action;
- [`play`][rules_core.play]: rounds played until decided, within a limit;
- [`outcome`][rules_core.outcome], [`marks`][rules_core.marks],
  [`explain`][rules_core.explain]: how a result describes itself to a card;
  [`question`][rules_core.question] and [`odds`][rules_core.odds]: the exact odds beside
  every roll;
- [`limits`][rules_core.limits], [`errors`][rules_core.errors], [`words`][rules_core.words].

Each game system is a package on top of the core (``rules_core.<system>``) that imports only
the core and itself. Nothing here imports mkdocs or markdown, so the same code
verifies examples at build time and runs in the browser under Pyodide.
"""

from rules_core.contest import Comparison, Contest, ContestRule, Side
from rules_core.copying import Copyable, independent_copy
from rules_core.dice import DiceSource, RandomDice, ScriptedDice, rolling_for
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
from rules_core.explain import (
    Described,
    DieView,
    Explained,
    Explanation,
    RollView,
    StatLine,
    TableView,
)
from rules_core.marks import Mark, Tone
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

__version__ = "0.4.0"

__all__ = [
    "AtLeast",
    "Comparison",
    "Contest",
    "ContestRule",
    "Copyable",
    "CountAtLeast",
    "Described",
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
    "StatLine",
    "TableView",
    "Tone",
    "Total",
    "Wins",
    "independent_copy",
    "rolling_for",
]
