"""``gpuisa docs``."""
from __future__ import annotations

from click.testing import CliRunner

from gpuisa.cli import main


def test_docs_html_for_seed_files(seeds_dir, tmp_path):
    r = CliRunner().invoke(main, ["--spec", str(seeds_dir), "docs", "--out", str(tmp_path / "site")])
    assert r.exit_code == 0, r.output
    assert "open" in r.output and (tmp_path / "site" / "index.html").is_file()
    assert (tmp_path / "site" / "optypes" / "SHFL.html").is_file()


def test_docs_markdown(tmp_path):
    r = CliRunner().invoke(main, ["docs", "--out", str(tmp_path / "md"), "--format", "markdown"])
    assert r.exit_code == 0, r.output
    assert (tmp_path / "md" / "index.md").is_file()


def test_docs_bad_spec_is_a_diagnostic(tmp_path):
    bad = tmp_path / "bad.isa"
    bad.write_text("__DefOpcode X : [NOPE]\n", encoding="utf-8")
    r = CliRunner().invoke(main, ["--spec", str(bad), "docs", "--out", str(tmp_path / "o")])
    assert r.exit_code == 1
    assert "Traceback" not in r.output
