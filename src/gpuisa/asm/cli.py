"""``gpuisa asm`` and ``gpuisa dis``."""
from __future__ import annotations

import os
import sys

import click

from ..clikit import Selection, allow_quick_exit, handle_errors, pass_selection, print_diagnostics, read_foreign
from ..errors import AsmError, BinaryError, Diagnostic, UsageError, utf8_errors
from ..fsutil import atomic_write_many


def _read_text(path: str) -> tuple[str, str]:
    data, name = _read_raw(path)
    try:
        return data.decode("utf-8"), name
    except UnicodeDecodeError as e:
        raise AsmError(_utf8_errors(data, name, e.start)) from None


def _read_raw(path: str) -> tuple[bytes, str]:
    if path == "-":
        data = sys.stdin.buffer.read()
        name = "<stdin>"
    else:
        try:
            with open(path, "rb") as fh:
                data = fh.read()
        except OSError as e:
            raise UsageError(f"cannot read {path}: {e.strerror}") from None
        name = path
    return data, name


def _utf8_errors(data: bytes, name: str, start: int) -> list[Diagnostic]:
    """``file:line:col: error: invalid UTF-8 byte 0x..`` with the line and a caret (:func:`~gpuisa.errors.utf8_errors`)."""
    from .assembler import MAX_ERRORS
    return utf8_errors(data, name, start, "assembly files", MAX_ERRORS)


def _read_bytes(path: str) -> bytes:
    if path == "-":
        return sys.stdin.buffer.read()
    try:
        with open(path, "rb") as fh:
            return fh.read()
    except OSError as e:
        raise BinaryError(f"cannot read {path}: {e.strerror}") from None


def _write(path: str, data: bytes | str) -> None:
    if isinstance(data, str):
        data = data.encode("utf-8")
    if path == "-":
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        return
    _write_files([(path, data)])


def _write_files(items: list[tuple[str, bytes | str]]) -> None:
    """Write output files all or none (gpuisa.fsutil): stdout ('-') directly,
    files to temporary files renamed into place once every one is complete."""
    files = []
    for path, data in items:
        if path == "-":
            data = data.encode("utf-8") if isinstance(data, str) else data
            sys.stdout.buffer.write(data)
            sys.stdout.buffer.flush()
        else:
            files.append((path, data))
    try:
        atomic_write_many(files)
    except OSError as e:
        name = e.filename if isinstance(e.filename, str) else ", ".join(p for p, _ in files)
        # the temporary file beside the output (`.x.bin.pzf5o4m8.tmp`) is not what the user named (D11-B-14)
        for p, _ in files:
            d, base = os.path.split(os.path.abspath(p))
            if isinstance(name, str) and os.path.dirname(os.path.abspath(name)) == d and \
                    os.path.basename(name).startswith(f".{base}."):
                name = p
        raise UsageError(f"cannot write {name}: {e.strerror or e}") from None


def _parse_addr(text: str) -> int:
    try:
        from .lexer import parse_number
        v = parse_number(text)
    except ValueError:
        raise UsageError(f"--base {text!r} is not a number") from None
    if v < 0 or v % 16:
        raise UsageError(f"--base {text} must be a non-negative multiple of 16")
    return v


def program_listing(prog, *, show_control: bool = False) -> str:
    """Listing of an assembled program, nvdisasm-like: per word ``/*addr*/  text ;``, both
    64-bit halves and the source line; branch targets as labels (the source's own label at
    the target, else ``.L_x_N``: :func:`~gpuisa.asm.disassembler.add_labels`, shared with
    ``dis --labels``); relocated operands as `` `(symbol) ``; then the symbols and relocations.
    The listing re-assembles to the same bytes and relocations."""
    from .disassembler import DecodedLine, add_labels, decode_one, decode_relocated, format_listing, raw_text, symbol_text
    db = prog.records[0]._db if prog.records else None
    src_line = {r.address: r.line for r in prog.records}
    relocs: dict[int, dict[str, str]] = {}
    for r in prog.relocations:
        relocs.setdefault(r.address, {})[r.field] = symbol_text(r.symbol, r.addend)
    lines = []
    for k, w in enumerate(prog.words):
        pc = prog.base + 16 * k
        if db is None:
            lines.append(DecodedLine(pc, w, raw_text(w)))
            continue
        ln = decode_relocated(db, w, relocs[pc], pc=pc) if pc in relocs else decode_one(db, w, pc=pc)
        if show_control:
            ln = _with_all_controls(db, ln)
        lines.append(ln)
    end = prog.base + 16 * len(prog.words)
    lines = add_labels(lines, prog.base, end, prog.symbols)
    labels: dict[int, list[str]] = {}
    for name, addr in prog.symbols.items():
        labels.setdefault(addr, []).append(name)
    out = []
    body = format_listing(lines, hex=True).split("\n")
    for k, ln in enumerate(lines):
        names = labels.pop(ln.pc, [])
        if ln.label and ln.label not in names:
            names.append(ln.label)  # a generated .L_x_N
        out += [f"{name}:" for name in names]
        first, second = body[2 * k], body[2 * k + 1]
        if ln.pc in src_line:
            first += f"  // line {src_line[ln.pc]}"
        out += [first, second]
    for addr in sorted(labels):  # labels after the last instruction
        out += [f"{name}:" for name in labels[addr]]
    if prog.symbols or prog.relocations:
        out.append("")
    if prog.symbols:  # no empty heading when the program defines no label
        out.append("// symbols")
        for name, addr in sorted(prog.symbols.items(), key=lambda kv: (kv[1], kv[0])):
            out.append(f"//   {name} = {addr:#06x}")
    if prog.relocations:
        out.append("// relocations")
        for r in prog.relocations:
            add = f" {'+' if r.addend > 0 else '-'} {abs(r.addend):#x}" if r.addend else ""
            out.append(f"//   {r.address:#06x}  {r.kind:<8} {r.field:<10} {r.symbol}{add}"
                       f"  (bits {r.pos}..{r.pos + r.width - 1})")
    return "\n".join(out) + "\n"


def _with_all_controls(db, ln):
    """Append every control annotation (also default ones) to the text."""
    if ln.instruction is None:
        return ln
    op = ln.instruction.opcode
    have = {p.split("=")[0][1:] for p in ln.text.split() if p.startswith("$")}
    extra = ""
    for c in op.controls:
        if c.name not in have:
            raw = (ln.word >> c.pos) & ((1 << c.width) - 1)
            extra += f" ${c.name}={raw if raw < 10 else hex(raw)}"
    if not extra:
        return ln
    # controls go last; keep the existing ones, add the missing ones
    return ln.replace(text=ln.text + extra, pieces=(ln.pieces[:-1] + (ln.pieces[-1] + extra,)) if ln.pieces else None)


def _report_asm_errors(e: AsmError) -> None:
    """Print an assembly error report and exit 1."""
    print_diagnostics(e.diagnostics)
    shown = len(e.errors)
    total = max(getattr(e, "total_errors", None) or shown, shown)
    if total > 1:
        click.echo(f"{total} errors" + (f" ({shown} shown)" if shown < total else ""), err=True)
    sys.exit(1)


@click.command("asm")
@click.argument("source", type=str, metavar="IN.s")
@click.option("-o", "--output", type=str, metavar="OUT.bin",
              help="Binary output (16 bytes per instruction, little-endian); '-' for stdout. "
                   "Default: IN with the suffix .bin.")
@click.option("--listing", type=str, metavar="FILE", help="Also write a listing (addresses, text, hex words, "
              "symbols, relocations); '-' for stdout.")
@click.option("--base", "base", default="0", metavar="ADDR", help="Address of the first instruction (default 0).")
@click.option("--show-control", is_flag=True, help="In the listing, print every control annotation, also default ones.")
@click.option("--kernel", "kernel", default=None, metavar="NAME",
              help="CUDA input (nvdisasm / cuobjdump listing, cubin): the kernel to assemble. Default: the only "
                   "__global__ function (device functions of -G code do not count).")
@click.option("--arch", "arch", default=None, metavar="SM",
              help="CUDA input holding several targets (an executable built by nvcc, its cuobjdump listing): "
                   "which one (sm_75 ... sm_121), default the first; a .cu source or PTX: the target nvcc "
                   "compiles it for.")
@click.option("--json", "as_json", is_flag=True, help="Write symbols, relocations and records as JSON to stdout "
              "(the binary then needs -o FILE).")
@pass_selection
@handle_errors
def asm_cmd(sel: Selection, source, output, listing, base, show_control, as_json, kernel=None, arch=None) -> None:
    """Assemble IN.s into 128-bit words.

    IN.s may be '-' (stdin). The output is raw little-endian 128-bit words,
    16 bytes per instruction. Errors are printed as `file:line:col: error:
    message` with the source line and a caret; every error of the file is
    reported; exit status 1. Only one output may go to stdout.

    \b
    Examples:
      gpuisa asm prog.s                        writes prog.bin
      gpuisa asm prog.s -o p.bin --listing -   the listing on stdout
      gpuisa asm prog.s -o p.bin --json        symbols, relocations, records
      gpuisa asm - -o - < prog.s > p.bin       stdin to stdout
      gpuisa asm prog.s -o - | gpuisa dis -    round trip through a pipe
    """
    from .assembler import assemble
    if output is None:
        if source == "-":
            output = "-"
        else:
            output = source[:-2] + ".bin" if source.endswith(".s") else source + ".bin"
    if output == "-" and (listing == "-" or as_json):
        raise UsageError(f"binary output and {'--listing' if listing == '-' else '--json'} both go to stdout; "
                         "use -o FILE")
    if listing == "-" and as_json:
        raise UsageError("--listing and --json both go to stdout; use --listing FILE")
    raw, name = _read_raw(source)
    addr = _parse_addr(base)
    text = None
    cuda = _cuda_input(sel, name, raw, kernel, arch)
    if cuda is not None:
        if addr:
            raise UsageError("--base does not apply to a CUDA input (its kernel starts at 0)")
        prog = cuda.program
    else:
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            raise AsmError(_utf8_errors(raw, name, e.start)) from None
    try:
        if cuda is None:
            prog = assemble(sel.db(), text or "", filename=name, base=addr)   # text is set without a CUDA input
    except AsmError as e:
        _report_asm_errors(e)
    print_diagnostics(prog.warnings)
    outs: list[tuple[str, bytes | str]] = [(output, prog.data)]
    if listing:
        outs.append((listing, cuda.listing() if cuda is not None else program_listing(prog, show_control=show_control)))
    _write_files(outs)  # both or neither: a failing --listing leaves the old binary in place
    if as_json:
        import json
        click.echo(json.dumps({"base": prog.base, "size": len(prog.data),
                               "symbols": prog.symbols,
                               "relocations": [r.to_dict() for r in prog.relocations],
                               "records": [r.to_dict() for r in prog.records]}, indent=1))
    allow_quick_exit()   # every output is written (decision AS-2)


def _cuda_input(sel: Selection, name: str, raw: bytes, kernel: str | None, arch: str | None):
    """A CUDA listing's / cubin's kernel, assembled, or None (this ISA's assembly, where --arch is refused)."""
    cuda = None
    try:
        cuda = read_foreign(sel.isa(), name, raw, kernel, arch=arch)
    except AsmError as e:
        _report_asm_errors(e)
    if cuda is None and arch:
        raise UsageError(f"--arch applies to a CUDA input holding several targets; {name} is not a CUDA input")
    return cuda


@click.command("dis")
@click.argument("binary", type=str, metavar="IN.bin")
@click.option("--base", "base", default="0", metavar="ADDR", help="Address of the first word (default 0).")
@click.option("--labels", is_flag=True, help="Insert .L_x_N labels for branch targets (nvdisasm style).")
@click.option("--hex", "hex_", is_flag=True, help="Show each word as /* low 64 bits */ /* high 64 bits */.")
@click.option("--json", "as_json", is_flag=True,
              help="Print a JSON array, one object per word: pc, word (hex), text; and when they apply, opcode, "
                   "fields ({field: raw value}), warning (why a word prints as raw data), label (with --labels, "
                   "the label at this address), size (bytes of a partial last word).")
@click.option("--show-control", is_flag=True, help="Print every control annotation, also default ones.")
@click.option("-o", "--output", type=str, default="-", metavar="FILE", help="Output file (default stdout).")
@pass_selection
@handle_errors
def dis_cmd(sel: Selection, binary, base, labels, hex_, as_json, show_control, output) -> None:
    """Disassemble 128-bit words to text.

    IN.bin holds raw little-endian 128-bit words; '-' reads stdin. A word that
    is not a valid encoding prints as `.u128 0x…` with a warning comment;
    trailing bytes that do not make a whole word print as a final `.u8 …` line
    with a warning (also on stderr). The output is valid `gpuisa asm` input.

    \b
    Examples:
      gpuisa dis prog.bin --labels             labels for branch targets
      gpuisa dis prog.bin --hex --base 0x100   nvdisasm layout
      gpuisa dis prog.bin --json -o p.json     one JSON object per word
      gpuisa asm prog.s -o - | gpuisa dis -    round trip through a pipe
    """
    from .disassembler import add_labels, disassemble, format_listing, listing_of
    data = _read_bytes(binary)
    addr = _parse_addr(base)
    db = sel.db()
    if not (show_control or labels or as_json or hex_) and len(data) % 16 == 0:
        _write(output, listing_of(db, data, base=addr))      # the plain listing, without line objects
        allow_quick_exit()
        return
    lines = disassemble(db, data, base=addr, labels=False)
    if show_control:
        lines = [_with_all_controls(db, ln) for ln in lines]
    if labels:
        lines = add_labels(lines, addr, addr + len(data))
    if len(data) % 16:
        print_diagnostics([Diagnostic("warning", f"{binary}: {lines[-1].warning}")])
    if as_json:
        import json
        _write(output, json.dumps([ln.to_dict() for ln in lines], indent=1) + "\n")
    else:
        _write(output, format_listing(lines, labels=labels, hex=hex_))
    allow_quick_exit()


COMMANDS = [asm_cmd, dis_cmd]
