"""The help exchange (E-14) and the moon (E-15); worked cases X1, X3 and X4."""

from __future__ import annotations

import pytest

from cardrules import (
    JOKER,
    Card,
    CardNotInHandError,
    ExchangeError,
    NotYourTurnError,
    UnknownCardError,
    WrongPhaseError,
)
from cardrules.bid_euchre import BidEuchreState, BidEuchreVariant, Give, Phase

# N: 9C 10C JH QH KH 9H; S as in X1: JD AH 10S KC QD 9S. W deals.
X1_DEAL = [
    "9C 10C JH QH KH 9H",
    "JS QS KS AS 10H 9D",
    "JD AH 10S KC QD 9S",
    "10D KD AD JC QC AC",
]


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(c) for c in text.split())


def drive(state: BidEuchreState, actions: list[str]) -> BidEuchreState:
    for action in actions:
        state = state.apply(action)
    return state


def legal(state: BidEuchreState) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def help_in(
    trump: str, deal: list[str] = X1_DEAL, dealer: int = 3, **options: object
) -> BidEuchreState:
    variant = BidEuchreVariant(**options)  # type: ignore[arg-type]
    state = variant.deal(hands=deal, dealer=dealer)
    return drive(state, ["bid 6H", "pass", "pass", "pass", f"trump {trump}"])


# -- worked cases ---------------------------------------------------------------------------


def test_x1_partner_must_pass_the_left_bower() -> None:
    state = help_in("hearts")
    assert state.phase is Phase.EXCHANGE
    assert state.to_play == 0
    state = state.apply("give 9C")
    assert state.to_play == 2
    assert legal(state) == {"give JD"}
    state = state.apply("give JD")
    # N plays the hand with six cards; S's hand is dead.
    assert state.phase is Phase.PLAY
    assert state.to_play == 0
    assert sorted(map(str, state.hand(0))) == sorted(["10C", "JH", "QH", "KH", "9H", "JD"])
    assert sorted(map(str, state.hand(2))) == sorted(["AH", "10S", "KC", "QD", "9S", "9C"])
    assert state.sitting_out == 2


def test_x3_partner_must_pass_the_joker() -> None:
    deal = [
        "9C 10C JH QH KH 9H",
        "QS KS AS 10H 9D 10D",
        "JK JS 9S AH 10S KC",
        "KD AD JC QC AC JD QD",
    ]
    state = BidEuchreVariant(joker=True).deal(hands=deal, dealer=3)
    state = drive(state, ["discard QD", "bid 6H", "pass", "pass", "pass", "trump spades"])
    state = state.apply("give 9C")
    assert legal(state) == {"give JK"}
    with pytest.raises(ExchangeError) as info:
        state.apply("give JS")
    assert info.value.rule_id == "E-14"
    assert "JK" in str(info.value)


def test_x4_partner_choice_any_dealt_card() -> None:
    state = help_in("hearts", help_card_rule="partner_choice").apply("give 9C")
    assert legal(state) == {f"give {c}" for c in ("JD", "AH", "10S", "KC", "QD", "9S")}
    state = state.apply("give 9S")
    assert state.phase is Phase.PLAY
    assert Card.parse("9S") in state.hand(0)


# -- E-14 clause by clause ------------------------------------------------------------------


def test_e14_trump_is_named_before_the_exchange() -> None:
    state = drive(
        BidEuchreVariant().deal(hands=X1_DEAL, dealer=3), ["bid 6H", "pass", "pass", "pass"]
    )
    assert state.phase is Phase.TRUMP
    with pytest.raises(WrongPhaseError):
        state.apply("give 9C")


def test_e14_declarer_gives_any_card_first() -> None:
    state = help_in("hearts")
    assert legal(state) == {f"give {c}" for c in ("9C", "10C", "JH", "QH", "KH", "9H")}
    with pytest.raises(NotYourTurnError):
        state.apply("give JD", seat=2)
    with pytest.raises(CardNotInHandError):
        state.apply("give AS")
    with pytest.raises(UnknownCardError):
        state.apply("give 8S")


def test_e14_the_card_received_does_not_count_as_the_best_trump() -> None:
    # N gives the right bower JH to S; S must still pass JD, the best of its own six.
    state = help_in("hearts").apply("give JH")
    assert legal(state) == {"give JD"}
    with pytest.raises(ExchangeError, match="just received"):
        state.apply("give JH")
    with pytest.raises(ExchangeError, match="highest trump, JD"):
        state.apply("give AH")


# S holds JH AH 10S KC 9S 10C; W holds the club jack, E the spade jack.
BEST_TRUMP_DEAL = [
    "9D 10D JD QD KD AD",
    "JS QS KS AS 10H 9H",
    "JH AH 10S KC 9S 10C",
    "QH KH 9C JC QC AC",
]


@pytest.mark.parametrize(
    ("trump", "best"),
    [("hearts", "JH"), ("diamonds", "JH"), ("spades", "10S"), ("clubs", "KC")],
)
def test_e14_partner_passes_the_best_trump_by_e16(trump: str, best: str) -> None:
    state = help_in(trump, deal=BEST_TRUMP_DEAL).apply("give 9D")
    assert legal(state) == {f"give {best}"}


def test_e14_partner_without_trump_passes_any_dealt_card_but_not_the_one_received() -> None:
    # Hearts are trump, N holds all six, and the left bower JD is W's: S has no trump.
    deal = [
        "9H 10H JH QH KH AH",
        "JS QS KS AS 10D 9D",
        "JC AC 10S KC 9S 10C",
        "QD KD 9C JD QC AD",
    ]
    state = help_in("hearts", deal=deal).apply("give 9H")
    assert legal(state) == {f"give {c}" for c in ("JC", "AC", "10S", "KC", "9S", "10C")}
    with pytest.raises(ExchangeError, match="just received"):
        state.apply("give 9H")


def test_e14_declarer_again_holds_a_full_hand_and_leads() -> None:
    state = drive(help_in("hearts"), ["give 9C", "give JD"])
    assert len(state.hand(0)) == 6
    assert state.to_play == 0
    assert state.given == (Card.parse("9C"),)
    assert state.returned == (Card.parse("JD"),)


def test_e14_exchange_count_two_takes_the_two_best_trumps() -> None:
    state = help_in("hearts", help_exchange_count=2)
    state = drive(state, ["give 9C", "give 10C"])
    assert state.to_play == 2
    assert legal(state) == {"give JD"}
    state = state.apply("give JD")
    assert legal(state) == {"give AH"}
    state = state.apply("give AH")
    assert state.phase is Phase.PLAY
    assert len(state.hand(0)) == 6


def test_e14_exchange_count_tops_up_with_a_choice() -> None:
    state = help_in("hearts", help_exchange_count=3)
    state = drive(state, ["give 9C", "give 10C", "give 9H", "give JD", "give AH"])
    # S has no trump left among its dealt cards: any of the other four.
    assert legal(state) == {f"give {c}" for c in ("10S", "KC", "QD", "9S")}


def test_e14_no_trump_help_partner_must_pass_the_joker() -> None:
    deal = [
        "9C 10C JH QH KH 9H",
        "QS KS AS 10H 9D 10D",
        "JK JS 9S AH 10S KC",
        "KD AD JC QC AC JD QD",
    ]
    variant = BidEuchreVariant(joker=True, allow_no_trump=True)
    state = drive(
        variant.deal(hands=deal, dealer=3),
        ["discard QD", "bid 6H", "pass", "pass", "pass", "trump no-trump", "give 9C"],
    )
    assert legal(state) == {"give JK"}


def test_e14_no_trump_help_without_the_joker_passes_any_card() -> None:
    state = help_in("no-trump", allow_no_trump=True).apply("give 9C")
    assert len(legal(state)) == 6


AFTER_TRUMP_DEAL = [
    "9C 10C JH QH KH 9H",
    "QS KS AS 10H 9D 10D",
    "JK JS 9S AH 10S KC QD",
    "KD AD JC QC AC JD",
]


@pytest.mark.parametrize(
    ("calls", "declarer"),
    [
        (["pass", "bid 6H", "pass", "pass"], 0),  # the dealer S is the partner
        (["pass", "pass", "pass", "bid 6H"], 2),  # the dealer S is the declarer
        (["bid 6H", "pass", "pass", "pass"], 3),  # the dealer S defends
    ],
)
def test_e14_after_trump_the_dealer_discards_before_the_exchange(
    calls: list[str], declarer: int
) -> None:
    variant = BidEuchreVariant(joker=True, joker_discard_timing="after_trump")
    state = drive(variant.deal(hands=AFTER_TRUMP_DEAL, dealer=2), [*calls, "trump spades"])
    assert state.declarer == declarer
    assert state.phase is Phase.DISCARD
    assert state.to_play == 2
    assert len(state.hand(2)) == 7
    state = state.apply("discard QD")
    assert state.phase is Phase.EXCHANGE
    assert state.to_play == declarer


def test_e14_after_trump_partner_best_trump_from_kept_cards() -> None:
    variant = BidEuchreVariant(joker=True, joker_discard_timing="after_trump")
    # S deals and is N's partner: S discards the joker, then its best trump is JS.
    state = drive(
        variant.deal(hands=AFTER_TRUMP_DEAL, dealer=2),
        ["pass", "bid 6H", "pass", "pass", "trump spades", "discard JK", "give 9C"],
    )
    assert legal(state) == {"give JS"}


def test_e14_double_deck_help_exchanges_one_card() -> None:
    variant = BidEuchreVariant(double_deck=True)
    state = variant.new_game(seed=3, dealer=3)
    state = drive(state, ["bid 12H", "pass", "pass", "pass", "trump clubs"])
    state = state.apply(state.legal_actions()[0])
    assert state.to_play == 2
    state = state.apply(state.legal_actions()[0])
    assert state.phase is Phase.PLAY
    assert len(state.hand(0)) == 12


def test_e14_give_actions_are_interned() -> None:
    assert Give(Card.parse("9C")) is Give(Card.parse("9c"))
    assert str(Give(JOKER)) == "give JK"


# -- E-15 the moon ---------------------------------------------------------------------------


def test_e15_moon_has_no_exchange() -> None:
    variant = BidEuchreVariant()
    state = drive(variant.deal(hands=X1_DEAL, dealer=3), ["bid 6M", "trump hearts"])
    assert state.phase is Phase.PLAY
    assert state.to_play == 0
    assert state.sitting_out == 2
    assert state.given == ()
    assert len(state.hand(0)) == 6
    with pytest.raises(WrongPhaseError):
        state.apply("give 9C")


# -- E-40 who sees the exchange ----------------------------------------------------------------


def test_e40_exchange_visible_to_the_partners_only() -> None:
    state = drive(help_in("hearts"), ["give 9C", "give JD"])
    for seat in (0, 2):
        view = state.view(seat)
        assert view.given == cards("9C")
        assert view.returned == cards("JD")
    for seat in (1, 3):
        view = state.view(seat)
        assert view.given == ()
        assert view.returned == ()
        assert "9C" not in repr(view)
        assert "'JD'" not in repr(view)
