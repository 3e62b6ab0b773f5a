"""Bid Euchre positions: the fields, a table of malformed positions each naming its
field, the house rules' own fields (discard, claims, exchange, named suits), a puzzle.

The round-trip and continuation properties over random states are in
tests/core/test_core_positions.py.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from cardrules import Card, PositionError
from cardrules.bid_euchre import BidEuchreState, BidEuchreVariant, Phase

V = BidEuchreVariant()

# "N holds 10S KS QD and leads QD; hearts are trump": a position written by hand.
PUZZLE = (
    "bid-euchre 0 10S,KS,QD/9H,KH,KD/10H,QH,AH/9S,9D,10D - - pass,pass,4,5 hearts - "
    "0:JS,AS,AD,QS>1/1:JD,JH,10C,9C>2/2:KC,JC,AC,QC>0 2/1 0"
)


def _help_hand() -> BidEuchreState:
    """Seat 1 bids help (E-14) and names spades; two tricks and a card are played."""
    state = V.new_game(seed=0).apply("bid 6H")
    while state.phase is not Phase.PLAY:
        state = state.apply("pass" if state.phase is Phase.AUCTION else state.legal_actions()[0])
    rng = random.Random(0)
    while len(state.tricks) < 2 or not state.trick:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


BASE = _help_hand()
FIELDS = BASE.position().split(" ")


def test_the_fields_of_a_help_hand() -> None:
    f = FIELDS
    assert len(f) == 11
    assert f[:2] == ["bid-euchre", "0"]
    assert [len(h.split(",")) for h in f[2].split("/")] == [len(BASE.hand(s)) for s in range(4)]
    assert f[3:8] == [
        "-",
        "-",
        "6H,pass,pass,pass",
        "spades",
        f"{BASE.given[0]}/{BASE.returned[0]}",
    ]
    tricks = f[8].split("/")
    # E-21: the partner (seat 3) sits out, so the finished tricks have three cards.
    assert [len(t.split(">")[0].split(",")) for t in tricks] == [3, 3, 1]
    assert [int(t.rsplit(">", 1)[1]) for t in tricks[:2]] == [t.winner for t in BASE.tricks]
    assert f[9] == "/".join(map(str, BASE.tricks_won))
    assert f[10] == str(BASE.to_play)


def _set(k: int, value: str) -> Callable[[list[str]], None]:
    def edit(f: list[str]) -> None:
        f[k] = value

    return edit


def _wrong_winner(f: list[str]) -> None:
    tricks = f[8].split("/")
    head, winner = tricks[0].rsplit(">", 1)
    tricks[0] = f"{head}>{(int(winner) + 1) % 4}"
    f[8] = "/".join(tricks)


def _renege(f: list[str]) -> None:
    """E-19: a seat that followed trick 1 swaps its card for one of another suit it
    still holds (no bower, no trump)."""
    tricks = f[8].split("/")
    leader, rest = tricks[0].split(":", 1)
    cards, winner = rest.split(">")
    played = cards.split(",")
    hands = [h.split(",") for h in f[2].split("/")]
    led = Card.parse(played[0]).suit
    seats = [int(leader), (int(leader) + 1) % 4, (int(leader) + 2) % 4]
    for k in (1, 2):
        seat = seats[k]
        other = [c for c in hands[seat] if Card.parse(c).suit not in (led, Card.parse("AH").suit)]
        other = [c for c in other if not c.startswith("J")]
        if Card.parse(played[k]).suit is led and not played[k].startswith("J") and other:
            i = hands[seat].index(other[0])
            hands[seat][i], played[k] = played[k], other[0]
            break
    else:  # pragma: no cover - the base position has such a seat
        raise AssertionError("no seat to renege")
    tricks[0] = f"{leader}:{','.join(played)}>{winner}"
    f[2], f[8] = "/".join(",".join(h) for h in hands), "/".join(tricks)


MALFORMED: list[tuple[str, Callable[[list[str]], None], str, str]] = [
    ("other options", _set(0, "bid-euchre#0badc0de"), "variant", "options"),
    ("another game", _set(0, "tarot4"), "variant", "tarot4"),
    ("no such seat", _set(1, "4"), "dealer", "seat"),
    ("three hands", lambda f: _set(2, f[2].rsplit("/", 1)[0])(f), "hands", "4 hands"),
    ("a card of another deck", lambda f: _set(2, f[2].replace("9D", "8D", 1))(f), "hands", "8D"),
    ("a discard without the joker", _set(3, "9C"), "discard", "E-37"),
    ("a claim without Ace No Face", _set(4, "claim"), "claims", "claim 1"),
    ("not a claim", _set(4, "maybe"), "claims", "maybe"),
    ("a bid under a bid", _set(5, "6H,3,pass,pass"), "auction", "call 2"),
    ("not a bid", _set(5, "7,pass,pass,pass"), "auction", "call 1"),
    ("calls after the end", _set(5, "6H,pass,pass,pass,pass"), "auction", "call 5"),
    ("not a trump", _set(6, "purple"), "trump", "purple"),
    ("an exchange without a slash", lambda f: _set(7, f[7].split("/")[0])(f), "exchange", "'/'"),
    (
        "a card the declarer never had",
        lambda f: _set(7, "9C/" + f[7].split("/")[1])(f),
        "exchange",
        "not among",
    ),
    ("a wrong winner", _wrong_winner, "tricks", "item 1"),
    ("a renege", _renege, "tricks", "E-19"),
    (
        "a suit named for no joker",
        lambda f: _set(8, f[8].replace(",", "=clubs,", 1))(f),
        "tricks",
        "nam",
    ),
    ("five cards", _set(8, "1:9S,9S,9S,9S,9S"), "tricks", "1 to 4 cards"),
    ("wrong tricks won", _set(9, "0/2"), "won", "rules give"),
    ("the wrong turn", _set(10, "3"), "turn", "rules give"),
]


@pytest.mark.parametrize(
    ("edit", "field", "words"), [c[1:] for c in MALFORMED], ids=[c[0] for c in MALFORMED]
)
def test_a_malformed_position_names_its_field(
    edit: Callable[[list[str]], None], field: str, words: str
) -> None:
    f = list(FIELDS)
    edit(f)
    with pytest.raises(PositionError) as info:
        V.from_position(" ".join(f))
    assert info.value.field == field, str(info.value)
    assert words in str(info.value)


def test_a_puzzle_n_leads_the_queen_of_diamonds() -> None:
    state = V.from_position(PUZZLE)
    assert [str(c) for c in state.hand(0)] == ["10S", "KS", "QD"]
    assert (state.to_play, state.trump, state.tricks_won) == (0, Card.parse("AH").suit, (2, 1))
    state = state.apply("play QD")
    # E-19: E holds the KD and must follow diamonds.
    assert [str(a) for a in state.legal_actions()] == ["play KD"]
    assert state.view(1).hand == (Card.parse("9H"), Card.parse("KH"), Card.parse("KD"))
    assert V.from_position(state.position()) == state


def test_e37_the_joker_discard_and_a_named_suit() -> None:
    v = BidEuchreVariant(joker=True, allow_no_trump=True)
    found = None
    for seed in range(200):
        rng = random.Random(seed)
        state = v.new_game(seed=seed)
        while not state.is_terminal and state.phase is not Phase.NAME_SUIT:
            state = state.apply(rng.choice(state.legal_actions()))
        if state.phase is Phase.NAME_SUIT:
            found = state.apply(rng.choice(state.legal_actions()))
            break
    assert found is not None
    f = found.position().split(" ")
    assert f[0].startswith("bid-euchre#")
    assert len(f[3].split(",")) == 1  # the dealer's face-down discard
    assert "JK=" in f[8]
    restored = v.from_position(" ".join(f))
    assert restored == found
    end_a, end_b = found, restored
    while not end_a.is_terminal:
        action = end_a.legal_actions()[-1]
        end_a, end_b = end_a.apply(action), end_b.apply(action)
        assert end_a.view(end_a.to_play or 0) == end_b.view(end_a.to_play or 0)
    assert end_a.result() == end_b.result()
    f[8] = f[8].replace("JK=", "JK=x", 1)
    with pytest.raises(PositionError) as info:
        v.from_position(" ".join(f))
    assert info.value.field == "tricks"


def test_e36_an_ace_no_face_claim_ends_the_hand() -> None:
    v = BidEuchreVariant(ace_no_face=True)
    for seed in range(500):
        state = v.new_game(seed=seed)
        while state.phase is Phase.CLAIM and "claim ace-no-face" not in map(
            str, state.legal_actions()
        ):
            state = state.apply("pass")
        if state.phase is Phase.CLAIM:
            break
    state = state.apply("claim ace-no-face")
    f = state.position().split(" ")
    assert f[4].endswith("claim")
    assert f[10] == "-"
    assert v.from_position(" ".join(f)).result() == state.result()
