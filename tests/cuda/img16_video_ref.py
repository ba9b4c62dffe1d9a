"""Session 16 (img16): independent reference for ``img16_video`` -- PTX video instructions (the
SIMD ``vabsdiff4/2 .add``, ``vadd4 .sat``, ``vsub4 .sat``, ``vmax4``, ``vmin2``, ``vavrg4``, ``vset4``,
``vset2 .add`` and the scalar ``vabsdiff .add``, ``vadd .sat``, ``vmax .max``, ``vshr .clamp``, ``vmad``
with byte/half selectors) written from the PTX ISA's pseudo code in Python ints.  Never gpuisa.

PYTEST_DONT_REWRITE: a helper module.
"""
# ruff: noqa
from __future__ import annotations

import numpy as np
M=0xffffffff
def L(x,w): return [(x>>(w*k))&((1<<w)-1) for k in range(32//w)]
def sx(v,w): return v-(1<<w) if v>>(w-1) else v
def P(ls,w): return sum((v&((1<<w)-1))<<(w*k) for k,v in enumerate(ls))
def sat(v,lo,hi): return max(lo,min(hi,v))
def ops(a,b,c):
    A4,B4,A2,B2=L(a,8),L(b,8),L(a,16),L(b,16)
    r=[]
    r.append((sum(abs(x-y) for x,y in zip(A4,B4))+c)&M)
    r.append((sum(abs(x-y) for x,y in zip(A2,B2))+c)&M)
    r.append(P([sat(x+y,0,255) for x,y in zip(A4,B4)],8))
    r.append(P([sat(sx(x,8)-sx(y,8),-128,127) for x,y in zip(A4,B4)],8))
    r.append(P([max(sx(x,8),sx(y,8)) for x,y in zip(A4,B4)],8))
    r.append(P([min(x,y) for x,y in zip(A2,B2)],16))
    r.append(P([(x+y+1)>>1 for x,y in zip(A4,B4)],8))
    r.append(P([int(x>y) for x,y in zip(A4,B4)],8))
    r.append((sum(int(sx(x,16)<sx(y,16)) for x,y in zip(A2,B2))+c)&M)
    r.append((abs(A4[0]-B4[1])+c)&M)
    r.append(sat(sx(A2[1],16)+B4[2],-2**31,2**31-1)&M)
    r.append(max(max(A4[3],sx(B2[0],16)),c)&M)
    s=B4[0]; r.append(0 if s>=32 else a>>s)
    r.append((sx(A2[0],16)*B4[1]+c)&M)
    return r
def expect(A,B):
    n=len(A); out=[]
    for i in range(n): out+=ops(int(A[i]),int(B[i]),int(A[(i+7)%n]))
    return np.array(out,dtype=np.uint32)


def img16_video(i, n):
    return {"o": expect(i["A"], i["B"])}


EXPECT = {"img16_video": img16_video}
