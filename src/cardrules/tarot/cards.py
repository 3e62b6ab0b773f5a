"""The French Tarot deck, card points, bouts and trick behaviour (T-2 … T-5, T-22 … T-24).

The deck is laid out in the core's card order: the 56 suit cards (spades, hearts,
diamonds, clubs, ace to king, knights included), then the trumps ``1T`` … ``21T``, then
the Excuse.

Card points are counted here in half points, whole numbers (a king is worth 4.5 points,
9 half points), and every name that counts them so says so:
:func:`~cardrules.tarot.card_half_points`, :func:`half_points_of`. The points of the
rules, 91 for the deck, are those of a deal's facts and scores
(:attr:`~cardrules.tarot.DealFacts.points`).

>>> from cardrules import Card, EXCUSE
>>> from cardrules.tarot.cards import TAROT_DECK, card_half_points, is_bout
>>> len(TAROT_DECK), sum(card_half_points(c) for c in TAROT_DECK)
(78, 182)
>>> card_half_points(Card.parse("KH")), card_half_points(Card.parse("7T")), is_bout(EXCUSE)
(9, 1, True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Final

from cardrules._util import quote
from cardrules.cards import EXCUSE, Card, CardKind, Rank
from cardrules.decks import tarot_deck
from cardrules.deprecation import Deprecated, deprecated_names
from cardrules.errors import UnknownCardError
from cardrules.tricks import TrickRules

if TYPE_CHECKING:
    # Deprecated names, still importable for one release (see __getattr__ below).
    from cardrules.tricks import TrickTable

    TAROT_TABLE: TrickTable
    TRUMP_LABEL: str
    card_points: Callable[[Card], int]
    points_of: Callable[[Iterable[Card]], int]

__all__ = [
    "BOUTS",
    "PETIT",
    "TAROT_DECK",
    "TAROT_TRICK_RULES",
    "TWENTY_ONE",
    "bout_count",
    "card_half_points",
    "half_points_of",
    "is_bout",
]

TAROT_DECK: Final[tuple[Card, ...]] = tarot_deck()
"""The 78 Tarot cards (T-2), in position order: position ``i`` holds the card of index ``i``."""

PETIT: Final = Card.trump(1)
"""Trump 1, the Petit: a bout (T-5)."""

TWENTY_ONE: Final = Card.trump(21)
"""Trump 21: a bout (T-5)."""

BOUTS: Final = frozenset({PETIT, TWENTY_ONE, EXCUSE})
"""The three bouts: the Petit, the 21 and the Excuse (T-5)."""

# The effective-suit label of the trumps in TAROT_TRICK_RULES.
_TRUMP_LABEL: Final = "trump"

# T-4: card points in half points (bouts and kings 4.5, queens 3.5, knights 2.5,
# jacks 1.5, every other card 0.5).
_HALF_POINTS_BY_RANK: Final = {Rank.KING: 9, Rank.QUEEN: 7, Rank.KNIGHT: 5, Rank.JACK: 3}


def _half_points(card: Card) -> int:
    if card in BOUTS:
        return 9
    if card.kind is CardKind.SUIT:
        return _HALF_POINTS_BY_RANK.get(Rank(card.rank), 1)
    return 1


_POINTS: Final[tuple[int, ...]] = tuple(_half_points(c) for c in TAROT_DECK)


def card_half_points(card: Card) -> int:
    """The card's value in half points (T-4): 9 for a bout or a king, 1 for a low card.

    Args:
        card: A card of the Tarot deck.

    Returns:
        The value in half points; the 78 cards total 182 (91 points).

    Raises:
        UnknownCardError: ``card`` is not a Tarot card (the joker); a ``ValueError``.

    >>> from cardrules import Card
    >>> [card_half_points(Card.parse(c)) for c in ("KS", "QS", "NS", "JS", "10S", "1T", "EX")]
    [9, 7, 5, 3, 1, 9, 9]
    """
    if type(card) is not Card or card.index >= len(_POINTS):
        raise UnknownCardError(f"{quote(card)} is not a Tarot card", action=card)
    return _POINTS[card.index]


def half_points_of(cards: Iterable[Card]) -> int:
    """The total value of ``cards`` in half points (T-4).

    >>> from cardrules import Card
    >>> half_points_of(Card.parse(c) for c in ("21T", "KS", "2H", "3H", "4H", "5H"))
    22
    """
    return sum(card_half_points(c) for c in cards)


def is_bout(card: Card) -> bool:
    """True for the Petit, the 21 and the Excuse (T-5).

    >>> from cardrules import Card
    >>> is_bout(Card.parse("1T")), is_bout(Card.parse("20T"))
    (True, False)
    """
    return card in BOUTS


def bout_count(cards: Iterable[Card]) -> int:
    """How many bouts are among ``cards`` (T-5).

    >>> from cardrules import Card, EXCUSE
    >>> bout_count([Card.parse("21T"), EXCUSE, Card.parse("KH")])
    2
    """
    return sum(1 for c in cards if c in BOUTS)


def _suit_label(card: Card) -> object:
    if card.kind is CardKind.TRUMP:
        return _TRUMP_LABEL
    return card.suit  # the Excuse has no suit (T-2)


TAROT_TRICK_RULES: Final = TrickRules(
    cards=TAROT_DECK,
    suit_of={c: _suit_label(c) for c in TAROT_DECK},
    # T-3: R > D > C > V > 10 … 1 is the order of the core's Rank values; trumps by number.
    strength={c: int(c.rank) for c in TAROT_DECK},
    trump=_TRUMP_LABEL,
    must_trump=True,  # T-22.3: a player void in the suit led must trump
    must_overtrump=True,  # T-22.3/4: overtrump if possible, even over a partner
    always_playable=frozenset({EXCUSE}),  # T-22.5
    exempt=frozenset({EXCUSE}),  # T-22.2, T-23: the Excuse never sets the suit led
)
"""How Tarot cards behave in a trick (T-3, T-22 … T-24), as data for the core."""

_RENAMED: Final = {"card_points": "card_half_points", "points_of": "half_points_of"}


if not TYPE_CHECKING:
    # The deprecated names of 0.1, for one release.
    __getattr__ = deprecated_names(
        __name__,
        {
            **{
                old: Deprecated(
                    f"{__name__}:{new}",
                    f"cardrules.tarot.cards.{old} is deprecated and will be removed in 0.3: it"
                    f" counts half points, so it is now called {new} (import it from"
                    " cardrules.tarot.cards)",
                )
                for old, new in _RENAMED.items()
            },
            "TRUMP_LABEL": Deprecated(
                lambda: _TRUMP_LABEL,
                "cardrules.tarot.cards.TRUMP_LABEL is deprecated and will be removed in 0.3:"
                " the trumps' label is TAROT_TRICK_RULES.trump",
            ),
            "TAROT_TABLE": Deprecated(
                "cardrules.tarot._tables:_T",
                "cardrules.tarot.cards.TAROT_TABLE is deprecated and will be removed in 0.3:"
                " it is the engine's; use legal_cards and trick_winner (cardrules.tarot.play),"
                " or TAROT_TRICK_RULES.compile()",
            ),
        },
    )
