"""Games at the terminal: deals and matches narrated as they are played, and replays.

:func:`play_series` plays a sitting at the table: the variant's own match, from
:meth:`~cardrules.Variant.new_match`, until it is over (one French Tarot deal, dealt
again while deals are annulled; a Bid Euchre match to the target score), or one deal of
a variant without match rules of its own. No code here names a variant: what differs
between games is asked of the match or of the variant's presenter. Each
seat's moves come from a *chooser*: a bot, or the person at the keyboard
(:mod:`cardrules.cli._play`). :func:`replay_records` validates saved records through the
rules and narrates them.

>>> import io
>>> import cardrules
>>> from cardrules.bots import RandomBot
>>> out = io.StringIO()
>>> variant = cardrules.get_variant("bid-euchre")
>>> bots = bot_chooser([RandomBot()] * 4)
>>> states = play_series(variant, 1, bots, out=out, max_deals=2)
>>> len(states), "Hand 1" in out.getvalue()
(2, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Final, TextIO

from cardrules.actions import Action
from cardrules.cli._common import deal_rng
from cardrules.cli._present import Presenter, presenter_for
from cardrules.errors import GameOverError, RecordError
from cardrules.match import Match, Series
from cardrules.records import Record, replay
from cardrules.state import State, Variant

__all__ = [
    "MAX_DEALS",
    "Chooser",
    "Sitting",
    "bot_chooser",
    "make_bots",
    "play_series",
    "replay_records",
]

MAX_DEALS: Final = 200
"""The most deals (hands) one sitting plays before it stops without a winner."""

Chooser = Callable[[State, random.Random], Action]
"""Picks the action of the seat to play in a state, drawing on the deal's generator."""


def bot_chooser(bots: Sequence[Any]) -> Chooser:
    """A chooser that asks ``bots[seat]`` for each seat's move, as ``play_game`` does.

    Args:
        bots: One :class:`~cardrules.bots.Bot` per seat.

    Returns:
        The chooser.
    """

    def choose(state: State, rng: random.Random) -> Action:
        seat = state.to_play
        if seat is None:
            raise GameOverError("the game is over: no move to choose")
        action: Action = bots[seat].choose(state.view(seat), state.legal_actions(), rng)
        return action

    return choose


def make_bots(variant: Variant, kinds: Sequence[str]) -> tuple[list[Any], str | None]:
    """One bot per seat of the given kinds, with a note when a kind had to change.

    A variant without a heuristic bot (a plugin) gets random bots instead.

    Args:
        variant: The variant.
        kinds: One kind per seat (``"heuristic"`` or ``"random"``).

    Returns:
        The bots, and the note to print (``None`` when every kind was available).

    Raises:
        OptionsError: an unknown kind of bot.

    >>> import cardrules
    >>> make_bots(cardrules.get_variant("bid-euchre"), ["random"] * 4)[0][0]
    RandomBot()
    """
    from cardrules.bots import bot_for
    from cardrules.errors import UnknownVariantError

    bots = []
    note = None
    for kind in kinds:
        try:
            bots.append(bot_for(variant.id, kind))
        except UnknownVariantError:
            bots.append(bot_for(variant.id, "random"))
            note = f"{variant.name} has no heuristic bot: random bots play instead."
    return bots, note


def _deal_header(presenter: Presenter, state: State, viewer: int | None) -> list[str]:
    lines = [f"{presenter.seat(state.dealer)} deals."]
    if viewer is None:
        lines += presenter.deal_lines(state)
    return lines


class Sitting:
    """One sitting of a variant: a Tarot deal, a Bid Euchre match, or one deal.

    Deal ``k`` is shuffled by :func:`~cardrules.cli._common.deal_rng` ``(seed, k)``,
    which then drives the bots of that deal. The deals played so far and the deal in
    progress stay available (:attr:`finals`, :attr:`current`) when the sitting is cut
    short, so that they can be saved.

    Args:
        variant: The variant and its options.
        seed: The seed of the sitting.
        choose: Picks every move.
        out: Where the narration goes.
        viewer: The seat of the person playing, ``None`` for a demo.
        compact: One line per trick rather than one per card.
        max_deals: Stop after this many deals (hands) without a winner.

    Attributes:
        finals: The final state of every deal finished, in order.
        current: The latest state of the deal being played, ``None`` before the first.
        match: The match once the sitting has ended.
    """

    def __init__(
        self,
        variant: Variant,
        seed: int,
        choose: Chooser,
        *,
        out: TextIO,
        viewer: int | None = None,
        compact: bool = False,
        max_deals: int = MAX_DEALS,
    ) -> None:
        self.variant = variant
        self.seed = seed
        self.choose = choose
        self.out = out
        self.viewer = viewer
        self.compact = compact
        self.max_deals = max_deals
        self.presenter = presenter_for(variant)
        self.finals: list[State] = []
        self.current: State | None = None
        self.match: Match | None = None

    def _say(self, *lines: str) -> None:
        for line in lines:
            print(line, file=self.out)

    def play(self) -> list[State]:
        """Play the sitting to its end; returns :attr:`finals`.

        The variant's own match (:meth:`~cardrules.Variant.new_match`) says when the
        sitting is over: a French Tarot deal that is not annulled, a Bid Euchre match
        won. A variant with no match rules of its own plays one deal.
        """
        presenter = self.presenter
        match = self.variant.new_match()
        if type(match) is Series:
            match = Series(self.variant, deals=1)
        self._say(*presenter.match_intro(match))
        for index in range(self.max_deals):
            if match.is_over:
                break
            self._say(*presenter.deal_intro(match, index + 1))
            rng = deal_rng(self.seed, index)
            final = self.play_deal(match.next_deal(rng), rng)
            match = match.after(final.result())
        self.match = match
        if match.is_over:
            self._say(*presenter.match_lines(match))
        else:
            self._say(*presenter.stopped_lines(match, self.max_deals))
        if self.viewer is not None and self.finals:
            self._say("", *presenter.outcome_lines(match, self.finals[-1], self.viewer))
        return self.finals

    def play_deal(self, state: State, rng: random.Random) -> State:
        """Play one deal to the end, printing each event as the viewer may see it.

        Args:
            state: The first state of the deal.
            rng: The deal's generator, passed to the chooser.

        Returns:
            The final state, also appended to :attr:`finals`.
        """
        presenter, viewer = self.presenter, self.viewer
        self._say(*_deal_header(presenter, state, viewer))
        while True:
            self.current = state
            seat = state.to_play
            if seat is None:
                break
            action = self.choose(state, rng)
            after = state.apply(action, seat)
            self._say(
                *presenter.event_lines(state, seat, action, after, viewer, compact=self.compact)
            )
            state = after
        self.finals.append(state)
        self._say("", *presenter.result_lines(state))
        return state


def play_series(
    variant: Variant,
    seed: int,
    choose: Chooser,
    *,
    out: TextIO,
    viewer: int | None = None,
    compact: bool = False,
    max_deals: int = MAX_DEALS,
) -> list[State]:
    """Play one :class:`Sitting` of ``variant`` and return the final state of each deal.

    Args:
        variant: The variant and its options.
        seed: The seed of the sitting.
        choose: Picks every move.
        out: Where the narration goes.
        viewer: The seat of the person playing, ``None`` for a demo.
        compact: One line per trick rather than one per card.
        max_deals: Stop after this many deals (hands) without a winner.

    Returns:
        The final state of every deal played, in order.
    """
    sitting = Sitting(
        variant, seed, choose, out=out, viewer=viewer, compact=compact, max_deals=max_deals
    )
    return sitting.play()


def replay_records(records: Sequence[Record], *, out: TextIO) -> list[State]:
    """Replay ``records`` through the rules and narrate them with full information.

    Consecutive Bid Euchre hands are also added up as a match.

    Args:
        records: The records, in order.
        out: Where the narration goes.

    Returns:
        The final state of each record.

    Raises:
        RecordError: a record is malformed, tampered or illegal (the message says
            which record when there are several).
    """
    finals: list[State] = []
    for number, record in enumerate(records, 1):
        try:
            finals.append(_replay_one(record, out, number if len(records) > 1 else None))
        except RecordError as exc:
            where = f"record {number}: " if len(records) > 1 else ""
            raise RecordError(f"{where}{exc}") from None
    if len(finals) > 1:
        _replayed_match(finals, out)
    return finals


def _replay_one(record: Record, out: TextIO, number: int | None) -> State:
    states = replay(record)
    state = next(states)
    variant = state.variant
    presenter = presenter_for(variant)
    title = f"Record {number}: " if number is not None else ""
    print(f"{title}{presenter.title()}, rules version {record.rules_version}", file=out)
    for line in _deal_header(presenter, state, None):
        print(line, file=out)
    try:
        for after in states:
            seat, action = after.history[-1]
            for line in presenter.event_lines(state, seat, action, after, None, compact=True):
                print(line, file=out)
            state = after
    except RecordError as exc:
        # The rules' message, with the seats named as the transcript names them.
        raise RecordError(presenter.message(str(exc))) from None
    print(file=out)
    if state.is_terminal:
        for line in presenter.result_lines(state):
            print(line, file=out)
    else:
        print(f"The game is not over: {presenter.seat(state.to_play or 0)} is to play.", file=out)
    print(file=out)
    return state


def _replayed_match(finals: Sequence[State], out: TextIO) -> None:
    first = finals[0]
    presenter = presenter_for(first.variant)
    match = presenter.replay_match(first)
    if match is None:
        return
    for number, final in enumerate(finals, 1):
        if final.variant != first.variant:
            raise RecordError(f"record {number} is not a deal of the same match")
        if not final.is_terminal:
            raise RecordError(f"record {number} is an unfinished deal in the middle of a match")
        if final.dealer != match.dealer:
            raise RecordError(
                f"record {number} is dealt by {presenter.seat(final.dealer)}; the match's "
                f"dealer is {presenter.seat(match.dealer)}"
            )
        if match.is_over:
            raise RecordError(f"record {number} follows the end of the match")
        match = match.after(final.result())
    for line in presenter.match_lines(match):
        print(line, file=out)


def analyse_records(
    records: Sequence[Record], *, out: TextIO, horizon: int | None, as_json: bool
) -> None:
    """Analyse the card play of each record's deal (:func:`cardrules.solving.analyse`)
    and write it to ``out``: one line per decision and each seat's loss, or JSON.

    Raises:
        RecordError: a record is malformed, tampered or illegal.
        UnknownVariantError: a record's variant has no solver.
        WrongPhaseError: a record's deal is not over.
    """
    import json

    from cardrules.solving import analyse

    results: list[dict[str, Any]] = []
    for number, record in enumerate(records, 1):
        where = f"record {number}: " if len(records) > 1 else ""
        try:
            *_, final = replay(record)
        except RecordError as exc:
            raise RecordError(f"{where}{exc}") from None
        analysis = analyse(final, horizon=horizon)
        if as_json:
            results.append({"variant": final.variant.id, **analysis.to_dict()})
            continue
        variant = final.variant
        seats = presenter_for(variant)
        unit = "tricks" if analysis.unit == "tricks" else "points (M)"
        print(
            f"{where}{variant.name}, {variant.players} players: the card play from "
            f"{analysis.horizon} tricks before the end, in {unit}",
            file=out,
        )
        for d in analysis.decisions:
            verdict = (
                "best"
                if d.loss == 0
                else f"lost {_amount(d.loss)} ({_amount(d.best_value)} with "
                f"{', '.join(variant.action_text(a) for a in d.best)})"
            )
            print(
                f"  {d.tricks_left:>2} left  {seats.seat(d.seat):<8} "
                f"{variant.action_text(d.action):<10} {_amount(d.value):>6}  {verdict}",
                file=out,
            )
        if analysis.unsolved:
            print(f"  {analysis.unsolved} decision(s) too deep to solve", file=out)
        losses = ", ".join(
            f"{seats.seat(s)} {_amount(loss)}" for s, loss in enumerate(analysis.losses)
        )
        print(f"  Lost: {losses}", file=out)
    if as_json:
        print(json.dumps(results if len(results) != 1 else results[0], indent=2), file=out)


def _amount(value: Any) -> str:
    """A value of the solver: an int, or a Fraction shown with one decimal."""
    return str(value) if isinstance(value, int) else f"{float(value):.1f}"
