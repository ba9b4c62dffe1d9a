"""Issue 16, bad input: every case ends in a clear, located error and exit 1 --
never exit 70 (internal error), never a hang, never a damaged output file."""
from __future__ import annotations

import itertools
import re
import subprocess
import sys
import time

import pytest
from click.testing import CliRunner

from gpuisa.cli import main
from gpuisa.errors import AsmError
from gpuisa.spec import compile_spec

HUGE = "9" * 5000


def cli(*args, input=None):
    return CliRunner().invoke(main, [str(a) for a in args], input=input)


def assert_clean_error(r, *needles):
    assert r.exit_code == 1, (r.exit_code, r.output[-400:])
    assert "internal error" not in r.output and "Traceback" not in r.output
    for n in needles:
        assert n in r.output, r.output[-400:]


@pytest.fixture
def exit_s(tmp_path):
    p = tmp_path / "e.s"
    p.write_text("EXIT ;\n")
    return p


# -- 1. negative constant bank: the fast and the diagnostic path agree -------------------------
def test_negative_constant_bank_is_a_located_error(tmp_path):
    p = tmp_path / "neg.s"
    p.write_text("MOV R1, c[-1][0x0] ;\nEXIT ;\n")
    r = cli("asm", p, "-o", tmp_path / "neg.bin")
    assert_clean_error(r, "neg.s:1:9:", "constant bank -0x1 out of range", "^")
    assert not (tmp_path / "neg.bin").exists()


# -- 2. integers beyond Python's 4,300-digit limit -------------------------------------------
@pytest.mark.parametrize("args", [
    ["--param", f"u32:{HUGE}"], ["--buffer", f"a={HUGE}"], ["--buffer", f"a=16:random:{HUGE}"],
    ["--buffer", f"a=16:fill:{HUGE}"], ["--buffer", "a=16", "--param", f"ptr:a+{HUGE}"],
    ["--buffer", "a=16", "--dump-buffer", f"a:u8:{HUGE}"], ["--dump", f"R{HUGE}"],
    ["--param", f"f32:{HUGE}"], ["--param", f"f64:1e{HUGE}"], ["--param", f"f32:{HUGE}/3"],
])
def test_huge_integers_in_run_options(exit_s, args):
    r = cli("run", exit_s, *args)
    assert_clean_error(r, "error:")
    assert len(r.output) < 2000  # the number is cut in the message


def test_huge_integers_in_description_files():
    base = "__DefGroup G : [ALL]\n  __Encoding\n"
    for text in (f"__DefBitFieldType X<{HUGE}>\n    A;\n",
                 f"__DefBitFieldType X<2>\n    A = {HUGE};\n",
                 base + f"    field<{HUGE}, 2> Reg r;\n",
                 base + f"    field<1, 2> UImm2 r = {HUGE};\n",
                 "__DefGroup G : [ALL]\n  __OperandInfo\n    Bitwidth<r> = " + HUGE + ";\n"):
        db, diags = compile_spec([], texts={"big.isa": text})
        errs = [d for d in diags if d.severity == "error"]
        assert db is None and errs, text[:60]
        assert errs[0].coord.file == "big.isa" and errs[0].coord.line >= 1, errs[0].format()[:200]


# -- 3. Bitwidth<> expressions evaluated and range-checked when the database is built ---------
BW = """
__DefBitFieldType Mode<2>
    A;
    B;
__DefGroup G : [ALL]
  __Encoding
    field<12, 3> Pred pg = PT;
    field<15, 1> PModi pg.not = False;
__DefOptype NOP : [G]
  __Encoding
    field<0, 8> Optype optype==NOP;
__DefOpcode NOP_X : [NOP]
  __Encoding
    field<8, 4> SType stype==X;
    field<16, 8> Reg rd;
    field<24, 2> Mode m;
  __OperandInfo
    Order<pg, rd, m>;
    Bitwidth<rd> = {expr};
"""


@pytest.mark.parametrize("expr,message", [
    ("1/0", "cannot be evaluated"), ('"abc"', "not an integer"), ("F32()", "cannot be evaluated"),
    ("MemAddr()", "cannot be evaluated"), ("32 << ~0", "negative shift"), ("32 << (1 << 64)", "too large"),
    ("-32", "1..128"), ("34", "32, 64, 96 or 128"), ("0", "1..128"), ('32 + (m == "B") * 2', "with m=B"),
])
def test_bad_bitwidth_expressions_are_errors_at_build(expr, message):
    db, diags = compile_spec([], texts={"bw.isa": BW.format(expr=expr)})
    assert db is None
    d = next(d for d in diags if d.severity == "error")
    assert message in d.message and d.coord.line == 19, d.format()


@pytest.mark.parametrize("expr", ["32", "64", '32 + (m == "B") * 32', "128"])
def test_good_bitwidth_expressions_pass(expr):
    db, diags = compile_spec([], texts={"bw.isa": BW.format(expr=expr)})
    assert db is not None, [d.format() for d in diags]


# -- 4. no hang on huge float exponents ------------------------------------------------------
@pytest.mark.parametrize("args,ok", [
    (["--param", "f32:1e999999999"], False), (["--param", "f64:1e9999999"], False),
    (["--buffer", "a=8:fill:1e-999999999:f32"], True), (["--param", "f64:-1e-999999999"], True),
])
def test_huge_exponents_do_not_hang(exit_s, args, ok):
    t0 = time.perf_counter()
    r = cli("run", exit_s, *args)
    assert time.perf_counter() - t0 < 5
    if ok:
        assert r.exit_code == 0, r.output
    else:
        assert_clean_error(r, "does not fit")


def test_tiny_values_round_to_signed_zero():
    from gpuisa.sim.kernelargs import float_value
    assert float_value("-1e-999999999", "f64", "x") == 0.0
    assert str(float_value("-1e-999999999", "f32", "x")) == "-0.0"
    assert float_value("1.5e3", "f32", "x") == 1500.0
    assert float_value("1/4", "f64", "x") == 0.25


# -- 5. linear time: long label expressions, many errors --------------------------------------
def test_many_errors_are_fast(isa):
    t0 = time.process_time()
    with pytest.raises(AsmError) as ei:
        isa.assemble("MOVV R1, R2 ;\nMOV R1, RR2 ;\n" * 5000)
    assert ei.value.total_errors == 10000 and len(ei.value.errors) == 100
    assert time.process_time() - t0 < 15   # a suggestion for each of the 10,000 errors took ~5 s of CPU


def _cost(fn, n):
    t0 = time.process_time()
    fn(n)
    return time.process_time() - t0


def test_expression_lexers_are_linear(isa):
    """Eight times the length costs about eight times the time (sixty-four when
    every token slices the rest of the text); CPU time, best of three, so a busy
    machine matters little."""
    from gpuisa.spec.expr import parse_expr
    fresh = itertools.count()

    def spec(n):
        parse_expr(" + ".join(["1"] * n))

    def asm(n):
        k = next(fresh)  # a new text each time: operand texts are cached
        isa.assemble(f"L{k}: BRA `(L{k}" + " + 0x0" * n + ") ;\n")
    for fn in (spec, asm):
        fn(100)  # warm up
        small = min(_cost(fn, 2000) for _ in range(3))
        big = min(_cost(fn, 16000) for _ in range(3))
        assert big < 24 * max(small, 0.005), (fn.__name__, small, big)


# -- 6. bounded events ---------------------------------------------------------------------------
def test_repeated_events_are_counted_not_stored(isa):
    src = """
        S2R R0, SR_LANEID ;
        ISETP.LT.AND P0, PT, R0, 0x10, PT ;
    @P0 EXIT ;
L:      SHFL.IDX PT, R1, R0, 0x0, 0x1f ;
        BRA `(L) ;
"""
    res = isa.launch(src, max_steps=20000)
    assert res.status == "step-limit"
    shfl_steps = (20000 - 3 + 1) // 2   # 3 steps before the loop, then SHFL, BRA, SHFL, ...
    assert len(res.events) == 1 and res.events[0]["count"] == shfl_steps and res.events_dropped == 0


# -- 7. outputs written whole or not at all ------------------------------------------------------
def _outputs(tmp_path):
    src = tmp_path / "p.s"
    src.write_text("S2R R1, SR_LANEID ;\n" * 8 + "EXIT ;\n")
    keep = tmp_path / "keep.out"
    keep.write_bytes(b"previous contents\n")
    bin_ = tmp_path / "p.bin"
    bin_.write_bytes(b"\0" * 32)
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("old manual")
    cmds = [["asm", src, "-o", keep], ["asm", src, "-o", keep, "--listing", tmp_path / "l.lst"],
            ["dis", bin_, "-o", keep], ["spec", "export", "-o", keep], ["run", src, "--trace", keep],
            ["docs", "--out", site]]
    return keep, site, cmds


def _unchanged(tmp_path, keep, site):
    assert keep.read_bytes() == b"previous contents\n"
    assert (site / "index.html").read_text() == "old manual"
    assert sorted(q.name for q in tmp_path.iterdir()) == ["keep.out", "p.bin", "p.s", "site"]  # no temp left
    assert sorted(q.name for q in site.iterdir()) == ["index.html"]


def test_outputs_survive_a_failed_write(tmp_path, monkeypatch):
    """Every file output command, when the data cannot reach the disk (ENOSPC
    at the flush), exits 1 and leaves the previous file byte for byte."""
    from gpuisa import fsutil
    keep, site, cmds = _outputs(tmp_path)

    def full(fd):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(fsutil.os, "fsync", full)
    for cmd in cmds[:5]:  # the manual: test_outputs_survive_ulimit_f
        r = cli(*cmd)
        assert_clean_error(r, "cannot write", "No space left on device")
        _unchanged(tmp_path, keep, site)


@pytest.mark.skipif(sys.platform == "win32", reason="RLIMIT_FSIZE is POSIX")
def test_outputs_survive_ulimit_f(tmp_path):
    """The real thing, in a child process under ``ulimit -f`` (writes fail with
    EFBIG like on a full disk): asm with a listing and the manual."""
    keep, site, cmds = _outputs(tmp_path)
    script = ("import resource, signal, sys; signal.signal(signal.SIGXFSZ, signal.SIG_IGN); "
              "resource.setrlimit(resource.RLIMIT_FSIZE, (64, 64)); from gpuisa.cli import main; "
              "sys.argv[0] = 'gpuisa'; main()")
    for cmd in (cmds[1], cmds[5]):
        p = subprocess.run([sys.executable, "-c", script, *map(str, cmd)], capture_output=True, text=True,
                           timeout=120)
        assert p.returncode == 1, (cmd, p.returncode, p.stderr[-300:])
        assert "cannot write" in p.stderr and "internal error" not in p.stderr, p.stderr
        _unchanged(tmp_path, keep, site)


def test_failed_listing_keeps_the_old_binary(tmp_path):
    src = tmp_path / "p.s"
    src.write_text("EXIT ;\n")
    keep = tmp_path / "keep.bin"
    keep.write_bytes(b"old")
    r = cli("asm", src, "-o", keep, "--listing", tmp_path / "no" / "such" / "dir" / "x.lst")
    assert_clean_error(r, "cannot write")
    assert keep.read_bytes() == b"old"


def test_atomic_write_helpers(tmp_path, monkeypatch):
    from gpuisa import fsutil
    f = tmp_path / "f.txt"
    f.write_text("old")
    f.chmod(0o640)
    fsutil.atomic_write(f, "new")
    assert f.read_text() == "new" and (f.stat().st_mode & 0o777) == 0o640
    with pytest.raises(RuntimeError):
        with fsutil.atomic_open(f) as fh:
            fh.write("half")
            raise RuntimeError
    assert f.read_text() == "new"
    d = tmp_path / "d"
    d.mkdir()
    (d / "keep.txt").write_text("user file")
    (d / "a.html").write_text("old")

    def boom(*a, **k):
        raise OSError(28, "No space left on device")
    with pytest.raises(OSError):
        with fsutil.atomic_dir(d) as tmp:
            (tmp / "a.html").write_text("new")
            boom()
    assert (d / "a.html").read_text() == "old"
    with fsutil.atomic_dir(d) as tmp:
        (tmp / "a.html").write_text("new")
        (tmp / "sub").mkdir()
        (tmp / "sub" / "b.html").write_text("b")
    assert (d / "a.html").read_text() == "new" and (d / "sub" / "b.html").read_text() == "b"
    assert (d / "keep.txt").read_text() == "user file"
    assert [q.name for q in tmp_path.iterdir() if q.name.startswith(".")] == []
    # a device (not a regular file) is written directly
    fsutil.atomic_write("/dev/null", b"x")


# -- 8. raw HTML in descriptions --------------------------------------------------------------
def test_raw_html_in_descriptions_is_sanitised(tmp_path):
    from gpuisa.docs.mdtext import HtmlRenderer
    r = HtmlRenderer(lambda name: None)
    html = r.render('Text <script>alert(1)</script> <img src="x.png" onerror="alert(2)"> '
                    '<a href="javascript:alert(3)">j</a> <a href="../x.html#y">ok</a> <b>bold</b>\n\n'
                    '<div onclick="x()" style="color:red">d</div>\n\n| a |\n|:-|\n| 1 |\n')
    low = html.lower()
    assert "<script" not in low and "alert(1)" not in low
    assert "onerror" not in low and "javascript:" not in low and "onclick" not in low and "color:red" not in low
    assert '<a href="../x.html#y">ok</a>' in html and "<b>bold</b>" in html and '<img src="x.png">' in html
    assert 'style="text-align:left"' in html


def test_manual_of_an_isa_with_a_hostile_description(tmp_path):
    text = BW.format(expr="32").replace("  __OperandInfo", "  __Description\nDoes <script>alert('x')</script>"
                                        " things <img src=x onerror=alert(1)>.\n  __OperandInfo")
    spec = tmp_path / "h.isa"
    spec.write_text(text)
    r = cli("--spec", spec, "docs", "--out", tmp_path / "site")
    assert r.exit_code == 0, r.output
    pages = "".join(p.read_text() for p in (tmp_path / "site").rglob("*.html"))
    assert "Does " in pages
    # as text (escaped) it is harmless; as markup it must not appear
    assert not re.search(r"<script[^>]*>alert", pages, re.I) and not re.search(r"<img[^>]*onerror", pages, re.I)


# -- also: run on invalid UTF-8, warps past memory --------------------------------------------
def test_run_reports_invalid_utf8_with_column_and_caret(tmp_path):
    p = tmp_path / "bad.s"
    p.write_bytes(b"EXIT ;\nMOV R1, \xff0x1 ;\n")
    r = cli("run", p)
    assert_clean_error(r, "bad.s:2:9: error: invalid UTF-8 byte 0xff", "^")


def test_not_enough_memory_for_warps(isa, monkeypatch):
    from gpuisa.errors import UsageError
    from gpuisa.sim import simulator

    def no_memory(*a, **k):
        raise MemoryError
    monkeypatch.setattr(simulator, "Warp", no_memory)
    with pytest.raises(UsageError, match="not enough memory for 64 warps"):
        isa.simulator("EXIT ;", grid=64, block=32)


# -- session 6, found by mutating corpus listings: two exceptions that escaped as internal errors --
def test_address_with_two_uniform_registers_is_a_located_error(tmp_path):
    """`STS [UR35+UR4+0x1200], R32`: the base of STS is a GPR (was a KeyError, exit 70)."""
    p = tmp_path / "sts.s"
    p.write_text("STS [UR35+UR4+0x1200], R32 ;\nEXIT ;\n")
    r = cli("asm", p, "-o", tmp_path / "sts.bin")
    assert_clean_error(r, "sts.s:1:5:", "not UR35", "^")


@pytest.mark.parametrize("directive", [".zero\t]", ".align\tX", ".zero\t", ".align\t0x", ".zero\t-4"])
def test_bad_data_directive_counts_in_a_listing(tmp_path, directive):
    """An nvdisasm listing whose `.zero` / `.align` count is not a number (was a ValueError)."""
    from pathlib import Path
    corpus = Path(__file__).resolve().parents[1] / "cuda" / "corpus"
    lines = (corpus / "sm_80" / "vector_add.nvdisasm").read_text().split("\n")
    k = next(i for i, ln in enumerate(lines) if ln.strip().startswith(".align"))
    lines[k] = "\t" + directive
    p = tmp_path / "va.nvdisasm"
    p.write_text("\n".join(lines))
    r = cli("run", p, "--grid", "1", "--block", "32")
    assert_clean_error(r, f"va.nvdisasm:{k + 1}:", "byte count")
