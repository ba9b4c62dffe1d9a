#!/usr/bin/env python3
"""Session 15 (proxy15): run the proxy-application corpus sources (``tests/cuda/corpus/src/proxy15_*``)
through the command line, as their author would: ``gpuisa run FILE --kernel NAME --grid G --block B
--buffer NAME=file:PATH ... --param ... --dump-buffer NAME:DTYPE --json`` from the nvdisasm listing,
the cuobjdump listing and the cubin of every target, and compare with cuda_expect.py's independent
results (the manifest's tolerances).  ``--full`` adds the launches marked ``"full"``; ``--engine``
chooses the engine; ``--time`` prints the wall time of every run, slowest last.

    python scripts/proxy15_cli.py [--full] [--engine batched|reference] [--arch sm_90] [--form cubin] [-k NAME] [--time]
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "cuda"))

import numpy as np  # noqa: E402

from cuda_expect import ARCHS, CORPUS, compare, expected, make_inputs, manifests  # noqa: E402

FORMS = ("nvdisasm", "cuobjdump", "cubin")
DT = {"s32": "s32", "u32": "u32", "s64": "s64", "u64": "u64", "f32": "f32", "f64": "f64", "u16": "u16", "s16": "s16",
      "u8": "u8", "s8": "s8"}


def run_one(stem, launch, arch, form, engine, tmp):
    inputs = make_inputs(launch)
    want = expected(launch, inputs)
    cmd = [sys.executable, "-m", "gpuisa", "run", str(CORPUS / arch / f"{stem}.{form}"), "--kernel", launch["kernel"],
           "--grid", ",".join(map(str, launch["grid"])), "--block", ",".join(map(str, launch["block"])),
           "--engine", engine, "--json"]
    if launch.get("shared_bytes"):
        cmd += ["--shared-bytes", str(launch["shared_bytes"])]
    for name, a in inputs.items():
        p = Path(tmp) / f"{name}.bin"
        p.write_bytes(a.tobytes())
        cmd += ["--buffer", f"{name}=file:{p}"]
    for prm in launch["params"]:
        cmd += ["--param", prm]
    for name in launch["outputs"]:
        cmd += ["--dump-buffer", f"{name}:{DT[launch['buffers'][name]['dtype']]}"]
    t0 = time.perf_counter()
    r = subprocess.run(cmd, capture_output=True, text=True, env=dict(os.environ, PYTHONPATH=str(ROOT / "src")))
    dt = time.perf_counter() - t0
    if r.returncode != 0:
        return dt, f"exit {r.returncode}: {(r.stdout + r.stderr)[-600:]}", None
    out = json.loads(r.stdout)
    problems = [p for name in launch["outputs"]
                if (p := compare(launch, name, np.array(out["buffers"][name], dtype=inputs[name].dtype), want[name]))]
    return dt, "; ".join(problems) or None, out.get("steps")


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--full", action="store_true")
    ap.add_argument("--engine", default="batched")
    ap.add_argument("--arch", action="append")
    ap.add_argument("--form", action="append")
    ap.add_argument("-k", default="")
    ap.add_argument("--time", action="store_true")
    a = ap.parse_args(argv)
    runs, bad = [], 0
    with tempfile.TemporaryDirectory() as tmp:
        for stem, m in manifests().items():
            if not stem.startswith("proxy15_"):
                continue
            for launch in m["launches"]:
                if (launch.get("full") and not a.full) or a.k not in launch["name"]:
                    continue
                for arch in a.arch or ARCHS:
                    for form in a.form or FORMS:
                        dt, err, steps = run_one(stem, launch, arch, form, a.engine, tmp)
                        runs.append((dt, launch["name"], arch, form, steps))
                        tag = f"{launch['name']} {launch['kernel']} {arch} {form} grid={launch['grid']} block={launch['block']}"
                        if err:
                            bad += 1
                            print(f"FAIL {tag}: {err}", flush=True)
                        elif not a.time:
                            print(f"ok   {tag} ({dt:.2f} s)", flush=True)
    if a.time:
        for dt, name, arch, form, steps in sorted(runs):
            print(f"{dt:7.2f} s  {name} {arch} {form} steps={steps}")
    print(f"{len(runs)} runs, {bad} failed")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
