// nvcc-flags: -use_fast_math
// Session 20 (decision D20-2): f2x20.cu under -use_fast_math (FFMA2.FTZ, FADD2.FTZ, FMUL2.FTZ on
// sm_100/sm_103; the scalar intrinsics flush too), its kernel named f2x20_ftz.
#define f2x20_ops f2x20_ftz
#include "f2x20.cu"
