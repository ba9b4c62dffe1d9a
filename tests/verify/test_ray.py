"""The Ray path gives the same rows as the local path (on a local Ray instance)."""
from __future__ import annotations

import pytest

from gpuisa.verify import raypath, regress

pytestmark = pytest.mark.slow


@pytest.mark.skipif(not raypath.available(), reason="Ray is not installed (the optional extra gpuisa[ray])")
def test_ray_matches_local():
    import ray
    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        seeds = range(20, 24)
        on_ray = regress.run_campaign(seeds, {"length": 12}, ray_address="local", chunk=2)
    finally:
        ray.shutdown()
    local = regress.run_campaign(seeds, {"length": 12}, jobs=1)

    def strip(rows):
        return [{k: v for k, v in r.items() if k != "seconds"} for r in rows]
    assert strip(on_ray) == strip(local)
    assert all(r["status"] == "pass" for r in local)
