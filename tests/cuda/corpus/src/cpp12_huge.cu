// cpp12: a 32,752-byte struct parameter (with a pointer after it, 32,760 bytes: CUDA 12.1+'s limit is
// 32,764): sm_75-sm_89 code reads its last words as c[0x0][-0x6590] in nvdisasm's and cuobjdump's text
struct Huge { int n; int v[8187]; };
extern "C" __global__ void huge_k(const Huge h, int *out)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    out[t] = h.v[t * 63 % 8187] + h.v[8186 - t] + h.n;
}
