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
