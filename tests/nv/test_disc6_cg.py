"""Forms and meanings found by the sixth discovery round's kernels (issue 11; cooperative groups,
fast math; decisions D6-cg-1..): WARPSYNC with per-lane member masks (a group is the lanes with
one mask; nvcc's plain `WARPSYNC Rb` releases every complete group together), and the listing
spellings `WARPSYNC.COLLECTIVE.ALL target` and `BPT.TRAP n`. Expected values from the lane
masks by hand; both engines."""
from __future__ import annotations

import pytest

from gpuisa.asm.assembler import assemble
from gpuisa.asm.disassembler import disassemble
from gpuisa.cuda.listing import nv_warpsync

ENGINES = ["batched", "reference"]


def _run(isa, text, engine):
    return isa.launch(assemble(isa.db, text + "\nEXIT ;\n"), grid=1, engine=engine)


# Lanes 0-7 and 8-15 run one "shuffle block" (`sub`) with the mask of their tile of 8 (0xff,
# 0xff00), then with the mask of their tile of 16 (0xffff); the fall-through lanes 0-7 go first and
# wait in `sub` for the tile of 16 when lanes 8-15 arrive there for their tile of 8. R21 keeps the
# VOTE of the tile-of-8 visit, R22 that of the tile-of-16 visit.
_SUB = """
        S2R R0, SR_LANEID ;
        ISETP.GE.U32.AND P0, PT, R0, 0x10, PT ;
   @P0  EXIT ;
        LOP3.LUT R2, R0, 0xfffffff8, RZ, 0xc0, !PT ;
        MOV R3, 0xff ;
        SHF.L.U32 R13, R3, R2, RZ ;
        MOV R20, RZ ;
        ISETP.GE.U32.AND P1, PT, R0, 0x8, PT ;
   @P1  BRA `(sub) ;
        BRA `(sub) ;
after8:
        MOV R21, R7 ;
        MOV R13, 0xffff ;
        MOV R20, 0x1 ;
        BRA `(sub) ;
sub:
        WARPSYNC{mod} R13 ;
        VOTE.ANY R7, PT, PT ;
        ISETP.NE.AND P2, PT, R20, RZ, PT ;
   @!P2 BRA `(after8) ;
        MOV R22, R7 ;
"""


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("mod", ["", ".ALLGROUPS"])
def test_warpsync_group_is_the_lanes_with_one_mask(nv_isa, engine, mod):
    """Lanes 8-15 reach the WARPSYNC with 0xff00 while lanes 0-7 wait there with 0xffff: lanes
    8-15 are released alone (their VOTE sees 0xff00), not with lanes 0-7 (D6-cg-1: the seed's
    "all threads of a group must have the same membermask"); then all 16 meet with 0xffff. With
    .ALLGROUPS the two complete tiles of 8 (both parked at the WARPSYNC when the second arrives) go
    on together (D6-cg-2): the VOTE sees all 16."""
    res = _run(nv_isa, _SUB.replace("{mod}", mod), engine)
    assert res.ok, (res.status, res.fault)
    w = res.warps[0]
    for lane in range(16):
        assert int(w.R[21][lane]) == (0xFFFF if mod else 0xFF if lane < 8 else 0xFF00), lane
        assert int(w.R[22][lane]) == 0xFFFF, lane


# Two tiles of 16, every lane arrived together: plain (the seed's, NVIDIA's .EXCLUSIVE) releases
# one tile, .ALLGROUPS (nvcc's plain WARPSYNC Rb) both: the VOTE after it sees 0xffff / 0xffffffff.
@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("mod,want", [("", 0xFFFF), (".ALLGROUPS", 0xFFFFFFFF)])
def test_warpsync_allgroups_releases_every_complete_group(nv_isa, engine, mod, want):
    res = _run(nv_isa, f"""
        S2R R0, SR_LANEID ;
        LOP3.LUT R2, R0, 0xfffffff0, RZ, 0xc0, !PT ;
        MOV R3, 0xffff ;
        SHF.L.U32 R13, R3, R2, RZ ;
        WARPSYNC{mod} R13 ;
        VOTE.ANY R7, PT, PT ;
        WARPSYNC 0xffffffff ;""", engine)
    assert res.ok, (res.status, res.fault)
    w = res.warps[0]
    assert int(w.R[7][0]) == want
    assert int(w.R[7][16]) == (want if mod else 0xFFFF0000)


def test_listing_spellings():
    """nvcc's plain `WARPSYNC Rb` is `.ALLGROUPS` (operands keep their columns, D6-cg-2);
    `WARPSYNC.COLLECTIVE.ALL target` is `WARPSYNC.ALL` (D6-cg-3); `BPT.TRAP n` is `TRAP n` (D6-cg-4);
    `.EXCLUSIVE` and uniform/immediate masks are left to the lexer (decision UN5)."""
    line = "                                   WARPSYNC R13 ;"
    out = nv_warpsync(line)
    assert out.strip() == "WARPSYNC.ALLGROUPS R13 ;" and out.index("R13") == line.index("R13")
    assert nv_warpsync("          @!P0 WARPSYNC R9 ;").strip() == "@!P0 WARPSYNC.ALLGROUPS R9 ;"
    for same in ("   WARPSYNC.EXCLUSIVE R2 ;", "   WARPSYNC 0xffffffff ;", "   WARPSYNC UR4 ;", "   WARPSYNC.ALL ;"):
        assert nv_warpsync(same) == same
    assert nv_warpsync("         WARPSYNC.COLLECTIVE.ALL `(.L_x_4) ;").split() == ["WARPSYNC.ALL", ";"]
    assert nv_warpsync("         WARPSYNC.COLLECTIVE.ALL 0x780 ;").split() == ["WARPSYNC.ALL", ";"]
    assert nv_warpsync("         BPT.TRAP 0x1 ;").split() == ["TRAP", "0x1", ";"]


@pytest.mark.parametrize("engine", ENGINES)
def test_bpt_trap_stops_the_kernel(nv_isa, engine):
    """cg::tiled_partition(parent, n) traps on an invalid n: `BPT.TRAP 0x1` is TRAP, and with no
    handler the run stops with status trap (the lanes that do not execute it are not affected)."""
    prog = assemble(nv_isa.db, nv_warpsync("        BPT.TRAP 0x1 ;") + "\nEXIT ;\n")
    res = nv_isa.launch(prog, grid=1, engine=engine)
    assert res.status == "trap"


def test_allgroups_round_trip(nv_isa):
    data = assemble(nv_isa.db, "WARPSYNC.ALLGROUPS R13 ;").data
    line = disassemble(nv_isa.db, data)[0].text
    assert line.split()[0] == "WARPSYNC.ALLGROUPS"
    assert assemble(nv_isa.db, line + " ;").data == data
    assert assemble(nv_isa.db, "WARPSYNC R13 ;").data != data
