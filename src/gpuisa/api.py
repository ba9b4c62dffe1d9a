"""The Python API: one object per ISA that every tool hangs off.

    >>> import gpuisa
    >>> isa = gpuisa.load_isa()                   # the shipped ISA
    >>> prog = isa.assemble("S2R R1, SR_LANEID ;\\nEXIT ;")   # doctest: +SKIP
    >>> isa.disassemble(prog.data)                              # doctest: +SKIP
"""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

from .spec import Database, load


class ISA:
    """An instruction set: its database plus the tools that read it."""

    def __init__(self, db: Database):
        self.db = db

    # -- assembly ----------------------------------------------------------
    def assemble(self, text: str, *, filename: str = "<input>", base: int = 0, first_line: int = 1):
        """Assemble a program; returns a :class:`gpuisa.asm.assembler.Program`.
        Raises :class:`gpuisa.errors.AsmError` with every diagnostic.  *first_line*: the
        line number of the text's first line in *filename* (the text is an excerpt)."""
        from .asm.assembler import assemble
        return assemble(self.db, text, filename=filename, base=base, first_line=first_line)

    def encode(self, text: str, *, pc: int = 0) -> int:
        """Encode one instruction statement to its 128-bit word."""
        from .asm.assembler import encode_one
        return encode_one(self.db, text, pc=pc)

    def decode(self, word: int, *, pc: int = 0):
        """Decode one 128-bit word to a :class:`gpuisa.asm.disassembler.DecodedLine`."""
        from .asm.disassembler import decode_one
        return decode_one(self.db, word, pc=pc)

    def disassemble(self, data: bytes, *, base: int = 0, labels: bool = False, as_text: bool = False):
        """Disassemble raw little-endian 128-bit words: a list of decoded lines,
        or the listing text with ``as_text=True``."""
        from .asm.disassembler import disassemble
        lines = disassemble(self.db, data, base=base, labels=labels)
        if as_text:
            from .asm.disassembler import format_listing
            return format_listing(lines, labels=labels)
        return lines

    # -- simulation ---------------------------------------------------------
    def simulator(self, program, **launch):
        """A :class:`gpuisa.sim.Simulator` for *program* (text or assembled Program)."""
        from .sim import Simulator
        if isinstance(program, str):
            program = self.assemble(program)
        return Simulator(self, program, **launch)

    def launch(self, program, **launch):
        """Run *program* to completion and return the final state."""
        return self.simulator(program, **launch).run()

    # -- CUDA inputs ----------------------------------------------------------
    def load_cuda(self, source, kernel: str | None = None, *, arch: int | str | None = None):
        """A kernel of an nvdisasm / cuobjdump listing, a cubin, or an executable / object
        file / fat binary built by nvcc (path, or the file's bytes / text), assembled: a
        :class:`gpuisa.cuda.CudaKernel` whose ``launch(grid=, block=, params=, buffers=,
        shared_bytes=)`` fills the CUDA launch ABI (docs/cuda.md).  *kernel*: mangled or
        demangled name; default the only kernel.  *arch* (``"sm_90"`` or 90): a binary's
        target; default its first."""
        from .cuda import load_cuda
        return load_cuda(self, source, kernel, arch=arch)

    def __repr__(self) -> str:
        return f"<ISA {len(self.db.opcodes)} opcodes>"


def load_isa(paths: Sequence[str | Path] | None = None, *, base: bool = True) -> ISA:
    """Load an ISA: the shipped one by default, or the description files/folders
    in *paths* (with the project's base file unless ``base=False``)."""
    return ISA(load(paths, base=base))
