"""Semantics of the fences and cache controls nvcc emits (fence.isa): architectural no-ops
in this model (accesses are performed in program order when they execute; there is no cache;
faults are reported when they happen)."""
from __future__ import annotations

from ..context import Exec
from ..registry import semantics


@semantics("ERRBAR")
def ERRBAR(x: Exec) -> None:
    """ERRBAR: pseudo code in the database (``__Semantics``, fence.isa; appended here by the registry)."""


@semantics("CGAERRBAR")
def CGAERRBAR(x: Exec) -> None:
    """CGAERRBAR: pseudo code in the database (``__Semantics``, fence.isa; appended here by the registry)."""


@semantics("CCTL")
def CCTL(x: Exec) -> None:
    """CCTL: pseudo code in the database (``__Semantics``, fence.isa; appended here by the registry)."""


def _cluster_barrier(x: Exec, name: str) -> None:
    x.fault("invalid-instruction", f"{name}: a cluster barrier; gpuisa launches without clusters and does "
                                   f"not model them (decisions D7-2, D9-4)")


@semantics("UCGABAR_ARV")
def UCGABAR_ARV(x: Exec) -> None:
    """UCGABAR_ARV: pseudo code in the database (``__Semantics``, fence.isa; appended here by the registry)."""
    _cluster_barrier(x, "UCGABAR_ARV")


@semantics("UCGABAR_WAIT")
def UCGABAR_WAIT(x: Exec) -> None:
    """UCGABAR_WAIT: pseudo code in the database (``__Semantics``, fence.isa; appended here by the registry)."""
    _cluster_barrier(x, "UCGABAR_WAIT")
