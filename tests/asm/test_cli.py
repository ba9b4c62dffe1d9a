"""``gpuisa asm`` / ``gpuisa dis``: files, stdin/stdout, exit status, no tracebacks."""
from __future__ import annotations

import json

from click.testing import CliRunner

from gpuisa.cli import main

SRC = "S2R R1, SR_LANEID ;\n.L: @P0 BRA `(.L)\nCALL.ABS `(.Ext)\nEXIT\n"


def run(*args, input=None):
    r = CliRunner().invoke(main, list(args), input=input)
    assert r.exception is None or isinstance(r.exception, SystemExit), r.exc_info
    return r


def test_asm_dis_roundtrip(tmp_path):
    src = tmp_path / "p.s"
    src.write_text(SRC)
    out = tmp_path / "p.bin"
    lst = tmp_path / "p.lst"
    r = run("asm", str(src), "-o", str(out), "--listing", str(lst))
    assert r.exit_code == 0, r.output
    data = out.read_bytes()
    assert len(data) == 64
    listing = lst.read_text()
    assert "// relocations" in listing and ".Ext" in listing and ".L = 0x0010" in listing
    r = run("dis", str(out), "--labels")
    assert r.exit_code == 0
    assert ".L_x_0:" in r.output and "@P0 BRA `(.L_x_0) ;" in r.output
    src2 = tmp_path / "q.s"
    src2.write_text(r.output)
    r = run("asm", str(src2), "-o", str(tmp_path / "q.bin"))
    assert r.exit_code == 0 and (tmp_path / "q.bin").read_bytes() == data


def test_stdin_stdout_and_json(tmp_path):
    r = CliRunner().invoke(main, ["asm", "-", "-o", "-"], input=SRC)
    assert r.exit_code == 0
    data = r.stdout_bytes
    assert len(data) == 64
    r = CliRunner().invoke(main, ["dis", "-", "--json", "--base", "0x100"], input=data)
    assert r.exit_code == 0
    rows = json.loads(r.output)
    assert rows[0]["pc"] == 0x100 and rows[0]["opcode"] == "S2R_I" and rows[0]["text"] == "S2R R1, SR_LANEID"
    r = CliRunner().invoke(main, ["dis", "-", "--hex", "--show-control"], input=data)
    assert "$sched=0 $req=0 $wsb=7 $rsb=7" in r.output and "/* 0x" in r.output


def test_errors_exit_1(tmp_path):
    src = tmp_path / "bad.s"
    src.write_text("EXIT\nSHLF.UP P1, R2, R1, 1, 0\nFOO\n")
    r = run("asm", str(src), "-o", str(tmp_path / "bad.bin"))
    assert r.exit_code == 1
    assert f"{src}:2:1: error: unknown mnemonic SHLF (did you mean " in r.output and "SHFL" in r.output
    assert f"{src}:3:1: error: unknown mnemonic FOO" in r.output
    assert "Traceback" not in r.output
    assert not (tmp_path / "bad.bin").exists()
    r = run("asm", str(tmp_path / "missing.s"))
    assert r.exit_code == 1 and "cannot read" in r.output
    r = run("dis", str(tmp_path / "missing.bin"))
    assert r.exit_code == 1 and "cannot read" in r.output
    r = run("dis", str(src), "--base", "0x3")
    assert r.exit_code == 1 and "multiple of 16" in r.output
    (tmp_path / "latin1.s").write_bytes(b"EXIT \xe9\n")
    r = run("asm", str(tmp_path / "latin1.s"))
    assert r.exit_code == 1 and "UTF-8" in r.output


def test_invalid_utf8_has_line_column_and_caret(tmp_path):
    p = tmp_path / "u.s"
    p.write_bytes(b"EXIT\nNOP \xff ;\n\xc3\xa9\xc3\xa9 \xfe\xfe\nEXIT\n")
    r = run("asm", str(p), "-o", str(tmp_path / "u.bin"))
    assert r.exit_code == 1 and "Traceback" not in r.output
    lines = r.output.splitlines()
    k = lines.index(f"{p}:2:5: error: invalid UTF-8 byte 0xff (assembly files are UTF-8)")
    assert lines[k + 1:k + 3] == ["    NOP \ufffd ;", "        ^"]
    # every line with a bad byte; the column counts characters (é is one)
    k = lines.index(f"{p}:3:4: error: invalid UTF-8 byte 0xfe (assembly files are UTF-8)")
    assert lines[k + 1:k + 3] == ["    \u00e9\u00e9 \ufffd\ufffd", "       ^"]
    assert not (tmp_path / "u.bin").exists()
    r = CliRunner().invoke(main, ["asm", "-", "-o", str(tmp_path / "v.bin")], input=b"EXIT\n\xff")
    assert r.exit_code == 1 and "<stdin>:2:1: error: invalid UTF-8 byte 0xff" in r.output


def test_garbage_and_truncated_binary(tmp_path):
    data = bytes(range(256)) * 3 + b"\x01\x02\x03"
    p = tmp_path / "g.bin"
    p.write_bytes(data)
    r = run("dis", str(p))
    assert r.exit_code == 0
    assert ".u128 0x" in r.output and ".u8 0x01, 0x02, 0x03" in r.output and "truncated" in r.output


def test_error_summary_counts_every_error(tmp_path):
    from gpuisa.asm.assembler import MAX_ERRORS
    r = CliRunner().invoke(main, ["asm", "-", "-o", str(tmp_path / "x.bin")], input="FOO\n" * (MAX_ERRORS + 200))
    assert r.exit_code == 1
    lines = r.output.splitlines()
    assert sum(": error: unknown mnemonic FOO" in ln for ln in lines) == MAX_ERRORS
    assert lines[-2:] == ["note: 200 more errors not shown", f"{MAX_ERRORS + 200} errors ({MAX_ERRORS} shown)"]
    r = CliRunner().invoke(main, ["asm", "-", "-o", str(tmp_path / "x.bin")], input="FOO\nEXIT\nBAR\n")
    assert r.exit_code == 1 and r.output.splitlines()[-1] == "2 errors"


def test_binary_and_text_never_share_stdout(tmp_path):
    for args in (["--json"], ["--listing", "-"], ["-o", "-", "--json"], ["-o", "-", "--listing", "-"]):
        r = CliRunner().invoke(main, ["asm", "-", *args], input="NOP ;\n")
        assert r.exit_code == 1, args
        assert "error: binary output and --" in r.output and "both go to stdout; use -o FILE" in r.output
        assert "\x00" not in r.output
    r = CliRunner().invoke(main, ["asm", "-", "-o", str(tmp_path / "a.bin"), "--listing", "-", "--json"], input="NOP\n")
    assert r.exit_code == 1 and "--listing and --json both go to stdout" in r.output
    # one text on stdout, the binary in a file: fine
    for args in (["--json"], ["--listing", "-"]):
        r = CliRunner().invoke(main, ["asm", "-", "-o", str(tmp_path / "b.bin"), *args], input="NOP ;\n")
        assert r.exit_code == 0 and (tmp_path / "b.bin").read_bytes() and "\x00" not in r.output
    r = CliRunner().invoke(main, ["asm", "-", "--json", "-o", str(tmp_path / "c.bin")], input="NOP ;\n")
    assert json.loads(r.output)["size"] == 16


LISTED = """\
        S2R R1, SR_LANEID ;
.L:     @P0 BRA `(.L)
        CALL.ABS `(.Ext)
        @!P0 BRA 0x60
        BRA `(.end)
.L_x_0: LEPC R[4:5], `(.Sym+0x20)
        LDG.E R0, [R2.64+`(.Glob-4)]
        LDG.E R0, [`(.Glob)] $sched=2
        EXIT
.end:
"""


def _listing(tmp_path, src, *extra):
    p = tmp_path / "l.s"
    p.write_text(src)
    r = run("asm", str(p), "-o", str(tmp_path / "l.bin"), "--listing", str(tmp_path / "l.lst"), *extra)
    assert r.exit_code == 0, r.output
    return (tmp_path / "l.lst").read_text(), (tmp_path / "l.bin").read_bytes()


def test_listing_labels_and_relocations(tmp_path):
    lst, data = _listing(tmp_path, LISTED)
    lines = lst.splitlines()
    body = [ln.split(";")[0].strip() for ln in lines if "/*00" in ln]
    assert body == ["/*0000*/  S2R R1, SR_LANEID",
                    "/*0010*/  @P0 BRA `(.L)",  # the source's own label
                    "/*0020*/  CALL.ABS `(.Ext)",  # a relocation, not 0x0
                    "/*0030*/  @!P0 BRA `(.L_x_1)",  # no label at 0x60: generated, .L_x_0 is taken
                    "/*0040*/  BRA `(.end)",  # a label after the last instruction
                    "/*0050*/  LEPC R4, `(.Sym + 0x20)",
                    "/*0060*/  LDG.E R0, [R2.64+`(.Glob - 0x4)]",
                    "/*0070*/  LDG.E R0, [`(.Glob)] $sched=2",
                    "/*0080*/  EXIT"]
    assert lines.index(".L_x_1:") == lines.index(".L_x_0:") + 3  # before the word at 0x60
    assert lines[lines.index(".end:") - 1].strip() == "/* 0x3f00001c00000000 */"  # after the last word
    assert "//   0x0060  abs      offset     .Glob - 0x4  (bits 40..63)" in lines
    assert "//   0x0020  shift4   offset     .Ext  (bits 32..81)" in lines
    # the listing is assembler input: same bytes, same relocations
    from gpuisa import load_isa
    isa = load_isa()
    a, b = isa.assemble(LISTED), isa.assemble(lst)
    assert b.data == a.data == data
    assert [(r.address, r.symbol, r.field, r.kind, r.addend) for r in b.relocations] == \
        [(r.address, r.symbol, r.field, r.kind, r.addend) for r in a.relocations]
    lst2, data2 = _listing(tmp_path, LISTED, "--show-control")
    assert "BRA `(.end) $sched=0 $req=0 $wsb=7 $rsb=7" in lst2 and isa.assemble(lst2).data == data


def test_listing_and_dis_labels_agree(tmp_path):
    # without source labels the listing names targets exactly like `dis --labels` (one implementation)
    src = "@P0 BRA 0x30\nNOP\nBRA 0x10\nEXIT\nBSSY B0, 0x0\n"
    lst, data = _listing(tmp_path, src)
    r = run("dis", str(tmp_path / "l.bin"), "--labels")
    dis = [ln for ln in r.output.splitlines()]
    ours = [ln.split(";")[0].rstrip() + " ;" if "/*00" in ln else ln for ln in lst.splitlines()
            if "/*00" in ln or ln.endswith(":")]
    assert ours == dis
    assert "@P0 BRA `(.L_x_2) ;" in r.output and "BSSY B0, `(.L_x_0) ;" in r.output


def test_help_texts(tmp_path):
    top = CliRunner().invoke(main, ["--help"])
    for cmd in ("asm", "dis"):
        line = next(ln for ln in top.output.splitlines() if ln.strip().startswith(cmd + " "))
        assert "..." not in line and len(line.split(None, 1)[1]) <= 40, line  # not truncated, even on narrow terminals
        r = CliRunner().invoke(main, [cmd, "--help"])
        assert r.exit_code == 0 and "Examples:" in r.output and f"gpuisa {cmd} prog." in r.output
        assert max(len(ln) for ln in r.output.splitlines()) <= 100
    # dis --json: the help names every key an object can have
    src = tmp_path / "p.s"
    src.write_text(".L: BRA `(.L)\nEXIT\n")
    assert run("asm", str(src), "-o", str(tmp_path / "p.bin")).exit_code == 0
    (tmp_path / "q.bin").write_bytes((tmp_path / "p.bin").read_bytes() + b"\x01\xff" * 8 + b"\x07")
    r = run("dis", str(tmp_path / "q.bin"), "--json", "--labels")
    keys = {k for row in json.loads(r.stdout) for k in row}
    assert keys == {"pc", "word", "text", "opcode", "fields", "warning", "label", "size"}
    help_text = " ".join(CliRunner().invoke(main, ["dis", "--help"]).output.split())
    part = help_text[help_text.index("--json"):help_text.index("--show-control")]
    for k in keys:
        assert f" {k} " in part or f" {k}," in part or f" {k};" in part, k
