"""Forward progress under independent thread scheduling (decisions D10-I-*): the cost of a
turn-taking spin on sm_75, where the lane whose turn comes next waits at the spin loop's BSYNC
for the lanes still spinning (they are YIELD lanes, released past by D7-simt-6's rule)."""
from __future__ import annotations

import json

from cuda_expect import CORPUS, compare, expected, launches, make_inputs


def test_turn_taking_on_sm75_releases_spinning_lanes_soon(isa):
    """Decision D10-I-1: four lanes take turns for three rounds; each turn used to wait for
    YIELD_PATIENCE (66) BSYNC attempts (2,862 warp-instructions in all); a BSYNC now releases
    past YIELD members whose state a trip of their loop left unchanged (523)."""
    from gpuisa.cuda import load_cuda
    launch = next(l for s, l in launches() if l["name"] == "its_lg_spinred_small")
    k = load_cuda(isa, CORPUS / "sm_75" / "its_long.nvdisasm", launch["kernel"])
    inputs = make_inputs(launch)
    want = expected(launch, inputs)
    for engine in ("reference", "batched"):
        bufs = {n: a.copy() for n, a in inputs.items()}
        res = k.simulator(grid=tuple(launch["grid"]), block=tuple(launch["block"]), params=launch["params"],
                          buffers=bufs, engine=engine).run()
        assert res.status == "ok" and compare(launch, "out", bufs["out"], want["out"]) is None
        assert res.steps < 1000, (engine, res.steps)


def test_batched_engine_runs_the_warp_a_spinning_warp_waits_for(isa):
    """Decision D10-I-2: a ring buffer between two warps, the consumer's code at the lower
    addresses.  The batched engine's lowest-PC-first pick issued the consumer's spin loop 64
    batches for every batch of the producer (the starvation bound): 78,245 warp-instructions
    for 60 items against the reference engine's 2,455.  A warp that issued a YIELD now goes after
    the ready warps that did not."""
    from gpuisa.cuda import load_cuda
    m = json.loads((CORPUS / "src" / "its_pc.json").read_text())     # a full launch: from the manifest
    launch = next(l for l in m["launches"] if l["name"] == "its_pc_ring")
    launch = dict(launch, params=["ptr:in", "ptr:out", "s32:20"])
    k = load_cuda(isa, CORPUS / "sm_80" / "its_pc.nvdisasm", launch["kernel"])
    inputs = make_inputs(launch)
    want = expected(launch, inputs)
    steps = {}
    for engine in ("reference", "batched"):
        bufs = {n: a.copy() for n, a in inputs.items()}
        res = k.simulator(grid=tuple(launch["grid"]), block=tuple(launch["block"]), params=launch["params"],
                          buffers=bufs, engine=engine).run()
        assert res.status == "ok" and compare(launch, "out", bufs["out"], want["out"]) is None
        steps[engine] = res.steps
    assert steps["batched"] < 2 * steps["reference"], steps
