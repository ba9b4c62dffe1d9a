"""Session 15 (proxy15): scientific proxy applications as their authors write and run them. The
kernels' results are checked by test_corpus_run.py (``proxy15_*`` sources) and, through the command
line from all three input forms on every target (``--buffer NAME=file:PATH``, structs by value,
``--json``), by ``scripts/proxy15_cli.py``. Here: a kernel whose local arrays exceed the default 16 KiB
of local memory gets what its frame needs (D15-P-1), and the first mistake an author of such code
makes (XSBench's struct fields given as separate parameters) is a message naming the kernel's
parameters, exit 1, no traceback."""
from __future__ import annotations

from click.testing import CliRunner

from cuda_expect import CORPUS, manifests

from gpuisa.cli import main


def _run(*args):
    res = CliRunner().invoke(main, [str(a) for a in args])
    assert not isinstance(res.exception, Exception) or isinstance(res.exception, SystemExit), res.exception
    assert "Traceback" not in res.output
    return res


def test_xsbench_struct_fields_as_separate_parameters():
    """XSBench's kernel takes two structs by value; giving their fields one by one is refused with
    the kernel's own parameter table (from the cubin's .nv.info)."""
    res = _run("run", CORPUS / "sm_80" / "proxy15_xsbench.nvdisasm", "--grid", "1", "--block", "64",
               "--buffer", "a=64", "--param", "s64:8", "--param", "s64:24", "--param", "s32:64", "--param", "s32:5",
               "--param", "ptr:a")
    assert res.exit_code == 1
    assert "takes 2 parameters (#1: 24 bytes at +0x0, #2: 48 bytes at +0x18); 5 given" in res.output


def test_local_memory_follows_the_kernel_frame(isa, lone):
    """D15-P-1: a kernel whose frame is over 16 KiB (proxy15_bigframe: 0x5900 bytes of local arrays)
    gets that much local memory without --local-bytes, from every input form: the module's .nv.info
    (EIATTR_FRAME_SIZE / MIN_STACK_SIZE) of an nvdisasm listing or a cubin, the cubin beside a
    cuobjdump listing, and a cuobjdump listing alone (its code's `IADD3 R1, R1, -0x5900, RZ`)."""
    from gpuisa.cuda import load_cuda
    alone = []
    for arch in ("sm_90", "sm_120"):        # `VIADD R1, R1, 0xffffa700`, `IADD3 R1, PT, PT, R1, -0x5900, RZ`
        alone.append(lone / f"{arch}.cuobjdump")
        alone[-1].write_text((CORPUS / arch / "proxy15_bigframe.cuobjdump").read_text())
    for path in (CORPUS / "sm_80" / "proxy15_bigframe.nvdisasm", CORPUS / "sm_75" / "proxy15_bigframe.cuobjdump", *alone):
        k = load_cuda(isa, path, "deposit_cic")
        assert k.stack_bytes() == 0x5900, path
    small = load_cuda(isa, CORPUS / "sm_80" / "proxy15_xsbench.nvdisasm")
    assert small.stack_bytes() < 16384       # the default stays for the others


def test_local_bytes_given_is_kept():
    """--local-bytes given smaller than the frame is what the user asked for: the stack overflows
    with the located message (D11-B-9), exit 2."""
    launch = manifests()["proxy15_bigframe"]["launches"][0]
    args = ["run", CORPUS / "sm_80" / "proxy15_bigframe.nvdisasm", "--block", "32", "--local-bytes", "16384"]
    for name, b in launch["buffers"].items():
        args += ["--buffer", f"{name}={b['count'] * 8}"]
    for p in launch["params"]:
        args += ["--param", p]
    res = _run(*args)
    assert res.exit_code == 2 and "stack overflow" in res.output and "--local-bytes N" in res.output


def test_an_unbounded_stack_mark_is_not_a_size(isa, tmp_path):
    """Regression (D16-5): at -G a recursive kernel's EIATTR_MIN_STACK_SIZE is 0xffffffff (its depth
    is known only at run time); it was taken as 4 GiB of local memory and the launch died with an
    internal OverflowError writing the 32-bit stack top (scripts/flag_matrix.py --flags G,
    mem13_recur). The mark is now no size: the launch gets the default local memory and gives
    the recursion's result. Here the -O3 listing with that one word set to the mark; expected
    values: cuda_expect.mem13_recur (Python). And a --local-bytes past 32 bits is refused."""
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from cuda_expect import compare, expected, launches, make_inputs

    from gpuisa.cuda import load_cuda
    text = (CORPUS / "sm_80" / "mem13_local.nvdisasm").read_text()
    old = "\t.word\tindex@(mem13_recur)\n        /*0104*/ \t.word\t0x00000000\n"
    assert old in text
    path = tmp_path / "recur_g.nvdisasm"
    path.write_text(text.replace(old, old.replace("0x00000000", "0xffffffff")))
    launch = next(l for _, l in launches() if l["name"] == "mem13_recur")
    k = load_cuda(isa, path, launch["kernel"])
    assert k.stack_bytes() < 1 << 20
    bufs = make_inputs(launch)
    want = expected(launch, make_inputs(launch))
    res = k.launch(grid=tuple(launch["grid"]), block=tuple(launch["block"]), params=launch["params"], buffers=bufs)
    assert res.status == "ok"
    assert all(compare(launch, n, bufs[n], want[n]) is None for n in launch["outputs"])
    big = _run("run", path, "--kernel", launch["kernel"], "--local-bytes", str(1 << 33))
    assert big.exit_code == 1 and "at most" in big.output and "internal" not in big.output
    from gpuisa.cuda.module import stack_attr       # the cubin's reader takes the same rule
    assert stack_attr(0xFFFFFFFF) == 0 and stack_attr(0x5900) == 0x5900
