"""A one-seat Gymnasium environment of a cardrules variant (extra ``cardrules[pettingzoo]``).

:class:`CardrulesEnv` seats the agent at one seat of the table and the library's bots at
the others (the variant's heuristic bot by default, :func:`cardrules.bots.bot_for`). An
episode is one deal: ``reset()`` deals, lets the bots play up to the agent's first
decision and returns the agent's observation; ``step(action_id)`` applies the agent's
action, lets the bots play up to its next decision or the end of the deal, and returns
the reward: 0 until the end, then the agent's score for the deal
(:meth:`~cardrules.State.returns`), divided by the largest score a seat can get with
``reward_scale="unit"``. A deal in which the agent has no decision (a French Tarot deal
annulled by a Petit sec, T-9) is played out and the next one dealt, so every episode
has at least one step.

The dealer rotates: deal ``n`` since the last seeded ``reset`` is dealt by seat
``n % players`` (seat 0 always with ``rotate_dealer=False``); with ``seat="rotate"`` the
agent plays seat ``(n // players) % players``, so every seat meets every dealer.
:meth:`~CardrulesEnv.action_masks` returns the legal action ids as an ``int8`` mask
(the method sb3-contrib's ``MaskablePPO`` calls).

>>> from cardrules.integrations.gymnasium import CardrulesEnv
>>> import cardrules
>>> game = CardrulesEnv(cardrules.get_variant("bid-euchre"), reward_scale="unit")
>>> observation, info = game.reset(seed=3)
>>> observation.shape == game.observation_space.shape, info["seat"], info["dealer"]
(True, 0, 0)
>>> terminated = False
>>> while not terminated:
...     action = int(game.action_masks().nonzero()[0][0])
...     observation, reward, terminated, truncated, info = game.step(action)
>>> -1.0 <= reward <= 1.0, truncated
(True, False)
"""

from __future__ import annotations

import operator
import random
from collections.abc import Sequence
from typing import Any, ClassVar

import gymnasium
import numpy as np
from gymnasium import spaces

from cardrules import (
    GameOverError,
    InvalidActionError,
    InvalidArgumentError,
    InvalidSeatError,
    OptionsError,
    State,
    UnknownVariantError,
    Variant,
)
from cardrules._util import quote
from cardrules.bots import BOT_KINDS, Bot, bot_for
from cardrules.bots._checks import check_bot
from cardrules.info import ObservationBlock
from cardrules.integrations._common import observation_size, score_bound, score_bounds

__all__ = ["ILLEGAL_ACTIONS", "REWARD_SCALES", "CardrulesEnv"]

RENDER_MODES = ("human", "ansi")
REWARD_SCALES = (None, "unit")
"""The values of ``reward_scale``: ``None`` (the deal's points) or ``"unit"``."""
ILLEGAL_ACTIONS = ("raise", "lose")
"""The values of ``illegal_action``: refuse an illegal id, or end the deal lost."""
# A seat of a game that never gives it a decision would deal forever.
MOST_DEALS_WITHOUT_A_DECISION = 1000


class CardrulesEnv(gymnasium.Env):  # type: ignore[misc]
    """One seat of ``variant`` against the library's bots (see the module's documentation).

    Args:
        variant: The variant, with its options (``cardrules.get_variant("tarot",
            players=5)``); a plugin's variant works as well, from what it declares.
        seat: The agent's seat, or ``"rotate"`` for seat ``(n // players) % players``
            on deal ``n``.
        opponents: A bot kind of :data:`cardrules.bots.BOT_KINDS` (one new bot per
            other seat), one bot for every other seat, or a sequence of
            ``players - 1`` bots, for the seats from the agent's left onwards.
        rotate_dealer: Deal ``n`` dealt by seat ``n % players``; else always seat 0.
        reward_scale: ``None``, the agent's score for the deal, or ``"unit"``: that
            score divided by the largest score, in absolute value, a seat can get
            (:attr:`GameInfo.score_bounds <cardrules.info.GameInfo.score_bounds>`), in
            [-1, 1] with its sign kept.
        illegal_action: ``"raise"``: an illegal action id raises the library's
            :class:`~cardrules.IllegalActionError` and changes nothing; ``"lose"``:
            it ends the episode with the lowest score a seat can get (Gymnasium's
            ``check_env`` steps random ids, which this mode accepts).
        seed: Seeds the first deal, as ``reset(seed=seed)`` would.
        render_mode: ``None``, ``"human"`` (prints the agent's view) or ``"ansi"``.

    Raises:
        InvalidArgumentError: ``variant`` is not a variant, or it declares no
            observation or score bounds; a bad ``render_mode``, ``seed`` or bot.
        InvalidSeatError: ``seat`` is not a seat of the table nor ``"rotate"``.
        OptionsError: an unknown bot kind, reward scale or ``illegal_action``, or not
            ``players - 1`` bots.
        UnknownVariantError: ``opponents="heuristic"`` for a variant without one.

    Attributes:
        variant: The variant.
        observation_layout: The blocks of the observation vector
            (:class:`~cardrules.info.ObservationBlock`), as the variant declares them.
        game_state: The current :class:`~cardrules.State`, with every hand: for the
            environment's owner, never for the agent.
    """

    metadata: ClassVar[dict[str, Any]] = {"render_modes": list(RENDER_MODES), "render_fps": 4}

    def __init__(
        self,
        variant: Variant,
        *,
        seat: int | str = 0,
        opponents: str | Bot | Sequence[Bot] = "heuristic",
        rotate_dealer: bool = True,
        reward_scale: str | None = None,
        illegal_action: str = "raise",
        seed: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        given: object = variant
        if not isinstance(given, Variant):
            raise InvalidArgumentError(f"a cardrules Variant is needed, not {quote(given)}")
        players = variant.players
        if not (type(seat) is str and seat == "rotate"):
            _check_seat(seat, players)
        if type(rotate_dealer) is not bool:
            raise InvalidArgumentError(f"rotate_dealer is a bool, not {quote(rotate_dealer)}")
        if reward_scale is not None and (
            type(reward_scale) is not str or reward_scale not in REWARD_SCALES
        ):
            raise OptionsError(f"reward_scale must be None or 'unit', not {quote(reward_scale)}")
        if type(illegal_action) is not str or illegal_action not in ILLEGAL_ACTIONS:
            raise OptionsError(
                f"illegal_action must be 'raise' or 'lose', not {quote(illegal_action)}"
            )
        if render_mode is not None and (
            type(render_mode) is not str or render_mode not in RENDER_MODES
        ):
            raise InvalidArgumentError(
                f"render_mode must be None, 'human' or 'ansi', not {quote(render_mode)}"
            )
        self.variant = variant
        self.observation_layout: tuple[ObservationBlock, ...] = variant.info.observation_layout
        self.render_mode = render_mode
        self._seat_option = seat
        self._rotate_dealer = rotate_dealer
        self._illegal_action = illegal_action
        self._bots = _opponents(variant, opponents)
        low = score_bounds(variant)[0]
        bound = score_bound(variant)
        self._scale = 1.0 if reward_scale is None or bound == 0 else 1.0 / bound
        self._lowest = low * self._scale
        # An observation holds flags, counts of cards or tricks, and the deal's scores.
        box = max(bound, float(len(variant.deck)))
        self.observation_space = spaces.Box(
            low=-box, high=box, shape=(observation_size(variant),), dtype=np.float32
        )
        self.action_space = spaces.Discrete(variant.num_actions)
        self._deals = 0
        self._deal_rng = random.Random()
        self._bot_rng = random.Random()
        self._done = True  # until reset() deals
        self.seat = 0 if seat == "rotate" else operator.index(seat)  # type: ignore[arg-type]
        self.dealer = 0
        self.game_state: State = variant.new_game(rng=self._deal_rng)
        if seed is not None:
            self._seed(seed)

    # -- the Gymnasium interface -----------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Deal the next deal and play the bots up to the agent's first decision.

        With a ``seed`` (an int, a numpy integer included), the deals and the bots'
        choices start again from it, and the deal count from 0. ``options`` is
        accepted and unused.

        Returns:
            ``(observation, info)``: the agent's ``float32`` observation, and ``info``
            with its ``seat``, the ``dealer`` and the ``action_mask``.

        Raises:
            InvalidArgumentError: ``seed`` is not an integer (a bool is refused); the
                environment is left as it was.
        """
        if seed is not None:
            self._seed(seed)
        super().reset(seed=None if seed is None else int(seed))
        for _ in range(MOST_DEALS_WITHOUT_A_DECISION):
            players = self.variant.players
            n = self._deals
            self._deals += 1
            self.dealer = n % players if self._rotate_dealer else 0
            if self._seat_option == "rotate":
                self.seat = (n // players) % players
            state = self.variant.new_game(rng=self._deal_rng, dealer=self.dealer)
            self.game_state = self._play_bots(state)
            if not self.game_state.is_terminal:
                self._done = False
                if self.render_mode == "human":
                    self.render()
                return self._observation(), self._info()
        raise InvalidArgumentError(
            f"seat {self.seat} had no decision in {MOST_DEALS_WITHOUT_A_DECISION} deals of "
            f"{self.variant.name} in a row: choose another seat"
        )

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Apply the agent's action id, then play the bots up to its next decision.

        Returns:
            ``(observation, reward, terminated, truncated, info)``: the reward is 0
            until the deal ends, then the agent's (scaled) score; ``terminated`` is
            ``True`` at the end of the deal; ``truncated`` is always ``False``.

        Raises:
            InvalidActionError: ``action`` is not an action id: not an integer (a numpy
                integer is one; a bool is not) or not from 0 to ``num_actions - 1``.
            IllegalActionError: the action is illegal here (the specific subclass),
                with ``illegal_action="raise"``; the environment is left as it was.
            GameOverError: the episode is over, or :meth:`reset` was never called.
        """
        if self._done:
            raise GameOverError("no deal is in play (it is over, or none was dealt): call reset()")
        if isinstance(action, (bool, np.bool_)):
            raise InvalidActionError(f"an action id is an int, not {quote(action)}")
        try:
            action_id = operator.index(action)
        except TypeError:
            raise InvalidActionError(f"an action id is an int, not {quote(action)}") from None
        if not 0 <= action_id < self.variant.num_actions:
            raise InvalidActionError(
                f"{quote(action)} is not an action id: they run from 0 to "
                f"{self.variant.num_actions - 1}"
            )
        state = self.game_state
        if self._illegal_action == "lose" and not state.legal_action_mask()[action_id]:
            self._done = True
            info = self._info()
            info["illegal_action"] = True
            return self._observation(), self._lowest, True, False, info
        state = state.apply(action_id, self.seat)
        self.game_state = self._play_bots(state)
        reward = 0.0
        if self.game_state.is_terminal:
            self._done = True
            reward = float(self.game_state.returns()[self.seat]) * self._scale
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, self._done, False, self._info()

    def action_masks(self) -> Any:
        """The legal action ids of the agent as an ``int8`` vector of ``num_actions``
        (all zeros once the deal is over)."""
        mask = np.zeros(self.variant.num_actions, dtype=np.int8)
        if not self._done and self.game_state.to_play == self.seat:
            mask[list(self.game_state.legal_action_ids())] = 1
        return mask

    def render(self) -> str | None:
        """The table as the agent's seat sees it (no other seat's hidden cards): printed
        in mode ``"human"``, returned in mode ``"ansi"``."""
        state = self.game_state
        name = self.variant.info.seat_name(self.seat)
        lines = [
            f"{self.variant.name}, seat {name}, dealer {self.variant.info.seat_name(self.dealer)}"
            + (", the deal is over" if state.is_terminal else ""),
            repr(state.view(self.seat)),
        ]
        if state.is_terminal:
            lines.append("returns: " + " ".join(f"{r:g}" for r in state.returns()))
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

    def _seed(self, seed: object) -> None:
        value = _int_seed(seed)
        self._deal_rng = random.Random(value)
        # The bots draw from their own stream, so the deals of a seed do not depend on
        # how the bots play (the same deals for any agent).
        self._bot_rng = random.Random(f"{value}:bots")
        self._deals = 0

    def _play_bots(self, state: State) -> State:
        """Play the bots' moves from ``state`` up to the agent's turn or the end."""
        while True:
            to_play = state.to_play
            if to_play is None or to_play == self.seat:
                return state
            bot = self._bots[(to_play - self.seat - 1) % self.variant.players]
            action = bot.choose(state.view(to_play), state.legal_actions(), self._bot_rng)
            state = state.apply(action, to_play)

    def _observation(self) -> Any:
        return np.asarray(self.game_state.view(self.seat).observation(), dtype=np.float32)

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {
            "seat": self.seat,
            "dealer": self.dealer,
            "action_mask": self.action_masks(),
        }
        if self.game_state.is_terminal:
            info["returns"] = tuple(float(r) for r in self.game_state.returns())
        return info


def _check_seat(seat: object, players: int) -> None:
    if (
        not isinstance(seat, (int, np.integer))
        or isinstance(seat, (bool, np.bool_))
        or not 0 <= int(seat) < players
    ):
        raise InvalidSeatError(
            f"seat must be a seat from 0 to {players - 1} or 'rotate', not {quote(seat)}"
        )


def _int_seed(seed: object) -> int:
    """``seed`` as an int: Gymnasium's wrappers pass numpy integers too."""
    if isinstance(seed, (int, np.integer)) and not isinstance(seed, (bool, np.bool_)):
        return int(seed)
    raise InvalidArgumentError(f"seed must be an int or None, not {quote(seed)}")


def _opponents(variant: Variant, opponents: object) -> tuple[Bot, ...]:
    """One bot per other seat, from the agent's left onwards."""
    others = variant.players - 1
    if type(opponents) is str:
        if opponents not in BOT_KINDS:
            known = ", ".join(repr(k) for k in BOT_KINDS)
            raise OptionsError(f"unknown bot kind {quote(opponents)}; bot kinds: {known}")
        try:
            return tuple(bot_for(variant, opponents) for _ in range(others))
        except UnknownVariantError:
            raise UnknownVariantError(
                f"variant {variant.id!r} has no heuristic bot: pass opponents='random' "
                "or bots of your own"
            ) from None
    if isinstance(opponents, Sequence) and not isinstance(opponents, (str, bytes)):
        bots = tuple(opponents)
        if len(bots) != others:
            raise OptionsError(
                f"opponents must hold one bot per other seat: {others} bots, not {len(bots)}"
            )
        for bot in bots:
            check_bot(bot, "every item of opponents")
        return bots
    try:
        bot = check_bot(opponents, "opponents")
    except InvalidArgumentError:
        raise InvalidArgumentError(
            "opponents must be a bot kind ('heuristic', 'random'), a bot or a sequence of "
            f"bots, not {quote(opponents)}"
        ) from None
    return (bot,) * others  # type: ignore[return-value]
