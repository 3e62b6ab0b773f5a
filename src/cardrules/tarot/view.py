"""What one seat may know of a French Tarot deal (T-39): :class:`TarotView`.

>>> from cardrules.tarot import TarotVariant
>>> state = TarotVariant().new_game(seed=1).apply("bid garde")
>>> view = state.view(0)
>>> view.bids, len(view.hand), view.chien
(((1, <Contract.GARDE: 2>),), 18, ())
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from cardrules.cards import Card
from cardrules.tarot._tables import _CARD, _TRUMPS, _cards
from cardrules.tarot.bidding import Contract
from cardrules.tarot.scoring import DealResult
from cardrules.tarot.state import (
    _ANNOUNCE,
    _ATT_PILE,
    _CALL,
    _DEF_PILE,
    _ECART,
    _END,
    _GARDE,
    _PRISE,
    _WINNERS,
    Phase,
    Poignee,
    TarotState,
)

__all__ = ["TarotView"]


@attrs.frozen(kw_only=True, repr=False)
class TarotView:
    """What one seat may know of a deal (T-39).

    Public: every bid, the chien in Prise and Garde once turned up (with 5 players,
    after the call, T-42), the écart's trumps, every poignée, a slam announcement, every
    card played, the previous trick, the called card. The partner's identity is known to
    the partner (and to a taker who called a card of his own hand, who plays alone), and
    to everyone once the called card is played (or the chien showed it, or the deal is
    over). The taker sees the écart while making it; once play starts only its trumps
    are shown (FFT §8). Hidden cards never appear, and ``repr`` prints cards by their
    codes.

    Attributes:
        seat: The viewing seat.
        players: The number of seats.
        dealer: The dealer.
        phase: The :class:`Phase`.
        to_play: The seat to act, or ``None`` at the end.
        hand: The viewer's cards, in card order.
        hand_sizes: How many cards each seat holds.
        bids: ``(seat, contract or None)`` of every seat that spoke.
        contract: The contract, once the auction is over.
        taker: The taker, once the auction is over.
        called_card: The 5-player called card, once called.
        partner: The partner's seat if the viewer knows it, else ``None``.
        partner_known: Whether the viewer knows who the partner is (``partner`` ``None``
            with ``partner_known`` True means the taker plays alone).
        chien: The chien when the viewer may see it (Prise and Garde from the écart on,
            so not during the 5-player call; every contract at the end), else empty.
        ecart: The écart cards the viewer may see.
        poignees: The poignées shown.
        chelem_announced: Whether a slam was announced.
        trick: The current trick as ``(seat, card)``.
        last_trick: The previous trick as ``(seat, card)``.
        tricks_won: How many tricks each seat has won.
        result: The deal's result at the end, else ``None``.
        public_cards: The cards whose identity is public here: cards played, the shown
            chien, the écart's trumps, poignée cards, the called card.
    """

    seat: int
    players: int
    dealer: int
    phase: Phase
    to_play: int | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    bids: tuple[tuple[int, Contract | None], ...]
    contract: Contract | None
    taker: int | None
    called_card: Card | None
    partner: int | None
    partner_known: bool
    chien: tuple[Card, ...]
    ecart: tuple[Card, ...]
    poignees: tuple[Poignee, ...]
    chelem_announced: bool
    trick: tuple[tuple[int, Card], ...]
    last_trick: tuple[tuple[int, Card], ...]
    tricks_won: tuple[int, ...]
    result: DealResult | None
    public_cards: frozenset[Card]

    def __repr__(self) -> str:
        def cards(cs: Iterable[Card]) -> str:
            return "[" + " ".join(str(c) for c in cs) + "]"

        def seated(cs: Iterable[tuple[int, Card]]) -> str:
            return "[" + " ".join(f"{s}:{c}" for s, c in cs) + "]"

        bids = " ".join(f"{s}:{c.code if c else 'pass'}" for s, c in self.bids)
        poignees = " ".join(f"{p.seat}:{p.level}{cards(p.cards)}" for p in self.poignees)
        parts = [
            f"seat={self.seat}",
            f"phase={self.phase.name}",
            f"to_play={self.to_play}",
            f"hand={cards(self.hand)}",
            f"bids=[{bids}]",
            f"contract={self.contract.code if self.contract else None}",
            f"taker={self.taker}",
        ]
        if self.called_card is not None:
            parts.append(f"called={self.called_card}")
            parts.append(f"partner={self.partner if self.partner_known else '?'}")
        parts += [
            f"chien={cards(self.chien)}",
            f"ecart={cards(self.ecart)}",
            f"poignees=[{poignees}]",
            f"chelem_announced={self.chelem_announced}",
            f"trick={seated(self.trick)}",
            f"last_trick={seated(self.last_trick)}",
            f"tricks_won={list(self.tricks_won)}",
        ]
        if self.result is not None:
            parts.append(f"scores={list(self.result.scores)}")
        return "TarotView(" + ", ".join(parts) + ")"


def _make_view(st: TarotState, seat: int) -> TarotView:
    info = st._g.info
    v = st._g.v
    phase = st._phase
    contract = info.contract
    end = phase is _END
    # T-42: with 5 players the taker calls before the chien is turned up, so a Prise or
    # Garde shows it only from the écart on (T-14); T-16: Garde sans and contre only at
    # the end. A deal annulled before any contract shows nothing.
    if end:
        shown_chien = contract is not None
    else:
        shown_chien = contract in (_PRISE, _GARDE) and phase is not _CALL
    chien = info.chien if shown_chien else 0
    if end or (seat == info.taker and phase in (_ECART, _ANNOUNCE)):
        ecart = info.ecart
    else:
        ecart = info.ecart & _TRUMPS  # T-15d
    hands = st._hands
    tally = st._g.tally
    played = tally[_ATT_PILE] | tally[_DEF_PILE]
    for p in st._trick:
        played |= 1 << p
    called = info.called
    partner_known = False
    if called >= 0:
        called_bit = 1 << called
        partner_known = (
            end
            or seat == info.partner
            # The taker who called a card of his own hand plays alone and knows it, even
            # once that card is in the écart (a called queen may be discarded, T-42).
            or (seat == info.taker and info.partner < 0 and info.deal[seat] & called_bit > 0)
            or (shown_chien and info.chien & called_bit > 0)
            or played & called_bit > 0
        )
    tricks_won = [0] * v.players
    winners = tally[_WINNERS]
    for k in range(st._g.n):
        tricks_won[winners >> (3 * k) & 7] += 1
    poignee_mask = 0
    for _, _, mask in info.poignees:
        poignee_mask |= mask
    public = played | chien | ecart | poignee_mask
    if called >= 0:
        public |= 1 << called
    return TarotView(
        seat=seat,
        players=v.players,
        dealer=info.dealer,
        phase=phase,
        to_play=st.to_play,
        hand=_cards(hands[seat]),
        hand_sizes=tuple(h.bit_count() for h in hands),
        bids=info.bids,
        contract=contract,
        taker=info.taker if info.taker >= 0 else None,
        called_card=_CARD[called] if called >= 0 else None,
        partner=(info.partner if info.partner >= 0 else None) if partner_known else None,
        partner_known=partner_known,
        chien=_cards(chien),
        ecart=_cards(ecart),
        poignees=st.poignees,
        chelem_announced=info.chelem,
        trick=st.trick,
        last_trick=st.last_trick,
        tricks_won=tuple(tricks_won),
        result=st._res if end else None,
        public_cards=frozenset(_cards(public)),
    )
