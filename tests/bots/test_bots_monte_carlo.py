"""cardrules.bots.MonteCarloBot: legal in every phase, reproducible, stronger than random."""

from __future__ import annotations

import random
from typing import Any

import pytest

import cardrules
from cardrules import InvalidArgumentError, State
from cardrules.bots import MonteCarloBot, RandomBot, bot_for, play_game

CASES: list[tuple[str, dict[str, Any]]] = [
    ("tarot", {"players": 3}),
    ("tarot", {"players": 4}),
    ("tarot", {"players": 5}),
    ("bid-euchre", {}),
    ("bid-euchre", {"joker": True, "allow_no_trump": True}),
    ("bid-euchre", {"double_deck": True, "help_exchange_count": 2}),
]


@pytest.mark.parametrize(("variant_id", "options"), CASES)
def test_it_chooses_a_legal_action_in_every_phase(variant_id: str, options: dict[str, Any]) -> None:
    variant = cardrules.get_variant(variant_id, **options)
    rng = random.Random(1)
    bot = MonteCarloBot(playouts=12)
    phases: set[str] = set()
    for _ in range(3):
        state: State = variant.new_game(rng=rng)
        while not state.is_terminal:
            seat = state.to_play
            assert seat is not None
            legal = state.legal_actions()
            action = bot.choose(state.view(seat), legal, rng)
            assert action in legal
            phases.add(state.view(seat).phase.value)
            state = state.apply(action, seat)
    assert "play" in phases


def test_it_is_reproducible_with_a_seed() -> None:
    variant = cardrules.get_variant("tarot")

    def game(seed: int) -> tuple[Any, ...]:
        bots = [MonteCarloBot(playouts=20), *(bot_for("tarot") for _ in range(3))]
        return play_game(variant.new_game(seed=seed), bots, random.Random(seed)).history

    assert game(3) == game(3)


def test_it_reports_its_last_decision() -> None:
    state = cardrules.get_variant("bid-euchre").new_game(seed=4)
    rng = random.Random(4)
    bots = [bot_for("bid-euchre") for _ in range(4)]
    while state.view(state.to_play).phase.value != "play":  # type: ignore[arg-type]
        seat = state.to_play
        assert seat is not None
        state = state.apply(bots[seat].choose(state.view(seat), state.legal_actions(), rng))
    bot = MonteCarloBot(playouts=30)
    seat = state.to_play
    assert seat is not None
    legal = state.legal_actions()
    choice = bot.choose(state.view(seat), legal, rng)
    if len(legal) > 1:
        assert [a for a, _ in bot.last] == list(legal)
        assert max(bot.last, key=lambda av: av[1])[0] == choice


def test_a_time_budget_still_decides() -> None:
    state = cardrules.get_variant("tarot").new_game(seed=5)
    for action in ("pass", "pass", "pass", "bid garde"):
        state = state.apply(action)
    rng = random.Random(5)
    while state.phase.value != "play":  # type: ignore[attr-defined]
        state = state.apply(state.legal_actions()[0])
    bot = MonteCarloBot(seconds=0.01)
    seat = state.to_play
    assert seat is not None
    assert bot.choose(state.view(seat), state.legal_actions(), rng) in state.legal_actions()


@pytest.mark.parametrize("bad", [0, -3, 2.5, True, "10"])
def test_a_bad_budget_is_refused(bad: object) -> None:
    with pytest.raises(InvalidArgumentError):
        MonteCarloBot(playouts=bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError):
        MonteCarloBot(seconds=bad if bad != 2.5 else -2.5)  # type: ignore[arg-type]


def test_it_refuses_what_it_cannot_play_from() -> None:
    with pytest.raises(InvalidArgumentError):
        MonteCarloBot().choose(object(), [cardrules.Pass()], random.Random(1))
    state = cardrules.get_variant("tarot").new_game(seed=1)
    with pytest.raises(InvalidArgumentError):
        MonteCarloBot().choose(state.view(1), [], random.Random(1))


def test_it_beats_random_play_at_bid_euchre() -> None:
    # The Monte-Carlo team (seats 0 and 2) against random players, the auction by the
    # heuristic bot for both sides: over 60 hands its team's points are higher.
    variant = cardrules.get_variant("bid-euchre")
    rng = random.Random(6)
    mc = MonteCarloBot(playouts=24)
    total = 0.0
    for hand in range(60):
        bots = [mc, RandomBot(), mc, RandomBot()]
        final = play_game(variant.new_game(rng=rng, dealer=hand % 4), bots, rng)
        total += final.returns()[0]
    assert total > 0
