#!/usr/bin/env python3
"""Blind round 26 (docs/decisions.md D26-2): kernels written without looking at the model, run on
gpuisa for 4 targets x 3 input forms and compared with references computed from the algorithms and
CUDA's semantics.  A set is a directory with src/*.cu and tests_def.py (its tests; refs.py here
holds their helpers): scripts/blind26 (24 kernels, the default) or, with BLIND26_SET=scripts/blind26b,
the second set (21 corner-case kernels: warp intrinsics with partial masks, cooperative groups,
every atomic, inline PTX, local memory, function pointers, cache-hinted loads, memcpy_async,
distributed shared memory, named barriers).  Needs nvcc, nvdisasm and cuobjdump on PATH; builds
into $BLIND26_DIR (default /tmp/blind26); $BLIND26_ARCHS the targets, $EXTRA gpuisa options for
every run (--engine reference, --strict), $NJ parallel runs.
Usage: [BLIND26_SET=DIR] python scripts/blind26/run_all.py [test-name-substring ...]"""
import json, os, shutil, subprocess, sys, time
from concurrent.futures import ThreadPoolExecutor
import numpy as np
HERE = os.path.abspath(os.environ.get('BLIND26_SET', os.path.dirname(os.path.abspath(__file__))))
sys.path[:0] = [HERE, os.path.dirname(os.path.abspath(__file__))]     # the set's tests_def, then refs
from tests_def import TESTS

ROOT = os.environ.get('BLIND26_DIR', '/tmp/blind26')     # the work directory (builds, inputs, outputs)
BUILD = ROOT + '/build'
DATA = ROOT + '/data'
OUT = ROOT + '/out'
GPUISA = os.environ.get('GPUISA', shutil.which('gpuisa') or 'gpuisa')
ARCHS = [int(a) for a in os.environ.get('BLIND26_ARCHS', '75,80,90,120').split(',')]
FORMS = {'cubin': '.cubin', 'nvdisasm': '.nv.txt', 'cuobjdump': '.cu.txt'}
os.makedirs(BUILD, exist_ok=True)


def build(stem, archs):
    """nvcc -cubin -O3 for each target, and both listings (nvcc, nvdisasm, cuobjdump on PATH)."""
    for a in archs:
        base = '%s/%s_sm%d' % (BUILD, stem, a)
        if os.path.exists(base + '.cu.txt'):
            continue
        subprocess.run(['nvcc', '-cubin', '-O3', '-std=c++17', '-arch=sm_%d' % a, '%s/src/%s.cu' % (HERE, stem),
                        '-o', base + '.cubin'], check=True)
        with open(base + '.nv.txt', 'w') as f:
            subprocess.run(['nvdisasm', base + '.cubin'], stdout=f, check=True)
        with open(base + '.cu.txt', 'w') as f:
            subprocess.run(['cuobjdump', '-sass', base + '.cubin'], stdout=f, check=True)


os.makedirs(DATA, exist_ok=True)
os.makedirs(OUT, exist_ok=True)

only = sys.argv[1:]
specs = []
for fn in TESTS:
    if only and not any(o in fn.__name__ for o in only):
        continue
    rng = np.random.default_rng(abs(hash(fn.__name__)) % 2**32 if False else sum(map(ord, fn.__name__)))
    sp = fn(rng)
    sp['name'] = fn.__name__[2:]
    for k, arr in sp['inputs'].items():
        arr.tofile('%s/%s.%s.bin' % (DATA, sp['name'], k))
    for k, (dt, cnt, init) in sp['outputs'].items():
        if init is not None:
            np.asarray(init, dt).tofile('%s/%s.%s.init.bin' % (DATA, sp['name'], k))
    specs.append(sp)
    sp.setdefault('archs', ARCHS)
    build(sp['file'], sp['archs'])


def command(sp, arch, form):
    f = '%s/%s_sm%d%s' % (BUILD, sp['file'], arch, FORMS[form])
    tag = '%s_sm%d_%s' % (sp['name'], arch, form)
    cmd = [GPUISA, 'run', f, '--kernel', sp['kernel'], '--grid', sp['grid'], '--block', sp['block']]
    for k in sp['inputs']:
        cmd += ['--buffer', '%s=file:%s/%s.%s.bin' % (k, DATA, sp['name'], k)]
    for k, (dt, cnt, init) in sp['outputs'].items():
        size = np.dtype(dt).itemsize * cnt
        if init is not None:
            cmd += ['--buffer', '%s=%d:file:%s/%s.%s.init.bin' % (k, size, DATA, sp['name'], k)]
        else:
            cmd += ['--buffer', '%s=%d' % (k, size)]
    for p in sp['params']:
        cmd += ['--param', p]
    for k in sp['outputs']:
        cmd += ['--dump-buffer', '%s=%s/%s.%s.bin' % (k, OUT, tag, k)]
    cmd += sp.get('extra', []) + os.environ.get('EXTRA', '').split() + ['--json']
    return cmd, tag


def run_one(job):
    sp, arch, form = job
    cmd, tag = command(sp, arch, form)
    t0 = time.time()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=900)
    except subprocess.TimeoutExpired:
        return job, 'TIMEOUT', ['timeout'], None, 0
    dt = time.time() - t0
    try:
        js = json.loads(p.stdout)
    except Exception:
        return job, 'ERROR', ['rc=%d stdout=%r stderr=%r' % (p.returncode, p.stdout[:300], p.stderr[-600:])], None, dt
    if js.get('status') != 'ok':
        msg = {k: v for k, v in js.items() if k not in ('warps', 'buffers')}
        return job, 'FAULT', [json.dumps(msg)[:800]], None, dt
    outs = {}
    for k, (dtp, cnt, init) in sp['outputs'].items():
        outs[k] = np.fromfile('%s/%s.%s.bin' % (OUT, tag, k), dtype=dtp)[:cnt]
    errs = []
    try:
        sp['check'](outs, arch, errs)
    except Exception as e:
        errs.append('check raised %r' % e)
    return job, ('PASS' if not errs else 'FAIL'), errs, outs, dt


jobs = [(sp, a, f) for sp in specs for a in sp['archs'] for f in FORMS]
results = {}
with ThreadPoolExecutor(int(os.environ.get('NJ','4'))) as ex:
    for job, st, errs, outs, dt in ex.map(run_one, jobs):
        sp, a, f = job
        results[(sp['name'], a, f)] = (st, errs, outs, dt)
        if st != 'PASS':
            print('[%s] %s sm_%d %s (%.1fs)' % (st, sp['name'], a, f, dt))
            for e in errs[:6]:
                print('     ', e)
        sys.stdout.flush()

# cross-form consistency: same arch, all three forms must be bit-identical
print()
for sp in specs:
    for a in sp['archs']:
        base = results[(sp['name'], a, 'cubin')][2]
        for f in ('nvdisasm', 'cuobjdump'):
            o = results[(sp['name'], a, f)][2]
            if base is None or o is None:
                continue
            for k in base:
                if base[k].tobytes() != o[k].tobytes():
                    print('[XFORM] %s sm_%d: %s differs between cubin and %s' % (sp['name'], a, k, f))

hdr = '%-16s' % 'test' + ''.join('%-22s' % ('sm_%d' % a) for a in ARCHS)
print()
print(hdr)
print('%-16s' % '' + ''.join('%-22s' % 'cubin/nvdis/cuobj' for a in ARCHS))
for sp in specs:
    row = '%-16s' % sp['name']
    for a in ARCHS:
        row += '%-22s' % ('/'.join(results[(sp['name'], a, f)][0] for f in FORMS) if (sp['name'], a, 'cubin') in results else 'n/a')
    print(row)
tot = len(results)
npass = sum(1 for v in results.values() if v[0] == 'PASS')
print('\n%d/%d runs pass' % (npass, tot))
