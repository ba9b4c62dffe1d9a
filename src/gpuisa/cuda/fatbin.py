"""Cubins inside a host binary: an executable, shared library or object file that nvcc
built (``nvcc -o app k.cu``), or a ``.fatbin`` file (``nvcc -fatbin``).

nvcc embeds each target's cubin in the host ELF's fat binary (section ``.nv_fatbin``) as a
whole CUDA ELF.  They are found by their ELF header (``EM_CUDA``) and cut out by their
section and program header tables; the header alone says how long each is.  Compressed
entries (``nvcc --compress-mode``, ``-Xfatbin -compress-all``) have no ELF header to find:
the error then names ``cuobjdump -xelf all``, which writes them out as cubins (decision D9-1).
"""
from __future__ import annotations

import struct
from dataclasses import dataclass

#: ``e_machine`` of a CUDA ELF
EM_CUDA = 190
#: the first word of a fat binary (little-endian ``0xBA55ED50``)
FATBIN_MAGIC = b"\x50\xed\x55\xba"
ELF_MAGIC = b"\x7fELF"


@dataclass(frozen=True)
class Embedded:
    """One cubin inside a host binary: its offset in the file, target and bytes."""
    offset: int
    arch: int
    data: bytes


def is_host_binary(data: bytes) -> bool:
    """A host ELF (an executable, library or object: any machine but ``EM_CUDA``) or a fat binary."""
    if data[:4] == FATBIN_MAGIC:
        return True
    return data[:4] == ELF_MAGIC and len(data) >= 20 and _machine(data, 0) not in (EM_CUDA, None)


def _machine(data: bytes, at: int) -> int | None:
    if len(data) < at + 20 or data[at + 5] not in (1, 2):
        return None
    return struct.unpack_from("<H" if data[at + 5] == 1 else ">H", data, at + 18)[0]


def _cuda_elf_size(data: bytes, at: int) -> int | None:
    """The length of the 64-bit little-endian CUDA ELF at *at*, or None when the header there
    is not one (or its tables run past the end of *data*)."""
    if len(data) < at + 64 or data[at + 4] != 2 or data[at + 5] != 1 or _machine(data, at) != EM_CUDA:
        return None
    phoff, shoff = struct.unpack_from("<QQ", data, at + 32)
    phentsize, phnum, shentsize, shnum = struct.unpack_from("<HHHH", data, at + 54)
    if shentsize != 64 or shnum == 0:
        return None
    end = max(64, shoff + shnum * shentsize, phoff + phnum * phentsize if phnum else 0)
    if at + end > len(data):
        return None
    for i in range(shnum):      # a section's data may follow the table
        sh_type, = struct.unpack_from("<I", data, at + shoff + i * 64 + 4)
        off, size = struct.unpack_from("<QQ", data, at + shoff + i * 64 + 24)
        if sh_type != 8:        # SHT_NOBITS has no bytes in the file
            end = max(end, off + size)
    return end if at + end <= len(data) else None


def embedded_cubins(data: bytes) -> list[Embedded]:
    """Every uncompressed cubin in *data* (a host binary or fat binary), in file order."""
    from .cubin import elf_arch
    out = []
    at = data.find(ELF_MAGIC, 1)
    while at != -1:
        size = _cuda_elf_size(data, at)
        if size is None:
            at = data.find(ELF_MAGIC, at + 1)
            continue
        flags, = struct.unpack_from("<I", data, at + 48)
        out.append(Embedded(at, elf_arch(flags, data[at + 8]), data[at:at + size]))
        at = data.find(ELF_MAGIC, at + size)
    return out
