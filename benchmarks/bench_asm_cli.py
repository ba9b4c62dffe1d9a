"""Assembler and disassembler, measured honestly: whole processes, side by side with nvdisasm.

    python benchmarks/bench_asm_cli.py [--repeat 5] [--n N]

* nvdisasm (PyPI ``nvidia-cuda-nvdisasm``, or ``nvdisasm`` on PATH; skipped with a message when
  absent) disassembles ``benchmarks/data/big.cubin.gz``: 350 kernels, 76,376 SASS instructions
  built with nvcc from ``benchmarks/data/make_cubin.py`` (sm_90, -O3).  Its rate counts the
  instruction lines only (not the ``.nv.info`` data lines it also prints).
* **real code**: ``gpuisa asm`` and ``gpuisa dis`` process the same 76,376 instructions in this
  ISA: the listing is imported with the CUDA import (every kernel, in order; 47,637 distinct
  words), disassembled to this ISA's text (the ``asm`` input) and words (the ``dis`` input).
* **synthetic** (a stress case, printed after): as many instructions generated like the
  round-trip property test (every opcode, random fields: nearly every word distinct).

Both run as separate processes (``python -m gpuisa``: interpreter start, imports and database
load included, as for nvdisasm's start), each command once untimed first: as for an installed
package and any user's second command, bytecode and the caches (the database, decision P-CACHE;
the compiled decoders, DS-1) exist; ``PYTHONDONTWRITEBYTECODE`` is removed from their environment.

Each command runs ``--repeat`` times (default 5); the median wall time is reported with the
rate in instructions per second.  Targets (issue 12): ``gpuisa asm`` >= 100,000 instr/s and
``gpuisa dis`` >= 2x nvdisasm's rate.  A report, not a test: exit status 0 either way.
"""
from __future__ import annotations

import argparse
import gzip
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: the `gpuisa` command as a process (the console script's entry point)
GPUISA = [sys.executable, "-c", "import sys; from gpuisa.cli import main; sys.argv[0] = \"gpuisa\"; main()"]
CUBIN = ROOT / "benchmarks" / "data" / "big.cubin.gz"
TARGET_ASM = 100_000


def find_nvdisasm() -> str | None:
    try:
        import nvidia  # the PyPI wheels' namespace package
        for base in nvidia.__path__:
            for p in sorted(Path(base).glob("*/bin/nvdisasm")) + sorted(Path(base).glob("cuda_nvdisasm/bin/nvdisasm")):
                return str(p)
    except ImportError:
        pass
    return shutil.which("nvdisasm")


#: the processes' environment: as an installed package runs (bytecode written and used: a shell
#: with PYTHONDONTWRITEBYTECODE=1 would make every process compile gpuisa's modules again)
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def timed(cmd: list[str], repeat: int) -> float:
    times = []
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT, env=ENV)  # bytecode, caches
    for _ in range(repeat):
        t = time.perf_counter()
        r = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=ROOT, env=ENV)
        times.append(time.perf_counter() - t)
        if r.returncode:
            raise SystemExit(f"{' '.join(cmd)} failed: {r.stderr.decode()[-500:]}")
    return statistics.median(times)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--n", type=int, default=None, help="instructions (default: the cubin's count, 99,147)")
    a = ap.parse_args(argv)
    sys.path.insert(0, str(Path(__file__).parent))
    from bench_asm import generate

    from gpuisa.spec import load

    nv = find_nvdisasm()
    with tempfile.TemporaryDirectory() as tmp:
        tmpd = Path(tmp)
        cubin = tmpd / "big.cubin"
        cubin.write_bytes(gzip.decompress(CUBIN.read_bytes()))
        nv_count = None
        workloads = []
        db = load(None)
        if nv:
            out = subprocess.run([nv, str(cubin)], capture_output=True, text=True).stdout
            nv_count = count_instructions(out)
            words = real_words(out)
            workloads.append(("real code", words))
        n = a.n or nv_count or 76_376
        workloads.append(("synthetic", generate(db, n)[1]))
        from gpuisa.asm.disassembler import disassemble, format_listing
        t_nv = r_nv = None
        if nv:
            t_nv = timed([nv, str(cubin)], a.repeat)
            r_nv = nv_count / t_nv
            print(f"nvdisasm     {t_nv:7.3f} s  {r_nv:>10,.0f} instr/s   ({nv_count:,} instructions of "
                  f"{CUBIN.name}, {nv})")
        else:
            print("nvdisasm not installed (pip install nvidia-cuda-nvdisasm): the real-code workload and the "
                  "side-by-side ratio are skipped")
        for label, words in workloads:
            n = len(words)
            data = b"".join(w.to_bytes(16, "little") for w in words)
            binf = tmpd / "bench.bin"
            binf.write_bytes(data)
            src = tmpd / "bench.s"
            src.write_text(format_listing(disassemble(db, data)))
            print(f"\n{label}: {n:,} instructions ({len(set(words)):,} distinct words); median of {a.repeat} "
                  f"whole processes")
            t_asm = timed([*GPUISA, "asm", str(src), "-o", str(tmpd / "out.bin")], a.repeat)
            if (tmpd / "out.bin").read_bytes() != data:
                raise SystemExit(f"{label}: gpuisa asm did not reproduce the words")
            t_dis = timed([*GPUISA, "dis", str(binf), "-o", str(tmpd / "out.s")], a.repeat)
            r_asm, r_dis = n / t_asm, n / t_dis
            print(f"gpuisa asm   {t_asm:7.3f} s  {r_asm:>10,.0f} instr/s   target >= {TARGET_ASM:,}: "
                  f"{'met' if r_asm >= TARGET_ASM else 'NOT met'}")
            if r_nv:
                print(f"gpuisa dis   {t_dis:7.3f} s  {r_dis:>10,.0f} instr/s   {r_dis / r_nv:.2f}x nvdisasm, "
                      f"target >= 2x: {'met' if r_dis >= 2 * r_nv else 'NOT met'}")
            else:
                print(f"gpuisa dis   {t_dis:7.3f} s  {r_dis:>10,.0f} instr/s")
    return 0


def count_instructions(listing: str) -> int:
    """Instruction lines of an nvdisasm listing (``/*0040*/  OP ...``; not its ``.byte`` data lines)."""
    n = 0
    for ln in listing.splitlines():
        s = ln.strip()
        if s.startswith("/*") and s[2:6].strip("0123456789abcdef") == "" and "*/" in s:
            if not s[s.index("*/") + 2:].lstrip().startswith("."):
                n += 1
    return n


def real_words(listing: str) -> list[int]:
    """Every kernel of the nvdisasm listing imported into this ISA's words (the CUDA import)."""
    import gpuisa
    from gpuisa.cuda import CudaKernel, read_module
    isa = gpuisa.load_isa()
    mod = read_module(listing, CUBIN.name)
    words: list[int] = []
    for name in mod.kernels:
        words.extend(CudaKernel(isa, mod, mod.kernel(name)).program.words)
    return words


if __name__ == "__main__":
    sys.exit(main())
