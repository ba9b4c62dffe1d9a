"""A deliberately broken semantics function is caught within 200 seeds, and the
failure shrinks to a reproducer of at most 20 instructions."""
from __future__ import annotations

import numpy as np

from gpuisa.sim.semantics import sync
from gpuisa.verify import gen, regress


def test_broken_shfl_clamp_is_caught_and_shrunk(monkeypatch, tmp_path):
    orig = sync.shfl_lanes

    def broken(mode, b, c):   # SHFL.DOWN's clamp off by one: the segment's last lane is refused
        if mode != "DOWN":
            return orig(mode, b, c)
        lane = np.arange(32, dtype=np.int64)
        c = np.asarray(c, dtype=np.int64)
        seg = (c >> 8) & 31
        max_lane = (lane & seg) | (c & 31 & ~seg)
        j = lane + (np.asarray(b, dtype=np.int64) & 31)
        pu = j < max_lane
        return np.broadcast_to(np.where(pu, j, lane), (32,)), np.broadcast_to(pu, (32,))

    monkeypatch.setattr(sync, "shfl_lanes", broken)
    monkeypatch.setattr(sync, "_SHFL_CACHE", {})
    for seed in range(200):
        prog = gen.generate(seed)
        if regress.run_check(prog)[0]:
            break
    else:
        raise AssertionError("the broken SHFL clamp was not caught within 200 seeds")
    small = regress.shrink(prog, lambda p: bool(regress.run_check(p)[0]))
    assert regress.run_check(small)[0]
    n = gen.count_instructions(small)
    assert n <= 20, gen.emit(small)
    assert "SHFL.DOWN" in gen.emit(small)
    path = regress.write_reproducer(small, str(tmp_path))
    text = open(path).read()
    assert "// mismatch:" in text and (tmp_path / f"seed{seed}.expect.json").exists()
