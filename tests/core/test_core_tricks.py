"""Trick tables against an independent oracle written from the rules in plain words.

Each rule set appears twice: as a :class:`TrickRules` declaration (numeric strengths)
and as a naive oracle (explicit rank lists, lists of cards, no bitmasks) that shares no
code with ``tricks.py``. Hypothesis deals random hands and tricks and compares the two.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import EXCUSE, Card, CardKind, Obligation, Rank, Suit, TrickRules, TrickTable, decks

# -- the rules in plain words ------------------------------------------------------------

PLAIN_ORDER = [Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, *(Rank(n) for n in range(10, 1, -1))]
"""Whist and Euchre side suits: ace high, then king, queen, jack, ten ... two."""

TAROT_ORDER = [Rank.KING, Rank.QUEEN, Rank.KNIGHT, Rank.JACK, *(Rank(n) for n in range(10, 0, -1))]
"""Tarot suits: king high, then queen, knight, jack, ten ... ace (1) lowest."""

SAME_COLOUR = {
    Suit.SPADES: Suit.CLUBS,
    Suit.CLUBS: Suit.SPADES,
    Suit.HEARTS: Suit.DIAMONDS,
    Suit.DIAMONDS: Suit.HEARTS,
}
TAROT_TRUMP = "trumps"


@dataclass(frozen=True)
class Oracle:
    """A trick-taking game described by its plain rules.

    ``suit_of`` gives the suit a card counts as (``None`` for the Excuse) and
    ``stronger_first`` lists every suit's cards from strongest to weakest.
    """

    deck: tuple[Card, ...]
    trump: Hashable | None
    suit_of: Callable[[Card], Hashable | None]
    stronger_first: Callable[[Hashable], list[Card]]
    tarot: bool = False

    def led(self, trick: Sequence[Card]) -> Hashable | None:
        """The suit of the first card that is not the Excuse."""
        for card in trick:
            if card is not EXCUSE:
                return self.suit_of(card)
        return None

    def beats(self, card: Card, best: Card, led: Hashable) -> bool:
        """Does ``card``, played later, take the trick from ``best``?"""
        suit, best_suit = self.suit_of(card), self.suit_of(best)
        if card is EXCUSE:
            return False
        if suit == best_suit:
            order = self.stronger_first(suit)
            return order.index(card) < order.index(best)  # an identical copy does not
        return suit == self.trump or (suit == led and best_suit not in (led, self.trump))

    def winner(self, trick: Sequence[Card]) -> int:
        """Highest trump, else highest card of the suit led; the Excuse never wins."""
        led = self.led(trick)
        best: int | None = None
        for n, card in enumerate(trick):
            if card is EXCUSE:
                continue
            if best is None:
                if self.suit_of(card) in (led, self.trump):
                    best = n
            elif self.beats(card, trick[best], led):
                best = n
        return -1 if best is None else best

    def legal(self, hand: Sequence[Card], trick: Sequence[Card]) -> set[Card]:
        return self.tarot_legal(hand, trick) if self.tarot else self.whist_legal(hand, trick)

    def whist_legal(self, hand: Sequence[Card], trick: Sequence[Card]) -> set[Card]:
        """Follow the suit led if you can; otherwise play anything."""
        led = self.led(trick)
        following = {c for c in hand if led is not None and self.suit_of(c) == led}
        return following or set(hand)

    def tarot_legal(self, hand: Sequence[Card], trick: Sequence[Card]) -> set[Card]:
        """French Tarot: follow suit; else trump; always overtrump if you can.

        The Excuse may always be played. When trumps are led, or when you cannot
        follow and must trump, you must beat the highest trump already in the trick
        (even your partner's) if you can; if you cannot, any trump will do.
        """
        led = self.led(trick)
        mine = {c for c in hand if c is not EXCUSE}
        trumps = {c for c in mine if self.suit_of(c) == TAROT_TRUMP}
        if led is None:
            allowed = mine
        elif led != TAROT_TRUMP and any(self.suit_of(c) == led for c in mine):
            allowed = {c for c in mine if self.suit_of(c) == led}
        elif trumps:
            in_trick = [c for c in trick if self.suit_of(c) == TAROT_TRUMP]
            highest = max((c.rank for c in in_trick), default=0)
            allowed = {c for c in trumps if c.rank > highest} or trumps
        else:
            allowed = mine
        return allowed | ({EXCUSE} & set(hand))

    def reason(self, hand: Sequence[Card], trick: Sequence[Card], card: Card) -> Obligation:
        """Why ``card`` (held, but not legal) may not be played."""
        if not self.tarot:
            return Obligation.FOLLOW_SUIT  # the only duty in whist and Euchre
        led = self.led(trick)
        is_trump = self.suit_of(card) == TAROT_TRUMP
        if led == TAROT_TRUMP:
            # Trumps led: a plain card fails to follow, a trump is too low.
            return Obligation.OVERTRUMP if is_trump else Obligation.FOLLOW_SUIT
        if any(self.suit_of(c) == led for c in hand):
            return Obligation.FOLLOW_SUIT
        # Void in the suit led: a plain card fails to trump, a trump is too low.
        return Obligation.OVERTRUMP if is_trump else Obligation.TRUMP


def plain_oracle(deck: tuple[Card, ...], trump: Suit | None) -> Oracle:
    def stronger_first(suit: Hashable) -> list[Card]:
        return [Card(suit, r) for r in PLAIN_ORDER if Card(suit, r) in deck]  # type: ignore[arg-type]

    return Oracle(deck, trump, lambda c: c.suit, stronger_first)


def euchre_oracle(deck: tuple[Card, ...], trump: Suit) -> Oracle:
    """Euchre: the jack of trumps (right bower) and the other jack of the same colour
    (left bower) are the two highest trumps; the left bower belongs to trumps only."""
    right, left = Card(trump, Rank.JACK), Card(SAME_COLOUR[trump], Rank.JACK)

    def suit_of(card: Card) -> Hashable:
        return trump if card is left else card.suit

    def stronger_first(suit: Hashable) -> list[Card]:
        if suit == trump:
            rest = [Rank.ACE, Rank.KING, Rank.QUEEN, Rank.TEN, Rank.NINE]
            return [right, left, *(Card(trump, r) for r in rest)]
        assert isinstance(suit, Suit)
        return [Card(suit, r) for r in PLAIN_ORDER[:6] if Card(suit, r) is not left]

    return Oracle(deck, trump, suit_of, stronger_first)


def tarot_oracle() -> Oracle:
    def suit_of(card: Card) -> Hashable | None:
        if card is EXCUSE:
            return None
        return TAROT_TRUMP if card.kind is CardKind.TRUMP else card.suit

    def stronger_first(suit: Hashable) -> list[Card]:
        if suit == TAROT_TRUMP:
            return [Card.trump(n) for n in range(21, 0, -1)]
        assert isinstance(suit, Suit)
        return [Card(suit, r) for r in TAROT_ORDER]

    return Oracle(decks.tarot_deck(), TAROT_TRUMP, suit_of, stronger_first, tarot=True)


# -- the same games as declarations -----------------------------------------------------


def ace_high(card: Card) -> int:
    return 15 if card.rank == Rank.ACE else int(card.rank)


def plain_rules(deck: tuple[Card, ...], trump: Suit | None) -> TrickRules:
    return TrickRules(
        cards=deck,
        suit_of={c: c.suit for c in deck},
        strength={c: ace_high(c) for c in deck},
        trump=trump,
    )


def euchre_rules(deck: tuple[Card, ...], trump: Suit) -> TrickRules:
    left = Card(SAME_COLOUR[trump], Rank.JACK)
    strength = {c: ace_high(c) for c in deck}
    strength[Card(trump, Rank.JACK)] = 17
    strength[left] = 16
    return TrickRules(
        cards=deck,
        suit_of={c: trump if c is left else c.suit for c in deck},
        strength=strength,
        trump=trump,
    )


def tarot_rules() -> TrickRules:
    deck = decks.tarot_deck()
    return TrickRules(
        cards=deck,
        suit_of={c: "T" if c.is_trump else c.suit for c in deck},
        strength={c: int(c.rank) for c in deck},
        trump="T",
        must_trump=True,
        must_overtrump=True,
        always_playable=[EXCUSE],
        exempt=[EXCUSE],
    )


RULE_SETS = ("plain", "whist", "euchre", "tarot", "double euchre")
EXAMPLES = settings().max_examples * 4
"""The oracle comparisons get four times the profile's budget: five rule sets share it."""


@functools.cache
def game(name: str, trump: Suit = Suit.HEARTS) -> tuple[TrickTable, Oracle]:
    if name == "plain":
        deck = decks.standard_deck()
        return plain_rules(deck, None).compile(), plain_oracle(deck, None)
    if name == "whist":
        deck = decks.standard_deck()
        return plain_rules(deck, trump).compile(), plain_oracle(deck, trump)
    if name == "euchre":
        deck = decks.euchre_deck()
        return euchre_rules(deck, trump).compile(), euchre_oracle(deck, trump)
    if name == "double euchre":
        deck = decks.double_euchre_deck()
        return euchre_rules(deck, trump).compile(), euchre_oracle(deck, trump)
    return tarot_rules().compile(), tarot_oracle()


# -- random deals --------------------------------------------------------------------------


@dataclass(frozen=True)
class Deal:
    name: str
    trump: Suit
    trick: tuple[Card, ...]
    hand: tuple[Card, ...]


@st.composite
def deals(draw: st.DrawFn, min_trick: int = 0, max_trick: int = 4) -> Deal:
    name = draw(st.sampled_from(RULE_SETS))
    trump = draw(st.sampled_from(list(Suit)))
    _, oracle = game(name, trump)
    pool = list(oracle.deck)
    if draw(st.booleans()):
        # Few suits, many trumps: the obligations to follow, trump and overtrump bite.
        keep = draw(st.sampled_from(list(Suit)))
        pool = [c for c in pool if c.suit in (None, keep) or oracle.suit_of(c) == oracle.trump]
    cards = draw(st.permutations(pool))
    size = draw(st.integers(min_value=min_trick, max_value=min(max_trick, len(cards) - 1)))
    hand = draw(st.integers(min_value=1, max_value=min(18, len(cards) - size)))
    return Deal(name, trump, tuple(cards[:size]), tuple(cards[size : size + hand]))


def place(table: TrickTable, cards: Sequence[Card], used: int = 0) -> tuple[list[int], int]:
    """Give each card a free position (identical copies take distinct positions)."""
    out = []
    for card in cards:
        free = [p for p in table.positions[card] if not used >> p & 1]
        out.append(free[0])
        used |= 1 << free[0]
    return out, used


@settings(max_examples=EXAMPLES)
@given(deals())
def test_legal_cards_match_the_oracle(deal: Deal) -> None:
    table, oracle = game(deal.name, deal.trump)
    expected = oracle.legal(deal.hand, deal.trick)
    assert set(table.legal_cards(deal.hand, deal.trick)) == expected
    assert len(set(table.legal_cards(deal.hand, deal.trick))) == len(
        table.legal_cards(deal.hand, deal.trick)
    )
    # The bitmask interface gives the same answer, with identical copies kept apart.
    trick, used = place(table, deal.trick)
    hand_positions, _ = place(table, deal.hand, used)
    hand = sum(1 << p for p in hand_positions)
    legal = table.legal_mask(hand, trick)
    assert legal & ~hand == 0
    assert set(table.cards_of(legal)) == expected
    for position in hand_positions:
        card = table.cards[position]
        why = table.why_illegal(hand, trick, position)
        if card in expected:
            assert why is None
        else:
            assert why is oracle.reason(deal.hand, deal.trick, card), (card, deal)


@given(deals())
def test_a_card_not_held_is_not_in_hand(deal: Deal) -> None:
    table, _ = game(deal.name, deal.trump)
    trick, used = place(table, deal.trick)
    hand_positions, used = place(table, deal.hand, used)
    hand = sum(1 << p for p in hand_positions)
    outside = [p for p in range(len(table.cards)) if not used >> p & 1]
    for position in outside[:5]:
        assert table.why_illegal(hand, trick, position) is Obligation.NOT_IN_HAND


@settings(max_examples=EXAMPLES)
@given(deals(min_trick=1, max_trick=7))
def test_trick_winner_matches_the_oracle(deal: Deal) -> None:
    table, oracle = game(deal.name, deal.trump)
    assert table.winner(deal.trick) == oracle.winner(deal.trick)
    trick, _ = place(table, deal.trick)
    assert table.winner_position(trick) == oracle.winner(deal.trick)


# -- worked examples ------------------------------------------------------------------


def cards(text: str) -> list[Card]:
    return [Card.parse(code) for code in text.split()]


def test_euchre_left_bower_belongs_to_trumps() -> None:
    table, _ = game("euchre", Suit.HEARTS)
    # Diamonds led: the jack of diamonds is a heart now, so it cannot follow diamonds.
    assert table.legal_cards(cards("JD 9C"), cards("AD")) == tuple(cards("JD 9C"))
    # Hearts led: the left bower must follow, and it beats the ace of trumps.
    assert table.legal_cards(cards("JD 9C"), cards("AH")) == tuple(cards("JD"))
    assert table.winner(cards("AH JD 9H")) == 1
    assert table.winner(cards("JD JH")) == 1
    assert table.winner(cards("AD JD")) == 1


def test_tarot_overtrump_even_over_a_partner_and_undertrump() -> None:
    table, _ = game("tarot")
    assert table.legal_cards(cards("5T 12T 3C EX"), cards("4S 10T")) == tuple(cards("12T EX"))
    assert table.legal_cards(cards("5T 7T 3C"), cards("4S 10T")) == tuple(cards("5T 7T"))
    assert table.legal_cards(cards("3C"), cards("EX 4S")) == tuple(cards("3C"))
    assert table.winner(cards("EX 4S 10S")) == 2
    assert table.winner(cards("EX")) == -1
    hand = table.mask_of(cards("5T 12T 3C"))
    trick = [table.positions[c][0] for c in cards("4S 10T")]
    assert table.why_illegal(hand, trick, table.positions[Card.parse("5T")][0]) is (
        Obligation.OVERTRUMP
    )
    assert table.why_illegal(hand, trick, table.positions[Card.parse("3C")][0]) is (
        Obligation.TRUMP
    )


def test_double_deck_first_copy_wins() -> None:
    table, _ = game("double euchre", Suit.SPADES)
    assert table.winner(cards("AH AH")) == 0
    assert table.winner(cards("9H AH AH")) == 1
    assert table.winner(cards("JS JS JC JC")) == 0
    hand = table.mask_of(cards("AH AH"))
    assert hand.bit_count() == 2
    assert table.cards_of(hand) == tuple(cards("AH AH"))
    assert table.legal_cards(cards("AH AH 9C"), cards("9H")) == tuple(cards("AH"))


def test_a_led_suit_named_by_the_variant() -> None:
    table, _ = game("whist", Suit.SPADES)
    hearts = table.suit_labels.index(Suit.HEARTS)
    hand = table.mask_of(cards("2H 3C AS"))
    assert table.cards_of(table.legal_mask(hand, [], led=hearts)) == tuple(cards("2H"))
    trick = [table.positions[c][0] for c in cards("2C 3H")]
    assert table.winner_position(trick, led=hearts) == 1


def test_compiled_masks_agree_with_the_declaration() -> None:
    table, oracle = game("euchre", Suit.DIAMONDS)
    assert table.cards_of(table.trump_mask) == tuple(
        c for c in table.cards if oracle.suit_of(c) == Suit.DIAMONDS
    )
    for label, mask in zip(table.suit_labels, table.suit_mask, strict=True):
        assert all(oracle.suit_of(c) == label for c in table.cards_of(mask))
    assert table.trump_suit == table.suit_labels.index(Suit.DIAMONDS)
    tarot, _ = game("tarot")
    assert tarot.cards_of(tarot.always_mask) == (EXCUSE,)
    assert tarot.suit[tarot.positions[EXCUSE][0]] == -1


# -- the winner order is a strict total order in every trick context ------------------------


def contexts(name: str, trump: Suit) -> list[tuple[Card, list[Card]]]:
    """(weakest card of a suit, the other distinct cards that can win when it leads)."""
    _, oracle = game(name, trump)
    out = []
    suits = {oracle.suit_of(c) for c in oracle.deck} - {None}
    for suit in suits:
        order = oracle.stronger_first(suit)
        lead = order[-1]
        contenders = {c for c in oracle.deck if oracle.suit_of(c) in (suit, oracle.trump)}
        out.append((lead, sorted(contenders - {lead})))
    return out


@pytest.mark.parametrize("name", RULE_SETS)
@pytest.mark.parametrize("trump", list(Suit))
def test_winner_order_is_a_strict_total_order(name: str, trump: Suit) -> None:
    table, oracle = game(name, trump)
    for lead, contenders in contexts(name, trump):
        others = [c for c in set(oracle.deck) if c not in contenders and c is not lead]
        for prefix in ([lead], [EXCUSE, lead]) if name == "tarot" else ([lead],):
            offset = len(prefix)
            wins = dict.fromkeys(contenders, 0)
            for a in contenders:
                for b in contenders:
                    if a is b:
                        continue
                    first = table.winner([*prefix, a, b]) - offset
                    second = table.winner([*prefix, b, a]) - offset
                    assert first in (0, 1)
                    assert first + second == 1, (a, b)  # the same card wins either way
                    wins[a] += first == 0
            # A tournament is transitive exactly when its scores are 0, 1, ..., n - 1.
            assert sorted(wins.values()) == list(range(len(contenders)))
            for x in others:
                if x is not EXCUSE:
                    assert table.winner([*prefix, x]) == offset - 1  # a discard never wins
        # "Higher trump" obligations use the same order as winners.
        for a in contenders:
            if oracle.suit_of(a) != oracle.trump:
                continue
            pa = table.positions[a][0]
            for b in contenders:
                if oracle.suit_of(b) == oracle.trump and b is not a:
                    above = bool(table.above[pa] >> table.positions[b][0] & 1)
                    assert above == (table.winner([lead, a, b]) == 2)


# -- declarations and card helpers that must be refused ----------------------------------


@pytest.mark.parametrize("strength", [-1, 2**20, 1.5, None])
def test_out_of_range_strengths_are_refused(strength: object) -> None:
    deck = decks.euchre_deck()
    values = {c: ace_high(c) for c in deck}
    values[deck[0]] = strength  # type: ignore[assignment]
    with pytest.raises(ValueError, match="strength"):
        TrickRules(cards=deck, suit_of={c: c.suit for c in deck}, strength=values).compile()


def test_distinct_cards_of_a_suit_may_not_tie() -> None:
    deck = decks.standard_deck()
    kings_and_aces_tie = {c: 14 if c.rank == Rank.ACE else int(c.rank) for c in deck}
    rules = TrickRules(cards=deck, suit_of={c: c.suit for c in deck}, strength=kings_and_aces_tie)
    with pytest.raises(ValueError, match="same suit and strength 14"):
        rules.compile()
    # Identical copies may tie (the double deck), and so may cards of different suits.
    game("double euchre")


def test_a_missing_declaration_is_refused() -> None:
    deck = decks.euchre_deck()
    with pytest.raises(ValueError, match="no suit or strength"):
        TrickRules(cards=deck, suit_of={c: c.suit for c in deck[1:]}, strength={}).compile()


def test_cards_outside_the_deck_are_refused() -> None:
    table, _ = game("euchre", Suit.SPADES)
    with pytest.raises(ValueError, match="not in this deck"):
        table.mask_of(cards("8S"))
    with pytest.raises(ValueError, match="not in this deck"):
        table.mask_of(cards("AS AS"))
    with pytest.raises(ValueError, match="not in this deck"):
        table.winner(cards("AS 21T"))
    with pytest.raises(ValueError, match="not in this deck"):
        table.legal_cards(cards("AS"), cards("EX"))
    double, _ = game("double euchre", Suit.SPADES)
    assert double.mask_of(cards("AS AS")).bit_count() == 2
    with pytest.raises(ValueError, match="not in this deck"):
        double.mask_of(cards("AS AS AS"))
