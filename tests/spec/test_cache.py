"""The disk cache of built databases (gpuisa.spec.cache, decision P-CACHE): a cached database
is the database, a damaged or foreign file is ignored, the cache can be turned off, and an
unwritable folder costs nothing but the cache."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

import gpuisa.spec as spec
from gpuisa.spec import cache, compile_spec


@pytest.fixture
def cdir(tmp_path, monkeypatch):
    d = tmp_path / "cache"
    monkeypatch.setenv("GPUISA_CACHE_DIR", str(d))
    monkeypatch.delenv("GPUISA_NO_CACHE", raising=False)
    monkeypatch.setattr(spec, "_LOADED", {})      # no in-process reuse: the disk is asked
    return d


_FRESH: list = []


def _fresh():
    """The shipped database built without any cache (once per module: it takes a while)."""
    if not _FRESH:
        db, _ = compile_spec(None)
        assert db is not None
        _FRESH.append(db)
    return _FRESH[0]


_DUMPS: list = []


def _fresh_dumps() -> str:
    if not _DUMPS:
        _DUMPS.append(_fresh().dumps())
    return _DUMPS[0]


def test_a_cached_database_is_the_database(cdir, monkeypatch):
    first = spec.load()
    files = list(cdir.glob("db-*.pickle"))
    assert len(files) == 1
    monkeypatch.setattr(spec, "_LOADED", {})

    def no_build(*a, **k):
        raise AssertionError("built again although the cache holds it")
    monkeypatch.setattr(spec, "compile_spec", no_build)
    second = spec.load()
    assert second is not first
    assert second.dumps() == _fresh_dumps()       # every opcode, field, syntax and text
    # and it works: the same words both ways
    from gpuisa.asm.assembler import assemble
    text = "S2R R1, SR_LANEID ;\nIADD3 R2, R1, 0x1, RZ ;\n@P0 BRA `(L) ;\nL: EXIT ;"
    assert assemble(second, text).words == assemble(_fresh(), text).words


def test_a_damaged_or_foreign_file_is_ignored_and_replaced(cdir, tmp_path, monkeypatch):
    # one unit file, not the shipped set: each damaged file costs a rebuild
    src = tmp_path / "my.isa"
    src.write_text("".join(p.read_text() for p in spec.shipped_files()[1:2]))
    fresh, _ = compile_spec([src])
    assert fresh is not None
    spec.load([src])
    (path,) = cdir.glob("db-*.pickle")
    for junk in (b"not a pickle", path.read_bytes()[:1000], __import__("pickle").dumps({"a": 1})):
        path.write_bytes(junk)
        monkeypatch.setattr(spec, "_LOADED", {})
        assert spec.load([src]).dumps() == fresh.dumps()
        assert cache.read(path.stem[3:]) is not None       # rewritten whole


def test_off_by_environment(cdir, monkeypatch):
    monkeypatch.setenv("GPUISA_NO_CACHE", "1")
    spec.load()
    assert not cdir.exists()


def test_an_unwritable_folder_costs_only_the_cache(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("GPUISA_CACHE_DIR", str(blocker / "sub"))     # a folder below a file: cannot exist
    monkeypatch.setattr(spec, "_LOADED", {})
    assert spec.load().dumps() == _fresh_dumps()


def test_a_changed_description_file_is_a_new_key(cdir, tmp_path, monkeypatch):
    src = tmp_path / "my.isa"
    base = spec.shipped_files()
    text = "".join(p.read_text() for p in base[1:2])
    src.write_text(text)
    a = spec.load([src])
    src.write_text(text.replace("__Description", "__Description\nChanged prose.", 1))
    monkeypatch.setattr(spec, "_LOADED", {})
    b = spec.load([src])
    assert len(list(cdir.glob("db-*.pickle"))) == 2
    assert a.dumps() != b.dumps()


def test_a_second_process_reads_it(cdir):
    env = dict(os.environ, GPUISA_CACHE_DIR=str(cdir))
    code = ("import gpuisa.spec as s, gpuisa.spec.cache as c, sys; s.load(); "
            "print('build' if 'gpuisa.spec.build' in sys.modules else 'cache')")
    outs = [subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout.strip()
            for _ in range(2)]
    assert outs == ["build", "cache"]
