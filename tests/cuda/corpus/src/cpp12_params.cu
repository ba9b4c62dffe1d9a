// cpp12: kernel parameters of every kind by value: char/short/bool/uchar, float2 and double2 (8- and
// 16-byte aligned: --param struct@8/@16), an alignas(16) struct, padding, arrays in a struct, and a
// 6 KiB struct (parameters past 4 KiB: at 0x1a80 on sm_75-sm_89), __nv_bfloat16/__nv_bfloat162/__half
#include <cstdint>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
struct alignas(16) Q { int a; short b; };          // 16 bytes, align 16
struct Pad { char c; double d; short s; };           // 24 bytes
struct WithArr { int n; float w[5]; char tag[3]; };  // 28 bytes
struct Big { int n; int v[1500]; };                  // 6004 bytes -> params past 4 KiB
extern "C" __global__ void p_small(int *out, char c, short s, bool b, unsigned char uc, float2 f2, double2 d2)
{
    int t = threadIdx.x;
    out[4 * t + 0] = c * t + s;
    out[4 * t + 1] = b ? uc + t : -t;
    out[4 * t + 2] = __float2int_rn(f2.x * t + f2.y);
    out[4 * t + 3] = __double2int_rn(d2.x * t - d2.y);
}
extern "C" __global__ void p_align(int *out, char c, Q q, Pad p, WithArr w)
{
    int t = threadIdx.x;
    out[3 * t + 0] = c + q.a * t + q.b;
    out[3 * t + 1] = p.c + (int)(p.d * t) + p.s;
    out[3 * t + 2] = w.n + (int)w.w[t % 5] * t + w.tag[t % 3];
}
extern "C" __global__ void p_big(int *out, Big b, int k)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t < b.n)
        out[t] = b.v[t] * k + b.v[1499 - t];
}
// 16-bit float parameters: __nv_bfloat16 (--param bf16:...), __nv_bfloat162 (struct@4:bf16:..,bf16:..), __half
extern "C" __global__ void p_bf16(float *out, __nv_bfloat16 s, char c, __nv_bfloat162 p, __half h)
{
    int t = threadIdx.x;
    out[3 * t] = __bfloat162float(s) * t;
    out[3 * t + 1] = __bfloat162float(p.x) + __bfloat162float(p.y) * t + c;
    out[3 * t + 2] = __half2float(h) - t;
}
