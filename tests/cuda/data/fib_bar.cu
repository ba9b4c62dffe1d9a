// Regression for decision GA-11: recursion with divergent lanes, then __syncthreads.
__device__ int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
extern "C" __global__ void fib_bar(const int *a, int *o)
{
    __shared__ int s[64];
    int t = threadIdx.x;
    s[t] = fib(a[t] & 15);
    __syncthreads();
    o[t] = s[t] + s[63 - t];
}
