"""Decks, the seeded shuffle and dealing."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import EXCUSE, JOKER, Card, CardKind, Rank, Suit, decks

DECKS: dict[str, Callable[[], tuple[Card, ...]]] = {
    "standard": decks.standard_deck,
    "euchre": decks.euchre_deck,
    "euchre+joker": decks.euchre_deck_with_joker,
    "double euchre": decks.double_euchre_deck,
    "tarot": decks.tarot_deck,
}
EUCHRE_RANKS = {Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE}


def codes(cards: tuple[Card, ...]) -> list[str]:
    return [str(c) for c in cards]


# -- contents ---------------------------------------------------------------------


def test_deck_sizes() -> None:
    assert {name: len(make()) for name, make in DECKS.items()} == {
        "standard": 52,
        "euchre": 24,
        "euchre+joker": 25,
        "double euchre": 48,
        "tarot": 78,
    }


def test_deck_contents() -> None:
    suit_cards = [Card(s, r) for s in Suit for r in Rank]
    standard = Counter(c for c in suit_cards if c.rank != Rank.KNIGHT)
    euchre = Counter(c for c in suit_cards if c.rank in EUCHRE_RANKS)
    tarot = Counter([*suit_cards, *(Card.trump(n) for n in range(1, 22)), EXCUSE])
    assert Counter(decks.standard_deck()) == standard
    assert Counter(decks.euchre_deck()) == euchre
    assert Counter(decks.euchre_deck_with_joker()) == euchre + Counter([JOKER])
    assert Counter(decks.double_euchre_deck()) == euchre + euchre
    assert set(Counter(decks.double_euchre_deck()).values()) == {2}
    assert Counter(decks.tarot_deck()) == tarot
    assert sum(c.kind is CardKind.TRUMP for c in decks.tarot_deck()) == 21


# -- shuffle ----------------------------------------------------------------------


@given(st.sampled_from(sorted(DECKS)), st.integers(min_value=0, max_value=2**64))
def test_shuffle_is_a_permutation(name: str, seed: int) -> None:
    deck = list(DECKS[name]())
    before = list(deck)
    shuffled = decks.shuffle(deck, random.Random(seed))
    assert isinstance(shuffled, tuple)
    assert Counter(shuffled) == Counter(before)
    assert deck == before  # the input is not modified


@given(st.sampled_from(sorted(DECKS)), st.integers() | st.text(max_size=10))
def test_shuffle_is_reproducible_and_leaves_the_global_random_alone(
    name: str, seed: int | str
) -> None:
    state = random.getstate()
    first = decks.shuffle(DECKS[name](), random.Random(seed))
    second = decks.shuffle(DECKS[name](), random.Random(seed))
    assert first == second
    assert random.getstate() == state


def test_shuffle_depends_on_the_seed_and_moves_cards() -> None:
    deck = decks.tarot_deck()
    orders = {decks.shuffle(deck, random.Random(seed)) for seed in range(20)}
    assert len(orders) == 20
    assert deck not in orders


def test_shuffle_positions_are_roughly_uniform() -> None:
    # 6000 shuffles of 4 cards: each card lands in each place about 1500 times.
    rng = random.Random(11)
    cards = decks.euchre_deck()[:4]
    counts = Counter((c, i) for _ in range(6000) for i, c in enumerate(decks.shuffle(cards, rng)))
    assert len(counts) == 16
    assert all(1300 < n < 1700 for n in counts.values())


@pytest.mark.parametrize(
    ("name", "first_eight"),
    [
        ("euchre", ["10D", "QC", "QS", "JD", "9D", "JS", "QD", "AS"]),
        ("tarot", ["5H", "9S", "3T", "AD", "KD", "11T", "5T", "5S"]),
        ("double euchre", ["AD", "QH", "JS", "AH", "QC", "QD", "QS", "JH"]),
        ("standard", ["5H", "8H", "3S", "2D", "10C", "3H", "3D", "9S"]),
        ("euchre+joker", ["JS", "KC", "QS", "9C", "10D", "JK", "KD", "9D"]),
    ],
)
def test_golden_shuffle(name: str, first_eight: list[str]) -> None:
    # Regression pin: recorded once. A change means every seeded deal changed.
    assert codes(decks.shuffle(DECKS[name](), random.Random(20240611))[:8]) == first_eight


def test_golden_randbelow() -> None:
    rng = random.Random(5)
    assert [decks.randbelow(rng, 78) for _ in range(8)] == [32, 45, 67, 3, 59, 31, 6, 20]
    assert decks.randbelow(random.Random(5), 10**30) == 454911232961676339139289971781


@given(st.integers(min_value=1, max_value=2**70), st.integers(min_value=0, max_value=2**32))
def test_randbelow_stays_in_range(n: int, seed: int) -> None:
    rng = random.Random(seed)
    assert all(0 <= decks.randbelow(rng, n) < n for _ in range(5))


@pytest.mark.parametrize("n", [0, -1, -(2**70), True, 1.5, "3", None])
def test_randbelow_rejects_bad_bounds(n: object) -> None:
    with pytest.raises(ValueError, match="positive int"):
        decks.randbelow(random.Random(1), n)  # type: ignore[arg-type]


@pytest.mark.parametrize("rng", [None, 7, "seed", random])
def test_shuffle_rejects_anything_but_a_random_instance(rng: object) -> None:
    with pytest.raises(TypeError):
        decks.shuffle(decks.euchre_deck(), rng)  # type: ignore[arg-type]


# -- deal -------------------------------------------------------------------------


def deal_oracle(deck: tuple[Card, ...], players: int, packet: int, first: int) -> list[list[Card]]:
    """Packets of ``packet`` cards go round the table from seat ``first``."""
    hands: list[list[Card]] = [[] for _ in range(players)]
    packets = [deck[i : i + packet] for i in range(0, len(deck), packet)]
    for n, cards in enumerate(packets):
        hands[(first + n) % players].extend(cards)
    return hands


@st.composite
def deal_arguments(draw: st.DrawFn) -> tuple[tuple[Card, ...], int, int, int]:
    deck = draw(st.sampled_from(sorted(DECKS)).map(lambda name: DECKS[name]()))
    seed = draw(st.integers(min_value=0, max_value=1000))
    players = draw(st.sampled_from([p for p in range(1, 9) if len(deck) % p == 0]))
    per_seat = len(deck) // players
    packet = draw(st.sampled_from([k for k in range(1, per_seat + 1) if per_seat % k == 0]))
    first = draw(st.integers(min_value=-10, max_value=10))
    return decks.shuffle(deck, random.Random(seed)), players, packet, first


@given(deal_arguments())
def test_deal_conserves_the_cards_and_follows_packets(
    arguments: tuple[tuple[Card, ...], int, int, int],
) -> None:
    deck, players, packet, first = arguments
    hands = decks.deal(deck, players=players, packet=packet, first=first)
    assert len(hands) == players
    assert Counter(c for hand in hands for c in hand) == Counter(deck)
    assert {len(hand) for hand in hands} == {len(deck) // players}
    assert [list(h) for h in hands] == deal_oracle(deck, players, packet, first)


def test_deal_example() -> None:
    hands = decks.deal(decks.euchre_deck(), players=4, packet=2, first=3)
    assert codes(hands[3][:2]) == ["9S", "10S"]
    assert codes(hands[0][:2]) == ["JS", "QS"]
    assert codes(hands[2][-2:]) == ["KC", "AC"]


@pytest.mark.parametrize(
    ("players", "packet"),
    [(0, 1), (-4, 1), (4, 0), (4, -1), (5, 1), (4, 5), (7, 3)],
)
def test_deal_rejects_impossible_arguments(players: int, packet: int) -> None:
    with pytest.raises(ValueError, match="cannot deal"):
        decks.deal(decks.euchre_deck(), players=players, packet=packet)
