"""Scoring of one French Tarot deal: worked cases S-1 … S-26 and rules T-4, T-5, T-25 … T-37."""

from __future__ import annotations

import copy
import math
import pickle
from decimal import Decimal
from fractions import Fraction
from typing import Any

import attrs
import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from cardrules.cards import EXCUSE, Card, CardKind, Rank
from cardrules.decks import tarot_deck
from cardrules.errors import CardrulesError, InvalidSeatError, OptionsError, ScoreInputError
from cardrules.tarot.bidding import Contract
from cardrules.tarot.options import TarotOptions
from cardrules.tarot.scoring import (
    Camp,
    DealFacts,
    DealResult,
    PoigneeLevel,
    score_deal,
    target_points,
)

A, B, C, D, E = 0, 1, 2, 3, 4
ATTACK, DEFENCE = Camp.ATTACK, Camp.DEFENCE
SIMPLE, DOUBLE, TRIPLE = PoigneeLevel.SIMPLE, PoigneeLevel.DOUBLE, PoigneeLevel.TRIPLE
PRISE, GARDE = Contract.PRISE, Contract.GARDE
GARDE_SANS, GARDE_CONTRE = Contract.GARDE_SANS, Contract.GARDE_CONTRE

# T-4, written from the spec's table: half points of every card.
FACE_HALVES = {Rank.KING: 9, Rank.QUEEN: 7, Rank.KNIGHT: 5, Rank.JACK: 3}
DECK = tarot_deck()
SPEC_TARGETS = {0: 56, 1: 51, 2: 41, 3: 36}


def is_bout(card: Card) -> bool:
    return card is EXCUSE or (card.kind is CardKind.TRUMP and card.rank in (1, 21))


def card_halves(card: Card) -> int:
    if is_bout(card):
        return 9
    if card.kind is CardKind.SUIT:
        return FACE_HALVES.get(Rank(card.rank), 1)
    return 1


PETIT = Card.trump(1)


def facts(**kwargs: Any) -> DealFacts:
    """DealFacts with a 4-player Garde by seat 0 unless told otherwise."""
    base: dict[str, Any] = {"players": 4, "contract": GARDE, "taker": A}
    base.update(kwargs)
    return DealFacts(**base)


# --------------------------------------------------------------------------- worked cases

# (case, facts, options, M, scores seat 0 first; the taker is seat A = 0)
CASES: list[tuple[str, DealFacts, TarotOptions, int, tuple[int, ...]]] = [
    ("S-1", facts(points=45, bouts=2), TarotOptions(), 58, (174, -58, -58, -58)),
    ("S-2", facts(contract=PRISE, points=51, bouts=1), TarotOptions(), 25, (75, -25, -25, -25)),
    ("S-3", facts(contract=PRISE, points=55, bouts=0), TarotOptions(), -26, (-78, 26, 26, 26)),
    ("S-4", facts(points=40.5, bouts=2), TarotOptions(), -52, (-156, 52, 52, 52)),
    (
        "S-6",
        facts(contract=GARDE_CONTRE, points=50, bouts=3),
        TarotOptions(),
        234,
        (702, -234, -234, -234),
    ),
    (
        "S-7",
        facts(points=53, bouts=1, petit_au_bout=ATTACK),
        TarotOptions(),
        74,
        (222, -74, -74, -74),
    ),
    (
        "S-8",
        facts(contract=PRISE, points=50, bouts=2, petit_au_bout=DEFENCE),
        TarotOptions(),
        24,
        (72, -24, -24, -24),
    ),
    (
        "S-10",
        facts(points=45, bouts=1, petit_au_bout=DEFENCE),
        TarotOptions(),
        -82,
        (-246, 82, 82, 82),
    ),
    (
        "S-11",
        facts(points=47, bouts=1, poignees=(SIMPLE,)),
        TarotOptions(),
        -78,
        (-234, 78, 78, 78),
    ),
    (
        "S-12",
        facts(contract=PRISE, points=46, bouts=2, poignees=(DOUBLE,)),
        TarotOptions(),
        60,
        (180, -60, -60, -60),
    ),
    (
        "S-14",
        facts(contract=GARDE_CONTRE, points=44, bouts=2, petit_au_bout=DEFENCE),
        TarotOptions(),
        108,
        (324, -108, -108, -108),
    ),
    (
        "S-15",
        facts(contract=GARDE_SANS, points=91, bouts=3, chelem_announced=True, chelem=ATTACK),
        TarotOptions(),
        720,
        (2160, -720, -720, -720),
    ),
    (
        "S-17",
        facts(points=70, bouts=2, chelem_announced=True),
        TarotOptions(),
        -92,
        (-276, 92, 92, 92),
    ),
    (
        "S-19",
        facts(points=60, bouts=3, poignees=(TRIPLE,)),
        TarotOptions(),
        138,
        (414, -138, -138, -138),
    ),
    (
        "S-19 without T-20c",
        facts(points=60, bouts=3, poignees=(DOUBLE,)),
        TarotOptions(poignee_counts_forced_discards=False),
        128,
        (384, -128, -128, -128),
    ),
    ("S-20", facts(players=3, points=40.5, bouts=2), TarotOptions(), -52, (-104, 52, 52)),
    (
        "S-21",
        facts(players=3, contract=PRISE, points=Fraction(103, 2), bouts=1),
        TarotOptions(),
        26,
        (52, -26, -26),
    ),
    (
        "S-23",
        facts(players=5, partner=E, points=Decimal("43.5"), bouts=2),
        TarotOptions(),
        56,
        (112, -56, -56, -56, 56),
    ),
    (
        "S-24",
        facts(players=5, contract=PRISE, points=49, bouts=1),
        TarotOptions(),
        -27,
        (-108, 27, 27, 27, 27),
    ),
    (
        "S-26",
        facts(players=5, partner=E, contract=GARDE_CONTRE, points=36, bouts=3, poignees=(SIMPLE,)),
        TarotOptions(),
        170,
        (340, -170, -170, -170, 170),
    ),
]


@pytest.mark.parametrize(
    ("case", "deal", "options", "unit", "scores"), CASES, ids=[c[0] for c in CASES]
)
def test_worked_scoring_cases(
    case: str, deal: DealFacts, options: TarotOptions, unit: int, scores: tuple[int, ...]
) -> None:
    result = score_deal(deal, options)
    assert result.unit == unit
    assert result.scores == scores
    assert all(type(s) is int for s in result.scores)
    assert sum(result.scores) == 0


def test_worked_case_breakdowns() -> None:
    s10 = score_deal(facts(points=45, bouts=1, petit_au_bout=DEFENCE))
    assert (s10.target, s10.made, s10.margin, s10.difference) == (51, False, -6, 6)
    assert (s10.base, s10.petit_au_bout_bonus, s10.poignee_bonus, s10.chelem_bonus) == (
        -62,
        -20,
        0,
        0,
    )
    s15 = score_deal(
        facts(contract=GARDE_SANS, points=91, bouts=3, chelem_announced=True, chelem=ATTACK)
    )
    assert (s15.difference, s15.base, s15.chelem_bonus, s15.multiplier) == (55, 320, 400, 4)
    s26 = score_deal(
        facts(players=5, partner=E, contract=GARDE_CONTRE, points=36, bouts=3, poignees=(SIMPLE,))
    )
    assert (s26.made, s26.margin, s26.base, s26.poignee_bonus) == (True, 0, 150, 20)


# --------------------------------------------------------------------------- T-4, T-5


def test_t4_deck_totals_182_half_points() -> None:
    assert len(DECK) == 78
    assert sum(card_halves(c) for c in DECK) == 182
    assert sum(is_bout(c) for c in DECK) == 3


def test_t4_attack_slam_points_follow_card_values() -> None:
    # An attack slam without Garde contre leaves the defence at most the Excuse: kept for a
    # half point (T-25) or moved at the last trick (T-26a). Scan every value.
    excuse = card_halves(EXCUSE)
    expected = {(182, 3), (182 - excuse + 1, 2), (182 - excuse, 2)}
    accepted = set()
    for halves in range(183):
        for bouts in range(4):
            try:
                facts(points=Fraction(halves, 2), bouts=bouts, chelem=ATTACK)
            except ScoreInputError:
                continue
            accepted.add((halves, bouts))
    assert accepted == expected


def test_t4_bouts_need_their_points() -> None:
    low = 9 * 3 - 1
    facts(contract=GARDE_CONTRE, points=Fraction(low, 2), bouts=3)
    with pytest.raises(ScoreInputError, match="T-28"):
        facts(contract=GARDE_CONTRE, points=Fraction(low - 1, 2), bouts=3)
    high = 182 - (9 * 3 - 1)
    facts(points=Fraction(high, 2), bouts=0)
    with pytest.raises(ScoreInputError, match="defence holds 3"):
        facts(points=Fraction(high + 1, 2), bouts=0)


@pytest.mark.parametrize("bouts", [0, 1, 2, 3])
def test_t5_target_by_bouts(bouts: int) -> None:
    assert target_points(bouts) == SPEC_TARGETS[bouts]
    target = SPEC_TARGETS[bouts]
    result = score_deal(facts(contract=GARDE_CONTRE, points=target, bouts=bouts))
    assert result.target == target
    assert result.made
    assert result.margin == 0


@pytest.mark.parametrize("bad", [-1, 4, True, 2.0, "2", None])
def test_t5_target_rejects_bad_bouts(bad: Any) -> None:
    with pytest.raises(ScoreInputError, match="bouts"):
        target_points(bad)


# --------------------------------------------------------------------------- T-25 … T-27


def test_t25_defence_slam_with_the_takers_excuse() -> None:
    # The taker played the Excuse early; the defence won every trick. The Excuse stays with
    # the attack (1 bout) for a half point, leaving it 4 points plus its écart.
    ecart = 6 * card_halves(Card.parse("2H"))
    deal = facts(points=Fraction(ecart + 8, 2), bouts=1, chelem=DEFENCE)
    result = score_deal(deal)
    assert not result.made
    assert result.chelem_bonus == -200
    gc = facts(contract=GARDE_CONTRE, points=4, bouts=1, chelem=DEFENCE)
    assert score_deal(gc).made is False


def test_t26_last_trick_excuse_changes_sides_in_a_slam() -> None:
    # The attack's Excuse played (not led) to the last trick goes to the defence (T-26a),
    # while the attack's slam stands: 91 - 4.5 points and 2 bouts.
    result = score_deal(facts(points=86.5, bouts=2, chelem=ATTACK))
    assert result.chelem_bonus == 200
    with pytest.raises(ScoreInputError, match="slam"):
        facts(points=86, bouts=2, chelem=ATTACK)


def test_t27_slam_validation_per_contract() -> None:
    # Garde contre: the chien goes to the defence even when the attack wins every trick.
    facts(contract=GARDE_CONTRE, points=88, bouts=3, chelem=ATTACK)
    with pytest.raises(ScoreInputError, match="slam"):
        facts(contract=GARDE_CONTRE, points=91, bouts=3, chelem=ATTACK)
    # Garde sans: the chien is the attack's, bouts included, even in a defence slam.
    facts(contract=GARDE_SANS, points=15, bouts=3, chelem=DEFENCE)
    with pytest.raises(ScoreInputError, match="slam"):
        facts(contract=GARDE, points=15, bouts=3, chelem=DEFENCE)
    with pytest.raises(ScoreInputError, match="won no trick"):
        facts(points=87, bouts=2, chelem=ATTACK, petit_au_bout=DEFENCE)
    with pytest.raises(ScoreInputError, match="won every trick"):
        facts(points=91, bouts=3)
    with pytest.raises(ScoreInputError, match="won every trick"):
        facts(contract=GARDE_CONTRE, points=0, bouts=0)


# --------------------------------------------------------------------------- T-29 … T-31


def test_t29_made_is_decided_on_exact_points() -> None:
    assert score_deal(facts(players=3, points=40.5, bouts=2)).made is False
    assert score_deal(facts(players=3, points=41, bouts=2)).made is True
    assert score_deal(facts(players=3, points=41.5, bouts=2)).made is True
    floor = TarotOptions(half_point_rounding="floor")
    failed = score_deal(facts(players=3, points=40.5, bouts=2), floor)
    assert (failed.made, failed.difference, failed.unit) == (False, 0, -50)


def test_t30_half_point_goes_to_winner() -> None:
    failed = score_deal(facts(players=3, points=40.5, bouts=2))
    made = score_deal(facts(players=3, points=41.5, bouts=2))
    assert (failed.margin, failed.difference, failed.unit) == (Fraction(-1, 2), 1, -52)
    assert (made.margin, made.difference, made.unit) == (Fraction(1, 2), 1, 52)
    exact = score_deal(facts(players=3, points=41, bouts=2))
    assert exact.difference == 0


def test_t30_floor_rounds_the_half_point_down() -> None:
    options = TarotOptions(half_point_rounding="floor")
    result = score_deal(facts(players=3, points=43.5, bouts=2), options)
    assert (result.difference, result.unit, result.scores) == (2, 54, (108, -54, -54))


def test_t30_none_keeps_exact_half_points() -> None:
    options = TarotOptions(half_point_rounding="none")
    prise = score_deal(facts(players=3, contract=PRISE, points=51.5, bouts=1), options)
    assert prise.difference == Fraction(1, 2)
    assert prise.base == Fraction(51, 2)
    assert prise.unit == Fraction(51, 2)
    assert prise.scores == (51, Fraction(-51, 2), Fraction(-51, 2))
    assert type(prise.scores[0]) is int
    garde = score_deal(facts(players=3, points=40.5, bouts=2), options)
    assert (garde.unit, type(garde.unit)) == (-51, int)
    five = score_deal(facts(players=5, partner=E, contract=PRISE, points=51.5, bouts=1), options)
    assert five.scores == (
        51,
        Fraction(-51, 2),
        Fraction(-51, 2),
        Fraction(-51, 2),
        Fraction(51, 2),
    )


@pytest.mark.parametrize("contract", list(Contract))
def test_t31_base_is_25_plus_difference_times_multiplier(contract: Contract) -> None:
    for options in (
        TarotOptions(),
        TarotOptions(multipliers={"prise": 3, "garde": 5, "garde_sans": 7, "garde_contre": 11}),
    ):
        m = options.multipliers[contract.option_key]
        made = score_deal(facts(contract=contract, points=50, bouts=2), options)
        assert (made.multiplier, made.difference, made.base, made.unit) == (m, 9, 34 * m, 34 * m)
        failed = score_deal(facts(contract=contract, points=30, bouts=2), options)
        assert (failed.difference, failed.base) == (11, -36 * m)


# --------------------------------------------------------------------------- T-32 … T-34


@pytest.mark.parametrize("contract", list(Contract))
def test_t32_petit_au_bout_is_multiplied_and_ignores_the_contract(contract: Contract) -> None:
    m = TarotOptions().multipliers[contract.option_key]
    for points in (30, 50):
        plain = score_deal(facts(contract=contract, points=points, bouts=1))
        to_attack = score_deal(
            facts(contract=contract, points=points, bouts=1, petit_au_bout=ATTACK)
        )
        to_defence = score_deal(
            facts(contract=contract, points=points, bouts=1, petit_au_bout=DEFENCE)
        )
        assert to_attack.petit_au_bout_bonus == 10 * m
        assert to_defence.petit_au_bout_bonus == -10 * m
        assert to_attack.unit - plain.unit == 10 * m
        assert plain.unit - to_defence.unit == 10 * m


def test_t32_petit_au_bout_needs_the_petit_in_that_camp() -> None:
    with pytest.raises(ScoreInputError, match="T-32"):
        facts(points=60, bouts=0, petit_au_bout=ATTACK)
    with pytest.raises(ScoreInputError, match="T-32"):
        facts(points=60, bouts=3, petit_au_bout=DEFENCE)


@pytest.mark.parametrize("contract", list(Contract))
def test_t33_poignee_goes_to_the_contract_winner_unmultiplied(contract: Contract) -> None:
    poignees = (SIMPLE, DOUBLE)  # two players: 10 + 13 trumps is too many with 4 players
    five = {"players": 5, "partner": E, "contract": contract}
    plain_made = score_deal(facts(points=50, bouts=2, **five))
    made = score_deal(facts(points=50, bouts=2, poignees=poignees, **five))
    assert made.poignee_bonus == 50
    assert made.unit - plain_made.unit == 50
    plain_failed = score_deal(facts(points=30, bouts=2, **five))
    failed = score_deal(facts(points=30, bouts=2, poignees=poignees, **five))
    assert failed.poignee_bonus == -50
    assert failed.unit - plain_failed.unit == -50


def test_t33_custom_poignee_bonuses() -> None:
    options = TarotOptions(poignee_bonuses=(20, 40, 60))
    result = score_deal(facts(points=60, bouts=3, poignees=(TRIPLE,)), options)
    assert result.poignee_bonus == 60
    assert result.unit == 49 * 2 + 60


@pytest.mark.parametrize(
    ("players", "poignees", "possible"),
    [
        (4, (SIMPLE, SIMPLE), True),  # 20 trumps
        (4, (SIMPLE, DOUBLE), False),  # 23
        (4, (TRIPLE,), True),
        (3, (SIMPLE,), True),
        (3, (SIMPLE, SIMPLE), False),  # 26
        (5, (SIMPLE, SIMPLE), True),  # 16
        (5, (DOUBLE, DOUBLE), True),  # 20
        (5, (SIMPLE, TRIPLE), True),  # 21
        (5, (DOUBLE, TRIPLE), False),  # 23
        (5, (SIMPLE, SIMPLE, SIMPLE), False),  # 24
    ],
)
def test_t33_poignees_must_fit_in_the_trumps(
    players: int, poignees: tuple[PoigneeLevel, ...], possible: bool
) -> None:
    deal = facts(players=players, points=50, bouts=2, poignees=poignees)
    if possible:
        assert score_deal(deal).poignee_bonus == sum((20, 30, 40)[p - 1] for p in poignees)
    else:
        with pytest.raises(ScoreInputError, match="T-18"):
            score_deal(deal)


def test_t33_poignee_check_uses_the_options_thresholds() -> None:
    low = TarotOptions(poignee_thresholds={3: (5, 6, 7), 4: (5, 6, 7), 5: (5, 6, 7)})
    deal = facts(points=50, bouts=2, poignees=(TRIPLE, TRIPLE, TRIPLE))
    assert score_deal(deal, low).poignee_bonus == 120
    with pytest.raises(ScoreInputError, match="T-18"):
        score_deal(deal)


def test_t34_announced_slam_achieved() -> None:
    deal = facts(contract=GARDE_SANS, points=91, bouts=3, chelem_announced=True, chelem=ATTACK)
    assert score_deal(deal).chelem_bonus == 400


def test_t34_unannounced_attack_slam() -> None:
    deal = facts(points=87, bouts=2, chelem=ATTACK)
    result = score_deal(deal)
    assert result.chelem_bonus == 200
    assert result.unit == (25 + 46) * 2 + 200


def test_t34_announced_slam_failed_even_when_made() -> None:
    result = score_deal(facts(points=70, bouts=2, chelem_announced=True))
    assert (result.made, result.chelem_bonus) == (True, -200)


def test_t34_defence_slam() -> None:
    result = score_deal(facts(contract=GARDE_CONTRE, points=0, bouts=0, chelem=DEFENCE))
    assert result.chelem_bonus == -200
    assert result.unit == -(25 + 56) * 6 - 200
    assert result.scores[B] == (25 + 56) * 6 + 200


def test_t34_announced_slam_then_defence_slam_both_readings() -> None:
    deal = facts(contract=GARDE_CONTRE, points=0, bouts=0, chelem_announced=True, chelem=DEFENCE)
    cumulative = score_deal(deal, TarotOptions(announced_slam_then_defence_slam="cumulative"))
    single = score_deal(deal, TarotOptions(announced_slam_then_defence_slam="single"))
    assert cumulative.chelem_bonus == -400
    assert single.chelem_bonus == -200
    assert cumulative.unit - single.unit == -200


def test_t34_custom_chelem_bonuses_are_not_multiplied() -> None:
    options = TarotOptions(
        chelem_bonuses={
            "announced_made": 500,
            "unannounced": 250,
            "announced_failed": -150,
            "defence": 300,
        }
    )
    for contract in (PRISE, GARDE_SANS):
        assert (
            score_deal(
                facts(contract=contract, points=91, bouts=3, chelem=ATTACK), options
            ).chelem_bonus
            == 250
        )
    announced = facts(contract=PRISE, points=91, bouts=3, chelem_announced=True, chelem=ATTACK)
    assert score_deal(announced, options).chelem_bonus == 500
    assert (
        score_deal(facts(points=60, bouts=2, chelem_announced=True), options).chelem_bonus == -150
    )
    defence = facts(contract=GARDE_CONTRE, points=0, bouts=0, chelem_announced=True, chelem=DEFENCE)
    assert score_deal(defence, options).chelem_bonus == -450


def test_t34_announcement_needs_the_option() -> None:
    deal = facts(points=70, bouts=2, chelem_announced=True)
    with pytest.raises(ScoreInputError, match="T-17"):
        score_deal(deal, TarotOptions(chelem_announcement=False))


# --------------------------------------------------------------------------- T-35 … T-37


def test_t35_every_term_adds_up() -> None:
    deal = facts(
        players=5,
        partner=C,
        contract=GARDE_SANS,
        points=91,
        bouts=3,
        petit_au_bout=ATTACK,
        poignees=(DOUBLE, SIMPLE),
        chelem_announced=True,
        chelem=ATTACK,
    )
    r = score_deal(deal)
    assert (r.base, r.petit_au_bout_bonus, r.poignee_bonus, r.chelem_bonus) == (320, 40, 50, 400)
    assert r.unit == 320 + 40 + 50 + 400
    assert r.scores == (2 * r.unit, -r.unit, r.unit, -r.unit, -r.unit)


def test_t36_sign_of_m_decides_who_pays() -> None:
    result = score_deal(facts(points=70, bouts=2, chelem_announced=True))
    assert result.made
    assert result.unit < 0
    assert result.scores[A] < 0
    assert all(s > 0 for s in result.scores[1:])


@pytest.mark.parametrize("taker", [0, 2])
def test_t37_settlement_three_players(taker: int) -> None:
    r = score_deal(facts(players=3, taker=taker, points=45, bouts=2))
    assert r.scores[taker] == 2 * r.unit
    assert [s for i, s in enumerate(r.scores) if i != taker] == [-r.unit] * 2


@pytest.mark.parametrize("taker", [0, 3])
def test_t37_settlement_four_players(taker: int) -> None:
    r = score_deal(facts(taker=taker, points=45, bouts=2))
    assert r.scores[taker] == 3 * r.unit
    assert r.score_of(taker) == 3 * r.unit
    assert sorted(r.scores)[:3] == [-r.unit] * 3


@pytest.mark.parametrize(("taker", "partner"), [(0, 4), (3, 1), (4, 0)])
def test_t37_settlement_five_players_with_partner(taker: int, partner: int) -> None:
    r = score_deal(facts(players=5, taker=taker, partner=partner, points=30, bouts=1))
    assert r.unit < 0
    assert r.scores[taker] == 2 * r.unit
    assert r.scores[partner] == r.unit
    others = [s for i, s in enumerate(r.scores) if i not in (taker, partner)]
    assert others == [-r.unit] * 3


def test_t37_settlement_five_players_alone() -> None:
    r = score_deal(facts(players=5, taker=2, contract=PRISE, points=60, bouts=1))
    assert r.scores == (-r.unit, -r.unit, 4 * r.unit, -r.unit, -r.unit)
    assert r.unit == 34


# --------------------------------------------------------------------------- results


def test_t9_t12_annulled_deal_is_neutral() -> None:
    r = DealResult.annulled_deal(players=5, reason="petit_sec")
    assert r.scores == (0,) * 5
    assert (r.facts, r.target, r.made, r.margin, r.difference, r.multiplier) == (None,) * 6
    assert (r.base, r.unit, r.petit_au_bout_bonus, r.poignee_bonus, r.chelem_bonus) == (0,) * 5
    assert r.annulled == "petit_sec"
    assert "Petit sec" in r.explain()
    assert "passed" in DealResult.annulled_deal(players=3, reason="all_pass").explain()
    with pytest.raises(ScoreInputError, match="reason"):
        DealResult.annulled_deal(players=4, reason="misdeal")  # type: ignore[arg-type]
    with pytest.raises(ScoreInputError, match="players"):
        DealResult.annulled_deal(players=6, reason="all_pass")


def test_explain_names_every_term() -> None:
    deal = facts(
        players=5,
        partner=E,
        contract=GARDE,
        points=40.5,
        bouts=2,
        petit_au_bout=DEFENCE,
        poignees=(SIMPLE,),
        chelem_announced=True,
    )
    text = score_deal(deal).explain()
    lines = text.splitlines()
    assert lines[0] == "Garde (x2), 5 players: taker seat 0, partner seat 4"
    assert lines[1] == "Attack: 40.5 points with 2 bouts; target 41"
    assert lines[2] == "Contract failed by 0.5, counted as 1"
    assert lines[3] == "Base: -(25 + 1) x 2 = -52"
    assert lines[4] == "Petit au bout: -20 (defence)"
    assert lines[5] == "Poignées: simple: -20 (to the defence, which defeated the contract)"
    assert lines[6] == "Chelem: announced and not achieved: -200"
    assert lines[7] == "Unit M: -292 (the taker pays each defender)"
    assert (
        lines[8] == "Scores: seat 0: -584, seat 1: +292, seat 2: +292, seat 3: +292, seat 4: -292"
    )
    alone = score_deal(facts(players=5, contract=PRISE, points=49, bouts=1)).explain()
    assert "taker seat 0, alone" in alone
    none = TarotOptions(half_point_rounding="none")
    half = score_deal(facts(players=3, contract=PRISE, points=51.5, bouts=1), none).explain()
    assert "Unit M: +25.5" in half
    assert "seat 1: -25.5" in half


def test_result_values_repr_pickle() -> None:
    deal = facts(players=3, points=40.5, bouts=2, petit_au_bout=ATTACK, poignees=[SIMPLE])
    assert deal.points == Fraction(81, 2)
    assert type(deal.points) is Fraction
    assert deal.half_points == 81
    assert deal.poignees == (SIMPLE,)
    names = {
        "DealFacts": DealFacts,
        "DealResult": DealResult,
        "Contract": Contract,
        "Camp": Camp,
        "PoigneeLevel": PoigneeLevel,
        "Fraction": Fraction,
    }
    assert eval(repr(deal), names) == deal  # noqa: S307
    result = score_deal(deal, TarotOptions(half_point_rounding="none"))
    assert eval(repr(result), names) == result  # noqa: S307
    assert pickle.loads(pickle.dumps(result)) == result  # noqa: S301
    assert pickle.loads(pickle.dumps(deal)).half_points == 81  # noqa: S301
    assert hash(score_deal(deal)) == hash(score_deal(deal))
    with pytest.raises(AttributeError):
        result.unit = 0  # type: ignore[misc]


def test_t42_camps_and_seats() -> None:
    deal = facts(players=5, taker=3, partner=1, points=45, bouts=2)
    assert deal.attack == (3, 1)
    assert [deal.camp_of(s) for s in range(5)] == [DEFENCE, ATTACK, DEFENCE, ATTACK, DEFENCE]
    assert Camp.ATTACK.opponent is DEFENCE
    result = score_deal(deal)
    with pytest.raises(InvalidSeatError):
        result.score_of(5)
    with pytest.raises(InvalidSeatError):
        deal.camp_of(True)


def test_score_deal_rejects_other_types() -> None:
    with pytest.raises(ScoreInputError, match="DealFacts"):
        score_deal({"points": 45})  # type: ignore[arg-type]
    with pytest.raises(OptionsError, match="TarotOptions"):
        score_deal(facts(points=45, bouts=2), {"players": 4})  # type: ignore[arg-type]


# --------------------------------------------------------------------------- bad input

GOOD: dict[str, Any] = {"players": 4, "contract": GARDE, "taker": 0, "points": 45, "bouts": 2}

BAD_INPUT: list[tuple[str, dict[str, Any], str]] = [
    ("points bool", {"points": True}, "bool"),
    ("points None", {"points": None}, "points is None: a played deal needs"),
    ("points word", {"points": "forty"}, "not the text 'forty'"),
    ("points text", {"points": "45"}, "points must be a number"),
    ("points spaced", {"points": " 40.5"}, "not the text"),
    ("points nan", {"points": math.nan}, "finite"),
    ("points inf", {"points": math.inf}, "finite"),
    ("points decimal nan", {"points": Decimal("NaN")}, "finite"),
    ("points huge", {"points": 1e300}, "from 0 to 91"),
    ("points negative", {"points": -0.5}, "from 0 to 91"),
    ("points over", {"points": 91.5}, "from 0 to 91"),
    ("points quarter", {"points": 40.25}, "half points"),
    ("points third", {"points": Fraction(1, 3)}, "half points"),
    ("points list", {"points": [45]}, "list"),
    ("players bool", {"players": True}, "players"),
    ("players 6", {"players": 6}, "players"),
    ("players str", {"players": "4"}, "players"),
    ("contract int", {"contract": 2}, "contract"),
    ("contract word", {"contract": "slam"}, "contract"),
    ("contract None", {"contract": None}, "contract"),
    ("bouts 4", {"bouts": 4}, "bouts"),
    ("bouts negative", {"bouts": -1}, "bouts"),
    ("bouts bool", {"bouts": True}, "bouts"),
    ("bouts float", {"bouts": 2.0}, "bouts"),
    ("taker out of range", {"taker": 4}, "taker"),
    ("taker negative", {"taker": -1}, "taker"),
    ("taker bool", {"taker": False}, "taker"),
    ("partner with 4 players", {"partner": 1}, "5-player"),
    ("partner is taker", {"players": 5, "partner": 0}, "plays alone"),
    ("partner out of range", {"players": 5, "partner": 5}, "partner"),
    ("partner bool", {"players": 5, "partner": True}, "partner"),
    ("petit au bout word", {"petit_au_bout": "attacker"}, "petit_au_bout must be a Camp"),
    ("petit au bout int", {"petit_au_bout": 1}, "petit_au_bout"),
    ("chelem word", {"chelem": "slam"}, "chelem must be a Camp"),
    ("chelem announced int", {"chelem_announced": 1}, "chelem_announced"),
    ("poignee int", {"poignees": (1,)}, "PoigneeLevel"),
    ("poignee bare level", {"poignees": SIMPLE}, "list or tuple"),
    ("poignee str", {"poignees": "simple"}, "list or tuple"),
    ("poignee word", {"poignees": ["simpl"]}, "'simple', 'double', 'triple'"),
    ("too many poignées", {"poignees": (SIMPLE,) * 5}, "at most one"),
    ("bouts without points", {"points": 10, "bouts": 3}, "T-28"),
]


@pytest.mark.parametrize(
    ("bad", "match"), [(b, m) for _, b, m in BAD_INPUT], ids=[i for i, _, _ in BAD_INPUT]
)
def test_bad_input_is_rejected(bad: dict[str, Any], match: str) -> None:
    with pytest.raises(ScoreInputError, match=match) as caught:
        DealFacts(**{**GOOD, **bad})
    assert isinstance(caught.value, ValueError)
    assert isinstance(caught.value, CardrulesError)


@pytest.mark.parametrize("poignees", [(SIMPLE, DOUBLE), (TRIPLE, TRIPLE), (SIMPLE, SIMPLE, SIMPLE)])
def test_t18_t20_impossible_poignees_are_rejected(poignees: tuple[PoigneeLevel, ...]) -> None:
    with pytest.raises(ScoreInputError, match="21 trumps and the Excuse"):
        score_deal(facts(points=45, bouts=2, poignees=poignees))


@pytest.mark.parametrize("points", [45, Fraction(45), 45.0, Decimal("45.0"), Fraction(90, 2)])
def test_t4_points_accept_every_exact_spelling(points: Any) -> None:
    deal = facts(points=points, bouts=2)
    assert deal.points == 45
    assert type(deal.points) is Fraction
    assert deal == facts(points=45, bouts=2)


def test_t11_contract_accepts_its_word() -> None:
    assert facts(contract="garde-contre", points=45, bouts=2).contract is GARDE_CONTRE


# --------------------------------------------------------------------------- properties


def reference_scores(deal: DealFacts, options: TarotOptions) -> tuple[Fraction, list[Fraction]]:
    """T-29 … T-37 read straight from the spec, in Fractions."""
    assert deal.bouts is not None
    assert deal.points is not None
    assert deal.contract is not None
    assert deal.players is not None
    assert deal.taker is not None
    target = SPEC_TARGETS[deal.bouts]
    made = deal.points >= target
    s = 1 if made else -1
    gap = abs(deal.points - target)
    rounding = options.half_point_rounding
    d = Fraction(math.ceil(gap) if rounding == "to_winner" else math.floor(gap))
    if rounding == "none":
        d = gap
    m = options.multipliers[deal.contract.option_key]
    pab = {None: 0, ATTACK: 1, DEFENCE: -1}[deal.petit_au_bout]
    poignee = sum(options.poignee_bonuses[p - 1] for p in deal.poignees)
    bonuses = options.chelem_bonuses
    c = 0
    if deal.chelem_announced and deal.chelem is ATTACK:
        c += bonuses["announced_made"]
    if not deal.chelem_announced and deal.chelem is ATTACK:
        c += bonuses["unannounced"]
    if deal.chelem_announced and deal.chelem is not ATTACK:
        single = deal.chelem is DEFENCE and options.announced_slam_then_defence_slam == "single"
        c += 0 if single else bonuses["announced_failed"]
    if deal.chelem is DEFENCE:
        c -= bonuses["defence"]
    unit = s * (25 + d) * m + 10 * m * pab + s * poignee + c
    scores = [-unit] * deal.players
    if deal.partner is None:
        scores[deal.taker] = (deal.players - 1) * unit
    else:
        scores[deal.taker] = 2 * unit
        scores[deal.partner] = unit
    return unit, scores


@st.composite
def options_st(draw: st.DrawFn) -> TarotOptions:
    return TarotOptions(
        half_point_rounding=draw(st.sampled_from(["to_winner", "floor", "none"])),
        multipliers={
            k: draw(st.integers(1, 12)) for k in ("prise", "garde", "garde_sans", "garde_contre")
        },
        poignee_bonuses=draw(st.tuples(*[st.integers(0, 100)] * 3)),
        chelem_bonuses={
            "announced_made": draw(st.integers(-500, 1000)),
            "unannounced": draw(st.integers(-500, 1000)),
            "announced_failed": draw(st.integers(-1000, 500)),
            "defence": draw(st.integers(-500, 1000)),
        },
        announced_slam_then_defence_slam=draw(st.sampled_from(["cumulative", "single"])),
        chelem_announcement=draw(st.booleans()),
    )


def excuse_fate(draw: st.DrawFn, excuse_taken: bool) -> int:
    """Half points the Excuse adds to the camp that lost every trick (T-25, T-26)."""
    if excuse_taken:
        return 0
    return draw(st.sampled_from([0, 9 - 1, 9]))


def open_deal_pile(draw: st.DrawFn) -> tuple[int, int, bool]:
    """(half points, bouts, holds the Petit) of an attack pile when each camp won a trick."""
    size = draw(st.integers(1, 77))
    attack = draw(st.permutations(DECK))[:size]
    # T-25: a half point moves when the Excuse stays with its camp after losing its trick.
    adjust = draw(st.sampled_from([0, -1] if EXCUSE in attack else [0, 1]))
    halves = sum(card_halves(c) for c in attack) + adjust
    return halves, sum(is_bout(c) for c in attack), PETIT in attack


def slam_pile(
    draw: st.DrawFn, chelem: Camp, contract: Contract, chien: int
) -> tuple[int, int, bool]:
    """(half points, bouts, holds the Petit) of the attack's pile when ``chelem`` swept."""
    if chelem is ATTACK:
        eligible = DECK if contract is GARDE_CONTRE else ()
    elif contract is GARDE_SANS:
        eligible = DECK
    elif contract is GARDE_CONTRE:
        eligible = ()
    else:
        # T-15: the écart holds neither a King nor a bout.
        eligible = tuple(
            c
            for c in DECK
            if not is_bout(c) and not (c.kind is CardKind.SUIT and c.rank == Rank.KING)
        )
    loser = draw(st.permutations(eligible))[:chien] if eligible else []
    fate = excuse_fate(draw, EXCUSE in loser)
    loser_halves = sum(card_halves(c) for c in loser) + fate
    loser_bouts = sum(is_bout(c) for c in loser) + (fate > 0)
    if chelem is ATTACK:
        return 182 - loser_halves, 3 - loser_bouts, PETIT not in loser
    return loser_halves, loser_bouts, PETIT in loser


@st.composite
def valid_facts(draw: st.DrawFn, options: TarotOptions) -> DealFacts:
    """Facts built from real piles of cards: every deal the rules allow looks like one."""
    players = draw(st.sampled_from([3, 4, 5]))
    contract = draw(st.sampled_from(list(Contract)))
    taker = draw(st.integers(0, players - 1))
    partner = None
    if players == 5:
        partner = draw(st.none() | st.integers(0, 4).filter(lambda p: p != taker))
    chelem = draw(st.sampled_from([None, ATTACK, DEFENCE]))
    if chelem is None:
        halves, bouts, petit = open_deal_pile(draw)
    else:
        halves, bouts, petit = slam_pile(draw, chelem, contract, 3 if players == 5 else 6)
    winner_of_petit = ATTACK if petit else DEFENCE
    if chelem is not None and winner_of_petit is not chelem:
        pab = None
    else:
        pab = draw(st.sampled_from([None, winner_of_petit]))
    thresholds = options.poignee_thresholds[players]
    poignees: list[PoigneeLevel] = []
    for level in draw(st.lists(st.sampled_from(list(PoigneeLevel)), max_size=players)):
        if sum(thresholds[p - 1] for p in [*poignees, level]) <= 22:
            poignees.append(level)
    announced = options.chelem_announcement and draw(st.booleans())
    return DealFacts(
        players=players,
        contract=contract,
        taker=taker,
        partner=partner,
        points=Fraction(halves, 2),
        bouts=bouts,
        petit_au_bout=pab,
        poignees=tuple(poignees),
        chelem_announced=announced,
        chelem=chelem,
    )


@st.composite
def deal_and_options(draw: st.DrawFn) -> tuple[DealFacts, TarotOptions]:
    options = draw(options_st())
    return draw(valid_facts(options)), options


@given(deal_and_options())
def test_t37_settlement_is_zero_sum_and_matches_the_spec(
    pair: tuple[DealFacts, TarotOptions],
) -> None:
    deal, options = pair
    result = score_deal(deal, options)
    assert sum(result.scores) == 0
    unit, scores = reference_scores(deal, options)
    assert result.unit == unit
    assert list(result.scores) == scores
    for value in (result.unit, result.base, result.margin, *result.scores):
        assert type(value) is int or (type(value) is Fraction and value.denominator == 2)


@given(deal_and_options())
def test_t37_ratios_by_player_count(pair: tuple[DealFacts, TarotOptions]) -> None:
    deal, options = pair
    r = score_deal(deal, options)
    assert deal.players is not None
    assert deal.taker is not None
    share = {3: 2, 4: 3, 5: 4 if deal.partner is None else 2}[deal.players]
    assert r.scores[deal.taker] == share * r.unit
    for seat in range(deal.players):
        if seat == deal.partner:
            assert r.scores[seat] == r.unit
        elif seat != deal.taker:
            assert r.scores[seat] == -r.unit


def with_points(deal: DealFacts, halves: int) -> DealFacts | None:
    """``deal`` with other points, or None when no deal can have them."""
    try:
        return DealFacts(
            players=deal.players,
            contract=deal.contract,
            taker=deal.taker,
            partner=deal.partner,
            points=Fraction(halves, 2),
            bouts=deal.bouts,
            petit_au_bout=deal.petit_au_bout,
            poignees=deal.poignees,
            chelem_announced=deal.chelem_announced,
            chelem=deal.chelem,
        )
    except ScoreInputError:
        return None


@given(deal_and_options(), st.data())
def test_t35_more_points_never_lower_m(
    pair: tuple[DealFacts, TarotOptions], data: st.DataObject
) -> None:
    deal, options = pair
    halves = data.draw(st.integers(deal.half_points, 182))
    more = with_points(deal, halves)
    assume(more is not None)
    assert more is not None
    assert score_deal(more, options).unit >= score_deal(deal, options).unit


@given(deal_and_options())
def test_t30_exact_rounding_agrees_with_integer_path_on_whole_points(
    pair: tuple[DealFacts, TarotOptions],
) -> None:
    deal, options = pair
    assert deal.points is not None
    assume(deal.points.denominator == 1)
    results = [
        score_deal(
            deal, TarotOptions(half_point_rounding=rounding, multipliers=options.multipliers)
        )
        for rounding in ("to_winner", "floor", "none")
    ]
    assert results[0] == results[1] == results[2]
    assert all(type(s) is int for s in results[2].scores)


# Facts with any values: nearly all are refused.
ANY_FACTS = st.fixed_dictionaries(
    {
        "players": st.integers(2, 6),
        "contract": st.sampled_from(list(Contract)),
        "taker": st.integers(-1, 5),
        "partner": st.none() | st.integers(-1, 5),
        "points": st.integers(-2, 184).map(lambda h: Fraction(h, 2)),
        "bouts": st.integers(-1, 4),
        "petit_au_bout": st.sampled_from([None, ATTACK, DEFENCE]),
        "poignees": st.lists(st.sampled_from(list(PoigneeLevel)), max_size=6).map(tuple),
        "chelem_announced": st.booleans(),
        "chelem": st.sampled_from([None, ATTACK, DEFENCE]),
    }
)
# The attack's half points and bouts at the edges of what T-27/T-28 allow: around a
# slam by either camp, and just around 4.5 points a bout.
EDGE_PILES = [(h, b) for h in (0, 8, 9, 10, 173, 174, 182) for b in range(4)]
EDGE_PILES += [(9 * b - 1, b) for b in range(4)] + [(182 - 9 * (3 - b) + 1, b) for b in range(4)]
# The slam each edge pile suggests.
SLAM_OF = {0: DEFENCE, 8: DEFENCE, 9: DEFENCE, 173: ATTACK, 174: ATTACK, 182: ATTACK}


@st.composite
def near_facts(draw: st.DrawFn) -> dict[str, Any]:
    """Facts with every field in its range, mostly consistent with each other."""
    players = draw(st.integers(3, 5))
    taker = draw(st.integers(0, players - 1))
    partner = None
    if players == 5 and draw(st.booleans()):
        partner = draw(st.integers(0, 4).filter(lambda p: p != taker))
    contract = draw(st.sampled_from(list(Contract)))
    mode = draw(st.sampled_from(["slam", "inside", "inside", "edge"]))
    if mode == "edge":
        halves, bouts = draw(st.sampled_from(EDGE_PILES))
    elif mode == "slam":
        # A slam: an attack slam outside Garde contre, a defence slam in Garde contre.
        halves, bouts = draw(
            st.sampled_from([(182, 3), (174, 2), (173, 2), (0, 0), (8, 1), (9, 1)])
        )
        contract = draw(
            st.sampled_from([PRISE, GARDE, GARDE_SANS] if halves > 91 else [GARDE_CONTRE])
        )
    else:
        bouts = draw(st.integers(0, 3))
        halves = draw(st.integers(max(1, 9 * bouts - 1), min(181, 182 - 9 * (3 - bouts) + 1)))
    any_value = draw(st.sampled_from([False, False, False, True]))
    return {
        "players": players,
        "contract": contract,
        "taker": taker,
        "partner": partner,
        "points": Fraction(halves, 2),
        "bouts": bouts,
        "petit_au_bout": draw(st.sampled_from([None, ATTACK, DEFENCE])) if any_value else None,
        "poignees": tuple(draw(st.lists(st.sampled_from(list(PoigneeLevel)), max_size=2))),
        "chelem_announced": draw(st.booleans()),
        "chelem": draw(st.sampled_from([None, ATTACK, DEFENCE]))
        if any_value
        else SLAM_OF.get(halves),
    }


def test_t27_t28_validation_accepts_only_consistent_facts() -> None:
    accepted: list[DealFacts] = []

    @given(ANY_FACTS | near_facts() | near_facts())
    @example(slam(ATTACK, PRISE, 182, 3))
    @example(slam(ATTACK, GARDE_SANS, 173, 2))
    @example(slam(DEFENCE, GARDE_CONTRE, 8, 1))
    @example(slam(DEFENCE, PRISE, 20, 1))  # its Excuse and its écart: accepted
    @example(slam(DEFENCE, PRISE, 30, 2))  # a second bout: refused
    def check(raw: dict[str, Any]) -> None:
        try:
            deal = DealFacts(**raw)
        except ScoreInputError:
            return
        accepted.append(deal)
        halves, bouts = deal.half_points, deal.bouts
        assert halves is not None
        assert bouts is not None
        assert deal.players is not None
        assert deal.players in (3, 4, 5)
        assert deal.taker is not None
        assert 0 <= deal.taker < deal.players
        assert deal.partner is None or (deal.players == 5 and deal.partner != deal.taker)
        assert 0 <= halves <= 182
        assert 0 <= bouts <= 3
        assert halves >= 9 * bouts - 1
        assert 182 - halves >= 9 * (3 - bouts) - 1
        assert len(deal.poignees) <= deal.players
        if deal.chelem is None:
            assert 0 < halves < 182
        elif deal.chelem is ATTACK and deal.contract is not GARDE_CONTRE:
            assert (halves, bouts) in {(182, 3), (174, 2), (173, 2)}
        elif deal.chelem is DEFENCE and deal.contract is GARDE_CONTRE:
            assert (halves, bouts) in {(0, 0), (8, 1), (9, 1)}
        thresholds = TarotOptions().poignee_thresholds[deal.players]
        if sum(thresholds[p - 1] for p in deal.poignees) > 22:
            with pytest.raises(ScoreInputError, match="T-18"):
                score_deal(deal)
        else:
            assert sum(score_deal(deal).scores) == 0

    check()
    # Facts with any values are nearly always refused (2 in 100): the near ones make
    # the checks above run on accepted facts (4 in 10).
    assert len(accepted) >= settings().max_examples // 10
    assert sum(deal.chelem is not None for deal in accepted) >= 4


def slam(camp: Camp, contract: Contract, halves: int, bouts: int) -> dict[str, Any]:
    return {
        "players": 4,
        "contract": contract,
        "taker": 0,
        "partner": None,
        "points": Fraction(halves, 2),
        "bouts": bouts,
        "petit_au_bout": None,
        "poignees": (),
        "chelem_announced": False,
        "chelem": camp,
    }


@given(deal_and_options())
def test_t27_t28_validation_accepts_every_deal_built_from_cards(
    pair: tuple[DealFacts, TarotOptions],
) -> None:
    deal, options = pair
    result = score_deal(deal, options)
    assert result.facts is deal
    if deal.chelem is ATTACK:
        assert result.made
    if deal.chelem is DEFENCE:
        assert not result.made


# ------------------------------------------------------------------- option bounds

HUGE = 10**5000
FOUR = ("prise", "garde", "garde_sans", "garde_contre")
SLAMS = ("announced_made", "unannounced", "announced_failed", "defence")
OUT_OF_RANGE = [1_000_001, 2**53 + 1, 10**400, HUGE, -HUGE]


@pytest.mark.parametrize(
    "value", [*OUT_OF_RANGE, 0, True], ids=["1000001", "2**53+1", "401", "5001", "-5001", "0", "T"]
)
def test_t11_multipliers_are_ints_from_1_to_max_points(value: object) -> None:
    multipliers = {**dict.fromkeys(FOUR, 2), "garde_sans": value}
    with pytest.raises(OptionsError, match=r"multipliers\['garde_sans'\]") as info:
        TarotOptions(multipliers=multipliers)
    assert len(str(info.value)) < 120


@pytest.mark.parametrize("value", OUT_OF_RANGE, ids=["1000001", "2**53+1", "401", "5001", "-5001"])
def test_t18_t34_bonuses_are_bounded(value: int) -> None:
    with pytest.raises(OptionsError, match="poignee_bonuses") as info:
        TarotOptions(poignee_bonuses=(20, value, 40))
    assert len(str(info.value)) < 120
    for key in SLAMS:
        bonuses = {**dict(TarotOptions().chelem_bonuses), key: value}
        with pytest.raises(OptionsError, match=f"chelem_bonuses\\['{key}'\\]") as info:
            TarotOptions(chelem_bonuses=bonuses)
        assert len(str(info.value)) < 120


def test_t11_t18_t34_the_largest_point_options_score_exactly() -> None:
    options = TarotOptions(
        multipliers=dict.fromkeys(FOUR, 1_000_000),
        poignee_bonuses=(1_000_000,) * 3,
        chelem_bonuses=dict.fromkeys(SLAMS, -1_000_000),
    )
    deal = facts(contract=GARDE_SANS, points=91, bouts=3, chelem=ATTACK, poignees=(SIMPLE,))
    result = score_deal(deal, options)
    assert sum(result.scores) == 0
    assert -(2**53) < result.unit < 2**53
    assert TarotOptions.from_dict(options.to_dict()) == options


# ------------------------------------------------ score keeping: void deals, the defence's pile

REASONS: list[Any] = ["all_pass", "petit_sec"]


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("reason", REASONS)
def test_t9_t12_void_facts_score_as_the_annulled_deal(players: int, reason: Any) -> None:
    void = DealFacts.void(reason, players=players)
    assert (void.void_reason, void.contract, void.taker, void.points, void.bouts) == (
        reason,
        None,
        None,
        None,
        None,
    )
    assert (void.half_points, void.defence_points, void.defence_bouts, void.attack) == (
        None,
        None,
        None,
        (),
    )
    assert score_deal(void) == DealResult.annulled_deal(players=players, reason=reason)
    assert DealFacts(players=players, void_reason=reason.upper()) == void
    names = {"DealFacts": DealFacts, "Contract": Contract, "Camp": Camp}
    assert eval(repr(void), names) == void  # noqa: S307
    assert pickle.loads(pickle.dumps(void)) == void  # noqa: S301


def test_t9_a_void_petit_sec_needs_petit_sec_to_annul() -> None:
    keep = TarotOptions(petit_sec_annuls=False)
    with pytest.raises(ScoreInputError, match=r"petit_sec_annuls=False .*\(T-9\)"):
        score_deal(DealFacts.void("petit_sec", players=4), keep)
    assert score_deal(DealFacts.void("all_pass", players=4), keep).annulled == "all_pass"


def test_t9_t12_void_facts_need_the_player_count_to_be_scored() -> None:
    with pytest.raises(ScoreInputError, match="how many players"):
        score_deal(DealFacts.void("all_pass"))


PLAYED_FIELDS: list[tuple[str, Any]] = [
    ("contract", "garde"),
    ("taker", 0),
    ("partner", 1),
    ("points", 45),
    ("bouts", 2),
    ("petit_au_bout", "attack"),
    ("chelem", "defence"),
    ("poignees", ["simple"]),
    ("chelem_announced", True),
]


@pytest.mark.parametrize(("field", "value"), PLAYED_FIELDS, ids=[f for f, _ in PLAYED_FIELDS])
def test_t9_t12_void_facts_have_nothing_of_a_played_deal(field: str, value: Any) -> None:
    with pytest.raises(ScoreInputError, match=f"annulled before play has no {field}: leave"):
        DealFacts(void_reason="all_pass", **{field: value})


@pytest.mark.parametrize("reason", ["misdeal", "", 1, True, "all pass", "x" * 100])
def test_t9_t12_void_reason_must_be_one_of_the_two(reason: Any) -> None:
    with pytest.raises(ScoreInputError, match="void_reason must be 'all_pass'") as caught:
        DealFacts(void_reason=reason)
    assert len(str(caught.value)) < 200


def test_t9_t12_void_facts_have_no_camps() -> None:
    with pytest.raises(ScoreInputError, match="no camps"):
        DealFacts.void("petit_sec", players=4).camp_of(0)
    with pytest.raises(InvalidSeatError):
        DealFacts.void("petit_sec", players=4).camp_of(4)


def test_t9_t12_void_facts_json_as_bid_euchre_writes_it() -> None:
    void = DealFacts.void("all_pass", players=4)
    document = void.to_dict()
    assert document["void_reason"] == "all_pass"
    assert {k for k, v in document.items() if v not in (None, [], False)} == {
        "players",
        "void_reason",
    }
    assert DealFacts(**document) == void
    assert DealFacts.from_dict(document) == void
    assert DealFacts.from_dict({"void_reason": "all_pass"}) == DealFacts.void("all_pass")
    played = facts(points=45, bouts=2).to_dict()
    assert played["void_reason"] is None
    with pytest.raises(ScoreInputError, match="has no contract"):
        DealFacts.from_dict({**played, "void_reason": "all_pass"})
    with pytest.raises(ScoreInputError, match="lack the field 'taker'"):
        DealFacts.from_dict({"contract": "garde", "points": 45, "bouts": 2})


def test_t28_the_defences_pile_gives_the_attacks() -> None:
    by_attack = facts(points=45, bouts=2)
    assert facts(defence_points=46, defence_bouts=1) == by_attack
    assert facts(defence_points=46, bouts=2) == by_attack
    assert facts(points=45, defence_bouts=1) == by_attack
    assert facts(points=45, bouts=2, defence_points=46, defence_bouts=1) == by_attack
    assert (by_attack.defence_points, by_attack.defence_bouts) == (Fraction(46), 1)
    # T-4, T-28: half points stay exact on both sides.
    half = facts(players=3, defence_points=50.5, defence_bouts=1)
    assert (half.points, half.half_points, half.defence_points) == (
        Fraction(81, 2),
        81,
        Fraction(101, 2),
    )
    assert facts(defence_points=Fraction(101, 2), bouts=2) == facts(points=40.5, bouts=2)
    assert facts(defence_points=Decimal("50.5"), bouts=2).points == Fraction(81, 2)


def test_t28_a_defence_pile_that_does_not_add_up_is_refused() -> None:
    with pytest.raises(ScoreInputError, match=r"add up to 90.*91 points together \(T-28\)"):
        facts(points=45, defence_points=45, bouts=2)
    with pytest.raises(ScoreInputError, match=r"add up to 4.*3 bouts together"):
        facts(points=45, bouts=2, defence_bouts=2)


@pytest.mark.parametrize(
    ("given", "match"),
    [
        ({"defence_points": -0.5}, "defence_points must be from 0 to 91"),
        ({"defence_points": 91.5}, "defence_points must be from 0 to 91"),
        ({"defence_points": 10**400}, "defence_points must be from 0 to 91"),
        ({"defence_points": 45.25}, "defence_points come in half points"),
        ({"defence_points": "46"}, "defence_points must be a number .* points_from_text"),
        ({"defence_points": True}, "defence_points must be a number, not the bool"),
        ({"defence_points": math.nan}, "defence_points must be a finite number"),
        ({"defence_points": [46]}, "defence_points must be a number"),
        ({"defence_bouts": 4}, "defence_bouts must be an int from 0 to 3"),
        ({"defence_bouts": -1}, "defence_bouts must be an int from 0 to 3"),
        ({"defence_bouts": True}, "defence_bouts must be an int from 0 to 3"),
        ({"defence_bouts": "1"}, "defence_bouts must be an int from 0 to 3"),
        ({"defence_bouts": 1, "bouts": "2"}, "bouts must be an int from 0 to 3"),
        ({"defence_points": 46, "points": "45"}, "points must be a number"),
        # T-28: the defence's pile must hold its bouts too.
        ({"defence_points": 8, "defence_bouts": 2}, r"T-4, T-28"),
        ({"defence_points": 91, "defence_bouts": 3}, r"pass chelem=Camp.DEFENCE \(T-27\)"),
    ],
)
def test_t4_t28_impossible_defence_piles_are_refused(given: dict[str, Any], match: str) -> None:
    base: dict[str, Any] = {"points": None, "bouts": None, "defence_points": 46, "defence_bouts": 1}
    with pytest.raises(ScoreInputError, match=match) as caught:
        facts(**{**base, **given})
    assert len(str(caught.value)) < 200


def test_t28_the_defences_pile_as_json() -> None:
    document = {"contract": "garde", "taker": 0, "defence_points": 50.5, "defence_bouts": 1}
    read = DealFacts.from_dict(document)
    assert read == DealFacts(contract="garde", taker=0, points=40.5, bouts=2)
    # The facts write the attack's pile, the one the score reads (T-28).
    assert (read.to_dict()["points"], read.to_dict()["bouts"]) == (40.5, 2)
    assert "defence_points" not in read.to_dict()
    with pytest.raises(ScoreInputError, match="lack the field 'bouts'"):
        DealFacts.from_dict({"contract": "garde", "taker": 0, "defence_points": 50.5})


@given(deal_and_options())
def test_t29_t30_the_defences_pile_scores_as_the_attacks(
    pair: tuple[DealFacts, TarotOptions],
) -> None:
    deal, options = pair
    assert deal.points is not None
    assert deal.bouts is not None
    fields = {k: v for k, v in deal.to_dict().items() if k not in ("points", "bouts")}
    counted = DealFacts(**fields, defence_points=91 - deal.points, defence_bouts=3 - deal.bouts)
    assert counted == deal
    assert score_deal(counted, options) == score_deal(deal, options)
    assert counted.defence_points == 91 - deal.points
    mixed = DealFacts(**fields, defence_points=float(91 - deal.points), bouts=deal.bouts)
    assert score_deal(mixed, options) == score_deal(deal, options)


# ------------------------------------------------------- facts without the player count


def test_t1_facts_without_players_are_checked_at_any_table() -> None:
    deal = DealFacts(contract="garde", taker=4, partner=2, points=43, bouts=2)
    assert deal.players is None
    assert deal.attack == (4, 2)
    assert deal.camp_of(2) is ATTACK
    with pytest.raises(ScoreInputError, match="how many players"):
        score_deal(deal)
    assert score_deal(attrs.evolve(deal, players=5)).scores == (-54, -54, 54, -54, 108)
    # Given the table, the facts are checked again.
    with pytest.raises(ScoreInputError, match="taker must be a seat from 0 to 3, not 4"):
        attrs.evolve(deal, players=4)
    with pytest.raises(ScoreInputError, match="only the 5-player game has a partner"):
        attrs.evolve(deal, players=4, taker=0)
    with pytest.raises(ScoreInputError, match="taker must be a seat from 0 to 2"):
        attrs.evolve(deal, players=3, partner=None)
    with pytest.raises(ScoreInputError, match="taker must be a seat from 0 to 4, not 5"):
        DealFacts(contract="garde", taker=5, points=43, bouts=2)
    with pytest.raises(ScoreInputError, match="taker is None"):
        DealFacts(contract="garde", points=43, bouts=2)


def test_t14_t27_a_slam_without_players_fits_some_chien() -> None:
    # A defence slam in Garde sans leaves the attack the chien: 6 cards with 3 or 4
    # players (four Kings and two Queens, 25 points), 3 with 5 players.
    kings = DealFacts(contract="garde-sans", taker=0, points=25, bouts=0, chelem="defence")
    assert attrs.evolve(kings, players=4).players == 4
    with pytest.raises(ScoreInputError, match="T-25 to T-28"):
        attrs.evolve(kings, players=5)
    with pytest.raises(ScoreInputError, match="T-25 to T-28"):
        attrs.evolve(kings, partner=1)


@given(deal_and_options())
def test_t1_facts_without_players_are_accepted_and_complete_to_the_same(
    pair: tuple[DealFacts, TarotOptions],
) -> None:
    deal, options = pair
    open_count = attrs.evolve(deal, players=None)
    assert open_count.players is None
    completed = attrs.evolve(open_count, players=deal.players)
    assert completed == deal
    assert score_deal(completed, options) == score_deal(deal, options)


def test_result_documents_whose_facts_lack_void_reason_still_load() -> None:
    # Written before the facts had void_reason (0.2): its facts lack the key.
    result = score_deal(facts(points=40.5, bouts=2))
    document = result.to_dict()
    played = {k: v for k, v in document["facts"].items() if k != "void_reason"}
    old = {**document, "facts": played, "tarot": {**document["tarot"], "facts": played}}
    before = copy.deepcopy(old)
    assert DealResult.from_dict(old) == result
    assert old == before
    with pytest.raises(ScoreInputError, match="'unit'"):
        DealResult.from_dict({**old, "unit": 0})
    with pytest.raises(ScoreInputError, match="annulled before play has no contract"):
        DealResult.from_dict({**old, "facts": {**played, "void_reason": "all_pass"}})
