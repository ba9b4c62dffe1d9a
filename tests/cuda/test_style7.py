"""Front-end findings of the seventh discovery round's second-author corpus (decisions D7-style-N)."""
from __future__ import annotations

from gpuisa.cuda.module import kernel_aliases


def test_template_literal_suffixes_are_optional_in_kernel_names():
    """D7-style-3: c++filt prints `reduce_seq<256u>` for `template <unsigned BS>`; the source's
    `reduce_seq<256>` names the kernel too (with and without the parameter list)."""
    a = kernel_aliases("_Z10reduce_seqILj256EEvPKiPxj")
    assert {"reduce_seq<256u>", "reduce_seq<256>", "reduce_seq<256>(intconst*,longlong*,unsignedint)"} <= a
    b = kernel_aliases("_Z5shiftILl3ELm7EEvPi")                  # long 3, unsigned long 7
    assert "shift<3l,7ul>" in b and "shift<3,7>" in b
    assert "int2" in "".join(kernel_aliases("_Z3foo4int2"))        # identifiers keep their digits


def test_nvdisasm_hex_listing(tmp_path):
    """D7-style-15: `nvdisasm -hex` prints each 128-bit encoding as two comments, the second on a line
    of its own (`/* 0x000fe400078e00ff */`); the listing reads as the plain one does."""
    import re
    from pathlib import Path

    import gpuisa
    from gpuisa.cuda import load_cuda
    isa = gpuisa.load_isa()
    src = Path(__file__).resolve().parent / "corpus" / "sm_80" / "vector_add.nvdisasm"
    out = []
    for line in src.read_text().splitlines():
        if re.match(r"^\s*/\*[0-9a-f]{4}\*/", line) and line.rstrip().endswith(";"):    # instructions only
            out.append(line.rstrip() + "    /* 0x00000a00ff017624 */")
            out.append(" " * 102 + "/* 0x000fe400078e00ff */")
        else:
            out.append(line)
    hexed = tmp_path / "vector_add_hex.nvdisasm"
    hexed.write_text("\n".join(out) + "\n")
    a, b = load_cuda(isa, src, "vector_add"), load_cuda(isa, hexed, "vector_add")
    assert a.program.data == b.program.data
