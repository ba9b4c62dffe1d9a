"""gpuisa: spec compiler, assembler/disassembler, golden-model simulator and
reference manual for a 128-bit SASS-like GPU instruction set."""
from .api import ISA, load_isa
from .errors import AsmError, GpuisaError, ModelError, SpecError
from ._version import __version__

__all__ = ["ISA", "load_isa", "AsmError", "GpuisaError", "ModelError", "SpecError", "__version__"]
