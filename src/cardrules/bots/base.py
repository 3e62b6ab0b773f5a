"""The bot interface, the bot factory and the game loop that drives bots.

A bot is any object with a ``choose(view, legal, rng)`` method (:class:`Bot`). It sees
only what its seat may know, ``state.view(seat)``, and the legal actions; never the
full state. :func:`play_game` plays a deal to the end with one bot per seat, through
the checked ``State.apply``, so a bot can never make an illegal move unnoticed.

>>> import random
>>> import cardrules
>>> from cardrules.bots import bot_for, play_game
>>> variant = cardrules.get_variant("tarot")
>>> bots = [bot_for("tarot", "random") for _ in range(variant.players)]
>>> final = play_game(variant.new_game(seed=1), bots, random.Random(2))
>>> final.is_terminal
True
"""

from __future__ import annotations

import functools
import importlib
import random
from collections.abc import Sequence
from typing import Any, Final, Protocol, runtime_checkable

from cardrules._util import quote
from cardrules.actions import Action
from cardrules.bots._checks import check_bot, check_rng
from cardrules.errors import InvalidArgumentError, OptionsError, PluginError, UnknownVariantError
from cardrules.registry import get_variant_class
from cardrules.state import State, Variant

__all__ = ["BOT_KINDS", "Bot", "bot_for", "play_game"]

BOT_KINDS: Final[tuple[str, ...]] = ("heuristic", "random")
"""The kinds of bot :func:`bot_for` builds: ``"heuristic"`` (rule-based) and ``"random"``."""


@runtime_checkable
class Bot(Protocol):
    """A player: picks one of the legal actions from what its seat can see.

    Any object with this ``choose`` method is a bot; there is nothing to subclass.
    ``isinstance(obj, Bot)`` checks that the method exists (not its signature).

    >>> import random
    >>> from cardrules import Pass
    >>> class FirstBot:
    ...     def choose(self, view, legal, rng):
    ...         return legal[0]
    >>> isinstance(FirstBot(), Bot)
    True
    >>> FirstBot().choose(None, (Pass(),), random.Random(0))
    Pass()
    """

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        """Return one action of ``legal`` for the seat whose view this is.

        Args:
            view: ``state.view(seat)``: the seat's hand and the public facts (a
                :class:`~cardrules.tarot.TarotView`, a
                :class:`~cardrules.bid_euchre.BidEuchreView`, ...).
            legal: ``state.legal_actions()``: never empty when ``choose`` is called.
            rng: The only source of randomness a bot may use, so that games replay
                identically for a given seed.

        Returns:
            One of the actions in ``legal``.
        """
        ...


def bot_for(variant: Variant | str, kind: str = "heuristic") -> Bot:
    """A new bot of ``kind`` for ``variant``, or the variant of that name (or alias).

    Args:
        variant: A variant, or a registered variant name, such as ``"tarot"`` or
            ``"bid-euchre"``.
        kind: One of :data:`BOT_KINDS`. ``"random"`` works for every variant, plugins
            included; ``"heuristic"`` for every variant that declares one
            (:attr:`GameInfo.bot <cardrules.info.GameInfo.bot>`), the built-in games'
            among them.

    Returns:
        The variant's heuristic bot (:class:`~cardrules.bots.TarotBot`,
        :class:`~cardrules.bots.BidEuchreBot` …) or a :class:`~cardrules.bots.RandomBot`.

    Raises:
        OptionsError: ``kind`` is not one of :data:`BOT_KINDS`.
        UnknownVariantError: no variant has that name, or it has no heuristic bot.
        PluginError: the bot the variant declares cannot be loaded.

    >>> bot_for("french-tarot")
    TarotBot()
    >>> bot_for("bid-euchre", "random")
    RandomBot()
    >>> bot_for("tarot", "clever")
    Traceback (most recent call last):
    ...
    cardrules.errors.OptionsError: unknown bot kind 'clever'; bot kinds: 'heuristic', 'random'
    """
    if kind not in BOT_KINDS:
        known = ", ".join(repr(k) for k in BOT_KINDS)
        raise OptionsError(f"unknown bot kind {quote(kind)}; bot kinds: {known}")
    given: object = variant
    if isinstance(given, Variant):
        path = given.info.bot if kind == "heuristic" else None
        name = given.id
    else:
        variant_class = get_variant_class(variant)  # type: ignore[arg-type]
        path = _declared_bot(variant_class) if kind == "heuristic" else None
        name = variant_class.id
    if kind == "random":
        from cardrules.bots.random_bot import RandomBot

        return RandomBot()
    if path is None:
        raise UnknownVariantError(
            f"variant {name!r} has no heuristic bot; use kind='random' or write a Bot of your own"
        )
    return _load_bot(path)


@functools.cache
def _declared_bot(variant_class: type[Variant]) -> str | None:
    """The heuristic bot a variant class declares, read from its default options."""
    return variant_class().info.bot


def _load_bot(path: str) -> Bot:
    """A new bot of the class at the lazy ``"module:Class"`` path."""
    module_name, _, class_name = path.partition(":")
    try:
        bot_class = getattr(importlib.import_module(module_name), class_name)
        bot: object = bot_class()
    except Exception as exc:  # a plugin's bot must fail as the library's error
        raise PluginError(f"the bot {quote(path)} cannot be loaded: {exc}") from None
    check_bot(bot, f"the bot {path}")
    return bot  # type: ignore[return-value]


def play_game(state: State, bots: Sequence[Bot], rng: random.Random) -> State:
    """Play ``state`` to the end, asking ``bots[seat]`` for every move of ``seat``.

    Each bot receives only ``state.view(seat)`` and ``state.legal_actions()``; its
    answer goes through the checked ``state.apply(action, seat)``.

    Args:
        state: Any state, not necessarily the first of the deal.
        bots: One bot per seat, indexed by seat number.
        rng: Passed to every ``choose`` call: the same rng state gives the same game.

    Returns:
        The terminal state (``state`` itself if it is already terminal).

    Raises:
        OptionsError: ``bots`` does not hold exactly one bot per seat.
        InvalidArgumentError: ``state`` is not a state, an item of ``bots`` is not a
            bot (an object with a ``choose`` method), or ``rng`` not a ``random.Random``.
        IllegalActionError: a bot chose an action the rules do not allow (the
            exception names the seat).

    >>> import random
    >>> import cardrules
    >>> from cardrules.bots import RandomBot
    >>> variant = cardrules.get_variant("bid-euchre")
    >>> final = play_game(variant.new_game(seed=3), [RandomBot()] * 4, random.Random(4))
    >>> final.is_terminal, len(final.returns())
    (True, 4)
    """
    given: object = state
    if not isinstance(given, State):
        raise InvalidArgumentError(f"play_game plays a State, not {quote(given)}")
    check_rng(rng)
    players = state.variant.players
    seats: object = bots
    if not isinstance(seats, Sequence) or isinstance(seats, (str, bytes)):
        raise InvalidArgumentError(f"bots must be a sequence of bots, not {quote(seats)}")
    if len(bots) != players:
        raise OptionsError(f"play_game needs one bot per seat: {players} bots, not {len(bots)}")
    for bot in bots:
        check_bot(bot, "every item of bots")
    while True:
        seat = state.to_play
        if seat is None:
            return state
        action = bots[seat].choose(state.view(seat), state.legal_actions(), rng)
        state = state.apply(action, seat)
