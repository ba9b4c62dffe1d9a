"""Decision D17-1: lanes that YIELDed earlier are not split from the lanes they branched with.

``simt_cg.cu`` built with ``-Xptxas -O0`` for sm_75 runs a cooperative-groups reduction (a loop
with YIELD) inside ``if (v & 1)`` and then ``if (v > 0) { coalesced_threads() ... }``.  The lanes
that take the inner branch together were split at the outer BSYNC's switch by their YIELD history
(``switchPCByMask`` took only the non-YIELD candidates at the target address), so the nested
group counted 6 of the warp's 11 lanes.  Expected: the corpus's independent result (cuda_expect)."""
from __future__ import annotations

from pathlib import Path

import pytest

from cuda_expect import compare, expected, launches, make_inputs

DATA = Path(__file__).resolve().parent / "data" / "O0"
LAUNCH = next(lc for stem, lc in launches() if stem == "simt_cg")


@pytest.mark.parametrize("form,engine", [("nvdisasm", "batched"), ("nvdisasm", "reference"), ("cubin", "batched")])
def test_nested_coalesced_group_after_a_yield_loop(request, isa, form, engine):
    if form == "cubin":
        request.getfixturevalue("nvdisasm")
    k = isa.load_cuda(DATA / f"simt_cg_sm_75.{form}", LAUNCH["kernel"])
    inputs = make_inputs(LAUNCH)
    want = expected(LAUNCH, inputs)
    bufs = {n: a.copy() for n, a in inputs.items()}
    res = k.launch(grid=tuple(LAUNCH["grid"]), block=tuple(LAUNCH["block"]), params=LAUNCH["params"],
                   buffers=bufs, engine=engine)
    assert res.status == "ok", res.fault
    assert compare(LAUNCH, "out", bufs["out"], want["out"]) is None
