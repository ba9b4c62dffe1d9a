"""Relocatable device code (-rdc=true): __shared__ and __constant__ variables where nvlink puts them
(decision D13-T-1).  The corpus source rdc13_shared runs from every form against cuda_expect; here the
offsets are checked against nvlink's own output, and a listing that cannot be linked is refused."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from gpuisa.errors import UsageError

HERE = Path(__file__).resolve().parent
CORPUS, DATA = HERE / "corpus", HERE / "data" / "rdc13"
_RE_LINE = re.compile(r"/\*([0-9a-f]{4})\*/\s+(.*?)\s*;")


def _functions(text: str) -> dict[tuple[str, int], str]:
    out, cur = {}, None
    for line in text.split("\n"):
        m = re.match(r"\s*Function : (\S+)", line)
        if m:
            cur = m.group(1)
        m = _RE_LINE.search(line)
        if m and cur:
            out[(cur, int(m.group(1), 16))] = " ".join(m.group(2).split())
    return out


@pytest.mark.parametrize("arch", ["75", "120"])
def test_cuobjdump_relocations_as_nvlink(isa, arch):
    """Every line a data relocation changes reads as in nvlink's linked cubin (cuobjdump of both):
    the layout of the shared variables, the extern array and the constant banks are nvlink's."""
    rel = CORPUS / f"sm_{arch}" / "rdc13_shared.cuobjdump"
    before = _functions(rel.read_text())
    after = _functions((DATA / f"rdc13_shared_sm{arch}_nvlink.cuobjdump").read_text())
    checked = 0
    for kernel in ("rdc_layout", "rdc_dynamic"):
        k = isa.load_cuda(str(rel), kernel)
        assert k.module.relocatable
        ours = {ln: " ".join(t.split(";")[0].split()) for first, text in [(k._first, k.text), *k._callees]
                for ln, t in enumerate(text.split("\n"), first)}
        cur = None
        for ln, line in enumerate(rel.read_text().split("\n"), 1):
            mf = re.match(r"\s*Function : (\S+)", line)
            cur = mf.group(1) if mf else cur
            m = _RE_LINE.search(line)
            fn = (cur, int(m.group(1), 16)) if m and cur else None
            if fn is None or before[fn] == after.get(fn) or "CALL" in before[fn] or "R20" in before[fn] \
                    or "R21" in before[fn] or ln not in ours:
                continue
            assert ours[ln] == after[fn], (ln, before[fn], ours[ln], after[fn])
            checked += 1
    assert checked > 20


def test_cuobjdump_without_cubin_refused(isa, tmp_path):
    """sm_90+ relocatable code alone: the unrelocated 0 plus the reserved 1 KiB is refused, located."""
    alone = tmp_path / "a" / "b"
    alone.mkdir(parents=True)
    shutil.copy(CORPUS / "sm_90" / "rdc13_shared.cuobjdump", alone / "k.cuobjdump")
    with pytest.raises(UsageError) as e:
        isa.load_cuda(str(alone / "k.cuobjdump"), "rdc_dynamic")
    msg = str(e.value)
    assert "-rdc=true" in msg and "k.cuobjdump:" in msg


@pytest.mark.parametrize("arch", ["sm_75", "sm_120"])
def test_a_later_read_of_the_cubin_keeps_the_linked_shared_size(isa, arch):
    """Regression (D16-7): reading the cubin beside a cuobjdump listing again after the relocations
    were applied (at -G a launch's first __constant__ lookup did) set the kernel's static shared size
    back to the unlinked section's (8 bytes instead of nvlink's 0x410 on sm_120), and the first
    store to a variable faulted out of bounds. Expected: cuda_expect.rdc13_dynamic (Python)."""
    import sys
    sys.path.insert(0, str(HERE))
    from cuda_expect import compare, expected, launches, make_inputs, split_constants

    from gpuisa.cuda import load_cuda
    launch = next(l for _, l in launches() if l["name"] == "rdc13_dynamic")
    k = load_cuda(isa, CORPUS / arch / "rdc13_shared.cuobjdump", launch["kernel"])
    linked = k.info.shared
    k._data_from_cubin()
    assert k.info.shared == linked
    bufs = make_inputs(launch)
    mapped, consts = split_constants(k, bufs)
    res = k.launch(grid=tuple(launch["grid"]), block=tuple(launch["block"]), params=launch["params"],
                   buffers=mapped, constants=consts, shared_bytes=launch.get("shared_bytes", 0))
    assert res.status == "ok", res.fault
    want = expected(launch, make_inputs(launch))
    assert all(compare(launch, n, bufs[n], want[n]) is None for n in launch["outputs"])
