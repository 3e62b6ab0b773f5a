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
from typing import TYPE_CHECKING, Any

import attrs

from cardrules import wire
from cardrules._util import quote
from cardrules.actions import Action
from cardrules.bid_euchre._tables import Phase
from cardrules.bid_euchre.actions import Notation
from cardrules.bid_euchre.bidding import Contract
from cardrules.bid_euchre.cards import Trump
from cardrules.bid_euchre.play import Renege, Trick
from cardrules.bid_euchre.scoring import HandResult
from cardrules.cards import Card, Suit
from cardrules.errors import InvalidArgumentError
from cardrules.state import State, check_seat

if TYPE_CHECKING:
    from cardrules.bid_euchre.state import BidEuchreState

__all__ = ["BidEuchreView"]


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
        tricks_per_hand: The tricks of a hand: 6, or 12 with the double deck (E-38).
        legal_actions: The actions this seat may take when it is to play (as
            ``state.legal_actions()``), else empty: a client needs one answer.
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
    tricks_per_hand: int = 6
    legal_actions: tuple[Action, ...] = ()

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
            tricks_per_hand=state.variant.options.tricks_per_hand,
            # Only the seat to play gets its actions: another's would tell its hand.
            legal_actions=state.legal_actions() if seat == state.to_play else (),
        )

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON values (cards, bids and actions by their notation), for a
        client; ``cardrules.json_schema("view", "bid-euchre")`` describes it.

        >>> from cardrules.bid_euchre import BidEuchreVariant
        >>> document = BidEuchreVariant().new_game(seed=5).view(1).to_dict()
        >>> document["phase"], document["hand"][:2], document["legal_actions"][:3]
        ('auction', ['9H', '10H'], ['pass', 'bid 3', 'bid 4'])
        """
        size = self.tricks_per_hand
        notation = Notation(tricks_per_hand=size)
        trump = self.trump
        return {
            "seat": self.seat,
            "phase": self.phase.value,
            "dealer": self.dealer,
            "to_play": self.to_play,
            "hand": wire.cards(self.hand),
            "calls": [
                [seat, None if call is None else call.notation(tricks_per_hand=size)]
                for seat, call in self.calls
            ],
            "claimant": self.claimant,
            "claimed_hand": wire.cards(self.claimed_hand),
            "contract": None
            if self.contract is None
            else self.contract.notation(tricks_per_hand=size),
            "declarer": self.declarer,
            "trump": None if trump is None else trump.value,
            "sitting_out": self.sitting_out,
            "given": wire.cards(self.given),
            "returned": wire.cards(self.returned),
            "discard": wire.cards(self.discard),
            "named_suit": None if self.named_suit is None else self.named_suit.value,
            "trick": wire.seated(self.trick),
            "tricks": [
                {"leader": t.leader, "plays": wire.seated(t.plays), "winner": t.winner}
                for t in self.tricks
            ],
            "tricks_won": list(self.tricks_won),
            "reneges": [
                {"seat": r.seat, "trick": r.trick, "card": str(r.card), "led": r.led.value}
                for r in self.reneges
            ],
            "result": None if self.result is None else self.result.to_dict(),
            "public_cards": wire.card_set(self.public_cards),
            "tricks_per_hand": size,
            "legal_actions": [notation.text(action) for action in self.legal_actions],
        }
