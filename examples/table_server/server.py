"""A table for four people over WebSocket: one match of any registered variant.

Each connection claims a seat; every move goes through the rules engine with the seat
of the connection that sent it; each seat receives only its own view. The match is
saved after every change, so a server restarted from its save file goes on exactly
where it stopped, and the match is kept as a signed match record: every finished deal
in it, replayable by anyone who holds the key.

Needs the ``websockets`` package (``pip install 'cardrules[table]'``). Serve a match
of Bid Euchre on port 8765, saving it, the key that signs the records read from an
environment variable::

    export CARDRULES_TABLE_KEY=$(python -c "import secrets; print(secrets.token_hex(32))")
    python examples/table_server/server.py --variant bid-euchre --save table.json \\
        --records records/

The save file holds the signed match record; ``--records`` writes it to
``records/<table>-match.json`` too. Restart from the save file (the same key)::

    python examples/table_server/server.py --resume table.json --records records/

Four players connect (``examples/table_server/client.py`` is a scripted one) and talk
JSON, one object per message:

==============================================  ====================================
client to server                                what it does
==============================================  ====================================
``{"type": "join", "seat": 0, "name": "Ann"}``  claims a free seat; the answer holds
                                                the seat's secret ``token``
``{"type": "join", "seat": 0, "token": T}``     takes the seat back (a reconnection)
``{"type": "move", "action": "bid 4"}``         a move for one's own seat
==============================================  ====================================

The server sends ``welcome`` (the seat, its token, the table), ``table`` (who sits
where, who is connected), ``view`` (the seat's view document, after every change),
``deal_over`` (the result and the match's totals), ``match_over`` and ``error`` (an
error document: ``{"variant", "code", "rule_id", "seat", "action", "message"}``, the library's
own for a refused move). Nothing here names a game: the views and results are the
envelope documents every variant shares.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime
import hashlib
import hmac
import json
import os
import secrets
import sys
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, Protocol

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

import cardrules
from cardrules import CardrulesError, Match, State, Variant, records
from cardrules.actions import Play
from cardrules.match import RecordedMatch

FORMAT: Final = "cardrules-table"
"""The ``format`` of a save file."""
VERSION: Final = 1
"""The version of the save file this server writes and reads."""
MAX_MESSAGE_BYTES: Final = 4_096
"""The largest message a client may send; a larger one closes its connection."""
MAX_CONNECTIONS: Final = 16
"""Connections open at once, seated or not; more are closed at once."""
MAX_QUEUED: Final = 256
"""Messages waiting for a client that does not read; past that it is disconnected (it
reconnects and gets its view back)."""
MAX_NAME: Final = 40
"""The longest player name."""
KEY_ENV: Final = "CARDRULES_TABLE_KEY"
"""The environment variable that holds the key signing the records, by default."""


class TableError(Exception):
    """A request the table refuses (not a move: those raise the library's errors), with
    a stable ``code`` and a message the client can act on."""

    def __init__(self, code: str, message: str, *, seat: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.seat = seat

    def to_dict(self) -> dict[str, Any]:
        """The error document, of the library's shape (``cardrules.envelope.ERROR_KEYS``)."""
        return {
            "variant": None,
            "code": self.code,
            "rule_id": None,
            "seat": self.seat,
            "action": None,
            "message": self.message,
        }


class Mailbox(Protocol):
    """Where the table puts a connection's messages (an :class:`Outbox`, or a list in a
    test)."""

    def send(self, message: Mapping[str, Any]) -> None:
        """Queue ``message`` for the client."""


@dataclass
class Seat:
    """One seat of the table: its player's name, the digest of its token, its mailbox
    while a connection holds it."""

    name: str | None = None
    token_digest: str | None = None
    mailbox: Mailbox | None = None


@dataclass
class Storage:
    """Where a table keeps itself: its save file and the folder of its signed records
    (either None to keep nothing there), and the key that signs the records."""

    key: bytes
    save_path: Path | None = None
    records_dir: Path | None = None


def seated_match(variant: Variant, seed: int) -> Match:
    """A match of ``variant`` whose deals require the acting seat: a move the table
    applies without the seat would be refused, never played for whoever is to play.

    Every game on the library's kit deals such states, a plugin's too; the table hosts
    no game that cannot.

    Raises:
        InvalidArgumentError: the variant's deals cannot require the seat (a game whose
            ``new_game`` takes no ``require_seat``).

    >>> seated_match(cardrules.get_variant("bid-euchre"), 7).next_deal().requires_seat
    True
    """
    return variant.new_match(seed=seed, require_seat=True)


def sign_deal(state: State, *, key: bytes, meta: Mapping[str, Any]) -> str:
    """A finished deal as a signed record, with the table's data in its ``meta``
    (covered by the signature): what the table keeps of each deal of a match that has
    no match record (a plugin's match without ``record()``).

    >>> state = cardrules.get_variant("tarot").new_game(seed=1)
    >>> text = sign_deal(state, key=b"k", meta={"table": "t", "deal": 1})
    >>> records.loads(text, key=b"k").meta["deal"]
    1
    """
    return records.dumps(state.record().with_meta(dict(meta)), key=key)


def sign_match(match: Match, *, key: bytes, meta: Mapping[str, Any]) -> str | None:
    """The match's record (``match.record()``: its start and every deal played
    through ``match.after_deal``), signed with ``key``, the table's data in its
    ``meta``; None for a match that keeps no record (no ``record()``).

    >>> match = cardrules.get_variant("bid-euchre").new_match(seed=3)
    >>> text = sign_match(match, key=b"k", meta={"table": "t"})
    >>> records.loads_match(text, key=b"k").meta["table"]
    't'
    """
    record = getattr(match, "record", None)
    if not callable(record):
        return None
    book: records.MatchRecord = record()
    return cardrules.dumps(book.with_meta(dict(meta)), key=key)


def save_match(
    match: Match,
    start: Mapping[str, Any],
    finished: Sequence[str],
    *,
    key: bytes,
    meta: Mapping[str, Any],
) -> dict[str, Any]:
    """The match as JSON: how it began and its signed match record
    (:func:`sign_match`), from which :func:`load_match` replays it; for a match
    without a record, its finished deals' signed records (:func:`sign_deal`) instead.

    >>> variant = cardrules.get_variant("bid-euchre")
    >>> saved = save_match(variant.new_match(seed=3), {"seed": 3}, [], key=b"k", meta={})
    >>> sorted(saved)
    ['record', 'start']
    """
    text = sign_match(match, key=key, meta=meta)
    if text is not None:
        return {"start": dict(start), "record": text}
    return {"start": dict(start), "deals": list(finished)}


def load_match(variant: Variant, saved: Mapping[str, Any], *, key: bytes) -> Match:
    """The match :func:`save_match` wrote (untrusted JSON: checked by the library): its
    match record verified with ``key`` and replayed, every deal through the rules.

    Raises:
        CardrulesError: a match record that is not signed with ``key``, was changed,
            or does not replay.
        TableError: the save is not of this shape, or its match is not of ``variant``.
    """
    start = saved.get("start")
    if not isinstance(start, Mapping):
        raise TableError("bad_save", "the save's match has no start")
    text = saved.get("record")
    if text is not None:
        if not isinstance(text, str):
            raise TableError("bad_save", "the save's match record is not text")
        replayed: Match = records.replay_match(records.loads_match(text, key=key))
        document = replayed.to_dict() if isinstance(replayed, RecordedMatch) else {}
        if document.get("variant") != variant.id or document.get("options") != (
            variant.options_json()
        ):
            raise TableError("bad_save", f"the save's match is not a {variant.name} match")
        return replayed
    try:
        match = variant.new_match(**start)
    except TypeError:
        raise TableError("bad_save", "the save's match start is not new_match's") from None
    deals = saved.get("deals")
    if not isinstance(deals, list) or not all(isinstance(text, str) for text in deals):
        raise TableError("bad_save", "the save's match has neither a record nor its deals")
    for text in deals:
        state = records.final_state(records.loads(text, key=key), variant=variant)
        match = match.after(state.result())
    return match


def json_number(value: Any) -> int | float:
    """A score as JSON writes it: whole, or a half point as a float (exact)."""
    return int(value) if value == int(value) else float(value)


def digest(token: str) -> str:
    """What the save file keeps of a seat's token: its SHA-256, never the token."""
    # surrogatepass: any text JSON may carry, a lone surrogate too, has a digest.
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def seen_moves(state: State, seat: int) -> list[list[Any]]:
    """The deal's moves but the card plays, as ``seat`` saw them: ``[actor, notation]``,
    or ``[actor, None]`` for a move seen made but not what it was (a card put face
    down), as the variant says (:meth:`~cardrules.Variant.action_seen_by`).

    >>> state = cardrules.get_variant("tarot").new_game(seed=1).apply("bid prise")
    >>> seen_moves(state, 3)
    [[1, 'bid prise']]
    """
    variant = state.variant
    moves: list[list[Any]] = []
    for actor, action in state.history:
        if not isinstance(action, Play):
            seen = variant.action_seen_by(action, actor, seat)
            moves.append([actor, None if seen is None else variant.action_text(seen)])
    return moves


@dataclass
class Table:
    """One table: the match, the deal in play, the seats. No sockets here: a connection
    is a :class:`Mailbox`, and every method runs to its end without waiting, so in one
    event loop the table changes one message at a time.

    Build one with :meth:`new` or :meth:`restore`.
    """

    variant: Variant
    match: Match
    state: State
    storage: Storage
    table_id: str
    start: dict[str, Any]
    seats: list[Seat]
    deal_limit: int | None = None
    version: int = 0
    finished: list[str] = field(default_factory=list)

    @classmethod
    def new(
        cls,
        variant: Variant,
        storage: Storage,
        *,
        seed: int | None = None,
        deal_limit: int | None = None,
        table_id: str | None = None,
    ) -> Table:
        """A new table, its first deal dealt.

        Args:
            variant: The game, with its options.
            storage: Where the table is saved, and its key.
            seed: The match's seed; a random one by default. It fixes every deal of the
                match: keep the save file, which holds it, on the server.
            deal_limit: End the table after this many deals, if the match has not
                ended by then (some never end by themselves).
            table_id: The table's name in its records; random by default.

        Raises:
            InvalidArgumentError: a game whose deals cannot require the seat
                (:func:`seated_match`).
        """
        if seed is None:
            seed = secrets.randbits(53)
        match = seated_match(variant, seed)
        start = {
            "seed": seed,
            "dealer": match.dealer,
            "require_seat": True,
        }
        table = cls(
            variant=variant,
            match=match,
            state=match.next_deal(),
            storage=storage,
            table_id=table_id or secrets.token_hex(4),
            start=start,
            seats=[Seat() for _ in range(variant.players)],
            deal_limit=deal_limit,
        )
        table.save()
        return table

    # -- what clients send ------------------------------------------------------------

    def receive(self, mailbox: Mailbox, seat: int | None, text: str | bytes) -> int | None:
        """Handle one message from the connection of ``mailbox`` (seated at ``seat``, or
        not yet); the connection's seat afterwards. A refusal is sent back to it as an
        error document, and changes nothing."""
        if seat is not None and self.seats[seat].mailbox is not mailbox:
            # The seat was taken back by a newer connection with its token.
            error = TableError("seat_taken_back", "another connection took this seat back")
            mailbox.send({"type": "error", "error": error.to_dict()})
            return None
        try:
            message = self._parse(text)
            kind = message.get("type")
            if kind == "join":
                return self.join(mailbox, seat, message)
            if kind == "move":
                if seat is None:
                    raise TableError("not_seated", 'join a seat first: {"type": "join", ...}')
                self.move(seat, message.get("action"))
                return seat
            raise TableError("bad_message", 'the message type is "join" or "move"', seat=seat)
        except TableError as exc:
            mailbox.send({"type": "error", "error": exc.to_dict()})
        except CardrulesError as exc:
            # A move the rules refuse: the library's own error document.
            mailbox.send({"type": "error", "error": exc.to_dict()})
        return seat

    def join(self, mailbox: Mailbox, current: int | None, message: Mapping[str, Any]) -> int:
        """Seat the connection: a free seat with a new token, or a seat taken back with
        its token (the older connection, if still open, is dropped from it)."""
        seat = message.get("seat")
        if current is not None:
            raise TableError("already_seated", "this connection holds a seat", seat=current)
        if type(seat) is not int or not 0 <= seat < len(self.seats):
            raise TableError("bad_seat", f"seat is a number from 0 to {len(self.seats) - 1}")
        place = self.seats[seat]
        token = message.get("token")
        starts = False
        if token is None:
            if place.token_digest is not None:
                raise TableError("seat_taken", "this seat is taken: join another", seat=seat)
            name = message.get("name")
            if name is not None and (
                not isinstance(name, str) or not 0 < len(name) <= MAX_NAME or not name.isprintable()
            ):
                raise TableError("bad_name", f"a name is 1 to {MAX_NAME} printable characters")
            token = secrets.token_urlsafe(16)
            place.name, place.token_digest = name, digest(token)
            self.save()
            starts = all(other.token_digest is not None for other in self.seats)
        elif not (
            isinstance(token, str)
            and place.token_digest is not None
            and hmac.compare_digest(digest(token), place.token_digest)
        ):
            raise TableError("bad_token", "this token is not this seat's", seat=seat)
        place.mailbox = mailbox
        mailbox.send({"type": "welcome", "seat": seat, "token": token, **self._about()})
        self._announce()
        if starts:
            # The last seat taken: the play starts, and every seat hears it.
            for to, view in self._views():
                self._send(to, view)
        else:
            mailbox.send(self._view_message(seat))
        if self._over:
            mailbox.send(self._match_over_message())
        return seat

    def leave(self, mailbox: Mailbox, seat: int | None) -> None:
        """The connection of ``mailbox`` closed: its seat waits for its player's return."""
        if seat is not None and self.seats[seat].mailbox is mailbox:
            self.seats[seat].mailbox = None
            self._announce()

    def move(self, seat: int, action: object) -> None:
        """Apply ``action`` for ``seat``: checked by the rules, with the seat the
        connection holds, so a client moves for its own seat only.

        Raises:
            TableError: not a move of notation, the table not full yet, or the match over.
            CardrulesError: the move the rules refuse (the state is unchanged).
        """
        if not isinstance(action, str):
            raise TableError(
                "bad_message", 'send {"type": "move", "action": "<notation>"}', seat=seat
            )
        if self._over:
            raise TableError("match_over", "the match is over", seat=seat)
        if any(place.token_digest is None for place in self.seats):
            raise TableError(
                "table_not_full", "the play starts once every seat is taken", seat=seat
            )
        self.state = self.state.apply(action, seat=seat)
        self.version += 1
        outgoing = self._end_deal() if self.state.is_terminal else self._views()
        # Saved before anyone hears of it: a restarted server knows every move a client saw.
        self.save()
        for to, message in outgoing:
            self._send(to, message)

    # -- the deals ----------------------------------------------------------------------

    def _end_deal(self) -> list[tuple[int, dict[str, Any]]]:
        """Sign and keep the deal's record, add its result to the match, and deal the
        next deal unless the match is over; the messages that say so: the deal's last
        views (the result in them), the result and the totals, then the next deal's
        views or the match's end."""
        number = len(self.match.results) + 1
        if isinstance(self.match, RecordedMatch):
            self.match = self.match.after_deal(self.state)
        else:
            meta = {**self._meta(), "deal": number}
            self.finished.append(sign_deal(self.state, key=self.storage.key, meta=meta))
            self.match = self.match.after(self.state.result())
        if self.storage.records_dir is not None:
            folder = self.storage.records_dir
            text = sign_match(self.match, key=self.storage.key, meta=self._meta())
            if text is not None:
                _write(folder / f"{self.table_id}-match.json", text)
            else:
                _write(folder / f"{self.table_id}-deal-{number:03}.json", self.finished[-1])
        outgoing = self._views()
        over = self._over
        deal_over = {
            "type": "deal_over",
            "deal": number,
            "result": self.state.view(0).to_dict()["result"],
            "totals": [json_number(total) for total in self.match.totals],
            "match_over": over,
        }
        outgoing += [(seat, deal_over) for seat in range(len(self.seats))]
        if over:
            ending = self._match_over_message()
            return outgoing + [(seat, ending) for seat in range(len(self.seats))]
        self.state = self.match.next_deal()
        self.version += 1
        return outgoing + self._views()

    def _meta(self) -> dict[str, Any]:
        """The table's data in its records: its id, the players' names, when."""
        return {
            "table": self.table_id,
            "players": [place.name for place in self.seats],
            "saved": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        }

    @property
    def _over(self) -> bool:
        played = len(self.match.results)
        return self.match.is_over or (self.deal_limit is not None and played >= self.deal_limit)

    # -- what clients receive -----------------------------------------------------------

    def _about(self) -> dict[str, Any]:
        return {
            "table": self.table_id,
            "variant": self.variant.id,
            "name": self.variant.name,
            "options": self.variant.options_json(),
            "seat_names": list(self.variant.info.seat_names),
        }

    def _view_message(self, seat: int) -> dict[str, Any]:
        """The seat's view of the deal in play: its own hand and the public facts."""
        return {
            "type": "view",
            "version": self.version,
            "deal": len(self.match.results) + (not self.state.is_terminal),
            "view": self.state.view(seat).to_dict(),
            "moves": seen_moves(self.state, seat),
        }

    def _match_over_message(self) -> dict[str, Any]:
        return {
            "type": "match_over",
            "deals": len(self.match.results),
            "totals": [json_number(total) for total in self.match.totals],
            "leaders": list(self.match.leaders),
            "winner": self.match.winner,
            "explain": self.match.explain(),
        }

    def _views(self) -> list[tuple[int, dict[str, Any]]]:
        """Each connected seat's view of the deal in play."""
        return [
            (seat, self._view_message(seat))
            for seat, place in enumerate(self.seats)
            if place.mailbox is not None
        ]

    def _announce(self) -> None:
        """Tell every connected seat who sits where (names, not tokens)."""
        seats = [
            {
                "seat": seat,
                "name": place.name,
                "taken": place.token_digest is not None,
                "connected": place.mailbox is not None,
            }
            for seat, place in enumerate(self.seats)
        ]
        for seat in range(len(self.seats)):
            self._send(seat, {"type": "table", "seats": seats})

    def _send(self, seat: int, message: Mapping[str, Any]) -> None:
        mailbox = self.seats[seat].mailbox
        if mailbox is not None:
            mailbox.send(message)

    # -- saving and resuming ------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The table as JSON: the match (:func:`save_match`: its signed match record),
        the deal in play as a signed record, the seats' names and token digests."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "table": self.table_id,
            "variant": self.variant.id,
            "options": self.variant.options_json(),
            "deal_limit": self.deal_limit,
            "changes": self.version,
            "match": save_match(
                self.match, self.start, self.finished, key=self.storage.key, meta=self._meta()
            ),
            "deal": records.dumps(self.state.record(), key=self.storage.key),
            "seats": [{"name": p.name, "token_sha256": p.token_digest} for p in self.seats],
        }

    def save(self) -> None:
        """Write :meth:`to_dict` to the save file, whole or not at all."""
        if self.storage.save_path is not None:
            _write(self.storage.save_path, json.dumps(self.to_dict()))

    @classmethod
    def restore(cls, document: Mapping[str, Any], storage: Storage) -> Table:
        """The table a save file describes, exactly as it was: its match replayed from
        its signed match record, the deal in play from its signed record (replayed
        through the rules), the seats waiting for their players' tokens.

        Raises:
            TableError: not a save of this server's, or a deal that is not the match's.
            CardrulesError: a match document or record the library refuses (a record
                signed with another key, changed, or illegal).
        """
        if document.get("format") != FORMAT or document.get("version") != VERSION:
            raise TableError("bad_save", f"not a {FORMAT} save, version {VERSION}")
        variant_class = cardrules.get_variant_class(str(document.get("variant")))
        options = document.get("options")
        if not isinstance(options, Mapping):
            raise TableError("bad_save", "the save's options are not an object")
        variant = variant_class.from_options_json(options)
        saved = document.get("match")
        if not isinstance(saved, Mapping):
            raise TableError("bad_save", "the save has no match")
        match = load_match(variant, saved, key=storage.key)
        state = records.final_state(
            records.loads(str(document.get("deal")), key=storage.key), variant=variant
        )
        if state.is_terminal:
            # A table that was over: its deal is the match's last one.
            ours = bool(match.results) and state.result() == match.results[-1]
        else:
            # The deal in play is the match's next deal, played on: same cards, dealer.
            ours = next(variant.replay(state.record())) == match.next_deal()
        if not ours:
            raise TableError("bad_save", "the deal in play is not the match's next deal")
        table_id, limit, changes = (document.get(k) for k in ("table", "deal_limit", "changes"))
        if not isinstance(table_id, str) or type(changes) is not int or changes < 0:
            raise TableError("bad_save", "the save's table id or change count is not valid")
        if limit is not None and (type(limit) is not int or limit < 1):
            raise TableError("bad_save", "the save's deal limit is not a positive number")
        return cls(
            variant=variant,
            match=match,
            state=state,
            storage=storage,
            table_id=table_id,
            start=dict(saved["start"]),
            seats=_saved_seats(document.get("seats"), variant.players),
            deal_limit=limit,
            version=changes,
            finished=list(saved.get("deals", [])),
        )

    def _parse(self, text: str | bytes) -> dict[str, Any]:
        if isinstance(text, bytes):
            raise TableError("bad_message", "send JSON text, not binary")
        try:
            message = json.loads(text)
        except (ValueError, RecursionError):
            raise TableError("bad_message", "the message is not JSON") from None
        if not isinstance(message, dict):
            raise TableError("bad_message", "the message is a JSON object")
        return message


def _saved_seats(seats: object, players: int) -> list[Seat]:
    if not isinstance(seats, list) or len(seats) != players:
        raise TableError("bad_save", "the save's seats are not one per player")
    restored = []
    for seat in seats:
        name = seat.get("name") if isinstance(seat, dict) else 0
        token = seat.get("token_sha256") if isinstance(seat, dict) else 0
        if not (name is None or isinstance(name, str)) or not (
            token is None or (isinstance(token, str) and len(token) == 64)
        ):
            raise TableError("bad_save", "a saved seat is not a name and a token digest")
        restored.append(Seat(name=name, token_digest=token))
    return restored


def _write(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all (a new file, then renamed)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile(
        "w", encoding="utf-8", dir=path.parent, prefix=f".{path.name}.", delete=False
    ) as file:
        file.write(text)
    os.replace(file.name, path)


# -- the WebSocket server -------------------------------------------------------------------


class Outbox:
    """A connection's queue of messages, sent in order by its own task, so that the
    table never waits on a client. A client that stops reading is disconnected."""

    def __init__(self, connection: ServerConnection) -> None:
        self.connection = connection
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(MAX_QUEUED)

    def send(self, message: Mapping[str, Any]) -> None:
        """Queue ``message``; a full queue ends the connection."""
        try:
            self.queue.put_nowait(json.dumps(message))
        except asyncio.QueueFull:
            self.connection.transport.abort()

    async def run(self) -> None:
        """Send what is queued until :meth:`close` (or the connection closes)."""
        with contextlib.suppress(ConnectionClosed):
            while (text := await self.queue.get()) is not None:
                await self.connection.send(text)

    def close(self) -> None:
        """Stop :meth:`run` once what is queued is sent."""
        with contextlib.suppress(asyncio.QueueFull):
            self.queue.put_nowait(None)


class TableServer:
    """A :class:`Table` served over WebSocket on ``host`` and ``port`` (0: a free one).

    ``async with TableServer(table, "127.0.0.1", 0) as server:`` serves until the block
    ends; :attr:`port` is the port it listens on.
    """

    def __init__(self, table: Table, host: str, port: int) -> None:
        self.table = table
        self.host = host
        self.port = port
        self._server: Server | None = None
        self._connections = 0

    async def __aenter__(self) -> TableServer:
        self._server = await serve(
            self.handle, self.host, self.port, max_size=MAX_MESSAGE_BYTES, compression=None
        )
        self.port = self._server.sockets[0].getsockname()[1]
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        assert self._server is not None
        self._server.close()
        await self._server.wait_closed()

    async def handle(self, connection: ServerConnection) -> None:
        """One connection, from its first message to its close."""
        if self._connections >= MAX_CONNECTIONS:
            await connection.close(1013, "the table has too many connections")
            return
        self._connections += 1
        outbox = Outbox(connection)
        writer = asyncio.create_task(outbox.run())
        seat: int | None = None
        try:
            with contextlib.suppress(ConnectionClosed):
                async for text in connection:
                    seat = self.table.receive(outbox, seat, text)
        finally:
            self._connections -= 1
            self.table.leave(outbox, seat)
            outbox.close()
            await writer


def _parse_options(pairs: Sequence[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for pair in pairs:
        name, equals, value = pair.partition("=")
        if not equals:
            raise SystemExit(f"--option takes NAME=VALUE, not {pair!r}")
        try:
            options[name] = json.loads(value)
        except ValueError:
            options[name] = value
    return options


def _key(args: argparse.Namespace) -> bytes:
    if args.key_file is not None:
        key = Path(args.key_file).read_bytes().strip()
    else:
        key = os.environ.get(args.key_env, "").encode()
    if not key:
        raise SystemExit(
            f"set the key that signs the records in ${args.key_env}, or give --key-file"
        )
    return key


async def serve_table(table: Table, host: str, port: int) -> None:
    """Serve ``table`` until cancelled (Ctrl-C)."""
    async with TableServer(table, host, port) as server:
        print(
            f"table {table.table_id}: {table.variant.name} on ws://{host}:{server.port}", flush=True
        )
        await asyncio.Future()


def main(argv: list[str] | None = None) -> None:
    """Serve a new table, or one resumed from its save file."""
    parser = argparse.ArgumentParser(description="A WebSocket table for one match.")
    parser.add_argument("--variant", default="bid-euchre", help="default: %(default)s")
    parser.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="a variant option"
    )
    parser.add_argument("--seed", type=int, help="the match's seed (default: random)")
    parser.add_argument("--deals", type=int, help="end the table after this many deals")
    parser.add_argument("--save", type=Path, help="the save file, written after every change")
    parser.add_argument("--resume", type=Path, help="resume from this save file (and save there)")
    parser.add_argument("--records", type=Path, help="the folder of the signed deal records")
    parser.add_argument("--key-env", default=KEY_ENV, help="the key's variable (%(default)s)")
    parser.add_argument("--key-file", type=Path, help="or a file that holds the key")
    parser.add_argument("--host", default="127.0.0.1", help="default: %(default)s")
    parser.add_argument("--port", type=int, default=8765, help="default: %(default)s")
    args = parser.parse_args(argv)
    storage = Storage(_key(args), args.resume or args.save, args.records)
    try:
        if args.resume is not None:
            table = Table.restore(json.loads(args.resume.read_text(encoding="utf-8")), storage)
        else:
            variant = cardrules.get_variant(args.variant, **_parse_options(args.option))
            table = Table.new(variant, storage, seed=args.seed, deal_limit=args.deals)
    except (CardrulesError, TableError, ValueError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        raise SystemExit(2) from None
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(serve_table(table, args.host, args.port))


if __name__ == "__main__":
    main()
