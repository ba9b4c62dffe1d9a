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
semantics function (:func:`check_complete`).  Who is to blame for a missing
one decides how it is reported:

* an opcode defined in one of the **shipped** description files (a file whose
  contents are byte-identical to one of :func:`gpuisa.spec.shipped_files`,
  wherever it was loaded from) is ours: a
  :class:`~gpuisa.errors.ModelError` (a bug in gpuisa), raised when the
  simulator is built, whatever the program;
* an opcode defined in a **user-supplied** file (``--spec DIR`` with an
  opcode of a new optype) is the user's: the simulator refuses, with a
  :class:`~gpuisa.errors.UsageError`, only a program that contains such an
  instruction (see :func:`user_opcodes_without_semantics`); executing one
  that is reached anyway (a jump into data) is an ``invalid-instruction``
  fault.
"""
from __future__ import annotations

import functools
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
    #: True: the function keeps per-warp Python logic (int masks, ``x.w``); the batched
    #: engine runs it one warp at a time.  False: it follows "one semantics, two widths"
    #: (docs/sim-semantics-api.md) and runs once per batch of warps.
    per_warp: bool = False


_REGISTRY: dict[str, SemanticsEntry] = {}


def semantics(optype: str, *, control: bool = False, per_warp: bool | None = None):
    """Register *fn* as the semantics of every opcode whose optype is *optype*.

    *control*: the function sets ``ActivePC`` (and masks) itself.  *per_warp*
    (default: the value of *control*): the function uses per-warp Python logic
    on int masks, so the batched engine calls it one warp at a time; otherwise
    it must work for one warp and for a batch of warps (docs/sim-semantics-api.md,
    "One semantics, two widths")."""

    def deco(fn: Callable) -> Callable:
        if optype in _REGISTRY and _REGISTRY[optype].fn is not fn:
            old = _REGISTRY[optype]
            if (old.module, old.fn.__qualname__) != (fn.__module__, fn.__qualname__):
                raise ModelError(f"semantics for {optype} registered twice: {old.module}.{old.fn.__name__} "
                                 f"and {fn.__module__}.{fn.__name__}")
        pw = control if per_warp is None else bool(per_warp)
        _REGISTRY[optype] = SemanticsEntry(optype, fn, control, fn.__module__, pw)
        fn.optype = optype  # type: ignore[attr-defined]
        fn.per_warp = pw  # type: ignore[attr-defined]
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


@functools.lru_cache(maxsize=1)
def shipped_hashes() -> frozenset[str]:
    """SHA-256 of the shipped description files' texts (as the spec loader
    hashes them: the UTF-8 text)."""
    from ..spec import shipped_files, text_sha256
    return frozenset(text_sha256(p.read_bytes().decode("utf-8")) for p in shipped_files())


def is_user_opcode(db, op) -> bool:
    """True if *op* was defined in a description file that is not one of the
    shipped files (compared by content, so a verbatim copy counts as shipped).
    An opcode whose source is unknown (no coordinate, no recorded source) is
    taken as shipped: a missing semantics function for it is our bug."""
    coord = getattr(op, "coord", None)
    if coord is None:
        return False
    for src in getattr(db, "sources", ()) or ():
        if src.path == coord.file:
            return src.sha256 not in shipped_hashes()
    return False


def _missing(db) -> list:
    load_semantics()
    return sorted((op for op in db.opcodes.values() if op.optype not in _REGISTRY), key=lambda op: op.name)


def check_complete(db) -> None:
    """Raise ModelError naming every opcode of *db* that comes from a shipped
    description file and has no semantics function (a bug in gpuisa).  Opcodes
    of user-supplied files without semantics are allowed here: see
    :func:`user_opcodes_without_semantics`."""
    missing = [op.name for op in _missing(db) if not is_user_opcode(db, op)]
    if missing:
        raise ModelError("no semantics function for opcode(s): " + ", ".join(missing)
                         + " (register one with @gpuisa.sim.registry.semantics(<optype>))")


def user_opcodes_without_semantics(db) -> dict[str, object]:
    """``{name: Opcode}`` of the user-supplied opcodes of *db* that the
    simulator cannot execute (no semantics function for their optype)."""
    return {op.name: op for op in _missing(db) if is_user_opcode(db, op)}
