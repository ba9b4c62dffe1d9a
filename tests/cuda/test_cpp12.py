"""Twelfth round, direction cpp12 (decisions D12-C-n): C++ in kernels. The kernels' results are
checked by the corpus (cpp12_*); these are the front-end findings' regression tests: printf's C
conversions, demangled lambdas and operator functions as kernel names, struct@N parameters."""
from __future__ import annotations

import math

import numpy as np
import pytest

from cuda_expect import CORPUS

from gpuisa.cuda import demangle
from gpuisa.cuda.runtime import c_float, c_int
from gpuisa.errors import UsageError
from gpuisa.sim.kernelargs import pack_params, parse_param

# glibc's printf of the same arguments (gcc, x86-64): the text CUDA's host-side formatting gives
_GLIBC = [
    "t=0 u=2533188756 x=fffffed4 X=96FD6494 o=0 ld=-900 lld=78187493830 llu=0\n",
    "t=1 u=2533188756 x=fffffed4 X=96FD6494 o=1 ld=-900 lld=78187493830 llu=78187493530\n",
    "f=0.000000 e=1.050000e+13 g=-3.5e+10 E=1.250E+00 G=    -3e-05 w=[   -1.25] l=[1.2     ] +=-300 sp= 0\n",
    "f=1.250000 e=1.050000e+13 g=-1.75e+10 E=1.250E+00 G=    -3e-05 w=[   -1.25] l=[1.2     ] +=-300 sp= 1\n",
    "s=hello wor c=A0 pc=% a=0x1.8p+0 #x=0xfffffed4 #o=0 hd=-300 hhd=-44 hu=65236 *=[     0] .*=[-35000000000.00]\n",
    "s=hello wor c=B1 pc=% a=0x1.8p+1 #x=0xfffffed4 #o=01 hd=-300 hhd=-44 hu=65236 *=[     1] .*=[-35000000000.00]\n",
    "p=(nil) w=[    0x1234] l=[(nil)  ] s=(null)\n",
    "p=(nil) w=[    0x1235] l=[(nil)  ] s=(null)\n",
]


@pytest.mark.parametrize("arch,form", [("sm_75", "cuobjdump"), ("sm_120", "nvdisasm")])
def test_printf_conversions_are_cs(isa, arch, form):
    """D12-C-3: %a, %#o, %hhd/%hu and a precision with the 0 flag were Python's % operator's."""
    from gpuisa.cuda import load_cuda
    k = load_cuda(isa, CORPUS / arch / f"cpp12_printf.{form}", "pf_kinds")
    sim = k.simulator(grid=1, block=2, params=["ptr:in", "f32:1.25", "f64:-3.5e10", "s64:0x123456789a"],
                      buffers={"in": np.full(2, -300, np.int32)})
    assert sim.run().ok
    assert sim.device_runtime.output == _GLIBC


def test_c_conversions_at_their_edges():
    """Each against glibc's printf of the same conversion."""
    got = [c_float("0", "5", None, "f", math.inf), c_int("", None, "", "d", 5), c_int("0", "5", "3", "d", 7),
           c_float("", None, "0", "a", 1.99), c_float("", None, "1", "a", 1.96875), c_float("", None, None, "a", 4.9e-324),
           c_float("", None, None, "a", 0.0), c_float("", None, None, "A", -255.5), c_float("", "10", None, "a", 1.0),
           c_float("-", "12", "2", "a", 3.0), c_float("0", "10", None, "a", -1.0), c_float("#", None, "0", "a", 1.0),
           c_float("", None, None, "a", 1e300), c_float("", None, None, "f", -math.nan), c_int("", None, "0", "d", 0),
           c_int("#", None, "0", "o", 0), c_int("#", None, None, "x", 0), c_int("#", "5", None, "o", 8),
           c_int("", None, "0", "x", 0), c_int("+0", "6", None, "d", 42), c_int("-#", "8", None, "X", 255)]
    assert got == ["  inf", "5", "  007", "0x2p+0", "0x2.0p+0", "0x0.0000000000001p-1022", "0x0p+0", "-0X1.FFP+7",
                   "    0x1p+0", "0x1.80p+1   ", "-0x0001p+0", "0x1.p+0", "0x1.7e43c8800759cp+996", "-nan", "", "0", "0",
                   "  010", "", "+00042", "0XFF    "]


def test_assert_in_a_cpp12_kernel_traps(isa):
    from gpuisa.cuda import load_cuda
    k = load_cuda(isa, CORPUS / "sm_90" / "cpp12_printf.nvdisasm", "pf_assert")
    inp = np.arange(64, dtype=np.int32)
    inp[40] = -1
    res = k.launch(grid=2, block=32, params=["ptr:in", "ptr:out", "s32:10"], buffers={"in": inp, "out": np.zeros(64, np.int32)})
    assert res.status == "trap" and "block (1, 0, 0), thread 8: Assertion `t < n || in[t] >= 0` failed" in res.fault["message"]


# c++filt's text of the kernels of cpp12_tmpl.cu (binutils 2.42)
_CXXFILT = {
    "_ZN3geo6detail9transformIiZ13host_launchesPfPiP3VeciEUliiE_EEvPKT_PS7_iT0_":
        "void geo::detail::transform<int, host_launches(float*, int*, Vec*, int)::{lambda(int, int)#1}>(int const*, "
        "int*, int, host_launches(float*, int*, Vec*, int)::{lambda(int, int)#1})",
    "_Z6vec_opIXadL_Zml3VecS0_EEEvPKS0_S2_PS0_": "void vec_op<&(operator*(Vec, Vec))>(Vec const*, Vec const*, Vec*)",
    "_Z1fIZ1gvEUlvE_EvT_": "void f<g()::{lambda()#1}>(g()::{lambda()#1})",
    "_ZN5outer2v24impl10via_globalIXadL_Z7table_aEEEEvPi": "void outer::v2::impl::via_global<&table_a>(int*)",
    # D12-C-5: dependent expressions in parameter types, decltype, arrays, float template arguments
    "_Z2k1ILi3EEv3ArrIiXplT_Li1EEEPi": "void k1<3>(Arr<int, (3)+(1)>, int*)",
    "_Z2k2ILi8EEvPAplT_Li1E_fPi": "void k2<8>(float (*) [(8)+(1)], int*)",
    "_Z2k3IiEvPT_DTmlcvS0__ELi2EE": "void k3<int>(int*, decltype (((int)())*(2)))",
    "_Z2k6ILf3fc00000EEvPf": "void k6<(float)[3fc00000]>(float*)",
    "_Z2k7ILi2EEv3ArrIiXmlLm4ET_EEPi": "void k7<2>(Arr<int, (4ul)*(2)>, int*)",
    "_Z2k8ILi5EEvN3SelIXgtT_Li2EEE4typeEPi": "void k8<5>(Sel<((5)>(2))>::type, int*)",
    "_Z1fPA2_A3_i": "f(int (*) [2][3])",
    "_Z1fRA4_i": "f(int (&) [4])",
    "_ZN5outer2v24impl5knobsIL4Mode7ELb1ELc65ELsn3ELxn5000000000ELh200EEEvPi":
        "void outer::v2::impl::knobs<(Mode)7, true, (char)65, (short)-3, -5000000000ll, (unsigned char)200>(int*)",
}


@pytest.mark.parametrize("mangled", sorted(_CXXFILT))
def test_lambdas_and_operators_demangle_like_cxxfilt(mangled):
    """D12-C-2: closure types (`Ul..E_`) in local names (`Z..E`) and operator names were not read:
    the kernel was listed by its mangled name only and could not be chosen by a readable one."""
    assert demangle(mangled) == _CXXFILT[mangled]


def test_kernels_by_the_names_a_user_types(isa):
    from gpuisa.cuda import load_cuda
    path = CORPUS / "sm_80" / "cpp12_tmpl.cuobjdump"
    for name in ("vec_op<operator+>", "vec_op<&operator+>", "vec_op<&(operator+(Vec, Vec))>"):
        assert load_cuda(isa, path, name).name == "_Z6vec_opIXadL_Zpl3VecS0_EEEvPKS0_S2_PS0_"
    names = CORPUS / "sm_80" / "cpp12_names.cuobjdump"      # an inline namespace the source does not write
    assert load_cuda(isa, names, "outer::impl::via_global<table_a>").name == "_ZN5outer2v24impl10via_globalIXadL_Z7table_aEEEEvPi"
    with pytest.raises(UsageError) as e:
        load_cuda(isa, path, "transform")
    assert "{lambda(int, int)#1}" in str(e.value) and "transform<float, Saxpy>" in str(e.value)
    # one a line, the demangled name first
    assert "\n  void geo::detail::transform<float, Saxpy>(float const*, float*, int, Saxpy)   [_ZN3geo6detail9transform" \
        in str(e.value)


def test_struct_alignment_parameters(isa):
    """D12-C-1: a float2/double2/float4 or alignas(16) struct parameter is aligned beyond its fields."""
    assert parse_param("struct@16:f64:2.5,f64:0.5").align == 16
    data, layout = pack_params(["s8:1", "struct@16:s32:7,s16:-3", ("struct@8", ["f32:1", "f32:2"])], {})
    assert [s.offset for s in layout] == [0, 16, 32] and len(data) == 40 and layout[1].param.size == 16
    for bad in ("struct@3:s32:1", "struct@512:s32:1", "struct@x:s32:1"):
        with pytest.raises(UsageError, match="power of two"):
            parse_param(bad)
    from gpuisa.cuda import load_cuda
    k = load_cuda(isa, CORPUS / "sm_90" / "cpp12_params.nvdisasm", "p_small")
    with pytest.raises(UsageError, match=r"write --param struct@16:f64:2.5,f64:0.5"):
        k.launch(grid=1, block=1, params=["ptr:out", "s8:1", "s16:1", "u8:1", "u8:1", "struct@8:f32:1,f32:2",
                                          "struct:f64:2.5,f64:0.5"], buffers={"out": np.zeros(4, np.int32)})


def test_a_deeply_nested_name_is_kept_mangled():
    """A crafted symbol nested past Python's recursion limit stays mangled (no RecursionError)."""
    for name in ("_Z1f" + "P" * 5000 + "i", "_Z1fILi1EEvA" + "pl" * 3000 + "T_E_i"):
        assert demangle(name) == name


def test_a_variable_template_by_its_cpp_name():
    """D12-C-6: `stats::total<int>` (a variable template, `_ZN5stats5totalIiEE`) could be named only by
    its symbol: --buffer/--dump-buffer's NAME took no template arguments and the demangler refused a
    template name without a parameter list."""
    import json

    from click.testing import CliRunner

    from gpuisa.cli import main
    args = ["run", str(CORPUS / "sm_80" / "cpp12_bytes.cuobjdump"), "--grid", "1", "--block", "32",
            "--buffer", "src=128:iota:u8", "--buffer", "dst=768", "--buffer", "out=256",
            "--buffer", "stats::total<int>=4:fill:1000:s32", "--param", "ptr:src", "--param", "ptr:dst",
            "--param", "ptr:out", "--param", "s32:32", "--dump-buffer", "stats::total<int>:s32",
            "--dump-buffer", "cfg::hits:s32", "--json"]
    res = CliRunner().invoke(main, args)
    assert res.exit_code == 0, res.output
    bufs = json.loads(res.output)["buffers"]
    assert bufs["stats::total<int>"] == [1000 + sum(t % 7 + 1 for t in range(32))] and bufs["cfg::hits"] == [8] * 4


def test_negative_constant_offsets_are_bank_offsets():
    """D12-C-7: nvdisasm prints a constant offset from 0x8000 up as negative."""
    from gpuisa.cuda.listing import nv_negative_const
    assert nv_negative_const("IMAD.WIDE R2, R0, R7, c[0x0][-0x6590] ;") == "IMAD.WIDE R2, R0, R7, c[0x0][0x09a70] ;"
    assert nv_negative_const("LDC.64 R2, c[0x0][-0x7e00] ;") == "LDC.64 R2, c[0x0][0x08200] ;"
    for same in ("LDC R0, c[0x3][R0-0x4] ;", "FADD R0, R1, c[0x0][0x160] ;", "MOV R0, c[0x0][-0x9000] ;"):
        assert nv_negative_const(same) == same


def test_bf16_parameters():
    """D12-C-8: a __nv_bfloat16 parameter is `--param bf16:VALUE`, rounded once to nearest even."""
    assert [parse_param(f"bf16:{v}").value for v in ("1.5", "-2", "0.1", "1.00390625", "1.01171875", "9.2e-41",
                                                     "3.38e38", "inf", "-0", "0x3f80")] == \
        [0x3FC0, 0xC000, 0x3DCD, 0x3F80, 0x3F82, 0x0001, 0x7F7E, 0x7F80, 0x8000, 0x3F80]
    data, layout = pack_params(["s8:1", "bf16:1.5", "struct@4:bf16:1.5,bf16:-2"], {})
    assert data == bytes([1, 0, 0xC0, 0x3F, 0xC0, 0x3F, 0x00, 0xC0]) and [s.offset for s in layout] == [0, 2, 4]
    for bad in ("bf16:1e39", "bf16:0x12345", "bf16:abc"):
        with pytest.raises(UsageError):
            parse_param(bad)


def test_a_signature_with_cstdint_names(isa):
    """D12-C-2: `uint64_t*`, `unsigned`, `size_t` in a --kernel signature are c++filt's type names."""
    from gpuisa.cuda import load_cuda
    path = CORPUS / "sm_80" / "blog_enum_tmpl.cuobjdump"
    for name in ("rand_update<(Access)1>(uint64_t*, unsigned, int, size_t*)",
                 "void rand_update<(Access)1>(unsigned long int *, uint32_t, signed int, std::uint64_t *)"):
        assert load_cuda(isa, path, name).name == "_Z11rand_updateIL6Access1EEvPmjiS1_"
