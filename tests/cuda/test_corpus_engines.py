"""The corpus kernels on the one-warp reference engine (``--engine reference``, the step API
of co-simulation): the results computed with numpy (cuda_expect.py), as the default batched
engine gives them (tests/cuda/test_corpus_run.py, which also requires every instruction to
run at batch width).  One launch in five, from its nvdisasm listing (no nvdisasm needed),
rotating over the four architectures."""
from __future__ import annotations

import pytest

from cuda_expect import ARCHS, CORPUS, compare, expected, launch_options, launches, make_inputs, split_constants


def _cases():
    return [pytest.param(stem, launch, ARCHS[(i // 5) % len(ARCHS)], id=f"{launch['name']}-{ARCHS[(i // 5) % len(ARCHS)]}")
            for i, (stem, launch) in enumerate(launches()) if i % 10 == 0]


@pytest.mark.parametrize("stem,launch,arch", _cases())
def test_corpus_kernel_on_the_reference_engine(isa, stem, launch, arch):
    from gpuisa.cuda import load_cuda
    k = load_cuda(isa, CORPUS / arch / f"{stem}.nvdisasm", launch["kernel"])
    inputs = make_inputs(launch)
    want = expected(launch, inputs)
    bufs = {name: a.copy() for name, a in inputs.items()}
    mapped, constants = split_constants(k, bufs)
    res = k.simulator(grid=tuple(launch["grid"]), block=tuple(launch["block"]), params=launch["params"],
                      buffers=mapped, constants=constants, shared_bytes=launch.get("shared_bytes", 0), engine="reference",
                      **launch_options(launch, arch)).run()
    assert res.status == "ok", (res.status, res.fault)
    problems = [p for name in launch["outputs"] if (p := compare(launch, name, bufs[name], want[name]))]
    assert not problems, "\n".join(problems)
