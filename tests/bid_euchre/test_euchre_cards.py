"""Bid Euchre cards: seats, decks, ranking, effective suits and trick winners.

Rules E-1, E-2, E-16, E-17, E-20, E-37 and E-38, and the worked cases W1 … W9 and
D1 … D3 of the specification, through the public API.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardrules import JOKER, Card, Colour, Play, Suit
from cardrules.bid_euchre import (
    NO_TRUMP,
    BidEuchreState,
    BidEuchreVariant,
    Phase,
    bid_euchre_deck,
    effective_suit,
    left_bower,
    right_bower,
    trick_rules,
)
from cardrules.bid_euchre.cards import is_trump, same_colour_suit

SUITS = ("S", "H", "D", "C")
RANKS = ("9", "10", "J", "Q", "K", "A")


def cards(text: str) -> list[Card]:
    return [Card.parse(c) for c in text.split()]


def deal_with(variant: BidEuchreVariant, fixed: dict[int, str], dealer: int = 3) -> BidEuchreState:
    """A deal in which each seat of ``fixed`` holds those cards, the rest dealt in deck order.

    Filler cards go to the seats in seat order, so tests pick fixed cards that make the
    filler irrelevant to what they check.
    """
    remaining = Counter(variant.deck)
    hands: dict[int, list[Card]] = {}
    for seat, text in fixed.items():
        hands[seat] = cards(text)
        remaining.subtract(hands[seat])
    assert all(n >= 0 for n in remaining.values()), "a fixed card is used too often"
    pool: list[Card] = []
    for card in dict.fromkeys(variant.deck):
        pool += [card] * remaining[card]
    size = variant.options.tricks_per_hand
    for seat in range(4):
        hand = hands.setdefault(seat, [])
        want = size + (1 if variant.options.joker and seat == dealer else 0)
        while len(hand) < want:
            hand.append(pool.pop(0))
    return variant.deal(hands=[hands[s] for s in range(4)], dealer=dealer)


def drive(state: BidEuchreState, actions: list[str]) -> BidEuchreState:
    for action in actions:
        state = state.apply(action)
    return state


def play_cards(state: BidEuchreState, plays: list[str]) -> BidEuchreState:
    for code in plays:
        state = state.apply(f"play {code}")
    return state


def random_finish(state: BidEuchreState, seed: int) -> BidEuchreState:
    rng = random.Random(seed)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


# -- E-1 seats and partnerships ---------------------------------------------------------


def test_e1_four_seats_two_partnerships() -> None:
    variant = BidEuchreVariant()
    assert variant.players == 4
    state = variant.new_game(seed=1, dealer=3)
    assert [len(state.hand(seat)) for seat in range(4)] == [6, 6, 6, 6]
    # Teams are seat % 2: a help bid by E makes W, opposite, the partner who sits out.
    state = drive(state, ["pass", "bid 6H", "pass", "pass", "trump clubs"])
    assert state.declarer == 1
    assert state.sitting_out == 3


def test_e1_left_of_a_seat_is_the_next_seat_clockwise() -> None:
    # The auction starts at the dealer's left: dealer W (3) -> N (0) calls first.
    for dealer in range(4):
        state = BidEuchreVariant().new_game(seed=2, dealer=dealer)
        assert state.to_play == (dealer + 1) % 4


@pytest.mark.parametrize("seed", range(5))
def test_e1_partners_score_together(seed: int) -> None:
    returns = random_finish(BidEuchreVariant().new_game(seed=seed), seed).returns()
    assert returns[0] == returns[2]
    assert returns[1] == returns[3]


# -- E-2 the deck -----------------------------------------------------------------------


def test_e2_deck_has_24_cards_nine_to_ace() -> None:
    deck = bid_euchre_deck()
    assert len(deck) == 24 == len(set(deck))
    assert {str(c) for c in deck} == {r + s for r in RANKS for s in SUITS}
    assert BidEuchreVariant().deck == deck


def test_e2_colours() -> None:
    assert Suit.CLUBS.colour is Colour.BLACK
    assert Suit.SPADES.colour is Colour.BLACK
    assert Suit.HEARTS.colour is Colour.RED
    assert Suit.DIAMONDS.colour is Colour.RED
    assert same_colour_suit(Suit.SPADES) is Suit.CLUBS
    assert same_colour_suit(Suit.DIAMONDS) is Suit.HEARTS


def test_e2_the_joker_and_double_deck_change_the_deck() -> None:
    assert len(BidEuchreVariant(joker=True).deck) == 25
    assert JOKER in BidEuchreVariant(joker=True).deck
    double = BidEuchreVariant(double_deck=True).deck
    assert len(double) == 48
    assert set(Counter(double).values()) == {2}


# -- E-16 ranking, E-17 effective suit --------------------------------------------------


@pytest.mark.parametrize("trump", list(Suit))
def test_e16_trump_suit_order(trump: Suit) -> None:
    table = BidEuchreVariant().trick_table(trump)
    order = [
        right_bower(trump),
        left_bower(trump),
        *(Card.parse(r + trump.value) for r in ("A", "K", "Q", "10", "9")),
    ]
    keys = [table.key[table.positions[c][0]] for c in order]
    assert keys == sorted(keys, reverse=True)
    assert len(set(keys)) == 7
    assert all(table.suit[table.positions[c][0]] == table.trump_suit for c in order)


def test_e16_hearts_example_and_the_short_same_colour_suit() -> None:
    variant = BidEuchreVariant()
    table = variant.trick_table(Suit.HEARTS)
    trumps = {str(c) for c in table.cards_of(table.trump_mask)}
    assert trumps == {"JH", "JD", "AH", "KH", "QH", "10H", "9H"}
    diamonds = table.suit_mask[table.suit_labels.index(Suit.DIAMONDS)]
    assert {str(c) for c in table.cards_of(diamonds)} == {"AD", "KD", "QD", "10D", "9D"}


def test_e16_plain_suits_rank_ace_high() -> None:
    table = BidEuchreVariant().trick_table(Suit.HEARTS)
    order = cards("AC KC QC JC 10C 9C")
    keys = [table.key[table.positions[c][0]] for c in order]
    assert keys == sorted(keys, reverse=True)
    assert len(set(keys)) == 6


@pytest.mark.parametrize(
    ("card", "trump", "expected"),
    [
        ("JD", Suit.HEARTS, Suit.HEARTS),
        ("JH", Suit.DIAMONDS, Suit.DIAMONDS),
        ("JC", Suit.SPADES, Suit.SPADES),
        ("JS", Suit.CLUBS, Suit.CLUBS),
        ("JS", Suit.HEARTS, Suit.SPADES),
        ("AD", Suit.HEARTS, Suit.DIAMONDS),
        ("JD", NO_TRUMP, Suit.DIAMONDS),
    ],
)
def test_e17_effective_suit(card: str, trump: Suit, expected: Suit) -> None:
    assert effective_suit(Card.parse(card), trump) is expected


def test_e17_left_bower_is_trump_for_every_purpose() -> None:
    assert is_trump(Card.parse("JD"), Suit.HEARTS)
    assert not is_trump(Card.parse("JD"), NO_TRUMP)
    table = trick_rules(Suit.HEARTS).compile()
    jd = table.positions[Card.parse("JD")][0]
    assert table.suit[jd] == table.trump_suit


def test_e17_joker_belongs_to_trump() -> None:
    assert effective_suit(JOKER, Suit.CLUBS) is Suit.CLUBS
    assert effective_suit(JOKER, NO_TRUMP) is None
    with pytest.raises(ValueError, match="not a Bid Euchre card"):
        effective_suit(Card.parse("8S"), Suit.CLUBS)


def test_e17_tables_are_compiled_once_per_variant() -> None:
    variant = BidEuchreVariant()
    assert variant.trick_table(Suit.HEARTS) is variant.trick_table(Suit.HEARTS)
    with pytest.raises(ValueError, match="allow_no_trump"):
        variant.trick_table(NO_TRUMP)


# -- E-20 trick winners: W1 ... W9 -------------------------------------------------------

# (case, trump, the four hands, plays of the first trick, winner); N bids 3 and leads.
W_CASES = [
    (
        "W1",
        "spades",
        ["AS 9H 10H QH KH AH", "JC 9D 10D QD KD AD", "KS 9C 10C QC KC AC", "JS 9S 10S QS JH JD"],
        ["AS", "JC", "KS", "JS"],
        3,
    ),
    (
        "W2",
        "spades",
        ["AH 9D 10D QD KD AD", "9S 10S QS KS AS JS", "KH 9H 10H JH QH JD", "JC 9C 10C QC KC AC"],
        ["AH", "9S", "KH", "JC"],
        3,
    ),
    (
        "W4",
        "clubs",
        ["10H 9S 10S QS KS AS", "AD 9C 10C QC KC AC", "QH JS JC JD 9D 10D", "9H JH KH AH QD KD"],
        ["10H", "AD", "QH", "9H"],
        2,
    ),
    (
        "W6",
        "hearts",
        ["JD 9C 10C QC KC AC", "JH 9D 10D QD KD AD", "AH 9H 10H QH KH JC", "9S 10S JS QS KS AS"],
        ["JD", "JH", "AH", "9S"],
        1,
    ),
]


@pytest.mark.parametrize(
    ("case", "trump", "hands", "plays", "winner"), W_CASES, ids=[c[0] for c in W_CASES]
)
def test_e20_trick_winner_cases(
    case: str, trump: str, hands: list[str], plays: list[str], winner: int
) -> None:
    variant = BidEuchreVariant()
    state = variant.deal(hands=hands, dealer=3)
    state = drive(state, ["bid 3", "pass", "pass", "pass", f"trump {trump}"])
    state = play_cards(state, plays)
    assert state.tricks[0].winner == winner
    # E-20: the winner leads the next trick.
    assert state.to_play == winner


def test_w7_three_card_trick_with_the_partner_sitting_out() -> None:
    variant = BidEuchreVariant()
    state = deal_with(
        variant,
        {
            0: "AH 9S 10S QS KS AS",
            1: "9C 9D 10D QD KD AD",
            2: "JS JD JH JC 10C QC",
            3: "KH 10H QH 9H KC AC",
        },
    )
    state = drive(state, ["bid 6M", "trump clubs"])
    assert state.sitting_out == 2
    state = play_cards(state, ["AH", "9C", "KH"])
    assert state.tricks[0].winner == 1
    assert [seat for seat, _ in state.tricks[0].plays] == [0, 1, 3]
    # The next trick's order is E, W, N.
    order = []
    for _ in range(3):
        order.append(state.to_play)
        state = state.apply(state.legal_actions()[0])
    assert order == [1, 3, 0]


def test_w9_no_trump_highest_card_of_the_suit_led() -> None:
    variant = BidEuchreVariant(allow_no_trump=True)
    state = deal_with(
        variant,
        {
            0: "JD 9S 10S QS KS AS",
            1: "JH 9C 10C QC KC AC",
            2: "QD 9H 10H QH KH AH",
            3: "AD 9D 10D KD JS JC",
        },
    )
    state = drive(state, ["bid 3", "pass", "pass", "pass", "trump no-trump"])
    state = play_cards(state, ["JD", "JH", "QD", "AD"])
    assert state.tricks[0].winner == 3


def test_e20_a_card_of_another_suit_never_wins() -> None:
    # W4 again, from the trick's point of view: AD is off-suit and cannot win.
    variant = BidEuchreVariant()
    table = variant.trick_table(Suit.CLUBS)
    assert table.winner(cards("10H AD QH 9H")) == 2


# -- E-38 identical cards: D1 ... D3 -----------------------------------------------------

# (case, the four twelve-card hands, plays of the first trick, winner); hearts are trump.
D_CASES = [
    (
        "D1",
        [
            "AS 9C 10C QC KC AC 9C 10C QC KC AC JC",
            "AS 9D 10D QD KD AD 9D 10D QD KD AD JD",
            "KS 9H 10H QH KH AH 9H 10H QH KH AH JH",
            "9S 9S 10S 10S JS JS QS QS KS JC JD JH",
        ],
        ["AS", "AS", "KS", "9S"],
        0,
    ),
    (
        "D2",
        [
            "9C 9C 10C 10C QC QC KC KC AC AC JC JC",
            "JH 9S 10S JS QS KS AS 9S 10S JS QS KS",
            "JH AS 9D 10D QD KD AD 9D 10D QD KD AD",
            "JD JD 9H 10H QH KH AH 9H 10H QH KH AH",
        ],
        ["9C", "JH", "JH", "JD"],
        1,
    ),
    (
        "D3",
        [
            "AS 9C 10C QC KC AC 9C 10C QC KC AC JC",
            "AS 9D 10D QD KD AD 9D 10D QD KD AD JD",
            "9H 10H QH KH AH 10H QH KH AH JH JH JD",
            "10S 9S 9S JS JS QS QS KS KS 10S JC 9H",
        ],
        ["AS", "AS", "9H", "10S"],
        2,
    ),
]


@pytest.mark.parametrize(("case", "hands", "plays", "winner"), D_CASES, ids=[c[0] for c in D_CASES])
def test_e38_double_deck_first_of_two_identical_cards_wins(
    case: str, hands: list[str], plays: list[str], winner: int
) -> None:
    variant = BidEuchreVariant(double_deck=True)
    state = variant.deal(hands=hands, dealer=3)
    state = drive(state, ["bid 3", "pass", "pass", "pass", "trump hearts"])
    state = play_cards(state, plays)
    assert state.tricks[0].winner == winner


def test_e38_both_right_bowers_outrank_both_left_bowers() -> None:
    table = BidEuchreVariant(double_deck=True).trick_table(Suit.HEARTS)
    assert table.winner(cards("JD JD JH JH")) == 2
    assert table.winner(cards("JH JD JH JD")) == 0


def test_e38_double_deck_deals_twelve_cards_each() -> None:
    state = BidEuchreVariant(double_deck=True).new_game(seed=4)
    held: Counter[Card] = Counter()
    for seat in range(4):
        assert len(state.hand(seat)) == 12
        held.update(state.hand(seat))
    assert held == Counter(bid_euchre_deck(double_deck=True))


# -- E-37 the joker as a card -----------------------------------------------------------


def test_e37_joker_is_the_highest_trump() -> None:
    for trump in Suit:
        table = BidEuchreVariant(joker=True).trick_table(trump)
        assert table.winner([right_bower(trump), JOKER, left_bower(trump)]) == 1


def test_e37_joker_is_its_own_suit_and_only_trump_in_no_trump() -> None:
    table = BidEuchreVariant(joker=True, allow_no_trump=True).trick_table(NO_TRUMP)
    assert table.cards_of(table.trump_mask) == (JOKER,)
    assert table.winner([Card.parse("AH"), JOKER]) == 1


def test_e18_the_play_offers_the_declarer_every_card_as_a_play() -> None:
    state = BidEuchreVariant().new_game(seed=9, dealer=3)
    state = drive(state, ["bid 3", "pass", "pass", "pass", "trump hearts"])
    assert state.phase is Phase.PLAY
    assert state.to_play == 0
    assert all(type(a) is Play for a in state.legal_actions())
    assert {a.card for a in state.legal_actions()} == set(state.hand(0))  # type: ignore[attr-defined]
