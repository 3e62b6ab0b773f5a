"""Trick play: legal cards, trick winners and where the cards go (T-21 … T-27).

The legal cards and winners follow the declaration
:data:`~cardrules.tarot.cards.TAROT_TRICK_RULES` (T-22 … T-24), compiled into the same
trick kernel as the engine's (a variant declaring other rules,
``TarotVariant.trick_rules``, gives its own: ``variant.trick_table``).
:func:`~cardrules.tarot.resolve_trick` applies the Excuse rules, which
:func:`~cardrules.tarot.play.excuse_outcome` decides for it and for the engine alike:
kept by its camp with a half point of compensation before the last trick (T-25); at
the last trick sent to the other camp (T-26a), unless it is led by a camp that won
every earlier trick and then wins (T-26b).

>>> from cardrules import Card
>>> from cardrules.tarot import legal_cards, trick_winner
>>> cards = lambda text: [Card.parse(c) for c in text.split()]
>>> [str(c) for c in legal_cards(cards("10T 5T 12T 3C"), cards("7H 10T"))]
['12T']
>>> trick_winner(cards("EX 9C KC 2C"))
2
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable, Sequence
from typing import Final

import attrs

from cardrules._util import quote
from cardrules.cards import EXCUSE, Card
from cardrules.errors import InvalidArgumentError
from cardrules.tarot.cards import TAROT_TRICK_RULES
from cardrules.tarot.options import TarotOptions
from cardrules.tarot.scoring import Camp
from cardrules.tricks import TrickTable

__all__ = ["TrickOutcome", "excuse_outcome", "legal_cards", "resolve_trick", "trick_winner"]

# The declaration compiled: the helpers' legal cards and winners (T-22 … T-24).
_TABLE: Final[TrickTable] = TAROT_TRICK_RULES.compile()


def legal_cards(hand: Iterable[Card], trick: Sequence[Card]) -> tuple[Card, ...]:
    """The cards of ``hand`` that may be played to ``trick`` (T-22, T-23), in card order.

    Without the 5-player first-lead restriction (T-43), which depends on the deal.

    Args:
        hand: The player's cards.
        trick: The cards already played to the trick, in order.

    Raises:
        UnknownCardError: a card is not in the Tarot deck or appears twice (a
            ``ValueError``).

    >>> from cardrules import Card
    >>> cards = lambda text: [Card.parse(c) for c in text.split()]
    >>> [str(c) for c in legal_cards(cards("KH 2H 5T EX 3C"), cards("7H"))]
    ['2H', 'KH', 'EX']
    """
    return _TABLE.legal_cards(hand, trick)


def trick_winner(trick: Sequence[Card]) -> int:
    """The index in ``trick`` of the card that wins it by T-24 (-1 for a lone Excuse).

    The highest trump, else the highest card of the suit led (set by the first card that
    is not the Excuse). The Excuse never wins here; T-26b is :func:`resolve_trick`'s.

    >>> from cardrules import Card
    >>> trick_winner([Card.parse(c) for c in ("7H", "QH", "1T", "KH")])
    2
    """
    return _TABLE.winner(trick)


@attrs.frozen(kw_only=True)
class TrickOutcome:
    """Where a gathered trick goes (T-24 … T-27).

    Attributes:
        winner: The seat that wins the trick.
        winner_camp: Its camp.
        attack_cards: The trick's cards that go to the attack's pile.
        defence_cards: The trick's cards that go to the defence's pile.
        compensation_half_points: The half points the attack receives (positive) or pays
            (negative) for the Excuse (T-25).
        excuse_wins: True when the Excuse, led to the last trick by a camp that won every
            earlier trick, wins it (T-26b).

    >>> from cardrules import Card
    >>> out = resolve_trick([Card.parse(c) for c in "EX 9C KC 2C".split()],
    ...                     leader=0, players=4, attack=[0])
    >>> out == eval(repr(out))
    True
    """

    winner: int
    winner_camp: Camp = attrs.field(repr=lambda camp: f"Camp.{camp.name}")
    attack_cards: tuple[Card, ...]
    defence_cards: tuple[Card, ...]
    compensation_half_points: int
    excuse_wins: bool

    @property
    def compensation(self) -> int:
        """The deprecated name of :attr:`compensation_half_points`, a count of half points."""
        warnings.warn(
            "TrickOutcome.compensation is deprecated and will be removed in 0.3: it counts "
            "half points, so it is now called compensation_half_points",
            DeprecationWarning,
            stacklevel=2,
        )
        return self.compensation_half_points


def excuse_outcome(
    *,
    led: bool,
    last: bool,
    owner_attacks: bool,
    winner_attacks: bool,
    camp_swept: bool,
    chelem_announced: bool,
    options: TarotOptions,
) -> tuple[bool, bool, int]:
    """Where the Excuse of a trick goes (T-25, T-26), the one decision of the engine and
    of :func:`~cardrules.tarot.resolve_trick`.

    Args:
        led: The Excuse led the trick.
        last: The trick is the deal's last (T-26).
        owner_attacks: The Excuse's owner is in the attack.
        winner_attacks: The trick's winner by T-24 is in the attack.
        camp_swept: The leader's camp won every earlier trick (T-26b).
        chelem_announced: A slam was announced (for ``excuse_sweep_exception``).
        options: The rules' options (``excuse_last_trick``, ``excuse_sweep_exception``).

    Returns:
        Whether the Excuse takes the trick (under T-26b the trick's cards then go to
        the leader's camp), whether it goes to the attack's pile, and the compensation the
        attack receives in half points (negative: it pays).

    >>> options = TarotOptions()
    >>> # T-25: before the last trick the Excuse stays with its camp, which pays half a point.
    >>> excuse_outcome(led=False, last=False, owner_attacks=True, winner_attacks=False,
    ...                camp_swept=False, chelem_announced=False, options=options)
    (False, True, -1)
    >>> # T-26a: at the last trick it goes to the other camp.
    >>> excuse_outcome(led=False, last=True, owner_attacks=True, winner_attacks=True,
    ...                camp_swept=False, chelem_announced=False, options=options)
    (False, False, 0)
    """
    if last and led and camp_swept:
        # T-26b: the Excuse led to the last trick by a camp that won every earlier trick.
        rule = options.excuse_sweep_exception
        if (
            rule == "any_sweeping_camp"
            or (rule == "taker_camp_only" and owner_attacks)
            or (rule == "announced_slam_only" and owner_attacks and chelem_announced)
        ):
            return True, owner_attacks, 0
    if last:
        # T-26a: at the last trick the Excuse changes camp (option: goes to the trick's
        # winner), and no compensation is paid.
        if options.excuse_last_trick == "to_opponents":
            return False, not owner_attacks, 0
        return False, winner_attacks, 0
    # T-25: the Excuse stays with its camp; the winning camp gets half a point.
    if owner_attacks == winner_attacks:
        return False, owner_attacks, 0
    return False, owner_attacks, 1 if winner_attacks else -1


def resolve_trick(
    trick: Sequence[Card],
    *,
    leader: int,
    players: int,
    attack: Iterable[int],
    last: bool = False,
    camp_swept: bool = False,
    chelem_announced: bool = False,
    options: TarotOptions | None = None,
) -> TrickOutcome:
    """Who wins a full trick and where its cards go (T-24 … T-27).

    Args:
        trick: The cards in playing order, one per player.
        leader: The seat that led.
        players: 3, 4 or 5.
        attack: The attack's seats (the taker, and a 5-player partner).
        last: Whether this is the deal's last trick (T-26).
        camp_swept: Whether the leader's camp won every earlier trick (T-26b).
        chelem_announced: Whether a slam was announced (for ``excuse_sweep_exception``).
        options: The rules' options; default :class:`~cardrules.tarot.TarotOptions`.

    Raises:
        ValueError: not one card per player, or a card that is not in the Tarot deck.
        TypeError: a seat that is not a seat of the table, or ``options`` that are not
            a :class:`~cardrules.tarot.TarotOptions` (the library's
            ``InvalidArgumentError``, also a ``ValueError``).

    >>> from cardrules import Card
    >>> out = resolve_trick([Card.parse(c) for c in "EX 9C KC 2C".split()],
    ...                     leader=0, players=4, attack=[0])
    >>> out.winner, [str(c) for c in out.attack_cards], out.compensation_half_points
    (2, ['EX'], -1)
    """
    positions = _TABLE._trick_positions(trick)
    if len(positions) != players or players not in (3, 4, 5):
        shown = quote(players)
        raise InvalidArgumentError(
            f"a trick of {shown} players has {shown} cards, not {len(positions)}"
        )
    if type(leader) is not int or not 0 <= leader < players:
        raise InvalidArgumentError(
            f"leader must be a seat from 0 to {players - 1}, not {quote(leader)}"
        )
    if options is not None and type(options) is not TarotOptions:
        raise InvalidArgumentError(f"options must be a TarotOptions, not {quote(options)}")
    seats = 0
    for s in attack:
        if type(s) is not int or not 0 <= s < players:
            raise InvalidArgumentError(
                f"attack holds seats from 0 to {players - 1}, not {quote(s)}"
            )
        seats |= 1 << s
    # T-24, the kernel's winner; the Excuse's way (T-25, T-26).
    winner = (leader + _TABLE.winner_position(positions)) % players
    others = [c for c in trick if c is not EXCUSE]
    to_attack: list[Card] = []
    to_defence: list[Card] = []
    comp = 0
    wins = False
    if len(others) < len(positions):
        at = next(k for k, c in enumerate(trick) if c is EXCUSE)
        wins, excuse_attacks, comp = excuse_outcome(
            led=at == 0,
            last=last,
            owner_attacks=bool(seats >> ((leader + at) % players) & 1),
            winner_attacks=bool(seats >> winner & 1),
            camp_swept=camp_swept,
            chelem_announced=chelem_announced,
            options=options or TarotOptions(players=players),
        )
        if wins:
            winner = leader
        (to_attack if excuse_attacks else to_defence).append(EXCUSE)
    winner_attacks = bool(seats >> winner & 1)
    (to_attack if winner_attacks else to_defence).extend(others)
    return TrickOutcome(
        winner=winner,
        winner_camp=Camp.ATTACK if winner_attacks else Camp.DEFENCE,
        attack_cards=tuple(sorted(to_attack, key=_position)),
        defence_cards=tuple(sorted(to_defence, key=_position)),
        compensation_half_points=comp,
        excuse_wins=wins,
    )


def _position(card: Card) -> int:
    return card.index
