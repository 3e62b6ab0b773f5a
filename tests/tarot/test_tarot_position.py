"""French Tarot positions: the fields, a table of malformed positions each naming its
field, the phases with their own fields (call, écart, chelem, poignées), a puzzle.

The round-trip and continuation properties over random states are in
tests/core/test_core_positions.py.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from cardrules import Card, CardKind, PositionError
from cardrules.tarot import DeclarePoignee, Phase, TarotState, TarotVariant

V4 = TarotVariant()


def _garde_with_poignee() -> TarotState:
    """A 4-player Garde with a poignée, three tricks and one card played (seed 19)."""
    state = V4.new_game(seed=19).apply("bid garde")
    while state.phase is not Phase.PLAY:
        state = state.apply("pass" if state.phase is not Phase.ECART else state.legal_actions()[0])
    rng = random.Random(19)
    while state.tricks_played < 3 or not state.trick:
        legal = state.legal_actions()
        shown = [a for a in legal if isinstance(a, DeclarePoignee)]
        state = state.apply(shown[0] if shown else rng.choice(legal))
    return state


BASE = _garde_with_poignee()
FIELDS = BASE.position().split(" ")


def test_the_fields_of_a_garde_in_play() -> None:
    f = FIELDS
    assert len(f) == 12
    assert f[0] == "tarot4"
    assert f[1] == str(BASE.dealer)
    assert [len(h.split(",")) for h in f[2].split("/")] == [len(BASE.hand(s)) for s in range(4)]
    assert f[3] == ",".join(str(c) for c in BASE.chien)
    assert f[4] == "garde,pass,pass,pass"
    assert f[5] == "-"
    assert sorted(f[6].split(",")) == sorted(str(c) for c in BASE.ecart)
    assert f[7] == "pass"
    assert f[8].startswith(f"{BASE.poignees[0].seat}:")
    tricks = f[9].split("/")
    assert len(tricks) == 4
    assert [t.rsplit(">", 1)[1] for t in tricks[:3]] == [str(w) for w in BASE.trick_winners]
    assert tricks[3] == f"{BASE.trick[0][0]}:{BASE.trick[0][1]}"
    assert f[11] == str(BASE.to_play)


def _set(k: int, value: str) -> Callable[[list[str]], None]:
    def edit(f: list[str]) -> None:
        f[k] = value

    return edit


def _hand(seat: int) -> list[str]:
    return FIELDS[2].split("/")[seat].split(",")


def _move_card(f: list[str]) -> None:
    hands = [h.split(",") for h in f[2].split("/")]
    hands[1].append(hands[0].pop())
    f[2] = "/".join(",".join(h) for h in hands)


def _duplicate_card(f: list[str]) -> None:
    hands = [h.split(",") for h in f[2].split("/")]
    hands[0][0] = hands[1][0]
    f[2] = "/".join(",".join(h) for h in hands)


def _king_in_ecart(f: list[str]) -> None:
    # Swap a discarded card with a king the taker holds: the same cards, a bad écart.
    taker = BASE.taker
    assert taker is not None
    hands = [h.split(",") for h in f[2].split("/")]
    king = next(c for c in hands[taker] if c.startswith("K"))
    ecart = f[6].split(",")
    hands[taker][hands[taker].index(king)], ecart[0] = ecart[0], king
    f[2], f[6] = "/".join(",".join(h) for h in hands), ",".join(ecart)


def _poignee_to_another_seat(f: list[str]) -> None:
    seat, cards = f[8].split(":")
    f[8] = f"{(int(seat) + 1) % 4}:{cards}"


def _wrong_winner(f: list[str]) -> None:
    tricks = f[9].split("/")
    head, winner = tricks[0].rsplit(">", 1)
    tricks[0] = f"{head}>{(int(winner) + 1) % 4}"
    f[9] = "/".join(tricks)


def _wrong_leader(f: list[str]) -> None:
    tricks = f[9].split("/")
    leader, rest = tricks[0].split(":", 1)
    tricks[0] = f"{(int(leader) + 1) % 4}:{rest}"
    f[9] = "/".join(tricks)


def _renege(f: list[str]) -> None:
    """T-22: swap the card a seat followed with to trick 1 for a card of another plain
    suit it still holds, so that it did not follow although it could."""
    tricks = f[9].split("/")
    leader, rest = tricks[0].split(":", 1)
    cards = rest.split(">")[0].split(",")
    led = Card.parse(cards[0]).suit
    hands = [h.split(",") for h in f[2].split("/")]
    for k in range(1, 4):
        seat = (int(leader) + k) % 4
        played = Card.parse(cards[k])
        other = [
            c
            for c in hands[seat]
            if Card.parse(c).kind is CardKind.SUIT and Card.parse(c).suit not in (led, None)
        ]
        if played.suit is led and other:
            i = hands[seat].index(other[0])
            hands[seat][i], cards[k] = cards[k], other[0]
            break
    else:  # pragma: no cover - the base position has such a seat
        raise AssertionError("no seat to renege")
    tricks[0] = f"{leader}:{','.join(cards)}>{rest.split('>')[1]}"
    f[2], f[9] = "/".join(",".join(h) for h in hands), "/".join(tricks)


MALFORMED: list[tuple[str, Callable[[list[str]], None], str, str]] = [
    ("another player count", _set(0, "tarot5"), "variant", "tarot5"),
    ("other options", _set(0, "tarot4#0badc0de"), "variant", "options"),
    ("another game", _set(0, "bid-euchre"), "variant", "bid-euchre"),
    ("no such seat", _set(1, "4"), "dealer", "seat"),
    ("not a seat", _set(1, "N"), "dealer", "seat"),
    ("three hands", lambda f: _set(2, "/".join(f[2].split("/")[:3]))(f), "hands", "4 hands"),
    ("not a card", lambda f: _set(2, f[2].replace(_hand(0)[0], "ZZ", 1))(f), "hands", "ZZ"),
    ("a card moved", _move_card, "hands", "no deal"),
    ("a card dealt twice", _duplicate_card, "hands", "no deal"),
    ("a short chien", lambda f: _set(3, f[3].rsplit(",", 1)[0])(f), "chien", "6 cards"),
    ("a bid under a bid", _set(4, "garde,prise,pass,pass"), "auction", "call 2"),
    ("not a bid", _set(4, "garde,double,pass,pass"), "auction", "call 2"),
    ("five calls", _set(4, "garde,pass,pass,pass,pass"), "auction", "once"),
    ("a call with 4 players", _set(5, "KH"), "call", "call KH"),
    ("a king in the écart", _king_in_ecart, "ecart", "T-15"),
    ("not an announcement", _set(7, "maybe"), "chelem", "maybe"),
    ("another seat's poignée", _poignee_to_another_seat, "poignees", "poign"),
    ("not a poignée", lambda f: _set(8, f[8].split(",", 1)[0])(f), "poignees", "T-19"),
    ("a wrong winner", _wrong_winner, "tricks", "item 1"),
    ("a wrong leader", _wrong_leader, "tricks", "trick 1"),
    ("a renege", _renege, "tricks", "T-22"),
    ("an empty trick", _set(9, "1:"), "tricks", "1 to 4 cards"),
    ("wrong points", _set(10, "1/90"), "piles", "rules give"),
    ("the wrong turn", _set(11, "0" if FIELDS[11] != "0" else "1"), "turn", "rules give"),
    ("no turn", _set(11, "-"), "turn", "rules give"),
    ("a control character", _set(4, "garde,pass,pass,pass\x7f"), "auction", "ASCII"),
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
        V4.from_position(" ".join(f))
    assert info.value.field == field, str(info.value)
    assert words in str(info.value)
    assert str(info.value).startswith(f"{field}: ")


@pytest.mark.parametrize(("k", "field"), [(3, "chien"), (6, "ecart")])
def test_t2_a_card_listed_twice_in_the_chien_or_the_ecart_is_a_position_error(
    k: int, field: str
) -> None:
    # Once the taker has taken the chien, each chien card is looked for in its hand.
    for n in range(1, 6):
        f = list(FIELDS)
        listed = f[k].split(",")
        listed[n] = listed[0]
        f[k] = ",".join(listed)
        with pytest.raises(PositionError, match=f"{listed[0]} is listed twice") as info:
            V4.from_position(" ".join(f))
        assert info.value.field == field


def test_the_text_as_a_whole_is_checked_first() -> None:
    text = " ".join(FIELDS)
    for bad in (text + " 0", text.replace(" ", "  ", 1), text.replace(" ", "\t", 1)):
        with pytest.raises(PositionError) as info:
            V4.from_position(bad)
        assert info.value.field == "position"


def test_cards_and_hands_may_come_in_any_order_and_spelling() -> None:
    f = list(FIELDS)
    f[2] = "/".join(",".join(reversed(h.split(","))) for h in f[2].split("/"))
    f[3] = ",".join(reversed(f[3].split(","))).lower()
    state = V4.from_position(" ".join(f))
    assert state == BASE
    assert state.position() == BASE.position()


def test_t14_the_chien_is_in_the_takers_hand_during_the_ecart() -> None:
    state = V4.new_game(seed=2).apply("bid prise")
    while state.phase is Phase.BIDDING:
        state = state.apply("pass")
    state = state.apply(state.legal_actions()[0])
    assert state.phase is Phase.ECART
    f = state.position().split(" ")
    assert len(f[6].split(",")) == 1
    assert V4.from_position(" ".join(f)) == state


def test_t42_the_five_player_call_and_its_phase() -> None:
    v = TarotVariant(players=5)
    state = v.new_game(seed=8).apply("bid garde")
    while state.phase is Phase.BIDDING:
        state = state.apply("pass")
    assert state.phase is Phase.CALL
    assert v.from_position(state.position()) == state
    state = state.apply(state.legal_actions()[0])
    f = state.position().split(" ")
    assert f[5] == str(state.called_card)
    assert v.from_position(" ".join(f)) == state


def test_t17_an_announced_chelem_and_the_takers_lead() -> None:
    v = TarotVariant(players=3)
    state = v.new_game(seed=4).apply("pass").apply("bid garde-sans").apply("pass")
    assert state.phase is Phase.ANNOUNCE
    assert state.position().split(" ")[7] == "-"
    state = state.apply("announce chelem")
    f = state.position().split(" ")
    assert f[7] == "chelem"
    assert f[11] == str(state.taker) == "2"
    f[7] = "pass"  # then seat 1 leads, not the taker
    with pytest.raises(PositionError) as info:
        v.from_position(" ".join(f))
    assert info.value.field == "turn"


def test_t9_an_annulled_deal_and_every_seat_passing() -> None:
    v = TarotVariant(players=3)
    state = v.new_game(seed=0)
    while not state.is_terminal:
        state = state.apply("pass")
    f = state.position().split(" ")
    assert (f[4], f[10], f[11]) == ("pass,pass,pass", "-", "-")
    assert v.from_position(" ".join(f)).result() == state.result()


def test_a_puzzle_the_last_three_tricks() -> None:
    # "Three cards left each, who leads and what may the next seat play?" The
    # position holds the whole deal so far; the puzzle is its last fields.
    state = BASE
    rng = random.Random(5)
    while len(state.hand(0)) > 3 or state.trick:
        state = state.apply(rng.choice(state.legal_actions()))
    text = state.position()
    puzzle = V4.from_position(text)
    assert [len(puzzle.hand(s)) for s in range(4)] == [3, 3, 3, 3]
    assert puzzle.legal_actions() == state.legal_actions()
    assert puzzle.view(puzzle.to_play or 0) == state.view(state.to_play or 0)
    end = puzzle
    while not end.is_terminal:
        end = end.apply(end.legal_actions()[0])
    assert sum(end.result().scores) == 0
