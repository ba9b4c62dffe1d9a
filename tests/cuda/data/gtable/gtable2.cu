// -G: a device global initialised with function addresses (.nv.global.init relocations) and a
// kernel that does not use it (decision D17-6); built with nvcc -cubin -O3 -G -arch=sm_90.
typedef int (*binop)(int, int);
__device__ int op_add(int a, int b) { return a + b; }
__device__ int op_mul(int a, int b) { return a * b; }
__device__ binop table[2] = {op_add, op_mul};

extern "C" __global__ void use_table(const int *in, int *out)
{
    int t = threadIdx.x;
    out[t] = table[t & 1](in[t], 3);
}

extern "C" __global__ void plain(const int *in, int *out)
{
    int t = threadIdx.x;
    out[t] = in[t] + 1;
}
