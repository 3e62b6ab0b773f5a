"""The example plugins (Whist, Oh Hell) as PettingZoo environments (``cardrules[pettingzoo]``):
PettingZoo's own API and seed tests, through ``cardrules.integrations`` alone, which names
no plugin: each environment is built from what its variant declares."""

from __future__ import annotations

import random
import warnings
from typing import Any

import pytest

REASON = "needs the pettingzoo extra: pip install 'cardrules[pettingzoo]'"
pytest.importorskip("pettingzoo", reason=REASON)
pytest.importorskip("gymnasium", reason=REASON)
np = pytest.importorskip("numpy", reason=REASON)

from pettingzoo.test import api_test, seed_test  # noqa: E402

from cardrules.integrations import pettingzoo as cz  # noqa: E402

CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("whist", {}),
    ("whist", {"honours": True}),
    ("oh-hell", {}),
    ("oh-hell", {"players": 3, "hand_size": 17}),
    ("oh-hell", {"players": 7, "hand_size": 2}),
]
IDS = [f"{v}-{'-'.join(f'{k}={x}' for k, x in o.items()) or 'default'}" for v, o in CONFIGS]
KNOWN_WARNINGS = (
    "Observation space for each agent probably should be gymnasium.spaces.box",
    "Observation is not a NumPy array",
)


@pytest.mark.parametrize(("variant_id", "options"), CONFIGS, ids=IDS)
def test_pettingzoo_api_test_passes(
    example_plugins: tuple[str, ...], variant_id: str, options: dict[str, Any]
) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(cz.env(variant_id, **options), num_cycles=300)
    unexpected = [str(w.message) for w in caught if not str(w.message).startswith(KNOWN_WARNINGS)]
    assert unexpected == []


@pytest.mark.parametrize(("variant_id", "options"), CONFIGS[::2], ids=IDS[::2])
def test_pettingzoo_seed_test_passes(
    example_plugins: tuple[str, ...], variant_id: str, options: dict[str, Any]
) -> None:
    seed_test(lambda: cz.env(variant_id, **options), num_cycles=50)


@pytest.mark.parametrize(("variant_id", "options"), CONFIGS, ids=IDS)
def test_spaces_and_rewards_follow_the_declaration(
    example_plugins: tuple[str, ...], variant_id: str, options: dict[str, Any]
) -> None:
    game = cz.env(variant_id, **options)
    info = game.variant.info
    assert info.score_bounds is not None
    low, high = info.score_bounds
    rng = random.Random(5)
    for seed in range(3):
        game.reset(seed=seed)
        for agent in game.agent_iter():
            observation, reward, terminated, truncated, _ = game.last()
            assert observation["observation"].shape == (info.observation_size,)
            assert game.observation_space(agent)["observation"].contains(observation["observation"])
            assert low <= reward <= high
            if terminated or truncated:
                game.step(None)
            else:
                game.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
