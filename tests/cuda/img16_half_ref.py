"""Session 16 (img16): independent reference for the ``img16_half`` corpus source -- half2 /
bfloat162 arithmetic computed exactly in float64 and rounded once (a NaN result is the canonical NaN
0x7fff, PTX's rule for f16/bf16 arithmetic; ``.sat`` and the ``_sat``/``relu`` forms clamp, NaN -> +0),
f32 -> f16/bf16 round-to-nearest-even, and ``cvt.rni``/``cvt.rzi`` saturating float -> integer
conversions (NaN -> 0).  Python floats / numpy only, never gpuisa.

PYTEST_DONT_REWRITE: a helper module.
"""
# ruff: noqa
from __future__ import annotations

import numpy as np, math, struct
NOPS=20
def h2f(b): return float(np.array([b],dtype=np.uint16).view(np.float16)[0])
def f2h(v):
    if math.isnan(v): return 0x7fff
    return int(np.array([v],dtype=np.float64).astype(np.float16).view(np.uint16)[0])
def bf2f(b): return struct.unpack('<f',struct.pack('<I',b<<16))[0]
def f32bits(v): return struct.unpack('<I',struct.pack('<f',v))[0]
def f2bf_from64(v):
    if math.isnan(v): return 0x7fff
    # round float64 to bf16 RNE (inputs moderate: via exact fraction)
    if math.isinf(v): return 0x7f80 if v>0 else 0xff80
    if v==0: return 0x8000 if math.copysign(1,v)<0 else 0
    m,e=math.frexp(abs(v))  # v=m*2^e, m in [0.5,1)
    e2=max(e,-125)
    r=round(math.ldexp(abs(v),8-e2))
    val=math.ldexp(r,e2-8)
    b=f32bits(np.float32(val)) if abs(val)<3.4e38 else 0x7f800000
    return ((b>>16) | (0x8000 if v<0 else 0)) & 0xffff
def f32_to_bf(x32bits):
    if (x32bits&0x7fffffff)>0x7f800000: return 0x7fff
    r=((x32bits>>16)&1)+0x7fff
    return ((x32bits+r)>>16)&0xffff
def rne(v): return round(v)
def f2u_rn(v):
    if math.isnan(v): return 0
    if math.isinf(v): return 0xffffffff if v>0 else 0
    return max(0,min(0xffffffff,rne(v)))
def f2i(v,mode):
    if math.isnan(v): return 0
    if math.isinf(v): return 0x7fffffff if v>0 else -2**31
    r=rne(v) if mode=='rn' else math.trunc(v)
    return max(-2**31,min(2**31-1,r))
def lanes(w): return (w&0xffff, w>>16)
def pk(l,h): return (l&0xffff)|((h&0xffff)<<16)
def hmap(fn,x,y):
    return pk(*[fn(p,q) for p,q in zip(lanes(x),lanes(y))])
def op(k,x,y,g,hh):
    H=h2f; 
    if k==0: return hmap(lambda p,q:f2h(H(p)+H(q)),x,y)
    if k==1: return hmap(lambda p,q:f2h(H(p)*H(q)),x,y)
    if k==2: return hmap(lambda p,q:f2h(H(p)*H(q)+H(p)),x,y)
    if k==3:
        def s(p,q):
            v=H(f2h(H(p)+H(q))) if not math.isnan(H(p)+H(q)) else float('nan')
            return 0 if math.isnan(v) else f2h(min(max(v,0.0),1.0))
        return hmap(s,x,y)
    if k==4:
        def m(p,q):
            a,b=H(p),H(q)
            if math.isnan(a) and math.isnan(b): return 0x7fff
            if math.isnan(a): return q
            if math.isnan(b): return p
            if a==b==0: return p if not (p&0x8000) else q
            return p if a>b else q
        return hmap(m,x,y)
    if k==5:
        def m(p,q):
            a,b=H(p),H(q)
            if math.isnan(a) or math.isnan(b): return 0x7fff
            if a==b==0: return p if (p&0x8000) else q
            return p if a<b else q
        return hmap(m,x,y)
    if k==6:
        def m(p,q):
            v=H(p)*H(q)+H(q)
            if math.isnan(v): return 0x7fff
            r=f2h(v); return 0 if (r&0x8000) else r
        return hmap(m,x,y)
    if k==7: return hmap(lambda p,q:f2h(H(p)-H(q)),x,y)
    B=bf2f
    if k==8: return hmap(lambda p,q:f2bf_from64(B(p)+B(q)),x,y)
    if k==9: return hmap(lambda p,q:f2bf_from64(B(p)*B(q)),x,y)
    if k==10: return hmap(lambda p,q:f2bf_from64(B(p)-B(q)),x,y)
    if k==11: return pk(f2h(float(np.float32(g))) if not math.isnan(g) else 0x7fff, 0x7fff if math.isnan(hh) else int(np.array([hh],dtype=np.float32).astype(np.float16).view(np.uint16)[0]))
    if k==12: return pk(f32_to_bf(f32bits(g)), f32_to_bf(f32bits(hh)))
    if k==13: return f2u_rn(g)
    if k==14: return f2i(g,'rn')&0xffffffff
    if k==15:
        s=0.0 if math.isnan(g) else min(max(g,0.0),1.0)
        return f2u_rn(float(np.float32(s)*np.float32(255.0)))
    if k==16:
        by=[(x>>(8*i))&255 for i in range(4)]+[(y>>(8*i))&255 for i in range(4)]
        s=y&0x7777
        return sum(by[(s>>(4*i))&7]<<(8*i) for i in range(4))
    if k==17:
        v=np.float32(H(x&0xffff))*np.float32(H(x>>16))
        return 0x7fffffff if np.isnan(v) else f32bits(v)
    if k==18: return hmap(lambda p,q:0x3c00 if H(p)>H(q) else 0,x,y)
    if k==19:
        return (min(max(f2i(g,'rn'),0),255) | ((f2i(g,'rz')<<8)))&0xffffffff
def expect(a,b,f):
    n=len(a); out=[]
    for i in range(n):
        g=float(f[i]); hh=float(f[i^1])
        for k in range(NOPS): out.append(op(k,int(a[i]),int(b[i]),g,hh)&0xffffffff)
    return np.array(out,dtype=np.uint32)


def img16_half(i, n):
    with np.errstate(over="ignore"):
        return {"o": expect(i["a"], i["b"], i["f"])}


EXPECT = {"img16_half": img16_half}
