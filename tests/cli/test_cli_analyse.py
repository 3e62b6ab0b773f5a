"""``cardrules analyse FILE``: the card play of a saved deal against the solver's, as
text and JSON, and the records it refuses."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import cardrules
from cardrules.bots import bot_for, play_game
from cardrules.cli import main
from cardrules.solving import analyse


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def _saved(tmp_path: Path, variant_id: str, seed: int, **options: Any) -> tuple[Path, Any]:
    """A deal with a random first seat among heuristic bots, saved as a record."""
    variant = cardrules.get_variant(variant_id, **options)
    bots = [bot_for(variant, "random"), *(bot_for(variant) for _ in range(variant.players - 1))]
    final = play_game(variant.new_game(seed=seed), bots, random.Random(seed))
    path = tmp_path / f"{variant_id}-{seed}.json"
    path.write_text(cardrules.dumps(final.record()), encoding="utf-8")
    return path, final


def test_analyse_a_bid_euchre_hand(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, final = _saved(tmp_path, "bid-euchre", 5)
    analysis = analyse(final)
    assert analysis.losses[0] > 0
    status, out, err = _run(capsys, "analyse", str(path))
    assert (status, err) == (0, "")
    assert "from 6 tricks before the end, in tricks" in out
    assert len([line for line in out.splitlines() if " left " in line]) == len(analysis.decisions)
    assert f"Lost: N {analysis.losses[0]}, E 0, S 0, W 0" in out
    assert "lost 1 (2 with play 9D, play KD)" in out


def test_analyse_as_json_is_the_analysis(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, final = _saved(tmp_path, "tarot", 2, players=3)
    status, out, _ = _run(capsys, "analyse", str(path), "--json", "--horizon", "3")
    assert status == 0
    assert json.loads(out) == {"variant": "tarot", **analyse(final, horizon=3).to_dict()}


def test_analyse_several_records(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first, _ = _saved(tmp_path, "bid-euchre", 5)
    second, _ = _saved(tmp_path, "bid-euchre", 6)
    both = tmp_path / "both.jsonl"
    both.write_text(first.read_text() + "\n" + second.read_text() + "\n", encoding="utf-8")
    status, out, _ = _run(capsys, "analyse", str(both))
    assert status == 0
    assert "record 1: Bid Euchre" in out
    assert "record 2: Bid Euchre" in out
    status, out, _ = _run(capsys, "analyse", str(both), "--json")
    assert [d["variant"] for d in json.loads(out)] == ["bid-euchre", "bid-euchre"]


def test_analyse_refuses_unfinished_and_bad_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    unfinished = tmp_path / "unfinished.json"
    state = cardrules.get_variant("bid-euchre").new_game(seed=1)
    unfinished.write_text(cardrules.dumps(state.record()), encoding="utf-8")
    status, out, err = _run(capsys, "analyse", str(unfinished))
    assert (status, out) == (1, "")
    assert "finished deal" in err
    garbage = tmp_path / "garbage.json"
    garbage.write_text("{not json", encoding="utf-8")
    status, out, err = _run(capsys, "analyse", str(garbage))
    assert (status, out) == (1, "")
    assert "is not a valid record" in err
    status, _, err = _run(capsys, "analyse", str(tmp_path / "missing.json"))
    assert status == 1
    assert "cannot read" in err
    with pytest.raises(SystemExit):
        main(["analyse", str(garbage), "--horizon", "-1"])
