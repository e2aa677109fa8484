"""Up to 9's checker: is this the level's contract, find it in my hand, may
this card be laid off (seed 003 and the project's rulings, through
``companion.games.up_to_nine``).

The lay-down answers (:func:`meld_answer`, :func:`find_answer`) are plain
Python; :func:`Check` draws them and the lay-off
(``companion.ui.games.up_to_nine_groups``: the group on the table, read the
way its wilds were laid, and :func:`~companion.ui.games.up_to_nine_groups.lay_off_answer`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import flet as ft

from companion.cards import Card, CardError
from companion.games import up_to_nine
from companion.i18n import _, ngettext
from companion.table.ask_answers import CHECK_PLAYERS, ERROR, NO, WAIT, YES, Answer, deck_answer
from companion.ui.ask_cards import answer_line, card_row, slot_button, slots_row, suit_text
from companion.ui.ask_pickers import CardPicker
from companion.ui.games.up_to_nine_groups import (
    GAME,
    GroupLine,
    group_line,
    grouping,
    laid_row,
    lay_off_answer,
    wild_places,
)
from companion.ui.widgets import TOUCH, error_line, labelled, section_title, tile_button

MAX_HAND = up_to_nine.FIND_MELD_MOST_CARDS
"""Most cards the checker takes (the rules core's limit for ``find_meld``)."""


@dataclass(frozen=True)
class MeldAnswer:
    """The checker's answer for an Up to 9 lay-down.

    Attributes:
        summary: legal or not, and why.
        wilds: wilds used against the level's budget, in words (empty when illegal).
        groups: the grouping, with what each 2 or 3 stands for.
        chosen: indices (into the cards given) of the cards to lay down;
            all of them for a check, the found ones for "find it in my hand".
    """

    summary: Answer
    wilds: str = ""
    groups: tuple[GroupLine, ...] = ()
    chosen: frozenset[int] = frozenset()


def level_line(level: int, levels: Sequence[up_to_nine.Level] = up_to_nine.LEVELS) -> str:
    """A level's contract and wild budget: ``"Level 4: 3 sets of 3 · max wild: 2 total, ..."``."""
    spec = up_to_nine.get_level(level, levels)
    return _("Level {level}: {contract} · max wild {budget}").format(
        level=spec.number, contract=spec.contract, budget=spec.budget_text
    )


def _groups(verdict: up_to_nine.MeldVerdict) -> tuple[GroupLine, ...]:
    return tuple(group_line(group) for group in verdict.groups)


def _wilds_line(verdict: up_to_nine.MeldVerdict, spec: up_to_nine.Level) -> str:
    return up_to_nine.wilds_used_text(spec, verdict.wilds_used)


def _indices(hand: Sequence[Card], chosen: Sequence[Card]) -> frozenset[int]:
    """Positions in ``hand`` of the cards in ``chosen`` (two equal cards: two positions)."""
    wanted = Counter(chosen)
    found = set()
    for index, card in enumerate(hand):
        if wanted[card]:
            wanted[card] -= 1
            found.add(index)
    return frozenset(found)


def _before_checking(cards: Sequence[Card], players: int, empty: str) -> MeldAnswer | None:
    """The answer before any rule is asked: ``empty`` (a prompt) for no
    cards, an error for cards no deck holds together for ``players``
    (``setup.check_copies``); None when the cards can be checked."""
    if not cards:
        return MeldAnswer(Answer(WAIT, empty))
    problem = deck_answer(GAME, players, cards)
    return MeldAnswer(problem) if problem else None


def meld_answer(level: int, cards: Sequence[Card],
                levels: Sequence[up_to_nine.Level] = up_to_nine.LEVELS,
                players: int = CHECK_PLAYERS) -> MeldAnswer:
    """Are ``cards`` exactly the level's contract?  (``up_to_nine.check_meld``)

    Args:
        level: the level number.
        cards: the cards entered.
        levels: the game's level table.
        players: the player count (the decks in play, so the copies of each card).

    Returns:
        A ``MeldAnswer``: the verdict, wilds used against the budget and the
        grouping when legal.  More cards than the contract take is a hand
        still to search: the answer waits for "Find it in my hand" instead
        of saying no.  Cards no deck holds together are an error.
    """
    waiting = _before_checking(cards, players, _("Add the cards you want to lay down."))
    if waiting:
        return waiting
    try:
        spec = up_to_nine.get_level(level, levels)
        if len(cards) > spec.card_count:
            return MeldAnswer(Answer(WAIT, _(
                "{count} cards: level {level} lays down {needed}. "
                "Tap Find it in my hand, or take out {extra} to check a lay-down."
            ).format(count=len(cards), level=spec.number, needed=spec.card_count, extra=len(cards) - spec.card_count)))
        verdict = up_to_nine.check_meld(level, cards, levels=levels)
    except (CardError, ValueError) as error:
        return MeldAnswer(Answer(ERROR, str(error)))
    if not verdict:
        return MeldAnswer(Answer(NO, _("No. {reason}").format(reason=verdict.reason)))
    return MeldAnswer(
        Answer(YES, _("Yes: level {level}, {contract}.").format(level=spec.number, contract=spec.contract)),
        _wilds_line(verdict, spec), _groups(verdict), frozenset(range(len(cards))),
    )


def find_answer(level: int, hand: Sequence[Card],
                levels: Sequence[up_to_nine.Level] = up_to_nine.LEVELS,
                players: int = CHECK_PLAYERS) -> MeldAnswer:
    """Find the level's contract in a hand (``up_to_nine.find_meld``).

    Args:
        level, levels, players: as :func:`meld_answer`.
        hand: the cards held.

    Returns:
        A ``MeldAnswer`` whose ``chosen`` marks the cards to lay down, a
        "no" answer when the hand holds no contract, an error for cards no
        deck holds together.
    """
    waiting = _before_checking(hand, players, _("Add the cards in your hand first."))
    if waiting:
        return waiting
    try:
        spec = up_to_nine.get_level(level, levels)
        found = up_to_nine.find_meld(level, hand, levels=levels)
    except (CardError, ValueError) as error:
        return MeldAnswer(Answer(ERROR, str(error)))
    if found is None:
        if len(hand) == 1:
            text = _("No {contract} within the budget in this card.")
        else:
            text = ngettext(
                "No {contract} within the budget in these {count} card.",
                "No {contract} within the budget in these {count} cards.",
                len(hand),
            )
        return MeldAnswer(Answer(NO, text.format(contract=spec.contract, count=len(hand))))
    return MeldAnswer(
        Answer(YES, _("Found it: lay down these {count} cards.").format(count=len(found.cards))),
        _wilds_line(found, spec), _groups(found), _indices(hand, found.cards),
    )


def _levels(options: Mapping[str, Any]) -> tuple[up_to_nine.Level, ...]:
    """The saved game's level table (its ``levels`` option), or the preset
    ``up_to_nine.LEVELS`` when it has none or the rules core refuses it."""
    if not options.get("levels"):
        return up_to_nine.LEVELS
    try:
        return up_to_nine.levels_from_json(options["levels"])
    except ValueError:
        return up_to_nine.LEVELS


@ft.observable
@dataclass
class CheckState:
    """What Up to 9's checker holds between taps: the ``mode`` ("lay": lay down, "off": lay off);
    for a lay-down the ``level``, the ``cards`` given, the hand searched (``found``, a
    :func:`find_answer`, None until "Find it in my hand") and a ``note`` on the cards picked; for
    a lay-off the group's ``kind``, its cards (``group``), what its wilds were laid as
    (``readings``, by index), the card to lay off (``off_card``) and the slot the picker fills
    (``active``: "group" or "card")."""

    level: int
    mode: str = "lay"
    cards: tuple[Card, ...] = ()
    found: MeldAnswer | None = None
    note: str = ""
    kind: str = up_to_nine.STRAIGHT
    group: tuple[Card, ...] = ()
    readings: dict[int, Card] = field(default_factory=dict)
    off_card: Card | None = None
    active: str = "group"

    def choose_level(self, number: int) -> None:
        """Check against level ``number`` (a hand searched before is searched again on a tap)."""
        self.level = number
        self.found = None

    def change_group(self, cards_laid: tuple[Card, ...]) -> None:
        """The group on the table is now ``cards_laid``, its wilds read afresh."""
        self.group = cards_laid
        self.readings = {}

    def choose_kind(self, chosen: str) -> None:
        """The group on the table is a ``chosen`` (straight or set), its wilds read afresh."""
        self.kind = chosen
        self.readings = {}

    def pick(self, picked: list[Card]) -> None:
        """Cards from the picker: added to the lay-down (at most :data:`MAX_HAND`, the rest
        refused with a note), to the group on the table, or as the card to lay off."""
        self.note = ""
        if self.mode == "lay":
            room = MAX_HAND - len(self.cards)
            if len(picked) > room:
                self.note = _("The checker takes at most {count} cards.").format(count=MAX_HAND)
            self.cards = self.cards + tuple(picked[:room])
            self.found = None
        elif self.active == "group":
            self.change_group(self.group + tuple(picked))
        else:
            self.off_card = picked[-1]

    def remove(self, index: int) -> None:
        """Take card ``index`` out of the lay-down."""
        self.cards = self.cards[:index] + self.cards[index + 1:]
        self.found = None

    def clear(self) -> None:
        """Take every card out of the lay-down."""
        self.cards = ()
        self.found = None

    def clear_lay_off(self) -> None:
        """Start the lay-off afresh: no group, no card, the group's slot filled next."""
        self.change_group(())
        self.off_card = None
        self.active = "group"

    def tap_laid(self, index: int, choices: Sequence[int], reading: up_to_nine.LaidReading | None) -> None:
        """A tap on card ``index`` of the group on the table: a wild with several readings
        (``choices``) steps to what it stands for next (from ``reading``); any other card goes."""
        if index not in choices:
            self.change_group(self.group[:index] + self.group[index + 1:])
            return
        options_here = up_to_nine.wild_choices(self.kind, self.group, index, self.readings)
        now = reading.stands_for[index]
        step = (options_here.index(now) + 1) % len(options_here) if now in options_here else 0
        self.readings = {**self.readings, index: options_here[step]}


def _lay_down(state: CheckState, levels: Sequence[up_to_nine.Level], players: int) -> list[ft.Control]:
    """The lay-down panel: the level tiles and contract, the cards given, "Find it in my hand",
    the answer with the wilds used, the picker and the grouping."""
    answer = state.found if state.found is not None else meld_answer(state.level, state.cards, levels, players)
    cards = state.cards
    controls: list[ft.Control] = [
        section_title(_("Your level")),
        labelled("levels", ft.Row(
            [tile_button(str(n), selected=n == state.level, on_click=partial(state.choose_level, n))
             for n in range(1, len(levels) + 1)],
            wrap=True, spacing=4, run_spacing=4,
        )),
        labelled("level", ft.Text(level_line(state.level, levels), size=16, weight=ft.FontWeight.W_600)),
        ft.Text(_("Your cards ({count} of at most {most}): the ones to lay down, "
                  "or your whole hand and tap Find.").format(count=len(cards), most=MAX_HAND), color=ft.Colors.ON_SURFACE_VARIANT),
        labelled("cards", card_row(cards, chosen=answer.chosen if state.found is not None else frozenset(),
                                   on_remove=state.remove, empty=_("No cards yet: pick them below."))),
        ft.Row(
            [ft.FilledButton(_("Find it in my hand"), icon=ft.Icons.SEARCH,
                             on_click=lambda: setattr(state, "found", find_answer(state.level, cards, levels, players)),
                             disabled=not cards, height=TOUCH, expand=True),
             ft.TextButton(_("Clear"), on_click=state.clear, disabled=not cards, height=TOUCH)],
        ),
        answer_line(answer.summary),
    ]
    if answer.wilds:
        controls.append(labelled("wilds", ft.Text(answer.wilds, size=16)))
    controls += [error_line(state.note), CardPicker(state.pick, jokers=(), hint=_("e.g. 7s 7h 7d KC KD 2s"),
                                                         check=up_to_nine.meld_card, key="picker")]
    if answer.groups:
        controls.append(grouping(answer.groups))
    return controls


def _lay_off(state: CheckState, players: int) -> list[ft.Control]:
    """The lay-off panel: straight or set, the group's and the card's slots, the answer, the group
    as laid (a tap on a wild steps through its readings), how it is read, Clear and the picker."""
    kind, group, off_card = state.kind, state.group, state.off_card
    summary, line = lay_off_answer(kind, group, off_card, state.readings, players)
    reading = up_to_nine.read_laid(kind, group, state.readings) if line is not None else None
    choices = wild_places(kind, group, state.readings) if reading is not None else []
    controls: list[ft.Control] = [
        ft.Row(
            [tile_button(_("Straight"), selected=kind == up_to_nine.STRAIGHT, width=120,
                         on_click=lambda: state.choose_kind(up_to_nine.STRAIGHT)),
             tile_button(_("Set"), selected=kind == up_to_nine.SET, width=120,
                         on_click=lambda: state.choose_kind(up_to_nine.SET))],
            spacing=8,
        ),
        slots_row(
            slot_button(_("Group on the table"), [], active=state.active == "group",
                        on_click=lambda: setattr(state, "active", "group"),
                        summary=ngettext("{count} card", "{count} cards", len(group)).format(count=len(group))
                        if group else None),
            slot_button(_("Card to lay off"), [off_card] if off_card else [], active=state.active == "card",
                        on_click=lambda: setattr(state, "active", "card")),
        ),
        answer_line(summary),
        labelled("group", laid_row(group, reading, choices, lambda index: state.tap_laid(index, choices, reading))),
    ]
    if line is not None:
        controls.append(suit_text(_("Read as: {group}").format(group=line.title), color=ft.Colors.ON_SURFACE_VARIANT))
    return [
        *controls,
        ft.TextButton(_("Clear"), icon=ft.Icons.CLEAR_ALL, on_click=state.clear_lay_off,
                      disabled=not group and off_card is None, height=TOUCH),
        CardPicker(state.pick, jokers=(), hint=_("e.g. 4c 5c 6c 7c"), check=up_to_nine.meld_card, key="picker",
                   slot=_("Card to lay off") if state.active == "card" else "", most=1 if state.active == "card" else 0),
    ]


@ft.component
def Check(options: Mapping[str, Any], players: int, level: int = 1) -> ft.Control:
    """Level + cards -> contract or not, wilds against the budget, the grouping;
    "find it in my hand"; laying a card off on a group on the table, whose
    wilds a tap sets to what they were laid as. The levels are the saved
    game's (``options``); ``players`` fixes the decks, so the copies of each
    card. Each answer sits right under the cards and buttons it answers,
    above the picker, so it shows without scrolling after the tap. It opens
    at ``level`` (the level of the player whose phone it is, see
    :func:`check_start`; 1 when not known). What it holds between taps is a
    :class:`CheckState`."""
    state = ft.use_state(lambda: CheckState(level))[0]
    controls: list[ft.Control] = [
        ft.Row(
            [tile_button(_("Lay down"), selected=state.mode == "lay", width=150,
                         on_click=lambda: setattr(state, "mode", "lay")),
             tile_button(_("Lay off"), selected=state.mode == "off", width=150,
                         on_click=lambda: setattr(state, "mode", "off"))],
            spacing=8,
        ),
    ]
    controls += _lay_down(state, _levels(options), players) if state.mode == "lay" else _lay_off(state, players)
    return ft.Column([c for c in controls if c is not None], spacing=12)


def check_start(pad: Any, player: str) -> dict[str, int]:
    """Where the checker opens for ``player`` of the Up to 9 game ``pad``
    (an ``UpToNinePad``): ``{"level": n}``, the level they play next
    (seed 003: one level up per lay-down); ``{}`` once level 9 is laid down."""
    level = pad.level(player)
    return {} if level > len(pad.levels) else {"level": level}
