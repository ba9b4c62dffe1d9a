// spin_wait.s -- producer/consumer inside ONE warp: lanes 0..15 wait, in a spin loop,
// for a flag that lanes 16..31 set after writing the data; YIELD makes it terminate.
//
//   producers (lane p = 16..31):  data[p - 16] = (p - 16)^2 + 7;  flag = 1
//   consumers (lane c = 0..15):   while (flag == 0) YIELD;  out[c] = data[c] + 1000
//
// Run (one warp):
//
//   gpuisa run examples/spin_wait.s --block 32 --buffer buf=68 --buffer out=64 --param ptr:buf --param ptr:out --dump-buffer out
//
// Kernel parameters: c[0x0][0x0] buf (16 x u32 data, then the u32 flag at +0x40),
// c[0x0][0x8] out (16 x u32).
//
// Why YIELD: after the divergent branch the warp runs one path at a time, the
// fall-through side (the consumers) first, and the branch unit switches paths only at
// a synchronisation point (BSYNC, WARPSYNC, EXIT) or at YIELD. The consumers' loop has
// none of the first kind, so without YIELD they spin forever and the producers never
// run: delete the YIELD line and the run ends with a step-limit fault (after --max-steps
// warp-instructions, 1,000,000 by default). YIELD parks the consumers (they resume after
// it) and switches to the producers; the producers pass the BSYNC on their own (yielding
// lanes are excused from it) and exit; the consumers then see the flag.

        S2R R0, SR_LANEID ;
        LDC.64 R[2:3], c[0x0][0x0] ;                // buf
        LDC.64 R[4:5], c[0x0][0x8] ;                // out
        MOV R7, 0x4 ;
        MOV R16, 0x1 ;
        ISETP.GE.U32.AND P0, PT, R0, 0x10, PT ;     // lanes 16..31 produce
        BSSY B0, `(DONE) ;
    @P0 BRA `(PRODUCE) ;
        // consumers: the fall-through side runs first
        IMAD.WIDE.U32 R[8:9], R0, R7, R[2:3] ;      // &data[c]
SPIN:
        LDG.E R10, [R2.64+0x40] ;                   // flag (the same word in every consumer lane)
        ISETP.NE.AND P1, PT, R10, RZ, PT ;
    @P1 BRA `(CONSUME) ;                            // set: every consumer lane goes on
        YIELD ;                                     // not yet: give the producers a turn
        BRA `(SPIN) ;
CONSUME:
        LDG.E R11, [R8.64] ;                        // data[c]
        IADD3 R11, R11, 0x3e8, RZ ;                 // + 1000
        IMAD.WIDE.U32 R[12:13], R0, R7, R[4:5] ;    // &out[c]
        STG.E [R12.64], R11 ;
        BRA `(DONE) ;
PRODUCE:
        IADD3 R14, R0, -0x10, RZ ;                  // slot = lane - 16
        IMAD R15, R14, R14, 0x7 ;                   // value = slot^2 + 7
        IMAD.WIDE.U32 R[8:9], R14, R7, R[2:3] ;     // &data[slot]
        STG.E [R8.64], R15 ;
        MEMBAR.SC.GPU ;                             // data before flag (a no-op in this model)
        STG.E [R2.64+0x40], R16 ;                   // flag = 1
        BRA `(DONE) ;
DONE:
        BSYNC B0 ;
        EXIT ;
