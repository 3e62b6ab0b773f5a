"""The benchmark adapter (bench/peers_adapter.py): every workload runs, and the driver
workloads replay the recorded games through the same loop as the checked-API ones."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path
from types import ModuleType

import pytest

import cardrules

_FILE = Path(__file__).resolve().parents[2] / "bench" / "peers_adapter.py"
if not _FILE.is_file():  # CI also runs a copy of tests/ without bench/
    pytest.skip(f"the benchmark adapter is not at {_FILE}", allow_module_level=True)


def _adapter() -> ModuleType:
    spec = importlib.util.spec_from_file_location("cardrules_bench_adapter", _FILE)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_workload_runs_and_counts_its_units() -> None:
    workloads = _adapter().workloads(7)
    assert set(workloads) == {
        f"cardrules.{game}.{kind}"
        for game in ("tarot", "bid_euchre")
        for kind in ("deals" if game == "tarot" else "hands", "bulk", "legal", "driver")
    }
    for run in workloads.values():
        assert run(2) == {"units": 2}


@pytest.mark.parametrize("name", ["tarot", "bid-euchre"])
def test_the_driver_replays_recorded_games_to_their_results(name: str) -> None:
    adapter = _adapter()
    variant = cardrules.get_variant(name)
    recorded = adapter._Recorded(variant, 3, count=4)
    rng = random.Random(3)
    for _ in range(8):
        node = recorded.new_game(rng)
        steps = 0
        while not node.is_terminal:
            assert node.legal_actions()
            node = node.apply(rng.choice(node.legal_actions()))
            steps += 1
        assert steps > 0
        assert node.result() is not None
    # The replayed games are the recorded ones, which the checked API played.
    state = variant.new_game(rng=random.Random(3))
    first = recorded.deals[0]
    assert first.legal_actions() == state.legal_actions()
