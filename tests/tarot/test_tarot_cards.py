"""The deck, ranking, card points and bouts (T-2 … T-5), through ``cardrules.tarot``."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardrules import EXCUSE, JOKER, Card, CardKind, Rank, Suit
from cardrules.tarot import (
    BOUTS,
    PETIT,
    TAROT_DECK,
    TWENTY_ONE,
    Camp,
    TarotState,
    TarotVariant,
    card_half_points,
    legal_cards,
    trick_winner,
)
from cardrules.tarot.cards import TAROT_TRICK_RULES, bout_count, half_points_of, is_bout
from cardrules.tarot.scoring import target_points


def cards(text: str) -> list[Card]:
    return [Card.parse(c) for c in text.split()]


def finish(state: TarotState, rng: random.Random) -> TarotState:
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def test_t2_deck_has_four_suits_of_fourteen_trumps_and_the_excuse() -> None:
    assert len(TAROT_DECK) == len(set(TAROT_DECK)) == 78
    kinds = Counter(c.kind for c in TAROT_DECK)
    assert kinds == {CardKind.SUIT: 56, CardKind.TRUMP: 21, CardKind.EXCUSE: 1}
    for suit in Suit:
        assert {c.rank for c in TAROT_DECK if c.suit is suit} == set(Rank)
    assert {c.rank for c in TAROT_DECK if c.kind is CardKind.TRUMP} == set(range(1, 22))
    assert TarotVariant().deck == TAROT_DECK
    assert JOKER not in TAROT_DECK


def test_t2_excuse_is_neither_a_suit_card_nor_a_trump_in_play() -> None:
    assert TAROT_TRICK_RULES.suit_of[EXCUSE] is None
    assert EXCUSE in TAROT_TRICK_RULES.exempt
    assert EXCUSE in TAROT_TRICK_RULES.always_playable
    # Holding the Excuse does not count as holding a trump (must trump with T5).
    assert legal_cards(cards("EX 5T 3C"), cards("7H")) == tuple(cards("5T EX"))
    # ... nor a heart.
    assert legal_cards(cards("EX 3C"), cards("7H")) == tuple(cards("3C EX"))


def test_t3_suit_ranking_king_queen_knight_jack_ten_down_to_ace() -> None:
    order = cards("KH QH NH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H AH")
    for i, high in enumerate(order):
        for low in order[i + 1 :]:
            assert trick_winner([low, high]) == 1
            assert trick_winner([high, low]) == 0


def test_t3_trumps_rank_by_number_and_beat_every_suit_card() -> None:
    for a in range(1, 22):
        for b in range(a + 1, 22):
            assert trick_winner([Card.trump(a), Card.trump(b)]) == 1
    assert trick_winner(cards("KH 1T QH")) == 1
    assert TAROT_TRICK_RULES.must_trump
    assert TAROT_TRICK_RULES.must_overtrump


def test_t3_excuse_never_wins_by_rank() -> None:
    assert trick_winner(cards("EX 2H 3C 4D")) == 1
    assert trick_winner(cards("2H EX 3H")) == 2
    assert trick_winner([EXCUSE]) == -1


def test_t3_off_suit_cards_never_win() -> None:
    assert trick_winner(cards("2H KS KC KD")) == 0


def test_t4_card_points_in_half_points() -> None:
    expected = {"KS": 9, "QS": 7, "NS": 5, "JS": 3, "10S": 1, "AS": 1, "1T": 9, "21T": 9}
    for code, value in expected.items():
        assert card_half_points(Card.parse(code)) == value
    assert card_half_points(EXCUSE) == 9
    assert all(card_half_points(Card.trump(n)) == 1 for n in range(2, 21))
    assert sum(card_half_points(c) for c in TAROT_DECK) == 182
    assert half_points_of(TAROT_DECK) == 182
    with pytest.raises(ValueError, match="not a Tarot card"):
        card_half_points(JOKER)


def test_t4_fft_pairs_count_the_same() -> None:
    # FFT counts a bout with a low card as 5 points and two low cards as 1.
    assert half_points_of(cards("1T 2C")) == 10
    assert half_points_of(cards("2C 3C")) == 2


def test_t5_bouts_are_the_petit_the_21_and_the_excuse() -> None:
    assert frozenset({PETIT, TWENTY_ONE, EXCUSE}) == BOUTS
    assert [c for c in TAROT_DECK if is_bout(c)] == [PETIT, TWENTY_ONE, EXCUSE]
    assert bout_count(TAROT_DECK) == 3
    assert [target_points(b) for b in range(4)] == [56, 51, 41, 36]


def test_t5_target_counts_the_bouts_in_the_final_pile_not_those_held() -> None:
    # Find a seeded deal where the taker held the Petit but the defence captured it.
    variant = TarotVariant()
    found = 0
    for seed in range(200):
        rng = random.Random(seed)
        state = variant.new_game(rng=rng)
        while not state.is_terminal and state.taker is None:
            state = state.apply(rng.choice(state.legal_actions()))
        taker = state.taker
        if taker is None:
            continue
        held = PETIT in state.hand(taker) or PETIT in state.chien
        state = finish(state, rng)
        facts = state.result().facts
        assert facts is not None
        pile = state.pile(Camp.ATTACK)
        assert facts.bouts == bout_count(pile)
        assert state.result().target == target_points(facts.bouts)
        if held and PETIT not in pile:
            found += 1
    assert found > 0


def test_trick_table_is_the_compiled_declaration() -> None:
    table = TAROT_TRICK_RULES.compile()
    hand = cards("KH 2H 5T EX 3C")
    positions = table.mask_of(hand)
    trick = [c.index for c in cards("7H")]
    assert table.cards_of(table.legal_mask(positions, trick)) == tuple(cards("2H KH EX"))
    assert all(TAROT_DECK[c.index] is c for c in TAROT_DECK)
