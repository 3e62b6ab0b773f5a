"""Options of the French Tarot variant (spec §6.1), every one with its default.

>>> from cardrules.tarot import TarotOptions
>>> TarotOptions().players, TarotOptions(players=5).poignee_thresholds[5]
(4, (8, 10, 13))
>>> TarotOptions(players=6)
Traceback (most recent call last):
...
cardrules.errors.OptionsError: players must be 3, 4 or 5, not 6
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, Literal

import attrs

from cardrules._util import MAX_POINTS, FrozenDict, quote
from cardrules.deprecation import deprecated_alias
from cardrules.errors import OptionsError
from cardrules.options import choice, flag

__all__ = ["TarotOptions"]

DEFAULT_MULTIPLIERS: Final = FrozenDict(
    {"prise": 1, "garde": 2, "garde_sans": 4, "garde_contre": 6}
)
DEFAULT_POIGNEE_THRESHOLDS: Final = FrozenDict({3: (13, 15, 18), 4: (10, 13, 15), 5: (8, 10, 13)})
DEFAULT_CHELEM_BONUSES: Final = FrozenDict(
    {"announced_made": 400, "unannounced": 200, "announced_failed": -200, "defence": 200}
)

ChienSchedule = Literal["fixed", "random"]
RedealDealer = Literal["next", "same"]
ExcuseCompensation = Literal["half_point", "card"]
ExcuseLastTrick = Literal["to_opponents", "to_trick_winner"]
ExcuseSweepException = Literal["any_sweeping_camp", "announced_slam_only", "taker_camp_only"]
HalfPointRounding = Literal["to_winner", "floor", "none"]
AnnouncedSlamThenDefenceSlam = Literal["cumulative", "single"]


def _int_map(name: str, ranges: Mapping[str, tuple[int, int]]) -> Any:
    """A converter to a FrozenDict with exactly the keys of ``ranges``, each value an int
    within its ``(low, high)`` range."""

    def convert(value: object) -> Mapping[str, int]:
        if not isinstance(value, Mapping) or set(value) != set(ranges):
            raise OptionsError(
                f"{name} must be a mapping with exactly the keys {list(ranges)}, not {quote(value)}"
            )
        for key, (low, high) in ranges.items():
            v = value[key]
            if type(v) is not int or not low <= v <= high:
                raise OptionsError(
                    f"{name}[{key!r}] must be an int from {low:,} to {high:,}, not {quote(v)}"
                )
        return FrozenDict({key: value[key] for key in ranges})

    return convert


# T-11: multipliers are positive; the T-34 slam bonuses of a house rule may have either
# sign. Every point value is at most MAX_POINTS in magnitude.
_to_multipliers = _int_map(
    "multipliers", dict.fromkeys(("prise", "garde", "garde_sans", "garde_contre"), (1, MAX_POINTS))
)
_to_chelem_bonuses = _int_map(
    "chelem_bonuses",
    dict.fromkeys(
        ("announced_made", "unannounced", "announced_failed", "defence"), (-MAX_POINTS, MAX_POINTS)
    ),
)


def _multipliers(value: object) -> Mapping[str, int]:
    result: Mapping[str, int] = _to_multipliers(value)
    return result


def _chelem_bonuses(value: object) -> Mapping[str, int]:
    result: Mapping[str, int] = _to_chelem_bonuses(value)
    return result


def _thresholds(value: object) -> Mapping[int, tuple[int, int, int]]:
    if not isinstance(value, Mapping) or set(value) != {3, 4, 5}:
        raise OptionsError(f"poignee_thresholds needs the keys 3, 4 and 5, not {quote(value)}")
    out: dict[int, tuple[int, int, int]] = {}
    for n in (3, 4, 5):
        levels = value[n]
        if (
            not isinstance(levels, (tuple, list))
            or len(levels) != 3
            or any(type(x) is not int for x in levels)
            or not 1 <= levels[0] < levels[1] < levels[2] <= 22
        ):
            raise OptionsError(
                f"poignee_thresholds[{n}] must be three increasing ints from 1 to 22, "
                f"not {quote(levels)}"
            )
        out[n] = (levels[0], levels[1], levels[2])
    return FrozenDict(out)


def _bonuses(value: object) -> tuple[int, int, int]:
    if (
        not isinstance(value, (tuple, list))
        or len(value) != 3
        or any(type(x) is not int or not 0 <= x <= MAX_POINTS for x in value)
    ):
        raise OptionsError(
            f"poignee_bonuses must be three ints from 0 to {MAX_POINTS:,}, not {quote(value)}"
        )
    return (value[0], value[1], value[2])


def _players(inst: object, attr: attrs.Attribute[Any], value: object) -> None:
    if type(value) is not int or value not in (3, 4, 5):
        raise OptionsError(f"players must be 3, 4 or 5, not {quote(value)}")


def _dealer(inst: TarotOptions, attr: attrs.Attribute[Any], value: object) -> None:
    if type(value) is not int or not 0 <= value < inst.players:
        raise OptionsError(
            f"dealer must be a seat from 0 to {inst.players - 1}, not {quote(value)}"
        )


_PLAYER_KEYS: Final[Mapping[object, int]] = {**{n: n for n in (3, 4, 5)}, "3": 3, "4": 4, "5": 5}


@attrs.frozen(kw_only=True)
class TarotOptions:
    """Every option of the French Tarot rules (spec §6.1). Keyword-only; validated.

    Attributes:
        players: 3, 4 or 5 (T-1).
        dealer: The first dealer's seat (T-6).
        redeal_dealer: Who deals after an annulled deal: ``"next"`` or ``"same"`` (T-6).
        chien_schedule: ``"fixed"`` (T-8's schedule) or ``"random"`` chien positions.
        chien_edge_exclusion: How many cards at each end of the deck may not go to the
            chien with the random schedule: 1 or 3 (T-8).
        petit_sec_annuls: Petit sec annuls the deal (T-9).
        bidding_rounds: Only ``"single"`` (T-10).
        multipliers: Multiplier of each contract (T-11).
        chelem_announcement: The taker may announce a slam (T-17).
        poignee_thresholds: Trumps for a simple, double and triple poignée by players (T-18).
        poignee_bonuses: Bonus of a simple, double and triple poignée (T-18).
        poignee_counts_forced_discards: Forced écart trumps count toward the taker's
            poignée (T-20c).
        excuse_compensation: ``"half_point"`` or ``"card"``; scoring is the same (T-25).
        excuse_last_trick: Where an Excuse played to the last trick goes (T-26a).
        excuse_sweep_exception: Who may win the last trick by leading the Excuse (T-26b).
        half_point_rounding: ``"to_winner"``, ``"floor"`` or ``"none"`` (T-30).
        petit_au_bout_slam_rule: Only ``"penultimate"`` (T-32).
        chelem_bonuses: The slam bonuses (T-34).
        announced_slam_then_defence_slam: ``"cumulative"`` (−400) or ``"single"`` (T-34).
        single_deal: The seed's single deal; False for a match (T-38).

    >>> options = TarotOptions(players=5, single_deal=False)
    >>> options
    TarotOptions(players=5, single_deal=False)
    >>> options.multipliers["garde_contre"], options.poignee_thresholds[5]
    (6, (8, 10, 13))
    >>> TarotOptions(players=6)
    Traceback (most recent call last):
    ...
    cardrules.errors.OptionsError: players must be 3, 4 or 5, not 6
    """

    players: int = attrs.field(default=4, validator=_players)
    dealer: int = attrs.field(default=0, validator=_dealer)
    redeal_dealer: RedealDealer = attrs.field(default="next", validator=choice("next", "same"))
    chien_schedule: ChienSchedule = attrs.field(
        default="fixed", validator=choice("fixed", "random")
    )
    chien_edge_exclusion: int = attrs.field(default=1, validator=choice(1, 3))
    petit_sec_annuls: bool = attrs.field(default=True, validator=flag)
    bidding_rounds: Literal["single"] = attrs.field(default="single", validator=choice("single"))
    multipliers: Mapping[str, int] = attrs.field(
        default=DEFAULT_MULTIPLIERS,
        converter=_multipliers,
    )
    chelem_announcement: bool = attrs.field(default=True, validator=flag)
    poignee_thresholds: Mapping[int, tuple[int, int, int]] = attrs.field(
        default=DEFAULT_POIGNEE_THRESHOLDS, converter=_thresholds
    )
    poignee_bonuses: tuple[int, int, int] = attrs.field(default=(20, 30, 40), converter=_bonuses)
    poignee_counts_forced_discards: bool = attrs.field(default=True, validator=flag)
    excuse_compensation: ExcuseCompensation = attrs.field(
        default="half_point", validator=choice("half_point", "card")
    )
    excuse_last_trick: ExcuseLastTrick = attrs.field(
        default="to_opponents", validator=choice("to_opponents", "to_trick_winner")
    )
    excuse_sweep_exception: ExcuseSweepException = attrs.field(
        default="any_sweeping_camp",
        validator=choice("any_sweeping_camp", "announced_slam_only", "taker_camp_only"),
    )
    half_point_rounding: HalfPointRounding = attrs.field(
        default="to_winner", validator=choice("to_winner", "floor", "none")
    )
    petit_au_bout_slam_rule: Literal["penultimate"] = attrs.field(
        default="penultimate", validator=choice("penultimate")
    )
    chelem_bonuses: Mapping[str, int] = attrs.field(
        default=DEFAULT_CHELEM_BONUSES,
        converter=_chelem_bonuses,
    )
    announced_slam_then_defence_slam: AnnouncedSlamThenDefenceSlam = attrs.field(
        default="cumulative", validator=choice("cumulative", "single")
    )
    single_deal: bool = attrs.field(default=True, validator=flag)

    def __repr__(self) -> str:
        """The options that differ from the defaults, as keywords (an eval-able repr).

        >>> TarotOptions(players=5, multipliers={"prise": 1, "garde": 2, "garde_sans": 4,
        ...                                      "garde_contre": 8})
        TarotOptions(players=5, multipliers={'prise': 1, 'garde': 2, 'garde_sans': 4, \
'garde_contre': 8})
        """
        changed = []
        for a in attrs.fields(TarotOptions):
            value = getattr(self, a.name)
            if value != a.default:
                shown = dict(value) if isinstance(value, Mapping) else value
                changed.append(f"{a.name}={shown!r}")
        return f"TarotOptions({', '.join(changed)})"

    to_json = deprecated_alias(
        "to_dict",
        "TarotOptions.to_json is deprecated and will be removed in 0.4; use to_dict",
    )
    from_json = deprecated_alias(
        "from_dict",
        "TarotOptions.from_json is deprecated and will be removed in 0.4; use from_dict",
    )

    def to_dict(self) -> dict[str, Any]:
        """The options as JSON values (mapping keys become strings).

        >>> document = TarotOptions(players=3).to_dict()
        >>> document["players"], document["poignee_thresholds"]["3"], document["single_deal"]
        (3, [13, 15, 18], True)
        >>> TarotOptions.from_dict(document) == TarotOptions(players=3)
        True
        """
        out: dict[str, Any] = {}
        for a in attrs.fields(TarotOptions):
            v = getattr(self, a.name)
            if isinstance(v, Mapping):
                v = {str(k): list(x) if isinstance(x, tuple) else x for k, x in v.items()}
            elif isinstance(v, tuple):
                v = list(v)
            out[a.name] = v
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TarotOptions:
        """Rebuild options from :meth:`to_dict`; raises :class:`~cardrules.OptionsError`.

        .. versionchanged:: 0.3.0
           Renamed from ``from_json`` (and :meth:`to_dict` from ``to_json``); the old
           names warn, and go in 0.4.

        >>> TarotOptions.from_dict(TarotOptions().to_dict()) == TarotOptions()
        True
        """
        if not isinstance(data, Mapping):
            raise OptionsError(f"options must be a JSON object, not {type(data).__name__}")
        names = {a.name for a in attrs.fields(TarotOptions)}
        unknown = [k for k in data if k not in names]
        if unknown:
            shown = ", ".join(quote(k) for k in unknown[:5])
            raise OptionsError(f"unknown Tarot option(s): {shown}")
        kwargs = dict(data)
        if "poignee_thresholds" in kwargs and isinstance(kwargs["poignee_thresholds"], Mapping):
            th = kwargs["poignee_thresholds"]
            # JSON keys are strings: matched against a fixed table, never int().
            if any(type(k) not in (str, int) or k not in _PLAYER_KEYS for k in th):
                raise OptionsError(f"poignee_thresholds keys must be 3, 4 and 5: {quote(th)}")
            kwargs["poignee_thresholds"] = {_PLAYER_KEYS[k]: v for k, v in th.items()}
        try:
            return cls(**kwargs)
        except TypeError as exc:
            raise OptionsError(str(exc)) from None
