__global__ void spinlock_k(int* lock, volatile int* counter, int* order, int* lock2, volatile int* counter2, int* order2) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  // ITS-dependent pattern: naive spin (deadlocks without independent thread scheduling)
  while (atomicCAS(lock, 0, 1) != 0) { }
  __threadfence();
  int c = *counter;
  order[g] = c;
  *counter = c + 1;
  __threadfence();
  atomicExch(lock, 0);
  // done-flag pattern, lanes of one warp contend
  bool done = false;
  while (!done) {
    if (atomicCAS(lock2, 0, 1) == 0) {
      __threadfence();
      int d = *counter2;
      order2[g] = d;
      *counter2 = d + (g & 7) + 1;
      __threadfence();
      atomicExch(lock2, 0);
      done = true;
    }
  }
}
