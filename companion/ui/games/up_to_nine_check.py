"""Up to 9's checker: is this the level's contract, find it in my hand, may
this card be laid off (seed 003 and rulings.md, through
``companion.games.up_to_nine``).

The answers (:func:`meld_answer`, :func:`find_answer`,
:func:`lay_off_answer`) are plain Python; :func:`Check` draws them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

import flet as ft

from companion.cards import Card, CardError
from companion.games import up_to_nine
from companion.ui.ask_answers import ERROR, NO, WAIT, YES, Answer, card_text
from companion.ui.ask_cards import (
    CardPicker,
    answer_line,
    card_face,
    card_label,
    card_row,
    slot_button,
    slots_row,
    suit_text,
)
from companion.ui.widgets import TOUCH, error_line, labelled, section_title, tile_button

MAX_HAND = 12
"""Most cards the checker takes (``up_to_nine.find_meld`` is made for up to 12)."""


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
    return f"Level {spec.number}: {spec.contract} · max wild {spec.budget_text}"


def _groups(verdict: up_to_nine.MeldVerdict) -> tuple[GroupLine, ...]:
    return tuple(
        GroupLine(group.name, tuple((slot.card, slot.stands_for if slot.wild else None)
                                    for slot in group.slots))
        for group in verdict.groups
    )


def _wilds_line(verdict: up_to_nine.MeldVerdict, spec: up_to_nine.Level) -> str:
    return f"Wilds used: {verdict.wilds_used} of {spec.max_wild} allowed ({spec.budget_text})."


def _indices(hand: Sequence[Card], chosen: Sequence[Card]) -> frozenset[int]:
    """Positions in ``hand`` of the cards in ``chosen`` (two equal cards: two positions)."""
    wanted = Counter(chosen)
    found = set()
    for index, card in enumerate(hand):
        if wanted[card]:
            wanted[card] -= 1
            found.add(index)
    return frozenset(found)


def meld_answer(level: int, cards: Sequence[Card],
                levels: Sequence[up_to_nine.Level] = up_to_nine.LEVELS) -> MeldAnswer:
    """Are ``cards`` exactly the level's contract?  (``up_to_nine.check_meld``)

    Returns:
        A ``MeldAnswer``: the verdict, wilds used against the budget and the
        grouping when legal.
    """
    if not cards:
        return MeldAnswer(Answer(WAIT, "Add the cards you want to lay down."))
    try:
        spec = up_to_nine.get_level(level, levels)
        verdict = up_to_nine.check_meld(level, cards, levels=levels)
    except (CardError, ValueError) as error:
        return MeldAnswer(Answer(ERROR, str(error)))
    if not verdict:
        return MeldAnswer(Answer(NO, f"No. {verdict.reason}"))
    return MeldAnswer(
        Answer(YES, f"Yes: level {spec.number}, {spec.contract}."),
        _wilds_line(verdict, spec), _groups(verdict), frozenset(range(len(cards))),
    )


def find_answer(level: int, hand: Sequence[Card],
                levels: Sequence[up_to_nine.Level] = up_to_nine.LEVELS) -> MeldAnswer:
    """Find the level's contract in a hand (``up_to_nine.find_meld``).

    Returns:
        A ``MeldAnswer`` whose ``chosen`` marks the cards to lay down, or a
        "no" answer when the hand holds no contract.
    """
    if not hand:
        return MeldAnswer(Answer(WAIT, "Add the cards in your hand first."))
    try:
        spec = up_to_nine.get_level(level, levels)
        found = up_to_nine.find_meld(level, hand, levels=levels)
    except (CardError, ValueError) as error:
        return MeldAnswer(Answer(ERROR, str(error)))
    if found is None:
        return MeldAnswer(Answer(NO, f"No {spec.contract} within the budget in these {len(hand)} cards."))
    return MeldAnswer(
        Answer(YES, f"Found it: lay down these {len(found.cards)} cards."),
        _wilds_line(found, spec), _groups(found), _indices(hand, found.cards),
    )


def lay_off_answer(kind: str, group: Sequence[Card], card: Card | None) -> tuple[Answer, GroupLine | None]:
    """May ``card`` be laid off on a group on the table?

    Args:
        kind: ``"straight"`` or ``"set"``: what the laid group is.
        group: the group's cards as they lie.
        card: the card to lay off, or None while not picked.

    Returns:
        (the answer, the group as the core reads it or None): the group is
        read by ``up_to_nine.check_group``, the card judged by
        ``up_to_nine.check_lay_off``; a wild laid off says what it stands for.
    """
    if not group:
        return Answer(WAIT, "Add the cards of the group on the table."), None
    try:
        reading = up_to_nine.check_group(kind, group)
        if not reading:
            return Answer(ERROR, f"That group is not on the table as a {kind}: {reading.reason}."), None
        laid = reading.groups[0]
        line = _groups(reading)[0]
        if card is None:
            return Answer(WAIT, f"Pick the card to lay off on the {laid.name}."), line
        verdict = up_to_nine.check_lay_off(laid, card)
    except (CardError, ValueError) as error:
        return Answer(ERROR, str(error)), None
    if not verdict:
        return Answer(NO, f"No: {verdict.reason}."), line
    where = f" at the {verdict.at} end" if verdict.at else ""
    if verdict.slot.wild:
        stands = verdict.stands_for
        shown = card_text(stands) if stands.suit else f"a {stands.label}"
        return Answer(YES, f"Yes: {card_text(card)} goes on the {laid.name}{where} as a wild for {shown}, "
                           "and stays that card."), line
    return Answer(YES, f"Yes: {card_text(card)} goes on the {laid.name}{where}."), line


def _grouping(groups: Sequence[GroupLine]) -> ft.Control:
    """Each group of a reading: its name, then its cards with what each wild stands for."""
    rows: list[ft.Control] = []
    for group in groups:
        wilds = [f"{card_label(card)} as {card_label(stands) if stands.suit else stands.label}"
                 for card, stands in group.slots if stands is not None]
        title = group.title + (f" ({', '.join(wilds)})" if wilds else " (no wild)")
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


@ft.component
def Check(options: Mapping[str, Any], players: int | None) -> ft.Control:
    """Level + cards -> contract or not, wilds against the budget, the grouping;
    "find it in my hand"; laying a card off on a group on the table. The
    levels are the saved game's (``options``); ``players`` is not needed."""
    levels = _levels(options)
    level, set_level = ft.use_state(1)
    mode, set_mode = ft.use_state("lay")
    cards, set_cards = ft.use_state(())
    found, set_found = ft.use_state(None)
    kind, set_kind = ft.use_state(up_to_nine.STRAIGHT)
    group, set_group = ft.use_state(())
    off_card, set_off_card = ft.use_state(None)
    active, set_active = ft.use_state("group")
    note, set_note = ft.use_state("")

    def choose_level(number: int):
        set_level(number)
        set_found(None)

    def pick(picked: list[Card]):
        set_note("")
        if mode == "lay":
            room = MAX_HAND - len(cards)
            if len(picked) > room:
                set_note(f"The checker takes at most {MAX_HAND} cards.")
            set_cards(cards + tuple(picked[:room]))
            set_found(None)
        elif active == "group":
            set_group(group + tuple(picked))
        else:
            set_off_card(picked[-1])

    def remove(index: int):
        set_cards(cards[:index] + cards[index + 1:])
        set_found(None)

    def find():
        set_found(find_answer(level, cards, levels))

    def clear():
        set_cards(())
        set_found(None)

    controls: list[ft.Control] = [
        section_title("Your level"),
        labelled("levels", ft.Row(
            [tile_button(str(n), selected=n == level, on_click=partial(choose_level, n))
             for n in range(1, len(levels) + 1)],
            wrap=True, spacing=4, run_spacing=4,
        )),
        labelled("level", ft.Text(level_line(level, levels), size=16, weight=ft.FontWeight.W_600)),
        ft.Row(
            [tile_button("Lay down", selected=mode == "lay", width=150, on_click=lambda: set_mode("lay")),
             tile_button("Lay off", selected=mode == "off", width=150, on_click=lambda: set_mode("off"))],
            spacing=8,
        ),
    ]
    if mode == "lay":
        answer = found if found is not None else meld_answer(level, cards, levels)
        controls += [
            ft.Text(f"Your cards ({len(cards)} of at most {MAX_HAND}): the ones to lay down, "
                    "or your whole hand and tap Find.", color=ft.Colors.ON_SURFACE_VARIANT),
            labelled("cards", card_row(cards, chosen=answer.chosen if found is not None else frozenset(),
                                       on_remove=remove, empty="No cards yet: pick them below.")),
            error_line(note),
            CardPicker(pick, jokers=(), hint="e.g. 7s 7h 7d KC KD 2s"),
            ft.Row(
                [ft.FilledButton("Find it in my hand", icon=ft.Icons.SEARCH, on_click=find,
                                 disabled=not cards, height=TOUCH, expand=True),
                 ft.TextButton("Clear", on_click=clear,
                               disabled=not cards, height=TOUCH)],
            ),
            answer_line(answer.summary),
        ]
        if answer.wilds:
            controls.append(labelled("wilds", ft.Text(answer.wilds, size=16)))
        if answer.groups:
            controls.append(_grouping(answer.groups))
    else:
        summary, line = lay_off_answer(kind, group, off_card)
        controls += [
            ft.Row(
                [tile_button("Straight", selected=kind == up_to_nine.STRAIGHT, width=120,
                             on_click=lambda: set_kind(up_to_nine.STRAIGHT)),
                 tile_button("Set", selected=kind == up_to_nine.SET, width=120,
                             on_click=lambda: set_kind(up_to_nine.SET))],
                spacing=8,
            ),
            slots_row(
                slot_button("Group on the table", [], active=active == "group",
                            on_click=lambda: set_active("group"),
                            summary=f"{len(group)} card{'' if len(group) == 1 else 's'}" if group else None),
                slot_button("Card to lay off", [off_card] if off_card else [], active=active == "card",
                            on_click=lambda: set_active("card")),
            ),
            card_row(group, on_remove=lambda index: set_group(group[:index] + group[index + 1:]),
                     empty="No group yet."),
            CardPicker(pick, jokers=(), hint="e.g. 4c 5c 6c 7c"),
            answer_line(summary),
        ]
        if line is not None:
            controls.append(suit_text(f"Read as: {line.title}", color=ft.Colors.ON_SURFACE_VARIANT))
    return ft.Column([c for c in controls if c is not None], spacing=12)
