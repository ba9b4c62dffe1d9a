"""Generate big.cu: a CUDA source whose cubin holds about 100,000 SASS instructions of many
distinct forms (integer, float, shifts, funnel shifts, popc, brev, 64-bit, selects), the input of
the nvdisasm side of benchmarks/bench_asm_cli.py.  Build (about a minute):

    python benchmarks/data/make_cubin.py > big.cu && nvcc -cubin -arch=sm_90 -O3 -o big.cubin big.cu
"""
import random

OPS = ["a = a * {k}u + b;", "b = (b ^ {k}u) + (a >> {s});", "c = __funnelshift_l(a, c, {s}) + {k}u;",
       "a = min(a, c + {k}u);", "f = fmaf(f, {fk}f, g);", "g = g * {fk}f - f;", "b = __popc(a ^ {k}u) + b;",
       "c = (c < {k}u) ? a : b;", "f = f + __int2float_rn(a & {k});", "a = __umulhi(a, {k}u) + c;",
       "d = d + ((unsigned long long)a << {s});", "b = __brev(b) ^ {k}u;"]


def main(kernels: int = 350, ops: int = 110, seed: int = 5) -> str:
    rng = random.Random(seed)
    out = []
    for kk in range(kernels):
        body = " ".join(rng.choice(OPS).format(k=rng.getrandbits(31), s=rng.randint(1, 31),
                                               fk=round(rng.uniform(-4, 4), 3)) for _ in range(ops))
        out.append(f'extern "C" __global__ void k{kk}(unsigned *o, float *p, unsigned long long *q, unsigned x) {{\n'
                   f"  unsigned a = threadIdx.x + x, b = blockIdx.x, c = a ^ 0x{rng.getrandbits(31):x}u;\n"
                   f"  float f = p[a], g = p[b]; unsigned long long d = q[a];\n  {body}\n"
                   f"  o[a] = a + b + c; p[a] = f + g; q[a] = d;\n}}")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    print(main())
