"""One Up on the screens: the round sheet, the checker, the house rules,
the lines under the pad's title, the chips under a total and the history line.

Rules: seed 000 (values A-6 and K, going out, give-back, chips) through
``companion.games.one_up``; scores through ``companion.pads.OneUpPad``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any

import flet as ft

from companion.cards import JOKERS, Card, CardError, parse_card
from companion.games import one_up
from companion.i18n import N_, _, format_number
from companion.games.one_up import OneUpPad
from companion.pads import Row
from companion.pads.base import points_text
from companion.stats import PlayerStats
from companion.wording import join_words
from companion.table.ask_answers import CHECK_PLAYERS, ERROR, NO, WAIT, YES, Answer, deck_answer
from companion.ui.ask_cards import answer_line, slot_button, slots_row
from companion.ui.ask_pickers import CardPicker
from companion.ui.card_picker import value_toggles
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
from companion.ui.score_table import Chips, Extra, signed
from companion.ui.widgets import TOUCH, section_title

GAME = "one_up"
"""This module's registry id."""

ONE_UP_RANKS: tuple[int, ...] = tuple(parse_card(value).rank for value in one_up.VALUE_CIRCLE)
"""The checker picker's ranks: the values of ``one_up.VALUE_CIRCLE`` (A-6 and K)."""

JOKER_CODE = next(code for code, kind in JOKERS.items() if kind == "plain")
"""How the plain joker is written as a card ("JK")."""

VALUE_LABELS = {one_up.JOKER: N_("Jkr")}
"""Tile labels that differ from the value (marked; translated where shown)."""


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


def _draft(pad: OneUpPad, number: int | None, start: dict | None = None) -> OneUpDraft:
    """A blank draft, the entry ``start`` to go on with, or the stored round
    ``number`` to edit."""
    values = (*one_up.VALUE_CIRCLE, one_up.JOKER) if pad.joker else one_up.VALUE_CIRCLE
    if number is None and start is None:
        return OneUpDraft(values, {player: () for player in pad.players})
    stored = start if start is not None else pad.rounds[number - 1]
    hands = {player: stored_values(stored["hands"][player], pad.joker) for player in pad.players}
    return OneUpDraft(values, hands, stored["went_out"], None if stored["went_out"] else stored["ended_by"])


def sheet_entry(pad: OneUpPad, number: int | None, entry: dict) -> dict:
    """The entry the sheet for round ``number`` (None: a new round) holds
    when it starts from ``entry``, its penalty points counted as it shows
    them; raises (KeyError, TypeError, ValueError...) for an entry it can
    not start from (see ``companion.ui.entry_sheet``)."""
    draft = _draft(pad, number, entry)
    for held in draft.hands.values():
        pad.penalty_preview([card_text(value) for value in held])
    return draft.entry()


@ft.component
def Entry(pad: OneUpPad, number: int | None, submit: Submit, close, delete, *,
          only: str | None = None, start: dict | None = None, on_change=None) -> ft.Control:
    """The entry sheet for a One Up round (new when ``number`` is None);
    ``only``, ``start`` and ``on_change``: see ``companion.ui.entry_sheet``."""
    draft, _set_draft = ft.use_state(lambda: _draft(pad, number, start))
    use_changes(draft.entry(), on_change)

    def save():
        draft.error = submit(draft.entry()) or ""

    preview = preview_or_none(pad, draft.entry(), number)

    cards: list[ft.Control] = []
    for player in entering(pad, only):
        out = draft.went_out == player
        if out:
            note = preview.detail[player] if preview else _("went out")
            score = ft.Text(note, weight=ft.FontWeight.W_600, color=ft.Colors.PRIMARY)
        else:
            penalty = pad.penalty_preview([card_text(value) for value in draft.hands[player]])
            score = ft.Text(points_text(penalty), size=20, weight=ft.FontWeight.BOLD)
        toggles = [toggle_chip(_("{player} went out").format(player=player), out, partial(draft.toggle_out, player), icon=ft.Icons.FLAG)]
        if draft.went_out is None:
            toggles.append(
                toggle_chip(_("{player} dropped out last").format(player=player), draft.ended_by == player, partial(draft.toggle_last, player))
            )
        cards.append(
            player_card(
                [
                    ft.Row([ft.Text(player, size=18, weight=ft.FontWeight.W_600, expand=True), score]),
                    None if out else value_toggles(
                        draft.values, draft.hands[player], partial(draft.toggle_value, player),
                        labels={value: _(label) for value, label in VALUE_LABELS.items()},
                    ),
                    ft.Row(toggles, wrap=True, spacing=8),
                ],
                test_id=f"hand-{player}",
                highlight=out,
            )
        )
    round_number = number or pad.next_round
    if only:
        hint = _("Tap the values you have left (in hand or dropped), and whether you went out.")
    else:
        hint = _("Tap the values each player has left (in hand or dropped), then who went out.")
    return sheet_frame(
        sheet_title(round_number, number, only),
        [ft.Text(hint, color=ft.Colors.ON_SURFACE_VARIANT), *cards],
        error=draft.error,
        on_save=save,
        on_cancel=close,
        on_delete=delete if number else None,
        save_label=_(HAND_DONE) if only else None,
    )


# ---- the checker -------------------------------------------------------------------

def one_up_answer(top: Card | None, card: Card | None, *, joker: bool = False,
                  players: int = CHECK_PLAYERS) -> Answer:
    """May ``card`` go on ``top`` in One Up?

    Args:
        top: the top card of the discard pile, or None while not picked.
        card: the card the player wants to play, or None while not picked.
        joker: the wild joker variant is on.
        players: the player count (the deck's copies of each card).

    Returns:
        An ``Answer``: an error when the deck can not hold both cards (two
        jokers), what fits on the top card while no card is picked, then
        ``one_up.check_play``'s verdict.
    """
    try:
        if top is None:
            return Answer(WAIT, _("Pick the top card of the discard pile."))
        fits = one_up.playable_values(top, joker=joker)
        verdict = None if card is None else one_up.check_play(top, card, joker=joker)
    except CardError as error:
        return Answer(ERROR, str(error))
    problem = deck_answer(GAME, players, [top, *([card] if card is not None else [])], {"joker": joker})
    if problem:
        return problem
    if verdict is None:
        names = [one_up.value_name(value) for value in fits]
        return Answer(WAIT, _("On {top} you may play {values}. Pick your card.").format(
            top=one_up.value_name(one_up.card_value(top, joker=joker)), values=join_words(names, "or")
        ))
    if verdict:
        played = one_up.value_name(one_up.card_value(card, joker=joker))
        on = one_up.value_name(one_up.card_value(top, joker=joker))
        return Answer(YES, _("Yes: {card} may go on {top}.").format(card=played, top=on))
    return Answer(NO, _("No. {reason}").format(reason=verdict.reason))


@ft.component
def Check(options: Mapping[str, Any], players: int | None) -> ft.Control:
    """Top card + your card -> may it go there (``one_up.check_play``); the wild
    joker switch starts as the saved game's ``joker`` option (``options``);
    ``players`` fixes the deck's copies. The answer sits right under the two
    cards, so it shows without scrolling. Each slot holds one card: typed
    cards reach it only when they are one card One Up uses
    (``one_up.card_value``, seed 000 "The cards"; the joker only in the
    variant), else the picker says why and the slot keeps what it held."""
    joker_preset = bool(options.get("joker", False))
    top, set_top = ft.use_state(None)
    card, set_card = ft.use_state(None)
    active, set_active = ft.use_state("top")
    joker, set_joker = ft.use_state(joker_preset)

    def pick(cards: list[Card]):
        if active == "top":
            set_top(cards[-1])
            set_active("card")
        else:
            set_card(cards[-1])

    def set_variant(on: bool):
        set_joker(on)
        if not on:
            set_top(None if top is not None and top.is_joker else top)
            set_card(None if card is not None and card.is_joker else card)

    return ft.Column(
        [
            slots_row(
                slot_button(_("Top card"), [top] if top else [], active=active == "top",
                            on_click=lambda: set_active("top")),
                slot_button(_("Your card"), [card] if card else [], active=active == "card",
                            on_click=lambda: set_active("card")),
            ),
            answer_line(one_up_answer(top, card, joker=joker, players=players)),
            ft.Switch(label=_("Wild joker variant"), value=joker,
                      on_change=lambda e: set_variant(e.control.value), height=TOUCH),
            CardPicker(pick, ranks=ONE_UP_RANKS, suited=False, jokers=("plain",) if joker else (),
                       hint=_("e.g. 6 or K or JK") if joker else _("e.g. 6 or K"),
                       check=partial(one_up.card_value, joker=joker),
                       slot=_("Top card") if active == "top" else _("Your card"), most=1, key="picker"),
        ],
        spacing=12,
    )


# ---- the pad, the new game and the history --------------------------------------------

def _switch(label: str, value: bool, on_change: Callable[[bool], None]) -> ft.Control:
    """A labelled switch row at least 48 px high."""
    return ft.Container(
        height=TOUCH,
        content=ft.Switch(label=label, value=value, on_change=lambda e: on_change(e.control.value)),
    )


def options_panel(chosen: Mapping[str, Any], set_option: Callable[[str, Any], None]) -> ft.Control:
    """The house rules on the New game screen: the wild joker variant and the
    short game (``one_up.SHORT_GAME_LIMIT`` instead of ``GAME_LIMIT``, seed
    000 "Variants"). ``chosen``: every option's value; ``set_option(name, value)``."""
    return ft.Column(
        [
            section_title(_("House rules")),
            _switch(_("Wild joker variant"), chosen["joker"], lambda on: set_option("joker", on)),
            _switch(
                _("Short game: ends at {limit} points, not {full}").format(
                    limit=format_number(one_up.SHORT_GAME_LIMIT), full=format_number(one_up.GAME_LIMIT)
                ),
                chosen["limit"] == one_up.SHORT_GAME_LIMIT,
                lambda on: set_option("limit", one_up.SHORT_GAME_LIMIT if on else one_up.GAME_LIMIT),
            ),
        ],
        spacing=4,
    )


def facts(pad: OneUpPad) -> list[str]:
    """The line under the pad's title: the limit, the wild joker, and what a
    chip is worth (``one_up.CHIP_VALUES``, seed 000 "Variants")."""
    black, white = one_up.CHIP_VALUES
    if pad.joker:
        text = _("Ends at {limit} points, wild joker. Chips: a dot is {black}, a ring is {white}.")
    else:
        text = _("Ends at {limit} points. Chips: a dot is {black}, a ring is {white}.")
    return [text.format(limit=format_number(pad.limit), black=black, white=white)]


def add_label(pad: OneUpPad) -> str:
    """The pad's add button: always "Add round"."""
    return _(ADD_ROUND)


def total_extras(pad: OneUpPad, player: str) -> tuple[Extra, ...]:
    """Under ``player``'s big total: the total as :class:`Chips` (``pad.chips``:
    black, white)."""
    return (Chips(*pad.chips(player)),)


def change_text(pad: OneUpPad, row: Row, player: str) -> str:
    """A round cell's small text: the change of the total ("+13", "-10")."""
    return signed(row.points[player])


def stats_parts(stats: PlayerStats) -> list[str]:
    """A player's One Up statistics: the average penalty points a round."""
    return penalty_parts(stats, GAME)


def entry_lines(pad: OneUpPad, number: int, player: str) -> list[str]:
    """What was entered for ``player`` in round ``number``: the cards left in
    hand as typed ("cards left: K K 3"), or that none were."""
    cards = pad.rounds[number - 1]["hands"][player]
    return [_("cards left: {cards}").format(cards=" ".join(cards)) if cards else _("no cards left")]


def board_unit(pad: OneUpPad) -> str:
    """The heading of the board's totals: penalty points ("Points")."""
    return _("Points")


def board_note(pad: OneUpPad, player: str) -> str:
    """Nothing under a name on the board: the total says it all."""
    return ""
