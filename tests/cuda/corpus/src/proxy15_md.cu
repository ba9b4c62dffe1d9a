// nvcc-flags: -maxrregcount=64
// proxy15: molecular dynamics force loops: CoMD's Lennard-Jones force with link cells (27
// neighbour cells with periodic wrap, cutoff test, r^-6 in double, per-atom energy, the total by
// double atomicAdd), written after ECP-copa/CoMD's ljForce (BSD-style licence) from the published
// algorithm; and the GPU Gems 3 (ch. 31, Nyland/Harris/Prins) all-pairs N-body in float with
// shared-memory tiles and rsqrtf. Built with -maxrregcount=64 as ExaMiniMD-style builds do.
__global__ void lj_force_cells(int ncx, const int *__restrict__ cell_start, const int *__restrict__ cell_count,
                               const double *__restrict__ pos, double box, double cutoff, double epsilon,
                               double sigma, double *__restrict__ force, double *__restrict__ epot_atom,
                               double *__restrict__ epot_total)
{
    int natoms = cell_start[ncx * ncx * ncx];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= natoms)
        return;
    double xi = pos[3 * i], yi = pos[3 * i + 1], zi = pos[3 * i + 2];
    double cs = box / ncx;
    int cx = (int)(xi / cs), cy = (int)(yi / cs), cz = (int)(zi / cs);
    double rc2 = cutoff * cutoff;
    double s6 = sigma * sigma * sigma * sigma * sigma * sigma;
    double fx = 0, fy = 0, fz = 0, e = 0;
    for (int dz = -1; dz <= 1; dz++)
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                int nx = (cx + dx + ncx) % ncx, ny = (cy + dy + ncx) % ncx, nz = (cz + dz + ncx) % ncx;
                int c = (nz * ncx + ny) * ncx + nx;
                for (int k = cell_start[c]; k < cell_start[c] + cell_count[c]; k++) {
                    if (k == i)
                        continue;
                    double rx = xi - pos[3 * k], ry = yi - pos[3 * k + 1], rz = zi - pos[3 * k + 2];
                    rx -= box * rint(rx / box);
                    ry -= box * rint(ry / box);
                    rz -= box * rint(rz / box);
                    double r2 = rx * rx + ry * ry + rz * rz;
                    if (r2 > rc2)
                        continue;
                    double ir2 = 1.0 / r2;
                    double r6 = s6 * ir2 * ir2 * ir2;
                    double eLocal = r6 * (r6 - 1.0);
                    e += 0.5 * 4.0 * epsilon * eLocal;
                    double fr = -4.0 * epsilon * r6 * ir2 * (12.0 * r6 - 6.0);
                    fx -= fr * rx;
                    fy -= fr * ry;
                    fz -= fr * rz;
                }
            }
    force[3 * i] = fx;
    force[3 * i + 1] = fy;
    force[3 * i + 2] = fz;
    epot_atom[i] = e;
    atomicAdd(epot_total, e);
}

#define TILE 64
__device__ float3 bodyBodyInteraction(float4 bi, float4 bj, float3 ai, float eps2)
{
    float3 r;
    r.x = bj.x - bi.x;
    r.y = bj.y - bi.y;
    r.z = bj.z - bi.z;
    float distSqr = r.x * r.x + r.y * r.y + r.z * r.z + eps2;
    float invDist = rsqrtf(distSqr);
    float invDistCube = invDist * invDist * invDist;
    float s = bj.w * invDistCube;
    ai.x += r.x * s;
    ai.y += r.y * s;
    ai.z += r.z * s;
    return ai;
}

__global__ void nbody_forces(const float4 *__restrict__ pos, float4 *__restrict__ acc, int n, float eps2)
{
    __shared__ float4 shPosition[TILE];
    int gtid = blockIdx.x * blockDim.x + threadIdx.x;
    float4 myPosition = gtid < n ? pos[gtid] : make_float4(0, 0, 0, 0);
    float3 a = {0.0f, 0.0f, 0.0f};
    for (int i = 0, tile = 0; i < n; i += TILE, tile++) {
        int idx = tile * blockDim.x + threadIdx.x;
        shPosition[threadIdx.x] = idx < n ? pos[idx] : make_float4(0, 0, 0, 0);
        __syncthreads();
#pragma unroll 8
        for (int j = 0; j < TILE; j++)
            a = bodyBodyInteraction(myPosition, shPosition[j], a, eps2);
        __syncthreads();
    }
    if (gtid < n)
        acc[gtid] = make_float4(a.x, a.y, a.z, 0.0f);
}
