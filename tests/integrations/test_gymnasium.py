"""The one-seat Gymnasium environment (``cardrules[pettingzoo]``): Gymnasium's own
``check_env``, and what the environment promises on top (masks, the rotating dealer,
rewards and their scale, errors, determinism, what the agent sees)."""

from __future__ import annotations

import doctest
import random
import re
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

REASON = "needs the pettingzoo extra: pip install 'cardrules[pettingzoo]'"
pytest.importorskip("gymnasium", reason=REASON)
np = pytest.importorskip("numpy", reason=REASON)

from gymnasium.utils.env_checker import check_env  # noqa: E402

import cardrules  # noqa: E402
from cardrules.bots import RandomBot  # noqa: E402
from cardrules.integrations import gymnasium as cg  # noqa: E402

CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("tarot", {"players": 3}),
    ("tarot", {"players": 4}),
    ("tarot", {"players": 5}),
    ("bid-euchre", {}),
    ("bid-euchre", {"joker": True, "allow_no_trump": True}),
]
IDS = [f"{v}-{'-'.join(f'{k}={x}' for k, x in o.items()) or 'default'}" for v, o in CONFIGS]
# check_env built the environment directly, not with gymnasium.make: it has no spec.
KNOWN_WARNINGS = ("Not able to test alternative render modes",)


def make(variant_id: str = "bid-euchre", **kwargs: Any) -> cg.CardrulesEnv:
    options = kwargs.pop("options", {})
    return cg.CardrulesEnv(cardrules.get_variant(variant_id, **options), **kwargs)


def checked(env: cg.CardrulesEnv) -> list[str]:
    """Run ``check_env``; the warnings it gave but the known ones."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env.unwrapped)
    return [str(w.message) for w in caught if not any(k in str(w.message) for k in KNOWN_WARNINGS)]


def play_episode(env: cg.CardrulesEnv, rng: random.Random) -> tuple[float, list[float]]:
    """Random legal actions to the end of the deal: the last reward and every reward."""
    rewards = []
    terminated = False
    while not terminated:
        action = rng.choice(np.flatnonzero(env.action_masks()).tolist())
        _, reward, terminated, truncated, _ = env.step(action)
        assert truncated is False
        rewards.append(reward)
    return rewards[-1], rewards


@pytest.mark.parametrize(("variant_id", "options"), CONFIGS, ids=IDS)
def test_gymnasium_check_env_passes(variant_id: str, options: dict[str, Any]) -> None:
    # check_env steps random action ids, most of them illegal: "lose" takes them.
    assert checked(make(variant_id, options=options, illegal_action="lose")) == []
    assert checked(make(variant_id, options=options, illegal_action="lose", seat="rotate")) == []


@pytest.mark.parametrize(("variant_id", "options"), [("oh-hell", {}), ("whist", {})])
def test_gymnasium_check_env_passes_for_the_example_plugins(
    example_plugins: tuple[str, ...], variant_id: str, options: dict[str, Any]
) -> None:
    env = make(variant_id, options=options, opponents="random", illegal_action="lose")
    assert env.observation_space.shape == (env.variant.info.observation_size,)
    assert checked(env) == []


def test_a_plugin_without_a_heuristic_bot_needs_other_opponents(
    example_plugins: tuple[str, ...],
) -> None:
    with pytest.raises(cardrules.UnknownVariantError, match="opponents='random'"):
        make("oh-hell")


@pytest.mark.parametrize(("variant_id", "options"), CONFIGS, ids=IDS)
def test_the_mask_is_the_legal_actions_and_the_observation_the_seat_view(
    variant_id: str, options: dict[str, Any]
) -> None:
    env = make(variant_id, options=options, seat="rotate")
    rng = random.Random(4)
    space = env.observation_space
    for episode in range(3):
        observation, info = env.reset(seed=episode) if episode == 0 else env.reset()
        terminated = False
        while not terminated:
            state = env.game_state
            assert state.to_play == env.seat == info["seat"]
            mask = env.action_masks()
            assert mask.dtype == np.int8
            assert mask.shape == (env.variant.num_actions,)
            assert mask.tolist() == [int(m) for m in state.legal_action_mask()]
            assert np.array_equal(info["action_mask"], mask)
            # What the agent sees is its seat's view, which holds no other hand.
            assert observation.dtype == np.float32
            assert space.contains(observation)
            assert observation.tolist() == list(np.float32(state.view(env.seat).observation()))
            action = rng.choice(np.flatnonzero(mask).tolist())
            observation, _, terminated, _, info = env.step(action)
        assert not env.action_masks().any()
        assert observation.tolist() == list(np.float32(env.game_state.view(env.seat).observation()))


def test_the_observation_does_not_change_with_the_other_hands() -> None:
    env = make("tarot", options={"players": 4}, seat=2)
    observation, _ = env.reset(seed=8)
    view = env.game_state.view(2)
    rng = random.Random(1)
    for _ in range(5):
        other = view.sample_state(rng)
        assert other.hand(2) == env.game_state.hand(2)
        assert np.array_equal(
            np.asarray(other.view(2).observation(), dtype=np.float32), observation
        )


def test_the_dealer_rotates_and_a_seeded_reset_starts_again() -> None:
    env = make("bid-euchre", seat=1)
    dealers = [env.reset(seed=0)[1]["dealer"]] + [env.reset()[1]["dealer"] for _ in range(7)]
    assert dealers == [0, 1, 2, 3, 0, 1, 2, 3]
    assert [env.game_state.dealer] == [3]
    assert env.reset(seed=0)[1]["dealer"] == 0
    fixed = make("bid-euchre", rotate_dealer=False)
    assert {fixed.reset(seed=s)[1]["dealer"] for s in range(3)} == {0}
    assert {fixed.reset()[1]["dealer"] for _ in range(5)} == {0}


def test_seat_rotate_meets_every_dealer_from_every_seat() -> None:
    env = make("tarot", options={"players": 3}, seat="rotate")
    seen = [env.reset(seed=3)[1]] + [env.reset()[1] for _ in range(8)]
    pairs = [(info["seat"], info["dealer"]) for info in seen]
    assert pairs == [(s, d) for s in range(3) for d in range(3)]
    assert env.game_state.to_play == env.seat == 2


def test_t9_a_deal_without_a_decision_is_played_out_and_the_next_dealt() -> None:
    variant = cardrules.get_variant("tarot", players=5)
    seed = next(
        s for s in range(20_000) if variant.new_game(rng=random.Random(s), dealer=0).is_terminal
    )
    rng = random.Random(seed)
    variant.new_game(rng=rng, dealer=0)  # the annulled deal
    env = cg.CardrulesEnv(variant, seat=3)
    _, info = env.reset(seed=seed)
    assert info["dealer"] == 1
    assert not env.game_state.is_terminal
    assert env.game_state.to_play == 3
    # The next deal of the same generator, by the next dealer.
    assert variant.deal_piles(env.game_state) == variant.deal_piles(
        variant.new_game(rng=rng, dealer=1)
    )


@pytest.mark.parametrize(("variant_id", "options"), CONFIGS, ids=IDS)
def test_the_reward_is_the_seat_score_at_the_end_and_unit_scales_it(
    variant_id: str, options: dict[str, Any]
) -> None:
    raw = make(variant_id, options=options, seat="rotate")
    unit = make(variant_id, options=options, seat="rotate", reward_scale="unit")
    low, high = raw.variant.info.score_bounds or (0, 0)
    bound = max(-low, high)
    for seed in range(4):
        raw.reset(seed=seed)
        unit.reset(seed=seed)
        last, rewards = play_episode(raw, random.Random(seed))
        scaled, unit_rewards = play_episode(unit, random.Random(seed))
        assert rewards[:-1] == [0.0] * (len(rewards) - 1)
        assert unit_rewards[:-1] == [0.0] * (len(unit_rewards) - 1)
        # The same deal and the same play: the same score, scaled.
        assert last == float(raw.game_state.returns()[raw.seat])
        assert low <= last <= high
        assert scaled == pytest.approx(last / bound)
        assert -1.0 <= scaled <= 1.0
        assert unit.game_state.returns() == raw.game_state.returns()


def test_unit_rewards_reach_the_bounds_only_at_the_declared_extremes() -> None:
    env = make("bid-euchre", reward_scale="unit", illegal_action="lose")
    env.reset(seed=1)
    illegal = int(np.flatnonzero(env.action_masks() == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    low, high = env.variant.info.score_bounds or (0, 0)
    assert (reward, terminated, info["illegal_action"]) == (low / max(-low, high), True, True)
    assert -1.0 <= reward < 0.0


def test_an_illegal_id_is_refused_with_the_library_errors_and_changes_nothing() -> None:
    env = make("tarot", seat=1)
    env.reset(seed=6)
    before = (env.game_state, env.seat, env.dealer)
    illegal = int(np.flatnonzero(env.action_masks() == 0)[0])
    with pytest.raises(cardrules.IllegalActionError):
        env.step(illegal)
    for bad in (1.5, -1, 10**20, 10**5000, np.int64(-1), np.int64(10_000), "1", True, None, [1]):
        with pytest.raises(cardrules.InvalidActionError):
            env.step(bad)
    assert (env.game_state, env.seat, env.dealer) == before
    legal = int(np.flatnonzero(env.action_masks())[0])
    for kind in (np.int64, np.uint8, np.int32):
        env.reset(seed=6)
        env.step(kind(legal))
        history = env.game_state.history
        assert history[: len(before[0].history) + 1] == (
            *before[0].history,
            (1, env.variant.action_from_id(legal)),
        )


def test_illegal_action_lose_ends_the_deal_with_the_lowest_score() -> None:
    env = make("tarot", illegal_action="lose")
    env.reset(seed=2)
    before = env.game_state
    illegal = int(np.flatnonzero(env.action_masks() == 0)[0])
    with pytest.raises(cardrules.InvalidActionError):
        env.step(2.5)  # not an id: refused in every mode
    assert env.game_state == before
    observation, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (env.variant.info.score_bounds[0], True, False)  # type: ignore[index]
    assert info["illegal_action"] is True
    assert env.game_state == before
    assert not env.action_masks().any()
    assert np.array_equal(observation, env.game_state.view(0).observation())


def test_a_finished_deal_refuses_more_steps() -> None:
    env = make("bid-euchre")
    with pytest.raises(cardrules.GameOverError, match="reset"):
        env.step(0)  # before the first reset
    assert not env.action_masks().any()
    env.reset(seed=5)
    play_episode(env, random.Random(5))
    for action in (0, None, np.int64(3)):
        with pytest.raises(cardrules.GameOverError, match="reset"):
            env.step(action)
    env.reset()
    assert not env.game_state.is_terminal


def test_the_same_seed_and_actions_give_the_same_episodes() -> None:
    def run(env: cg.CardrulesEnv, seed: int | None) -> list[Any]:
        out: list[Any] = []
        observation, info = env.reset(seed=seed)
        out.append((observation.tolist(), info["seat"], info["dealer"]))
        for _ in range(3):
            rng = random.Random(9)
            _, rewards = play_episode(env, rng)
            out.append((rewards, env.game_state.history))
            observation, info = env.reset()
            out.append((observation.tolist(), info["seat"], info["dealer"]))
        return out

    first = run(make("tarot", seat="rotate"), 17)
    assert run(make("tarot", seat="rotate"), 17) == first
    assert run(make("tarot", seat="rotate", seed=17), None) == first
    assert run(make("tarot", seat="rotate"), np.int64(17)) == first
    assert run(make("tarot", seat="rotate"), 18) != first


def test_the_deals_of_a_seed_do_not_depend_on_the_opponents() -> None:
    variant = cardrules.get_variant("bid-euchre")
    for opponents in ("heuristic", "random"):
        env = cg.CardrulesEnv(variant, opponents=opponents)
        for seed in range(6):
            _, info = env.reset(seed=seed)
            # Deal n of the seed's generator, by dealer n: the deals before it gave the
            # agent no decision (E-10: its partner shot the moon).
            rng = random.Random(seed)
            for dealer in range(info["dealer"] + 1):
                dealt = variant.new_game(rng=rng, dealer=dealer)
            assert variant.deal_piles(env.game_state) == variant.deal_piles(dealt)


def test_e10_a_hand_where_the_agent_sits_out_is_played_and_the_deal_passes() -> None:
    env = cg.CardrulesEnv(cardrules.get_variant("bid-euchre"), opponents="random")
    _, info = env.reset(seed=4)
    # With seed 4 the random partner shoots the moon in the first hand.
    assert info["dealer"] == 1
    assert env.game_state.to_play == 0


class Recorder:
    """A bot that records the seats it plays for."""

    def __init__(self) -> None:
        self.seats: set[int] = set()

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        self.seats.add(view.seat)
        return legal[0]


def test_opponents_sit_from_the_agent_left_onwards() -> None:
    bots = [Recorder(), Recorder(), Recorder()]
    env = make("bid-euchre", seat=1, opponents=bots)
    for seed in range(3):
        env.reset(seed=seed)
        play_episode(env, random.Random(seed))
    assert [bot.seats for bot in bots] == [{2}, {3}, {0}]
    one = Recorder()
    env = make("bid-euchre", seat=0, opponents=one)
    env.reset(seed=1)
    play_episode(env, random.Random(1))
    assert one.seats == {1, 2, 3}


@pytest.mark.parametrize("seat", [4, -1, True, 1.5, "north", "", None, np.int64(9), [0]])
def test_a_bad_seat_is_refused(seat: Any) -> None:
    with pytest.raises(cardrules.InvalidSeatError, match="'rotate'"):
        make("bid-euchre", seat=seat)


def test_bad_arguments_are_refused_with_the_library_errors() -> None:
    with pytest.raises(cardrules.InvalidArgumentError, match="Variant"):
        cg.CardrulesEnv("tarot")  # type: ignore[arg-type]
    with pytest.raises(cardrules.OptionsError, match="reward_scale"):
        make(reward_scale="points")
    with pytest.raises(cardrules.OptionsError, match="illegal_action"):
        make(illegal_action="ignore")
    with pytest.raises(cardrules.OptionsError, match="bot kind"):
        make(opponents="clever")
    with pytest.raises(cardrules.OptionsError, match="3 bots, not 2"):
        make(opponents=[RandomBot(), RandomBot()])
    with pytest.raises(cardrules.InvalidArgumentError, match="opponents"):
        make(opponents=[RandomBot(), RandomBot(), object()])
    with pytest.raises(cardrules.InvalidArgumentError, match="opponents"):
        make(opponents=42)
    with pytest.raises(cardrules.InvalidArgumentError, match="render_mode"):
        make(render_mode="rgb_array")
    with pytest.raises(cardrules.InvalidArgumentError, match="rotate_dealer"):
        make(rotate_dealer=1)
    env = make()
    env.reset(seed=3)
    before = env.game_state
    for bad in (True, 2.5, "3", np.float64(3), [3]):
        with pytest.raises(cardrules.InvalidArgumentError, match="seed"):
            env.reset(seed=bad)  # type: ignore[arg-type]
        assert env.game_state == before
    with pytest.raises(cardrules.InvalidArgumentError, match="seed"):
        make(seed="3")


def test_render_shows_the_agent_view_only(capsys: pytest.CaptureFixture[str]) -> None:
    env = make("tarot", render_mode="ansi", seat=2)
    env.reset(seed=4)
    text = env.render()
    assert isinstance(text, str)
    assert text.startswith("French Tarot, seat ")
    codes = set(re.findall(r"[0-9A-Z]+", text))
    assert {str(c) for c in env.game_state.hand(2)} <= codes
    for other in (0, 1, 3):
        assert not codes & {str(c) for c in env.game_state.hand(other)}
    human = make("bid-euchre", render_mode="human")
    human.reset(seed=4)
    assert "Bid Euchre" in capsys.readouterr().out
    assert make("tarot").render() is None


def test_the_observation_layout_is_the_variant_declaration() -> None:
    env = make("tarot", options={"players": 5})
    layout = env.observation_layout
    assert layout == env.variant.info.observation_layout
    assert layout[0].offset == 0
    assert layout[-1].stop == env.observation_space.shape[0]


def test_the_module_examples_run() -> None:
    result = doctest.testmod(cg, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0
    assert result.failed == 0


DOCS = Path(__file__).resolve().parents[2] / "docs" / "integrations.md"


@pytest.mark.skipif(not DOCS.is_file(), reason="the docs are not beside these tests")
def test_the_docs_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    blocks = re.findall(r"```python\n(.*?)```", DOCS.read_text(encoding="utf-8"), re.DOTALL)
    code = next(b for b in blocks if "integrations.gymnasium" in b)
    exec(compile(code, str(DOCS), "exec"), {})  # noqa: S102 - the docs' own example
    assert capsys.readouterr().out
