"""`__device__` variables by name (decision D8-6): `gpuisa run --dump-buffer counter` prints a
device global after the run, `--buffer counter=4:fill:7` initialises it (cudaMemcpyToSymbol),
`--param ptr:counter` passes its address (cudaGetSymbolAddress); a namespaced variable is also
found by its C++ name (`stats::total`). `__constant__` variables likewise (decision D8-7):
`--buffer filt=...` sets one as cudaMemcpyToSymbol does. data/devglobals/dg.cu and cc.cu, from
all three input forms. Expected values: Python sums of what each thread adds; the convolution
by exact rational rounding."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from gpuisa.cli import main

DATA = Path(__file__).resolve().parent / "data" / "devglobals"
FORMS = [("sm_75", "cubin"), ("sm_90", "nvdisasm"), ("sm_90", "cuobjdump")]


def _run(*args):
    return CliRunner().invoke(main, ["run", *map(str, args)])


@pytest.mark.parametrize("arch,form", FORMS)
def test_dump_device_globals_by_name(arch, form):
    r = _run(DATA / f"dg_{arch}.{form}", "--grid", 2, "--block", 64, "--buffer", "o=512", "--param", "ptr:o",
             "--dump-buffer", "counter:s32", "--dump-buffer", "table:f32", "--dump-buffer", "stats::total:u64",
             "--json")
    assert r.exit_code == 0, r.output
    got = json.loads(r.output)["buffers"]
    threads = range(128)
    assert got["counter"] == [sum(threads)]
    assert got["table"] == [1.0 + k + sum(1 for t in threads if t % 4 == k) for k in range(4)]
    assert got["stats::total"] == [sum(t * t for t in threads)]


def test_initialise_a_device_global_and_pass_its_address():
    """--buffer SYMBOL initialises the variable itself (a prefix of it may be given); the text
    output says it is a device global; its mangled name works too."""
    r = _run(DATA / "dg_sm_90.nvdisasm", "--grid", 1, "--block", 32, "--buffer", "stats::total=8:fill:5:u64",
             "--buffer", "table=8:fill:-1:f32", "--param", "u64:0", "--dump-buffer", "_ZN5stats5totalE:u64",
             "--dump-buffer", "table:f32")
    assert r.exit_code == 0, r.output
    assert "device global _ZN5stats5totalE at 0x" in r.output
    r = _run(DATA / "dg_sm_90.nvdisasm", "--grid", 1, "--block", 32, "--buffer", "stats::total=8:fill:5:u64",
             "--buffer", "table=8:fill:-1:f32", "--param", "u64:0", "--dump-buffer", "_ZN5stats5totalE:u64",
             "--dump-buffer", "table:f32", "--json")
    got = json.loads(r.output)["buffers"]
    assert got["_ZN5stats5totalE"] == [5 + sum(t * t for t in range(32))]
    # the first two floats given (-1), the others from the initialiser (3, 4); 8 threads add to each
    assert got["table"] == [-1.0 + 8, -1.0 + 8, 3.0 + 8, 4.0 + 8]
    # the kernel's o = &counter: thread i stores i (counter >= 0) over the counter's word -> faults
    # past its 4 bytes for lane 1: a located memory fault naming the global's section
    r = _run(DATA / "dg_sm_90.nvdisasm", "--grid", 1, "--block", 32, "--param", "ptr:counter")
    assert r.exit_code == 2 and "just past the end of buffer '.nv.global" in r.output, r.output


def test_device_global_errors_are_clear():
    r = _run(DATA / "dg_sm_90.nvdisasm", "--block", 32, "--buffer", "counter=8", "--param", "ptr:counter")
    assert r.exit_code == 1 and "8 bytes, but the device global counter has 4" in r.output, r.output
    r = _run(DATA / "dg_sm_90.nvdisasm", "--block", 32, "--param", "u64:0", "--dump-buffer", "count")
    assert r.exit_code == 1 and "no __device__ or __constant__ variable of that name" in r.output and "counter" in r.output, r.output
    assert "Traceback" not in r.output


def _conv_expect(x, f, n):
    """The kernel's sums in its order, each step one fused multiply-add rounded to binary32
    (exact in float64: a product of two binary32 values plus a binary32 is rounded once there
    only when it is exact, so use fractions for the single rounding)."""
    from fractions import Fraction
    lut = [3, 1, 4, 1]
    out = []
    for i in range(n):
        acc = np.float32(0)
        for k in range(-3, 4):
            j = i + k
            if 0 <= j < n:
                exact = Fraction(float(f[k + 3])) * Fraction(float(x[j])) + Fraction(float(acc))
                acc = np.float32(_round_f32(exact))
        out.append(float(np.float32(acc + np.float32(lut[i & 3]))))
    return out


def _round_f32(q):
    """The exact rational *q* rounded to the nearest binary32 (ties to even)."""
    from fractions import Fraction
    f = np.float32(float(q))                        # within one step of the answer
    cands = [np.nextafter(f, np.float32(-np.inf)), f, np.nextafter(f, np.float32(np.inf))]
    best = min(cands, key=lambda c: (abs(Fraction(float(c)) - q), int(np.array(c).view(np.uint32)) & 1))
    return best


@pytest.mark.parametrize("arch,form", [("sm_75", "cubin"), ("sm_120", "nvdisasm"), ("sm_120", "cuobjdump")])
def test_constant_variable_set_by_buffer(arch, form, tmp_path):
    """`--buffer filt=28:file:F` is cudaMemcpyToSymbol(filt, ...): the kernel reads it from bank 3;
    `--dump-buffer lut:s32` shows an initialised __constant__ table (decision D8-7)."""
    n = 40
    rng = np.random.default_rng(8)
    x = rng.uniform(-2, 2, n).astype(np.float32)
    f = np.array([0.05, -0.1, 0.25, 0.6, 0.25, -0.1, 0.05], np.float32)
    (tmp_path / "x.bin").write_bytes(x.tobytes())
    (tmp_path / "f.bin").write_bytes(f.tobytes())
    r = _run(DATA / f"cc_{arch}.{form}", "--grid", 2, "--block", 32, "--buffer", f"in={4 * n}:file:{tmp_path / 'x.bin'}",
             "--buffer", f"out={4 * n}", "--buffer", f"filt=28:file:{tmp_path / 'f.bin'}", "--param", "ptr:in",
             "--param", "ptr:out", "--param", f"s32:{n}", "--dump-buffer", "out:f32", "--dump-buffer", "lut:s32",
             "--dump-buffer", "filt:f32", "--json")
    assert r.exit_code == 0, r.output
    got = json.loads(r.output)["buffers"]
    assert got["out"] == _conv_expect(x, f, n)
    assert got["lut"] == [3, 1, 4, 1] and got["filt"] == [float(v) for v in f]


def test_constant_variable_errors():
    r = _run(DATA / "cc_sm_75.nvdisasm", "--block", 32, "--buffer", "filt=32", "--param", "u64:0",
             "--param", "u64:0", "--param", "s32:0")
    assert r.exit_code == 1 and "32 bytes, but the __constant__ variable filt has 28" in r.output, r.output


def test_constant_variable_of_another_kernel_from_a_cuobjdump_listing(isa):
    """D11-S-4: the host sets a module's __constant__ variables whichever kernel it launches (the
    developer blog's GUPS sets c_m2 and launches d_init, which reads no bank but 0). A cuobjdump
    listing carries no data, and its cubin was read only for a kernel reading bank 2-4, so
    `constants={"c_m2": ...}` was refused ("the module's: none"); the cubin beside the listing now
    gives the variables. Here: k-means' c_clusters, set for kmeans_accum (which takes its centres by
    pointer); kmeans_accum's results do not depend on it."""
    from gpuisa.cuda import load_cuda
    corpus = Path(__file__).resolve().parent / "corpus" / "sm_90"
    k = load_cuda(isa, corpus / "kmeans.cuobjdump", "kmeans_accum")
    assert k.info.banks_read() == {0}
    pts = np.array([0.0, 1.0, 4.0, 5.0], np.float32)               # 4 points, d = 1
    bufs = {"pts": pts, "cen": np.array([0.5, 4.5], np.float32), "mem": np.zeros(4, np.int32),
            "sums": np.zeros(2, np.float32), "cnt": np.zeros(2, np.int32), "dmin": np.zeros(4, np.float32)}
    res = k.launch(grid=1, block=32, params=["ptr:pts", "ptr:cen", "ptr:mem", "ptr:sums", "ptr:cnt", "s32:4", "s32:2",
                                             "s32:1", "ptr:dmin"],
                   buffers=bufs, constants={"c_clusters": np.full(4, 7.0, np.float32).tobytes()})
    assert res.status == "ok", res.fault
    assert bufs["mem"].tolist() == [0, 0, 1, 1] and bufs["cnt"].tolist() == [2, 2]
    assert bufs["sums"].tolist() == [16.0, 144.0] and bufs["dmin"].tolist() == [0.5] * 4


def test_api_buffer_named_like_a_constant_sets_it(isa):
    """Regression (D16-4): ``kernel.launch(buffers={"c_mask1d": mask, ...})`` mapped the mask as a
    global buffer the kernel never reads, and the __constant__ variable stayed zero: every output
    0.0 (found by scripts/flag_matrix.py at -G). It now sets the variable, as ``gpuisa run --buffer
    c_mask1d=...`` does; a buffer a ``ptr:`` parameter points to stays a buffer; the variable given
    twice is refused. Expected: the convolution computed with numpy (cuda_expect.p13_conv1d)."""
    import sys
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from cuda_expect import CORPUS, compare, expected, launches, make_inputs

    from gpuisa.cuda import load_cuda
    from gpuisa.errors import UsageError
    launch = next(l for _, l in launches() if l["name"] == "p13_conv1d")
    k = load_cuda(isa, CORPUS / "sm_90" / "pm13_conv.nvdisasm", launch["kernel"])
    bufs = make_inputs(launch)
    want = expected(launch, make_inputs(launch))
    args = dict(grid=tuple(launch["grid"]), block=tuple(launch["block"]), shared_bytes=launch.get("shared_bytes", 0))
    assert k.launch(params=launch["params"], buffers=bufs, **args).status == "ok"
    assert compare(launch, "out", bufs["out"], want["out"]) is None
    with pytest.raises(UsageError, match="given twice"):
        k.simulator(params=launch["params"], buffers=make_inputs(launch),
                    constants={"c_mask1d": bytes(28)}, **args)
    # a buffer the kernel is given by pointer is the program's own, whatever its name
    pointed = make_inputs(launch)
    pointed["c_mask1d"], pointed["in"] = pointed["in"], pointed["c_mask1d"]
    sim = k.simulator(params=["ptr:c_mask1d", "ptr:out", launch["params"][2]], buffers=pointed,
                      constants={"c_mask1d": make_inputs(launch)["c_mask1d"].tobytes()}, **args)
    assert "c_mask1d" in sim.addresses


def test_api_buffer_named_like_a_device_variable_initialises_it_and_gets_it_back(isa):
    """D16-4: ``launch(buffers={"counter": a, ...})`` initialises the ``__device__`` variable from
    *a* and copies it back after the run (cudaMemcpyTo/FromSymbol), as ``gpuisa run --buffer
    counter=...`` does; before, *a* was a buffer the kernel never saw and kept its bytes. Expected:
    each of the 128 threads adds its index to counter (7 + 0 + ... + 127) and 1.0 to table[i & 3]."""
    from gpuisa.cuda import load_cuda
    k = load_cuda(isa, DATA / "dg_sm_90.nvdisasm", None)
    counter = np.array([7], np.int32)
    table = np.zeros(4, np.float32)
    o = np.zeros(128, np.int32)
    res = k.launch(grid=2, block=64, params=["ptr:o"], buffers={"o": o, "counter": counter, "table": table})
    assert res.status == "ok"
    assert counter[0] == 7 + sum(range(128))
    assert table.tolist() == [32.0, 32.0, 32.0, 32.0]     # the initial {1, 2, 3, 4} replaced by the zeros given
