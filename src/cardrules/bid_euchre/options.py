"""Options of the Bid Euchre variant (spec E-39), every one with its default.

>>> from cardrules.bid_euchre import BidEuchreOptions
>>> o = BidEuchreOptions()
>>> o.target_score, o.tricks_per_hand, o.help_value, o.moon_value
(32, 6, 12, 24)
>>> BidEuchreOptions(double_deck=True).help_value
24
>>> BidEuchreOptions(joker=True, double_deck=True)
Traceback (most recent call last):
...
cardrules.errors.OptionsError: the joker cannot be combined with the double deck (E-38)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, Literal

import attrs

from cardrules._util import MAX_POINTS, quote
from cardrules.deprecation import deprecated_alias
from cardrules.errors import OptionsError
from cardrules.options import choice, flag, int_in

__all__ = ["BidEuchreOptions"]

BiddingStyle = Literal["single_round", "continuous"]
HelpCardRule = Literal["highest_trump", "partner_choice"]
LoneSetPenalty = Literal["bid", "contract_value"]
RenegeMode = Literal["reject", "penalize"]
SimultaneousTargetRule = Literal[
    "higher_score", "bidder_wins", "makers_or_setters", "always_replay"
]
JokerDiscardTiming = Literal["before_auction", "after_trump"]


# Points a hand scores or costs (E-23, E-27, E-28): a made 6H or 6M and a renege never
# change a score the wrong way. At most MAX_POINTS, as every point value.
_points = int_in(0, MAX_POINTS)
# E-33: a match is won by reaching a positive target.
_target = int_in(1, MAX_POINTS)
# Counts of tricks or cards, bounded by the hand size in __attrs_post_init__.
_count = int_in(1, 12)

# How players say the house rules, for explain() and the command line: the switches
# first, then the other options that differ from the defaults (house_rule_words).
_SWITCH_WORDS: Final[dict[str, str]] = {
    "stick_the_dealer": "stick the dealer",
    "ace_no_face": "ace no face",
    "joker": "with the joker",
    "double_deck": "double deck",
    "allow_no_trump": "no-trump allowed",
    "allow_plain_six": "plain six (6P) allowed",
}
_TARGET_RULE_WORDS: Final[dict[str, str]] = {
    "higher_score": "the higher score wins",
    "bidder_wins": "the bidding team wins",
    "makers_or_setters": "only a team that made its bid or set the other wins",
    "always_replay": "one more hand is played",
}


@attrs.frozen(kw_only=True)
class BidEuchreOptions:
    """Every option of the Bid Euchre rules (spec E-39). Keyword-only; validated.

    ``help_value`` and ``moon_value`` default to 2× and 4× the tricks per hand (12 and
    24, or 24 and 48 with the double deck). Point values are ints up to 1,000,000:
    ``target_score`` from 1, ``help_value``, ``moon_value`` and ``renege_penalty`` from 0.

    Attributes:
        first_dealer: The first dealer's seat, 0 (N) to 3 (W) (E-3).
        double_deck: 48 cards, 12 tricks (E-38).
        target_score: Points that win the match (E-33).
        min_bid: The lowest ordinary bid (E-8).
        bidding_style: ``"single_round"`` or ``"continuous"`` (E-7).
        allow_plain_six: Adds the plain all-tricks bid with the partner playing (E-10).
        allow_no_trump: The declarer may name no-trump (E-13).
        help_card_rule: ``"highest_trump"`` (forced) or ``"partner_choice"`` (E-14).
        help_exchange_count: Cards passed each way in a help exchange (E-14).
        help_value: Score of a made help bid (E-27).
        moon_value: Score of a made moon (E-28).
        lone_set_penalty: ``"bid"`` (−6) or ``"contract_value"`` for a failed 6H/6M (E-29).
        renege_mode: ``"reject"`` illegal cards, or ``"penalize"`` them (E-23).
        renege_penalty: Points lost per renege in penalize mode (E-23).
        simultaneous_target_rule: Who wins when both teams reach the target (E-34).
        stick_the_dealer: The dealer may not pass after three passes (E-35).
        ace_no_face: A hand with an ace and no face card may be thrown in (E-36).
        joker: Adds the joker as the highest trump (E-37).
        joker_discard_timing: When the dealer discards with the joker (E-37).

    >>> options = BidEuchreOptions(double_deck=True, stick_the_dealer=True)
    >>> options.target_score, options.help_value, options.moon_value  # 2x, 4x the 12 tricks
    (32, 24, 48)
    >>> BidEuchreOptions(bidding_style="auction")
    Traceback (most recent call last):
    ...
    cardrules.errors.OptionsError: bidding_style must be one of 'single_round', 'continuous', \
not 'auction'
    """

    first_dealer: int = attrs.field(default=0, validator=int_in(0, 3))
    double_deck: bool = attrs.field(default=False, validator=flag)
    target_score: int = attrs.field(default=32, validator=_target)
    min_bid: int = attrs.field(default=3, validator=_count)
    bidding_style: BiddingStyle = attrs.field(
        default="single_round", validator=choice("single_round", "continuous")
    )
    allow_plain_six: bool = attrs.field(default=False, validator=flag)
    allow_no_trump: bool = attrs.field(default=False, validator=flag)
    help_card_rule: HelpCardRule = attrs.field(
        default="highest_trump", validator=choice("highest_trump", "partner_choice")
    )
    help_exchange_count: int = attrs.field(default=1, validator=_count)
    help_value: int = attrs.field(validator=_points)
    moon_value: int = attrs.field(validator=_points)
    lone_set_penalty: LoneSetPenalty = attrs.field(
        default="bid", validator=choice("bid", "contract_value")
    )
    renege_mode: RenegeMode = attrs.field(default="reject", validator=choice("reject", "penalize"))
    renege_penalty: int = attrs.field(default=2, validator=_points)
    simultaneous_target_rule: SimultaneousTargetRule = attrs.field(
        default="higher_score",
        validator=choice("higher_score", "bidder_wins", "makers_or_setters", "always_replay"),
    )
    stick_the_dealer: bool = attrs.field(default=False, validator=flag)
    ace_no_face: bool = attrs.field(default=False, validator=flag)
    joker: bool = attrs.field(default=False, validator=flag)
    joker_discard_timing: JokerDiscardTiming = attrs.field(
        default="before_auction", validator=choice("before_auction", "after_trump")
    )

    @help_value.default
    def _help_default(self) -> int:
        return 2 * self.tricks_per_hand

    @moon_value.default
    def _moon_default(self) -> int:
        return 4 * self.tricks_per_hand

    def __attrs_post_init__(self) -> None:
        if self.joker and self.double_deck:
            raise OptionsError("the joker cannot be combined with the double deck (E-38)")
        n = self.tricks_per_hand
        if self.min_bid > n:
            raise OptionsError(
                f"min_bid must lie between 1 and {n} (the tricks per hand), not {self.min_bid}"
            )
        if self.help_exchange_count > n:
            raise OptionsError(
                f"help_exchange_count must lie between 1 and {n} (the hand size), "
                f"not {self.help_exchange_count}"
            )

    @property
    def tricks_per_hand(self) -> int:
        """6, or 12 with the double deck."""
        return 12 if self.double_deck else 6

    def house_rule_words(self) -> tuple[str, ...]:
        """The options that differ from the defaults, in a player's words.

        The target and the end rule are left to :meth:`target_rule_words`; the point
        values count as house rules only when they differ from the defaults of the deck
        in use (a double deck's help bid scores 24 without saying so).

        >>> BidEuchreOptions().house_rule_words()
        ()
        >>> BidEuchreOptions(stick_the_dealer=True, bidding_style="continuous").house_rule_words()
        ('stick the dealer', 'bidding round and round')
        """
        default = BidEuchreOptions(double_deck=self.double_deck, joker=self.joker)
        words = [text for name, text in _SWITCH_WORDS.items() if getattr(self, name)]
        if self.bidding_style != default.bidding_style:
            words.append("bidding round and round")
        if self.min_bid != default.min_bid:
            words.append(f"lowest bid {self.min_bid}")
        if self.joker and self.joker_discard_timing != default.joker_discard_timing:
            words.append(f"the dealer discards {self.joker_discard_timing.replace('_', ' ')}")
        if self.help_card_rule != default.help_card_rule:
            words.append("the partner returns a card of their choice in a help bid")
        if self.help_exchange_count != default.help_exchange_count:
            words.append(f"{self.help_exchange_count} cards swapped in a help bid")
        if self.help_value != default.help_value:
            words.append(f"a made help bid scores {self.help_value}")
        if self.moon_value != default.moon_value:
            words.append(f"a made moon scores {self.moon_value}")
        if self.lone_set_penalty != default.lone_set_penalty:
            words.append("a set help bid or moon costs its contract value")
        if self.renege_mode != default.renege_mode:
            words.append(f"reneges allowed and penalised {self.renege_penalty} points")
        return tuple(words)

    def target_rule_words(self) -> str:
        """The target, and who wins when both teams reach it in one hand (E-34), in words.

        >>> options = BidEuchreOptions(target_score=21, simultaneous_target_rule="bidder_wins")
        >>> options.target_rule_words()
        'if both reach 21 in one hand, the bidding team wins'
        """
        rule = _TARGET_RULE_WORDS[self.simultaneous_target_rule]
        return f"if both reach {self.target_score} in one hand, {rule}"

    to_json = deprecated_alias(
        "to_dict",
        "BidEuchreOptions.to_json is deprecated and will be removed in 0.4; use to_dict",
    )
    from_json = deprecated_alias(
        "from_dict",
        "BidEuchreOptions.from_json is deprecated and will be removed in 0.4; use from_dict",
    )

    def to_dict(self) -> dict[str, Any]:
        """The options as JSON values.

        >>> document = BidEuchreOptions(double_deck=True).to_dict()
        >>> document["double_deck"], document["help_value"], document["renege_mode"]
        (True, 24, 'reject')
        >>> BidEuchreOptions.from_dict(document) == BidEuchreOptions(double_deck=True)
        True
        """
        return attrs.asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> BidEuchreOptions:
        """Rebuild options from :meth:`to_dict`; raises :class:`~cardrules.OptionsError`.

        .. versionchanged:: 0.3.0
           Renamed from ``from_json`` (and :meth:`to_dict` from ``to_json``); the old
           names warn, and go in 0.4.

        >>> BidEuchreOptions.from_dict(BidEuchreOptions().to_dict()) == BidEuchreOptions()
        True
        """
        if not isinstance(data, Mapping):
            raise OptionsError(f"options must be a JSON object, not {type(data).__name__}")
        names = {a.name for a in attrs.fields(BidEuchreOptions)}
        unknown = [k for k in data if k not in names]
        if unknown:
            shown = ", ".join(quote(k) for k in unknown[:5])
            raise OptionsError(f"unknown Bid Euchre option(s): {shown}")
        try:
            return cls(**data)
        except TypeError as exc:
            raise OptionsError(str(exc)) from None
