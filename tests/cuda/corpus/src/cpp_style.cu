// C++ in device code: a vector struct with operators, references, lambdas (captured by value and
// by reference), a constexpr table, a small class with a member template, std-like pair
struct V3 {
    float x, y, z;
    __device__ V3 operator+(const V3 &o) const { return {x + o.x, y + o.y, z + o.z}; }
    __device__ V3 operator*(float s) const { return {x * s, y * s, z * s}; }
    __device__ float dot(const V3 &o) const { return x * o.x + y * o.y + z * o.z; }
    __device__ V3 cross(const V3 &o) const { return {y * o.z - z * o.y, z * o.x - x * o.z, x * o.y - y * o.x}; }
};

template <typename A, typename B> struct P { A first; B second; };

class Poly {
    int c_[4];
public:
    __device__ Poly(int a, int b, int c, int d) : c_{a, b, c, d} {}
    template <typename T> __device__ T eval(T x) const
    {
        T r = 0;
        for (int k = 3; k >= 0; --k) r = r * x + T(c_[k]);
        return r;
    }
};

__device__ void normalize(V3 &v)
{
    float l = sqrtf(v.dot(v));
    if (l > 0.0f) v = v * (1.0f / l);
}



__global__ void cpp_style(const float *xyz, const int *k, float *o, long long *ol, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    V3 a{xyz[3 * i], xyz[3 * i + 1], xyz[3 * i + 2]};
    V3 b{a.y, -a.x, 1.0f};
    V3 c = a.cross(b) + a * 2.0f;
    normalize(c);
    int cnt = 0;
    auto acc = [&cnt](int v) { cnt += v & 1; return v * 2; };
    int kk = k[i];
    const int kTab[8] = {3, 1, 4, 1, 5, 9, 2, 6};
    int s = 0;
    for (int j = 0; j < 5; j++) s += acc(kk + j);
    auto scale = [=](float f) { return f * (float)kk; };
    P<int, float> p{s + kTab[kk & 7], scale(c.x)};
    Poly poly(1, -2, kk & 3, 1);
    o[4 * i + 0] = c.x;
    o[4 * i + 1] = c.y + c.z;
    o[4 * i + 2] = p.second;
    o[4 * i + 3] = poly.eval<float>(a.x);
    ol[2 * i] = p.first * 10 + cnt;
    ol[2 * i + 1] = poly.eval<long long>((long long)kk);
}
