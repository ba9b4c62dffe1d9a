// The batched engine's watchdog (decision D12-1): runs that can never end, and correct runs that
// wait a long time, which it must let finish.  nvcc -cubin -O3 -arch=sm_90 watchdog.cu
extern "C" __global__ void spin_flag(volatile int *flag, int *out)
{   // thread 0 of each block waits for a flag nobody sets
    if (threadIdx.x == 0) {
        while (flag[0] == 0) { }
        out[blockIdx.x] = 1;
    }
}

extern "C" __global__ void spin_each_other(volatile int *flag, int *out)
{   // block 0 waits for block 1's flag and block 1 for block 0's: deadlocked on hardware too
    int other = 1 - blockIdx.x;
    if (threadIdx.x == 0) {
        while (flag[other] == 0) { }
        flag[blockIdx.x] = 1;
        out[blockIdx.x] = 1;
    }
}

extern "C" __global__ void spin_backoff(volatile int *flag, int *out)
{   // exponential back-off with __nanosleep, capped: the state repeats once the cap is reached
    unsigned ns = 8;
    while (flag[0] == 0) {
        __nanosleep(ns);
        if (ns < 256) ns *= 2;
    }
    out[threadIdx.x] = 1;
}

extern "C" __global__ void late_producer(volatile int *flag, int *out, int n)
{   // correct: block 1 works n iterations (long) before it publishes; block 0 waits with back-off
    if (blockIdx.x == 1) {
        if (threadIdx.x == 0) {
            unsigned h = 2166136261u;
            for (int i = 0; i < n; i++) h = (h ^ i) * 16777619u;
            out[1] = (int)h;
            __threadfence();
            flag[0] = 1;
        }
    } else if (threadIdx.x == 0) {
        unsigned ns = 8;
        while (flag[0] == 0) {
            __nanosleep(ns);
            if (ns < 256) ns *= 2;
        }
        out[0] = 7;
    }
}

extern "C" __global__ void wait_clock(int *out, long long cycles)
{   // correct: waits on the clock only; its loop's state differs only in the time it read
    long long t0 = clock64();
    int spins = 0;
    while (clock64() - t0 < cycles) spins = 1;
    out[threadIdx.x] = spins;
}
