"""Measure the difficulty levels of cardrules.bots.bot_for against the heuristic bot.

Run:  python bench/levels_report.py [--deals N] [--seed S] [--levels easy,hard]

For each game and level, every deal is played twice from the same cards and the same
rng: once with the level's bot in one seat (seat ``deal % players``, so that it sits
everywhere in turn) and heuristic bots in the others, once with the heuristic bot in
that seat too. It prints the seat's mean points per deal in both runs, the paired
difference with its 95 % confidence interval (normal approximation, 1.96 standard
errors), and the level bot's time per decision (mean and slowest, every decision of
the seat counted). ``medium`` is the heuristic bot itself: its difference is 0 by
construction, so it is not played.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

import cardrules
from cardrules.bots import LEVELS, Bot, bot_for, play_game

GAMES: tuple[tuple[str, str, dict[str, Any]], ...] = (
    ("French Tarot, 4 players", "tarot", {"players": 4}),
    ("Bid Euchre", "bid-euchre", {}),
)


class _Timed:
    """A bot that times each decision of the bot it wraps."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.times: list[float] = []

    def choose(self, view: Any, legal: Any, rng: random.Random) -> Any:
        start = time.perf_counter()
        action = self.bot.choose(view, legal, rng)
        self.times.append(time.perf_counter() - start)
        return action


def _interval(values: list[float]) -> tuple[float, float]:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / len(values) ** 0.5
    return mean, half


def _deal(variant: Any, deal: int, seed: int, seat_bot: Bot | None) -> float:
    """The points of seat ``deal % players`` in deal ``deal``, played with ``seat_bot``
    there (the heuristic bot when ``None``) and heuristic bots elsewhere."""
    players = variant.players
    seat = deal % players
    bots: list[Bot] = [bot_for(variant) for _ in range(players)]
    if seat_bot is not None:
        bots[seat] = seat_bot
    rng = random.Random(f"{seed} {deal}")
    final = play_game(variant.new_game(rng=rng), bots, rng)
    return float(final.returns()[seat])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", default="easy,hard")
    args = parser.parse_args()
    levels = [level for level in args.levels.split(",") if level]
    for level in levels:
        if level not in LEVELS:
            parser.error(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
    print(f"{args.deals} deals per game and level, seed {args.seed}")
    print()
    print(
        "| game | level | level's seat | heuristic seat | difference (95 % CI) "
        "| ms per decision (mean, max) |"
    )
    print("|---|---|---|---|---|---|")
    for label, variant_id, options in GAMES:
        variant = cardrules.get_variant(variant_id, **options)
        base = [_deal(variant, deal, args.seed, None) for deal in range(args.deals)]
        for level in levels:
            if level == "medium":
                continue
            timed = _Timed(bot_for(variant, level=level))
            ours = [_deal(variant, deal, args.seed, timed) for deal in range(args.deals)]
            diffs = [a - b for a, b in zip(ours, base, strict=True)]
            mean_a, half_a = _interval(ours)
            mean_b, half_b = _interval(base)
            mean_d, half_d = _interval(diffs)
            per = 1000 * statistics.fmean(timed.times)
            slowest = 1000 * max(timed.times)
            print(
                f"| {label} | {level} | {mean_a:+.2f} ± {half_a:.2f} | {mean_b:+.2f} ± "
                f"{half_b:.2f} | {mean_d:+.2f} [{mean_d - half_d:+.2f}, {mean_d + half_d:+.2f}] "
                f"| {per:.1f}, {slowest:.0f} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
