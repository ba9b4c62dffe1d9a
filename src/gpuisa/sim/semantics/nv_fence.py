"""Semantics of the fences and cache controls nvcc emits (fence.isa): architectural no-ops
in this model (accesses are performed in program order when they execute; there is no cache;
faults are reported when they happen)."""
from __future__ import annotations

from ..context import Exec
from ..state import INST_SIZE
from ..registry import semantics


@semantics("ERRBAR")
def ERRBAR(x: Exec) -> None:
    """ERRBAR: pseudo code in the database (``__Semantics``, fence.isa; appended here by the registry)."""


@semantics("CGAERRBAR")
def CGAERRBAR(x: Exec) -> None:
    """CGAERRBAR: pseudo code in the database (``__Semantics``, fence.isa; appended here by the registry)."""


@semantics("ACQBULK")
def ACQBULK(x: Exec) -> None:
    """ACQBULK: pseudo code in the database (``__Semantics``, fence.isa; appended here by the registry)."""


@semantics("PREEXIT")
def PREEXIT(x: Exec) -> None:
    """PREEXIT: pseudo code in the database (``__Semantics``, fence.isa; appended here by the registry)."""


@semantics("CCTL")
def CCTL(x: Exec) -> None:
    """CCTL: pseudo code in the database (``__Semantics``, fence.isa; appended here by the registry)."""


@semantics("UCGABAR_ARV", control=True)
def UCGABAR_ARV(x: Exec) -> None:
    """UCGABAR_ARV: pseudo code in the database (``__Semantics``, fence.isa; appended here by the registry).
    The executing lanes arrive at the warp's cluster's barrier (sim/cluster.py; decision D10-C-6); a
    launch without clusters runs each CTA as a cluster of one. The batched engine's kernel is ``_k_cgabar``."""
    w = x.w
    w.pc = x.pc + INST_SIZE
    if x.pmask:
        x.sim.cluster_arrive(w, x.pmask)


@semantics("UCGABAR_WAIT", control=True)
def UCGABAR_WAIT(x: Exec) -> None:
    """UCGABAR_WAIT: pseudo code in the database (``__Semantics``, fence.isa; appended here by the registry).
    The executing lanes wait until the phase of the cluster barrier they arrived in completes; the
    warp is held meanwhile (D10-C-6)."""
    w = x.w
    w.pc = x.pc + INST_SIZE
    if x.pmask:
        x.sim.cluster_wait(w, x.pmask)
