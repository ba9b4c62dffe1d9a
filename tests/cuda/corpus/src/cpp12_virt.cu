// cpp12: virtual functions: objects built with placement new in shared memory and called through a
// neighbour's base pointer (divergent indirect calls through the vtable), and heap objects (new/delete)
#include <new>
struct Shape {
    int tag;
    __device__ Shape(int t) : tag(t) {}
    __device__ virtual ~Shape() {}
    __device__ virtual float area() const = 0;
    __device__ virtual int sides() const { return 0; }
    __device__ virtual int scaled(int k) const { return tag * k; }
};
struct Circle : Shape {
    float r;
    __device__ Circle(int t, float r_) : Shape(t), r(r_) {}
    __device__ float area() const override { return 3.0f * r * r; }
};
struct Rect : Shape {
    float w, h;
    __device__ Rect(int t, float w_, float h_) : Shape(t), w(w_), h(h_) {}
    __device__ float area() const override { return w * h; }
    __device__ int sides() const override { return 4; }
};
struct Square : Rect {
    __device__ Square(int t, float s) : Rect(t, s, s) {}
    __device__ int sides() const override { return 40; }
    __device__ int scaled(int k) const override { return Rect::scaled(k) + 1000; }
};
struct Tri : Shape {
    float b, h;
    __device__ Tri(int t, float b_, float h_) : Shape(t), b(b_), h(h_) {}
    __device__ float area() const override { return 0.5f * b * h; }
    __device__ int sides() const override { return 3; }
};
union Slot { char c[sizeof(Square) > sizeof(Tri) ? sizeof(Square) : sizeof(Tri)]; double align; };

// every thread builds one object in shared memory; then each thread calls through a
// neighbour's base pointer (the dynamic type differs per lane: divergent virtual calls)
extern "C" __global__ void virt_shared(const int *kind, const float *x, float *area, int *misc)
{
    __shared__ Slot slots[128];
    __shared__ Shape *ptrs[128];
    int t = threadIdx.x;
    void *mem = &slots[t];
    int k = kind[t] & 3;
    float v = x[t];
    Shape *s;
    switch (k) {
    case 0: s = new (mem) Circle(t, v); break;
    case 1: s = new (mem) Rect(t, v, v + 1.0f); break;
    case 2: s = new (mem) Square(t, v); break;
    default: s = new (mem) Tri(t, v, 2.0f); break;
    }
    ptrs[t] = s;
    __syncthreads();
    const Shape *o = ptrs[(t * 7 + 3) % blockDim.x];
    area[t] = o->area();
    misc[2 * t] = o->sides();
    misc[2 * t + 1] = o->scaled(t + 1);
    __syncthreads();
    s->~Shape();
}

// objects on the heap (new/delete -> malloc/free), a polymorphic accumulate loop
struct Op { __device__ virtual int apply(int acc, int v) const = 0; __device__ virtual ~Op() {} };
struct AddOp : Op { int k; __device__ AddOp(int k_) : k(k_) {} __device__ int apply(int a, int v) const override { return a + v * k; } };
struct XorOp : Op { __device__ int apply(int a, int v) const override { return (a ^ v) + 1; } };
struct MaxOp : Op { __device__ int apply(int a, int v) const override { return a > v ? a : v; } };

extern "C" __global__ void virt_heap(const int *in, int *out, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    Op *op;
    int sel = in[t] & 3;
    if (sel == 0) op = new AddOp(3);
    else if (sel == 1) op = new XorOp;
    else if (sel == 2) op = new MaxOp;
    else op = new AddOp(-1);
    int acc = t;
    for (int i = 0; i < n; ++i)
        acc = op->apply(acc, in[(t + i) % (blockDim.x * gridDim.x)]);
    out[t] = acc;
    delete op;
}
