"""Regressions: generate -> simulate -> compare with the oracle, over many seeds
(``gpuisa regress``), in local processes or on a Ray cluster; failures are
shrunk to minimal reproducers.

One seed's check is :func:`check_seed` (a plain function of picklable
arguments, so that a process pool or Ray can run it).  Its result is one
JSON-able dict, one line of the results file::

    {"seed": 7, "status": "pass" | "mismatch" | "error", "instructions": 84,
     "steps": 1530, "sim_status": "ok", "diffs": ["R16 cta0 warp0 lane3: sim 0x1 expected 0x2", ...],
     "ndiffs": 1, "seconds": 0.05}
"""
from __future__ import annotations

import copy
import json
import os
import time
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from . import gen, oracle
from .gen import (Call, Knobs, Program, children, emit, generate, launch_args)

MAX_DIFFS = 8
_ISA = None


def _db():
    """The shipped ISA's database (loaded once per process)."""
    global _ISA
    if _ISA is None:
        from ..spec import load
        _ISA = load()
    return _ISA


def engines() -> list[str]:
    """The simulator engines this installation has (``reference`` always)."""
    try:
        import inspect

        from ..sim.simulator import Simulator
        if "engine" in inspect.signature(Simulator.__init__).parameters:
            return ["reference", "batched"]
    except Exception:  # pragma: no cover - defensive
        pass
    return ["reference"]


def simulate(prog: Program, engine: str | None = None, *, text: str | None = None, coverage=None):
    """Assemble and run *prog* as its header's run command does; returns (Result, buffers)."""
    from ..asm.assembler import assemble
    from ..sim.simulator import Simulator
    db = _db()
    text = text if text is not None else emit(prog)
    program = assemble(db, text)
    la = launch_args(prog)
    b = la["buffers"]
    bufs = {"out": np.zeros(b["out"] // 4, np.uint32), "inp": np.arange(b["inp"] // 4, dtype=np.uint32),
            "cnt": np.zeros(b["cnt"] // 4, np.uint32)}
    if engine is None and coverage is not None:
        engine = "reference"    # the coverage markers sit in the reference semantics (the batched engine's
        #                         control kernels are speed code without them)
    kw: dict = {"engine": engine} if engine else {}
    sim = Simulator(db, program, grid=la["grid"], block=la["block"], buffers=bufs,
                    params=["out", "inp", "cnt"], max_steps=200_000, **kw)
    if coverage is not None:
        coverage.program(sim, program)
    res = sim.run()
    out = getattr(res, "buffers", None) or {}
    return res, {k: np.asarray(out.get(k, v)) for k, v in bufs.items()}


def compare(exp: oracle.Expected, res, bufs) -> list[str]:
    """Differences between the oracle's expected state and a simulator result."""
    diffs: list[str] = []
    if res.status != "ok":
        f = res.fault or {}
        return [f"status {res.status}: {f.get('message', '')} (cta {f.get('cta')}, warp {f.get('warp')}, "
                f"pc {f.get('pc', 0):#x}: {f.get('instruction', '')})"]
    for t in exp.threads:
        w = res.warp(t.cta, t.warp)
        for r, v in t.R.items():
            if v is not None and int(w.R[r][t.lane]) != v:
                diffs.append(f"R{r} cta{t.cta} warp{t.warp} lane{t.lane}: sim {int(w.R[r][t.lane]):#x} expected {v:#x}")
        for r, v in t.P.items():
            if v is not None and bool(w.P[r][t.lane]) != v:
                diffs.append(f"P{r} cta{t.cta} warp{t.warp} lane{t.lane}: sim {int(bool(w.P[r][t.lane]))} "
                             f"expected {int(v)}")
        alive = bool(w.valid >> t.lane & 1)
        if alive == (not t.alive) and w.state != "exited":
            diffs.append(f"cta{t.cta} warp{t.warp} lane{t.lane}: sim {'valid' if alive else 'exited'} "
                         f"expected {'exited' if not t.alive else 'valid'}")
    out = bufs["out"]
    for (g, s), v in sorted(exp.out.items()):
        if v is not None and int(out[g * gen.OUT_SLOTS + s]) != v:
            diffs.append(f"out[{g * gen.OUT_SLOTS + s}] (thread {g}, slot {s}): sim {int(out[g * gen.OUT_SLOTS + s]):#x} "
                         f"expected {v:#x}")
    if exp.cnt is not None and int(bufs["cnt"][0]) != exp.cnt:
        diffs.append(f"cnt[0]: sim {int(bufs['cnt'][0]):#x} expected {exp.cnt:#x}")
    return diffs


def run_check(prog: Program, engine: str | None = None, coverage=None) -> tuple[list[str], Any]:
    """(differences, simulator result) of one program tree."""
    exp = oracle.expect(prog)
    res, bufs = simulate(prog, engine, coverage=coverage)
    return compare(exp, res, bufs), res


def knobs_from(d: dict | None) -> Knobs:
    if not d:
        return Knobs()
    d = dict(d)
    if "units" in d:
        d["units"] = tuple(d["units"])
    return Knobs(**d)


def check_seed(seed: int, knobs: dict | None = None, engines_: tuple = ("reference",), shrink_dir: str | None = None,
               coverage: bool = False) -> dict:
    """Check one seed on every engine; shrink a failure into *shrink_dir*."""
    t0 = time.perf_counter()
    kn = knobs_from(knobs)
    cov = None
    if coverage:
        from .coverage import Coverage
        cov = Coverage()
    row: dict = {"seed": seed}
    try:
        prog = generate(seed, kn)
        row["instructions"] = gen.count_instructions(prog)
        diffs: list[str] = []
        for eng in engines_:
            d, res = run_check(prog, eng, cov if eng == engines_[0] else None)
            row.setdefault("steps", res.steps)
            row.setdefault("sim_status", res.status)
            diffs += [f"[{eng}] {x}" for x in d] if len(engines_) > 1 else d
        row["status"] = "mismatch" if diffs else "pass"
        row["ndiffs"] = len(diffs)
        row["diffs"] = diffs[:MAX_DIFFS]
        if diffs and shrink_dir:
            small = shrink(prog, lambda p: any(run_check(p, e)[0] for e in engines_))
            row["reproducer"] = write_reproducer(small, shrink_dir, engines_)
            row["reproducer_instructions"] = gen.count_instructions(small)
    except Exception as e:  # a crash of the generator, the oracle or the simulator is a result too
        row["status"] = "error"
        row["diffs"] = [f"{type(e).__name__}: {e}"]
    row["seconds"] = round(time.perf_counter() - t0, 3)
    if cov is not None:
        row["coverage"] = cov.to_json()
    return row


# -- shrinking -------------------------------------------------------------------------------------
def _blocks(prog: Program) -> list[list]:
    """Every statement list of the tree, in a fixed order."""
    out = []

    def rec(blk):
        out.append(blk)
        for s in blk:
            for c in children(s):
                rec(c)
    rec(prog.main)
    for _, body in prog.funcs:
        rec(body)
    return out


def _edits(prog: Program):
    """Candidate simplifications, biggest first: (description, function applying it to a copy)."""
    cands = []
    if prog.knobs.ctas > 1:
        cands.append(("one CTA", lambda p: setattr(p, "knobs", Knobs(**{**asdict(p.knobs), "ctas": 1}))))
    if prog.knobs.warps > 1:
        cands.append(("one warp", lambda p: setattr(p, "knobs", Knobs(**{**asdict(p.knobs), "warps": 1}))))
    for bi, blk in enumerate(_blocks(prog)):
        for i in range(len(blk) - 1, -1, -1):
            if isinstance(blk[i], gen.Op) and blk[i].kind == "warpsync_all":
                continue  # it reconverges the warp after a spin loop: the oracle's sets need it
            def drop(p, bi=bi, i=i):
                _blocks(p)[bi].pop(i)
            cands.append((f"drop {bi}.{i}", drop))
            for ci, _ in enumerate(children(blk[i])):
                def inline(p, bi=bi, i=i, ci=ci):
                    b = _blocks(p)[bi]
                    b[i:i + 1] = children(b[i])[ci]
                cands.append((f"inline {bi}.{i}.{ci}", inline))
    return cands


def _prune_funcs(prog: Program) -> None:
    """Drop functions no call reaches; renumber the calls."""
    used: list[int] = []

    def rec(blk):
        for s in gen.walk(blk):
            if isinstance(s, Call) and s.fn not in used:
                used.append(s.fn)
                rec(prog.funcs[s.fn][1])
    rec(prog.main)
    order = sorted(used)
    remap = {old: new for new, old in enumerate(order)}
    new_funcs = [prog.funcs[i] for i in order]
    for blk in [prog.main] + [b for _, b in new_funcs]:
        for s in gen.walk(blk):
            if isinstance(s, Call):
                s.fn = remap[s.fn]
    prog.funcs = new_funcs


def shrink(prog: Program, fails, max_rounds: int = 40) -> Program:
    """Greedy tree reduction: apply each edit that keeps ``fails(program)`` true, until none does."""
    cur = copy.deepcopy(prog)
    for _ in range(max_rounds):
        progress = False
        for _desc, edit in _edits(cur):
            cand = copy.deepcopy(cur)
            try:
                edit(cand)
                _prune_funcs(cand)
                ok = fails(cand)
            except Exception:
                ok = False
            if ok:
                cur = cand
                progress = True
                break
        if not progress:
            break
    return cur


def write_reproducer(prog: Program, out_dir: str, engines_=("reference",)) -> str:
    """Write ``seed<N>.s`` and ``seed<N>.expect.json`` (the oracle's values) into *out_dir*."""
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, f"seed{prog.seed}.s")
    text = emit(prog)
    diffs, _ = run_check(prog, engines_[0])
    note = "".join(f"// mismatch: {d}\n" for d in diffs[:MAX_DIFFS])
    _atomic_write(path, text.replace("\n", "\n// shrunk reproducer\n" + note, 1))
    _atomic_write(os.path.join(out_dir, f"seed{prog.seed}.expect.json"),
                  json.dumps(oracle.expect(prog).to_json()) + "\n")
    return path


def _atomic_write(path: str, text: str) -> None:
    tmp = f"{path}.tmp{os.getpid()}"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, path)


# -- campaigns ---------------------------------------------------------------------------------------
def parse_seeds(text: str) -> range:
    """``A:B`` (B excluded) or ``N`` (seeds 0..N-1)."""
    try:
        if ":" in text:
            a, b = text.split(":", 1)
            r = range(int(a or 0), int(b))
        else:
            r = range(int(text))
    except ValueError:
        raise ValueError(f"bad seed range {text!r}: expected A:B or N") from None
    if len(r) == 0:
        raise ValueError(f"empty seed range {text!r}")
    return r


def _chunk(seeds, knobs, engines_, shrink_dir, coverage):
    return [check_seed(s, knobs, engines_, shrink_dir, coverage) for s in seeds]


@dataclass
class Summary:
    total: int = 0
    passed: int = 0
    mismatches: int = 0
    errors: int = 0
    seconds: float = 0.0
    steps: int = 0

    def add(self, row: dict) -> None:
        self.total += 1
        self.steps += row.get("steps", 0) or 0
        st = row["status"]
        if st == "pass":
            self.passed += 1
        elif st == "mismatch":
            self.mismatches += 1
        else:
            self.errors += 1


def run_campaign(seeds, knobs: dict | None = None, *, engines_=("reference",), jobs: int | None = None,
                 shrink_dir: str | None = None, coverage: bool = False, ray_address=None, on_row=None,
                 chunk: int = 8) -> list[dict]:
    """Check every seed; rows in seed order.  *on_row(row)* is called as results arrive.
    ``ray_address``: None (local processes), ``"local"`` (a new local Ray instance) or an address."""
    seeds = list(seeds)
    chunks = [seeds[i:i + chunk] for i in range(0, len(seeds), chunk)]
    rows: list[dict] = []

    def take(rs):
        for r in rs:
            rows.append(r)
            if on_row:
                on_row(r)

    args = (knobs, tuple(engines_), shrink_dir, coverage)
    if ray_address is not None:
        from .raypath import run_on_ray
        run_on_ray(_chunk, chunks, args, ray_address, take)
    else:
        jobs = jobs or os.cpu_count() or 1
        if jobs == 1 or len(chunks) == 1:
            for c in chunks:
                take(_chunk(c, *args))
        else:
            import concurrent.futures as cf
            import multiprocessing as mp
            ctx = mp.get_context("fork") if hasattr(os, "fork") else None
            with cf.ProcessPoolExecutor(max_workers=jobs, mp_context=ctx) as ex:
                futs = [ex.submit(_chunk, c, *args) for c in chunks]
                for f in cf.as_completed(futs):
                    take(f.result())
    rows.sort(key=lambda r: r["seed"])
    return rows
