"""The card play of a deal, for games built on the kit: :class:`TrickPlay`.

Most trick-taking games play their cards the same way once the auction is over: the
leader leads, each seat in turn plays a legal card, the trick's winner takes it and
leads the next, and the deal's play ends when the hands are empty. A :class:`TrickPlay`
is that part of a state, as an immutable value: the hands, the trick in progress, the
tricks taken. It decides nothing itself: the legal cards and the winners come from a
:class:`~cardrules.TrickTable`'s kernel, compiled from the game's
:class:`~cardrules.TrickRules` declaration (:func:`plain_rules` declares the common
rules: follow suit, the highest trump or the highest card of the suit led wins).

A plugin's state holds one and asks it: :meth:`~TrickPlay.to_play`,
:meth:`~TrickPlay.plays` (the legal plays), :meth:`~TrickPlay.check` (the specific
error, with the game's rule IDs), :meth:`~TrickPlay.play` (the next value),
:attr:`~TrickPlay.tricks_won`, :meth:`~TrickPlay.observation` (a standard observation
of the play, laid out by :func:`play_layout`).

>>> from cardrules import Card, Suit, decks
>>> deck = decks.standard_deck()
>>> table = plain_rules(deck, trump=Suit.SPADES).compile()
>>> hands = [["AH", "2S"], ["KH", "3D"], ["QH", "4D"], ["2H", "5D"]]
>>> play = TrickPlay.deal(table, hands, leader=1)
>>> play.to_play, [str(a) for a in play.plays()]
(1, ['play KH', 'play 3D'])
>>> for card in ("KH", "QH", "2H", "2S"):
...     play = play.play(Card.parse(card))
>>> play.tricks_won, play.to_play, play.tricks[-1]
((1, 0, 0, 0), 0, Trick(leader=1, plays=((1, KH), (2, QH), (3, 2H), (0, 2S)), winner=0))
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from typing import Any, ClassVar, Final, Self

import attrs

from cardrules._util import quote, seat_word
from cardrules.actions import Action, Play
from cardrules.cards import Card, Rank
from cardrules.envelope import game_key, result_document, view_envelope
from cardrules.errors import (
    CardNotInHandError,
    DealError,
    IllegalActionError,
    InvalidArgumentError,
    MustFollowSuitError,
    MustOvertrumpError,
    MustTrumpError,
    UnknownCardError,
    WrongPhaseError,
)
from cardrules.state import StateBase, check_seat
from cardrules.tricks import Obligation, TrickRules, TrickTable

__all__ = [
    "Deal",
    "Trick",
    "TrickPlay",
    "TrickState",
    "TrickView",
    "by_seat",
    "plain_rules",
    "play_layout",
]

_ACE_HIGH: Final = 15  # above the king (13) and the knight (14), where the ace is 1


def plain_rules(
    cards: Iterable[Card], *, trump: Hashable | None = None, ace_high: bool = True
) -> TrickRules:
    """The trick rules of the common game over ``cards``: follow suit when able, and
    the highest trump, or without one the highest card of the suit led, wins.

    Args:
        cards: The deck.
        trump: The trump suit (a :class:`~cardrules.Suit`), or ``None`` for no trump.
        ace_high: The ace ranks above the king (else below the 2).

    Returns:
        The :class:`~cardrules.TrickRules` declaration; ``.compile()`` it once.

    >>> from cardrules import Card, Suit, decks
    >>> table = plain_rules(decks.standard_deck(), trump=Suit.HEARTS).compile()
    >>> table.winner([Card.parse(c) for c in ("AS", "2H", "KS")])
    1
    """
    deck = tuple(cards)
    return TrickRules(
        cards=deck,
        suit_of={card: card.suit for card in deck},
        strength={
            card: _ACE_HIGH if ace_high and card.rank == Rank.ACE else int(card.rank)
            for card in deck
        },
        trump=trump,
    )


@attrs.frozen
class Trick:
    """A finished trick.

    Attributes:
        leader: The seat that led.
        plays: ``(seat, card)`` in playing order.
        winner: The seat that took it.

    >>> from cardrules import Card, decks
    >>> table = plain_rules(decks.standard_deck()).compile()
    >>> play = TrickPlay.deal(table, [["2H", "5C"], ["KH", "3D"], ["AS", "4D"]], leader=0)
    >>> for card in ("2H", "KH", "AS"):
    ...     play = play.play(Card.parse(card))
    >>> trick = play.tricks[0]
    >>> trick.leader, trick.winner, trick.plays[1]  # the ace of spades does not follow
    (0, 1, (1, Card.parse('KH')))
    """

    leader: int
    plays: tuple[tuple[int, Card], ...]
    winner: int

    def __repr__(self) -> str:
        plays = ", ".join(f"({seat}, {card})" for seat, card in self.plays)
        return f"Trick(leader={self.leader}, plays=({plays}), winner={self.winner})"


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class TrickPlay:
    """The card play of one deal: the hands, the trick in progress and the tricks taken.

    Immutable: :meth:`play` returns the next value. Two values are equal when their
    trick rules, hands, leader and tricks are. Cards are the table's *positions* inside
    (``table.cards[p]``), so a deck with copies of a card (a double deck) works too.

    Build the first one with :meth:`deal`.

    Attributes:
        table: The compiled trick rules.
        hands: Each seat's cards, as a mask of positions.
        leader: The seat that leads (led) the trick in progress.
        trick: The positions played to the trick in progress, in order.
        done: The finished tricks, as ``(leader, positions, winner)``.

    >>> from cardrules import Card, Suit, decks
    >>> table = plain_rules(decks.standard_deck(), trump=Suit.SPADES).compile()
    >>> play = TrickPlay.deal(table, [["AH", "2S"], ["KH", "3D"]], leader=1)
    >>> play = play.play(Card.parse("3D"))
    >>> play.to_play, play.legal_cards(), play.current  # void in diamonds: any card
    (0, (Card.parse('2S'), Card.parse('AH')), ((1, Card.parse('3D')),))
    >>> play = play.play(Card.parse("2S"))  # the trump wins
    >>> play.tricks_won, play.leader, play.hand(0)
    ((1, 0), 0, (Card.parse('AH'),))
    """

    __slots__ = ("done", "hands", "leader", "table", "trick")

    table: TrickTable
    hands: tuple[int, ...]
    leader: int
    trick: tuple[int, ...]
    done: tuple[tuple[int, tuple[int, ...], int], ...]

    def __init__(
        self,
        table: TrickTable,
        hands: tuple[int, ...],
        leader: int,
        trick: tuple[int, ...] = (),
        done: tuple[tuple[int, tuple[int, ...], int], ...] = (),
    ) -> None:
        for name, value in (
            ("table", table),
            ("hands", hands),
            ("leader", leader),
            ("trick", trick),
            ("done", done),
        ):
            object.__setattr__(self, name, value)

    @classmethod
    def deal(
        cls, table: TrickTable, hands: Sequence[Iterable[Card | str]], *, leader: int
    ) -> TrickPlay:
        """The play of a deal of these hands, ``leader`` to lead.

        Args:
            table: The compiled trick rules of the deal.
            hands: Each seat's cards (cards or codes).
            leader: The seat that leads the first trick.

        Raises:
            DealError: a card not in the table's deck, or dealt more often than the
                deck holds it.
            NotationError: a code that is not a card.
            InvalidArgumentError: no hand, or ``leader`` not a seat.
        """
        if isinstance(hands, str) or not hands:
            raise InvalidArgumentError(f"hands is one hand per seat, not {quote(hands)}")
        if type(leader) is not int or not 0 <= leader < len(hands):
            raise InvalidArgumentError(f"the leader must be a seat, not {quote(leader)}")
        masks = []
        seen = 0
        for seat, hand in enumerate(hands):
            cards = [c if isinstance(c, Card) else Card.parse(c) for c in hand]
            mask = 0
            for card in cards:
                for p in table.positions.get(card, ()):
                    if not (seen | mask) >> p & 1:
                        mask |= 1 << p
                        break
                else:
                    raise DealError(f"{card} of seat {seat} is not in the deck, or is dealt twice")
            seen |= mask
            masks.append(mask)
        return cls(table, tuple(masks), leader)

    # -- values ----------------------------------------------------------------------

    def _key(self) -> tuple[Any, ...]:
        return (self.hands, self.leader, self.trick, self.done)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TrickPlay):
            return NotImplemented
        # A game's table is one object per trump; a copy (unpickled) compares by its rules.
        same = self.table is other.table or self.table.rules == other.table.rules
        return same and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"TrickPlay is immutable; cannot set {name!r}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (TrickPlay, (self.table, self.hands, self.leader, self.trick, self.done))

    def __repr__(self) -> str:
        trick = " ".join(f"{seat}:{card}" for seat, card in self.current)
        return f"<TrickPlay trick {len(self.done) + 1} [{trick}] to_play={self.to_play}>"

    # -- the turn --------------------------------------------------------------------

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.hands)

    @property
    def is_over(self) -> bool:
        """True once every card is played."""
        return not any(self.hands)

    @property
    def to_play(self) -> int | None:
        """The seat to play, ``None`` once every card is played."""
        if self.is_over:
            return None
        return (self.leader + len(self.trick)) % len(self.hands)

    def legal_mask(self) -> int:
        """The positions the seat to play may play (0 once the play is over)."""
        seat = self.to_play
        return 0 if seat is None else self.table.legal_mask(self.hands[seat], self.trick)

    def legal_cards(self) -> tuple[Card, ...]:
        """The distinct cards the seat to play may play, in deck order."""
        cards = self.table.cards
        return tuple(dict.fromkeys(cards[p] for p in _bits(self.legal_mask())))

    def plays(self) -> tuple[Play, ...]:
        """The legal plays of the seat to play, in deck order."""
        return tuple(Play(card) for card in self.legal_cards())

    def check(
        self,
        card: Card,
        seat: int,
        *,
        rule_ids: Mapping[str, str] | None = None,
        seat_names: tuple[str, ...] = (),
    ) -> int:
        """The position ``seat`` plays ``card`` from, or the specific error.

        The caller has checked that ``seat`` is to play. The messages name only
        ``card`` and the suit led: nothing of another seat's hand.

        Args:
            card: The card played.
            seat: The seat playing it.
            rule_ids: The game's rule IDs for the errors, by ``"deck"`` (the card is
                not in the deck), ``"follow"``, ``"trump"`` and ``"overtrump"``.
            seat_names: How the messages name the seats (the game's
                ``info.seat_names``); by number (``"seat 2"``) if not given.

        Raises:
            UnknownCardError: ``card`` is not in the deck.
            CardNotInHandError: ``seat`` does not hold it.
            MustFollowSuitError, MustTrumpError, MustOvertrumpError: it breaks an
                obligation of the declaration.

        >>> from cardrules import Card, decks
        >>> table = plain_rules(decks.standard_deck()).compile()
        >>> play = TrickPlay.deal(table, [["AH", "2S"], ["KH", "3D"]], leader=1)
        >>> table.cards[play.check(Card.parse("3D"), 1)]  # legal: the position it leaves
        Card.parse('3D')
        >>> play = play.play(Card.parse("KH"))
        >>> play.check(Card.parse("2S"), 0, rule_ids={"follow": "W-3"})
        Traceback (most recent call last):
        ...
        cardrules.errors.MustFollowSuitError: ...
        """
        rules = rule_ids or {}
        table = self.table
        positions = table.positions.get(card, ()) if type(card) is Card else ()
        if not positions:
            raise UnknownCardError(
                f"{quote(card)} is not in the deck",
                action=Play(card) if type(card) is Card else None,
                seat=seat,
                rule_id=rules.get("deck"),
            )
        hand = self.hands[seat]
        held = [p for p in positions if hand >> p & 1]
        if not held:
            raise CardNotInHandError(
                f"{seat_word(seat_names, seat)} does not hold {card}", action=Play(card), seat=seat
            )
        position = held[0]
        why = table.why_illegal(hand, self.trick, position)
        if why is None:
            return position
        raise self._broken(why, card, seat, rules, seat_word(seat_names, seat))

    def _broken(
        self, why: Obligation, card: Card, seat: int, rules: Mapping[str, str], who: str
    ) -> IllegalActionError:
        led = self.table.led_suit(self.trick)
        label = self.table.suit_labels[led] if led >= 0 else None
        name = str(getattr(label, "name", label)).lower()
        if why is Obligation.FOLLOW_SUIT:
            rule = rules.get("follow")
            return MustFollowSuitError(
                f"{card} does not follow the suit led: {who} holds {name} and must play one",
                action=Play(card),
                seat=seat,
                rule_id=rule,
            )
        if why is Obligation.TRUMP:
            rule = rules.get("trump")
            return MustTrumpError(
                f"{card}: {who} holds no {name} and must trump",
                action=Play(card),
                seat=seat,
                rule_id=rule,
            )
        rule = rules.get("overtrump")
        return MustOvertrumpError(
            f"{card}: {who} must play a trump above the best one in the trick",
            action=Play(card),
            seat=seat,
            rule_id=rule,
        )

    def play(self, card: Card | int) -> TrickPlay:
        """The play after the seat to play plays ``card`` (a card, or a position), which
        :meth:`check` accepted; a full trick goes to its winner, who leads next.

        Raises:
            InvalidArgumentError: the play is over, or the seat does not hold the card.
        """
        seat = self.to_play
        if seat is None:
            raise InvalidArgumentError("every card is played")
        hand = self.hands[seat]
        if isinstance(card, Card):
            held = [p for p in self.table.positions.get(card, ()) if hand >> p & 1]
            position = held[0] if held else -1
        else:
            position = card
        if (
            type(position) is not int
            or not 0 <= position < len(self.table.cards)
            or not (hand >> position & 1)
        ):
            raise InvalidArgumentError(f"seat {seat} does not hold {quote(card)}")
        hands = list(self.hands)
        hands[seat] = hand & ~(1 << position)
        trick = (*self.trick, position)
        if len(trick) < len(hands):
            return TrickPlay(self.table, tuple(hands), self.leader, trick, self.done)
        n = len(hands)
        winner = (self.leader + self.table.winner_position(trick)) % n
        done = (*self.done, (self.leader, trick, winner))
        return TrickPlay(self.table, tuple(hands), winner, (), done)

    # -- what the table sees ---------------------------------------------------------

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds, in deck order."""
        return self.table.cards_of(self.hands[seat])

    @property
    def current(self) -> tuple[tuple[int, Card], ...]:
        """The trick in progress as ``(seat, card)``, in playing order."""
        cards, n = self.table.cards, len(self.hands)
        return tuple(((self.leader + k) % n, cards[p]) for k, p in enumerate(self.trick))

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The finished tricks, in order."""
        cards, n = self.table.cards, len(self.hands)
        return tuple(
            Trick(leader, tuple(((leader + k) % n, cards[p]) for k, p in enumerate(trick)), won)
            for leader, trick, won in self.done
        )

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """How many tricks each seat has taken."""
        won = [0] * len(self.hands)
        for _, _, winner in self.done:
            won[winner] += 1
        return tuple(won)

    def played(self) -> frozenset[Card]:
        """Every card played so far, to the tricks and to the trick in progress: public."""
        cards = self.table.cards
        played = [cards[p] for _, trick, _ in self.done for p in trick]
        return frozenset(played + [cards[p] for p in self.trick])

    def observation(self, seat: int) -> list[float]:
        """What ``seat`` sees of the play as numbers, laid out by :func:`play_layout`:
        seats counted from ``seat`` (block ``k`` is the seat ``k`` places to its left).

        >>> from cardrules import decks
        >>> deck = decks.standard_deck()
        >>> play = TrickPlay.deal(plain_rules(deck).compile(), [deck[:26], deck[26:]], leader=0)
        >>> obs = play.observation(1)
        >>> len(obs), sum(obs[:52]), obs[-2:]
        (264, 26.0, [0.0, 1.0])
        """
        cards = self.table.cards
        index = _distinct_index(cards)
        size = len(set(cards))
        n = len(self.hands)
        obs = [0.0] * (size * (1 + 2 * n) + 2 * n)
        for p in _bits(self.hands[seat]):
            obs[index[cards[p]]] += 1.0
        base = size
        for leader, trick, _ in self.done:
            for k, p in enumerate(trick):
                obs[base + (leader + k - seat) % n * size + index[cards[p]]] += 1.0
        for k, p in enumerate(self.trick):
            block = (self.leader + k - seat) % n * size + index[cards[p]]
            obs[base + block] += 1.0
            obs[base + n * size + block] += 1.0
        base += 2 * n * size
        for other, won in enumerate(self.tricks_won):
            obs[base + (other - seat) % n] = float(won)
        to_play = self.to_play
        if to_play is not None:
            obs[base + n + (to_play - seat) % n] = 1.0
        return obs


@functools.cache
def _plain_table(deck: tuple[Card, ...], trump: Hashable | None) -> TrickTable:
    return plain_rules(deck, trump=trump).compile()


def by_seat(values: Sequence[int | None], seat: int, width: int) -> list[float]:
    """Per-seat values one-hot, from ``seat`` on (block ``k`` is the seat ``k`` places to
    its left), ``width`` slots a seat; ``None`` leaves a seat's block at zero: how an
    observation shows each seat's bid.

    >>> by_seat([2, None, 0], 1, 3)
    [0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0]
    """
    n = len(values)
    out = [0.0] * (n * width)
    for k in range(n):
        value = values[(seat + k) % n]
        if value is not None:
            out[k * width + value] = 1.0
    return out


def _distinct_index(cards: Sequence[Card]) -> dict[Card, int]:
    return {card: k for k, card in enumerate(dict.fromkeys(cards))}


def play_layout(players: int, cards: int) -> tuple[tuple[str, tuple[int, ...], str], ...]:
    """The blocks of :meth:`TrickPlay.observation`, as ``(name, shape, meaning)`` for
    :func:`~cardrules.info.observation_layout`, with ``cards`` the distinct cards of
    the deck.

    >>> [name for name, _, _ in play_layout(4, 52)]
    ['hand', 'played', 'trick', 'tricks_won', 'to_play']
    """
    return (
        ("hand", (cards,), "the copies of each card in the viewer's hand, in deck order"),
        ("played", (players, cards), "the cards each seat has played, the viewer first"),
        ("trick", (players, cards), "the card each seat has put on the trick in progress"),
        ("tricks_won", (players,), "the tricks each seat has taken"),
        ("to_play", (players,), "1 for the seat to play"),
    )


# -- a game's state on the kit: a phase of its own (an auction), then the card play ---------


@attrs.frozen
class Deal:
    """The cards of one deal, shared by all its states.

    Attributes:
        variant: The variant (rules and options) of the deal.
        dealer: The seat that dealt.
        hands: Each seat's cards as dealt.
        piles: The deal's other piles, as the variant declares them
            (:attr:`GameInfo.deal_piles <cardrules.info.GameInfo.deal_piles>`): a turn-up.

    A deal is what a kit game's states share; a game's own deal is the cards it dealt:

    >>> import attrs
    >>> from cardrules import KitVariant, decks
    >>> from cardrules.actions import ActionSpace
    >>> @attrs.frozen(kw_only=True)
    ... class Options:
    ...     players: int = 4
    >>> class Tricks(TrickState):
    ...     __slots__ = ()
    ...     def view(self, seat): return TrickView(**self._view_fields(seat))
    >>> class Whist(KitVariant):  # no trump, the whole deck dealt (deal_shape)
    ...     id, name, options_class, state_class = "toy-whist", "Toy whist", Options, Tricks
    ...     deck = decks.standard_deck()
    ...     actions = ActionSpace(deck, game="Toy whist")
    >>> state = Whist().new_game(seed=1)
    >>> deal = Deal(Whist(), 3, state.deal_piles())  # the same cards, seat 3 dealing
    >>> other = Tricks.first(deal)
    >>> other.dealer, other.to_play, other.hand(1) == state.hand(1)
    (3, 0, True)
    """

    variant: Any
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    piles: tuple[tuple[Card, ...], ...] = ()


@attrs.frozen(kw_only=True, repr=False)
class TrickView:
    """What a seat may know of a :class:`TrickState`: the base of a plugin's view, which
    adds its game's own fields (``@attrs.frozen(kw_only=True)``) and observation
    (:meth:`_observation`).

    Attributes:
        seat: The seat this view is for.
        dealer: The dealer.
        to_play: The seat to act, ``None`` at the end.
        hand: This seat's cards.
        trick: The trick in progress, as ``(seat, card)``.
        tricks: The finished tricks.
        tricks_won: The tricks each seat has taken.
        hand_sizes: How many cards each seat holds.
        public_cards: The cards whose place every seat knows (played, turned up).
        play: The card play, as the kit holds it (read by :meth:`observation`).
        variant: The variant of the deal (not part of the view's value).
        stage: The deal's stage in the shared vocabulary
            (:data:`cardrules.envelope.STAGES`): the state's :attr:`TrickState.stage`.
        legal_actions: The actions this seat may take when it is to act, else empty.

    >>> import attrs
    >>> from cardrules import KitVariant, decks
    >>> from cardrules.actions import ActionSpace
    >>> @attrs.frozen(kw_only=True)
    ... class Options:
    ...     players: int = 4
    >>> class Tricks(TrickState):
    ...     __slots__ = ()
    ...     def view(self, seat): return TrickView(**self._view_fields(seat))
    >>> class Whist(KitVariant):  # no trump, the whole deck dealt (deal_shape)
    ...     id, name, options_class, state_class = "toy-whist", "Toy whist", Options, Tricks
    ...     deck = decks.standard_deck()
    ...     actions = ActionSpace(deck, game="Toy whist")
    >>> state = Whist().new_game(seed=1)
    >>> state = state.apply(state.legal_actions()[0])
    >>> view = state.view(2)
    >>> view
    <TrickView seat=2 hand=[2S 4S 6S 10S 3H 9H QH AD 6D KD 6C 10C QC] trick=[1:3S] to_play=2 \
tricks_won=[0, 0, 0, 0]>
    >>> view.hand_sizes, sorted(map(str, view.public_cards))
    ((13, 12, 13, 13), ['3S'])
    """

    seat: int
    dealer: int
    to_play: int | None
    hand: tuple[Card, ...]
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[Trick, ...]
    tricks_won: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    public_cards: frozenset[Card]
    play: TrickPlay = attrs.field(eq=False)
    variant: Any = attrs.field(default=None, eq=False)
    stage: str = "play"
    legal_actions: tuple[Action, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON values: the envelope (:mod:`cardrules.envelope`), filled
        from the kit's fields and the game's hooks (``_contract()``,
        ``_game_dict()``), then the game's own detail under its key (the Whist and
        Oh Hell examples of the repository show it).

        >>> import attrs
        >>> from cardrules import KitVariant, decks
        >>> from cardrules.actions import ActionSpace
        >>> class Duel(TrickState):  # two seats, four cards each, no auction
        ...     __slots__ = ()
        ...     def view(self, seat):
        ...         return TrickView(**self._view_fields(seat))
        >>> class DuelVariant(KitVariant):
        ...     id, name, state_class = "duel", "Duel", Duel
        ...     options_class = attrs.make_class("Options", [])
        ...     deck = decks.standard_deck()[:8]
        ...     actions, players = ActionSpace(deck, []), 2
        ...     def deal_shape(self):
        ...         return (4,)
        >>> document = DuelVariant().new_game(seed=1).view(1).to_dict()
        >>> document["stage"], document["hand_sizes"], document["legal_actions"][:2]
        ('play', [4, 4], ['play 2S', 'play 4S'])
        """
        contract, declarer = self._contract()
        result = getattr(self, "result", None)
        tricks = self.tricks
        return {
            **view_envelope(
                self.variant,
                seat=self.seat,
                dealer=self.dealer,
                stage=self.stage,
                to_play=self.to_play,
                hand=self.hand,
                hand_sizes=self.hand_sizes,
                legal_actions=self.legal_actions,
                trick=self.trick,
                last_trick=tricks[-1].plays if tricks else (),
                tricks_by_seat=self.play.tricks_won,
                contract=contract,
                declarer=declarer,
                result=None
                if result is None
                else result_document(self.variant, result, contract=contract, declarer=declarer),
            ),
            game_key(self.variant.id): self._game_dict(),
        }

    def _contract(self) -> tuple[str | None, int | None]:
        """The contract's notation and the seat that holds it (the envelope's
        ``contract`` and ``declarer``): none by default."""
        return None, None

    def _game_dict(self) -> dict[str, Any]:
        """The game's own detail of the view as JSON values (its key in the document):
        none by default."""
        return {}

    def observation(self) -> list[float]:
        """The card play as numbers (:func:`play_layout`), then the game's own blocks."""
        return self.play.observation(self.seat) + self._observation()

    def _observation(self) -> list[float]:
        """The game's own blocks of the observation, after the card play's (none)."""
        return []

    def __repr__(self) -> str:
        hand = " ".join(map(str, self.hand))
        trick = " ".join(f"{seat}:{card}" for seat, card in self.trick)
        return (
            f"<{type(self).__name__} seat={self.seat} hand=[{hand}] trick=[{trick}] "
            f"to_play={self.to_play} tricks_won={list(self.tricks_won)}>"
        )


class TrickState(StateBase):
    """The state of a game whose deal ends with its card play, on the kit: a
    :class:`~cardrules.StateBase` that holds the :class:`Deal` and a :class:`TrickPlay`.

    It gives a game everything but its result and its view: the seat to act, the legal
    actions, the checks (the card play's with the game's :attr:`rule_ids`), the
    transitions, the hands, the returns, equality. A game with a phase before the play
    (an auction) keeps its own facts in slots of its own (``__slots__``, their first
    values in :attr:`_start`) and says what the phase allows with four hooks:
    :meth:`_phase_actions`, :meth:`_phase_seat`, :meth:`_phase_apply` and, for the
    error that names its rule, :meth:`_refuse`.

    A subclass implements :meth:`_result` (the finished deal's result) and
    ``view(seat)`` (:meth:`_view_fields` fills a :class:`TrickView`'s), and says which
    trick rules a deal plays: :meth:`trump_of` (the common rules of :func:`plain_rules`
    with that trump) or :meth:`table`. A :class:`~cardrules.KitVariant` whose
    ``state_class`` it is deals its states.

    A game of plain tricks (its result left out):

    >>> import attrs
    >>> from cardrules import KitVariant, decks
    >>> from cardrules.actions import ActionSpace
    >>> @attrs.frozen(kw_only=True)
    ... class Options:
    ...     players: int = 4
    >>> class Tricks(TrickState):
    ...     __slots__ = ()
    ...     def view(self, seat): return TrickView(**self._view_fields(seat))
    >>> class Whist(KitVariant):  # no trump, the whole deck dealt (deal_shape)
    ...     id, name, options_class, state_class = "toy-whist", "Toy whist", Options, Tricks
    ...     deck = decks.standard_deck()
    ...     actions = ActionSpace(deck, game="Toy whist")
    >>> state = Whist().new_game(seed=1)
    >>> state.dealer, state.to_play, [str(action) for action in state.legal_actions()][:3]
    (0, 1, ['play 3S', 'play 5S', 'play KS'])
    >>> state = state.apply("play 3S")
    >>> state.apply("play AD")  # seat 2 holds spades
    Traceback (most recent call last):
    ...
    cardrules.errors.MustFollowSuitError: ...
    >>> state.trick, state.view(1).hand_sizes
    (((1, Card.parse('3S')),), (13, 12, 13, 13))
    """

    __slots__ = ("_act", "_deal", "_parent", "_play")

    _deal: Deal
    _play: TrickPlay
    _game_word = "deal"

    phase_stage: ClassVar[str] = "auction"
    """The stage (:data:`cardrules.envelope.STAGES`) of the game's phase before the
    card play: an auction by default."""

    rule_ids: ClassVar[Mapping[str, str]] = {}
    """The game's rule IDs for the errors, by ``"deck"``, ``"follow"``, ``"trump"``,
    ``"overtrump"`` (see :meth:`TrickPlay.check`), ``"phase"`` (an action of the wrong
    phase)."""

    _start: ClassVar[Mapping[str, Any]] = {}
    """The first value of each of the subclass's own slots, by name."""

    # -- the deal ----------------------------------------------------------------------

    @classmethod
    def trump_of(cls, deal: Deal) -> Hashable | None:
        """The trump suit of ``deal`` for :meth:`table`: none by default."""
        return None

    @classmethod
    def table(cls, deal: Deal) -> TrickTable:
        """The compiled trick rules of ``deal``: by default the common rules
        (:func:`plain_rules`) over the variant's deck with the deal's :meth:`trump_of`,
        compiled once per deck and trump. A game with other rules overrides it."""
        return _plain_table(tuple(deal.variant.deck), cls.trump_of(deal))

    @classmethod
    def leader(cls, deal: Deal) -> int:
        """The seat that leads the first trick: the dealer's left (a subclass may say
        otherwise)."""
        return (deal.dealer + 1) % len(deal.hands)

    @classmethod
    def first(cls, deal: Deal) -> Self:
        """The first state of ``deal``.

        Raises:
            DealError: a hand holds a card that is not of the table's deck.
        """
        play = TrickPlay.deal(cls.table(deal), deal.hands, leader=cls.leader(deal))
        return cls._new(_deal=deal, _play=play, **cls._start, _parent=None, _act=None)

    @classmethod
    def from_piles(cls, variant: Any, dealer: int, piles: Sequence[Sequence[Card]]) -> Self:
        """The first state of the deal of ``piles``: the hands, then the declared piles,
        of the sizes ``variant.deal_shape()`` gives.

        Raises:
            DealError: piles of the wrong number or size, or cards that are not the
                deck's (a card not in it, or more copies than it holds).
            InvalidSeatError: ``dealer`` is not a seat.
        """
        n = variant.players
        dealer = check_seat(dealer, n)
        size, *sizes = variant.deal_shape()
        if (
            len(piles) != n + len(sizes)
            or any(len(hand) != size for hand in piles[:n])
            or any(len(pile) != k for pile, k in zip(piles[n:], sizes, strict=False))
        ):
            extra = "".join(f" and a pile of {k}" for k in sizes)
            raise DealError(f"a deal of {variant.name} is {n} hands of {size} cards{extra}")
        cut = tuple(tuple(pile) for pile in piles)
        cards: list[object] = [card for pile in cut for card in pile]
        spare = Counter(variant.deck)
        spare.subtract(card for card in cards if type(card) is Card)
        wrong = [card for card in cards if type(card) is not Card or spare[card] < 0]
        if wrong:
            raise DealError(f"{quote(wrong[0])} is not a card of the deck, or is dealt twice")
        return cls.first(Deal(variant, dealer, cut[:n], cut[n:]))

    def deal_piles(self) -> tuple[tuple[Card, ...], ...]:
        """The cards of this deal: the hands as dealt, then the other piles."""
        return (*self._deal.hands, *self._deal.piles)

    # -- the hooks of a phase before the play (none by default) ----------------------------

    def _phase_actions(self) -> tuple[Action, ...] | None:
        """The legal actions of the phase before the card play, ``None`` once it is over."""
        return None

    def _phase_seat(self) -> int:
        """The seat to act in the phase before the card play."""
        raise NotImplementedError

    def _phase_apply(self, action: Action, seat: int) -> Mapping[str, Any]:
        """The new values of the subclass's slots after ``seat``'s ``action`` of the phase."""
        raise NotImplementedError

    def _refuse(self, action: Action, seat: int) -> IllegalActionError:
        """The error for an action of the phase that is not legal (a subclass names its
        rule)."""
        who = seat_word(self.variant.info.seat_names, seat)
        return IllegalActionError(
            f"{who} may not {self.variant.action_text(action)} now",
            action=action,
            seat=seat,
            rule_id=self.rule_ids.get("phase"),
        )

    # -- StateBase's hooks ---------------------------------------------------------------

    def _key(self) -> tuple[Any, ...]:
        own = tuple(getattr(self, name) for name in self._start)
        return (self._deal, self._play, *own)

    def _validate(self, action: object, seat: object) -> tuple[Action, int]:
        acting = self._require_turn(seat)
        parsed = self._parse(action, acting)
        phase = self._phase_actions()
        if phase is not None and parsed not in phase:
            names = self.variant.info.seat_names
            if type(parsed) is Play:
                raise WrongPhaseError(
                    f"{seat_word(names, acting)} has no card to play yet:"
                    f" {self.variant.action_text(phase[0])}"
                    " or another action of this phase",
                    action=parsed,
                    seat=acting,
                    rule_id=self.rule_ids.get("phase"),
                )
            raise self._refuse(parsed, acting)
        if phase is None:
            if type(parsed) is not Play:
                names = self.variant.info.seat_names
                raise WrongPhaseError(
                    f"{seat_word(names, acting)} plays a card now, not {quote(str(parsed))}",
                    action=parsed,
                    seat=acting,
                    rule_id=self.rule_ids.get("phase"),
                )
            self._play.check(
                parsed.card, acting, rule_ids=self.rule_ids, seat_names=self.variant.info.seat_names
            )
        return parsed, acting

    def _transition(self, action: Action, seat: int) -> Self:
        own = {name: getattr(self, name) for name in self._start}
        play = self._play
        if self._phase_actions() is not None:
            own.update(self._phase_apply(action, seat))
        else:
            play = play.play(action.card)  # type: ignore[attr-defined]
        return self._new(_deal=self._deal, _play=play, **own, _parent=self, _act=action)

    # -- the State interface ---------------------------------------------------------------

    @property
    def variant(self) -> Any:
        """The variant of this deal."""
        return self._deal.variant

    @property
    def dealer(self) -> int:
        """The seat that dealt."""
        return self._deal.dealer

    @property
    def to_play(self) -> int | None:
        """The seat to act, in the phase before the play and then in the play; ``None``
        once every card is played."""
        if self._phase_actions() is not None:
            return self._phase_seat()
        return self._play.to_play

    @property
    def is_terminal(self) -> bool:
        """True once every card is played."""
        return self._play.is_over

    @property
    def stage(self) -> str:
        """The deal's stage in the shared vocabulary (:data:`cardrules.envelope.STAGES`):
        :attr:`phase_stage` in the phase before the play, then ``"play"``, then
        ``"end"``."""
        if self._play.is_over:
            return "end"
        return "play" if self._phase_actions() is None else self.phase_stage

    def legal_actions(self) -> tuple[Action, ...]:
        """The actions of the phase, then the legal plays (in deck order).

        >>> import attrs
        >>> from cardrules import KitVariant, decks
        >>> from cardrules.actions import ActionSpace
        >>> @attrs.frozen(kw_only=True)
        ... class Options:
        ...     players: int = 4
        >>> class Tricks(TrickState):
        ...     __slots__ = ()
        ...     def view(self, seat): return TrickView(**self._view_fields(seat))
        >>> class Whist(KitVariant):  # no trump, the whole deck dealt (deal_shape)
        ...     id, name, options_class, state_class = "toy-whist", "Toy whist", Options, Tricks
        ...     deck = decks.standard_deck()
        ...     actions = ActionSpace(deck, game="Toy whist")
        >>> state = Whist().new_game(seed=1).apply("play 3S")
        >>> [str(action) for action in state.legal_actions()]  # seat 2 follows spades
        ['play 2S', 'play 4S', 'play 6S', 'play 10S']
        """
        phase = self._phase_actions()
        return self._play.plays() if phase is None else phase

    def result(self) -> Any:
        """The deal's result (the subclass's :meth:`_result`).

        Raises:
            WrongPhaseError: the deal is not over (citing the ``"score"`` rule ID).
        """
        if not self._play.is_over:
            left = len(self._deal.hands[0]) - len(self._play.done)
            raise WrongPhaseError(
                f"the {self._game_word} is not over: {left} tricks to play",
                rule_id=self.rule_ids.get("score"),
            )
        return self._result()

    def _result(self) -> Any:
        """The result of the finished deal; a subclass implements it."""
        raise NotImplementedError

    def returns(self) -> tuple[float, ...]:
        """``result().returns`` once every card is played; zeros before."""
        if not self._play.is_over:
            return (0.0,) * len(self._deal.hands)
        returns: tuple[float, ...] = self.result().returns
        return returns

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds (full information: for servers, not for players)."""
        return self._play.hand(check_seat(seat, len(self._deal.hands)))

    def _view_fields(self, seat: int) -> dict[str, Any]:
        """The fields of a :class:`TrickView` for ``seat``; every pile of the deal
        is public (a turn-up).

        Raises:
            InvalidSeatError: ``seat`` is not a seat.
        """
        play = self._play
        seat = check_seat(seat, len(self._deal.hands))
        shown = {card for pile in self._deal.piles for card in pile}
        return {
            "seat": seat,
            "dealer": self.dealer,
            "to_play": self.to_play,
            "hand": play.hand(seat),
            "trick": play.current,
            "tricks": play.tricks,
            "tricks_won": play.tricks_won,
            "hand_sizes": tuple(mask.bit_count() for mask in play.hands),
            "public_cards": play.played() | shown,
            "play": play,
            "variant": self.variant,
            "stage": self.stage,
            # Only the seat to act gets its actions: another's would tell its hand.
            "legal_actions": self.legal_actions() if seat == self.to_play else (),
        }

    # -- the play's facts ------------------------------------------------------------------

    @property
    def trick(self) -> tuple[tuple[int, Card], ...]:
        """The trick in progress as ``(seat, card)``, in playing order."""
        return self._play.current

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The finished tricks, in order."""
        return self._play.tricks

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """How many tricks each seat has taken."""
        return self._play.tricks_won
