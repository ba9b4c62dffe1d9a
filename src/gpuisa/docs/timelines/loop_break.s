// loop_break.s -- a loop with a per-lane trip count: lane L runs (L & 3) + 1 iterations;
// a lane that is done leaves the loop's region with BREAK B1 and waits at END:
//   for (i = 0; i <= (lane & 3); i++) ;   R2 = i
// pages: BREAK
// run: --block 32
        S2R R0, SR_LANEID ;
        LOP3.LUT R1, R0, 0x3, RZ, 0xc0, !PT ;      // lane & 3
        MOV R2, RZ ;                               // i = 0
        BSSY B1, `(END) ;
LOOP:
        ISETP.GT.U32.AND P0, PT, R2, R1, PT ;      // i > (lane & 3): this lane is done
    @P0 BREAK B1 ;                                 // leave B1's set of lanes...
    @P0 BRA `(END) ;                               // ...and wait at END for the others
        IADD3 R2, R2, 0x1, RZ ;                    // i += 1
        BRA `(LOOP) ;
END:
        BSYNC B1 ;                                 // every lane has left the loop
        EXIT ;
