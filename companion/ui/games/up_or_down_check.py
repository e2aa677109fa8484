"""Up or Down?'s checker: between which ring cards a card goes, whether a
card may go on one of your rows and which way the row runs, and the Check
panel that asks, with its number pad.

Rules: seed 004 (the ring, rows up or down, the cards in play for the
player count) through ``companion.games.up_or_down``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import flet as ft

from companion.games import up_or_down
from companion.i18n import N_, _
from companion.table.ask_answers import ERROR, NO, WAIT, YES, Answer
from companion.ui.ask_cards import answer_line, number_slot
from companion.ui.ask_pickers import NumberPicker
from companion.ui.widgets import section_title

_NUMBER_SPLIT = re.compile(r"[\s,;]+")


def read_numbers(text: str) -> list[int]:
    """Card numbers typed with spaces or commas: ``"4 34, 52"`` -> ``[4, 34, 52]``.

    Raises:
        up_or_down.UpOrDownError: naming the first token that is not a card number.
    """
    return [up_or_down.card_number(token) for token in _NUMBER_SPLIT.split(text.strip()) if token]


def ring_answer(ring: Sequence[int], card: int | None) -> Answer:
    """Between which ring cards a hand card goes, and which two may be taken.

    Args:
        ring: the ring's numbers (six in play), any order.
        card: the number of the card placed, or None while not given.

    Returns:
        An ``Answer`` from ``up_or_down.ring_neighbours``; with fewer than the ring's six
        numbers entered, it says the answer holds for those entered (a missing one may sit
        between them).
    """
    if len(ring) < 2 or card is None:
        return Answer(WAIT, _("Enter the ring's {count} numbers and your card.").format(count=up_or_down.RING_SIZE))
    try:
        lower, higher = up_or_down.ring_neighbours(ring, card)
    except ValueError as error:
        return Answer(ERROR, str(error))
    if lower < card < higher:
        text = _("{card} goes between {lower} and {higher}: take {lower} or {higher} into your display.")
    else:
        text = _(
            "{card} is outside the ring, so it goes between the lowest ({lower}) and the highest ({higher}): "
            "take {lower} or {higher} into your display."
        )
    text = text.format(card=card, lower=lower, higher=higher)
    if len(ring) < up_or_down.RING_SIZE:
        text += " " + _("(Only {count} of the ring's {size} numbers are entered: the answer holds for those.)").format(
            count=len(ring), size=up_or_down.RING_SIZE)
    return Answer(YES, text)


def row_answer(row: Sequence[int], card: int | None) -> Answer:
    """May a card go at the end of one of your rows, and which way the row runs.

    Args:
        row: the row's numbers in the order they were laid (may be empty).
        card: the number of the card to add, or None while not given.

    Returns:
        An ``Answer`` from ``up_or_down.check_row`` and ``row_direction``.
    """
    if card is None:
        return Answer(WAIT, _("Enter your row, then the card to add."))
    try:
        direction = up_or_down.row_direction(row)
        verdict = up_or_down.check_row(row, card)
    except ValueError as error:
        return Answer(ERROR, str(error))
    if not verdict:
        return Answer(NO, _("No: {reason}").format(reason=verdict.reason))
    after = up_or_down.row_direction([*row, card])
    if not row:
        return Answer(YES, _("Yes: {card} starts the row.").format(card=card))
    if direction is None:
        if after == "up":
            return Answer(YES, _("Yes: {card} is the row's second card and makes it run up.").format(card=card))
        return Answer(YES, _("Yes: {card} is the row's second card and makes it run down.").format(card=card))
    if direction == "up":
        return Answer(YES, _("Yes: the row runs upward and {card} continues it.").format(card=card))
    return Answer(YES, _("Yes: the row runs downward and {card} continues it.").format(card=card))


def numbers_answer(players: int, numbers: Sequence[int]) -> Answer | None:
    """An error answer when the numbers entered could not all be on one
    table (``up_or_down.check_in_play``): a number not in play for
    ``players`` or one entered twice; None when they could.

    Args:
        players: the player count (it fixes the cards in play).
        numbers: every number entered in the checker.
    """
    try:
        verdict = up_or_down.check_in_play(players, numbers)
    except ValueError as error:
        return Answer(ERROR, str(error))
    return None if verdict else Answer(ERROR, _("No deck holds these cards: {reason}.").format(reason=verdict.reason))


_NUMBER_SLOTS: tuple[tuple[str, str, int], ...] = (
    ("ring", N_("The ring ({count} numbers)"), up_or_down.RING_SIZE),
    ("card", N_("Your card"), 1),
    ("row", N_("Your row, in the order laid"), 0),
    ("row_card", N_("Card for that row"), 1),
)
"""(key, label, most numbers; 0 = no limit) of the Up or Down? checker's places; the
labels are marked and translated where shown, ``{count}`` filled with the most numbers."""


_MOST: dict[str, int] = {key: most for key, _label, most in _NUMBER_SLOTS}
"""The most numbers each place of the checker holds (0: no limit)."""


@dataclass(frozen=True)
class Placed:
    """The numbers placed in the checker (``values``: a tuple for each place of
    :data:`_NUMBER_SLOTS`) and the place the next ones go to (``active``). A
    tap changes it as a function of it as the taps before it left it, so taps
    that reach the server before the repaint each count."""

    values: dict[str, tuple[int, ...]] = field(default_factory=lambda: {key: () for key in _MOST})
    active: str = "ring"

    def picked(self, numbers: list[int]) -> Placed:
        """After ``numbers`` were picked for the active place: a one-number place keeps the last;
        the ring takes them only while they fit in its six (the picker refuses more in words,
        ``ask_pickers.no_room``; a tap that raced past it changes nothing, so no ring card is
        dropped); a full ring moves on to your card, a row given at once to its card."""
        most = _MOST[self.active]
        updated = self.values[self.active] + tuple(numbers)
        if most == 1:
            updated = updated[-1:]
        elif most and len(updated) > most:
            return self
        active = self.active
        if active == "ring" and len(updated) == _MOST["ring"]:
            active = "card"
        elif active == "row" and len(numbers) > 1:
            active = "row_card"
        return Placed({**self.values, self.active: updated}, active)

    def without(self, key: str, number: int) -> Placed:
        """With the first ``number`` of place ``key`` taken out (as it was when it holds none)."""
        held = self.values[key]
        if number not in held:
            return self
        index = held.index(number)
        return replace(self, values={**self.values, key: held[:index] + held[index + 1:]})


@ft.component
def Check(options: Mapping[str, Any], players: int) -> ft.Control:
    """The ring's six numbers and your card -> between which cards it goes;
    one of your rows and a card -> may it go there, and which way the row
    runs. ``players`` fixes the numbers in play; the game has no house
    rules (``options``). Each answer sits right under its cards, above the
    number pad, so it shows without scrolling after each tap."""
    placed, set_placed = ft.use_state(Placed)
    values, active = placed.values, placed.active
    labels = {key: _(label).format(count=most) for key, label, most in _NUMBER_SLOTS}

    def slot(key: str) -> ft.Control:
        return number_slot(labels[key], values[key], active=active == key,
                           on_click=lambda: set_placed(lambda now: replace(now, active=key)),
                           on_remove=lambda index: set_placed(lambda now: now.without(key, values[key][index])))

    card = values["card"][0] if values["card"] else None
    row_card = values["row_card"][0] if values["row_card"] else None
    pad = NumberPicker(lambda numbers: set_placed(lambda now: now.picked(numbers)), read=read_numbers, key="picker",
                       slot=labels[active], most=_MOST[active], held=len(values[active]))
    ring_part = active in ("ring", "card")
    problem = numbers_answer(players, [number for key, _label, _most in _NUMBER_SLOTS for number in values[key]])
    return ft.Column(
        [
            section_title(_("Where does my card go?")),
            slot("ring"),
            slot("card"),
            answer_line(problem or ring_answer(values["ring"], card), test_id="ring-answer"),
            *([pad] if ring_part else []),
            section_title(_("May it go on my row?")),
            slot("row"),
            slot("row_card"),
            answer_line(problem or row_answer(values["row"], row_card), test_id="row-answer"),
            *([] if ring_part else [pad]),
        ],
        spacing=12,
    )
