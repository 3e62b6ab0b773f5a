"""``cardrules.solving.solve``'s arguments, phases and budget, and a Solution's helpers."""

from __future__ import annotations

import math
import random
import re

import pytest

import cardrules
from cardrules import InvalidArgumentError, WrongPhaseError
from cardrules._util import quote
from cardrules.solving import SearchLimitError, Solution, solve, solver_for


def _param_id(value: object) -> str:
    # The same id in every xdist worker: an object's address differs between processes.
    return re.sub(r" at 0x[0-9a-f]+", "", quote(value))


EUCHRE_ENDGAME = (
    "bid-euchre 0 AS,9D,KD/9H,QD/10H,KC/9S,JS - - 4,pass,pass,pass diamonds - "
    "1:QC,JC,9C,AC>0/0:10S,JD,QS,KS>1/1:AH,KH,QH,10C>1/1:AD,JH,10D 1/2 0"
)


def _endgame() -> cardrules.State:
    return cardrules.get_variant("bid-euchre").from_position(EUCHRE_ENDGAME)


@pytest.mark.parametrize("bad", [None, "state", 3, object()], ids=_param_id)
def test_solve_refuses_what_is_not_a_state(bad: object) -> None:
    with pytest.raises(InvalidArgumentError, match="State"):
        solve(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "bad", [0, -1, True, 1.5, "10", 10**9 + 1, 10**5000, math.inf], ids=_param_id
)
def test_solve_refuses_a_bad_node_budget(bad: object) -> None:
    with pytest.raises(InvalidArgumentError, match="max_nodes"):
        solve(_endgame(), max_nodes=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [1, None, "yes", 0.0], ids=_param_id)
def test_solve_refuses_all_actions_that_is_no_bool(bad: object) -> None:
    with pytest.raises(InvalidArgumentError, match="all_actions"):
        solve(_endgame(), all_actions=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("variant_id", ["tarot", "bid-euchre"])
def test_solve_refuses_a_deal_before_its_card_play(variant_id: str) -> None:
    state = cardrules.get_variant(variant_id).new_game(seed=1)
    with pytest.raises(WrongPhaseError):
        solve(state)


def test_solve_raises_search_limit_past_its_budget() -> None:
    rng = random.Random(2)
    state = cardrules.get_variant("tarot", players=4).new_game(rng=rng)
    while state.phase.value != "play":
        state = state.apply(rng.choice(state.legal_actions()))
    with pytest.raises(SearchLimitError, match="positions"):
        solve(state, max_nodes=10)


def test_solution_of_every_action_and_its_helpers() -> None:
    state = _endgame()
    full = solve(state, all_actions=True)
    assert isinstance(full, Solution)
    assert solver_for(state) is not None
    assert {a for a, _ in full.values} == set(state.legal_actions())
    for action, value in full.values:
        assert full.value_of(action) == value
        assert full.loss(action) == full.value - value >= 0
    quick = solve(state)
    assert quick.values == ()
    worse = [a for a in state.legal_actions() if a not in quick.best]
    if worse:
        with pytest.raises(InvalidArgumentError, match="all_actions=True"):
            quick.value_of(worse[0])
    assert full.to_dict()["values"] == [[str(a), v] for a, v in full.values]
