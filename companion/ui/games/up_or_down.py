"""Up or Down? on the screens: the scoring sheet, the checker, the lines
under the pad's title and the history line.

Rules: seed 004 (the ring, rows up or down, a row x its commonest colour,
+1 per discarded card) through ``companion.games.up_or_down``; scores
through ``companion.pads.UpOrDownPad``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import flet as ft

from companion.games import up_or_down
from companion.games.up_or_down import COLOURS, MAX_ROWS, colour_text, colours_text
from companion.i18n import N_, _, ngettext
from companion.pads import PadError, Row, UpOrDownPad
from companion.pads.base import points_text
from companion.stats import PlayerStats
from companion.ui.ask_answers import ERROR, NO, WAIT, YES, Answer
from companion.ui.ask_cards import answer_line, number_slot
from companion.ui.ask_pickers import NumberPicker
from companion.ui.entry_sheet import HAND_DONE, Submit, entering, player_card, sheet_frame, use_changes
from companion.ui.games import ADD_ROUND
from companion.ui.score_table import Extra, signed
from companion.ui.widgets import TOUCH, error_line, icon_button, section_title, stepper, tile_button

GAME = "up_or_down"
"""This module's registry id."""

COUNT_SCORES = N_("Count the scores")
"""The pad's add button before the game's one scoring (seed 004: scores are
counted once, at the end); marked, translated where shown."""

SWATCHES: dict[str, str] = {
    "red": ft.Colors.RED_400,
    "orange": ft.Colors.ORANGE_400,
    "yellow": ft.Colors.YELLOW_600,
    "green": ft.Colors.GREEN_500,
    "blue": ft.Colors.BLUE_400,
    "purple": ft.Colors.PURPLE_300,
}
"""Screen colour of each card colour name."""


def _counts(row: list[Any]) -> dict[str, int] | list[int]:
    """A stored row as colour counts, or the stored [cards, commonest] pair."""
    if len(row) == 2 and all(isinstance(v, int) for v in row):
        return list(row)
    return {colour: row.count(colour) for colour in COLOURS}


def _row(counts: dict[str, int] | list[int]) -> list[Any]:
    """The pad's row for the sheet's counts (colour names, one per card)."""
    if isinstance(counts, list):
        return counts
    return [colour for colour in COLOURS for _card in range(counts[colour])]


def _blank_row() -> dict[str, int]:
    return {colour: 0 for colour in COLOURS}


_ROWS_SPLIT = re.compile(r"[,;/\n]+")
_ROW_TOKENS = re.compile(r"\d+|[^\W\d_]+")
_TIMES = frozenset({"x", "\u00d7"})
_ROW_GAPS = re.compile(r"[\s\u00d7*]+")
"""What may stand between a row's numbers and colours besides the tokens: spaces and a times sign (8 x 3, 8*3)."""

TYPED_HINT = N_("8 3, 2 1 (cards, commonest colour) or {counts}")
"""The example under the typed-rows field (marked; translated where shown, ``counts`` from
:func:`counts_example`)."""

NO_BREAK = "\u00a0"
"""A space the hint's example of colour counts keeps, so the example wraps as one."""

EXAMPLE_COUNTS: dict[str, int] = {"yellow": 3, "blue": 2, "red": 1}
"""The colour counts the typed-rows examples show (``"3y 2b 1r"`` in English)."""


def _colours_starting(word: str) -> list[str]:
    """The colours (:data:`COLOURS`) whose English name or name in the current language starts with ``word`` (any case)."""
    return [colour for colour in COLOURS if word.casefold() in (colour[:len(word)], colour_text(colour).casefold()[:len(word)])]


def colour_letters(colour: str) -> str:
    """The shortest start of ``colour``'s name (one of :data:`COLOURS`) in the current language that
    :func:`read_row` reads as that colour alone: ``"y"`` for yellow in English, ``"gu"`` (gul) in
    Norwegian, ``"ge"`` (gelb) in German, where ``"g"`` is also green."""
    name = colour_text(colour).casefold()
    return next((name[:end] for end in range(1, len(name)) if _colours_starting(name[:end]) == [colour]), name)


def counts_text(counts: dict[str, int]) -> str:
    """Colour counts as typed, in the order of ``counts``, leaving out zeros, with each colour's
    :func:`colour_letters`: ``{"yellow": 3, "blue": 2}`` -> ``"3y 2b"`` (German ``"3ge 2b"``)."""
    return " ".join(f"{count}{colour_letters(colour)}" for colour, count in counts.items() if count)


def counts_example(colours: int = len(EXAMPLE_COUNTS)) -> str:
    """The first ``colours`` of :data:`EXAMPLE_COUNTS` typed in the current language (all: ``"3y 2b 1r"``,
    2: ``"3y 2b"``; Norwegian ``"3gu 2b 1r"``)."""
    return counts_text(dict(list(EXAMPLE_COUNTS.items())[:colours]))


def _colour_of(word: str, row: int) -> str:
    """The colour a typed word starts, in English or the current language (``"y"``, ``"yel"``, German ``"ge"`` -> ``"yellow"``)."""
    found = _colours_starting(word)
    if len(found) != 1:
        raise ValueError(_("Row {row}: '{word}' is not a colour ({colours})").format(
            row=row, word=word, colours=colours_text()
        ))
    return found[0]


def read_row(text: str, row: int) -> list[int] | dict[str, int]:
    """One typed row: two numbers ``"8 3"`` / ``"8x3"`` (the cards in the row
    and the count of its commonest colour) -> ``[8, 3]``; counts per colour
    ``"3y 2b"`` / ``"y3 b2"`` (a colour's first letters) -> colour counts.

    Raises:
        ValueError: naming row ``row`` (from 1) when it is neither, also
            for a sign that is not part of one ("-3 1": a count is never
            below 0, and the minus is not dropped without a word).
    """
    stray = _ROW_GAPS.sub("", _ROW_TOKENS.sub("", text))
    if stray:
        raise ValueError(_("Row {row}: '{sign}' can not be read: type whole numbers and colours (8 3, {counts})").format(
            row=row, sign=stray[0], counts=counts_example(2)))
    tokens = [token for token in _ROW_TOKENS.findall(text) if token.lower() not in _TIMES]
    numbers = [token for token in tokens if token.isdigit()]
    if len(numbers) == len(tokens):
        if len(numbers) != 2:
            raise ValueError(_(
                "Row {row}: give the cards in the row and its commonest colour's count (8 3), "
                "or a count per colour ({counts})"
            ).format(row=row, counts=counts_example(2)))
        return [int(numbers[0]), int(numbers[1])]
    counts = _blank_row()
    number_first = tokens[0].isdigit()
    pairs = list(zip(tokens[::2], tokens[1::2]))
    if len(tokens) % 2 or any(count.isdigit() == word.isdigit() for count, word in pairs):
        raise ValueError(_("Row {row}: give a count and a colour for each colour ({counts})").format(
            row=row, counts=counts_example(2)))
    for first, second in pairs:
        count, word = (first, second) if number_first else (second, first)
        if not count.isdigit():
            raise ValueError(_("Row {row}: put every count on the same side of its colour ({counts})").format(
                row=row, counts=counts_example(2)))
        counts[_colour_of(word, row)] += int(count)
    return counts


def read_rows(text: str) -> list[list[int] | dict[str, int]]:
    """A player's rows typed in one line, separated by commas (or ``;``, ``/``,
    new lines), each as :func:`read_row` reads it: ``"8 3, 2 1, 8 5"``.

    Raises:
        ValueError: naming the first row that can not be read.
    """
    parts = [part for part in _ROWS_SPLIT.split(text) if part.strip()]
    return [read_row(part, number) for number, part in enumerate(parts, start=1)]


def rows_text(rows: list) -> str:
    """The typed form of a player's rows (:func:`read_rows` reads it back);
    rows with no card yet are left out."""
    parts = []
    for counts in rows:
        if isinstance(counts, list):
            parts.append(f"{counts[0]} {counts[1]}")
        elif any(counts.values()):
            parts.append(counts_text({colour: counts[colour] for colour in COLOURS}))
    return ", ".join(parts)


def commonest_text(counts: list[int]) -> str:
    """A row typed as two numbers, in words: ``[8, 3]`` -> "8 cards, 3 of the commonest colour"."""
    return ngettext(
        "{cards} card, {commonest} of the commonest colour", "{cards} cards, {commonest} of the commonest colour",
        counts[0],
    ).format(cards=counts[0], commonest=counts[1])


def _score(pad: UpOrDownPad, rows: list, discarded: int) -> str:
    """A player's score in words, or the pad's reason it can not be scored."""
    try:
        return points_text(pad.score_preview([_row(r) for r in rows], discarded))
    except PadError as exc:
        return str(exc)


@ft.observable
@dataclass
class UpOrDownDraft:
    """An Up or Down? count being entered: per player ``{"rows": [colour
    counts or a stored (cards, commonest) pair], "discarded": int}``, the
    player shown, the pad's refusal of the last save ("" when none), the
    rows as typed per player and why they can not be read, and whether the
    typed-rows field holds on the phone the text typed there
    (``phone_has_text``): the sheet then sends that field no text, so a
    repaint that answers one keystroke never writes back an older text over
    the keystrokes typed since. The discard pile is a number typed the same
    way (``discards_typed``, ``discard_error``, ``phone_has_discard``), or
    stepped with - and +."""

    sheets: dict[str, dict]
    shown: str
    error: str = ""
    typed: dict[str, str] = field(default_factory=dict)
    typing_error: str = ""
    phone_has_text: bool = False
    discards_typed: dict[str, str] = field(default_factory=dict)
    discard_error: str = ""
    phone_has_discard: bool = False

    def _change(self, update: Callable[[dict], dict]) -> None:
        """Replace the shown player's sheet by ``update(sheet)``."""
        self.sheets[self.shown] = update(self.sheets[self.shown])
        self.typed.pop(self.shown, None)
        self.error = ""
        self.typing_error = ""
        self.phone_has_text = False
        self.discards_typed.pop(self.shown, None)
        self.discard_error = ""
        self.phone_has_discard = False

    def show(self, player: str) -> None:
        """Show ``player``'s display."""
        self.shown = player
        self.typing_error = ""
        self.phone_has_text = False
        self.discard_error = ""
        self.phone_has_discard = False

    def type_rows(self, text: str) -> None:
        """The shown player's rows typed as ``text`` (:func:`read_rows`): they
        replace the rows when they can be read, else the reason is kept in
        ``typing_error`` and the rows stay as they were."""
        try:
            rows = read_rows(text)
        except ValueError as exc:
            self.typed[self.shown] = text
            self.typing_error = str(exc)
            self.phone_has_text = True
            return
        self._change(lambda data: {**data, "rows": rows or [_blank_row()]})
        self.typed[self.shown] = text
        self.phone_has_text = True

    def rows_typed(self) -> str:
        """The typed-rows field's text for the shown player: what was typed,
        or the rows as :func:`rows_text` writes them."""
        return self.typed.get(self.shown, rows_text(self.sheets[self.shown]["rows"]))

    def step_colour(self, index: int, colour: str, delta: int) -> None:
        """One more (``delta`` 1) or one fewer (-1) card of ``colour`` in row ``index``."""
        def update(data):
            rows = list(data["rows"])
            rows[index] = {**rows[index], colour: max(0, rows[index][colour] + delta)}
            return {**data, "rows": rows}
        self._change(update)

    def remove_row(self, index: int) -> None:
        """Drop row ``index`` of the shown player."""
        self._change(lambda data: {**data, "rows": data["rows"][:index] + data["rows"][index + 1:]})

    def add_row(self) -> None:
        """Start another (empty) row for the shown player."""
        self._change(lambda data: {**data, "rows": [*data["rows"], _blank_row()]})

    def type_discard(self, text: str) -> None:
        """The shown player's discard pile typed as ``text``, a whole number
        ("" counts 0); other text is refused in ``discard_error`` and the
        count stays as it was."""
        typed = text.strip()
        if typed and not (typed.isascii() and typed.isdigit()):
            self.discards_typed[self.shown] = text
            self.discard_error = _("Type the cards on the discard pile as a whole number, like 4")
            self.phone_has_discard = True
            return
        rows_typed = self.typed.get(self.shown)
        self._change(lambda data: {**data, "discarded": int(typed or 0)})
        if rows_typed is not None:
            self.typed[self.shown] = rows_typed
        self.discards_typed[self.shown] = text
        self.phone_has_discard = True

    def discard_typed(self) -> str:
        """The discard field's text for the shown player: what was typed, or the count."""
        return self.discards_typed.get(self.shown, str(self.sheets[self.shown]["discarded"]))

    def step_discard(self, delta: int) -> None:
        """One more or one fewer card on the shown player's discard pile."""
        self._change(lambda data: {**data, "discarded": max(0, data["discarded"] + delta)})

    def entry(self) -> dict:
        """The keyword arguments of ``UpOrDownPad.add_round`` / ``edit_round``."""
        return {
            "scores": {
                player: {"rows": [_row(r) for r in data["rows"]], "discarded": data["discarded"]}
                for player, data in self.sheets.items()
            }
        }


def _draft(pad: UpOrDownPad, number: int | None, start: dict | None = None,
           only: str | None = None) -> UpOrDownDraft:
    """A blank count (one empty row each), the entry ``start`` to go on
    with, or the stored entry ``number`` to edit; ``only``'s display is
    shown first (else the first player's)."""
    if number is None and start is None:
        sheets = {player: {"rows": [_blank_row()], "discarded": 0} for player in pad.players}
    else:
        stored = start["scores"] if start is not None else pad.rounds[number - 1]["scores"]
        sheets = {
            player: {
                "rows": [_counts(row) for row in stored[player]["rows"]] or [_blank_row()],
                "discarded": stored[player]["discarded"],
            }
            for player in pad.players
        }
    return UpOrDownDraft(sheets, only or pad.players[0])


def sheet_entry(pad: UpOrDownPad, number: int | None, entry: dict) -> dict:
    """The entry the count for ``number`` (None: a new entry) holds when it
    starts from ``entry``, each player's score worked out as it shows it;
    raises (KeyError, TypeError, ValueError...) for an entry it can not
    start from (see ``companion.ui.entry_sheet``)."""
    draft = _draft(pad, number, entry)
    for sheet in draft.sheets.values():
        _score(pad, sheet["rows"], sheet["discarded"])
    return draft.entry()


@ft.component
def Entry(pad: UpOrDownPad, number: int | None, submit: Submit, close, delete, *,
          only: str | None = None, start: dict | None = None, on_change=None) -> ft.Control:
    """The end-of-game count for Up or Down? (a new entry when ``number`` is
    None); ``only``, ``start`` and ``on_change``: see
    ``companion.ui.entry_sheet`` (with ``only``, no other player's display
    can be picked)."""
    draft = ft.use_state(lambda: _draft(pad, number, start, only))[0]
    use_changes(draft.entry(), on_change)
    sheets, shown = draft.sheets, draft.shown
    sheet = sheets[shown]

    def save():
        draft.error = submit(draft.entry()) or ""

    picker = ft.Row(
        [
            ft.Column(
                [
                    tile_button(player, selected=player == shown, on_click=partial(draft.show, player), width=104),
                    ft.Text(
                        _score(pad, sheets[player]["rows"], sheets[player]["discarded"]),
                        size=12, text_align=ft.TextAlign.CENTER, width=104,
                    ),
                ],
                spacing=2,
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            )
            for player in entering(pad, only)
        ],
        wrap=True,
        spacing=8,
        run_spacing=8,
    )
    row_blocks: list[ft.Control] = []
    for index, counts in enumerate(sheet["rows"]):
        row_score = _score(pad, [counts], 0)
        if isinstance(counts, list):
            lines: list[ft.Control] = [
                ft.Text(commonest_text(counts))
            ]
        else:
            lines = [
                stepper(
                    colour_text(colour), counts[colour],
                    on_minus=partial(draft.step_colour, index, colour, -1),
                    on_plus=partial(draft.step_colour, index, colour, 1),
                    colour=SWATCHES[colour],
                    name=_("Row {number} {colour}").format(number=index + 1, colour=colour_text(colour)),
                )
                for colour in COLOURS
            ]
        row_blocks.append(
            player_card(
                [
                    ft.Row(
                        [
                            ft.Text(_("Row {number}").format(number=index + 1), weight=ft.FontWeight.W_600, expand=True),
                            ft.Text(row_score),
                            icon_button(
                                ft.Icons.DELETE_OUTLINE, _("Remove row {number}").format(number=index + 1), partial(draft.remove_row, index)
                            ),
                        ]
                    ),
                    *lines,
                ],
                test_id=f"row-{shown}-{index + 1}",
            )
        )
    typed_rows = ft.TextField(
        label=_("{player}'s rows, typed").format(player=shown),
        helper=_(TYPED_HINT).format(counts=counts_example().replace(" ", NO_BREAK)),
        value=None if draft.phone_has_text else draft.rows_typed(),
        error=draft.typing_error or None,
        error_max_lines=3,
        helper_max_lines=2,
        on_change=lambda e: draft.type_rows(e.control.value),
        autocorrect=False,
    )
    add_row = None
    if len(sheet["rows"]) < MAX_ROWS:
        add_row = ft.TextButton(
            _("Add a row"), icon=ft.Icons.ADD, height=TOUCH,
            on_click=draft.add_row,
        )
    discard = ft.Row(
        [
            icon_button(ft.Icons.REMOVE, _("{name} minus").format(name=_("Discard pile")),
                        partial(draft.step_discard, -1), disabled=sheet["discarded"] <= 0),
            ft.TextField(
                label=_("{player}'s discard pile").format(player=shown),
                value=None if draft.phone_has_discard else draft.discard_typed(),
                keyboard_type=ft.KeyboardType.NUMBER, expand=True, text_align=ft.TextAlign.CENTER,
                on_change=lambda e: draft.type_discard(e.control.value),
            ),
            icon_button(ft.Icons.ADD, _("{name} plus").format(name=_("Discard pile")), partial(draft.step_discard, 1)),
        ],
        spacing=4,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )
    discard_error = error_line(draft.discard_error)
    if only:
        hint = _("Type your rows or count the colours with the buttons, and count the cards on your discard pile.")
        title = _("{player}'s count").format(player=only)
    else:
        hint = _(
            "Tap a player, then type their rows or count the colours with the buttons, "
            "and count the cards on their discard pile."
        )
        title = _("Count the scores (edit)") if number else _(COUNT_SCORES)
    return sheet_frame(
        title,
        [
            ft.Text(hint, color=ft.Colors.ON_SURFACE_VARIANT),
            picker,
            ft.Text(_("{player}'s display").format(player=shown), theme_style=ft.TextThemeStyle.TITLE_MEDIUM),
            typed_rows,
            *row_blocks,
            add_row,
            discard,
            discard_error,
        ],
        error=draft.error,
        on_save=save,
        on_cancel=close,
        on_delete=delete if number else None,
        save_label=_(HAND_DONE) if only else _("Save scores"),
    )


# ---- the checker -------------------------------------------------------------------

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
        An ``Answer`` from ``up_or_down.ring_neighbours``.
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
    return Answer(YES, text.format(card=card, lower=lower, higher=higher))


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


@ft.component
def Check(options: Mapping[str, Any], players: int) -> ft.Control:
    """The ring's six numbers and your card -> between which cards it goes;
    one of your rows and a card -> may it go there, and which way the row
    runs. ``players`` fixes the numbers in play; the game has no house
    rules (``options``). Each answer sits right under its cards, above the
    number pad, so it shows without scrolling after each tap."""
    values, set_values = ft.use_state(lambda: {key: () for key, _label, _most in _NUMBER_SLOTS})
    active, set_active = ft.use_state("ring")
    limits = {key: most for key, _label, most in _NUMBER_SLOTS}
    labels = {key: _(label).format(count=most) for key, label, most in _NUMBER_SLOTS}

    def pick(numbers: list[int]):
        most = limits[active]
        current = values[active]
        if most == 1:
            updated = (numbers[-1],)
        else:
            updated = current + tuple(numbers)
            if most:
                updated = updated[-most:]
        changed = {**values, active: updated}
        set_values(changed)
        if active == "ring" and len(updated) == limits["ring"]:
            set_active("card")
        elif active == "row" and len(numbers) > 1:
            set_active("row_card")

    def remove(key: str, index: int):
        set_values({**values, key: values[key][:index] + values[key][index + 1:]})

    def slot(key: str) -> ft.Control:
        return number_slot(labels[key], values[key], active=active == key,
                           on_click=lambda: set_active(key),
                           on_remove=lambda index: remove(key, index))

    card = values["card"][0] if values["card"] else None
    row_card = values["row_card"][0] if values["row_card"] else None
    pad = NumberPicker(pick, read=read_numbers)
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


# ---- the pad, the new game and the history --------------------------------------------

def options_panel(chosen: Mapping[str, Any], set_option: Callable[[str, Any], None]) -> None:
    """Up or Down? has no house rules: nothing on the New game screen."""
    return None


def facts(pad: UpOrDownPad) -> list[str]:
    """No line under the pad's title."""
    return []


def add_label(pad: UpOrDownPad) -> str:
    """The pad's add button: ``COUNT_SCORES`` before the scores are in, then "Add round"."""
    return _(ADD_ROUND) if pad.rows else _(COUNT_SCORES)


def total_extras(pad: UpOrDownPad, player: str) -> tuple[Extra, ...]:
    """Nothing under an Up or Down? total."""
    return ()


def change_text(pad: UpOrDownPad, row: Row, player: str) -> str:
    """A round cell's small text: the points scored ("+22")."""
    return signed(row.points[player])


def stats_parts(stats: PlayerStats) -> list[str]:
    """A player's Up or Down? statistics: the best score of one game."""
    return [] if stats.best_score is None else [_("best score {score}").format(score=stats.best_score)]


def entry_lines(pad: UpOrDownPad, number: int, player: str) -> list[str]:
    """What was entered for ``player`` in round ``number``: each row (its
    cards and commonest colour's count, or its colours) with the row's
    score (``pad.score_preview``), and the cards on the discard pile."""
    stored = pad.rounds[number - 1]["scores"][player]
    lines = []
    for index, row in enumerate(stored["rows"], start=1):
        counts = _counts(row)
        if isinstance(counts, list):
            what = commonest_text(counts)
        else:
            what = ", ".join(f"{counts[colour]} {colour_text(colour)}" for colour in COLOURS if counts[colour])
        lines.append(_("row {number}: {cards} = {points}").format(
            number=index, cards=what or _("no cards"), points=points_text(pad.score_preview([row], 0))
        ))
    discarded = stored["discarded"]
    lines.append(ngettext("discard pile: {count} card", "discard pile: {count} cards", discarded).format(count=discarded))
    return lines


def board_unit(pad: UpOrDownPad) -> str:
    """The heading of the board's totals: "Points"."""
    return _("Points")


def board_note(pad: UpOrDownPad, player: str) -> str:
    """Nothing under a name on the board: the total says it all."""
    return ""
