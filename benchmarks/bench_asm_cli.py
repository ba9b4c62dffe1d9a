"""Assembler and disassembler, measured honestly: whole processes, side by side with nvdisasm.

    python benchmarks/bench_asm_cli.py [--repeat 5] [--n N]

* nvdisasm (PyPI ``nvidia-cuda-nvdisasm``, or ``nvdisasm`` on PATH; skipped with a message when
  absent) disassembles ``benchmarks/data/big.cubin.gz``: 99,147 SASS instructions of many
  distinct forms built with nvcc from ``benchmarks/data/make_cubin.py`` (sm_90, -O3).
* ``gpuisa asm`` and ``gpuisa dis`` process the same number of instructions of this ISA,
  generated like the round-trip property test (every opcode, random fields: nearly every word
  distinct, so no cache flatters the result), as separate processes (``python -m gpuisa``:
  interpreter start, imports and database load included, as for nvdisasm's start).

Each command runs ``--repeat`` times (default 5); the median wall time is reported with the
rate in instructions per second.  Targets (issue 12): ``gpuisa asm`` >= 100,000 instr/s and
``gpuisa dis`` >= 2x nvdisasm's rate.  A report, not a test: exit status 0 either way.
"""
from __future__ import annotations

import argparse
import gzip
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


def timed(cmd: list[str], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        r = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=ROOT)
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
        if nv:
            out = subprocess.run([nv, str(cubin)], capture_output=True, text=True).stdout
            nv_count = sum(1 for ln in out.splitlines() if ln.strip().startswith("/*") and "*/" in ln
                           and ln.strip()[2:6].strip("0123456789abcdef") == "")
        n = a.n or nv_count or 99_147
        text, words = generate(load(None), n)
        src = tmpd / "bench.s"
        src.write_text(text)
        binf = tmpd / "bench.bin"
        binf.write_bytes(b"".join(w.to_bytes(16, "little") for w in words))
        print(f"{n:,} instructions ({len(set(words)):,} distinct words); median of {a.repeat} whole processes")
        t_asm = timed([*GPUISA, "asm", str(src), "-o", str(tmpd / "out.bin")], a.repeat)
        t_dis = timed([*GPUISA, "dis", str(binf), "-o", str(tmpd / "out.s")], a.repeat)
        r_asm, r_dis = n / t_asm, n / t_dis
        print(f"gpuisa asm   {t_asm:7.3f} s  {r_asm:>10,.0f} instr/s   target >= {TARGET_ASM:,}: "
              f"{'met' if r_asm >= TARGET_ASM else 'NOT met'}")
        if nv:
            t_nv = timed([nv, str(cubin)], a.repeat)
            r_nv = nv_count / t_nv
            print(f"gpuisa dis   {t_dis:7.3f} s  {r_dis:>10,.0f} instr/s   {r_dis / r_nv:.2f}x nvdisasm, target >= 2x: "
                  f"{'met' if r_dis >= 2 * r_nv else 'NOT met'}")
            print(f"nvdisasm     {t_nv:7.3f} s  {r_nv:>10,.0f} instr/s   ({nv_count:,} instructions of "
                  f"{CUBIN.name}, {nv})")
        else:
            print(f"gpuisa dis   {t_dis:7.3f} s  {r_dis:>10,.0f} instr/s")
            print("nvdisasm not installed (pip install nvidia-cuda-nvdisasm): the side-by-side ratio is skipped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
