"""End to end in a real browser: Debian's chromium, driven by selenium through
/usr/bin/chromedriver (nothing is downloaded).  The site is served on
127.0.0.1 by http.server in a thread.

Tests never change the machine: when chromium or chromedriver is missing the
test skips, saying why.  ``.ci/run`` installs them first with
``scripts/install-browser.sh`` (apt-get, as root).  Screenshots go to
``test-artifacts/`` (git-ignored), one file name per test (xdist-safe)."""
from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path

import pytest


pytestmark = pytest.mark.browser   # one chromium per xdist worker that runs these (module-scoped driver)

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")


def _have_browser() -> bool:
    return CHROMIUM.exists() and CHROMEDRIVER.exists()


@pytest.fixture(scope="module")
def driver(tmp_path_factory, monkeypatch_module):
    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed (pip install -e '.[test]')")
    if not _have_browser():
        missing = " and ".join(str(p) for p in (CHROMIUM, CHROMEDRIVER) if not p.exists())
        pytest.skip(f"{missing} not installed: run scripts/install-browser.sh (as root; .ci/run does) "
                    "to enable the manual's browser test")
    monkeypatch_module.setenv("SE_OFFLINE", "true")  # selenium-manager must not fetch anything
    from selenium.webdriver.chrome.service import Service
    opts = webdriver.ChromeOptions()
    opts.binary_location = str(CHROMIUM)
    profile = tmp_path_factory.mktemp("chromium-profile")
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", f"--user-data-dir={profile}", "--window-size=1280,1000"):
        opts.add_argument(arg)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    drv = webdriver.Chrome(options=opts, service=Service(str(CHROMEDRIVER)))
    drv.set_page_load_timeout(30)
    yield drv
    drv.quit()


@pytest.fixture(scope="module")
def monkeypatch_module():
    mp = pytest.MonkeyPatch()
    yield mp
    mp.undo()


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):  # keep the test output clean
        pass


@pytest.fixture(scope="module")
def server(shipped_site):
    site = shipped_site
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
    t = threading.Thread(target=httpd.serve_forever, daemon=True)
    t.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()
    httpd.server_close()


def _severe(drv) -> list[dict]:
    return [e for e in drv.get_log("browser") if e.get("level") == "SEVERE"]


def _visible_ids(drv, css: str) -> list[str]:
    # one script, not a WebDriver round trip per element (hundreds of entries: seconds)
    return drv.execute_script(
        "return Array.from(document.querySelectorAll(arguments[0]))"
        ".filter(e => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden')"
        ".map(e => e.getAttribute('data-id'));", css)


def test_index_search_and_encoding_diagram(driver, server, shipped_db):
    from selenium.webdriver.support.ui import WebDriverWait

    ARTIFACTS.mkdir(exist_ok=True)
    driver.get(server + "index.html")
    assert driver.execute_script("return document.characterSet") == "UTF-8"
    assert not _severe(driver), _severe(driver)
    everything = _visible_ids(driver, ".entry")
    assert len(everything) >= len(shipped_db.optypes)
    driver.save_screenshot(str(ARTIFACTS / "docs-index.png"))

    box = driver.find_element("id", "search")
    box.send_keys("SHFL")
    WebDriverWait(driver, 10).until(lambda d: d.find_element("id", "search-status").text != "")
    entries = _visible_ids(driver, ".entry")
    variants = _visible_ids(driver, ".variant")
    assert "optype:SHFL" in entries
    assert entries and all("shfl" in e.lower() for e in entries), entries
    assert variants and all("shfl" in v.lower() for v in variants), variants
    assert {f"opcode:{op.name}" for op in shipped_db.by_optype("SHFL")} <= set(variants)
    assert len(entries) < len(everything)
    driver.save_screenshot(str(ARTIFACTS / "docs-search.png"))

    driver.find_element("css selector", '.entry[data-id="optype:SHFL"] .entry-name').click()
    WebDriverWait(driver, 10).until(lambda d: d.current_url.endswith("optypes/SHFL.html"))
    assert not _severe(driver), _severe(driver)
    diagrams = driver.find_elements("css selector", "figure.encoding")
    assert len(diagrams) == len(shipped_db.by_optype("SHFL"))
    fig = diagrams[0]
    driver.execute_script("arguments[0].scrollIntoView()", fig)
    assert fig.is_displayed()
    size = fig.size
    assert size["width"] > 300 and size["height"] > 50, size
    cells = driver.execute_script(
        "return Array.from(arguments[0].querySelectorAll('.cell')).filter(c => c.getClientRects().length > 0)"
        ".map(c => { const r = c.getBoundingClientRect();"
        " return [+c.getAttribute('data-hi'), +c.getAttribute('data-lo'), r.width, r.height]; });", fig)
    assert cells and all(w > 0 and h > 0 for _, _, w, h in cells)
    # a 16-bit field is drawn twice as wide as an 8-bit one (to scale): compare bits per pixel
    widths = {}
    for hi, lo, w, _ in cells:
        widths.setdefault(hi - lo + 1, w)
    per_bit = [w / b for b, w in widths.items()]
    assert max(per_bit) - min(per_bit) < 3, widths
    fig.screenshot(str(ARTIFACTS / "docs-encoding.png"))


def test_suite_never_installs_system_packages():
    """Regression (issue 10): the browser fixture ran scripts/install-browser.sh (apt-get) itself.
    No test may run a package manager; installing is .ci/run's job."""
    import re
    tests = Path(__file__).resolve().parents[1]
    # a package manager run from Python (a skip message may well say "pip install 'gpuisa[cuda]'")
    pattern = re.compile(r"apt-get|install-browser\.sh|\bdpkg\b|os\.system\(|"
                         r"[\"']-m[\"'],\s*[\"']pip[\"']|[\"']pip3?[\"'],\s*[\"']install[\"']")
    offenders = [str(p.relative_to(tests)) for p in tests.rglob("*.py")
                 if p.name != Path(__file__).name and pattern.search(p.read_text(encoding="utf-8"))]
    own = Path(__file__).read_text(encoding="utf-8").split("def test_suite_never_installs_system_packages")[0]
    code = "\n".join(line for line in own.splitlines() if not line.lstrip().startswith(("#", "``", "test skips")))
    assert not offenders, offenders
    assert "subprocess" not in code


@pytest.mark.parametrize("query, first, also", [
    ("butterfly", "SHFL", set()),
    ("BFLY", "SHFL", set()),
    ("ballot", "VOTE", {"VOTEU"}),
    ("reconvergence", None, {"BSSY", "BSYNC"}),
])
def test_full_text_search(driver, server, query, first, also):
    """Issue 10: the search box finds words of descriptions, modifiers, operands and pseudo code,
    ranked, offline (the prebuilt index in search-fulltext.js)."""
    from selenium.webdriver.support.ui import WebDriverWait
    from gpuisa.docs.fulltext import query as reference_query
    driver.get(server + f"index.html?q={query}")
    WebDriverWait(driver, 10).until(lambda d: d.find_element("id", "search-status").text != "")
    assert not _severe(driver), _severe(driver)
    hits = [e for e in driver.find_elements("css selector", "#fulltext-results .hit-title") if e.is_displayed()]
    titles = [h.text for h in hits]
    assert titles, f"nothing found for {query!r}"
    if first:
        assert titles[0] == first, titles
    assert also <= set(titles[:8]), titles
    # the page ranks exactly as the Python reference of the index
    import json
    data = json.loads(driver.execute_script("return JSON.stringify(window.GPUISA_FULLTEXT)"))
    assert titles == [h.title for h in reference_query(data, query)]
    marks = [m.text.lower() for m in driver.find_elements("css selector", "#fulltext-results mark")]
    assert any(m.startswith(query.lower()[:3]) for m in marks), marks
    if query == "butterfly":
        ARTIFACTS.mkdir(exist_ok=True)
        driver.save_screenshot(str(ARTIFACTS / "docs-fulltext.png"))
        hits[0].click()
        WebDriverWait(driver, 10).until(lambda d: "optypes/SHFL.html" in d.current_url)
