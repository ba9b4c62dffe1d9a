"""Output files written whole or not at all (issue 16).

Every file a command writes (``asm -o``, ``--listing``, ``dis -o``,
``spec export -o``, ``run --trace FILE``, the manual of ``docs --out``) is
written to a temporary file in the same directory and renamed over the target
only when it is complete, so a full disk, a quota or an error half-way leaves
the previous file untouched, never truncated.  A rename within one directory is
atomic (POSIX ``rename``, Windows ``MoveFileEx`` through :func:`os.replace`) and
needs no space.

A leaf module (no gpuisa imports).
"""
from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from pathlib import Path
from typing import IO, Iterator, Sequence


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _mode_for(path: Path) -> int:
    """The permission bits a new file at *path* gets: those of the file it
    replaces, else the usual ``0o666 & ~umask``."""
    try:
        return os.stat(path).st_mode & 0o7777
    except OSError:
        return 0o666 & ~_umask()


class AtomicFile:
    """A temporary file next to *path*; :meth:`commit` renames it over *path*,
    :meth:`discard` removes it.  Use :func:`atomic_open` unless the commit must
    wait for other files (:func:`atomic_write_many`)."""

    def __init__(self, path: str | os.PathLike, mode: str = "w", encoding: str | None = "utf-8"):
        self.path = Path(path)
        enc = dict(encoding=None if "b" in mode else encoding, newline=None if "b" in mode else "")
        self.tmp: Path | None = None
        if self.path.exists() and not self.path.is_file():  # /dev/null, a FIFO, a terminal: no rename
            self.file: IO = open(self.path, mode, **enc)
            return
        d = self.path.parent
        fd, tmp = tempfile.mkstemp(prefix=f".{self.path.name}.", suffix=".tmp", dir=d if str(d) else ".")
        self.tmp = Path(tmp)
        self.file = os.fdopen(fd, mode, **enc)

    def finish(self) -> None:
        """Flush the data to disk (a full disk fails here, before anything is replaced)."""
        self.file.flush()
        if self.tmp is not None:
            os.fsync(self.file.fileno())
        self.file.close()

    def install(self) -> None:
        """Rename the finished temporary file over the target."""
        if self.tmp is not None:
            os.chmod(self.tmp, _mode_for(self.path))
            os.replace(self.tmp, self.path)

    def commit(self) -> None:
        try:
            self.finish()
            self.install()
        except BaseException:
            self.discard()
            raise

    def discard(self) -> None:
        with contextlib.suppress(OSError):
            self.file.close()
        if self.tmp is not None:
            with contextlib.suppress(OSError):
                self.tmp.unlink()


@contextlib.contextmanager
def atomic_open(path: str | os.PathLike, mode: str = "w", encoding: str | None = "utf-8") -> Iterator[IO]:
    """``with atomic_open(p) as f: f.write(...)``: *p* is replaced when the block
    ends normally; on an exception (or a failed write: full disk) it is left as
    it was and the temporary file is removed."""
    af = AtomicFile(path, mode, encoding)
    try:
        yield af.file
    except BaseException:
        af.discard()
        raise
    af.commit()


def atomic_write(path: str | os.PathLike, data: bytes | str) -> None:
    """Write *data* (text as UTF-8) to *path* atomically."""
    atomic_write_many([(path, data)])


def atomic_write_many(items: Sequence[tuple[str | os.PathLike, bytes | str]]) -> None:
    """Write several files as one step: every temporary file is written first,
    and only when all are complete are they renamed into place (``asm -o x.bin
    --listing x.lst`` replaces neither when either cannot be written)."""
    files: list[AtomicFile] = []
    try:
        for path, data in items:
            af = AtomicFile(path, "wb")
            files.append(af)
            af.file.write(data.encode("utf-8") if isinstance(data, str) else data)
            af.finish()
        for af in files:
            af.install()
    except BaseException:
        for af in files:
            af.discard()
        raise


@contextlib.contextmanager
def atomic_dir(path: str | os.PathLike) -> Iterator[Path]:
    """Build a directory tree in a temporary directory next to *path*; when the
    block ends normally, move it into place: a new *path* is one rename, an
    existing one receives each built file by a rename (other files already in
    it are kept).  On an exception nothing in *path* has changed."""
    target = Path(path)
    parent = target.parent if str(target.parent) else Path(".")
    parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".tmp", dir=parent))
    try:
        yield tmp
        if not target.exists():
            os.chmod(tmp, 0o777 & ~_umask())
            os.replace(tmp, target)
            return
        for src in sorted(tmp.rglob("*")):
            rel = src.relative_to(tmp)
            dst = target / rel
            if src.is_dir():
                dst.mkdir(parents=True, exist_ok=True)
            else:
                os.chmod(src, _mode_for(dst))
                os.replace(src, dst)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


