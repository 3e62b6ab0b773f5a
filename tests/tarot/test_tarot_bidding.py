"""The auction (T-10 … T-13), through ``cardrules.tarot``."""

from __future__ import annotations

import random

import pytest

from cardrules import BidError, NotYourTurnError, Pass, Play, WrongPhaseError
from cardrules.tarot import (
    Bid,
    Camp,
    Contract,
    Phase,
    TarotState,
    TarotVariant,
)
from cardrules.tarot.bidding import auction_taker, bidding_order, check_bid, higher_contracts


def fresh(players: int = 4, dealer: int = 0, **options: object) -> TarotState:
    variant = TarotVariant(players=players, **options)  # type: ignore[arg-type]
    for seed in range(100):
        state = variant.new_game(seed=seed, dealer=dealer)
        if not state.is_terminal:  # skip Petit sec deals
            return state
    raise AssertionError("no playable deal")


def finish_auction(state: TarotState, *words: str) -> TarotState:
    for word in words:
        state = state.apply(word)
    return state


@pytest.mark.parametrize("players", [3, 4, 5])
def test_t10_bidding_starts_right_of_the_dealer_and_the_dealer_speaks_last(players: int) -> None:
    for dealer in range(players):
        state = fresh(players, dealer)
        order = []
        while state.phase is Phase.BIDDING:
            order.append(state.to_play)
            state = state.apply("pass")
        assert tuple(order) == bidding_order(dealer=dealer, players=players)
        assert order[0] == (dealer + 1) % players
        assert order[-1] == dealer


def test_t10_each_seat_speaks_exactly_once() -> None:
    state = finish_auction(fresh(), "bid prise", "bid garde", "pass", "pass")
    assert state.phase is not Phase.BIDDING
    assert [s for s, _ in state.bids] == [1, 2, 3, 0]


def test_t10_a_bid_must_be_strictly_higher() -> None:
    state = finish_auction(fresh(), "bid garde")
    assert [str(a) for a in state.legal_actions()] == ["pass", "bid garde-sans", "bid garde-contre"]
    for word in ("bid garde", "bid prise"):
        with pytest.raises(BidError) as info:
            state.apply(word)
        assert info.value.rule_id == "T-10"
        assert not state.is_legal(word)


def test_t10_after_garde_contre_only_pass() -> None:
    state = finish_auction(fresh(), "bid garde-contre")
    assert state.legal_actions() == (Pass(),)
    with pytest.raises(BidError, match="only pass"):
        state.apply("bid garde-contre")


def test_t10_no_second_round() -> None:
    state = finish_auction(fresh(), "pass", "bid prise", "pass", "pass")
    # The first seat passed and may not bid again: the auction is over.
    assert state.phase is Phase.ECART
    assert state.taker == 2


def test_t10_wrong_seat_and_wrong_phase_are_rejected() -> None:
    state = fresh()
    with pytest.raises(NotYourTurnError):
        state.apply("bid prise", seat=2)
    with pytest.raises(WrongPhaseError):
        state.apply(Play(state.hand(1)[0]))
    with pytest.raises(WrongPhaseError):
        state.apply("announce chelem")


def test_t10_helpers() -> None:
    assert bidding_order(dealer=2, players=3) == (0, 1, 2)
    assert higher_contracts(None) == tuple(Contract)
    assert higher_contracts(Contract.PRISE) == (
        Contract.GARDE,
        Contract.GARDE_SANS,
        Contract.GARDE_CONTRE,
    )
    check_bid(Contract.GARDE_SANS, Contract.GARDE)
    with pytest.raises(BidError):
        check_bid(Contract.PRISE, Contract.PRISE)


def test_t11_contracts_in_order_with_their_multipliers() -> None:
    assert list(Contract) == sorted(Contract)
    assert [c.code for c in Contract] == ["prise", "garde", "garde-sans", "garde-contre"]
    assert Contract.parse("petite") is Contract.PRISE
    rng = random.Random(1)
    for contract, m in zip(Contract, (1, 2, 4, 6), strict=True):
        state = finish_auction(fresh(), f"bid {contract}", "pass", "pass", "pass")
        assert state.contract is contract
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_actions()))
        assert state.result().multiplier == m


def test_t11_custom_multipliers_reach_the_score() -> None:
    multipliers = {"prise": 1, "garde": 3, "garde_sans": 5, "garde_contre": 7}
    state = finish_auction(fresh(multipliers=multipliers), "bid garde", "pass", "pass", "pass")
    rng = random.Random(2)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    assert state.result().multiplier == 3


@pytest.mark.parametrize("players", [3, 4, 5])
def test_t12_all_pass_annuls_the_deal(players: int) -> None:
    state = fresh(players, dealer=1)
    while not state.is_terminal:
        state = state.apply("pass")
    result = state.result()
    assert result.annulled == "all_pass"
    assert result.scores == (0,) * players
    assert state.returns() == (0.0,) * players
    assert state.contract is None
    assert state.taker is None
    assert state.next_dealer == 2 % players
    assert len(state.chien_aside) == (3 if players == 5 else 6)


def test_t12_redeal_by_the_same_dealer_as_an_option() -> None:
    state = fresh(dealer=3, redeal_dealer="same")
    while not state.is_terminal:
        state = state.apply("pass")
    assert state.next_dealer == 3


def test_t13_highest_bidder_is_the_taker_and_the_others_defend() -> None:
    state = finish_auction(fresh(), "bid prise", "pass", "bid garde-sans", "pass")
    assert state.taker == 3
    assert state.contract is Contract.GARDE_SANS
    assert state.attack == (3,)
    assert [state.camp_of(s) for s in range(4)] == [
        Camp.DEFENCE,
        Camp.DEFENCE,
        Camp.DEFENCE,
        Camp.ATTACK,
    ]
    assert auction_taker(state.bids) == (3, Contract.GARDE_SANS)


def test_t13_three_players_two_defenders() -> None:
    state = finish_auction(fresh(3), "pass", "bid garde", "pass")
    assert state.taker == 2
    assert state.attack == (2,)
    with pytest.raises(WrongPhaseError):
        fresh(3).camp_of(0)


def test_bid_actions_are_interned_and_parse_back() -> None:
    for contract in Contract:
        bid = Bid(contract)
        assert bid is Bid(contract)
        assert TarotVariant().parse_action(str(bid)) is bid
