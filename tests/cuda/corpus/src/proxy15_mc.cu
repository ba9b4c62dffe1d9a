// proxy15: a Quicksilver-like Monte Carlo transport kernel: one particle history per thread with
// a hand-written 64-bit RNG (the PCG-style LCG step and Quicksilver's rngSample bit mixing), slab
// geometry with per-zone cross sections, distance to collision by -log(rng)/sigma_t, a switch over
// the segment outcome (collision / facet crossing / census), absorption, scatter, fission with
// integer tallies by atomicAdd and a double track-length tally by atomicAdd, loops with break;
// written after LLNL/Quicksilver's MC_Segment_Outcome / CollisionEvent structure (BSD-3-Clause)
// for this corpus.
#include <stdint.h>

__device__ __forceinline__ double rng_sample(uint64_t *seed)
{
    *seed = 2862933555777941757ULL * (*seed) + 3037000493ULL;
    return 5.4210108624275222e-20 * (double)(*seed);       // 2^-64
}

enum Outcome { COLLISION = 0, FACET_CROSSING = 1, CENSUS = 2 };

__global__ void mc_transport(int nparticles, int nzones, const double *__restrict__ zone_width,
                             const double *__restrict__ sigma_t, const double *__restrict__ p_absorb,
                             const double *__restrict__ p_fission, double time_census,
                             unsigned int *__restrict__ tallies, double *__restrict__ track_length,
                             int *__restrict__ final_zone)
{
    int pid = blockIdx.x * blockDim.x + threadIdx.x;
    if (pid >= nparticles)
        return;
    uint64_t seed = 0x9E3779B97F4A7C15ULL ^ ((uint64_t)pid * 0xD1B54A32D192ED03ULL);
    int zone = pid % nzones;
    double x = 0.5 * zone_width[zone];
    double mu = 2.0 * rng_sample(&seed) - 1.0;
    double t = 0.0;
    const double speed = 1.0;
    int nseg = 0;
    while (true) {
        if (++nseg > 200) {
            atomicAdd(&tallies[5], 1u);
            break;
        }
        double dist_coll = -log(rng_sample(&seed)) / sigma_t[zone];
        double dist_facet = mu > 0 ? (zone_width[zone] - x) / mu : (mu < 0 ? -x / mu : 1e30);
        double dist_census = (time_census - t) * speed;
        int outcome;
        double d;
        if (dist_coll <= dist_facet && dist_coll <= dist_census) { outcome = COLLISION; d = dist_coll; }
        else if (dist_facet <= dist_census) { outcome = FACET_CROSSING; d = dist_facet; }
        else { outcome = CENSUS; d = dist_census; }
        atomicAdd(&track_length[zone], d);
        t += d / speed;
        x += d * mu;
        bool done = false;
        switch (outcome) {
        case COLLISION: {
            double r = rng_sample(&seed);
            if (r < p_absorb[zone]) {
                atomicAdd(&tallies[0], 1u);
                done = true;
            } else if (r < p_absorb[zone] + p_fission[zone]) {
                atomicAdd(&tallies[1], 1u);
                done = true;
            } else {
                atomicAdd(&tallies[2], 1u);
                mu = 2.0 * rng_sample(&seed) - 1.0;
            }
            break;
        }
        case FACET_CROSSING:
            if (mu > 0) {
                if (zone == nzones - 1) { atomicAdd(&tallies[3], 1u); done = true; }
                else { zone++; x = 0.0; }
            } else {
                if (zone == 0) { atomicAdd(&tallies[3], 1u); done = true; }
                else { zone--; x = zone_width[zone]; }
            }
            break;
        case CENSUS:
            atomicAdd(&tallies[4], 1u);
            done = true;
            break;
        }
        if (done)
            break;
    }
    final_zone[pid] = zone * 1000 + nseg;
}
