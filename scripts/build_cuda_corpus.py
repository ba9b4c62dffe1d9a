#!/usr/bin/env python3
"""Regenerate the CUDA corpus in ``tests/cuda/corpus/`` (not needed by the tests).

For every ``tests/cuda/corpus/src/NAME.cu`` and every target architecture this
writes ``tests/cuda/corpus/sm_XX/NAME.cubin`` (``nvcc -cubin -O3 -arch=sm_XX``),
``NAME.nvdisasm`` (the text ``nvdisasm NAME.cubin`` prints) and ``NAME.cuobjdump``
(``cuobjdump -sass NAME.cubin``).  The hand-written launch manifests
``src/NAME.json`` are not touched.  A source whose first lines hold a comment
``// nvcc-flags: FLAGS`` (``-use_fast_math``, ``-maxrregcount=32``, ``-Xptxas -O1``) is
compiled with those flags added after ``-O3``; one with ``// nvcc-include: HEADER`` (a header of a
library the toolkit ships as a separate wheel, ``curand_kernel.h``) with ``-I`` for the directory
that has it (``include_dirs``).

Needs nvcc on PATH and nvdisasm / cuobjdump, either on PATH or from the PyPI
packages ``nvidia-cuda-nvdisasm`` / ``nvidia-cuda-cuobjdump`` installed in the
running Python (``pip install -e '.[corpus]'``).  Usage::

    python scripts/build_cuda_corpus.py [--arch sm_75,sm_80,...] [--extra] [NAME ...]

``--extra`` also builds, for the other architectures nvcc 13 supports, the few
sources listed in ``EXTRA`` (the tests run whatever ``sm_*`` directories exist).
"""
from __future__ import annotations

import argparse
import os
import re
import shlex
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "cuda" / "corpus"
ARCHS = ("sm_75", "sm_80", "sm_90", "sm_120")
# The other architectures nvcc 13 compiles for, each with the sources whose listings differ there
# (decisions D6-1..D6-3: VIMNMX's predicate results and CREDUX on sm_100/103/110, the BMOV
# prologue of sm_87), the mbarrier and cp.async forms of sm_86/sm_89 (D7-tut-1, -2), the narrow-float F2FP forms of
# the `a` targets (D10-H-3), sm_100's RPCMOV in this_grid()'s code (D11-1), the parameters' generic address of sm_100 (D12-C-4) and a plain kernel that checks the launch ABI of the target.
EXTRA = {
    "sm_86": ("vector_add", "matmul_shared", "tut_mbarrier", "tut_cpasync", "sync8_barrier", "proxy15_bude"),
    "sm_87": ("vector_add", "async_copy", "warp_reduce"),
    "sm_88": ("vector_add",),
    "sm_89": ("vector_add", "matmul_shared", "fp8_convert", "tut_mbarrier", "tut_cpasync", "mma10_lowbits", "proxy15_rsbench"),
    "sm_100": ("vector_add", "warp_scan", "vote_red", "atom_mix", "simd_video", "hist_agg", "fp8_convert", "fminmax3", "int10_uni",
               "sync8_mbar_ptx", "sync8_pipeline", "coop10_grid", "cpp12_more", "hash14_vec", "proxy15_rsbench",
               "proxy15_kahan", "neg19", "f2x20", "f2x20f", "usat20", "mma24_u4to8"),
    "sm_103": ("vector_add", "warp_scan", "atom_mix", "fminmax3", "f2x20", "f2x20f"),
    "sm_110": ("vector_add", "warp_scan", "vote_red", "f2x20"),
    "sm_121": ("vector_add", "matmul_shared"),
    # the architecture-specific targets' F2FP forms of the 6- and 4-bit floats and UE8M0 (decision D10-H-3)
    "sm_100a": ("fp10_narrow",),
    "sm_120a": ("fp10_narrow",),
}


def tool(name: str) -> str:
    """*name* from the nvidia-cuda-* wheel (nvidia/cu*/bin) or from PATH."""
    site = Path(sysconfig.get_paths()["purelib"]) / "nvidia"
    for cand in sorted(site.glob(f"cu*/bin/{name}")) + sorted(site.glob(f"cuda_*/bin/{name}")):
        return str(cand)
    found = shutil.which(name)
    if not found:
        sys.exit(f"build_cuda_corpus: {name} not found (pip install nvidia-cuda-{name})")
    return found


def run(cmd: list[str]) -> str:
    res = subprocess.run(cmd, capture_output=True, text=True)
    if res.returncode:
        sys.exit(f"build_cuda_corpus: {' '.join(cmd)} failed:\n{res.stderr}")
    return res.stdout


def include_dirs(header: str) -> list[str]:
    """``-I DIR`` for the directory that holds *header* (a library the toolkit ships as a PyPI wheel,
    not in nvcc's own include directory: cuRAND's ``curand_kernel.h`` is ``pip install nvidia-curand``):
    searched in ``$GPUISA_CUDA_INCLUDE`` (directories separated by ``:``), then in the running Python's
    ``nvidia/*/include``."""
    env = [Path(d) for d in os.environ.get("GPUISA_CUDA_INCLUDE", "").split(os.pathsep) if d]
    site = Path(sysconfig.get_paths()["purelib"]) / "nvidia"
    for cand in env + sorted(site.glob("*/include")):
        if (cand / header).is_file():
            return ["-I", str(cand)]
    sys.exit(f"build_cuda_corpus: {header} not found: pip install the NVIDIA wheel that has it "
             "(nvidia-curand for curand_kernel.h) or name its include directory in GPUISA_CUDA_INCLUDE")


def extra_flags(src: Path) -> list[str]:
    """The nvcc flags a source declares in a ``// nvcc-flags: ...`` comment among its first lines, and
    ``-I DIR`` for each ``// nvcc-include: HEADER`` (include_dirs)."""
    flags: list[str] = []
    for line in src.read_text().splitlines()[:5]:
        m = re.match(r"\s*//\s*nvcc-(flags|include):(.*)", line)
        if m and m.group(1) == "flags":
            flags += shlex.split(m.group(2))
        elif m:
            for header in m.group(2).split():
                flags += include_dirs(header)
    return flags


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--arch", default=",".join(ARCHS),
                    help="architectures to build every source for (default: %(default)s)")
    ap.add_argument("--extra", action="store_true",
                    help="also build the subsets of EXTRA for the other architectures")
    ap.add_argument("names", nargs="*")
    args = ap.parse_args()
    nvcc, nvdisasm, cuobjdump = shutil.which("nvcc"), tool("nvdisasm"), tool("cuobjdump")
    if not nvcc:
        sys.exit("build_cuda_corpus: nvcc not found on PATH")
    sources = sorted((CORPUS / "src").glob("*.cu"))
    if args.names:
        sources = [s for s in sources if s.stem in args.names]
    jobs = [(arch, sources) for arch in args.arch.split(",") if arch]
    if args.extra:
        jobs += [(arch, [s for s in sources if s.stem in names]) for arch, names in EXTRA.items()]
    for arch, srcs in jobs:
        out = CORPUS / arch
        out.mkdir(parents=True, exist_ok=True)
        for src in srcs:
            cubin = out / f"{src.stem}.cubin"
            run([nvcc, "-cubin", "-O3", *extra_flags(src), f"-arch={arch}", "-o", str(cubin), str(src)])
            (out / f"{src.stem}.nvdisasm").write_text(run([nvdisasm, str(cubin)]))
            (out / f"{src.stem}.cuobjdump").write_text(run([cuobjdump, "-sass", str(cubin)]))
            print(f"{arch}/{src.stem}")
    print(run([nvcc, "--version"]).strip().splitlines()[-1])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
