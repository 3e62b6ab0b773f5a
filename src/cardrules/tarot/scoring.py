"""Scoring of one French Tarot deal (T-28 … T-37): the resolved facts in, every seat's score out.

Score keepers describe a finished deal with :class:`DealFacts` (who took, which
contract, the attack's card points and bouts, the bonuses) and call
:func:`~cardrules.tarot.score_deal`; the engine calls the same function at the end of
every deal. Everything is exact: card points come in half points, and with
``half_point_rounding="none"`` a score may be a half-integer
:class:`~fractions.Fraction`. Every other number is an ``int``.

>>> from cardrules.tarot.bidding import Contract
>>> from cardrules.tarot.scoring import DealFacts, score_deal
>>> facts = DealFacts(players=4, contract=Contract.GARDE, taker=0, points=45, bouts=2)
>>> result = score_deal(facts)
>>> result.made, result.unit, result.scores
(True, 58, (174, -58, -58, -58))
"""

from __future__ import annotations

import decimal
import enum
import fractions
import math
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Any, Final, Literal, cast

import attrs

from cardrules._util import quote, seal
from cardrules.envelope import result_envelope
from cardrules.errors import CardrulesError, OptionsError, ScoreInputError
from cardrules.info import player_names
from cardrules.state import check_seat
from cardrules.tarot.bidding import Contract
from cardrules.tarot.options import TarotOptions
from cardrules.wire import facts_filled, facts_from_dict, number, result_from_dict

__all__ = [
    "AnnulReason",
    "Camp",
    "DealFacts",
    "DealResult",
    "PoigneeLevel",
    "Score",
    "points_from_text",
    "score_deal",
    "target_points",
]

Score = int | Fraction
"""A score or point count: an ``int``, or a :class:`~fractions.Fraction` with a half."""

AnnulReason = Literal["petit_sec", "all_pass"]
"""Why a deal was annulled: Petit sec (T-9) or every player passed (T-12)."""


class Camp(enum.Enum):
    """A side of the deal: the attack (the taker and any partner) or the defence.

    >>> Camp.ATTACK.opponent, str(Camp.DEFENCE)
    (<Camp.DEFENCE: 'defence'>, 'defence')
    """

    ATTACK = "attack"
    DEFENCE = "defence"

    @property
    def opponent(self) -> Camp:
        """The other camp."""
        return Camp.DEFENCE if self is Camp.ATTACK else Camp.ATTACK

    def __str__(self) -> str:
        return self.value


class PoigneeLevel(enum.IntEnum):
    """The three poignée levels (T-18); the value orders them and indexes the bonuses.

    >>> PoigneeLevel.DOUBLE > PoigneeLevel.SIMPLE, str(PoigneeLevel.TRIPLE)
    (True, 'triple')
    """

    SIMPLE = 1
    DOUBLE = 2
    TRIPLE = 3

    def __str__(self) -> str:
        return self.name.lower()


# T-5: the target by the number of bouts in the attack's pile, in half points.
_TARGET_HALVES: Final = (112, 102, 82, 72)
_TOTAL_HALVES: Final = 182  # T-4: the whole deck is worth 91 points
_BOUT_HALVES: Final = 9
_TRUMP_LIKE_CARDS: Final = 22  # T-18, T-20: 21 trumps and the Excuse
_OPTION_KEY: Final = {c: c.option_key for c in Contract}
_MAX_POINT_TEXT: Final = 24
_DECIMAL: Final = re.compile(r"-?[0-9]{1,6}(?:\.[0-9]{1,12})?")


def target_points(bouts: int) -> int:
    """The card points the attack needs with ``bouts`` bouts in its pile (T-5).

    Args:
        bouts: The number of bouts (Petit, 21, Excuse) in the attack's final pile, 0 to 3.

    Returns:
        56, 51, 41 or 36.

    Raises:
        ScoreInputError: ``bouts`` is not an int from 0 to 3.

    >>> [target_points(b) for b in range(4)]
    [56, 51, 41, 36]
    """
    if type(bouts) is not int or not 0 <= bouts <= 3:
        raise ScoreInputError(f"bouts must be an int from 0 to 3, not {quote(bouts)}")
    return _TARGET_HALVES[bouts] >> 1


def _from_halves(halves: int) -> Score:
    """``halves / 2`` as an int when whole, else as an exact Fraction."""
    return Fraction(halves, 2) if halves & 1 else halves >> 1


def _exact(value: object, field: str = "points") -> Fraction:
    """``value`` as an exact Fraction; raises for anything that is not a finite number."""
    if isinstance(value, bool):
        raise ScoreInputError(f"{field} must be a number, not the bool {value!r}")
    if isinstance(value, (int, Fraction)):
        return value if type(value) is Fraction else Fraction(value)
    if isinstance(value, (float, Decimal)):
        finite = value.is_finite() if isinstance(value, Decimal) else math.isfinite(value)
        if not finite:
            raise ScoreInputError(f"{field} must be a finite number, not {quote(value)}")
        return Fraction(value)
    if isinstance(value, str):
        raise ScoreInputError(
            f"{field} must be a number (an int, float, Fraction or Decimal), not the text "
            f"{quote(value)}: read text with points_from_text()"
        )
    raise ScoreInputError(
        f"{field} must be a number (an int, float, Fraction or Decimal), not {quote(value)}"
    )


def points_from_text(text: str) -> Fraction:
    """Card points typed by a person or read from a form: a decimal such as ``"40.5"``.

    :class:`DealFacts` takes numbers only (what JSON gives); this reads text, for a
    command line or an HTML form.

    Raises:
        ScoreInputError: ``text`` is not a decimal number (nor text at all).

    >>> points_from_text("40.5"), points_from_text("45")
    (Fraction(81, 2), Fraction(45, 1))
    """
    if not isinstance(text, str):
        raise ScoreInputError(f"points_from_text reads text, not {quote(text)}")
    if len(text) > _MAX_POINT_TEXT or not _DECIMAL.fullmatch(text):
        raise ScoreInputError(f"points must be a decimal number such as '40.5', not {quote(text)}")
    return Fraction(text)


def _to_points(value: int | float | str | Fraction | Decimal | None) -> Fraction | None:
    if value is None:
        # Void facts have no points; a played deal's missing points are named later.
        return None
    return _card_points(value, "points")


def _card_points(value: object, field: str) -> Fraction:
    """A camp's card points: exact, from 0 to 91, in half points (T-4)."""
    points = value if type(value) is Fraction else _exact(value, field)
    # Compared as ints: Fraction comparisons cost a microsecond.
    denominator = points.denominator
    if not 0 <= points.numerator <= 91 * denominator:
        raise ScoreInputError(f"{field} must be from 0 to 91 (T-4), not {quote(value)}")
    if denominator > 2:
        raise ScoreInputError(
            f"{field} come in half points (T-4): {quote(value)} is not a multiple of 0.5"
        )
    return points


def _to_contract(value: Contract | str | None) -> Contract | None:
    if type(value) is Contract or value is None:
        # None: void facts have no contract; a played deal's missing one is named later.
        return value
    if isinstance(value, str):
        try:
            return Contract.parse(value)
        except CardrulesError:
            pass
    raise ScoreInputError(
        "contract must be a Contract or one of 'prise', 'garde', 'garde-sans', "
        f"'garde-contre' (or their names, such as 'GARDE_SANS'), not {quote(value)}"
    )


def _enum_text(value: object, kind: type[enum.Enum]) -> enum.Enum | None:
    """The member of ``kind`` whose value or name is ``value`` (ASCII case ignored)."""
    if type(value) is not str or not 0 < len(value) <= 16 or not value.isascii():
        return None
    key = value.lower()
    for member in kind:
        if key in (str(member).lower(), member.name.lower()):
            return member
    return None


def _to_poignee(value: object) -> PoigneeLevel:
    if type(value) is PoigneeLevel:
        return value
    level = _enum_text(value, PoigneeLevel)
    if level is None:
        raise ScoreInputError(
            "each poignée must be a PoigneeLevel or one of 'simple', 'double', 'triple', "
            f"not {quote(value)}"
        )
    return cast(PoigneeLevel, level)


def _to_poignees(value: Iterable[PoigneeLevel | str]) -> tuple[PoigneeLevel, ...]:
    if type(value) is tuple and all(type(p) is PoigneeLevel for p in value):
        return value
    if not isinstance(value, (tuple, list)):
        raise ScoreInputError(
            "poignees must be a list or tuple of poignée levels (one per poignée declared), "
            f"not {quote(value)}"
        )
    if len(value) > 5:
        raise ScoreInputError(
            f"{len(value)} poignées: each player declares at most one (T-19), five at most"
        )
    return tuple([_to_poignee(p) for p in value])


def _to_camp(value: object, field: str) -> Camp | None:
    if value is None or type(value) is Camp:
        return value
    camp = _enum_text(value, Camp)
    if camp is None:
        raise ScoreInputError(
            f"{field} must be a Camp, 'attack', 'defence' or None, not {quote(value)}"
        )
    return cast(Camp, camp)


def _to_petit_au_bout(value: object) -> Camp | None:
    return _to_camp(value, "petit_au_bout")


def _to_chelem(value: object) -> Camp | None:
    return _to_camp(value, "chelem")


# Card-value classes of the 78-card deck (T-4): (cards, half points each, bouts, excuses).
_VALUE_CLASSES: Final = (
    (2, 9, 1, 0),  # the Petit and the 21
    (1, 9, 1, 1),  # the Excuse
    (4, 9, 0, 0),  # Kings
    (4, 7, 0, 0),  # Queens
    (4, 5, 0, 0),  # Knights
    (4, 3, 0, 0),  # Jacks
    (59, 1, 0, 0),  # suit 10 … 1 and trumps 2 … 20
)
# T-15: the écart holds no King and no bout.
_ECART_CLASSES: Final = _VALUE_CLASSES[3:]


def _piles(
    size: int, classes: tuple[tuple[int, int, int, int], ...]
) -> Iterator[tuple[int, int, bool]]:
    """Every (half points, bouts, holds the Excuse) of a ``size``-card set of these classes."""
    if not classes:
        if size == 0:
            yield 0, 0, False
        return
    (count, halves, bouts, excuses), rest = classes[0], classes[1:]
    for k in range(min(count, size) + 1):
        for h, b, e in _piles(size - k, rest):
            yield h + k * halves, b + k * bouts, e or (k > 0 and excuses > 0)


# Where the Excuse can end when a camp takes every trick (T-25, T-26, T-27), as the half
# points it adds to the other camp's pile: nothing; 8 when that camp's own Excuse was played
# before the last trick (it keeps it and pays the half point); 9 when the Excuse changed
# sides at the last trick (T-26a). Every option setting together; facts carry no options.
_EXCUSE_TO_LOSER: Final = (0, 8, 9)


def _loser_piles(winner: Camp, contract: Contract, chien: int) -> set[tuple[int, int, bool]]:
    """The cards, not won in tricks, that a camp which lost every trick can hold (T-14, T-16)."""
    if winner is Camp.ATTACK:
        # Garde contre: the chien is the defence's; otherwise the defence has no card.
        if contract is Contract.GARDE_CONTRE:
            return set(_piles(chien, _VALUE_CLASSES))
        return {(0, 0, False)}
    if contract <= Contract.GARDE:
        return set(_piles(chien, _ECART_CLASSES))
    if contract is Contract.GARDE_SANS:
        return set(_piles(chien, _VALUE_CLASSES))
    return {(0, 0, False)}


def _slam_sets() -> dict[tuple[Camp, Contract, int], frozenset[tuple[int, int]]]:
    """The possible (attack half points, attack bouts) of each kind of slam deal.

    Keyed by (camp that took every trick, contract, chien size).
    """
    out: dict[tuple[Camp, Contract, int], frozenset[tuple[int, int]]] = {}
    for winner in Camp:
        for contract in Contract:
            for chien in (6, 3):
                found: set[tuple[int, int]] = set()
                for h, b, excuse in _loser_piles(winner, contract, chien):
                    for extra in (0,) if excuse else _EXCUSE_TO_LOSER:
                        loser = (h + extra, b + (extra > 0))
                        if winner is Camp.ATTACK:
                            loser = (_TOTAL_HALVES - loser[0], 3 - loser[1])
                        found.add(loser)
                out[winner, contract, chien] = frozenset(found)
    return out


_SLAM_PILES: Final = _slam_sets()


def _camp_repr(camp: Camp | None) -> str:
    return "None" if camp is None else f"Camp.{camp.name}"


def _contract_repr(contract: Contract | None) -> str:
    return "None" if contract is None else f"Contract.{contract.name}"


def _points_repr(points: Fraction | None) -> str:
    if points is None:
        return "None"
    # A half-point value is exact as a float literal, and DealFacts accepts floats.
    return str(points.numerator) if points.denominator == 1 else repr(float(points))


def _poignees_repr(poignees: tuple[PoigneeLevel, ...]) -> str:
    inner = ", ".join(f"PoigneeLevel.{p.name}" for p in poignees)
    return f"({inner},)" if len(poignees) == 1 else f"({inner})"


# Why a deal is annulled before play, as the texts for people say it.
_VOID_REASONS: Final[Mapping[str, str]] = {
    "all_pass": "every player passed, T-12",
    "petit_sec": "Petit sec, T-9",
}
_MOST_SEATS: Final = 5  # T-1: 3, 4 or 5 players
_TOTAL_POINTS: Final = Fraction(91)  # T-4, T-28: the two camps' piles hold every point
# What a played deal's facts cannot do without, as the message names it.
_NEEDED: Final = {
    "contract": "its contract",
    "taker": "the taker's seat",
    "points": "the attack's card points (points=) or the defence's (defence_points=)",
    "bouts": "the attack's bouts (bouts=) or the defence's (defence_bouts=)",
}


def _to_void_reason(value: object) -> Any:
    # Any ASCII case, as HandFacts reads it; the check comes after.
    if type(value) is str and value.isascii() and len(value) <= 16:
        return value.lower()
    return value


def _check_bouts(value: object, field: str) -> int:
    if type(value) is not int or not 0 <= value <= 3:
        raise ScoreInputError(f"{field} must be an int from 0 to 3, not {quote(value)}")
    return value


def _attack_points(points: object, defence_points: object) -> Fraction:
    """The attack's points from the defence's pile (T-28: the two add up to 91)."""
    attack = _TOTAL_POINTS - _card_points(defence_points, "defence_points")
    if points is not None:
        given = _card_points(points, "points")
        if given != attack:
            raise ScoreInputError(
                f"points {_text(given)} and defence_points {_text(_TOTAL_POINTS - attack)} "
                f"add up to {_text(given + _TOTAL_POINTS - attack)}, but the two camps hold "
                "91 points together (T-28): give one of them"
            )
    return attack


def _attack_bouts(bouts: object, defence_bouts: object) -> int:
    """The attack's bouts from the defence's pile (T-28: the two hold all 3)."""
    attack = 3 - _check_bouts(defence_bouts, "defence_bouts")
    if bouts is not None:
        given = _check_bouts(bouts, "bouts")
        if given != attack:
            raise ScoreInputError(
                f"bouts {given} and defence_bouts {3 - attack} add up to {given + 3 - attack}, "
                "but the two camps hold the 3 bouts together (T-5, T-28): give one of them"
            )
    return attack


class _DealFactsSlots:
    """The storage of :class:`DealFacts`, which the engine fills directly (its own
    storage class has the same slots, in the same order)."""

    __slots__ = (
        "_halves",
        "bouts",
        "chelem",
        "chelem_announced",
        "contract",
        "partner",
        "petit_au_bout",
        "players",
        "poignees",
        "points",
        "taker",
        "void_reason",
    )


@attrs.frozen(kw_only=True, weakref_slot=False, init=False)
class DealFacts(_DealFactsSlots):
    """What a score keeper knows at the end of a deal: everything :func:`score_deal` needs.

    Keyword-only and validated: a wrong type, a value out of range or a combination that
    no deal can produce raises :class:`~cardrules.ScoreInputError`. The checks are only
    those that hold under every option setting, so every deal the rules allow is accepted:

    * ``points`` and ``bouts`` must fit the cards (T-4, T-28): the attack's pile holds
      its bouts at 4.5 points each and may have paid at most the Excuse's half point,
      so ``points >= 4.5 * bouts - 0.5``; the same holds for the defence's pile.
    * Petit au bout to a camp means that camp took the Petit: the attack has at least
      one bout for ``Camp.ATTACK`` and at most two for ``Camp.DEFENCE``.
    * Without a slam both camps won a trick, so neither holds all 91 points.
    * With a slam (T-27) the losing camp can hold only the chien (Garde contre, for an
      attack slam), the écart or the chien (for a defence slam) and the Excuse (its own,
      kept for a half point under T-25, or moved at the last trick under T-26a). So an
      attack slam in Prise, Garde or Garde sans scores exactly 91 points with 3 bouts,
      or 87 or 86.5 with 2; a defence slam with the taker's Excuse played early leaves
      the attack the Excuse (1 bout, 4 points) plus its écart. Petit au bout cannot go
      to the camp that won no trick.

    Where a table counts the defence's pile rather than the attack's, give
    ``defence_points`` (and ``defence_bouts``) instead: the two camps hold 91 points and
    the 3 bouts together (T-28), so the facts keep the attack's, and refuse both counts
    given when they do not add up. A deal annulled before play (every player passed,
    T-12; Petit sec, T-9) is :meth:`void`. ``players`` may be left out when a
    :class:`~cardrules.tarot.TarotMatch` scores the facts: the match knows it.

    Every field takes what JSON gives (the convention of both games' facts): numbers
    as numbers (text is refused where a number is meant: read typed text with
    :func:`~cardrules.tarot.scoring.points_from_text`), lists for sequences, and an enum
    as itself, its notation text or its name, ASCII case ignored (``"garde-sans"``,
    ``"GARDE_SANS"``, ``"attack"``, ``"SIMPLE"``). ``DealFacts(**facts.to_dict())``
    rebuilds the facts, and :meth:`from_dict` reads such a document with a specific
    error for each field.

    Attributes:
        players: 3, 4 or 5, or ``None`` when not given (a match fills it in;
            :func:`score_deal` needs it).
        contract: The contract: a :class:`~cardrules.tarot.bidding.Contract`, its word or
            its name. ``None`` for a void deal.
        taker: The taker's seat (``None`` for a void deal).
        partner: With 5 players, the called partner's seat, or ``None`` when the taker
            plays alone (T-42). Always ``None`` with 3 or 4 players.
        points: The attack's card points P (T-28), 0 to 91 in half points, as a Fraction.
            Accepts an int, float, Fraction or Decimal (not text). ``None`` for a void
            deal.
        bouts: The bouts in the attack's final pile (T-5), 0 to 3 (``None`` for a void
            deal).
        petit_au_bout: The camp that won the last trick holding the Petit (T-32), or
            None: a :class:`Camp`, ``"attack"`` or ``"defence"``.
        poignees: Every poignée declared in the deal, by anyone (T-33), at most one per
            player: a list or tuple of :class:`PoigneeLevel` or their words.
        chelem_announced: The taker announced a slam (T-17).
        chelem: The camp that won every trick (T-27), or None, as ``petit_au_bout``.
        void_reason: ``"all_pass"`` (T-12) or ``"petit_sec"`` (T-9) for a deal annulled
            before play, else ``None``: the key Bid Euchre's
            :class:`~cardrules.bid_euchre.HandFacts` uses.

    The constructor also takes ``defence_points`` (0 to 91, in half points) and
    ``defence_bouts`` (0 to 3), the defence's pile, in place of ``points`` and
    ``bouts``; :attr:`defence_points` and :attr:`defence_bouts` read them back.

    >>> DealFacts(players=3, contract="prise", taker=1, points=51.5, bouts=1)
    DealFacts(players=3, contract=Contract.PRISE, taker=1, partner=None, points=51.5, bouts=1, \
petit_au_bout=None, poignees=(), chelem_announced=False, chelem=None, void_reason=None)
    >>> DealFacts(contract="garde", taker=0, defence_points=46, bouts=2).points
    Fraction(45, 1)
    >>> DealFacts(players=4, contract="garde", taker=0, points="45", bouts=2)
    Traceback (most recent call last):
    ...
    cardrules.errors.ScoreInputError: points must be a number (an int, float, Fraction or \
Decimal), not the text '45': read text with points_from_text()
    """

    players: int | None = None
    contract: Contract | None = attrs.field(
        default=None, converter=_to_contract, repr=_contract_repr
    )
    taker: int | None = None
    partner: int | None = None
    points: Fraction | None = attrs.field(default=None, converter=_to_points, repr=_points_repr)
    bouts: int | None = None
    petit_au_bout: Camp | None = attrs.field(
        default=None, converter=_to_petit_au_bout, repr=_camp_repr
    )
    poignees: tuple[PoigneeLevel, ...] = attrs.field(
        default=(), converter=_to_poignees, repr=_poignees_repr
    )
    chelem_announced: bool = False
    chelem: Camp | None = attrs.field(default=None, converter=_to_chelem, repr=_camp_repr)
    void_reason: AnnulReason | None = attrs.field(default=None, converter=_to_void_reason)
    _halves: int = attrs.field(init=False, repr=False, eq=False)

    def __init__(  # noqa: PLR0913 - the facts, each a keyword
        self,
        *,
        players: int | None = None,
        contract: Contract | str | None = None,
        taker: int | None = None,
        partner: int | None = None,
        # Written with their modules: the documentation links a parameter that is no
        # field (defence_points) by its annotation as written.
        points: int | float | fractions.Fraction | decimal.Decimal | None = None,
        bouts: int | None = None,
        petit_au_bout: Camp | str | None = None,
        poignees: Iterable[PoigneeLevel | str] = (),
        chelem_announced: bool = False,
        chelem: Camp | str | None = None,
        void_reason: AnnulReason | str | None = None,
        defence_points: int | float | fractions.Fraction | decimal.Decimal | None = None,
        defence_bouts: int | None = None,
    ) -> None:
        if defence_points is not None:
            points = _attack_points(points, defence_points)
        if defence_bouts is not None:
            bouts = _attack_bouts(bouts, defence_bouts)
        self.__attrs_init__(
            players=players,
            contract=contract,
            taker=taker,
            partner=partner,
            points=points,
            bouts=bouts,
            petit_au_bout=petit_au_bout,
            poignees=poignees,
            chelem_announced=chelem_announced,
            chelem=chelem,
            void_reason=void_reason,
        )

    def __attrs_post_init__(self) -> None:
        players = self.players
        if players is not None and (type(players) is not int or players not in (3, 4, 5)):
            raise ScoreInputError(f"players must be 3, 4 or 5, not {quote(players)}")
        if type(self.chelem_announced) is not bool:
            raise ScoreInputError(
                f"chelem_announced must be True or False, not {quote(self.chelem_announced)}"
            )
        if self.void_reason is not None:
            self._check_void()
            object.__setattr__(self, "_halves", 0)
            return
        for field, needed in _NEEDED.items():
            if getattr(self, field) is None:
                raise ScoreInputError(
                    f"{field} is None: a played deal needs {needed}; one annulled before "
                    "play is DealFacts.void(reason)"
                )
        self._check_seats(players, self.taker, self.partner)
        bouts = _check_bouts(self.bouts, "bouts")
        pab, chelem = self.petit_au_bout, self.chelem
        if pab is not None and type(pab) is not Camp:
            raise ScoreInputError(f"petit_au_bout must be a Camp or None, not {quote(pab)}")
        if chelem is not None and type(chelem) is not Camp:
            raise ScoreInputError(f"chelem must be a Camp or None, not {quote(chelem)}")
        if players is not None and len(self.poignees) > players:
            raise ScoreInputError(
                f"{len(self.poignees)} poignées with {players} players: each player declares "
                "at most one (T-19)"
            )
        points = cast(Fraction, self.points)
        halves = points.numerator * 2 // points.denominator
        object.__setattr__(self, "_halves", halves)
        self._check_cards(halves, bouts, pab, chelem)

    @staticmethod
    def _check_seats(players: int | None, taker: object, partner: object) -> None:
        # Without the player count, the checks that hold at any table (a match fills it).
        seats = _MOST_SEATS if players is None else players
        if type(taker) is not int or not 0 <= taker < seats:
            raise ScoreInputError(f"taker must be a seat from 0 to {seats - 1}, not {quote(taker)}")
        if partner is None:
            return
        if players is not None and players != 5:
            raise ScoreInputError(
                f"only the 5-player game has a partner (T-42): partner must be None "
                f"with {players} players, not {quote(partner)}"
            )
        if type(partner) is not int or not 0 <= partner < _MOST_SEATS:
            raise ScoreInputError(
                f"partner must be a seat from 0 to 4 or None, not {quote(partner)}"
            )
        if partner == taker:
            raise ScoreInputError(
                f"partner {partner} is the taker: a taker who called his own card plays "
                "alone (T-42), so pass partner=None"
            )

    def _check_void(self) -> None:
        """A deal annulled before play has a known reason and nothing of a played deal."""
        reason: object = self.void_reason  # converted, not yet checked
        if type(reason) is not str or reason not in _VOID_REASONS:
            raise ScoreInputError(
                "void_reason must be 'all_pass' (T-12) or 'petit_sec' (T-9) for a deal "
                f"annulled before play, or None for a played deal, not {quote(reason)}"
            )
        played: tuple[tuple[str, object], ...] = (
            ("contract", self.contract),
            ("taker", self.taker),
            ("partner", self.partner),
            ("points", self.points),
            ("bouts", self.bouts),
            ("petit_au_bout", self.petit_au_bout),
            ("chelem", self.chelem),
            ("poignees", self.poignees or None),
            ("chelem_announced", self.chelem_announced or None),
        )
        for field, value in played:
            if value is not None:
                shown = quote(self.to_dict()[field])  # as JSON gives it
                raise ScoreInputError(
                    f"a deal annulled before play has no {field}: leave it out, not {shown} "
                    f"({_VOID_REASONS[reason]})"
                )

    def _check_cards(self, halves: int, bouts: int, pab: Camp | None, chelem: Camp | None) -> None:
        # T-28: each camp's pile holds its bouts; only the Excuse's half point can leave it.
        points = cast(Fraction, self.points)
        if bouts and halves < _BOUT_HALVES * bouts - 1:
            raise ScoreInputError(
                f"{bouts} bouts are worth {_text(_from_halves(_BOUT_HALVES * bouts))} points: "
                f"the attack cannot hold them with {_text(points)} points (T-4, T-28)"
            )
        if bouts < 3 and _TOTAL_HALVES - halves < _BOUT_HALVES * (3 - bouts) - 1:
            raise ScoreInputError(
                f"with {bouts} bouts for the attack the defence holds {3 - bouts}, worth "
                f"{_text(_from_halves(_BOUT_HALVES * (3 - bouts)))} points: the attack cannot "
                f"have {_text(points)} points (T-4, T-28)"
            )
        if pab is Camp.ATTACK and bouts == 0:
            raise ScoreInputError(
                "petit au bout to the attack means the attack took the Petit, a bout, but "
                "bouts is 0 (T-32)"
            )
        if pab is Camp.DEFENCE and bouts == 3:
            raise ScoreInputError(
                "petit au bout to the defence means the defence took the Petit, but the "
                "attack has all 3 bouts (T-32)"
            )
        if chelem is None:
            if halves in (0, _TOTAL_HALVES):
                camp = "attack" if halves else "defence"
                raise ScoreInputError(
                    f"the {camp} holds all 91 points, so it won every trick: pass "
                    f"chelem=Camp.{camp.upper()} (T-27)"
                )
            return
        if pab is chelem.opponent:
            raise ScoreInputError(
                f"the {chelem.opponent} won no trick in a {chelem} slam, so it cannot win "
                "petit au bout (T-27, T-32)"
            )
        contract = cast(Contract, self.contract)
        # T-14: a chien of 3 cards with 5 players, else 6; either when the count is unknown.
        if self.players is not None:
            chiens: tuple[int, ...] = (3 if self.players == 5 else 6,)
        else:
            chiens = (3,) if self.partner is not None else (3, 6)
        if all((halves, bouts) not in _SLAM_PILES[chelem, contract, c] for c in chiens):
            if chelem is Camp.ATTACK:
                kept = (
                    "the chien and the Excuse"
                    if contract is Contract.GARDE_CONTRE
                    else "the Excuse"
                )
                who = "an attack slam the defence"
            else:
                kept = {
                    Contract.GARDE_SANS: "the chien and the Excuse",
                    Contract.GARDE_CONTRE: "the Excuse",
                }.get(contract, "the écart and the Excuse")
                who = "a defence slam the attack"
            raise ScoreInputError(
                f"in {who} keeps at most {kept} (T-25 to T-28): {contract} cannot leave the "
                f"attack {_text(points)} points with {bouts} bouts"
            )

    @classmethod
    def void(cls, reason: AnnulReason, *, players: int | None = None) -> DealFacts:
        """The facts of a deal annulled before play: ``"all_pass"`` (T-12) or
        ``"petit_sec"`` (T-9), as Bid Euchre's ``HandFacts.void``.

        Scored, they give what :meth:`DealResult.annulled_deal` gives: every score 0.

        Args:
            reason: Why the deal was annulled.
            players: 3, 4 or 5; a match fills it in when left out.

        Raises:
            ScoreInputError: ``reason`` is not one of the two reasons, or a bad player count.

        >>> facts = DealFacts.void("all_pass", players=4)
        >>> facts.void_reason, facts.contract
        ('all_pass', None)
        >>> score_deal(facts) == DealResult.annulled_deal(players=4, reason="all_pass")
        True
        """
        return cls(players=players, void_reason=reason)

    @property
    def half_points(self) -> int | None:
        """The attack's card points in half points (``2 * points``), an int; ``None`` for
        a void deal.

        >>> DealFacts(players=4, contract="garde", taker=0, points=40.5, bouts=2).half_points
        81
        """
        return None if self.points is None else self._halves

    @property
    def defence_points(self) -> Fraction | None:
        """The defence's card points, ``91 - points`` (T-28); ``None`` for a void deal.

        >>> DealFacts(players=4, contract="garde", taker=0, points=40.5, bouts=2).defence_points
        Fraction(101, 2)
        """
        return None if self.points is None else _TOTAL_POINTS - self.points

    @property
    def defence_bouts(self) -> int | None:
        """The bouts in the defence's pile, ``3 - bouts`` (T-28); ``None`` for a void deal.

        >>> DealFacts(players=4, contract="garde", taker=0, points=45, bouts=2).defence_bouts
        1
        """
        return None if self.bouts is None else 3 - self.bouts

    @property
    def attack(self) -> tuple[int, ...]:
        """The attack's seats, the taker first, then the partner if there is one; none for
        a void deal.

        >>> DealFacts(players=5, contract="garde", taker=0, partner=4, points=43, bouts=2).attack
        (0, 4)
        """
        if self.taker is None:
            return ()
        return (self.taker,) if self.partner is None else (self.taker, self.partner)

    def camp_of(self, seat: int) -> Camp:
        """The camp of ``seat``.

        Raises:
            InvalidSeatError: ``seat`` is not a seat of this table (of any table, when
                ``players`` is not given).
            ScoreInputError: the deal is void: it was not played, and has no camps.

        >>> DealFacts(players=4, contract="prise", taker=2, points=51, bouts=1).camp_of(0)
        <Camp.DEFENCE: 'defence'>
        """
        check_seat(seat, _MOST_SEATS if self.players is None else self.players)
        if self.void_reason is not None:
            raise ScoreInputError(
                f"a deal annulled before play ({_VOID_REASONS[self.void_reason]}) has no camps"
            )
        return Camp.ATTACK if seat in (self.taker, self.partner) else Camp.DEFENCE

    @classmethod
    def from_dict(cls, document: Mapping[str, Any]) -> DealFacts:
        """The facts from a JSON object (as :meth:`to_dict` writes, or a client sends).

        A played deal's document gives ``contract``, ``taker``, ``points`` (or
        ``defence_points``) and ``bouts`` (or ``defence_bouts``); ``players`` may be
        left out for a match to fill in. A void deal's gives its ``void_reason`` and
        may leave out the rest.

        Raises:
            ScoreInputError: ``document`` is not an object, lacks a field, has an unknown
                one, or a field is wrong (the message names it).

        >>> DealFacts.from_dict({"players": 4, "contract": "garde", "taker": 0,
        ...                      "points": 45, "bouts": 2, "poignees": ["simple"]}).poignees
        (<PoigneeLevel.SIMPLE: 1>,)
        >>> DealFacts.from_dict({"contract": "garde", "taker": 0, "defence_points": 46,
        ...                      "defence_bouts": 1}).points
        Fraction(45, 1)
        >>> DealFacts.from_dict({"void_reason": "petit_sec"}) == DealFacts.void("petit_sec")
        True
        """
        given: object = document  # untrusted: checked whatever its declared type
        required: tuple[str, ...] = ()
        if isinstance(given, Mapping) and given.get("void_reason") is None:
            required = ("contract", "taker")
            # The attack's count, unless the document gives the defence's.
            for attack, defence in (("points", "defence_points"), ("bouts", "defence_bouts")):
                if defence not in given:
                    required += (attack,)
        return cast(DealFacts, facts_from_dict(cls, document, _DEAL_FIELDS, required))

    def to_dict(self) -> dict[str, Any]:
        """The facts as JSON values; ``DealFacts(**facts.to_dict())`` rebuilds them.

        >>> DealFacts(players=4, contract="garde", taker=0, points=40.5, bouts=2).to_dict()
        {'players': 4, 'contract': 'garde', 'taker': 0, 'partner': None, 'points': 40.5, \
'bouts': 2, 'petit_au_bout': None, 'poignees': [], 'chelem_announced': False, 'chelem': None, \
'void_reason': None}
        """
        return {
            "players": self.players,
            "contract": None if self.contract is None else self.contract.code,
            "taker": self.taker,
            "partner": self.partner,
            "points": number(self.points),
            "bouts": self.bouts,
            "petit_au_bout": None if self.petit_au_bout is None else self.petit_au_bout.value,
            "poignees": [str(p) for p in self.poignees],
            "chelem_announced": self.chelem_announced,
            "chelem": None if self.chelem is None else self.chelem.value,
            "void_reason": self.void_reason,
        }


# The fields a document may give: those to_dict writes, and the defence's pile.
_DEAL_FIELDS: Final = (
    "players",
    "contract",
    "taker",
    "partner",
    "points",
    "bouts",
    "petit_au_bout",
    "poignees",
    "chelem_announced",
    "chelem",
    "void_reason",
    "defence_points",
    "defence_bouts",
)


class _DealResultSlots:
    """The storage of :class:`DealResult`, filled directly by :func:`score_deal`."""

    __slots__ = (
        "annulled",
        "base",
        "chelem_bonus",
        "difference",
        "facts",
        "made",
        "margin",
        "multiplier",
        "petit_au_bout_bonus",
        "players",
        "poignee_bonus",
        "scores",
        "target",
        "unit",
    )

    players: int
    facts: DealFacts | None
    multiplier: int | None
    target: int | None
    made: bool | None
    margin: Score | None
    difference: Score | None
    base: Score
    petit_au_bout_bonus: int
    poignee_bonus: int
    chelem_bonus: int
    unit: Score
    scores: tuple[Score, ...]
    annulled: AnnulReason | None


@attrs.frozen(kw_only=True, weakref_slot=False)
class DealResult(_DealResultSlots):
    """The score of one deal: every term of T-35 and each seat's settlement (T-37).

    Build it with :func:`score_deal` or, for a deal that was not played,
    :meth:`annulled_deal`. Bonuses and ``unit`` are seen from the attack: positive means
    the attack gains. A value is an ``int`` unless it has a half point, which only
    ``half_point_rounding="none"`` produces (then it is a :class:`~fractions.Fraction`).

    Attributes:
        players: The number of seats.
        facts: The :class:`DealFacts` scored (None for an annulled deal).
        multiplier: The contract's multiplier m (T-11, T-31).
        target: The attack's target (T-5).
        made: Whether the contract was made (T-29).
        margin: ``points - target``, exact (negative when the contract failed).
        difference: D, the rounded ``abs(margin)`` (T-30).
        base: ``±(25 + D) × m`` (T-31), positive when the contract was made.
        petit_au_bout_bonus: ``±10 × m`` (T-32), or 0.
        poignee_bonus: The poignées' total, to the camp that won the contract (T-33).
        chelem_bonus: C (T-34).
        unit: M, what each defender pays the taker (T-35; negative: the taker pays, T-36).
        scores: Each seat's score, seat 0 first (T-37); they sum to zero.
        annulled: ``"petit_sec"`` or ``"all_pass"`` for an annulled deal, else None.

    >>> facts = DealFacts(
    ...     players=5, contract="garde", taker=0, partner=2, points=40.5, bouts=2,
    ...     petit_au_bout="attack",
    ... )
    >>> result = score_deal(facts)
    >>> result.made, result.margin, result.difference, result.base, result.petit_au_bout_bonus
    (False, Fraction(-1, 2), 1, -52, 20)
    >>> result.unit, result.scores  # the taker pays 2 x 32, the partner 32
    (-32, (-64, 32, -32, 32, 32))
    >>> result.summary
    'Garde by seat 0 with seat 2: failed by 0.5'
    """

    players: int
    facts: DealFacts | None
    multiplier: int | None
    target: int | None
    made: bool | None
    margin: Score | None
    difference: Score | None
    base: Score
    petit_au_bout_bonus: int
    poignee_bonus: int
    chelem_bonus: int
    unit: Score
    scores: tuple[Score, ...]
    annulled: AnnulReason | None

    @classmethod
    def annulled_deal(cls, *, players: int, reason: AnnulReason) -> DealResult:
        """The result of a deal annulled before play (T-9 Petit sec, T-12 all pass).

        Every score is 0 and every fact-dependent field is None.

        Args:
            players: 3, 4 or 5.
            reason: ``"petit_sec"`` or ``"all_pass"``.

        Raises:
            ScoreInputError: A bad player count or reason.

        >>> r = DealResult.annulled_deal(players=4, reason="all_pass")
        >>> r.scores, r.annulled, r.made
        ((0, 0, 0, 0), 'all_pass', None)
        """
        if type(players) is not int or players not in (3, 4, 5):
            raise ScoreInputError(f"players must be 3, 4 or 5, not {quote(players)}")
        if reason not in ("petit_sec", "all_pass"):
            raise ScoreInputError(f"reason must be 'petit_sec' or 'all_pass', not {quote(reason)}")
        r: Any = object.__new__(_DealResultSlots)
        r.players = players
        r.facts = None
        r.multiplier = None
        r.target = None
        r.made = None
        r.margin = None
        r.difference = None
        r.base = 0
        r.petit_au_bout_bonus = 0
        r.poignee_bonus = 0
        r.chelem_bonus = 0
        r.unit = 0
        r.scores = (0,) * players
        r.annulled = reason
        return seal(r, cls)

    def score_of(self, seat: int) -> Score:
        """The score of ``seat``.

        Raises:
            InvalidSeatError: ``seat`` is not a seat of this table.

        >>> from cardrules.tarot.bidding import Contract
        >>> facts = DealFacts(players=4, contract=Contract.PRISE, taker=2, points=55, bouts=0)
        >>> score_deal(facts).score_of(2)
        -78
        """
        return self.scores[check_seat(seat, self.players)]

    @property
    def returns(self) -> tuple[float, ...]:
        """Each seat's score as a float, seat 0 first (the :class:`~cardrules.Result` role).

        >>> DealResult.annulled_deal(players=3, reason="all_pass").returns
        (0.0, 0.0, 0.0)
        """
        return tuple([float(s) for s in self.scores])

    @property
    def summary(self) -> str:
        """One line with the contract, the taker and whether it was made.

        >>> facts = DealFacts(players=4, contract="garde", taker=0, points=45, bouts=2)
        >>> score_deal(facts).summary
        'Garde by seat 0: made by 4'
        """
        return self._summary(None)

    def _summary(self, names: tuple[str, ...] | None) -> str:
        """:attr:`summary`, the seats named ``names`` if given."""
        if self.annulled is not None or self.facts is None:
            why = "Petit sec" if self.annulled == "petit_sec" else "every player passed"
            return f"deal annulled: {why}"
        f = self.facts
        name = _contract_of(f).name.replace("_", " ").capitalize()
        partner = f" with {_who(f.partner, names)}" if f.partner is not None else ""
        gap = self.margin or 0
        verb = "made" if self.made else "failed"
        return (
            f"{name} by {_who(_taker_of(f), names)}{partner}:"
            f" {verb} by {_text(-gap if gap < 0 else gap)}"
        )

    def explain(self, names: Sequence[str] | None = None) -> str:
        """A readable breakdown of the score, one fact per line.

        >>> facts = DealFacts(players=4, contract="garde", taker=0, points=45, bouts=2)
        >>> print(score_deal(facts).explain())
        Garde (x2), 4 players: taker seat 0
        Attack: 45 points with 2 bouts; target 41
        Contract made by 4
        Base: (25 + 4) x 2 = +58
        Petit au bout: none
        Poignées: none
        Chelem: none
        Unit M: +58 (each defender pays the taker)
        Scores: seat 0: +174, seat 1: -58, seat 2: -58, seat 3: -58

        Args:
            names: The players' names, seat 0 first, for the seats' numbers.

        Raises:
            InvalidArgumentError: ``names`` is not one distinct name per seat.
        """
        who = player_names(names, len(self.scores))
        if self.annulled is not None or self.facts is None:
            why = "Petit sec (T-9)" if self.annulled == "petit_sec" else "every player passed"
            return f"Deal annulled: {why}; every score is 0"
        f = self.facts
        name = _contract_of(f).name.replace("_", " ").capitalize()
        taker = _taker_of(f)
        if f.partner is not None:
            attack = f"taker {_who(taker, who)}, partner {_who(f.partner, who)}"
        elif f.players == 5:
            attack = f"taker {_who(taker, who)}, alone"
        else:
            attack = f"taker {_who(taker, who)}"
        lines = [
            f"{name} (x{self.multiplier}), {f.players} players: {attack}",
            (
                f"Attack: {_text(cast(Fraction, f.points))} points with {f.bouts} "
                f"bout{'s' * (f.bouts != 1)}; target {self.target}"
            ),
        ]
        margin: Score = self.margin or 0
        gap = -margin if margin < 0 else margin
        difference: Score = self.difference or 0
        result = f"Contract {'made' if self.made else 'failed'} by {_text(gap)}"
        if difference != gap:
            result += f", counted as {_text(difference)}"
        lines.append(result)
        sign = "" if self.made else "-"
        lines.append(
            f"Base: {sign}(25 + {_text(difference)}) x {self.multiplier} = {_signed(self.base)}"
        )
        if f.petit_au_bout is None:
            lines.append("Petit au bout: none")
        else:
            lines.append(f"Petit au bout: {_signed(self.petit_au_bout_bonus)} ({f.petit_au_bout})")
        if f.poignees:
            levels = ", ".join(str(p) for p in f.poignees)
            winner = "attack, which made" if self.made else "defence, which defeated"
            lines.append(
                f"Poignées: {levels}: {_signed(self.poignee_bonus)} (to the {winner} the contract)"
            )
        else:
            lines.append("Poignées: none")
        lines.append(f"Chelem: {_chelem_text(f, self.chelem_bonus)}")
        payer = "each defender pays the taker" if self.unit >= 0 else "the taker pays each defender"
        lines.append(f"Unit M: {_signed(self.unit)} ({payer})")
        lines.append(
            "Scores: "
            + ", ".join(f"{_who(i, who)}: {_signed(s)}" for i, s in enumerate(self.scores))
        )
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON values: the facts, every term of T-35, the scores, and the
        :attr:`summary` and :meth:`explain` texts (see ``cardrules.json_schema``).

        >>> facts = DealFacts(players=4, contract="garde", taker=0, points=45, bouts=2)
        >>> document = score_deal(facts).to_dict()
        >>> document["base"], document["unit"], document["scores"]
        (58, 58, [174, -58, -58, -58])
        """
        facts = self.facts
        summary, explain = self.summary, self.explain()
        own: dict[str, Any] = {
            "players": self.players,
            "annulled": self.annulled,
            "facts": None if self.facts is None else self.facts.to_dict(),
            "multiplier": self.multiplier,
            "target": self.target,
            "made": self.made,
            "margin": number(self.margin),
            "difference": number(self.difference),
            "base": number(self.base),
            "petit_au_bout_bonus": self.petit_au_bout_bonus,
            "poignee_bonus": self.poignee_bonus,
            "chelem_bonus": self.chelem_bonus,
            "unit": number(self.unit),
            "scores": [number(score) for score in self.scores],
            "summary": summary,
            "explain": explain,
        }
        envelope = result_envelope(
            "tarot",
            seat_names=self.players,
            contract=None if facts is None else _contract_of(facts).code,
            declarer=None if facts is None else facts.taker,
            returns=self.returns,
            scores=self.scores,
            summary=summary,
            explain=explain,
        )
        return {**envelope, **own, "tarot": {k: v for k, v in own.items() if k not in envelope}}

    @classmethod
    def from_dict(
        cls, document: Mapping[str, Any], options: TarotOptions | None = None
    ) -> DealResult:
        """The result a :meth:`to_dict` document describes, scored again from its facts.

        Args:
            document: The JSON object, as :meth:`to_dict` writes it.
            options: The options the deal was scored under; ``TarotOptions()`` when None.

        Raises:
            ScoreInputError: ``document`` is not such an object, its facts are refused,
                or a field differs from what the facts score under ``options`` (a
                tampered score or text; the message names the field).

        >>> facts = DealFacts(players=4, contract="prise", taker=0, points=40.5, bouts=2)
        >>> result = score_deal(facts, TarotOptions(half_point_rounding="none"))
        >>> document = result.to_dict()
        >>> document["scores"]
        [-76.5, 25.5, 25.5, 25.5]
        >>> DealResult.from_dict(document, TarotOptions(half_point_rounding="none")) == result
        True
        """
        chosen = _DEFAULT_OPTIONS if options is None else options
        if type(chosen) is not TarotOptions:
            raise ScoreInputError(f"options must be a TarotOptions, not {quote(options)}")

        def rescore(given: Mapping[str, Any]) -> DealResult:
            # Untrusted values: annulled_deal and DealFacts.from_dict check them.
            annulled: Any = given.get("annulled")
            players: Any = given.get("players")
            facts: Any = given.get("facts")
            if annulled is not None:
                return cls.annulled_deal(players=players, reason=annulled)
            return score_deal(DealFacts.from_dict(facts), chosen)

        return cast(DealResult, result_from_dict(_upgraded(document), rescore, _ADDED))


# The keys the envelope added to a result document: absent from those of 0.2.
_ADDED: Final = ("variant", "seat_names", "contract", "declarer", "returns", "tarot")


def _upgraded(document: object) -> object:
    """A result document whose facts lack ``void_reason`` (written by 0.2, when the
    facts had none) with it added as None; any other document as it is."""
    return facts_filled(document, "tarot", "void_reason", lambda facts: None)


def _contract_of(facts: DealFacts) -> Contract:
    """The contract of facts a result holds: a played deal's, never None."""
    return cast(Contract, facts.contract)


def _taker_of(facts: DealFacts) -> int:
    """The taker of facts a result holds: a played deal's, never None."""
    return cast(int, facts.taker)


def _text(value: Score) -> str:
    if isinstance(value, Fraction) and value.denominator != 1:
        return str(float(value))
    return str(int(value))


def _signed(value: Score) -> str:
    return ("+" if value > 0 else "") + _text(value)


def _chelem_text(f: DealFacts, bonus: int) -> str:
    if f.chelem_announced:
        if f.chelem is Camp.ATTACK:
            what = "announced and achieved"
        elif f.chelem is Camp.DEFENCE:
            what = "announced; the defence won every trick"
        else:
            what = "announced and not achieved"
    elif f.chelem is Camp.ATTACK:
        what = "achieved by the attack without announcement"
    elif f.chelem is Camp.DEFENCE:
        what = "the defence won every trick"
    else:
        return "none"
    return f"{what}: {_signed(bonus)}"


_DEFAULT_OPTIONS: Final = TarotOptions()


def _chelem_bonus(facts: DealFacts, options: TarotOptions) -> int:
    """C of T-34, seen from the attack."""
    bonuses = options.chelem_bonuses
    chelem = facts.chelem
    if facts.chelem_announced:
        if not options.chelem_announcement:
            raise ScoreInputError(
                "chelem_announced=True but options.chelem_announcement is False (T-17)"
            )
        if chelem is Camp.ATTACK:
            return bonuses["announced_made"]
        if chelem is Camp.DEFENCE:
            # T-34 ambiguity: the literal reading charges the failed announcement and pays
            # the defence's slam; "single" pays only the defence's slam.
            if options.announced_slam_then_defence_slam == "cumulative":
                return bonuses["announced_failed"] - bonuses["defence"]
            return -bonuses["defence"]
        return bonuses["announced_failed"]
    if chelem is Camp.ATTACK:
        return bonuses["unannounced"]
    if chelem is Camp.DEFENCE:
        return -bonuses["defence"]
    return 0


def _poignee_total(facts: DealFacts, players: int, options: TarotOptions) -> int:
    """The sum of the poignée bonuses (T-33), after checking the trumps suffice (T-18, T-20)."""
    thresholds = options.poignee_thresholds[players]
    bonuses = options.poignee_bonuses
    shown = total = 0
    for p in facts.poignees:
        shown += thresholds[p - 1]
        total += bonuses[p - 1]
    if shown > _TRUMP_LIKE_CARDS:
        levels = ", ".join(str(p) for p in facts.poignees)
        raise ScoreInputError(
            f"poignées {levels} with {players} players show {shown} trumps, but the deck "
            f"has only 21 trumps and the Excuse (T-18, T-20)"
        )
    return total


def score_deal(facts: DealFacts, options: TarotOptions = _DEFAULT_OPTIONS) -> DealResult:
    """Score a finished deal (T-29 … T-37).

    ``M = s·(25 + D)·m + 10·m·pab + s·ΣPoignée + C``: the contract is made when
    ``points >= target`` compared exactly (T-29); D is ``abs(points - target)`` rounded
    by ``options.half_point_rounding`` (T-30); only ``25 + D`` and the petit au bout are
    multiplied. Each defender pays M; the taker receives it from every defender, sharing
    it 2 : 1 with a 5-player partner (T-37).

    Only the scoring options are read: ``multipliers``, ``poignee_thresholds`` and
    ``poignee_bonuses``, ``half_point_rounding``, ``chelem_announcement``,
    ``chelem_bonuses`` and ``announced_slam_then_defence_slam`` (and
    ``petit_sec_annuls`` for a void deal). The player count is ``facts.players``, which
    must be given here (``options.players`` is a dealing option and is not consulted;
    :meth:`TarotMatch.after <cardrules.tarot.TarotMatch.after>` fills in the match's).

    Facts of a deal annulled before play (:meth:`DealFacts.void`) score what
    :meth:`DealResult.annulled_deal` gives: every score 0.

    Args:
        facts: The resolved facts of the deal.
        options: The variant's options; the defaults follow the FFT rules.

    Returns:
        The :class:`DealResult`.

    Raises:
        ScoreInputError: ``facts`` is not a DealFacts, or does not give the player count;
            the poignées show more trumps than the deck holds with these thresholds; a
            slam was announced while ``options.chelem_announcement`` is off; a deal
            void for a Petit sec while ``options.petit_sec_annuls`` is off.
        OptionsError: ``options`` is not a TarotOptions.

    >>> from cardrules.tarot.bidding import Contract
    >>> facts = DealFacts(players=3, contract=Contract.GARDE, taker=0, points=40.5, bouts=2)
    >>> r = score_deal(facts)
    >>> r.made, r.margin, r.difference, r.unit, r.scores
    (False, Fraction(-1, 2), 1, -52, (-104, 52, 52))
    >>> prise = DealFacts(players=3, contract=Contract.PRISE, taker=0, points=51.5, bouts=1)
    >>> score_deal(prise, TarotOptions(half_point_rounding="none")).scores
    (51, Fraction(-51, 2), Fraction(-51, 2))
    """
    if type(facts) is not DealFacts:
        raise ScoreInputError(f"facts must be a DealFacts, not {type(facts).__name__}")
    if type(options) is not TarotOptions:
        raise OptionsError(f"options must be a TarotOptions, not {type(options).__name__}")
    players = facts.players
    if players is None:
        raise ScoreInputError(
            "the facts do not say how many players: pass players=3, 4 or 5 "
            "(TarotMatch.after fills it in from the match)"
        )
    if facts.void_reason is not None:
        return _void_result(facts.void_reason, players, options)
    # A played deal's facts (the checks above): contract, taker and bouts are set.
    bouts: Any = facts.bouts
    contract: Any = facts.contract
    target = _TARGET_HALVES[bouts]
    margin = facts._halves - target
    # T-29: made or failed on the exact points, before any rounding.
    made = margin >= 0
    gap = margin if made else -margin
    rounding = options.half_point_rounding
    # T-30: D in half points; "to_winner" rounds a half point up, "floor" down.
    if rounding == "to_winner":
        difference = (gap + 1) & ~1
    elif rounding == "floor":
        difference = gap & ~1
    else:
        difference = gap
    m = options.multipliers[_OPTION_KEY[contract]]
    # T-31: the base in half points, signed by the contract result (T-35's s).
    base = (50 + difference) * m if made else -(50 + difference) * m
    # T-32: 10 × m to the camp that took the Petit in the last trick.
    pab = facts.petit_au_bout
    pab_bonus = 0 if pab is None else (10 * m if pab is Camp.ATTACK else -10 * m)
    # T-33: every poignée goes to the camp that won the contract, not multiplied.
    poignee = 0
    if facts.poignees:
        total = _poignee_total(facts, players, options)
        poignee = total if made else -total
    # T-34: slam bonuses, not multiplied.
    chelem = _chelem_bonus(facts, options) if facts.chelem_announced or facts.chelem else 0
    # T-35 in half points; T-36: the sign of M alone decides who pays.
    unit = base + 2 * (pab_bonus + poignee + chelem)
    r: Any = _DealResultSlots()
    r.players = players
    r.facts = facts
    r.multiplier = m
    r.target = target >> 1
    r.made = made
    r.margin = _from_halves(margin)
    r.difference = _from_halves(difference)
    r.base = _from_halves(base)
    r.petit_au_bout_bonus = pab_bonus
    r.poignee_bonus = poignee
    r.chelem_bonus = chelem
    r.unit = _from_halves(unit)
    r.scores = _settle(facts, players, unit)
    r.annulled = None
    return seal(r, DealResult)


def _void_result(reason: AnnulReason, players: int, options: TarotOptions) -> DealResult:
    """The result of void facts: an annulled deal, if the options let it be annulled."""
    if reason == "petit_sec" and not options.petit_sec_annuls:
        raise ScoreInputError(
            "under petit_sec_annuls=False a Petit sec does not annul the deal, so no deal is "
            "void for it (T-9)"
        )
    return DealResult.annulled_deal(players=players, reason=reason)


def _settle(facts: DealFacts, players: int, unit: int) -> tuple[Score, ...]:
    """Each seat's score from M in half points (T-37); the scores sum to zero."""
    scores = [-unit] * players
    taker: Any = facts.taker  # a played deal's
    if facts.partner is not None:
        scores[taker] = 2 * unit
        scores[facts.partner] = unit
    else:
        scores[taker] = (players - 1) * unit
    if unit & 1:
        return tuple([_from_halves(s) for s in scores])
    return tuple([s >> 1 for s in scores])


def _who(seat: int, names: tuple[str, ...] | None) -> str:
    """A seat as the texts for people name it: its player's name if given."""
    return names[seat] if names is not None else f"seat {seat}"
