// %nsmid, %smid and %nwarpid: driver constants and special registers (decision D8-11).
__global__ void nsm(unsigned *o) { unsigned n, s, w; asm("mov.u32 %0, %%nsmid;" : "=r"(n)); asm("mov.u32 %0, %%smid;" : "=r"(s)); asm("mov.u32 %0, %%nwarpid;" : "=r"(w)); o[threadIdx.x] = n * 1000000 + s * 1000 + w; }
