"""Train sb3-contrib's MaskablePPO on the one-seat Gymnasium env, unchanged, and compare
the trained seat with the random and heuristic bots in its seat.

Run (torch and sb3-contrib are not project dependencies; install them yourself)::

    pip install 'cardrules[pettingzoo]' sb3-contrib
    python bench/maskable_ppo.py [--variant bid-euchre] [--steps 100000] [--eval 1000]

The env is ``CardrulesEnv(variant, seat="rotate", reward_scale="unit")``: the library's
heuristic bots in the other seats, the agent's seat and the dealer rotating. MaskablePPO
reads the legal actions from the env's ``action_masks()``, as its documentation asks, with
no wrapper. The evaluation plays ``--eval`` deals with the trained policy (deterministic,
masked), then the same deals (the env's seeds) with a random bot and with the heuristic
bot in the agent's seat, and prints each one's mean reward with a 95 % interval.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

import cardrules
from cardrules.bots import bot_for
from cardrules.integrations.gymnasium import CardrulesEnv


def _interval(values: list[float]) -> str:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / len(values) ** 0.5
    return f"{mean:+.4f} ± {half:.4f}"


def _evaluate(env: CardrulesEnv, choose: Any, deals: int) -> list[float]:
    """The agent seat's reward in each of ``deals`` deals, ``choose(obs, env)`` acting."""
    rewards = []
    for deal in range(deals):
        obs, _ = env.reset(seed=10_000 + deal)
        total = 0.0
        done = False
        while not done:
            obs, reward, terminated, truncated, _ = env.step(choose(obs, env))
            total += float(reward)
            done = terminated or truncated
        rewards.append(total)
    return rewards


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--variant", default="bid-euchre")
    parser.add_argument("--steps", type=int, default=100_000)
    parser.add_argument("--eval", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    from sb3_contrib import MaskablePPO  # not a project dependency: imported when run

    variant = cardrules.get_variant(args.variant)
    env = CardrulesEnv(variant, seat="rotate", reward_scale="unit", seed=args.seed)
    model = MaskablePPO("MlpPolicy", env, seed=args.seed, verbose=0)
    start = time.perf_counter()
    model.learn(total_timesteps=args.steps)
    trained = time.perf_counter() - start
    print(f"{args.variant}: MaskablePPO trained {args.steps} steps in {trained:.0f} s")

    def policy(obs: Any, env: CardrulesEnv) -> int:
        action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
        return int(action)

    rng = random.Random(args.seed)

    def random_bot(obs: Any, env: CardrulesEnv) -> int:
        return rng.choice([i for i, ok in enumerate(env.action_masks()) if ok])

    heuristic = bot_for(variant)
    assert heuristic is not None

    def heuristic_bot(obs: Any, env: CardrulesEnv) -> int:
        state = env.game_state
        seat = state.to_play
        assert seat is not None
        action = heuristic.choose(state.view(seat), state.legal_actions(), rng)
        return int(variant.action_id(action))

    for name, choose in (
        ("MaskablePPO", policy),
        ("random bot", random_bot),
        ("heuristic bot", heuristic_bot),
    ):
        rewards = _evaluate(env, choose, args.eval)
        print(f"| {name} | {_interval(rewards)} |")


if __name__ == "__main__":
    main()
