"""``cardrules simulate``: statistics, JSON output (to a file or to standard output), the
HTML report, the backends, and worker processes that agree and are bounded: at most two
per CPU, never more than one per deal."""

from __future__ import annotations

import concurrent.futures
import json
import os
import subprocess
import sys
from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path
from typing import Any

import pytest

import cardrules
from cardrules.bots import RandomBot, play_game
from cardrules.cli import main
from cardrules.cli._common import deal_rng, max_workers
from cardrules.simulation import deal_facts, simulate

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
    summary = simulate("bid-euchre", deals=30, seed=4, bots=("random",) * 4).summary
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
    summary = simulate("tarot", players=5, deals=3, seed=1, bots="random").summary
    assert [row["bot"] for row in summary["seats"]] == ["random"] * 5
    again = simulate("tarot", players=5, deals=3, seed=1, bots=("random",) * 5).summary
    assert again == summary
    other = simulate("tarot", players=5, deals=3, seed=2, bots="random").summary
    assert other != summary


def test_workers_are_bounded_by_the_cpus() -> None:
    most = max_workers()
    assert most == 2 * (os.cpu_count() or 1)
    for workers in ("100000", str(most + 1), "9" * 5000):
        proc = run("simulate", "tarot", "--deals", "5", "--workers", workers)
        assert proc.returncode == 2, proc.stderr[-500:]
        assert proc.stdout == ""
        assert "Traceback" not in proc.stderr
        last = proc.stderr.splitlines()[-1]
        assert last.startswith(
            f"cardrules simulate: error: argument --workers: must be from 1 to {most} "
            "(2 per CPU of this machine), not "
        ), last
        assert len(last) < 200


def test_never_more_workers_than_deals() -> None:
    proc = run("simulate", "bid-euchre", "--deals", "1", "--workers", str(max_workers()))
    assert proc.returncode == 0, proc.stderr
    assert "1 deals in " in proc.stderr
    assert "with 1 process(es)" in proc.stderr


def test_the_pool_has_at_most_one_worker_per_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    sizes: list[int] = []

    class Pool:
        """Records its size and runs each job at once, in this process."""

        def __init__(self, max_workers: int, initializer: Callable[[], object]) -> None:
            sizes.append(max_workers)

        def submit(self, fn: Callable[[Any], Any], job: Any) -> Future[Any]:
            future: Future[Any] = Future()
            future.set_result(fn(job))
            return future

        def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
            """Nothing to stop."""

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", Pool)
    alone = simulate("bid-euchre", deals=3, seed=5, bots="random")
    pooled = simulate("bid-euchre", deals=3, seed=5, bots="random", workers=max_workers())
    assert sizes == [min(3, max_workers())]
    assert pooled == alone
    simulate("bid-euchre", deals=1, seed=5, bots="random", workers=max_workers())
    assert len(sizes) == 1, "one deal is played in this process"


def test_json_to_standard_output_sends_the_report_to_standard_error(tmp_path: Path) -> None:
    args = ["simulate", "tarot", "--players", "3", "--deals", "12", "--seed", "3"]
    piped = run(*args, "--json", "-")
    saved = run(*args, "--json", str(tmp_path / "run.json"))
    assert piped.returncode == 0, piped.stderr
    assert piped.stdout == (tmp_path / "run.json").read_text()
    assert json.loads(piped.stdout)["summary"]["deals"] == 12
    # What a person reads is all there, on the other stream.
    assert saved.stdout in piped.stderr
    assert "French Tarot: 12 deals, seed 3" in piped.stderr
    assert "Wrote the results" not in piped.stderr


def test_the_report_is_written_as_html(tmp_path: Path) -> None:
    page = tmp_path / "run.html"
    proc = run("simulate", "bid-euchre", "--deals", "20", "--seed", "1", "--report", str(page))
    assert proc.returncode == 0, proc.stderr
    assert f"Wrote the report to {page}." in proc.stderr
    text = page.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>")
    assert text == simulate("bid-euchre", deals=20, seed=1).to_html()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--report", "-"], "--report needs a file name, not -"),
        (["--address", "auto"], "--address is the address of a Ray cluster"),
        (["--backend", "spark"], "argument --backend: invalid choice: 'spark'"),
        (["--report", "/no/such/folder/r.html"], "cannot write /no/such/folder/r.html"),
    ],
)
def test_bad_report_and_backend_flags_are_refused(args: list[str], message: str) -> None:
    proc = run("simulate", "tarot", "--deals", "3", *args)
    assert proc.returncode in (1, 2), proc.stderr
    assert proc.stdout == ""
    assert "Traceback" not in proc.stderr
    assert message in proc.stderr.splitlines()[-1]


def test_the_ray_backend_without_ray_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now raises ImportError
    status = main(["simulate", "tarot", "--deals", "3", "--backend", "ray"])
    captured = capsys.readouterr()
    assert status == 1
    assert captured.out == ""
    assert captured.err.strip() == (
        "cardrules simulate: error: the ray backend needs Ray, which is not installed: "
        "pip install 'cardrules[ray]'"
    )


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
def test_a_report_that_cannot_be_written_exits_1() -> None:
    proc = run("simulate", "tarot", "--deals", "3", "--seed", "1", "--report", "/dev/full")
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr
    assert proc.stderr.splitlines()[-1].startswith(
        "cardrules simulate: error: cannot write /dev/full: "
    )
    assert proc.stdout.startswith("French Tarot: 3 deals, seed 1")
