"""PettingZoo environments of the cardrules variants (extra ``cardrules[pettingzoo]``).

:func:`env` builds an AEC environment of one deal (hand) of a variant: agents
``player_0`` … ``player_{n-1}`` are the seats, the agent to act is the seat to play, an
action is a variant's integer action id, and the rewards at the end are the deal's
settlement (:meth:`~cardrules.State.returns`, each seat's score for the deal).

``observe(agent)`` gives ``{"observation": ..., "action_mask": ...}``: the seat's
observation (:meth:`view.observation() <cardrules.tarot.TarotView.observation>`, a
``float32`` vector of ``variant.observation_size``) and, for the agent to act, the
legal action ids as an ``int8`` mask of ``variant.num_actions`` (all zeros for the
others, as PettingZoo's classic games do). ``reset(seed=...)`` deals with
``random.Random(seed)``; ``reset()`` deals the next deal of the same generator. A deal
annulled before anyone acts (French Tarot's Petit sec, T-9) is dealt again from the same
generator, so every episode has at least one decision.

``state()`` gives the full-information state for centralised critics: every seat's
observation, seat 0's first, one after the other (a ``float32`` vector of
``players * variant.observation_size``, in ``state_space``), so every hand and what
each seat knows. ``observation_layout`` is the variant's declared layout of one
observation (:attr:`GameInfo.observation_layout
<cardrules.info.GameInfo.observation_layout>`).

>>> from cardrules.integrations.pettingzoo import env
>>> game = env("tarot", players=3)
>>> game.reset(seed=7)
>>> observation, reward, terminated, truncated, info = game.last()
>>> game.agent_selection, int(observation["action_mask"].sum()), reward, terminated
('player_1', 5, 0.0, False)
>>> while game.agents:
...     observation, reward, terminated, truncated, info = game.last()
...     mask = observation["action_mask"]
...     game.step(None if terminated else int(mask.nonzero()[0][0]))
"""

from __future__ import annotations

import operator
import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from cardrules import (
    CardrulesError,
    GameOverError,
    InvalidActionError,
    InvalidArgumentError,
    State,
    Variant,
)
from cardrules import get_variant as _get_variant
from cardrules._util import quote
from cardrules.info import ObservationBlock
from cardrules.integrations._common import observation_size, score_bound

__all__ = ["CardrulesEnv", "env"]

RENDER_MODES = ("human", "ansi")


def env(variant_id: str, *, render_mode: str | None = None, **options: Any) -> CardrulesEnv:
    """A PettingZoo AEC environment of one deal of the variant ``variant_id``.

    Args:
        variant_id: A variant's id or alias (``"tarot"``, ``"bid-euchre"`` …).
        render_mode: ``None``, ``"human"`` (prints the table) or ``"ansi"`` (returns it).
        **options: The variant's options (``players=5``, ``joker=True`` …).

    Raises:
        UnknownVariantError: no variant has that name.
        OptionsError: an unknown or invalid option.
        InvalidArgumentError: an unknown render mode.

    >>> env("bid-euchre", joker=True).possible_agents
    ['player_0', 'player_1', 'player_2', 'player_3']
    """
    return CardrulesEnv(_get_variant(variant_id, **options), render_mode=render_mode)


class CardrulesEnv(AECEnv):  # type: ignore[misc]
    """An AEC environment of one deal of ``variant`` (see the module's documentation).

    Attributes:
        variant: The variant, with its options.
        observation_layout: The blocks of one observation vector
            (:class:`~cardrules.info.ObservationBlock`), as the variant declares them.
        state_space: The ``Box`` of :meth:`state`: ``players`` observations.
        game_state: The current :class:`~cardrules.State` (full information: for the
            environment's owner, never for the agents).
    """

    agent_selection: str
    agents: list[str]
    possible_agents: list[str]
    rewards: dict[str, float]
    terminations: dict[str, bool]
    truncations: dict[str, bool]
    infos: dict[str, dict[str, Any]]
    _cumulative_rewards: dict[str, float]

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": list(RENDER_MODES),
        "name": "cardrules_v0",
        "is_parallelizable": False,
    }

    def __init__(self, variant: Variant, *, render_mode: str | None = None) -> None:
        if not isinstance(variant, Variant):
            raise InvalidArgumentError(f"a cardrules Variant is needed, not {quote(variant)}")
        if render_mode is not None and (
            type(render_mode) is not str or render_mode not in RENDER_MODES
        ):
            raise InvalidArgumentError(
                f"render_mode must be None, 'human' or 'ansi', not {quote(render_mode)}"
            )
        super().__init__()
        self.variant = variant
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(variant.players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.agents = list(self.possible_agents)
        size = observation_size(variant)
        # An observation holds flags, counts of cards or tricks, and the deal's scores.
        bound = max(score_bound(variant), float(len(variant.deck)))
        # One space object per agent, built once: seeding a space must stick.
        self._observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(
                        low=-bound, high=bound, shape=(size,), dtype=np.float32
                    ),
                    "action_mask": spaces.MultiBinary(variant.num_actions),
                }
            )
            for agent in self.possible_agents
        }
        self.observation_layout: tuple[ObservationBlock, ...] = variant.info.observation_layout
        self.state_space = spaces.Box(
            low=-bound, high=bound, shape=(variant.players * size,), dtype=np.float32
        )
        self._action_spaces = {
            agent: spaces.Discrete(variant.num_actions) for agent in self.possible_agents
        }
        self._rng = random.Random()
        self.game_state: State = self._deal()
        self._start()

    # -- the AEC interface -----------------------------------------------------------

    def observation_space(self, agent: str) -> Any:
        """The agent's ``Dict`` space: ``observation`` (``Box``) and ``action_mask``.

        Raises:
            InvalidArgumentError: ``agent`` is not one of :attr:`possible_agents`.
        """
        return self._observation_spaces[self._agent(agent)]

    def action_space(self, agent: str) -> Any:
        """The agent's ``Discrete(variant.num_actions)`` space of action ids.

        Raises:
            InvalidArgumentError: ``agent`` is not one of :attr:`possible_agents`.
        """
        return self._action_spaces[self._agent(agent)]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new deal: with ``random.Random(seed)`` if a seed is given (an int, a
        numpy integer included), else the next deal of the environment's generator.
        ``options`` is accepted and unused.

        Raises:
            InvalidArgumentError: ``seed`` is not an integer (a bool is refused); the
                environment is left as it was.
        """
        if seed is not None:
            self._rng = random.Random(_seed(seed))
        self.game_state = self._deal()
        self._start()

    def observe(self, agent: str) -> dict[str, Any]:
        """``{"observation": float32 vector, "action_mask": int8 vector}`` for ``agent``.

        Raises:
            InvalidArgumentError: ``agent`` is not one of :attr:`possible_agents`.
        """
        seat = self._seats[self._agent(agent)]
        observation = np.asarray(self.game_state.view(seat).observation(), dtype=np.float32)
        mask = np.zeros(self.variant.num_actions, dtype=np.int8)
        if self.game_state.to_play == seat:
            mask[list(self.game_state.legal_action_ids())] = 1
        return {"observation": observation, "action_mask": mask}

    def state(self) -> Any:
        """The full-information state: every seat's observation, seat 0's first, as one
        ``float32`` vector of ``players * variant.observation_size`` (``state_space``).

        Seat ``n``'s observation is ``state()[n * size:(n + 1) * size]``, each laid out
        as :attr:`observation_layout` from that seat's point of view; together they hold
        every hand. A card in no hand that no seat has seen (French Tarot's chien before
        it is shown) is in none of them.

        >>> game = env("bid-euchre")
        >>> game.reset(seed=1)
        >>> game.state().reshape(4, -1).shape == (4, game.variant.observation_size)
        True
        """
        return np.concatenate(
            [
                np.asarray(self.game_state.view(seat).observation(), dtype=np.float32)
                for seat in range(self.variant.players)
            ]
        )

    def step(self, action: Any) -> None:
        """Apply the action id ``action`` for the agent to act (``None`` once it is done).

        Raises:
            InvalidActionError: ``action`` is not an integer action id (a numpy integer
                is one), or not ``None`` for a finished agent.
            IllegalActionError: the action is illegal here (the specific subclass); the
                environment is left as it was.
            GameOverError: every agent is done: :meth:`reset` deals the next deal.
        """
        agent = self._acting()
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise InvalidActionError(
                    f"{agent} is done: the only action of a finished agent is None, "
                    f"not {quote(action)}"
                )
            self._was_dead_step(action)
            return
        if isinstance(action, (bool, np.bool_)):
            raise InvalidActionError(f"an action id is an int, not {quote(action)}")
        try:
            action_id = operator.index(action)
        except TypeError:
            raise InvalidActionError(f"an action id is an int, not {quote(action)}") from None
        self.game_state = self.game_state.apply(action_id)
        self._cumulative_rewards[agent] = 0.0
        if self.game_state.is_terminal:
            returns = self.game_state.returns()
            self.rewards = {a: float(returns[i]) for i, a in enumerate(self.possible_agents)}
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self.agent_selection = self._agent_of(self.game_state)
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """``(observation, reward, terminated, truncated, info)`` of the agent to act.

        Raises:
            GameOverError: every agent is done: :meth:`reset` deals the next deal.
        """
        self._acting()
        out: tuple[Any, float, bool, bool, dict[str, Any]] = super().last(observe)
        return out

    def render(self) -> str | None:
        """The table as text, as the seat to act sees it (no other seat's hidden cards):
        printed in mode ``"human"``, returned in mode ``"ansi"``."""
        seat = self.possible_agents.index(self.agent_selection)
        lines = [
            f"{self.variant.name}, {self.agent_selection} "
            + ("(the deal is over)" if self.game_state.is_terminal else "to act"),
            repr(self.game_state.view(seat)),
        ]
        if self.game_state.is_terminal:
            lines.append("returns: " + " ".join(f"{r:g}" for r in self.game_state.returns()))
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
            return None
        if self.render_mode == "ansi":
            return text
        return None

    def close(self) -> None:
        """Nothing to release: the environment holds no window or process."""

    # -- helpers ---------------------------------------------------------------------

    def _deal(self) -> State:
        state = self.variant.new_game(rng=self._rng)
        while state.is_terminal:  # T-9: annulled at once, dealt again
            state = self.variant.new_game(rng=self._rng)
        return state

    def _acting(self) -> str:
        """The agent to act, while one is not done with the deal."""
        agent = self.agent_selection
        if agent not in self.terminations:
            raise GameOverError("every agent is done with this deal: reset() deals the next")
        return agent

    def _agent(self, agent: object) -> str:
        """``agent``, if it is one of the environment's agents."""
        if type(agent) is not str or agent not in self._seats:
            raise InvalidArgumentError(
                f"unknown agent {quote(agent)}: the agents are "
                + ", ".join(repr(a) for a in self.possible_agents)
            )
        return agent

    def _agent_of(self, state: State) -> str:
        seat = state.to_play
        if seat is None:  # pragma: no cover - callers check is_terminal first
            raise CardrulesError("a finished deal has no agent to act")
        return self.possible_agents[seat]

    def _start(self) -> None:
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self._agent_of(self.game_state)


def _seed(seed: object) -> int:
    """``seed`` as an int: PettingZoo and Gymnasium pass numpy integers too."""
    if isinstance(seed, (int, np.integer)) and not isinstance(seed, (bool, np.bool_)):
        return int(seed)
    raise InvalidArgumentError(f"seed must be an int or None, not {quote(seed)}")
