"""A global CAS by a batch of one warp (decision D23-3: sim/fastpath/atomics.py `_cas_one_warp`, the
speed code for a contended CAS loop's holder, which runs alone): the lanes in order, lowest first,
each on the word the lanes before it left -- against a replay in Python integers, on both engines.
The compare values are drawn from the word's start and the other lanes' swap values, so that chains
of stores occur; guard-false lanes take no part; lanes on two words take the general fold.  The
block's second warp exits at once: a grid of one warp runs the reference engine whatever is asked."""
from __future__ import annotations

import numpy as np
import pytest

from gpuisa.asm.assembler import assemble

_PROGRAM = """
    S2R R1, SR_TID.X ;
    ISETP.GT.U32.AND P1, PT, R1, 0x1f, PT ;
    @P1 EXIT ;
    S2R R0, SR_LANEID ;
    MOV R2, c[0x0][0x0] ;
    MOV R3, c[0x0][0x4] ;
    MOV R16, c[0x0][0x8] ;
    MOV R17, c[0x0][0xc] ;
    MOV R20, c[0x0][0x10] ;
    MOV R21, c[0x0][0x14] ;
    IMAD.WIDE.U32 R18, R0, 0x20, R16 ;
    LDG.E.128 R8, [R18.64] ;
    LDG.E.128 R12, [R18.64+0x10] ;
    ISETP.NE.AND P0, PT, R12, RZ, PT ;
    IMAD.WIDE.U32 R22, R0, 0x8, R20 ;
    IMAD.WIDE.U32 R2, R13, 0x8, R2 ;
    MOV R4, 0xdead ;
    MOV R5, 0xbeef ;
    @P0 ATOMG.E.CAS{wide}.STRONG.GPU PT, R4, [R2.64], R8, R10 ;
    STG.E.64 [R22.64], R4 ;
"""


def _replay(words: list[int], lanes: list[tuple[int, int, int, int]]) -> tuple[list[int], list[int]]:
    """(each lane's old value, the words after): lanes (lane, word, compare, swap) in order."""
    words = list(words)
    old = {}
    for lane, w, b, c in lanes:
        old[lane] = words[w]
        if words[w] == b:
            words[w] = c
    return [old.get(ln) for ln in range(32)], words


@pytest.mark.parametrize("engine", ["batched", "reference"])
@pytest.mark.parametrize("wide", [False, True])
@pytest.mark.parametrize("seed", range(5))
def test_a_one_warp_cas_is_the_lanes_in_order(nv_isa, engine, wide, seed):
    rng = np.random.default_rng(2300 + seed)
    mask = (1 << 64) - 1 if wide else (1 << 32) - 1
    start = [int(v) & mask for v in rng.integers(0, 1 << 63, 2, dtype=np.int64)]
    swap = [int(v) & mask for v in rng.integers(0, 1 << 63, 32, dtype=np.int64)]
    # the word's start, an earlier lane's swap value (a chain of stores) or anything
    cmp = [start[0] if r < 0.4 or ln == 0 else swap[int(rng.integers(0, ln))] if r < 0.9 else int(r * 1e9)
           for ln, r in enumerate(rng.random(32))]
    guard = [int(v) for v in rng.random(32) < 0.8]
    word = [0] * 32 if seed < 4 else [int(v) for v in rng.integers(0, 2, 32)]     # seed 4: two words
    inp = np.zeros((32, 8), np.uint32)
    for ln in range(32):
        inp[ln, 0], inp[ln, 1] = cmp[ln] & 0xFFFFFFFF, cmp[ln] >> 32
        inp[ln, 2], inp[ln, 3] = swap[ln] & 0xFFFFFFFF, swap[ln] >> 32
        inp[ln, 4], inp[ln, 5] = guard[ln], word[ln]
    if not wide:        # 32-bit: the word is the low half of a 64-bit slot; the high half stays
        start = [v & 0xFFFFFFFF for v in start]
        swap32 = [v & 0xFFFFFFFF for v in swap]
        cmp32 = [v & 0xFFFFFFFF for v in cmp]
    g = np.array(start, np.uint64)
    text = _PROGRAM.replace("{wide}", ".64" if wide else "")
    res = nv_isa.launch(assemble(nv_isa.db, text + "EXIT ;\n"), engine=engine,
                        buffers={"g": g, "inp": inp, "out": np.zeros(32, np.uint64)}, params=["g", "inp", "out"],
                        block=64)
    assert res.ok, (res.status, res.fault)
    lanes = [(ln, word[ln], cmp[ln] if wide else cmp32[ln], swap[ln] if wide else swap32[ln])
             for ln in range(32) if guard[ln]]
    old, words = _replay(start, lanes)
    got = res.buffers["out"].view(np.uint64)
    for ln in range(32):
        want = 0xBEEF0000DEAD if old[ln] is None else old[ln] if wide else (0xBEEF << 32) | old[ln]
        assert int(got[ln]) == want, ln
    final = res.buffers["g"].view(np.uint64)
    assert [int(v) & mask for v in final] == words
