"""Regenerate docs/img/timeline.png: the timeline of the manual's nested-if example
in headless chromium (needs /usr/bin/chromium and /usr/bin/chromedriver; installs
nothing).  Run: python scripts/timeline_screenshot.py"""
from __future__ import annotations

import os
import sys
import tempfile
import time
from importlib import resources
from pathlib import Path

from click.testing import CliRunner

from gpuisa.cli import main

OUT = Path(__file__).resolve().parents[1] / "docs" / "img" / "timeline.png"


def main_() -> int:
    os.environ["SE_OFFLINE"] = "true"
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "nested_if.s"
        src.write_text((resources.files("gpuisa.docs") / "timelines" / "nested_if.s").read_text())
        page = Path(tmp) / "nested_if.html"
        r = CliRunner().invoke(main, ["run", str(src), "--timeline", str(page)])
        if r.exit_code:
            print(r.output, file=sys.stderr)
            return 1
        opts = webdriver.ChromeOptions()
        opts.binary_location = "/usr/bin/chromium"
        for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                  "--window-size=900,860", "--force-device-scale-factor=1", f"--user-data-dir={tmp}/profile"):
            opts.add_argument(a)
        drv = webdriver.Chrome(options=opts, service=Service("/usr/bin/chromedriver"))
        try:
            drv.get(page.as_uri())
            time.sleep(1.0)
            # hover a waiting lane at the first BSYNC B1 so the picture shows the tooltip
            drv.execute_script("""const t = document.getElementById('tip');
                t.textContent = window.gpuisaTimeline.describe(0, 10, 4); t.hidden = false;
                t.style.left = '390px'; t.style.top = '560px';""")
            OUT.parent.mkdir(parents=True, exist_ok=True)
            drv.save_screenshot(str(OUT))
        finally:
            drv.quit()
    print(OUT)
    return 0


if __name__ == "__main__":
    sys.exit(main_())
