"""Toy whist: a small but complete variant that exercises the generic core.

Three players, the 24-card Euchre deck dealt 8 each, one optional trump suit. Rules:

* TW-1: the dealer shuffles with ``cardrules.decks.shuffle`` and deals 8 cards each in
  packets of 4, starting left of the dealer; the player left of the dealer leads.
* TW-2: follow the suit led if you can; otherwise play anything.
* TW-3: the highest trump wins the trick, else the highest card of the suit led
  (ace high); the winner leads next.
* TW-4: after 8 tricks the game is over; the result is the number of tricks per seat.

It is built the way a third-party variant is, from the public kit: the rules are
declared with :class:`cardrules.TrickRules` and played through the compiled
:class:`cardrules.TrickTable`, the option is checked by a :mod:`cardrules.options`
validator, the state is a :class:`cardrules.StateBase` (which derives equality,
history, checking, turn checks and pickling from a few hooks) and a match is the
core's :class:`~cardrules.match.Series`. Simplicity comes before speed here.

The second half of the module holds deliberately broken subclasses, one per guarantee
of :func:`cardrules.testing.check_variant`, to show that the conformance kit catches
each of them (see :data:`BROKEN`).

The tests load this file by path under the top-level name ``cardrules_core_toy``
(pytest runs with ``--import-mode=importlib``, so ``tests/core`` is not on
``sys.path``); type checkers see it as ``tests.core.toy``.
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from importlib import metadata
from typing import Any, ClassVar, Final, Self, TypeVar

import attrs
import pytest

from cardrules import decks, registry
from cardrules.actions import Action, Play, split_notation
from cardrules.cards import Card, Rank, Suit
from cardrules.errors import (
    CardNotInHandError,
    IllegalActionError,
    InvalidActionError,
    MustFollowSuitError,
    NotationError,
    OptionsError,
    RecordError,
    UnknownCardError,
    WrongPhaseError,
)
from cardrules.options import choice
from cardrules.state import State, StateBase, Variant, check_seat
from cardrules.tricks import Obligation, TrickRules, TrickTable

__all__ = [
    "BROKEN",
    "DECK",
    "PLAYERS",
    "TRICKS",
    "AcceptsRenege",
    "DealJsonRotated",
    "DuplicatesCard",
    "ForgetfulHistory",
    "ForgetfulPickle",
    "IgnoresSeat",
    "LeakyError",
    "LeakyView",
    "ListsForeignCard",
    "MutatesOnReject",
    "NeverEnds",
    "OptionsLost",
    "Stuck",
    "ToyOptions",
    "ToyResult",
    "ToyState",
    "ToyVariant",
    "ToyView",
    "WrongErrorType",
    "entry_point",
    "module_name",
    "play_randomly",
    "sandbox_registry",
]

PLAYERS: Final = 3
TRICKS: Final = 8
DECK: Final = decks.euchre_deck()
_HAND_SIZE: Final = len(DECK) // PLAYERS
_PLAYS: Final = tuple(Play(c) for c in DECK)
_RANK_ORDER: Final = (Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
_S = TypeVar("_S", bound="ToyState")


@functools.cache
def _table(trump: Suit | None) -> TrickTable:
    # TW-2, TW-3: plain follow-suit whist; ace high; a trump suit beats the others.
    rules = TrickRules(
        cards=DECK,
        suit_of={c: c.suit for c in DECK},
        strength={c: _RANK_ORDER.index(Rank(c.rank)) for c in DECK},
        trump=trump,
    )
    return rules.compile()


def _bits(mask: int) -> Iterable[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


@attrs.frozen(kw_only=True)
class ToyOptions:
    """Toy whist's one option.

    Attributes:
        trump: The trump suit's letter (``"S"``, ``"H"``, ``"D"``, ``"C"``) or ``None``.
    """

    trump: str | None = attrs.field(default="S", validator=choice("S", "H", "D", "C", None))


class ToyVariant(Variant):
    """Toy whist with one set of options (see the module docstring).

    Args:
        trump: The trump suit's letter (``"S"``, ``"H"``, ``"D"``, ``"C"``) or ``None``.

    Raises:
        OptionsError: an unknown option or an invalid trump.
    """

    id: ClassVar[str] = "toy-whist"
    aliases: ClassVar[tuple[str, ...]] = ("toywhist", "three-handed toy")
    name: ClassVar[str] = "Toy whist"
    rules_version: ClassVar[str] = "1"

    state_class: ClassVar[type[ToyState]]

    def __init__(self, *, trump: str | None = "S", **unknown: Any) -> None:
        if unknown:
            raise OptionsError(f"unknown option(s) for toy whist: {', '.join(sorted(unknown))}")
        self.options = ToyOptions(trump=trump)
        self.trump = trump
        self.table = _table(Suit(trump) if trump is not None else None)
        self.plays = _PLAYS

    # -- Variant interface -------------------------------------------------------

    @property
    def players(self) -> int:
        """Three seats."""
        return PLAYERS

    @property
    def deck(self) -> tuple[Card, ...]:
        """The 24-card Euchre deck."""
        return DECK

    @property
    def num_actions(self) -> int:
        """One action per card of the deck."""
        return len(DECK)

    def new_game(
        self,
        *,
        rng: random.Random | None = None,
        seed: int | None = None,
        dealer: int | None = None,
    ) -> ToyState:
        """Shuffle and deal (TW-1)."""
        rng = self._rng(rng, seed)
        dealer = check_seat(0 if dealer is None else dealer, PLAYERS)
        deck = decks.shuffle(DECK, rng)
        hands = decks.deal(deck, players=PLAYERS, packet=4, first=(dealer + 1) % PLAYERS)
        return self._first_state(dealer, tuple(self.table.mask_of(h) for h in hands))

    def parse_action(self, text: str) -> Action:
        """Read ``play CARD``; any card parses, :meth:`ToyState.check` rejects foreign ones."""
        words = split_notation(text)
        if len(words) != 2 or words[0] != Play.verb:
            raise NotationError(f"not a toy whist action: {text!r:.40} (expected 'play CARD')")
        return Play(Card.parse(words[1]))

    def action_id(self, action: Action) -> int:
        """The deck index of the card played."""
        if type(action) is Play and action.card in self.table.positions:
            return self.table.positions[action.card][0]
        raise InvalidActionError(f"{action!r:.40} is not an action of toy whist", action=action)

    def action_from_id(self, action_id: int) -> Action:
        """The play of the deck's card number ``action_id``."""
        if type(action_id) is not int or not 0 <= action_id < len(DECK):
            raise InvalidActionError(f"an action id runs from 0 to {len(DECK) - 1}")
        return self.plays[action_id]

    def options_json(self) -> dict[str, Any]:
        """``{"trump": letter or None}``."""
        return {"trump": self.trump}

    @classmethod
    def from_options_json(cls, options: Mapping[str, Any]) -> ToyVariant:
        """Rebuild from :meth:`options_json`."""
        raw: object = options  # untrusted JSON values, whatever the annotation says
        if not isinstance(raw, Mapping) or not all(type(k) is str for k in raw):
            raise OptionsError("toy whist options are a JSON object with string keys")
        return cls(**dict(options))

    def deal_json(self, state: State) -> dict[str, Any]:
        """The hands as dealt, by seat."""
        if not isinstance(state, ToyState):
            raise TypeError(f"not a toy whist state: {type(state).__name__}")
        return {"hands": [[str(c) for c in self.table.cards_of(m)] for m in state._dealt]}

    def state_from_deal_json(self, dealer: int, deal: Mapping[str, Any]) -> ToyState:
        """The first state of a recorded deal; every card of the deck exactly once."""
        if type(dealer) is not int or not 0 <= dealer < PLAYERS:
            raise RecordError(f"the dealer {dealer!r:.20} is not a seat of toy whist")
        raw: object = deal  # untrusted JSON values, whatever the annotation says
        if not isinstance(raw, Mapping) or set(raw) != {"hands"}:
            raise RecordError("a toy whist deal is an object with exactly the key 'hands'")
        hands = raw["hands"]
        if not isinstance(hands, list) or len(hands) != PLAYERS:
            raise RecordError(f"a toy whist deal has {PLAYERS} hands")
        parsed: list[list[Card]] = []
        for hand in hands:
            if not isinstance(hand, list) or len(hand) != _HAND_SIZE:
                raise RecordError(f"every toy whist hand has {_HAND_SIZE} cards")
            if not all(type(code) is str for code in hand):
                raise RecordError("cards are written as strings")
            try:
                parsed.append([Card.parse(code) for code in hand])
            except NotationError as exc:
                raise RecordError(f"the deal holds a bad card: {exc}") from None
        dealt = Counter(c for hand in parsed for c in hand)
        if dealt != Counter(DECK):
            raise RecordError("the deal is not the toy whist deck (a card is foreign or twice)")
        return self._first_state(dealer, tuple(self.table.mask_of(h) for h in parsed))

    # -- helpers ---------------------------------------------------------------------

    def _first_state(self, dealer: int, hands: tuple[int, ...]) -> ToyState:
        leader = (dealer + 1) % PLAYERS
        return self.state_class._new(
            _variant=self,
            _dealer=dealer,
            _dealt=hands,
            _hands=hands,
            _trick=(),
            _leader=leader,
            _to_play=leader,
            _tricks_won=(0,) * PLAYERS,
            _played=(),
            _parent=None,
            _act=None,
        )

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, ToyVariant)  # narrowed by the type check
        return self.trump == other.trump

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.trump))

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self).from_options_json, (self.options_json(),))


@attrs.frozen
class ToyView:
    """What one seat may know: its hand and the public facts.

    Attributes:
        seat: The seat this view is for.
        hand: That seat's cards.
        public_cards: Every card already played (its location is public).
        trick: The cards of the current trick, in order.
        to_play: The seat to act, ``None`` at the end.
        tricks_won: Tricks per seat so far.
        hand_sizes: How many cards each seat holds.
    """

    seat: int
    hand: tuple[Card, ...]
    public_cards: frozenset[Card]
    trick: tuple[Card, ...]
    to_play: int | None
    tricks_won: tuple[int, ...]
    hand_sizes: tuple[int, ...]

    def __repr__(self) -> str:
        hand = " ".join(map(str, self.hand))
        trick = " ".join(map(str, self.trick))
        return (
            f"<ToyView seat={self.seat} hand=[{hand}] trick=[{trick}] to_play={self.to_play} "
            f"tricks={list(self.tricks_won)} sizes={list(self.hand_sizes)}>"
        )


@attrs.frozen
class ToyResult:
    """The result of a game: the tricks each seat took (TW-4).

    Attributes:
        tricks: Tricks per seat, seat 0 first.
    """

    tricks: tuple[int, ...]

    @property
    def returns(self) -> tuple[float, ...]:
        """Tricks per seat as floats."""
        return tuple(float(n) for n in self.tricks)

    @property
    def summary(self) -> str:
        """The tricks per seat on one line."""
        return "tricks " + ", ".join(map(str, self.tricks))

    def explain(self) -> str:
        """One line per seat."""
        return "\n".join(f"seat {seat}: {n} tricks" for seat, n in enumerate(self.tricks))


class ToyState(StateBase):
    """One position of a toy whist game. Immutable; build with :meth:`ToyVariant.new_game`."""

    __slots__ = (
        "_act",
        "_dealer",
        "_dealt",
        "_hands",
        "_leader",
        "_parent",
        "_played",
        "_to_play",
        "_trick",
        "_tricks_won",
        "_variant",
    )

    _variant: ToyVariant
    _dealer: int
    _dealt: tuple[int, ...]
    _hands: tuple[int, ...]
    _trick: tuple[int, ...]
    _leader: int
    _to_play: int | None
    _tricks_won: tuple[int, ...]
    _played: tuple[int, ...]

    def __repr__(self) -> str:
        return f"<ToyState trick {sum(self._tricks_won) + 1} to_play={self._to_play}>"

    # -- the StateBase hooks --------------------------------------------------------

    def _key(self) -> tuple[Any, ...]:
        # Every slot but the history links; the cards played, in order, make states
        # of different histories unequal.
        return (
            self._variant,
            self._dealer,
            self._dealt,
            self._hands,
            self._trick,
            self._leader,
            self._to_play,
            self._tricks_won,
            self._played,
        )

    def _validate(self, action: object, seat: object) -> tuple[Action, int]:
        """The action and the acting seat, or the specific error."""
        acting = self._require_turn(seat)
        action = self._parse(action, acting)
        if type(action) is not Play:
            raise InvalidActionError(
                f"toy whist has only card plays, not {str(action)!r:.40}",
                action=action,
                seat=acting,
            )
        table = self._variant.table
        positions = table.positions.get(action.card)
        if positions is None:
            raise UnknownCardError(
                f"{action.card} is not in the toy whist deck", action=action, seat=acting
            )
        obligation = table.why_illegal(self._hands[acting], self._trick, positions[0])
        if obligation is Obligation.NOT_IN_HAND:
            raise CardNotInHandError(
                f"seat {acting} does not hold {action.card}", action=action, seat=acting
            )
        if obligation is not None:
            # TW-2 is the only obligation: the table declares no trumping duties.
            raise MustFollowSuitError(
                f"{action.card} does not follow the suit led, and seat {acting} can",
                action=action,
                seat=acting,
                rule_id="TW-2",
            )
        return action, acting

    def _transition(self, action: Action, seat: int) -> Self:
        table = self._variant.table
        position = table.positions[_card_of(action)][0]
        hands = list(self._hands)
        hands[seat] &= ~(1 << position)
        trick = (*self._trick, position)
        leader, won = self._leader, self._tricks_won
        if len(trick) < PLAYERS:
            to_play: int | None = (seat + 1) % PLAYERS
        else:
            # TW-3: the winner takes the trick and leads; TW-4: the game ends after 8.
            winner = (leader + table.winner_position(trick)) % PLAYERS
            won = tuple(n + (s == winner) for s, n in enumerate(won))
            trick, leader = (), winner
            to_play = winner if any(hands) else None
        return self._new(
            _variant=self._variant,
            _dealer=self._dealer,
            _dealt=self._dealt,
            _hands=tuple(hands),
            _trick=trick,
            _leader=leader,
            _to_play=to_play,
            _tricks_won=won,
            _played=(*self._played, position),
            _parent=self,
            _act=action,
        )

    # -- read-only properties -------------------------------------------------------

    @property
    def variant(self) -> ToyVariant:
        """The variant of this game."""
        return self._variant

    @property
    def to_play(self) -> int | None:
        """The seat to play, ``None`` after the last trick."""
        return self._to_play

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self._dealer

    @property
    def is_terminal(self) -> bool:
        """True after the eighth trick."""
        return self._to_play is None

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Tricks per seat so far."""
        return self._tricks_won

    def trick(self) -> tuple[Card, ...]:
        """The cards of the current trick."""
        return tuple(self._variant.table.cards[i] for i in self._trick)

    # -- queries ------------------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """The cards the seat to play may play (TW-2), in deck order."""
        if self._to_play is None:
            return ()
        mask = self._variant.table.legal_mask(self._hands[self._to_play], self._trick)
        plays = self._variant.plays
        return tuple(plays[i] for i in _bits(mask))

    def result(self) -> ToyResult:
        """Tricks per seat (TW-4)."""
        if self._to_play is not None:
            raise WrongPhaseError("the game is not over yet: no result")
        return ToyResult(self._tricks_won)

    def returns(self) -> tuple[float, ...]:
        """Tricks per seat as floats; zeros before the end."""
        if self._to_play is not None:
            return (0.0,) * PLAYERS
        return self.result().returns

    def view(self, seat: int) -> ToyView:
        """What ``seat`` may know."""
        seat = check_seat(seat, PLAYERS)
        cards = self._variant.table.cards
        return ToyView(
            seat=seat,
            hand=self._variant.table.cards_of(self._hands[seat]),
            public_cards=frozenset(cards[p] for p in self._played),
            trick=self.trick(),
            to_play=self._to_play,
            tricks_won=self._tricks_won,
            hand_sizes=tuple(m.bit_count() for m in self._hands),
        )

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds."""
        return self._variant.table.cards_of(self._hands[check_seat(seat, PLAYERS)])


def _card_of(action: Action) -> Card:
    assert type(action) is Play  # toy whist histories hold card plays only
    return action.card


def _changed(state: _S, **slots: Any) -> _S:
    """``state`` with some slots replaced (for the broken variants below)."""
    values = {name: getattr(state, name) for name in ToyState.__slots__}
    return state._new(**{**values, **slots})


def _restored(cls: type[ToyState], slots: dict[str, Any]) -> ToyState:
    return cls._new(**slots)


ToyVariant.state_class = ToyState


def play_randomly(state: State, rng: random.Random) -> State:
    """Play uniformly random legal actions to the end through the public API."""
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


# -- registry sandbox ------------------------------------------------------------------


def sandbox_registry(
    monkeypatch: pytest.MonkeyPatch,
    *,
    builtins: Mapping[str, str] | None = None,
    entry_points: Sequence[metadata.EntryPoint] = (),
) -> None:
    """Give :mod:`cardrules.registry` fresh caches, these built-ins and these plugins.

    Args:
        monkeypatch: The test's fixture; everything is restored after the test.
        builtins: Variant id to ``"module:Class"``; by default toy whist alone.
        entry_points: What ``importlib.metadata.entry_points`` returns for the group.
    """
    if builtins is None:
        builtins = {ToyVariant.id: f"{__name__}:ToyVariant"}
    monkeypatch.setattr(registry, "_BUILTINS", dict(builtins))
    monkeypatch.setattr(registry, "_classes", {})
    monkeypatch.setattr(registry, "_aliases", {})
    monkeypatch.setattr(registry, "_plugin_errors", {})
    monkeypatch.setattr(registry, "_scanned", [])
    found = tuple(entry_points)

    def fake_entry_points(*, group: str) -> tuple[metadata.EntryPoint, ...]:
        return found if group == registry.ENTRY_POINT_GROUP else ()

    monkeypatch.setattr(metadata, "entry_points", fake_entry_points)


def entry_point(name: str, target: str) -> metadata.EntryPoint:
    """An entry point of the ``cardrules.variants`` group."""
    return metadata.EntryPoint(name=name, value=target, group=registry.ENTRY_POINT_GROUP)


def module_name() -> str:
    """The name this module was loaded under (for ``module:Class`` targets)."""
    return __name__


# -- deliberately broken variants ---------------------------------------------------------
#
# Each subclass breaks exactly one guarantee; check_variant must raise ConformanceError.


class _ListsForeignCardState(ToyState):
    __slots__ = ()

    def legal_actions(self) -> tuple[Action, ...]:
        legal = super().legal_actions()
        assert self._to_play is not None  # only asked while the game runs
        others = [m for s, m in enumerate(self._hands) if s != self._to_play and m]
        if not others:
            return legal
        return (*legal, self._variant.plays[next(iter(_bits(others[0])))])


class ListsForeignCard(ToyVariant):
    """``legal_actions`` lists a card of another hand, which ``apply`` refuses."""

    state_class = _ListsForeignCardState


class _MutatesOnRejectState(ToyState):
    __slots__ = ()

    def _validate(self, action: object, seat: object) -> tuple[Action, int]:
        try:
            return super()._validate(action, seat)
        except IllegalActionError:
            object.__setattr__(self, "_tricks_won", (9, 9, 9))
            raise


class MutatesOnReject(ToyVariant):
    """A rejected action changes the state it was tried on."""

    state_class = _MutatesOnRejectState


@attrs.frozen(repr=False)
class _LeakyView(ToyView):
    neighbour: tuple[Card, ...] = ()

    def __repr__(self) -> str:
        return super().__repr__()[:-1] + f" left=[{' '.join(map(str, self.neighbour))}]>"


class _LeakyViewState(ToyState):
    __slots__ = ()

    def view(self, seat: int) -> ToyView:
        base = super().view(seat)
        return _LeakyView(**attrs.asdict(base, recurse=False), neighbour=self.hand((seat + 1) % 3))


class LeakyView(ToyVariant):
    """A view that shows the next seat's hand."""

    state_class = _LeakyViewState


class _NeverEndsState(ToyState):
    __slots__ = ()

    def _transition(self, action: Action, seat: int) -> Self:
        after = super()._transition(action, seat)
        if after._to_play is not None:
            return after
        # Deal the same hands again instead of ending: the game runs for ever.
        return _changed(after, _hands=self._dealt, _to_play=after._leader)


class NeverEnds(ToyVariant):
    """A game that never ends."""

    state_class = _NeverEndsState


class DealJsonRotated(ToyVariant):
    """``deal_json`` writes the hands one seat off: the record does not replay.

    States pickle by their record (StateBase's way), so a copy of the first state is
    already another deal: the kit's check that a rejected action changes nothing, which
    compares the state with a pickled copy, is the first to fail.
    """

    def deal_json(self, state: State) -> dict[str, Any]:
        hands = super().deal_json(state)["hands"]
        return {"hands": hands[1:] + hands[:1]}


class OptionsLost(ToyVariant):
    """``options_json`` forgets the trump: a record replays under other rules."""

    def __init__(self, *, trump: str | None = "H", **unknown: Any) -> None:
        super().__init__(trump=trump, **unknown)

    def options_json(self) -> dict[str, Any]:
        return {}

    @classmethod
    def from_options_json(cls, options: Mapping[str, Any]) -> ToyVariant:
        # Rebuilds with toy whist's own default (spades), not this class's hearts.
        return cls(trump=options.get("trump", "S"))

    def __reduce__(self) -> tuple[Any, ...]:
        return (OptionsLost, ())


class _AcceptsRenegeState(ToyState):
    __slots__ = ()

    def _validate(self, action: object, seat: object) -> tuple[Action, int]:
        try:
            return super()._validate(action, seat)
        except MustFollowSuitError as exc:
            return exc.action, self._require_turn(seat)  # the card that does not follow


class AcceptsRenege(ToyVariant):
    """``apply`` accepts a card that does not follow suit (but does not list it)."""

    state_class = _AcceptsRenegeState


class _IgnoresSeatState(ToyState):
    __slots__ = ()

    def _validate(self, action: object, seat: object) -> tuple[Action, int]:
        return super()._validate(action, None)


class IgnoresSeat(ToyVariant):
    """``apply`` ignores the ``seat`` argument: any client may play for any seat."""

    state_class = _IgnoresSeatState


class _LeakyErrorState(ToyState):
    __slots__ = ()

    def _validate(self, action: object, seat: object) -> tuple[Action, int]:
        try:
            return super()._validate(action, seat)
        except CardNotInHandError as exc:
            holder = ((exc.seat or 0) + 1) % PLAYERS
            shown = " ".join(map(str, self.hand(holder)))
            raise CardNotInHandError(f"{exc.message}; seat {holder} holds {shown}") from None


class LeakyError(ToyVariant):
    """The card-not-in-hand message lists another seat's hand."""

    state_class = _LeakyErrorState


class _DuplicatesCardState(ToyState):
    __slots__ = ()

    def _transition(self, action: Action, seat: int) -> Self:
        after = super()._transition(action, seat)
        hands = list(after._hands)
        # The next seat also receives a card the player still holds.
        rest = hands[seat]
        if rest:
            hands[(seat + 1) % PLAYERS] |= rest & -rest
        return _changed(after, _hands=tuple(hands))


class DuplicatesCard(ToyVariant):
    """Playing a card copies one of the player's other cards into the next hand."""

    state_class = _DuplicatesCardState


class _ForgetfulPickleState(ToyState):
    __slots__ = ()

    def __reduce__(self) -> tuple[Any, ...]:
        # The slots as they are, but an empty history (a restored one, in the parent).
        slots = {name: getattr(self, name) for name in ToyState.__slots__}
        return (_restored, (type(self), {**slots, "_played": (), "_parent": ()}))


class ForgetfulPickle(ToyVariant):
    """Pickling drops the history."""

    state_class = _ForgetfulPickleState


class _StuckState(ToyState):
    __slots__ = ()

    def legal_actions(self) -> tuple[Action, ...]:
        return () if self._trick else super().legal_actions()


class Stuck(ToyVariant):
    """No legal action after the lead, although the game is not over."""

    state_class = _StuckState


class _WrongErrorTypeState(ToyState):
    __slots__ = ()

    def _validate(self, action: object, seat: object) -> tuple[Action, int]:
        if not isinstance(action, (Action, str)):
            raise TypeError("not an action")
        return super()._validate(action, seat)


class WrongErrorType(ToyVariant):
    """Junk that is neither an action nor text raises a bare ``TypeError``."""

    state_class = _WrongErrorTypeState


class _ForgetfulHistoryState(ToyState):
    __slots__ = ()

    def _transition(self, action: Action, seat: int) -> Self:
        # The new state links to this state's parent: its history misses the action.
        after = super()._transition(action, seat)
        return _changed(after, _parent=self._parent, _act=self._act)


class ForgetfulHistory(ToyVariant):
    """``apply`` does not append to the history."""

    state_class = _ForgetfulHistoryState


BROKEN: Final[tuple[tuple[type[ToyVariant], str], ...]] = (
    (ListsForeignCard, "listed as legal but seat [0-9] does not hold it"),
    (MutatesOnReject, "changed the state"),
    (LeakyView, r"view\(\d\) shows"),
    (NeverEnds, "did not end within"),
    (DealJsonRotated, "record does not replay|a rejected .* changed the state"),
    (OptionsLost, "record does not replay"),
    (AcceptsRenege, "was accepted"),
    (IgnoresSeat, "was accepted"),
    (LeakyError, "the error for .* shows"),
    (DuplicatesCard, "cards held beyond the deck"),
    (ForgetfulPickle, "changed the state|pickling"),
    (Stuck, "no legal action before the end"),
    (WrongErrorType, "raised TypeError"),
    (ForgetfulHistory, "not the last entry of the history"),
)
"""Every broken variant with a regular expression its ConformanceError must match."""
