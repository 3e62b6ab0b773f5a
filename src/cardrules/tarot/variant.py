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
import random
from collections.abc import Iterable, Mapping, Sequence
from operator import itemgetter
from typing import TYPE_CHECKING, Any, ClassVar, Final, cast

import attrs

from cardrules._util import quote
from cardrules.actions import Action
from cardrules.cards import Card
from cardrules.decks import randbelow
from cardrules.errors import (
    CardrulesError,
    DealError,
    InvalidArgumentError,
    OptionsError,
    RecordError,
)
from cardrules.state import State, Variant, check_seat
from cardrules.tarot import actions as _actions
from cardrules.tarot._engine import _root
from cardrules.tarot._tables import _CARD, _LAYOUT, Tables, _cards
from cardrules.tarot.actions import DeclarePoignee, poignee_level_of
from cardrules.tarot.cards import TAROT_DECK
from cardrules.tarot.options import TarotOptions
from cardrules.tarot.playout import random_playout as _random_playout
from cardrules.tarot.scoring import DealResult
from cardrules.tarot.state import TarotState
from cardrules.tarot.view import observation_size as _observation_size

if TYPE_CHECKING:
    from cardrules.tarot.match import TarotMatch

__all__ = ["TarotVariant", "deal_deck", "fixed_chien_positions"]

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
    if type(players) is not int or players not in _LAYOUT:
        raise OptionsError(f"players must be 3, 4 or 5, not {quote(players)}")
    hand, packet, _ = _LAYOUT[players]
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
    hand, packet, chien = _LAYOUT[players]
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
    if players not in _LAYOUT:
        raise DealError(f"players must be 3, 4 or 5, not {quote(players)}")
    check_seat(dealer, players)
    hand_size, packet, chien_size = _LAYOUT[players]
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


_DECK_BITS: Final = tuple(1 << card.index for card in TAROT_DECK)
# decks.shuffle's draws: getrandbits(k) below n, for n from 78 down to 2, each swapped
# into position n - 1.
_DRAWS: Final = tuple((n, n.bit_length(), n - 1) for n in range(len(TAROT_DECK), 1, -1))


def _shuffled_bits(rng: random.Random) -> list[int]:
    """The bits of the cards of ``decks.shuffle(TAROT_DECK, rng)``, in deck order.

    The same Fisher-Yates shuffle with the same draws (a test checks it), on the cards'
    bits, so that dealing needs no look-up per card.
    """
    out = list(_DECK_BITS)
    getrandbits = rng.getrandbits
    for n, k, i in _DRAWS:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        out[i], out[j] = out[j], out[i]
    return out


@functools.cache
def _fixed_pickers(players: int) -> tuple[tuple[itemgetter[Any], ...], ...]:
    """The pickers of T-8's fixed schedule, by dealer (built once per player count)."""
    positions = fixed_chien_positions(players)
    return tuple(_pickers(_destinations(players, d, positions)) for d in range(players))


@functools.lru_cache(maxsize=64)
def _shared(options: TarotOptions) -> TarotVariant:
    """One variant per option set for unpickled states (their tables are shared)."""
    return TarotVariant(options)


def _destinations(players: int, dealer: int, chien_positions: Iterable[int]) -> tuple[int, ...]:
    """Where each card of the deck goes (T-8): a seat, or ``players`` for the chien."""
    _, packet, _ = _LAYOUT[players]
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
        cards = _parse_cards(hand, what)
        if len(cards) != size:
            raise DealError(
                f"{what} has {len(cards)} cards; a {v.players}-player deal gives {size} (T-8)"
            )
        mask = 0
        for card in cards:
            if card.index >= len(_CARD):
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
        self._tables = Tables(options, variant=self, state=TarotState)

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

    def new_game(
        self,
        *,
        rng: random.Random | None = None,
        seed: int | None = None,
        dealer: int | None = None,
    ) -> TarotState:
        """Shuffle, deal (T-8) and return the first state (T-9 checked at once).

        Args:
            rng: The generator to shuffle with (never the global one).
            seed: Or a seed for a fresh ``random.Random``.
            dealer: The dealer's seat; default ``options.dealer``.

        Returns:
            The state before the first bid, or an annulled final state (Petit sec).

        >>> TarotVariant().new_game(seed=1, dealer=2).to_play
        3
        """
        r = self._rng(rng, seed)
        players = self._tables.players
        dealer = self.options.dealer if dealer is None else check_seat(dealer, players)
        deck = _shuffled_bits(r)
        positions: tuple[int, ...] | None = None
        if self.options.chien_schedule == "random":
            positions = _random_chien_positions(players, self.options.chien_edge_exclusion, r)
        # The same dealing as deal_deck, straight to position masks: the shuffled deck
        # is the Tarot deck, so nothing needs validating.
        if positions is None:
            pickers = _fixed_pickers(players)[dealer]
        else:
            pickers = _pickers(_destinations(players, dealer, positions))
        masks = [sum(pick(deck)) for pick in pickers]
        return cast(TarotState, _root(self._tables, dealer, tuple(masks[:-1]), masks[-1]))

    def deal(
        self,
        *,
        hands: Sequence[Iterable[Card | str] | str],
        chien: Iterable[Card | str] | str,
        dealer: int | None = None,
    ) -> TarotState:
        """Build a deal from given cards (tests, physical tables).

        Args:
            hands: One hand per seat: Cards, card codes, or one string of codes.
            chien: The chien, in the same forms.
            dealer: The dealer's seat; default ``options.dealer``.

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
        dealer = self.options.dealer if dealer is None else check_seat(dealer, self._tables.players)
        masks, chien_mask = _deal_masks(self, hands, chien)
        return cast(TarotState, _root(self._tables, dealer, masks, chien_mask))

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
        return self.options.to_json()

    @classmethod
    def from_options_json(cls, options: Mapping[str, Any]) -> TarotVariant:
        """Rebuild the variant from :meth:`options_json`; raises ``OptionsError``."""
        return cls(TarotOptions.from_json(options))

    def deal_json(self, state: State) -> dict[str, Any]:
        """The dealt cards of ``state``'s deal: ``{"hands": [[codes] …], "chien": [codes]}``."""
        if not isinstance(state, TarotState) or state.variant != self:
            raise InvalidArgumentError("deal_json takes a state of this variant")
        info = state._g.info
        return {
            "hands": [[str(c) for c in _cards(h)] for h in info.deal],
            "chien": [str(c) for c in _cards(info.chien)],
        }

    def state_from_deal_json(self, dealer: int, deal: Mapping[str, Any]) -> TarotState:
        """The first state of a deal from :meth:`deal_json`; raises ``RecordError``."""
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
            return self.deal(hands=hands, chien=chien, dealer=dealer)
        except CardrulesError as exc:
            raise RecordError(f"the record's deal is invalid: {exc}") from None

    def new_match(self) -> TarotMatch:
        """A :class:`~cardrules.tarot.TarotMatch` of this variant's deals, not yet begun.

        >>> TarotVariant(players=3).new_match().totals
        (0, 0, 0)
        """
        # Here, not at the top: the match deals with this module's variant.
        from cardrules.tarot.match import TarotMatch

        return TarotMatch.start(self.options)

    # -- bots ------------------------------------------------------------------------

    def random_playout(self, state: TarotState, rng: random.Random) -> DealResult:
        """Play uniformly random legal actions from ``state`` to the end; see
        :func:`cardrules.tarot.random_playout`."""
        return _random_playout(state, rng)

    # -- values ----------------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if type(other) is not TarotVariant:
            return NotImplemented
        return self.options == other.options

    def __hash__(self) -> int:
        return hash((TarotVariant, self.options))

    def __reduce__(self) -> tuple[Any, ...]:
        return (_shared, (self.options,))

    def __repr__(self) -> str:
        defaults = TarotOptions()
        changed = [
            f"{a.name}={getattr(self.options, a.name)!r}"
            for a in attrs.fields(TarotOptions)
            if getattr(self.options, a.name) != getattr(defaults, a.name)
        ]
        return "cardrules.get_variant(" + ", ".join([repr(self.id), *changed]) + ")"
