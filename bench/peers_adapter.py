"""cardrules workloads for ``../shared/bench/compare.py`` (same-run ratios with the peers).

Every workload drives the library through its public, checked API, choosing uniformly
among the legal actions with a seeded ``random.Random``:

* ``cardrules.tarot.deals``: full 4-player French Tarot deals (deal, bidding, chien and
  écart, declarations, 72 cards, scoring). An annulled deal (all pass, Petit sec) is dealt
  again inside the same unit, as the magmacrunch-tarot peer does.
* ``cardrules.tarot.bulk``: the same deals through ``TarotVariant.random_playout``.
* ``cardrules.tarot.legal``: ``legal_actions()`` on prepared mid-trick states.
* ``cardrules.bid_euchre.hands``: full Bid Euchre hands (deal, auction, trump, help
  exchange, play, score), thrown-in hands dealt again inside the unit.
* ``cardrules.bid_euchre.bulk``: the same hands through ``BidEuchreVariant.random_playout``.
* ``cardrules.bid_euchre.legal``: ``legal_actions()`` on prepared mid-trick states.

Run (see ../shared/bench/README.md)::

    PY=/path/to/venv/bin/python
    $PY ../shared/bench/compare.py --adapter bench/peers_adapter.py
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import cardrules
from cardrules import Play, State, Variant

Workload = Callable[[int], dict[str, int]]


def _full_game(variant: Variant, rng: random.Random) -> State:
    choice = rng.choice
    while True:
        state = variant.new_game(rng=rng)
        while not state.is_terminal:
            state = state.apply(choice(state.legal_actions()))
        result: Any = state.result()
        if not getattr(result, "annulled", None) and not getattr(result, "void_reason", None):
            return state


def _games(variant: Variant, seed: int) -> Workload:
    rng = random.Random(seed)

    def run(n: int) -> dict[str, int]:
        for _ in range(n):
            _full_game(variant, rng)
        return {"units": n}

    return run


def _bulk(variant: Any, seed: int) -> Workload:
    rng = random.Random(seed)
    playout = variant.random_playout

    def run(n: int) -> dict[str, int]:
        for _ in range(n):
            playout(variant.new_game(rng=rng), rng)
        return {"units": n}

    return run


def _mid_trick_states(variant: Variant, seed: int, count: int = 256) -> list[State]:
    rng = random.Random(seed)
    states: list[State] = []
    while len(states) < count:
        state = variant.new_game(rng=rng)
        candidates = []
        while not state.is_terminal:
            legal = state.legal_actions()
            if all(type(a) is Play for a in legal) and len(state.view(state.to_play or 0).trick):
                candidates.append(state)
            state = state.apply(rng.choice(legal))
        if candidates:
            states.append(rng.choice(candidates))
    return states


def _legal(variant: Variant, seed: int) -> Workload:
    states = _mid_trick_states(variant, seed)
    mask = len(states) - 1

    def run(n: int) -> dict[str, int]:
        pool = states
        for i in range(n):
            pool[i & mask].legal_actions()
        return {"units": n}

    return run


def workloads(seed: int) -> dict[str, Workload]:
    tarot = cardrules.get_variant("tarot")
    euchre = cardrules.get_variant("bid-euchre")
    return {
        "cardrules.tarot.deals": _games(tarot, seed),
        "cardrules.tarot.bulk": _bulk(tarot, seed),
        "cardrules.tarot.legal": _legal(tarot, seed),
        "cardrules.bid_euchre.hands": _games(euchre, seed),
        "cardrules.bid_euchre.bulk": _bulk(euchre, seed),
        "cardrules.bid_euchre.legal": _legal(euchre, seed),
    }
