"""A run as one self-contained HTML page: per warp, a lanes x time grid.

    >>> from gpuisa.viz import TimelineBuilder
    >>> tb = TimelineBuilder(title="prog.s")
    >>> for rec in records: tb.add(rec)        # trace dicts or StepRecords  # doctest: +SKIP
    >>> tb.write("prog.html")                                                # doctest: +SKIP

What the page holds (``docs/timeline.md``): one ``<script type="application/json">``
with the run, encoded compactly, and inline CSS and JavaScript (no network, no
CDN: it works from ``file://``).  Per step only small integers are stored,
as typed arrays (little endian, 4-byte aligned) in one base64 blob, deflated
when large:

* ``w``: the warp (index into ``warps``), ``i``: the instruction (index into
  ``insts``: pc, text, kind, B register), ``b``/``a``: the warp state before
  and after (indices into ``states``: pc, Valid, Active, Yield, Sleep and
  Switch masks; a run has few distinct states);
* ``step``/``clock`` only when they are not simply 1, 2, 3, ...;
* sparse lists: B-register writes, events (warnings, trace-v2 events), the
  fault; register values written (for the hover text) only for runs of at
  most :data:`VALUES_LIMIT` steps.

Trace versions 1 and 2 are read (``docs/trace-format.md``); keys this reader
does not know are ignored.
"""
from __future__ import annotations

import base64
import json
import re
import zlib
from array import array
from importlib import resources
from pathlib import Path
from typing import IO, Any, Iterable

import numpy as np

from ..errors import Coord, Diagnostic, UsageError

TRACE_FORMAT = "gpuisa-trace"
#: trace versions this reader understands
TRACE_VERSIONS = (1, 2)
TIMELINE_FORMAT = "gpuisa-timeline"
TIMELINE_VERSION = 1
#: runs of at most this many steps carry the register values written (hover text)
VALUES_LIMIT = 20_000
#: blobs larger than this are deflated (the page inflates them with DecompressionStream)
DEFLATE_ABOVE = 64 * 1024
#: lane states, as the page names them (``window.gpuisaTimeline.cellState``)
STATES = ("none", "exited", "active", "waiting", "yielded", "asleep")
#: instructions marked on the time axis (by mnemonic)
MARKED = ("BSSY", "BSYNC", "BREAK", "WARPSYNC", "YIELD", "EXIT", "BAR", "NANOSLEEP", "CALL", "RET", "BMOV")

_MNEMONIC = re.compile(r"^\s*(?:@!?U?P[0-9T]\s+)?([A-Z][A-Z0-9_]*)")
_BREG = re.compile(r"\bB(\d{1,2})\b")
_MASK_KEYS = ("pc", "valid", "active", "yield", "sleep", "switch")


def lane_state(lane: int, lanes: int, valid: int, active: int, yield_mask: int, sleep: int) -> str:
    """The state of *lane* given the warp's masks (*lanes*: the lanes the warp
    was launched with).  Exited lanes have left ValidMask; an active lane is
    active even when YieldMask still holds it."""
    bit = 1 << lane
    if not lanes & bit:
        return "none"
    if not valid & bit:
        return "exited"
    if active & bit:
        return "active"
    if sleep & bit:
        return "asleep"
    if yield_mask & bit:
        return "yielded"
    return "waiting"


def inst_kind(text: str) -> tuple[str, int]:
    """(mnemonic if it is one of :data:`MARKED` else "", B register or -1)."""
    m = _MNEMONIC.match(text)
    mn = m.group(1) if m else ""
    if mn not in MARKED:
        return "", -1
    b = _BREG.search(text)
    return mn, int(b.group(1)) if b else -1


class TimelineBuilder:
    """Collects steps (trace dicts, :class:`~gpuisa.sim.StepRecord` objects or
    whole JSONL files) and writes the page."""

    def __init__(self, title: str = "gpuisa timeline", *, source: str | None = None,
                 values_limit: int = VALUES_LIMIT):
        self.title = title
        self.source = source
        self.values_limit = values_limit
        self._warp_index: dict[tuple[int, int], int] = {}
        self.warps: list[list[int]] = []          # [cta, warp, lanes at launch]
        self._inst_index: dict[tuple[int, str], int] = {}
        self.insts: list[list] = []               # [pc, text, kind, breg]
        self._state_index: dict[tuple, int] = {}
        self.states: list[tuple] = []
        # per step (array.array while collecting; numpy arrays from from_columns)
        self.w: Any = array("I")
        self.i: Any = array("I")
        self.b: Any = array("I")
        self.a: Any = array("I")
        self.step_numbers: Any = array("q")
        self.clocks: Any = array("q")
        self.bwrites: list[list[int]] = []        # [k, B number, value]
        self.values: list[list] | None = []       # [k, reg, mask | None, value(s)]
        self.events: list[list] = []              # [k, kind, message]
        self.fault: dict | None = None
        self.status: str | None = None

    def __len__(self) -> int:
        return len(self.w)

    @classmethod
    def from_columns(cls, title: str, *, warps, insts, states, w, i, b, a, steps=None, clocks=None,
                     bwrites=(), events=(), status: str | None = None) -> "TimelineBuilder":
        """A builder from ready-made columns (numpy arrays or sequences): *warps*
        ``[[cta, warp, lanes]]``, *insts* ``[[pc, text]]``, *states* ``[(pc,
        valid, active, yield, sleep, switch)]`` and per step the indices *w*,
        *i*, *b*, *a* into them (synthetic timelines, tests, other simulators)."""
        tb = cls(title)
        tb.warps = [list(map(int, x)) for x in warps]
        tb.insts = [[int(pc), str(t), *inst_kind(str(t))] for pc, t in insts]
        tb.states = [tuple(int(v) for v in s) for s in states]
        tb.w, tb.i, tb.b, tb.a = (np.asarray(x) for x in (w, i, b, a))
        n = len(tb.w)
        tb.step_numbers = np.arange(1, n + 1, dtype=np.int64) if steps is None else np.asarray(steps)
        tb.clocks = tb.step_numbers if clocks is None else np.asarray(clocks)
        tb.bwrites = [list(x) for x in bwrites]
        tb.events = [list(x) for x in events]
        tb.values = None
        tb.status = status
        return tb

    # -- input ---------------------------------------------------------------------------
    def _state(self, m: dict) -> int:
        key = tuple(int(m.get(k, 0)) for k in _MASK_KEYS)
        idx = self._state_index.get(key)
        if idx is None:
            idx = self._state_index[key] = len(self.states)
            self.states.append(key)
        return idx

    def _warp(self, cta: int, warp: int, before: dict) -> int:
        idx = self._warp_index.get((cta, warp))
        if idx is None:
            idx = self._warp_index[(cta, warp)] = len(self.warps)
            self.warps.append([cta, warp, int(before.get("valid", 0))])
        return idx

    def add(self, rec) -> None:
        """One step: a trace dict (``docs/trace-format.md``) or a StepRecord."""
        if isinstance(rec, dict):
            self._add(rec["step"], rec.get("clock", rec["step"]), rec["cta"], rec["warp"], rec["pc"], rec["text"],
                      rec["before"], rec["after"], rec.get("writes") or (), rec.get("events") or (), rec.get("fault"),
                      dict_writes=True)
        else:
            self._add(rec.step, rec.clock, rec.cta, rec.warp, rec.pc, rec.text, rec.before, rec.after, rec.writes,
                      rec.events, rec.fault, dict_writes=False)

    def _add(self, step, clock, cta, warp, pc, text, before, after, writes, events, fault, *, dict_writes) -> None:
        k = len(self.w)
        wi = self._warp(int(cta), int(warp), before)
        key = (int(pc), str(text))
        ii = self._inst_index.get(key)
        if ii is None:
            ii = self._inst_index[key] = len(self.insts)
            kind, breg = inst_kind(key[1])
            self.insts.append([key[0], key[1], kind, breg])
        self.w.append(wi)
        self.i.append(ii)
        self.b.append(self._state(before))
        self.a.append(self._state(after))
        self.step_numbers.append(int(step))
        self.clocks.append(int(clock))
        for wr in writes:
            reg, mask, value = (wr.get("reg"), wr.get("mask"), wr.get("value")) if dict_writes else wr
            if isinstance(reg, str) and reg.startswith("B") and reg[1:].isdigit() and isinstance(value, int):
                self.bwrites.append([k, int(reg[1:]), value])
            if self.values is not None:
                if k >= self.values_limit:
                    self.values = None
                else:
                    self.values.append([k, reg, mask, value])
        for ev in events:
            if isinstance(ev, dict):
                self.events.append([k, str(ev.get("kind", "event")), str(ev.get("message", ""))])
        if fault:
            self.fault = dict(fault, k=k)

    def add_jsonl(self, fh: IO[str], name: str = "<trace>") -> None:
        """Every line of a trace file (versions 1 and 2; blank lines skipped)."""
        for n, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                rec = json.loads(line)
            except ValueError as e:
                raise UsageError([Diagnostic("error", f"not a JSON line: {e}", Coord(name, n, 1), line[:200])]) \
                    from None
            if not isinstance(rec, dict) or rec.get("format") != TRACE_FORMAT:
                raise UsageError([Diagnostic("error", f"not a {TRACE_FORMAT} line (docs/trace-format.md)",
                                             Coord(name, n, 1), line[:200])])
            if rec.get("version") not in TRACE_VERSIONS:
                raise UsageError([Diagnostic("error", f"trace version {rec.get('version')!r}: this reader knows "
                                                      f"versions {', '.join(map(str, TRACE_VERSIONS))}",
                                             Coord(name, n, 1), line[:200])])
            try:
                self.add(rec)
            except (KeyError, TypeError, ValueError, AttributeError) as e:
                raise UsageError([Diagnostic("error", f"malformed trace record ({type(e).__name__}: {e})",
                                             Coord(name, n, 1), line[:200])]) from None

    def extend(self, records: Iterable) -> "TimelineBuilder":
        for r in records:
            self.add(r)
        return self

    # -- output ----------------------------------------------------------------------------
    def data(self) -> dict:
        """The page's JSON object (``docs/timeline.md``)."""
        n = len(self.w)
        arrays: dict[str, Any] = {"w": self.w, "i": self.i, "b": self.b, "a": self.a}
        steps = np.asarray(self.step_numbers, dtype=np.int64)
        first = int(steps[0]) if n else 1
        if n and not np.array_equal(steps, np.arange(first, first + n, dtype=np.int64)):
            arrays["step"] = steps
        clocks = np.asarray(self.clocks, dtype=np.int64)
        if n and not np.array_equal(clocks, steps):
            arrays["clock"] = clocks
        blob, layout, encoding = pack_arrays(arrays)
        return {
            "format": TIMELINE_FORMAT, "version": TIMELINE_VERSION, "title": self.title,
            "source": self.source, "nsteps": n, "step0": first, "status": self.status,
            "warps": self.warps, "insts": [[f"0x{pc:x}", t, kind, b] for pc, t, kind, b in self.insts],
            "states": [[f"0x{s[0]:x}", *s[1:]] for s in self.states],
            "encoding": encoding, "arrays": layout, "blob": blob,
            "bwrites": self.bwrites, "events": self.events[:10_000], "fault": self.fault,
            "values": self.values, "valuesLimit": self.values_limit,
        }

    def html(self) -> str:
        return render_html(self.data())

    def write(self, path: str | Path) -> Path:
        path = Path(path)
        text = self.html()
        tmp = path.with_name(path.name + ".tmp")
        try:
            tmp.write_text(text, encoding="utf-8", newline="\n")
            tmp.replace(path)          # never a half-written page under the final name
        except OSError as e:
            tmp.unlink(missing_ok=True)
            raise UsageError(f"cannot write {path}: {e.strerror}") from None
        return path


def pack_arrays(arrays: dict) -> tuple[str, dict, str]:
    """Typed arrays in one base64 blob: each at a multiple of 8 bytes, little
    endian, the narrowest of u8/u16/u32/f64 that holds its values.  Returns
    (blob, {name: [dtype, byte offset, length]}, "raw" | "deflate")."""
    parts, layout, off = [], {}, 0
    for name, values in arrays.items():
        a = np.asarray(values)
        lo, hi = (int(a.min()), int(a.max())) if a.size else (0, 0)
        if lo >= 0 and hi < 1 << 8:
            dt, code = "<u1", "u8"
        elif lo >= 0 and hi < 1 << 16:
            dt, code = "<u2", "u16"
        elif lo >= 0 and hi < 1 << 32:
            dt, code = "<u4", "u32"
        else:
            dt, code = "<f8", "f64"
        raw = a.astype(dt).tobytes()
        layout[name] = [code, off, int(a.size)]
        pad = (-len(raw)) % 8
        parts.append(raw + b"\0" * pad)
        off += len(raw) + pad
    data = b"".join(parts)
    encoding = "raw"
    if len(data) > DEFLATE_ABOVE:
        data = zlib.compress(data, 6 if len(data) < 8 << 20 else 1)   # large runs: fast over small
        encoding = "deflate"
    return base64.b64encode(data).decode("ascii"), layout, encoding


def script_json(obj) -> str:
    """JSON safe inside ``<script type="application/json">``: ``<``, ``>``, ``&``
    and the JavaScript line separators escaped, so no text of the trace can
    close the element or inject markup."""
    text = json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
    return (text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")
            .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"))


def _asset(name: str) -> str:
    return (resources.files("gpuisa.viz") / "static" / name).read_text(encoding="utf-8")


def render_html(data: dict, *, embedded: bool = False) -> str:
    """The self-contained page for a :meth:`TimelineBuilder.data` object
    (*embedded*: without the top bar, for an ``<iframe>`` in the manual)."""
    import jinja2
    env = jinja2.Environment(loader=jinja2.PackageLoader("gpuisa.viz", "templates"), autoescape=True,
                             undefined=jinja2.StrictUndefined)
    from markupsafe import Markup
    from .._version import __version__
    return env.get_template("timeline.html").render(
        title=data.get("title") or "gpuisa timeline", version=__version__, embedded=embedded,
        css=Markup(_asset("timeline.css")), js=Markup(_asset("timeline.js").replace("</", "<\\/")),
        data=Markup(script_json(data)), states=STATES)


def timeline_from_trace(path: str | Path, title: str | None = None) -> TimelineBuilder:
    """A builder filled from a JSONL trace file ('-' for stdin)."""
    import sys
    tb = TimelineBuilder(title or Path(str(path)).name)
    if str(path) == "-":
        tb.add_jsonl(sys.stdin, "<stdin>")
        return tb
    try:
        fh = open(path, encoding="utf-8")
    except OSError as e:
        raise UsageError(f"cannot read {path}: {e.strerror}") from None
    with fh:
        tb.add_jsonl(fh, str(path))
    return tb


def run_recorded(sim, path: str | Path, *, trace: IO[str] | None = None, title: str = "gpuisa run",
                 source: str | None = None):
    """Run *sim* to its end through the step API, drawing every step into the
    timeline page *path* (and writing them to the open *trace* file, as
    ``Simulator.run(trace=…)`` would).  Returns the run's Result."""
    tb = TimelineBuilder(title, source=source)
    for rec in sim.run_steps():     # with the watchdog: a run that can never end stops (D13-3)
        tb.add(rec)
        if trace is not None:
            trace.write(json.dumps(rec.to_json()) + "\n")
    res = sim.result()
    tb.status = res.status
    if res.fault and tb.fault is None:
        tb.fault = dict(res.fault, k=max(len(tb) - 1, 0))
    tb.write(path)
    return res
