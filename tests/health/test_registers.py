"""The simulator's register files agree with the database's register types
(sim/state.py reads RZ/URZ/PT/UPT from nowhere else)."""
from __future__ import annotations

import re
from importlib import resources

import pytest

from gpuisa.errors import UsageError
from gpuisa.sim import Simulator
from gpuisa.sim.state import REGISTER_FILES, check_register_files
from gpuisa.spec import load


def test_model_register_files_match_base_isa_text():
    # read independently of the spec compiler: the `NAME = value;` lines of base.isa
    text = resources.files("gpuisa.isa").joinpath("base.isa").read_text(encoding="utf-8")
    for f in REGISTER_FILES:
        m = re.search(rf"^\s*{f.constant}\s*=\s*(\d+)\s*;", text, re.M)
        assert m, f.constant
        assert int(m.group(1)) == f.index
        assert re.search(rf"__DefBitFieldType\s+{f.type}<(\d+)>", text).group(1) == str(f.count.bit_length() - 1)


def test_shipped_database_agrees():
    assert check_register_files(load()) == []


def test_database_with_other_rz_is_refused():
    base = resources.files("gpuisa.isa").joinpath("base.isa").read_text(encoding="utf-8")
    changed = re.sub(r"^\s*R254;\n", "", base, flags=re.M)
    changed = re.sub(r"^(\s*)RZ = 255;", r"\1RZ = 254;", changed, flags=re.M)
    assert changed.count("RZ = 254;") == 1
    db = load([], base=False, texts={"base.isa": changed})
    assert check_register_files(db) == ["Reg.RZ is 254; the simulator models RZ = 255"]
    with pytest.raises(UsageError, match="RZ is 254"):
        Simulator(db, [0])
