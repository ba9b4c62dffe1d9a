// two kernels in one cubin (--kernel selects one)
extern "C" __global__ void scale(int *data, int k)
{
    data[threadIdx.x] *= k;
}

extern "C" __global__ void offset(int *data, int k)
{
    data[threadIdx.x] += k;
}
