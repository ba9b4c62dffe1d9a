"""The ISA description language: parser, resolution, checks, database.

    >>> from gpuisa.spec import load
    >>> db = load()                      # the shipped ISA
    >>> db.opcode("SHFL_RI").fields      # doctest: +SKIP
"""
from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Iterable, Sequence

from ..errors import Coord, Diagnostic, DiagnosticSink, SpecError
from .database import Database, SourceInfo

SPEC_SUFFIXES = (".isa", ".txt")
BASE_NAME = "base.isa"

__all__ = ["Database", "load", "compile_spec", "shipped_files", "base_file", "expand_paths"]


def text_sha256(text: str) -> str:
    """The hash recorded for a description file in :attr:`Database.sources`."""
    return hashlib.sha256(text.encode()).hexdigest()


def _isa_dir() -> Path:
    d = Path(__file__).resolve().parent.parent / "isa"     # the package's folder (importlib.resources
    if d.is_dir():                                          # costs 7 ms of every command's start)
        return d
    from importlib import resources     # a package not in a folder (a zip)
    return Path(str(resources.files("gpuisa") / "isa"))


def base_file() -> Path:
    return _isa_dir() / BASE_NAME


def shipped_files() -> list[Path]:
    """The shipped description files, base first."""
    d = _isa_dir()
    files = sorted(p for p in d.iterdir() if p.suffix == ".isa" and p.name != BASE_NAME)
    return [d / BASE_NAME] + files


def expand_paths(paths: Iterable[str | Path]) -> list[Path]:
    """Files stay; folders give their ``*.isa`` and ``*.txt`` files, sorted."""
    out: list[Path] = []
    for p in paths:
        p = Path(p)
        if p.is_dir():
            found = sorted(q for q in p.iterdir() if q.is_file() and q.suffix in SPEC_SUFFIXES)
            if not found:
                raise SpecError(f"no description files (*.isa, *.txt) in folder {p}")
            out.extend(found)
        else:
            out.append(p)
    return out


def _read(path: Path, sink: DiagnosticSink) -> str | None:
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        sink.error(f"no such file: {path}")
        return None
    except OSError as e:
        sink.error(f"cannot read {path}: {e.strerror}")
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        col = e.start - (data.rfind(b"\n", 0, e.start) + 1) + 1
        sink.lines[str(path)] = data.decode("utf-8", "replace").split("\n")
        sink.error(f"invalid UTF-8 byte 0x{data[e.start]:02x} (description files are UTF-8)", Coord(str(path), line, col))
        return None


def compile_spec(paths: Sequence[str | Path] | None = None, *, base: bool = True,
                 texts: dict[str, str] | None = None) -> tuple[Database | None, list[Diagnostic]]:
    """Parse, resolve and check.  Returns the database (None if there were errors
    that prevent building one) and every diagnostic, errors and warnings.

    *paths*: files or folders; None means the shipped ISA.  *base*: prepend the
    project's base file (ignored when *paths* is None).  *texts*: in-memory
    files ``{name: text}`` parsed after *paths* (used by tests and tools).
    """
    from .build import build          # not needed when the database comes from the cache (spec.cache)
    from .parser import parse_file
    sink = DiagnosticSink()
    files = shipped_files() if paths is None else ([base_file()] if base else []) + expand_paths(paths)
    parsed = []
    sources = []
    seen: set[Path] = set()
    for path in files:
        rp = path.resolve()
        if rp in seen:
            continue
        seen.add(rp)
        text = _read(path, sink)
        if text is None:
            continue
        if path.suffix == ".txt" and "__Def" not in text:
            sink.add("note", f"skipped {path}: not a description file (no __Def definitions)", None)
            continue
        sources.append(SourceInfo(str(path), text_sha256(text)))
        parsed.append(parse_file(str(path), text, sink))
    for name, text in (texts or {}).items():
        sources.append(SourceInfo(name, text_sha256(text)))
        parsed.append(parse_file(name, text, sink))
    types, groups, opcodes = build(parsed, sink)
    db = Database(types, groups, opcodes, sources, sink.diagnostics)
    return (None if sink.has_errors else db), sink.diagnostics


#: databases already built in this process, by the exact bytes of their sources (a database is
#: immutable, so one object serves every caller; tools and tests load the shipped ISA many times)
_LOADED: dict[tuple, Database] = {}
_LOADED_MAX = 16


def _load_key(paths: Sequence[str | Path] | None, base: bool, texts: dict[str, str] | None) -> tuple | None:
    """The sources' identity: every file's resolved path and content hash, the in-memory texts.
    None when a file cannot be read (compile_spec then reports it)."""
    try:
        files = shipped_files() if paths is None else ([base_file()] if base else []) + expand_paths(paths)
        key = tuple((str(f.resolve()), hashlib.sha256(f.read_bytes()).hexdigest()) for f in files)
    except (OSError, SpecError):
        return None
    return key + tuple(sorted((texts or {}).items()))


def load(paths: Sequence[str | Path] | None = None, *, base: bool = True,
         texts: dict[str, str] | None = None) -> Database:
    """Like :func:`compile_spec` but raises :class:`SpecError` on any error.  The same
    sources give the same (immutable) database object."""
    key = _load_key(paths, base, texts)
    if key is not None and key in _LOADED:
        return _LOADED[key]
    from . import cache
    ckey = cache.key_of(key) if key is not None and not texts else None
    db = cache.read(ckey) if ckey is not None else None
    if db is None:
        db, diags = compile_spec(paths, base=base, texts=texts)
        if db is None:
            raise SpecError([d for d in diags if d.severity == "error"])
        if ckey is not None:
            cache.write(ckey, db)
    if key is not None:
        if len(_LOADED) >= _LOADED_MAX:
            _LOADED.pop(next(iter(_LOADED)))
        _LOADED[key] = db
    return db
