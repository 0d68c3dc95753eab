"""``mpb view``: the static run page, its escaping, and the page itself in headless Chromium."""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from pathlib import Path
from typing import Any

import orjson
import pytest

from mpb_env.rollouts.cli import main
from mpb_env.rollouts.policies import OraclePolicy
from mpb_env.rollouts.report import build_report
from mpb_env.rollouts.runner import run
from mpb_env.rollouts.view import render_view, script_json
from mpb_env.tasks import load_tasks
from mpb_env.tasks.model import episodes

#: A reply a page must show as text: markup, a script that would set a global, an end tag for the
#: data block, and a comment opener.
HOSTILE = (
    '<b>bold?</b> <img src=x onerror="window.__pwned_img=1"> '
    "<script>window.__pwned = 1</script></script><!-- & done"
)
CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")


class _HostileOracle(OraclePolicy):
    """The oracle, except that one episode ends at once with ``HOSTILE``."""

    label = "oracle-hostile"

    def __init__(self, index: dict[str, Any], target: str) -> None:
        super().__init__(index)
        self.target = target

    def reset(self, slot: int, info: dict[str, Any]) -> None:
        super().reset(slot, info)
        if info["task_id"] == self.target:
            self._turns[slot] = [HOSTILE]


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A real run on bench tasks of every dimension: the oracle, one episode replaced by ``HOSTILE``."""
    tasks = load_tasks("bench")
    picked = [
        t
        for d in ("basic", "subagent", "memory", "skill")
        for t in [t for t in tasks if t.dimension == d][:6]
    ]
    plan = episodes(picked)
    out = tmp_path_factory.mktemp("view") / "run"
    target = plan[1].id
    trajs = run(plan, _HostileOracle({t.id: t for t in plan}, target), out=out, progress=False)
    rep = build_report(trajs, plan)
    rep["run"] = {"policy": "oracle-hostile", "split": "bench", "seed": 0}
    (out / "report.json").write_bytes(orjson.dumps(rep))
    return out


def _page_data(html: str) -> list[dict[str, Any]]:
    block = re.search(r'<script type="application/json" id="episodes-data">(.*?)</script>', html, re.S)
    assert block is not None
    return orjson.loads(block.group(1))


def test_script_json_cannot_end_its_block() -> None:
    text = str(script_json({"reply": HOSTILE}))
    assert "<" not in text and ">" not in text and "&" not in text
    assert orjson.loads(text) == {"reply": HOSTILE}


def test_the_page_is_self_contained_and_escapes_model_text(run_dir: Path) -> None:
    html, n = render_view(run_dir)
    lines = (run_dir / "trajectories.jsonl").read_bytes().splitlines()
    assert n == len(lines) and html.count("<tr data-i=") == n
    # Nothing is fetched: no external script, style sheet, image or font; a CSP forbids any request.
    assert not re.search(r"<(script|link|img|iframe)[^>]*\s(src|href)=", html)
    assert "default-src 'none'" in html and "http://" not in html and "https://" not in html
    # The hostile reply never appears as markup: only the data block holds it, \u-escaped.
    assert "window.__pwned" in html and "<script>window.__pwned" not in html and "<img src=x" not in html
    assert html.count("</script>") == html.count("<script")  # the blocks' own end tags only
    data = _page_data(html)
    hostile = [e for e in data if e["turns"] and e["turns"][-1]["text"] == HOSTILE]
    assert len(hostile) == 1 and not hostile[0]["success"]


def test_the_page_holds_the_whole_transcript(run_dir: Path) -> None:
    data = _page_data(render_view(run_dir)[0])
    records = [orjson.loads(x) for x in (run_dir / "trajectories.jsonl").read_bytes().splitlines()]
    tasks = {t.id: t for t in episodes(load_tasks("bench"))}
    for ep, rec in zip(data, records, strict=True):
        assert ep["query"] == tasks[rec["task_id"]].query
        assert [m["content"] for m in ep["history"]] == [m.content for m in tasks[rec["task_id"]].history]
        assert len(ep["turns"]) == len(rec["turns"])
        assert ep["verdict"]["reasons"] == rec["verdict"].get("reasons", [])
        assert ep["verdict"]["gates"] == rec["verdict"].get("gates", {})
        for view, turn in zip(ep["turns"], rec["turns"], strict=True):
            if turn["observation"]:
                entries = orjson.loads(turn["observation"])
                assert [orjson.loads(c["feedback"]) for c in view["calls"]] == entries
            assert view.get("tools_added") == turn.get("tools_added")
    # A skill episode records what loading the skill added to A_t, and the page shows it.
    skill = next(e for e in data if e["dimension"] == "skill" and e["success"])
    added = [t for turn in skill["turns"] for t in turn.get("tools_added", [])]
    assert added and any(c["name"] == "load_skill" for turn in skill["turns"] for c in turn.get("calls", []))


def test_tools_added_are_recorded_once_each(run_dir: Path) -> None:
    records = [orjson.loads(x) for x in (run_dir / "trajectories.jsonl").read_bytes().splitlines()]
    for rec in records:
        added = [t for turn in rec["turns"] for t in turn.get("tools_added", [])]
        assert len(added) == len(set(added)), rec["task_id"]
    assert any("tools_added" in turn for rec in records for turn in rec["turns"])


def test_mpb_view_writes_the_page(run_dir: Path, tmp_path: Path, capsys) -> None:
    out = tmp_path / "page.html"
    assert main(["view", str(run_dir), "--out", str(out)]) == 0
    assert out.read_text().startswith("<!DOCTYPE html>")
    assert "episodes)" in capsys.readouterr().err
    assert main(["view", str(tmp_path / "nothing")]) == 2
    assert "is not a run directory" in capsys.readouterr().err


# --------------------------------------------------------------------------- the browser
def _driver(profile: Path) -> Any:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in (
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        f"--user-data-dir={profile}",
        "--window-size=1400,900",
    ):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)


@pytest.mark.skipif(
    not CHROMIUM.exists(), reason="/usr/bin/chromium is absent (apt-get install chromium chromium-driver)"
)
def test_the_page_in_headless_chromium(run_dir: Path, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    page = tmp_path / "view.html"
    assert main(["view", str(run_dir), "--out", str(page)]) == 0
    data = _page_data(page.read_text())
    profile = Path(tempfile.mkdtemp(prefix="mpb-chromium-"))
    driver = _driver(profile)
    try:
        driver.get(page.as_uri())

        def visible() -> list[Any]:
            rows = driver.find_elements(By.CSS_SELECTOR, "#episodes-table tbody tr")
            return [r for r in rows if r.is_displayed()]

        assert len(visible()) == len(data)
        assert driver.find_element(By.ID, "count").text == f"{len(data)} of {len(data)} episodes"

        # Filters: a dimension, then also the verdict.
        Select(driver.find_element(By.ID, "f-dimension")).select_by_value("memory")
        memory = [e for e in data if e["dimension"] == "memory"]
        assert [r.get_attribute("data-key") for r in visible()] == [e["key"] for e in memory]
        Select(driver.find_element(By.ID, "f-dimension")).select_by_value("")
        Select(driver.find_element(By.ID, "f-verdict")).select_by_value("fail")
        failed = [e for e in data if not e["success"]]
        assert [r.get_attribute("data-key") for r in visible()] == [e["key"] for e in failed] and len(
            failed
        ) == 1

        # The hostile episode: its reply is text, and no script of it ran.
        visible()[0].click()
        transcript = driver.find_element(By.ID, "transcript")
        final = transcript.find_elements(By.CSS_SELECTOR, ".turn.final .text")
        assert [f.text for f in final] == [HOSTILE]
        assert driver.find_element(By.ID, "verdict").text.startswith("FAIL")
        assert driver.find_element(By.CSS_SELECTOR, "#detail h2").text == failed[0]["key"]
        assert transcript.find_element(By.CSS_SELECTOR, ".msg.user .text").text == failed[0]["query"]
        assert driver.find_elements(By.CSS_SELECTOR, "#detail script, #detail img, #detail b") == []
        assert driver.execute_script("return [typeof window.__pwned, typeof window.__pwned_img]") == [
            "undefined",
            "undefined",
        ]

        # A skill episode: each call with its arguments and feedback, the tools it added, its gates.
        Select(driver.find_element(By.ID, "f-verdict")).select_by_value("")
        Select(driver.find_element(By.ID, "f-dimension")).select_by_value("skill")
        skill = next(e for e in data if e["dimension"] == "skill" and e["success"])
        row = next(r for r in visible() if r.get_attribute("data-key") == skill["key"])
        row.click()
        calls = driver.find_elements(By.CSS_SELECTOR, "#transcript .call .name")
        assert [c.text for c in calls] == [c["name"] for t in skill["turns"] for c in t.get("calls", [])]
        feedback = driver.find_elements(By.CSS_SELECTOR, "#transcript .call pre.feedback")
        assert len(feedback) == len(calls) and '"status": "success"' in feedback[0].text
        added = driver.find_elements(By.CSS_SELECTOR, "#transcript .added")
        shown = [t for a in added for t in a.text.removeprefix("added to A_t: ").split(", ")]
        assert shown == [t for turn in skill["turns"] for t in turn.get("tools_added", [])] and shown
        gates = [g.text for g in driver.find_elements(By.CSS_SELECTOR, "#verdict .gate")]
        assert gates == [f"gate {g}: passed" for g in skill["verdict"]["gates"]] and gates
        shot = tmp_path / "viewer.png"
        assert driver.save_screenshot(str(shot)) and shot.read_bytes()[:4] == b"\x89PNG"
        artifacts = os.environ.get("MPB_ARTIFACTS_DIR")
        if artifacts:  # e.g. CI keeps it; README's docs/viewer.png is this screenshot
            Path(artifacts).mkdir(parents=True, exist_ok=True)
            shutil.copy(shot, Path(artifacts) / "viewer.png")
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)
