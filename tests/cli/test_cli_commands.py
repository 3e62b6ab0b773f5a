"""The ``cardrules`` command, run for real in a subprocess: demo, score, replay, variants.

Every test runs ``python -m cardrules`` (the console script's equivalent) with the
package this test suite imports, so the same tests check a source checkout and an
installed wheel; one test runs the installed ``cardrules`` script itself.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import cardrules
from cardrules import decks

_PACKAGE_ROOT = str(Path(cardrules.__file__).resolve().parent.parent)


def run(
    *args: str, stdin: str = "", timeout: float = 60, cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    """Run ``python -m cardrules ARGS`` with the package under test."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [_PACKAGE_ROOT, env.get("PYTHONPATH")]))
    return subprocess.run(
        [sys.executable, "-m", "cardrules", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
        cwd=cwd,
        check=False,
    )


def run_here(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Run the command in this process (quicker): exit status, stdout, stderr."""
    from cardrules.cli import main

    try:
        status = main(list(args))
    except SystemExit as exc:  # argparse exits on bad usage
        status = exc.code if isinstance(exc.code, int) else 1
    out, err = capsys.readouterr()
    return status, out, err


def assert_no_traceback(proc: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in proc.stderr, proc.stderr
    assert "Traceback" not in proc.stdout


# -- demo -------------------------------------------------------------------------------


def test_demo_tarot_prints_the_deal_the_tricks_and_the_score(tmp_path: Path) -> None:
    saved = tmp_path / "deal.jsonl"
    proc = run("demo", "tarot", "--seed", "7", "--save", str(saved))
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "seed 7" in out
    for seat in range(4):
        assert f"  seat {seat}: " in out
    assert "  chien: " in out
    assert "Trick 18: " in out
    assert "Scores: seat 0: " in out
    # The transcript shows every card exactly once: 72 in the hands and 6 in the chien.
    dealt = [line.split(": ", 1)[1].split() for line in out.splitlines()[2:7]]
    assert sorted(c for hand in dealt for c in hand) == sorted(str(c) for c in decks.tarot_deck())
    # The saved record replays, and the replay shows the same scores.
    replayed = run("replay", str(saved))
    assert replayed.returncode == 0, replayed.stderr
    scores = [line for line in out.splitlines() if line.startswith("Scores:")]
    assert scores
    assert scores[-1] in replayed.stdout
    # The same seed gives the same game.
    assert run("demo", "tarot", "--seed", "7").stdout == out


def test_demo_tarot_five_players() -> None:
    proc = run("demo", "tarot", "--seed", "2", "--players", "5")
    assert proc.returncode == 0, proc.stderr
    assert "5 players" in proc.stdout
    assert "  seat 4: " in proc.stdout
    assert_no_traceback(proc)


def test_demo_bid_euchre_plays_a_whole_match(tmp_path: Path) -> None:
    saved = tmp_path / "match.jsonl"
    proc = run("demo", "bid-euchre", "--seed", "3", "--save", str(saved))
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "== Hand 1: NS 0, EW 0 ==" in out
    last = out.strip().splitlines()[-1]
    assert last.startswith(("NS wins", "EW wins")), last
    hands = out.count("== Hand ")
    assert len(saved.read_text().splitlines()) == hands
    replayed = run("replay", str(saved))
    assert replayed.returncode == 0, replayed.stderr
    assert replayed.stdout.strip().splitlines()[-2] == last
    assert f"{hands} valid record(s)" in replayed.stdout


def test_demo_with_house_rules() -> None:
    proc = run(
        "demo", "bid-euchre", "--seed", "4", "--joker", "--stick-the-dealer", "--target", "10"
    )
    assert proc.returncode == 0, proc.stderr
    assert "match to 10" in proc.stdout
    assert "JK" in proc.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["demo", "tarot", "--joker"], "--joker is a Bid Euchre option"),
        (["demo", "bid-euchre", "--players", "3"], "--players is a French Tarot option"),
        (["demo", "bid-euchre", "--joker", "--double-deck"], "cannot be combined"),
        (["demo", "whist-of-the-moon"], "no variant named"),
        (["demo", "tarot", "--option", "players=7"], "players must be 3, 4 or 5"),
        (["simulate", "tarot", "--deals", "5", "--bots", "random,random"], "4 seats"),
        (["simulate", "tarot", "--deals", "5", "--bots", "clever"], "unknown bot kind"),
        (["play", "tarot", "--seat", "9"], "seat '9' does not exist"),
    ],
)
def test_bad_arguments_exit_2_with_a_message(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    status, out, err = run_here(capsys, *args)
    assert status == 2
    assert message in err
    assert out == ""


def test_bad_arguments_from_the_real_command() -> None:
    proc = run("demo", "tarot", "--joker")
    assert proc.returncode == 2
    assert (
        proc.stderr
        == "cardrules demo: error: --joker is a Bid Euchre option, not one of French Tarot\n"
    )


@pytest.mark.parametrize(
    "args", [["demo"], ["simulate", "tarot"], ["simulate", "tarot", "--deals", "0"], []]
)
def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    status, _, err = run_here(capsys, *args)
    assert status == 2
    assert "usage:" in err


# -- score ------------------------------------------------------------------------------


def test_score_tarot() -> None:
    proc = run(
        "score", "tarot", "--players", "4", "--contract", "garde", "--taker", "0",
        "--points", "45", "--bouts", "2",
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert "Garde (x2), 4 players: taker seat 0" in proc.stdout
    assert "Scores: seat 0: +174, seat 1: -58, seat 2: -58, seat 3: -58" in proc.stdout


def test_score_tarot_with_every_bonus() -> None:
    proc = run(
        "score", "tarot", "--players", "5", "--contract", "garde-sans", "--taker", "1",
        "--partner", "3", "--points", "91", "--bouts", "3", "--petit-au-bout", "attack",
        "--poignee", "simple", "double", "--chelem", "attack", "--chelem-announced",
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    from cardrules.tarot import Camp, DealFacts, PoigneeLevel, score_deal

    facts = DealFacts(
        players=5,
        contract="garde-sans",
        taker=1,
        partner=3,
        points=91,
        bouts=3,
        petit_au_bout=Camp.ATTACK,
        poignees=(PoigneeLevel.SIMPLE, PoigneeLevel.DOUBLE),
        chelem=Camp.ATTACK,
        chelem_announced=True,
    )
    assert proc.stdout.strip() == score_deal(facts).explain()


def test_score_bid_euchre() -> None:
    proc = run("score", "bid-euchre", "--contract", "6M", "--declarer", "E", "--tricks", "0", "6")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("6M by E for EW: made with 6 of 6 tricks")
    assert "EW +24" in proc.stdout
    renege = run(
        "score", "bid-euchre", "--contract", "4", "--declarer", "0", "--tricks", "4", "2",
        "--renege", "1", "1",
    )  # fmt: skip
    assert renege.returncode == 0, renege.stderr
    assert "renege by E: -2" in renege.stdout
    assert "EW -2" in renege.stdout
    void = run("score", "bid-euchre", "--void", "ace-no-face")
    assert void.returncode == 0, void.stderr
    assert "Ace No Face claim (E-36)" in void.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["tarot", "--contract", "garde", "--taker", "0", "--points", "92", "--bouts", "2"],
            "points must be from 0 to 91 (T-4)",
        ),
        (
            ["tarot", "--contract", "garde", "--taker", "0", "--points", "40.25", "--bouts", "2"],
            "half points",
        ),
        (
            ["tarot", "--contract", "small", "--taker", "0", "--points", "4", "--bouts", "0"],
            "contract must be",
        ),
        (
            ["tarot", "--contract", "prise", "--taker", "0", "--partner", "2", "--points", "40",
             "--bouts", "1"],
            "only the 5-player game has a partner",
        ),
        (["bid-euchre", "--contract", "4", "--declarer", "N", "--tricks", "4", "3"], "(E-24)"),
        (["bid-euchre", "--contract", "9", "--declarer", "N", "--tricks", "4", "2"], "(E-8)"),
        (["bid-euchre", "--contract", "four", "--declarer", "N", "--tricks", "4", "2"], "bid"),
        (["bid-euchre", "--contract", "4", "--tricks", "4", "2"], "give --contract, --declarer"),
        (
            ["bid-euchre", "--void", "all-pass", "--stick-the-dealer"],
            "under stick_the_dealer the dealer must bid",
        ),
    ],
)  # fmt: skip
def test_score_rejects_impossible_facts(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    status, out, err = run_here(capsys, "score", *args)
    assert status == 2
    assert message in err
    assert out == ""


def test_t9_t12_t28_e24_score_as_the_table_writes_the_deal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from cardrules.bid_euchre import BidEuchreOptions, HandFacts, score_hand
    from cardrules.tarot import DealFacts, DealResult, score_deal

    status, out, _ = run_here(capsys, "score", "tarot", "--players", "3", "--void", "petit-sec")
    assert status == 0
    assert out.strip() == DealResult.annulled_deal(players=3, reason="petit_sec").explain()
    status, out, _ = run_here(
        capsys, "score", "tarot", "--contract", "garde", "--taker", "1",
        "--defence-points", "50.5", "--defence-bouts", "1",
    )  # fmt: skip
    assert status == 0
    garde = DealFacts(players=4, contract="garde", taker=1, points=40.5, bouts=2)
    assert out.strip() == score_deal(garde).explain()
    status, out, _ = run_here(
        capsys, "score", "bid-euchre", "--contract", "7", "--declarer", "W",
        "--declarer-tricks", "8", "--double-deck",
    )  # fmt: skip
    assert status == 0
    seven = HandFacts(contract="7", declarer=3, tricks=(4, 8))
    assert out.strip() == score_hand(seven, BidEuchreOptions(double_deck=True)).explain()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["tarot", "--contract", "garde", "--taker", "0", "--points", "45"], "--defence-bouts"),
        (["tarot", "--void", "all-pass", "--taker", "0"], "has no taker"),
        (["tarot", "--void", "misdeal"], "invalid choice"),
        (
            ["tarot", "--contract", "garde", "--taker", "0", "--points", "45",
             "--defence-points", "45", "--bouts", "2"],
            "91 points together (T-28)",
        ),
        (["bid-euchre", "--contract", "4", "--declarer", "N"], "--declarer-tricks N"),
        (
            ["bid-euchre", "--contract", "4", "--declarer", "N", "--tricks", "4", "2",
             "--declarer-tricks", "2"],
            "give one of them, or both alike",
        ),
        (["bid-euchre", "--void", "all-pass", "--declarer-tricks", "0"], "no trick is played"),
    ],
)  # fmt: skip
def test_score_names_what_a_score_sheet_lacks_or_contradicts(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    status, out, err = run_here(capsys, "score", *args)
    assert status == 2
    assert message in err
    assert out == ""


def test_score_rejects_impossible_facts_from_the_real_command() -> None:
    proc = run(
        "score", "bid-euchre", "--contract", "4", "--declarer", "N", "--tricks", "4", "3"
    )  # fmt: skip
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert "(E-24)" in proc.stderr
    assert_no_traceback(proc)


# -- replay -----------------------------------------------------------------------------


def _bid_euchre_record(tmp_path: Path) -> Path:
    import random

    state = cardrules.get_variant("bid-euchre").new_game(seed=11)
    rng = random.Random(5)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    # A hand that was played, not thrown in: the tampering tests need its card plays.
    assert len(state.history) > 20
    path = tmp_path / "hand.json"
    path.write_text(cardrules.dumps(state.record()), encoding="utf-8")
    return path


def test_replay_a_good_record(tmp_path: Path) -> None:
    path = _bid_euchre_record(tmp_path)
    proc = run("replay", str(path))
    assert proc.returncode == 0, proc.stderr
    state = cardrules.final_state(cardrules.loads(path.read_text()))
    assert state.result().explain() in proc.stdout
    assert "1 valid record(s)" in proc.stdout
    assert run("replay", "-", stdin=path.read_text()).stdout == proc.stdout.replace(
        str(path), "standard input"
    )


def _tamper_swap_to_illegal(data: dict[str, object]) -> None:
    actions = data["actions"]
    assert isinstance(actions, list)
    # Playing one card twice: the second play is refused by the rules.
    plays = [i for i, a in enumerate(actions) if str(a).startswith("play ")]
    actions[plays[4]] = actions[plays[0]]


def _tamper_duplicate_card(data: dict[str, object]) -> None:
    deal = data["deal"]
    assert isinstance(deal, dict)
    hands = deal["hands"]
    hands[1][0] = hands[0][0]


@pytest.mark.parametrize(
    "tamper",
    [
        _tamper_swap_to_illegal,
        _tamper_duplicate_card,
        lambda data: data.update(schema=99),
        lambda data: data.update(variant="no-such-game"),
        lambda data: data.update(extra=1),
    ],
)
def test_replay_a_tampered_record(tmp_path: Path, tamper: object) -> None:
    path = _bid_euchre_record(tmp_path)
    data = json.loads(path.read_text())
    assert callable(tamper)
    tamper(data)
    path.write_text(json.dumps(data), encoding="utf-8")
    proc = run("replay", str(path))
    assert proc.returncode == 1
    assert proc.stdout == ""
    assert "is not a valid record" in proc.stderr
    assert_no_traceback(proc)


def test_replay_bad_files(tmp_path: Path) -> None:
    missing = run("replay", str(tmp_path / "nothing.json"))
    assert missing.returncode == 1
    assert "cannot read" in missing.stderr
    garbage = tmp_path / "garbage.json"
    garbage.write_bytes(b"\xff\xfe not json at all")
    for path in (garbage, tmp_path):
        proc = run("replay", str(path))
        assert proc.returncode == 1
        assert_no_traceback(proc)


def test_replay_a_match_with_a_hand_missing(tmp_path: Path) -> None:
    saved = tmp_path / "match.jsonl"
    assert run("demo", "bid-euchre", "--seed", "3", "--save", str(saved)).returncode == 0
    lines = saved.read_text().splitlines()
    assert len(lines) >= 3
    del lines[1]
    saved.write_text("\n".join(lines) + "\n")
    proc = run("replay", str(saved))
    assert proc.returncode == 1
    # The seats are named as the transcript names them.
    assert "record 2 is dealt by S; the match's dealer is E" in proc.stderr


# -- variants, version, the installed script ---------------------------------------------


def test_variants_lists_the_built_in_games() -> None:
    proc = run("variants")
    assert proc.returncode == 0, proc.stderr
    ids = [line.split()[0] for line in proc.stdout.splitlines()]
    assert ids[:2] == ["tarot", "bid-euchre"]
    assert ids == list(cardrules.variant_ids())


def test_version() -> None:
    proc = run("--version")
    assert proc.returncode == 0
    build = "compiled" if cardrules.compiled else "pure Python"
    assert proc.stdout.strip() == f"cardrules {cardrules.__version__} ({build})"


def test_the_installed_console_script() -> None:
    # In a virtual environment the script sits next to the interpreter, which need not be
    # on PATH.
    script = shutil.which("cardrules", path=str(Path(sys.executable).parent)) or shutil.which(
        "cardrules"
    )
    if script is None:
        pytest.skip("the cardrules console script is not installed (a source checkout)")
    proc = subprocess.run(
        [script, "score", "bid-euchre", "--contract", "3", "--declarer", "S", "--tricks", "2", "4"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("3 by S for NS: set with 2 of 6 tricks")


# -- files that cannot be written or read --------------------------------------------------


def _unwritable(tmp_path: Path, kind: str) -> Path:
    if kind == "missing folder":
        return tmp_path / "no" / "such" / "folder" / "out.json"
    if kind == "folder":
        return tmp_path
    if kind == "read-only file":
        path = tmp_path / "read-only.json"
        path.write_text("keep\n", encoding="utf-8")
        path.chmod(0o444)
        if os.access(path, os.W_OK):
            pytest.skip("this user may write read-only files (root)")
        return path
    full = Path("/dev/full")  # every write fails: no space left on the device
    if not full.exists():
        pytest.skip("no /dev/full here")
    return full


@pytest.mark.parametrize("kind", ["missing folder", "folder", "read-only file", "full device"])
@pytest.mark.parametrize(
    "command",
    [
        ["simulate", "tarot", "--deals", "2", "--seed", "1", "--json"],
        ["demo", "tarot", "--seed", "1", "--save"],
        ["play", "bid-euchre", "--seed", "1", "--save"],
    ],
    ids=["simulate --json", "demo --save", "play --save"],
)
def test_a_file_that_cannot_be_written_exits_1(
    tmp_path: Path, command: list[str], kind: str
) -> None:
    path = _unwritable(tmp_path, kind)
    proc = run(*command, str(path), stdin="q\n")
    assert proc.returncode == 1, proc.stderr[-500:]
    assert_no_traceback(proc)
    last = proc.stderr.splitlines()[-1]
    assert last.startswith(f"cardrules {command[0]}: error: cannot write {path}: "), last
    if kind != "full device":
        # Found before anything is played.
        assert proc.stdout == ""
    if kind == "read-only file":
        assert path.read_text(encoding="utf-8") == "keep\n"


def _record_with_number(tmp_path: Path, digits: int) -> Path:
    record = _bid_euchre_record(tmp_path)
    text = record.read_text(encoding="utf-8")
    assert '"dealer":0' in text.replace(" ", "")
    huge = "9" * digits
    # Written as text: json.dumps itself refuses ints of more than 4300 digits.
    path = tmp_path / f"huge-{digits}.json"
    path.write_text(re.sub(r'"dealer": ?0', f'"dealer": {huge}', text, count=1), "utf-8")
    return path


@pytest.mark.parametrize("digits", [400, 5000])
def test_replay_a_record_with_a_huge_number(tmp_path: Path, digits: int) -> None:
    proc = run("replay", str(_record_with_number(tmp_path, digits)))
    assert_no_traceback(proc)
    assert proc.returncode == 1
    assert proc.stdout == ""
    (line,) = proc.stderr.splitlines()
    assert "is not a valid record" in line
    assert len(line) < 400


@pytest.mark.parametrize(
    "content",
    [b"", b"\x00" * 1000, bytes(range(256)) * 64, b"\xef\xbb\xbf{}", b"{\n{\n", b"[" * 100_000],
    ids=["empty", "zero bytes", "every byte", "BOM", "two broken lines", "deep nesting"],
)
def test_replay_a_binary_or_broken_file(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "record.json"
    path.write_bytes(content)
    proc = run("replay", str(path))
    assert_no_traceback(proc)
    assert proc.returncode == 1
    assert proc.stdout == ""
    (line,) = proc.stderr.splitlines()
    assert line.startswith(f"cardrules replay: {path} is not a valid record: "), line
    assert len(line) < 400


def test_replay_reads_at_most_64_mib(tmp_path: Path) -> None:
    zero = Path("/dev/zero")
    if not zero.exists():
        pytest.skip("no /dev/zero here")
    proc = run("replay", str(zero))
    assert_no_traceback(proc)
    assert proc.returncode == 1
    assert (
        proc.stderr == "cardrules replay: cannot read /dev/zero: a record file is at most 64 MiB\n"
    )


@pytest.mark.parametrize("exists", [True, False], ids=["read-only file", "read-only folder"])
def test_read_only_is_refused_before_the_run(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    exists: bool,
) -> None:
    # What a user other than root meets with a read-only file or folder (root may
    # write them, so the test says what the permissions say).
    path = tmp_path / "results.json"
    if exists:
        path.write_text("keep\n", encoding="utf-8")
    monkeypatch.setattr(os, "access", lambda target, mode: False)
    status, out, err = run_here(capsys, "simulate", "tarot", "--deals", "1", "--json", str(path))
    assert status == 1
    assert out == ""
    reason = "it is read-only" if exists else "its folder is read-only"
    assert err == f"cardrules simulate: error: cannot write {path}: {reason}\n"
    assert path.exists() == exists
