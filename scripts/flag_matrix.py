#!/usr/bin/env python3
"""Rebuild corpus sources with other nvcc / nvdisasm / cuobjdump options and check every launch.

The corpus (``tests/cuda/corpus``) is compiled one way (``nvcc -cubin -O3`` plus a source's
``// nvcc-flags:`` line).  This tool compiles chosen sources again into a scratch directory with
other compiler options (``-G``, ``-Xptxas -O0``, ``-maxrregcount=16``, ``-use_fast_math``, ...),
lists each cubin with ``nvdisasm`` / ``cuobjdump -sass`` (and, with ``--listing``, with their other
options: ``nvdisasm -g``, ``-hex``, ``cuobjdump -sass -ptx``, ...), then runs every launch of the
source's manifest from each form and compares with ``tests/cuda/cuda_expect.py`` (independent
numpy results).  It prints one line per case that fails and a summary; ``--verbose`` every case.

Float outputs: a flag set that changes float arithmetic (``fast``: -use_fast_math, ``nofma``,
``ftz``, ``approx``) may legitimately change float results; such mismatches are reported as
``float-differs`` (not failures) unless ``--strict-float``; integer outputs are always exact.

Examples::

    python scripts/flag_matrix.py --flags G --arch sm_80 vector_add warp_reduce
    python scripts/flag_matrix.py --flags O0,rreg16 --arch sm_75,sm_120 --sample 20 --seed 3
    python scripts/flag_matrix.py --flags lineinfo --listing nv-gi,cu-ptx vector_add
    python scripts/flag_matrix.py --list

Needs nvcc on PATH, nvdisasm / cuobjdump (the nvidia-cuda-* wheels or PATH) and numpy.
"""
from __future__ import annotations

import argparse
import json
import random
import shlex
import subprocess
import sys
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "tests" / "cuda"))
sys.path.insert(0, str(ROOT / "scripts"))

#: named nvcc option sets (added after ``-O3`` and the source's own ``// nvcc-flags:``)
FLAGS = {
    "O3": "",
    "G": "-G",
    "lineinfo": "-lineinfo",
    "O0": "-Xptxas -O0",
    "O1": "-Xptxas -O1",
    "O2": "-Xptxas -O2",
    "rreg16": "-maxrregcount=16",
    "rreg24": "-maxrregcount=24",
    "rreg32": "-maxrregcount=32",
    "fast": "-use_fast_math",
    "nofma": "-fmad=false",
    "ftz": "-ftz=true",
    "approx": "-prec-div=false -prec-sqrt=false",
    "cg": "-Xptxas -dlcm=cg",
    "ca": "-Xptxas -dlcm=ca",
    "vec": "--extra-device-vectorization",
    "rdc": "-rdc=true",
    "cxx20": "-std=c++20",
    "restrict": "--restrict",
}
#: flag sets whose float results may differ from the exact-IEEE expectations
FLOAT_CHANGING = {"fast", "nofma", "ftz", "approx"}

#: integer outputs a flag set changes legitimately: (flag set, launch, output) -> why (checked by reading
#: the SASS; reported as "flag-differs", never as a pass)
KNOWN = {
    ("fast", "convert", "oi"): "-use_fast_math implies -ftz=true: __float2int_ru of a subnormal is "
                               "F2I.FTZ.CEIL, 0 instead of 1",
    ("ftz", "convert", "oi"): "F2I.FTZ.CEIL of a subnormal is 0 instead of 1",
    ("G", "p13_gray", "Pout"): "-G does not contract 0.21f*r + 0.71f*g + 0.07f*b into FFMAs: three of the "
                               "truncated grey values differ by 1 (equal to the separately rounded sum; D16-6)",
    ("nofma", "p13_gray", "Pout"): "-fmad=false: the separately rounded sum, as under -G (D16-6)",
    ("G", "mg12_axpy_f", "y"): "-G does not contract a*x + y into an FFMA: the product rounded apart "
                               "(equal to it, checked; D16-6)",
    ("G", "ws_mathf", "o"): "-G does not contract v * 0.7f + 0.3f into an FFMA: tgammaf of the "
                            "separately rounded argument, near its poles (equal to it, checked; D17-3)",
    ("nofma", "ws_mathf", "o"): "-fmad=false: tgammaf of the separately rounded argument, as under -G (D17-3)",
    ("fast", "fdiv_special", "o"): "-use_fast_math implies -ftz=true: a subnormal operand or result of /, sqrtf, 1/b, __fdiv_rn, fmaf is a zero of its sign (equal, all 384 words, to an independent reference that flushes; session 24)",
    ("ftz", "fdiv_special", "o"): "-ftz=true: a subnormal operand or result of /, sqrtf, 1/b, __fdiv_rn, fmaf is a zero of its sign (equal, all 384 words, to an independent reference that flushes; session 24)",
    ("fast", "fdiv_special", "oa"): "-use_fast_math implies -ftz=true: a subnormal operand of rsqrtf, __fdividef, a/sqrtf is a zero of its sign",
    ("ftz", "fdiv_special", "oa"): "-ftz=true: a subnormal operand of rsqrtf, __fdividef, a/sqrtf is a zero of its sign",
    ("fast", "fminmax3", "o"): "-use_fast_math implies -ftz=true: fminf/fmaxf of subnormals compare as zeros of their sign (the same words differ under -ftz=true alone; not checked against a flushing reference)",
    ("ftz", "fminmax3", "o"): "-ftz=true: fminf/fmaxf of subnormals compare as zeros of their sign (the same words differ under -ftz=true alone; not checked against a flushing reference)",
    ("fast", "fp10_narrow", "o"): "-use_fast_math implies -ftz=true: a subnormal binary32 source of the narrowing conversions is a zero of its sign (the same words differ under -ftz=true alone; not checked against a flushing reference)",
    ("ftz", "fp10_narrow", "o"): "-ftz=true: a subnormal binary32 source of the narrowing conversions is a zero of its sign (the same words differ under -ftz=true alone; not checked against a flushing reference)",
    ("fast", "fp10_narrow_all", "o"): "-use_fast_math implies -ftz=true: a subnormal binary32 source of the narrowing conversions is a zero of its sign (the same words differ under -ftz=true alone; not checked against a flushing reference)",
    ("ftz", "fp10_narrow_all", "o"): "-ftz=true: a subnormal binary32 source of the narrowing conversions is a zero of its sign (the same words differ under -ftz=true alone; not checked against a flushing reference)",
    ("fast", "fr10_round", "o"): "-use_fast_math implies -ftz=true: a subnormal result of the rounded operations is a zero of its sign (the same words differ under -ftz=true alone; not checked against a flushing reference)",
    ("ftz", "fr10_round", "o"): "-ftz=true: a subnormal result of the rounded operations is a zero of its sign (the same words differ under -ftz=true alone; not checked against a flushing reference)",
    ("fast", "fr10_round_all", "o"): "-use_fast_math implies -ftz=true: a subnormal result of the rounded operations is a zero of its sign (the same words differ under -ftz=true alone; not checked against a flushing reference)",
    ("ftz", "fr10_round_all", "o"): "-ftz=true: a subnormal result of the rounded operations is a zero of its sign (the same words differ under -ftz=true alone; not checked against a flushing reference)",
    ("approx", "fdiv_special", "o"): "-prec-div=false: a/b, 1/b and -a/3 are the approximate division "
                                     "(1 ulp here; __fdiv_rn stays exact; session 24)",
}

#: listing variants: name -> (tool, options); "nv" is plain nvdisasm, "cu" plain cuobjdump -sass
LISTINGS = {
    "nv": ("nvdisasm", []),
    "cu": ("cuobjdump", ["-sass"]),
    "nv-g": ("nvdisasm", ["-g"]),
    "nv-gi": ("nvdisasm", ["-gi"]),
    "nv-c": ("nvdisasm", ["-c"]),
    "nv-hex": ("nvdisasm", ["-hex"]),
    "nv-ndf": ("nvdisasm", ["-ndf"]),
    "nv-gp": ("nvdisasm", ["-gp"]),
    "nv-fun": ("nvdisasm", ["-fun", "{index}"]),       # nvdisasm -fun takes the symbol's index
    "nv-raw": ("nvdisasm", ["-raw"]),
    "nv-json": ("nvdisasm", ["-json"]),                # refused with the reason (no data sections, labels)
    "nv-novliw": ("nvdisasm", ["-novliw"]),
    "nv-plr": ("nvdisasm", ["-plr"]),
    "nv-sf": ("nvdisasm", ["-sf"]),
    "nv-sort": ("nvdisasm", ["-sort"]),
    "nv-annotate": ("nvdisasm", ["-json", "-annotate"]),
    "nv-poff": ("nvdisasm", ["-poff"]),
    "cu-ptx": ("cuobjdump", ["-sass", "-ptx"]),
    "cu-fun": ("cuobjdump", ["-sass", "-fun", "{kernel}"]),
    "cu-lelf": ("cuobjdump", ["-lelf", "-sass"]),      # lists the ELF files only: refused, not a listing
    "cu-res": ("cuobjdump", ["-res-usage", "-sass"]),
    "cu-sort": ("cuobjdump", ["-sort", "-sass"]),
}


def _tool(name: str) -> str:
    from build_cuda_corpus import tool
    return tool(name)


def _nvcc_flags(src: Path) -> list[str]:
    from build_cuda_corpus import extra_flags
    return extra_flags(src)


def compile_one(src: Path, arch: str, flagset: str, out: Path) -> tuple[Path | None, str]:
    """``nvcc -cubin -O3 [source flags] FLAGS -arch=ARCH``; (cubin, error text)."""
    cubin = out / f"{src.stem}.cubin"
    if cubin.exists() and cubin.stat().st_mtime > src.stat().st_mtime:
        return cubin, ""
    try:
        own = _nvcc_flags(src)
    except SystemExit as e:         # a library header this machine lacks (cuRAND): this source only
        return None, str(e)
    cmd = ["nvcc", "-cubin", "-O3", *own, *shlex.split(FLAGS[flagset]), f"-arch={arch}",
           "-o", str(cubin), str(src)]
    res = subprocess.run(cmd, capture_output=True, text=True)
    if res.returncode:
        return None, f"{shlex.join(cmd)}: {res.stderr.strip()[-400:]}"
    return cubin, ""


def list_one(cubin: Path, variant: str, kernels: list[str]) -> tuple[Path, str]:
    """The listing of *cubin* by *variant*, written beside it (``NAME.VARIANT``), and the tool's
    error message when it failed."""
    tool, opts = LISTINGS[variant]
    path = cubin.with_suffix(f".{variant}")
    err = path.with_suffix(path.suffix + ".err")
    if path.exists() and path.stat().st_mtime > cubin.stat().st_mtime:
        return path, err.read_text() if err.exists() else ""
    if "{kernel}" in opts or "{index}" in opts:
        index, name = _symbol(cubin, kernels[0])
        opts = [name if o == "{kernel}" else str(index) if o == "{index}" else o for o in opts]
    res = subprocess.run([_tool(tool), *opts, str(cubin)], capture_output=True, text=True)
    path.write_text(res.stdout if res.returncode == 0 else "")
    msg = f"{tool} {' '.join(opts)}: {res.stderr.strip()[:200]}" if res.returncode else ""
    err.write_text(msg)
    return path, msg


def _symbol(cubin: Path, kernel: str) -> tuple[int, str]:
    """The symbol-table index and the symbol of *kernel* (as a manifest names it: mangled, or
    demangled as ``--kernel`` takes it) in *cubin*: ``nvdisasm -fun`` takes the index,
    ``cuobjdump -fun`` the symbol."""
    from elftools.elf.elffile import ELFFile

    from gpuisa.cuda.module import CudaModule, KernelInfo
    with cubin.open("rb") as f:
        symtab = ELFFile(f).get_section_by_name(".symtab")
        syms = [(i, sym.name) for i, sym in enumerate(symtab.iter_symbols())
                if sym["st_info"]["type"] == "STT_FUNC" and sym.name]
    mod = CudaModule("cubin", str(cubin), 0, {n: KernelInfo(n) for _, n in syms})
    name = mod.kernel(kernel).name
    return next(i for i, n in syms if n == name), name


def run_launch(isa, path: Path, launch: dict, arch: str, flagset: str, float_ok: bool) -> tuple[str, str]:
    """(status, detail): ok, float-differs, flag-differs (KNOWN), FAIL-refused, FAIL-run, FAIL-wrong,
    FAIL-internal."""
    import numpy as np
    from cuda_expect import compare, expected, launch_options, make_inputs

    from gpuisa.cuda import load_cuda
    from gpuisa.errors import GpuisaError
    try:
        k = load_cuda(isa, path, launch["kernel"])
    except GpuisaError as e:
        return "FAIL-refused", str(e).splitlines()[0][:300]
    except Exception:       # an internal error is a finding, never hidden
        return "FAIL-internal", traceback.format_exc(limit=-3).strip().replace("\n", " | ")[-600:]
    inputs = make_inputs(launch)
    want = expected(launch, inputs)
    bufs = {name: a.copy() for name, a in inputs.items()}
    try:
        res = k.launch(grid=tuple(launch["grid"]), block=tuple(launch["block"]), params=launch["params"],
                       buffers=bufs, shared_bytes=launch.get("shared_bytes", 0), **launch_options(launch, arch))
    except GpuisaError as e:
        return "FAIL-run", str(e).splitlines()[0][:300]
    except Exception:
        return "FAIL-internal", traceback.format_exc(limit=-3).strip().replace("\n", " | ")[-600:]
    if res.status != "ok":
        return "FAIL-run", f"{res.status}: {str(res.fault)[:300]}"
    problems = [p for name in launch["outputs"] if (p := compare(launch, name, bufs[name], want[name]))]
    if problems:
        bad = [n for n in launch["outputs"] if compare(launch, n, bufs[n], want[n])]
        known = [KNOWN[(flagset, launch["name"], n)] for n in bad if (flagset, launch["name"], n) in KNOWN]
        floaty = all(want[n].dtype.kind == "f" or launch.get("tolerance", {}).get(n, {}).get("as")
                     for n in bad if (flagset, launch["name"], n) not in KNOWN)
        if len(known) == len(bad) or (float_ok and floaty):     # a listed difference counts under any flag set
            return ("flag-differs" if known else "float-differs"), "; ".join(known + problems)[:400]
        return "FAIL-wrong", "; ".join(problems)[:300]
    for name, a in inputs.items():
        if name not in launch["outputs"] and not np.array_equal(bufs[name].view(np.uint8), a.view(np.uint8)):
            return "FAIL-wrong", f"input {name} was written"
    return "ok", ""


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 epilog="flag sets: " + ", ".join(f"{k}={v!r}" for k, v in FLAGS.items())
                                 + "; listings: " + ", ".join(LISTINGS))
    ap.add_argument("--flags", default="G", help="comma-separated flag sets (default: %(default)s)")
    ap.add_argument("--arch", default="sm_75,sm_80,sm_90,sm_120", help="targets (default: %(default)s)")
    ap.add_argument("--listing", default="nv,cu", help="listing variants to run (default: %(default)s)")
    ap.add_argument("--cubin", action="store_true", help="also run from the cubin (costs an nvdisasm run each)")
    ap.add_argument("--sample", type=int, default=0, help="run N sources chosen at random (0: all given)")
    ap.add_argument("--seed", type=int, default=0, help="seed of --sample")
    ap.add_argument("--skip-full", action="store_true", help="leave out launches marked \"full\"")
    ap.add_argument("--strict-float", action="store_true",
                    help="float mismatches are failures under every flag set")
    ap.add_argument("--out", default="/tmp/gpuisa-flag-matrix", help="scratch directory (default: %(default)s)")
    ap.add_argument("--verbose", "-v", action="store_true", help="print every case")
    ap.add_argument("--list", action="store_true", help="print the flag sets and listing variants, then stop")
    ap.add_argument("names", nargs="*", help="corpus sources (default: all)")
    args = ap.parse_args()
    if args.list:
        for k, v in FLAGS.items():
            print(f"{k:10} nvcc -cubin -O3 {v}")
        for k, (t, o) in LISTINGS.items():
            print(f"{k:10} {t} {' '.join(o)}")
        return 0
    for f in args.flags.split(","):
        if f not in FLAGS:
            ap.error(f"unknown flag set {f!r} (--list)")
    for v in args.listing.split(","):
        if v not in LISTINGS:
            ap.error(f"unknown listing {v!r} (--list)")
    import gpuisa
    from cuda_expect import CORPUS
    isa = gpuisa.load_isa()
    sources = sorted((CORPUS / "src").glob("*.cu"))
    if args.names:
        missing = set(args.names) - {s.stem for s in sources}
        if missing:
            ap.error(f"no such corpus source: {', '.join(sorted(missing))}")
        sources = [s for s in sources if s.stem in args.names]
    if args.sample:
        sources = sorted(random.Random(args.seed).sample(sources, min(args.sample, len(sources))))
    counts: dict[str, int] = {}
    t0 = time.time()
    for flagset in args.flags.split(","):
        for arch in args.arch.split(","):
            out = Path(args.out) / flagset / arch
            out.mkdir(parents=True, exist_ok=True)
            for src in sources:
                manifest = json.loads(src.with_suffix(".json").read_text())
                launches = [l for l in manifest["launches"] if not (args.skip_full and l.get("full"))]
                cubin, err = compile_one(src, arch, flagset, out)
                if cubin is None:
                    counts["nvcc-error"] = counts.get("nvcc-error", 0) + 1
                    print(f"{flagset} {arch} {src.stem}: nvcc-error {err}", flush=True)
                    continue
                kernels = [l["kernel"] for l in launches] or ["?"]
                paths = []
                for v in args.listing.split(","):
                    path, err = list_one(cubin, v, kernels)
                    if err:
                        counts["tool-error"] = counts.get("tool-error", 0) + 1
                        print(f"{flagset} {arch} {path.name}: tool-error {err}", flush=True)
                    else:
                        paths.append(path)
                if args.cubin:
                    paths.append(cubin)
                for path in paths:
                    for launch in launches:
                        if path.suffix == ".nv-fun" or path.suffix == ".cu-fun":
                            if launch["kernel"] != kernels[0]:
                                continue
                        status, detail = run_launch(isa, path, launch, arch, flagset,
                                                    flagset in FLOAT_CHANGING and not args.strict_float)
                        counts[status] = counts.get(status, 0) + 1
                        if args.verbose or status != "ok":
                            print(f"{flagset} {arch} {path.name} {launch['name']}: {status} {detail}", flush=True)
    print(f"summary ({time.time() - t0:.0f} s): " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    return 1 if any(k.startswith("FAIL") or k == "nvcc-error" for k in counts) else 0


if __name__ == "__main__":
    raise SystemExit(main())
