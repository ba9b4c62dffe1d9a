"""Co-simulation: compare another implementation's trace (an RTL design,
another simulator: the *DUT*) with the golden model, step by step.

* :func:`read_trace` reads a trace file (``docs/trace-format.md``, versions 1
  and 2), checking each line's format and version.
* :class:`LockStep` wraps a :class:`gpuisa.sim.Simulator`: ``check(record)``
  executes one golden step (``Simulator.step()``) and compares it with the
  DUT's record of the same step, returning the first :class:`Difference`
  or None.  A DUT driven from Python calls it after each of its own steps.
* :func:`cosim` runs a whole trace; ``gpuisa cosim`` is its command line.

What is compared, in this order: the step's CTA, warp and PC; the masks
before the step; the register writes (register, lane mask, every lane's
value); the stores (trace v2: space, size, lanes, each lane's address and
value); the masks after; the kinds of the barrier/sleep/yield events (v2);
the fault.  Keys a DUT's record does not have are not compared (a DUT that
only records PCs and writes is compared on those), except that a v1 record
is never compared on stores or v2 events.
"""
from __future__ import annotations

import json
from dataclasses import dataclass

from ..errors import Coord, Diagnostic, UsageError

TRACE_FORMAT = "gpuisa-trace"
READABLE_VERSIONS = (1, 2)
MASK_KEYS = ("pc", "valid", "active", "yield", "sleep", "switch")
V2_EVENTS = ("barrier", "sleep", "yield")


@dataclass
class Difference:
    step: int
    cta: int | None
    warp: int | None
    pc: int | None
    instruction: str
    what: str           # e.g. "R5 lane 3", "after.active", "store 0 lane 4 value"
    expected: object
    got: object

    def to_json(self) -> dict:
        return dict(self.__dict__)

    def format(self) -> str:
        def show(v):
            return f"{v:#x}" if isinstance(v, int) and not isinstance(v, bool) else json.dumps(v)
        pc = f"{self.pc:#x}" if isinstance(self.pc, int) else "?"
        return (f"step {self.step}: cta {self.cta} warp {self.warp} pc {pc} `{self.instruction}`: {self.what}: "
                f"expected {show(self.expected)}, got {show(self.got)}")


def read_trace(path: str) -> list[dict]:
    """The records of a trace file; bad lines are reported with file:line."""
    try:
        fh = open(path, encoding="utf-8")
    except OSError as e:
        raise UsageError(f"cannot read {path}: {e.strerror}") from None
    out = []
    with fh:
        for n, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                d = json.loads(line)
            except json.JSONDecodeError as e:
                raise UsageError([Diagnostic("error", f"not a JSON object: {e.msg}", Coord(path, n, e.colno),
                                             line.rstrip("\n"), 1)]) from None
            if not isinstance(d, dict) or d.get("format") != TRACE_FORMAT:
                raise UsageError([Diagnostic("error", f"not a {TRACE_FORMAT} record (\"format\" must be "
                                             f"\"{TRACE_FORMAT}\")", Coord(path, n, 1), line.rstrip("\n"), 1)])
            if d.get("version") not in READABLE_VERSIONS:
                raise UsageError([Diagnostic("error", f"trace version {d.get('version')!r} is not readable "
                                             f"(this gpuisa reads versions {READABLE_VERSIONS})", Coord(path, n, 1),
                                             line.rstrip("\n"), 1)])
            out.append(d)
    return out


def _hex(v):
    return v


class LockStep:
    """Step the golden model alongside a DUT and compare each step."""

    def __init__(self, sim):
        self.sim = sim
        self.steps = 0

    def check(self, dut: dict) -> Difference | None:
        """Execute one golden step and compare it with the DUT's *dut* record."""
        self.steps += 1
        step = dut.get("step", self.steps)
        rec = self.sim.step()
        if rec is None:
            return Difference(step, dut.get("cta"), dut.get("warp"), dut.get("pc"), dut.get("text", ""),
                              "end of run: the golden model has finished "
                              f"({self.sim.status}) but the DUT executes a step", None, dut.get("text", ""))
        return compare_records(rec.to_json(), dut)

    def finish(self) -> Difference | None:
        """After the DUT's last record: the golden model must have finished too."""
        rec = self.sim.step()
        if rec is None:
            return None
        g = rec.to_json()
        return Difference(g["step"], g["cta"], g["warp"], g["pc"], g["text"],
                          "end of run: the DUT trace ends but the golden model executes this step",
                          g["text"], None)


def compare_records(g: dict, d: dict) -> Difference | None:
    """The first difference between a golden record *g* and a DUT record *d*."""
    def diff(what, exp, got):
        return Difference(g.get("step"), g.get("cta"), g.get("warp"), g.get("pc"), g.get("text", ""), what, exp, got)

    for k in ("cta", "warp", "pc"):
        if k in d and d[k] != g[k]:
            return diff(k, g[k], d[k])
    for side in ("before",):
        r = _masks(side, g, d, diff)
        if r:
            return r
    if "writes" in d:
        r = _writes(g["writes"], d["writes"], diff)
        if r:
            return r
    if d.get("version", 1) >= 2 and "stores" in d:
        r = _stores(g.get("stores", []), d["stores"], diff)
        if r:
            return r
    r = _masks("after", g, d, diff)
    if r:
        return r
    if d.get("version", 1) >= 2 and "events" in d:
        ge = [e["kind"] for e in g.get("events", []) if e.get("kind") in V2_EVENTS]
        de = [e.get("kind") for e in d["events"] if e.get("kind") in V2_EVENTS]
        if ge != de:
            return diff("events", ge, de)
    if "fault" in g or "fault" in d:
        gk = (g.get("fault") or {}).get("kind")
        dk = (d.get("fault") or {}).get("kind")
        if gk != dk:
            return diff("fault", gk, dk)
    return None


def _masks(side, g, d, diff):
    if side not in d:
        return None
    for k in MASK_KEYS:
        if k in d[side] and d[side][k] != g[side][k]:
            return diff(f"{side}.{k}", g[side][k], d[side][k])
    return None


def _lanes(mask):
    return [i for i in range(32) if mask >> i & 1] if isinstance(mask, int) else list(range(32))


def _writes(gw: list, dw: list, diff):
    for i in range(max(len(gw), len(dw))):
        if i >= len(dw):
            return diff(f"write {i} ({gw[i]['reg']})", gw[i]["reg"], "no write")
        if i >= len(gw):
            return diff(f"write {i} ({dw[i].get('reg')})", "no write", dw[i].get("reg"))
        a, b = gw[i], dw[i]
        reg = a["reg"]
        if b.get("reg") != reg:
            return diff(f"write {i} register", reg, b.get("reg"))
        if "mask" in b and b["mask"] != a.get("mask"):
            return diff(f"{reg} lane mask", a.get("mask"), b["mask"])
        va, vb = a["value"], b.get("value")
        if isinstance(va, list):
            if not isinstance(vb, list) or len(vb) != len(va):
                return diff(f"{reg} value", va, vb)
            for lane in range(len(va)):
                if va[lane] != vb[lane]:
                    return diff(f"{reg} lane {lane}", va[lane], vb[lane])
        elif va != vb:
            return diff(f"{reg} value", va, vb)
    return None


def _stores(gs: list, ds: list, diff):
    for i in range(max(len(gs), len(ds))):
        if i >= len(ds):
            return diff(f"store {i}", _brief(gs[i]), "no store")
        if i >= len(gs):
            return diff(f"store {i}", "no store", _brief(ds[i]))
        a, b = gs[i], ds[i]
        for k in ("space", "size", "lanes"):
            if b.get(k) != a.get(k):
                return diff(f"store {i} {k}", a.get(k), b.get(k))
        lanes = _lanes(a.get("lanes")) if a.get("lanes") is not None else [None]
        for key in ("address", "value"):
            va, vb = a[key], b.get(key) or []
            for j, lane in enumerate(lanes):
                x = va[j] if j < len(va) else None
                y = vb[j] if j < len(vb) else None
                if x != y:
                    where = f" lane {lane}" if lane is not None else ""
                    return diff(f"store {i} ({a['space']}){where} {key}", x, y)
    return None


def _brief(s: dict) -> str:
    return f"{s.get('space')} {s.get('size')}-byte store, lanes {s.get('lanes')}"


@dataclass
class CosimResult:
    steps: int
    difference: Difference | None

    @property
    def agree(self) -> bool:
        return self.difference is None


def cosim(sim, records) -> CosimResult:
    """Compare the DUT *records* with the golden model *sim* (a fresh Simulator)."""
    ls = LockStep(sim)
    n = 0
    for d in records:
        n += 1
        r = ls.check(d)
        if r is not None:
            return CosimResult(n, r)
    return CosimResult(n, ls.finish())
