"""How the command line shows a game: seat names, sorted hands, tricks, events, results.

A :class:`Presenter` turns states, views and actions into lines of text. The generic
presenter works for any variant, plugins included; French Tarot and Bid Euchre have
their own, which know their phases, the trick history and what each seat may see.

Every method that narrates for a player takes ``viewer``: the seat the text is for, or
``None`` for full information (a demo between bots, a replay). Text for a player never
shows a card that seat may not see: another seat's écart card, a help-exchange card
given between the opponents, the dealer's joker discard.

>>> import cardrules
>>> presenter = presenter_for(cardrules.get_variant("bid-euchre"))
>>> presenter.seat(2), presenter.who(2, viewer=2)
('S', 'you (S)')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Final

from cardrules.actions import Action, Pass, Play
from cardrules.cards import Card, CardKind, Rank
from cardrules.state import State, Variant

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


def format_choices(actions: Sequence[Action], width: int = 78) -> list[str]:
    """The actions numbered from 1, laid out in columns.

    Args:
        actions: The actions, in the order they are numbered.
        width: The widest line.

    Returns:
        The lines of the table.

    >>> from cardrules import Pass
    >>> format_choices([Pass()])
    ['  1) pass']
    """
    cells = [f"{n}) {action}" for n, action in enumerate(actions, 1)]
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


class Presenter:
    """The generic presenter: seats by number, hands in card order, one line per action.

    Args:
        variant: The variant whose games this presenter shows.
    """

    def __init__(self, variant: Variant) -> None:
        self.variant = variant

    def seat(self, seat: int) -> str:
        """The name of ``seat``."""
        return f"seat {seat}"

    def who(self, seat: int, viewer: int | None) -> str:
        """``seat``'s name, or ``you (...)`` when it is the viewer's own seat."""
        name = self.seat(seat)
        return f"you ({name})" if seat == viewer else name

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

    def action_text(self, seat: int, action: Action, viewer: int | None) -> str:
        """``action`` as ``viewer`` may see it; unknown kinds of action show their verb."""
        if viewer is None or seat == viewer or type(action) in (Play, Pass):
            return str(action)
        return f"{action.verb} (hidden)"

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
            The lines to print.
        """
        return [f"{self.who(seat, viewer)}: {self.action_text(seat, action, viewer)}"]

    def result_lines(self, state: State) -> list[str]:
        """The final result's explanation."""
        result = state.result()
        explain = getattr(result, "explain", None)
        if callable(explain):
            return str(explain()).splitlines()
        return [f"Result: {result!r}", f"Returns: {list(state.returns())}"]


class TarotPresenter(Presenter):
    """French Tarot: hands by suit then trumps, the auction, the chien, tricks, poignées."""

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
        """Another seat's écart cards are hidden, except trumps, which are shown (T-15)."""
        from cardrules.tarot import Discard

        if isinstance(action, Discard) and viewer is not None and seat != viewer:
            shown = [card for card in action.cards if card.kind is CardKind.TRUMP]
            hidden = len(action.cards) - len(shown)
            parts = [f"{hidden} card{'s' * (hidden != 1)} face down"] if hidden else []
            if shown:
                parts.append(f"the trump{'s' * (len(shown) != 1)} {_codes(shown)} face up")
            return "discards " + " and ".join(parts)
        return str(action)

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
        """The action, then the contract, the chien, a poignée or a finished trick."""
        from cardrules.tarot import Phase, TarotState

        if not (isinstance(before, TarotState) and isinstance(after, TarotState)):
            return super().event_lines(before, seat, action, after, viewer)
        lines = []
        if not (compact and type(action) is Play):
            text = self.action_text(seat, action, viewer)
            if before.phase is Phase.ANNOUNCE and type(action) is Pass:
                text += " (no slam announced)"
            lines.append(f"{self.who(seat, viewer)}: {text}")
        if before.phase is Phase.BIDDING and after.phase is not Phase.BIDDING:
            if after.contract is None:
                lines.append("Everyone passed: the deal is annulled (T-12)")
            else:
                lines.append(f"Contract: {after.contract.code} by {self.seat(after.taker or 0)}")
        if viewer is None:
            if after.phase is Phase.ECART and before.phase is not Phase.ECART:
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


class BidEuchrePresenter(Presenter):
    """Bid Euchre: seats N, E, S, W; hands by effective suit, trump first; the auction."""

    def seat(self, seat: int) -> str:
        """``N``, ``E``, ``S`` or ``W``."""
        return "NESW"[seat]

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
                f"{self.seat(s)} {c if c is not None else 'pass'}" for s, c in view.calls
            )
            lines.append(f"Calls: {calls}")
        if view.contract is not None and view.declarer is not None:
            contract = f"Contract: {view.contract} by {self.seat(view.declarer)}"
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
        from cardrules.bid_euchre import Discard, Give

        if viewer is None or seat == viewer:
            return str(action)
        if isinstance(action, Give) and seat % 2 != viewer % 2:
            return "gives a card (hidden)"
        if isinstance(action, Discard):
            return "discards a card face down"
        return str(action)

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
        from cardrules.bid_euchre import BidEuchreState, Phase

        if not (isinstance(before, BidEuchreState) and isinstance(after, BidEuchreState)):
            return super().event_lines(before, seat, action, after, viewer)
        lines = []
        if not (compact and type(action) is Play):
            lines.append(f"{self.who(seat, viewer)}: {self.action_text(seat, action, viewer)}")
        if before.declarer is None and after.declarer is not None and after.contract is not None:
            line = f"Contract: {after.contract} by {self.seat(after.declarer)}"
            if after.sitting_out is not None:
                line += f"; {self.seat(after.sitting_out)} sits out (E-21)"
            lines.append(line)
        if before.phase is not Phase.END and after.phase is Phase.END and not after.tricks:
            lines.append("The hand is thrown in")
        if len(after.tricks) > len(before.tricks):
            trick = after.tricks[-1]
            ns, ew = after.tricks_won
            lines.append(
                f"Trick {len(after.tricks)}: {self.trick_text(trick.plays)}"
                f" -> {self.who(trick.winner, viewer)} (NS {ns}, EW {ew})"
            )
        return lines


def _trump_name(trump: object) -> str:
    name = getattr(trump, "name", str(trump))
    return str(name).lower().replace("_", "-")


def presenter_for(variant: Variant) -> Presenter:
    """The presenter for ``variant``: Tarot's, Bid Euchre's, or the generic one.

    >>> import cardrules
    >>> type(presenter_for(cardrules.get_variant("tarot"))).__name__
    'TarotPresenter'
    """
    if variant.id == "tarot":
        return TarotPresenter(variant)
    if variant.id == "bid-euchre":
        return BidEuchrePresenter(variant)
    return Presenter(variant)
