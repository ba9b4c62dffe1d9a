"""``gpuisa regress --ray [ADDRESS]``: the seed chunks as Ray tasks.

Ray is optional (``pip install 'gpuisa[ray]'``).  Without an address (or with
``local``) a Ray instance is started on this machine; otherwise ``ray.init``
connects to the cluster at ADDRESS (e.g. ``ray://head:10001`` or ``auto``),
whose nodes must have the same gpuisa installed.  Each task runs
:func:`gpuisa.verify.regress._chunk` (passed in), the function the local process pool runs,
so both paths give the same rows.
"""
from __future__ import annotations

from ..errors import UsageError


def available() -> bool:
    try:
        import ray  # noqa: F401
    except ImportError:
        return False
    return True


def run_on_ray(fn, chunks, args, address, take, num_cpus: int | None = None) -> None:
    """Run ``fn(chunk, *args)`` for every chunk as a Ray task; ``take(result)`` as they finish."""
    try:
        import ray
    except ImportError:
        raise UsageError("--ray needs Ray, which is not installed: pip install 'gpuisa[ray]'") from None
    started = False
    if not ray.is_initialized():
        if address in (None, "", "local"):
            ray.init(num_cpus=num_cpus, include_dashboard=False, log_to_driver=False,
                     configure_logging=False)
        else:
            ray.init(address=address, log_to_driver=False, configure_logging=False)
        started = True
    try:
        task = ray.remote(fn)
        pending = [task.remote(c, *args) for c in chunks]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                take(ray.get(ref))
    finally:
        if started:
            ray.shutdown()
