"""A cubin (CUDA ELF) read with pyelftools: target architecture from the ELF
flags, kernels from ``.text.NAME``, constant banks, ``.nv.info.NAME``
attributes and ``.nv.shared.NAME`` sizes.  The instruction text comes from
running ``nvdisasm`` on the file (the ``gpuisa[cuda]`` extra installs it)."""
from __future__ import annotations

import functools
import io
import re
import shutil
import struct
import subprocess
import sysconfig
import tempfile
from collections.abc import Iterable
from pathlib import Path

from ..errors import UsageError
from .abi import MAX_REGS_PER_THREAD
from .listing import nan_immediate, parse_nvdisasm
from .module import EIATTR_REGCOUNT, EIATTR_STACK, CudaModule, parse_nv_info, stack_attr

EXTRA = "pip install 'gpuisa[cuda]'"


def find_nvdisasm() -> str | None:
    """nvdisasm from the nvidia-cuda-nvdisasm wheel of this Python, else from PATH."""
    site = Path(sysconfig.get_paths()["purelib"]) / "nvidia"
    for cand in sorted(site.glob("cu*/bin/nvdisasm")) + sorted(site.glob("cuda_nvdisasm/bin/nvdisasm")):
        return str(cand)
    return shutil.which("nvdisasm")


def elf_arch(flags: int, abiversion: int) -> int:
    """The SM number in a CUDA ELF's ``e_flags``: bits 8-15 since ABI version 8
    (CUDA 12.x+), bits 0-7 before."""
    return (flags >> 8) & 0xFF if abiversion >= 8 else flags & 0xFF


#: what pyelftools raises on a damaged ELF file besides ELFError: a short read, a bad index, a
#: name that is not UTF-8 (each one found by mutating cubins: D11-B-4)
ELF_DAMAGE = (struct.error, ValueError, IndexError, KeyError, UnicodeDecodeError, OverflowError, AttributeError,
              TypeError)


def check_elf_layout(data: bytes, filename: str) -> None:
    """Refuse a damaged 64-bit little-endian ELF file at the field or section at fault, with its
    file offset: what pyelftools reports as ``expected 8, found 0`` (decision D11-B-4)."""
    n = len(data)
    if n < 64:
        raise UsageError(f"{filename}: truncated ELF file: {n} bytes, but the ELF header alone is 64")
    if data[4] != 2:
        raise UsageError(f"{filename}: ELF header offset 0x4 (EI_CLASS) is {data[4]}: a cubin is a 64-bit ELF "
                         f"file (ELFCLASS64 = 2)" + (" (32-bit cubins are from CUDA before 12)" if data[4] == 1 else ""))
    if data[5] != 1:
        raise UsageError(f"{filename}: ELF header offset 0x5 (EI_DATA) is {data[5]}: a cubin is little-endian "
                         f"(ELFDATA2LSB = 1)")
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    if shnum == 0:
        raise UsageError(f"{filename}: ELF header offset 0x3c (e_shnum) is 0: the file has no sections")
    if shentsize != 64:
        raise UsageError(f"{filename}: ELF header offset 0x3a (e_shentsize) is {shentsize}, not 64")
    end = shoff + shnum * shentsize
    if end > n:
        raise UsageError(f"{filename}: the section header table (e_shoff 0x{shoff:x}, {shnum} entries of 64 "
                         f"bytes) ends at offset 0x{end:x}, past the end of the file (0x{n:x} bytes): "
                         f"the file is truncated or its ELF header damaged")
    if shstrndx >= shnum:
        raise UsageError(f"{filename}: ELF header offset 0x3e (e_shstrndx) is {shstrndx}, but there are only "
                         f"{shnum} sections")
    for i in range(shnum):
        _name, kind, _flags, _addr, off, size = struct.unpack_from("<IIQQQQ", data, shoff + 64 * i)
        # SHT_NOBITS, and a relocatable cubin's SHT_CUDA_SHARED (D13-T-1), have no bytes in the file
        if kind not in (8, SHT_CUDA_SHARED) and off + size > n:
            raise UsageError(f"{filename}: section #{i} (header at offset 0x{shoff + 64 * i:x}) holds bytes "
                             f"0x{off:x}..0x{off + size:x}, past the end of the file (0x{n:x} bytes): the file "
                             f"is truncated or its section header damaged")


def section_sizes(data: bytes, names: Iterable[str]) -> dict[str, int]:
    """The sizes of the sections *names* of an ELF image, from its section headers alone (no
    pyelftools: a cheap look at a cubin that may not be the one); {} for a damaged image."""
    want = {n.encode() for n in names}
    try:
        shoff, = struct.unpack_from("<Q", data, 0x28)
        shnum, shstrndx = struct.unpack_from("<HH", data, 0x3C)
        str_off, = struct.unpack_from("<Q", data, shoff + 64 * shstrndx + 0x18)
        out = {}
        for i in range(shnum):
            name, = struct.unpack_from("<I", data, shoff + 64 * i)
            end = data.find(b"\0", str_off + name)
            sname = data[str_off + name:end]
            if sname in want:
                out[sname.decode()], = struct.unpack_from("<Q", data, shoff + 64 * i + 0x20)
        return out
    except struct.error:
        return {}


def read_cubin(data: bytes, filename: str) -> CudaModule:
    try:
        from elftools.common.exceptions import ELFError
        from elftools.elf.elffile import ELFFile
    except ImportError:
        raise UsageError(f"{filename}: reading a cubin needs pyelftools and nvdisasm: {EXTRA}") from None
    check_elf_layout(data, filename)
    try:
        elf = ELFFile(io.BytesIO(data))
        if elf.header.e_machine not in ("EM_CUDA", 190):
            raise UsageError(f"{filename}: ELF for machine {elf.header.e_machine}, not a CUDA cubin (EM_CUDA)")
        arch = elf_arch(elf.header.e_flags, elf.header.e_ident["EI_ABIVERSION"])
        secs = {s.name: s for s in elf.iter_sections()}
        shown = _without_dwarf(data, elf)
    except (ELFError, *ELF_DAMAGE) as e:
        raise UsageError(f"{filename}: not a readable ELF file ({e})") from None
    from .abi import abi_for
    abi_for(arch, filename)          # an unsupported target: say so before running nvdisasm
    if not any(n.startswith(".text.") for n in secs):     # D11-B-14
        raise UsageError(f"{filename}: the cubin holds no kernel and no device function (no .text.NAME section)")
    tool = find_nvdisasm()
    if tool is None:
        raise UsageError(f"{filename}: a cubin's instructions are read with nvdisasm, which is not installed: "
                         f"{EXTRA} (or give the nvdisasm / cuobjdump -sass listing instead)")
    limit = NVDISASM_SECONDS + NVDISASM_SECONDS_PER_MIB * len(data) // (1 << 20)
    try:
        with tempfile.TemporaryDirectory(prefix="gpuisa-cubin-") as tmp:
            path = Path(tmp) / "input.cubin"
            path.write_bytes(shown)
            res = subprocess.run([tool, str(path)], capture_output=True, timeout=limit)
    except subprocess.TimeoutExpired:
        raise UsageError(f"{filename}: nvdisasm did not finish in {limit} s (the cubin is damaged, or larger "
                         f"than any nvcc writes)") from None
    except OSError as e:
        raise UsageError(f"{filename}: running {tool} failed: {e}") from None
    if res.returncode:
        raise UsageError(f"{filename}: nvdisasm cannot read this cubin (sm_{arch}): "
                         f"{tool_message(res.stderr, str(path), filename) or f'exit {res.returncode}'}")
    text = res.stdout.decode("utf-8", "replace")
    mod = parse_nvdisasm(text, filename + " (nvdisasm)", code=False)
    mod.kind, mod.filename, mod.arch = "cubin", filename, arch
    try:
        if "QNAN" in text:
            _nan_immediates(mod, text.split("\n"), secs)
        if needs_nvdisasm_for_data(secs) and not globals_from_elf(mod, secs):   # device globals (GA-5, D10-6)
            full = parse_nvdisasm(text, filename + " (nvdisasm)")
            mod.globals, mod.symbols, mod.relocs, mod.externs = full.globals, full.symbols, full.relocs, full.externs
            mod.symbol_sizes = full.symbol_sizes
        fill_data(mod, secs, filename)
    except (ELFError, *ELF_DAMAGE) as e:
        raise UsageError(f"{filename}: a damaged section ({type(e).__name__}: {e})") from None
    return mod


#: nvdisasm's time limit on a cubin: this many seconds, and this many more per MiB (it reads
#: nvcc's largest cubins at about a MiB a second on a loaded machine; a damaged one may never end)
NVDISASM_SECONDS = 30
NVDISASM_SECONDS_PER_MIB = 30

#: ELF section type of a section without contents
_SHT_NOBITS = 8


#: the sections nvdisasm is given without contents: DWARF and its relocations (D22-2, D23-4)
_DWARF = (".debug_", ".rel.debug_", ".rela.debug_")


def _without_dwarf(data: bytes, elf) -> bytes:
    """The cubin as nvdisasm is given it: the DWARF sections (``.debug_frame``, ``.debug_line``,
    ... of every cubin, more of ``-G`` code) and their relocations (``.rela.debug_frame``) marked
    as without contents. A plain nvdisasm listing does not use them (the import reads nothing of
    them), and one flipped bit in ``.debug_frame`` (decision D22-2), or in the addend of a
    ``.rela.debug_frame`` entry (D23-4), made nvdisasm run forever."""
    out = bytearray(data)
    for i, sec in enumerate(elf.iter_sections()):
        if sec.name.startswith(_DWARF) and sec.header["sh_type"] != "SHT_NOBITS":
            struct.pack_into("<I", out, elf.header.e_shoff + i * elf.header.e_shentsize + 4, _SHT_NOBITS)
    return bytes(out)


def tool_message(stderr: bytes, tmp_path: str, filename: str) -> str:
    """The line of an NVIDIA tool's error output that says what is wrong (a ``fatal`` or ``error``
    line before a mere ``warning``), with the temporary copy's path replaced by the user's file."""
    lines = [ln.strip() for ln in stderr.decode("utf-8", "replace").replace(tmp_path, filename).splitlines()
             if ln.strip()]
    for word in ("fatal", "error"):
        for ln in lines:
            if word in ln.lower():
                return ln
    return lines[-1] if lines else ""


def needs_nvdisasm_for_data(secs: dict) -> bool:
    """Whether the cubin has device globals, whose symbols and the constant-bank words holding
    their addresses come from :func:`globals_from_elf` or, for relocations it does not know,
    nvdisasm's text of the data sections; everything else of a cubin's data is the ELF's."""
    return ".nv.global.init" in secs or ".nv.global" in secs


def elf_sections(data: bytes, filename: str) -> tuple[int, dict]:
    """``(target, {section name: section})`` of a cubin (pyelftools)."""
    from elftools.common.exceptions import ELFError
    from elftools.elf.elffile import ELFFile
    try:
        elf = ELFFile(io.BytesIO(data))
        return (elf_arch(elf.header.e_flags, elf.header.e_ident["EI_ABIVERSION"]),
                {s.name: s for s in elf.iter_sections()})
    except ELF_DAMAGE as e:     # a damaged ELF file is an ELFError for the callers (D11-B-4)
        raise ELFError(f"{type(e).__name__}: {e}") from None


def _section_error(filename: str, section: str, file_offset: int, offset: int, msg: str) -> UsageError:
    """*msg* about byte *offset* of *section*, which begins at *file_offset* of the file (D11-B-2)."""
    return UsageError(f"{filename}: section {section}, file offset 0x{file_offset + offset:x}: {msg}")


def fill_data(mod: CudaModule, secs: dict, filename: str) -> None:
    """The kernels' ``.nv.info`` attributes, static shared sizes and constant banks, and the
    module's constant banks, from the cubin's sections *secs*."""
    for name, k in mod.kernels.items():
        info = secs.get(f".nv.info.{name}")
        if info is not None:
            parse_nv_info(info.data(), k, functools.partial(_section_error, filename, info.name, info["sh_offset"]))
        sh = secs.get(f".nv.shared.{name}")
        k.shared = sh["sh_size"] if sh is not None else 0
        text = secs.get(f".text.{name}")
        if text is not None and text["sh_info"] >> 24:       # sm_75 .. sm_89: registers in sh_info's top byte
            k.registers = text["sh_info"] >> 24
        c0 = secs.get(f".nv.constant0.{name}")
        if c0 is not None:
            k.const0 = c0["sh_size"]
        for sname, s in secs.items():
            m = re.match(r"\.nv\.constant(\d+)\." + re.escape(name) + r"$", sname)
            if m and int(m.group(1)):
                k.banks[int(m.group(1))] = _data(s)
    _regcounts(mod, secs)
    for sname, s in secs.items():
        m = re.match(r"\.nv\.constant(\d+)$", sname)
        if m:
            mod.banks[int(m.group(1))] = _data(s)
    if not mod.externs:
        mod.externs = _extern_calls(secs)
    symtab = secs.get(".symtab")
    if symtab is not None and hasattr(symtab, "iter_symbols") and symtab.elffile.header.e_type == "ET_REL":
        _shared_symbols(mod, symtab)
        data = symtab.data()
        for i, sym in enumerate(symtab.iter_symbols()):      # STO_CUDA_ENTRY in st_other: a kernel
            if sym.name in mod.kernels and 24 * i + 5 < len(data) and data[24 * i + 5] & _STO_CUDA_ENTRY:
                mod.kernels[sym.name].entry = True
    if symtab is not None and hasattr(symtab, "iter_symbols"):    # __constant__ variables (D8-7)
        for sym in symtab.iter_symbols():
            shndx = sym["st_shndx"]
            # STT_CUDA_OBJECT (STT_LOPROC) in a relocatable cubin (D13-T-1)
            if sym["st_info"]["type"] not in ("STT_OBJECT", "STT_LOPROC") or not isinstance(shndx, int):
                continue
            m = re.fullmatch(r"\.nv\.constant(\d+)" + (r"(?:\..+)?" if mod.relocatable else ""),
                             symtab.elffile.get_section(shndx).name)
            if m and (m.group(1) != "0" or not mod.relocatable):      # a kernel's bank 2 too (D13-T-1)
                mod.const_symbols[sym.name] = (int(m.group(1)), sym["st_value"], sym["st_size"])


#: the section type of a relocatable cubin's shared variables, and their symbols' st_other class
SHT_CUDA_SHARED = 0x7000000A
_STO_CUDA_SHARED = 2
_STO_CUDA_ENTRY = 0x10     # a kernel's symbol (a device function of relocatable code has .nv.info too)


def _shared_symbols(mod: CudaModule, symtab) -> None:
    """A relocatable cubin's ``__shared__`` variables, in symbol-table order (a symbol's value is its
    alignment, as for a common symbol), and its ``extern __shared__`` arrays (undefined symbols of the
    shared class): decision D13-T-1."""
    from .rdc import SharedVar
    elf = symtab.elffile
    mod.relocatable, mod.shared_vars, mod.shared_externs = True, [], set()
    for sym in symtab.iter_symbols():
        shndx = sym["st_shndx"]
        if shndx == "SHN_UNDEF" and sym.name and sym["st_other"]["local"] == _STO_CUDA_SHARED:
            mod.shared_externs.add(sym.name)
        if not isinstance(shndx, int) or sym["st_info"]["type"] == "STT_SECTION" or not sym.name:
            continue
        sec = elf.get_section(shndx)
        if sec["sh_type"] == SHT_CUDA_SHARED:
            own = sec.name[len(".nv.shared."):] if sec.name.startswith(".nv.shared.") else None
            mod.shared_vars.append(SharedVar(sym.name, own, sym["st_size"], sym["st_value"]))


def _regcounts(mod: CudaModule, secs: dict) -> None:
    """sm_90+: each kernel's registers per thread from the module's ``.nv.info`` (EIATTR_REGCOUNT:
    the kernel's symbol index, the count), D12-L-4; and the stack it needs (EIATTR_FRAME_SIZE,
    MIN_STACK_SIZE, MAX_STACK_SIZE: the symbol index, bytes; the largest), D15-P-1."""
    info, symtab = secs.get(".nv.info"), secs.get(".symtab")
    if info is None or symtab is None or not hasattr(symtab, "get_symbol"):
        return
    data = _data(info)
    i = 0
    while i + 4 <= len(data):
        fmt, attr = data[i], data[i + 1]
        size = int.from_bytes(data[i + 2:i + 4], "little") if fmt == 0x04 else 0
        if fmt == 0x04 and (attr == EIATTR_REGCOUNT or attr in EIATTR_STACK) and size >= 8 and i + 12 <= len(data):
            sym = int.from_bytes(data[i + 4:i + 8], "little")
            if sym < symtab.num_symbols():
                k = mod.kernels.get(symtab.get_symbol(sym).name)
                value = int.from_bytes(data[i + 8:i + 12], "little")
                if k is not None and attr == EIATTR_REGCOUNT:
                    if value > MAX_REGS_PER_THREAD:       # decision D23-5: a damaged count, said here, not at launch
                        raise UsageError(f"{mod.filename}: .nv.info (EIATTR_REGCOUNT at offset {i}): kernel "
                                         f"{k.name} would use {value} registers per thread; a kernel has at "
                                         f"most {MAX_REGS_PER_THREAD} (the cubin is damaged)")
                    k.registers = value
                elif k is not None:
                    k.stack = max(k.stack, stack_attr(value))
        i += 4 + size
        if fmt not in (0x01, 0x02, 0x03, 0x04):
            return


def globals_from_elf(mod: CudaModule, secs: dict) -> bool:
    """Device globals (decision GA-5) from the ELF alone, as nvdisasm's text of the data sections
    gives them: ``.nv.global.init`` / ``.nv.global`` (contents, size), the symbols defined in them
    (``.symtab``: offset, size) and the constant-bank words holding their addresses (relocations of
    ``.nv.constantN[.KERNEL]``, 64-bit ``R_CUDA_64`` or 32-bit ``R_CUDA_32``; the addend in the
    ``.rela`` entry or, for ``.rel``, in the word itself). False, leaving *mod* as it was, for a
    relocation of another kind (nvdisasm's text is then read instead). Decision D10-6."""
    symtab = secs.get(".symtab")
    if symtab is None or not hasattr(symtab, "iter_symbols"):
        return False
    elf = symtab.elffile
    glob: dict[str, tuple[bytes, int]] = {}
    for name in (".nv.global.init", ".nv.global"):
        sec = secs.get(name)
        if sec is not None:
            zeros = name == ".nv.global" or sec["sh_type"] == "SHT_NOBITS"     # zero-initialised
            glob[name] = (b"", sec["sh_size"]) if zeros else (bytes(sec.data()), sec["sh_size"])
    symbols: dict[str, tuple[str, int]] = {}
    sizes: dict[str, int] = {}
    for sym in symtab.iter_symbols():
        shndx = sym["st_shndx"]
        if not isinstance(shndx, int) or not sym.name or sym.name.startswith("."):
            continue
        sname = elf.get_section(shndx).name
        if sname in glob:
            symbols[sym.name] = (sname, sym["st_value"])
            if sym["st_size"]:
                sizes[sym.name] = sym["st_size"]
    relocs = []
    for bank, owner, rs, target, r, sym in _bank_relocations(secs):
        if sym.name not in symbols:
            continue
        size = {_R_CUDA_64: 8, _R_CUDA_32: 4}.get(r["r_info_type"])
        if size is None:
            return False
        off = r["r_offset"]
        addend = r["r_addend"] if rs.is_RELA() else int.from_bytes(target.data()[off:off + size], "little")
        relocs.append((bank, owner, off, size, sym.name, addend))
    funcs = []
    for _m, rs, target, r, sym in _relocations(secs, r"\.nv\.global\.init"):
        if sym["st_info"]["type"] == "STT_FUNC" and sym.name:     # a table of function addresses (D13-T-2)
            size = {_R_CUDA_64: 8, _R_CUDA_32: 4}.get(r["r_info_type"])
            if size is None:
                return False
            off = r["r_offset"]
            addend = r["r_addend"] if rs.is_RELA() else int.from_bytes(target.data()[off:off + size], "little")
            funcs.append((".nv.global.init", off, size, sym.name, addend))
    mod.globals, mod.symbols, mod.symbol_sizes, mod.relocs = glob, symbols, sizes, relocs
    mod.global_funcs = funcs
    return True


#: relocation types of the constant-bank words that hold a device global's address
_R_CUDA_32, _R_CUDA_64 = 1, 2


def _extern_calls(secs: dict) -> list[tuple[int, str | None, int, str]]:
    """The functions the module calls but does not define (``vprintf``, ``malloc``: D6-cl-7), from
    the ELF: a relocation of a ``.nv.constantN[.KERNEL]`` word against an undefined symbol is the
    address the driver links there (what nvdisasm prints as ``.dword malloc``)."""
    out = [(bank, owner, r["r_offset"], sym.name) for bank, owner, _, _, r, sym in _bank_relocations(secs)
           if sym["st_shndx"] == "SHN_UNDEF" and sym.name]
    return sorted(out, key=lambda e: (e[0], e[1] or "", e[2]))


def _relocations(secs: dict, target: str):
    """``(match of the target section's name, relocation section, target section, relocation,
    symbol)`` for every relocation of a section whose name fully matches the pattern *target*."""
    from elftools.elf.relocation import RelocationSection
    pattern = re.compile(target)
    for rs in secs.values():
        if not isinstance(rs, RelocationSection):
            continue
        elf = rs.elffile
        sec = elf.get_section(rs["sh_info"])
        m = pattern.fullmatch(sec.name)
        if not m:
            continue
        symtab = elf.get_section(rs["sh_link"])
        for r in rs.iter_relocations():
            yield m, rs, sec, r, symtab.get_symbol(r["r_info_sym"])  # type: ignore[attr-defined]  # a SymbolTableSection


def _bank_relocations(secs: dict):
    """``(bank, kernel or None, relocation section, its target section, relocation, symbol)`` for
    every relocation of a constant-bank section ``.nv.constantN[.KERNEL]`` of the cubin."""
    for m, rs, target, r, sym in _relocations(secs, r"\.nv\.constant(\d+)(?:\.(.+))?"):
        yield int(m.group(1)), m.group(2), rs, target, r, sym


def _nan_immediates(mod: CudaModule, text: list[str], secs: dict) -> None:
    """nvdisasm prints every quiet-NaN float immediate as ``+QNAN``/``-QNAN``: take its bits
    from the instruction's encoding in ``.text.NAME`` (decision D5-5)."""
    for name, k in mod.kernels.items():
        sec = secs.get(f".text.{name}")
        if sec is not None:
            k.lines = _qnan_lines(k.lines, text, sec.data(), strict=False) or k.lines


_RE_ADDR_COMMENT = re.compile(r"/\*([0-9a-fA-F]{4,})\*/")


def _qnan_lines(lines: list, text: list[str], data: bytes, strict: bool) -> list | None:
    """*lines* (a kernel's ``(line number, text)``) with each ``QNAN`` immediate replaced by its
    bits from the code *data* at the line's ``/*addr*/`` (listing *text*). With *strict*, None
    when an instruction there has no NaN float immediate (*data* is another kernel's code)."""
    fixed = []
    for ln, t in lines:
        m = _RE_ADDR_COMMENT.search(text[ln - 1]) if "QNAN" in t else None
        at = int(m.group(1), 16) if m else len(data)
        if at + 8 > len(data):
            fixed.append((ln, t))
            continue
        new = nan_immediate(t, int.from_bytes(data[at:at + 8], "little"))
        if strict and new == t:
            return None
        fixed.append((ln, new))
    return fixed


def nan_immediates_from_cubin(mod: CudaModule, near: Iterable[tuple[str, bytes]]) -> str | None:
    """An nvdisasm listing prints every quiet-NaN float immediate as ``+QNAN``/``-QNAN``
    (0xffc00000, but also 0xfff00000, a double -INF's high word): its bits are lost.  The cubin
    the listing was made from has them: among the cubins *near* (``(label, bytes)`` in the caller's
    search order),
    a cubin of the listing's target whose ``.text.NAME`` is exactly as long as the kernel's
    code and holds a NaN float immediate at every such instruction gives the bits (decision
    CU-11).  Returns the cubin used, or None (the lines keep their ``QNAN``)."""
    todo = {name: k for name, k in mod.kernels.items() if any("QNAN" in t for _, t in k.lines)}
    if not todo:
        return None
    try:
        import elftools  # noqa: F401
    except ImportError:
        return None
    text = mod.source.split("\n")
    used = None
    for cand, image in near:
        try:
            arch, secs = elf_sections(image, cand)
            if arch != mod.arch:
                continue
            datas = {name: secs[f".text.{name}"].data() for name in todo if f".text.{name}" in secs}
        except Exception:  # noqa: BLE001 - any unreadable candidate is not the cubin
            continue
        for name, data in datas.items():
            k = todo[name]
            addrs = [int(m.group(1), 16) for ln, _ in k.lines if (m := _RE_ADDR_COMMENT.search(text[ln - 1]))]
            if not addrs or max(addrs) + 16 != len(data):
                continue
            fixed = _qnan_lines(k.lines, text, data, strict=True)   # None: another kernel of that name and size
            if fixed is not None:
                k.lines = fixed
                del todo[name]
                used = cand
        if not todo:
            break
    return used


def _data(s) -> bytes:
    return bytes(s["sh_size"]) if s["sh_type"] == "SHT_NOBITS" else s.data()


def text_relocations(data: bytes) -> dict[str, list[tuple[int, int, str, int | None]]]:
    """The relocations of a cubin's code, by function (``.text.NAME`` -> NAME): ``(offset, type,
    symbol, addend)`` (addend None for a ``.rel`` entry: it is in the instruction).  nvcc -G and
    -rdc=true code calls functions by absolute address; a cuobjdump listing shows them as 0
    (decision D11-F-3)."""
    out: dict[str, list[tuple[int, int, str, int | None]]] = {}
    for m, rs, _, r, sym in _relocations(elf_sections(data, "<cubin>")[1], r"\.text\.(.+)"):
        shndx = sym["st_shndx"]        # a section symbol has no name: the function whose section it is
        name = sym.name or rs.elffile.get_section(shndx).name.removeprefix(".text.") \
            if isinstance(shndx, int) else sym.name
        out.setdefault(m.group(1), []).append(
            (r["r_offset"], r["r_info_type"], name, r["r_addend"] if rs.is_RELA() else None))
    return out
