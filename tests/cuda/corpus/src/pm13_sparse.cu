// Sparse matrix-vector products and graph traversal (PMPP ch. 14-15): CSR, ELL, COO, JDS, BFS.
extern "C" __global__ void spmv_csr(int rows, const int *rowPtr, const int *col, const float *val,
                                    const float *x, float *y)
{
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < rows) {
        float sum = 0.0f;
        for (int e = rowPtr[row]; e < rowPtr[row + 1]; ++e)
            sum += val[e] * x[col[e]];
        y[row] = sum;
    }
}

// ELL: column-major padded storage, padding has value 0
extern "C" __global__ void spmv_ell(int rows, int width, const int *col, const double *val,
                                    const double *x, double *y)
{
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < rows) {
        double sum = 0.0;
        for (int t = 0; t < width; ++t) {
            int idx = t * rows + row;
            double v = val[idx];
            if (v != 0.0) sum += v * x[col[idx]];
        }
        y[row] += sum;
    }
}

// COO with atomics (integer values: exact regardless of order)
extern "C" __global__ void spmv_coo(int nnz, const int *rowIdx, const int *colIdx, const int *val,
                                    const int *x, int *y)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < nnz; i += blockDim.x * gridDim.x)
        atomicAdd(&y[rowIdx[i]], val[i] * x[colIdx[i]]);
}

// JDS: rows sorted by length, iterating jagged diagonals; perm maps back to the original row
extern "C" __global__ void spmv_jds(int rows, int numDiag, const int *jdPtr, const int *perm,
                                    const int *col, const float *val, const float *x, float *y)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r < rows) {
        float sum = 0.0f;
        for (int d = 0; d < numDiag; ++d) {
            int start = jdPtr[d];
            int len = jdPtr[d + 1] - start;
            if (r < len) sum += val[start + r] * x[col[start + r]];
            else break;
        }
        y[perm[r]] = sum;
    }
}

// vertex-centric push BFS, one level: frontier in, next frontier out via an atomic queue tail
extern "C" __global__ void bfs_frontier(const unsigned *srcPtrs, const unsigned *dst, unsigned *level,
                                        const unsigned *prevFrontier, unsigned *currFrontier,
                                        unsigned numPrev, unsigned *numCurr, unsigned currLevel)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < numPrev) {
        unsigned vertex = prevFrontier[i];
        for (unsigned edge = srcPtrs[vertex]; edge < srcPtrs[vertex + 1]; ++edge) {
            unsigned neighbor = dst[edge];
            if (atomicCAS(&level[neighbor], 0xFFFFFFFFu, currLevel) == 0xFFFFFFFFu) {
                unsigned idx = atomicAdd(numCurr, 1u);
                currFrontier[idx] = neighbor;
            }
        }
    }
}

// vertex-centric pull BFS over all vertices, with a done flag (course assignment)
extern "C" __global__ void bfs_pull(int V, const int *rowPtr, const int *nbr, int *dist, int cur, int *changed)
{
    for (int v = blockIdx.x * blockDim.x + threadIdx.x; v < V; v += gridDim.x * blockDim.x) {
        if (dist[v] >= 0) continue;
        for (int e = rowPtr[v]; e < rowPtr[v + 1]; ++e) {
            if (dist[nbr[e]] == cur - 1) {
                dist[v] = cur;
                *changed = 1;
                break;
            }
        }
    }
}
