"""Timelines of the manual: the example programs in ``gpuisa/docs/timelines/*.s``
run on the golden model when the manual is generated, each drawn as an
embedded timeline page (``gpuisa.viz``) on the pages named in its header::

    // pages: BSSY BSYNC
    // run: --block 32

A program that does not assemble or run with the database the manual is built
from (e.g. description files without the general-purpose instructions) is left
out: the manual never fails because of a picture, and
``tests/viz/test_manual_timelines.py`` requires every picture of the shipped ISA.
"""
from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from importlib import resources

from ..errors import GpuisaError

#: steps a manual program may take at most
MAX_STEPS = 20_000


@dataclass
class Picture:
    name: str            # file stem: nested_if
    pages: list[str]     # optypes showing it
    source: str          # the program text
    block: int
    grid: int
    html: str | None = None     # the embedded timeline page (None when it did not run)
    status: str = ""
    path: str = ""              # site-relative path of the page

    @property
    def caption(self) -> str:
        lines = [ln[2:].strip() for ln in self.source.splitlines() if ln.startswith("//")]
        if lines:
            lines[0] = re.sub(r"^\S+\.s\s+--\s+", "", lines[0])
        text = []
        for ln in lines:
            if ln.startswith(("pages:", "run:")) or not ln:
                break
            text.append(ln)
        return " ".join(text)


def programs() -> list[Picture]:
    out = []
    folder = resources.files("gpuisa.docs") / "timelines"
    for item in sorted(folder.iterdir(), key=lambda p: p.name):
        if not item.name.endswith(".s"):
            continue
        text = item.read_text(encoding="utf-8")
        pages = re.search(r"^//\s*pages:\s*(.+)$", text, re.M)
        run = re.search(r"^//\s*run:\s*(.+)$", text, re.M)
        opts = shlex.split(run.group(1)) if run else []
        block = int(opts[opts.index("--block") + 1]) if "--block" in opts else 32
        grid = int(opts[opts.index("--grid") + 1]) if "--grid" in opts else 1
        out.append(Picture(item.name[:-2], pages.group(1).split() if pages else [], text, block, grid))
    return out


def build(db, optypes) -> dict[str, Picture]:
    """{optype: Picture} for the optypes in *optypes* that have a picture which
    assembles and runs with *db*."""
    from ..asm.assembler import assemble
    from ..sim.simulator import Simulator
    from ..viz.timeline import TimelineBuilder, render_html
    shown: dict[str, Picture] = {}
    for pic in programs():
        pages = [p for p in pic.pages if p in optypes]
        if not pages:
            continue
        try:
            prog = assemble(db, pic.source, filename=f"{pic.name}.s")
            sim = Simulator(db, prog, grid=pic.grid, block=pic.block, max_steps=MAX_STEPS)
        except GpuisaError:
            continue
        tb = TimelineBuilder(f"{pic.name}.s", source=pic.source)
        while (rec := sim.step()) is not None:
            tb.add(rec)
        tb.status = pic.status = sim.status or "ok"
        if pic.status != "ok":
            continue
        pic.html = render_html(tb.data(), embedded=True)
        pic.path = f"timelines/{pic.name}.html"
        for p in pages:
            shown[p] = pic
    return shown
