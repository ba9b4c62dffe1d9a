// histogram.s -- 16-bin histogram of bytes with global atomics (ATOMG.E.ADD):
//
//   hist[b] = number of i < n with (data[i] >> 4) == b,  and  rank[i] = how many
//   elements of the same bin were counted before element i (the atomic's old value)
//
// Run (4 CTAs of 128 threads for n = 500 bytes: lanes of one warp, warps of one CTA and
// CTAs all increment the same 16 counters):
//
//   gpuisa run examples/histogram.s --grid 4 --block 128 --buffer data=512:random:5:u8 --buffer hist=64 --buffer rank=2000 --param ptr:data --param ptr:hist --param ptr:rank --param u32:500 --param u32:128 --dump-buffer hist
//
// Kernel parameters: c[0x0][0x0] data (pointer to bytes), c[0x0][0x8] hist (16 x u32),
// c[0x0][0x10] rank (n x u32), c[0x0][0x18] n, c[0x0][0x1c] ntid (threads per CTA).
//
// ATOMG performs its lanes one after the other (lowest lane first) and warps execute one
// instruction at a time, so every increment counts and the old values of one bin are
// 0, 1, 2, ... in some order. (RED.E.ADD does the same without returning the old value.)

        S2R R0, SR_CTAID.X ;
        S2R R1, SR_WARPID ;
        S2R R2, SR_LANEID ;
        IMAD R1, R1, 0x20, R2 ;                     // thread in CTA
        IMAD R0, R0, c[0x0][0x1c], R1 ;             // i = cta * ntid + thread
        ISETP.GE.U32.AND P0, PT, R0, c[0x0][0x18], PT ;
    @P0 EXIT ;                                      // i >= n
        IADD3 R4, P1, R0, c[0x0][0x0], RZ ;         // &data[i], low word, with carry out...
        IADD3.X R5, RZ, c[0x0][0x4], RZ, P1 ;       // ...into the high word (64-bit add)
        LDG.E.U8 R6, [R4.64] ;                      // data[i], zero-extended byte
        SHF.R.U32 R7, R6, 0x4, RZ ;                 // bin = data[i] >> 4
        MOV R8, 0x4 ;
        IMAD.WIDE.U32 R[10:11], R7, R8, c[0x0][0x8] ;  // &hist[bin]
        MOV R9, 0x1 ;
        ATOMG.E.ADD R12, [R10.64], R9 ;             // R12 = hist[bin]; hist[bin] += 1 (atomically)
        IMAD.WIDE.U32 R[14:15], R0, R8, c[0x0][0x10] ; // &rank[i]
        STG.E [R14.64], R12 ;
        EXIT ;
