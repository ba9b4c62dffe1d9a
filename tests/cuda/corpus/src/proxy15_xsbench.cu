// proxy15: XSBench's event-based lookup kernel (nuclide-grid binary search, 64-bit LCG with
// fast-forward, material pick from a local table, interpolation in double, a local macro_xs array,
// struct parameters passed by value), cut down from ANL-CESAR/XSBench cuda/Simulation.cu
// (xs_lookup_kernel_baseline; Copyright UChicago Argonne LLC, MIT-style licence, see its LICENSE).
// Changes: the two structs hold only what the nuclide-grid path reads, and the kernel also
// stores macro_xs_vector (to check the doubles, not only the verification index).
#include <stdint.h>

typedef struct { double energy, total_xs, elastic_xs, absorbtion_xs, fission_xs, nu_fission_xs; } NuclideGridPoint;
typedef struct { long n_isotopes; long n_gridpoints; int lookups; int max_num_nucs; } Inputs;
typedef struct {
    int *num_nucs; double *concs; int *mats; NuclideGridPoint *nuclide_grid;
    unsigned long *verification; double *macro_out;
} SimulationData;

#define STARTING_SEED 1070

__host__ __device__ double LCG_random_double(uint64_t *seed)
{
    const uint64_t m = 9223372036854775808ULL; // 2^63
    const uint64_t a = 2806196910506780709ULL;
    const uint64_t c = 1ULL;
    *seed = (a * (*seed) + c) % m;
    return (double)(*seed) / (double)m;
}

__device__ uint64_t fast_forward_LCG(uint64_t seed, uint64_t n)
{
    const uint64_t m = 9223372036854775808ULL; // 2^63
    uint64_t a = 2806196910506780709ULL;
    uint64_t c = 1ULL;
    n = n % m;
    uint64_t a_new = 1;
    uint64_t c_new = 0;
    while (n > 0) {
        if (n & 1) {
            a_new *= a;
            c_new = c_new * a + c;
        }
        c *= (a + 1);
        a *= a;
        n >>= 1;
    }
    return (a_new * seed + c_new) % m;
}

__device__ int pick_mat(uint64_t *seed)
{
    double dist[12];
    dist[0] = 0.140; dist[1] = 0.052; dist[2] = 0.275; dist[3] = 0.134;
    dist[4] = 0.154; dist[5] = 0.064; dist[6] = 0.066; dist[7] = 0.055;
    dist[8] = 0.008; dist[9] = 0.015; dist[10] = 0.025; dist[11] = 0.013;
    double roll = LCG_random_double(seed);
    for (int i = 0; i < 12; i++) {
        double running = 0;
        for (int j = i; j > 0; j--)
            running += dist[j];
        if (roll < running)
            return i;
    }
    return 0;
}

__host__ __device__ long grid_search_nuclide(long n, double quarry, NuclideGridPoint *A, long low, long high)
{
    long lowerLimit = low;
    long upperLimit = high;
    long examinationPoint;
    long length = upperLimit - lowerLimit;
    while (length > 1) {
        examinationPoint = lowerLimit + (length / 2);
        if (A[examinationPoint].energy > quarry)
            upperLimit = examinationPoint;
        else
            lowerLimit = examinationPoint;
        length = upperLimit - lowerLimit;
    }
    return lowerLimit;
}

__device__ void calculate_micro_xs(double p_energy, int nuc, long n_gridpoints,
                                   NuclideGridPoint *__restrict__ nuclide_grids, double *__restrict__ xs_vector)
{
    double f;
    NuclideGridPoint *low, *high;
    long idx = grid_search_nuclide(n_gridpoints, p_energy, &nuclide_grids[nuc * n_gridpoints], 0, n_gridpoints - 1);
    if (idx == n_gridpoints - 1)
        low = &nuclide_grids[nuc * n_gridpoints + idx - 1];
    else
        low = &nuclide_grids[nuc * n_gridpoints + idx];
    high = low + 1;
    f = (high->energy - p_energy) / (high->energy - low->energy);
    xs_vector[0] = high->total_xs - f * (high->total_xs - low->total_xs);
    xs_vector[1] = high->elastic_xs - f * (high->elastic_xs - low->elastic_xs);
    xs_vector[2] = high->absorbtion_xs - f * (high->absorbtion_xs - low->absorbtion_xs);
    xs_vector[3] = high->fission_xs - f * (high->fission_xs - low->fission_xs);
    xs_vector[4] = high->nu_fission_xs - f * (high->nu_fission_xs - low->nu_fission_xs);
}

__device__ void calculate_macro_xs(double p_energy, int mat, long n_gridpoints, int *__restrict__ num_nucs,
                                   double *__restrict__ concs, NuclideGridPoint *__restrict__ nuclide_grids,
                                   int *__restrict__ mats, double *__restrict__ macro_xs_vector, int max_num_nucs)
{
    for (int k = 0; k < 5; k++)
        macro_xs_vector[k] = 0;
    for (int j = 0; j < num_nucs[mat]; j++) {
        double xs_vector[5];
        int p_nuc = mats[mat * max_num_nucs + j];
        double conc = concs[mat * max_num_nucs + j];
        calculate_micro_xs(p_energy, p_nuc, n_gridpoints, nuclide_grids, xs_vector);
        for (int k = 0; k < 5; k++)
            macro_xs_vector[k] += xs_vector[k] * conc;
    }
}

__global__ void xs_lookup_kernel_baseline(Inputs in, SimulationData GSD)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= in.lookups)
        return;
    uint64_t seed = STARTING_SEED;
    seed = fast_forward_LCG(seed, 2 * i);
    double p_energy = LCG_random_double(&seed);
    int mat = pick_mat(&seed);
    double macro_xs_vector[5] = {0};
    calculate_macro_xs(p_energy, mat, in.n_gridpoints, GSD.num_nucs, GSD.concs, GSD.nuclide_grid, GSD.mats,
                       macro_xs_vector, in.max_num_nucs);
    double max = -1.0;
    int max_idx = 0;
    for (int j = 0; j < 5; j++) {
        if (macro_xs_vector[j] > max) {
            max = macro_xs_vector[j];
            max_idx = j;
        }
    }
    GSD.verification[i] = max_idx + 1;
    for (int j = 0; j < 5; j++)
        GSD.macro_out[5 * i + j] = macro_xs_vector[j];
}
