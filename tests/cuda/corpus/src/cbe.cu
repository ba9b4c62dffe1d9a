// "CUDA by Example" style: dot product with a shared cache and a global lock for the final sum; ray tracing spheres from __constant__ memory
#define TPB 64
struct Lock {
    int *mutex;
    __device__ void lock() { while (atomicCAS(mutex, 0, 1) != 0); }
    __device__ void unlock() { atomicExch(mutex, 0); }
};
extern "C" __global__ void dot_lock(Lock lock, const float *a, const float *b, float *c, int N)
{
    __shared__ float cache[TPB];
    int tid = threadIdx.x + blockIdx.x * blockDim.x;
    int cacheIndex = threadIdx.x;
    float temp = 0;
    while (tid < N) { temp += a[tid] * b[tid]; tid += blockDim.x * gridDim.x; }
    cache[cacheIndex] = temp;
    __syncthreads();
    int i = blockDim.x / 2;
    while (i != 0) {
        if (cacheIndex < i) cache[cacheIndex] += cache[cacheIndex + i];
        __syncthreads();
        i /= 2;
    }
    if (cacheIndex == 0) {
        lock.lock();
        *c += cache[0];
        lock.unlock();
    }
}
#define INF 2e10f
#define SPHERES 8
struct Sphere {
    float r, b, g;
    float radius;
    float x, y, z;
    __device__ float hit(float ox, float oy, float *n) {
        float dx = ox - x, dy = oy - y;
        if (dx * dx + dy * dy < radius * radius) {
            float dz = sqrtf(radius * radius - dx * dx - dy * dy);
            *n = dz / sqrtf(radius * radius);
            return dz + z;
        }
        return -INF;
    }
};
__constant__ Sphere s[SPHERES] = {
    {1.0f, 0.5f, 0.25f, 6.0f, -10.0f, -6.0f, 3.0f}, {0.2f, 0.9f, 0.1f, 9.0f, 4.0f, 2.0f, -7.0f},
    {0.7f, 0.3f, 0.6f, 4.0f, 0.0f, 0.0f, 12.0f}, {0.1f, 0.1f, 0.95f, 12.0f, 8.0f, -8.0f, -20.0f},
    {0.6f, 0.6f, 0.6f, 3.0f, -4.0f, 9.0f, 5.0f}, {0.9f, 0.2f, 0.4f, 7.5f, 11.0f, 10.0f, 1.0f},
    {0.3f, 0.8f, 0.7f, 5.0f, -12.0f, 11.0f, -2.0f}, {0.5f, 0.5f, 0.0f, 2.5f, 2.0f, -12.0f, 15.0f}};
extern "C" __global__ void raytrace(unsigned char *ptr, int dim, int nspheres)
{
    int x = threadIdx.x + blockIdx.x * blockDim.x, y = threadIdx.y + blockIdx.y * blockDim.y;
    int offset = x + y * blockDim.x * gridDim.x;
    float ox = (x - dim / 2), oy = (y - dim / 2);
    float r = 0, g = 0, b = 0, maxz = -INF;
    for (int i = 0; i < nspheres; i++) {
        float n, t = s[i].hit(ox, oy, &n);
        if (t > maxz) { float fscale = n; r = s[i].r * fscale; g = s[i].g * fscale; b = s[i].b * fscale; maxz = t; }
    }
    ptr[offset * 4 + 0] = (int)(r * 255); ptr[offset * 4 + 1] = (int)(g * 255); ptr[offset * 4 + 2] = (int)(b * 255); ptr[offset * 4 + 3] = 255;
}
// starvation-free per-thread locks inside one warp (Volta+ independent thread scheduling): each thread adds into one of 4 bins under that bin's lock
extern "C" __global__ void warp_locks(int *locks, int *bins, const int *v, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int b = v[i] & 3;
    bool done = false;
    while (!done) {
        if (atomicCAS(&locks[b], 0, 1) == 0) {
            bins[2 * b] += v[i];
            bins[2 * b + 1] = max(bins[2 * b + 1], v[i]);
            __threadfence();
            atomicExch(&locks[b], 0);
            done = true;
        }
    }
}
