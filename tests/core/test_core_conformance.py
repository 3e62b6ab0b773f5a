"""The conformance kit passes toy whist and catches every deliberately broken copy."""

from __future__ import annotations

import random
import re
from typing import TYPE_CHECKING

import pytest

from cardrules.testing import ConformanceError, check_variant, random_playout

if TYPE_CHECKING:
    from tests.core import toy
else:
    import cardrules_core_toy as toy  # loaded by tests/conftest.py


def test_toy_whist_conforms(monkeypatch: pytest.MonkeyPatch) -> None:
    # An empty registry: the kit must not need the variant to be registered.
    toy.sandbox_registry(monkeypatch, builtins={})
    finished: list[int] = []
    report = check_variant(toy.ToyVariant(), games=50, seed=3, progress=finished.append)
    assert finished == list(range(1, 51))
    assert report.variant == "toy-whist"
    assert report.games == 50
    assert report.steps == 50 * 3 * toy.TRICKS
    assert report.illegal_tried > report.steps
    # Pickle and the JSON record at every step; at the end, pickle, record and replay.
    assert report.round_trips == 2 * report.steps + 3 * 50
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
