// Rodinia-style k-means assignment: feature-major points, clusters in __constant__ memory
#define MAXC 16
#define MAXF 8
__constant__ float c_clusters[MAXC * MAXF] = {-3.0f, -1.875f, -0.75f, 0.375f, 1.5f, 2.625f, -2.625f, -1.5f, -0.375f, 0.75f, 1.875f, 3.0f, -2.25f, -1.125f, 0.0f, 1.125f, 2.25f, -3.0f, -1.875f, -0.75f, 0.375f, 1.5f, 2.625f, -2.625f, -1.5f, -0.375f, 0.75f, 1.875f, 3.0f, -2.25f, -1.125f, 0.0f, 1.125f, 2.25f, -3.0f, -1.875f, -0.75f, 0.375f, 1.5f, 2.625f, -2.625f, -1.5f, -0.375f, 0.75f, 1.875f, 3.0f, -2.25f, -1.125f, 0.0f, 1.125f, 2.25f, -3.0f, -1.875f, -0.75f, 0.375f, 1.5f, 2.625f, -2.625f, -1.5f, -0.375f, 0.75f, 1.875f, 3.0f, -2.25f, -1.125f, 0.0f, 1.125f, 2.25f, -3.0f, -1.875f, -0.75f, 0.375f, 1.5f, 2.625f, -2.625f, -1.5f, -0.375f, 0.75f, 1.875f, 3.0f, -2.25f, -1.125f, 0.0f, 1.125f, 2.25f, -3.0f, -1.875f, -0.75f, 0.375f, 1.5f, 2.625f, -2.625f, -1.5f, -0.375f, 0.75f, 1.875f, 3.0f, -2.25f, -1.125f, 0.0f, 1.125f, 2.25f, -3.0f, -1.875f, -0.75f, 0.375f, 1.5f, 2.625f, -2.625f, -1.5f, -0.375f, 0.75f, 1.875f, 3.0f, -2.25f, -1.125f, 0.0f, 1.125f, 2.25f, -3.0f, -1.875f, -0.75f, 0.375f, 1.5f, 2.625f, -2.625f, -1.5f, -0.375f};
extern "C" __global__ void kmeans_assign(const float *features, int *membership, int *delta, int npoints, int nclusters, int nfeatures)
{
    unsigned int point_id = blockIdx.x * blockDim.x + threadIdx.x;
    if (point_id >= npoints) return;
    int index = -1;
    float min_dist = 3.402823466e+38f;
    for (int i = 0; i < nclusters; i++) {
        float dist = 0;
        for (int l = 0; l < nfeatures; l++) {
            float d = features[l * npoints + point_id] - c_clusters[i * nfeatures + l];
            dist += d * d;
        }
        if (dist < min_dist) { min_dist = dist; index = i; }
    }
    if (membership[point_id] != index) atomicAdd(delta, 1);
    membership[point_id] = index;
}
// cluster centres passed as a pointer, squared distance with fmaf and sqrtf, and new centre sums
extern "C" __global__ void kmeans_accum(const float *pts, const float *centres, int *member, float *sums, int *counts, int n, int k, int d, float *dmin)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= n) return;
    int best = 0; float bd = 0.f;
    for (int c = 0; c < k; ++c) {
        float s = 0.f;
        for (int j = 0; j < d; ++j) { float t = pts[p * d + j] - centres[c * d + j]; s = fmaf(t, t, s); }
        if (c == 0 || s < bd) { bd = s; best = c; }
    }
    member[p] = best;
    dmin[p] = sqrtf(bd);
    atomicAdd(&counts[best], 1);
    for (int j = 0; j < d; ++j) atomicAdd(&sums[best * d + j], (float)(int)(pts[p * d + j] * 16.f));
}
