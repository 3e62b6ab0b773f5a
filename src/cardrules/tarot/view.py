"""What one seat may know of a French Tarot deal (T-39): :class:`TarotView`.

>>> from cardrules.tarot import TarotVariant
>>> state = TarotVariant().new_game(seed=1).apply("bid garde")
>>> view = state.view(0)
>>> view.bids, len(view.hand), view.chien
(((1, <Contract.GARDE: 2>),), 18, ())
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, ClassVar, Final

import attrs

import cardrules._sampling as sampling
from cardrules import wire
from cardrules._sampling import sample_state
from cardrules._util import quote
from cardrules.actions import Action, Pass, Play
from cardrules.cards import Card, CardKind
from cardrules.envelope import view_envelope
from cardrules.errors import CardrulesError, InvalidArgumentError
from cardrules.state import State
from cardrules.tarot._engine import sampled_state
from cardrules.tarot.actions import AnnounceChelem, Bid, Call, DeclarePoignee, Discard
from cardrules.tarot.bidding import Contract
from cardrules.tarot.options import TarotOptions
from cardrules.tarot.phases import STAGES, Phase
from cardrules.tarot.scoring import DealResult

if TYPE_CHECKING:
    from cardrules._tricks import TrickKernel
    from cardrules.tarot.state import Poignee, TarotState
    from cardrules.tarot.variant import TarotVariant

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
        variant: The :class:`~cardrules.tarot.TarotVariant` of the deal (not part of the
            view's value: two views showing the same are equal).
        options: The options (house rules) of the deal.
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
        legal_actions: The actions this seat may take when it is to play (as
            ``state.legal_actions()``), else empty: a client needs one answer.

    >>> from cardrules.tarot import TarotVariant
    >>> state = TarotVariant().new_game(seed=7)
    >>> for call in ("bid garde", "pass", "pass", "pass"):
    ...     state = state.apply(call)
    >>> view = state.view(2)  # seat 2 waits while the taker, seat 1, makes the écart
    >>> view.phase, view.to_play, view.contract, view.taker, view.hand_sizes
    (<Phase.ECART: 'ecart'>, 1, <Contract.GARDE: 2>, 1, (18, 24, 18, 18))
    >>> [str(card) for card in view.chien], view.legal_actions  # a garde's chien is shown
    (['4H', '7H', '4D', '9D', '4T', '9T'], ())
    >>> document = view.to_dict()  # for a web client: the same facts as JSON values
    >>> document["bids"], document["hand"][:4]
    ([[1, 'garde'], [2, None], [3, None], [0, None]], ['3S', '4S', '8S', 'JS'])
    """

    variant_id: ClassVar[str] = "tarot"
    """The id of the variant the view belongs to."""

    variant: TarotVariant = attrs.field(eq=False)
    options: TarotOptions
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
    legal_actions: tuple[Action, ...] = ()
    # What sample_state works out once per view (not part of its value).
    _templates: dict[bool, Any] | None = attrs.field(init=False, default=None, eq=False, repr=False)

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

    def sample_state(self, rng: random.Random, *, canonical_poignees: bool = False) -> TarotState:
        """A full state this view could come from, its hidden cards dealt at random.

        Every card the viewer cannot see is placed consistently with all the view
        shows: the viewer's hand, the cards played and the voids they reveal (a seat
        that did not follow, trump or overtrump holds no card that would have had to
        be played, T-22), the chien when shown, the écart's trumps (T-15d) and the
        whole écart while the taker sees it, the poignées (with the Excuse, no other
        trump, T-20b), the called card's holder as far as it is known, and the kings
        (queens, knights) dealt to a taker who called a queen (knight, jack) (T-42). The
        deal is drawn uniformly among the consistent deals, then the public history
        is replayed through the checked rules, so ``sampled.view(self.seat) == self``
        and the state's record replays. The hidden choices (the écart's face-down
        cards) are part of the deal drawn.

        Args:
            rng: The generator (the only source of randomness).
            canonical_poignees: True if every poignée was declared by its level
                (``DeclarePoignee(level)``, the form ``legal_actions()`` lists and
                integer action ids stand for), which shows the lowest trumps of the
                hand (T-19, T-20): the sample then gives each declarer no unshown
                trump below the highest it showed, and declares by level too, so
                that its history replays by action ids to the same view. False (the
                default): the declarer may have chosen any trumps to show.

        Raises:
            InconsistentViewError: no deal of the variant gives this view (a view
                changed by hand).
            InvalidArgumentError: ``rng`` is not a ``random.Random``, or
                ``canonical_poignees`` not a bool.

        >>> import random
        >>> from cardrules.tarot import TarotVariant
        >>> state = TarotVariant().new_game(seed=3).apply("bid garde")
        >>> view = state.view(0)
        >>> sampled = view.sample_state(random.Random(1))
        >>> sampled.view(0) == view, sampled.hand(0) == state.hand(0)
        (True, True)
        """
        return _sample_state(self, rng, canonical_poignees)

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
        return state.view(seat)

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON values (cards and actions by their notation), for a client;
        ``cardrules.json_schema("view", "tarot")`` describes it.

        >>> from cardrules.tarot import TarotVariant
        >>> document = TarotVariant().new_game(seed=1).view(1).to_dict()
        >>> document["phase"], document["to_play"], document["legal_actions"][:2]
        ('bidding', 1, ['pass', 'bid prise'])
        """
        result = None if self.result is None else self.result.to_dict()
        envelope = view_envelope(
            self.variant,
            seat=self.seat,
            dealer=self.dealer,
            stage=STAGES[self.phase],
            to_play=self.to_play,
            hand=self.hand,
            hand_sizes=self.hand_sizes,
            legal_actions=self.legal_actions,
            trick=self.trick,
            last_trick=self.last_trick,
            tricks_by_seat=self.tricks_won,
            contract=None if self.contract is None else self.contract.code,
            declarer=self.taker,
            result=result,
        )
        own = {
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
            "result": result,
            "public_cards": wire.card_set(self.public_cards),
            "legal_actions": envelope["legal_actions"],
        }
        game = {k: v for k, v in own.items() if k not in envelope}
        return {**envelope, **own, "tarot": game}


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


# -- sampling ------------------------------------------------------------------------

_EXCUSE_INDEX: Final = 77
_FIRST_TRUMP_INDEX: Final = 56
_HAND_SIZES: Final = {3: 24, 4: 18, 5: 15}


def _is_trump(index: int) -> bool:
    return _FIRST_TRUMP_INDEX <= index < _EXCUSE_INDEX


def _sample_state(view: TarotView, rng: random.Random, canonical: object) -> TarotState:
    if type(canonical) is not bool:
        raise InvalidArgumentError(f"canonical_poignees must be a bool, not {quote(canonical)}")
    template = _template(view, canonical)
    if template.checked and template.direct is not None:
        # The view has given a deal that replays to it through the checked rules: its
        # other deals are built straight from what it shows (their placement already
        # keeps every fact of the view), without replaying its history.
        if not isinstance(rng, random.Random):
            raise InvalidArgumentError(f"rng must be a random.Random, not {type(rng).__name__}")
        for _ in range(_DIRECT_TRIES):
            state = template.direct.build(
                sampling.deal_hidden(rng, template.groups, template.sizes)
            )
            if state is not None:
                return state
    state = sample_state(
        view,
        rng,
        lambda: (template.groups, template.sizes, template.plan),
        lambda places, plan: _replayed(view, places, plan),
    )
    template.checked = True
    return state


# A drawn deal the direct build refuses is one annulled at once (T-9, Petit sec): drawn
# again, as the replay would, a bounded number of times.
_DIRECT_TRIES: Final = 2000


class _Template:
    """What one view fixes for its samples, worked out once (kept on the view): the
    groups of hidden cards and the places' sizes, the public history, and the parts of
    the state that every deal drawn shares."""

    __slots__ = ("checked", "direct", "groups", "plan", "sizes")

    def __init__(self, view: TarotView, canonical: bool) -> None:
        self.groups, self.sizes, self.plan = _hidden_places(view, canonical)
        # True once a deal drawn for the view replayed to it through the checked rules.
        self.checked = False
        played = view.phase is Phase.END and view.result is not None and not view.result.annulled
        self.direct = _Direct(view, self.plan) if view.phase is Phase.PLAY or played else None


def _template(view: TarotView, canonical: bool) -> _Template:
    templates = view._templates
    if templates is None:
        templates = {}
        object.__setattr__(view, "_templates", templates)
    found = templates.get(canonical)
    if found is None:
        found = templates[canonical] = _Template(view, canonical)
    return found


def _places_of(
    view: TarotView, canonical: bool = False
) -> tuple[list[tuple[int, list[Card]]], list[int], _Plan]:
    """The groups of hidden cards, the places' sizes and the public history of the view's
    samples (worked out once per view: a bot draws many deals from one view)."""
    template = _template(view, canonical)
    return template.groups, template.sizes, template.plan


class _Plan:
    """The known parts of the deal besides the drawn places."""

    def __init__(self, view: TarotView, canonical: bool) -> None:
        n = view.players
        self.n = n
        self.chien_size = 78 - n * _HAND_SIZES[n]
        self.played: list[list[int]] = [[] for _ in range(n)]
        self.plays: list[tuple[int, Card]] = []
        for trick in (*view.tricks, view.trick):
            for seat, card in trick:
                self.played[seat].append(card.index)
                self.plays.append((seat, card))
        contract = view.contract
        self.chien_taken = contract in _CHIEN_SHOWN and view.phase not in _BEFORE_ECART
        self.chien_hidden = not view.chien and not self.chien_taken
        self.ecart_hidden = 0
        if self.chien_taken and view.taker is not None:
            if view.phase is Phase.ECART:
                taker_held = _HAND_SIZES[n] + self.chien_size - len(self.played[view.taker])
                discarded = taker_held - view.hand_sizes[view.taker]
            else:
                discarded = self.chien_size
            self.ecart_hidden = discarded - len(view.ecart)
        self.played_cards = [[_CARD_OF[i] for i in cards] for cards in self.played]
        self.before, self.discards, self.after = _script(view, canonical)


def _script(
    view: TarotView, canonical: bool
) -> tuple[list[tuple[int, Action]], bool, list[tuple[int, Action]]]:
    """The public actions of the view's history with their seats: those before the
    écart, whether an écart was (or is being) made, those after it. Each seat shows its
    poignée right before its first card (T-19): by its level if ``canonical``, else by
    its cards."""
    taker = -1 if view.taker is None else view.taker
    before: list[tuple[int, Action]] = [
        (seat, Pass() if c is None else Bid(c)) for seat, c in view.bids
    ]
    if view.called_card is not None:
        before.append((taker, Call(view.called_card)))
    phase = view.phase
    discards = view.contract in _CHIEN_SHOWN and phase not in _BEFORE_ECART
    if view.contract is not None and view.result is not None and view.result.annulled:
        discards = False
    after: list[tuple[int, Action]] = []
    if (
        view.options.chelem_announcement
        and view.contract is not None
        and phase not in (*_BEFORE_ECART, Phase.ECART, Phase.ANNOUNCE)
    ):
        # T-17: the taker's slam announcement or pass, a step only when it is offered.
        after.append((taker, AnnounceChelem() if view.chelem_announced else Pass()))
    shown = {p.seat: p for p in view.poignees}

    def declare(poignee: Poignee) -> tuple[int, DeclarePoignee]:
        if canonical:
            return poignee.seat, DeclarePoignee(poignee.level)
        return poignee.seat, DeclarePoignee(cards=poignee.cards)

    for trick in (*view.tricks, view.trick):
        for seat, card in trick:
            poignee = shown.pop(seat, None)
            if poignee is not None:
                after.append(declare(poignee))
            after.append((seat, Play(card)))
    # A poignée just shown by the seat to play, before its card.
    after.extend(declare(p) for p in shown.values())
    return before, discards, after


_BEFORE_ECART: Final = (Phase.BIDDING, Phase.CALL)


# One test per fact the view shows: PLR0912, PLR0915.
def _hidden_places(  # noqa: PLR0912, PLR0915
    view: TarotView, canonical: bool = False
) -> tuple[list[tuple[int, list[Card]]], list[int], _Plan]:
    """The groups of hidden cards and the sizes of the places: seats 0 … n - 1, then
    the face-down chien (place n) and the face-down part of the écart (place n + 1).

    ``canonical``: every poignée was declared by its level (see
    :meth:`TarotView.sample_state`)."""
    plan = _Plan(view, canonical)
    n, me, taker = plan.n, view.seat, view.taker
    ecart_place = n + 1
    sizes = [0 if s == me else view.hand_sizes[s] for s in range(n)]
    sizes += [plan.chien_size if plan.chien_hidden else 0, plan.ecart_hidden]
    known: set[int] = {c.index for c in view.hand}
    for cards in plan.played:
        known.update(cards)
    known.update(c.index for c in view.ecart)
    if not plan.chien_taken:
        known.update(c.index for c in view.chien)  # Garde sans, contre: shown at the end
    fixed: dict[int, int] = {}  # card index -> its one place
    for poignee in view.poignees:
        for card in poignee.cards:
            if card.index not in known and poignee.seat != me:
                fixed[card.index] = poignee.seat
    called = view.called_card
    if (
        called is not None
        and view.partner_known
        and view.partner is not None
        and view.partner != me
        and called.index not in known
    ):
        fixed[called.index] = view.partner
    # T-42: a queen (knight, jack) is called by a taker dealt every king (and queen …).
    dealt_to_taker: set[int] = set()
    if called is not None and taker is not None and taker != me:
        dealt_to_taker = {i for i in _HIGHER_RANKS[called.rank] if i not in known}
    # The places each seat cannot hold a card of: what the tricks show (T-22), asked of
    # the kernel the engine plays by.
    barred = [0] * n  # card-index masks
    kernel = view.variant.trick_table.kernel
    for trick in (*view.tricks, view.trick):
        _voids(kernel, trick, barred)
    for poignee in view.poignees:
        if any(c.index == _EXCUSE_INDEX for c in poignee.cards):
            barred[poignee.seat] |= _TRUMP_MASK  # T-20b: every trump is shown
        elif any(card in view.ecart for card in poignee.cards):
            barred[poignee.seat] |= _TRUMP_MASK  # T-20c: every trump of the hand is shown
        elif canonical:
            barred[poignee.seat] |= _unshown_by_level(poignee)
    if taker is not None and view.phase is not Phase.END and view.ecart:
        # T-15c: trumps in the écart mean the taker had no other plain card to put.
        barred[taker] |= _PLAIN_NOT_KINGS
    chien = {c.index for c in view.chien} if plan.chien_taken else set()
    by_mask: dict[int, list[Card]] = {}
    open_places = [p for p in range(n + 2) if sizes[p]]
    for index in range(78):
        if index in known:
            continue
        if index in fixed:
            # A poignée's or the called card: where it is shown to be, whatever else.
            by_mask.setdefault(1 << fixed[index], []).append(_CARD_OF[index])
            continue
        if index in chien or index in dealt_to_taker:
            # A card the taker took from the chien, or was dealt, that the viewer did
            # not see go: in the taker's hand or the écart.
            mask = 1 << ecart_place
            if taker is not None and taker != me:
                mask |= 1 << taker
        else:
            mask = 0
            for p in open_places:
                mask |= 1 << p
        for s in range(n):
            if barred[s] >> index & 1:
                mask &= ~(1 << s)
        if not _ECART_ALLOWED >> index & 1:
            mask &= ~(1 << ecart_place)
        by_mask.setdefault(mask, []).append(_CARD_OF[index])
    return list(by_mask.items()), sizes, plan


def _unshown_by_level(poignee: Poignee) -> int:
    """The trumps a poignée declared by its level, from the hand alone, shows its
    declarer did not hold: it shows the lowest trumps of the hand (T-19, T-20)."""
    shown = 0
    for card in poignee.cards:
        shown |= 1 << card.index
    top = max(card.index for card in poignee.cards)
    return _TRUMP_MASK & ((1 << top) - 1) & ~shown


def _voids(kernel: TrickKernel, trick: tuple[tuple[int, Card], ...], barred: list[int]) -> None:
    """Bar what the plays of one trick show a seat cannot hold (T-22, T-23): the inverse
    of the kernel's obligations (``TrickKernel.excluded``), card by card."""
    led = -1
    over = kernel.over_start
    for seat, card in trick:
        pos = card.index
        side, duty = kernel.excluded(pos, kernel.suit_side[led], kernel.suit_duty[led], over)
        barred[seat] |= kernel.joined(side, duty)
        if led < 0:
            led = kernel.suit[pos]  # T-23: the Excuse sets no suit
        over &= kernel.over_after[pos]


class _Direct:
    """The parts of a view's sampled states that every deal drawn shares, for the engine
    room to build them from a deal (see ``cardrules.tarot._engine.sampled_state``)."""

    __slots__ = (
        "chien_hidden",
        "chien_taken",
        "dealer",
        "facts",
        "known",
        "n",
        "plan",
        "play",
        "played",
        "seat",
        "shown_chien",
        "shown_ecart",
        "tables",
        "taker",
    )

    def __init__(self, view: TarotView, plan: _Plan) -> None:
        n = view.players
        self.n = n
        self.plan = plan
        self.seat = view.seat
        self.dealer = view.dealer
        self.tables = view.variant._tables_for(require_seat=False)
        self.taker = -1 if view.taker is None else view.taker
        self.chien_taken = plan.chien_taken
        self.chien_hidden = plan.chien_hidden
        self.played = [_mask(cards) for cards in plan.played_cards]
        self.known = _mask(view.hand) | self.played[view.seat]
        self.shown_chien = _mask(view.chien)
        self.shown_ecart = _mask(view.ecart)
        kernel = view.variant.trick_table.kernel
        tricks = []
        for trick in view.tricks:
            positions = tuple([c.index for _, c in trick])
            won = kernel.winner(positions, kernel.led_suit(positions))
            tricks.append((trick[0][0], positions, (trick[0][0] + won) % n))
        self.play = (
            view.phase,
            -1 if view.to_play is None else view.to_play,
            tuple([c.index for _, c in view.trick]),
            tuple(tricks),
        )
        poignees = []
        declared = 0
        for poignee in view.poignees:
            level = poignee.level
            poignees.append((poignee.seat, level, _mask(poignee.cards) >> _FIRST_TRUMP_INDEX))
            declared |= 1 << poignee.seat
        self.facts = (
            view.bids,
            view.contract,
            self.taker,
            -1 if view.called_card is None else view.called_card.index,
            tuple(poignees),
            declared,
            view.chelem_announced,
        )

    def build(self, places: list[list[Card]]) -> TarotState | None:
        """The state of the deal drawn as ``places`` (see :func:`_hidden_places`)."""
        n = self.n
        taker = self.taker
        start = [_mask(places[s]) | self.played[s] for s in range(n)]
        start[self.seat] = self.known
        ecart = _mask(places[n + 1]) | self.shown_ecart
        dealt = list(start)
        if self.chien_taken:
            # T-14: the taker was dealt what he held at the start of the play and put in
            # the écart, less the chien he took.
            chien = self.shown_chien
            dealt[taker] = (start[taker] | ecart) & ~chien
        else:
            chien = _mask(places[n]) if self.chien_hidden else self.shown_chien
        bids, contract, _, called, poignees, declared, chelem = self.facts
        partner = -1
        if called >= 0:
            for seat in range(n):
                if seat != taker and dealt[seat] >> called & 1:
                    partner = seat
        plan = self.plan
        history: list[tuple[int, Action]] = list(plan.before)
        if plan.discards:
            # T-15c: the plain cards, then the trumps: card order.
            history += [(taker, Discard(c)) for c in _cards_in(ecart)]
        history += plan.after
        phase, to_play, trick, tricks = self.play
        side = _SIDE
        state: Any = sampled_state(
            self.tables,
            tuple(history),
            self.dealer,
            tuple([m & side for m in dealt]),
            tuple([m >> _FIRST_TRUMP_INDEX for m in dealt]),
            (chien & side, chien >> _FIRST_TRUMP_INDEX),
            (
                bids,
                contract,
                taker,
                called,
                partner,
                (ecart & side, ecart >> _FIRST_TRUMP_INDEX),
                chelem,
                poignees,
                declared,
            ),
            (
                phase,
                to_play,
                trick,
                tricks,
                tuple([m & side for m in start]),
                tuple([m >> _FIRST_TRUMP_INDEX for m in start]),
            ),
        )
        return state  # type: ignore[no-any-return]


_SIDE: Final = (1 << _FIRST_TRUMP_INDEX) - 1
_BIT_OF: Final = {Card.from_index(i): 1 << i for i in range(78)}


def _mask(cards: Iterable[Card]) -> int:
    """The mask over card indices of ``cards``."""
    return sum(map(_BIT_OF.__getitem__, cards))


def _cards_in(mask: int) -> list[Card]:
    out = []
    while mask:
        low = mask & -mask
        out.append(_CARD_OF[low.bit_length() - 1])
        mask ^= low
    return out


def _replayed(view: TarotView, places: list[list[Card]], plan: _Plan) -> TarotState | None:
    """The deal with the drawn cards and the view's public history replayed; None if
    a rule refuses it (a card the replay shows cannot be where it was drawn)."""
    n, me, taker = plan.n, view.seat, view.taker
    hands = [[*places[s], *plan.played_cards[s]] for s in range(n)]
    hands[me] = [*view.hand, *plan.played_cards[me]]
    ecart = [*places[n + 1], *view.ecart]
    if plan.chien_taken and taker is not None:
        # T-14: the taker was dealt what he holds, played and discarded, less the chien.
        chien = list(view.chien)
        hands[taker] = list(set(hands[taker]).union(ecart).difference(chien))
    else:
        chien = list(places[n]) if plan.chien_hidden else list(view.chien)
    try:
        state = view.variant.deal(hands=hands, chien=chien, dealer=view.dealer)
        for _, action in plan.before:
            state = state.apply(action)
        if plan.discards and ecart:
            # T-15c is checked card by card: the plain cards go before the trumps.
            ecart.sort(key=_is_trump_card)
            state = state.apply(Discard(ecart))
        for _, action in plan.after:
            state = state.apply(action)
    except CardrulesError:
        return None
    return state


def _is_trump_card(card: Card) -> bool:
    return card.kind is CardKind.TRUMP


_CARD_OF: Final = tuple(Card.from_index(i) for i in range(78))
# The plain cards of the ranks above each rank, by card index (T-42).
_HIGHER_RANKS: Final = {
    rank: frozenset(i for i, c in enumerate(_CARD_OF) if c.kind is CardKind.SUIT and c.rank > rank)
    for rank in range(1, 15)
}
_TRUMP_MASK: Final = sum(1 << i for i in range(_FIRST_TRUMP_INDEX, _EXCUSE_INDEX))
_SUIT_MASKS: Final = tuple(sum(1 << (14 * s + r) for r in range(14)) for s in range(4))
_KING_MASK: Final = sum(1 << (14 * s + 13) for s in range(4))
_PLAIN_NOT_KINGS: Final = sum(_SUIT_MASKS) & ~_KING_MASK
# T-15a, T-15b: the face-down écart holds plain cards other than kings.
_ECART_ALLOWED: Final = _PLAIN_NOT_KINGS
