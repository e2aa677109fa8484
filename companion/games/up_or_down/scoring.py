"""Up or Down?: the final score of a display and the winners.

Per row, cards in the row x cards of its commonest colour; plus
``DISCARD_POINTS`` per card on the personal discard pile; the highest
total wins.  Source: seed ``004_f6f235c439507bc6.txt`` and rulings.md,
"Up or Down?".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from companion.games.up_or_down.rules import (
    COLOURS,
    DISCARD_POINTS,
    HIGHEST_CARD,
    MAX_ROWS,
    RowSummary,
    UpOrDownError,
    _colour_key,
    _items,
)
from companion.i18n import _, ngettext
from companion.wording import whole_number


def row_score(colours: Sequence[str]) -> int:
    """Score one row from its cards' colours.

    Args:
        colours: one colour name per card in the row, e.g.
            ``["yellow", "blue", "yellow"]``.  Any names are counted; case
            and surrounding spaces do not matter, and a colour's name in
            another of the app's languages counts as that colour ("gelb" is
            "yellow").

    Returns:
        Points: cards in the row x cards of its commonest colour
        (``["yellow", "blue", "yellow"]`` -> 3 x 2 = 6); 0 for an empty row.

    Raises:
        UpOrDownError: if ``colours`` is not a list (one text, ``None``, a
            number), or an item is not a non-blank text.

    Rule: seed 004, scoring; rulings.md, "Up or Down?".

    >>> row_score(["yellow", "blue", "yellow"])
    6
    """
    listed = _items(colours, _("give the row as a list of colour names, one per card, not {value}").format(
        value=repr(colours)))
    counts = Counter(_colour_key(colour) for colour in listed)
    if not counts:
        return 0
    return counts.total() * max(counts.values())


def row_summary_score(cards: int, commonest: int) -> int:
    """Score one row entered as counts: cards x cards of the commonest colour.

    Args:
        cards: cards in the row, 0 to 126.
        commonest: cards of the row's commonest colour.

    Returns:
        Points, ``cards * commonest`` (8 cards, 5 blue -> 40).

    Raises:
        UpOrDownError: for a negative or non-whole count, more than 126
            cards, ``commonest`` above ``cards``, or a ``commonest`` too small
            for six colours (8 cards always hold at least 2 of one colour).

    Rule: seed 004, scoring.

    >>> row_summary_score(8, 5)
    40
    """
    whole_number(cards, _("cards in the row"), error=UpOrDownError)
    whole_number(commonest, _("commonest colour count"), error=UpOrDownError)
    if cards > HIGHEST_CARD:
        raise UpOrDownError(_("a row can not hold {cards} cards: there are {most} in all").format(
            cards=cards, most=HIGHEST_CARD))
    if commonest > cards:
        raise UpOrDownError(ngettext("a row of {cards} card can not hold {commonest} of one colour",
                                     "a row of {cards} cards can not hold {commonest} of one colour", cards).format(
            cards=cards, commonest=commonest))
    least = -(-cards // len(COLOURS))
    if commonest < least:
        raise UpOrDownError(ngettext(
            "a row of {cards} card holds at least {least} of one colour (there are {colours} colours), not {commonest}",
            "a row of {cards} cards holds at least {least} of one colour (there are {colours} colours), not {commonest}",
            cards,
        ).format(cards=cards, least=least, colours=len(COLOURS), commonest=commonest))
    return cards * commonest


def _row_points(row: Sequence[str] | RowSummary) -> int:
    """Score a row given as colour names or as a ``RowSummary``."""
    if isinstance(row, RowSummary):
        return row_summary_score(row.cards, row.commonest)
    items = _items(row, _("give each row as a list of colour names or as a RowSummary(cards, commonest), not {value}").format(
        value=repr(row)))
    if items and all(isinstance(item, int) for item in items):
        raise UpOrDownError(_("give a row's counts as a RowSummary(cards, commonest), not {value}").format(value=repr(row)))
    return row_score(items)


def player_score(rows: Sequence[Sequence[str] | RowSummary], discarded: int) -> int:
    """A player's final score.

    Args:
        rows: the display, at most 3 rows; each row is a list of colour names
            (one per card) or its counts as a ``RowSummary``.
        discarded: cards on the player's personal discard pile.

    Returns:
        Points: the sum of the row scores plus 1 per discarded card.  Rows of
        8 (3 yellow), 2 (two colours) and 8 (5 blue) with 0 discarded score
        24 + 2 + 40 = 66.

    Raises:
        UpOrDownError: for a display that is not a list of rows, more than
            3 rows, a negative or non-whole ``discarded``, or a row that can
            not be read.

    Rule: seed 004, scoring; rulings.md, "Up or Down?" (+1 per card, not per row).

    >>> player_score([RowSummary(8, 3), ["red", "blue"], RowSummary(8, 5)], 0)
    66
    """
    display = _items(rows, _("give the display as a list of rows, not {value}").format(value=repr(rows)))
    if len(display) > MAX_ROWS:
        raise UpOrDownError(_("a display holds at most {most} rows, not {count}").format(most=MAX_ROWS, count=len(display)))
    whole_number(discarded, _("cards on the discard pile"), error=UpOrDownError)
    return sum(_row_points(row) for row in display) + DISCARD_POINTS * discarded


def winners(scores: Mapping[str, int]) -> list[str]:
    """The players with the highest score; equal highest share the win.

    Args:
        scores: player name to final points.

    Returns:
        The winners in the order of ``scores``; ``[]`` for no players.

    Raises:
        UpOrDownError: for ``scores`` that is not a mapping of names to
            points, or points that are not a whole number, 0 or more.

    Rule: seed 004 ("Wer die meisten Punkte hat, gewinnt"); rulings.md.

    >>> winners({"Ann": 66, "Ben": 70, "Cy": 70})
    ['Ben', 'Cy']
    """
    if not isinstance(scores, Mapping):
        raise UpOrDownError(_("give the scores as player name -> points, not {value}").format(value=repr(scores)))
    for name, points in scores.items():
        whole_number(points, _("{name}'s points").format(name=name), error=UpOrDownError)
    if not scores:
        return []
    best = max(scores.values())
    return [name for name, points in scores.items() if points == best]
