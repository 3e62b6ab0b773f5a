"""Views with legal actions, and states that require the acting seat (``require_seat``)."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import pytest

import cardrules
from cardrules import (
    IllegalActionError,
    InvalidArgumentError,
    InvalidSeatError,
    NotYourTurnError,
    SeatRequiredError,
    State,
    decks,
)
from cardrules.bid_euchre import BidEuchreVariant
from cardrules.tarot import TarotVariant

VARIANTS: list[TarotVariant | BidEuchreVariant] = [
    TarotVariant(players=3),
    TarotVariant(),
    TarotVariant(players=5),
    BidEuchreVariant(),
    BidEuchreVariant(joker=True),
    BidEuchreVariant(double_deck=True, allow_plain_six=True),
]


def seated_states(variant: TarotVariant | BidEuchreVariant, seed: int) -> list[State]:
    rng = random.Random(seed)
    state: State = variant.new_game(rng=rng, require_seat=True)
    out = [state]
    while not state.is_terminal:
        seat = state.to_play
        assert seat is not None
        # Text and objects alike, with the seat named.
        action = rng.choice(state.legal_actions())
        state = state.apply(str(action) if rng.random() < 0.3 else action, seat)
        out.append(state)
    return out


@pytest.mark.parametrize("variant", VARIANTS, ids=repr)
def test_every_state_after_a_seated_deal_requires_the_seat(
    variant: TarotVariant | BidEuchreVariant,
) -> None:
    for state in seated_states(variant, 1):
        assert state.requires_seat
        if state.is_terminal:
            with pytest.raises(SeatRequiredError, match="the game is over"):
                state.apply("pass")
            continue
        before = (state, state.history, state.to_play)
        for action in state.legal_actions()[:3]:
            with pytest.raises(SeatRequiredError, match=f"seat {state.to_play} is to play"):
                state.apply(action)
            with pytest.raises(SeatRequiredError):
                state.check(action)
            assert not state.is_legal(action)
            assert state.is_legal(action, state.to_play)
            state.check(action, state.to_play)
        assert (state, state.history, state.to_play) == before
        # Another seat is still refused as not its turn.
        other = (state.to_play or 0) + 1
        other %= variant.players
        with pytest.raises(IllegalActionError) as caught:
            state.apply(state.legal_actions()[0], other)
        assert type(caught.value) is not SeatRequiredError


@pytest.mark.parametrize("variant", VARIANTS, ids=repr)
def test_seated_play_gives_the_same_game_as_plain_play(
    variant: TarotVariant | BidEuchreVariant,
) -> None:
    seated = seated_states(variant, 2)
    rng = random.Random(2)
    plain: State = variant.new_game(rng=rng)
    for state in seated[1:]:
        plain = plain.apply(state.history[-1][1])
        assert plain.history == state.history
        assert plain.view(0) == state.view(0)
        assert not plain.requires_seat
    assert plain.result() == seated[-1].result()
    # A record replays to a plain state; a pickle or copy keeps the requirement.
    last = seated[-1]
    assert cardrules.final_state(last.record()) == plain
    middle = seated[len(seated) // 2]
    restored = pickle.loads(pickle.dumps(middle))  # noqa: S301 - our own bytes
    assert restored == middle
    for kept in (restored, copy.deepcopy(last)):
        assert kept.requires_seat


def test_deal_and_deck_orders_take_require_seat_too() -> None:
    tarot = TarotVariant(players=3)
    order = decks.tarot_deck()
    assert tarot.new_game(deck=order, dealer=0, require_seat=True).requires_seat
    hands = [order[0:24], order[24:48], order[48:72]]
    assert tarot.deal(hands=hands, chien=order[72:], require_seat=True).requires_seat
    euchre = BidEuchreVariant()
    assert euchre.new_game(deck=euchre.deck, require_seat=True).requires_seat
    state = euchre.deal(hands=[euchre.deck[i::4] for i in range(4)], require_seat=True)
    assert state.requires_seat
    assert not euchre.new_game(seed=1).requires_seat


@pytest.mark.parametrize("flag", [1, 0, "yes", None])
@pytest.mark.parametrize("variant", [TarotVariant(), BidEuchreVariant()], ids=repr)
def test_require_seat_must_be_a_bool(variant: Any, flag: object) -> None:
    with pytest.raises(InvalidArgumentError, match="require_seat must be True or False"):
        variant.new_game(seed=1, require_seat=flag)


def test_seat_required_error_is_an_invalid_seat_error_with_its_code() -> None:
    state = BidEuchreVariant().new_game(seed=3, require_seat=True)
    with pytest.raises(InvalidSeatError) as caught:
        state.apply("pass")
    document = caught.value.to_dict()
    assert document["code"] == "seat_required"
    assert document["seat"] is None
    with pytest.raises(NotYourTurnError):
        state.apply("pass", (state.dealer + 2) % 4)


@pytest.mark.parametrize("variant", VARIANTS, ids=repr)
def test_a_view_carries_legal_actions_on_its_seats_turn_only(
    variant: TarotVariant | BidEuchreVariant,
) -> None:
    for state in seated_states(variant, 4):
        for seat in range(variant.players):
            view = state.view(seat)
            if seat == state.to_play:
                assert view.legal_actions == state.legal_actions()
                assert view.legal_actions
            else:
                assert view.legal_actions == ()
