"""A rule-based French Tarot player for 3, 4 and 5 players.

:class:`TarotBot` decides from a :class:`~cardrules.tarot.TarotView` alone:

* **Auction**: a point count of the hand (bouts, trumps and high trumps, kings and
  other honours, long suits, voids and singletons) against thresholds scaled to the
  hand size. Weak hands pass.
* **Call** (5 players, T-42): a card it lacks, in its longest suit.
* **Écart** (T-14, T-15): among the legal single-card discards, first the suits it can
  empty (shortest first: a void lets it trump), then the honours left unprotected.
* **Announcements**: a poignée whenever one is offered (the highest level); a slam
  only with an overwhelming hand (T-17).
* **Play**: saves the Excuse (played rather than a valuable card, and before the last
  trick), saves the Petit (played only when the trick is safely its camp's, or when
  forced), gives points to a partner who safely holds the trick, otherwise wins with
  the cheapest sure winning card or plays its least valuable card.

Camp knowledge comes from the view: the taker, and the partner once the view says it
is known (T-39). Cards are "gone" when the view shows them played; shown cards that may
still be held (the chien, poignées, the called card) are treated as still in play.

>>> import random
>>> from cardrules.tarot import Bid, Contract, TarotVariant
>>> from cardrules.bots import TarotBot, play_game
>>> variant = TarotVariant()
>>> final = play_game(variant.new_game(seed=5), [TarotBot()] * 4, random.Random(0))
>>> final.is_terminal
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

from cardrules.actions import Action, Pass, Play
from cardrules.bots._checks import check_choice, check_turn
from cardrules.cards import EXCUSE, Card, CardKind, Rank, Suit
from cardrules.errors import InvalidArgumentError
from cardrules.tarot.actions import AnnounceChelem, Bid, Call, DeclarePoignee, Discard
from cardrules.tarot.bidding import Contract
from cardrules.tarot.cards import PETIT, TAROT_DECK, TWENTY_ONE, card_half_points
from cardrules.tarot.play import trick_winner
from cardrules.tarot.state import Phase
from cardrules.tarot.view import TarotView

__all__ = ["TarotBot"]

# Cards per hand after the écart (T-8): the chien is 6 cards with 3 and 4 players, 3 with 5.
_HAND_SIZE: Final = {3: 24, 4: 18, 5: 15}

# Auction thresholds on the 18-card (4-player) scale, lowest first: Prise, Garde,
# Garde sans, Garde contre. Measured in self-play: below about 37 the taker loses
# points on average, and from about 41 a Garde earns more than a Prise.
_THRESHOLDS: Final = (
    (Contract.PRISE, 37),
    (Contract.GARDE, 41),
    (Contract.GARDE_SANS, 62),
    (Contract.GARDE_CONTRE, 76),
)
# Added to the scaled hand value: with 5 players the taker has a partner (T-42); with
# 3 the defence is only two players, so a given hand is worth more.
_TABLE_ALLOWANCE: Final = {3: 5, 4: 0, 5: 4}

_HONOUR_VALUE: Final[dict[int, int]] = {Rank.KING: 6, Rank.QUEEN: 3, Rank.KNIGHT: 2, Rank.JACK: 1}
_PLAIN_SUITS: Final = tuple(Suit)
_TRUMPS: Final = tuple(c for c in TAROT_DECK if c.kind is CardKind.TRUMP)
_SUIT_CARDS: Final = {s: tuple(Card(s, r) for r in Rank) for s in Suit}
# For each card, the cards of its suit (or trumps) that beat it (T-3).
_ABOVE: Final = {
    c: tuple(
        o
        for o in TAROT_DECK
        if o.kind is c.kind and o.suit is c.suit and o.rank > c.rank and c is not EXCUSE
    )
    for c in TAROT_DECK
}
# A card worth this many half points or more (a knight, a queen, a king, a bout) is
# "valuable": the Excuse is played rather than give it away.
_VALUABLE: Final = 5


def _is_trump(card: Card) -> bool:
    return card.kind is CardKind.TRUMP


def _is_plain(card: Card) -> bool:
    return card.kind is CardKind.SUIT


def _strength(card: Card) -> int:
    # T-3: kings down to aces and trumps by number; the core's rank values order both.
    return int(card.rank)


def _hand_value(hand: Sequence[Card], players: int) -> float:
    """The auction point count of ``hand``, on the 4-player (18-card) scale."""
    trumps = [c for c in hand if _is_trump(c)]
    n_trumps = len(trumps)
    value = 0.0
    if TWENTY_ONE in hand:
        value += 10
    if EXCUSE in hand:
        value += 8
    if PETIT in hand:
        # A Petit with few trumps to guard it is more often lost than saved.
        value += 8 if n_trumps >= 6 else 5 if n_trumps >= 5 else 1
    value += 2 * n_trumps
    value += sum(1 for c in trumps if 16 <= c.rank <= 20)
    for suit in _PLAIN_SUITS:
        cards = [c for c in hand if c.suit is suit and _is_plain(c)]
        ranks = {c.rank for c in cards}
        value += sum(_HONOUR_VALUE.get(r, 0) for r in ranks)
        if Rank.KING in ranks and Rank.QUEEN in ranks:
            value += 1  # the queen behind its king is often a trick
        length = len(cards)
        if length >= 5:
            value += 2 * (length - 4)
        elif length == 0 and n_trumps >= 4:
            value += 5
        elif length == 1 and n_trumps >= 4 and Rank.KING not in ranks:
            value += 2
    return value * _HAND_SIZE[4] / _HAND_SIZE[players]


def _wanted_contract(hand: Sequence[Card], players: int) -> Contract | None:
    value = _hand_value(hand, players) + _TABLE_ALLOWANCE[players]
    wanted = None
    for contract, threshold in _THRESHOLDS:
        if value >= threshold:
            wanted = contract
    return wanted


def _overwhelming(hand: Sequence[Card]) -> bool:
    """A hand that takes every trick: a long run of top trumps and only master plain cards."""
    trumps = sorted((c.rank for c in hand if _is_trump(c)), reverse=True)
    run = 0
    for expected, rank in zip(range(21, 0, -1), trumps, strict=False):
        if rank != expected:
            break
        run += 1
    if run < 8 or len(trumps) < 13:
        return False
    for suit in _PLAIN_SUITS:
        ranks = sorted((c.rank for c in hand if c.suit is suit and _is_plain(c)), reverse=True)
        # Every plain card must be a winner: a run down from the king.
        if any(rank != Rank.KING - i for i, rank in enumerate(ranks)):
            return False
    return True


class _Table:
    """What the viewer can work out about the current trick and the cards still out."""

    __slots__ = ("ally", "later", "unseen", "view")

    def __init__(self, view: TarotView) -> None:
        self.view = view
        n = view.players
        later = n - len(view.trick) - 1
        self.later = [(view.seat + k) % n for k in range(1, later + 1)]
        self.ally = self._allies()
        # Cards known to be out of play: played now or before, the écart's trumps.
        # Shown cards that may still be held (chien, poignées, called card) are not.
        held_shown = set(view.chien)
        for poignee in view.poignees:
            if poignee.seat != view.seat:
                held_shown.update(poignee.cards)
        if view.called_card is not None:
            held_shown.add(view.called_card)
        gone = {c for c in view.public_cards if c not in held_shown}
        gone.update(view.ecart)
        gone.update(c for _, c in view.trick)
        gone.update(view.hand)
        self.unseen = frozenset(c for c in TAROT_DECK if c not in gone)

    def _allies(self) -> frozenset[int]:
        view = self.view
        taker = view.taker
        if taker is None:
            return frozenset({view.seat})
        attack = {taker}
        if view.partner_known and view.partner is not None:
            attack.add(view.partner)
        if view.seat in attack:
            return frozenset(attack)
        if view.players < 5 or view.partner_known:
            return frozenset(s for s in range(view.players) if s not in attack)
        # 5 players, partner not yet known: only oneself is sure.
        return frozenset({view.seat})

    @property
    def attacking(self) -> bool:
        return self.view.seat == self.view.taker or (
            self.view.partner_known and self.view.seat == self.view.partner
        )

    def master(self, card: Card) -> bool:
        """True if no card that may still be out beats ``card`` in its own suit."""
        if card is EXCUSE:
            return False
        unseen = self.unseen
        return not any(c in unseen for c in _ABOVE[card])

    def outstanding(self, suit: Suit | None) -> int:
        """How many cards of ``suit`` (``None``: trumps) may still be out."""
        cards = _TRUMPS if suit is None else _SUIT_CARDS[suit]
        unseen = self.unseen
        return sum(1 for c in cards if c in unseen)

    def winner_if(self, card: Card) -> bool:
        """True if ``card`` would now win the trick (before the later players)."""
        cards = [c for _, c in self.view.trick]
        return trick_winner([*cards, card]) == len(cards)

    def holds(self, card: Card) -> bool:
        """True if ``card``, now winning the trick, stays winning whatever comes after."""
        opponents = [s for s in self.later if s not in self.ally]
        if not opponents:
            return True
        if not self.master(card):
            return False
        if _is_trump(card):
            return True
        # A master plain card is trumped by a player void in its suit; likely enough
        # to fear unless many cards of the suit are still out.
        if self.outstanding(None) == 0:
            return True
        return self.outstanding(card.suit) >= 3 * len(opponents)


def _cards_taken(action: Action) -> tuple[Card, ...]:
    """The cards ``action`` takes from the hand: a card played or put in the écart."""
    if isinstance(action, Play):
        return (action.card,)
    if isinstance(action, Discard):
        return action.cards
    return ()


class TarotBot:
    """A rule-based French Tarot player (see the module docs for its rules of thumb).

    It is stateless: one instance may play every seat. It uses only the view and the
    legal actions, and no randomness, so its choices are a function of what it sees.

    >>> import random
    >>> from cardrules.tarot import TarotVariant
    >>> state = TarotVariant().new_game(seed=3)
    >>> seat = state.to_play
    >>> action = TarotBot().choose(state.view(seat), state.legal_actions(), random.Random(0))
    >>> action in state.legal_actions()
    True
    """

    __slots__ = ()

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        """Return the action of ``legal`` this bot plays, seeing only ``view``.

        Args:
            view: The seat's :class:`~cardrules.tarot.TarotView`.
            legal: The legal actions of the state.
            rng: Unused: the bot plays deterministically.

        Returns:
            One of ``legal``.

        Raises:
            InvalidArgumentError: ``view`` is not a :class:`~cardrules.tarot.TarotView`
                of the seat to act, ``legal`` not a sequence of actions its hand
                allows, or ``rng`` not a ``random.Random`` (also a ``TypeError``).
            GameOverError: ``legal`` is empty.
        """
        if not isinstance(view, TarotView):
            raise InvalidArgumentError(
                f"TarotBot plays from a TarotView, not {type(view).__name__}"
            )
        legal = check_choice(legal, rng)
        check_turn(view, legal, _cards_taken)
        if len(legal) == 1:
            return legal[0]
        phase = view.phase
        if phase is Phase.BIDDING:
            return self._bid(view, legal)
        if phase is Phase.CALL:
            return self._call(view, legal)
        if phase is Phase.ECART:
            return self._discard(view, legal)
        if phase is Phase.ANNOUNCE:
            return self._announce(view, legal)
        return self._play(view, legal)

    def __repr__(self) -> str:
        return "TarotBot()"

    # -- before the play -----------------------------------------------------------------

    @staticmethod
    def _bid(view: TarotView, legal: Sequence[Action]) -> Action:
        wanted = _wanted_contract(view.hand, view.players)
        best: Action = Pass() if Pass() in legal else legal[0]
        for action in legal:
            # T-10: the legal bids are the contracts above the highest so far.
            if type(action) is Bid and wanted is not None and action.contract <= wanted:
                best = action
        return best

    @staticmethod
    def _call(view: TarotView, legal: Sequence[Action]) -> Action:
        calls = [a for a in legal if type(a) is Call]
        if not calls:
            return legal[0]
        hand = set(view.hand)

        def preference(call: Call) -> tuple[bool, int]:
            length = sum(1 for c in hand if c.suit is call.card.suit and _is_plain(c))
            # T-42: a card the taker holds makes it play alone; call one it lacks.
            return (call.card not in hand, length)

        return max(calls, key=preference)

    @staticmethod
    def _discard(view: TarotView, legal: Sequence[Action]) -> Action:
        allowed = [a.card for a in legal if type(a) is Discard and a.card is not None]
        if not allowed:
            return legal[0]
        hand = view.hand
        remaining = len(hand) - _HAND_SIZE[view.players]

        def preference(card: Card) -> tuple[int, int, int, int]:
            if _is_trump(card):
                # T-15c: a trump only when forced; the lowest, since it will be shown.
                return (3, 0, 0, card.rank)
            in_suit = [c for c in hand if c.suit is card.suit and _is_plain(c)]
            # A suit with no king (kings may not go, T-15) short enough to empty.
            voidable = all(c in allowed for c in in_suit) and len(in_suit) <= remaining
            if voidable:
                return (0, len(in_suit), -card_half_points(card), -_strength(card))
            # An honour without its king is likely lost in play; in the écart it counts.
            king = Card(card.suit, Rank.KING) if card.suit is not None else None
            if card_half_points(card) > 1 and king not in hand:
                return (1, -card_half_points(card), len(in_suit), 0)
            return (2, len(in_suit), card_half_points(card), _strength(card))

        return Discard(min(allowed, key=preference))

    @staticmethod
    def _announce(view: TarotView, legal: Sequence[Action]) -> Action:
        if AnnounceChelem() in legal and _overwhelming(view.hand):
            return AnnounceChelem()
        return Pass() if Pass() in legal else legal[0]

    # -- the play --------------------------------------------------------------------------

    def _play(self, view: TarotView, legal: Sequence[Action]) -> Action:
        declarations = [a for a in legal if type(a) is DeclarePoignee]
        if declarations:
            # T-18: the canonical declarations, one per level the hand reaches.
            return max(declarations, key=lambda a: a.level or 0)
        cards = [a.card for a in legal if type(a) is Play]
        if not cards:
            return legal[0]
        if len(cards) == 1:
            return Play(cards[0])
        table = _Table(view)
        if view.trick:
            return Play(self._follow(view, table, cards))
        return Play(self._lead(view, table, cards))

    @staticmethod
    def _slam_sweep(view: TarotView, table: _Table) -> bool:
        """True while the viewer's camp announced a slam and has won every trick."""
        if not (view.chelem_announced and table.attacking):
            return False
        played = sum(view.tricks_won)
        return sum(view.tricks_won[s] for s in table.ally) == played

    def _lead(self, view: TarotView, table: _Table, cards: list[Card]) -> Card:
        # T-26a: an Excuse kept to the last trick is lost to the other camp, unless the
        # camp sweeps every trick (T-26b): then it leads the Excuse last.
        if EXCUSE in cards and len(view.hand) == 2 and not self._slam_sweep(view, table):
            return EXCUSE
        others = [c for c in cards if c is not EXCUSE] or cards
        if PETIT in others and table.master(PETIT):
            return PETIT  # no trump left out: the Petit is safe now
        trumps = sorted((c for c in others if _is_trump(c) and c is not PETIT), key=_strength)
        plain = [c for c in others if _is_plain(c)]
        masters = [
            c for c in plain if table.master(c) and table.outstanding(c.suit) >= view.players - 1
        ]
        if table.attacking and trumps and table.outstanding(None) > 0:
            top = trumps[-1]
            if table.master(top) and len(trumps) >= 3:
                return top  # draw the defence's trumps with a sure winner
            if len(trumps) * view.players >= 2 * len(view.hand) and len(trumps) >= 4:
                return trumps[0]
        if masters:
            return max(masters, key=card_half_points)
        if plain:
            by_suit: dict[Suit | None, list[Card]] = {}
            for c in plain:
                by_suit.setdefault(c.suit, []).append(c)
            if table.attacking:
                # Long suits: make the defence spend trumps or give the suit up.
                suit_cards = max(by_suit.values(), key=len)
            else:
                # Short suits: a void sooner lets the defence trump.
                suit_cards = min(by_suit.values(), key=len)
            return min(suit_cards, key=lambda c: (card_half_points(c), _strength(c)))
        if trumps:
            return trumps[0]
        return others[0]

    def _follow(self, view: TarotView, table: _Table, cards: list[Card]) -> Card:
        hand_size = len(view.hand)
        if EXCUSE in cards and hand_size == 2 and not self._slam_sweep(view, table):
            return EXCUSE  # T-26a: never keep the Excuse for the last trick
        trick = view.trick
        win_index = trick_winner([c for _, c in trick])
        win_seat, win_card = trick[win_index] if win_index >= 0 else (None, EXCUSE)
        others = [c for c in cards if c is not EXCUSE]
        if not others:
            return EXCUSE
        ally_holds = win_seat is not None and win_seat in table.ally and table.holds(win_card)
        winners = [c for c in others if table.winner_if(c)]
        if ally_holds:
            return self._give(others, winners)
        if winners:
            # A Petit that holds is safe: only partners, who keep it in the camp, follow.
            sure = [c for c in winners if table.holds(c)]
            if sure:
                return min(sure, key=_strength)
            played = [c for _, c in trick]
            at_stake = sum(card_half_points(c) for c in played) >= 9 or PETIT in played
            if at_stake:
                tries = [c for c in winners if c is not PETIT]
                if tries:
                    return max(tries, key=_strength)
        return self._cheapest(view, cards, others)

    @staticmethod
    def _give(others: list[Card], winners: list[Card]) -> Card:
        """The partner's trick is safe: save the Petit, or give it points."""
        if PETIT in others:
            return PETIT
        non_winning_trumps = [c for c in others if _is_trump(c) and c not in winners]
        plain = [c for c in others if _is_plain(c)]
        if plain:
            return max(plain, key=lambda c: (card_half_points(c), _strength(c)))
        pool = non_winning_trumps or [c for c in others if c is not TWENTY_ONE] or others
        return min(pool, key=_strength)

    @staticmethod
    def _cheapest(view: TarotView, cards: list[Card], others: list[Card]) -> Card:
        """The least valuable card, or the Excuse rather than a valuable one."""
        lengths: dict[Suit | None, int] = {}
        for c in view.hand:
            if _is_plain(c):
                lengths[c.suit] = lengths.get(c.suit, 0) + 1

        def loss(card: Card) -> tuple[int, int, int, int]:
            if card is PETIT:
                return (card_half_points(card), 1, 0, 0)
            # Throw from short suits (toward a void), low trumps before high ones.
            return (card_half_points(card), 0, lengths.get(card.suit, 0), _strength(card))

        cheapest = min(others, key=loss)
        if EXCUSE in cards and card_half_points(cheapest) >= _VALUABLE:
            return EXCUSE
        return cheapest
