"""Seeded random deals of both variants under many option sets, every invariant checked.

The playouts are those of :func:`cardrules.testing.check_variant` (the one random-playout
harness: it prints the seed and the actions on failure), with each variant's own
invariants of ``TESTING.md`` added here and checked on every state:

* French Tarot: the 78 cards conserved over the hands, the chien, the écart, the trick
  and the piles; hand sizes by player count and phase; at the end of a played deal,
  exactly 24 / 18 / 15 tricks, the camps' points totalling 182 half-points and matching
  the piles (the Excuse's camp and half point recomputed from the tricks, T-24 … T-28),
  and a zero-sum settlement with the ratios of T-37.
* Bid Euchre: the 24 / 25 / 48 cards conserved as a multiset; one card per playing seat
  per trick, never from the partner sitting out; the left bower never following its
  printed suit (E-17); at the end, 6 or 12 tricks and the score recomputed from the
  contract and the tricks (E-24 … E-32).

Every step gets the harness's quick checks; a share of the states (``THOROUGH``) gets
the thorough ones too (every listed action, views, rejections from the whole action
universe with a pickled snapshot, pickle and JSON-record round trips mid-deal), and
every final state is pickled and compared.

Deals per configuration (``tests/tiers.py``): 300 French Tarot deals and 500 Bid Euchre
hands in the default run, 100,000 of each in the deep tier (``CARDRULES_DEEP=1``, scaled
by ``CARDRULES_DEEP_SCALE``; CI plays 1,297 and 1,495). The deep tier runs them on every core
(``concurrent.futures`` over ranges of game numbers; under pytest-xdist, whose workers
already share out the configurations, each in its worker) and prints one summary line per
configuration (``pytest -s``), also appended to ``$TMPDIR/cardrules-random-playouts.txt``.
"""

from __future__ import annotations

import multiprocessing
import os
import tempfile
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

import cardrules
from cardrules import EXCUSE, JOKER, Card, CardKind, Play, Rank, State, Suit
from cardrules.bid_euchre import BidEuchreState, ContractKind, Give
from cardrules.bid_euchre import Discard as EuchreDiscard
from cardrules.bid_euchre import Phase as EuchrePhase
from cardrules.tarot import Camp, Contract, DeclarePoignee, Discard, Phase, TarotState
from cardrules.testing import ConformanceError, ConformanceReport, check_variant

if TYPE_CHECKING:
    from tests import tiers
else:
    import cardrules_test_tiers as tiers  # loaded by tests/conftest.py

pytestmark = pytest.mark.deep

DEEP = tiers.DEEP
# A French Tarot deal is several times as long as a Bid Euchre hand.
DEALS = {"tarot": tiers.volume(300, 100_000), "bid-euchre": tiers.volume(500, 100_000)}
# Spread over a process pool: in the deep tier, outside pytest-xdist's workers.
POOL = DEEP and "PYTEST_XDIST_WORKER" not in os.environ
CHUNK = 2_500
THOROUGH = 0.002
SEED = 20_24

TAROT_CONFIGS: list[dict[str, Any]] = [
    {"players": 3},
    {"players": 4},
    {"players": 5},
    {
        "players": 4,
        "excuse_last_trick": "to_trick_winner",
        "excuse_sweep_exception": "taker_camp_only",
        "excuse_compensation": "card",
        "half_point_rounding": "none",
        "chien_schedule": "random",
        "chien_edge_exclusion": 3,
    },
    {
        "players": 5,
        "dealer": 2,
        "petit_sec_annuls": False,
        "poignee_counts_forced_discards": False,
        "excuse_sweep_exception": "announced_slam_only",
        "half_point_rounding": "floor",
        "announced_slam_then_defence_slam": "single",
    },
]

EUCHRE_CONFIGS: list[dict[str, Any]] = [
    {},
    {"stick_the_dealer": True},
    {"joker": True},
    {"joker": True, "joker_discard_timing": "after_trump", "allow_no_trump": True},
    {"allow_no_trump": True, "allow_plain_six": True},
    {"double_deck": True},
    {"ace_no_face": True},
    {"help_card_rule": "partner_choice", "help_exchange_count": 2},
    {"renege_mode": "penalize", "renege_penalty": 3},
    {"bidding_style": "continuous", "stick_the_dealer": True, "lone_set_penalty": "contract_value"},
]


# -- French Tarot ---------------------------------------------------------------------------

HAND = {3: 24, 4: 18, 5: 15}
CHIEN = {3: 6, 4: 6, 5: 3}
OUDLERS = {EXCUSE, Card.trump(1), Card.trump(21)}
# T-3: the suit cards, lowest first.
SUIT_ORDER = [*range(1, 11), Rank.JACK, Rank.KNIGHT, Rank.QUEEN, Rank.KING]
# T-4, in half points.
FACE_HALVES = {Rank.KING: 9, Rank.QUEEN: 7, Rank.KNIGHT: 5, Rank.JACK: 3}


def tarot_halves(card: Card) -> int:
    """T-4: a card's value in half points."""
    if card in OUDLERS:
        return 9
    if card.kind is CardKind.SUIT:
        return FACE_HALVES.get(Rank(card.rank), 1)
    return 1


def tarot_winner(cards: list[Card]) -> int:
    """T-24: the index of the highest trump, else of the highest card of the suit led."""
    trumps = [(c.rank, i) for i, c in enumerate(cards) if c.kind is CardKind.TRUMP]
    if trumps:
        return max(trumps)[1]
    led = next(c.suit for c in cards if c != EXCUSE)
    return max((SUIT_ORDER.index(c.rank), i) for i, c in enumerate(cards) if c.suit is led)[1]


def tarot_piles(state: TarotState) -> tuple[dict[Camp, set[Card]], int]:
    """T-24 … T-28 from the history: each camp's cards won, and the half points the
    attack receives for the Excuse (negative: pays). The écart or chien is left out."""
    n = state.variant.players
    options = state.variant.options
    plays = [(seat, a.card) for seat, a in state.history if isinstance(a, Play)]
    tricks = [plays[k : k + n] for k in range(0, len(plays), n)]
    piles: dict[Camp, set[Card]] = {Camp.ATTACK: set(), Camp.DEFENCE: set()}
    comp = 0
    won: list[Camp] = []
    for k, trick in enumerate(tricks):
        last = k == len(tricks) - 1
        cards = [c for _, c in trick]
        leader_camp = state.camp_of(trick[0][0])
        sweep = options.excuse_sweep_exception
        excuse_wins = (
            last
            and cards[0] == EXCUSE
            and all(w is leader_camp for w in won)
            and (
                sweep == "any_sweeping_camp"
                or (leader_camp is Camp.ATTACK and sweep == "taker_camp_only")
                or (leader_camp is Camp.ATTACK and state.chelem_announced)
            )
        )
        winner = trick[0][0] if excuse_wins else trick[tarot_winner(cards)][0]
        assert state.trick_winners[k] == winner, (k, cards)
        camp = state.camp_of(winner)
        won.append(camp)
        piles[camp].update(c for c in cards if c != EXCUSE)
        if EXCUSE not in cards:
            continue
        owner = state.camp_of(next(seat for seat, c in trick if c == EXCUSE))
        if excuse_wins:
            piles[camp].add(EXCUSE)
        elif not last:  # T-25: kept by its camp, half a point to the trick's winners.
            piles[owner].add(EXCUSE)
            if owner is not camp:
                comp += 1 if camp is Camp.ATTACK else -1
        elif options.excuse_last_trick == "to_opponents":  # T-26a
            piles[owner.opponent].add(EXCUSE)
        else:
            piles[camp].add(EXCUSE)
    return piles, comp


def check_tarot(state: State) -> None:
    assert isinstance(state, TarotState)
    n = state.variant.players
    hands = [state.hand(s) for s in range(n)]
    cards = [c for hand in hands for c in hand]
    cards += state.chien_aside
    cards += [c for _, c in state.trick]
    if state.taker is not None:
        cards += state.pile(Camp.ATTACK) + state.pile(Camp.DEFENCE)
    # Tarot cards only, so 78 different ones are the whole deck.
    assert len(cards) == len(set(cards)) == 78, "the 78 cards are not all there"
    phase = state.phase
    played = state.is_terminal and state.result().annulled is None
    if phase is Phase.PLAY or played:
        in_trick = {s for s, _ in state.trick}
        expected = [HAND[n] - state.tricks_played - (s in in_trick) for s in range(n)]
    else:
        expected = [HAND[n]] * n
        if phase is Phase.ECART:
            assert state.taker is not None
            expected[state.taker] += CHIEN[n] - len(state.ecart)
    assert [len(hand) for hand in hands] == expected, (phase, expected)
    seat = state.to_play
    if seat is not None and phase is not Phase.PLAY:
        for action in state.legal_actions():
            if isinstance(action, Discard | DeclarePoignee) and action.cards is not None:
                assert set(action.cards) <= set(hands[seat]), action
    if played:
        check_tarot_end(state)


def check_tarot_end(state: TarotState) -> None:
    n = state.variant.players
    options = state.variant.options
    assert state.tricks_played == len(state.trick_winners) == HAND[n]
    piles, comp = tarot_piles(state)
    if state.contract in (Contract.PRISE, Contract.GARDE):
        piles[Camp.ATTACK] |= set(state.ecart)
    elif state.contract is Contract.GARDE_SANS:
        piles[Camp.ATTACK] |= set(state.chien)
    else:
        piles[Camp.DEFENCE] |= set(state.chien)
    attack = state.card_points(Camp.ATTACK)
    defence = state.card_points(Camp.DEFENCE)
    assert attack + defence == 91, "the camps' points do not total 182 half-points"
    assert attack == Fraction(sum(map(tarot_halves, piles[Camp.ATTACK])) + comp, 2)
    engine = set(state.pile(Camp.ATTACK))
    if options.excuse_compensation == "card":
        # T-25, FFT's way: at most one low card changes sides for the Excuse.
        assert all(tarot_halves(c) == 1 for c in engine ^ piles[Camp.ATTACK])
        assert len(engine ^ piles[Camp.ATTACK]) <= 1
    else:
        assert engine == piles[Camp.ATTACK]
    result = state.result()
    assert result.facts is not None
    assert result.facts.points == attack
    assert result.facts.bouts == len(engine & OUDLERS)
    # T-37: zero-sum, with the taker's and the partner's shares.
    unit = result.unit
    scores = result.scores
    assert sum(scores) == 0
    for seat in range(n):
        if seat == state.taker:
            share = 2 if state.partner is not None or n == 3 else n - 1
            assert scores[seat] == share * unit
        elif seat == state.partner:
            assert scores[seat] == unit
        else:
            assert scores[seat] == -unit


# -- Bid Euchre -----------------------------------------------------------------------------

_SAME_COLOUR = {
    Suit.SPADES: Suit.CLUBS,
    Suit.CLUBS: Suit.SPADES,
    Suit.HEARTS: Suit.DIAMONDS,
    Suit.DIAMONDS: Suit.HEARTS,
}
_EUCHRE_DECKS: dict[int, tuple[object, Counter[Card]]] = {}


def euchre_deck(state: BidEuchreState) -> Counter[Card]:
    """The variant's deck as a multiset, counted once per variant."""
    variant = state.variant
    known = _EUCHRE_DECKS.get(id(variant))
    if known is None or known[0] is not variant:
        known = _EUCHRE_DECKS[id(variant)] = (variant, Counter(variant.deck))
    return known[1]


def check_left_bower(state: BidEuchreState, seat: int) -> None:
    """E-17: a lead of the left bower's printed suit neither obliges nor lets the left
    bower follow; a trump lead obliges it."""
    trump = state.trump
    if not isinstance(trump, Suit) or not state.trick:
        return
    left = Card(_SAME_COLOUR[trump], Rank.JACK)
    hand = state.hand(seat)
    if left not in hand:
        return
    led = state.trick[0][1]
    lawful = {a.card for a in state.lawful_actions() if isinstance(a, Play)}
    if led is JOKER or led.suit is trump or led == left:
        assert left in lawful, "the left bower does not follow a trump lead"
    elif led.suit is left.suit:
        printed = [c for c in hand if c.suit is left.suit and c != left]
        if printed:
            assert left not in lawful, "the left bower follows its printed suit"
        else:
            assert lawful == set(hand), "a hand void in the suit led may play anything"


def euchre_delta(state: BidEuchreState) -> tuple[int, int]:
    """E-24 … E-32, from the contract and the tricks."""
    options = state.variant.options
    contract = state.contract
    if contract is None:
        return (0, 0)
    team = state.declarer % 2  # type: ignore[operator]
    won = [0, 0]
    for trick in state.tricks:
        won[trick.winner % 2] += 1
    delta = list(won)
    if contract.kind is ContractKind.ORDINARY:
        if won[team] < contract.tricks:
            delta[team] = -contract.tricks
    else:
        value = options.help_value if contract.kind is ContractKind.HELP else options.moon_value
        if won[team] == options.tricks_per_hand:
            delta[team] = value
        else:
            delta[team] = -options.tricks_per_hand
            if options.lone_set_penalty == "contract_value":
                delta[team] = -value
    for renege in state.reneges:
        delta[renege.seat % 2] -= options.renege_penalty
    return (delta[0], delta[1])


def check_euchre(state: State) -> None:
    assert isinstance(state, BidEuchreState)
    cards = [*state.discard, *state.hand(0), *state.hand(1), *state.hand(2), *state.hand(3)]
    tricks = state.tricks
    for trick in tricks:
        cards += [c for _, c in trick.plays]
    cards += [c for _, c in state.trick]
    assert Counter(cards) == euchre_deck(state), "the cards are not conserved"
    sitting = state.sitting_out
    playing = 3 if sitting is not None else 4
    seats = [s for s, _ in state.trick]
    assert len(seats) == len(set(seats)) < playing
    assert sitting not in seats
    seat = state.to_play
    if seat is not None:
        phase = state.phase
        if phase is EuchrePhase.PLAY:
            assert seat != sitting
            check_left_bower(state, seat)
        elif phase is EuchrePhase.EXCHANGE or phase is EuchrePhase.DISCARD:
            hand = Counter(state.hand(seat))
            for action in state.legal_actions():
                if isinstance(action, Give | EuchreDiscard):
                    assert hand[action.card], action
        return
    if state.contract is None:
        assert tricks == ()
    else:
        assert len(tricks) == state.variant.options.tricks_per_hand
        for trick in tricks:
            played = [s for s, _ in trick.plays]
            assert len(played) == len(set(played)) == playing
            assert sitting not in played
            assert trick.winner in played
    assert state.result().delta == euchre_delta(state)


# -- the runs -------------------------------------------------------------------------------

CONFIGS = [("tarot", c) for c in TAROT_CONFIGS] + [("bid-euchre", c) for c in EUCHRE_CONFIGS]
INVARIANTS = {"tarot": check_tarot, "bid-euchre": check_euchre}


def _name(variant_id: str, options: dict[str, Any]) -> str:
    words = ",".join(f"{k}={v}" for k, v in options.items()) or "defaults"
    return f"{variant_id}[{words}]"


def _run(variant_id: str, options: dict[str, Any], first: int, games: int) -> ConformanceReport:
    variant = cardrules.get_variant(variant_id, **options)
    try:
        return check_variant(
            variant,
            games=games,
            seed=SEED,
            first_game=first,
            invariants=INVARIANTS[variant_id],
            thorough=THOROUGH,
            illegal_samples=1,
            max_steps=1_000,
        )
    except ConformanceError as exc:
        # Raised in a worker process: sent back as text, with the seed and the actions.
        raise AssertionError(str(exc)) from None


def _total(reports: list[ConformanceReport]) -> ConformanceReport:
    return ConformanceReport(
        variant=reports[0].variant,
        games=sum(r.games for r in reports),
        steps=sum(r.steps for r in reports),
        illegal_tried=sum(r.illegal_tried for r in reports),
        round_trips=sum(r.round_trips for r in reports),
        checks=sum(r.checks for r in reports),
    )


@pytest.mark.parametrize(("variant_id", "options"), CONFIGS, ids=[_name(*c) for c in CONFIGS])
def test_random_deals_keep_every_invariant(variant_id: str, options: dict[str, Any]) -> None:
    start = time.perf_counter()
    deals = DEALS[variant_id]
    if POOL:
        fork = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(max_workers=os.cpu_count(), mp_context=fork) as pool:
            futures = [
                pool.submit(_run, variant_id, options, first, min(CHUNK, deals - first))
                for first in range(0, deals, CHUNK)
            ]
            try:
                report = _total([f.result() for f in futures])
            except BaseException:
                pool.shutdown(cancel_futures=True)  # the first failure is enough
                raise
    else:
        report = _run(variant_id, options, 0, deals)
    assert report.games == deals
    assert report.failures == 0
    line = (
        f"{_name(variant_id, options)}: deals {report.games}, steps {report.steps}, "
        f"invariant checks {report.checks}, illegal actions tried {report.illegal_tried}, "
        f"round trips {report.round_trips}, failures {report.failures}, "
        f"{time.perf_counter() - start:.0f} s"
    )
    print(line)
    if DEEP:
        with (Path(tempfile.gettempdir()) / "cardrules-random-playouts.txt").open("a") as out:
            out.write(line + "\n")
