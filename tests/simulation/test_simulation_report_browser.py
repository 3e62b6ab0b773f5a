"""The HTML report of ``cardrules simulate --report``, opened in a real browser.

Playwright for Python (the ``browser`` extra) drives the system's Chromium,
``/usr/bin/chromium`` or ``$CARDRULES_CHROMIUM``, as for the example web game; without
either, the tests are skipped with the reason. The page is opened from a file with every
network request refused, so it shows that it needs nothing but itself.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardrules import simulate

CHROMIUM = Path(os.environ.get("CARDRULES_CHROMIUM", "/usr/bin/chromium"))
if not CHROMIUM.is_file():
    pytest.skip(
        f"no Chromium at {CHROMIUM} (apt-get install chromium, or set CARDRULES_CHROMIUM)",
        allow_module_level=True,
    )
sync_api = pytest.importorskip(
    "playwright.sync_api", reason="needs Playwright: pip install 'cardrules[browser]'"
)

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
TIMEOUT_MS = 10_000
LAUNCH_TIMEOUT_MS = 30_000


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, timeout=LAUNCH_TIMEOUT_MS
        )
        try:
            yield chromium
        finally:
            chromium.close()


def _open(browser: Any, path: Path) -> tuple[Any, list[str]]:
    """The page at ``path``, and the list of the requests it made for anything else."""
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    page.set_default_timeout(TIMEOUT_MS)
    asked: list[str] = []

    def refuse(route: Any) -> None:
        asked.append(route.request.url)
        route.abort()

    page.route(lambda url: not url.startswith("file:"), refuse)
    page.goto(path.as_uri())
    return page, asked


@pytest.mark.parametrize(
    ("variant", "bots", "charts", "chart"),
    [
        ("tarot", ["heuristic", "random", "random", "random"], 5, "Contracts taken and made"),
        ("bid-euchre", "heuristic", 5, "Bids won, made and set"),
    ],
)
def test_the_charts_render(
    browser: Any, tmp_path: Path, variant: str, bots: str | list[str], charts: int, chart: str
) -> None:
    run = simulate(variant, deals=60, seed=3, bots=bots)
    path = tmp_path / "report.html"
    path.write_text(run.to_html(), encoding="utf-8")
    page, asked = _open(browser, path)
    try:
        svgs = page.locator("svg.chart")
        assert svgs.count() == charts
        titles = []
        for n in range(charts):
            svg = svgs.nth(n)
            svg.scroll_into_view_if_needed()
            box = svg.bounding_box()
            assert box is not None, n
            assert box["width"] >= 500, box
            assert box["height"] >= 200, box
            titles.append(svg.locator("title").first.text_content())
            # The heading drawn in the chart is its title, on screen.
            heading = svg.locator("text").first
            assert heading.text_content() == titles[-1]
            drawn = heading.bounding_box()
            assert drawn is not None
            assert drawn["width"] > 0
            assert drawn["height"] > 0
        assert titles[:4] == [
            f"{name} ({run.bots[n]}): score per {'hand' if variant == 'bid-euchre' else 'deal'}"
            for n, name in enumerate(
                "NESW" if variant == "bid-euchre" else [f"seat {n}" for n in range(4)]
            )
        ]
        assert titles[4] == chart
        bars = page.locator("svg.chart rect.bar")
        assert bars.count() > 10
        for n in range(bars.count()):
            box = bars.nth(n).bounding_box()
            assert box is not None
            assert box["width"] > 0, n
            assert box["height"] > 0, n
        # The bars of one chart sit inside that chart.
        first = svgs.nth(0).bounding_box()
        bar = svgs.nth(0).locator("rect.bar").first.bounding_box()
        assert first is not None
        assert bar is not None
        assert first["x"] <= bar["x"] <= first["x"] + first["width"]
        assert first["y"] <= bar["y"] <= first["y"] + first["height"]
        unit = "hands" if variant == "bid-euchre" else "deals"
        assert page.title() == f"cardrules simulate {variant}: 60 {unit}, seed 3"
        page.screenshot(path=str(tmp_path / f"report-{variant}.png"), full_page=True)
    finally:
        page.close()
    assert asked == [], "the page asked for nothing but itself"
