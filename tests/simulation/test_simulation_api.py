"""``cardrules.simulate``: the arguments it takes and refuses, the result's shape, and the
property that makes workers and backends interchangeable: deal ``i`` depends on the seed
and ``i`` alone."""

from __future__ import annotations

import json
import re
import sys
import types
from typing import Any

import attrs
import pytest

import cardrules
from cardrules import (
    CardrulesError,
    InvalidArgumentError,
    OptionsError,
    Simulation,
    UnknownVariantError,
    simulate,
)
from cardrules.simulation import BackendError, _run_chunk, summarise


def test_the_function_is_public() -> None:
    assert cardrules.simulate is simulate
    assert {"simulate", "Simulation"} <= set(cardrules.__all__)


def test_the_result_is_json_and_says_how_to_repeat_it() -> None:
    run = simulate("tarot", players=3, deals=6, seed=11, bots="random")
    data = json.loads(json.dumps(run.to_dict()))
    assert data["variant"] == "tarot"
    assert data["options"] == cardrules.get_variant("tarot", players=3).options_json()
    assert data["seed"] == 11
    assert data["bots"] == ["random"] * 3
    assert data["summary"] == run.summary
    assert run.deals == 6
    again = cardrules.get_variant_class("tarot").from_options_json(data["options"])
    assert simulate(again, deals=6, seed=11, bots=data["bots"]) == run


def test_the_result_is_frozen() -> None:
    run = simulate("bid-euchre", deals=2, seed=1, bots="random")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        run.seed = 2  # type: ignore[misc]


@pytest.mark.parametrize(
    ("variant", "options", "bots"),
    [
        ("tarot", {}, "heuristic"),
        ("tarot", {"players": 5}, "random"),
        ("bid-euchre", {}, "heuristic"),
        ("bid-euchre", {"joker": True, "allow_no_trump": True}, "random"),
    ],
)
def test_workers_give_the_same_result(variant: str, options: dict[str, Any], bots: str) -> None:
    alone = simulate(variant, deals=24, seed=5, bots=bots, **options)
    pooled = simulate(variant, deals=24, seed=5, bots=bots, workers=2, **options)
    assert pooled == alone
    assert pooled.to_dict() == alone.to_dict()


def test_deal_i_is_the_same_in_any_run() -> None:
    """Deals 10 to 29 played on their own, in jobs cut anywhere, are the deals 10 to 29 of
    a whole run: nothing a deal does depends on the deals before it."""
    variant = cardrules.get_variant("bid-euchre")
    options = variant.options_json()
    kinds = ("random",) * 4

    def deals(start: int, stop: int) -> list[dict[str, Any]]:
        return _run_chunk(("bid-euchre", options, kinds, 8, start, stop))

    whole = deals(0, 30)
    assert deals(10, 30) == whole[10:]
    assert deals(0, 7) + deals(7, 19) + deals(19, 30) == whole
    run = simulate(variant, deals=30, seed=8, bots=kinds, workers=2)
    assert run.summary == summarise("bid-euchre", whole, players=4, bots=kinds)
    assert deals(0, 30) != _run_chunk(("bid-euchre", options, kinds, 9, 0, 30))


def test_the_distributions_count_every_deal() -> None:
    run = simulate("tarot", deals=40, seed=2, bots="random")
    for seat in run.summary["seats"]:
        values = [v for v, _ in seat["scores"]]
        assert values == sorted(set(values))
        assert sum(c for _, c in seat["scores"]) == 40
        assert sum(v * c for v, c in seat["scores"]) == pytest.approx(seat["total"])
        assert seat["min"] == values[0]
        assert seat["max"] == values[-1]


def test_progress_is_told_every_deal() -> None:
    told: list[int] = []
    simulate("bid-euchre", deals=25, seed=3, bots="random", progress=told.append)
    assert sum(told) == 25
    told.clear()
    simulate("bid-euchre", deals=25, seed=3, bots="random", workers=2, progress=told.append)
    assert sum(told) == 25


def test_a_summary_of_no_deals_is_empty() -> None:
    summary = summarise("tarot", [], players=4, bots=["random"] * 4)
    assert summary["deals"] == 0
    assert summary["rate"] is None
    assert [seat["scores"] for seat in summary["seats"]] == [[]] * 4


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"deals": 0}, InvalidArgumentError, "deals must be a whole number of at least 1, not 0"),
        ({"deals": 2.5}, InvalidArgumentError, "deals must be a whole number"),
        ({"deals": True}, InvalidArgumentError, "deals must be a whole number"),
        ({"seed": "7"}, InvalidArgumentError, "seed must be a whole number of at most 100 digits"),
        ({"seed": 10**5000}, InvalidArgumentError, "not an int of 5001 digits"),
        ({"deals": "9" * 10**6}, InvalidArgumentError, "not '9999999999"),
        ({"workers": 0}, InvalidArgumentError, "workers must be a whole number from 1 to "),
        ({"workers": 10**100}, InvalidArgumentError, "(2 per CPU of this machine), not an int"),
        (
            {"workers": 0, "backend": "ray"},
            InvalidArgumentError,
            "workers must be a whole number of at least 1, not 0",
        ),
        ({"backend": "spark"}, InvalidArgumentError, "unknown backend 'spark': choose from"),
        ({"address": "auto"}, InvalidArgumentError, "give it with backend='ray'"),
        ({"bots": ["random"] * 3}, InvalidArgumentError, "bots names 3 bots; French Tarot"),
        ({"bots": [1, 2, 3, 4]}, InvalidArgumentError, "one bot kind per seat"),
        ({"bots": "clever"}, OptionsError, "unknown bot kind 'clever'"),
        ({"players": 9}, OptionsError, "players"),
    ],
)
def test_bad_arguments_are_refused(
    kwargs: dict[str, Any], error: type[CardrulesError], message: str
) -> None:
    arguments: dict[str, Any] = {"deals": 2, "seed": 1, "bots": "random", **kwargs}
    with pytest.raises(error, match=re.escape(message)):
        simulate("tarot", **arguments)


def test_options_go_with_an_id_not_with_a_variant() -> None:
    variant = cardrules.get_variant("tarot")
    with pytest.raises(InvalidArgumentError, match="give the options with the variant's id"):
        simulate(variant, deals=1, seed=1, players=3)
    with pytest.raises(InvalidArgumentError, match="a Variant or a variant's id, not int"):
        simulate(3, deals=1, seed=1)  # type: ignore[arg-type]


def test_unknown_variants_are_refused() -> None:
    with pytest.raises(UnknownVariantError):
        simulate("no-such-game", deals=1, seed=1)


def test_without_ray_the_ray_backend_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now raises ImportError
    with pytest.raises(BackendError, match=r"pip install 'cardrules\[ray\]'"):
        simulate("tarot", deals=1, seed=1, backend="ray")


def test_a_simulation_is_built_from_its_fields() -> None:
    run = simulate("bid-euchre", deals=3, seed=4, bots="random")
    assert Simulation(**attrs.asdict(run, recurse=False)) == run


def test_a_ray_that_cannot_start_is_a_backend_error(monkeypatch: pytest.MonkeyPatch) -> None:
    class Ray(types.ModuleType):
        """A Ray whose cluster is not there."""

        def is_initialized(self) -> bool:
            return False

        def init(self, **kwargs: Any) -> None:
            raise ConnectionError(f"no cluster at {kwargs.get('address')}")

    monkeypatch.setitem(sys.modules, "ray", Ray("ray"))
    with pytest.raises(BackendError, match=r"^cannot connect to Ray at '10\.0\.0\.1:6379': no "):
        simulate("tarot", deals=1, seed=1, backend="ray", address="10.0.0.1:6379")
    with pytest.raises(BackendError, match=r"^cannot start a local Ray: no cluster at None$"):
        simulate("tarot", deals=1, seed=1, backend="ray")
