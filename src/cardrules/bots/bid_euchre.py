"""A rule-based Bid Euchre player, for every option set.

:class:`BidEuchreBot` decides from a :class:`~cardrules.bid_euchre.BidEuchreView`
alone:

* **Auction**: for each suit, an estimate of the tricks the hand takes with that suit
  as trump (the bowers, the joker and the other trumps by strength, extra trump length,
  side aces, voids). It bids the best suit's estimate plus its partner's expected help;
  a very strong hand asks for help (E-14) or shoots the moon (E-15). Weak hands pass;
  a stuck dealer (E-35) makes the lowest bid.
* **Trump**: the suit with the best estimate (no-trump only when it is clearly better).
* **Help exchange** (E-14): the declarer gives its worst card; the partner gives back
  its best trump whenever it has the choice (the rule may force it anyway).
* **Joker discard** (E-37): the card whose loss costs the hand's estimate least.
* **Ace No Face** (E-36): claimed only by a hand too weak to bid, which the claim
  throws in rather than leaving the auction to the opponents.
* **Play**: the makers lead their master trumps to draw the defence's trumps, then
  side aces; a player whose partner safely holds the trick plays low; otherwise it
  wins with the cheapest sure winning card, or plays its least useful card.

It plays by the rules even when ``renege_mode="penalize"`` lists reneging cards as
legal (E-23): it follows suit whenever it can.

>>> import random
>>> from cardrules.bid_euchre import BidEuchreVariant
>>> from cardrules.bots import BidEuchreBot, play_game
>>> final = play_game(BidEuchreVariant().new_game(seed=2), [BidEuchreBot()] * 4, random.Random(0))
>>> final.is_terminal
True
"""

from __future__ import annotations

import functools
import math
import random
from collections import Counter
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any, Final

from cardrules.actions import Action, Pass, Play
from cardrules.bid_euchre.actions import (
    Bid,
    ClaimAceNoFace,
    Discard,
    Give,
    NameSuit,
    NameTrump,
)
from cardrules.bid_euchre.bidding import Contract
from cardrules.bid_euchre.cards import (
    NO_TRUMP,
    Trump,
    bid_euchre_deck,
    effective_suit,
    is_trump,
    trick_rules,
)
from cardrules.bid_euchre.phases import Phase
from cardrules.bid_euchre.play import legal_cards, trick_winner
from cardrules.bid_euchre.view import BidEuchreView
from cardrules.bots._checks import check_choice, check_turn
from cardrules.cards import JOKER, Card, Rank, Suit
from cardrules.errors import InvalidArgumentError

__all__ = ["BidEuchreBot"]

# Expected tricks of a trump by its strength in the trump suit (E-16): 9 is the joker,
# 8 the right bower, 7 the left bower, then A K Q 10 9.
_TRUMP_TRICKS: Final = {9: 1.0, 8: 0.95, 7: 0.85, 6: 0.7, 5: 0.55, 4: 0.45, 2: 0.4, 1: 0.35}
_LONG_TRUMP_BONUS: Final = 0.25  # each trump beyond three wins late tricks
_SIDE_ACE: Final = 0.7
_SIDE_KING_WITH_ACE: Final = 0.35
_VOID: Final = 0.3  # a side void with trumps to ruff
# Tricks a partner adds to an ordinary bid (E-10), by tricks per hand; measured in
# self-play (the double deck's estimates run higher, identical cards counting twice).
_PARTNER_TRICKS: Final = {6: 1.0, 12: 1.7}
# Estimated tricks (as a share of the hand's tricks) for the lone bids (E-14, E-15),
# set where they outscored the ordinary bids in self-play.
_MOON_SHARE: Final = 0.81
_HELP_SHARE: Final = 0.74
_HELP_CARD_TRICKS: Final = 0.55  # what each card from the partner adds
_NO_TRUMP_MARGIN: Final = 0.5

_DECK: Final = bid_euchre_deck()


@functools.cache
def _strengths(trump: Trump) -> Mapping[Card, int]:
    """E-16 strength of every card (the joker included) in a trick under ``trump``."""
    return trick_rules(trump, joker=True).strength


def _trick_estimate(hand: Sequence[Card], trump: Trump) -> float:
    """The tricks ``hand`` should take alone with ``trump``."""
    strength = _strengths(trump)
    trumps = [c for c in hand if is_trump(c, trump)]
    estimate = sum(_TRUMP_TRICKS.get(strength[c], 0.35) for c in trumps)
    estimate += _LONG_TRUMP_BONUS * max(0, len(trumps) - 3)
    for suit in Suit:
        if suit is trump:
            continue
        side = [c for c in hand if effective_suit(c, trump) is suit]
        ranks = [c.rank for c in side]
        aces = ranks.count(Rank.ACE)
        estimate += _SIDE_ACE * aces
        if aces and Rank.KING in ranks:
            estimate += _SIDE_KING_WITH_ACE
        if not side and trumps:
            estimate += _VOID
    return estimate


def _best_trump(hand: Sequence[Card], choices: Iterable[Trump]) -> tuple[Trump, float]:
    """The trump choice with the best estimate (the first of equals), and that estimate."""

    def scored(trump: Trump) -> tuple[Trump, float]:
        estimate = _trick_estimate(hand, trump)
        return (trump, estimate - _NO_TRUMP_MARGIN if trump is NO_TRUMP else estimate)

    return max((scored(t) for t in choices), key=lambda pair: pair[1])


def _tricks_per_hand(view: BidEuchreView) -> int:
    # E-38: the double deck deals 12 cards; with the joker the dealer briefly holds 7.
    dealt = len(view.hand) + len(view.tricks) + any(s == view.seat for s, _ in view.trick)
    dealt += len(view.discard)
    return 12 if dealt > 7 else 6


def _wanted(hand: Sequence[Card], tricks: int) -> Contract | None:
    """The highest contract this hand should bid, or ``None`` to pass."""
    _, alone = _best_trump(hand, Suit)
    if alone >= _MOON_SHARE * tricks:
        return Contract.moon(tricks)
    if alone + _HELP_CARD_TRICKS >= _HELP_SHARE * tricks:
        return Contract.help(tricks)
    level = math.floor(alone + _PARTNER_TRICKS[tricks])
    if level < 1:
        return None
    return Contract(min(level, tricks))


class _Trick:
    """What the viewer can work out about the current trick and the unseen cards.

    Suits, trumps and strengths come from the trick table of the view's variant
    (``variant.trick_table(trump)``), and who takes a trick from
    :func:`~cardrules.bid_euchre.play.trick_winner` and the table's winner: the rules
    the engine plays by, never a copy of them.
    """

    __slots__ = ("cards", "later", "led", "table", "trump", "unseen", "view")

    def __init__(self, view: BidEuchreView, trump: Trump) -> None:
        self.view = view
        self.trump = trump
        self.table = view.variant.trick_table(trump)
        self.cards = [c for _, c in view.trick]
        size = 3 if view.sitting_out is not None else 4
        playing = [s for s in range(4) if s != view.sitting_out]
        later = size - len(view.trick) - 1
        after = [(view.seat + k) % 4 for k in range(1, 4)]
        self.later = [s for s in after if s in playing][:later]
        self.led = self._led()
        copies = 2 if _tricks_per_hand(view) == 12 else 1
        unseen = Counter(dict.fromkeys(_DECK, copies))
        seen: list[Card] = list(view.hand)
        for trick in view.tricks:
            seen.extend(c for _, c in trick.plays)
        seen.extend(self.cards)
        seen.extend(view.discard)
        joker_game = JOKER in seen or JOKER in view.public_cards or bool(view.discard)
        if joker_game:
            unseen[JOKER] = 1
        if view.seat == view.declarer and view.sitting_out is not None:
            # E-14, E-21: the cards given to a partner who sits out are out of play.
            seen.extend(view.given)
        unseen.subtract(seen)
        self.unseen = frozenset(c for c, n in unseen.items() if n > 0)

    def _led(self) -> Hashable | None:
        if not self.cards:
            return None
        if self.view.named_suit is not None:
            return self.view.named_suit  # E-37: the leader of the joker names the suit
        return self.suit(self.cards[0])

    def _position(self, card: Card) -> int:
        return self.table.positions[card][0]

    def suit(self, card: Card) -> Hashable | None:
        """The effective suit of ``card`` (E-17, E-37), as the table labels it."""
        n = self.table.suit[self._position(card)]
        return self.table.suit_labels[n] if n >= 0 else None

    def is_trump(self, card: Card) -> bool:
        return bool(self.table.trump_mask >> self._position(card) & 1)

    def key(self, card: Card, led: Hashable | None) -> int:
        """How strongly ``card`` plays in a trick led in ``led`` (-1: it cannot win),
        by the table's strengths: an order to choose among cards."""
        labels = self.table.suit_labels
        number = labels.index(led) if led is not None and led in labels else -1
        return self.table.kernel.strength(self._position(card), number)

    def lawful(self, cards: list[Card]) -> list[Card]:
        """The cards of ``cards`` that follow suit (E-19), from the table."""
        follow = set(
            legal_cards(self.table, self.view.hand, self.cards, named_suit=self.view.named_suit)
        )
        return [c for c in cards if c in follow]

    def winning(self) -> tuple[int | None, Card | None]:
        """The seat and card now winning the trick (E-20, E-38)."""
        if not self.cards:
            return None, None
        n = trick_winner(self.table, self.cards, named_suit=self.view.named_suit)
        if n < 0:  # pragma: no cover - a card of the suit led always can win
            return None, None
        return self.view.trick[n]

    def takes(self, card: Card) -> bool:
        """True if ``card`` would now take the trick (E-20, E-38)."""
        cards = self.cards
        named = self.view.named_suit
        return trick_winner(self.table, [*cards, card], named_suit=named) == len(cards)

    def master(self, card: Card) -> bool:
        """True if no unseen card beats ``card`` in its own suit."""
        suit = self.suit(card)
        if self.is_trump(card):
            rivals = [c for c in self.unseen if self.is_trump(c)]
        else:
            # Master in its suit: a player void in it may still trump.
            rivals = [c for c in self.unseen if not self.is_trump(c) and self.suit(c) == suit]
        # A rival beats the card if it takes a trick the card leads.
        table = self.table
        led = table.suit[self._position(card)]
        first = self._position(card)
        return not any(table.winner_position([first, self._position(c)], led) == 1 for c in rivals)

    def unseen_trumps(self) -> int:
        return sum(1 for c in self.unseen if self.is_trump(c))


def _cards_taken(action: Action) -> tuple[Card, ...]:
    """The card ``action`` takes from the hand: played, given (E-14) or discarded (E-37)."""
    if isinstance(action, (Play, Give, Discard)):
        return (action.card,)
    return ()


class BidEuchreBot:
    """A rule-based Bid Euchre player (see the module docs for its rules of thumb).

    It is stateless: one instance may play every seat. It uses only the view and the
    legal actions, and no randomness.

    >>> import random
    >>> from cardrules.bid_euchre import BidEuchreVariant
    >>> state = BidEuchreVariant().new_game(seed=4)
    >>> seat = state.to_play
    >>> legal = state.legal_actions()
    >>> BidEuchreBot().choose(state.view(seat), legal, random.Random(0)) in legal
    True
    """

    __slots__ = ()

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        """Return the action of ``legal`` this bot plays, seeing only ``view``.

        Args:
            view: The seat's :class:`~cardrules.bid_euchre.BidEuchreView`.
            legal: The legal actions of the state.
            rng: Unused: the bot plays deterministically.

        Returns:
            One of ``legal``.

        Raises:
            InvalidArgumentError: ``view`` is not a
                :class:`~cardrules.bid_euchre.BidEuchreView` of the seat to act,
                ``legal`` not a sequence of actions its hand allows, or ``rng`` not a
                ``random.Random`` (also a ``TypeError``).
            GameOverError: ``legal`` is empty.
        """
        if not isinstance(view, BidEuchreView):
            raise InvalidArgumentError(
                f"BidEuchreBot plays from a BidEuchreView, not {type(view).__name__}"
            )
        legal = check_choice(legal, rng)
        check_turn(view, legal, _cards_taken)
        if len(legal) == 1:
            return legal[0]
        phase = view.phase
        if phase is Phase.AUCTION:
            return self._bid(view, legal)
        if phase is Phase.TRUMP:
            return self._name_trump(view, legal)
        if phase is Phase.CLAIM:
            return self._claim(view, legal)
        if phase is Phase.DISCARD or phase is Phase.EXCHANGE:
            return self._part_with(view, legal)
        if phase is Phase.NAME_SUIT:
            return self._name_suit(view, legal)
        return self._play(view, legal)

    def __repr__(self) -> str:
        return "BidEuchreBot()"

    # -- before the play -----------------------------------------------------------------

    @staticmethod
    def _bid(view: BidEuchreView, legal: Sequence[Action]) -> Action:
        bids = [a for a in legal if type(a) is Bid]
        wanted = _wanted(view.hand, _tricks_per_hand(view))
        fitting = [a for a in bids if wanted is not None and a.contract <= wanted]
        if fitting:
            return max(fitting, key=lambda a: a.contract)
        if Pass() in legal:
            return Pass()
        # E-35: a stuck dealer must bid; the lowest bid risks least.
        return min(bids, key=lambda a: a.contract) if bids else legal[0]

    @staticmethod
    def _name_trump(view: BidEuchreView, legal: Sequence[Action]) -> Action:
        names = {a.trump: a for a in legal if type(a) is NameTrump}
        if not names:
            return legal[0]
        trump, _ = _best_trump(view.hand, names)
        return names[trump]

    @staticmethod
    def _claim(view: BidEuchreView, legal: Sequence[Action]) -> Action:
        # E-36: throwing in a hand too weak to bid (for half the tricks, the usual lowest
        # bid) denies the opponents a cheap contract.
        tricks = _tricks_per_hand(view)
        wanted = _wanted(view.hand, tricks)
        if ClaimAceNoFace() in legal and (wanted is None or 2 * wanted.tricks < tricks):
            return ClaimAceNoFace()
        return Pass() if Pass() in legal else legal[0]

    @staticmethod
    def _part_with(view: BidEuchreView, legal: Sequence[Action]) -> Action:
        """Choose a card to discard (E-37) or to give in the help exchange (E-14)."""
        offered = {a.card: a for a in legal if type(a) is Give or type(a) is Discard}
        if not offered:
            return legal[0]
        trump = view.trump
        choices: tuple[Trump, ...] = (trump,) if trump is not None else tuple(Suit)
        if view.phase is Phase.EXCHANGE and view.seat != view.declarer and trump is not None:
            # The partner helps: its best trump, else its best card (E-14).
            strength = _strengths(trump)
            best = max(offered, key=lambda c: (is_trump(c, trump), strength[c]))
            return offered[best]
        hand = list(view.hand)

        def kept_value(card: Card) -> tuple[float, int]:
            rest = list(hand)
            rest.remove(card)
            _, estimate = _best_trump(rest, choices)
            return (estimate, -_strengths(choices[0])[card])

        return offered[max(offered, key=kept_value)]

    @staticmethod
    def _name_suit(view: BidEuchreView, legal: Sequence[Action]) -> Action:
        names = [a for a in legal if type(a) is NameSuit]
        if not names:
            return legal[0]

        def holding(action: NameSuit) -> tuple[int, int]:
            cards = [c for c in view.hand if c.suit is action.suit and c is not JOKER]
            # E-37: the others must follow the named suit; drawing out their cards of
            # the viewer's longest suit makes its own cards there good.
            return (len(cards), sum(1 for c in cards if c.rank == Rank.ACE))

        return max(names, key=holding)

    # -- the play --------------------------------------------------------------------------

    def _play(self, view: BidEuchreView, legal: Sequence[Action]) -> Action:
        cards = [a.card for a in legal if type(a) is Play]
        trump = view.trump
        if not cards or trump is None:
            return legal[0]
        trick = _Trick(view, trump)
        if trick.led is not None:
            # E-19: follow suit when possible, even where reneging is merely penalised.
            following = trick.lawful(cards)
            if following:
                cards = following
        if len(cards) == 1:
            return Play(cards[0])
        card = self._lead(view, trick, cards) if not view.trick else self._follow(trick, cards)
        return Play(card)

    @staticmethod
    def _lowest(trick: _Trick, cards: list[Card]) -> Card:
        """The least useful card: a low side card from a short suit, trumps last."""
        lengths = Counter(trick.suit(c) for c in trick.view.hand)

        def usefulness(card: Card) -> tuple[bool, int, int]:
            key = trick.key(card, trick.suit(card))
            return (trick.is_trump(card), key, lengths[trick.suit(card)])

        return min(cards, key=usefulness)

    def _lead(self, view: BidEuchreView, trick: _Trick, cards: list[Card]) -> Card:
        makers = view.declarer is not None and view.seat % 2 == view.declarer % 2
        trumps = sorted((c for c in cards if trick.is_trump(c)), key=lambda c: trick.key(c, None))
        side = [c for c in cards if not trick.is_trump(c)]
        if makers and trumps and trick.unseen_trumps() > 0:
            if trick.master(trumps[-1]):
                return trumps[-1]  # draw the defence's trumps with a sure winner
            if len(trumps) >= 3:
                return trumps[0]
        side_masters = [c for c in side if trick.master(c)]
        if side_masters:
            return max(side_masters, key=lambda c: trick.key(c, trick.suit(c)))
        if trumps and trick.master(trumps[-1]):
            return trumps[-1]
        if side:
            return self._lowest(trick, side)
        return trumps[0]

    def _follow(self, trick: _Trick, cards: list[Card]) -> Card:
        view = trick.view
        seat, best = trick.winning()
        opponents_later = [s for s in trick.later if s % 2 != view.seat % 2]
        if seat is not None and best is not None and seat % 2 == view.seat % 2:
            safe = not opponents_later or trick.master(best)
            if safe:
                return self._lowest(trick, cards)
        winners = [c for c in cards if trick.takes(c)]
        if winners:
            cheapest = min(winners, key=lambda c: trick.key(c, trick.led))
            if not opponents_later:
                return cheapest
            sure = [c for c in winners if trick.master(c)]
            if sure:
                return min(sure, key=lambda c: trick.key(c, trick.led))
            return cheapest
        return self._lowest(trick, cards)
