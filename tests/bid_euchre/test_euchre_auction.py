"""The Bid Euchre auction: rules E-5 … E-13 and E-35, worked cases A1 … A9, S20, S21."""

from __future__ import annotations

import pickle
import random

import pytest

from cardrules import BidError, NotYourTurnError, TrumpError, WrongPhaseError
from cardrules.bid_euchre import (
    PASS,
    Bid,
    BidEuchreMatch,
    BidEuchreOptions,
    BidEuchreState,
    BidEuchreVariant,
    Contract,
    ContractKind,
    Phase,
)
from cardrules.bid_euchre.bidding import Auction, AuctionRules, bidding_order

DEAL = [
    "9S 10S JS QS KS AS",
    "9H 10H JH QH KH AH",
    "9D 10D JD QD KD AD",
    "9C 10C JC QC KC AC",
]


def hand(dealer: int = 3, **options: object) -> BidEuchreState:
    return BidEuchreVariant(**options).deal(hands=DEAL, dealer=dealer)  # type: ignore[arg-type]


def drive(state: BidEuchreState, actions: list[str]) -> BidEuchreState:
    for action in actions:
        state = state.apply(action)
    return state


def calls_text(state: BidEuchreState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def play_out(state: BidEuchreState, seed: int) -> BidEuchreState:
    rng = random.Random(seed)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


# -- E-5, E-6 ----------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", range(4))
def test_e6_auction_starts_left_of_the_dealer_and_the_dealer_calls_last(dealer: int) -> None:
    state = hand(dealer)
    order = []
    while state.phase is Phase.AUCTION:
        order.append(state.to_play)
        state = state.apply("pass")
    assert order == list(bidding_order(dealer=dealer)) == [(dealer + k) % 4 for k in (1, 2, 3, 4)]


@pytest.mark.parametrize("dealer", range(4))
def test_e5_the_deal_passes_left_after_every_hand(dealer: int) -> None:
    scored = play_out(drive(hand(dealer), ["bid 3", "pass", "pass", "pass"]), dealer)
    void = drive(hand(dealer), ["pass"] * 4)
    assert scored.next_dealer == void.next_dealer == (dealer + 1) % 4


def test_e5_the_match_deals_the_next_hand_left() -> None:
    match = BidEuchreMatch.start(BidEuchreOptions())
    state = match.next_deal(random.Random(1))
    assert isinstance(state, BidEuchreState)
    assert state.dealer == 0
    match = match.after(play_out(state, 1).result())
    assert match.next_deal(random.Random(2)).dealer == 1


# -- E-7 rounds ---------------------------------------------------------------------------


def test_e7_single_round_each_player_calls_once() -> None:
    state = drive(hand(), ["bid 3", "bid 4", "pass", "bid 5"])
    assert state.phase is Phase.TRUMP
    assert [s for s, _ in state.calls] == [0, 1, 2, 3]
    assert state.declarer == 3
    assert state.contract == Contract(5)


def test_e7_continuous_bidding_goes_round_until_all_others_pass() -> None:
    state = drive(hand(bidding_style="continuous"), ["bid 3", "bid 4", "pass", "pass"])
    assert state.phase is Phase.AUCTION
    assert state.to_play == 0
    state = drive(state, ["bid 5", "pass"])
    assert state.phase is Phase.TRUMP
    assert state.declarer == 0
    assert state.contract == Contract(5)


def test_e7_continuous_a_player_who_passed_may_not_bid_again() -> None:
    state = drive(hand(bidding_style="continuous"), ["pass", "bid 3", "pass", "bid 4"])
    # N and S passed: the turn goes from W to E, skipping them.
    assert state.to_play == 1
    with pytest.raises(NotYourTurnError):
        state.apply("bid 5", seat=0)
    state = drive(state, ["bid 5"])
    assert state.to_play == 3


def test_e7_continuous_all_four_pass_voids_the_hand() -> None:
    state = drive(hand(bidding_style="continuous"), ["pass"] * 4)
    assert state.is_terminal
    assert state.result().delta == (0, 0)


def test_e7_continuous_moon_ends_the_auction_without_new_calls() -> None:
    state = drive(hand(bidding_style="continuous"), ["bid 3", "bid 4", "pass", "pass", "bid 6M"])
    assert state.phase is Phase.TRUMP
    assert state.declarer == 0
    # Everyone had called: nobody gets an implied pass.
    assert len(state.calls) == 5


# -- E-8 calls ---------------------------------------------------------------------------


def test_e8_bids_run_from_three_to_the_moon() -> None:
    assert calls_text(hand()) == ["pass", "bid 3", "bid 4", "bid 5", "bid 6H", "bid 6M"]


def test_e8_a_bid_must_overcall_strictly() -> None:
    state = drive(hand(), ["bid 4"])
    assert calls_text(state) == ["pass", "bid 5", "bid 6H", "bid 6M"]
    for low in ("bid 3", "bid 4"):
        with pytest.raises(BidError) as info:
            state.apply(low)
        assert info.value.rule_id == "E-8"
        assert info.value.seat == 1


def test_e8_below_the_minimum_and_above_the_top_do_not_exist() -> None:
    state = hand()
    for text, rule in (("bid 2", "E-8"), ("bid 1", "E-8"), ("bid 6", "E-10"), ("bid 7", "E-8")):
        with pytest.raises(BidError) as info:
            state.apply(text)
        assert info.value.rule_id == rule
    with pytest.raises(BidError, match="all 6 tricks"):
        state.apply(Bid(Contract.help(12)))


def test_e8_no_suit_is_named_during_the_auction() -> None:
    state = hand()
    with pytest.raises(WrongPhaseError):
        state.apply("trump hearts")


def test_e8_min_bid_option() -> None:
    state = hand(min_bid=5)
    assert calls_text(state) == ["pass", "bid 5", "bid 6H", "bid 6M"]
    assert calls_text(hand(min_bid=6)) == ["pass", "bid 6H", "bid 6M"]
    assert calls_text(hand(min_bid=6, allow_plain_six=True)) == [
        "pass",
        "bid 6",
        "bid 6H",
        "bid 6M",
    ]


def test_e8_pass_is_always_legal_without_stick_the_dealer() -> None:
    state = hand()
    for _ in range(4):
        assert PASS in state.legal_actions()
        state = state.apply("pass")


# -- E-9, E-10, E-11 ----------------------------------------------------------------------


def test_e9_partners_may_overbid_each_other() -> None:
    state = drive(hand(), ["bid 3", "pass", "bid 4", "pass"])
    assert state.declarer == 2
    assert state.contract == Contract(4)


def test_e9_a_partner_may_overcall_with_help_or_moon() -> None:
    state = drive(hand(), ["bid 6H", "pass", "bid 6M"])
    assert state.declarer == 2
    assert state.contract == Contract.moon(6)


def test_e10_two_ways_to_bid_six_and_the_partner_sits_out() -> None:
    for calls in (["bid 6H", "pass", "pass", "pass"], ["bid 6M"]):
        state = drive(hand(), [*calls, "trump spades"])
        assert state.sitting_out == 2
    state = drive(hand(), ["bid 5", "pass", "pass", "pass", "trump spades"])
    assert state.sitting_out is None


def test_e10_no_plain_six_by_default() -> None:
    with pytest.raises(BidError) as info:
        hand().apply("bid 6")
    assert info.value.rule_id == "E-10"


def test_e10_plain_six_is_an_ordinary_bid_with_the_partner_playing() -> None:
    state = drive(hand(allow_plain_six=True), ["bid 6", "pass", "pass", "pass", "trump spades"])
    assert state.contract == Contract(6)
    assert state.sitting_out is None
    assert state.contract.kind is ContractKind.ORDINARY


def test_e11_moon_outranks_help() -> None:
    state = drive(hand(), ["bid 6H"])
    assert calls_text(state) == ["pass", "bid 6M"]


def test_e11_moon_ends_the_auction_and_records_passes() -> None:
    state = drive(hand(), ["bid 3", "bid 6M"])
    assert state.phase is Phase.TRUMP
    assert state.declarer == 1
    assert state.calls == ((0, Contract(3)), (1, Contract.moon(6)), (2, None), (3, None))
    # Only the real calls are actions in the history.
    assert len(state.history) == 2


# -- E-12 all pass ------------------------------------------------------------------------


def test_e12_four_passes_void_the_hand() -> None:
    state = drive(hand(), ["pass"] * 4)
    assert state.is_terminal
    assert state.phase is Phase.END
    result = state.result()
    assert result.delta == (0, 0)
    assert result.facts.void_reason == "all_pass"
    assert state.legal_actions() == ()


# -- E-13 declarer and trump ---------------------------------------------------------------


def test_e13_highest_bidder_names_trump() -> None:
    state = drive(hand(), ["pass", "bid 4", "bid 5", "pass"])
    assert state.phase is Phase.TRUMP
    assert state.to_play == 2
    assert calls_text(state) == ["trump spades", "trump hearts", "trump diamonds", "trump clubs"]
    state = state.apply("trump diamonds")
    assert str(state.trump) == "Suit.DIAMONDS"
    assert state.to_play == 2


def test_e13_no_trump_only_when_allowed() -> None:
    state = drive(hand(), ["bid 3", "pass", "pass", "pass"])
    with pytest.raises(TrumpError) as info:
        state.apply("trump no-trump")
    assert info.value.rule_id == "E-13"
    allowed = drive(hand(allow_no_trump=True), ["bid 3", "pass", "pass", "pass"])
    assert "trump no-trump" in calls_text(allowed)
    assert str(allowed.apply("trump nt").trump) == "NoTrump.NO_TRUMP"


# -- E-35 stick the dealer ------------------------------------------------------------------


def test_e35_stuck_dealer_may_not_pass() -> None:
    state = drive(hand(stick_the_dealer=True), ["pass", "pass", "pass"])
    assert calls_text(state) == ["bid 3", "bid 4", "bid 5", "bid 6H", "bid 6M"]
    with pytest.raises(BidError) as info:
        state.apply("pass")
    assert info.value.rule_id == "E-35"
    assert state.is_legal("bid 6M")
    assert not state.is_legal("pass")


def test_e35_dealer_may_pass_after_a_bid() -> None:
    state = drive(hand(stick_the_dealer=True), ["pass", "bid 3", "pass"])
    assert PASS in state.legal_actions()
    assert drive(state, ["pass"]).declarer == 1


def test_e35_continuous_bidding_sticks_the_dealer_too() -> None:
    state = drive(hand(stick_the_dealer=True, bidding_style="continuous"), ["pass"] * 3)
    assert state.to_play == 3
    assert PASS not in state.legal_actions()


@pytest.mark.parametrize("style", ["single_round", "continuous"])
def test_e35_no_hand_is_thrown_in(style: str) -> None:
    variant = BidEuchreVariant(stick_the_dealer=True, bidding_style=style)
    stuck = 0
    for seed in range(30):
        rng = random.Random(seed)
        state = variant.new_game(seed=seed, dealer=seed % 4)
        # Mostly passes, so that the dealer is stuck in most hands.
        while state.phase is Phase.AUCTION:
            legal = state.legal_actions()
            if state.auction.dealer_is_stuck:
                stuck += 1
                assert state.to_play == state.dealer
                assert PASS not in legal
            action = PASS if PASS in legal and rng.random() < 0.9 else rng.choice(legal)
            state = state.apply(action)
        state = play_out(state, seed)
        assert state.result().facts.contract is not None
    assert stuck >= 20


# Option sets for the auction: the ladder's ends move with min_bid, plain six and the
# double deck; continuous bidding goes round.
AUCTION_OPTIONS = [
    {},
    {"min_bid": 5},
    {"allow_plain_six": True, "min_bid": 6},
    {"double_deck": True, "min_bid": 8},
    {"bidding_style": "continuous"},
    {"bidding_style": "continuous", "allow_plain_six": True, "min_bid": 4},
]


@pytest.mark.parametrize("options", AUCTION_OPTIONS, ids=str)
@pytest.mark.parametrize("dealer", range(4))
def test_e35_legal_calls_of_a_stuck_dealer(options: dict[str, object], dealer: int) -> None:
    stuck_rules = AuctionRules(BidEuchreOptions(stick_the_dealer=True, **options))  # type: ignore[arg-type]
    free_rules = AuctionRules(BidEuchreOptions(**options))  # type: ignore[arg-type]
    for rules, stick in ((stuck_rules, True), (free_rules, False)):
        auction = rules.start(dealer)
        for _ in range(3):
            assert not auction.dealer_is_stuck
            assert auction.legal_calls() == (None, *rules.ladder)
            auction = auction.call(None)
        assert auction.to_call == dealer
        assert auction.dealer_is_stuck is stick
        calls = auction.legal_calls()
        # E-35: every bid of the ladder, from min_bid to the moon, and no pass.
        assert calls == (rules.ladder if stick else (None, *rules.ladder))
        assert calls[-1] == Contract.moon(rules.options.tricks_per_hand)
        for call in calls:
            auction.check(call)
        if stick:
            with pytest.raises(BidError) as info:
                auction.check(None)
            assert info.value.rule_id == "E-35"
            # Whatever the dealer bids, the hand has a contract and the dealer declares.
            for call in calls:
                after = auction.call(call)
                while not after.is_over:
                    after = after.call(None)
                assert (after.contract, after.declarer) == (call, dealer)
        else:
            assert auction.call(None).all_passed


def auction_nodes(rules: AuctionRules, dealer: int, depth: int) -> list[Auction]:
    """Every auction reachable from the start in at most ``depth`` calls."""
    nodes = []
    todo = [rules.start(dealer)]
    while todo:
        auction = todo.pop()
        nodes.append(auction)
        if not auction.is_over and len(auction.calls) < depth:
            todo.extend(auction.call(call) for call in auction.legal_calls())
    return nodes


@pytest.mark.parametrize("options", AUCTION_OPTIONS, ids=str)
def test_e8_e35_legal_calls_are_exactly_the_calls_check_accepts(options: dict[str, object]) -> None:
    """At every node of the auction: legal_calls() lists, pass first then upward, exactly
    the calls check() accepts, and the dealer is stuck (E-35) exactly after three passes."""
    for stick in (False, True):
        rules = AuctionRules(BidEuchreOptions(stick_the_dealer=stick, **options))  # type: ignore[arg-type]
        n = rules.options.tricks_per_hand
        everything: list[Contract | None] = [None, *rules.ladder, Contract(n + 1), Contract(1)]
        for dealer in (0, 3):
            nodes = auction_nodes(rules, dealer, depth=7)
            stuck = 0
            for auction in nodes:
                accepted = []
                for call in everything:
                    try:
                        auction.check(call)
                    except BidError:
                        continue
                    accepted.append(call)
                assert auction.legal_calls() == tuple(accepted), auction
                three_passes = [c for _, c in auction.calls] == [None, None, None]
                expected = stick and three_passes and auction.to_call == dealer
                assert auction.dealer_is_stuck is expected, auction
                stuck += auction.dealer_is_stuck
            assert stuck == (1 if stick else 0)


# -- the auction as a value ----------------------------------------------------------------


def test_e8_auction_value_round_trip() -> None:
    rules = AuctionRules(BidEuchreOptions())
    auction = rules.start(dealer=3).call(Contract(3)).call(None)
    assert auction.high_bid == Contract(3)
    assert auction.declarer == 0
    assert not auction.is_over
    assert auction.legal_calls()[0] is None
    with pytest.raises(BidError):
        auction.call(Contract(3))
    assert pickle.loads(pickle.dumps(auction)) == auction  # noqa: S301 - our own bytes


# -- worked cases A1 ... A9 ------------------------------------------------------------------


def test_a1_partner_overbids() -> None:
    state = drive(hand(3), ["bid 3", "pass", "bid 4", "pass"])
    assert state.declarer == 2
    assert state.contract == Contract(4)


def test_a2_equal_bid_is_illegal() -> None:
    state = drive(hand(3), ["bid 4"])
    before = state
    with pytest.raises(BidError):
        state.apply("bid 4")
    assert state == before
    assert {"bid 5", "bid 6H", "bid 6M", "pass"} == set(calls_text(state))


def test_a3_below_minimum_is_illegal() -> None:
    with pytest.raises(BidError, match="below the minimum"):
        hand(3).apply("bid 2")


def test_a5_moon_ends_the_auction() -> None:
    state = drive(hand(3), ["bid 6M"])
    assert state.phase is Phase.TRUMP
    assert state.declarer == 0
    assert state.calls[1:] == ((1, None), (2, None), (3, None))


def test_a6_all_pass_and_north_deals_next() -> None:
    state = drive(hand(3), ["pass"] * 4)
    assert state.result().delta == (0, 0)
    assert state.next_dealer == 0


def test_a7_stuck_west() -> None:
    state = drive(hand(3, stick_the_dealer=True), ["pass"] * 3)
    assert state.to_play == 3
    assert calls_text(state) == ["bid 3", "bid 4", "bid 5", "bid 6H", "bid 6M"]


def test_a9_plain_six_order() -> None:
    state = drive(hand(3, allow_plain_six=True), ["bid 5", "bid 6", "bid 6H"])
    assert calls_text(state) == ["pass", "bid 6M"]
    assert Contract(5) < Contract(6) < Contract.help(6) < Contract.moon(6)
    assert drive(state, ["pass"]).contract == Contract.help(6)


# -- single-hand cases S20, S21 ---------------------------------------------------------------


def test_s20_all_four_pass_scores_nothing() -> None:
    state = drive(hand(0), ["pass"] * 4)
    assert state.result().delta == (0, 0)
    assert state.next_dealer == 1
    match = BidEuchreMatch.start(BidEuchreOptions(), dealer=0).after(state.result())
    assert match.scores == (0, 0)
    assert match.dealer == 1


def test_s21_stick_the_dealer_set_by_two() -> None:
    variant = BidEuchreVariant(stick_the_dealer=True)
    # S deals; W, N, E pass; S may not pass and bids 3. Find a play where NS takes 2.
    for seed in range(500):
        state = variant.new_game(seed=seed, dealer=2)
        state = drive(state, ["pass", "pass", "pass"])
        assert not state.is_legal("pass")
        state = play_out(drive(state, ["bid 3", "trump hearts"]), seed)
        if state.result().facts.tricks == (2, 4):
            assert state.result().delta == (-3, 4)
            return
    pytest.fail("no seed gave NS 2 tricks")


def test_e8_call_rank_shares_successors_and_successors_is_read_only() -> None:
    # A call by rank is the call by bid (E-8), built once; the engine reads the
    # successors before calling, so the mapping must hold exactly what was built.
    start = AuctionRules(BidEuchreOptions()).start(dealer=3)
    assert dict(start.successors) == {}
    after = start.call_rank(1)
    assert after is start.call(Contract(4)) is start.call_rank(1)
    passed = start.call_rank(-1)
    assert dict(start.successors) == {1: after, -1: passed}
    assert passed.calls == ((0, None),)
    with pytest.raises(TypeError):
        start.successors[2] = after  # type: ignore[index]
    with pytest.raises(BidError, match="E-8"):
        after.call_rank(0)  # rank 0 is below the high bid: no overcall
    with pytest.raises(BidError, match="rank"):
        after.call_rank(len(after.rules.ladder))
    assert dict(after.successors) == {}
