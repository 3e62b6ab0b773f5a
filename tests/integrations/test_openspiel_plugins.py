"""The example plugins (Whist, Oh Hell) as OpenSpiel games (``cardrules[openspiel]``):
pyspiel's own random simulation test, through ``cardrules.integrations`` alone, which
names no plugin: each game is built from what its variant declares (its bounds, its
longest deal, its observation, its parameters, its deal's piles)."""

from __future__ import annotations

import importlib
import random
from typing import Any

import pytest

REASON = "needs the openspiel extra: pip install 'cardrules[openspiel]'"
pyspiel = pytest.importorskip("pyspiel", reason=REASON)
pytest.importorskip("numpy", reason=REASON)

import cardrules  # noqa: E402
from cardrules.integrations import openspiel as co  # noqa: E402

GAMES = [
    ("whist", "python_cardrules_whist"),
    ("whist", "python_cardrules_whist(honours=True)"),
    ("oh-hell", "python_cardrules_oh_hell"),
    ("oh-hell", "python_cardrules_oh_hell(players=3,hand_size=17)"),
    ("oh-hell", "python_cardrules_oh_hell(players=7,hand_size=2)"),
]


def random_play(game: Any, rng: random.Random) -> Any:
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(("variant_id", "name"), GAMES)
def test_pyspiel_random_sim_test_passes(
    example_plugins: tuple[str, ...], variant_id: str, name: str
) -> None:
    assert co.register(variant_id) is co.register(variant_id)
    assert co.game_name(variant_id) == name.partition("(")[0]
    pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize(("variant_id", "name"), GAMES)
def test_games_keep_to_their_declaration(
    example_plugins: tuple[str, ...], variant_id: str, name: str
) -> None:
    co.register(variant_id)
    game = pyspiel.load_game(name)
    info = game.variant.info
    assert (game.min_utility(), game.max_utility()) == info.score_bounds
    assert game.num_distinct_actions() == info.num_actions
    assert game.observation_tensor_size() == info.observation_size
    rng = random.Random(name)
    for _ in range(5):
        state = random_play(game, rng)
        assert state.returns() == list(state.state.returns())
        assert len(state.history()) <= game.max_game_length()
        # The deal was dealt as chance outcomes, pile by pile, and reads back.
        dealt = next(game.variant.replay(state.state.record()))
        piles = game.piles_of(dealt)
        assert game.deal(piles) == dealt


def test_a_variant_that_declares_no_observation_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from cardrules import registry

    toy = importlib.import_module("cardrules_core_toy")  # loaded by tests/conftest.py
    registry.get_variant_class("tarot")  # the built-ins first, as the registry has them
    monkeypatch.setitem(registry._classes, toy.ToyVariant.id, toy.ToyVariant)
    monkeypatch.setitem(registry._aliases, toy.ToyVariant.id, toy.ToyVariant.id)
    with pytest.raises(cardrules.InvalidArgumentError, match="no observation is declared"):
        co.register(toy.ToyVariant.id)
    assert toy.ToyVariant.id not in co._GAMES
