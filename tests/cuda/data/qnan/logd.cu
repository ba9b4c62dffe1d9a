extern "C" __global__ void logd(const double *x, double *o) { o[threadIdx.x] = log(x[threadIdx.x]); }
