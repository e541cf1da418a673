"""rules_core: a pure-Python rules engine for tabletop dice systems.

The shared core (dice sources, pools, explanations, errors) carries no game rules; each
game system is a module on top of it. Nothing here imports mkdocs or markdown, so the same
code verifies examples at build time and runs in the browser under Pyodide.
"""

from rules_core.dice import DiceSource, RandomDice, ScriptedDice
from rules_core.errors import (
    ActionDiceError,
    ChainError,
    ChainLimitError,
    DiceError,
    DiceScriptError,
    RulesCoreError,
    RulesError,
)
from rules_core.explain import DieView, Explained, Explanation, RollView, TableView
from rules_core.pool import Pool, PoolTerm

__version__ = "0.1.0"

__all__ = [
    "ActionDiceError",
    "ChainError",
    "ChainLimitError",
    "DiceError",
    "DiceScriptError",
    "DiceSource",
    "DieView",
    "Explained",
    "Explanation",
    "Pool",
    "PoolTerm",
    "RandomDice",
    "RollView",
    "RulesCoreError",
    "RulesError",
    "ScriptedDice",
    "TableView",
]
