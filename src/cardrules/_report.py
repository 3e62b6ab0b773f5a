"""The charts and the HTML page of a simulation: SVG written by hand, every text escaped.

A chart is a standalone SVG document (it can be saved as a ``.svg`` file, or put inline
in an HTML page as it is): its ``<title>`` names it for screen readers and tooltips, each
bar has a ``<title>`` with its exact figures, and nothing in it is interactive, so it
needs no script.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING, Any, Final

from cardrules.info import GameInfo, Statistic

if TYPE_CHECKING:
    from cardrules.simulation import Simulation

__all__ = [
    "bar_chart",
    "charts",
    "histogram",
    "html_page",
    "seat_label",
    "statistic_lines",
    "team_lines",
]

WIDTH: Final = 560
HEIGHT: Final = 260
_LEFT, _RIGHT, _TOP, _BOTTOM = 60, 16, 40, 46
_PALETTE: Final = ("#1f5fa8", "#b8560b", "#2f7d32", "#7b3fa0", "#a3262a")
MADE_COLOUR: Final = "#2f7d32"
FAILED_COLOUR: Final = "#c0392b"
_FONT: Final = 'font-family="sans-serif" font-size="12"'


def _e(text: object) -> str:
    return escape(str(text), quote=True)


def _num(value: float) -> str:
    """A coordinate, short."""
    return f"{value:.1f}".removesuffix(".0")


def _label(value: float) -> str:
    """A figure for people: whole numbers without a decimal point."""
    return f"{value:g}" if value != int(value) else str(int(value))


def _nice(span: float, parts: int) -> float:
    """The smallest of 1, 2, 2.5, 5 × 10^k that cuts ``span`` in at most ``parts`` steps."""
    if span <= 0:
        return 1.0
    raw = span / parts
    power = 10.0 ** math.floor(math.log10(raw))
    for step in (1, 2, 2.5, 5, 10):
        if step * power >= raw:
            return step * power
    return 10 * power


def _open(title: str, height: int = HEIGHT) -> list[str]:
    return [
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
            f'viewBox="0 0 {WIDTH} {height}" role="img" class="chart">'
        ),
        f"<title>{_e(title)}</title>",
        f'<rect width="{WIDTH}" height="{height}" fill="#ffffff"/>',
        (
            f'<text x="{WIDTH // 2}" y="22" text-anchor="middle" font-family="sans-serif" '
            f'font-size="15" font-weight="bold" fill="#222222">{_e(title)}</text>'
        ),
    ]


def _y_axis(lines: list[str], top: float, height: float, most: int) -> float:
    """Draw the count axis up to a round number at or above ``most``; return its scale."""
    step = max(1.0, _nice(most, 4))
    ceiling = math.ceil(most / step) * step
    scale = height / ceiling
    tick = 0.0
    while tick <= ceiling + 1e-9:
        y = top + height - tick * scale
        lines.append(
            f'<line x1="{_LEFT}" x2="{WIDTH - _RIGHT}" y1="{_num(y)}" y2="{_num(y)}" '
            'stroke="#dddddd"/>'
        )
        lines.append(
            f'<text x="{_LEFT - 6}" y="{_num(y + 4)}" text-anchor="end" {_FONT} '
            f'fill="#444444">{_label(tick)}</text>'
        )
        tick += step
    return scale


def histogram(
    title: str,
    distribution: Sequence[Sequence[float]],
    *,
    unit: str = "deals",
    axis: str = "score",
    colour: str = _PALETTE[0],
    mean: float | None = None,
) -> str:
    """A histogram of a distribution given as ``(value, count)`` pairs, as an SVG document.

    Args:
        title: The chart's title.
        distribution: ``(value, how many)`` pairs.
        unit: What is counted, for the bars' tooltips (``"deals"``, ``"hands"``).
        axis: What the values are, under the horizontal axis.
        colour: The bars' colour.
        mean: Marked with a dashed line when given.

    >>> svg = histogram("Seat 0", [(-10, 2), (0, 5), (30, 1)])
    >>> svg.count('class="bar"'), "<title>Seat 0</title>" in svg
    (3, True)
    """
    lines = _open(title)
    top, height = _TOP, HEIGHT - _TOP - _BOTTOM
    plot = WIDTH - _LEFT - _RIGHT
    if not distribution:
        lines.append(
            f'<text x="{WIDTH // 2}" y="{HEIGHT // 2}" text-anchor="middle" {_FONT}>'
            "no deals</text></svg>"
        )
        return "\n".join(lines)
    low = min(v for v, _ in distribution)
    high = max(v for v, _ in distribution)
    width = _nice(high - low + 1, 30)
    first = math.floor(low / width) * width
    bins = int((high - first) // width) + 1
    counts = [0] * bins
    for value, count in distribution:
        counts[min(bins - 1, int((value - first) // width))] += int(count)
    scale = _y_axis(lines, top, height, max(counts))
    bar = plot / bins
    for n, count in enumerate(counts):
        if not count:
            continue
        start = first + n * width
        span = _label(start) if width == 1 else f"{_label(start)} to {_label(start + width)}"
        x, h = _LEFT + n * bar, count * scale
        lines.append(
            f'<rect class="bar" x="{_num(x + 0.5)}" y="{_num(top + height - h)}" '
            f'width="{_num(max(1.0, bar - 1))}" height="{_num(h)}" fill="{_e(colour)}">'
            f"<title>{_e(axis)} {_e(span)}: {count} {_e(unit)}</title></rect>"
        )
    # Labels on round values only, at most about 8 of them.
    needed = math.ceil(bins / 8)
    every = next(k for k in (1, 2, 4, 5, 10, 20, 40, 50, 100, 200) if k >= needed)
    step = every * width
    for n in range(bins + 1):
        edge = first + n * width
        if abs(edge / step - round(edge / step)) > 1e-6:
            continue
        x = _LEFT + n * bar
        lines.append(
            f'<text x="{_num(x)}" y="{top + height + 16}" text-anchor="middle" {_FONT} '
            f'fill="#444444">{_label(edge)}</text>'
        )
    lines.append(
        f'<line x1="{_LEFT}" x2="{WIDTH - _RIGHT}" y1="{top + height}" y2="{top + height}" '
        'stroke="#444444"/>'
    )
    if mean is not None:
        x = _LEFT + (mean - first) / (bins * width) * plot
        lines.append(
            f'<line x1="{_num(x)}" x2="{_num(x)}" y1="{top}" y2="{top + height}" '
            'stroke="#222222" stroke-dasharray="4 3"/>'
        )
        lines.append(
            f'<text x="{_num(x)}" y="{top - 4}" text-anchor="middle" {_FONT} '
            f'fill="#222222">mean {mean:.1f}</text>'
        )
    lines.append(
        f'<text x="{_LEFT + plot // 2}" y="{HEIGHT - 8}" text-anchor="middle" {_FONT} '
        f'fill="#444444">{_e(axis)}; bar height: {_e(unit)}</text>'
    )
    lines.append("</svg>")
    return "\n".join(lines)


def bar_chart(
    title: str,
    rows: Sequence[tuple[str, int, int]],
    *,
    made: str = "made",
    failed: str = "failed",
) -> str:
    """Stacked bars, one per category: how many were made, and how many were not.

    Args:
        title: The chart's title.
        rows: ``(category, count, made)`` triples.
        made: The legend's word for the made part.
        failed: The legend's word for the rest.

    >>> svg = bar_chart("Contracts", [("garde", 10, 7), ("prise", 0, 0)])
    >>> svg.count('class="bar"')
    2
    """
    lines = _open(title)
    top, height = _TOP + 14, HEIGHT - _TOP - 14 - _BOTTOM
    plot = WIDTH - _LEFT - _RIGHT
    for n, (word, colour) in enumerate(((made, MADE_COLOUR), (failed, FAILED_COLOUR))):
        key = _LEFT + n * 110
        lines.append(
            f'<rect x="{key}" y="{_TOP - 6}" width="12" height="12" fill="{colour}"/>'
            f'<text x="{key + 16}" y="{_TOP + 4}" {_FONT} fill="#222222">{_e(word)}</text>'
        )
    scale = _y_axis(lines, top, height, max([count for _, count, _ in rows] + [1]))
    slot = plot / max(1, len(rows))
    width = min(70.0, slot * 0.7)
    for n, (category, count, won) in enumerate(rows):
        x = _LEFT + n * slot + (slot - width) / 2
        base: float = top + height
        for part, colour, word in ((won, MADE_COLOUR, made), (count - won, FAILED_COLOUR, failed)):
            if part:
                h = part * scale
                lines.append(
                    f'<rect class="bar" x="{_num(x)}" y="{_num(base - h)}" width="{_num(width)}" '
                    f'height="{_num(h)}" fill="{colour}"><title>{_e(category)}: {part} '
                    f"{_e(word)} of {count}</title></rect>"
                )
                base -= h
        rate = f" ({100 * won / count:.0f}%)" if count else ""
        lines.append(
            f'<text x="{_num(x + width / 2)}" y="{_num(base - 4)}" text-anchor="middle" '
            f'{_FONT} fill="#222222">{count}{rate}</text>'
        )
        lines.append(
            f'<text x="{_num(x + width / 2)}" y="{top + height + 16}" text-anchor="middle" '
            f'{_FONT} fill="#222222">{_e(category)}</text>'
        )
    lines.append(
        f'<line x1="{_LEFT}" x2="{WIDTH - _RIGHT}" y1="{top + height}" y2="{top + height}" '
        'stroke="#444444"/>'
    )
    lines.append("</svg>")
    return "\n".join(lines)


def seat_label(info: GameInfo, seat: int) -> str:
    """How a report names ``seat``: its name at the table (``N``), or ``seat 2`` for a
    seat named by its number.

    >>> seat_label(GameInfo(players=2, num_actions=1), 1)
    'seat 1'
    """
    name = info.seat_names[seat]
    return f"seat {name}" if name.isdigit() else name


def _percent(rate: float | None) -> str:
    return "-" if rate is None else f"{100 * rate:.1f}%"


def _filled(statistic: Statistic, value: dict[str, Any], default: str) -> str:
    fields = {**value}
    if "rate" in fields:
        fields["rate"] = _percent(fields["rate"])
    return (statistic.text or default).format(**fields)


def statistic_lines(info: GameInfo, summary: dict[str, Any]) -> list[str]:
    """The lines for people of each statistic the game declares (but its teams, which
    follow the seats' table: :func:`team_lines`), read from a run's summary.

    >>> from cardrules.simulation import simulate
    >>> run = simulate("bid-euchre", deals=3, seed=1, bots="random")
    >>> statistic_lines(run.game_info(), run.summary)[-1]
    'Reneges: 0'
    """
    lines: list[str] = []
    played = summary.get("played", summary.get(info.deals_word, 0))
    for statistic in info.statistics:
        kind, label, value = statistic.kind, statistic.label, summary.get(statistic.name)
        if value is None or kind == "teams":
            continue
        if kind == "void":
            default = ", ".join(f"{{{v}}} {str(v).replace('_', ' ')}" for v in statistic.values)
            lines.append(f"Played: {played}; {label}: {_filled(statistic, value, default)}")
        elif kind == "outcomes":
            made, rate = summary.get("made", 0), summary.get("rate")
            lines.append(f"Contracts made: {made} of {played} ({_percent(rate)})")
            lines.append(f"{label}:")
            fact = statistic.fact
            width = max([5, *(len(str(row[fact])) + 1 for row in value)])
            lines += [
                f"  {row[fact]!s:<{width}} {row['count']:>7} {statistic.words[0]}  "
                f"{row['made']:>7} made  {_percent(row['rate']):>7}"
                for row in value
            ]
        elif kind == "per_seat":
            counts = ", ".join(f"{seat_label(info, n)}: {c}" for n, c in enumerate(value))
            lines.append(f"{label}: {counts}")
        elif kind == "tally":
            default = ", ".join(f"{{{key}}} {key}" for key, _, _ in statistic.counts)
            lines.append(f"{label}: {_filled(statistic, value, default)}")
        elif kind == "share":
            default = f"{{made}} made of {{{statistic.key}}} ({{rate}})"
            lines.append(f"{label}: {_filled(statistic, value, default)}")
        else:
            lines.append(f"{label}: {value}")
    return lines


def team_lines(info: GameInfo, summary: dict[str, Any]) -> list[str]:
    """Each team's mean and spread, for the statistics of kind ``"teams"``."""
    return [
        f"  {statistic.label} {team['team']}: mean {team['mean']:.2f}, stdev {team['stdev']:.2f}"
        for statistic in info.statistics
        if statistic.kind == "teams"
        for team in summary.get(statistic.name, ())
    ]


def charts(run: Simulation) -> dict[str, str]:
    """The charts of a run, by name (see :meth:`Simulation.charts`)."""
    s = run.summary
    info = run.game_info()
    unit = info.deals_word
    out = {}
    for row in s["seats"]:
        seat = row["seat"]
        name = seat_label(info, seat) if seat < info.players else f"seat {seat}"
        out[f"scores-{seat}"] = histogram(
            f"{name} ({row['bot']}): score per {info.deal_word}",
            row["scores"],
            unit=unit,
            colour=_PALETTE[seat % len(_PALETTE)],
            mean=row["mean"],
        )
    for statistic in info.statistics:
        if statistic.kind == "outcomes" and statistic.name in s:
            rows = [(str(c[statistic.fact]), c["count"], c["made"]) for c in s[statistic.name]]
            title = statistic.title or statistic.label
            out[statistic.name] = bar_chart(title, rows, failed=statistic.words[1])
    return out


_STYLE: Final = """
body { font-family: sans-serif; margin: 2em auto; max-width: 1180px; color: #222; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 1.6em; }
table { border-collapse: collapse; margin: 0.6em 0; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
.charts { display: flex; flex-wrap: wrap; gap: 12px; }
.chart { border: 1px solid #ddd; }
figure { margin: 0; }
code { background: #f4f4f4; padding: 0 0.2em; }
"""


def _table(head: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    out = ["<table>", "<tr>" + "".join(f"<th>{_e(h)}</th>" for h in head) + "</tr>"]
    out += ["<tr>" + "".join(f"<td>{_e(c)}</td>" for c in row) + "</tr>" for row in rows]
    out.append("</table>")
    return "\n".join(out)


def _figure(svg: str) -> str:
    return f"<figure>{svg}</figure>"


def html_page(run: Simulation) -> str:
    """The HTML page of a run (see :meth:`Simulation.to_html`)."""
    s = run.summary
    info = run.game_info()
    unit = info.deals_word
    drawn = charts(run)
    title = f"cardrules simulate {run.variant}: {run.deals} {unit}, seed {run.seed}"
    options = json.dumps(run.options, sort_keys=True, ensure_ascii=False)

    def seat(n: int) -> str:
        return seat_label(info, n) if n < info.players else f"seat {n}"

    parts: list[str] = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{_e(title)}</title>",
        f"<style>{_STYLE}</style>",
        "</head>",
        "<body>",
        f"<h1>{_e(title)}</h1>",
        (
            f"<p>Variant <code>{_e(run.variant)}</code>, bots {_e(', '.join(run.bots))}. "
            "Deal <em>i</em> is played from the seed and <em>i</em> alone: the same run "
            "gives the same page.</p>"
        ),
        f"<details><summary>Options</summary><code>{_e(options)}</code></details>",
        f"<h2>Score per {_e(info.deal_word)}</h2>",
        _table(
            ("seat", "bot", "mean", "stdev", "min", "max"),
            [
                (
                    seat(row["seat"]),
                    row["bot"],
                    f"{row['mean']:.2f}",
                    f"{row['stdev']:.2f}",
                    _label(row["min"]),
                    _label(row["max"]),
                )
                for row in s["seats"]
            ],
        ),
        '<div class="charts">',
        *(_figure(svg) for name, svg in drawn.items() if name.startswith("scores-")),
        "</div>",
    ]
    teams = team_lines(info, s)
    if teams:
        parts += ["<ul>", *(f"<li>{_e(line.strip())}</li>" for line in teams), "</ul>"]
    played = s.get("played", s.get(unit, 0))
    for statistic in info.statistics:
        if statistic.kind != "outcomes" or statistic.name not in s:
            continue
        made = s.get("made", 0)
        taken, failed = statistic.words
        parts += [
            f"<h2>{_e(statistic.heading or statistic.label)}</h2>",
            (
                f"<p>Played {played} of {s[unit]} {_e(unit)}; {made} made "
                f"({_e(_percent(s.get('rate')))}), {played - made} {_e(failed)}.</p>"
            ),
            _table(
                (statistic.fact, taken, "made", failed, "rate"),
                [
                    (
                        c[statistic.fact],
                        c["count"],
                        c["made"],
                        c["count"] - c["made"],
                        _percent(c["rate"]),
                    )
                    for c in s[statistic.name]
                ],
            ),
            _figure(drawn[statistic.name]),
        ]
    others = [
        line
        for line in statistic_lines(info, s)
        if not line.startswith(("Contracts made:", "  "))
        and not any(line == f"{st.label}:" for st in info.statistics if st.kind == "outcomes")
    ]
    if others:
        parts += [
            "<h2>Statistics</h2>",
            "<ul>",
            *(f"<li>{_e(line)}</li>" for line in others),
            "</ul>",
        ]
    parts += ["</body>", "</html>", ""]
    return "\n".join(parts)
