// vector_add.s -- c[i] = a[i] + b[i] for 0 <= i < n (float32), one thread per element.
//
// Run (3 CTAs of 64 threads = 192 threads for n = 150 elements; c has room for 160
// elements, the last 10 stay 0 because threads with i >= n leave at once):
//
//   gpuisa run examples/vector_add.s --grid 3 --block 64 --buffer a=600:random:1:f32 --buffer b=600:iota:f32 --buffer c=640 --param ptr:a --param ptr:b --param ptr:c --param u32:150 --param u32:64 --dump-buffer c:f32
//
// Kernel parameters (constant bank 0, laid out by --param in order):
//   c[0x0][0x0]  a     pointer to n floats
//   c[0x0][0x8]  b     pointer to n floats
//   c[0x0][0x10] c     pointer to n floats (the result)
//   c[0x0][0x18] n     number of elements (u32)
//   c[0x0][0x1c] ntid  threads per CTA (the --block value; there is no special register for it)

        S2R R0, SR_CTAID.X ;                        // CTA index
        S2R R1, SR_WARPID ;                         // warp index in the CTA
        S2R R2, SR_LANEID ;                         // lane 0..31
        IMAD R1, R1, 0x20, R2 ;                     // thread in CTA = warp * 32 + lane
        IMAD R0, R0, c[0x0][0x1c], R1 ;             // i = ctaid * ntid + thread
        ISETP.GE.U32.AND P0, PT, R0, c[0x0][0x18], PT ;
    @P0 EXIT ;                                      // i >= n: nothing to do
        MOV R3, 0x4 ;                               // sizeof(float)
        IMAD.WIDE.U32 R[4:5], R0, R3, c[0x0][0x0] ; // &a[i] = a + i * 4 (64-bit)
        IMAD.WIDE.U32 R[6:7], R0, R3, c[0x0][0x8] ; // &b[i]
        IMAD.WIDE.U32 R[8:9], R0, R3, c[0x0][0x10] ;// &c[i]
        LDG.E R10, [R4.64] ;                        // a[i]
        LDG.E R11, [R6.64] ;                        // b[i]
        FADD R12, R10, R11 ;                        // IEEE binary32 add, round to nearest even
        STG.E [R8.64], R12 ;                        // c[i] = a[i] + b[i]
        EXIT ;
