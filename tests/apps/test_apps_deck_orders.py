"""``variant.new_game(deck=...)``: deck orders shuffled elsewhere (T-8, E-4, E-37, E-38)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import (
    JOKER,
    Card,
    CardrulesError,
    DealError,
    InvalidArgumentError,
    InvalidSeatError,
    NotationError,
    State,
    decks,
)
from cardrules.bid_euchre import BidEuchreVariant
from cardrules.tarot import TarotVariant
from cardrules.tarot.variant import deal_deck, fixed_chien_positions

VARIANTS: dict[str, TarotVariant | BidEuchreVariant] = {
    "tarot3": TarotVariant(players=3),
    "tarot4": TarotVariant(),
    "tarot5": TarotVariant(players=5),
    "tarot5-random-chien": TarotVariant(players=5, chien_schedule="random"),
    "euchre": BidEuchreVariant(),
    "euchre-joker": BidEuchreVariant(joker=True),
    "euchre-double": BidEuchreVariant(double_deck=True),
}
AnyVariant = TarotVariant | BidEuchreVariant


def new_game(variant: AnyVariant, **kwargs: object) -> State:
    return variant.new_game(**kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", sorted(VARIANTS))
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), dealer=st.integers(0, 4))
def test_t8_e4_a_given_order_deals_as_the_shuffle_of_that_order(
    name: str, seed: int, dealer: int
) -> None:
    variant = VARIANTS[name]
    dealer %= variant.players
    rng = random.Random(seed)
    order = decks.shuffle(variant.deck, rng)
    # The shuffle then (random chien schedule) the chien's places, from the same rng.
    given_order = new_game(variant, deck=order, dealer=dealer, rng=rng)
    assert given_order == new_game(variant, seed=seed, dealer=dealer)
    # Codes and one string of codes deal the same.
    codes = [str(c) for c in order]
    if "random" not in name:
        assert new_game(variant, deck=codes, dealer=dealer) == given_order
        assert new_game(variant, deck=" ".join(codes), dealer=dealer) == given_order


def test_t8_tarot_deck_order_goes_in_packets_and_chien_places() -> None:
    variant = TarotVariant()
    order = decks.tarot_deck()
    state = variant.new_game(deck=order, dealer=3)
    hands_t, chien = deal_deck(order, players=4, dealer=3, chien_positions=fixed_chien_positions(4))
    hands = [sorted(h) for h in hands_t]
    assert [list(state.hand(s)) for s in range(4)] == hands
    assert sorted(state.chien) == sorted(chien)
    # Seat 0, next to dealer 3, gets the first packet of three.
    assert set(order[:3]) <= set(state.hand(0))


def test_e37_euchre_joker_25th_card_goes_to_the_dealer() -> None:
    variant = BidEuchreVariant(joker=True)
    order = list(variant.deck)
    assert order[-1] == JOKER
    state = variant.new_game(deck=order, dealer=2)
    assert JOKER in state.hand(2)
    assert len(state.hand(2)) == 7
    assert [len(state.hand(s)) for s in (0, 1, 3)] == [6, 6, 6]
    # E-4: card i to seat (dealer + 1 + i) % 4.
    assert order[0] in state.hand(3)
    assert order[1] in state.hand(0)


def test_e38_double_deck_copies_in_any_order() -> None:
    variant = BidEuchreVariant(double_deck=True)
    order = list(reversed(variant.deck))
    state = variant.new_game(deck=order, dealer=0)
    assert sorted(c for s in range(4) for c in state.hand(s)) == sorted(variant.deck)


def order_of(variant: AnyVariant) -> list[Card]:
    return list(decks.shuffle(variant.deck, random.Random(5)))


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_deck_order_missing_card_is_named(name: str) -> None:
    variant = VARIANTS[name]
    order = order_of(variant)
    lost = order.pop(7)
    with pytest.raises(
        DealError, match=f"has {len(order)} cards, not {len(order) + 1}.*lacks {lost}"
    ):
        new_game(variant, deck=order)


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_deck_order_duplicate_card_is_named(name: str) -> None:
    variant = VARIANTS[name]
    order = order_of(variant)
    lost = order[3]
    order[3] = order[10]
    twice = "three times" if name == "euchre-double" else "twice"
    with pytest.raises(DealError, match=f"holds {order[10]} {twice} and lacks {lost}"):
        new_game(variant, deck=order)


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_deck_order_foreign_card_is_named(name: str) -> None:
    variant = VARIANTS[name]
    order = order_of(variant)
    foreign = Card.parse("21T") if name.startswith("euchre") else Card.parse("QH")
    if name.startswith("tarot"):
        # Every standard card is a Tarot card: the joker is foreign to it.
        foreign = JOKER
    order[0] = foreign
    with pytest.raises(DealError, match=f"holds {foreign}, not of this game's deck"):
        new_game(variant, deck=order)


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_deck_order_too_long_is_refused(name: str) -> None:
    variant = VARIANTS[name]
    order = [*order_of(variant), variant.deck[0]]
    with pytest.raises(DealError, match=f"more than the deck's {len(variant.deck)} cards"):
        new_game(variant, deck=order)


@pytest.mark.parametrize(
    ("deck", "error", "match"),
    [
        (7, InvalidArgumentError, "a deck order is a sequence of cards or card codes"),
        (b"AS KS", InvalidArgumentError, "a deck order is a sequence"),
        (Card.parse("AS"), InvalidArgumentError, "a deck order is a sequence"),
        ([Card.parse("AS"), 3], InvalidArgumentError, "card 2 of the deck order is 3"),
        (["AS", "ZZ"], NotationError, "card 2 of the deck order: not a card: 'ZZ'"),
        ([], DealError, "has 0 cards"),
        ({"AS", "KS"}, InvalidArgumentError, "a deck order is a sequence"),
        ({"AS": 1}, InvalidArgumentError, "a deck order is a sequence"),
        ("AS " * 5_000_000, DealError, "the deck order is 15000000 characters long"),
    ],
    # A set's repr follows the hash seed, and every xdist worker must collect the same ids.
    ids=lambda x: "a-set" if isinstance(x, set) else f"{x!r:.20}",
)
@pytest.mark.parametrize("name", ["tarot4", "euchre"])
def test_deck_order_of_wrong_types_is_refused(
    name: str, deck: object, error: type[CardrulesError], match: str
) -> None:
    with pytest.raises(error, match=match):
        new_game(VARIANTS[name], deck=deck)


@pytest.mark.parametrize("name", ["tarot4", "euchre"])
def test_deck_order_with_a_bad_dealer_or_rng_is_refused(name: str) -> None:
    variant = VARIANTS[name]
    order = order_of(variant)
    with pytest.raises(InvalidSeatError):
        new_game(variant, deck=order, dealer=9)
    with pytest.raises(InvalidArgumentError, match="give rng or seed, not both"):
        new_game(variant, deck=order, seed=1, rng=random.Random(1))


def test_check_order_returns_the_order() -> None:
    order = decks.shuffle(decks.euchre_deck(), random.Random(2))
    assert decks.check_order(order, decks.euchre_deck()) == order
    assert decks.check_order(" ".join(map(str, order)), decks.euchre_deck()) == order


class _Unsplittable(str):
    """Text that must be refused before it is split."""

    __slots__ = ()

    def split(self, *args: object, **kwargs: object) -> list[str]:
        raise AssertionError("the text was split")


def test_a_long_text_is_refused_by_its_length_before_it_is_read() -> None:
    deck = decks.euchre_deck()
    # 16 characters a card: room for any spelling and spacing of the codes.
    with pytest.raises(DealError, match="a deck of 24 cards is written in at most 384"):
        decks.check_order(_Unsplittable("9S " * 129), deck)
    spaced = "   ".join(f"{c}" for c in deck).center(384)
    assert decks.check_order(spaced, deck) == deck


@pytest.mark.parametrize(
    "deck",
    [None, 5, "AS KS", b"AS", iter(decks.euchre_deck()), ["AS"], 10**5000],
    ids=["None", "int", "text", "bytes", "iterator", "codes", "huge int"],
)
def test_check_order_refuses_a_deck_that_is_not_a_sequence_of_cards(deck: object) -> None:
    with pytest.raises(InvalidArgumentError, match="deck is the variant's deck"):
        decks.check_order("AS KS", deck)  # type: ignore[arg-type]
