"""``check()`` validates without building a state and agrees with ``apply()``: for every
action of the id universe, as an action and as text, from the seat to play and another,
in random states of several option sets, both raise the same error or both accept, and
they accept exactly the actions ``legal_actions()`` lists."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import cardrules
from cardrules import Action, IllegalActionError, NotationError
from cardrules.bid_euchre import (
    NUM_ACTIONS,
    BidEuchreState,
    BidEuchreVariant,
    Phase,
    _engine,
    action_from_id,
)

OPTION_SETS: list[dict[str, object]] = [
    {},
    {"joker": True, "allow_no_trump": True},
    {"joker": True, "joker_discard_timing": "after_trump", "allow_no_trump": True},
    {"double_deck": True, "help_exchange_count": 2},
    {"allow_no_trump": True, "allow_plain_six": True, "min_bid": 1},
    {"ace_no_face": True, "stick_the_dealer": True},
    {"renege_mode": "penalize", "bidding_style": "continuous"},
    {"help_card_rule": "partner_choice", "help_exchange_count": 3},
]

UNIVERSE = [action_from_id(i) for i in range(NUM_ACTIONS)]
RARE = frozenset({"bid 6H", "bid 12H", "trump no-trump", "play JK"})


def states_of(variant: BidEuchreVariant, seed: int) -> list[BidEuchreState]:
    """Every state of one hand played at random, half the time preferring help bids,
    no-trump and the joker, so that the help exchange and the naming of a suit for the
    joker led (E-14, E-37) are reached too."""
    rng = random.Random(seed)
    state = variant.new_game(rng=rng)
    out = [state]
    while not state.is_terminal:
        legal = state.legal_actions()
        rare = [a for a in legal if str(a) in RARE]
        state = state.apply(rng.choice(rare if rare and rng.random() < 0.5 else legal))
        out.append(state)
    return out


def outcome(
    method: Callable[[Action | str, int | None], object], action: Action | str, seat: int | None
) -> tuple[type, str, str | None] | None:
    """The error ``method(action, seat)`` raises (type, message, rule), or None."""
    try:
        method(action, seat)
    except (IllegalActionError, NotationError) as exc:
        return (type(exc), str(exc), getattr(exc, "rule_id", None))
    return None


class Counter:
    """Counts the states built, once installed as ``Core.__init__`` (every state is
    built as a ``Core()``, then sealed). Not in the compiled build, whose ``Core()``
    runs no Python ``__init__``: ``counts`` is False there, and the pure build, from the
    same source, counts."""

    counts = not cardrules.compiled

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.built = 0

        def init(state: object) -> None:
            self.built += 1

        monkeypatch.setattr(_engine.Core, "__init__", init)


@pytest.mark.parametrize("options", OPTION_SETS, ids=[str(o) for o in OPTION_SETS])
def test_check_builds_no_state_and_agrees_with_apply(
    options: dict[str, object], monkeypatch: pytest.MonkeyPatch
) -> None:
    variant = BidEuchreVariant(**options)  # type: ignore[arg-type]
    counter = Counter(monkeypatch)
    accepted = 0
    phases = set()
    for seed in (0, 1, 4):
        for state in states_of(variant, seed):
            phases.add(state.phase)
            before = (hash(state), state.history)
            legal = set(state.legal_actions())
            other = None if state.to_play is None else (state.to_play + 1) % 4
            seats = [None, state.to_play, other]
            for action in UNIVERSE:
                for given in (action, str(action)):
                    for seat in seats:
                        built = counter.built
                        checked = outcome(state.check, given, seat)
                        if counter.counts:
                            assert counter.built == built, f"check({given!r}, {seat}) built"
                        applied = outcome(state.apply, given, seat)
                        assert checked == applied, (given, seat, state)
                        # Accepted exactly when listed: the engine's tables agree.
                        listed = action in legal and seat in (None, state.to_play)
                        assert (checked is None) == listed, (given, seat, state, checked)
                        if checked is None:
                            accepted += 1
                            if counter.counts:
                                assert counter.built > built  # apply did build one
                            assert state.is_legal(given, seat)
                        else:
                            assert not state.is_legal(given, seat)
            assert (hash(state), state.history) == before
    assert accepted > 0
    if variant.options.joker and variant.options.allow_no_trump:
        assert Phase.NAME_SUIT in phases


@pytest.mark.skipif(not Counter.counts, reason="the compiled Core() runs no Python __init__")
def test_check_of_a_legal_call_builds_no_state(monkeypatch: pytest.MonkeyPatch) -> None:
    state = BidEuchreVariant().new_game(seed=3)
    counter = Counter(monkeypatch)
    for action in state.legal_actions():
        state.check(action)
        state.check(str(action), state.to_play)
    assert counter.built == 0
    state.apply(state.legal_actions()[0])
    assert counter.built == 1
