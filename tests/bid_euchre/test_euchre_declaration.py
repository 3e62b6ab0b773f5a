"""The play rules are the variant's declaration: flip an obligation in
``BidEuchreVariant.trick_rules`` and the engine, the playouts, the helpers, the bot and
the view's inference all change together (E-16, E-17, E-19, E-20, E-37).

Each flipped variant is checked against a naive reading of its own declaration written
here from ``TrickRules``'s docstring: the legal cards of every state in play, the winner
of every trick, what the sampler infers from the cards played, and the bulk playout
against the checked loop. That the flip matters is checked too: the naive readings of
the flipped and the plain declaration differ on some of the states played.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

import attrs
import pytest

from cardrules import Card, Play, Suit, TrickRules
from cardrules.bid_euchre import (
    BidEuchreState,
    BidEuchreVariant,
    Phase,
    Trump,
    left_bower,
    random_playout,
)
from cardrules.bid_euchre.play import legal_cards, trick_winner
from cardrules.bid_euchre.view import _voids
from cardrules.bots import BidEuchreBot, play_game

if TYPE_CHECKING:
    from tests import tiers
else:
    import cardrules_test_tiers as tiers  # loaded by tests/conftest.py

GAMES = tiers.volume(12, 200)


class LeftBowerKeepsItsSuit(BidEuchreVariant):
    """E-17 flipped: the jack of the trump's colour stays a card of its printed suit,
    ranked as a plain jack."""

    def trick_rules(self, trump: Trump) -> TrickRules:
        rules = super().trick_rules(trump)
        if not isinstance(trump, Suit):
            return rules
        left = left_bower(trump)
        suit_of = {**rules.suit_of, left: left.suit}
        strength = {**rules.strength, left: 3}  # E-16: a plain jack, between 10 and Q
        return attrs.evolve(rules, suit_of=suit_of, strength=strength)


class NoDutyToFollow(BidEuchreVariant):
    """E-19 flipped: any card may be played to any trick."""

    def trick_rules(self, trump: Trump) -> TrickRules:
        return attrs.evolve(super().trick_rules(trump), must_follow=False)


class MustTrumpAndOvertrump(BidEuchreVariant):
    """Obligations Bid Euchre does not have: a player void in the suit led trumps, and
    beats the best trump of the trick if it can (as in French Tarot)."""

    def trick_rules(self, trump: Trump) -> TrickRules:
        rules = super().trick_rules(trump)
        return attrs.evolve(rules, must_trump=True, must_overtrump=True)


FLIPS: dict[str, type[BidEuchreVariant]] = {
    "left-bower-keeps-its-suit": LeftBowerKeepsItsSuit,
    "no-duty-to-follow": NoDutyToFollow,
    "must-trump-and-overtrump": MustTrumpAndOvertrump,
}
OPTIONS: list[dict[str, Any]] = [
    {},
    {"joker": True, "allow_no_trump": True},
    {"double_deck": True},
]
CASES = [(flip, options) for flip in FLIPS for options in OPTIONS]
IDS = [f"{flip}-{'-'.join(options) or 'plain'}" for flip, options in CASES]


# -- a naive reading of a declaration, card by card ---------------------------------------


def naive_legal(
    rules: TrickRules, hand: Iterable[Card], trick: Sequence[Card], named: Suit | None
) -> set[Card]:
    """The cards of ``hand`` the declaration lets a player play to ``trick``."""
    hand = set(hand)
    if not trick:
        return hand
    suit = rules.suit_of
    led: Hashable | None = named if named is not None else suit[trick[0]]
    in_led = {c for c in hand if suit[c] == led}
    trumps = {c for c in hand if rules.trump is not None and suit[c] == rules.trump}
    best = max((rules.strength[c] for c in trick if suit[c] == rules.trump), default=-1)

    def over(cards: set[Card]) -> set[Card]:
        if not rules.must_overtrump:
            return cards
        return {c for c in cards if rules.strength[c] > best} or cards

    if in_led:
        if not rules.must_follow:
            return hand
        return over(in_led) if led == rules.trump else in_led
    if rules.must_trump and trumps:
        return over(trumps)
    return hand


def naive_winner(rules: TrickRules, trick: Sequence[Card], named: Suit | None) -> int:
    """The index of the card that takes ``trick``: the best trump, else the best card
    of the suit led; of equal cards the first played."""
    suit = rules.suit_of
    led = named if named is not None else suit[trick[0]]

    def key(card: Card) -> int:
        if rules.trump is not None and suit[card] == rules.trump:
            return 1000 + rules.strength[card]
        return rules.strength[card] if suit[card] == led else -1

    keys = [key(c) for c in trick]
    return keys.index(max(keys))


def _random_states(variant: BidEuchreVariant, games: int, seed: object) -> list[BidEuchreState]:
    rng = random.Random(str(seed))
    states = []
    for _ in range(games):
        state = variant.new_game(rng=rng)
        states.append(state)
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_actions()))
            states.append(state)
    return states


def _named(state: BidEuchreState) -> Suit | None:
    return state.named_suit


# -- the tests --------------------------------------------------------------------------


@pytest.mark.parametrize(("flip", "options"), CASES, ids=IDS)
def test_e19_the_engine_offers_what_the_declaration_allows(
    flip: str, options: dict[str, Any]
) -> None:
    variant = FLIPS[flip](**options)
    plain = BidEuchreVariant(**options)
    states = _random_states(variant, GAMES, (flip, options))
    checked = differ = 0
    for state in states:
        if state.phase is not Phase.PLAY or state.to_play is None:
            continue
        trump = state.trump
        assert trump is not None
        hand = state.hand(state.to_play)
        trick = [c for _, c in state.trick]
        named = _named(state)
        rules = variant.trick_rules(trump)
        expected = naive_legal(rules, hand, trick, named)
        offered = {a.card for a in state.legal_actions() if type(a) is Play}
        assert offered == expected, (flip, trick, hand)
        # The public helper, on the variant's table, says the same.
        table = variant.trick_table(trump)
        assert set(legal_cards(table, hand, trick, named_suit=named)) == expected
        checked += 1
        differ += expected != naive_legal(plain.trick_rules(trump), hand, trick, named)
    assert checked > 10 * GAMES
    # The flip matters: the plain rules would have offered other cards.
    assert differ > 0


@pytest.mark.parametrize(("flip", "options"), CASES, ids=IDS)
def test_e20_every_trick_goes_to_the_card_the_declaration_makes_strongest(
    flip: str, options: dict[str, Any]
) -> None:
    variant = FLIPS[flip](**options)
    finals = [s for s in _random_states(variant, GAMES, ("winner", flip, options)) if s.is_terminal]
    tricks = 0
    for final in finals:
        trump = final.trump
        if trump is None:
            continue
        rules = variant.trick_rules(trump)
        table = variant.trick_table(trump)
        for trick in final.tricks:
            cards = [c for _, c in trick.plays]
            n = naive_winner(rules, cards, trick.named_suit)
            assert trick.winner == trick.plays[n][0], (flip, trick)
            assert trick_winner(table, cards, named_suit=trick.named_suit) == n
            tricks += 1
    assert tricks > 3 * GAMES


@pytest.mark.parametrize(("flip", "options"), CASES, ids=IDS)
def test_the_bulk_playout_plays_the_declaration_as_the_checked_loop(
    flip: str, options: dict[str, Any]
) -> None:
    variant = FLIPS[flip](**options)
    states = _random_states(variant, max(2, GAMES // 4), ("playout", flip, options))
    for n, start in enumerate(states):
        bulk_rng, loop_rng = random.Random(n), random.Random(n)
        bulk = random_playout(start, bulk_rng)
        state = start
        while not state.is_terminal:
            state = state.apply(loop_rng.choice(state.legal_actions()))
        assert bulk == state.result()
        assert bulk_rng.getstate() == loop_rng.getstate()


@pytest.mark.parametrize(("flip", "options"), CASES, ids=IDS)
def test_e19_the_view_infers_what_the_declaration_makes_a_card_played_tell(
    flip: str, options: dict[str, Any]
) -> None:
    # A card c is barred from a seat exactly when, had the seat held c, the card it
    # played would not have been legal (the declaration read card by card).
    variant = FLIPS[flip](**options)
    states = _random_states(variant, max(2, GAMES // 3), ("voids", flip, options))
    rng = random.Random(flip)
    for state in states:
        if state.phase is not Phase.PLAY or state.to_play is None or rng.random() < 0.7:
            continue
        view = state.view(state.to_play)
        trump = view.trump
        assert trump is not None
        rules = variant.trick_rules(trump)
        expected: list[set[Card]] = [set() for _ in range(4)]
        tricks = [(t.plays, t.named_suit) for t in view.tricks]
        if view.trick:
            tricks.append((view.trick, view.named_suit))
        for plays, named in tricks:
            for k in range(1, len(plays)):
                seat, card = plays[k]
                before = [c for _, c in plays[:k]]
                for other in set(variant.deck) - {card}:
                    if card not in naive_legal(rules, [card, other], before, named):
                        expected[seat].add(other)
        assert _voids(view) == expected, (flip, view)
        sampled = view.sample_state(rng)
        assert sampled.view(view.seat) == view


@pytest.mark.parametrize("flip", sorted(FLIPS))
def test_the_bot_plays_by_the_declaration(flip: str) -> None:
    variant = FLIPS[flip](joker=True, allow_no_trump=True)
    for seed in range(max(2, GAMES // 3)):
        final = play_game(variant.new_game(seed=seed), [BidEuchreBot()] * 4, random.Random(seed))
        assert final.is_terminal


def test_the_flipped_variants_are_other_games() -> None:
    # A variant is its class and its options: a flipped declaration is not the plain
    # game, and its states keep their variant (pickling included).
    import pickle

    flipped, plain = LeftBowerKeepsItsSuit(), BidEuchreVariant()
    assert flipped != plain
    assert flipped == LeftBowerKeepsItsSuit()
    state = flipped.new_game(seed=3)
    copy = pickle.loads(pickle.dumps(state))  # noqa: S301 - our own bytes
    assert type(copy.variant) is LeftBowerKeepsItsSuit
    assert copy == state
    with pytest.raises(TypeError):
        plain.random_playout(state, random.Random(1))
