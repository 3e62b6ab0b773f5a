"""How fast the perfect-information solvers answer (run it in either build).

Run:  python bench/solver_speed.py

Bid Euchre: 200 hands solved from the first card (the value alone, then every action's).
French Tarot, 3, 4 and 5 players: 40 deals solved from 3, 4, … tricks before the end, up
to the first depth whose median passes 100 ms (a deal over 2,000,000 nodes counts as
unsolved). The deals are played at random up to there.
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

import cardrules
from cardrules import Play
from cardrules.solving import SearchLimitError, solve


def _ms(seconds: float) -> str:
    return f"{1000 * seconds:.1f} ms"


def _first_card(variant: Any, seed: int) -> Any:
    """The first state of the card play of a deal played at random."""
    rng = random.Random(seed)
    while True:
        state = variant.new_game(rng=rng)
        while not state.is_terminal:
            legal = state.legal_actions()
            full = max(len(state.hand(seat)) for seat in range(variant.players))
            starts_play = all(type(a) is Play for a in legal) and not state.trick
            if starts_play and len(state.hand(state.to_play)) == full:
                return state
            state = state.apply(rng.choice(legal))


def _tricks_left(variant: Any, seed: int, tricks: int) -> Any:
    """A state at the start of a trick, ``tricks`` tricks before the end."""
    rng = random.Random(seed)
    while True:
        state = variant.new_game(rng=rng)
        while not state.is_terminal:
            if (
                state.phase.value == "play"
                and not state.trick
                and len(state.hand(state.to_play)) == tricks
            ):
                return state
            state = state.apply(rng.choice(state.legal_actions()))


def bid_euchre() -> None:
    variant = cardrules.get_variant("bid-euchre")
    for all_actions in (False, True):
        times = []
        for seed in range(200):
            state = _first_card(variant, seed)
            start = time.perf_counter()
            solve(state, all_actions=all_actions)
            times.append(time.perf_counter() - start)
        times.sort()
        print(
            f"Bid Euchre from the first card, all_actions={all_actions}, 200 hands: median "
            f"{_ms(statistics.median(times))}, 90th percentile {_ms(times[180])}, "
            f"max {_ms(times[-1])}"
        )


def tarot() -> None:
    for players in (3, 4, 5):
        variant = cardrules.get_variant("tarot", players=players)
        for tricks in range(3, 10):
            times = []
            for seed in range(40):
                state = _tricks_left(variant, seed, tricks)
                start = time.perf_counter()
                try:
                    solve(state, max_nodes=2_000_000)
                except SearchLimitError:
                    times.append(float("inf"))
                else:
                    times.append(time.perf_counter() - start)
            times.sort()
            median = times[len(times) // 2]
            print(
                f"French Tarot, {players} players, {tricks} tricks left, 40 deals: median "
                f"{_ms(median)}, 90th percentile {_ms(times[36])}"
            )
            if median > 0.1:
                break


if __name__ == "__main__":
    bid_euchre()
    tarot()
