"""The corpus kernels on both engines: the batched engine (the default, what `gpuisa run`
uses) runs every instruction of every corpus kernel at batch width — no address falls back to
one warp at a time because its speed code or semantics could not take a batch (a fallback is
correct but slow, and it hid plan bugs: IADD3.X's carry mask and FFMA's constant operands
at batch width) — and the reference engine gives the results computed with numpy too.

Every kernel, from its nvdisasm listing (no nvdisasm needed), on sm_90 or sm_120 (the
uniform-datapath architectures, alternating), with its manifest's launch."""
from __future__ import annotations

import pytest

from cuda_expect import CORPUS, compare, expected, launches, make_inputs

from gpuisa.sim.engine_batched import BatchedEngine


def _cases():
    out = []
    for i, (stem, launch) in enumerate(launches()):
        arch = ("sm_90", "sm_120")[i % 2]
        out.append(pytest.param(stem, launch, arch, id=f"{launch['name']}-{arch}"))
    return out


@pytest.mark.parametrize("stem,launch,arch", _cases())
def test_corpus_kernel_at_batch_width(isa, monkeypatch, stem, launch, arch):
    from gpuisa.cuda import load_cuda
    path = CORPUS / arch / f"{stem}.nvdisasm"
    k = load_cuda(isa, path, launch["kernel"])
    fallbacks: set = set()
    orig = BatchedEngine.run

    def run(self):
        try:
            orig(self)
        finally:
            fallbacks.update(self.fallbacks)

    monkeypatch.setattr(BatchedEngine, "run", run)
    inputs = make_inputs(launch)
    want = expected(launch, inputs)
    for engine in ("batched", "reference"):
        bufs = {name: a.copy() for name, a in inputs.items()}
        sim = k.simulator(grid=tuple(launch["grid"]), block=tuple(launch["block"]), params=launch["params"],
                          buffers=bufs, shared_bytes=launch.get("shared_bytes", 0), engine=engine)
        res = sim.run()
        assert res.status == "ok", (engine, res.status, res.fault)
        problems = [p for name in launch["outputs"] if (p := compare(launch, name, bufs[name], want[name]))]
        assert not problems, engine + ": " + "\n".join(problems)
    assert not fallbacks, f"replayed one warp at a time: {sorted(fallbacks)}"
