"""Hostile input, class by class: card objects of every deck and integers of any size.

The bad-input table of the testing guide lists cases; this module covers the classes
they come from, on states of seeded random playouts of both variants under several
option sets, in every phase:

* (a) every card object there is (the 79 of ``Card.from_index``: the 52-card, Euchre and
  Tarot decks, the Excuse and the joker) in every action class that carries a card, of
  either variant, given to ``apply``, ``check`` and ``is_legal`` by the seat to play and
  by another seat; and in the hands of a deal, and to the card helpers;
* (b) integers far past Python's 4,300-digit printing limit, of about 400 digits, -1,
  2**63 and 2**53 + 1 in every numeric argument (seats, dealers, options, score facts,
  match arguments, action ids, seeds) and in every field of a JSON record, numbers and
  strings alike.

A rejected call must raise a :class:`~cardrules.CardrulesError` (the documented
subclass where there is one) and change nothing (TESTING.md, "Atomicity"): the state
equals its copy and has the same legal actions, a legal action then gives the same state
as on a fresh copy, and no card hidden from the caller appears in the message or the
repr. An accepted call must agree with ``is_legal`` and ``check``.

Every try is counted by class; ``pytest -s`` prints the tally at the end of the module.
The deep tier (``CARDRULES_DEEP=1``, ``tests/tiers.py``) plays more deals and tries every
card in every state.
"""

from __future__ import annotations

import functools
import json
import pickle
import random
import re
import sys
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, Final

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardrules
from cardrules import (
    EXCUSE,
    JOKER,
    Action,
    Card,
    CardrulesError,
    GameOverError,
    IllegalActionError,
    InvalidActionError,
    InvalidSeatError,
    NotYourTurnError,
    OptionsError,
    Pass,
    Play,
    RecordError,
    ScoreInputError,
    State,
    UnknownCardError,
    decks,
)
from cardrules._util import quote
from cardrules.bid_euchre import (
    NO_TRUMP,
    BidEuchreMatch,
    BidEuchreOptions,
    BidEuchreVariant,
    ClaimAceNoFace,
    Contract,
    ContractKind,
    HandFacts,
    NameSuit,
    NameTrump,
    effective_suit,
    score_hand,
)
from cardrules.bid_euchre import Bid as EuchreBid
from cardrules.bid_euchre import Discard as EuchreDiscard
from cardrules.bid_euchre import Give as EuchreGive
from cardrules.bid_euchre import Phase as EuchrePhase
from cardrules.tarot import (
    AnnounceChelem,
    Call,
    DealFacts,
    DealResult,
    DeclarePoignee,
    TarotMatch,
    TarotOptions,
    TarotVariant,
    card_half_points,
    legal_cards,
    score_deal,
    trick_winner,
)
from cardrules.tarot import Bid as TarotBid
from cardrules.tarot import Contract as TarotContract
from cardrules.tarot import Discard as TarotDiscard
from cardrules.tarot import Phase as TarotPhase
from cardrules.tarot.scoring import target_points

if TYPE_CHECKING:
    from tests import tiers
else:
    import cardrules_test_tiers as tiers  # loaded by tests/conftest.py

DEEP: Final = tiers.DEEP
# Seeded random deals per configuration, and card objects tried in each of their states
# (the joker and the Excuse always, then a sample; every card in the deep run).
DEALS: Final = tiers.volume(1, 4)
CARDS_PER_STATE: Final = tiers.volume(1, 77)
# Record fields replaced by each number: every field in the deep run, else a sample of
# the card codes and actions with every other field.
RECORD_SAMPLE: Final = tiers.volume(12, 10_000)
# Every state gets seats of every size in the deep run, one state in this many else.
SEAT_STRIDE: Final = 1 if DEEP else 7

UNIVERSE: Final = tuple(Card.from_index(i) for i in range(79))

HUGE: Final = 10**5000 + 1
NUMBERS: Final[dict[str, int]] = {
    "5,001 digits": HUGE,
    "-5,001 digits": -HUGE,
    "20,001 digits": 10**20000,
    "401 digits": 10**400 + 7,
    "-401 digits": -(10**400) - 7,
    "-1": -1,
    "2**63": 2**63,
    "2**53+1": 2**53 + 1,
}
# The same numbers as JSON literals (str() cannot write the longest ones).
LITERALS: Final[dict[str, str]] = {
    "5,001 digits": "1" + "0" * 4999 + "1",
    "-5,001 digits": "-1" + "0" * 4999 + "1",
    "20,001 digits": "1" + "0" * 20000,
    "401 digits": "1" + "0" * 398 + "07",
    "-401 digits": "-1" + "0" * 398 + "07",
    "-1": "-1",
    "2**63": str(2**63),
    "2**53+1": str(2**53 + 1),
}
JSON_SAFE: Final = 2**53

LOW_POIGNEES: Final = {3: (8, 10, 12), 4: (6, 8, 10), 5: (5, 7, 9)}
CONFIGS: Final[dict[str, cardrules.Variant]] = {
    "tarot-3": TarotVariant(players=3),
    "tarot-4": TarotVariant(poignee_thresholds=LOW_POIGNEES),
    "tarot-5": TarotVariant(players=5, poignee_thresholds=LOW_POIGNEES),
    "euchre": BidEuchreVariant(),
    "euchre-joker": BidEuchreVariant(joker=True, allow_no_trump=True, ace_no_face=True),
    "euchre-joker-after-trump": BidEuchreVariant(
        joker=True, joker_discard_timing="after_trump", allow_no_trump=True, help_exchange_count=2
    ),
    "euchre-double": BidEuchreVariant(double_deck=True, help_card_rule="partner_choice"),
    "euchre-penalize": BidEuchreVariant(
        renege_mode="penalize",
        bidding_style="continuous",
        stick_the_dealer=True,
        allow_plain_six=True,
    ),
}

# -- the tally ---------------------------------------------------------------------------

TALLY: Final[dict[str, Counter[str]]] = defaultdict(Counter)
PHASES: Final[dict[str, set[object]]] = defaultdict(set)


@pytest.fixture(scope="module", autouse=True)
def _print_tally(request: pytest.FixtureRequest) -> Iterator[None]:
    failed_before = request.session.testsfailed
    yield
    width = max((len(k) for k in TALLY), default=10)
    if request.session.testsfailed > failed_before:
        verdict = "A TEST FAILED: the figures below stop at the failure"
    else:
        verdict = "wrong exception types 0, state changes 0, leaks 0 (each would fail)"
    lines = [
        f"\nhostile inputs ({'deep' if DEEP else 'ci'} budgets): {verdict}",
        f"  {'class':<{width}}  {'tries':>8}  {'rejected':>8}  {'accepted':>8}",
    ]
    for klass in sorted(TALLY):
        c = TALLY[klass]
        lines.append(f"  {klass:<{width}}  {c['tries']:>8}  {c['rejected']:>8}  {c['accepted']:>8}")
    total = sum(c["tries"] for c in TALLY.values())
    lines.append(f"  {'total':<{width}}  {total:>8}")
    lines.append(
        "error fields: " + ", ".join(f"{k} {v}" for k, v in sorted(FIELDS.items())) or "none"
    )
    print("\n".join(lines))


def tally(klass: str, outcome: str) -> None:
    TALLY[klass]["tries"] += 1
    TALLY[klass][outcome] += 1


# -- states --------------------------------------------------------------------------------


def _rare(state: State, action: Action) -> bool:
    """Actions a uniform pick seldom takes, which lead to the rarer phases."""
    if isinstance(action, (AnnounceChelem, DeclarePoignee, ClaimAceNoFace, NameSuit, Call)):
        return True
    if action == Pass() and state.phase is TarotPhase.BIDDING:  # type: ignore[attr-defined]
        # Once a Prise or a Garde is bid, passing leads to the écart.
        return any(c is not None for _, c in state.bids)  # type: ignore[attr-defined]
    if action == Pass() and state.phase is EuchrePhase.AUCTION:  # type: ignore[attr-defined]
        # Once a help bid is the highest, passing leads to the help exchange.
        high = state.auction.high_bid  # type: ignore[attr-defined]
        return high is not None and high.kind is ContractKind.HELP
    if isinstance(action, TarotBid):
        return action.contract in (TarotContract.PRISE, TarotContract.GARDE)
    if isinstance(action, EuchreBid):
        return action.contract.kind is ContractKind.HELP
    return action == NameTrump(NO_TRUMP) or action == Play(JOKER)


def pick(state: State, rng: random.Random) -> Action:
    legal = state.legal_actions()
    rare = [a for a in legal if _rare(state, a)]
    return rng.choice(rare if rare and rng.random() < 0.85 else legal)


@functools.cache
def phase_deals() -> tuple[tuple[str, int], ...]:
    """Deals beyond the first ``DEALS`` of each configuration that reach the phases those
    missed, so that every phase of both games is probed whatever the budget."""
    found: list[tuple[str, int]] = []
    for game in ("tarot", "euchre"):
        names = [n for n in CONFIGS if n.startswith(game)]
        seen = {s.phase for n in names for d in range(DEALS) for s in deal_states(n, d)}  # type: ignore[attr-defined]
        deal = DEALS
        while len(seen) < len(TarotPhase if game == "tarot" else EuchrePhase) and deal < 200:
            for name in names:
                phases = {s.phase for s in deal_states(name, deal)}  # type: ignore[attr-defined]
                if phases - seen:
                    found.append((name, deal))
                    seen |= phases
            deal += 1
    return tuple(found)


@functools.cache
def deal_states(name: str, deal: int) -> tuple[State, ...]:
    """Every state of one seeded random deal of configuration ``name``, the end included."""
    rng = random.Random(f"hostile:{name}:{deal}")
    state = CONFIGS[name].new_game(rng=rng)
    out = [state]
    while not state.is_terminal:
        state = state.apply(pick(state, rng))
        out.append(state)
    return tuple(out)


def all_states() -> Iterator[tuple[str, State]]:
    deals = [(name, deal) for name in CONFIGS for deal in range(DEALS)]
    for name, deal in [*deals, *phase_deals()]:
        for state in deal_states(name, deal):
            PHASES[name.split("-")[0]].add(state.phase)  # type: ignore[attr-defined]
            yield name, state


# -- the atomicity check ----------------------------------------------------------------

_WORD: Final = re.compile(r"[0-9A-Za-z]+")


def hidden_from(state: State, seat: int) -> set[Card]:
    """The cards of other seats' hands that ``seat`` cannot know."""
    view = state.view(seat)
    own = set(getattr(view, "hand", ()))
    public = set(getattr(view, "public_cards", ()))
    return {
        card
        for other in range(state.variant.players)
        if other != seat
        for card in state.hand(other)
        if card not in own and card not in public
    }


def cards_in(action: object) -> set[Card]:
    """The cards a caller's action names: a message may quote them back."""
    found = {getattr(action, "card", None), *(getattr(action, "cards", None) or ())}
    return {c for c in found if isinstance(c, Card)}


def raised(call: Callable[[], object]) -> Exception | None:
    """The exception ``call`` raises, or None (a library error's fields checked)."""
    try:
        call()
    except Exception as exc:  # every type is looked at by the caller
        if isinstance(exc, CardrulesError):
            check_fields(exc)
        return exc
    return None


# -- the error's fields (issue 20: errors filled alike) -------------------------------------

# A rule cited in a message: the specs' IDs and the plugins' ("(W-3)"), with a clause.
CITED: Final = re.compile(r"\b(?:[TE]|[A-Z][A-Z0-9]{0,3})-\d+[a-z]?\b")
FIELDS: Final[Counter[str]] = Counter()
QUOTED: Final = re.compile(r"'[^']*'|\"[^\"]*\"")


def error_schema(variant_id: str | None) -> Any:
    jsonschema: Any = pytest.importorskip("jsonschema")
    return jsonschema.Draft202012Validator(cardrules.json_schema("error", variant_id))


SCHEMA_OF: Final = functools.cache(error_schema)


def check_fields(
    error: CardrulesError,
    action: object = None,
    seat: object = None,
    players: int | None = None,
    variant_id: str = "tarot",
) -> None:
    """The property of the error fields: a rule the message cites (outside the caller's
    quoted input) is ``rule_id``; a seat in range given by the caller is ``error.seat``;
    an action given is in the document (its notation, or quoted junk); the document is
    JSON and valid under the error schema."""
    message = str(error)
    # The caller's text, as the message quotes it whole or in part, cites nothing (any
    # quoted text where the caller's input is not known here).
    caller = action if isinstance(action, str) else ""
    own = QUOTED.sub(lambda m: "" if action is None or m[0][1:-1] in caller else m[0], message)
    cited = {c.rstrip("abcdefghijklmnopqrstuvwxyz") for c in CITED.findall(own)} | set(
        CITED.findall(own)
    )
    if cited:
        assert error.rule_id in cited, f"{error!r} cites {cited}, rule_id {error.rule_id!r}"
        FIELDS["rule cited and carried"] += 1
    document = error.to_dict()
    if players is not None and type(seat) is int and 0 <= seat < players:
        assert error.seat == seat, f"{error!r}: seat {error.seat!r}, not {seat}"
        assert document["seat"] == seat
        FIELDS["seat given and carried"] += 1
    if action is not None:
        shown = document["action"]
        assert isinstance(shown, str), f"{error!r} drops the action {quote(action)}"
        if isinstance(action, str):
            assert action.startswith(shown[:100]) or shown in action, (shown, action)
        elif isinstance(action, Action):
            assert shown == str(action)[:200]
        FIELDS["action given and carried"] += 1
    text = json.dumps(document, allow_nan=False)
    # The envelope's schema, and the schema of the variant that refused it (if built in).
    SCHEMA_OF(None).validate(json.loads(text))
    refused_by = document["variant"] or variant_id
    if refused_by in ("tarot", "bid-euchre"):
        SCHEMA_OF(refused_by).validate(json.loads(text))
    FIELDS["documents valid"] += 1


def assert_no_leak(text: str, state: State, caller: int | None, action: object) -> None:
    if caller is None or not 0 <= caller < state.variant.players or state.is_terminal:
        return
    shown = set(_WORD.findall(text))
    leaked = {str(c) for c in hidden_from(state, caller) - cards_in(action)} & shown
    assert not leaked, f"{text!r} shows {leaked}, hidden from seat {caller}"


class Attempt:
    """One state, its fresh copy and its legal actions: the reference of every try."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.copy: State = pickle.loads(pickle.dumps(state))  # noqa: S301 - our own bytes
        self.legal = state.legal_actions()
        self.after = state.apply(self.legal[0]) if self.legal else None

    def unchanged(self) -> None:
        state = self.state
        assert state == self.copy
        assert state.legal_actions() == self.legal
        if self.legal:
            assert state.apply(self.legal[0]) == self.after == self.copy.apply(self.legal[0])

    def action(
        self, klass: str, action: object, seat: object, expected: type[Exception] | None = None
    ) -> None:
        """``action`` from ``seat`` through apply, check and is_legal, which must agree;
        if refused, by an IllegalActionError (of ``expected`` when given), atomically."""
        state = self.state
        caller = state.to_play if seat is None else seat
        what = f"{quote(action)} from seat {quote(seat)} in {state!r}"
        error = raised(lambda: state.apply(action, seat))  # type: ignore[arg-type]
        if error is None:
            assert state.is_legal(action, seat) is True, what  # type: ignore[arg-type]
            state.check(action, seat)  # type: ignore[arg-type]
            assert expected is None, f"{what} was accepted"
            self.unchanged()
            tally(klass, "accepted")
            return
        assert isinstance(error, expected or IllegalActionError), f"{what}: {error!r}"
        assert isinstance(error, CardrulesError)
        check_fields(error, action, seat, state.variant.players, state.variant.id)
        for text in (str(error), repr(error)):
            assert_no_leak(text, state, caller if type(caller) is int else None, action)
        again = raised(lambda: state.check(action, seat))  # type: ignore[arg-type]
        assert type(again) is type(error), what
        assert state.is_legal(action, seat) is False, what  # type: ignore[arg-type]
        # States are immutable values: a change by any of the three calls would show.
        self.unchanged()
        tally(klass, "rejected")

    def call(self, klass: str, call: Callable[[], object], expected: type[Exception]) -> None:
        """A query that must raise ``expected`` and leave the state alone."""
        with pytest.raises(expected) as info:
            call()
        assert len(str(info.value)) < 300
        repr(info.value)
        self.unchanged()
        tally(klass, "rejected")


# -- (a) card objects of every deck ------------------------------------------------------

CALLABLE: Final = frozenset(c for c in UNIVERSE if c.suit is not None and c.rank >= 11)


def card_actions(state: State, card: Card) -> list[tuple[str, Action]]:
    """Every action class that carries ``card``, of both variants."""
    out: list[tuple[str, Action]] = [
        ("Play", Play(card)),
        ("Give", EuchreGive(card)),
        ("Bid Euchre Discard", EuchreDiscard(card)),
        ("Tarot Discard", TarotDiscard(card)),
    ]
    if card in CALLABLE:
        out.append(("Call", Call(card)))
    seat = state.to_play
    held = state.hand(seat) if seat is not None else ()
    other = next((c for c in held if c != card), None)
    if other is not None:
        out.append(("Tarot Discard of several", TarotDiscard([other, card])))
    trumps = [c for c in held if c.is_trump or c is EXCUSE]
    options = getattr(state.variant, "options", None)
    need = (
        options.poignee_thresholds[options.players][0] if isinstance(options, TarotOptions) else 8
    )
    out.append(("DeclarePoignee", DeclarePoignee(cards=[card, *trumps[: need - 1]])))
    return out


def phase_card_action(state: State) -> type | None:
    """The single-card action class of the state's phase, which a card outside the deck
    makes an UnknownCardError."""
    return {
        TarotPhase.PLAY: Play,
        TarotPhase.ECART: TarotDiscard,
        EuchrePhase.PLAY: Play,
        EuchrePhase.EXCHANGE: EuchreGive,
        EuchrePhase.DISCARD: EuchreDiscard,
    }.get(state.phase)  # type: ignore[attr-defined]


def probe_cards(state: State, cards: list[Card]) -> None:
    attempt = Attempt(state)
    seat = state.to_play
    deck = set(state.variant.deck)
    phase_class = phase_card_action(state)
    other = None if seat is None else (seat + 1) % state.variant.players
    for n, card in enumerate(cards):
        for klass, action in card_actions(state, card):
            foreign = card not in deck and type(action) is phase_class
            if isinstance(action, (TarotDiscard, DeclarePoignee)) and len(cards_in(action)) > 1:
                foreign = False
            expected: type[Exception] | None = UnknownCardError if foreign else None
            if seat is None:
                expected = GameOverError
            attempt.action(f"(a) cards: {klass}", action, None, expected)
            if seat is not None:
                attempt.action(f"(a) cards: {klass}", action, seat, expected)
                if n == 0 or DEEP:
                    attempt.action(f"(a) cards: {klass}", action, other, NotYourTurnError)


def test_the_universe_is_every_deck() -> None:
    every = (
        decks.standard_deck(),
        decks.euchre_deck_with_joker(),
        decks.double_euchre_deck(),
        decks.tarot_deck(),
    )
    assert set(UNIVERSE) == {c for deck in every for c in deck} == {EXCUSE, JOKER, *UNIVERSE}
    assert len(UNIVERSE) == len(set(UNIVERSE))


@pytest.mark.deep
def test_a_card_objects_in_every_phase_of_seeded_playouts() -> None:
    rng = random.Random(1)
    for _, state in all_states():
        others = [c for c in UNIVERSE if c not in (JOKER, EXCUSE)]
        probe_cards(state, [JOKER, EXCUSE, *rng.sample(others, CARDS_PER_STATE)])
    # Every phase of both games was reached, so every phase was probed.
    assert PHASES["tarot"] == set(TarotPhase)
    assert PHASES["euchre"] == set(EuchrePhase)


@given(
    name=st.sampled_from(sorted(CONFIGS)),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 120),
    card=st.sampled_from(UNIVERSE),
)
def test_a_any_card_object_at_any_step(name: str, seed: int, steps: int, card: Card) -> None:
    rng = random.Random(seed)
    state = CONFIGS[name].new_game(rng=rng)
    for _ in range(steps):
        if state.is_terminal:
            break
        state = state.apply(pick(state, rng))
    probe_cards(state, [card])


def redeal(variant: cardrules.Variant, first: State, hands: list[Any], dealer: object) -> State:
    """A deal of ``hands`` by ``dealer`` (and ``first``'s chien in French Tarot)."""
    if isinstance(variant, TarotVariant):
        return variant.deal(hands=hands, chien=first.chien, dealer=dealer)  # type: ignore[attr-defined, arg-type]
    assert isinstance(variant, BidEuchreVariant)
    return variant.deal(hands=hands, dealer=dealer)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_a_card_objects_of_other_decks_in_a_deal(name: str) -> None:
    variant = CONFIGS[name]
    state = deal_states(name, 0)[0]
    hands = [list(state.hand(s)) for s in range(variant.players)]
    deck = set(variant.deck)
    for card in UNIVERSE:
        for seat in range(variant.players):
            changed = [list(h) for h in hands]
            if changed[seat][0] == card:
                continue
            changed[seat][0] = card
            with pytest.raises(CardrulesError) as info:
                redeal(variant, state, changed, state.dealer)
            if card not in deck:
                assert "deck" in str(info.value)
            assert len(str(info.value)) < 200
            tally("(a) cards: deal(hands=...)", "rejected")


def test_a_card_objects_of_other_decks_in_the_card_helpers() -> None:
    tarot = set(decks.tarot_deck())
    euchre = set(decks.euchre_deck_with_joker())
    king = Card.parse("KS")
    for card in UNIVERSE:
        helpers: list[tuple[Callable[[], object], bool]] = [
            (functools.partial(card_half_points, card), card in tarot),
            (functools.partial(legal_cards, [card], [king]), card in tarot),
            (functools.partial(legal_cards, [king], [card]), card in tarot),
            (functools.partial(trick_winner, [card, king]), card in tarot and card is not king),
            (functools.partial(effective_suit, card, NO_TRUMP), card in euchre),
        ]
        for helper, valid in helpers:
            if valid:
                helper()
                tally("(a) cards: card helpers", "accepted")
                continue
            with pytest.raises(UnknownCardError) as info:
                helper()
            assert isinstance(info.value, ValueError)
            tally("(a) cards: card helpers", "rejected")


# -- (b) integers of any size --------------------------------------------------------------

NUMBER_IDS: Final = list(NUMBERS)


@pytest.mark.deep
def test_b_seats_of_any_size() -> None:
    for n, (_, state) in enumerate(all_states()):
        if n % SEAT_STRIDE:
            continue
        attempt = Attempt(state)
        for value in NUMBERS.values():
            if state.is_terminal:
                attempt.action("(b) ints: seat", Play(JOKER), value, GameOverError)
            else:
                attempt.action("(b) ints: seat", attempt.legal[0], value, InvalidSeatError)
                attempt.action("(b) ints: seat", "pass", value, InvalidSeatError)
            queries = [state.view, state.hand, getattr(state, "camp_of", state.view)]
            for query in queries:
                attempt.call("(b) ints: seat", functools.partial(query, value), InvalidSeatError)


@pytest.mark.parametrize("name", sorted(CONFIGS))
@pytest.mark.parametrize("number", NUMBER_IDS)
def test_b_dealers_action_ids_and_seeds_of_any_size(name: str, number: str) -> None:
    variant = CONFIGS[name]
    value = NUMBERS[number]
    first = deal_states(name, 0)[0]
    hands = [first.hand(s) for s in range(variant.players)]
    with pytest.raises(InvalidSeatError):
        variant.new_game(seed=1, dealer=value)
    with pytest.raises(InvalidSeatError):
        redeal(variant, first, hands, value)
    tally("(b) ints: dealer", "rejected")
    tally("(b) ints: dealer", "rejected")
    with pytest.raises(InvalidActionError) as info:
        variant.action_from_id(value)
    assert isinstance(info.value, ValueError)
    assert len(str(info.value)) < 120
    tally("(b) ints: action id", "rejected")
    # Any int seeds random.Random: the same seed deals the same cards.
    dealt = variant.new_game(seed=value)
    assert dealt == variant.new_game(seed=value) == variant.new_game(rng=random.Random(value))
    tally("(b) ints: seed", "accepted")


OPTION_SETS: Final = {"tarot": TarotOptions(), "bid-euchre": BidEuchreOptions()}


@pytest.mark.parametrize("game", sorted(OPTION_SETS))
def test_b_every_option_of_any_size(game: str) -> None:
    cls = cardrules.get_variant_class(game)
    data = OPTION_SETS[game].to_dict()  # type: ignore[attr-defined]
    for path in _paths(data):
        field = str(path[0])
        for value in NUMBERS.values():
            options = _replaced(data, path, value)
            error = raised(functools.partial(cls.from_options_json, options))
            if error is not None:
                assert isinstance(error, OptionsError), repr(error)
                assert len(str(error)) < 200, str(error)[:300]
                assert field in str(error), (path, str(error))
                tally("(b) ints: options", "rejected")
                continue
            variant = cls.from_options_json(options)
            # Accepted (a slam bonus of -1): the variant's records must load.
            assert abs(value) <= 1_000_000, field
            rng = random.Random(field)
            final = variant.new_game(rng=rng)
            while not final.is_terminal:
                final = final.apply(rng.choice(final.legal_actions()))
            assert cardrules.final_state(cardrules.loads(cardrules.dumps(final.record()))) == final
            tally("(b) ints: options", "accepted")
        if len(path) == 1:
            # The keyword form of the same option.
            with pytest.raises(OptionsError):
                cardrules.get_variant(game, **{field: HUGE})
            tally("(b) ints: options", "rejected")


GOOD_DEAL: Final[dict[str, Any]] = {
    "players": 5,
    "contract": "garde",
    "taker": 0,
    "partner": 1,
    "points": 45,
    "bouts": 2,
}


@pytest.mark.parametrize("number", NUMBER_IDS)
def test_b_score_facts_of_any_size(number: str) -> None:
    value = NUMBERS[number]
    for field in ("players", "taker", "partner", "points", "bouts"):
        with pytest.raises(ScoreInputError) as info:
            DealFacts(**{**GOOD_DEAL, field: value})
        assert len(str(info.value)) < 200
        tally("(b) ints: score facts", "rejected")
    bad_tarot: list[tuple[Callable[[], object], type[Exception]]] = [
        (lambda: DealFacts(**{**GOOD_DEAL, "poignees": (value,)}), ScoreInputError),
        (lambda: target_points(value), ScoreInputError),
        (lambda: DealResult.annulled_deal(players=value, reason="all_pass"), ScoreInputError),
        (lambda: score_deal(DealFacts(**GOOD_DEAL)).score_of(value), InvalidSeatError),
        (lambda: DealFacts(**GOOD_DEAL).camp_of(value), InvalidSeatError),
    ]
    for call, error in bad_tarot:
        with pytest.raises(error) as caught:
            call()
        assert len(str(caught.value)) < 200
        tally("(b) ints: score facts", "rejected")
    good: dict[str, Any] = {"contract": Contract(4), "declarer": 0, "tricks": (4, 2)}
    for fields in (
        {"declarer": value},
        {"tricks": (value, 2)},
        {"tricks": (4, value)},
        {"reneges": (value,)},
        {"contract": Contract(value)},
        {"contract": Contract(value, ContractKind.MOON)},
    ):
        with pytest.raises(ScoreInputError) as info:
            score_hand(HandFacts(**{**good, **fields}), BidEuchreOptions(renege_mode="penalize"))
        assert len(str(info.value)) < 200
        tally("(b) ints: score facts", "rejected")


@pytest.mark.parametrize("number", NUMBER_IDS)
def test_b_match_arguments_of_any_size(number: str) -> None:
    value = NUMBERS[number]
    calls: list[Callable[[], object]] = [
        lambda: BidEuchreMatch.start(dealer=value),
        lambda: BidEuchreMatch(dealer=0, winner=value),
        lambda: BidEuchreMatch(dealer=value),
        lambda: BidEuchreMatch.start().after(
            HandFacts(contract=Contract(4), declarer=0, tricks=(value, 2))
        ),
    ]
    if abs(value) > JSON_SAFE:
        calls.append(lambda: BidEuchreMatch.start(totals=(value, 0)))
        calls.append(lambda: BidEuchreMatch.start(totals=(0, value)))
    for call in calls:
        with pytest.raises(ScoreInputError) as info:
            call()
        assert len(str(info.value)) < 200
        tally("(b) ints: match arguments", "rejected")
    with pytest.raises(OptionsError):
        TarotMatch.start(TarotOptions(dealer=value))
    tally("(b) ints: match arguments", "rejected")
    if abs(value) <= JSON_SAFE:
        # A resumed score sheet may hold any JSON-safe score, negative ones included.
        match = BidEuchreMatch.start(totals=(value, 0))
        assert str(value) in match.explain()
        tally("(b) ints: match arguments", "accepted")


def test_b_bids_of_any_size() -> None:
    for name in ("euchre", "euchre-double"):
        state = deal_states(name, 0)[0]
        attempt = Attempt(state)
        for value in NUMBERS.values():
            for kind in ContractKind:
                action = EuchreBid(Contract(value, kind))
                attempt.action("(b) ints: bids", action, None, IllegalActionError)
                assert len(str(action)) < 40
                assert len(repr(action)) < 120


# -- (b) records: every field, numbers and strings alike -----------------------------------


def _paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    if path:
        yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*path, index))


def _replaced(data: dict[str, Any], path: tuple[Any, ...], value: object) -> dict[str, Any]:
    """A deep copy of ``data`` with ``value`` at ``path``."""
    changed: dict[str, Any] = json.loads(json.dumps(data))
    target: Any = changed
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return changed


def _with_literal(data: dict[str, Any], path: tuple[Any, ...], literal: str) -> str:
    """``data``'s JSON text with the number ``literal`` at ``path``."""
    marker = "\x00NUMBER\x00"
    return json.dumps(_replaced(data, path, marker)).replace(json.dumps(marker), literal, 1)


@pytest.mark.deep
@pytest.mark.parametrize("name", ["tarot-5", "euchre-joker", "euchre-double"])
def test_b_every_record_field_of_any_size(name: str) -> None:
    state = deal_states(name, 0)[-1]
    data = state.record().to_dict()
    paths = list(_paths(data))
    # Card codes and actions are many: a sample of them in the quick run.
    bulky = [p for p in paths if p[0] in ("deal", "actions") and len(p) > 1]
    rest = [p for p in paths if p not in bulky]
    rng = random.Random(name)
    chosen = rest + rng.sample(bulky, min(len(bulky), RECORD_SAMPLE))
    for path in chosen:
        for number, literal in LITERALS.items():
            text = _with_literal(data, path, literal)
            klass = "(b) ints: record numbers"
            leaf: Any = data
            for key in path:
                leaf = leaf[key]
            if isinstance(leaf, (str, dict, list)):
                klass = "(b) ints: record strings and objects"
            error = raised(functools.partial(cardrules.loads, text))
            if error is None:
                error = raised(functools.partial(cardrules.final_state, cardrules.loads(text)))
            if error is not None:
                assert isinstance(error, RecordError), repr(error)
                assert len(str(error)) < 400, str(error)[:500]
                tally(klass, "rejected")
                continue
            replayed = cardrules.final_state(cardrules.loads(text))
            # Only a JSON-safe number where any int is allowed (an option's slam bonus).
            assert abs(NUMBERS[number]) <= JSON_SAFE, (path, number)
            assert cardrules.final_state(replayed.record()) == replayed
            tally(klass, "accepted")


def test_b_records_built_in_python_with_huge_fields() -> None:
    state = deal_states("tarot-4", 0)[-1]
    record = state.record()
    for value in NUMBERS.values():
        for field in ("dealer", "rules_version", "variant"):
            fields: dict[str, Any] = {field: value}
            changed = attrs.evolve(record, **fields)
            with pytest.raises(RecordError) as info:
                cardrules.final_state(changed)
            assert len(str(info.value)) < 200
            tally("(b) ints: record fields in Python", "rejected")
        actions: dict[str, Any] = {"actions": (*record.actions[:3], value)}
        changed = attrs.evolve(record, **actions)
        with pytest.raises(RecordError):
            cardrules.final_state(changed)
        tally("(b) ints: record fields in Python", "rejected")


class _BadRepr:
    def __repr__(self) -> str:
        raise RuntimeError("no repr")


def test_b_the_message_helper_renders_any_value_briefly() -> None:
    nested: list[object] = []
    nested.append(nested)
    deep: list[object] = []
    for _ in range(10_000):
        deep = [deep]
    cases: dict[object, str] = {
        HUGE: "an int of 5001 digits",
        -HUGE: "a negative int of 5001 digits",
        10**400: "an int of 401 digits",
        2**63: "9223372036854775808",
        "x" * 10_000: "... (10000 characters)",
        (HUGE, 1): "tuple (an int of 5001 digits, 1)",
        JOKER: "JK",
        Play(JOKER): "Play(Card.parse('JK'))",
    }
    for value, shown in cases.items():
        assert shown in quote(value)
        assert len(quote(value)) < 120
    for value in (_BadRepr(), [_BadRepr()], nested, deep, b"\x00" * 10**6, object()):
        assert len(quote(value)) < 120
    assert quote(_BadRepr()) == "_BadRepr (its repr fails)"
    # No str() of a long int is ever tried, whatever the interpreter's limit.
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(640)
    try:
        assert quote(10**700) == "an int of 701 digits"
        assert quote(10**37) == str(10**37)
    finally:
        sys.set_int_max_str_digits(limit)


# -- (c) the error fields of any text, id or object from any seat ---------------------------

JUNK: Final = (
    "pass",
    "bid garde",
    "bid 4",
    "play QH",
    "play 21T",
    "play (T-22)",
    "discard KH",
    "give 9S",
    "trump hearts",
    "junk 'E-5'",
    "",
    object(),
    1.5,
    None,
)


@given(
    name=st.sampled_from(sorted(CONFIGS)),
    deal=st.integers(0, 3),
    step=st.integers(0, 80),
    action=st.sampled_from(JUNK) | st.text(max_size=24) | st.integers(-3, 400),
    seat=st.none() | st.integers(-1, 5) | st.sampled_from([True, "1", 2.0]),
)
def test_c_error_fields_of_any_input_from_any_seat(
    name: str, deal: int, step: int, action: object, seat: object
) -> None:
    states = deal_states(name, deal)
    state = states[min(step, len(states) - 1)]
    if action is None:
        return
    for call in (state.apply, state.check):
        error = raised(functools.partial(call, action, seat))  # type: ignore[arg-type]
        if error is None:
            tally("(c) error fields", "accepted")
            continue
        assert isinstance(error, CardrulesError), repr(error)
        check_fields(error, action, seat, state.variant.players, state.variant.id)
        # The variant whose state refused the action, as the envelope says.
        assert error.to_dict()["variant"] == state.variant.id, repr(error)
        tally("(c) error fields", "rejected")


def test_c_error_fields_name_the_rule_the_seat_and_the_action() -> None:
    tarot = TarotVariant().new_game(seed=1)
    cases: list[tuple[State, object, int | None, dict[str, object]]] = [
        (tarot, "play 21T", None, {"code": "wrong_phase", "rule_id": "T-10", "seat": 1}),
        (tarot, "no such action", 1, {"code": "bad_notation", "seat": 1}),
        (tarot, "bid garde", 2, {"code": "not_your_turn", "action": "bid garde", "seat": 2}),
        (tarot, object(), 1, {"code": "invalid_action", "seat": 1}),
    ]
    euchre = BidEuchreVariant().new_game(seed=1)
    cases.append((euchre, "bid 3", 2, {"code": "not_your_turn", "action": "bid 3", "seat": 2}))
    for state, action, seat, expected in cases:
        error = raised(functools.partial(state.apply, action, seat))  # type: ignore[arg-type]
        assert isinstance(error, CardrulesError)
        document = error.to_dict()
        for key, value in expected.items():
            assert document[key] == value, (document, key)
        assert document["action"] is not None
    assert "it is not S's turn: E is to play" in str(
        raised(functools.partial(euchre.apply, "bid 3", 2))
    )
    # A rule cited outside any caller text, and nowhere else.
    deal_error = raised(functools.partial(TarotVariant().deal, hands=["KH"] * 4, chien=[]))
    assert isinstance(deal_error, CardrulesError)
    assert deal_error.rule_id == "T-8"
    junk = raised(functools.partial(tarot.apply, "play (T-22)", 1))
    assert isinstance(junk, CardrulesError)
    assert junk.rule_id is None
