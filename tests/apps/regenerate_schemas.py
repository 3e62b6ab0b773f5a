"""The published JSON Schemas, written from one description of each kind of document.

``cardrules.json_schema(kind, variant_id)`` returns the files
``src/cardrules/schemas/<variant>-<kind>.json``; this script writes them. Each schema is
built here from a few shared pieces (cards, seats, actions, scores), then every local
``$ref`` is replaced by the definition it names, so a client reads each property where
it stands (``$defs`` stays, for tools that look there).

Run from anywhere::

    python tests/apps/regenerate_schemas.py          # rewrite the files
    python tests/apps/regenerate_schemas.py --check  # compare; exit 1 with a diff if they differ

``test_apps_schema_files.py`` loads this file by its path (the tests also run from a
copy of ``tests/`` outside the repository) and compares its output with the files the
installed package ships.

>>> sorted(render_all())[:2]
['bid-euchre-error.json', 'bid-euchre-match.json']
>>> sorted(render_all())[5:10]
['envelope-error.json', 'envelope-match.json', 'envelope-record.json', 'envelope-result.json', \
'envelope-view.json']
>>> SCHEMAS["tarot-error"]["title"]
'French Tarot error'
"""

from __future__ import annotations

import argparse
import difflib
import json
import sys
from collections.abc import Iterable, Mapping, Sequence
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, Final

from cardrules.bid_euchre import BidEuchreOptions
from cardrules.envelope import STAGES
from cardrules.tarot import TarotOptions

Schema = dict[str, Any]

HERE: Final = Path(__file__).resolve().parent
REPO_SCHEMAS: Final = HERE.parents[1] / "src" / "cardrules" / "schemas"
"""Where the script writes: the schemas of the repository this script sits in."""

DRAFT: Final = "https://json-schema.org/draft/2020-12/schema"
BASE: Final = "https://cardrules.readthedocs.io/schemas/"


# -- building blocks --------------------------------------------------------------------


def nullable(schema: Schema) -> Schema:
    """``schema`` or ``null``."""
    return {"anyOf": [schema, {"type": "null"}]}


def arr(items: Schema, **keywords: Any) -> Schema:
    """An array of ``items``, with further keywords (``maxItems``, ``uniqueItems``, ...)."""
    return {"type": "array", "items": items, **keywords}


def obj(
    props: Mapping[str, Schema],
    required: Iterable[str] | None = None,
    extra: bool = False,
    **keywords: Any,
) -> Schema:
    """An object of ``props``, all required unless ``required`` says which."""
    return {
        "type": "object",
        "properties": dict(props),
        "required": sorted(props if required is None else required),
        "additionalProperties": extra,
        **keywords,
    }


INT: Final[Schema] = {"type": "integer"}
NN: Final[Schema] = {"type": "integer", "minimum": 0}
BOOL: Final[Schema] = {"type": "boolean"}
STR: Final[Schema] = {"type": "string"}
SCORE: Final[Schema] = {"type": "number", "multipleOf": 0.5}
TEXT: Final[Schema] = {"type": "string", "minLength": 1}
LENGTH: Final[Schema] = nullable({"type": "integer", "minimum": 1})
"""A session's length (in deals, or a score), or none."""
REF_CARD: Final[Schema] = {"$ref": "#/$defs/card"}
REF_SEAT: Final[Schema] = {"$ref": "#/$defs/seat"}
REF_ACTION: Final[Schema] = {"$ref": "#/$defs/action"}
SEATED: Final[Schema] = arr(
    {"type": "array", "prefixItems": [REF_SEAT, REF_CARD], "items": False, "minItems": 2}
)
"""``[seat, card]`` pairs: the cards of a trick in play order."""


def defs(cards: str, players: int, action_pattern: str) -> Schema:
    """The definitions every schema of a variant shares: a card, a seat, an action."""
    return {
        "card": {"description": "A card's notation.", "type": "string", "pattern": cards},
        "seat": {"type": "integer", "minimum": 0, "maximum": players - 1},
        "action": {
            "description": "An action's notation as the variant writes it.",
            "type": "string",
            "pattern": action_pattern,
        },
    }


TAROT_CARDS: Final = r"^(?:(?:[2-9]|10|[AJNQK])[SHDC]|(?:[1-9]|1[0-9]|2[01])T|EX)$"
EUCHRE_CARDS: Final = r"^(?:(?:9|10|[AJQK])[SHDC]|JK)$"
_TAROT_CARD: Final = r"(?:[2-9]|10|[AJNQK])[SHDC]|[0-9]{1,2}T|EX"
TAROT_ACTION: Final = (
    rf"^(?:pass|play (?:{_TAROT_CARD})|bid (?:prise|garde|garde-sans|garde-contre)"
    rf"|call (?:{_TAROT_CARD})|discard (?:{_TAROT_CARD})(?: (?:{_TAROT_CARD}))*"
    rf"|announce chelem|declare poignee (?:simple|double|triple)(?: (?:{_TAROT_CARD}))*)$"
)
_EUCHRE_CARD: Final = r"(?:9|10|[AJQK])[SHDC]|JK"
EUCHRE_ACTION: Final = (
    rf"^(?:pass|play (?:{_EUCHRE_CARD})|give (?:{_EUCHRE_CARD})|discard (?:{_EUCHRE_CARD})"
    r"|bid [0-9]{1,2}[HMP]?|trump (?:spades|hearts|diamonds|clubs|no-trump)"
    r"|name (?:spades|hearts|diamonds|clubs)|claim ace-no-face)$"
)


def error_props(variant: Schema, rule: str) -> Schema:
    """``error.to_dict()``'s keys (``cardrules.envelope.ERROR_KEYS``): the same in every
    variant, but for the variant's id and its rules' IDs (``rule``, a pattern)."""
    return {
        "variant": nullable(variant)
        | {
            "description": (
                "The variant whose state refused the action; null for an error that no"
                " state raised (a bad option, score facts, a record)."
            )
        },
        "code": {
            "type": "string",
            "pattern": "^[a-z_]+$",
            "description": "The error family, stable: not_your_turn, must_follow_suit, ...",
        },
        "rule_id": nullable({"type": "string", "pattern": rule}),
        "seat": {
            "anyOf": [
                {
                    "type": "integer",
                    "minimum": -(2**53),
                    "maximum": 2**53,
                    "description": (
                        "The seat that tried to act (an invalid_seat error names the"
                        " seat as given)."
                    ),
                },
                {
                    "type": "string",
                    "description": (
                        "A seat given beyond 2**53 in magnitude, as the message"
                        " shows it ('an int of 5001 digits')."
                    ),
                },
                {"type": "null"},
            ]
        },
        "action": nullable({"type": "string", "maxLength": 200}),
        "message": TEXT,
    }


def error_schema(variant: str, name: str, cards: str, players: int, pattern: str) -> Schema:
    """``error.to_dict()`` of a variant's errors: the envelope's keys, narrowed."""
    return {
        "$schema": DRAFT,
        "$id": BASE + f"{variant}-error.json",
        "title": f"{name} error",
        "description": (
            "error.to_dict() of a cardrules error (CardrulesError): what a server answers a"
            " refused request with."
        ),
        **obj(error_props({"const": variant}, "^[TE]-[0-9]+[a-z]?$")),
        "$defs": defs(cards, players, pattern),
    }


def _json_type(value: object) -> Schema:
    if isinstance(value, bool):
        return BOOL
    if isinstance(value, int):
        return INT
    if isinstance(value, str):
        return STR
    if isinstance(value, list):
        return {"type": "array"}
    if isinstance(value, dict):
        return {"type": "object"}
    raise TypeError(f"no JSON type for the option value {value!r}")


def option_props(sample: Mapping[str, object]) -> Schema:
    """Each option of ``sample`` (a variant's ``options.to_dict()``) with its JSON type."""
    return {name: _json_type(value) for name, value in sample.items()}


def record_schema(
    variant: str,
    name: str,
    cards: str,
    players: int,
    pattern: str,
    options: Mapping[str, object],
    deal: Schema,
    players_schema: Schema,
) -> Schema:
    """``record.to_dict()``: the envelope (its options, table and dealer), the deal and
    the actions."""
    envelope = record_envelope(
        {"const": variant},
        REF_SEAT,
        players_schema,
        obj(
            option_props(options),
            required=[],
            extra=True,
            description=(
                "The variant's options (options_json); a later minor release may"
                " add options with defaults."
            ),
        ),
    )
    return {
        "$schema": DRAFT,
        "$id": BASE + f"{variant}-record.json",
        "title": f"{name} record",
        "description": (
            "A game record: the text of cardrules.dumps(state.record()), or"
            " record.to_dict(). A signed record (dumps(record, key=...)) has a 'signature'"
            " too."
        ),
        **obj(
            {
                "format": {"const": "cardrules-record"},
                "schema": {"const": 1},
                "variant": envelope.pop("variant"),
                "rules_version": STR,
                **envelope,
                "deal": deal,
                "actions": arr(REF_ACTION, maxItems=10000),
                "require_seat": {
                    "type": "boolean",
                    "description": (
                        "The game requires the acting seat (new_game(...,"
                        " require_seat=True)); absent when it does not."
                    ),
                },
                "signature": SIGNATURE,
            },
            required=[
                "format",
                "schema",
                "variant",
                "rules_version",
                *envelope,
                "deal",
                "actions",
            ],
        ),
        "$defs": defs(cards, players, pattern),
    }


SIGNATURE: Final[Schema] = {
    "type": "string",
    "pattern": "^hmac-sha256:[0-9a-f]{64}$",
    "description": ("HMAC-SHA256 of the canonical JSON of the other fields (signed records only)."),
}


def record_envelope(variant: Schema, seat: Schema, players: Schema, options: Schema) -> Schema:
    """The envelope of a record and a match record (``cardrules.envelope.RECORD_KEYS``)."""
    return {
        "variant": variant,
        "options": options,
        "players": players,
        "seat_names": arr(TEXT, minItems=1),
        "dealer": seat,
        "meta": nullable({"type": "object"})
        | {
            "description": (
                "An app's own data (Record.meta): JSON values under text keys, at"
                " most 4 levels deep and 16384 characters of JSON; covered by the"
                " signature; null when not given."
            )
        },
    }


def match_envelope(
    variant: Schema, seat: Schema, players: Schema, options: Schema, result: Schema
) -> Schema:
    """The envelope of a match document (``cardrules.envelope.MATCH_KEYS``), after its
    format and version."""
    return {
        "format": {"const": "cardrules-match"},
        "schema": {"const": 1},
        "variant": variant,
        "options": options,
        "players": players,
        "seat_names": arr(TEXT, minItems=1),
        "seed": nullable({"type": "integer", "minimum": -(2**53), "maximum": 2**53}),
        "require_seat": BOOL,
        "first_dealer": seat,
        "dealer": seat,
        "deals": NN,
        "totals": arr(SCORE, minItems=1),
        "leaders": arr(seat, minItems=1, uniqueItems=True),
        "is_over": BOOL,
        "winners": arr(seat, uniqueItems=True),
        "results": arr(result),
    }


def match_schema(variant: str, title: str, description: str, props: Schema, defs: Schema) -> Schema:
    """A variant's match document."""
    return {
        "$schema": DRAFT,
        "$id": BASE + f"{variant}-match.json",
        "title": title,
        "description": description,
        **obj(props),
        "$defs": defs,
    }


# -- the envelope (cardrules.envelope) -------------------------------------------------

_ANY_SEAT: Final[Schema] = {"type": "integer", "minimum": 0}
_ANY_SEATED: Final[Schema] = arr(
    {"type": "array", "prefixItems": [_ANY_SEAT, TEXT], "items": False, "minItems": 2}
)


def result_envelope(
    variant: Schema, seat: Schema, contract: Schema, players: Schema, score: Schema
) -> Schema:
    """The envelope of a result document (``cardrules.envelope.RESULT_KEYS``)."""
    return {
        "variant": variant,
        "players": players,
        "seat_names": arr(TEXT, minItems=1),
        "contract": nullable(contract),
        "declarer": nullable(seat),
        "returns": arr(score, minItems=1),
        "scores": arr(score, minItems=1),
        "summary": TEXT,
        "explain": TEXT,
    }


def view_envelope(
    variant: Schema,
    seat: Schema,
    card: Schema,
    action: Schema,
    contract: Schema,
    players: Schema,
    options: Schema,
    result: Schema,
) -> Schema:
    """The envelope of a view document (``cardrules.envelope.VIEW_KEYS``)."""
    seated = arr({"type": "array", "prefixItems": [seat, card], "items": False, "minItems": 2})
    return {
        "variant": variant,
        "options": options,
        "seat": seat,
        "players": players,
        "seat_names": arr(TEXT, minItems=1),
        "dealer": seat,
        "stage": {"enum": list(STAGES)},
        "to_play": nullable(seat),
        "hand": arr(card),
        "hand_sizes": arr(NN, minItems=1),
        "legal_actions": arr(action, uniqueItems=True),
        "trick": seated,
        "last_trick": seated,
        "tricks_by_seat": arr(NN, minItems=1),
        "contract": nullable(contract),
        "declarer": nullable(seat),
        "result": nullable(result),
    }


_ANY_RESULT: Final = result_envelope(
    {"type": "string", "minLength": 1}, _ANY_SEAT, TEXT, {"type": "integer", "minimum": 1}, SCORE
)


def envelope_schemas() -> dict[str, Schema]:
    """The envelope every variant's schema extends: the keys every document of a kind
    has, of any variant (more keys may follow, the game's under its key)."""
    players = {"type": "integer", "minimum": 1}
    text = {"type": "string", "minLength": 1}
    return {
        "envelope-match": {
            "$schema": DRAFT,
            "$id": BASE + "envelope-match.json",
            "title": "Match envelope",
            "description": (
                "The keys every match document (match.to_dict()) has, in every variant,"
                " built-in or plugin (TarotMatch, BidEuchreMatch, Series); the match's own"
                " detail follows under the game's key, a Series' (its deal_limit) under"
                " 'series'."
            ),
            **obj(
                match_envelope(
                    text, _ANY_SEAT, players, {"type": "object"}, obj(_ANY_RESULT, extra=True)
                ),
                extra=True,
            ),
            "$defs": {},
        },
        "envelope-record": {
            "$schema": DRAFT,
            "$id": BASE + "envelope-record.json",
            "title": "Record envelope",
            "description": (
                "The keys every record (cardrules.dumps(state.record())) and every match"
                " record (cardrules.dumps(match.record())) has, in every variant."
            ),
            **obj(
                record_envelope(text, _ANY_SEAT, players, {"type": "object"}),
                extra=True,
            ),
            "$defs": {},
        },
        "envelope-error": {
            "$schema": DRAFT,
            "$id": BASE + "envelope-error.json",
            "title": "Error envelope",
            "description": (
                "The keys every error document (error.to_dict()) has, in every variant,"
                " built-in or plugin."
            ),
            **obj(error_props(text, "^[A-Z][A-Z0-9]{0,3}-[0-9]+[a-z]?$"), extra=True),
            "$defs": {},
        },
        "envelope-view": {
            "$schema": DRAFT,
            "$id": BASE + "envelope-view.json",
            "title": "Seat view envelope",
            "description": (
                "The keys every view document (state.view(seat).to_dict()) has, in every"
                " variant, built-in or plugin; the game's own detail follows under its key."
            ),
            **obj(
                view_envelope(
                    {"type": "string", "minLength": 1},
                    _ANY_SEAT,
                    TEXT,
                    TEXT,
                    TEXT,
                    players,
                    {"type": "object"},
                    obj(_ANY_RESULT, extra=True),
                ),
                extra=True,
            ),
            "$defs": {},
        },
        "envelope-result": {
            "$schema": DRAFT,
            "$id": BASE + "envelope-result.json",
            "title": "Result envelope",
            "description": (
                "The keys every result document (state.result().to_dict()) has, in every"
                " variant, built-in or plugin; the game's own detail follows under its key."
            ),
            **obj(_ANY_RESULT, extra=True),
            "$defs": {},
        },
    }


def extend(envelope: Schema, own: Schema, game: str) -> Schema:
    """A variant's document: the envelope's keys (as the variant narrows them), the
    keys its documents had before the envelope, and its own under ``game``."""
    return {**envelope, **own, game: obj({k: v for k, v in own.items() if k not in envelope})}


def view_options(sample: Mapping[str, object]) -> Schema:
    """A variant's options as its view documents write them."""
    return obj(option_props(sample))


# -- French Tarot -------------------------------------------------------------------------

_TAROT_PLAYERS: Final[Schema] = {"enum": [3, 4, 5]}
_TAROT_CONTRACT: Final[Schema] = {"enum": ["prise", "garde", "garde-sans", "garde-contre"]}
_POIGNEE: Final[Schema] = {"enum": ["simple", "double", "triple"]}
_CAMP: Final[Schema] = {"enum": ["attack", "defence"]}

_TAROT_FACTS: Final = obj(
    {
        "players": _TAROT_PLAYERS,
        "contract": _TAROT_CONTRACT,
        "taker": REF_SEAT,
        "partner": nullable(REF_SEAT),
        "points": {"type": "number", "minimum": 0, "maximum": 91, "multipleOf": 0.5},
        "bouts": {"type": "integer", "minimum": 0, "maximum": 3},
        "petit_au_bout": nullable(_CAMP),
        "poignees": arr(_POIGNEE, maxItems=5),
        "chelem_announced": BOOL,
        "chelem": nullable(_CAMP),
        "void_reason": {
            "description": (
                "Why a deal was annulled before play; null in a result, whose facts are a "
                "played deal's (an annulled deal's result has no facts, see annulled)."
            ),
            "type": "null",
        },
    }
)
_TAROT_RESULT: Final[Schema] = {
    "players": _TAROT_PLAYERS,
    "annulled": nullable({"enum": ["petit_sec", "all_pass"]}),
    "facts": nullable({"$ref": "#/$defs/facts"}),
    "multiplier": nullable(INT),
    "target": nullable({"enum": [36, 41, 51, 56]}),
    "made": nullable(BOOL),
    "margin": nullable(SCORE),
    "difference": nullable(SCORE),
    "base": SCORE,
    "petit_au_bout_bonus": INT,
    "poignee_bonus": INT,
    "chelem_bonus": INT,
    "unit": SCORE,
    "scores": arr(SCORE, minItems=3, maxItems=5),
    "summary": TEXT,
    "explain": TEXT,
}
_TAROT_RESULT_DOC: Final = extend(
    result_envelope({"const": "tarot"}, REF_SEAT, _TAROT_CONTRACT, _TAROT_PLAYERS, SCORE),
    _TAROT_RESULT,
    "tarot",
)
_TAROT_DEFS: Final = defs(TAROT_CARDS, 5, TAROT_ACTION) | {
    "facts": _TAROT_FACTS,
    "result": obj(_TAROT_RESULT_DOC),
}
_TAROT_VIEW: Final[Schema] = {
    "seat": REF_SEAT,
    "players": _TAROT_PLAYERS,
    "dealer": REF_SEAT,
    "phase": {"enum": ["bidding", "call", "ecart", "announce", "play", "end"]},
    "to_play": nullable(REF_SEAT),
    "hand": arr(REF_CARD, maxItems=30, uniqueItems=True),
    "hand_sizes": arr(NN, minItems=3, maxItems=5),
    "bids": arr(
        {
            "type": "array",
            "prefixItems": [REF_SEAT, nullable(_TAROT_CONTRACT)],
            "items": False,
            "minItems": 2,
        },
        maxItems=5,
    ),
    "contract": nullable(_TAROT_CONTRACT),
    "taker": nullable(REF_SEAT),
    "called_card": nullable(REF_CARD),
    "partner": nullable(REF_SEAT),
    "partner_known": BOOL,
    "chien": arr(REF_CARD, maxItems=6, uniqueItems=True),
    "ecart": arr(REF_CARD, maxItems=6, uniqueItems=True),
    "poignees": arr(
        obj(
            {
                "seat": REF_SEAT,
                "level": _POIGNEE,
                "cards": arr(REF_CARD, minItems=8, maxItems=22, uniqueItems=True),
            }
        ),
        maxItems=5,
    ),
    "chelem_announced": BOOL,
    "trick": SEATED | {"maxItems": 5},
    "last_trick": SEATED | {"maxItems": 5},
    "tricks_won": arr(NN, minItems=3, maxItems=5),
    "result": nullable({"$ref": "#/$defs/result"}),
    "public_cards": arr(REF_CARD, maxItems=78, uniqueItems=True),
    "legal_actions": arr(REF_ACTION, uniqueItems=True),
}
_TAROT_DEAL: Final = obj(
    {
        "hands": arr(arr(REF_CARD, minItems=15, maxItems=24), minItems=3, maxItems=5),
        "chien": arr(REF_CARD, minItems=3, maxItems=6),
    }
)


_TAROT_MATCH_OWN: Final[Schema] = {
    "deal_limit": LENGTH,
    "target_score": LENGTH,
    "winner": nullable(REF_SEAT),
}


def tarot_schemas() -> dict[str, Schema]:
    """French Tarot's five schemas, by file stem, before the ``$ref`` are inlined."""
    name = "French Tarot"
    return {
        "tarot-record": record_schema(
            "tarot",
            name,
            TAROT_CARDS,
            5,
            TAROT_ACTION,
            TarotOptions().to_dict(),
            _TAROT_DEAL,
            _TAROT_PLAYERS,
        ),
        "tarot-match": match_schema(
            "tarot",
            "French Tarot match",
            (
                "match.to_dict() (TarotMatch.to_dict()): the match envelope, each deal's"
                " result document, the session's length and the winning seat (at the top"
                " and under 'tarot')."
            ),
            {
                **match_envelope(
                    {"const": "tarot"},
                    REF_SEAT,
                    _TAROT_PLAYERS,
                    view_options(TarotOptions().to_dict()),
                    {"$ref": "#/$defs/result"},
                ),
                **_TAROT_MATCH_OWN,
                "tarot": obj(_TAROT_MATCH_OWN),
            },
            _TAROT_DEFS,
        ),
        "tarot-view": {
            "$schema": DRAFT,
            "$id": BASE + "tarot-view.json",
            "title": "French Tarot seat view",
            "description": (
                "state.view(seat).to_dict() (TarotView.to_dict()): what one seat may know"
                " (T-39), with its legal actions when it is to play."
            ),
            **obj(
                extend(
                    view_envelope(
                        {"const": "tarot"},
                        REF_SEAT,
                        REF_CARD,
                        REF_ACTION,
                        _TAROT_CONTRACT,
                        _TAROT_PLAYERS,
                        view_options(TarotOptions().to_dict()),
                        {"$ref": "#/$defs/result"},
                    ),
                    _TAROT_VIEW,
                    "tarot",
                )
            ),
            "$defs": _TAROT_DEFS,
        },
        "tarot-result": {
            "$schema": DRAFT,
            "$id": BASE + "tarot-result.json",
            "title": "French Tarot deal result",
            "description": (
                "state.result().to_dict() (DealResult.to_dict()): the facts, every term of"
                " T-35 (bonuses and the unit seen from the attack), each seat's score, and"
                " the summary and explanation texts."
            ),
            **obj(_TAROT_RESULT_DOC),
            "$defs": _TAROT_DEFS,
        },
        "tarot-error": error_schema("tarot", name, TAROT_CARDS, 5, TAROT_ACTION),
    }


# -- Bid Euchre ---------------------------------------------------------------------------

_CONTRACT: Final[Schema] = {
    "type": "string",
    "pattern": "^(?:[1-9]|1[0-2])[HMP]?$",
    "description": "A bid's notation: 4, 6H, 6M, 6P (the plain all-tricks bid, E-10), 12M.",
}
_SUIT: Final[Schema] = {"enum": ["S", "H", "D", "C"]}
_TEAM_TRICKS: Final = arr({"type": "integer", "minimum": 0, "maximum": 12}, minItems=2, maxItems=2)

_EUCHRE_FACTS: Final = obj(
    {
        "contract": nullable(_CONTRACT),
        "declarer": nullable(REF_SEAT),
        "tricks": _TEAM_TRICKS,
        "declarer_tricks": nullable({"type": "integer", "minimum": 0, "maximum": 12}),
        "reneges": arr(REF_SEAT),
        "void_reason": nullable({"enum": ["all_pass", "ace_no_face"]}),
    }
)
_EUCHRE_RESULT: Final[Schema] = {
    "facts": {"$ref": "#/$defs/facts"},
    "bidding_team": nullable({"enum": [0, 1]}),
    "made": nullable(BOOL),
    "delta": arr(INT, minItems=2, maxItems=2),
    "returns": arr(INT, minItems=4, maxItems=4),
    "reasons": arr(arr(TEXT, minItems=1), minItems=2, maxItems=2),
    "summary": TEXT,
    "explain": TEXT,
}
_EUCHRE_RESULT_DOC: Final = extend(
    result_envelope({"const": "bid-euchre"}, REF_SEAT, _CONTRACT, {"const": 4}, INT),
    _EUCHRE_RESULT,
    "bid_euchre",
)
_EUCHRE_DEFS: Final = defs(EUCHRE_CARDS, 4, EUCHRE_ACTION) | {
    "facts": _EUCHRE_FACTS,
    "result": obj(_EUCHRE_RESULT_DOC),
}
_EUCHRE_VIEW: Final[Schema] = {
    "seat": REF_SEAT,
    "phase": {
        "enum": ["discard", "claim", "auction", "trump", "exchange", "play", "name_suit", "end"]
    },
    "dealer": REF_SEAT,
    "to_play": nullable(REF_SEAT),
    "hand": arr(REF_CARD, maxItems=13),
    "calls": arr(
        {
            "type": "array",
            "prefixItems": [REF_SEAT, nullable(_CONTRACT)],
            "items": False,
            "minItems": 2,
        }
    ),
    "claimant": nullable(REF_SEAT),
    "claimed_hand": arr(REF_CARD, maxItems=13),
    "contract": nullable(_CONTRACT),
    "declarer": nullable(REF_SEAT),
    "trump": nullable({"enum": ["S", "H", "D", "C", "no-trump"]}),
    "sitting_out": nullable(REF_SEAT),
    "given": arr(REF_CARD, maxItems=12),
    "returned": arr(REF_CARD, maxItems=12),
    "discard": arr(REF_CARD, maxItems=1),
    "named_suit": nullable(_SUIT),
    "trick": SEATED | {"maxItems": 4},
    "tricks": arr(
        obj(
            {
                "leader": REF_SEAT,
                "plays": SEATED | {"minItems": 3, "maxItems": 4},
                "winner": REF_SEAT,
                "named_suit": nullable(_SUIT),
            }
        ),
        maxItems=12,
    ),
    "tricks_won": _TEAM_TRICKS,
    "reneges": arr(
        obj(
            {
                "seat": REF_SEAT,
                "trick": {"type": "integer", "minimum": 1, "maximum": 12},
                "card": REF_CARD,
                "led": _SUIT,
            }
        )
    ),
    "result": nullable({"$ref": "#/$defs/result"}),
    "public_cards": arr(REF_CARD, maxItems=25, uniqueItems=True),
    "tricks_per_hand": {"enum": [6, 12]},
    "legal_actions": arr(REF_ACTION, uniqueItems=True),
}
_EUCHRE_DEAL: Final = obj(
    {"hands": arr(arr(REF_CARD, minItems=6, maxItems=12), minItems=4, maxItems=4)}
)


_TEAM_WINNER: Final[Schema] = nullable({"enum": [0, 1]})


def bid_euchre_schemas() -> dict[str, Schema]:
    """Bid Euchre's five schemas, by file stem, before the ``$ref`` are inlined."""
    name = "Bid Euchre"
    return {
        "bid-euchre-record": record_schema(
            "bid-euchre",
            name,
            EUCHRE_CARDS,
            4,
            EUCHRE_ACTION,
            BidEuchreOptions().to_dict(),
            _EUCHRE_DEAL,
            {"const": 4},
        ),
        "bid-euchre-match": match_schema(
            "bid-euchre",
            "Bid Euchre match",
            (
                "match.to_dict() (BidEuchreMatch.to_dict()): the match envelope, each hand's"
                " result document, the winning team (0 = NS, 1 = EW) at the top, and under"
                " 'bid_euchre' the teams' scores and the winning team."
            ),
            {
                **match_envelope(
                    {"const": "bid-euchre"},
                    REF_SEAT,
                    {"const": 4},
                    view_options(BidEuchreOptions().to_dict()),
                    {"$ref": "#/$defs/result"},
                ),
                "winner": _TEAM_WINNER,
                "bid_euchre": obj(
                    {"scores": arr(INT, minItems=2, maxItems=2), "winner": _TEAM_WINNER}
                ),
            },
            _EUCHRE_DEFS,
        ),
        "bid-euchre-view": {
            "$schema": DRAFT,
            "$id": BASE + "bid-euchre-view.json",
            "title": "Bid Euchre seat view",
            "description": (
                "state.view(seat).to_dict() (BidEuchreView.to_dict()): what one seat may know"
                " (E-40), with its legal actions when it is to play."
            ),
            **obj(
                extend(
                    view_envelope(
                        {"const": "bid-euchre"},
                        REF_SEAT,
                        REF_CARD,
                        REF_ACTION,
                        _CONTRACT,
                        {"const": 4},
                        view_options(BidEuchreOptions().to_dict()),
                        {"$ref": "#/$defs/result"},
                    ),
                    _EUCHRE_VIEW,
                    "bid_euchre",
                )
            ),
            "$defs": _EUCHRE_DEFS,
        },
        "bid-euchre-result": {
            "$schema": DRAFT,
            "$id": BASE + "bid-euchre-result.json",
            "title": "Bid Euchre hand result",
            "description": (
                "state.result().to_dict() (HandResult.to_dict()): the facts, each team's"
                " delta and the lines of its reasons, each seat's change, and the summary"
                " and explanation texts."
            ),
            **obj(_EUCHRE_RESULT_DOC),
            "$defs": _EUCHRE_DEFS,
        },
        "bid-euchre-error": error_schema("bid-euchre", name, EUCHRE_CARDS, 4, EUCHRE_ACTION),
    }


# -- the files ----------------------------------------------------------------------------


def inline(node: Any, definitions: Mapping[str, Any]) -> Any:
    """``node`` with every ``{"$ref": "#/$defs/NAME"}`` replaced by that definition."""
    if isinstance(node, dict):
        ref = node.get("$ref")
        if len(node) == 1 and isinstance(ref, str) and ref.startswith("#/$defs/"):
            return inline(definitions[ref.removeprefix("#/$defs/")], definitions)
        return {k: v if k == "$defs" else inline(v, definitions) for k, v in node.items()}
    if isinstance(node, list):
        return [inline(v, definitions) for v in node]
    return node


def build() -> dict[str, Schema]:
    """Every schema, by file stem (``"tarot-view"``), as ``json_schema`` returns it."""
    built = envelope_schemas() | tarot_schemas() | bid_euchre_schemas()
    return {stem: inline(schema, schema["$defs"]) for stem, schema in built.items()}


SCHEMAS: Final = build()


def render_all() -> dict[str, str]:
    """The text of every schema file, by file name."""
    return {
        f"{stem}.json": json.dumps(schema, indent=2, ensure_ascii=False) + "\n"
        for stem, schema in SCHEMAS.items()
    }


def shipped() -> Traversable:
    """The schemas folder of the installed ``cardrules`` package (what it ships)."""
    return files("cardrules").joinpath("schemas")


def diff(folder: Traversable | Path) -> list[str]:
    """Unified diff lines from the files in ``folder`` to the script's output (empty if
    equal), with a line for each stray ``.json`` file there."""
    out: list[str] = []
    texts = render_all()
    for name, text in texts.items():
        path = folder.joinpath(name)
        recorded = path.read_text(encoding="utf-8") if path.is_file() else ""
        out.extend(
            difflib.unified_diff(
                recorded.splitlines(keepends=True),
                text.splitlines(keepends=True),
                fromfile=f"schemas/{name} (shipped)",
                tofile=f"schemas/{name} (generated)",
            )
        )
    stray = sorted(p.name for p in folder.iterdir() if p.name.endswith(".json"))
    out.extend(f"stray schema file: {name}\n" for name in stray if name not in texts)
    return out


def write(folder: Path) -> list[Path]:
    """Rewrite the schema files in ``folder``; return the files that changed."""
    changed = []
    for name, text in render_all().items():
        path = folder / name
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
            changed.append(path)
    return changed


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: rewrite the files, or compare them with ``--check``."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument(
        "--check", action="store_true", help="compare without writing; exit 1 on a difference"
    )
    args = parser.parse_args(argv)
    if args.check:
        differences = diff(REPO_SCHEMAS)
        sys.stdout.writelines(differences)
        if differences:
            print("schema files differ; regenerate: python tests/apps/regenerate_schemas.py")
            return 1
        print(f"{len(SCHEMAS)} schema files match")
        return 0
    changed = write(REPO_SCHEMAS)
    for path in changed:
        print(f"wrote {path.name}")
    print(f"{len(SCHEMAS)} schema files, {len(changed)} changed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
