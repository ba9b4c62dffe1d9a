// __syncwarp between divergent halves, __nanosleep, warp-synchronous shared exchange
extern "C" __global__ void syncwarp_sleep(const int *in, int *out)
{
    __shared__ int s[64];
    int t = threadIdx.x;
    int lane = t & 31;
    if (lane < 16)
        s[t] = in[t] * 2;
    else
        s[t] = in[t] + 1000;
    __syncwarp();
    __nanosleep(100);
    out[t] = s[t ^ 31] + lane;
}
