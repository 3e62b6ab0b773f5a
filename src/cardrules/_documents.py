"""The JSON conventions of every document, and the frame of a match document.

Below the state machine and the registry (it imports neither), so that the envelope
(:mod:`cardrules.envelope`) and the core :class:`~cardrules.match.Series` build their
documents with it; :mod:`cardrules.wire`, the public face, re-exports what apps and the
variants use.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from typing import Any, Final

from cardrules._records import check_values
from cardrules._util import quote
from cardrules.cards import Card
from cardrules.errors import RecordError, ScoreInputError

__all__ = [
    "MATCH_FORMAT",
    "MATCH_SCHEMA_VERSION",
    "card_set",
    "cards",
    "facts_filled",
    "json_quote",
    "match_agrees",
    "match_check",
    "match_document",
    "match_header",
    "match_list",
    "number",
    "same_json",
    "seated",
    "whole",
]


def cards(items: Iterable[Card]) -> list[str]:
    """Cards as their notation, in the given order."""
    return [str(card) for card in items]


def card_set(items: Iterable[Card]) -> list[str]:
    """A set of cards as their notation, in card order."""
    return [str(card) for card in sorted(items, key=_card_order)]


def _card_order(card: Card) -> int:
    return card.index


def seated(pairs: Iterable[tuple[int, Card]]) -> list[list[Any]]:
    """``(seat, card)`` pairs as ``[seat, "QH"]`` lists."""
    return [[seat, str(card)] for seat, card in pairs]


def number(value: int | Fraction | None) -> int | float | None:
    """A score as JSON: an ``int``, or a float for a half point (exact in binary)."""
    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else float(value)
    return value


def whole(value: float) -> int | float:
    """A float as JSON writes a score: an ``int`` when it is whole."""
    return int(value) if float(value).is_integer() else float(value)


def same_json(given: object, expected: object) -> bool:
    """JSON equality, strict on types (``True`` is not ``1``; ``1.0`` is not ``1``)."""
    if isinstance(expected, list):
        return (
            isinstance(given, (list, tuple))
            and len(given) == len(expected)
            and all(same_json(g, e) for g, e in zip(given, expected, strict=True))
        )
    if isinstance(expected, dict):
        return (
            isinstance(given, Mapping)
            and len(given) == len(expected)
            and all(k in given and same_json(given[k], v) for k, v in expected.items())
        )
    return type(given) is type(expected) and given == expected


def facts_filled(
    document: object, game_key: str, field: str, value_of: Callable[[Mapping[str, Any]], object]
) -> object:
    """A result document whose facts (at the top level and under ``game_key``) lack
    ``field``, written before the facts had it, with the value ``value_of(facts)`` gives;
    any other document as it is (untrusted: the reader checks it afterwards)."""
    if not isinstance(document, Mapping):
        return document
    out = dict(document)
    if isinstance(out.get(game_key), Mapping):
        out[game_key] = dict(out[game_key])
    for holder in (out, out.get(game_key)):
        if isinstance(holder, dict):
            facts = holder.get("facts")
            if isinstance(facts, Mapping) and field not in facts:
                holder["facts"] = {**facts, field: value_of(facts)}
    return out


def json_quote(value: object) -> str:
    """A document's value as JSON writes it: null, true and false, not Python's names."""
    if value is None or type(value) is bool:
        return json.dumps(value)
    return quote(value)


MATCH_FORMAT: Final = "cardrules-match"
"""The value of the ``format`` field of every match document (``match.to_dict()``)."""

MATCH_SCHEMA_VERSION: Final = 1
"""The match document version this library writes and reads."""


def match_header(variant_id: str) -> dict[str, Any]:
    """The first fields of a match document: its format, version and variant."""
    return {"format": MATCH_FORMAT, "schema": MATCH_SCHEMA_VERSION, "variant": variant_id}


def match_document(
    document: object, variant_id: str, fields: Iterable[str], added: Iterable[str] = ()
) -> Mapping[str, Any]:
    """Check the frame of a match document (untrusted JSON, as ``match.to_dict()``
    writes): an object of JSON values a record could hold (the checks of
    :func:`cardrules.loads`), of this format, version and variant, with exactly
    ``fields`` besides those three, and perhaps ``added``.

    Args:
        document: The JSON object.
        variant_id: The variant whose match it must be.
        fields: The fields every such document has.
        added: The fields a document written before them (the envelope's) lacks: they
            may be absent; the caller checks them when present.

    Raises:
        ScoreInputError: the first thing wrong, named.
    """
    if not isinstance(document, Mapping):
        raise ScoreInputError(f"a match document is a JSON object, not {quote(document)}")
    try:
        check_values(document)
    except RecordError as exc:
        raise ScoreInputError(str(exc).replace("the record", "the match document", 1)) from None
    if document.get("format") != MATCH_FORMAT:
        raise ScoreInputError(
            f"not a cardrules match document (format {quote(document.get('format'))},"
            f" not {MATCH_FORMAT!r})"
        )
    schema = document.get("schema")
    if type(schema) is not int or schema != MATCH_SCHEMA_VERSION:
        raise ScoreInputError(
            f"match document version {quote(schema)} is not supported (this library reads"
            f" {MATCH_SCHEMA_VERSION})"
        )
    if document.get("variant") != variant_id:
        raise ScoreInputError(
            f"this is a match of {quote(document.get('variant'))}, not of {variant_id!r}"
        )
    required = ("format", "schema", "variant", *fields)
    optional = tuple(added)
    unknown = [key for key in document if key not in required and key not in optional]
    if unknown:
        raise ScoreInputError(f"the match document has the unknown field {quote(unknown[0])}")
    missing = [key for key in required if key not in document]
    if missing:
        raise ScoreInputError(f"the match document lacks the field {missing[0]!r}")
    return document


def match_list(document: Mapping[str, Any], key: str) -> list[Any]:
    """A match document's list field.

    Raises:
        ScoreInputError: the field is not a list.
    """
    value = document[key]
    if type(value) is not list:
        raise ScoreInputError(f"the match document's {key!r} is a list, not {quote(value)}")
    return value


def match_check(document: Mapping[str, Any], key: str, actual: object) -> None:
    """Refuse a match document whose derived field ``key`` is not what its deals give.

    Raises:
        ScoreInputError: naming the field, the document's value and the right one.
    """
    given = document[key]
    if not same_json(given, actual):
        raise ScoreInputError(
            f"the match document's {key!r} is {json_quote(given)}, "
            f"but its deals give {json_quote(actual)}"
        )


def match_agrees(
    document: Mapping[str, Any], expected: Mapping[str, Any], skip: Iterable[str] = ()
) -> None:
    """Refuse a match document with a field that is not what the match it describes
    writes (``expected``, that match's ``to_dict()``): every field it has but ``skip``
    (those the caller read and checked itself), in the document's order.

    Raises:
        ScoreInputError: naming the first field that differs.
    """
    skipped = frozenset(skip)
    for key in document:
        if key not in skipped and key in expected:
            match_check(document, key, expected[key])
