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

Reserved shared memory (decision D9-S-1): from sm_80 the driver reserves 1 KiB of each CTA's
shared memory, which cooperative_groups uses for the barriers and exchange slots of tiles wider
than a warp (``%reserved_smem_offset_1``). sm_80-sm_89 put it at the top (begin = ``SR_SMEMSZ`` -
``c[0x0][0x114]``, end ``c[0x0][0x120]``, offset_1 ``c[0x0][0x124]``), sm_90 and later at the bottom
(``[0, 0x400)``, inside ``.nv.shared.NAME``; end and offset_1 at ``c[0x0][0x68]``/``0x6c``, sm_100+
``c[0x0][0x278 - 0xa0 * SR_CgaSize]``/``0x27c - ...``, ``SR_CgaSize`` 0 without clusters).
:meth:`Abi.reserved_words` gives the model's words; offset_1 is the region's upper half.

Generic addresses (decision GA-1): nvcc turns a shared or local offset into a generic pointer
by adding the window base it reads from bank 0 -- the shared window at 0x18 (sm_75-sm_89; sm_90+
read ``SR_SWINHI``), the local window at 0x20 (sm_75-sm_90) or 0x2f8 (sm_100+) -- so
:meth:`Abi.windows` gives the model's windows (``gpuisa.sim.state``) at those offsets.

A generic pointer to ``__constant__`` data (PTX ``cvta.const``: a pointer that may point to constant
or global memory, and any ``__constant__`` access at ``nvcc -G``) is constant bank 3's generic address,
read from bank 0 at ``const_window`` (0x50 sm_75-sm_89, 0xd0 sm_90, 0x120 sm_100+; decision D11-F-6):
the launch puts a copy of bank 3 in global memory (constant memory lives in device memory) there.

The generic address of the kernel's parameters (PTX ``cvta.param``: the address of a
``__grid_constant__`` parameter, taken by ``&p`` or ``p.array``; decision D12-C-4) is read from bank 0 at
``param_window``: on sm_75-sm_89 the word at 0x40 is the address of bank 0 itself (the code adds the
parameter's bank offset, 0x160 + or 0x1a80 +), on sm_90 the word at 0x198 and on sm_100+ the one at 0x348
the address of the first parameter (0x210, 0x380). The launch puts a copy of bank 0 in global memory.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import UsageError

#: per-thread local memory (the stack) when not chosen: 16 KiB
DEFAULT_LOCAL_BYTES = 16 * 1024
#: the driver's reserved shared memory per CTA from sm_80 (cudaDevAttrReservedSharedMemoryPerBlock)
RESERVED_SMEM = 0x400
#: where the model puts %reserved_smem_offset_1 (cooperative_groups' scratch) in that region
RESERVED_OFFSET_1 = 0x200


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
    reserved_end: int | None = None     # %reserved_smem_offset_end's word (D9-S-1)
    reserved_off1: int | None = None    # %reserved_smem_offset_1's word
    reserved_size: int | None = None    # sm_80-89: the reserved size's word (the region is at the top)
    envreg: int | None = None           # PTX %envreg0 (the driver's %envreg1..2: the grid workspace; D10-C-1)
    cluster: int | None = None          # sm_90+: the cluster launch constants (%is_explicit_cluster; D10-C-4)
    const_window: int | None = None     # the generic address of constant bank 3 (cvta.const; D11-F-6)
    param_window: int | None = None     # the generic address of the parameters (cvta.param; D12-C-4) ...
    param_window_bank: bool = False     # ... given as bank 0's address (sm_75-89), else the first parameter's

    def cluster_words(self, grid, dims, explicit: bool) -> list[tuple[int, int]]:
        """(bank 0 offset, 32-bit value) of the cluster launch constants nvcc's sm_90+ code reads
        (decision D10-C-4): a launch without clusters is CUDA's implicit 1x1x1 cluster."""
        if self.cluster is None:
            return []
        size = dims[0] * dims[1] * dims[2]
        # %cluster_nctaid.xyz, 1.0f/%cluster_nctaid.xyz, %nclusterid.xyz, %cluster_nctarank (sm_100+ at
        # these offsets - 0xa0 * SR_CgaSize, which reads 0 in the model)
        nctaid, recip, ncluster, nrank = (0x144, 0x150, 0x15C, 0x188) if self.arch == 90 else (0x2A0, 0x2B0, 0x2C0, 0x2CC)
        out = [(self.cluster, int(explicit)), (nrank, size)]
        for i in range(3):
            out += [(nctaid + 4 * i, dims[i]), (recip + 4 * i, cluster_reciprocal(dims[i])),
                    (ncluster + 4 * i, grid[i] // dims[i])]
        return out

    def workspace_words(self, address: int) -> list[tuple[int, int]]:
        """(bank 0 offset, 32-bit value) of the grid workspace pointer a cooperative launch passes:
        %envreg1 its high word, %envreg2 its low word (cooperative_groups' driver_abi.h; D10-C-1)."""
        assert self.envreg is not None
        return [(self.envreg + 4, address >> 32), (self.envreg + 8, address & 0xFFFFFFFF)]

    @property
    def reserved_top(self) -> int:
        """Shared memory the model adds above the kernel's for the reserved region (sm_80-89)."""
        return RESERVED_SMEM if self.reserved_size is not None else 0

    def reserved_words(self, shared_size: int) -> list[tuple[int, int]]:
        """(bank 0 offset, 32-bit value) describing the reserved shared memory of a CTA of
        *shared_size* bytes (the total, reserved region included)."""
        if self.reserved_off1 is None or self.reserved_end is None:
            return []
        if self.reserved_size is not None:      # at the top: [shared_size - 1 KiB, shared_size)
            begin = shared_size - RESERVED_SMEM
            return [(self.reserved_size, RESERVED_SMEM), (self.reserved_end, shared_size),
                    (self.reserved_off1, begin + RESERVED_OFFSET_1)]
        return [(self.reserved_end, RESERVED_SMEM), (self.reserved_off1, RESERVED_OFFSET_1)]

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
        return 48 * 1024 + (RESERVED_SMEM if self.arch >= 90 else 0)


def cluster_reciprocal(n: int) -> int:
    """The binary32 bits of 1/n as the cluster launch constants hold it: nvcc's code computes
    ``%clusterid.x = trunc(float(%ctaid.x) * c)`` (decision D10-C-4), exact for every CTA
    coordinate below 2^24 only when c is not below 1/n: 1/n rounded to nearest, or the next
    float up when that is below."""
    import numpy as np
    f = np.float32(1.0 / n)
    if float(f) * n < 1.0:
        f = np.nextafter(f, np.float32(1.0))
    return int(f.view(np.uint32))


def abi_for(arch: int, where: str = "") -> Abi:
    if 75 <= arch <= 79:
        return Abi(arch, 0x0, 0xC, 0x28, None, 0x160, 0x18, 0x20, 0x10C, envreg=0x88, const_window=0x50,
                   param_window=0x40, param_window_bank=True)
    if 80 <= arch <= 89:
        return Abi(arch, 0x0, 0xC, 0x28, 0x118, 0x160, 0x18, 0x20, 0x10C, 0x120, 0x124, 0x114, envreg=0x88,
                   const_window=0x50, param_window=0x40, param_window_bank=True)
    if arch == 90:
        return Abi(arch, 0x0, 0xC, 0x28, 0x208, 0x210, None, 0x20, 0x10C, 0x68, 0x6C, envreg=0x40, cluster=0x140,
                   const_window=0xD0, param_window=0x198)
    if 100 <= arch <= 121:
        return Abi(arch, 0x360, 0x370, 0x37C, 0x358, 0x380, None, 0x2F8, 0x2D0, 0x278, 0x27C, envreg=0x250,
                   cluster=0x36C, const_window=0x120, param_window=0x348)
    raise UsageError(f"{where}{': ' if where else ''}{unsupported(arch)}")


def supported(arch: int) -> bool:
    """Whether the model has the launch ABI of target *arch* (:func:`abi_for` knows it)."""
    try:
        abi_for(arch)
    except UsageError:
        return False
    return True


def unsupported(arch: int) -> str:
    """The message for a target the model does not run."""
    return f"code for sm_{arch} is not supported (supported targets: sm_75-sm_89, sm_90, sm_100-sm_121)"


#: cooperative launches (decision D10-C-2): the model is one SM (%nsmid = 1, D8-11) with 64 warp slots
#: (%nwarpid) and at most 32 resident CTAs; its shared memory per SM is the target's (the CUDA
#: programming guide's per-compute-capability table)
SM_WARPS = 64
SM_CTAS = 32


def sm_shared_bytes(arch: int) -> int:
    """Shared memory per SM of the target (bytes)."""
    kib = {75: 64, 80: 164, 86: 100, 87: 164, 89: 100, 90: 228}.get(arch)
    if kib is None:
        kib = 100 if arch >= 120 else 228
    return kib * 1024


#: CUDA's launch limits (the programming guide's per-compute-capability table, the same on
#: sm_75 .. sm_121): block dimensions, threads per block, grid dimensions
MAX_BLOCK_DIMS = (1024, 1024, 64)
MAX_GRID_DIMS = (2**31 - 1, 65535, 65535)


def max_shared_per_block(arch: int) -> int:
    """The most shared memory a CTA can have (static + dynamic, with the opt-in
    ``cudaFuncAttributeMaxDynamicSharedMemorySize``): the SM's less the 1 KiB the driver
    reserves per CTA from sm_80 (cudaDevAttrMaxSharedMemoryPerBlockOptin)."""
    return sm_shared_bytes(arch) - (RESERVED_SMEM if arch >= 80 else 0)


def check_launch_limits(arch: int, grid, block, static_shared: int, dynamic_shared: int, name: str) -> None:
    """Refuse a launch CUDA refuses (cudaErrorInvalidConfiguration): a block or grid dimension
    over the limit, or more shared memory than the target gives a CTA (decision D11-B-10)."""
    for what, dims, most, opt in (("block", block, MAX_BLOCK_DIMS, "--block"),
                                  ("grid", grid, MAX_GRID_DIMS, "--grid")):
        for axis, n, m in zip("xyz", dims, most):
            if n > m:
                raise UsageError(f"{opt} {','.join(map(str, dims))}: {what} dimension {axis} is {n}, but CUDA allows "
                                 f"at most {m} (kernel {name}: the launch would fail with "
                                 f"cudaErrorInvalidConfiguration)")
    cap = max_shared_per_block(arch)
    if static_shared + dynamic_shared > cap:
        raise UsageError(f"--shared-bytes {dynamic_shared}: with the kernel's {static_shared} bytes of static shared "
                         f"memory a CTA of {name} would have {static_shared + dynamic_shared} bytes, but sm_{arch} "
                         f"gives a CTA at most {cap} ({cap // 1024} KiB)")


#: the register file (the programming guide's per-compute-capability table, sm_75 .. sm_121): 64 Ki
#: 32-bit registers per SM and per block, allocated per warp in units of 256
REGS_PER_BLOCK = 65536
REG_ALLOC_UNIT = 256
#: the most registers per thread ptxas gives a kernel (a count above it is a damaged cubin: D23-5)
MAX_REGS_PER_THREAD = 255


def check_launch_resources(block, registers: int | None, max_threads, name: str, exact: bool = True) -> None:
    """Refuse a block the kernel cannot run as (D12-L-4): more threads than its ``__launch_bounds__``
    (EIATTR_MAX_THREADS), or more registers than a block has -- each warp takes its threads'
    registers rounded up to 256 (``ptxas`` gives a kernel without launch bounds up to 255 registers per
    thread; a 1024-thread block has 64).  CUDA fails both launches with cudaErrorLaunchOutOfResources
    ("too many resources requested for launch").  *exact*: False when *registers* is a lower bound
    (a cuobjdump listing: the highest register the code names)."""
    threads = block[0] * block[1] * block[2]
    if max_threads is not None and max_threads[0] * max_threads[1] * max_threads[2] < threads:
        most = max_threads[0] * max_threads[1] * max_threads[2]
        raise UsageError(f"--block {','.join(map(str, block))}: {threads} threads, but kernel {name} was compiled "
                         f"for at most {most} (__launch_bounds__({most})): the launch would fail with "
                         f"cudaErrorLaunchOutOfResources")
    if registers:
        per_warp = -(-registers * 32 // REG_ALLOC_UNIT) * REG_ALLOC_UNIT
        warps = -(-threads // 32)
        if warps * per_warp > REGS_PER_BLOCK:
            fit = REGS_PER_BLOCK // per_warp * 32
            raise UsageError(f"--block {','.join(map(str, block))}: kernel {name} uses {'' if exact else 'at least '}{registers} registers per "
                             f"thread, so {warps} warps need {warps * per_warp} registers, but a block has "
                             f"{REGS_PER_BLOCK} (at most {fit} threads at this count; compile with "
                             f"__launch_bounds__ or -maxrregcount): the launch would fail with "
                             f"cudaErrorLaunchOutOfResources")


def check_cooperative_fit(arch: int, grid, block, shared_size: int, name: str) -> None:
    """A cooperative launch's CTAs must all be resident at once (cudaLaunchCooperativeKernel fails
    with cudaErrorCooperativeLaunchTooLarge otherwise): on the model's one SM, at most SM_WARPS warps,
    SM_CTAS CTAs and the target's shared memory per SM."""
    nctas = grid[0] * grid[1] * grid[2]
    wpc = -(-(block[0] * block[1] * block[2]) // 32)
    cap = sm_shared_bytes(arch)
    most = min(SM_WARPS // wpc, SM_CTAS, cap // shared_size if shared_size else SM_CTAS)
    if nctas <= most:
        return
    raise UsageError(f"kernel {name}: a cooperative launch of {nctas} CTAs ({nctas * wpc} warps, {shared_size} bytes "
                     f"of shared memory each) does not fit: its CTAs must all be resident at once, and the model is "
                     f"one SM (%nsmid = 1) holding at most {SM_WARPS} warps, {SM_CTAS} CTAs and {cap // 1024} KiB of "
                     f"shared memory (sm_{arch}); launch at most {most} CTAs of this size "
                     f"(cudaErrorCooperativeLaunchTooLarge)")
