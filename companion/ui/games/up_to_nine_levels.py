"""Up to 9's level table on the New game screen: the preset, or an edited copy.

The table is kept as the JSON the pad stores (``up_to_nine.levels_to_json``);
the words shown for each level (its contract and wild budget) come from
``up_to_nine.levels_from_json``. A table the rules core refuses is shown with
its reason and the game can not start with it (the pad refuses it too).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from functools import partial
from typing import Any

import flet as ft

from companion.games import up_to_nine
from companion.i18n import N_, _, ngettext
from companion.ui.widgets import TOUCH, error_line, icon_button, section_title

PRESET = up_to_nine.levels_to_json(up_to_nine.LEVELS)
"""The preset table as JSON (rulings.md, Up to 9)."""

KIND_LABELS = {up_to_nine.STRAIGHT: N_("Straight"), up_to_nine.SET: N_("Set")}
"""The button naming a group's kind (marked; translated where shown)."""


def _small_stepper(
    text: str, name: str, value: int, on_step: Callable[[int], None], *, least: int = 0
) -> ft.Control:
    """- ``text`` + with the buttons named "<name> minus" / "<name> plus";
    ``on_step(-1 or 1)``; minus is off at ``least``."""
    return ft.Row(
        [
            icon_button(ft.Icons.REMOVE, _("{name} minus").format(name=name), partial(on_step, -1), disabled=value <= least),
            ft.Text(text, size=14, text_align=ft.TextAlign.CENTER),
            icon_button(ft.Icons.ADD, _("{name} plus").format(name=name), partial(on_step, 1)),
        ],
        spacing=0,
        tight=True,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )


def _level_words(levels: list[dict[str, Any]]) -> tuple[list[str], str]:
    """(one line per level, error) for a JSON table; the error is "" when it is valid."""
    try:
        table = up_to_nine.levels_from_json(levels)
    except ValueError as exc:
        return [], str(exc)
    return [_("{contract} · wilds: {budget}").format(contract=level.contract, budget=level.budget_text)
            for level in table], ""


def _swap_kind(index: int, level: dict[str, Any]) -> None:
    """Make group ``index`` of ``level`` (JSON, edited in place) a straight if it is a set, else a set."""
    group = level["groups"][index]
    group["kind"] = up_to_nine.SET if group["kind"] == up_to_nine.STRAIGHT else up_to_nine.STRAIGHT


def _step_group(index: int, field: str, least: int, delta: int, level: dict[str, Any]) -> None:
    """Add ``delta`` to ``field`` (cards or wilds) of group ``index`` of ``level`` (JSON, edited in
    place), never under ``least``."""
    group = level["groups"][index]
    group[field] = max(least, group[field] + delta)


def _remove_group(index: int, level: dict[str, Any]) -> None:
    """Take group ``index`` out of ``level`` (JSON, edited in place) while the level keeps one."""
    if index < len(level["groups"]) and len(level["groups"]) > 1:
        level["groups"].pop(index)


def _group_editor(number: int, level: dict[str, Any], index: int,
                  change: Callable[[Callable[[dict[str, Any]], None]], None]) -> ft.Control:
    """Group ``index`` of level ``number`` (``level``, as JSON) in the editor: its kind (a tap swaps
    straight and set), a button that removes it (off for the level's last group), and steppers for
    its cards and its wilds; ``change(mutate)`` hands on the tap's edit of the level (applied to the
    level as the taps before it left it, so a step keeps to its bounds and a group is removed only
    while the level keeps one)."""
    group = level["groups"][index]
    group_number = index + 1

    def step(field: str, least: int, delta: int):
        change(partial(_step_group, index, field, least, delta))

    return ft.Column(
        [
            ft.Row(
                [
                    ft.Text(_("Group {number}:").format(number=group_number), weight=ft.FontWeight.W_600),
                    ft.OutlinedButton(
                        _(KIND_LABELS[group["kind"]]) if group["kind"] in KIND_LABELS else group["kind"],
                        icon=ft.Icons.SWAP_HORIZ,
                        on_click=lambda: change(partial(_swap_kind, index)),
                        height=TOUCH,
                    ),
                    ft.Container(expand=True),
                    icon_button(
                        ft.Icons.DELETE_OUTLINE,
                        _("Remove level {level} group {group}").format(level=number, group=group_number),
                        lambda: change(partial(_remove_group, index)),
                        disabled=len(level["groups"]) <= 1,
                    ),
                ],
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            ft.Row(
                [
                    _small_stepper(
                        ngettext("{count} card", "{count} cards", group["size"]).format(count=group["size"]),
                        _("Level {level} group {group} cards").format(level=number, group=group_number),
                        group["size"],
                        partial(step, "size", 2), least=2,
                    ),
                    _small_stepper(
                        ngettext("{count} wild", "{count} wilds", group["max_wild"]).format(count=group["max_wild"]),
                        _("Level {level} group {group} wilds").format(level=number, group=group_number),
                        group["max_wild"], partial(step, "max_wild", 0),
                    ),
                ],
                spacing=0,
                alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
            ),
        ],
        spacing=0,
    )


@ft.component
def LevelEditor(number: int, level: dict[str, Any],
                on_change: Callable[[Callable[[dict[str, Any]], None]], None]) -> ft.Control:
    """Edit one level's groups (kind, size, wilds), its wild budget and clean
    groups: a tap hands ``on_change`` its edit (``mutate(level)``, editing
    the level in place), which the table applies to the level as the taps
    before it left it."""

    def step_level(field: str, delta: int):
        def mutate(lv):
            lv[field] = max(0, lv.get(field, 0) + delta)
        on_change(mutate)

    return ft.Container(
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        border_radius=12,
        padding=8,
        content=ft.Column(
            [
                *[_group_editor(number, level, i, on_change) for i in range(len(level["groups"]))],
                ft.TextButton(
                    _("Add a group"), icon=ft.Icons.ADD, height=TOUCH,
                    on_click=lambda: on_change(
                        lambda lv: lv["groups"].append({"kind": up_to_nine.SET, "size": 3, "max_wild": 0})
                    ),
                ),
                _small_stepper(
                    ngettext("{count} wild in all", "{count} wilds in all", level["max_wild"]).format(
                        count=level["max_wild"]
                    ),
                    _("Level {level} wilds in all").format(level=number), level["max_wild"],
                    partial(step_level, "max_wild"),
                ),
                _small_stepper(
                    ngettext("{count} group with no wild", "{count} groups with no wild", level.get("min_clean", 0)).format(
                        count=level.get("min_clean", 0)
                    ),
                    _("Level {level} clean groups").format(level=number),
                    level.get("min_clean", 0), partial(step_level, "min_clean"),
                ),
            ],
            spacing=4,
        ),
    )


def _edited(number: int, mutate: Callable[[dict[str, Any]], None], table: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A copy of the level table ``table`` (JSON) with level ``number`` edited by ``mutate``."""
    edited = copy.deepcopy(table)
    mutate(edited[number - 1])
    return edited


@ft.component
def LevelTable(levels: list[dict[str, Any]], set_levels: Callable[[list[dict[str, Any]]], None]) -> ft.Control:
    """The level table for a new Up to 9 game; each level can be edited.

    Takes the table as JSON and ``set_levels(table)``, where ``table`` may
    be a function making the new table from the one now (a level's edit:
    two taps before the repaint make both edits). An edited table is a
    house rule; "Back to the preset levels" undoes every edit.
    """
    open_level, set_open_level = ft.use_state(0)
    edited = levels != PRESET
    lines, error = _level_words(levels)

    def edit_level(number: int, mutate: Callable[[dict[str, Any]], None]):
        set_levels(partial(_edited, number, mutate))

    def reset():
        set_open_level(0)
        set_levels(copy.deepcopy(PRESET))

    rows: list[ft.Control] = []
    for number, level in enumerate(levels, start=1):
        text = lines[number - 1] if lines else ngettext(
            "{count} group", "{count} groups", len(level["groups"])
        ).format(count=len(level["groups"]))
        rows.append(
            ft.Row(
                [
                    ft.Text(f"{number}", width=20, weight=ft.FontWeight.W_600),
                    ft.Text(text, expand=True),
                    icon_button(
                        ft.Icons.EXPAND_LESS if open_level == number else ft.Icons.EDIT_OUTLINED,
                        _("Edit level {level}").format(level=number),
                        partial(set_open_level, 0 if open_level == number else number),
                    ),
                ],
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            )
        )
        if open_level == number:
            rows.append(LevelEditor(number, level, partial(edit_level, number)))
    return ft.Column(
        controls=[c for c in [
            section_title(_("Level table (edited: house rule)") if edited else _("Level table (the preset)")),
            ft.Text(_("Tap the pencil to change a level before the game starts."), color=ft.Colors.ON_SURFACE_VARIANT),
            *rows,
            ft.TextButton(
                _("Back to the preset levels"), icon=ft.Icons.RESTART_ALT, height=TOUCH,
                on_click=reset,
            )
            if edited
            else None,
            error_line(error),
        ] if c is not None],
        spacing=4,
    )
