"""Fixtures of the manual tests: the databases (the seeds' own description
files and the shipped ISA) and the sites generated from them, once per session."""
from __future__ import annotations

from pathlib import Path

import pytest

from gpuisa.docs import build_html, build_markdown
from gpuisa.spec import load

SEEDS = Path(__file__).resolve().parents[3] / "shared" / "seeds"


def _seeds_db():
    if not SEEDS.is_dir():
        pytest.skip(f"seed description files not found at {SEEDS}")
    return load([SEEDS])


def _shipped_db():
    db = load()
    if not db.opcodes:
        pytest.skip("the shipped ISA has no opcodes yet")
    return db


DBS = {"seeds": _seeds_db, "shipped": _shipped_db}


@pytest.fixture(scope="session", params=sorted(DBS))
def db_name(request) -> str:
    return request.param


@pytest.fixture(scope="session")
def db_cache():
    return {}


@pytest.fixture(scope="session")
def db(db_name, db_cache):
    if db_name not in db_cache:
        db_cache[db_name] = DBS[db_name]()
    return db_cache[db_name]


@pytest.fixture(scope="session")
def seeds_db(db_cache):
    if "seeds" not in db_cache:
        db_cache["seeds"] = _seeds_db()
    return db_cache["seeds"]


@pytest.fixture(scope="session")
def shipped_db(db_cache):
    if "shipped" not in db_cache:
        db_cache["shipped"] = _shipped_db()
    return db_cache["shipped"]


@pytest.fixture(scope="session")
def site_cache():
    return {}


def _built_site(db, db_name, tmp_path_factory, site_cache) -> Path:
    if db_name not in site_cache:          # one build per worker, shared by the site and browser tests
        out = tmp_path_factory.mktemp(f"site-{db_name}")
        build_html(db, out)
        site_cache[db_name] = out
    return site_cache[db_name]


@pytest.fixture(scope="session")
def site(db, db_name, tmp_path_factory, site_cache) -> Path:
    """The HTML manual of *db* (read only: tests that change a site build their own)."""
    return _built_site(db, db_name, tmp_path_factory, site_cache)


@pytest.fixture(scope="session")
def shipped_site(shipped_db, tmp_path_factory, site_cache) -> Path:
    """The HTML manual of the shipped ISA (the same build as ``site`` for it)."""
    return _built_site(shipped_db, "shipped", tmp_path_factory, site_cache)


@pytest.fixture(scope="session")
def md_site(db, db_name, tmp_path_factory) -> Path:
    """The Markdown tree of *db*."""
    out = tmp_path_factory.mktemp(f"md-{db_name}")
    build_markdown(db, out)
    return out
