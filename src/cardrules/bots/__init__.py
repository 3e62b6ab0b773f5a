"""Bots: players that choose an action from a seat's view and the legal actions.

* :class:`Bot`: the protocol, a single ``choose(view, legal, rng)`` method;
* :class:`RandomBot`: uniform among the legal actions, for any variant;
* :class:`TarotBot` and :class:`BidEuchreBot`: rule-based players;
* :class:`MonteCarloBot`: determinized playouts from hidden hands sampled from its view;
* :class:`SearchBot`: determinized search, each sampled deal solved
  (:func:`cardrules.solving.solve`);
* :class:`NoisyBot`: another bot's play with random cards mixed in (the easy level);
* :func:`bot_for`: a bot by variant name and kind (:data:`BOT_KINDS`) or difficulty
  level (:data:`LEVELS`);
* :func:`play_game`: play a deal to the end with one bot per seat.

>>> import random
>>> import cardrules
>>> from cardrules.bots import RandomBot, TarotBot, play_game
>>> variant = cardrules.get_variant("tarot")
>>> bots = [TarotBot(), RandomBot(), RandomBot(), RandomBot()]
>>> final = play_game(variant.new_game(seed=7), bots, random.Random(7))
>>> final.is_terminal, sum(final.returns()) == 0
(True, True)
"""

from __future__ import annotations

from cardrules.bots.base import BOT_KINDS, LEVELS, Bot, bot_for, play_game
from cardrules.bots.bid_euchre import BidEuchreBot
from cardrules.bots.monte_carlo import MonteCarloBot
from cardrules.bots.noisy import NoisyBot
from cardrules.bots.random_bot import RandomBot
from cardrules.bots.search import SearchBot
from cardrules.bots.tarot import TarotBot

__all__ = [
    "BOT_KINDS",
    "LEVELS",
    "BidEuchreBot",
    "Bot",
    "MonteCarloBot",
    "NoisyBot",
    "RandomBot",
    "SearchBot",
    "TarotBot",
    "bot_for",
    "play_game",
]
