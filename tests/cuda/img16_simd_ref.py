"""Session 16 (img16): independent reference for the ``img16_simd`` corpus source -- every CUDA
SIMD-video intrinsic lane by lane, from the CUDA Math API's definitions (``__vavgs*`` rounds half away
from zero, ``__vcmp*`` gives all-ones lanes, ``__vset*`` 1-lanes, ``__vsad*`` the sum of the lanes'
absolute differences).  Python ints only, never gpuisa.

PYTEST_DONT_REWRITE: a helper module.
"""
# ruff: noqa
from __future__ import annotations

import numpy as np

OPS = ['vabs2', 'vabs4', 'vabsss2', 'vabsss4', 'vneg2', 'vneg4', 'vnegss2', 'vnegss4', 'vabsdiffs2', 'vabsdiffs4', 'vabsdiffu2', 'vabsdiffu4', 'vadd2', 'vadd4', 'vaddss2', 'vaddss4', 'vaddus2', 'vaddus4', 'vavgs2', 'vavgs4', 'vavgu2', 'vavgu4', 'vcmpeq2', 'vcmpeq4', 'vcmpges2', 'vcmpges4', 'vcmpgeu2', 'vcmpgeu4', 'vcmpgts2', 'vcmpgts4', 'vcmpgtu2', 'vcmpgtu4', 'vcmples2', 'vcmples4', 'vcmpleu2', 'vcmpleu4', 'vcmplts2', 'vcmplts4', 'vcmpltu2', 'vcmpltu4', 'vcmpne2', 'vcmpne4', 'vhaddu2', 'vhaddu4', 'vmaxs2', 'vmaxs4', 'vmaxu2', 'vmaxu4', 'vmins2', 'vmins4', 'vminu2', 'vminu4', 'vsads2', 'vsads4', 'vsadu2', 'vsadu4', 'vseteq2', 'vseteq4', 'vsetges2', 'vsetges4', 'vsetgeu2', 'vsetgeu4', 'vsetgts2', 'vsetgts4', 'vsetgtu2', 'vsetgtu4', 'vsetles2', 'vsetles4', 'vsetleu2', 'vsetleu4', 'vsetlts2', 'vsetlts4', 'vsetltu2', 'vsetltu4', 'vsetne2', 'vsetne4', 'vsub2', 'vsub4', 'vsubss2', 'vsubss4', 'vsubus2', 'vsubus4']
def lanes(x,w):
    return [(x>>(w*k))&((1<<w)-1) for k in range(32//w)]
def sx(v,w): return v-(1<<w) if v>>(w-1) else v
def pack(ls,w): 
    r=0
    for k,v in enumerate(ls): r|=(v&((1<<w)-1))<<(w*k)
    return r
def sat(v,lo,hi): return max(lo,min(hi,v))
def op(nm,x,y):
    w=16 if nm.endswith('2') else 8; base=nm[1:-1]
    A=lanes(x,w); B=lanes(y,w); S=[sx(v,w) for v in A]; T=[sx(v,w) for v in B]
    smin,smax,umax=-(1<<(w-1)),(1<<(w-1))-1,(1<<w)-1
    if base=='abs': return pack([abs(s) for s in S],w)
    if base=='absss': return pack([sat(abs(s),smin,smax) for s in S],w)
    if base=='neg': return pack([-s for s in S],w)
    if base=='negss': return pack([sat(-s,smin,smax) for s in S],w)
    if base=='absdiffs': return pack([abs(s-t) for s,t in zip(S,T)],w)
    if base=='absdiffu': return pack([abs(s-t) for s,t in zip(A,B)],w)
    if base=='add': return pack([s+t for s,t in zip(A,B)],w)
    if base=='sub': return pack([s-t for s,t in zip(A,B)],w)
    if base=='addss': return pack([sat(s+t,smin,smax) for s,t in zip(S,T)],w)
    if base=='subss': return pack([sat(s-t,smin,smax) for s,t in zip(S,T)],w)
    if base=='addus': return pack([sat(s+t,0,umax) for s,t in zip(A,B)],w)
    if base=='subus': return pack([sat(s-t,0,umax) for s,t in zip(A,B)],w)
    if base=='avgs': return pack([((s+t)>>1) if s+t<0 else ((s+t+1)>>1) for s,t in zip(S,T)],w)
    if base=='avgu': return pack([(s+t+1)>>1 for s,t in zip(A,B)],w)
    if base=='haddu': return pack([(s+t)>>1 for s,t in zip(A,B)],w)
    if base=='maxs': return pack([max(s,t) for s,t in zip(S,T)],w)
    if base=='mins': return pack([min(s,t) for s,t in zip(S,T)],w)
    if base=='maxu': return pack([max(s,t) for s,t in zip(A,B)],w)
    if base=='minu': return pack([min(s,t) for s,t in zip(A,B)],w)
    if base=='sads': return sum(abs(s-t) for s,t in zip(S,T))
    if base=='sadu': return sum(abs(s-t) for s,t in zip(A,B))
    for pre,val in (('cmp',umax),('set',1)):
        if base.startswith(pre):
            c=base[len(pre):]
            rel=c[:2]; kind=c[2:]
            P,Q=(S,T) if kind=='s' else (A,B)
            f={'eq':lambda a,b:a==b,'ne':lambda a,b:a!=b,'ge':lambda a,b:a>=b,'gt':lambda a,b:a>b,'le':lambda a,b:a<=b,'lt':lambda a,b:a<b}[rel]
            return pack([val if f(p,q) else 0 for p,q in zip(P,Q)],w)
    raise KeyError(nm)
def expect(a,b):
    return np.array([op(nm,int(x),int(y))&0xffffffff for x,y in zip(a,b) for nm in OPS],dtype=np.uint32)


def img16_simd(i, n):
    return {"o": expect(i["a"], i["b"])}


EXPECT = {"img16_simd": img16_simd}
