"""The WebSocket table example (examples/table_server), with scripted players on loopback.

The server runs in this process's event loop, so the tests compare what each player
receives with the server's own state. Four players play whole deals of French Tarot,
Bid Euchre and the example plugins to a match's end or a few deals; a refused move, a
move out of turn, a disconnection, a server restarted from its save file. A seat's
messages never hold a card another seat holds, nor one put face down by another seat.
Every wait has a timeout. Needs the ``table`` extra (``websockets``): skipped without it.
"""

from __future__ import annotations

import asyncio
import contextlib
import doctest
import importlib.util
import json
import os
import random
import signal
import subprocess
import sys
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

import pytest

import cardrules
from cardrules import (
    Card,
    CardrulesError,
    InvalidArgumentError,
    NotationError,
    RecordError,
    records,
)
from cardrules.envelope import RESULT_KEYS, VIEW_KEYS

if TYPE_CHECKING:
    from tests.core import toy
else:
    import cardrules_core_toy as toy  # loaded by tests/conftest.py

_FOLDER = Path(__file__).resolve().parents[2] / "examples" / "table_server"
if not _FOLDER.is_dir():  # CI also runs a copy of tests/ without the examples
    pytest.skip(f"the example table is not at {_FOLDER}", allow_module_level=True)
pytest.importorskip("websockets", reason="needs websockets: pip install 'cardrules[table]'")

from websockets.asyncio.client import ClientConnection, connect  # noqa: E402
from websockets.exceptions import ConnectionClosed  # noqa: E402


def _load(name: str, path: Path) -> ModuleType:
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


ts = _load("cardrules_example_table_server", _FOLDER / "server.py")
tc = _load("cardrules_example_table_client", _FOLDER / "client.py")

KEY = b"the table's secret key"
WAIT = 10.0  # seconds any one message may take before the test fails
NAMES = ("Ann", "Bo", "Cy", "Di")


# -- the players -----------------------------------------------------------------------------


class Player:
    """One scripted player's connection: every message it receives, kept in order."""

    def __init__(self, connection: ClientConnection) -> None:
        self.connection = connection
        self.messages: list[dict[str, Any]] = []
        self._new = asyncio.Event()
        self._reader = asyncio.create_task(self._read())
        self.seat = -1  # until it joins
        self.token = ""

    async def _read(self) -> None:
        with contextlib.suppress(ConnectionClosed):
            async for text in self.connection:
                assert isinstance(text, str)
                self.messages.append(json.loads(text))
                self._new.set()

    async def send(self, message: dict[str, Any]) -> None:
        await self.connection.send(json.dumps(message))

    async def expect(self, condition: Callable[[dict[str, Any]], bool], start: int = 0) -> Any:
        """The first message from ``start`` on that meets ``condition`` (waiting for it)."""
        async with asyncio.timeout(WAIT):
            while True:
                for message in self.messages[start:]:
                    if condition(message):
                        return message
                self._new.clear()
                await self._new.wait()

    async def error(self, message: dict[str, Any]) -> dict[str, Any]:
        """Send ``message``; the error document that answers it."""
        start = len(self.messages)
        await self.send(message)
        answer = await self.expect(lambda m: m["type"] == "error", start)
        error: dict[str, Any] = answer["error"]
        assert list(error) == ["variant", "code", "rule_id", "seat", "action", "message"]
        return error

    def latest_view(self) -> dict[str, Any]:
        return next(m for m in reversed(self.messages) if m["type"] == "view")

    async def close(self) -> None:
        await self.connection.close()
        await self._reader


async def join(url: str, seat: int, **fields: Any) -> Player:
    player = Player(await connect(url, proxy=None))
    await player.send({"type": "join", "seat": seat, **fields})
    welcome = await player.expect(lambda m: m["type"] in ("welcome", "error"))
    assert welcome["type"] == "welcome", welcome
    player.seat, player.token = welcome["seat"], welcome["token"]
    return player


@asynccontextmanager
async def serving(table: Any) -> AsyncIterator[Any]:
    async with ts.TableServer(table, "127.0.0.1", 0) as server:
        yield server


def new_table(
    tmp_path: Path, variant_id: str, options: dict[str, Any], deal_limit: int | None = None
) -> Any:
    storage = ts.Storage(KEY, tmp_path / "table.json", tmp_path / "records")
    variant = cardrules.get_variant(variant_id, **options)
    return ts.Table.new(variant, storage, seed=11, deal_limit=deal_limit, table_id="t1")


def _cards(value: Any) -> set[str]:
    """Every card code written in ``value``'s strings (a word that parses as a card)."""
    found: set[str] = set()
    if isinstance(value, str):
        for word in value.split():
            try:
                Card.parse(word)
            except NotationError:
                continue
            found.add(word)
    elif isinstance(value, dict):
        for item in value.values():
            found |= _cards(item)
    elif isinstance(value, list):
        for item in value:
            found |= _cards(item)
    return found


async def settle(table: Any, players: list[Player]) -> None:
    """Wait until every player has the view of the table's latest change; check it
    against the server's state: the library's view of the seat, its own cards alone."""
    state = table.state
    for player in players:
        message = await player.expect(
            lambda m: m["type"] == "view" and m["version"] == table.version
        )
        seat = player.seat
        assert message["view"] == state.view(seat).to_dict()
        assert message["moves"] == ts.seen_moves(state, seat)
        others = {str(c) for o in range(table.variant.players) if o != seat for c in state.hand(o)}
        assert not others & set(message["view"]["hand"])


async def play(
    table: Any,
    players: list[Player],
    rng: random.Random,
    moves: int | None = None,
    opening: tuple[str, ...] = (),
) -> int:
    """Play random legal moves (after the ``opening`` ones), the seat to play sending
    each, until the table is over (or ``moves`` were made); the moves made."""
    made = 0
    while moves is None or made < moves:
        await settle(table, players)
        views = [player.latest_view()["view"] for player in players]
        to_play = views[0]["to_play"]
        if table._over:
            return made
        assert to_play is not None
        actor = next(p for p in players if p.seat == to_play)
        view = views[players.index(actor)]
        assert set(VIEW_KEYS) <= set(view)
        action = opening[made] if made < len(opening) else rng.choice(view["legal_actions"])
        await move(actor, action, table.version)
        made += 1
    await settle(table, players)
    return made


async def move(actor: Player, action: str, version: int) -> None:
    """Send ``action``; wait until the server has taken it (a view of a later version)."""
    start = len(actor.messages)
    await actor.send({"type": "move", "action": action})
    answer = await actor.expect(
        lambda m: m["type"] == "error" or (m["type"] == "view" and m["version"] > version), start
    )
    assert answer["type"] == "view", answer


def check_hidden_cards(table: Any, players: list[Player]) -> int:
    """A card put face down by one seat, unseen by another before, never reaches that
    other seat afterwards while the deal is in play (its last views hold the result,
    which may tell all): the number of such cards checked. Every player was connected
    for the whole match, so a deal's first views are of the version it was dealt at."""
    checked = 0
    for number, deal in enumerate(table.match.record().deals, 1):
        final = records.final_state(deal, variant=table.variant)
        variant = final.variant
        for player in players:
            views = [m for m in player.messages if m["type"] == "view" and m["deal"] == number]
            dealt = min(m["version"] for m in views)
            for step, (actor, action) in enumerate(final.history, 1):
                if variant.action_seen_by(action, actor, player.seat) is not None:
                    continue
                for card in _cards(variant.action_text(action)):
                    if any(card in _cards(m) for m in views if m["version"] < dealt + step):
                        continue  # shown before (a card of the chien): known, not hidden
                    checked += 1
                    for message in views:
                        if message["version"] >= dealt + step and message["view"]["stage"] != "end":
                            assert card not in _cards(message), (player.seat, card, message)
    return checked


# -- whole matches ---------------------------------------------------------------------------

MATCHES = [
    # (variant, options, deal limit, opening moves): Tarot's match is one deal by
    # default, and a prise makes the taker put cards face down (the écart); Bid Euchre's
    # to 10 points, the dealer discarding the extra card face down (the joker); the
    # plugins: Whist to 5 points, Oh Hell (which never ends) 2 deals.
    ("tarot", {}, None, ("bid prise", "pass", "pass", "pass")),
    ("bid-euchre", {"target_score": 10, "joker": True}, None, ()),
    ("whist", {}, None, ()),
    ("oh-hell", {}, 2, ()),
]


@pytest.mark.usefixtures("example_plugins")
@pytest.mark.parametrize(("variant_id", "options", "limit", "opening"), MATCHES)
def test_four_players_play_a_match_to_its_end(
    tmp_path: Path,
    variant_id: str,
    options: dict[str, Any],
    limit: int | None,
    opening: tuple[str, ...],
) -> None:
    async def scenario() -> None:
        table = new_table(tmp_path, variant_id, options, limit)
        async with serving(table) as server:
            url = f"ws://127.0.0.1:{server.port}"
            players = [await join(url, seat, name=NAMES[seat]) for seat in range(4)]
            # Every deal of every variant requires the acting seat, a plugin's too.
            assert table.state.requires_seat
            await play(table, players, random.Random(5), opening=opening)
            deals = len(table.match.results)
            assert table.state.requires_seat
            assert table.match.is_over or deals == limit
            for player in players:
                overs = [m for m in player.messages if m["type"] == "deal_over"]
                assert [m["deal"] for m in overs] == list(range(1, deals + 1))
                for message, result in zip(overs, table.match.results, strict=True):
                    assert set(RESULT_KEYS) <= set(message["result"])
                    assert message["result"]["summary"] == result.summary
                ending = await player.expect(lambda m: m["type"] == "match_over")
                assert ending["totals"] == overs[-1]["totals"]
                assert ending["totals"] == [ts.json_number(t) for t in table.match.totals]
                assert ending["explain"] == table.match.explain()
                # A move after the end is refused.
                error = await player.error({"type": "move", "action": "pass"})
                assert error["code"] == "match_over"
            # Saved when over: restored over, the last deal's views, the match's end.
            saved = json.loads((tmp_path / "table.json").read_text(encoding="utf-8"))
            restored = ts.Table.restore(saved, table.storage)
            assert (restored.state, restored._over) == (table.state, True)
            assert restored.match.results == table.match.results
            hidden = check_hidden_cards(table, players)
            assert hidden > 0 or variant_id in ("whist", "oh-hell")
            for player in players:
                await player.close()
        # The match, signed: its record replays to the match's results, with the table's data.
        files = sorted((tmp_path / "records").iterdir())
        assert [path.name for path in files] == ["t1-match.json"]
        book = records.loads_match(files[0].read_text(encoding="utf-8"), key=KEY)
        assert book.meta is not None
        assert book.meta["table"] == "t1"
        assert tuple(book.meta["players"]) == NAMES
        assert len(book.deals) == deals
        assert all(deal.require_seat for deal in book.deals)
        replayed = records.replay_match(book)
        assert replayed.results == table.match.results
        assert replayed.totals == table.match.totals

    asyncio.run(scenario())


# -- refusals --------------------------------------------------------------------------------


def test_refused_moves_and_requests_are_error_documents_and_change_nothing(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        table = new_table(tmp_path, "bid-euchre", {})
        async with serving(table) as server:
            url = f"ws://127.0.0.1:{server.port}"
            first = await join(url, 0, name="Ann")
            error = await first.error({"type": "move", "action": "pass"})
            assert (error["code"], error["seat"]) == ("table_not_full", 0)
            players = [first] + [await join(url, seat) for seat in (1, 2, 3)]
            await settle(table, players)
            before, version = table.state, table.version
            to_play = table.state.to_play
            actor, other = players[to_play], players[(to_play + 1) % 4]
            # A move out of turn: the library's error, with the seat that sent it.
            error = await other.error({"type": "move", "action": "pass"})
            assert error["code"] == "not_your_turn"
            assert (error["seat"], error["action"]) == (other.seat, "pass")
            await actor.send({"type": "move", "action": "bid 4"})
            await settle(table, players)
            # An illegal bid: the rule it breaks.
            error = await other.error({"type": "move", "action": "bid 3"})
            assert (error["code"], error["rule_id"]) == ("illegal_bid", "E-8")
            assert error["seat"] == other.seat
            assert (await other.error({"type": "move", "action": "bid 99"}))["code"] == (
                "bad_notation"
            )
            after = table.state
            for message, code in [
                ({"type": "move"}, "bad_message"),
                ({"type": "move", "action": ["pass"]}, "bad_message"),
                ({"type": "shout"}, "bad_message"),
                ({"type": "join", "seat": 2}, "already_seated"),
            ]:
                assert (await other.error(message))["code"] == code
            start = len(other.messages)
            await other.connection.send("not json")
            assert (await other.expect(lambda m: m["type"] == "error", start))["error"][
                "code"
            ] == "bad_message"
            start = len(other.messages)
            await other.connection.send(b"\x00binary")
            assert (await other.expect(lambda m: m["type"] == "error", start))["error"][
                "code"
            ] == "bad_message"
            # A connection without a seat may not move, nor take a seat without its token.
            stranger = Player(await connect(url, proxy=None))
            assert (await stranger.error({"type": "move", "action": "pass"}))["code"] == (
                "not_seated"
            )
            for message, code in [
                ({"type": "join", "seat": 1}, "seat_taken"),
                ({"type": "join", "seat": 1, "token": "guess"}, "bad_token"),
                ({"type": "join", "seat": 1, "token": "\ud800"}, "bad_token"),
                ({"type": "join", "seat": 4}, "bad_seat"),
                ({"type": "join", "seat": True}, "bad_seat"),
                ([1, 2], "bad_message"),
            ]:
                if isinstance(message, dict):
                    assert (await stranger.error(message))["code"] == code
                else:
                    start = len(stranger.messages)
                    await stranger.connection.send(json.dumps(message))
                    found = await stranger.expect(lambda m: m["type"] == "error", start)
                    assert found["error"]["code"] == code
            await stranger.close()
            # Nothing changed, and no one was sent a view since.
            assert table.state == after != before
            assert table.version == version + 1
            assert all(p.latest_view()["version"] == version + 1 for p in players)
            for player in players:
                await player.close()

    asyncio.run(scenario())


def test_a_message_too_large_closes_the_connection(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = new_table(tmp_path, "tarot", {})
        async with serving(table) as server:
            player = Player(await connect(f"ws://127.0.0.1:{server.port}", proxy=None))
            await player.send({"type": "join", "seat": 0, "name": "x" * ts.MAX_MESSAGE_BYTES})
            async with asyncio.timeout(WAIT):
                await player._reader
            assert player.connection.close_code == 1009  # message too big
            assert all(seat.token_digest is None for seat in table.seats)

    asyncio.run(scenario())


def test_connections_past_the_limit_are_turned_away(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = new_table(tmp_path, "tarot", {})
        async with serving(table) as server:
            url = f"ws://127.0.0.1:{server.port}"
            held = [Player(await connect(url, proxy=None)) for _ in range(ts.MAX_CONNECTIONS)]
            # Each answered: all of them are open and served.
            for player in held:
                assert (await player.error({"type": "hello"}))["code"] == "bad_message"
            extra = Player(await connect(url, proxy=None))
            async with asyncio.timeout(WAIT):
                await extra._reader
            assert extra.connection.close_code == 1013  # try again later
            await held[0].close()
            async with asyncio.timeout(WAIT):  # the server's side of it closed too
                while server._connections >= ts.MAX_CONNECTIONS:
                    await asyncio.sleep(0.01)
            again = await join(url, 0)  # a place freed is taken again
            assert again.seat == 0
            for player in [*held[1:], again]:
                await player.close()

    asyncio.run(scenario())


def test_a_client_that_does_not_read_is_disconnected() -> None:
    class Transport:
        aborted = 0

        def abort(self) -> None:
            self.aborted += 1

    class Connection:
        transport = Transport()

    async def scenario() -> None:
        outbox = ts.Outbox(Connection())
        for number in range(ts.MAX_QUEUED):
            outbox.send({"n": number})
        assert Connection.transport.aborted == 0
        outbox.send({"n": "one too many"})
        assert Connection.transport.aborted == 1
        assert outbox.queue.qsize() == ts.MAX_QUEUED

    asyncio.run(scenario())


# -- reconnection ----------------------------------------------------------------------------


def test_a_player_who_reconnects_gets_its_view_back(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = new_table(tmp_path, "tarot", {})
        async with serving(table) as server:
            url = f"ws://127.0.0.1:{server.port}"
            players = [await join(url, seat) for seat in range(4)]
            rng = random.Random(2)
            await play(table, players, rng, moves=6)
            gone = players[2]
            start = len(players[0].messages)
            await gone.close()
            seen = await players[0].expect(lambda m: m["type"] == "table", start)
            assert seen["seats"][2] == {"seat": 2, "name": None, "taken": True, "connected": False}
            # The others play on while seat 2 is away, until it is to play.
            present = [p for p in players if p is not gone]
            while table.state.to_play != 2:
                await settle(table, present)
                actor = players[table.state.to_play]
                view = actor.latest_view()["view"]
                await move(actor, rng.choice(view["legal_actions"]), table.version)
            await settle(table, present)
            back = await join(url, 2, token=gone.token)
            assert back.token == gone.token
            view = await back.expect(lambda m: m["type"] == "view")
            assert view["view"] == table.state.view(2).to_dict()
            assert view["view"]["to_play"] == 2
            players[2] = back
            # Another connection with the token takes the seat over; the older one is
            # told so on its next message, and moves for no one.
            again = await join(url, 2, token=gone.token)
            error = await back.error({"type": "move", "action": view["view"]["legal_actions"][0]})
            assert error["code"] == "seat_taken_back"
            assert table.state.to_play == 2
            await back.close()
            players[2] = again
            await play(table, players, rng)
            assert table.match.is_over
            for player in players:
                await player.close()

    asyncio.run(scenario())


# -- restarting ------------------------------------------------------------------------------

RESTARTS = [
    ("tarot", {"players": 4}, 1, 30),
    ("bid-euchre", {"joker": True}, 3, 40),
    ("whist", {}, 2, 70),
    ("oh-hell", {}, 3, 40),
]


async def _run_match(
    tmp_path: Path, variant_id: str, options: dict[str, Any], limit: int, restart_at: int | None
) -> tuple[Any, list[Path], int]:
    """Play a table to its end, the moves from one seeded generator; with
    ``restart_at``, stop the server after that many moves and go on with a new one
    restored from the save file, the players coming back with their tokens. The table,
    its record files, and the deals finished at the restart."""
    rng = random.Random(8)
    table = new_table(tmp_path, variant_id, options, limit)
    async with serving(table) as server:
        url = f"ws://127.0.0.1:{server.port}"
        players = [await join(url, seat, name=NAMES[seat]) for seat in range(4)]
        await play(table, players, rng, moves=restart_at)
        tokens = [player.token for player in players]
        for player in players:
            await player.close()
    finished = len(table.match.results)
    if restart_at is not None:
        saved = json.loads((tmp_path / "table.json").read_text(encoding="utf-8"))
        restored = ts.Table.restore(saved, table.storage)
        assert restored.state == table.state
        assert restored.state.requires_seat
        assert restored.match.results == table.match.results
        assert restored.match.dealer == table.match.dealer
        assert restored.match.totals == table.match.totals
        assert restored.version == table.version
        assert restored.match.next_deal() == table.match.next_deal()
        table = restored
        async with serving(table) as server:
            url = f"ws://127.0.0.1:{server.port}"
            players = [await join(url, seat, token=tokens[seat]) for seat in range(4)]
            await play(table, players, rng)
            for player in players:
                await player.close()
    return table, sorted((tmp_path / "records").iterdir()), finished


@pytest.mark.usefixtures("example_plugins")
@pytest.mark.parametrize(("variant_id", "options", "limit", "restart_at"), RESTARTS)
def test_a_server_restarted_from_its_save_file_goes_on_exactly(
    tmp_path: Path, variant_id: str, options: dict[str, Any], limit: int, restart_at: int
) -> None:
    async def scenario() -> None:
        live, live_files, _ = await _run_match(tmp_path / "live", variant_id, options, limit, None)
        again, again_files, finished = await _run_match(
            tmp_path / "again", variant_id, options, limit, restart_at
        )
        # Restarted in the middle of a deal: the first one, or a later one.
        assert finished == (0 if variant_id == "tarot" else 1)
        assert not again.match.is_over or finished < len(again.match.results)
        assert len(again.match.results) == len(live.match.results)
        assert again.match.totals == live.match.totals
        assert again.match.explain() == live.match.explain()
        assert [p.name for p in live_files] == [p.name for p in again_files]
        for one, other in zip(live_files, again_files, strict=True):
            first = records.loads_match(one.read_text(encoding="utf-8"), key=KEY)
            second = records.loads_match(other.read_text(encoding="utf-8"), key=KEY)
            assert first.with_meta(None) == second.with_meta(None)

    asyncio.run(scenario())


def test_a_game_whose_deals_cannot_require_the_seat_gets_no_table(tmp_path: Path) -> None:
    storage = ts.Storage(KEY, tmp_path / "table.json", None)
    with pytest.raises(InvalidArgumentError, match="require_seat"):
        ts.Table.new(toy.ToyVariant(), storage, seed=1)
    assert not (tmp_path / "table.json").exists()


def test_a_save_changed_or_read_with_another_key_is_refused(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = new_table(tmp_path, "bid-euchre", {})
        async with serving(table) as server:
            url = f"ws://127.0.0.1:{server.port}"
            players = [await join(url, seat) for seat in range(4)]
            await play(table, players, random.Random(3), moves=5)
            for player in players:
                await player.close()

    asyncio.run(scenario())
    saved = json.loads((tmp_path / "table.json").read_text(encoding="utf-8"))
    assert "token" not in json.dumps(saved["seats"]).replace("token_sha256", "")
    storage = ts.Storage(KEY, None, None)
    assert ts.Table.restore(saved, storage).state.history
    with pytest.raises(RecordError, match="signature"):
        ts.Table.restore(saved, ts.Storage(b"another key", None, None))
    deal = json.loads(saved["deal"])
    deal["actions"] = deal["actions"][:-1]
    with pytest.raises(RecordError, match="signature"):
        ts.Table.restore({**saved, "deal": json.dumps(deal)}, storage)
    # A deal that is not the match's next one, however well signed.
    other = cardrules.get_variant("bid-euchre").new_game(seed=1, require_seat=True)
    forged = {**saved, "deal": records.dumps(other.record(), key=KEY)}
    with pytest.raises(ts.TableError, match="not the match's next deal"):
        ts.Table.restore(forged, storage)
    for broken in (
        {**saved, "format": "x"},
        {**saved, "seats": saved["seats"][:3]},
        {**saved, "seats": [1, 2, 3, 4]},
        {**saved, "changes": -1},
        {**saved, "match": {}},
        {**saved, "match": {"start": {"colour": 1}}},
        {**saved, "deal_limit": 0},
    ):
        with pytest.raises((ts.TableError, CardrulesError)):
            ts.Table.restore(broken, storage)


@pytest.mark.usefixtures("example_plugins")
@pytest.mark.parametrize("variant_id", ["tarot", "bid-euchre", "whist", "oh-hell"])
def test_the_saved_match_record_is_signed_and_replays_to_the_same_totals(
    tmp_path: Path, variant_id: str
) -> None:
    async def scenario() -> Any:
        table = new_table(tmp_path, variant_id, {}, deal_limit=2)
        async with serving(table) as server:
            url = f"ws://127.0.0.1:{server.port}"
            players = [await join(url, seat, name=NAMES[seat]) for seat in range(4)]
            await play(table, players, random.Random(2))
            for player in players:
                await player.close()
        return table

    table = asyncio.run(scenario())
    assert len(table.match.results) >= 1
    saved = json.loads((tmp_path / "table.json").read_text(encoding="utf-8"))
    text = saved["match"]["record"]
    assert "deals" not in saved["match"]
    book = records.loads_match(text, key=KEY)
    assert book.variant == variant_id
    assert book.meta is not None
    assert (book.meta["table"], tuple(book.meta["players"])) == ("t1", NAMES)
    replayed = records.replay_match(book)
    assert replayed.totals == table.match.totals
    assert replayed.results == table.match.results
    assert replayed.dealer == table.match.dealer
    # Another key, or a record changed after it was signed, is refused.
    with pytest.raises(RecordError, match="signature"):
        records.loads_match(text, key=b"another key")
    document = json.loads(text)
    document["meta"]["players"][0] = "Mallory"
    with pytest.raises(RecordError, match="signature"):
        records.loads_match(json.dumps(document), key=KEY)
    document = json.loads(text)
    document["deals"] = document["deals"][:-1]
    changed = {**saved, "match": {**saved["match"], "record": json.dumps(document)}}
    with pytest.raises(RecordError, match="signature"):
        ts.Table.restore(changed, ts.Storage(KEY, None, None))
    with pytest.raises(RecordError, match="signature"):
        ts.Table.restore(saved, ts.Storage(b"another key", None, None))


# -- the example's own programs --------------------------------------------------------------


def test_the_examples_doctests_pass() -> None:
    assert doctest.testmod(ts).failed == 0
    assert doctest.testmod(tc).failed == 0


@pytest.mark.usefixtures("example_plugins")
def test_four_scripted_clients_play_a_table(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = new_table(tmp_path, "whist", {}, deal_limit=1)
        async with serving(table) as server:
            url = f"ws://127.0.0.1:{server.port}"
            async with asyncio.timeout(30):
                await asyncio.gather(
                    *(tc.run(url, seat, NAMES[seat], None, seat) for seat in range(4))
                )
        assert len(table.match.results) == 1

    asyncio.run(scenario())


def test_the_server_serves_from_the_command_line_and_resumes(tmp_path: Path) -> None:
    environment = {**os.environ, "CARDRULES_TABLE_KEY": KEY.decode()}
    command = [sys.executable, str(_FOLDER / "server.py"), "--port", "0", "--variant", "tarot"]
    save = tmp_path / "table.json"
    refused = subprocess.run(
        [*command, "--save", str(save)],
        capture_output=True,
        text=True,
        timeout=60,
        env={k: v for k, v in environment.items() if k != "CARDRULES_TABLE_KEY"},
        check=False,
    )
    assert refused.returncode != 0
    assert "CARDRULES_TABLE_KEY" in refused.stderr
    for resume in (False, True):
        args = ["--resume", str(save)] if resume else ["--save", str(save), "--seed", "4"]
        with subprocess.Popen(
            [*command, *args, "--records", str(tmp_path / "records")],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=environment,
        ) as proc:
            try:
                assert proc.stdout is not None
                line = proc.stdout.readline()
                assert " French Tarot on ws://127.0.0.1:" in line, line
                port = int(line.rsplit(":", 1)[1])

                async def one_move(port: int = port, resume: bool = resume) -> None:
                    url = f"ws://127.0.0.1:{port}"
                    if resume:
                        player = Player(await connect(url, proxy=None))
                        error = await player.error({"type": "join", "seat": 0})
                        assert error["code"] == "seat_taken"
                        await player.close()
                        return
                    players = [await join(url, seat) for seat in range(4)]
                    view = await players[1].expect(lambda m: m["type"] == "view")
                    await players[1].send(
                        {"type": "move", "action": view["view"]["legal_actions"][0]}
                    )
                    await players[0].expect(lambda m: m["type"] == "view" and m["version"] == 1)
                    for player in players:
                        await player.close()

                asyncio.run(one_move())
                proc.send_signal(signal.SIGINT)
                _, err = proc.communicate(timeout=30)
            finally:
                proc.kill()
        assert proc.returncode == 0, err
    saved = json.loads(save.read_text(encoding="utf-8"))
    assert saved["changes"] == 1
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "cardrules-table"}', encoding="utf-8")
    done = subprocess.run(
        [*command, "--resume", str(bad)],
        capture_output=True,
        text=True,
        timeout=60,
        env=environment,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr.startswith("error: not a cardrules-table save")
