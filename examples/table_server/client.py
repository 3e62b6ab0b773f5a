"""A scripted player for the table of ``server.py``: it claims a seat, plays a random
legal move whenever its view says it is to play, and prints what the table tells it.

It reads only the envelope of the views (``to_play``, ``seat``, ``legal_actions``,
``stage``), so it plays every variant. Four of them make a table::

    for seat in 0 1 2 3; do
        python examples/table_server/client.py ws://127.0.0.1:8765 --seat $seat &
    done

It prints its seat's token when it joins; ``--token`` takes the seat back after a
disconnection. It stops when the match is over.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
from typing import Any

from websockets.asyncio.client import ClientConnection, connect


def choose(message: dict[str, Any], rng: random.Random) -> str | None:
    """The move to send for a ``view`` message: a random legal action when the view's
    seat is to play, else None.

    >>> view = {"seat": 1, "to_play": 1, "legal_actions": ["pass", "bid 3"]}
    >>> choose({"type": "view", "view": view}, random.Random(0)) in view["legal_actions"]
    True
    >>> choose({"type": "view", "view": {**view, "to_play": 2}}, random.Random(0)) is None
    True
    """
    view = message["view"]
    if view["to_play"] != view["seat"] or not view["legal_actions"]:
        return None
    return str(rng.choice(view["legal_actions"]))


def describe(message: dict[str, Any]) -> str:
    """One line for a message of the table."""
    kind = message["type"]
    if kind == "view":
        view = message["view"]
        names = view["seat_names"]
        to_play = "nobody" if view["to_play"] is None else names[view["to_play"]]
        return f"deal {message['deal']}, {view['stage']}: {to_play} to play, hand {view['hand']}"
    if kind == "deal_over":
        summary = message["result"]["summary"]
        return f"deal {message['deal']} over: {summary}; totals {message['totals']}"
    if kind == "match_over":
        return f"match over after {message['deals']} deals:\n{message['explain']}"
    if kind == "error":
        return f"refused: {message['error']['message']} ({message['error']['code']})"
    if kind == "welcome":
        return f"seated at {message['seat']} of {message['name']}, token {message['token']}"
    return json.dumps(message)


async def play(connection: ClientConnection, rng: random.Random, *, quiet: bool = False) -> None:
    """Play from the connection's messages until the match is over."""
    async for text in connection:
        message = json.loads(text)
        if not quiet and message["type"] != "table":
            print(describe(message), flush=True)
        if message["type"] == "match_over":
            return
        if message["type"] == "view" and (action := choose(message, rng)) is not None:
            await connection.send(json.dumps({"type": "move", "action": action}))


async def run(url: str, seat: int, name: str | None, token: str | None, seed: int | None) -> None:
    """Join ``seat`` (or take it back with ``token``) and play."""
    # proxy=None: the table is reached directly, whatever the environment's proxy says.
    async with connect(url, proxy=None) as connection:
        join: dict[str, Any] = {"type": "join", "seat": seat}
        if token is not None:
            join["token"] = token
        elif name is not None:
            join["name"] = name
        await connection.send(json.dumps(join))
        await play(connection, random.Random(seed))


def main(argv: list[str] | None = None) -> None:
    """Connect to a table and play one seat."""
    parser = argparse.ArgumentParser(description="A scripted player for the WebSocket table.")
    parser.add_argument("url", help="the table, such as ws://127.0.0.1:8765")
    parser.add_argument("--seat", type=int, required=True)
    parser.add_argument("--name", help="the player's name")
    parser.add_argument("--token", help="take the seat back with its token")
    parser.add_argument("--seed", type=int, help="for the same random moves again")
    args = parser.parse_args(argv)
    asyncio.run(run(args.url, args.seat, args.name, args.token, args.seed))


if __name__ == "__main__":
    main()
