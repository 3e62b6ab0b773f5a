"""Slam announcement and poignées (T-17 … T-20), through ``cardrules.tarot``."""

from __future__ import annotations

import random

import pytest

from cardrules import (
    EXCUSE,
    Card,
    CardKind,
    DeclarationError,
    NotYourTurnError,
    Play,
    WrongPhaseError,
)
from cardrules.tarot import (
    AnnounceChelem,
    Contract,
    DeclarePoignee,
    Phase,
    PoigneeLevel,
    TarotState,
    TarotVariant,
)

SIMPLE, DOUBLE, TRIPLE = PoigneeLevel


def cards(text: str) -> list[Card]:
    return [Card.parse(c) for c in text.split()]


def trumps(*numbers: int) -> list[Card]:
    return [Card.trump(n) for n in numbers]


def deal_hands(players: int, fixed: dict[int, list[Card]]) -> tuple[list[list[Card]], list[Card]]:
    """Hands holding ``fixed``; a seat named in ``fixed`` is filled with suit cards only,
    so its trumps are exactly the ones given. The Petit is kept out of a hand with no
    other trump (T-9)."""
    size = {3: 24, 4: 18, 5: 15}[players]
    hands = [list(fixed.get(s, [])) for s in range(players)]
    used = {c for h in hands for c in h}
    pool = [c for c in TarotVariant().deck if c not in used]
    for seat in fixed:
        for card in [c for c in pool if c.kind is CardKind.SUIT][: size - len(hands[seat])]:
            hands[seat].append(card)
            pool.remove(card)
    # Trumps first, so the hand that gets the Petit gets other trumps too.
    pool.sort(key=lambda c: c.kind is CardKind.SUIT)
    for seat in range(players):
        while len(hands[seat]) < size:
            hands[seat].append(pool.pop(0))
    assert len(pool) == (3 if players == 5 else 6)
    return hands, pool


def to_play(
    players: int,
    fixed: dict[int, list[Card]],
    *,
    taker: int = 0,
    contract: Contract = Contract.GARDE_SANS,
    **options: object,
) -> TarotState:
    hands, chien = deal_hands(players, fixed)
    variant = TarotVariant(players=players, **options)  # type: ignore[arg-type]
    state = variant.deal(hands=hands, chien=chien, dealer=players - 1)
    assert not state.is_terminal
    while state.phase is Phase.BIDDING:
        state = state.apply(f"bid {contract}" if state.to_play == taker else "pass")
    if state.phase is Phase.CALL:
        state = state.apply(state.legal_actions()[0])
    while state.phase is Phase.ECART:
        state = state.apply(state.legal_actions()[0])
    if state.phase is Phase.ANNOUNCE:
        state = state.apply("pass")
    return state


def offered(state: TarotState) -> list[PoigneeLevel]:
    return [a.level for a in state.legal_actions() if isinstance(a, DeclarePoignee) and a.level]


def first_play(state: TarotState) -> TarotState:
    return state.apply(next(a for a in state.legal_actions() if isinstance(a, Play)))


# -- T-17 ----------------------------------------------------------------------------------


def test_t17_taker_announces_after_the_ecart_before_the_first_card() -> None:
    hands, chien = deal_hands(4, {})
    state = TarotVariant().deal(hands=hands, chien=chien, dealer=3)
    state = state.apply("pass").apply("bid garde").apply("pass").apply("pass")
    assert state.legal_actions()[0].verb == "discard"
    with pytest.raises(WrongPhaseError):
        state.apply("announce chelem")
    while state.phase is Phase.ECART:
        state = state.apply(state.legal_actions()[0])
    assert state.phase is Phase.ANNOUNCE
    assert state.to_play == 1
    assert state.legal_actions() == (AnnounceChelem(), state.legal_actions()[1])
    with pytest.raises(NotYourTurnError):
        state.apply("announce chelem", seat=0)
    announced = state.apply("announce chelem")
    assert announced.chelem_announced
    assert all(announced.view(s).chelem_announced for s in range(4))
    # T-21: the taker leads trick 1.
    assert announced.phase is Phase.PLAY
    assert announced.to_play == 1
    declined = state.apply("pass")
    assert not declined.chelem_announced
    assert declined.to_play == 0
    with pytest.raises(WrongPhaseError):
        announced.apply("announce chelem")


def test_t17_garde_sans_goes_straight_to_the_announcement() -> None:
    state = to_play(5, {}, contract=Contract.GARDE_CONTRE)
    assert state.phase is Phase.PLAY
    hands, chien = deal_hands(5, {})
    s = TarotVariant(players=5).deal(hands=hands, chien=chien, dealer=4)
    s = s.apply("bid garde-sans").apply("pass").apply("pass").apply("pass").apply("pass")
    assert s.phase is Phase.CALL
    s = s.apply(s.legal_actions()[0])
    assert s.phase is Phase.ANNOUNCE


def test_t17_no_announcement_when_the_option_is_off() -> None:
    hands, chien = deal_hands(4, {})
    state = TarotVariant(chelem_announcement=False).deal(hands=hands, chien=chien, dealer=3)
    state = state.apply("bid garde-sans").apply("pass").apply("pass").apply("pass")
    assert state.phase is Phase.PLAY
    with pytest.raises(WrongPhaseError):
        state.apply("announce chelem")
    rng = random.Random(1)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    assert state.result().facts is not None
    assert not state.result().facts.chelem_announced  # type: ignore[union-attr]


def test_t17_failed_announcement_costs_200() -> None:
    hands, chien = deal_hands(4, {})
    state = TarotVariant().deal(hands=hands, chien=chien, dealer=3)
    state = state.apply("bid garde-sans").apply("pass").apply("pass").apply("pass")
    state = state.apply("announce chelem")
    rng = random.Random(4)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    result = state.result()
    assert result.facts is not None
    assert result.facts.chelem_announced
    if result.facts.chelem is None:
        assert result.chelem_bonus == -200


# -- T-18 ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "count", "levels"),
    [
        (4, 9, []),
        (4, 10, [SIMPLE]),
        (4, 12, [SIMPLE]),
        (4, 13, [SIMPLE, DOUBLE]),
        (4, 15, [SIMPLE, DOUBLE, TRIPLE]),
        (3, 12, []),
        (3, 13, [SIMPLE]),
        (3, 15, [SIMPLE, DOUBLE]),
        (3, 18, [SIMPLE, DOUBLE, TRIPLE]),
        (5, 7, []),
        (5, 8, [SIMPLE]),
        (5, 10, [SIMPLE, DOUBLE]),
        (5, 13, [SIMPLE, DOUBLE, TRIPLE]),
    ],
)
def test_t18_thresholds_by_player_count(
    players: int, count: int, levels: list[PoigneeLevel]
) -> None:
    state = to_play(players, {1: trumps(*range(2, 2 + count))})
    while state.to_play != 1:
        state = first_play(state)
    assert offered(state) == levels


def test_t18_bonuses_reach_the_score() -> None:
    for bonuses in ((20, 30, 40), (20, 40, 60)):
        state = to_play(4, {1: trumps(*range(2, 15))}, poignee_bonuses=bonuses)
        state = first_play(state).apply("declare poignee double")
        rng = random.Random(0)
        while not state.is_terminal:
            state = state.apply(
                rng.choice([a for a in state.legal_actions() if isinstance(a, Play)])
            )
        result = state.result()
        assert result.facts is not None
        assert result.facts.poignees == (DOUBLE,)
        assert abs(result.poignee_bonus) == bonuses[1]


# -- T-19 ----------------------------------------------------------------------------------


def test_t19_a_defender_declares_right_before_their_first_card() -> None:
    state = first_play(to_play(4, {1: trumps(*range(2, 13))}))
    assert state.to_play == 1
    assert offered(state) == [SIMPLE]
    declared = state.apply("declare poignee simple")
    assert declared.to_play == 1
    assert offered(declared) == []
    [poignee] = declared.poignees
    assert (poignee.seat, poignee.level) == (1, SIMPLE)
    # The canonical showing is the lowest trumps, in descending order.
    assert poignee.cards == tuple(trumps(*range(11, 1, -1)))
    for seat in range(4):
        assert declared.view(seat).poignees == declared.poignees
        assert set(poignee.cards) <= declared.view(seat).public_cards
    with pytest.raises(DeclarationError, match="once") as info:
        declared.apply("declare poignee simple")
    assert info.value.rule_id == "T-19"


def test_t19_too_late_after_ones_first_card() -> None:
    state = first_play(to_play(4, {0: trumps(*range(2, 13))}))
    assert state.to_play == 1
    state = first_play(first_play(first_play(state)))
    assert state.to_play is not None
    with pytest.raises(DeclarationError, match="right before"):
        state.apply("declare poignee simple", seat=state.to_play)


def test_t19_taker_declares_and_any_qualifying_level_may_be_chosen() -> None:
    state = to_play(4, {0: trumps(*range(2, 17))})
    assert offered(state) == [SIMPLE, DOUBLE, TRIPLE]
    chosen = state.apply("declare poignee 16T 15T 14T 13T 12T 11T 10T 9T 8T 7T")
    assert chosen.poignees[0].level is SIMPLE
    assert chosen.poignees[0].cards == tuple(trumps(*range(16, 6, -1)))


def test_t19_exactly_the_threshold_is_shown() -> None:
    state = to_play(4, {0: trumps(*range(2, 17))})
    with pytest.raises(DeclarationError, match="exactly 10, 13 or 15") as info:
        state.apply(DeclarePoignee(cards=trumps(*range(2, 13))))
    assert info.value.rule_id == "T-19"
    with pytest.raises(DeclarationError, match="twice"):
        state.apply(DeclarePoignee(cards=trumps(2, 2, 3, 4, 5, 6, 7, 8, 9, 10)))


def test_t19_several_players_may_each_declare() -> None:
    fixed = {0: trumps(*range(2, 12)), 1: trumps(*range(12, 22))}
    state = to_play(4, fixed, contract=Contract.GARDE_CONTRE)
    state = state.apply("declare poignee simple")
    state = first_play(state).apply("declare poignee simple")
    state = first_play(state)
    assert [p.seat for p in state.poignees] == [0, 1]
    rng = random.Random(0)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    assert state.result().facts.poignees == (SIMPLE, SIMPLE)  # type: ignore[union-attr]


# -- T-20 ----------------------------------------------------------------------------------


def test_t20a_only_trumps_and_the_excuse() -> None:
    state = to_play(4, {0: [*trumps(*range(2, 12)), EXCUSE]})
    shown = [*trumps(*range(2, 11)), Card.parse("KS")]
    with pytest.raises(DeclarationError, match="only trumps") as info:
        state.apply(DeclarePoignee(cards=shown))
    assert info.value.rule_id == "T-20"
    with pytest.raises(DeclarationError, match="you hold"):
        state.apply(DeclarePoignee(cards=trumps(*range(12, 22))))


def test_t20b_excuse_completes_a_poignee_only_when_every_trump_is_shown() -> None:
    nine = to_play(4, {0: [*trumps(*range(2, 11)), EXCUSE]})
    assert offered(nine) == [SIMPLE]
    assert nine.canonical_poignee(SIMPLE) == (*trumps(*range(10, 1, -1)), EXCUSE)
    assert nine.apply("declare poignee simple").poignees[0].cards[-1] == EXCUSE
    ten = to_play(4, {0: [*trumps(*range(2, 12)), EXCUSE]})
    assert offered(ten) == [SIMPLE]
    assert EXCUSE not in (ten.canonical_poignee(SIMPLE) or ())
    with pytest.raises(DeclarationError, match="every trump") as info:
        ten.apply(DeclarePoignee(cards=[*trumps(*range(2, 11)), EXCUSE]))
    assert info.value.rule_id == "T-20"
    twelve = to_play(4, {0: [*trumps(*range(2, 14))[:12], EXCUSE]})
    assert offered(twelve) == [SIMPLE, DOUBLE]
    assert EXCUSE in (twelve.canonical_poignee(DOUBLE) or ())
    assert twelve.canonical_poignee(TRIPLE) is None


def forced_trumps_taker(**options: object) -> TarotState:
    """S-19: four kings and 14 trumps after a forced trump in the écart."""
    taker = cards("KS KH KD KC") + trumps(*range(2, 16))
    chien = cards("2S 3S 4S 5S 6S 16T")
    rest = [c for c in TarotVariant().deck if c not in taker and c not in chien]
    others = trumps(1, 17, 18, 19, 20, 21) + [EXCUSE] + [c for c in rest if c.suit]
    hands = [taker, others[0:18], others[18:36], others[36:54]]
    state = TarotVariant(**options).deal(hands=hands, chien=chien, dealer=3)  # type: ignore[arg-type]
    state = state.apply("bid garde").apply("pass").apply("pass").apply("pass")
    state = state.apply("discard 2S 3S 4S 5S 6S 2T").apply("pass")
    assert state.phase is Phase.PLAY
    assert state.to_play == 0
    return state


def test_t20c_forced_ecart_trumps_count_for_the_takers_poignee() -> None:
    state = forced_trumps_taker()
    assert len([c for c in state.hand(0) if c.kind is CardKind.TRUMP]) == 14
    assert offered(state) == [SIMPLE, DOUBLE, TRIPLE]
    assert state.canonical_poignee(TRIPLE) == tuple(trumps(*range(16, 1, -1)))
    triple = state.apply("declare poignee triple")
    assert triple.poignees[0].level is TRIPLE
    rng = random.Random(2)
    while not triple.is_terminal:
        triple = triple.apply(rng.choice(triple.legal_actions()))
    assert triple.result().facts.poignees == (TRIPLE,)  # type: ignore[union-attr]
    assert abs(triple.result().poignee_bonus) == 40


def test_t20c_without_the_option_only_a_double() -> None:
    state = forced_trumps_taker(poignee_counts_forced_discards=False)
    assert offered(state) == [SIMPLE, DOUBLE]
    with pytest.raises(DeclarationError):
        state.apply("declare poignee triple")


def test_t20c_ecart_trumps_only_when_needed() -> None:
    state = forced_trumps_taker()
    # A double needs no écart trump: showing one is refused.
    with pytest.raises(DeclarationError, match="only when needed"):
        state.apply(DeclarePoignee(cards=[*trumps(*range(4, 16)), Card.trump(2)]))
    assert state.apply(DeclarePoignee(cards=trumps(*range(3, 16)))).poignees[0].level is DOUBLE


def test_t20_declaration_in_the_wrong_phase() -> None:
    hands, chien = deal_hands(4, {})
    state = TarotVariant().deal(hands=hands, chien=chien, dealer=3)
    with pytest.raises(WrongPhaseError):
        state.apply("declare poignee simple")
