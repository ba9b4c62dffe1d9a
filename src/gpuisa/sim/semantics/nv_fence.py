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
