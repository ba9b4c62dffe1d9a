"""The CUDA front end: detection by content, the listing and cubin readers,
the launch ABI (checked against the compiled corpus), --kernel selection."""
from __future__ import annotations

import os
import re
import struct
from pathlib import Path

import pytest

from cuda_expect import ARCHS, CORPUS, manifests

from gpuisa.cuda import abi_for, demangle, detect, read_module
from gpuisa.cuda.module import CudaModule

DATA = Path(__file__).resolve().parent / "data"

SIZES = {"ptr": 8, "s8": 1, "u8": 1, "s16": 2, "u16": 2, "f16": 2, "bf16": 2, "s32": 4, "u32": 4, "s64": 8, "u64": 8, "f32": 4, "f64": 8}


def _read(arch, stem, form):
    p = CORPUS / arch / f"{stem}.{form}"
    return read_module(p.read_bytes(), str(p))


@pytest.mark.parametrize("form,kind", [("nvdisasm", "nvdisasm"), ("cuobjdump", "cuobjdump"), ("cubin", "cubin")])
def test_detect_by_content(form, kind):
    data = (CORPUS / "sm_80" / f"vector_add.{form}").read_bytes()
    assert detect(data) == kind
    assert detect(b"S2R R0, SR_LANEID ;\nEXIT ;\n") is None
    assert detect("// a comment about sm_80\nEXIT ;\n") is None


_CODES = {"u8": "B", "s8": "b", "u16": "H", "s16": "h", "u32": "I", "s32": "i", "u64": "Q", "s64": "q",
          "f16": "e", "bf16": "e", "f32": "f", "f64": "d", "ptr": "P"}


def _param_size(p: str) -> int:
    """A --param's size; a struct's from C's layout (the struct module's native alignment, padded
    at the end to its largest field: the ``0`` count of that field's code)."""
    t, v = p.split(":", 1)
    t, _, align = t.partition("@")      # struct@16: a float4, double2 or alignas(16) struct (D12-C-1)
    if t != "struct":
        return SIZES[t]
    codes = [_CODES[f.split(":")[0]] for f in v.split(",")]
    big = max(codes, key=struct.calcsize)
    size = struct.calcsize("@" + "".join(codes) + "0" + big)
    return -(-size // int(align or 1)) * int(align or 1)


@pytest.mark.parametrize("arch", ARCHS if os.environ.get("GPUISA_CUDA_FULL") else ("sm_75", "sm_120"))
def test_nvdisasm_tables_match_manifests(arch):
    """Every kernel's .nv.info parameter table agrees with its manifest's --param
    list (count and sizes), and its parameter bank offset is the ABI's.  By default the
    sources alternate between the two targets (each source once); every pair under FULL."""
    full = bool(os.environ.get("GPUISA_CUDA_FULL"))
    for i, (stem, man) in enumerate(sorted(manifests().items())):
        if not full and i % 2 != (arch == "sm_120"):
            continue
        mod = _read(arch, stem, "nvdisasm")
        assert mod.arch == int(arch[3:])
        for launch in man["launches"]:
            k = mod.kernel(launch["kernel"])
            sizes = [_param_size(p) for p in launch["params"]]
            assert [p.size for p in k.params] == sizes, (stem, k.params)
            # over 4 KiB of parameters, sm_75-sm_89 code reads them from 0x1a80 (decision D8-tiny-3)
            big = sum(sizes) > 4096 + 32 and mod.arch < 90
            assert k.param_base == (0x1A80 if big else abi_for(mod.arch).params), (stem, launch["kernel"])
            assert k.lines


@pytest.mark.parametrize("arch", ARCHS)
def test_abi_offsets_against_compiled_code(arch):
    """The stack-top, blockDim and descriptor offsets of the ABI table are what
    nvcc's code reads (the first instruction loads R1 from the stack top)."""
    a = abi_for(int(arch[3:]))
    text = (CORPUS / arch / "vector_add.nvdisasm").read_text()
    first = re.search(r"/\*0000\*/\s+(.*?);", text).group(1)
    assert re.search(rf"R1, c\[0x0\]\[0x{a.stack:x}\]", first), first
    assert f"c[0x0][0x{a.ntid:x}]" in text or a.ntid == 0 and "c[0x0][RZ]" in text   # blockDim.x
    if a.desc is not None:
        assert f"c[0x0][0x{a.desc:x}]" in text                    # ULDC.64 URn, desc
    k2d = (CORPUS / arch / "kernel2d.nvdisasm").read_text()
    assert f"c[0x0][0x{a.nctaid:x}]" in k2d and f"c[0x0][0x{a.nctaid + 4:x}]" in k2d   # gridDim.x / .y


def test_cubin_matches_listing(nvdisasm):
    for arch in ("sm_90",):    # nvdisasm takes seconds per call on a loaded machine
        lst, cub = _read(arch, "const_table", "nvdisasm"), _read(arch, "const_table", "cubin")
        assert cub.kind == "cubin" and cub.arch == lst.arch
        kl, kc = lst.kernel(None), cub.kernel(None)
        assert kl.params == kc.params and kl.shared == kc.shared and kl.param_base == kc.param_base
        assert lst.banks[3] == cub.banks[3] == bytes().join(v.to_bytes(4, "little") for v in (3, 1, 4, 1, 5, 9, 2, 6))
        assert [t for _, t in kl.lines] == [t for _, t in kc.lines]


def test_shared_sizes():
    # 16 bins of u32; on sm_90+ .nv.shared.NAME includes the 1 KiB reserved window (UMOV UR4, 0x400)
    assert _read("sm_80", "histogram", "nvdisasm").kernel(None).shared == 64
    assert _read("sm_90", "histogram", "nvdisasm").kernel(None).shared == 1024 + 64
    assert _read("sm_120", "histogram", "nvdisasm").kernel(None).shared == 1024 + 64


def test_cuobjdump_assumes_the_largest_static_shared_size(isa):
    """A cuobjdump listing has no .nv.shared.NAME: the model assumes the most a kernel can declare,
    48 KiB, plus on sm_90+ the reserved 1 KiB its section starts with (decision D9-G-2):
    gemm9_sgemm's sgemm_smem48 declares exactly 48 KiB and stores up to 0xc3ff on sm_90."""
    import numpy as np

    from gpuisa.cuda import load_cuda
    bufs = {n: np.zeros(4, np.float32) for n in "ABC"}
    params = ["s32:1", "s32:1", "s32:1", "f32:1", "ptr:A", "ptr:B", "f32:0", "ptr:C"]
    for arch, want in (("sm_80", 0xC000), ("sm_90", 0xC400), ("sm_120", 0xC400)):
        assert _read(arch, "gemm9_sgemm", "nvdisasm").kernel("sgemm_smem48").shared == want
        if arch == "sm_120":
            continue            # the same ABI row as sm_90 for this (Abi.max_static_shared)
        k = load_cuda(isa, CORPUS / arch / "gemm9_sgemm.cuobjdump", "sgemm_smem48")
        assert k.info.shared is None and k.module.data_from is None
        # plus, on sm_80-89, the driver's reserved 1 KiB the model puts above it (D9-S-1)
        reserved = 0x400 if arch == "sm_80" else 0
        assert k.simulator(params=params, buffers=dict(bufs)).shared_size == want + reserved, arch


def test_cuobjdump_has_no_data():
    mod = _read("sm_90", "const_table", "cuobjdump")
    assert isinstance(mod, CudaModule) and not mod.has_data and mod.arch == 90
    assert mod.kernel(None).params is None


def test_kernel_selection():
    mod = _read("sm_80", "two_kernels", "nvdisasm")
    assert mod.kernel("scale").name == "scale"
    with pytest.raises(Exception, match="2 kernels; choose one with --kernel NAME: offset, scale"):
        mod.kernel(None)
    with pytest.raises(Exception, match="kernel 'nope' not found; kernels: offset, scale"):
        mod.kernel("nope")
    dc = _read("sm_80", "device_call", "cuobjdump")
    assert dc.kernel("device_call").name == "_Z11device_callPKiPii"
    assert dc.kernel("device_call(int const*, int*, int)").name == "_Z11device_callPKiPii"


def test_demangle():
    assert demangle("_Z11device_callPKiPii") == "device_call(int const*, int*, int)"
    assert demangle("_Z3fooPfj") == "foo(float*, unsigned int)"
    assert demangle("vector_add") == "vector_add"


#: nvcc 13.0's symbols of template, namespace and pack kernels, with what c++filt (binutils)
#: prints for them (decision D2-1)
_CXXFILT = {
    "_Z7treduceIi3AddIiEEvPKT_PS2_iT0_": "void treduce<int, Add<int> >(int const*, int*, int, Add<int>)",
    "_Z5tscanIyEvPKT_PS0_": "void tscan<unsigned long long>(unsigned long long const*, unsigned long long*)",
    "_Z5applyI5SaxpyEvPKfPfT_": "void apply<Saxpy>(float const*, float*, Saxpy)",
    "_ZN39_GLOBAL__N__8d679faa_7_mang_cu_3c514e0a4anonEPi": "(anonymous namespace)::anon(int*)",
    "_ZN2ns2k1INS_2OpEEEvPT_PKS2_S2_": "void ns::k1<ns::Op>(ns::Op*, ns::Op const*, ns::Op)",
    "_ZN2ns2k1IfEEvPT_PKS1_S1_": "void ns::k1<float>(float*, float const*, float)",
    "_ZN2ns2k2ENS_2OpEPi": "ns::k2(ns::Op, int*)",
    "_Z4packIJEEvPiDpT_": "void pack<>(int*)",
    "_Z4packIJifdEEvPiDpT_": "void pack<int, float, double>(int*, int, float, double)",
    "_Z8nested_tIsEvN1S2InIT_EEPS3_PS2_S5_": "void nested_t<short>(S::In<short>, S::In<short>*, short*, short*)",
    "_Z2ttI4WrapiEvT_IT0_EPS2_": "void tt<Wrap, int>(Wrap<int>, int*)",
    "_Z3vecIfLi4EEvN2ns5inner3VecIT_XT0_EEEPS3_": "void vec<float, 4>(ns::inner::Vec<float, 4>, float*)",
    "_Z3litILin3ELb1ELj7EEvPi": "void lit<-3, true, 7u>(int*)",
    "_Z3volPViPVKfPPi5char4P6float4": "vol(int volatile*, float const volatile*, int**, char4, float4*)",
    # a function pointer as a template argument (llm.c's trimul_global<matmul_tri3>, decision D9-L-4)
    "_Z13trimul_globalIXadL_Z11matmul_tri3PfiPKfiS2_iiifEEEvS0_S2_iii":
        "void trimul_global<&(matmul_tri3(float*, int, float const*, int, float const*, int, int, int, float))>"
        "(float*, float const*, int, int, int)",
    "_Z11head_scoresIXadL_Z7tile8x8PfiPKfiS2_iiifEEEvS0_S2_iii":
        "void head_scores<&(tile8x8(float*, int, float const*, int, float const*, int, int, int, float))>"
        "(float*, float const*, int, int, int)",
    # an enumerator as a template argument (the developer blog's gups: d_bench<UPDATE>, D11-S-1), also in a
    # namespace and through a substitution; a function without & (L_Z..E) was unreachable behind the literal reader
    "_Z7d_benchIL6test_t0EEvmmP9benchtypei": "void d_bench<(test_t)0>(unsigned long, unsigned long, benchtype*, int)",
    "_Z3fooIL6test_tn1EEvv": "void foo<(test_t)-1>()",
    "_Z3fooIN2ns5ColorELS1_2EEvv": "void foo<ns::Color, (ns::Color)2>()",
    "_Z13trimul_globalIL_Z11matmul_tri3PfiEEvPf": "void trimul_global<matmul_tri3(float*, int)>(float*)",
    # lambdas and other local types as template arguments (BabelStream's for_each_kernel<F>, moderngpu's
    # launch_box_cta_k<..., lambda>; D12-M-1): `Z <function> E <entity>`, `Ul..E_`, `Ut_`, a pack as a candidate
    "_Z15for_each_kernelIZN10CUDAStreamIfE4copyEvEUlmE_EvmmT_":
        "void for_each_kernel<CUDAStream<float>::copy()::{lambda(unsigned long)#1}>(unsigned long, unsigned long, "
        "CUDAStream<float>::copy()::{lambda(unsigned long)#1})",
    "_ZN4mgpu16launch_box_cta_kINS_15launch_params_tILi16ELi1ELi1ELi0EEEZ13simple_reduceILi16EPiS4_EvT0_T1_"
    "RNS_9context_tEEUliiE_JEEEvS5_iDpS6_":
        "void mgpu::launch_box_cta_k<mgpu::launch_params_t<16, 1, 1, 0>, simple_reduce<16, int*, int*>(int*, int*, "
        "mgpu::context_t&)::{lambda(int, int)#1}>(simple_reduce<16, int*, int*>(int*, int*, mgpu::context_t&)::"
        "{lambda(int, int)#1}, int)",
    "_Z1fIZ4mainEUt_EvT_": "void f<main::{unnamed type#1}>(main::{unnamed type#1})",
    "_Z1fIZ4mainEUlvE0_EvT_": "void f<main::{lambda()#2}>(main::{lambda()#2})",
    "_Z1fIZN2ns1gEiE1SEvT_": "void f<ns::g(int)::S>(ns::g(int)::S)",
    "_Z1fIZ1gvE1S_0EvT_": "void f<g()::S>(g()::S)",
    # a template parameter (and its pack expansion `DpT1_`) is a candidate read where it is used: the
    # kernel's `S5_`/`DpS6_` above and `SD_`/`DpSH_` here name the kernel's own T0_/T1_;
    # `NSt15iterator_traitsI..E..E` is std:: inside a nested name
    "_ZN4mgpu16launch_box_cta_kINS_15launch_params_tILi64ELi1ELi1ELi0EEEZNS_6detail9segsort_tIN"
    "S_7empty_tEfiNS_6less_tIfEEE12merge_passesEvEUliiE_JEEEvT0_iDpT1_":
        "void mgpu::launch_box_cta_k<mgpu::launch_params_t<64, 1, 1, 0>, mgpu::detail::segsort_t<mgpu::empty_"
        "t, float, int, mgpu::less_t<float> >::merge_passes()::{lambda(int, int)#1}>(mgpu::detail::segsort_t<"
        "mgpu::empty_t, float, int, mgpu::less_t<float> >::merge_passes()::{lambda(int, int)#1}, int)",
    "_ZN4mgpu16launch_box_cta_kINS_15launch_params_tILi128ELi1ELi1ELi0EEENS_6detail11transform_"
    "fIS2_EEJZNS_21merge_path_partitionsILNS_8bounds_tE0EPiS8_NS_6less_tIiEEEENS_5mem_tINSt15iterator_tra"
    "itsIT0_E10value_typeEEESD_lT1_llT2_RNS_9context_tEEUliE_mEEEvSD_iDpSH_":
        "void mgpu::launch_box_cta_k<mgpu::launch_params_t<128, 1, 1, 0>, mgpu::detail::transform_f<mgpu::lau"
        "nch_params_t<128, 1, 1, 0> >, mgpu::merge_path_partitions<(mgpu::bounds_t)0, int*, int*, mgpu::less_"
        "t<int> >(int*, long, int*, long, long, mgpu::less_t<int>, mgpu::context_t&)::{lambda(int)#1}, unsign"
        "ed long>(mgpu::detail::transform_f<mgpu::launch_params_t<128, 1, 1, 0> >, int, mgpu::merge_path_part"
        "itions<(mgpu::bounds_t)0, int*, int*, mgpu::less_t<int> >(int*, long, int*, long, long, mgpu::less_t"
        "<int>, mgpu::context_t&)::{lambda(int)#1}, unsigned long)",
}


@pytest.mark.parametrize("mangled", sorted(_CXXFILT))
def test_demangle_templates_like_cxxfilt(mangled):
    assert demangle(mangled) == _CXXFILT[mangled]


def test_every_corpus_kernel_name_demangles_as_cxxfilt():
    """The demangler against c++filt (binutils) on every kernel symbol of the corpus (its sm_90
    listings: every source has one): two rounds extended it at once (D12-C-2/5, D12-M-1) and their merge was checked so.
    Spacing between closing angle brackets is c++filt's own choice and not compared."""
    import shutil
    import subprocess
    filt = shutil.which("c++filt")
    if filt is None:
        pytest.skip("c++filt (binutils) is not installed")
    names = sorted({m.group(1) for f in CORPUS.glob("sm_90/*.nvdisasm")
                    for m in re.finditer(r"^\s*\.text\.(_Z\S+):$", f.read_text(errors="replace"), re.M)})
    assert len(names) > 150
    want = subprocess.run([filt], input="\n".join(names), capture_output=True, text=True, check=True).stdout.split("\n")
    wrong = [(n, demangle(n), w) for n, w in zip(names, want) if w != n and
             demangle(n).replace("> >", ">>") != w.replace("> >", ">>")]
    assert not wrong, wrong[:3]


def test_kernel_aliases_of_a_template_kernel():
    from gpuisa.cuda.module import kernel_aliases
    al = kernel_aliases("_Z7treduceIi3AddIiEEvPKT_PS2_iT0_")
    for spelling in ("treduce<int, Add<int>>", "treduce<int,Add<int> >", "treduce",
                     "void treduce<int, Add<int> >(int const*, int*, int, Add<int>)",
                     "treduce<int, Add<int>>(int const*, int*, int, Add<int>)"):
        assert "".join(spelling.split()) in al
    assert demangle("_Z3fooPfQ") == "_Z3fooPfQ"       # outside the subset: kept as it is


def test_kernel_names_without_namespace_west_const_and_void(tmp_path):
    """D10-3: `--kernel reduce<128, int>` for `ns::reduce<128, int>`, a parameter list written
    `const int*` (c++filt writes `int const*`), and `void over(float*)` for a non-template kernel
    (whose mangled name has no return type) name the kernel; a short name fitting several
    kernels is ambiguous."""
    from gpuisa.cuda.module import KernelInfo
    from gpuisa.errors import UsageError
    names = ["_ZN2ns6reduceILi128EiEEvPKT0_PS1_", "_ZN2ns6reduceILi256EfEEvPKT0_PS1_", "_Z4overPf", "_Z4overPi"]
    mod = CudaModule("nvdisasm", "t.nvdisasm", 80, {n: KernelInfo(n) for n in names})
    for spelling, want in (("reduce<128, int>", names[0]), ("ns::reduce<256,float>", names[1]),
                           ("ns::reduce<128, int>(const int*, int*)", names[0]),
                           ("reduce<128,int>(const int *, int *)", names[0]),
                           ("void reduce<256, float>(const float*, float*)", names[1]),
                           ("void over(float*)", names[2]), ("over(int *)", names[3])):
        assert mod.kernel(spelling).name == want, spelling
    for spelling in ("reduce", "over"):
        with pytest.raises(UsageError, match="is ambiguous"):
            mod.kernel(spelling)


@pytest.mark.parametrize("arch", ARCHS)
def test_device_globals_and_their_addresses_in_bank4(isa, arch):
    """math_mix's sin/cos read __cudart_i2opi_d / __cudart_sin_cos_coeffs (.nv.global.init) through
    the 64-bit addresses in .nv.constant4 (decision GA-5): the sections are placed in global memory
    after the buffers and bank 4 holds their addresses."""
    import numpy as np

    from gpuisa.cuda import CudaKernel
    mod = read_module((CORPUS / arch / "math_mix.nvdisasm").read_bytes(), "math_mix.nvdisasm")
    init, size = mod.globals[".nv.global.init"]
    assert size == len(init) > 0
    assert {"__cudart_i2opi_f", "__cudart_i2opi_d"} <= set(mod.symbols)
    relocs = {r[4]: r for r in mod.relocs}
    assert relocs["__cudart_i2opi_f"][0] == 4 and relocs["__cudart_i2opi_f"][3] == 8
    k = CudaKernel(isa, mod, mod.kernel("math_mix"))
    bufs = {"x": np.zeros(64, np.float32), "d": np.zeros(64), "o": np.zeros(512, np.float32), "od": np.zeros(256)}
    sim = k.simulator(grid=1, block=32, params=["ptr:x", "ptr:d", "ptr:o", "ptr:od", "s32:0"], buffers=bufs)
    base = sim.addresses[".nv.global.init"]
    assert base > max(sim.addresses[b] for b in bufs)
    for sym, (bank, _owner, off, n, _s, add) in relocs.items():
        sec, soff = mod.symbols[sym]
        assert sim.const.read(bank, off, n) == sim.addresses[sec] + soff + add
    sec, soff = mod.symbols["__cudart_i2opi_f"]
    assert sim.gmem.read_scalar(sim.addresses[sec] + soff, 4) == int.from_bytes(init[soff:soff + 4], "little") != 0


@pytest.mark.parametrize("engine", ["batched", "reference"])
def test_recursion_then_syncthreads(isa, engine):
    """Regression (decision GA-11): data/fib_bar.cu (nvcc -O3 sm_80) -- recursive fib with divergent
    lanes, then __syncthreads.  Lanes parked at fib's BSYNC by an outer activation must not be
    released by an inner one (was a deadlock at the BAR: a lane left fib early)."""
    import numpy as np

    from gpuisa.cuda import load_cuda

    def fib(n):
        return n if n < 2 else fib(n - 1) + fib(n - 2)
    a = np.random.default_rng(1).integers(0, 12, 64).astype(np.int32)   # depths to 11, every lane different work
    o = np.zeros(64, np.int32)
    k = load_cuda(isa, Path(__file__).parent / "data" / "fib_bar_sm80.nvdisasm")
    res = k.launch(grid=1, block=64, params=["ptr:a", "ptr:o"], buffers={"a": a, "o": o}, engine=engine)
    assert res.status == "ok", res.fault
    f = [fib(int(v) & 15) for v in a]
    assert [int(v) for v in o] == [f[t] + f[63 - t] for t in range(64)]


@pytest.mark.parametrize("stem,arch,kernel", [("switch_table", "sm_75", "switch_table")])
def test_a_life_range_listing_reads_as_the_plain_one(isa, stem, arch, kernel):
    """D10-4: `nvdisasm -plr` ends every line (labels and directives too) with a `// | 2 ^ : |`
    register life-range column; a label line was taken for an instruction, so every address after
    it was "not the one expected". The listing now reads as the plain one: same words, data, calls."""
    from gpuisa.cuda import load_cuda
    arch_tag = arch.replace("_", "")
    plr = load_cuda(isa, DATA / "plr" / f"{stem}_{arch_tag}_plr.nvdisasm", kernel)
    plain = load_cuda(isa, CORPUS / arch / f"{stem}.nvdisasm", kernel)
    # -plr leaves out the NOPs padding the kernel's end (its end label follows the last BRA)
    stubs = 2 * len(plain.externs)               # SYSCALL; RET per runtime function, after the code
    n = len(plr.program.words) - stubs
    a, b = plain.program.words, plr.program.words
    assert a[:n] == b[:n] and a[len(a) - stubs:] == b[n:] and len(set(a[n:len(a) - stubs])) <= 1
    assert plr.module.banks == plain.module.banks and plr.info.banks == plain.info.banks
    assert plr.module.globals == plain.module.globals and plr.externs == plain.externs
    assert [p.size for p in plr.info.params] == [p.size for p in plain.info.params]


def test_a_life_range_listing_without_the_data_it_needs_is_refused(isa):
    """D10-4: `nvdisasm -plr` prints no .nv.global.init section; printf's format strings (`$str`) were
    then taken for functions the kernel calls. The listing is refused at the word naming one."""
    from gpuisa.cuda import load_cuda
    from gpuisa.errors import UsageError
    path = DATA / "plr" / "printf_assert_sm90_plr.nvdisasm"
    with pytest.raises(UsageError) as e:
        load_cuda(isa, path, "hello")
    text = str(e.value)
    assert "is not defined in this listing: `nvdisasm -plr` (life ranges) leaves out the data sections" in text
    assert "printf_assert_sm90_plr.nvdisasm:" in text and "run the plain nvdisasm listing or the cubin" in text


@pytest.mark.parametrize("option", ["plr", "c"])
def test_a_listing_without_its_shared_section_assumes_the_largest_static_size(isa, option):
    """D15-2: `nvdisasm -plr` (and `-lrm`) prints no section without contents (`.nv.shared.K`),
    `nvdisasm -c` no data section at all; the kernel ran with no static shared memory and its first
    STS was a `memory` fault. Its static size is now unknown, as a cuobjdump listing's (CU6): the
    largest a kernel can have is assumed, and matmul_shared gives its numpy result."""
    from cuda_expect import compare, expected, make_inputs
    from gpuisa.cuda import load_cuda
    k = load_cuda(isa, DATA / "plr" / f"matmul_shared_sm90_{option}.nvdisasm", "matmul_shared")
    assert k.info.shared is None
    launch = manifests()["matmul_shared"]["launches"][0]
    inputs = make_inputs(launch)
    want = expected(launch, inputs)
    res = k.launch(grid=tuple(launch["grid"]), block=tuple(launch["block"]), params=launch["params"],
                   buffers=inputs)
    assert res.status == "ok", res.fault
    assert not compare(launch, "C", inputs["C"], want["C"])
    # the plain listing still knows the size (none for a kernel without .nv.shared.K)
    assert load_cuda(isa, CORPUS / "sm_90" / "matmul_shared.nvdisasm", "matmul_shared").info.shared == 1024 + 512


def test_a_life_range_listing_runs_past_the_code_it_left_out(isa):
    """D15-3: `nvdisasm -plr` leaves out instructions its control-flow graph cannot reach (here 16
    bytes of fl11_debug's -G code on sm_75); the next address comment was refused as "the listing is
    incomplete or edited". A trap now holds each left-out place and the kernel gives its result."""
    from cuda_expect import compare, expected, launch_options, make_inputs
    from gpuisa.cuda import load_cuda
    launch = manifests()["fl11_debug"]["launches"][0]
    k = load_cuda(isa, DATA / "plr" / "fl11_debug_sm75_plr.nvdisasm", launch["kernel"])
    assert k.text.count("TRAP 0x1 ; // /*") == 1
    inputs = make_inputs(launch)
    want = expected(launch, inputs)
    res = k.launch(grid=tuple(launch["grid"]), block=tuple(launch["block"]), params=launch["params"],
                   buffers=inputs, **launch_options(launch, "sm_75"))
    assert res.status == "ok", res.fault
    assert not [p for name in launch["outputs"] if (p := compare(launch, name, inputs[name], want[name]))]


@pytest.mark.parametrize("listing,kernel,mnemonic", [("tx_sm_90.nvdisasm", "fetch1d", "TLD.LZ"),
                                                     ("tx_sm_90.nvdisasm", "fetch2d", "TEX.LL"),
                                                     ("tx_sm_120.cuobjdump", "surf", "SULD.D.BA.2D.STRONG.SM.TRAP")])
def test_texture_and_surface_access_is_refused_at_its_instruction(isa, listing, kernel, mnemonic):
    """D10-8: tex1Dfetch/tex2D/surf2Dread compile to TLD/TEX/SULD on a texture or surface object (a
    handle to a driver-built descriptor the model does not have): a located refusal that says so,
    not "cannot read operand '1D'"."""
    from gpuisa.cuda import load_cuda
    from gpuisa.errors import UsageError
    with pytest.raises(UsageError) as e:
        load_cuda(isa, DATA / "tex" / listing, kernel)
    text = str(e.value)
    assert f"{mnemonic} is not modelled: texture and surface access" in text and f"{listing}:" in text


@pytest.mark.parametrize("arch", ARCHS)
@pytest.mark.parametrize("stem", ["math_mix", "printf_assert"])
def test_device_globals_from_the_elf_equal_the_listing(arch, stem):
    """D10-6: a cubin's device globals read from its ELF (sections, symbols, relocations) are what
    the nvdisasm listing of the same cubin gives (its `.L_` labels aside): no nvdisasm run needed."""
    pytest.importorskip("elftools", reason="pyelftools is not installed (the optional extra gpuisa[cuda])")
    from gpuisa.cuda.cubin import elf_sections, globals_from_elf
    data = (CORPUS / arch / f"{stem}.cubin").read_bytes()
    target, secs = elf_sections(data, stem)
    mod = CudaModule("cubin", stem, target, {})
    assert globals_from_elf(mod, secs)
    ref = read_module((CORPUS / arch / f"{stem}.nvdisasm").read_bytes(), stem)
    assert mod.globals == ref.globals and mod.globals
    assert sorted(mod.relocs, key=str) == sorted(ref.relocs, key=str) and mod.relocs
    assert mod.symbols == {k: v for k, v in ref.symbols.items() if not k.startswith(".")}


@pytest.mark.parametrize("form", ["cubin", "nvdisasm", "cuobjdump"])
def test_device_functions_are_not_the_default_kernel(form, lone):
    """Decision D20-4: a -G module gives its device functions `.text` sections of their own; without
    --kernel the only `__global__` function is the kernel (STO_CUDA_ENTRY in a cubin and in nvdisasm's
    `.other`; a cuobjdump listing marks nothing, and its kernels are the functions that load the stack
    pointer R1 from bank 0 first). The device functions can still be named."""
    p = CORPUS / "sm_90" / f"fl11_debug.{form}"
    if form == "cuobjdump":             # alone: no cubin beside it to read the entries from
        p = lone / p.name
        p.write_bytes((CORPUS / "sm_90" / "fl11_debug.cuobjdump").read_bytes())
    mod = read_module(p.read_bytes(), str(p))
    assert len(mod.kernels) == 3
    assert mod.kernel(None).name == "fl11_debug"
    other = next(n for n in mod.kernels if n != "fl11_debug")
    assert mod.kernel(other).name == other


def test_kernel_list_counts_device_functions_apart():
    mod = _read("sm_80", "two_kernels", "nvdisasm")
    for k in mod.kernels.values():
        assert k.entry
    mod.kernels["helper"] = type(mod.kernels["scale"])(name="helper")
    with pytest.raises(Exception, match=r"2 kernels \(and 1 device function\); choose one with --kernel NAME: offset, scale"):
        mod.kernel(None)
