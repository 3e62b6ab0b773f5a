"""Versioned JSON records of games, and replay.

A record holds everything needed to rebuild a game exactly: the format and schema
version, the variant's id and rules version, its options, the dealer, the dealt cards
(not only a seed, so a record survives any change of shuffle) and the actions in
notation. :func:`~cardrules.loads` treats its input as untrusted: anything malformed, truncated,
of an unknown version or tampered (duplicated or missing cards, an illegal action)
raises :class:`~cardrules.RecordError`, and nothing is half-loaded.

A record that merely swaps two cards between hands is consistent and cannot be
detected by the rules: applications keep the authoritative state on the server and
send clients only their seat's view, and an app that hands records to clients (save
files, links) signs them: ``dumps(record, key=secret)`` adds an HMAC-SHA256 signature
that ``loads(text, key=secret)`` checks.

>>> import cardrules
>>> from cardrules import records
>>> state = cardrules.get_variant("bid-euchre").new_game(seed=1)
>>> state = state.apply(state.legal_actions()[0])
>>> text = records.dumps(state.record())
>>> records.final_state(records.loads(text)) == state
True

A match's record ties its deals together: ``match.record()``, once each deal was added
with ``match.after_deal(final_state)``, holds the match's start and every deal's record;
:func:`~cardrules.dumps` writes it (signed with ``key=``), :func:`loads_match` reads it back, and
:func:`replay_match` plays every deal again and rebuilds the match.

>>> match = cardrules.get_variant("tarot").new_match(seed=5, deal_limit=2)
>>> final = match.next_deal()
>>> while not final.is_terminal:
...     final = final.apply(final.legal_actions()[-1])
>>> match = match.after_deal(final)
>>> text = records.dumps(match.record(), key="server secret")
>>> again = records.replay_match(records.loads_match(text, key="server secret"))
>>> again == match, again.next_deal() == match.next_deal()
(True, True)
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, Final

from cardrules._records import FORMAT as _FORMAT
from cardrules._records import MATCH_RECORD_FORMAT as _MATCH_RECORD_FORMAT
from cardrules._records import MATCH_RECORD_SCHEMA_VERSION as _MATCH_RECORD_SCHEMA_VERSION
from cardrules._records import MAX_MATCH_DEALS as _MAX_MATCH_DEALS
from cardrules._records import MAX_MATCH_TEXT as _MAX_MATCH_TEXT
from cardrules._records import MAX_META_CHARS as _MAX_META_CHARS
from cardrules._records import MAX_META_DEPTH as _MAX_META_DEPTH
from cardrules._records import SCHEMA_VERSION as _SCHEMA_VERSION
from cardrules._records import (
    MatchRecord,
    Record,
    check_rules_version,
    dumps,
    parse,
    parse_match,
    record_of,  # noqa: F401 - still importable from here
    thaw,
)
from cardrules._util import quote
from cardrules.errors import (
    CardrulesError,
    InvalidArgumentError,
    PluginError,
    RecordError,
    ScoreInputError,
    UnknownVariantError,
)
from cardrules.match import RecordedMatch, Series
from cardrules.registry import get_variant_class
from cardrules.state import State, Variant

__all__ = [
    "FORMAT",
    "MATCH_RECORD_FORMAT",
    "MATCH_RECORD_SCHEMA_VERSION",
    "MAX_MATCH_DEALS",
    "MAX_MATCH_TEXT",
    "MAX_META_CHARS",
    "MAX_META_DEPTH",
    "SCHEMA_VERSION",
    "MatchRecord",
    "Record",
    "dumps",
    "final_state",
    "loads",
    "loads_match",
    "match_from_dict",
    "replay",
    "replay_match",
]

FORMAT: Final = _FORMAT
"""The value of the ``format`` field of every record."""

SCHEMA_VERSION: Final = _SCHEMA_VERSION
"""The schema version this library writes and reads."""

MAX_META_CHARS: Final = _MAX_META_CHARS
"""The most characters of compact JSON a record's ``meta`` may take."""

MAX_META_DEPTH: Final = _MAX_META_DEPTH
"""How many levels of objects and arrays a record's ``meta`` may nest."""

MATCH_RECORD_FORMAT: Final = _MATCH_RECORD_FORMAT
"""The value of the ``format`` field of every match record (``match.record()``)."""

MATCH_RECORD_SCHEMA_VERSION: Final = _MATCH_RECORD_SCHEMA_VERSION
"""The match record version this library writes and reads."""

MAX_MATCH_DEALS: Final = _MAX_MATCH_DEALS
"""The most deals a match record holds."""

MAX_MATCH_TEXT: Final = _MAX_MATCH_TEXT
"""The most characters (or bytes) of a match record's text that :func:`loads_match` reads."""


def loads(text: str | bytes, *, key: bytes | str | None = None) -> Record:
    """Parse and validate a record's JSON text (untrusted input).

    The structure is checked here, and the rules version when the record's variant is
    installed; the deal and the actions are checked against the rules by :func:`replay`
    (which :func:`final_state` runs).

    Args:
        text: The JSON text, as :func:`dumps` writes it.
        key: The secret key the record was signed with (``dumps(record, key=...)``): a
            record whose signature is missing or does not match is refused, with a
            constant-time comparison. Without ``key`` a signature is not checked, and
            a signed record reads like any other: an app that signs its records must
            always pass its key.

    Raises:
        RecordError: the text is not a well-formed record of a known version, or (with
            ``key``) it is not signed with that key.
        InvalidArgumentError: ``key`` is empty or not bytes or text.

    >>> import cardrules
    >>> state = cardrules.get_variant("tarot").new_game(seed=2)
    >>> text = dumps(state.record(), key=b"server secret")
    >>> loads(text, key=b"server secret") == state.record()
    True
    >>> loads(text.replace('"dealer": 0', '"dealer": 1'), key=b"server secret")
    Traceback (most recent call last):
    ...
    cardrules.errors.RecordError: the record's signature does not match: the record was \
changed, or signed with another key
    """
    record = parse(text, key=key)
    try:
        cls = get_variant_class(record.variant)
    except (UnknownVariantError, PluginError):
        # replay() refuses it; a record of a variant not installed may still be read.
        return record
    check_rules_version(record.rules_version, cls)
    return record


def replay(record: Record, *, variant: Variant | None = None) -> Iterator[State]:
    """Yield the first state of the record's deal and the state after each action.

    Every action goes through the checked ``apply``. Consume the iterator fully (or use
    :func:`final_state`) to validate a whole record.

    >>> import cardrules
    >>> state = cardrules.get_variant("tarot").new_game(seed=7)
    >>> state = state.apply("bid garde").apply("pass")
    >>> [len(s.history) for s in cardrules.replay(state.record())]
    [0, 1, 2]

    Args:
        record: The record to replay.
        variant: The variant to replay with; by default the record's own variant with
            the record's options.

    Raises:
        RecordError: unknown variant or options, an impossible deal, or an action that
            is malformed or illegal where it stands (the message gives its position).
    """
    if variant is not None:
        yield from variant.replay(record)
        return
    if not isinstance(record, Record):
        raise InvalidArgumentError(f"replay takes a Record, not {type(record).__name__}")
    try:
        cls = get_variant_class(record.variant)
        variant = cls.from_options_json(thaw(record.options))
    except CardrulesError as exc:
        raise RecordError(f"cannot rebuild the record's variant: {exc}") from None
    # The registry found the variant by the record's name (any of its spellings), so
    # the replay skips the check of that name against the variant's id and aliases.
    yield from variant._replay_record(record)


def final_state(record: Record, *, variant: Variant | None = None) -> State:
    """Replay the whole record and return its last state (validates everything).

    Raises:
        RecordError: as :func:`replay`.

    >>> import cardrules
    >>> state = cardrules.get_variant("tarot").new_game(seed=7).apply("bid garde")
    >>> text = cardrules.dumps(state.record())
    >>> cardrules.final_state(cardrules.loads(text)) == state
    True
    """
    states = replay(record, variant=variant)
    state = next(states)
    for state in states:  # noqa: B007 - only the last state is wanted
        pass
    return state


def loads_match(text: str | bytes, *, key: bytes | str | None = None) -> MatchRecord:
    """Parse and validate a match record's JSON text (untrusted input), as
    :func:`~cardrules.dumps` writes ``match.record()``.

    The structure is checked here, and each deal's rules version when the variant is
    installed; :func:`replay_match` checks the deals against the rules and the match.

    Args:
        text: The JSON text.
        key: The secret key the match record was signed with: a match record whose
            signature is missing or does not match is refused (see
            :func:`~cardrules.loads`).

    Raises:
        RecordError: the text is not a well-formed match record of a known version (at
            most :data:`MAX_MATCH_TEXT` characters and :data:`MAX_MATCH_DEALS` deals), a
            deal is not a well-formed record, or (with ``key``) it is not signed with
            that key.
        InvalidArgumentError: ``key`` is empty or not bytes or text.

    >>> import cardrules
    >>> book = cardrules.get_variant("bid-euchre").new_match(seed=1).record()
    >>> loads_match(dumps(book, key="k"), key="k") == book
    True
    >>> loads(dumps(book))
    Traceback (most recent call last):
    ...
    cardrules.errors.RecordError: this is a match record: read it with \
cardrules.records.loads_match, not loads
    """
    record = parse_match(text, key=key)
    try:
        cls = get_variant_class(record.variant)
    except (UnknownVariantError, PluginError):
        # replay_match() refuses it; a match record of a variant not installed may be read.
        return record
    for deal in record.deals:
        check_rules_version(deal.rules_version, cls)
    return record


def match_from_dict(document: Mapping[str, Any]) -> RecordedMatch:
    """The match a match document (``match.to_dict()``) describes, of any registered
    variant: a :class:`~cardrules.match.Series` for a series' document (it has a
    ``"series"`` key), else the variant's own match (``type(variant.new_match())``),
    read with its ``from_dict(document, variant=...)``, the variant rebuilt from the
    document's options.

    Raises:
        ScoreInputError: not a match document, or one its match refuses.
        UnknownVariantError: the document's variant is not registered.
        OptionsError: the options are refused.
        InvalidArgumentError: the variant's match cannot be read from a document (it
            has no ``from_dict``).

    >>> import cardrules
    >>> match = cardrules.get_variant("bid-euchre", target_score=10).new_match(seed=3)
    >>> match_from_dict(match.to_dict()) == match
    True
    """
    if not isinstance(document, Mapping):
        raise ScoreInputError(f"a match document is a JSON object, not {quote(document)}")
    named = document.get("variant")
    options = document.get("options")
    if not isinstance(named, str) or not isinstance(options, Mapping):
        raise ScoreInputError("a match document names its variant and gives its options")
    variant = get_variant_class(named).from_options_json(options)
    # A series' document says so (its "series" key); any other is the variant's match's.
    kind = Series if "series" in document else type(variant.new_match())
    read = getattr(kind, "from_dict", None)
    if not callable(read):
        raise InvalidArgumentError(
            f"the matches of {variant.name} ({kind.__name__}) cannot be read from a document"
        )
    match: RecordedMatch = read(document, variant=variant)
    return match


def replay_match(record: MatchRecord) -> RecordedMatch:
    """Rebuild the match a match record describes: its start, then every deal replayed
    (each action through the checked ``apply``) and added with ``after_deal``, so that
    its totals, dealer and next deal are exactly the live match's.

    Raises:
        RecordError: a starting match that is refused or has deals, a deal of another
            variant or options, a deal that is not the match's next one (another dealer
            or ``require_seat``; in a match with a seed, not the deal its seed deals), a
            deal that is invalid or unfinished, or a deal after the end; the message
            names the deal.
        InvalidArgumentError: ``record`` is not a MatchRecord.

    >>> import cardrules
    >>> match = cardrules.get_variant("tarot").new_match(seed=9)
    >>> replay_match(match.record()) == match
    True
    """
    if not isinstance(record, MatchRecord):
        raise InvalidArgumentError(f"replay_match takes a MatchRecord, not {quote(record)}")
    try:
        match = match_from_dict(thaw(record.match))
    except CardrulesError as exc:
        raise RecordError(f"the match record's starting match is refused: {exc}") from None
    if match.results:
        raise RecordError(
            "the match record's starting match has deals already: it is the match before"
            " its first deal"
        )
    for number, deal in enumerate(record.deals, 1):
        where = f"deal {number} of the match record"
        if match.is_over:
            raise RecordError(f"{where} follows the end of the match")
        if deal.variant != record.variant or deal.options != record.options:
            raise RecordError(f"{where} is not a deal of the match's variant and options")
        try:
            final = final_state(deal)
        except RecordError as exc:
            raise RecordError(f"{where}: {exc}") from None
        if not final.is_terminal:
            raise RecordError(f"{where} is not finished: its last state is {final!r}")
        try:
            match = match.after_deal(final)
        except CardrulesError as exc:
            raise RecordError(f"{where} is refused: {exc}") from None
    return match
