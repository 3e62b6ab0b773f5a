"""Trick play (T-21 … T-28): the spec's cases TP, TW and K, through the public API.

Deals are built with ``variant.deal(hands=..., chien=..., dealer=...)``: the cards a
case names, plus filler cards that cannot change the case (another suit, no trump).
Seats A, B, C, D are 0, 1, 2, 3; A is the taker and leads trick 1 (dealer D).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from fractions import Fraction

import pytest

from cardrules import (
    EXCUSE,
    Card,
    CardKind,
    LeadRestrictionError,
    MustFollowSuitError,
    MustOvertrumpError,
    MustTrumpError,
    Pass,
    Play,
    Suit,
)
from cardrules.tarot import (
    Camp,
    Contract,
    Phase,
    TarotOptions,
    TarotState,
    TarotVariant,
    legal_cards,
    random_playout,
    resolve_trick,
    trick_winner,
)
from cardrules.tarot.cards import bout_count, half_points_of

SEAT = {"A": 0, "B": 1, "C": 2, "D": 3, "E": 4}


def cards(text: str) -> list[Card]:
    return [Card.parse(c) for c in text.split()]


def codes(cs: Iterable[Card]) -> set[str]:
    return {str(c) for c in cs}


def category(card: Card) -> str:
    if card == EXCUSE:
        return "EX"
    if card.kind is CardKind.TRUMP:
        return "T"
    assert card.suit is not None
    return card.suit.value


def build_deal(
    players: int, fixed: dict[int, list[Card]], avoid: dict[int, str]
) -> tuple[list[list[Card]], list[Card]]:
    """Hands holding ``fixed`` cards, filled with cards whose category (a suit letter,
    ``T`` or ``EX``) the seat does not ``avoid``; the chien takes what is left. The
    Petit goes to the chien unless a case names it, so no hand is Petit sec."""
    size = {3: 24, 4: 18, 5: 15}[players]
    hands = [list(fixed.get(s, [])) for s in range(players)]
    used = {c for h in hands for c in h}
    pool = [c for c in TarotVariant().deck if c not in used]
    chien: list[Card] = []
    petit = Card.trump(1)
    if petit in pool:
        pool.remove(petit)
        chien.append(petit)
    # A seat shown holding the Petit also gets another trump: no Petit sec (T-9).
    for hand in hands:
        if petit in hand and not any(c.kind is CardKind.TRUMP and c != petit for c in hand):
            spare = next(c for c in reversed(pool) if c.kind is CardKind.TRUMP)
            hand.append(spare)
            pool.remove(spare)
    # The most constrained seats choose first.
    order = sorted(range(players), key=lambda s: -len(avoid.get(s, "").split()))
    for seat in order:
        banned = set(avoid.get(seat, "").split())
        for card in list(pool):
            if len(hands[seat]) == size:
                break
            if category(card) not in banned:
                hands[seat].append(card)
                pool.remove(card)
    chien += pool
    assert all(len(h) == size for h in hands)
    return hands, chien


def start_play(
    hands: list[list[Card]],
    chien: list[Card],
    *,
    contract: Contract = Contract.GARDE_SANS,
    taker: int = 0,
    dealer: int | None = None,
    chelem: bool = False,
    **options: object,
) -> TarotState:
    """Deal, let ``taker`` bid ``contract`` and the others pass, and reach the play."""
    variant = TarotVariant(players=len(hands), **options)  # type: ignore[arg-type]
    n = len(hands)
    state = variant.deal(hands=hands, chien=chien, dealer=(n - 1) if dealer is None else dealer)
    assert not state.is_terminal
    while state.phase is Phase.BIDDING:
        state = state.apply(f"bid {contract}" if state.to_play == taker else "pass")
    if state.phase is Phase.CALL:
        state = state.apply(state.legal_actions()[0])
    while state.phase is Phase.ECART:
        state = state.apply(state.legal_actions()[0])
    if state.phase is Phase.ANNOUNCE:
        state = state.apply("announce chelem" if chelem else "pass")
    assert state.phase is Phase.PLAY
    return state


def play(state: TarotState, *plays: str) -> TarotState:
    for code in plays:
        state = state.apply(f"play {code}")
    return state


def legal_plays(state: TarotState) -> set[str]:
    return {str(a.card) for a in state.legal_actions() if isinstance(a, Play)}


# -- TP: legal cards --------------------------------------------------------------------

# (case, trick so far, player, hand, legal, what the player's filler avoids, earlier
# players' avoids, legal is the whole hand)
TP_CASES = [
    ("TP-1", "A:7H", "B", "KH 2H 5T EX 3C", "KH 2H EX", "H", {}, False),
    ("TP-2", "A:7H", "B", "5T 12T 3C EX", "5T 12T EX", "H T", {}, False),
    ("TP-3", "A:7H B:10T", "C", "5T 12T 3C", "12T", "H T EX", {"B": "H"}, False),
    ("TP-5", "A:7H B:10T", "C", "3T 14T KC", "14T", "H T EX", {"B": "H"}, False),
    ("TP-6", "A:8T", "B", "4T 9T 20T KS", "9T 20T", "T EX", {}, False),
    ("TP-7", "A:8T B:21T", "C", "4T 6T KS EX", "4T 6T EX", "T", {}, False),
    ("TP-8", "A:7H", "B", "KS 3C 2D", "KS 3C 2D", "H T EX", {}, True),
    ("TP-9", "A:7H B:3T", "C", "2H KH 20T", "2H KH", "H EX", {"B": "H"}, False),
    ("TP-10", "A:EX", "B", "KS 3T 5H", "KS 3T 5H", "", {}, True),
    ("TP-11", "A:EX B:5H", "C", "2H 7T", "2H", "H EX", {}, False),
    ("TP-14", "A:7H", "B", "2H EX", "2H EX", "H", {}, False),
    ("TP-15", "A:8T", "B", "9T EX 3S", "9T EX", "T", {}, False),
]


@pytest.mark.parametrize(
    ("case", "trick", "player", "hand", "legal", "avoid", "earlier", "anything"),
    TP_CASES,
    ids=[c[0] for c in TP_CASES],
)
def test_t22_trick_play_cases_through_the_engine(
    case: str,
    trick: str,
    player: str,
    hand: str,
    legal: str,
    avoid: str,
    earlier: dict[str, str],
    anything: bool,
) -> None:
    plays = [(SEAT[p.split(":")[0]], p.split(":")[1]) for p in trick.split()]
    fixed: dict[int, list[Card]] = {SEAT[player]: cards(hand)}
    for seat, code in plays:
        fixed.setdefault(seat, []).append(Card.parse(code))
    avoids = {SEAT[player]: avoid, **{SEAT[p]: a for p, a in earlier.items()}}
    hands, chien = build_deal(4, fixed, avoids)
    state = play(start_play(hands, chien), *(code for _, code in plays))
    assert state.to_play == SEAT[player]
    expected = codes(state.hand(SEAT[player])) if anything else set(legal.split())
    assert legal_plays(state) == expected, case


@pytest.mark.parametrize(
    ("case", "trick", "player", "hand", "legal", "avoid", "earlier", "anything"),
    TP_CASES,
    ids=[c[0] for c in TP_CASES],
)
def test_t22_trick_play_cases_through_legal_cards(
    case: str,
    trick: str,
    player: str,
    hand: str,
    legal: str,
    avoid: str,
    earlier: dict[str, str],
    anything: bool,
) -> None:
    played = [Card.parse(p.split(":")[1]) for p in trick.split()]
    assert codes(legal_cards(cards(hand), played)) == set(legal.split()), case


def test_t22_errors_name_the_rule_broken() -> None:
    hands, chien = build_deal(
        4,
        {0: cards("7H 8T"), 1: cards("2H 5T 3C"), 2: cards("4T 9T")},
        {
            1: "H T EX",
            2: "H T EX",
        },
    )
    state = play(start_play(hands, chien), "7H")
    with pytest.raises(MustFollowSuitError) as follow:
        state.apply("play 5T")
    assert follow.value.rule_id == "T-22"
    state = play(state, "2H")
    with pytest.raises(MustTrumpError) as trump:
        state.apply("play " + next(str(c) for c in state.hand(2) if c.suit is not None))
    assert trump.value.rule_id == "T-22"
    state = play(state, "4T")
    assert state.trick_winners == ()
    assert state.to_play == 3


def test_t22_must_overtrump_even_over_a_partner() -> None:
    # TP-5: A (taker) 7H, B (defender) 10T; C (defender, no heart) must play 14T.
    hands, chien = build_deal(
        4,
        {0: cards("7H"), 1: cards("10T"), 2: cards("3T 14T KC")},
        {
            1: "H",
            2: "H T EX",
        },
    )
    state = play(start_play(hands, chien), "7H", "10T")
    with pytest.raises(MustOvertrumpError) as info:
        state.apply("play 3T")
    assert info.value.rule_id == "T-22"
    assert "10T" in str(info.value)
    assert state.camp_of(1) is state.camp_of(2) is Camp.DEFENCE
    assert legal_plays(state) == {"14T"}


def test_t22_undertrump_when_unable_to_overtrump() -> None:
    hands, chien = build_deal(
        4,
        {0: cards("7H"), 1: cards("21T"), 2: cards("3T 14T KC")},
        {
            1: "H",
            2: "H T EX",
        },
    )
    state = play(start_play(hands, chien), "7H", "21T")
    assert legal_plays(state) == {"3T", "14T"}


def test_t22_trumps_led_without_trumps_any_card() -> None:
    hands, chien = build_deal(4, {0: cards("8T"), 1: cards("KS 2H 3D")}, {1: "T EX"})
    state = play(start_play(hands, chien), "8T")
    assert legal_plays(state) == codes(state.hand(1))
    with pytest.raises(MustFollowSuitError):
        play(start_play(*build_deal(4, {0: cards("8T"), 1: cards("9T KS")}, {1: "T"})), "8T").apply(
            "play KS"
        )


def test_t22_leading_any_card() -> None:
    hands, chien = build_deal(4, {}, {})
    state = start_play(hands, chien)
    assert legal_plays(state) == codes(state.hand(0))


# -- T-21: the opening lead ------------------------------------------------------------


def test_t21_next_of_dealer_leads_trick_one() -> None:
    hands, chien = build_deal(4, {}, {})
    for dealer in range(4):
        state = start_play(hands, chien, taker=2, dealer=dealer)
        assert state.to_play == (dealer + 1) % 4


def test_t21_taker_leads_after_a_slam_announcement() -> None:
    hands, chien = build_deal(4, {}, {})
    state = start_play(hands, chien, taker=2, dealer=0, chelem=True)
    assert state.chelem_announced
    assert state.to_play == 2


def test_t21_winner_leads_the_next_trick() -> None:
    hands, chien = build_deal(
        4,
        {0: cards("7H"), 1: cards("QH"), 2: cards("1T"), 3: cards("KH")},
        {
            2: "H",
        },
    )
    state = play(start_play(hands, chien), "7H", "QH", "1T", "KH")
    assert state.to_play == 2
    assert state.trick_winners == (2,)


# -- T-23: the Excuse led ----------------------------------------------------------------


def test_t23_card_after_a_led_excuse_sets_the_suit() -> None:
    hands, chien = build_deal(
        4,
        {0: cards("EX"), 1: cards("5H"), 2: cards("2H 7T")},
        {
            2: "H EX",
        },
    )
    state = play(start_play(hands, chien), "EX", "5H")
    assert legal_plays(state) == {"2H"}


def test_t23_trump_after_a_led_excuse_means_trumps_led() -> None:
    hands, chien = build_deal(
        4,
        {0: cards("EX"), 1: cards("5T"), 2: cards("2H 3T 9T")},
        {
            2: "T",
        },
    )
    state = play(start_play(hands, chien), "EX", "5T")
    assert legal_plays(state) == {"9T"}


# -- T-24: trick winners -----------------------------------------------------------------

TW_ENGINE = [
    ("TW-1", "7H QH 1T KH", {2: "H"}, 2),
    ("TW-2", "EX 9C KC 2C", {}, 2),
    ("TW-4", "EX 5H 2C 3S", {2: "H T", 3: "H T"}, 1),
]


@pytest.mark.parametrize(
    ("case", "trick", "avoid", "winner"), TW_ENGINE, ids=[c[0] for c in TW_ENGINE]
)
def test_t24_trick_winner_cases_through_the_engine(
    case: str, trick: str, avoid: dict[int, str], winner: int
) -> None:
    played = cards(trick)
    hands, chien = build_deal(4, {s: [c] for s, c in enumerate(played)}, avoid)
    state = play(start_play(hands, chien), *trick.split())
    assert state.trick_winners == (winner,), case
    assert state.to_play == winner
    assert trick_winner(played) == winner


def test_t24_highest_card_of_the_suit_led_wins_without_trumps() -> None:
    assert trick_winner(cards("7H QH 2C KH")) == 3
    assert trick_winner(cards("7H QH KC 8H")) == 1
    assert trick_winner(cards("2T 21T 1T KH")) == 1


def test_t24_tw2_excuse_goes_back_to_the_taker_with_half_a_point() -> None:
    # TW-2 / K-1: A (taker) EX, B 9C, C KC, D 2C: C wins, the EX stays with A's camp and
    # the defence gets the three clubs plus half a point.
    hands, chien = build_deal(
        4, {0: cards("EX"), 1: cards("9C"), 2: cards("KC"), 3: cards("2C")}, {}
    )
    state = start_play(hands, chien)
    before_attack = state.card_points(Camp.ATTACK)
    before_defence = state.card_points(Camp.DEFENCE)
    state = play(state, "EX", "9C", "KC", "2C")
    assert EXCUSE in state.pile(Camp.ATTACK)
    assert codes(cards("9C KC 2C")) <= codes(state.pile(Camp.DEFENCE))
    assert state.card_points(Camp.ATTACK) - before_attack == Fraction(9, 2) - Fraction(1, 2)
    assert state.card_points(Camp.DEFENCE) - before_defence == Fraction(11, 2) + Fraction(1, 2)


# -- T-25 … T-27: the Excuse and the last trick ----------------------------------------


def test_t25_k2_defence_excuse_in_a_trick_won_by_the_taker() -> None:
    # K-2: A leads T15, B plays EX, C 3D, D 4D (no trumps): A wins; the EX stays with the
    # defence, which pays A half a point.
    hands, chien = build_deal(
        4, {0: cards("15T"), 1: cards("EX"), 2: cards("3D"), 3: cards("4D")}, {2: "T", 3: "T"}
    )
    state = start_play(hands, chien)
    before = state.card_points(Camp.ATTACK)
    state = play(state, "15T", "EX", "3D", "4D")
    assert state.trick_winners == (0,)
    assert EXCUSE in state.pile(Camp.DEFENCE)
    assert state.card_points(Camp.ATTACK) - before == Fraction(3, 2) + Fraction(1, 2)


def test_t25_no_transfer_inside_a_camp() -> None:
    # B (defender) plays EX; C (defender) wins: nothing moves between camps.
    hands, chien = build_deal(
        4, {0: cards("7H"), 1: cards("EX"), 2: cards("KH"), 3: cards("2H")}, {}
    )
    state = start_play(hands, chien)
    before = state.card_points(Camp.ATTACK)
    state = play(state, "7H", "EX", "KH", "2H")
    assert state.card_points(Camp.ATTACK) == before
    assert EXCUSE in state.pile(Camp.DEFENCE)


def test_t25_card_compensation_moves_a_low_card_but_not_the_score() -> None:
    hands, chien = build_deal(
        4, {0: cards("EX"), 1: cards("9C"), 2: cards("KC"), 3: cards("2C")}, {}
    )
    results = []
    for way in ("half_point", "card"):
        state = play(start_play(hands, chien, excuse_compensation=way), "EX", "9C", "KC", "2C")
        rng = random.Random(3)
        while not state.is_terminal:
            state = state.apply(
                rng.choice([a for a in state.legal_actions() if isinstance(a, Play)])
            )
        results.append(state)
    half, card = results
    assert half.result().scores == card.result().scores
    assert half.card_points(Camp.ATTACK) == card.card_points(Camp.ATTACK)
    # FFT's way: a low card went from the attack's pile to the defence's.
    moved = set(card.pile(Camp.DEFENCE)) - set(half.pile(Camp.DEFENCE))
    assert len(moved) == 1
    assert set(card.pile(Camp.ATTACK)) == set(half.pile(Camp.ATTACK)) - moved


# (case, trick, leader, leader's camp won every earlier trick, options,
#  (winner, attack's cards, defence's cards, compensation))
LAST_TRICK = [
    # TW-5: last trick, A (taker) 3S, B EX, C 5S, D KS: D wins; the EX goes to the taker.
    ("TW-5", "3S EX 5S KS", 0, False, {}, (3, "EX", "3S 5S KS", 0)),
    # TW-6: A (taker, swept) leads EX, B 4D, C KD, D 2T: A wins (T-26b), keeps the EX.
    ("TW-6", "EX 4D KD 2T", 0, True, {}, (0, "EX 4D KD 2T", "", 0)),
    # TW-8: A (taker) T1, B 3D, C T4, D 5H: C wins, with the Petit.
    ("TW-8", "1T 3D 4T 5H", 0, False, {}, (2, "", "1T 3D 4T 5H", 0)),
    # TW-9: A 7S, B T1, C 2S, D 4S: B wins.
    ("TW-9", "7S 1T 2S 4S", 0, False, {}, (1, "", "7S 1T 2S 4S", 0)),
    # K-3: B plays EX to the last trick, C wins: EX to the taker, no compensation.
    ("K-3", "7H EX KH 2H", 0, False, {}, (2, "EX", "7H KH 2H", 0)),
    # K-4: A plays EX to the last trick, B wins: EX to the defence.
    ("K-4", "5H 2H 3H EX", 1, False, {}, (1, "", "5H 2H 3H EX", 0)),
    # T-26a, alternative: the Excuse goes to the trick's winner.
    (
        "TW-5/winner",
        "3S EX 5S KS",
        0,
        False,
        {"excuse_last_trick": "to_trick_winner"},
        (3, "", "3S EX 5S KS", 0),
    ),
    # T-26b needs a lead: EX played second by a swept camp follows T-26a.
    ("T-26b/second", "2S EX 5S KS", 3, True, {}, (2, "", "2S EX 5S KS", 0)),
    # T-26b for a sweeping defence (any_sweeping_camp).
    ("T-26b/defence", "EX 4D KD 2T", 1, True, {}, (1, "", "EX 4D KD 2T", 0)),
    (
        "T-26b/taker-only",
        "EX 4D KD 2T",
        1,
        True,
        {"excuse_sweep_exception": "taker_camp_only"},
        (0, "EX 4D KD 2T", "", 0),
    ),
    (
        "T-26b/announced-only",
        "EX 4D KD 2T",
        0,
        True,
        {"excuse_sweep_exception": "announced_slam_only"},
        (3, "", "EX 4D KD 2T", 0),
    ),
]


@pytest.mark.parametrize(
    ("case", "trick", "leader", "swept", "options", "expected"),
    LAST_TRICK,
    ids=[c[0] for c in LAST_TRICK],
)
def test_t26_last_trick_cases(
    case: str,
    trick: str,
    leader: int,
    swept: bool,
    options: dict[str, str],
    expected: tuple[int, str, str, int],
) -> None:
    winner, attack, defence, comp = expected
    out = resolve_trick(
        cards(trick),
        leader=leader,
        players=4,
        attack=[0],
        last=True,
        camp_swept=swept,
        options=TarotOptions(**options),  # type: ignore[arg-type]
    )
    assert out.winner == winner, case
    assert codes(out.attack_cards) == set(attack.split()), case
    assert codes(out.defence_cards) == set(defence.split()), case
    assert out.compensation_half_points == comp
    assert out.excuse_wins == (winner != (leader + trick_winner(cards(trick))) % 4)


def test_t26b_excuse_wins_only_for_the_announced_slam_when_so_configured() -> None:
    out = resolve_trick(
        cards("EX 4D KD 2T"),
        leader=0,
        players=4,
        attack=[0],
        last=True,
        camp_swept=True,
        chelem_announced=True,
        options=TarotOptions(excuse_sweep_exception="announced_slam_only"),
    )
    assert out.excuse_wins
    assert out.winner == 0
    assert out.winner_camp is Camp.ATTACK


def test_t25_before_the_last_trick_resolve_trick_pays_half_a_point() -> None:
    out = resolve_trick(cards("EX 9C KC 2C"), leader=0, players=4, attack=[0])
    assert out.winner == 2
    assert codes(out.attack_cards) == {"EX"}
    assert codes(out.defence_cards) == {"9C", "KC", "2C"}
    assert out.compensation_half_points == -1
    five = resolve_trick(cards("EX 9C KC 2C 3C"), leader=1, players=5, attack=[1, 3])
    assert five.winner == 3
    assert five.winner_camp is Camp.ATTACK
    assert five.compensation_half_points == 0
    with pytest.raises(ValueError, match="has 4 cards"):
        resolve_trick(cards("EX 9C KC"), leader=0, players=4, attack=[0])


# -- A scripted slam (T-17, T-21, T-26b, T-27, T-32) -------------------------------------


def slam_deal() -> tuple[list[list[Card]], list[Card]]:
    """A holds K, Q, N of every suit, T17 … T21 and the Excuse; the defenders follow
    every suit lead; B keeps the Petit for trick 17, the penultimate trick."""
    a = [Card(s, r) for s in Suit for r in (14, 13, 12)] + cards("17T 18T 19T 20T 21T EX")
    low = {s: [Card(s, r) for r in range(11, 2, -1)] for s in Suit}  # J … 3
    b = [c for s in Suit for c in low[s][0:3]] + cards("1T 13T 14T 15T 16T AS")
    c = [c for s in Suit for c in low[s][3:6]] + cards("2T 3T 4T 5T 6T 7T")
    d = [c for s in Suit for c in low[s][6:9]] + cards("8T 9T 10T 11T 12T AH")
    chien = cards("2S 2H AD 2D AC 2C")
    return [a, b, c, d], chien


A_SCRIPT = [
    *(str(Card(s, r)) for s in Suit for r in (14, 13, 12)),
    "21T",
    "20T",
    "19T",
    "18T",
    "17T",
    "EX",
]


def play_slam(state: TarotState, stop: int = 18) -> TarotState:
    """Play on with A's script and the others' highest legal cards, until ``stop``
    tricks are done."""
    script = iter(A_SCRIPT[18 - len(state.hand(0)) :])  # A leads every trick
    while not state.is_terminal and len(state.trick_winners) < stop:
        if state.to_play == 0:
            state = state.apply(f"play {next(script)}")
        else:
            plays = [a for a in state.legal_actions() if isinstance(a, Play)]
            state = state.apply(max(plays, key=lambda a: a.card.index))
    return state


def test_t27_announced_slam_achieved_with_the_excuse_led_last() -> None:
    hands, chien = slam_deal()
    state = play_slam(start_play(hands, chien, dealer=0, chelem=True))
    result = state.result()
    assert result.facts is not None
    assert result.facts.chelem is Camp.ATTACK
    assert result.facts.chelem_announced
    assert result.facts.points == 91
    assert result.facts.bouts == 3
    # T-32: the last trick was won by leading the Excuse (T-26b): the penultimate trick,
    # which held the Petit, counts.
    assert result.facts.petit_au_bout is Camp.ATTACK
    assert state.trick_winners == (0,) * 18
    # S-15-like: Garde sans, 91 points, 3 bouts, +400, plus petit au bout 40.
    assert result.unit == (25 + 55) * 4 + 400 + 40
    assert result.scores == (3 * result.unit, -result.unit, -result.unit, -result.unit)


def test_t26b_without_the_exception_the_excuse_led_last_goes_over() -> None:
    hands, chien = slam_deal()
    state = start_play(hands, chien, excuse_sweep_exception="announced_slam_only")
    state = play_slam(state)
    result = state.result()
    assert result.facts is not None
    # C wins the last trick with the 2 of trumps; no slam; the Excuse changes camp.
    assert state.trick_winners[-1] == 2
    assert result.facts.chelem is None
    assert EXCUSE in state.pile(Camp.DEFENCE)
    assert result.facts.bouts == 2
    assert result.facts.petit_au_bout is None


def defence_sweep(option: str) -> tuple[TarotState, TarotState]:
    """The scripted slam with B (seat 1) as the taker: A, a defender, wins the first 17
    tricks and leads the Excuse to the last; B's Petit falls in trick 17. Returns the
    state before the last trick, every seat holding one card, and the final state."""
    hands, chien = slam_deal()
    state = play_slam(
        start_play(hands, chien, taker=1, dealer=3, excuse_sweep_exception=option), stop=17
    )
    assert state.trick_winners == (0,) * 17
    assert state.taker == 1
    assert [len(state.hand(seat)) for seat in range(4)] == [1, 1, 1, 1]
    return state, play_slam(state)


def test_t26b_a_sweeping_defence_wins_the_last_trick_with_the_excuse() -> None:
    before_last, state = defence_sweep("any_sweeping_camp")
    result = state.result()
    facts = result.facts
    assert facts is not None
    # The defender who led the Excuse wins the last trick, and it stays with the defence.
    assert state.trick_winners == (0,) * 18
    assert EXCUSE in state.pile(Camp.DEFENCE)
    assert codes(state.pile(Camp.ATTACK)) == codes(state.chien)  # Garde sans: the chien
    assert facts.points == 3
    assert facts.bouts == 0
    # T-27: the defence's slam; T-32: the last trick was won under T-26b, so the
    # penultimate trick, won by the defence with B's Petit in it, gives petit au bout.
    assert facts.chelem is Camp.DEFENCE
    assert not facts.chelem_announced
    assert facts.petit_au_bout is Camp.DEFENCE
    # Garde sans (x4), failed by 56 - 3 = 53; petit au bout 10 x 4 against the attack;
    # the defence's slam, +200 per defender (T-34).
    unit = (25 + 53) * 4 + 10 * 4 + 200
    assert result.chelem_bonus == -200
    assert result.scores == (unit, -3 * unit, unit, unit)
    # The bulk playout finishes the deal the same way (every play is forced).
    assert random_playout(before_last, random.Random(0)) == result
    assert state.variant.random_playout(before_last, random.Random(1)) == result


@pytest.mark.parametrize("option", ["taker_camp_only", "announced_slam_only"])
def test_t26b_the_defences_excuse_led_last_goes_over_when_only_the_taker_may_sweep(
    option: str,
) -> None:
    before_last, state = defence_sweep(option)
    result = state.result()
    facts = result.facts
    assert facts is not None
    # T-26a: C wins the last trick with the 2 of trumps; the Excuse changes camp.
    assert state.trick_winners == (0,) * 17 + (2,)
    assert EXCUSE in state.pile(Camp.ATTACK)
    assert facts.points == 3 + Fraction(9, 2)
    assert facts.bouts == 1
    # The defence still won every trick (T-27); the last trick holds no Petit (T-32).
    assert facts.chelem is Camp.DEFENCE
    assert facts.petit_au_bout is None
    # Garde sans (x4), failed by 51 - 7.5 = 43.5, rounded to 44 for the defence (T-30).
    unit = (25 + 44) * 4 + 200
    assert result.scores == (unit, -3 * unit, unit, unit)
    assert random_playout(before_last, random.Random(0)) == result
    assert state.variant.random_playout(before_last, random.Random(1)) == result


def test_t26b_the_attacks_sweep_agrees_with_the_bulk_playout() -> None:
    hands, chien = slam_deal()
    before_last = play_slam(start_play(hands, chien), stop=17)
    result = play_slam(before_last).result()
    assert result.facts is not None
    assert result.facts.chelem is Camp.ATTACK
    assert result.facts.petit_au_bout is Camp.ATTACK
    assert random_playout(before_last, random.Random(0)) == result


def test_t27_unannounced_slam_with_the_any_sweeping_camp_default() -> None:
    hands, chien = slam_deal()
    result = play_slam(start_play(hands, chien)).result()
    assert result.facts is not None
    assert result.facts.chelem is Camp.ATTACK
    assert not result.facts.chelem_announced
    assert result.chelem_bonus == 200


# -- T-28 and K-5/K-6: the chien and the écart in the piles ----------------------------


def test_t28_k5_garde_sans_chien_counts_for_the_taker() -> None:
    hands, chien = rebuild_with_chien(cards("21T KS 2H 3H 4H 5H"))
    state = start_play(hands, chien, contract=Contract.GARDE_SANS)
    assert codes(state.pile(Camp.ATTACK)) == codes(chien)
    assert state.card_points(Camp.ATTACK) == 11
    assert state.card_points(Camp.DEFENCE) == 0


def test_t28_k6_garde_contre_chien_counts_for_the_defence() -> None:
    hands, chien = rebuild_with_chien(cards("21T KS 2H 3H 4H 5H"))
    state = start_play(hands, chien, contract=Contract.GARDE_CONTRE)
    assert state.card_points(Camp.DEFENCE) == 11
    assert state.card_points(Camp.ATTACK) == 0
    assert codes(state.pile(Camp.DEFENCE)) == codes(chien)


def test_t28_ecart_belongs_to_the_attack() -> None:
    hands, chien = rebuild_with_chien(cards("21T KS 2H 3H 4H 5H"))
    state = start_play(hands, chien, contract=Contract.GARDE)
    assert set(state.pile(Camp.ATTACK)) == set(state.ecart)
    assert len(state.ecart) == 6


def rebuild_with_chien(chien: list[Card]) -> tuple[list[list[Card]], list[Card]]:
    rest = [c for c in TarotVariant().deck if c not in chien]
    # Deal the rest in order: every hand has trumps, so nobody is Petit sec.
    hands = [rest[k::4] for k in range(4)]
    return hands, chien


def test_t28_final_pile_matches_the_facts_in_every_contract() -> None:
    rng = random.Random(11)
    bouts = {EXCUSE, Card.trump(1), Card.trump(21)}
    for contract in Contract:
        for taker in range(4):
            hands, chien = rebuild_with_chien(cards("21T KS 2H 3H 4H 5H"))
            state = start_play(hands, chien, contract=contract, taker=taker)
            ecart = set(state.ecart)
            while not state.is_terminal:
                state = state.apply(rng.choice(state.legal_actions()))
            facts = state.result().facts
            assert facts is not None
            attack, defence = set(state.pile(Camp.ATTACK)), set(state.pile(Camp.DEFENCE))
            assert facts.bouts == len(attack & bouts)
            assert facts.points == state.card_points(Camp.ATTACK)
            if contract is Contract.GARDE_SANS:
                assert set(chien) <= attack
            elif contract is Contract.GARDE_CONTRE:
                assert set(chien) <= defence
            else:
                assert len(ecart) == 6
                assert ecart <= attack


def test_t43_first_lead_restriction_error() -> None:
    variant = TarotVariant(players=5)
    checked = 0
    for seed in range(40):
        rng = random.Random(seed)
        state = variant.new_game(seed=seed)
        while not state.is_terminal and state.phase is not Phase.PLAY:
            state = state.apply(rng.choice(state.legal_actions()))
        if state.is_terminal:
            continue
        called = state.called_card
        leader = state.to_play
        assert called is not None
        assert leader is not None
        for card in state.hand(leader):
            if card.suit is called.suit and card != called:
                with pytest.raises(LeadRestrictionError) as info:
                    state.apply(Play(card))
                assert info.value.rule_id == "T-43"
                checked += 1
    assert checked > 10


def test_pass_is_not_a_card() -> None:
    hands, chien = build_deal(4, {}, {})
    state = start_play(hands, chien)
    from cardrules import WrongPhaseError

    with pytest.raises(WrongPhaseError):
        state.apply(Pass())


# -- K: card-point accounting (§3.1), as half points and bouts for the attack -----------


def engine_delta(case: str) -> tuple[int, int]:
    """The change of the attack's points (half points) and bouts over the case's events."""
    if case in ("K-5", "K-6"):
        contract = Contract.GARDE_SANS if case == "K-5" else Contract.GARDE_CONTRE
        hands, chien = rebuild_with_chien(cards("21T KS 2H 3H 4H 5H"))
        state = start_play(hands, chien, contract=contract)
        return int(2 * state.card_points(Camp.ATTACK)), bout_count(state.pile(Camp.ATTACK))
    trick = {"K-1": "EX 9C KC 2C", "K-2": "15T EX 3D 4D"}[case]
    avoid = {"K-1": {}, "K-2": {2: "T", 3: "T"}}[case]
    played = cards(trick)
    hands, chien = build_deal(4, {s: [c] for s, c in enumerate(played)}, avoid)
    state = start_play(hands, chien)
    before = state.card_points(Camp.ATTACK), bout_count(state.pile(Camp.ATTACK))
    state = play(state, *trick.split())
    after = state.card_points(Camp.ATTACK), bout_count(state.pile(Camp.ATTACK))
    return int(2 * (after[0] - before[0])), after[1] - before[1]


def last_trick_delta(trick: str, leader: int) -> tuple[int, int]:
    out = resolve_trick(cards(trick), leader=leader, players=4, attack=[0], last=True)
    return half_points_of(out.attack_cards) + out.compensation_half_points, bout_count(
        out.attack_cards
    )


K_CASES = [
    ("K-1", (9 - 1, 1)),
    ("K-2", (3 + 1, 0)),
    ("K-3", (9, 1)),
    ("K-4", (0, 0)),
    ("K-5", (9 + 9 + 4, 1)),
    ("K-6", (0, 0)),
]


@pytest.mark.parametrize(("case", "expected"), K_CASES, ids=[c[0] for c in K_CASES])
def test_t28_card_point_accounting_cases(case: str, expected: tuple[int, int]) -> None:
    if case == "K-3":
        # Last trick: B plays EX, D wins: the EX goes to A (taker), no compensation.
        got = last_trick_delta("7H EX 2H KH", 0)
    elif case == "K-4":
        # Last trick, no slam: A plays EX, B wins: the EX goes to the defence.
        got = last_trick_delta("5H 2H 3H EX", 1)
    else:
        got = engine_delta(case)
    assert got == expected, case


def test_t32_petit_au_bout_goes_to_the_camp_that_wins_the_last_trick() -> None:
    variant = TarotVariant()
    petit = Card.trump(1)
    seen: list[Camp | None] = []
    for seed in range(300):
        rng = random.Random(seed)
        state = variant.new_game(rng=rng)
        while not state.is_terminal:
            legal = state.legal_actions()
            if petit in state.hand(state.to_play):  # type: ignore[arg-type]
                # Random play, except that the Petit's holder keeps it, and its other
                # trumps too, as long as the rules allow: the Petit is then often in
                # the last trick (without this, in 8 deals of these 300).
                legal = tuple(a for a in legal if a != Play(petit)) or legal
                plain = [a for a in legal if not (isinstance(a, Play) and is_trump(a.card))]
                legal = tuple(plain) or legal
            state = state.apply(rng.choice(legal))
        facts = state.result().facts
        if facts is None:
            continue
        last = [c for _, c in state.last_trick]
        if petit in last:
            winner = state.trick_winners[-1]
            assert facts.petit_au_bout is state.camp_of(winner)
            multiplier = state.result().multiplier
            assert multiplier is not None
            sign = 1 if facts.petit_au_bout is Camp.ATTACK else -1
            assert state.result().petit_au_bout_bonus == sign * 10 * multiplier
            seen.append(facts.petit_au_bout)
        else:
            assert facts.petit_au_bout is None
    # The Petit reached the last trick in a third of the deals, won by either camp.
    assert seen.count(Camp.ATTACK) >= 20
    assert seen.count(Camp.DEFENCE) >= 40


def is_trump(card: Card) -> bool:
    return card.kind is CardKind.TRUMP
