"""A bot that makes mistakes on purpose: another bot's play with random cards mixed in.

:class:`NoisyBot` is the ``"easy"`` level of :func:`~cardrules.bots.bot_for`: it plays
as the bot it wraps, except that for a share of its cards (``noise``) it plays a legal
card drawn at random. Only the card play is noisy (the decisions whose every legal
action plays a card): a random bid or announcement throws a deal away, where a random
card now and then only costs a trick or some points. The random card is one of the
legal ones: under Bid Euchre's ``renege_mode="penalize"``, where a renege is legal, it
may be a renege.

>>> import random
>>> import cardrules
>>> from cardrules.bots import NoisyBot, TarotBot, play_game
>>> variant = cardrules.get_variant("tarot")
>>> bots = [NoisyBot(TarotBot(), noise=0.3), *(TarotBot() for _ in range(3))]
>>> final = play_game(variant.new_game(seed=7), bots, random.Random(7))
>>> final.is_terminal
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardrules._util import quote
from cardrules.actions import Action, Play
from cardrules.bots._checks import check_bot, check_choice
from cardrules.errors import InvalidArgumentError

if TYPE_CHECKING:
    from cardrules.bots.base import Bot

__all__ = ["NoisyBot"]


class NoisyBot:
    """``bot``'s play, with a random legal card instead for a share ``noise`` of the cards.

    Args:
        bot: The bot whose choices it plays.
        noise: The chance, from 0 to 1, that a decision of the card play is a legal card
            drawn uniformly instead of ``bot``'s.

    The draws come from the ``rng`` of ``choose``, so a game replays from its seed.

    Raises:
        InvalidArgumentError: ``bot`` is not a bot, or ``noise`` not a number from 0 to 1.

    >>> import random
    >>> from cardrules import Pass
    >>> from cardrules.bots import RandomBot
    >>> NoisyBot(RandomBot(), noise=0.25)
    NoisyBot(RandomBot(), noise=0.25)
    >>> NoisyBot(RandomBot(), noise=2)
    Traceback (most recent call last):
    ...
    cardrules.errors.InvalidArgumentError: noise must be a number from 0 to 1, not 2
    """

    __slots__ = ("bot", "noise")

    def __init__(self, bot: Bot, *, noise: float = 0.25) -> None:
        self.bot = check_bot(bot, "bot")
        if type(noise) not in (int, float) or not 0 <= noise <= 1 or math.isnan(noise):
            raise InvalidArgumentError(f"noise must be a number from 0 to 1, not {quote(noise)}")
        self.noise = float(noise)

    def __repr__(self) -> str:
        return f"NoisyBot({self.bot!r}, noise={self.noise})"

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        """A random legal card with probability ``noise`` in the card play, else ``bot``'s
        choice.

        Raises:
            InvalidArgumentError: ``legal`` is not a sequence of actions, or ``rng`` not
                a ``random.Random``; and whatever ``bot`` raises.
            GameOverError: ``legal`` is empty.
        """
        legal = check_choice(legal, rng)
        if len(legal) > 1 and all(type(a) is Play for a in legal) and rng.random() < self.noise:
            return rng.choice(legal)
        return self.bot.choose(view, legal, rng)
