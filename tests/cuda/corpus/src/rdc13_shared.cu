// nvcc-flags: -rdc=true
// Relocatable device code (trust13, D13-T-1): ptxas leaves every __shared__ variable's offset and every
// __constant__ variable's bank and offset to the device linker. Shared variables of alignments 1..16 (a
// struct, a long long, an int4), a module-scope shared counter a __noinline__ function names (laid out
// first, common to both kernels), an extern __shared__ array, a __constant__ table and scalar.
struct Pair { int key; long long wide; };
__shared__ int rdc_hits;
__constant__ int rdc_weights[8] = {3, 1, 4, 1, 5, 9, 2, 6};
__constant__ int rdc_bias = 1000;

__device__ __noinline__ void rdc_hit(int v) { atomicAdd(&rdc_hits, v); }

extern "C" __global__ void rdc_layout(const int *in, int *out)
{
    __shared__ char tag[3];
    __shared__ long long wsum;
    __shared__ short small[6];
    __shared__ int4 quad;
    __shared__ Pair pair;
    __shared__ int tile[64];
    int t = threadIdx.x;
    if (t == 0) {
        wsum = 0; pair.key = 0; pair.wide = 0; rdc_hits = 0;
        quad = make_int4(0, 0, 0, 0);
    }
    if (t < 3) tag[t] = (char)('a' + t);
    if (t < 6) small[t] = (short)(t * 100 - 250);
    __syncthreads();
    int x = in[t] * rdc_weights[t & 7];
    tile[t] = x;
    atomicAdd(&pair.key, 1);
    atomicAdd((unsigned long long *)&pair.wide, (unsigned long long)(long long)x);
    atomicAdd((unsigned long long *)&wsum, (unsigned long long)(x & 0xff) << 33);
    rdc_hit(t & 3);
    __syncthreads();
    if (t == 0) quad = make_int4(tile[1], tile[2], tile[63], pair.key);
    __syncthreads();
    out[t] = tile[63 - t] + quad.x + quad.z + quad.w + tag[t % 3] + small[t % 6] + rdc_bias;
    if (t == 0) {
        out[64] = rdc_hits; out[65] = pair.key;
        out[66] = (int)pair.wide; out[67] = (int)(pair.wide >> 32);
        out[68] = (int)(wsum >> 33); out[69] = (int)wsum;
    }
}

extern "C" __global__ void rdc_dynamic(const int *in, int *out, int n)
{
    extern __shared__ int dyn[];
    __shared__ int total;
    int t = threadIdx.x;
    if (t == 0) { total = 0; rdc_hits = 0; }
    dyn[t] = in[t] + n;
    __syncthreads();
    atomicAdd(&total, dyn[(t + 1) % blockDim.x]);
    rdc_hit(1);
    __syncthreads();
    out[t] = dyn[blockDim.x - 1 - t] * 2 + total + rdc_hits;
}
