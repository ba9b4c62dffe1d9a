"""Running CUDA compiler output: nvdisasm / cuobjdump listings and cubins.

Layer: after :mod:`gpuisa.asm` and :mod:`gpuisa.sim`, before the docs and the
command line (``spec``, ``asm`` and ``sim`` never import this package).

    >>> import gpuisa
    >>> isa = gpuisa.load_isa()
    >>> k = isa.load_cuda("vector_add.sm_80.nvdisasm")          # doctest: +SKIP
    >>> res = k.launch(grid=2, block=64, params=["ptr:a", "ptr:b", "ptr:c", "s32:100"],
    ...                buffers={"a": a, "b": b, "c": c})        # doctest: +SKIP

Inputs are recognised by content (:func:`detect`): an ELF file is a cubin, a
text with ``code for sm_XX`` / ``Function :`` a ``cuobjdump -sass`` listing, a
text with ``.target sm_XX`` and ``.section`` lines an ``nvdisasm`` listing.
See ``docs/cuda.md``.
"""
from __future__ import annotations

import codecs
import itertools
import re

import numpy as np

from pathlib import Path
from typing import Iterator, Mapping, Sequence

from ..errors import UsageError, utf8_errors
from . import rdc, runtime
from .abi import (DEFAULT_LOCAL_BYTES, RESERVED_SMEM, Abi, abi_for, check_cooperative_fit, check_launch_limits,
                  check_launch_resources, supported, unsupported)
from .module import (RE_DATA_ADDR, UR63_ARCH, CudaModule, KernelInfo, demangle, kernel_text, link_functions,
                     names_high_ur, runtime_function, unlinkable)

#: the buffer holding a cooperative launch's grid workspace ({u32 wsSize, u32 barrier}; D10-C-1)
GRID_WORKSPACE = ".grid_workspace"

__all__ = ["detect", "read_module", "load_cuda", "acceptance", "CudaKernel", "CudaModule", "KernelInfo", "Abi", "abi_for",
           "demangle", "DEFAULT_LOCAL_BYTES"]


def detect(data: bytes | str) -> str | None:
    """``"cubin"``, ``"binary"`` (a host executable, library, object or fat binary holding
    cubins), ``"nvdisasm"``, ``"cuobjdump"`` or None (this ISA's assembly)."""
    from .listing import detect_text
    if isinstance(data, bytes):
        from .fatbin import is_host_binary
        if is_host_binary(data):
            return "binary"
        if data[:4] == b"\x7fELF":
            return "cubin"
        if data[:2] in _UTF16_BOMS:
            return detect_text(data[:40000].decode("utf-16", "replace"))
        return detect_text(data[:20000].decode("utf-8", "replace"), whole=data)
    return detect_text(data)


#: the byte-order marks of UTF-16 text: Windows PowerShell 5's `>` writes a listing so (D22-3)
_UTF16_BOMS = (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)


def read_module(data: bytes | str, filename: str = "<input>", *, arch: int | None = None,
                kernel: str | None = None) -> CudaModule:
    """Parse a CUDA input (bytes of a file or listing text) into a :class:`CudaModule`.
    A host binary's cubin is the one of target *arch* (default: the first in the file)
    that holds *kernel* (decision D9-1); of a cuobjdump listing of several targets, *arch*
    chooses the target too (D14-B-2)."""
    from .listing import parse_cuobjdump, parse_nvdisasm
    kind = detect(data)
    others: list[int] = []
    binary = kind == "binary"
    if binary:
        assert isinstance(data, bytes)
        data, filename, others = _cubin_of_binary(data, filename, arch, kernel)
        kind = "cubin"
    elif arch is not None and kind != "cuobjdump":
        raise UsageError(f"{filename}: a target is chosen only among a host binary's cubins or the targets of "
                         f"a cuobjdump listing; this input is {kind or 'not a CUDA input'}")
    if kind == "cubin":
        from .cubin import read_cubin
        mod = read_cubin(data if isinstance(data, bytes) else data.encode(), filename)
        mod.other_archs = others
        mod.from_binary = binary
    else:
        if isinstance(data, bytes) and data[:2] in _UTF16_BOMS:
            try:
                data = data.decode("utf-16")
            except UnicodeDecodeError as e:
                raise UsageError(f"{filename}: not UTF-16 text after its byte-order mark ({e.reason} at byte "
                                 f"{e.start})") from None
        if isinstance(data, bytes):
            raw = data
            try:
                data = raw.decode("utf-8")
            except UnicodeDecodeError as e:     # located, with a caret, like an assembly file's (D11-B-1)
                raise UsageError(utf8_errors(raw, filename, e.start, f"{kind or 'CUDA'} listings", 10)) from None
        if data.startswith("\ufeff"):      # a byte-order mark (an editor's): not part of the first line (D11-B-11)
            data = data[1:]
        if kind == "cuobjdump":
            mod = parse_cuobjdump(data, filename, arch)
        elif kind == "nvdisasm":
            mod = parse_nvdisasm(data, filename)
            if "QNAN" in data and Path(filename).is_file():
                from .cubin import nan_immediates_from_cubin
                nan_immediates_from_cubin(mod, cubin_images_near(Path(filename)))
        else:
            raise UsageError(f"{filename}: not a CUDA input (an nvdisasm or cuobjdump -sass listing, or a cubin)")
        if not supported(mod.arch):     # said at the line naming the target (D22-5)
            from .listing import target_line
            from .module import error
            at = target_line(data, mod.arch)
            if at is not None:
                raise error(unsupported(mod.arch), filename, at[0], at[1], at[2], at[3])
    abi_for(mod.arch, filename)
    return mod


#: a constant-bank-0 operand and its offset
_RE_BANK0 = re.compile(r"\bc\[0x0\]\s*\[0x([0-9a-fA-F]+)\]")


class CudaKernel:
    """One kernel of a CUDA input, assembled into this ISA's words.

    ``program`` (the assembled :class:`~gpuisa.asm.assembler.Program`, its
    record lines are the listing's line numbers), ``info`` (:class:`KernelInfo`),
    ``module``, ``abi``; :meth:`simulator` / :meth:`launch` run it with the CUDA
    launch ABI filled in."""

    def __init__(self, isa, module: CudaModule, info: KernelInfo):
        self.isa = isa
        self.module = module
        self.info = info
        self.abi = abi_for(module.arch, module.filename)
        self.source_lines = module.source.split("\n")
        first, self.text = kernel_text(module, info, isa.db)
        #: the label of the kernel's first instruction when the program starts elsewhere (functions linked in)
        self._entry_label: str | None = None
        #: the functions linked after the kernel in a cuobjdump listing: (first line, text) each (D11-F-3)
        self._callees: list[tuple[int, str]] = []
        #: a cuobjdump listing's linked functions: their program addresses (D11-F-3, D13-T-2)
        self._function_bases: dict[str, int] = {}
        direct: list[str] = []      # device-runtime functions -G code calls directly (D11-F-3)
        #: a cuobjdump listing whose cubin (beside it) relocates its code: linked whatever the text shows
        #: (-G code may call only through registers and still hold a device global's address as 0: D13-T-2)
        relocated = module.kind == "cuobjdump" and self._cubin_relocates()
        # a module whose device global holds function addresses (-G: D13-T-2) links them with every kernel, even
        # one whose own text calls nothing by address: the table's initial bytes need their addresses (D17-6)
        if relocated or "32@" in self.text or "CALL.ABS" in self.text and _RE_RELOCATED.search(self.text) \
                or module.global_funcs and module.kind != "cuobjdump":
            if module.kind == "cuobjdump":
                parts = _link_cuobjdump(self) if module.has_data or self._data_from_cubin() else None
                if parts is None:
                    _refuse_relocatable(module, info, self.source_lines)
                else:
                    ((first, self.text), *self._callees), direct = parts
            else:
                linked = link_functions(module, info, isa.db)
                if linked is None:
                    _refuse_relocatable(module, info, self.source_lines)
                else:       # -G / -rdc=true code calling functions of this module (D11-F-3)
                    first, self.text, self._entry_label, direct = linked
        if module.kind == "cuobjdump":
            self._link_cuobjdump_data(first)
        elif module.relocatable:        # -rdc=true: shared and __constant__ symbols in fields (D13-T-1)
            self.text, size = rdc.link_kernel(module, info, self.text, first)
            self._set_relocatable_shared(size)
        if "MM" in self.text or "WARPGROUP" in self.text \
                or any(t in self.text for t in _TEXTURE_MNEMONICS):
            _refuse_unmodelled_tensor(module, info, self.source_lines)
        if not module.has_data and "CALL.ABS" in self.text:
            self._data_from_cubin()     # a cuobjdump listing: which functions the kernel calls (D6-cl-7)
        #: functions the kernel calls without defining them (vprintf, __assertfail: decision D6-cl-7)
        self.externs = _externs(module, info, self.text, direct)
        self._stub_line = first + self.text.count("\n") + 1
        self._variable_data_tried = False      # :meth:`_variable_data`
        # every such function gets a stub; one the model does not provide faults when it is called
        # (a call on a path the run does not take is no reason to refuse the kernel: D8-12)
        self._first = first
        #: device globals' addresses written into instructions (-G code, D11-F-3): filled in at launch
        self._data_refs = "32@" in self.text or any("32@" in t for _, t in self._callees)
        if self._data_refs:     # assembled with 0 for them until a launch lays out the buffers
            self.program = self._assemble(RE_DATA_ADDR.sub("0x0", self.text),
                                          [(ln, RE_DATA_ADDR.sub("0x0", t)) for ln, t in self._callees])
        else:                   # speed: no scan of a listing that has none (a 100k-line kernel: 0.1 s)
            self.program = self._assemble(self.text, self._callees)
        self._linked: dict[str, object] = {}
        self.stubs = {self.program.symbols[runtime.label(n)]: n for n in self.externs}
        self.entry = self.program.symbols[self._entry_label] if self._entry_label else None

    def _set_relocatable_shared(self, size: int) -> None:
        """The static shared size of relocatable code: its variables as nvlink lays them out, after the
        reserved 1 KiB on sm_90+ (decision D13-T-1)."""
        self.info.shared = size + (RESERVED_SMEM if self.module.arch >= 90 else 0)

    def _link_cuobjdump_data(self, first: int) -> None:
        """A cuobjdump listing of relocatable code shows the offsets of shared and ``__constant__``
        variables as 0: with the cubin it was made from beside it, its relocations are applied to the
        kernel's lines and its functions' (:mod:`gpuisa.cuda.rdc`); without it, sm_90+ code that adds
        the reserved 1 KiB to an unrelocated 0 is refused, located (decision D13-T-1)."""
        from .module import error
        if not self._relocatable_cubin():
            at = rdc.unrelocated_shared(self.info) if self.module.arch >= 90 else None
            if at is not None:
                ln = at[0]
                src = self.source_lines[ln - 1]
                col, n = max(src.find("UMOV"), 0), len(src.split(";")[0].strip())
                raise error("relocatable device code (nvcc -rdc=true or -dc): this is a __shared__ variable's "
                            "offset, which the device linker fills in and a cuobjdump listing shows as 0 (the "
                            "reserved 1 KiB is added to it at run time); put the cubin the listing was made "
                            "from beside it (gpuisa applies its relocations), run that cubin or its nvdisasm "
                            "listing, or compile without -rdc (decision D13-T-1)", self.module.filename, ln,
                            col + 1, self.source_lines[ln - 1], n)
            return
        from .cubin import text_relocations
        module = self.module
        assert module.elf_image is not None
        relocs = text_relocations(module.elf_image)
        refs = {f: {sym for _, _, sym, _ in rs} for f, rs in relocs.items()}
        layout, size = rdc.shared_layout(module, self.info.name, refs)
        self._set_relocatable_shared(size)
        texts = {first: self.text, **dict(self._callees)}
        for f in [module.kernels[n] for n in module.kernels]:
            if not f.lines or f.lines[0][0] not in texts:
                continue
            start = f.lines[0][0]
            texts[start] = self._patch_data(f, start, texts[start], relocs.get(f.name, []), layout)
        self.text = texts.pop(first)
        self._callees = [(ln, texts[ln]) for ln, _ in self._callees]

    def _patch_data(self, f: KernelInfo, first: int, text: str, relocs: list, layout: dict[str, int]) -> str:
        """*text* (function *f*'s, from line *first*) with the data relocations *relocs* applied."""
        from .listing import _RE_LABEL
        from .module import error
        code = [ln for ln, t in f.lines if not _RE_LABEL.match(t)]
        lines = text.split("\n")
        for off, typ, sym, addend in relocs:
            value = rdc.symbol_value(self.module, layout, sym)
            if value is None or off % 16 or off // 16 >= len(code):
                continue        # a call or a device global's address (_link_cuobjdump), or not a data symbol
            ln = code[off // 16]
            new = rdc.patch_line(lines[ln - first], typ, value, addend)
            if new is None:
                raise error(f"relocatable device code (nvcc -rdc=true): relocation type {typ} of {sym} is not "
                            f"known here; run the cubin or its nvdisasm listing (decision D13-T-1)",
                            self.module.filename, ln, 1, self.source_lines[ln - 1], len(self.source_lines[ln - 1]))
            lines[ln - first] = new
        return "\n".join(lines)

    def _cubin_relocates(self) -> bool:
        """A cuobjdump listing: whether the cubin it was made from (beside it, found by its code: CU-10)
        has relocations of code (``.rel[a].text.NAME``: -G and -rdc=true code), its data then read.
        Cheap: the section headers of the match are read before the ELF is parsed."""
        from .cubin import section_sizes
        cand = self._cubin_by_code()
        names = [f".rel.text.{self.info.name}", f".rela.text.{self.info.name}"]
        if cand is None or not any(section_sizes(cand, names).values()):     # sm_90+: empty ones are common
            return False
        return self._data_from_cubin()

    def _cubin_by_code(self) -> bytes | None:
        """The bytes of the cubin beside a cuobjdump listing that holds the kernel's code, or None."""
        if "_by_code" not in self.__dict__:      # looked for once
            code, path = self.info.code, Path(self.module.filename)
            self._by_code = None if not code or not path.is_file() else \
                next((data for _cand, data in cubin_images_near(path) if code in data), None)
        return self._by_code

    def _relocatable_cubin(self) -> bool:
        """A cuobjdump listing: whether the cubin it was made from (beside it, found by its code: CU-10)
        is relocatable (``ET_REL``), its data then read (:meth:`_data_from_cubin`).  Cheap: the cubin
        named like the listing first, and only the ELF header's type of a match."""
        if self.module.relocatable:
            return self.module.elf_image is not None
        data = self._cubin_by_code()
        if data is None or data[16:18] != b"\x01\x00":          # e_type: ET_REL = 1
            return False
        return self._data_from_cubin() and self.module.relocatable

    def _assemble(self, text: str, callees: Sequence[tuple[int, str]] = ()):
        """The kernel's program: *text* with the runtime stubs, then the *callees* (first line,
        text) of a cuobjdump listing, each assembled at 0 and placed after the one before (D11-F-3)."""
        name = self.module.filename if self.module.kind != "cubin" else self.module.filename + " (nvdisasm)"
        prog = self.isa.assemble(text + runtime.stub_text(self.externs), first_line=self._first, filename=name)
        if not callees:
            return prog
        from ..asm.assembler import place
        return place(self.isa.db, [prog, *(self.isa.assemble(t, first_line=ln, filename=name) for ln, t in callees)])

    def _program_at(self, addresses: Mapping[str, int]):
        """The program with the device globals' addresses its instructions hold (``MOV R14,
        32@lo(__cudart_i2opi_f)``) for a launch whose buffers lie at *addresses* (D11-F-3)."""
        if not self._data_refs:
            return self.program
        syms = self.module.symbols

        def value(m) -> str:
            sec, off = syms[m.group(2)]
            a = addresses[sec] + off
            return f"{(a if m.group(1) == 'lo' else a >> 32) & 0xFFFFFFFF:#x}"
        text = RE_DATA_ADDR.sub(value, self.text)
        callees = [(ln, RE_DATA_ADDR.sub(value, t)) for ln, t in self._callees]
        key = text + "".join(t for _, t in callees)
        if key not in self._linked:
            self._linked = {key: self._assemble(text, callees)}     # one launch layout at a time
        return self._linked[key]

    @property
    def name(self) -> str:
        return self.info.name

    def source_line(self, line: int) -> str:
        if self._stub_line <= line < self._stub_line + runtime.stub_text(self.externs).count("\n"):
            return "(CUDA runtime stub, decision D6-cl-7)"
        return self.source_lines[line - 1] if 0 < line <= len(self.source_lines) else ""

    def listing(self) -> str:
        """Each instruction: address, this ISA's 128-bit word, and the original
        listing line it came from (``gpuisa asm --listing`` of a CUDA input)."""
        import re
        out = [f"// {self.module.kind} input {self.module.filename}, kernel {self.name} (sm_{self.module.arch}); "
               f"columns: address, new encoding, original line"]
        for r in self.program.records:
            src = re.sub(r"/\*.*?\*/|\(\*.*?\*\)", "", self.source_line(r.line)).strip()
            out.append(f"/*{r.address:04x}*/  0x{r.word:032x}  {src}   // line {r.line}")
        return "\n".join(out) + "\n"

    # -- launch -----------------------------------------------------------------------------------
    def check_banks(self) -> None:
        """A kernel that reads a constant bank the input does not carry: an error (for a
        cuobjdump listing, unless the cubin it was made from lies beside it: :meth:`_data_from_cubin`)."""
        have = set(self.module.banks) | set(self.info.banks) | {0}
        missing = sorted(self.info.banks_read() - have)
        if not missing and not self.module.has_data and self.reads_const_window():
            missing = [3]       # __constant__ data through a generic pointer (D11-F-6): in the cubin beside it
        if not missing:
            return
        names = ", ".join(f"c[0x{b:x}]" for b in missing)
        if not self.module.has_data:
            if self._data_from_cubin():
                self.check_banks()
                return
            raise UsageError(f"{self.module.filename}: kernel {self.name} reads constant bank {names} "
                             f"(__constant__ data / jump tables), which a cuobjdump -sass listing does not carry; "
                             f"run the cubin or its nvdisasm listing instead, or put the cubin (or the executable) the listing was "
                             f"made from beside it (its directory or a sibling one; found by its code)")
        if self.module.kind == "nvdisasm" and "\t.section\t.nv." not in self.module.source:
            # `nvdisasm -c` (--print-code) prints the code sections only (D11-F-7)
            raise UsageError(f"{self.module.filename}: kernel {self.name} reads constant bank {names}, but this "
                             f"nvdisasm listing has no data sections (`nvdisasm -c` prints the code only): run the "
                             f"plain nvdisasm listing or the cubin")
        raise UsageError(f"{self.module.filename}: kernel {self.name} reads constant bank {names}, which the input "
                         f"does not define (.nv.constantN section missing)")

    def reads_const_window(self) -> bool:
        """The code reads the generic address of constant bank 3 (``cvta.const``: a generic pointer
        to ``__constant__`` data; decision D11-F-6)."""
        w = self.abi.const_window
        return w is not None and f"c[0x0][{w:#x}]" in self.text

    def reads_param_window(self) -> bool:
        """The code reads the generic address of the kernel's parameters (``cvta.param``: the address
        of a ``__grid_constant__`` parameter; decision D12-C-4)."""
        w = self.abi.param_window
        return w is not None and f"c[0x0][{w:#x}]" in self.text

    def _data_from_cubin(self) -> bool:
        """A cuobjdump listing carries no data sections (constant banks 2-4: jump tables,
        __constant__ data, the math library's tables; device globals; the parameter table).
        The cubin it was made from has them: a ``.cubin`` file near the listing (:func:`_cubins_near`),
        or one inside an executable near it (D9-1),
        whose ``.text.NAME`` holds exactly the listing's encodings (its ``/* 0x… */`` words) is
        read for them (decision CU-10).  True when one was found."""
        code = self.info.code
        path = Path(self.module.filename)
        if not code or not path.is_file():
            return False
        try:
            from elftools.common.exceptions import ELFError
        except ImportError:
            return False
        from .cubin import elf_sections, fill_data, globals_from_elf, needs_nvdisasm_for_data, read_cubin
        for cand, data in cubin_images_near(path):
            if code not in data:        # cheap: most cubins near a listing are others' (D11-B-16)
                continue
            try:
                arch, secs = elf_sections(data, cand)      # one parse: the match and the data
                sec = secs.get(f".text.{self.name}")
                same = sec is not None and sec.data() == code
            except (ELFError, ValueError, KeyError):
                continue
            if not same:
                continue
            cub = CudaModule("cubin", cand, arch, {n: KernelInfo(n) for n in self.module.kernels})
            if not needs_nvdisasm_for_data(secs) or globals_from_elf(cub, secs):
                fill_data(cub, secs, cand)      # the ELF alone: no nvdisasm run (D10-6)
            else:
                try:
                    cub = read_cubin(data, cand)
                except UsageError as e:
                    raise UsageError(f"{self.module.filename}: kernel {self.name} reads data a cuobjdump -sass "
                                     f"listing does not carry; {cand} beside it has the same code, but: {e}") from None
            mod = self.module
            mod.banks, mod.globals, mod.symbols, mod.relocs = cub.banks, cub.globals, cub.symbols, cub.relocs
            mod.symbol_sizes, mod.const_symbols = cub.symbol_sizes, cub.const_symbols
            mod.externs = cub.externs
            mod.relocatable, mod.shared_vars, mod.shared_externs = cub.relocatable, cub.shared_vars, cub.shared_externs
            mod.global_funcs = cub.global_funcs
            for name, k in mod.kernels.items():
                c = cub.kernels.get(name)
                if c is not None:
                    k.entry = c.entry
                    k.params, k.param_base, k.param_size = c.params, c.param_base, c.param_size
                    k.const0, k.frame, k.banks = c.const0, c.frame, c.banks
                    if not (cub.relocatable and k.shared is not None):
                        # relocatable code's size is nvlink's layout (D13-T-1), set before this read
                        # when a variable's offset was patched: not the unlinked section's (D16-7)
                        k.shared = c.shared
                    k.stack = max(k.stack, c.stack)
                    k.cluster = c.cluster
            mod.has_data = True
            mod.data_from = cand
            mod.elf_image = data
            return True
        return False

    def bank0(self, params: Sequence, addresses: Mapping[str, int], grid, block, local_bytes: int,
              shared_size: int):
        """Constant bank 0 (bytes) and the parameter layout (ParamSlots with absolute offsets)."""
        from ..sim.kernelargs import ParamSlot, pack_params
        data, layout = pack_params(list(params), addresses)
        self.check_params(layout)
        a = self.abi
        base = self.info.param_base if self.info.param_base is not None else a.params
        size = max(self.info.const0 or 0, base + len(data), a.params)
        bank = bytearray(size + (-size) % 4)
        for i in range(3):
            bank[a.ntid + 4 * i:a.ntid + 4 * i + 4] = int(block[i]).to_bytes(4, "little")
            bank[a.nctaid + 4 * i:a.nctaid + 4 * i + 4] = int(grid[i]).to_bytes(4, "little")
        bank[a.stack:a.stack + 4] = int(local_bytes).to_bytes(4, "little")
        for off, value in a.windows():
            bank[off:off + 8] = value.to_bytes(8, "little")
        if a.nsmid is not None and a.nsmid + 4 <= len(bank):
            bank[a.nsmid:a.nsmid + 4] = (1).to_bytes(4, "little")     # %nsmid: one SM (D8-11)
        for off, value in a.reserved_words(shared_size):                 # reserved shared memory (D9-S-1)
            bank[off:off + 4] = value.to_bytes(4, "little")
        bank[base:base + len(data)] = data
        return bytes(bank), [ParamSlot(base + s.offset, s.param, s.value) for s in layout]

    def check_params(self, layout) -> None:
        """The --param list against the kernel's .nv.info parameter table; without one (a
        cuobjdump listing), against the parameter bytes the code reads."""
        table = self.info.params
        where = f"{self.module.filename}: kernel {self.name}"
        if table is None and not self.module.has_data and (self._param_read_past(layout) is not None or (
                self.module.arch < 90 and sum(s.param.size for s in layout) > 4096)) and self._data_from_cubin():
            table = self.info.params        # the cubin beside a cuobjdump listing: its table (D8-tiny-3)
        if table is None:
            self._check_param_reads(layout, where)
            return
        want = ", ".join(f"#{i + 1}: {p.size} bytes at +0x{p.offset:x}" for i, p in enumerate(table)) or "none"
        if len(layout) != len(table):
            raise UsageError(f"{where} takes {len(table)} parameter{'s' if len(table) != 1 else ''} "
                             f"({want}); {len(layout)} given with --param")
        for i, (slot, p) in enumerate(zip(layout, table)):
            if slot.offset != p.offset or slot.param.size != p.size:
                raise UsageError(f"{where}: parameter #{i + 1} ({slot.param.text or slot.param.type}) is "
                                 f"{slot.param.size} bytes at +0x{slot.offset:x}, but the kernel's parameter #{i + 1} "
                                 f"is {p.size} bytes at +0x{p.offset:x} (.nv.info; all: {want})"
                                 + _align_hint(slot, p))

    def _param_read_past(self, layout) -> tuple[int, int, str] | None:
        """The highest ``c[0x0][off]`` read beyond the parameter bytes --param gave (offset, line,
        text), or None."""
        base = self.info.param_base if self.info.param_base is not None else self.abi.params
        given = max((s.offset + s.param.size for s in layout), default=0)
        reads = [(int(m.group(1), 16), ln, t) for ln, t in self.info.lines for m in _RE_BANK0.finditer(t)]
        return max(((off, ln, t) for off, ln, t in reads if off >= base + given), default=None)

    def _check_param_reads(self, layout, where: str) -> None:
        """The highest parameter byte an instruction reads (``c[0x0][off]`` at or above the
        parameter base) must be among the bytes --param gave: otherwise the run would end in a
        constant-bank fault at that instruction; say which line reads what instead."""
        base = self.info.param_base if self.info.param_base is not None else self.abi.params
        given = max((s.offset + s.param.size for s in layout), default=0)
        past = self._param_read_past(layout)
        if past is None:
            return
        off, ln, text = past
        src = self.source_lines[ln - 1] if self.module.source else text
        col = next((m.start() + 1 for m in _RE_BANK0.finditer(src) if int(m.group(1), 16) == off), 1)
        raise UsageError(f"{self.module.filename}:{ln}:{col}: kernel {self.name} reads parameter byte "
                         f"+0x{off - base:x} (c[0x0][0x{off:x}]: {text.strip().rstrip(';').strip()}), but --param "
                         f"gave {given} byte{'s' if given != 1 else ''}; the listing has no parameter table "
                         f"(cuobjdump -sass): give every parameter of the kernel (over 4 KiB of parameters, "
                         f"sm_75-sm_89 code reads them from c[0x0][0x1a80]: run the cubin or its nvdisasm listing, "
                         f"or put the cubin beside the listing)")

    def simulator(self, *, grid=1, block=32, params: Sequence = (), buffers: Mapping | None = None,
                  shared_bytes: int = 0, local_bytes: int | None = None,
                  constants: Mapping[str, bytes] | None = None, cluster=None, cooperative: bool = False,
                  **launch):
        """A :class:`~gpuisa.sim.Simulator` for this kernel with constant bank 0
        filled (blockDim, gridDim, stack top, *params*), the module's constant
        banks and the shared memory size (static ``.nv.shared.NAME`` +
        *shared_bytes* dynamic).  ``sim.param_layout`` lists where each
        parameter went.  *constants* sets ``__constant__`` variables by name
        (``cudaMemcpyToSymbol``; :meth:`constant_symbols`): their first bytes.  *cluster* (X, Y, Z)
        launches thread-block clusters (sm_90+; default the kernel's ``__cluster_dims__``);
        *cooperative* is ``cudaLaunchCooperativeKernel``: the grid workspace ``this_grid().sync()``
        uses, the grid checked to fit (decisions D10-C-1 .. D10-C-4).  *local_bytes* is each thread's
        local memory (the stack): by default 16 KiB, or the stack the kernel needs when that is more
        (:meth:`stack_bytes`: a large local array, which CUDA's launch provides; decision D15-P-1)."""
        from ..sim import Simulator
        from ..sim.simulator import check_relocations
        from ..sim.simulator import _dims, buffer_addresses
        self.check_banks()
        if shared_bytes < 0:
            raise UsageError("--shared-bytes must be non-negative")
        local_bytes = self._local_bytes(local_bytes)
        g, b = _dims(grid, "grid"), _dims(block, "block")
        # the static size, less the reserved 1 KiB .nv.shared.NAME may begin with on sm_90+ (D9-G-2)
        check_launch_limits(self.module.arch, g, b,
                            max(0, (self.info.shared or 0) - (RESERVED_SMEM if self.module.arch >= 90 else 0)),
                            int(shared_bytes), demangle(self.name))
        check_launch_resources(b, self.info.registers_lower_bound(), self.info.max_threads, demangle(self.name),
                               exact=self.info.registers is not None)
        static = self.info.shared if self.info.shared is not None else self.abi.max_static_shared
        static = (static + 15) & ~15    # allocated in 16-byte units: nvcc's LDS.128 may read the padding (AT-5)
        bufs = dict(buffers or {})
        pointed = {m for p in params if isinstance(p, str) for m in _RE_PTR_PARAM.findall(p)}
        constants = self._symbol_buffers(bufs, pointed, constants)
        const = self._constant_banks(constants)
        dims = self._cluster_dims(cluster)
        shared_size = static + int(shared_bytes) + self.abi.reserved_top
        if cooperative:
            # a cuobjdump listing does not give the static size: the fit counts the dynamic part only
            known = shared_size if self.info.shared is not None else int(shared_bytes) + self.abi.reserved_top
            check_cooperative_fit(self.module.arch, g, b, known, self.name)
            if GRID_WORKSPACE in bufs:
                raise UsageError(f"the buffer name {GRID_WORKSPACE} is the cooperative launch's grid workspace")
            bufs[GRID_WORKSPACE] = np.array([8, 0], np.uint32)    # {wsSize, barrier} (driver_abi.h; D10-C-1)
        views = self.device_globals(bufs)       # device globals (GA-5), after the buffers
        bound = self._bind_device_buffers(bufs, pointed, views)
        self._window_buffers(bufs, const)
        if self.stubs:
            launch.setdefault("syscall", runtime.DeviceRuntime(self.stubs))
        if self.entry is not None:
            launch.setdefault("entry", self.entry)
        prog = self._program_at(buffer_addresses(bufs))
        if not launch.get("allow_relocations"):     # located in the listing, not in "<program>" (D15-4)
            check_relocations(prog, self.module.source if self.module.kind != "cubin" else None,
                              self.module.filename + (" (nvdisasm)" if self.module.kind == "cubin" else ""),
                              api=False, note="{names}: the listing does not define these variables (`nvdisasm -plr` "
                              "and `-c` leave out data sections); run the plain nvdisasm listing or the cubin")
        sim = Simulator(self.isa, prog, grid=g, block=b, buffers=bufs, const=const,
                        shared_size=shared_size, local_size=int(local_bytes), cluster=dims, **launch)
        sim.device_runtime = launch.get("syscall")
        #: the caller's arrays named like __device__ variables and the variables' views (D16-4)
        sim.bound_globals = bound
        #: the address of each device global (``__device__`` variable) by symbol (D8-6)
        sim.symbol_addresses = {name: sim.addresses[sec] + off for sym, (sec, off) in self.module.symbols.items()
                                if sec in sim.addresses and not sym.startswith(".") for name in _data_names(sym)}
        self._link(sim, const)
        bank0, layout = self.bank0(params, {**sim.symbol_addresses, **sim.addresses}, g, b, local_bytes,
                                   sim.shared_size)
        bank0 = self._launch_words(sim, bank0, self.abi.cluster_words(g, dims or (1, 1, 1), dims is not None),
                                   cooperative)
        sim.const.set(0, bank0)
        sim.param_layout = layout
        sim.origin = self.origin
        return sim

    def _launch_words(self, sim, bank0: bytes, words: list[tuple[int, int]], cooperative: bool) -> bytes:
        """Bank 0 with the launch's address words: the cluster constants (*words*), the generic
        addresses of the copies of banks 3 and 0 (D11-F-6, D12-C-4) and the grid workspace; the
        copy of bank 0, when the kernel reads its address, gets the final bytes."""
        if CONST_WINDOW in sim.addresses and self.abi.const_window is not None:
            a = sim.addresses[CONST_WINDOW]
            words += [(self.abi.const_window, a & 0xFFFFFFFF), (self.abi.const_window + 4, a >> 32)]
        if cooperative:
            words += self.abi.workspace_words(sim.addresses[GRID_WORKSPACE])
        if PARAM_WINDOW in sim.addresses and self.abi.param_window is not None:
            a = sim.addresses[PARAM_WINDOW]
            if not self.abi.param_window_bank:      # sm_90+: the first parameter's address
                a += self.info.param_base if self.info.param_base is not None else self.abi.params
            words += [(self.abi.param_window, a & 0xFFFFFFFF), (self.abi.param_window + 4, a >> 32)]
        if words:
            patched = bytearray(bank0)
            for off, value in words:
                patched[off:off + 4] = value.to_bytes(4, "little")
            bank0 = bytes(patched)
        if PARAM_WINDOW in sim.addresses:
            sim.buffers[PARAM_WINDOW][:len(bank0)] = np.frombuffer(bank0, np.uint8)
        return bank0

    def _local_bytes(self, local_bytes: int | None) -> int:
        """Each thread's local memory: *local_bytes* checked, or by default 16 KiB or the stack the
        kernel needs when that is more (D15-P-1)."""
        if local_bytes is None:
            local_bytes = max(DEFAULT_LOCAL_BYTES, -(-self.stack_bytes() // 16) * 16)
        if local_bytes < 0 or local_bytes % 16:
            raise UsageError("--local-bytes must be a non-negative multiple of 16")
        if local_bytes >= 1 << 32:      # R1's stack top is a 32-bit word of bank 0 (D16-5)
            raise UsageError(f"--local-bytes {local_bytes}: at most {(1 << 32) - 16} (the stack top is a 32-bit "
                             "word; CUDA gives a thread at most 512 KiB of local memory)")
        return int(local_bytes)

    def _window_buffers(self, bufs: dict, const: dict) -> None:
        """The buffers behind generic pointers to constant memory: a copy of bank 3 (D11-F-6) and
        room for a copy of bank 0, filled once bank 0 is made (D12-C-4), when the code reads them."""
        if self.reads_const_window():
            if CONST_WINDOW in bufs:
                raise UsageError(f"the buffer name {CONST_WINDOW} is the copy of __constant__ memory")
            bufs[CONST_WINDOW] = np.frombuffer(const.get(3, b"") + bytes(16), np.uint8).copy()
        if self.reads_param_window():
            if PARAM_WINDOW in bufs:
                raise UsageError(f"the buffer name {PARAM_WINDOW} is the copy of the kernel's parameters")
            bufs[PARAM_WINDOW] = np.zeros(BANK0_SIZE, np.uint8)

    def _bind_device_buffers(self, bufs: dict, pointed: set, views: dict) -> dict[str, tuple]:
        """A buffer named like one of the module's ``__device__`` variables that no ``ptr:``
        parameter points to initialises that variable (its first bytes, ``cudaMemcpyToSymbol``)
        and is not mapped itself, as ``gpuisa run --buffer NAME`` does (D8-6); :meth:`launch`
        copies the variable back into the array after the run (``cudaMemcpyFromSymbol``). Returns
        name -> (the caller's array, the variable's view) (decision D16-4)."""
        bound: dict[str, tuple] = {}
        for n in [n for n in bufs if n in views and n not in pointed and n not in self.module.globals]:
            arr = bufs.pop(n)
            data = np.ascontiguousarray(arr).view(np.uint8).reshape(-1)
            view = views[n]
            if data.size > view.size:
                raise UsageError(f"buffer {n}: {data.size} bytes, but the __device__ variable {n} has {view.size}")
            view[:data.size] = data
            bound[n] = (arr, view)
        return bound

    def _symbol_buffers(self, bufs: dict, pointed: set, constants: Mapping[str, bytes] | None
                        ) -> Mapping[str, bytes] | None:
        """A buffer named like one of the module's ``__constant__`` variables that no ``ptr:``
        parameter points to sets that variable (``cudaMemcpyToSymbol``), as ``gpuisa run --buffer
        NAME`` does (D8-7): it is taken out of *bufs* and added to *constants*. Before, the API
        mapped it as a global buffer the kernel never reads, and the variable kept its initial
        bytes: a silently wrong answer (decision D16-4)."""
        syms = self.constant_symbols()
        named = [n for n in bufs if n in syms and n not in pointed]
        if not named:
            return constants
        out = dict(constants or {})
        for n in named:
            if n in out:
                raise UsageError(f"the __constant__ variable {n} is given twice: as a buffer and in constants=")
            out[n] = np.ascontiguousarray(bufs.pop(n)).view(np.uint8).tobytes()
        return out

    def _constant_banks(self, constants: Mapping[str, bytes] | None) -> dict[int, bytes]:
        """The module's constant banks but 0, with the ``__constant__`` variables *constants* names
        set (their first bytes; ``cudaMemcpyToSymbol``)."""
        const = {bank: data for bank, data in self.module.banks.items() if bank}
        const.update({bank: data for bank, data in self.info.banks.items() if bank})
        syms = self.constant_symbols()
        if set(constants or ()) - set(syms) and not self.module.has_data and self.module.data_from is None:
            # a cuobjdump listing of a kernel that reads no bank but 0 (the blog's GUPS d_init beside
            # the d_bench that reads c_m2): the host sets the module's variables all the same, and
            # the cubin beside the listing names them (D11-S-4)
            self._data_from_cubin()
            syms = self.constant_symbols()
        for name, data in (constants or {}).items():
            if name not in syms:
                where = "" if self.module.has_data else (
                    "; a cuobjdump -sass listing does not carry them: put the cubin it was made from beside it")
                raise UsageError(f"{self.module.filename}: no __constant__ variable {name!r} (the module's: "
                                 f"{', '.join(sorted(syms)) or 'none'}{where})")
            bank, off, size = syms[name]
            if len(data) > size:
                raise UsageError(f"--buffer {name}: {len(data)} bytes, but the __constant__ variable {name} has {size}")
            patched = bytearray(const.get(bank, b"").ljust(off + size, b"\0"))
            patched[off:off + len(data)] = data
            const[bank] = bytes(patched)
        return const

    def origin(self, pc: int) -> dict:
        """The kernel's name and, for a listing, ``file:line`` of the instruction at *pc*: added to a
        fault report (decision D11-B-8)."""
        out: dict = {"kernel": demangle(self.name)}
        stub = [a for a in self.stubs if a <= pc]
        if stub:        # in the model's stand-in for a runtime function (vprintf, __assertfail): no listing line
            out["function"] = self.stubs[max(stub)]
            return out
        i = (pc - self.program.base) // 16
        records = self.program.records
        if self.module.kind != "cubin" and 0 <= i < len(records) and getattr(records[i], "line", None):
            out["source"] = f"{self.module.filename}:{records[i].line}"
        return out

    def _cluster_dims(self, cluster) -> tuple[int, int, int] | None:
        """The launch's cluster shape: *cluster* (``--cluster``), else the kernel's ``__cluster_dims__``
        (``.nv.info``; a cuobjdump listing's from the cubin beside it), else None (decision D10-C-4)."""
        from ..sim.simulator import _dims
        info = self.info
        if info.cluster is None and not self.module.has_data and self.module.data_from is None and \
                any("UCGABAR" in t for _, t in info.lines):
            self._data_from_cubin()
        given = _dims(cluster, "--cluster") if cluster is not None else None
        if given is not None and self.module.arch < 90:
            raise UsageError(f"kernel {self.name}: thread-block clusters (--cluster) need sm_90 or later; this is "
                             f"sm_{self.module.arch} code")
        if given is not None and info.cluster is not None and given != info.cluster:
            x, y, z = info.cluster
            raise UsageError(f"kernel {self.name} is compiled with __cluster_dims__({x}, {y}, {z}); --cluster "
                             f"{','.join(map(str, given))} differs (CUDA refuses the launch)")
        return given or info.cluster

    def _variable_data(self) -> None:
        """A cuobjdump listing has no data sections: for the kernel's variables, read the cubin
        beside it (CU-10) when the kernel reads a bank other than 0 -- once: the search of the
        directories around the listing is not repeated by every caller (D8-6, D8-7)."""
        if self._variable_data_tried:
            return
        self._variable_data_tried = True
        if not self.module.has_data and self.module.data_from is None and self.info.banks_read() - {0}:
            self._data_from_cubin()

    def constant_symbols(self) -> dict[str, tuple[int, int, int]]:
        """The module's ``__constant__`` variables by name (symbol and C++ name): (bank, offset,
        size) (decision D8-7)."""
        self._variable_data()
        return {name: where for sym, where in self.module.const_symbols.items() for name in _data_names(sym)}

    def bind_variables(self, memory: dict, bufs: dict) -> dict[str, bytes]:
        """``gpuisa run``'s buffers and the kernel's variables (decisions D8-6, D8-7): each
        ``__device__`` and ``__constant__`` variable becomes an entry of *bufs* (name -> the bytes
        dumped), and a buffer the user named like one (in *memory*, what a launch maps; *bufs*,
        its own bytes) is taken out of *memory* and initialises it instead. Returns the
        ``constants=`` of :meth:`simulator`."""
        consts = {}
        for sym, (_bank, _off, size) in self.constant_symbols().items():
            if sym in bufs:     # `--buffer filt=28:file:f.bin`: cudaMemcpyToSymbol
                consts[sym] = memory.pop(sym).view(np.uint8)[:bufs[sym].nbytes].tobytes()
            bufs[sym] = np.zeros(size, np.uint8)      # its bytes after the launch: read_constants
        for sym, view in self.device_globals(memory).items():
            if sym in bufs and sym not in consts:      # `--buffer counter=4:fill:7`
                given = memory.pop(sym).view(np.uint8)[:bufs[sym].nbytes]
                if given.size > view.size:
                    raise UsageError(f"--buffer {sym}: {given.size} bytes, but the device global {sym} has "
                                     f"{view.size}")
                view[:given.size] = given
            bufs[sym] = view
        return consts

    def read_constants(self, sim, bufs: dict) -> None:
        """Copy each ``__constant__`` variable's bytes from *sim*'s banks into its *bufs* entry
        (:meth:`bind_variables`): constant memory does not change during the run."""
        for sym, (bank, off, size) in self.constant_symbols().items():
            data = sim.const.banks.get(bank)
            if data is not None and sym in bufs and sym not in sim.addresses:
                bufs[sym][:] = data[off:off + size]

    def device_globals(self, memory: dict) -> dict[str, np.ndarray]:
        """The device globals (``__device__`` variables, decision GA-5) by symbol name: views into
        the arrays of their sections in *memory* (the name -> array mapping a launch maps; a section
        it lacks is added, holding its initial bytes then zeros). A symbol's view spans the size
        its ``.size`` directive gives, else up to the end of its section (decision D8-6)."""
        self._variable_data()
        for name, (init, size) in self.module.globals.items():
            if size and name not in memory:
                arr = np.zeros(size, np.uint8)
                arr[:len(init)] = np.frombuffer(init, np.uint8)
                for sec, off, n, fn, add in self.module.global_funcs:     # function tables (D13-T-2)
                    if sec == name and off + n <= size:
                        arr[off:off + n] = np.frombuffer(((self._function_address(fn) + add) & ((1 << 8 * n) - 1))
                                                         .to_bytes(n, "little"), np.uint8)
                memory[name] = arr
        views: dict[str, np.ndarray] = {}
        for sym, (sec, off) in self.module.symbols.items():
            if sym.startswith(".") or sec not in memory:
                continue
            arr = memory[sec]
            end = off + self.module.symbol_sizes.get(sym, arr.size - off)
            for name in _data_names(sym):
                views.setdefault(name, arr[off:end])
        return views

    def _function_address(self, name: str) -> int:
        """The program address of function *name*, linked for a device-global table of function
        addresses (``.dword _Z6op_addii`` in ``.nv.global.init``: -G code); a function that is not
        linked is refused rather than left 0, a call to which would restart the kernel (D13-T-2)."""
        at = self.program.symbols.get(name, self._function_bases.get(name))
        if at is None:
            raise UsageError(f"{self.module.filename}: kernel {self.name}: a device global holds the address of "
                             f"{demangle(name)} (.nv.global.init), which is not linked with this kernel"
                             + (" (a cuobjdump listing: run the cubin or its nvdisasm listing)"
                                if self.module.kind == "cuobjdump" else "") + " (decision D13-T-2)")
        return int(at)

    def _link(self, sim, const: dict) -> None:
        """Write the global address of each symbol a constant bank refers to (``.dword
        __cudart_i2opi_f`` in ``.nv.constant4``: the tables of CUDA's math functions, __device__
        variables) into that bank (decision GA-5)."""
        patched: dict[int, bytearray] = {}
        for bank, owner, off, size, sym, addend in self.module.relocs:
            if owner is not None and owner != self.name or bank not in const:
                continue
            sec, soff = self.module.symbols[sym]
            if sec not in sim.addresses:
                continue
            data = patched.setdefault(bank, bytearray(const[bank]))
            value = (sim.addresses[sec] + soff + addend) & ((1 << 8 * size) - 1)
            data[off:off + size] = value.to_bytes(size, "little")
        at = {name: addr for addr, name in self.stubs.items()}
        for bank, owner, off, name in self.module.externs:
            if (owner is None or owner == self.name) and bank in const and name in at:
                data = patched.setdefault(bank, bytearray(const[bank]))
                data[off:off + 8] = at[name].to_bytes(8, "little")      # the stub (D6-cl-7)
        for bank, data in patched.items():
            sim.const.set(bank, bytes(data))

    def stack_bytes(self) -> int:
        """The per-thread stack the kernel needs, its calls included (decision D15-P-1): the largest
        EIATTR_FRAME_SIZE / MIN_STACK_SIZE / MAX_STACK_SIZE of the module's ``.nv.info`` (nvdisasm
        listings, cubins; a cuobjdump listing: the cubin beside it), else the sum of the frames its
        code allocates (``IADD3 R1, R1, -0x5dc0, RZ``, ``VIADD R1, R1, 0xffffa240``: every function's,
        an upper bound).  0 when it has no frame (no code lowers R1: no cubin is looked for)."""
        need = max(self.info.stack, self.info.frame)
        if self.module.kind == "cuobjdump" and not need:
            for m in (m for t in [self.text] + [t for _, t in self._callees] for m in _RE_FRAME.finditer(t)):
                v = int(m.group(2), 16)
                v = -v if m.group(1) else (v - (1 << 32) if v >= 1 << 31 else v)
                need += max(0, -v)
            if need and self._data_from_cubin():
                need = 0            # the cubin's .nv.info (self.info.stack) is exact
        return max(need, self.info.stack)

    def launch(self, **kw):
        """Run to completion; returns the :class:`~gpuisa.sim.simulator.Result`. An array of
        *buffers* named like a ``__device__`` variable (not passed by ``ptr:``) initialised it and
        receives its bytes after the run, as cudaMemcpyTo/FromSymbol would (decision D16-4)."""
        sim = self.simulator(**kw)
        res = sim.run()
        for arr, view in sim.bound_globals.values():
            out = np.asarray(arr)
            if out.flags.writeable and out.flags.c_contiguous:
                dst = out.view(np.uint8).reshape(-1)
                n = min(dst.size, view.size)
                dst[:n] = view[:n]
        return res

    def __repr__(self) -> str:
        return f"<CudaKernel {self.name} sm_{self.module.arch} {len(self.program)} instructions>"


#: a function's frame: R1 (the stack pointer) lowered by a constant, `IADD3 R1, R1, -0x5dc0, RZ`,
#: `IADD3 R1, PT, PT, R1, -0x5dc0, RZ` (sm_120), `VIADD R1, R1, 0xffffa240` (decision D15-P-1)
_RE_FRAME = re.compile(r"\b(?:IADD3|VIADD)\s+R1\s*,\s*(?:PT\s*,\s*PT\s*,\s*)?R1\s*,\s*(-)?\s*0x([0-9a-fA-F]+)\s*[,;]")


#: the buffer names a parameter text points to: `ptr:NAME`, `ptr:NAME+16`, a struct's `ptr:NAME` fields
_RE_PTR_PARAM = re.compile(r"\bptr:([^,+\s]+)")

#: the buffer holding a copy of constant bank 3 for generic pointers to __constant__ data (D11-F-6)
CONST_WINDOW = ".nv.constant3"
#: the buffer holding a copy of constant bank 0 for generic pointers to the parameters (D12-C-4), and its size
PARAM_WINDOW = ".nv.constant0"
BANK0_SIZE = 0x10000


def _align_hint(slot, p) -> str:
    """What to write when a struct of the right size lands short of the kernel's offset: a vector
    type or an alignas struct aligned beyond its fields (``struct@16:...``; D12-C-1)."""
    if slot.param.type != "struct" or slot.param.size != p.size or p.offset <= slot.offset:
        return ""
    n = next((n for n in (2, 4, 8, 16, 32, 64, 128, 256) if -(-slot.offset // n) * n == p.offset), None)
    if n is None:
        return ""
    fields = slot.param.text.partition(":")[2] if slot.param.text else "..."
    return (f"; the kernel's struct is {n}-byte aligned (a float2/int2: 8, a float4/int4/double2 or "
            f"alignas(16) struct: 16): write --param struct@{n}:{fields}")


def _data_names(sym: str) -> list[str]:
    """A device global's names: its symbol, and for a mangled one its C++ name
    (``_ZN5stats5totalE``: ``stats::total``; a variable's mangling has no parameter list)."""
    if sym.startswith("_Z") and sym.endswith("E"):
        return [sym, demangle(sym).removesuffix("()")]
    return [sym]


def _reads_slot(text: str, bank: int, off: int) -> bool:
    """Whether *text* reads the 8-byte constant slot ``c[bank][off]`` that holds a function's address,
    or indexes the bank by a register: a module-wide bank (``.nv.constant4``) lists the functions
    of every kernel, and a kernel that calls none of them must not be refused for another's
    (decision D8-sync-9)."""
    b = f"c[{bank:#x}]["
    i = text.find(b)
    while i >= 0:
        j = text.find("]", i + len(b))
        inner = text[i + len(b):j]
        if not inner.startswith("0x") or int(inner.split("+")[0], 16) in (off, off + 4):
            return True
        i = text.find(b, j)
    return False


#: what only the device linker fills in: nvdisasm's `MOV R20, 32@lo((K + .L_x_0@srel))` and a call of
#: another function's symbol, cuobjdump's `CALL.ABS.NOINC 0x0` (an absolute call not yet relocated)
_RE_RELOCATED = re.compile(r"\b32@(?:lo|hi)\(|\bCALL\.ABS\S*\s+(?:0x0\b|`\()")


#: the relocation types of a code address's low and high words in a `MOV R20, 0x0` (R_CUDA_ABS32_LO_32,
#: R_CUDA_ABS32_HI_32); a call's type differs between targets, its instruction tells it
_R_ABS32_LO, _R_ABS32_HI = 56, 57
_RE_LAST_IMM = re.compile(r"0x[0-9a-fA-F]+(?=\s*;?\s*(?:/\*.*)?$)")


def _externs(module: CudaModule, info: KernelInfo, text: str, direct: Sequence[str] = ()) -> list[str]:
    """The functions kernel *info* (code *text*) calls without defining them (vprintf, __assertfail:
    decision D6-cl-7), and *direct*: those its code calls directly (-G code: D11-F-3)."""
    return sorted({e[3] for e in module.externs
                   if e[1] == info.name or (e[1] is None and _reads_slot(text, e[0], e[2]))} | set(direct))


def _link_cuobjdump(kernel: CudaKernel) -> tuple[list[tuple[int, str]], list[str]] | None:
    """A cuobjdump listing's kernel with the functions it calls by absolute address (nvcc -G and
    -rdc=true code; decision D11-F-3): ``[(first line, text)]``, the kernel's first, each callee's
    after it, and the device-runtime functions it calls directly (their stubs'); None when they
    cannot be linked.  The listing shows those addresses as 0; the
    relocations of the cubin it was made from (found beside it by its code, CU-10) name what they
    are: a call of a function (``CALL.ABS.NOINC 0x0``), a return address (``MOV R20, 0x0`` /
    ``MOV R21, 0x0``: a function plus an offset, low and high words), a device global's address
    (written ``32@lo(NAME)`` here and filled in at launch, as in nvdisasm's text).  Each function
    is assembled at 0 and placed after the one before (its branches are PC-relative); the
    addresses are those of the layout."""
    from .cubin import text_relocations
    from .listing import _RE_LABEL
    module, image = kernel.module, kernel.module.elf_image
    if image is None:
        return None
    relocs = text_relocations(image)
    funcs = [kernel.info]
    funcs += [module.kernels[n] for n in dict.fromkeys(g[3] for g in module.global_funcs)
              if n in module.kernels and n != kernel.info.name]      # device-global function tables (D13-T-2)
    direct: set[str] = set()
    edits: dict[str, dict[int, tuple[str, str, int]]] = {}     # function -> line -> (kind, symbol, addend)
    k = 0
    while k < len(funcs):
        f = funcs[k]
        code = [(ln, t) for ln, t in f.lines if not _RE_LABEL.match(t)]
        mine = edits.setdefault(f.name, {})
        for off, typ, sym, addend in relocs.get(f.name, []):
            if rdc.symbol_value(module, {v.name: 0 for v in module.shared_vars} | dict.fromkeys(
                    module.shared_externs, 0), sym) is not None or _scheduling_only(typ, code, off):
                continue        # a shared or __constant__ variable (_link_cuobjdump_data, D13-T-1)
            if off % 16 or off // 16 >= len(code):
                return None
            ln, t = code[off // 16]
            imm = _RE_LAST_IMM.search(t)
            if imm is None:
                return None
            add = addend if addend is not None else int(imm.group(0), 16)
            if "CALL.ABS" in t and sym in module.kernels:
                mine[ln] = ("call", sym, add)
                if all(g.name != sym for g in funcs):
                    funcs.append(module.kernels[sym])
            elif "CALL.ABS" in t and runtime_function(sym):
                mine[ln] = ("stub", sym, 0)
                direct.add(sym)
            elif typ in (_R_ABS32_LO, _R_ABS32_HI) and sym in module.kernels:
                mine[ln] = ("lo" if typ == _R_ABS32_LO else "hi", sym, add)
                if all(g.name != sym for g in funcs):      # a function pointer
                    funcs.append(module.kernels[sym])
            elif typ in (_R_ABS32_LO, _R_ABS32_HI) and sym in module.symbols and add == 0:
                mine[ln] = ("data-lo" if typ == _R_ABS32_LO else "data-hi", sym, 0)
            else:
                return None
        k += 1
    texts = _function_texts(module, kernel, funcs, edits)
    # sizes: a cuobjdump line is one instruction; the kernel's part ends with its runtime stubs
    stub_prog = kernel.isa.assemble(runtime.stub_text(_externs(module, kernel.info, texts[0][1], sorted(direct))))
    nbytes = [16 * sum(1 for _, t in f.lines if not _RE_LABEL.match(t)) for f in funcs]
    size = [n + (16 * len(stub_prog) if i == 0 else 0) for i, n in enumerate(nbytes)]
    base = {f.name: sum(size[:i]) for i, f in enumerate(funcs)}
    base.update({name: nbytes[0] + stub_prog.symbols[runtime.label(name)] for name in direct})
    kernel._function_bases = base
    out = []
    for f, (first, text) in zip(funcs, texts):
        lines = text.split("\n")
        for ln, (kind, sym, add) in edits[f.name].items():
            t = lines[ln - first]
            m = _RE_LAST_IMM.search(t)
            assert m is not None
            if kind.startswith("data"):
                new = f"32@{kind[5:]}({sym})"
            else:
                a = base[sym] + add
                new = {"call": f"{a:#x}", "stub": f"{a:#x}", "lo": f"{a & 0xFFFFFFFF:#x}", "hi": f"{a >> 32:#x}"}[kind]
            lines[ln - first] = t[:m.start()] + new + t[m.end():]
        out.append((first, "\n".join(lines)))
    return out, sorted(direct)


def _scheduling_only(typ: int, code: list[tuple[int, str]], off: int) -> bool:
    """A relocation of relocatable code the model has nothing to do for: types 68/69 (against no
    symbol) mark a ``YIELD``, which nvlink leaves as it is (D13-T-1)."""
    return typ in (68, 69) and not off % 16 and off // 16 < len(code) and \
        code[off // 16][1].split(";")[0].split()[-1:] == ["YIELD"]


def _function_texts(module: CudaModule, kernel: CudaKernel, funcs: list[KernelInfo],
                    edits: Mapping[str, Mapping[int, tuple[str, str, int]]]) -> list[tuple[int, str]]:
    """The assembler texts ``(first line, text)`` of a cuobjdump listing's kernel and the functions it
    calls (D11-F-3), assembled one by one.  On sm_100+ their uniform registers from UR63 on are
    re-allocated over all of them as one program, as :func:`~gpuisa.cuda.module.link_functions` does
    for an nvdisasm listing (decision D17-4; D12-U-1 refused this), so that a value crossing a call
    keeps one register: the analysis reads that program with a label before each function and its
    calls (``CALL.ABS.NOINC 0x0`` in the listing, *edits* name the callee) written to the label."""
    from .module import _RE_UR60
    if len(funcs) == 1 or module.arch < UR63_ARCH or not any(_RE_UR60.search(t) for f in funcs for _, t in f.lines):
        return [kernel_text(module, f, kernel.isa.db) for f in funcs]
    labels = {f.name: f".L_gpuisa_fn{i}" for i, f in enumerate(funcs)}
    calls = {ln: sym for f in funcs for ln, (kind, sym, _) in edits.get(f.name, {}).items() if kind == "call"}
    used = {ln for f in funcs for ln, _ in f.lines}
    lines = []
    for f in funcs:
        for ln, t in f.lines:
            m = _RE_LAST_IMM.search(t) if ln in calls else None
            lines.append((ln, t[:m.start()] + f"`({labels[calls[ln]]})" + t[m.end():] if m else t))
        at = f.lines[0][0] - 1
        if at in used:      # no free line before it: the calls to it flow anywhere, as any unknown target
            continue
        lines.append((at, f"{labels[f.name]}:"))
    first, text = kernel_text(module, KernelInfo(kernel.info.name, lines=sorted(lines)), kernel.isa.db)
    joint = text.split("\n")
    out = []
    for f in funcs:      # the call lines as the listing has them (their address is patched later)
        out.append(KernelInfo(f.name, lines=[(ln, t if ln in calls else joint[ln - first])
                                             for ln, t in f.lines]).excerpt())
    return out


def _refuse_relocatable(module: CudaModule, info: KernelInfo, lines: list[str]) -> None:
    """Relocatable device code (``nvcc -rdc=true`` / ``-dc``): addresses the device linker writes
    into instructions (return addresses, calls of separately compiled functions) are not applied
    here -- a located error instead of a run with zeros (decision D6-4). *lines*: the source's."""
    from .module import error
    if module.kind == "cuobjdump":
        msg = ("this instruction holds an address the loader or the device linker fills in, which a cuobjdump "
               "listing shows as 0 (nvcc -G and -rdc=true code calls its functions by absolute address); "
               "gpuisa links such calls from the cubin's relocations: run the cubin or its nvdisasm listing, or "
               "put the cubin beside this listing (decision D11-F-3)")
    else:
        msg = ("relocatable device code (nvcc -rdc=true or -dc): this instruction holds an address that only "
               "the device linker fills in (a function or variable this module does not define), and gpuisa "
               "does not link other modules; compile the kernel with nvcc -cubin without -rdc (or link it "
               "with nvlink first)")
    # the kernel's own lines first, then those of the functions it calls
    for ln, t in [*info.lines, *(x for k in module.kernels.values() if k is not info for x in k.lines)]:
        if "32@" not in t and "CALL.ABS" not in t:
            continue
        m = _RE_RELOCATED.search(t)
        at = (m.start(), len(m.group(0))) if m and module.kind == "cuobjdump" else unlinkable(module, t)
        if at is not None:
            src = lines[ln - 1] if 0 < ln <= len(lines) else t
            raise error(msg, module.filename if module.kind != "cubin" else module.filename + " (nvdisasm)",
                        ln, at[0] + 1, src, at[1])


#: tensor-core instructions nvcc emits that the model does not define (decision D10-M-6), by what
#: the listing writes, with what they are: a located refusal naming them rather than "unknown mnemonic"
_UNMODELLED_TENSOR = {
    "GMMA": "the sm_90a warpgroup matrix multiply-accumulate (PTX wgmma.mma_async: HGMMA, IGMMA, QGMMA, "
            "BGMMA), whose operands are shared-memory matrix descriptors and whose accumulators span a "
            "warpgroup of four warps",
    "WARPGROUP": "the warpgroup synchronisation of wgmma (PTX wgmma.fence / commit_group / wait_group)",
    "UTC": "the sm_100a tensor-core instructions of tcgen05 (tensor memory)",
    "HMMA.884": "the m8n8k4 half-precision MMA of sm_70/sm_75 (PTX mma.sync.aligned.m8n8k4 on sm_75: "
                "four quad-pair products in HMMA.884 .STEP0-3; sm_80 and later compile the PTX into other "
                "instructions, which run)",
    "DMMA.16x8x": "sm_90's m16n8k4/k8/k16 double-precision MMA (operands of up to 16 registers)",
}
_RE_UNMODELLED_TENSOR = re.compile(r"\b(?:[HIQBO]GMMA\S*|WARPGROUP\S*|UTC\w*|HMMA\.884\S*|DMMA\.16x8x\S*)")
#: texture and surface instructions (tex1Dfetch, tex2D, surf2Dread/write: a texture or surface object is a
#: handle to a descriptor the driver builds; the model has no notion of one): refused the same way (D10-8)
_TEXTURE_MNEMONICS = ("TEX", "TLD", "TMML", "TXD", "TXQ", "SULD", "SUST", "SUATOM", "SURED", "SUQUERY")
_RE_TEXTURE = re.compile(r"\s*(?:@!?U?P\w+\s+)?((?:" + "|".join(_TEXTURE_MNEMONICS).replace("TLD", "TLD4?")
                         + r")(?:\.\S+)?)\s")
_TEXTURE = ("texture and surface access (tex1Dfetch, tex2D, tex3D, surf2Dread/write and the like: a texture or "
            "surface object is a handle to a descriptor the driver builds, which the model does not have)")


def _refuse_unmodelled_tensor(module: CudaModule, info: KernelInfo, lines: list[str]) -> None:
    """A tensor-core instruction the model does not define: an error at it that names it and says
    what it is (decision D10-M-6), before the assembler's "unknown mnemonic"."""
    from .module import error
    for ln, t in info.lines:
        m = _RE_UNMODELLED_TENSOR.search(t)
        mt = None if m else _RE_TEXTURE.match(t)
        if m or mt:
            src = lines[ln - 1] if 0 < ln <= len(lines) else t
            where = module.filename if module.kind != "cubin" else module.filename + " (nvdisasm)"
            if mt:
                col = src.find(mt.group(1)) + 1 if mt.group(1) in src else mt.start(1) + 1
                raise error(f"{mt.group(1)} is not modelled: {_TEXTURE} (docs/decisions.md D10-8)", where, ln,
                            col, src, len(mt.group(1)))
            assert m is not None
            what = next(v for k, v in _UNMODELLED_TENSOR.items() if k in m.group(0))
            raise error(f"{m.group(0)} is not modelled: {what} (docs/decisions.md D10-M-6)", where,
                        ln, m.start() + 1, src, len(m.group(0)))


def _cubin_of_binary(data: bytes, filename: str, arch: int | None,
                     kernel: str | None) -> tuple[bytes, str, list[int]]:
    """The cubin of a host binary to run: ``(bytes, label, the binary's other targets)``."""
    from .fatbin import FATBIN_MAGIC, embedded_cubins
    cubins = embedded_cubins(data)
    if not cubins:
        why = ("its fat binary holds no uncompressed cubin (PTX only, or compressed by nvcc)"
               if FATBIN_MAGIC in data else "it holds no CUDA code")
        raise UsageError(f"{filename}: a host binary, but {why}; extract its cubins with "
                         f"`cuobjdump -xelf all {filename}` and run one of them"
                         + (f", or its PTX with `cuobjdump -xptx all {filename}` and run that (nvcc compiles it: "
                            f"decision D15-5)" if FATBIN_MAGIC in data else ""))
    archs = list(dict.fromkeys(c.arch for c in cubins))
    if arch is None:
        arch = archs[0]
    elif arch not in archs:
        raise UsageError(f"{filename}: no code for sm_{arch}; it holds "
                         + ", ".join(f"sm_{a}" for a in archs))
    mine = [c for c in cubins if c.arch == arch]
    pick = mine[0] if len(mine) == 1 else _cubin_with_kernel(mine, kernel, f"{filename} (sm_{arch})")
    return pick.data, f"{filename} (sm_{arch} cubin at 0x{pick.offset:x})", [a for a in archs if a != arch]


def _cubin_with_kernel(cubins: list, kernel: str | None, label: str):
    """Of several cubins of one target (translation units), the one holding *kernel* (chosen by
    :meth:`CudaModule.kernel` among all their kernels: a ``.text.NAME`` with a ``.nv.info.NAME``)."""
    from .cubin import EXTRA, elf_sections
    try:
        from elftools.common.exceptions import ELFError
    except ImportError:
        raise UsageError(f"{label}: reading a cubin needs pyelftools and nvdisasm: {EXTRA}") from None
    which: dict[str, int] = {}
    for i, c in enumerate(cubins):
        try:
            secs = elf_sections(c.data, label)[1]
        except ELFError as e:
            raise UsageError(f"{label}: the cubin at 0x{c.offset:x} is not a readable ELF file ({e})") from None
        for sec in secs:
            name = sec[len(".text."):]
            if sec.startswith(".text.") and f".nv.info.{name}" in secs:
                which.setdefault(name, i)
    names = CudaModule("binary", label, cubins[0].arch, {n: KernelInfo(n) for n in which})
    return cubins[which[names.kernel(kernel).name]]


def _subdirs(d: Path) -> list[Path]:
    try:
        return sorted(p for p in d.iterdir() if p.is_dir())
    except OSError:
        return []


def _dirs_near(path: Path) -> list[Path]:
    """Where the files a listing was made from may lie, in this order: the listing's directory,
    its subdirectories (``k.cuobjdump`` beside ``cubin/k.cubin``), its parent and the parent's
    other subdirectories (``cuobjdump/k.txt`` beside ``cubin/k.cubin``), then the same place in
    a parallel tree (``cuobjdump/sm_80/k.txt`` beside ``cubin/sm_80/k.cubin``); each in name
    order.  Never above the file system's root."""
    here = path.resolve().parent
    up = here.parent
    dirs = [here] + _subdirs(here)
    if up != here and up != Path(up.anchor):
        dirs += [up] + [d for d in _subdirs(up) if d != here]
        top = up.parent
        if top != up and top != Path(top.anchor):
            dirs += [d / here.name for d in _subdirs(top) if d != up and (d / here.name).is_dir()]
    return list(dict.fromkeys(dirs))


def _cubins_near(path: Path, limit: int = 512) -> Iterator[Path]:
    """Where the cubin a listing was made from may be (:func:`_dirs_near`): the ``.cubin`` named like
    the listing beside it (``k.cuobjdump`` -> ``k.cubin``), then those named like it
    (``k.sm_80.cubin``) in any of those directories, then every other one; at most *limit* files.
    Lazily: the directories are read only when the first candidate is not the one."""
    first = path.with_suffix(".cubin")
    yield first
    found: list[Path] = []
    for d in _dirs_near(path):
        try:
            found += sorted(d.glob("*.cubin"))
        except OSError:
            continue
    stem = path.name.split(".")[0]
    rest = [p for p in found if p.name.split(".")[0] == stem] + found
    yield from itertools.islice((p for p in dict.fromkeys(rest) if p != first), limit - 1)


#: a host binary larger than this is not searched for the cubins of a listing beside it
_BINARY_LIMIT = 256 << 20


def _binaries_near(path: Path, limit: int = 512) -> list[Path]:
    """Host binaries built by nvcc (executables, libraries, objects, fat binaries) where
    :func:`_cubins_near` looks, those named like the listing first (``app.cuobjdump`` ->
    ``app``, ``app.*``); at most *limit* files looked at, none larger than 256 MiB."""
    from .fatbin import is_host_binary
    stem = path.name.split(".")[0]
    files: list[Path] = []
    for d in _dirs_near(path):
        try:
            files += sorted((p for p in d.iterdir() if p.suffix != ".cubin" and p != path),
                            key=lambda p: (p.name.split(".")[0] != stem, p.name))[:limit - len(files)]
        except OSError:
            continue
    files.sort(key=lambda p: p.name.split(".")[0] != stem)     # stable: named like the listing first
    out = []
    for p in files:
        try:
            if not p.is_file() or p.stat().st_size > _BINARY_LIMIT:
                continue
            with p.open("rb") as f:
                if is_host_binary(f.read(64)):
                    out.append(p)
        except OSError:
            continue
    return out


def cubin_images_near(path: Path):
    """``(label, bytes)`` of every cubin near a listing (:func:`_cubins_near`), then of the cubins
    inside the host binaries near it (:func:`_binaries_near`; decision D9-1); lazily: a binary is
    read only when no cubin before it was the one."""
    from .fatbin import embedded_cubins
    for cand in _cubins_near(path):
        try:
            yield str(cand), cand.read_bytes()
        except OSError:
            continue
    for cand in _binaries_near(path):
        try:
            data = cand.read_bytes()
        except OSError:
            continue
        for e in embedded_cubins(data):
            yield f"{cand} (sm_{e.arch} cubin at 0x{e.offset:x})", e.data


def acceptance(isa, module: CudaModule) -> dict[str, tuple[int, list[int]]]:
    """Per kernel: (instruction lines, line numbers the assembler rejects) -- the
    share of a listing accepted unchanged (``tests/cuda/test_acceptance.py``)."""
    from ..errors import AsmError
    from .listing import _RE_LABEL
    out = {}
    for name, info in module.kernels.items():
        n = sum(1 for _, t in info.lines if not _RE_LABEL.match(t))
        try:
            first, text = kernel_text(module, info, isa.db)
            if "32@" in text or "CALL.ABS" in text:     # -G / -rdc code: with the functions it calls (D11-F-3)
                linked = link_functions(module, info, isa.db)
                if linked is not None:
                    first, text = linked[0], RE_DATA_ADDR.sub("0x0", linked[1]) + runtime.stub_text(linked[3])
            if module.relocatable:      # shared and __constant__ symbols (D13-T-1)
                text, _size = rdc.link_kernel(module, info, text, first)
            isa.assemble(text, filename=module.filename, first_line=first)
            bad: list[int] = []
        except UsageError:        # UR63+ of sm_100+ that cannot be renamed: their lines (decision CU-9)
            bad = [ln for ln, t in info.lines if names_high_ur(t)]
        except AsmError as e:
            own = {ln for ln, _ in info.lines}
            bad = sorted({d.coord.line for d in e.errors if d.coord is not None and d.coord.line in own})
            extra = (e.total_errors or len(e.errors)) - len(e.errors)
            bad += [0] * max(0, extra)      # errors beyond the assembler's report limit (lines unknown)
        out[name] = (n, bad)
    return out


def load_cuda(isa, source: str | Path | bytes, kernel: str | None = None, *, filename: str | None = None,
              arch: int | str | None = None) -> CudaKernel:
    """Read a CUDA input (a path, or the bytes/text of one) and assemble *kernel*
    (mangled or demangled name; default: the only kernel). *arch*: a host binary's target
    (``"sm_90"`` or 90; default its first)."""
    data: str | bytes
    if isinstance(source, Path) or (isinstance(source, str) and "\n" not in source):
        path = Path(source)
        try:
            data = path.read_bytes()
        except OSError as e:
            raise UsageError(f"cannot read {source}: {e.strerror}") from None
        filename = filename or str(source)
    else:
        data = source
        filename = filename or "<input>"
    mod = read_module(data, filename, arch=target_number(arch) if isinstance(arch, str) else arch, kernel=kernel)
    return CudaKernel(isa, mod, mod.kernel(kernel))


def target_number(arch: str) -> int:
    """``sm_90`` (or ``90``, ``sm_90a``) -> 90."""
    m = re.fullmatch(r"(?:sm_?)?(\d+)[af]?", arch.strip().lower())
    if not m:
        raise UsageError(f"--arch {arch!r}: expected a target such as sm_90")
    return int(m.group(1))
