"""Error and diagnostic types shared by every stage.

Three families, kept apart on purpose:

* :class:`GpuisaError` subclasses (:class:`SpecError`, :class:`AsmError`,
  :class:`BinaryError`, :class:`UsageError`) report bad *input*: a description
  file, an assembly file, a binary, a command-line value.  They carry
  :class:`Diagnostic` objects with a :class:`Coord` and print as
  ``file:line:col: error: message`` followed by the source line and a caret.
* :class:`ModelError` is a bug in gpuisa itself (an invariant broken, a missing
  semantics function).  It is never caught to produce a diagnostic.
* Architectural faults of a running program (bad memory access, trap, ...)
  live in :mod:`gpuisa.sim` and are results of execution, not exceptions that
  escape to the user.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any


def quick_setstate(cls):
    """Class decorator (above ``@dataclass(frozen=True, slots=True)``): unpickling sets the fields
    by name in a plain loop; the dataclasses' own ``__setstate__`` asks ``fields()`` again for
    every object (the built database, P-CACHE, holds 7,000 such objects: 4 ms of each start)."""
    names = tuple(f.name for f in fields(cls))
    set_ = object.__setattr__

    def __setstate__(self, state):
        for name, value in zip(names, state):
            set_(self, name, value)
    cls.__setstate__ = __setstate__
    return cls


@quick_setstate
@dataclass(frozen=True, slots=True)
class Coord:
    """A position in a text file; ``line`` and ``col`` are 1-based."""

    file: str
    line: int
    col: int = 1

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


SOURCE_WINDOW = 160  # characters of a long source line shown around the caret


@quick_setstate
@dataclass(frozen=True, slots=True)
class Diagnostic:
    severity: str  # "error" | "warning" | "note"
    message: str
    coord: Coord | None = None
    source_line: str | None = None
    length: int = 1

    def format(self) -> str:
        head = f"{self.coord}: " if self.coord else ""
        text = f"{head}{self.severity}: {self.message}"
        if self.source_line is not None and self.coord is not None:
            line = self.source_line.rstrip("\n").expandtabs(1)
            c = max(self.coord.col, 1) - 1  # 0-based caret column
            n = max(self.length, 1)
            if len(line) > SOURCE_WINDOW:
                # a long line: show SOURCE_WINDOW characters around the caret, with … where cut
                start = max(0, min(c - SOURCE_WINDOW // 3, len(line) - SOURCE_WINDOW))
                end = start + SOURCE_WINDOW
                left = "…" if start else ""
                line = left + line[start:end] + ("…" if end < len(line) else "")
                n = max(1, min(n, end - c))
                c = c - start + len(left)
            caret = " " * c + "^" + "~" * (n - 1)
            text += f"\n    {line}\n    {caret}"
        return text

    def __str__(self) -> str:
        return self.format()

    def to_dict(self) -> dict:
        d: dict[str, Any] = {"severity": self.severity, "message": self.message}
        if self.coord:
            d.update(file=self.coord.file, line=self.coord.line, col=self.coord.col)
        return d


class GpuisaError(Exception):
    """Bad input.  Carries one or more diagnostics."""

    def __init__(self, diagnostics: "list[Diagnostic] | Diagnostic | str"):
        if isinstance(diagnostics, str):
            diagnostics = [Diagnostic("error", diagnostics)]
        elif isinstance(diagnostics, Diagnostic):
            diagnostics = [diagnostics]
        self.diagnostics: list[Diagnostic] = list(diagnostics)
        super().__init__(self.format())

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "error"]

    def format(self) -> str:
        return "\n".join(d.format() for d in self.diagnostics)

    def __str__(self) -> str:
        return self.format()


class SpecError(GpuisaError):
    """A malformed or inconsistent ISA description."""


class AsmError(GpuisaError):
    """Invalid assembly text."""

    #: all errors of the run, also those not shown (set by the assembler; the CLI's summary line)
    total_errors: int | None = None


class BinaryError(GpuisaError):
    """An unusable binary input (e.g. truncated)."""


class UsageError(GpuisaError):
    """A bad command-line or API argument value."""


class ModelError(Exception):
    """A bug in gpuisa (broken invariant), never the user's fault."""


@dataclass
class DiagnosticSink:
    """Collects diagnostics; used by the parser and the checker."""

    diagnostics: list[Diagnostic] = field(default_factory=list)
    lines: dict[str, list[str]] = field(default_factory=dict)

    def add(self, severity: str, message: str, coord: Coord | None, length: int = 1) -> None:
        src = None
        if coord is not None:
            lines = self.lines.get(coord.file)
            if lines is not None and 1 <= coord.line <= len(lines):
                src = lines[coord.line - 1]
        self.diagnostics.append(Diagnostic(severity, message, coord, src, length))

    def error(self, message: str, coord: Coord | None = None, length: int = 1) -> None:
        self.add("error", message, coord, length)

    def warning(self, message: str, coord: Coord | None = None, length: int = 1) -> None:
        self.add("warning", message, coord, length)

    @property
    def has_errors(self) -> bool:
        return any(d.severity == "error" for d in self.diagnostics)


def utf8_errors(data: bytes, name: str, start: int, kind: str = "assembly files",
                limit: int = 100) -> list[Diagnostic]:
    """``file:line:col: error: invalid UTF-8 byte 0x..`` with the line and a caret, for the first
    bad byte of every line that has one (up to *limit*); *start* is the first; *kind* names what
    must be UTF-8 (``assembly files``, ``listings``)."""
    diags: list[Diagnostic] = []
    line = data.count(b"\n", 0, start) + 1
    at: int | None = start
    while at is not None and len(diags) < limit:
        ls = data.rfind(b"\n", 0, at) + 1
        le = data.find(b"\n", at)
        le = len(data) if le < 0 else le
        col = len(data[ls:at].decode("utf-8")) + 1  # characters, as the caret is drawn under the text
        src = data[ls:le].decode("utf-8", "replace")
        diags.append(Diagnostic("error", f"invalid UTF-8 byte 0x{data[at]:02x} ({kind} are UTF-8)",
                                Coord(name, line, col), src))
        at = None  # none on this line any more
        pos = le + 1
        while pos < len(data):  # the next line with a bad byte
            nl = data.find(b"\n", pos)
            end = len(data) if nl < 0 else nl
            line += 1
            try:
                data[pos:end].decode("utf-8")
            except UnicodeDecodeError as e:
                at = pos + e.start
                break
            pos = end + 1
    return diags
