"""What one seat may know of a French Tarot deal (T-39): :class:`TarotView`.

>>> from cardrules.tarot import TarotVariant
>>> state = TarotVariant().new_game(seed=1).apply("bid garde")
>>> view = state.view(0)
>>> view.bids, len(view.hand), view.chien
(((1, <Contract.GARDE: 2>),), 18, ())
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

import attrs

from cardrules._util import quote
from cardrules.actions import Play
from cardrules.cards import Card, CardKind
from cardrules.errors import InvalidArgumentError
from cardrules.state import State, check_seat
from cardrules.tarot._tables import Phase
from cardrules.tarot.bidding import Contract
from cardrules.tarot.scoring import DealResult

if TYPE_CHECKING:
    from cardrules.tarot.state import Poignee, TarotState

__all__ = ["OBSERVATION_LAYOUT", "TarotView", "observation_size"]


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
        tricks: Every gathered trick, in order, each as ``(seat, card)`` in playing
            order (the cards played are public, T-39).
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
    tricks: tuple[tuple[tuple[int, Card], ...], ...]
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

    def observation(self) -> tuple[float, ...]:
        """What this view shows as a flat tuple of ``variant.observation_size`` floats.

        The layout is :data:`cardrules.tarot.view.OBSERVATION_LAYOUT` (seats
        counted from the viewer); see the docs page "Observations".

        >>> from cardrules.tarot import TarotVariant
        >>> variant = TarotVariant(players=5)
        >>> len(variant.new_game(seed=1).view(3).observation()) == variant.observation_size
        True
        """
        return _observation(self)

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
        plays = [(s, a.card) for s, a in state.history if type(a) is Play]
        tricks = tuple(
            tuple(plays[k : k + players]) for k in range(0, players * state.tricks_played, players)
        )
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
            tricks=tricks,
            tricks_won=tuple(tricks_won),
            result=state.result() if end else None,
            public_cards=public,
        )


_CHIEN_SHOWN: Final = (Contract.PRISE, Contract.GARDE)
_ECART_SEEN: Final = (Phase.ECART, Phase.ANNOUNCE)


# -- observations ------------------------------------------------------------------

_CARDS: Final = 78
_PHASES: Final = tuple(Phase)

OBSERVATION_LAYOUT: Final[tuple[tuple[str, str], ...]] = (
    ("hand", "78: 1 for each card of the viewer's hand"),
    ("played", "players x 78: the cards each seat has played to the tricks so far"),
    ("trick", "players x 78: the card each seat has put on the current trick"),
    ("chien", "78: the chien, when the viewer may see it"),
    ("ecart", "78: the écart cards the viewer may see (TarotView.ecart)"),
    ("poignee_cards", "78: the cards shown in poignées"),
    ("poignee_level", "players x 3: each seat's poignée (simple, double, triple)"),
    ("bids", "players x 5: each seat's bid (pass, prise, garde, garde sans, garde contre)"),
    ("contract", "4: the contract (prise, garde, garde sans, garde contre)"),
    ("taker", "players: the taker"),
    ("called_card", "78: the card called (5 players)"),
    ("partner_known", "1: 1 when the viewer knows who the partner is (or that none is)"),
    ("partner", "players: the partner, when known"),
    ("chelem", "1: 1 when a slam was announced"),
    ("phase", "6: bidding, call, ecart, announce, play, end"),
    ("to_play", "players: the seat to act"),
    ("dealer", "players: the dealer"),
    ("hand_sizes", "players: the number of cards each seat holds"),
    ("tricks_won", "players: the number of tricks each seat has won"),
    ("scores", "players: each seat's score at the end of the deal, else 0"),
)
"""Each part of :meth:`~cardrules.tarot.TarotView.observation`, in order: its name and what
it holds.

A per-seat part has one block per seat, counted from the viewer: block ``k`` is the
seat ``k`` places to the viewer's left, ``(viewer + k) % players``, so the viewer is
block 0. Cards are indexed by :attr:`Card.index <cardrules.Card.index>` (0 to 77); a
one-hot part is all zeros while its fact is unknown (no contract yet, no partner known).

>>> [name for name, _ in OBSERVATION_LAYOUT][:3]
['hand', 'played', 'trick']
"""


def observation_size(players: int) -> int:
    """The length of an observation at a table of ``players`` seats.

    >>> observation_size(3), observation_size(4), observation_size(5)
    (915, 1086, 1257)
    """
    return _CARDS * (2 * players + 5) + 15 * players + 12


# One part after the other, as the layout lists them: PLR0912, PLR0915.
def _observation(view: TarotView) -> tuple[float, ...]:  # noqa: PLR0912, PLR0915
    """The observation of ``view`` (see :data:`OBSERVATION_LAYOUT`): block ``k`` of a
    per-seat part is the seat ``k`` places to the viewer's left; cards are indexed by
    :attr:`Card.index <cardrules.Card.index>` (0 to 77)."""
    n = view.players
    me = view.seat
    obs = [0.0] * observation_size(n)
    for card in view.hand:
        obs[card.index] = 1.0
    base = _CARDS
    for trick in view.tricks:
        for seat, card in trick:
            obs[base + (seat - me) % n * _CARDS + card.index] = 1.0
    for seat, card in view.trick:
        obs[base + (seat - me) % n * _CARDS + card.index] = 1.0
    base += n * _CARDS
    for seat, card in view.trick:
        obs[base + (seat - me) % n * _CARDS + card.index] = 1.0
    base += n * _CARDS
    for card in view.chien:
        obs[base + card.index] = 1.0
    base += _CARDS
    for card in view.ecart:
        obs[base + card.index] = 1.0
    base += _CARDS
    for poignee in view.poignees:
        for card in poignee.cards:
            obs[base + card.index] = 1.0
    base += _CARDS
    for poignee in view.poignees:
        obs[base + (poignee.seat - me) % n * 3 + poignee.level - 1] = 1.0
    base += 3 * n
    for seat, bid in view.bids:
        obs[base + (seat - me) % n * 5 + (0 if bid is None else bid)] = 1.0
    base += 5 * n
    if view.contract is not None:
        obs[base + view.contract - Contract.PRISE] = 1.0
    base += 4
    if view.taker is not None:
        obs[base + (view.taker - me) % n] = 1.0
    base += n
    if view.called_card is not None:
        obs[base + view.called_card.index] = 1.0
    base += _CARDS
    if view.partner_known:
        obs[base] = 1.0
    base += 1
    if view.partner is not None:
        obs[base + (view.partner - me) % n] = 1.0
    base += n
    if view.chelem_announced:
        obs[base] = 1.0
    base += 1
    obs[base + _PHASES.index(view.phase)] = 1.0
    base += len(_PHASES)
    if view.to_play is not None:
        obs[base + (view.to_play - me) % n] = 1.0
    base += n
    obs[base + (view.dealer - me) % n] = 1.0
    base += n
    for seat in range(n):
        k = (seat - me) % n
        obs[base + k] = float(view.hand_sizes[seat])
        obs[base + n + k] = float(view.tricks_won[seat])
        if view.result is not None:
            obs[base + 2 * n + k] = float(view.result.scores[seat])
    return tuple(obs)
