"""Trick play (E-18 … E-23), worked cases P1 … P12 and R1, and the scoring of played
hands through the engine (E-24 … E-29, E-31)."""

from __future__ import annotations

import random

import pytest

from cardrules import (
    Card,
    CardNotInHandError,
    GameOverError,
    MustFollowSuitError,
    NotYourTurnError,
    Play,
    Suit,
)
from cardrules.bid_euchre import (
    BidEuchreState,
    BidEuchreVariant,
    Contract,
    HandFacts,
    Phase,
    Renege,
    score_hand,
)


def drive(state: BidEuchreState, actions: list[str]) -> BidEuchreState:
    for action in actions:
        state = state.apply(action)
    return state


def play_cards(state: BidEuchreState, codes: str) -> BidEuchreState:
    for code in codes.split():
        state = state.apply(f"play {code}")
    return state


def legal_cards(state: BidEuchreState) -> set[str]:
    return {str(a.card) for a in state.legal_actions() if isinstance(a, Play)}


def n_declares(deal: list[str], trump: str, **options: object) -> BidEuchreState:
    """N bids 3 (W deals), everyone else passes, N names ``trump``."""
    state = BidEuchreVariant(**options).deal(hands=deal, dealer=3)  # type: ignore[arg-type]
    return drive(state, ["bid 3", "pass", "pass", "pass", f"trump {trump}"])


# -- P1 ... P12: (case, options, trump, deal, plays so far, legal cards of the seat to play)

P_CASES = [
    (
        "P1",
        {},
        "hearts",
        ["JD 9S 10S QS KS AS", "AD KD 9H QC 9C 10C", "JH QH KH AH 10H 10D", "9D QD JS JC KC AC"],
        "JD",
        {"9H"},
    ),
    (
        "P2",
        {},
        "hearts",
        ["JD 9S 10S QS KS AS", "AD KD QC 9C 10C JC", "JH QH KH AH 10H 10D", "9D QD JS 9H KC AC"],
        "JD",
        {"AD", "KD", "QC", "9C", "10C", "JC"},
    ),
    (
        "P3",
        {},
        "hearts",
        ["AD 9C 10C QC KC AC", "JD 10D 9S JS QS KS", "9H 10H JH QH KH AH", "9D QD KD AS 10S JC"],
        "AD",
        {"10D"},
    ),
    (
        "P5",
        {},
        "hearts",
        ["9H 9C 10C QC JC AC", "JD AS KC 9S 10S JS", "10H JH QH KH AH 9D", "10D QD KD AD QS KS"],
        "9H",
        {"JD"},
    ),
    (
        "P7",
        {},
        "spades",
        ["KC 9H 10H JH QH KH", "9C AH 9D 10D QD KD", "QC AD JD AC 10S QS", "10C JS JC KS AS 9S"],
        "KC 9C QC",
        {"10C"},
    ),
    (
        "P8",
        {},
        "diamonds",
        ["AH 9C 10C QC KC AC", "JH 10H QS 9S 10S JS", "9H QH KH 9D 10D JD", "KS AS QD KD AD JC"],
        "AH",
        {"10H"},
    ),
    (
        "P9",
        {},
        "clubs",
        ["AS 9H JH QH KH AH", "9C 10H 9D 10D QD KD", "9S 10S JS QS KS 10C", "AD JD QC KC AC JC"],
        "AS",
        {"9C", "10H", "9D", "10D", "QD", "KD"},
    ),
    (
        "P10",
        {},
        "spades",
        ["JS 9H AD KC 10C QH", "9S 10S QS KS AS 9C", "10H JH KH AH 9D 10D", "JD QD KD JC QC AC"],
        "",
        {"JS", "9H", "AD", "KC", "10C", "QH"},
    ),
    (
        "P12",
        {"allow_no_trump": True},
        "no-trump",
        ["9H 9S 10S QS KS AS", "JD 10H 9C 10C QC KC", "JH QH KH AH 9D 10D", "QD KD AD JS JC AC"],
        "9H",
        {"10H"},
    ),
]


@pytest.mark.parametrize(
    ("case", "options", "trump", "deal", "plays", "expected"),
    P_CASES,
    ids=[c[0] for c in P_CASES],
)
def test_e19_legal_card_cases(
    case: str,
    options: dict[str, object],
    trump: str,
    deal: list[str],
    plays: str,
    expected: set[str],
) -> None:
    state = play_cards(n_declares(deal, trump, **options), plays)
    assert legal_cards(state) == expected
    for card in state.hand(state.to_play):  # type: ignore[arg-type]
        assert state.is_legal(Play(card)) == (str(card) in expected)


def test_e19_left_bower_follows_trump() -> None:
    # P5: 9H led; E's only trump is the left bower JD, which must be played.
    state = play_cards(n_declares(P_CASES[3][3], "hearts"), "9H")
    assert legal_cards(state) == {"JD"}


def test_e19_left_bower_does_not_follow_its_printed_suit() -> None:
    # P3: AD led; JD is a heart. Playing it is refused with the rule and the reason.
    state = play_cards(n_declares(P_CASES[2][3], "hearts"), "AD")
    before = state
    with pytest.raises(MustFollowSuitError) as info:
        state.apply("play JD")
    assert info.value.rule_id == "E-19"
    assert "left bower" in str(info.value)
    assert state == before
    assert legal_cards(state) == {"10D"}


def test_e19_no_obligation_to_trump_or_play_higher() -> None:
    # P9: E is void in spades and may discard instead of trumping.
    state = play_cards(n_declares(P_CASES[6][3], "clubs"), "AS")
    assert {"9C", "10H"} <= legal_cards(state)
    # P7's deal: S holds QC and AC and may play the lower club on the king.
    state = play_cards(n_declares(P_CASES[4][3], "spades"), "KC 9C")
    assert legal_cards(state) == {"QC", "AC"}


def test_e18_declarer_leads_any_card() -> None:
    state = n_declares(P_CASES[7][3], "spades")
    assert state.to_play == 0
    assert len(legal_cards(state)) == 6


# -- E-20 the winner leads ---------------------------------------------------------------------


def test_e20_winner_leads_next_and_trumps_beat_the_led_suit() -> None:
    state = play_cards(n_declares(P_CASES[6][3], "clubs"), "AS 9C 9S AD")
    trick = state.tricks[0]
    assert trick.winner == 1
    assert state.to_play == 1
    assert [str(c) for _, c in trick.plays] == ["AS", "9C", "9S", "AD"]


# -- E-21 the partner sitting out --------------------------------------------------------------


def test_e21_partner_is_skipped_and_never_leads() -> None:
    variant = BidEuchreVariant()
    for seed in range(20):
        state = drive(variant.new_game(seed=seed, dealer=3), ["bid 6M", "trump spades"])
        rng = random.Random(seed)
        while not state.is_terminal:
            assert state.to_play != 2
            state = state.apply(rng.choice(state.legal_actions()))
        assert len(state.tricks) == 6
        assert all(len(t.plays) == 3 and t.leader != 2 for t in state.tricks)
        # The dead hand is still held, never played.
        assert len(state.hand(2)) == 6


def test_e21_sitting_out_seat_is_refused_with_the_rule() -> None:
    state = drive(BidEuchreVariant().new_game(seed=1, dealer=3), ["bid 6M", "trump spades"])
    card = state.hand(2)[0]
    with pytest.raises(NotYourTurnError) as info:
        state.apply(Play(card), seat=2)
    assert info.value.rule_id == "E-21"


# -- E-22 end of play ---------------------------------------------------------------------------


def test_e22_the_hand_ends_after_six_tricks() -> None:
    state = drive(BidEuchreVariant().new_game(seed=2), ["bid 3", "pass", "pass", "pass"])
    state = state.apply("trump clubs")
    rng = random.Random(1)
    while not state.is_terminal:
        assert len(state.tricks) < 6
        state = state.apply(rng.choice(state.legal_actions()))
    assert len(state.tricks) == 6
    assert state.phase is Phase.END
    assert all(len(state.hand(s)) == 0 for s in range(4))
    with pytest.raises(GameOverError):
        state.apply("play 9S")


# -- E-23 reneges; R1 ----------------------------------------------------------------------------

R1_DEAL = ["AD 9S 10S QS KS AS", "10D 9H QC 9C 10C JC", "KD JH QH KH AH 10H", "9D JD QD JS KC AC"]


def test_e23_reject_mode_refuses_and_leaves_the_state_unchanged() -> None:
    state = play_cards(n_declares(R1_DEAL, "hearts"), "AD")
    before = state
    with pytest.raises(MustFollowSuitError) as info:
        state.apply("play 9H")
    assert info.value.rule_id == "E-19"
    assert info.value.seat == 1
    assert state == before
    assert legal_cards(state) == {"10D"}
    assert not state.is_legal("play 9H")


def test_r1_penalize_mode_accepts_records_and_scores_the_renege() -> None:
    state = play_cards(n_declares(R1_DEAL, "hearts", renege_mode="penalize"), "AD")
    assert state.lawful_actions() == (Play(Card.parse("10D")),)
    assert state.is_legal("play 9H")
    state = play_cards(state, "9H KD 9D")
    assert state.tricks[0].winner == 1
    assert state.reneges == (Renege(1, 1, Card.parse("9H"), Suit.DIAMONDS),)
    # Hidden until the hand is scored (E-40).
    assert state.view(0).reneges == ()
    rng = random.Random(3)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.lawful_actions()))
    result = state.result()
    assert state.view(0).reneges == state.reneges
    assert result.facts.reneges == (1,)
    unpenalized = score_hand(
        HandFacts(contract=result.facts.contract, declarer=0, tricks=result.facts.tricks),
        state.variant.options,
    )
    assert result.delta == (unpenalized.delta[0], unpenalized.delta[1] - 2)


def test_e23_penalize_still_rejects_out_of_turn_and_cards_not_held() -> None:
    state = play_cards(n_declares(R1_DEAL, "hearts", renege_mode="penalize"), "AD")
    with pytest.raises(CardNotInHandError):
        state.apply("play AS")
    with pytest.raises(NotYourTurnError):
        state.apply("play 10D", seat=2)


def test_e23_renege_penalty_option() -> None:
    state = play_cards(
        n_declares(R1_DEAL, "hearts", renege_mode="penalize", renege_penalty=5), "AD 9H"
    )
    rng = random.Random(4)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.lawful_actions()))
    reneges_ew = sum(1 for r in state.reneges if r.seat % 2)
    facts = state.result().facts
    base = score_hand(
        HandFacts(contract=facts.contract, declarer=0, tricks=facts.tricks),
        state.variant.options,
    )
    assert state.result().delta[1] == base.delta[1] - 5 * reneges_ew


def test_e23_penalize_legal_actions_are_every_card_in_hand() -> None:
    state = play_cards(n_declares(R1_DEAL, "hearts", renege_mode="penalize"), "AD")
    assert legal_cards(state) == {"10D", "9H", "QC", "9C", "10C", "JC"}


# -- E-24 … E-29, E-31: a played hand is scored by the scoring rules ------------------------


def play_to_tricks(
    deal_seed: int, calls: list[str], trump: str, want: tuple[int, int], **options: object
) -> BidEuchreState:
    """Play random hands after ``calls`` until NS and EW took ``want`` tricks."""
    variant = BidEuchreVariant(**options)  # type: ignore[arg-type]
    for seed in range(deal_seed, deal_seed + 3000):
        state = drive(variant.new_game(seed=seed, dealer=3), [*calls, f"trump {trump}"])
        rng = random.Random(seed)
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_actions()))
        if state.result().facts.tricks == want:
            return state
    raise AssertionError(f"no hand gave {want}")


@pytest.mark.parametrize(
    ("case", "calls", "want", "delta"),
    [
        ("S1", ["bid 3", "pass", "pass", "pass"], (3, 3), (3, 3)),
        ("S2", ["bid 3", "pass", "pass", "pass"], (4, 2), (4, 2)),
        ("S4", ["bid 3", "pass", "pass", "pass"], (2, 4), (-3, 4)),
        ("S7", ["bid 4", "pass", "pass", "pass"], (5, 1), (5, 1)),
        ("S11", ["bid 5", "pass", "pass", "pass"], (4, 2), (-5, 2)),
        ("S19", ["pass", "bid 4", "pass", "pass"], (3, 3), (3, -4)),
    ],
)
def test_e25_e26_ordinary_contracts_scored_from_the_tricks(
    case: str, calls: list[str], want: tuple[int, int], delta: tuple[int, int]
) -> None:
    state = play_to_tricks(0, calls, "hearts", want)
    assert state.result().delta == delta
    assert state.returns() == (delta[0], delta[1], delta[0], delta[1])
    assert state.tricks_won == want


def test_e24_tricks_add_up_and_a_sitting_out_partner_counts_for_the_declarer() -> None:
    state = play_to_tricks(0, ["bid 6M"], "spades", (5, 1))
    assert sum(state.tricks_won) == 6
    # E-29: a failed moon costs 6 by default.
    assert state.result().delta == (-6, 1)


def test_e27_help_made_scores_twelve() -> None:
    variant = BidEuchreVariant()
    for seed in range(3000):
        state = drive(
            variant.new_game(seed=seed, dealer=3),
            ["bid 6H", "pass", "pass", "pass", "trump spades"],
        )
        rng = random.Random(seed)
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_actions()))
        if state.tricks_won == (6, 0):
            assert state.result().delta == (12, 0)
            return
    pytest.fail("no help bid was made")


def test_e29_failed_lone_contract_under_contract_value() -> None:
    state = play_to_tricks(0, ["bid 6M"], "spades", (5, 1), lone_set_penalty="contract_value")
    assert state.result().delta == (-24, 1)


def test_e31_renege_penalty_is_part_of_the_hand_score() -> None:
    state = play_cards(n_declares(R1_DEAL, "hearts", renege_mode="penalize"), "AD 9H")
    rng = random.Random(0)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.lawful_actions()))
    assert state.result().facts.reneges == (1,)
    assert state.result().facts.contract == Contract(3)


def test_e28_moon_made_scores_twenty_four() -> None:
    state = play_to_tricks(0, ["bid 6M"], "spades", (6, 0))
    assert state.result().delta == (24, 0)
    assert state.sitting_out == 2


def test_e32_void_hands_score_nothing() -> None:
    deal = ["9S 10S JS QS KS AS", "AH 10H 9H AD 10D 9D", "JH QH KH JD QD KD", "9C 10C JC QC KC AC"]
    passed = drive(BidEuchreVariant().deal(hands=deal, dealer=3), ["pass"] * 4)
    claimed = drive(
        BidEuchreVariant(ace_no_face=True).deal(hands=deal, dealer=3),
        ["pass", "claim ace-no-face"],
    )
    for state in (passed, claimed):
        assert state.result().delta == (0, 0)
        assert state.returns() == (0, 0, 0, 0)
        assert state.tricks == ()
