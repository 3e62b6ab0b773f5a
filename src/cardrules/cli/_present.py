"""How the command line shows a game: seat names, sorted hands, tricks, events, results.

A :class:`Presenter` turns states, views, actions and matches into lines of text, and
carries the help a player reads at the table: the answers the game takes and a legend
of its card codes. The generic presenter works for any variant, plugins included;
French Tarot and Bid Euchre have their own, chosen by the variant's class
(:func:`presenter_for`), which know their phases, the trick history and what each seat
may see.

Every method that narrates for a player takes ``viewer``: the seat the text is for, or
``None`` for full information (a demo between bots, a replay). Text for a player never
shows a card that seat may not see: another seat's écart card, a help-exchange card
given between the opponents, the dealer's joker discard.

>>> import cardrules
>>> presenter = presenter_for(cardrules.get_variant("bid-euchre"))
>>> presenter.seat(2), presenter.who(2, viewer=2)
('S', 'you (S)')
>>> presenter.message("seat 0 does not hold 7H")
'N does not hold 7H'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar, Final

import attrs

from cardrules.actions import Action, Pass, Play
from cardrules.bid_euchre import (
    Bid,
    BidEuchreMatch,
    BidEuchreOptions,
    BidEuchreState,
    BidEuchreVariant,
    Give,
)
from cardrules.bid_euchre import Discard as EuchreDiscard
from cardrules.bid_euchre import Phase as EuchrePhase
from cardrules.cards import Card, CardKind, Rank
from cardrules.match import Match, Result
from cardrules.state import State, Variant
from cardrules.tarot import DealResult, TarotOptions, TarotState, TarotVariant
from cardrules.tarot import Discard as TarotDiscard
from cardrules.tarot import Phase as TarotPhase

__all__ = [
    "BidEuchrePresenter",
    "Presenter",
    "TarotPresenter",
    "format_choices",
    "presenter_for",
]

_PLAIN_ORDER: Final = {
    Rank.NINE: 9,
    Rank.TEN: 10,
    Rank.JACK: 11,
    Rank.QUEEN: 12,
    Rank.KING: 13,
    Rank.ACE: 14,
}

# "seat 3" as the library's messages write it; "seat 3's" keeps its "'s".
_SEAT_IN_TEXT: Final = re.compile(r"\bseat ([0-9]{1,2})\b")

_ANSWERS: Final = """\
Answer with the number of an action, or with the action itself. "?" shows this help
and the table again; "q" quits. A single legal action is played for you unless the
game was started with --no-auto-single."""


def format_choices(
    actions: Sequence[Action], width: int = 78, text: Callable[[Action], str] = str
) -> list[str]:
    """The actions numbered from 1, laid out in columns.

    Args:
        actions: The actions, in the order they are numbered.
        width: The widest line.
        text: Writes an action (a variant's ``action_text``).

    Returns:
        The lines of the table.

    >>> from cardrules import Pass
    >>> format_choices([Pass()])
    ['  1) pass']
    """
    cells = [f"{n}) {text(action)}" for n, action in enumerate(actions, 1)]
    number_width = len(str(len(cells)))
    cells = [cell.rjust(len(cell) + number_width - len(cell.partition(")")[0])) for cell in cells]
    cell_width = max(len(cell) for cell in cells) + 2
    per_line = max(1, (width - 2) // cell_width)
    lines = []
    for start in range(0, len(cells), per_line):
        row = cells[start : start + per_line]
        lines.append("  " + "".join(cell.ljust(cell_width) for cell in row).rstrip())
    return lines


def _codes(cards: Iterable[Card]) -> str:
    return " ".join(str(card) for card in cards)


def _words(value: object) -> str:
    return str(value).replace("_", " ")


def _signed(value: object) -> str:
    text = f"{value:g}" if isinstance(value, float) else str(value)
    return text if text.startswith("-") or text == "0" else f"+{text}"


class Presenter:
    """The generic presenter: seats as the game names them (:attr:`GameInfo.seat_names
    <cardrules.info.GameInfo.seat_names>`), hands in card order, one line per action,
    each as the viewer sees it (:meth:`Variant.action_seen_by
    <cardrules.Variant.action_seen_by>`).

    Args:
        variant: The variant whose games this presenter shows.
    """

    examples: ClassVar[str] = ""
    """The game's own examples of answers, for the help."""

    legend: ClassVar[str] = ""
    """How to read the game's card codes and calls, in its own words."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        names = variant.info.seat_names
        self.seat_codes: str = (
            "".join(names) if all(len(n) == 1 and not n.isdigit() for n in names) else ""
        )
        """Letters that name the seats, in seat order (``"NESW"``), besides their numbers."""
        self._names = names

    # -- seats ------------------------------------------------------------------------

    def seat(self, seat: int) -> str:
        """The name of ``seat``: its name at the table, or ``seat 2`` for a seat named by
        its number."""
        if 0 <= seat < len(self._names) and not self._names[seat].isdigit():
            return self._names[seat]
        return f"seat {seat}"

    def who(self, seat: int, viewer: int | None) -> str:
        """``seat``'s name, or ``you (...)`` when it is the viewer's own seat."""
        name = self.seat(seat)
        return f"you ({name})" if seat == viewer else name

    def seat_range(self) -> str:
        """The seats of the table, as a message names them: ``0 to 3 or N, E, S, W``."""
        text = f"0 to {self.variant.players - 1}"
        if self.seat_codes:
            text += " or " + ", ".join(self.seat_codes)
        return text

    def message(self, text: str) -> str:
        """A message of the library with each ``seat N`` named as the table names it."""
        players = self.variant.players

        def name(match: re.Match[str]) -> str:
            seat = int(match[1])
            return self.seat(seat) if seat < players else match[0]

        return _SEAT_IN_TEXT.sub(name, text)

    # -- help -------------------------------------------------------------------------

    def help_lines(self) -> list[str]:
        """The help shown on ``?``: how to answer, the game's examples, the card legend."""
        lines = _ANSWERS.splitlines()
        if self.examples:
            lines += ["", *self.examples.splitlines()]
        if self.legend:
            lines += ["", *self.legend.splitlines()]
        return lines

    def rules_words(self) -> list[str]:
        """The variant's options that differ from the defaults, in a player's words."""
        return []

    def title(self) -> str:
        """The game, its table and its house rules, in one line."""
        text = f"{self.variant.name}, {self.variant.players} players"
        rules = self.rules_words()
        return f"{text} ({'; '.join(rules)})" if rules else text

    # -- hands and tricks ------------------------------------------------------------

    def sort_hand(self, cards: Iterable[Card], context: Any = None) -> list[Card]:
        """``cards`` in display order; ``context`` is a state or view of the deal."""
        return sorted(cards)

    def hand_text(self, cards: Iterable[Card], context: Any = None) -> str:
        """``cards`` sorted and grouped by suit, for display."""
        groups: list[list[Card]] = []
        last: object = object()
        for card in self.sort_hand(cards, context):
            group = self._group(card, context)
            if group != last:
                groups.append([])
                last = group
            groups[-1].append(card)
        return "  ".join(_codes(group) for group in groups) or "(no cards)"

    def _group(self, card: Card, context: Any) -> object:
        return card.suit if card.kind is CardKind.SUIT else card.kind

    def order_actions(self, actions: Sequence[Action], context: Any = None) -> list[Action]:
        """``actions`` in display order: the card plays in the order the hand is shown.

        Args:
            actions: The legal actions.
            context: A state or view of the deal (for the trump suit).

        Returns:
            The other actions in their own order, then the card plays.
        """
        plays = {action.card: action for action in actions if isinstance(action, Play)}
        others = [action for action in actions if not isinstance(action, Play)]
        return others + [plays[card] for card in self.sort_hand(plays, context)]

    def deal_lines(self, state: State) -> list[str]:
        """Every seat's hand (full information: for demos and replays)."""
        return [
            f"  {self.seat(seat)}: {self.hand_text(state.hand(seat), state)}"
            for seat in range(self.variant.players)
        ]

    def status_lines(self, view: Any) -> list[str]:
        """The public facts a player needs before acting: the current trick."""
        trick = getattr(view, "trick", ())
        if not trick:
            return []
        return ["Trick so far: " + self.trick_text(trick)]

    def trick_text(self, plays: Iterable[Any]) -> str:
        """A trick's cards, each with its seat; ``plays`` holds ``(seat, card)`` pairs."""
        out = []
        for play in plays:
            if isinstance(play, tuple):
                seat, card = play
                out.append(f"{self.seat(seat)} {card}")
            else:
                out.append(str(play))
        return ", ".join(out)

    # -- events -----------------------------------------------------------------------

    def action_text(self, seat: int, action: Action, viewer: int | None) -> str:
        """``action`` as ``viewer`` may see it: an action the game hides from the viewer
        (:meth:`Variant.action_seen_by <cardrules.Variant.action_seen_by>`) shows its
        verb only."""
        if viewer is None or seat == viewer:
            return self.variant.action_text(action)
        seen = self.variant.action_seen_by(action, seat, viewer)
        if seen is None:
            return f"{action.verb} (hidden)"
        return self.variant.action_text(seen)

    def event_lines(
        self,
        before: State,
        seat: int,
        action: Action,
        after: State,
        viewer: int | None,
        *,
        compact: bool = False,
    ) -> list[str]:
        """What happened when ``seat`` took ``action``, as ``viewer`` may see it.

        Args:
            before: The state before the action.
            seat: The seat that acted.
            action: The action it took.
            after: The state after the action.
            viewer: The seat the text is for, or ``None`` for full information.
            compact: Leave out single card plays that a trick line summarises.

        Returns:
            The lines to print: the action (every card too: ``compact`` is for the
            games' own presenters), then the trick it completed, for a state that
            keeps its finished tricks (``state.tricks``, each with ``plays`` and a
            ``winner``, as :class:`~cardrules.trickplay.TrickState`'s).
        """
        lines = [f"{self.who(seat, viewer)}: {self.action_text(seat, action, viewer)}"]
        tricks: Sequence[Any] = getattr(after, "tricks", ())
        if len(tricks) > len(getattr(before, "tricks", ())):
            trick = tricks[-1]
            plays = getattr(trick, "plays", None)
            winner = getattr(trick, "winner", None)
            if plays is not None and type(winner) is int:
                lines.append(
                    f"Trick {len(tricks)}: {self.trick_text(plays)} -> {self.who(winner, viewer)}"
                )
        return lines

    def result_lines(self, state: State) -> list[str]:
        """The final result's explanation (the :class:`~cardrules.match.Result`'s own)."""
        result = state.result()
        if isinstance(result, Result):
            return result.explain().splitlines()
        return [f"Result: {result!r}", f"Returns: {list(state.returns())}"]

    # -- the match --------------------------------------------------------------------

    def match_intro(self, match: Match) -> list[str]:
        """What is said before the first deal of a sitting: the house rules in words."""
        rules = self.rules_words()
        return [f"House rules: {'; '.join(rules)}."] if rules else []

    def deal_intro(self, match: Match, number: int) -> list[str]:
        """What is said before deal ``number`` (from 1) of the sitting."""
        return ["", f"== Deal {number} =="] if number > 1 else []

    def stopped_lines(self, match: Match, deals: int) -> list[str]:
        """What is said when the sitting stops after ``deals`` deals, the match not over."""
        return [f"Stopped after {deals} deals: the match is not over."]

    def match_lines(self, match: Match) -> list[str]:
        """The score sheet at the end of the match (none after a single deal)."""
        return match.explain().splitlines() if len(match.results) > 1 else []

    def outcome_lines(self, match: Match, final: State, viewer: int) -> list[str]:
        """The end for the person at ``viewer``: their score, and whether they won."""
        totals = ", ".join(
            f"{self.who(seat, viewer)} {_signed(total)}" for seat, total in enumerate(match.totals)
        )
        winner = match.winner
        if winner is None:
            verdict = "no single winner"
        else:
            verdict = "you win" if winner == viewer else f"{self.seat(winner)} wins: you lose"
        return [f"Final score: {totals}: {verdict}."]

    def replay_match(self, first: State) -> Match | None:
        """The match that saved deals starting with ``first`` add up to, or ``None``
        when the game keeps no match across records."""
        return None


class TarotPresenter(Presenter):
    """French Tarot: hands by suit then trumps, the auction, the chien, tricks, poignées."""

    examples = """\
French Tarot answers, for example:
  bid garde, garde      a bid: prise, garde, garde-sans or garde-contre; or pass
  call KH, KH           with 5 players: the king you call for a partner
  discard 3C            a card for the écart; several at once: discard 3C 4C
  declare poignee 21T 20T ...   show a poignée of trumps
  announce chelem       announce a slam
  play 7H, 7H           play a card"""

    legend = """\
Reading the cards: a card is its rank, then its suit: S spades, H hearts, D diamonds,
C clubs. Ranks: A ace, 2-10, J jack (valet), N knight (cavalier), Q queen, K king:
NC is the knight of clubs, KH the king of hearts. Trumps are 1T to 21T (19T is trump
19; 1T the Petit, 21T the 21); EX is the Excuse. Contracts from low to high: prise,
garde, garde-sans, garde-contre."""

    _ROUNDING: ClassVar[dict[str, str]] = {
        "to_winner": "a half point goes to the winner",
        "floor": "half points rounded down",
        "none": "half points kept",
    }

    def rules_words(self) -> list[str]:
        """The options that differ from the defaults: the rounding, the chien, …"""
        options = getattr(self.variant, "options", None)
        if not isinstance(options, TarotOptions):
            return []
        default = TarotOptions(players=options.players)
        words = []
        for field in attrs.fields(TarotOptions):
            name = field.name
            value = getattr(options, name)
            if name in ("players", "dealer") or value == getattr(default, name):
                continue
            if name == "half_point_rounding":
                words.append(self._ROUNDING.get(value, _words(value)))
            elif name == "chien_schedule":
                words.append(f"the chien dealt at {_words(value)} places")
            elif name == "single_deal":
                words.append("deals in a row")
            elif isinstance(value, bool):
                words.append(f"{'' if value else 'no '}{_words(name)}")
            else:
                words.append(f"{_words(name)}: {_words(value)}")
        return words

    def sort_hand(self, cards: Iterable[Card], context: Any = None) -> list[Card]:
        """Suits in the order spades, hearts, diamonds, clubs (low to high), then trumps."""
        return sorted(cards)

    def status_lines(self, view: Any) -> list[str]:
        """Bids, contract, chien, écart, poignées, the current and previous trick."""
        lines = []
        if view.bids:
            bids = ", ".join(
                f"{self.seat(s)} {c.code if c is not None else 'pass'}" for s, c in view.bids
            )
            lines.append(f"Bids: {bids}")
        if view.contract is not None:
            contract = f"Contract: {view.contract.code} by {self.seat(view.taker)}"
            if view.called_card is not None:
                contract += f", calling {view.called_card}"
                if view.partner_known:
                    partner = view.partner
                    contract += (
                        f" (partner: {self.seat(partner) if partner is not None else 'none'})"
                    )
            lines.append(contract)
        if view.chien:
            lines.append(f"Chien: {_codes(view.chien)}")
        if view.ecart:
            lines.append(f"Écart (what you may see): {_codes(view.ecart)}")
        lines += [
            f"Poignée ({poignee.level}) of {self.seat(poignee.seat)}: {_codes(poignee.cards)}"
            for poignee in view.poignees
        ]
        if view.chelem_announced:
            lines.append("The taker announced a slam (chelem)")
        if view.last_trick and not view.trick:
            lines.append("Previous trick: " + self.trick_text(view.last_trick))
        if view.trick:
            lines.append("Trick so far: " + self.trick_text(view.trick))
        if any(view.tricks_won):
            won = ", ".join(f"{self.seat(s)} {n}" for s, n in enumerate(view.tricks_won))
            lines.append(f"Tricks won: {won}")
        return lines

    def deal_lines(self, state: State) -> list[str]:
        """Every hand and the chien (full information)."""
        chien = getattr(state, "chien", ())
        return [*super().deal_lines(state), f"  chien: {_codes(chien)}"]

    def action_text(self, seat: int, action: Action, viewer: int | None) -> str:
        """Every French Tarot action is public but the écart (see :meth:`ecart_text`)."""
        return self.variant.action_text(action)

    def ecart_text(self, cards: Sequence[Card], viewer_sees: bool) -> str:
        """A whole écart in one phrase: every card, or, for the other seats, how many
        went face down and the trumps shown face up (T-15)."""
        if viewer_sees:
            return f"puts {_codes(cards)} in the écart"
        shown = [card for card in cards if card.kind is CardKind.TRUMP]
        hidden = len(cards) - len(shown)
        parts = [f"{hidden} card{'s' * (hidden != 1)} face down"] if hidden else []
        if shown:
            parts.append(f"the trump{'s' * (len(shown) != 1)} {_codes(shown)} face up")
        return "puts " + " and ".join(parts) + " in the écart"

    def _action_lines(
        self,
        before: TarotState,
        seat: int,
        action: Action,
        after: TarotState,
        viewer: int | None,
        *,
        compact: bool,
    ) -> list[str]:
        if isinstance(action, TarotDiscard) and seat != viewer:
            if after.phase is TarotPhase.ECART:
                return []
            return [f"{self.seat(seat)} {self.ecart_text(after.ecart, viewer is None)}"]
        if compact and type(action) is Play:
            return []
        text = self.action_text(seat, action, viewer)
        if before.phase is TarotPhase.ANNOUNCE and type(action) is Pass:
            text += " (no slam announced)"
        return [f"{self.who(seat, viewer)}: {text}"]

    def event_lines(
        self,
        before: State,
        seat: int,
        action: Action,
        after: State,
        viewer: int | None,
        *,
        compact: bool = False,
    ) -> list[str]:
        """The action, then the contract, the chien, a poignée or a finished trick.

        Another seat's écart, made one card at a time, is told in one line once it is
        complete.
        """
        if not (isinstance(before, TarotState) and isinstance(after, TarotState)):
            return super().event_lines(before, seat, action, after, viewer)
        lines = self._action_lines(before, seat, action, after, viewer, compact=compact)
        if before.phase is TarotPhase.BIDDING and after.phase is not TarotPhase.BIDDING:
            if after.contract is None:
                lines.append("Everyone passed: the deal is annulled (T-12)")
            else:
                lines.append(f"Contract: {after.contract.code} by {self.seat(after.taker or 0)}")
        if viewer is None:
            if after.phase is TarotPhase.ECART and before.phase is not TarotPhase.ECART:
                lines.append(f"The chien is shown and taken: {_codes(after.chien)}")
        else:
            shown = after.view(viewer).chien
            if shown and not before.view(viewer).chien:
                lines.append(f"The chien is shown: {_codes(shown)}")
        if len(after.poignees) > len(before.poignees):
            poignee = after.poignees[-1]
            lines.append(
                f"{self.who(poignee.seat, viewer)} shows a {poignee.level} poignée: "
                f"{_codes(poignee.cards)}"
            )
        if after.tricks_played > before.tricks_played:
            winner = after.trick_winners[-1]
            lines.append(
                f"Trick {after.tricks_played}: {self.trick_text(after.last_trick)}"
                f" -> {self.who(winner, viewer)}"
            )
        return lines

    def deal_intro(self, match: Match, number: int) -> list[str]:
        """After an annulled deal, the cards are dealt again (T-6)."""
        if number == 1:
            return []
        last = match.results[-1]
        if isinstance(last, DealResult) and last.annulled is not None:
            return ["The deal is dealt again (T-6).", ""]
        return super().deal_intro(match, number)

    def stopped_lines(self, match: Match, deals: int) -> list[str]:
        """Every deal was annulled."""
        return [f"Stopped after {deals} annulled deals."]

    def match_lines(self, match: Match) -> list[str]:
        """The score sheet of a match of deals in a row; nothing after a single deal."""
        options = getattr(match, "options", None)
        if isinstance(options, TarotOptions) and options.single_deal:
            return []
        return match.explain().splitlines()

    def outcome_lines(self, match: Match, final: State, viewer: int) -> list[str]:
        """Your camp and score in the last deal, and whether your camp won."""
        if not isinstance(final, TarotState) or final.taker is None:
            return ["No deal was played to the end."]
        score = final.result().scores[viewer]
        camp = "the taker" if viewer == final.taker else f"in the {final.camp_of(viewer)}"
        verdict = "your side won" if score > 0 else "your side lost"
        line = f"You ({self.seat(viewer)}, {camp}) score {_signed(score)}: {verdict}."
        if not match.is_over:
            line += f" Your total: {_signed(match.totals[viewer])}."
        return [line]


class BidEuchrePresenter(Presenter):
    """Bid Euchre: seats N, E, S, W; hands by effective suit, trump first; the auction."""

    examples = """\
Bid Euchre answers, for example:
  bid 4                 take at least 4 of the 6 tricks with your partner (bids 3 to 5)
  bid 6H                help: take all 6 tricks after swapping a card with your
                        partner, who then sits out (E-14)
  bid 6M, moon          shoot the moon: take all 6 tricks alone, no swap (E-15)
  pass
  trump hearts, hearts  name trump once you have won the bid
  give 9C               the card you pass to your partner in a help bid
  play JD, JD           play a card"""

    legend = """\
Reading the cards: a card is its rank, then its suit: S spades, H hearts, D diamonds,
C clubs; ranks 9, 10, J jack, Q queen, K king, A ace: JD is the jack of diamonds. Once
trump is named, its jack (the right bower) and the other jack of its colour (the left
bower) are its two highest cards; JK is the joker, above both, when it is in play.
Bids: 3 to 5 tricks with your partner; 6H (help) and 6M (moon) for all six tricks."""

    def _options(self) -> BidEuchreOptions:
        options = getattr(self.variant, "options", None)
        return options if isinstance(options, BidEuchreOptions) else BidEuchreOptions()

    def rules_words(self) -> list[str]:
        """The house rules that differ from the defaults, in the library's words."""
        return list(self._options().house_rule_words())

    def end_rule_words(self) -> str:
        """What happens when both teams reach the target in the same hand (E-34)."""
        return self._options().target_rule_words()

    def title(self) -> str:
        """The game, the target and its house rules, in one line."""
        rules = [*self.rules_words(), self.end_rule_words()]
        return f"Bid Euchre match to {self._options().target_score} ({'; '.join(rules)})"

    def contract_text(self, contract: Any) -> str:
        """A contract as the variant writes its bid: the plain six is ``6P`` (E-10)."""
        return self.variant.action_text(Bid(contract)).removeprefix("bid ")

    def _table(self, context: Any) -> Any:
        """The trick table of the deal's trump, or ``None`` before trump is named."""
        trump = getattr(context, "trump", None)
        trick_table = getattr(self.variant, "trick_table", None)
        if trump is None or trick_table is None:
            return None
        return trick_table(trump)

    def _suit_key(self, card: Card, context: Any) -> tuple[int, int]:
        table = self._table(context)
        if table is None:
            if card.suit is None:
                return (-1, 0)
            return (card.suit.index, -_PLAIN_ORDER.get(Rank(card.rank), 0))
        position = table.positions[card][0]
        # The bowers and the joker belong to trump (E-17, E-37): they sort with it.
        trump = table.suit[position] == table.trump_suit or card.suit is None
        return (-1 if trump or card.suit is None else card.suit.index, -table.key[position])

    def sort_hand(self, cards: Iterable[Card], context: Any = None) -> list[Card]:
        """Trumps first (strongest first), then the other suits high to low."""
        return sorted(cards, key=lambda card: self._suit_key(card, context))

    def _group(self, card: Card, context: Any) -> object:
        return self._suit_key(card, context)[0]

    def status_lines(self, view: Any) -> list[str]:
        """Calls, the contract and trump, the exchange, the current trick, tricks won."""
        lines = []
        if view.calls:
            calls = ", ".join(
                f"{self.seat(s)} {self.contract_text(c) if c is not None else 'pass'}"
                for s, c in view.calls
            )
            lines.append(f"Calls: {calls}")
        if view.contract is not None and view.declarer is not None:
            contract = (
                f"Contract: {self.contract_text(view.contract)} by {self.seat(view.declarer)}"
            )
            if view.trump is not None:
                contract += f", trump {_trump_name(view.trump)}"
            if view.sitting_out is not None:
                contract += f"; {self.seat(view.sitting_out)} sits out"
            lines.append(contract)
        if view.given:
            lines.append(f"Given to the partner: {_codes(view.given)}")
        if view.returned:
            lines.append(f"Returned by the partner: {_codes(view.returned)}")
        if view.discard:
            lines.append(f"Your discard: {_codes(view.discard)}")
        if view.named_suit is not None:
            lines.append(f"Suit named for the joker: {view.named_suit.name.lower()}")
        if view.trick:
            lines.append("Trick so far: " + self.trick_text(view.trick))
        if view.tricks:
            ns, ew = view.tricks_won
            lines.append(f"Tricks won: NS {ns}, EW {ew}")
        return lines

    def action_text(self, seat: int, action: Action, viewer: int | None) -> str:
        """Help-exchange cards are seen by the partners only, the discard by the dealer."""
        if isinstance(action, Give) and viewer is not None and seat % 2 != viewer % 2:
            return "gives a card (hidden)"
        if isinstance(action, EuchreDiscard) and viewer not in (None, seat):
            return "discards a card face down"
        # The variant writes the plain six as the rules do, 6P (E-10).
        return self.variant.action_text(action)

    def event_lines(
        self,
        before: State,
        seat: int,
        action: Action,
        after: State,
        viewer: int | None,
        *,
        compact: bool = False,
    ) -> list[str]:
        """The action, then the contract once the auction ends, or a finished trick."""
        if not (isinstance(before, BidEuchreState) and isinstance(after, BidEuchreState)):
            return super().event_lines(before, seat, action, after, viewer)
        lines = []
        if not (compact and type(action) is Play):
            lines.append(f"{self.who(seat, viewer)}: {self.action_text(seat, action, viewer)}")
        if before.declarer is None and after.declarer is not None and after.contract is not None:
            line = f"Contract: {self.contract_text(after.contract)} by {self.seat(after.declarer)}"
            if after.sitting_out is not None:
                line += f"; {self.seat(after.sitting_out)} sits out (E-21)"
            lines.append(line)
        if (
            before.phase is not EuchrePhase.END
            and after.phase is EuchrePhase.END
            and not after.tricks
        ):
            lines.append("The hand is thrown in")
        if len(after.tricks) > len(before.tricks):
            trick = after.tricks[-1]
            ns, ew = after.tricks_won
            lines.append(
                f"Trick {len(after.tricks)}: {self.trick_text(trick.plays)}"
                f" -> {self.who(trick.winner, viewer)} (NS {ns}, EW {ew})"
            )
        return lines

    def match_intro(self, match: Match) -> list[str]:
        """The target, the teams, and the house rules in words."""
        lines = [f"Bid Euchre match to {self._options().target_score}: NS (N and S) against EW."]
        rules = self.rules_words()
        if rules:
            lines.append(f"House rules: {'; '.join(rules)}.")
        lines.append(f"{self.end_rule_words().capitalize()} (E-34).")
        return lines

    def deal_intro(self, match: Match, number: int) -> list[str]:
        """The hand's number and the score before it."""
        ns, ew = match.totals[:2]
        return ["", f"== Hand {number}: NS {ns}, EW {ew} =="]

    def stopped_lines(self, match: Match, deals: int) -> list[str]:
        """No team won within the sitting's hands."""
        ns, ew = match.totals[:2]
        return ["", f"Stopped after {deals} hands without a winner (NS {ns}, EW {ew})."]

    def match_lines(self, match: Match) -> list[str]:
        """The score sheet, headed by the target and the end rule in words."""
        return ["", *match.explain().splitlines()]

    def outcome_lines(self, match: Match, final: State, viewer: int) -> list[str]:
        """Your team, the final score, and whether your side won."""
        team = viewer % 2
        names = ("NS", "EW")
        ns, ew = match.totals[:2]
        partner = self.seat((viewer + 2) % 4)
        if match.winner is None:
            verdict = "the match is not over"
        else:
            verdict = "your side won" if match.winner == team else "your side lost"
        who = f"You are {self.seat(viewer)}, with {partner} in {names[team]}"
        return [f"{who}: NS {ns}, EW {ew}; {verdict}."]

    def replay_match(self, first: State) -> Match | None:
        """Hands saved in a row add up to a match, from the first hand's dealer."""
        if not isinstance(first, BidEuchreState):
            return None
        return BidEuchreMatch.start(first.variant.options, dealer=first.dealer)


def _trump_name(trump: object) -> str:
    name = getattr(trump, "name", str(trump))
    return str(name).lower().replace("_", "-")


_PRESENTERS: Final[tuple[tuple[type[Variant], type[Presenter]], ...]] = (
    (TarotVariant, TarotPresenter),
    (BidEuchreVariant, BidEuchrePresenter),
)


def presenter_for(variant: Variant) -> Presenter:
    """The presenter for ``variant``'s class: Tarot's, Bid Euchre's, or the generic one.

    >>> import cardrules
    >>> type(presenter_for(cardrules.get_variant("tarot"))).__name__
    'TarotPresenter'
    """
    for variant_class, presenter_class in _PRESENTERS:
        if isinstance(variant, variant_class):
            return presenter_class(variant)
    return Presenter(variant)
