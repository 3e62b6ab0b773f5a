"""Keep the score of games played with real cards: the score-only APIs, no engine.

Run:  python examples/score_keeper.py

A French Tarot evening of four deals, each described by what the table agreed at the
end of the deal (who took, which contract, the points counted, the bonuses), added up in
a :class:`~cardrules.tarot.TarotMatch`, then settled: who owes whom. Then a Bid Euchre
match, hand by hand, in a :class:`~cardrules.bid_euchre.BidEuchreMatch` until a team
reaches 32. Both are written as a score sheet has them: the facts leave out what the
match knows (the number of players, the tricks in a hand), a deal nobody bid on is
``void("all_pass")`` in both games, a Tarot table may count the defence's pile, and a
Bid Euchre sheet has the tricks the declarer's team took.
"""

from __future__ import annotations

from fractions import Fraction

from cardrules.bid_euchre import BidEuchreMatch, Contract, HandFacts
from cardrules.tarot import Camp, DealFacts, PoigneeLevel, Score, TarotMatch, TarotOptions

PLAYERS = ("Alice", "Bruno", "Chloé", "Denis")
CENTS_PER_POINT = 5


def tarot_evening() -> TarotMatch:
    """Score four deals of French Tarot played at a real table, and add them up."""
    deals = [
        # Everybody passed: the deal scores nothing, and the deal passes on (T-6, T-12).
        DealFacts.void("all_pass"),
        # Bruno took a garde with 2 bouts and counted 45 points (target 41).
        DealFacts(contract="garde", taker=1, points=45, bouts=2),
        # Chloé's prise failed by half a point: the defence counted its pile, 40.5
        # points with 2 bouts. Denis showed a simple poignée.
        DealFacts(
            contract="prise",
            taker=2,
            defence_points=40.5,
            defence_bouts=2,
            poignees=(PoigneeLevel.SIMPLE,),
        ),
        # Alice's garde sans with the Petit taken in the last trick by the attack.
        DealFacts(
            contract="garde-sans",
            taker=0,
            points=62,
            bouts=3,
            petit_au_bout=Camp.ATTACK,
        ),
    ]
    # The match knows its four players: the facts need not say so.
    match = TarotMatch.start(TarotOptions(single_deal=False))
    for number, facts in enumerate(deals, 1):
        match = match.after(facts)
        print(f"Deal {number}:")
        print("  " + match.results[-1].explain(names=PLAYERS).replace("\n", "\n  "))
    return match


def who_owes_whom(totals: tuple[Score, ...]) -> list[tuple[int, int, Score]]:
    """Settle zero-sum totals: (debtor, creditor, points), largest amounts first.

    Args:
        totals: Each player's total; they add up to zero.

    Returns:
        The payments that bring every total to zero.
    """
    balance = {seat: Fraction(total) for seat, total in enumerate(totals)}
    payments: list[tuple[int, int, Score]] = []
    while True:
        debtor = min(balance, key=lambda seat: balance[seat])
        creditor = max(balance, key=lambda seat: balance[seat])
        amount = min(-balance[debtor], balance[creditor])
        if amount <= 0:
            return payments
        balance[debtor] += amount
        balance[creditor] -= amount
        payments.append((debtor, creditor, int(amount) if amount.denominator == 1 else amount))


def euchre_match() -> BidEuchreMatch:
    """Score a Bid Euchre match hand by hand until a team wins."""
    # The sheet has the tricks the declarer's team took; the match knows a hand has 6.
    hands = [
        HandFacts(contract=Contract(4), declarer=0, declarer_tricks=5),
        HandFacts(contract=Contract(3), declarer=1, declarer_tricks=2),  # EW set
        HandFacts.void("all_pass"),
        HandFacts(contract=Contract.help(6), declarer=2, declarer_tricks=6),
        HandFacts(contract=Contract(5), declarer=3, declarer_tricks=5),
        HandFacts(contract=Contract(4), declarer=2, declarer_tricks=4),
        HandFacts(contract=Contract.moon(6), declarer=1, declarer_tricks=5),  # a failed moon
        HandFacts(contract=Contract(3), declarer=0, declarer_tricks=3),
        HandFacts(contract=Contract(4), declarer=2, declarer_tricks=5),
    ]
    match = BidEuchreMatch.start()
    for facts in hands:
        if match.is_over:
            break
        match = match.after(facts)
    return match


def main() -> None:
    """Score the two games and print the sheets."""
    match = tarot_evening()
    print()
    print("Totals: " + ", ".join(f"{PLAYERS[s]} {t:+}" for s, t in enumerate(match.totals)))
    assert sum(match.totals) == 0
    for debtor, creditor, points in who_owes_whom(match.totals):
        cents = points * CENTS_PER_POINT
        print(f"  {PLAYERS[debtor]} owes {PLAYERS[creditor]} {points} points ({cents} cents)")
    print()
    sheet = euchre_match()
    print(sheet.explain())
    assert sheet.is_over


if __name__ == "__main__":
    main()
