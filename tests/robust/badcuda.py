"""Seeded mutants of CUDA inputs (nvdisasm / cuobjdump listings, cubins) and of
`gpuisa run` launch options, run in-process against the command line with a
per-case timeout, each outcome classified (issue 11, direction bad11; decisions
D11-B-*).

Outcomes: ``ok`` (exit 0), ``error`` (exit 1 with a located message), ``fault``
(exit 2 with an architectural fault report), and the bugs: ``TRACEBACK``
(an exception escaped), ``INTERNAL`` (exit 70), ``HANG`` (over the per-case
time), ``UNLOCATED`` (exit 1 whose message names neither the file with a
line:column and a caret, nor the ELF section / offset, nor the option), ``BADJSON``
(``--json`` whose stdout is not one JSON object), ``DAMAGED`` (an output file
changed by a failed command), ``EXIT?`` (any other exit status).

Used by ``scripts/bad_input_campaign.py`` (thousands of mutants) and by
``tests/robust/test_bad_cuda.py`` (a few, seeded, in the suite).
"""
from __future__ import annotations

import json
import random
import re
import signal
import struct
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

CORPUS = Path(__file__).resolve().parents[1] / "cuda" / "corpus"

#: the launch of the corpus's vector_add (tests/cuda/corpus/src/vector_add.json) as options
VA_ARGS = ["--grid", "2", "--block", "64", "--buffer", "a=512:iota:s32", "--buffer", "b=512:fill:100:s32",
           "--buffer", "c=512", "--param", "ptr:a", "--param", "ptr:b", "--param", "ptr:c", "--param", "s32:100",
           "--dump-buffer", "c:s32:8"]
BUGS = ("TRACEBACK", "INTERNAL", "HANG", "UNLOCATED", "BADJSON", "DAMAGED", "EXIT?")


class CaseTimeout(BaseException):
    """Raised by the alarm: a BaseException, so that no ``except Exception`` of gpuisa swallows it."""


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    def fire(signum, frame):
        raise CaseTimeout
    old = signal.signal(signal.SIGALRM, fire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


@dataclass
class Outcome:
    kind: str
    exit_code: int | None
    message: str
    seconds: float
    case: str = ""
    extra: dict = field(default_factory=dict)

    @property
    def bug(self) -> bool:
        return self.kind in BUGS


def invoke(args: list[str], timeout: float = 20.0):
    """(exit code or None on a timeout, stdout, stderr, exception or None, seconds)."""
    from click.testing import CliRunner

    from gpuisa.cli import main
    runner = CliRunner()
    t0 = time.perf_counter()
    try:
        with time_limit(timeout):
            r = runner.invoke(main, [str(a) for a in args], catch_exceptions=True)
    except CaseTimeout:
        return None, "", "", None, time.perf_counter() - t0
    exc = r.exception if r.exception is not None and not isinstance(r.exception, SystemExit) else None
    return r.exit_code, r.stdout, r.stderr, exc, time.perf_counter() - t0


_TEXT_LOC = re.compile(r"(^|\s)(?P<file>[^\s:]+):(?P<line>\d+):(?P<col>\d+): ", re.M)


def classify(args: list[str], *, path: str | None = None, binary: bool = False, option: str | None = None,
             timeout: float = 20.0, outputs: dict[Path, bytes] | None = None, case: str = "") -> Outcome:
    """Run *args* and classify the outcome.  *path*: the input file (its name must be in an
    error message: with line:column and a caret for text, with a section or an offset for an
    ELF file when *binary*); *option*: the option under attack (its name, or the input file's, must be in
    the message); *outputs*: files whose bytes a failed command must leave as they were."""
    code, out, err, exc, secs = invoke(args, timeout)
    msg = err.strip()
    if code is None:
        return Outcome("HANG", None, f"over {timeout} s", secs, case)
    if exc is not None:
        return Outcome("TRACEBACK", code, f"{type(exc).__name__}: {exc}", secs, case)
    if "Traceback" in err or "Traceback" in out:
        return Outcome("TRACEBACK", code, msg[-600:], secs, case)
    if code == 70 or "internal error" in err:
        return Outcome("INTERNAL", code, msg[-600:], secs, case)
    if "--json" in args and out.strip():
        try:
            json.loads(out)
        except ValueError:
            return Outcome("BADJSON", code, out[:300], secs, case)
    if code != 0 and outputs:
        for p, before in outputs.items():
            now = p.read_bytes() if p.exists() else None
            if now != before:
                return Outcome("DAMAGED", code, f"{p} changed: {msg[-300:]}", secs, case)
    if code == 0:
        return Outcome("ok", code, "", secs, case)
    if code == 2:
        return Outcome("fault", code, (out + err)[-600:], secs, case)
    if code != 1:
        return Outcome("EXIT?", code, msg[-600:], secs, case)
    if not located(msg, path=path, binary=binary, option=option):
        return Outcome("UNLOCATED", code, msg[-600:], secs, case)
    return Outcome("error", code, msg[:300], secs, case)


def located(msg: str, *, path: str | None, binary: bool, option: str | None) -> bool:
    """Whether an error message says where: an option's name, or the input file with
    line:column and a caret under the text (a listing), or with an ELF section or offset."""
    first = msg.splitlines()[0] if msg else ""
    if option is not None and (re.search(r"--[a-z]", msg) or re.search(r"cannot (write|read) /", msg)):
        return True     # the attacked option or another of the command line, or the path it names
    if path is None:
        return bool(first)
    name = Path(path).name
    if name not in msg:
        return False
    if binary:
        return bool(re.search(r"section|offset|\+0x[0-9a-f]+|at 0x[0-9a-f]+|ELF|e_flags|e_machine|header|sm_\d+"
                              r"|nvdisasm|cuobjdump|empty|not a cubin|no kernel|symbol"
                              r"|not found; kernels:", msg))     # a damaged name: the kernels the file has
    m = _TEXT_LOC.search(msg)
    if m is None:
        # a whole-file problem (empty, a directory, no kernel, not a listing): the file's name is its location
        return bool(re.search(rf"{re.escape(name)}(:1:1)?: (error: )?(.*)(empty|directory|no such|not a|no kernel|"
                              r"cannot read|permission|no \.text|no `Function|kernel|not a CUDA input)", msg, re.I))
    return "^" in msg


# -- text listing mutants ------------------------------------------------------------------------
def _lines(text: str) -> list[str]:
    return text.split("\n")


def _instr_lines(lines: list[str]) -> list[int]:
    return [i for i, ln in enumerate(lines) if re.search(r"/\*[0-9a-f]{4,}\*/\s+[@A-Z]", ln)]


def _token_edit(rng: random.Random, line: str) -> str:
    """Corrupt one token of an instruction line: mnemonic, modifier, operand, label or address."""
    toks = list(re.finditer(r"[A-Za-z_$.][\w.$]*|0x[0-9a-fA-F]+|\d+|/\*[0-9a-f]+\*/|[\[\]{},;`()+-]", line))
    if not toks:
        return line + rng.choice(["X", ";", "]", "`(", "\x00"])
    t = rng.choice(toks)
    s = t.group()
    repl = rng.choice([
        s[:-1], s + rng.choice("XZ_0.9"), s.upper()[::-1], "", s + "." + rng.choice(["FOO", "U32", "64", "X"]),
        "0x" + "f" * rng.randint(1, 40), "-" + s, "R" + str(rng.choice([255, 256, 9999, -1])),
        "UR" + str(rng.choice([63, 64, 255])), "P" + str(rng.choice([7, 8])), ".L_x_" + str(rng.randint(0, 999)),
        "c[0x" + "%x" % rng.randint(0, 40) + "][0x" + "%x" % rng.randint(0, 1 << 20) + "]", "`(", "(*",
        "/*" + "%04x" % rng.randint(0, 0xffff) + "*/", s * rng.randint(2, 6), "\u00e9" + s, s.lower(),
    ])
    return line[:t.start()] + repl + line[t.end():]


def text_mutant(rng: random.Random, text: str) -> tuple[str, str]:
    """(description, mutated text) of a listing."""
    lines = _lines(text)
    ins = _instr_lines(lines) or list(range(len(lines)))
    op = rng.choice(["trunc_byte", "trunc_line", "delete", "dup", "swap", "token", "token", "token", "token",
                     "section", "header", "dupkernel", "crlf", "bom", "nul", "badutf8", "longline", "shuffle_block",
                     "directive", "label", "address"])
    if op == "trunc_byte":
        k = rng.randrange(len(text) + 1)
        return f"truncate at byte {k}", text[:k]
    if op == "trunc_line":
        k = rng.randrange(len(lines) + 1)
        return f"truncate at line {k}", "\n".join(lines[:k])
    if op == "delete":
        k = rng.choice(ins)
        return f"delete line {k + 1}", "\n".join(lines[:k] + lines[k + 1:])
    if op == "dup":
        k = rng.choice(ins)
        return f"duplicate line {k + 1}", "\n".join(lines[:k + 1] + lines[k:])
    if op == "swap":
        a, b = rng.choice(ins), rng.choice(ins)
        lines[a], lines[b] = lines[b], lines[a]
        return f"swap lines {a + 1},{b + 1}", "\n".join(lines)
    if op == "token":
        k = rng.choice(ins)
        lines[k] = _token_edit(rng, lines[k])
        return f"edit line {k + 1}: {lines[k].strip()[:80]}", "\n".join(lines)
    if op in ("section", "header", "directive", "label", "address"):
        pats = {"section": r"^\s*\.(section|text\.|sectionflags|sectioninfo|align|global|type|size|other)",
                "header": r"\.text\.|Function :|code for sm_|\.target|\.headerflags|\.elftype|\.\.\.\.\.\.",
                "directive": r"^\s*(/\*[0-9a-f]+\*/)?\s*\.(byte|short|word|dword|zero|string|align)",
                "label": r"^\s*[.$\w]+:\s*$|`\(",
                "address": r"/\*[0-9a-f]{4}\*/"}
        cand = [i for i, ln in enumerate(lines) if re.search(pats[op], ln)]
        if not cand:
            return "no-op", text
        k = rng.choice(cand)
        how = rng.choice(["delete", "edit", "edit", "blank"])
        if how == "delete":
            del lines[k]
        elif how == "blank":
            lines[k] = ""
        else:
            lines[k] = _token_edit(rng, lines[k])
        return f"{op} {how} line {k + 1}", "\n".join(lines)
    if op == "dupkernel":
        start = next((i for i, ln in enumerate(lines) if re.search(r"\.section\s+\.text\.|Function :", ln)), None)
        if start is None:
            return "no-op", text
        return "two kernels of one name", "\n".join(lines + lines[start:])
    if op == "crlf":
        return "CRLF", text.replace("\n", "\r\n")
    if op == "bom":
        return "BOM", "\ufeff" + text
    if op == "nul":
        k = rng.randrange(len(text) + 1)
        return f"NUL at {k}", text[:k] + "\x00" + text[k:]
    if op == "badutf8":
        k = rng.randrange(len(text) + 1)
        return f"invalid UTF-8 at {k}", text[:k] + "\udcff" + text[k:]   # written with surrogateescape
    if op == "longline":
        k = rng.choice(ins)
        lines[k] = lines[k] + " " + rng.choice(["R1, " * 200_000, "A" * 1_000_000, "/*" + "0" * 1_000_000])
        return f"1 MB line {k + 1}", "\n".join(lines)
    # shuffle_block
    a = rng.choice(ins)
    b = min(len(lines), a + rng.randint(2, 8))
    blk = lines[a:b]
    rng.shuffle(blk)
    return f"shuffle lines {a + 1}..{b}", "\n".join(lines[:a] + blk + lines[b:])


# -- cubin mutants -------------------------------------------------------------------------------
def _elf_regions(data: bytes) -> dict[str, tuple[int, int]]:
    """Byte ranges of the ELF header, the section header table and named sections of a 64-bit cubin."""
    out = {"ehdr": (0, 64)}
    if len(data) < 64 or data[:4] != b"\x7fELF" or data[4] != 2:
        return out
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3a)
    out["shdrs"] = (shoff, shoff + shentsize * shnum)
    try:
        hdrs = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize) for i in range(shnum)]
        stro = hdrs[shstrndx][4]
        for h in hdrs:
            name = data[stro + h[0]:data.index(b"\0", stro + h[0])].decode()
            if h[1] != 8 and h[5]:   # not NOBITS
                key = ("text" if name.startswith(".text") else "info" if name.startswith(".nv.info")
                       else "const0" if name.startswith(".nv.constant0") else "rel" if name.startswith(".rel")
                       else "symtab" if name == ".symtab" else "strtab" if name in (".strtab", ".shstrtab")
                       else name)
                out.setdefault(key, (h[4], h[4] + h[5]))
    except (struct.error, ValueError, IndexError, UnicodeDecodeError):
        pass
    return out


def cubin_mutant(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    regions = _elf_regions(data)
    b = bytearray(data)
    op = rng.choice(["trunc", "flip", "flip", "flip", "flip", "machine", "class", "flags", "flags", "zero_region",
                     "shnum", "shoff"])
    if op == "trunc":
        k = rng.randrange(len(b))
        return f"truncate at byte {k}", bytes(b[:k])
    if op == "flip":
        name = rng.choice(sorted(regions))
        lo, hi = regions[name]
        hi = min(hi, len(b))
        if hi <= lo:
            return "no-op", data
        n = rng.randint(1, 4)
        where = []
        for _ in range(n):
            k = rng.randrange(lo, hi)
            b[k] ^= 1 << rng.randrange(8) if rng.random() < 0.7 else rng.randrange(1, 256)
            where.append(k)
        return f"flip {name} at {where}", bytes(b)
    if op == "machine":
        v = rng.choice([0, 3, 62, 0xbe - 1, 0xffff])
        struct.pack_into("<H", b, 0x12, v)
        return f"e_machine {v}", bytes(b)
    if op == "class":
        b[4] = rng.choice([0, 1, 3])
        return f"EI_CLASS {b[4]}", bytes(b)
    if op == "flags":
        flags, = struct.unpack_from("<I", b, 0x30)
        sm = rng.choice([0, 30, 35, 50, 52, 70, 72, 200, 255, 1])
        abi8 = (b[8] >= 8) if len(b) > 8 else True
        new = (flags & ~0xff00) | (sm << 8) if abi8 else (flags & ~0xff) | sm
        if rng.random() < 0.3:
            new = rng.getrandbits(32)
        struct.pack_into("<I", b, 0x30, new)
        return f"e_flags 0x{new:x} (sm {sm})", bytes(b)
    if op == "zero_region":
        name = rng.choice(sorted(regions))
        lo, hi = regions[name]
        hi = min(hi, len(b))
        b[lo:hi] = bytes(max(0, hi - lo))
        return f"zero {name}", bytes(b)
    if op == "shnum":
        struct.pack_into("<H", b, 0x3c, rng.choice([0, 1, 0xffff, 200]))
        return "e_shnum", bytes(b)
    struct.pack_into("<Q", b, 0x28, rng.choice([0, len(b), len(b) - 8, 1 << 62]))
    return "e_shoff", bytes(b)


# -- launch-option mutants -------------------------------------------------------------------------
OPTION_ATTACKS: list[tuple[str, list[str]]] = [
    ("--param", ["u32:1", "s32:99999999999", "u32:-1", "f32:1.5", "ptr:nosuch", "ptr:a+99999999999999999999",
                 "s32:abc", "u64:0x" + "f" * 17, "x:1", "", "s32", "ptr:", "f32:nan", "s32:1.5", "s8:300",
                 "ptr:a-16", "u16:-1"]),
    ("--grid", ["0", "-1", "x", "1,0", "2147483648", "65536,65536,65536", "1,1,65536", "1,2,3,4", "", "1.5", "1e3"]),
    ("--block", ["0", "-1", "1025", "33,33", "1,1,65", "x", "1024,2", "", "64.0", "1,1,1,1", "2000000000"]),
    ("--buffer", ["a", "a=", "a=0", "a=-4", "a=99999999999999", "a=1099511627776", "=16", "a=16:nosuch",
                  "a=16:fill", "a=16:fill:x", "a=16:random", "a=16:iota:q32", "a=file:/nonexistent",
                  "a=file:/", "a=16:fill:1:f32:extra", "a=3:iota:s32"]),
    ("--dump-buffer", ["nosuch", "c:q32", "c:s32:-1", "c:s32:999999", "c:s32:x", "", ":", "c:s32:8:9"]),
    ("--shared-bytes", ["-1", "99999999", "1048576", "x", "0x100000"]),
    ("--kernel", ["nosuch", "", "vector", "_Z", "*", "vector_add(int)"]),
    ("--max-steps", ["0", "-1", "x"]),
    ("--max-warps", ["0", "-1"]),
    ("--trace", ["/nonexistent/dir/t.jsonl", "/"]),
    ("--timeline", ["/nonexistent/dir/t.html"]),
    ("--arch", ["sm_30", "sm_200", "x", ""]),
]


def option_cases(rng: random.Random, n: int) -> list[tuple[str, list[str]]]:
    """(option, replacement arguments for VA_ARGS) pairs: every listed attack, then random combinations."""
    cases = []
    for opt, vals in OPTION_ATTACKS:
        for v in vals:
            cases.append((opt, _with_option(VA_ARGS, opt, v)))
    while len(cases) < n:
        opt, vals = rng.choice(OPTION_ATTACKS)
        args = list(VA_ARGS)
        for _ in range(rng.randint(1, 3)):
            opt, vals = rng.choice(OPTION_ATTACKS)
            args = _with_option(args, opt, rng.choice(vals))
        cases.append((opt, args))
    return cases


def _with_option(args: list[str], opt: str, value: str) -> list[str]:
    """*args* with the first *opt* replaced by *value*, or with ``opt value`` added; a --param or
    --buffer attack replaces a random one of them or adds one more."""
    out = list(args)
    idx = [i for i, a in enumerate(out) if a == opt]
    if idx and opt not in ("--param", "--buffer") or (idx and value and value[0] in "us"):
        out[idx[-1] + 1] = value
    else:
        out += [opt, value]
    return out


def launch_args(stem: str) -> list[str]:
    """`gpuisa run` options of the first launch of corpus source *stem* (its manifest, with
    random or zero buffers: the campaign checks outcomes, not values); VA_ARGS for vector_add."""
    if stem == "vector_add":
        return list(VA_ARGS)
    launch = json.loads((CORPUS / "src" / f"{stem}.json").read_text())["launches"][0]
    args = ["--kernel", launch["kernel"], "--grid", ",".join(map(str, launch["grid"])),
            "--block", ",".join(map(str, launch["block"]))]
    for name, b in launch["buffers"].items():
        size = int(re.sub(r"\D", "", b["dtype"]) or 32) // 8 * b["count"]
        args += ["--buffer", f"{name}={max(size, 1)}" + (":random:1" if b["init"] != "zeros" else "")]
    for prm in launch["params"]:
        args += ["--param", prm]
    if launch.get("shared_bytes"):
        args += ["--shared-bytes", str(launch["shared_bytes"])]
    return args


def api_outcome(path: Path, stem: str, case: str = "", timeout: float = 20.0) -> Outcome:
    """The Python API on *path* (``load_cuda`` then ``launch``): a GpuisaError is a clean refusal,
    any other exception a bug (``TRACEBACK``)."""
    import numpy as np

    import gpuisa
    from gpuisa.errors import GpuisaError
    isa = gpuisa.load_isa()
    t0 = time.perf_counter()
    args = launch_args(stem)
    kernel = args[args.index("--kernel") + 1] if "--kernel" in args else None
    grid = tuple(int(v) for v in args[args.index("--grid") + 1].split(","))
    block = tuple(int(v) for v in args[args.index("--block") + 1].split(","))
    bufs = {}
    for i, a in enumerate(args):
        if a == "--buffer":
            name, spec = args[i + 1].split("=", 1)
            bufs[name] = np.zeros(int(spec.split(":")[0]), np.uint8)
    params = [args[i + 1] for i, a in enumerate(args) if a == "--param"]
    try:
        with time_limit(timeout):
            k = isa.load_cuda(str(path), kernel=kernel)
            res = k.launch(grid=grid, block=block, params=params, buffers=bufs, max_steps=200_000)
    except CaseTimeout:
        return Outcome("HANG", None, f"over {timeout} s", time.perf_counter() - t0, case)
    except GpuisaError as e:
        kind = "error" if str(path.name) in str(e) or "--" in str(e) or "param" in str(e) else "UNLOCATED"
        return Outcome(kind, 1, str(e)[:600], time.perf_counter() - t0, case)
    except Exception as e:  # noqa: BLE001 - what the campaign looks for
        return Outcome("TRACEBACK", None, f"{type(e).__name__}: {e}", time.perf_counter() - t0, case)
    return Outcome("ok" if res.ok else "fault", 0, str(res.fault)[:300], time.perf_counter() - t0, case)


def corpus_inputs(archs=("sm_75", "sm_80", "sm_90", "sm_120"), stems=("vector_add",)) -> list[Path]:
    return [CORPUS / a / f"{s}.{f}" for a in archs for s in stems for f in ("nvdisasm", "cuobjdump", "cubin")
            if (CORPUS / a / f"{s}.{f}").exists()]


def write_text_mutant(path: Path, text: str) -> None:
    path.write_bytes(text.encode("utf-8", "surrogateescape"))


def run_text_mutants(tmp: Path, seed: int, n: int, src: Path, *, timeout: float = 20.0,
                     report: Callable[[Outcome], None] | None = None) -> list[Outcome]:
    rng = random.Random(seed)
    text = src.read_text()
    args = launch_args(src.stem)
    outs = []
    for i in range(n):
        what, mutated = text_mutant(rng, text)
        p = tmp / f"m{i % 4}{src.suffix}"
        write_text_mutant(p, mutated)
        case = f"{src.parent.name}/{src.name} seed {seed} #{i}: {what}"
        r = rng.random()
        if r < 0.1:
            o = api_outcome(p, src.stem, case + " (API)", timeout)
        elif r < 0.3:
            keep = tmp / "keep.bin"
            keep.write_bytes(b"previous")
            lst = tmp / "keep.lst"
            lst.write_bytes(b"previous listing")
            o = classify(["asm", p, "-o", keep, "--listing", lst], path=str(p), timeout=timeout, case=case,
                         outputs={keep: b"previous", lst: b"previous listing"})
        else:
            o = classify(["run", p, *args, "--max-steps", "1000000", "--json"], path=str(p), timeout=timeout,
                         case=case)
        outs.append(o)
        if report:
            report(o)
    return outs


def run_cubin_mutants(tmp: Path, seed: int, n: int, src: Path, *, timeout: float = 30.0,
                      report: Callable[[Outcome], None] | None = None) -> list[Outcome]:
    rng = random.Random(seed)
    data = src.read_bytes()
    args = launch_args(src.stem)
    outs = []
    for i in range(n):
        what, mutated = cubin_mutant(rng, data)
        p = tmp / f"m{i % 4}.cubin"
        p.write_bytes(mutated)
        case = f"{src.parent.name}/{src.name} seed {seed} #{i}: {what}"
        o = classify(["run", p, *args, "--json"], path=str(p), binary=True, timeout=timeout, case=case)
        outs.append(o)
        if report:
            report(o)
    return outs
