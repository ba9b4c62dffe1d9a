// nvcc-flags: -use_fast_math
// Session 20 (decision D20-3): usat20.cu under -use_fast_math (UFADD.FTZ.SAT, UFFMA.FTZ.SAT on
// sm_120), its kernel named usat_ftz.
#define usat usat_ftz
#include "usat20.cu"
