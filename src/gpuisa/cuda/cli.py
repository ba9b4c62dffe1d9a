"""Command-line glue: ``gpuisa asm`` and ``gpuisa run`` take CUDA inputs through
:data:`gpuisa.clikit.INPUT_READERS` (registered by :mod:`gpuisa.cli`)."""
from __future__ import annotations

import sys

from . import CudaKernel, detect, read_module


def read_input(isa, path: str, data: bytes, kernel: str | None) -> CudaKernel | None:
    """The kernel of a CUDA input, assembled; None when *data* is not one."""
    if detect(data) is None:
        return None
    name = path if path != "-" else "<stdin>"
    mod = read_module(data, name)
    if mod.other_archs:     # a fat binary's listing: say which code runs (decision CU8)
        others = ", ".join(f"sm_{a}" for a in mod.other_archs)
        print(f"note: {name} holds code for sm_{mod.arch} and {others}; using sm_{mod.arch} (the first); "
              f"for another, list it alone: cuobjdump -sass -arch sm_XX FILE", file=sys.stderr)
    return CudaKernel(isa, mod, mod.kernel(kernel))
