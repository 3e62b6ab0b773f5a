"""The checks every built-in bot makes of its arguments before it decides.

A bot is called with a seat's view, the legal actions and a generator; a caller that
mixes them up (another seat's view, the generator's seed instead of the generator, the
actions as text) gets one of the library's errors naming the argument, never an error
from deep inside a heuristic.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from cardrules._util import quote
from cardrules.actions import Action
from cardrules.cards import Card
from cardrules.errors import CardrulesError, GameOverError, InvalidArgumentError

__all__ = ["check_bot", "check_choice", "check_rng", "check_seconds", "check_turn"]

B = TypeVar("B")


def check_rng(rng: object) -> random.Random:
    """``rng``, if it is a ``random.Random`` (the only source of randomness a bot uses).

    Raises:
        InvalidArgumentError: it is not (``None``, a seed, numpy's generator …).
    """
    if not isinstance(rng, random.Random):
        raise InvalidArgumentError(
            f"rng must be a random.Random (random.Random(seed) for a seed), not {quote(rng)}"
        )
    return rng


def check_choice(
    legal: object, rng: object, *, empty: type[CardrulesError] = GameOverError
) -> Sequence[Action]:
    """``legal``, if it is a non-empty sequence of actions, once ``rng`` is checked.

    Raises:
        InvalidArgumentError: ``rng`` is not a ``random.Random``, or ``legal`` is not a
            sequence of :class:`~cardrules.Action` values.
        GameOverError: ``legal`` is empty (the game is over), or ``empty`` instead.
    """
    check_rng(rng)
    if not isinstance(legal, Sequence) or isinstance(legal, (str, bytes)):
        raise InvalidArgumentError(
            f"legal must be a sequence of actions (state.legal_actions()), not {quote(legal)}"
        )
    if not legal:
        raise empty("no legal action to choose from: the game is over")
    for action in legal:
        if not isinstance(action, Action):
            raise InvalidArgumentError(
                f"legal holds {quote(action)}, which is not an Action: pass state.legal_actions()"
            )
    return legal


def check_turn(
    view: Any, legal: Sequence[Action], cards_of: Callable[[Action], Iterable[Card]]
) -> None:
    """Check that ``legal`` can be the actions of ``view``'s seat: the seat is to act,
    and every card an action takes from the hand (``cards_of(action)``) is in its hand.

    Raises:
        InvalidArgumentError: the view is another seat's, or an action takes a card
            the view's hand does not hold.
    """
    if view.to_play != view.seat:
        acting = "nobody" if view.to_play is None else f"seat {view.to_play}"
        raise InvalidArgumentError(
            f"this is seat {view.seat}'s view, and {acting} is to act: a bot chooses "
            "from the view of the seat to act"
        )
    hand = view.hand
    for action in legal:
        if any(card not in hand for card in cards_of(action)):
            raise InvalidArgumentError(
                f"legal holds {quote(action)}, whose card is not in seat {view.seat}'s "
                "hand: pass the legal actions of the view's seat"
            )


def check_bot(bot: B, name: str) -> B:
    """``bot``, if it has a ``choose`` method (the :class:`~cardrules.bots.Bot` protocol).

    Raises:
        InvalidArgumentError: it has none, or it is a class (``RandomBot`` for
            ``RandomBot()``).
    """
    if isinstance(bot, type) or not callable(getattr(bot, "choose", None)):
        raise InvalidArgumentError(
            f"{name} must be a bot, with a choose(view, legal, rng) method, not {quote(bot)}"
        )
    return bot


def check_seconds(value: object, name: str = "seconds") -> float:
    """``value`` as a bot's time budget in seconds: a positive, finite int or float.

    Raises:
        InvalidArgumentError: it is not (``0``, ``nan``, an int too large for a float …).
    """
    if type(value) in (int, float):
        try:
            seconds = float(value)  # type: ignore[arg-type]
        except OverflowError:
            seconds = float("inf")
        if 0 < seconds < float("inf"):
            return seconds
    raise InvalidArgumentError(f"{name} must be a positive finite number, not {quote(value)}")
