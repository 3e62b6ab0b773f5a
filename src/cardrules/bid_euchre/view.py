"""What one seat may know of a Bid Euchre hand (E-40): :class:`BidEuchreView`.

A view holds the seat's own hand and the public facts of the hand: the calls, the
contract, trump, the cards played, an Ace No Face claimant's hand. The help exchange is
shown only to the declarer and the partner, the joker discard only to the dealer, and
the reneges only once the hand is scored.

>>> from cardrules.bid_euchre import BidEuchreVariant
>>> state = BidEuchreVariant().new_game(seed=5).apply("bid 4")
>>> view = state.view(0)
>>> view.phase, view.to_play, len(view.hand), view.calls[0][0]
(<Phase.AUCTION: 'auction'>, 2, 6, 1)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

import attrs

from cardrules._util import quote
from cardrules.bid_euchre._tables import Phase
from cardrules.bid_euchre.actions import NUM_ACTIONS, Bid, action_from_id
from cardrules.bid_euchre.bidding import Contract
from cardrules.bid_euchre.cards import NO_TRUMP, Trump
from cardrules.bid_euchre.play import Renege, Trick
from cardrules.bid_euchre.scoring import HandResult
from cardrules.cards import JOKER, Card, Suit
from cardrules.decks import euchre_deck
from cardrules.errors import InvalidArgumentError
from cardrules.state import State, check_seat

if TYPE_CHECKING:
    from cardrules.bid_euchre.state import BidEuchreState

__all__ = ["OBSERVATION_LAYOUT", "OBSERVATION_SIZE", "BidEuchreView"]


@attrs.frozen(kw_only=True, repr=False)
class BidEuchreView:
    """What one seat may know of a hand (E-40): its own hand and the public facts.

    Attributes:
        seat: The seat this view is for.
        phase: The current :class:`Phase`.
        dealer: The dealer's seat.
        to_play: The seat to act, ``None`` once the hand is over.
        hand: This seat's cards (a dead hand for a partner sitting out).
        calls: Every call ``(seat, contract or None for a pass)``, implied passes
            after a moon included (E-11).
        claimant: The seat that claimed Ace No Face, or ``None`` (E-36).
        claimed_hand: The claimant's hand, shown as proof of the claim.
        contract: The winning bid once the auction is over.
        declarer: The declarer's seat once the auction is over.
        trump: The trump suit or ``NO_TRUMP`` once named, else ``None``.
        sitting_out: The partner who sits out a help or moon bid (E-21), or ``None``.
        given: The cards the declarer passed in the help exchange, if this seat is the
            declarer or the partner; else empty (E-40).
        returned: The cards the partner passed back, on the same terms.
        discard: The dealer's discard (joker variant), for the dealer only.
        named_suit: The suit named for the joker led in the current trick (E-37).
        trick: The current trick as ``(seat, card)`` pairs.
        tricks: The finished tricks.
        tricks_won: Tricks won so far by NS and by EW.
        reneges: The reneges, once the hand is scored (E-23, E-40).
        result: The hand's result once it is over.
        public_cards: Every card whose place this seat knows besides its own hand:
            the cards played, a claimant's hand, the help exchange between partners, and
            the dealer's own discard.
    """

    seat: int
    phase: Phase
    dealer: int
    to_play: int | None
    hand: tuple[Card, ...]
    calls: tuple[tuple[int, Contract | None], ...]
    claimant: int | None
    claimed_hand: tuple[Card, ...]
    contract: Contract | None
    declarer: int | None
    trump: Trump | None
    sitting_out: int | None
    given: tuple[Card, ...]
    returned: tuple[Card, ...]
    discard: tuple[Card, ...]
    named_suit: Suit | None
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[Trick, ...]
    tricks_won: tuple[int, int]
    reneges: tuple[Renege, ...]
    result: HandResult | None
    public_cards: frozenset[Card]

    def __repr__(self) -> str:
        # One line for people, as TarotView's: the seat's own hand and the public facts,
        # never another seat's hidden cards.
        def cards(cs: Iterable[Card]) -> str:
            return "[" + " ".join(str(c) for c in cs) + "]"

        def seated(cs: Iterable[tuple[int, Card]]) -> str:
            return "[" + " ".join(f"{s}:{c}" for s, c in cs) + "]"

        calls = " ".join(f"{s}:{c if c is not None else 'pass'}" for s, c in self.calls)
        trump = None if self.trump is None else self.trump.name
        parts = [
            f"seat={self.seat}",
            f"phase={self.phase.name}",
            f"dealer={self.dealer}",
            f"to_play={self.to_play}",
            f"hand={cards(self.hand)}",
            f"calls=[{calls}]",
            f"contract={self.contract}",
            f"declarer={self.declarer}",
            f"trump={trump}",
        ]
        if self.sitting_out is not None:
            parts.append(f"sitting_out={self.sitting_out}")
        if self.claimant is not None:
            parts.append(f"claimant={self.claimant} claimed_hand={cards(self.claimed_hand)}")
        if self.given or self.returned:
            parts.append(f"given={cards(self.given)} returned={cards(self.returned)}")
        if self.discard:
            parts.append(f"discard={cards(self.discard)}")
        if self.named_suit is not None:
            parts.append(f"named_suit={self.named_suit.name}")
        parts += [f"trick={seated(self.trick)}", f"tricks_won={list(self.tricks_won)}"]
        if self.result is not None:
            parts.append(f"delta={list(self.result.delta)}")
        return "BidEuchreView(" + ", ".join(parts) + ")"

    def observation(self) -> tuple[float, ...]:
        """What this view shows as a flat tuple of ``variant.observation_size`` floats.

        The layout is :data:`cardrules.bid_euchre.view.OBSERVATION_LAYOUT`
        (seats counted from the viewer); see the docs page "Observations".

        >>> from cardrules.bid_euchre import BidEuchreVariant
        >>> variant = BidEuchreVariant(joker=True)
        >>> len(variant.new_game(seed=1).view(3).observation()) == variant.observation_size
        True
        """
        return _observation(self)

    @classmethod
    def from_state(cls, state: BidEuchreState, seat: int) -> BidEuchreView:
        """What ``seat`` may know of ``state`` (E-40): ``state.view(seat)``, which calls
        this. Built from the state's public accessors.

        Raises:
            TypeError: ``state`` is not a Bid Euchre state (the library's
                ``InvalidArgumentError``, also a ``ValueError``).
            InvalidSeatError: ``seat`` is not an int from 0 to 3.

        >>> from cardrules.bid_euchre import BidEuchreVariant
        >>> state = BidEuchreVariant().new_game(seed=5)
        >>> BidEuchreView.from_state(state, 2) == state.view(2)
        True
        """
        given: object = state
        if not isinstance(given, State) or given.variant.id != "bid-euchre":
            raise InvalidArgumentError(f"a view is made of a BidEuchreState, not {quote(given)}")
        seat = check_seat(seat, 4)
        declarer = state.declarer
        # E-40: the help exchange is known to the declarer and the partner only.
        partners = declarer is not None and seat % 2 == declarer % 2
        exchanged = state.given if partners else ()
        returned = state.returned if partners else ()
        tricks = state.tricks
        trick = state.trick
        played = [card for t in tricks for _, card in t.plays]
        played += [card for _, card in trick]
        claimant = state.claimant
        # E-36: the claimant shows the hand that threw the deal in.
        claimed = state.hand(claimant) if claimant is not None else ()
        # E-40: the joker-variant discard is known to the dealer only.
        discard = state.discard if seat == state.dealer else ()
        end = state.is_terminal
        return cls(
            seat=seat,
            phase=state.phase,
            dealer=state.dealer,
            to_play=state.to_play,
            hand=state.hand(seat),
            calls=state.calls,
            claimant=claimant,
            claimed_hand=claimed,
            contract=state.contract,
            declarer=declarer,
            trump=state.trump,
            sitting_out=state.sitting_out,
            given=exchanged,
            returned=returned,
            discard=discard,
            named_suit=state.named_suit,
            trick=trick,
            tricks=tricks,
            tricks_won=state.tricks_won,
            # E-23, E-40: the reneges are shown once the hand is scored.
            reneges=state.reneges if end else (),
            result=state.result() if end else None,
            public_cards=frozenset((*played, *claimed, *exchanged, *returned, *discard)),
        )


# -- observations ------------------------------------------------------------------

# The card slots: the Euchre deck in deck order, then the joker.
_SLOTS: Final = (*euchre_deck(), JOKER)
_K: Final = len(_SLOTS)
_SLOT: Final[dict[Card, int]] = {card: k for k, card in enumerate(_SLOTS)}
# The call ids: pass is 0, the bids 1 to 16 (their action ids).
_CALL: Final[dict[Contract, int]] = {
    a.contract: i for i in range(NUM_ACTIONS) if isinstance(a := action_from_id(i), Bid)
}
_CALLS: Final = 1 + len(_CALL)
_PHASES: Final = tuple(Phase)

OBSERVATION_LAYOUT: Final[tuple[tuple[str, str], ...]] = (
    ("hand", "25: the copies of each card in the viewer's hand"),
    ("played", "4 x 25: the cards each seat has played so far"),
    ("trick", "4 x 25: the card each seat has put on the current trick"),
    ("given", "25: the help-exchange cards the declarer passed (declarer and partner)"),
    ("returned", "25: the cards the partner passed back (declarer and partner)"),
    ("discard", "25: the dealer's joker-variant discard (dealer only)"),
    ("claimed_hand", "25: the hand shown by an Ace No Face claimant"),
    ("calls", "4 x 17: each seat's last call (pass, then the 16 bids by action id)"),
    ("contract", "16: the contract (the bids by action id)"),
    ("declarer", "4: the declarer"),
    ("trump", "5: spades, hearts, diamonds, clubs, no-trump"),
    ("sitting_out", "4: the partner sitting out"),
    ("claimant", "4: the seat that claimed Ace No Face"),
    ("named_suit", "4: the suit named for a joker led (spades, hearts, diamonds, clubs)"),
    ("phase", "8: discard, claim, auction, trump, exchange, play, name_suit, end"),
    ("to_play", "4: the seat to act"),
    ("dealer", "4: the dealer"),
    ("tricks_won", "2: tricks won by the viewer's team, then by the other team"),
    ("reneges", "4: each seat's reneges, once the hand is scored"),
    ("delta", "2: the hand's score for the viewer's team, then the other, at the end"),
)
"""Each part of :meth:`~cardrules.bid_euchre.BidEuchreView.observation`, in order: its name
and what it holds.

A per-seat part has one block per seat, counted from the viewer: block ``k`` is the
seat ``(viewer + k) % 4``, so the viewer is block 0 and its partner block 2. A card part
has 25 slots, the Euchre deck in deck order (9 to ace of spades, hearts, diamonds,
clubs) then the joker, each counting the copies (2 with the double deck). The layout
is the same for every option set.

>>> [name for name, _ in OBSERVATION_LAYOUT][:3]
['hand', 'played', 'trick']
"""

OBSERVATION_SIZE: Final = 13 * _K + 4 * _CALLS + (_CALLS - 1) + 4 * 7 + 5 + len(_PHASES) + 4
"""The length of every Bid Euchre observation (454)."""


# One part after the other, as the layout lists them: PLR0912, PLR0915.
def _observation(view: BidEuchreView) -> tuple[float, ...]:  # noqa: PLR0912
    """The observation of ``view`` (see :data:`OBSERVATION_LAYOUT`)."""
    me = view.seat
    obs = [0.0] * OBSERVATION_SIZE
    slot = _SLOT
    for card in view.hand:
        obs[slot[card]] += 1.0
    base = _K
    for trick in view.tricks:
        for seat, card in trick.plays:
            obs[base + (seat - me) % 4 * _K + slot[card]] += 1.0
    for seat, card in view.trick:
        obs[base + (seat - me) % 4 * _K + slot[card]] += 1.0
    base += 4 * _K
    for seat, card in view.trick:
        obs[base + (seat - me) % 4 * _K + slot[card]] += 1.0
    base += 4 * _K
    for cards in (view.given, view.returned, view.discard, view.claimed_hand):
        for card in cards:
            obs[base + slot[card]] += 1.0
        base += _K
    last: dict[int, int] = {}
    for seat, contract in view.calls:
        last[seat] = 0 if contract is None else _CALL[contract]
    for seat, call in last.items():
        obs[base + (seat - me) % 4 * _CALLS + call] = 1.0
    base += 4 * _CALLS
    if view.contract is not None:
        obs[base + _CALL[view.contract] - 1] = 1.0
    base += _CALLS - 1
    if view.declarer is not None:
        obs[base + (view.declarer - me) % 4] = 1.0
    base += 4
    if view.trump is not None:
        obs[base + (4 if view.trump is NO_TRUMP else view.trump.index)] = 1.0
    base += 5
    for someone in (view.sitting_out, view.claimant):
        if someone is not None:
            obs[base + (someone - me) % 4] = 1.0
        base += 4
    if view.named_suit is not None:
        obs[base + view.named_suit.index] = 1.0
    base += 4
    obs[base + _PHASES.index(view.phase)] = 1.0
    base += len(_PHASES)
    if view.to_play is not None:
        obs[base + (view.to_play - me) % 4] = 1.0
    base += 4
    obs[base + (view.dealer - me) % 4] = 1.0
    base += 4
    team = me % 2
    obs[base] = float(view.tricks_won[team])
    obs[base + 1] = float(view.tricks_won[1 - team])
    base += 2
    for renege in view.reneges:
        obs[base + (renege.seat - me) % 4] += 1.0
    base += 4
    if view.result is not None:
        obs[base] = float(view.result.delta[team])
        obs[base + 1] = float(view.result.delta[1 - team])
    return tuple(obs)
