"""The programs of examples/: each runs with the command line written in its
header comment, and its results are checked against values computed here
(numpy, plain Python) from the buffers the run started with."""
from __future__ import annotations

import json
import shlex
from pathlib import Path

import numpy as np
from click.testing import CliRunner

from gpuisa.cli import main

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"


def header_command(path: Path) -> str:
    """The `gpuisa run ...` line of the header comment."""
    lines = [ln[2:].strip() for ln in path.read_text().splitlines() if ln.startswith("//")]
    cmds = [ln for ln in lines if ln.startswith("gpuisa run ")]
    assert len(cmds) == 1, f"{path.name}: expected one `gpuisa run` line in the header, found {len(cmds)}"
    return cmds[0]


def command_of(path: Path) -> list[str]:
    """The header command as arguments after `gpuisa`."""
    args = shlex.split(header_command(path))[1:]
    assert args[1] == f"examples/{path.name}"
    return args


def run_example(name: str, *dumps: str, options=(), source: str | None = None, tmp_path=None,
                expect: str = "ok") -> dict:
    """Run the header command with --json; returns the JSON object.  *dumps*: more
    --dump-buffer (inputs), unless the command dumps them already; *options*: more
    options; *source*: run this text instead of the file (same command line)."""
    path = EXAMPLES / name
    args = command_of(path)
    args[1] = str(path)
    if source is not None:
        tmp = tmp_path / name
        tmp.write_text(source)
        args[1] = str(tmp)
    dumped = {a.split(":")[0] for i, a in enumerate(args) if i and args[i - 1] == "--dump-buffer"}
    for d in dumps:
        if d.split(":")[0] not in dumped:
            args += ["--dump-buffer", d]
    r = CliRunner().invoke(main, args + list(options) + ["--json"])
    out = json.loads(r.output)
    assert out["status"] == expect, out.get("fault")
    assert r.exit_code == (0 if expect == "ok" else 2)
    return out


def f32(values) -> np.ndarray:
    return np.array(values, dtype=np.float64).astype(np.float32)


def test_every_example_is_listed_and_tested():
    files = sorted(p.name for p in EXAMPLES.glob("*.s"))
    assert len(files) >= 6
    readme = (EXAMPLES / "README.md").read_text()
    for f in files:
        assert f"test_{f[:-2]}" in globals(), f"{f} has no test"
        assert header_command(EXAMPLES / f) in readme, f"{f}: its command line is not in examples/README.md"


def test_vector_add():
    out = run_example("vector_add.s", "a:f32", "b:f32")
    b = out["buffers"]
    a, bb, c = f32(b["a"]), f32(b["b"]), f32(b["c"])
    n = 150
    assert np.array_equal(c[:n], a[:n] + bb[:n])            # float32 add, rounded to nearest even
    assert (c[n:] == 0).all() and c.size == 160             # threads with i >= n wrote nothing
    assert np.array_equal(bb, np.arange(150, dtype=np.float32))


def test_warp_scan():
    out = run_example("warp_scan.s", "in:f32")
    x = f32(out["buffers"]["in"]).reshape(4, 32)
    got = f32(out["buffers"]["out"]).reshape(4, 32)
    ref = x.copy()
    for k in (1, 2, 4, 8, 16):                              # the page's tree, in float32
        nxt = ref.copy()
        nxt[:, k:] = ref[:, :-k] + ref[:, k:]
        ref = nxt
    assert np.array_equal(got, ref)
    exact = np.cumsum(x.astype(np.float64), axis=1)
    assert np.allclose(got, exact, rtol=1e-5)
    assert np.array_equal(got[:, 0], x[:, 0])


def test_block_reduce():
    out = run_example("block_reduce.s", "in")
    x = out["buffers"]["in"]
    assert len(x) == 512
    expect = [sum(x[c * 128:(c + 1) * 128]) % (1 << 32) for c in range(4)]
    assert out["buffers"]["out"] == expect


def test_histogram():
    out = run_example("histogram.s", "data:u8", "rank")
    data = out["buffers"]["data"][:500]
    hist = out["buffers"]["hist"]
    counts = [0] * 16
    for v in data:
        counts[v >> 4] += 1
    assert hist == counts and sum(hist) == 500
    rank = out["buffers"]["rank"]
    for b in range(16):
        got = sorted(rank[i] for i in range(500) if data[i] >> 4 == b)
        assert got == list(range(counts[b])), b          # every increment counted exactly once


def collatz_steps(x: int) -> int:
    n = 0
    while x > 1:
        x = 3 * x + 1 if x & 1 else x // 2
        n += 1
    return n


def test_collatz():
    out = run_example("collatz.s", "in:u16")
    xs = out["buffers"]["in"]
    assert out["buffers"]["steps"] == [collatz_steps(x) for x in xs[:128]]
    assert len(set(out["buffers"]["steps"])) > 50            # really divergent


def test_spin_wait(tmp_path):
    out = run_example("spin_wait.s")
    assert out["buffers"]["out"] == [c * c + 7 + 1000 for c in range(16)]
    # without YIELD the consumers spin forever: a step-limit fault, not a hang
    text = (EXAMPLES / "spin_wait.s").read_text()
    no_yield = "\n".join(ln for ln in text.splitlines() if not ln.strip().startswith("YIELD"))
    assert no_yield.count("YIELD ;") == 0 and text.count("YIELD ;") == 1
    out = run_example("spin_wait.s", options=["--max-steps", "3000"], source=no_yield + "\n", tmp_path=tmp_path,
                      expect="step-limit")
    assert out["buffers"]["out"] == [0] * 16
