"""The manual's timelines: the example programs of gpuisa/docs/timelines run and
compute what their comments say, and the BRU pages embed their pictures."""
from __future__ import annotations

import json
import re

import numpy as np
import pytest

from gpuisa.docs.pictures import programs

LANE = np.arange(32)
# the results each program's header comment states, derived here from that comment
EXPECTED = {
    "nested_if": {"R1": np.where(LANE < 16, np.where(LANE & 1, 1, 2), 3), "R2": np.where(LANE < 16, np.where(LANE & 1, 1, 2), 3) + 10},
    "loop_break": {"R2": (LANE & 3) + 1},
    "warpsync": {"R1": np.where(LANE < 8, 1, 2), "R2": np.where(LANE < 8, 1, 2) + 16},
    "yield_spin": {"R4": np.where(LANE < 16, 1, 0)},       # consumers saw the flag; producers never load it
}
PAGES = {"BSSY", "BSYNC", "BREAK", "WARPSYNC", "YIELD"}


@pytest.mark.parametrize("pic", programs(), ids=lambda p: p.name)
def test_program_computes_what_it_says(pic, shipped_db):
    from gpuisa.asm.assembler import assemble
    from gpuisa.sim import Simulator
    res = Simulator(shipped_db, assemble(shipped_db, pic.source), block=pic.block, grid=pic.grid).run()
    assert res.ok, res.fault
    for reg, want in EXPECTED[pic.name].items():
        assert np.array_equal(res.warp(0, 0).reg(reg), want), (pic.name, reg)


def test_pages_embed_their_timelines(site, db_name):
    found = {}
    for page in PAGES:
        path = site / "optypes" / f"{page}.html"
        if not path.exists():
            continue
        m = re.search(r'<iframe class="timeline-frame" src="\.\./(timelines/[\w]+\.html)"', path.read_text())
        if m:
            found[page] = m.group(1)
    if db_name == "seeds":        # the seeds lack the general-purpose instructions the programs use
        return
    assert set(found) == PAGES
    for rel in set(found.values()):
        html = (site / rel).read_text()
        data = json.loads(re.search(r'id="gpuisa-timeline-data">(.*?)</script>', html, re.S).group(1))
        assert data["status"] == "ok" and data["nsteps"] > 5
        assert "class=\"embedded\"" in html
