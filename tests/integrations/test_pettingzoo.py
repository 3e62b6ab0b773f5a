"""The PettingZoo environments (``cardrules[pettingzoo]``): PettingZoo's own API and seed
tests, and what the environment promises on top (masks, rewards, errors, rendering)."""

from __future__ import annotations

import doctest
import random
import re
import warnings
from pathlib import Path
from typing import Any

import pytest

REASON = "needs the pettingzoo extra: pip install 'cardrules[pettingzoo]'"
pytest.importorskip("pettingzoo", reason=REASON)
pytest.importorskip("gymnasium", reason=REASON)
np = pytest.importorskip("numpy", reason=REASON)

from pettingzoo.test import api_test, seed_test  # noqa: E402

import cardrules  # noqa: E402
from cardrules.integrations import pettingzoo as cz  # noqa: E402

CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("tarot", {"players": 3}),
    ("tarot", {"players": 4}),
    ("tarot", {"players": 5}),
    ("bid-euchre", {}),
    ("bid-euchre", {"joker": True, "joker_discard_timing": "after_trump"}),
    ("bid-euchre", {"double_deck": True, "bidding_style": "continuous"}),
]
IDS = [f"{v}-{'-'.join(f'{k}={x}' for k, x in o.items()) or 'default'}" for v, o in CONFIGS]

# api_test warns about any Dict observation of an environment outside PettingZoo's own
# list of classic games, though a Dict with an action mask is the convention it asks for.
KNOWN_WARNINGS = (
    "Observation space for each agent probably should be gymnasium.spaces.box",
    "Observation is not a NumPy array",
)


def play_out(game: cz.CardrulesEnv, rng: random.Random) -> list[tuple[str, float]]:
    """Play random legal actions to the end; every ``(agent, reward)`` seen by ``last()``."""
    seen = []
    for agent in game.agent_iter():
        observation, reward, terminated, truncated, _ = game.last()
        seen.append((agent, reward))
        if terminated or truncated:
            game.step(None)
        else:
            game.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
    return seen


@pytest.mark.parametrize(("variant_id", "options"), CONFIGS, ids=IDS)
def test_pettingzoo_api_test_passes(variant_id: str, options: dict[str, Any]) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(cz.env(variant_id, **options), num_cycles=1000)
    unexpected = [str(w.message) for w in caught if not str(w.message).startswith(KNOWN_WARNINGS)]
    assert unexpected == []


@pytest.mark.parametrize(("variant_id", "options"), CONFIGS[::2], ids=IDS[::2])
def test_pettingzoo_seed_test_passes(variant_id: str, options: dict[str, Any]) -> None:
    seed_test(lambda: cz.env(variant_id, **options), num_cycles=100)


@pytest.mark.parametrize(("variant_id", "options"), CONFIGS, ids=IDS)
def test_observations_and_masks_follow_the_state(variant_id: str, options: dict[str, Any]) -> None:
    game = cz.env(variant_id, **options)
    game.reset(seed=11)
    variant = game.variant
    rng = random.Random(3)
    space = game.observation_space("player_0")
    while not game.game_state.is_terminal:
        state = game.game_state
        assert game.agent_selection == f"player_{state.to_play}"
        for seat, agent in enumerate(game.agents):
            seen = game.observe(agent)
            assert space.contains(seen)
            assert seen["observation"].dtype == np.float32
            assert np.allclose(seen["observation"], state.view(seat).observation())
            mask = seen["action_mask"]
            assert mask.dtype == np.int8
            assert mask.shape == (variant.num_actions,)
            expected = state.legal_action_mask() if seat == state.to_play else ()
            assert np.flatnonzero(mask).tolist() == [i for i, m in enumerate(expected) if m]
        game.step(rng.choice(state.legal_action_ids()))


@pytest.mark.parametrize(("variant_id", "options"), CONFIGS, ids=IDS)
def test_rewards_are_the_settlement_of_the_deal(variant_id: str, options: dict[str, Any]) -> None:
    game = cz.env(variant_id, **options)
    for seed in range(3):
        game.reset(seed=seed)
        state = game.game_state
        rng = random.Random(seed)
        seen = play_out(game, rng)
        final = game.game_state
        assert final.is_terminal
        assert game.agents == []
        got = dict.fromkeys(game.possible_agents, 0.0)
        for agent, reward in seen:
            got[agent] += reward
        assert list(got.values()) == [float(r) for r in final.returns()]
        # The deal is the one the seed deals, and the actions those of its history.
        assert final.history[: len(state.history)] == state.history


def test_reset_with_a_seed_deals_the_same_deal_and_reset_without_deals_the_next() -> None:
    game = cz.env("tarot")
    game.reset(seed=5)
    first = game.game_state
    game.reset()
    second = game.game_state
    game.reset(seed=5)
    assert game.game_state == first
    assert second != first
    assert first == cardrules.get_variant("tarot").new_game(rng=random.Random(5))


def test_t9_a_petit_sec_deal_is_dealt_again_so_every_episode_has_a_decision() -> None:
    variant = cardrules.get_variant("tarot", players=5)
    seed = next(s for s in range(20_000) if variant.new_game(rng=random.Random(s)).is_terminal)
    rng = random.Random(seed)
    variant.new_game(rng=rng)  # the annulled deal
    redealt = variant.new_game(rng=rng)
    game = cz.env("tarot", players=5)
    game.reset(seed=seed)
    assert not game.game_state.is_terminal
    assert game.game_state == redealt
    assert not any(game.terminations.values())


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    game = cz.env("bid-euchre")
    game.reset(seed=2)
    before = (game.game_state, game.agent_selection, dict(game.rewards))
    illegal = next(i for i, legal in enumerate(game.game_state.legal_action_mask()) if not legal)
    with pytest.raises(cardrules.IllegalActionError):
        game.step(illegal)
    for bad in (-1, 10_000, 2.5, "pass", True, None):
        with pytest.raises(cardrules.InvalidActionError):
            game.step(bad)
    assert (game.game_state, game.agent_selection, dict(game.rewards)) == before
    game.step(np.int64(game.game_state.legal_action_ids()[0]))
    assert game.game_state != before[0]


def test_bad_arguments_are_refused_with_the_library_errors() -> None:
    with pytest.raises(cardrules.UnknownVariantError):
        cz.env("whist-of-nowhere")
    with pytest.raises(cardrules.OptionsError):
        cz.env("tarot", players=7)
    with pytest.raises(cardrules.InvalidArgumentError, match="render_mode"):
        cz.env("tarot", render_mode="rgb_array")
    with pytest.raises(cardrules.InvalidArgumentError):
        cz.CardrulesEnv("tarot")  # type: ignore[arg-type]


def test_render_shows_the_table_as_the_seat_to_act_sees_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    game = cz.env("tarot", render_mode="ansi")
    game.reset(seed=4)
    seat = game.game_state.to_play
    assert seat is not None
    text = game.render()
    assert isinstance(text, str)
    assert text.startswith(f"French Tarot, player_{seat} to act")
    codes = set(re.findall(r"[0-9A-Z]+", text))
    assert {str(c) for c in game.game_state.hand(seat)} <= codes
    for other in range(game.variant.players):
        if other != seat:
            assert not codes & {str(c) for c in game.game_state.hand(other)}
    human = cz.env("bid-euchre", render_mode="human")
    human.reset(seed=4)
    assert human.render() is None
    assert "Bid Euchre" in capsys.readouterr().out
    human.step(human.game_state.legal_action_ids()[0])
    assert "BidEuchreView" in capsys.readouterr().out  # human mode renders each step
    assert cz.env("tarot").render() is None


def test_the_module_examples_run() -> None:
    result = doctest.testmod(cz, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0
    assert result.failed == 0


DOCS = Path(__file__).resolve().parents[2] / "docs" / "integrations.md"


@pytest.mark.skipif(not DOCS.is_file(), reason="the docs are not beside these tests")
def test_the_docs_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    blocks = re.findall(r"```python\n(.*?)```", DOCS.read_text(encoding="utf-8"), re.DOTALL)
    code = next(b for b in blocks if "integrations.pettingzoo" in b)
    exec(compile(code, str(DOCS), "exec"), {})  # noqa: S102 - the docs' own example
    assert capsys.readouterr().out


def test_reset_takes_numpy_integer_seeds_as_pettingzoo_passes_them() -> None:
    game = cz.env("bid-euchre")
    game.reset(seed=3)
    dealt = game.game_state
    for seed in (np.int64(3), np.int32(3), np.uint16(3), np.int8(3)):
        game.reset(seed=seed)
        assert game.game_state == dealt
    for bad in (True, np.bool_(True), 2.5, "3", np.float64(3), [3], object(), b"3"):
        with pytest.raises(cardrules.InvalidArgumentError, match="seed"):
            game.reset(seed=bad)  # type: ignore[arg-type]
        assert game.game_state == dealt


@pytest.mark.parametrize(
    "agent", ["player_4", "player_-1", "", None, 0, np.int64(0), ["player_0"], "x" * 100_000]
)
def test_an_unknown_agent_is_refused_with_a_library_error(agent: Any) -> None:
    game = cz.env("bid-euchre")
    game.reset(seed=1)
    for method in (game.observe, game.observation_space, game.action_space):
        with pytest.raises(cardrules.InvalidArgumentError, match="unknown agent"):
            method(agent)


def test_action_ids_of_every_integer_type_and_out_of_range_ones() -> None:
    game = cz.env("tarot")
    game.reset(seed=6)
    before = game.game_state
    for bad in (np.int64(10_000), np.int64(-1), 10**5000, np.float32(1), np.bool_(False), "1"):
        with pytest.raises(cardrules.InvalidActionError):
            game.step(bad)
        assert game.game_state == before
    legal = game.game_state.legal_action_ids()
    for kind in (np.uint8, np.int16, np.uint32, np.int64):
        game.reset(seed=6)
        game.step(kind(legal[0]))
        assert game.game_state == before.apply(legal[0])


def test_a_finished_deal_refuses_more_steps_with_library_errors() -> None:
    game = cz.env("bid-euchre")
    game.reset(seed=2)
    rng = random.Random(2)
    while not game.game_state.is_terminal:
        game.step(rng.choice(game.game_state.legal_action_ids()))
    # Every agent is done and steps None once; any other action is refused.
    with pytest.raises(cardrules.InvalidActionError, match="only action"):
        game.step(0)
    while game.agents:
        game.step(None)
    for action in (None, 0, np.int64(0)):
        with pytest.raises(cardrules.GameOverError, match="reset"):
            game.step(action)
    with pytest.raises(cardrules.GameOverError):
        game.last()
    game.reset(seed=2)
    assert game.agents == game.possible_agents


@pytest.mark.parametrize(("variant_id", "options"), CONFIGS, ids=IDS)
def test_state_is_every_seat_observation_in_seat_order(
    variant_id: str, options: dict[str, Any]
) -> None:
    from pettingzoo.test.state_test import test_state_space

    game = cz.env(variant_id, **options)
    test_state_space(game)
    variant = game.variant
    size = variant.info.observation_size
    assert game.state_space.shape == (variant.players * size,)
    assert game.state_space.dtype == np.float32
    game.reset(seed=12)
    # Every hand is in it: the hand block of each seat's part.
    hand = game.observation_layout[0]
    assert hand.name == "hand"
    for seat in range(variant.players):
        part = game.state()[seat * size : (seat + 1) * size]
        assert part[hand.offset : hand.stop].sum() == len(game.game_state.hand(seat))
    rng = random.Random(12)
    while True:
        state = game.state()
        assert state.dtype == np.float32
        assert game.state_space.contains(state)
        expected = [game.game_state.view(seat).observation() for seat in range(variant.players)]
        assert np.array_equal(state, np.asarray(expected, dtype=np.float32).reshape(-1))
        for seat, agent in enumerate(game.possible_agents):
            block = state[seat * size : (seat + 1) * size]
            assert np.array_equal(block, game.observe(agent)["observation"])
        if game.game_state.is_terminal:
            break
        game.step(rng.choice(game.game_state.legal_action_ids()))


def test_the_observation_layout_is_the_variant_declaration() -> None:
    game = cz.env("tarot", players=5)
    layout = game.observation_layout
    assert layout == game.variant.info.observation_layout
    assert layout[-1].stop == game.observation_space("player_0")["observation"].shape[0]
    assert game.state_space.shape[0] == 5 * layout[-1].stop
