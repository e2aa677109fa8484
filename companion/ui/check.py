"""The Check tab: "may I play this?" for each of the four games.

Every answer comes from the rules core through ``companion.ui.ask_answers``;
this module only holds what the player picked and draws it.  Opened from a
score pad (``/check/<game>?game_id=<id>``) it starts on that game with the
game's house rules (One Up's wild joker, Up to 9's level table).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any
from urllib.parse import parse_qs, urlparse

import flet as ft

from companion.cards import SUITS, Card, parse_card
from companion.games import one_card, one_up, up_to_nine
from companion.ui import ask_answers as ask
from companion.ui.ask_cards import (
    CardPicker,
    NumberPicker,
    answer_line,
    card_face,
    card_label,
    card_row,
    game_tiles,
    number_slot,
    slot_button,
    suit_text,
    suit_tile,
)
from companion.ui.state import navigate, use_store
from companion.ui.widgets import TOUCH, error_line, labelled, screen_header, section_title, tile_button

GAMES: tuple[str, ...] = ("one_up", "one_card", "up_to_nine", "up_or_down")
"""The games in the order of the game tiles."""

MAX_HAND = 12
"""Most cards the Up to 9 checker takes (``find_meld`` is made for up to 12)."""

ONE_UP_RANKS: tuple[int, ...] = tuple(parse_card(value).rank for value in one_up.VALUE_CIRCLE)
"""The picker's ranks for One Up: the values of ``one_up.VALUE_CIRCLE`` (A-6 and K)."""


def _route_options() -> tuple[Mapping[str, Any], int | None, str | None]:
    """The saved game named by ``?game_id=`` in the address: (its options,
    its player count, its id).

    Returns ``({}, None, None)`` when there is none or it is not found.
    """
    query = parse_qs(urlparse(ft.context.page.route or "").query)
    game_id = query.get("game_id", [""])[0]
    if not game_id:
        return {}, None, None
    doc = use_store().get_game(game_id)
    if doc is None:
        return {}, None, None
    return doc.get("options", {}), len(doc.get("players", [])) or None, game_id


def _slots(*slots: ft.Control) -> ft.Control:
    return ft.Row(list(slots), spacing=8, vertical_alignment=ft.CrossAxisAlignment.START)


# ---- One Up ---------------------------------------------------------------------

@ft.component
def OneUpCheck(joker_preset: bool) -> ft.Control:
    """Top card + your card -> may it go there (``one_up.check_play``); joker variant switch."""
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
            _slots(
                slot_button("Top card", [top] if top else [], active=active == "top",
                            on_click=lambda: set_active("top")),
                slot_button("Your card", [card] if card else [], active=active == "card",
                            on_click=lambda: set_active("card")),
            ),
            ft.Switch(label="Wild joker variant", value=joker,
                      on_change=lambda e: set_variant(e.control.value), height=TOUCH),
            CardPicker(pick, ranks=ONE_UP_RANKS, suited=False, jokers=("plain",) if joker else (),
                       hint="e.g. 6 or K" + (" or JK" if joker else "")),
            answer_line(ask.one_up_answer(top, card, joker=joker)),
        ],
        spacing=12,
    )


# ---- One-card -------------------------------------------------------------------

def _card_answer_row(item: ask.CardAnswer, on_remove: Callable[[], None]) -> ft.Control:
    colour = ft.Colors.PRIMARY if item.legal else ft.Colors.ERROR
    return ft.Row(
        [
            card_face(item.card, chosen=item.legal, on_click=on_remove,
                      tooltip=f"Take out the {item.card.name}"),
            ft.Icon(ft.Icons.CHECK_CIRCLE if item.legal else ft.Icons.CANCEL, color=colour),
            suit_text(item.text, expand=True, color=colour if item.legal else None,
                      weight=ft.FontWeight.W_600 if item.legal else None),
        ],
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )


@ft.component
def OneCardCheck(players: int) -> ft.Control:
    """Top card, pending attack, declared suit and your hand -> which cards are legal."""
    top, set_top = ft.use_state(None)
    hand, set_hand = ft.use_state(())
    attack, set_attack = ft.use_state(0)
    declared, set_declared = ft.use_state(None)
    active, set_active = ft.use_state("top")
    show_take, set_show_take = ft.use_state(False)

    def pick(cards: list[Card]):
        set_show_take(False)
        if active == "top":
            set_top(cards[-1])
            set_attack(ask.attack_value(cards[-1]))
            set_declared(None)
            set_active("hand")
        else:
            set_hand(hand + tuple(cards))

    def remove(index: int):
        set_hand(hand[:index] + hand[index + 1:])

    answer = ask.one_card_answer(top, hand, attack_total=attack, declared_suit=declared, players=players)
    value = ask.attack_value(top) if top is not None else 0
    controls: list[ft.Control] = [
        _slots(
            slot_button("Top card", [top] if top else [], active=active == "top",
                        on_click=lambda: set_active("top")),
            slot_button("Your hand", [], active=active == "hand", on_click=lambda: set_active("hand"),
                        summary=f"{len(hand)} card{'' if len(hand) == 1 else 's'}" if hand else None),
        ),
    ]
    if value:
        pending = attack > 0
        controls.append(ft.Row(
            [
                ft.Switch(value=pending, height=TOUCH, tooltip="An attack is pending",
                          on_change=lambda e: set_attack(value if e.control.value else 0)),
                suit_text(f"An attack is pending ({card_label(top)} was the last attack card)", expand=True),
            ],
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        ))
        if pending:
            controls.append(ft.Row(
                [
                    ft.Text("Running total", expand=True),
                    ft.IconButton(ft.Icons.REMOVE, tooltip="Running total minus", width=TOUCH, height=TOUCH,
                                  disabled=attack <= value, on_click=lambda: set_attack(attack - 1)),
                    ft.Text(str(attack), size=22, width=40, text_align=ft.TextAlign.CENTER),
                    ft.IconButton(ft.Icons.ADD, tooltip="Running total plus", width=TOUCH, height=TOUCH,
                                  on_click=lambda: set_attack(attack + 1)),
                ],
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ))
    if top is not None and top.rank == one_card.WILD_RANK:
        controls.append(ft.Text("Suit named with the 7:"))
        controls.append(ft.Row(
            [
                suit_tile(letter, selected=declared == letter, width=72,
                          on_click=partial(set_declared, None if declared == letter else letter))
                for letter in SUITS
            ],
            spacing=4,
        ))
    controls.append(CardPicker(pick, hint="e.g. 3h AS BJ 7c"))
    controls.append(answer_line(answer.summary))
    if answer.attack:
        controls.append(ft.Row(
            [
                suit_text(answer.attack, expand=True),
                ft.OutlinedButton("Take the attack", icon=ft.Icons.DOWNLOAD,
                                  on_click=lambda: set_show_take(not show_take), height=TOUCH),
            ],
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        ))
        if show_take:
            controls.append(labelled("take", ft.Container(
                padding=12, border_radius=12, bgcolor=ft.Colors.SECONDARY_CONTAINER,
                content=suit_text(answer.take, color=ft.Colors.ON_SECONDARY_CONTAINER, size=16),
            )))
    if answer.cards:
        controls.append(labelled("hand", ft.Column(
            [_card_answer_row(item, partial(remove, index))
             for index, item in enumerate(answer.cards)],
            spacing=6,
        )))
    if hand:
        controls.append(ft.TextButton("Clear the hand", icon=ft.Icons.CLEAR_ALL,
                                      on_click=lambda: set_hand(()), height=TOUCH))
    return ft.Column(controls, spacing=12)


# ---- Up to 9 --------------------------------------------------------------------

def _grouping(groups: Sequence[ask.GroupLine]) -> ft.Control:
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


@ft.component
def UpToNineCheck(levels: tuple[up_to_nine.Level, ...]) -> ft.Control:
    """Level + cards -> contract or not, wilds against the budget, the grouping;
    "find it in my hand"; laying a card off on a group on the table."""
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
        set_found(ask.find_answer(level, cards, levels))

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
        labelled("level", ft.Text(ask.level_line(level, levels), size=16, weight=ft.FontWeight.W_600)),
        ft.Row(
            [tile_button("Lay down", selected=mode == "lay", width=150, on_click=lambda: set_mode("lay")),
             tile_button("Lay off", selected=mode == "off", width=150, on_click=lambda: set_mode("off"))],
            spacing=8,
        ),
    ]
    if mode == "lay":
        answer = found if found is not None else ask.meld_answer(level, cards, levels)
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
        summary, line = ask.lay_off_answer(kind, group, off_card)
        controls += [
            ft.Row(
                [tile_button("Straight", selected=kind == up_to_nine.STRAIGHT, width=120,
                             on_click=lambda: set_kind(up_to_nine.STRAIGHT)),
                 tile_button("Set", selected=kind == up_to_nine.SET, width=120,
                             on_click=lambda: set_kind(up_to_nine.SET))],
                spacing=8,
            ),
            _slots(
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


# ---- Up or Down? ----------------------------------------------------------------

_NUMBER_SLOTS: tuple[tuple[str, str, int], ...] = (
    ("ring", "The ring (6 numbers)", 6),
    ("card", "Your card", 1),
    ("row", "Your row, in the order laid", 0),
    ("row_card", "Card for that row", 1),
)
"""(key, label, most numbers; 0 = no limit) of the Up or Down? checker's places."""


@ft.component
def UpOrDownCheck() -> ft.Control:
    """The ring's six numbers and your card -> between which cards it goes;
    one of your rows and a card -> may it go there, and which way the row runs."""
    values, set_values = ft.use_state(lambda: {key: () for key, _, _ in _NUMBER_SLOTS})
    active, set_active = ft.use_state("ring")
    limits = {key: most for key, _, most in _NUMBER_SLOTS}
    labels = {key: label for key, label, _ in _NUMBER_SLOTS}

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
    pad = NumberPicker(pick, read=ask.read_numbers)
    ring_part = active in ("ring", "card")
    return ft.Column(
        [
            section_title("Where does my card go?"),
            slot("ring"),
            slot("card"),
            *([pad] if ring_part else []),
            answer_line(ask.ring_answer(values["ring"], card), test_id="ring-answer"),
            section_title("May it go on my row?"),
            slot("row"),
            slot("row_card"),
            *([] if ring_part else [pad]),
            answer_line(ask.row_answer(values["row"], row_card), test_id="row-answer"),
        ],
        spacing=12,
    )


# ---- the screen ---------------------------------------------------------------------

@ft.component
def CheckScreen(game: str | None) -> ft.Control:
    """The move checker (route ``/check`` and ``/check/<game>``).

    Takes the game id from the address (None or unknown: One Up). With
    ``?game_id=`` it reads that saved game's house rules and player count.
    """
    current = game if game in GAMES else GAMES[0]
    options, players, saved_id = _route_options()
    if current == "one_up":
        body = OneUpCheck(bool(options.get("joker", False)), key="one_up")
    elif current == "one_card":
        body = OneCardCheck(players or 3, key="one_card")
    elif current == "up_to_nine":
        try:
            levels = up_to_nine.levels_from_json(options["levels"]) if options.get("levels") else up_to_nine.LEVELS
        except ValueError:
            levels = up_to_nine.LEVELS
        body = UpToNineCheck(levels, key="up_to_nine")
    else:
        body = UpOrDownCheck(key="up_or_down")
    return ft.Column(
        [
            screen_header(
                "Check a move", "Pick the cards on the table and in your hand.",
                back=partial(navigate, f"/pad/{saved_id}") if saved_id else None,
            ),
            game_tiles(GAMES, current, lambda game_id: navigate(f"/check/{game_id}")),
            body,
        ],
        spacing=12,
    )
