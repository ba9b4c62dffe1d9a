"""Command-line glue: ``gpuisa asm`` and ``gpuisa run`` take CUDA inputs through
:data:`gpuisa.clikit.INPUT_READERS` (registered by :mod:`gpuisa.cli`)."""
from __future__ import annotations

from . import CudaKernel, detect, read_module


def read_input(isa, path: str, data: bytes, kernel: str | None) -> CudaKernel | None:
    """The kernel of a CUDA input, assembled; None when *data* is not one."""
    if detect(data) is None:
        return None
    name = path if path != "-" else "<stdin>"
    mod = read_module(data, name)
    return CudaKernel(isa, mod, mod.kernel(kernel))
