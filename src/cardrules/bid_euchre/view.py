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

import itertools
import math
import random
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final

import attrs

import cardrules._sampling as sampling
from cardrules import wire
from cardrules._util import quote
from cardrules.actions import Action, Pass, Play
from cardrules.bid_euchre._engine import Core, finished_cards, replay
from cardrules.bid_euchre.actions import (
    NUM_ACTIONS,
    Bid,
    ClaimAceNoFace,
    Discard,
    Give,
    NameSuit,
    NameTrump,
    action_from_id,
)
from cardrules.bid_euchre.bidding import Contract
from cardrules.bid_euchre.cards import NO_TRUMP, Trump
from cardrules.bid_euchre.options import BidEuchreOptions
from cardrules.bid_euchre.phases import Phase, stage_of
from cardrules.bid_euchre.play import Renege, Trick
from cardrules.bid_euchre.scoring import HandResult
from cardrules.cards import JOKER, Card, Suit
from cardrules.decks import euchre_deck
from cardrules.envelope import view_envelope
from cardrules.errors import CardrulesError, InconsistentViewError, InvalidArgumentError
from cardrules.state import check_seat

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
        hand_sizes: How many cards each seat holds (a count: the cards stay hidden).
        legal_actions: The actions this seat may take when it is to play (as
            ``state.legal_actions()``), else empty: a client needs one answer.
        variant: The :class:`~cardrules.bid_euchre.BidEuchreVariant` of the hand, whose
            declarations the sampler reads (not part of the view's value: equality,
            hash and repr leave it out).

    >>> from cardrules.bid_euchre import BidEuchreVariant
    >>> state = BidEuchreVariant().new_game(seed=5)
    >>> for call in ("bid 4", "pass", "pass", "pass", "trump hearts", "play 9H"):
    ...     state = state.apply(call)
    >>> view = state.view(2)
    >>> view.phase, view.to_play, view.contract, view.trump
    (<Phase.PLAY: 'play'>, 2, Contract(4), <Suit.HEARTS: 'H'>)
    >>> view.declarer, view.trick, [str(action) for action in view.legal_actions]
    (1, ((1, Card.parse('9H')),), ['play KH', 'play AH', 'play JD'])
    >>> document = view.to_dict()  # for a web client: the same facts as JSON values
    >>> document["hand"], document["trick"], document["tricks_won"]
    (['JS', 'QS', 'KH', 'AH', '10D', 'JD'], [[1, '9H']], [0, 0])
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
    variant: BidEuchreVariant = attrs.field(eq=False, repr=False)
    tricks_per_hand: int = 6
    legal_actions: tuple[Action, ...] = ()
    hand_sizes: tuple[int, ...] = ()
    # What the sampler works out from the view, once (not part of the value).
    _plan: _Plan | None = attrs.field(default=None, init=False, eq=False, repr=False)

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
        if not isinstance(given, Core) or not hasattr(given, "variant"):
            raise InvalidArgumentError(f"a view is made of a BidEuchreState, not {quote(given)}")
        seat = check_seat(seat, 4)
        variant = state.variant
        options = variant.options
        declarer = state.declarer
        # E-40: the help exchange is known to the declarer and the partner only.
        partners = declarer is not None and seat % 2 == declarer % 2
        # E-38: with the double deck a state lists cards by the positions of the copies
        # held, which depend on the other hands; a view lists them in deck order.
        order = _in_deck_order if options.double_deck else tuple
        exchanged = order(state.given) if partners else ()
        returned = order(state.returned) if partners else ()
        trick = state.trick
        claimant = state.claimant
        # E-36: the claimant shows the hand that threw the deal in.
        claimed = order(state.hand(claimant)) if claimant is not None else ()
        # E-40: the joker-variant discard is known to the dealer only.
        discard = state.discard if seat == state.dealer else ()
        tricks = state.tricks
        # The cards played: those of the finished tricks, kept with them by the engine,
        # and the trick under way.
        played = finished_cards(state._tricks, state._h.play)
        shown = (*(card for _, card in trick), *claimed, *exchanged, *returned, *discard)
        end = state.is_terminal
        to_play = state.to_play
        # Built without the generated __init__ (every field is made here, of the right
        # type): a server builds four views per move.
        view = _new(cls)
        _set(view, "options", options)
        _set(view, "seat", seat)
        _set(view, "phase", state.phase)
        _set(view, "dealer", state.dealer)
        _set(view, "to_play", to_play)
        _set(view, "hand", order(state.hand(seat)))
        _set(view, "calls", state.calls)
        _set(view, "claimant", claimant)
        _set(view, "claimed_hand", claimed)
        _set(view, "contract", state.contract)
        _set(view, "declarer", declarer)
        _set(view, "trump", state.trump)
        _set(view, "sitting_out", state.sitting_out)
        _set(view, "given", exchanged)
        _set(view, "returned", returned)
        _set(view, "discard", discard)
        _set(view, "named_suit", state.named_suit)
        _set(view, "trick", trick)
        _set(view, "tricks", tricks)
        _set(view, "tricks_won", state.tricks_won)
        # E-23, E-40: the reneges are shown once the hand is scored.
        _set(view, "reneges", state.reneges if end else ())
        _set(view, "result", state.result() if end else None)
        _set(view, "public_cards", played.union(shown) if shown else played)
        _set(view, "variant", variant)
        _set(view, "tricks_per_hand", options.tricks_per_hand)
        # Only the seat to play gets its actions: another's would tell its hand.
        _set(view, "legal_actions", state.legal_actions() if seat == to_play else ())
        _set(view, "hand_sizes", tuple(len(state.hand(s)) for s in range(4)))
        _set(view, "_plan", None)
        return view

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON values (cards, bids and actions by their notation), for a
        client; ``cardrules.json_schema("view", "bid-euchre")`` describes it.

        >>> from cardrules.bid_euchre import BidEuchreVariant
        >>> document = BidEuchreVariant().new_game(seed=5).view(1).to_dict()
        >>> document["phase"], document["hand"][:2], document["legal_actions"][:3]
        ('auction', ['9H', '10H'], ['pass', 'bid 3', 'bid 4'])
        """
        size = self.tricks_per_hand
        trump = self.trump
        result = None if self.result is None else self.result.to_dict()
        contract = None if self.contract is None else self.contract.notation(tricks_per_hand=size)
        by_seat = [0, 0, 0, 0]
        for t in self.tricks:
            by_seat[t.winner] += 1
        envelope = view_envelope(
            self.variant,
            seat=self.seat,
            dealer=self.dealer,
            stage=stage_of(self.phase, trump is not None),
            to_play=self.to_play,
            hand=self.hand,
            hand_sizes=self.hand_sizes,
            legal_actions=self.legal_actions,
            trick=self.trick,
            last_trick=self.tricks[-1].plays if self.tricks else (),
            tricks_by_seat=by_seat,
            contract=contract,
            declarer=self.declarer,
            result=result,
        )
        own = {
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
            "contract": contract,
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
            "result": result,
            "public_cards": wire.card_set(self.public_cards),
            "tricks_per_hand": size,
            "legal_actions": envelope["legal_actions"],
        }
        game = {k: v for k, v in own.items() if k not in envelope}
        return {**envelope, **own, "bid_euchre": game}


_new: Final = object.__new__
_set: Final = object.__setattr__


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
# Draws of hidden cards before a view is declared inconsistent (each draw is uniform
# among the consistent deals; a draw the rules refuse is drawn again).
_DRAWS: Final = 2000


def _sample_state(view: BidEuchreView, rng: random.Random) -> BidEuchreState:
    """:meth:`BidEuchreView.sample_state`: the hidden cards drawn with ``deal_hidden``
    among the places the view allows, then the state built in the engine from that deal
    and the view's history (:func:`~cardrules.bid_euchre._engine.replay`)."""
    if not isinstance(rng, random.Random):
        raise InvalidArgumentError(f"rng must be a random.Random, not {type(rng).__name__}")
    try:
        groups, sizes, plan = _places_of(view)
        for _ in range(_DRAWS):
            state = plan.state(view, sampling.deal_hidden(rng, groups, sizes), rng)
            if state is None:
                continue
            if not plan.verified:
                # Every state built from the view's history shows the view's public
                # facts and the viewer's hand, whatever the hidden cards: checked once.
                if state.view(view.seat) != view:
                    continue
                plan.verified = True
            return state
    except InconsistentViewError:
        raise
    except (CardrulesError, TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
        # A view edited by hand can break any reading of it: one error says so.
        raise InconsistentViewError(f"no deal matches this view: {exc}") from None
    raise InconsistentViewError(
        f"no deal matches this view: none of {_DRAWS} consistent deals replays its "
        "history (a view changed by hand?)"
    )


def _places_of(view: BidEuchreView) -> tuple[list[tuple[int, list[Card]]], list[int], _Plan]:
    """The groups of hidden cards and the sizes of their places (seats 0 … 3, then the
    dealer's face-down discard), and the view's plan: worked out once per view (a bot
    draws many deals from one view) and kept with it."""
    plan = view._plan
    if plan is None:
        plan = _Plan(view)
        object.__setattr__(view, "_plan", plan)
    return plan.groups, plan.sizes, plan


class _Plan:
    """What a view fixes of the deal: the groups of hidden cards and the places they
    may go (seats 0 … 3, then the dealer's face-down discard, place 4), and the steps
    of its history, which the engine replays on each deal drawn."""

    def __init__(self, view: BidEuchreView) -> None:
        variant = view.variant
        options = variant.options
        self.tables = variant._tables
        self.verified = False
        self.played: list[list[Card]] = [[] for _ in range(4)]
        tricks = [t.plays for t in view.tricks]
        for plays in (*tricks, view.trick):
            for seat, card in plays:
                self.played[seat].append(card)
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
        self.returning = 0  # of which the partner has passed back so far, while passing
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
            if view.phase is Phase.EXCHANGE and len(view.hand_sizes) == 4:
                # E-40: the cards passed are hidden, how many have moved is not (the
                # hands' sizes): the declarer's passes so far, then the partner's.
                if view.to_play == partner:
                    self.exchange = k
                    self.returning = view.hand_sizes[declarer] - (held[declarer] - k)
                else:
                    self.exchange = held[declarer] - view.hand_sizes[declarer]
                moved = self.exchange - self.returning
                held[declarer] -= moved
                held[partner] += moved
            elif view.phase is Phase.EXCHANGE:
                # A view without the hands' sizes (written by hand): the first step it
                # cannot tell apart, every card the seat to act passes next still to pass.
                if view.to_play == partner:
                    self.exchange = k
                    held[declarer] -= k
                    held[partner] += k
            elif view.phase in _AFTER_EXCHANGE:
                self.exchange = k
                self.partner_gave = True
        self.sizes = [held[s] - len(self.played[s]) for s in range(4)]
        self.groups, self.sizes = self._places(view)
        self.before, self.after = self._steps(view, tricks)

    def _places(self, view: BidEuchreView) -> tuple[list[tuple[int, list[Card]]], list[int]]:
        me = view.seat
        sizes = [0 if s == me else self.sizes[s] for s in range(4)]
        sizes.append(1 if self.discarded and me != view.dealer else 0)
        pool = list(view.variant.deck)
        for card in (*view.hand, *view.discard, *(c for p in self.played for c in p)):
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
                for c in self.played[declarer]:
                    if c in returned:
                        returned.remove(c)
                fixed += [(declarer, c) for c in returned]
        for _, card in fixed:
            pool.remove(card)
        barred = _voids(view)
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
        return list(by_mask.items()), sizes

    def _steps(  # noqa: PLR0912 - one step of the history after the other
        self, view: BidEuchreView, tricks: list[tuple[tuple[int, Card], ...]]
    ) -> tuple[list[Action], list[Action]]:
        """The actions of the view's history in the engine's order, before and after
        the help exchange (whose cards may be drawn); the discard's place is left to
        :meth:`state` (the step ``_DISCARD_STEP``)."""
        tables = self.tables
        before: list[Action] = []
        after: list[Action] = []
        if self.discarded and tables.discard_before_auction:
            before.append(_DISCARD_STEP)
        elif tables.discard_before_auction:
            return before, after
        if tables.ace_no_face:
            # E-36: each seat from the dealer's left passes or claims, until a claim.
            for k in range(4):
                seat = (view.dealer + 1 + k) % 4
                if seat == view.claimant:
                    before.append(ClaimAceNoFace())
                    return before, after
                if view.phase is Phase.CLAIM and seat == view.to_play:
                    return before, after
                before.append(Pass())
        auction = tables.auction_rules.start(view.dealer)
        for _, call in view.calls:
            if auction.is_over:
                break  # E-11: the passes a moon implies are no calls
            before.append(Pass() if call is None else Bid(call))
            auction = auction.call(call)
        if view.trump is None:
            return before, after
        before.append(NameTrump(view.trump))
        if self.discarded and tables.discard_after_trump:
            before.append(_DISCARD_STEP)
        named = [t.named_suit for t in view.tricks]
        for k, plays in enumerate((*tricks, view.trick)):
            for n, (_, card) in enumerate(plays):
                after.append(Play(card))
                if n == 0 and card == JOKER and view.trump is NO_TRUMP:
                    # E-37: the leader of the joker named the suit to follow.
                    suit = named[k] if k < len(named) else view.named_suit
                    if suit is None and k < len(named):
                        raise InconsistentViewError(
                            "no deal matches this view: a finished trick led by the joker"
                            " under no-trump names its suit (E-37)"
                        )
                    if suit is not None:
                        after.append(NameSuit(suit))
        return before, after

    def state(  # noqa: PLR0912 - the deal rebuilt step by step
        self, view: BidEuchreView, places: list[list[Card]], rng: random.Random
    ) -> BidEuchreState | None:
        """The state of the deal with the drawn cards and the view's history, or None
        if a rule refuses it."""
        me, dealer = view.seat, view.dealer
        declarer, partner = view.declarer, view.sitting_out
        hands = [[*places[s], *self.played[s]] for s in range(4)]
        hands[me] = [*view.hand, *self.played[me]]
        discard = list(view.discard) if me == dealer else places[_DISCARD_PLACE]
        given: list[Card] = []
        returned: list[Card] = []
        if declarer is not None and partner is not None:
            if me in (declarer, partner):
                given, returned = list(view.given), list(view.returned)
            elif self.exchange:
                # Drawn among the cards that could have been passed; E-14 is checked in
                # the replay.
                if self.partner_gave:
                    drawn = _exchange(view, hands[declarer], hands[partner], self.exchange, rng)
                    if drawn is None:
                        return None
                    given, returned = drawn
                else:
                    given = rng.sample(hands[partner], self.exchange)
                    if self.returning:
                        returned = rng.sample(hands[declarer], self.returning)
            for c in given:
                hands[partner].remove(c)
                hands[declarer].append(c)
            for c in returned:
                hands[declarer].remove(c)
                hands[partner].append(c)
        if self.discarded:
            # E-37: the dealer was dealt its discard, which no exchange could pass (E-14).
            hands[dealer] += discard
        deck = self.tables.deck
        width = deck.size
        size = self.tables.options.tricks_per_hand
        joker = self.tables.options.joker
        dealt = 0
        used = 0
        for seat, cards in enumerate(hands):
            if len(cards) != (size + 1 if joker and seat == dealer else size):
                return None
            mask = deck.mask_of(cards, used)
            used |= mask
            dealt |= mask << seat * width
        steps: list[Action | Sequence[Action]] = [
            Discard(discard[0]) if step is _DISCARD_STEP else step for step in self.before
        ]
        if given or returned:
            # E-14: the declarer gives first, then the partner gives back, the best
            # trumps first (each step gives the first card the rules take).
            steps += [[Give(c) for c in given], [Give(c) for c in returned]]
        steps += self.after
        return replay(self.tables, self.tables.state_class, dealer, dealt, steps)


_HELP: Final = 1  # ContractKind.HELP
# E-14: the exchange of a help bid comes before the play (and the joker's discard of
# joker_discard_timing="after_trump" before the exchange).
_AFTER_EXCHANGE: Final = (Phase.PLAY, Phase.NAME_SUIT, Phase.END)
# The place of the dealer's discard among the steps of a plan, filled in per deal.
_DISCARD_STEP: Final[Action] = Discard(JOKER)


def _voids(view: BidEuchreView) -> list[set[Card]]:
    """The cards each seat cannot hold, from the cards it played (E-19): the trick
    kernel's inverse of its own rule (``excluded``), under the view's trump."""
    barred: list[set[Card]] = [set() for _ in range(4)]
    trump = view.trump
    if view.options.renege_mode == "penalize" or trump is None:
        return barred  # a card off suit may be a renege, not a void
    table = view.variant.trick_table(trump)
    kernel = table.kernel
    named = [t.named_suit for t in view.tricks]
    tricks = [t.plays for t in view.tricks]
    if view.trick:
        tricks.append(view.trick)
        named.append(view.named_suit)
    for plays, suit in zip(tricks, named, strict=True):
        first = table.positions[plays[0][1]][0]
        if suit is not None:
            # E-37: the suit named for the joker is the suit to follow.
            n = kernel.labels.index(suit)
            fd = sum(1 << p for p in range(kernel.size) if kernel.suit[p] == n)
        elif plays[0][1] == JOKER and trump is NO_TRUMP:
            continue  # the suit is not named yet
        else:
            fd = kernel.follow_duty[first]
        over = kernel.over_start & kernel.over_after[first]
        for seat, card in plays[1:]:
            pos = table.positions[card][0]
            _, duty = kernel.excluded(pos, 0, fd, over)
            barred[seat].update(table.cards_of(duty))
            over &= kernel.over_after[pos]
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
    rank = _trump_ranks(view, trump)
    low = min(rank.get(c, -1) for c in view.returned)
    barred[partner] |= {c for c, r in rank.items() if r > low}


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
    rank = _trump_ranks(view, trump)
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


def _trump_ranks(view: BidEuchreView, trump: Trump) -> dict[Card, int]:
    """The strength of each trump under ``trump`` in the view's declaration (E-16, E-17,
    E-37): the order of the partner's "best trump" (E-14)."""
    table = view.variant.trick_table(trump)
    return {
        card: table.key[at[0]]
        for card, at in table.positions.items()
        if table.trump_mask >> at[0] & 1
    }


_DECK_ORDER: Final = {c: k for k, c in enumerate((*euchre_deck(), JOKER))}
