"""States that require the acting seat (``require_seat=True``) for every game on the kit:
a :class:`cardrules.KitVariant` deals them with no code of its own, every later state
keeps requiring the seat, records and pickles keep the requirement, a series carries it
to every deal, and the conformance kit checks it.

The games: *Call*, a small game written here on the kit alone (three seats named A, B
and C, four cards each from the spades and hearts, each seat first calls how many tricks
it will take, then the cards are played); and the repository's example plugins, Whist
(which deals its own way, the dealer's last card turned up) and Oh Hell.
"""

from __future__ import annotations

import copy
import json
import pickle
import random
import sys
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

import attrs
import pytest

import cardrules
from cardrules import (
    Card,
    GameInfo,
    InvalidArgumentError,
    KitVariant,
    NotYourTurnError,
    RecordError,
    SeatRequiredError,
    State,
    Suit,
    decks,
)
from cardrules._util import seat_word
from cardrules.actions import Action, ActionSpace, ValueAction
from cardrules.match import Series, deal_seed
from cardrules.options import int_in
from cardrules.state import _requiring_seat, _seated_class
from cardrules.testing import ConformanceError, check_variant
from cardrules.trickplay import TrickState, TrickView

if TYPE_CHECKING:
    from examples.ohhell_plugin import cardrules_ohhell as ohhell
    from examples.whist_plugin import cardrules_whist as whist
else:
    ohhell = sys.modules.get("cardrules_ohhell")  # loaded by tests/conftest.py
    whist = sys.modules.get("cardrules_whist")

HAVE_PLUGINS = {"cardrules_whist", "cardrules_ohhell"} <= sys.modules.keys()
PLUGINS = pytest.mark.skipif(
    not HAVE_PLUGINS, reason="the examples folder is not next to the tests"
)
DECK = tuple(card for card in decks.standard_deck() if card.suit in (Suit.SPADES, Suit.HEARTS))


class Call(ValueAction[int]):
    """Call a number of tricks: ``call 2``."""

    __slots__ = ("tricks",)
    verb = "call"
    value_type = int
    tricks: int


Call.intern(*range(5))


@attrs.frozen(kw_only=True)
class CallOptions:
    players: int = attrs.field(default=3, validator=int_in(2, 4))


@attrs.frozen(kw_only=True)
class CallResult:
    calls: tuple[int, ...]
    tricks: tuple[int, ...]

    @property
    def returns(self) -> tuple[float, ...]:
        return tuple(float(c == t) for c, t in zip(self.calls, self.tricks, strict=True))

    @property
    def summary(self) -> str:
        return f"tricks {list(self.tricks)}"

    def explain(self) -> str:
        return self.summary


class CallState(TrickState):
    __slots__ = ("_calls",)
    _calls: tuple[int, ...]
    _start: ClassVar[Mapping[str, Any]] = {"_calls": ()}

    def _phase_actions(self) -> tuple[Action, ...] | None:
        if len(self._calls) == len(self._deal.hands):
            return None
        return tuple(Call(n) for n in range(5))

    def _phase_seat(self) -> int:
        return (self.dealer + 1 + len(self._calls)) % len(self._deal.hands)

    def _phase_apply(self, action: Action, seat: int) -> Mapping[str, Any]:
        assert isinstance(action, Call)
        return {"_calls": (*self._calls, action.tricks)}

    def _result(self) -> CallResult:
        n = len(self._deal.hands)
        calls = tuple(self._calls[(seat - self.dealer - 1) % n] for seat in range(n))
        return CallResult(calls=calls, tricks=self.tricks_won)

    def view(self, seat: int) -> TrickView:
        return TrickView(**self._view_fields(seat))


class CallVariant(KitVariant):
    """The calling game: nothing in it says a word of seats being required."""

    id: ClassVar[str] = "call-test"
    name: ClassVar[str] = "Call"
    options_class: ClassVar[type] = CallOptions
    state_class: ClassVar[type] = CallState
    actions: ClassVar[ActionSpace] = ActionSpace(DECK, [Call(n) for n in range(5)], game="Call")
    deck: ClassVar[tuple[Card, ...]] = DECK

    def deal_shape(self) -> tuple[int, ...]:
        return (4,)

    @property
    def info(self) -> GameInfo:
        return self.game_info(
            seat_names=("A", "B", "C", "D")[: self.players],
            max_game_length=5 * self.players,
            score_bounds=(0, 1),
        )


def kit_variants() -> list[Any]:
    """The games on the kit: Call, then the example plugins where they are loaded."""
    found: list[Any] = [CallVariant(), CallVariant(players=2)]
    if HAVE_PLUGINS:
        found += [
            whist.WhistVariant(),
            whist.WhistVariant(honours=True),
            ohhell.OhHellVariant(),
            ohhell.OhHellVariant(players=3, hand_size=5),
        ]
    return found


VARIANTS = kit_variants()


def seated_game(variant: Any, seed: int) -> list[State]:
    """Every state of a seeded random game dealt with ``require_seat=True``."""
    rng = random.Random(seed)
    state: State = variant.new_game(rng=rng, require_seat=True)
    states = [state]
    while not state.is_terminal:
        seat = state.to_play
        assert seat is not None
        action = rng.choice(state.legal_actions())
        # The action as an object, as its text and as its id, always with the seat.
        given: Action | str | int = rng.choice(
            [action, variant.action_text(action), variant.action_id(action)]
        )
        state = state.apply(given, seat)
        states.append(state)
    return states


@pytest.mark.parametrize("variant", VARIANTS, ids=repr)
def test_every_state_of_a_seated_deal_requires_the_seat(variant: Any) -> None:
    names = variant.info.seat_names
    for state in seated_game(variant, 1):
        assert state.requires_seat
        if state.is_terminal:
            with pytest.raises(SeatRequiredError, match=r"\(and the game is over\)$"):
                state.apply(variant.action_from_id(0))
            continue
        seat = state.to_play
        assert seat is not None
        before = (state, hash(state), state.history, state.legal_actions())
        for action in state.legal_actions()[:3]:
            with pytest.raises(SeatRequiredError) as required:
                state.apply(action)
            # The built-in games' error, word for word, the seat named as the game names it.
            assert str(required.value) == (
                "this game requires the acting seat: pass seat=, the seat of the client that "
                f"sent the action ({seat_word(names, seat)} is to play)"
            )
            assert required.value.action == action
            document = required.value.to_dict()
            assert document["code"] == "seat_required"
            # A plugin's action is shown by its notation, as the built-in games' are.
            assert document["action"] == variant.action_text(action) == str(action)
            with pytest.raises(SeatRequiredError):
                state.check(action)
            with pytest.raises(SeatRequiredError):
                state.apply(variant.action_text(action))
            assert not state.is_legal(action)
            assert state.is_legal(action, seat)
            state.check(action, seat)
        assert (state, hash(state), state.history, state.legal_actions()) == before
        # Another seat is refused as not its turn, as in any game.
        other = (seat + 1) % variant.players
        with pytest.raises(NotYourTurnError):
            state.apply(state.legal_actions()[0], other)


@pytest.mark.parametrize("variant", VARIANTS, ids=repr)
def test_a_seated_deal_is_the_same_game_as_a_plain_one(variant: Any) -> None:
    seated = seated_game(variant, 2)
    plain: State = variant.new_game(rng=random.Random(2))
    assert not plain.requires_seat
    assert isinstance(seated[0], type(plain))
    assert type(seated[0]).__name__ == type(plain).__name__
    assert variant.deal_json(seated[0]) == variant.deal_json(plain)
    for state in seated[1:]:
        plain = plain.apply(state.history[-1][1])
        assert plain.history == state.history
        assert plain.legal_actions() == state.legal_actions()
        assert plain.view(0) == state.view(0)
        assert plain.view(0).to_dict() == state.view(0).to_dict()
        assert not plain.requires_seat
        # A state that requires the seat never equals one that does not.
        assert plain != state
    assert plain.result() == seated[-1].result()
    # One class per game: every seated deal's states are of the same class.
    again = variant.new_game(seed=5, require_seat=True)
    plain_class: Any = type(plain)
    assert type(again) is type(seated[-1]) is _seated_class(plain_class)


@pytest.mark.parametrize("variant", VARIANTS, ids=repr)
def test_records_pickles_and_copies_keep_the_requirement(variant: Any) -> None:
    seated = seated_game(variant, 3)
    middle, last = seated[len(seated) // 2], seated[-1]
    for state in (seated[0], middle, last):
        record = state.record()
        assert record.require_seat is True
        text = cardrules.dumps(record)
        assert json.loads(text)["require_seat"] is True
        replayed = list(variant.replay(cardrules.loads(text)))
        assert replayed[-1] == state
        assert all(s.requires_seat for s in replayed)
        restored = pickle.loads(pickle.dumps(state))  # noqa: S301 - our own bytes
        assert restored == state
        assert restored.requires_seat
        assert copy.deepcopy(state).requires_seat
    plain = variant.new_game(seed=3)
    assert "require_seat" not in cardrules.dumps(plain.record())
    # A plain record given the flag replays as a seated game.
    document = json.loads(cardrules.dumps(plain.record()))
    document["require_seat"] = True
    first = next(variant.replay(cardrules.loads(json.dumps(document))))
    assert first.requires_seat
    assert first == variant.new_game(seed=3, require_seat=True)
    for value in (1, "true", None):
        document["require_seat"] = value
        with pytest.raises(RecordError, match="require_seat"):
            cardrules.loads(json.dumps(document))


@pytest.mark.parametrize("flag", [1, 0, "yes", None, 1.0])
def test_require_seat_must_be_a_bool(flag: object) -> None:
    for variant in VARIANTS:
        with pytest.raises(InvalidArgumentError, match="require_seat must be True or False"):
            variant.new_game(seed=1, require_seat=flag)
        with pytest.raises(InvalidArgumentError, match="require_seat must be True or False"):
            Series(variant, require_seat=flag)  # type: ignore[arg-type]


@pytest.mark.parametrize("variant", VARIANTS, ids=repr)
def test_a_series_carries_require_seat_to_every_kit_deal(variant: Any) -> None:
    series = Series(variant, seed=4, dealer=1, require_seat=True)
    assert series.require_seat
    rng = random.Random(4)
    for number in range(2):
        state = series.next_deal()
        assert state.requires_seat
        assert state == variant.new_game(
            seed=deal_seed(4, number), dealer=series.dealer, require_seat=True
        )
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_actions()), state.to_play)
        series = series.after(state.result())
    assert series.next_deal(seed=9).requires_seat
    assert not Series(variant, seed=4).next_deal().requires_seat


def test_only_a_deals_first_kit_state_is_made_to_require_the_seat() -> None:
    state = CallVariant().new_game(seed=1)
    assert _requiring_seat(state).requires_seat
    seated = CallVariant().new_game(seed=1, require_seat=True)
    assert _requiring_seat(seated) is seated
    with pytest.raises(InvalidArgumentError, match="Call deals no state that requires the seat"):
        _requiring_seat(state.apply("call 1"))
    seated_class: Any = type(seated)
    assert _seated_class(seated_class) is seated_class


class IgnoresTheSeat(CallVariant):
    """Deals plain states whatever ``require_seat`` says."""

    def new_game(self, **kwargs: Any) -> State:
        kwargs.pop("require_seat", None)
        return super().new_game(**kwargs)


class ForgetsTheSeatInRecords(CallVariant):
    """Replays its records as plain games."""

    def _deal_from_record(
        self, dealer: int, deal: Mapping[str, Any], *, require_seat: bool
    ) -> State:
        return self.state_from_deal_json(dealer, deal)


def test_the_conformance_kit_plays_a_kit_game_dealt_with_require_seat() -> None:
    report = check_variant(CallVariant(), games=3, seed=1)
    plain = check_variant(CallVariant(), games=3, seed=1, thorough=0)
    assert report.failures == 0
    # Each game is played again dealt with require_seat=True: a pickle and a record at
    # its deal and at its end.
    assert report.round_trips == 2 * report.steps + 3 * 3 + 4 * 3
    assert plain.round_trips == 3
    with pytest.raises(ConformanceError, match="dealt with require_seat=True does not require"):
        check_variant(IgnoresTheSeat(), games=1, seed=1)
    with pytest.raises(ConformanceError, match="does not reproduce a state that requires the"):
        check_variant(ForgetsTheSeatInRecords(), games=1, seed=1)


# -- the example plugins' matches ----------------------------------------------------------


@PLUGINS
def test_whist_and_oh_hell_matches_carry_require_seat() -> None:
    for variant in (whist.WhistVariant(), ohhell.OhHellVariant()):
        match = variant.new_match(seed=6, require_seat=True)
        state = match.next_deal()
        assert state.requires_seat
        assert state == variant.new_game(seed=deal_seed(6, 0), require_seat=True)
        assert not variant.new_match(seed=6).next_deal().requires_seat
