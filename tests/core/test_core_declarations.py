"""What the built-in games declare for the layers above (``variant.info``), against the
games themselves: the score bounds (T-30 … T-37, E-23 … E-32) are never left and are
reached, the longest deal (T-10 … T-21, E-7 … E-22) is never exceeded and is reached,
the observation's layout is the views' own, who sees which action agrees with the
views (T-15, E-40), the deal's piles give the deal back, and the statistics a
simulation sums up are those of 0.2, figure for figure.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pytest

import cardrules
from cardrules import Action, Card, Pass, State, Variant
from cardrules.bid_euchre import NO_TRUMP, Bid, ContractKind, Give, HandFacts, NameTrump, score_hand
from cardrules.bid_euchre import Discard as JokerDiscard
from cardrules.bid_euchre.bidding import Contract as EuchreContract
from cardrules.bid_euchre.view import OBSERVATION_LAYOUT as EUCHRE_LAYOUT
from cardrules.bots import bot_for
from cardrules.simulation import deal_facts, summarise
from cardrules.tarot import Camp, Contract, DealFacts, DeclarePoignee, PoigneeLevel, score_deal
from cardrules.tarot import Discard as EcartDiscard
from cardrules.tarot.view import OBSERVATION_LAYOUT as TAROT_LAYOUT

if TYPE_CHECKING:
    from tests import tiers
    from tests.ai import option_sets
else:
    import cardrules_option_sets as option_sets  # loaded by tests/conftest.py
    import cardrules_test_tiers as tiers  # loaded by tests/conftest.py

DEALS = tiers.volume(12, 400)


def play_deal(state: State, rng: random.Random, heuristic: Sequence[bool]) -> State:
    bots = [bot_for(state.variant, "heuristic" if h else "random") for h in heuristic]
    while not state.is_terminal:
        seat = state.to_play
        assert seat is not None
        action = bots[seat].choose(state.view(seat), state.legal_actions(), rng)
        state = state.apply(action, seat)
    return state


@pytest.mark.parametrize(("variant_id", "options"), option_sets.OPTION_SETS, ids=option_sets.IDS)
def test_t35_t37_e25_e31_returns_and_lengths_keep_to_the_declaration(
    variant_id: str, options: dict[str, Any]
) -> None:
    variant = cardrules.get_variant(variant_id, **options)
    info = variant.info
    assert info.score_bounds is not None
    assert info.max_game_length is not None
    low, high = info.score_bounds
    rng = random.Random(f"{variant_id}{options}")
    for deal in range(DEALS):
        heuristic = [(deal + seat) % 3 == 0 for seat in range(variant.players)]
        final = play_deal(variant.new_game(rng=rng), rng, heuristic)
        assert all(low <= r <= high for r in final.returns()), final.returns()
        assert len(final.history) <= info.max_game_length
        if info.zero_sum:
            assert sum(final.returns()) == pytest.approx(0)


def test_t35_the_tarot_bounds_are_reached() -> None:
    variant = cardrules.get_variant("tarot")
    low, high = variant.info.score_bounds or (0, 0)
    # An announced slam made in a garde contre, the chien six cards of half a point
    # each (T-16: the defence's), the Petit au bout, a triple poignée.
    best = DealFacts(
        players=4,
        contract=Contract.GARDE_CONTRE,
        taker=0,
        points=88,
        bouts=3,
        petit_au_bout=Camp.ATTACK,
        poignees=(PoigneeLevel.TRIPLE,),
        chelem=Camp.ATTACK,
        chelem_announced=True,
    )
    assert max(score_deal(best).scores) == high == 2886
    # The same, announced, and the defence takes every trick and every point.
    worst = DealFacts(
        players=4,
        contract=Contract.GARDE_CONTRE,
        taker=0,
        points=0,
        bouts=0,
        petit_au_bout=Camp.DEFENCE,
        poignees=(PoigneeLevel.SIMPLE, PoigneeLevel.SIMPLE),
        chelem=Camp.DEFENCE,
        chelem_announced=True,
    )
    assert min(score_deal(worst).scores) == low == -2958


def test_e28_e29_the_bid_euchre_bounds_are_reached() -> None:
    variant = cardrules.get_variant("bid-euchre", lone_set_penalty="contract_value")
    low, high = variant.info.score_bounds or (0, 0)
    options = variant.options
    moon = EuchreContract(6, ContractKind.MOON)
    made = score_hand(HandFacts(contract=moon, declarer=0, tricks=(6, 0)), options)
    assert max(made.returns) == high == 24
    set_ = score_hand(HandFacts(contract=moon, declarer=0, tricks=(5, 1)), options)
    assert min(set_.returns) == low == -24
    assert cardrules.get_variant("bid-euchre").info.score_bounds == (-6.0, 24.0)


def _longest(variant: Variant, state: State, choose: Callable[[State], Action]) -> int:
    while not state.is_terminal:
        state = state.apply(choose(state))
    assert state.variant == variant
    return len(state.history)


def test_t10_t21_the_longest_tarot_deal_is_reached() -> None:
    """Two seats hold ten trumps each: a prise, the écart, the slam declined, both
    poignées (T-18: 10 trumps at 4 players), then every card."""
    deck = cardrules.decks.tarot_deck()
    suits = [c for c in deck if c.kind is cardrules.CardKind.SUIT]
    trumps = [Card.trump(n) for n in range(1, 22)]
    hands = [
        [trumps[20], cardrules.EXCUSE, *suits[:16]],
        trumps[:10] + suits[16:24],
        trumps[10:20] + suits[24:32],
        suits[32:50],
    ]
    variant = cardrules.get_variant("tarot")
    state = variant.deal(hands=hands, chien=suits[50:], dealer=0)

    def choose(state: State) -> Action:
        legal = state.legal_actions()
        poignees = [a for a in legal if isinstance(a, DeclarePoignee)]
        if poignees:
            return poignees[0]
        if state.history == ():
            return variant.parse_action("bid prise")
        return Pass() if Pass() in legal else legal[0]

    assert _longest(variant, state, choose) == variant.info.max_game_length == 85


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"joker": True, "allow_no_trump": True, "ace_no_face": True},
        {"bidding_style": "continuous"},
        {"bidding_style": "continuous", "allow_plain_six": True, "min_bid": 1},
        {"double_deck": True, "help_exchange_count": 3},
    ],
    ids=repr,
)
def test_e7_e22_the_longest_bid_euchre_hand_is_reached(options: dict[str, Any]) -> None:
    """The two seats after the dealer climb the ordinary bids one level at a time while
    the others pass, every claim is declined, no-trump is named and the joker led when
    it can be: the declared longest hand."""
    variant = cardrules.get_variant("bid-euchre", **options)
    most = variant.info.max_game_length

    def choose(state: State) -> Action:
        legal = state.legal_actions()
        if any(isinstance(a, Bid) for a in legal):
            climbers = ((state.dealer + 1) % 4, (state.dealer + 2) % 4)
            ordinary = [
                a for a in legal if isinstance(a, Bid) and a.contract.kind is ContractKind.ORDINARY
            ]
            return ordinary[0] if state.to_play in climbers and ordinary else Pass()
        if Pass() in legal:
            return Pass()  # no Ace No Face claim (E-36)
        named = [a for a in legal if isinstance(a, NameTrump) and a.trump is NO_TRUMP]
        joker = [a for a in legal if getattr(a, "card", None) == cardrules.JOKER]
        if joker and isinstance(joker[0], cardrules.Play):
            return joker[0]
        kept = [a for a in legal if a not in joker]
        return (named or kept or legal)[0]

    longest = max(_longest(variant, variant.new_game(seed=seed), choose) for seed in range(60))
    assert longest == most


def _shapes(layout: Sequence[tuple[str, str]], players: int) -> list[tuple[int, ...]]:
    """Each block's shape from the size its description opens with ("players x 78: ...")."""
    out = []
    for _, description in layout:
        size = description.split(":")[0].replace("players", str(players))
        out.append(tuple(int(part) for part in size.split(" x ")))
    return out


@pytest.mark.parametrize(("variant_id", "options"), option_sets.OPTION_SETS, ids=option_sets.IDS)
def test_the_declared_layout_is_the_views_own(variant_id: str, options: dict[str, Any]) -> None:
    variant = cardrules.get_variant(variant_id, **options)
    layout = variant.info.observation_layout
    described = TAROT_LAYOUT if variant_id == "tarot" else EUCHRE_LAYOUT
    assert [b.name for b in layout] == [name for name, _ in described]
    assert [b.shape for b in layout] == _shapes(described, variant.players)
    assert variant.info.observation_size == variant.observation_size  # type: ignore[attr-defined]
    state = variant.new_game(seed=3)
    acting = state.to_play
    assert acting is not None
    for seat in range(variant.players):
        view = state.view(seat)
        observation = view.observation()
        hand = variant.info.block("hand")
        assert sum(observation[hand.offset : hand.stop]) == len(view.hand)
        to_play = variant.info.block("to_play")
        assert observation[to_play.offset + (acting - seat) % variant.players] == 1.0


def test_t15_e40_who_sees_which_action() -> None:
    tarot = cardrules.get_variant("tarot")
    ecart = EcartDiscard(Card.parse("3C"))
    assert tarot.action_seen_by(ecart, 1, 1) is ecart
    assert tarot.action_seen_by(ecart, 1, 2) is None
    bid = tarot.parse_action("bid garde")
    assert all(tarot.action_seen_by(bid, 1, seat) is bid for seat in range(4))
    euchre = cardrules.get_variant("bid-euchre", joker=True)
    give = Give(Card.parse("9C"))
    assert [euchre.action_seen_by(give, 1, seat) for seat in range(4)] == [None, give, None, give]
    discard = JokerDiscard(cardrules.JOKER)
    assert [euchre.action_seen_by(discard, 0, s) is discard for s in range(4)] == [
        True,
        False,
        False,
        False,
    ]
    # The views agree: a help exchange's cards are in no view of the other team.
    variant = cardrules.get_variant("bid-euchre")
    rng = random.Random(7)
    for _ in range(200):
        state = variant.new_game(rng=rng)
        while not state.is_terminal:
            legal = state.legal_actions()
            helps = [
                a for a in legal if isinstance(a, Bid) and a.contract.kind is ContractKind.HELP
            ]
            state = state.apply(helps[0] if helps else rng.choice(legal))
        gives = [(seat, a) for seat, a in state.history if isinstance(a, Give)]
        if gives:
            seat, action = gives[0]
            assert action.card in state.view(seat).given + state.view(seat).returned
            other = (seat + 1) % 4
            assert variant.action_seen_by(action, seat, other) is None
            assert not state.view(other).given
            return
    pytest.fail("no help bid in 200 hands")


@pytest.mark.parametrize(("variant_id", "options"), option_sets.OPTION_SETS, ids=option_sets.IDS)
def test_the_deals_piles_give_the_deal_back(variant_id: str, options: dict[str, Any]) -> None:
    variant = cardrules.get_variant(variant_id, **options)
    for seed in range(5):
        state = variant.new_game(seed=seed)
        piles = variant.deal_piles(state)
        assert sum(map(len, piles)) == len(variant.deck)
        assert variant.state_from_piles(state.dealer, piles) == state


def test_the_declared_bots_and_parameters() -> None:
    assert type(bot_for(cardrules.get_variant("tarot", players=3))).__name__ == "TarotBot"
    assert type(bot_for("bid-euchre")).__name__ == "BidEuchreBot"
    euchre = cardrules.get_variant("bid-euchre", help_value=20).info.parameters
    assert (euchre["help_value"], euchre["moon_value"]) == (20, -1)
    tarot = cardrules.get_variant("tarot").info.parameters
    assert "single_deal" not in tarot
    assert "multipliers" not in tarot
    assert tarot["players"] == 4


# -- the statistics of a simulation, as 0.2 summed them up -----------------------------------


def _rate(made: int, count: int) -> float | None:
    return made / count if count else None


def _tarot_summary_0_2(facts: Sequence[dict[str, Any]], players: int) -> dict[str, Any]:
    played = [f for f in facts if f["annulled"] is None]
    annulled = Counter(f["annulled"] for f in facts if f["annulled"] is not None)
    contracts = []
    for code in ("prise", "garde", "garde-sans", "garde-contre"):
        taken = [f for f in played if f["contract"] == code]
        made = sum(1 for f in taken if f["made"])
        contracts.append(
            {"contract": code, "count": len(taken), "made": made, "rate": _rate(made, len(taken))}
        )
    made = sum(1 for f in played if f["made"])
    takers = Counter(f["taker"] for f in played)
    return {
        "played": len(played),
        "annulled": {"all_pass": annulled["all_pass"], "petit_sec": annulled["petit_sec"]},
        "contracts": contracts,
        "made": made,
        "rate": _rate(made, len(played)),
        "takers": [takers[seat] for seat in range(players)],
        "slams": {
            "attack": sum(1 for f in played if f["chelem"] == "attack"),
            "defence": sum(1 for f in played if f["chelem"] == "defence"),
            "announced": sum(1 for f in played if f["chelem_announced"]),
        },
        "petit_au_bout": {
            camp: sum(1 for f in played if f["petit_au_bout"] == camp)
            for camp in ("attack", "defence")
        },
        "poignees": {
            level: sum(f["poignees"].count(level) for f in played)
            for level in ("simple", "double", "triple")
        },
    }


def _euchre_summary_0_2(facts: Sequence[dict[str, Any]]) -> dict[str, Any]:
    played = [f for f in facts if f["void"] is None]
    void = Counter(f["void"] for f in facts if f["void"] is not None)
    bids = []
    for _, contract in sorted({(tuple(f["rank"]), f["contract"]) for f in played}):
        declared = [f for f in played if f["contract"] == contract]
        made = sum(1 for f in declared if f["made"])
        bids.append(
            {
                "contract": contract,
                "count": len(declared),
                "made": made,
                "rate": _rate(made, len(declared)),
            }
        )
    made = sum(1 for f in played if f["made"])
    declarers = Counter(f["declarer"] for f in played)

    def lone(kind: str) -> dict[str, Any]:
        bid = [f for f in played if f["kind"] == kind]
        won = sum(1 for f in bid if f["made"])
        return {"bid": len(bid), "made": won, "rate": _rate(won, len(bid))}

    return {
        "played": len(played),
        "thrown_in": {"all_pass": void["all_pass"], "ace_no_face": void["ace_no_face"]},
        "bids": bids,
        "made": made,
        "rate": _rate(made, len(played)),
        "moons": lone("moon"),
        "help": lone("help"),
        "declarers": [declarers[seat] for seat in range(4)],
        "reneges": sum(f["reneges"] for f in played),
    }


@pytest.mark.parametrize(
    ("variant_id", "options"),
    [
        ("tarot", {"players": 3}),
        ("tarot", {"players": 5}),
        ("bid-euchre", {"ace_no_face": True, "renege_mode": "penalize"}),
        ("bid-euchre", {"double_deck": True, "allow_plain_six": True}),
    ],
)
def test_the_statistics_are_those_of_0_2(variant_id: str, options: dict[str, Any]) -> None:
    variant = cardrules.get_variant(variant_id, **options)
    n = variant.players
    rng = random.Random(9)
    facts = [deal_facts(play_deal(variant.new_game(rng=rng), rng, [False] * n)) for _ in range(60)]
    summary = summarise(variant, facts, players=n, bots=["random"] * n)
    if variant_id == "tarot":
        expected = {"deals": 60, **_tarot_summary_0_2(facts, n)}
    else:
        expected = {"hands": 60, **_euchre_summary_0_2(facts)}
        expected["teams"] = [
            {
                "team": name,
                **{k: summary["seats"][seat][k] for k in ("mean", "stdev", "min", "max", "total")},
            }
            for name, seat in (("NS", 0), ("EW", 1))
        ]
    assert list(summary) == [*expected, "seats"]
    assert {k: v for k, v in summary.items() if k != "seats"} == expected
    # A variant's id sums up as the variant does.
    assert summarise(variant_id, facts, players=n, bots=["random"] * n) == summary
