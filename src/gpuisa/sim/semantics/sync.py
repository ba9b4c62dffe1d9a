"""Warp-synchronous unit (SYNCOp): SHFL, MOVM, VOTE, VOTEU, REDUX, REDUXU,
MATCH, ELECTU, ELECT (seed ``000_*``).  Participating lanes are the active
lanes whose guard is true (``x.pmask``)."""
from __future__ import annotations

import numpy as np

from ..cover import cover
from ..registry import semantics
from ..state import FULL, LANES, MASK32, WARP_SIZE, Fault, array2mask, ffs, lanes_of, mask2array

_LANES64 = np.arange(WARP_SIZE, dtype=np.int64)


def shfl_lanes(mode: str, b, c):
    """The SHFL pseudo code on lane vectors: returns ``(j, pu)`` (int64 source
    lane per lane, bool validity) for *b* (SrcB) and *c* (SrcC)."""
    lane = _LANES64
    bval = np.asarray(b, dtype=np.int64) & 31
    c = np.asarray(c, dtype=np.int64)
    cval = c & 31
    segmask = (c >> 8) & 31
    maxLane = (lane & segmask) | (cval & ~segmask & 31)
    minLane = lane & segmask
    if mode == "UP":
        cover("SHFL.UP")
        j = lane - bval
        pu = j >= maxLane
    elif mode == "DOWN":
        cover("SHFL.DOWN")
        j = lane + bval
        pu = j <= maxLane
    elif mode == "BFLY":
        cover("SHFL.BFLY")
        j = lane ^ bval
        pu = j <= maxLane
    elif mode == "IDX":
        cover("SHFL.IDX")
        j = minLane | (bval & ~segmask & 31)
        pu = j <= maxLane
    else:
        raise Fault("invalid-instruction", f"invalid SHFL mode {mode!r}")
    j = np.where(pu, j, lane)
    return np.broadcast_to(j, (WARP_SIZE,)), np.broadcast_to(pu, (WARP_SIZE,))


class _ShflMap:
    """A SHFL lane map: source lane ``j`` per lane, ``pu`` as a lane mask, and
    (memoised per participating mask) the ``shfl-inactive`` message."""

    __slots__ = ("j", "pu_mask", "_jl", "_outside")

    def __init__(self, j, pu):
        self.j = j
        self.pu_mask = array2mask(pu)
        self._jl = j.tolist()
        self._outside: dict[int, str] = {}

    def outside(self, pmask: int) -> str:
        """The ``shfl-inactive`` message when lanes of *pmask* read lanes outside
        *pmask*, else ``""``."""
        r = self._outside.get(pmask)
        if r is None:
            jl = self._jl
            bad = sorted({jl[l] for l in lanes_of(pmask) if not (pmask >> jl[l]) & 1})
            r = f"SHFL reads lane(s) {bad} outside the participating lanes 0x{pmask:08x}" if bad else ""
            if len(self._outside) > 1024:
                self._outside.clear()
            self._outside[pmask] = r
        return r


_SHFL_CACHE: dict = {}


def _shfl_map(mode: str, b: int, c: int) -> _ShflMap:
    """The lane map of uniform SrcB/SrcC values (cached)."""
    key = (mode, b, c)
    hit = _SHFL_CACHE.get(key)
    if hit is None:
        if len(_SHFL_CACHE) > 4096:
            _SHFL_CACHE.clear()
        hit = _SHFL_CACHE[key] = _ShflMap(*shfl_lanes(mode, b, c))
    return hit


@semantics("SHFL", per_warp=True)
def SHFL(x):
    """SHFL: the seed's ``__Semantics`` (000_d5c21dfacdef8d77.txt), quoted::

        ```asm
        SHFL.mode pu, Rd, Ra, SrcB, SrcC:
            // 获取当前thread的lane ID（5bit）
            lane[4:0]  = [Thread].laneid;
            // SrcB（5bit）用于计算参与交换的源GPR所在的lane ID
            bval[4:0] = b[4:0];
            // 获取SrcC的低5bit和高5bit
            cval[4:0] = c[4:0];
            segmask[4:0] = c[12:8];

            // 假设收集所有参与线程的源GPR值至一个数组SourceA中：
            SourceA[lane] = Ra;

            // 将warp内的32线程进行分组，当前线程所在的线程组的起止范围是：
            // [minLane, maxLane]
            maxLane = (lane[4:0] & segmask[4:0]) | (cval[4:0] & ~segmask[4:0]);
            minLane = (lane[4:0] & segmask[4:0]);

            // 根据.mode决定与当前线程交换的源GPR所在线程lane ID：
            // 根据lane ID和[minLane, maxLane]判断交换是否合法
            // 注：不同的.mode对合法性的判定不同
            switch (.mode) {
                case .UP:    j = lane - bval; pu = (j >= maxLane); break;
                case .DOWN:  j = lane + bval; pu = (j <= maxLane); break;
                case .BFLY:  j = lane ^ bval; pu = (j <= maxLane); break;
                case .IDX:   j = minLane  | (bval[4:0] & ~segmask[4:0]);
                             pu = (j <= maxLane); break;
            }
            // 如果pu为false，说明交换不合法，将自己的Ra值拷贝给Rd输出
            if (!pu)
                j = lane;
            // 否则，将目标线程的Ra值拷贝给Rd输出
            Rd = SourceA[j];
        ```


    Decision: reading from a lane outside the participating lanes returns that
    lane's current register value and records a ``shfl-inactive`` warning event;
    with ``strict`` it is a fault.
    """
    pmask = x.pmask
    if not pmask:
        return
    m = x.memo
    if m is None:  # per address: operand fields, mode, and the lane map when SrcB/SrcC are immediates
        bn = "rb" if "rb" in x.f else "vb"
        cn = "rc" if "rc" in x.f else "vc"
        const = x.kind(bn) == "I" and x.kind(cn) == "I"
        m = x.memo = [bn, cn, x.mod("mode"), _shfl_map(x.mod("mode"), x.src(bn), x.src(cn)) if const else None]
    hit = m[3]
    if hit is None:
        b = x.src(m[0])
        c = x.src(m[1])
        if isinstance(b, int) and isinstance(c, int):  # uniform SrcB/SrcC: one lane map per value
            hit = _shfl_map(m[2], b, c)
        else:
            j, pu = shfl_lanes(m[2], b, c)
            hit = _ShflMap(j, pu)
    msg = hit.outside(pmask)
    if msg:
        cover("SHFL.inactive_source")
        if x.sim.strict:
            raise Fault("shfl-inactive", msg)
        x.event("shfl-inactive", msg)
    x.write("rd", x.src("ra")[hit.j])
    x.write("pu", hit.pu_mask)


@semantics("MOVM", per_warp=True)
def MOVM(x):
    """MOVM Rd, Ra (no pseudo code in the seed).

    Decision: like PTX ``movmatrix.sync.aligned.m8n8.trans.b16``: the 8x8
    matrix of 16-bit elements is held two per lane (lane ``t`` holds row
    ``t // 4``, columns ``2*(t % 4)`` (low half) and ``2*(t % 4) + 1`` (high
    half)); Rd receives the same fragment of the transposed matrix."""
    a = x.src("ra")
    lo = (a & 0xFFFF).astype(np.uint32)
    hi = (a >> 16).astype(np.uint32)
    elems = np.stack([lo, hi], axis=1).reshape(8, 8)  # elems[row, col]
    t = elems.T
    out = (t[:, 0::2].reshape(-1).astype(np.uint32) | (t[:, 1::2].reshape(-1).astype(np.uint32) << 16))
    x.write("rd", out)


def _vote(x):
    s = x.pmask
    pp = x.pred("pp") & s
    op = x.mod("voteop")
    if op == "ANY":
        cover("VOTE.ANY")
        r = pp != 0
    elif op == "ALL":
        cover("VOTE.ALL")
        r = pp == s
    elif op == "EQ":
        cover("VOTE.EQ")
        r = pp == s or pp == 0
    else:
        raise Fault("invalid-instruction", f"invalid VOTE operation {op!r}")
    return pp, r


@semantics("VOTE", per_warp=True)
def VOTE(x):
    """VOTE: the seed's ``__Semantics`` (000_d5c21dfacdef8d77.txt), quoted::

        用自然语言描述VOTE的语义：
        - 确定当前warp中参与VOTE的线程集合S：所有active且pg=true的线程
        - 确定所有参与线程的输入谓词值（考虑输入的逻辑取反修饰符）
        - 根据.voteop值确定输出谓词pu：
            - .ANY：pu = 所有参与线程输入谓词值的逻辑或
            - .ALL：pu = 所有参与线程输入谓词值的逻辑与
            - .EQ ：
                - 如果所有参与线程输入谓词值相同，pu = true
                - 否则，pu = false
        - 确定输出Rd的值：
            - 将Rd初始化为0x00000000
            - 对每个参与线程，如果输入谓词值为true，将Rd的对应位置为1
    """
    ballot, r = _vote(x)
    x.write("rd", ballot)
    x.write("pu", FULL if r else 0)


@semantics("VOTEU", per_warp=True)
def VOTEU(x):
    """VOTEU: the seed's ``__Semantics`` (000_d5c21dfacdef8d77.txt), quoted::

        用自然语言描述VOTEU的语义：
        - 确定当前warp中参与VOTEU的线程集合S：所有active且pg=true的线程
        - 确定所有参与线程的输入谓词值（考虑输入的逻辑取反修饰符）
        - 根据.voteop值确定输出谓词upu：
            - .ANY：upu = 所有参与线程输入谓词值的逻辑或
            - .ALL：upu = 所有参与线程输入谓词值的逻辑与
            - .EQ ：
                - 如果所有参与线程输入谓词值相同，upu = true
                - 否则，upu = false
        - 确定输出URd的值：
            - 将URd初始化为0x00000000
            - 对每个参与线程，如果输入谓词值为true，将URd的对应位置为1
    """
    ballot, r = _vote(x)
    x.write("urd", ballot)
    x.write("upu", r)


def _redux(x):
    s = x.pmask
    if not s:
        return None
    v = x.src("ra")[mask2array(s)]
    op = x.mod("reduxop")
    signed = x.mod("dtype") == "S32"
    if op == "AND":
        cover("REDUX.AND")
        return int(np.bitwise_and.reduce(v))
    if op == "OR":
        cover("REDUX.OR")
        return int(np.bitwise_or.reduce(v))
    if op == "XOR":
        cover("REDUX.XOR")
        return int(np.bitwise_xor.reduce(v))
    vv = v.view(np.int32).astype(np.int64) if signed else v.astype(np.int64)
    if op == "SUM":
        cover("REDUX.SUM")
        return int(vv.sum()) & MASK32
    if op == "MAX":
        cover("REDUX.MAX")
        return int(vv.max()) & MASK32
    if op == "MIN":
        cover("REDUX.MIN")
        return int(vv.min()) & MASK32
    raise Fault("invalid-instruction", f"invalid REDUX operation {op!r}")


@semantics("REDUX", per_warp=True)
def REDUX(x):
    """REDUX: the seed's ``__Semantics`` (000_d5c21dfacdef8d77.txt), quoted::

        用自然语言描述REDUX的语义：
        - 确定当前warp中参与VOTE的线程集合S：所有active且pg=true的线程
        - 根据.reduxop确定归约方式：
            - .AND：Rd = 所有参与线程输入Ra的按位与
            - .OR ：Rd = 所有参与线程输入Ra的按位或
            - .XOR：Rd = 所有参与线程输入Ra的按位异或
            - .SUM：
                - d = 所有参与线程输入Ra的求和
                - 如果d溢出了.type的表示范围，将d截断到32bit输出到Rd
            - .MAX：Rd = 所有参与线程输入Ra的最大值
            - .MIN：Rd = 所有参与线程输入Ra的最小值
    """
    r = _redux(x)
    if r is not None:
        x.write("rd", r)


@semantics("REDUXU", per_warp=True)
def REDUXU(x):
    """REDUXU: the seed's ``__Examples`` (000_d5c21dfacdef8d77.txt), quoted::

        用自然语言描述REDUXU的语义：
        - 确定当前warp中参与VOTE的线程集合S：所有active且pg=true的线程
        - 根据.op确定归约方式：
            - .AND：URd = 所有参与线程输入Ra的按位与
            - .OR ：URd = 所有参与线程输入Ra的按位或
            - .XOR：URd = 所有参与线程输入Ra的按位异或
            - .SUM：
                - d = 所有参与线程输入Ra的求和
                - 如果d溢出了.type的表示范围，将d截断到32bit输出到URd
            - .MAX：URd = 所有参与线程输入Ra的最大值
            - .MIN：URd = 所有参与线程输入Ra的最小值
    """
    r = _redux(x)
    if r is not None:
        x.write("urd", r)


@semantics("MATCH", per_warp=True)
def MATCH(x):
    """MATCH: the seed's ``__Semantics`` (000_d5c21dfacdef8d77.txt), quoted::

        用自然语言描述MATCH的语义：
        - 确定当前warp中参与VOTE的线程集合S：所有active且pg=true的线程
        - 初始化输出Rd = 0，pu = false
        - 根据.matchop确定比较方式：
            - .ANY：
                - 获取当前线程的输入Ra的值：a = Ra
                - 判断S中所有线程的Ra是否与a相等：
                    - 如果相等，将Rd中的对应bit置为1
                    - 如果不等，保持Rd中对应bit为0
            - .ALL：
                - 判断S中所有线程的Ra是否相同：
                    - 如果相同，将Rd与S中所有线程相对应的bit置为1，pu = true
                    - 如果不同，则保持Rd = 0，pu = false不变


    ``.ANY`` leaves ``pu`` false (the pseudo code only sets it for ``.ALL``).
    """
    s = x.pmask
    if not s:
        return
    width = 64 if x.mod("dtype") == "U64" else 32
    a = x.src("ra", width)
    part = mask2array(s)
    op = x.mod("matchop")
    if op == "ANY":
        cover("MATCH.ANY")
        out = np.zeros(WARP_SIZE, np.uint32)
        vals = a[part]
        lanes = np.flatnonzero(part)
        for v in np.unique(vals):
            m = array2mask(part & (a == v))
            out[lanes[vals == v]] = m
        x.write("rd", out)
        x.write("pu", 0)
    else:
        vals = a[part]
        if np.all(vals == vals[0]):
            cover("MATCH.ALL.same")
            x.write("rd", s)
            x.write("pu", FULL)
        else:
            cover("MATCH.ALL.different")
            x.write("rd", 0)
            x.write("pu", 0)


def _elect(x) -> int:
    part = x.pmask & (x.pred("pp") if "pp" in x.f else FULL)
    if "urb" in x.f:
        part &= x.src("urb") & MASK32
    return ffs(part)


@semantics("ELECT", per_warp=True)
def ELECT(x):
    """ELECT pu, Rd, {!}pp | URb (no semantics in the seed).

    Decision: like PTX ``elect.sync``: among the participating lanes (active,
    guard and ``pp`` true, in the member mask of the ``_U`` form) the lowest
    lane is the leader; ``pu`` is true in the leader only; ``Rd`` receives the
    leader's lane id in every executing lane.  With no participant ``pu`` is
    false and ``Rd`` is not written."""
    leader = _elect(x)
    if leader >= 0:
        cover("ELECT.leader")
        x.write("rd", leader)
        x.write("pu", 1 << leader)
    else:
        cover("ELECT.no_leader")
        x.write("pu", 0)


@semantics("ELECTU", per_warp=True)
def ELECTU(x):
    """ELECTU pu, URd, {!}pp | URb (no semantics in the seed).

    Decision: as ELECT, the leader's lane id goes to ``URd``."""
    leader = _elect(x)
    if leader >= 0:
        cover("ELECTU.leader")
        x.write("urd", leader)
        x.write("pu", 1 << leader)
    else:
        cover("ELECTU.no_leader")
        x.write("pu", 0)
