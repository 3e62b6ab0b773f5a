"""Scoring one Bid Euchre hand: E-24 … E-32 and the single-hand cases S1 … S32 (§3.1)."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import attrs
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from cardrules.bid_euchre.bidding import Contract, ContractKind
from cardrules.bid_euchre.options import BidEuchreOptions
from cardrules.bid_euchre.scoring import HandFacts, HandResult, score_hand
from cardrules.errors import CardrulesError, ScoreInputError

N, E, S, W = 0, 1, 2, 3


def facts(
    contract: str, declarer: int, tricks: tuple[int, int], reneges: tuple[int, ...] = ()
) -> HandFacts:
    """Facts of a played hand; ``contract`` in the spec's notation (``4``, ``6H``, ``6P``)."""
    return HandFacts(
        contract=Contract.parse(contract),
        declarer=declarer,
        tricks=tricks,
        reneges=reneges,
    )


# ---------------------------------------------------------------------------- §3.1 cases

# (case, options, facts, delta NS, delta EW)
SINGLE_HANDS: list[tuple[str, dict[str, Any], HandFacts, int, int]] = [
    ("S1", {}, facts("3", N, (3, 3)), 3, 3),
    ("S2", {}, facts("3", N, (4, 2)), 4, 2),
    ("S3", {}, facts("3", S, (6, 0)), 6, 0),
    ("S4", {}, facts("3", N, (2, 4)), -3, 4),
    ("S5", {}, facts("3", S, (0, 6)), -3, 6),
    ("S6", {}, facts("4", N, (4, 2)), 4, 2),
    ("S7", {}, facts("4", N, (5, 1)), 5, 1),
    ("S9", {}, facts("5", N, (5, 1)), 5, 1),
    ("S10", {}, facts("5", S, (6, 0)), 6, 0),
    ("S11", {}, facts("5", N, (4, 2)), -5, 2),
    ("S12", {}, facts("5", N, (1, 5)), -5, 5),
    ("S13", {}, facts("6H", N, (6, 0)), 12, 0),
    ("S15", {}, facts("6H", S, (0, 6)), -6, 6),
    ("S15 contract_value", {"lone_set_penalty": "contract_value"}, facts("6H", S, (0, 6)), -12, 6),
    ("S16", {}, facts("6M", N, (6, 0)), 24, 0),
    ("S17", {}, facts("6M", N, (5, 1)), -6, 1),
    ("S17 contract_value", {"lone_set_penalty": "contract_value"}, facts("6M", N, (5, 1)), -24, 1),
    ("S19", {}, facts("4", E, (3, 3)), 3, -4),
    ("S21", {"stick_the_dealer": True}, facts("3", S, (2, 4)), -3, 4),
    ("S23", {"renege_mode": "penalize"}, facts("3", N, (3, 3), reneges=(S,)), 1, 3),
    ("S25", {"allow_plain_six": True}, facts("6P", N, (6, 0)), 6, 0),
    ("S26", {"allow_plain_six": True}, facts("6P", N, (5, 1)), -6, 1),
    ("S27", {"double_deck": True}, facts("7", N, (8, 4)), 8, 4),
    ("S29", {"double_deck": True}, facts("12H", N, (12, 0)), 24, 0),
    ("S32", {"joker": True}, facts("4", S, (4, 2)), 4, 2),
]


@pytest.mark.parametrize(
    ("case", "options", "hand", "ns", "ew"), SINGLE_HANDS, ids=[c[0] for c in SINGLE_HANDS]
)
def test_single_hand_cases(
    case: str, options: dict[str, Any], hand: HandFacts, ns: int, ew: int
) -> None:
    result = score_hand(hand, BidEuchreOptions(**options))
    assert result.delta == (ns, ew), case
    assert result.returns == (ns, ew, ns, ew)
    assert hand.declarer is not None
    assert result.bidding_team == hand.declarer % 2
    assert result.facts is hand
    # Each team's reasons add up to its delta.
    for team, lines in enumerate(result.reasons):
        assert sum(int(line.rsplit(": ", 1)[1]) for line in lines) == result.delta[team]


@pytest.mark.parametrize(
    ("case", "options", "reason"),
    [("S20", {}, "all_pass"), ("S31", {"ace_no_face": True}, "ace_no_face")],
)
def test_void_hand_cases(case: str, options: dict[str, Any], reason: Any) -> None:
    result = score_hand(HandFacts.void(reason), BidEuchreOptions(**options))
    assert result.delta == (0, 0), case
    assert result.returns == (0, 0, 0, 0)
    assert result.made is None
    assert result.bidding_team is None


@pytest.mark.parametrize(
    ("hand", "made"),
    [
        (facts("3", N, (3, 3)), True),
        (facts("4", W, (3, 3)), False),
        (facts("6H", E, (0, 6)), True),
        (facts("6M", S, (5, 1)), False),
    ],
)
def test_made_flag(hand: HandFacts, made: bool) -> None:
    assert score_hand(hand).made is made


# ---------------------------------------------------------------------------- E-24 … E-32


@pytest.mark.parametrize(
    ("options", "hand"),
    [
        ({}, facts("3", N, (3, 2))),
        ({}, facts("3", N, (4, 3))),
        ({}, facts("6M", N, (6, 6))),
        ({"double_deck": True}, facts("7", N, (6, 0))),
        ({"double_deck": True}, facts("7", N, (8, 5))),
    ],
)
def test_e24_tricks_must_add_up_to_the_hand(options: dict[str, Any], hand: HandFacts) -> None:
    with pytest.raises(ScoreInputError, match="E-24"):
        score_hand(hand, BidEuchreOptions(**options))


def test_e24_sitting_out_partner_shares_the_declarers_tricks() -> None:
    # 6M by S: N sits out, yet the team's six tricks score for both seats of NS.
    result = score_hand(facts("6M", S, (6, 0)))
    assert result.returns == (24, 0, 24, 0)


@pytest.mark.parametrize(("bid", "taken"), [(3, 3), (3, 5), (4, 4), (4, 6), (5, 5), (5, 6)])
def test_e25_made_contract_scores_every_trick(bid: int, taken: int) -> None:
    result = score_hand(facts(str(bid), W, (6 - taken, taken)))
    assert result.made is True
    assert result.delta[1] == taken


@pytest.mark.parametrize(("bid", "taken"), [(3, 0), (3, 2), (4, 3), (5, 4), (5, 0)])
def test_e25_set_contract_loses_the_bid(bid: int, taken: int) -> None:
    result = score_hand(facts(str(bid), N, (taken, 6 - taken)))
    assert result.made is False
    assert result.delta[0] == -bid


def test_e25_all_tricks_on_an_ordinary_bid_earn_no_bonus() -> None:
    assert [score_hand(facts(str(bid), N, (6, 0))).delta for bid in (3, 4, 5)] == [(6, 0)] * 3


def test_e25_plain_six_is_an_ordinary_bid() -> None:
    options = BidEuchreOptions(allow_plain_six=True, double_deck=True)
    assert score_hand(facts("12P", E, (0, 12)), options).delta == (0, 12)
    assert score_hand(facts("12P", E, (1, 11)), options).delta == (1, -12)


@pytest.mark.parametrize("taken", range(7))
@pytest.mark.parametrize("contract", ["3", "5", "6H", "6M"])
def test_e26_defenders_always_score_their_tricks(contract: str, taken: int) -> None:
    result = score_hand(facts(contract, E, (6 - taken, taken)))
    assert result.delta[0] == 6 - taken


def test_e27_help_made_scores_the_help_value() -> None:
    assert score_hand(facts("6H", W, (0, 6))).delta == (0, 12)
    # The value replaces the trick points rather than adding to them.
    assert score_hand(facts("6H", W, (0, 6)), BidEuchreOptions(help_value=9)).delta == (0, 9)


def test_e27_help_value_scales_with_the_double_deck() -> None:
    options = BidEuchreOptions(double_deck=True)
    assert score_hand(facts("12H", S, (12, 0)), options).delta == (24, 0)


def test_e28_moon_made_scores_the_moon_value() -> None:
    assert score_hand(facts("6M", E, (0, 6))).delta == (0, 24)
    assert score_hand(facts("6M", E, (0, 6)), BidEuchreOptions(moon_value=30)).delta == (0, 30)
    options = BidEuchreOptions(double_deck=True)
    assert score_hand(facts("12M", N, (12, 0)), options).delta == (48, 0)


@pytest.mark.parametrize("taken", range(6))
def test_e29_failed_help_bid_penalty(taken: int) -> None:
    assert score_hand(facts("6H", N, (taken, 6 - taken))).delta == (-6, 6 - taken)


@pytest.mark.parametrize("taken", range(6))
def test_e29_failed_moon_bid_penalty(taken: int) -> None:
    assert score_hand(facts("6M", W, (6 - taken, taken))).delta == (6 - taken, -6)


@pytest.mark.parametrize(
    ("contract", "expected"), [("6H", (-12, 2)), ("6M", (-24, 2))], ids=["help", "moon"]
)
def test_e29_contract_value_penalty(contract: str, expected: tuple[int, int]) -> None:
    options = BidEuchreOptions(lone_set_penalty="contract_value")
    assert score_hand(facts(contract, S, (4, 2)), options).delta == expected


def test_e29_contract_value_follows_custom_values() -> None:
    options = BidEuchreOptions(lone_set_penalty="contract_value", help_value=10, moon_value=20)
    assert score_hand(facts("6H", E, (1, 5)), options).delta == (1, -10)
    assert score_hand(facts("6M", E, (1, 5)), options).delta == (1, -20)
    # Under "bid" a custom value does not change the penalty: the six tricks bid.
    assert score_hand(facts("6M", E, (1, 5)), BidEuchreOptions(moon_value=20)).delta == (1, -6)


@pytest.mark.parametrize(
    ("penalty", "contract", "expected"),
    [
        ("bid", "12H", (-12, 1)),
        ("bid", "12M", (-12, 1)),
        ("contract_value", "12H", (-24, 1)),
        ("contract_value", "12M", (-48, 1)),
    ],
)
def test_e29_double_deck_penalties(penalty: Any, contract: str, expected: tuple[int, int]) -> None:
    options = BidEuchreOptions(double_deck=True, lone_set_penalty=penalty)
    assert score_hand(facts(contract, N, (11, 1)), options).delta == expected


def test_e30_a_hand_can_score_below_zero() -> None:
    # The hand's delta is negative; the match keeps it (see the match tests, M11).
    assert score_hand(facts("5", S, (0, 6))).delta == (-5, 6)


@pytest.mark.parametrize(
    ("reneges", "penalty", "expected"),
    [
        ((N,), 2, (1, 3)),
        ((E,), 2, (3, 1)),
        ((N, S), 2, (-1, 3)),
        ((N, E, W), 2, (1, -1)),
        ((W, W), 5, (3, -7)),
        ((N, E), 0, (3, 3)),
    ],
)
def test_e31_each_renege_costs_the_offending_team(
    reneges: tuple[int, ...], penalty: int, expected: tuple[int, int]
) -> None:
    options = BidEuchreOptions(renege_mode="penalize", renege_penalty=penalty)
    result = score_hand(facts("3", N, (3, 3), reneges=reneges), options)
    assert result.delta == expected
    assert result.made is True
    lines = [line for team in result.reasons for line in team if line.startswith("renege")]
    assert sorted(lines) == sorted(f"renege by {'NESW'[s]}: {-penalty}" for s in reneges)


def test_e31_renege_penalty_applies_on_top_of_a_set_and_a_moon() -> None:
    options = BidEuchreOptions(renege_mode="penalize")
    assert score_hand(facts("5", E, (2, 4), reneges=(E,)), options).delta == (2, -7)
    assert score_hand(facts("6M", N, (6, 0), reneges=(E,)), options).delta == (24, -2)


def test_e23_reneges_are_impossible_in_reject_mode() -> None:
    with pytest.raises(ScoreInputError, match="E-23"):
        score_hand(facts("3", N, (3, 3), reneges=(E,)))


def test_e21_sitting_out_partner_cannot_renege() -> None:
    options = BidEuchreOptions(renege_mode="penalize")
    with pytest.raises(ScoreInputError, match="E-21"):
        score_hand(facts("6H", N, (6, 0), reneges=(S,)), options)
    assert score_hand(facts("6H", N, (6, 0), reneges=(N,)), options).delta == (10, 0)


def test_e23_a_seat_reneges_at_most_once_per_trick_but_the_last() -> None:
    options = BidEuchreOptions(renege_mode="penalize")
    assert score_hand(facts("3", N, (3, 3), reneges=(E,) * 5), options).delta == (3, -7)
    with pytest.raises(ScoreInputError, match="last card"):
        score_hand(facts("3", N, (3, 3), reneges=(E,) * 6), options)


@pytest.mark.parametrize(
    ("reason", "options"), [("all_pass", {}), ("ace_no_face", {"ace_no_face": True})]
)
def test_e32_void_hands_score_zero(reason: Any, options: dict[str, Any]) -> None:
    result = score_hand(HandFacts.void(reason), BidEuchreOptions(**options))
    assert result.delta == (0, 0)
    assert result.reasons[0] == result.reasons[1]
    assert "thrown in" in result.explain()


def test_e12_all_pass_is_a_void_hand() -> None:
    hand = HandFacts(contract=None, declarer=None, tricks=(0, 0), void_reason="all_pass")
    assert hand == HandFacts.void("all_pass")
    assert score_hand(hand).delta == (0, 0)


def test_e35_no_all_pass_hand_under_stick_the_dealer() -> None:
    with pytest.raises(ScoreInputError, match="E-35"):
        score_hand(HandFacts.void("all_pass"), BidEuchreOptions(stick_the_dealer=True))


def test_e36_ace_no_face_claim_needs_the_option() -> None:
    with pytest.raises(ScoreInputError, match="E-36"):
        score_hand(HandFacts.void("ace_no_face"))


# ---------------------------------------------------------------------------- contracts


@pytest.mark.parametrize(
    ("options", "contract", "rule"),
    [
        ({}, "6P", "E-10"),
        ({}, "2", "E-8"),
        ({"min_bid": 4}, "3", "E-8"),
        ({}, "12H", "E-10"),
        ({}, "7", "E-8"),
        ({"double_deck": True}, "6H", "E-38"),
        ({"double_deck": True}, "6M", "E-38"),
        ({"double_deck": True}, "12P", "E-10"),
        ({"double_deck": True}, "13", "E-8"),
    ],
)
def test_e8_e10_e38_contracts_the_options_forbid(
    options: dict[str, Any], contract: str, rule: str
) -> None:
    opts = BidEuchreOptions(**options)
    level = int(contract.rstrip("PHM"))
    kind = {"H": ContractKind.HELP, "M": ContractKind.MOON}.get(contract[-1], ContractKind.ORDINARY)
    n = opts.tricks_per_hand
    # 13 tricks is no hand's contract: the facts refuse it (E-8, E-38).
    with pytest.raises(ScoreInputError, match=rule):
        score_hand(HandFacts(contract=Contract(level, kind), declarer=N, tricks=(n, 0)), opts)


def test_e8_min_bid_equal_to_the_hand_size_leaves_the_all_tricks_bids() -> None:
    options = BidEuchreOptions(min_bid=6, allow_plain_six=True)
    assert score_hand(facts("6P", N, (6, 0)), options).delta == (6, 0)
    assert score_hand(facts("6H", N, (6, 0)), options).delta == (12, 0)
    with pytest.raises(ScoreInputError):
        score_hand(facts("5", N, (6, 0)), options)


# ---------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    "fields",
    [
        {"tricks": [3, "3"]},
        {"tricks": (3, 3, 0)},
        {"tricks": (True, 5)},
        {"tricks": (3.0, 3)},
        {"tricks": (-1, 7)},
        {"tricks": None},
        {"declarer": None},
        {"declarer": True},
        {"declarer": 4},
        {"declarer": -1},
        {"declarer": "N"},
        {"contract": "3X"},
        {"contract": 3},
        {"contract": Contract(True)},
        {"contract": Contract(3, 1)},  # type: ignore[arg-type]
        {"contract": (3, 0)},
        {"tricks": (10**5000, -1)},
        {"reneges": (10**5000,)},
        {"reneges": ["0"]},
        {"reneges": (True,)},
        {"reneges": (4,)},
        {"reneges": None},
        {"void_reason": "all_pass"},
    ],
)
def test_hand_facts_reject_bad_fields(fields: dict[str, Any]) -> None:
    base: dict[str, Any] = {"contract": Contract(3), "declarer": N, "tricks": (3, 3)}
    with pytest.raises(ScoreInputError) as info:
        HandFacts(**{**base, **fields})
    assert isinstance(info.value, CardrulesError)
    assert isinstance(info.value, ValueError)
    assert len(str(info.value)) < 200


@pytest.mark.parametrize(
    "tricks", [10**5000, -(10**400), 2**63, 13, 0], ids=["5001", "-401", "2**63", "13", "0"]
)
@pytest.mark.parametrize("kind", list(ContractKind))
def test_e8_e10_e38_contracts_of_any_size_are_refused_in_words(
    tricks: int, kind: ContractKind
) -> None:
    # A contract of 10**5000 tricks once made messages that Python could not print.
    # No hand has more than 12 tricks (E-38): the facts refuse such a contract or count;
    # a contract the options do not allow is refused by score_hand.
    contract = Contract(tricks, kind)
    if 1 <= tricks <= 12:
        hand = HandFacts(contract=contract, declarer=N, tricks=(3, 3))
        with pytest.raises(ScoreInputError, match=r"not possible|needs allow_plain_six") as info:
            score_hand(hand)
        assert len(repr(hand)) < 400
    else:
        with pytest.raises(ScoreInputError, match="E-38") as info:
            HandFacts(contract=contract, declarer=N, tricks=(3, 3))
    assert len(str(info.value)) < 200
    if abs(tricks) <= 12:
        many = HandFacts(contract=Contract(4), declarer=N, tricks=(abs(tricks), 3))
        with pytest.raises(ScoreInputError, match="E-24") as info:
            score_hand(many)
    else:
        with pytest.raises(ScoreInputError, match="E-38") as info:
            HandFacts(contract=Contract(4), declarer=N, tricks=(abs(tricks), 3))
    assert len(str(info.value)) < 200


@pytest.mark.parametrize(
    "fields",
    [
        {},
        {"void_reason": "misdeal"},
        {"void_reason": "all_pass", "declarer": N},
        {"void_reason": "all_pass", "tricks": (3, 3)},
        {"void_reason": "all_pass", "reneges": (N,)},
    ],
)
def test_void_facts_reject_contradictions(fields: dict[str, Any]) -> None:
    base: dict[str, Any] = {"contract": None, "declarer": None, "tricks": (0, 0)}
    with pytest.raises(ScoreInputError):
        HandFacts(**{**base, **fields})


def test_score_hand_rejects_wrong_types() -> None:
    with pytest.raises(ScoreInputError, match="HandFacts"):
        score_hand((Contract(3), N, (3, 3)))  # type: ignore[arg-type]
    with pytest.raises(ScoreInputError, match="BidEuchreOptions"):
        score_hand(facts("3", N, (3, 3)), {"double_deck": False})  # type: ignore[arg-type]


# ---------------------------------------------------------------------------- the result


def test_reasons_and_explain_read_as_the_spec_writes_them() -> None:
    options = BidEuchreOptions(renege_mode="penalize")
    result = score_hand(facts("4", N, (5, 1), reneges=(E,)), options)
    assert result.reasons == (
        ("bid 4 made with 5 tricks: +5",),
        ("defended against 4 with 1 trick: +1", "renege by E: -2"),
    )
    assert result.explain().splitlines() == [
        "4 by N for NS: made with 5 of 6 tricks",
        "NS +5",
        "  bid 4 made with 5 tricks: +5",
        "EW -1",
        "  defended against 4 with 1 trick: +1",
        "  renege by E: -2",
    ]
    moon = score_hand(facts("6M", W, (1, 5)))
    assert moon.reasons == (
        ("defended against 6M with 1 trick: +1",),
        ("moon 6M set with 5 tricks: -6",),
    )
    plain = score_hand(facts("6P", S, (6, 0)), BidEuchreOptions(allow_plain_six=True))
    assert plain.summary == "6P by S for NS: made with 6 of 6 tricks"
    ace = score_hand(HandFacts.void("ace_no_face"), BidEuchreOptions(ace_no_face=True))
    assert ace.summary == "hand thrown in: Ace No Face claim (E-36)"


def test_results_are_immutable_values() -> None:
    result = score_hand(facts("6H", E, (0, 6)))
    assert result == score_hand(facts("6H", E, (0, 6)))
    assert hash(result) == hash(score_hand(facts("6H", E, (0, 6))))
    # Loads only the bytes dumped on the line before.
    assert pickle.loads(pickle.dumps(result)) == result  # noqa: S301
    assert pickle.loads(pickle.dumps(result.facts)) == result.facts  # noqa: S301
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        result.delta = (0, 0)  # type: ignore[misc]
    assert type(result) is HandResult


# ---------------------------------------------------------------------------- properties


@st.composite
def scoring_options(draw: st.DrawFn) -> BidEuchreOptions:
    double = draw(st.booleans())
    n = 12 if double else 6
    return BidEuchreOptions(
        double_deck=double,
        min_bid=draw(st.integers(1, n)),
        allow_plain_six=draw(st.booleans()),
        help_value=draw(st.integers(0, 60)),
        moon_value=draw(st.integers(0, 120)),
        lone_set_penalty=draw(st.sampled_from(["bid", "contract_value"])),
        renege_mode=draw(st.sampled_from(["reject", "penalize"])),
        renege_penalty=draw(st.integers(0, 10)),
        stick_the_dealer=draw(st.booleans()),
        ace_no_face=draw(st.booleans()),
    )


def allowed_contracts(options: BidEuchreOptions) -> list[Contract]:
    n = options.tricks_per_hand
    ordinary = [Contract(level) for level in range(options.min_bid, n)]
    plain = [Contract(n)] if options.allow_plain_six else []
    return [*ordinary, *plain, Contract.help(n), Contract.moon(n)]


@st.composite
def valid_hands(draw: st.DrawFn) -> tuple[BidEuchreOptions, HandFacts]:
    options = draw(scoring_options())
    voids = [
        *([] if options.stick_the_dealer else ["all_pass"]),
        *(["ace_no_face"] if options.ace_no_face else []),
    ]
    if voids and draw(st.integers(0, 9)) == 0:
        return options, HandFacts.void(draw(st.sampled_from(voids)))
    n = options.tricks_per_hand
    contract = draw(st.sampled_from(allowed_contracts(options)))
    declarer = draw(st.integers(0, 3))
    ns = draw(st.integers(0, n))
    reneges: tuple[int, ...] = ()
    if options.renege_mode == "penalize":
        seats = [s for s in range(4) if not (contract.is_lone and s == (declarer + 2) % 4)]
        reneges = tuple(draw(st.lists(st.sampled_from(seats), max_size=4)))
    hand = HandFacts(contract=contract, declarer=declarer, tricks=(ns, n - ns), reneges=reneges)
    return options, hand


def spec_delta(options: BidEuchreOptions, hand: HandFacts) -> tuple[int, int]:
    """The hand's score, worked out afresh from the wording of E-24 … E-32."""
    if hand.contract is None or hand.declarer is None:
        return (0, 0)  # E-32
    all_tricks = 12 if options.double_deck else 6
    assert hand.tricks is not None
    bidders = hand.declarer % 2
    points = {1 - bidders: hand.tricks[1 - bidders]}  # E-26
    t_b = hand.tricks[bidders]
    bid = hand.contract.tricks
    if hand.contract.kind == ContractKind.ORDINARY:  # E-25
        points[bidders] = t_b if t_b >= bid else -bid
    else:
        value = {ContractKind.HELP: options.help_value, ContractKind.MOON: options.moon_value}[
            hand.contract.kind
        ]
        if t_b == all_tricks:  # E-27, E-28
            points[bidders] = value
        elif options.lone_set_penalty == "bid":  # E-29
            points[bidders] = -bid
        else:
            points[bidders] = -value
    for seat in hand.reneges:  # E-31
        points[seat % 2] -= options.renege_penalty
    return (points[0], points[1])


@given(valid_hands())
def test_delta_matches_an_independent_reading_of_the_rules(
    case: tuple[BidEuchreOptions, HandFacts],
) -> None:
    options, hand = case
    result = score_hand(hand, options)
    assert result.delta == spec_delta(options, hand)
    assert result.returns == result.delta * 2
    assert result.options is options
    for team, lines in enumerate(result.reasons):
        assert sum(int(line.rsplit(": ", 1)[1]) for line in lines) == result.delta[team]
    assert result.explain().splitlines()[0] == result.summary


NOT_AN_INT = st.one_of(
    st.booleans(), st.none(), st.floats(), st.text(max_size=3), st.lists(st.integers(0, 3))
)


NOT_AN_INT = st.one_of(
    st.booleans(), st.none(), st.floats(), st.text(max_size=3), st.lists(st.integers(0, 3))
)
# With the default hand (contract 3 by N, tricks 3-3, penalize mode), every value drawn
# for a field is wrong: a non-int, or an int out of range for that field.
BAD_VALUES = {
    "tricks0": st.one_of(NOT_AN_INT, st.integers(max_value=2), st.integers(min_value=4)),
    "tricks1": st.one_of(NOT_AN_INT, st.integers(max_value=2), st.integers(min_value=4)),
    "declarer": st.one_of(NOT_AN_INT, st.integers(max_value=-1), st.integers(min_value=4)),
    "renege": st.one_of(NOT_AN_INT, st.integers(max_value=-1), st.integers(min_value=4)),
    "contract_level": st.one_of(NOT_AN_INT, st.integers(max_value=2), st.integers(min_value=6)),
}


@given(st.data())
def test_bad_fields_raise_score_input_error(data: st.DataObject) -> None:
    field = data.draw(st.sampled_from(sorted(BAD_VALUES)))
    bad = data.draw(BAD_VALUES[field])
    fields: dict[str, Any] = {"declarer": N, "tricks": (3, 3), "reneges": ()}
    level: object = 3
    if field == "tricks0":
        fields["tricks"] = (bad, 3)
    elif field == "tricks1":
        fields["tricks"] = (3, bad)
    elif field == "declarer":
        fields["declarer"] = bad
    elif field == "renege":
        fields["reneges"] = (bad,)
    else:
        level = bad
    options = BidEuchreOptions(renege_mode="penalize")
    with pytest.raises(ScoreInputError):
        # Ints of the right type can still be out of range for these options.
        score_hand(HandFacts(contract=Contract(level), **fields), options)  # type: ignore[arg-type]


@given(scoring_options(), st.data())
def test_contracts_the_options_forbid_raise(options: BidEuchreOptions, data: st.DataObject) -> None:
    n = options.tricks_per_hand
    allowed = allowed_contracts(options)
    contract = data.draw(
        st.builds(Contract, st.integers(-3, 15), st.sampled_from(list(ContractKind))).filter(
            lambda c: c not in allowed
        )
    )
    declarer = data.draw(st.integers(0, 3))
    # The facts refuse a contract no hand allows (E-38), score_hand the others.
    with pytest.raises(ScoreInputError):
        score_hand(HandFacts(contract=contract, declarer=declarer, tricks=(n, 0)), options)


@given(valid_hands(), st.integers(-3, 3).filter(bool))
def test_trick_totals_other_than_the_hand_size_raise(
    case: tuple[BidEuchreOptions, HandFacts], shift: int
) -> None:
    options, hand = case
    assume(hand.contract is not None)
    assert hand.tricks is not None
    ns, ew = hand.tricks
    if ew + shift < 0:
        shift = -shift
    # Past 12 tricks, the facts themselves refuse the count (E-38).
    with pytest.raises(ScoreInputError, match=r"E-24|E-38"):
        score_hand(attrs.evolve(hand, tricks=(ns, ew + shift)), options)


@given(valid_hands(), st.lists(st.integers(0, 3), min_size=1, max_size=3))
def test_reneges_under_reject_raise(
    case: tuple[BidEuchreOptions, HandFacts], reneges: list[int]
) -> None:
    options, hand = case
    assume(hand.contract is not None)
    reject = attrs.evolve(options, renege_mode="reject")
    with pytest.raises(ScoreInputError, match="E-23"):
        score_hand(attrs.evolve(hand, reneges=tuple(reneges)), reject)


# ------------------------------------------------ score keeping: the declarer's tricks


@pytest.mark.parametrize("declarer", [N, E, S, W])
@pytest.mark.parametrize("taken", [0, 3, 4, 6])
def test_e24_declarer_tricks_give_the_pair_from_the_hand_size(declarer: int, taken: int) -> None:
    written = HandFacts(contract=Contract(4), declarer=declarer, declarer_tricks=taken)
    assert (written.tricks, written.declarer_tricks) == (None, taken)
    pair = (6 - taken, taken) if declarer % 2 else (taken, 6 - taken)
    counted = HandFacts(contract=Contract(4), declarer=declarer, tricks=pair)
    assert counted.declarer_tricks == taken
    result = score_hand(written)
    assert result == score_hand(counted)
    assert result.facts == counted
    assert result.facts.tricks == pair


def test_e38_declarer_tricks_follow_the_double_deck() -> None:
    double = BidEuchreOptions(double_deck=True)
    written = HandFacts(contract=Contract(8), declarer=E, declarer_tricks=9)
    assert score_hand(written, double).facts.tricks == (3, 9)
    assert score_hand(written, double).delta == (3, 9)
    moon = HandFacts(contract=Contract.moon(12), declarer=N, declarer_tricks=12)
    assert score_hand(moon, double).delta == (48, 0)
    # A hand of 6 tricks has no room for 9: E-24 under the default options.
    with pytest.raises(ScoreInputError, match=r"declarer_tricks 9 is more than the 6 tricks"):
        score_hand(HandFacts(contract=Contract(4), declarer=E, declarer_tricks=9))


def test_e24_tricks_and_declarer_tricks_that_disagree_are_refused() -> None:
    with pytest.raises(ScoreInputError) as info:
        HandFacts(contract=Contract(4), declarer=S, tricks=(4, 2), declarer_tricks=2)
    assert str(info.value) == (
        "tricks (4, 2) give the declarer's team, NS, 4 tricks, but declarer_tricks is 2:"
        " give one of them, or both alike"
    )
    both = HandFacts(contract=Contract(4), declarer=S, tricks=(4, 2), declarer_tricks=4)
    assert both == HandFacts(contract=Contract(4), declarer=S, tricks=(4, 2))
    with pytest.raises(ScoreInputError, match=r"needs its tricks: tricks=\(NS, EW\), or declarer"):
        HandFacts(contract=Contract(4), declarer=S)


@pytest.mark.parametrize(
    "bad",
    [-1, 13, 10**5000, True, 4.0, "4", [4], None],
    ids=["-1", "13", "5001", "T", "4.0", "'4'", "[4]", "None"],
)
def test_e24_e38_declarer_tricks_must_be_a_count_of_a_hand(bad: Any) -> None:
    if bad is None:
        # Neither the pair nor the declarer's count: no tricks at all.
        with pytest.raises(ScoreInputError, match="needs its tricks"):
            HandFacts(contract=Contract(4), declarer=S, declarer_tricks=bad)
        return
    with pytest.raises(
        ScoreInputError, match="declarer_tricks must be an int from 0 to 12"
    ) as info:
        HandFacts(contract=Contract(4), declarer=S, declarer_tricks=bad)
    assert len(str(info.value)) < 200


def test_e12_e32_a_void_hand_has_no_declarer_tricks() -> None:
    with pytest.raises(ScoreInputError, match="declarer_tricks must be None, not 0"):
        HandFacts(void_reason="all_pass", declarer_tricks=0)
    assert HandFacts(void_reason="all_pass") == HandFacts.void("all_pass")
    assert HandFacts.void("all_pass").declarer_tricks is None


def test_e24_declarer_tricks_as_json() -> None:
    document = {"contract": "4", "declarer": 1, "declarer_tricks": 5}
    written = HandFacts.from_dict(document)
    assert written == HandFacts(contract=Contract(4), declarer=E, declarer_tricks=5)
    assert written.to_dict() == {
        "contract": "4",
        "declarer": 1,
        "tricks": None,
        "declarer_tricks": 5,
        "reneges": [],
        "void_reason": None,
    }
    assert HandFacts(**written.to_dict()) == written
    # The hand's size, when known, gives the pair and reads help and moon (E-10, E-38).
    assert HandFacts.from_dict(document, tricks_per_hand=6).tricks == (1, 5)
    moon = {"contract": "moon", "declarer": 2, "declarer_tricks": 11}
    read = HandFacts.from_dict(moon, tricks_per_hand=12)
    assert (read.contract, read.tricks) == (Contract.moon(12), (11, 1))
    assert HandFacts.from_dict(moon).contract == Contract.moon(6)
    counted = HandFacts(contract=Contract(4), declarer=E, tricks=(1, 5))
    assert counted.to_dict()["declarer_tricks"] == 5
    assert HandFacts.from_dict(counted.to_dict()) == counted
    for size in (7, 0, True, "6", 6.0, 10**5000):
        with pytest.raises(ScoreInputError, match="tricks_per_hand must be 6, or 12"):
            HandFacts.from_dict(document, tricks_per_hand=size)  # type: ignore[arg-type]
    with pytest.raises(ScoreInputError, match="more than the 6 tricks"):
        HandFacts.from_dict({**document, "declarer_tricks": 8}, tricks_per_hand=6)
    with pytest.raises(ScoreInputError, match="lack the field 'tricks'"):
        HandFacts.from_dict({"contract": "4", "declarer": 1})


def test_result_documents_whose_facts_lack_declarer_tricks_still_load() -> None:
    # Written before the facts had declarer_tricks (0.2): its facts lack the key.
    for hand in (facts("4", E, (1, 5)), HandFacts.void("all_pass")):
        result = score_hand(hand)
        document = result.to_dict()
        old_facts = {k: v for k, v in document["facts"].items() if k != "declarer_tricks"}
        game = {**document["bid_euchre"], "facts": old_facts}
        old = {**document, "facts": old_facts, "bid_euchre": game}
        before = copy.deepcopy(old)
        assert HandResult.from_dict(old) == result
        assert old == before
    with pytest.raises(ScoreInputError, match="'delta'"):
        HandResult.from_dict({**old, "delta": [1, 1]})
    tampered = {**document, "facts": {**document["facts"], "declarer_tricks": 3}}
    with pytest.raises(ScoreInputError, match="void hand: declarer_tricks must be None"):
        HandResult.from_dict(tampered)


@given(valid_hands(), st.booleans())
def test_e25_e26_declarer_tricks_score_as_the_pair(
    case: tuple[BidEuchreOptions, HandFacts], as_json: bool
) -> None:
    options, hand = case
    assume(hand.contract is not None)
    document = {**hand.to_dict(tricks_per_hand=options.tricks_per_hand), "tricks": None}
    if as_json:
        written = HandFacts.from_dict(document, tricks_per_hand=options.tricks_per_hand)
        assert written == hand
    else:
        written = HandFacts(**{**document, "contract": hand.contract})
        assert written.tricks is None
    assert written.declarer_tricks == hand.declarer_tricks
    assert score_hand(written, options) == score_hand(hand, options)
