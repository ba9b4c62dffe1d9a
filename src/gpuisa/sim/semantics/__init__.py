"""Instruction semantics, one module per unit (``sync``, ``bru``, ``misc``, and
``gp`` for the general-purpose instructions).  Each function is named after its
optype and registered with :func:`gpuisa.sim.registry.semantics`."""
