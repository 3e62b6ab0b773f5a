"""A deliberately naive reference for E-16 … E-20 and E-37, written from the spec text
with card codes and no engine code, compared with the engine at every step of random
playouts under random options."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from cardrules import Play
from cardrules.bid_euchre import BidEuchreState, BidEuchreVariant, Phase

OTHER_OF_COLOUR = {"S": "C", "C": "S", "H": "D", "D": "H"}
PLAIN_ORDER = ["9", "10", "J", "Q", "K", "A"]
TRUMP_ORDER = ["9", "10", "Q", "K", "A"]


def split(code: str) -> tuple[str, str]:
    return code[:-1], code[-1]


def suit_of(code: str, trump: str) -> str:
    """E-17: the left bower and the joker belong to trump; under no-trump ("N") every card
    keeps its printed suit and the joker is a suit of its own ("JK")."""
    if code == "JK":
        return "JK" if trump == "N" else trump
    rank, suit = split(code)
    if trump != "N" and rank == "J" and suit == OTHER_OF_COLOUR[trump]:
        return trump
    return suit


def is_a_trump(code: str, trump: str) -> bool:
    return code == "JK" or (trump != "N" and suit_of(code, trump) == trump)


def strength(code: str, trump: str) -> int:
    """E-16, E-37: Joker, right bower, left bower, A K Q 10 9; plain suits A K Q J 10 9."""
    if code == "JK":
        return 100
    rank, suit = split(code)
    if trump != "N" and suit_of(code, trump) == trump:
        if rank == "J":
            return 99 if suit == trump else 98
        return TRUMP_ORDER.index(rank)
    return PLAIN_ORDER.index(rank)


def led_suit(trick: list[str], trump: str, named: str | None) -> str:
    if trick[0] == "JK" and trump == "N":
        assert named is not None
        return named
    return suit_of(trick[0], trump)


def lawful_cards(hand: list[str], trick: list[str], trump: str, named: str | None) -> set[str]:
    """E-19: follow the effective suit led if possible, else anything."""
    if not trick:
        return set(hand)
    led = led_suit(trick, trump, named)
    following = {c for c in hand if suit_of(c, trump) == led}
    return following or set(hand)


def winner(trick: list[str], trump: str, named: str | None) -> int:
    """E-20, E-38: highest trump, else highest of the suit led; the first of equals."""
    led = led_suit(trick, trump, named)
    contenders = [i for i, c in enumerate(trick) if is_a_trump(c, trump)]
    if not contenders:
        contenders = [i for i, c in enumerate(trick) if suit_of(c, trump) == led]
    best = contenders[0]
    for i in contenders[1:]:
        if strength(trick[i], trump) > strength(trick[best], trump):
            best = i
    return best


def trump_letter(state: BidEuchreState) -> str:
    trump = state.trump
    return "N" if str(trump) == "NoTrump.NO_TRUMP" else trump.value  # type: ignore[union-attr]


def compare_hand(variant: BidEuchreVariant, seed: int) -> int:
    """Play one random hand, comparing every legal set and trick winner; the steps done."""
    rng = random.Random(seed)
    state = variant.new_game(rng=rng)
    compared = 0
    while not state.is_terminal:
        if state.phase is Phase.PLAY:
            trump = trump_letter(state)
            named = state.named_suit.value if state.named_suit is not None else None
            trick = [str(c) for _, c in state.trick]
            hand = [str(c) for c in state.hand(state.to_play)]  # type: ignore[arg-type]
            engine = {str(a.card) for a in state.lawful_actions() if isinstance(a, Play)}
            assert engine == lawful_cards(hand, trick, trump, named), (seed, trick, hand)
            listed = {str(a.card) for a in state.legal_actions() if isinstance(a, Play)}
            if variant.options.renege_mode == "penalize":
                assert listed == set(hand)
            else:
                assert listed == engine
            compared += 1
        done = len(state.tricks)
        before = state
        state = state.apply(rng.choice(state.legal_actions()))
        if len(state.tricks) > done:
            finished = state.tricks[-1]
            cards = [str(c) for _, c in finished.plays]
            named = None
            if cards[0] == "JK" and trump_letter(before) == "N":
                named = _last_named(state, finished.leader)
            expected = finished.plays[winner(cards, trump_letter(before), named)][0]
            assert finished.winner == expected, (seed, cards)
    return compared


def _last_named(state: BidEuchreState, leader: int) -> str:
    for seat, action in reversed(state.history):
        text = str(action)
        if seat == leader and text.startswith("name "):
            return {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C"}[text[5:]]
    raise AssertionError("a joker led under no-trump without a named suit")


@given(
    st.sampled_from(["single", "joker", "double"]),
    st.booleans(),
    st.sampled_from(["reject", "penalize"]),
    st.integers(0, 2**32),
)
def test_e16_to_e20_engine_matches_the_naive_reference(
    deck: str, no_trump: bool, renege_mode: str, seed: int
) -> None:
    variant = BidEuchreVariant(
        joker=deck == "joker",
        double_deck=deck == "double",
        allow_no_trump=no_trump,
        renege_mode=renege_mode,
    )
    compare_hand(variant, seed)


def test_e16_to_e20_reference_over_many_hands() -> None:
    total = 0
    for n, options in enumerate(
        [{}, {"joker": True, "allow_no_trump": True}, {"double_deck": True}, {"joker": True}]
    ):
        variant = BidEuchreVariant(**options)  # type: ignore[arg-type]
        for seed in range(60):
            total += compare_hand(variant, 1000 * n + seed)
    assert total > 3000
