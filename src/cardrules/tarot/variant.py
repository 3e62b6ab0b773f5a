"""The French Tarot variant: options, dealing, notation, ids and records hooks.

Where the rules leave the engine a choice, it does this:

* The écart is made one card per action, and the legal discards at each step keep a
  legal écart possible (T-15); ``discard 3C 4C …`` applies several cards in order and
  the history records one single-card discard per card.
* A poignée is listed once per level the player qualifies for, showing the lowest
  trumps, then (taker, T-20c) the trumps forced into the écart, then the Excuse when it
  completes a showing of every trump (T-20b). Any other valid showing is accepted; écart
  trumps are valid only when the hand's trumps are all shown. After declaring, the same
  seat plays its first card.
* After a Garde contre the remaining seats still speak, and can only pass (T-10).
* With ``excuse_compensation="card"``, the camp that kept its Excuse in a trick won by
  the other camp hands over its lowest half-point card when the deal is counted; a
  camp without one keeps the half-point adjustment (FFT: the Excuse counts 4 points).
  Scores are the same either way (T-25).
* T-43 restricts the card that leads trick 1; after a led Excuse, the next card may be
  of the called suit.
* The random chien schedule puts each chien card in its own gap between two packets,
  drawn uniformly among the inner gaps; with packets of 3 or 4 cards every inner gap
  is already at least 3 cards from either end of the deck (T-8).
* Views (T-39): the partner is known to the partner, and to everyone once the called
  card is played, when the shown chien holds it, or at the end; the taker sees the
  écart until the first card is played, then only its trumps, like everyone; the
  chien of a Garde sans or contre and the whole écart are shown at the end.

>>> from cardrules.tarot import TarotVariant
>>> variant = TarotVariant(players=5)
>>> variant.players, variant.id, TarotVariant(variant.options) == variant
(5, 'tarot', True)
>>> state = variant.new_game(seed=3)
>>> [len(state.hand(s)) for s in range(5)], len(state.chien)
([15, 15, 15, 15, 15], 3)
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from operator import itemgetter
from typing import Any, ClassVar, Final, cast

import attrs

import cardrules._position as _pos
from cardrules._util import quote
from cardrules.actions import Action, Play
from cardrules.cards import Card, CardKind
from cardrules.decks import check_order, randbelow
from cardrules.errors import (
    CardrulesError,
    DealError,
    InvalidArgumentError,
    OptionsError,
    RecordError,
)
from cardrules.info import GameInfo, Statistic, observation_layout
from cardrules.solving import Solver
from cardrules.state import SeatRequired, State, Variant, check_seat
from cardrules.tarot import actions as _actions
from cardrules.tarot import view as _view
from cardrules.tarot._engine import root, shuffled_bits
from cardrules.tarot._solver import horizon as solver_horizon
from cardrules.tarot._solver import solve as solve_deal
from cardrules.tarot._tables import DECK_SIZE, LAYOUT, SIDE_ALL, SPLIT, Tables, cards
from cardrules.tarot.actions import AnnounceChelem, Bid, DeclarePoignee, poignee_level_of
from cardrules.tarot.bidding import Contract, check_bid
from cardrules.tarot.cards import TAROT_DECK, TAROT_TRICK_RULES
from cardrules.tarot.match import TarotMatch
from cardrules.tarot.options import TarotOptions
from cardrules.tarot.playout import random_playout as _random_playout
from cardrules.tarot.scoring import Camp, DealResult, Score
from cardrules.tarot.state import Phase, TarotState
from cardrules.tarot.view import observation_size as _observation_size
from cardrules.tricks import TrickRules, TrickTable

__all__ = ["TarotVariant", "deal_deck", "fixed_chien_positions"]


class _SeatedTarotState(SeatRequired, TarotState):  # type: ignore[misc]
    """A French Tarot state that requires the acting seat (``require_seat=True``)."""

    __slots__ = ()


# T-8's fixed schedule: a chien card after the first packet of these rounds.
_CHIEN_ROUNDS: Final = {4: (1, 2, 3, 4, 5, 6), 3: (1, 2, 3, 4, 5, 6), 5: (1, 3, 5)}


def fixed_chien_positions(players: int) -> tuple[int, ...]:
    """The deck positions of the chien cards with T-8's fixed schedule.

    One chien card is dealt right after the first packet of round r, for r in 1 … 6
    (3 and 4 players) or r in 1, 3, 5 (5 players).

    Raises:
        OptionsError: ``players`` is not 3, 4 or 5.

    >>> fixed_chien_positions(4), fixed_chien_positions(5)
    ((3, 16, 29, 42, 55, 68), (3, 34, 65))
    """
    if type(players) is not int or players not in LAYOUT:
        raise OptionsError(f"players must be 3, 4 or 5, not {quote(players)}")
    hand, packet, _ = LAYOUT[players]
    out = []
    index = 0
    for r in range(1, hand // packet + 1):
        if r in _CHIEN_ROUNDS[players]:
            out.append(index + packet)
            index += 1
        index += packet * players
    return tuple(out)


def _random_chien_positions(players: int, edge: int, rng: random.Random) -> tuple[int, ...]:
    """T-8 with ``chien_schedule="random"``: chien cards one at a time between packets.

    Each chien card goes into its own gap between two packets (never two at once); a
    gap is allowed when the card would not be among the first or last ``edge`` cards of
    the deck. The gaps are drawn uniformly with ``randbelow``.
    """
    hand, packet, chien = LAYOUT[players]
    packets = hand * players // packet
    # Gap g lies after packet g (1 … packets - 1); the first and last positions of the
    # deck are the gaps before the first and after the last packet, never allowed.
    gaps = list(range(1, packets))
    chosen: list[int] = []
    for _ in range(chien):
        g = gaps.pop(randbelow(rng, len(gaps)))
        chosen.append(g)
    chosen.sort()
    positions = tuple(g * packet + k for k, g in enumerate(chosen))
    size = hand * players + chien
    if any(p < edge or p >= size - edge for p in positions):
        # Packets of 3 or 4 cards keep every inner gap away from both ends, so this
        # only guards the rule itself.
        raise OptionsError(f"no chien schedule keeps {edge} cards off the deck's ends")
    return positions


def deal_deck(
    deck: Sequence[Card], *, players: int, dealer: int, chien_positions: Iterable[int]
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """Deal an ordered deck (``deck[0]`` first) as T-8 says.

    The cards at ``chien_positions`` go to the chien; the others go in packets to
    ``next(dealer)``, ``next(next(dealer))`` … and finally the dealer, round after round.

    Args:
        deck: The 78 cards in dealing order.
        players: 3, 4 or 5.
        dealer: The dealer's seat.
        chien_positions: The deck positions of the chien cards.

    Returns:
        The hands (indexed by seat) and the chien.

    Raises:
        DealError: the deck or the positions do not make a deal.

    >>> from cardrules import decks
    >>> hands, chien = deal_deck(decks.tarot_deck(), players=4, dealer=3,
    ...                          chien_positions=fixed_chien_positions(4))
    >>> [str(c) for c in hands[0][:4]], [str(c) for c in chien[:2]]
    (['AS', '2S', '3S', 'KS'], ['4S', '3H'])
    """
    if players not in LAYOUT:
        raise DealError(f"players must be 3, 4 or 5, not {quote(players)}")
    check_seat(dealer, players)
    hand_size, packet, chien_size = LAYOUT[players]
    cards = tuple(deck)
    positions = sorted(set(chien_positions))
    if len(cards) != 78 or len(positions) != chien_size or not all(0 <= p < 78 for p in positions):
        raise DealError("a deal takes the 78 cards and one chien position per chien card")
    chien = tuple(cards[p] for p in positions)
    aside = set(positions)
    rest = [c for i, c in enumerate(cards) if i not in aside]
    hands: list[list[Card]] = [[] for _ in range(players)]
    seat = (dealer + 1) % players
    for start in range(0, len(rest), packet):
        hands[seat].extend(rest[start : start + packet])
        seat = (seat + 1) % players
    if any(len(h) != hand_size for h in hands):
        raise DealError("the deck does not divide into hands")
    return tuple(tuple(h) for h in hands), chien


def _pickers(destinations: tuple[int, ...]) -> tuple[itemgetter[Any], ...]:
    """One getter per seat (the chien last) that takes its cards out of a dealt deck."""
    return tuple(
        itemgetter(*(i for i, d in enumerate(destinations) if d == seat))
        for seat in range(max(destinations) + 1)
    )


@functools.cache
def _fixed_pickers(players: int) -> tuple[tuple[itemgetter[Any], ...], ...]:
    """The pickers of T-8's fixed schedule, by dealer (built once per player count)."""
    positions = fixed_chien_positions(players)
    return tuple(_pickers(_destinations(players, d, positions)) for d in range(players))


def _shared(options: TarotOptions, cls: type[TarotVariant] | None = None) -> TarotVariant:
    """The variant of these options (of this class, a subclass declaring other rules):
    one per option set, so that unpickled states and matches share their tables."""
    return (cls or TarotVariant)._of(options)


@functools.lru_cache(maxsize=64)
def _variant_for(cls: type[TarotVariant], options: TarotOptions) -> TarotVariant:
    return cls(options)


def _destinations(players: int, dealer: int, chien_positions: Iterable[int]) -> tuple[int, ...]:
    """Where each card of the deck goes (T-8): a seat, or ``players`` for the chien."""
    _, packet, _ = LAYOUT[players]
    aside = set(chien_positions)
    out = []
    seat = (dealer + 1) % players
    dealt = 0
    for i in range(78):
        if i in aside:
            out.append(players)
            continue
        out.append(seat)
        dealt += 1
        if dealt == packet:
            dealt = 0
            seat = (seat + 1) % players
    return tuple(out)


# -- building deals ---------------------------------------------------------------------


def _deal_masks(
    v: TarotVariant, hands: Sequence[Iterable[Card | str] | str], chien: Iterable[Card | str] | str
) -> tuple[tuple[int, ...], int]:
    """Validate given hands and chien (T-8 sizes, the 78 cards once each) as masks.

    Raises:
        DealError: wrong counts, a duplicate or missing card, a card not in the deck.
        TypeError: the hands are not a sequence of card collections.
    """
    given: object = hands
    if isinstance(given, (str, bytes)) or not isinstance(given, Sequence):
        raise InvalidArgumentError(
            f"hands must be a sequence of {v.players} hands, not {quote(given)}"
        )
    if len(hands) != v.players:
        raise DealError(f"a {v.players}-player deal has {v.players} hands, not {len(hands)}")
    seen = 0
    masks = []
    for seat, hand in enumerate((*hands, chien)):
        what = "the chien" if seat == v.players else f"hand {seat}"
        size = v._tables.chien_size if seat == v.players else v._tables.hand_size
        given_cards = _parse_cards(hand, what)
        if len(given_cards) != size:
            raise DealError(
                f"{what} has {len(given_cards)} cards; a {v.players}-player deal gives {size} (T-8)"
            )
        mask = 0
        for card in given_cards:
            if card.index >= DECK_SIZE:
                raise DealError(f"{card} is not a card of the Tarot deck (in {what})")
            bit = 1 << card.index
            if (seen | mask) & bit:
                raise DealError(f"{card} is dealt twice (in {what})")
            mask |= bit
        seen |= mask
        masks.append(mask)
    return tuple(masks[:-1]), masks[-1]


def _parse_cards(cards: Iterable[Card | str] | str, what: str) -> list[Card]:
    given: object = cards.split() if isinstance(cards, str) else cards
    if isinstance(given, bytes) or not isinstance(given, Iterable):
        raise InvalidArgumentError(f"{what} must be cards or card codes, not {quote(given)}")
    out = []
    for c in given:
        if isinstance(c, Card):
            out.append(c)
        elif isinstance(c, str):
            out.append(Card.parse(c))
        else:
            raise InvalidArgumentError(f"{what} holds {quote(c)}, which is not a card")
        if len(out) > 100:
            raise DealError(f"{what} has too many cards")
    return out


class TarotVariant(Variant):
    """French Tarot for 3, 4 or 5 players (the spec's rules T-1 … T-44).

    Build it with a :class:`~cardrules.tarot.TarotOptions` or with the options as
    keywords: ``TarotVariant(TarotOptions(players=5))`` or ``TarotVariant(players=5)``.

    Args:
        options: Every option at once (do not combine with keywords).
        **kwargs: Options by name (see :class:`~cardrules.tarot.TarotOptions`).

    Raises:
        OptionsError: an unknown or invalid option.

    >>> TarotVariant(players=3)
    cardrules.get_variant('tarot', players=3)
    """

    id: ClassVar[str] = "tarot"
    aliases: ClassVar[tuple[str, ...]] = ("french-tarot", "french_tarot", "tarot-fr")
    name: ClassVar[str] = "French Tarot"
    rules_version: ClassVar[str] = "1"

    options: TarotOptions
    """The :class:`~cardrules.tarot.TarotOptions` of this variant."""

    def __init__(self, options: TarotOptions | None = None, **kwargs: Any) -> None:
        if options is not None:
            if kwargs:
                raise OptionsError("give a TarotOptions or options as keywords, not both")
            if type(options) is not TarotOptions:
                raise OptionsError(f"options must be a TarotOptions, not {quote(options)}")
        else:
            try:
                options = TarotOptions(**kwargs)
            except TypeError as exc:
                raise OptionsError(f"unknown Tarot option: {exc}") from None
        self.options = options
        self._tables = Tables(options, variant=self, state=TarotState, rules=self.trick_rules)
        self._seated: Tables | None = None

    @classmethod
    def _of(cls, options: TarotOptions) -> TarotVariant:
        """The variant of this class and these options, one per option set (shared by
        unpickled states and matches)."""
        return _variant_for(cls, options)

    def _tables_for(self, *, require_seat: bool) -> Tables:
        """The tables of the states dealt with or without ``require_seat``: the same
        rules, with the state class that requires the acting seat (built when needed)."""
        if type(require_seat) is not bool:
            raise InvalidArgumentError(
                f"require_seat must be True or False, not {quote(require_seat)}"
            )
        if not require_seat:
            return self._tables
        if self._seated is None:
            self._seated = Tables(
                self.options, variant=self, state=_SeatedTarotState, rules=self.trick_rules
            )
        return self._seated

    @property
    def trick_rules(self) -> TrickRules:
        """How cards behave in a trick (T-22 … T-24), following, trumping, overtrumping,
        the Excuse and the winner. A hook: a subclass returning another declaration plays by
        it everywhere (the checked states and their errors, the bulk playout, the
        views' inferences, the samples, the bot), since the engine compiles it when the
        variant is built. Default:
        :data:`~cardrules.tarot.cards.TAROT_TRICK_RULES`.

        >>> import attrs
        >>> class Undertrumping(TarotVariant):
        ...     @property
        ...     def trick_rules(self) -> TrickRules:
        ...         return attrs.evolve(TAROT_TRICK_RULES, must_overtrump=False)
        >>> Undertrumping().trick_table.must_overtrump, TarotVariant().trick_table.must_overtrump
        (False, True)
        """
        return TAROT_TRICK_RULES

    @property
    def trick_table(self) -> TrickTable:
        """:attr:`trick_rules` compiled: the legal cards and winners the engine plays by,
        for bots and tools that reason about a trick of this variant.

        >>> from cardrules import Card
        >>> TarotVariant().trick_table.winner([Card.parse(c) for c in ("7H", "1T", "KH")])
        1
        """
        return self._tables.table

    # -- the Variant interface -------------------------------------------------------

    @property
    def players(self) -> int:
        """The number of seats (T-1)."""
        return self._tables.players

    @property
    def deck(self) -> tuple[Card, ...]:
        """The 78 Tarot cards (T-2)."""
        return TAROT_DECK

    @property
    def num_actions(self) -> int:
        """The size of the integer action space (see :mod:`cardrules.tarot.actions`)."""
        return _actions.NUM_ACTIONS

    @property
    def observation_size(self) -> int:
        """The length of :meth:`TarotView.observation() <cardrules.tarot.TarotView.observation>`
        at this table (see :data:`cardrules.tarot.view.OBSERVATION_LAYOUT`).

        >>> TarotVariant(players=4).observation_size
        1086
        """
        return _observation_size(self.players)

    # -- the declaration the layers above read (cardrules.info) ------------------------

    @functools.cached_property
    def info(self) -> GameInfo:
        """What French Tarot declares for the layers above its rules. The seats, the
        longest deal, the score bounds, the observation's layout, the statistics of a
        simulation, the heuristic bot, each derived from the rules next to its rule IDs
        (the longest deal from T-10 … T-21, the score bounds from T-30 … T-37).

        >>> TarotVariant(players=3).info.max_game_length
        83
        """
        return _game_info(self.options)

    def deal_statistics(self, final: State) -> dict[str, Any]:
        """The facts of a finished deal a simulation sums up: why it was annulled, or
        its contract, taker, partner, whether it was made, the attack's points and
        bouts, the petit au bout, the poignées and the slam."""
        return _deal_statistics(final)

    def action_seen_by(self, action: Action, actor: int, viewer: int) -> Action | None:
        """Another seat's écart card is put down face down (T-15): the other seats see
        that a card went, not which (its trumps are shown once the écart is made,
        T-15d, which the views tell). Every other action is public (T-39)."""
        return _action_seen_by(action, actor, viewer)

    def sample_state(self, view: Any, rng: random.Random) -> State:
        """A state with the same view whose history replays by action ids: a poignée's
        id stands for its level, which shows the lowest trumps (T-19), so the sample
        declares by level too (``view.sample_state(rng, canonical_poignees=True)``)."""
        sampled: State = view.sample_state(rng, canonical_poignees=True)
        return sampled

    def new_game(
        self,
        *,
        rng: random.Random | None = None,
        seed: int | None = None,
        dealer: int | None = None,
        deck: Iterable[Card | str] | str | None = None,
        require_seat: bool = False,
    ) -> TarotState:
        """Shuffle, deal (T-8) and return the first state (T-9 checked at once).

        Args:
            rng: The generator to shuffle with (never the global one).
            seed: Or a seed for a fresh ``random.Random``.
            dealer: The dealer's seat; default ``options.dealer``.
            deck: A deck order shuffled elsewhere (a physical table, pre-dealt boards),
                ``deck[0]`` dealt first: the 78 cards as cards, codes, or one string of
                codes. It is dealt instead of a shuffle; ``rng`` or ``seed`` then only
                draw the chien's places with ``chien_schedule="random"``.
            require_seat: For servers: this state and every state after it refuse
                ``apply``/``check`` without ``seat=`` (:class:`~cardrules.SeatRequiredError`),
                so a client's move is always checked against its own seat.

        Returns:
            The state before the first bid, or an annulled final state (Petit sec).

        Raises:
            DealError: ``deck`` is not exactly the 78 Tarot cards (the message names
                the card missing, repeated or foreign).
            NotationError: a code of ``deck`` is not a card.
            InvalidArgumentError: ``deck`` is not a collection of cards or codes.
            InvalidSeatError: ``dealer`` is not a seat.

        >>> TarotVariant().new_game(seed=1, dealer=2).to_play
        3
        >>> from cardrules import decks
        >>> order = decks.tarot_deck()[::-1]
        >>> state = TarotVariant(players=3).new_game(deck=order, dealer=0)
        >>> [str(c) for c in state.hand(1)[:3]], [str(c) for c in state.chien]
        (['10S', 'JS', 'NS'], ['9S', '8H', '7D', '6C', '5T', '18T'])
        """
        r = self._rng(rng, seed)
        tables = self._tables_for(require_seat=require_seat)
        players = tables.players
        dealer = self.options.dealer if dealer is None else check_seat(dealer, players)
        positions: tuple[int, ...] | None = None
        if deck is not None:
            order = check_order(deck, TAROT_DECK)
            if self.options.chien_schedule == "random":
                positions = _random_chien_positions(players, self.options.chien_edge_exclusion, r)
            else:
                positions = fixed_chien_positions(players)
            hands, chien = deal_deck(
                order, players=players, dealer=dealer, chien_positions=positions
            )
            return self.deal(hands=hands, chien=chien, dealer=dealer, require_seat=require_seat)
        shuffled = shuffled_bits(r)
        if self.options.chien_schedule == "random":
            positions = _random_chien_positions(players, self.options.chien_edge_exclusion, r)
        # The same dealing as deal_deck, straight to position masks: the shuffled deck
        # is the Tarot deck, so nothing needs validating.
        if positions is None:
            pickers = _fixed_pickers(players)[dealer]
        else:
            pickers = _pickers(_destinations(players, dealer, positions))
        masks = [sum(pick(shuffled)) for pick in pickers]
        return _first(tables, dealer, masks[:-1], masks[-1])

    def deal(
        self,
        *,
        hands: Sequence[Iterable[Card | str] | str],
        chien: Iterable[Card | str] | str,
        dealer: int | None = None,
        require_seat: bool = False,
    ) -> TarotState:
        """Build a deal from given cards (tests, physical tables).

        Args:
            hands: One hand per seat: Cards, card codes, or one string of codes.
            chien: The chien, in the same forms.
            dealer: The dealer's seat; default ``options.dealer``.
            require_seat: As in :meth:`new_game`.

        Returns:
            The first state (annulled at once for Petit sec, T-9).

        Raises:
            DealError: wrong sizes (T-8), a card dealt twice or missing, a non-Tarot card.
            NotationError: a code that is not a card.

        >>> v = TarotVariant(players=3)
        >>> from cardrules import decks
        >>> d = [str(c) for c in decks.tarot_deck()]
        >>> s = v.deal(hands=[d[0:24], d[24:48], d[48:72]], chien=d[72:], dealer=0)
        >>> s.phase, s.to_play, len(s.hand(2))
        (<Phase.BIDDING: 'bidding'>, 1, 24)
        """
        tables = self._tables_for(require_seat=require_seat)
        dealer = self.options.dealer if dealer is None else check_seat(dealer, self._tables.players)
        masks, chien_mask = _deal_masks(self, hands, chien)
        return _first(tables, dealer, masks, chien_mask)

    def deal_from_deck(self, deck: Sequence[Card], *, dealer: int | None = None) -> TarotState:
        """Deal an ordered deck (``deck[0]`` first) with T-8's fixed chien schedule.

        Raises:
            DealError: ``deck`` is not the 78 Tarot cards.
        """
        dealer = self.options.dealer if dealer is None else check_seat(dealer, self._tables.players)
        hands, chien = deal_deck(
            deck,
            players=self._tables.players,
            dealer=dealer,
            chien_positions=fixed_chien_positions(self._tables.players),
        )
        return self.deal(hands=hands, chien=chien, dealer=dealer)

    def parse_action(self, text: str) -> Action:
        """Parse Tarot notation (see :func:`cardrules.tarot.parse_action`)."""
        return _actions.parse_action(text)

    def action_id(self, action: Action) -> int:
        """The stable id of ``action`` (see :func:`cardrules.tarot.action_id`); a
        declaration showing chosen cards has the id of its level at this table."""
        if type(action) is DeclarePoignee and action.cards is not None:
            level = poignee_level_of(len(action.cards), self.options)
            if level is not None:
                return _actions.action_id(DeclarePoignee(level))
        return _actions.action_id(action)

    def action_from_id(self, action_id: int) -> Action:
        """The action with this id (see :func:`cardrules.tarot.action_from_id`)."""
        return _actions.action_from_id(action_id)

    def options_json(self) -> dict[str, Any]:
        """The options as JSON values."""
        return self.options.to_dict()

    @classmethod
    def from_options_json(cls, options: Mapping[str, Any]) -> TarotVariant:
        """Rebuild the variant from :meth:`options_json`; raises ``OptionsError``."""
        return cls(TarotOptions.from_dict(options))

    def deal_json(self, state: State) -> dict[str, Any]:
        """The dealt cards of ``state``'s deal: ``{"hands": [[codes] …], "chien": [codes]}``."""
        if not isinstance(state, TarotState) or state.variant != self:
            raise InvalidArgumentError("deal_json takes a state of this variant")
        info = state._g.info
        return {
            "hands": [
                [str(c) for c in cards(s, d)] for s, d in zip(info.deal_s, info.deal_d, strict=True)
            ],
            "chien": [str(c) for c in cards(info.chien_s, info.chien_d)],
        }

    def state_from_deal_json(
        self, dealer: int, deal: Mapping[str, Any], *, require_seat: bool = False
    ) -> TarotState:
        """The first state of a deal from :meth:`deal_json`, dealt by ``dealer``.

        Args:
            dealer: The dealer's seat.
            deal: The dealt cards, as :meth:`deal_json` writes them.
            require_seat: As in :meth:`new_game`.

        Raises:
            RecordError: the deal is malformed or not a deal of this variant.

        >>> v = TarotVariant(players=3)
        >>> s = v.new_game(seed=1, dealer=2)
        >>> v.state_from_deal_json(2, v.deal_json(s)) == s
        True
        """
        given: object = deal
        if not isinstance(given, Mapping) or set(given) != {"hands", "chien"}:
            raise RecordError("a Tarot deal is an object with exactly 'hands' and 'chien'")
        hands, chien = deal["hands"], deal["chien"]
        if not isinstance(hands, list) or not all(isinstance(h, list) for h in hands):
            raise RecordError("the deal's 'hands' must be a list of lists of card codes")
        if not isinstance(chien, list) or not all(
            isinstance(c, str) for h in (*hands, chien) for c in h
        ):
            raise RecordError("every card of the deal must be a card code string")
        if type(dealer) is not int or not 0 <= dealer < self._tables.players:
            raise RecordError(f"the dealer {quote(dealer)} is not a seat of this table")
        try:
            return self.deal(hands=hands, chien=chien, dealer=dealer, require_seat=require_seat)
        except CardrulesError as exc:
            raise RecordError(f"the record's deal is invalid: {exc}") from None

    def _deal_from_record(
        self, dealer: int, deal: Mapping[str, Any], *, require_seat: bool
    ) -> TarotState:
        return self.state_from_deal_json(dealer, deal, require_seat=require_seat)

    def new_match(
        self,
        *,
        seed: int | None = None,
        rng: random.Random | None = None,
        dealer: int | None = None,
        require_seat: bool = False,
        totals: tuple[Score | float, ...] | list[Score | float] | None = None,
        deal_limit: int | None = None,
        target_score: int | None = None,
    ) -> TarotMatch:
        """A :class:`~cardrules.tarot.TarotMatch` of this variant's deals, not yet begun:
        the keywords are :meth:`TarotMatch.start <cardrules.tarot.TarotMatch.start>`'s.

        >>> TarotVariant(players=3).new_match().totals
        (0, 0, 0)
        >>> match = TarotVariant().new_match(seed=1, require_seat=True, deal_limit=5)
        >>> match.next_deal().requires_seat, match.is_over
        (True, False)
        """
        return TarotMatch._dealt_by(
            self,
            seed=seed,
            rng=rng,
            dealer=dealer,
            require_seat=require_seat,
            totals=totals,
            deal_limit=deal_limit,
            target_score=target_score,
        )

    # -- positions -------------------------------------------------------------------

    def from_position(self, text: str) -> TarotState:
        """The state a position's text describes (see "Positions" on the Notation page).

        The position's actions are replayed through the checked rules from the deal
        they imply, so the state is exactly the one that wrote the text: same legal
        actions, views and result. Its :attr:`~TarotState.history` is that replay (one
        ``discard`` per card of the écart, plain cards first; each poignée showing its
        cards), so its :meth:`~cardrules.State.record` replays to an equal state.

        Raises:
            PositionError: the text is not a position of this variant, with the name of
                the faulty field (``"variant"`` when it was written for other options).

        >>> v = TarotVariant(players=3)
        >>> s = v.new_game(seed=4).apply("bid garde-sans").apply("pass").apply("pass")
        >>> v.from_position(s.position()) == s
        True
        """
        return _read_position(self, text)

    def _position_text(self, state: TarotState) -> str:
        return _pos.line(_position_fields(state), state)

    def _position_tag(self) -> str:
        return _pos.tag(
            f"tarot{self.players}",
            self.options.to_dict(),
            TarotOptions(players=self.players).to_dict(),
        )

    # -- bots ------------------------------------------------------------------------

    def random_playout(self, state: TarotState, rng: random.Random) -> DealResult:
        """Play uniformly random legal actions from ``state`` to the end; see
        :func:`cardrules.tarot.random_playout`."""
        return _random_playout(state, rng)

    def solver(self) -> Solver:
        """This game's perfect-information solver, the hook that
        :func:`cardrules.solving.solve` calls: the deal's value under best play.

        >>> TarotVariant(players=4).solver().horizon > 0
        True
        """
        # The hard level's deals per decision (bench/levels_report.py measures them).
        return Solver(solve_deal, solver_horizon(self.options), worlds=8, choice_worlds=4)

    # -- values ----------------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.options == other.options

    def __hash__(self) -> int:
        return hash((type(self), self.options))

    def __reduce__(self) -> tuple[Any, ...]:
        return (_shared, (self.options, type(self)))

    def __repr__(self) -> str:
        defaults = TarotOptions()
        changed = [
            f"{a.name}={getattr(self.options, a.name)!r}"
            for a in attrs.fields(TarotOptions)
            if getattr(self.options, a.name) != getattr(defaults, a.name)
        ]
        return "cardrules.get_variant(" + ", ".join([repr(self.id), *changed]) + ")"


def _first(tables: Tables, dealer: int, masks: Sequence[int], chien: int) -> TarotState:
    """The first state of the deal of the hands ``masks`` (over the 78 positions)."""
    state: Any = root(
        tables,
        dealer,
        tuple([m & SIDE_ALL for m in masks]),
        tuple([m >> SPLIT for m in masks]),
        chien,
    )
    return state  # type: ignore[no-any-return]


# -- positions (the grammar is on the Notation page) ----------------------------------

_FIELDS: Final = (
    "variant",
    "dealer",
    "hands",
    "chien",
    "auction",
    "call",
    "ecart",
    "chelem",
    "poignees",
    "tricks",
    "piles",
    "turn",
)
_CARD_SETS: Final = frozenset({2, 3, 6})  # hands, chien, écart: any order


def _points_text(points: Fraction) -> str:
    return str(int(points)) if points.denominator == 1 else f"{float(points):g}"


def _position_fields(state: TarotState) -> list[str]:
    """The fields of ``state``'s position, from the steps of its deal so far."""
    v = state.variant
    auction: list[str] = []
    call = chelem = _pos.EMPTY
    tricks: list[str] = []
    trick: list[str] = []
    leader = 0
    root = functools.partial(v.state_from_deal_json, state.dealer, v.deal_json(state))
    for before, seat, action, s in _pos.steps(state, root):
        phase = before.phase
        if phase is Phase.BIDDING:
            auction.append(v.action_text(action).removeprefix("bid "))
        elif phase is Phase.CALL:
            call = v.action_text(action).removeprefix("call ")
        elif phase is Phase.ANNOUNCE:
            chelem = "chelem" if isinstance(action, AnnounceChelem) else "pass"
        elif isinstance(action, Play):
            if not trick:
                leader = seat
            trick.append(str(action.card))
            if not s.trick:
                tricks.append(f"{leader}:{','.join(trick)}>{s.trick_winners[-1]}")
                trick = []
    if trick:
        tricks.append(f"{leader}:{','.join(trick)}")
    piles = _pos.EMPTY
    if state.taker is not None:
        attack, defence = state.card_points(Camp.ATTACK), state.card_points(Camp.DEFENCE)
        piles = f"{_points_text(attack)}/{_points_text(defence)}"
    turn = state.to_play
    return [
        v._position_tag(),
        str(state.dealer),
        "/".join(_pos.cards_text(state.hand(p)) for p in range(v.players)),
        _pos.cards_text(state.chien),
        ",".join(auction) or _pos.EMPTY,
        call,
        _pos.cards_text(state.ecart),
        chelem,
        "/".join(f"{p.seat}:{_pos.cards_text(p.cards)}" for p in state.poignees) or _pos.EMPTY,
        "/".join(tricks) or _pos.EMPTY,
        piles,
        _pos.EMPTY if turn is None else str(turn),
    ]


def _read_position(v: TarotVariant, text: str) -> TarotState:  # noqa: PLR0912, PLR0915
    """:meth:`TarotVariant.from_position`: parse, rebuild the deal, replay, compare."""
    f, require_seat = _pos.split(text, _FIELDS, "French Tarot", v._position_tag())
    n = v.players
    dealer = _pos.seat("dealer", f[1], n)
    parts = f[2].split("/")
    if len(parts) != n:
        _pos.fail("hands", f"{n} hands separated by '/', not {len(parts)}")
    hands = [_pos.cards("hands", part) for part in parts]
    # T-2: one deck, each card once.
    chien = _pos.distinct("chien", _pos.cards("chien", f[3]))
    if len(chien) != v._tables.chien_size:
        _pos.fail("chien", f"the chien has {v._tables.chien_size} cards, not {len(chien)} (T-8)")
    auction = _pos.items("auction", f[4], ",")
    if len(auction) > n:
        _pos.fail("auction", f"each of the {n} seats speaks once (T-10), not {len(auction)} calls")
    called = None if f[5] == _pos.EMPTY else _pos.card("call", f[5])
    ecart = _pos.distinct("ecart", _pos.cards("ecart", f[6]))
    if f[7] not in (_pos.EMPTY, "chelem", "pass"):
        _pos.fail("chelem", f"'chelem', 'pass' or '-', not {quote(f[7][:20])}")
    shown: dict[int, list[Card]] = {}
    for item in _pos.items("poignees", f[8], "/"):
        who, _, listed = item.partition(":")
        p = _pos.seat("poignees", who, n)
        if p in shown:
            _pos.fail("poignees", f"seat {p} declares two poignées (T-19)")
        # T-19: shown in descending order, as the state keeps them.
        shown[p] = sorted(
            _pos.cards("poignees", listed),
            key=lambda c: (0, -c.rank) if c.kind is CardKind.TRUMP else (1, 0),
        )
    tricks: list[tuple[int, list[Card], str]] = []
    for item in _pos.items("tricks", f[9], "/"):
        head, _, winner = item.partition(">")
        who, _, listed = head.partition(":")
        played = _pos.cards("tricks", listed) if listed else []
        if not played or len(played) > n:
            _pos.fail("tricks", f"a trick has 1 to {n} cards: {quote(item[:60])}")
        tricks.append((_pos.seat("tricks", who, n), played, winner))

    # The deal: each hand with the cards it played, the taker's with its écart and
    # without the chien it took (T-14).
    dealt = [list(h) for h in hands]
    for leader, played, _ in tricks:
        for k, c in enumerate(played):
            dealt[(leader + k) % n].append(c)
    taker = None
    highest: Contract | None = None
    for k, word in enumerate(auction):
        # T-10 first, on its own: the taker tells whose hand took the chien.
        try:
            action = v.parse_action("pass" if word == "pass" else f"bid {word}")
            if isinstance(action, Bid):
                check_bid(action.contract, highest)
                highest, taker = action.contract, (dealer + 1 + k) % n
        except CardrulesError as exc:
            _pos.fail("auction", f"call {k + 1} ({word[:20]}) is not possible: {exc}")
    if ecart and taker is None:
        _pos.fail("ecart", "there is an écart but no taker")
    if taker is not None:
        dealt[taker] += ecart
        size = (len(TAROT_DECK) - len(chien)) // n
        if len(dealt[taker]) == size + len(chien) and _pos.holds(dealt[taker], chien):
            for c in chien:
                dealt[taker].remove(c)
    try:
        state = v.deal(hands=dealt, chien=chien, dealer=dealer, require_seat=require_seat)
    except CardrulesError as exc:
        _pos.fail("hands", f"the hands, with the cards played and the écart, are no deal: {exc}")

    for k, word in enumerate(auction):
        state = _pos.apply(
            state, "auction", f"call {k + 1}", word if word == "pass" else f"bid {word}"
        )
    if called is not None:
        state = _pos.apply(state, "call", "the call", f"call {called}")
    # T-15: plain cards first, so each step keeps a legal écart possible.
    for c in sorted(ecart, key=lambda c: (c.kind is CardKind.TRUMP, c.index)):
        state = _pos.apply(state, "ecart", "the écart", f"discard {c}")
    if f[7] != _pos.EMPTY:
        state = _pos.apply(
            state, "chelem", "the announcement", f"announce {f[7]}" if f[7] == "chelem" else "pass"
        )
    declared: set[int] = set()

    def declare(state: TarotState) -> TarotState:
        p = state.to_play
        if p is None or p not in shown or p in declared or state.tricks_played:
            return state
        declared.add(p)
        text = "declare poignee " + " ".join(str(c) for c in shown[p])
        return cast(TarotState, _pos.apply(state, "poignees", f"seat {p}'s poignée", text))

    for k, (_, played, _) in enumerate(tricks):
        for c in played:
            state = declare(state)
            state = _pos.apply(state, "tricks", f"card {c} of trick {k + 1}", f"play {c}")
    state = declare(state)
    if set(shown) - declared:
        _pos.fail("poignees", "a poignée is declared right before the seat's first card (T-19)")

    rebuilt = _position_fields(state)
    given = [
        f[0],
        str(dealer),
        "/".join(_pos.cards_text(h) for h in hands),
        _pos.cards_text(chien),
        f[4],
        _pos.EMPTY if called is None else str(called),
        _pos.cards_text(ecart),
        f[7],
        "/".join(f"{p}:{_pos.cards_text(cs)}" for p, cs in shown.items()) or _pos.EMPTY,
        "/".join(
            f"{leader}:{_pos.cards_text(played)}" + (f">{w}" if w else "")
            for leader, played, w in tricks
        )
        or _pos.EMPTY,
        f[10],
        f[11],
    ]
    for k in _CARD_SETS:
        given[k], rebuilt[k] = _pos.sorted_cards(given[k]), _pos.sorted_cards(rebuilt[k])
    _pos.compare(_FIELDS, given, rebuilt)
    return state


# -- the declaration the layers above read (cardrules.info) -------------------------

_DECK: Final = 78
_TRUMP_LIKE: Final = 22  # the 21 trumps and the Excuse, what poignées show (T-18, T-20)
_CHIEN: Final = {3: 6, 4: 6, 5: 3}  # T-8
# T-4, T-5, T-28 in half points: the deck's 91 points, the targets with three bouts and
# with none; a card of the lowest value is worth half a point.
_DECK_HALVES: Final = 182
_LOW_TARGET: Final = 72
_HIGH_TARGET: Final = 112

_STATISTICS: Final = (
    Statistic(
        name="annulled",
        label="annulled",
        kind="void",
        fact="annulled",
        values=("all_pass", "petit_sec"),
        text="{all_pass} all passed, {petit_sec} petit sec",
    ),
    Statistic(
        name="contracts",
        label="Contracts",
        kind="outcomes",
        fact="contract",
        values=("prise", "garde", "garde-sans", "garde-contre"),
        words=("taken", "lost"),
        title="Contracts taken and made",
    ),
    Statistic(name="takers", label="Takers", kind="per_seat", fact="taker"),
    Statistic(
        name="slams",
        label="Slams",
        kind="tally",
        counts=(
            ("attack", "chelem", "attack"),
            ("defence", "chelem", "defence"),
            ("announced", "chelem_announced", True),
        ),
        text="{attack} by the attack, {defence} by the defence, {announced} announced",
    ),
    Statistic(
        name="petit_au_bout",
        label="Petit au bout",
        kind="tally",
        counts=(("attack", "petit_au_bout", "attack"), ("defence", "petit_au_bout", "defence")),
        text="{attack} to the attack, {defence} to the defence",
    ),
    Statistic(
        name="poignees",
        label="Poignées",
        kind="tally",
        counts=tuple((level, "poignees", level) for level in ("simple", "double", "triple")),
        text="{simple} simple, {double} double, {triple} triple",
    ),
)
# The statistics of a simulation of French Tarot deals (see _deal_statistics).


def _shapes(players: int) -> dict[str, tuple[int, ...]]:
    n = players
    return {
        "hand": (_DECK,),
        "played": (n, _DECK),
        "trick": (n, _DECK),
        "chien": (_DECK,),
        "ecart": (_DECK,),
        "poignee_cards": (_DECK,),
        "poignee_level": (n, 3),
        "bids": (n, 5),
        "contract": (4,),
        "taker": (n,),
        "called_card": (_DECK,),
        "partner_known": (1,),
        "partner": (n,),
        "chelem": (1,),
        "phase": (6,),
        "to_play": (n,),
        "dealer": (n,),
        "hand_sizes": (n,),
        "tricks_won": (n,),
        "scores": (n,),
    }


def _poignees(options: TarotOptions) -> tuple[int, int]:
    """The most poignées one deal can see declared, and their largest total bonus: each
    seat declares at most one (T-19), and together they show at most the 21 trumps
    and the Excuse (T-18, T-20)."""
    n = options.players
    thresholds = options.poignee_thresholds[n]
    bonuses = options.poignee_bonuses
    most = best = 0
    for levels in itertools.product(range(4), repeat=n):
        shown = sum(thresholds[level - 1] for level in levels if level)
        if shown <= _TRUMP_LIKE:
            most = max(most, sum(1 for level in levels if level))
            best = max(best, sum(bonuses[level - 1] for level in levels if level))
    return most, best


def _max_game_length(options: TarotOptions) -> int:
    n = options.players
    most, _ = _poignees(options)
    # T-10: one call per seat; T-42: the king called with 5 players; T-14: the écart,
    # one card per action, and then the 78 cards less the chien's are played; T-17: the
    # slam announced or declined; T-19: the poignées.
    chien = _CHIEN[n]
    return n + (n == 5) + chien + int(options.chelem_announcement) + most + (_DECK - chien)


def _difference(halves: int, rounding: str) -> Fraction:
    """T-30: D of a margin of ``halves`` half points, as the option rounds it."""
    if rounding == "to_winner":
        return Fraction((halves + 1) // 2)
    if rounding == "floor":
        return Fraction(halves // 2)
    return Fraction(halves, 2)


def _score_bounds(options: TarotOptions) -> tuple[float, float]:
    """The lowest and highest return of a seat in one deal.

    T-35: M = s·(25 + D)·m + 10·m·pab + s·ΣPoignée + C. T-28, T-30: a made contract
    has D at most every point less the target with three bouts, a failed one the target
    with none less the fewest points the attack can hold: the chien of a Garde contre
    is the defence's (T-16), the écart or the chien of the others the attack's, each
    card of them worth half a point at the least. The poignées bring at most the
    largest bonus their trumps allow (T-18 … T-20); C is one of T-34's slam bonuses
    (the announcement's cases only when slams may be announced, T-17). T-37: the taker
    receives M from each defender (4 M alone at 5 players), each defender pays it.
    """
    bonus = options.chelem_bonuses
    announced = options.chelem_announcement
    # T-34, by the contract's fate: a slam by the attack means it made its contract.
    made_c = [0, bonus["unannounced"]] + (
        [bonus["announced_made"], bonus["announced_failed"]] if announced else []
    )
    both = bonus["announced_failed"] - bonus["defence"]
    failed_c = [0, -bonus["defence"]] + (
        [
            bonus["announced_failed"],
            both if options.announced_slam_then_defence_slam == "cumulative" else -bonus["defence"],
        ]
        if announced
        else []
    )
    _, poignees = _poignees(options)
    chien = _CHIEN[options.players]
    rounding = options.half_point_rounding
    high = low = Fraction(0)
    for contract, m in options.multipliers.items():
        defence_chien = chien if contract == "garde_contre" else 0
        made = _difference(_DECK_HALVES - defence_chien - _LOW_TARGET, rounding)
        failed = _difference(_HIGH_TARGET - (chien - defence_chien), rounding)
        # pab (T-32) is ±10·m; D is at least 0 (T-30).
        high = max(high, (25 + made) * m + 10 * m + poignees + max(made_c))
        high = max(high, Fraction(-25 * m + 10 * m + max(failed_c)))
        low = min(low, Fraction(25 * m - 10 * m + min(made_c)))
        low = min(low, -(25 + failed) * m - 10 * m - poignees + min(failed_c))
    taker = 4 if options.players == 5 else options.players - 1  # T-37
    return (float(min(taker * low, -high)), float(max(taker * high, -low)))


def _game_info(options: TarotOptions) -> GameInfo:
    """The declaration of French Tarot under ``options``.

    >>> _game_info(TarotOptions(players=5)).player_range
    (3, 5)
    """
    n = options.players
    shapes = _shapes(n)
    layout = observation_layout(
        *(
            (name, shapes[name], meaning.split(": ", 1)[1])
            for name, meaning in _view.OBSERVATION_LAYOUT
        )
    )
    parameters = {
        name: value
        for name, value in options.to_dict().items()
        # T-38: a game of the frameworks is one deal.
        if isinstance(value, (bool, int, str)) and name != "single_deal"
    }
    return GameInfo(
        players=n,
        num_actions=_actions.NUM_ACTIONS,
        deal_word="deal",
        max_game_length=_max_game_length(options),
        score_bounds=_score_bounds(options),
        zero_sum=True,  # T-37
        observation_layout=layout,
        statistics=_STATISTICS,
        deal_piles=("chien",),
        bot="cardrules.bots.tarot:TarotBot",
        player_range=(3, 5),  # T-1
        parameters=parameters,
    )


def _deal_statistics(final: State) -> dict[str, Any]:
    """The facts of a finished deal that :data:`_STATISTICS` read: why it was annulled,
    or its contract, taker, partner, whether it was made, the attack's points and
    bouts, the petit au bout, the poignées and the slam."""
    result = final.result()
    if result.annulled is not None or result.facts is None:
        return {"annulled": result.annulled}
    f = result.facts
    return {
        "annulled": None,
        "contract": f.contract.code,
        "taker": f.taker,
        "partner": f.partner,
        "made": result.made,
        "points": float(f.points),
        "bouts": f.bouts,
        "petit_au_bout": None if f.petit_au_bout is None else str(f.petit_au_bout),
        "poignees": [str(p) for p in f.poignees],
        "chelem": None if f.chelem is None else str(f.chelem),
        "chelem_announced": f.chelem_announced,
    }


def _action_seen_by(action: Action, actor: int, viewer: int) -> Action | None:
    """T-15: the écart is made face down, so another seat sees that a card was put
    there, not which (its trumps are shown once it is made, T-15d, which the views
    tell). Every other action is public (T-39)."""
    if type(action) is _actions.Discard and viewer != actor:
        return None
    return action
