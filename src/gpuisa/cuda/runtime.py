"""The CUDA device-runtime functions a kernel calls without defining them (decision D6-cl-7).

A kernel that uses ``printf`` or ``assert`` calls ``vprintf`` / ``__assertfail`` through an
address in a constant bank (``.dword vprintf`` in ``.nv.constant4``; the driver links it). The
front end appends a two-instruction stub per such function to the kernel's program (``SYSCALL``,
then ``RET.ABS.NODEC R20 0x0`` as nvcc returns from a device function: CUDA's ABI passes the return address in R20:R21), writes the
stub's address into the bank, and runs the simulator with :class:`DeviceRuntime` as its SYSCALL
callback, which does the function's work for each executing lane:

* ``vprintf(format, args)``: R4:R5 the format string, R6:R7 the argument buffer (generic
  addresses; each argument at the next multiple of its size, float arguments as double, as
  CUDA passes them). The formatted text goes to :attr:`DeviceRuntime.output` (one entry per lane,
  lanes in order) and to a ``printf`` event; R4 = the number of arguments (CUDA's return value).
* ``__assertfail(message, file, line, function, size)``: a ``trap`` fault naming the assertion,
  as CUDA's device-side assert stops the kernel.
* ``malloc(size)`` / ``free(pointer)`` (also ``new`` / ``delete``): R4:R5 the argument, R4:R5
  malloc's result. The device heap is :data:`HEAP_SIZE` bytes (CUDA's default
  ``cudaLimitMallocHeapSize``, 8 MiB) of global memory at :data:`HEAP_BASE`, made when the first
  lane allocates; first fit, every block 16-byte aligned (CUDA's guarantee), lanes in lane
  order; a request that does not fit returns NULL, as CUDA's does; ``malloc(0)`` returns NULL.
  ``free(NULL)`` does nothing; freeing a pointer malloc did not return (or twice) is a
  ``memory`` fault (decision D10-1).

Other undefined functions (``__cuda_syscall_cp_async_bulk_unicast``, ...)
get a stub too, which stops the run with a ``syscall`` fault naming the function when a lane calls
it: a kernel whose call is on a path the run does not take runs (decision D8-12).
"""
from __future__ import annotations

import bisect
import math
import re

import numpy as np

from ..sim.state import (INST_SIZE, LOCAL_LANE_SHIFT, LOCAL_WINDOW, SHARED_WINDOW, WARP_SIZE, WINDOW_SIZE, Fault,
                         lanes_of, local_memory)

#: the functions the model provides
PROVIDED = ("vprintf", "__assertfail", "malloc", "free")
#: the device heap of malloc/free: where, how large (CUDA's default cudaLimitMallocHeapSize), alignment
HEAP_BASE = 0x6000_0000_0000
HEAP_SIZE = 8 << 20
HEAP_ALIGN = 16
#: the longest string read from the kernel's memory (a format string without its NUL: an error)
MAX_STRING = 4096

_RE_CONV = re.compile(r"%([-+ #0]*)(\*|\d+)?(?:\.(\*|\d*))?(hh|h|ll|l|j|z|t|L)?([diouxXeEfFgGaAcspn%])")


def label(name: str) -> str:
    return f".L_gpuisa_{name}"


def stub_text(names) -> str:
    """Assembly of the stubs of *names* (appended after the kernel's own code)."""
    return "".join(f"\n{label(n)}:\n        SYSCALL ;\n        RET.ABS.NODEC R20 0x0 ;" for n in names)


class DeviceRuntime:
    """The SYSCALL callback of a kernel with stubs: ``stubs`` maps each stub's address to its
    function; ``output`` collects what ``printf`` wrote."""

    def __init__(self, stubs: dict[int, str], heap_size: int = HEAP_SIZE):
        self.stubs = stubs
        self.heap = DeviceHeap(heap_size)
        self.output: list[str] = []
        #: printf's text alone, each call's, in execution order (``gpuisa run`` prints it: D8-8)
        self.printed: list[str] = []

    def __call__(self, sim, w) -> None:
        name = self.stubs.get(w.pc, self.stubs.get(w.pc - INST_SIZE))
        if name is None:
            raise Fault("syscall", f"SYSCALL at 0x{w.pc:x} outside the CUDA runtime's stubs")
        if name not in PROVIDED:
            raise Fault("syscall", f"the kernel calls {name}, a CUDA device-runtime function the model does not "
                                   f"provide (it provides {', '.join(PROVIDED)}: printf, assert, malloc and free)")
        for lane in lanes_of(int(w.active)):
            if name == "vprintf":
                self._vprintf(sim, w, lane)
            elif name == "malloc":
                self._set_pair(w, 4, lane, self.heap.malloc(sim, self._pair(w, 4, lane)))
            elif name == "free":
                self.heap.free(self._pair(w, 4, lane))
            else:
                self._assertfail(sim, w, lane)

    # -- memory of one lane -------------------------------------------------------------------
    @staticmethod
    def _window(sim, w, lane: int, addr: int):
        """(memory, address in it, window base or None for global) of *lane*'s generic address."""
        if LOCAL_WINDOW <= addr < LOCAL_WINDOW + WINDOW_SIZE:
            return local_memory(w, sim.local_size), (lane << LOCAL_LANE_SHIFT) + addr - LOCAL_WINDOW, LOCAL_WINDOW
        if SHARED_WINDOW <= addr < SHARED_WINDOW + WINDOW_SIZE:
            return w.cta.shared, addr - SHARED_WINDOW, SHARED_WINDOW
        return sim.gmem, addr, None

    def _bytes(self, sim, w, lane: int, addr: int, n: int) -> bytes:
        """*n* bytes (at most 32) of *lane*'s memory at the generic address *addr*: one load of n
        byte addresses when they lie in one window, else byte by byte (each byte's own window).
        A fault names the lowest address that cannot be read, as a byte-by-byte read would."""
        mem, a, base = self._window(sim, w, lane, addr)
        if n > 1 and self._window(sim, w, lane, addr + n - 1)[2] != base:
            return b"".join(self._bytes(sim, w, lane, addr + k, 1) for k in range(n))
        got = mem.load(np.arange(a, a + n, dtype=np.uint64).tolist() + [0] * (WARP_SIZE - n), (1 << n) - 1, 1)
        return got[:n].astype(np.uint8).tobytes()

    def _string(self, sim, w, lane: int, addr: int) -> str:
        """The NUL-terminated string at *addr*, read 32 bytes at a time; a block that runs past the
        memory's end is read up to the first byte that cannot be (the string may end before it:
        only a byte it needs faults, with that byte's address)."""
        if addr == 0:
            return "(null)"
        out = bytearray()
        while len(out) < MAX_STRING:
            at = addr + len(out)
            try:
                block = self._bytes(sim, w, lane, at, WARP_SIZE)
            except Fault as f:
                bad = f.info.get("address")
                readable = bad - self._window(sim, w, lane, at)[1] if isinstance(bad, int) else 0
                if not 0 < readable < WARP_SIZE:
                    raise
                block = self._bytes(sim, w, lane, at, readable)
                if 0 not in block:
                    raise
            end = block.find(0)
            if end >= 0:
                return (out + block[:end]).decode("utf-8", "replace")
            out += block
        raise Fault("memory", f"printf: no string end within {MAX_STRING} bytes at 0x{addr:x}")

    @staticmethod
    def _pair(w, reg: int, lane: int) -> int:
        return int(w.R[reg][lane]) | int(w.R[reg + 1][lane]) << 32

    @staticmethod
    def _set_pair(w, reg: int, lane: int, value: int) -> None:
        w.R[reg][lane] = value & 0xFFFFFFFF
        w.R[reg + 1][lane] = value >> 32

    # -- the functions ------------------------------------------------------------------------
    def _vprintf(self, sim, w, lane: int) -> None:
        fmt = self._string(sim, w, lane, self._pair(w, 4, lane))
        args = self._pair(w, 6, lane)
        pos = 0
        nargs = 0

        def take(size: int) -> int:
            nonlocal pos, nargs
            pos = -(-pos // size) * size
            v = int.from_bytes(self._bytes(sim, w, lane, args + pos, size), "little")
            pos += size
            nargs += 1
            return v

        def conv(m: re.Match) -> str:
            flags, width, prec, length, c = m.groups()
            if c == "%":
                return "%"
            if width == "*":                    # a negative width is the - flag (C)
                wv = _signed(take(4), 32)
                flags, width = flags + "-" * (wv < 0), str(abs(wv))
            if prec == "*":                     # a negative precision is none
                pv = _signed(take(4), 32)
                prec = str(pv) if pv >= 0 else None
            wide = 8 if length in ("l", "ll", "j", "z", "t") else 4
            if c in "diouxX":
                # C's conversions, not Python's: `hh`/`h` convert the promoted int to char/short,
                # `#o` is a leading 0, `#x` of 0 has no 0x, a precision turns off the 0 flag
                bits = 8 if length == "hh" else 16 if length == "h" else 8 * wide
                v = take(wide) & ((1 << bits) - 1)
                return c_int(flags, width, prec, c, _signed(v, bits) if c in "di" else v)
            if c == "c":
                return _pad(flags, width, chr(take(4) & 0xFF))
            if c == "s":
                text = self._string(sim, w, lane, take(8))
                return _pad(flags, width, text if prec is None else text[:int(prec or 0)])
            if c == "p":                        # glibc's: (nil) for a null pointer
                ptr = take(8)
                return _pad(flags, width, f"0x{ptr:x}" if ptr else "(nil)")
            if c == "n":
                take(8)
                return ""
            return c_float(flags, width, prec, c, float(np.uint64(take(8)).view(np.float64)))

        text = _RE_CONV.sub(conv, fmt)
        self.output.append(text)
        self.printed.append(text)
        sim.record_event("printf", text.rstrip("\n"), w.cta.linear, w.index, w.pc)
        w.R[4][lane] = nargs

    def _assertfail(self, sim, w, lane: int) -> None:
        msg = self._string(sim, w, lane, self._pair(w, 4, lane))
        file = self._string(sim, w, lane, self._pair(w, 6, lane))
        func = self._string(sim, w, lane, self._pair(w, 10, lane))
        line = int(w.R[8][lane])
        text = f"{file}:{line}: {func}: block {w.cta.ctaid}, thread {lane + 32 * w.index}: Assertion `{msg}` failed."
        self.output.append(text)
        raise Fault("trap", f"device-side assert: {text}", lane=lane)


class DeviceHeap:
    """malloc/free's heap: first fit over the free blocks, 16-byte aligned (decision D10-1)."""

    def __init__(self, size: int = HEAP_SIZE):
        self.size = size
        self.free_blocks: list[tuple[int, int]] = [(0, size)]   # (offset, bytes), by offset
        self.allocated: dict[int, int] = {}                     # address -> bytes
        self._mapped = False

    def malloc(self, sim, n: int) -> int:
        if n == 0 or n > self.size:
            return 0
        n = -(-n // HEAP_ALIGN) * HEAP_ALIGN
        i = next((j for j, (_, size) in enumerate(self.free_blocks) if size >= n), None)
        if i is None:
            return 0                        # CUDA's malloc returns NULL when the heap is full
        off, size = self.free_blocks[i]
        if not self._mapped:                # the heap's pages become resident where written
            from ..sim.simulator import sparse_zeros
            sim.gmem.add("device heap", HEAP_BASE, sparse_zeros((1, self.size)).reshape(-1))
            self._mapped = True
        if size == n:
            del self.free_blocks[i]
        else:
            self.free_blocks[i] = (off + n, size - n)
        self.allocated[HEAP_BASE + off] = n
        return HEAP_BASE + off

    def free(self, addr: int) -> None:
        if addr == 0:
            return
        n = self.allocated.pop(addr, None)
        if n is None:
            raise Fault("memory", f"free(0x{addr:x}): not a pointer malloc returned, or freed twice", address=addr)
        off = addr - HEAP_BASE
        blocks = self.free_blocks
        i = bisect.bisect(blocks, (off, 0))
        blocks.insert(i, (off, n))
        if i + 1 < len(blocks) and off + n == blocks[i + 1][0]:       # merge with the next block
            blocks[i:i + 2] = [(off, n + blocks[i + 1][1])]
        if i > 0 and blocks[i - 1][0] + blocks[i - 1][1] == off:      # and the previous one
            blocks[i - 1:i + 1] = [(blocks[i - 1][0], blocks[i - 1][1] + blocks[i][1])]


def _pad(flags: str, width: str | None, body: str, zeros: int = -1) -> str:
    """*body* padded to *width*: left-justified for ``-``, else with zeros after its first
    *zeros* characters (a sign or ``0x``; -1: spaces in front)."""
    n = int(width or 0) - len(body)
    if n <= 0:
        return body
    if "-" in flags:
        return body + " " * n
    return body[:zeros] + "0" * n + body[zeros:] if zeros >= 0 else " " * n + body


def _sign(flags: str, negative: bool) -> str:
    return "-" if negative else "+" if "+" in flags else " " if " " in flags else ""


def c_int(flags: str, width: str | None, prec: str | None, conv: str, v: int) -> str:
    """An integer conversion (``d i o u x X``) of *v* as C's printf writes it."""
    digits = {"o": "%o", "x": "%x", "X": "%X"}.get(conv, "%d") % abs(v)
    if prec is not None:
        digits = "" if v == 0 and not int(prec or 0) else digits.zfill(int(prec or 0))
    prefix = _sign(flags, v < 0) if conv in "di" else ""
    if "#" in flags:
        if conv == "o" and not digits.startswith("0"):
            digits = "0" + digits
        elif conv in "xX" and v:
            prefix = "0" + conv
    zeros = len(prefix) if "0" in flags and prec is None else -1
    return _pad(flags, width, prefix + digits, zeros)


def c_float(flags: str, width: str | None, prec: str | None, conv: str, v: float) -> str:
    """A floating conversion (``f F e E g G a A``) of *v* as C's printf (glibc) writes it:
    ``-nan`` for a NaN with its sign bit, infinities and NaN never zero-padded, ``%a`` with the
    fraction's trailing zeros dropped (Python's float.hex keeps 13 digits)."""
    neg = math.copysign(1.0, v) < 0
    if not math.isfinite(v):
        body = _sign(flags, neg) + ("nan" if math.isnan(v) else "inf")
        return _pad(flags, width, body.upper() if conv.isupper() else body)
    if conv not in "aA":
        spec = "%" + flags + (width or "") + ("." + (prec or "0") if prec is not None else "")
        return (spec + conv) % v
    bits = int(np.float64(v).view(np.uint64))
    exp, frac = bits >> 52 & 0x7FF, bits & ((1 << 52) - 1)
    lead, e = (1, exp - 1023) if exp else (0, -1022 if frac else 0)
    if prec is None:
        hexd = f"{frac:013x}".rstrip("0")
    else:
        p = int(prec or 0)
        if p >= 13:
            hexd = f"{frac:013x}" + "0" * (p - 13)
        else:
            shift = 4 * (13 - p)
            q, r = divmod(frac, 1 << shift)
            half = 1 << (shift - 1)
            if r > half or (r == half and q & 1):      # to nearest even, as glibc rounds
                q += 1
            if q >> (4 * p):                           # the carry goes into the leading digit
                q, lead = 0, lead + 1
            hexd = f"{q:0{p}x}" if p else ""
    body = f"{lead}" + ("." + hexd if hexd or "#" in flags else "") + f"p{e:+d}"
    prefix = _sign(flags, neg) + "0x"
    text = _pad(flags, width, prefix + body, len(prefix) if "0" in flags else -1)
    return text.upper() if conv == "A" else text


def _signed(v: int, bits: int) -> int:
    return v - (1 << bits) if v >> (bits - 1) else v
