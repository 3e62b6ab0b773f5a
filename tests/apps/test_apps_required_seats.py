"""Views with legal actions, and states that require the acting seat (``require_seat``)."""

from __future__ import annotations

import copy
import json
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
    PositionError,
    RecordError,
    SeatRequiredError,
    State,
    decks,
)
from cardrules._util import seat_word
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
            assert state.to_play is not None
            who = seat_word(variant.info.seat_names, state.to_play)
            with pytest.raises(SeatRequiredError, match=f"{who} is to play") as required:
                state.apply(action)
            assert required.value.to_dict()["action"] == str(action)
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
    # A record, a position, a pickle or a copy keeps the requirement (a seated state
    # never equals a plain one).
    last = seated[-1]
    assert cardrules.final_state(last.record()) == last != plain
    assert variant.from_position(last.position()) == last  # type: ignore[attr-defined]
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


@pytest.mark.parametrize("variant", VARIANTS, ids=repr)
def test_positions_and_records_keep_the_requirement(
    variant: TarotVariant | BidEuchreVariant,
) -> None:
    key = b"server key"
    for state in seated_states(variant, 5)[::3]:
        text = state.position()  # type: ignore[attr-defined]
        assert text.endswith(" require-seat")
        restored = variant.from_position(text)
        assert restored.requires_seat
        assert restored == state
        assert variant.from_position(restored.position()) == restored
        for signed in (None, key):
            record = cardrules.loads(cardrules.dumps(state.record(), key=signed), key=signed)
            assert record.require_seat is True
            replayed = list(cardrules.replay(record))
            assert all(s.requires_seat for s in replayed)
            assert replayed[-1] == state
        if not state.is_terminal:
            with pytest.raises(SeatRequiredError):
                restored.apply(state.legal_actions()[0])
    # A plain game writes neither: its position and record read as before the field.
    plain = variant.new_game(seed=5)
    assert "require" not in plain.position()
    assert "require_seat" not in cardrules.dumps(plain.record())
    assert not variant.from_position(plain.position()).requires_seat
    assert not cardrules.final_state(plain.record()).requires_seat


def test_a_position_or_record_asking_for_the_seat_is_read_as_such() -> None:
    variant = TarotVariant()
    plain = variant.new_game(seed=6).apply("pass")
    seated = variant.from_position(plain.position() + " require-seat")
    assert seated.requires_seat
    assert seated.apply("pass", seated.to_play).requires_seat
    document = plain.record().to_dict()
    document["require_seat"] = True
    state = cardrules.final_state(cardrules.loads(json.dumps(document)))
    assert state == seated
    document["require_seat"] = False
    assert cardrules.final_state(cardrules.loads(json.dumps(document))) == plain
    # Anything else in those places is refused.
    for last in ("require_seat", "-", "seat", "require-seat require-seat"):
        with pytest.raises(PositionError) as info:
            variant.from_position(plain.position() + " " + last)
        assert info.value.field == "position"
    for value in ("yes", 1, None, [True]):
        document["require_seat"] = value
        with pytest.raises(RecordError, match="require_seat"):
            cardrules.loads(json.dumps(document))
