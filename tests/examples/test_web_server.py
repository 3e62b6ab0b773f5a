"""The example web server against hostile clients: every refusal a complete JSON 4xx.

The server runs in a thread of this process (or, for the script's own modes, as a
subprocess); the hostile requests go over raw sockets. Every socket operation has a
timeout and every read loop a bound, so a server that hangs fails the test instead of
hanging it. For every refusal the tests check a complete HTTP answer with a JSON body
holding ``error.code``, a 4xx status, exactly one log line and no traceback. The game
page's files are checked here too (their types, headers and allow-list), and games
against the server's bots through the API; the page itself is played in a browser by
``test_web_game_browser.py``.
"""

from __future__ import annotations

import contextlib
import doctest
import importlib.util
import json
import logging
import random
import re
import select
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

import pytest

from cardrules.envelope import ERROR_KEYS, RESULT_KEYS, VIEW_KEYS

if TYPE_CHECKING:
    from tests.core import toy
else:
    import cardrules_core_toy as toy  # loaded by tests/conftest.py

_EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "web_server.py"
if not _EXAMPLE.is_file():  # CI also runs a copy of tests/ without the examples
    pytest.skip(f"the example server is not at {_EXAMPLE}", allow_module_level=True)


def _load() -> ModuleType:
    name = "cardrules_example_web_server"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, _EXAMPLE)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {_EXAMPLE}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


ws = _load()

TIMEOUT = 10.0  # seconds any one socket operation may take before the test fails
_MAX_READS = 1_000


# -- helpers -----------------------------------------------------------------------------


@dataclass
class Reply:
    """One HTTP answer as read off the socket."""

    status: int
    headers: dict[str, str]
    body: Any

    @property
    def code(self) -> str:
        code = self.body["error"]["code"]
        assert isinstance(code, str)
        return code


def read_raw(sock: socket.socket) -> tuple[int, dict[str, str], bytes]:
    """Read a whole answer, up to the server closing the connection: status, headers, body."""
    data = b""
    for _ in range(_MAX_READS):
        chunk = sock.recv(65_536)
        if not chunk:
            break
        data += chunk
    else:
        pytest.fail("the server kept sending")
    head, blank, body = data.partition(b"\r\n\r\n")
    assert blank, f"no complete HTTP answer: {data[:200]!r}"
    status_line, *lines = head.decode("latin-1").split("\r\n")
    status = re.fullmatch(r"HTTP/1\.1 (\d{3}) [A-Za-z -]+", status_line)
    assert status, status_line
    headers = {}
    for line in lines:
        name, colon, value = line.partition(":")
        assert colon, line
        headers[name.lower()] = value.strip()
    return int(status[1]), headers, body


def read_reply(sock: socket.socket, *, head_only: bool = False) -> Reply:
    """Read a whole JSON answer, up to the server closing the connection."""
    status, headers, body = read_raw(sock)
    assert headers["content-type"] == "application/json"
    assert body == b"" if head_only else int(headers["content-length"]) == len(body)
    return Reply(status, headers, json.loads(body) if body else None)


def connect(port: int) -> socket.socket:
    return socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT)


def exchange(port: int, data: bytes) -> Reply:
    """Send ``data`` on a new connection and read the answer."""
    with connect(port) as sock:
        sock.sendall(data)
        return read_reply(sock)


def http(
    method: str,
    path: str,
    body: bytes = b"",
    *,
    token: str | None = None,
    headers: tuple[str, ...] = (),
    length: str | None = None,
) -> bytes:
    """A raw request; ``length`` replaces the true Content-Length (``""``: none at all)."""
    lines = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1"]
    if token is not None:
        lines.append(f"Authorization: Bearer {token}")
    lines.extend(headers)
    if length is None:
        length = str(len(body)) if body else ""
    if length:
        lines.append(f"Content-Length:{length}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body


class Server:
    """A server running in a thread, and what it logs."""

    def __init__(self, server: Any, caplog: pytest.LogCaptureFixture) -> None:
        self.server = server
        self.port: int = server.server_address[1]
        self.caplog = caplog

    def refused(self, data: bytes, status: int | None = None, code: str | None = None) -> Reply:
        """Send ``data``; check a JSON 4xx refusal, logged in exactly one line."""
        before = len(self.caplog.records)
        reply = exchange(self.port, data)
        assert_refusal(reply, status, code)
        # The log line is written before the answer is sent.
        lines = self.caplog.records[before:]
        assert len(lines) == 1, [r.getMessage() for r in lines]
        assert f"-> {reply.status} {reply.code}" in lines[0].getMessage()
        return reply

    def game(self, seed: int = 7) -> tuple[str, list[str]]:
        """A new Bid Euchre game: its id and tokens."""
        reply = exchange(self.port, http("POST", "/games", json.dumps({"seed": seed}).encode()))
        assert reply.status == 201
        return reply.body["game"], reply.body["tokens"]

    def get(self, game: str, token: str) -> Reply:
        reply = exchange(self.port, http("GET", f"/games/{game}", token=token))
        assert reply.status == 200, reply.body
        return reply


def assert_refusal(reply: Reply, status: int | None = None, code: str | None = None) -> None:
    assert 400 <= reply.status < 500, (reply.status, reply.body)
    assert set(reply.body) == {"error"}
    # The library's error document: the same keys for a refused request and a refused move.
    assert list(reply.body["error"]) == list(ERROR_KEYS)
    assert isinstance(reply.body["error"]["message"], str)
    assert reply.body["error"]["variant"] is None or isinstance(reply.body["error"]["variant"], str)
    assert isinstance(reply.code, str)
    if status is not None:
        assert reply.status == status, reply.body
    if code is not None:
        assert reply.code == code, reply.body


@contextlib.contextmanager
def running(caplog: pytest.LogCaptureFixture, **limits: Any) -> Iterator[Server]:
    server = ws.GameServer(("127.0.0.1", 0), ws.Limits(**limits))
    thread = threading.Thread(target=server.serve_forever, args=(0.02,), daemon=True)
    thread.start()
    try:
        yield Server(server, caplog)
    finally:
        server.shutdown()
        server.server_close()
        thread.join(TIMEOUT)
        assert not thread.is_alive()


def eventually(condition: Callable[[], bool]) -> None:
    """Wait (a bounded while) for the server's threads to catch up with the test."""
    for _ in range(500):
        if condition():
            return
        time.sleep(0.01)
    assert condition()


def worker_threads() -> int:
    return sum(t.name.startswith("web_server") for t in threading.enumerate())


@pytest.fixture(autouse=True)
def _no_traceback(
    capfd: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> Iterator[None]:
    """Nothing on stderr, no traceback or error in the log, whatever the test sent."""
    caplog.set_level(logging.INFO, logger="web_server")
    yield
    err = capfd.readouterr().err
    assert "Traceback" not in err
    assert err == ""
    for record in caplog.records:
        assert record.exc_info is None
        assert record.levelno < logging.WARNING, record.getMessage()


@pytest.fixture
def server(caplog: pytest.LogCaptureFixture) -> Iterator[Server]:
    # Timeouts far longer than any test needs: only the timeout tests meet them.
    with running(caplog, idle_timeout=30.0, request_time_limit=60.0) as server:
        yield server


# -- the happy path ----------------------------------------------------------------------


def test_a_whole_hand_is_played_through_the_api(server: Server) -> None:
    game, tokens = server.game(seed=3)
    hands = [set(server.get(game, token).body["view"]["hand"]) for token in tokens]
    assert all(len(hand) == 6 for hand in hands)
    assert not set.intersection(*hands)
    for _ in range(200):
        to_play = server.get(game, tokens[0]).body["to_play"]
        if to_play is None:
            break
        view = server.get(game, tokens[to_play]).body
        assert view["seat"] == to_play
        assert view["legal"]
        action = json.dumps({"action": view["legal"][-1]}).encode()
        reply = exchange(
            server.port, http("POST", f"/games/{game}/moves", action, token=tokens[to_play])
        )
        assert reply.status == 200, reply.body
        assert reply.body["seat"] == to_play
    else:
        pytest.fail("the hand did not end")
    for seat, token in enumerate(tokens):
        final = server.get(game, token).body
        assert final["seat"] == seat
        assert final["legal"] == []
        assert final["view"]["result"]["explain"]
    assert server.caplog.records == []


def test_tarot_a_query_string_lf_line_ends_and_a_lower_case_scheme_are_served(
    server: Server,
) -> None:
    reply = exchange(server.port, http("POST", "/games", b'{"variant": "tarot", "seed": 1}'))
    assert reply.status == 201
    assert reply.body["variant"] == "tarot"
    game, tokens = reply.body["game"], reply.body["tokens"]
    assert len(tokens) == 4
    raw = f"GET /games/{game}/?x=1 HTTP/1.0\nAuthorization: bearer {tokens[1]}\n\n"
    view = exchange(server.port, raw.encode()).body
    assert view["seat"] == 1
    assert len(view["view"]["hand"]) == 18
    # Content-Length with optional whitespace around the number, as HTTP allows.
    reply = exchange(server.port, http("POST", "/games", b"{}", length="\t 2 \t"))
    assert reply.status == 201
    # No body at all: the defaults.
    reply = exchange(server.port, http("POST", "/games"))
    assert (reply.status, reply.body["variant"]) == (201, "bid-euchre")
    assert reply.headers["cache-control"] == "no-store"


def test_the_examples_doctests_pass() -> None:
    assert doctest.testmod(ws).failed == 0


def test_a_failure_of_the_server_is_a_json_500_logged_with_its_traceback(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    api = ws.GameApi(ws.Lobby())
    monkeypatch.setattr(api.lobby, "create", lambda body: 1 / 0)
    response = api.handle(ws.Request("POST", "/games", {}, b""))
    assert response.status == 500
    assert json.loads(response.body)["error"]["code"] == "internal_error"
    [record] = caplog.records
    assert record.levelno == logging.ERROR
    assert record.exc_info is not None
    assert record.exc_info[0] is ZeroDivisionError
    caplog.clear()  # the one failure this test asked for


# -- framing: Content-Length, Transfer-Encoding, sizes ------------------------------------

# The Arabic-Indic five, as its UTF-8 bytes read as Latin-1 (how headers are decoded).
_BAD_LENGTHS = ["abc", "1e3", "0x10", "5, 5", "5 5", "-1", "+5", "5.0", "", "\u0665", "½"]
_BAD_LENGTHS[-2] = _BAD_LENGTHS[-2].encode().decode("latin-1")


@pytest.mark.parametrize("length", _BAD_LENGTHS)
def test_a_malformed_content_length_is_refused(server: Server, length: str) -> None:
    game, tokens = server.game()
    request = http("POST", f"/games/{game}/moves", b"{}", token=tokens[0], length=f" {length}")
    server.refused(request, 400, "bad_content_length")


@pytest.mark.parametrize("length", ["10001", "99999999999999999999", "9" * 400, "9" * 5_000])
def test_a_content_length_above_the_limit_is_refused_before_the_body(
    server: Server, length: str
) -> None:
    # Only the head is sent: the server must not wait for the body it will refuse.
    server.refused(http("POST", "/games", length=length), 413, "body_too_large")


def test_a_body_too_large_sent_whole_is_refused(server: Server) -> None:
    body = b"[" * 100_000 + b"]" * 100_000
    with connect(server.port) as sock:
        with contextlib.suppress(OSError):  # the server may close before it is all sent
            sock.sendall(http("POST", "/games", body))
        assert_refusal(read_reply(sock), 413, "body_too_large")


def test_leading_zeros_are_still_a_decimal_length(server: Server) -> None:
    reply = exchange(server.port, http("POST", "/games", b"{}", length="0" * 5_000 + "2"))
    assert reply.status == 201


def test_two_content_lengths_and_a_transfer_encoding_are_refused(server: Server) -> None:
    twice = http("POST", "/games", b"{}", headers=("Content-Length: 2",))
    server.refused(twice, 400, "duplicate_header")
    chunked = http(
        "POST", "/games", b"2\r\n{}\r\n0\r\n\r\n", headers=("Transfer-Encoding: chunked",)
    )
    server.refused(chunked, 411, "length_required")


def test_a_move_without_a_body_is_refused(server: Server) -> None:
    game, tokens = server.game()
    server.refused(http("POST", f"/games/{game}/moves", token=tokens[1]), 400, "bad_request")


# -- request line and headers --------------------------------------------------------------

_BAD_HEADS = {
    "empty": b"\r\n\r\n",
    "http/0.9": b"GET /games/1\r\n\r\n",
    "http/2": b"GET / HTTP/2.0\r\n\r\n",
    "lower-case version": b"GET / http/1.1\r\n\r\n",
    "two spaces": b"GET  / HTTP/1.1\r\n\r\n",
    "extra word": b"GET / HTTP/1.1 please\r\n\r\n",
    "asterisk": b"OPTIONS * HTTP/1.1\r\n\r\n",
    "absolute target": b"GET http://127.0.0.1/games HTTP/1.1\r\n\r\n",
    "bad method": b"G(T / HTTP/1.1\r\n\r\n",
    "space in path": b"GET /ga mes HTTP/1.1\r\n\r\n",
    "non-ascii path": "GET /gämes HTTP/1.1\r\n\r\n".encode(),
    "binary": bytes(range(256)) + b"\r\n\r\n",
}


@pytest.mark.parametrize("head", _BAD_HEADS.values(), ids=_BAD_HEADS.keys())
def test_a_malformed_request_line_is_refused(server: Server, head: bytes) -> None:
    server.refused(head, 400, "bad_request_line")


_BAD_HEADERS = {
    "no colon": "Authorization Bearer x",
    "space before colon": "Host : x",
    "folded": "X-A: 1\r\n  folded",
    "nul": "X-A: a\x00b",
    "bare cr": "X-A: a\rb",
    "escape": "X-A: \x1b[2J",
    "empty name": ": x",
}


@pytest.mark.parametrize("header", _BAD_HEADERS.values(), ids=_BAD_HEADERS.keys())
def test_a_malformed_header_is_refused(server: Server, header: str) -> None:
    server.refused(http("POST", "/games", b"{}", headers=(header,)), 400, "bad_header")


def test_a_repeated_authorization_is_refused(server: Server) -> None:
    game, tokens = server.game()
    again = (f"Authorization: Bearer {tokens[1]}",)
    request = http("GET", f"/games/{game}", token=tokens[0], headers=again)
    server.refused(request, 400, "duplicate_header")


def test_oversized_request_lines_and_headers_are_refused(server: Server) -> None:
    server.refused(http("GET", "/" + "a" * 20_000), 414, "request_line_too_long")
    server.refused(http("GET", "/", headers=("X-Big: " + "b" * 20_000,)), 431, "headers_too_large")
    many = tuple(f"X-{i}: {'c' * 40}" for i in range(500))
    server.refused(http("GET", "/", headers=many), 431, "headers_too_large")
    # Headers that never end are refused once they pass the limit.
    with connect(server.port) as sock:
        sock.sendall(b"GET / HTTP/1.1\r\n")
        with contextlib.suppress(OSError):
            for _ in range(100):
                sock.sendall(b"X-More: " + b"d" * 1_000 + b"\r\n")
        assert_refusal(read_reply(sock), 431, "headers_too_large")
    # A long path within the limit is only an unknown path.
    server.refused(http("GET", "/" + "a" * 10_000), 404, "not_found")


# -- paths and methods ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "path", ["/", "/game", "/gamesX", "/games/1/moves/2", "/../../etc/passwd", "/%00"]
)
def test_an_unknown_path_is_not_found(server: Server, path: str) -> None:
    server.refused(http("GET", path), 404, "not_found")


def test_an_unknown_game_is_not_found(server: Server) -> None:
    _, tokens = server.game()
    for game in ["999", "0", "-1", "%00", "1" * 5_000, "moves"]:
        server.refused(http("GET", f"/games/{game}", token=tokens[0]), 404, "no_such_game")
        body = b'{"action": "pass"}'
        request = http("POST", f"/games/{game}/moves", body, token=tokens[0])
        server.refused(request, 404, "no_such_game")


@pytest.mark.parametrize(
    ("method", "path", "allowed"),
    [
        ("PUT", "/games", "POST"),
        ("DELETE", "/games/1", "GET"),
        ("BREW", "/games", "POST"),
        ("PATCH", "/games/1/moves", "POST"),
        ("OPTIONS", "/games", "POST"),
        ("GET", "/games", "POST"),
        ("POST", "/games/1", "GET"),
        ("get", "/games/1", "GET"),
    ],
)
def test_another_method_is_not_allowed(
    server: Server, method: str, path: str, allowed: str
) -> None:
    reply = server.refused(http(method, path, b"{}"), 405, "method_not_allowed")
    assert reply.headers["allow"] == allowed


def test_an_unknown_method_on_an_unknown_path_is_not_found(server: Server) -> None:
    server.refused(http("BREW", "/coffee"), 404, "not_found")


def test_a_head_request_gets_the_head_alone(server: Server) -> None:
    with connect(server.port) as sock:
        sock.sendall(http("HEAD", "/games"))
        reply = read_reply(sock, head_only=True)
    assert reply.status == 405
    assert reply.body is None  # no body, as HTTP requires; the length is the GET one
    assert int(reply.headers["content-length"]) > 0


# -- bodies: JSON, nesting, numbers, types ----------------------------------------------------


def _move(server: Server, body: bytes) -> bytes:
    game, tokens = server.game()
    to_play = server.get(game, tokens[0]).body["to_play"]
    return http("POST", f"/games/{game}/moves", body, token=tokens[to_play])


_NOT_JSON = {
    "word": (b"hello", "bad_json"),
    "open brace": (b"{", "bad_json"),
    "no value": (b'{"action": }', "bad_json"),
    "single quotes": (b"{'action': 'pass'}", "bad_json"),
    "trailing comma": (b'{"action": "pass",}', "bad_json"),
    "blank": (b"   ", "bad_json"),
    "nul": (b"\x00", "bad_json"),
    "utf-8 bom": (b'\xef\xbb\xbf{"action": "pass"}', "bad_json"),
    "unterminated escapes": (b'{"action": "' + b'\\"' * 3_000, "bad_json"),
    "lone backslash": (b'{"action": "\\', "bad_json"),
    "array": (b'["pass"]', "not_an_object"),
    "string": (b'"pass"', "not_an_object"),
    "null": (b"null", "not_an_object"),
    "number": (b"7", "not_an_object"),
    "latin-1": ('{"action": "passé"}'.encode("latin-1"), "bad_encoding"),
    "utf-16": ('{"action": "pass"}'.encode("utf-16"), "bad_encoding"),
    "0xff": (b"\xff\xfe\xfd", "bad_encoding"),
    "truncated utf-8": (b'{"action": "\xe2\x82', "bad_encoding"),
}


@pytest.mark.parametrize(("body", "code"), _NOT_JSON.values(), ids=_NOT_JSON.keys())
def test_a_body_that_is_not_a_json_object_is_refused(
    server: Server, body: bytes, code: str
) -> None:
    server.refused(_move(server, body), 400, code)


@pytest.mark.parametrize("depth", [9, 100, 1_000, 5_000])
def test_deeply_nested_json_is_refused_without_recursion(server: Server, depth: int) -> None:
    arrays = b"[" * depth + b"]" * depth
    assert len(arrays) <= ws.MAX_BODY_BYTES
    server.refused(_move(server, arrays), 400, "too_deep")
    objects = b'{"a":' * depth + b"1" + b"}" * depth
    if len(objects) <= ws.MAX_BODY_BYTES:
        server.refused(_move(server, objects), 400, "too_deep")


def test_100_000_deep_is_refused_by_size_and_by_depth(caplog: pytest.LogCaptureFixture) -> None:
    deep = b"[" * 100_000 + b"]" * 100_000
    mixed = b'{"a":[' * 50_000 + b"]}" * 50_000
    with running(caplog, max_body_bytes=1_000_000) as wide:
        game, tokens = wide.game()
        for body in (deep, mixed, b"[" * 100_000):
            request = http("POST", f"/games/{game}/moves", body, token=tokens[0])
            wide.refused(request, 400, "too_deep")


def test_nesting_at_the_limit_is_parsed_and_brackets_in_strings_do_not_count(
    server: Server,
) -> None:
    at_limit = b'{"action": ' + b"[" * 7 + b"1" + b"]" * 7 + b"}"
    server.refused(_move(server, at_limit), 400, "bad_request")
    in_string = b'{"action": "' + b"[{" * 2_000 + b'", "x": "\\"]]]"}'
    server.refused(_move(server, in_string), 400, "bad_notation")


@pytest.mark.parametrize(
    ("seed", "code"),
    [
        ("1" * 21, "number_too_long"),
        ("9" * 400, "number_too_long"),
        ("-" + "9" * 400, "number_too_long"),
        ("9" * 5_000, "number_too_long"),
        ("NaN", "bad_json"),
        ("Infinity", "bad_json"),
        ("-Infinity", "bad_json"),
    ],
)
def test_huge_integers_and_non_numbers_are_refused(server: Server, seed: str, code: str) -> None:
    body = f'{{"seed": {seed}}}'.encode()
    server.refused(http("POST", "/games", body), 400, code)
    server.refused(_move(server, f'{{"action": "pass", "x": [{seed}]}}'.encode()), 400, code)


def test_a_twenty_digit_seed_is_taken(server: Server) -> None:
    reply = exchange(server.port, http("POST", "/games", b'{"seed": -99999999999999999999}'))
    assert reply.status == 201


_WRONG_TYPES = ["1", "1.5", "true", "null", "[]", "{}", '["pass"]', '{"a": 1}', "1e999", "0.1"]


@pytest.mark.parametrize("value", _WRONG_TYPES)
def test_a_field_of_the_wrong_type_is_refused(server: Server, value: str) -> None:
    body = f'{{"variant": {value}}}'.encode()
    server.refused(http("POST", "/games", body), 400, "bad_request")
    if value not in {"1", "null"}:  # no seed: a fresh one; an int: a seed
        body = f'{{"seed": {value}}}'.encode()
        server.refused(http("POST", "/games", body), 400, "bad_request")
    server.refused(_move(server, f'{{"action": {value}}}'.encode()), 400, "bad_request")


@pytest.mark.parametrize("seed", ['"7"', "7.0", "true", "false"])
def test_a_seed_that_is_almost_an_integer_is_refused(server: Server, seed: str) -> None:
    server.refused(http("POST", "/games", f'{{"seed": {seed}}}'.encode()), 400, "bad_request")


@pytest.mark.parametrize("variant", ["chess", "", "x" * 5_000, "bid-euchre\u0000", "\ud800"])
def test_an_unknown_variant_is_refused(server: Server, variant: str) -> None:
    body = json.dumps({"variant": variant}).encode()
    server.refused(http("POST", "/games", body), 400, "bad_variant")


@pytest.mark.parametrize(
    "action", ["", "bid 99", "x" * 5_000, "\u0000", "\ud800", "AS", "bid  4", " pass"]
)
def test_an_action_that_is_not_notation_is_refused(server: Server, action: str) -> None:
    body = json.dumps({"action": action}).encode()
    server.refused(_move(server, body), 400, "bad_notation")


# -- tokens ---------------------------------------------------------------------------------


def test_a_missing_token_is_unauthorised(server: Server) -> None:
    game, _ = server.game()
    for value in ["", "Bearer", "Bearer   ", "Basic YTpi", "x"]:
        headers = (f"Authorization: {value}",) if value else ()
        reply = server.refused(http("GET", f"/games/{game}", headers=headers), 401, "missing_token")
        assert reply.headers["www-authenticate"] == "Bearer"
        body = b'{"action": "pass"}'
        request = http("POST", f"/games/{game}/moves", body, headers=headers)
        server.refused(request, 401, "missing_token")


def test_a_wrong_token_is_forbidden(server: Server) -> None:
    game, tokens = server.game()
    _, others = server.game()
    wrong = [
        others[0],
        tokens[0][:-1],
        tokens[0] + "x",
        tokens[0].upper() if tokens[0] != tokens[0].upper() else tokens[0].lower(),
        "a" * len(tokens[0]),
        "\xe9\xff\x80" * 4,
        "t" * 8_000,
        f"{tokens[0]} {tokens[1]}",
    ]
    for token in wrong:
        server.refused(http("GET", f"/games/{game}", token=token), 403, "bad_token")
        request = http("POST", f"/games/{game}/moves", b'{"action": "pass"}', token=token)
        server.refused(request, 403, "bad_token")


# -- illegal moves --------------------------------------------------------------------------


def test_illegal_moves_are_refused_with_their_rule_and_change_nothing(server: Server) -> None:
    game, tokens = server.game(seed=7)
    to_play = server.get(game, tokens[0]).body["to_play"]

    def move(seat: int, action: str) -> bytes:
        body = json.dumps({"action": action}).encode()
        return http("POST", f"/games/{game}/moves", body, token=tokens[seat])

    assert exchange(server.port, move(to_play, "bid 4")).status == 200
    nxt = (to_play + 1) % 4
    before = [server.get(game, token).body for token in tokens]
    reply = server.refused(move(nxt, "bid 3"), 400, "illegal_bid")
    assert (reply.body["error"]["rule_id"], reply.body["error"]["variant"]) == ("E-8", "bid-euchre")
    assert (reply.body["error"]["seat"], reply.body["error"]["action"]) == (nxt, "bid 3")
    reply = server.refused(move((nxt + 1) % 4, "pass"), 400, "not_your_turn")
    assert reply.body["error"]["rule_id"] is None
    assert reply.body["error"]["seat"] == (nxt + 1) % 4
    card = server.get(game, tokens[nxt]).body["view"]["hand"][0]
    server.refused(move(nxt, f"play {card}"), 400, "wrong_phase")
    server.refused(move(nxt, "bid 4"), 400, "illegal_bid")
    assert [server.get(game, token).body for token in tokens] == before


# -- games ----------------------------------------------------------------------------------


def _play_to_the_end(server: Server, game: str, tokens: list[str]) -> None:
    for _ in range(200):
        to_play = server.get(game, tokens[0]).body["to_play"]
        if to_play is None:
            return
        first = server.get(game, tokens[to_play]).body["legal"][0]
        body = json.dumps({"action": first}).encode()
        reply = exchange(
            server.port, http("POST", f"/games/{game}/moves", body, token=tokens[to_play])
        )
        assert reply.status == 200
    pytest.fail("the hand did not end")


def test_games_are_bounded_and_a_finished_one_makes_room(caplog: pytest.LogCaptureFixture) -> None:
    with running(caplog, max_games=3) as small:
        games = [small.game(seed) for seed in range(3)]
        for _ in range(5):
            small.refused(http("POST", "/games", b"{}"), 429, "too_many_games")
        _play_to_the_end(small, *games[0])
        small.game()
        small.refused(
            http("GET", f"/games/{games[0][0]}", token=games[0][1][0]), 404, "no_such_game"
        )
        small.refused(http("POST", "/games"), 429, "too_many_games")
        assert len(small.server.lobby.games) == 3


def test_an_idle_game_makes_room() -> None:
    now = [0.0]
    lobby = ws.Lobby(ws.Limits(max_games=2, game_idle_limit=60.0), clock=lambda: now[0])
    first = lobby.create({})
    second = lobby.create({"seed": 1})
    now[0] = 50.0
    lobby.view(second["game"], second["tokens"][0])
    with pytest.raises(ws.HttpError) as refused:
        lobby.create({})
    assert (refused.value.status, refused.value.code) == (429, "too_many_games")
    now[0] = 100.0  # the first game untouched for 100 s, the second for 50 s
    third = lobby.create({})
    assert set(lobby.games) == {second["game"], third["game"]}
    assert first["game"] not in lobby.games
    assert third["game"] not in {first["game"], second["game"]}


# -- slow, stalled and many clients -----------------------------------------------------------


def _stalled(port: int, count: int, data: bytes) -> list[socket.socket]:
    socks = []
    for _ in range(count):
        sock = connect(port)
        sock.sendall(data)
        socks.append(sock)
    return socks


_STALLS = {
    "nothing": b"",
    "half a request line": b"POST /ga",
    "no blank line": b"POST /games HTTP/1.1\r\nContent-Length: 2\r\n",
    "short body": b"POST /games HTTP/1.1\r\nContent-Length: 100\r\n\r\n" + b"{" * 10,
    "length with a space, no body": b"POST /games HTTP/1.1\r\nContent-Length:  5\r\n\r\n",
}


def test_stalled_clients_time_out(caplog: pytest.LogCaptureFixture) -> None:
    with running(caplog, idle_timeout=0.3, request_time_limit=2.0) as quick:
        stalled = [_stalled(quick.port, 1, data)[0] for data in _STALLS.values()]
        try:
            for sock in stalled:
                assert_refusal(read_reply(sock), 408, "request_timeout")
        finally:
            for sock in stalled:
                sock.close()
        assert len(caplog.records) == len(_STALLS)
        eventually(lambda: quick.server.open_connections == 0)


def test_a_trickling_client_is_cut_off_at_the_request_time_limit(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with (
        running(caplog, idle_timeout=0.3, request_time_limit=0.5) as quick,
        connect(quick.port) as sock,
    ):
        trickle = http("POST", "/games", b"{}" * 100)
        for byte in trickle:  # one byte every 0.05 s: never silent for long
            if select.select([sock], [], [], 0.05)[0]:
                break
            with contextlib.suppress(OSError):  # answered and closed meanwhile
                sock.sendall(bytes([byte]))
        else:
            pytest.fail("the whole request was sent")
        assert_refusal(read_reply(sock), 408, "request_timeout")


def test_a_client_that_gives_up_halfway_is_answered(server: Server) -> None:
    with connect(server.port) as sock:
        sock.sendall(b"POST /games HTTP/1.1\r\nContent-Length: 10\r\n\r\n{}")
        sock.shutdown(socket.SHUT_WR)
        assert_refusal(read_reply(sock), 400, "incomplete_request")
    with connect(server.port) as sock:  # connected and left: nothing to answer
        sock.shutdown(socket.SHUT_WR)
        assert sock.recv(100) == b""


def test_60_stalled_clients_hold_no_thread_and_others_are_served(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with running(caplog, idle_timeout=30.0, request_time_limit=60.0, max_threads=4) as busy:
        game, tokens = busy.game()
        stalled = _stalled(busy.port, 60, _STALLS["short body"])
        try:
            eventually(lambda: busy.server.open_connections == 60)
            # Answered now, not once the stalled clients time out (30 s, beyond TIMEOUT).
            for token in tokens:
                assert busy.get(game, token).body["view"]["hand"]
            assert worker_threads() <= 4
        finally:
            for sock in stalled:
                sock.close()


def test_60_stalled_clients_are_all_timed_out_and_freed(caplog: pytest.LogCaptureFixture) -> None:
    with running(caplog, idle_timeout=0.3, max_threads=4, max_connections=30) as quick:
        stalled = _stalled(quick.port, 60, _STALLS["short body"])
        try:
            for sock in stalled:
                assert_refusal(read_reply(sock), 408, "request_timeout")
        finally:
            for sock in stalled:
                sock.close()
        assert len(caplog.records) == 60
        assert worker_threads() <= 4
        game, tokens = quick.game()
        assert quick.get(game, tokens[0]).body["seat"] == 0
        eventually(lambda: quick.server.open_connections == 0)


# -- the game page: static files by allow-list ------------------------------------------------


def _fetch(port: int, method: str, path: str) -> tuple[int, dict[str, str], bytes]:
    with connect(port) as sock:
        sock.sendall(http(method, path))
        return read_raw(sock)


@pytest.mark.parametrize(
    ("path", "name"),
    [
        ("/play", "index.html"),
        ("/play/?new=1", "index.html"),
        ("/static/index.html", "index.html"),
        ("/static/game.js", "game.js"),
        ("/static/game.css", "game.css"),
        ("/static/favicon.svg", "favicon.svg"),
    ],
)
def test_the_page_and_its_files_are_served_with_their_type_and_cache_control(
    server: Server, path: str, name: str
) -> None:
    status, headers, body = _fetch(server.port, "GET", path)
    assert status == 200
    assert body == (ws.WEB_DIR / name).read_bytes()
    assert int(headers["content-length"]) == len(body)
    assert headers["content-type"] == ws.STATIC_FILES[name]
    assert headers["cache-control"] == "no-cache"
    assert headers["x-content-type-options"] == "nosniff"
    assert "script-src 'self'" in headers["content-security-policy"]
    assert "frame-ancestors 'none'" in headers["content-security-policy"]
    assert server.caplog.records == []
    status, head_headers, body = _fetch(server.port, "HEAD", path)
    assert (status, body) == (200, b"")
    assert head_headers["content-length"] == headers["content-length"]


@pytest.mark.parametrize(
    "path",
    [
        "/static/web_server.py",
        "/static/../web_server.py",
        "/static/..%2fweb_server.py",
        "/static/%2e%2e%2fweb_server.py",
        "/static/..%5cweb_server.py",
        "/static/..\\web_server.py",
        "/static/%67ame.js",
        "/static/GAME.JS",
        "/static/game.js%00",
        "/static/game.js/",
        "/static/game.js.bak",
        "/static/.",
        "/static/..",
        "/static/",
        "/static",
        "/static//etc/passwd",
        "/static/%2fetc%2fpasswd",
        "/play/../web_server.py",
        "/play/game.js",
        "/web/game.js",
        "/index.html",
    ],
)
def test_only_the_allow_listed_files_are_served(server: Server, path: str) -> None:
    reply = server.refused(http("GET", path), 404, "not_found")
    assert reply.headers["cache-control"] == "no-store"


def test_the_static_files_take_only_get_and_head(server: Server) -> None:
    for path in ("/play", "/static/game.js"):
        reply = server.refused(http("POST", path, b"{}"), 405, "method_not_allowed")
        assert reply.headers["allow"] == "GET, HEAD"


def test_the_page_loads_nothing_from_elsewhere() -> None:
    page = (ws.WEB_DIR / "index.html").read_text(encoding="utf-8")
    links = re.findall(r'(?:src|href)="([^"]*)"', page)
    assert sorted(links) == ["/static/favicon.svg", "/static/game.css", "/static/game.js"]
    assert "<script>" not in page  # no inline script: the policy would refuse it
    assert "style=" not in page
    assert sorted(p.name for p in ws.WEB_DIR.iterdir()) == sorted(ws.STATIC_FILES)
    for name in ("game.js", "game.css"):
        text = (ws.WEB_DIR / name).read_text(encoding="utf-8")
        assert "http:" not in text
        assert "https:" not in text
        assert "@import" not in text
        assert "url(" not in text


# -- games against the server's bots ------------------------------------------------------


def _create(server: Server, body: dict[str, Any]) -> Reply:
    reply = exchange(server.port, http("POST", "/games", json.dumps(body).encode()))
    assert reply.status == 201, reply.body
    return reply


def _move_as(server: Server, game: str, token: str, action: str) -> Reply:
    body = json.dumps({"action": action}).encode()
    return exchange(server.port, http("POST", f"/games/{game}/moves", body, token=token))


@pytest.mark.usefixtures("example_plugins")
@pytest.mark.parametrize(
    ("variant", "seed"),
    [("tarot", 5), ("tarot", 8), ("bid-euchre", 4), ("whist", 1), ("oh-hell", 2)],
)
def test_a_person_plays_a_whole_deal_against_three_bots(
    server: Server, variant: str, seed: int
) -> None:
    created = _create(server, {"variant": variant, "seed": seed, "bots": [3, 1, 2]}).body
    assert created["bots"] == [1, 2, 3]
    token = created["tokens"][0]
    assert isinstance(token, str)
    assert created["tokens"][1:] == [None, None, None]
    game = created["game"]
    answer = server.get(game, token).body
    moves = 0
    while answer["to_play"] is not None:
        # The bots have moved: the person is always the one to play.
        assert answer["to_play"] == 0
        assert answer["legal"]
        state = server.server.lobby.games[game].state
        assert answer["legal"] == [str(action) for action in state.legal_actions()]
        reply = _move_as(server, game, token, answer["legal"][-1])
        assert reply.status == 200, reply.body
        answer = reply.body
        moves += 1
        assert moves < 100
    state = server.server.lobby.games[game].state
    assert state.is_terminal
    assert answer["legal"] == []
    assert answer["view"]["result"]["explain"] == state.result().explain()
    assert server.caplog.records == []


# -- one client for every variant ----------------------------------------------------------


def envelope_client(answer: dict[str, Any], rng: random.Random) -> str:
    """The one client of every variant: reads the answer and its view's envelope only."""
    view = answer["view"]
    assert set(VIEW_KEYS) <= set(view)
    seat = answer["seat"]
    assert view["seat"] == seat == view["to_play"] == answer["to_play"]
    assert answer["legal"] == view["legal_actions"] != []
    assert len(view["hand"]) == view["hand_sizes"][seat]
    grouped = [card for group in answer["hand_by_suit"] for card in group["cards"]]
    assert sorted(grouped) == sorted(view["hand"])
    return str(rng.choice(answer["legal"]))


@pytest.mark.usefixtures("example_plugins")
def test_one_client_plays_every_registered_variant_through_the_api(server: Server) -> None:
    listed = exchange(server.port, http("GET", "/variants")).body["variants"]
    assert [v["id"] for v in listed] == list(ws.cardrules.variant_ids())
    assert {"tarot", "bid-euchre", "whist", "oh-hell"} <= {v["id"] for v in listed}
    for entry in listed:
        variant = ws.cardrules.get_variant(entry["id"])
        assert entry == {
            "id": variant.id,
            "name": variant.name,
            "players": variant.players,
            "seat_names": list(variant.info.seat_names),
        }
        for seed in (1, 2):
            rng = random.Random(seed)
            created = _create(server, {"variant": entry["id"], "seed": seed}).body
            game, tokens = created["game"], created["tokens"]
            assert (created["variant"], len(tokens)) == (entry["id"], entry["players"])
            # Every variant is dealt requiring the acting seat, a plugin's too.
            assert server.server.lobby.games[game].state.requires_seat
            for _ in range(400):
                answers = [server.get(game, token).body for token in tokens]
                state = server.server.lobby.games[game].state
                for seat, answer in enumerate(answers):
                    view = answer["view"]
                    assert view["seat_names"] == entry["seat_names"]
                    # A seat sees its own cards, and of the others only how many.
                    others = {
                        str(c) for o in range(entry["players"]) if o != seat for c in state.hand(o)
                    }
                    assert not others & set(view["hand"])
                    for key in ("to_play", "stage", "trick", "hand_sizes", "tricks_by_seat"):
                        assert view[key] == answers[0]["view"][key]
                to_play = answers[0]["to_play"]
                if to_play is None:
                    break
                action = envelope_client(answers[to_play], rng)
                reply = _move_as(server, game, tokens[to_play], action)
                assert reply.status == 200, reply.body
            else:
                pytest.fail("the deal did not end")
            for answer in answers:
                assert answer["view"]["stage"] == "end"
                result = answer["view"]["result"]
                assert set(RESULT_KEYS) <= set(result)
                assert result["seat_names"] == entry["seat_names"]
                assert result["explain"] == state.result().explain()
            assert state.requires_seat
    assert server.caplog.records == []


def test_a_game_whose_deals_cannot_require_the_seat_is_not_served(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A registered game whose new_game takes no require_seat (not on the kit).
    toy.sandbox_registry(monkeypatch)
    reply = server.refused(http("POST", "/games", b'{"variant": "toy-whist"}'), 400, "bad_variant")
    assert "deals no state that requires the seat" in reply.body["error"]["message"]
    assert server.server.lobby.games == {}


def test_the_moves_show_a_card_put_face_down_to_the_other_seats_as_a_move_alone() -> None:
    variant = ws.cardrules.get_variant("tarot")
    state = variant.new_game(seed=1).apply("bid garde")
    for _ in range(3):
        state = state.apply("pass")
    while state.phase.value != "ecart":
        state = state.apply(state.legal_actions()[0])
    taker = state.to_play
    discard = next(a for a in state.legal_actions() if str(a).startswith("discard "))
    state = state.apply(discard)
    for seat in range(4):
        last = ws.seen_moves(state, seat)[-1]
        assert last == [taker, str(discard) if seat == taker else None]
        assert all(
            not text or not text.startswith("play ") for _, text in ws.seen_moves(state, seat)
        )


def test_tarot_contracts_are_sent_by_their_code(server: Server) -> None:
    created = _create(server, {"variant": "tarot", "seed": 1, "bots": [1, 2, 3]}).body
    token = created["tokens"][0]
    answer = _move_as(server, created["game"], token, "bid garde-contre").body
    view = answer["view"]
    assert [seat for seat, _ in view["bids"]] == [1, 2, 3, 0]
    assert view["bids"][-1] == [0, "garde-contre"]
    assert view["contract"] == "garde-contre"
    assert set(view["bids"][0][1:]) <= {None, "prise", "garde", "garde-sans"}


def test_a_bot_seat_has_no_token(server: Server) -> None:
    created = _create(server, {"variant": "bid-euchre", "seed": 2, "bots": [0, 2]}).body
    assert created["tokens"][0] is None
    assert created["tokens"][2] is None
    for token in ("None", "null", ""):
        headers = (f"Authorization: Bearer {token}",)
        reply = exchange(server.port, http("GET", f"/games/{created['game']}", headers=headers))
        assert reply.status in {401, 403}
    server.caplog.clear()  # the refusals this test asked for
    # Two people, two bots: whichever person is to play, the bots have had their turn.
    to_play = server.get(created["game"], created["tokens"][1]).body["to_play"]
    assert to_play in {1, 3}


_BAD_BOTS = ["1", 1, None, True, {"1": 1}, [0, 0], [4], [-1], [0, 1, 2, 3], [True], [1.0], [[1]]]


@pytest.mark.parametrize("bots", _BAD_BOTS)
def test_bad_bot_seats_are_refused(server: Server, bots: Any) -> None:
    body = json.dumps({"variant": "bid-euchre", "bots": bots}).encode()
    server.refused(http("POST", "/games", body), 400, "bad_request")
    assert server.server.lobby.games == {}


def test_a_failing_bot_is_the_servers_error_and_the_persons_move_stays(
    caplog: pytest.LogCaptureFixture,
) -> None:
    class CheatingBot:
        def choose(self, view: Any, legal: Any, rng: Any) -> Any:
            return "play EX" if "play EX" not in map(str, legal) else "pass"

    api = ws.GameApi(ws.Lobby())
    created = api.lobby.create({"variant": "tarot", "seed": 1, "bots": [1, 2, 3]})
    game = api.lobby.games[created["game"]]
    game.bots = {seat: CheatingBot() for seat in (1, 2, 3)}
    headers = {"authorization": f"Bearer {created['tokens'][0]}"}
    request = ws.Request("POST", f"/games/{created['game']}/moves", headers, b'{"action": "pass"}')
    response = api.handle(request)
    assert response.status == 500
    assert json.loads(response.body)["error"]["code"] == "internal_error"
    seat, action = game.state.history[-1]
    assert (seat, str(action)) == (0, "pass")
    [record] = caplog.records
    assert record.exc_info is not None
    assert record.exc_info[0] is not None
    assert issubclass(record.exc_info[0], ws.IllegalActionError)
    caplog.clear()  # the one failure this test asked for


def test_only_the_seat_to_play_gets_its_legal_actions(server: Server) -> None:
    game, tokens = server.game(seed=5)
    answers = [server.get(game, token).body for token in tokens]
    to_play = answers[0]["to_play"]
    for seat, answer in enumerate(answers):
        assert answer["seat"] == seat
        assert bool(answer["legal"]) == (seat == to_play)


def _flat(groups: list[dict[str, Any]]) -> list[str]:
    return [card for group in groups for card in group["cards"]]


def test_tarot_hands_are_sorted_by_suit_then_trumps_then_the_excuse() -> None:
    suits = ["spades", "hearts", "diamonds", "clubs", "trumps", "excuse"]
    for seed in range(12):
        state = ws.cardrules.get_variant("tarot").new_game(seed=seed)
        for seat in range(4):
            view = state.view(seat)
            groups = ws.hand_by_suit(view.to_dict())
            names = [group["suit"] for group in groups]
            assert names == [suit for suit in suits if suit in names]
            assert _flat(groups) == [str(card) for card in sorted(view.hand)]
            assert [g["trump"] for g in groups] == [name == "trumps" for name in names]
            for group in groups:
                if group["suit"] == "trumps":
                    numbers = [int(card[:-1]) for card in group["cards"]]
                    assert numbers == sorted(numbers)


@pytest.mark.usefixtures("example_plugins")
@pytest.mark.parametrize(
    ("variant_id", "options"),
    [
        ("bid-euchre", {}),
        ("bid-euchre", {"joker": True}),
        ("bid-euchre", {"double_deck": True}),
        ("bid-euchre", {"allow_no_trump": True}),
        ("whist", {}),
        ("oh-hell", {}),
    ],
)
def test_hands_are_grouped_by_suit_from_the_envelope_the_trump_named_first(
    variant_id: str, options: dict[str, Any]
) -> None:
    variant = ws.cardrules.get_variant(variant_id, **options)
    key = variant_id.replace("-", "_")
    rng = random.Random(0)
    named = 0
    for seed in range(8):
        state = variant.new_game(seed=seed)
        while not state.is_terminal:
            for seat in range(variant.players):
                document = state.view(seat).to_dict()
                groups = ws.hand_by_suit(document)
                # Every card once, each group in the envelope's own order.
                assert sorted(_flat(groups)) == sorted(document["hand"])
                for group in groups:
                    assert group["cards"] == [c for c in document["hand"] if c in group["cards"]]
                    for code in group["cards"]:
                        card = ws.Card.parse(code)
                        name = card.suit.name.lower() if card.suit else card.kind.value
                        assert name == group["suit"]
                trump = document[key].get("trump")
                suit = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}.get(trump)
                assert [g["suit"] for g in groups if g["trump"]] == (
                    [suit] if suit and any(g["suit"] == suit for g in groups) else []
                )
                if suit and groups and groups[0]["suit"] == suit:
                    named += 1
                    assert groups[0]["trump"]
            state = state.apply(rng.choice(state.legal_actions()))
    assert named or variant_id == "oh-hell"  # Oh Hell's detail names its turn-up, not a trump


# -- the script -----------------------------------------------------------------------------


def test_the_demo_runs() -> None:
    done = subprocess.run(
        [sys.executable, str(_EXAMPLE)], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert "too_deep" in done.stdout
    assert "GET /play\n  -> 200 text/html" in done.stdout
    assert "Scores: seat 0:" in done.stdout


def test_serve_logs_one_line_per_refusal_and_stops_on_ctrl_c() -> None:
    with subprocess.Popen(
        [sys.executable, str(_EXAMPLE), "--serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as proc:
        try:
            assert proc.stdout is not None
            assert select.select([proc.stdout], [], [], 30)[0], "the server did not start"
            started = re.fullmatch(r"serving on 127\.0\.0\.1 port (\d+)\n", proc.stdout.readline())
            assert started
            port = int(started[1])
            assert proc.stdout.readline() == f"play in a browser: http://127.0.0.1:{port}/play\n"
            assert_refusal(exchange(port, http("POST", "/games", b"[" * 5_000)), 400, "too_deep")
            assert_refusal(exchange(port, http("BREW", "/games")), 405, "method_not_allowed")
            assert exchange(port, http("POST", "/games")).status == 201
            proc.send_signal(signal.SIGINT)
            _, err = proc.communicate(timeout=30)
        finally:
            proc.kill()
    assert proc.returncode == 0, err
    lines = err.splitlines()
    assert len(lines) == 2, err
    assert lines[0].endswith("127.0.0.1 POST '/games' -> 400 too_deep")
    assert lines[1].endswith("127.0.0.1 BREW '/games' -> 405 method_not_allowed")
