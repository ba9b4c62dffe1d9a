// nvcc-flags: -Xptxas -dlcm=ca -lineinfo
// proxy15: TeaLeaf's and CloverLeaf's CUDA kernels in double: TeaLeaf cg_calc_w (5-point
// stencil with face coefficients Kx/Ky and a shared-memory block reduction of p.w), cg_calc_ur
// (two axpys and the r.r block reduction), CloverLeaf ideal_gas (pressure and sound speed with
// sqrt and divisions); written after UK-MAC/TeaLeaf_CUDA and UK-MAC/CloverLeaf_CUDA (LGPL-3.0)
// from the published kernels; x_min..x_max with halo depth 2 as those codes index.
#define HALO 2
#define BLOCK 128

__device__ void block_reduce_sum(double *s, double v, double *out)
{
    s[threadIdx.x] = v;
    __syncthreads();
    for (int o = BLOCK / 2; o > 0; o /= 2) {
        if (threadIdx.x < o)
            s[threadIdx.x] += s[threadIdx.x + o];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        out[blockIdx.x] = s[0];
}

__global__ void device_cg_calc_w(const int x_max, const int y_max, const double rx, const double ry,
                                 const double *__restrict const p, const double *__restrict const Kx,
                                 const double *__restrict const Ky, double *__restrict const w,
                                 double *__restrict const pw_reduce)
{
    __shared__ double pw_shared[BLOCK];
    const int gid = threadIdx.x + blockIdx.x * blockDim.x;
    const int row = gid / (x_max + 2 * HALO);
    const int column = gid % (x_max + 2 * HALO);
    const int xs = x_max + 2 * HALO;
    double pw = 0.0;
    if (row >= HALO && row <= y_max + HALO - 1 && column >= HALO && column <= x_max + HALO - 1) {
        const double smvp = (1.0 + ((Kx[gid + 1] + Kx[gid]) * rx) + ((Ky[gid + xs] + Ky[gid]) * ry)) * p[gid] -
                            (Kx[gid + 1] * p[gid + 1] + Kx[gid] * p[gid - 1]) * rx -
                            (Ky[gid + xs] * p[gid + xs] + Ky[gid] * p[gid - xs]) * ry;
        w[gid] = smvp;
        pw = smvp * p[gid];
    }
    block_reduce_sum(pw_shared, pw, pw_reduce);
}

__global__ void device_cg_calc_ur(const int x_max, const int y_max, const double alpha, double *__restrict const u,
                                  const double *__restrict const p, double *__restrict const r,
                                  const double *__restrict const w, double *__restrict const rrn_reduce)
{
    __shared__ double rrn_shared[BLOCK];
    const int gid = threadIdx.x + blockIdx.x * blockDim.x;
    const int row = gid / (x_max + 2 * HALO);
    const int column = gid % (x_max + 2 * HALO);
    double rrn = 0.0;
    if (row >= HALO && row <= y_max + HALO - 1 && column >= HALO && column <= x_max + HALO - 1) {
        u[gid] += alpha * p[gid];
        r[gid] -= alpha * w[gid];
        rrn = r[gid] * r[gid];
    }
    block_reduce_sum(rrn_shared, rrn, rrn_reduce);
}

__global__ void device_ideal_gas_cuda_kernel(int x_min, int x_max, int y_min, int y_max,
                                             const double *__restrict const density,
                                             const double *__restrict const energy, double *__restrict const pressure,
                                             double *__restrict const soundspeed)
{
    const int gid = threadIdx.x + blockIdx.x * blockDim.x;
    const int row = gid / (x_max - x_min + 1);
    const int column = gid % (x_max - x_min + 1);
    if (row <= y_max - y_min && column <= x_max - x_min) {
        double v, pressurebyenergy, pressurebyvolume, sound_speed_squared;
        v = 1.0 / density[gid];
        pressure[gid] = (1.4 - 1.0) * density[gid] * energy[gid];
        pressurebyenergy = (1.4 - 1.0) * density[gid];
        pressurebyvolume = -density[gid] * pressure[gid];
        sound_speed_squared = v * v * (pressure[gid] * pressurebyenergy - pressurebyvolume);
        soundspeed[gid] = sqrt(sound_speed_squared);
    }
}
