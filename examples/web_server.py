"""A small JSON game server on the standard library, validating every move a client sends.

Run the self-demo (it starts the server on a free port of 127.0.0.1, plays the part of
the clients, prints each response and stops)::

    python examples/web_server.py

Serve until Ctrl-C, with one log line per rejected request on stderr, and play any
registered variant (French Tarot, Bid Euchre, an installed plugin's game) against bots
in a browser at http://127.0.0.1:8000/play::

    python examples/web_server.py --serve [--host 127.0.0.1] [--port 8000]

The server keeps the real state of every game; clients never send a state, only moves.
Each seat has a secret token (handed out when the game is created), and a client sees
only its own seat's view: its hand and the public facts. A move is checked by the rules
engine against the seat that sent it; an illegal one is answered with status 400 and
the error's document (its stable ``code`` and ``rule_id``), and the game is unchanged.
The seats named in ``bots`` are played by the server itself
(:func:`cardrules.bots.bot_for`), through the same checked ``apply``, right after each
move of a person.

Nothing here names a game: the server deals any registered variant and answers with
its view documents, whose envelope (``seat_names``, ``stage``, ``to_play``, ``hand``,
``legal_actions``, ``trick`` …) is the same in every variant; the page draws them from
the envelope alone.

The API (JSON in and out; the token in an ``Authorization: Bearer TOKEN`` header):

=========================  ===============================================================
``GET /variants``          the variants served: 200 ``{"variants": [{"id", "name",
                           "players", "seat_names"}, ...]}``
``POST /games``            ``{"variant": "tarot", "seed": 7, "bots": [1, 2, 3]}`` (all
                           optional) creates a game: 201 ``{"game": id, "variant",
                           "tokens": [one per seat, null for a bot's], "bots"}``
``GET /games/ID``          the view of the token's seat: 200 ``{"seat", "to_play",
                           "legal", "view", "hand_by_suit", "moves"}``; ``legal`` is
                           empty unless the seat is to play
``POST /games/ID/moves``   ``{"action": "bid 4"}``: 200 and the seat's new view
``GET /play``              the game page: HTML, CSS and JavaScript from ``web/`` next to
                           this file, sent by name from an allow-list
                           (:data:`STATIC_FILES`, under ``/static/NAME``)
=========================  ===============================================================

Every refusal is a JSON ``{"error": {"variant", "code", "rule_id", "seat", "action", "message"}}``
(the library's error document) with a 4xx status:
400 for a malformed request or an illegal move, 401 without a token, 403 for a token
that is not a seat of the game, 404 for an unknown game or path, 405 for another method
(with ``Allow``), 408 for a client too slow to send its request, 411 for a
``Transfer-Encoding``, 413, 414 and 431 for a body, request line or headers too large,
429 when the server holds as many games as it may.

Limits (the module constants below, the defaults of :class:`Limits`): the request line
and headers take at most 16 KiB and the body 10,000 bytes, JSON nested at most 8 deep
with integers of at most 20 digits; a client silent for 10 s, or still sending after
30 s, is answered 408; 256 connections are open at most (more wait in the listen
backlog), answered by 8 threads; 1,000 games at most, and when the server is full, games
that are over or untouched for an hour make room.

How it is built: the thread running :meth:`GameServer.serve_forever` reads every
connection with a selector until its request is complete, so a stalled client holds a
socket and a small buffer, never a thread. A complete request goes to a bounded pool of
threads, which pass it to :meth:`GameApi.handle`, the request-handling core: a route
table from paths and methods to functions returning a :class:`Response`, with no sockets
in sight. One request per connection; the answer closes it. On the open internet, put
it behind a proxy that speaks TLS.
"""

from __future__ import annotations

import argparse
import contextlib
import hmac
import itertools
import json
import logging
import random
import re
import secrets
import selectors
import socket
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from http import HTTPStatus
from pathlib import Path
from typing import Any

import attrs

import cardrules
from cardrules import (
    Card,
    CardKind,
    CardrulesError,
    IllegalActionError,
    NotationError,
    State,
    Suit,
    Variant,
)
from cardrules.actions import Play
from cardrules.bots import Bot, bot_for
from cardrules.envelope import game_key

MAX_HEAD_BYTES = 16_384
"""The request line and headers, in bytes."""
MAX_BODY_BYTES = 10_000
"""The body, in bytes."""
MAX_JSON_DEPTH = 8
"""How deep arrays and objects may nest in a body."""
MAX_INT_DIGITS = 20
"""The digits of an integer in a body."""
IDLE_TIMEOUT = 10.0
"""Seconds a client may stay silent while it sends, or not read while it is answered."""
REQUEST_TIME_LIMIT = 30.0
"""Seconds a client has to send its whole request, however steadily it trickles."""
MAX_CONNECTIONS = 256
"""Connections open at once; more wait in the listen backlog."""
MAX_THREADS = 8
"""Threads answering complete requests."""
MAX_GAMES = 1_000
"""Games held at once."""
GAME_IDLE_LIMIT = 3_600.0
"""Seconds after which an untouched game may be forgotten to make room for a new one."""
LISTEN_BACKLOG = 128
"""Connections the system queues before the server accepts them."""

WEB_DIR = Path(__file__).resolve().parent / "web"
"""The game page's folder, next to this file."""
STATIC_FILES: Mapping[str, str] = {
    "index.html": "text/html; charset=utf-8",
    "game.css": "text/css; charset=utf-8",
    "game.js": "text/javascript; charset=utf-8",
    "favicon.svg": "image/svg+xml",
}
"""The files of :data:`WEB_DIR` the server sends, by name, with their content types: the
allow-list. A request names one of these keys; it never names a path on disk."""
PAGE = "index.html"
"""The file ``/play`` sends."""
PAGE_HEADERS = (
    # The page runs only its own script and style and talks only to this server: no
    # inline script, no other origin, no frame around it, no form posted elsewhere.
    (
        "Content-Security-Policy",
        (
            "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
            "img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
        ),
    ),
    ("Referrer-Policy", "no-referrer"),
)
"""Headers of every static file."""
STATIC_CACHE = "no-cache"
"""Cache-Control of the static files: a browser may keep them but asks again each time,
so a page never runs an older script than the server's."""

logger = logging.getLogger("web_server")


@dataclass(frozen=True, kw_only=True)
class Limits:
    """The server's bounds; each default is the module constant of the same name."""

    max_head_bytes: int = MAX_HEAD_BYTES
    max_body_bytes: int = MAX_BODY_BYTES
    max_json_depth: int = MAX_JSON_DEPTH
    max_int_digits: int = MAX_INT_DIGITS
    idle_timeout: float = IDLE_TIMEOUT
    request_time_limit: float = REQUEST_TIME_LIMIT
    max_connections: int = MAX_CONNECTIONS
    max_threads: int = MAX_THREADS
    max_games: int = MAX_GAMES
    game_idle_limit: float = GAME_IDLE_LIMIT


# -- requests and responses ------------------------------------------------------------------


class HttpError(Exception):
    """A refused request: its status, a stable ``code`` and a message a client can act on.

    Its answer is an error document of the library's shape (``error.to_dict()``), so a
    client reads a refused move and a refused request alike.
    """

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        rule_id: str | None = None,
        headers: tuple[tuple[str, str], ...] = (),
        *,
        seat: Any = None,
        action: Any = None,
        variant: str | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.rule_id = rule_id
        self.headers = headers
        self.seat = seat
        self.action = action
        self.variant = variant

    @classmethod
    def refusal(cls, error: CardrulesError) -> HttpError:
        """A 400 for a move the rules engine refused, with the error's document."""
        document = error.to_dict()
        return cls(
            400,
            document["code"],
            document["message"],
            document["rule_id"],
            seat=document["seat"],
            action=document["action"],
            variant=document["variant"],
        )

    def response(self) -> Response:
        """The JSON answer: ``{"error": {"variant", "code", "rule_id", "seat", "action",
        "message"}}`` (``variant`` None for a refusal that is not the rules')."""
        error = {
            "variant": self.variant,
            "code": self.code,
            "rule_id": self.rule_id,
            "seat": self.seat,
            "action": self.action,
            "message": self.message,
        }
        return Response.json(self.status, {"error": error}, self.headers)


@dataclass(frozen=True)
class Request:
    """One complete request, as the core sees it."""

    method: str
    path: str
    """The target without its query string."""
    headers: Mapping[str, str]
    """By lower-case name."""
    body: bytes
    client: str = "-"


@dataclass(frozen=True)
class Response:
    """One answer: a status, a body and its type, and any further headers."""

    status: int
    body: bytes
    content_type: str = "application/json"
    headers: tuple[tuple[str, str], ...] = ()
    cache_control: str = "no-store"
    """Views hold a seat's hand, so by default no cache may keep an answer."""

    @classmethod
    def json(cls, status: int, value: Any, headers: tuple[tuple[str, str], ...] = ()) -> Response:
        """An answer with ``value`` as its JSON body."""
        return cls(status, json.dumps(value).encode(), headers=headers)

    def to_bytes(self, *, with_body: bool = True) -> bytes:
        """The answer as sent: status line, headers and (unless for a HEAD) the body."""
        lines = [
            f"HTTP/1.1 {self.status} {HTTPStatus(self.status).phrase}",
            f"Content-Type: {self.content_type}",
            f"Content-Length: {len(self.body)}",
            f"Cache-Control: {self.cache_control}",
            # The type sent is the type meant: a browser never guesses another.
            "X-Content-Type-Options: nosniff",
            "Connection: close",
            *(f"{name}: {value}" for name, value in self.headers),
        ]
        head = ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")
        return head + self.body if with_body else head


_TOKEN = rb"[!#$%&'*+.^_`|~0-9A-Za-z-]+"
_REQUEST_LINE = re.compile(rb"(" + _TOKEN + rb") (/[\x21-\x7e]*) HTTP/1\.[01]")
_HEADER_LINE = re.compile(rb"(" + _TOKEN + rb"):([\t\x20-\x7e\x80-\xff]*)")
_HEAD_END = re.compile(rb"\r?\n\r?\n")
# Headers the server reads, where two copies would leave it guessing which one counts.
_SINGLE_HEADERS = frozenset({"authorization", "content-length", "host", "transfer-encoding"})
_DIGITS = re.compile(r"[0-9]+")


def parse_head(head: bytes) -> tuple[str, str, dict[str, str]]:
    """The method, target and headers of a request head (the bytes before its blank line).

    Args:
        head: The request line and the header lines.

    Returns:
        The method, the target, and the headers by lower-case name.

    Raises:
        HttpError: 400 for a malformed request line or header line, or a repeated header
            the server reads.

    >>> parse_head(b"GET /games/1 HTTP/1.1\\r\\nAuthorization: Bearer abc ")
    ('GET', '/games/1', {'authorization': 'Bearer abc'})
    """
    lines = [line.removesuffix(b"\r") for line in head.split(b"\n")]
    request_line = _REQUEST_LINE.fullmatch(lines[0])
    if request_line is None:
        raise HttpError(
            400, "bad_request_line", 'the request line must read "METHOD /path HTTP/1.1"'
        )
    headers: dict[str, str] = {}
    for line in lines[1:]:
        header = _HEADER_LINE.fullmatch(line)
        if header is None:
            raise HttpError(400, "bad_header", f"malformed header line {line[:40]!r}")
        name = header[1].decode("ascii").lower()
        value = header[2].strip(b" \t").decode("latin-1")
        if name in headers:
            if name in _SINGLE_HEADERS:
                raise HttpError(400, "duplicate_header", f"the {name} header is given twice")
            value = f"{headers[name]}, {value}"
        headers[name] = value
    return request_line[1].decode("ascii"), request_line[2].decode("ascii"), headers


def body_length(headers: Mapping[str, str], limit: int) -> int:
    """The body's length in bytes, from ``Content-Length`` (0 without one).

    Raises:
        HttpError: 400 unless the length is plain decimal digits, 411 for a
            ``Transfer-Encoding``, 413 above ``limit``.

    >>> body_length({"content-length": "12"}, 100)
    12
    """
    if "transfer-encoding" in headers:
        raise HttpError(
            411, "length_required", "send the body with a Content-Length, not a Transfer-Encoding"
        )
    value = headers.get("content-length")
    if value is None:
        return 0
    if not _DIGITS.fullmatch(value):
        raise HttpError(
            400,
            "bad_content_length",
            f"Content-Length must be a number of bytes in decimal digits, not {value[:20]!r}",
        )
    # Compare the digits before int(): thousands of them would be slow or refused.
    digits = value.lstrip("0")
    if len(digits) > len(str(limit)) or int(digits or "0") > limit:
        raise HttpError(413, "body_too_large", f"the body may be at most {limit} bytes")
    return int(digits or "0")


# A JSON string (to its closing quote, or to the end of an unterminated one), an opening
# or a closing bracket. Possessive, so the scan is linear however hostile the text.
_JSON_NESTING = re.compile(r'"(?:[^"\\]|\\.?)*+(?:"|\Z)|([\[{])|([\]}])', re.DOTALL)


def parse_json_object(body: bytes, limits: Limits) -> dict[str, Any]:
    """The body as a JSON object, ``{}`` when empty, within the nesting and number limits.

    The nesting is counted before parsing, so a deep body never reaches the recursive
    parser.

    Raises:
        HttpError: 400 for a body that is not UTF-8, nested too deep, not JSON, not an
            object, or with an integer too long, ``NaN`` or ``Infinity``.

    >>> parse_json_object(b'{"action": "pass"}', Limits())
    {'action': 'pass'}
    """
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise HttpError(400, "bad_encoding", "the body must be UTF-8") from None
    depth = 0
    for bracket in _JSON_NESTING.finditer(text):
        if bracket[1]:
            depth += 1
            if depth > limits.max_json_depth:
                raise HttpError(
                    400, "too_deep", f"the body may nest at most {limits.max_json_depth} deep"
                )
        elif bracket[2]:
            depth -= 1

    def integer(digits: str) -> int:
        if len(digits.lstrip("-")) > limits.max_int_digits:
            raise HttpError(
                400, "number_too_long", f"integers may have at most {limits.max_int_digits} digits"
            )
        return int(digits)

    def constant(name: str) -> Any:
        raise HttpError(400, "bad_json", f"{name} is not a JSON number")

    try:
        value = json.loads(text or "{}", parse_int=integer, parse_constant=constant)
    except ValueError as exc:
        raise HttpError(400, "bad_json", f"the body is not JSON: {exc}") from None
    if not isinstance(value, dict):
        raise HttpError(400, "not_an_object", "the body must be a JSON object")
    return value


# -- the games ---------------------------------------------------------------------------------


def hand_by_suit(document: Mapping[str, Any]) -> list[dict[str, Any]]:
    """A seat's hand as a player holds it: grouped by suit, in the game's card order.

    Read from the view document's envelope alone (its ``hand``, in the game's own card
    order), so it serves every variant. One optional detail is read from the game's own
    key, for display only: a game that names a trump suit there (``"trump": "H"``) has
    that suit's group first, marked as trump. A game's trump cards (French Tarot's 1 to
    21) are a group of their own, and so are the Excuse and a joker.

    Args:
        document: A seat's view document (``view.to_dict()``).

    Returns:
        ``{"suit", "trump", "cards"}`` for each suit the hand holds: the suit's name
        (``"trumps"``, ``"excuse"`` and ``"joker"`` for the cards of no suit), whether
        it is trump, and the cards' notation.

    >>> import cardrules
    >>> state = cardrules.get_variant("bid-euchre").new_game(seed=2)
    >>> for action in ("bid 4", "pass", "pass", "pass", "trump hearts"):
    ...     state = state.apply(action)
    >>> [(group["suit"], group["cards"]) for group in hand_by_suit(state.view(1).to_dict())]
    [('hearts', ['9H', 'AH']), ('diamonds', ['JD', 'QD', 'AD']), ('clubs', ['QC'])]
    """
    detail = document.get(game_key(str(document["variant"])))
    named = detail.get("trump") if isinstance(detail, Mapping) else None
    trump = next((suit for suit in Suit if suit.value == named), None)
    groups: dict[str, dict[str, Any]] = {}
    for code in document["hand"]:
        card = Card.parse(code)
        if card.suit is not None:
            name, is_trump = card.suit.name.lower(), card.suit is trump
        else:
            name = "trumps" if card.kind is CardKind.TRUMP else card.kind.value
            is_trump = card.kind is CardKind.TRUMP
        group = groups.setdefault(name, {"suit": name, "trump": is_trump, "cards": []})
        group["cards"].append(code)
    # The trump suit first (a stable sort keeps the others in the game's order).
    return sorted(groups.values(), key=lambda group: not (group["trump"] and trump))


def seen_moves(state: State, seat: int) -> list[list[Any]]:
    """The deal's moves other than the card plays, as ``seat`` saw them at the table.

    Each is ``[actor, notation]``, or ``[actor, None]`` for a move ``seat`` saw being
    made but not what it was (a card put face down): the variant says which
    (:meth:`Variant.action_seen_by <cardrules.Variant.action_seen_by>`). The card plays
    are the view's tricks.

    >>> import cardrules
    >>> state = cardrules.get_variant("tarot").new_game(seed=1).apply("bid prise")
    >>> seen_moves(state, 0)
    [[1, 'bid prise']]
    """
    variant = state.variant
    moves: list[list[Any]] = []
    for actor, action in state.history:
        if isinstance(action, Play):
            continue
        seen = variant.action_seen_by(action, actor, seat)
        moves.append([actor, None if seen is None else variant.action_text(seen)])
    return moves


@attrs.define
class Game:
    """One game on the server: the authoritative state, the seats' tokens, its bots."""

    state: State
    tokens: tuple[str | None, ...]
    """One per seat: ``None`` for a seat the server plays."""
    last_used: float
    bots: Mapping[int, Bot] = attrs.field(factory=dict)
    """The seats the server plays, with their bots."""
    rng: random.Random = attrs.field(factory=random.Random)
    """The bots' only source of randomness (seeded with the game's seed when it has one)."""

    def play_bots(self) -> None:
        """Let the bots move until a person is to play or the deal is over."""
        while True:
            seat = self.state.to_play
            if seat is None or seat not in self.bots:
                return
            state = self.state
            # A bot sees only its seat's view, and its move is checked like anyone's.
            action = self.bots[seat].choose(state.view(seat), state.legal_actions(), self.rng)
            self.state = state.apply(action, seat)


class Lobby:
    """Every game of the server. Thread-safe: the server answers requests in threads.

    Args:
        limits: The number of games and how long an untouched one is kept.
        clock: Seconds, for the games' last use.
    """

    def __init__(
        self, limits: Limits | None = None, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.games: dict[str, Game] = {}
        self.lock = threading.Lock()
        self.limits = limits or Limits()
        self._clock = clock
        self._ids = itertools.count(1)

    def create(self, body: Mapping[str, Any]) -> dict[str, Any]:
        """Deal a new game: ``{"variant": id, "seed": int, "bots": [seat, ...]}`` (all optional).

        The server plays the seats named in ``bots`` itself, with the variant's bot, and
        hands out tokens for the others only.
        """
        name = body.get("variant", "bid-euchre")
        seed = body.get("seed")
        bots = body.get("bots", [])
        if not isinstance(name, str):
            raise HttpError(400, "bad_request", 'variant must be a string, such as "bid-euchre"')
        if not (seed is None or type(seed) is int):
            raise HttpError(400, "bad_request", "seed must be an integer")
        if not (isinstance(bots, list) and all(type(seat) is int for seat in bots)):
            raise HttpError(400, "bad_request", "bots must be a list of seats, such as [1, 2, 3]")
        with self.lock:
            self._make_room()
            try:
                variant = cardrules.get_variant(name)
                state = seated_deal(variant, seed)
            except CardrulesError as exc:
                raise HttpError(400, "bad_variant", str(exc)) from None
            players = state.variant.players
            if len(set(bots)) != len(bots) or not set(bots) < set(range(players)):
                raise HttpError(
                    400,
                    "bad_request",
                    f"bots must be distinct seats from 0 to {players - 1}, "
                    "leaving at least one to a person",
                )
            tokens = tuple(
                None if seat in bots else secrets.token_urlsafe(12) for seat in range(players)
            )
            game = Game(
                state,
                tokens,
                self._clock(),
                # Each variant's bot of middle strength; a random one for a variant
                # that has no bot of its own.
                {seat: bot_for(variant, level="medium") for seat in bots},
                random.Random(seed),
            )
            game.play_bots()
            game_id = str(next(self._ids))
            self.games[game_id] = game
        return {
            "game": game_id,
            "variant": state.variant.id,
            "tokens": list(tokens),
            "bots": sorted(bots),
        }

    def _make_room(self) -> None:
        if len(self.games) < self.limits.max_games:
            return
        now = self._clock()
        for game_id, game in list(self.games.items()):
            if game.state.is_terminal or now - game.last_used > self.limits.game_idle_limit:
                del self.games[game_id]
        if len(self.games) >= self.limits.max_games:
            raise HttpError(
                429,
                "too_many_games",
                f"the server holds {len(self.games)} games, its limit: try again later",
            )

    def _seat(self, game_id: str, token: str) -> tuple[Game, int]:
        game = self.games.get(game_id)
        if game is None:
            raise HttpError(404, "no_such_game", f"there is no game {game_id!r:.20}")
        # Every token compared, in constant time: the answer's timing tells nothing
        # about how much of a token was right, or of which seat.
        given = token.encode()
        seat = None
        for index, secret in enumerate(game.tokens):
            if secret is not None and hmac.compare_digest(secret.encode(), given):
                seat = index
        if seat is None:
            raise HttpError(403, "bad_token", "this token is not a seat of this game")
        game.last_used = self._clock()
        return game, seat

    def view(self, game_id: str, token: str) -> dict[str, Any]:
        """What the token's seat may see, and its legal actions when it is to play."""
        with self.lock:
            game, seat = self._seat(game_id, token)
            state = game.state
        # The view carries the seat's legal actions when it is to play, and only then:
        # another seat's would tell what the player to move holds. Everything below is
        # read from the envelope, the same for every variant.
        document = state.view(seat).to_dict()
        return {
            "seat": seat,
            "to_play": document["to_play"],
            "legal": document["legal_actions"],
            "view": document,
            "hand_by_suit": hand_by_suit(document),
            "moves": seen_moves(state, seat),
        }

    def move(self, game_id: str, token: str, body: Mapping[str, Any]) -> dict[str, Any]:
        """Apply ``body["action"]`` for the token's seat, checked by the rules."""
        action = body.get("action")
        if not isinstance(action, str):
            raise HttpError(400, "bad_request", 'send {"action": "<notation>"}')
        with self.lock:
            game, seat = self._seat(game_id, token)
            try:
                # The checked apply, with the seat the token proves: a move from the
                # wrong client is refused, and a refused move changes nothing.
                game.state = game.state.apply(action, seat)
            except (IllegalActionError, NotationError) as exc:
                raise HttpError.refusal(exc) from None
            # Outside the try: a bot's failure is the server's (a 500), not the client's.
            game.play_bots()
        return self.view(game_id, token)


def seated_deal(variant: Variant, seed: int | None) -> State:
    """A deal of ``variant`` whose states require the acting seat: a move applied without
    the seat its token proves is refused, never played for whoever is to play.

    Every game on the library's kit deals such states, a plugin's too; the server serves
    no game that cannot.

    Raises:
        InvalidArgumentError: the variant's deals cannot require the seat (a game whose
            ``new_game`` takes no ``require_seat``).

    >>> import cardrules
    >>> seated_deal(cardrules.get_variant("tarot"), 7).requires_seat
    True
    """
    return variant.new_match(require_seat=True).next_deal(seed=seed)


def variants() -> list[dict[str, Any]]:
    """Every registered variant the server deals, built-in or plugin, with its default
    options: ``{"id", "name", "players", "seat_names"}``, the built-in games first.

    >>> [variant["id"] for variant in variants()][:2]
    ['tarot', 'bid-euchre']
    """
    found = []
    for variant_id in cardrules.variant_ids():
        variant = cardrules.get_variant(variant_id)
        found.append(
            {
                "id": variant.id,
                "name": variant.name,
                "players": variant.players,
                "seat_names": list(variant.info.seat_names),
            }
        )
    return found


# -- the request-handling core ---------------------------------------------------------------

Route = Callable[..., Response]
"""A route's function: the request, then the path's groups, to the answer."""


class GameApi:
    """The request-handling core: a :class:`Request` in, a :class:`Response` out.

    No sockets here, so the API is tested and extended on its own: a new endpoint is a
    method and a line of :attr:`routes`.

    >>> api = GameApi(Lobby())
    >>> api.handle(Request("POST", "/games", {}, b'{"seed": 1}')).status
    201
    >>> api.handle(Request("DELETE", "/games", {}, b"")).headers
    (('Allow', 'POST'),)
    """

    def __init__(self, lobby: Lobby) -> None:
        self.lobby = lobby
        self.routes: list[tuple[re.Pattern[str], dict[str, Route]]] = [
            (re.compile(r"/variants/?"), {"GET": self.list_variants}),
            (re.compile(r"/games/?"), {"POST": self.create_game}),
            (re.compile(r"/games/([^/]+)/?"), {"GET": self.show_game}),
            (re.compile(r"/games/([^/]+)/moves/?"), {"POST": self.make_move}),
            (re.compile(r"/play/?"), {"GET": self.page, "HEAD": self.page}),
            (re.compile(r"/static/([^/]+)"), {"GET": self.static, "HEAD": self.static}),
        ]

    def handle(self, request: Request) -> Response:
        """The answer to ``request``; a refusal is logged in one line, a failure in full."""
        what = f"{request.method} {request.path!r:.80}"
        try:
            return self._route(request)
        except HttpError as exc:
            log_refusal(request.client, what, exc)
            return exc.response()
        except Exception:
            # A bug of the server (or of a variant): the client still gets its JSON
            # answer, and the log the traceback to fix it by.
            logger.exception("%s %s -> 500 internal_error", request.client, what)
            return HttpError(500, "internal_error", "the server failed on this request").response()

    def _route(self, request: Request) -> Response:
        for pattern, methods in self.routes:
            match = pattern.fullmatch(request.path)
            if match is None:
                continue
            route = methods.get(request.method)
            if route is None:
                allowed = ", ".join(methods)
                raise HttpError(
                    405,
                    "method_not_allowed",
                    f"{request.method:.20} is not allowed here: use {allowed}",
                    headers=(("Allow", allowed),),
                )
            return route(request, *match.groups())
        raise HttpError(
            404,
            "not_found",
            f"no such resource: {request.path!r:.60} (the API is /games, the game page /play)",
        )

    def list_variants(self, request: Request) -> Response:
        """``GET /variants``."""
        return Response.json(200, {"variants": variants()})

    def create_game(self, request: Request) -> Response:
        """``POST /games``."""
        return Response.json(201, self.lobby.create(self._body(request)))

    def show_game(self, request: Request, game_id: str) -> Response:
        """``GET /games/ID``."""
        return Response.json(200, self.lobby.view(game_id, self._token(request)))

    def make_move(self, request: Request, game_id: str) -> Response:
        """``POST /games/ID/moves``."""
        token = self._token(request)
        return Response.json(200, self.lobby.move(game_id, token, self._body(request)))

    def page(self, request: Request) -> Response:
        """``GET /play``: the game page."""
        return self.static(request, PAGE)

    def static(self, request: Request, name: str) -> Response:
        """``GET /static/NAME``: a file of the allow-list :data:`STATIC_FILES`, else 404."""
        content_type = STATIC_FILES.get(name)
        if content_type is None:
            raise HttpError(404, "not_found", f"no such file: {name!r:.60}")
        # The name is a key of the allow-list, so the path is one of its few files.
        body = (WEB_DIR / name).read_bytes()
        return Response(200, body, content_type, PAGE_HEADERS, STATIC_CACHE)

    def _body(self, request: Request) -> dict[str, Any]:
        return parse_json_object(request.body, self.lobby.limits)

    def _token(self, request: Request) -> str:
        scheme, _, token = request.headers.get("authorization", "").partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise HttpError(
                401,
                "missing_token",
                'send the seat\'s token as "Authorization: Bearer TOKEN"',
                headers=(("WWW-Authenticate", "Bearer"),),
            )
        return token.strip()


def log_refusal(client: str, what: str, error: HttpError) -> None:
    """The one log line of a refused request."""
    logger.info("%s %s -> %d %s", client, what, error.status, error.code)


# -- the HTTP server -------------------------------------------------------------------------

_CHUNK = 65_536
_DRAIN_CHUNKS = 16
# While the listen socket is set aside (all connections taken), how often to look again.
_FULL_POLL = 0.05


class _Arrival:
    """A connection whose request is still arriving: read by the selector loop."""

    def __init__(self, sock: socket.socket, client: str, now: float, limits: Limits) -> None:
        self.sock = sock
        self.client = client
        self.limits = limits
        self.data = bytearray()
        self.deadline = now + limits.request_time_limit
        self.quiet_until = now + limits.idle_timeout
        self.head: tuple[str, str, dict[str, str]] | None = None
        self._scanned = 0
        self._body_start = 0
        self._body_length = 0

    def expires(self) -> float:
        """When the request is late: the client silent too long, or the time up."""
        return min(self.deadline, self.quiet_until)

    def summary(self) -> str:
        """The method and path for the log, once the head has arrived."""
        return "-" if self.head is None else f"{self.head[0]} {self.head[1]!r:.80}"

    def feed(self, chunk: bytes, now: float) -> Request | None:
        """Add bytes read; the request once complete, ``None`` while it is arriving.

        Raises:
            HttpError: The request is malformed or too large.
        """
        self.data += chunk
        self.quiet_until = now + self.limits.idle_timeout
        if self.head is None:
            # Only the new bytes are searched (and the three before, where a blank line
            # may have begun): a client sending one byte at a time costs no rescans.
            end = _HEAD_END.search(self.data, max(0, self._scanned - 3))
            self._scanned = len(self.data)
            if end is None and len(self.data) <= self.limits.max_head_bytes:
                return None
            if end is None or end.end() > self.limits.max_head_bytes:
                if b"\n" not in self.data[: self.limits.max_head_bytes]:
                    raise HttpError(414, "request_line_too_long", "the request line is too long")
                raise HttpError(
                    431,
                    "headers_too_large",
                    f"the request line and headers may take {self.limits.max_head_bytes} bytes",
                )
            self.head = parse_head(bytes(self.data[: end.start()]))
            self._body_start = end.end()
            self._body_length = body_length(self.head[2], self.limits.max_body_bytes)
        if len(self.data) - self._body_start < self._body_length:
            return None
        method, target, headers = self.head
        body = bytes(self.data[self._body_start : self._body_start + self._body_length])
        return Request(method, target.partition("?")[0], headers, body, self.client)


class GameServer:
    """An HTTP server for a :class:`Lobby` of games, within :class:`Limits`.

    Used like :mod:`socketserver` servers: :meth:`serve_forever` in one thread,
    :meth:`shutdown` from another, then :meth:`server_close`.

    Args:
        address: The host and port to listen on; port 0 picks a free one.
        limits: The bounds of requests, connections, threads and games.
    """

    def __init__(self, address: tuple[str, int], limits: Limits | None = None) -> None:
        self.limits = limits or Limits()
        self.lobby = Lobby(self.limits)
        self.api = GameApi(self.lobby)
        self.socket = socket.create_server(address, backlog=LISTEN_BACKLOG)
        self.socket.setblocking(False)
        self.server_address: tuple[str, int] = self.socket.getsockname()[:2]
        self._workers = ThreadPoolExecutor(self.limits.max_threads, thread_name_prefix="web_server")
        self._arrivals: dict[socket.socket, _Arrival] = {}
        self._answering = 0
        self._answering_lock = threading.Lock()
        self._stop = threading.Event()
        self._stopped = threading.Event()

    @property
    def open_connections(self) -> int:
        """Connections whose request is arriving or being answered."""
        return len(self._arrivals) + self._answering

    def serve_forever(self, poll_interval: float = 0.5) -> None:
        """Read and answer requests until :meth:`shutdown`.

        Args:
            poll_interval: Seconds between looks at the shutdown flag.
        """
        listening = False
        try:
            with selectors.DefaultSelector() as selector:
                while not self._stop.is_set():
                    room = self.open_connections < self.limits.max_connections
                    if room and not listening:
                        selector.register(self.socket, selectors.EVENT_READ)
                    elif listening and not room:
                        selector.unregister(self.socket)
                    listening = room
                    timeout = poll_interval if room else min(poll_interval, _FULL_POLL)
                    if self._arrivals:
                        first = min(a.expires() for a in self._arrivals.values())
                        timeout = max(0.0, min(timeout, first - time.monotonic()))
                    for key, _ in selector.select(timeout):
                        if key.fileobj is self.socket:
                            self._accept(selector)
                        else:
                            self._read(selector, key.data)
                    self._expire(selector, time.monotonic())
        finally:
            for arrival in self._arrivals.values():
                arrival.sock.close()
            self._arrivals.clear()
            self._stop.clear()
            self._stopped.set()

    def shutdown(self) -> None:
        """Stop :meth:`serve_forever` (from another thread) and wait until it returns."""
        self._stop.set()
        self._stopped.wait()
        self._stopped.clear()

    def server_close(self) -> None:
        """Close the listen socket and wait for the answers being sent."""
        self.socket.close()
        self._workers.shutdown(wait=True)

    def _accept(self, selector: selectors.BaseSelector) -> None:
        while self.open_connections < self.limits.max_connections:
            try:
                sock, address = self.socket.accept()
            except (BlockingIOError, ConnectionAbortedError):
                return
            sock.setblocking(False)
            arrival = _Arrival(sock, str(address[0]), time.monotonic(), self.limits)
            self._arrivals[sock] = arrival
            selector.register(sock, selectors.EVENT_READ, arrival)

    def _read(self, selector: selectors.BaseSelector, arrival: _Arrival) -> None:
        try:
            chunk = arrival.sock.recv(_CHUNK)
        except BlockingIOError:
            return
        except OSError:  # reset by the client: there is no one to answer
            self._drop(selector, arrival)
            return
        if not chunk:
            if not arrival.data:  # connected and left without asking anything
                self._drop(selector, arrival)
                return
            self._hand_over(
                selector,
                arrival,
                HttpError(400, "incomplete_request", "the request ended before it was complete"),
            )
            return
        try:
            request = arrival.feed(chunk, time.monotonic())
        except HttpError as exc:
            self._hand_over(selector, arrival, exc)
            return
        if request is not None:
            self._hand_over(selector, arrival, request)

    def _expire(self, selector: selectors.BaseSelector, now: float) -> None:
        for arrival in [a for a in self._arrivals.values() if a.expires() <= now]:
            if now >= arrival.deadline:
                message = f"send the whole request within {self.limits.request_time_limit} s"
            else:
                message = f"the client was silent for {self.limits.idle_timeout} s"
            self._hand_over(selector, arrival, HttpError(408, "request_timeout", message))

    def _drop(self, selector: selectors.BaseSelector, arrival: _Arrival) -> None:
        selector.unregister(arrival.sock)
        del self._arrivals[arrival.sock]
        arrival.sock.close()

    def _hand_over(
        self, selector: selectors.BaseSelector, arrival: _Arrival, item: Request | HttpError
    ) -> None:
        """Pass a complete request, or the error that ended it, to a thread to answer."""
        selector.unregister(arrival.sock)
        del self._arrivals[arrival.sock]
        if isinstance(item, HttpError):
            log_refusal(arrival.client, arrival.summary(), item)
        with self._answering_lock:
            self._answering += 1
        self._workers.submit(self._answer, arrival.sock, item)

    def _answer(self, sock: socket.socket, item: Request | HttpError) -> None:
        """Send the answer and close the connection (in a thread of the pool)."""
        try:
            if isinstance(item, HttpError):
                data = item.response().to_bytes()
            else:
                data = self.api.handle(item).to_bytes(with_body=item.method != "HEAD")
            with contextlib.suppress(OSError):  # the client left, or did not read in time
                sock.settimeout(self.limits.idle_timeout)
                sock.sendall(data)
                sock.shutdown(socket.SHUT_WR)
                # Read what the client sent beyond the request (a little of it), so that
                # closing does not reset the connection before the answer is read.
                sock.setblocking(False)
                for _ in range(_DRAIN_CHUNKS):
                    if not sock.recv(_CHUNK):
                        break
        finally:
            sock.close()
            with self._answering_lock:
                self._answering -= 1


# -- the clients' side, when run as a script -----------------------------------------------


def request(
    base: str,
    method: str,
    path: str,
    body: dict[str, Any] | bytes | None = None,
    token: str = "",
) -> tuple[int, dict[str, Any]]:
    """Send one request; the status and the JSON answer (also for 4xx answers)."""
    data = json.dumps(body).encode() if isinstance(body, dict) else body
    req = urllib.request.Request(base + path, data=data, method=method)  # noqa: S310 - http://127.0.0.1
    req.add_header("Content-Type", "application/json")
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(req, timeout=10) as response:  # noqa: S310 - http://127.0.0.1
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def show(what: str, status: int, answer: dict[str, Any]) -> None:
    """Print one response, the view shortened to the essentials."""
    shown = dict(answer)
    if "view" in shown:
        view = shown.pop("view")
        shown["hand"] = view["hand"]
    print(f"{what}\n  -> {status} {json.dumps(shown)}")


def demo() -> None:
    """Start the server, play the clients' part against it, and stop it."""
    server = GameServer(("127.0.0.1", 0))
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        status, created = request(base, "POST", "/games", {"variant": "bid-euchre", "seed": 7})
        show("POST /games (a Bid Euchre hand, seed 7)", status, created)
        assert status == 201
        game, tokens = created["game"], created["tokens"]
        status, first = request(base, "GET", f"/games/{game}", token=tokens[0])
        to_play = first["to_play"]
        status, view = request(base, "GET", f"/games/{game}", token=tokens[to_play])
        show(f"GET /games/{game} as seat {to_play}, to play", status, view)
        # The server shows a seat only its own cards.
        other = request(base, "GET", f"/games/{game}", token=tokens[(to_play + 1) % 4])[1]
        assert not set(view["view"]["hand"]) & set(other["view"]["hand"])

        status, answer = request(
            base, "POST", f"/games/{game}/moves", {"action": "bid 4"}, tokens[to_play]
        )
        show(f"seat {to_play} sends a legal move: bid 4", status, answer)
        assert status == 200

        nxt = (to_play + 1) % 4
        status, answer = request(
            base, "POST", f"/games/{game}/moves", {"action": "bid 3"}, tokens[nxt]
        )
        show(f"seat {nxt} sends an illegal move: bid 3 after a 4", status, answer)
        assert status == 400
        assert answer["error"]["code"] == "illegal_bid"
        assert answer["error"]["rule_id"] == "E-8"

        wrong = (nxt + 1) % 4
        status, answer = request(
            base, "POST", f"/games/{game}/moves", {"action": "pass"}, tokens[wrong]
        )
        show(f"seat {wrong} sends a move out of turn: pass", status, answer)
        assert status == 400
        assert answer["error"]["code"] == "not_your_turn"

        status, answer = request(base, "POST", f"/games/{game}/moves", {"action": "pass"}, "x")
        show("a move with an unknown token", status, answer)
        assert status == 403

        deep = b"[" * 5_000 + b"]" * 5_000
        status, answer = request(base, "POST", f"/games/{game}/moves", deep, tokens[nxt])
        show("a body nested 5,000 deep", status, answer)
        assert status == 400
        assert answer["error"]["code"] == "too_deep"

        play_against_bots(base)
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def play_against_bots(base: str) -> None:
    """Fetch the game page, then play a Tarot deal as seat 0 against the server's bots."""
    with urllib.request.urlopen(base + "/play", timeout=10) as page:  # noqa: S310 - http://127.0.0.1
        print(f"GET /play\n  -> {page.status} {page.headers['Content-Type']}, the game page")
        assert page.status == 200
    status, created = request(
        base, "POST", "/games", {"variant": "tarot", "seed": 5, "bots": [1, 2, 3]}
    )
    show("POST /games (French Tarot, seed 5, the server plays seats 1 to 3)", status, created)
    assert created["tokens"][1:] == [None, None, None]
    game, token = created["game"], created["tokens"][0]
    status, answer = request(base, "GET", f"/games/{game}", token=token)
    print(f"  your hand by suit: {[' '.join(g['cards']) for g in answer['hand_by_suit']]}")
    moves = 0
    while answer["to_play"] is not None:
        # The bots have moved: the seat to play is always the person's.
        assert answer["to_play"] == 0
        bids = [action for action in answer["legal"] if action.startswith("bid")]
        action = bids[-1] if bids else answer["legal"][-1]
        status, answer = request(base, "POST", f"/games/{game}/moves", {"action": action}, token)
        assert status == 200, answer
        moves += 1
    print(f"seat 0 made {moves} moves; the result:")
    print("  " + answer["view"]["result"]["explain"].replace("\n", "\n  "))


def serve(host: str, port: int) -> None:
    """Serve until Ctrl-C, logging one line per refused request to stderr."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    server = GameServer((host, port))
    host, port = server.server_address
    print(f"serving on {host} port {port}", flush=True)
    print(f"play in a browser: http://{host}:{port}/play", flush=True)
    try:
        with contextlib.suppress(KeyboardInterrupt):
            server.serve_forever()
    finally:
        server.server_close()


def main(argv: list[str] | None = None) -> None:
    """Run the demo, or serve with ``--serve``."""
    parser = argparse.ArgumentParser(description="A JSON game server for cardrules.")
    parser.add_argument(
        "--serve", action="store_true", help="serve until Ctrl-C instead of the demo"
    )
    parser.add_argument("--host", default="127.0.0.1", help="default: %(default)s")
    parser.add_argument("--port", type=int, default=8000, help="default: %(default)s")
    args = parser.parse_args(argv)
    if args.serve:
        serve(args.host, args.port)
    else:
        demo()


if __name__ == "__main__":
    main()
