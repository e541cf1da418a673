"""Every malformed page the suite runs: the first cases (:mod:`tests.malformed.cases`) and
each later group of them, in a module of its own (``cases_<topic>.py``, each a ``CASES``
tuple), added here."""

from __future__ import annotations

from tests.malformed.cases import CASES as FIRST_CASES
from tests.malformed.cases import Case

CASES: tuple[Case, ...] = (
    *FIRST_CASES,
)
