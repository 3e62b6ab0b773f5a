"""The example plugin ``examples/ohhell_plugin``: Oh Hell, a game with an auction, on the kit.

Each rule OH-1 … OH-9 of its module's docstring is tested here by its ID, then the
plugin is checked with the conformance kit, registered through its entry point
(``tests/conftest.py``'s ``example_plugins``), and simulated, played and replayed
through the command line, which names no plugin.

These tests need the repository's ``examples`` folder next to ``tests``; they are
skipped where the test suite runs without it (against an installed wheel).
"""

from __future__ import annotations

import doctest
import json
import random
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

import cardrules
from cardrules.cli import main
from cardrules.testing import check_variant

if "cardrules_ohhell" not in sys.modules:
    pytest.skip("the examples folder is not next to the tests", allow_module_level=True)

if TYPE_CHECKING:
    from examples.ohhell_plugin import cardrules_ohhell as ohhell
else:
    import cardrules_ohhell as ohhell  # loaded by tests/conftest.py

Card = cardrules.Card


def codes(text: str) -> list[str]:
    return text.split()


# Seat 0 deals 3 cards to each of 3 seats; the turn-up is the 2 of clubs.
HANDS = [codes("AS KS 2H"), codes("QS 3H 4D"), codes("JS AH 5D")]


def deal(
    dealer: int = 0, turn_up: str = "2C", hands: list[list[str]] = HANDS
) -> ohhell.OhHellState:
    variant = ohhell.OhHellVariant(players=3, hand_size=3)
    piles = [[Card.parse(c) for c in hand] for hand in hands]
    state = variant.state_from_piles(dealer, [*piles, [Card.parse(turn_up)]])
    assert isinstance(state, ohhell.OhHellState)
    return state


def test_the_plugin_passes_the_conformance_kit() -> None:
    for options in ({}, {"players": 3, "hand_size": 17}, {"players": 7, "hand_size": 1}):
        report = check_variant(ohhell.OhHellVariant(**options), games=4, seed=2, illegal_samples=2)
        assert report.games == 4
        assert report.illegal_tried > 0


def test_the_plugin_docstring_examples() -> None:
    result = doctest.testmod(ohhell, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted >= 8
    assert result.failed == 0


@pytest.mark.parametrize(
    ("options", "word"),
    [({"players": 2}, "players"), ({"players": 8}, "players"), ({"hand_size": 0}, "hand_size")],
)
def test_oh1_oh2_options_are_checked(options: dict[str, int], word: str) -> None:
    with pytest.raises(cardrules.OptionsError, match=word):
        ohhell.OhHellVariant(**options)
    # OH-2: a card must be left to turn up.
    with pytest.raises(cardrules.OptionsError, match=r"\(OH-2\)"):
        ohhell.OhHellVariant(players=4, hand_size=13)
    assert ohhell.OhHellVariant(players=3, hand_size=17).players == 3


def test_oh2_oh3_a_deal_is_the_hands_then_the_next_card_turned_up() -> None:
    variant = ohhell.OhHellVariant(players=5, hand_size=6)
    rng = random.Random(4)
    state = variant.new_game(rng=rng, dealer=2)
    piles = variant.deal_piles(state)
    assert [len(p) for p in piles] == [6] * 5 + [1]
    assert len({c for p in piles for c in p}) == 31
    # The deal as JSON: the hands and the turn-up, read back exactly.
    document = json.loads(json.dumps(variant.deal_json(state)))
    assert set(document) == {"hands", "turn_up"}
    assert variant.state_from_deal_json(2, document) == state
    # OH-3: the turn-up is public and sets trump.
    view = state.view(0)
    assert view.turn_up == piles[-1][0]
    assert view.turn_up in view.public_cards
    with pytest.raises(cardrules.RecordError):
        variant.state_from_deal_json(2, {**document, "turn_up": document["hands"][0][:1]})


def test_oh4_each_seat_bids_once_from_the_dealers_left() -> None:
    state = deal(dealer=1)
    order = []
    while state.view(0).bids.count(None):
        seat = state.to_play
        assert seat is not None
        order.append(seat)
        state = state.apply("bid 1", seat=seat) if seat != 1 else state.apply("bid 0", seat=1)
    assert order == [2, 0, 1]
    assert state.view(2).bids == (1, 0, 1)
    with pytest.raises(cardrules.BidError, match=r"\(OH-4\)") as info:
        deal().apply("bid 4")  # more than the 3 tricks of the deal
    assert info.value.rule_id == "OH-4"
    with pytest.raises(cardrules.WrongPhaseError, match=r"\(OH-4\)"):
        deal().apply("play QS")


def test_oh5_the_dealer_may_not_make_the_bids_add_up() -> None:
    state = deal().apply("bid 1").apply("bid 1")
    assert state.to_play == 0
    assert "bid 1" not in [str(a) for a in state.legal_actions()]
    with pytest.raises(cardrules.BidError, match=r"\(OH-5\)") as info:
        state.apply("bid 1", seat=0)
    assert info.value.rule_id == "OH-5"
    assert state.is_legal("bid 0")
    assert state.is_legal("bid 3")


def test_oh6_to_oh8_the_card_play() -> None:
    state = deal().apply("bid 1").apply("bid 1").apply("bid 0")
    # OH-6: the dealer's left leads.
    assert state.to_play == 1
    state = state.apply("play QS")
    # OH-7: seat 2 holds a spade and must follow.
    with pytest.raises(cardrules.MustFollowSuitError, match=r"\(OH-7\)"):
        state.apply("play AH")
    with pytest.raises(cardrules.UnknownCardError, match=r"\(OH-2\)"):
        state.apply("play 21T")
    with pytest.raises(cardrules.WrongPhaseError):
        state.apply("bid 2")
    state = state.apply("play JS").apply("play AS")
    # OH-8: the highest of the suit led wins, and leads.
    assert state.tricks_won == (1, 0, 0)
    assert state.to_play == 0
    state = state.apply("play 2H")
    # Seat 1 holds a heart; seat 2 follows with the ace.
    state = state.apply("play 3H").apply("play AH")
    assert state.tricks_won == (1, 0, 1)
    # OH-8: a trump (clubs) would win, but nobody holds one; seat 2 leads the last.
    assert state.to_play == 2
    state = state.apply("play 5D").apply("play KS").apply("play 4D")
    assert state.tricks_won == (1, 0, 2)


def test_oh8_a_trump_wins() -> None:
    hands = [codes("AS KS 2H"), codes("QS 3C 4D"), codes("JS AH 5D")]
    state = deal(hands=hands).apply("bid 0").apply("bid 0").apply("bid 0")
    state = state.apply("play QS").apply("play JS").apply("play AS")
    assert (state.tricks_won, state.to_play) == ((1, 0, 0), 0)
    # Seat 1 has no heart: its 3 of clubs, a trump (OH-3), beats the ace of hearts.
    state = state.apply("play 2H").apply("play 3C").apply("play AH")
    assert (state.tricks_won, state.to_play) == ((1, 1, 0), 1)


def test_oh9_exact_bids_score_ten_plus_the_bid() -> None:
    result = ohhell.OhHellResult(bids=(0, 2, 1), tricks=(0, 1, 2))
    assert result.points == (10, 0, 0)
    assert result.returns == (10.0, 0.0, 0.0)
    assert result.summary == "exact bids: seat 0"
    state = deal().apply("bid 1").apply("bid 0").apply("bid 3")
    with pytest.raises(cardrules.WrongPhaseError, match=r"\(OH-9\)"):
        state.result()
    rng = random.Random(1)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    result = state.result()
    assert result.bids == (3, 1, 0)
    assert result.points == tuple(
        10 + b if b == t else 0 for b, t in zip(result.bids, result.tricks, strict=True)
    )


def test_the_declaration() -> None:
    variant = ohhell.OhHellVariant(players=6, hand_size=8)
    info = variant.info
    assert (info.players, info.max_game_length, info.score_bounds) == (6, 54, (0, 18))
    state = variant.new_game(seed=3)
    view = state.view(4)
    assert len(view.observation()) == info.observation_size
    bids = info.block("bids")
    assert view.observation()[bids.offset : bids.stop] == [0.0] * bids.size
    rng = random.Random(3)
    longest = 0
    for _ in range(30):
        state = variant.new_game(rng=rng)
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_actions()))
        longest = max(longest, len(state.history))
        assert all(0 <= r <= 18 for r in state.returns())
    # Every deal has exactly its longest length: a bid per seat, then every card.
    assert longest == info.max_game_length


# -- registration, the command line ----------------------------------------------------------


def test_the_command_line_plays_simulates_and_replays_it(
    example_plugins: tuple[str, ...], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert "oh-hell" in example_plugins
    assert cardrules.get_variant("Oh Hell!", players=3) == ohhell.OhHellVariant(players=3)
    assert main(["variants"]) == 0
    assert "oh-hell      Oh Hell (plugin cardrules_ohhell" in capsys.readouterr().out
    saved = tmp_path / "ohhell.json"
    options = ["--option", "players=3", "--option", "hand_size=4"]
    assert main(["demo", "oh-hell", "--seed", "5", *options, "--save", str(saved)]) == 0
    demo = capsys.readouterr().out
    assert len(re.findall(r"^seat \d: bid \d$", demo, re.MULTILINE)) == 3
    assert demo.count("Trick ") == 4
    assert "took" in demo
    assert main(["replay", str(saved)]) == 0
    assert "1 valid record(s)" in capsys.readouterr().out
    report = tmp_path / "report.html"
    args = ["simulate", "oh-hell", "--deals", "12", "--seed", "1", "--bots", "random"]
    assert main([*args, "--report", str(report), "--json", str(tmp_path / "run.json")]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Oh Hell: 12 deals, seed 1")
    assert "Exact bids: seat 0: " in out
    summary = json.loads((tmp_path / "run.json").read_text())["summary"]
    assert summary["deals"] == 12
    assert sum(summary["exact"]) == sum(
        1
        for row in summary["seats"]
        for score, count in row["scores"]
        if score > 0
        for _ in range(count)
    )
    page = report.read_text()
    assert page.startswith("<!DOCTYPE html>")
    assert page.count("<svg") == 4
    assert "Exact bids" in page
