// proxy15: RSBench's multipole lookup with Doppler broadening (the Faddeeva function by the
// Abrarov approximation with local coefficient tables and the three-term asymptotic expansion,
// complex arithmetic in double, atan/sin/cos/sqrt, the 12-squaring fast_exp), cut down from
// ANL-CESAR/RSBench cuda/simulation.cu (xs_lookup_kernel_baseline, calculate_micro_xs_doppler,
// fast_nuclear_W; Copyright UChicago Argonne LLC, MIT-style licence, see its LICENSE).
// Changes: the Window and Pole arrays are passed as plain double/int arrays (structure of arrays),
// the lookups' E and material come from buffers, and the kernel stores macro_xs too.
#include <float.h>

typedef struct { double r; double i; } RSComplex;

__device__ RSComplex c_add(RSComplex A, RSComplex B) { RSComplex C; C.r = A.r + B.r; C.i = A.i + B.i; return C; }
__device__ RSComplex c_sub(RSComplex A, RSComplex B) { RSComplex C; C.r = A.r - B.r; C.i = A.i - B.i; return C; }
__host__ __device__ RSComplex c_mul(RSComplex A, RSComplex B)
{
    double a = A.r, b = A.i, c = B.r, d = B.i;
    RSComplex C;
    C.r = (a * c) - (b * d);
    C.i = (a * d) + (b * c);
    return C;
}
__device__ RSComplex c_div(RSComplex A, RSComplex B)
{
    double a = A.r, b = A.i, c = B.r, d = B.i;
    RSComplex C;
    double denom = c * c + d * d;
    C.r = ((a * c) + (b * d)) / denom;
    C.i = ((b * c) - (a * d)) / denom;
    return C;
}
__device__ double c_abs(RSComplex A) { return sqrt(A.r * A.r + A.i * A.i); }

__device__ double fast_exp(double x)
{
    x = 1.0 + x * 0.000244140625;
    x *= x; x *= x; x *= x; x *= x;
    x *= x; x *= x; x *= x; x *= x;
    x *= x; x *= x; x *= x; x *= x;
    return x;
}

__device__ RSComplex fast_cexp(RSComplex z)
{
    double t1 = fast_exp(z.r);
    double t2 = cos(z.i);
    double t3 = sin(z.i);
    RSComplex t4 = {t2, t3};
    RSComplex t5 = {t1, 0};
    return c_mul(t5, t4);
}

__device__ RSComplex fast_nuclear_W(RSComplex Z)
{
    if (c_abs(Z) < 6.0) {
        RSComplex prefactor = {0, 8.124330e+01};
        double an[10] = {2.758402e-01, 2.245740e-01, 1.594149e-01, 9.866577e-02, 5.324414e-02,
                         2.505215e-02, 1.027747e-02, 3.676164e-03, 1.146494e-03, 3.117570e-04};
        double neg_1n[10] = {-1.0, 1.0, -1.0, 1.0, -1.0, 1.0, -1.0, 1.0, -1.0, 1.0};
        double denominator_left[10] = {9.869604e+00, 3.947842e+01, 8.882644e+01, 1.579137e+02, 2.467401e+02,
                                       3.553058e+02, 4.836106e+02, 6.316547e+02, 7.994380e+02, 9.869604e+02};
        RSComplex t1 = {0, 12};
        RSComplex t2 = {12, 0};
        RSComplex i = {0, 1};
        RSComplex one = {1, 0};
        RSComplex W = c_div(c_mul(i, (c_sub(one, fast_cexp(c_mul(t1, Z))))), c_mul(t2, Z));
        RSComplex sum = {0, 0};
        for (int n = 0; n < 10; n++) {
            RSComplex t3 = {neg_1n[n], 0};
            RSComplex top = c_sub(c_mul(t3, fast_cexp(c_mul(t1, Z))), one);
            RSComplex t4 = {denominator_left[n], 0};
            RSComplex t5 = {144, 0};
            RSComplex bot = c_sub(t4, c_mul(t5, c_mul(Z, Z)));
            RSComplex t6 = {an[n], 0};
            sum = c_add(sum, c_mul(t6, c_div(top, bot)));
        }
        W = c_add(W, c_mul(prefactor, c_mul(Z, sum)));
        return W;
    } else {
        RSComplex a = {0.512424224754768462984202823134979415014943561548661637413182, 0};
        RSComplex b = {0.275255128608410950901357962647054304017026259671664935783653, 0};
        RSComplex c = {0.051765358792987823963876628425793170829107067780337219430904, 0};
        RSComplex d = {2.724744871391589049098642037352945695982973740328335064216346, 0};
        RSComplex i = {0, 1};
        RSComplex Z2 = c_mul(Z, Z);
        RSComplex W = c_mul(c_mul(Z, i), (c_add(c_div(a, (c_sub(Z2, b))), c_div(c, (c_sub(Z2, d))))));
        return W;
    }
}

__device__ void calculate_sig_T(int nuc, double E, int numL, const double *pseudo_K0RS, RSComplex *sigTfactors)
{
    double phi;
    for (int i = 0; i < 4; i++) {
        phi = pseudo_K0RS[nuc * numL + i] * sqrt(E);
        if (i == 1)
            phi -= -atan(phi);
        else if (i == 2)
            phi -= atan(3.0 * phi / (3.0 - phi * phi));
        else if (i == 3)
            phi -= atan(phi * (15.0 - phi * phi) / (15.0 - 6.0 * phi * phi));
        phi *= 2.0;
        sigTfactors[i].r = cos(phi);
        sigTfactors[i].i = -sin(phi);
    }
}

// win: per (nuc, window) T, A, F (3 doubles); wse: start, end (2 ints)
// pole: per (nuc, pole) MP_EA, MP_RT, MP_RA, MP_RF (8 doubles); lval: l_value
__device__ void calculate_micro_xs_doppler(double *micro_xs, int nuc, double E, int numL, const int *n_windows,
                                           const double *pseudo_K0RS, const double *win, const int *wse,
                                           const double *pole, const int *lval, int max_num_windows, int max_num_poles)
{
    double sigT, sigA, sigF, sigE;
    double spacing = 1.0 / n_windows[nuc];
    int window = (int)(E / spacing);
    if (window == n_windows[nuc])
        window--;
    RSComplex sigTfactors[4];
    calculate_sig_T(nuc, E, numL, pseudo_K0RS, sigTfactors);
    int w = nuc * max_num_windows + window;
    sigT = E * win[3 * w + 0];
    sigA = E * win[3 * w + 1];
    sigF = E * win[3 * w + 2];
    double dopp = 0.5;
    for (int i = wse[2 * w]; i < wse[2 * w + 1]; i++) {
        const double *p = pole + 8 * (nuc * max_num_poles + i);
        RSComplex MP_EA = {p[0], p[1]}, MP_RT = {p[2], p[3]}, MP_RA = {p[4], p[5]}, MP_RF = {p[6], p[7]};
        RSComplex E_c = {E, 0};
        RSComplex dopp_c = {dopp, 0};
        RSComplex Z = c_mul(c_sub(E_c, MP_EA), dopp_c);
        RSComplex faddeeva = fast_nuclear_W(Z);
        sigT += (c_mul(MP_RT, c_mul(faddeeva, sigTfactors[lval[nuc * max_num_poles + i]]))).r;
        sigA += (c_mul(MP_RA, faddeeva)).r;
        sigF += (c_mul(MP_RF, faddeeva)).r;
    }
    sigE = sigT - sigA;
    micro_xs[0] = sigT;
    micro_xs[1] = sigA;
    micro_xs[2] = sigF;
    micro_xs[3] = sigE;
}

__global__ void rs_lookup_doppler(const double *energies, const int *mat_of, int lookups, const int *num_nucs,
                                  const int *mats, int max_num_nucs, const double *concs, const int *n_windows,
                                  const double *pseudo_K0RS, const double *win, const int *wse, const double *pole,
                                  const int *lval, int max_num_windows, int max_num_poles,
                                  unsigned long *verification, double *macro_out)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= lookups)
        return;
    double E = energies[i];
    int mat = mat_of[i];
    double macro_xs[4] = {0};
    for (int n = 0; n < num_nucs[mat]; n++) {
        double micro_xs[4];
        int nuc = mats[mat * max_num_nucs + n];
        calculate_micro_xs_doppler(micro_xs, nuc, E, 4, n_windows, pseudo_K0RS, win, wse, pole, lval,
                                   max_num_windows, max_num_poles);
        for (int j = 0; j < 4; j++)
            macro_xs[j] += micro_xs[j] * concs[mat * max_num_nucs + n];
    }
    double max = -DBL_MAX;
    int max_idx = 0;
    for (int x = 0; x < 4; x++) {
        if (macro_xs[x] > max) {
            max = macro_xs[x];
            max_idx = x;
        }
    }
    verification[i] = max_idx + 1;
    for (int x = 0; x < 4; x++)
        macro_out[4 * i + x] = macro_xs[x];
}
