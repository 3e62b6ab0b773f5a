"""Draw the charts of the bot comparison in ``docs/bots.md`` (``docs/_static/bots/*.svg``).

Each chart comes from one :func:`cardrules.simulate` run, seeded, so the same command
draws the same files. From the repository root::

    python docs/make_bot_charts.py                 # 2,000 deals per table, 2 workers
    python docs/make_bot_charts.py --deals 10000 --workers 4

The files are committed, so the docs build needs no simulation; run this again when the
bots or the charts change.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from cardrules import simulate

OUT = Path(__file__).resolve().parent / "_static" / "bots"

# (file prefix, variant, bots, the charts of that run to keep)
TABLES = (
    ("tarot-1h3r", "tarot", ["heuristic", "random", "random", "random"], ("scores-0", "scores-1")),
    ("tarot-4h", "tarot", ["heuristic"] * 4, ("contracts",)),
    ("tarot-4r", "tarot", ["random"] * 4, ("contracts",)),
    ("euchre-hr", "bid-euchre", ["heuristic", "random"] * 2, ("scores-0", "scores-1", "bids")),
    ("euchre-hh", "bid-euchre", ["heuristic"] * 4, ("bids",)),
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000, help="deals per table (2000)")
    parser.add_argument("--workers", type=int, default=2, help="worker processes (2)")
    parser.add_argument("--seed", type=int, default=1, help="the seed of every run (1)")
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    for prefix, variant, bots, keep in TABLES:
        run = simulate(variant, deals=args.deals, seed=args.seed, bots=bots, workers=args.workers)
        charts = run.charts()
        for name in keep:
            path = OUT / f"{prefix}-{name}.svg"
            path.write_text(charts[name] + "\n", encoding="utf-8")
            print(f"wrote {path.relative_to(OUT.parent.parent.parent)}")


if __name__ == "__main__":
    main()
