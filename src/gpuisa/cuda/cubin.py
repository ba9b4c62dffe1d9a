"""A cubin (CUDA ELF) read with pyelftools: target architecture from the ELF
flags, kernels from ``.text.NAME``, constant banks, ``.nv.info.NAME``
attributes and ``.nv.shared.NAME`` sizes.  The instruction text comes from
running ``nvdisasm`` on the file (the ``gpuisa[cuda]`` extra installs it)."""
from __future__ import annotations

import io
import re
import shutil
import subprocess
import sysconfig
import tempfile
from pathlib import Path

from ..errors import UsageError
from .listing import nan_immediate, parse_nvdisasm
from .module import CudaModule, parse_nv_info

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


def read_cubin(data: bytes, filename: str) -> CudaModule:
    try:
        from elftools.common.exceptions import ELFError
        from elftools.elf.elffile import ELFFile
    except ImportError:
        raise UsageError(f"{filename}: reading a cubin needs pyelftools and nvdisasm: {EXTRA}") from None
    try:
        elf = ELFFile(io.BytesIO(data))
        if elf.header.e_machine not in ("EM_CUDA", 190):
            raise UsageError(f"{filename}: ELF for machine {elf.header.e_machine}, not a CUDA cubin (EM_CUDA)")
        arch = elf_arch(elf.header.e_flags, elf.header.e_ident["EI_ABIVERSION"])
        secs = {s.name: s for s in elf.iter_sections()}
    except ELFError as e:
        raise UsageError(f"{filename}: not a readable ELF file ({e})") from None
    from .abi import abi_for
    abi_for(arch, filename)          # an unsupported target: say so before running nvdisasm
    tool = find_nvdisasm()
    if tool is None:
        raise UsageError(f"{filename}: a cubin's instructions are read with nvdisasm, which is not installed: "
                         f"{EXTRA} (or give the nvdisasm / cuobjdump -sass listing instead)")
    try:
        with tempfile.TemporaryDirectory(prefix="gpuisa-cubin-") as tmp:
            path = Path(tmp) / "input.cubin"
            path.write_bytes(data)
            res = subprocess.run([tool, str(path)], capture_output=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired) as e:
        raise UsageError(f"{filename}: running {tool} failed: {e}") from None
    if res.returncode:
        msg = res.stderr.decode("utf-8", "replace").strip().splitlines()
        raise UsageError(f"{filename}: nvdisasm cannot read this cubin (sm_{arch}): "
                         f"{msg[-1] if msg else f'exit {res.returncode}'}")
    text = res.stdout.decode("utf-8", "replace")
    mod = parse_nvdisasm(text, filename + " (nvdisasm)", code=False)
    mod.kind, mod.filename, mod.arch = "cubin", filename, arch
    if "QNAN" in text:
        _nan_immediates(mod, text.split("\n"), secs)
    if ".nv.global.init" in secs or ".nv.global" in secs:     # device globals: symbols and their uses (GA-5)
        full = parse_nvdisasm(text, filename + " (nvdisasm)")
        mod.globals, mod.symbols, mod.relocs = full.globals, full.symbols, full.relocs
    for name, k in mod.kernels.items():
        info = secs.get(f".nv.info.{name}")
        if info is not None:
            parse_nv_info(info.data(), k, filename)
        sh = secs.get(f".nv.shared.{name}")
        k.shared = sh["sh_size"] if sh is not None else 0
        c0 = secs.get(f".nv.constant0.{name}")
        if c0 is not None:
            k.const0 = c0["sh_size"]
        for sname, s in secs.items():
            m = re.match(r"\.nv\.constant(\d+)\." + re.escape(name) + r"$", sname)
            if m and int(m.group(1)):
                k.banks[int(m.group(1))] = _data(s)
    for sname, s in secs.items():
        m = re.match(r"\.nv\.constant(\d+)$", sname)
        if m:
            mod.banks[int(m.group(1))] = _data(s)
    return mod


def _nan_immediates(mod: CudaModule, text: list[str], secs: dict) -> None:
    """nvdisasm prints every quiet-NaN float immediate as ``+QNAN``/``-QNAN``: take its bits
    from the instruction's encoding in ``.text.NAME`` (decision D5-5)."""
    for name, k in mod.kernels.items():
        sec = secs.get(f".text.{name}")
        if sec is None:
            continue
        data = sec.data()
        for i, (ln, t) in enumerate(k.lines):
            m = _RE_ADDR_COMMENT.search(text[ln - 1]) if "QNAN" in t else None
            if m and int(m.group(1), 16) + 8 <= len(data):
                at = int(m.group(1), 16)
                k.lines[i] = (ln, nan_immediate(t, int.from_bytes(data[at:at + 8], "little")))


_RE_ADDR_COMMENT = re.compile(r"/\*([0-9a-fA-F]{4,})\*/")


def _data(s) -> bytes:
    return bytes(s["sh_size"]) if s["sh_type"] == "SHT_NOBITS" else s.data()
