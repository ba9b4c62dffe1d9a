// Texture and surface objects (tests/cuda/test_frontend.py: refused at their instruction, decision D10-8).
// nvcc -cubin -O3 -arch=sm_90 tx.cu; nvdisasm; -arch=sm_120 and cuobjdump -sass.
extern "C" __global__ void fetch1d(cudaTextureObject_t t, float* out, int n){ int i=blockIdx.x*blockDim.x+threadIdx.x; if(i<n) out[i]=tex1Dfetch<float>(t, i*2+1); }
extern "C" __global__ void fetch2d(cudaTextureObject_t t, float* out, int w, int h){ int x=threadIdx.x, y=blockIdx.x; if(x<w&&y<h) out[y*w+x]=tex2D<float>(t, x+0.5f, y+0.25f); }
extern "C" __global__ void fetch2di(cudaTextureObject_t t, int4* out){ int x=threadIdx.x; out[x]=tex2D<int4>(t, x, 1); }
extern "C" __global__ void surf(cudaSurfaceObject_t s, int w){ int x=threadIdx.x; float v; surf2Dread(&v, s, x*4, 0); surf2Dwrite(v*2, s, x*4, 1); }
