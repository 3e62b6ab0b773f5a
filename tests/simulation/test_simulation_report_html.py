"""The HTML report and its SVG charts, read back with the standard library's HTML parser:
a well-formed page that needs nothing else (no script, no other file), one chart per
seat and per contract table, bars that add up to the deals, and every text escaped."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from typing import Any

import pytest

from cardrules import simulate
from cardrules._report import bar_chart, histogram
from cardrules.simulation import Simulation, summarise

VOID = {"meta", "br", "img", "input", "link", "hr"}  # HTML elements with no end tag


class Page(HTMLParser):
    """The elements of a page: a stack check of every open and close tag, each
    element's attributes, and the text under each ``<title>``."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.elements: list[tuple[str, dict[str, str | None], tuple[str, ...]]] = []
        self.titles: list[tuple[tuple[str, ...], str]] = []
        self.text: list[str] = []
        self.problems: list[str] = []
        self.doctype = ""

    def handle_decl(self, decl: str) -> None:
        self.doctype = decl

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, dict(attrs), tuple(self.stack)))
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, dict(attrs), tuple(self.stack)))

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID and (not self.stack or self.stack[-1] != tag):
            return
        if not self.stack or self.stack[-1] != tag:
            self.problems.append(f"</{tag}> closes {self.stack[-1:] or 'nothing'}")
            return
        self.stack.pop()

    def handle_data(self, data: str) -> None:
        self.text.append(data)
        if self.stack and self.stack[-1] == "title":
            self.titles.append((tuple(self.stack[:-1]), data))

    def tags(self, name: str) -> list[dict[str, str | None]]:
        return [attributes for tag, attributes, _ in self.elements if tag == name]


def parse(text: str) -> Page:
    page = Page()
    page.feed(text)
    page.close()
    assert page.problems == []
    assert page.stack == [], "every element is closed"
    return page


@pytest.mark.parametrize(
    ("variant", "options", "charts"),
    [
        ("tarot", {}, 5),
        ("tarot", {"players": 3}, 4),
        ("tarot", {"players": 5}, 6),
        ("bid-euchre", {}, 5),
    ],
)
def test_the_page_is_whole_and_self_contained(
    variant: str, options: dict[str, Any], charts: int
) -> None:
    run = simulate(variant, deals=30, seed=6, bots="random", **options)
    page = parse(run.to_html())
    assert page.doctype.lower() == "doctype html"
    assert [tag for tag, _, parents in page.elements if not parents] == ["html"]
    assert len(page.tags("svg")) == charts == len(run.charts())
    # No script, no other file, no network: nothing to load.
    assert page.tags("script") == []
    for tag, attributes, _ in page.elements:
        for name in ("src", "href"):
            assert name not in attributes, (tag, attributes)
    for attributes in page.tags("svg"):
        assert attributes["xmlns"] == "http://www.w3.org/2000/svg"
        assert attributes["role"] == "img"
        assert int(attributes["width"] or 0) > 0
        assert int(attributes["height"] or 0) > 0
    # Every chart has a title, and every bar says what it counts.
    chart_titles = [text for parents, text in page.titles if parents[-1:] == ("svg",)]
    assert len(chart_titles) == charts
    bar_titles = [text for parents, text in page.titles if parents[-1:] == ("rect",)]
    assert len(bar_titles) == len([a for a in page.tags("rect") if a.get("class") == "bar"])
    assert page.tags("title")[0] is not None
    head_title = next(text for parents, text in page.titles if parents == ("html", "head"))
    assert head_title.startswith(f"cardrules simulate {variant}: 30 ")


def test_each_seat_histogram_counts_every_deal() -> None:
    run = simulate("tarot", deals=80, seed=3, bots=["heuristic", "random", "random", "random"])
    for seat, svg in enumerate(run.charts()[f"scores-{n}"] for n in range(4)):
        page = parse(svg)
        counted = [text for parents, text in page.titles if parents[-1:] == ("rect",)]
        assert sum(int(text.split(": ")[1].split()[0]) for text in counted) == 80, seat
        assert f"seat {seat} (" in page.titles[0][1]


def test_the_contract_bars_show_taken_and_made() -> None:
    run = simulate("tarot", deals=60, seed=1, bots="heuristic")
    page = parse(run.charts()["contracts"])
    bars = [text for parents, text in page.titles if parents[-1:] == ("rect",)]
    for contract in run.summary["contracts"]:
        made, count = contract["made"], contract["count"]
        expected = []
        if made:
            expected.append(f"{contract['contract']}: {made} made of {count}")
        if count - made:
            expected.append(f"{contract['contract']}: {count - made} lost of {count}")
        assert [b for b in bars if b.startswith(contract["contract"] + ":")] == expected


def test_bid_euchre_shows_the_bids_and_the_sets() -> None:
    run = simulate("bid-euchre", deals=60, seed=2, bots="heuristic")
    text = run.to_html()
    page = parse(text)
    assert "Bids and sets" in page.text
    bars = [t for parents, t in parse(run.charts()["bids"]).titles if parents[-1:] == ("rect",)]
    sets = sum(int(t.split(": ")[1].split()[0]) for t in bars if " set of " in t)
    assert sets == run.summary["played"] - run.summary["made"]
    assert "set" in run.charts()["bids"]


def test_every_text_is_escaped() -> None:
    hostile = '<script>alert("x")</script> & </svg>'
    facts = [{"returns": [1.0, -1.0]}, {"returns": [-3.0, 3.0]}]
    run = Simulation(
        variant=hostile,
        options={"name": hostile, hostile: 1},
        seed=1,
        bots=(hostile, "random"),
        summary=summarise(hostile, facts, players=2, bots=[hostile, "random"]),
    )
    page = parse(run.to_html())
    assert page.tags("script") == []
    assert len(page.tags("svg")) == 2
    assert hostile in "".join(page.text)
    assert json.dumps({"name": hostile}, ensure_ascii=False)[1:-1] in "".join(page.text)
    chart = parse(histogram(hostile, [(1, 2)], unit=hostile, axis=hostile, colour='"/><x'))
    assert chart.titles[0][1] == hostile
    assert {tag for tag, _, _ in chart.elements} == {"svg", "title", "rect", "text", "line"}
    bar = [a for a in chart.tags("rect") if a.get("class") == "bar"]
    assert [a["fill"] for a in bar] == ['"/><x']
    bars = parse(bar_chart(hostile, [(hostile, 2, 1)], made=hostile, failed=hostile))
    assert bars.titles[0][1] == hostile
    assert all(tag in {"svg", "title", "rect", "text", "line"} for tag, _, _ in bars.elements)


def test_a_chart_of_nothing_says_so() -> None:
    page = parse(histogram("empty", []))
    assert "no deals" in page.text
    page = parse(bar_chart("empty", []))
    assert [a for a in page.tags("rect") if a.get("class") == "bar"] == []
