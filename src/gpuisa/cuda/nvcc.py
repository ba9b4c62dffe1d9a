"""CUDA C++ sources (``gpuisa run kernel.cu``) and PTX (``gpuisa run kernel.ptx``): compiled with the
installed ``nvcc`` into a cubin, which is then read like any other (decisions D8-9, D15-5). The
product never needs nvcc: this is a convenience for people who have it; without it, a clear error."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from ..errors import UsageError

#: what ``gpuisa run`` passes when no ``--nvcc-flag`` is given: the corpus's and the issue's -O3
DEFAULT_FLAGS = ("-O3",)


def find_nvcc() -> str | None:
    """``nvcc`` on PATH, else under ``$CUDA_HOME`` / ``$CUDA_PATH`` / /usr/local/cuda."""
    found = shutil.which("nvcc")
    if found:
        return found
    for root in (os.environ.get("CUDA_HOME"), os.environ.get("CUDA_PATH"), "/usr/local/cuda"):
        if root and (Path(root) / "bin" / "nvcc").is_file():
            return str(Path(root) / "bin" / "nvcc")
    return None


#: PTX text: a ``.version`` directive, then ``.target`` (the first directives of every PTX module)
_RE_PTX = re.compile(rb"\A(?:\s|//[^\n]*\n|/\*.*?\*/)*\.version\s+\d+\.\d+\s.*?^\s*\.target\s+(sm_\w+)",
                     re.S | re.M)


def ptx_target(data: bytes) -> str | None:
    """The ``.target sm_XX`` of PTX text (the first 64 KiB of a file), or None when *data* is not PTX."""
    m = _RE_PTX.match(data[:65536])
    return m.group(1).decode() if m else None


def compile_cubin(source: str, arch: str | None = None, flags: tuple[str, ...] = DEFAULT_FLAGS,
                  timeout: int = 600, ptx: bytes | None = None) -> tuple[bytes, list[str]]:
    """``(cubin bytes, the nvcc command)`` of the CUDA source file *source* (or of the PTX text *ptx*
    read from it):
    ``nvcc -cubin [-arch=ARCH] FLAGS -o TMP source`` (nvcc's own default target without *arch*).
    A compile error is a :class:`UsageError` carrying nvcc's messages (file(line): error ...)."""
    nvcc = find_nvcc()
    if nvcc is None:
        raise UsageError(f"{source}: a CUDA source or PTX needs nvcc to compile it, and none was found (PATH, "
                         f"$CUDA_HOME/bin, /usr/local/cuda/bin); give the cubin or an nvdisasm / cuobjdump "
                         f"listing instead")
    if arch is not None and not arch.replace("_", "").isalnum():
        raise UsageError(f"--arch {arch!r}: expected a target such as sm_90")
    with tempfile.TemporaryDirectory(prefix="gpuisa-nvcc-") as tmp:
        out = Path(tmp) / (Path(source).stem + ".cubin")
        src = Path(source).resolve()
        if ptx is not None:     # nvcc knows PTX by its file name only (no `-x ptx`); stdin has none
            src = Path(tmp) / ((Path(source).stem if source != "-" else "stdin") + ".ptx")
            src.write_bytes(ptx)
        cmd = [nvcc, "-cubin", *([f"-arch={arch}"] if arch else []), *flags, "-o", str(out), str(src)]
        try:
            res = subprocess.run(cmd, capture_output=True, timeout=timeout, cwd=tmp)
        except subprocess.TimeoutExpired:
            raise UsageError(f"{source}: nvcc did not finish in {timeout} s") from None
        except OSError as e:
            raise UsageError(f"{source}: running nvcc failed: {e.strerror or e}") from None
        if res.returncode or not out.is_file():
            msg = (res.stderr or res.stdout).decode("utf-8", "replace").strip()
            raise UsageError(f"{source}: nvcc failed (exit {res.returncode}):\n{msg}")
        shown = ["nvcc", *cmd[1:-3], source]
        return out.read_bytes(), shown
