"""Every corpus kernel runs from its nvdisasm listing, its cuobjdump listing and
its cubin, and produces the result computed independently with numpy
(cuda_expect.py), every instruction at batch width (no per-warp fallback).

By default each launch runs once, the architectures and input forms rotating
over the launches (every kernel, every architecture and every form is
covered; a cubin costs an nvdisasm call of seconds, so only a few launches use
one).  ``GPUISA_CUDA_FULL=1`` runs the whole matrix (launch x 4 architectures
x 3 forms).  The other architectures' few sources (``EXTRA_ARCHS``: sm_86 ... sm_121) run
from one listing each, alternating (both and the cubin under FULL); their listings must be accepted.  A kernel
whose listing the assembler does not accept yet is an xfail naming the first rejected line (issue 11 part B adds the instructions).
"""
from __future__ import annotations

import os

import numpy as np
import pytest

from cuda_expect import (ARCHS, CORPUS, compare, expected, extra_launches, launch_options, launches, make_inputs,
                         split_constants)

from gpuisa.errors import AsmError

FORMS = ("nvdisasm", "cuobjdump", "cubin")
CUBIN_EVERY = 100   # one launch in CUBIN_EVERY uses the cubin form by default (7: each costs an nvdisasm run)


def _cases():
    cases = []
    for i, (stem, launch) in enumerate(launches()):
        if os.environ.get("GPUISA_CUDA_FULL"):
            combos = [(a, f) for a in ARCHS for f in FORMS]
        else:
            cubin = i % CUBIN_EVERY == 3
            form = "cubin" if cubin else FORMS[(i // len(ARCHS)) % 2]     # not i % 2: that tied the form to the target
            # the cubin cases rotate over the architectures too (i % 4 alone kept them all on one)
            combos = [(ARCHS[(i + (i // CUBIN_EVERY if cubin else 0)) % len(ARCHS)], form)]
        for arch, form in combos:
            cases.append(pytest.param(stem, launch, arch, form, id=f"{launch['name']}-{arch}-{form}"))
    # the other architectures (a few sources each): one listing by default (the two alternate),
    # both listings and the cubin under FULL
    for j, (stem, launch, arch) in enumerate(extra_launches()):
        forms = FORMS if os.environ.get("GPUISA_CUDA_FULL") else FORMS[j % 2:j % 2 + 1]
        for form in forms:
            cases.append(pytest.param(stem, launch, arch, form, id=f"{launch['name']}-{arch}-{form}"))
    return cases


@pytest.mark.parametrize("stem,launch,arch,form", _cases())
def test_corpus_kernel(request, isa, batch_fallbacks, stem, launch, arch, form):
    if form == "cubin":
        request.getfixturevalue("nvdisasm")
    from gpuisa.cuda import load_cuda
    path = CORPUS / arch / f"{stem}.{form}"
    try:
        k = load_cuda(isa, path, launch["kernel"])
    except AsmError as e:
        if arch not in ARCHS:          # the other architectures' sources are there for forms accepted since
            raise
        first = e.errors[0]
        pytest.xfail(f"the assembler does not accept this listing yet ({len(e.errors)} errors; first: "
                     f"line {first.coord.line if first.coord else '?'}: {first.message})")
    inputs = make_inputs(launch)
    want = expected(launch, inputs)
    bufs = {name: a.copy() for name, a in inputs.items()}
    if form == "cuobjdump" and k.info.banks_read() - {0}:
        # jump tables (bank 2), __constant__ data (bank 3), the math library's tables (bank 4) are not in
        # a cuobjdump listing: they come from the cubin beside it (found by its code; read with pyelftools, D10-6)
        pytest.importorskip("elftools", reason="pyelftools is not installed (the optional extra gpuisa[cuda])")
    mapped, constants = split_constants(k, bufs)       # __constant__ variables set by name (cudaMemcpyToSymbol)
    res = k.launch(grid=tuple(launch["grid"]), block=tuple(launch["block"]), params=launch["params"],
                   buffers=mapped, constants=constants, shared_bytes=launch.get("shared_bytes", 0),
                   **launch_options(launch, arch))
    assert res.status == "ok", (res.status, res.fault)
    # every instruction at batch width: a replay one warp at a time is right but slow, and it hid plan bugs
    assert not batch_fallbacks, f"replayed one warp at a time: {sorted(batch_fallbacks)}"
    problems = [p for name in launch["outputs"] if (p := compare(launch, name, bufs[name], want[name]))]
    assert not problems, "\n".join(problems)
    for name, a in inputs.items():         # inputs that are not outputs are untouched (bit for bit: NaN inputs)
        if name not in launch["outputs"]:
            assert np.array_equal(bufs[name].view(np.uint8), a.view(np.uint8))


def test_the_default_cases_cover_every_target_in_every_form():
    """Regression: with ``i % 4`` choosing the target, ``i % 2`` the listing and ``i % CUBIN_EVERY
    == 3`` the cubin, sm_75 and sm_90 ran from nvdisasm listings only, sm_80 and sm_120 from
    cuobjdump listings only, and every cubin case on sm_120; each target now runs from each form."""
    if os.environ.get("GPUISA_CUDA_FULL"):
        pytest.skip("the full matrix covers them by construction")
    seen = {(p.values[2], p.values[3]) for p in _cases()}
    assert {(a, f) for a in ARCHS for f in FORMS} <= seen, sorted(seen)
