"""The envelope: the top-level keys every document of a kind shares, in every variant.

A view document (``state.view(seat).to_dict()``), a result document
(``state.result().to_dict()``), a match document (``match.to_dict()``), a record
(``state.record().to_dict()``) and an error document (``error.to_dict()``) of any
variant, built-in or plugin, start with the same keys for their kind, with the same
meaning: the envelope. A client that reads only them plays every
registered variant. The game's own detail sits under one more key named for the game
(:func:`game_key`: ``"tarot"``, ``"bid_euchre"``), in its own words.

The envelope is filled here, from what the game declares (its
:class:`~cardrules.info.GameInfo`: seat names) and from the view's shared fields; a
variant supplies only its mapping (its phases to :data:`STAGES`, its contract and the
seat that holds it). Keys a document had before the envelope keep their meaning, so
where a game already used a name for something else the envelope has its own word:
``stage`` (the game's ``phase`` stays), ``tricks_by_seat`` (a partnership game's
``tricks_won`` counts per team).

>>> import cardrules
>>> state = cardrules.get_variant("bid-euchre").new_game(seed=5)
>>> document = state.view(1).to_dict()
>>> {key: document[key] for key in ("variant", "seat_names", "stage", "to_play")}
{'variant': 'bid-euchre', 'seat_names': ['N', 'E', 'S', 'W'], 'stage': 'auction', 'to_play': 1}
>>> document["bid_euchre"]["phase"], document["hand_sizes"]
('auction', [6, 6, 6, 6])
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Final

from cardrules._documents import cards, match_header, number, seated, whole
from cardrules.actions import Action
from cardrules.cards import Card
from cardrules.errors import InvalidArgumentError

__all__ = [
    "ERROR_KEYS",
    "MATCH_KEYS",
    "RECORD_KEYS",
    "RESULT_KEYS",
    "STAGES",
    "VIEW_KEYS",
    "game_key",
    "match_envelope",
    "result_document",
    "result_envelope",
    "view_envelope",
]

STAGES: Final = ("deal", "auction", "exchange", "play", "end")
"""The shared vocabulary of a deal's phases (the envelope's ``stage``), in order:

* ``"deal"``: what follows the deal before any bid (a claim that throws the hand in, a
  discard of the dealer's extra card);
* ``"auction"``: bidding, and what fixes the contract (a called card, the trump named);
* ``"exchange"``: cards change hands before the play (an écart, a partner's help);
* ``"play"``: the tricks, with what is declared on the way (a slam, a poignée);
* ``"end"``: the deal is over; the document's ``result`` is set.
"""

VIEW_KEYS: Final = (
    "variant",
    "options",
    "seat",
    "players",
    "seat_names",
    "dealer",
    "stage",
    "to_play",
    "hand",
    "hand_sizes",
    "legal_actions",
    "trick",
    "last_trick",
    "tricks_by_seat",
    "contract",
    "declarer",
    "result",
)
"""The envelope of a view document, in order (the game's key follows them)."""

RESULT_KEYS: Final = (
    "variant",
    "players",
    "seat_names",
    "contract",
    "declarer",
    "returns",
    "scores",
    "summary",
    "explain",
)
"""The envelope of a result document, in order (the game's key follows them)."""

MATCH_KEYS: Final = (
    "variant",
    "options",
    "players",
    "seat_names",
    "seed",
    "require_seat",
    "first_dealer",
    "dealer",
    "deals",
    "totals",
    "leaders",
    "is_over",
    "winners",
    "results",
)
"""The envelope of a match document (``match.to_dict()``), in order, after its
``format`` and ``schema`` (the game's key follows them)."""

RECORD_KEYS: Final = ("variant", "options", "players", "seat_names", "dealer", "meta")
"""The envelope of a record (``record.to_dict()``, the text of ``cardrules.dumps``) and of
a match record: the keys they share, among their own."""

ERROR_KEYS: Final = ("variant", "code", "rule_id", "seat", "action", "message")
"""The keys of an error document (``error.to_dict()``), in order."""


def game_key(variant_id: str) -> str:
    """The key of a game's own detail in its documents: its id, ``-`` written ``_``.

    >>> game_key("bid-euchre"), game_key("tarot")
    ('bid_euchre', 'tarot')
    """
    return variant_id.replace("-", "_")


def view_envelope(  # noqa: PLR0913 - one keyword per key of the envelope
    variant: Any,
    *,
    seat: int,
    dealer: int,
    stage: str,
    to_play: int | None,
    hand: Iterable[Card],
    hand_sizes: Iterable[int],
    legal_actions: Iterable[Action],
    trick: Iterable[tuple[int, Card]],
    last_trick: Iterable[tuple[int, Card]],
    tricks_by_seat: Iterable[int],
    contract: str | None,
    declarer: int | None,
    result: dict[str, Any] | None,
) -> dict[str, Any]:
    """The envelope of a view document, as JSON values, in :data:`VIEW_KEYS` order.

    Args:
        variant: The view's variant: its ``id``, ``options_json()`` and ``info``
            (``players``, ``seat_names``) fill the table's keys.
        seat: The viewing seat.
        dealer: The dealer.
        stage: One of :data:`STAGES`.
        to_play: The seat to act, ``None`` at the end.
        hand: The viewer's cards.
        hand_sizes: How many cards each seat holds (counts only).
        legal_actions: The viewer's legal actions when it is to act, else none.
        trick: The trick in progress as ``(seat, card)``.
        last_trick: The last finished trick as ``(seat, card)``, empty before one.
        tricks_by_seat: The tricks each seat has taken.
        contract: The contract's notation once fixed, else ``None``.
        declarer: The seat that holds the contract, else ``None``.
        result: The result document at the end, else ``None``.

    Raises:
        InvalidArgumentError: ``stage`` is not one of :data:`STAGES` (a variant's
            mapping that is wrong).

    >>> import cardrules
    >>> envelope = view_envelope(
    ...     cardrules.get_variant("bid-euchre"), seat=2, dealer=0, stage="play",
    ...     to_play=1, hand=(), hand_sizes=(1, 1, 0, 1), legal_actions=(), trick=(),
    ...     last_trick=(), tricks_by_seat=(2, 1, 0, 2), contract="4", declarer=1,
    ...     result=None)
    >>> envelope["seat_names"][envelope["declarer"]], list(envelope) == list(VIEW_KEYS)
    ('E', True)
    """
    if stage not in STAGES:
        raise InvalidArgumentError(f"stage is one of {', '.join(STAGES)}, not {stage!r}")
    info = variant.info
    return {
        "variant": variant.id,
        "options": variant.options_json(),
        "seat": seat,
        "players": info.players,
        "seat_names": list(info.seat_names),
        "dealer": dealer,
        "stage": stage,
        "to_play": to_play,
        "hand": cards(hand),
        "hand_sizes": list(hand_sizes),
        "legal_actions": [variant.action_text(action) for action in legal_actions],
        "trick": seated(trick),
        "last_trick": seated(last_trick),
        "tricks_by_seat": list(tricks_by_seat),
        "contract": contract,
        "declarer": declarer,
        "result": result,
    }


def result_envelope(
    variant_id: str,
    *,
    seat_names: Sequence[str] | int,
    contract: str | None,
    declarer: int | None,
    returns: Iterable[float],
    scores: Iterable[Any],
    summary: str,
    explain: str,
) -> dict[str, Any]:
    """The envelope of a result document, as JSON values, in :data:`RESULT_KEYS` order.

    Args:
        variant_id: The variant's id.
        seat_names: How the table names each seat (:attr:`GameInfo.seat_names
            <cardrules.info.GameInfo.seat_names>`), or the number of seats when they go
            by their numbers (the declaration's default); their number is ``players``.
        contract: The contract's notation, ``None`` when the deal had none.
        declarer: The seat that held it, else ``None``.
        returns: Each seat's return (``state.returns()``), written as a whole number
            when it is one.
        scores: Each seat's score in the game's units (ints, or a half point as a float).
        summary: The result's one-line summary.
        explain: Its explanation, a few lines.

    >>> envelope = result_envelope("whist", seat_names=2, contract=None, declarer=None,
    ...     returns=(1.0, -1.0), scores=(1, 0), summary="s", explain="e")
    >>> envelope["seat_names"], envelope["returns"]
    (['0', '1'], [1, -1])
    """
    names = (
        [str(seat) for seat in range(seat_names)]
        if isinstance(seat_names, int)
        else list(seat_names)
    )
    return {
        "variant": variant_id,
        "players": len(names),
        "seat_names": names,
        "contract": contract,
        "declarer": declarer,
        "returns": [whole(r) for r in returns],
        "scores": [number(s) for s in scores],
        "summary": summary,
        "explain": explain,
    }


def match_envelope(  # noqa: PLR0913 - one keyword per key of the envelope
    variant: Any,
    *,
    seed: int | None,
    require_seat: bool,
    first_dealer: int,
    dealer: int,
    totals: Iterable[Any],
    leaders: Iterable[int],
    is_over: bool,
    winners: Iterable[int],
    results: Iterable[dict[str, Any]],
) -> dict[str, Any]:
    """The envelope of a match document, as JSON values: its ``format`` and ``schema``,
    then :data:`MATCH_KEYS` in order.

    Args:
        variant: The match's variant: its ``id``, ``options_json()`` and ``info``
            (``players``, ``seat_names``) fill the table's keys.
        seed: The match's seed, or None.
        require_seat: Whether every deal requires the acting seat.
        first_dealer: The seat that dealt (or deals) the first deal.
        dealer: The seat that deals next.
        totals: Each seat's running total (ints, half points as Fractions or floats).
        leaders: The seats in the lead.
        is_over: Whether the match has ended.
        winners: The seats that won (partners together); none while the match goes
            on, or when it ended level.
        results: Each deal's result document, in order (their number is ``deals``).

    >>> import cardrules
    >>> envelope = match_envelope(
    ...     cardrules.get_variant("bid-euchre"), seed=None, require_seat=False,
    ...     first_dealer=0, dealer=1, totals=(4, -4, 4, -4), leaders=(0, 2), is_over=False,
    ...     winners=(), results=[{}])
    >>> envelope["deals"], envelope["seat_names"], list(envelope)[2:] == list(MATCH_KEYS)
    (1, ['N', 'E', 'S', 'W'], True)
    """
    info = variant.info
    documents = list(results)
    return {
        **match_header(variant.id),
        "options": variant.options_json(),
        "players": info.players,
        "seat_names": list(info.seat_names),
        "seed": seed,
        "require_seat": require_seat,
        "first_dealer": first_dealer,
        "dealer": dealer,
        "deals": len(documents),
        "totals": [whole(t) if type(t) is float else number(t) for t in totals],
        "leaders": list(leaders),
        "is_over": is_over,
        "winners": list(winners),
        "results": documents,
    }


def result_document(
    variant: Any, result: Any, *, contract: str | None = None, declarer: int | None = None
) -> dict[str, Any]:
    """The result document of a game on the kit: the envelope from the
    :class:`~cardrules.Result` roles (``returns``, ``summary``, ``explain()``; ``scores``
    when the result has them per seat, else the returns), then the result's own
    ``to_dict()``, if it has one, under the game's key.

    Args:
        variant: The deal's variant (its ``id`` and ``info.seat_names``).
        result: The deal's result.
        contract: The contract's notation, when the game has one.
        declarer: The seat that held it.

    >>> import cardrules
    >>> from cardrules.tarot import DealFacts, score_deal
    >>> result = score_deal(DealFacts(players=4, contract="garde", taker=0, points=45, bouts=2))
    >>> document = result_document(cardrules.get_variant("tarot"), result, contract="garde")
    >>> document["scores"], document["contract"], document["tarot"]["base"]
    ([174, -58, -58, -58], 'garde', 58)
    """
    returns = tuple(result.returns)
    own_scores = getattr(result, "scores", None)
    scores = own_scores if own_scores is not None and len(own_scores) == len(returns) else returns
    own = result.to_dict() if callable(getattr(result, "to_dict", None)) else {}
    return {
        **result_envelope(
            variant.id,
            seat_names=variant.info.seat_names,
            contract=contract,
            declarer=declarer,
            returns=returns,
            scores=scores,
            summary=result.summary,
            explain=result.explain(),
        ),
        game_key(variant.id): own,
    }
