"""Matches that serve a table, in both games: seeded and seat-requiring deals, one
spelling of totals, resuming from paper, and ``to_dict``/``from_dict`` from which play
goes on exactly as from the live match.
"""

from __future__ import annotations

import copy
import json
import random
from fractions import Fraction
from typing import Any

import pytest

from cardrules import (
    GameOverError,
    InvalidArgumentError,
    OptionsError,
    ScoreInputError,
    SeatRequiredError,
)
from cardrules.bid_euchre import BidEuchreMatch, BidEuchreOptions, BidEuchreVariant, HandFacts
from cardrules.match import deal_seed
from cardrules.tarot import DealFacts, TarotMatch, TarotOptions, TarotVariant

Match = TarotMatch | BidEuchreMatch

MATCHES: dict[str, Any] = {
    "tarot4-limit": lambda: TarotVariant().new_match(seed=11, deal_limit=6, require_seat=True),
    "tarot3-target": lambda: TarotVariant(players=3).new_match(seed=12, target_score=2000),
    "tarot5-halves": lambda: TarotVariant(
        players=5, half_point_rounding="none", excuse_compensation="card"
    ).new_match(seed=13, deal_limit=8, totals=(Fraction(1, 2), Fraction(-1, 2), 0, 0, 0)),
    "euchre": lambda: BidEuchreVariant().new_match(seed=14, require_seat=True),
    "euchre-house": lambda: BidEuchreVariant(
        target_score=21, renege_mode="penalize", bidding_style="continuous"
    ).new_match(seed=15, totals=(5, -3), dealer=2),
}


def play_deal(match: Match, rng: random.Random) -> tuple[Any, list[Any]]:
    """Deal the match's next deal from its own seed and play it at random; the deal's
    states in order, and the result."""
    state = match.next_deal()
    states = [state]
    while not state.is_terminal:
        action = rng.choice(state.legal_actions())
        state = state.apply(action, seat=state.to_play)
        states.append(state)
    return state.result(), states


def play_on(match: Match, seed: int, deals: int) -> list[Any]:
    """Everything that happens in the next ``deals`` deals (or until the end)."""
    rng = random.Random(seed)
    seen: list[Any] = []
    for _ in range(deals):
        if match.is_over:
            break
        result, states = play_deal(match, rng)
        match = match.after(result)
        seen.append((states, result, match.totals, match.dealer, match.is_over, match.winner))
    seen.append(match.to_dict())
    return seen


@pytest.mark.parametrize("name", MATCHES)
def test_a_match_restored_mid_session_plays_on_exactly_as_the_live_one(name: str) -> None:
    match = MATCHES[name]()
    rng = random.Random(1)
    for _ in range(3):
        result, _ = play_deal(match, rng)
        match = match.after(result)
    assert match.results
    text = json.dumps(match.to_dict(), allow_nan=False)
    restored = type(match).from_dict(json.loads(text))
    assert restored == match
    assert restored.totals == match.totals
    assert restored.dealer == match.dealer
    assert restored.to_dict() == match.to_dict()
    assert restored.next_deal() == match.next_deal()
    live, again = play_on(match, 99, 40), play_on(restored, 99, 40)
    assert live == again
    assert len(live) > 3


@pytest.mark.parametrize("name", MATCHES)
def test_every_deal_of_a_served_match_requires_the_seat_when_asked(name: str) -> None:
    match = MATCHES[name]()
    state = match.next_deal()
    assert state.requires_seat is match.require_seat
    if match.require_seat:
        with pytest.raises(SeatRequiredError):
            state.apply(state.legal_actions()[0])


@pytest.mark.parametrize("name", MATCHES)
def test_next_deal_takes_an_rng_or_a_seed_not_both(name: str) -> None:
    match = MATCHES[name]()
    variant_state = match.next_deal(seed=5)
    assert variant_state == match.next_deal(random.Random(5))
    assert variant_state != match.next_deal()
    assert match.next_deal() == match.next_deal()
    with pytest.raises(InvalidArgumentError, match="not both"):
        match.next_deal(random.Random(5), seed=5)


def test_the_match_seed_gives_each_deal_its_own_seed() -> None:
    match = TarotVariant().new_match(seed=3, deal_limit=2)
    assert match.next_deal() == TarotVariant().new_game(seed=deal_seed(3, 0))
    match = match.after(DealFacts(players=4, contract="prise", taker=0, points=60, bouts=1))
    assert match.next_deal() == TarotVariant().new_game(seed=deal_seed(3, 1), dealer=1)


@pytest.mark.parametrize("game", ["tarot", "euchre"])
def test_new_match_refuses_both_seed_and_rng(game: str) -> None:
    variant = TarotVariant() if game == "tarot" else BidEuchreVariant()
    with pytest.raises(InvalidArgumentError, match="not both"):
        variant.new_match(seed=1, rng=random.Random(1))
    for seed in (True, 1.0, "1", 1 << 60):
        with pytest.raises(InvalidArgumentError, match="seed"):
            variant.new_match(seed=seed)  # type: ignore[arg-type]
    drawn = variant.new_match(rng=random.Random(8))
    assert drawn == variant.new_match(rng=random.Random(8))
    assert drawn.seed is not None


def test_totals_is_the_one_spelling_and_bid_euchre_scores_is_deprecated() -> None:
    assert BidEuchreMatch.start(totals=(28, 20)).totals == (28, 20, 28, 20)
    assert BidEuchreMatch.start(totals=[28, 20, 28, 20]).scores == (28, 20)
    with pytest.warns(DeprecationWarning, match="scores= is deprecated.*totals="):
        old = BidEuchreMatch.start(scores=(28, 20))
    assert old == BidEuchreMatch.start(totals=(28, 20))
    with (
        pytest.warns(DeprecationWarning, match="scores="),
        pytest.raises(ScoreInputError, match="not both"),
    ):
        BidEuchreMatch.start(totals=(1, 1), scores=(1, 1))
    assert TarotMatch.start(totals=(10, -10, 0, 0)).totals == (10, -10, 0, 0)


@pytest.mark.parametrize(
    "totals",
    [(1, 2, 1), (1, 2, 3, 4), (28, 20, 20, 28), (True, 0), ("28", 20), (1 << 60, 0), 5, None],
    ids=repr,
)
def test_bid_euchre_paper_totals_are_checked(totals: Any) -> None:
    if totals is None:
        assert BidEuchreMatch.start(totals=totals).totals == (0, 0, 0, 0)
        return
    with pytest.raises(ScoreInputError, match="totals"):
        BidEuchreMatch.start(totals=totals)


@pytest.mark.parametrize(
    ("totals", "why"),
    [
        ((10, -10, 0), "4 seats"),
        ((10, -10, 1, 0), "add up to 0"),
        ((0.25, -0.25, 0, 0), "half point"),
        ((Fraction(1, 3), Fraction(-1, 3), 0, 0), "whole or half"),
        ((float("nan"), 0, 0, 0), "half point"),
        ((True, -1, 0, 0), "half point"),
        ((1 << 60, -(1 << 60), 0, 0), "2\\*\\*53"),
        ("0000", "4 seats"),
    ],
    ids=repr,
)
def test_tarot_paper_totals_are_checked(totals: Any, why: str) -> None:
    with pytest.raises(ScoreInputError, match=why):
        TarotMatch.start(totals=totals)


def test_tarot_resumes_from_paper_with_half_points() -> None:
    options = TarotOptions(half_point_rounding="none", single_deal=False)
    match = TarotMatch.start(options, totals=(40.5, -40.5, 0, 0))
    assert match.totals == (Fraction(81, 2), Fraction(-81, 2), 0, 0)
    later = match.after(DealFacts(players=4, contract="garde", taker=2, points=45, bouts=2))
    assert later.totals == (Fraction(-35, 2), Fraction(-197, 2), 174, -58)
    assert "start: 40.5, -40.5, 0, 0" in later.explain()
    assert later.to_dict()["totals"] == [-17.5, -98.5, 174, -58]
    assert TarotMatch.from_dict(json.loads(json.dumps(later.to_dict()))) == later
    assert "totals=(Fraction(-35, 2), Fraction(-197, 2), 174, -58)" in repr(later)


GARDE = {"players": 4, "contract": "garde", "taker": 1, "points": 45, "bouts": 2}


def test_a_tarot_session_of_a_number_of_deals_ends_by_itself() -> None:
    match = TarotVariant().new_match(deal_limit=2)
    assert "2 deals" in match.explain()
    match = match.after(GARDE).after({**GARDE, "taker": 0})
    assert match.is_over
    assert match.winner is None
    assert match.leaders == (0, 1)
    with pytest.raises(GameOverError, match="2 deals"):
        match.after(GARDE)
    with pytest.raises(GameOverError, match="2 deals"):
        match.next_deal()
    with pytest.raises(ScoreInputError, match="follow the end"):
        TarotMatch(results=(*match.results, match.results[0]), deal_limit=2)


def test_annulled_deals_do_not_count_towards_the_session_length() -> None:
    from cardrules.tarot import DealResult

    match = TarotMatch.start(deal_limit=1)
    match = match.after(DealResult.annulled_deal(players=4, reason="all_pass"))
    assert not match.is_over
    assert match.after(GARDE).is_over


def test_a_tarot_session_to_a_score_ends_at_the_target() -> None:
    match = TarotMatch.start(target_score=170)
    match = match.after({**GARDE, "points": 41})
    assert not match.is_over
    match = match.after(GARDE)
    assert match.is_over
    assert match.winner == 1
    assert "seat 1 wins" in match.explain()
    with pytest.raises(GameOverError, match="target score, 170"):
        match.after(GARDE)


def test_a_session_length_overrides_single_deal() -> None:
    match = TarotMatch.start(TarotOptions(single_deal=True), deal_limit=3).after(GARDE)
    assert not match.is_over
    assert TarotMatch.start(TarotOptions(single_deal=True)).after(GARDE).is_over
    assert not TarotMatch.start(TarotOptions(single_deal=False)).after(GARDE).is_over


@pytest.mark.parametrize("value", [0, -1, True, 1.5, "3", 10**7])
def test_a_session_length_is_a_positive_int(value: Any) -> None:
    with pytest.raises(ScoreInputError, match="deal_limit"):
        TarotMatch.start(deal_limit=value)
    with pytest.raises(ScoreInputError, match="target_score"):
        TarotMatch.start(target_score=value)


def tarot_document() -> dict[str, Any]:
    match = TarotVariant().new_match(seed=2, deal_limit=5).after(GARDE).after(GARDE)
    return match.to_dict()


def euchre_document() -> dict[str, Any]:
    facts = HandFacts(contract="4", declarer=1, tricks=(2, 4))
    match = BidEuchreVariant().new_match(seed=2, totals=(3, 4)).after(facts).after(facts)
    return match.to_dict()


def tampered(document: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    out = copy.deepcopy(document)
    target = out
    for step in path[:-1]:
        target = target[step]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return out


HOSTILE: list[tuple[tuple[Any, ...], Any, type[Exception], str]] = [
    (("format",), "cardrules-record", ScoreInputError, "not a cardrules match"),
    (("schema",), 2, ScoreInputError, "version 2"),
    (("variant",), "whist", ScoreInputError, "match of 'whist'"),
    (("extra",), 1, ScoreInputError, "unknown field 'extra'"),
    (("winner",), KeyError, ScoreInputError, "lacks the field 'winner'"),
    (("dealer",), 3, ScoreInputError, "'dealer'"),
    (("is_over",), True, ScoreInputError, "'is_over'"),
    (("winner",), 1, ScoreInputError, "'winner'"),
    (("results",), {}, ScoreInputError, "'results' is a list"),
    (("totals",), "0", ScoreInputError, "'totals' is a list"),
    (("results", 0, "explain"), "made", ScoreInputError, "'explain'"),
    (("results", 1, "facts"), None, ScoreInputError, "facts"),
    (("options",), {"players": 9}, OptionsError, "players"),
    (("options",), {"x": 1}, OptionsError, "unknown"),
    (("seed",), 1.5, InvalidArgumentError, "seed"),
    (("require_seat",), "yes", ScoreInputError, "require_seat"),
    (("totals", 0), float("inf"), ScoreInputError, "non-finite"),
    (("totals", 0), 1 << 60, ScoreInputError, "out of range"),
    (("seed",), {"a": [[[[[[[[[1]]]]]]]]]}, ScoreInputError, "nested too deeply"),
    (("seed",), "\ud800", ScoreInputError, "not Unicode"),
]


@pytest.mark.parametrize(("path", "value", "error", "why"), HOSTILE, ids=repr)
@pytest.mark.parametrize("game", ["tarot", "euchre"])
def test_hostile_match_documents_are_refused_with_specific_errors(
    game: str, path: tuple[Any, ...], value: Any, error: type[Exception], why: str
) -> None:
    cls: Any = TarotMatch if game == "tarot" else BidEuchreMatch
    document = tarot_document() if game == "tarot" else euchre_document()
    if game == "euchre" and path == ("options",) and value == {"players": 9}:
        value = {"target_score": 0}
        why = "target_score"
    if game == "euchre" and path == ("dealer",):
        value = 7
    if game == "euchre" and path == ("winner",) and value == 1:
        why = "'is_over'|'winner'|below the target"
    with pytest.raises(error, match=why):
        cls.from_dict(tampered(document, path, value))


@pytest.mark.parametrize("document", [None, [], "{}", 7, {}], ids=repr)
def test_match_documents_that_are_not_objects_are_refused(document: Any) -> None:
    for cls in (TarotMatch, BidEuchreMatch):
        with pytest.raises(ScoreInputError):
            cls.from_dict(document)


def test_a_tarot_document_with_a_deal_after_the_end_is_refused() -> None:
    document = TarotMatch.start(deal_limit=1).after(GARDE).to_dict()
    document["results"].append(document["results"][0])
    with pytest.raises(ScoreInputError, match="follow the end"):
        TarotMatch.from_dict(document)


def test_a_bid_euchre_document_with_a_hand_after_the_end_is_refused() -> None:
    options = BidEuchreOptions(target_score=5)
    made = HandFacts(contract="4", declarer=0, tricks=(4, 2))
    document = BidEuchreMatch.start(options).after(made).after(made).to_dict()
    document["results"].append(document["results"][0])
    document["totals"] = [12, 4, 12, 4]
    with pytest.raises(ScoreInputError, match="follows its end"):
        BidEuchreMatch.from_dict(document)


def test_a_match_document_of_the_other_game_is_refused() -> None:
    with pytest.raises(ScoreInputError, match="match of 'bid-euchre', not of 'tarot'"):
        TarotMatch.from_dict(euchre_document())
    with pytest.raises(ScoreInputError, match="match of 'tarot', not of 'bid-euchre'"):
        BidEuchreMatch.from_dict(tarot_document())


def test_a_finished_bid_euchre_match_round_trips_with_its_winner() -> None:
    options = BidEuchreOptions(target_score=5)
    made = HandFacts(contract="4", declarer=0, tricks=(4, 2))
    match = BidEuchreMatch.start(options).after(made).after(made)
    assert match.is_over
    back = BidEuchreMatch.from_dict(json.loads(json.dumps(match.to_dict())))
    assert back == match
    assert back.winner == 0
    built = BidEuchreMatch(options=options, totals=(6, 0), dealer=2, winner=0)
    assert BidEuchreMatch.from_dict(built.to_dict()) == built
