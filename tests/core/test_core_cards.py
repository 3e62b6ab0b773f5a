"""Cards and card notation: round trips, the documented aliases, and hostile input.

The notation oracle below is written from the table in ``docs/notation.md``, not from
``cards.py``: a text is a card exactly when its ASCII-uppercased form is one of the
spellings listed there.
"""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import EXCUSE, JOKER, Card, CardKind, Colour, NotationError, Rank, Suit, decks

ALL_DECKS: dict[str, Callable[[], tuple[Card, ...]]] = {
    "standard": decks.standard_deck,
    "euchre": decks.euchre_deck,
    "euchre+joker": decks.euchre_deck_with_joker,
    "double euchre": decks.double_euchre_deck,
    "tarot": decks.tarot_deck,
}
EVERY_CARD = tuple(Card.from_index(i) for i in range(79))

# -- the notation table of docs/notation.md, written out independently ------------------

RANK_SPELLINGS: dict[Rank, tuple[str, ...]] = {
    Rank.ACE: ("A", "1"),
    **{Rank(n): (str(n),) for n in range(2, 10)},
    Rank.TEN: ("10", "T"),
    Rank.JACK: ("J", "V"),
    Rank.KNIGHT: ("N", "C"),
    Rank.QUEEN: ("Q", "D"),
    Rank.KING: ("K", "R"),
}
SUIT_SPELLINGS: dict[Suit, tuple[str, ...]] = {
    Suit.SPADES: ("S", "♠", "♤"),
    Suit.HEARTS: ("H", "♥", "♡"),
    Suit.DIAMONDS: ("D", "♦", "♢"),
    Suit.CLUBS: ("C", "♣", "♧"),
}


def _spelling_table() -> dict[str, Card]:
    table: dict[str, Card] = {}
    for suit, suit_codes in SUIT_SPELLINGS.items():
        for rank, rank_codes in RANK_SPELLINGS.items():
            for r in rank_codes:
                for s in suit_codes:
                    table[r + s] = Card(suit, rank)
    for n in range(1, 22):
        table[f"{n}T"] = table[f"T{n}"] = Card.trump(n)
    table["EX"] = table["EXCUSE"] = EXCUSE
    table["JK"] = table["JOKER"] = JOKER
    return table


SPELLINGS = _spelling_table()
ASCII_UPPER = str.maketrans("abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ")


def oracle_parse(text: str) -> Card | None:
    """The card ``text`` spells per the docs table, or None."""
    return SPELLINGS.get(text.translate(ASCII_UPPER))


# -- round trips ----------------------------------------------------------------------


@pytest.mark.parametrize("deck", ALL_DECKS)
def test_every_card_of_every_deck_round_trips(deck: str) -> None:
    for card in ALL_DECKS[deck]():
        assert Card.parse(str(card)) is card
        assert eval(repr(card), {"Card": Card}) is card  # noqa: S307 - repr is an expression
        assert Card.parse(str(card).lower()) is card
        assert Card.parse(str(card).swapcase()) is card


def test_the_79_cards_are_distinct_and_indexed() -> None:
    assert len({str(c) for c in EVERY_CARD}) == 79
    assert [c.index for c in EVERY_CARD] == list(range(79))
    assert sorted(EVERY_CARD, key=lambda c: -c.index) == sorted(EVERY_CARD, reverse=True)
    assert sorted(sorted(EVERY_CARD, reverse=True)) == list(EVERY_CARD)
    assert Card.parse("JK") is JOKER
    assert Card.parse("EX") is EXCUSE


def test_every_documented_spelling_parses_to_its_card() -> None:
    for text, card in SPELLINGS.items():
        assert Card.parse(text) is card, text
        assert Card.parse(text.lower()) is card, text


def test_canonical_codes_are_the_documented_ones() -> None:
    for card in EVERY_CARD:
        if card.kind is CardKind.SUIT:
            assert card.suit is not None
            assert str(card) == RANK_SPELLINGS[Rank(card.rank)][0] + card.suit.value
        elif card.kind is CardKind.TRUMP:
            assert str(card) == f"{card.rank}T"
    assert (str(EXCUSE), str(JOKER)) == ("EX", "JK")


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("qh", "QH"),
        ("Ts", "10S"),
        ("1c", "AC"),
        ("T21", "21T"),
        ("t1", "1T"),
        ("excuse", "EX"),
        ("Joker", "JK"),
        ("Q♥", "QH"),
        ("n♡", "NH"),
        ("RC", "KC"),
        ("DC", "QC"),
        ("CC", "NC"),
        ("VC", "JC"),
        ("t♧", "10C"),
    ],
)
def test_aliases(text: str, code: str) -> None:
    assert str(Card.parse(text)) == code


# -- hostile input --------------------------------------------------------------------

BAD_NOTATION: list[object] = [
    "",
    " AS",
    "AS ",
    "AS\n",
    "\tAS",
    "A S",
    "AS\x00",
    "\uff21\uff33",  # full-width AS
    "\uff21♠",
    "\u0661\u0660S",  # Arabic-Indic 10
    "\U0001d7cf\U0001d7ceS",  # mathematical bold 10
    "²1T",
    "10\u00a0S",
    "10S\u200b",
    "T22",
    "22T",
    "0T",
    "T0",
    "01T",
    "010S",
    "+1T",
    "T2_1",
    "2_1T",
    "1_0S",
    " 21 T",
    "A\u017f",  # LATIN SMALL LETTER LONG S: upper() gives S
    "\u017f",
    "\u212aS",  # KELVIN SIGN: lower() gives an ASCII k
    "EXCUSES",
    "11S",
    "1S1",
    "A" * 1_000_000,
    "AS" * 33,
    b"AS",
    bytearray(b"AS"),
    1,
    0,
    1.0,
    True,
    None,
    ["AS"],
    Suit.SPADES,
]


@pytest.mark.parametrize("text", BAD_NOTATION, ids=lambda t: f"{t!r:.20}")
def test_bad_notation_raises_notation_error_quoting_the_input(text: object) -> None:
    with pytest.raises(NotationError) as info:
        Card.parse(text)  # type: ignore[arg-type]
    message = str(info.value)
    assert len(message) < 200
    if isinstance(text, str):
        assert repr(text[:40]) in message
    elif type(text) in (int, float):
        assert repr(text) in message
    else:
        assert type(text).__name__ in message
    assert isinstance(info.value, ValueError)


def test_notation_is_ascii_case_insensitive_only() -> None:
    # str.upper() would turn each of these into a valid code.
    for text in ("a\u017f", "10\u017f", "eXcu\u017fe", "\u212a\u0073", "\ufb00"):
        assert text.upper() != text
        with pytest.raises(NotationError):
            Card.parse(text)


def test_suit_parse() -> None:
    for suit, spellings in SUIT_SPELLINGS.items():
        for text in (*spellings, suit.name, suit.name.lower(), suit.name[:-1].title()):
            assert Suit.parse(text) is suit
    for bad in ("", " S", "SPADESS", "\u017f", "\uff33", None, 1):
        with pytest.raises(NotationError):
            Suit.parse(bad)  # type: ignore[arg-type]
    assert (Suit.HEARTS.colour, Suit.CLUBS.colour) == (Colour.RED, Colour.BLACK)
    assert [s.index for s in Suit] == [0, 1, 2, 3]


def check_against_the_table(text: str) -> None:
    """``Card.parse`` accepts exactly the table's spellings; errors quote the input."""
    expected = oracle_parse(text)
    if expected is None:
        with pytest.raises(NotationError) as info:
            Card.parse(text)
        assert repr(text[:40]) in str(info.value)
    else:
        assert Card.parse(text) is expected
        assert Card.parse(str(expected)) is expected


@given(st.text(max_size=12))
def test_random_text_parses_exactly_per_the_table(text: str) -> None:
    check_against_the_table(text)


NEAR_MISS_ALPHABET = (
    "0123456789TtSsHhDdCcAaKkQqJjNnRrVvEeXxOoUuPpLlMm♠♥♦♣♤♡♢♧ _\n\u017f\u0661\uff21"
)


@given(st.text(alphabet=NEAR_MISS_ALPHABET, max_size=7))
def test_near_miss_text_parses_exactly_per_the_table(text: str) -> None:
    check_against_the_table(text)


@given(st.binary(max_size=8) | st.integers() | st.floats() | st.none() | st.booleans())
def test_non_text_never_parses(value: object) -> None:
    with pytest.raises(NotationError):
        Card.parse(value)  # type: ignore[arg-type]


# -- construction, immutability, identity ------------------------------------------------


def test_constructors() -> None:
    assert Card(Suit.HEARTS, Rank.QUEEN) is Card.parse("QH")
    assert Card(Suit.SPADES, 12) is Card.parse("NS")
    assert Card.trump(21) is Card.parse("21T")
    assert Card.trump(1).is_trump
    assert not Card.parse("AS").is_trump
    assert (EXCUSE.kind, JOKER.kind) == (CardKind.EXCUSE, CardKind.JOKER)
    assert (EXCUSE.suit, EXCUSE.rank) == (None, 0)
    assert Card.parse("QH").symbol == "Q♥"
    assert Card.parse("10S").symbol == "10♠"
    assert Card.trump(7).symbol == "7T"
    assert f"{Card.parse('QH'):>4}" == "  QH"


@pytest.mark.parametrize(
    ("make", "error"),
    [
        (lambda: Card("S", 1), TypeError),  # type: ignore[arg-type]
        (lambda: Card(Suit.SPADES, 0), ValueError),
        (lambda: Card(Suit.SPADES, 15), ValueError),
        (lambda: Card(Suit.SPADES, True), ValueError),
        (lambda: Card(Suit.SPADES, 1.0), ValueError),  # type: ignore[arg-type]
        (lambda: Card.trump(0), ValueError),
        (lambda: Card.trump(22), ValueError),
        (lambda: Card.trump(True), ValueError),
        (lambda: Card.trump("1"), ValueError),  # type: ignore[arg-type]
        (lambda: Card.from_index(-1), ValueError),
        (lambda: Card.from_index(79), ValueError),
        (lambda: Card.from_index(True), ValueError),
    ],
)
def test_bad_constructor_arguments(make: Callable[[], Card], error: type[Exception]) -> None:
    with pytest.raises(error):
        make()


@pytest.mark.parametrize("card", EVERY_CARD, ids=str)
def test_cards_are_immutable_interned_values(card: Card) -> None:
    with pytest.raises(AttributeError):
        card.rank = 3
    with pytest.raises(AttributeError):
        card.extra = 1
    with pytest.raises(AttributeError):
        del card.suit
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(card, protocol)) is card  # noqa: S301 - own data
    assert copy.copy(card) is card
    assert copy.deepcopy(card) is card
    pair = copy.deepcopy([card, card])
    assert pair[0] is card
    assert pair[1] is card
    assert hash(card) == hash(Card.from_index(card.index))
