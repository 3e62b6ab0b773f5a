"""The engine's fast paths give exactly what the plain rules give: the fused shuffle and
deal against :func:`cardrules.decks.shuffle` (E-4, E-37), the bulk playout against the
public loop (same generator, same hand), the engine's scoring against
:func:`~cardrules.bid_euchre.score_hand` (E-24 … E-32), and the checked paths of
``apply`` against its hot paths."""

from __future__ import annotations

import itertools
import pickle
import random

import pytest

from cardrules import decks
from cardrules.bid_euchre import (
    PASS,
    BidEuchreOptions,
    BidEuchreState,
    BidEuchreVariant,
    ContractKind,
    HandFacts,
    Phase,
    random_playout,
    score_hand,
)

OPTION_SETS: list[dict[str, object]] = [
    {},
    {"joker": True},
    {"joker": True, "allow_no_trump": True},
    {"joker": True, "joker_discard_timing": "after_trump", "allow_no_trump": True},
    {"double_deck": True, "help_exchange_count": 2},
    {"allow_no_trump": True, "allow_plain_six": True, "min_bid": 1},
    {"ace_no_face": True, "stick_the_dealer": True},
    {"renege_mode": "penalize", "bidding_style": "continuous"},
    {"help_card_rule": "partner_choice", "help_exchange_count": 3},
]


def finish(state: BidEuchreState, rng: random.Random) -> BidEuchreState:
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("joker", [False, True])
def test_e4_new_game_deals_the_shuffled_deck_and_draws_as_the_shuffle(joker: bool) -> None:
    variant = BidEuchreVariant(joker=joker)
    deck = decks.euchre_deck_with_joker() if joker else decks.euchre_deck()
    for seed, dealer in itertools.product(range(150), range(4)):
        rng = random.Random(seed)
        state = variant.new_game(rng=rng, dealer=dealer)
        reference = random.Random(seed)
        shuffled = decks.shuffle(deck, reference)
        # The same draws: the generators are left in the same state.
        assert rng.getstate() == reference.getstate()
        expected: list[list[str]] = [[], [], [], []]
        for i, card in enumerate(shuffled):
            # E-4: card i to seat dealer + 1 + i; E-37: the 25th card to the dealer.
            seat = dealer if i == 24 else (dealer + 1 + i) % 4
            expected[seat].append(str(card))
        for seat in range(4):
            assert sorted(str(c) for c in state.hand(seat)) == sorted(expected[seat])


@pytest.mark.parametrize("options", OPTION_SETS, ids=[str(o) for o in OPTION_SETS])
def test_random_playout_is_the_public_loop_from_every_state(options: dict[str, object]) -> None:
    variant = BidEuchreVariant(**options)  # type: ignore[arg-type]
    for seed in range(40):
        rng = random.Random(seed)
        state = variant.new_game(rng=rng)
        states = [state]
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_actions()))
            states.append(state)
        for n, start in enumerate(states):
            bulk_rng, loop_rng = random.Random(n), random.Random(n)
            bulk = random_playout(start, bulk_rng)
            assert bulk == finish(start, loop_rng).result()
            # The same draws, so a caller's generator goes on as after the public loop.
            assert bulk_rng.getstate() == loop_rng.getstate()


def test_random_playout_from_fresh_deals_matches_the_public_loop() -> None:
    variant = BidEuchreVariant()
    bulk_rng, loop_rng = random.Random(9), random.Random(9)
    for _ in range(400):
        bulk = variant.random_playout(variant.new_game(rng=bulk_rng), bulk_rng)
        assert bulk == finish(variant.new_game(rng=loop_rng), loop_rng).result()


@pytest.mark.parametrize(
    "options",
    [
        BidEuchreOptions(),
        BidEuchreOptions(double_deck=True, allow_plain_six=True),
        BidEuchreOptions(lone_set_penalty="contract_value", min_bid=1, allow_plain_six=True),
        BidEuchreOptions(renege_mode="penalize", renege_penalty=3),
    ],
)
def test_e24_to_e31_engine_scoring_is_score_hand(options: BidEuchreOptions) -> None:
    variant = BidEuchreVariant(options)
    rules = variant._tables.auction_rules
    n = options.tricks_per_hand
    reneges_choices: list[tuple[int, ...]] = [()]
    if options.renege_mode == "penalize":
        reneges_choices += [(1,), (0, 2, 0)]
    for rank, declarer, ew, reneges in itertools.product(
        range(len(rules.ladder)), range(4), range(n + 1), reneges_choices
    ):
        contract = rules.ladder[rank]
        if contract.kind is not ContractKind.ORDINARY and any(
            seat == (declarer + 2) % 4 for seat in reneges
        ):
            continue  # E-21: the partner sitting out plays no card, so cannot renege.
        auction = rules.start((declarer + 3) % 4)._after(declarer, rank)
        while auction.to_call is not None:
            auction = auction._after(auction.to_call, -1)
        assert auction.contract == contract
        assert auction.declarer == declarer
        for _ in range(2):  # the second time from the variant's cache
            result = _played(variant, auction, n - ew, ew, reneges)
            facts = HandFacts(
                contract=contract, declarer=declarer, tricks=(n - ew, ew), reneges=reneges
            )
            assert result == score_hand(facts, options)
            assert result.delta == score_hand(facts, options).delta


def _played(
    variant: BidEuchreVariant,
    auction: object,
    ns: int,
    ew: int,
    reneges: tuple[int, ...],
) -> object:
    from cardrules.bid_euchre._engine import _played_result
    from cardrules.bid_euchre.play import Renege
    from cardrules.cards import Card, Suit

    records = tuple(Renege(seat, 1, Card.parse("9S"), Suit.HEARTS) for seat in reneges)
    return _played_result(variant.options, variant._tables.results, auction, ns, ew, records)  # type: ignore[arg-type]


def test_e12_e32_a_thrown_in_hand_scores_as_score_hand() -> None:
    variant = BidEuchreVariant()
    state = variant.new_game(seed=1)
    for _ in range(4):
        state = state.apply(PASS)
    assert state.is_terminal
    assert state.result() == score_hand(HandFacts.void("all_pass"), variant.options)


@pytest.mark.parametrize("options", OPTION_SETS, ids=[str(o) for o in OPTION_SETS])
def test_hot_paths_agree_with_the_checked_paths(options: dict[str, object]) -> None:
    """``apply(action)``, ``apply(action, seat)`` and ``apply(str(action))`` give equal
    states, which record the action."""
    variant = BidEuchreVariant(**options)  # type: ignore[arg-type]
    for seed in range(12):
        rng = random.Random(seed)
        state = variant.new_game(rng=rng)
        while not state.is_terminal:
            action = rng.choice(state.legal_actions())
            seat = state.to_play
            fast = state.apply(action)
            assert state.is_legal(action)
            assert fast == state.apply(str(action))
            assert fast == state.apply(action, seat)
            assert fast.history[-1] == (seat, action)
            assert fast.phase is not Phase.END or fast.to_play is None
            state = fast


@pytest.mark.parametrize("options", OPTION_SETS, ids=[str(o) for o in OPTION_SETS])
def test_tricks_read_from_the_history_in_any_order(options: dict[str, object]) -> None:
    """The tricks, the trick under way and the views are the same whether each state is
    asked first, after its parent, or after its children (states keep what they read)."""
    variant = BidEuchreVariant(**options)  # type: ignore[arg-type]
    for seed in range(8):
        rng = random.Random(seed)
        state = variant.new_game(rng=rng)
        states = [state]
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_actions()))
            states.append(state)
        forward = [(s.trick, s.tricks, s.named_suit, s.view(0), hash(s)) for s in states]
        replayed = [pickle.loads(pickle.dumps(s)) for s in states]  # noqa: S301 - our own bytes
        backward = [(s.trick, s.tricks, s.named_suit, s.view(0), hash(s)) for s in replayed[::-1]]
        assert forward == backward[::-1]
        assert all(a == b for a, b in zip(states, replayed, strict=True))
        # A trick's cards, its winner and the running count agree with tricks_won.
        final = states[-1]
        ew = sum(t.winner % 2 for t in final.tricks)
        assert final.tricks_won == (len(final.tricks) - ew, ew)
