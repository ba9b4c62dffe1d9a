"""The golden-model simulator.

    >>> import gpuisa
    >>> isa = gpuisa.load_isa()
    >>> res = isa.launch("S2R R1, SR_LANEID ;\\nEXIT ;", grid=2, block=64)   # doctest: +SKIP
    >>> res.warp(cta=1, warp=0).R[1]                                         # doctest: +SKIP

Semantics live in :mod:`gpuisa.sim.semantics` (one module per unit), registered
with :func:`gpuisa.sim.registry.semantics`; the API they use is documented in
``docs/sim-semantics-api.md``.
"""
from .registry import check_complete, load_semantics, semantics
from .simulator import Result, Simulator, StepRecord, WarpResult
from .state import Fault

__all__ = ["Simulator", "Result", "StepRecord", "WarpResult", "Fault", "semantics", "check_complete",
           "load_semantics"]
