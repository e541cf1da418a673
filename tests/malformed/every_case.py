"""Every malformed page the suite runs: the first cases (:mod:`tests.malformed.cases`) and
each later group of them, in a module of its own (``cases_<topic>.py``, each a ``CASES``
tuple), added here."""

from __future__ import annotations

from tests.malformed.cases import CASES as FIRST_CASES
from tests.malformed.cases import Case
from tests.malformed.cases_bindings import CASES as BINDING_CASES
from tests.malformed.cases_isolation import CASES as ISOLATION_CASES
from tests.malformed.cases_odds import CASES as ODDS_CASES

CASES: tuple[Case, ...] = (
    *FIRST_CASES,
    *BINDING_CASES,
    *ISOLATION_CASES,
    *ODDS_CASES,
)
