"""Oh Hell for cardrules: a game with an auction, as a third-party plugin on the core kit.

Oh Hell (also *Oh Hell!*, *Blackout*, *Nomination Whist*) is played here one deal at a
time, with a fixed hand size; the deal passes to the left from deal to deal. The rules,
with the IDs the code and the errors quote:

* OH-1: 3 to 7 players (option ``players``, default 4), each playing for themselves.
* OH-2: the 52-card deck, ace high. The dealer deals ``hand_size`` cards to each player
  (option, default 7), one at a time from the left; a card must be left to turn up,
  so the players hold at most 51 cards together.
* OH-3: the next card of the pack is turned up: its suit is trump for the deal. The
  rest of the pack is not used.
* OH-4: from the dealer's left, and the dealer last, each player bids once a number of
  tricks from 0 to ``hand_size``.
* OH-5: the dealer may not bid the number that would make the bids add up to
  ``hand_size`` (the *hook*): someone must miss.
* OH-6: the player on the dealer's left leads to the first trick.
* OH-7: each player must follow the suit led if able; otherwise any card may be played.
* OH-8: the highest trump wins the trick or, if no trump was played, the highest card of
  the suit led. The winner leads to the next trick.
* OH-9: a player who takes exactly the tricks bid scores 10 plus the bid; any other
  player scores 0.

The core kit does the plumbing: :class:`cardrules.actions.ValueAction` the bid,
:class:`cardrules.actions.ActionSpace` the action ids and the notation,
:class:`cardrules.trickplay.TrickState` the turns, the checks and the card play on the
trick kernel (this module adds the auction through its hooks),
:class:`cardrules.KitVariant` the options, the dealing, equality, pickling and the
deal's JSON, :class:`cardrules.GameInfo` what the simulation, the bots and the
integrations read. Nothing in cardrules names this game.

>>> import random
>>> state = OhHellVariant(players=3, hand_size=5).new_game(seed=2)
>>> state.to_play, [str(a) for a in state.legal_actions()][:3]
(1, ['bid 0', 'bid 1', 'bid 2'])
>>> rng = random.Random(2)
>>> while not state.is_terminal:
...     state = state.apply(rng.choice(state.legal_actions()))
>>> sum(state.result().tricks), len(state.result().points)
(5, 3)
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any, ClassVar, Final

import attrs

from cardrules import Card, GameInfo, KitVariant, State, Suit, decks, errors
from cardrules.actions import Action, ActionSpace, ValueAction
from cardrules.info import Statistic, observation_layout
from cardrules.options import int_in
from cardrules.trickplay import Deal, TrickState, TrickView, by_seat, play_layout

__all__ = ["Bid", "OhHellOptions", "OhHellResult", "OhHellState", "OhHellVariant", "OhHellView"]

DECK: Final = decks.standard_deck()
"""OH-2: the 52-card deck; a card's position in it is the id of its play."""

MOST: Final = 17
"""OH-2: the largest hand, 3 players' (3 × 17 = 51 cards, one left to turn up)."""

_RULES: Final = {"deck": "OH-2", "follow": "OH-7", "phase": "OH-4", "score": "OH-9"}


class Bid(ValueAction[int]):
    """Bid a number of tricks (OH-4): ``bid 3``. Interned from 0 to :data:`MOST`."""

    __slots__ = ("tricks",)
    verb = "bid"
    value_type = int
    tricks: int


Bid.intern(*range(MOST + 1))


@attrs.frozen(kw_only=True)
class OhHellOptions:
    """The options (OH-1, OH-2), checked when built.

    >>> OhHellOptions(players=7, hand_size=8)
    Traceback (most recent call last):
    ...
    cardrules.errors.OptionsError: 7 hands of 8 cards leave no card to turn up (OH-2)
    """

    players: int = attrs.field(default=4, validator=int_in(3, 7))
    hand_size: int = attrs.field(default=7, validator=int_in(1, MOST))

    def __attrs_post_init__(self) -> None:
        if self.players * self.hand_size >= len(DECK):
            raise errors.OptionsError(
                f"{self.players} hands of {self.hand_size} cards leave no card to turn up (OH-2)"
            )


@attrs.frozen(kw_only=True)
class OhHellResult:
    """A deal's score (OH-9); a :class:`cardrules.Result`. ``bids`` and ``tricks`` by seat.

    >>> print(OhHellResult(bids=(2, 0, 1), tricks=(2, 1, 1)).explain())
    Seat 0: bid 2, took 2: 12
    Seat 1: bid 0, took 1: 0
    Seat 2: bid 1, took 1: 11
    """

    bids: tuple[int, ...]
    tricks: tuple[int, ...]

    @property
    def points(self) -> tuple[int, ...]:
        """Each seat's points: 10 plus the bid for an exact bid, else 0 (OH-9)."""
        return tuple(10 + b if b == t else 0 for b, t in zip(self.bids, self.tricks, strict=True))

    @property
    def returns(self) -> tuple[float, ...]:
        """The points, as floats."""
        return tuple(map(float, self.points))

    @property
    def summary(self) -> str:
        """One line: who made their bid."""
        exact = [str(seat) for seat, points in enumerate(self.points) if points]
        return f"exact bids: seat {', '.join(exact)}" if exact else "no exact bid"

    def to_dict(self) -> dict[str, Any]:
        """The game's own detail of the result document (its ``"oh_hell"`` key).

        >>> OhHellResult(bids=(2, 0, 1), tricks=(2, 1, 1)).to_dict()["points"]
        [12, 0, 11]
        """
        return {"bids": list(self.bids), "tricks": list(self.tricks), "points": list(self.points)}

    def explain(self) -> str:
        """Each seat's bid, tricks and points, one seat a line."""
        rows = enumerate(zip(self.bids, self.tricks, self.points, strict=True))
        return "\n".join(f"Seat {s}: bid {b}, took {t}: {p}" for s, (b, t, p) in rows)


@attrs.frozen(kw_only=True, repr=False)
class OhHellView(TrickView):
    """A seat's view (:class:`cardrules.trickplay.TrickView`), with the turn-up, each
    seat's bid (``None`` before it bids) and the result at the end."""

    turn_up: Card
    bids: tuple[int | None, ...]
    result: OhHellResult | None

    def _game_dict(self) -> dict[str, Any]:
        """The game's own detail of the view document: the turn-up and the bids."""
        return {"turn_up": str(self.turn_up), "bids": list(self.bids)}

    def _observation(self) -> list[float]:
        """After the card play: each seat's bid one-hot (0 … 17), from the viewer's, then
        the trump suit."""
        trump = [float(self.turn_up.suit is suit) for suit in Suit]
        return by_seat(self.bids, self.seat, MOST + 1) + trump


class OhHellState(TrickState):
    """A position of a deal: the auction (OH-4, OH-5), then the card play.

    >>> state = OhHellVariant().new_game(seed=1)
    >>> state.apply("play 2C")
    Traceback (most recent call last):
    ...
    cardrules.errors.WrongPhaseError: seat 1 has no card to play yet: bid 0 or another action \
of this phase (OH-4)
    """

    __slots__ = ("_bids",)
    _bids: tuple[tuple[int, int], ...]  # (seat, bid), in bidding order
    _start: ClassVar[Mapping[str, Any]] = {"_bids": ()}
    rule_ids: ClassVar[Mapping[str, str]] = _RULES

    @classmethod
    def trump_of(cls, deal: Deal) -> Suit | None:
        """OH-3: the turn-up's suit is trump (OH-7, OH-8: the common trick rules)."""
        return deal.piles[0][0].suit

    def _phase_actions(self) -> tuple[Action, ...] | None:
        n, size = self.variant.players, self.variant.options.hand_size
        if len(self._bids) == n:
            return None
        hook = size - sum(b for _, b in self._bids) if len(self._bids) == n - 1 else -1  # OH-5
        return tuple(Bid(b) for b in range(size + 1) if b != hook)

    def _phase_seat(self) -> int:
        return (self.dealer + 1 + len(self._bids)) % len(self._deal.hands)

    def _phase_apply(self, action: Action, seat: int) -> Mapping[str, Any]:
        return {"_bids": (*self._bids, (seat, action.value))}  # type: ignore[attr-defined]

    def _refuse(self, action: Action, seat: int) -> errors.BidError:
        rule = "OH-5" if getattr(action, "value", -1) <= self.variant.options.hand_size else "OH-4"
        return errors.BidError(
            f"seat {seat} may not {action}", action=action, seat=seat, rule_id=rule
        )

    def _seat_bids(self) -> tuple[int | None, ...]:
        return tuple(dict(self._bids).get(seat) for seat in range(len(self._deal.hands)))

    def _result(self) -> OhHellResult:
        return OhHellResult(
            bids=tuple(bid for _, bid in sorted(self._bids)), tricks=self.tricks_won
        )

    def view(self, seat: int) -> OhHellView:
        """What ``seat`` may know; raises :class:`~cardrules.InvalidSeatError`."""
        turn_up, result = self._deal.piles[0][0], self.result() if self.is_terminal else None
        fields = self._view_fields(seat)
        return OhHellView(**fields, turn_up=turn_up, bids=self._seat_bids(), result=result)


class OhHellVariant(KitVariant):
    """Oh Hell (OH-1 … OH-9) with one set of :class:`OhHellOptions`.

    >>> OhHellVariant(players=5)
    cardrules.get_variant('oh-hell', players=5)
    """

    id: ClassVar[str] = "oh-hell"
    aliases: ClassVar[tuple[str, ...]] = ("ohhell", "oh-hell!", "blackout")
    name: ClassVar[str] = "Oh Hell"
    options_class: ClassVar[type] = OhHellOptions
    state_class: ClassVar[type] = OhHellState
    actions: ClassVar[ActionSpace] = ActionSpace(DECK, [Bid(n) for n in range(MOST + 1)])
    deck: ClassVar[tuple[Card, ...]] = DECK
    options: OhHellOptions

    def deal_shape(self) -> tuple[int, ...]:
        """The hands (OH-2), then the turn-up (OH-3)."""
        return (self.options.hand_size, 1)

    @functools.cached_property
    def info(self) -> GameInfo:
        """A bid per seat, then every card dealt (OH-4, OH-2); 0 to 10 plus the hand
        size points (OH-9); the card play, the bids and the trump as the observation.

        >>> OhHellVariant(players=3, hand_size=10).info.max_game_length
        33
        """
        n, size = self.players, self.options.hand_size
        return self.game_info(
            max_game_length=n + n * size,
            score_bounds=(0, 10 + size),
            player_range=(3, 7),
            deal_piles=("turn_up",),
            observation_layout=observation_layout(
                *play_layout(n, len(DECK)),
                ("bids", (n, MOST + 1), "each seat's bid, 0 to 17, from the viewer's"),
                ("trump", (4,), "the trump suit: spades, hearts, diamonds, clubs"),
            ),
            statistics=(
                Statistic(name="exact", label="Exact bids", kind="per_seat", fact="exact"),
            ),
        )

    def deal_statistics(self, final: State) -> dict[str, Any]:
        """The seats that made their bid exactly (OH-9)."""
        return {"exact": [seat for seat, points in enumerate(final.result().points) if points]}
