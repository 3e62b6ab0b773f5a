"""The exception hierarchy: bases, codes, attributes, messages and pickling."""

from __future__ import annotations

import json
import pickle
from collections.abc import Callable

import pytest

import cardrules
from cardrules import Card, Obligation, Play, errors
from cardrules.testing import ConformanceError

ALL_ERRORS = [getattr(errors, name) for name in errors.__all__]
ACTION_ERRORS = [e for e in ALL_ERRORS if issubclass(e, errors.IllegalActionError)]


def test_every_error_is_exported_from_the_package() -> None:
    for cls in ALL_ERRORS:
        assert getattr(cardrules, cls.__name__) is cls


@pytest.mark.parametrize("cls", ALL_ERRORS, ids=lambda c: c.__name__)
def test_every_error_is_a_cardrules_error(cls: type[Exception]) -> None:
    assert issubclass(cls, errors.CardrulesError)


@pytest.mark.parametrize(
    "cls",
    [
        errors.NotationError,
        errors.OptionsError,
        errors.RecordError,
        errors.IllegalActionError,
        *ACTION_ERRORS,
    ],
    ids=lambda c: c.__name__,
)
def test_input_errors_are_value_errors(cls: type[Exception]) -> None:
    assert issubclass(cls, ValueError)


def test_other_bases() -> None:
    assert issubclass(errors.InvalidSeatError, TypeError)
    assert issubclass(errors.UnknownVariantError, LookupError)
    assert issubclass(errors.GameOverError, errors.WrongPhaseError)
    assert issubclass(ConformanceError, errors.CardrulesError)
    assert issubclass(ConformanceError, AssertionError)
    assert not issubclass(errors.PluginError, ValueError)


def test_codes_are_stable_and_distinct() -> None:
    codes = [cls.code for cls in ACTION_ERRORS]
    assert len(set(codes)) == len(codes)
    assert all(code and code.isidentifier() and code.islower() for code in codes)
    assert errors.IllegalActionError.code == "illegal_action"
    assert errors.GameOverError.code == "game_over"
    assert errors.InvalidSeatError.code == "invalid_seat"
    assert errors.NotYourTurnError.code == "not_your_turn"


def test_obligations_name_the_error_codes() -> None:
    by_code = {cls.code: cls for cls in ACTION_ERRORS}
    assert by_code[Obligation.FOLLOW_SUIT.value] is errors.MustFollowSuitError
    assert by_code[Obligation.TRUMP.value] is errors.MustTrumpError
    assert by_code[Obligation.OVERTRUMP.value] is errors.MustOvertrumpError
    assert by_code[Obligation.NOT_IN_HAND.value] is errors.CardNotInHandError


@pytest.mark.parametrize("cls", ACTION_ERRORS, ids=lambda c: c.__name__)
def test_action_errors_carry_their_attributes_through_pickle(
    cls: type[errors.IllegalActionError],
) -> None:
    action = Play(Card.parse("QH"))
    error = cls("QH does not follow hearts", action=action, seat=2, rule_id="T-22")
    assert (error.message, error.action, error.seat, error.rule_id) == (
        "QH does not follow hearts",
        action,
        2,
        "T-22",
    )
    assert str(error) == "QH does not follow hearts (T-22)"
    copy = pickle.loads(pickle.dumps(error))  # noqa: S301 - own data
    assert type(copy) is cls
    assert (copy.message, copy.action, copy.seat, copy.rule_id, copy.code) == (
        error.message,
        error.action,
        error.seat,
        error.rule_id,
        error.code,
    )
    assert str(copy) == str(error)
    bare = cls("no rule")
    assert str(bare) == "no rule"
    assert (bare.action, bare.seat, bare.rule_id) == (None, None, None)


@pytest.mark.parametrize(
    "cls",
    [e for e in ALL_ERRORS if e not in ACTION_ERRORS],
    ids=lambda c: c.__name__,
)
def test_other_errors_pickle(cls: type[Exception]) -> None:
    error = cls("not a card: 'T22'")
    copy = pickle.loads(pickle.dumps(error))  # noqa: S301 - own data
    assert type(copy) is cls
    assert str(copy) == "not a card: 'T22'"


def test_action_errors_take_keyword_arguments_only() -> None:
    with pytest.raises(TypeError):
        errors.MustTrumpError("message", None, 1)  # type: ignore[call-arg]


def _bad_calls() -> list[tuple[str, Callable[[], object]]]:
    from cardrules import Card, Game, Play, Suit, dumps
    from cardrules.bid_euchre import Bid as EuchreBid
    from cardrules.bid_euchre import BidEuchreVariant, NameTrump
    from cardrules.tarot import Bid, Call, DeclarePoignee, Discard, TarotVariant

    state = TarotVariant().new_game(seed=1)
    return [
        ("Play of text", lambda: Play("QH")),  # type: ignore[arg-type]
        ("Card of a bad rank", lambda: Card(Suit.HEARTS, 99)),
        ("Card of a bad suit", lambda: Card("H", 1)),  # type: ignore[arg-type]
        ("Card.trump(22)", lambda: Card.trump(22)),
        ("Card.from_index(10**5000)", lambda: Card.from_index(10**5000)),
        ("Tarot Bid of text", lambda: Bid("garde")),  # type: ignore[arg-type]
        ("Tarot Call of text", lambda: Call("KH")),  # type: ignore[arg-type]
        ("Tarot Discard of nothing", lambda: Discard([])),
        ("DeclarePoignee of nothing", DeclarePoignee),
        ("Euchre Bid of text", lambda: EuchreBid("3")),  # type: ignore[arg-type]
        ("NameTrump of text", lambda: NameTrump("spades")),  # type: ignore[arg-type]
        ("deal(hands=text)", lambda: TarotVariant().deal(hands="KH", chien=[])),
        ("Game of an int", lambda: Game(3)),  # type: ignore[arg-type]
        ("dumps of an int", lambda: dumps(3)),  # type: ignore[arg-type]
        ("new_game(seed='1')", lambda: BidEuchreVariant().new_game(seed="1")),  # type: ignore[arg-type]
        ("setattr on a state", lambda: setattr(state, "_phase", None)),
        ("setattr on a card", lambda: setattr(Card.parse("QH"), "suit", None)),
    ]


def test_misused_calls_raise_library_errors_that_are_also_builtin_errors() -> None:
    """A wrong argument raises a CardrulesError that is also the builtin error a caller
    would catch anyway (TypeError, ValueError, AttributeError)."""
    for name, call in _bad_calls():
        with pytest.raises(errors.CardrulesError) as info:
            call()
        assert isinstance(info.value, (TypeError, ValueError, AttributeError)), name
        assert len(str(info.value)) < 300, name


def test_error_documents_hold_only_what_json_carries() -> None:
    """Whatever a client sends, ``json.dumps(error.to_dict())`` works, also as UTF-8
    text, and the document reads back equal; a seat JSON cannot hold exactly is shown
    as the message shows it."""
    from cardrules.tarot import TarotVariant

    state = TarotVariant().new_game(seed=1)
    seats: list[object] = [10**5000, -(10**5000), 2**53 + 1, 2**53, -1, 7, None, "\ud800", 1.5]
    actions: list[object] = ["pass", "play \ud800", "\udfff" * 300, "x" * 10_000, 10**5000]
    tried = 0
    for seat in seats:
        for action in actions:
            if (seat, action) == (None, "pass"):
                continue
            with pytest.raises(errors.CardrulesError) as info:
                state.apply(action, seat)  # type: ignore[call-overload]
            document = info.value.to_dict()
            text = json.dumps(document, ensure_ascii=False, allow_nan=False)
            assert json.loads(text.encode("utf-8")) == document
            shown = document["seat"]
            if type(seat) is int and abs(seat) > 2**53:
                assert shown == cardrules._util.quote(seat)
                assert shown in document["message"]
            else:
                # Without a seat, an error names the seat to play.
                assert shown in (None, state.to_play if seat is None else seat)
            tried += 1
    assert tried == len(seats) * len(actions) - 1
    # Errors built by a caller, with any attributes, too.
    for error in (
        errors.IllegalActionError("m\ud800", action="a\ud800", seat=10**5000, rule_id="T-\ud800"),
        errors.RecordError("r\udc00"),
        errors.PositionError("p\udc00", field="x\ud800"),
    ):
        json.dumps(error.to_dict(), ensure_ascii=False).encode("utf-8")
