"""Trick play in Bid Euchre (E-18 … E-23): tables, reneges and tricks.

:class:`PlayTables` holds everything the hot loop of a hand needs once trump is named
and the partner of a help or moon bid sits out: who plays after whom, how many cards a
trick takes (4, or 3 with a partner sitting out, E-21), which suit a lead asks the
others to follow (E-19) and how strong each card is in each trick (E-20). It is built
once per variant and trump choice from the compiled
:class:`~cardrules.tricks.TrickTable`.
"""

from __future__ import annotations

import attrs

from cardrules._util import FrozenDict
from cardrules.actions import Action, Play
from cardrules.bid_euchre.bidding import Auction, Contract
from cardrules.bid_euchre.cards import TRUMP_CHOICES, DeckTables, NoTrump, Trump
from cardrules.bid_euchre.options import BidEuchreOptions
from cardrules.bid_euchre.scoring import HandFacts, HandResult, _score_trusted, score_hand
from cardrules.cards import JOKER, Card, Suit

__all__ = ["PlayTables", "Renege", "Trick", "hand_result", "partner_gives"]


@attrs.frozen
class Renege:
    """A renege recorded under ``renege_mode="penalize"`` (E-23).

    Attributes:
        seat: The seat that failed to follow suit.
        trick: The trick's number, 1 for the first trick of the hand.
        card: The card played.
        led: The effective suit led (the suit named when the joker was led in no-trump).

    >>> from cardrules import Card, Suit
    >>> Renege(1, 1, Card.parse("9H"), Suit.DIAMONDS).seat
    1
    """

    seat: int
    trick: int
    card: Card
    led: Suit


@attrs.frozen
class Trick:
    """A finished trick (E-20).

    Attributes:
        leader: The seat that led.
        plays: ``(seat, card)`` in play order (three cards with a partner sitting out).
        winner: The seat that won the trick and leads the next (E-20).
    """

    leader: int
    plays: tuple[tuple[int, Card], ...]
    winner: int


class PlayTables:
    """The trick-play tables of one deck, trump choice and sitting-out seat.

    Built once per deck layout and cached (:meth:`for_hand`); the engine's hot loop
    reads the attributes directly. Every table is a tuple: states share them across threads.

    Attributes:
        deck: The :class:`~cardrules.bid_euchre.DeckTables`.
        trump_index: The trump choice's index in
            :data:`~cardrules.bid_euchre.TRUMP_CHOICES`, -1 before trump is named.
        trump: The trump choice, or ``None`` for the tables used before trump is named.
        table: The compiled :class:`~cardrules.tricks.TrickTable` of that trump choice.
        sitting_out: The seat that sits out (E-21), or -1.
        next_seat: For each playing seat, the next playing seat clockwise.
        step: For each playing seat: the seat, its hand's offset in the packed hands,
            the next playing seat and that seat's offset.
        trick_size: Cards per trick: 4, or 3 with a partner sitting out.
        tricks_per_hand: 6, or 12 with the double deck (E-22).
        lead_follow: Per position: the mask of the effective suit a lead of that card
            asks the others to follow (E-17, E-19).
        lead_keys: Per position: the strengths of the trick that card leads (E-20).
        lead: Per position: ``(lead_follow, lead_keys, the card's own strength)``, or
            ``None`` for the joker under no-trump, whose leader names the suit.
        keys_by_suit: Per effective-suit number, per position: strengths in a trick of
            that suit led (trumps above all; other suits 0, which never win).
        trumps_by_strength: Masks of the trumps of equal strength, strongest first
            (the "best trump" of the help exchange, E-14).
        joker_no_trump: The joker's position when it is led under no-trump, so that
            its leader names a suit (E-37); -1 otherwise.
        penalize: ``renege_mode == "penalize"`` (E-23).
        plain: A single deck under ``renege_mode="reject"``, the engine's fastest path.
        width: Positions per hand in the packed hands integer.
        full: The mask of one hand's positions.
        shift: For each seat, the offset of its hand in the packed hands integer.
        position_mask: For each :attr:`~cardrules.Card.index`, the mask of that card's positions.
        double: The double deck: fold the second copies before :meth:`play_actions`.
        c0: With ``c1`` and ``c2``, the deck's 8-bit tables of ``Play`` actions
            (:meth:`DeckTables.chunk_tables
            <cardrules.bid_euchre.DeckTables.chunk_tables>`).
    """

    __slots__ = (
        "_a0",
        "_a1",
        "_keys4",
        "_lead4",
        "_position",
        "_suit_by_follow",
        "c0",
        "c1",
        "c2",
        "deck",
        "double",
        "full",
        "joker_no_trump",
        "keys_by_suit",
        "lead",
        "lead_follow",
        "lead_keys",
        "next_seat",
        "penalize",
        "plain",
        "position_mask",
        "shift",
        "sitting_out",
        "step",
        "table",
        "trick_size",
        "tricks_per_hand",
        "trump",
        "trump_index",
        "trumps_by_strength",
        "width",
    )

    def __init__(
        self, deck: DeckTables, trump_index: int, sitting_out: int, *, penalize: bool
    ) -> None:
        self.deck = deck
        self.trump_index = trump_index
        self.trump: Trump | None = TRUMP_CHOICES[trump_index] if trump_index >= 0 else None
        t = max(trump_index, 0)
        table = deck.tables[t]
        self.table = table
        self.sitting_out = sitting_out
        self.width = deck.size
        self.full = (1 << deck.size) - 1
        self.shift = tuple(s * deck.size for s in range(4))
        active = [s for s in range(4) if s != sitting_out]
        nxt = [-1] * 4
        for n, s in enumerate(active):
            nxt[s] = active[(n + 1) % len(active)]
        self.next_seat = tuple(nxt)
        self.step = tuple(
            (s, self.shift[s], nxt[s], self.shift[nxt[s]] if nxt[s] >= 0 else -1) for s in range(4)
        )
        self.trick_size = len(active)
        self.tricks_per_hand = 12 if deck.double else 6
        self.lead_follow = deck.lead_follow[t]
        self.lead_keys = deck.lead_keys[t]
        self.keys_by_suit = deck.keys_by_suit[t]
        self.position_mask = deck.position_mask
        self.joker_no_trump = (
            deck.cards.index(JOKER)
            if isinstance(self.trump, NoTrump) and JOKER in deck.cards
            else -1
        )
        self.penalize = penalize
        self.plain = not penalize and not deck.double
        self.lead: tuple[tuple[int, tuple[int, ...], int] | None, ...] = tuple(
            None
            if pos == self.joker_no_trump
            else (self.lead_follow[pos], self.lead_keys[pos], self.lead_keys[pos][pos])
            for pos in range(deck.size)
        )
        self._suit_by_follow = FrozenDict(
            {
                table.suit_mask[n]: label
                for n, label in enumerate(table.suit_labels)
                if isinstance(label, Suit)
            }
        )
        strengths = sorted(
            {table.key[i] for i in range(deck.size) if table.trump_mask >> i & 1}, reverse=True
        )
        self.trumps_by_strength = tuple(
            sum(1 << i for i in range(deck.size) if table.trump_mask >> i & 1 and table.key[i] == k)
            for k in strengths
        )
        self.double = deck.double
        self.c0, self.c1, self.c2 = deck.chunk_tables(Play)
        self._a0, self._a1 = deck._half_tables(Play)
        # By Card.index: the position of the card's first copy (-1 outside the deck).
        self._position = tuple((m & -m).bit_length() - 1 for m in deck.position_mask)
        # The engine's forms of keys_by_suit and lead: strengths times 4, so that one
        # int holds a trick's best strength and the seat that played it (key | seat),
        # and ``key > best`` is true only for a strictly stronger card (E-20, E-38).
        # _lead4[pos] is ((follow mask, keys), key of the card) for a lead of pos, or
        # (None, 0) for the joker under no-trump, whose leader names the suit (E-37).
        self._keys4 = tuple(tuple(k << 2 for k in keys) for keys in self.keys_by_suit)
        self._lead4: tuple[tuple[tuple[int, tuple[int, ...]] | None, int], ...] = tuple(
            (None, 0)
            if pos == self.joker_no_trump
            else (
                (self.lead_follow[pos], self._keys4[table.suit[pos]]),
                self._keys4[table.suit[pos]][pos],
            )
            for pos in range(deck.size)
        )

    @staticmethod
    def for_hand(
        deck: DeckTables, trump_index: int, sitting_out: int, *, penalize: bool
    ) -> PlayTables:
        """The tables for this deck, trump choice and sitting-out seat, built once.

        Args:
            deck: The deck's tables.
            trump_index: The index in ``TRUMP_CHOICES``, -1 before trump is named.
            sitting_out: The seat that sits out, or -1.
            penalize: ``renege_mode == "penalize"``.
        """
        key = (trump_index, sitting_out, penalize)
        tables = deck.play_cache.get(key)
        if not isinstance(tables, PlayTables):
            tables = PlayTables(deck, trump_index, sitting_out, penalize=penalize)
            deck.play_cache[key] = tables
        return tables

    def play_actions(self, mask: int) -> tuple[Action, ...]:
        """The :class:`~cardrules.Play` actions of ``mask``, one per distinct card."""
        if self.double:
            mask = (mask | mask >> 24) & 0xFFFFFF
        return self._a0[mask & 4095] + self._a1[mask >> 12]

    def led_suit(self, follow: int) -> Suit:
        """The suit whose positions are ``follow`` (the suit led, E-19)."""
        return self._suit_by_follow[follow]

    @staticmethod
    def lawful(hand: int, follow: int) -> int:
        """The cards of ``hand`` that follow suit (E-19): the whole hand if void or leading.

        Args:
            hand: The player's positions.
            follow: The mask of the suit led, 0 when leading.
        """
        return hand & follow or hand


def hand_result(
    options: BidEuchreOptions,
    contract: Contract,
    declarer: int,
    tricks: tuple[int, int],
    reneges: tuple[Renege, ...],
) -> HandResult:
    """Score a played hand through :func:`~cardrules.bid_euchre.score_hand` (E-24 … E-31).

    Args:
        options: The rules in force.
        contract: The winning bid.
        declarer: The declarer's seat.
        tricks: Tricks won by NS and by EW.
        reneges: The reneges recorded in the hand (E-23).
    """
    facts = HandFacts(
        contract=contract,
        declarer=declarer,
        tricks=tricks,
        reneges=tuple(r.seat for r in reneges) if reneges else (),
    )
    return score_hand(facts, options)


def _played_result(
    options: BidEuchreOptions,
    results: dict[int, HandResult],
    auction: Auction,
    ns: int,
    ew: int,
    reneges: tuple[Renege, ...],
) -> HandResult:
    """Score a hand the engine played (E-24 … E-31), as ``hand_result`` without checks.

    The engine's facts need no checking, and a hand without reneges is one of a few
    outcomes (the bid, the declarer, the tricks), each scored once into ``results``
    (the variant's cache: results are immutable values).

    Args:
        options: The rules in force.
        results: The variant's cache of results by outcome.
        auction: The finished auction (with a contract).
        ns: Tricks won by NS.
        ew: Tricks won by EW.
        reneges: The reneges recorded in the hand (E-23).
    """
    if reneges:
        return _score_trusted(
            options,
            auction._contract,
            auction._declarer,
            (ns, ew),
            tuple([r.seat for r in reneges]),
        )
    key = (auction._high << 2 | auction._declarer) << 8 | ns << 4 | ew
    result = results.get(key)
    if result is None:
        result = _score_trusted(options, auction._contract, auction._declarer, (ns, ew))
        results[key] = result
    return result


def partner_gives(p: PlayTables, hands: int, partner: int, given: int, *, forced: bool) -> int:
    """The positions the partner may give back in the help exchange (E-14).

    Only cards the partner was dealt (``given`` are the ones received); under
    ``help_card_rule="highest_trump"`` (``forced``) the best trump by E-16 if the partner
    has one, the left bower and the joker included (E-17).

    Args:
        p: The tables of the hand's trump.
        hands: The packed hands.
        partner: The partner's seat.
        given: The positions the declarer gave.
        forced: ``help_card_rule == "highest_trump"``.
    """
    avail = (hands >> p.shift[partner] & p.full) & ~given
    if forced:
        for same in p.trumps_by_strength:
            if avail & same:
                return avail & same
    return avail
