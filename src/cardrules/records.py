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
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from cardrules._records import FORMAT as _FORMAT
from cardrules._records import MAX_META_CHARS as _MAX_META_CHARS
from cardrules._records import MAX_META_DEPTH as _MAX_META_DEPTH
from cardrules._records import SCHEMA_VERSION as _SCHEMA_VERSION
from cardrules._records import (
    Record,
    check_rules_version,
    dumps,
    parse,
    record_of,  # noqa: F401 - still importable from here
    thaw,
)
from cardrules.errors import (
    CardrulesError,
    InvalidArgumentError,
    PluginError,
    RecordError,
    UnknownVariantError,
)
from cardrules.registry import get_variant_class
from cardrules.state import State, Variant

__all__ = [
    "FORMAT",
    "MAX_META_CHARS",
    "MAX_META_DEPTH",
    "SCHEMA_VERSION",
    "Record",
    "dumps",
    "final_state",
    "loads",
    "replay",
]

FORMAT: Final = _FORMAT
"""The value of the ``format`` field of every record."""

SCHEMA_VERSION: Final = _SCHEMA_VERSION
"""The schema version this library writes and reads."""

MAX_META_CHARS: Final = _MAX_META_CHARS
"""The most characters of compact JSON a record's ``meta`` may take."""

MAX_META_DEPTH: Final = _MAX_META_DEPTH
"""How many levels of objects and arrays a record's ``meta`` may nest."""


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
