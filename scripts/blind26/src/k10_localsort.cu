#define L 16
extern "C" __global__ void local_isort(const int* in, const int* sel, int* out, int* picked, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    int a[L];
    for (int k = 0; k < L; ++k) a[k] = in[t * L + k];
    for (int k = 1; k < L; ++k) {
        int key = a[k];
        int j = k - 1;
        while (j >= 0 && a[j] > key) { a[j + 1] = a[j]; --j; }
        a[j + 1] = key;
    }
    for (int k = 0; k < L; ++k) out[t * L + k] = a[k];
    int s = sel[t];
    picked[t] = a[s & (L - 1)] - a[(s >> 4) & (L - 1)];
}
