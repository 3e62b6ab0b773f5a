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
* ``cardrules.tarot.driver`` and ``cardrules.bid_euchre.driver``: the loop of ``deals``
  and ``hands`` itself, over recorded games replayed by objects that do no work
  (``apply`` returns the next recorded state, ``legal_actions`` the recorded tuple): what
  a game costs through this API with an engine that costs nothing, the bound no build
  can pass. Compare its rate with the others of the same run.

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


class _Replayed:
    """A recorded state that does no work: the driver floor's stand-in for a state."""

    __slots__ = ("_acts", "_next", "_result", "is_terminal")

    is_terminal: bool
    _acts: tuple[Any, ...]
    _next: _Replayed
    _result: Any

    def legal_actions(self) -> Any:
        return self._acts

    def apply(self, action: object) -> Any:
        return self._next

    def result(self) -> Any:
        return self._result


class _Recorded:
    """A variant whose ``new_game`` hands out recorded deals, in turn."""

    def __init__(self, variant: Variant, seed: int, count: int = 256) -> None:
        rng = random.Random(seed)
        self.deals: list[_Replayed] = []
        while len(self.deals) < count:
            state = variant.new_game(rng=rng)
            head = node = _Replayed()
            while not state.is_terminal:
                legal = state.legal_actions()
                node.is_terminal = False
                node._acts = legal
                node._next = _Replayed()
                node = node._next
                state = state.apply(rng.choice(legal))
            node.is_terminal = True
            node._acts = ()
            node._result = state.result()
            self.deals.append(head)
        self.turn = 0

    def new_game(self, rng: random.Random) -> Any:
        self.turn = (self.turn + 1) % len(self.deals)
        return self.deals[self.turn]


def _driver(variant: Variant, seed: int) -> Workload:
    # The games workload itself, over the recorded games.
    recorded: Any = _Recorded(variant, seed)
    return _games(recorded, seed)


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
        "cardrules.tarot.driver": _driver(tarot, seed),
        "cardrules.bid_euchre.driver": _driver(euchre, seed),
    }
