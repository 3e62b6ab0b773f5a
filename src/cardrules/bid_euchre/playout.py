"""Random playouts of Bid Euchre hands, for bots (E-6 … E-23, E-35 … E-37).

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

from cardrules.bid_euchre._tables import PlayTables
from cardrules.bid_euchre.bidding import Auction, ContractKind
from cardrules.bid_euchre.cards import TRUMP_CHOICES
from cardrules.bid_euchre.play import Renege, _played_result, partner_gives
from cardrules.bid_euchre.scoring import HandResult, _score_trusted

if TYPE_CHECKING:
    from cardrules.bid_euchre.state import BidEuchreState

__all__ = ["random_playout"]


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
    tables = state._h.tables
    while not state.is_terminal and (
        state._h.phase not in state._BULK_PHASES
        or (tables.discard_after_trump and not state._h.discard)
    ):
        state = state.apply(rng.choice(state.legal_actions()))
    if state.is_terminal:
        return state.result()
    h = state._h
    options = tables.options
    getrandbits = rng.getrandbits
    auction = _random_calls(state._auction, getrandbits)
    if auction._high < 0:
        # E-12: four passes; E-32: nothing scored.
        return _score_trusted(options, None, None, (0, 0), (), "all_pass")
    declarer = auction._declarer
    if h.trump >= 0:
        p = h.play
    else:
        t = _below(getrandbits, len(tables.trump_actions))
        p = tables.play_tables[t][auction._sitting_out + 1]
    won = [0, 0]
    reneges = h.reneges
    # One mask per seat in a list: cheaper to update in place than the packed integer.
    left = state._left
    held = [h.held[0] & left, h.held[1] & left, h.held[2] & left, h.held[3] & left]
    if not state._legal:
        if auction._contract.kind is ContractKind.HELP:  # type: ignore[union-attr]
            # E-14: the declarer gives, then the partner gives back.
            count = tables.help_count
            _random_exchange(
                p, held, declarer, count, h.given, h.returned, tables.forced_give, getrandbits
            )
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
    return _played_result(options, tables.results, auction, won[0], won[1], reneges)


_BIT_LENGTH: Final = tuple(n.bit_length() for n in range(49))


def _random_calls(auction: Auction, getrandbits: Callable[[int], int]) -> Auction:
    """The auction played to its end with random calls (E-6 … E-12, E-35).

    The calls of ``Tables.calls``, drawn as ``random.Random.choice`` draws
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
