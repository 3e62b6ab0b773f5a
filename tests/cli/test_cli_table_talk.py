"""The terminal game explains itself: each game's help and card legend, the seats named
alike on screen and in messages, answers quoted as typed, one line for a bot's écart,
the final score for you, a single legal action played for you, each command's own flags,
and house rules in words.

Most tests run the console script's equivalent, ``python -m cardrules``, in a
subprocess with all of its input at once; a few drive :func:`~cardrules.cli._play.run_play`
in this process, answering from what the screen shows.
"""

from __future__ import annotations

import io
import json
import os
import random
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import cardrules
from cardrules.bid_euchre import BidEuchreMatch, BidEuchreVariant
from cardrules.cli import game_parser, main
from cardrules.cli._play import run_play
from cardrules.cli._present import BidEuchrePresenter, Presenter, presenter_for
from cardrules.tarot import TarotVariant

_PACKAGE_ROOT = str(Path(cardrules.__file__).resolve().parent.parent)
_CELL = re.compile(r"(\d+)\) (\S+(?: \S+)*)")


def run(*args: str, stdin: str = "", timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """Run ``python -m cardrules ARGS`` with all of ``stdin`` at once."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [_PACKAGE_ROOT, env.get("PYTHONPATH")]))
    return subprocess.run(
        [sys.executable, "-m", "cardrules", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
        check=False,
    )


def questions(screen: str) -> list[list[str]]:
    """The numbered legal actions of every question on ``screen``."""
    found = []
    for block in screen.split("Legal actions:")[1:]:
        table = block.split("\n> ", 1)[0]
        found.append([action for _, action in _CELL.findall(table)])
    return found


class _Answers(io.StringIO):
    """Input that answers each question from the screen so far (an in-process driver)."""

    def __init__(self, screen: io.StringIO, answer: Callable[[str], str | None]) -> None:
        super().__init__()
        self.screen = screen
        self.answer = answer

    def readline(self, size: int | None = -1, /) -> str:  # type: ignore[override]
        line = self.answer(self.screen.getvalue())
        return "" if line is None else line + "\n"


# -- help and the card legend -------------------------------------------------------------


def test_help_in_bid_euchre_shows_euchre_answers_and_explains_6h_and_6m() -> None:
    proc = run("play", "bid-euchre", "--seed", "1", stdin="?\n")
    assert proc.returncode == 0, proc.stderr
    help_text = proc.stdout.split("> ?", 1)[1]
    assert "bid 6H                help: take all 6 tricks" in help_text
    assert "bid 6M, moon          shoot the moon" in help_text
    assert "trump hearts" in help_text
    # Nothing from the other game: no seven, no Tarot bid, no écart.
    for tarot_only in ("7H", "garde", "discard 3C", "écart"):
        assert tarot_only not in help_text, tarot_only


def test_help_in_tarot_shows_tarot_answers() -> None:
    proc = run("play", "tarot", "--seed", "1", stdin="?\n")
    assert proc.returncode == 0, proc.stderr
    help_text = proc.stdout.split("> ?", 1)[1]
    assert "bid garde, garde" in help_text
    assert "discard 3C 4C" in help_text
    assert "6H" not in help_text
    assert "moon" not in help_text


@pytest.mark.parametrize(
    ("variant", "words"),
    [
        ("tarot", ["NC is the knight of clubs", "19T is trump", "EX is the Excuse", "Petit"]),
        ("bid-euchre", ["JD is the jack of diamonds", "right bower", "JK is the joker"]),
    ],
)
def test_the_card_legend_is_on_screen_before_the_first_question(
    variant: str, words: list[str]
) -> None:
    proc = run("play", variant, "--seed", "2", stdin="")
    assert proc.returncode == 0, proc.stderr
    before_question = proc.stdout.split("-- Your turn", 1)[0]
    for word in words:
        assert word in before_question, word


def test_the_notation_page_has_the_legend() -> None:
    page = Path(__file__).resolve().parents[2] / "docs" / "notation.md"
    if not page.is_file():
        pytest.skip("the docs folder is not next to the tests")
    text = page.read_text(encoding="utf-8")
    section = text.split("## Reading the cards", 1)[1].split("\n## ", 1)[0]
    for word in ("knight of clubs", "19T", "the Excuse", "6H", "6M", "right bower"):
        assert word in section, word


# -- seats and the user's own words ----------------------------------------------------


def test_errors_name_the_seat_as_the_screen_does() -> None:
    # Seed 1: N bids the moon, names hearts, then tries a card it does not hold.
    proc = run("play", "bid-euchre", "--seed", "1", stdin="moon\nhearts\n9S\n")
    assert proc.returncode == 0, proc.stderr
    assert "you (N): bid 6M" in proc.stdout
    assert "you (N): trump hearts" in proc.stdout
    assert "Not allowed: N does not hold 9S (E-19) [card_not_in_hand]" in proc.stdout
    assert "seat 0" not in proc.stdout


def test_presenter_message_renames_only_seats_of_the_table() -> None:
    presenter = presenter_for(cardrules.get_variant("bid-euchre"))
    assert presenter.message("it is not seat 1's turn: seat 3 is to play") == (
        "it is not E's turn: W is to play"
    )
    assert presenter.message("seat 7 does not exist") == "seat 7 does not exist"
    tarot = presenter_for(cardrules.get_variant("tarot"))
    assert tarot.message("seat 2 does not hold 7H") == "seat 2 does not hold 7H"


@pytest.mark.parametrize(
    ("variant", "typed", "expected"),
    [
        ("tarot", "moon", "'moon' is not an action or a card of French Tarot"),
        ("bid-euchre", "zebra", "'zebra' is not an action or a card of Bid Euchre"),
    ],
)
def test_messages_quote_what_was_typed(variant: str, typed: str, expected: str) -> None:
    proc = run("play", variant, "--seed", "1", stdin=f"{typed}\n")
    assert proc.returncode == 0, proc.stderr
    assert expected in proc.stdout
    assert f"play {typed}" not in proc.stdout


def test_a_lone_word_is_read_as_a_legal_action() -> None:
    # Seed 1, Tarot: seat 0 bids fourth; "garde" is "bid garde".
    proc = run("play", "tarot", "--seed", "1", stdin="garde\n")
    assert "you (seat 0): bid garde" in proc.stdout


# -- the écart, the final score ----------------------------------------------------------


def test_a_bots_ecart_is_one_line() -> None:
    # Seed 1: the first deal is passed out; in the second, seat 1 takes a garde.
    proc = run("play", "tarot", "--seed", "1", stdin="pass\npass\n")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.count("in the écart") == 1
    assert "seat 1 puts 6 cards face down in the écart" in proc.stdout
    assert "discards" not in proc.stdout


def test_a_bots_ecart_in_a_demo_shows_its_cards_in_one_line() -> None:
    proc = run("demo", "tarot", "--seed", "1")
    assert proc.returncode == 0, proc.stderr
    lines = [line for line in proc.stdout.splitlines() if "écart" in line or "discard" in line]
    assert lines == ["seat 1 puts 3H 5H 6H QH 3C 8C in the écart"]


def test_the_final_score_of_a_match_marks_you_and_your_side() -> None:
    proc = run(
        "play", "bid-euchre", "--seed", "2", "--seat", "E", "--target", "12", stdin="1\n" * 2000
    )
    assert proc.returncode == 0, proc.stderr
    winner = re.search(r"^(NS|EW) wins: NS -?\d+, EW -?\d+$", proc.stdout, re.MULTILINE)
    assert winner is not None, proc.stdout[-2000:]
    last = proc.stdout.strip().splitlines()[-1]
    verdict = "your side won" if winner[1] == "EW" else "your side lost"
    assert last.startswith("You are E, with W in EW: NS "), last
    assert last.endswith(f"; {verdict}."), last


def test_the_final_score_of_a_tarot_deal_marks_you_and_your_side() -> None:
    proc = run("play", "tarot", "--seed", "5", "--seat", "2", stdin="1\n" * 200)
    assert proc.returncode == 0, proc.stderr
    scores = [line for line in proc.stdout.splitlines() if line.startswith("Scores:")][-1]
    mine = int(scores.split("seat 2: ")[1].split(",")[0])
    last = proc.stdout.strip().splitlines()[-1]
    assert last.startswith("You (seat 2, "), last
    assert f"score {'+' if mine > 0 else ''}{mine}: your side {'won' if mine > 0 else 'lost'}" in (
        last
    )


# -- a single legal action --------------------------------------------------------------


def test_a_single_legal_action_is_played_for_you_by_default() -> None:
    auto = run("play", "tarot", "--seed", "5", "--seat", "2", stdin="1\n" * 200)
    asked = run(
        "play", "tarot", "--seed", "5", "--seat", "2", "--no-auto-single", stdin="1\n" * 200
    )
    assert auto.returncode == asked.returncode == 0
    assert all(len(legal) > 1 for legal in questions(auto.stdout))
    assert any(len(legal) == 1 for legal in questions(asked.stdout))
    assert auto.stdout.count("(Your only legal action is played for you") == 1
    assert "only legal action" not in asked.stdout
    # The same deal either way: the answers were the first action each time.
    final = [line for line in auto.stdout.splitlines() if line.startswith("Scores:")]
    assert final == [line for line in asked.stdout.splitlines() if line.startswith("Scores:")]


def test_auto_single_in_process() -> None:
    out = io.StringIO()

    def first(screen: str) -> str | None:
        return "1" if screen.count("-- Your turn") < 300 else None

    variant = cardrules.get_variant("bid-euchre", target_score=6)
    status = run_play(variant, seat=1, seed=9, save=None, out=out, inp=_Answers(out, first))
    assert status == 0
    assert all(len(legal) > 1 for legal in questions(out.getvalue()))


# -- each command's flags -----------------------------------------------------------------


def test_a_typo_shows_that_commands_short_usage() -> None:
    proc = run("play", "tarot", "--typo")
    assert proc.returncode == 2
    lines = proc.stderr.splitlines()
    assert lines[0].startswith("usage: cardrules play tarot ")
    assert lines[-1] == "cardrules play tarot: error: unrecognized arguments: --typo"
    assert len(lines) <= 3
    assert "--joker" not in proc.stderr


@pytest.mark.parametrize(
    ("variant", "present", "absent"),
    [
        ("tarot", ["--players", "--rounding", "--auto-single"], ["--joker", "--end-rule"]),
        ("bid-euchre", ["--joker", "--end-rule", "--target"], ["--players", "--rounding"]),
    ],
)
def test_each_game_lists_only_its_own_flags(
    capsys: pytest.CaptureFixture[str], variant: str, present: list[str], absent: list[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["play", variant, "--help"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    for flag in present:
        assert flag in out, flag
    for flag in absent:
        assert flag not in out, flag


def test_a_flag_of_the_other_game_is_named_as_such() -> None:
    proc = run("play", "tarot", "--end-rule", "bidder-wins")
    assert proc.returncode == 2
    assert proc.stderr == (
        "cardrules play: error: --end-rule is a Bid Euchre option, not one of French Tarot\n"
    )


def test_demo_takes_no_play_flags(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["demo", "tarot", "--seat", "1"])
    assert stop.value.code == 2
    assert "cardrules demo tarot: error: unrecognized arguments: --seat 1" in (
        capsys.readouterr().err
    )


def test_the_game_parser_of_a_plugin_variant_takes_options_only() -> None:
    class Mini(TarotVariant):
        """A subclass keeps its parent's flags."""

    assert "--players" in game_parser("demo", Mini).format_help()
    whist = pytest.importorskip("cardrules_whist")
    help_text = game_parser("demo", whist.WhistVariant).format_help()
    assert "--option" in help_text
    assert "--players" not in help_text
    assert "--joker" not in help_text


# -- presenters by class, options in words ------------------------------------------------


def test_presenters_are_chosen_by_variant_class() -> None:
    class HouseEuchre(BidEuchreVariant):
        """A house variant built on Bid Euchre."""

    assert type(presenter_for(HouseEuchre())) is BidEuchrePresenter
    whist = pytest.importorskip("cardrules_whist")
    assert type(presenter_for(whist.WhistVariant())) is Presenter


def test_house_rules_are_said_in_words() -> None:
    proc = run(
        "demo", "bid-euchre", "--seed", "3", "--end-rule", "bidder-wins", "--stick-the-dealer"
    )
    assert proc.returncode == 0, proc.stderr
    assert "simultaneous_target_rule" not in proc.stdout
    assert "stick_the_dealer" not in proc.stdout
    intro = proc.stdout.splitlines()[1:4]
    assert intro == [
        "Bid Euchre match to 32: NS (N and S) against EW.",
        "House rules: stick the dealer.",
        "If both reach 32 in one hand, the bidding team wins (E-34).",
    ]
    sheet = proc.stdout[proc.stdout.rindex("Bid Euchre match to 32") :]
    assert sheet.startswith(
        "Bid Euchre match to 32 (stick the dealer; if both reach 32 in one hand, the bidding"
        " team wins)\n"
    )


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"stick_the_dealer": True, "simultaneous_target_rule": "bidder_wins"},
        {"joker": True, "joker_discard_timing": "after_trump", "target_score": 21},
        {
            "double_deck": True,
            "help_card_rule": "partner_choice",
            "lone_set_penalty": "contract_value",
        },
    ],
)
def test_bid_euchre_house_rules_are_the_library_words(options: dict[str, Any]) -> None:
    variant = BidEuchreVariant(**options)
    presenter = presenter_for(variant)
    assert isinstance(presenter, BidEuchrePresenter)
    assert presenter.rules_words() == list(variant.options.house_rule_words())
    assert presenter.end_rule_words() == variant.options.target_rule_words()
    sheet = BidEuchreMatch.start(variant.options).explain().splitlines()
    assert presenter.title() == sheet[0]
    assert presenter.match_lines(BidEuchreMatch.start(variant.options)) == ["", *sheet]


def test_tarot_options_are_said_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["demo", "tarot", "--seed", "2", "--rounding", "floor", "--random-chien"])
    out = capsys.readouterr().out
    assert status == 0
    assert out.splitlines()[1] == (
        "House rules: the chien dealt at random places; half points rounded down."
    )
    assert "half_point_rounding" not in out
    assert "chien_schedule" not in out


# -- the version ---------------------------------------------------------------------------


def test_version_names_the_build() -> None:
    proc = run("--version")
    assert proc.returncode == 0
    build = "compiled" if cardrules.compiled else "pure Python"
    assert proc.stdout == f"cardrules {cardrules.__version__} ({build})\n"


def test_replay_errors_name_the_seats_as_the_transcript(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = cardrules.get_variant("bid-euchre").new_game(seed=11)
    rng = random.Random(5)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    data = json.loads(cardrules.dumps(state.record()))
    plays = [i for i, action in enumerate(data["actions"]) if action.startswith("play ")]
    # The same card played twice: its second play is refused.
    data["actions"][plays[4]] = data["actions"][plays[0]]
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert re.search(r"rejected: [NESW] does not hold [0-9JQKA]+[SHDC] \(E-19\)", err), err
    assert not re.search(r"seat [0-3]", err), err


def test_play_without_a_variant_asks_for_the_variant_only(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["play"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.endswith("cardrules play: error: the following arguments are required: VARIANT\n")
