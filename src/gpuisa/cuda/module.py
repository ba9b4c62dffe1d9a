"""The model of an imported CUDA module: kernels (their instruction lines),
constant banks, shared sizes and ``.nv.info`` attributes; and the parser of
``.nv.info`` attribute streams, shared by the listing and the ELF readers."""
from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from ..errors import Coord, Diagnostic, UsageError

#: .nv.info attribute codes used here (CUDA's EIATTR_* numbering)
EIATTR_MAX_THREADS = 0x05         # __launch_bounds__(N): the most threads per block, three u32 (D12-L-4)
EIATTR_PARAM_CBANK = 0x0A
EIATTR_FRAME_SIZE = 0x11
EIATTR_MIN_STACK_SIZE = 0x12
EIATTR_KPARAM_INFO = 0x17
EIATTR_CBANK_PARAM_SIZE = 0x19
EIATTR_MAX_STACK_SIZE = 0x23
EIATTR_KPARAM_INFO_V2 = 0x45     # a parameter list over 4 KiB (decision D8-tiny-3)
EIATTR_CTA_PER_CLUSTER = 0x3D    # __cluster_dims__(X, Y, Z): three u32 (decision D10-C-4)
EIATTR_REGCOUNT = 0x2F           # registers per thread, in the module's .nv.info (sm_90+; D12-L-4)
#: the attributes of the module's .nv.info that give a kernel's stack (symbol index, bytes; D15-P-1)
EIATTR_STACK = {EIATTR_FRAME_SIZE: "EIATTR_FRAME_SIZE", EIATTR_MIN_STACK_SIZE: "EIATTR_MIN_STACK_SIZE",
                EIATTR_MAX_STACK_SIZE: "EIATTR_MAX_STACK_SIZE"}


def stack_attr(value: int) -> int:
    """A stack attribute's bytes, 0 for nvcc's "unbounded" mark: a recursive kernel's
    EIATTR_MAX_STACK_SIZE is 0xffffffff, its depth known only at run time (the host's
    cudaLimitStackSize; the launch's default local size then, decision D16-5)."""
    return 0 if value >= 0x80000000 else value

_RE_BANK = re.compile(r"\bc\[0x([0-9a-fA-F]+)\]")


@dataclass(frozen=True)
class ParamInfo:
    """One kernel parameter of ``.nv.info``'s EIATTR_KPARAM_INFO (or _V2) table."""
    ordinal: int
    offset: int      # from the start of the parameter area
    size: int        # bytes


#: a general-purpose register operand (R0 .. R254; RZ is not one)
_RE_GPR = re.compile(r"\bR(\d+)\b")

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
    #: the per-thread stack the kernel needs, its calls included: the largest EIATTR_FRAME_SIZE /
    #: MIN_STACK_SIZE / MAX_STACK_SIZE the module's ``.nv.info`` gives the kernel (decision D15-P-1)
    stack: int = 0
    cluster: tuple[int, int, int] | None = None   # EIATTR_CTA_PER_CLUSTER (__cluster_dims__)
    #: registers per thread (SHI_REGISTERS / the .text section's sh_info / EIATTR_REGCOUNT); None: unknown
    registers: int | None = None
    max_threads: tuple[int, int, int] | None = None   # EIATTR_MAX_THREADS (__launch_bounds__)
    banks: dict[int, bytes] = field(default_factory=dict)   # kernel-private banks (.nv.constant2.NAME)
    #: a cuobjdump listing's NVIDIA encodings (the ``/* 0x… */`` words, in order): the bytes of
    #: the cubin's ``.text.NAME``, to find the cubin the listing was made from (its data)
    code: bytes | None = None
    #: a kernel (an entry: it has ``.nv.info.NAME``), not a device function of relocatable code
    entry: bool = False

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

    def registers_lower_bound(self) -> int:
        """The registers per thread when the input does not say (a cuobjdump listing): at least the
        highest ``Rn`` the code names, plus one (ptxas's count is that plus 2: a lower bound only)."""
        if self.registers:
            return self.registers
        return max((int(m.group(1)) + 1 for _, t in self.lines for m in _RE_GPR.finditer(t)), default=0)

    def banks_read(self) -> set[int]:
        """Constant banks the code reads (``c[0xN]`` operands)."""
        return {int(m.group(1), 16) for _, t in self.lines for m in _RE_BANK.finditer(t)}


_RE_STACK_SETUP = re.compile(r"\b(?:MOV|LDC|IMAD\.MOV\.U32)\s+R1\s*,\s*(?:RZ\s*,\s*RZ\s*,\s*)?c\[0x0\]\s*\[0x(?:28|37c)\]")


def _sets_stack(k: KernelInfo) -> bool:
    """Whether the function's first instruction loads R1 from the stack-top word of bank 0, as every
    kernel nvcc writes does (`LDC R1, c[0x0][0x28]`, sm_75-sm_89's `IMAD.MOV.U32 R1, RZ, RZ, c[0x0][0x28]`;
    sm_100+: `0x37c`) and no device function does:
    how a cuobjdump listing, which marks no entries, tells kernels from the device functions of -G
    code (decision D20-4)."""
    for _, t in k.lines[:4]:
        if "R1" in t and _RE_STACK_SETUP.search(t):
            return True
    return False


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
    #: their sizes in bytes, from the listing's ``.size NAME,(.L_0 - NAME)`` (decision D8-6)
    symbol_sizes: dict[str, int] = field(default_factory=dict)
    #: ``__constant__`` variables of the module banks (``.nv.constant3``): name -> (bank, offset,
    #: size), from the listing's labels or the cubin's symbol table (decision D8-7)
    const_symbols: dict[str, tuple[int, int, int]] = field(default_factory=dict)
    #: constant-bank words holding a symbol's address: (bank, kernel or None, offset, size, symbol, addend)
    relocs: list[tuple[int, str | None, int, int, str, int]] = field(default_factory=list)
    #: constant-bank words holding the address of a function the module calls but does not define
    #: (``.dword vprintf``): (bank, kernel or None, offset, name); decision D6-cl-7
    externs: list[tuple[int, str | None, int, str]] = field(default_factory=list)
    other_archs: list[int] = field(default_factory=list)   # cuobjdump: the other architectures listed
    data_from: str | None = None    # cuobjdump: the cubin beside it whose data sections were read (CU-10)
    elf_image: bytes | None = None  # ... and its bytes (the code's relocations: D11-F-3)
    from_binary: bool = False       # a cubin cut out of a host binary (decision D9-1)
    #: relocatable code (an ``ET_REL`` cubin: nvcc -rdc=true / -dc), its ``__shared__`` variables in
    #: symbol-table order (:class:`gpuisa.cuda.rdc.SharedVar`) and its ``extern __shared__`` arrays
    #: (decision D13-T-1)
    relocatable: bool = False
    #: device-global words holding a function's address (``__device__ binop table[] = {op_add, ...}`` at
    #: -G: ``.dword _Z6op_addii`` in ``.nv.global.init``): (section, offset, size, function, addend); D13-T-2
    global_funcs: list[tuple[str, int, int, str, int]] = field(default_factory=list)
    shared_vars: list = field(default_factory=list)
    shared_externs: set[str] = field(default_factory=set)

    def kernel(self, name: str | None) -> KernelInfo:
        """The kernel *name* (mangled or demangled), or the only kernel. Without a name, the functions
        the input marks as entries (``STO_CUDA_ENTRY``: the ``__global__`` ones) are the kernels when it
        marks any; a ``-G`` or relocatable module's device functions have ``.text`` sections of their
        own (decision D20-4). *name* may still choose a device function."""
        names = list(self.kernels)
        if name is None:
            entries = [n for n in names if self.kernels[n].entry]
            if not entries and self.kind == "cuobjdump":     # no entry marks: a kernel sets up its stack
                entries = [n for n in names if _sets_stack(self.kernels[n])]
            pool = entries or names
            if len(pool) == 1:
                return self.kernels[pool[0]]
            if not pool:
                raise UsageError(f"{self.filename}: no kernel found in this {self.kind} input")
            rest = len(names) - len(pool)
            more = f" (and {rest} device function{'s' if rest > 1 else ''})" if rest else ""
            raise UsageError(_kernel_list(f"{self.filename}: {len(pool)} kernels{more}; choose one with --kernel NAME: ",
                                          pool))
        if name in self.kernels:
            return self.kernels[name]
        want = _plain(_east_const(_builtin_names(name)))
        hits = [n for n in names if want in kernel_aliases(n)]
        if len(hits) == 1:
            return self.kernels[hits[0]]
        if hits:
            raise UsageError(_kernel_list(f"{self.filename}: kernel {name!r} is ambiguous; it names ", hits))
        raise UsageError(_kernel_list(f"{self.filename}: kernel {name!r} not found; kernels: ", names))


def _kernel_list(head: str, names: list[str]) -> str:
    """*head* and the kernels for a message: ``offset, scale`` when none is mangled; else one a line, the
    demangled name first (what --kernel takes, with or without its namespaces, return type and
    parameter list) and the symbol after it -- a comma-separated line of template names was
    unreadable (D12-C-2)."""
    if all(demangle(n) == n for n in names):
        return head + ", ".join(names)
    return head.rstrip() + "".join(f"\n  {demangle(n)}" + (f"   [{n}]" if demangle(n) != n else "") for n in names)


# -- demangling (the Itanium subset nvcc kernels use) ------------------------------------------
_BUILTIN = {"v": "void", "b": "bool", "c": "char", "a": "signed char", "h": "unsigned char", "s": "short",
            "t": "unsigned short", "i": "int", "j": "unsigned int", "l": "long", "m": "unsigned long",
            "x": "long long", "y": "unsigned long long", "n": "__int128", "o": "unsigned __int128",
            "f": "float", "d": "double", "e": "long double", "w": "wchar_t", "z": "..."}
#: suffixes of integer template arguments (``Lj3E`` -> ``3u``), as c++filt writes them
_LIT_SUFFIX = {"i": "", "j": "u", "l": "l", "m": "ul", "x": "ll", "y": "ull"}
_QUAL = {"P": "*", "R": "&", "O": "&&", "K": " const", "V": " volatile"}
#: an array type as this demangler writes it: element, pointer/reference marks (`float (*) [9]`), bounds
_RE_ARRAY = re.compile(r"^(.*?) (?:\(([*&]+)\) )?((?:\[[^\[\]]*\])+)$")
#: the binary and unary operators of expressions (`Arr<int, N + 1>`: ``XplT_Li1EE``; D12-C-5)
_BINARY = {"pl": "+", "mi": "-", "ml": "*", "dv": "/", "rm": "%", "an": "&", "or": "|", "eo": "^", "ls": "<<",
           "rs": ">>", "lt": "<", "gt": ">", "le": "<=", "ge": ">=", "eq": "==", "ne": "!=", "aa": "&&", "oo": "||"}
_UNARY = {"ng": "-", "ps": "+", "nt": "!", "co": "~", "ad": "&", "de": "*"}
#: operator names (``pl`` -> ``operator+``): a function template argument ``vec_op<operator+>``
_OPERATORS = {"nw": " new", "na": " new[]", "dl": " delete", "da": " delete[]", "ps": "+", "ng": "-", "ad": "&",
              "de": "*", "co": "~", "pl": "+", "mi": "-", "ml": "*", "dv": "/", "rm": "%", "an": "&", "or": "|",
              "eo": "^", "aS": "=", "pL": "+=", "mI": "-=", "mL": "*=", "dV": "/=", "rM": "%=", "aN": "&=",
              "oR": "|=", "eO": "^=", "ls": "<<", "rs": ">>", "lS": "<<=", "rS": ">>=", "eq": "==", "ne": "!=",
              "lt": "<", "gt": ">", "le": "<=", "ge": ">=", "ss": "<=>", "nt": "!", "aa": "&&", "oo": "||",
              "pp": "++", "mm": "--", "cm": ",", "pm": "->*", "pt": "->", "cl": "()", "ix": "[]"}
_TPARAM = "\0T"        # a substitution candidate that is a template parameter (``\0T1``: ``T0_``)


class _Demangler:
    """A recursive-descent reader of ``_Z`` names: nested names and namespaces (``N..E``,
    ``St``, the anonymous namespace), template arguments (``I..E``: types, integer and bool
    literals, packs ``J..E``), template parameters (``T_``, ``T0_``) and substitutions
    (``S_``, ``S0_``), CV-qualified pointer and reference types, functions and their addresses
    as template arguments (``L_Z..E``, ``XadL_Z..EE``). Anything else raises
    ValueError (the caller keeps the mangled name)."""

    def __init__(self, s: str) -> None:
        self.s, self.k = s, 0
        self.subs: list[str] = []
        self.targs: list[str] = []

    def peek(self, n: int = 1) -> str:
        return self.s[self.k:self.k + n]

    def eat(self, c: str) -> bool:
        if self.s.startswith(c, self.k):
            self.k += len(c)
            return True
        return False

    def number(self) -> int:
        m = re.compile(r"n?\d+").match(self.s, self.k)
        if not m:
            raise ValueError
        self.k = m.end()
        t = m.group(0)
        return -int(t[1:]) if t[0] == "n" else int(t)

    def seq_id(self, end: str) -> int:
        """``_`` -> 0, ``<base 36>_`` -> value + 1 (substitutions and template parameters)."""
        m = re.compile(r"[0-9A-Z]*").match(self.s, self.k)
        assert m is not None
        self.k = m.end()
        if not self.eat(end):
            raise ValueError
        return int(m.group(0), 36) + 1 if m.group(0) else 0

    def source_name(self) -> str:
        n = self.number()
        name = self.s[self.k:self.k + n]
        if len(name) != n or n <= 0:
            raise ValueError
        self.k += n
        return "(anonymous namespace)" if name.startswith("_GLOBAL__N") else name

    def template_args(self) -> list[str]:
        if not self.eat("I"):
            raise ValueError
        args: list[str] = []
        while not self.eat("E"):
            args.append(self.template_arg())
        return args

    def literal(self) -> str:
        """The rest of ``L <builtin type> <value> E`` (after ``L``): ``i3`` -> ``3``, ``m4`` -> ``4ul``,
        ``b1`` -> ``true``, ``c65`` -> ``(char)65``, ``f3fc00000`` -> ``(float)[3fc00000]`` (c++filt's)."""
        c = self.peek()
        self.k += 1
        if c in "fd":                           # a floating literal: its bits in hex (C++20 template arguments)
            m = re.compile(r"[0-9a-f]+").match(self.s, self.k)
            if not m:
                raise ValueError
            self.k = m.end()
            if not self.eat("E"):
                raise ValueError
            return f"({_BUILTIN[c]})[{m.group(0)}]"
        v = self.number()
        if not self.eat("E"):
            raise ValueError
        if c == "b":
            return "true" if v else "false"
        if c in _LIT_SUFFIX:
            return f"{v}{_LIT_SUFFIX[c]}"
        if c in _BUILTIN:
            return f"({_BUILTIN[c]}){v}"
        raise ValueError

    def expression(self) -> str:
        """A dependent expression in a template argument, an array bound or a decltype, as c++filt
        prints it: ``plT_Li1E`` -> ``(3)+(1)`` (a template parameter as its argument), ``gtT_Li2E`` ->
        ``((5)>(2))``, ``cvS0__E`` -> ``(int)()``, ``stT_`` -> ``sizeof (int)`` (D12-C-5)."""
        two = self.peek(2)
        if self.peek() == "T":
            self.k += 1
            i = self.seq_id("_")
            if i >= len(self.targs):
                raise ValueError
            return self.targs[i]
        if self.eat("L"):
            return self.literal_or_enum()
        if two in _BINARY:
            self.k += 2
            a, b = self.expression(), self.expression()
            text = f"({a}){_BINARY[two]}({b})"
            return f"({text})" if two == "gt" else text     # libiberty's parentheses around `>`
        if two in _UNARY:
            self.k += 2
            return f"{_UNARY[two]}({self.expression()})"
        if self.eat("cv"):
            t = self.type()
            if self.eat("_"):
                args: list[str] = []
                while not self.eat("E"):
                    args.append(self.expression())
                return f"({t})({', '.join(args)})"
            return f"({t})({self.expression()})"
        if self.eat("st"):
            return f"sizeof ({self.type()})"
        if self.eat("sz"):
            return f"sizeof ({self.expression()})"
        if self.eat("fp"):                      # a function parameter (in a decltype)
            while self.peek() in ("K", "V", "r"):
                self.k += 1
            return f"{{parm#{self.seq_id('_') + 1}}}"
        raise ValueError

    def literal_or_enum(self) -> str:
        """After ``L``: a literal, or one of an enumeration type (``L6test_t0E`` -> ``(test_t)0``)."""
        c = self.peek()
        if c.isdigit() or c in "NS":
            t = self.type()
            v = self.number()
            if not self.eat("E"):
                raise ValueError
            return f"({t}){v}"
        return self.literal()

    def template_arg(self) -> str:
        if self.eat("L_Z"):                     # a function (or reference) argument without & (before "L")
            f = self.function_ref()
            if not self.eat("E"):
                raise ValueError
            return f
        if self.eat("L"):
            return self.literal_or_enum()
        if self.eat("J"):
            pack: list[str] = []
            while not self.eat("E"):
                pack.append(self.template_arg())
            return ", ".join(p for p in pack if p)
        if self.eat("XT"):                      # an expression: only a template parameter
            i = self.seq_id("_")
            if i >= len(self.targs) or not self.eat("E"):
                raise ValueError
            return self.targs[i]
        if self.eat("XadL_Z"):                  # &function (a function-pointer argument, D9-L-4)
            f = self.function_ref()
            if not self.eat("EE"):
                raise ValueError
            return f"&({f})" if f.endswith(")") else f"&{f}"
        if self.eat("X"):                       # any other expression (`Arr<int, N + 1>`; D12-C-5)
            e = self.expression()
            if not self.eat("E"):
                raise ValueError
            return e
        return self.type()

    def function_ref(self) -> str:
        """A non-template function's name and parameter types inside a template argument
        (``7tile8x8PfiPKf`` -> ``tile8x8(float*, int, float const*)``), up to the ``E`` that
        closes it; its types join the substitution table as the kernel's own do."""
        name, targs = self.name(function=True)
        if targs is not None:
            raise ValueError
        if self.peek() == "E":                  # a variable (`XadL_Z7table_aEE`: c++filt's `&table_a`, D12-C-2)
            return name
        args: list[str] = []
        while self.peek() != "E":
            args.append(self.type())
        if args == ["void"]:
            args = []
        return f"{name}({', '.join(args)})"

    @staticmethod
    def with_args(name: str, args: list[str]) -> str:
        inner = ", ".join(a for a in args if a)      # an empty pack is no argument
        return f"{name}<{inner}{' ' if inner.endswith('>') else ''}>"

    def unqualified(self) -> str:
        if self.peek().isdigit():
            return self.source_name()
        if self.peek(2) in _OPERATORS:
            op = _OPERATORS[self.peek(2)]
            self.k += 2
            return "operator" + op
        if self.eat("Ul"):                      # a closure type: ``UlmE_`` -> ``{lambda(unsigned long)#1}``
            sig: list[str] = []
            while not self.eat("E"):
                sig.append(self.type())
            if sig == ["void"]:
                sig = []
            return f"{{lambda({', '.join(sig)})#{self.seq_id('_') + 1}}}"
        if self.eat("Ut"):                      # an unnamed class or enum: ``Ut_`` -> ``{unnamed type#1}``
            return f"{{unnamed type#{self.seq_id('_') + 1}}}"
        raise ValueError

    def local_name(self) -> str:
        """``Z <function> E <entity> [<discriminator>]`` (after the ``Z``): an entity declared inside a
        function, such as a lambda's closure type (``ZN10CUDAStreamIdE4copyEvEUlmE_`` ->
        ``CUDAStream<double>::copy()::{lambda(unsigned long)#1}``), as c++filt writes it."""
        outer = self.targs
        fname, targs = self.name(function=True)
        if targs is not None:                    # a function template: its return type, its parameters
            self.targs = targs
            self.type()
        args: list[str] = []
        while not self.eat("E"):
            t = self.type()
            if t:                                # an empty pack expands to nothing
                args.append(t)
        self.targs = outer
        sig = "" if not args else "()" if args == ["void"] else f"({', '.join(args)})"   # `Z4mainE`: main::
        entity = "string literal" if self.eat("s") else self.name()[0]
        if self.eat("__"):                       # a discriminator: ``_<digit>`` or ``__<number>_``
            self.number()
            if not self.eat("_"):
                raise ValueError
        elif self.peek() == "_" and self.peek(2)[1:].isdigit():
            self.k += 2
        return f"{fname}{sig}::{entity}"

    def name(self, function: bool = False) -> tuple[str, list[str] | None]:
        """A (possibly nested, possibly template) name; returns it and its last template
        arguments (None when it is not a template)."""
        if self.eat("N"):
            while self.peek() in ("K", "V", "r"):
                self.k += 1
            parts = ""
            targs: list[str] | None = None
            while not self.eat("E"):
                if self.peek(2) == "St" and not parts:     # `NSt15iterator_traitsI..E..E`: std::, no candidate
                    self.k += 2
                    parts = "std::" + self.unqualified()
                    self.subs.append(parts)
                    continue
                if self.peek() == "S" and not parts:
                    parts = self.substitution()
                    targs = None
                    continue
                if self.peek() == "I":
                    targs = self.template_args()
                    parts = self.with_args(parts, targs)
                else:
                    parts = (parts + "::" if parts else "") + self.unqualified()
                    targs = None
                if self.peek() != "E" or not function:
                    self.subs.append(parts)
            if not function and self.subs and self.subs[-1] == parts:
                self.subs.pop()        # a type's full name is added once, by type()
            return parts, targs
        if self.eat("Z"):
            base = self.local_name()
        elif self.eat("St"):
            base = "std::" + self.unqualified()
        elif self.peek() == "S":
            base = self.substitution()
            if self.peek() != "I":
                raise ValueError
            targs = self.template_args()
            return self.with_args(base, targs), targs
        else:
            base = self.unqualified()
        if self.peek() == "I":
            self.subs.append(base)
            targs = self.template_args()
            return self.with_args(base, targs), targs
        return base, None

    def substitution(self) -> str:
        if not self.eat("S"):
            raise ValueError
        i = self.seq_id("_")
        if i >= len(self.subs):
            raise ValueError
        sub = self.subs[i]
        if sub.startswith(_TPARAM):             # a template parameter: the one of the template being read now
            k = int(sub[len(_TPARAM):])
            if k >= len(self.targs):
                raise ValueError
            return self.targs[k]
        return sub

    def type(self) -> str:
        c = self.peek()
        if not c:
            raise ValueError
        if c in _QUAL:
            self.k += 1
            inner = self.type()
            arr = _RE_ARRAY.match(inner)
            if arr and c in "PRO":                # a pointer to an array: `float (*) [9]`
                t = f"{arr.group(1)} ({arr.group(2) or ''}{_QUAL[c]}) {arr.group(3)}"
            else:
                t = inner + _QUAL[c]
        elif c in _BUILTIN:
            self.k += 1
            return _BUILTIN[c]
        elif c == "D":
            two = self.peek(2)
            if two == "Dp":                       # pack expansion: the pack's types
                self.k += 2
                n = len(self.subs)
                t = self.type()
                # the expansion is a candidate of its own; of a template parameter (`DpT1_`), read where used
                self.subs.append(self.subs[-1] if len(self.subs) > n and self.subs[-1].startswith(_TPARAM) else t)
                return t
            named = {"Dn": "decltype(nullptr)", "Dh": "half", "Ds": "char16_t", "Di": "char32_t"}
            if two in named:
                self.k += 2
                return named[two]
            if self.eat("DF16_"):
                return "_Float16"
            if two in ("DT", "Dt"):               # decltype(expression)
                self.k += 2
                e = self.expression()
                if not self.eat("E"):
                    raise ValueError
                self.subs.append(f"decltype ({e})")
                return f"decltype ({e})"
            raise ValueError
        elif c == "T":
            self.k += 1
            i = self.seq_id("_")
            if i >= len(self.targs):
                raise ValueError
            t = self.targs[i]
            if self.peek() != "I":
                # the candidate is the parameter, not its value: a `T1_` in a lambda's enclosing function
                # template and a later `S6_` of the kernel's own `T1_` are one candidate, read in the
                # template where it is used (c++filt's reading of moderngpu's names; D12-M-1)
                self.subs.append(f"{_TPARAM}{i}")
                return t
            self.subs.append(t)                  # a template template parameter's arguments
            t = self.with_args(t, self.template_args())
        elif c == "S" and self.peek(2) != "St":
            t = self.substitution()
            if self.peek() != "I":
                return t                           # already a candidate: not added again
            t = self.with_args(t, self.template_args())
        elif c == "A":
            self.k += 1
            bound = str(self.number()) if self.peek().isdigit() else self.expression()
            if not self.eat("_"):
                raise ValueError
            elem = self.type()
            arr = _RE_ARRAY.match(elem)
            if arr and not arr.group(2):           # an array of arrays: `int [2][3]`
                t = f"{arr.group(1)} [{bound}]{arr.group(3)}"
            else:
                t = f"{elem} [{bound}]"
        else:
            t, _ = self.name()
        self.subs.append(t)
        return t

    def encoding(self) -> tuple[str | None, str, list[str]]:
        name, targs = self.name(function=True)
        if targs is not None:
            self.targs = targs
        if self.k == len(self.s):              # a variable (a variable template: `stats::total<int>`)
            return None, name, []
        ret = self.type() if targs is not None else None
        args: list[str] = []
        while self.k < len(self.s):
            t = self.type()
            if t:                                  # an empty pack expands to nothing
                args.append(t)
        if args == ["void"]:
            args = []
        return ret, name, args


def demangle_parts(name: str) -> tuple[str | None, str, list[str]] | None:
    """(return type or None, qualified name with template arguments, parameter types) of a
    mangled name, or None when it is not one this reader understands."""
    if not name.startswith("_Z"):
        return None
    try:
        d = _Demangler(name[2:])
        return d.encoding()
    except (ValueError, IndexError, RecursionError):   # RecursionError: 5,000 nested `P`s (D12-C-5)
        return None


def demangle(name: str) -> str:
    """``_Z11device_callPKiPii`` -> ``device_call(int const*, int*, int)``,
    ``_Z7treduceIi3AddIiEEvPKT_PS2_iT0_`` -> ``void treduce<int, Add<int> >(int const*, int*,
    int, Add<int>)`` (c++filt's text); a name outside the subset is returned as it is."""
    parts = demangle_parts(name)
    if parts is None:
        return name
    ret, base, args = parts
    return f"{ret + ' ' if ret else ''}{base}({', '.join(args)})"


#: the <cstdint>/<cstddef> typedefs and short spellings a user writes in a signature, as c++filt
#: names the types (LP64, as nvcc's device code: `size_t` is `unsigned long`; D12-C-2)
_TYPEDEFS = {"size_t": "unsigned long", "ptrdiff_t": "long", "intptr_t": "long", "uintptr_t": "unsigned long",
             "int8_t": "signed char", "uint8_t": "unsigned char", "int16_t": "short", "uint16_t": "unsigned short",
             "int32_t": "int", "uint32_t": "unsigned int", "int64_t": "long", "uint64_t": "unsigned long",
             "uint": "unsigned int", "ushort": "unsigned short", "ulong": "unsigned long", "uchar": "unsigned char"}
_RE_TYPEDEF = re.compile(r"\b(?:std::)?(" + "|".join(_TYPEDEFS) + r")\b")
_RE_BARE_UNSIGNED = re.compile(r"\bunsigned\b(?!\s+(?:int|char|short|long)\b)")
_RE_INT_AFTER = re.compile(r"\b((?:unsigned\s+|signed\s+)?(?:short|long(?:\s+long)?))\s+int\b")


def _builtin_names(text: str) -> str:
    """*text* with `size_t`, `uint32_t`, ... and `unsigned`, `long int`, `unsigned long long int`
    written as c++filt writes the types (`unsigned long`, `unsigned int`, `long`, ...)."""
    if "(" not in text and "<" not in text:
        return text
    text = _RE_TYPEDEF.sub(lambda m: _TYPEDEFS[m.group(1)], text)
    text = _RE_BARE_UNSIGNED.sub("unsigned int", text)
    return re.sub(r"\bsigned\s+(int|short|long)\b", r"\1", _RE_INT_AFTER.sub(r"\1", text))


def _plain(text: str) -> str:
    return re.sub(r"\s+", "", text)


_RE_WEST_CONST = re.compile(r"\bconst\s+((?:(?:unsigned|signed|long|short)\s+)*[\w:]+(?:<[^<>()]*>)?)")


def _east_const(text: str) -> str:
    """``const int*`` as c++filt writes it, ``int const*`` (the demangled names' spelling)."""
    return _RE_WEST_CONST.sub(r"\1 const", text)


def _scopes(name: str) -> list[str]:
    """*name* split at each ``::`` outside template arguments and parentheses (``a<b::c>::d`` ->
    ``[a<b::c>, d]``; empty parts kept)."""
    parts, depth, start = [], 0, 0
    for i, c in enumerate(name):
        if c in "<(":
            depth += 1
        elif c in ">)":
            depth -= 1
        elif depth == 0 and name.startswith("::", i):
            parts.append(name[start:i])
            start = i + 2
    return parts + [name[start:]]


def _unqualified(base: str) -> str:
    """*base* without its namespace or class qualification (``ns::reduce<128, int>`` ->
    ``reduce<128, int>``): the part after the last ``::`` outside template arguments."""
    return _scopes(base)[-1]


def _qualifiers(prefix: str) -> list[str]:
    """``outer::v2::impl`` -> ``[outer, v2, impl]`` (split at ``::`` outside template arguments)."""
    return [p for p in _scopes(prefix) if p]


def kernel_aliases(name: str) -> set[str]:
    """The spellings ``--kernel`` accepts for the kernel *name* (whitespace removed): the mangled
    name, the demangled one with and without its return type, the name without the parameter
    list, and without its template arguments; each also without its namespace (a name that
    then fits several kernels is refused as ambiguous, listing them)."""
    out = {name}
    parts = demangle_parts(name)
    if parts is not None:
        ret, base, args = parts
        sig = f"{base}({', '.join(args)})"
        out |= {_plain(sig), _plain(base), _plain(base.split("<", 1)[0])}
        short = _unqualified(base)     # without the namespace: `reduce<128, int>`, `reduce`
        if short != base:
            out |= {_plain(f"{short}({', '.join(args)})"), _plain(short), _plain(short.split("<", 1)[0])}
            # and without some of its namespaces: an inline namespace the source does not write
            # (`outer::impl::knobs` for `outer::v2::impl::knobs`; D12-C-2)
            quals = _qualifiers(base[:len(base) - len(short) - 2])
            for keep in itertools.product((True, False), repeat=min(len(quals), 4)):
                part = "::".join(q for q, k in zip(quals, keep) if k)
                if part and len(part) < len(base) - len(short) - 2:
                    name = f"{part}::{short}"
                    out |= {_plain(f"{name}({', '.join(args)})"), _plain(name), _plain(name.split("<", 1)[0])}
        # a kernel returns void: its signature with the return type names it too (a template's
        # demangled name has it; the others' mangled names do not encode it)
        out |= {"void" + a for a in out if "(" in a and not a.startswith("void")}
        # c++filt writes a non-int template argument with its literal suffix (`reduce<256u>`,
        # `shift<3l>`); the number as the source wrote it names the kernel too (D7-style-3)
        out |= {_RE_LIT_SUFFIX.sub(r"\1", a) for a in out}
        # a function as a template argument, c++filt's `&(operator+(Vec, Vec))`, as the source
        # writes it: `vec_op<operator+>` or `vec_op<&operator+>` (D12-C-2)
        out |= {_RE_FN_ARG.sub(r"\1\2", a) for a in out} | {_RE_FN_ARG.sub(r"\2", a) for a in out}
        out |= {_RE_VAR_ARG.sub(r"\1", a) for a in out}     # `via_global<&table_a>` as `via_global<table_a>`
    return out


#: c++filt's variable template argument `&name` (a pointer to a global), after `<` or `,`
_RE_VAR_ARG = re.compile(r"(?<=[<,])&([A-Za-z_][\w:]*)(?=[,>])")
#: c++filt's function template argument `&(name(types))` (whitespace removed)
_RE_FN_ARG = re.compile(r"(&)\(((?:[\w:~]|operator[^\w(]+)+)\([^()]*\)\)")


_RE_LIT_SUFFIX = re.compile(r"(?<![\w.])(-?\d+)(?:ull|ul|ll|u|l)\b")


# -- .nv.info ------------------------------------------------------------------------------------
def parse_nv_info(data: bytes, kernel: KernelInfo, where: Callable[[int, str], UsageError]) -> None:
    """Read an ``.nv.info.NAME`` attribute stream into *kernel* (parameter table,
    parameter bank offset and size, frame size).  *where(offset, message)*: the located error
    for a malformed attribute at byte *offset* of the section (decision D11-B-2)."""
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
            raise where(i, f"malformed .nv.info.{kernel.name} attribute stream at byte 0x{i:x} of the section "
                           f"(format 0x{fmt:02x}, not 0x01..0x04)")
        u = lambda a, b, payload=payload: int.from_bytes(payload[a:b], "little")  # noqa: E731
        if attr == EIATTR_KPARAM_INFO and len(payload) >= 12:
            params.append(ParamInfo(u(4, 6), u(6, 8), u(8, 12) >> 18))
        elif attr == EIATTR_KPARAM_INFO_V2 and len(payload) >= 10:     # the size a whole u16
            params.append(ParamInfo(u(4, 6), u(6, 8), u(8, 10)))
        elif attr == EIATTR_PARAM_CBANK and len(payload) >= 8:
            kernel.param_base, kernel.param_size = u(4, 6), u(6, 8)
        elif attr == EIATTR_CBANK_PARAM_SIZE and len(payload) >= 2:
            kernel.param_size = u(0, 2)
        elif attr == EIATTR_FRAME_SIZE and len(payload) >= 8:
            kernel.frame = u(4, 8)
        elif attr == EIATTR_CTA_PER_CLUSTER and len(payload) >= 12:
            kernel.cluster = (u(0, 4), u(4, 8), u(8, 12))
        elif attr == EIATTR_MAX_THREADS and len(payload) >= 12:
            kernel.max_threads = (u(0, 4), u(4, 8), u(8, 12))
    if params or kernel.param_size is not None:
        kernel.params = sorted(params, key=lambda p: p.ordinal)


def error(msg: str, filename: str, line: int | None = None, col: int = 1, src: str | None = None,
          length: int = 1) -> UsageError:
    """A located bad-input error."""
    if line is None:
        return UsageError(f"{filename}: {msg}")
    return UsageError([Diagnostic("error", msg, Coord(filename, line, col), src, length)])


# -- sm_100+: UR63 and beyond are ordinary uniform registers there (decision CU-9) ------------------
#: nvdisasm's `LEPC R20, `(.L_x_11)` / cuobjdump's `LEPC R20, 0x150` (sm_90 and later): the operand
#: is the address the register receives (the call's return point); this ISA's LEPC operand is the
#: distance from the LEPC (bru.isa), so the front end writes `LEPC R20, `((.L_x_11) - .)`
#: (decision D6-cl-7)
_RE_LEPC = re.compile(r"(\bLEPC\s+R\d+\s*,\s*)(`\(([^)`]*)\)|0x[0-9a-fA-F]+)")


def _lepc_distance(m: re.Match) -> str:
    return f"{m.group(1)}`(({m.group(3) if m.group(3) is not None else m.group(2)}) - .)"


_RE_UR = re.compile(r"\bUR(\d+)\b")
#: the first architecture whose listings use UR63 (and more) as registers (their zero register is URZ beyond)
UR63_ARCH = 100
#: a uniform register from UR60 on: a kernel naming one may reach UR63 (UR62:UR63 is a pair), so it is analysed
_RE_UR60 = re.compile(r"\bUR(?:6\d|[7-9]\d|[1-9]\d\d+)\b")


def names_high_ur(line: str) -> bool:
    """The line names a uniform register from UR63 on (sm_100+ code: renamed by :func:`kernel_text`)."""
    return any(int(n) >= 63 for n in _RE_UR.findall(line))


def kernel_text(module: CudaModule, info: KernelInfo, db=None) -> tuple[int, str]:
    """The assembler input of a kernel: :meth:`KernelInfo.excerpt`, with the uniform registers
    from UR63 on re-allocated for sm_100 and later (decisions CU-9, D12-U-1): their uniform
    register file is larger and nvcc allocates UR63, UR64, ... like any other register, while
    this ISA's 6-bit uniform register field ends at UR62 and makes UR63 the zero register URZ
    (as the seeds define it).  :mod:`gpuisa.cuda.uregs` finds, by liveness over the kernel's
    control flow, registers of UR0-UR62 whose values never meet theirs (a 64/128-bit operand's
    registers moving as one block) and writes them in their place (same columns when the numbers
    have as many digits).  Refused with a located message when a block finds no place (how many
    uniform registers are live where).  *db*: the instruction database the kernel is assembled
    with (default: the shipped one)."""
    first, text = info.excerpt()
    if "LEPC" in text:
        text = _RE_LEPC.sub(_lepc_distance, text)
    if module.arch < UR63_ARCH or "UR" not in text:
        return first, text
    if not _RE_UR60.search(text):
        return first, text
    if any(len(n) > 3 or int(n) > 255 for n in _RE_UR.findall(text)):
        return first, text      # no uniform register has such a number: the assembler says so, located
    from . import uregs
    if db is None:
        from ..spec import load
        db = load()
    src = module.source.split("\n") if module.source else []
    raw = (lambda ln: src[ln - 1] if 0 < ln <= len(src) else "") if src else None
    try:
        ren = uregs.plan(db, text, first, module.filename, raw)
    except uregs.Refusal:
        # too many live values: registers that only hold constant-bank words are read in place (D15-C-1)
        text = uregs.fold_constant_words(db, text, first, module.filename, raw)
        try:
            ren = uregs.plan(db, text, first, module.filename, raw)
        except uregs.Refusal as e:
            raise uregs.refusal_error(e, info.name, module.arch, text, first, module.filename) from None
    if not ren:
        return first, text

    def new(x: re.Match) -> str:
        n = int(x.group(1))
        if n not in ren:
            return x.group(0)
        t = f"UR{ren[n]}"         # padded to the old width unless a suffix follows (`UR6.24`)
        return t if x.string[x.end():x.end() + 1] == "." else t.ljust(len(x.group(0)))
    return first, _RE_UR.sub(new, text)


#: what a cubin's relocations leave symbolic in nvdisasm's text of code that calls functions in
#: sections of their own (nvcc -G, -rdc=true): the return address `32@lo((F + .L_x_0@srel))` /
#: `32@hi(...)`, and the call `CALL.ABS.NOINC `(G)`
_RE_RET_ADDR = re.compile(r"\b32@(lo|hi)\(\(\s*([\w.$]+)\s*\+\s*([\w.$]+)@srel\s*\)\)")
#: a device global's address written into an instruction (`MOV R14, 32@lo(__cudart_i2opi_f)`)
RE_DATA_ADDR = re.compile(r"\b32@(lo|hi)\(\s*([\w.$]+)\s*\)")
_RE_ABS_CALL = re.compile(r"\bCALL\.ABS\S*\s+(?:`\(\s*([\w.$]+)\s*\)|(0x0\b))")


def unlinkable(module: CudaModule, t: str) -> tuple[int, int] | None:
    """``(column, length)`` of what instruction *t* refers to by an address this module does not
    define (see :func:`link_functions`), or None."""
    for m in _RE_ABS_CALL.finditer(t):
        if m.group(1) not in module.kernels and not runtime_function(m.group(1) or ""):
            return m.start(), len(m.group(0))
    for m in _RE_RET_ADDR.finditer(t):
        if m.group(2) not in module.kernels:
            return m.start(), len(m.group(0))
    for m in RE_DATA_ADDR.finditer(t):
        if m.group(2) not in module.symbols and m.group(2) not in module.kernels:
            return m.start(), len(m.group(0))
    rest = RE_DATA_ADDR.sub("", _RE_RET_ADDR.sub("", t))
    if "32@" in rest:
        i = t.index("32@") if "32@" in t else 0
        return i, 3
    return None


def runtime_function(name: str) -> bool:
    """A function of CUDA's device runtime the model stubs (vprintf, malloc, ...: runtime.py); -G code
    calls them directly (``CALL.ABS.NOINC `(malloc)``), -O3 code through a constant-bank slot."""
    from .runtime import PROVIDED
    return name in PROVIDED or name.startswith("__cuda_syscall")


def link_functions(module: CudaModule, info: KernelInfo, db=None) -> tuple[int, str, str | None, list[str]] | None:
    """The kernel with the functions it calls through relocated absolute addresses (decision D11-F-3):
    ``(first line, assembler text, label of the kernel's first instruction)``, or None when a call or
    address refers to something this module does not define (a cuobjdump listing's unrelocated
    ``CALL.ABS.NOINC 0x0``, a function of another translation unit, a device global's ``32@lo(var)``).

    Device-debug code (``nvcc -G``) and relocatable code (``-rdc=true``) put each function in a
    ``.text`` section of its own and call it by absolute address: ``MOV R20, 32@lo((K + .L_x_0@srel))``
    / ``MOV R21, 32@hi(...)`` load the return address (section K's start plus the label's offset in
    it), ``CALL.ABS.NOINC `(F)`` jumps to F, and F returns with ``RET.ABS.NODEC R20 0x0``.  The
    loader places the sections; here the kernel's and its callees' lines are assembled as one
    program in the listing's order (diagnostics keep their line numbers), the return address is the
    label's program address (``` `(.L_x_0) ```, its high word 0) and the run starts at the kernel's
    first instruction.  A device global's address (``32@lo(__cudart_i2opi_f)``: -G code loads the math
    library's tables so) stays in the text: it is known at launch (:data:`RE_DATA_ADDR`).  A function's
    own address (``MOV R6, 32@lo(_Z6op_subii)``: a function pointer) is its label's, and a direct call
    of a device-runtime function (``CALL.ABS.NOINC `(malloc)``) calls its stub: the last item
    returned names those functions."""
    funcs = [info]
    seen = {info.name}
    stubs: set[str] = set()
    for *_, name, _add in module.global_funcs:      # the functions of device-global tables (D13-T-2)
        if name in module.kernels and name not in seen:
            seen.add(name)
            funcs.append(module.kernels[name])
    k = 0
    while k < len(funcs):
        for _, t in funcs[k].lines:
            if "CALL.ABS" not in t and "32@" not in t:
                continue
            if unlinkable(module, t) is not None:
                return None
            names = [m.group(1) for m in _RE_ABS_CALL.finditer(t)]
            names += [m.group(2) for m in RE_DATA_ADDR.finditer(t) if m.group(2) in module.kernels]
            for name in names:
                if name not in module.kernels:
                    stubs.add(name)
                elif name not in seen:
                    seen.add(name)
                    funcs.append(module.kernels[name])
        k += 1
    lines = sorted(ln for f in funcs for ln in f.lines)
    first, text = kernel_text(module, KernelInfo(info.name, lines=lines), db)
    text = _RE_RET_ADDR.sub(lambda m: f"`({m.group(3)})" if m.group(1) == "lo" else "0x0", text)
    text = RE_DATA_ADDR.sub(lambda m: m.group(0) if m.group(2) not in module.kernels
                            else f"`({m.group(2)})" if m.group(1) == "lo" else "0x0", text)
    if stubs:
        from .runtime import label
        text = _RE_ABS_CALL.sub(lambda m: m.group(0).replace(f"`({m.group(1)})", f"`({label(m.group(1))})")
                                if m.group(1) in stubs else m.group(0), text)
    if lines[0] == info.lines[0]:
        return first, text, None, sorted(stubs)       # the kernel comes first: the run starts there anyway
    entry = next((t.rstrip(":") for _, t in info.lines if t.endswith(":") and not t.startswith(".L")), None)
    if module.kind == "cuobjdump" or entry is None:
        return None         # no label to start at (cuobjdump's addresses are 0 anyway: refused)
    return first, text, entry, sorted(stubs)
