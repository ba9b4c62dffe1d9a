"""Command-line glue: ``gpuisa asm`` and ``gpuisa run`` take CUDA inputs through
:data:`gpuisa.clikit.INPUT_READERS` (registered by :mod:`gpuisa.cli`)."""
from __future__ import annotations

import sys

from ..errors import UsageError
from . import CudaKernel, detect, read_module


def read_input(isa, path: str, data: bytes, kernel: str | None, *, arch: str | None = None,
               nvcc_flags: tuple[str, ...] = ()) -> CudaKernel | None:
    """The kernel of a CUDA input, assembled; None when *data* is not one. A ``.cu`` source is
    first compiled with nvcc for *arch* (D8-9)."""
    if path.endswith(".cu") and detect(data) is None:
        from .nvcc import DEFAULT_FLAGS, compile_cubin
        data, cmd = compile_cubin(path, arch, tuple(nvcc_flags) or DEFAULT_FLAGS)
        print(f"note: compiled with {' '.join(cmd)}", file=sys.stderr)
        path = f"{path} ({cmd[2] if arch else 'nvcc'})"
    elif arch is not None or nvcc_flags:
        raise UsageError(f"--arch and --nvcc-flag apply to a CUDA source (.cu); {path} is "
                         f"{'a compiled input' if detect(data) else 'not one'}")
    if detect(data) is None:
        return None
    name = path if path != "-" else "<stdin>"
    mod = read_module(data, name)
    if mod.other_archs:     # a fat binary's listing: say which code runs (decision CU8)
        others = ", ".join(f"sm_{a}" for a in mod.other_archs)
        print(f"note: {name} holds code for sm_{mod.arch} and {others}; using sm_{mod.arch} (the first); "
              f"for another, list it alone: cuobjdump -sass -arch sm_XX FILE", file=sys.stderr)
    return CudaKernel(isa, mod, mod.kernel(kernel))
