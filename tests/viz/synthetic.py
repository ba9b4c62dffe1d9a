"""A fabricated timeline of NW warps x PER steps (round robin), for the
large-run tests and benchmarks/bench_timeline.py: a loop of 12 instructions
whose lane states differ by warp (w % 4), with a partial warp, yielded and
sleeping lanes.  ``expected(w, c, lane)`` gives the state of a cell from the
masks, computed here (not by gpuisa.viz)."""
from __future__ import annotations

import numpy as np

FULL = 0xFFFFFFFF
TEXTS = ["BSSY B0, 0xa0", "@P0 BRA 0x60", "MOV R1, 0x1", "BRA 0xa0", "MOV R1, 0x2", "YIELD", "NANOSLEEP 0x10",
         "BSYNC B0", "IADD3 R2, R1, 0xa, RZ", "@P1 BREAK B1", "WARPSYNC 0xffffffff", "BRA 0x0"]
L = len(TEXTS)
VALID = [FULL, FULL, FULL, 0x00FFFFFF]          # warp w % 4 == 3 has lanes 0..23 only


def masks(j: int, v: int) -> tuple[int, int, int, int]:
    """(valid, active, yield, sleep) before instruction j of a warp of variant v."""
    valid = VALID[v]
    if 2 <= j <= 3:
        active = [0x0000FFFF, 0x55555555, 0x000000FF, 0x00F0F0F0][v]
    elif 4 <= j <= 6:
        active = [0xFFFF0000, 0xAAAAAAAA, 0xFFFFFF00, 0x000F0F0F][v]
    else:
        active = valid
    yld = 0x0000FF00 if v == 2 and 2 <= j <= 3 else 0
    slp = 0x0F000000 if v == 0 and 2 <= j <= 3 else 0
    return valid & FULL, active & valid, yld & ~active & valid, slp & ~active & valid


def expected(nw: int, per: int, w: int, c: int, lane: int) -> str:
    v = w % 4
    if c == per:       # the column after the last instruction: every lane exited
        valid, active, yld, slp = 0, 0, 0, 0
    else:
        valid, active, yld, slp = masks(c % L, v)
    bit = 1 << lane
    if not VALID[v] & bit:
        return "none"
    if not valid & bit:
        return "exited"
    if active & bit:
        return "active"
    if slp & bit:
        return "asleep"
    if yld & bit:
        return "yielded"
    return "waiting"


def fabricate(nw: int, per: int, title: str = "synthetic"):
    from gpuisa.viz.timeline import TimelineBuilder
    states = []
    for j in range(L):
        for v in range(4):
            valid, active, yld, slp = masks(j, v)
            states.append((0x10 * j, valid, active, yld, slp, 0))
    exit_state = len(states)
    states.append((0x10 * L, 0, 0, 0, 0, 0))
    w = np.tile(np.arange(nw, dtype=np.int32), per)              # round robin: step k is warp k % nw
    c = np.repeat(np.arange(per, dtype=np.int32), nw)            # ... and its column k // nw
    j = c % L
    v = w % 4
    b = j * 4 + v
    a = ((j + 1) % L) * 4 + v
    a[-nw:] = exit_state
    warps = [[wi // 4, wi % 4, VALID[wi % 4]] for wi in range(nw)]
    insts = [(0x10 * jj, t) for jj, t in enumerate(TEXTS)]
    return TimelineBuilder.from_columns(title, warps=warps, insts=insts, states=states, w=w.astype(np.uint16),
                                        i=j.astype(np.uint8), b=b.astype(np.uint8), a=a.astype(np.uint8),
                                        status="ok")
