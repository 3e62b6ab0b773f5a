"""``cardrules simulate``: statistics, JSON output, and worker processes that agree."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import cardrules
from cardrules._cli_common import deal_rng
from cardrules._cli_simulate import deal_facts, simulate
from cardrules.bots import RandomBot, play_game

_PACKAGE_ROOT = str(Path(cardrules.__file__).resolve().parent.parent)


def run(*args: str) -> subprocess.CompletedProcess[str]:
    """Run ``python -m cardrules ARGS`` with the package under test."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [_PACKAGE_ROOT, env.get("PYTHONPATH")]))
    return subprocess.run(
        [sys.executable, "-m", "cardrules", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        check=False,
    )


@pytest.mark.parametrize(
    ("variant", "deals", "bots"),
    [("tarot", "120", "heuristic,random,random,random"), ("bid-euchre", "200", "random")],
)
def test_workers_give_the_same_numbers(tmp_path: Path, variant: str, deals: str, bots: str) -> None:
    args = ["simulate", variant, "--deals", deals, "--seed", "9", "--bots", bots]
    one = run(*args, "--json", str(tmp_path / "one.json"))
    two = run(*args, "--workers", "2", "--json", str(tmp_path / "two.json"))
    assert one.returncode == 0, one.stderr
    assert two.returncode == 0, two.stderr
    assert one.stdout == two.stdout
    assert (tmp_path / "one.json").read_text() == (tmp_path / "two.json").read_text()
    # The timing goes to stderr, never to the report; no progress bar off a terminal.
    assert "1 process(es)" in one.stderr
    assert "2 process(es)" in two.stderr
    assert "[#" not in one.stderr
    data = json.loads((tmp_path / "one.json").read_text())
    assert data["variant"] == variant
    assert data["seed"] == 9
    assert len(data["bots"]) == 4


def test_tarot_statistics_add_up(tmp_path: Path) -> None:
    out = tmp_path / "tarot.json"
    proc = run(
        "simulate", "tarot", "--players", "3", "--deals", "60", "--seed", "2", "--bots", "random",
        "--json", str(out),
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    summary = json.loads(out.read_text())["summary"]
    assert summary["deals"] == 60
    annulled = summary["annulled"]["all_pass"] + summary["annulled"]["petit_sec"]
    assert summary["played"] + annulled == 60
    assert sum(row["count"] for row in summary["contracts"]) == summary["played"]
    assert sum(row["made"] for row in summary["contracts"]) == summary["made"]
    assert sum(summary["takers"]) == summary["played"]
    assert len(summary["seats"]) == 3
    # Tarot is zero-sum deal by deal, so the seats' totals cancel out.
    assert sum(row["total"] for row in summary["seats"]) == pytest.approx(0)
    assert "Contracts:" in proc.stdout
    assert "Petit au bout:" in proc.stdout
    assert "Poignées:" in proc.stdout


def test_each_deal_is_the_deal_its_seed_and_index_give() -> None:
    variant = cardrules.get_variant("bid-euchre")
    summary = simulate("bid-euchre", {}, deals=30, seed=4, bots=("random",) * 4)
    expected = []
    for index in range(30):
        rng = deal_rng(4, index)
        state = variant.new_game(rng=rng, dealer=index % 4)
        expected.append(deal_facts(play_game(state, [RandomBot()] * 4, rng)))
    ns = [f["returns"][0] for f in expected]
    assert summary["seats"][0]["total"] == sum(ns)
    assert summary["hands"] == 30
    played = [f for f in expected if f["void"] is None]
    assert summary["played"] == len(played)
    assert summary["made"] == sum(1 for f in played if f["made"])
    assert sum(summary["declarers"]) == len(played)
    assert summary["moons"]["bid"] == sum(1 for f in played if f["kind"] == "moon")


def test_a_single_bot_kind_fills_every_seat() -> None:
    summary = simulate("tarot", {"players": 5}, deals=3, seed=1, bots=("random",) * 5)
    assert [row["bot"] for row in summary["seats"]] == ["random"] * 5
    again = simulate("tarot", {"players": 5}, deals=3, seed=1, bots=("random",) * 5)
    assert again == summary
    other = simulate("tarot", {"players": 5}, deals=3, seed=2, bots=("random",) * 5)
    assert other != summary
