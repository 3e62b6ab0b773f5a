"""Measure the heuristic bots against random bots (the figures of ``docs/bots.md``).

Every deal is seeded (deal ``i`` is ``new_game(seed=seed + i)`` played with
``random.Random(seed + i)``), so a run is reproducible. The seat (Tarot) or team (Bid
Euchre) played by the heuristic rotates with the deal number.

Tables measured:

* French Tarot, 4 players: one heuristic bot and three random bots; four heuristic
  bots; four random bots (the baseline).
* Bid Euchre: a heuristic team against a random team; two heuristic teams; two random
  teams (the baseline).
* The card play alone, both games: one seat (team) bids with the heuristic and plays
  its cards with the heuristic or at random, among heuristic players. The auctions are
  the same in both runs, so the contracts are too.

Run:  python bench/bots_report.py --deals 10000     (a few minutes)
      python bench/bots_report.py --deals 500       (a quick look)
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

import cardrules
from cardrules import Action
from cardrules.bid_euchre import Phase as EuchrePhase
from cardrules.bots import BidEuchreBot, Bot, RandomBot, TarotBot, play_game
from cardrules.tarot import Phase as TarotPhase


class Tally:
    """Contracts taken and made, and points, of one kind of player at one table."""

    def __init__(self) -> None:
        self.taken = 0
        self.made = 0
        self.points: list[float] = []
        self.taker_points: list[float] = []

    def contract(self, made: bool, points: float) -> None:
        self.taken += 1
        self.made += made
        self.taker_points.append(points)

    def rate(self) -> str:
        if not self.taken:
            return "n/a (never took)"
        return f"{100 * self.made / self.taken:.1f} % of {self.taken}"

    def mean(self) -> str:
        return f"{statistics.mean(self.points):+.2f}" if self.points else "n/a"

    def taker_mean(self) -> str:
        return f"{statistics.mean(self.taker_points):+.1f}" if self.taker_points else "n/a"

    def row(self, table: str, kind: str) -> str:
        return f"| {table} | {kind} | {self.rate()} | {self.taker_mean()} | {self.mean()} |"


class RandomCardPlay:
    """The heuristic's auction and preparation, then uniformly random card play."""

    def __init__(self, heuristic: Bot, play_phases: frozenset[object]) -> None:
        self.heuristic = heuristic
        self.play_phases = play_phases

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        if view.phase in self.play_phases:
            return rng.choice(legal)
        return self.heuristic.choose(view, legal, rng)


def tarot_table(
    deals: int, seed: int, heuristic_seats: Callable[[int], Sequence[int]]
) -> tuple[Tally, Tally, int]:
    """Play 4-player Tarot deals; tally heuristic and random seats separately.

    Returns:
        The heuristic tally, the random tally and the number of deals played out (not
        annulled). Points are per seat and deal: each seat's score, annulled deals
        counting 0.
    """
    variant = cardrules.get_variant("tarot", players=4)
    heuristic, rand = Tally(), Tally()
    played = 0
    for i in range(deals):
        chosen = set(heuristic_seats(i))
        bots: list[Bot] = [TarotBot() if s in chosen else RandomBot() for s in range(4)]
        final = play_game(variant.new_game(seed=seed + i), bots, random.Random(seed + i))
        result = final.result()
        for seat in range(4):
            (heuristic if seat in chosen else rand).points.append(result.scores[seat])
        if result.annulled is None:
            played += 1
            taker = result.facts.taker
            (heuristic if taker in chosen else rand).contract(result.made, result.scores[taker])
    return heuristic, rand, played


def euchre_table(
    hands: int, seed: int, heuristic_teams: Callable[[int], Sequence[int]]
) -> tuple[Tally, Tally]:
    """Play Bid Euchre hands (default options); tally heuristic and random teams.

    Points are per team and hand: the team's score change (E-24 … E-32).
    """
    variant = cardrules.get_variant("bid-euchre")
    heuristic, rand = Tally(), Tally()
    for i in range(hands):
        chosen = set(heuristic_teams(i))
        bots: list[Bot] = [BidEuchreBot() if s % 2 in chosen else RandomBot() for s in range(4)]
        final = play_game(variant.new_game(seed=seed + i), bots, random.Random(seed + i))
        result = final.result()
        for team in (0, 1):
            (heuristic if team in chosen else rand).points.append(result.delta[team])
        if result.facts.contract is not None:
            declarer_team = result.facts.declarer % 2
            tally = heuristic if declarer_team in chosen else rand
            tally.contract(result.made, result.delta[declarer_team])
    return heuristic, rand


def tarot_card_play(deals: int, seed: int, tested: Bot) -> tuple[Tally, Tally]:
    """4-player Tarot: seat ``i % 4`` played by ``tested``, the others by the heuristic.

    Returns:
        The tested seat's contracts and points when it takes, and its points per deal
        when it defends.
    """
    variant = cardrules.get_variant("tarot", players=4)
    taking, defending = Tally(), Tally()
    for i in range(deals):
        seat = i % 4
        bots = [tested if s == seat else TarotBot() for s in range(4)]
        final = play_game(variant.new_game(seed=seed + i), bots, random.Random(seed + i))
        result = final.result()
        if result.annulled is None:
            if result.facts.taker == seat:
                taking.contract(result.made, result.scores[seat])
            else:
                defending.points.append(result.scores[seat])
    return taking, defending


def euchre_card_play(hands: int, seed: int, tested: Bot) -> tuple[Tally, Tally]:
    """Bid Euchre: team ``i % 2`` played by ``tested``, the other team by the heuristic.

    Returns:
        The tested team's bids and points when it declares, and its points per hand
        when it defends.
    """
    variant = cardrules.get_variant("bid-euchre")
    declaring, defending = Tally(), Tally()
    for i in range(hands):
        team = i % 2
        bots = [tested if s % 2 == team else BidEuchreBot() for s in range(4)]
        final = play_game(variant.new_game(seed=seed + i), bots, random.Random(seed + i))
        result = final.result()
        if result.facts.contract is not None:
            if result.facts.declarer % 2 == team:
                declaring.contract(result.made, result.delta[team])
            else:
                defending.points.append(result.delta[team])
    return declaring, defending


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10_000, help="deals (hands) per table")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first deal")
    args = parser.parse_args(argv)
    n, seed = args.deals, args.seed
    start = time.perf_counter()

    print(f"French Tarot, 4 players, {n} deals per table\n")
    print(
        "| Table | Seats | Contracts made (when these seats take) "
        "| Taker's points per contract | Points per seat and deal |"
    )
    print("|---|---|---|---|---|")
    one_h, one_r, _ = tarot_table(n, seed, lambda i: (i % 4,))
    print(one_h.row("1 heuristic + 3 random", "heuristic"))
    print(one_r.row("1 heuristic + 3 random", "random"))
    all_h, _, played = tarot_table(n, seed, lambda i: range(4))
    print(all_h.row("4 heuristic", "heuristic"))
    _, all_r, _ = tarot_table(n, seed, lambda i: ())
    print(all_r.row("4 random", "random"))
    print(f"\n4 heuristic: {played} of {n} deals had a taker ({100 * played / n:.1f} %).\n")

    print(f"Bid Euchre (default options), {n} hands per table\n")
    print(
        "| Table | Team | Bids made (when this team declares) "
        "| Declarers' points per bid | Points per team and hand |"
    )
    print("|---|---|---|---|---|")
    vs_h, vs_r = euchre_table(n, seed, lambda i: (i % 2,))
    print(vs_h.row("heuristic vs random", "heuristic"))
    print(vs_r.row("heuristic vs random", "random"))
    both_h, _ = euchre_table(n, seed, lambda i: (0, 1))
    print(both_h.row("heuristic vs heuristic", "heuristic"))
    _, both_r = euchre_table(n, seed, lambda i: ())
    print(both_r.row("random vs random", "random"))

    print(f"\nThe card play alone: heuristic or random card play, heuristic auction, {n} deals\n")
    print(
        "| Game | Card play | Contracts made (when it takes) | Taker's points per contract "
        "| Points per deal defending |"
    )
    print("|---|---|---|---|---|")
    plays: list[tuple[str, str, Bot]] = [
        ("Tarot", "heuristic", TarotBot()),
        ("Tarot", "random", RandomCardPlay(TarotBot(), frozenset({TarotPhase.PLAY}))),
        ("Bid Euchre", "heuristic", BidEuchreBot()),
        (
            "Bid Euchre",
            "random",
            RandomCardPlay(BidEuchreBot(), frozenset({EuchrePhase.PLAY, EuchrePhase.NAME_SUIT})),
        ),
    ]
    for game, kind, bot in plays:
        measure = tarot_card_play if game == "Tarot" else euchre_card_play
        taking, defending = measure(n, seed, bot)
        print(f"| {game} | {kind} | {taking.rate()} | {taking.taker_mean()} | {defending.mean()} |")
    print(f"\n({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
