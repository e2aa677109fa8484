"""Widgets of the Check tab and the setup and rules screens (all named ``ask_``; the
pickers that fill the slots are in ``companion.ui.ask_pickers``).

- :func:`card_face`, :func:`number_face`: a card drawn as a small playing
  card (rank over suit, red for hearts and diamonds), optionally marked as
  chosen or with what it stands for underneath.
- :func:`card_row`: a wrapping row of card faces; tapping one takes it out.
- :func:`slot_button`, :func:`number_slot`: a labelled place for one card or
  a list of cards (top card, your hand, the ring); the framed one receives
  what the picker picks; :func:`slots_row` sets slots side by side.
- :func:`answer_line`: the verdict in one line, green or red.
- :func:`game_tiles`: the games as one row of tiles.
- :func:`suit_text`, :func:`suit_tile`: text that can
  show ♠ ♥ ♦ ♣ with no internet connection (see ``companion.ui.widgets.SUIT_FONT``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

import flet as ft

from companion import registry
from companion.cards import RED_SUITS, SUIT_NAMES, SUIT_SYMBOLS, Card, joker_code
from companion.i18n import _
from companion.table.ask_answers import ERROR, NO, WAIT, YES, Answer
from companion.ui.widgets import SUIT_TEXT, TOUCH

CARD_WIDTH = 48
"""Width of a drawn card in logical pixels (a tap target, so never below 48)."""

CARD_HEIGHT = 64
"""Height of a drawn card."""

ALL_RANKS: tuple[int, ...] = tuple(range(1, 14))
"""Ranks ace to king, in picker order."""

_RED = "#C62828"
_BLACK = "#1C1B1F"
_CHOSEN_FILL = "#D7F0E0"


def suit_text(value: str, **kwargs) -> ft.Text:
    """``ft.Text`` that can show suits: ``value`` and Text's own keyword arguments."""
    return ft.Text(value, style=SUIT_TEXT, **kwargs)


def suit_tile(letter: str, *, selected: bool, on_click: Callable[[], None], width: int = 84) -> ft.Control:
    """A tile button showing one suit symbol (red for hearts and diamonds), filled when selected."""
    ink = _RED if letter in RED_SUITS else None
    return ft.Button(
        content=suit_text(SUIT_SYMBOLS[letter], size=22,
                          color=ft.Colors.ON_PRIMARY if selected else ink),
        width=width,
        height=TOUCH,
        tooltip=_(SUIT_NAMES[letter]),
        on_click=on_click,
        style=ft.ButtonStyle(
            padding=0,
            elevation=0,
            shape=ft.RoundedRectangleBorder(radius=10),
            side=ft.BorderSide(2, ft.Colors.PRIMARY if selected else ink or ft.Colors.OUTLINE),
            bgcolor=ft.Colors.PRIMARY if selected else ft.Colors.SURFACE,
            color=ft.Colors.PRIMARY,
        ),
    )


def card_label(card: Card) -> str:
    """A card as the checker's lines write it, the one notation of ``str(card)``
    in the current language: ``"A♠"``, ``"10♥"``, ``"K"``, German ``"B♣"``,
    ``"black joker"``."""
    return str(card)


def _ink(card: Card) -> str:
    if card.is_joker:
        return _RED if card.joker == "colour" else _BLACK
    return _RED if card.suit in RED_SUITS else _BLACK


def card_face(
    card: Card,
    *,
    chosen: bool = False,
    note: str | None = None,
    on_click: Callable[[], None] | None = None,
    tooltip: str | None = None,
) -> ft.Control:
    """One card drawn as a playing card.

    Takes the card, ``chosen`` (a thick primary frame: "lay these down"),
    an optional ``note`` printed under it (``"=K"``: what a wild stands for),
    an optional tap handler and tooltip. Returns the control; a screen reader
    reads the card by its name in the current language (``"ace of spades"``,
    German ``"Pik-Ass"``), then the note.
    """
    ink = _ink(card)
    if card.is_joker:
        face = [
            suit_text("★", size=18, color=ink, weight=ft.FontWeight.BOLD),
            ft.Text(joker_code(card.joker), size=13, color=ink, weight=ft.FontWeight.BOLD),
        ]
    else:
        face = [
            ft.Text(card.label, size=18, color=ink, weight=ft.FontWeight.BOLD),
            suit_text(SUIT_SYMBOLS.get(card.suit, ""), size=18, color=ink),
        ]
    drawn = ft.Container(
        width=CARD_WIDTH,
        height=CARD_HEIGHT,
        bgcolor=_CHOSEN_FILL if chosen else "#FFFFFF",
        border_radius=6,
        border=ft.Border.all(3, ft.Colors.PRIMARY) if chosen else ft.Border.all(1, "#9E9E9E"),
        alignment=ft.Alignment.CENTER,
        content=ft.Column(face, spacing=0, tight=True,
                          horizontal_alignment=ft.CrossAxisAlignment.CENTER),
        on_click=on_click,
        tooltip=tooltip,
        ink=on_click is not None,
    )
    label = f"{card.name} {note}" if note else card.name
    if chosen:
        label = _("{card}, chosen").format(card=label)
    parts: list[ft.Control] = [drawn]
    if note:
        parts.append(suit_text(note, size=13, weight=ft.FontWeight.W_600, color=ft.Colors.PRIMARY))
    return ft.Semantics(
        label=label,
        button=on_click is not None,
        container=True,
        content=ft.Column(parts, spacing=2, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
    )


def card_row(
    cards: Sequence[Card],
    *,
    chosen: frozenset[int] = frozenset(),
    on_remove: Callable[[int], None] | None = None,
    empty: str | None = None,
) -> ft.Control:
    """The chosen cards as cards, wrapping; tapping one takes it out when ``on_remove`` is given.

    Takes the cards, the indices to frame as chosen, ``on_remove(index)``
    and the line shown when there are no cards (None: "No cards yet.", translated).
    """
    if not cards:
        return ft.Text(empty or _("No cards yet."), color=ft.Colors.ON_SURFACE_VARIANT)
    return ft.Row(
        [
            card_face(
                card,
                chosen=index in chosen,
                on_click=partial(on_remove, index) if on_remove else None,
                tooltip=_("Take out the {card}").format(card=card.name) if on_remove else None,
            )
            for index, card in enumerate(cards)
        ],
        wrap=True,
        spacing=6,
        run_spacing=6,
    )


def slot_frame(active: bool, on_click: Callable[[], None], *, content: ft.Control, expand: bool = False) -> ft.Control:
    """The tappable frame of a slot (cards or numbers): framed in the primary
    colour and tinted while ``active`` (where the picker's cards go)."""
    return ft.Container(
        expand=expand,
        padding=8,
        border_radius=12,
        border=ft.Border.all(3 if active else 1, ft.Colors.PRIMARY if active else ft.Colors.OUTLINE_VARIANT),
        bgcolor=ft.Colors.PRIMARY_CONTAINER if active else None,
        on_click=on_click,
        ink=True,
        content=content,
    )


def slot_button(
    label: str,
    cards: Sequence[Card],
    *,
    active: bool,
    on_click: Callable[[], None],
    summary: str | None = None,
) -> ft.Control:
    """A place for cards (``"Top card"``, ``"Your card"``): its label and its cards.

    The active slot (where the picker's cards go) is framed in the primary
    colour. Takes the label, the cards in it, ``active``, the tap handler and
    an optional ``summary`` shown instead of the cards (``"9 cards"``, for a
    hand drawn elsewhere on the screen).
    """
    shown: ft.Control
    if summary:
        shown = ft.Container(height=CARD_HEIGHT, alignment=ft.Alignment.CENTER_LEFT,
                             content=ft.Text(summary, size=20, weight=ft.FontWeight.W_600))
    elif cards:
        shown = ft.Row([card_face(card) for card in cards], spacing=4, wrap=True)
    else:
        shown = ft.Container(
            width=CARD_WIDTH, height=CARD_HEIGHT, border_radius=6,
            border=ft.Border.all(1, ft.Colors.OUTLINE),
            alignment=ft.Alignment.CENTER,
            content=ft.Text("?", size=20, color=ft.Colors.ON_SURFACE_VARIANT),
        )
    return slot_frame(
        active, on_click, expand=True,
        content=ft.Semantics(
            label=f"{label}: {summary or ', '.join(c.name for c in cards) or _('empty')}",
            button=True,
            selected=active,
            container=True,
            content=ft.Column(
                [
                    ft.Text(label, weight=ft.FontWeight.W_600,
                            color=ft.Colors.ON_PRIMARY_CONTAINER if active else None),
                    shown,
                    ft.Text(_("cards go here") if active else _("tap to fill"), size=12,
                            color=ft.Colors.ON_SURFACE_VARIANT),
                ],
                spacing=4,
                tight=True,
            ),
        ),
    )


def slots_row(*slots: ft.Control) -> ft.Control:
    """Slots (``slot_button``) side by side, their tops aligned."""
    return ft.Row(list(slots), spacing=8, vertical_alignment=ft.CrossAxisAlignment.START)


_ANSWER_STYLE = {
    YES: (ft.Icons.CHECK_CIRCLE, ft.Colors.ON_PRIMARY_CONTAINER, ft.Colors.PRIMARY_CONTAINER),
    NO: (ft.Icons.CANCEL, ft.Colors.ON_ERROR_CONTAINER, ft.Colors.ERROR_CONTAINER),
    ERROR: (ft.Icons.ERROR_OUTLINE, ft.Colors.ON_TERTIARY_CONTAINER, ft.Colors.TERTIARY_CONTAINER),
}
"""Answer kind -> (icon, ink, fill): the theme's green (the seed colour) for
yes, its red for no, its third colour for input to fix, in light and dark."""


def answer_line(answer: Answer, *, test_id: str = "answer") -> ft.Control:
    """The verdict in one line: green for yes, red for no, the theme's third
    colour for input to fix, plain for "pick more". Wrapped in a Semantics
    node named ``test_id``."""
    if answer.kind == WAIT:
        content: ft.Control = ft.Row(
            [ft.Icon(ft.Icons.TOUCH_APP_OUTLINED, color=ft.Colors.ON_SURFACE_VARIANT),
             suit_text(answer.text, expand=True, color=ft.Colors.ON_SURFACE_VARIANT)],
        )
        box = ft.Container(content=content, padding=12, border_radius=12,
                           border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT))
    else:
        icon, ink, fill = _ANSWER_STYLE[answer.kind]
        box = ft.Container(
            padding=12,
            border_radius=12,
            bgcolor=fill,
            content=ft.Row(
                [ft.Icon(icon, color=ink, size=28),
                 suit_text(answer.text, expand=True, color=ink, size=16, weight=ft.FontWeight.W_600)],
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
        )
    return ft.Semantics(identifier=test_id, container=True, content=box)


def number_face(number: int, *, on_click: Callable[[], None] | None = None) -> ft.Control:
    """An Up or Down? card drawn as its number; tapping it takes it out when ``on_click`` is given."""
    return ft.Semantics(
        label=str(number),
        button=on_click is not None,
        container=True,
        content=ft.Container(
            width=CARD_WIDTH,
            height=CARD_HEIGHT,
            bgcolor="#FFFFFF",
            border_radius=6,
            border=ft.Border.all(1, "#9E9E9E"),
            alignment=ft.Alignment.CENTER,
            content=ft.Text(str(number), size=18, color=_BLACK, weight=ft.FontWeight.BOLD),
            on_click=on_click,
            tooltip=_("Take out {number}").format(number=number) if on_click else None,
            ink=on_click is not None,
        ),
    )


def number_slot(
    label: str,
    numbers: Sequence[int],
    *,
    active: bool,
    on_click: Callable[[], None],
    on_remove: Callable[[int], None],
) -> ft.Control:
    """A place for Up or Down? numbers (the ring, your card, a row), like :func:`slot_button`;
    tapping a number in it takes that number out."""
    shown: ft.Control = ft.Row(
        [number_face(n, on_click=partial(on_remove, index)) for index, n in enumerate(numbers)],
        spacing=4, wrap=True, run_spacing=4,
    ) if numbers else ft.Text(_("empty"), color=ft.Colors.ON_SURFACE_VARIANT)
    return slot_frame(
        active, on_click,
        content=ft.Column(
            [
                ft.Semantics(
                    label=f"{label}: {' '.join(map(str, numbers)) or _('empty')}",
                    button=True, selected=active,
                    content=ft.Text(label, weight=ft.FontWeight.W_600,
                                    color=ft.Colors.ON_PRIMARY_CONTAINER if active else None),
                ),
                shown,
            ],
            spacing=4,
            tight=True,
        ),
    )


def game_tiles(games: Sequence[str], current: str, on_pick: Callable[[str], None]) -> ft.Control:
    """One row of compact game tiles (48 px high), the current one filled.

    Takes the game ids in order (registry ids), the current id and
    ``on_pick(game_id)``.
    """
    return ft.Row(
        [
            ft.Button(
                content=ft.Text(registry.game(game).title, size=14, text_align=ft.TextAlign.CENTER,
                                weight=ft.FontWeight.W_600),
                expand=True,
                height=TOUCH,
                on_click=partial(on_pick, game),
                style=ft.ButtonStyle(
                    padding=ft.Padding.symmetric(horizontal=2),
                    elevation=0,
                    shape=ft.RoundedRectangleBorder(radius=10),
                    side=ft.BorderSide(2, ft.Colors.PRIMARY if game == current else ft.Colors.OUTLINE),
                    bgcolor=ft.Colors.PRIMARY if game == current else ft.Colors.SURFACE,
                    color=ft.Colors.ON_PRIMARY if game == current else ft.Colors.ON_SURFACE,
                ),
            )
            for game in games
        ],
        spacing=4,
    )
