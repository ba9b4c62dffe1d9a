// Clamps against a kernel parameter, as llama.cpp's swiglu_oai and clamp ops write them (own
// re-write): on sm_90 and later nvcc reads a parameter used once into a uniform register and
// folds the sign and absolute value into the float instruction: `FMNMX R2, R2, -UR5, !PT` for
// fmaxf(g, -limit), `FMNMX R, R, -|UR|, PT`, `FSETP ... -UR`, `FSEL R, R, -UR` (decision D14-G-1).
extern "C" __global__ void swiglu_clamp(const float *__restrict__ x, const float *__restrict__ g, float *__restrict__ dst,
                                        const int n, const float alpha, const float limit) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const float xi = fminf(x[i], limit);
    const float gi = fmaxf(fminf(g[i], limit), -limit);
    dst[i] = xi / (1.0f + expf(-xi * alpha)) * (1.0f + gi);
}

#define ONE(name, expr)                                                                              \
    extern "C" __global__ void name(const float *__restrict__ x, float *__restrict__ y, const float p, \
                                    const int n) {                                                   \
        const int i = blockIdx.x * blockDim.x + threadIdx.x;                                         \
        if (i >= n) return;                                                                          \
        const float v = x[i];                                                                        \
        y[i] = (expr);                                                                               \
    }
ONE(min_negabs, fminf(v, -fabsf(p)))
ONE(max_abs, fmaxf(v, fabsf(p)))
ONE(lt_neg, v < -p ? -p : v)
