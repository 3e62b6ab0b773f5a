"""States through the toy variant: seats, errors, atomicity, history, threads and Game."""

from __future__ import annotations

import pickle
import random
from collections import Counter
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
    InvalidActionError,
    InvalidSeatError,
    MustFollowSuitError,
    NotationError,
    NotYourTurnError,
    OptionsError,
    Pass,
    Play,
    State,
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
    1,
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
    assert accepted == (junk in {str(a) for a in state.legal_actions()})


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
