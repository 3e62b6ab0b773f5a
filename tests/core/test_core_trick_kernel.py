"""The trick kernel: the one decision of follow, trump and overtrump, its inverse, and
the winner, for every declaration (the games' own and each obligation flipped).

``TrickKernel.legal`` is checked against a naive reading of the declaration written
here from its docstrings; ``TrickKernel.excluded`` against ``legal`` itself, card by
card (what a seat cannot hold is exactly what would have forbidden its card); the two
words against the one mask over positions.
"""

from __future__ import annotations

import pickle
import random

import attrs
import pytest

from cardrules import EXCUSE, Card, Suit, TrickRules
from cardrules._tricks import WORD_BITS, TrickKernel
from cardrules.bid_euchre.cards import NO_TRUMP, trick_rules
from cardrules.tarot.cards import TAROT_TRICK_RULES


def _euchre(trump: object = Suit.HEARTS, **kw: bool) -> TrickRules:
    return trick_rules(trump, **kw)  # type: ignore[arg-type]


DECLARATIONS = {
    "tarot": TAROT_TRICK_RULES,
    "tarot-no-follow": attrs.evolve(TAROT_TRICK_RULES, must_follow=False),
    "tarot-no-trump-duty": attrs.evolve(TAROT_TRICK_RULES, must_trump=False),
    "tarot-no-overtrump": attrs.evolve(TAROT_TRICK_RULES, must_overtrump=False),
    "tarot-excuse-not-free": attrs.evolve(TAROT_TRICK_RULES, always_playable=frozenset()),
    "tarot-no-duties": attrs.evolve(TAROT_TRICK_RULES, must_trump=False, must_overtrump=False),
    "tarot-excuse-a-card": attrs.evolve(
        TAROT_TRICK_RULES, always_playable=frozenset(), exempt=frozenset()
    ),
    "euchre-hearts": _euchre(),
    "euchre-no-trump-joker": _euchre(NO_TRUMP, joker=True),
    "euchre-double-deck": _euchre(Suit.SPADES, double_deck=True),
    "euchre-must-trump": attrs.evolve(_euchre(), must_trump=True, must_overtrump=True),
    "euchre-no-follow": attrs.evolve(_euchre(), must_follow=False),
}


def _naive_legal(rules: TrickRules, hand: set[int], trick: list[int]) -> set[int]:
    """The obligations of ``TrickRules``, read from its docstring, card by card."""
    cards = rules.cards

    def suit(p: int) -> object:
        c = cards[p]
        return None if c in rules.exempt else rules.suit_of[c]

    led = next((suit(p) for p in trick if suit(p) is not None), None)
    always = {p for p in hand if cards[p] in rules.always_playable}
    if led is None:
        return set(hand)
    in_led = {p for p in hand if suit(p) == led}
    trumps = {p for p in hand if rules.trump is not None and suit(p) == rules.trump}
    best = max(
        (rules.strength[cards[p]] for p in trick if suit(p) == rules.trump),
        default=-1,
    )

    def over(ts: set[int]) -> set[int]:
        if not rules.must_overtrump:
            return ts
        return {p for p in ts if rules.strength[cards[p]] > best} or ts

    if in_led:
        if not rules.must_follow:
            return set(hand)
        return (over(in_led) if led == rules.trump else in_led) | always
    if rules.must_trump and trumps:
        return over(trumps) | always
    return set(hand)


def _mask(positions: set[int]) -> int:
    return sum(1 << p for p in positions)


def _contexts(kernel: TrickKernel, rng: random.Random, count: int) -> list[list[int]]:
    """Random partial tricks (0 to 4 cards) over the kernel's positions."""
    return [rng.sample(range(kernel.size), rng.randrange(5)) for _ in range(count)]


def _facing(kernel: TrickKernel, trick: list[int]) -> tuple[int, int, int]:
    led = next((kernel.suit[p] for p in trick if kernel.suit[p] >= 0), -1)
    if led < 0:
        return 0, 0, kernel.over_start
    first = next(p for p in trick if kernel.suit[p] == led)
    over = kernel.over_start
    for p in trick:
        over &= kernel.over_after[p]
    return kernel.follow_side[first], kernel.follow_duty[first], over


@pytest.mark.parametrize("name", sorted(DECLARATIONS))
def test_legal_is_the_declaration_read_card_by_card(name: str) -> None:
    rules = DECLARATIONS[name]
    kernel = TrickKernel(rules)
    rng = random.Random(name)
    for trick in _contexts(kernel, rng, 300):
        rest = [p for p in range(kernel.size) if p not in trick]
        hand = set(rng.sample(rest, min(len(rest), rng.randrange(1, 13))))
        fs, fd, over = _facing(kernel, trick)
        side, duty = kernel.words(_mask(hand))
        got = kernel.joined(*kernel.legal(side, duty, fs, fd, over))
        assert got == _mask(_naive_legal(rules, hand, trick)), (name, trick, sorted(hand))


@pytest.mark.parametrize("name", sorted(DECLARATIONS))
def test_excluded_is_what_would_have_forbidden_the_card(name: str) -> None:
    # With a duty to follow, each obligation reads "holding any card of this group,
    # play from it": a card c is excluded exactly when the hand {pos, c} forbids pos.
    kernel = TrickKernel(DECLARATIONS[name])
    rng = random.Random(name)
    for trick in _contexts(kernel, rng, 60):
        fs, fd, over = _facing(kernel, trick)
        for pos in rng.sample(range(kernel.size), 12):
            if pos in trick:
                continue
            got = kernel.joined(*kernel.excluded(pos, fs, fd, over))
            others = ~_mask({pos, *trick})
            if kernel.must_follow:
                expected = 0
                for c in range(kernel.size):
                    if c == pos or c in trick:
                        continue
                    side, duty = kernel.words(1 << pos | 1 << c)
                    legal = kernel.joined(*kernel.legal(side, duty, fs, fd, over))
                    if not legal >> pos & 1:
                        expected |= 1 << c
                assert got & others == expected, (name, trick, pos)
            # Sound whatever the declaration: no hand from which pos is legal holds an
            # excluded card.
            rest = [c for c in range(kernel.size) if c != pos and c not in trick]
            for _ in range(20):
                hand = 1 << pos | _mask(set(rng.sample(rest, rng.randrange(0, 12))))
                side, duty = kernel.words(hand)
                if kernel.joined(*kernel.legal(side, duty, fs, fd, over)) >> pos & 1:
                    assert not hand & got, (name, trick, pos)


@pytest.mark.parametrize("name", sorted(DECLARATIONS))
def test_words_hold_every_mask_below_two_to_the_62(name: str) -> None:
    kernel = TrickKernel(DECLARATIONS[name])
    full = (1 << kernel.size) - 1
    side, duty = kernel.words(full)
    assert max(side, duty) < 1 << WORD_BITS
    assert kernel.joined(side, duty) == full
    for table in (kernel.follow_side, kernel.follow_duty):
        assert all(0 <= m < 1 << WORD_BITS for m in table)


def test_the_tarot_deck_splits_at_its_trumps() -> None:
    kernel = TrickKernel(TAROT_TRICK_RULES)
    assert kernel.split == Card.trump(1).index == 56
    assert kernel.joined(0, kernel.always) == 1 << EXCUSE.index
    assert kernel.trump_duty == (1 << 21) - 1


@pytest.mark.parametrize("name", [n for n in sorted(DECLARATIONS) if n.startswith("tarot")])
def test_the_tarot_words_do_not_depend_on_the_duties_declared(name: str) -> None:
    # The engine lays its tables out on the words: flipping an obligation keeps them.
    kernel = TrickKernel(DECLARATIONS[name])
    assert kernel.split == 56
    assert kernel.trump_side == 0
    assert kernel.trump_duty == (1 << 21) - 1


def test_a_deck_of_62_cards_or_fewer_is_one_word() -> None:
    kernel = TrickKernel(_euchre(double_deck=True))
    assert kernel.split == 0
    assert kernel.words((1 << kernel.size) - 1)[0] == 0


def test_winner_is_the_strongest_trump_else_the_strongest_of_the_suit_led() -> None:
    kernel = TrickKernel(TAROT_TRICK_RULES)
    pos = {str(c): c.index for c in TAROT_TRICK_RULES.cards}
    trick = [pos["EX"], pos["3H"], pos["KH"], pos["2T"]]
    assert kernel.led_suit(trick) == kernel.suit[pos["3H"]]
    assert kernel.winner(trick, kernel.led_suit(trick)) == 3
    assert kernel.winner([pos["EX"]], -1) == -1
    # A double deck's identical copies: the first played wins.
    deck = _euchre(Suit.SPADES, double_deck=True)
    k2 = TrickKernel(deck)
    ace = [p for p, c in enumerate(deck.cards) if c == Card.parse("AH")]
    assert k2.winner(ace, k2.led_suit(ace)) == 0


ONE_WORD = sorted(n for n in DECLARATIONS if TrickKernel(DECLARATIONS[n]).split == 0)


@pytest.mark.parametrize("name", ONE_WORD)
def test_legal_word_is_legal_on_a_deck_of_one_word(name: str) -> None:
    # The engines of one-word decks call legal_word with the trick; its shortcut for
    # a declaration whose only duty is following suit is legal's own branch.
    rules = DECLARATIONS[name]
    kernel = TrickKernel(rules)
    assert kernel.follow_only is (
        rules.must_follow
        and not rules.must_trump
        and not rules.must_overtrump
        and not rules.always_playable
    )
    rng = random.Random(name)
    for trick in _contexts(kernel, rng, 300):
        rest = [p for p in range(kernel.size) if p not in trick]
        hand = _mask(set(rng.sample(rest, min(len(rest), rng.randrange(1, 13)))))
        _, fd, over = _facing(kernel, trick)
        expected = kernel.legal(0, hand, 0, fd, over)[1]
        assert kernel.legal_word(hand, fd, trick) == expected, (name, trick)
        assert kernel.legal_word(hand, fd, tuple(trick)) == expected
    assert kernel.legal_word(0b1011, 0, []) == 0b1011  # leading: any card


def test_legal_word_follows_the_declaration_not_a_copy() -> None:
    # The same deck and trick under the euchre declaration and with a duty to trump
    # and overtrump: legal_word changes with the declaration.
    plain = TrickKernel(_euchre())
    duty = TrickKernel(DECLARATIONS["euchre-must-trump"])
    pos = {str(c): p for p, c in enumerate(_euchre().cards)}
    trick = [pos["AS"], pos["JH"]]  # spades led, the right bower on it
    hand = _mask({pos["9H"], pos["JD"], pos["9C"]})  # no spade: 9H and the left bower trump
    follow = plain.follow_duty[pos["AS"]]
    assert plain.follow_only
    assert not duty.follow_only
    assert plain.legal_word(hand, follow, trick) == hand
    # Must trump; no trump above the right bower, so any trump (undertrump).
    assert duty.legal_word(hand, follow, trick) == _mask({pos["9H"], pos["JD"]})
    trick = [pos["AS"], pos["9H"]]
    hand = _mask({pos["10H"], pos["JD"], pos["9C"]})
    # Must overtrump the 9 of hearts: the 10 and the left bower both do.
    assert duty.legal_word(hand, follow, trick) == _mask({pos["10H"], pos["JD"]})


@pytest.mark.parametrize("name", sorted(DECLARATIONS))
def test_winner_reads_the_table_of_strength(name: str) -> None:
    # by_led is strength() as a table; winner takes the first strictly strongest.
    kernel = TrickKernel(DECLARATIONS[name])
    for led in (*range(len(kernel.labels)), -1):
        assert kernel.by_led[led] == tuple(kernel.strength(p, led) for p in range(kernel.size))
    rng = random.Random(name)
    for trick in _contexts(kernel, rng, 200):
        led = kernel.led_suit(trick)
        keys = [kernel.strength(p, led) for p in trick]
        expected = keys.index(max(keys)) if keys and max(keys) >= 0 else -1
        assert kernel.winner(trick, led) == expected, (name, trick)


@pytest.mark.parametrize("name", sorted(DECLARATIONS))
def test_a_trick_table_pickles_as_its_declaration(name: str) -> None:
    # In the compiled build the kernel is a native object: the table is compiled again.
    table = DECLARATIONS[name].compile()
    copy = pickle.loads(pickle.dumps(table))  # noqa: S301 - our own bytes
    assert type(copy) is type(table)
    assert copy.rules == table.rules
    assert copy.kernel.by_led == table.kernel.by_led
