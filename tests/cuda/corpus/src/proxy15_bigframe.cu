// proxy15: a per-thread local array larger than 16 KiB, as particle and transport codes write them:
// each thread deposits its particles' charge into a private 48 x 48 grid of doubles (18 KiB of
// local memory: ptxas reports an 18,440-byte stack frame) with cloud-in-cell weights, then adds its
// grid into the global one with double atomicAdd (a noinline helper with its own 4 KiB frame
// sorts a per-thread list). CUDA's launch gives a kernel the local memory its frame needs; so must
// the model without --local-bytes (decision D15-P-1). Written for this corpus.
#define G 48

__device__ __noinline__ int sort_cells(const int *cells, int n, int *out)
{
    int buf[1024];
    for (int i = 0; i < n; i++) {
        int v = cells[i], j = i;
        while (j > 0 && buf[j - 1] > v) { buf[j] = buf[j - 1]; j--; }
        buf[j] = v;
    }
    int distinct = 0;
    for (int i = 0; i < n; i++) {
        if (i == 0 || buf[i] != buf[i - 1]) distinct++;
        out[i] = buf[i];
    }
    return distinct;
}

__global__ void deposit_cic(const double *__restrict__ px, const double *__restrict__ py, const double *__restrict__ q,
                            int per_thread, double *__restrict__ rho, int *__restrict__ sorted, int *__restrict__ ndistinct)
{
    double local_rho[G * G];
    int cells[64];
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    for (int c = 0; c < G * G; c++)
        local_rho[c] = 0.0;
    for (int k = 0; k < per_thread; k++) {
        int p = t * per_thread + k;
        double x = px[p] * (G - 1), y = py[p] * (G - 1);
        int i = min((int)x, G - 2), j = min((int)y, G - 2);
        double fx = x - i, fy = y - j;
        local_rho[j * G + i] += q[p] * (1 - fx) * (1 - fy);
        local_rho[j * G + i + 1] += q[p] * fx * (1 - fy);
        local_rho[(j + 1) * G + i] += q[p] * (1 - fx) * fy;
        local_rho[(j + 1) * G + i + 1] += q[p] * fx * fy;
        cells[k & 63] = j * G + i;
    }
    for (int c = 0; c < G * G; c++)
        if (local_rho[c] != 0.0)
            atomicAdd(&rho[c], local_rho[c]);
    int n = min(per_thread, 64);
    ndistinct[t] = sort_cells(cells, n, sorted + t * 64);
}
