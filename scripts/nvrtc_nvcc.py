#!/usr/bin/env python3
"""An ``nvcc -cubin`` stand-in built on another toolkit's NVRTC (decision D24-1).

A hidden corpus may come from a CUDA 12 nvcc, whose front end (cicc: inlining, libdevice, the NVVM
optimiser) differs from this machine's CUDA 13.0.  CUDA 12's PyPI wheels carry no cicc, but NVRTC
is the same front end and ptxas as a library.  This script compiles one device-only source the way
``nvcc -cubin -O3 [flags] -arch=sm_XX SRC -o OUT`` does, through ``nvrtcCompileProgram`` and
``nvrtcGetCUBIN`` of the NVRTC under ROOT, so that ``scripts/flag_matrix.py`` and
``scripts/cuda_fuzz.py`` (which call ``nvcc`` from PATH) build with it:

    pip download --no-deps nvidia-cuda-nvrtc-cu12==12.8.93 nvidia-cuda-runtime-cu12==12.8.90 \\
        nvidia-cuda-cccl-cu12==12.8.90 nvidia-cuda-nvcc-cu12==12.8.93 -d wh
    for w in wh/*.whl; do python -m zipfile -e "$w" /tmp/cu128; done
    python scripts/nvrtc_nvcc.py --install /tmp/rtc128 --root /tmp/cu128   # writes /tmp/rtc128/nvcc
    PATH=/tmp/rtc128:$PATH python scripts/flag_matrix.py --flags O3 --arch sm_120 --listing nv

The runtime, nvcc (its ``crt/``) and CCCL wheels give the CUDA headers; the C library headers a
device-only source includes (``cstdint``, ``cstdio``, ``cassert``, ``climits``, ``cfloat``, ...) are
written as small stand-ins into a cache directory.  Not supported (exit 3, a toolchain failure to
the callers): ``-rdc``, ``-Xptxas``, ``-Xcompiler``; CUB, Thrust and cuRAND headers need host
code NVRTC does not compile.  An experiment's tool: the product never uses it.
"""
from __future__ import annotations

import argparse
import ctypes
import os
import stat
import sys
import tempfile
from pathlib import Path

#: stand-ins for the C library headers (NVRTC has none)
SHIMS = {
    "stddef.h": "typedef unsigned long size_t;\ntypedef long ptrdiff_t;\n#ifndef NULL\n#define NULL 0\n#endif\n",
    "cstddef": "#include <stddef.h>\nnamespace std { using ::size_t; using ::ptrdiff_t; "
               "typedef decltype(nullptr) nullptr_t; struct alignas(16) max_align_t { long long a; long double b; }; }\n",
    "stdint.h": "typedef signed char int8_t; typedef short int16_t; typedef int int32_t; typedef long int64_t;\n"
                "typedef unsigned char uint8_t; typedef unsigned short uint16_t; typedef unsigned int uint32_t;\n"
                "typedef unsigned long uint64_t; typedef long intptr_t; typedef unsigned long uintptr_t;\n"
                "typedef long intmax_t; typedef unsigned long uintmax_t;\n"
                "#define INT32_MIN (-2147483647-1)\n#define INT32_MAX 2147483647\n#define UINT32_MAX 4294967295U\n"
                "#define INT64_MIN (-9223372036854775807L-1)\n#define INT64_MAX 9223372036854775807L\n"
                "#define UINT64_MAX 18446744073709551615UL\n#define SIZE_MAX UINT64_MAX\n",
    "cstdint": "#include <stdint.h>\nnamespace std { using ::int8_t; using ::int16_t; using ::int32_t; using ::int64_t; "
               "using ::uint8_t; using ::uint16_t; using ::uint32_t; using ::uint64_t; using ::intptr_t; "
               "using ::uintptr_t; using ::intmax_t; using ::uintmax_t; }\n",
    "stdio.h": "#include <stddef.h>\nextern \"C\" __device__ int printf(const char *, ...);\n",
    "cstdio": "#include <stdio.h>\nnamespace std { using ::printf; }\n",
    "limits.h": "#define CHAR_BIT 8\n#define SCHAR_MIN (-128)\n#define SCHAR_MAX 127\n#define UCHAR_MAX 255\n"
                "#define SHRT_MIN (-32768)\n#define SHRT_MAX 32767\n#define USHRT_MAX 65535\n"
                "#define INT_MIN (-2147483647-1)\n#define INT_MAX 2147483647\n#define UINT_MAX 4294967295U\n"
                "#define LONG_MIN (-9223372036854775807L-1)\n#define LONG_MAX 9223372036854775807L\n"
                "#define ULONG_MAX 18446744073709551615UL\n#define LLONG_MIN (-9223372036854775807LL-1)\n"
                "#define LLONG_MAX 9223372036854775807LL\n#define ULLONG_MAX 18446744073709551615ULL\n",
    "climits": "#include <limits.h>\n",
    "float.h": "#define FLT_MAX 3.402823466e+38F\n#define FLT_MIN 1.175494351e-38F\n#define FLT_EPSILON 1.192092896e-07F\n"
               "#define DBL_MAX 1.7976931348623158e+308\n#define DBL_MIN 2.2250738585072014e-308\n"
               "#define DBL_EPSILON 2.2204460492503131e-016\n#define FLT_MANT_DIG 24\n#define DBL_MANT_DIG 53\n",
    "cfloat": "#include <float.h>\n",
    "assert.h": "#include <stddef.h>\nextern \"C\" __device__ void __assertfail(const char *, const char *, unsigned, "
                "const char *, size_t);\n#ifdef NDEBUG\n#define assert(e) ((void)0)\n#else\n#define assert(e) ((e) ? "
                "(void)0 : __assertfail(#e, __FILE__, __LINE__, __PRETTY_FUNCTION__, 1))\n#endif\n",
    "cassert": "#include <assert.h>\n",
    "math.h": "#include <stddef.h>\n#define INFINITY __int_as_float(0x7f800000)\n#define NAN __int_as_float(0x7fffffff)\n"
              "#define HUGE_VALF INFINITY\n#define M_PI 3.14159265358979323846\n",
    "cmath": "#include <math.h>\n",
    "cstring": "#include <stddef.h>\nextern \"C\" __device__ void *memcpy(void *, const void *, size_t);\n"
               "extern \"C\" __device__ void *memset(void *, int, size_t);\nnamespace std { using ::memcpy; using ::memset; }\n",
    "alloca.h": "#define alloca(n) __builtin_alloca(n)\n",
    "stdlib.h": "#include <stddef.h>\n#include <alloca.h>\n",
    "cstdlib": "#include <stdlib.h>\n",
    "new": "#include <stddef.h>\n__device__ inline void *operator new(size_t, void *p) noexcept { return p; }\n"
           "__device__ inline void *operator new[](size_t, void *p) noexcept { return p; }\n",
}
#: standard headers libcu++ provides as <cuda/std/NAME>
for _h in ("type_traits", "utility", "limits", "tuple", "array", "iterator", "functional", "initializer_list", "bit",
           "atomic"):
    SHIMS[_h] = f"#include <cuda/std/{_h}>\nnamespace std {{ using namespace ::cuda::std; }}\n"
PASSED = ("-D", "-I", "-std=", "-fmad=", "-ftz=", "-prec-div=", "-prec-sqrt=", "--extra-device-vectorization",
          "-lineinfo")
IGNORED = ("-cubin", "-O3", "--restrict", "--extended-lambda")
UNSUPPORTED = ("-rdc", "-Xptxas", "-Xcompiler", "-dc")


def shim_dir() -> Path:
    d = Path(tempfile.gettempdir()) / "gpuisa-nvrtc-shims"
    d.mkdir(exist_ok=True)
    for name, text in SHIMS.items():
        p = d / name
        if not p.exists() or p.read_text() != "#pragma once\n" + text:
            p.write_text("#pragma once\n" + text)
    return d


def compile_cubin(root: Path, args: list[str]) -> int:
    arch = out = src = None
    opts: list[str] = []
    i = 0
    while i < len(args):
        a = args[i]
        if a == "-o":
            out = args[i + 1]
            i += 2
            continue
        if a.startswith(UNSUPPORTED):
            print(f"nvrtc_nvcc: {a} is not supported", file=sys.stderr)
            return 3
        if a.startswith("-arch="):
            arch = a.split("=", 1)[1]
        elif a.endswith(".cu"):
            src = a
        elif a == "-use_fast_math":
            opts.append("--use_fast_math")
        elif a == "-G":
            opts.append("--device-debug")
        elif a.startswith("-maxrregcount"):
            opts.append("--maxrregcount=" + a.split("=", 1)[1])
        elif a.startswith(PASSED):
            opts.append(a)
        elif a not in IGNORED:
            print(f"nvrtc_nvcc: unsupported option {a}", file=sys.stderr)
            return 3
        i += 1
    if not (arch and out and src):
        print("nvrtc_nvcc: usage: nvcc -cubin [flags] -arch=sm_XX SRC.cu -o OUT.cubin", file=sys.stderr)
        return 3
    lib = ctypes.CDLL(str(root / "nvidia/cuda_nvrtc/lib/libnvrtc.so.12"))
    inc = [root / "nvidia/cuda_runtime/include", root / "nvidia/cuda_nvcc/include", root / "nvidia/cuda_cccl/include",
           shim_dir(), Path(src).resolve().parent]
    std = [] if any(o.startswith("-std=") for o in opts) else ["-std=c++17"]
    opts = [f"-arch={arch}", "-default-device", "--device-int128", *std, *[f"-I{d}" for d in inc], *opts]
    prog = ctypes.c_void_p()
    if lib.nvrtcCreateProgram(ctypes.byref(prog), Path(src).read_bytes(), Path(src).name.encode(), 0, None, None):
        print("nvrtc_nvcc: nvrtcCreateProgram failed", file=sys.stderr)
        return 2
    copts = (ctypes.c_char_p * len(opts))(*[o.encode() for o in opts])
    r = lib.nvrtcCompileProgram(prog, len(opts), copts)
    n = ctypes.c_size_t()
    lib.nvrtcGetProgramLogSize(prog, ctypes.byref(n))
    log = ctypes.create_string_buffer(n.value)
    lib.nvrtcGetProgramLog(prog, log)
    if r:
        sys.stderr.write(log.value.decode(errors="replace")[-4000:])
        return 2
    lib.nvrtcGetCUBINSize(prog, ctypes.byref(n))
    buf = ctypes.create_string_buffer(n.value)
    if lib.nvrtcGetCUBIN(prog, buf):
        print("nvrtc_nvcc: nvrtcGetCUBIN failed", file=sys.stderr)
        return 2
    tmp = out + ".tmp"
    Path(tmp).write_bytes(buf.raw)
    os.replace(tmp, out)
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--install"]:
        ap = argparse.ArgumentParser(prog="nvrtc_nvcc.py --install")
        ap.add_argument("--install", required=True, help="directory to write the `nvcc` wrapper into")
        ap.add_argument("--root", required=True, help="where the nvrtc/runtime/nvcc/cccl wheels were unpacked")
        a = ap.parse_args(argv)
        d = Path(a.install)
        d.mkdir(parents=True, exist_ok=True)
        w = d / "nvcc"
        w.write_text(f"#!/bin/sh\nexec {sys.executable} {Path(__file__).resolve()} --root {Path(a.root).resolve()} \"$@\"\n")
        w.chmod(w.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
        print(w)
        return 0
    if argv[:1] != ["--root"] or len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 3
    return compile_cubin(Path(argv[1]), argv[2:])


if __name__ == "__main__":
    sys.exit(main())
