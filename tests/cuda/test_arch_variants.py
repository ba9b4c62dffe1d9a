"""Architecture-specific (`-arch=sm_90a`, `sm_103a`, `sm_120a`) and family-specific (`sm_100f`)
targets: their listings say `.target sm_90a` / `code for sm_120a` and their cubins carry their
own ELF flags; each runs from all three forms with its base target's launch ABI (data/archvariants:
vector_add.cu compiled by nvcc 13.0)."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from gpuisa.cli import main

DATA = Path(__file__).resolve().parent / "data" / "archvariants"
TARGETS = {"sm_90a": 90, "sm_103a": 103, "sm_120a": 120, "sm_100f": 100}


# both listings of every target; the cubin (an nvdisasm call of about a second) of two
CASES = [(t, f) for t in sorted(TARGETS) for f in ("nvdisasm", "cuobjdump")] + [("sm_90a", "cubin"), ("sm_100f", "cubin")]


@pytest.mark.parametrize("target,form", CASES)
def test_arch_variant_runs_with_its_base_abi(request, isa, target, form):
    if form == "cubin":
        request.getfixturevalue("nvdisasm")
    from gpuisa.cuda import load_cuda
    path = DATA / f"va_{target}.{form}"
    k = load_cuda(isa, path, "vector_add")
    assert k.module.arch == TARGETS[target]
    n = 100
    r = CliRunner().invoke(main, ["run", str(path), "--grid", "2", "--block", "64",
                                  "--buffer", "a=512:iota:s32", "--buffer", "b=512:fill:100:s32", "--buffer", "c=512",
                                  "--param", "ptr:a", "--param", "ptr:b", "--param", "ptr:c", "--param", f"s32:{n}",
                                  "--dump-buffer", "c:s32:128", "--json"])
    assert r.exit_code == 0, r.output
    got = np.array(json.loads(r.output)["buffers"]["c"])
    want = np.zeros(128, np.int64)
    want[:n] = np.arange(n) + 100           # c[i] = a[i] + b[i] for i < n, the rest untouched
    assert (got == want).all()
