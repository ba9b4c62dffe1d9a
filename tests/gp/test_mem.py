"""Memory instructions: LDC, ULDC.64, LDG, STG, LDS, STS, ATOMG, ATOMS, RED.

Expected values come from the raw bytes of the buffers (``struct``, plain
Python integers) and from sequential replays of the atomics in lane order.
Programs are assembly text; :func:`encode` builds words from the database's
field positions, independently of the assembler, to cross-check it and to
write the invalid encodings the assembler refuses."""
from __future__ import annotations

import re

import struct

import numpy as np
import pytest

from gpuisa.sim import Simulator

from .conftest import bitsf, fbits, s32, u32

SIZES = {"32": (4, "<I"), "U8": (1, "<B"), "S8": (1, "<b"), "U16": (2, "<H"), "S16": (2, "<h"), "64": (8, "<Q")}


def encode(db, opname: str, **fields) -> int:
    """The word of opcode *opname* with *fields* (enumeration names or ints); the
    other fields take their defaults (control fields included)."""
    op = db.opcodes[opname]
    word = op.decode_value
    for f in op.fields:
        if f.fixed is not None:
            continue
        v = fields.pop(f.name, f.default)
        if v is None:
            raise KeyError(f"{opname}: field {f.name} needs a value")
        t = db.types[f.type]
        if isinstance(v, str):
            v = t.by_name[v] if t.is_enum else int(v, 0)
        word |= (int(v) & ((1 << f.width) - 1)) << f.pos
    assert not fields, f"{opname} has no fields {sorted(fields)}"
    return word


@pytest.fixture
def mem_run(gp_isa):
    """mem_run(items, buffers=None, regs=None, **launch) -> (Result, Simulator).

    *items*: assembly lines or instruction words (``EXIT`` is appended).
    *regs*: ``f(addresses) -> {"R2": value or 32 lane values}``, applied to every
    warp after the buffers got their addresses."""
    def _run(items, buffers=None, regs=None, expect_ok=True, **launch):
        words = [it if isinstance(it, int) else gp_isa.encode(it) for it in list(items) + ["EXIT ;"]]
        sim = Simulator(gp_isa, words, buffers=buffers or {}, **launch)
        if regs:
            for name, v in regs(sim.addresses).items():
                n = int(name[1:])
                for w in sim.warps:
                    w.R[n] = np.broadcast_to(np.asarray(v, dtype=np.uint64) & 0xFFFFFFFF, (32,)).astype(np.uint32)
        res = sim.run()
        if expect_ok:
            assert res.ok, (res.status, res.fault)
        return res, sim
    return _run


def ptr(addrs, name, lane_offsets=0):
    """{"R2": low words, "R3": high words} of buffer *name* + per-lane offsets."""
    a = np.uint64(addrs[name]) + np.asarray(lane_offsets, dtype=np.uint64)
    return {"R2": a & np.uint64(0xFFFFFFFF), "R3": a >> np.uint64(32)}


# -- LDG / STG --------------------------------------------------------------------------------
@pytest.mark.parametrize("size", list(SIZES))
def test_ldg_sizes_and_extension(gp_isa, mem_run, rng, size):
    data = rng.integers(0, 256, 1024, dtype=np.uint8)
    data[:64] = [0x80, 0x7F, 0xFF, 0x00, 0x01, 0xFE, 0x80, 0x00] * 8   # sign-bit cases in front
    raw = data.tobytes()
    n, fmt = SIZES[size]
    offs = (np.arange(32) * 3 * n) % (1024 - 16 - n) // n * n           # aligned, varied
    dest = 4
    mod = "" if size == "32" else "." + size
    rd = "R[4:5]" if size == "64" else "R4"
    res, _ = mem_run([f"LDG.E{mod} {rd}, [R2.64+0x8] ;"], {"buf": data}, regs=lambda a: ptr(a, "buf", offs))
    r = res.warp()
    for lane in range(32):
        at = int(offs[lane]) + 8
        (v,) = struct.unpack_from(fmt, raw, at)
        if size == "64":
            assert int(r.R[dest][lane]) | int(r.R[dest + 1][lane]) << 32 == v
        else:
            assert int(r.R[dest][lane]) == u32(v), (lane, size)    # sign-extended for S8/S16


def test_ldg_128_fills_a_register_quad(gp_isa, mem_run, rng):
    data = rng.integers(0, 1 << 32, 256, dtype=np.uint64).astype(np.uint32)
    offs = (31 - np.arange(32)) * 16
    res, _ = mem_run(["LDG.E.128 R[8:11], [R2.64] ;"], {"buf": data}, regs=lambda a: ptr(a, "buf", offs))
    r = res.warp()
    for lane in range(32):
        w = offs[lane] // 4
        assert [int(r.R[8 + k][lane]) for k in range(4)] == [int(v) for v in data[w:w + 4]]


def test_ldg_negative_offset_and_high_address_word(gp_isa, mem_run):
    data = np.arange(64, dtype=np.uint32)
    word = "LDG.E R5, [R2.64-0x8] ;"
    res, _ = mem_run([word], {"buf": data}, regs=lambda a: ptr(a, "buf", 8 + 4 * np.arange(32)))
    assert res.warp().R[5].tolist() == list(range(32))
    # a base whose high word is set reaches a different (unmapped) address: a fault, not a wrap to 32 bits
    res, _ = mem_run([word], {"buf": data}, expect_ok=False,
                     regs=lambda a: {"R2": a["buf"] + 8, "R3": 1})
    assert res.status == "memory" and "unmapped" in res.fault["message"], res.fault


@pytest.mark.parametrize("size", ["32", "U8", "U16", "64", "128"])
def test_stg_sizes(gp_isa, mem_run, rng, size):
    n = {"32": 4, "U8": 1, "U16": 2, "64": 8, "128": 16}[size]
    buf = np.full(32 * 16 + 64, 0xAA, np.uint8)
    vals = [rng.integers(0, 1 << 32, 32, dtype=np.uint64) for _ in range(4)]
    offs = np.arange(32)[::-1] * n
    def regs(a):
        return dict(ptr(a, "buf", offs), **{f"R{8 + k}": vals[k] for k in range(4)})
    mod = "" if size == "32" else "." + size
    rb = {"64": "R[8:9]", "128": "R[8:11]"}.get(size, "R8")
    mem_run([f"STG.E{mod} [R2.64+{n:#x}], {rb} ;"], {"buf": buf}, regs=regs)
    expect = bytearray(b"\xAA" * buf.size)
    for lane in range(32):
        v = sum(int(vals[k][lane]) << (32 * k) for k in range(4))
        at = int(offs[lane]) + n
        expect[at:at + n] = (v & ((1 << (8 * n)) - 1)).to_bytes(n, "little")
    assert buf.tobytes() == bytes(expect)


def test_stg_collision_highest_lane_wins_and_guard(gp_isa, mem_run):
    buf = np.zeros(4, np.uint32)
    word = "@P0 STG.E [R2.64], R8 ;"
    def regs(a):
        return dict(ptr(a, "buf"), R8=np.arange(32) + 100)
    mem_run([word], {"buf": buf}, regs=regs, init={"P0": [int(l < 20) for l in range(32)]})
    assert buf[0] == 119 and buf[1:].tolist() == [0, 0, 0]


# -- LDS / STS --------------------------------------------------------------------------------
def test_sts_lds_round_trip_shared_per_cta(gp_isa, mem_run):
    items = [
        "S2R R0, SR_LANEID ;",
        "S2R R1, SR_CTAID.X ;",
        "IMAD.SHL.U32 R2, R0, 0x4, RZ ;",                    # R2 = lane * 4
        "IMAD R3, R1, 0x100, R0 ;",                          # value = cta * 256 + lane
        "STS [R2+0x40], R3 ;",
        "LDS R4, [R2+0x40] ;",
        "LDS R5, [0xbc] ;",                                  # lane 31's word
        "LDS.U16 R6, [R2+0x40] ;",
        "STS.U8 [R2+0x400], R3 ;",
        "LDS.S8 R7, [0x414] ;",                              # lane 5's byte
    ]
    res, _ = mem_run(items, grid=3)
    for cta in range(3):
        r = res.warp(cta)
        assert r.R[4].tolist() == [cta * 256 + l for l in range(32)]
        assert r.R[5].tolist() == [cta * 256 + 31] * 32
        assert r.R[6].tolist() == [(cta * 256 + l) & 0xFFFF for l in range(32)]
        assert r.R[7].tolist() == [u32(struct.unpack("<b", bytes([(cta * 256 + 5) & 0xFF]))[0])] * 32


def test_lds_sts_64_and_128(gp_isa, mem_run, rng):
    vals = {f"R{8 + k}": rng.integers(0, 1 << 32, 32, dtype=np.uint64) for k in range(4)}
    items = ["S2R R0, SR_LANEID ;", "IMAD.SHL.U32 R2, R0, 0x10, RZ ;",
             "STS.128 [R2], R[8:11] ;",
             "LDS.64 R[12:13], [R2+0x8] ;",
             "LDS.128 R[16:19], [R2] ;"]
    res, _ = mem_run(items, regs=lambda a: vals)
    r = res.warp()
    for lane in range(32):
        v = [int(vals[f"R{8 + k}"][lane]) for k in range(4)]
        assert [int(r.R[12][lane]), int(r.R[13][lane])] == v[2:]
        assert [int(r.R[16 + k][lane]) for k in range(4)] == v


# -- LDC / ULDC -------------------------------------------------------------------------------
def test_ldc_per_lane_offsets_sizes(gp_isa, mem_run, rng):
    bank = rng.integers(0, 256, 512, dtype=np.uint8)
    raw = bank.tobytes()
    items = ["S2R R0, SR_LANEID ;", "IMAD.SHL.U32 R1, R0, 0x8, RZ ;",
             "LDC R2, c[0x3][R1+0x10] ;",
             "LDC.S8 R3, c[0x3][R1+0x13] ;",
             "LDC.U16 R4, c[0x3][R1+0x16] ;",
             "LDC.64 R[6:7], c[0x3][R1+0x20] ;",
             "LDC R8, c[0x3][0x1fc] ;"]
    res, _ = mem_run(items, const={3: raw})
    r = res.warp()
    for lane in range(32):
        o = 8 * lane
        assert int(r.R[2][lane]) == struct.unpack_from("<I", raw, o + 0x10)[0]
        assert int(r.R[3][lane]) == u32(struct.unpack_from("<b", raw, o + 0x13)[0])
        assert int(r.R[4][lane]) == struct.unpack_from("<H", raw, o + 0x16)[0]
        assert int(r.R[6][lane]) | int(r.R[7][lane]) << 32 == struct.unpack_from("<Q", raw, o + 0x20)[0]
        assert int(r.R[8][lane]) == struct.unpack_from("<I", raw, 0x1fc)[0]


def test_uldc_64(gp_isa, mem_run):
    params = struct.pack("<IIQ", 1, 2, 0x1122334455667788)
    res, _ = mem_run(["ULDC.64 UR[6:7], c[0x0][0x8] ;", "ULDC UR8, c[0x0][0x4] ;"], const={0: params})
    r = res.warp()
    assert int(r.UR[6]) == 0x55667788 and int(r.UR[7]) == 0x11223344 and int(r.UR[8]) == 2


def test_ldc_faults(gp_isa, mem_run):
    items = ["S2R R0, SR_LANEID ;", "IMAD.SHL.U32 R1, R0, 0x4, RZ ;"]
    res, _ = mem_run(items + ["LDC R2, c[0x0][R1+0x2] ;"], const={0: bytes(256)},
                     expect_ok=False)
    assert res.status == "misaligned" and "lane 0" in res.fault["message"]
    res, _ = mem_run(items + ["LDC R2, c[0x0][R1+0x84] ;"], const={0: bytes(256)},
                     expect_ok=False)
    assert res.status == "memory" and "(lane 31)" in res.fault["message"], res.fault
    assert res.fault["pc"] == 0x20 and (res.fault["cta"], res.fault["warp"]) == (0, 0)


# -- atomics ----------------------------------------------------------------------------------
def atom(db, opname, op, rd=4, ra=2, rb=8, rc=None, offset=0, typ="U32", **kw):
    fields = dict(ra=ra, rb=rb, offset=offset, op=op, **kw)
    if not opname.endswith("RRR"):
        fields["type"] = typ
    if opname != "RED_RR":
        fields["rd"] = rd
    if rc is not None:
        fields["rc"] = rc
    if opname.startswith(("ATOMG", "RED")):
        fields["e"] = "E"
    return encode(db, opname, **fields)


def replay(init: dict, lanes, fn):
    """Sequential reference: lanes in order; returns (olds, final memory)."""
    mem = dict(init)
    olds = {}
    for lane, addr, b, c in lanes:
        olds[lane] = mem[addr]
        mem[addr] = fn(mem[addr], b, c)
    return olds, mem


REF = {
    ("ADD", "U32"): lambda o, b, c: (o + b) & 0xFFFFFFFF,
    ("MIN", "U32"): lambda o, b, c: min(o, b),
    ("MAX", "U32"): lambda o, b, c: max(o, b),
    ("MIN", "S32"): lambda o, b, c: u32(min(s32(o), s32(b))),
    ("MAX", "S32"): lambda o, b, c: u32(max(s32(o), s32(b))),
    ("EXCH", "U32"): lambda o, b, c: b,
    ("AND", "U32"): lambda o, b, c: o & b,
    ("OR", "U32"): lambda o, b, c: o | b,
    ("XOR", "U32"): lambda o, b, c: o ^ b,
    ("ADD", "F32"): lambda o, b, c: fbits(float(np.float32(bitsf(o)) + np.float32(bitsf(b)))),
}


@pytest.mark.parametrize("op,typ", list(REF))
def test_atomg_contention_all_lanes_few_words(gp_isa, mem_run, rng, op, typ):
    """32 lanes on 3 words: every update is applied in lane order, each lane gets the
    value left by the lanes before it."""
    init = rng.integers(0, 1 << 32, 4, dtype=np.uint64).astype(np.uint32)
    b = rng.integers(0, 1 << 32, 32, dtype=np.uint64)
    if typ == "F32":
        init = np.array([fbits(v) for v in (1.0, -2.5, 1e-3, 0)], np.uint32)
        b = np.array([fbits(float(v)) for v in rng.normal(0, 100, 32)], np.uint64)
    words = (np.arange(32) * 7) % 3
    buf = init.copy()
    mod = "" if typ == "U32" else "." + typ
    res, _ = mem_run([f"ATOMG.E.{op}{mod} R4, [R2.64], R8 ;"], {"buf": buf},
                     regs=lambda a: dict(ptr(a, "buf", 4 * words), R8=b))
    olds, final = replay({k: int(init[k]) for k in range(4)},
                         [(l, int(words[l]), int(b[l]), None) for l in range(32)], REF[(op, typ)])
    assert res.warp().R[4].tolist() == [olds[l] for l in range(32)]
    assert buf.tolist() == [final[k] for k in range(4)]


def test_atomg_cas_and_guard(gp_isa, mem_run):
    buf = np.zeros(2, np.uint32)
    # every lane: CAS(0 -> lane + 1) on word 0: only the first executing lane (lane 1) wins
    res, _ = mem_run(["@P0 ATOMG.E.CAS R4, [R2.64], RZ, R9 ;"], {"buf": buf},
                     regs=lambda a: dict(ptr(a, "buf"), R9=np.arange(32) + 1, R4=0xDEAD),
                     init={"P0": [int(l != 0) for l in range(32)]})
    r = res.warp()
    assert buf.tolist() == [2, 0]
    assert r.R[4].tolist() == [0xDEAD, 0] + [2] * 30


def test_atomg_add_from_several_warps_and_ctas(gp_isa, mem_run):
    """4 CTAs x 4 warps x 32 lanes add 1 to one counter: the old values are a
    permutation of 0..511 and each warp's are consecutive in lane order."""
    buf = np.zeros(1, np.uint32)
    items = ["ATOMG.E.ADD R4, [R2.64], R8 ;", "NOP ;"]
    res, _ = mem_run(items, {"buf": buf}, regs=lambda a: dict(ptr(a, "buf"), R8=1), grid=4, block=128)
    olds = []
    for w in res.warps:
        v = w.R[4].tolist()
        assert v == list(range(v[0], v[0] + 32))
        olds += v
    assert sorted(olds) == list(range(512)) and buf[0] == 512


def test_red_add_and_atoms_from_several_warps(gp_isa, mem_run):
    buf = np.zeros(8, np.uint32)
    items = ["S2R R0, SR_LANEID ;", "S2R R1, SR_WARPID ;",
             "LOP3.LUT R5, R0, 0x7, RZ, 0xc0, !PT ;",         # bin = lane & 7
             "IMAD.SHL.U32 R6, R5, 0x4, RZ ;",
             "IADD3 R2, P0, R2, R6, RZ ;", "IADD3.X R3, R3, RZ, RZ, P0 ;",
             "IADD3 R8, R0, 0x1, RZ ;",                       # add lane + 1
             "RED.E.ADD [R2.64], R8 ;",
             "ATOMS.ADD R10, [R6], R8 ;",                     # shared counters, per CTA
             "BAR.SYNC 0x0 ;",
             "ATOMS.ADD R11, [R6], RZ ;"]                     # read back: add 0
    res, _ = mem_run(items, {"buf": buf}, regs=lambda a: ptr(a, "buf"), grid=2, block=96)
    expect = [0] * 8
    for lane in range(32):
        expect[lane & 7] += (lane + 1) * 3 * 2
    assert buf.tolist() == expect
    for w in res.warps:
        for lane in range(32):
            assert int(w.R[11][lane]) == expect[lane & 7] // 2      # one CTA's share
    # each CTA: warps in order, lanes in order on each bin
    for cta in range(2):
        seen = [0] * 8
        for k in range(3):
            w = res.warp(cta, k)
            for lane in range(32):
                assert int(w.R[10][lane]) == seen[lane & 7]
                seen[lane & 7] += lane + 1


# -- faults -----------------------------------------------------------------------------------
def _fault_prog(db, word):
    return ["S2R R0, SR_WARPID ;", "ISETP.NE.AND P0, PT, R0, 0x1, PT ;", "@P0 EXIT ;", "S2R R0, SR_CTAID.X ;",
            "ISETP.NE.AND P0, PT, R0, 0x1, PT ;", "@P0 EXIT ;", "MOV R4, 0x7 ;", word]


@pytest.mark.parametrize("case", ["misaligned", "past-end", "unmapped", "store", "atomic", "128-half"])
def test_memory_faults_are_reported(gp_isa, mem_run, case):
    db = gp_isa.db
    buf = np.arange(16, dtype=np.uint32)
    offs = np.arange(32) * 4 % 64
    if case == "misaligned":
        word, offs = "LDG.E R4, [R2.64] ;", offs + (np.arange(32) == 5) * 2
        kind, lane = "misaligned", 5
    elif case == "past-end":
        word, kind, lane = "LDG.E R4, [R2.64+0x4] ;", "memory", 15
    elif case == "unmapped":
        word, kind, lane = "LDG.E R4, [R2.64] ;", "memory", 0
    elif case == "store":
        word, kind, lane = "STG.E [R2.64+0x4], R0 ;", "memory", 15
    elif case == "atomic":
        word, kind, lane = "ATOMG.E.ADD R4, [R2.64+0x2], R8 ;", "misaligned", 0
    else:
        word, kind, lane = "LDG.E.128 R[4:7], [R2.64] ;", "memory", 12
        offs = np.arange(32) * 16 % 64
        buf = np.arange(14, dtype=np.uint32)          # 56 bytes: lane 3's second half is outside
        lane = 3
    before = buf.copy()
    regs = (lambda a: {"R2": 0, "R3": 0}) if case == "unmapped" else (lambda a: ptr(a, "buf", offs))
    res, _ = mem_run(_fault_prog(db, word), {"buf": buf}, regs=regs, grid=2, block=64, expect_ok=False)
    f = res.fault
    assert res.status == kind, f
    assert (f["cta"], f["warp"], f["pc"]) == (1, 1, 7 * 16), f
    assert f"(lane {lane})" in f["message"], f
    if case == "unmapped":
        assert "unmapped" in f["message"]
    if case == "128-half":
        assert "runs past the end of buffer 'buf'" in f["message"]
    if case in ("past-end", "store"):
        assert "out of bounds: just past the end of buffer 'buf'" in f["message"], f
    assert res.warp(1, 1).R[4].tolist() == [7] * 32           # nothing written
    assert buf.tolist() == before.tolist()                     # nothing stored


@pytest.mark.parametrize("text,opname,fields", [
    ("LDG.E.S16 R1, [R4.64-0x2] ;", "LDG_R", dict(rd=1, ra=4, offset=-2, e="E", size="S16")),
    ("LDG.E.128 R[8:11], [R2.64+0x7ffff0] ;", "LDG_R", dict(rd=8, ra=2, offset=0x7FFFF0, e="E", size="128")),
    ("@!P2 STG.E.U8 [R6.64+0x1], R5 ;", "STG_RR", dict(ra=6, rb=5, offset=1, e="E", size="U8", pg="P2", **{"pg.not": 1})),
    ("LDS.64 R[4:5], [R3+0x100] ;", "LDS_R", dict(rd=4, ra=3, offset=0x100, size="64")),
    ("LDS R0, [-0x8] ;", "LDS_R", dict(rd=0, ra="RZ", offset=-8)),
    ("STS.128 [R2], R[8:11] ;", "STS_RR", dict(ra=2, rb=8, size="128")),
    ("LDC.S8 R6, c[0x2][R7+0x3] ;", "LDC_R", dict(rd=6, ra=7, offset=3, bank=2, size="S8")),
    ("LDC R1, c[0x3f][0xfffc] ;", "LDC_R", dict(rd=1, ra="RZ", offset=0xFFFC, bank=0x3F)),
    ("ATOMG.E.MIN.S32 R1, [R2.64+0x10], R5 ;", "ATOMG_RR", dict(rd=1, ra=2, rb=5, offset=0x10, e="E", op="MIN", type="S32")),
    ("ATOMG.E.CAS R6, [R2.64], R4, R5 ;", "ATOMG_RRR", dict(rd=6, ra=2, rb=4, rc=5, e="E", op="CAS")),
    ("ATOMS.XOR RZ, [R2+0x8], R4 ;", "ATOMS_RR", dict(rd="RZ", ra=2, rb=4, offset=8, op="XOR")),
    ("ATOMS.CAS R1, [0x10], R4, R5 ;", "ATOMS_RRR", dict(rd=1, ra="RZ", rb=4, rc=5, offset=0x10, op="CAS")),
    ("RED.E.ADD.F32 [R2.64+0x4], R5 ;", "RED_RR", dict(ra=2, rb=5, offset=4, e="E", op="ADD", type="F32")),
    ("ULDC.64 UR[6:7], c[0x0][0x8] ;", "ULDC_C", dict(urd=6, vb=8, size="64")),
])
def test_assembler_agrees_with_field_positions(gp_isa, text, opname, fields):
    db = gp_isa.db
    for k in ("rd", "ra", "rb", "rc"):
        if isinstance(fields.get(k), int):
            fields[k] = f"R{fields[k]}"
    if "offset" in fields:
        w = db.opcodes[opname].field_map["offset"].width
        fields["offset"] &= (1 << w) - 1
    word = encode(db, opname, **fields)
    assert gp_isa.encode(text) == word
    assert gp_isa.decode(word).text == nv_pairs(text.rstrip(" ;"))


def test_invalid_encodings_fault(gp_isa, mem_run):
    db = gp_isa.db
    for word in (encode(db, "STG_RR", ra=2, rb=0, e="E", size="S8"),
                 atom(db, "ATOMG_RR", 4), atom(db, "ATOMG_RR", "AND", typ="S32"),   # .S32: ADD/MIN/MAX only (D5-2)
                 atom(db, "RED_RR", "EXCH"), encode(db, "LDC_R", rd=1, bank=0, size="128")):
        res, _ = mem_run([word], expect_ok=False)
        assert res.status == "invalid-instruction", (hex(word), res.status)


@pytest.mark.parametrize("line,kind,lane,why", [
    ("LDS R4, [R2+0xbf84] ;", "memory", 31, "out of bounds: shared memory is 0xc000 bytes"),
    ("STS.64 [R2+0x4], R[8:9] ;", "misaligned", 0, "misaligned: not a multiple of 8"),
    ("ATOMS.ADD R4, [R2+0xbf84], R8 ;", "memory", 31, "out of bounds"),
    ("LDS.128 R[4:7], [R2+0x8] ;", "misaligned", 0, "not a multiple of 16"),
])
def test_shared_memory_faults(mem_run, line, kind, lane, why):
    items = ["S2R R0, SR_LANEID ;", "IMAD.SHL.U32 R2, R0, 0x4, RZ ;", "MOV R4, 0x7 ;", "STS [R2], R0 ;", line]
    res, sim = mem_run(items, grid=2, expect_ok=False)
    f = res.fault
    assert res.status == kind and (f["cta"], f["warp"], f["pc"]) == (0, 0, 0x40), f
    assert f"(lane {lane})" in f["message"] and why in f["message"], f
    assert res.warp(0).R[4].tolist() == [7] * 32
    assert sim.ctas[0].shared.load(np.arange(32, dtype=np.uint64) * 4, 0xFFFFFFFF).tolist() == list(range(32))


def nv_pairs(text: str) -> str:
    """A register group written ``R[2:3]`` as the disassembler prints it, ``R2`` (decision A4b)."""
    return re.sub(r"\b(U?R)\[(\d+):\d+\]", r"\1\2", text)
