"""The solvers against a naive exhaustive minimax, on endgames of every option set.

The minimax here is written independently of the solvers: it plays every action of the
public ``State`` (``state.apply``) to the end of the deal and reads the outcome from the
terminal state, each seat choosing the outcome best for its side. French Tarot's sides
are camps whose scores all move with the attack's share ``M``, so every seat maximises
its own return; Bid Euchre's sides maximise their team's tricks (seats 0 and 2 against
1 and 3), as the solver does. The endgames come from whole deals played by random and
heuristic bots, at every point of a trick, from at most four tricks before the end.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest

from cardrules import State, Variant
from cardrules.actions import Action
from cardrules.bots import bot_for
from cardrules.solving import Solution, solve

if TYPE_CHECKING:
    from tests import tiers
    from tests.ai import option_sets
else:
    import cardrules_option_sets as option_sets  # loaded by tests/conftest.py
    import cardrules_test_tiers as tiers  # loaded by tests/conftest.py

DEALS = tiers.volume(6, 60)
# The tricks left in the endgames, by player count: as deep as the naive minimax can
# afford in a default run (it visits up to (n!)^players positions for n tricks).
DEPTHS = {3: (4, 3, 2, 1), 4: (3, 2, 1), 5: (2, 1)}


def _actions(state: State) -> tuple[Action, ...]:
    # Bid Euchre's renege_mode="penalize" makes a renege legal; the solvers search
    # lawful play only (see cardrules.solving).
    lawful = getattr(state, "lawful_actions", None)
    return lawful() if callable(lawful) else state.legal_actions()


def _tarot_minimax(state: State) -> tuple[Any, ...]:
    """Each seat's return under best play: the seat to act takes its best return."""
    seat = state.to_play
    if seat is None:
        return tuple(state.returns())
    return max((_tarot_minimax(state.apply(a)) for a in _actions(state)), key=lambda r: r[seat])


def _euchre_minimax(state: State) -> tuple[int, tuple[Any, ...]]:
    """Seats 0 and 2's tricks of the hand under best play, and the returns."""
    seat = state.to_play
    if seat is None:
        final: Any = state
        return final.result().facts.tricks[0], tuple(state.returns())
    children = [_euchre_minimax(state.apply(a)) for a in _actions(state)]
    pick = max if seat % 2 == 0 else min
    return pick(children, key=lambda c: c[0])


def _endgames(variant: Variant, rng: random.Random) -> Iterator[State]:
    """``DEALS`` positions of the card play with few tricks left, from whole deals (a
    deal that every seat passes has no card play)."""
    depths = DEPTHS[variant.players] if variant.id == "tarot" else (4, 3, 2, 1)
    found = 0
    for deal in range(10 * DEALS):
        if found == DEALS:
            return
        kinds = ["heuristic" if (deal + s) % 2 == 0 else "random" for s in range(variant.players)]
        bots = [bot_for(variant.id, kind) for kind in kinds]
        state = variant.new_game(rng=rng)
        depth = depths[deal % len(depths)]
        # Where in the trick the endgame starts: its lead, or a card or more into it.
        into = deal % 3
        while not state.is_terminal:
            seat = state.to_play
            assert seat is not None
            phase = state.phase.value  # type: ignore[attr-defined]
            if phase == "play" and len(state.hand(seat)) <= depth:
                if into == 0 or len(state.hand(seat)) < depth:
                    found += 1
                    yield state
                    break
                into -= 1
            action = bots[seat].choose(state.view(seat), state.legal_actions(), rng)
            state = state.apply(action, seat)


def _check_tarot(state: State, solution: Solution) -> None:
    seat = state.to_play
    assert seat is not None
    returns = _tarot_minimax(state)
    assert solution.scores == returns
    children = {a: _tarot_minimax(state.apply(a)) for a in _actions(state)}
    best = max(r[seat] for r in children.values())
    assert solution.best == tuple(a for a, r in children.items() if r[seat] == best)
    assert dict(solution.action_scores) == children
    # The value is the camp's share M: the same sign and order as the seat's return.
    values = dict(solution.values)
    for a, b in zip(children, list(children)[1:], strict=False):
        assert (values[a] < values[b]) == (children[a][seat] < children[b][seat])
        assert (values[a] == values[b]) == (children[a][seat] == children[b][seat])


def _check_euchre(state: State, solution: Solution) -> None:
    seat = state.to_play
    assert seat is not None
    tricks = state.variant.options.tricks_per_hand  # type: ignore[attr-defined]

    def side(ns: int) -> int:
        return ns if seat % 2 == 0 else tricks - ns

    ns, returns = _euchre_minimax(state)
    assert solution.value == side(ns)
    assert solution.scores == returns
    children = {a: _euchre_minimax(state.apply(a)) for a in _actions(state)}
    best = max(side(c[0]) for c in children.values())
    assert solution.best == tuple(a for a, c in children.items() if side(c[0]) == best)
    assert solution.values == tuple((a, side(c[0])) for a, c in children.items())
    assert solution.action_scores == tuple((a, c[1]) for a, c in children.items())


@pytest.mark.deep
@pytest.mark.parametrize(("variant_id", "options"), option_sets.OPTION_SETS, ids=option_sets.IDS)
def test_solver_equals_exhaustive_minimax_on_endgames(
    variant_id: str, options: dict[str, Any]
) -> None:
    variant = option_sets.variant_of(variant_id, options)
    rng = random.Random(f"solver {variant_id} {options}")
    checked = 0
    for state in _endgames(variant, rng):
        full = solve(state, all_actions=True)
        quick = solve(state)
        assert (quick.value, quick.scores, quick.best) == (full.value, full.scores, full.best)
        assert quick.seat == full.seat == state.to_play
        if variant_id == "tarot":
            _check_tarot(state, full)
        else:
            _check_euchre(state, full)
        checked += 1
    assert checked == DEALS
