"""The model at scale (direction scale13, decisions D13-S-*): the batch-width fold of the atomics
other than integer addition equals the lane-by-lane replay."""
from __future__ import annotations

import os

import numpy as np
import pytest
from cuda_expect import CORPUS, expected, make_inputs, manifests

from gpuisa.sim import engine_batched
from gpuisa.sim.fastpath import atomics
from gpuisa.sim.semantics import gp


class _Word:
    """The decoded fields _atomic_fn and _fold_fns read."""

    def __init__(self, op, typ, ftz=None):
        self.m = {"op": op, "type": typ, "ftz": ftz}

    def mod(self, name):
        return self.m.get(name)


FORMS = [("MIN", "S32"), ("MAX", "U32"), ("MAX", "S64"), ("MIN", "64"), ("AND", "U32"), ("OR", "64"),
         ("XOR", "U32"), ("EXCH", "U32"), ("EXCH", "64"), ("CAS", "U32"), ("CAS", "64"), ("INC", "U32"),
         ("DEC", "U32"), ("ADD", "F32"), ("ADD", "F64"), ("ADD", "F32", "FTZ")]


@pytest.mark.parametrize("form", FORMS, ids=lambda f: ".".join(x for x in f if x))
def test_fold_equals_the_lane_by_lane_replay(form):
    """D13-S-1: every word's lanes in the arrays' order, each reading what the previous one left:
    few words with many lanes (accumulate / closed form), many words with few (rank by rank),
    equal operands (the closed forms of CAS/INC/DEC) and unequal ones, NaNs and denormals."""
    x = _Word(*form)
    wide = form[1] in ("64", "S64", "F64")
    dt = np.uint64 if wide else np.uint32
    fn = gp._atomic_fn(x)
    fold, acc, signed, nan = atomics._fold_fns(form[0], form[1], x)
    rng = np.random.default_rng(13)
    for words, lanes, same in ((1, 300, True), (3, 300, False), (200, 300, False), (2, 64, True)):
        if form[1] == "F32":
            pool = np.array([0x7FC00001, 0x00000003, 0x80000005, 0x3F800000, 0x4B000001, 0xBF000000], dt)
            vals = np.where(rng.random(lanes) < 0.1, pool[rng.integers(0, pool.size, lanes)],
                            rng.normal(0, 1e3, lanes).astype(np.float32).view(np.uint32))
        elif form[1] == "F64":
            vals = rng.normal(0, 1e3, lanes).view(np.uint64)
        else:
            vals = rng.integers(0, 12, lanes).astype(dt) if form[0] in ("CAS", "INC", "DEC") else \
                rng.integers(0, 1 << 63, lanes, dtype=np.uint64).astype(dt)
        b = np.full(lanes, vals[0], dt) if same else vals.astype(dt)
        c = np.full(lanes, 5, dt) if same else rng.integers(0, 12, lanes).astype(dt)
        idx = rng.integers(0, words, lanes)
        data = rng.integers(0, 12, words).astype(dt)
        want, cur = [], {}
        for k in range(lanes):
            a = int(idx[k])
            old = cur.get(a, int(data[a]))
            want.append(old)
            cur[a] = fn(old, int(b[k]), int(c[k]))
        got_data = data.copy()
        got = atomics._fold_in_order(got_data, idx, b, c, fold, acc, signed, nan, 10**6)
        assert got is not None
        assert got.tolist() == want
        assert got_data.tolist() == [cur.get(a, int(data[a])) for a in range(words)]
        assert atomics._fold_in_order(data.copy(), idx, b, c, fold, acc, signed, nan, 0) is None


def _ftz_replay(data, idx, b):
    """The lane-by-lane .FTZ fold, written from PTX's rule for ``red.add.f32`` (flush denormal
    inputs and results to the zero of their sign, round to nearest even), not from gp._atomic_fn."""
    def flush(f):
        return np.float32(np.copysign(0, f)) if f != 0 and abs(f) < np.finfo(np.float32).tiny else f
    mem = data.view(np.float32).copy()
    read = []
    for a, v in zip(idx.tolist(), b.view(np.float32).tolist()):
        read.append(int(mem[a:a + 1].view(np.uint32)[0]))
        s = np.float32(flush(mem[a]) + flush(np.float32(v)))
        if s != s:      # NaN: the canonical one
            mem[a:a + 1].view(np.uint32)[0] = 0x7FFFFFFF
        else:
            mem[a] = flush(s)
    return read, mem.view(np.uint32)


@pytest.mark.parametrize("scale", [1e-38, 1e3], ids=["denormal-sums", "normal-sums"])
def test_ftz_float_adds_on_one_word_fold_along_it(scale, monkeypatch):
    """D18-1: ``RED.E.ADD.F32.FTZ`` (every float atomicAdd nvcc emits) on one hot word folds by
    np.add's accumulate -- a warp's worth of budget per warp, not a warp per warp -- and equals
    PTX's flush-then-add-then-flush order; when a partial sum is denormal the chain declines and
    the rank-by-rank fold (or the replay) takes it."""
    rng = np.random.default_rng(18)
    lanes = 4096
    b = (rng.normal(0, 1, lanes) * scale).astype(np.float32).view(np.uint32)
    b[::97] = 0x80000005            # denormal operands, flushed
    b[::89] = 0x00000003
    idx = np.zeros(lanes, np.int64)
    data = np.array([0x00000007], np.uint32)      # a denormal word: read raw, added flushed
    fold, acc, signed, nan = atomics._fold_fns("ADD", "F32", _Word("ADD", "F32", "FTZ"))
    chains = []
    real = atomics._ftz_chain
    monkeypatch.setattr(atomics, "_ftz_chain", lambda seq: chains.append(r := real(seq)) or r)
    want, final = _ftz_replay(data, idx, b)
    got_data = data.copy()
    got = atomics._fold_in_order(got_data, idx, b, b, fold, acc, signed, nan, 10**6)
    assert got is not None and got.tolist() == want and got_data.tolist() == final.tolist()
    assert len(chains) == 1 and (chains[0] is None) == (scale < 1)
    # with a budget of a few warps (a batch of 128 warps, FOLD_PER_WARP each) the chain still folds it
    budget = atomics.FOLD_PER_WARP * 128
    got = atomics._fold_in_order(data.copy(), idx, b, b, fold, acc, signed, nan, budget)
    assert (got is None) == (scale < 1)


def test_shared_cas_spin_and_friends_at_batch_width(isa, monkeypatch, plan_calls):
    """ATOMS.CAST.SPIN P1, [R0], R8, R9 (sm_120's shared float atomicAdd loop) has no Rd: the plan
    wrote its predicate only with one and every warp spun forever.  The plans, not the replay, run
    the batches, with the replay's registers, memory and steps."""
    from gpuisa.cuda import load_cuda
    launch = next(lc for lc in manifests()["sc_atomfold"]["launches"] if lc["name"] == "sc_fold")
    k = load_cuda(isa, CORPUS / "sm_120" / "sc_atomfold.nvdisasm", "sc_fold")

    launch = dict(launch, grid=[4])      # half the manifest's blocks (test time): 8 warps a batch
    launch["buffers"] = dict(launch["buffers"], **{"in": dict(launch["buffers"]["in"], count=256)})

    def run():
        bufs = make_inputs(launch)
        sim = k.simulator(grid=tuple(launch["grid"]), block=tuple(launch["block"]), params=launch["params"],
                          buffers=bufs)
        res = sim.run()
        assert res.status == "ok", res.fault
        return sim, bufs, res

    sim, bufs, res = run()
    used = {f"{o}.{op}" for o, op, ok in plan_calls if ok}
    assert {"ATOMS.CAST", "ATOMS.EXCH", "REDG.MAX", "REDG.ADD"} <= used, used
    want = expected(launch, make_inputs(launch))
    assert all(np.array_equal(bufs[q], want[q]) for q in ("imax", "imin", "bits", "xsum", "fsum"))
    if not os.environ.get("GPUISA_CUDA_FULL"):      # the replay's run costs a second (test time)
        return
    monkeypatch.setattr(engine_batched, "batch_plan", lambda x: None)
    sim2, bufs2, res2 = run()
    assert res.steps == res2.steps and np.array_equal(sim.R, sim2.R)
    for name in bufs:
        assert np.array_equal(bufs[name].view(np.uint8), bufs2[name].view(np.uint8)), name


@pytest.mark.parametrize("arch", ["sm_75", "sm_90"] if os.environ.get("GPUISA_CUDA_FULL") else ["sm_90"])
def test_calls_and_returns_at_batch_width(isa, monkeypatch, arch):
    """D13-S-4: CALL.REL.NOINC and RET.REL.NODEC R4 of a device function run by many warps at once
    are no longer replayed one warp at a time, and give the reference engine's state (registers,
    memory, call depths, steps) and CUDA's result."""
    from gpuisa.cuda import load_cuda
    launch = next(lc for lc in manifests()["device_call"]["launches"] if lc["name"] == "device_call")
    k = load_cuda(isa, CORPUS / arch / "device_call.nvdisasm", "device_call")
    replayed = []
    real = engine_batched.BatchedEngine._per_warp

    def spy(self, pc, idx):
        replayed.append(self.bx[pc].optype)
        return real(self, pc, idx)

    monkeypatch.setattr(engine_batched.BatchedEngine, "_per_warp", spy)
    out = []
    for engine in ("batched", "reference"):
        bufs = {"in": np.arange(-190, 194, dtype=np.int32) % 41 - 20, "out": np.zeros(384, np.int32)}
        sim = k.simulator(grid=(4,), block=(96,), params=launch["params"], buffers=bufs, engine=engine)
        res = sim.run()
        assert res.status == "ok", res.fault
        out.append((sim, bufs, res))
    assert not {"CALL", "RET"} & set(replayed), replayed
    (a, ba, ra), (b, bb, rb) = out
    assert ra.steps == rb.steps and np.array_equal(a.R, b.R) and np.array_equal(a.DEPTH, b.DEPTH)
    assert all(np.array_equal(ba[q], bb[q]) for q in ba)
    ins = {"in": ba["in"][:64], "out": np.zeros(64, np.int32)}
    assert np.array_equal(ba["out"][:64], expected(launch, ins)["out"])


def test_p2r_runs_at_batch_width():
    """D13-S-5: P2R (nvcc's spill of predicates into a register, 70,000 replays in one fuzz kernel at
    1,024 warps) is no longer replayed one warp at a time; the corpus's P2R kernels (fz5056,
    needle_tile, fnptr) give CUDA's result at batch width and tests/sim/test_engines compares the
    engines on random programs."""
    assert not gp.P2R.per_warp
