"""The CUDA launch ABI: what nvcc's code reads from constant bank 0.

Verified against the corpus (``tests/cuda/corpus``, nvcc 13.0 -O3) and
documented in ``docs/cuda.md``:

=============  ==========  ===========  ==========  =================  ==========
target         blockDim    gridDim      stack top   global descriptor  parameters
=============  ==========  ===========  ==========  =================  ==========
sm_75          0x0 .. 0x8  0xc .. 0x14  0x28        (none)             0x160
sm_80 - sm_89  0x0 .. 0x8  0xc .. 0x14  0x28        0x118              0x160
sm_90          0x0 .. 0x8  0xc .. 0x14  0x28        0x208              0x210
sm_100-sm_121  0x360..368  0x370..378   0x37c       0x358              0x380
=============  ==========  ===========  ==========  =================  ==========

Generic addresses (decision GA-1): nvcc turns a shared or local offset into a generic pointer
by adding the window base it reads from bank 0 -- the shared window at 0x18 (sm_75-sm_89; sm_90+
read ``SR_SWINHI``), the local window at 0x20 (sm_75-sm_90) or 0x2f8 (sm_100+) -- so
:meth:`Abi.windows` gives the model's windows (``gpuisa.sim.state``) at those offsets.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import UsageError

#: per-thread local memory (the stack) when not chosen: 16 KiB
DEFAULT_LOCAL_BYTES = 16 * 1024


@dataclass(frozen=True)
class Abi:
    arch: int
    ntid: int           # blockDim.x (y, z follow)
    nctaid: int         # gridDim.x (y, z follow)
    stack: int          # stack top, loaded into R1 by the kernel's first instruction
    desc: int | None    # the 64-bit global-memory descriptor (desc[URn]); the model ignores its value
    params: int         # first kernel parameter
    shared_window: int | None = None    # 64-bit shared window base (cvta.shared), when in bank 0
    local_window: int | None = None     # 64-bit local window base (cvta.local)
    nsmid: int | None = None            # %nsmid, the number of SMs (1 in the model; D8-11)

    def windows(self) -> list[tuple[int, int]]:
        """(bank 0 offset, 64-bit value) of the generic-address windows this target reads."""
        from ..sim.state import LOCAL_WINDOW, SHARED_WINDOW
        out = []
        if self.shared_window is not None:
            out.append((self.shared_window, SHARED_WINDOW))
        if self.local_window is not None:
            out.append((self.local_window, LOCAL_WINDOW))
        return out

    @property
    def bank0_size(self) -> int:
        return self.params

    @property
    def max_static_shared(self) -> int:
        """The largest static shared size (``.nv.shared.NAME``) a kernel can have: 48 KiB of
        ``__shared__`` variables, plus on sm_90 and later the 1 KiB reserved area
        (``.nv.shared.reserved.0``) the section starts with (decision D9-G-2)."""
        return 48 * 1024 + (0x400 if self.arch >= 90 else 0)


def abi_for(arch: int, where: str = "") -> Abi:
    if 75 <= arch <= 89:
        return Abi(arch, 0x0, 0xC, 0x28, 0x118 if arch >= 80 else None, 0x160, 0x18, 0x20, 0x10C)
    if arch == 90:
        return Abi(arch, 0x0, 0xC, 0x28, 0x208, 0x210, None, 0x20, 0x10C)
    if 100 <= arch <= 121:
        return Abi(arch, 0x360, 0x370, 0x37C, 0x358, 0x380, None, 0x2F8, 0x2D0)
    raise UsageError(f"{where}{': ' if where else ''}code for sm_{arch} is not supported "
                     f"(supported targets: sm_75-sm_89, sm_90, sm_100-sm_121)")
