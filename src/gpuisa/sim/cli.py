"""``gpuisa run``: simulate a program on the golden model.

The contract (options, ``--init`` grammar, outputs, JSON schema, fault
statuses) is documented in ``docs/simulator-run.md``.  Exit status: 0 when the
run ends normally; 1 on bad input (assembly errors, bad options, unresolved
symbols, a grid too large, an opcode without semantics in a user-supplied
ISA); 2 on an architectural fault of the simulated program (invalid
instruction, PC outside the program, memory fault, trap, step limit,
deadlock, ...).  70 is an internal error of gpuisa (``gpuisa.cli``).
"""
from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import click

from ..clikit import handle_errors, pass_selection
from ..clikit import CUDA_SOURCE_OPTIONS, read_foreign
from ..errors import UsageError
from ..fsutil import atomic_open
from .report import (DEFAULT_FORMATS, MAX_DEFAULT_DUMP_WARPS, DumpItem, parse_dump, run_with_progress, summary_line,
                     table_lines, warp_json)
from .simulator import (DEFAULT_GRID_BYTES, DEFAULT_MAX_STEPS, DEFAULT_STEPS_PER_WARP, MAX_BLOCK_THREADS,
                        default_max_warps)

FAULT_EXIT = 2
DEFAULT_CLI_MAX_STEPS = None   # the Simulator's default: scaled with the grid (simulator.default_max_steps)


def _parse_grid(text: str, opt: str = "--grid") -> tuple[int, ...]:
    try:
        dims = tuple(int(p, 0) for p in text.split(","))
    except ValueError:
        raise UsageError(f"{opt} {text!r}: expected X or X,Y,Z") from None
    if not 1 <= len(dims) <= 3 or any(d < 1 for d in dims):
        raise UsageError(f"{opt} {text!r}: expected 1 to 3 positive integers")
    return dims


def _load_program(isa, path: str, kernel: str | None = None, arch: str | None = None, nvcc_flags=()):
    """``(program, source text or None)``: assembly text is assembled, a
    ``.bin`` file is taken as raw 16-byte words; a CUDA input (nvdisasm /
    cuobjdump listing, cubin, or a ``.cu`` source or PTX compiled with nvcc for
    *arch*) gives its kernel object (``CudaKernel``) as the program."""
    p = Path(path)
    try:
        data = p.read_bytes() if path != "-" else sys.stdin.buffer.read()
    except OSError as e:
        raise UsageError(f"cannot read {path}: {e.strerror}") from None
    opts = {"arch": arch, "nvcc_flags": tuple(nvcc_flags)} if arch or nvcc_flags else {}
    cuda = read_foreign(isa, path, data, kernel, **opts)
    if cuda is not None:
        return cuda, None
    if opts:
        raise UsageError(f"{CUDA_SOURCE_OPTIONS}; {path} is not one")
    empty = UsageError(f"{path}: nothing to run: the file holds no instructions (it is empty, or has only "
                       "comments, labels and directives)")
    if p.suffix == ".bin":
        if len(data) % 16:
            raise UsageError(f"{path}: binary size {len(data)} is not a multiple of 16 bytes")
        if not data:
            raise empty
        return data, None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:  # file:line:col and a caret, as `gpuisa asm` reports it
        from ..asm.cli import _utf8_errors
        from ..errors import AsmError
        raise AsmError(_utf8_errors(data, path if path != "-" else "<stdin>", e.start)) from None
    prog = isa.assemble(text, filename=path if path != "-" else "<stdin>")
    if not len(prog):         # a truncated or empty listing, not a program that faults at once (D12-2)
        raise empty
    return prog, text


def default_dump(sim, inits) -> list[str]:
    """Registers named by ``--init`` plus every register an instruction of the
    program writes (its output operands), in a stable order."""
    from ..asm.instruction import decode_word
    names: set[str] = set(inits)
    for i, word in enumerate(sim.words):
        inst = decode_word(sim.db, word, sim.base + 16 * i)
        if inst is None:
            continue
        for o in inst.opcode.operands:
            if not o.is_output:
                continue
            v = inst.fields.get(o.field.name)
            prefix = {"Reg": "R", "UReg": "UR", "Pred": "P", "UPred": "UP"}.get(o.type)
            if prefix is None or v is None or v == {"R": 255, "UR": 63, "P": 7, "UP": 7}[prefix]:
                continue
            names.add(f"{prefix}{v}")
            if prefix == "R" and o.width_for(dict(inst.fields)) == 64 and v + 1 < 255:
                names.add(f"R{v + 1}")
    order = {"R": 0, "P": 1, "UR": 2, "UP": 3, "B": 4}

    def key(n: str):
        p = n.rstrip("0123456789")
        return order.get(p, 9), int(n[len(p):])

    return sorted(names, key=key)


_RUN_EPILOG = """\b
--init REG=EXPR (docs/simulator-run.md):
  REG    Rn (R0-R254), Pn (P0-P6, value 0 or 1), URn (UR0-UR62), UPn (UP0-UP6,
         0 or 1), Bn (B0-B15); UR/UP/B take one value per warp (the
         expression may use warp and cta, not lane or tid).
  EXPR   integers (decimal, 0x hex) and lane, warp (index in the CTA), cta
         (linear CTA id), tid (= warp*32 + lane); operators, C precedence:
         unary - ~ +, * / %%, + -, << >>, &, ^, |, parentheses (at most 64
         deep). / and %% truncate toward zero; the result is taken mod 2^32.
\b
Kernel arguments (docs/simulator-run.md):
  --param TYPE:VALUE        appended to constant bank 0 at the next offset that
                            is a multiple of its size, from c[0x0][0x0];
                            TYPE u8 s8 u16 s16 u32 s32 u64 s64 f16 f32 f64, or
                            ptr:NAME[+OFFSET] (8-byte address of a --buffer
                            or of a CUDA input's __device__ variable).
                            f16/f32/f64 take 1.5, -2e-3, inf, nan or 0x raw bits.
  --buffer NAME=SIZE[:INIT] global buffer of SIZE bytes, placed in order from
                            0x10000000 (256-byte aligned). INIT: zeros
                            (default), iota[:DTYPE], fill:VALUE[:DTYPE],
                            random:SEED[:DTYPE], file:PATH (its bytes, then
                            zeros up to SIZE). DTYPE default u32.
                            NAME=file:PATH: SIZE is the file's size.
  --dump-buffer NAME[:DTYPE[:COUNT]][=PATH]
                            print the buffer after the run as DTYPE elements
                            (default u32, all); with --json under "buffers".
                            =PATH: write their bytes to the file PATH instead
                            (no DTYPE: every byte; --json: "buffer_files"). Without --dump, no
                            registers are printed then.
\b
Limits: at most %(block)d threads per CTA; as many warps in the grid as fit in
%(gib)d GiB of state (%(w16)s warps of a 16-register kernel, %(w255)s of a
255-register one: --max-warps); %(steps)s warp-instructions or %(per)s per
warp of the grid, whichever is more (--max-steps).
\b
--dump REG[:FORMAT],... (docs/simulator-run.md):
  FORMAT u32 (unsigned decimal), s32, hex, f32, or f64: the pair R[n:n+1]
         (n even, low word in Rn) as one double. --format sets the default.
         Lanes that do not exist (a partial warp) are not shown. --json keeps
         the raw u32 values and adds the formatted ones under "REG:FORMAT".
\b
Exit status:
  0  the run ended normally (every warp exited)
  1  bad input: assembly errors, bad options, undefined symbols, grid too large
  2  architectural fault of the program (invalid-instruction, pc-out-of-range,
     memory, misaligned, trap, syscall, special-register, invalid-operand,
     shfl-inactive with --strict, deadlock, step-limit)
\b
Example:
  gpuisa run examples/vector_add.s --grid 2 --block 64 \\
    --buffer a=512:iota:f32 --buffer b=512:fill:0.5:f32 --buffer c=512 \\
    --param ptr:a --param ptr:b --param ptr:c --param u32:128 --param u32:64 \\
    --dump-buffer c:f32
""" % {"block": MAX_BLOCK_THREADS, "gib": DEFAULT_GRID_BYTES >> 30,
                "w16": f"{default_max_warps(16):,}", "w255": f"{default_max_warps(255):,}", "steps": f"{DEFAULT_MAX_STEPS:,}",
                "per": f"{DEFAULT_STEPS_PER_WARP:,}"}


@click.command("run", epilog=_RUN_EPILOG)
@click.argument("program", type=click.Path(dir_okay=False, path_type=str))
@click.option("--grid", "grid", default="1", metavar="X", help="CTAs in the grid (X or X,Y,Z). Default 1.")
@click.option("--block", "block", default="32", metavar="X",
              help=f"Threads per CTA (X or X,Y,Z; 1-{MAX_BLOCK_THREADS} in all). Default 32.")
@click.option("--kernel", "kernel", default=None, metavar="NAME",
              help="CUDA input: the kernel to run (mangled or demangled name). Default: the only "
                   "kernel (__global__ function; device functions of -G code do not count).")
@click.option("--arch", "arch", default=None, metavar="SM",
              help="CUDA source (.cu): the target nvcc compiles it for (sm_75 ... sm_121), default nvcc's; "
                   "PTX: a later target than its own .target. "
                   "An executable built by nvcc: which of its targets runs, default the first.")
@click.option("--nvcc-flag", "nvcc_flags", multiple=True, metavar="FLAG",
              help="CUDA source (.cu) or PTX: an nvcc option instead of the default -O3 (repeatable: "
                   "--nvcc-flag=-O3 --nvcc-flag=-use_fast_math).")
@click.option("--shared-bytes", "shared_bytes", default=0, type=int, metavar="N",
              help="CUDA input: dynamic shared memory per CTA, after the static .nv.shared data. Default 0.")
@click.option("--cluster", "cluster", default=None, metavar="X",
              help="Launch thread-block clusters of X (or X,Y,Z) CTAs (sm_90+; the grid a multiple of it). "
                   "CUDA input: default the kernel's __cluster_dims__, else none.")
@click.option("--cooperative", is_flag=True,
              help="CUDA input: a cooperative launch (cudaLaunchCooperativeKernel): the grid workspace "
                   "this_grid().sync() needs; the grid must fit the model's one SM at once.")
@click.option("--local-bytes", "local_bytes", default=None, type=int, metavar="N",
              help="CUDA input: per-thread local memory (the stack; R1 starts at its top). Default 16384, or the "
                   "stack the kernel needs (its .nv.info frame) when that is more.")
@click.option("--init", "inits", multiple=True, metavar="REG=EXPR",
              help="Initialise a register in every lane of every warp: EXPR over lane, warp, cta, tid "
                   "(repeatable; grammar below).")
@click.option("--dump", "dump", default=None, metavar="LIST",
              help="Registers to print, each with an optional format: R1,R2:hex,R4:f64,P0,UR4:s32. Default: the "
                   f"program's destinations and --init registers, of the first {MAX_DEFAULT_DUMP_WARPS} warps in the "
                   "text report (none when --dump-buffer is given).")
@click.option("--format", "fmt", default="u32", type=click.Choice(DEFAULT_FORMATS, case_sensitive=False),
              help="Default format of dumped R, UR and B registers (u32, s32, hex, f32; f64 only per register, "
                   "R4:f64). Default u32.")
@click.option("-v", "--verbose", is_flag=True,
              help="One status line per warp (ValidMask, PC, state); by default only warps that did not exit.")
@click.option("--json", "as_json", is_flag=True, help="Print exactly one JSON object (on stdout; on stderr "
                                                      "with --trace -).")
@click.option("--trace", "trace", default=None, type=click.Path(dir_okay=False, allow_dash=True, path_type=str),
              metavar="FILE",
              help="Write one JSON line per executed warp-instruction (docs/trace-format.md); '-' for stdout "
                   "(the result then goes to stderr).")
@click.option("--max-steps", "max_steps", default=DEFAULT_CLI_MAX_STEPS, type=int, metavar="N",
              help=f"Stop with a step-limit fault after N warp-instructions (the whole grid). Default "
                   f"{DEFAULT_MAX_STEPS:,} or {DEFAULT_STEPS_PER_WARP:,} per warp, whichever is more.")
@click.option("--max-warps", "max_warps", default=None, type=int, metavar="N",
              help=f"Refuse grids of more than N warps (each holds the registers the program names, "
                   f"128 bytes each, and about 3 KiB more). Default: as many as fit in {DEFAULT_GRID_BYTES >> 30} GiB.")
@click.option("--engine", "engine", default="batched", type=click.Choice(["batched", "reference"]),
              help="batched (default): warps at the same PC execute together; reference: one warp at a time, "
                   "round robin (--trace always uses it). Both give the same results on race-free programs.")
@click.option("--strict", is_flag=True, help="Make undefined behaviour (SHFL from an inactive lane) a fault.")
@click.option("--param", "params", multiple=True, metavar="TYPE:VALUE",
              help="Kernel parameter in constant bank 0, in order, naturally aligned: u32:5, s32:-1, f32:1.5, "
                   "u64:0x100000000, ptr:NAME[+OFFSET], struct:s32:1,f64:2.5 (a struct by value), struct@16:f32:1,f32:2,f32:3,f32:4 "
                   "(a float4, an alignas(16) struct) (repeatable).")
@click.option("--buffer", "buffers", multiple=True, metavar="NAME=SIZE[:INIT]",
              help="Global buffer of SIZE bytes; INIT zeros, iota[:DTYPE], fill:VALUE[:DTYPE], random:SEED[:DTYPE] "
                   "or file:PATH (its bytes, then zeros up to SIZE) (repeatable); NAME=file:PATH takes the file's size. CUDA input: NAME may be a __device__ or __constant__ variable, which it "
                   "initialises (cudaMemcpyToSymbol).")
@click.option("--dump-buffer", "dump_buffers", multiple=True, metavar="NAME[:DTYPE[:COUNT]][=PATH]",
              help="Print a buffer after the run as DTYPE (u8..u64, s8..s64, f16, bf16, f32, f64; default u32) elements, "
                   "or with =PATH write their bytes to the file PATH (without DTYPE, every byte) (repeatable). CUDA input: also a __device__ or "
                   "__constant__ variable by name (counter, ns::total).")
@click.option("--timeline", "timeline", default=None, type=click.Path(dir_okay=False, path_type=str),
              metavar="FILE.html", help="Also write the run as a self-contained HTML timeline: per warp, lanes x "
                                        "instructions coloured by lane state (docs/timeline.md).")
@pass_selection
@handle_errors
def run_cmd(sel, program, grid, block, kernel, shared_bytes, local_bytes, inits, dump, fmt, verbose, as_json, trace,
            max_steps, max_warps, engine, strict, params, buffers, dump_buffers, timeline=None, arch=None,
            nvcc_flags=(), cluster=None, cooperative=False):
    """Simulate PROGRAM on the golden model.

    PROGRAM is an assembly file, raw 16-byte instruction words when its name
    ends in .bin ('-' reads assembly from stdin), or a CUDA input (nvdisasm /
    cuobjdump listing, cubin, or a .cu source or PTX that the installed nvcc compiles;
    docs/cuda.md). A cuobjdump listing carries no
    data sections: a kernel that needs them (jump tables, __constant__ data,
    math tables) takes them from the cubin it was made from, found near the
    listing by its code. The run stops when every warp has exited, or at the
    first architectural fault (exit status 2).
    """
    from .kernelargs import check_dump, dump_values, json_values, parse_dump_buffer
    dumps = [parse_dump_buffer(d) for d in dump_buffers]
    fmt = fmt.lower()
    items: list = []

    buffer_names = {b.split("=", 1)[0].strip() for b in buffers}

    def check_outputs(bufs) -> None:
        for d in dumps:
            if d.name not in bufs:
                raise UsageError(f"--dump-buffer {d.text}: no --buffer named {d.name!r}"
                                 + (f" and no __device__ or __constant__ variable of that name (the kernel's: "
                                    f"{', '.join(sorted(set(bufs) - buffer_names))})" if set(bufs) - buffer_names else ""))
            check_dump(bufs[d.name].nbytes, d)
        if len({(d.name, d.path) for d in dumps}) != len(dumps):
            raise UsageError("--dump-buffer names a buffer twice")
        if len({d.path for d in dumps if d.path}) != len([d for d in dumps if d.path]):
            raise UsageError("--dump-buffer writes two buffers to one file")
        if dump:
            items.extend(parse_dump(dump, fmt))

    sim, init, bufs, layout, text = build_launch(sel, program, grid=grid, block=block, kernel=kernel,
                                                 shared_bytes=shared_bytes, local_bytes=local_bytes, inits=inits,
                                                 max_steps=max_steps, max_warps=max_warps, engine=engine,
                                                 strict=strict, params=params, buffers=buffers, check=check_outputs,
                                                 arch=arch, nvcc_flags=nvcc_flags, cluster=cluster,
                                                 cooperative=cooperative)

    # files written after the run: a path they cannot go to is refused before (D11-B-15)
    for path in [timeline] * bool(timeline) + [d.path for d in dumps if d.path]:
        _check_writable(path)

    def _run(trace_fh=None):
        if timeline:   # every step recorded, then drawn (gpuisa.viz, docs/timeline.md)
            from ..viz.timeline import run_recorded
            return run_recorded(sim, timeline, trace=trace_fh, title=Path(program).name, source=text)
        return run_with_progress(sim, (lambda: sim.run(trace=trace_fh)) if trace_fh is not None else sim.run)

    if not dump:   # with --dump-buffer the buffers are the result
        items = [] if dumps else [DumpItem(r, fmt if r[0] in "RUB" and not r.startswith("UP") else "u32")
                                  for r in default_dump(sim, init)]
    to_err = trace == "-"   # stdout carries the trace: the result goes to stderr
    if to_err:
        res = _run(sys.stdout) if timeline else sim.run(trace=sys.stdout)
        sys.stdout.flush()
    elif trace:
        try:
            # the trace appears complete or not at all (gpuisa.fsutil); a fault is a result: kept
            with atomic_open(trace, "w") as fh:
                res = _run(fh)
        except OSError as e:
            raise UsageError(f"cannot write {trace}: {e.strerror or e}") from None
    else:
        res = _run()
    hint = _size_hint(res.fault, buffers, dumps)
    if hint:
        res.fault["hint"] = hint
    # what the kernel's printf wrote, in execution order, as the CUDA runtime prints it (D8-8)
    runtime = getattr(sim, "device_runtime", None)
    printed = "".join(getattr(runtime, "printed", ()))
    if as_json:
        out = {"status": res.status, "steps": res.steps}
        if res.fault:
            out["fault"] = res.fault
        if res.events:
            out["events"] = res.events
        if res.events_dropped:
            out["events_dropped"] = res.events_dropped
        ids = getattr(res.warps, "ids", None)
        if not items and ids is not None:     # no register dumped: the warps' ids, read without building results
            out["warps"] = [{"cta": c, "warp": w} for c, w in ids()]
        else:
            out["warps"] = [warp_json(sim, w, items) for w in res.warps]
        if printed:
            out["printf"] = printed
        if any(not d.path for d in dumps):
            out["buffers"] = {d.name: json_values(dump_values(bufs[d.name], d)) for d in dumps if not d.path}
        if any(d.path for d in dumps):
            out["buffer_files"] = {d.path: {"buffer": d.name, "dtype": d.dtype, "bytes": _write_dump(bufs, d)}
                                  for d in dumps if d.path}
        click.echo(json.dumps(out), err=to_err)
    else:
        _print_params(layout, to_err)
        if printed:
            click.echo(printed, nl=not printed.endswith("\n"), err=to_err)
        _print_table(sim, res, items, lambda: _print_buffers(sim, bufs, dumps, to_err), to_err, verbose,
                     None if dump or verbose else MAX_DEFAULT_DUMP_WARPS)
    if not res.ok:
        sys.exit(FAULT_EXIT)


#: parameters of `gpuisa run` that shape its output, not the launch; `gpuisa debug`
#: (:func:`launch_options`) takes all the others
OUTPUT_PARAMS = ("program", "dump", "fmt", "verbose", "as_json", "trace", "dump_buffers", "timeline")


def launch_options(f):
    """Give a click command the launch options of ``gpuisa run`` (the very same
    click parameters, so the two commands cannot drift); its callback gets them
    as keyword arguments for :func:`build_launch`."""
    params = [p for p in run_cmd.params if p.name not in OUTPUT_PARAMS]
    f.__click_params__ = getattr(f, "__click_params__", []) + params[::-1]
    return f


def build_launch(sel, program, *, grid="1", block="32", kernel=None, shared_bytes=0, local_bytes=None, inits=(),
                 max_steps=DEFAULT_CLI_MAX_STEPS, max_warps=None, engine="batched", strict=False,
                 params=(), buffers=(), check=None, arch=None, nvcc_flags=(), cluster=None, cooperative=False,
                 **_ignored):
    """The simulator of ``gpuisa run PROGRAM [launch options]``:
    ``(sim, init, buffers, parameter layout, source text or None)``.  *check*,
    if given, is called with the buffers (a CUDA kernel's variables among them)
    before the simulator is built (more option checks of the caller)."""
    from .initexpr import parse_init
    from .kernelargs import allocate, pack_params, parse_buffer, parse_param
    from .simulator import Simulator, check_relocations
    isa = sel.isa()
    block_dims = _parse_grid(str(block), "--block")
    if max_steps is not None and max_steps < 0:
        raise UsageError("--max-steps must be non-negative")
    if max_warps is not None and max_warps < 1:
        raise UsageError("--max-warps must be at least 1")
    init = dict(parse_init(s) for s in inits)
    bufs: dict = {}          # each buffer's own bytes (dumps, checks)
    memory: dict = {}        # what the launch maps: the same bytes, padded (decision D7-4)
    for spec in map(parse_buffer, buffers):
        if spec.name in bufs:
            raise UsageError(f"--buffer {spec.name} is given twice")
        memory[spec.name], bufs[spec.name] = allocate(spec)
    plist = [parse_param(p) for p in params]
    prog, text = _load_program(isa, program, kernel, arch, nvcc_flags)
    consts = prog.bind_variables(memory, bufs) if hasattr(prog, "bind_variables") else {}    # D8-6, D8-7
    if check is not None:
        check(bufs)
    if hasattr(prog, "simulator"):   # a CUDA kernel: the launch ABI fills constant bank 0
        sim = prog.simulator(grid=_parse_grid(grid), block=block_dims, params=plist, buffers=memory,
                             shared_bytes=shared_bytes, init=init, strict=strict, max_steps=max_steps,
                             max_warps=max_warps, engine=engine, constants=consts,
                             cluster=_parse_grid(cluster, "--cluster") if cluster is not None else None,
                             cooperative=cooperative,
                             **({"local_bytes": local_bytes} if local_bytes is not None else {}))
        prog.read_constants(sim, bufs)
        return sim, init, bufs, sim.param_layout, text
    if shared_bytes or local_bytes is not None or cooperative:
        raise UsageError("--shared-bytes, --local-bytes and --cooperative apply to CUDA inputs only")
    check_relocations(prog, text, program if program != "-" else "<stdin>", api=False)
    sim = Simulator(isa, prog, grid=_parse_grid(grid), block=block_dims, init=init, strict=strict,
                    max_steps=max_steps, buffers=memory, max_warps=max_warps, engine=engine,
                    cluster=_parse_grid(cluster, "--cluster") if cluster is not None else None)
    layout = []
    if plist:
        data, layout = pack_params(plist, sim.addresses)
        sim.const.set(0, data)
    return sim, init, bufs, layout, text


def _print_params(layout, err: bool = False) -> None:
    for slot in layout:
        p = slot.param
        if p.type == "ptr":
            v = f"0x{slot.value:x} ({p.value}{f'{p.offset:+#x}' if p.offset else ''})"
        elif p.type == "struct":
            v = f"{{{', '.join(f.text or f.type for f in p.value)}}} ({p.size} bytes)"
        else:
            v = slot.value
        click.echo(f"param c[0x0][0x{slot.offset:x}] {p.type} = {v}", err=err)


def _check_writable(path: str) -> None:
    """UsageError unless a file can be written at *path* (checked before a run, not after it)."""
    where, p = Path(path).resolve().parent, Path(path)
    if not where.is_dir() or not os.access(where, os.W_OK) or p.is_dir():
        why = "Is a directory" if p.is_dir() else "No such file or directory" if not where.is_dir() else \
            "Permission denied"
        raise UsageError(f"cannot write {path}: {why}")


def _write_dump(bufs, d) -> int:
    """Write the elements *d* selects of their buffer to ``d.path`` (whole or not at all); their byte count."""
    from .kernelargs import dump_array
    data = dump_array(bufs[d.name], d).tobytes()
    try:
        with atomic_open(d.path, "wb") as fh:
            fh.write(data)
    except OSError as e:
        raise UsageError(f"cannot write {d.path}: {e.strerror or e}") from None
    return len(data)


def _print_buffers(sim, bufs, dumps, err: bool = False) -> None:
    from .kernelargs import dump_values, element_size
    for d in dumps:
        if d.name in sim.addresses:
            where = f"buffer {d.name} at 0x{sim.addresses[d.name]:x}"
        elif d.name in sim.symbol_addresses:
            where = f"device global {d.name} at 0x{sim.symbol_addresses[d.name]:x}"
        else:
            where = f"__constant__ {d.name}"
        if d.path:
            n = _write_dump(bufs, d)
            click.echo(f"{where}: {n // element_size(d.dtype)} {d.dtype} ({n} bytes) written to {d.path}", err=err)
            continue
        arr = dump_values(bufs[d.name], d)
        click.echo(f"{where}: {arr.size} {d.dtype}", err=err)
        per = 8
        for k in range(0, arr.size, per):
            chunk = arr[k:k + per]
            text = " ".join(f"{str(v):>12}" for v in chunk)     # numpy: shortest repr of the element's type
            click.echo(f"  [{k:5}..{k + len(chunk) - 1:5}] {text}", err=err)


def _print_table(sim, res, items, before_status=None, err: bool = False, verbose: bool = False,
                 limit: int | None = None) -> None:
    def echo(text, err=err):
        click.echo(text, err=err)
    for line in table_lines(sim, res, items, verbose=verbose, limit=limit):
        echo(line)
    events = [ev for ev in res.events if ev.get("kind") != "printf"]    # printed as the kernel's output
    for ev in events[:20]:
        times = f" ({ev['count']} times)" if ev.get("count", 1) > 1 else ""
        echo(f"warning: cta {ev['cta']} warp {ev['warp']} pc 0x{ev['pc']:x}: {ev['message']}{times}", err=True)
    more = len(events) - 20 + (1 if res.events_dropped else 0)
    if more > 0:
        echo(f"warning: more warnings not shown ({len(events)} places, "
             f"{sum(e.get('count', 1) for e in events) + res.events_dropped} in all)", err=True)
    if before_status is not None:
        before_status()
    echo(summary_line(res))
    if res.fault:
        f = res.fault
        kernel = f"kernel {f['kernel']}, " if "kernel" in f else ""
        source = f"; {f['source']}" if "source" in f else f"; in {f['function']}" if "function" in f else ""
        where = f" ({kernel}cta {f.get('cta')}, warp {f.get('warp')}, pc 0x{f.get('pc', 0):x}: " \
                f"{f.get('instruction', '?')}{source})" if "cta" in f else ""
        echo(f"fault {f['kind']}: {f['message']}{where}", err=True)
        if "hint" in f:
            echo(f"hint: {f['hint']}", err=True)


_PAST_BUFFER = re.compile(r"out of bounds: (?:just|\d+ bytes|runs) past the end of buffer '(\w+)'")


def _size_hint(fault, buffers, dumps) -> str | None:
    """For a memory fault past the end of a ``--buffer NAME=SIZE`` buffer: a reminder that SIZE counts
    bytes, with the number of elements it holds (decision D15-1: ``a=128:iota:s32`` for 128 values
    is the first slip of a user who reads SIZE as a count)."""
    from .kernelargs import element_size, parse_buffer
    m = _PAST_BUFFER.search(fault["message"]) if fault and fault.get("kind") == "memory" else None
    if not m:
        return None
    spec = next((s for s in map(parse_buffer, buffers) if s.name == m.group(1)), None)
    if spec is None or spec.init == "file":
        return None
    dtype = spec.dtype if spec.init in ("iota", "fill", "random") else \
        next((d.dtype for d in dumps if d.name == spec.name), spec.dtype)
    n = element_size(dtype)
    if n == 1:
        return None
    return (f"--buffer SIZE is in bytes: {spec.text} holds {spec.size} bytes = {spec.size // n} {dtype} values; "
            f"{spec.size} {dtype} values take {spec.size * n} bytes")


COMMANDS = [run_cmd]
