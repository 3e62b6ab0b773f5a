"""French Tarot actions, their notation and their integer ids.

Every action is an immutable value whose ``str`` is its notation, read back by
:func:`~cardrules.tarot.parse_action`:

=====================================  ==================================================
``bid prise`` … ``bid garde-contre``   :class:`Bid` (T-10, T-11); ``pass`` is the core's
                                       :class:`~cardrules.Pass`, also used to decline a
                                       slam announcement; also read: ``bid petite``,
                                       ``bid garde_sans``, ``bid garde_contre``
``call KH``                            :class:`Call`: the 5-player called card (T-42)
``discard 3C``                         :class:`Discard`: one écart card (T-14, T-15)
``discard 3C 4C 5C``                   several écart cards at once (a convenience of
                                       ``apply``, which applies them in order)
``announce chelem``                    :class:`AnnounceChelem` (T-17)
``declare poignee simple``             :class:`DeclarePoignee` at a level, showing the
                                       canonical cards (T-18 … T-20)
``declare poignee 21T 20T … 12T``      :class:`DeclarePoignee` showing chosen cards
``play 21T``                           the core's :class:`~cardrules.Play`
=====================================  ==================================================

Integer ids (:func:`~cardrules.tarot.action_id`,
:func:`~cardrules.tarot.action_from_id`) are the same for every table size and option
set: plays 0-77 and single-card discards 78-155 (by card position), ``pass`` 156, bids
157-160, calls 161-176, ``announce chelem`` 177 and the three poignée levels 178-180. A
declaration showing chosen cards has the id of its level.

>>> from cardrules.tarot.actions import parse_action, action_id, action_from_id
>>> a = parse_action("bid garde-sans")
>>> str(a), action_id(a), action_from_id(action_id(a)) is a
('bid garde-sans', 159, True)
>>> str(parse_action("declare poignee 1T 5T 3T 2T 4T 6T 7T 8T 9T 10T"))
'declare poignee 10T 9T 8T 7T 6T 5T 4T 3T 2T 1T'
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable
from typing import Any, ClassVar, Final

from cardrules._util import quote
from cardrules.actions import Action, Pass, Play, ValueAction, split_notation
from cardrules.cards import EXCUSE, Card, CardKind, Rank, Suit
from cardrules.errors import InvalidActionError, InvalidArgumentError, NotationError
from cardrules.tarot.bidding import Contract
from cardrules.tarot.options import TarotOptions
from cardrules.tarot.scoring import PoigneeLevel

__all__ = [
    "CALLABLE_RANKS",
    "NUM_ACTIONS",
    "AnnounceChelem",
    "Bid",
    "Call",
    "DeclarePoignee",
    "Discard",
    "action_from_id",
    "action_id",
    "parse_action",
    "poignee_level_of",
]

CALLABLE_RANKS: Final = (Rank.KING, Rank.QUEEN, Rank.KNIGHT, Rank.JACK)
"""The ranks a 5-player taker may call, in the order T-42 tries them."""

_PLAY_BASE: Final = 0
_DISCARD_BASE: Final = 78
_PASS_ID: Final = 156
_BID_BASE: Final = 157
_CALL_BASE: Final = 161
_ANNOUNCE_ID: Final = 177
_POIGNEE_BASE: Final = 178
NUM_ACTIONS: Final = 181
"""The size of the Tarot integer action space."""


class Bid(ValueAction[Contract]):
    """Bid a contract (T-10, T-11). Interned: ``Bid(c) is Bid(c)``.

    Attributes:
        contract: The :class:`~cardrules.tarot.Contract` bid.

    >>> Bid(Contract.GARDE)
    Bid(Contract.GARDE)
    """

    __slots__ = ("contract",)
    verb: ClassVar[str] = "bid"
    value_type: ClassVar[type] = Contract
    contract: Contract

    def __str__(self) -> str:
        return f"bid {self.contract.code}"

    def __repr__(self) -> str:
        return f"Bid(Contract.{self.contract.name})"


Bid.intern(*Contract)
_BIDS: Final = {c: Bid(c) for c in Contract}


class Call(ValueAction[Card]):
    """Call a card to choose a partner with 5 players (T-42). Interned per card.

    Only a king, queen, knight or jack of a suit can be named.

    Attributes:
        card: The called card.

    >>> Call(Card.parse("KH"))
    Call(Card.parse('KH'))
    """

    __slots__ = ("card",)
    verb: ClassVar[str] = "call"
    value_type: ClassVar[type] = Card
    card: Card

    @classmethod
    def _uninterned(cls, value: Any) -> Call:
        raise InvalidArgumentError(
            f"only a king, queen, knight or jack can be called (T-42), not {value}"
        )


_CALLABLE: Final = tuple(Card(s, r) for r in CALLABLE_RANKS for s in Suit)
Call.intern(*_CALLABLE)
_CALLS: Final = {c: Call(c) for c in _CALLABLE}


class Discard(Action):
    """Put cards in the écart (T-14, T-15).

    The legal actions offer one card at a time (``Discard(card)``, interned per card).
    ``Discard([c1, c2, ...])`` names several cards; ``apply`` puts them in the écart in
    order, each one checked, and the history records one single-card discard per card.

    Attributes:
        cards: The cards, in the order given.
        card: The card of a single-card discard; ``None`` when several are named.

    >>> d = Discard(Card.parse("3C"))
    >>> str(d), d is Discard(Card.parse("3C")), str(Discard([Card.parse("3C"), Card.parse("4C")]))
    ('discard 3C', True, 'discard 3C 4C')
    """

    __slots__ = ("card", "cards")
    verb: ClassVar[str] = "discard"
    cards: tuple[Card, ...]
    card: Card | None

    def __new__(cls, cards: Card | Iterable[Card]) -> Discard:
        if isinstance(cards, Card):
            return _single_discard(cards)
        given: object = cards
        if isinstance(given, (str, bytes)):
            raise InvalidArgumentError(f"Discard takes a Card or Cards, not {quote(given)}")
        try:
            items = tuple(cards)
        except TypeError:
            raise InvalidArgumentError(
                f"Discard takes a Card or Cards, not {quote(cards)}"
            ) from None
        if not items or not all(isinstance(c, Card) for c in items):
            raise InvalidArgumentError("Discard takes one or more Cards")
        if len(items) == 1:
            return _single_discard(items[0])
        discard = object.__new__(cls)
        object.__setattr__(discard, "cards", items)
        object.__setattr__(discard, "card", None)
        return discard

    def _key(self) -> tuple[Any, ...]:
        return self.cards

    def __hash__(self) -> int:
        return hash(self.cards) ^ 0x3C3C

    def __str__(self) -> str:
        return "discard " + " ".join(str(c) for c in self.cards)

    def __repr__(self) -> str:
        if self.card is not None:
            return f"Discard({self.card!r})"
        return f"Discard([{', '.join(repr(c) for c in self.cards)}])"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Discard, (self.card if self.card is not None else list(self.cards),))


def _make_discard(card: Card) -> Discard:
    discard = object.__new__(Discard)
    object.__setattr__(discard, "cards", (card,))
    object.__setattr__(discard, "card", card)
    return discard


_DISCARDS: Final = [_make_discard(Card.from_index(i)) for i in range(79)]


def _single_discard(card: Card) -> Discard:
    return _DISCARDS[card.index]


class AnnounceChelem(Action):
    """The taker announces a slam (T-17). A singleton; ``pass`` declines.

    >>> str(AnnounceChelem()), AnnounceChelem() is AnnounceChelem()
    ('announce chelem', True)
    """

    __slots__ = ()
    verb: ClassVar[str] = "announce"
    _instance: ClassVar[AnnounceChelem | None] = None

    def __new__(cls) -> AnnounceChelem:
        if cls._instance is None:
            cls._instance = object.__new__(cls)
        return cls._instance

    def __str__(self) -> str:
        return "announce chelem"

    def __reduce__(self) -> tuple[Any, ...]:
        return (AnnounceChelem, ())


def _poignee_order(card: Card) -> tuple[int, int]:
    # T-19: shown sorted in descending order; the Excuse after the trumps.
    if card.kind is CardKind.TRUMP:
        return (0, -card.rank)
    if card is EXCUSE:
        return (1, 0)
    return (2, card.index)


class DeclarePoignee(Action):
    """Declare a poignée (T-18 … T-20) right before playing one's first card.

    Give exactly one of:

    * ``level``: show the *canonical* cards for that level, chosen by the engine: the
      lowest trumps of the hand; then, for the taker under T-20c, the trumps forced into
      the écart; then the Excuse, only when it is needed and T-20b allows it. This is
      the form :meth:`~cardrules.tarot.TarotState.legal_actions` lists (one per level
      the player qualifies for) and the form integer ids stand for.
    * ``cards``: show these cards. Any valid choice is accepted; the level is the one
      whose threshold equals the number of cards shown. The cards are kept sorted in
      descending order (T-19), so the order given does not matter.

    Attributes:
        level: The level of a canonical declaration, ``None`` when ``cards`` are given.
        cards: The cards shown, descending, or ``None`` for a canonical declaration.

    >>> str(DeclarePoignee(PoigneeLevel.DOUBLE))
    'declare poignee double'
    >>> str(DeclarePoignee(cards=[EXCUSE, Card.trump(3), Card.trump(9)]))
    'declare poignee 9T 3T EX'
    """

    __slots__ = ("cards", "level")
    verb: ClassVar[str] = "declare"
    level: PoigneeLevel | None
    cards: tuple[Card, ...] | None

    def __new__(
        cls, level: PoigneeLevel | None = None, *, cards: Iterable[Card] | None = None
    ) -> DeclarePoignee:
        if level is not None and cards is None:
            if type(level) is not PoigneeLevel:
                raise InvalidArgumentError(f"level must be a PoigneeLevel, not {quote(level)}")
            return _CANONICAL[level]
        if level is not None or cards is None:
            raise InvalidArgumentError(
                "DeclarePoignee takes a level or cards (exactly one of them)"
            )
        given: object = cards
        if isinstance(given, (str, bytes)):
            raise InvalidArgumentError(f"cards must be Cards, not {quote(given)}")
        items = tuple(cards)
        if not items or not all(isinstance(c, Card) for c in items):
            raise InvalidArgumentError("a poignée shows one or more Cards")
        declare = object.__new__(cls)
        object.__setattr__(declare, "level", None)
        object.__setattr__(declare, "cards", tuple(sorted(items, key=_poignee_order)))
        return declare

    def _key(self) -> tuple[Any, ...]:
        return (self.level, self.cards)

    def __str__(self) -> str:
        if self.cards is None:
            return f"declare poignee {self.level}"
        return "declare poignee " + " ".join(str(c) for c in self.cards)

    def __repr__(self) -> str:
        if self.level is not None:
            return f"DeclarePoignee(PoigneeLevel.{self.level.name})"
        return f"DeclarePoignee(cards=[{', '.join(repr(c) for c in self.cards or ())}])"

    def __reduce__(self) -> tuple[Any, ...]:
        if self.cards is None:
            return (DeclarePoignee, (self.level,))
        return (_declare_cards, (self.cards,))


def _declare_cards(cards: tuple[Card, ...]) -> DeclarePoignee:
    return DeclarePoignee(cards=cards)


def _make_canonical(level: PoigneeLevel) -> DeclarePoignee:
    declare = object.__new__(DeclarePoignee)
    object.__setattr__(declare, "level", level)
    object.__setattr__(declare, "cards", None)
    return declare


_CANONICAL: Final = {level: _make_canonical(level) for level in PoigneeLevel}
_LEVEL_WORDS: Final = {str(level): level for level in PoigneeLevel}
_BY_ID: Final[tuple[Action, ...]] = (
    *(Play(Card.from_index(i)) for i in range(78)),
    *(_DISCARDS[i] for i in range(78)),
    Pass(),
    *(_BIDS[c] for c in Contract),
    *(_CALLS[c] for c in _CALLABLE),
    AnnounceChelem(),
    *(_CANONICAL[level] for level in PoigneeLevel),
)
_ID_OF: Final[dict[Action, int]] = {a: i for i, a in enumerate(_BY_ID)}


def poignee_level_of(count: int, options: TarotOptions) -> PoigneeLevel | None:
    """The level whose threshold (T-18) is exactly ``count`` cards, or ``None``.

    Args:
        count: How many cards are shown.
        options: The table's options (player count and thresholds).

    >>> poignee_level_of(13, TarotOptions()), poignee_level_of(11, TarotOptions())
    (<PoigneeLevel.DOUBLE: 2>, None)
    """
    thresholds = options.poignee_thresholds[options.players]
    for level in PoigneeLevel:
        if thresholds[level - 1] == count:
            return level
    return None


_DEFAULT_OPTIONS: Final = TarotOptions()


def action_id(action: Action, options: TarotOptions | None = None) -> int:
    """The stable integer id of ``action`` (module docs give the layout).

    A declaration showing chosen cards has the id of its level, which follows from the
    number of cards and the table's thresholds: here those of 4 players;
    ``TarotVariant(...).action_id`` uses its own.

    Args:
        action: A Tarot action.
        options: Deprecated: ask the variant of these options, ``TarotVariant(options)``.

    Returns:
        An id from 0 to ``NUM_ACTIONS - 1``.

    Raises:
        InvalidActionError: ``action`` has no id: not a Tarot action, a multi-card
            discard, the joker, or a declaration whose card count matches no level.

    >>> action_id(Play(Card.parse("EX"))), action_id(Pass())
    (77, 156)
    """
    if options is not None:
        warnings.warn(
            "action_id(action, options) is deprecated and will be removed in 0.3; use "
            "TarotVariant(options).action_id(action)",
            DeprecationWarning,
            stacklevel=2,
        )
    given: object = action
    found = _ID_OF.get(given) if isinstance(given, Action) else None
    if found is not None:
        return found
    if type(action) is DeclarePoignee and action.cards is not None:
        level = poignee_level_of(len(action.cards), options or _DEFAULT_OPTIONS)
        if level is not None:
            return _POIGNEE_BASE + level - 1
    if type(action) is Discard:
        raise InvalidActionError(
            "a discard of several cards has no id: use one single-card discard per card",
            action=action,
        )
    raise InvalidActionError(f"{quote(action)} is not a Tarot action with an id", action=action)


def action_from_id(number: int) -> Action:
    """The action with this id (see :func:`action_id`).

    Raises:
        InvalidActionError: ``number`` is not an int from 0 to ``NUM_ACTIONS - 1`` (a
            ``ValueError``).

    >>> action_from_id(157), action_from_id(178)
    (Bid(Contract.PRISE), DeclarePoignee(PoigneeLevel.SIMPLE))
    """
    if type(number) is not int or not 0 <= number < NUM_ACTIONS:
        raise InvalidActionError(
            f"a Tarot action id is an int from 0 to {NUM_ACTIONS - 1}, not {quote(number)}"
        )
    return _BY_ID[number]


def _lower(word: str) -> str:
    return word.lower() if word.isascii() else word


def _cards(words: list[str]) -> list[Card]:
    return [Card.parse(w) for w in words]


def parse_action(text: str) -> Action:
    """Parse a Tarot action from its notation (table in the module docs).

    Verbs and card codes ignore ASCII case; words are separated by single spaces.
    Whether the action is legal is checked by the state, not here.

    Raises:
        NotationError: ``text`` is not Tarot action notation.

    >>> parse_action("play 21t"), parse_action("PASS"), parse_action("call KH")
    (Play(Card.parse('21T')), Pass(), Call(Card.parse('KH')))
    >>> parse_action("discard 3C 4C")
    Discard([Card.parse('3C'), Card.parse('4C')])
    >>> parse_action("bid everything")
    Traceback (most recent call last):
    ...
    cardrules.errors.NotationError: not a Tarot contract: 'everything'
    """
    words = split_notation(text)
    verb, args = _lower(words[0]), words[1:]
    if verb == "play" and len(args) == 1:
        return Play(Card.parse(args[0]))
    if verb == "pass" and not args:
        return Pass()
    if verb == "bid" and len(args) == 1:
        return Bid(Contract.parse(args[0]))
    if verb == "discard" and args:
        if len(args) > 30:
            raise NotationError(f"too many cards in a discard: {quote(text)}")
        return Discard(_cards(args))
    if verb == "call" and len(args) == 1:
        card = Card.parse(args[0])
        if card not in _CALLS:
            raise NotationError(
                f"only a king, queen, knight or jack can be called (T-42), not {quote(args[0])}"
            )
        return Call(card)
    if verb == "announce" and len(args) == 1 and _lower(args[0]) == "chelem":
        return AnnounceChelem()
    if verb == "declare" and len(args) >= 2 and _lower(args[0]) == "poignee":
        rest = args[1:]
        if len(rest) == 1 and _lower(rest[0]) in _LEVEL_WORDS:
            return DeclarePoignee(_LEVEL_WORDS[_lower(rest[0])])
        if len(rest) > 22:
            raise NotationError(f"too many cards in a poignée: {quote(text)}")
        return DeclarePoignee(cards=_cards(rest))
    # The message names no card: it may be shown to any seat.
    raise NotationError(
        f"not a Tarot action: {quote(text)} (expected 'bid' and a contract, 'pass', "
        "'call', 'discard' or 'play' and card codes, 'announce chelem' or 'declare poignee')"
    )
