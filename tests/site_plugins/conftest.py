"""The checker the checker tests drive: a short time limit, two pages at once.

Imported lazily: this folder's tests also run inside Pyodide (tests/pyodide/test_parity.py),
which has no worker processes to import."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from site_plugins.examples.checking.checker import Checker

#: Seconds one example may run in the checker tests.
LIMIT = 1.0
#: Seconds on top of the limit and grace a hostile example may cost: a fork, a kill, a reply.
SLACK = 4.0


@pytest.fixture(scope="module")
def checker() -> Iterator[Checker]:
    from site_plugins.examples.checking.checker import Checker, CheckLimits

    with Checker(CheckLimits(time_limit=LIMIT, memory_mb=512), jobs=2) as running:
        yield running
