"""Random playouts for bots: a whole French Tarot deal on integers (T-10 … T-37).

:func:`~cardrules.tarot.random_playout` plays uniformly random legal actions from any
state to the end without building a state per action, with the states' rule tables and
the same draws as the public loop ``state.apply(rng.choice(state.legal_actions()))``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

from cardrules.decks import randbelow
from cardrules.errors import InvalidArgumentError
from cardrules.tarot._tables import (
    _DECK_MASK,
    _EXB,
    _EXCUSE_POS,
    _FIRST_TRUMP,
    _FOLLOW,
    _OVER,
    _PETIT_B,
    _SUIT,
    _SUIT_MASK,
    _TRUMPS,
    _ecart_legal,
)
from cardrules.tarot.bidding import auction_taker
from cardrules.tarot.play import _resolve
from cardrules.tarot.scoring import DealResult
from cardrules.tarot.state import (
    _ANNOUNCE,
    _BIDDING,
    _CALL,
    _CONTRACTS,
    _ECART,
    _END,
    _GARDE,
    _PLAY,
    _PRISE,
    TarotState,
    _callable_actions,
    _canonical_of,
    _Info,
    _score,
)

__all__ = ["random_playout"]

# n.bit_length() for the numbers of choices (at most 24 cards and 3 declarations).
_BIT_LENGTH: Final = tuple(n.bit_length() for n in range(32))


# One loop over the whole deal, inlined for speed, hence its length.
def random_playout(state: TarotState, rng: random.Random) -> DealResult:  # noqa: PLR0912, PLR0915
    """Play uniformly random legal actions from ``state`` to the end; return the result.

    For bots: the deal runs on bitmasks with the same rule tables as the states, without
    building a state per action. The result is *identical* to playing
    ``state = state.apply(rng.choice(state.legal_actions()))`` until the end with the same
    ``rng`` (a ``random.Random``): the choices are drawn the same way, among the same
    actions in the same order, in every phase (poignée declarations included).

    Args:
        state: Any state of a Tarot deal.
        rng: The generator to draw from.

    Returns:
        The deal's :class:`~cardrules.tarot.DealResult`.

    >>> import random
    >>> from cardrules.tarot import TarotVariant
    >>> state = TarotVariant().new_game(seed=5)
    >>> a = random_playout(state, random.Random(1))
    >>> s = state
    >>> rng = random.Random(1)
    >>> while not s.is_terminal:
    ...     s = s.apply(rng.choice(s.legal_actions()))
    >>> a == s.result()
    True
    """
    if not isinstance(state, TarotState):
        raise InvalidArgumentError(f"random_playout takes a TarotState, not {type(state).__name__}")
    phase = state._phase
    if phase is _END:
        return state.result()
    getrandbits = rng.getrandbits
    bit_length = _BIT_LENGTH
    v = state._g.v
    players = v._tables.players
    nxt = v._tables.next
    info = state._g.info.copy()
    # As in the states, each seat's cards are its cards at the start of the play less
    # those played: ``hands[seat] & unplayed`` here.
    hands: Sequence[int] = state._g.hands
    if phase is not _PLAY:
        # The auction, call, écart and announcement, drawn as the states list them.
        hands = dealt = list(hands)
        leader = _before_play(state, rng, info, dealt)
        if leader < 0:
            reason: Any = info.annulled
            return DealResult.annulled_deal(players=players, reason=reason)
        legal = hands[leader]
        if info.called >= 0:
            # T-43: no card of the called suit on the first lead, but the called card.
            legal &= ~_SUIT_MASK[_SUIT[info.called]] | (1 << info.called)
        seat = leader
        trick: list[int] = []
        follow = 0
        over = _TRUMPS
        n = played = 0
        att_pile = def_pile = comp = att_tricks = 0
        petit = -1
        sweep = False
    else:
        played = state._played
        trick = list(state._trick)
        follow = state._follow
        over = state._over
        legal = state._legal
        seat = state._to_play
        n = state._g.n
        att_pile, def_pile, comp, att_tricks, _, petit, _, sweep = state._g.tally
    options = v.options
    tricks = v._tables.tricks
    thresholds = v._tables.thresholds
    declarations = v._tables.declaration_levels
    follow_of = _FOLLOW
    over_after = _OVER
    trump_mask = _TRUMPS
    canonical_of = _canonical_of
    exb = _EXB
    attack = info.attack
    chelem = info.chelem
    taker = info.taker
    forced = info.ecart & trump_mask if options.poignee_counts_forced_discards else 0
    declared = info.declared
    poignees = list(info.poignees)
    # The cards not played before the current trick (the others are in the piles).
    fresh = _DECK_MASK ^ (att_pile | def_pile)
    unplayed = _DECK_MASK ^ played
    left = players - len(trick)
    # The seats that may still declare a poignée: only in the first trick (T-19).
    undeclared = 0 if n else ~declared & ((1 << players) - 1)
    while True:
        count = legal.bit_count()
        if undeclared and undeclared >> seat & 1:
            # The canonical declarations, drawn among the plays as legal_actions lists them.
            hand = hands[seat] & unplayed
            seat_forced = forced if seat == taker else 0
            trump_like = (hand & trump_mask | seat_forced).bit_count() + (hand >> _EXCUSE_POS)
            offers = declarations[min(trump_like, 22)]
            # randbelow(rng, count + len(offers)), inlined like the draw below.
            total = count + len(offers)
            bits = bit_length[total]
            k = getrandbits(bits)
            while k >= total:
                k = getrandbits(bits)
            if k >= count:
                level = offers[k - count]
                mask = canonical_of(hand, seat_forced, thresholds[level - 1])
                poignees.append((seat, level, mask))
                declared |= 1 << seat
                undeclared ^= 1 << seat
                continue
        else:
            # randbelow(rng, count) inlined: Random.choice draws the same way.
            bits = bit_length[count]
            k = getrandbits(bits)
            while k >= count:
                k = getrandbits(bits)
        # The k-th lowest legal card, counted from the nearer end of the mask.
        m = legal
        if k + k < count:
            while k:
                m &= m - 1
                k -= 1
            bit = m & -m
            pos = bit.bit_length() - 1
        else:
            k = count - 1 - k
            pos = m.bit_length() - 1
            while k:
                m ^= 1 << pos
                pos = m.bit_length() - 1
                k -= 1
            bit = 1 << pos
        unplayed ^= bit
        trick.append(pos)
        left -= 1
        if left:
            if not follow:
                follow = follow_of[pos]  # T-23: the Excuse sets no suit
            if _FIRST_TRUMP <= pos < _EXCUSE_POS:
                over &= over_after[pos]  # only a trump changes the trumps that overtrump
            seat = nxt[seat]
            h = hands[seat] & unplayed
            # T-22 for the next player, as in TarotState.apply.
            if follow:
                legal = h & follow
                if follow == trump_mask:
                    legal = (legal & over or legal) | (h & exb) if legal else h
                elif legal:
                    if h >> _EXCUSE_POS:
                        legal |= exb
                else:
                    trumps = h & trump_mask
                    legal = (trumps & over or trumps) | (h & exb) if trumps else h
            else:
                legal = h
            continue
        trick_mask = fresh ^ unplayed
        fresh = unplayed
        leader = nxt[seat]
        if trick_mask & exb:
            leader_attacks = attack >> leader & 1
            swept = att_tricks == n if leader_attacks else att_tricks == 0
            winner, att, dfn, delta, won = _resolve(
                trick, leader, players, attack, n == tricks - 1, swept, chelem, options
            )
            att_pile |= att
            def_pile |= dfn
            comp += delta
            sweep = sweep or won
            winner_attacks = attack >> winner & 1
        else:
            # T-24 without the Excuse, as in TarotState.apply: the highest position among
            # the trumps, else among the cards of the suit led.
            top = (trick_mask & trump_mask or trick_mask & follow).bit_length() - 1
            winner = (leader + trick.index(top)) % players
            winner_attacks = attack >> winner & 1
            if winner_attacks:
                att_pile |= trick_mask
        att_tricks += winner_attacks
        if trick_mask & _PETIT_B:
            petit = 2 * n + (winner_attacks ^ 1)
        n += 1
        if n == tricks:
            break
        seat = winner
        trick = []
        left = players
        undeclared = 0
        follow = 0
        over = trump_mask
        legal = hands[seat] & unplayed
    info.poignees = tuple(poignees)
    info.declared = declared
    # The score reads only the attack's pile, the compensation, the attack's tricks, the
    # Petit and the T-26b win: the defence's pile and the trick winners are left out.
    tally: tuple[Any, ...] = (att_pile, 0, comp, att_tricks, 0, petit, None, sweep)
    return _score(v, info, tally)


def _before_play(state: TarotState, rng: random.Random, info: _Info, hands: list[int]) -> int:
    """Play the steps before the card play (T-10 … T-17) at random from ``state``, each
    choice drawn as ``rng.choice(state.legal_actions())`` would: update ``info`` and
    ``hands`` in place and return the first leader, or -1 for a deal annulled because
    everyone passed (T-12)."""
    v = state._g.v
    phase = state._phase
    if phase is _BIDDING:
        if not _random_auction(state, rng, info):
            return -1
        phase = _CALL if v._tables.players == 5 else _PLAY
    taker = info.taker
    if phase is _CALL:
        # T-42: one of the four cards of the callable rank, in card order.
        calls = _callable_actions(hands[taker])
        pos = calls[randbelow(rng, len(calls))].card.index
        for seat, hand in enumerate(hands):
            if seat != taker and hand >> pos & 1:
                info.partner = seat
                info.attack |= 1 << seat
        info.called = pos
    if phase is not _ECART and phase is not _ANNOUNCE:
        # After the auction or the call, as in _after_call.
        if info.contract is _PRISE or info.contract is _GARDE:
            hands[taker] |= info.chien  # T-14
            phase = _ECART
        else:
            phase = _PLAY  # T-16
    if phase is _ECART:
        remaining = v._tables.chien_size - info.ecart.bit_count()
        while remaining:
            # legal_actions: one discard per card that keeps the écart legal (T-15).
            legal = _ecart_legal(hands[taker], remaining)
            for _ in range(randbelow(rng, legal.bit_count())):
                legal &= legal - 1
            bit = legal & -legal
            hands[taker] ^= bit
            info.ecart |= bit
            remaining -= 1
        phase = _PLAY
    if v.options.chelem_announcement:
        # The announcement (T-17), as in _after_ecart; legal_actions: announce chelem, pass.
        info.chelem = randbelow(rng, 2) == 0
    # T-21: next(dealer) leads, or the taker after a slam announcement (T-17).
    return taker if info.chelem else v._tables.next[info.dealer]


def _random_auction(state: TarotState, rng: random.Random, info: _Info) -> bool:
    """The rest of the auction at random (T-10 … T-13), into ``info``; False if everyone
    passed (T-12)."""
    v = state._g.v
    seat = state._to_play
    bids = list(info.bids)
    highest = state._highest_index()
    taker = -1
    getrandbits = rng.getrandbits
    for _ in range(v._tables.players - len(bids)):
        # legal_actions: pass, then the contracts above the highest bid (T-10); drawn
        # as randbelow(rng, 5 - highest).
        n = 5 - highest
        k = getrandbits(3 if n > 3 else n.bit_length())
        while k >= n:
            k = getrandbits(3 if n > 3 else n.bit_length())
        if k:
            highest += k
            taker = seat
            bids.append((seat, _CONTRACTS[highest]))
        else:
            bids.append((seat, None))
        seat = v._tables.next[seat]
    info.bids = tuple(bids)
    if taker < 0:
        # Only passes drawn here: the taker, if any, bid before ``state``.
        won = auction_taker(info.bids)
        if won is None:
            info.annulled = "all_pass"
            return False
        taker = won[0]
    info.taker = taker
    info.contract = _CONTRACTS[highest]
    info.attack = 1 << taker
    return True
