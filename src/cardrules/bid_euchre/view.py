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

import attrs

from cardrules.bid_euchre.bidding import Contract
from cardrules.bid_euchre.cards import Trump
from cardrules.bid_euchre.play import Renege, Trick
from cardrules.bid_euchre.scoring import HandResult
from cardrules.bid_euchre.state import BidEuchreState, Phase
from cardrules.cards import Card, Suit

__all__ = ["BidEuchreView"]


@attrs.frozen(kw_only=True)
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


def _make_view(state: BidEuchreState, seat: int) -> BidEuchreView:
    """The view of ``seat`` (checked) of ``state``: see :meth:`BidEuchreState.view
    <cardrules.bid_euchre.BidEuchreState.view>`."""
    h = state._h
    deck = h.play.deck
    auction = state._auction
    declarer = state.declarer
    partners = declarer is not None and seat % 2 == declarer % 2
    given = deck.cards_of(h.given) if partners else ()
    returned = deck.cards_of(h.returned) if partners else ()
    tricks, trick = state._record()
    cards = deck.cards
    played = [cards[pos] for _, positions, _, _ in tricks for pos in positions]
    played += [cards[pos] for _, pos in trick]
    claimed = state.hand(h.claimant) if h.claimant >= 0 else ()
    # E-40: the joker-variant discard is known to the dealer only.
    discard = deck.cards_of(h.discard) if seat == h.dealer else ()
    return BidEuchreView(
        seat=seat,
        phase=state._h.phase,
        dealer=h.dealer,
        to_play=state.to_play,
        hand=state.hand(seat),
        calls=auction.calls,
        claimant=state.claimant,
        claimed_hand=claimed,
        contract=auction.contract,
        declarer=declarer,
        trump=state.trump,
        sitting_out=state.sitting_out,
        given=given,
        returned=returned,
        discard=discard,
        named_suit=state._named(trick[0][1]) if trick else None,
        trick=tuple((who, cards[pos]) for who, pos in trick),
        tricks=state._public_tricks(tricks),
        tricks_won=state.tricks_won,
        reneges=h.reneges if state._h.phase is Phase.END else (),
        result=h.result,
        public_cards=frozenset((*played, *claimed, *given, *returned, *discard)),
    )
