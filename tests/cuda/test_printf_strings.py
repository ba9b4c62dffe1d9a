"""printf's strings read in blocks (decision D18-6): the device runtime reads a `%s` argument or a
format 32 bytes at a time, and a block that runs past the end of its memory up to the byte that
cannot be read. The text, and the fault of a string that does not end, are those of a byte-by-byte
read (written here from Memory.load of single bytes, never from the runtime)."""
from __future__ import annotations

import types

import numpy as np
import pytest

from gpuisa.cuda.runtime import MAX_STRING, DeviceRuntime
from gpuisa.sim.state import SHARED_WINDOW, Fault, Memory


def _machine(data: bytes, shared: bytes):
    g = Memory("global")
    g.add("strings", 0x10000, np.frombuffer(data, np.uint8).copy())
    s = Memory("shared")
    s.add("shared", 0, np.frombuffer(shared, np.uint8).copy())
    sim = types.SimpleNamespace(gmem=g, local_size=0)
    w = types.SimpleNamespace(cta=types.SimpleNamespace(shared=s))
    return sim, w


def _one_by_one(mem: Memory, addr: int) -> bytes | Fault:
    out = bytearray()
    while True:
        try:
            b = int(mem.load(np.full(32, addr + len(out), np.uint64), 1, 1)[0])
        except Fault as f:
            return f
        if b == 0:
            return bytes(out)
        out.append(b)


@pytest.mark.parametrize("lane", [0, 13, 31])
def test_strings_read_in_blocks_equal_byte_by_byte(lane):
    rng = np.random.default_rng(18)
    body = bytes(rng.integers(1, 256, 200).astype(np.uint8))
    # strings across blocks, ending at the segment's last byte (a block runs past the end), empty
    data = body[:40] + b"\0" + body[40:100] + b"\0" + body[100:161] + b"\0" + body[161:] + b"\0" + body[:30] + b"\0"
    shared = b"hello, shared\0" + body[:50] + b"\0"
    sim, w = _machine(data, shared)
    rt = DeviceRuntime({})
    starts = [0, 5, 41, 70, 102, 130, 160, 170, len(data) - 35, len(data) - 20, len(data) - 1, 60]
    for mem, base, n in ((sim.gmem, 0x10000, len(data)), (w.cta.shared, SHARED_WINDOW, len(shared))):
        for k in starts:
            if k >= n:
                continue
            want = _one_by_one(mem, (base - SHARED_WINDOW if base == SHARED_WINDOW else base) + k)
            if isinstance(want, Fault):
                with pytest.raises(Fault) as e:
                    rt._string(sim, w, lane, base + k)
                assert (e.value.kind, e.value.message, e.value.info.get("address")) == \
                    (want.kind, want.message, want.info.get("address"))
            else:
                assert rt._string(sim, w, lane, base + k) == want.decode("utf-8", "replace")


def test_a_string_without_an_end_within_the_limit():
    sim, w = _machine(b"x" * (MAX_STRING + 64), b"\0")
    with pytest.raises(Fault, match="no string end within"):
        DeviceRuntime({})._string(sim, w, 0, 0x10000)
    sim, w = _machine(b"y" * (MAX_STRING - 1) + b"\0", b"\0")
    assert DeviceRuntime({})._string(sim, w, 0, 0x10000) == "y" * (MAX_STRING - 1)
