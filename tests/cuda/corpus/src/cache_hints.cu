extern "C" __global__ void cache_hints(const int *a, const float4 *v, const double *d, int *o, float4 *ov, double *od,
                                       long long *ol, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int s = __ldg(a + i) + 3 * __ldcs(a + (i + 1) % n) + 5 * __ldcg(a + (i + 2) % n) + 7 * __ldlu(a + (i + 3) % n)
          + 11 * __ldcv(a + (i + 4) % n) + 13 * __ldca(a + (i + 5) % n);
    __stcs(o + i, s);
    __stcg(o + n + i, __ldg(a + n - 1 - i));
    __stwt(o + 2 * n + i, s ^ 0x5555);
    __stwb(o + 3 * n + i, -s);
    float4 f = __ldg(v + i), g = __ldcs(v + (i + 1) % n);
    __stcs(ov + i, make_float4(f.x + g.w, f.y - g.z, f.z * 2.0f, f.w + 1.0f));
    float4 h = __ldcg(v + (i + 7) % n);
    __stwt(ov + n + i, h);
    double2 dd = __ldg(reinterpret_cast<const double2 *>(d) + i / 2);
    __stcg(od + i, (i & 1 ? dd.y : dd.x) + __ldlu(d + (n - 1 - i)));
    long long l = __ldg(reinterpret_cast<const long long *>(d) + i);
    __stcs(ol + i, l >> 7);
    const volatile int *va = a;
    o[4 * n + i] = va[(i + 9) % n] + va[i];
}
