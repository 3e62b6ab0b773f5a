"""The record format, below the state machine: the :class:`Record` value, its JSON text
and the checks of its structure.

This module imports neither :mod:`cardrules.state` nor :mod:`cardrules.registry` at run
time (it names the state types for type checkers only), so both build on it:
``State.record()`` and ``Variant.replay()`` use it, and :mod:`cardrules.records`, the
public face, adds what needs the registry: the rules version check of
:func:`~cardrules.loads` and the replay of a record by its own variant.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import math
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, Final

import attrs

from cardrules._util import FrozenDict, quote
from cardrules.deprecation import deprecated_alias
from cardrules.errors import InvalidArgumentError, RecordError

if TYPE_CHECKING:
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
    "check_rules_version",
    "dumps",
    "freeze",
    "parse",
    "parse_match",
    "record_of",
    "thaw",
]

FORMAT: Final = "cardrules-record"
"""The value of the ``format`` field of every record."""

SCHEMA_VERSION: Final = 1
"""The schema version this library writes and reads."""

_MAX_TEXT: Final = 1 << 20
_MAX_ACTIONS: Final = 10_000
# Every number a record holds is a JSON-safe integer, at most 2**53 in magnitude: 16
# digits. A longer literal is refused before Python turns it into an int.
_MAX_NUMBER: Final = 1 << 53
_MAX_INT_TEXT: Final = 17
# A record's values nest three deep at most (the deal's hands, an option's table).
_MAX_DEPTH: Final = 8
# An app's data in a record (Record.meta): a small JSON object, a few levels deep.
MAX_META_CHARS: Final = 16_384
MAX_META_DEPTH: Final = 4
# A match record: the match's start and each deal's record.
MATCH_RECORD_FORMAT: Final = "cardrules-match-record"
MATCH_RECORD_SCHEMA_VERSION: Final = 1
MAX_MATCH_DEALS: Final = 1_000
MAX_MATCH_TEXT: Final = 1 << 22


def freeze(value: Any) -> Any:
    """``value`` read-only: its objects as hashable ``FrozenDict``, its arrays as tuples."""
    if isinstance(value, Mapping):
        return FrozenDict({k: freeze(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple(freeze(v) for v in value)
    return value


def thaw(value: Any) -> Any:
    """``value`` as plain JSON values again (``dict`` and ``list``), for the variant's hooks."""
    if isinstance(value, Mapping):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [thaw(v) for v in value]
    return value


def _depth(value: object) -> int:
    """How many objects and arrays deep ``value`` nests (0 for a scalar)."""
    if isinstance(value, Mapping):
        return 1 + max((_depth(v) for v in value.values()), default=0)
    if isinstance(value, (list, tuple)):
        return 1 + max((_depth(v) for v in value), default=0)
    return 0


def _to_meta(value: object) -> Any:
    """An app's data for a record, checked and frozen: None, or a JSON object of text
    keys and JSON values, at most :data:`MAX_META_DEPTH` levels deep and
    :data:`MAX_META_CHARS` characters of JSON."""
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise RecordError(f"the record's meta is a JSON object or None, not {quote(value)}")
    # Types, numbers and text first, the way every record value is checked; its depth
    # bound also keeps the walks below short.
    check_values(value, ("meta",))
    if _depth(value) > MAX_META_DEPTH:
        raise RecordError(f"the record's meta nests more than {MAX_META_DEPTH} levels deep")
    size = len(json.dumps(thaw(value), ensure_ascii=False, separators=(",", ":")))
    if size > MAX_META_CHARS:
        raise RecordError(
            f"the record's meta is too large: {size} characters of JSON, at most {MAX_META_CHARS}"
        )
    return freeze(value)


def _str_tuple(items: Iterable[str]) -> tuple[str, ...]:
    # A typed converter: with converter=tuple, type checkers cannot infer the item type.
    return tuple(items)


def _names(items: Iterable[str] | None) -> tuple[str, ...] | None:
    return None if items is None else tuple(items)


@attrs.frozen(kw_only=True)
class Record:
    """An immutable game record. Build one with ``state.record()`` or :func:`loads`.

    Attributes:
        variant: The variant id, e.g. ``"tarot"``.
        rules_version: The variant's rules version when the record was written.
        options: The variant's options as JSON values (read-only).
        players: The number of seats, or None when not known (a record read from the
            text of a release before 0.3): the envelope's key, filled by
            ``state.record()``; a replay refuses a record whose count is not its variant's.
        seat_names: How the table names each seat (``info.seat_names``), or None,
            likewise.
        dealer: The dealer's seat.
        deal: The dealt cards as JSON values, in the variant's own layout (read-only).
        actions: The actions in notation, in order.
        require_seat: The game was dealt with ``require_seat=True``: its replayed states
            require the acting seat too. Written to the JSON only when true.
        meta: An app's own data, or None: a JSON object (text keys; JSON values at most
            :data:`~cardrules.records.MAX_META_DEPTH` levels deep and
            :data:`~cardrules.records.MAX_META_CHARS` characters of
            JSON), such as a table id, player names and a date. Kept through
            :func:`~cardrules.dumps` and :func:`~cardrules.loads`, covered by the
            signature, ignored by the replay; ``null`` in the JSON when not given.

    ``players`` and ``seat_names`` tell about the variant and do not take part in the
    record's equality.

    Raises:
        RecordError: a ``meta`` that is not such an object.

    .. versionchanged:: 0.3.0
       ``require_seat``, ``meta``, ``players`` and ``seat_names``.

    >>> import cardrules
    >>> record = cardrules.get_variant("tarot").new_game(seed=3).record()
    >>> record = record.with_meta({"table": "t-17", "players": ["Ann", "Bo", "Cy", "Di"]})
    >>> text = cardrules.dumps(record, key="secret")
    >>> cardrules.loads(text, key="secret").meta["players"][0]
    'Ann'
    """

    variant: str
    rules_version: str
    options: Mapping[str, Any] = attrs.field(converter=freeze)
    dealer: int
    deal: Mapping[str, Any] = attrs.field(converter=freeze)
    actions: tuple[str, ...] = attrs.field(converter=_str_tuple)
    require_seat: bool = False
    meta: Mapping[str, Any] | None = attrs.field(default=None, converter=_to_meta)
    players: int | None = attrs.field(default=None, eq=False)
    seat_names: tuple[str, ...] | None = attrs.field(default=None, eq=False, converter=_names)

    def to_dict(self) -> dict[str, Any]:
        """The record as a JSON object (``dict``), format and schema included, as
        :func:`~cardrules.dumps` writes it; ``cardrules.json_schema("record", variant_id)``
        describes it. It has the envelope of a record (``cardrules.envelope.RECORD_KEYS``:
        the variant, its options, ``players`` and ``seat_names`` when known, the dealer
        and ``meta``).

        .. versionchanged:: 0.3.0
           ``to_json``, its other name, is deprecated (removed in 0.4).

        >>> import cardrules
        >>> record = cardrules.get_variant("tarot").new_game(seed=3).record()
        >>> record.to_dict()["variant"], record.to_dict()["actions"]
        ('tarot', [])
        >>> record.to_dict()["seat_names"], record.to_dict()["meta"]
        (['0', '1', '2', '3'], None)
        """
        document: dict[str, Any] = {
            "format": FORMAT,
            "schema": SCHEMA_VERSION,
            "variant": self.variant,
            "rules_version": self.rules_version,
            "options": thaw(self.options),
        }
        if self.players is not None:
            document["players"] = self.players
        if self.seat_names is not None:
            document["seat_names"] = list(self.seat_names)
        document |= {
            "dealer": self.dealer,
            "deal": thaw(self.deal),
            "actions": list(self.actions),
        }
        # Only when set: the record of a plain game reads as it did before the field.
        if self.require_seat is not False:
            document["require_seat"] = self.require_seat
        document["meta"] = thaw(self.meta)
        return document

    def with_meta(self, meta: Mapping[str, Any] | None) -> Record:
        """The record with an app's data as its :attr:`meta` (None removes it).

        Raises:
            RecordError: ``meta`` is not a small JSON object (see :attr:`meta`).

        >>> import cardrules
        >>> record = cardrules.get_variant("bid-euchre").new_game(seed=1).record()
        >>> record.with_meta({"table": 4}).meta["table"]
        4
        >>> record.with_meta({"table": 4}).with_meta(None) == record
        True
        """
        return attrs.evolve(self, meta=meta)

    to_json = deprecated_alias(
        "to_dict", "Record.to_json is deprecated and will be removed in 0.4; use Record.to_dict"
    )


# Its public home: pickles and documentation name cardrules.records.Record.
Record.__module__ = "cardrules.records"


def record_of(state: State) -> Record:
    """The record of ``state``'s game so far (used by ``State.record()``)."""
    history = state.history
    variant = state.variant
    info = variant.info
    return Record(
        variant=variant.id,
        rules_version=variant.rules_version,
        options=variant.options_json(),
        dealer=state.dealer,
        deal=variant.deal_json(state),
        actions=tuple(variant.action_text(action) for _, action in history),
        require_seat=state.requires_seat,
        players=info.players,
        seat_names=info.seat_names,
    )


# The envelope keys a match record repeats from its starting match document, and their
# names there.
_MATCH_ENVELOPE: Final = (
    ("variant", "variant"),
    ("options", "options"),
    ("players", "players"),
    ("seat_names", "seat_names"),
    ("dealer", "first_dealer"),
)


def _deals(items: Iterable[Record]) -> tuple[Record, ...]:
    if not isinstance(items, (list, tuple)):
        raise RecordError(f"a match record's deals are a list of Records, not {quote(items)}")
    return tuple(items)


@attrs.frozen(kw_only=True)
class MatchRecord:
    """A match's record: its start and every deal played, each deal's :class:`Record`
    in order; replayable and signable like a deal's record.

    Build one with ``match.record()`` (``TarotMatch``, ``BidEuchreMatch``, ``Series``)
    once every deal was added with ``match.after_deal(final_state)``, or read one with
    :func:`~cardrules.records.loads_match`; :func:`~cardrules.records.replay_match`
    plays every deal again and rebuilds the match, so that it goes on exactly as the
    live one. A deal entered as its result or facts (``match.after``) has no record:
    such a match has no match record (its ``to_dict()`` keeps its score sheet).

    Attributes:
        match: The match at its start, as its ``to_dict()`` writes it (read-only): the
            variant and its options, the seed, the first dealer, the starting totals,
            ``require_seat`` and the session's length.
        deals: Each deal's record, in order (at most
            :data:`~cardrules.records.MAX_MATCH_DEALS`).
        meta: An app's own data, or None, as :attr:`Record.meta
            <cardrules.Record.meta>`: kept by
            :func:`~cardrules.dumps` and :func:`~cardrules.records.loads_match`, covered
            by the signature, ignored by the replay.

    The record envelope's keys (``cardrules.envelope.RECORD_KEYS``) are the starting
    match's: :attr:`variant`, :attr:`options`, :attr:`players`, :attr:`seat_names`,
    :attr:`dealer` (the first dealer) and :attr:`meta`.

    Raises:
        RecordError: a match that is not a match document's start (its envelope keys
            missing or of the wrong type), a deal that is not a Record, too many deals,
            or a ``meta`` that is not a small JSON object.

    >>> import cardrules
    >>> from cardrules import records
    >>> match = cardrules.get_variant("bid-euchre").new_match(seed=3)
    >>> state = match.next_deal()
    >>> while not state.is_terminal:
    ...     state = state.apply(state.legal_actions()[-1])
    >>> book = match.after_deal(state).record().with_meta({"table": "t-9"})
    >>> book.variant, book.dealer, len(book.deals), book.deals[0].dealer
    ('bid-euchre', 0, 1, 0)
    >>> text = records.dumps(book, key="secret")
    >>> records.replay_match(records.loads_match(text, key="secret")).totals
    (6, -6, 6, -6)
    """

    match: Mapping[str, Any] = attrs.field(converter=freeze)
    deals: tuple[Record, ...] = attrs.field(converter=_deals)
    meta: Mapping[str, Any] | None = attrs.field(default=None, converter=_to_meta)

    def __attrs_post_init__(self) -> None:
        start = self.match
        if not isinstance(start, Mapping):
            raise RecordError(f"a match record's match is a JSON object, not {quote(start)}")
        kinds: dict[str, tuple[type, ...]] = {
            "variant": (str,),
            "options": (Mapping,),
            "players": (int,),
            "seat_names": (tuple,),
            "first_dealer": (int,),
        }
        for name, kind in kinds.items():
            value = start.get(name)
            if not isinstance(value, kind) or type(value) is bool:
                raise RecordError(
                    f"the match record's match has no {name!r} of the envelope: it is the"
                    " document of a match's start (match.to_dict())"
                )
        if len(self.deals) > MAX_MATCH_DEALS:
            raise RecordError(
                f"a match record has at most {MAX_MATCH_DEALS} deals, not {len(self.deals)}"
            )
        for number, deal in enumerate(self.deals, 1):
            if not isinstance(deal, Record):
                raise RecordError(f"deal {number} of a match record is a Record, not {quote(deal)}")

    @property
    def variant(self) -> str:
        """The variant's id."""
        variant: str = self.match["variant"]
        return variant

    @property
    def options(self) -> Mapping[str, Any]:
        """The variant's options as JSON values (read-only)."""
        options: Mapping[str, Any] = self.match["options"]
        return options

    @property
    def players(self) -> int:
        """The number of seats."""
        players: int = self.match["players"]
        return players

    @property
    def seat_names(self) -> tuple[str, ...]:
        """How the table names each seat."""
        names: tuple[str, ...] = self.match["seat_names"]
        return names

    @property
    def dealer(self) -> int:
        """The first deal's dealer."""
        dealer: int = self.match["first_dealer"]
        return dealer

    def to_dict(self) -> dict[str, Any]:
        """The match record as a JSON object, as :func:`~cardrules.dumps` writes it: its
        format and version, the record envelope, the starting match document
        (``"match"``) and each deal's record document (``"deals"``).

        >>> import cardrules
        >>> from cardrules.match import Series
        >>> book = Series(cardrules.get_variant("tarot"), seed=1).record()
        >>> document = book.to_dict()
        >>> document["format"], document["dealer"], document["deals"], document["meta"]
        ('cardrules-match-record', 0, [], None)
        """
        return {
            "format": MATCH_RECORD_FORMAT,
            "schema": MATCH_RECORD_SCHEMA_VERSION,
            **{name: thaw(self.match[key]) for name, key in _MATCH_ENVELOPE},
            "meta": thaw(self.meta),
            "match": thaw(self.match),
            "deals": [deal.to_dict() for deal in self.deals],
        }

    def with_meta(self, meta: Mapping[str, Any] | None) -> MatchRecord:
        """The match record with an app's data as its :attr:`meta` (None removes it).

        Raises:
            RecordError: ``meta`` is not a small JSON object (see
                :attr:`Record.meta <cardrules.Record.meta>`).

        >>> import cardrules
        >>> book = cardrules.get_variant("tarot").new_match(seed=2).record()
        >>> book.with_meta({"players": ["Ann", "Bo", "Cy", "Di"]}).meta["players"][1]
        'Bo'
        """
        return attrs.evolve(self, meta=meta)


MatchRecord.__module__ = "cardrules.records"


def _match_from_json(data: dict[str, Any]) -> MatchRecord:
    fmt = _expect(data, "format", str, f"the string {MATCH_RECORD_FORMAT!r}")
    if fmt != MATCH_RECORD_FORMAT:
        raise RecordError(f"not a cardrules match record (format {quote(fmt)})")
    schema = _expect(data, "schema", int, "an integer")
    if schema != MATCH_RECORD_SCHEMA_VERSION:
        raise RecordError(
            f"match record schema version {quote(schema)} is not supported (this library"
            f" reads {MATCH_RECORD_SCHEMA_VERSION})"
        )
    known = {"format", "schema", *(name for name, _ in _MATCH_ENVELOPE), "meta", "match"}
    known |= {"deals", "signature"}
    unknown = sorted(set(data) - known)
    if unknown:
        raise RecordError(f"the match record has unknown field(s): {', '.join(unknown)[:80]}")
    start = _expect(data, "match", dict, "the starting match's document")
    deals = _expect(data, "deals", list, "a list of the deals' records")
    if len(deals) > MAX_MATCH_DEALS:
        raise RecordError(f"the match record has too many deals ({len(deals)})")
    records = []
    for number, deal in enumerate(deals, 1):
        if isinstance(deal, dict) and "signature" in deal:
            raise RecordError(
                f"deal {number} of the match record is signed on its own: the match record's"
                " signature covers its deals"
            )
        try:
            records.append(_from_json(deal))
        except RecordError as exc:
            raise RecordError(f"deal {number} of the match record: {exc}") from None
    record = MatchRecord(match=start, deals=records, meta=data.get("meta"))
    # The envelope repeats the start's: a document that says otherwise was changed.
    expected = record.to_dict()
    for name, _ in _MATCH_ENVELOPE:
        if name not in data:
            raise RecordError(f"the match record has no {name!r} field")
        if freeze(data[name]) != freeze(expected[name]) or type(data[name]) is not type(
            expected[name]
        ):
            raise RecordError(
                f"the match record's {name!r} is {quote(data[name])}, but its match's is"
                f" {quote(expected[name])}"
            )
    return record


def dumps(
    record: Record | MatchRecord, *, indent: int | None = None, key: bytes | str | None = None
) -> str:
    """Serialise ``record`` (a :class:`~cardrules.Record` or a
    :class:`~cardrules.records.MatchRecord`) to JSON text; with ``key``, signed.

    Args:
        record: The record, or the match record (read back with
            :func:`~cardrules.records.loads_match`).
        indent: Indent the JSON text by this many spaces (one line by default).
        key: A secret key (bytes, or text encoded as UTF-8): the record gets a
            ``"signature"`` field, the HMAC-SHA256 of its canonical JSON (sorted keys,
            no spaces, UTF-8), which ``loads(text, key=key)`` checks.

    Raises:
        InvalidArgumentError: ``record`` is not a Record or a MatchRecord, or ``key`` is
            empty or not bytes or text.
        RecordError: the record holds a value that a record's JSON cannot (what
            :func:`cardrules.loads` refuses: a number out of range or not finite, text
            that is not Unicode, another type), so that what ``dumps`` writes
            ``loads`` reads.

    >>> import cardrules
    >>> record = cardrules.get_variant("tarot").new_game(seed=7).apply("pass").record()
    >>> text = cardrules.dumps(record)
    >>> text[:48]
    '{"format": "cardrules-record", "schema": 1, "var'
    >>> cardrules.loads(text) == record
    True
    """
    if not isinstance(record, (Record, MatchRecord)):
        raise InvalidArgumentError(
            f"dumps takes a Record or a MatchRecord, not {type(record).__name__}"
        )
    document = record.to_dict()
    check_values(document)
    if key is not None:
        document["signature"] = _signature(document, _key_bytes(key))
    return json.dumps(document, indent=indent, ensure_ascii=False, allow_nan=False)


_SIGNATURE_PREFIX: Final = "hmac-sha256:"


def _key_bytes(key: object) -> bytes:
    if isinstance(key, str):
        key = key.encode("utf-8")
    if not isinstance(key, (bytes, bytearray)):
        raise InvalidArgumentError(f"a record key is bytes or text, not {type(key).__name__}")
    if not key:
        raise InvalidArgumentError("a record key must not be empty")
    return bytes(key)


def _signature(document: Mapping[str, Any], key: bytes) -> str:
    """The signature of a record's JSON object (without its signature field)."""
    canonical = json.dumps(
        {k: v for k, v in document.items() if k != "signature"},
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
        allow_nan=False,
    ).encode("utf-8")
    return _SIGNATURE_PREFIX + hmac.new(key, canonical, hashlib.sha256).hexdigest()


def _verify(data: Mapping[str, Any], key: bytes) -> None:
    given = data.get("signature")
    if given is None:
        raise RecordError("the record is not signed: a signed record has a 'signature' field")
    if not isinstance(given, str):
        raise RecordError(f"the record's signature must be a string, not {type(given).__name__}")
    # Constant time: the answer's timing tells nothing of how much of it was right.
    if not hmac.compare_digest(given.encode("utf-8"), _signature(data, key).encode("utf-8")):
        raise RecordError(
            "the record's signature does not match: the record was changed, or signed "
            "with another key"
        )


def _reject_constant(name: str) -> Any:
    raise RecordError(f"the record contains {name}, which is not valid JSON")


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise RecordError(f"the record has the key {quote(key)} twice")
        out[key] = value
    return out


def _parse_int(text: str) -> int:
    digits = len(text) - text.startswith("-")
    if digits > _MAX_INT_TEXT:
        raise RecordError(
            f"the record contains a number out of range: an int of {digits} digits (at most "
            "2**53 in magnitude)"
        )
    return int(text)


def _expect(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], what: str) -> Any:
    if key not in data:
        raise RecordError(f"the record has no {key!r} field ({what})")
    value = data[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise RecordError(f"the record's {key!r} must be {what}, not {type(value).__name__}")
    return value


def parse(text: str | bytes, *, key: bytes | str | None = None) -> Record:
    """Parse a record's JSON text (untrusted input) and check its structure; with
    ``key``, check its signature first.

    :func:`cardrules.loads` adds the rules version check; the deal and the actions are
    checked against the rules by ``Variant.replay``.

    Raises:
        RecordError: the text is not a well-formed record of a known version, or (with
            ``key``) its signature is missing or does not match.
        InvalidArgumentError: ``key`` is empty or not bytes or text.
    """
    data = _json_object(text, key, _MAX_TEXT)
    if data.get("format") == MATCH_RECORD_FORMAT:
        raise RecordError(
            "this is a match record: read it with cardrules.records.loads_match, not loads"
        )
    return _from_json(data)


def parse_match(text: str | bytes, *, key: bytes | str | None = None) -> MatchRecord:
    """Parse a match record's JSON text (untrusted input) and check its structure; with
    ``key``, check its signature first (it covers the whole match record).

    Raises:
        RecordError: the text is not a well-formed match record of a known version, a
            deal is not a well-formed record, or (with ``key``) the signature is missing
            or does not match.
        InvalidArgumentError: ``key`` is empty or not bytes or text.
    """
    return _match_from_json(_json_object(text, key, MAX_MATCH_TEXT))


def _json_object(text: object, key: bytes | str | None, limit: int) -> dict[str, Any]:
    """The JSON object of a record's text, each value checked, and with ``key`` its
    signature."""
    secret = None if key is None else _key_bytes(key)
    if isinstance(text, (bytes, bytearray)):
        if len(text) > limit:
            raise RecordError(f"the record is too large ({len(text)} bytes)")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise RecordError(f"the record is not UTF-8 text: {exc}") from None
    if not isinstance(text, str):
        raise RecordError(f"a record is JSON text, not {type(text).__name__}")
    if len(text) > limit:
        raise RecordError(f"the record is too large ({len(text)} characters)")
    try:
        data = json.loads(
            text,
            object_pairs_hook=_no_duplicates,
            parse_constant=_reject_constant,
            parse_int=_parse_int,
        )
    except RecordError:
        raise
    except RecursionError:
        raise RecordError("the record is nested too deeply") from None
    except ValueError as exc:
        raise RecordError(f"the record is not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise RecordError(f"a record is a JSON object, not {type(data).__name__}")
    # Every value first: the signature is computed on the values written out again.
    check_values(data)
    if secret is not None:
        _verify(data, secret)
    return data


def check_values(value: object, path: tuple[str | int, ...] = ()) -> None:
    """Refuse anything in a record's JSON values that a record cannot hold, the same
    way for :func:`parse` (before the signature is checked) and :func:`dumps`: nesting
    deeper than a record's, a number that is not finite or beyond 2**53 in magnitude,
    text that UTF-8 cannot encode (a lone surrogate), a key that is not text, or a value
    of a type JSON does not have.

    Raises:
        RecordError: the first such value, with where it stands.
    """
    if len(path) > _MAX_DEPTH:
        raise RecordError(f"the record is nested too deeply{_at(path)}")
    if isinstance(value, Mapping):
        for key, item in value.items():
            if type(key) is not str:
                raise RecordError(f"the record has a key that is not text{_at(path)}: {quote(key)}")
            _check_text(key, path)
            check_values(item, (*path, key))
    elif type(value) is list or type(value) is tuple:
        for index, item in enumerate(value):
            check_values(item, (*path, index))
    else:
        _check_scalar(value, path)


def _check_scalar(value: object, path: tuple[str | int, ...]) -> None:
    kind = type(value)
    if kind is str:
        _check_text(value, path)  # type: ignore[arg-type]
    elif kind is int:
        if not -_MAX_NUMBER <= value <= _MAX_NUMBER:  # type: ignore[operator]
            raise RecordError(
                f"the record contains a number out of range{_at(path)}: {quote(value)} (at "
                "most 2**53 in magnitude)"
            )
    elif kind is float:
        if not math.isfinite(value):  # type: ignore[arg-type]
            raise RecordError(f"the record contains a non-finite number{_at(path)}: {quote(value)}")
    elif value is not None and kind is not bool:
        raise RecordError(f"the record contains {quote(value)}{_at(path)}, which JSON cannot hold")


def _check_text(text: str, path: tuple[str | int, ...]) -> None:
    if text.isascii():
        return
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise RecordError(
            f"the record contains text that is not Unicode{_at(path)}: a lone surrogate "
            f"({quote(text[exc.start])}) at character {exc.start + 1}"
        ) from None


def _at(path: tuple[str | int, ...]) -> str:
    """Where a value stands in a record, for a message: `` at deal.hands[0][3]``."""
    if not path:
        return ""
    out = ""
    for step in path:
        if isinstance(step, int):
            out += f"[{step}]"
        elif step.isascii() and step.isidentifier() and len(step) <= 40:
            out += f".{step}" if out else step
        else:
            out += f"[{quote(step)}]"
    return f" at {out}"


def _from_json(data: Any) -> Record:
    if not isinstance(data, dict):
        raise RecordError(f"a record is a JSON object, not {type(data).__name__}")
    fmt = _expect(data, "format", str, f"the string {FORMAT!r}")
    if fmt != FORMAT:
        raise RecordError(f"not a cardrules record (format {quote(fmt)})")
    schema = _expect(data, "schema", int, "an integer")
    if schema != SCHEMA_VERSION:
        raise RecordError(
            f"record schema version {quote(schema)} is not supported (this library reads "
            f"{SCHEMA_VERSION})"
        )
    known = {
        "format",
        "schema",
        "variant",
        "rules_version",
        "options",
        "dealer",
        "deal",
        "actions",
        "require_seat",
        "meta",
        "players",
        "seat_names",
        # Checked by parse() when a key is given; a reader without the key ignores it.
        "signature",
    }
    unknown = sorted(set(data) - known)
    if unknown:
        raise RecordError(f"the record has unknown field(s): {', '.join(unknown)[:80]}")
    # Absent from the records of games that do not require the seat (and from 0.2's).
    require_seat = data.get("require_seat", False)
    if type(require_seat) is not bool:
        raise RecordError(
            f"the record's 'require_seat' must be true or false, not {quote(require_seat)}"
        )
    actions = _expect(data, "actions", list, "a list of action strings")
    if len(actions) > _MAX_ACTIONS:
        raise RecordError(f"the record has too many actions ({len(actions)})")
    if not all(isinstance(a, str) for a in actions):
        raise RecordError("every action in the record must be a string")
    # Absent from the records of 0.2; a replay checks them against the variant.
    players = data.get("players")
    if players is not None and (type(players) is not int or players < 1):
        raise RecordError(f"the record's 'players' must be a positive int, not {quote(players)}")
    names = data.get("seat_names")
    if names is not None and (
        not isinstance(names, list)
        or not all(type(name) is str for name in names)
        or (players is not None and len(names) != players)
    ):
        raise RecordError(
            f"the record's 'seat_names' must be a list of one name per seat, not {quote(names)}"
        )
    return Record(
        variant=_expect(data, "variant", str, "a variant id"),
        rules_version=_expect(data, "rules_version", str, "a string"),
        options=_expect(data, "options", dict, "an object"),
        dealer=_expect(data, "dealer", int, "a seat number"),
        deal=_expect(data, "deal", dict, "an object"),
        actions=actions,
        require_seat=require_seat,
        meta=data.get("meta"),
        players=players,
        seat_names=names,
    )


def check_rules_version(rules_version: object, cls: type[Variant]) -> None:
    """Refuse a record written under another rules version of ``cls``'s game.

    Raises:
        RecordError: ``rules_version`` is not ``cls.rules_version``.
    """
    if rules_version != cls.rules_version:
        raise RecordError(
            f"the record follows rules version {quote(rules_version)} of {cls.id!r}; this "
            f"library plays rules version {cls.rules_version!r} only"
        )
