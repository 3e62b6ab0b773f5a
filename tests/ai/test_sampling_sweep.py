"""``view.sample_state`` over every option set of both games: it never refuses a view the
library gave, and its placement stage already keeps what the view reveals (voids, the
écart's trumps, the poignées shown by level), so that the replay check seldom rejects.

The default run samples one view at every step of one deal per option set (a few
seconds); the deep tier (``tests/tiers.py``) samples every seat's view at every step of
up to 40 deals.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest

import cardrules
import cardrules._sampling as sampling
from cardrules import EXCUSE, Card, CardKind, State
from cardrules._sampling import deal_hidden
from cardrules.bid_euchre import BidEuchreView
from cardrules.bid_euchre.cards import NO_TRUMP, effective_suit
from cardrules.bid_euchre.view import _places_of as euchre_places
from cardrules.tarot import Bid, Contract, DeclarePoignee, Discard, TarotView
from cardrules.tarot.view import _places_of as tarot_places

if TYPE_CHECKING:
    from tests import tiers
    from tests.ai import option_sets
else:
    import cardrules_option_sets as option_sets  # loaded by tests/conftest.py
    import cardrules_test_tiers as tiers  # loaded by tests/conftest.py

DEALS = tiers.volume(1, 40)


def _seats(state: State, step: int) -> range:
    """Every seat in the deep tier; one seat per step (in turn) otherwise."""
    players = state.variant.players
    if tiers.DEEP:
        return range(players)
    return range(step % players, step % players + 1)


@pytest.mark.deep
@pytest.mark.parametrize(("variant_id", "options"), option_sets.OPTION_SETS, ids=option_sets.IDS)
def test_sampling_never_refuses_a_genuine_view(variant_id: str, options: dict[str, Any]) -> None:
    variant = option_sets.variant_of(variant_id, options)
    rng = random.Random(f"sweep {variant_id} {options}")
    steps = sampled = 0
    for step, state in enumerate(option_sets.deals(variant, DEALS, rng)):
        steps += 1
        for seat in _seats(state, step):
            view = state.view(seat)
            sample = view.sample_state(rng)
            assert type(sample) is type(state)
            assert sample.variant == variant
            assert sample.view(seat) == view, (state.position(), seat)  # type: ignore[attr-defined]
            sampled += 1
    assert sampled >= steps >= 10 * DEALS


# -- what the placement stage knows ------------------------------------------------------


def _tarot_barred(view: TarotView) -> dict[int, set[Card]]:
    """The cards each other seat cannot hold, read from the tricks (T-22): a seat that
    did not follow holds none of the suit led; one that neither followed nor trumped
    holds no trump either; one that trumped under a higher trump holds none above it."""
    barred: dict[int, set[Card]] = {s: set() for s in range(view.players)}
    trumps = [c for c in variant_deck("tarot") if c.kind is CardKind.TRUMP]
    for trick in (*view.tricks, view.trick):
        plays = [(s, c) for s, c in trick if c is not EXCUSE]
        if not plays:
            continue
        led = plays[0][1]
        led_suit = None if led.kind is CardKind.TRUMP else led.suit
        best = led.rank if led.kind is CardKind.TRUMP else 0
        for seat, card in plays[1:]:
            if card.kind is CardKind.TRUMP:
                if led_suit is not None:
                    barred[seat] |= {c for c in variant_deck("tarot") if c.suit is led_suit}
                if card.rank < best:
                    barred[seat] |= {c for c in trumps if c.rank > best}
                best = max(best, card.rank)
            elif card.suit is not led_suit:
                barred[seat] |= set(trumps)
                if led_suit is not None:
                    barred[seat] |= {c for c in variant_deck("tarot") if c.suit is led_suit}
    return barred


def _euchre_barred(view: BidEuchreView) -> dict[int, set[Card]]:
    """The cards each seat cannot hold: those of the effective suit led (E-17, E-19), or
    named for a joker led (E-37), that it did not follow."""
    barred: dict[int, set[Card]] = {s: set() for s in range(4)}
    trump = view.trump
    if trump is None or view.options.renege_mode == "penalize":
        return barred  # a card off suit may be a renege (E-23)
    deck = variant_deck("bid-euchre", joker=view.options.joker)
    tricks = [(t.plays, t.named_suit) for t in view.tricks]
    if view.trick:
        tricks.append((view.trick, view.named_suit))
    for plays, named in tricks:
        led = effective_suit(plays[0][1], trump)
        if plays[0][1] == cardrules.JOKER and trump is NO_TRUMP:
            led = named
        if led is None:
            continue
        for seat, card in plays[1:]:
            if effective_suit(card, trump) is not led:
                barred[seat] |= {c for c in deck if effective_suit(c, trump) is led}
    return barred


def variant_deck(variant_id: str, **options: Any) -> tuple[Card, ...]:
    return tuple(cardrules.get_variant(variant_id, **options).deck)


def _views(variant_id: str, options: dict[str, Any], deals: int, seed: int) -> Iterator[Any]:
    """Views of whole deals: as :func:`_seats` chooses, at every step."""
    variant = option_sets.variant_of(variant_id, options)
    rng = random.Random(seed)
    for step, state in enumerate(option_sets.deals(variant, deals, rng)):
        for seat in _seats(state, step):
            yield state.view(seat)


@pytest.mark.deep
@pytest.mark.parametrize(
    ("variant_id", "options"),
    [
        ("tarot", {"players": 3}),
        ("tarot", {"players": 4}),
        ("tarot", {"players": 5}),
        ("bid-euchre", {}),
        ("bid-euchre", {"joker": True, "allow_no_trump": True}),
        ("bid-euchre", {"double_deck": True}),
    ],
)
def test_the_placement_never_contradicts_a_void(variant_id: str, options: dict[str, Any]) -> None:
    # The deal drawn before the replay already keeps every void the tricks show: the
    # replay check would reject a draw that did not, but only after wasted work.
    rng = random.Random(31)
    checked = 0
    for view in _views(variant_id, options, 2 * DEALS, 32):
        if isinstance(view, TarotView):
            barred = _tarot_barred(view)
            groups, sizes, _ = tarot_places(view)
        else:
            barred = _euchre_barred(view)
            groups, sizes, _ = euchre_places(view)
        if not any(barred[s] for s in barred if s != view.seat):
            continue
        for _ in range(3):
            places = deal_hidden(rng, groups, sizes)
            for seat, cards in barred.items():
                if seat != view.seat:
                    assert not cards & set(places[seat]), (view, seat)
            checked += 1
    assert checked > 20


def test_t15c_the_placement_keeps_plain_cards_from_a_taker_who_put_trumps_in_the_ecart() -> None:
    # The taker holds four kings and 14 trumps; the chien adds three trumps and three
    # low spades, so the écart takes three trumps (T-15c): the taker had no other
    # plain card to put, so no sample may give it one.
    variant = cardrules.get_variant("tarot", players=4)
    taker_hand = [Card.parse(c) for c in ["KS", "KH", "KD", "KC"]]
    taker_hand += [Card.trump(n) for n in range(2, 16)]
    chien = [Card.trump(16), Card.trump(17), Card.trump(18), *map(Card.parse, ("2S", "3S", "4S"))]
    used = {*taker_hand, *chien}
    rest = [c for c in variant.deck if c not in used and c.kind is CardKind.SUIT]
    hands: list[list[Card]] = [
        [EXCUSE, *rest[:17]],
        taker_hand,
        [Card.trump(1), Card.trump(19), *rest[17:33]],
        [Card.trump(20), Card.trump(21), *rest[33:49]],
    ]
    state = variant.deal(hands=hands, chien=chien, dealer=0)
    state = state.apply(Bid(Contract.GARDE))
    while state.phase.name == "BIDDING":
        state = state.apply("pass")
    while state.phase.name == "ECART":
        discards = [a for a in state.legal_actions() if isinstance(a, Discard)]
        plain = [a for a in discards if a.cards[0].kind is CardKind.SUIT]
        state = state.apply((plain or discards)[0])
    view = state.view(2)
    assert sum(c.kind is CardKind.TRUMP for c in view.ecart) == 3
    groups, sizes, _ = tarot_places(view)
    rng = random.Random(33)
    for _ in range(200):
        places = deal_hidden(rng, groups, sizes)
        assert all(c.kind is not CardKind.SUIT or c.rank == 14 for c in places[1])
    for seat in (0, 2, 3):
        assert view.sample_state(rng).view(2) == view
        assert state.view(seat).sample_state(rng).view(seat) == state.view(seat)


@pytest.mark.deep
@pytest.mark.parametrize(
    ("variant_id", "options"),
    [("tarot", {"players": 4}), ("tarot", {"players": 5}), ("bid-euchre", {"joker": True})],
)
def test_a_sample_is_seldom_drawn_twice(
    variant_id: str, options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The draws the replay check rejects, counted: what the view reveals is in the
    # placement, so nearly every sample is the first deal drawn.
    draws = [0]
    original = sampling.deal_hidden

    def counting(*args: Any) -> Any:
        draws[0] += 1
        return original(*args)

    monkeypatch.setattr(sampling, "deal_hidden", counting)
    rng = random.Random(34)
    samples = 0
    for view in _views(variant_id, options, 2 * DEALS, 35):
        view.sample_state(rng)
        samples += 1
    assert samples > 40
    assert draws[0] <= 1.05 * samples


# -- poignées declared by their level ----------------------------------------------------


@pytest.mark.deep
@pytest.mark.parametrize("players", [3, 4, 5])
def test_t19_canonical_poignees_sample_deals_that_replay_by_action_ids(players: int) -> None:
    # Bots declare poignées by level (their ids), which shows the lowest trumps; with
    # canonical_poignees=True a sample keeps that, so its history replayed by action ids
    # (as OpenSpiel does) shows the same poignées and the same view.
    variant = cardrules.get_variant("tarot", players=players, poignee_thresholds=_LOW)
    rng = random.Random(36 + players)
    checked = 0
    for step, state in enumerate(option_sets.deals(variant, 3 * DEALS, rng)):
        for seat in _seats(state, step):
            view = state.view(seat)
            if not any(p.seat != seat for p in view.poignees):
                continue
            sample = view.sample_state(rng, canonical_poignees=True)
            assert sample.view(seat) == view
            declared = [a for _, a in sample.history if isinstance(a, DeclarePoignee)]
            assert all(a.cards is None for a in declared)
            replayed = variant.state_from_deal_json(sample.dealer, variant.deal_json(sample))
            for _, action in sample.history:
                replayed = replayed.apply(variant.action_id(action))
            assert replayed.view(seat) == view
            checked += 1
    assert checked > 5
    view = variant.new_game(seed=1).view(0)
    with pytest.raises(cardrules.InvalidArgumentError, match="canonical_poignees"):
        view.sample_state(rng, canonical_poignees="yes")  # type: ignore[arg-type]


_LOW = {3: (8, 10, 12), 4: (6, 8, 10), 5: (4, 6, 8)}


def test_t42_a_called_queen_shows_that_the_taker_was_dealt_every_king() -> None:
    # Five players: seat 1 holds the four kings, so it may call only a queen (T-42). A
    # sample that gave a king to another seat would refuse the call: none does.
    variant = cardrules.get_variant("tarot", players=5)
    kings = [Card.parse(c) for c in ("KS", "KH", "KD", "KC")]
    rest = [c for c in variant.deck if c not in kings]
    random.Random(41).shuffle(rest)
    taker = [*kings, *rest[:11]]
    hands = [rest[11:26], taker, rest[26:41], rest[41:56], rest[56:71]]
    state = variant.deal(hands=hands, chien=rest[71:74], dealer=0)
    state = state.apply(Bid(Contract.GARDE))
    while state.phase.name == "BIDDING":
        state = state.apply("pass")
    assert all(c.card.rank == 13 for c in state.legal_actions())  # type: ignore[attr-defined]
    state = state.apply("call QS")
    while state.phase.name in ("ECART", "ANNOUNCE"):
        state = state.apply(state.legal_actions()[0])
    rng = random.Random(42)
    for seat in (0, 2, 3, 4):
        view = state.view(seat)
        groups, sizes, _ = tarot_places(view)
        for _ in range(50):
            assert set(kings) <= set(deal_hidden(rng, groups, sizes)[1])
        sample = view.sample_state(rng)
        assert sample.view(seat) == view
        assert set(kings) <= set(sample.hand(1))
