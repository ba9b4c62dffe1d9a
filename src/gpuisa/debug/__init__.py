"""``gpuisa debug``: a gdb-like debugger for warps on the golden model
(``docs/debugger.md``)."""
from .debugger import Debugger, run_script

__all__ = ["Debugger", "run_script"]
