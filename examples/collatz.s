// collatz.s -- a divergent kernel: the number of Collatz steps of each element,
//
//   steps[i] = number of iterations of  x = (x odd) ? 3x + 1 : x / 2  until x <= 1,  x = in[i]
//
// Every lane runs its own number of iterations (a loop left with BREAK) and takes its own
// side of the if/else in each iteration (BSSY/BSYNC reconverge the warp after it).
//
// Run (2 CTAs of 64 threads on 128 random 16-bit numbers; no trajectory leaves 32 bits):
//
//   gpuisa run examples/collatz.s --grid 2 --block 64 --buffer in=256:random:9:u16 --buffer steps=512 --param ptr:in --param ptr:steps --param u32:128 --param u32:64 --dump-buffer steps
//
// Kernel parameters: c[0x0][0x0] in (u16), c[0x0][0x8] steps (u32), c[0x0][0x10] n,
// c[0x0][0x14] ntid (threads per CTA).

        S2R R0, SR_CTAID.X ;
        S2R R1, SR_WARPID ;
        S2R R2, SR_LANEID ;
        IMAD R1, R1, 0x20, R2 ;                     // thread in CTA
        IMAD R0, R0, c[0x0][0x14], R1 ;             // i = cta * ntid + thread
        ISETP.GE.U32.AND P0, PT, R0, c[0x0][0x10], PT ;
    @P0 EXIT ;
        MOV R3, 0x2 ;
        IMAD.WIDE.U32 R[4:5], R0, R3, c[0x0][0x0] ; // &in[i] (2-byte elements)
        MOV R3, 0x4 ;
        IMAD.WIDE.U32 R[6:7], R0, R3, c[0x0][0x8] ; // &steps[i]
        LDG.E.U16 R8, [R4.64] ;                     // x = in[i], zero-extended
        MOV R9, RZ ;                                // steps = 0
        MOV R11, 0x1 ;
        BSSY B1, `(END) ;                           // the loop's reconvergence point
LOOP:
        ISETP.LE.U32.AND P1, PT, R8, 0x1, PT ;      // x <= 1: this lane is done
    @P1 BREAK B1 ;                                  // leave B1's set of lanes...
    @P1 BRA `(END) ;                                // ...and wait at END for the others
        BSSY B0, `(JOIN) ;                          // if/else reconvergence point
        LOP3.LUT R10, R8, 0x1, RZ, 0xc0, !PT ;      // x & 1
        ISETP.NE.U32.AND P2, PT, R10, RZ, PT ;
    @P2 BRA `(ODD) ;
        SHF.R.U32 R8, R8, 0x1, RZ ;                 // even: x = x / 2
        BRA `(JOIN) ;
ODD:
        IMAD R8, R8, 0x3, R11 ;                     // odd: x = 3x + 1
JOIN:
        BSYNC B0 ;                                  // both sides done: the loop body reconverges
        IADD3 R9, R9, 0x1, RZ ;                     // steps += 1
        BRA `(LOOP) ;
END:
        BSYNC B1 ;                                  // every lane has left the loop
        STG.E [R6.64], R9 ;
        EXIT ;
