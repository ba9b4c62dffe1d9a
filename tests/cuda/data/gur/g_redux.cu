// -G code for sm_120 whose kernel calls a device function listed apart by cuobjdump and names
// uniform registers beyond UR62 (decision D17-4).
__device__ __noinline__ int twice(int v) { return 2 * v + 1; }

extern "C" __global__ void g_redux(const int *in, int *out)
{
    int t = threadIdx.x;
    int v = twice(in[t]);
    out[t] = __reduce_add_sync(0xffffffffu, v) + (int)__reduce_max_sync(0xffffffffu, (unsigned)v) * 3;
}
