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

from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from typing import Any, Final

import attrs

from cardrules._util import quote
from cardrules.actions import Play
from cardrules.cards import Card, Rank
from cardrules.errors import (
    CardNotInHandError,
    DealError,
    IllegalActionError,
    InvalidArgumentError,
    MustFollowSuitError,
    MustOvertrumpError,
    MustTrumpError,
    UnknownCardError,
)
from cardrules.tricks import Obligation, TrickRules, TrickTable

__all__ = ["Trick", "TrickPlay", "plain_rules", "play_layout"]

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
    hands, leader and tricks are (the table is the same object for a game's deals of
    one trump). Cards are the table's *positions* inside (``table.cards[p]``), so a
    deck with copies of a card (a double deck) works too.

    Build the first one with :meth:`deal`.

    Attributes:
        table: The compiled trick rules.
        hands: Each seat's cards, as a mask of positions.
        leader: The seat that leads (led) the trick in progress.
        trick: The positions played to the trick in progress, in order.
        done: The finished tricks, as ``(leader, positions, winner)``.
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
        return self.table is other.table and self._key() == other._key()

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

    def check(self, card: Card, seat: int, *, rule_ids: Mapping[str, str] | None = None) -> int:
        """The position ``seat`` plays ``card`` from, or the specific error.

        The caller has checked that ``seat`` is to play. The messages name only
        ``card`` and the suit led: nothing of another seat's hand.

        Args:
            card: The card played.
            seat: The seat playing it.
            rule_ids: The game's rule IDs for the errors, by ``"deck"`` (the card is
                not in the deck), ``"follow"``, ``"trump"`` and ``"overtrump"``.

        Raises:
            UnknownCardError: ``card`` is not in the deck.
            CardNotInHandError: ``seat`` does not hold it.
            MustFollowSuitError, MustTrumpError, MustOvertrumpError: it breaks an
                obligation of the declaration.
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
                f"seat {seat} does not hold {card}", action=Play(card), seat=seat
            )
        position = held[0]
        why = table.why_illegal(hand, self.trick, position)
        if why is None:
            return position
        raise self._broken(why, card, seat, rules)

    def _broken(
        self, why: Obligation, card: Card, seat: int, rules: Mapping[str, str]
    ) -> IllegalActionError:
        led = self.table.led_suit(self.trick)
        label = self.table.suit_labels[led] if led >= 0 else None
        name = str(getattr(label, "name", label)).lower()
        if why is Obligation.FOLLOW_SUIT:
            rule = rules.get("follow")
            return MustFollowSuitError(
                f"{card} does not follow the suit led: seat {seat} holds {name} and must play one",
                action=Play(card),
                seat=seat,
                rule_id=rule,
            )
        if why is Obligation.TRUMP:
            rule = rules.get("trump")
            return MustTrumpError(
                f"{card}: seat {seat} holds no {name} and must trump",
                action=Play(card),
                seat=seat,
                rule_id=rule,
            )
        rule = rules.get("overtrump")
        return MustOvertrumpError(
            f"{card}: seat {seat} must play a trump above the best one in the trick",
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
