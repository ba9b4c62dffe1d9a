// block_reduce.s -- sum of each CTA's elements through shared memory (u32, wrapping),
// the classic tree reduction with BAR.SYNC between the levels:
//
//   out[cta] = in[cta*ntid] + in[cta*ntid + 1] + ... + in[cta*ntid + ntid - 1]   (mod 2^32)
//
// Run (4 CTAs of 128 threads; ntid must be a power of two and a multiple of 32):
//
//   gpuisa run examples/block_reduce.s --grid 4 --block 128 --buffer in=2048:random:3 --buffer out=16 --param ptr:in --param ptr:out --param u32:128 --dump-buffer out
//
// Kernel parameters: c[0x0][0x0] in (pointer to u32), c[0x0][0x8] out (pointer to u32,
// one per CTA), c[0x0][0x10] ntid (threads per CTA, the --block value).
//
// Each thread t stores its element at shared[t]; then, for s = ntid/2, ntid/4, ..., 1,
// threads t < s add shared[t + s] into shared[t]. The `if (t < s)` is a divergent branch
// (BSSY/BSYNC reconverge the warp) and every warp, busy or not, meets BAR.SYNC once per
// level, so no thread reads a level before all of it is written.

        S2R R0, SR_CTAID.X ;
        S2R R1, SR_WARPID ;
        S2R R2, SR_LANEID ;
        IMAD R1, R1, 0x20, R2 ;                     // t = warp * 32 + lane (thread in CTA)
        IMAD R3, R0, c[0x0][0x10], R1 ;             // i = cta * ntid + t
        MOV R4, 0x4 ;
        IMAD.WIDE.U32 R[6:7], R3, R4, c[0x0][0x0] ; // &in[i]
        LDG.E R8, [R6.64] ;
        IMAD.SHL.U32 R9, R1, 0x4, RZ ;              // shared address of element t
        STS [R9], R8 ;                              // shared[t] = in[i]
        BAR.SYNC 0x0 ;                              // every element is in shared memory
        LDC R10, c[0x0][0x10] ;
        SHF.R.U32 R10, R10, 0x1, RZ ;               // s = ntid / 2
LOOP:
        ISETP.EQ.U32.AND P0, PT, R10, RZ, PT ;      // s == 0: done (the same in every thread)
    @P0 BRA `(DONE) ;
        ISETP.GE.U32.AND P1, PT, R1, R10, PT ;      // t >= s: this thread idles this level
        BSSY B0, `(NEXT) ;
    @P1 BRA `(NEXT) ;
        IMAD R11, R10, 0x4, R9 ;                    // shared address of element t + s
        LDS R12, [R9] ;
        LDS R13, [R11] ;
        IADD3 R12, R12, R13, RZ ;
        STS [R9], R12 ;                             // shared[t] += shared[t + s]
NEXT:
        BSYNC B0 ;                                  // the warp reconverges
        BAR.SYNC 0x0 ;                              // the level is complete in every warp
        SHF.R.U32 R10, R10, 0x1, RZ ;               // s /= 2
        BRA `(LOOP) ;
DONE:
        ISETP.NE.AND P0, PT, R1, RZ, PT ;
    @P0 EXIT ;                                      // thread 0 writes the CTA's sum
        LDS R14, [0x0] ;
        IMAD.WIDE.U32 R[6:7], R0, R4, c[0x0][0x8] ; // &out[cta]
        STG.E [R6.64], R14 ;
        EXIT ;
