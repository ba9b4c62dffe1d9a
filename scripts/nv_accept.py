"""Share of nvdisasm instruction lines that gpuisa's assembler accepts, one line at a time.

Usage: python scripts/nv_accept.py FILE.sass... [-v]   (prints the failing forms by count)
Branch targets `(.L_x_N) are replaced by `(.) so that each line assembles alone.
"""
from __future__ import annotations

import collections
import re
import sys

from gpuisa.asm.assembler import encode_one
from gpuisa.errors import GpuisaError
from gpuisa.spec import load

PAT = re.compile(r"^\s*/\*[0-9a-f]{4,}\*/\s+(.*?)\s*;")


def lines_of(path):
    for line in open(path):
        m = PAT.match(line)
        if m:
            yield re.sub(r"`\([^)]*\)", "`(.)", m.group(1))


def main(argv):
    db = load()
    verbose = "-v" in argv
    files = [a for a in argv if a != "-v"]
    fails = collections.Counter()
    ex = {}
    tot = ok = 0
    for f in files:
        n = k = 0
        for t in lines_of(f):
            n += 1
            try:
                encode_one(db, t)
                k += 1
            except GpuisaError as e:
                key = re.sub(r"^@!?U?P\w+\s+", "", t).split()[0]
                fails[key] += 1
                ex.setdefault(key, (t, str(e).splitlines()[0][:160]))
        print(f"{f}: {k}/{n} = {100 * k / max(n, 1):.1f} %")
        tot += n
        ok += k
    print(f"TOTAL {ok}/{tot} = {100 * ok / max(tot, 1):.1f} %")
    if verbose:
        for key, c in fails.most_common():
            print(c, ex[key][0], " ||", ex[key][1])


if __name__ == "__main__":
    main(sys.argv[1:])
