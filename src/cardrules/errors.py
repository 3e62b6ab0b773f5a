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

import re
from typing import Any, ClassVar, Final

from cardrules._util import quote

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
    "PositionError",
    "RecordError",
    "ScoreInputError",
    "SeatRequiredError",
    "TrumpError",
    "UnknownCardError",
    "UnknownVariantError",
    "WrongPhaseError",
]


class CardrulesError(Exception):
    """Base class of every error raised by cardrules.

    Attributes:
        code: A stable identifier of the error family, e.g. ``"invalid_deal"``.
        rule_id: The numbered rule the message cites (``"T-8"``), else ``None``.
        seat: The seat the error is about (the caller's), when known.
        action: The action the caller sent, when there was one.
        variant: The id of the variant whose state refused the action (``"tarot"``),
            when a state raised the error.
    """

    code: ClassVar[str] = "cardrules_error"

    def __init__(
        self,
        *args: object,
        action: Any = None,
        seat: int | None = None,
        rule_id: str | None = None,
        variant: str | None = None,
    ) -> None:
        super().__init__(*args)
        self.action = action
        self.seat = seat
        # Where the message cites a rule ("(T-8)"), the document carries it too.
        self.rule_id = rule_id if rule_id is not None else _cited_rule(args)
        self.variant = variant

    def to_dict(self) -> dict[str, Any]:
        """The error as JSON values, for an app's answer to a client.

        ``{"variant", "code", "rule_id", "seat", "action", "message"}``
        (``cardrules.envelope.ERROR_KEYS``): the variant, rule, seat and action are
        ``None`` where they do not apply. The variant is the id of the variant whose
        state refused the action (``state.apply``, ``state.check``). The rule is the one
        the message cites (a
        clause's letter dropped); the seat and the action are the caller's whenever it
        gave them, the action as its notation (text as sent, anything else as the
        message quotes it). The message is
        ``str(error)``, which never names a card the acting seat cannot see (see
        ``cardrules.json_schema("error", ...)``). Every value is one JSON carries
        exactly, whatever the caller gave: a seat beyond 2**53 in magnitude is its text
        as the message shows it (``"an int of 5001 digits"``), and text that UTF-8
        cannot encode (a lone surrogate) is escaped (``"\\ud800"``).

        >>> from cardrules.tarot import TarotVariant
        >>> state = TarotVariant().new_game(seed=1)
        >>> try:
        ...     state.apply("bid garde", seat=2)
        ... except CardrulesError as error:
        ...     error.to_dict()
        {'variant': 'tarot', 'code': 'not_your_turn', 'rule_id': None, 'seat': 2, \
'action': 'bid garde', 'message': "it is not seat 2's turn: seat 1 is to play"}
        """
        return _document(self)


class NotationError(CardrulesError, ValueError):
    """Text that is not valid card or action notation.

    >>> from cardrules import Card
    >>> Card.parse("T22")
    Traceback (most recent call last):
    ...
    cardrules.errors.NotationError: not a card: 'T22'
    """

    code: ClassVar[str] = "bad_notation"


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

    code: ClassVar[str] = "invalid_argument"


class ImmutableError(CardrulesError, AttributeError):
    """An attempt to change a value that never changes: a card, an action, a state."""

    code: ClassVar[str] = "immutable"


class OptionsError(CardrulesError, ValueError):
    """Invalid variant options (a bad value or an impossible combination)."""

    code: ClassVar[str] = "invalid_options"


class RecordError(CardrulesError, ValueError):
    """A game record that is malformed, truncated, tampered or of an unknown version."""

    code: ClassVar[str] = "invalid_record"


class PositionError(CardrulesError, ValueError):
    """A position's text (``variant.from_position``) that is not a position of this
    variant: malformed, written for other options, or inconsistent with the rules.

    The message starts with the field's name (``"tricks: …"``).

    Attributes:
        field: The name of the faulty field, as the Notation page's grammar names it
            (``"hands"``, ``"tricks"``, ``"turn"`` …), or ``"position"`` for the text as
            a whole.

    >>> from cardrules.tarot import TarotVariant
    >>> TarotVariant().from_position("tarot4 9")
    Traceback (most recent call last):
    ...
    cardrules.errors.PositionError: position: a French Tarot position has 12 fields ...
    """

    code: ClassVar[str] = "invalid_position"

    def __init__(self, message: str, *, field: str = "position") -> None:
        super().__init__(message)
        self.field = field


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
    >>> DealFacts(players=4, contract="garde", taker=0, points=40.25, bouts=2)
    Traceback (most recent call last):
    ...
    cardrules.errors.ScoreInputError: points come in half points (T-4): 40.25 ...
    """

    code: ClassVar[str] = "invalid_score_input"


class UnknownVariantError(CardrulesError, LookupError):
    """No variant is registered under that name."""

    code: ClassVar[str] = "unknown_variant"


class PluginError(CardrulesError):
    """A third-party variant plugin failed to load."""

    code: ClassVar[str] = "plugin_error"


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
        variant: str | None = None,
    ) -> None:
        super().__init__(message, action=action, seat=seat, rule_id=rule_id, variant=variant)
        self.message = message

    def __str__(self) -> str:
        # Messages may already cite the rule, or a clause of it ("(T-15a)").
        if not self.rule_id or f"({self.rule_id}" in self.message:
            return self.message
        return f"{self.message} ({self.rule_id})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (
            _rebuild_error,
            (type(self), self.message, self.action, self.seat, self.rule_id, self.variant),
        )

    def to_dict(self) -> dict[str, Any]:
        """The error as JSON values: see :meth:`CardrulesError.to_dict`."""
        return _document(self)


def _document(error: CardrulesError) -> dict[str, Any]:
    rule_id = error.rule_id
    variant = getattr(error, "variant", None)
    return {
        "variant": _text(variant) if isinstance(variant, str) else None,
        "code": _text(error.code),
        "rule_id": _text(rule_id) if isinstance(rule_id, str) else None,
        "seat": _seat_json(error.seat),
        "action": _action_text(error.action),
        "message": _text(str(error)),
    }


# A rule cited in a message: "(T-22)", "(T-15a)", "(E-17), so", "(T-4): 40.25" - the ID
# of a rule (a clause's letter dropped), right after an opening parenthesis. A plugin's
# rules are cited the same way ("(W-3)").
_CITATION: Final = re.compile(r"\(([A-Z][A-Z0-9]{0,3}-[0-9]+)[a-z]?\b")
# A caller's text as the messages quote it (cardrules._util.quote: a str's repr), which
# may hold anything, a citation's look-alike too; an apostrophe after a letter or a
# digit ("seat 2's") opens none.
_QUOTED: Final = re.compile(r"""(?<![0-9A-Za-z])(?:'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")""")


def _cited_rule(args: tuple[object, ...]) -> str | None:
    """The first rule a message cites, outside the caller's values it quotes."""
    if not args or type(args[0]) is not str or "-" not in args[0]:
        return None
    found = _CITATION.search(_QUOTED.sub("", args[0]))
    return found.group(1) if found else None


# The largest int every JSON reader holds exactly (IEEE double precision).
_JSON_INT_LIMIT = 2**53


def _text(text: str) -> str:
    """``text`` as a JSON document carries it: a lone surrogate, which no UTF-8 text can
    hold, escaped as ``\\udxxx``."""
    if text.isascii():
        return text
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def _seat_json(seat: object) -> int | str | None:
    """An error's seat as JSON: an int that JSON holds exactly as itself, a larger one
    as the messages show it (Python cannot even write an int of over 4,300 digits)."""
    if type(seat) is not int:
        return None
    if -_JSON_INT_LIMIT <= seat <= _JSON_INT_LIMIT:
        return seat
    return quote(seat)


def _action_text(action: object) -> str | None:
    """An error's action as JSON: the notation of a library value (an action, a card,
    a plugin's action built on the library's), a string as given (cut short), else the
    caller's object as the messages show it."""
    if isinstance(action, str):
        # str.__str__: a subclass's own methods are not called.
        return _text(str.__str__(action)[:200])
    # By module rather than by class: the actions module builds on this one. A plugin's
    # action built on the library's action classes is shown by its notation too.
    if type(action).__module__.startswith("cardrules.") or any(
        base.__module__ == "cardrules.actions" for base in type(action).__mro__
    ):
        try:
            return _text(str(action)[:200])
        except Exception:
            return None
    if action is None:
        return None
    # Anything else a caller sent, as the messages show it (bounded, never raising).
    return _text(quote(action)[:200])


def _rebuild_error(
    cls: type[IllegalActionError],
    message: str,
    action: Any,
    seat: int | None,
    rule_id: str | None,
    variant: str | None = None,
) -> IllegalActionError:
    return cls(message, action=action, seat=seat, rule_id=rule_id, variant=variant)


class InvalidActionError(IllegalActionError):
    """Something that is not an action of this game at all (wrong type or variant)."""

    code: ClassVar[str] = "invalid_action"


class InvalidSeatError(IllegalActionError, TypeError):
    """A seat that is not an ``int`` in range (``True``, ``1.0``, ``"1"``, ``7``)."""

    code: ClassVar[str] = "invalid_seat"


class SeatRequiredError(InvalidSeatError):
    """No seat named, where the game requires one: a state dealt with
    ``require_seat=True`` takes ``apply(action, seat)``, never ``apply(action)``.

    >>> from cardrules.tarot import TarotVariant
    >>> TarotVariant().new_game(seed=1, require_seat=True).apply("pass")
    Traceback (most recent call last):
    ...
    cardrules.errors.SeatRequiredError: this game requires the acting seat: pass seat=, the \
seat of the client that sent the action (seat 1 is to play)
    """

    code: ClassVar[str] = "seat_required"


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
