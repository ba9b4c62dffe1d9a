// yield_spin.s -- lanes 0..15 spin until lanes 16..31 set a flag in shared memory.
// Without YIELD the spinning lanes would run forever: the branch unit switches paths
// only at a synchronisation point or at YIELD. YIELD parks them (yielded) and lets the
// other path run; BSYNC does not wait for yielded lanes.
// pages: YIELD
// run: --block 32
        S2R R0, SR_LANEID ;
        ISETP.GE.U32.AND P0, PT, R0, 0x10, PT ;    // lanes 16..31 set the flag
        MOV R5, 0x1 ;
        BSSY B0, `(DONE) ;
    @P0 BRA `(PRODUCE) ;
SPIN:
        LDS R4, [RZ] ;                             // the flag
        ISETP.NE.AND P1, PT, R4, RZ, PT ;
    @P1 BRA `(DONE) ;
        YIELD ;                                    // not yet: let the other lanes run
        BRA `(SPIN) ;
PRODUCE:
        STS [RZ], R5 ;                             // flag = 1
        BRA `(DONE) ;
DONE:
        BSYNC B0 ;
        EXIT ;
