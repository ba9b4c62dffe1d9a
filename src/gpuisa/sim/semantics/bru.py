"""Branch unit (BRU): SIMT divergence and reconvergence, exactly as the seed's
``__Semantics`` pseudo code (``001_*``), with the decisions recorded in
``docs/decisions.md``:

* C-precedence slips are read by intent: ``(cmask & SleepMask) ^ SleepMask == 0``
  means every candidate lane is asleep (``cmask & ~SleepMask == 0``);
  ``ValidMask ^ ActiveMask == 0`` means ``(ValidMask ^ ActiveMask) == 0``;
  ``(arrivemask & mmask) ^ mmask == 0`` means ``mmask`` is inside ``arrivemask``;
  ``ffs(sync_mask)`` in WARPSYNC_R means ``ffs(warp_syncmask)``.
* Jumps only touch active lanes: BRX's ``ActiveMask = ~b_jump`` is
  ``ActiveMask & ~b_jump`` and ``RPC[TargetPC != ActivePC]`` is limited to
  active lanes (inactive lanes keep their real PC in RPC).
* WARPSYNC_R releases a group only through a lane that has arrived:
  ``warp_syncmask = arrivemask & array2mask(thd_syncmask == 0)`` (the page
  has ValidMask, which lets a lane that is elsewhere release its group with a
  stale member mask, or release an empty ActiveMask).
* BSYNC writes the remaining (not yet arrived) lanes back to its B register
  (``OutList<breg>``), so a B register is 0 again after a complete sync.
* BSYNC (S21): when no non-YIELD lane of bmask is missing it releases at once
  (the Description); the pseudo code's switch to ``mask_ny_nb`` is not taken.
* YIELD and NANOSLEEP park the switched-out lanes at the next instruction
  (``RPC[ActiveMask] = ActivePC + INST_SIZE``); NANOSLEEP sets ``SleepMask |= ActiveMask``.
* Addresses are 64-bit: ActivePC is unsigned, RPC stores the same addresses as
  int64 (two's complement), so a jump below 0 parks or resumes at an address
  of 2^63 or more, outside any program (``pc-out-of-range``).
* A switch with no candidate lane, or more than 66 consecutive failed
  synchronisations of one warp with no timer running, is a ``deadlock`` fault.
"""
from __future__ import annotations

import numpy as np

from ..cover import cover
from ..registry import semantics
from ..state import FULL, INST_SIZE, MASK32, MASK64, WARP_SIZE, Fault, array2mask, ffs, mask2array

DEADLOCK_SWITCHES = 2 * WARP_SIZE + 2


# -- the page's basic procedures ----------------------------------------------------------
def _pp(x) -> int:
    """ppv as a lane mask (PT when the variant has no ``pp``)."""
    return x.pred("pp") if "pp" in x.f else FULL


def rpc_eq(w, pc: int) -> int:
    """``array2mask(RPC == pc)``."""
    return array2mask(w.rpc == pc)


def set_rpc(w, mask: int, value) -> None:
    """``RPC[mask2array(mask)] = value`` (value: int or per-lane array).

    RPC holds 64-bit addresses as int64: an int address of 2^63 or more (a
    jump below address 0 wraps there) is stored as its two's complement, a
    negative address outside any program (``pc-out-of-range`` when resumed)."""
    if mask:
        m = mask2array(mask)
        if isinstance(value, np.ndarray):
            w.rpc[m] = value[m]
        else:
            value &= MASK64
            w.rpc[m] = value - (1 << 64) if value >> 63 else value


def sleep_check(w, cmask: int) -> tuple[bool, int]:
    """The page's sleep check, read by intent: do_sleep when every candidate lane
    is asleep (``cmask & ~SleepMask == 0``), else drop the sleeping lanes."""
    if cmask & ~w.sleep == 0:
        return True, cmask
    return False, cmask & ~w.sleep


def switch_pc_by_mask(x, cmask: int) -> None:
    """``switchPCByMask(cmask)``: activate the lanes of *cmask* whose RPC equals
    the RPC of ``ffs(cmask)``."""
    w = x.w
    if cmask == 0:
        raise Fault("deadlock", f"{x.name}: no lane to switch to (every remaining lane waits)")
    if cmask & w.active:
        raise Fault("deadlock", f"{x.name}: switchPCByMask candidates overlap ActiveMask")  # assert in the page
    lid = ffs(cmask)
    target = int(w.rpc[lid])
    w.active = cmask & rpc_eq(w, target)
    w.pc = target & MASK64


def _failed_sync(x) -> None:
    """Count consecutive synchronisation failures of a warp (a switch that makes
    no progress); past DEADLOCK_SWITCHES with no timer running it is a deadlock."""
    w = x.w
    if getattr(w, "_fail_at", -2) == w.issued - 1:
        w._fail_n += 1
    else:
        w._fail_n = 1
    w._fail_at = w.issued
    if w._fail_n > DEADLOCK_SWITCHES and w.timer is None:
        raise Fault("deadlock", f"{x.name}: warp keeps switching between lane groups that wait for each other")


def _jump(x, b_jump: int, target) -> None:
    """The jump behaviour of BRX (shared by BRA, CALL, RET); *target* is an int
    or a per-lane int64 array of TargetPC."""
    w = x.w
    if b_jump == 0:  # b_jump all false: fall through
        cover("jump.fallthrough")
        w.pc = x.pc + INST_SIZE
    elif b_jump == w.active:  # every active lane jumps
        cover("jump.all")
        if isinstance(target, np.ndarray):
            cover("jump.all.per_lane_targets")
            lid = ffs(w.active)
            pc = int(target[lid])
            same = array2mask(target == pc)
            other = w.active & ~same
            w.pc = pc & MASK64
            w.active &= same
            set_rpc(w, other, target)  # unselected lanes park at their target
        else:
            w.pc = int(target) & MASK64
    else:  # partial jump: fall-through side first
        cover("jump.partial")
        w.pc = x.pc + INST_SIZE
        w.active &= ~b_jump
        set_rpc(w, b_jump, target if isinstance(target, np.ndarray) else int(target) & MASK64)


def golden_branch_mask(active: int, valid: int, pg: int, modi: str, ur: int | None) -> int:
    """``getGoldenBranchCondition`` of the BRA page on lane masks (pg already
    includes Pp).  Returns the branch mask; raises Fault for an invalid modifier."""
    pgv = pg & active
    if ur is None:
        is_div = (pgv ^ valid) != 0
        cover("BRA.is_div" if is_div else "BRA.not_div")
        if modi == "":
            cover("BRA.plain")
            return pgv
        if modi == ".U":
            cover("BRA.U.jump" if (pgv & active) == active else "BRA.U.fall")
            return active if (pgv & active) == active else 0
        if modi == ".DIV":
            return pgv if is_div else 0
        if modi == ".CONV":
            return 0 if is_div else pgv
        raise Fault("invalid-instruction", f"invalid branch modifier {modi!r}")
    if (valid ^ active) & ur:
        cover("BRA.ur.valid_not_active")
        is_div = True
    else:
        pv = pgv & active
        if not (pv == active or pv == 0):
            cover("BRA.ur.guard_diverged")
            is_div = (active & ~pg & ur) != 0
        else:
            is_div = False
            cover("BRA.ur.guard_uniform")
    if modi == ".DIV":
        cover("BRA.ur.DIV")
        return active if (pgv and is_div) else 0
    if modi == ".CONV":
        cover("BRA.ur.CONV")
        return active if (pgv and not is_div) else 0
    raise Fault("invalid-instruction", f"BRA with a UR mask needs .DIV or .CONV, not {modi or 'no modifier'!r}")


_COND = {"NoCond": "", "U": ".U", "DIV": ".DIV", "CONV": ".CONV"}


@semantics("BRA", control=True)
def BRA(x):
    """BRA: the seed's ``__Description`` (001_a37352338750f4ae.txt), quoted::

        `BRA` 是实现Kernel内向固定目标跳转的指令。`BRA`支持额外的跳转判断条件，只有在满足条件时才会发生跳转。如果当前活跃线程的跳转条件不一致，则可能引入新的分歧执行状态。

        **注**：汇编中显示的`BRA 0x110;`中的跳转目标`0x110`并不是真实的立即数编码值。真实`offset`编码值为目标地址相对下一条指令地址的偏移，由于PC当前是128bit=16B对齐，因而offset的低4bit不用存（只要PC保证16B对齐，省去低4bit没有问题。后面所有涉及到跳转偏移的计算基本都是这个规律）。如：

        ```asm
          /*0010*/ BRA `(.Target); // .Target=0x110;
                                   // 预期偏移为 .Target - .NextPC =（0x0110 - 0x0020) = 0xf0，实际编码中的offset为0xf，省去低4bit。
                                   // 也就是：TargetPC = (ActivePC + 0x10) + offset*0x10，offset=0相当于跳转到下一条指令, offset=-1相当于跳转到自身。
        .NextPC:
          /*0020*/ ...
          ...
        .Target:
          /*0110*/
        ```

        这是实现相对跳转的必要条件，也就是如果BRA与跳转目标同步移动时，指令编码不用改变（但是反汇编结果会发生变化）。由此会引入的问题是`BRA`的汇编/反汇编会与当前指令地址有关，需要注意。

        `BRA`的基础跳转条件为guard predicate（`Pg`）和额外输入的predicate操作数（`Pp`），两者的“与”是最终判断条件:`b=pgv & ppv`(其中`pgv/ppv`是`Pg/Pp`考虑了predicate取反modifier的bool值)。

        `BRA`的跳转条件除了输入的`Pg/Pp`外，还可以根据当前Warp的分歧状态来决定是否跳转。判断条件由Modifier `BRACond cond` ([[BRACond]])决定:

        - `.NoCond`: 无额外跳转条件
        - `.U`:  只有当所有活跃线程均需跳转时才跳转
        - `.CONV`: Convergent跳转条件，只有当前Warp不发生Divergence时才跳转；
        - `.DIV`: Divergent跳转条件，只有当前Warp会发生Divergence时才跳转；

        是否Divergent的判断方法：

        - 如果没有UR操作数: 判断当前Active且Guard predicate为真的线程是否是全部Valid线程：

          - `is_div = np.any( pg & activemask ^ validmask)`

        - 如果存在UR操作数，则将UR当成一个32bit的线程Mask

          - 判断UR mask中是否有线程valid但不active，如是则为divergent状态；否则：
          - 判断当前Active线程的Guard Predicate值，如果都为True或都为False，则为非divergent状态；否则：
          - 判断是否有UR mask中的线程是active但Guard Predicate为False，如有则是divergent状态

        ```python
        if np.any( (validmask_array^activemask_array) & ur_maskarray):
            is_div = True    # some threads in ur_maskarray are valid but not active
        else:
            pv = pgv[activemask_array]

            if not (np.all(pv) or np.all(~pv)): # diverged warp due to guard predicate
                # some threads in ur_maskarray are active but guard predicated off
                is_div = np.any(activemask_array & (~pg_array) & ur_maskarray)
            else:
                is_div = False
        ```

        参考：[bra_div_test](http://10.21.25.1/yangrengcai/isa-testcases/-/tree/main/cases/controlflow/bra_div_test)

        ```python
        def getGoldenBranchCondition(activemask_array, validmask_array, pg_array, bra_modi, ur_maskarray):
            ''' Get golden branch condition

                {@{!}pg}   BRA{ , .U, .DIV, .CONV} `(.target);
                {@{!}pg}   BRA{.DIV, .CONV} URa, `(.target);
                {@{!}pg}   BRA {!}Pp, `(.target);              // Pp is already in pg_array = {!}Pg & {!}Pp

                Arguments:
                    activemask_array (ndarray[np.bool_]): current activemask_array
                    validmask_array (ndarray[np.bool_]): current validmask_array
                    pg_array (ndarray[np.bool_]) : guard predicate value array  (already include extra Pp input)
                    bra_modi: branch modifier {'', '.U', '.DIV', '.CONV'}

                Return:
                    branch_mask_array (ndarray[np.bool_]): return branch mask for this warp. True for jump, False for fall-through.
            '''

            pgv = pg_array & activemask_array
            if ur_maskarray is None:
                is_div = np.any( pgv ^ validmask_array)

                if bra_modi == '':
                    branch_mask_array = pgv
                elif bra_modi == '.U':
                    branch_mask_array = np.zeros(32, dtype=np.bool_) # just init for later assignment
                    branch_mask_array[activemask_array] = np.all(pgv[activemask_array]) # only jump if all active threads agree to jump
                elif bra_modi == '.DIV':
                    if is_div:
                        branch_mask_array = pgv
                    else:
                        branch_mask_array = False & pgv # all false
                elif bra_modi == '.CONV':
                    if is_div:
                        branch_mask_array = False & pgv # all false
                    else:
                        branch_mask_array = pgv
                else:
                    raise Exception(f'Invalid branch modi "{bra_modi}"!!!')

            else:
                # is_div is True if there are threads in ur_maskarray:
                #   valid but not active, or active but guard predicated off

                ur_mask = array2mask(ur_maskarray)
                vmask = array2mask(validmask_array)
                amask = array2mask(activemask_array)
                valid_not_active = array2mask(validmask_array^activemask_array)
                active_not_pg = array2mask(activemask_array & (~pg_array))
                pg_mask = array2mask(pg_array)

                if np.any( (validmask_array^activemask_array) & ur_maskarray):
                    is_div = True    # some threads in ur_maskarray are valid but not active
                else:
                    pv = pgv[activemask_array]

                    if not (np.all(pv) or np.all(~pv)): # diverged warp due to guard predicate
                        # some threads in ur_maskarray are active but guard predicated off
                        is_div = np.any(activemask_array & (~pg_array) & ur_maskarray)
                    else:
                        is_div = False

                branch_mask_array = np.zeros(32, dtype=np.bool_)
                if bra_modi == '.DIV':
                    branch_mask_array[activemask_array] = np.any(pgv) & is_div
                elif bra_modi == '.CONV':
                    branch_mask_array[activemask_array] = np.any(pgv) & (not is_div)
                else:
                    raise Exception(f'Invalid branch modi "{bra_modi}"!!!')

                bmask = array2mask(branch_mask_array)
                print(f'v={vmask:#010x}, a={amask:#010x}, v^a={valid_not_active:#010x}, pg={pg_mask:#010x}, ~pg&a={active_not_pg:#010x}, ur={ur_mask:#010x}, is_div={str(is_div):5s}, bmask={bmask:#010x}')

            return branch_mask_array
        ```
    """
    m = x.memo
    if m is None:  # once per address: modifier, operand presence, TargetPC
        m = x.memo = (_COND[x.mod("cond") or "NoCond"], "pp" in x.f, "ura" in x.f,
                      x.pc + INST_SIZE + x.imm("offset") * INST_SIZE)
    w = x.w
    g = w.P[x.pg]  # pg_array: guard & Pp over all lanes (the golden function masks with ActiveMask)
    pg = (~g & FULL) if x.pg_not else g
    if m[1]:
        pg &= x.pred("pp")
    ur = (x.src("ura") & MASK32) if m[2] else None
    b = golden_branch_mask(w.active, w.valid, pg, m[0], ur)
    _jump(x, b, m[3])


def _sext32(v):
    if isinstance(v, np.ndarray):
        return v.astype(np.uint32).view(np.int32).astype(np.int64)
    v &= MASK32
    return v - (1 << 32) if v >> 31 else v


@semantics("BRX", control=True)
def BRX(x):
    """BRX: the seed's ``__Semantics`` (001_a37352338750f4ae.txt), quoted::

        ```c
        TargetPC = ActivePC + INST_SIZE + Vb + offset*INST_SIZE; // Vb may come from GPR/UGPR/ConstantMemory
                                                       // TargetPC is 32 x 64bit vector.

        pgv = pg.not ? !pg : pg;
        ppv = pp.not ? !pp : pp;

        b_jump = ActiveMask & pgv & ppv;  // b_jump为32bit mask
        if(all(~b_jump))                  // b_jump 全 False，fall through
        {
            ActivePC += INST_SIZE;
        }
        else if(b_jump==ActiveMask) // 活跃线程全部跳转
        {
            lid = ffs(ActiveMask);                     // 从当前ActiveMask线程中挑选一个线程
            ActivePC = TargetPC[lid];                  // 将该线程目标设为ActivePC
            ActiveMask &= array2mask(TargetPC == ActivePC);   // 从ActiveMask中去除跳转目标不同的线程
            RPC[TargetPC!=ActivePC] = TargetPC[TargetPC!=ActivePC]; // 将未选中线程的跳转目标存入RPC
        }
        else // 活跃线程部分跳转，优先执行Fall through分支
        {
            ActivePC += INST_SIZE;
            ActiveMask = ~b_jump;            // ActiveMask包括所有不跳转的线程
            RPC[b_jump] = TargetPC[b_jump];  // 将跳转线程的跳转目标存入RPC
        }
        ```
    """
    w = x.w
    if "ra" in x.f:
        vb = _sext32(x.src("ra"))
    elif "ura" in x.f:
        vb = _sext32(x.src("ura"))
    else:
        vb = _sext32(x.src("vb"))
    target = x.pc + INST_SIZE + vb + x.imm("offset", 0) * INST_SIZE
    b_jump = x.pmask & _pp(x)
    _jump(x, b_jump, target)


def _call_target(x):
    if "ra" in x.f:
        va = x.src("ra", 64).astype(np.int64)
    elif "ura" in x.f:
        va = x.src("ura", 64)
    else:
        va = x.src("vb", 64)
    off = x.imm("offset", 0) * INST_SIZE
    if x.mod("mode") == "ABS":
        t = va + off
    else:
        t = x.pc + INST_SIZE + va + off
    if not isinstance(t, np.ndarray):
        t &= MASK64
    return t


@semantics("CALL", control=True)
def CALL(x):
    """CALL: the seed's ``__Semantics`` (001_a37352338750f4ae.txt), quoted::

        ```c
        if(mode==ABS)
          TargetPC = Va + offset*INST_SIZE;
        else
          TargetPC = ActivePC + INST_SIZE + Va + offset*INST_SIZE;
        ```

        `CALL/RET`只有目标PC的计算方式与`BRX`不同，跳转行为本身是一样的。跳转行为的语义参考[[BRX]].
    """
    _jump(x, x.pmask & _pp(x), _call_target(x))


@semantics("RET", control=True)
def RET(x):
    """RET: same hardware behaviour as CALL (see CALL)::

        if(mode==ABS)
          TargetPC = Va + offset*INST_SIZE;
        else
          TargetPC = ActivePC + INST_SIZE + Va + offset*INST_SIZE;
        // jump behaviour of BRX
    """
    _jump(x, x.pmask & _pp(x), _call_target(x))


@semantics("LEPC")
def LEPC(x):
    """LEPC: the seed's ``__Semantics`` (001_a37352338750f4ae.txt), quoted::

        ```c
        pmask = ActiveMask & pgv;
        rd[mask2array(pmask)] = ActivePC;
        ```


    Decision: ``Rd(64) = address of the LEPC instruction + offset*16``.
    """
    x.write("rd", (x.pc + x.imm("offset", 0) * INST_SIZE) & MASK64, width=64)


@semantics("EXIT", control=True)
def EXIT(x):
    """EXIT: the seed's ``__Semantics`` (001_a37352338750f4ae.txt), quoted::

        ```c
        // pmask表示guard pred为true的线程，~pmask的线程将fall through到下一个指令
        pmask = array2mask(pgv & ppv & ActiveMask);

        mask_np = ActiveMask & ~pmask;    // 当前活跃线程（显然已到达同步点）中guard pred为false的线程
        mask_p  = ActiveMask &  pmask;

        // 判断是否有pmask为false的线程，如果有，则当前指令相当于NOP，fall through到下一个指令
        // 这里也包括部分退出的情况
        if (mask_np) // TODO:
        {
            ValidMask = ValidMask & ~pmask;   //

            ActiveMask = mask_np;
            ActivePC += INST_SIZE;
            return;
        }
        else // 当前Active线程全部退出
        {
            ValidMask = ValidMask & ~ActiveMask;   //

            if (ValidMask == 0) // 所有Valid线程已退出，当前Warp退出
            {
                warpExit();
            }
            else{  // 当前虽然所有Active线程退出，但存在其他Valid线程，切换到其他Valid分支

                // EXIT的切换候选为所有Valid线程
                cmask = ValidMask;
                if( (cmask & SleepMask) ^ SleepMask ==0 ) // 所有可选线程均处于Sleep状态，会导致WARP进入休眠
                {
                    do_sleep = true;  // 在Warp进入Sleep状态前，需先根据SleepMask清除后的状态设置ActivePC/ActiveMask
                }
                else{
                    do_sleep = false;
                    cmask = cmask & ~SleepMask;   // 去除候选mask中处于sleep状态的线程
                }

                mask_ny = cmask & ~YieldMask; // 优先跳转到当前ValidMask中不处于Yield状态的线程
                mask_y  = cmask &  YieldMask; //

                if(mask_ny)
                    lid = ffs(mask_ny);
                else
                    lid = ffs(mask_y);

                ActivePC = RPC[lid];
                ActiveMask = array2mask(RPC==RPC[lid]) & ValidMask;

                if (do_sleep) warpSleep();
            }
        }
        ```
    """
    w = x.w
    pmask = x.pmask & _pp(x)
    mask_np = w.active & ~pmask
    if mask_np:
        cover("EXIT.guard_false_lanes")
        w.valid &= ~pmask
        w.active = mask_np
        w.pc = x.pc + INST_SIZE
        return
    w.valid &= ~w.active
    if w.valid == 0:
        cover("EXIT.warp_exit")
        w.active = 0
        x.sim.warp_exit(w)
        return
    do_sleep, cmask = sleep_check(w, w.valid)
    mask_ny = cmask & ~w.yield_mask
    mask_y = cmask & w.yield_mask
    lid = ffs(mask_ny) if mask_ny else ffs(mask_y)
    cover("EXIT.switch")
    target = int(w.rpc[lid])
    w.active = rpc_eq(w, target) & w.valid
    w.pc = target & MASK64
    if do_sleep:
        cover("EXIT.switch_sleep")
        x.sim.warp_sleep(w)


@semantics("BMOV", per_warp=True)
def BMOV(x):
    """BMOV: the seed's ``__Semantics`` (001_a37352338750f4ae.txt), quoted::

        ```c
        pmask = ActiveMask & pgv & ppv;

        if(stype==X) // Mov BReg to Reg
            rd[pmask] = breg;
        else         // Mov Reg to BReg
            if(pmask!=0)
                breg = ra[ffs(pmask)];   // BReg是scalar，因而选取第一个活跃线程的ra

        if(clear==CLEAR && pmask!=0)  // Only for BMOV_B
            breg = 0x0;
        ```
    """
    w = x.w
    pmask = x.pmask & _pp(x)
    b = x.reg_index("breg")
    if "rd" in x.f:  # BMOV_X: Mov BReg to Reg
        cover("BMOV.to_reg")
        x.write("rd", w.B[b], mask=pmask)
        if x.mod("clear") == "CLEAR" and pmask:
            x.set_breg(b, 0)
    elif pmask:  # BMOV_R: Mov Reg to BReg
        cover("BMOV.to_breg")
        x.set_breg(b, int(x.src_lanes("ra")[ffs(pmask)]))


@semantics("BSSY", per_warp=True)
def BSSY(x):
    """BSSY: the seed's ``__Semantics`` (001_a37352338750f4ae.txt), quoted::

        ```c
        pmask = ActiveMask & pgv;
        if(pmask != 0) breg |= pmask;  // BSSY总是往breg中追加当前pmask，因而在Warp初始时，应将所有Breg初始化为0。
        ```
    """
    pmask = x.pmask
    if pmask:
        cover("BSSY.set")
        b = x.reg_index("breg")
        x.set_breg(b, x.w.B[b] | pmask)


@semantics("BSYNC", control=True)
def BSYNC(x):
    """BSYNC: the seed's ``__Semantics`` (001_a37352338750f4ae.txt), quoted::

        ```c
        // BSYNC bmask;  // bmask为32bit B寄存器的值
        bmask = bmask & ValidMask; // 去除所有退出线程

        // pmask表示guard pred为true的线程，~pmask的线程将fall through到下一个指令
        pmask = array2mask(pgv & ppv & ActiveMask);

        // 已到达同步点的线程mask，包括当前ActiveMask，以及之前已到达“当前”BSYNC指令的所有Valid线程
        arrivemask = ActiveMask | (ValidMask & array2mask(RPC==ActivePC));

        mask_np = ActiveMask & ~pmask;      // 当前活跃线程（显然已到达同步点）中guard pred为false的线程
        mask_p  = ActiveMask &  pmask;

        // 判断是否有pmask为false的线程，如果有，则当前指令相当于NOP，fall through到下一个指令
        if (mask_np)
        {
            RPC[mask2array(mask_p)] = ActivePC;
            ActiveMask = mask_np;
            ActivePC += INST_SIZE;
            return;
        }
        else{
            // 如果对所有Active线程的pmask都为true，则执行BSYNC流程。
            // 注意：由于之前pmask=false的分支已经先执行，等回过来执行当前pmask=true分支时，ActiveMask已经发生变化，相当于此时pmask==ActiveMask

            // 将bmask中对应ActiveMask的bit清除
            bmask = bmask & ( bmask ^ ActiveMask);

            // 首先判断是否已完成同步，如果完成同步，则运行下一条指令
            // 注：该判断同样适用于当前没有发生Divergence的情况
            if (bmask==0)  // 完全同步成功
            {
                ActiveMask = arrivemask; // 新ActiveMask
                ActivePC += INST_SIZE;
                YieldMask = YieldMask ^ (YieldMask & ActiveMask);  // 清除当前YieldMask中已被同步的线程
                return;
            }
            else    // 未能完全同步成功
            {
                // 可选的切换目标：当前未到达线程中的非Yield线程
                cmask = ValidMask & ~arrivemask & ~YieldMask;
                if( (cmask & SleepMask) ^ SleepMask ==0 ) // 所有可选线程均处于Sleep状态，会导致BSYNC让步放行
                {
                    //
                    ActiveMask = arrivemask;    // arrivemask中必然不包括SleepMask中的线程
                    ActivePC += INST_SIZE;
                    YieldMask = YieldMask ^ (YieldMask & pmask);  // 清除当前YieldMask中已被同步的线程
                    return;
                }
                else{
                    cmask = cmask & ~SleepMask;   // 去除候选mask中处于sleep状态的线程
                }

                mask_ny_b  = cmask &  bmask; // 未到达线程中，在YieldMask**外**且bmask**内**的线程
                mask_ny_nb = cmask & ~bmask; // 未到达线程中，在YieldMask**外**且bmask**外**的线程

                RPC[ActiveMask] = ActivePC;

                // 如果BSYNC没有完全同步成功，则又存在两种情况：同步不成功/让步放行
                if (mask_ny_b) // 同步不完全成功，切换到需同步但未到达的非yield分支
                {
                    switchPCByMask(mask_ny_b);
                    return;
                }
                else if (mask_ny_nb) // 同步不完全成功，但可以让步放行；先切换到不需同步的非Yield线程，总是将Yield状态线程的优先级放到非Yield线程之后
                {
                    switchPCByMask(mask_ny_nb);
                    return;
                }
                else // 同步不完全成功，且ValidMask中已经没有非Yield线程，则**让步放行**当前BSYNC
                {
                    ActiveMask = arrivemask;
                    ActivePC += INST_SIZE;
                    YieldMask = YieldMask ^ (YieldMask & pmask);  // 清除当前YieldMask中已被同步的线程, TODO:???
                    return;
                }
            }
        }
        ```

    Decision S21 (docs/decisions.md): the ``else if (mask_ny_nb)`` branch is not
    taken.  The seed's Description says the non-YIELD threads do not wait for the
    YIELD threads at the synchronisation point (其他非YIELD线程不必等待YIELD线程到达同步点就继续执行后续指令),
    while the pseudo code first switches to the non-YIELD lanes outside bmask;
    those lanes may be parked at an outer BSYNC that waits for the lanes here, and
    switch straight back (a livelock).  The Description wins: when no non-YIELD
    lane of bmask is missing (``mask_ny_b == 0``), BSYNC releases at once:
    ``ActiveMask = arrivemask; ActivePC += INST_SIZE;`` and the released lanes
    leave YieldMask (``YieldMask ^= YieldMask & arrivemask``).  The shipped
    ``bru.isa`` marks the branch with a ``// gpuisa:`` comment.
    """
    w = x.w
    b = x.reg_index("breg")
    bmask = w.B[b] & w.valid
    pmask = x.pmask & _pp(x)
    arrivemask = w.active | (w.valid & rpc_eq(w, x.pc))
    mask_np = w.active & ~pmask
    mask_p = w.active & pmask
    if mask_np:
        cover("BSYNC.guard_false_lanes")
        set_rpc(w, mask_p, x.pc)
        w.active = mask_np
        w.pc = x.pc + INST_SIZE
        return
    bmask = bmask & (bmask ^ w.active)
    if w.B[b] != bmask:
        x.set_breg(b, bmask)  # decision: BSYNC writes the lanes still expected back (OutList<breg>)
    if bmask == 0:  # complete sync
        cover("BSYNC.complete")
        w.active = arrivemask
        w.pc = x.pc + INST_SIZE
        w.yield_mask ^= w.yield_mask & w.active
        return
    cmask = w.valid & ~arrivemask & ~w.yield_mask
    if cmask & ~w.sleep == 0:  # every candidate asleep (or none): yield-release
        cover("BSYNC.release_no_candidate")
        w.active = arrivemask
        w.pc = x.pc + INST_SIZE
        w.yield_mask ^= w.yield_mask & pmask
        return
    cmask &= ~w.sleep
    mask_ny_b = cmask & bmask
    if mask_ny_b:
        cover("BSYNC.wait_switch")
        set_rpc(w, w.active, x.pc)
        _failed_sync(x)
        switch_pc_by_mask(x, mask_ny_b)
        return
    # decision S21: every member of bmask still missing is a YIELD lane (or asleep):
    # release at once, as the Description says; the page's switch to mask_ny_nb
    # (non-members) livelocks when they are parked at an outer BSYNC that waits for us
    cover("BSYNC.release_yield_S21")
    w.active = arrivemask
    w.pc = x.pc + INST_SIZE
    w.yield_mask ^= w.yield_mask & arrivemask  # the released lanes leave YieldMask


def _switch_like_yield(x) -> None:
    """The common switching tail of YIELD and NANOSLEEP."""
    w = x.w
    set_rpc(w, w.active, x.pc + INST_SIZE)  # decision: switched-out lanes resume after this instruction
    others = w.valid ^ w.active
    w.switch &= others
    if w.switch == 0:
        cover("SWITCH.reset_switchmask")
        w.switch = others
    do_sleep, cmask = sleep_check(w, w.switch)
    mask_ny = cmask & ~w.yield_mask
    mask_y = cmask & w.yield_mask
    lid = ffs(mask_ny) if mask_ny else ffs(mask_y)
    if lid < 0:
        raise Fault("deadlock", f"{x.name}: no lane to switch to")
    w.yield_mask |= w.active
    cover("SWITCH.switch")
    target = int(w.rpc[lid])
    w.active = rpc_eq(w, target) & others
    w.pc = target & MASK64
    others = w.valid ^ w.active
    w.switch &= others
    if w.switch == 0:
        w.switch = others
    if do_sleep:
        cover("SWITCH.sleep")
        x.sim.warp_sleep(w)


@semantics("YIELD", control=True)
def YIELD(x):
    """YIELD: the seed's ``__Semantics`` (001_a37352338750f4ae.txt), quoted::

        ```c
        // pmask表示guard pred为true的线程，~pmask的线程将fall through到下一个指令
        pmask = array2mask(pgv & ppv & ActiveMask);

        mask_np = ActiveMask & ~pmask;    // 当前活跃线程（显然已到达同步点）中guard pred为false的线程
        mask_p  = ActiveMask &  pmask;

        // 判断是否有pmask为false的线程，如果有，则当前指令相当于NOP，fall through到下一个指令
        if (mask_np) // TODO:
        {
            RPC[mask2array(mask_p)] = ActivePC;
            ActiveMask = mask_np;
            ActivePC += INST_SIZE;
            return;
        }
        else
        {
            if (ValidMask ^ ActiveMask == 0) // No divergence here, same as nop
            {
                ActivePC += INST_SIZE;
            }
            else{
                SwitchMask = SwitchMask & (ValidMask ^ ActiveMask); // 只保留当前SwitchMask中Valid但不Active的部分
                if (SwitchMask==0)                                  // 如果当前SwitchMask已被清空，则重置为所有Valid但不Active的部分
                    SwitchMask = ValidMask ^ ActiveMask;

                // YIELD只能在当前SwitchMask中挑选线程，否则可能导致在部分分支间来回跳转导致死锁
                cmask = SwitchMask;

                if( (cmask & SleepMask) ^ SleepMask ==0 ) // 所有可选线程均处于Sleep状态，会导致WARP进入休眠
                {
                    do_sleep = true;  // 在Warp进入Sleep状态前，需先根据SleepMask清除后的状态设置ActivePC/ActiveMask
                }
                else{
                    do_sleep = false;
                    cmask = cmask & ~SleepMask;   // 去除候选mask中处于sleep状态的线程
                }

                mask_ny = cmask & ~YieldMask; // 优先跳转到当前SwitchMask中不处于Yield状态的线程
                mask_y  = cmask &  YieldMask; //

                if(mask_ny)
                    lid = ffs(mask_ny);
                else
                    lid = ffs(mask_y);

                YieldMask |= ActiveMask;

                ActivePC = RPC[lid];
                ActiveMask = array2mask(RPC==RPC[lid]) & (ValidMask ^ ActiveMask);

                // TODO: SwitchMask只在YIELD中使用，因为理论上只有多个分支相互YIELD切换才需要SwitchMask
                // 但，其他指令是否可以更新SwitchMask？
                SwitchMask = SwitchMask & (ValidMask ^ ActiveMask); // 更新SwitchMask，只保留当前SwitchMask中Valid但不Active的部分
                if (SwitchMask==0)                                  // 如果当前SwitchMask已被清空，则重置为所有Valid但不Active的部分
                    SwitchMask = ValidMask ^ ActiveMask;

                if(do_sleep) warpSleep();
            }
        }
        ```
    """
    w = x.w
    pmask = x.pmask & _pp(x)
    mask_np = w.active & ~pmask
    mask_p = w.active & pmask
    if mask_np:
        cover("YIELD.guard_false_lanes")
        set_rpc(w, mask_p, x.pc)
        w.active = mask_np
        w.pc = x.pc + INST_SIZE
        return
    if (w.valid ^ w.active) == 0:  # no divergence: same as NOP
        cover("YIELD.no_divergence")
        w.pc = x.pc + INST_SIZE
        return
    cover("YIELD.switch")
    _switch_like_yield(x)


@semantics("BREAK", per_warp=True)
def BREAK(x):
    """BREAK: the seed's ``__Semantics`` (001_a37352338750f4ae.txt), quoted::

        ```c
        pmask = ActiveMask & pgv & ppv;
        breg = breg ^ (breg & pmask);     // 把BReg中对应bit清除
        ```
    """
    pmask = x.pmask & _pp(x)
    b = x.reg_index("breg")
    if x.w.B[b] & pmask:
        cover("BREAK.clear")
        x.set_breg(b, x.w.B[b] ^ (x.w.B[b] & pmask))


def _membermask(x):
    if "membermask" in x.f:
        return x.imm("membermask") & MASK32
    if "urb" in x.f:
        return x.src("urb") & MASK32
    if "vb" in x.f:
        return x.src("vb") & MASK32
    return x.src("rb")  # per-lane array


def park_and_switch(x, cmask: int) -> None:
    """The failed synchronisation of WARPSYNC_I/U/C (also used by BAR.SYNC):
    *cmask* holds the lanes still expected (``ValidMask & ~arrivemask & mmask``).
    The sleep check, then ``RPC[ActiveMask] = ActivePC`` (the executing lanes
    park at this instruction) and a switch to the non-yield candidates, else the
    yielding ones; the warp sleeps when every candidate sleeps."""
    w = x.w
    do_sleep, cmask = sleep_check(w, cmask)
    mask_m_ny = cmask & ~w.yield_mask
    mask_m_y = cmask & w.yield_mask
    set_rpc(w, w.active, x.pc)
    _failed_sync(x)
    cover("WARPSYNC.park_switch")
    switch_pc_by_mask(x, mask_m_ny if mask_m_ny else mask_m_y)
    if do_sleep:
        cover("WARPSYNC.park_sleep")
        x.sim.warp_sleep(w)


@semantics("WARPSYNC", control=True)
def WARPSYNC(x):
    """WARPSYNC: the seed's ``__Semantics`` (001_a37352338750f4ae.txt), quoted::

        ```c
        // WARPSYNC mmask;
        // mmask为32bit membermask, 可能每线程不同，也可以相同（立即数或Constant memory/UR方式操作数）
        mmask = mmask & ValidMask; // 去除所有退出线程

        // pmask表示guard pred为true的线程，~pmask的线程将fall through到下一个指令
        pmask = array2mask(pgv & ppv & ActiveMask);

        // 已到达同步点的线程mask，包括当前ActiveMask，以及之前已到达“当前”WARPSYNC指令的所有Valid线程
        arrivemask = ActiveMask | (ValidMask & array2mask(RPC==ActivePC));

        mask_np = ActiveMask & ~pmask;    // 当前活跃线程（显然已到达同步点）中guard pred为false的线程
        mask_p  = ActiveMask &  pmask;

        // 判断是否有pmask为false的线程，如果有，则当前指令相当于NOP，fall through到下一个指令
        if (mask_np)
        {
            RPC[mask2array(mask_p)] = ActivePC;
            ActiveMask = mask_np;
            ActivePC += INST_SIZE;
            return;
        }
        else{
            // WARPSYNC_II/UR/C对所有线程使用相同的membermask, 当前流程与BSYNC较相似，但不能产生让步放行
            // WARPSYNC mmask;
            if( stype != "R")
            {
                // 首先判断是否已完成同步，如果完成同步，则运行下一条指令
                // 注：该判断同样适用于当前没有发生Divergence的情况
                if ( (arrivemask & mmask) ^ mmask == 0)  // membermask的线程均在arrivemask中，同步成功
                {
                    ActiveMask = mmask;    // 注 ：WARPSYNC不能放行mmask外的指令！TODO：BSYNC不受此限制？
                                           // 注2：WARPSYNC正确性要求原ActiveMask必须在membermask中，因而此时原ActiveMask都被放行，不用更新GPR-PC
                                           // 注3：mmask中的非valid线程已去除，因而不用担心退出线程复活
                    ActivePC += INST_SIZE;
                    return;
                }
                else // 未同步成功
                {
                    // 所有需同步但未到达的线程
                    cmask = ValidMask & ~arrivemask & mmask;
                    if( (cmask & SleepMask) ^ SleepMask ==0 ) // 所有可选线程均处于Sleep状态，会导致WARP进入休眠
                    {
                        do_sleep = true;  // 在Warp进入Sleep状态前，需先根据SleepMask清除后的状态设置ActivePC/ActiveMask
                    }
                    else{
                        do_sleep = false;
                        cmask = cmask & ~SleepMask;   // 去除候选mask中处于sleep状态的线程
                    }

                    // 将未到达线程分成以下互不重叠的2组，如果未同步成功则以下2组必然有一组不全为0
                    mask_m_ny  = cmask & ~YieldMask; // 需同步但未到达线程中的非yield分支
                    mask_m_y   = cmask &  YieldMask; // 需同步但未到达线程中的yield分支

                    RPC[ActiveMask] = ActivePC;

                    if (mask_m_ny) // 切换到需同步但未到达的非yield分支
                    {
                        switchPCByMask(mask_m_ny);
                        if(do_sleep) warpSleep();
                        return;
                    }
                    else // 切换到需同步但未到达的yield分支
                    {
                        switchPCByMask(mask_m_y);
                        if(do_sleep) warpSleep();
                        return;
                    }
                }
            }
            else{ // WARPSYNC_R 各线程的membermask需分组

                // 首先做合法性判断
                // 1. 当前线程必须在membermask中
                assert(lanemask & mmask != 0);
                // 2. 同组各线程的membermask必须完全相同(How?)
                // TODO:

                // cmask表示当前线程分组的未到达线程，每线程独立，cmask==0表示当前线程所在分组已完成同步
                thd_syncmask = mmask ^ (mmask & arrivemask);

                warp_syncmask = ValidMask & array2mask(thd_syncmask==0); // 当前已完成同步的线程mask

                // 首先判断是否存在线程已完成同步，如果完成同步，则需运行下一条指令
                if (warp_syncmask!=0)
                {
                    // 分组放行，每次只放行一组，等同于NV的WARPSYNC.EXCLUSIVE
                    lid = ffs(sync_mask);

                    amask = mmask[lid];  // mmask中已去除非valid线程
                    RPC[mask2array(ActiveMask^(ActiveMask & amask))] = ActivePC; // 更新未放行线程的GPR PC
                    ActivePC += INST_SIZE;
                    ActiveMask = amask;
                    //
                }
                else{
                    // 如果没有分组完成同步，需从mmask中未到达的valid线程中选取一组
                    cmask = array_or(mmask) ^ arrivemask; // array_or(mmask)为所有 membermask的or, 表示所有需参与同步的线程
                    if( (cmask & SleepMask) ^ SleepMask ==0 ) // 所有可选线程均处于Sleep状态，会导致WARP进入休眠
                    {
                        do_sleep = true;  // 在Warp进入Sleep状态前，需先根据SleepMask清除后的状态设置ActivePC/ActiveMask
                    }
                    else{
                        do_sleep = false;
                        cmask = cmask & ~SleepMask;   // 去除候选mask中处于sleep状态的线程
                    }

                    mask_ny = cmask & ~YieldMask;       // 需同步但未到达的非Yield线程
                    mask_y  = cmask &  YieldMask;       // 需同步但未到达的Yield线程

                    if (mask_ny)
                        lid = ffs(mask_ny);
                    else
                        lid = ffs(mask_y);

                    RPC[mask2array(ActiveMask)] = ActivePC;   // 更新RPC

                    ActivePC = RPC[lid];
                    ActiveMask = array2mask(RPC==RPC[lid]) & ValidMask;

                    if (do_sleep) warpSleep();
                }
            }
        }
        ```
    """
    w = x.w
    mm = _membermask(x)
    pmask = x.pmask & _pp(x)
    arrivemask = w.active | (w.valid & rpc_eq(w, x.pc))
    mask_np = w.active & ~pmask
    mask_p = w.active & pmask
    if mask_np:
        cover("WARPSYNC.guard_false_lanes")
        set_rpc(w, mask_p, x.pc)
        w.active = mask_np
        w.pc = x.pc + INST_SIZE
        return
    if not isinstance(mm, np.ndarray):  # WARPSYNC_I/U/C: one member mask
        mmask = mm & w.valid
        if w.active & ~mmask:
            raise Fault("invalid-operand", f"WARPSYNC member mask 0x{mm:08x} does not contain the executing "
                        f"lanes 0x{w.active & ~mmask:08x}")
        if ((arrivemask & mmask) ^ mmask) == 0:  # every member arrived (precedence fixed)
            cover("WARPSYNC.complete")
            w.active = mmask
            w.pc = x.pc + INST_SIZE
            return
        cover("WARPSYNC.wait")
        park_and_switch(x, w.valid & ~arrivemask & mmask)
        return
    # WARPSYNC_R: per-lane member masks, grouped
    mmask = (mm.astype(np.int64) & w.valid)
    lanebits = np.int64(1) << np.arange(WARP_SIZE, dtype=np.int64)
    act = mask2array(w.active)
    if np.any((lanebits[act] & mmask[act]) == 0):
        raise Fault("invalid-operand", "WARPSYNC: an executing lane is not in its own member mask")
    thd_syncmask = mmask ^ (mmask & arrivemask)
    # decision: only lanes that have arrived can release their group (the page's
    # ValidMask would let a lane elsewhere in the program, whose stale mask is
    # complete, release its group, or an empty ActiveMask)
    warp_syncmask = arrivemask & array2mask(thd_syncmask == 0)
    if warp_syncmask != 0:
        cover("WARPSYNC.R.group_release")
        lid = ffs(warp_syncmask)  # the page's ffs(sync_mask)
        amask = int(mmask[lid])
        set_rpc(w, w.active ^ (w.active & amask), x.pc)
        w.pc = x.pc + INST_SIZE
        w.active = amask
        return
    arr = mask2array(arrivemask)
    union = int(np.bitwise_or.reduce(mmask[arr])) if arr.any() else 0  # array_or over the arrived lanes
    cmask = (union ^ arrivemask) & w.valid
    do_sleep, cmask = sleep_check(w, cmask)
    mask_ny = cmask & ~w.yield_mask
    mask_y = cmask & w.yield_mask
    lid = ffs(mask_ny) if mask_ny else ffs(mask_y)
    if lid < 0:
        raise Fault("deadlock", "WARPSYNC: no lane to switch to")
    set_rpc(w, w.active, x.pc)
    _failed_sync(x)
    cover("WARPSYNC.R.switch")
    target = int(w.rpc[lid])
    w.pc = target & MASK64
    w.active = rpc_eq(w, target) & w.valid
    if do_sleep:
        cover("WARPSYNC.R.sleep")
        x.sim.warp_sleep(w)


@semantics("NANOSLEEP", control=True)
def NANOSLEEP(x):
    """NANOSLEEP: the seed's ``__Semantics`` (001_a37352338750f4ae.txt), quoted::

        ```c
        // pmask表示guard pred为true的线程，~pmask的线程将fall through到下一个指令
        pmask = array2mask(pgv & ppv & ActiveMask);

        mask_np = ActiveMask & ~pmask;    // 当前活跃线程（显然已到达同步点）中guard pred为false的线程
        mask_p  = ActiveMask &  pmask;

        // 判断是否有pmask为false的线程，如果有，则当前指令相当于NOP，fall through到下一个指令
        if (mask_np) // TODO:
        {
            RPC[mask2array(mask_p)] = ActivePC;
            ActiveMask = mask_np;
            ActivePC += INST_SIZE;
            return;
        }
        else
        {
            setTimer(vb * CYCLE_PER_NS);   // 设置定时器，nv的NANOSLEEP 时间单位为ns，注意单位转换

            if (ValidMask ^ ActiveMask == 0) // No divergence here, same as nop
            {
                ActivePC += INST_SIZE;
                warpSleep();   //
            }
            else{
                SwitchMask = SwitchMask & (ValidMask ^ ActiveMask); // 只保留当前SwitchMask中Valid但不Active的部分
                if (SwitchMask==0)                                  // 如果当前SwitchMask已被清空，则重置为所有Valid但不Active的部分
                    SwitchMask = ValidMask ^ ActiveMask;

                // YIELD只能在当前SwitchMask中挑选线程，否则可能导致在部分分支间来回跳转导致死锁
                cmask = SwitchMask;

                if( (cmask & SleepMask) ^ SleepMask ==0 ) // 所有可选线程均处于Sleep状态，会导致WARP进入休眠
                {
                    do_sleep = true;  // 在Warp进入Sleep状态前，需先根据SleepMask清除后的状态设置ActivePC/ActiveMask
                }
                else{
                    do_sleep = false;
                    cmask = cmask & ~SleepMask;   // 去除候选mask中处于sleep状态的线程
                }

                mask_ny = cmask & ~YieldMask; // 优先跳转到当前SwitchMask中不处于Yield状态的线程
                mask_y  = cmask &  YieldMask; //

                if(mask_ny)
                    lid = ffs(mask_ny);
                else
                    lid = ffs(mask_y);

                YieldMask |= ActiveMask;

                ActivePC = RPC[lid];
                ActiveMask = array2mask(RPC==RPC[lid]) & (ValidMask ^ ActiveMask);

                // TODO: SwitchMask只在YIELD中使用，因为理论上只有多个分支相互YIELD切换才需要SwitchMask
                // 但，其他指令是否可以更新SwitchMask？
                SwitchMask = SwitchMask & (ValidMask ^ ActiveMask); // 更新SwitchMask，只保留当前SwitchMask中Valid但不Active的部分
                if (SwitchMask==0)                                  // 如果当前SwitchMask已被清空，则重置为所有Valid但不Active的部分
                    SwitchMask = ValidMask ^ ActiveMask;

                if(do_sleep) warpSleep();
            }
        }
        ```

        参考：[[YIELD]]


    Decisions: the operand is a number of model clock cycles (one per issued
    warp-instruction); with a per-lane register the shortest time wins (one
    timer per warp; no executing lane: 0); the sleeping lanes join SleepMask and resume at the next
    instruction.
    """
    w = x.w
    pmask = x.pmask & _pp(x)
    mask_np = w.active & ~pmask
    mask_p = w.active & pmask
    if mask_np:
        cover("NANOSLEEP.guard_false_lanes")
        set_rpc(w, mask_p, x.pc)
        w.active = mask_np
        w.pc = x.pc + INST_SIZE
        return
    if "rb" in x.f:
        sel = x.src("rb")[mask2array(pmask)]
        v = int(sel.min()) if sel.size else 0  # no executing lane: no wait
    elif "urb" in x.f:
        v = x.src("urb")
    else:
        v = x.src("vb") & MASK32
    x.sim.set_timer(w, v)
    w.sleep |= w.active
    if (w.valid ^ w.active) == 0:
        cover("NANOSLEEP.no_divergence")
        w.pc = x.pc + INST_SIZE
        x.sim.warp_sleep(w)
        return
    cover("NANOSLEEP.switch")
    _switch_like_yield(x)


@semantics("RTT", control=True)
def RTT(x):
    """RTT: return from a trap handler (no pseudo code in the seed).

    Decision: restores the ActivePC/ActiveMask saved when TRAP entered a handler
    installed at a program address; outside a handler it is a ``trap`` fault (a
    handler whose trapping lanes have all exited is no longer one to return from)."""
    w = x.w
    if not x.pmask:
        w.pc = x.pc + INST_SIZE
        return
    # entries of handlers whose trapping lanes have all exited are stale
    while w.trap_stack and not (w.trap_stack[-1][2] & w.valid):
        w.trap_stack.pop()
    if not w.trap_stack:
        raise Fault("trap", "RTT outside a trap handler")
    pc, active, _ = w.trap_stack.pop()
    w.pc = pc
    w.active = active & w.valid


@semantics("TRAP", control=True)
def TRAP(x):
    """TRAP: trap with handler index (no pseudo code in the seed).

    Decision: with no handler installed the run stops with status ``trap``
    (handler index in the message).  A Python handler ``f(sim, warp, index)``
    is called and execution continues after the TRAP; an int handler address
    saves (ActivePC + 16, ActiveMask), parks the active lanes that do not trap at
    the next instruction (``RPC[ActiveMask & ~pmask] = ActivePC + 16``: an
    inactive lane's real PC is its RPC), activates the trapping lanes and jumps
    there; RTT returns.  A handler that ends in EXIT retires the trapping lanes
    and the warp switches to the others, which resume after the TRAP."""
    w = x.w
    pmask = x.pmask
    if not pmask:
        w.pc = x.pc + INST_SIZE
        return
    if "hidx" in x.f:
        idx = x.imm("hidx")
    elif "rb" in x.f:
        idx = int(x.src("rb")[ffs(pmask)])
    else:
        idx = x.src("vb") & MASK32
    h = x.sim.trap_handler
    if h is None:
        raise Fault("trap", f"TRAP {idx:#x} (lanes 0x{pmask:08x})")
    if callable(h):
        h(x.sim, w, idx)
        w.pc = x.pc + INST_SIZE
        return
    w.trap_stack.append((x.pc + INST_SIZE, w.active, pmask))
    set_rpc(w, w.active & ~pmask, x.pc + INST_SIZE)  # the lanes that do not trap park after the TRAP
    w.active = pmask
    w.pc = int(h)


@semantics("SYSCALL", per_warp=True)
def SYSCALL(x):
    """SYSCALL: call the host (no pseudo code in the seed).

    Decision: calls the Python callback ``syscall(sim, warp)`` registered with the
    simulator when at least one lane executes; without a callback it is a
    ``syscall`` fault."""
    if not x.pmask:
        return
    if x.sim.syscall is None:
        raise Fault("syscall", "SYSCALL with no host callback registered")
    x.sim.syscall(x.sim, x.w)
