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

import functools
import itertools
import math
import random
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, ClassVar, Final

import attrs

from cardrules import wire
from cardrules._sampling import sample_state
from cardrules._util import quote
from cardrules.actions import Action, Pass, Play
from cardrules.bid_euchre._tables import Phase
from cardrules.bid_euchre.actions import (
    NUM_ACTIONS,
    Bid,
    ClaimAceNoFace,
    Discard,
    Give,
    NameSuit,
    NameTrump,
    Notation,
    action_from_id,
)
from cardrules.bid_euchre.bidding import Contract
from cardrules.bid_euchre.cards import NO_TRUMP, Trump
from cardrules.bid_euchre.options import BidEuchreOptions
from cardrules.bid_euchre.play import Renege, Trick
from cardrules.bid_euchre.scoring import HandResult
from cardrules.cards import JOKER, Card, Suit
from cardrules.decks import euchre_deck
from cardrules.errors import CardrulesError, InvalidArgumentError
from cardrules.registry import get_variant_class
from cardrules.state import State, check_seat

if TYPE_CHECKING:
    from cardrules.bid_euchre.state import BidEuchreState
    from cardrules.bid_euchre.variant import BidEuchreVariant

__all__ = ["OBSERVATION_LAYOUT", "OBSERVATION_SIZE", "BidEuchreView"]


@attrs.frozen(kw_only=True, repr=False)
class BidEuchreView:
    """What one seat may know of a hand (E-40): its own hand and the public facts.

    Attributes:
        options: The options (house rules) of the hand.
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
        tricks: The finished tricks, each with the suit named for a joker led (E-37,
            E-40).
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

    variant_id: ClassVar[str] = "bid-euchre"
    """The id of the variant the view belongs to."""

    options: BidEuchreOptions
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

    def sample_state(self, rng: random.Random) -> BidEuchreState:
        """A full state this view could come from, its hidden cards dealt at random.

        Every card the viewer cannot see is placed consistently with all the view
        shows: the viewer's hand, the cards played and the voids they reveal (a seat
        that did not follow the suit led holds none of it, E-19, unless
        ``renege_mode="penalize"`` makes it a possible renege; the suit named for a
        joker led is the suit led, E-37), the help exchange between partners and the
        trumps the partner's return shows it kept (E-14, E-40), the dealer's own joker
        discard (E-37), an Ace No Face claimant's hand (E-36). The hidden cards are
        dealt uniformly among the consistent deals; the hidden choices the viewer did
        not see (the cards passed in another team's help exchange, the joker discard)
        are drawn uniformly among those the rules allow for the deal drawn, and a draw
        the rules refuse is drawn again. The public history is then replayed through
        the checked rules, so ``sampled.view(self.seat) == self`` and the state's
        record replays.

        Args:
            rng: The generator (the only source of randomness).

        Raises:
            InconsistentViewError: no deal of the variant gives this view (a view
                changed by hand).
            InvalidArgumentError: ``rng`` is not a ``random.Random``.

        >>> import random
        >>> from cardrules.bid_euchre import BidEuchreVariant
        >>> state = BidEuchreVariant(joker=True).new_game(seed=5)
        >>> view = state.view(2)
        >>> sampled = view.sample_state(random.Random(1))
        >>> sampled.view(2) == view, sampled.hand(2) == state.hand(2)
        (True, True)
        """
        return _sample_state(self, rng)

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
        # E-38: with the double deck a state lists cards by the positions of the copies
        # held, which depend on the other hands; a view lists them in deck order.
        order = _in_deck_order if state.variant.options.double_deck else tuple
        exchanged = order(state.given) if partners else ()
        returned = order(state.returned) if partners else ()
        tricks = state.tricks
        trick = state.trick
        played = [card for t in tricks for _, card in t.plays]
        played += [card for _, card in trick]
        claimant = state.claimant
        # E-36: the claimant shows the hand that threw the deal in.
        claimed = order(state.hand(claimant)) if claimant is not None else ()
        # E-40: the joker-variant discard is known to the dealer only.
        discard = state.discard if seat == state.dealer else ()
        end = state.is_terminal
        return cls(
            options=state.variant.options,
            seat=seat,
            phase=state.phase,
            dealer=state.dealer,
            to_play=state.to_play,
            hand=order(state.hand(seat)),
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
                {
                    "leader": t.leader,
                    "plays": wire.seated(t.plays),
                    "winner": t.winner,
                    "named_suit": None if t.named_suit is None else t.named_suit.value,
                }
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


def _in_deck_order(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """``cards`` in deck order. With the double deck a state lists a hand by the
    positions of the copies it holds, which depend on the other hands (E-38): a view
    shows the order of the cards alone."""
    return tuple(sorted(cards, key=_DECK_ORDER.__getitem__))


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


# -- sampling ------------------------------------------------------------------------

_DISCARD_PLACE: Final = 4


def _sample_state(view: BidEuchreView, rng: random.Random) -> BidEuchreState:
    return sample_state(
        view, rng, lambda: _places_of(view), lambda places, plan: _replayed(view, places, plan, rng)
    )


class _Plan:
    """What the view fixes of the deal besides the drawn places."""

    def __init__(self, view: BidEuchreView) -> None:
        options = _variant(view).options
        self.played: list[list[Card]] = [[] for _ in range(4)]
        self.plays: list[tuple[int, Card]] = []
        self.tricks = [t.plays for t in view.tricks]
        # E-37, E-40: the suit named for each joker led, public with its trick.
        self.named = [t.named_suit for t in view.tricks]
        for plays in (*self.tricks, view.trick):
            for seat, card in plays:
                self.played[seat].append(card)
                self.plays.append((seat, card))
        # E-37: the joker's 25th card goes to the dealer, who discards one, before the
        # auction or once trump is named.
        self.discarded = options.joker and (
            view.phase is not Phase.DISCARD
            if options.joker_discard_timing == "before_auction"
            else view.trump is not None and view.phase is not Phase.DISCARD
        )
        held = [options.tricks_per_hand] * 4
        if options.joker and not self.discarded:
            held[view.dealer] += 1
        declarer, partner = view.declarer, view.sitting_out
        self.exchange = 0  # the cards passed each way, for a viewer of the other team
        self.partner_gave = False
        if partner is not None and declarer is not None and view.seat % 2 == declarer % 2:
            # E-14: the cards passed so far, which the two partners see.
            moved = len(view.given) - len(view.returned)
            held[declarer] -= moved
            held[partner] += moved
        elif (
            partner is not None
            and declarer is not None
            and view.contract is not None
            and view.contract.kind == _HELP
        ):
            k = options.help_exchange_count
            if view.phase is Phase.EXCHANGE:
                # The first step the view cannot tell apart: every card the seat to
                # act passes next is still to pass.
                if view.to_play == partner:
                    self.exchange = k
                    held[declarer] -= k
                    held[partner] += k
            elif view.phase in _AFTER_EXCHANGE:
                self.exchange = k
                self.partner_gave = True
        self.sizes = [held[s] - len(self.played[s]) for s in range(4)]


_HELP: Final = 1  # ContractKind.HELP
# E-14: the exchange of a help bid comes before the play (and the joker's discard of
# joker_discard_timing="after_trump" before the exchange).
_AFTER_EXCHANGE: Final = (Phase.PLAY, Phase.NAME_SUIT, Phase.END)


@functools.lru_cache(maxsize=64)
def _places_of(view: BidEuchreView) -> tuple[list[tuple[int, list[Card]]], list[int], _Plan]:
    # A bot draws many deals from one view: what the view fixes is worked out once.
    return _hidden_places(view)


def _hidden_places(
    view: BidEuchreView,
) -> tuple[list[tuple[int, list[Card]]], list[int], _Plan]:
    """The groups of hidden cards and the sizes of the places: seats 0 … 3, then the
    dealer's face-down discard (place 4)."""
    plan = _Plan(view)
    me = view.seat
    sizes = [0 if s == me else plan.sizes[s] for s in range(4)]
    sizes.append(1 if plan.discarded and me != view.dealer else 0)
    pool = list(_variant(view).deck)
    for card in (*view.hand, *view.discard, *(c for p in plan.played for c in p)):
        pool.remove(card)
    fixed: list[tuple[int, Card]] = []
    declarer, partner = view.declarer, view.sitting_out
    if view.claimant is not None and view.claimant != me:
        fixed += [(view.claimant, c) for c in view.claimed_hand]
    if declarer is not None and partner is not None:
        if me == declarer:
            fixed += [(partner, c) for c in view.given]
        elif me == partner:
            returned = list(view.returned)
            for c in plan.played[declarer]:
                if c in returned:
                    returned.remove(c)
            fixed += [(declarer, c) for c in returned]
    for _, card in fixed:
        pool.remove(card)
    barred = _voids(view, plan)
    _bar_kept_trumps(view, barred)
    open_mask = sum(1 << p for p in range(5) if sizes[p])
    by_mask: dict[int, list[Card]] = {}
    for seat, card in fixed:
        by_mask.setdefault(1 << seat, []).append(card)
    for card in pool:
        mask = open_mask
        for s in range(4):
            if card in barred[s]:
                mask &= ~(1 << s)
        by_mask.setdefault(mask, []).append(card)
    return list(by_mask.items()), sizes, plan


def _voids(view: BidEuchreView, plan: _Plan) -> list[set[Card]]:
    """The cards each seat cannot hold: those of a suit it did not follow (E-19)."""
    barred: list[set[Card]] = [set() for _ in range(4)]
    trump = view.trump
    if _variant(view).options.renege_mode == "penalize" or trump is None:
        return barred  # a card off suit may be a renege, not a void
    table = _variant(view).trick_table(trump)
    suit_of = {c: table.suit[table.positions[c][0]] for c in table.positions}
    by_suit: dict[int, set[Card]] = {}
    for c, s in suit_of.items():
        by_suit.setdefault(s, set()).add(c)
    tricks = [*plan.tricks, view.trick] if view.trick else plan.tricks
    for k, plays in enumerate(tricks):
        led = suit_of[plays[0][1]]
        if plays[0][1] == JOKER and trump is NO_TRUMP:
            # E-37: the suit named for the joker is the suit to follow.
            named = plan.named[k] if k < len(plan.tricks) else view.named_suit
            if named is None:
                continue
            led = suit_of[_SUIT_CARD[named]]
        for seat, card in plays[1:]:
            if suit_of[card] != led:
                barred[seat] |= by_suit[led]
    return barred


def _bar_kept_trumps(view: BidEuchreView, barred: list[set[Card]]) -> None:
    """Bar, for the declarer's view, the trumps its partner cannot hold: under
    ``help_card_rule="highest_trump"`` the partner returned its best trumps (E-14), so
    it kept none above the lowest it returned, and none at all if it returned another
    card."""
    trump, partner = view.trump, view.sitting_out
    if (
        view.options.help_card_rule != "highest_trump"
        or trump is None
        or partner is None
        or view.seat != view.declarer
        or not view.returned
    ):
        return
    rank = _trump_ranks(view.options, trump)
    low = min(rank.get(c, -1) for c in view.returned)
    barred[partner] |= {c for c, r in rank.items() if r > low}


def _replayed(  # noqa: PLR0912, PLR0915 - one branch per phase
    view: BidEuchreView, places: list[list[Card]], plan: _Plan, rng: random.Random
) -> BidEuchreState | None:
    """The deal with the drawn cards and the view's public history replayed; None if
    a rule refuses it."""
    me, dealer = view.seat, view.dealer
    declarer, partner = view.declarer, view.sitting_out
    hands = [[*places[s], *plan.played[s]] for s in range(4)]
    hands[me] = [*view.hand, *plan.played[me]]
    discard = list(view.discard) if me == dealer else places[_DISCARD_PLACE]
    given: list[Card] = []
    returned: list[Card] = []
    if declarer is not None and partner is not None:
        if me in (declarer, partner):
            given, returned = list(view.given), list(view.returned)
        elif plan.exchange:
            # Drawn among the cards that could have been passed; E-14 is checked below.
            if plan.partner_gave:
                drawn = _exchange(view, hands[declarer], hands[partner], plan.exchange, rng)
                if drawn is None:
                    return None
                given, returned = drawn
            else:
                given = rng.sample(hands[partner], plan.exchange)
        for c in given:
            hands[partner].remove(c)
            hands[declarer].append(c)
        for c in returned:
            hands[declarer].remove(c)
            hands[partner].append(c)
    if plan.discarded:
        # E-37: the dealer was dealt its discard, which no exchange could pass (E-14).
        hands[dealer] += discard
    try:
        extra = None
        if _variant(view).options.joker:
            extra = hands[dealer].pop()
        state = _variant(view).deal(hands=hands, dealer=dealer, extra=extra)
        calls = iter(view.calls)
        plays = iter(plan.plays)
        gives = list(given)
        returns = list(returned)
        tricks_done = len(plan.tricks)
        while True:
            phase = state.phase
            action: Action | None
            if phase is Phase.DISCARD:
                action = Discard(discard[0]) if plan.discarded else None
            elif phase is Phase.CLAIM:
                seat = state.to_play
                if seat == view.claimant:
                    action = ClaimAceNoFace()
                elif view.phase is Phase.CLAIM and seat == view.to_play:
                    action = None
                else:
                    action = Pass()
            elif phase is Phase.AUCTION:
                call = next(calls, None)
                action = None if call is None else Pass() if call[1] is None else Bid(call[1])
            elif phase is Phase.TRUMP:
                action = None if view.trump is None else NameTrump(view.trump)
            elif phase is Phase.EXCHANGE:
                # E-14: the highest trumps go first; the view lists the cards in deck
                # order, so each step passes the first card the rules take.
                todo = gives if state.to_play == declarer else returns
                action = next((Give(c) for c in todo if state.is_legal(Give(c))), None)
                if action is None and todo:
                    return None
                if action is not None:
                    todo.remove(action.card)
            elif phase is Phase.PLAY:
                play = next(plays, None)
                action = None if play is None else Play(play[1])
            elif phase is Phase.NAME_SUIT:
                k = len(state.tricks)
                named = plan.named[k] if k < tricks_done else view.named_suit
                if named is None and k < tricks_done:
                    return None  # a finished trick led by the joker names its suit
                action = None if named is None else NameSuit(named)
            else:
                action = None
            if action is None:
                return state
            state = state.apply(action)
    except CardrulesError:
        return None


def _exchange(
    view: BidEuchreView, declarer: list[Card], partner: list[Card], k: int, rng: random.Random
) -> tuple[list[Card], list[Card]] | None:
    """The cards given and returned in a help exchange the viewer did not see (E-14),
    drawn uniformly among those the rules allow, from the hands after the exchange:
    ``declarer`` (the cards it played included) and ``partner``. None if none fits.

    Under ``help_card_rule="highest_trump"`` the partner returned its best trumps (of
    the cards it was dealt), topped up with cards of its choice when it had fewer than
    ``k``: so every trump it still holds, but for the cards it received, ranks no
    higher than the lowest card returned, and a returned card that is not a trump means
    it holds no trump but received ones.
    """
    if view.options.help_card_rule != "highest_trump":
        return rng.sample(partner, k), rng.sample(declarer, k)
    trump = view.trump
    if trump is None:
        return None
    rank = _trump_ranks(view.options, trump)
    held = [rank.get(c, -1) for c in partner]  # -1: not a trump
    # Every k cards the declarer holds may be the returned ones, with the cards the
    # partner must have received: its trumps above the lowest card returned.
    fits: list[tuple[int, tuple[int, ...], list[int]]] = []
    total = 0
    for returned in itertools.combinations(range(len(declarer)), k):
        low = min(rank.get(declarer[i], -1) for i in returned)
        received = [i for i, r in enumerate(held) if r > low]
        if len(received) <= k:
            ways = math.comb(len(partner) - len(received), k - len(received))
            total += ways
            fits.append((ways, returned, received))
    if not total:
        return None
    pick = rng.randrange(total)
    k_fit = 0
    while pick >= fits[k_fit][0]:
        pick -= fits[k_fit][0]
        k_fit += 1
    _, returned_at, received = fits[k_fit]
    rest = [i for i in range(len(partner)) if i not in received]
    given_at = [*received, *rng.sample(rest, k - len(received))]
    return [partner[i] for i in given_at], [declarer[i] for i in returned_at]


@functools.lru_cache(maxsize=32)
def _trump_ranks(options: BidEuchreOptions, trump: Trump) -> dict[Card, int]:
    """The strength of each trump under ``trump`` (E-16, E-17, E-37): the order of
    the partner's "best trump" (E-14)."""
    table = _variant_of(options).trick_table(trump)
    return {
        card: table.key[at[0]]
        for card, at in table.positions.items()
        if table.trump_mask >> at[0] & 1
    }


_SUIT_CARD: Final = {s: Card(s, 9) for s in Suit}  # a card of the suit, never a bower
_DECK_ORDER: Final = {c: k for k, c in enumerate((*euchre_deck(), JOKER))}


@functools.lru_cache(maxsize=16)
def _variant_of(options: BidEuchreOptions) -> BidEuchreVariant:
    return get_variant_class("bid-euchre")(options)


def _variant(view: BidEuchreView) -> BidEuchreVariant:
    """The variant of the view's options (a variant is built once per option set)."""
    return _variant_of(view.options)
