"""A Bid Euchre match: E-5, E-30, E-31, E-33, E-34 and the match cases M1 … M13 (§3.2)."""

from __future__ import annotations

import pickle
import random
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules.bid_euchre.bidding import Contract
from cardrules.bid_euchre.match import BidEuchreMatch
from cardrules.bid_euchre.options import BidEuchreOptions
from cardrules.bid_euchre.scoring import HandFacts, HandResult, score_hand
from cardrules.errors import GameOverError, ScoreInputError

N, E, S, W = 0, 1, 2, 3
NS, EW = 0, 1
RULES = ("higher_score", "bidder_wins", "makers_or_setters", "always_replay")


def hand(
    contract: str, declarer: int, tricks: tuple[int, int], reneges: tuple[int, ...] = ()
) -> HandFacts:
    return HandFacts(
        contract=Contract.parse(contract), declarer=declarer, tricks=tricks, reneges=reneges
    )


def match_at(scores: tuple[int, int], **options: Any) -> BidEuchreMatch:
    return BidEuchreMatch.start(BidEuchreOptions(**options), totals=scores)


# ---------------------------------------------------------------------------- §3.2 cases

# (case, options, before, hand, after, winner under each simultaneous_target_rule)
MATCH_CASES: list[tuple[str, dict[str, Any], tuple[int, int], HandFacts, tuple[int, int], Any]] = [
    ("M1", {}, (28, 20), hand("4", N, (4, 2)), (32, 22), dict.fromkeys(RULES, NS)),
    (
        "M2",
        {},
        (30, 29),
        hand("3", N, (3, 3)),
        (33, 32),
        {"higher_score": NS, "bidder_wins": NS, "makers_or_setters": NS, "always_replay": None},
    ),
    ("M5", {}, (31, 10), hand("5", S, (4, 2)), (26, 12), dict.fromkeys(RULES)),
    (
        "M6",
        {},
        (20, 31),
        hand("3", N, (4, 2)),
        (24, 33),
        {"higher_score": EW, "bidder_wins": EW, "makers_or_setters": None, "always_replay": EW},
    ),
    ("M7", {}, (10, 25), hand("6M", E, (0, 6)), (10, 49), dict.fromkeys(RULES, EW)),
    ("M9", {}, (31, 31), hand("6H", S, (6, 0)), (43, 31), dict.fromkeys(RULES, NS)),
    (
        "M10",
        {"renege_mode": "penalize"},
        (31, 28),
        hand("3", N, (3, 3), reneges=(S,)),
        (32, 31),
        dict.fromkeys(RULES, NS),
    ),
    ("M11", {}, (-3, 10), hand("5", N, (2, 4)), (-8, 14), dict.fromkeys(RULES)),
]


@pytest.mark.parametrize("rule", RULES)
@pytest.mark.parametrize(
    ("case", "options", "before", "facts", "after", "winners"),
    MATCH_CASES,
    ids=[c[0] for c in MATCH_CASES],
)
def test_match_cases(
    case: str,
    options: dict[str, Any],
    before: tuple[int, int],
    facts: HandFacts,
    after: tuple[int, int],
    winners: dict[str, int | None],
    rule: str,
) -> None:
    start = match_at(before, simultaneous_target_rule=rule, **options)
    match = start.after(facts)
    assert match.scores == after, case
    assert match.winner == winners[rule], (case, rule)
    assert match.is_over is (winners[rule] is not None)
    assert match.dealer == 1
    assert match.results == (score_hand(facts, start.options),)
    assert start.scores == before  # the match is a value: after() changed nothing


def test_m13_always_replay_plays_one_more_hand() -> None:
    match = match_at((30, 29), simultaneous_target_rule="always_replay")
    match = match.after(hand("3", N, (3, 3)))
    assert (match.scores, match.winner) == ((33, 32), None)
    match = match.after(hand("4", E, (2, 4)))
    assert (match.scores, match.winner) == ((35, 36), EW)


# ---------------------------------------------------------------------------- E-5


def test_e5_deal_passes_left_after_every_hand_including_void_ones() -> None:
    options = BidEuchreOptions(first_dealer=2, ace_no_face=True)
    match = BidEuchreMatch.start(options)
    dealers = [match.dealer]
    for facts in [
        hand("3", N, (3, 3)),
        HandFacts.void("all_pass"),
        HandFacts.void("ace_no_face"),
        hand("6M", W, (1, 5)),
        HandFacts.void("all_pass"),
    ]:
        match = match.after(facts)
        dealers.append(match.dealer)
    assert dealers == [2, 3, 0, 1, 2, 3]
    assert match.scores == (3 + 1, 3 - 6)
    assert len(match.results) == 5


def test_e5_a_void_hand_changes_only_the_dealer() -> None:
    start = match_at((12, 7))
    match = start.after(HandFacts.void("all_pass"))
    assert (match.scores, match.dealer, match.winner) == ((12, 7), 1, None)


def test_e3_start_uses_first_dealer_or_the_given_seat() -> None:
    assert BidEuchreMatch.start().dealer == 0
    assert BidEuchreMatch.start(BidEuchreOptions(first_dealer=1)).dealer == 1
    assert BidEuchreMatch.start(dealer=3).dealer == 3
    assert BidEuchreMatch.start().scores == (0, 0)


# ---------------------------------------------------------------------------- E-30, E-31, E-33


def test_e30_scores_can_go_negative_and_stay_in_play() -> None:
    match = BidEuchreMatch.start()
    match = match.after(hand("5", N, (0, 6)))
    match = match.after(hand("6M", S, (5, 1)))
    assert match.scores == (-5 - 6, 6 + 1)
    assert not match.is_over


def test_e31_renege_penalty_counts_before_the_end_check() -> None:
    # NS makes 3 for 33, but the renege leaves 31: no winner yet.
    match = match_at((30, 20), renege_mode="penalize").after(hand("3", N, (3, 3), reneges=(N,)))
    assert (match.scores, match.winner) == ((31, 23), None)


def test_e31_renege_penalty_can_decide_a_simultaneous_finish() -> None:
    # Both reach the target; EW's renege makes NS the higher score.
    match = match_at((29, 30), renege_mode="penalize").after(hand("3", N, (3, 3), reneges=(E,)))
    assert (match.scores, match.winner) == ((32, 31), NS)


@pytest.mark.parametrize(("taken", "winner"), [(5, NS), (4, None)])
def test_e33_target_score_option(taken: int, winner: int | None) -> None:
    match = match_at((5, 0), target_score=10).after(hand("4", N, (taken, 6 - taken)))
    assert match.winner == winner


# ---------------------------------------------------------------------------- E-34


def test_e34_no_team_at_the_target_deal_the_next_hand() -> None:
    match = match_at((25, 25)).after(hand("3", N, (3, 3)))
    assert (match.scores, match.winner) == ((28, 28), None)


def test_e34_one_team_at_the_target_wins() -> None:
    assert match_at((20, 29)).after(hand("4", N, (4, 2))).winner is None
    assert match_at((20, 29)).after(hand("4", N, (3, 3))).winner == EW


def test_e34_higher_score_wins_when_both_are_at_the_target() -> None:
    match = match_at((29, 30)).after(hand("3", E, (3, 3)))
    assert (match.scores, match.winner) == ((32, 33), EW)


def test_e34_equal_scores_play_another_hand() -> None:
    match = match_at((30, 30)).after(hand("3", N, (3, 3)))
    assert (match.scores, match.winner, match.is_over) == ((33, 33), None, False)
    repeat = match.after(hand("3", W, (3, 3)))
    assert (repeat.scores, repeat.winner) == ((36, 36), None)
    decided = repeat.after(hand("4", W, (2, 4)))
    assert (decided.scores, decided.winner) == ((38, 40), EW)


def test_e34_void_hand_is_not_the_tie_break_hand() -> None:
    tied = match_at((30, 30)).after(hand("3", N, (3, 3)))
    thrown_in = tied.after(HandFacts.void("all_pass"))
    assert (thrown_in.scores, thrown_in.winner, thrown_in.dealer) == ((33, 33), None, 2)
    decided = thrown_in.after(hand("4", S, (5, 1)))
    assert (decided.scores, decided.winner) == ((38, 34), NS)


@pytest.mark.parametrize(
    ("rule", "winner"),
    [("higher_score", NS), ("bidder_wins", EW), ("makers_or_setters", EW), ("always_replay", None)],
)
def test_e34_each_rule_when_both_reach_the_target_in_one_hand(rule: str, winner: int) -> None:
    # EW bids 3 and makes it; NS defends with 3 tricks and finishes higher.
    match = match_at((31, 30), simultaneous_target_rule=rule).after(hand("3", W, (3, 3)))
    assert (match.scores, match.winner) == ((34, 33), winner)


@pytest.mark.parametrize("rule", RULES)
def test_e34_tie_from_the_same_hand(rule: str) -> None:
    match = match_at((30, 30), simultaneous_target_rule=rule).after(hand("3", E, (3, 3)))
    expected = {"higher_score": None, "bidder_wins": EW, "makers_or_setters": EW}
    assert (match.scores, match.winner) == ((33, 33), expected.get(rule))


def test_e34_bidder_wins_needs_both_to_reach_the_target_in_that_hand() -> None:
    # Both were already at 33: this hand is not where they reached it, so equal
    # scores play on, as under higher_score.
    tied = match_at((30, 30), simultaneous_target_rule="bidder_wins")
    tied = attrs.evolve(tied, scores=(33, 33))
    assert tied.after(hand("3", E, (3, 3))).winner is None
    assert tied.after(hand("3", E, (4, 2))).winner == NS


def test_e34_reaching_in_the_same_hand_counts_one_team_already_there() -> None:
    # NS was already at 33 (resumed score sheet); EW joins it in this hand: both teams
    # "reach the target in the same hand" by E-34's definition, so one more hand.
    match = match_at((33, 28), simultaneous_target_rule="always_replay")
    match = match.after(hand("4", E, (2, 4)))
    assert (match.scores, match.winner) == ((35, 32), None)
    match = match.after(hand("3", N, (3, 3)))
    assert (match.scores, match.winner) == ((38, 35), NS)


def test_e34_always_replay_then_higher_score_even_on_a_tie() -> None:
    match = match_at((30, 29), simultaneous_target_rule="always_replay")
    match = match.after(hand("3", N, (3, 3)))
    match = match.after(hand("4", E, (3, 3)))  # EW set: 36-28, only NS at 32
    assert (match.scores, match.winner) == ((36, 28), NS)
    tie = match_at((30, 29), simultaneous_target_rule="always_replay").after(hand("3", N, (3, 3)))
    tie = tie.after(hand("3", E, (2, 4)))
    assert (tie.scores, tie.winner) == ((35, 36), EW)
    even = match_at((30, 29), simultaneous_target_rule="always_replay").after(hand("3", S, (3, 3)))
    even = even.after(hand("5", E, (1, 5)))
    assert (even.scores, even.winner) == ((34, 37), EW)


def test_e34_makers_or_setters_setters_can_win() -> None:
    match = match_at((20, 30), simultaneous_target_rule="makers_or_setters")
    match = match.after(hand("5", N, (3, 3)))
    assert (match.scores, match.winner) == ((15, 33), EW)


def test_e34_makers_or_setters_defenders_tricks_never_win() -> None:
    match = match_at((20, 31), simultaneous_target_rule="makers_or_setters")
    match = match.after(hand("3", N, (4, 2)))
    assert (match.scores, match.winner) == ((24, 33), None)
    # EW then makes its own bid: now it wins.
    match = match.after(hand("3", E, (3, 3)))
    assert (match.scores, match.winner) == ((27, 36), EW)


def test_e34_makers_or_setters_only_the_hands_maker_or_setter_can_win() -> None:
    # EW is higher but reached 32 by defending; NS makes its bid and reaches 32: NS wins.
    match = match_at((29, 40), simultaneous_target_rule="makers_or_setters")
    match = match.after(hand("3", N, (3, 3)))
    assert (match.scores, match.winner) == ((32, 43), NS)
    # NS makes its bid but stays below 32: EW, far above, still cannot win on defence.
    stays = match_at((20, 40), simultaneous_target_rule="makers_or_setters")
    assert stays.after(hand("3", N, (3, 3))).winner is None


def test_e34_renege_penalties_can_take_both_below_the_target() -> None:
    tied = attrs.evolve(match_at((0, 0), renege_mode="penalize"), scores=(33, 33))
    match = tied.after(hand("3", N, (3, 3), reneges=(N, S, N, E, W, E)))
    assert (match.scores, match.winner) == ((30, 30), None)


# ---------------------------------------------------------------------------- errors


def test_after_a_finished_match_raises() -> None:
    over = match_at((30, 0)).after(hand("3", N, (3, 3)))
    assert over.is_over
    with pytest.raises(GameOverError, match="over") as info:
        over.after(hand("3", N, (3, 3)))
    assert info.value.rule_id == "E-34"
    with pytest.raises(GameOverError):
        over.after(HandFacts.void("all_pass"))
    with pytest.raises(GameOverError):
        over.next_deal(random.Random(1))


def test_after_rejects_results_of_other_options_or_forged_results() -> None:
    match = BidEuchreMatch.start()
    other = score_hand(hand("3", N, (3, 3)), BidEuchreOptions(renege_penalty=3))
    with pytest.raises(ScoreInputError, match="other options"):
        match.after(other)
    forged = attrs.evolve(score_hand(hand("3", N, (3, 3))), delta=(30, 3))
    with pytest.raises(ScoreInputError, match="score_hand"):
        match.after(forged)
    with pytest.raises(ScoreInputError):
        match.after((3, 3))  # type: ignore[arg-type]
    with pytest.raises(ScoreInputError, match="E-10"):
        match.after(hand("6P", N, (6, 0)))
    # A result equal to its own rescoring is accepted even from another options object.
    same = score_hand(hand("3", N, (3, 3)), BidEuchreOptions())
    assert match.after(same).scores == (3, 3)


@pytest.mark.parametrize(
    "fields",
    [
        {"scores": [0, 0]},
        {"scores": (0,)},
        {"scores": (True, 0)},
        {"scores": (0.5, 0)},
        {"dealer": 4},
        {"dealer": True},
        {"dealer": None},
        {"options": None},
        {"results": [score_hand(HandFacts.void("all_pass"))]},
        {"results": (HandFacts.void("all_pass"),)},
        {"results": (score_hand(HandFacts.void("all_pass"), BidEuchreOptions(target_score=5)),)},
        {"winner": True},
        {"winner": 2},
        {"winner": 0},
    ],
)
def test_match_fields_are_validated(fields: dict[str, Any]) -> None:
    base: dict[str, Any] = {"options": BidEuchreOptions(), "scores": (10, 40), "dealer": 0}
    with pytest.raises(ScoreInputError):
        BidEuchreMatch(**{**base, **fields})


def test_start_validates_its_arguments() -> None:
    with pytest.raises(ScoreInputError):
        BidEuchreMatch.start({"target_score": 32})  # type: ignore[arg-type]
    with pytest.raises(ScoreInputError):
        BidEuchreMatch.start(totals=(1, "2"))  # type: ignore[arg-type]
    with pytest.raises(ScoreInputError):
        BidEuchreMatch.start(dealer=-1)


# ---------------------------------------------------------------------------- explain


def test_explain_lists_every_hand_and_the_outcome() -> None:
    match = match_at((28, 25), simultaneous_target_rule="always_replay")
    match = match.after(HandFacts.void("all_pass"))
    match = match.after(hand("4", E, (2, 4)))
    lines = match.explain().splitlines()
    assert (
        lines[0] == "Bid Euchre match to 32 (if both reach 32 in one hand, one more hand is played)"
    )
    assert lines[1] == "start: NS 28, EW 25"
    assert (
        lines[2] == "1. N deals; hand thrown in: all four passed (E-12); NS 0, EW 0 -> NS 28, EW 25"
    )
    assert (
        lines[4]
        == "2. E deals; 4 by E for EW: made with 4 of 6 tricks; NS +2, EW +4 -> NS 30, EW 29"
    )
    assert lines[-1] == "in progress at NS 30, EW 29; S deals next"
    match = match.after(hand("3", S, (3, 3)))
    assert "same hand: one more hand" in match.explain()
    match = match.after(hand("3", S, (4, 2)))
    lines = match.explain().splitlines()
    assert lines[-2:] == [
        "   NS wins: both teams are at 32 or more and NS is higher (E-34)",
        "NS wins: NS 37, EW 34",
    ]


def test_explain_writes_a_negative_score_apart_from_the_other() -> None:
    match = match_at((0, 28)).after(hand("3", N, (2, 4)))
    lines = match.explain().splitlines()
    assert (
        lines[2]
        == "1. N deals; 3 by N for NS: set with 2 of 6 tricks; NS -3, EW +4 -> NS -3, EW 32"
    )
    assert lines[-1] == "EW wins: NS -3, EW 32"
    below = match_at((-40, -5)).after(hand("3", E, (2, 4)))
    assert below.explain().splitlines()[-1] == "in progress at NS -38, EW -1; E deals next"


@pytest.mark.parametrize(
    ("rule", "words"),
    [
        ("higher_score", "the higher score wins"),
        ("bidder_wins", "the bidding team wins"),
        ("makers_or_setters", "only a team that made its bid or set the other wins"),
        ("always_replay", "one more hand is played"),
    ],
)
def test_e34_explain_says_the_end_rule_in_words(rule: str, words: str) -> None:
    match = match_at((0, 0), target_score=21, simultaneous_target_rule=rule)
    first = match.explain().splitlines()[0]
    assert first == f"Bid Euchre match to 21 (if both reach 21 in one hand, {words})"


def test_explain_says_the_house_rules_in_words() -> None:
    options = BidEuchreOptions(
        stick_the_dealer=True,
        joker=True,
        joker_discard_timing="after_trump",
        bidding_style="continuous",
        help_exchange_count=2,
        renege_mode="penalize",
        renege_penalty=3,
    )
    first = BidEuchreMatch.start(options).explain().splitlines()[0]
    assert first == (
        "Bid Euchre match to 32 (stick the dealer; with the joker; bidding round and round;"
        " the dealer discards after trump; 2 cards swapped in a help bid;"
        " reneges allowed and penalised 3 points;"
        " if both reach 32 in one hand, the higher score wins)"
    )
    # The double deck's own point values are its defaults, not house rules.
    double = BidEuchreOptions(double_deck=True)
    assert double.house_rule_words() == ("double deck",)
    assert BidEuchreOptions(double_deck=True, help_value=12).house_rule_words() == (
        "double deck",
        "a made help bid scores 12",
    )


def test_a_match_is_an_immutable_value() -> None:
    match = match_at((10, 4)).after(hand("6H", N, (6, 0))).after(HandFacts.void("all_pass"))
    # Loads only the bytes dumped on the same line.
    assert pickle.loads(pickle.dumps(match)) == match  # noqa: S301
    assert hash(match) == hash(
        match_at((10, 4)).after(hand("6H", N, (6, 0))).after(HandFacts.void("all_pass"))
    )
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        match.scores = (0, 0)  # type: ignore[misc]


# ---------------------------------------------------------------------------- next hand


def test_next_deal_deals_with_the_matchs_dealer() -> None:
    pytest.importorskip("cardrules.bid_euchre.variant")
    match = BidEuchreMatch.start(BidEuchreOptions(first_dealer=2)).after(HandFacts.void("all_pass"))
    state = match.next_deal(random.Random(7))
    assert state.dealer == 3
    assert not state.is_terminal
    assert state == match.next_deal(random.Random(7))


def test_a_whole_match_through_the_engine() -> None:
    pytest.importorskip("cardrules.bid_euchre.variant")
    rng = random.Random(5)
    options = BidEuchreOptions(first_dealer=3, simultaneous_target_rule="makers_or_setters")
    match = BidEuchreMatch.start(options)
    while not match.is_over:
        assert len(match.results) < 300
        state = match.next_deal(rng)
        assert state.dealer == match.dealer
        while not state.is_terminal:
            # Bid 3 whenever possible, otherwise pass: uniformly random bids would fail
            # so many moons that the scores would sink and the match never end.
            actions = {str(a): a for a in state.legal_actions()}
            action = (
                actions.get("bid 3") or actions.get("pass") or rng.choice(list(actions.values()))
            )
            state = state.apply(action)
        result = state.result()
        before = match
        match = match.after(result)
        assert match.results[-1] == result
        assert match.scores == (
            before.scores[0] + result.delta[0],
            before.scores[1] + result.delta[1],
        )
    assert match.winner is not None
    assert match.scores[match.winner] >= 32


# ---------------------------------------------------------------------------- properties


@st.composite
def match_options(draw: st.DrawFn) -> BidEuchreOptions:
    return BidEuchreOptions(
        first_dealer=draw(st.integers(0, 3)),
        double_deck=draw(st.booleans()),
        target_score=draw(st.integers(1, 64)),
        allow_plain_six=draw(st.booleans()),
        lone_set_penalty=draw(st.sampled_from(["bid", "contract_value"])),
        renege_mode=draw(st.sampled_from(["reject", "penalize"])),
        renege_penalty=draw(st.integers(0, 3)),
        simultaneous_target_rule=draw(st.sampled_from(RULES)),
        stick_the_dealer=draw(st.booleans()),
        ace_no_face=draw(st.booleans()),
    )


def random_facts(options: BidEuchreOptions, rng: random.Random) -> HandFacts:
    """A random hand the options allow: now and then thrown in, now and then a renege.

    The bidders make their contract seven times in ten, as bidders at a real table do
    more often than not; with uniform trick counts every team would sink for ever.
    """
    n = options.tricks_per_hand
    voids = [
        *([] if options.stick_the_dealer else ["all_pass"]),
        *(["ace_no_face"] if options.ace_no_face else []),
    ]
    if voids and rng.random() < 0.1:
        return HandFacts.void(rng.choice(voids))  # type: ignore[arg-type]
    contracts = [Contract(level) for level in range(options.min_bid, n)]
    contracts += [Contract.help(n), Contract.moon(n)]
    if options.allow_plain_six:
        contracts.append(Contract(n))
    contract = rng.choice(contracts)
    declarer = rng.randrange(4)
    if rng.random() < 0.7:
        taken = rng.randint(contract.tricks, n)
    else:
        taken = rng.randint(0, contract.tricks - 1)
    tricks = (taken, n - taken) if declarer % 2 == 0 else (n - taken, taken)
    reneges: tuple[int, ...] = ()
    if options.renege_mode == "penalize" and rng.random() < 0.1:
        partner = (declarer + 2) % 4
        reneges = (rng.choice([s for s in range(4) if not (contract.is_lone and s == partner)]),)
    return HandFacts(contract=contract, declarer=declarer, tricks=tricks, reneges=reneges)


@given(match_options(), st.integers(0, 2**32))
def test_random_matches_always_end(options: BidEuchreOptions, seed: int) -> None:
    rng = random.Random(seed)
    match = BidEuchreMatch.start(options)
    for count in range(1, 2001):
        result = score_hand(random_facts(options, rng), options)
        previous = match
        match = match.after(result)
        assert match.dealer == (previous.dealer + 1) % 4
        assert match.scores == (
            previous.scores[0] + result.delta[0],
            previous.scores[1] + result.delta[1],
        )
        assert len(match.results) == count
        if result.made is None:
            assert match.winner is None
        if match.winner is not None:
            assert match.scores[match.winner] >= options.target_score
            break
    assert match.is_over
    with pytest.raises(GameOverError):
        match.after(HandFacts.void("ace_no_face"))


@given(match_options(), st.integers(0, 2**32), st.integers(-10, 60))
def test_a_tie_under_higher_score_never_declares_a_winner(
    options: BidEuchreOptions, seed: int, level: int
) -> None:
    options = attrs.evolve(options, simultaneous_target_rule="higher_score")
    result = score_hand(random_facts(options, random.Random(seed)), options)
    before = (level - result.delta[0], level - result.delta[1])
    match = BidEuchreMatch.start(options, totals=before).after(result)
    assert match.scores == (level, level)
    assert match.winner is None


@given(match_options(), st.integers(0, 2**32), st.integers(-10, 60), st.integers(-10, 60))
def test_higher_score_winner_is_the_only_or_the_higher_team_at_the_target(
    options: BidEuchreOptions, seed: int, ns: int, ew: int
) -> None:
    options = attrs.evolve(options, simultaneous_target_rule="higher_score")
    result = score_hand(random_facts(options, random.Random(seed)), options)
    match = BidEuchreMatch.start(options, totals=(ns, ew)).after(result)
    target = options.target_score
    at_target = [team for team in (NS, EW) if match.scores[team] >= target]
    if result.made is None:
        assert match.winner is None
    elif len(at_target) == 1:
        assert match.winner == at_target[0]
    elif len(at_target) == 2 and match.scores[0] != match.scores[1]:
        assert match.winner == (NS if match.scores[0] > match.scores[1] else EW)
    else:
        assert match.winner is None


def test_hand_results_kept_by_the_match_are_the_scored_ones() -> None:
    match = BidEuchreMatch.start().after(hand("4", W, (1, 5)))
    (only,) = match.results
    assert type(only) is HandResult
    assert only.delta == (1, 5)


@given(match_options())
def test_explain_never_names_an_option(options: BidEuchreOptions) -> None:
    first = BidEuchreMatch.start(options).explain().splitlines()[0]
    assert "_" not in first
    assert "=" not in first
    assert first.endswith(f"{options.target_rule_words()})")


# ------------------------------------------- facts that leave out what the match knows


@pytest.mark.parametrize("double_deck", [False, True])
def test_e24_e38_the_match_gives_declarer_tricks_its_hand_size(double_deck: bool) -> None:
    options = BidEuchreOptions(double_deck=double_deck)
    n = options.tricks_per_hand
    match = BidEuchreMatch.start(options)
    written = HandFacts(contract=Contract(3), declarer=W, declarer_tricks=n - 2)
    counted = HandFacts(contract=Contract(3), declarer=W, tricks=(2, n - 2))
    assert match.after(written) == match.after(counted)
    assert match.after(written).results[0].facts == counted
    document = {"contract": "3", "declarer": W, "declarer_tricks": n - 2}
    assert match.after(document) == match.after(counted)
    # The words help and moon bid the match's hand size (E-10, E-38).
    moon = {"contract": "moon", "declarer": N, "declarer_tricks": n}
    assert match.after(moon).results[0].facts.contract == Contract.moon(n)
    assert match.after(moon).scores == (options.moon_value, 0)


def test_e24_a_match_refuses_more_declarer_tricks_than_its_hands_have() -> None:
    match = BidEuchreMatch.start()
    with pytest.raises(ScoreInputError, match="more than the 6 tricks of a hand"):
        match.after(HandFacts(contract=Contract(4), declarer=N, declarer_tricks=7))
    with pytest.raises(ScoreInputError, match="give one of them, or both alike"):
        match.after({"contract": "4", "declarer": N, "tricks": [4, 2], "declarer_tricks": 2})
    assert match.scores == (0, 0)
    assert match.results == ()


@given(match_options(), st.integers(0, 2**32))
def test_e34_a_match_kept_as_a_score_sheet_writes_it_is_the_same_match(
    options: BidEuchreOptions, seed: int
) -> None:
    rng = random.Random(seed)
    by_pair = by_sheet = BidEuchreMatch.start(options)
    while not by_pair.is_over and len(by_pair.results) < 40:
        facts = random_facts(options, rng)
        by_pair = by_pair.after(facts)
        sheet: Any = facts
        if facts.contract is not None:
            # The declarer's tricks, as the sheet has them; the match knows the rest.
            document = facts.to_dict(tricks_per_hand=options.tricks_per_hand)
            del document["tricks"]
            sheet = (
                document
                if rng.random() < 0.5
                else HandFacts(**{**document, "contract": facts.contract})
            )
        by_sheet = by_sheet.after(sheet)
    assert by_sheet == by_pair
    assert by_sheet.winner == by_pair.winner
