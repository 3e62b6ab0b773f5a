"""The conformance kit passes toy whist and catches every deliberately broken copy.

Toy whist plays ``GAMES`` games through the kit's thorough checks (``tests/tiers.py``: 12
in the default run, 50 in the deep tier).
"""

from __future__ import annotations

import random
import re
from typing import TYPE_CHECKING

import pytest

from cardrules import OptionsError, State
from cardrules.testing import ConformanceError, check_variant, random_playout

if TYPE_CHECKING:
    from tests import tiers
    from tests.core import toy
else:
    import cardrules_core_toy as toy  # loaded by tests/conftest.py
    import cardrules_test_tiers as tiers  # loaded by tests/conftest.py

GAMES = tiers.volume(12, 50)


@pytest.mark.deep
def test_toy_whist_conforms(monkeypatch: pytest.MonkeyPatch) -> None:
    # An empty registry: the kit must not need the variant to be registered.
    toy.sandbox_registry(monkeypatch, builtins={})
    finished: list[int] = []
    report = check_variant(toy.ToyVariant(), games=GAMES, seed=3, progress=finished.append)
    assert finished == list(range(1, GAMES + 1))
    assert report.variant == "toy-whist"
    assert report.games == GAMES
    assert report.steps == GAMES * 3 * toy.TRICKS
    assert report.illegal_tried > report.steps
    # Pickle and the JSON record at every step; at the end, pickle, record and replay.
    assert report.round_trips == 2 * report.steps + 3 * GAMES
    assert report.checks > 10 * report.steps
    assert report.failures == 0


@pytest.mark.parametrize("trump", [None, "D"])
def test_toy_whist_conforms_under_other_options(trump: str | None) -> None:
    report = check_variant(toy.ToyVariant(trump=trump), games=5, seed=4)
    assert report.steps == 5 * 3 * toy.TRICKS


@pytest.mark.parametrize(
    ("broken", "pattern"), toy.BROKEN, ids=[cls.__name__ for cls, _ in toy.BROKEN]
)
def test_each_broken_variant_is_caught(broken: type[toy.ToyVariant], pattern: str) -> None:
    with pytest.raises(ConformanceError) as info:
        check_variant(broken(), games=3, seed=7, max_steps=100)
    message = str(info.value)
    assert re.search(pattern, message), message
    seed = re.search(r"game seed: '7:(\d)'", message)
    assert seed is not None, message
    assert "actions:" in message
    assert isinstance(info.value, AssertionError)


def test_broken_variants_break_one_guarantee_each() -> None:
    assert len({pattern for _, pattern in toy.BROKEN}) >= len(toy.BROKEN) - 3
    assert len({cls for cls, _ in toy.BROKEN}) == len(toy.BROKEN)
    for cls, _ in toy.BROKEN:
        assert issubclass(cls, toy.ToyVariant)
        assert cls.__doc__


def test_random_playout() -> None:
    state = toy.ToyVariant().new_game(seed=1)
    last = random_playout(state, random.Random(1))
    assert last.is_terminal
    assert len(last.history) == 3 * toy.TRICKS
    with pytest.raises(ConformanceError, match="did not end within 5 actions"):
        random_playout(state, random.Random(1), max_steps=5)
    with pytest.raises(ConformanceError, match="did not end"):
        random_playout(toy.NeverEnds().new_game(seed=1), random.Random(1), max_steps=200)


# The broken variants that the quick checks alone catch, and how.
QUICK_CATCHES = [
    (toy.ListsForeignCard, "listed as legal but seat [0-9] does not hold it"),
    (toy.MutatesOnReject, "changed the state"),
    (toy.NeverEnds, "did not end within"),
    (toy.AcceptsRenege, r"is_legal\(play [0-9A-Z]+\) is True but the list says False"),
    (toy.ForgetfulPickle, "pickling does not reproduce the final state"),
    (toy.Stuck, "no legal action before the end"),
    (toy.ForgetfulHistory, "the history is not the actions applied"),
]


@pytest.mark.parametrize(
    ("broken", "pattern"), QUICK_CATCHES, ids=[cls.__name__ for cls, _ in QUICK_CATCHES]
)
def test_the_quick_checks_alone_catch(broken: type[toy.ToyVariant], pattern: str) -> None:
    with pytest.raises(ConformanceError, match=pattern) as info:
        check_variant(broken(), games=3, seed=7, max_steps=100, thorough=0)
    assert re.search(r"game seed: '7:\d'", str(info.value))


@pytest.mark.parametrize(
    ("broken", "pattern"), toy.BROKEN, ids=[cls.__name__ for cls, _ in toy.BROKEN]
)
def test_a_share_of_thorough_checks_catches_every_broken_variant(
    broken: type[toy.ToyVariant], pattern: str
) -> None:
    with pytest.raises(ConformanceError) as info:
        check_variant(broken(), games=5, seed=7, max_steps=100, thorough=0.2)
    assert re.search(r"game seed: '7:\d'", str(info.value))


def test_quick_checks_round_trip_the_final_states_only() -> None:
    report = check_variant(toy.ToyVariant(), games=10, seed=5, thorough=0)
    assert report.steps == 10 * 3 * toy.TRICKS
    assert report.round_trips == 10
    assert report.illegal_tried > 0
    assert report.checks > 10 * report.steps


def test_invariants_see_every_state_and_a_broken_one_names_the_seed() -> None:
    seen: list[State] = []
    report = check_variant(toy.ToyVariant(), games=4, seed=3, invariants=seen.append, thorough=0)
    assert len(seen) == report.steps + report.games
    assert sum(state.is_terminal for state in seen) == report.games

    def short(state: State) -> None:
        assert len(state.history) < 5, "five actions"

    with pytest.raises(ConformanceError) as info:
        check_variant(toy.ToyVariant(), games=4, seed=3, invariants=short)
    message = str(info.value)
    assert "invariant broken: AssertionError: five actions" in message
    assert "game seed: '3:0'" in message
    assert len(re.findall(r"\d:play ", message)) == 5


def test_a_run_split_by_first_game_adds_up_to_the_whole_run() -> None:
    whole = check_variant(toy.ToyVariant(), games=6, seed=2, thorough=0.1)
    finished: list[int] = []
    parts = [
        check_variant(
            toy.ToyVariant(), games=3, seed=2, first_game=k, thorough=0.1, progress=finished.append
        )
        for k in (0, 3)
    ]
    assert finished == [1, 2, 3, 1, 2, 3]
    for field in ("games", "steps", "illegal_tried", "round_trips", "checks"):
        assert getattr(whole, field) == sum(getattr(p, field) for p in parts), field


@pytest.mark.parametrize("bad", [-0.1, 1.5, float("nan"), "0.5", None, True])
def test_thorough_is_a_share(bad: object) -> None:
    with pytest.raises(OptionsError, match="thorough is a share from 0 to 1"):
        check_variant(toy.ToyVariant(), games=1, thorough=bad)  # type: ignore[arg-type]
