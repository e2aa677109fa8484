"""Up to 9 on the screens: the round sheet, the checker (lay down, find it in
a hand, lay off), the level table, the lines under the pad's title, the
level in the score table and the history line.

Rules: seed 003 and rulings.md (levels, wild budgets, lay-off) through
``companion.games.up_to_nine``; scores and levels through
``companion.pads.UpToNinePad``. The checker is
``companion.ui.games.up_to_nine_check``, the level table editor
``companion.ui.games.up_to_nine_levels``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import flet as ft

from companion.cards import RANK_LABELS, as_cards, rank_letter, show_cards
from companion.i18n import _
from companion.games.up_to_nine import FINISHED, UpToNinePad
from companion.pads import PadError, Row
from companion.pads.base import points_text
from companion.stats import PlayerStats
from companion.ui.card_picker import card_counter
from companion.ui.entry_sheet import (
    HAND_DONE,
    Submit,
    entering,
    player_card,
    preview_or_none,
    sheet_frame,
    sheet_title,
    toggle_chip,
    use_changes,
)
from companion.ui.games import ADD_ROUND, penalty_parts
from companion.ui.games.up_to_nine_check import Check, check_start
from companion.ui.games.up_to_nine_levels import LevelTable
from companion.ui.score_table import Extra, Note, signed
from companion.ui.widgets import PhoneText

__all__ = [
    "Check", "Entry", "add_label", "change_text", "check_start", "entry_lines", "facts", "options_panel", "stats_parts",
    "total_extras",
]
"""The hooks every game's UI module offers (see ``companion.ui.games``)."""

GAME = "up_to_nine"
"""This module's registry id."""

RANKS: tuple[str, ...] = tuple(RANK_LABELS.values())
"""Rank tiles in order A 2 .. 10 J Q K."""


def _blank() -> dict:
    """A player's result before anything is tapped."""
    return {"laid_down": False, "out": False, "hand": (), "points": ""}


def _from_stored(result: dict) -> dict:
    """The sheet's state for a stored result (editing a round)."""
    points = result.get("points")
    out = not result.get("hand") and points is None
    return {
        "laid_down": bool(result.get("laid_down")),
        "out": out,
        "hand": tuple(result.get("hand") or ()),
        "points": "" if points is None else str(points),
    }


def _result(state: dict) -> dict:
    """The pad's result for one player from the sheet's state."""
    if state["out"]:
        return {"laid_down": True, "hand": [], "points": None}
    typed = state["points"].strip()
    points = int(typed) if typed.isdigit() else None
    return {"laid_down": state["laid_down"], "hand": list(state["hand"]), "points": points}


def _level_text(level: int) -> str:
    """ "level 4", or "level 9 done" once level 9 is laid down (in the current language)."""
    return _("level 9 done") if level == FINISHED else _("level {level}").format(level=level)


def played_for(pad: UpToNinePad, number: int, player: str) -> int:
    """The level ``player`` played for in round ``number`` (from 1): the level
    after the round before (``Row.level``), 1 in round 1, ``FINISHED`` when
    level 9 was already laid down (seed 003: one level up per lay-down)."""
    return pad.rows[number - 2].level[player] if number > 1 else 1


def contract_text(pad: UpToNinePad, level: int) -> str:
    """A level's contract for the sheet: "level 3: 2 sets of 3 · wilds 1"
    (``pad.levels``), or "level 9 done" once level 9 is laid down."""
    if level == FINISHED:
        return _level_text(level)
    contract = pad.levels[level - 1]
    return _("level {level}: {contract} · wilds {wilds}").format(
        level=level, contract=contract.contract, wilds=contract.max_wild
    )


@ft.observable
@dataclass
class UpToNineDraft:
    """An Up to 9 round being entered: per player ``{"laid_down", "out",
    "hand" (rank labels or stored cards), "points" (typed text)}``, the
    pad's refusal of the last save ("" when none), and each player's points
    field as the phone holds it (:meth:`points_field`): a repaint paints the
    phone's text, so it never writes an older text over the keys typed
    since; points the sheet sets itself (a card tapped empties them) are
    painted once."""

    states: dict[str, dict]
    error: str = ""
    _points_fields: dict[str, PhoneText] = field(default_factory=dict)

    def _set(self, player: str, fields: dict) -> None:
        """Replace some of ``player``'s fields; the last refusal goes away."""
        self.states[player] = {**self.states[player], **fields}
        self.error = ""

    def change(self, player: str, **fields) -> None:
        """Replace some of ``player``'s fields (new ``points`` are painted into the phone's field)."""
        self._set(player, fields)
        if "points" in fields:
            self.points_field(player).put(fields["points"])

    def points_field(self, player: str) -> PhoneText:
        """``player``'s points field as the phone holds it."""
        return self._points_fields.setdefault(player, PhoneText())

    def toggle_out(self, player: str) -> None:
        """Mark ``player`` as gone out (laid down, nothing left), or unmark."""
        if self.states[player]["out"]:
            self.change(player, out=False)
        else:
            self.change(player, out=True, laid_down=True, hand=(), points="")

    def toggle_laid_down(self, player: str) -> None:
        """Flip whether ``player`` laid down the contract this round."""
        self.change(player, laid_down=not self.states[player]["laid_down"])

    def add_card(self, player: str, rank: str) -> None:
        """One more card of ``rank`` left in ``player``'s hand (typed points are cleared)."""
        self.change(player, hand=self.states[player]["hand"] + (rank,), points="")

    def remove_card(self, player: str, index: int) -> None:
        """Take the ``index``-th entered card back out."""
        hand = self.states[player]["hand"]
        self.change(player, hand=hand[:index] + hand[index + 1:])

    def type_points(self, player: str, e: ft.Event[ft.TextField]) -> None:
        """A penalty figure typed instead of cards (entered cards are cleared)."""
        self._set(player, {"points": e.control.value, "hand": ()})

    def entry(self) -> dict:
        """The keyword arguments of ``UpToNinePad.add_round`` / ``edit_round``:
        every player's result, and who went out (the one player marked so;
        None when nobody or, refused by the pad, several are), saved with
        the round as the sheet showed it."""
        out = [player for player, state in self.states.items() if state["out"]]
        return {
            "results": {player: _result(state) for player, state in self.states.items()},
            "went_out": out[0] if len(out) == 1 else None,
        }


def _draft(pad: UpToNinePad, number: int | None, start: dict | None = None) -> UpToNineDraft:
    """A blank draft, the entry ``start`` to go on with, or the stored round
    ``number`` to edit."""
    if number is None and start is None:
        return UpToNineDraft({player: _blank() for player in pad.players})
    if start is not None:
        stored, went_out = start["results"], start["went_out"]
    else:
        stored, went_out = pad.rounds[number - 1]["results"], pad.went_out(number)
    return UpToNineDraft(
        {player: {**_from_stored(stored[player]), "out": player == went_out} for player in pad.players}
    )


def sheet_entry(pad: UpToNinePad, number: int | None, entry: dict) -> dict:
    """The entry the sheet for round ``number`` (None: a new round) holds
    when it starts from ``entry``, with the level each player played for;
    raises (KeyError, TypeError, ValueError...) for an entry it can not
    start from (see ``companion.ui.entry_sheet``)."""
    draft = _draft(pad, number, entry)
    for player, state in draft.states.items():
        contract_text(pad, pad.level(player) if number is None else played_for(pad, number, player))
        result = _result(state)
        if not state["out"] and not isinstance(result["points"], int):
            try:
                pad.penalty_preview(result["hand"])
            except PadError:
                pass
    return draft.entry()


def _penalty_text(pad: UpToNinePad, state: dict) -> str:
    """What a player's result on the sheet counts: "went out", the points typed, or the penalty of
    the cards entered (``pad.penalty_preview``; its reason when it can not count them)."""
    result = _result(state)
    if state["out"]:
        return _("went out")
    if isinstance(result["points"], int):
        return points_text(result["points"])
    try:
        return points_text(pad.penalty_preview(result["hand"]))
    except PadError as exc:
        return str(exc)


def _result_heading(player: str, contract: str, penalty: str, after: str) -> ft.Control:
    """A player's line on the sheet: the name over the contract played for, the penalty over the
    level played next (``after``, "" while not known)."""
    return ft.Row(
        [
            ft.Column(
                [
                    ft.Text(player, size=18, weight=ft.FontWeight.W_600),
                    ft.Text(contract, size=12, color=ft.Colors.ON_SURFACE_VARIANT, visible=bool(contract)),
                ],
                spacing=0,
                expand=True,
            ),
            ft.Column(
                [
                    ft.Text(penalty, size=18, weight=ft.FontWeight.BOLD),
                    ft.Text(after, size=12, color=ft.Colors.PRIMARY, visible=bool(after)),
                ],
                spacing=0,
                horizontal_alignment=ft.CrossAxisAlignment.END,
            ),
        ]
    )


def _cards_left(draft: UpToNineDraft, player: str) -> list[ft.Control]:
    """For a player who did not go out: the cards left in the hand, a rank tile per card, or the
    points typed instead."""
    state = draft.states[player]
    return [
        ft.Text(_("Cards left (tap a rank per card):"), size=12, color=ft.Colors.ON_SURFACE_VARIANT),
        card_counter(
            RANKS,
            state["hand"],
            partial(draft.add_card, player),
            partial(draft.remove_card, player),
            labels={label: rank_letter(rank) for rank, label in RANK_LABELS.items()},
        ),
        ft.TextField(
            label=_("{player}'s points instead of cards").format(player=player),
            value=draft.points_field(player).value(state["points"]),
            ref=draft.points_field(player).field,
            keyboard_type=ft.KeyboardType.NUMBER,
            input_filter=ft.NumbersOnlyInputFilter(),
            on_change=partial(draft.type_points, player),
            dense=True,
        ),
    ]


def _player_result(pad: UpToNinePad, draft: UpToNineDraft, player: str, number: int | None,
                   preview: Row | None) -> ft.Control:
    """``player``'s card on the sheet for round ``number`` (None: a new round): the contract, the
    penalty and, with the round's ``preview`` (new or edited), the level next; laid down and went out; the
    cards left."""
    state = draft.states[player]
    level = pad.level(player) if number is None else played_for(pad, number, player)
    contract = _("played for {contract}").format(contract=contract_text(pad, level)) if number else contract_text(pad, level)
    after = _("next: {level}").format(level=_level_text(preview.level[player])) if preview else ""
    body: list[ft.Control | None] = [
        _result_heading(player, contract, _penalty_text(pad, state), after),
        ft.Row(
            [
                toggle_chip(
                    _("{player} laid down").format(player=player), state["laid_down"],
                    partial(draft.toggle_laid_down, player),
                ),
                toggle_chip(
                    _("{player} went out").format(player=player), state["out"], partial(draft.toggle_out, player), icon=ft.Icons.FLAG
                ),
            ],
            wrap=True,
            spacing=8,
        ),
    ]
    if not state["out"]:
        body += _cards_left(draft, player)
    return player_card(body, test_id=f"result-{player}", highlight=state["out"])


@ft.component
def Entry(pad: UpToNinePad, number: int | None, submit: Submit, close, delete, *,
          only: str | None = None, start: dict | None = None, on_change=None) -> ft.Control:
    """The entry sheet for an Up to 9 round (new when ``number`` is None);
    ``only``, ``start`` and ``on_change``: see ``companion.ui.entry_sheet``."""
    draft, _set_draft = ft.use_state(lambda: _draft(pad, number, start))
    use_changes(draft.entry(), on_change)

    def save():
        draft.error = submit(draft.entry()) or ""

    preview = preview_or_none(pad, draft.entry(), number)
    hint = (
        _("Laid down or not, then the cards you have left or your points.") if only
        else _("For each player: laid down or not, then the cards left or their points.")
    )
    return sheet_frame(
        sheet_title(number or pad.next_round, number, only),
        [ft.Text(hint, color=ft.Colors.ON_SURFACE_VARIANT),
         *[_player_result(pad, draft, player, number, preview) for player in entering(pad, only)]],
        error=draft.error,
        on_save=save,
        on_cancel=close,
        on_delete=delete if number else None,
        save_label=_(HAND_DONE) if only else None,
    )


# ---- the pad, the new game and the history --------------------------------------------

def options_panel(chosen: Mapping[str, Any], set_option: Callable[[str, Any], None]) -> ft.Control:
    """The level table on the New game screen (the preset, or an edited copy).
    ``chosen``: every option's value; ``set_option(name, value)``, with a
    level's edit as a step from the table now."""
    return LevelTable(chosen["levels"], lambda levels: set_option("levels", levels))


def facts(pad: UpToNinePad) -> list[str]:
    """One line per player under the pad's title: level, contract and wild
    budget (``pad.contract``, ``pad.wild_budget``), or level 9 laid down."""
    return [
        _("{player}: level {level}, {contract} · wilds {wilds}").format(
            player=player, level=pad.level(player), contract=pad.contract(player), wilds=pad.wild_budget(player)
        )
        if pad.contract(player) else _("{player}: level 9 laid down").format(player=player)
        for player in pad.players
    ]


def end_hint(pad: UpToNinePad) -> str | None:
    """What the pad's end banner offers under the winners, when not the usual "finish, or play
    on": once every player has laid down level 9, nobody can move up again (seed 003,
    "Nivåprogresjon": a player who laid down level 9 lays down no more), so only finishing is
    offered; a round played on could only add penalty points. None otherwise."""
    if all(pad.level(player) == pad.LEVEL_DONE for player in pad.players):
        return _("Every player has laid down level 9, so nobody can move up any more: finish the game.")
    return None


def add_label(pad: UpToNinePad) -> str:
    """The pad's add button: always "Add round"."""
    return _(ADD_ROUND)


def total_extras(pad: UpToNinePad, player: str) -> tuple[Extra, ...]:
    """Under ``player``'s big total: the level played for (``pad.level``) as a
    :class:`Note` "level 3", or "done", with the test id ``level-<player>``."""
    level = pad.level(player)
    words = _("done") if level == FINISHED else _("level {level}").format(level=level)
    return (Note(f"level-{player}", words),)


def change_text(pad: UpToNinePad, row: Row, player: str) -> str:
    """A round cell's small text: the round's penalty points and the level
    after the round ("+20 L2", "0 done")."""
    level = _("done") if row.level[player] == FINISHED else _("L{level}").format(level=row.level[player])
    return f"{signed(row.penalty[player])} {level}"


def entry_lines(pad: UpToNinePad, number: int, player: str) -> list[str]:
    """What was entered for ``player`` in round ``number``: the contract
    played for, "did not lay down" (a lay-down is the pad's note), and the
    cards left (in the current language's letters) or the penalty points typed instead."""
    result = pad.rounds[number - 1]["results"][player]
    lines = [_("played for {contract}").format(contract=contract_text(pad, played_for(pad, number, player)))]
    if not result["laid_down"]:
        lines.append(_("did not lay down"))
    if result.get("hand"):
        lines.append(_("cards left: {cards}").format(cards=show_cards(as_cards(result["hand"]))))
    elif result.get("points") is not None:
        lines.append(_("points typed: {points}").format(points=result["points"]))
    else:
        lines.append(_("no cards left"))
    return lines


def stats_parts(stats: PlayerStats) -> list[str]:
    """A player's Up to 9 statistics: average penalty points a round, highest level laid down."""
    parts = penalty_parts(stats, GAME)
    if stats.highest_level is not None:
        parts.append(
            _("highest level laid down {level}").format(level=stats.highest_level) if stats.highest_level
            else _("no level laid down yet")
        )
    return parts


def board_unit(pad: UpToNinePad) -> str:
    """The heading of the board's totals: "Penalty points" (the level ranks first)."""
    return _("Penalty points")


def board_note(pad: UpToNinePad, player: str) -> str:
    """Under ``player``'s name on the board: the level played for and its
    contract ("level 3: 2 runs of 4"), or "level 9 done" (``pad.level``,
    ``pad.contract``)."""
    level = pad.level(player)
    if level == FINISHED:
        return _level_text(level)
    return f"{_level_text(level)}: {pad.contract(player)}"
