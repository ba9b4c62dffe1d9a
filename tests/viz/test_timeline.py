"""The timeline page's data, without a browser: trace versions, escaping,
compact encoding, the two commands that write it."""
from __future__ import annotations

import base64
import json
import re
import zlib
from importlib import resources

import numpy as np
from click.testing import CliRunner

from gpuisa.cli import main
from gpuisa.viz.timeline import STATES, TimelineBuilder, lane_state

NESTED = resources.files("gpuisa.docs") / "timelines" / "nested_if.s"


def page_data(html: str) -> dict:
    m = re.search(r'<script type="application/json" id="gpuisa-timeline-data">(.*?)</script>', html, re.S)
    assert m, "no data element"
    return json.loads(m.group(1))


def arrays(data: dict) -> dict:
    raw = base64.b64decode(data["blob"])
    if data["encoding"] == "deflate":
        raw = zlib.decompress(raw)
    dt = {"u8": "<u1", "u16": "<u2", "u32": "<u4", "f64": "<f8"}
    return {k: np.frombuffer(raw, dt[d], n, off) for k, (d, off, n) in data["arrays"].items()}


def record(step, warp=0, text="MOV R1, 0x1", active=0xFFFFFFFF, version=1, **extra):
    m = {"pc": 16 * step, "valid": 0xFFFFFFFF, "active": active, "yield": 0, "sleep": 0, "switch": 0}
    return dict({"format": "gpuisa-trace", "version": version, "step": step, "clock": step, "cta": 0, "warp": warp,
                 "pc": 16 * step, "word": "0x0", "text": text, "before": m, "after": dict(m, pc=16 * step + 16),
                 "writes": [], "events": []}, **extra)


def test_lane_state_order():
    # a lane outside the launch is "none"; outside ValidMask "exited"; ActiveMask wins over Yield/Sleep
    assert lane_state(31, 0xFF, 0xFF, 0xFF, 0, 0) == "none"
    assert lane_state(3, 0xFF, 0xF7, 0, 0, 0) == "exited"
    assert lane_state(3, 0xFF, 0xFF, 0x08, 0x08, 0x08) == "active"
    assert lane_state(3, 0xFF, 0xFF, 0, 0x08, 0x08) == "asleep"
    assert lane_state(3, 0xFF, 0xFF, 0, 0x08, 0) == "yielded"
    assert lane_state(3, 0xFF, 0xFF, 0, 0, 0) == "waiting"
    assert set(STATES) == {"none", "exited", "active", "waiting", "yielded", "asleep"}


def test_no_markup_injection_from_trace_text():
    evil = "</script><script>alert(1)</script><img src=x onerror=alert(2)> & \u2028"
    tb = TimelineBuilder(title="<b>t</b>")
    tb.add(record(1, text=evil))
    tb.add(record(2, text="EXIT", events=[{"kind": "x</script>", "message": "<i>m</i>"}]))
    html = tb.html()
    assert html.count("</script>") == 2           # the data element's and the code's own
    assert "<img" not in html and "<b>t</b>" not in html and "&lt;b&gt;t&lt;/b&gt;" in html
    data = page_data(html)
    assert data["insts"][0][1] == evil
    assert data["events"][0][1:] == ["x</script>", "<i>m</i>"]
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:|//)""", html), "the page must not load anything"


def test_trace_versions_and_unknown_keys(tmp_path):
    lines = [record(1), record(2, version=2, memory=[{"address": 16, "size": 4, "lanes": 1, "values": [7]}],
                                 events=[{"kind": "yield", "message": "lanes 0-3 yielded"}], future_key={"x": 1})]
    t = tmp_path / "t.jsonl"
    t.write_text("".join(json.dumps(r) + "\n" for r in lines))
    r = CliRunner().invoke(main, ["timeline", str(t), "-o", str(tmp_path / "t.html")])
    assert r.exit_code == 0, r.output
    data = page_data((tmp_path / "t.html").read_text())
    assert data["nsteps"] == 2 and data["events"] == [[1, "yield", "lanes 0-3 yielded"]]
    bad = tmp_path / "v9.jsonl"
    bad.write_text(json.dumps(record(1)) + "\n" + json.dumps(record(2, version=9)) + "\n")
    r = CliRunner().invoke(main, ["timeline", str(bad), "-o", str(tmp_path / "v9.html")])
    assert r.exit_code == 1 and f"{bad}:2:1: error: trace version 9" in r.output
    assert not (tmp_path / "v9.html").exists()
    (tmp_path / "junk.jsonl").write_text("{not json\n")
    r = CliRunner().invoke(main, ["timeline", str(tmp_path / "junk.jsonl"), "-o", str(tmp_path / "j.html")])
    assert r.exit_code == 1 and ":1:1: error: not a JSON line" in r.output and "Traceback" not in r.output


def test_run_timeline_equals_timeline_of_the_trace(tmp_path):
    src = tmp_path / "nested_if.s"
    src.write_text(NESTED.read_text())
    r = CliRunner().invoke(main, ["run", str(src), "--timeline", str(tmp_path / "a.html"), "--trace",
                                  str(tmp_path / "t.jsonl")])
    assert r.exit_code == 0, r.output
    r = CliRunner().invoke(main, ["timeline", str(tmp_path / "t.jsonl"), "-o", str(tmp_path / "b.html"),
                                  "--title", "nested_if.s"])
    assert r.exit_code == 0, r.output
    a, b = page_data((tmp_path / "a.html").read_text()), page_data((tmp_path / "b.html").read_text())
    for d in (a, b):
        d.pop("source")
        d.pop("status")
    assert a == b
    # 19 warp-instructions (derived by hand in test_timeline_browser.ACTIVE); before-state ActiveMask per step
    ar = arrays(a)
    active = [a["states"][s][2] for s in ar["b"]]
    assert active[8] == 0x0000AAAA and active[11] == 0x00005555 and active[15] == 0xFFFF0000 and len(active) == 19
    assert a["bwrites"][:2] == [[4, 0, 0xFFFFFFFF], [6, 1, 0x0000FFFF]]
    # the register values written, for the hover text: MOV R1, 0x1 in the odd lanes 0..15
    r1 = [v for v in a["values"] if v[0] == 8]
    assert r1[0][1] == "R1" and r1[0][2] == 0x0000AAAA and r1[0][3][:4] == [0, 1, 0, 1]


def test_large_runs_are_deflated_and_compact():
    import sys
    sys.path.insert(0, str(__import__("pathlib").Path(__file__).parent))
    from synthetic import fabricate
    tb = fabricate(64, 500)
    data = tb.data()
    assert data["encoding"] == "deflate" and "step" not in data["arrays"] and "clock" not in data["arrays"]
    ar = arrays(data)
    assert ar["w"].dtype == np.uint8 and ar["w"].size == 64 * 500
    assert np.array_equal(ar["w"][:130], np.arange(130) % 64)
    assert len(tb.html()) < 200_000
