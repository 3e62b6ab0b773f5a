"""States through the toy variant: seats, errors, atomicity, history, threads and Game,
and what :class:`~cardrules.StateBase` derives from a state's hooks."""

from __future__ import annotations

import copy
import pickle
import random
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import Bundle, RuleBasedStateMachine, invariant, rule

from cardrules import (
    EXCUSE,
    JOKER,
    Action,
    Card,
    CardNotInHandError,
    Game,
    GameOverError,
    IllegalActionError,
    ImmutableError,
    InvalidActionError,
    InvalidArgumentError,
    InvalidSeatError,
    MustFollowSuitError,
    NotationError,
    NotYourTurnError,
    OptionsError,
    Pass,
    Play,
    State,
    StateBase,
    Suit,
    UnknownCardError,
    WrongPhaseError,
    decks,
    dumps,
    final_state,
    loads,
)

if TYPE_CHECKING:
    from tests.core import toy
else:
    import cardrules_core_toy as toy  # loaded by tests/conftest.py

VARIANT = toy.ToyVariant()
PLAYS = tuple(Play(c) for c in decks.euchre_deck())
FOREIGN_PLAYS = (*(Play(Card.parse(c)) for c in ("8S", "2H", "NS", "21T", "1T")), Play(EXCUSE))
FOREIGN_PLAYS += (Play(JOKER),)
JUNK: tuple[object, ...] = (
    "",
    "play",
    "play  QH",
    " play QH",
    "play QH\n",
    "play \uff31\uff28",
    "play T2_1",
    "pass",
    "bid 3",
    "x" * 1_000_000,
    b"play QH",
    None,
    -1,  # an int is an action id: -1 is none
    1.5,
    True,
    object(),
    Pass(),
    ("play", "QH"),
)
BAD_SEATS: tuple[object, ...] = (True, False, 1.0, "1", -1, 3, 99, b"0", [0])


def states_of_a_game(seed: int, variant: toy.ToyVariant = VARIANT) -> list[toy.ToyState]:
    """Every state of one random game, first to last."""
    rng = random.Random(seed)
    state = variant.new_game(seed=seed)
    out = [state]
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
        out.append(state)
    return out


def card_of(action: Action) -> Card:
    assert isinstance(action, Play)
    return action.card


def apply_any(state: State, action: object, seat: object = None) -> State:
    """``state.apply`` with whatever a client might send."""
    return state.apply(action, seat)  # type: ignore[arg-type]


def is_legal_any(state: State, action: object, seat: object = None) -> bool:
    """``state.is_legal`` with whatever a client might send."""
    return state.is_legal(action, seat)  # type: ignore[arg-type]


def stacks(game: Game) -> tuple[bool, bool]:
    return game.can_undo, game.can_redo


def snapshot(state: State) -> tuple[bytes, int, tuple[Action, ...]]:
    return pickle.dumps(state), hash(state), state.legal_actions()


def unchanged(state: State, before: tuple[bytes, int, tuple[Action, ...]]) -> bool:
    copy = pickle.loads(before[0])  # noqa: S301 - our own bytes
    return copy == state and hash(state) == before[1] and state.legal_actions() == before[2]


# -- a whole game ----------------------------------------------------------------------


@pytest.mark.parametrize("trump", ["S", "H", "D", "C", None])
def test_random_games_end_after_eight_tricks(trump: str | None) -> None:
    variant = toy.ToyVariant(trump=trump)
    for seed in range(20):
        states = states_of_a_game(seed, variant)
        last = states[-1]
        assert len(states) == 25
        assert last.is_terminal
        assert last.to_play is None
        assert last.legal_actions() == ()
        assert sum(last.result().tricks) == toy.TRICKS
        assert last.returns() == tuple(float(n) for n in last.result().tricks)
        assert [s for s, _ in last.history] == [s.to_play for s in states[:-1]]
        for state in states[:-1]:
            seat = state.to_play
            assert seat is not None
            held = state.hand(seat)
            legal = state.legal_actions()
            assert legal
            assert len(set(legal)) == len(legal)
            assert {card_of(a) for a in legal} <= set(held)
            assert state.legal_actions() == legal  # deterministic
            assert not state.is_terminal
            assert state.returns() == (0.0, 0.0, 0.0)
            with pytest.raises(WrongPhaseError):
                state.result()
            in_hands = Counter(c for s in range(3) for c in state.hand(s))
            played = Counter(card_of(a) for _, a in state.history)
            assert in_hands + played == Counter(decks.euchre_deck())


def test_new_game_arguments() -> None:
    before = random.getstate()
    first = VARIANT.new_game(seed=5)
    assert VARIANT.new_game(rng=random.Random(5)) == first
    assert VARIANT.new_game(seed=5) == first
    assert random.getstate() == before
    assert VARIANT.new_game(seed=6) != first
    assert first.dealer == 0
    assert first.to_play == 1
    assert VARIANT.new_game(seed=5, dealer=2).to_play == 0
    with pytest.raises(TypeError):
        VARIANT.new_game(seed=5, rng=random.Random(5))
    with pytest.raises(TypeError):
        VARIANT.new_game(seed=True)
    with pytest.raises(TypeError):
        VARIANT.new_game(rng=5)  # type: ignore[arg-type]
    with pytest.raises(InvalidSeatError):
        VARIANT.new_game(seed=5, dealer=3)
    assert VARIANT.new_game().hand(0) != ()


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"trump": "X"}, "trump must be"),
        ({"trump": "s"}, "trump must be"),
        ({"trump": 1}, "trump must be"),
        ({"trump": ["S"]}, "trump must be"),
        ({"trumps": "S"}, "unknown option"),
    ],
)
def test_bad_options(options: dict[str, Any], message: str) -> None:
    with pytest.raises(OptionsError, match=message):
        toy.ToyVariant(**options)
    with pytest.raises(OptionsError, match=message):
        toy.ToyVariant.from_options_json(options)


def test_variant_values() -> None:
    assert toy.ToyVariant(trump="H") == toy.ToyVariant.from_options_json({"trump": "H"})
    assert toy.ToyVariant(trump="H") != toy.ToyVariant(trump="S")
    assert hash(toy.ToyVariant(trump=None)) == hash(toy.ToyVariant(trump=None))
    assert pickle.loads(pickle.dumps(VARIANT)) == VARIANT  # noqa: S301 - own data
    assert VARIANT.options_json() == {"trump": "S"}
    for options in ({1: "S"}, "trump=S", None, [("trump", "S")]):
        with pytest.raises(OptionsError):
            toy.ToyVariant.from_options_json(options)  # type: ignore[arg-type]
    assert (VARIANT.players, len(VARIANT.deck), VARIANT.num_actions) == (3, 24, 24)
    assert repr(VARIANT) == "cardrules.get_variant('toy-whist')"


# -- seats -------------------------------------------------------------------------------


def test_the_wrong_seat_is_not_your_turn() -> None:
    state = VARIANT.new_game(seed=1)
    action = state.legal_actions()[0]
    for seat in range(3):
        if seat == state.to_play:
            continue
        with pytest.raises(NotYourTurnError) as info:
            state.apply(action, seat=seat)
        assert info.value.seat == seat
        assert info.value.code == "not_your_turn"
        assert not state.is_legal(action, seat)
    assert state.apply(action, seat=state.to_play) == state.apply(action)


@pytest.mark.parametrize("seat", BAD_SEATS, ids=repr)
def test_bad_seats_are_invalid(seat: object) -> None:
    state = VARIANT.new_game(seed=1)
    before = snapshot(state)
    action = state.legal_actions()[0]
    with pytest.raises(InvalidSeatError) as info:
        apply_any(state, action, seat=seat)
    assert isinstance(info.value, TypeError)
    assert len(str(info.value)) < 120
    assert not is_legal_any(state, action, seat)
    with pytest.raises(InvalidSeatError):
        state.view(seat)  # type: ignore[arg-type]
    with pytest.raises(InvalidSeatError):
        state.hand(seat)  # type: ignore[arg-type]
    assert unchanged(state, before)


def test_after_the_end_everything_is_game_over() -> None:
    last = states_of_a_game(3)[-1]
    for action in (*PLAYS, *FOREIGN_PLAYS, "play QH", *JUNK):
        for seat in (None, 0, 1, 2, *BAD_SEATS):
            with pytest.raises(GameOverError):
                apply_any(last, action, seat)
            assert not is_legal_any(last, action, seat)


# -- the action universe on states of random games ----------------------------------


def sampled_states() -> list[toy.ToyState]:
    return [s for seed in range(6) for s in states_of_a_game(seed)[:-1]]


@pytest.mark.parametrize("seed", range(6))
def test_is_legal_iff_listed_iff_apply_accepts(seed: int) -> None:
    for state in states_of_a_game(seed)[:-1]:
        legal = set(state.legal_actions())
        before = snapshot(state)
        seat = state.to_play
        assert seat is not None
        for action in PLAYS + FOREIGN_PLAYS:
            assert state.is_legal(action) == (action in legal)
            assert state.is_legal(str(action)) == (action in legal)
            if action in legal:
                assert state.apply(action) == state.apply(str(action))
                assert state.apply(action).history[-1] == (seat, action)
                continue
            with pytest.raises(IllegalActionError) as info:
                state.apply(action)
            error = info.value
            assert error.seat == seat
            assert error.action == action
            if action in FOREIGN_PLAYS:
                assert type(error) is UnknownCardError
            elif action.card in state.hand(seat):
                assert type(error) is MustFollowSuitError
                assert error.rule_id == "TW-2"
                assert str(error).endswith("(TW-2)")
            else:
                # The same words whether the card is in another hand or already played.
                assert type(error) is CardNotInHandError
                assert str(error) == f"seat {seat} does not hold {action.card}"
            assert unchanged(state, before)


@pytest.mark.parametrize("junk", JUNK, ids=lambda j: f"{j!r:.20}")
def test_junk_is_refused_with_a_documented_error(junk: object) -> None:
    for state in sampled_states()[::7]:
        before = snapshot(state)
        assert not is_legal_any(state, junk)
        for seat in (None, *BAD_SEATS):
            assert not is_legal_any(state, junk, seat)
        with pytest.raises((NotationError, InvalidActionError)) as info:
            apply_any(state, junk)
        assert len(str(info.value)) < 200
        assert unchanged(state, before)


@given(st.text(max_size=12) | st.binary(max_size=4) | st.integers() | st.none())
@settings(max_examples=settings().max_examples * 2)
def test_is_legal_never_raises(junk: object) -> None:
    state = VARIANT.new_game(seed=2)
    accepted = is_legal_any(state, junk)
    # Text is accepted as a legal action's notation, an int as a legal action's id.
    legal = {str(a) for a in state.legal_actions()} | set(state.legal_action_ids())
    assert accepted == (junk in legal and type(junk) is not bool)


def test_action_ids_and_masks_agree_with_legal_actions() -> None:
    for state in sampled_states()[::5]:
        legal = state.legal_actions()
        ids = state.legal_action_ids()
        assert ids == tuple(VARIANT.action_id(a) for a in legal)
        assert tuple(VARIANT.action_from_id(i) for i in ids) == legal
        mask = state.legal_action_mask()
        assert len(mask) == VARIANT.num_actions
        assert {i for i, ok in enumerate(mask) if ok} == set(ids)
    for n in range(VARIANT.num_actions):
        assert VARIANT.action_id(VARIANT.action_from_id(n)) == n
    for bad in (-1, 24, True, 1.0, "1"):
        with pytest.raises(ValueError, match="action id"):
            VARIANT.action_from_id(bad)  # type: ignore[arg-type]
    for foreign in (*FOREIGN_PLAYS, Pass()):
        with pytest.raises(InvalidActionError):
            VARIANT.action_id(foreign)


# -- StateBase: what the kit derives from the hooks -----------------------------------


def test_statebase_equality_and_hash_come_from_the_key() -> None:
    first, second = states_of_a_game(4)[6], states_of_a_game(4)[6]
    assert first is not second
    assert first == second
    assert hash(first) == hash(second) == hash(first._key())
    assert first != states_of_a_game(4)[7]
    assert first != states_of_a_game(5)[6]
    # The key leaves out the history links: a restored copy is the same state.
    restored = toy._changed(first, _parent=first.history)
    assert restored == first
    assert hash(restored) == hash(first)
    # Another class with the same key is another thing.
    other = toy._IgnoresSeatState._new(**{n: getattr(first, n) for n in toy.ToyState.__slots__})
    assert other._key() == first._key()
    assert other != first
    assert first != first._key()
    assert copy.copy(first) is first
    assert copy.deepcopy([first])[0] is first


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda s: setattr(s, "_to_play", 2), "cannot set '_to_play'"),
        (lambda s: setattr(s, "anything", 1), "cannot set 'anything'"),
        (lambda s: delattr(s, "_hands"), "cannot delete '_hands'"),
        (lambda s: delattr(s, "_parent"), "cannot delete '_parent'"),
    ],
)
def test_statebase_changes_are_immutable_errors(
    change: Callable[[toy.ToyState], None], words: str
) -> None:
    state = states_of_a_game(4)[5]
    before = snapshot(state)
    with pytest.raises(ImmutableError, match=f"ToyState is immutable; {words}") as info:
        change(state)
    assert isinstance(info.value, AttributeError)
    assert unchanged(state, before)


def test_statebase_history_walks_the_parents_and_stops_at_a_restored_tuple() -> None:
    states = states_of_a_game(6)
    last = states[-1]
    assert [state.history for state in states] == [last.history[:n] for n in range(25)]
    assert [seat for seat, _ in last.history] == [s.to_play for s in states[:-1]]
    assert states[0]._parent is None
    assert states[0]._act is None
    assert states[0].history == ()
    # Restored without its ancestors, a state holds its whole history in the parent
    # slot; its children walk back to it and add the tuple.
    middle = states[10]
    restored = toy._changed(middle, _parent=middle.history)
    assert restored.history == middle.history
    child = restored.apply(states[11].history[-1][1])
    assert child == states[11]
    assert child.history == states[11].history
    assert child._parent is restored
    assert toy._changed(middle, _parent=()).history == ()


def test_statebase_check_validates_and_builds_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    state = states_of_a_game(2)[4]
    built: list[str] = []

    def counting_transition(self: toy.ToyState, action: Action, seat: int) -> toy.ToyState:
        built.append("transition")
        return real_transition(self, action, seat)

    def counting_new(cls: type[toy.ToyState], /, **slots: Any) -> toy.ToyState:
        built.append("new")
        return real_new.__func__(cls, **slots)  # type: ignore[attr-defined, no-any-return]

    real_transition, real_new = toy.ToyState._transition, toy.ToyState._new
    monkeypatch.setattr(toy.ToyState, "_transition", counting_transition)
    monkeypatch.setattr(toy.ToyState, "_new", classmethod(counting_new))
    legal = state.legal_actions()
    given: list[Action | str] = [*legal, *(str(a) for a in legal)]
    for action in given:
        state.check(action)
        state.check(action, seat=state.to_play)
    for bad, seat in ((FOREIGN_PLAYS[0], None), ("junk", None), (legal[0], 5)):
        with pytest.raises((IllegalActionError, NotationError)):
            apply_any(state, bad, seat)
        with pytest.raises((IllegalActionError, NotationError)):
            state.check(bad, seat)
    assert built == []
    state.apply(legal[0])
    assert built == ["transition", "new"]


def test_statebase_apply_is_validate_then_transition(monkeypatch: pytest.MonkeyPatch) -> None:
    state = states_of_a_game(2)[4]
    calls: list[tuple[str, object, object]] = []
    real_validate, real_transition = toy.ToyState._validate, toy.ToyState._transition

    def spy_validate(self: toy.ToyState, action: object, seat: object) -> tuple[Action, int]:
        calls.append(("validate", action, seat))
        return real_validate(self, action, seat)

    def spy_transition(self: toy.ToyState, action: Action, seat: int) -> toy.ToyState:
        calls.append(("transition", action, seat))
        return real_transition(self, action, seat)

    monkeypatch.setattr(toy.ToyState, "_validate", spy_validate)
    monkeypatch.setattr(toy.ToyState, "_transition", spy_transition)
    action = state.legal_actions()[-1]
    after = state.apply(str(action))
    # The transition gets the action as parsed by _validate, and the acting seat.
    assert calls == [("validate", str(action), None), ("transition", action, state.to_play)]
    assert after.history[-1] == (state.to_play, action)
    calls.clear()
    with pytest.raises(IllegalActionError):
        state.apply(next(p for p in PLAYS if p not in state.legal_actions()))
    assert [name for name, _, _ in calls] == ["validate"]


class _SittingOutState(toy.ToyState):
    """Seat 2 sits out: acting for it gives the variant's own reason."""

    __slots__ = ()
    _game_word = "hand"

    def _not_your_turn(self, seat: int, to_play: int) -> IllegalActionError:
        if seat == 2:
            return WrongPhaseError("seat 2 sits out this hand", seat=seat, rule_id="TW-9")
        return super()._not_your_turn(seat, to_play)


class _SittingOut(toy.ToyVariant):
    state_class = _SittingOutState


def test_statebase_turn_checks_and_their_hooks() -> None:
    state = _SittingOut().new_game(seed=1)
    assert state.to_play == 1
    action = state.legal_actions()[0]
    with pytest.raises(WrongPhaseError, match=r"^seat 2 sits out this hand \(TW-9\)$"):
        state.apply(action, seat=2)
    with pytest.raises(NotYourTurnError, match="it is not seat 0's turn: seat 1 is to play"):
        state.apply(action, seat=0)
    with pytest.raises(InvalidSeatError):
        state.apply(action, seat=7)  # checked before the hook
    assert state.apply(action, seat=1) == state.apply(action)
    last = toy.play_randomly(state, random.Random(1))
    with pytest.raises(GameOverError, match=r"^the hand is over: no action is possible$"):
        last.apply(action)
    with pytest.raises(GameOverError, match=r"^the game is over: no action is possible$"):
        states_of_a_game(1)[-1].apply(action, seat=0)


def test_statebase_pickles_by_replaying_the_record(monkeypatch: pytest.MonkeyPatch) -> None:
    states = states_of_a_game(7)
    function, (variant, record) = states[9].__reduce__()
    assert variant == VARIANT
    assert record == states[9].record()
    validated: list[object] = []
    real_validate = toy.ToyState._validate

    def spy(self: toy.ToyState, action: object, seat: object) -> tuple[Action, int]:
        validated.append(action)
        return real_validate(self, action, seat)

    monkeypatch.setattr(toy.ToyState, "_validate", spy)
    for state in (states[0], states[9], states[-1]):
        validated.clear()
        copy_ = pickle.loads(pickle.dumps(state))  # noqa: S301 - own data
        assert copy_ == state
        assert copy_.history == state.history
        assert type(copy_) is type(state)
        # Every action went through the checked rules again.
        assert validated == [action for _, action in state.history]
    assert function(variant, record) == states[9]


def test_statebase_objects_are_built_by_their_variant_only() -> None:
    with pytest.raises(TypeError, match="abstract"):
        StateBase()  # type: ignore[abstract]
    with pytest.raises(InvalidArgumentError, match=r"^ToyState objects are built by their"):
        toy.ToyState()
    state = VARIANT.new_game(seed=3)
    assert toy.ToyState._new(**{n: getattr(state, n) for n in toy.ToyState.__slots__}) == state


def test_statebase_parses_text_and_refuses_what_is_not_an_action() -> None:
    state = VARIANT.new_game(seed=3)
    action = state.legal_actions()[0]
    assert state._parse(str(action), 1) is action
    assert state._parse(action, 1) is action
    for junk in (None, True, b"play QH", ("play", "QH")):
        with pytest.raises(InvalidActionError, match=r"^not an action of Toy whist: ") as info:
            state._parse(junk, 1)
        assert info.value.seat == 1
    # An int is an action id; one outside the variant's ids is refused.
    assert state._parse(7, 1) is VARIANT.action_from_id(7)
    with pytest.raises(InvalidActionError, match="an int of 5001 digits is not an action id"):
        state._parse(10**5000, 1)
    with pytest.raises(NotationError):
        state._parse("play", 1)


# -- values --------------------------------------------------------------------------


def test_states_are_immutable_values() -> None:
    states = states_of_a_game(4)
    replayed = states_of_a_game(4)
    for a, b in zip(states, replayed, strict=True):
        assert a == b
        assert hash(a) == hash(b)
        assert pickle.loads(pickle.dumps(a)) == a  # noqa: S301 - own data
    assert len(set(states)) == len(states)
    state = states[5]
    with pytest.raises(AttributeError):
        state._to_play = 2
    with pytest.raises(AttributeError):
        del state._hands
    with pytest.raises(AttributeError):
        state.anything = 1
    assert "hand" not in repr(state)
    assert not any(str(c) in repr(state) for c in decks.euchre_deck())


def test_views_show_only_the_own_hand() -> None:
    for state in sampled_states()[::4]:
        played = {card_of(a) for _, a in state.history}
        for seat in range(3):
            view = state.view(seat)
            assert view.seat == seat
            assert view.hand == state.hand(seat)
            assert view.public_cards == played
            words = set(repr(view).replace("[", " ").replace("]", " ").split())
            for other in range(3):
                if other != seat:
                    assert not words & {str(c) for c in state.hand(other)}


# -- metamorphic: rotating seats and relabelling suits ---------------------------------


def deal_codes(state: State) -> list[list[str]]:
    return [[str(c) for c in state.hand(s)] for s in range(3)]


@pytest.mark.parametrize("seed", range(8))
def test_rotating_the_seats_rotates_the_result(seed: int) -> None:
    states = states_of_a_game(seed)
    cards = [card_of(a) for _, a in states[-1].history]
    hands = deal_codes(states[0])
    for r in (1, 2):
        rotated = VARIANT.state_from_deal_json(
            (states[0].dealer + r) % 3, {"hands": hands[-r:] + hands[:-r]}
        )
        for card in cards:
            rotated = rotated.apply(Play(card))
        tricks = states[-1].result().tricks
        assert rotated.result().tricks == tricks[-r:] + tricks[:-r]


@pytest.mark.parametrize("seed", range(8))
def test_relabelling_the_suits_relabels_nothing_else(seed: int) -> None:
    states = states_of_a_game(seed)
    rng = random.Random(seed)
    suits = list(Suit)
    image = dict(zip(suits, rng.sample(suits, 4), strict=True))

    def relabel(card: Card) -> Card:
        assert card.suit is not None
        return Card(image[card.suit], card.rank)

    variant = toy.ToyVariant(trump=image[Suit.SPADES].value)
    hands = [[str(relabel(c)) for c in states[0].hand(s)] for s in range(3)]
    state = variant.state_from_deal_json(states[0].dealer, {"hands": hands})
    for old, (_, action) in zip(states, states[-1].history, strict=False):
        assert {relabel(card_of(a)) for a in old.legal_actions()} == {
            card_of(a) for a in state.legal_actions()
        }
        state = state.apply(Play(relabel(card_of(action))))
    assert state.result() == states[-1].result()


# -- threads -------------------------------------------------------------------------


def expand(state: State, depth: int) -> list[tuple[str, int, int | None]]:
    """Every line of play from ``state`` to ``depth`` actions, with its state's hash."""
    out: list[tuple[str, int, int | None]] = []

    def walk(node: State, left: int, line: str) -> None:
        out.append((line, hash(node), node.to_play))
        if left:
            for action in node.legal_actions():
                walk(node.apply(action), left - 1, f"{line} {action}")

    walk(state, depth, "")
    return out


def test_one_shared_state_from_several_threads() -> None:
    shared = states_of_a_game(9)[2]
    before = snapshot(shared)
    expected = expand(shared, 4)
    assert len(expected) > 100
    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(lambda _: expand(shared, 4), range(16)))
    assert all(r == expected for r in results)
    assert unchanged(shared, before)


# -- Game: undo and redo ----------------------------------------------------------------


def test_game_undo_redo() -> None:
    first = VARIANT.new_game(seed=8)
    game = Game(first)
    assert stacks(game) == (False, False)
    game.play(first.legal_actions()[0])
    second = game.state
    game.play(str(second.legal_actions()[-1]), seat=second.to_play)
    third = game.state
    assert third.history[:1] == second.history
    assert game.undo() is second
    assert game.undo() is first
    assert stacks(game) == (False, True)
    with pytest.raises(IndexError):
        game.undo()
    assert game.redo() is second
    assert game.redo() is third
    with pytest.raises(IndexError):
        game.redo()
    game.undo()
    assert stacks(game) == (True, True)
    game.play(second.legal_actions()[0])
    assert stacks(game) == (True, False)  # a new action clears the redo stack
    assert repr(game).startswith("<Game <ToyState")


def test_game_rejected_action_changes_nothing() -> None:
    game = Game(VARIANT.new_game(seed=8))
    game.play(game.state.legal_actions()[0])
    game.play(game.state.legal_actions()[0])
    game.undo()
    state, can = game.state, stacks(game)
    wrong_seat = (game.state.to_play or 0) + 1
    for bad, seat in ((Play(JOKER), None), ("junk", None), (state.legal_actions()[0], wrong_seat)):
        with pytest.raises((IllegalActionError, NotationError)):
            game.play(bad, seat=seat % 3 if seat is not None else None)
        assert game.state is state
        assert stacks(game) == can
    with pytest.raises(TypeError):
        Game("state")  # type: ignore[arg-type]


# -- a stateful model ---------------------------------------------------------------


class ToyGameMachine(RuleBasedStateMachine):
    """Play, try anything, save and reload, go back to an old state: all stays consistent."""

    kept = Bundle("kept")

    def __init__(self) -> None:
        super().__init__()
        self.state: toy.ToyState = VARIANT.new_game(seed=0)

    @rule(seed=st.integers(min_value=0, max_value=10**6))
    def deal(self, seed: int) -> None:
        self.state = VARIANT.new_game(seed=seed)

    @rule(data=st.data())
    def play_legal(self, data: st.DataObject) -> None:
        if self.state.is_terminal:
            return
        old, before = self.state, snapshot(self.state)
        action = data.draw(st.sampled_from(self.state.legal_actions()))
        self.state = self.state.apply(action)
        assert self.state.history[-1] == (old.to_play, action)
        assert unchanged(old, before)

    @rule(
        # Hypothesis logs every argument, so the 1 MB string stays out of this one.
        action=st.sampled_from(PLAYS + FOREIGN_PLAYS + tuple(j for j in JUNK if j != "x" * 10**6)),
        seat=st.sampled_from((None, 0, 1, 2, True, "1")),
    )
    def try_anything(self, action: object, seat: object) -> None:
        before = snapshot(self.state)
        legal = is_legal_any(self.state, action, seat)
        assert legal == (
            not self.state.is_terminal
            and seat in (None, self.state.to_play)
            and type(seat) is not bool
            and action in self.state.legal_actions()
        )
        if legal:
            after = apply_any(self.state, action, seat)
            assert isinstance(after, toy.ToyState)
            self.state = after
            return
        with pytest.raises((IllegalActionError, NotationError)):
            apply_any(self.state, action, seat)
        assert unchanged(self.state, before)

    @rule()
    def save_and_reload(self) -> None:
        text = dumps(self.state.record())
        reloaded = final_state(loads(text), variant=VARIANT)
        assert reloaded == self.state
        assert isinstance(reloaded, toy.ToyState)
        self.state = reloaded

    @rule(target=kept)
    def keep(self) -> toy.ToyState:
        return self.state

    @rule(old=kept)
    def resume(self, old: toy.ToyState) -> None:
        self.state = old

    @invariant()
    def one_seat_acts_until_the_end(self) -> None:
        if self.state.is_terminal:
            assert self.state.to_play is None
            assert self.state.legal_actions() == ()
        else:
            assert self.state.to_play in (0, 1, 2)
            assert self.state.legal_actions()

    @invariant()
    def cards_are_conserved(self) -> None:
        held = Counter(c for s in range(3) for c in self.state.hand(s))
        played = Counter(card_of(a) for _, a in self.state.history)
        assert held + played == Counter(decks.euchre_deck())


ToyGameMachine.TestCase.settings = settings(
    max_examples=settings().max_examples // 2 or 1, stateful_step_count=40, deadline=None
)
test_toy_game_machine = ToyGameMachine.TestCase
