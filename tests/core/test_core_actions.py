"""Actions: interned plays, the pass singleton, and the notation splitter."""

from __future__ import annotations

import copy
import pickle
import re
from typing import Any, ClassVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import Action, Card, NotationError, Pass, Play, Rank, Suit
from cardrules.actions import split_notation

EVERY_CARD = tuple(Card.from_index(i) for i in range(79))


@pytest.mark.parametrize("card", EVERY_CARD, ids=str)
def test_plays_are_interned_immutable_values(card: Card) -> None:
    play = Play(card)
    assert play is Play(card)
    assert play is Play(Card.parse(str(card).lower()))
    assert play == Play(card)
    assert hash(play) == hash(Play(card))
    assert play.card is card
    assert str(play) == f"play {card}"
    assert repr(play) == f"Play({card!r})"
    assert eval(repr(play), {"Play": Play, "Card": Card}) is play  # noqa: S307 - own repr
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(play, protocol)) is play  # noqa: S301 - own data
    assert copy.copy(play) is play
    assert copy.deepcopy(play) is play
    with pytest.raises(AttributeError):
        play.card = Card.parse("AS")
    with pytest.raises(AttributeError):
        del play.card
    with pytest.raises(AttributeError):
        play.extra = 1


def test_plays_of_different_cards_differ() -> None:
    plays = [Play(c) for c in EVERY_CARD]
    assert len(set(plays)) == 79
    assert Play(Card.parse("QH")) != Play(Card.parse("QS"))
    assert Play(Card.parse("QH")) != Pass()
    assert Play(Card.parse("QH")) != "play QH"
    assert Play(Card.parse("QH")).verb == "play"


@pytest.mark.parametrize("thing", ["QH", None, 5, -1, Suit.HEARTS, Rank.ACE, Pass(), object()])
def test_play_takes_only_a_card(thing: object) -> None:
    with pytest.raises(TypeError, match="Play takes a Card"):
        Play(thing)  # type: ignore[arg-type]


def test_pass_is_a_singleton_value() -> None:
    assert Pass() is Pass()
    assert Pass() == Pass()
    assert hash(Pass()) == hash(Pass())
    assert (str(Pass()), repr(Pass()), Pass.verb) == ("pass", "Pass()", "pass")
    assert pickle.loads(pickle.dumps(Pass())) is Pass()  # noqa: S301 - own data
    assert copy.deepcopy(Pass()) is Pass()
    with pytest.raises(AttributeError):
        Pass().extra = 1


class Bid(Action):
    """A variant's own action, compared by its fields."""

    __slots__ = ("level",)
    verb: ClassVar[str] = "bid"
    level: int

    def __init__(self, level: int) -> None:
        object.__setattr__(self, "level", level)

    def _key(self) -> tuple[Any, ...]:
        return (self.level,)

    def __str__(self) -> str:
        return f"bid {self.level}"


def test_variant_actions_compare_by_their_key() -> None:
    assert Bid(3) == Bid(3)
    assert hash(Bid(3)) == hash(Bid(3))
    assert Bid(3) != Bid(4)
    assert Bid(3) != Pass()
    assert copy.deepcopy(Bid(3)) == Bid(3)
    with pytest.raises(AttributeError):
        Bid(3).level = 4


@pytest.mark.parametrize(
    ("text", "words"),
    [("play QH", ["play", "QH"]), ("pass", ["pass"]), ("discard 3C 4C", ["discard", "3C", "4C"])],
)
def test_split_notation(text: str, words: list[str]) -> None:
    assert split_notation(text) == words


BAD_ACTION_TEXT: list[object] = [
    "",
    " ",
    " play QH",
    "play QH ",
    "play  QH",
    "play\nQH",
    "play QH\n",
    "play\tQH",
    "play\u00a0QH",
    "play\u2003QH",
    "play\x00QH",
    "x" * 201,
    "play " + "Q" * 10_000,
    None,
    b"play QH",
    5,
    ["play", "QH"],
]


@pytest.mark.parametrize("text", BAD_ACTION_TEXT, ids=lambda t: f"{t!r:.20}")
def test_split_notation_rejects_everything_but_plain_words(text: object) -> None:
    with pytest.raises(NotationError) as info:
        split_notation(text)
    assert len(str(info.value)) < 200


def plain_words(text: str) -> bool:
    """Words of printable characters separated by single ASCII spaces, at most 200 long."""
    return (
        re.fullmatch(r"[^ ]+( [^ ]+)*", text) is not None
        and text.replace(" ", "").isprintable()
        and len(text) <= 200
    )


@given(st.text(max_size=30) | st.text(alphabet=" aQ\n\t\u00a0", max_size=8))
def test_split_notation_accepts_exactly_plain_words(text: str) -> None:
    if plain_words(text):
        assert split_notation(text) == text.split(" ")
    else:
        with pytest.raises(NotationError):
            split_notation(text)
