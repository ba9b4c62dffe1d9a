"""Registration of instruction semantics.

One function per instruction (per optype), named after it, registered
explicitly with :func:`semantics`::

    from gpuisa.sim.registry import semantics

    @semantics("BSSY")
    def BSSY(x):
        '''<the seed's pseudo code>'''
        ...

``x`` is a :class:`gpuisa.sim.context.Exec`: the decoded instruction bound to
the executing warp (see ``docs/sim-semantics-api.md``).  A function registered
with ``control=True`` manages ``ActivePC``/``ActiveMask`` itself; otherwise the
simulator advances ``ActivePC`` by 16 after it returns.

The set of modules holding semantics is :data:`SEMANTICS_MODULES`.  Building a
simulator for a database checks that every opcode of the database has a
semantics function (:func:`check_complete`); a missing one is a
:class:`~gpuisa.errors.ModelError` naming it.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Callable

from ..errors import ModelError

#: Modules imported by :func:`load_semantics`.  ``gp`` (general-purpose
#: instructions) is optional until it lands; the completeness check still
#: reports its opcodes if a database contains them.
SEMANTICS_MODULES = ("sync", "bru", "misc")
OPTIONAL_SEMANTICS_MODULES = ("gp",)


@dataclass(frozen=True)
class SemanticsEntry:
    optype: str
    fn: Callable
    control: bool  # True: the function sets ActivePC/ActiveMask itself
    module: str


_REGISTRY: dict[str, SemanticsEntry] = {}


def semantics(optype: str, *, control: bool = False):
    """Register *fn* as the semantics of every opcode whose optype is *optype*."""

    def deco(fn: Callable) -> Callable:
        if optype in _REGISTRY and _REGISTRY[optype].fn is not fn:
            old = _REGISTRY[optype]
            if (old.module, old.fn.__qualname__) != (fn.__module__, fn.__qualname__):
                raise ModelError(f"semantics for {optype} registered twice: {old.module}.{old.fn.__name__} "
                                 f"and {fn.__module__}.{fn.__name__}")
        _REGISTRY[optype] = SemanticsEntry(optype, fn, control, fn.__module__)
        fn.optype = optype  # type: ignore[attr-defined]
        return fn

    return deco


_loaded = False


def load_semantics() -> None:
    """Import every semantics module (idempotent)."""
    global _loaded
    if _loaded:
        return
    for name in SEMANTICS_MODULES:
        importlib.import_module(f"gpuisa.sim.semantics.{name}")
    for name in OPTIONAL_SEMANTICS_MODULES:
        mod = f"gpuisa.sim.semantics.{name}"
        try:
            importlib.import_module(mod)
        except ModuleNotFoundError as e:
            if e.name != mod:
                raise
    _loaded = True


def registry() -> dict[str, SemanticsEntry]:
    load_semantics()
    return dict(_REGISTRY)


def lookup(optype: str) -> SemanticsEntry | None:
    return _REGISTRY.get(optype)


def check_complete(db) -> None:
    """Raise ModelError naming every opcode of *db* without semantics."""
    load_semantics()
    missing = sorted(op.name for op in db.opcodes.values() if op.optype not in _REGISTRY)
    if missing:
        raise ModelError("no semantics function for opcode(s): " + ", ".join(missing)
                         + " (register one with @gpuisa.sim.registry.semantics(<optype>))")
