"""Up to 9: laying off (donating) a card on a group already on the table.

Source: seed ``003_5f63daae766756c0.txt``, "Donering"; rulings.md, Up to 9
(a wild laid off is locked to the card it stands for; nothing past an ace).
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.cards import Card, CardLike
from companion.games.up_to_nine.levels import HIGH_ACE, LOW_ACE, SET, position_rank
from companion.games.up_to_nine.readings import MeldCard, MeldGroup, is_wild, meld_card, rank_plural
from companion.verdict import IllegalMove, Verdict
from companion.wording import join_words


class LayOffError(ValueError):
    """A lay-off asked for in a shape the rules can not read (not a group on
    the table, or an end that is not "low" or "high"); the message says what to give."""


@dataclass(frozen=True)
class LayOffVerdict(Verdict):
    """The answer of :func:`check_lay_off`.

    Attributes:
        legal: True when the card may be laid off on the group.
        reason: why not, in plain English; empty when legal.
        slot: where the card goes and what it stands for (``None`` when illegal).
        at: ``"low"`` or ``"high"`` end of a straight; ``None`` for a set or when illegal.

    Rule: seed, "Donering"; rulings.md, Up to 9.
    """

    slot: MeldCard | None = None
    at: str | None = None

    @property
    def stands_for(self) -> Card | None:
        """The card the laid-off card counts as, or ``None`` when illegal."""
        return self.slot.stands_for if self.slot else None


_ENDS = ("high", "low")


def _lay_off_ends(group: MeldGroup, at: str | None) -> list[tuple[str, int]]:
    """The open ends of a straight as (end, position), high end first."""
    ends = []
    if group.high < HIGH_ACE:
        ends.append(("high", group.high + 1))
    if group.low > LOW_ACE:
        ends.append(("low", group.low - 1))
    return [end for end in ends if at in (None, end[0])]


def check_lay_off(group: MeldGroup, card: CardLike, *, at: str | None = None) -> LayOffVerdict:
    """May this card be laid off (donated) on a group on the table?  (seed,
    "Donering"; rulings.md, Up to 9)

    On a straight the card must continue one end in the straight's suit,
    never past an ace (positions 1 and 14 are the ends).  On a set it must
    have the set's rank, any suit.  A 2 or 3 that does not fit as itself is
    laid off as a wild standing for such a card (and is locked to it).

    Args:
        group: one item of ``MeldVerdict.groups`` (or a group returned by
            :func:`lay_off`).
        card: the card to lay off; it needs a suit.
        at: ``"low"`` or ``"high"`` to choose a straight's end; ``None``
            takes the card as itself where it fits, else a wild at the high
            end if open, else at the low end.

    Returns:
        A ``LayOffVerdict``; when legal, ``slot`` says what the card stands
        for and where it goes (``at``).

    Raises:
        LayOffError: if ``group`` is not a ``MeldGroup`` or ``at`` is not
            ``"low"``, ``"high"`` or ``None`` (``at`` is for straights only).
        CardError: for a card that can not be read, has no suit, or is a joker.

    >>> from companion.games.up_to_nine.melds import check_meld
    >>> straight = check_meld(1, "4♣ 5♣ 6♣ 7♣").groups[0]
    >>> check_lay_off(straight, "8♣").at, check_lay_off(straight, "K♣").reason
    ('high', 'K♣ does not continue the clubs straight 4 to 7: only 3♣ or 8♣ fit')
    """
    if not isinstance(group, MeldGroup):
        raise LayOffError(f"lay off onto a group from check_meld or find_meld (MeldVerdict.groups), not {group!r}")
    if at not in (None, *_ENDS):
        raise LayOffError(f"at is 'low' or 'high' (an end of a straight), not {at!r}")
    laid = meld_card(card)
    if group.kind == SET:
        if at is not None:
            raise LayOffError("a set has no ends: leave out at when laying off on a set")
        if laid.rank == group.rank:
            return LayOffVerdict(True, "", MeldCard(laid, laid.rank, laid.suit, None, False))
        if is_wild(laid):
            return LayOffVerdict(True, "", MeldCard(laid, group.rank, None, None, True))
        return LayOffVerdict.no(
            f"{laid} does not fit the {group.name}: it takes only {rank_plural(group.rank)} "
            f"(or a 2 or 3 as a wild)"
        )
    ends = _lay_off_ends(group, at)
    if not ends:
        where = f"its {at} end" if at else "either end"
        return LayOffVerdict.no(f"the {group.name} can not grow at {where}: it stops at the ace")
    for end, position in ends:
        if laid.suit == group.suit and laid.rank == position_rank(position):
            return LayOffVerdict(True, "", MeldCard(laid, laid.rank, laid.suit, position, False), end)
    if is_wild(laid):
        end, position = ends[0]
        return LayOffVerdict(True, "", MeldCard(laid, position_rank(position), group.suit, position, True), end)
    wanted = [str(Card(position_rank(position), group.suit)) for _, position in reversed(ends)]
    fits = "fits" if len(wanted) == 1 else "fit"
    stop = " (nothing goes past an ace)" if at is None and len(ends) == 1 else ""
    return LayOffVerdict.no(
        f"{laid} does not continue the {group.name}: only {join_words(wanted, 'or')} {fits}{stop}"
    )


def lay_off(group: MeldGroup, card: CardLike, *, at: str | None = None) -> MeldGroup:
    """The group after laying off one card (see :func:`check_lay_off`).

    Args:
        group: one item of ``MeldVerdict.groups`` or an earlier ``lay_off`` result.
        card: the card to lay off; it needs a suit.
        at: ``"low"``, ``"high"`` or ``None``, as in :func:`check_lay_off`.

    Returns:
        A new ``MeldGroup``: a straight one position longer at that end, a
        set one card larger.

    Raises:
        IllegalMove: when the card may not be laid off there; the message says why.
        LayOffError, CardError: as :func:`check_lay_off`.

    Rule: seed, "Donering"; rulings.md, Up to 9 (a laid-off wild is locked).

    >>> from companion.games.up_to_nine.melds import check_meld
    >>> str(lay_off(check_meld(1, "4♣ 5♣ 6♣ 7♣").groups[0], "2♦", at="low"))
    '2♦=3♣ 4♣ 5♣ 6♣ 7♣'
    """
    verdict = check_lay_off(group, card, at=at)
    if not verdict.legal:
        raise IllegalMove(verdict.reason)
    if verdict.at == "low":
        return MeldGroup(group.kind, (verdict.slot, *group.slots))
    return MeldGroup(group.kind, (*group.slots, verdict.slot))
