"""T-6: who deals next, after a played deal and after an annulled one (T-9, T-12).

``redeal_dealer="next"`` (the default) passes the deal to ``next(dealer)`` after every
deal; ``"same"`` keeps the dealer after an annulled deal only. Checked on the deal's
state (``next_dealer``), at every step of the deal, and on a match (``TarotMatch``), for
3, 4 and 5 players and every first dealer.
"""

from __future__ import annotations

import random

import pytest

from cardrules import Card, CardKind, Pass
from cardrules.tarot import Bid, Contract, Phase, TarotMatch, TarotState, TarotVariant

REDEAL = ("next", "same")
PLAYERS = (3, 4, 5)


def played_deal(variant: TarotVariant, dealer: int, seed: int) -> list[TarotState]:
    """Every state of a played deal: the first to speak takes a Prise, then random play."""
    rng = random.Random(seed)
    state = variant.new_game(rng=rng, dealer=dealer)
    states = [state]
    while not state.is_terminal:
        if state.phase is Phase.BIDDING:
            action = Pass() if state.bids else Bid(Contract.PRISE)
            state = state.apply(action)
        else:
            state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


def all_pass(variant: TarotVariant, dealer: int, seed: int) -> list[TarotState]:
    """Every state of a deal annulled because everybody passed (T-12)."""
    state = variant.new_game(seed=seed, dealer=dealer)
    states = [state]
    while not state.is_terminal:
        state = state.apply(Pass())
        states.append(state)
    return states


def petit_sec(variant: TarotVariant, dealer: int) -> TarotState:
    """A deal annulled at once: seat 0 holds the Petit and no other trump (T-9)."""
    n = variant.players
    size = {3: 24, 4: 18, 5: 15}[n]
    petit = Card.trump(1)
    plain = [c for c in variant.deck if c.kind is CardKind.SUIT]
    # The other trumps and the Excuse come first, dealt round: nobody else is Petit sec.
    others = [c for c in variant.deck if c.kind is not CardKind.SUIT and c != petit]
    others += plain[size - 1 :]
    hands = [[petit, *plain[: size - 1]]] + [others[k :: n - 1][:size] for k in range(n - 1)]
    chien = [c for c in others if not any(c in hand for hand in hands)]
    return variant.deal(hands=hands, chien=chien, dealer=dealer)


@pytest.mark.parametrize("redeal", REDEAL)
@pytest.mark.parametrize("players", PLAYERS)
def test_t6_the_deal_passes_on_after_a_played_deal(players: int, redeal: str) -> None:
    variant = TarotVariant(players=players, redeal_dealer=redeal)
    for dealer in range(players):
        states = played_deal(variant, dealer, seed=dealer)
        final = states[-1]
        assert final.result().annulled is None
        assert final.tricks_played == {3: 24, 4: 18, 5: 15}[players]
        # Whatever the option, at every step: next(dealer).
        assert {s.next_dealer for s in states} == {(dealer + 1) % players}
        assert final.dealer == dealer


@pytest.mark.parametrize("redeal", REDEAL)
@pytest.mark.parametrize("players", PLAYERS)
def test_t6_t12_who_deals_after_everybody_passed(players: int, redeal: str) -> None:
    variant = TarotVariant(players=players, redeal_dealer=redeal)
    for dealer in range(players):
        states = all_pass(variant, dealer, seed=dealer)
        final = states[-1]
        assert final.result().annulled == "all_pass"
        after = dealer if redeal == "same" else (dealer + 1) % players
        assert final.next_dealer == after
        # Before the last pass the deal is not annulled yet: next(dealer).
        assert {s.next_dealer for s in states[:-1]} == {(dealer + 1) % players}


@pytest.mark.parametrize("redeal", REDEAL)
@pytest.mark.parametrize("players", PLAYERS)
def test_t6_t9_who_deals_after_a_petit_sec(players: int, redeal: str) -> None:
    variant = TarotVariant(players=players, redeal_dealer=redeal)
    for dealer in range(players):
        state = petit_sec(variant, dealer)
        assert state.result().annulled == "petit_sec"
        assert state.next_dealer == (dealer if redeal == "same" else (dealer + 1) % players)


@pytest.mark.parametrize("redeal", REDEAL)
@pytest.mark.parametrize("players", PLAYERS)
def test_t6_a_match_follows_next_dealer(players: int, redeal: str) -> None:
    """A match of annulled and played deals: its dealer is always the last deal's
    ``next_dealer``, and the deal went round the table once per played deal."""
    variant = TarotVariant(
        players=players,
        redeal_dealer=redeal,
        single_deal=False,
        dealer=players - 1,
    )
    match = TarotMatch.start(variant.options)
    for k, kind in enumerate(["played", "all_pass", "petit_sec", "played", "all_pass"] * 2):
        dealer = match.dealer
        if kind == "played":
            final = played_deal(variant, dealer, seed=k)[-1]
        elif kind == "all_pass":
            final = all_pass(variant, dealer, seed=k)[-1]
        else:
            final = petit_sec(variant, dealer)
        match = match.after(final.result())
        assert match.dealer == final.next_dealer
        expected = dealer if redeal == "same" and kind != "played" else (dealer + 1) % players
        assert match.dealer == expected, (k, kind)
