"""The timeline pages in a real browser (headless chromium through
/usr/bin/chromedriver, opened from file://, no server, no network).  Skips,
saying why, when chromium, chromedriver or selenium is missing; it never
installs anything.  Screenshots go to test-artifacts/ (git-ignored)."""
from __future__ import annotations

import os
import sys
import time
from importlib import resources
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
NESTED = resources.files("gpuisa.docs") / "timelines" / "nested_if.s"
FULL = 0xFFFFFFFF
# nested_if.s, one warp, derived by hand from the program (BRA runs the fall-through side
# first; BSYNC switches to the lowest waiting lane's group; see the comments per column):
ACTIVE = [FULL, FULL, FULL, FULL, FULL,     # S2R, ISETP, LOP3, ISETP, BSSY B0
          FULL,                             # @!P0 BRA ELSE: lanes 16-31 leave (wait at ELSE)
          0x0000FFFF, 0x0000FFFF,           # BSSY B1; @!P1 BRA EVEN: the even lanes leave
          0x0000AAAA, 0x0000AAAA, 0x0000AAAA,  # MOV R1, 1; BRA INNER; BSYNC B1 (even lanes missing: switch)
          0x00005555, 0x00005555,           # MOV R1, 2; BSYNC B1 releases lanes 0-15
          0x0000FFFF, 0x0000FFFF,           # BRA OUTER; BSYNC B0 (lanes 16-31 missing: switch)
          0xFFFF0000, 0xFFFF0000,           # MOV R1, 3; BSYNC B0 releases the warp
          FULL, FULL]                       # IADD3; EXIT


def expected_nested(col: int, lane: int) -> str:
    if col == len(ACTIVE):
        return "exited"
    return "active" if ACTIVE[col] >> lane & 1 else "waiting"


@pytest.fixture(scope="module")
def driver(tmp_path_factory):
    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed (the 'test' extra of pyproject.toml)")
    if not (CHROMIUM.exists() and CHROMEDRIVER.exists()):
        pytest.skip(f"{CHROMIUM} or {CHROMEDRIVER} is not installed (this test installs nothing)")
    os.environ["SE_OFFLINE"] = "true"            # selenium-manager must not fetch anything
    from selenium.webdriver.chrome.service import Service
    opts = webdriver.ChromeOptions()
    opts.binary_location = str(CHROMIUM)
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}",
                "--window-size=1280,1000", "--force-device-scale-factor=1"):
        opts.add_argument(arg)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    drv = webdriver.Chrome(options=opts, service=Service(str(CHROMEDRIVER)))
    drv.set_page_load_timeout(60)
    yield drv
    drv.quit()


def open_page(drv, path: Path, timeout: float = 60) -> float:
    t = time.monotonic()
    drv.get(path.resolve().as_uri())
    while time.monotonic() - t < timeout:
        ready = drv.execute_script("return document.getElementById('status').dataset.ready")
        if ready != "0":
            break
        time.sleep(0.05)
    assert ready == "1", drv.execute_script("return document.getElementById('status').textContent")
    severe = [e for e in drv.get_log("browser") if e.get("level") == "SEVERE"]
    assert not severe, severe
    # nothing was fetched: no resource entries at all (the page is one file)
    assert drv.execute_script("return performance.getEntriesByType('resource').length") == 0
    return time.monotonic() - t


def screenshot(drv, name: str, tmp_path: Path) -> None:
    drv.save_screenshot(str(tmp_path / name))
    ARTIFACTS.mkdir(exist_ok=True)
    drv.save_screenshot(str(ARTIFACTS / name))


CELLS_JS = """
const t = window.gpuisaTimeline, w = arguments[0], cols = arguments[1], out = [];
for (const c of cols) { const row = [];
  for (let lane = 0; lane < 32; lane++) row.push([t.cellState(w, c, lane), t.drawnState(w, c, lane)]);
  out.push(row); }
return out;
"""


def test_nested_divergence_timeline(driver, tmp_path):
    from click.testing import CliRunner

    from gpuisa.cli import main
    src = tmp_path / "nested_if.s"
    src.write_text(NESTED.read_text())
    page = tmp_path / "nested.html"
    r = CliRunner().invoke(main, ["run", str(src), "--timeline", str(page)])
    assert r.exit_code == 0, r.output
    open_page(driver, page)
    t = "return window.gpuisaTimeline."
    assert driver.execute_script(t + "warpCount()") == 1
    assert driver.execute_script(t + "columns(0)") == len(ACTIVE) + 1
    cols = list(range(len(ACTIVE) + 1))
    got = driver.execute_script(CELLS_JS, 0, cols)
    for c, row in zip(cols, got):
        for lane, (data_state, drawn) in enumerate(row):
            exp = expected_nested(c, lane)
            assert data_state == exp and drawn == exp, (c, lane, data_state, drawn, exp)
    col = driver.execute_script(t + "column(0, 10)")
    assert col["text"] == "BSYNC B1" and col["active"] == 0x0000AAAA and col["after"]["active"] == 0x00005555
    regions = driver.execute_script(t + "regions(0)")
    spans = sorted((s["b"], s["c0"], s["c1"]) for s in regions["spans"])
    assert spans == [(0, 4, 16), (1, 6, 12)]       # BSSY B0 .. the BSYNC B0 that releases; same for B1
    assert {(m["c"], m["kind"]) for m in regions["marks"]} >= {(10, "BSYNC-wait"), (14, "BSYNC-wait"), (18, "EXIT")}
    hover = driver.execute_script(t + "describe(0, 10, 3)")
    assert "lane 3: active" in hover and "B1=0x00005555" in hover and "B0=0xffffffff" in hover
    assert "R1[" not in driver.execute_script(t + "describe(0, 10, 2)")
    assert "R1[3] = 1" in driver.execute_script(t + "describe(0, 8, 3)")
    screenshot(driver, "timeline-nested.png", tmp_path)


def test_grid_of_1024_warps_by_10000_steps(driver, tmp_path):
    sys.path.insert(0, str(Path(__file__).parent))
    from synthetic import expected, fabricate
    nw, per = 1024, 10_000
    page = tmp_path / "big.html"
    fabricate(nw, per, "1024 warps x 10,000 steps").write(page)
    size = page.stat().st_size
    assert size < 4_000_000, size                # docs/timeline.md: 10.24 M steps in about 0.5 MB here
    seconds = open_page(driver, page, timeout=90)
    assert driver.execute_script("return window.gpuisaTimeline.warpCount()") == nw
    assert driver.execute_script("return window.gpuisaTimeline.columns(1023)") == per + 1
    cells = [(0, 0, 0), (0, 2, 3), (0, 2, 25), (1, 3, 1), (2, 2, 9), (3, 2, 5), (3, 4, 30), (5, 4, 17),
             (1023, 9999, 3), (1023, per, 0), (514, 7000, 12), (999, 5005, 20), (3, 6000, 24), (6, 1234, 8)]
    got = driver.execute_script("""const t = window.gpuisaTimeline;
        return arguments[0].map(([w, c, l]) => [t.cellState(w, c, l), t.drawnState(w, c, l)]);""", cells)
    for (w, c, lane), (data_state, drawn) in zip(cells, got):
        exp = expected(nw, per, w, c, lane)
        assert data_state == exp and drawn == exp, (w, c, lane, data_state, drawn, exp)
    assert {s for s in (expected(nw, per, *x) for x in cells)} == {"active", "waiting", "yielded", "asleep",
                                                                   "none", "exited"}
    # the overview: a bin of warp 0 holds whole 12-instruction loops of it, mean active lanes > 0
    assert driver.execute_script("return window.gpuisaTimeline.overviewBins()") > 100
    assert driver.execute_script("return window.gpuisaTimeline.overviewMean(0, 5)") > 0
    # clicking a row of the overview opens that warp
    driver.execute_script("""const c = document.getElementById('overview');
        c.parentElement.scrollTop = 600; const r = c.getBoundingClientRect();
        c.dispatchEvent(new MouseEvent('click', {clientX: r.left + 10, clientY: Math.ceil(r.top) + 700, bubbles: true}));""")
    shown = int(driver.find_element("id", "warp-select").get_attribute("value"))
    assert shown == 700, shown
    screenshot(driver, "timeline-1024-warps.png", tmp_path)
    print(f"1024 x 10,000: {size / 1e6:.2f} MB, opened and drawn in {seconds:.1f} s")
