"""Trick play in Bid Euchre (E-18 … E-23): tables, reneges, tricks and bulk playouts.

:class:`PlayTables` holds everything the hot loop of a hand needs once trump is named
and the partner of a help or moon bid sits out: who plays after whom, how many cards a
trick takes (4, or 3 with a partner sitting out, E-21), which suit a lead asks the
others to follow (E-19) and how strong each card is in each trick (E-20). It is built
once per variant and trump choice from the compiled
:class:`~cardrules.tricks.TrickTable`.

:func:`~cardrules.bid_euchre.random_playout` plays a hand to the end with uniformly
random legal actions, without building intermediate states. It consumes ``rng`` exactly
as the public loop ``state = state.apply(rng.choice(state.legal_actions()))`` does (for
``random.Random``, whose ``choice`` draws with ``getrandbits``), so both give the same
hand from the same generator state.

>>> import random
>>> from cardrules.bid_euchre import BidEuchreVariant, random_playout
>>> variant = BidEuchreVariant()
>>> state = variant.new_game(seed=7)
>>> rng = random.Random(1)
>>> a = random_playout(state, rng)
>>> rng = random.Random(1)
>>> while not state.is_terminal:
...     state = state.apply(rng.choice(state.legal_actions()))
>>> a == state.result()
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Final

import attrs

from cardrules._util import FrozenDict
from cardrules.actions import Action, Play
from cardrules.bid_euchre.bidding import Auction, Contract, ContractKind
from cardrules.bid_euchre.cards import TRUMP_CHOICES, DeckTables, NoTrump, Trump
from cardrules.bid_euchre.options import BidEuchreOptions
from cardrules.bid_euchre.scoring import HandFacts, HandResult, _score_trusted, score_hand
from cardrules.cards import JOKER, Card, Suit

if TYPE_CHECKING:
    from cardrules.bid_euchre.state import BidEuchreState

__all__ = ["PlayTables", "Renege", "Trick", "hand_result", "partner_gives", "random_playout"]


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


def _below(getrandbits: Callable[[int], int], n: int) -> int:
    # The draw of random.Random.choice (CPython's _randbelow_with_getrandbits).
    k = n.bit_length()
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


def _pick(p: PlayTables, mask: int, r: int) -> int:
    """The position bit of the ``r``-th distinct card of ``mask`` (the order of actions)."""
    distinct = (mask | mask >> 24) & 0xFFFFFF if p.double else mask
    for _ in range(r):
        distinct &= distinct - 1
    low = distinct & -distinct
    if p.double and not mask & low:
        low <<= 24
    return low


def random_playout(state: BidEuchreState, rng: random.Random) -> HandResult:
    """Play ``state``'s hand to the end with uniformly random legal actions.

    The auction, trump, help exchange and card play run in loops over plain integers,
    without building states, with the same tables and the same draws from ``rng`` as the
    public loop, so the result is the one that loop would reach. The rarer steps (the
    joker discard, Ace No Face claims) go through the public ``apply``.

    Args:
        state: Any state of a hand (a finished one returns its result).
        rng: The generator to draw from.

    Returns:
        The hand's :class:`~cardrules.bid_euchre.HandResult`.
    """
    variant = state._h.variant
    while not state.is_terminal and (
        state._h.phase not in state._BULK_PHASES
        or (variant._discard_after_trump and not state._h.discard)
    ):
        state = state.apply(rng.choice(state.legal_actions()))
    if state.is_terminal:
        return state.result()
    h = state._h
    options = variant.options
    getrandbits = rng.getrandbits
    auction = _random_calls(state._auction, getrandbits)
    if auction._high < 0:
        # E-12: four passes; E-32: nothing scored.
        return _score_trusted(options, None, None, (0, 0), (), "all_pass")
    declarer = auction._declarer
    if h.trump >= 0:
        p = h.play
    else:
        t = _below(getrandbits, len(variant._trump_actions))
        p = variant._play_tables[t][auction._sitting_out + 1]
    won = [0, 0]
    reneges = h.reneges
    # One mask per seat in a list: cheaper to update in place than the packed integer.
    left = state._left
    held = [h.held[0] & left, h.held[1] & left, h.held[2] & left, h.held[3] & left]
    if not state._legal:
        if auction._contract.kind is ContractKind.HELP:  # type: ignore[union-attr]
            # E-14: the declarer gives, then the partner gives back.
            forced = options.help_card_rule == "highest_trump"
            count = options.help_exchange_count
            _random_exchange(p, held, declarer, count, h.given, h.returned, forced, getrandbits)
        # E-18: the declarer leads the first trick.
        seat, trick_no = declarer, 1
    else:
        won[1] = state._done & 15
        won[0] = (state._done >> 4) - won[1]
        seat, trick_no = state.to_play, (state._done >> 4) + 1  # type: ignore[assignment]
    if state._n:
        # Finish the trick under way, then play whole tricks.
        seat, reneges = _play_cards(
            p, held, seat, state._follow, state._lead[1], state._best,
            state._n, trick_no, won, reneges, getrandbits,
        )  # fmt: skip
        trick_no += 1
    if trick_no <= p.tricks_per_hand:
        if p.plain:
            _play_tricks(p, held, seat, trick_no, won, getrandbits)
        else:
            _, reneges = _play_cards(
                p, held, seat, 0, (), 0, 0, trick_no, won, reneges, getrandbits
            )
    return _played_result(options, variant._results, auction, won[0], won[1], reneges)


_BIT_LENGTH: Final = tuple(n.bit_length() for n in range(49))


def _random_calls(auction: Auction, getrandbits: Callable[[int], int]) -> Auction:
    """The auction played to its end with random calls (E-6 … E-12, E-35).

    The calls of ``BidEuchreVariant._calls``, drawn as ``random.Random.choice`` draws
    among them: pass (rank -1) then the bids above the highest, or only those bids for a
    stuck dealer.
    """
    seat = auction.to_call
    top = len(auction.rules.ladder)
    while seat is not None:
        high = auction._high
        stuck = auction._stuck
        n = top - high - 1 if stuck else top - high
        k = _BIT_LENGTH[n]
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        rank = high + 1 + r if stuck else (high + r if r else -1)
        auction = auction._next.get(rank) or auction._after(seat, rank)
        seat = auction.to_call
    return auction


def _random_exchange(
    p: PlayTables,
    held: list[int],
    declarer: int,
    count: int,
    given: int,
    returned: int,
    forced: bool,
    getrandbits: Callable[[int], int],
) -> None:
    """The rest of a help exchange with random cards, on ``held`` (E-14)."""
    partner = (declarer + 2) % 4
    for _ in range(count - given.bit_count()):
        avail = held[declarer]
        bit = _pick(p, avail, _below(getrandbits, _distinct_count(p, avail)))
        held[declarer] ^= bit
        held[partner] ^= bit
        given |= bit
    for _ in range(count - returned.bit_count()):
        avail = partner_gives(p, held[partner] << p.shift[partner], partner, given, forced=forced)
        bit = _pick(p, avail, _below(getrandbits, _distinct_count(p, avail)))
        held[declarer] ^= bit
        held[partner] ^= bit


def _distinct_count(p: PlayTables, mask: int) -> int:
    return ((mask | mask >> 24) & 0xFFFFFF if p.double else mask).bit_count()


def _play_tricks(
    p: PlayTables,
    held: list[int],
    leader: int,
    trick_no: int,
    won: list[int],
    getrandbits: Callable[[int], int],
) -> None:
    """Whole tricks from ``trick_no`` on, one deck, no reneges, as ``_play_cards`` but faster.

    Each choice draws as ``random.Random.choice`` over the legal cards in deck order
    (E-18 … E-20); the tricks won are added to ``won``.
    """
    bits_of = _BIT_LENGTH
    next_seat = p.next_seat
    lead4 = p._lead4
    followers = range(p.trick_size - 1)
    for _ in range(trick_no, p.tricks_per_hand + 1):
        seat = leader
        hand = held[seat]
        n = hand.bit_count()
        k = bits_of[n]
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        m = hand
        while r:
            m &= m - 1
            r -= 1
        bit = m & -m
        held[seat] = hand ^ bit
        pos = bit.bit_length() - 1
        lead, best = lead4[pos]
        if lead is None:
            follow, keys, best = _joker_named(p, pos, seat, getrandbits)
        else:
            follow, keys = lead
            best |= seat
        for _ in followers:
            seat = next_seat[seat]
            hand = held[seat]
            # E-19: follow the effective suit led if possible.
            m = hand & follow or hand
            n = m.bit_count()
            k = bits_of[n]
            r = getrandbits(k)
            while r >= n:
                r = getrandbits(k)
            while r:
                m &= m - 1
                r -= 1
            bit = m & -m
            held[seat] = hand ^ bit
            # E-20: only a strictly stronger card takes the lead (keys are times 4).
            k = keys[bit.bit_length() - 1]
            if k > best:
                best = k | seat
        leader = best & 3
        won[leader & 1] += 1


def _joker_named(
    p: PlayTables, pos: int, seat: int, getrandbits: Callable[[int], int]
) -> tuple[int, tuple[int, ...], int]:
    """E-37: the leader of the joker under no-trump names a suit, one of four in order."""
    r = getrandbits(3)
    while r >= 4:
        r = getrandbits(3)
    sn = p.deck.suit_numbers[p.trump_index][TRUMP_CHOICES[r]]  # type: ignore[index]
    keys = p._keys4[sn]
    return p.table.suit_mask[sn], keys, keys[pos] | seat


# One hot loop, kept whole for speed: PLR0912, PLR0913, PLR0917.
def _play_cards(  # noqa: PLR0912, PLR0913, PLR0917
    p: PlayTables,
    held: list[int],
    seat: int,
    follow: int,
    keys: tuple[int, ...],
    best: int,
    in_trick: int,
    trick_no: int,
    won: list[int],
    reneges: tuple[Renege, ...],
    getrandbits: Callable[[int], int],
) -> tuple[int, tuple[Renege, ...]]:
    """The card play of ``random_playout`` (E-18 … E-23), from any point of a trick.

    Plays to the end of the hand, or only to the end of the trick under way if
    ``in_trick`` cards of it are played already. ``held`` is each seat's hand, updated
    in place; ``keys`` and ``best`` are as in the state (strengths times 4, plus the
    seat). The tricks won are added to ``won``.

    Returns:
        The seat to lead next and the reneges so far.
    """
    cards = p.deck.cards
    double = p.double
    penalize = p.penalize
    next_seat = p.next_seat
    lead4 = p._lead4
    trick_size = p.trick_size
    last_trick = trick_no if in_trick else p.tricks_per_hand
    bits_of = _BIT_LENGTH
    while True:
        hand = held[seat]
        legal = hand if penalize or not in_trick else (hand & follow or hand)
        distinct = (legal | legal >> 24) & 0xFFFFFF if double else legal
        n = distinct.bit_count()
        k = bits_of[n]
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        while r:
            distinct &= distinct - 1
            r -= 1
        bit = distinct & -distinct
        if double and not legal & bit:
            bit <<= 24
        held[seat] = hand ^ bit
        pos = bit.bit_length() - 1
        if not in_trick:
            lead, best = lead4[pos]
            if lead is None:
                follow, keys, best = _joker_named(p, pos, seat, getrandbits)
            else:
                follow, keys = lead
                best |= seat
        else:
            if penalize and not bit & follow and hand & follow:
                reneges = (*reneges, Renege(seat, trick_no, cards[pos], p.led_suit(follow)))
            k = keys[pos]
            if k > best:
                best = k | seat
        in_trick += 1
        if in_trick == trick_size:
            seat = best & 3
            won[seat & 1] += 1
            if trick_no == last_trick:
                return seat, reneges
            trick_no += 1
            in_trick = 0
        else:
            seat = next_seat[seat]
