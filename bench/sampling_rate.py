"""Samples per second of ``view.sample_state(rng)`` from mid-deal views (docs/bots.md).

Run:  python bench/sampling_rate.py [--deals N] [--samples K]

For each game, N deals are played by the heuristic bots; from each, the view of the
seat to play halfway through the card play is kept. It times the first sample from
each view (which works out what the view fixes, cached for the next ones) and then K
samples from each view, and prints the mean time per sample.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import cardrules
from cardrules.bots import bot_for, play_game

GAMES: tuple[tuple[str, str, dict[str, Any]], ...] = (
    ("French Tarot, 3 players", "tarot", {"players": 3}),
    ("French Tarot, 4 players", "tarot", {"players": 4}),
    ("French Tarot, 5 players", "tarot", {"players": 5}),
    ("Bid Euchre", "bid-euchre", {}),
    ("Bid Euchre, joker and no-trump", "bid-euchre", {"joker": True, "allow_no_trump": True}),
    ("Bid Euchre, double deck", "bid-euchre", {"double_deck": True}),
)


def _mid_deal_views(variant_id: str, options: dict[str, Any], deals: int) -> list[Any]:
    variant = cardrules.get_variant(variant_id, **options)
    views = []
    for deal in range(deals):
        rng = random.Random(deal)
        final = play_game(variant.new_game(rng=rng), [bot_for(variant_id)] * variant.players, rng)
        replay = list(variant.replay(final.record()))
        in_play = [
            s for s in replay if not s.is_terminal and s.view(s.to_play).phase.value == "play"
        ]
        if in_play:
            state = in_play[len(in_play) // 2]
            views.append(state.view(state.to_play))
    return views


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--samples", type=int, default=50)
    args = parser.parse_args()
    print("| game | first sample from a view | next samples | samples/s |")
    print("|---|---|---|---|")
    for title, variant_id, options in GAMES:
        views = _mid_deal_views(variant_id, options, args.deals)
        rng = random.Random(1)
        start = time.perf_counter()
        for view in views:
            view.sample_state(rng)
        first = (time.perf_counter() - start) / len(views)
        start = time.perf_counter()
        for view in views:
            for _ in range(args.samples):
                view.sample_state(rng)
        each = (time.perf_counter() - start) / (len(views) * args.samples)
        print(f"| {title} | {first * 1e3:.1f} ms | {each * 1e6:.0f} µs | {1 / each:.0f} |")


if __name__ == "__main__":
    main()
