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
