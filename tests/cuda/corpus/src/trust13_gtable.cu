// nvcc-flags: -G
// Device-debug code with a __device__ table of function addresses (trust13, D13-T-2): nvcc -G stores the
// addresses themselves (.dword _Z6t13_addii in .nv.global.init, relocated by the loader), where -O3 code
// stores small indices; the kernel calls only through registers.
typedef int (*t13_op)(int, int);
__device__ int t13_add(int a, int b) { return a + b; }
__device__ int t13_sub(int a, int b) { return a - b; }
__device__ int t13_mul(int a, int b) { return a * b; }
__device__ int t13_max(int a, int b) { return a > b ? a : b; }
__device__ t13_op t13_table[4] = {t13_add, t13_sub, t13_mul, t13_max};

extern "C" __global__ void trust13_gtable(const int *in, int *out)
{
    int t = threadIdx.x;
    int x = in[t];
    out[t] = t13_table[t & 3](x, t - 7);
    out[32 + t] = t13_table[(x >> 2) & 3](t13_table[3](x, 0), 5);
}
