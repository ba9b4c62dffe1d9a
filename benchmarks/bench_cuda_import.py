"""CUDA import throughput: an nvdisasm listing of about 100,000 instructions.

    python benchmarks/bench_cuda_import.py [N] [--listing FILE]

Builds one kernel of N (default 100,000) instructions in the exact form
``nvdisasm FILE.cubin`` prints (sections, .nv.info, /*addr*/ comments,
.L_x_N labels and branches to them), by repeating the body of an nvdisasm
listing the assembler accepts (default: tests/cuda/data/
vector_add_sm80_handwritten.nvdisasm; with issue 11 part B merged, any corpus
listing works, e.g. --listing tests/cuda/corpus/sm_90/histogram.nvdisasm) with
renumbered addresses and labels.  Times reading the listing (sections, data,
.nv.info) and assembling the kernel into this ISA's words, cold caches.
Target (issue 11): >= 100,000 instructions/s.  Exit status 0 either way.
"""
from __future__ import annotations

import argparse
import re
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT = ROOT / "tests" / "cuda" / "data" / "vector_add_sm80_handwritten.nvdisasm"
TARGET = 100_000


def build(listing: Path, n: int) -> str:
    text = listing.read_text()
    lines = text.split("\n")
    start = next(i for i, l in enumerate(lines) if re.match(r"^\.text\.\S+:$", l))
    end_label = re.search(r"\.size\s+\S+,\((\.L_x_\d+) - ", text).group(1)
    end = next(i for i, l in enumerate(lines) if l.strip() == end_label + ":")
    body = lines[start + 1:end]
    ninst = sum(1 for l in body if re.match(r"\s*/\*[0-9a-f]+\*/", l))
    out, addr, rep = [], 0, 0
    while addr // 16 < n:
        for l in body:
            l = re.sub(r"\.L_x_(\d+)", lambda m, rep=rep: f".L_x_{m.group(1)}_{rep}", l)
            m = re.match(r"(\s*)/\*[0-9a-f]+\*/(.*)$", l)
            if m:
                l = f"{m.group(1)}/*{addr:04x}*/{m.group(2)}"
                addr += 16
            out.append(l)
        rep += 1
    del ninst
    return "\n".join(lines[:start + 1] + out + lines[end:]), addr // 16


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("n", nargs="?", type=int, default=100_000)
    ap.add_argument("--listing", type=Path, default=DEFAULT)
    args = ap.parse_args()
    text, ninst = build(args.listing, args.n)
    import gpuisa
    from gpuisa.cuda import CudaKernel, read_module
    isa = gpuisa.load_isa()
    t0 = time.perf_counter()
    mod = read_module(text, "bench.nvdisasm")
    t1 = time.perf_counter()
    k = CudaKernel(isa, mod, mod.kernel(None))
    t2 = time.perf_counter()
    assert len(k.program) == ninst, (len(k.program), ninst)
    rate = ninst / (t2 - t0)
    print(f"{ninst:,} instructions ({len(text) / 1e6:.1f} MB listing): read {t1 - t0:.2f} s, "
          f"assemble {t2 - t1:.2f} s, total {t2 - t0:.2f} s = {rate:,.0f} instr/s "
          f"({'meets' if rate >= TARGET else 'below'} the target of {TARGET:,}/s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
