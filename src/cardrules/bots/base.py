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

import random
from collections.abc import Sequence
from typing import Any, Final, Protocol, runtime_checkable

from cardrules._util import quote
from cardrules.actions import Action
from cardrules.bots._checks import check_bot, check_rng
from cardrules.bots._loading import heuristic_bot, variant_of
from cardrules.bots.noisy import NoisyBot
from cardrules.bots.random_bot import RandomBot
from cardrules.bots.search import SearchBot
from cardrules.errors import InvalidArgumentError, OptionsError
from cardrules.solving import solver_for
from cardrules.state import State, Variant

__all__ = ["BOT_KINDS", "LEVELS", "Bot", "bot_for", "play_game"]

BOT_KINDS: Final[tuple[str, ...]] = ("heuristic", "random")
"""The kinds of bot :func:`bot_for` builds: ``"heuristic"`` (rule-based) and ``"random"``."""

LEVELS: Final[tuple[str, ...]] = ("easy", "medium", "hard")
"""The difficulty levels :func:`bot_for` builds (``level=``), weakest first."""

# The easy level's share of random cards: clearly weaker than the heuristic bot, and
# still a player that follows the deal (docs/bots.md has the measured strength).
_EASY_NOISE: Final = 0.3
# The hard level's solver budget per deal and cap per decision: under a second a
# decision on a busy 2-core machine (bench/levels_report.py times it); the deals it
# samples are its solver's (Solver.worlds, Solver.choice_worlds), so that it stays
# deterministic given the rng but where a decision reaches the cap.
_HARD_MAX_NODES: Final = 20_000
_HARD_MAX_SECONDS: Final = 0.8


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


def bot_for(variant: Variant | str, kind: str | None = None, *, level: str | None = None) -> Bot:
    """A new bot of ``kind``, or of difficulty ``level``, for ``variant``.

    Args:
        variant: A variant, or a registered variant name, such as ``"tarot"`` or
            ``"bid-euchre"``.
        kind: One of :data:`BOT_KINDS` (``"heuristic"`` when neither ``kind`` nor
            ``level`` is given). ``"random"`` works for every variant, plugins
            included; ``"heuristic"`` for every variant that declares one
            (:attr:`GameInfo.bot <cardrules.info.GameInfo.bot>`), the built-in games'
            among them.
        level: One of :data:`LEVELS`, for every variant, instead of ``kind``:

            * ``"easy"``: a :class:`~cardrules.bots.NoisyBot`, the heuristic bot with a
              random card for 30 % of its cards;
            * ``"medium"``: the heuristic bot;
            * ``"hard"``: a :class:`~cardrules.bots.SearchBot` sampling the deals its
              solver declares (:attr:`Solver.worlds <cardrules.solving.Solver.worlds>`),
              capped at 0.8 s a decision, for a variant with a heuristic bot and a
              solver (:func:`cardrules.solving.solver_for`).

            A variant without a solver gets its heuristic bot for ``"hard"``; one
            without a heuristic bot gets a :class:`~cardrules.bots.RandomBot` at every
            level. Every level plays reproducibly from the ``rng`` it is given.

    Returns:
        The variant's heuristic bot (:class:`~cardrules.bots.TarotBot`,
        :class:`~cardrules.bots.BidEuchreBot` …), a :class:`~cardrules.bots.RandomBot`,
        or the bot of the level.

    Raises:
        OptionsError: ``kind`` is not one of :data:`BOT_KINDS`.
        InvalidArgumentError: ``level`` is not one of :data:`LEVELS`, or both ``kind``
            and ``level`` are given.
        UnknownVariantError: no variant has that name, or ``kind="heuristic"`` and it
            has no heuristic bot.
        PluginError: the bot the variant declares cannot be loaded.

    >>> bot_for("french-tarot")
    TarotBot()
    >>> bot_for("bid-euchre", "random")
    RandomBot()
    >>> bot_for("bid-euchre", level="easy")
    NoisyBot(BidEuchreBot(), noise=0.3)
    >>> bot_for("tarot", level="hard")
    SearchBot(worlds=8, choice_worlds=4, max_seconds=0.8)
    >>> bot_for("tarot", "clever")
    Traceback (most recent call last):
    ...
    cardrules.errors.OptionsError: unknown bot kind 'clever'; bot kinds: 'heuristic', 'random'
    >>> bot_for("tarot", "easy")
    Traceback (most recent call last):
    ...
    cardrules.errors.OptionsError: unknown bot kind 'easy' (a difficulty level: pass level='easy...
    >>> bot_for("tarot", level="expert")
    Traceback (most recent call last):
    ...
    cardrules.errors.InvalidArgumentError: unknown level 'expert'; levels: 'easy', 'medium', 'hard'
    """
    if level is not None:
        if kind is not None:
            raise InvalidArgumentError(
                f"give a bot kind or a level, not both (kind={quote(kind)}, level={quote(level)})"
            )
        return _bot_of_level(variant, level)
    if kind is None:
        kind = "heuristic"
    if kind not in BOT_KINDS:
        known = ", ".join(repr(k) for k in BOT_KINDS)
        hint = f" (a difficulty level: pass level={quote(kind)})" if kind in LEVELS else ""
        raise OptionsError(f"unknown bot kind {quote(kind)}{hint}; bot kinds: {known}")
    if kind == "random":
        variant_of(variant)  # an unknown name is an error for every kind
        return RandomBot()
    return heuristic_bot(variant)


def _bot_of_level(variant: Variant | str, level: object) -> Bot:
    """The bot of difficulty ``level`` for ``variant`` (see :func:`bot_for`)."""
    if type(level) is not str or level not in LEVELS:
        known = ", ".join(repr(k) for k in LEVELS)
        raise InvalidArgumentError(f"unknown level {quote(level)}; levels: {known}")
    found = variant_of(variant)
    if found.info.bot is None:
        return RandomBot()
    if level == "easy":
        return NoisyBot(heuristic_bot(found), noise=_EASY_NOISE)
    solver = solver_for(found) if level == "hard" else None
    if solver is not None:
        return SearchBot(
            worlds=solver.worlds,
            choice_worlds=solver.choice_worlds,
            max_nodes=_HARD_MAX_NODES,
            max_seconds=_HARD_MAX_SECONDS,
        )
    return heuristic_bot(found)


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
