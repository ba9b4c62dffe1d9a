"""Registration of instruction semantics.

One function per instruction (per optype), named after it, registered
explicitly with :func:`semantics`::

    from gpuisa.sim.registry import semantics

    @semantics("BSSY")
    def BSSY(x: Exec) -> None:
        '''BSSY: pseudo code in the database (appended by the registry); notes.'''
        ...

``x`` is a :class:`gpuisa.sim.context.Exec`: the decoded instruction bound to
the executing warp (see ``docs/sim-semantics-api.md``).  A function registered
with ``control=True`` manages ``ActivePC``/``ActiveMask`` itself; otherwise the
simulator advances ``ActivePC`` by 16 after it returns.

**One source for the pseudo code.** A function's docstring holds only its
own notes (decisions, deviations); the pseudo code it follows is the
optype's ``__Semantics`` text in the database, which :func:`attach_pseudo_code`
appends to ``__doc__`` (``help(BSSY)`` shows it) and stores as
``fn.pseudo_code``.  Building a simulator attaches the texts of the
database it runs (:func:`check_complete`).

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
import inspect
import textwrap
import weakref
from dataclasses import dataclass
from typing import Any, Callable

from ..errors import ModelError

#: Modules imported by :func:`load_semantics`.  ``gp`` (general-purpose
#: instructions) is optional until it lands; the completeness check still
#: reports its opcodes if a database contains them.
SEMANTICS_MODULES = ("sync", "bru", "misc")
OPTIONAL_SEMANTICS_MODULES = ("gp", "nv_int", "nv_float", "nv_mem", "nv_generic", "nv_fence", "nv_mbarrier", "nv_simd", "nv_uniform", "nv_f64", "nv_half", "nv_mma")


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
    doc: str | None = None  # the function's own docstring (without the attached pseudo code)


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
        own = getattr(fn, "own_doc", fn.__doc__)
        _REGISTRY[optype] = SemanticsEntry(optype, fn, control, fn.__module__, pw, own)
        fn.optype = optype  # type: ignore[attr-defined]
        fn.per_warp = pw  # type: ignore[attr-defined]
        fn.own_doc = own  # type: ignore[attr-defined]
        fn.pseudo_code = None  # type: ignore[attr-defined]
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


def pseudo_code(db: Any, optype: str) -> tuple[str, str] | None:
    """``(text, file name)`` of the ``__Semantics`` of *optype* in *db*, or None."""
    for op in db.by_optype(optype):
        text = op.texts.get("Semantics")
        if text:
            coord = getattr(op, "coord", None)
            return text, (coord.file.replace("\\", "/").rsplit("/", 1)[-1] if coord is not None else "?")
    return None


_attached_to: list = [None]  # weak reference to the database whose texts the docstrings hold


def attach_pseudo_code(db: Any) -> None:
    """Set every registered function's ``__doc__`` to its own notes followed
    by the optype's ``__Semantics`` text from *db* (the single source of the
    pseudo code), and ``fn.pseudo_code`` to that text (None when *db* has none)."""
    load_semantics()
    if not hasattr(db, "by_optype"):  # not a Database (a test's stand-in): nothing to attach
        return
    ref = _attached_to[0]
    if ref is not None and ref() is db:
        return
    for optype, e in _REGISTRY.items():
        own = inspect.cleandoc(e.doc) if e.doc else f"{optype}."
        found = pseudo_code(db, optype)
        e.fn.pseudo_code = found[0] if found else None  # type: ignore[attr-defined]
        if found is None:
            e.fn.__doc__ = own
        else:
            text, fname = found
            e.fn.__doc__ = (f"{own}\n\nPseudo code (``__Semantics`` of {optype}, {fname})::\n\n"
                            + textwrap.indent(text.strip("\n"), "    ") + "\n")
    _attached_to[0] = weakref.ref(db)


def check_complete(db) -> None:
    """Raise ModelError naming every opcode of *db* that comes from a shipped
    description file and has no semantics function (a bug in gpuisa).  Opcodes
    of user-supplied files without semantics are allowed here: see
    :func:`user_opcodes_without_semantics`."""
    missing = [op.name for op in _missing(db) if not is_user_opcode(db, op)]
    attach_pseudo_code(db)
    if missing:
        raise ModelError("no semantics function for opcode(s): " + ", ".join(missing)
                         + " (register one with @gpuisa.sim.registry.semantics(<optype>))")


def user_opcodes_without_semantics(db) -> dict[str, Any]:
    """``{name: Opcode}`` of the user-supplied opcodes of *db* that the
    simulator cannot execute (no semantics function for their optype)."""
    return {op.name: op for op in _missing(db) if is_user_opcode(db, op)}
