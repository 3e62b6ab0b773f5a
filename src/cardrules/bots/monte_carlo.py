"""A Monte-Carlo bot: determinized playouts from the hidden hands sampled from its view.

For each decision, :class:`MonteCarloBot` draws full states consistent with what its
seat knows (``view.sample_state(rng)``), tries every legal action in each, plays the
rest of the deal out with the variant's bulk random playout (``variant.random_playout``),
and picks the action with the best average score for its seat. The other phases (the
auction, the call, the écart, the help exchange …) are left to a fallback bot, the
variant's heuristic bot unless another is given.

>>> import random
>>> import cardrules
>>> from cardrules.bots import MonteCarloBot, bot_for, play_game
>>> variant = cardrules.get_variant("bid-euchre")
>>> bots = [MonteCarloBot(playouts=40), *(bot_for("bid-euchre") for _ in range(3))]
>>> final = play_game(variant.new_game(seed=3), bots, random.Random(3))
>>> final.is_terminal
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any, Final

from cardrules._util import quote
from cardrules.actions import Action
from cardrules.bots._checks import check_bot, check_choice, check_seconds
from cardrules.bots.base import Bot, bot_for
from cardrules.errors import InvalidArgumentError

__all__ = ["MonteCarloBot"]

_PLAY_PHASES: Final = frozenset({"play"})
# More playouts than a decision could ever use (hours of play each).
_MAX_PLAYOUTS: Final = 10**9


class MonteCarloBot:
    """Determinized Monte-Carlo play for French Tarot and Bid Euchre.

    Args:
        playouts: The playouts per decision, shared among the legal actions: each
            sampled state plays every legal action out once, so a decision samples
            ``max(1, playouts // len(legal))`` states. Ignored when ``seconds`` is
            given.
        seconds: A time budget per decision instead: states are sampled until it is
            spent (at least one). The choice then depends on the machine's speed, so
            it is reproducible only with ``playouts``.
        fallback: The bot for the phases other than the card play; the variant's
            heuristic bot by default.

    With ``playouts`` the bot is deterministic given ``rng``: the same view, legal
    actions and generator state give the same choice.

    Attributes:
        last: The last decision made by playouts: each legal action with its average
            score for the bot's seat (empty when the fallback bot chose).

    Raises:
        InvalidArgumentError: ``playouts`` is not an int from 1 to 10**9, ``seconds``
            not a positive finite number, or ``fallback`` not a bot (an object with a
            ``choose`` method).

    >>> import random
    >>> import cardrules
    >>> state = cardrules.get_variant("tarot").new_game(seed=2)
    >>> bot = MonteCarloBot(playouts=60)
    >>> bot.choose(state.view(1), state.legal_actions(), random.Random(1)) in state.legal_actions()
    True
    """

    def __init__(
        self, *, playouts: int = 200, seconds: float | None = None, fallback: Bot | None = None
    ) -> None:
        if type(playouts) is not int or not 1 <= playouts <= _MAX_PLAYOUTS:
            raise InvalidArgumentError(
                f"playouts must be an int from 1 to 10**9, not {quote(playouts)}"
            )
        if seconds is not None:
            seconds = check_seconds(seconds)
        self.playouts = playouts
        self.seconds = seconds
        self.fallback = None if fallback is None else check_bot(fallback, "fallback")
        self.last: list[tuple[Action, float]] = []
        self._fallbacks: dict[str, Bot] = {}

    def __repr__(self) -> str:
        budget = (
            f"seconds={self.seconds}" if self.seconds is not None else f"playouts={self.playouts}"
        )
        return f"MonteCarloBot({budget})"

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        """The legal action with the best average score over the playouts.

        Raises:
            InvalidArgumentError: ``legal`` is empty or not a sequence of the view's
                legal actions, ``view`` is not a view of a built-in variant (one with
                ``sample_state``) for the seat to act, or ``rng`` is not a
                ``random.Random``.
        """
        legal = check_choice(legal, rng, empty=InvalidArgumentError)
        sample: Callable[[random.Random], Any] | None = getattr(view, "sample_state", None)
        variant_id = getattr(view, "variant_id", None)
        if not callable(sample) or type(variant_id) is not str:
            raise InvalidArgumentError(
                f"MonteCarloBot plays from a view with sample_state(), not {quote(view)}"
            )
        seat = getattr(view, "seat", None)
        if seat is None or getattr(view, "to_play", None) != seat:
            raise InvalidArgumentError(
                f"MonteCarloBot chooses from the view of the seat to act, not {quote(view)}"
            )
        known = getattr(view, "legal_actions", None)
        if known is not None and any(action not in known for action in legal):
            raise InvalidArgumentError(
                f"legal holds an action that is not legal for seat {quote(seat)}: pass "
                "state.legal_actions() with the view of the seat to act"
            )
        self.last = []
        if getattr(view.phase, "value", None) not in _PLAY_PHASES:
            return self._fallback(variant_id).choose(view, legal, rng)
        if len(legal) == 1:
            return legal[0]
        seat = view.seat
        totals = [0.0] * len(legal)
        worlds = 0
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        wanted = max(1, self.playouts // len(legal))
        while True:
            state = sample(rng)
            playout = state.variant.random_playout
            for k, action in enumerate(legal):
                after = state.apply(action)
                result = after.result() if after.is_terminal else playout(after, rng)
                totals[k] += _points(result, seat)
            worlds += 1
            if deadline is None:
                if worlds >= wanted:
                    break
            elif time.perf_counter() >= deadline:
                break
        self.last = [(action, total / worlds) for action, total in zip(legal, totals, strict=True)]
        best = max(totals)
        return legal[totals.index(best)]

    def _fallback(self, variant_id: str) -> Bot:
        if self.fallback is not None:
            return self.fallback
        bot = self._fallbacks.get(variant_id)
        if bot is None:
            bot = self._fallbacks[variant_id] = bot_for(variant_id)
        return bot


def _points(result: Any, seat: int) -> float:
    """The seat's score in a finished deal's result: a Tarot ``DealResult``'s
    ``scores``, a Bid Euchre ``HandResult``'s ``returns``."""
    points = getattr(result, "returns", None)
    if points is None:
        points = result.scores
    return float(points[seat])
