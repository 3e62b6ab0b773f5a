"""What one seat may know of a French Tarot deal (T-39): :class:`TarotView`.

>>> from cardrules.tarot import TarotVariant
>>> state = TarotVariant().new_game(seed=1).apply("bid garde")
>>> view = state.view(0)
>>> view.bids, len(view.hand), view.chien
(((1, <Contract.GARDE: 2>),), 18, ())
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Final

import attrs

from cardrules import wire
from cardrules._util import quote
from cardrules.actions import Action
from cardrules.cards import Card, CardKind
from cardrules.errors import InvalidArgumentError
from cardrules.state import State, check_seat
from cardrules.tarot._tables import Phase
from cardrules.tarot.bidding import Contract
from cardrules.tarot.scoring import DealResult

if TYPE_CHECKING:
    from cardrules.tarot.state import Poignee, TarotState

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
        legal_actions: The actions this seat may take when it is to play (as
            ``state.legal_actions()``), else empty: a client needs one answer.
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
    legal_actions: tuple[Action, ...] = ()

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

    @classmethod
    def from_state(cls, state: TarotState, seat: int) -> TarotView:
        """What ``seat`` may know of ``state``: ``state.view(seat)``, which calls this.

        Raises:
            TypeError: ``state`` is not a French Tarot state (the library's
                ``InvalidArgumentError``, also a ``ValueError``).
            InvalidSeatError: ``seat`` is not a seat of the table.

        >>> from cardrules.tarot import TarotVariant
        >>> state = TarotVariant().new_game(seed=1)
        >>> TarotView.from_state(state, 2) == state.view(2)
        True
        """
        given: object = state
        if not isinstance(given, State) or given.variant.id != "tarot":
            raise InvalidArgumentError(f"a view is made of a TarotState, not {quote(given)}")
        players = state.variant.players
        seat = check_seat(seat, players)
        phase = state.phase
        contract = state.contract
        taker = state.taker
        end = phase is Phase.END
        # T-42: with 5 players the taker calls before the chien is turned up, so a Prise or
        # Garde shows it only from the écart on (T-14); T-16: Garde sans and contre only
        # at the end. A deal annulled before any contract shows nothing.
        if end:
            shown_chien = contract is not None
        else:
            shown_chien = contract in _CHIEN_SHOWN and phase is not Phase.CALL
        chien = state.chien if shown_chien else ()
        if end or (seat == taker and phase in _ECART_SEEN):
            ecart = state.ecart
        else:
            ecart = tuple(c for c in state.ecart if c.kind is CardKind.TRUMP)  # T-15d
        played = frozenset(state.cards_played)
        called = state.called_card
        partner = state.partner
        partner_known = False
        if called is not None:
            partner_known = (
                end
                or seat == partner
                # The taker who called a card of his own hand plays alone and knows it,
                # even once that card is in the écart (a called queen may be discarded,
                # T-42); a called card in the chien leaves him alone too, unknowing.
                or (seat == taker and partner is None and called not in state.chien)
                or called in chien
                or called in played
            )
        tricks_won = [0] * players
        for winner in state.trick_winners:
            tricks_won[winner] += 1
        poignees = state.poignees
        public = played.union(chien, ecart, *(p.cards for p in poignees))
        if called is not None:
            public |= {called}
        return cls(
            seat=seat,
            players=players,
            dealer=state.dealer,
            phase=phase,
            to_play=state.to_play,
            hand=state.hand(seat),
            hand_sizes=state.hand_sizes,
            bids=state.bids,
            contract=contract,
            taker=taker,
            called_card=called,
            partner=partner if partner_known else None,
            partner_known=partner_known,
            chien=chien,
            ecart=ecart,
            poignees=poignees,
            chelem_announced=state.chelem_announced,
            trick=state.trick,
            last_trick=state.last_trick,
            tricks_won=tuple(tricks_won),
            result=state.result() if end else None,
            public_cards=public,
            # Only the seat to play gets its actions: another's would tell its hand.
            legal_actions=state.legal_actions() if seat == state.to_play else (),
        )

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON values (cards and actions by their notation), for a client;
        ``cardrules.json_schema("view", "tarot")`` describes it.

        >>> from cardrules.tarot import TarotVariant
        >>> document = TarotVariant().new_game(seed=1).view(1).to_dict()
        >>> document["phase"], document["to_play"], document["legal_actions"][:2]
        ('bidding', 1, ['pass', 'bid prise'])
        """
        return {
            "seat": self.seat,
            "players": self.players,
            "dealer": self.dealer,
            "phase": self.phase.value,
            "to_play": self.to_play,
            "hand": wire.cards(self.hand),
            "hand_sizes": list(self.hand_sizes),
            "bids": [[seat, None if bid is None else bid.code] for seat, bid in self.bids],
            "contract": None if self.contract is None else self.contract.code,
            "taker": self.taker,
            "called_card": None if self.called_card is None else str(self.called_card),
            "partner": self.partner,
            "partner_known": self.partner_known,
            "chien": wire.cards(self.chien),
            "ecart": wire.cards(self.ecart),
            "poignees": [
                {"seat": p.seat, "level": str(p.level), "cards": wire.cards(p.cards)}
                for p in self.poignees
            ],
            "chelem_announced": self.chelem_announced,
            "trick": wire.seated(self.trick),
            "last_trick": wire.seated(self.last_trick),
            "tricks_won": list(self.tricks_won),
            "result": None if self.result is None else self.result.to_dict(),
            "public_cards": wire.card_set(self.public_cards),
            "legal_actions": [str(action) for action in self.legal_actions],
        }


_CHIEN_SHOWN: Final = (Contract.PRISE, Contract.GARDE)
_ECART_SEEN: Final = (Phase.ECART, Phase.ANNOUNCE)
