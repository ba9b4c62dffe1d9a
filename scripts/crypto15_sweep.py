#!/usr/bin/env python3
"""Session 15 (crypto15): hashing, cipher, checksum and bit-packing kernels through the command line.

Every launch of the given sources runs as ``gpuisa run FILE --kernel ... --buffer ... --param ...
--dump-buffer ... --json`` from the nvdisasm listing, the cuobjdump listing and the cubin of each
target, and its buffers are compared with the independent expectation (tests/cuda/crypto15_ref.py via
cuda_expect).  Sources: the corpus's ``crypto15_*`` (built listings in tests/cuda/corpus/sm_XX) and
the large ones in tests/cuda/data/crypto15 (mochimodev/cuda-hashing-algos' md5/sha1/sha256/md2/keccak/
sha3/blake2b, sha512), compiled here with nvcc into a temporary directory (their listings are
megabytes: not in the corpus).  Needs nvcc on PATH (nvdisasm/cuobjdump as build_cuda_corpus.py finds
them).  Usage::

    python scripts/crypto15_sweep.py [--arch sm_75,sm_80,...] [--forms nvdisasm,cuobjdump,cubin]
                                     [--flags "-maxrregcount=32 -lineinfo"] [-j 2] [NAME ...]

Prints one line per run (``ok``/``WRONG``/``FAIL``) and a summary; exit 1 when any is not ok.
"""
from __future__ import annotations

import argparse
import json
import os
import shlex
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "cuda"))
sys.path.insert(0, str(ROOT / "scripts"))
import cuda_expect as ce  # noqa: E402
from build_cuda_corpus import tool  # noqa: E402

DATA = ROOT / "tests" / "cuda" / "data" / "crypto15"
CORPUS = ROOT / "tests" / "cuda" / "corpus"


def sources() -> dict[str, Path]:
    out = {p.stem: p for p in sorted((CORPUS / "src").glob("crypto15_*.cu"))}
    out.update({p.stem: p for p in sorted(DATA.glob("crypto15_*.cu"))})
    return out


def build(src: Path, arch: str, flags: list[str], out: Path) -> Path:
    """cubin + both listings of *src* for *arch* in *out*; the corpus's own build when no flags."""
    if src.parent == CORPUS / "src" and not flags and (CORPUS / arch / f"{src.stem}.cubin").exists():
        return CORPUS / arch
    d = out / arch
    d.mkdir(parents=True, exist_ok=True)
    cubin = d / f"{src.stem}.cubin"
    subprocess.run(["nvcc", "-cubin", "-O3", *flags, f"-arch={arch}", "-o", str(cubin), str(src)], check=True)
    (d / f"{src.stem}.nvdisasm").write_text(subprocess.run([tool("nvdisasm"), str(cubin)], check=True,
                                                            capture_output=True, text=True).stdout)
    env = dict(os.environ, NVDISASM_PATH=tool("nvdisasm"))
    (d / f"{src.stem}.cuobjdump").write_text(subprocess.run([tool("cuobjdump"), "-sass", str(cubin)], check=True,
                                                             capture_output=True, text=True, env=env).stdout)
    return d


def run(path: Path, launch: dict, tmp: Path) -> str:
    inputs = ce.make_inputs(launch)
    args = [sys.executable, "-m", "gpuisa", "run", str(path), "--kernel", launch["kernel"], "--json",
            "--grid", ",".join(map(str, launch["grid"])), "--block", ",".join(map(str, launch["block"]))]
    for name, a in inputs.items():
        f = tmp / f"{launch['name']}-{path.parent.name}-{path.suffix[1:]}-{name}.bin"
        a.tofile(f)
        args += ["--buffer", f"{name}={a.nbytes}:file:{f}"]
    for p in launch["params"]:
        args += ["--param", p]
    for name in launch["outputs"]:
        args += ["--dump-buffer", f"{name}:{launch['buffers'][name]['dtype']}"]
    r = subprocess.run(args, capture_output=True, text=True, env=dict(os.environ, PYTHONPATH=str(ROOT / "src")))
    where = f"{launch['name']} {path.parent.name} {path.suffix[1:]}"
    if r.returncode:
        return f"FAIL {where} (exit {r.returncode}): {(r.stdout + r.stderr).strip()[-400:]}"
    out = json.loads(r.stdout)
    if out.get("status") != "ok":
        return f"FAIL {where}: status {out.get('status')}"
    want = ce.expected(launch, inputs)
    probs = [p for name in launch["outputs"] if (p := ce.compare(
        launch, name, np.array(out["buffers"][name], dtype=ce.NP[launch["buffers"][name]["dtype"]]), want[name]))]
    return f"WRONG {where}: {'; '.join(probs)[:400]}" if probs else f"ok {where}"


def main(argv=None, srcs: dict[str, Path] | None = None, label: str = "crypto15", doc: str | None = None) -> int:
    """The sweep over *srcs* (default: :func:`sources`); scripts/img16_sweep.py runs it on its own."""
    ap = argparse.ArgumentParser(description=(doc or __doc__ or "").split("\n")[0])
    ap.add_argument("names", nargs="*")
    ap.add_argument("--arch", default="sm_75,sm_80,sm_90,sm_120")
    ap.add_argument("--forms", default="nvdisasm,cuobjdump,cubin")
    ap.add_argument("--flags", default="")
    ap.add_argument("-j", type=int, default=2)
    a = ap.parse_args(argv)
    srcs = srcs if srcs is not None else sources()
    names = a.names or list(srcs)
    flags = shlex.split(a.flags)
    jobs = []
    with tempfile.TemporaryDirectory(prefix=f"{label}-") as t:
        tmp = Path(t)
        for name in names:
            src = srcs[name]
            manifest = json.loads(src.with_suffix(".json").read_text())
            for arch in a.arch.split(","):
                d = build(src, arch, flags, tmp)
                for form in a.forms.split(","):
                    jobs += [(d / f"{name}.{form}", launch, tmp) for launch in manifest["launches"]]
        with ThreadPoolExecutor(a.j) as ex:
            results = list(ex.map(lambda j: run(*j), jobs))
    for line in results:
        print(line)
    bad = [r for r in results if not r.startswith("ok")]
    print(f"{len(results) - len(bad)}/{len(results)} ok")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
