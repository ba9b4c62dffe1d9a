"""`atomicAdd(__half *)` is a CAS loop on the aligned 32-bit word holding the element (nvcc 13,
every target; data/subword/hat.cu): at the end of a buffer of an odd number of halves that word
reaches past the buffer's bytes, which cudaMalloc's granularity makes legal.  `gpuisa run`
allocates each `--buffer` rounded up to 4 bytes (decision D7-4): such a kernel runs and gives
CUDA's sums; the padding is not dumped, and an access beyond it is still a located fault."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from gpuisa.cli import main

DATA = Path(__file__).resolve().parent / "data" / "subword"


def _run(*args):
    return CliRunner().invoke(main, ["run", *map(str, args)])


@pytest.mark.parametrize("arch", ["sm_75", "sm_90"])
@pytest.mark.parametrize("n", [3, 5, 7])
def test_half_atomics_at_the_end_of_an_odd_buffer(arch, n):
    r = _run(DATA / f"hat_{arch}.nvdisasm", "--grid", 1, "--block", 32, "--buffer", f"h={2 * n}:iota:u16",
             "--param", "ptr:h", "--param", f"s32:{n}", "--dump-buffer", "h:u16", "--json")
    assert r.exit_code == 0, r.output
    got = np.array(json.loads(r.output)["buffers"]["h"], np.uint16)
    assert got.size == n                        # the padding is not dumped
    # thread t adds 1.0 to h[t % n]; the initial bits k are binary16 subnormals k * 2^-24, which
    # the first add absorbs (1 + k * 2^-24 rounds to 1), so each element ends as its add count
    want = np.bincount(np.arange(32) % n, minlength=n).astype(np.float16)
    assert got.view(np.float16).tolist() == want.tolist()


def test_an_access_past_the_padding_still_faults(tmp_path):
    src = tmp_path / "past.s"
    src.write_text("""
        MOV R2, c[0x0][0x0] ;
        MOV R3, c[0x0][0x4] ;
        MOV R4, 0x1 ;
        @P0 EXIT ;
        STG.E.U16 [R2.64+0x6], R4 ;
        STG.E [R2.64+0x8], R4 ;
        EXIT ;
    """)
    r = _run(src, "--grid", 1, "--block", 32, "--buffer", "h=6", "--param", "ptr:h", "--init", "P0=0")
    assert r.exit_code == 1 or "fault" in r.output, r.output
    assert "just past the end of buffer 'h'" in r.output and "Traceback" not in r.output


def test_a_generic_fault_names_the_global_buffer():
    """LD's message used to say 'no generic buffer there (buffers: none)'."""
    r = _run(DATA / "hat_sm_90.nvdisasm", "--grid", 1, "--block", 32, "--buffer", "h=8",
             "--param", "ptr:h", "--param", "s32:6")
    assert "buffer 'h'" in r.output and "buffers: none" not in r.output, r.output
