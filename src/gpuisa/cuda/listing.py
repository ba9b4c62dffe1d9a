"""Readers of NVIDIA's text listings: the full output of ``nvdisasm FILE.cubin``
and of ``cuobjdump -sass``.

Both give, per kernel, the instruction lines at their original line numbers
(the assembler skips the ``/*0040*/`` address and ``/* 0x… */`` encoding
comments itself; ``(*"BRANCH_TARGETS …"*)`` annotations are blanked here) and
the labels (``.L_x_N:``, ``$kernel$function:``).  An nvdisasm listing also
carries the data sections, read into bytes: ``.nv.constantN[.NAME]`` (constant
banks), ``.nv.info.NAME`` (parameter table, frame size), ``.nv.shared.NAME``
(static shared memory size).  Label differences in data (``(.L_2 - .L_1)``)
are evaluated; other symbolic values (``index@(sym)``, ``sym@srel``) read as 0.
"""
from __future__ import annotations

import functools
import re
import struct

from ..errors import UsageError
from .module import EIATTR_STACK, CudaModule, KernelInfo, error, parse_nv_info, stack_attr

_RE_ADDR = re.compile(r"^\s*/\*([0-9a-fA-F]+)\*/")
_RE_DATA = re.compile(r"^\s*(?:/\*([0-9a-fA-F]+)\*/)?\s*\.(byte|short|word|dword|zero|align|string)\b\s*(.*?)\s*$")
_RE_LABEL = re.compile(r"^\s*([.$A-Za-z_][\w.$]*)\s*:\s*$")
_RE_DIRECTIVE = re.compile(r"^\s*\.[A-Za-z_]\w*\b")
_RE_SHI_REGS = re.compile(r"SHI_REGISTERS=(\d+)")


def _module_attr(*names: str) -> re.Pattern:
    """An entry of the module's ``.nv.info`` in nvdisasm's text for one of the attributes *names*:
    ``nvinfo : EIATTR_X``, ``.word index@(KERNEL)``, ``.word 0xVALUE`` (groups: the kernel, the value)."""
    return re.compile(rf"nvinfo : (?:{'|'.join(names)})\n(?:[^\n]*\n){{1,6}}?[^\n]*\.word\s+index@\(([^)\s]+)\)\s*\n"
                      r"[^\n]*\.word\s+0x([0-9a-fA-F]+)")


#: the registers per thread (EIATTR_REGCOUNT, sm_90+: D12-L-4)
_RE_REGCOUNT = _module_attr("EIATTR_REGCOUNT")
#: the stack a kernel needs (decision D15-P-1)
_RE_STACK = _module_attr(*EIATTR_STACK.values())

_RE_SIZE = re.compile(r"\.size\s+([.$\w]+)\s*,\s*\(\s*([.$\w]+)\s*-\s*([.$\w]+)\s*\)")
#: a shared variable of relocatable code: `.size $___ZZ5shrevE3buf__26, 256, 4` (name, size, alignment)
_RE_SHARED_SIZE = re.compile(r"\.size\s+([.$\w]+)\s*,\s*(\d+)\s*,\s*(\d+)\s*$")
#: an `extern __shared__` array of relocatable code (an undefined symbol): `.other dyn,@"STO_CUDA_SHARED ..."`
_RE_SHARED_OTHER = re.compile(r'^\s*\.other\s+([.$\w]+)\s*,\s*@"STO_CUDA_SHARED\b', re.M)
_RE_NOTE = re.compile(r"\(\*.*?\*\)")
_RE_DIFF = re.compile(r"^\(?\s*([.$\w]+)\s*-\s*([.$\w]+)\s*\)?$")
_RE_SYM = re.compile(r"^\(?\s*([.$\w]+)\s*(?:\+\s*(0x[0-9a-fA-F]+|\d+))?\s*\)?$")   # `sym`, `(sym + 0x8)`
_GLOBAL_SECTIONS = (".nv.global.init", ".nv.global")
_SIZES = {"byte": 1, "short": 2, "word": 4, "dword": 8}
_PACK = {1: "B", 2: "H", 4: "I", 8: "Q"}     # struct codes of those sizes
#: limits on what a listing's data directives may ask for (a global buffer is at most 1 GiB too)
MAX_SECTION_BYTES = 1 << 30
MAX_ALIGN = 1 << 16
_RE_TARGET = re.compile(r"^\s*\.target\s+sm_(\d+)", re.M)
#: nvdisasm's header for a cubin of ELF ABI version < 8 (ptxas 12.x and older): no `.target` line,
#: the target is in the flags: `.headerflags @"EF_CUDA_TEXMODE_UNIFIED ... EF_CUDA_SM90 ..."` (D9-2)
_RE_HEADERFLAGS_SM = re.compile(r'^\s*\.headerflags\s+@"[^"\n]*?\bEF_CUDA_SM(\d+)\b', re.M)


def listing_target(head: str) -> int | None:
    """The SM number an nvdisasm listing's header names (`.target sm_90`, or the flags)."""
    m = _RE_TARGET.search(head) or _RE_HEADERFLAGS_SM.search(head)
    return int(m.group(1)) if m else None
_RE_CODE_FOR = re.compile(r"^\s*code for sm_(\d+)", re.M)


def target_line(text: str, arch: int) -> tuple[int, int, str, int] | None:
    """Where a listing names its target *arch* (``.target sm_N``, ``code for sm_N``, the
    ``EF_CUDA_SMN`` flag): (line, column, the line, length of ``sm_N``), or None."""
    m = re.search(rf"^[^\n]*?(?:\.target\s+|code for\s+|\bEF_CUDA_)(SM{arch}|sm_{arch})\b", text, re.M)
    if m is None:
        return None
    start = text.rfind("\n", 0, m.start(1)) + 1
    end = text.find("\n", m.end(1))
    return (text.count("\n", 0, m.start(1)) + 1, m.start(1) - start + 1,
            text[start:end if end >= 0 else len(text)].rstrip("\r"), len(m.group(1)))


def detect_text(text: str, whole: bytes | None = None) -> str | None:
    """``"nvdisasm"``, ``"cuobjdump"`` or None (plain assembly), by content.  *whole*: the input's
    bytes when *text* is only their beginning (searched for an nvdisasm listing's code sections)."""
    head = text[:20000].lstrip("\ufeff")       # a byte-order mark is not part of the text (D11-B-11)
    if _RE_CODE_FOR.search(head) and re.search(r"^\s*Function\s*:", text, re.M):
        return "cuobjdump"
    if re.search(r"^\s*code for sm_\d+", head, re.M):
        return "cuobjdump"
    if re.search(r"^\s*Function\s*:", head, re.M) and not re.search(r"^\s*\.section\b", head, re.M):
        return "cuobjdump"      # its `code for` line lost: the parser says so (D11-B-11)
    if listing_target(head) is not None and re.search(r"^\s*\.(section|elftype|headerflags)\b", head, re.M):
        return "nvdisasm"
    # a listing whose target line is lost (truncated at the top, edited): the parser says so (D11-B-11)
    # (its code sections may begin far below the data sections: the whole input is searched for them)
    if re.search(r"^\s*\.(elftype|headerflags)\b", head, re.M) and (
            re.search(r"^\s*\.section\s+\.text\.", text, re.M) if whole is None
            else re.search(rb"^\s*\.section\s+\.text\.", whole, re.M)):
        return "nvdisasm"
    if re.search(r"^\s*Function\s*:", head, re.M) and re.search(r"^\s*\.headerflags\b", head, re.M):
        return "cuobjdump"
    return None


#: nvcc's plain `WARPSYNC Rb` (a GPR member mask, no modifier): every complete group goes on together
_RE_WARPSYNC_PLAIN = re.compile(r"^( *)((?:@!?P[0-7T] +)?)WARPSYNC(?= +~?R)")
_ALLGROUPS = ".ALLGROUPS"


#: `WARPSYNC.COLLECTIVE.ALL `(.L_x_4)` / `... 0x780` (a collective block over every lane: cg::wait)
_RE_COLLECTIVE_ALL = re.compile(r"\bWARPSYNC\.COLLECTIVE\.ALL\b[^;]*")
#: `BPT.TRAP 0x1` (PTX trap, CUDA's __trap(): cooperative groups' invalid tile sizes)
_RE_BPT_TRAP = re.compile(r"\bBPT\.TRAP\b")


#: `DEPBAR.LE SB0, 0x0, {1}` (sm_86): the other scoreboards to wait for, listed in braces
_RE_SBSET = re.compile(r"\{\s*([0-5](?:\s*,\s*[0-5])*)\s*\}")


#: `ELECT P1, URZ, PT` (sm_90+): the election with a uniform destination is this ISA's ELECTU
_RE_ELECT_U = re.compile(r"\bELECT(?= +P[0-6T] *, *UR)")


def nv_elect(text: str) -> str:
    """*text* with nvdisasm's `ELECT P1, URZ, PT` written `ELECTU P1, URZ, PT` (the seed's name for
    the election that writes a uniform register; decision D8-sync-10), the column taken from the
    blanked address comment before it; other lines unchanged."""
    m = _RE_ELECT_U.search(text)
    if m is None:
        return text
    i = m.start()
    cut = 1 if text.startswith("  ") else 0      # the leading blanks give the column back
    return text[cut:i] + "ELECTU" + text[m.end():]


def nv_depbar(text: str) -> str:
    """*text* with the scoreboard set of `DEPBAR.LE SB0, 0x0, {1}` written as its bit mask,
    `DEPBAR.LE SB0, 0x0, 0x2` (decision D8-sync-5); other lines unchanged."""
    def mask(m: re.Match) -> str:
        return hex(sum(1 << int(v) for v in m.group(1).split(",")))
    return _RE_SBSET.sub(mask, text) if "DEPBAR" in text else text


#: `c[0x0][-0x6590]`: nvdisasm and cuobjdump print a constant operand's offset from 0x8000 up as a negative
#: number (sm_75's IMAD/FFMA constant field, a 14-bit word index shown signed; parameters past 32 KiB)
_RE_NEG_CONST = re.compile(r"(c\[0x[0-9a-fA-F]+\]\s*\[)-0x([0-9a-fA-F]+)\]")


def nv_negative_const(text: str) -> str:
    """*text* with a negative constant offset written as the bank offset it encodes, 0x10000 minus
    its magnitude, in the same number of characters (`c[0x0][-0x6590]` -> `c[0x0][0x09a70]`: the
    parameter at 0x9a70 of a 32,760-byte parameter list on sm_75; decision D12-C-7). A register
    plus a negative offset (`c[0x3][R0-0x4]`) is not touched."""
    def fix(m: re.Match) -> str:
        v = int(m.group(2), 16)
        if not 0 < v <= 0x8000:
            return m.group(0)
        return f"{m.group(1)}0x{0x10000 - v:0{len(m.group(2)) + 1}x}]"
    return _RE_NEG_CONST.sub(fix, text)


def nv_warpsync(text: str) -> str:
    """*text* with nvcc's plain `WARPSYNC Rb` written `WARPSYNC.ALLGROUPS Rb` (decision D6-cg-2:
    this ISA's plain WARPSYNC_R is NVIDIA's `.EXCLUSIVE`, one group at a time). The modifier
    takes its room from the blanked address comment before it, so the operands keep their
    columns. `WARPSYNC.COLLECTIVE.ALL target` is `WARPSYNC.ALL` (decision UN5's `.COLLECTIVE`
    without its end target; D6-cg-3) and `BPT.TRAP n` is `TRAP n` (D6-cg-4). Other lines are
    returned unchanged."""
    if "BPT" in text:
        text = _RE_BPT_TRAP.sub("TRAP    ", text)
    if "COLLECTIVE.ALL" in text:
        return _RE_COLLECTIVE_ALL.sub(lambda m: "WARPSYNC.ALL".ljust(len(m.group(0).rstrip())) + " ", text)
    m = _RE_WARPSYNC_PLAIN.match(text)
    if m is None:
        return text
    lead = m.group(1)
    if len(lead) > len(_ALLGROUPS):
        lead = lead[len(_ALLGROUPS):]
    return lead + m.group(2) + "WARPSYNC" + _ALLGROUPS + text[m.end():]


#: the comment ending an instruction line (an encoding, ``/* 0x… */``) and nothing after it; a line
#: whose comment is not closed, or has text after it, keeps it: the assembler then reports it
#: where it is (decision D11-B-6)
_RE_TAIL_COMMENT = re.compile(r"/\*(?:[^*]|\*(?!/))*\*/\s*")


def _clean(line: str, s: str) -> tuple[int | None, str, int]:
    """An instruction line without its ``/*0040*/`` address comment (blanked, so
    columns stay valid), its trailing ``/* 0x… */`` encoding comment and any
    ``(* … *)`` annotation: (address or None, text, column of the address)."""
    addr = None
    col = len(line) - len(s)
    if s[:2] == "/*":
        j = s.find("*/")
        if j > 2:
            try:
                addr = int(s[2:j], 16)
            except ValueError:
                addr = None
            if addr is not None:       # blank the address comment: the columns stay
                body = s[j + 2:]
                k = body.find("/*")
                if k >= 0 and _RE_TAIL_COMMENT.fullmatch(body, k):
                    body = body[:k].rstrip()
                line = _BLANKS[:col + j + 2] if col + j + 2 <= len(_BLANKS) else " " * (col + j + 2)
                line += body
                if "][-" in body:
                    line = nv_negative_const(line)
                if "WARPSYNC" in body or "BPT" in body:
                    line = nv_warpsync(line)
                elif "{" in body:
                    line = nv_depbar(line)
                elif "ELECT " in body:
                    line = nv_elect(line)
                return addr, (_strip_note(line) if "(*" in line else line), col
    k = line.find("/*", col)
    if k >= 0 and _RE_TAIL_COMMENT.fullmatch(line, k):
        line = line[:k].rstrip()
    if "(*" in line:
        line = _strip_note(line)
    if "][-" in line:
        line = nv_negative_const(line)
    if "WARPSYNC" in line or "BPT" in line:
        line = nv_warpsync(line)
    elif "{" in line:
        line = nv_depbar(line)
    elif "ELECT " in line:
        line = nv_elect(line)
    return addr, line, col


_BLANKS = " " * 256


def _strip_note(line: str) -> str:
    if "(*" in line:
        return _RE_NOTE.sub(lambda m: " " * len(m.group(0)), line)
    return line


#: an NVIDIA encoding comment of a cuobjdump listing: 64 bits of an instruction
_RE_ENC = re.compile(r"/\*\s*0x([0-9a-fA-F]{16})\s*\*/")
_RE_QNAN = re.compile(r"[-+]?\bQNAN\b")
#: the instructions whose 32-bit immediate (bits 63..32 of the first NVIDIA word) may be a float
#: nvdisasm prints as a number: binary32 operands, and the high word of a binary64 one (DADD.RM R38,
#: RZ, +QNAN on sm_120: decision D18-14); the uniform datapath's float instructions alike
_RE_F32_IMM_OP = re.compile(r"^\s*(?:@!?U?P[0-7T]\s+)?(?:U?F(?:SEL|ADD|MUL|FMA|MNMX3?|SETP|SET|CHK|RND)|MUFU"
                            r"|D(?:ADD|MUL|FMA|SETP|MNMX)|U?F2I|U?F2F)\b")


def nan_immediate(text: str, word: int) -> str:
    """*text* with a float immediate that nvdisasm/cuobjdump print as ``+QNAN``/``-QNAN`` (any
    quiet NaN: 0xffc00000, but also 0xfff00000, the high word of a double -INF that
    ``log(0.0)`` selects with FSEL, and a binary64 NaN's high word in DADD/DMUL/DFMA/DSETP)
    replaced by its bits, bits 63..32 of the instruction's first NVIDIA encoding word *word*
    (decisions D5-5, D18-14). Other lines are returned unchanged."""
    if "QNAN" not in text or not _RE_F32_IMM_OP.match(text):
        return text
    imm = (word >> 32) & 0xFFFFFFFF
    if imm & 0x7F800000 != 0x7F800000 or not imm & 0x7FFFFF:
        return text
    return _RE_QNAN.sub(f"0x{imm:08x}", text, count=1)


def parse_cuobjdump(text: str, filename: str, arch: int | None = None) -> CudaModule:
    """The kernels of a ``cuobjdump -sass`` listing: those of target *arch*, by default of the first
    target listed (a listing of an executable built for several holds one section per target)."""
    lines = text.split("\n")
    code = bytearray()
    found = False       # a section of target *arch* (of the first target when None) is listed
    kernels: dict[str, KernelInfo] = {}
    cur: KernelInfo | None = None
    addr = 0
    other_archs: set[int] = set()
    skipping = False
    for ln, line in enumerate(lines, 1):
        m = _RE_CODE_FOR.match(line)
        if m:
            a = int(m.group(1))
            if cur is not None:
                raise error(f"truncated listing: Function {cur.name} (line {cur.first_line}) has no closing "
                            f"'..........' line", filename, ln, 1, line)
            if arch is None:
                arch = a
            skipping = a != arch
            found = found or not skipping
            if skipping:
                other_archs.add(a)
            continue
        s = line.strip()
        if s.startswith("Function :") or s.startswith("Function:"):
            if cur is not None:
                raise error(f"truncated listing: Function {cur.name} (line {cur.first_line}) has no closing "
                            f"'..........' line", filename, ln, 1, line)
            name = s.split(":", 1)[1].strip()
            if skipping:
                continue
            if name in kernels:
                raise error(f"Function {name} listed twice", filename, ln, 1, line)
            cur = KernelInfo(name, first_line=ln)
            kernels[name] = cur
            addr = 0
            code = bytearray()
            continue
        if cur is None:
            continue
        if s.startswith(".........."):
            cur.code = bytes(code)
            cur = None
            continue
        for m in _RE_ENC.finditer(s):
            code += int(m.group(1), 16).to_bytes(8, "little")
        if not s or s.startswith(".headerflags") or s.startswith("/*") and s.endswith("*/") and not _RE_ADDR.match(line):
            continue
        at, clean, col = _clean(line, s)
        if "QNAN" in clean:
            enc = _RE_ENC.search(s)
            if enc:
                clean = nan_immediate(clean, int(enc.group(1), 16))
        if at is not None and at != addr:
            raise error(f"address comment {s[:s.find('*/') + 2]} where 0x{addr:04x} was expected: the listing is "
                        f"incomplete or edited (every instruction is 16 bytes)", filename, ln, col + 1, line,
                        s.find("*/") + 2)
        cur.lines.append((ln, clean))
        addr += 16
    if cur is not None:
        raise error(f"truncated listing: Function {cur.name} (line {cur.first_line}) has no closing "
                    f"'..........' line", filename, len(lines), 1, lines[-1])
    if not found and not other_archs:
        raise error("no 'code for sm_XX' line: not a cuobjdump -sass listing", filename)
    if not found:       # --arch names a target the listing does not hold
        raise UsageError(f"{filename}: --arch sm_{arch}: the listing holds code for "
                         f"{', '.join(f'sm_{a}' for a in sorted(other_archs))} only")
    assert arch is not None     # found: a section of it is listed
    mod = CudaModule("cuobjdump", filename, arch, kernels, text, has_data=False)
    mod.other_archs = sorted(other_archs)
    return mod


class _Section:
    def __init__(self, name: str, line: int, src: str = ""):
        self.name = name
        self.line = line
        self.src = src      # the `.section` line
        self.data = bytearray()
        self.fixups: list[tuple[int, int, str, int, str]] = []   # offset, size, expr, line, src
        self.origins: list[tuple[int, int, str]] = []   # (offset, line, src) of each data line: for errors
        self.size = 0   # for nobits sections (.zero)


def _check_data_sections(kernels: dict[str, KernelInfo], sections: dict[str, _Section], lines: list[str],
                         filename: str) -> None:
    """A listing cut after the code (decision D14-3): nvdisasm prints a kernel's ``.nv.info.K`` before
    its code and its ``.nv.constant0.K`` (and ``.nv.shared.K``) after it, every kernel has one; a
    listing with the first and not the second has lost its end (``nvdisasm -c``, code only, has
    neither and is read as it is)."""
    for name, k in kernels.items():
        if k.entry and f".nv.info.{name}" in sections and f".nv.constant0.{name}" not in sections:
            last = len(lines)
            while last > 1 and not lines[last - 1].strip():
                last -= 1
            raise error(f"truncated listing: the section .nv.constant0.{name} of kernel {name} (its "
                        f"parameters; nvdisasm prints it, and the kernel's shared memory, after the code) "
                        f"is missing: the listing ends at line {last}", filename, last, 1, lines[last - 1])


def parse_nvdisasm(text: str, filename: str, *, code: bool = True) -> CudaModule:
    """Parse the full ``nvdisasm`` output.  ``code=False`` (a cubin's data already
    comes from the ELF) reads only the kernels' instruction lines."""
    lines = text.split("\n")
    found = listing_target(text[:20000])
    if found is None:
        raise error("no '.target sm_XX' line (nor EF_CUDA_SMxx in '.headerflags'): not an nvdisasm listing",
                    filename)
    arch = found
    kernels: dict[str, KernelInfo] = {}
    sections: dict[str, _Section] = {}
    labels: dict[str, int] = {}
    label_sec: dict[str, str] = {}                # data labels -> their section
    ends: dict[str, tuple[str, int, str]] = {}    # kernel -> (end label, line, src)
    data_ends: dict[str, str] = {}                # data symbol -> the label ending it (`.size`)
    sec: _Section | None = None
    kern: KernelInfo | None = None
    addr = 0
    life_ranges = False
    shared: list[tuple[str, str, int, int]] = []     # relocatable code's shared variables (D13-T-1)
    for ln, line in enumerate(lines, 1):
        s = line.lstrip()
        if not s or s.startswith("//"):
            continue
        if "//" in s:       # `nvdisasm -plr`: each line ends in a `// | 2 ^ : |` life-range column (D10-4)
            cut = line.index("//")
            life_ranges = life_ranges or line.startswith(("// |", "// +"), cut)
            line = line[:cut].rstrip()
            s = line.lstrip()
            if not s:
                continue
        if s.startswith(".section") and s[8:9] in (" ", "\t"):
            name = s[len(".section"):].strip().split(",")[0].strip()
            kern = None
            sec = None
            if name.startswith(".text."):
                kname = name[len(".text."):]
                if kname in kernels:        # two kernels of one name (D11-B-6)
                    raise error(f"section {name} given twice (first at line {kernels[kname].first_line}): "
                                f"two kernels of one name", filename, ln, line.find(name) + 1, line, len(name))
                kern = kernels.setdefault(kname, KernelInfo(kname, first_line=ln))
                addr = 0
            else:
                sec = sections.setdefault(name, _Section(name, ln, line))
            continue
        if kern is not None:
            if s[0] == "/" and s[1:2] == "*":          # the common case: /*0040*/ INSTRUCTION ;
                if s[2:3] != "0" and _RE_ENC.fullmatch(s.rstrip()):
                    continue   # `nvdisasm -hex`: the second half of the encoding on a line of its own (D7-style-15)
                a, clean, col = _clean(line, s)
                if life_ranges and a is not None and a > addr and not (a - addr) % 16:
                    # `nvdisasm -plr` leaves out code its control-flow graph cannot reach: a trap holds
                    # its place, so that a run that did reach it stops there (decision D15-3)
                    kern.lines.extend((ln, f"TRAP 0x1 ; // /*{x:04x}*/ left out by nvdisasm -plr")
                                      for x in range(addr, a, 16))
                    addr = a
                if a is not None and a != addr:
                    raise error(f"address comment {s[:s.find('*/') + 2]} where 0x{addr:04x} was expected: the "
                                f"listing is incomplete or edited (every instruction is 16 bytes)", filename, ln,
                                col + 1, line, s.find("*/") + 2)
                kern.lines.append((ln, clean))
                addr += 16
                continue
            ml = _RE_LABEL.match(line)
            if ml:
                labels[ml.group(1)] = addr
                kern.lines.append((ln, line))
                continue
            if _RE_DIRECTIVE.match(line):
                _kernel_directive(kern, s, ln, line, ends)
                continue
            kern.lines.append((ln, _clean(line, s)[1]))
            addr += 16
            continue
        if sec is None or not code:
            continue
        ml = _RE_LABEL.match(line)
        if ml:
            labels[ml.group(1)] = len(sec.data) + sec.size
            label_sec[ml.group(1)] = sec.name
            continue
        if s.startswith(".size"):       # a data symbol's extent: `.size counter,(.L_0 - counter)`
            mm = _RE_SIZE.match(s)
            if mm and mm.group(1) == mm.group(3):
                data_ends[mm.group(1)] = mm.group(2)
            elif "SHT_CUDA_SHARED" in sec.src and (ms := _RE_SHARED_SIZE.match(s)):   # relocatable (D13-T-1)
                shared.append((sec.name, ms.group(1), int(ms.group(2)), int(ms.group(3))))
            continue
        md = _RE_DATA.match(line)
        if not md:
            continue
        off, kind, args = md.groups()
        if kind in ("align", "zero"):
            count = args.split(",")[0].strip() if kind == "align" else args
            try:
                n = int(count, 0) if count else (1 if kind == "align" else -1)
            except ValueError:
                n = -1
            if n < 0:
                raise error(f".{kind} needs a byte count, not {args!r}", filename, ln,
                            line.find(args) + 1 if args else len(line) + 1, line)
            # a damaged count must not allocate gigabytes or overflow (D11-B-13)
            most = MAX_ALIGN if kind == "align" else MAX_SECTION_BYTES - len(sec.data) - sec.size
            if n > most:
                raise error(f".{kind} {count}: more than {'the largest alignment' if kind == 'align' else 'a section'}"
                            f" the model takes ({MAX_ALIGN if kind == 'align' else MAX_SECTION_BYTES:#x} bytes)",
                            filename, ln, line.find(count) + 1, line, len(count))
        if kind == "align":
            pad = (-len(sec.data)) % n if n > 0 else 0
            if not sec.size:
                sec.data += bytes(pad)
            continue
        if kind == "zero":
            if "nobits" in sec.name or sec.name.startswith(".nv.shared") or sec.name == ".nv.global":
                sec.size += n
            else:
                sec.data += bytes(n)
            continue
        if kind == "string":
            continue
        if off is not None and int(off, 16) > len(sec.data):
            if int(off, 16) > MAX_SECTION_BYTES:         # a damaged address comment (D11-B-13)
                raise error(f"address comment /*{off}*/ is beyond the largest section the model takes "
                            f"({MAX_SECTION_BYTES:#x} bytes)", filename, ln, line.find(off) - 1, line, len(off) + 4)
            sec.data += bytes(int(off, 16) - len(sec.data))
        size = _SIZES[kind]
        sec.origins.append((len(sec.data), ln, line))
        values = _split_values(args)
        try:        # the common case: numbers only, packed at once
            mask = (1 << 8 * size) - 1
            sec.data += struct.pack(f"<{len(values)}{_PACK[size]}", *[int(v, 0) & mask for v in values])
            continue
        except ValueError:
            pass    # a symbol, a label expression or a damaged number: value by value
        for v in values:
            try:
                val = int(v, 0)
            except ValueError:
                if v[:1].isdigit() or v[:1] in "+-" or not v:     # a damaged number, not a symbol (D11-B-3)
                    col = line.find(v, md.start(3)) + 1 if v else md.start(3) + 1
                    raise error(f".{kind} value {v[:40]!r} is not a number, a symbol or a label expression",
                                filename, ln, col, line, max(1, len(v))) from None
                sec.fixups.append((len(sec.data), size, v, ln, line))
                val = 0
            sec.data += (val & ((1 << 8 * size) - 1)).to_bytes(size, "little")
    # truncation: every kernel's .size end label must exist
    for name, k in kernels.items():
        end = ends.get(name)
        if end is None:
            if not any(ln > k.first_line for ln, _ in k.lines):
                continue
        elif end[0] not in labels:
            last = k.lines[-1][0] if k.lines else end[1]
            raise error(f"truncated listing: the code of {name} ends at line {last} without its end label "
                        f"{end[0]} (declared by .size at line {end[1]})", filename, last, 1, lines[last - 1])
    if not kernels:
        raise error("no .text.NAME section: the nvdisasm listing holds no kernel", filename)
    if code:
        _check_data_sections(kernels, sections, lines, filename)
    if "EIATTR_REGCOUNT" in text:       # sm_90+: the register counts are in the module's .nv.info
        for name, regs in _RE_REGCOUNT.findall(text):
            if name in kernels:
                kernels[name].registers = int(regs, 16)
    if "_STACK_SIZE" in text or "EIATTR_FRAME_SIZE" in text:     # the stack each kernel needs (D15-P-1)
        for name, size in _RE_STACK.findall(text):
            if name in kernels:
                kernels[name].stack = max(kernels[name].stack, stack_attr(int(size, 16)))
    mod = CudaModule("nvdisasm", filename, arch, kernels, text)
    if '@"ET_REL"' in text[:4000]:
        _relocatable(mod, shared, text)
    if code:
        # `nvdisasm -c` prints no data section, `-plr`/`-lrm` none without contents (`.nv.shared.K`,
        # `@nobits`): the static shared size is then unknown, as a cuobjdump listing's (D15-2)
        shown = not life_ranges and any(n.startswith(".nv.") for n in sections)
        _apply_sections(mod, sections, labels, filename, shared_shown=shown)
        _apply_globals(mod, sections, labels, label_sec, data_ends)
        if life_ranges:
            _refuse_missing_data(mod, sections, filename)
    return mod


def _relocatable(mod: CudaModule, shared: list[tuple[str, str, int, int]], text: str) -> None:
    """An ``ET_REL`` module's shared variables (decision D13-T-1): nvdisasm lists a section's
    symbols in the reverse of the symbol table's order, which nvlink's layout follows."""
    from .rdc import SharedVar
    mod.relocatable = True
    out = []
    for sec in dict.fromkeys(s for s, *_ in shared):
        own = sec[len(".nv.shared."):] if sec.startswith(".nv.shared.") else None
        out += [SharedVar(n, own, size, align) for s, n, size, align in reversed(shared) if s == sec]
    mod.shared_vars = out
    mod.shared_externs = set(_RE_SHARED_OTHER.findall(text)) - {v.name for v in out}


def _kernel_directive(kern: KernelInfo, s: str, ln: int, line: str, ends: dict) -> None:
    """A directive in a kernel's ``.text`` section: ``.size`` names the end label, ``.sectioninfo``
    the registers per thread (``@"SHI_REGISTERS=N"``, sm_75 .. sm_89)."""
    if s.startswith(".size"):
        mm = _RE_SIZE.match(s)
        if mm and mm.group(1) == kern.name:
            ends[kern.name] = (mm.group(2), ln, line)
    elif s.startswith(".other") and "STO_CUDA_ENTRY" in s:     # a kernel, not a device function (D13-T-1)
        kern.entry = True
    elif s.startswith(".sectioninfo"):
        mm = _RE_SHI_REGS.search(s)
        if mm:
            kern.registers = int(mm.group(1))


def _refuse_missing_data(mod: CudaModule, sections: dict[str, _Section], filename: str) -> None:
    """``nvdisasm -plr`` prints no ``.nv.global.init`` section: the strings of ``printf`` and the
    math library's tables are then symbols the listing does not define, which would be taken for
    functions it calls (D10-4). Refuse the listing at the word naming one."""
    from .runtime import PROVIDED
    data = {e[3] for e in mod.externs if e[3] not in PROVIDED and not e[3].startswith("__cuda_syscall")}
    if not data:
        return
    for sec in sections.values():
        for _off, _size, expr, ln, src in sec.fixups:
            name = expr.split("+")[0].strip()
            if name in data:
                raise error(f"{name} is not defined in this listing: `nvdisasm -plr` (life ranges) leaves out the "
                            f"data sections (.nv.global.init); run the plain nvdisasm listing or the cubin",
                            filename, ln, src.find(name) + 1, src, len(name))


def _apply_globals(mod: CudaModule, sections: dict[str, _Section], labels: dict[str, int],
                   label_sec: dict[str, str], data_ends: dict[str, str]) -> None:
    """Device globals (decision GA-5): the ``.nv.global.init`` / ``.nv.global`` sections, their
    symbols, and the constant-bank words (``.dword __cudart_i2opi_f`` in ``.nv.constant4``) that
    hold a symbol's address, filled when the kernel is launched."""
    for name in _GLOBAL_SECTIONS:
        sec = sections.get(name)
        if sec is not None:
            mod.globals[name] = (bytes(sec.data), len(sec.data) + sec.size)
    for lab, sname in label_sec.items():
        # relocatable code names a kernel's bank 2 words too (`c[`(K.const_opt.0.8)]`: D13-T-1)
        mc = re.fullmatch(r"\.nv\.constant(\d+)(\..+)?", sname)
        mc = mc if mc and (mc.group(2) is None or mod.relocatable and mc.group(1) != "0") else None
        if mc and not lab.startswith(".") and lab in data_ends and data_ends[lab] in labels:
            mod.const_symbols[lab] = (int(mc.group(1)), labels[lab], labels[data_ends[lab]] - labels[lab])
        if sname in mod.globals:
            mod.symbols[lab] = (sname, labels[lab])
            end = data_ends.get(lab)
            if end in labels and label_sec.get(end) == sname and labels[end] >= labels[lab]:
                mod.symbol_sizes[lab] = labels[end] - labels[lab]
    for name in _GLOBAL_SECTIONS:     # a device global initialised with a function's address (D13-T-2)
        for off, size, expr, _ln, _src in sections[name].fixups if name in sections else ():
            ms = _RE_SYM.match(expr)
            if ms and ms.group(1) in mod.kernels:
                mod.global_funcs.append((name, off, size, ms.group(1), int(ms.group(2) or "0", 0)))
    for sec in sections.values():
        m = re.match(r"\.nv\.constant(\d+)(?:\.(.+))?$", sec.name)
        if not m:
            continue
        for off, size, expr, _ln, _src in sec.fixups:
            ms = _RE_SYM.match(expr)
            if ms and ms.group(1) in mod.symbols:
                mod.relocs.append((int(m.group(1)), m.group(2), off, size, ms.group(1), int(ms.group(2) or "0", 0)))
            elif ms and size == 8 and ms.group(1) not in labels and not ms.group(1).startswith("."):
                # a function the module calls but does not define (vprintf, __assertfail): D6-cl-7
                mod.externs.append((int(m.group(1)), m.group(2), off, ms.group(1)))


def _split_values(args: str) -> list[str]:
    """The comma-separated values of a data directive; a comma inside parentheses (a label
    expression) does not split."""
    if "(" not in args:
        out = [v.strip() for v in args.split(",")]
        if not out[-1]:
            out.pop()
        return out
    out, depth, cur = [], 0, ""
    for ch in args:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def _apply_sections(mod: CudaModule, sections: dict[str, _Section], labels: dict[str, int], filename: str,
                    shared_shown: bool = True) -> None:
    """The data sections' contents into *mod*; a kernel without ``.nv.shared.K`` has no static shared
    memory when the listing shows such sections (*shared_shown*), else its size stays unknown (None)."""
    for sec in sections.values():
        for off, size, expr, ln, src in sec.fixups:
            m = _RE_DIFF.match(expr)
            if m and sec.name.startswith(".nv.info") and not (m.group(1) in labels and m.group(2) in labels):
                # an attribute's size from labels the listing lacks: would be 0 (D11-B-12)
                lost = m.group(1) if m.group(1) not in labels else m.group(2)
                raise error(f"label {lost} is not defined in this listing (the size of a {sec.name} attribute)",
                            filename, ln, src.find(lost) + 1, src, len(lost))
            if m and m.group(1) in labels and m.group(2) in labels:
                v = labels[m.group(1)] - labels[m.group(2)]
                sec.data[off:off + size] = (v & ((1 << 8 * size) - 1)).to_bytes(size, "little")
        name = sec.name
        if name.startswith(".nv.info."):
            k = mod.kernels.get(name[len(".nv.info."):])
            if k is not None:
                parse_nv_info(bytes(sec.data), k, functools.partial(_data_error, sec, filename=filename))
        elif name.startswith(".nv.shared."):
            k = mod.kernels.get(name[len(".nv.shared."):])
            if k is not None:
                k.shared = sec.size + len(sec.data)
        elif name.startswith(".nv.constant"):
            m = re.match(r"\.nv\.constant(\d+)(?:\.(.+))?$", name)
            if not m:
                continue
            bank, owner = int(m.group(1)), m.group(2)
            data = bytes(sec.data) + bytes(sec.size)
            if owner is None:
                mod.banks[bank] = data
            elif owner in mod.kernels:
                if bank == 0:
                    mod.kernels[owner].const0 = len(data)
                else:
                    mod.kernels[owner].banks[bank] = data
    for k in mod.kernels.values():
        if k.shared is None and shared_shown:
            k.shared = 0


def _data_error(sec: _Section, offset: int, msg: str, *, filename: str) -> UsageError:
    """*msg* at the data line of *sec* that holds byte *offset* (its first value), or at the section line."""
    at = [o for o in sec.origins if o[0] <= offset]
    if not at:
        col = sec.src.find(sec.name) + 1
        return error(msg, filename, sec.line, max(col, 1), sec.src or None, max(1, len(sec.name)))
    _off, ln, src = at[-1]
    m = _RE_DATA.match(src)
    col = m.start(3) + 1 if m else 1
    return error(msg, filename, ln, col, src, max(1, len(src.rstrip()) - col + 1))
