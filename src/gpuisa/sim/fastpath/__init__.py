"""Speed code of the simulator, kept apart from the reference semantics: the one-warp
engine's per-address plans (:mod:`.gp_plans`).  The batched engine is
:mod:`gpuisa.sim.engine_batched`."""
