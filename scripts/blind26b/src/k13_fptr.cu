#include <new>
typedef unsigned (*fn_t)(unsigned, unsigned);
__device__ __noinline__ unsigned f_add(unsigned a, unsigned b) { return a + b; }
__device__ __noinline__ unsigned f_mul(unsigned a, unsigned b) { return a * b + 1; }
__device__ __noinline__ unsigned f_xor(unsigned a, unsigned b) { return (a ^ b) * 3; }
__device__ __noinline__ unsigned f_rot(unsigned a, unsigned b) { return (a << (b & 31)) | (a >> ((32 - b) & 31)); }
__device__ fn_t table[4] = {f_add, f_mul, f_xor, f_rot};
struct Base {
  unsigned k;
  __device__ Base(unsigned kk) : k(kk) {}
  __device__ virtual unsigned op(unsigned x) const = 0;
  __device__ virtual unsigned id() const { return 1; }
};
struct A : Base { __device__ A(unsigned k) : Base(k) {} __device__ unsigned op(unsigned x) const override { return x * k + 1; } };
struct B : Base { __device__ B(unsigned k) : Base(k) {} __device__ unsigned op(unsigned x) const override { return (x ^ k) >> 1; }
                  __device__ unsigned id() const override { return 2; } };
struct C : B { unsigned extra; __device__ C(unsigned k) : B(k), extra(k * 7) {} __device__ unsigned op(unsigned x) const override { return B::op(x) + 1000 + extra; }
               __device__ unsigned id() const override { return 3; } };
__device__ __noinline__ unsigned apply(const Base& b, unsigned x) { return b.op(x) * 10 + b.id(); }
__global__ void fptr_k(const unsigned* in, unsigned* out, int sel) {
  int t = threadIdx.x;
  unsigned x = in[t];
  fn_t f = table[x & 3];
  out[t * 4] = f(x, (unsigned)t);
  fn_t lt[3] = {f_xor, f_add, table[(sel + t) & 3]};
  out[t * 4 + 1] = lt[t % 3](x, 7u);
  alignas(8) unsigned char buf[sizeof(C) + 8];
  Base* p;
  switch (x % 3) {
    case 0: p = new (buf) A((unsigned)t); break;
    case 1: p = new (buf) B((unsigned)t); break;
    default: p = new (buf) C((unsigned)t); break;
  }
  out[t * 4 + 2] = apply(*p, x);
  out[t * 4 + 3] = p->id();
}
