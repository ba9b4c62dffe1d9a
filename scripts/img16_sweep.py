#!/usr/bin/env python3
"""Session 16 (img16): image, signal and narrow-type kernels through the command line.

Every launch of the given sources runs as ``gpuisa run FILE --kernel ... --buffer ... --param ...
--dump-buffer ... --json`` from the nvdisasm listing, the cuobjdump listing and the cubin of each
target, and its buffers are compared with the independent expectation (tests/cuda/img16_*_ref.py via
cuda_expect).  Sources: the corpus's ``img16_*`` (built listings in tests/cuda/corpus/sm_XX for the
four main targets; other targets and ``--flags`` (e.g. ``--use_fast_math``) are compiled here with
nvcc into a temporary directory).  Needs nvcc on PATH (nvdisasm/cuobjdump as build_cuda_corpus.py
finds them).  Usage::

    python scripts/img16_sweep.py [--arch sm_75,sm_80,...] [--forms nvdisasm,cuobjdump,cubin]
                                     [--flags "-maxrregcount=32 -lineinfo"] [-j 2] [NAME ...]

Prints one line per run (``ok``/``WRONG``/``FAIL``) and a summary; exit 1 when any is not ok.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import crypto15_sweep  # noqa: E402 - the same command-line sweep (build, run, compare), other sources

CORPUS = Path(__file__).resolve().parents[1] / "tests" / "cuda" / "corpus"


def sources() -> dict[str, Path]:
    """The image rounds' sources: ``img16_*`` and session 17's ``img17_*``."""
    return {p.stem: p for pat in ("img16_*.cu", "img17_*.cu") for p in sorted((CORPUS / "src").glob(pat))}


if __name__ == "__main__":
    sys.exit(crypto15_sweep.main(srcs=sources(), label="img16", doc=__doc__))
