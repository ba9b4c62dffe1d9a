"""A disk cache of built databases (as Python's ``__pycache__`` is for modules).

Building the shipped ISA (parse, resolve, check 270-odd opcodes) costs about 0.1-0.2 s, a large
part of a short command's run (``gpuisa dis`` of a small file, ``gpuisa asm`` in a build).  A
built :class:`~gpuisa.spec.database.Database` is immutable and depends only on

* the description files (their names and contents: the key holds every file's hash),
* the code that builds it (the hash of this package's ``*.py`` files), and
* the Python version and gpuisa's version,

so it is stored under that key as a pickle and read back (about 30 ms) by the next process.
A database with errors is never stored (it is not built); warnings are part of it.

Location: ``$GPUISA_CACHE_DIR``, else ``$XDG_CACHE_HOME/gpuisa``, else ``~/.cache/gpuisa``.
``GPUISA_NO_CACHE=1`` turns it off.  Every failure (an unwritable folder, a damaged or
foreign file) only means the database is built as without a cache; files are written to a
temporary name and renamed (never a torn file), and a file that does not unpickle to a
Database is ignored.  Decision P-CACHE in docs/decisions.md.
"""
from __future__ import annotations

import copyreg
import gc
import hashlib
import io
import os
import pickle
import sys
import types
from pathlib import Path

from .._version import __version__
from ..fsutil import atomic_write
from .database import Database

#: files kept per cache folder (the oldest are removed beyond this)
KEEP = 16


def cache_dir() -> Path | None:
    """The cache folder, or None when caching is off."""
    if os.environ.get("GPUISA_NO_CACHE", "") not in ("", "0"):
        return None
    d = os.environ.get("GPUISA_CACHE_DIR")
    if d:
        return Path(d)
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg) if xdg else Path.home() / ".cache"
    return base / "gpuisa"


_CODE_HASH: str | None = None


def _code_hash() -> str:
    """The hash of the code that builds a database (this package's modules)."""
    global _CODE_HASH
    if _CODE_HASH is None:
        h = hashlib.sha256()
        here = Path(__file__).resolve().parent
        for p in sorted(here.glob("*.py")):
            h.update(p.name.encode() + b"\0" + p.read_bytes() + b"\0")
        _CODE_HASH = h.hexdigest()
    return _CODE_HASH


def key_of(sources_key: tuple) -> str:
    """The file name stem for a database built from *sources_key* (``spec._load_key``)."""
    h = hashlib.sha256()
    h.update(repr((__version__, sys.version_info[:3], pickle.HIGHEST_PROTOCOL, _code_hash(), sources_key)).encode())
    return h.hexdigest()[:32]


def _proxy(d: dict) -> types.MappingProxyType:
    return types.MappingProxyType(d)


def _reduce_proxy(m: types.MappingProxyType):
    return _proxy, (dict(m),)


def dumps(db: Database) -> bytes:
    f = io.BytesIO()
    p = pickle.Pickler(f, protocol=pickle.HIGHEST_PROTOCOL)
    table = copyreg.dispatch_table.copy()
    table[types.MappingProxyType] = _reduce_proxy
    p.dispatch_table = table
    p.dump(db)
    return f.getvalue()


def read(key: str) -> Database | None:
    d = cache_dir()
    if d is None:
        return None
    try:
        data = (d / f"db-{key}.pickle").read_bytes()
    except OSError:
        return None
    gc_was = gc.isenabled()
    gc.disable()    # tens of thousands of objects without cycles: collection passes only cost time
    try:
        db = pickle.loads(data)
    except Exception:      # a damaged or foreign file: build instead (and overwrite it)
        return None
    finally:
        if gc_was:
            gc.enable()
    return db if isinstance(db, Database) else None


def write(key: str, db: Database) -> None:
    d = cache_dir()
    if d is None:
        return
    try:
        data = dumps(db)
        d.mkdir(parents=True, exist_ok=True)
        atomic_write(d / f"db-{key}.pickle", data)      # whole or not at all (the temporary file removed)
        old = sorted(d.glob("db-*.pickle"), key=lambda p: p.stat().st_mtime)
        for p in old[:-KEEP]:
            p.unlink(missing_ok=True)
    except (OSError, pickle.PicklingError, TypeError, AttributeError, RecursionError):
        pass
