"""One Up's round entry: tap the values each player has left.

Per player: the values A 2 3 4 5 6 K (and the joker in the wild joker
variant) as toggle tiles, each value counting once; the penalty shown live;
"went out" (its give-back shown from the pad's preview) or, when nobody went
out, "dropped out last" (who starts the next round).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

import flet as ft

from companion.cards import JOKERS
from companion.games import one_up
from companion.pads import OneUpPad
from companion.pads.base import points_text
from companion.ui.card_picker import value_toggles
from companion.ui.entry_sheet import Submit, player_card, preview_or_none, sheet_frame, toggle_chip

JOKER_CODE = next(code for code, kind in JOKERS.items() if kind == "plain")
"""How the plain joker is written as a card ("JK")."""

VALUE_LABELS = {one_up.JOKER: "Jkr"}
"""Tile labels that differ from the value."""


def card_text(value: str) -> str:
    """The card text the pad reads for a One Up value ("K" -> "K", joker -> "JK")."""
    return JOKER_CODE if value == one_up.JOKER else value


def stored_values(cards: list[str], joker: bool) -> tuple[str, ...]:
    """The distinct values of a stored hand, in circle order."""
    held = {one_up.card_value(card, joker=joker) for card in cards}
    return tuple(value for value in (*one_up.VALUE_CIRCLE, one_up.JOKER) if value in held)



@ft.observable
@dataclass
class OneUpDraft:
    """A One Up round being entered: per player the values left (each once,
    in circle order), who went out, who dropped out last, and the pad's
    refusal of the last save ("" when none)."""

    values: tuple[str, ...]
    hands: dict[str, tuple[str, ...]]
    went_out: str | None = None
    ended_by: str | None = None
    error: str = ""

    def toggle_value(self, player: str, value: str) -> None:
        """Tap a value tile: in the hand if it was not, out if it was."""
        held = self.hands[player]
        self.hands[player] = tuple(v for v in self.values if (v in held) != (v == value))
        self.error = ""

    def toggle_out(self, player: str) -> None:
        """Mark ``player`` as the one who went out (no cards left), or unmark."""
        self.went_out = None if self.went_out == player else player
        self.ended_by = None
        self.hands[player] = ()
        self.error = ""

    def toggle_last(self, player: str) -> None:
        """Mark ``player`` as the one who dropped out last (nobody went out), or unmark."""
        self.ended_by = None if self.ended_by == player else player
        self.error = ""

    def entry(self) -> dict:
        """The keyword arguments of ``OneUpPad.add_round`` / ``edit_round``."""
        return {
            "hands": {player: [card_text(value) for value in held] for player, held in self.hands.items()},
            "went_out": self.went_out,
            "ended_by": self.ended_by if self.went_out is None else None,
        }


def _draft(pad: OneUpPad, number: int | None) -> OneUpDraft:
    """A blank draft, or the stored round ``number`` to edit."""
    values = (*one_up.VALUE_CIRCLE, one_up.JOKER) if pad.joker else one_up.VALUE_CIRCLE
    if number is None:
        return OneUpDraft(values, {player: () for player in pad.players})
    stored = pad.rounds[number - 1]
    hands = {player: stored_values(stored["hands"][player], pad.joker) for player in pad.players}
    return OneUpDraft(values, hands, stored["went_out"], None if stored["went_out"] else stored["ended_by"])


@ft.component
def OneUpEntry(pad: OneUpPad, number: int | None, submit: Submit, close, delete) -> ft.Control:
    """The entry sheet for a One Up round (new when ``number`` is None)."""
    draft, _ = ft.use_state(lambda: _draft(pad, number))

    def save():
        draft.error = submit(draft.entry()) or ""

    preview = preview_or_none(pad, draft.entry()) if number is None else None

    cards: list[ft.Control] = []
    for player in pad.players:
        out = draft.went_out == player
        if out:
            note = preview.detail[player] if preview else "went out"
            score = ft.Text(note, weight=ft.FontWeight.W_600, color=ft.Colors.PRIMARY)
        else:
            penalty = pad.penalty_preview([card_text(value) for value in draft.hands[player]])
            score = ft.Text(points_text(penalty), size=20, weight=ft.FontWeight.BOLD)
        toggles = [toggle_chip(f"{player} went out", out, partial(draft.toggle_out, player), icon=ft.Icons.FLAG)]
        if draft.went_out is None:
            toggles.append(
                toggle_chip(f"{player} dropped out last", draft.ended_by == player, partial(draft.toggle_last, player))
            )
        cards.append(
            player_card(
                [
                    ft.Row([ft.Text(player, size=18, weight=ft.FontWeight.W_600, expand=True), score]),
                    None if out else value_toggles(
                        draft.values, draft.hands[player], partial(draft.toggle_value, player), labels=VALUE_LABELS
                    ),
                    ft.Row(toggles, wrap=True, spacing=8),
                ],
                test_id=f"hand-{player}",
                highlight=out,
            )
        )
    round_number = number or pad.next_round
    hint = "Tap the values each player has left (in hand or dropped), then who went out."
    return sheet_frame(
        f"Round {round_number}" + (" (edit)" if number else ""),
        [ft.Text(hint, color=ft.Colors.ON_SURFACE_VARIANT), *cards],
        error=draft.error,
        on_save=save,
        on_cancel=close,
        on_delete=delete if number else None,
    )
