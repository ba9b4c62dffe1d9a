// proxy15: hand-written FFTs as course and application code writes them: a radix-2 Stockham
// FFT of 64 complex floats per block in shared memory with sincospif twiddles (one block per
// signal), and a radix-4 decimation-in-frequency FFT of 64 points in double with sincospi twiddles
// and a digit-reversal permutation; written after the textbook algorithms (Van Loan, Computational
// Frameworks for the FFT; Govindaraju et al., SC'08) for this corpus.
#define N 64
__global__ void fft64_stockham(const float2 *__restrict__ in, float2 *__restrict__ out)
{
    __shared__ float2 buf[2][N];
    const float2 *src = in + blockIdx.x * N;
    int t = threadIdx.x;                 // N/2 threads
    buf[0][t] = src[t];
    buf[0][t + N / 2] = src[t + N / 2];
    __syncthreads();
    int p = 0;
    for (int Ns = 1; Ns < N; Ns *= 2) {
        int k = t % Ns;
        float s, c;
        sincospif(-(float)k / (float)Ns, &s, &c);
        float2 a = buf[p][t];
        float2 b = buf[p][t + N / 2];
        float2 bw = make_float2(b.x * c - b.y * s, b.x * s + b.y * c);
        int j = (t / Ns) * Ns * 2 + k;
        buf[p ^ 1][j] = make_float2(a.x + bw.x, a.y + bw.y);
        buf[p ^ 1][j + Ns] = make_float2(a.x - bw.x, a.y - bw.y);
        p ^= 1;
        __syncthreads();
    }
    out[blockIdx.x * N + t] = buf[p][t];
    out[blockIdx.x * N + t + N / 2] = buf[p][t + N / 2];
}

__device__ int digit_reverse4(int i)
{
    int r = 0;
    for (int d = 0; d < 3; d++) {          // 64 = 4^3
        r = (r << 2) | (i & 3);
        i >>= 2;
    }
    return r;
}

__global__ void fft64_radix4(const double2 *__restrict__ in, double2 *__restrict__ out)
{
    __shared__ double2 x[N];
    int t = threadIdx.x;                 // N/4 threads
    const double2 *src = in + blockIdx.x * N;
    for (int i = t; i < N; i += N / 4)
        x[i] = src[i];
    __syncthreads();
    for (int span = N / 4; span >= 1; span /= 4) {
        int group = t / span, k = t % span;
        int base = group * span * 4 + k;
        double2 a0 = x[base], a1 = x[base + span], a2 = x[base + 2 * span], a3 = x[base + 3 * span];
        double2 b0 = make_double2(a0.x + a2.x, a0.y + a2.y), b1 = make_double2(a0.x - a2.x, a0.y - a2.y);
        double2 b2 = make_double2(a1.x + a3.x, a1.y + a3.y), b3 = make_double2(a1.y - a3.y, a3.x - a1.x);  // -i (a1 - a3)
        double2 y0 = make_double2(b0.x + b2.x, b0.y + b2.y);
        double2 y1 = make_double2(b1.x + b3.x, b1.y + b3.y);
        double2 y2 = make_double2(b0.x - b2.x, b0.y - b2.y);
        double2 y3 = make_double2(b1.x - b3.x, b1.y - b3.y);
        double2 ys[3] = {y1, y2, y3};
        x[base] = y0;
        for (int m = 1; m < 4; m++) {
            double s, c;
            sincospi(-2.0 * m * k / (4.0 * span), &s, &c);
            double2 v = ys[m - 1];
            x[base + m * span] = make_double2(v.x * c - v.y * s, v.x * s + v.y * c);
        }
        __syncthreads();
    }
    for (int i = t; i < N; i += N / 4)
        out[blockIdx.x * N + digit_reverse4(i)] = x[i];
}
