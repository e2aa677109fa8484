"""The frame every round-entry sheet shares, and the contract between a sheet
and the score pad screen.

A sheet is each game's ``Entry`` (``companion/ui/games/<id>.py``), a
``@ft.component`` called as ``Entry(pad, number, submit, close, delete)``:

- ``pad``: the game's pad (read it for names, options, live previews);
- ``number``: the round being edited, or ``None`` for a new round (then
  ``pad.next_round``);
- ``submit(entry) -> str | None``: hands the pad's ``add_round`` /
  ``edit_round`` keyword arguments to the screen, which saves them on the
  latest saved game (companion/table/saving.py) and returns ``None`` (saved,
  or put to the user as a question because another phone changed the game
  meanwhile), or returns why it was refused (the pad's or the store's words);
- ``close()``: back to the table without saving;
- ``delete()``: deletes the round being edited (offered only when editing).

A game whose rounds are entered hand by hand (``pad.HAND_BY_HAND``) takes
two keywords more, ``Entry(..., only=None, start=None)``:

- ``only``: the one player whose part this sheet enters (their own hand,
  on their own phone), or None for every player;
- ``start``: an entry (the pad's ``add_round`` keyword arguments) to start
  from instead of a blank round, e.g. the hands already entered.

Every sheet also takes ``on_change=None``: called with the sheet's entry
(as ``submit`` would get it) after each change the user makes to it (a
tap, a keystroke; not when it first shows), so the screen can keep it as
typed (``companion.table.kept_sheets``); a sheet that saves on its tap
(One-card) has nothing to report. Each game's UI module offers
``sheet_entry(pad, number, entry)``: the entry its sheet holds when it
starts from ``entry`` (round ``number``, None: a new round), raising
KeyError, TypeError, ValueError, IndexError or AttributeError for an entry
its sheet can not start from (a kept sheet that is damaged).

Deleting a round is the frame's job (``delete``), so every sheet offers it.
The pad screen re-renders an open sheet with the game as saved now (its
``pad`` may differ from the one it was opened on): a sheet reads its
starting values once (``ft.use_state``) so the user's taps are kept.
A new round's sheet that starts blank may be built out of sight before
"Add round" shows it (``companion.ui.pad.ReadySheet``): it is built anew,
on the game as it is then, before each round it shows for, so it must
not take being built for being shown. While its save runs, an open sheet
is kept out of sight (the table shows what it saves: ``Screen.pending``)
and shows again, as typed, when the save is refused: it must not take
being hidden for being closed either.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import flet as ft

from companion.i18n import N_, _
from companion.pads.base import Pad, Row
from companion.ui.widgets import TOUCH, error_line, screen_header

Submit = Callable[[dict], "str | None"]
"""``submit(entry)``: None when saved, else the reason it was refused."""

HAND_DONE = N_("My hand is in")
"""The save button of a sheet entering one player's own hand (marked; translate where shown)."""


def use_changes(entry: dict, on_change: Callable[[dict], None] | None) -> None:
    """Call ``on_change(entry)`` after each render of the calling sheet
    whose ``entry`` differs from the render before (not after the first
    render: the sheet as opened); call inside a sheet component on every
    render, ``on_change`` None doing nothing."""
    first = ft.use_ref(True)

    def changed() -> None:
        if first.current:
            first.current = False
        elif on_change is not None:
            on_change(entry)

    ft.use_effect(changed, [entry])


def entering(pad: Pad, only: str | None) -> tuple[str, ...]:
    """The players a sheet enters: ``only``, or every player of ``pad``."""
    return (only,) if only else pad.players


def sheet_title(round_number: int, editing: int | None, only: str | None) -> str:
    """A round sheet's title: "Round 4", "Round 4 (edit)", or "Round 4: Ben's hand"."""
    if only:
        return _("Round {number}: {player}'s hand").format(number=round_number, player=only)
    if editing:
        return _("Round {number} (edit)").format(number=round_number)
    return _("Round {number}").format(number=round_number)


def sheet_frame(
    title: str,
    body: Sequence[ft.Control | None],
    *,
    error: str,
    on_save: Callable[[], None] | None,
    on_cancel: Callable[[], None],
    on_delete: Callable[[], None] | None = None,
    save_label: str | None = None,
) -> ft.Control:
    """Title, the sheet's controls, the refusal (if any) and the buttons.

    ``on_save`` None hides the save buttons (a sheet that saves on a tap;
    otherwise a save button sits in the title row too, reachable without
    scrolling past every player); ``on_delete`` None hides "Delete round".
    ``save_label`` is the save buttons' text, in the current language (None:
    "Save round" below, a short "Save" in the title row), so the two
    buttons that do the same say the same ("My hand is in").
    """
    buttons: list[ft.Control] = []
    if on_save is not None:
        buttons.append(ft.FilledButton(save_label or _("Save round"), icon=ft.Icons.CHECK, on_click=on_save, height=56, expand=True))
    buttons.append(ft.OutlinedButton(_("Cancel"), on_click=on_cancel, height=56))
    extra: list[ft.Control] = []
    if on_delete is not None:
        extra.append(
            ft.TextButton(
                _("Delete this round"), icon=ft.Icons.DELETE_OUTLINE, on_click=on_delete, height=TOUCH,
                style=ft.ButtonStyle(color=ft.Colors.ERROR),
            )
        )
    header_actions: list[ft.Control] = []
    if on_save is not None:
        header_actions.append(ft.FilledButton(save_label or _("Save"), on_click=on_save, height=TOUCH))
    return ft.Column(
        [
            screen_header(title, back=on_cancel, actions=header_actions),
            *[control for control in body if control is not None],
            *[line for line in [error_line(error)] if line is not None],
            ft.Row(buttons),
            *extra,
        ],
        spacing=12,
    )


def player_card(content: Sequence[ft.Control | None], *, test_id: str, highlight: bool = False) -> ft.Control:
    """One player's part of a sheet, in an outlined box with a test id."""
    return ft.Semantics(
        identifier=test_id,
        container=True,
        content=ft.Container(
            border=ft.Border.all(2 if highlight else 1, ft.Colors.PRIMARY if highlight else ft.Colors.OUTLINE_VARIANT),
            border_radius=12,
            padding=8,
            content=ft.Column([control for control in content if control is not None], spacing=8),
        ),
    )


def toggle_chip(label: str, on: bool, on_click: Callable[[], None], *, icon: ft.IconData | None = None) -> ft.Control:
    """A pill-shaped on/off button (filled when on), at least 48 px high:
    Material 3's own filled and outlined buttons, whose shape is the pill,
    so a sheet of many chips sends the phone no style."""
    if on:
        return ft.FilledButton(label, icon=icon or ft.Icons.CHECK, on_click=on_click, height=TOUCH)
    return ft.OutlinedButton(label, icon=icon, on_click=on_click, height=TOUCH)


def preview_or_none(pad: Pad, entry: dict, number: int | None = None) -> Row | None:
    """The row ``entry`` would add to ``pad`` (saving nothing), or make of
    round ``number`` edited (a pad whose ``preview_round`` takes ``number``),
    or None while the entry is still incomplete or refused: by the pad
    (PadError) or by the rules core a pad asks (its errors are ValueErrors
    too, e.g. a half-typed penalty figure that no hand can make)."""
    try:
        return pad.preview_round(**entry) if number is None else pad.preview_round(**entry, number=number)
    except ValueError:
        return None
