"""Widgets of the Check tab and the setup and rules screens (all named ``ask_``).

- :func:`CardPicker`: suit and rank tiles (at least 48 px, thumb-sized) plus
  a text field read by ``companion.cards.parse_cards``; it hands finished
  ``Card`` values to the screen and knows no rule.
- :func:`NumberPicker`: a number pad and text field for Up or Down?'s cards.
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
  show ♠ ♥ ♦ ♣ with no internet connection (see ``SUIT_FONT``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

import flet as ft

from companion import registry
from companion.cards import (
    JOKER_NAMES,
    RED_SUITS,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    SUITS,
    Card,
    CardError,
    joker_code,
    parse_cards,
    rank_letter,
)
from companion.i18n import _
from companion.table.ask_answers import ERROR, NO, WAIT, YES, Answer
from companion.ui.widgets import TOUCH, tile_button

CARD_WIDTH = 48
"""Width of a drawn card in logical pixels (a tap target, so never below 48)."""

CARD_HEIGHT = 64
"""Height of a drawn card."""

ALL_RANKS: tuple[int, ...] = tuple(range(1, 14))
"""Ranks ace to king, in picker order."""

SUIT_FONT = "Companion Suits"
"""A font holding only ♠ ♥ ♦ ♣ (and outlines, stars), from DejaVu Sans: the
offline web client has no font with these glyphs, so text that may show a
suit names it as a fallback (``SUIT_TEXT``)."""

SUIT_FONT_URL = "/rules/companion-suits.ttf"
"""Where the app serves the suit font (``assets/rules/companion-suits.ttf``)."""

SUIT_TEXT = ft.TextStyle(font_family_fallback=[SUIT_FONT])
"""Text style that draws suits with ``SUIT_FONT`` and everything else as usual."""

_DELETE_KEY = "⌫"
_ADD_KEY = "+"

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


@ft.component
def CardPicker(
    on_pick: Callable[[list[Card]], None],
    *,
    ranks: Sequence[int] = ALL_RANKS,
    suited: bool = True,
    jokers: Sequence[str] = ("black", "colour"),
    hint: str | None = None,
    check: Callable[[Card], object] | None = None,
) -> ft.Control:
    """Pick cards by tapping, or type them.

    Suited games: tap a suit, then ranks (each rank adds one card of that
    suit; the suit stays chosen), or a rank first and then its suit.
    Unsuited (One Up): each rank tile adds that card. Joker tiles add a
    joker. The text field takes several cards at once (``parse_cards``);
    a token it can not read is explained under the field and nothing is lost.

    Args:
        on_pick: called with the new cards (a list) after each tap or submit.
        ranks: the rank tiles to show (1 = ace .. 13 = king).
        suited: show the suit tiles.
        jokers: joker kinds to offer (``"black"``, ``"colour"``, ``"plain"``).
        hint: example text in the typing field (None: a general one, translated).
        check: the game's reading of one card (e.g. One-card's
            ``read_card``), raising CardError for a card the game does not
            use: typed cards are handed over only when every one passes;
            else its words are shown under the field, which keeps the text.
    """
    suit, set_suit = ft.use_state(None)
    pending, set_pending = ft.use_state(None)
    typed = ft.use_ref("")
    error, set_error = ft.use_state("")

    def tap_suit(letter: str):
        set_error("")
        if suit == letter and pending is None:
            set_suit(None)
            return
        set_suit(letter)
        if pending is not None:
            set_pending(None)
            on_pick([Card(pending, letter)])

    def tap_rank(rank: int):
        set_error("")
        if not suited:
            on_pick([Card(rank)])
        elif suit is None:
            set_pending(None if pending == rank else rank)
        else:
            on_pick([Card(rank, suit)])

    def remember(e: ft.Event[ft.TextField]):
        typed.current = e.control.value

    def submit():
        try:
            cards = parse_cards(typed.current)
            for card in cards if check is not None else ():
                check(card)
        except CardError as exc:
            set_error(str(exc))
            return
        set_error("")
        set_pending(None)
        typed.current = ""
        if cards:
            on_pick(cards)

    rows: list[ft.Control] = []
    if suited:
        rows.append(ft.Row(
            [
                suit_tile(letter, selected=suit == letter, on_click=partial(tap_suit, letter))
                for letter in SUITS
            ],
            spacing=4,
        ))
    tiles = [
        tile_button(rank_letter(rank), selected=pending == rank,
                    on_click=partial(tap_rank, rank))
        for rank in ranks
    ]
    tiles += [
        tile_button(joker_code(kind), selected=False, width=72,
                    on_click=partial(on_pick, [Card(None, None, kind)]),
                    tooltip=_(JOKER_NAMES[kind]))
        for kind in jokers
    ]
    rows.append(ft.Row(tiles, wrap=True, spacing=4, run_spacing=4))
    if suited:
        if pending is not None:
            prompt = _("Now tap the suit of the {rank}.").format(rank=rank_letter(pending))
        elif suit is None:
            prompt = _("Tap a suit, then ranks: each rank adds a card.")
        else:
            prompt = _("Each rank adds a card of {suit}; tap another suit to switch.").format(suit=_(SUIT_NAMES[suit]))
        rows.append(ft.Text(prompt, size=13, color=ft.Colors.ON_SURFACE_VARIANT))
    rows.append(ft.Row(
        [
            ft.TextField(
                label=_("Or type cards"),
                hint_text=hint or _("e.g. 7s 7h KC 2d, BJ"),
                value=typed.current,
                on_change=remember,
                on_submit=submit,
                autocorrect=False,
                enable_suggestions=False,
                text_style=SUIT_TEXT,
                expand=True,
                error=error or None,
                error_style=SUIT_TEXT,
                error_max_lines=6,
            ),
            ft.FilledTonalButton(_("Add"), on_click=submit, height=TOUCH),
        ],
        vertical_alignment=ft.CrossAxisAlignment.START,
    ))
    return ft.Column(rows, spacing=8)


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


@ft.component
def NumberPicker(on_pick: Callable[[list[int]], None], *, read: Callable[[str], list[int]]) -> ft.Control:
    """A number pad for Up or Down?'s numbered cards, plus a text field.

    Digits build a number shown above the pad; "Add" hands it over. The text
    field takes several numbers at once, read by ``read`` (which raises a
    ``ValueError`` naming a bad token; the message is shown under the field).

    Args:
        on_pick: called with the new numbers (a list).
        read: turns typed text into numbers (the checker passes
            ``ask_answers.read_numbers``), also used for the pad's number.
    """
    digits, set_digits = ft.use_state("")
    typed = ft.use_ref("")
    error, set_error = ft.use_state("")

    def hand_over(text: str) -> bool:
        try:
            numbers = read(text)
        except ValueError as exc:
            set_error(str(exc))
            return False
        set_error("")
        if numbers:
            on_pick(numbers)
        return True

    def remember(e: ft.Event[ft.TextField]):
        typed.current = e.control.value

    def submit():
        if hand_over(typed.current):
            typed.current = ""

    def press(key_id: str):
        if key_id == _DELETE_KEY:
            set_digits(digits[:-1])
        elif key_id == _ADD_KEY:
            if hand_over(digits):
                set_digits("")
        else:
            set_digits((digits + key_id)[:3])

    def key(key_id: str) -> ft.Control:
        if key_id == _DELETE_KEY:
            return ft.OutlinedButton(content=ft.Icon(ft.Icons.BACKSPACE_OUTLINED), width=100, height=TOUCH,
                                     tooltip=_("Delete a digit"), on_click=lambda: press(key_id),
                                     style=ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=10)))
        if key_id == _ADD_KEY:
            return tile_button(_("Add"), selected=bool(digits), width=100,
                               on_click=lambda: press(key_id), tooltip=_("Add the number"))
        return tile_button(key_id, selected=False, width=100, on_click=lambda: press(key_id))

    pad = [["1", "2", "3"], ["4", "5", "6"], ["7", "8", "9"], [_DELETE_KEY, "0", _ADD_KEY]]
    return ft.Column(
        [
            ft.Text(_("Number: {digits}").format(digits=digits or "–"), size=20, weight=ft.FontWeight.W_600),
            *[ft.Row([key(label) for label in row], spacing=6) for row in pad],
            ft.Row(
                [
                    ft.TextField(
                        label=_("Or type numbers"),
                        hint_text=_("e.g. 4 34 52 60 88 101"),
                        value=typed.current,
                        on_change=remember,
                        on_submit=submit,
                        keyboard_type=ft.KeyboardType.NUMBER,
                        expand=True,
                        error=error or None,
                        error_max_lines=3,
                    ),
                    ft.FilledTonalButton(_("Add"), on_click=submit, height=TOUCH),
                ],
                vertical_alignment=ft.CrossAxisAlignment.START,
            ),
        ],
        spacing=6,
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
