"""Measure the difficulty levels of cardrules.bots.bot_for against each other.

Run:  python bench/levels_report.py [--deals N] [--seed S] [--levels easy,hard]
          [--games tarot,bid-euchre] [--workers W] [--out FILE]

For each game and level, every deal is played twice from the same cards: once with the
level's bot in one seat (seat ``deal % players``, so that it sits everywhere in turn)
and heuristic bots (the ``medium`` level) in the others, once with the heuristic bot in
that seat too. The seat's bot draws from an rng of its own, so the other seats' draws
are the same in both runs and the pair differs only by what that seat chose. The report
gives the seat's mean points per deal in both runs, the paired difference with its
95 % confidence interval (normal approximation, 1.96 standard errors), and the level
bot's time per decision (mean, the 99th percentile and the slowest, every decision of
the seat counted). ``medium`` is the heuristic bot itself: its difference is 0 by
construction, so it is not played.

``--out`` keeps every deal's figures in a JSON-lines file and reads it back first: an
interrupted run goes on where it stopped, and the table is made from the whole file.
``--workers`` plays the deals in that many processes (each deal's figures do not depend
on which process plays it).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import cardrules
from cardrules.bots import LEVELS, Bot, bot_for

GAMES: dict[str, tuple[str, dict[str, Any]]] = {
    "tarot": ("French Tarot, 4 players", {"players": 4}),
    "bid-euchre": ("Bid Euchre", {}),
}


class _Own:
    """The level's bot, timed, drawing from an rng of its own."""

    def __init__(self, bot: Bot, rng: random.Random) -> None:
        self.bot = bot
        self.rng = rng
        self.times: list[float] = []

    def choose(self, view: Any, legal: Any, rng: random.Random) -> Any:
        start = time.perf_counter()
        action = self.bot.choose(view, legal, self.rng)
        self.times.append(time.perf_counter() - start)
        return action


def _interval(values: list[float]) -> tuple[float, float]:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0
    return mean, half


def _points(variant: Any, deal: int, seed: int, seat_bot: Bot | None) -> float:
    """The points of seat ``deal % players`` in deal ``deal``, played with ``seat_bot``
    there (the heuristic bot when ``None``) and heuristic bots elsewhere."""
    players = variant.players
    seat = deal % players
    bots: list[Bot] = [bot_for(variant) for _ in range(players)]
    if seat_bot is not None:
        bots[seat] = seat_bot
    rng = random.Random(f"{seed} {deal}")
    state = variant.new_game(rng=rng)
    while not state.is_terminal:
        who = state.to_play
        action = bots[who].choose(state.view(who), state.legal_actions(), rng)
        state = state.apply(action, who)
    return float(state.returns()[seat])


def _play(job: tuple[str, str, int, int]) -> dict[str, Any]:
    """One deal of ``game`` with ``level`` in the seat, and its heuristic twin."""
    game, level, seed, deal = job
    variant = cardrules.get_variant(game, **GAMES[game][1])
    base = _points(variant, deal, seed, None)
    own = _Own(bot_for(variant, level=level), random.Random(f"{seed} {deal} {level}"))
    ours = _points(variant, deal, seed, own)
    return {
        "game": game,
        "level": level,
        "seed": seed,
        "deal": deal,
        "base": base,
        "ours": ours,
        "times": own.times,
    }


def _read(path: Path | None) -> list[dict[str, Any]]:
    if path is None or not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def _row(label: str, level: str, rows: list[dict[str, Any]]) -> str:
    ours = [r["ours"] for r in rows]
    base = [r["base"] for r in rows]
    diffs = [a - b for a, b in zip(ours, base, strict=True)]
    times = sorted(t for r in rows for t in r["times"])
    mean_a, half_a = _interval(ours)
    mean_b, half_b = _interval(base)
    mean_d, half_d = _interval(diffs)
    if times:
        per = 1000 * statistics.fmean(times)
        p99 = 1000 * times[min(len(times) - 1, int(0.99 * len(times)))]
        slowest = 1000 * times[-1]
        timing = f"{per:.1f}, {p99:.0f}, {slowest:.0f}"
    else:
        timing = "-"
    return (
        f"| {label} | {level} | {len(rows)} | {mean_a:+.2f} ± {half_a:.2f} | {mean_b:+.2f} ± "
        f"{half_b:.2f} | {mean_d:+.2f} [{mean_d - half_d:+.2f}, {mean_d + half_d:+.2f}] "
        f"| {timing} |"
    )


def _run(jobs: list[tuple[str, str, int, int]], workers: int) -> Iterable[dict[str, Any]]:
    if workers <= 1:
        yield from map(_play, jobs)
        return
    with ProcessPoolExecutor(workers) as pool:
        yield from pool.map(_play, jobs, chunksize=4)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", default="easy,hard")
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    levels = [level for level in args.levels.split(",") if level and level != "medium"]
    games = [game for game in args.games.split(",") if game]
    for level in levels:
        if level not in LEVELS:
            parser.error(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
    for game in games:
        if game not in GAMES:
            parser.error(f"unknown game {game!r}; games: {', '.join(GAMES)}")
    done = _read(args.out)
    have = {(r["game"], r["level"], r["seed"], r["deal"]) for r in done}
    jobs = [
        (game, level, args.seed, deal)
        for game in games
        for level in levels
        for deal in range(args.deals)
        if (game, level, args.seed, deal) not in have
    ]
    out = None if args.out is None else args.out.open("a")
    try:
        for row in _run(jobs, args.workers):
            done.append(row)
            if out is not None:
                out.write(json.dumps(row) + "\n")
                out.flush()
    finally:
        if out is not None:
            out.close()
    print(f"{args.deals} deals per game and level, seed {args.seed}")
    print()
    print(
        "| game | level | deals | level's seat | heuristic seat | difference (95 % CI) "
        "| ms per decision (mean, 99th percentile, max) |"
    )
    print("|---|---|---:|---|---|---|---|")
    for game in games:
        for level in levels:
            rows = [
                r
                for r in done
                if (r["game"], r["level"], r["seed"]) == (game, level, args.seed)
                and r["deal"] < args.deals
            ]
            if rows:
                print(_row(GAMES[game][0], level, sorted(rows, key=lambda r: r["deal"])))


if __name__ == "__main__":
    main()
