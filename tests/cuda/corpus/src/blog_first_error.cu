// Strangers' teaching and blog code (session 11, blog11): reporting the first error of a kernel through
// mapped memory, as the developer blog's "printf alternative" post does. A struct passed by value holds
// only pointers (after two 16-byte smart-pointer members the device never reads): the thread whose
// atomicCAS on the device status word wins fills the error record through a pointer in the struct,
// fences with __threadfence_system() and publishes the flag with a cuda::std::atomic release store;
// the other threads go on. The kernels are grid-stride loops over a spiky function (one index of the
// range has the large value, so the reporter is known) and a checked square root.
#include <cuda/atomic>

enum Status : int { OK = 0, REPORTED = 1 };

struct SpikeError {
    int code, line, block, thread, idx;
    float val;
};

template <typename E>
struct ErrorChannel {
    void *owner[2];                  // host-side bookkeeping (a shared_ptr in the blog's code)
    void *control[2];
    cuda::std::atomic<int> *host_flag;
    int *device_status;
    E *record;
};

template <typename E, typename F>
__device__ void report_first(ErrorChannel<E> &ch, F fill) {
    if (atomicCAS(ch.device_status, OK, REPORTED) == OK) {
        fill(*ch.record);
        __threadfence_system();
        ch.host_flag->store(REPORTED, cuda::memory_order_release);
    }
}

__global__ void spiky(float *out, int n, ErrorChannel<SpikeError> ch) {
    for (int idx = threadIdx.x + blockIdx.x * blockDim.x; idx < n; idx += blockDim.x * gridDim.x) {
        const int A = 191, M = 7919;
        int v = ((idx + A) * A) % M;
        v = (v * A) % M;
        float val = 1.f / (v - 50 + 1e-6);
        if (val >= 1000.f) {
            report_first(ch, [&](SpikeError &e) {
                e = SpikeError{7, 42, (int)blockIdx.x, (int)threadIdx.x, idx, val};
            });
        }
        out[idx] = val;
    }
}

struct SqrtError {
    int code, idx;
};

__global__ void checked_sqrt(float *io, int n, ErrorChannel<SqrtError> ch, int *negatives) {
    for (int idx = threadIdx.x + blockIdx.x * blockDim.x; idx < n; idx += blockDim.x * gridDim.x) {
        float v = io[idx];
        if (v < 0.f) {
            atomicAdd(negatives, 1);
            report_first(ch, [&](SqrtError &e) { e = SqrtError{3, idx}; });
        } else {
            io[idx] = sqrtf(v);
        }
    }
}
