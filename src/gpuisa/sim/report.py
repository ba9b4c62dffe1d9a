"""What ``gpuisa run`` prints after a run: register dumps in a chosen format,
the per-warp lines that matter, a one-line summary, and a progress bar while a
long run goes on.  The contract is ``docs/simulator-run.md``; the command and
its options are in :mod:`gpuisa.sim.cli`.

* ``--dump R1:hex,R2:s32,R4:f64`` -- :func:`parse_dump`: each item is a
  register and a format (``u32`` unsigned decimal, ``s32``, ``hex``, ``f32``,
  ``f64`` = the even/odd register pair R[n:n+1] read as one binary64, low word
  in Rn); items without a format take ``--format`` (default ``u32``).
* Lanes that do not exist (a partial warp, ``--block 48``) are not shown: a
  warp of 16 threads prints lanes 0..15, and its JSON lists hold 16 values.
* Warp lines: one per warp only with ``--verbose``, for registers being dumped,
  or for a warp that did not exit (a fault, a step limit: where it stood).
"""
from __future__ import annotations

import math
import sys
import threading
from dataclasses import dataclass

import numpy as np

from ..errors import UsageError
from .initexpr import parse_reg

WARP_SIZE = 32
FORMATS = ("u32", "s32", "hex", "f32", "f64")
DEFAULT_FORMATS = ("u32", "s32", "hex", "f32")     # --format: f64 names pairs, so only per register
#: without --verbose, at most this many lines of warps that did not exit (when no register is dumped)
MAX_WARP_LINES = 20
#: warps whose registers the default text report lists (no --dump, no --dump-buffer; D13-6)
MAX_DEFAULT_DUMP_WARPS = 16
#: the progress bar appears when a run has lasted this long (seconds) and stderr is a terminal
PROGRESS_DELAY = 1.0


@dataclass(frozen=True)
class DumpItem:
    """One ``--dump`` item: register ``reg`` (canonical, ``R4``) printed as ``fmt``."""

    reg: str
    fmt: str
    explicit: bool = False      # the format was written (``R1:hex``), not the --format default

    @property
    def kind(self) -> str:
        return self.reg.rstrip("0123456789")

    @property
    def regs(self) -> tuple[str, ...]:
        """The registers read: two for ``f64``."""
        if self.fmt == "f64":
            n = int(self.reg[len(self.kind):])
            return self.reg, f"{self.kind}{n + 1}"
        return (self.reg,)

    @property
    def label(self) -> str:
        """Text-table label: ``R1``, ``R1:hex``, ``R[4:5]:f64``."""
        if self.fmt == "f64":
            n = int(self.reg[len(self.kind):])
            return f"{self.kind}[{n}:{n + 1}]:f64"
        return f"{self.reg}:{self.fmt}" if self.fmt != "u32" else self.reg

    @property
    def json_key(self) -> str | None:
        """JSON key of the formatted values (``R1:hex``); None for plain u32 (the raw values are it)."""
        return None if self.fmt == "u32" else f"{self.reg}:{self.fmt}"


def parse_dump(text: str | None, default_fmt: str = "u32") -> list[DumpItem]:
    """``"R1:hex, R2, P0, R4:f64"`` -> DumpItems.  Raises UsageError."""
    items: list[DumpItem] = []
    for part in (text or "").split(","):
        part = part.strip()
        if not part:
            continue
        reg, _, fmt = part.partition(":")
        kind, n = parse_reg(reg)
        reg = f"{kind}{n}"
        explicit = bool(fmt.strip())
        fmt = fmt.strip().lower() if explicit else default_fmt
        if fmt not in FORMATS:
            raise UsageError(f"--dump {part!r}: unknown format {fmt!r} (formats: {', '.join(FORMATS)})")
        if kind in ("P", "UP"):
            if explicit:
                raise UsageError(f"--dump {part!r}: predicates print as 0/1 (formats apply to R, UR and B registers)")
            fmt = "u32"
        if fmt == "f64":
            last = {"R": 254, "UR": 62}.get(kind)
            if last is None:
                raise UsageError(f"--dump {part!r}: f64 reads a register pair R[n:n+1] or UR[n:n+1]")
            if n % 2 or n + 1 > last:
                raise UsageError(f"--dump {part!r}: a 64-bit pair starts at an even register below {kind}{last} "
                                 f"(e.g. {kind}{n - n % 2}:f64)")
        items.append(DumpItem(reg, fmt, explicit))
    return items


def _raw(wr, reg: str):
    v = wr.reg(reg)
    return v.tolist() if hasattr(v, "tolist") else v


def _as_u32_array(v) -> np.ndarray:
    return np.asarray(v if isinstance(v, list) else [v], dtype=np.uint64).astype(np.uint32)


def formatted(wr, item: DumpItem, lanes: int) -> list:
    """The values of *item* in warp result *wr* as Python values of its format, one per existing
    lane for per-lane registers (a one-element list for a warp-wide one): ints for u32/s32,
    ``0x%08x`` strings for hex, floats for f32/f64."""
    per_lane = item.kind in ("R", "P")
    lo = _as_u32_array(_raw(wr, item.reg))
    if per_lane:
        lo = lo[:lanes]
    if item.fmt == "u32":
        return [int(x) for x in lo]
    if item.fmt == "s32":
        return [int(x) for x in lo.view(np.int32)]
    if item.fmt == "hex":
        return [f"0x{int(x):08x}" for x in lo]
    if item.fmt == "f32":
        return [float(x) for x in lo.view(np.float32)]
    hi = _as_u32_array(_raw(wr, item.regs[1]))
    if per_lane:
        hi = hi[:lanes]
    bits = (hi.astype(np.uint64) << np.uint64(32)) | lo.astype(np.uint64)
    return [float(x) for x in bits.view(np.float64)]


def _text(v, fmt: str) -> str:
    if isinstance(v, bool):
        return "1" if v else "0"
    if fmt == "f32":
        return str(np.float32(v))       # numpy: the shortest text that reads back as this float32
    if fmt == "f64":
        return repr(float(v)) if math.isfinite(v) else str(v)
    return str(v)


def _json(v):
    if isinstance(v, float) and not math.isfinite(v):
        return "nan" if math.isnan(v) else ("inf" if v > 0 else "-inf")
    return v


def lanes_of(sim, warp_index: int) -> int:
    """Threads that exist in warp *warp_index* of a CTA (the last warp of a CTA may be partial)."""
    bx, by, bz = sim.block
    return max(0, min(WARP_SIZE, bx * by * bz - WARP_SIZE * warp_index))


def warp_json(sim, wr, items: list[DumpItem]) -> dict:
    """One entry of ``"warps"``: cta, warp, and when registers are dumped lanes, then each register's raw value(s) (per-lane lists
    hold only the existing lanes), and for a non-u32 format the formatted values under ``REG:FMT``."""
    n = lanes_of(sim, wr.warp)
    out: dict = {"cta": wr.cta, "warp": wr.warp}
    if items:
        out["lanes"] = n        # the length of the per-lane lists below
    for it in items:
        for r in it.regs:
            if r not in out:
                v = _raw(wr, r)
                out[r] = v[:n] if isinstance(v, list) else v
        if it.json_key:
            vals = [_json(x) for x in formatted(wr, it, n)]
            out[it.json_key] = vals if it.kind in ("R", "P") else vals[0]
    return out


def _states(res) -> list[str]:
    """Every warp's final state, without building the warps' results when they are lazy."""
    f = getattr(res.warps, "states", None)
    return f() if f is not None else [w.state for w in res.warps]


def unfinished(res) -> list:
    return [res.warps[i] for i, s in enumerate(_states(res)) if s != "exited"]


def summary_line(res) -> str:
    """``ok: 1200 warp-instructions, 64 warps exited`` or, when some did not exit,
    ``step-limit: 1000000 warp-instructions, 64 warps: 10 exited, 54 ready``."""
    n = len(res.warps)
    states: dict[str, int] = {}
    for st in _states(res):
        states[st] = states.get(st, 0) + 1
    head = f"{res.status}: {res.steps} warp-instructions, "
    noun = "warp" if n == 1 else "warps"
    if states.get("exited", 0) == n:
        return head + f"{n} {noun} exited"
    order = ["exited", "stopped", "ready", "sleeping", "barrier"]
    parts = [f"{states[s]} {s}" for s in order + sorted(set(states) - set(order)) if states.get(s)]
    return head + f"{n} {noun}: " + ", ".join(parts)


def warp_line(sim, wr, *, status: bool) -> str:
    """``cta 0 (0, 0, 0) warp 1`` plus, with *status*, ValidMask, PC, state and, for a warp that
    did not exit, the instruction it stands at."""
    n = lanes_of(sim, wr.warp)
    s = f"cta {wr.cta} {tuple(wr.ctaid)} warp {wr.warp}"
    if n < WARP_SIZE:
        s += f"  (lanes 0..{n - 1})"
    if status:
        s += f"  ValidMask=0x{wr.valid:08x}  PC=0x{wr.pc:x}  {wr.state}"
        if wr.state != "exited":
            s += f"  at: {sim.text_at(wr.pc)}"
    return s


def table_lines(sim, res, items: list[DumpItem], *, verbose: bool = False, limit: int | None = None) -> list[str]:
    """The per-warp part of the text report; *limit*: list the *items* of the first *limit* warps
    only (the default report of a large grid: decision D13-6)."""
    out: list[str] = []
    hidden = 0
    lw = max([5] + [len(it.label) for it in items])
    # only the warps that did not exit, unless every warp is listed
    warps = res.warps if (items or verbose) else unfinished(res)
    for i, w in enumerate(warps):
        if limit is not None and items and i >= limit:
            out.append(f"... {len(warps) - i:,} more warps: the default report lists the registers of the first "
                       f"{limit} (--dump REG,... lists chosen registers of every warp, --json all of them)")
            break
        differs = w.state != "exited"
        if not (items or verbose or differs):
            continue
        if not (items or verbose) and len(out) >= MAX_WARP_LINES:
            hidden += 1
            continue
        out.append(warp_line(sim, w, status=verbose or differs))
        n = lanes_of(sim, w.warp)
        for it in items:
            vals = formatted(w, it, n)
            if it.kind == "P":
                out.append(f"  {it.label:<{lw}} " + "".join("1" if b else "." for b in vals) + f"   (lanes 0..{n - 1})")
            elif it.kind in ("R",):
                texts = [_text(v, it.fmt) for v in vals]
                width = max([10] + [len(t) for t in texts])
                per = 8 if width <= 12 else 4
                for k in range(0, n, per):
                    row = texts[k:k + per]
                    out.append(f"  {it.label if k == 0 else '':<{lw}} [{k:2}..{k + len(row) - 1:2}] "
                               + " ".join(f"{t:>{width}}" for t in row))
            else:
                v = vals[0]
                out.append(f"  {it.label:<{lw}} {_text(v, it.fmt) if not isinstance(v, bool) else int(v)}")
    if hidden:
        out.append(f"... {hidden} more warps did not exit (--verbose lists every warp)")
    return out


# -- progress ---------------------------------------------------------------------------------------

def _exited(sim) -> int:
    """Warps exited so far (``Simulator.warps_exited``: also right while the batched engine runs)."""
    f = getattr(sim, "warps_exited", None)
    return f() if f is not None else sum(w.state == "exited" for w in sim.warps)


def run_with_progress(sim, run, *, stream=None, delay: float = PROGRESS_DELAY, console=None, force: bool = False):
    """``run()`` (the simulation; returns its result), with a rich progress bar on *stream*
    (default stderr) once it has lasted *delay* seconds -- only when the stream is a terminal (or
    *force*, or a given rich *console* that is one).  The bar counts exited warps and shows the
    warp-instructions executed; it is removed when the run ends.  Silent otherwise."""
    stream = stream if stream is not None else sys.stderr
    if console is None:
        tty = force or (hasattr(stream, "isatty") and stream.isatty())
        if not tty:
            return run()
    elif not console.is_terminal:
        return run()
    box: dict = {}

    def target():
        try:
            box["result"] = run()
        except BaseException as e:  # noqa: BLE001 - re-raised in the caller's thread
            box["error"] = e

    t = threading.Thread(target=target, name="gpuisa-run", daemon=True)
    t.start()
    t.join(delay)
    if t.is_alive():
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
        console = console or Console(file=stream, force_terminal=True)
        total = len(sim.warps)
        with Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TextColumn("warps exited"),
                      TextColumn("{task.fields[steps]} warp-instructions"), TimeElapsedColumn(),
                      console=console, transient=True) as bar:
            task = bar.add_task("run", total=total, steps=f"{sim.steps:,}")
            while t.is_alive():
                bar.update(task, completed=_exited(sim), steps=f"{sim.steps:,}")
                t.join(0.1)
            bar.update(task, completed=_exited(sim), steps=f"{sim.steps:,}")
    t.join()
    if "error" in box:
        raise box["error"]
    return box["result"]

