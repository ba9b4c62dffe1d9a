// nested_if.s -- nested divergence, two BSSY/BSYNC regions:
//   R1 = lane < 16 ? (lane odd ? 1 : 2) : 3;   R2 = R1 + 10
// pages: BSSY BSYNC
// run: --block 32
        S2R R0, SR_LANEID ;
        ISETP.LT.U32.AND P0, PT, R0, 0x10, PT ;    // P0: lane < 16
        LOP3.LUT R3, R0, 0x1, RZ, 0xc0, !PT ;      // lane & 1
        ISETP.NE.U32.AND P1, PT, R3, RZ, PT ;      // P1: lane is odd
        BSSY B0, `(OUTER) ;
   @!P0 BRA `(ELSE) ;
        BSSY B1, `(INNER) ;
   @!P1 BRA `(EVEN) ;
        MOV R1, 0x1 ;                              // odd lanes 0..15
        BRA `(INNER) ;
EVEN:
        MOV R1, 0x2 ;                              // even lanes 0..15
INNER:
        BSYNC B1 ;
        BRA `(OUTER) ;
ELSE:
        MOV R1, 0x3 ;                              // lanes 16..31
OUTER:
        BSYNC B0 ;
        IADD3 R2, R1, 0xa, RZ ;
        EXIT ;
