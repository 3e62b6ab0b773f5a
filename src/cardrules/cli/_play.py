"""``cardrules play``: a game at the terminal, one person against bots.

The person's seat is asked for its move with its hand (sorted), the public facts (bids,
contract, the current trick) and the legal actions, numbered. An answer is a number or
an action in notation (``play 9H``, or just ``9H`` for a card, ``garde`` for a bid: a
lone word is read as the argument of a legal action's verb). Anything the rules refuse
is answered with the reason, rule ID included, in the table's own seat names, and asked
again: nothing a person types ends the game with a traceback. ``?`` shows the game's
own help, a legend of its cards and the table again, ``q`` quits, and so does the end
of input (exit status 0, after a message). A single legal action is played without
asking, unless ``auto_single`` is off.

>>> import io
>>> import cardrules
>>> out = io.StringIO()
>>> status = run_play(
...     cardrules.get_variant("bid-euchre"), seat=0, seed=3, save=None,
...     inp=io.StringIO("?\\nbid 9\\n"), out=out,
... )
>>> status, "End of input" in out.getvalue()
(0, True)
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from typing import Final, TextIO

from cardrules._util import quote
from cardrules.actions import Action
from cardrules.cli._common import brief, write_records
from cardrules.cli._games import Sitting, bot_chooser, make_bots
from cardrules.cli._present import Presenter, format_choices, presenter_for
from cardrules.errors import IllegalActionError, NotationError
from cardrules.state import State, Variant

__all__ = ["Person", "run_play"]

_NUMBER: Final = re.compile(r"[0-9]+")


class _QuitError(Exception):
    """The person asked to quit."""


class Person:
    """The chooser of the person at the keyboard, for one seat.

    Args:
        seat: The person's seat.
        presenter: Shows the table.
        inp: Where answers are read from; ``None`` for the terminal (with line editing).
        out: Where the table and the questions are written.
        auto_single: Play a single legal action without asking.
    """

    def __init__(
        self,
        seat: int,
        presenter: Presenter,
        inp: TextIO | None,
        out: TextIO,
        *,
        auto_single: bool = True,
    ) -> None:
        self.seat = seat
        self.presenter = presenter
        self.inp = inp
        self.out = out
        self.auto_single = auto_single
        self.told_auto_single = False

    def _say(self, text: str = "") -> None:
        print(text, file=self.out)

    def _ask(self) -> str:
        if self.inp is None:
            return input("> ")
        self.out.write("> ")
        self.out.flush()
        line = self.inp.readline()
        if not line:
            raise EOFError
        # Answers read from a file or a pipe are not echoed by a terminal: echo them, so
        # that the transcript shows what was answered.
        self.out.write(line if line.endswith("\n") else line + "\n")
        return line

    def choices(self, state: State) -> list[Action]:
        """The legal actions in the order they are numbered (cards as the hand shows them)."""
        return self.presenter.order_actions(state.legal_actions(), state.view(self.seat))

    def show(self, state: State) -> None:
        """Print the person's hand, the public facts and the numbered legal actions."""
        view = state.view(self.seat)
        presenter = self.presenter
        self._say()
        self._say(f"-- Your turn, {presenter.seat(self.seat)} --")
        self._say(f"Your hand: {presenter.hand_text(view.hand, view)}")
        for line in presenter.status_lines(view):
            self._say(line)
        self._say("Legal actions:")
        for line in format_choices(self.choices(state), text=state.variant.action_text):
            self._say(line)

    def parse(self, state: State, text: str, legal: Sequence[Action]) -> Action:
        """The action an answer names: a number from the list, or notation.

        A lone word that is not an action is read as the argument of each verb of the
        legal actions, ``play`` first (``9H`` as ``play 9H``, ``moon`` as ``bid moon``):
        the legal action it names, else the first it spells, for the rules to say why it
        is refused.

        Raises:
            NotationError: the answer is neither; the message quotes the answer.
        """
        if _NUMBER.fullmatch(text):
            # A number of more digits than any list has is not turned into an int at all.
            if len(text) <= 4 and 1 <= int(text) <= len(legal):
                return legal[int(text) - 1]
            shown = text if len(text) <= 4 else quote(text)
            raise NotationError(f"there is no action number {shown}: choose 1 to {len(legal)}")
        variant = state.variant
        try:
            return variant.parse_action(text)
        except NotationError:
            if " " in text:
                raise
        verbs = dict.fromkeys(["play", *(action.verb for action in legal)])
        spelled = []
        for verb in verbs:
            try:
                spelled.append(variant.parse_action(f"{verb} {text}"))
            except NotationError:
                continue
        for action in spelled:
            if action in legal:
                return action
        if spelled:
            return spelled[0]
        raise NotationError(f"{quote(text)} is not an action or a card of {variant.name}")

    def __call__(self, state: State, rng: random.Random) -> Action:
        """Ask for the person's move until the rules accept one."""
        legal = self.choices(state)
        presenter = self.presenter
        if self.auto_single and len(legal) == 1:
            if not self.told_auto_single:
                self._say("(Your only legal action is played for you: see --no-auto-single.)")
                self.told_auto_single = True
            return legal[0]
        self.show(state)
        while True:
            text = " ".join(self._ask().split())
            if not text:
                continue
            if text in ("?", "help", "h"):
                for line in presenter.help_lines():
                    self._say(line)
                self.show(state)
                continue
            if text.lower() in ("q", "quit", "exit"):
                raise _QuitError
            try:
                action = self.parse(state, text, legal)
                state.check(action, self.seat)
            except IllegalActionError as exc:
                self._say(f"  Not allowed: {presenter.message(str(exc))} [{exc.code}]")
                continue
            except NotationError as exc:
                self._say(f"  Not understood: {presenter.message(str(exc))} ('?' for help)")
                continue
            return action


def run_play(
    variant: Variant,
    *,
    seat: int,
    seed: int,
    save: str | None,
    out: TextIO,
    inp: TextIO | None = None,
    bot_kind: str = "heuristic",
    auto_single: bool = True,
) -> int:
    """Play one sitting of ``variant`` with the person at ``seat`` and bots elsewhere.

    Args:
        variant: The variant and its options.
        seat: The person's seat.
        seed: The seed of the sitting.
        save: A file to write the records to at the end (also when abandoned), or None.
        out: Where the table goes.
        inp: Where answers are read from; ``None`` for the terminal.
        bot_kind: The kind of the bots.
        auto_single: Play the person's single legal action without asking.

    Returns:
        The exit status: 0 when the game ended, was quit, or the input ended.

    Raises:
        KeyboardInterrupt: Ctrl-C (after saving the game so far).
    """
    presenter = presenter_for(variant)
    bots, note = make_bots(variant, [bot_kind] * variant.players)
    person = Person(seat, presenter, inp, out, auto_single=auto_single)
    others = bot_chooser(bots)

    def choose(state: State, rng: random.Random) -> Action:
        if state.to_play == seat:
            return person(state, rng)
        return others(state, rng)

    print(
        f"{variant.name}, {variant.players} players: you are {presenter.seat(seat)}; "
        f"the other seats are {bot_kind} bots.",
        file=out,
    )
    if note:
        print(note, file=out)
    print(f"Seed {seed}: play it again with --seed {seed}. Type '?' for help.", file=out)
    if presenter.legend:
        print(file=out)
        print(presenter.legend, file=out)
        print(file=out)
    sitting = Sitting(variant, seed, choose, out=out, viewer=seat)

    def save_games(abandoned: bool) -> None:
        if save is None:
            return
        states = list(sitting.finals)
        latest = sitting.current
        if abandoned and latest is not None and not latest.is_terminal:
            # The deal in progress is saved too: its record replays up to this point.
            states.append(latest)
        write_records(save, states)
        print(f"Saved {len(states)} record(s) to {brief(save)}.", file=out)

    try:
        sitting.play()
    except _QuitError:
        print("You left the table.", file=out)
        save_games(abandoned=True)
        return 0
    except EOFError:
        print(file=out)
        print("End of input: the game is abandoned.", file=out)
        save_games(abandoned=True)
        return 0
    except KeyboardInterrupt:
        save_games(abandoned=True)
        raise
    save_games(abandoned=False)
    return 0
