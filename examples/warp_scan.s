// warp_scan.s -- inclusive prefix sum of float32 values within each warp: the
// "Warp-level INCLUSIVE PLUS SCAN" of the SHFL reference page (SHFL.UP + FADD, 5 steps).
//
//   out[i] = in[32*w] + in[32*w + 1] + ... + in[i]    for i = 32*w + lane, warp w
//
// Run (one CTA of 4 warps: 128 elements, 4 independent scans of 32):
//
//   gpuisa run examples/warp_scan.s --block 128 --buffer in=512:random:7:f32 --buffer out=512 --param ptr:in --param ptr:out --dump-buffer out:f32
//
// Kernel parameters: c[0x0][0x0] in (pointer to floats), c[0x0][0x8] out (pointer to floats).
//
// Step k (k = 1, 2, 4, 8, 16): every lane i >= k adds the partial sum of lane i - k.
// SHFL.UP sets P1 where the source lane i - k exists (lane >= k); the other lanes keep
// their value. After step k each lane holds the sum of its last 2k inputs, so the order in
// which floats are added is the tree of the page (the result may differ from a sequential
// sum in the last bits).

        S2R R0, SR_WARPID ;
        S2R R1, SR_LANEID ;
        IMAD R0, R0, 0x20, R1 ;                     // i = warp * 32 + lane
        MOV R2, 0x4 ;                               // sizeof(float)
        IMAD.WIDE.U32 R[4:5], R0, R2, c[0x0][0x0] ; // &in[i]
        IMAD.WIDE.U32 R[6:7], R0, R2, c[0x0][0x8] ; // &out[i]
        LDG.E R8, [R4.64] ;                         // Rx = in[i]
        SHFL.UP P1, R9, R8, 0x1, 0x0 ;              // Ry = Rx of lane i - 1
    @P1 FADD R8, R9, R8 ;
        SHFL.UP P1, R9, R8, 0x2, 0x0 ;
    @P1 FADD R8, R9, R8 ;
        SHFL.UP P1, R9, R8, 0x4, 0x0 ;
    @P1 FADD R8, R9, R8 ;
        SHFL.UP P1, R9, R8, 0x8, 0x0 ;
    @P1 FADD R8, R9, R8 ;
        SHFL.UP P1, R9, R8, 0x10, 0x0 ;
    @P1 FADD R8, R9, R8 ;
        STG.E [R6.64], R8 ;                         // out[i] = inclusive sum
        EXIT ;
