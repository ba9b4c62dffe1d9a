// nvcc-flags: -use_fast_math
// proxy15: miniBUDE's fasten kernel (float; a pose's rotation from sincosf of three angles, the
// ligand-protein atom pair loop with steric / electrostatic / desolvation terms, PPWI poses per
// thread fully unrolled, a shared-memory copy of the force-field table), written after
// UoB-HPC/miniBUDE's CUDA fasten_main (Apache-2.0) from its published algorithm; compiled with
// -use_fast_math as its CUDA build does.
#define PPWI 4
#define ZERO 0.0f
#define QUARTER 0.25f
#define HALF 0.5f
#define ONE 1.0f
#define TWO 2.0f
#define FOUR 4.0f
#define CNSTNT 45.0f
#define HBTYPE_F 70
#define HBTYPE_E 69
#define HARDNESS 38.0f
#define NPNPDIST 5.5f
#define NPPDIST 1.0f

struct Atom { float x, y, z; int type; };
struct FFParams { int hbtype; float radius; float hphb; float elsc; };

__global__ void fasten_main(int natlig, int natpro, const Atom *__restrict__ protein_molecule,
                            const Atom *__restrict__ ligand_molecule, const float *__restrict__ transforms_0,
                            const float *__restrict__ transforms_1, const float *__restrict__ transforms_2,
                            const float *__restrict__ transforms_3, const float *__restrict__ transforms_4,
                            const float *__restrict__ transforms_5, float *__restrict__ etotals,
                            const FFParams *__restrict__ global_forcefield, int numTransforms)
{
    extern __shared__ FFParams forcefield[];
    int ix = blockIdx.x * blockDim.x * PPWI + threadIdx.x;
    ix = ix < numTransforms ? ix : numTransforms - PPWI;
    for (int i = threadIdx.x; i < 8; i += blockDim.x)
        forcefield[i] = global_forcefield[i];
    float etot[PPWI];
    float transform[3][4][PPWI];
    const int lsz = blockDim.x;
#pragma unroll
    for (int i = 0; i < PPWI; i++) {
        int index = ix + i * lsz;
        const float sx = sinf(transforms_0[index]);
        const float cx = cosf(transforms_0[index]);
        const float sy = sinf(transforms_1[index]);
        const float cy = cosf(transforms_1[index]);
        const float sz = sinf(transforms_2[index]);
        const float cz = cosf(transforms_2[index]);
        transform[0][0][i] = cy * cz;
        transform[0][1][i] = sx * sy * cz - cx * sz;
        transform[0][2][i] = cx * sy * cz + sx * sz;
        transform[0][3][i] = transforms_3[index];
        transform[1][0][i] = cy * sz;
        transform[1][1][i] = sx * sy * sz + cx * cz;
        transform[1][2][i] = cx * sy * sz - sx * cz;
        transform[1][3][i] = transforms_4[index];
        transform[2][0][i] = -sy;
        transform[2][1][i] = sx * cy;
        transform[2][2][i] = cx * cy;
        transform[2][3][i] = transforms_5[index];
        etot[i] = ZERO;
    }
    __syncthreads();
    int il = 0;
    do {
        const Atom l_atom = ligand_molecule[il];
        const FFParams l_params = forcefield[l_atom.type];
        const bool lhphb_ltz = l_params.hphb < ZERO;
        const bool lhphb_gtz = l_params.hphb > ZERO;
        float lpos_x[PPWI], lpos_y[PPWI], lpos_z[PPWI];
#pragma unroll
        for (int i = 0; i < PPWI; i++) {
            lpos_x[i] = transform[0][3][i] + l_atom.x * transform[0][0][i] + l_atom.y * transform[0][1][i] + l_atom.z * transform[0][2][i];
            lpos_y[i] = transform[1][3][i] + l_atom.x * transform[1][0][i] + l_atom.y * transform[1][1][i] + l_atom.z * transform[1][2][i];
            lpos_z[i] = transform[2][3][i] + l_atom.x * transform[2][0][i] + l_atom.y * transform[2][1][i] + l_atom.z * transform[2][2][i];
        }
        int ip = 0;
        do {
            const Atom p_atom = protein_molecule[ip];
            const FFParams p_params = forcefield[p_atom.type];
            const float radij = p_params.radius + l_params.radius;
            const float r_radij = ONE / radij;
            const float elcdst = (p_params.hbtype == HBTYPE_F && l_params.hbtype == HBTYPE_F) ? FOUR : TWO;
            const float elcdst1 = (p_params.hbtype == HBTYPE_F && l_params.hbtype == HBTYPE_F) ? QUARTER : HALF;
            const bool type_E = ((p_params.hbtype == HBTYPE_E || l_params.hbtype == HBTYPE_E));
            const bool phphb_ltz = p_params.hphb < ZERO;
            const bool phphb_gtz = p_params.hphb > ZERO;
            const bool phphb_nz = p_params.hphb != ZERO;
            const float p_hphb = p_params.hphb * (phphb_ltz && lhphb_gtz ? -ONE : ONE);
            const float l_hphb = l_params.hphb * (phphb_gtz && lhphb_ltz ? -ONE : ONE);
            const float distdslv = (phphb_ltz ? (lhphb_ltz ? NPNPDIST : NPPDIST) : (lhphb_ltz ? NPPDIST : -3.4028235e+38f));
            const float r_distdslv = ONE / distdslv;
            const float chrg_init = l_params.elsc * p_params.elsc;
            const float dslv_init = p_hphb + l_hphb;
#pragma unroll
            for (int i = 0; i < PPWI; i++) {
                const float x = lpos_x[i] - p_atom.x;
                const float y = lpos_y[i] - p_atom.y;
                const float z = lpos_z[i] - p_atom.z;
                const float distij = sqrtf(x * x + y * y + z * z);
                const float distbb = distij - radij;
                const bool zone1 = (distbb < ZERO);
                etot[i] += (ONE - (distij * r_radij)) * (zone1 ? TWO * HARDNESS : ZERO);
                float chrg_e = chrg_init * ((zone1 ? ONE : (ONE - distbb * elcdst1)) * (distbb < elcdst ? ONE : ZERO));
                const float neg_chrg_e = -fabsf(chrg_e);
                chrg_e = type_E ? neg_chrg_e : chrg_e;
                etot[i] += chrg_e * CNSTNT;
                const float coeff = (ONE - (distbb * r_distdslv));
                float dslv_e = dslv_init * ((distbb < distdslv && phphb_nz) ? ONE : ZERO);
                dslv_e *= (zone1 ? ONE : coeff);
                etot[i] += dslv_e;
            }
        } while (++ip < natpro);
    } while (++il < natlig);
    const int td_base = blockIdx.x * blockDim.x * PPWI + threadIdx.x;
    if (td_base < numTransforms) {
#pragma unroll
        for (int i = 0; i < PPWI; i++)
            etotals[td_base + i * blockDim.x] = etot[i] * HALF;
    }
}
