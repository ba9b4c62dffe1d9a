"""`gpuisa debug --batch -x SCRIPT`: scripted sessions compared with transcripts
whose values are derived by hand from the programs (not copied from a run)."""
from __future__ import annotations

from importlib import resources

from click.testing import CliRunner

from gpuisa.cli import main

NESTED = resources.files("gpuisa.docs") / "timelines" / "nested_if.s"


def debug(tmp_path, script: str, *options, source: str | None = None):
    prog = tmp_path / "nested_if.s"
    prog.write_text(source if source is not None else NESTED.read_text())
    sc = tmp_path / "script.gdb"
    sc.write_text(script)
    r = CliRunner().invoke(main, ["debug", str(prog), *options, "-x", str(sc), "--batch", "--echo"])
    return r, prog


def lanes(f) -> str:
    return "[" + ", ".join(str(f(lane)) for lane in range(32)) + "]"


def test_breakpoint_in_a_branch_values_masks_and_reconvergence(tmp_path):
    script = "\n".join(["break EVEN", "continue", "print R0", "info masks", "step", "print R1", "finish",
                        "finish", "step", "print R2", "p/x R1[17]", "continue"])
    r, prog = debug(tmp_path, script)
    assert r.exit_code == 0, r.output
    P = "(gpuisa-dbg) "
    # nested_if.s: EVEN is the 11th instruction (0xa0), line 16 of the file; at EVEN the even
    # lanes 0..14 run (the odd ones wait at INNER's BSYNC B1 = 0xb0, lanes 16..31 at ELSE = 0xd0)
    even = 0x00005555
    expected = [
        f"{P}break EVEN",
        f"Breakpoint 1 at 0x00a0 (EVEN): file {prog}, line 16",
        f"{P}continue",
        "",
        "Breakpoint 1, cta 0 warp 0 at 0x00a0 (EVEN, line 16)",
        "cta 0 warp 0 at 0x00a0 (EVEN, line 16): MOV R1, 0x2",
        "   16\tMOV R1, 0x2 ;                              // even lanes 0..15",
        f"ActiveMask 0x{even:08x} (lanes 0,2,4,6,8,10,12,14)",
        f"{P}print R0",
        f"R0 = {lanes(lambda l: l)}",                                  # S2R R0, SR_LANEID
        f"{P}info masks",
        "cta 0 warp 0 at 0x00a0 (EVEN, line 16) (ready)",
        "  ValidMask  0xffffffff  lanes 0-31",
        "  ActiveMask 0x00005555  lanes 0,2,4,6,8,10,12,14",
        "  YieldMask  0x00000000  lanes -",
        "  SleepMask  0x00000000  lanes -",
        "  SwitchMask 0x00000000  lanes -",
        "  waiting lanes, by resume PC (RPC):",
        "    0x00b0 (INNER): 0x0000aaaa lanes 1,3,5,7,9,11,13,15  BSYNC B1",
        "    0x00d0 (ELSE): 0xffff0000 lanes 16-31  MOV R1, 0x3",
        f"{P}step",
        "cta 0 warp 0 at 0x00b0 (INNER, line 18): BSYNC B1",
        "   18\tBSYNC B1 ;",
        "ActiveMask 0x00005555 (lanes 0,2,4,6,8,10,12,14)",
        f"{P}print R1",                                                # odd lanes < 16 ran MOV R1, 0x1 first
        f"R1 = {lanes(lambda l: 0 if l >= 16 else 1 if l & 1 else 2)}",
        f"{P}finish",                                                  # BSYNC B1 merges lanes 0..15
        "Reconverged: cta 0 warp 0 at 0x00b0 BSYNC B1: ActiveMask 0x00005555 -> 0x0000ffff (lanes 0-15)",
        "cta 0 warp 0 at 0x00c0 (INNER+0x10, line 19): BRA 0xe0",
        "   19\tBRA `(OUTER) ;",
        "ActiveMask 0x0000ffff (lanes 0-15)",
        f"{P}finish",                                                  # ELSE runs, BSYNC B0 merges the warp
        "Reconverged: cta 0 warp 0 at 0x00e0 BSYNC B0: ActiveMask 0x0000ffff -> 0xffffffff (lanes 0-31)",
        "cta 0 warp 0 at 0x00f0 (OUTER+0x10, line 24): IADD3 R2, R1, 0xa, RZ",
        "   24\tIADD3 R2, R1, 0xa, RZ ;",
        "ActiveMask 0xffffffff (lanes 0-31)",
        f"{P}step",
        "cta 0 warp 0 at 0x0100 (OUTER+0x20, line 25): EXIT",
        "   25\tEXIT ;",
        "ActiveMask 0xffffffff (lanes 0-31)",
        f"{P}print R2",
        f"R2 = {lanes(lambda l: 10 + (3 if l >= 16 else 1 if l & 1 else 2))}",
        f"{P}p/x R1[17]",
        "R1[17] = 0x3",
        f"{P}continue",
        "[grid exited normally after 19 warp-instructions]",
    ]
    assert r.output.splitlines() == expected


def test_conditions_watch_memory_and_errors(tmp_path):
    # a breakpoint condition holds in some active lane: lanes 16..31 run ELSE; R0 = lane
    r, _ = debug(tmp_path, "break ELSE if R0 == 20\nbreak OUTER if R0 == 99\ncontinue\nprint active\n"
                           "watch R2\ncontinue\ncontinue\n")
    assert r.exit_code == 0, r.output
    out = r.output
    assert "Breakpoint 1, cta 0 warp 0 at 0x00d0 (ELSE, line 21)" in out
    assert f"active = {lanes(lambda l: int(l >= 16))}" in out
    assert "Breakpoint 2," not in out                                   # R0 is never 99
    assert "Watchpoint 3: R2 of cta 0 warp 0" in out
    assert "  lane 0: 0 -> 12" in out and "  lane 31: 0 -> 13" in out     # IADD3 R2, R1, 0xa
    assert out.rstrip().endswith("[grid exited normally after 19 warp-instructions]")

    # memory: a buffer and the kernel parameter bank
    r, _ = debug(tmp_path, "x/4wx buf\nx/2wd c[0x0][0x0]\np/f 0x3f800000\nx/2bx buf+1\n",
                 "--buffer", "buf=16:iota", "--param", "u32:7", "--param", "s32:-2")
    assert r.exit_code == 0, r.output
    assert "global 0x10000000: 0x0  0x1  0x2  0x3" in r.output          # iota u32 at the first buffer address
    assert "c[0x0] 0x0: 7  -2" in r.output
    assert "0x3f800000 = 1.0" in r.output
    assert "global 0x10000001: 0x0  0x0" in r.output                    # bytes 1, 2 of the little-endian 0

    # a bad command stops a batch script with exit status 1, no traceback
    r, _ = debug(tmp_path, "print R1 +\nprint R0\n")
    assert r.exit_code == 1 and "error: expected a value at column 5" in r.output
    assert "R0 =" not in r.output and "Traceback" not in r.output


def test_command_errors(shipped_db):
    import io

    from gpuisa.asm.assembler import assemble
    from gpuisa.debug import Debugger
    from gpuisa.sim import Simulator
    text = NESTED.read_text()
    prog = assemble(shipped_db, text)
    out = io.StringIO()
    dbg = Debugger(Simulator(shipped_db, prog), prog, text, stdout=out)
    for n, (bad, msg) in enumerate((("break NOWHERE", "no label or address 'NOWHERE'"),
                                    ("frobnicate", "undefined command"),
                                    ("x/4wx 0x5", "cannot access global memory at 0x5"), ("warp 7", "no warp 7"),
                                    ("p R300", "no register R300"), ("p 1 / 0", "division by zero"),
                                    ("p/q R1", "formats are x, d, u, f, t"), ("break 0x8", "not an instruction"),
                                    ("watch 3", "expected a register")), 1):
        dbg.onecmd(bad)
        assert dbg.errors == n and msg in out.getvalue(), (bad, out.getvalue())


def test_launch_options_are_the_ones_of_run():
    from gpuisa.debug.cli import debug_cmd
    from gpuisa.sim.cli import OUTPUT_PARAMS, run_cmd
    run_opts = {p.name for p in run_cmd.params} - set(OUTPUT_PARAMS)
    assert run_opts and run_opts <= {p.name for p in debug_cmd.params}


def test_multi_warp_focus(tmp_path):
    r, _ = debug(tmp_path, "warp 1\nstep 1\ninfo warps\n", "--block", "64")
    assert r.exit_code == 0, r.output
    assert "*  1    0    1" in r.output                                  # the focus mark on warp 1
