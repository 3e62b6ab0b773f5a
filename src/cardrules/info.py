"""What a game declares for the layers above its rules: :class:`GameInfo`.

A variant describes itself as data (OpenSpiel's ``GameType`` and ``GameInfo`` are the
model): its seats and their names, the word for one game ("deal", "hand"), its action
space, the longest a deal can last, the lowest and highest score a seat can get from one
deal, the layout of its observation vector, the per-deal statistics a simulation sums
up, and its heuristic bot. :attr:`Variant.info <cardrules.Variant.info>` returns it,
computed from the variant's options. The simulation and its report, the command line,
the bots and the integrations (PettingZoo, OpenSpiel) read it, so a plugin that declares
its game gets all of them without a line of the library naming it.

>>> from cardrules.info import GameInfo, observation_layout
>>> info = GameInfo(
...     players=2,
...     seat_names=("N", "S"),
...     num_actions=10,
...     max_game_length=12,
...     score_bounds=(-5, 5),
...     zero_sum=True,
...     observation_layout=observation_layout(
...         ("hand", (10,), "1 for each card of the viewer's hand"),
...         ("played", (2, 10), "the cards each seat has played"),
...     ),
... )
>>> info.observation_size, info.block("played").offset, info.seat_name(1)
(30, 10, 'S')
"""

from __future__ import annotations

import math
import string
from collections.abc import Mapping
from typing import Any, Final, Literal

import attrs

from cardrules._util import FrozenDict, quote
from cardrules.errors import InvalidArgumentError, InvalidSeatError

__all__ = [
    "STATISTIC_KINDS",
    "GameInfo",
    "ObservationBlock",
    "Statistic",
    "observation_layout",
]


def _positive(name: str, value: object) -> int:
    if type(value) is not int or value < 1:
        raise InvalidArgumentError(f"{name} must be a positive int, not {quote(value)}")
    return value


@attrs.frozen
class ObservationBlock:
    """One named part of an observation vector.

    Attributes:
        name: The block's name (``"hand"``, ``"trick"`` …), unique in its layout.
        offset: The index of its first value in the vector.
        shape: Its shape: ``(78,)`` for one value per card, ``(4, 78)`` for one card
            block per seat (seats counted from the viewer, the viewer first).
        meaning: What its values hold, for people.

    >>> block = ObservationBlock("played", 78, (4, 78), "the cards each seat has played")
    >>> block.size, block.stop
    (312, 390)
    """

    name: str
    offset: int
    shape: tuple[int, ...]
    meaning: str

    def __attrs_post_init__(self) -> None:
        if type(self.name) is not str or not self.name:
            raise InvalidArgumentError(f"a block's name is a non-empty str, not {quote(self.name)}")
        if type(self.offset) is not int or self.offset < 0:
            raise InvalidArgumentError(f"a block's offset is an int >= 0, not {quote(self.offset)}")
        if type(self.shape) is not tuple or not self.shape:
            raise InvalidArgumentError(
                f"a block's shape is a tuple of ints, not {quote(self.shape)}"
            )
        for n in self.shape:
            _positive("every dimension of a block's shape", n)

    @property
    def size(self) -> int:
        """How many values the block holds."""
        return math.prod(self.shape)

    @property
    def stop(self) -> int:
        """The index just past its last value."""
        return self.offset + self.size


def observation_layout(*parts: tuple[str, tuple[int, ...], str]) -> tuple[ObservationBlock, ...]:
    """Blocks laid out one after the other, from ``(name, shape, meaning)`` triples.

    >>> [(b.name, b.offset) for b in observation_layout(("a", (3,), ""), ("b", (2, 2), ""))]
    [('a', 0), ('b', 3)]
    """
    out = []
    offset = 0
    for name, shape, meaning in parts:
        block = ObservationBlock(name, offset, tuple(shape), meaning)
        out.append(block)
        offset = block.stop
    return tuple(out)


STATISTIC_KINDS: Final = ("void", "outcomes", "per_seat", "tally", "share", "sum", "teams")
"""The kinds of :class:`Statistic` a simulation knows how to sum up (see its docs)."""

StatisticKind = Literal["void", "outcomes", "per_seat", "tally", "share", "sum", "teams"]


@attrs.frozen(kw_only=True)
class Statistic:
    """A per-deal statistic that :func:`~cardrules.simulate` sums up and its reports show.

    Each deal's facts are the JSON object of ``variant.deal_statistics(final)``; a
    statistic reads one of them (``fact``) over the deals and puts its sum under
    ``name`` in the run's summary. Its ``kind`` says how:

    * ``"void"``: ``fact`` is ``None`` for a deal that was played, else the reason it
      was not (one of ``values``). Summary: ``{reason: count}``, and ``played``, the
      number of deals played, which every other kind counts over.
    * ``"outcomes"``: ``fact`` is the contract of a played deal and ``made`` (a fact
      always named ``"made"``) whether it was made. Summary: one row per contract,
      ``{fact: contract, "count", "made", "rate"}``, in the order of ``values`` (every
      one listed, even when never taken) or, without ``values``, of the fact ``order``
      (the contracts taken only); and the totals ``made`` and ``rate``.
    * ``"per_seat"``: ``fact`` is a seat (or a list of seats). Summary: a count per seat.
    * ``"tally"``: ``counts`` lists ``(key, fact, value)``: how many played deals have
      ``fact`` equal to ``value`` (or holding it, for a list; truthy for ``True``).
      Summary: ``{key: count}``.
    * ``"share"``: the played deals whose ``fact`` is ``values[0]``. Summary:
      ``{key: count, "made": n, "rate": r}``.
    * ``"sum"``: ``fact`` is a number. Summary: its sum over the played deals.
    * ``"teams"``: each team of :attr:`GameInfo.teams`: its score statistics (mean,
      standard deviation, minimum, maximum, total) over every deal.

    Attributes:
        name: Its key in the summary.
        label: What it is called for people (a heading, the start of a line).
        kind: One of :data:`STATISTIC_KINDS`.
        fact: The per-deal fact it reads.
        values: The reasons (``"void"``), the contracts in their order (``"outcomes"``),
            or the one value counted (``"share"``).
        counts: ``(key, fact, value)`` triples (``"tally"``).
        order: The fact that orders the contracts (``"outcomes"`` without ``values``).
        key: The name of the count in a ``"share"`` summary.
        text: How a line for people reads its summary (``str.format`` fields: the
            summary's keys, and ``rate`` as a percentage). Empty: the library's default.
        words: For ``"outcomes"``: what a count of a row is (``"taken"``), and the word
            for one not made (``"lost"``); the chart and the page use them.
        title: For ``"outcomes"``: the title of its chart.
        heading: For ``"outcomes"``: the heading of its part of the report page (by
            default the label).

    >>> Statistic(name="reneges", label="Reneges", kind="sum", fact="reneges").kind
    'sum'
    >>> Statistic(name="x", label="X", kind="mean")
    Traceback (most recent call last):
    ...
    cardrules.errors.InvalidArgumentError: a statistic's kind is one of 'void', 'outcomes', \
'per_seat', 'tally', 'share', 'sum', 'teams', not 'mean'
    """

    name: str
    label: str
    kind: StatisticKind
    fact: str = ""
    values: tuple[Any, ...] = ()
    counts: tuple[tuple[str, str, Any], ...] = ()
    order: str = ""
    key: str = "count"
    text: str = ""
    words: tuple[str, str] = ("taken", "failed")
    title: str = ""
    heading: str = ""

    def __attrs_post_init__(self) -> None:
        if self.kind not in STATISTIC_KINDS:
            kinds = ", ".join(repr(k) for k in STATISTIC_KINDS)
            raise InvalidArgumentError(
                f"a statistic's kind is one of {kinds}, not {quote(self.kind)}"
            )
        for field in ("name", "label"):
            value = getattr(self, field)
            if type(value) is not str or not value:
                raise InvalidArgumentError(
                    f"a statistic's {field} is a non-empty str, not {quote(value)}"
                )
        needs_fact = self.kind not in ("tally", "teams")
        if needs_fact and not self.fact:
            raise InvalidArgumentError(f"the {self.kind} statistic {self.name!r} reads a fact")
        if self.kind == "share" and len(self.values) != 1:
            raise InvalidArgumentError(f"the share statistic {self.name!r} counts one value")
        if self.kind == "tally" and not self.counts:
            raise InvalidArgumentError(f"the tally statistic {self.name!r} lists its counts")
        if self.text:
            _check_text(self)


def _text_fields(statistic: Statistic) -> set[str] | None:
    """The fields a statistic's ``text`` may name: its summary's keys."""
    if statistic.kind == "void":
        return {str(v) for v in statistic.values}
    if statistic.kind == "tally":
        return {key for key, _, _ in statistic.counts}
    if statistic.kind == "share":
        return {statistic.key, "made", "rate"}
    return None


def _check_text(statistic: Statistic) -> None:
    """A statistic's ``text`` names only the fields its summary has."""
    fields = _text_fields(statistic)
    if fields is None:
        raise InvalidArgumentError(
            f"the {statistic.kind} statistic {statistic.name!r} is shown without a text"
        )
    try:
        named = {field for _, field, _, _ in string.Formatter().parse(statistic.text) if field}
    except ValueError as exc:
        raise InvalidArgumentError(f"the text of {statistic.name!r} is malformed: {exc}") from None
    unknown = named - fields
    if unknown:
        raise InvalidArgumentError(
            f"the text of {statistic.name!r} names {', '.join(sorted(unknown))}, which its "
            f"summary does not hold ({', '.join(sorted(fields))})"
        )


def _seat_names(players: int) -> tuple[str, ...]:
    return tuple(str(seat) for seat in range(players))


def _check_words(names: object, players: int, deal_word: object) -> None:
    if (
        type(names) is not tuple
        or len(names) != players
        or not all(type(n) is str and n for n in names)
        or len(set(names)) != players
    ):
        raise InvalidArgumentError(
            f"seat_names must be {players} distinct non-empty strs, not {quote(names)}"
        )
    if type(deal_word) is not str or not deal_word:
        raise InvalidArgumentError(f"deal_word must be a non-empty str, not {quote(deal_word)}")


def _check_bounds(bounds: object) -> None:
    if bounds is not None and (
        type(bounds) is not tuple
        or len(bounds) != 2
        or not all(isinstance(b, (int, float)) for b in bounds)
        or not bounds[0] <= bounds[1]
    ):
        raise InvalidArgumentError(f"score_bounds must be (lowest, highest), not {quote(bounds)}")


def _check_layout(layout: tuple[object, ...]) -> None:
    offset = 0
    for block in layout:
        if not isinstance(block, ObservationBlock) or block.offset != offset:
            raise InvalidArgumentError(
                "observation_layout must be ObservationBlocks laid out one after the "
                f"other: {quote(block)} does not start at {offset}"
            )
        offset = block.stop
    names = [block.name for block in layout if isinstance(block, ObservationBlock)]
    if len(set(names)) != len(names):
        raise InvalidArgumentError("two blocks of observation_layout have the same name")


def _frozen_parameters(value: Mapping[str, bool | int | str]) -> Mapping[str, bool | int | str]:
    return FrozenDict(value)


@attrs.frozen(kw_only=True)
class GameInfo:
    """A game's declaration: what the layers above its rules read of it.

    Attributes:
        players: The number of seats.
        seat_names: How the table names each seat (``("N", "E", "S", "W")``; by default
            their numbers).
        deal_word: The word for one game: ``"deal"``, or ``"hand"`` (Bid Euchre).
        num_actions: The size of the integer action space.
        max_game_length: The most actions one deal can take, or ``None`` when the game
            does not say.
        score_bounds: The lowest and the highest score (``state.returns()``) a seat can
            get from one deal, or ``None`` when the game does not say.
        zero_sum: Whether the returns of every deal add up to 0.
        observation_layout: The blocks of ``view.observation()``, in order, as
            :class:`ObservationBlock` values; empty when the game has no observation.
        statistics: The per-deal :class:`Statistic` values a simulation sums up.
        teams: The partnerships, as ``(name, seats)`` pairs (``("NS", (0, 2))``); empty
            when sides change from deal to deal or there are none.
        deal_piles: The piles of a deal after the hands, as ``variant.deal_json`` names
            them (``("chien",)``): see :meth:`Variant.deal_piles
            <cardrules.Variant.deal_piles>`.
        bot: The heuristic bot, as a lazy ``"module:Class"`` path (no import until a
            bot is asked for), or ``None`` when the game has none.
        player_range: The fewest and most seats the game is played with, over all its
            options.
        parameters: The scalar options of one deal, with their defaults, as game
            parameters (OpenSpiel's parameter specification): ``-1`` stands for a
            default that follows from other options. Empty: every option whose value
            is a bool, an int or a str, as it is.

    Raises:
        InvalidArgumentError: a field that does not describe a game (seat names that
            are not one distinct name per seat, bounds in the wrong order, blocks that
            are not laid out one after the other, two statistics of one name).

    >>> import cardrules
    >>> info = cardrules.get_variant("bid-euchre").info
    >>> info.seat_names, info.deal_word, info.num_actions, info.teams
    (('N', 'E', 'S', 'W'), 'hand', 102, (('NS', (0, 2)), ('EW', (1, 3))))
    >>> info = cardrules.get_variant("tarot").info
    >>> info.zero_sum, info.score_bounds, info.deal_piles, info.player_range
    (True, (-2958.0, 2886.0), ('chien',), (3, 5))
    >>> GameInfo(players=2, num_actions=10, seat_names=("N", "N"))
    Traceback (most recent call last):
    ...
    cardrules.errors.InvalidArgumentError: ...
    """

    players: int
    num_actions: int
    seat_names: tuple[str, ...] = attrs.field()
    deal_word: str = "deal"
    max_game_length: int | None = None
    score_bounds: tuple[float, float] | None = None
    zero_sum: bool = False
    observation_layout: tuple[ObservationBlock, ...] = ()
    statistics: tuple[Statistic, ...] = ()
    teams: tuple[tuple[str, tuple[int, ...]], ...] = ()
    deal_piles: tuple[str, ...] = ()
    bot: str | None = None
    player_range: tuple[int, int] = attrs.field()
    parameters: Mapping[str, bool | int | str] = attrs.field(
        factory=dict, converter=_frozen_parameters
    )

    @seat_names.default
    def _default_seat_names(self) -> tuple[str, ...]:
        return _seat_names(self.players)

    @player_range.default
    def _default_player_range(self) -> tuple[int, int]:
        return (self.players, self.players)

    def __attrs_post_init__(self) -> None:
        players = _positive("players", self.players)
        _positive("num_actions", self.num_actions)
        if self.max_game_length is not None:
            _positive("max_game_length", self.max_game_length)
        _check_words(self.seat_names, players, self.deal_word)
        _check_bounds(self.score_bounds)
        _check_layout(self.observation_layout)
        given: tuple[object, ...] = self.statistics
        if not all(isinstance(s, Statistic) for s in given):
            raise InvalidArgumentError("statistics must be Statistic values")
        if len({s.name for s in self.statistics}) != len(self.statistics):
            raise InvalidArgumentError("two statistics have the same name")
        for name, seats in self.teams:
            if not all(type(s) is int and 0 <= s < players for s in seats):
                raise InvalidArgumentError(
                    f"a team is a name and seats, not {quote((name, seats))}"
                )
        low, high = self.player_range
        if not 1 <= low <= players <= high:
            raise InvalidArgumentError(
                f"player_range must hold {players} players, not {quote(self.player_range)}"
            )
        bot: object = self.bot
        if bot is not None and (type(bot) is not str or ":" not in bot):
            raise InvalidArgumentError(f"bot is a 'module:Class' path or None, not {quote(bot)}")

    @property
    def observation_size(self) -> int:
        """The length of ``view.observation()``: the sum of the blocks' sizes (0 when the
        game declares no observation)."""
        return self.observation_layout[-1].stop if self.observation_layout else 0

    def block(self, name: str) -> ObservationBlock:
        """The observation block called ``name``.

        Raises:
            InvalidArgumentError: the layout has no block of that name.
        """
        for block in self.observation_layout:
            if block.name == name:
                return block
        raise InvalidArgumentError(f"the observation has no block {quote(name)}")

    def seat_name(self, seat: int) -> str:
        """How the table names ``seat``.

        Raises:
            InvalidSeatError: ``seat`` is not a seat of this table.
        """
        names = self.seat_names
        if type(seat) is not int or not 0 <= seat < len(names):
            raise InvalidSeatError(
                f"{quote(seat)} is not a seat: seats run from 0 to {len(names) - 1}"
            )
        return names[seat]

    @property
    def deals_word(self) -> str:
        """The plural of :attr:`deal_word`: ``"deals"``, ``"hands"``."""
        return self.deal_word + "s"


_NAME_LENGTH: Final = 60


def player_names(names: object, players: int) -> tuple[str, ...] | None:
    """``names`` checked as the players' names for a text for people (``explain``): one
    distinct, non-empty str of at most 60 characters per seat, seat 0 first; ``None``
    for none (the seats are then named as the game names them).

    >>> player_names(["Ann", "Bob"], 2), player_names(None, 2)
    (('Ann', 'Bob'), None)

    Raises:
        InvalidArgumentError: anything else.
    """
    if names is None:
        return None
    given: tuple[object, ...] | None = tuple(names) if isinstance(names, (tuple, list)) else None
    if (
        given is None
        or len(given) != players
        or not all(type(n) is str and n.strip() and len(n) <= _NAME_LENGTH for n in given)
        or len(set(given)) != players
    ):
        raise InvalidArgumentError(
            f"names are {players} distinct non-empty strs of at most {_NAME_LENGTH}"
            f" characters, one per seat, not {quote(names)}"
        )
    return given  # type: ignore[return-value]
