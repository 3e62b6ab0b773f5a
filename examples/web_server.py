"""A small JSON game server on the standard library, validating every move a client sends.

Run:  python examples/web_server.py

The server keeps the real state of every game; clients never send a state, only moves.
Each seat has a secret token (handed out when the game is created), and a client sees
only its own seat's view: its hand and the public facts. A move is checked by the rules
engine against the seat that sent it; an illegal one is answered with status 400 and
the error's stable ``code`` and ``rule_id``, and the game is unchanged.

The API (JSON in and out; the token in an ``Authorization: Bearer TOKEN`` header):

=========================  ===============================================================
``POST /games``            ``{"variant": "bid-euchre", "seed": 7}`` creates a game: 201
                           ``{"game": id, "tokens": [one per seat]}``
``GET /games/ID``          the view of the token's seat: 200 ``{"seat", "to_play",
                           "legal", "view"}``
``POST /games/ID/moves``   ``{"action": "bid 4"}``: 200 and the seat's new view, or 400
                           ``{"error": {"code", "rule_id", "message"}}``
=========================  ===============================================================

Unknown games answer 404, unknown tokens 403, malformed requests 400.

Run as a script, it starts the server on a free port of 127.0.0.1 in a thread, plays
the part of the clients (one legal move, one illegal move, one move from the wrong
seat, one unknown token), prints each response and shuts the server down.
"""

from __future__ import annotations

import enum
import json
import secrets
import threading
import urllib.error
import urllib.request
from fractions import Fraction
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import attrs

import cardrules
from cardrules import CardrulesError, IllegalActionError, NotationError, State

_MAX_BODY = 10_000


def to_json(value: Any) -> Any:
    """A view (or any value in it) as JSON values: cards and actions by their notation.

    Args:
        value: A view, or a field of one.

    Returns:
        Dicts, lists, strings, numbers, booleans and ``None``.
    """
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (cardrules.Card, cardrules.Action)):
        return str(value)
    if isinstance(value, enum.Enum):
        return value.value if isinstance(value.value, str) else str(value)
    if isinstance(value, Fraction):
        return float(value)
    if isinstance(value, frozenset):
        return sorted(to_json(v) for v in value)
    if isinstance(value, (tuple, list)):
        return [to_json(v) for v in value]
    explain = getattr(value, "explain", None)
    if callable(explain):
        # A result: its explanation is what a client shows.
        return {"explain": explain()}
    if attrs.has(type(value)):
        if "__str__" in vars(type(value)):
            return str(value)  # a value with its own notation, such as a contract
        return {f.name: to_json(getattr(value, f.name)) for f in attrs.fields(type(value))}
    return str(value)


class HttpError(Exception):
    """An answer other than 200, with its JSON body."""

    def __init__(self, status: int, code: str, message: str, rule_id: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.body = {"error": {"code": code, "rule_id": rule_id, "message": message}}


@attrs.define
class Game:
    """One game on the server: the authoritative state and the seats' tokens."""

    state: State
    tokens: tuple[str, ...]


class Lobby:
    """Every game of the server. Thread-safe: the server answers requests in threads."""

    def __init__(self) -> None:
        self.games: dict[str, Game] = {}
        self.lock = threading.Lock()

    def create(self, body: dict[str, Any]) -> dict[str, Any]:
        """Deal a new game: ``{"variant": id, "seed": int}`` (both optional)."""
        name = body.get("variant", "bid-euchre")
        seed = body.get("seed")
        if not isinstance(name, str) or not (seed is None or type(seed) is int):
            raise HttpError(400, "bad_request", "variant must be a string and seed an integer")
        try:
            state = cardrules.get_variant(name).new_game(seed=seed)
        except CardrulesError as exc:
            raise HttpError(400, "bad_variant", str(exc)) from None
        tokens = tuple(secrets.token_urlsafe(12) for _ in range(state.variant.players))
        with self.lock:
            game_id = str(len(self.games) + 1)
            self.games[game_id] = Game(state, tokens)
        return {"game": game_id, "variant": state.variant.id, "tokens": list(tokens)}

    def _seat(self, game_id: str, token: str) -> tuple[Game, int]:
        game = self.games.get(game_id)
        if game is None:
            raise HttpError(404, "no_such_game", f"there is no game {game_id!r:.20}")
        if token not in game.tokens:
            raise HttpError(403, "bad_token", "this token is not a seat of this game")
        return game, game.tokens.index(token)

    def view(self, game_id: str, token: str) -> dict[str, Any]:
        """What the token's seat may see, and its legal actions when it is to play."""
        with self.lock:
            game, seat = self._seat(game_id, token)
            state = game.state
        legal = state.legal_actions() if state.to_play == seat else ()
        return {
            "seat": seat,
            "to_play": state.to_play,
            "legal": [str(action) for action in legal],
            "view": to_json(state.view(seat)),
        }

    def move(self, game_id: str, token: str, body: dict[str, Any]) -> dict[str, Any]:
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
            except IllegalActionError as exc:
                raise HttpError(400, exc.code, exc.message, exc.rule_id) from None
            except NotationError as exc:
                raise HttpError(400, "bad_notation", str(exc)) from None
        return self.view(game_id, token)


class Handler(BaseHTTPRequestHandler):
    """Routes the three requests of the API to the server's :class:`Lobby`."""

    server: GameServer

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: the example prints the responses itself."""

    def _send(self, status: int, body: dict[str, Any]) -> None:
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _token(self) -> str:
        return self.headers.get("Authorization", "").removeprefix("Bearer ").strip()

    def _body(self) -> dict[str, Any]:
        length = int(self.headers.get("Content-Length") or 0)
        if not 0 <= length <= _MAX_BODY:
            raise HttpError(400, "bad_request", "the body is too large")
        try:
            body = json.loads(self.rfile.read(length) or b"{}")
        except ValueError:
            raise HttpError(400, "bad_request", "the body is not JSON") from None
        if not isinstance(body, dict):
            raise HttpError(400, "bad_request", "the body is not a JSON object")
        return body

    def _handle(self, method: str) -> None:
        lobby = self.server.lobby
        parts = [p for p in self.path.split("?")[0].split("/") if p]
        try:
            if method == "POST" and parts == ["games"]:
                self._send(201, lobby.create(self._body()))
            elif method == "GET" and len(parts) == 2 and parts[0] == "games":
                self._send(200, lobby.view(parts[1], self._token()))
            elif method == "POST" and len(parts) == 3 and parts[::2] == ["games", "moves"]:
                self._send(200, lobby.move(parts[1], self._token(), self._body()))
            else:
                raise HttpError(404, "not_found", f"no such resource: {method} {self.path:.60}")
        except HttpError as exc:
            self._send(exc.status, exc.body)

    def do_GET(self) -> None:
        """Answer a GET."""
        self._handle("GET")

    def do_POST(self) -> None:
        """Answer a POST."""
        self._handle("POST")


class GameServer(ThreadingHTTPServer):
    """A threading HTTP server with a :class:`Lobby` of games."""

    def __init__(self, address: tuple[str, int]) -> None:
        super().__init__(address, Handler)
        self.lobby = Lobby()


# -- the clients' side, when run as a script ------------------------------------------------


def request(
    base: str, method: str, path: str, body: dict[str, Any] | None = None, token: str = ""
) -> tuple[int, dict[str, Any]]:
    """Send one request; the status and the JSON answer (also for 4xx answers)."""
    data = None if body is None else json.dumps(body).encode()
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


def main() -> None:
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
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


if __name__ == "__main__":
    main()
