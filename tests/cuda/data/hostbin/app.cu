// A host program's kernels, built into an object file (nvcc -c) for two targets; decision D9-1.
// The switch is a jump table (constant bank 2) and sinf reads the math library's table
// (bank 4 on some targets): a cuobjdump listing needs the data of the cubin inside app.o.
__global__ void classify(int* out, const int* in) {
  int v = in[threadIdx.x];
  int r;
  switch (v & 7) {
    case 0: r = v * 3; break;
    case 1: r = v ^ 0x55; break;
    case 2: r = v - 9; break;
    case 3: r = v << 2; break;
    case 4: r = v / 3; break;
    case 5: r = ~v; break;
    case 6: r = v % 11; break;
    default: r = 42;
  }
  out[threadIdx.x] = r + (int)(4.0f * sinf((float)v));
}
__global__ void twice(int* a) { a[threadIdx.x] *= 2; }
int main() {
  int *o, *i;
  cudaMalloc(&o, 128);
  cudaMalloc(&i, 128);
  classify<<<1, 32>>>(o, i);
  twice<<<1, 32>>>(o);
  return cudaDeviceSynchronize() != cudaSuccess;
}
