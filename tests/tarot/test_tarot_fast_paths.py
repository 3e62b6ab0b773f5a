"""The engine's fast paths agree with the plain rules and the public API.

The states keep the legal cards as a mask computed step by step, each seat's cards as
the cards it held when the play began less the cards played, the legal actions in a
cache, and :func:`~cardrules.tarot.random_playout` runs a whole deal on integers. These
tests compare each of them with a slower, direct computation.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

from cardrules import Card, Play, UnknownCardError, decks
from cardrules.tarot import (
    TAROT_DECK,
    Camp,
    DealFacts,
    DeclarePoignee,
    Phase,
    TarotState,
    TarotVariant,
    random_playout,
    score_deal,
)
from cardrules.tarot.cards import TAROT_TRICK_RULES

# Option sets that change what the fast paths do: the player count (the call, T-43),
# the announcement phase, forced écart trumps in a poignée, the Excuse rules.
# The declaration compiled on its own: the oracle of the engine's legal cards (T-22).
TABLE = TAROT_TRICK_RULES.compile()

OPTION_SETS: list[dict[str, object]] = [
    {},
    {"players": 3},
    {"players": 5},
    {"players": 5, "poignee_counts_forced_discards": False, "chelem_announcement": False},
    {"chien_schedule": "random", "excuse_compensation": "card"},
    {"excuse_last_trick": "to_trick_winner", "excuse_sweep_exception": "any_sweeping_camp"},
]


def random_states(variant: TarotVariant, seed: int) -> Iterator[TarotState]:
    """Every state of one random deal, the first one included."""
    rng = random.Random(seed)
    state = variant.new_game(rng=rng)
    yield state
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
        yield state


def finish(state: TarotState, seed: int) -> TarotState:
    rng = random.Random(seed)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("dealer", [0, 3])
def test_new_game_deals_the_deck_that_decks_shuffle_gives(dealer: int) -> None:
    # new_game shuffles its own way, for speed: the same cards must come out, and the
    # generator must be left where decks.shuffle leaves it.
    variant = TarotVariant()
    for seed in range(300):
        ours, theirs = random.Random(seed), random.Random(seed)
        state = variant.new_game(rng=ours, dealer=dealer)
        expected = variant.deal_from_deck(decks.shuffle(TAROT_DECK, theirs), dealer=dealer)
        assert [state.hand(s) for s in range(4)] == [expected.hand(s) for s in range(4)]
        assert state.chien == expected.chien
        assert ours.getstate() == theirs.getstate()


def test_new_game_with_a_generator_subclass() -> None:
    class Counting(random.Random):
        draws = 0

        def getrandbits(self, k: int) -> int:
            Counting.draws += 1
            return super().getrandbits(k)

    state = TarotVariant().new_game(rng=Counting(4))
    expected = TarotVariant().deal_from_deck(decks.shuffle(TAROT_DECK, random.Random(4)))
    assert state.chien == expected.chien
    assert Counting.draws >= 77


@pytest.mark.parametrize("options", OPTION_SETS)
def test_legal_cards_match_the_trick_table_at_every_step(options: dict[str, object]) -> None:
    # The mask that apply updates card by card, and the actions built from it byte by
    # byte, against the compiled table applied to the whole trick (T-22, T-23); the first
    # lead with 5 players also follows T-43.
    variant = TarotVariant(**options)  # type: ignore[arg-type]
    for seed in range(12):
        for state in random_states(variant, seed):
            if state.phase is not Phase.PLAY:
                continue
            seat = state.to_play
            assert seat is not None
            hand = state.hand(seat)
            trick = [card for _, card in state.trick]
            expected = TABLE.legal_cards(hand, trick)
            called = state.called_card
            if called is not None and state.tricks_played == 0 and not trick:
                expected = tuple(c for c in expected if c.suit != called.suit or c == called)
            plays = [a for a in state.legal_actions() if type(a) is Play]
            assert [a.card for a in plays] == list(expected)
            for card in hand:
                assert state.is_legal(Play(card)) == (card in expected)


@pytest.mark.parametrize("options", OPTION_SETS)
def test_hands_piles_and_tricks_account_for_every_card(options: dict[str, object]) -> None:
    variant = TarotVariant(**options)  # type: ignore[arg-type]
    for seed in range(6):
        for state in random_states(variant, seed):
            held = [set(state.hand(s)) for s in range(variant.players)]
            if state.phase is Phase.PLAY:
                view = state.view(state.to_play or 0)
                assert set(view.hand) == held[view.seat]
                assert view.hand_sizes == tuple(len(h) for h in held)
            in_trick = {card for _, card in state.trick}
            assert not in_trick & set().union(*held)
            if state.taker is None:
                continue
            piles = set(state.pile(Camp.ATTACK)) | set(state.pile(Camp.DEFENCE))
            everywhere = set().union(*held) | in_trick | piles | set(state.chien_aside)
            assert everywhere == set(TAROT_DECK)


def test_legal_actions_are_stable_and_stay_out_of_the_value() -> None:
    variant = TarotVariant()
    for state in random_states(variant, 5):
        if state.is_terminal:
            assert state.legal_actions() == ()
            continue
        first = state.legal_actions()
        assert state.legal_actions() == first
        copy = pickle.loads(pickle.dumps(state))  # noqa: S301 - own data
        assert copy == state
        assert hash(copy) == hash(state)
        assert copy.legal_actions() == first


def test_states_reached_by_the_same_actions_are_equal() -> None:
    variant = TarotVariant(players=5)
    rng = random.Random(9)
    start = variant.new_game(rng=rng)
    a = b = start
    while not a.is_terminal:
        action = rng.choice(a.legal_actions())
        a = a.apply(action)
        b = b.apply(str(action))
        assert a == b
        assert hash(a) == hash(b)
        assert a.history == b.history


def test_history_continues_after_unpickling() -> None:
    variant = TarotVariant(players=3)
    rng = random.Random(2)
    state = variant.new_game(rng=rng)
    for _ in range(40):
        state = state.apply(rng.choice(state.legal_actions()))
    copy = pickle.loads(pickle.dumps(state))  # noqa: S301 - own data
    after = copy
    for _ in range(10):
        after = after.apply(rng.choice(after.legal_actions()))
    assert after.history[: len(state.history)] == state.history
    assert len(after.history) == len(state.history) + 10
    assert pickle.loads(pickle.dumps(after)).history == after.history  # noqa: S301


@pytest.mark.parametrize("options", OPTION_SETS)
def test_random_playout_from_every_phase_matches_the_public_loop(
    options: dict[str, object],
) -> None:
    # From each step of a few deals (auction, call, part-made écart, announcement, the
    # first trick with its poignées, the middle of a trick): the identical result.
    variant = TarotVariant(**options)  # type: ignore[arg-type]
    phases = set()
    for seed in range(8):
        for step, state in enumerate(random_states(variant, seed)):
            phases.add(state.phase)
            draw = seed * 1000 + step
            expected = finish(state, draw).result()
            assert random_playout(state, random.Random(draw)) == expected
            assert variant.random_playout(state, random.Random(draw)) == expected
    assert Phase.PLAY in phases
    assert Phase.BIDDING in phases


# T-22 flipped one duty at a time, and all at once: the bulk playout's legal cards
# are the kernel's (inlined there), so they must follow every declaration.
FLIPS: list[dict[str, Any]] = [
    {"must_follow": False},
    {"must_trump": False},
    {"must_overtrump": False},
    {"must_trump": False, "must_overtrump": False},
]


def _flipped(flip: dict[str, Any]) -> TarotVariant:
    """A variant that declares Tarot's trick rules with ``flip`` changed."""
    rules = attrs.evolve(TAROT_TRICK_RULES, **flip)

    class Flipped(TarotVariant):
        @property
        def trick_rules(self) -> Any:
            return rules

    return Flipped()


@pytest.mark.parametrize("flip", FLIPS, ids=",".join)
def test_t22_random_playout_follows_a_flipped_declaration_like_the_public_loop(
    flip: dict[str, Any],
) -> None:
    flipped = _flipped(flip)
    changed = 0
    for seed in range(12):
        for step, state in enumerate(random_states(flipped, seed)):
            if step % 7:
                continue
            draw = seed * 1000 + step
            expected = finish(state, draw).result()
            assert random_playout(state, random.Random(draw)) == expected
        start = flipped.new_game(seed=seed)
        changed += random_playout(start, random.Random(seed)) != random_playout(
            TarotVariant().new_game(seed=seed), random.Random(seed)
        )
    assert changed > 0


@pytest.mark.parametrize(
    "flip", [*FLIPS, {"always_playable": frozenset()}], ids=lambda f: ",".join(sorted(f))
)
def test_t22_the_checked_states_play_a_flipped_declaration_as_its_compiled_table(
    flip: dict[str, Any],
) -> None:
    # Core.apply works out each successor's legal cards on the kernel's tables: here
    # against the compiled table's own answer (TrickKernel.legal), card by card.
    flipped = _flipped(flip)
    table = flipped.trick_table
    checked = 0
    for seed in range(10):
        for state in random_states(flipped, seed):
            if state.phase is not Phase.PLAY:
                continue
            seat = state.to_play
            assert seat is not None
            expected = table.legal_cards(state.hand(seat), [card for _, card in state.trick])
            assert [a.card for a in state.legal_actions() if type(a) is Play] == list(expected)
            checked += 1
    assert checked > 500


def test_random_playout_draws_the_declarations_like_the_public_loop() -> None:
    # Seat 1 holds fifteen trumps, so a poignée is offered before its first card; the
    # bulk loop must offer the same declarations, drawn among the plays.
    variant = TarotVariant()
    trumps = [Card.trump(n) for n in range(2, 17)]
    rest = [c for c in TAROT_DECK if c not in trumps]
    declared = 0
    for seed in range(40):
        random.Random(seed).shuffle(rest)
        hands = [rest[0:18], [*trumps, *rest[18:21]], rest[21:39], rest[39:57]]
        start = variant.deal(hands=hands, chien=rest[57:63], dealer=0)
        end = finish(start, seed)
        declared += any(isinstance(a, DeclarePoignee) for _, a in end.history)
        assert random_playout(start, random.Random(seed)) == end.result()
    assert declared > 0


def test_a_card_played_mid_trick_leaves_the_other_hands_alone() -> None:
    variant = TarotVariant()
    for state in random_states(variant, 11):
        if state.phase is Phase.PLAY and state.trick:
            break
    before = [state.hand(s) for s in range(4)]
    seat = state.to_play
    assert seat is not None
    card = next(a for a in state.legal_actions() if type(a) is Play)
    after = state.apply(card)
    assert isinstance(card, Play)
    for s in range(4):
        expected = tuple(c for c in before[s] if c != card.card) if s == seat else before[s]
        assert after.hand(s) == expected
    assert state.hand(seat) == before[seat]
    assert Card.parse(str(card.card)) not in after.hand(seat)


@pytest.mark.parametrize("options", OPTION_SETS)
def test_engine_facts_pass_the_checked_constructor(options: dict[str, object]) -> None:
    # The engine stores its facts without DealFacts' checks: every field it builds must
    # be one the checked constructor accepts as is, and score the same.
    variant = TarotVariant(**options)  # type: ignore[arg-type]
    for seed in range(60):
        result = finish(variant.new_game(seed=seed), seed)
        facts = result.result().facts
        if facts is None:
            continue
        checked = DealFacts(**_fields(facts))
        assert checked == facts
        assert checked.half_points == facts.half_points
        assert [type(v) for v in _fields(facts).values()] == [
            type(v) for v in _fields(checked).values()
        ]
        assert score_deal(checked, variant.options) == result.result()
        fast = random_playout(variant.new_game(seed=seed), random.Random(seed))
        if fast.facts is not None:
            assert DealFacts(**_fields(fast.facts)) == fast.facts


def _fields(facts: DealFacts) -> dict[str, Any]:
    return {f.name: getattr(facts, f.name) for f in attrs.fields(DealFacts) if f.init}


def test_the_play_actions_kept_do_not_grow() -> None:
    # legal_actions keeps the play actions of each suit's cards by the suit's 14 bits,
    # and the cards() memos stop at a fixed size: a long-running server does not grow.
    from cardrules.tarot import _tables as tables

    variant = TarotVariant()
    for seed in range(40):
        for state in random_states(variant, seed):
            state.legal_actions()
            state.view(0)
    assert [len(kept) for kept in tables._SUIT_PLAYS] == [1 << 14] * 4
    for suit, kept in enumerate(tables._SUIT_PLAYS):
        for bits, actions in enumerate(kept):
            if actions:
                side = bits << 14 * suit
                assert [a.card for a in actions] == list(tables.cards(side, 0))  # type: ignore[attr-defined]
    assert 0 < len(tables._SUIT_CARDS) <= tables.MEMO_SIZE
    assert 0 < len(tables._DUTY_CARDS) <= tables.MEMO_SIZE


def test_the_play_actions_of_any_words_are_their_cards_in_order() -> None:
    # A lead's side word spans suits: play_actions joins each suit's actions (kept by
    # the suit's bits), then the trumps' and the Excuse's, in card order.
    from cardrules.tarot import _tables as tables

    rng = random.Random(5)
    sides = [rng.getrandbits(56) & rng.getrandbits(56) for _ in range(400)]
    sides += [0, 1 << 55, (1 << 56) - 1, 0b11 << 13, tables.SUITS[3], tables.SUITS[0] | 1 << 42]
    duties = [rng.getrandbits(22) for _ in range(len(sides) - 3)] + [1, 1 << 21, (1 << 22) - 1]
    for side, duty in zip(sides, duties, strict=True):
        for words in ((side, 0), (0, duty), (side, duty)):
            actions = tables.play_actions(*words)
            assert [a.card for a in actions] == list(tables.cards(*words))  # type: ignore[attr-defined]
            # Asked again, the same answer (from what was kept).
            assert tables.play_actions(*words) == actions


@pytest.mark.parametrize("options", OPTION_SETS)
def test_the_joker_object_misses_the_fast_path_of_every_play_state(
    options: dict[str, object],
) -> None:
    # Play(JOKER) once indexed the 78-entry play tables: IndexError, not UnknownCardError.
    joker = Play(Card.parse("JK"))
    played = 0
    for state in random_states(TarotVariant(**options), 7):  # type: ignore[arg-type]
        if state.phase is not Phase.PLAY:
            continue
        played += 1
        for seat in (None, state.to_play):
            with pytest.raises(UnknownCardError, match="not a card of the Tarot deck"):
                state.apply(joker, seat)
            with pytest.raises(UnknownCardError):
                state.check(joker, seat)
            assert not state.is_legal(joker, seat)
    assert played > 0
