"""Trace v2, co-simulation (first difference, exact step/warp/register/lane),
coverage markers and report, and the gen/regress/cosim commands."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

import gpuisa
from gpuisa.cli import main
from gpuisa.verify import cosim, coverage, gen, regress

PROGRAM = """\
        S2R R0, SR_LANEID ;
        SHF.L.U32 R1, R0, 0x2, RZ ;
        STS [R1], R0 ;
        BAR.SYNC 0x0 ;
        ISETP.LT.U32.AND P0, PT, R0, 0x10, PT ;
        BSSY B0, `(J) ;
    @P0 BRA `(A) ;
        YIELD ;
        NANOSLEEP 0x10 ;
        IADD3 R2, R0, 0x5, RZ ;
        BRA `(J) ;
A:
        ATOMS.ADD RZ, [RZ+0x100], R0 ;
J:
        BSYNC B0 ;
        EXIT ;
"""


@pytest.fixture(scope="module")
def traced(tmp_path_factory):
    d = tmp_path_factory.mktemp("cosim")
    src = d / "p.s"
    src.write_text(PROGRAM)
    isa = gpuisa.load_isa()
    prog = isa.assemble(PROGRAM)
    trace = d / "t.jsonl"
    isa.simulator(prog, block=64).run(trace=str(trace))
    return isa, prog, src, trace, [json.loads(line) for line in trace.read_text().splitlines()]


def test_trace_v2_records_stores_and_events(traced):
    *_, recs = traced
    assert all(r["version"] == 2 for r in recs)
    sts = [r for r in recs if r["text"].startswith("STS")]
    assert sts[0]["stores"] == [{"space": "shared", "size": 4, "lanes": 0xFFFFFFFF,
                                 "address": [4 * i for i in range(32)], "value": list(range(32))}]
    kinds = {e["kind"] for r in recs for e in r["events"]}
    assert {"barrier", "yield", "sleep"} <= kinds
    bars = [e for r in recs for e in r["events"] if e["kind"] == "barrier"]
    assert [b["released"] for b in bars] == [False, True]


def test_cosim_agrees_and_pinpoints_one_altered_lane(traced, tmp_path):
    isa, prog, src, trace, recs = traced
    assert cosim.cosim(isa.simulator(prog, block=64), recs).agree
    bad = [dict(r) for r in recs]
    i = next(k for k, r in enumerate(bad) if r["warp"] == 1 and r["text"].startswith("IADD3"))
    w = json.loads(json.dumps(bad[i]["writes"]))
    w[0]["value"][21] ^= 0x40
    bad[i]["writes"] = w
    res = cosim.cosim(isa.simulator(prog, block=64), bad)
    d = res.difference
    assert (d.step, d.cta, d.warp, d.pc, d.what) == (bad[i]["step"], 0, 1, bad[i]["pc"], "R2 lane 21")
    assert d.expected == 21 + 5 and d.got == (21 + 5) ^ 0x40
    # the command line: exit 1 and the same place; an unaltered trace agrees
    dut = tmp_path / "dut.jsonl"
    dut.write_text("".join(json.dumps(r) + "\n" for r in bad))
    r = CliRunner().invoke(main, ["cosim", str(src), "--block", "64", "--dut", str(dut)])
    assert r.exit_code == 1 and f"step {bad[i]['step']}: cta 0 warp 1" in r.output and "R2 lane 21" in r.output
    r = CliRunner().invoke(main, ["cosim", str(src), "--block", "64", "--dut", str(trace)])
    assert r.exit_code == 0 and r.output.startswith("agree")


def test_cosim_stores_v1_traces_and_bad_lines(traced, tmp_path):
    isa, prog, src, trace, recs = traced
    bad = json.loads(json.dumps(recs))
    i = next(k for k, r in enumerate(bad) if r["stores"] and r["warp"] == 0)
    bad[i]["stores"][0]["value"][3] = 99
    d = cosim.cosim(isa.simulator(prog, block=64), bad).difference
    assert d.what == "store 0 (shared) lane 3 value" and d.got == 99
    v1 = [{k: v for k, v in r.items() if k != "stores"} | {"version": 1} for r in recs]
    assert cosim.cosim(isa.simulator(prog, block=64), v1).agree
    short = cosim.cosim(isa.simulator(prog, block=64), recs[:-1]).difference
    assert "DUT trace ends" in short.what
    f = tmp_path / "x.jsonl"
    f.write_text(json.dumps(recs[0]) + "\n{oops\n")
    r = CliRunner().invoke(main, ["cosim", str(src), "--dut", str(f)])
    assert r.exit_code == 1 and "x.jsonl:2:" in r.output
    f.write_text(json.dumps(dict(recs[0], version=9)) + "\n")
    r = CliRunner().invoke(main, ["cosim", str(src), "--dut", str(f)])
    assert r.exit_code == 1 and "version 9" in r.output


def test_coverage_arms_from_markers_and_report():
    arms = coverage.semantics_arms()
    for a in ("BSYNC.complete", "BSYNC.wait_switch", "BSYNC.release_yield_S21", "WARPSYNC.R.group_release",
              "YIELD.switch", "SHFL.IDX", "ELECT.no_leader"):
        assert a in arms
    cov = coverage.Coverage()
    prog = gen.generate(3)
    regress.simulate(prog, coverage=cov)
    cov.collect()
    assert cov.arms["BSSY.set"] > 0 and any(f.startswith("BSSY_I") for f in cov.forms)
    page = cov.html(gpuisa.load_isa().db)
    assert page.startswith("<!DOCTYPE html>") and "<script" not in page and "http" not in page
    assert "BSYNC.complete" in page and "SHFL_RI" in page


def test_gen_and_regress_commands(tmp_path):
    out, exp = tmp_path / "g.s", tmp_path / "g.json"
    r = CliRunner().invoke(main, ["gen", "--seed", "4", "--length", "12", "-o", str(out), "--expect", str(exp)])
    assert r.exit_code == 0, r.output
    assert out.read_text() == gen.emit(gen.generate(4, gen.Knobs(length=12)))
    e = json.loads(exp.read_text())
    assert e["format"] == "gpuisa-expect" and len(e["threads"]) == 64
    res = tmp_path / "r.jsonl"
    html = tmp_path / "c.html"
    r = CliRunner().invoke(main, ["regress", "--seeds", "0:3", "--length", "10", "-j", "1", "-q", "--results",
                                  str(res), "--coverage", str(html), "--failures", str(tmp_path / "f")])
    assert r.exit_code == 0, r.output
    rows = [json.loads(x) for x in res.read_text().splitlines()]
    assert [x["seed"] for x in sorted(rows, key=lambda x: x["seed"])] == [0, 1, 2]
    assert all(x["status"] == "pass" for x in rows) and html.exists()
    assert "semantics arms reached" in r.output
    r = CliRunner().invoke(main, ["regress", "--seeds", "5:2"])
    assert r.exit_code == 1 and "empty seed range" in r.output
    r = CliRunner().invoke(main, ["gen", "--mix", "nope=2"])
    assert r.exit_code == 1 and "--mix" in r.output
