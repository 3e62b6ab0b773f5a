"""Bid Euchre actions, their notation and their stable integer ids.

Notation (``str(action)``; :func:`~cardrules.bid_euchre.parse_action` reads it back,
ignoring ASCII case):

============================  ===========================================================
``pass``                      decline to bid (E-8) or to claim Ace No Face (E-36)
``bid 4``                     an ordinary bid; also ``bid 4P``
``bid 6P``                    the plain six (``allow_plain_six``, E-10; ``bid 12P`` with the
                              double deck), as a variant writes it; ``str()`` writes
                              ``bid 6``, the same action in every deck; also ``bid 6``
``bid 6H`` / ``bid help``     six asking for help (E-14); ``bid 12H`` with the double deck
``bid 6M`` / ``bid moon``     shoot the moon (E-15); ``bid 12M`` with the double deck
``trump hearts``              the declarer names trump (E-13); also ``trump H``,
                              ``trump heart``, ``trump ♥``
``trump no-trump``            no-trump (``allow_no_trump``); also ``trump nt``,
                              ``trump notrump``, ``trump no-trumps``, ``trump notrumps``
``give 9C``                   pass one card in the help exchange, either way (E-14)
``discard 9C``                the dealer's discard in the joker variant (E-37)
``claim ace-no-face``         claim an Ace No Face hand (E-36); also ``claim acenoface``,
                              ``claim anf``
``name spades``               the suit called by the leader of the joker under no-trump (E-37)
``play JD``                   play a card to the trick (E-18 … E-22)
============================  ===========================================================

One action object serves every option set, so ``str()`` cannot know the deck: the
plain all-tricks bid is written ``6P`` by
:meth:`Notation.text <cardrules.bid_euchre.actions.Notation.text>` (and by a variant's
``action_text``), which knows the hand size.

The joker's called suit is a separate step, not part of the card play: the leader plays
``play JK`` and, while everyone waits, names a suit. A card play is always
:class:`~cardrules.Play`, and the call is recorded in the history like any action.

Action ids are the same for every option set (102 ids): a variant rejects the ids its
options do not use (``bid 12M`` with a single deck, ``play JK`` without the joker).

>>> from cardrules.bid_euchre import parse_action, action_id, action_from_id
>>> a = parse_action("bid 6h")
>>> a, str(a), action_id(a)
(Bid(Contract(6, ContractKind.HELP)), 'bid 6H', 13)
>>> action_from_id(action_id(parse_action("play JD"))) == parse_action("play jd")
True
"""

from __future__ import annotations

import warnings
from typing import Any, ClassVar, Final

from cardrules._util import quote
from cardrules.actions import Action, Pass, Play, ValueAction, split_notation
from cardrules.bid_euchre.bidding import Contract, ContractKind
from cardrules.bid_euchre.cards import NO_TRUMP, NoTrump, Trump
from cardrules.cards import JOKER, Card, Suit
from cardrules.decks import euchre_deck
from cardrules.errors import (
    ImmutableError,
    InvalidActionError,
    InvalidArgumentError,
    NotationError,
)

__all__ = [
    "NUM_ACTIONS",
    "PASS",
    "Bid",
    "ClaimAceNoFace",
    "Discard",
    "Give",
    "NameSuit",
    "NameTrump",
    "Notation",
    "action_from_id",
    "action_id",
    "parse_action",
]

PASS: Final = Pass()
"""The pass: no bid (E-8), or no Ace No Face claim (E-36)."""


class Bid(ValueAction[Contract]):
    """A bid of a :class:`~cardrules.bid_euchre.Contract` (E-8, E-10, E-11).

    The bids the action ids cover (levels 1 to 12, 6H, 6M, 12H, 12M) are interned.

    >>> from cardrules.bid_euchre import Contract
    >>> Bid(Contract(4)) is Bid(Contract(4)), str(Bid(Contract.moon(6)))
    (True, 'bid 6M')
    """

    __slots__ = ("contract",)
    verb: ClassVar[str] = "bid"
    value_type: ClassVar[type] = Contract
    contract: Contract

    def _key(self) -> tuple[Any, ...]:
        return (self.contract.tricks, int(self.contract.kind))


class NameTrump(Action):
    """The declarer names trump: a suit, or :data:`~cardrules.bid_euchre.NO_TRUMP` (E-13).

    >>> from cardrules import Suit
    >>> str(NameTrump(Suit.HEARTS)), str(NameTrump(NO_TRUMP))
    ('trump hearts', 'trump no-trump')
    """

    __slots__ = ("trump",)
    verb: ClassVar[str] = "trump"
    trump: Trump

    def __new__(cls, trump: Trump) -> NameTrump:
        try:
            return _TRUMPS[trump]
        except (KeyError, TypeError):
            raise InvalidArgumentError(
                f"NameTrump takes a Suit or NO_TRUMP, not {quote(trump)}"
            ) from None

    def _key(self) -> tuple[Any, ...]:
        return (self.trump.value,)

    def __str__(self) -> str:
        return f"trump {_trump_word(self.trump)}"

    def __repr__(self) -> str:
        if isinstance(self.trump, NoTrump):
            return "NameTrump(NO_TRUMP)"
        return f"NameTrump(Suit.{self.trump.name})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (NameTrump, (self.trump,))


class NameSuit(ValueAction[Suit]):
    """The suit called by the leader of the joker under no-trump (E-37, R500).

    >>> from cardrules import Suit
    >>> str(NameSuit(Suit.SPADES))
    'name spades'
    """

    __slots__ = ("suit",)
    verb: ClassVar[str] = "name"
    value_type: ClassVar[type] = Suit
    suit: Suit

    def _key(self) -> tuple[Any, ...]:
        return (self.suit.value,)

    def __str__(self) -> str:
        return f"name {self.suit.name.lower()}"

    def __repr__(self) -> str:
        return f"NameSuit(Suit.{self.suit.name})"


class _CardAction(ValueAction[Card]):
    __slots__ = ("card",)
    value_type: ClassVar[type] = Card
    card: Card


class Give(_CardAction):
    """Pass one card in the help exchange, declarer to partner or back (E-14).

    >>> from cardrules import Card
    >>> str(Give(Card.parse("9C")))
    'give 9C'
    """

    __slots__ = ()
    verb: ClassVar[str] = "give"


class Discard(_CardAction):
    """The dealer's discard in the joker variant, face down (E-37).

    >>> from cardrules import JOKER
    >>> str(Discard(JOKER))
    'discard JK'
    """

    __slots__ = ()
    verb: ClassVar[str] = "discard"


class ClaimAceNoFace(Action):
    """Claim an Ace No Face hand: an ace and no face card (E-36). A singleton.

    >>> str(ClaimAceNoFace()), ClaimAceNoFace() is ClaimAceNoFace()
    ('claim ace-no-face', True)
    """

    __slots__ = ()
    verb: ClassVar[str] = "claim"

    def __new__(cls) -> ClaimAceNoFace:
        return _CLAIM

    def __str__(self) -> str:
        return "claim ace-no-face"

    def __reduce__(self) -> tuple[Any, ...]:
        return (ClaimAceNoFace, ())


def _make(cls: type[Any], **fields: Any) -> Any:
    obj = object.__new__(cls)
    for name, value in fields.items():
        object.__setattr__(obj, name, value)
    return obj


def _trump_word(trump: Trump) -> str:
    return "no-trump" if isinstance(trump, NoTrump) else trump.name.lower()


# The bids with an action id: levels 1 to 12, then 6H 6M 12H 12M.
_ID_BIDS: Final = (
    *(Contract(level) for level in range(1, 13)),
    *(Contract(n, kind) for n in (6, 12) for kind in (ContractKind.HELP, ContractKind.MOON)),
)
Bid.intern(*_ID_BIDS)
_BIDS: Final[dict[tuple[int, ContractKind], Bid]] = {(c.tricks, c.kind): Bid(c) for c in _ID_BIDS}

_TRUMPS: Final[dict[Trump, NameTrump]] = {t: _make(NameTrump, trump=t) for t in (*Suit, NO_TRUMP)}
NameSuit.intern(*Suit)
_NAMES: Final[dict[Suit, NameSuit]] = {s: NameSuit(s) for s in Suit}
_CLAIM: Final[ClaimAceNoFace] = object.__new__(ClaimAceNoFace)

# The 25 cards that action ids cover: the Euchre deck in deck order, then the joker.
_ID_CARDS: Final[tuple[Card, ...]] = (*euchre_deck(), JOKER)
# Interned for every card, like Play: a card outside the deck is rejected by the state.
Give.intern(*(Card.from_index(index) for index in range(79)))
Discard.intern(*(Card.from_index(index) for index in range(79)))

# Stable id layout: pass, bids 1-12, 6H 6M 12H 12M, claim, trumps, named suits,
# then play, give and discard for each of the 25 cards.
_UNIVERSE: Final[tuple[Action, ...]] = (
    PASS,
    *(_BIDS[(n, ContractKind.ORDINARY)] for n in range(1, 13)),
    _BIDS[(6, ContractKind.HELP)],
    _BIDS[(6, ContractKind.MOON)],
    _BIDS[(12, ContractKind.HELP)],
    _BIDS[(12, ContractKind.MOON)],
    _CLAIM,
    *_TRUMPS.values(),
    *_NAMES.values(),
    *(Play(c) for c in _ID_CARDS),
    *(Give(c) for c in _ID_CARDS),
    *(Discard(c) for c in _ID_CARDS),
)
NUM_ACTIONS: Final = len(_UNIVERSE)
"""The number of action ids (102), the same for every option set."""

_IDS: Final[dict[Action, int]] = {a: i for i, a in enumerate(_UNIVERSE)}


def action_id(action: Action) -> int:
    """The stable integer id of ``action`` (0 to :data:`NUM_ACTIONS` - 1).

    Raises:
        InvalidActionError: ``action`` has no id (not a Bid Euchre action, or a bid or
            card outside every Bid Euchre deck); a ``ValueError``.

    >>> action_id(PASS), action_id(parse_action("bid 4")), action_id(parse_action("play 9S"))
    (0, 4, 27)
    """
    try:
        return _IDS[action]
    except (KeyError, TypeError):
        raise InvalidActionError(
            f"{quote(action)} has no Bid Euchre action id", action=action
        ) from None


def action_from_id(action_id: int) -> Action:
    """The action with this id.

    Raises:
        InvalidActionError: ``action_id`` is not an int from 0 to :data:`NUM_ACTIONS` - 1
            (a ``ValueError``).

    >>> str(action_from_id(0)), str(action_from_id(101))
    ('pass', 'discard JK')
    """
    if type(action_id) is not int or not 0 <= action_id < NUM_ACTIONS:
        raise InvalidActionError(
            f"action ids are ints from 0 to {NUM_ACTIONS - 1}, not {quote(action_id)}"
        )
    return _UNIVERSE[action_id]


_NO_TRUMP_WORDS: Final = frozenset({"NO-TRUMP", "NOTRUMP", "NO-TRUMPS", "NOTRUMPS", "NT"})
_CARD_VERBS: Final[dict[str, type[Play] | type[Give] | type[Discard]]] = {
    "PLAY": Play,
    "GIVE": Give,
    "DISCARD": Discard,
}
_CLAIM_WORDS: Final = frozenset({"ACE-NO-FACE", "ACENOFACE", "ANF"})
_ASCII_UPPER: Final = {c: c - 32 for c in range(ord("a"), ord("z") + 1)}


def _card(word: str, text: str) -> Card:
    try:
        return Card.parse(word)
    except NotationError:
        raise NotationError(f"not a card in {quote(text)}: {quote(word)}") from None


def _suit(word: str, text: str) -> Suit:
    try:
        return Suit.parse(word)
    except NotationError:
        raise NotationError(f"not a suit in {quote(text)}: {quote(word)}") from None


class Notation:
    """The action notation of one hand size: what ``bid help`` and ``bid moon`` stand for,
    and how the plain all-tricks bid is written.

    :func:`~cardrules.bid_euchre.parse_action` reads the notation of the single deck (6
    tricks); a variant
    reads and writes with the notation of its own deck (``BidEuchreVariant.parse_action``
    and ``BidEuchreVariant.action_text``).

    Args:
        tricks_per_hand: 6, or 12 with the double deck.

    Raises:
        TypeError: ``tricks_per_hand`` is not 6 or 12 (the library's
            ``InvalidArgumentError``, also a ``ValueError``).

    >>> double = Notation(tricks_per_hand=12)
    >>> double.parse("bid moon"), double.text(Bid(Contract(12)))
    (Bid(Contract(12, ContractKind.MOON)), 'bid 12P')
    """

    __slots__ = ("tricks_per_hand",)

    tricks_per_hand: int

    def __init__(self, *, tricks_per_hand: int = 6) -> None:
        if type(tricks_per_hand) is not int or tricks_per_hand not in (6, 12):
            raise InvalidArgumentError(
                f"tricks_per_hand is 6, or 12 with the double deck, not {quote(tricks_per_hand)}"
            )
        object.__setattr__(self, "tricks_per_hand", tricks_per_hand)

    def __setattr__(self, name: str, value: object) -> None:
        raise ImmutableError(f"Notation is immutable; cannot set {quote(name)}")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Notation):
            return NotImplemented
        return self.tricks_per_hand == other.tricks_per_hand

    def __hash__(self) -> int:
        return hash(self.tricks_per_hand)

    def __repr__(self) -> str:
        return f"Notation(tricks_per_hand={self.tricks_per_hand})"

    def text(self, action: Action) -> str:
        """The notation of ``action``: ``str(action)``, except that the plain all-tricks
        bid of this hand size is written ``bid 6P`` (``bid 12P``), as the spec writes it
        (E-10).

        >>> Notation().text(Bid(Contract(6))), Notation().text(PASS)
        ('bid 6P', 'pass')
        """
        if type(action) is Bid:
            return f"bid {action.contract.notation(tricks_per_hand=self.tricks_per_hand)}"
        return str(action)

    def parse(self, text: str) -> Action:
        """Parse an action from its notation (see the module docs), ignoring ASCII case.

        Bid levels and suits are matched against fixed tables (``bid ٣`` is not a bid);
        a card outside the Bid Euchre decks (``play 8S``) parses, and the state rejects
        it with :class:`~cardrules.UnknownCardError`.

        Raises:
            NotationError: ``text`` is not the notation of a Bid Euchre action.
        """
        words = split_notation(text)
        verb = words[0].translate(_ASCII_UPPER)
        if len(words) == 1:
            if verb == "PASS":
                return PASS
            raise NotationError(f"not a Bid Euchre action: {quote(text)}")
        if len(words) != 2:
            raise NotationError(f"not a Bid Euchre action: {quote(text)}")
        arg = words[1]
        key = arg.translate(_ASCII_UPPER)
        card_action = _CARD_VERBS.get(verb)
        if card_action is not None:
            return card_action(_card(arg, text))
        if verb == "BID":
            try:
                contract = Contract.parse(arg, tricks_per_hand=self.tricks_per_hand)
            except NotationError:
                raise NotationError(f"not a Bid Euchre bid in {quote(text)}") from None
            return Bid(contract)
        if verb == "TRUMP":
            if key in _NO_TRUMP_WORDS:
                return _TRUMPS[NO_TRUMP]
            return _TRUMPS[_suit(arg, text)]
        if verb == "NAME":
            return _NAMES[_suit(arg, text)]
        if verb == "CLAIM" and key in _CLAIM_WORDS:
            return _CLAIM
        raise NotationError(f"not a Bid Euchre action: {quote(text)}")


_SINGLE_DECK: Final = Notation()


def parse_action(text: str, **deprecated: int) -> Action:
    """Parse an action from its notation (see the module docs), ignoring ASCII case.

    ``bid help`` and ``bid moon`` are the single deck's 6H and 6M; a variant's
    ``parse_action`` reads its own deck's (12H and 12M with the double deck). The old
    keyword ``tricks_per_hand`` still works, with a :class:`DeprecationWarning`
    (removed in 0.3; use :class:`~cardrules.bid_euchre.actions.Notation`).

    Bid levels and suits are matched against fixed tables (``bid ٣`` is not a bid);
    a card outside the Bid Euchre decks (``play 8S``) parses, and the state rejects it
    with :class:`~cardrules.UnknownCardError`.

    Raises:
        NotationError: ``text`` is not the notation of a Bid Euchre action.

    >>> parse_action("bid moon"), parse_action("trump NT"), parse_action("PASS")
    (Bid(Contract(6, ContractKind.MOON)), NameTrump(NO_TRUMP), Pass())
    """
    if not deprecated:
        return _SINGLE_DECK.parse(text)
    if set(deprecated) != {"tricks_per_hand"}:
        raise InvalidArgumentError(
            f"parse_action takes the text only, not {', '.join(map(quote, deprecated))}"
        )
    warnings.warn(
        "parse_action(text, tricks_per_hand=...) is deprecated and will be removed in 0.3;"
        " use Notation(tricks_per_hand=...).parse(text) or a variant's parse_action",
        DeprecationWarning,
        stacklevel=2,
    )
    return Notation(tricks_per_hand=deprecated["tricks_per_hand"]).parse(text)
