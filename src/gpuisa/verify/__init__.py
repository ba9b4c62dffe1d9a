"""Verification kit: constrained-random divergent programs (``gen``), an
independent per-thread oracle (``oracle``), coverage (``coverage``),
regressions with shrinking (``regress``) and trace co-simulation (``cosim``).

Layering: this package sits after ``gpuisa.sim`` and before ``gpuisa.docs``
and the CLI.  ``gen`` and ``oracle`` import nothing from ``gpuisa.sim``: the
oracle is a separate model of the same architecture, so that it can check the
simulator.  See ``docs/verification.md``.
"""
