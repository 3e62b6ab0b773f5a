"""The core kit a plugin builds on: one-field actions, action-id spaces and their notation,
dealing part of a deck and hands as codes, the deprecation helper, KitVariant (options,
equality, pickling, dealing, the deal's JSON), TrickPlay and TrickState on the trick
kernel, and GameInfo's checks of a declaration.

A small game is written here on the kit alone, as a plugin would be: *Guess*, for 2 to 4
players, 5 cards each from the 52-card deck, no trump. Each seat first guesses how many
tricks it will take (``guess N``, from the dealer's left), then the cards are played
(follow suit, the highest of the suit led wins); a seat scores its tricks, and 5 more
for an exact guess.
"""

from __future__ import annotations

import pickle
import random
import re
import warnings
from collections.abc import Mapping
from typing import Any, ClassVar

import attrs
import pytest

import cardrules
from cardrules import Card, GameInfo, KitVariant, Pass, Play, Suit, decks
from cardrules.actions import Action, ActionSpace, ValueAction
from cardrules.deprecation import Deprecated, deprecated_names
from cardrules.info import ObservationBlock, Statistic, observation_layout
from cardrules.options import int_in
from cardrules.testing import check_variant
from cardrules.trickplay import (
    Deal,
    Trick,
    TrickPlay,
    TrickState,
    TrickView,
    by_seat,
    plain_rules,
    play_layout,
)
from cardrules.tricks import TrickRules

DECK = decks.standard_deck()


class Guess(ValueAction[int]):
    """Guess a number of tricks: ``guess 2``."""

    __slots__ = ("tricks",)
    verb = "guess"
    value_type = int
    tricks: int


Guess.intern(*range(6))


@attrs.frozen(kw_only=True)
class GuessOptions:
    players: int = attrs.field(default=3, validator=int_in(2, 4))


@attrs.frozen(kw_only=True)
class GuessResult:
    guesses: tuple[int, ...]
    tricks: tuple[int, ...]

    @property
    def returns(self) -> tuple[float, ...]:
        return tuple(
            float(t + 5 * (g == t)) for g, t in zip(self.guesses, self.tricks, strict=True)
        )

    @property
    def summary(self) -> str:
        return f"tricks {list(self.tricks)}"

    def explain(self) -> str:
        return self.summary


@attrs.frozen(kw_only=True, repr=False)
class GuessView(TrickView):
    guesses: tuple[int | None, ...]

    def _observation(self) -> list[float]:
        return by_seat(self.guesses, self.seat, 6)


class GuessState(TrickState):
    __slots__ = ("_guesses",)
    _guesses: tuple[int, ...]
    _start: ClassVar[Mapping[str, Any]] = {"_guesses": ()}
    rule_ids: ClassVar[Mapping[str, str]] = {"deck": "G-1", "follow": "G-3", "phase": "G-2"}

    def _phase_actions(self) -> tuple[Action, ...] | None:
        if len(self._guesses) == len(self._deal.hands):
            return None
        return tuple(Guess(n) for n in range(6))

    def _phase_seat(self) -> int:
        return (self.dealer + 1 + len(self._guesses)) % len(self._deal.hands)

    def _phase_apply(self, action: Action, seat: int) -> Mapping[str, Any]:
        assert isinstance(action, Guess)
        return {"_guesses": (*self._guesses, action.tricks)}

    def _by_seat(self) -> tuple[int | None, ...]:
        n = len(self._deal.hands)
        order = [(seat - self.dealer - 1) % n for seat in range(n)]
        return tuple(self._guesses[k] if k < len(self._guesses) else None for k in order)

    def _result(self) -> GuessResult:
        guesses = tuple(g or 0 for g in self._by_seat())
        return GuessResult(guesses=guesses, tricks=self.tricks_won)

    def view(self, seat: int) -> GuessView:
        return GuessView(**self._view_fields(seat), guesses=self._by_seat())


class GuessVariant(KitVariant):
    id: ClassVar[str] = "guess-test"
    name: ClassVar[str] = "Guess"
    options_class: ClassVar[type] = GuessOptions
    state_class: ClassVar[type] = GuessState
    actions: ClassVar[ActionSpace] = ActionSpace(DECK, [Guess(n) for n in range(6)], game="Guess")
    deck: ClassVar[tuple[Card, ...]] = DECK

    def deal_shape(self) -> tuple[int, ...]:
        return (5,)

    @property
    def info(self) -> GameInfo:
        n = self.players
        return self.game_info(
            max_game_length=6 * n,
            score_bounds=(0, 10),
            observation_layout=observation_layout(
                *play_layout(n, 52), ("guesses", (n, 6), "each seat's guess")
            ),
            statistics=(Statistic(name="tricks", label="Tricks", kind="sum", fact="tricks"),),
        )

    def deal_statistics(self, final: cardrules.State) -> dict[str, Any]:
        return {"tricks": sum(final.tricks_won)}  # type: ignore[attr-defined]


# -- ValueAction ------------------------------------------------------------------------------


def test_a_value_action_is_an_interned_value_with_a_notation() -> None:
    assert Guess(3) is Guess(3)
    assert (str(Guess(3)), repr(Guess(3)), Guess(3).value, Guess(3).tricks) == (
        "guess 3",
        "Guess(3)",
        3,
        3,
    )
    assert pickle.loads(pickle.dumps(Guess(3)))  # noqa: S301 is Guess(3)
    big = Guess(99)
    assert big == Guess(99)
    assert big is not Guess(99)
    assert hash(big) == hash(Guess(99))
    assert Guess(3) != Play(Card.parse("3H"))
    with pytest.raises(cardrules.ImmutableError):
        Guess(3).tricks = 4
    for wrong in ("3", 3.0, True, None):
        with pytest.raises(cardrules.InvalidArgumentError, match="Guess takes an int"):
            Guess(wrong)  # type: ignore[arg-type]
    with pytest.raises(cardrules.InvalidArgumentError):
        Guess.intern("4")  # type: ignore[arg-type]


def test_each_value_action_class_interns_its_own_values() -> None:
    class Call(ValueAction[int]):
        __slots__ = ("rank",)
        verb = "call"
        value_type = int

    assert Call(3) == Call(3)
    assert Call(3) is not Call(3)
    Call.intern(3)
    assert Call(3) is Call(3)
    assert Call(3) != Guess(3)
    with pytest.raises(TypeError, match="one field"):

        class Pair(ValueAction[int]):
            __slots__ = ("a", "b")


def test_the_play_action_is_unchanged() -> None:
    card = Card.parse("QH")
    assert Play(card) is Play(card)
    assert hash(Play(card)) == hash(card) ^ 0x5A5A
    assert (str(Play(card)), repr(Play(card))) == ("play QH", "Play(Card.parse('QH'))")
    assert pickle.loads(pickle.dumps(Play(card)))  # noqa: S301 is Play(card)


# -- ActionSpace -------------------------------------------------------------------------------


def test_an_action_space_numbers_the_plays_then_the_games_own() -> None:
    space = GuessVariant.actions
    assert len(space) == 58
    assert space.id_of(Play(Card.parse("AS"))) == 0
    assert space.id_of(Guess(0)) == 52
    assert [space.action_of(i) for i in (51, 57)] == [Play(DECK[51]), Guess(5)]
    assert space.parse("GUESS 4") is Guess(4)
    assert space.parse("play qh") is Play(Card.parse("QH"))
    # Any card plays, the state says whether it is of the game.
    assert space.parse("play 21T") is Play(Card.trump(21))
    for text in ("guess 6", "bid 3", "play", "pass"):
        with pytest.raises(cardrules.NotationError, match=re.escape("'play CARD' or 'guess ...'")):
            space.parse(text)
    with pytest.raises(cardrules.NotationError, match="one space"):
        space.parse("guess  3")
    with pytest.raises(cardrules.InvalidActionError):
        space.id_of(Pass())
    for number in (-1, 58, True, "3"):
        with pytest.raises(cardrules.InvalidActionError, match="from 0 to 57"):
            space.action_of(number)  # type: ignore[arg-type]
    with pytest.raises(cardrules.InvalidArgumentError, match="each action once"):
        ActionSpace(DECK, [Guess(1), Guess(1)])
    with pytest.raises(cardrules.InvalidArgumentError):
        ActionSpace(DECK, ["guess 1"])  # type: ignore[list-item]
    # A double deck's copies have one id.
    assert len(ActionSpace(decks.double_euchre_deck())) == 24


# -- dealing part of a deck, hands as codes ---------------------------------------------------


def test_deal_gives_part_of_a_deck() -> None:
    deck = decks.shuffle(DECK, random.Random(3))
    hands = decks.deal(deck, players=4, packet=1, first=1, hand_size=7)
    assert [len(hand) for hand in hands] == [7] * 4
    assert hands[1][0] == deck[0]
    assert hands[0][-1] == deck[27]
    assert {c for hand in hands for c in hand} == set(deck[:28])
    assert decks.deal(deck, players=4, packet=2, hand_size=6)[0][:2] == deck[:2]
    assert decks.deal(deck, players=3, packet=1, hand_size=0) == ((), (), ())
    for bad in (
        {"players": 4, "packet": 1, "hand_size": 14},
        {"players": 4, "packet": 2, "hand_size": 7},
        {"players": 0, "packet": 1},
        {"players": 4, "packet": 1, "hand_size": -1},
        {"players": "4", "packet": 1},
        {"players": 4, "packet": 1, "hand_size": 2.0},
    ):
        with pytest.raises(cardrules.InvalidArgumentError):
            decks.deal(deck, **bad)


def test_hands_as_codes_and_back() -> None:
    hand = DECK[:5]
    assert decks.card_codes(hand) == ["AS", "2S", "3S", "4S", "5S"]
    assert decks.parse_codes(decks.card_codes(hand)) == hand
    assert decks.parse_codes(("EX",)) == (cardrules.EXCUSE,)
    bads: list[object] = [None, 3, ["AS", 3], {"AS"}, ["AS"] * 201, b"AS"]
    for bad in bads:
        with pytest.raises(cardrules.DealError, match="hand 2 must be a list of card codes"):
            decks.parse_codes(bad, what="hand 2")
    with pytest.raises(cardrules.NotationError):
        decks.parse_codes(["XX"])


# -- the deprecation helper -------------------------------------------------------------------


def test_deprecated_names_warn_where_they_are_used() -> None:
    getattr_ = deprecated_names(
        "old.module",
        {
            "shuffle": Deprecated("cardrules.decks:shuffle", "old.module.shuffle is deprecated"),
            "decks": Deprecated("cardrules.decks", "old.module.decks is deprecated"),
            "answer": Deprecated(lambda: 42, "old.module.answer is deprecated: use 42"),
        },
    )
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert getattr_("shuffle") is decks.shuffle
        assert getattr_("decks") is decks
        assert getattr_("answer") == 42
    assert [str(w.message) for w in caught] == [
        "old.module.shuffle is deprecated",
        "old.module.decks is deprecated",
        "old.module.answer is deprecated: use 42",
    ]
    assert all(w.category is DeprecationWarning and w.filename == __file__ for w in caught)
    with pytest.raises(AttributeError, match=r"module 'old\.module' has no attribute 'other'"):
        getattr_("other")
    with pytest.raises(cardrules.InvalidArgumentError):
        deprecated_names("m", {"x": "cardrules.decks:shuffle"})  # type: ignore[dict-item]
    with pytest.raises(cardrules.InvalidArgumentError):
        Deprecated("", "message")
    with pytest.raises(cardrules.InvalidArgumentError):
        Deprecated("cardrules.decks", "")


def test_the_libraries_own_deprecated_names_still_warn() -> None:
    with pytest.warns(DeprecationWarning, match="cardrules.tarot.card_points is deprecated"):
        from cardrules.tarot import card_points
    assert card_points(Card.parse("KH")) == 9
    with pytest.warns(DeprecationWarning, match="cardrules.bid_euchre.bidding.Call is deprecated"):
        from cardrules.bid_euchre.bidding import Call
    assert Call is not None


# -- KitVariant --------------------------------------------------------------------------------


def test_a_kit_variant_takes_its_options_from_one_attrs_class() -> None:
    variant = GuessVariant(players=4)
    assert variant.players == 4
    assert variant == GuessVariant(players=4) != GuessVariant()
    assert hash(variant) == hash(GuessVariant(players=4))
    assert pickle.loads(pickle.dumps(variant)) == variant  # noqa: S301
    assert repr(variant) == "cardrules.get_variant('guess-test', players=4)"
    assert repr(GuessVariant()) == "cardrules.get_variant('guess-test')"
    assert variant.options_json() == {"players": 4}
    assert GuessVariant.from_options_json({"players": 2}) == GuessVariant(players=2)
    with pytest.raises(cardrules.OptionsError, match=r"unknown guess-test option\(s\): 'x'"):
        GuessVariant(x=1)
    with pytest.raises(cardrules.OptionsError, match="players must be an int from 2 to 4"):
        GuessVariant(players=5)
    wrong: list[Any] = [[], {1: 2}, "players"]
    for bad in wrong:
        with pytest.raises(cardrules.OptionsError):
            GuessVariant.from_options_json(bad)
    assert variant.num_actions == 58
    assert variant.parse_action("guess 2") is Guess(2)
    assert variant.action_from_id(variant.action_id(Guess(2))) is Guess(2)


def test_a_kit_variant_deals_and_writes_its_deal_as_piles() -> None:
    variant = GuessVariant(players=4)
    state = variant.new_game(seed=5, dealer=3)
    assert state.dealer == 3
    assert state.to_play == 0
    piles = variant.deal_piles(state)
    assert [len(p) for p in piles] == [5] * 4
    assert variant.state_from_piles(3, piles) == state
    document = variant.deal_json(state)
    assert document == {"hands": [decks.card_codes(p) for p in piles]}
    assert variant.state_from_deal_json(3, document) == state
    bad_deals: list[Any] = [
        {"hands": document["hands"][:3]},
        {"hands": document["hands"], "extra": []},
        {"hands": [document["hands"][0]] * 4},
        {"hands": [*document["hands"][:3], ["AS", "2S", "3S", "4S", "21T"]]},
        {"hands": [*document["hands"][:3], [1, 2, 3, 4, 5]]},
        [],
    ]
    for bad in bad_deals:
        with pytest.raises(cardrules.RecordError):
            variant.state_from_deal_json(3, bad)
    with pytest.raises(cardrules.RecordError):
        variant.state_from_deal_json(4, document)
    with pytest.raises(cardrules.DealError, match="4 hands of 5 cards"):
        variant.state_from_piles(0, piles[:3])
    with pytest.raises(cardrules.InvalidSeatError):
        variant.state_from_piles(9, piles)
    with pytest.raises(cardrules.InvalidArgumentError):
        variant.deal_piles(cardrules.get_variant("bid-euchre").new_game(seed=1))


def test_a_game_on_the_kit_passes_the_conformance_kit() -> None:
    for players in (2, 3, 4):
        report = check_variant(GuessVariant(players=players), games=6, seed=4, illegal_samples=2)
        assert report.steps == 6 * 6 * players


def test_a_trick_state_plays_its_phase_then_the_cards() -> None:
    state = GuessVariant(players=3).new_game(seed=2)
    assert isinstance(state, GuessState)
    assert state.legal_actions() == tuple(Guess(n) for n in range(6))
    with pytest.raises(cardrules.WrongPhaseError, match=r"no card to play yet.*\(G-2\)"):
        state.apply(Play(state.hand(1)[0]))
    with pytest.raises(cardrules.IllegalActionError, match=r"may not guess 9 now \(G-2\)"):
        state.apply(Guess(9))
    for _ in range(3):
        state = state.apply("guess 1")
    assert state.view(0).guesses == (1, 1, 1)
    with pytest.raises(cardrules.WrongPhaseError, match=r"plays a card now, not 'guess 1' \(G-2\)"):
        state.apply("guess 1")
    with pytest.raises(cardrules.WrongPhaseError, match=r"not over: 5 tricks to play"):
        state.result()
    assert state.returns() == (0.0, 0.0, 0.0)
    rng = random.Random(2)
    while not state.is_terminal:
        before = state.tricks
        state = state.apply(rng.choice(state.legal_actions()))
        assert len(state.tricks) >= len(before)
    assert sum(state.tricks_won) == 5
    assert state.returns() == state.result().returns
    view = state.view(1)
    assert len(view.observation()) == GuessVariant(players=3).info.observation_size
    assert "GuessView seat=1" in repr(view)


# -- TrickPlay ---------------------------------------------------------------------------------


def test_trick_play_checks_each_card_with_the_games_rule_ids() -> None:
    table = plain_rules(DECK, trump=Suit.CLUBS).compile()
    hands = [["AS", "2H", "3C"], ["KS", "4H", "5D"], ["QH", "6D", "7C"]]
    play = TrickPlay.deal(table, hands, leader=0)
    assert play.to_play == 0
    play = play.play(Card.parse("AS"))
    rules = {"deck": "X-1", "follow": "X-2"}
    with pytest.raises(cardrules.MustFollowSuitError, match=r"holds spades.*\(X-2\)") as info:
        play.check(Card.parse("4H"), 1, rule_ids=rules)
    assert info.value.rule_id == "X-2"
    with pytest.raises(cardrules.CardNotInHandError, match="seat 1 does not hold QH"):
        play.check(Card.parse("QH"), 1)
    with pytest.raises(cardrules.UnknownCardError, match=r"21T is not in the deck \(X-1\)"):
        play.check(Card.trump(21), 1, rule_ids=rules)
    assert play.check(Card.parse("KS"), 1) == DECK.index(Card.parse("KS"))
    play = play.play(Card.parse("KS")).play(Card.parse("7C"))
    # The trump takes it, and its seat leads.
    assert (play.tricks_won, play.to_play, play.current) == ((0, 0, 1), 2, ())
    assert play.tricks == (
        Trick(2 - 2, ((0, Card.parse("AS")), (1, Card.parse("KS")), (2, Card.parse("7C"))), 2),
    )
    assert play.played() == frozenset(Card.parse(c) for c in ("AS", "KS", "7C"))
    copy = pickle.loads(pickle.dumps(play))  # noqa: S301 - our own bytes
    assert copy == play
    assert hash(copy) == hash(play)
    with pytest.raises(AttributeError):
        play.leader = 0
    with pytest.raises(cardrules.InvalidArgumentError):
        play.play(Card.parse("AS"))
    with pytest.raises(cardrules.DealError, match="dealt twice"):
        TrickPlay.deal(table, [["AS"], ["AS"]], leader=0)
    with pytest.raises(cardrules.InvalidArgumentError):
        TrickPlay.deal(table, [["AS"], ["KS"]], leader=2)


def test_trick_play_reads_every_duty_from_the_declaration() -> None:
    rules = TrickRules(
        cards=DECK,
        suit_of={c: c.suit for c in DECK},
        strength={c: int(c.rank) for c in DECK},
        trump=Suit.CLUBS,
        must_trump=True,
        must_overtrump=True,
    )
    play = TrickPlay.deal(rules.compile(), [["2H"], ["3C", "9C", "4D"]], leader=0)
    play = play.play(Card.parse("2H"))
    with pytest.raises(cardrules.MustTrumpError, match=r"\(X-3\)"):
        play.check(Card.parse("4D"), 1, rule_ids={"trump": "X-3"})
    assert play.legal_cards() == (Card.parse("3C"), Card.parse("9C"))
    other = TrickPlay.deal(rules.compile(), [["2C"], ["3C", "9C"], ["5C"]], leader=0)
    other = other.play(Card.parse("2C")).play(Card.parse("9C"))
    with pytest.raises(cardrules.MustOvertrumpError):
        TrickPlay.deal(rules.compile(), [["5C"], ["3C", "9C"]], leader=0).play(
            Card.parse("5C")
        ).check(Card.parse("3C"), 1)


def test_the_play_layout_and_by_seat() -> None:
    layout = observation_layout(*play_layout(4, 52))
    assert [(b.name, b.offset, b.size) for b in layout] == [
        ("hand", 0, 52),
        ("played", 52, 208),
        ("trick", 260, 208),
        ("tricks_won", 468, 4),
        ("to_play", 472, 4),
    ]
    table = plain_rules(DECK).compile()
    play = TrickPlay.deal(table, [DECK[0:2], DECK[2:4], DECK[4:6], DECK[6:8]], leader=1)
    play = play.play(DECK[2])
    obs = play.observation(0)
    assert len(obs) == layout[-1].stop
    assert obs[0:2] == [1.0, 1.0]
    # Seat 1 played 2S: block 1 of "played" and of "trick", seen from seat 0.
    assert obs[52 + 52 + 2] == obs[260 + 52 + 2] == 1.0
    assert obs[472 + 2] == 1.0  # seat 2 is to play
    assert by_seat([None, 3], 1, 4) == [0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0]


# -- GameInfo ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"players": 0}, "players must be a positive int"),
        ({"seat_names": ("N", "N")}, "seat_names must be 2 distinct"),
        ({"seat_names": ("N",)}, "seat_names must be 2 distinct"),
        ({"deal_word": ""}, "deal_word"),
        ({"max_game_length": 0}, "max_game_length"),
        ({"score_bounds": (3, 1)}, "score_bounds"),
        ({"score_bounds": (None, 1)}, "score_bounds"),
        ({"observation_layout": (ObservationBlock("a", 2, (3,), ""),)}, "does not start at 0"),
        (
            {"observation_layout": observation_layout(("a", (1,), ""), ("a", (1,), ""))},
            "same name",
        ),
        ({"statistics": ("tricks",)}, "Statistic values"),
        ({"teams": (("AB", (0, 5)),)}, "a team is a name and seats"),
        ({"player_range": (3, 5)}, "player_range must hold 2 players"),
        ({"bot": "cardrules.bots.RandomBot"}, "'module:Class' path"),
    ],
)
def test_game_info_refuses_what_describes_no_game(fields: dict[str, Any], message: str) -> None:
    with pytest.raises(cardrules.InvalidArgumentError, match=message):
        GameInfo(**{"players": 2, "num_actions": 10, **fields})


def test_game_info_reads_its_layout_and_seats() -> None:
    info = GameInfo(
        players=3, num_actions=5, observation_layout=observation_layout(*play_layout(3, 4))
    )
    assert info.seat_names == ("0", "1", "2")
    assert info.player_range == (3, 3)
    assert info.observation_size == 4 + 12 + 12 + 3 + 3
    assert info.block("trick").offset == 16
    assert info.deals_word == "deals"
    with pytest.raises(cardrules.InvalidArgumentError):
        info.block("nothing")
    with pytest.raises(cardrules.InvalidSeatError):
        info.seat_name(3)
    assert GameInfo(players=1, num_actions=1).observation_size == 0


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"kind": "mean"}, "kind is one of"),
        ({"kind": "sum"}, "reads a fact"),
        ({"kind": "share", "fact": "kind"}, "counts one value"),
        ({"kind": "tally"}, "lists its counts"),
        ({"kind": "tally", "counts": (("a", "f", 1),), "text": "{b}"}, "names b"),
        ({"kind": "tally", "counts": (("a", "f", 1),), "text": "{a"}, "malformed"),
        ({"kind": "sum", "fact": "x", "text": "{x}"}, "without a text"),
        ({"kind": "sum", "fact": "x", "label": ""}, "label is a non-empty str"),
    ],
)
def test_a_statistic_is_checked_when_declared(fields: dict[str, Any], message: str) -> None:
    with pytest.raises(cardrules.InvalidArgumentError, match=message):
        Statistic(**{"name": "s", "label": "S", **fields})


def test_a_variant_without_a_declaration_declares_its_seats_and_actions() -> None:
    toy = __import__("cardrules_core_toy")  # loaded by tests/conftest.py
    variant = toy.ToyVariant()
    info = variant.info
    assert (info.players, info.num_actions) == (variant.players, variant.num_actions)
    assert (info.score_bounds, info.max_game_length, info.observation_size) == (None, None, 0)
    state = variant.new_game(seed=1)
    assert variant.deal_statistics(state) == {}
    action = state.legal_actions()[0]
    assert variant.action_seen_by(action, 0, 1) is action
    with pytest.raises(cardrules.InvalidArgumentError, match="cannot be sampled"):
        variant.sample_state(state.view(0), random.Random(1))


def test_deal_is_a_value_of_the_deal() -> None:
    variant = GuessVariant()
    deal = Deal(variant, 0, (DECK[:5], DECK[5:10], DECK[10:15]))
    assert GuessState.first(deal).deal_piles() == deal.hands
    assert GuessState.leader(deal) == 1


class NamedGuessVariant(GuessVariant):
    """The guessing game at a table whose seats have names."""

    @property
    def info(self) -> GameInfo:
        return attrs.evolve(super().info, seat_names=("Nord", "Est", "Sud"))


def test_a_trick_states_errors_name_seats_as_declared_and_carry_the_caller() -> None:
    state = NamedGuessVariant(players=3).new_game(seed=2)
    with pytest.raises(cardrules.NotYourTurnError) as info:
        state.apply("guess 1", seat=2)
    assert str(info.value) == "it is not Sud's turn: Est is to play"
    assert info.value.to_dict()["action"] == "guess 1"
    with pytest.raises(cardrules.WrongPhaseError, match=r"^Est has no card to play yet") as wrong:
        state.apply(Play(state.hand(1)[0]), seat=1)
    assert wrong.value.to_dict()["rule_id"] == "G-2"
    with pytest.raises(cardrules.NotationError) as bad:
        state.apply("guess", seat=1)
    assert (bad.value.seat, bad.value.to_dict()["action"]) == (1, "guess")
    plain = GuessVariant(players=3).new_game(seed=2)
    with pytest.raises(cardrules.NotYourTurnError, match="it is not seat 2's turn: seat 1 is"):
        plain.apply("guess 1", seat=2)
