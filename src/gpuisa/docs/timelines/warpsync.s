// warpsync.s -- an if/else joined by WARPSYNC instead of BSSY/BSYNC:
//   R1 = lane < 8 ? 1 : 2;   WARPSYNC 0xffffffff;   R2 = R1 + 16
// The first path to reach the WARPSYNC waits (parked in RPC) until every lane of the
// member mask has arrived; then the whole warp goes on together.
// pages: WARPSYNC
// run: --block 32
        S2R R0, SR_LANEID ;
        ISETP.LT.U32.AND P0, PT, R0, 0x8, PT ;     // P0: lane < 8
   @!P0 BRA `(OTHER) ;
        MOV R1, 0x1 ;                              // lanes 0..7
        BRA `(JOIN) ;
OTHER:
        MOV R1, 0x2 ;                              // lanes 8..31
JOIN:
        WARPSYNC 0xffffffff ;
        IADD3 R2, R1, 0x10, RZ ;
        EXIT ;
