"""Up to 9's checker: is this the level's contract, find it in my hand, may
this card be laid off (seed 003 and the project's rulings, through
``companion.games.up_to_nine``).  A group on the table is read the way its
wilds were laid: a tap on a wild steps through what it may stand for
(seed 003, "Merk").

The answers (:func:`meld_answer`, :func:`find_answer`,
:func:`lay_off_answer`) are plain Python; :func:`Check` draws them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

import flet as ft

from companion.cards import Card, CardError
from companion.games import up_to_nine
from companion.i18n import _, ngettext
from companion.ui.ask_answers import CHECK_PLAYERS, ERROR, NO, WAIT, YES, Answer, card_text, deck_answer
from companion.ui.ask_cards import (
    answer_line,
    card_face,
    card_label,
    card_row,
    slot_button,
    slots_row,
    suit_text,
)
from companion.ui.ask_pickers import CardPicker
from companion.ui.widgets import TOUCH, error_line, labelled, section_title, tile_button
from companion.wording import with_article

GAME = "up_to_nine"
"""This game's registry id."""

MAX_HAND = up_to_nine.FIND_MELD_MOST_CARDS
"""Most cards the checker takes (the rules core's limit for ``find_meld``)."""


@dataclass(frozen=True)
class GroupLine:
    """One straight or set of a reading, ready to show.

    Attributes:
        title: ``"set of kings"``, ``"hearts straight 5 to J"``.
        slots: (physical card, what it stands for, or None when natural), in order.
    """

    title: str
    slots: tuple[tuple[Card, Card | None], ...]


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
    return tuple(_group_line(group) for group in verdict.groups)


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


def _group_line(group: up_to_nine.MeldGroup) -> GroupLine:
    """A group on the table, ready to show."""
    return GroupLine(group.name, tuple((slot.card, slot.stands_for if slot.wild else None) for slot in group.slots))


def _stands_text(card: Card) -> str:
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
    except up_to_nine.LayOffError as error:
        return Answer(ERROR, f"{error}."), None
    except (CardError, ValueError) as error:
        return Answer(ERROR, str(error)), None
    laid = reading.group
    line = _group_line(laid)
    if card is None:
        return Answer(WAIT, _("Pick the card to lay off on the {group}.").format(group=laid.name)), line
    try:
        verdict = up_to_nine.check_lay_off(laid, card)
        others = up_to_nine.lay_off_by_reading(kind, group, card)
    except (CardError, ValueError) as error:
        return Answer(ERROR, str(error)), line
    differ = [(other, answer) for other, answer in others if answer.legal != verdict.legal]
    depends = ""
    if differ:
        other, answer = differ[0]
        if answer.legal:
            text = _("It depends on the wilds: with {wilds} the answer is yes. "
                     "Tap a wild in the group to say what it was laid as.")
        else:
            text = _("It depends on the wilds: with {wilds} the answer is no. "
                     "Tap a wild in the group to say what it was laid as.")
        depends = " " + text.format(wilds=other.wild_text)
    if not verdict:
        return Answer(NO, _("No: {reason}.").format(reason=verdict.reason) + depends), line
    if not verdict.slot.wild:
        natural = {
            None: _("Yes: {card} goes on the {group}."),
            "low": _("Yes: {card} goes on the {group} at the low end."),
            "high": _("Yes: {card} goes on the {group} at the high end."),
        }[verdict.at]
        return Answer(YES, natural.format(card=card_text(card), group=laid.name) + depends), line
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
    return Answer(YES, wild.format(
        card=card_text(card), group=laid.name, stands=_stands_text(verdict.stands_for),
        other=_stands_text(verdict.also.stands_for) if also else "",
    ) + depends), line


def _grouping(groups: Sequence[GroupLine]) -> ft.Control:
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


def _levels(options: Mapping[str, Any]) -> tuple[up_to_nine.Level, ...]:
    """The saved game's level table (its ``levels`` option), or the preset
    ``up_to_nine.LEVELS`` when it has none or the rules core refuses it."""
    if not options.get("levels"):
        return up_to_nine.LEVELS
    try:
        return up_to_nine.levels_from_json(options["levels"])
    except ValueError:
        return up_to_nine.LEVELS


def _laid_row(group: Sequence[Card], reading: up_to_nine.LaidReading | None, choices: Sequence[int],
              on_tap: Callable[[int], None]) -> ft.Control:
    """The group on the table as cards: a wild shows what it stands for
    under it; one with more than one reading (``choices``) steps to the next
    when tapped; any other card is taken out when tapped."""
    if not group:
        return ft.Text(_("No group yet."), color=ft.Colors.ON_SURFACE_VARIANT)
    return ft.Row(
        [
            card_face(card,
                      note=f"= {_stands_text(reading.stands_for[index])}" if reading and reading.wild[index] else None,
                      on_click=partial(on_tap, index),
                      tooltip=_("Tap: what this wild was laid as") if index in choices
                      else _("Take out the {card}").format(card=card.name))
            for index, card in enumerate(group)
        ],
        wrap=True, spacing=6, run_spacing=6,
    )


@ft.component
def Check(options: Mapping[str, Any], players: int, level: int = 1) -> ft.Control:
    """Level + cards -> contract or not, wilds against the budget, the grouping;
    "find it in my hand"; laying a card off on a group on the table, whose
    wilds a tap sets to what they were laid as. The levels are the saved
    game's (``options``); ``players`` fixes the decks, so the copies of each
    card. Each answer sits right under the cards and buttons it answers,
    above the picker, so it shows without scrolling after the tap. It opens
    at ``level`` (the level of the player whose phone it is, see
    :func:`check_start`; 1 when not known)."""
    levels = _levels(options)
    level, set_level = ft.use_state(level)
    mode, set_mode = ft.use_state("lay")
    cards, set_cards = ft.use_state(())
    found, set_found = ft.use_state(None)
    kind, set_kind = ft.use_state(up_to_nine.STRAIGHT)
    group, set_group = ft.use_state(())
    readings, set_readings = ft.use_state({})
    off_card, set_off_card = ft.use_state(None)
    active, set_active = ft.use_state("group")
    note, set_note = ft.use_state("")

    def choose_level(number: int):
        set_level(number)
        set_found(None)

    def change_group(cards_laid: tuple[Card, ...]):
        set_group(cards_laid)
        set_readings({})

    def choose_kind(chosen: str):
        set_kind(chosen)
        set_readings({})

    def pick(picked: list[Card]):
        set_note("")
        if mode == "lay":
            room = MAX_HAND - len(cards)
            if len(picked) > room:
                set_note(_("The checker takes at most {count} cards.").format(count=MAX_HAND))
            set_cards(cards + tuple(picked[:room]))
            set_found(None)
        elif active == "group":
            change_group(group + tuple(picked))
        else:
            set_off_card(picked[-1])

    def remove(index: int):
        set_cards(cards[:index] + cards[index + 1:])
        set_found(None)

    def find():
        set_found(find_answer(level, cards, levels, players))

    def clear():
        set_cards(())
        set_found(None)

    def clear_lay_off():
        change_group(())
        set_off_card(None)
        set_active("group")

    controls: list[ft.Control] = [
        ft.Row(
            [tile_button(_("Lay down"), selected=mode == "lay", width=150, on_click=lambda: set_mode("lay")),
             tile_button(_("Lay off"), selected=mode == "off", width=150, on_click=lambda: set_mode("off"))],
            spacing=8,
        ),
    ]
    if mode == "lay":
        answer = found if found is not None else meld_answer(level, cards, levels, players)
        controls += [
            section_title(_("Your level")),
            labelled("levels", ft.Row(
                [tile_button(str(n), selected=n == level, on_click=partial(choose_level, n))
                 for n in range(1, len(levels) + 1)],
                wrap=True, spacing=4, run_spacing=4,
            )),
            labelled("level", ft.Text(level_line(level, levels), size=16, weight=ft.FontWeight.W_600)),
            ft.Text(_("Your cards ({count} of at most {most}): the ones to lay down, "
                      "or your whole hand and tap Find.").format(count=len(cards), most=MAX_HAND), color=ft.Colors.ON_SURFACE_VARIANT),
            labelled("cards", card_row(cards, chosen=answer.chosen if found is not None else frozenset(),
                                       on_remove=remove, empty=_("No cards yet: pick them below."))),
            ft.Row(
                [ft.FilledButton(_("Find it in my hand"), icon=ft.Icons.SEARCH, on_click=find,
                                 disabled=not cards, height=TOUCH, expand=True),
                 ft.TextButton(_("Clear"), on_click=clear,
                               disabled=not cards, height=TOUCH)],
            ),
            answer_line(answer.summary),
        ]
        if answer.wilds:
            controls.append(labelled("wilds", ft.Text(answer.wilds, size=16)))
        controls += [error_line(note), CardPicker(pick, jokers=(), hint=_("e.g. 7s 7h 7d KC KD 2s"))]
        if answer.groups:
            controls.append(_grouping(answer.groups))
    else:
        summary, line = lay_off_answer(kind, group, off_card, readings, players)
        reading = up_to_nine.read_laid(kind, group, readings) if line is not None else None
        choices = _wild_places(kind, group, readings) if reading is not None else []

        def tap_laid(index: int):
            if index not in choices:
                change_group(group[:index] + group[index + 1:])
                return
            options_here = up_to_nine.wild_choices(kind, group, index, readings)
            now = reading.stands_for[index]
            step = (options_here.index(now) + 1) % len(options_here) if now in options_here else 0
            set_readings({**readings, index: options_here[step]})

        controls += [
            ft.Row(
                [tile_button(_("Straight"), selected=kind == up_to_nine.STRAIGHT, width=120,
                             on_click=lambda: choose_kind(up_to_nine.STRAIGHT)),
                 tile_button(_("Set"), selected=kind == up_to_nine.SET, width=120,
                             on_click=lambda: choose_kind(up_to_nine.SET))],
                spacing=8,
            ),
            slots_row(
                slot_button(_("Group on the table"), [], active=active == "group",
                            on_click=lambda: set_active("group"),
                            summary=ngettext("{count} card", "{count} cards", len(group)).format(count=len(group))
                            if group else None),
                slot_button(_("Card to lay off"), [off_card] if off_card else [], active=active == "card",
                            on_click=lambda: set_active("card")),
            ),
            answer_line(summary),
            labelled("group", _laid_row(group, reading, choices, tap_laid)),
        ]
        if line is not None:
            controls.append(suit_text(_("Read as: {group}").format(group=line.title), color=ft.Colors.ON_SURFACE_VARIANT))
        controls += [
            ft.TextButton(_("Clear"), icon=ft.Icons.CLEAR_ALL, on_click=clear_lay_off,
                          disabled=not group and off_card is None, height=TOUCH),
            CardPicker(pick, jokers=(), hint=_("e.g. 4c 5c 6c 7c")),
        ]
    return ft.Column([c for c in controls if c is not None], spacing=12)


def check_start(pad: Any, player: str) -> dict[str, int]:
    """Where the checker opens for ``player`` of the Up to 9 game ``pad``
    (an ``UpToNinePad``): ``{"level": n}``, the level they play next
    (seed 003: one level up per lay-down); ``{}`` once level 9 is laid down."""
    level = pad.level(player)
    return {} if level > len(pad.levels) else {"level": level}


def _wild_places(kind: str, group: Sequence[Card], readings: Mapping[int, Card]) -> list[int]:
    """Indices of the group's cards that may stand for more than one card
    (``up_to_nine.wild_choices``), the others read as ``readings`` says."""
    return [index for index in range(len(group))
            if len(up_to_nine.wild_choices(kind, group, index, readings)) > 1]
