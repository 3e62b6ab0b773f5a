"""``cardrules.solving.analyse``: a deal played by the solver's best cards loses nothing,
a deliberate bad card shows its loss for its seat, and the arguments are checked."""

from __future__ import annotations

import json
import math
import random
from typing import Any

import pytest

import cardrules
from cardrules import InvalidArgumentError, UnknownVariantError, WrongPhaseError
from cardrules.bots import bot_for, play_game
from cardrules.solving import Analysis, Decision, analyse, solve, solver_for

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("tarot", {"players": 3}),
    ("tarot", {"players": 4}),
    ("tarot", {"players": 5}),
    ("bid-euchre", {}),
    ("bid-euchre", {"joker": True, "allow_no_trump": True}),
]
IDS = ["tarot-3", "tarot-4", "tarot-5", "bid-euchre", "bid-euchre-joker-no-trump"]


def _deal(
    variant_id: str, options: dict[str, Any], seed: int, *, blunder: bool
) -> tuple[Any, int | None, Any]:
    """A deal played by the heuristic bots until the solver's horizon, then by the
    solver's best cards; with ``blunder``, the first decision there that can lose
    plays its worst card instead. Returns the final state, the blunder's history index
    and its loss (``None`` without a blunder)."""
    variant = cardrules.get_variant(variant_id, **options)
    rng = random.Random(seed)
    bots = [bot_for(variant) for _ in range(variant.players)]
    horizon = solver_for(variant).horizon  # type: ignore[union-attr]
    while True:
        state: Any = variant.new_game(rng=rng)
        blunder_at: int | None = None
        blunder_loss: Any = None
        while not state.is_terminal:
            seat = state.to_play
            legal = state.legal_actions()
            if state.phase.value == "play" and len(state.hand(seat)) <= horizon:
                solution = solve(state, all_actions=True)
                action = solution.best[0]
                if blunder and blunder_at is None and len(solution.values) > 1:
                    worst, value = min(solution.values, key=lambda av: av[1])
                    if value < solution.value:
                        blunder_at, blunder_loss = len(state.history), solution.value - value
                        action = worst
            else:
                action = bots[seat].choose(state.view(seat), legal, rng)
            state = state.apply(action, seat)
        if not blunder or blunder_at is not None:
            return state, blunder_at, blunder_loss


@pytest.mark.parametrize(("variant_id", "options"), GAMES, ids=IDS)
def test_a_deal_played_by_the_solver_loses_nothing(
    variant_id: str, options: dict[str, Any]
) -> None:
    final, _, _ = _deal(variant_id, options, 1, blunder=False)
    analysis = analyse(final)
    assert analysis.decisions
    assert all(d.loss == 0 and d.action in d.best for d in analysis.decisions)
    assert analysis.losses == (0,) * final.variant.players
    assert analysis.unsolved == 0
    for d in analysis.decisions:
        assert final.history[d.index] == (d.seat, d.action)
        assert 1 <= d.tricks_left <= analysis.horizon


@pytest.mark.parametrize(("variant_id", "options"), GAMES, ids=IDS)
def test_a_bad_card_shows_its_loss_for_its_seat(variant_id: str, options: dict[str, Any]) -> None:
    final, at, loss = _deal(variant_id, options, 2, blunder=True)
    assert loss > 0
    analysis = analyse(final)
    [bad] = [d for d in analysis.decisions if d.loss]
    assert (bad.index, bad.loss) == (at, loss)
    assert bad.action not in bad.best
    assert bad.value == bad.best_value - loss
    expected = [0] * final.variant.players
    expected[bad.seat] = loss
    assert analysis.losses == tuple(expected)
    assert analysis.unit == ("tricks" if variant_id == "bid-euchre" else "points")


def test_the_analysis_as_json() -> None:
    final, at, loss = _deal("tarot", {"players": 4}, 3, blunder=True)
    data = json.loads(json.dumps(analyse(final).to_dict()))
    assert data["unit"] == "points"
    assert data["horizon"] == solver_for(final).horizon  # type: ignore[union-attr]
    assert math.isclose(sum(data["losses"]), float(loss))
    [bad] = [d for d in data["decisions"] if d["loss"]]
    assert bad["index"] == at
    assert bad["action"] == str(final.history[at][1])
    assert bad["action"] not in bad["best"]
    assert math.isclose(bad["best_value"] - bad["value"], float(loss))


def test_the_horizon_and_the_budget() -> None:
    final, _, _ = _deal("bid-euchre", {}, 4, blunder=False)
    full = analyse(final)
    assert [d.tricks_left for d in analyse(final, horizon=2).decisions] == [
        d.tricks_left for d in full.decisions if d.tricks_left <= 2
    ]
    assert analyse(final, horizon=0).decisions == ()
    starved = analyse(final, max_nodes=1)
    assert starved.unsolved > 0
    assert len(starved.decisions) + starved.unsolved == len(full.decisions)
    assert isinstance(full, Analysis)
    assert all(isinstance(d, Decision) for d in full.decisions)


def test_a_deal_without_card_play_has_nothing_to_analyse() -> None:
    variant = cardrules.get_variant("tarot")
    state: Any = variant.new_game(seed=1)
    while not state.is_terminal:
        state = state.apply(cardrules.Pass())  # passed out
    analysis = analyse(state)
    assert analysis.decisions == ()
    assert analysis.losses == (0, 0, 0, 0)


@pytest.mark.parametrize("bad", [None, "state", 3])
def test_analyse_refuses_what_is_not_a_state(bad: object) -> None:
    with pytest.raises(InvalidArgumentError, match="analyse takes a State"):
        analyse(bad)  # type: ignore[arg-type]


def test_analyse_refuses_a_deal_in_progress_and_bad_budgets() -> None:
    state = cardrules.get_variant("bid-euchre").new_game(seed=1)
    with pytest.raises(WrongPhaseError, match="finished deal"):
        analyse(state)
    final, _, _ = _deal("bid-euchre", {}, 1, blunder=False)
    for horizon in (-1, 1.5, "3", True):
        with pytest.raises(InvalidArgumentError, match="horizon"):
            analyse(final, horizon=horizon)  # type: ignore[arg-type]
    for nodes in (0, 10**9 + 1, "10"):
        with pytest.raises(InvalidArgumentError, match="max_nodes"):
            analyse(final, max_nodes=nodes)  # type: ignore[arg-type]


def test_analyse_needs_a_solver() -> None:
    ohhell = pytest.importorskip("cardrules_ohhell")  # loaded by tests/conftest.py
    variant = ohhell.OhHellVariant()
    bots = [bot_for(variant, "random") for _ in range(variant.players)]
    final = play_game(variant.new_game(seed=1), bots, random.Random(1))
    with pytest.raises(UnknownVariantError, match="no solver"):
        analyse(final)


def test_solver_for_takes_a_variant_or_a_state() -> None:
    variant = cardrules.get_variant("bid-euchre")
    assert solver_for(variant) == solver_for(variant.new_game(seed=1))
    with pytest.raises(InvalidArgumentError, match="State or a Variant"):
        solver_for("bid-euchre")  # type: ignore[arg-type]
