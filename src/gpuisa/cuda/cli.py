"""Command-line glue: ``gpuisa asm`` and ``gpuisa run`` take CUDA inputs through
:data:`gpuisa.clikit.INPUT_READERS` (registered by :mod:`gpuisa.cli`)."""
from __future__ import annotations

import re
import sys

from ..clikit import BINARY_SUFFIXES, CUDA_SOURCE_OPTIONS, NV_TOOLS, NVDISASM_JSON
from ..errors import UsageError
from . import CudaKernel, detect, read_module, target_number
from .nvcc import ptx_target


_RE_TOOL_MESSAGE = re.compile(rb"\s*(" + NV_TOOLS + rb")\s+(fatal|error)\b[^\n]*")


def _refuse_tool_message(path: str, data: bytes) -> None:
    """A file holding an NVIDIA tool's error message where its listing was redirected
    (``nvdisasm old.cubin > k.nvdisasm`` for a target the tool no longer reads), nvdisasm's
    JSON output or cuobjdump's PTX (``cuobjdump -ptx``, D22-4) is not assembly of this ISA: say
    what it is instead of an error at its first operand."""
    if data[:64].lstrip().startswith(NVDISASM_JSON) and b'"sass-instructions"' in data:
        raise UsageError(f"{path}:1:1: this is `nvdisasm -json` output, which gpuisa does not read (it has no "
                         f"constant banks, parameter table or branch labels): give the cubin, or nvdisasm's "
                         f"text listing (`nvdisasm FILE.cubin`)")
    head = data[:65536]
    if b"Fatbin ptx code:" in head and b".version" in head and not re.search(rb"^\s*code for sm_", head, re.M):
        line = head[:head.index(b"Fatbin ptx code:")].count(b"\n") + 1
        raise UsageError(f"{path}:{line}:1: this is `cuobjdump -ptx` output: PTX, which this ISA's model does not "
                         f"run as such; give `cuobjdump -sass` output or the cubin, or save the PTX (from its "
                         f"`.version` line on) as a .ptx file, which gpuisa compiles with nvcc")
    m = _RE_TOOL_MESSAGE.match(data[:2000])
    if m:
        text = m.group(0).decode("utf-8", "replace").strip()
        raise UsageError(f"{path}:1:1: this is {m.group(1).decode()}'s error message, not a listing: {text}")


def _refuse_damaged_binary(path: str, data: bytes) -> None:
    """A ``.cubin`` (or executable, object, fat binary) whose magic number is damaged would be read as
    assembly text and refused at an invalid UTF-8 byte somewhere in it: say what is wrong (D11-B-5)."""
    if not path.lower().endswith(BINARY_SUFFIXES):
        return
    if not data:
        raise UsageError(f"{path}: the file is empty (0 bytes): not a cubin")
    if b"\0" not in data[:4096] and data[:4] != b"\x7fELF"[:len(data[:4])]:
        return      # text (a listing saved under that name is detected by content; this is assembly)
    head = " ".join(f"{b:02x}" for b in data[:4])
    raise UsageError(f"{path}: not a cubin, fat binary or executable: a cubin is an ELF file, which begins "
                     f"7f 45 4c 46 (\\x7fELF) at offset 0, and a fat binary 50 ed 55 ba; this file "
                     f"({len(data)} bytes) begins {head}")


def read_input(isa, path: str, data: bytes, kernel: str | None, *, arch: str | None = None,
               nvcc_flags: tuple[str, ...] = ()) -> CudaKernel | None:
    """The kernel of a CUDA input, assembled; None when *data* is not one. A ``.cu`` source is
    first compiled with nvcc for *arch* (D8-9); of a host binary (an executable built by nvcc),
    *arch* chooses the target among its cubins (D9-1)."""
    target = None
    kind = detect(data)
    ptx = ptx_target(data) if kind is None else None
    if kind is None and (path.endswith(".cu") or ptx):
        # a CUDA source, or PTX (for its own .target unless --arch names another: D15-5), through nvcc
        from .nvcc import DEFAULT_FLAGS, compile_cubin
        if ptx and arch and target_number(arch) < target_number(ptx):
            raise UsageError(f"--arch {arch}: {path} is PTX for {ptx} (its .target), which code for an older "
                             f"target cannot run; give --arch {ptx} or a later one, or none")
        data, cmd = compile_cubin(path, arch or ptx, tuple(nvcc_flags) or DEFAULT_FLAGS, ptx=data if ptx else None)
        print(f"note: compiled with {' '.join(cmd)}", file=sys.stderr)
        path = f"{path if path != '-' else '<stdin>'} ({cmd[2] if arch or ptx else 'nvcc'})"
        kind = "cubin"
    elif kind in ("binary", "cuobjdump") and not nvcc_flags:
        target = None if arch is None else target_number(arch)
    elif arch is not None or nvcc_flags:
        raise UsageError(f"{CUDA_SOURCE_OPTIONS}; {path} is {'a compiled input' if kind else 'not one'}")
    if kind is None:
        _refuse_tool_message(path, data)
        _refuse_damaged_binary(path, data)
        return None
    name = path if path != "-" else "<stdin>"
    mod = read_module(data, name, arch=target, kernel=kernel)
    if mod.other_archs:     # a fat binary or its listing: say which code runs (decisions CU8, D9-1)
        others = ", ".join(f"sm_{a}" for a in mod.other_archs)
        how = " (the first); choose one with --arch sm_XX" if target is None else " (--arch)"
        print(f"note: {name} holds code for sm_{mod.arch} and {others}; using sm_{mod.arch}{how}", file=sys.stderr)
    info = mod.kernel(kernel)
    nans = [ln for ln, t in info.lines if "QNAN" in t]
    if nans and mod.kind == "nvdisasm":     # no cubin with the same code near the listing (decision CU-11)
        more = f" and {len(nans) - 1} more line{'s' if len(nans) > 2 else ''}" if len(nans) > 1 else ""
        print(f"note: {name}:{nans[0]}{more}: nvdisasm prints a float immediate with a NaN's exponent as "
              f"+QNAN/-QNAN and drops its bits (also a double's +-INF high word, 0x7ff00000/0xfff00000); "
              f"no cubin with this code is beside the listing, so each is taken as 0x7fffffff/0xffffffff "
              f"(a NaN), and a special value such as log(0.0) may come out NaN: put the cubin beside the "
              f"listing, or run the cubin (decision CU-11)", file=sys.stderr)
    return CudaKernel(isa, mod, info)
