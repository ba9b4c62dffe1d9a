"""Named branch markers for coverage of the semantics functions.

``cover("BSYNC.release")`` in an ``if``/``else`` arm of a semantics function
counts that arm when a collector is installed (``gpuisa.verify.coverage``
sets :data:`ACTIVE` to a ``collections.Counter``); otherwise it is one call
and one global test.  The set of arms is read from the source files by the
coverage report (every ``cover("...")`` literal), so it needs no list here.
"""
from __future__ import annotations

from collections import Counter

ACTIVE: Counter | None = None  # a collections.Counter while coverage is collected


def cover(name: str) -> None:
    if ACTIVE is not None:
        ACTIVE[name] += 1
