#!/usr/bin/env python3
"""Random CUDA programs against an independent reference (csmith's idea for CUDA and this model).

For every seed: generate a UB-free kernel (tests/cuda/cudafuzz_gen.py), evaluate it with the
per-thread reference interpreter (tests/cuda/cudafuzz.py; never gpuisa), compile it with
``nvcc -cubin -O3`` for each target, run it in gpuisa from the cubin (``--forms all``: also the
nvdisasm and cuobjdump listings) and compare every output word.  A refused line, an internal
error, a fault, a step limit, a deadlock, a per-warp replay or a wrong word is a failure:
the program, its manifest and its builds stay in ``--out/fzSEED/`` to reproduce.

    python scripts/cuda_fuzz.py --seed 0 --count 50
    python scripts/cuda_fuzz.py --seed 1234 --count 1 --arch sm_80 --forms all --keep
    python scripts/cuda_fuzz.py --seed 7 --count 1 --show          # print the program only

Exit status 1 when a seed failed.  See docs/fuzzing.md ("CUDA programs").
"""
from __future__ import annotations

import json
import re
import shlex
import shutil
import subprocess
import sys
import time
import traceback
from pathlib import Path

import click
import numpy as np
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "cuda"))
sys.path.insert(0, str(ROOT / "scripts"))

import cudafuzz  # noqa: E402 - the test helpers, shared with the test run
import cudafuzz_gen  # noqa: E402
import cudafuzz_reduce  # noqa: E402
from cuda_expect import compare, make_inputs  # noqa: E402

FORMS = ("cubin", "nvdisasm", "cuobjdump")
#: nvcc options added after the program's own (``--nvcc-flags``: e.g. ``-Xptxas -O0`` or ``-G``)
EXTRA_NVCC: list[str] = []
console = Console(stderr=True)


def _tool(name: str) -> str:
    from build_cuda_corpus import tool
    return tool(name)


def build(src: Path, arch: str, forms: tuple[str, ...]) -> dict[str, Path]:
    """nvcc -cubin -O3 for *arch*, and the listings *forms* asks for."""
    d = src.parent / arch
    d.mkdir(exist_ok=True)
    cubin = d / (src.stem + ".cubin")
    from build_cuda_corpus import extra_flags
    subprocess.run(["nvcc", "-cubin", "-O3", *extra_flags(src), *EXTRA_NVCC, f"-arch={arch}", "-o", str(cubin), str(src)],
                   check=True, capture_output=True, text=True)
    out = {"cubin": cubin}
    if "nvdisasm" in forms:
        p = d / (src.stem + ".nvdisasm")
        p.write_text(subprocess.run([_tool("nvdisasm"), str(cubin)], check=True, capture_output=True,
                                    text=True).stdout)
        out["nvdisasm"] = p
    if "cuobjdump" in forms:
        p = d / (src.stem + ".cuobjdump")
        p.write_text(subprocess.run([_tool("cuobjdump"), "-sass", str(cubin)], check=True, capture_output=True,
                                    text=True).stdout)
        out["cuobjdump"] = p
    return out


#: the step limit per launch when --max-steps is not given: optimised code, and unoptimised code
#: (-G, -Xptxas -O0: 20 to 40 times the warp-instructions; seed 6228 took 21.4 M; an -O3 program 2.4 M:
#: seed 18552; decision D18-2); the -O3 limit is gpuisa run's default
STEPS_O3, STEPS_UNOPT = 10_000_000, 60_000_000


def step_limit(src: Path, max_steps: int | None) -> int:
    """*max_steps*, or the default for how *src* is built (its own ``// nvcc-flags:`` and --nvcc-flags)."""
    if max_steps is not None:
        return max_steps
    from build_cuda_corpus import extra_flags
    flags = [*extra_flags(src), *EXTRA_NVCC]
    unopt = "-G" in flags or any(a == "-O0" and flags[i - 1] == "-Xptxas" for i, a in enumerate(flags) if i)
    return STEPS_UNOPT if unopt or "-Xptxas=-O0" in flags else STEPS_O3


def run_gpuisa(isa, path: Path, launch: dict, inputs: dict, want: dict, max_steps: int,
               engine: str = "batched") -> str | None:
    """None when gpuisa gives the reference's words, else what went wrong."""
    from gpuisa.cuda import load_cuda
    from gpuisa.errors import AsmError
    try:
        k = load_cuda(isa, path, launch["kernel"])
    except AsmError as e:
        first = e.errors[0]
        return f"refused: line {first.coord.line if first.coord else '?'}: {first.message}"
    bufs = {n: a.copy() for n, a in inputs.items()}
    res = k.launch(grid=tuple(launch["grid"]), block=tuple(launch["block"]), params=launch["params"],
                   buffers=bufs, max_steps=max_steps, engine=engine)
    if res.status != "ok":
        return f"status {res.status}: {res.fault}"
    if res.fallbacks:
        return f"replayed one warp at a time: {sorted(res.fallbacks)}"
    problems = [p for name in launch["outputs"] if (p := compare(launch, name, bufs[name], want[name]))]
    return "; ".join(problems) or None


def one_seed(isa, seed: int, out: Path, archs: tuple[str, ...], forms: tuple[str, ...], max_steps: int | None,
             keep: bool, version: int = cudafuzz.GEN_VERSION, engines: tuple[str, ...] = ("batched",)) -> list[str]:
    p = cudafuzz_gen.generate(seed, version)
    d = out / p.name
    d.mkdir(parents=True, exist_ok=True)
    src = d / f"{p.name}.cu"
    src.write_text(p.source())
    launch = cudafuzz_gen.launch_manifest(p)
    (d / f"{p.name}.json").write_text(json.dumps({"source": src.name, "launches": [launch]}, indent=1) + "\n")
    inputs = make_inputs(launch)
    max_steps = step_limit(src, max_steps)
    fails: list[str] = []
    try:
        want = p.run(inputs)
    except cudafuzz.RefError as e:
        return [f"seed {seed}: reference: {e} (a generator bug)"]
    for arch in archs:
        try:
            files = build(src, arch, forms)
        except subprocess.CalledProcessError as e:
            fails.append(f"seed {seed} {arch}: toolchain: {Path(e.cmd[0]).name} failed (not gpuisa's failure; "
                         f"exit {e.returncode}): {e.stderr.strip()[-300:]}")
            continue
        for form in forms:
            for engine in engines:
                try:
                    msg = run_gpuisa(isa, files[form], launch, inputs, want, max_steps, engine)
                except Exception as e:       # noqa: BLE001 - an internal error is a finding
                    msg = f"internal error {type(e).__name__}: {e}\n{traceback.format_exc(limit=-3)}"
                if msg:
                    fails.append(f"seed {seed} {arch} {form}: {msg}" + (f" [engine {engine}]" if engine != "batched"
                                                                         else ""))
    if not fails and not keep:
        shutil.rmtree(d)
    return fails


def _kind(msg: str) -> str:
    """What a failure is, without its numbers (a reduced program must fail the same way)."""
    return re.sub(r"0x[0-9a-f]+|\d+", "N", msg.split(", e.g.")[0].split(";")[0])


def reduce_seed(isa, seed: int, version: int, line: str, out: Path, max_steps: int | None) -> Path | None:
    """Shrink seed's program while it fails as *line* (one failure line of one_seed) says; the
    smallest failing program goes to OUT/fzSEED/reduced/."""
    m = re.match(r"seed \d+ (\S+) (\S+): (.*)", line, re.S)
    if not m or m.group(2) not in FORMS:
        return None
    engine = "reference" if line.endswith(" [engine reference]") else "batched"
    arch, form, want = m.group(1), m.group(2), _kind(m.group(3).removesuffix(" [engine reference]"))
    p = cudafuzz_gen.generate(seed, version)
    d = out / p.name / "reduced"
    d.mkdir(parents=True, exist_ok=True)
    launch = cudafuzz_gen.launch_manifest(p)
    inputs = make_inputs(launch)
    src = d / f"{p.name}.cu"

    def fails(q) -> bool:
        src.write_text(q.source())
        try:
            files = build(src, arch, (form,))
            msg = run_gpuisa(isa, files[form], launch, inputs, q.run(inputs), step_limit(src, max_steps), engine)
        except Exception:        # noqa: BLE001 - a candidate nvcc or the reference refuses is no reduction
            return False
        return msg is not None and _kind(msg) == want

    n0 = cudafuzz_reduce.statements(p)
    cudafuzz_reduce.reduce_program(p, fails, None, log=lambda s: console.print(f"  reduce seed {seed}: {s}"))
    src.write_text(p.source())
    build(src, arch, (form,))
    console.print(f"seed {seed} {arch} {form}: reduced from {n0} to {cudafuzz_reduce.statements(p)} statements: {src}")
    return src


@click.command(context_settings={"help_option_names": ["-h", "--help"]}, epilog=(
    "A refused line, an internal error, a fault, the step limit, a deadlock, a replay one warp at a "
    "time or a wrong output word is a failure: OUT/fzSEED/ (source, manifest, builds) is kept and the "
    "line appended to OUT/failures.txt; the exit status is 1. Reproduce one seed with --seed SEED "
    "--count 1 --forms all --keep. nvcc runs once at a time. docs/fuzzing.md has the rules that keep "
    "the programs defined."))
@click.option("--seed", default=0, show_default=True, help="first seed (each seed is one program, deterministic)")
@click.option("--count", default=10, show_default=True, help="number of consecutive seeds")
@click.option("--arch", "archs", default="sm_75,sm_80,sm_90,sm_120", show_default=True,
              help="comma-separated targets (sm_86, sm_89, sm_100, ... also work)")
@click.option("--forms", default="cubin", show_default=True,
              type=click.Choice(["cubin", "nvdisasm", "cuobjdump", "listings", "all"]),
              help="inputs to run: the cubin, one listing, both listings, or all three")
@click.option("--out", type=click.Path(path_type=Path), default=Path("/tmp/cuda_fuzz"), show_default=True,
              help="where programs are written; a failing seed's directory is kept")
@click.option("--max-steps", type=int, default=None,
              help=f"gpuisa's step limit per launch [default: {STEPS_O3:,}; {STEPS_UNOPT:,} for a program built "
                   "with -G or -Xptxas -O0]")
@click.option("--keep", is_flag=True, help="keep the directories of passing seeds too")
@click.option("--gen-version", "version", default=cudafuzz.GEN_VERSION, show_default=True,
              type=click.IntRange(1, cudafuzz.GEN_VERSION),
              help="generator version (1: the eighth round's integer programs; 2: also floats, doubles, every "
                   "rounding mode, more atomics, grid-stride loops, 2-D/3-D launches, spills; 3: also loop nests "
                   "with goto, do-while, warp-uniform loops with collectives, function-pointer calls, division by "
                   "run-time values of every width, 64-bit indices, local arrays, __ldg/volatile, -G; 4: no NaN "
                   "reaches a conversion to a 32-bit integer, whose constant folding differs per target; 5: no plain "
                   "product in the arguments of fmaf/fma, which nvcc may contract once it folds a multiplicand of 1; 6: "
                   "every float-to-integer conversion's argument clamped into its range, as CUDA 12.8's LLVM-based "
                   "NVVM (sm_100 and later) folds an out-of-range constant one to an undefined value)")
@click.option("--reduce", "do_reduce", is_flag=True,
              help="shrink each failing program (its first failure) by deleting statements while it fails the same "
                   "way: OUT/fzSEED/reduced/ (one nvcc run per attempt: slow)")
@click.option("--engine", "engine_opt", default="batched", show_default=True,
              type=click.Choice(["batched", "reference", "both"]),
              help="gpuisa's engine: the batched one (the default of gpuisa run), the one-warp reference, or both")
@click.option("--show", is_flag=True, help="print the programs (and the reference's counters) without compiling")
@click.option("--nvcc-flags", default="", metavar="OPTIONS",
              help="nvcc options added to every build, e.g. '-Xptxas -O0' or '-G' (unoptimised code: "
                   "other reconvergence shapes)")
def main(seed: int, count: int, archs: str, forms: str, out: Path, max_steps: int | None, keep: bool, version: int,
         do_reduce: bool, engine_opt: str, show: bool, nvcc_flags: str) -> None:
    """Generate COUNT random CUDA kernels from SEED on, run each in gpuisa and compare with the
    independent reference; report every failure with its seed."""
    EXTRA_NVCC[:] = shlex.split(nvcc_flags)
    arch_t = tuple(a.strip() for a in archs.split(",") if a.strip())
    form_t = {"all": FORMS, "listings": FORMS[1:]}.get(forms, (forms,))
    if show:
        for s in range(seed, seed + count):
            p = cudafuzz_gen.generate(s, version)
            click.echo(p.source())
            want = p.run(make_inputs(cudafuzz_gen.launch_manifest(p)))
            click.echo("// reference: " + ", ".join(f"{k} = {want[k].tolist()}" for k in want if k != "out"))
        return
    if shutil.which("nvcc") is None:
        raise click.ClickException("nvcc is not on PATH")
    import gpuisa
    isa = gpuisa.load_isa()
    failures: list[str] = []
    t0 = time.time()
    with Progress(TextColumn("[bold]cuda_fuzz"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  TextColumn("{task.fields[status]}"), console=console) as prog:
        task = prog.add_task("seeds", total=count, status="")
        for s in range(seed, seed + count):
            f = one_seed(isa, s, out, arch_t, form_t, max_steps, keep, version,
                         ("batched", "reference") if engine_opt == "both" else (engine_opt,))
            for line in f:
                prog.console.print("FAIL " + line[:300].replace("\n", " | "), soft_wrap=True, style="red",
                                  markup=False, highlight=False)
                with open(out / "failures.txt", "a") as log:
                    log.write(line + "\n")
            failures += f
            if f and do_reduce and "reference:" not in f[0] and "toolchain:" not in f[0]:
                reduce_seed(isa, s, version, f[0], out, max_steps)
            prog.update(task, advance=1, status=f"seed {s}, {len(failures)} failures")
    bad = sorted({int(f.split()[1].rstrip(":")) for f in failures})
    console.print(f"{count} seeds x {len(arch_t)} targets x {len(form_t)} forms in {time.time() - t0:.0f} s: "
                  f"{len(bad)} failing seeds {bad if bad else ''} (programs in {out})")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    np.seterr(all="ignore")
    main()
