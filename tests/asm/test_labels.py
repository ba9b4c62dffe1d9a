"""Plain label names as branch/call targets (issue 10): `@P0 BRA ODD ;` is `@P0 BRA `(ODD) ;`."""
from __future__ import annotations

import pytest

from gpuisa.asm.assembler import assemble, encode_one
from gpuisa.asm.cli import program_listing
from gpuisa.errors import AsmError


def _words(db, text):
    return assemble(db, text).words


@pytest.mark.parametrize("plain, ticked", [
    ("@P0 BRA ODD ;", "@P0 BRA `(ODD) ;"),
    ("@!P1 BRA.DIV ODD ;", "@!P1 BRA.DIV `(ODD) ;"),
    ("BRA .L_x_1 ;", "BRA `(.L_x_1) ;"),
    ("BSSY B0, L ;", "BSSY B0, `(L) ;"),            # L is also a SHFDir value name (SHFL.L): the label wins here
    ("CALL.REL ODD ;", "CALL.REL `(ODD) ;"),
])
def test_plain_label_equals_backtick_form(shipped_db, plain, ticked):
    tail = "EXIT ;\nODD:\nEXIT ;\n.L_x_1:\nL:\nEXIT ;\n"
    a = _words(shipped_db, f"{plain}\n{tail}")
    b = _words(shipped_db, f"{ticked}\n{tail}")
    assert a == b
    # independent check of the PC-relative encoding for BRA: TargetPC = PC + 16 + offset*16
    if "BRA" in plain and "ODD" in plain:
        offset = (a[0] >> 32) & ((1 << 50) - 1)
        assert 0x0 + 16 + 16 * offset == 0x20


def test_undefined_label_suggests_nearest(shipped_db):
    with pytest.raises(AsmError) as ei:
        assemble(shipped_db, "@P0 BRA ODX ;\nEXIT ;\nODD:\nEXIT ;\n", filename="l.s")
    msg = ei.value.errors[0].format()
    assert "l.s:1:9: error: undefined label 'ODX'" in msg
    assert "did you mean 'ODD'?" in msg


def test_encode_one_plain_label_is_undefined(shipped_db):
    with pytest.raises(AsmError, match="undefined label 'ODD'"):
        encode_one(shipped_db, "@P0 BRA ODD ;")


def test_register_typo_is_not_a_label(shipped_db):
    """A plain name is read as a label only where a code address is expected: `MOV R1, RX`
    stays an error about the operand (not a relocation of symbol RX)."""
    with pytest.raises(AsmError) as ei:
        assemble(shipped_db, "MOV R1, RX ;\nEXIT ;\n")
    assert "label" not in str(ei.value.errors[0].message)


def test_listing_without_labels_has_no_empty_symbols_heading(shipped_db):
    text = program_listing(assemble(shipped_db, "EXIT ;\n"))
    assert "// symbols" not in text and not text.endswith("\n\n")
    assert "// symbols\n//   ODD = 0x0010" in program_listing(assemble(shipped_db, "EXIT ;\nODD:\nEXIT ;\n"))
