"""The `gpuisa run` contract."""
import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from gpuisa.cli import main
from gpuisa.sim.initexpr import InitExpr, parse_init
from gpuisa.errors import UsageError

PROG = """
    S2R R1, SR_LANEID ;
    SHFL.DOWN P1, R2, R1, 0x1, 0x1f ;
    S2UR UR4, SR_CTAID.X ;
    EXIT ;
"""


def _run(tmp_path, args, prog=PROG):
    p = tmp_path / "p.s"
    p.write_text(prog)
    return CliRunner().invoke(main, ["run", str(p), *args])


def test_json_contract(tmp_path):
    r = _run(tmp_path, ["--grid", "2", "--block", "40", "--init", "R5=lane*7+3", "--init", "R6=tid ^ (cta << 8)",
                        "--dump", "R1,R2,P1,UR4,R5,R6", "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert out["status"] == "ok" and out["steps"] == 4 * 4
    assert [(w["cta"], w["warp"]) for w in out["warps"]] == [(0, 0), (0, 1), (1, 0), (1, 1)]
    w = out["warps"][2]
    assert w["R1"] == list(range(32)) and w["UR4"] == 1
    assert w["R5"] == [l * 7 + 3 for l in range(32)]
    assert w["R6"] == [l ^ 256 for l in range(32)]
    assert out["warps"][3]["R1"] == list(range(8))  # partial warp: only its 8 lanes (issue 10)
    assert out["warps"][3]["lanes"] == 8 and out["warps"][2]["lanes"] == 32
    assert out["warps"][3]["R6"] == [(32 + l) ^ 256 for l in range(8)]
    assert out["warps"][0]["P1"] == [True] * 31 + [False]
    assert all(isinstance(v, bool) for v in w["P1"])


def test_fault_exit_status_and_no_traceback(tmp_path):
    r = _run(tmp_path, ["--json"], prog="TRAP 0x3 ;\nEXIT ;")
    assert r.exit_code != 0
    out = json.loads(r.output)
    assert out["status"] == "trap" and out["fault"]["pc"] == 0 and out["fault"]["cta"] == 0 \
        and out["fault"]["warp"] == 0 and "TRAP" in out["fault"]["instruction"]
    r = _run(tmp_path, ["--max-steps", "100"], prog="L:\nBRA `(L) ;")
    assert r.exit_code != 0 and "step-limit" in r.output and "Traceback" not in r.output


@pytest.mark.parametrize("name,content", [("empty.nvdisasm", b""), ("comments.s", b"// nothing\n\nL:\n"),
                                          ("empty.bin", b""), ("blank.cuobjdump", b"\n\n")])
def test_a_file_without_instructions_is_bad_input(tmp_path, name, content):
    """Decision D12-2: an empty or truncated-to-nothing input is refused (exit 1), not run as an
    empty program that faults at PC 0 (exit 2)."""
    f = tmp_path / name
    f.write_bytes(content)
    r = CliRunner().invoke(main, ["run", str(f)])
    assert r.exit_code == 1 and "nothing to run" in r.output and "Traceback" not in r.output, r.output


def test_bad_init_is_a_usage_error(tmp_path):
    for bad in ["R1=lane+", "R1=__import__('os')", "Q1=3", "R1=1/0", "R300=1"]:
        r = _run(tmp_path, ["--init", bad])
        assert r.exit_code == 1 and "Traceback" not in r.output, bad


def test_init_expression_parser():
    e = InitExpr("(lane*7+3) % 5 | 0x10 << 2 ^ -1")
    for lane in range(32):
        assert e(lane, 0, 0, lane) == ((lane * 7 + 3) % 5 | 0x10 << 2 ^ -1) & 0xFFFFFFFF  # same precedence as C
    assert InitExpr("-7 / 2")(0, 0, 0, 0) == (-3) & 0xFFFFFFFF  # C truncation
    assert InitExpr("tid - warp*32 - lane + cta")(3, 2, 9, 67) == 9
    with pytest.raises(UsageError):
        InitExpr("lane()")
    assert parse_init("p0=lane&1")[0] == "P0"


def test_trace_file(tmp_path):
    t = tmp_path / "t.jsonl"
    r = _run(tmp_path, ["--trace", str(t), "--block", "64"])
    assert r.exit_code == 0
    lines = [json.loads(l) for l in t.read_text().splitlines()]
    assert len(lines) == 8
    assert lines[0]["format"] == "gpuisa-trace" and lines[0]["version"] == 2
    assert {"step", "cta", "warp", "pc", "text", "before", "after", "writes", "events"} <= set(lines[0])
    assert lines[0]["writes"][0]["reg"] == "R1" and lines[0]["writes"][0]["value"] == list(range(32))


def test_table_output(tmp_path):
    r = _run(tmp_path, ["--dump", "R1,P1"])
    assert r.exit_code == 0 and "R1" in r.output and "ok: 4 warp-instructions" in r.output


def test_the_default_report_of_a_large_grid_lists_16_warps(tmp_path):
    """D13-6: the default register report stops after 16 warps and says how many it left out;
    --dump and --json list every warp."""
    r = _run(tmp_path, ["--grid", "40"])
    assert r.exit_code == 0, r.output
    heads = [ln for ln in r.output.splitlines() if ln.startswith("cta ")]
    assert heads == [f"cta {c} ({c}, 0, 0) warp 0" for c in range(16)]
    assert "... 24 more warps: the default report lists the registers of the first 16" in r.output
    assert r.output.rstrip().endswith("ok: 160 warp-instructions, 40 warps exited")
    r = _run(tmp_path, ["--grid", "40", "--dump", "UR4"])
    assert [ln.split()[-1] for ln in r.output.splitlines() if ln.strip().startswith("UR4")] == \
        [str(c) for c in range(40)] and "more warps" not in r.output
    assert len(json.loads(_run(tmp_path, ["--grid", "40", "--json"]).output)["warps"]) == 40


def test_subprocess_entry_point(tmp_path):
    p = tmp_path / "p.s"
    p.write_text("BRA 0x1000 ;\n")
    cp = subprocess.run([sys.executable, "-m", "gpuisa", "run", str(p), "--json"], capture_output=True, text=True,
                        timeout=60)
    assert cp.returncode != 0 and json.loads(cp.stdout)["status"] == "pc-out-of-range" and "Traceback" not in cp.stderr


# -- QA audit: a user-supplied ISA, unresolved symbols, limits, --init, --trace -, help -----------------------------
SHIPPED = ("base", "sync", "bru", "misc")
FOO_ISA = """
__DefOptype FOO : [MISC]
  __Encoding
    field<0,  8> Optype optype==FOO;
    field<16, 8> Reg rd;

  __Syntax
```asm
FOO Rd, Imm      $sched $req $wsb ;
```

  __Description
FOO is an opcode the simulator knows nothing about.

__DefOpcode FOO_RI : [FOO]
  __Encoding
    field<8,  4> SType stype==RI;
    field<32, 32> UImm32 vb;
  __OperandInfo
    InList<pg, vb>;
    OutList<rd>;
    Order<pg, rd, vb>;
    Bitwidth<rd> = 32;
"""


@pytest.fixture
def custom_isa_dir(tmp_path):
    """Copies of the shipped base/sync/bru/misc files (base with a new optype value) plus foo.isa."""
    from gpuisa.spec import shipped_files
    d = tmp_path / "isa"
    d.mkdir()
    for p in shipped_files():
        if p.stem in SHIPPED:
            text = p.read_text(encoding="utf-8")
            if p.stem == "base":
                text = text.replace("    RED = 0x5b;", "    RED = 0x5b;\n    FOO = 0xf0;")
                assert "FOO = 0xf0" in text
            (d / p.name).write_text(text, encoding="utf-8")
    (d / "foo.isa").write_text(FOO_ISA, encoding="utf-8")
    return d


def test_user_opcode_without_semantics_is_a_usage_error(tmp_path, custom_isa_dir):
    p = tmp_path / "foo.s"
    p.write_text("S2R R2, SR_LANEID ;\nFOO R1, 0x5 ;\nEXIT ;\n")
    r = CliRunner().invoke(main, ["--no-base", "--spec", str(custom_isa_dir), "run", str(p)])
    assert r.exit_code == 1, r.output
    assert "error: the simulator has no semantics for FOO_RI" in r.output and "line 2" in r.output
    assert "internal error" not in r.output and "Traceback" not in r.output
    # a program of the same ISA that does not use FOO runs
    p.write_text("S2R R2, SR_LANEID ;\nEXIT ;\n")
    r = CliRunner().invoke(main, ["--no-base", "--spec", str(custom_isa_dir), "run", str(p), "--json",
                                  "--dump", "R2"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["warps"][0]["R2"] == list(range(32))


def test_user_opcode_reached_as_data_is_a_fault(custom_isa_dir):
    import gpuisa
    isa = gpuisa.load_isa([str(custom_isa_dir)], base=False)
    foo = isa.encode("FOO R1, 0x5 ;")
    with pytest.raises(UsageError, match="no semantics for FOO_RI"):
        isa.launch(isa.assemble("FOO R1, 0x5 ;\nEXIT ;"))
    # the word is computed at run time (here: built by hand after the check), so only execution sees it
    sim = isa.simulator(isa.assemble("NOP ;\nEXIT ;"))
    sim.words[0] = foo
    res = sim.run()
    assert res.status == "invalid-instruction" and "no semantics for FOO_RI" in res.fault["message"]


def test_shipped_opcode_without_semantics_stays_a_model_error(monkeypatch):
    """A missing semantics function for an opcode of the shipped ISA is our bug: ModelError at construction,
    whatever the program (also for a verbatim copy of a shipped file loaded from elsewhere)."""
    import gpuisa
    from gpuisa.errors import ModelError
    from gpuisa.sim import registry
    isa = gpuisa.load_isa()
    monkeypatch.delitem(registry._REGISTRY, "NOP")
    with pytest.raises(ModelError, match="NOP_X"):
        isa.simulator("EXIT ;")
    assert not registry.is_user_opcode(isa.db, isa.db.opcodes["NOP_X"])


def test_verbatim_copies_of_shipped_files_count_as_shipped(custom_isa_dir):
    import gpuisa
    from gpuisa.sim import registry
    isa = gpuisa.load_isa([str(custom_isa_dir)], base=False)
    assert registry.is_user_opcode(isa.db, isa.db.opcodes["FOO_RI"])
    assert not registry.is_user_opcode(isa.db, isa.db.opcodes["NOP_X"])        # misc.isa copied verbatim
    assert set(registry.user_opcodes_without_semantics(isa.db)) == {"FOO_RI"}


RELOC = "S2R R1, SR_LANEID ;\n  CALL.ABS `(.Nowhere) ;\nEXIT ;\n  CALL.ABS `(.Elsewhere + 0x10) ;\n"


def test_unresolved_relocations_are_refused_before_simulating(tmp_path):
    r = _run(tmp_path, ["--max-steps", "100000000"], prog=RELOC)
    assert r.exit_code == 1, r.output
    path = str(tmp_path / "p.s")
    assert f"{path}:2:14: error: undefined symbol '.Nowhere'" in r.output
    assert f"{path}:4:14: error: undefined symbol '.Elsewhere'" in r.output
    assert "step-limit" not in r.output and "Traceback" not in r.output


def test_unresolved_relocations_in_the_api(isa):
    prog = isa.assemble(RELOC)
    with pytest.raises(UsageError, match=r"<program>:2:1: error: undefined symbol '\.Nowhere'"):
        isa.simulator(prog)
    res = isa.launch(prog, allow_relocations=True, max_steps=50)   # CALL.ABS 0x0: loops to the step limit
    assert res.status == "step-limit"


@pytest.mark.parametrize("args,message", [
    (["--block", "1025"], "--block 1025,1,1: a block of 1025 threads, but a CTA has at most 1024 threads"),
    (["--block", "10000000"], "at most 1024 threads"),
    (["--grid", "65535,65535,65535"], "more than the default limit of"),
    (["--grid", "2000000"], "2,000,000 warps: more than the default limit of 1,"),   # 4 GiB / (R0-R3 + 3 KiB)
    (["--grid", "3", "--block", "64", "--max-warps", "5"], "6 warps: more than the limit of 5"),
    (["--max-warps", "0"], "--max-warps must be at least 1"),
])
def test_grid_limits(tmp_path, args, message):
    r = _run(tmp_path, args)
    assert r.exit_code == 1, r.output
    assert message in r.output and "Traceback" not in r.output


def test_grid_limits_in_the_api(isa):
    with pytest.raises(UsageError, match="at most 1024 threads"):
        isa.simulator("EXIT ;", block=(32, 33))
    with pytest.raises(UsageError, match=r"more than the default limit of [\d,]+ warps \(as many as fit in 4 GiB\)"):
        isa.simulator("EXIT ;", grid=(2_000_000,))
    # the default grows with the registers a warp holds (D13-5): 4 GiB / (128 bytes per register + 3 KiB)
    from gpuisa.sim.simulator import default_max_warps
    assert [default_max_warps(n) for n in (4, 16, 255)] == [(4 << 30) // (n * 128 + 3072) for n in (4, 16, 255)]
    assert default_max_warps(16) > 800_000 and default_max_warps(255) > 120_000
    with pytest.raises(UsageError, match=r"more than the default limit of 120,"):
        isa.simulator("MOV R254, RZ ;\nEXIT ;", grid=(130_000,))
    res = isa.launch("S2R R1, SR_CTAID.X ;\nEXIT ;", grid=4100, max_warps=4100)
    assert res.ok and len(res.warps) == 4100 and res.warp(4099).R[1][0] == 4099


def test_full_size_blocks_run(tmp_path):
    r = _run(tmp_path, ["--grid", "4", "--block", "1024", "--json", "--dump", "UR4"])
    assert r.exit_code == 0, r.output
    assert len(json.loads(r.output)["warps"]) == 128


@pytest.mark.parametrize("init,message", [
    ("P0=2", "a predicate is 0 or 1, got 2"),
    ("P0=lane", "got 2 (lane 2"),
    ("UP1=-1", "a predicate is 0 or 1, got 4294967295"),
    ("UR4=lane", "one value per warp, but lane 0 gives 0 and lane 1 gives 1"),
    ("B3=tid & 1", "one value per warp"),
])
def test_init_value_rules(tmp_path, init, message):
    r = _run(tmp_path, ["--init", init])
    assert r.exit_code == 1, r.output
    assert message in r.output and "Traceback" not in r.output


def test_uniform_init_may_differ_between_warps(tmp_path):
    r = _run(tmp_path, ["--grid", "2", "--block", "64", "--init", "UR7=warp + 10*cta", "--init", "UP2=cta",
                        "--init", "P3=lane >> 4", "--dump", "UR7,UP2,P3", "--json"])
    assert r.exit_code == 0, r.output
    ws = json.loads(r.output)["warps"]
    assert [w["UR7"] for w in ws] == [0, 1, 10, 11] and [w["UP2"] for w in ws] == [False, False, True, True]
    assert ws[0]["P3"] == [False] * 16 + [True] * 16


def test_trace_to_stdout(tmp_path):
    r = CliRunner(mix_stderr=False).invoke(main, ["run", str(_write(tmp_path)), "--trace", "-", "--json",
                                                   "--dump", "R1"]) if _mix_stderr_supported() else None
    if r is None:
        cp = subprocess.run([sys.executable, "-m", "gpuisa", "run", str(_write(tmp_path)), "--trace", "-",
                             "--json", "--dump", "R1"], capture_output=True, text=True, timeout=60, cwd=tmp_path)
        out, err, code = cp.stdout, cp.stderr, cp.returncode
    else:
        out, err, code = r.stdout, r.stderr, r.exit_code
    assert code == 0, err
    lines = [json.loads(l) for l in out.splitlines()]
    assert len(lines) == 4 and all(l["format"] == "gpuisa-trace" for l in lines)   # stdout: the trace only
    assert json.loads(err)["warps"][0]["R1"] == list(range(32))                       # the result: stderr
    assert not (tmp_path / "-").exists()


def _write(tmp_path):
    p = tmp_path / "p.s"
    p.write_text(PROG)
    return p


def _mix_stderr_supported() -> bool:
    import inspect
    return "mix_stderr" in inspect.signature(CliRunner.__init__).parameters


def test_default_step_limit_is_the_same_in_the_cli_and_the_api(isa):
    import inspect
    from gpuisa.sim import Simulator
    from gpuisa.sim.cli import run_cmd
    api = inspect.signature(Simulator.__init__).parameters["max_steps"].default
    cli = next(p.default for p in run_cmd.params if p.name == "max_steps")
    assert api is cli is None   # both: simulator.default_max_steps(warps), scaled with the grid (issue 10)


def test_run_help_lists_exit_codes_and_init_operators():
    r = CliRunner().invoke(main, ["run", "--help"])
    assert r.exit_code == 0
    text = " ".join(r.output.split())
    for s in ["Exit status:", "0 the run ended normally", "1 bad input", "2 architectural fault",
              "unary - ~ +, * / %, + -, << >>, &, ^, |", "lane, warp", "tid (= warp*32 + lane)", "--trace"]:
        assert s in text, s
    top = CliRunner().invoke(main, ["--help"])
    line = next(l for l in top.output.splitlines() if l.strip().startswith("run "))
    assert "Simulate PROGRAM on the golden model." in line and "..." not in line


# -- --init expressions never raise anything but UsageError ---------------------------------------------------------
def test_deep_nesting_is_a_clean_error(tmp_path):
    deep = "(" * 200 + "1" + ")" * 200
    r = _run(tmp_path, ["--init", f"R1={deep}"])
    assert r.exit_code == 1 and "Traceback" not in r.output, r.output
    assert "parentheses nested deeper than 64 (column 68)" in r.output
    ok = "(" * 64 + "lane" + ")" * 64
    assert InitExpr(ok)(5, 0, 0, 5) == 5
    # long chains and unary runs are not nesting: no recursion limit either
    assert InitExpr("+".join(["1"] * 1500))(0, 0, 0, 0) == 1500
    assert InitExpr("-" * 1001 + "1")(0, 0, 0, 0) == (-1) & 0xFFFFFFFF
    assert InitExpr("~" * 2000 + "7")(0, 0, 0, 0) == 7


@pytest.mark.parametrize("text,col", [("R1=((1", 5), ("R1=1+", 6), ("R1=lane)", 8), ("R1=lame", 4), ("R1=1 2", 6),
                                      ("R1=1/0", 5), ("R1=1 % (lane - lane)", 6), ("R1=#", 4), ("R1=1<<-1", 5),
                                      ("R1=(1<<4000)*(1<<4000)", 13)])
def test_init_errors_point_at_the_column(text, col):
    with pytest.raises(UsageError) as e:
        reg, expr = parse_init(text)
        expr(0, 0, 0, 0)
    msg = str(e.value)
    assert f"(column {col})" in msg
    src, caret = msg.splitlines()[-2:]
    assert src.strip() == text and caret.index("^") - caret.index(caret.strip()[0]) == 0
    assert caret.index("^") - (len(src) - len(src.lstrip())) == col - 1


def test_init_literals():
    assert InitExpr("007 + 0x10 + 0X0f")(0, 0, 0, 0) == 7 + 16 + 15
    assert InitExpr("-1 >> 5000")(0, 0, 0, 0) == 0xFFFFFFFF
    with pytest.raises(UsageError):
        InitExpr("1" * 1001)


_INIT_ALPHABET = list("0123456789()+-*/%&|^~<> \t") + ["lane", "warp", "cta", "tid", "0x", "<<", ">>", "x", "é",
                                                       "((((", "))))", "9" * 30]


@pytest.mark.slow
def test_fuzz_init_expressions_only_raise_usage_errors():
    from hypothesis import given, settings, strategies as st

    @settings(max_examples=600, deadline=None)
    @given(st.one_of(st.lists(st.sampled_from(_INIT_ALPHABET), max_size=40).map("".join), st.text(max_size=30)))
    def check(text):
        try:
            reg, e = parse_init("R1=" + text)
            for args in ((0, 0, 0, 0), (31, 3, 7, 127)):
                v = e(*args)
                assert isinstance(v, int) and 0 <= v <= 0xFFFFFFFF
        except UsageError as err:
            assert str(err).startswith("error: --init")

    check()


def test_fuzz_init_expressions_agree_with_python():
    """Generated well-formed expressions (C semantics written out in Python) give the same values."""
    from hypothesis import given, settings, strategies as st

    def c_div(a, b):
        q = abs(a) // abs(b)
        return q if (a >= 0) == (b >= 0) else -q

    leaf = st.one_of(st.integers(0, 2 ** 40).map(lambda v: (str(v), v)),
                     st.integers(0, 2 ** 40).map(lambda v: (hex(v), v)),
                     st.sampled_from([("lane", 13), ("warp", 2), ("cta", 5), ("tid", 77)]))

    def extend(children):
        def binop(t):
            (ta, a), op, (tb, b) = t
            if op in ("/", "%") and b == 0 or op in ("<<", ">>") and not 0 <= b <= 64:
                return (ta, a)
            r = {"+": a + b, "-": a - b, "*": a * b, "&": a & b, "|": a | b, "^": a ^ b,
                 "<<": a << b if op == "<<" else 0, ">>": a >> b if op == ">>" else 0,
                 "/": c_div(a, b) if op == "/" else 0, "%": a - c_div(a, b) * b if op == "%" else 0}[op]
            if r.bit_length() > 4000:
                return (ta, a)
            return (f"({ta}) {op} ({tb})", r)
        unary = st.tuples(st.sampled_from(["-", "~", "+"]), children).map(
            lambda t: (f"{t[0]}({t[1][0]})", {"-": -t[1][1], "~": ~t[1][1], "+": t[1][1]}[t[0]]))
        return st.one_of(st.tuples(children, st.sampled_from(list("+-*&|^/%") + ["<<", ">>"]), children).map(binop),
                         unary)

    @settings(max_examples=200, deadline=None)
    @given(st.recursive(leaf, extend, max_leaves=12))
    def check(t):
        text, value = t
        if text.count("(") > 64:
            return
        assert InitExpr(text)(13, 2, 5, 77) == value & 0xFFFFFFFF, text

    check()


def test_run_contract_is_documented():
    """docs/simulator-run.md names every option of `gpuisa run`, every fault status and every exit status."""
    from pathlib import Path
    from gpuisa.sim.cli import run_cmd
    from gpuisa.sim.state import FAULT_KINDS
    doc = (Path(__file__).resolve().parents[2] / "docs" / "simulator-run.md").read_text(encoding="utf-8")
    for p in run_cmd.params:
        for opt in getattr(p, "opts", []):
            if opt.startswith("--"):
                assert f"`{opt}" in doc, opt
    for kind in FAULT_KINDS:
        assert f"| `{kind}` |" in doc, kind
    for code in ("| 0 |", "| 1 |", "| 2 |", "| 70 |"):
        assert code in doc
    r = CliRunner().invoke(main, ["run", "--help"])
    for kind in FAULT_KINDS:
        assert kind in r.output, kind


def test_every_fault_kind_raised_is_listed():
    """A fault kind used anywhere in the simulator is one of FAULT_KINDS (so the docs stay complete)."""
    import re
    from pathlib import Path
    from gpuisa.sim.state import FAULT_KINDS
    src = Path(__file__).resolve().parents[2] / "src" / "gpuisa" / "sim"
    used = set()
    for f in src.rglob("*.py"):
        text = f.read_text(encoding="utf-8")
        used |= set(re.findall(r'(?:Fault|fault|_stop)\(\s*"([a-z-]+)"', text))
    used.discard("ok")
    assert used and used <= set(FAULT_KINDS), used - set(FAULT_KINDS)
