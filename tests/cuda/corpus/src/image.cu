// uint8 / uint16 image processing: RGB -> gray (float weights, __float2uint_rn, saturate), Sobel with clamped reads, 16-bit gain with clamping
extern "C" __global__ void rgb2gray(const uchar3 *rgb, unsigned char *gray, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    uchar3 p = rgb[y * w + x];
    float g = 0.299f * p.x + 0.587f * p.y + 0.114f * p.z;
    gray[y * w + x] = (unsigned char)__float2uint_rn(g);
}
extern "C" __global__ void rgba_bright(const uchar4 *in, uchar4 *out, int n, float gain, float bias)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    uchar4 p = in[i];
    float r = __saturatef((p.x * gain + bias) / 255.0f), g = __saturatef((p.y * gain + bias) / 255.0f), b = __saturatef((p.z * gain + bias) / 255.0f);
    out[i] = make_uchar4((unsigned char)__float2uint_rn(r * 255.0f), (unsigned char)__float2uint_rn(g * 255.0f), (unsigned char)__float2uint_rn(b * 255.0f), p.w);
}
__device__ inline unsigned char at(const unsigned char *img, int x, int y, int w, int h)
{
    x = x < 0 ? 0 : (x >= w ? w - 1 : x); y = y < 0 ? 0 : (y >= h ? h - 1 : y);
    return img[y * w + x];
}
extern "C" __global__ void sobel(const unsigned char *img, unsigned char *out, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    int gx = -at(img, x - 1, y - 1, w, h) - 2 * at(img, x - 1, y, w, h) - at(img, x - 1, y + 1, w, h)
             + at(img, x + 1, y - 1, w, h) + 2 * at(img, x + 1, y, w, h) + at(img, x + 1, y + 1, w, h);
    int gy = -at(img, x - 1, y - 1, w, h) - 2 * at(img, x, y - 1, w, h) - at(img, x + 1, y - 1, w, h)
             + at(img, x - 1, y + 1, w, h) + 2 * at(img, x, y + 1, w, h) + at(img, x + 1, y + 1, w, h);
    float mag = sqrtf((float)(gx * gx + gy * gy));
    out[y * w + x] = (unsigned char)min(255, (int)mag);
}
extern "C" __global__ void gain16(const unsigned short *in, unsigned short *out, int n, float gain, int offset)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = (float)(in[i] - offset) * gain;
    int q = __float2int_rn(v);
    out[i] = (unsigned short)max(0, min(65535, q));
    out[n + i] = (unsigned short)__float2uint_rz(fminf(fmaxf(v, 0.f), 65535.f));
}
// box blur 3x3 of uchar with shared tile and integer rounding division by 9
extern "C" __global__ void box3(const unsigned char *in, unsigned char *out, int w, int h)
{
    __shared__ unsigned char t[18][18];
    int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
    for (int j = threadIdx.y; j < 18; j += 16)
        for (int i = threadIdx.x; i < 18; i += 16) t[j][i] = at(in, blockIdx.x * 16 + i - 1, blockIdx.y * 16 + j - 1, w, h);
    __syncthreads();
    if (x >= w || y >= h) return;
    unsigned int s = 0;
    for (int j = 0; j < 3; ++j) for (int i = 0; i < 3; ++i) s += t[threadIdx.y + j][threadIdx.x + i];
    out[y * w + x] = (unsigned char)((s + 4) / 9);
}
