"""The Ray backend, on a local Ray with 2 CPUs: the same results as a local run for the
same seed, whatever the number of jobs at a time; the caller's Ray connection is used and
kept; the command line starts and stops a Ray of its own.

Skipped, with the reason, where Ray is not installed (``pip install 'cardrules[ray]'``).
Kept short: starting Ray takes seconds, so the module starts it once.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import cardrules
from cardrules import simulate

ray: Any = pytest.importorskip("ray", reason="needs Ray: pip install 'cardrules[ray]'")

_PACKAGE_ROOT = str(Path(cardrules.__file__).resolve().parent.parent)


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield
    finally:
        ray.shutdown()


@pytest.mark.usefixtures("local_ray")
@pytest.mark.parametrize(
    ("variant", "options", "bots", "workers"),
    [
        ("tarot", {}, ["heuristic", "random", "random", "random"], None),
        ("tarot", {"players": 5}, "random", 2),
        ("bid-euchre", {"joker": True}, "heuristic", 1),
    ],
)
def test_ray_gives_the_local_results(
    variant: str, options: dict[str, Any], bots: str | list[str], workers: int | None
) -> None:
    told: list[int] = []
    local = simulate(variant, deals=40, seed=12, bots=bots, **options)
    on_ray = simulate(
        variant,
        deals=40,
        seed=12,
        bots=bots,
        workers=workers,
        backend="ray",
        progress=told.append,
        **options,
    )
    assert on_ray == local
    assert on_ray.to_dict() == local.to_dict()
    assert sum(told) == 40
    assert ray.is_initialized(), "the caller's Ray connection is kept"


@pytest.mark.usefixtures("local_ray")
def test_an_existing_connection_is_used_whatever_the_address() -> None:
    # Connected already: the connection is used, the address is not dialled.
    run = simulate("bid-euchre", deals=3, seed=1, bots="random", backend="ray", address="auto")
    assert run == simulate("bid-euchre", deals=3, seed=1, bots="random")


def test_the_command_runs_on_a_ray_of_its_own(tmp_path: Path) -> None:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [_PACKAGE_ROOT, env.get("PYTHONPATH")]))
    args = ["simulate", "bid-euchre", "--deals", "30", "--seed", "4", "--bots", "random"]
    proc = subprocess.run(
        [sys.executable, "-m", "cardrules", *args, "--backend", "ray", "--workers", "2",
         "--json", "-"],
        capture_output=True, text=True, timeout=300, env=env, check=False,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-2000:]
    expected = simulate("bid-euchre", deals=30, seed=4, bots="random").to_dict()
    assert json.loads(proc.stdout) == expected
    assert "30 deals in " in proc.stderr
    assert "on Ray, at most 2 jobs at a time" in proc.stderr
    assert "Bid Euchre: 30 hands, seed 4" in proc.stderr
