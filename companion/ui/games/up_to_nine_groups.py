"""Up to 9's groups on the screens: a straight or set ready to show (with what
each wild stands for), and the checker's "may this card be laid off on a
group on the table?" (seed 003 and the project's rulings, through
``companion.games.up_to_nine``).  A group on the table is read the way its
wilds were laid: a tap on a wild steps through what it may stand for
(seed 003, "Merk"; :func:`wild_places`).

:func:`lay_off_answer` is plain Python; :func:`grouping` and
:func:`laid_row` draw; the panel is ``companion.ui.games.up_to_nine_check``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial

import flet as ft

from companion.cards import Card, CardError
from companion.games import up_to_nine
from companion.i18n import _
from companion.table.ask_answers import CHECK_PLAYERS, ERROR, NO, WAIT, YES, Answer, card_text, deck_answer
from companion.ui.ask_cards import card_face, card_label, suit_text
from companion.ui.widgets import labelled
from companion.wording import with_article

GAME = "up_to_nine"
"""This game's registry id."""


@dataclass(frozen=True)
class GroupLine:
    """One straight or set of a reading, ready to show.

    Attributes:
        title: ``"set of kings"``, ``"hearts straight 5 to J"``.
        slots: (physical card, what it stands for, or None when natural), in order.
    """

    title: str
    slots: tuple[tuple[Card, Card | None], ...]


def group_line(group: up_to_nine.MeldGroup) -> GroupLine:
    """A group on the table, ready to show."""
    return GroupLine(group.name, tuple((slot.card, slot.stands_for if slot.wild else None) for slot in group.slots))


def stands_text(card: Card) -> str:
    """What a wild stands for, with its article: ``"8♣"``; in a set, ``"an 8"``."""
    return card_text(card) if card.suit else with_article(card.label)


def lay_off_answer(kind: str, group: Sequence[Card], card: Card | None,
                   stands_for: Mapping[int, Card] | None = None,
                   players: int = CHECK_PLAYERS) -> tuple[Answer, GroupLine | None]:
    """May ``card`` be laid off on a group on the table?

    Args:
        kind: ``"straight"`` or ``"set"``: what the laid group is.
        group: the group's cards as they lie.
        card: the card to lay off, or None while not picked.
        stands_for: what the group's wilds were laid as, by their index in
            ``group`` (the others: the checker's reading).
        players: the player count (the decks in play, so the copies of each card).

    Returns:
        (the answer, the group as read or None): the group is read by
        ``up_to_nine.read_laid``, the card judged by ``check_lay_off``; a wild
        laid off says what it stands for (both ends when it fits both), and
        when another reading of the group's wilds would change the answer
        (``lay_off_by_reading``) the answer says so.
    """
    if not group:
        return Answer(WAIT, _("Add the cards of the group on the table.")), None
    problem = deck_answer(GAME, players, [*group, *([card] if card is not None else [])])
    if problem:
        return problem, None
    try:
        reading = up_to_nine.read_laid(kind, group, stands_for)
    except (CardError, ValueError) as error:
        return Answer(ERROR, str(error)), None
    laid = reading.group
    line = group_line(laid)
    if card is None:
        return Answer(WAIT, _("Pick the card to lay off on the {group}.").format(group=laid.name)), line
    try:
        verdict = up_to_nine.check_lay_off(laid, card)
        others = up_to_nine.lay_off_by_reading(kind, group, card)
    except (CardError, ValueError) as error:
        return Answer(ERROR, str(error)), line
    depends = _depends_text(verdict, others)
    if not verdict:
        return Answer(NO, _("No: {reason}.").format(reason=verdict.reason) + depends), line
    return Answer(YES, _yes_text(card, laid, verdict) + depends), line


def _depends_text(verdict: up_to_nine.LayOffVerdict,
                  others: Sequence[tuple[up_to_nine.LaidReading, up_to_nine.LayOffVerdict]]) -> str:
    """" It depends on the wilds: ..." when another reading of the group's wilds (``others``,
    ``up_to_nine.lay_off_by_reading``'s pairs) would answer otherwise than ``verdict``; else ""."""
    differ = [(other, answer) for other, answer in others if answer.legal != verdict.legal]
    if not differ:
        return ""
    other, answer = differ[0]
    if answer.legal:
        text = _("It depends on the wilds: with {wilds} the answer is yes. "
                 "Tap a wild in the group to say what it was laid as.")
    else:
        text = _("It depends on the wilds: with {wilds} the answer is no. "
                 "Tap a wild in the group to say what it was laid as.")
    return " " + text.format(wilds=other.wild_text)


def _yes_text(card: Card, laid: up_to_nine.MeldGroup, verdict: up_to_nine.LayOffVerdict) -> str:
    """The yes of a card that may be laid off on the group ``laid``: where it goes and, for a wild,
    what it stands for there (both ends when it fits both; seed 003: it stays what it is laid as)."""
    if not verdict.slot.wild:
        natural = {
            None: _("Yes: {card} goes on the {group}."),
            "low": _("Yes: {card} goes on the {group} at the low end."),
            "high": _("Yes: {card} goes on the {group} at the high end."),
        }[verdict.at]
        return natural.format(card=card_text(card), group=laid.name)
    also = verdict.also is not None
    wild = {
        (None, False): _("Yes: {card} goes on the {group} as a wild for {stands}; it stays the card it is laid as."),
        ("low", False): _("Yes: {card} goes on the {group} as a wild for {stands} at the low end; "
                          "it stays the card it is laid as."),
        ("high", False): _("Yes: {card} goes on the {group} as a wild for {stands} at the high end; "
                           "it stays the card it is laid as."),
        ("low", True): _("Yes: {card} goes on the {group} as a wild for {stands} at the low end, "
                         "or for {other} at the high end; it stays the card it is laid as."),
        ("high", True): _("Yes: {card} goes on the {group} as a wild for {stands} at the high end, "
                          "or for {other} at the low end; it stays the card it is laid as."),
    }[verdict.at, also]
    return wild.format(
        card=card_text(card), group=laid.name, stands=stands_text(verdict.stands_for),
        other=stands_text(verdict.also.stands_for) if also else "",
    )


def grouping(groups: Sequence[GroupLine]) -> ft.Control:
    """Each group of a reading: its name, then its cards with what each wild stands for."""
    rows: list[ft.Control] = []
    for group in groups:
        wilds = [_("{card} as {stands}").format(card=card_label(card),
                                                 stands=card_label(stands) if stands.suit else stands.label)
                 for card, stands in group.slots if stands is not None]
        if wilds:
            title = _("{group} ({wilds})").format(group=group.title, wilds=", ".join(wilds))
        else:
            title = _("{group} (no wild)").format(group=group.title)
        rows.append(suit_text(title, weight=ft.FontWeight.W_600))
        rows.append(ft.Row(
            [card_face(card, note=f"= {card_label(stands) if stands.suit else stands.label}" if stands else None)
             for card, stands in group.slots],
            wrap=True, spacing=6, run_spacing=6,
        ))
    return labelled("grouping", ft.Column(rows, spacing=6))


def laid_row(group: Sequence[Card], reading: up_to_nine.LaidReading | None, choices: Sequence[int],
              on_tap: Callable[[int], None]) -> ft.Control:
    """The group on the table as cards: a wild shows what it stands for
    under it; one with more than one reading (``choices``) steps to the next
    when tapped; any other card is taken out when tapped."""
    if not group:
        return ft.Text(_("No group yet."), color=ft.Colors.ON_SURFACE_VARIANT)
    return ft.Row(
        [
            card_face(card,
                      note=f"= {stands_text(reading.stands_for[index])}" if reading and reading.wild[index] else None,
                      on_click=partial(on_tap, index),
                      tooltip=_("Tap: what this wild was laid as") if index in choices
                      else _("Take out the {card}").format(card=card.name))
            for index, card in enumerate(group)
        ],
        wrap=True, spacing=6, run_spacing=6,
    )


def wild_places(kind: str, group: Sequence[Card], readings: Mapping[int, Card]) -> list[int]:
    """Indices of the group's cards that may stand for more than one card
    (``up_to_nine.wild_choices``), the others read as ``readings`` says."""
    return [index for index in range(len(group))
            if len(up_to_nine.wild_choices(kind, group, index, readings)) > 1]
