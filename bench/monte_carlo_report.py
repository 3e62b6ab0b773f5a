"""Measure cardrules.bots.MonteCarloBot against the heuristic bots (docs/bots.md).

Run:  python bench/monte_carlo_report.py [--deals N] [--playouts P] [--seed S]

For each game, every deal is played twice from the same cards: once with the
Monte-Carlo bot in one seat (seat ``deal % players``, so that it sits everywhere) and
the heuristic bots in the others, once with the heuristic bot in that seat too. It
prints the Monte-Carlo seat's mean points per deal, the heuristic bot's in the same
seats and deals, the paired difference with its 95% confidence interval (normal
approximation, 1.96 standard errors), and the Monte-Carlo decisions per second.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

import cardrules
from cardrules.bots import Bot, MonteCarloBot, bot_for, play_game

GAMES: tuple[tuple[str, str, dict[str, Any]], ...] = (
    ("French Tarot, 4 players", "tarot", {"players": 4}),
    ("Bid Euchre", "bid-euchre", {}),
)


class _Timed:
    """A bot that counts the decisions its Monte-Carlo bot makes by playouts, and their time."""

    def __init__(self, bot: MonteCarloBot) -> None:
        self.bot = bot
        self.decisions = 0
        self.seconds = 0.0

    def choose(self, view: Any, legal: Any, rng: random.Random) -> Any:
        start = time.perf_counter()
        action = self.bot.choose(view, legal, rng)
        if self.bot.last:
            self.decisions += 1
            self.seconds += time.perf_counter() - start
        return action


def _interval(values: list[float]) -> tuple[float, float]:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / len(values) ** 0.5
    return mean, half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--playouts", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{args.deals} deals per game, {args.playouts} playouts per decision, seed {args.seed}")
    print()
    print("| game | Monte-Carlo seat | heuristic seat | difference (95% CI) | decisions/s |")
    print("|---|---|---|---|---|")
    for title, variant_id, options in GAMES:
        variant = cardrules.get_variant(variant_id, **options)
        n = variant.players
        timed = _Timed(MonteCarloBot(playouts=args.playouts))
        mc_points: list[float] = []
        base_points: list[float] = []
        for deal in range(args.deals):
            seed = args.seed * 1_000_003 + deal
            seat = deal % n
            dealer = deal % n
            heuristic: list[Bot] = [bot_for(variant_id) for _ in range(n)]
            with_mc: list[Bot] = list(heuristic)
            with_mc[seat] = timed
            start = variant.new_game(seed=seed, dealer=dealer)
            mc = play_game(start, with_mc, random.Random(seed))
            base = play_game(start, heuristic, random.Random(seed))
            mc_points.append(mc.returns()[seat])
            base_points.append(base.returns()[seat])
        diffs = [a - b for a, b in zip(mc_points, base_points, strict=True)]
        m, hm = _interval(mc_points)
        b, hb = _interval(base_points)
        d, hd = _interval(diffs)
        rate = timed.decisions / timed.seconds if timed.seconds else float("nan")
        print(
            f"| {title} | {m:+.1f} ± {hm:.1f} | {b:+.1f} ± {hb:.1f} | "
            f"{d:+.1f} [{d - hd:+.1f}, {d + hd:+.1f}] | {rate:.0f} |"
        )


if __name__ == "__main__":
    main()
