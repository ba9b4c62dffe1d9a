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
    def _byte(sim, w, lane: int, addr: int) -> int:
        mask = 1 << lane
        if LOCAL_WINDOW <= addr < LOCAL_WINDOW + WINDOW_SIZE:
            mem, a = local_memory(w, sim.local_size), (lane << LOCAL_LANE_SHIFT) + addr - LOCAL_WINDOW
        elif SHARED_WINDOW <= addr < SHARED_WINDOW + WINDOW_SIZE:
            mem, a = w.cta.shared, addr - SHARED_WINDOW
        else:
            mem, a = sim.gmem, addr
        return int(mem.load(np.full(WARP_SIZE, a, np.uint64), mask, 1)[lane])

    def _bytes(self, sim, w, lane: int, addr: int, n: int) -> bytes:
        return bytes(self._byte(sim, w, lane, addr + k) for k in range(n))

    def _string(self, sim, w, lane: int, addr: int) -> str:
        if addr == 0:
            return "(null)"
        out = bytearray()
        while len(out) < MAX_STRING:
            b = self._byte(sim, w, lane, addr + len(out))
            if b == 0:
                return out.decode("utf-8", "replace")
            out.append(b)
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
            if width == "*":
                width = str(_signed(take(4), 32))
            if prec == "*":
                prec = str(_signed(take(4), 32))
            spec = "%" + flags + (width or "") + ("." + prec if prec is not None else "")
            wide = 8 if length in ("l", "ll", "j", "z", "t") else 4
            if c in "di":
                return (spec + "d") % _signed(take(wide), 8 * wide)
            if c in "ouxX":
                return (spec + c.replace("u", "d")) % take(wide)
            if c == "c":
                return (spec + "c") % chr(take(4) & 0xFF)
            if c == "s":
                return (spec + "s") % self._string(sim, w, lane, take(8))
            if c == "p":
                return (spec + "s") % f"0x{take(8):x}"
            if c == "n":
                take(8)
                return ""
            v = float(np.uint64(take(8)).view(np.float64))
            return v.hex() if c in "aA" else (spec + c) % v

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


def _signed(v: int, bits: int) -> int:
    return v - (1 << bits) if v >> (bits - 1) else v
