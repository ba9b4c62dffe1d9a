"""The model of an imported CUDA module: kernels (their instruction lines),
constant banks, shared sizes and ``.nv.info`` attributes; and the parser of
``.nv.info`` attribute streams, shared by the listing and the ELF readers."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..errors import Coord, Diagnostic, UsageError

#: .nv.info attribute codes used here (CUDA's EIATTR_* numbering)
EIATTR_PARAM_CBANK = 0x0A
EIATTR_FRAME_SIZE = 0x11
EIATTR_MIN_STACK_SIZE = 0x12
EIATTR_KPARAM_INFO = 0x17
EIATTR_CBANK_PARAM_SIZE = 0x19
EIATTR_MAX_STACK_SIZE = 0x23

_RE_BANK = re.compile(r"\bc\[0x([0-9a-fA-F]+)\]")


@dataclass(frozen=True)
class ParamInfo:
    """One kernel parameter of ``.nv.info``'s EIATTR_KPARAM_INFO table."""
    ordinal: int
    offset: int      # from the start of the parameter area
    size: int        # bytes


@dataclass
class KernelInfo:
    """One kernel of a CUDA module."""
    name: str
    #: ``(line number in the source text, text)`` of every instruction and label line
    #: of the kernel's code (``.text.NAME`` / ``Function : NAME``), in order
    lines: list[tuple[int, str]] = field(default_factory=list)
    first_line: int = 0
    params: list[ParamInfo] | None = None     # None: the input has no .nv.info
    param_base: int | None = None             # EIATTR_PARAM_CBANK offset
    param_size: int | None = None             # EIATTR_CBANK_PARAM_SIZE
    shared: int | None = None                 # .nv.shared.NAME bytes (None: unknown)
    const0: int | None = None                 # .nv.constant0.NAME bytes
    frame: int = 0                            # EIATTR_FRAME_SIZE (per-thread stack frame)
    banks: dict[int, bytes] = field(default_factory=dict)   # kernel-private banks (.nv.constant2.NAME)

    def excerpt(self) -> tuple[int, str]:
        """The assembler input: ``(first line number, text)`` of the lines from the kernel's
        first line to its last, the kernel's lines at their places and the others blank
        (assembled with ``first_line=``, diagnostics point into the listing; the cost does not
        grow with the other kernels of a large module)."""
        if not self.lines:
            return 1, ""
        first = self.lines[0][0]
        out = [""] * (self.lines[-1][0] - first + 1)
        for ln, t in self.lines:
            out[ln - first] = t
        return first, "\n".join(out)

    def banks_read(self) -> set[int]:
        """Constant banks the code reads (``c[0xN]`` operands)."""
        return {int(m.group(1), 16) for _, t in self.lines for m in _RE_BANK.finditer(t)}


@dataclass
class CudaModule:
    """An imported nvdisasm / cuobjdump listing or cubin."""
    kind: str                    # "nvdisasm" | "cuobjdump" | "cubin"
    filename: str
    arch: int                    # 75, 80, 90, 120, ...
    kernels: dict[str, KernelInfo]
    source: str = ""             # the instruction text (the listing; nvdisasm's output for a cubin)
    banks: dict[int, bytes] = field(default_factory=dict)   # module banks (.nv.constant3: __constant__ data)
    has_data: bool = True        # False for cuobjdump listings (no data sections)
    #: device globals (decision GA-5): ``.nv.global.init`` / ``.nv.global`` -> (initial bytes, size)
    globals: dict[str, tuple[bytes, int]] = field(default_factory=dict)
    #: data symbols of those sections -> (section, offset)
    symbols: dict[str, tuple[str, int]] = field(default_factory=dict)
    #: constant-bank words holding a symbol's address: (bank, kernel or None, offset, size, symbol, addend)
    relocs: list[tuple[int, str | None, int, int, str, int]] = field(default_factory=list)
    other_archs: list[int] = field(default_factory=list)   # cuobjdump: the other architectures listed

    def kernel(self, name: str | None) -> KernelInfo:
        """The kernel *name* (mangled or demangled), or the only kernel."""
        names = list(self.kernels)
        if name is None:
            if len(names) == 1:
                return self.kernels[names[0]]
            if not names:
                raise UsageError(f"{self.filename}: no kernel found in this {self.kind} input")
            raise UsageError(f"{self.filename}: {len(names)} kernels; choose one with --kernel NAME: "
                             + ", ".join(_label(n) for n in names))
        if name in self.kernels:
            return self.kernels[name]
        hits = [n for n in names if demangle(n) == name or demangle(n).split("(")[0] == name]
        if len(hits) == 1:
            return self.kernels[hits[0]]
        what = "is ambiguous" if hits else "not found"
        raise UsageError(f"{self.filename}: kernel {name!r} {what}; kernels: " + ", ".join(_label(n) for n in names))


def _label(n: str) -> str:
    d = demangle(n)
    return n if d == n else f"{n} ({d})"


# -- demangling (the Itanium subset nvcc kernels use) ------------------------------------------
_BUILTIN = {"v": "void", "b": "bool", "c": "char", "a": "signed char", "h": "unsigned char", "s": "short",
            "t": "unsigned short", "i": "int", "j": "unsigned int", "l": "long", "m": "unsigned long",
            "x": "long long", "y": "unsigned long long", "f": "float", "d": "double", "e": "long double"}


def demangle(name: str) -> str:
    """``_Z11device_callPKiPii`` -> ``device_call(int const*, int*, int)``; a name
    outside the simple subset (no templates or namespaces) is returned as it is."""
    m = re.match(r"_Z(\d+)", name)
    if not m:
        return name
    n = int(m.group(1))
    i = m.end()
    base = name[i:i + n]
    if len(base) != n:
        return name
    i += n
    args: list[str] = []
    s = name[i:]

    def typ(k: int) -> tuple[str, int]:
        if k >= len(s):
            raise ValueError
        c = s[k]
        if c in "PKRV":
            inner, k2 = typ(k + 1)
            return inner + {"P": "*", "K": " const", "R": "&", "V": " volatile"}[c], k2
        if c in _BUILTIN:
            return _BUILTIN[c], k + 1
        mm = re.match(r"\d+", s[k:])
        if not mm:
            raise ValueError
        ln = int(mm.group(0))
        k += mm.end()
        return s[k:k + ln], k + ln

    k = 0
    try:
        while k < len(s):
            t, k = typ(k)
            args.append(t)
    except ValueError:
        return name
    if args == ["void"]:
        args = []
    return f"{base}({', '.join(args)})"


# -- .nv.info ------------------------------------------------------------------------------------
def parse_nv_info(data: bytes, kernel: KernelInfo, where: str) -> None:
    """Read an ``.nv.info.NAME`` attribute stream into *kernel* (parameter table,
    parameter bank offset and size, frame size)."""
    i = 0
    params: list[ParamInfo] = []
    while i + 2 <= len(data):
        fmt, attr = data[i], data[i + 1]
        if fmt == 0x04:               # EIFMT_SVAL: u16 size, payload
            size = int.from_bytes(data[i + 2:i + 4], "little")
            payload = data[i + 4:i + 4 + size]
            i += 4 + size
        elif fmt == 0x03:             # EIFMT_HVAL: u16 value
            payload = data[i + 2:i + 4]
            i += 4
        elif fmt == 0x02:             # EIFMT_BVAL: u8 value
            payload = data[i + 2:i + 3]
            i += 4
        elif fmt == 0x01:             # EIFMT_NVAL
            payload = b""
            i += 4
        else:
            raise UsageError(f"{where}: malformed .nv.info.{kernel.name} attribute stream at byte {i} "
                             f"(format 0x{fmt:02x})")
        u = lambda a, b, payload=payload: int.from_bytes(payload[a:b], "little")  # noqa: E731
        if attr == EIATTR_KPARAM_INFO and len(payload) >= 12:
            params.append(ParamInfo(u(4, 6), u(6, 8), u(8, 12) >> 18))
        elif attr == EIATTR_PARAM_CBANK and len(payload) >= 8:
            kernel.param_base, kernel.param_size = u(4, 6), u(6, 8)
        elif attr == EIATTR_CBANK_PARAM_SIZE and len(payload) >= 2:
            kernel.param_size = u(0, 2)
        elif attr == EIATTR_FRAME_SIZE and len(payload) >= 8:
            kernel.frame = u(4, 8)
    if params or kernel.param_size is not None:
        kernel.params = sorted(params, key=lambda p: p.ordinal)


def error(msg: str, filename: str, line: int | None = None, col: int = 1, src: str | None = None,
          length: int = 1) -> UsageError:
    """A located bad-input error."""
    if line is None:
        return UsageError(f"{filename}: {msg}")
    return UsageError([Diagnostic("error", msg, Coord(filename, line, col), src, length)])


# -- sm_100+: UR63 is an ordinary uniform register there (decision CU-9) --------------------------
_RE_UR63 = re.compile(r"\bUR63\b")
_RE_UR = re.compile(r"\bUR(\d+)\b")
_RE_WIDE = re.compile(r"^\s*(?:@!?U?P\w+\s+)?\S*(?:\.64|\.128|WIDE)")
#: the first architecture whose listings use UR63 as a register (their zero register is URZ beyond it)
UR63_ARCH = 100


def kernel_text(module: CudaModule, info: KernelInfo) -> tuple[int, str]:
    """The assembler input of a kernel: :meth:`KernelInfo.excerpt`, with ``UR63`` renamed for
    sm_100 and later (decision CU-9): their uniform register file is larger and nvcc allocates
    UR63 like any other register, while this ISA's 6-bit uniform register field makes UR63 the
    zero register URZ (as the seeds define it).  A kernel that names UR63 gets a uniform
    register it does not use instead, written in UR63's place (same columns when the number
    has two digits); one that uses every other uniform register, or that may use UR63 as the
    upper half of a wider operand, is refused with a located message."""
    first, text = info.excerpt()
    if module.arch < UR63_ARCH or "UR63" not in text:
        return first, text
    lines = text.split("\n")
    at, m = next((k, m) for k, ln in enumerate(lines) if (m := _RE_UR63.search(ln)) is not None)
    where = (module.filename, first + at, m.start() + 1, lines[at])
    for k, ln in enumerate(lines):
        if any(n in (60, 61, 62) for n in map(int, _RE_UR.findall(ln))) and _RE_WIDE.match(ln):
            raise error(f"kernel {info.name} (sm_{module.arch}) uses UR63 as an ordinary register and "
                        f"UR60-UR62 in a 64/128-bit operand (line {first + k}): this ISA's UR63 is the zero "
                        "register URZ, and the pair cannot be moved safely (decision CU-9)", *where[:3],
                        src=where[3], length=4)
    named = {int(n) for n in _RE_UR.findall(text)}
    # a free register whose three lower neighbours are free too (none of them a wider operand's base)
    free = [k for k in range(62, 2, -1) if not {k - 3, k - 2, k - 1, k} & named]
    if not free:
        raise error(f"kernel {info.name} (sm_{module.arch}) uses UR63 as an ordinary register and no "
                    "uniform register is free to take its place (this ISA has UR0-UR62 and URZ; "
                    "decision CU-9)", *where[:3], src=where[3], length=4)
    k = next((r for r in free if r >= 10), free[0])
    return first, _RE_UR63.sub(f"UR{k}".ljust(4), text)
