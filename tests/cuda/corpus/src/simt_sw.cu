// __syncwarp at two call sites of a divergent branch (allowed from sm_70 on), lanes that have
// exited before it, and exchanges through shared memory ordered by it.
extern "C" __global__ void simt_sw(const int *in, int *out)
{
    __shared__ int buf[64];
    int tid = threadIdx.x;
    int lane = tid & 31;
    int t = blockIdx.x * blockDim.x + tid;
    int v = in[t];
    if (lane >= 24 && (in[t & ~1] & 1))
        return;
    buf[tid] = v;
    int r;
    if (lane & 1) {
        buf[tid] += 1;
        __syncwarp();
        r = buf[tid ^ 1] * 10;
    } else {
        buf[tid] *= 2;
        __syncwarp();
        r = buf[tid ^ 1] - 7;
    }
    __syncwarp();
    buf[tid] = r;
    __syncwarp();
    out[t] = buf[tid ^ 1] + r;
}
