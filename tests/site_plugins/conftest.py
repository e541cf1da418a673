"""The checker the checker tests drive: a short time limit, two pages at once."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from site_plugins.examples.checker import Checker, CheckLimits

#: Seconds one example may run in the checker tests.
LIMIT = 1.0
#: Seconds on top of the limit and grace a hostile example may cost: a fork, a kill, a reply.
SLACK = 4.0


@pytest.fixture(scope="module")
def checker() -> Iterator[Checker]:
    with Checker(CheckLimits(time_limit=LIMIT, memory_mb=512), jobs=2) as running:
        yield running
