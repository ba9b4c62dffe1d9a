"""Compiled generated code kept on disk by its source text (``disfast``'s decoders, ``encfast``'s
encoders), as ``__pycache__`` keeps modules; next to the database cache (decision P-CACHE)."""
from __future__ import annotations

import atexit
import marshal
import sys
from typing import Any

from .._version import __version__
from ..fsutil import atomic_write
from ..spec.cache import cache_dir


class CodeCache:
    """Code objects by their source text, kept on disk next to the database cache (decision
    P-CACHE) in ``<name>-<tag>-<version>.marshal`` as ``pycache`` keeps modules: compiling the
    ~280 decoders of the shipped ISA costs about 0.1 s, reading them back a few milliseconds
    (decision DS-1).  The key is the source itself, so a stale entry is never used; the file
    name holds the Python and gpuisa versions (the bytecode format).  New entries are written
    when the process exits; any failure (no cache folder, ``GPUISA_NO_CACHE=1``, a damaged
    file) only means compiling again."""

    #: entries beyond which the file starts afresh (old ISAs' code)
    LIMIT = 5000

    def __init__(self, name: str) -> None:
        self.name = name
        self.codes: dict[str, Any] | None = None
        self.dirty = False

    def path(self):
        d = cache_dir()
        tag = sys.implementation.cache_tag or "py"
        return None if d is None else d / f"{self.name}-{tag}-{__version__}.marshal"

    def _load(self) -> dict:
        codes: dict = {}
        p = self.path()
        if p is not None:
            try:
                data = marshal.loads(p.read_bytes())
                if isinstance(data, dict):
                    codes = data
            except (OSError, ValueError, EOFError, TypeError):
                pass
        self.codes = codes
        return codes

    def get(self, src: str):
        codes = self.codes if self.codes is not None else self._load()
        code = codes.get(src)
        if code is None:
            code = compile(src, f"<gpuisa.asm.{self.name}>", "exec")
            if len(codes) >= self.LIMIT:
                codes.clear()
            codes[src] = code
            if not self.dirty:
                self.dirty = True
                atexit.register(self.save)
        return code

    def save(self) -> None:
        p = self.path()
        if p is None or not self.dirty or self.codes is None:
            return
        try:
            p.parent.mkdir(parents=True, exist_ok=True)
            atomic_write(p, marshal.dumps(self.codes))      # whole or not at all
            self.dirty = False
        except (OSError, ValueError):
            pass
