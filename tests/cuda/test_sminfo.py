"""%nsmid, %smid and %nwarpid (decision D8-11): the model is one SM with 64 warp slots. nvcc
reads %nsmid from bank 0 (c[0x0][0x10c] up to sm_90, c[0x0][0x2d0] from sm_100), which the launch
ABI fills with 1 (it read 0: `blockIdx.x % nsmid` divided by zero); %nwarpid is `S2R SR_VIRTCFG`
bits 15..8 on sm_90+ (refused before) and the constant 32 on sm_75."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from gpuisa.cli import main

DATA = Path(__file__).resolve().parent / "data" / "sminfo"


@pytest.mark.parametrize("arch,nwarpid", [("sm_75", 32), ("sm_90", 64), ("sm_120", 64)])
def test_sm_count_and_warp_slots(arch, nwarpid):
    r = CliRunner().invoke(main, ["run", str(DATA / f"sminfo_{arch}.nvdisasm"), "--block", "4", "--buffer", "o=16",
                                  "--param", "ptr:o", "--dump-buffer", "o", "--json"])
    assert r.exit_code == 0, r.output
    nsmid, smid = 1, 0
    assert json.loads(r.output)["buffers"]["o"] == [nsmid * 1000000 + smid * 1000 + nwarpid] * 4
