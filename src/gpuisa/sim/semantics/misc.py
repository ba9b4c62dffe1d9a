"""Special registers and miscellaneous instructions (seed ``003_*``): S2R,
CS2R, S2UR, PMTRIG, SETREG, GETREG, SWITCH, and the instruction-buffer group
NOP, IBBAR, DEPBAR.

Special registers are addressed by their ``SReg`` encoding value (GETREG and
SETREG use the same numbers).  Model values (see ``docs/simulator.md``):

=====================  ====================================================
SR_LANEID              lane number
SR_EQ/LT/LE/GT/GEMASK  lane masks relative to the lane
SR_WARPID              warp index within its CTA
SR_TEID, SR_TCID,      0 (one execution engine / core in the model)
SR_PHYTCID
SR_PHYWARPID           linear warp index over the grid
SR_CTAID.X/Y/Z         CTA coordinates
SR_TID.X/Y/Z           thread coordinates in the CTA (x fastest; per lane)
SR_NTID.X/Y/Z          CTA dimensions (--block X,Y,Z)
SR_NCTAID.X/Y/Z        grid dimensions (--grid X,Y,Z)
SR_CgaCtaId            the CTA's rank in its cluster (0 without a cluster launch; sim/cluster.py)
SR_CgaSize             0 (sm_100+ index the cluster launch constants by it: the model keeps them at k = 0)
SR_LMEMHIOFF           0: the lowest local address the stack may reach (-O0 / -G code's stack check; D11-F-2)
SR_PM0-7, SR_PM_HI0-7  per-warp performance counters (0 at launch; PMTRIG
                       increments SR_PMi for each bit i of its operand;
                       writable with SETREG)
SR_LWINHI/LO           the local window of generic addresses (state.LOCAL_WINDOW, generic.isa):
                       its high word / 0
SR_LWINSZ              0
SR_SWINHI/LO           the shared window (state.SHARED_WINDOW): its high word / 0 (shared
                       memory offsets, what LDS/STS use, start at 0)
SR_SMEMSZ              shared memory bytes per CTA
SR_CLOCKLO/HI          the model clock (warp-instructions issued by the grid)
SR_GLOBALTIMELO/HI     the same clock read as nanoseconds (1 GHz model)
SR_GLOBALTIMERLO/HI    the same (nvdisasm's spelling of %globaltimer)
SR_VIRTID              the warp index within its CTA in bits 14..8 (%warpid)
SR_VIRTUALSMID         0 (%smid: one SM)
SR_VIRTCFG             64 in bits 15..8 (%nwarpid: the warp slots of the model's SM)
SR_REGALLOC            255 (R0-R254)
SR_GLOBALERRORSTATUS,  0 at launch, writable with SETREG
SR_WARPERRORSTATUS
SRZ                    0
=====================  ====================================================
"""
from __future__ import annotations

import numpy as np

from ..context import Exec
from ..registry import semantics
from ..state import LANES, LOCAL_WINDOW, MASK32, SHARED_WINDOW, WARP_SIZE, Fault, ffs, lanes_of

_LANES64 = LANES.astype(np.uint64)
#: %nwarpid: the warp slots of the model's one SM (sm_90's and sm_100's 64; D8-11)
NWARPID = 64
WRITABLE_PREFIXES = ("SR_PM", "SR_GLOBALERRORSTATUS", "SR_WARPERRORSTATUS")
UNIFORM = False
_PER_LANE = {"SR_LANEID", "SR_EQMASK", "SR_LTMASK", "SR_LEMASK", "SR_GTMASK", "SR_GEMASK"}


def sreg_name(x, code: int) -> str:
    t = x.db.types.get("SReg")
    name = t.by_value.get(code) if t is not None else None
    if name is None:
        raise Fault("special-register", f"{x.name}: unknown special register address 0x{code:x}")
    return name


def sreg_value(x, code: int, width: int = 32):
    """Value of special register *code* for the executing warp: an int, or a
    ``(32,)`` array for per-lane registers.  ``width=64`` reads the 64-bit
    registers (SR_CLOCKLO, SR_GLOBALTIMELO) whole."""
    name = sreg_name(x, code)
    w = x.w
    sim = x.sim
    if name == "SR_LANEID":
        return LANES
    if name in _PER_LANE:
        one = np.uint64(1) << _LANES64
        m = {"SR_EQMASK": one, "SR_LTMASK": one - np.uint64(1), "SR_LEMASK": (one << np.uint64(1)) - np.uint64(1),
             "SR_GTMASK": ~((one << np.uint64(1)) - np.uint64(1)), "SR_GEMASK": ~(one - np.uint64(1))}[name]
        return (m & np.uint64(MASK32)).astype(np.uint32)
    if name == "SR_WARPID":
        return w.index
    if name == "SR_VIRTID":             # %warpid is bits 14..8 (D7-style-7)
        return (w.index & 0x7F) << 8
    if name == "SR_VIRTUALSMID":
        return 0
    if name == "SR_VIRTCFG":            # %nwarpid is bits 15..8 (D8-11)
        return NWARPID << 8
    if name == "SR_PHYWARPID":
        return w.gid
    if name == "SR_SWINHI":
        return SHARED_WINDOW >> 32
    if name == "SR_LWINHI":
        return LOCAL_WINDOW >> 32
    if name in ("SR_TEID", "SR_TCID", "SR_PHYTCID", "SR_LWINLO", "SR_LWINSZ", "SR_SWINLO", "SRZ"):
        return 0
    if name.startswith("SR_CTAID."):
        return w.cta.ctaid["XYZ".index(name[-1])]
    if name.startswith("SR_TID."):
        # the block's threads are numbered x fastest: linear = x + bx * (y + by * z)
        bx, by, _ = sim.block
        lin = LANES + np.uint32(w.index * WARP_SIZE)
        return {"X": lin % bx, "Y": lin // bx % by, "Z": lin // (bx * by)}[name[-1]].astype(np.uint32)
    if name.startswith("SR_NTID."):
        return sim.block["XYZ".index(name[-1])]
    if name.startswith("SR_NCTAID."):
        return sim.grid["XYZ".index(name[-1])]
    if name == "SR_CgaCtaId":           # the CTA's rank in its cluster (sim/cluster.py, D10-C-4)
        cl = sim.clusters
        return 0 if cl is None else cl.rank[w.cta.linear]
    if name in ("SR_CgaSize", "SR_LMEMHIOFF"):
        return 0
    if name == "SR_SMEMSZ":
        return w.cta.shared_size
    if name in ("SR_CLOCKLO", "SR_GLOBALTIMELO", "SR_GLOBALTIMERLO"):
        sim.time_reads += 1     # the watchdog's digest (decision D12-1)
        return sim.clock if width == 64 else sim.clock & MASK32
    if name in ("SR_CLOCKHI", "SR_GLOBALTIMEHI", "SR_GLOBALTIMERHI"):
        sim.time_reads += 1
        return (sim.clock >> 32) & MASK32
    if name == "SR_REGALLOC":
        return 255
    if name.startswith(WRITABLE_PREFIXES):
        return w.sreg.get(code, 0)
    raise Fault("special-register", f"{x.name}: special register {name} has no model value")


@semantics("S2R")
def S2R(x: Exec) -> None:
    """S2R: pseudo code in the database (``__Semantics``, misc.isa; appended here by the registry)."""
    x.write("rd", sreg_value(x, x.field("sreg")))


@semantics("CS2R")
def CS2R(x: Exec) -> None:
    """CS2R: pseudo code in the database (``__Semantics``, misc.isa; appended here by the registry).

    64-bit: SR_CLOCKLO / SR_GLOBALTIMELO read the whole 64-bit clock; other
    registers are zero-extended.  ``.32``: the low 32 bits into one register.
    """
    if x.mod("sz") == "32":
        x.write("rd", sreg_value(x, x.field("sreg")))
        return
    v = sreg_value(x, x.field("sreg"), 64)
    if isinstance(v, np.ndarray):
        v = v.astype(np.uint64)
    x.write("rd", v, width=64)


@semantics("CS2UR")
def CS2UR(x: Exec) -> None:
    """CS2UR: pseudo code in the database (``__Semantics``, misc.isa; appended here by the registry).
    The 64-bit read of CS2R into a uniform pair (``.32``: the low 32 bits into one uniform
    register, D9-S-3); a per-lane register is not warp uniform: fault."""
    narrow = x.mod("sz") == "32"
    v = sreg_value(x, x.field("sreg"), 32 if narrow else 64)
    if isinstance(v, np.ndarray) and v.shape[-1] == WARP_SIZE:
        raise Fault("special-register", f"CS2UR: {sreg_name(x, x.field('sreg'))} is not warp-uniform")
    if narrow:
        x.write("urd", v)
        return
    x.write("urd", v, width=64)


@semantics("S2UR")
def S2UR(x: Exec) -> None:
    """S2UR: pseudo code in the database (``__Semantics``, misc.isa; appended here by the registry).

    A per-lane special register (SR_LANEID, SR_*MASK, SR_TID.*) is not warp uniform: fault.
    A value per lane has 32 values on its last axis (``(32,)`` for one warp, ``(n, 32)`` for a
    batch); a uniform one is an int, or ``(n, 1)`` per warp of a batch (SR_CTAID, SR_WARPID).
    """
    v = sreg_value(x, x.field("sreg"))
    if isinstance(v, np.ndarray) and v.shape[-1] == WARP_SIZE:
        raise Fault("special-register", f"S2UR: {sreg_name(x, x.field('sreg'))} is not warp-uniform")
    x.write("urd", v)


@semantics("PMTRIG", per_warp=True)
def PMTRIG(x: Exec) -> None:
    """PMTRIG vb (no semantics in the seed).

    Decision: a performance-monitor trigger: when at least one lane executes,
    each set bit i (0-7) of ``vb`` increments the warp's counter SR_PMi (a
    carry goes to SR_PM_HIi).  No other effect."""
    if not x.pmask:
        return
    t = x.db.types["SReg"]
    v = x.imm("vb")
    for i in range(8):
        if v >> i & 1:
            lo, hi = t.by_name[f"SR_PM{i}"], t.by_name[f"SR_PM_HI{i}"]
            n = x.w.sreg.get(lo, 0) + 1
            x.w.sreg[lo] = n & MASK32
            if n >> 32:
                x.w.sreg[hi] = (x.w.sreg.get(hi, 0) + 1) & MASK32


def _addr(x, lane_mask):
    if "regaddr" in x.f:
        return x.imm("regaddr")
    if "urb" in x.f:
        return x.src("urb") & MASK32
    return x.src("rb")


@semantics("SETREG", per_warp=True)
def SETREG(x: Exec) -> None:
    """SETREG: pseudo code in the database (``__Semantics``, misc.isa; appended here by the registry).

    Decision: addresses are SReg encoding values; only SR_PM0-7, SR_PM_HI0-7,
    SR_GLOBALERRORSTATUS and SR_WARPERRORSTATUS are writable (per warp); any
    other or unknown address is a ``special-register`` fault.  Per-lane
    operands are taken from the lowest executing lane.
    """
    pmask = x.pmask
    if not pmask:
        return
    lid = ffs(pmask)
    addr = _addr(x, pmask)
    if isinstance(addr, np.ndarray):
        addr = int(addr[lid])
    name = sreg_name(x, addr)
    if not name.startswith(WRITABLE_PREFIXES):
        raise Fault("special-register", f"SETREG: special register {name} is read-only")
    x.w.sreg[addr] = int(x.src_lanes("ra")[lid])


@semantics("GETREG", per_warp=True)
def GETREG(x: Exec) -> None:
    """GETREG: pseudo code in the database (``__Semantics``, misc.isa; appended here by the registry).

    Decision: addresses are SReg encoding values; an unknown address is a
    ``special-register`` fault.
    """
    pmask = x.pmask
    if not pmask:
        return
    addr = _addr(x, pmask)
    if not isinstance(addr, np.ndarray):
        x.write("rd", sreg_value(x, addr))
        return
    out = np.zeros(32, np.uint32)
    for lane in lanes_of(pmask):
        v = sreg_value(x, int(addr[lane]))
        out[lane] = v[lane] if isinstance(v, np.ndarray) else v
    x.write("rd", out)


@semantics("SWITCH", per_warp=True)
def SWITCH(x: Exec) -> None:
    """SWITCH Rb | c[][] | hidx (no semantics in the seed).

    Decision: a scheduling hint with no architectural effect: the operand is
    read (so a bad constant address still faults) and recorded as the step's
    hint; the scheduler is round robin anyway, so the warp gives up its slot
    like after every instruction.  Otherwise a NOP."""
    if "hidx" in x.f:
        x.hint = x.imm("hidx")
    elif "vb" in x.f:
        x.hint = x.src("vb")
    else:
        x.hint = None if not x.pmask else int(x.src("rb")[ffs(x.pmask)])


@semantics("NOP")
def NOP(x: Exec) -> None:
    """NOP: no operation."""


@semantics("IBBAR")
def IBBAR(x: Exec) -> None:
    """IBBAR: instruction-buffer barrier (no semantics in the seed).

    Decision: a NOP in the model: instructions are decoded from the program
    image at issue, there is no prefetched buffer to invalidate."""


@semantics("DEPBAR")
def DEPBAR(x: Exec) -> None:
    """DEPBAR sbid, cnt: wait until scoreboard ``sbid`` has at most ``cnt``
    pending operations (no semantics in the seed).

    Decision: a NOP in the model: every instruction completes at issue, so no
    scoreboard ever has a pending operation."""
