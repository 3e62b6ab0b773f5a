"""The example plugin ``examples/whist_plugin``: a third-party Whist variant.

The plugin is loaded from its path, checked with the conformance kit, registered in the
``cardrules.variants`` entry-point group (by replacing ``importlib.metadata.entry_points``
in this process, and with a distribution's metadata on ``PYTHONPATH`` for the real
command in a subprocess), then played, simulated and replayed through the command line.
The entry point is read from the plugin's own ``pyproject.toml``.

These tests need the repository's ``examples`` folder next to ``tests``; they are
skipped where the test suite runs without it (against an installed wheel).
"""

from __future__ import annotations

import doctest
import os
import random
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

import cardrules
from cardrules import registry
from cardrules.cli import main
from cardrules.match import deal_seed
from cardrules.testing import check_variant

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
PLUGIN_DIR = Path(__file__).resolve().parents[2] / "examples" / "whist_plugin"
_PACKAGE_ROOT = str(Path(cardrules.__file__).resolve().parent.parent)

if not (PLUGIN_DIR / "cardrules_whist" / "__init__.py").is_file():
    pytest.skip("the examples folder is not next to the tests", allow_module_level=True)


if TYPE_CHECKING:
    from examples.whist_plugin import cardrules_whist as whist
else:
    import cardrules_whist as whist  # loaded by tests/conftest.py


def _entry_point() -> tuple[str, str]:
    project = tomllib.loads((PLUGIN_DIR / "pyproject.toml").read_text(encoding="utf-8"))
    points = project["project"]["entry-points"][registry.ENTRY_POINT_GROUP]
    ((name, value),) = points.items()
    return name, value


def _register(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fresh registry caches and the plugin's entry point, restored after the test."""
    monkeypatch.setattr(registry, "_classes", {})
    monkeypatch.setattr(registry, "_aliases", {})
    monkeypatch.setattr(registry, "_plugin_errors", {})
    monkeypatch.setattr(registry, "_scanned", [])
    name, value = _entry_point()
    found = (metadata.EntryPoint(name=name, value=value, group=registry.ENTRY_POINT_GROUP),)

    def entry_points(*, group: str) -> tuple[metadata.EntryPoint, ...]:
        return found if group == registry.ENTRY_POINT_GROUP else ()

    monkeypatch.setattr(metadata, "entry_points", entry_points)


# -- the variant ----------------------------------------------------------------------------


def test_the_plugin_passes_the_conformance_kit() -> None:
    report = check_variant(whist.WhistVariant(), games=3, seed=1, illegal_samples=2)
    assert report.games == 3
    assert report.steps == 3 * 52
    assert report.illegal_tried > 0
    check_variant(whist.WhistVariant(honours=True), games=1, seed=2, illegal_samples=1)


def test_the_plugin_docstring_examples() -> None:
    result = doctest.testmod(whist, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 10
    assert result.failed == 0


def test_the_rules_of_play() -> None:
    suits = [[f"{rank}{suit}" for rank in RANKS] for suit in "SHDC"]
    # Seat 0 holds the spades, 1 the hearts, 2 the diamonds, 3 (the dealer) the clubs.
    state = whist.WhistVariant().deal(hands=suits, turn_up="2C", dealer=3)
    assert state.trump is cardrules.Suit.CLUBS
    assert state.to_play == 0  # W-4
    state = state.apply("play 2S", seat=0)
    # Void in spades, seat 1 may play anything (W-5).
    assert len(state.legal_actions()) == 13
    state = state.apply("play AH").apply("play AD").apply("play 2C")
    # The lowest trump wins the trick (W-6) and leads.
    assert state.tricks_won == (0, 1)
    assert state.to_play == 3
    with pytest.raises(cardrules.NotYourTurnError):
        state.apply("play KC", seat=0)
    with pytest.raises(cardrules.UnknownCardError, match=r"\(W-2\)"):
        state.apply("play NC")
    view = state.view(0)
    assert "KC" not in repr(view)
    assert cardrules.Card.parse("2C") in view.public_cards


def test_follow_suit_is_enforced_with_the_rule_id() -> None:
    hands = [
        ["AS", "2H", *[f"{r}D" for r in RANKS[:11]]],
        ["KS", "3H", "KD", "AD", *[f"{r}C" for r in RANKS[:9]]],
        ["QS", "4H", "JC", "QC", "KC", "AC", *[f"{r}S" for r in RANKS[:7]]],
        ["JS", "10S", "9S", *[f"{r}H" for r in RANKS[3:]]],
    ]
    state = whist.WhistVariant().deal(hands=hands, turn_up="AH", dealer=3)
    state = state.apply("play AS")
    with pytest.raises(cardrules.MustFollowSuitError, match=r"\(W-5\)") as info:
        state.apply("play 3H")
    assert info.value.rule_id == "W-5"
    assert info.value.code == "must_follow_suit"


def test_score_keeping_without_playing() -> None:
    result = whist.score_deal((10, 3), trump=cardrules.Suit.SPADES, honours_held=(4, 0))
    assert result.points == (8, 0)
    assert result.returns == (8.0, -8.0, 8.0, -8.0)
    with pytest.raises(cardrules.ScoreInputError):
        whist.score_deal((10, 4), trump=cardrules.Suit.SPADES)


def test_a_game_to_five_points_is_a_match() -> None:
    variant = whist.WhistVariant(honours=True)
    match = variant.new_match()
    assert isinstance(match, cardrules.Match)
    rng = random.Random(4)
    while not match.is_over:
        state = match.next_deal(rng)
        assert state.dealer == match.dealer == len(match.results) % 4
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_actions()))
        assert isinstance(state.result(), cardrules.Result)
        match = match.after(state.result())
    first, second = match.scores
    assert max(first, second) >= whist.GAME  # W-9
    assert match.totals == (first, second, first, second)
    assert match.winner in (0, 1)
    assert match.leaders == ((0, 2) if match.winner == 0 else (1, 3))
    assert match.explain().endswith(("seats 0 and 2 win", "seats 1 and 3 win")[match.winner])
    with pytest.raises(cardrules.GameOverError):
        match.next_deal(rng)
    with pytest.raises(cardrules.GameOverError):
        match.after(state.result())


def test_w9_level_scores_past_five_play_on() -> None:
    spades = cardrules.Suit.SPADES
    match = whist.WhistVariant(honours=True).new_match()
    match = match.after(whist.score_deal((10, 3), trump=spades, honours_held=(0, 4)))
    match = match.after(whist.score_deal((8, 5), trump=spades, honours_held=(1, 3)))
    assert match.scores == (6, 6)
    assert not match.is_over
    assert match.winner is None
    assert match.leaders == (0, 1, 2, 3)
    match = match.after(whist.score_deal((7, 6), trump=spades, honours_held=(2, 2)))
    assert (match.scores, match.is_over, match.winner) == ((7, 6), True, 0)


@pytest.mark.parametrize(
    "result", [None, (7, 6), "score", pytest.param(10**5000, id="huge")], ids=repr
)
def test_a_match_takes_only_whist_results(result: object) -> None:
    match = whist.WhistVariant().new_match()
    with pytest.raises(cardrules.ScoreInputError):
        match.after(result)  # type: ignore[arg-type]
    with pytest.raises(cardrules.ScoreInputError):
        whist.WhistMatch(whist.WhistVariant(), dealer=result)  # type: ignore[arg-type]
    assert match.results == ()


def test_a_match_for_a_server_deals_every_deal_requiring_the_seat() -> None:
    variant = whist.WhistVariant()
    match = variant.new_match(seed=8, dealer=2, require_seat=True)
    assert match.require_seat
    rng = random.Random(8)
    while not match.is_over:
        state = match.next_deal()
        assert state.requires_seat
        assert state == variant.new_game(
            seed=deal_seed(8, len(match.results)), dealer=match.dealer, require_seat=True
        )
        assert match.next_deal(seed=3).requires_seat
        with pytest.raises(cardrules.SeatRequiredError):
            state.apply(state.legal_actions()[0])
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_actions()), state.to_play)
        match = match.after(state.result())
        assert match.require_seat
    plain = variant.new_match(seed=8)
    assert not plain.require_seat
    assert not plain.next_deal().requires_seat


@pytest.mark.parametrize("flag", [1, "yes", None])
def test_a_matchs_require_seat_is_a_bool(flag: object) -> None:
    with pytest.raises(cardrules.ScoreInputError, match="require_seat must be True or False"):
        whist.WhistVariant().new_match(require_seat=flag)  # type: ignore[arg-type]


def test_the_match_and_a_deal_name_their_players() -> None:
    spades = cardrules.Suit.SPADES
    match = whist.WhistVariant(honours=True).new_match()
    match = match.after(whist.score_deal((10, 3), trump=spades, honours_held=(3, 1)))
    names = ("Ann", "Bob", "Cy", "Di")
    assert match.explain(names=names).splitlines() == [
        "1. spades: Ann and Cy take 10 tricks, Bob and Di take 3: +6 and 0",
        "Game to 5: Ann and Cy 6, Bob and Di 0: Ann and Cy win",
    ]
    assert match.explain(names=None) == match.explain()
    assert "seats 0 and 2" in match.explain()
    assert match.results[0].explain(names=names).splitlines() == [
        "Trump: spades",
        "Ann and Cy: 10 tricks, 4 over the book: +4",
        "Bob and Di: 3 tricks, 0 over the book: 0",
        "Honours: Ann and Cy held 3 of the trump A K Q J: +2",
        "Score: Ann and Cy +6, Bob and Di 0",
    ]
    bad: list[object] = [("Ann", "Bob", "Cy"), ("Ann", "Ann", "Cy", "Di"), "AnnBobCyDi", 7]
    for names_given in bad:
        for explain in (match.explain, match.results[0].explain):
            with pytest.raises(cardrules.InvalidArgumentError, match="names are 4 distinct"):
                explain(names=names_given)  # type: ignore[arg-type]


# -- registration and the command line -------------------------------------------------------


def test_registered_through_the_entry_point(monkeypatch: pytest.MonkeyPatch) -> None:
    _register(monkeypatch)
    assert cardrules.get_variant("whist") == whist.WhistVariant()
    assert cardrules.get_variant("Plain Whist", honours=True) == whist.WhistVariant(honours=True)
    assert cardrules.variant_ids() == ("tarot", "bid-euchre", "whist")
    assert cardrules.plugin_errors() == {}
    state = cardrules.get_variant("whist").new_game(seed=5)
    state = state.apply(state.legal_actions()[0])
    record = cardrules.loads(cardrules.dumps(state.record()))
    assert cardrules.final_state(record) == state


def test_the_command_line_uses_the_plugin(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    _register(monkeypatch)
    assert main(["variants"]) == 0
    listing = capsys.readouterr().out
    assert "whist        Whist (plugin cardrules_whist; also plain-whist, english-whist)" in listing
    saved = tmp_path / "whist.json"
    assert (
        main(["demo", "whist", "--seed", "3", "--option", "honours=true", "--save", str(saved)])
        == 0
    )
    demo = capsys.readouterr().out
    assert "no heuristic bot: random bots play instead" in demo
    assert "Honours: " in demo
    assert demo.count(": play ") == 52
    assert main(["replay", str(saved)]) == 0
    assert "1 valid record(s)" in capsys.readouterr().out
    assert main(["simulate", "whist", "--deals", "4", "--seed", "1"]) == 2
    assert "no heuristic bot" in capsys.readouterr().err
    assert main(["simulate", "whist", "--deals", "4", "--seed", "1", "--bots", "random"]) == 0
    assert "4 deals, seed 1" in capsys.readouterr().out


def test_an_installed_plugin_in_a_real_subprocess(tmp_path: Path) -> None:
    # What `pip install examples/whist_plugin` leaves on sys.path, without installing:
    # the package, and a distribution's metadata declaring the entry point.
    name, value = _entry_point()
    dist = tmp_path / "cardrules_whist-0.1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: cardrules-whist\nVersion: 0.1.0\n", encoding="utf-8"
    )
    (dist / "entry_points.txt").write_text(
        f"[{registry.ENTRY_POINT_GROUP}]\n{name} = {value}\n", encoding="utf-8"
    )
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(tmp_path), str(PLUGIN_DIR), _PACKAGE_ROOT])

    def cli(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "cardrules", *args],
            capture_output=True,
            text=True,
            timeout=60,
            env=env,
            check=False,
        )

    listing = cli("variants")
    assert listing.returncode == 0, listing.stderr
    assert [line.split()[0] for line in listing.stdout.splitlines()][-1] == "whist"
    saved = tmp_path / "game.json"
    demo = cli("demo", "whist", "--seed", "8", "--save", str(saved))
    assert demo.returncode == 0, demo.stderr
    assert "Score: seats 0 and 2" in demo.stdout
    replayed = cli("replay", str(saved))
    assert replayed.returncode == 0, replayed.stderr
