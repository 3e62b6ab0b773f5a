"""T-26a: the Excuse played to the last trick, under both values of ``excuse_last_trick``.

``"to_opponents"`` (the default) sends it to the camp opposite its owner's; with
``"to_trick_winner"`` it goes to the camp that wins the trick. When the owner and the
trick's winner are in opposite camps the two rules agree; when they are in the same camp
they differ. Each case is checked on one trick (``resolve_trick``) and on whole deals of
3, 4 and 5 players: where the Excuse and the other cards end, that no half point is paid
for it (T-26a), the attack's points (with 4 players a half point is left over exactly
when the Excuse does not go with the rest of the trick, T-28), and the score recomputed
from T-29 … T-37.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest

from cardrules import EXCUSE, Card, CardKind, Pass, Play, Rank
from cardrules.tarot import (
    AnnounceChelem,
    Bid,
    Camp,
    Contract,
    DeclarePoignee,
    Phase,
    TarotOptions,
    TarotState,
    TarotVariant,
    resolve_trick,
)

RULES = ("to_opponents", "to_trick_winner")
OUDLERS = {EXCUSE, Card.trump(1), Card.trump(21)}


def cards(text: str) -> list[Card]:
    return [Card.parse(c) for c in text.split()]


def codes(cs: tuple[Card, ...] | set[Card]) -> set[str]:
    return {str(c) for c in cs}


# -- one trick ----------------------------------------------------------------------------

# (case, players, attack, leader, last trick, winner, camp of the Excuse's owner)
LAST_TRICKS = [
    # The attack's Excuse in a trick won by the defence.
    ("3p/attack-excuse", 3, [0], 1, "3S KS EX", 2, Camp.ATTACK),
    ("4p/attack-excuse", 4, [0], 3, "3S EX 5S KS", 2, Camp.ATTACK),
    ("5p/partner-excuse", 5, [0, 2], 1, "3S EX KS 5S 2S", 3, Camp.ATTACK),
    # The defence's Excuse in a trick won by the attack.
    ("3p/defence-excuse", 3, [0], 1, "EX 3S KS", 0, Camp.DEFENCE),
    ("4p/defence-excuse", 4, [0], 1, "3S EX 5S KS", 0, Camp.DEFENCE),
    ("5p/defence-excuse", 5, [0, 2], 3, "EX 3S 5S 2S KS", 2, Camp.DEFENCE),
    # Owner and winner in the same camp: the two rules differ.
    ("3p/defence-both", 3, [0], 0, "3S EX KS", 2, Camp.DEFENCE),
    ("4p/defence-both", 4, [0], 0, "3S EX KS 5S", 2, Camp.DEFENCE),
    ("5p/attack-both", 5, [0, 2], 3, "3S 5S KS 2S EX", 0, Camp.ATTACK),
]


@pytest.mark.parametrize("rule", RULES)
@pytest.mark.parametrize(
    ("case", "players", "attack", "leader", "trick", "winner", "owner"),
    LAST_TRICKS,
    ids=[c[0] for c in LAST_TRICKS],
)
def test_t26a_last_trick_excuse_by_camps(
    rule: str,
    case: str,
    players: int,
    attack: list[int],
    leader: int,
    trick: str,
    winner: int,
    owner: Camp,
) -> None:
    played = cards(trick)
    out = resolve_trick(
        played,
        leader=leader,
        players=players,
        attack=attack,
        last=True,
        options=TarotOptions(players=players, excuse_last_trick=rule),  # type: ignore[arg-type]
    )
    winner_camp = Camp.ATTACK if winner in attack else Camp.DEFENCE
    assert out.winner == winner, case
    assert out.winner_camp is winner_camp
    assert not out.excuse_wins
    # T-26a: no half point for the Excuse at the last trick, whatever the camps.
    assert out.compensation_half_points == 0
    others = {c for c in played if c != EXCUSE}
    to_winner = set(out.attack_cards if winner_camp is Camp.ATTACK else out.defence_cards)
    to_loser = set(out.defence_cards if winner_camp is Camp.ATTACK else out.attack_cards)
    assert others <= to_winner
    excuse_camp = owner.opponent if rule == "to_opponents" else winner_camp
    if excuse_camp is winner_camp:
        assert to_winner == set(played)
        assert to_loser == set()
    else:
        assert to_winner == others
        assert to_loser == {EXCUSE}


def test_t26a_the_rules_agree_exactly_when_the_camps_are_opposite() -> None:
    for case, players, attack, leader, trick, winner, owner in LAST_TRICKS:
        outs = [
            resolve_trick(
                cards(trick),
                leader=leader,
                players=players,
                attack=attack,
                last=True,
                options=TarotOptions(players=players, excuse_last_trick=rule),  # type: ignore[arg-type]
            )
            for rule in RULES
        ]
        opposite = owner is not (Camp.ATTACK if winner in attack else Camp.DEFENCE)
        assert (outs[0] == outs[1]) is opposite, case


# -- whole deals ----------------------------------------------------------------------------

TARGET = {0: 56, 1: 51, 2: 41, 3: 36}  # T-5
MULTIPLIER = {
    Contract.PRISE: 1,
    Contract.GARDE: 2,
    Contract.GARDE_SANS: 4,
    Contract.GARDE_CONTRE: 6,
}


def halves(card: Card) -> int:
    """T-4, in half points."""
    if card in OUDLERS:
        return 9
    if card.kind is CardKind.SUIT:
        return {Rank.KING: 9, Rank.QUEEN: 7, Rank.KNIGHT: 5, Rank.JACK: 3}.get(Rank(card.rank), 1)
    return 1


def excuse_kept_to_the_end(seed: int, **options: object) -> TarotState:
    """Deal ``seed``: the first to speak bids one of the four contracts (by seed), the
    others pass; then play at random, except that the Excuse is kept for the last trick,
    and nobody declares a poignée or announces a slam."""
    rng = random.Random(seed)
    state = TarotVariant(**options).new_game(rng=rng)  # type: ignore[arg-type]
    contract = list(Contract)[seed % 4]
    while state.phase is Phase.BIDDING:
        state = state.apply(Pass() if state.bids else Bid(contract))
    while not state.is_terminal:
        legal = [
            a
            for a in state.legal_actions()
            if not isinstance(a, DeclarePoignee | AnnounceChelem) and a != Play(EXCUSE)
        ]
        state = state.apply(rng.choice(legal or state.legal_actions()))
    return state


def camps_at_the_last_trick(state: TarotState) -> tuple[Camp, Camp] | None:
    """(camp of the Excuse's owner, camp of the last trick's winner), or None if the deal
    was annulled, the Excuse was in the chien, or it won the last trick under T-26b."""
    if state.result().annulled is not None:
        return None
    owner = next((seat for seat, card in state.last_trick if card == EXCUSE), None)
    if owner is None:
        return None
    winner = state.trick_winners[-1]
    if winner == owner:
        return None  # T-26b: the Excuse led by a camp that won every earlier trick
    return state.camp_of(owner), state.camp_of(winner)


def find_deal(players: int, owner: Camp, winner: Camp) -> int:
    """The first seed whose deal ends with the Excuse of ``owner``'s camp in a last trick
    won by ``winner``'s camp."""
    for seed in range(300):
        state = excuse_kept_to_the_end(seed, players=players)
        if camps_at_the_last_trick(state) == (owner, winner):
            return seed
    raise AssertionError(f"no deal of {players} players with that last trick")


def expected_scores(state: TarotState, points: Fraction, bouts: int) -> tuple[int, ...]:
    """T-29 … T-37 with the default options, no poignée and no slam announced."""
    target = TARGET[bouts]
    made = points >= target
    sign = 1 if made else -1
    m = MULTIPLIER[state.contract]  # type: ignore[index]
    unit = sign * (25 + math.ceil(abs(points - target))) * m
    if Card.trump(1) in {c for _, c in state.last_trick}:
        unit += 10 * m * (1 if state.camp_of(state.trick_winners[-1]) is Camp.ATTACK else -1)
    sweep = {state.camp_of(w) for w in state.trick_winners}
    if sweep == {Camp.ATTACK}:
        unit += 200
    elif sweep == {Camp.DEFENCE}:
        unit -= 200
    n = state.variant.players
    scores = []
    for seat in range(n):
        if seat == state.taker:
            scores.append((2 if state.partner is not None or n == 3 else n - 1) * unit)
        elif seat == state.partner:
            scores.append(unit)
        else:
            scores.append(-unit)
    return tuple(scores)


DIRECTIONS = [
    ("attack-excuse-defence-wins", Camp.ATTACK, Camp.DEFENCE),
    ("defence-excuse-attack-wins", Camp.DEFENCE, Camp.ATTACK),
    ("defence-excuse-defence-wins", Camp.DEFENCE, Camp.DEFENCE),
]


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize(
    ("direction", "owner", "winner"), DIRECTIONS, ids=[d[0] for d in DIRECTIONS]
)
def test_t26a_whole_deals_by_camps(players: int, direction: str, owner: Camp, winner: Camp) -> None:
    seed = find_deal(players, owner, winner)
    deals = {
        (rule, comp): excuse_kept_to_the_end(
            seed, players=players, excuse_last_trick=rule, excuse_compensation=comp
        )
        for rule in RULES
        for comp in ("half_point", "card")
    }
    for (rule, comp), state in deals.items():
        assert camps_at_the_last_trick(state) == (owner, winner), (rule, comp)
        excuse_camp = owner.opponent if rule == "to_opponents" else winner
        assert EXCUSE in state.pile(excuse_camp)
        assert EXCUSE not in state.pile(excuse_camp.opponent)
        assert {c for _, c in state.last_trick} - {EXCUSE} <= set(state.pile(winner))
        # The Excuse was played only at the last trick: no half point at all (T-25,
        # T-26a), and nothing moves under FFT's card compensation either.
        pile = state.pile(Camp.ATTACK)
        points = state.card_points(Camp.ATTACK)
        assert points == Fraction(sum(map(halves, pile)), 2)
        assert points + state.card_points(Camp.DEFENCE) == 91
        assert pile == deals[rule, "half_point"].pile(Camp.ATTACK)
        if players == 4:
            # T-28: every card is worth an odd number of half points, and with 4 players
            # the piles hold even numbers of cards unless the Excuse leaves the last
            # trick's other cards (T-26a): only then is a half point left.
            assert (points.denominator == 2) is (excuse_camp is not winner)
        result = state.result()
        assert result.facts is not None
        bouts = len(set(pile) & OUDLERS)
        assert result.facts.points == points
        assert result.facts.bouts == bouts
        assert result.scores == expected_scores(state, points, bouts)
    # The two rules agree exactly when the camps are opposite.
    same = (
        deals["to_opponents", "half_point"].result()
        == deals["to_trick_winner", "half_point"].result()
    )
    assert same is (owner is not winner)
