"""The exceptions raised by cardrules.

Every exception the library raises on purpose derives from :class:`CardrulesError`.
Errors about input a caller could have checked also derive from :class:`ValueError`
(or :class:`TypeError` for a seat of the wrong type), so code that already catches
those keeps working.

An :class:`IllegalActionError` carries the rejected ``action``, the ``seat`` that sent
it, a stable machine-readable ``code`` and, where a numbered rule forbids the action,
its ``rule_id`` (``"T-22"``, ``"E-19"``). Messages never name a card that the acting
seat cannot see.

>>> from cardrules import errors
>>> issubclass(errors.MustOvertrumpError, ValueError)
True
>>> errors.MustOvertrumpError.code
'must_overtrump'
"""

from __future__ import annotations

from typing import Any, ClassVar

__all__ = [
    "BidError",
    "CardNotInHandError",
    "CardrulesError",
    "DealError",
    "DeclarationError",
    "DiscardError",
    "ExchangeError",
    "GameOverError",
    "IllegalActionError",
    "ImmutableError",
    "InconsistentViewError",
    "InvalidActionError",
    "InvalidArgumentError",
    "InvalidSeatError",
    "LeadRestrictionError",
    "MustFollowSuitError",
    "MustOvertrumpError",
    "MustTrumpError",
    "NotYourTurnError",
    "NotationError",
    "OptionsError",
    "PluginError",
    "RecordError",
    "ScoreInputError",
    "TrumpError",
    "UnknownCardError",
    "UnknownVariantError",
    "WrongPhaseError",
]


class CardrulesError(Exception):
    """Base class of every error raised by cardrules."""


class NotationError(CardrulesError, ValueError):
    """Text that is not valid card or action notation.

    >>> from cardrules import Card
    >>> Card.parse("T22")
    Traceback (most recent call last):
    ...
    cardrules.errors.NotationError: not a card: 'T22'
    """


class InvalidArgumentError(CardrulesError, TypeError, ValueError):
    """An argument that a library call cannot take: a value of the wrong type (``Play("QH")``
    instead of ``Play(Card.parse("QH"))``), or out of the range the call documents.

    It is both a :class:`TypeError` and a :class:`ValueError`, so code that catches
    either keeps working.

    >>> from cardrules import Card, Suit
    >>> Card(Suit.HEARTS, 99)
    Traceback (most recent call last):
    ...
    cardrules.errors.InvalidArgumentError: rank must be a Rank (1 to 14), not 99
    """


class ImmutableError(CardrulesError, AttributeError):
    """An attempt to change a value that never changes: a card, an action, a state."""


class OptionsError(CardrulesError, ValueError):
    """Invalid variant options (a bad value or an impossible combination)."""


class RecordError(CardrulesError, ValueError):
    """A game record that is malformed, truncated, tampered or of an unknown version."""


class InconsistentViewError(CardrulesError, ValueError):
    """A view that no deal of its variant can produce (a tampered or hand-made view), so
    that no state can be sampled from it (``view.sample_state(rng)``).

    >>> import attrs, random, cardrules
    >>> view = cardrules.get_variant("tarot").new_game(seed=1).view(0)
    >>> attrs.evolve(view, hand=view.hand[:-1]).sample_state(random.Random(1))
    Traceback (most recent call last):
    ...
    cardrules.errors.InconsistentViewError: no deal matches this view: ...
    """

    code: ClassVar[str] = "inconsistent_view"


class DealError(CardrulesError, ValueError):
    """Cards given for a deal that do not make one: a wrong number of hands or of cards, a
    card dealt twice or missing, a card not in the variant's deck.

    >>> from cardrules.tarot import TarotVariant
    >>> TarotVariant().deal(hands=["KH"] * 4, chien=[])
    Traceback (most recent call last):
    ...
    cardrules.errors.DealError: hand 0 has 1 cards; a 4-player deal gives 18 (T-8)
    """

    code: ClassVar[str] = "invalid_deal"


class ScoreInputError(CardrulesError, ValueError):
    """Facts given to a score-only API that cannot be scored: a wrong type, a value out of
    range, or a combination that no deal or hand produces.

    >>> from cardrules.tarot import DealFacts
    >>> DealFacts(players=4, contract="garde", taker=0, points="40.25", bouts=2)
    Traceback (most recent call last):
    ...
    cardrules.errors.ScoreInputError: points come in half points (T-4): '40.25' ...
    """

    code: ClassVar[str] = "invalid_score_input"


class UnknownVariantError(CardrulesError, LookupError):
    """No variant is registered under that name."""


class PluginError(CardrulesError):
    """A third-party variant plugin failed to load."""


class IllegalActionError(CardrulesError, ValueError):
    """An action that the rules do not allow in this state.

    Attributes:
        action: The rejected action (as given, or parsed from text).
        seat: The seat that tried to act, when known.
        rule_id: The numbered rule that forbids the action, e.g. ``"T-22"``.
        code: A stable identifier of the error family, e.g. ``"must_follow_suit"``.
    """

    code: ClassVar[str] = "illegal_action"

    def __init__(
        self,
        message: str,
        *,
        action: Any = None,
        seat: int | None = None,
        rule_id: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.action = action
        self.seat = seat
        self.rule_id = rule_id

    def __str__(self) -> str:
        # Messages may already cite the rule, or a clause of it ("(T-15a)").
        if not self.rule_id or f"({self.rule_id}" in self.message:
            return self.message
        return f"{self.message} ({self.rule_id})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild_error, (type(self), self.message, self.action, self.seat, self.rule_id))


def _rebuild_error(
    cls: type[IllegalActionError], message: str, action: Any, seat: int | None, rule_id: str | None
) -> IllegalActionError:
    return cls(message, action=action, seat=seat, rule_id=rule_id)


class InvalidActionError(IllegalActionError):
    """Something that is not an action of this game at all (wrong type or variant)."""

    code: ClassVar[str] = "invalid_action"


class InvalidSeatError(IllegalActionError, TypeError):
    """A seat that is not an ``int`` in range (``True``, ``1.0``, ``"1"``, ``7``)."""

    code: ClassVar[str] = "invalid_seat"


class NotYourTurnError(IllegalActionError):
    """The named seat is not the one to act."""

    code: ClassVar[str] = "not_your_turn"


class WrongPhaseError(IllegalActionError):
    """An action of a kind that this phase does not take (a card during the auction)."""

    code: ClassVar[str] = "wrong_phase"


class GameOverError(WrongPhaseError):
    """Any action after the game (deal, hand) has ended."""

    code: ClassVar[str] = "game_over"


class UnknownCardError(IllegalActionError):
    """A card that is not in this game's deck (``8S`` in Euchre, a Tarot trump in Euchre)."""

    code: ClassVar[str] = "unknown_card"


class CardNotInHandError(IllegalActionError):
    """A card of the deck that the acting seat does not hold."""

    code: ClassVar[str] = "card_not_in_hand"


class MustFollowSuitError(IllegalActionError):
    """A card of another suit while the seat holds a card of the suit led."""

    code: ClassVar[str] = "must_follow_suit"


class MustTrumpError(IllegalActionError):
    """A discard while the seat could trump and the rules oblige it to."""

    code: ClassVar[str] = "must_trump"


class MustOvertrumpError(IllegalActionError):
    """A trump lower than the best trump in the trick while the seat holds a higher one."""

    code: ClassVar[str] = "must_overtrump"


class LeadRestrictionError(IllegalActionError):
    """A lead that the rules forbid (e.g. the called suit on the first lead)."""

    code: ClassVar[str] = "lead_restricted"


class BidError(IllegalActionError):
    """A bid that is too low, out of range, or not allowed to this seat."""

    code: ClassVar[str] = "illegal_bid"


class TrumpError(IllegalActionError):
    """A trump choice the options do not allow."""

    code: ClassVar[str] = "illegal_trump"


class DiscardError(IllegalActionError):
    """A discard (écart, joker discard) that breaks the discard rules."""

    code: ClassVar[str] = "illegal_discard"


class ExchangeError(IllegalActionError):
    """A card passed in an exchange (the help exchange of Bid Euchre) that is not allowed."""

    code: ClassVar[str] = "illegal_exchange"


class DeclarationError(IllegalActionError):
    """An announcement or declaration (poignée, slam, claim) that is not allowed."""

    code: ClassVar[str] = "illegal_declaration"
