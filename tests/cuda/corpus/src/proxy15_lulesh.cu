// proxy15: LULESH's element kernels in double (CalcElemVolume's triple products over the eight
// nodes of a hexahedron, CalcElemCharacteristicLength's face areas with sqrt and a max, gathered
// through a nodelist with 64-bit index math, a grid-stride loop), written after LLNL's LULESH
// CUDA/C++ reference (BSD-style licence) from the published formulas.
__device__ __forceinline__ double TripleProduct(double x1, double y1, double z1, double x2, double y2, double z2,
                                                double x3, double y3, double z3)
{
    return ((x1) * ((y2) * (z3) - (z2) * (y3)) + (x2) * ((z1) * (y3) - (y1) * (z3)) + (x3) * ((y1) * (z2) - (z1) * (y2)));
}

__device__ double CalcElemVolume(const double x0, const double x1, const double x2, const double x3, const double x4,
                                 const double x5, const double x6, const double x7, const double y0, const double y1,
                                 const double y2, const double y3, const double y4, const double y5, const double y6,
                                 const double y7, const double z0, const double z1, const double z2, const double z3,
                                 const double z4, const double z5, const double z6, const double z7)
{
    double twelveth = 1.0 / 12.0;
    double dx61 = x6 - x1, dy61 = y6 - y1, dz61 = z6 - z1;
    double dx70 = x7 - x0, dy70 = y7 - y0, dz70 = z7 - z0;
    double dx63 = x6 - x3, dy63 = y6 - y3, dz63 = z6 - z3;
    double dx20 = x2 - x0, dy20 = y2 - y0, dz20 = z2 - z0;
    double dx50 = x5 - x0, dy50 = y5 - y0, dz50 = z5 - z0;
    double dx64 = x6 - x4, dy64 = y6 - y4, dz64 = z6 - z4;
    double dx31 = x3 - x1, dy31 = y3 - y1, dz31 = z3 - z1;
    double dx72 = x7 - x2, dy72 = y7 - y2, dz72 = z7 - z2;
    double dx43 = x4 - x3, dy43 = y4 - y3, dz43 = z4 - z3;
    double dx57 = x5 - x7, dy57 = y5 - y7, dz57 = z5 - z7;
    double dx14 = x1 - x4, dy14 = y1 - y4, dz14 = z1 - z4;
    double dx25 = x2 - x5, dy25 = y2 - y5, dz25 = z2 - z5;
    double volume = TripleProduct(dx31 + dx72, dx63, dx20, dy31 + dy72, dy63, dy20, dz31 + dz72, dz63, dz20) +
                    TripleProduct(dx43 + dx57, dx64, dx70, dy43 + dy57, dy64, dy70, dz43 + dz57, dz64, dz70) +
                    TripleProduct(dx14 + dx25, dx61, dx50, dy14 + dy25, dy61, dy50, dz14 + dz25, dz61, dz50);
    volume *= twelveth;
    return volume;
}

__device__ double AreaFace(const double x0, const double x1, const double x2, const double x3, const double y0,
                           const double y1, const double y2, const double y3, const double z0, const double z1,
                           const double z2, const double z3)
{
    double fx = (x2 - x0) - (x3 - x1);
    double fy = (y2 - y0) - (y3 - y1);
    double fz = (z2 - z0) - (z3 - z1);
    double gx = (x2 - x0) + (x3 - x1);
    double gy = (y2 - y0) + (y3 - y1);
    double gz = (z2 - z0) + (z3 - z1);
    double area = (fx * fx + fy * fy + fz * fz) * (gx * gx + gy * gy + gz * gz) -
                  (fx * gx + fy * gy + fz * gz) * (fx * gx + fy * gy + fz * gz);
    return area;
}

__device__ double CalcElemCharacteristicLength(const double x[8], const double y[8], const double z[8], const double volume)
{
    double a, charLength = 0.0;
    a = AreaFace(x[0], x[1], x[2], x[3], y[0], y[1], y[2], y[3], z[0], z[1], z[2], z[3]);
    charLength = fmax(a, charLength);
    a = AreaFace(x[4], x[5], x[6], x[7], y[4], y[5], y[6], y[7], z[4], z[5], z[6], z[7]);
    charLength = fmax(a, charLength);
    a = AreaFace(x[0], x[1], x[5], x[4], y[0], y[1], y[5], y[4], z[0], z[1], z[5], z[4]);
    charLength = fmax(a, charLength);
    a = AreaFace(x[1], x[2], x[6], x[5], y[1], y[2], y[6], y[5], z[1], z[2], z[6], z[5]);
    charLength = fmax(a, charLength);
    a = AreaFace(x[2], x[3], x[7], x[6], y[2], y[3], y[7], y[6], z[2], z[3], z[7], z[6]);
    charLength = fmax(a, charLength);
    a = AreaFace(x[3], x[0], x[4], x[7], y[3], y[0], y[4], y[7], z[3], z[0], z[4], z[7]);
    charLength = fmax(a, charLength);
    charLength = 4.0 * volume / sqrt(charLength);
    return charLength;
}

__global__ void CalcKinematicsForElems(long numElem, const int *__restrict__ nodelist, const double *__restrict__ mx,
                                       const double *__restrict__ my, const double *__restrict__ mz,
                                       const double *__restrict__ volo, double *__restrict__ vnew,
                                       double *__restrict__ arealg)
{
    for (long k = blockIdx.x * (long)blockDim.x + threadIdx.x; k < numElem; k += (long)gridDim.x * blockDim.x) {
        double x_local[8], y_local[8], z_local[8];
        const int *elemToNode = nodelist + 8 * k;
        for (int lnode = 0; lnode < 8; ++lnode) {
            long gnode = elemToNode[lnode];
            x_local[lnode] = mx[gnode];
            y_local[lnode] = my[gnode];
            z_local[lnode] = mz[gnode];
        }
        double volume = CalcElemVolume(x_local[0], x_local[1], x_local[2], x_local[3], x_local[4], x_local[5],
                                       x_local[6], x_local[7], y_local[0], y_local[1], y_local[2], y_local[3],
                                       y_local[4], y_local[5], y_local[6], y_local[7], z_local[0], z_local[1],
                                       z_local[2], z_local[3], z_local[4], z_local[5], z_local[6], z_local[7]);
        double relativeVolume = volume / volo[k];
        vnew[k] = relativeVolume;
        arealg[k] = CalcElemCharacteristicLength(x_local, y_local, z_local, volume);
    }
}
