// cpp12: multiple inheritance (this-adjusting thunks), a virtual-base diamond, new[]/delete[] with
// destructors (the array cookie), printf of a string in local memory
#include <cstdio>
#include <new>
// multiple and virtual inheritance: this-adjusting thunks, virtual bases, dynamic dispatch
struct Named { int id; __device__ Named(int i) : id(i) {} __device__ virtual int name() const { return id; } __device__ virtual ~Named() {} };
struct Valued { float v; __device__ Valued(float x) : v(x) {} __device__ virtual float value() const { return v; } __device__ virtual ~Valued() {} };
struct Item : Named, Valued {
    int extra;
    __device__ Item(int i, float x, int e) : Named(i), Valued(x), extra(e) {}
    __device__ int name() const override { return id * 10 + extra; }
    __device__ float value() const override { return v * extra; }
};
struct Root { int r; __device__ Root() : r(7) {} __device__ virtual int get() const { return r; } };
struct L : virtual Root { int l; __device__ L() : l(1) {} __device__ int get() const override { return r + l; } };
struct R : virtual Root { int rr; __device__ R() : rr(2) {} };
struct Diamond : L, R { int d; __device__ Diamond(int x) : d(x) { r = x * 3; } __device__ int get() const override { return r * 100 + l * 10 + rr + d; } };

__device__ __noinline__ int call_named(const Named *n) { return n->name(); }
__device__ __noinline__ float call_valued(const Valued *v) { return v->value(); }
__device__ __noinline__ int call_root(const Root *r) { return r->get(); }

struct Counted { int v; __device__ Counted() : v(0) {} __device__ ~Counted() { v = -1; } };

extern "C" __global__ void inherit(const int *in, int *out, float *fout)
{
    int t = threadIdx.x;
    int x = in[t];
    Item it(t, 0.5f * x, (t & 3) + 1);
    Named plain(x);
    const Named *n = (t & 1) ? static_cast<const Named *>(&it) : &plain;
    out[4 * t] = call_named(n);
    fout[t] = call_valued(&it);                    // through the Valued subobject: a thunk adjusts this
    Diamond dm(x & 15);
    L onlyl;
    const Root *r = (t % 3 == 0) ? static_cast<const Root *>(&dm) : (t % 3 == 1) ? static_cast<const Root *>(&onlyl)
                                                                                    : static_cast<const Root *>(static_cast<const R *>(&dm));
    out[4 * t + 1] = call_root(r);
    Counted *arr = new Counted[(t & 3) + 1];       // new[] with a cookie (non-trivial destructor)
    for (int i = 0; i <= (t & 3); ++i) arr[i].v = x + i;
    int s = 0;
    for (int i = 0; i <= (t & 3); ++i) s += arr[i].v;
    delete[] arr;
    out[4 * t + 2] = s;
    char buf[16];
    for (int i = 0; i < 5; ++i) buf[i] = 'a' + (x + i) % 26;
    buf[5] = 0;
    printf("%d:%s:%c\n", t, buf, buf[(t & 3)]);    // %s of a string in local memory
    out[4 * t + 3] = buf[0] * 256 + buf[4];
}
