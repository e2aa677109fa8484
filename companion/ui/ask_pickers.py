"""The Check tab's pickers: what the player taps or types to hand cards to a checker.

- :func:`CardPicker`: suit and rank tiles (at least 48 px, thumb-sized) plus
  a text field read by ``companion.cards.parse_cards``; it hands finished
  ``Card`` values to the screen and knows no rule.
- :func:`NumberPicker`: a number pad and text field for Up or Down?'s cards.

The cards and slots they fill are drawn by ``companion.ui.ask_cards``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

import flet as ft

from companion.cards import JOKER_NAMES, SUIT_NAMES, SUITS, Card, CardError, joker_code, parse_cards, rank_letter
from companion.i18n import _, ngettext
from companion.ui.ask_cards import ALL_RANKS, suit_tile
from companion.ui.widgets import SUIT_TEXT, TOUCH, PhoneText, error_row, tile_button
from companion.wording import sentence

_DELETE_KEY = "⌫"
_ADD_KEY = "+"


@dataclass
class Typing(PhoneText):
    """A picker's text field as the phone holds it (:class:`PhoneText`), which the picker
    empties once its text is handed over: ``taken`` is the text last handed over, which the
    next paint empties from the field if the phone still holds it (None: nothing to empty).
    """

    taken: str | None = None

    def value(self, first: str = "") -> str:
        """The text to paint into the field: what the phone holds (``first`` before the field is on
        screen), so that a repaint never writes an older text over the phone's and Enter or "Add"
        then hand over that; "" once after a hand-over, unless the phone holds new text by then."""
        holds, taken, self.taken = super().value(first), self.taken, None
        return "" if holds == taken else holds


def use_typing() -> tuple[Typing, Callable[[str], None]]:
    """A picker's :class:`Typing`, kept for the picker's life, and the call that empties its
    field once ``text`` is taken (it repaints the picker, so the field is emptied even when
    nothing else the picker shows changed)."""
    typing = ft.use_ref(Typing).current
    set_cleared = ft.use_state(0)[1]

    def handed_over(text: str) -> None:
        typing.taken = text
        set_cleared(lambda times: times + 1)

    return typing, handed_over


REFUSAL_KEY = "typed-refusal"
"""The key of the line over a picker's field that says why what was typed was not taken."""


def _typing_row(typing: Typing, submit: Callable[[str], None], error: str,
                style: ft.TextStyle | None = None, **field) -> ft.Control:
    """A picker's text field with its "Add" button: ``typing`` holds the field (see
    :class:`Typing`), ``submit(text)`` hands its text over: on Enter the text the phone sent
    with it, on "Add" what the field holds; ``error`` ("" for none) is shown over the field,
    where a phone's keyboard or the navigation bar never hides it (under it, they did), in
    ``style`` too (``widgets.error_row``); a screen reader reads it as
    it comes (a live region); ``field`` holds the field's label, hint and other keyword
    arguments. The line is kept built, out of sight while there is none, so the field keeps
    its focus."""
    return ft.Column(
        [
            ft.Semantics(
                live_region=True, container=True, label=error, exclude_semantics=True, visible=bool(error),
                key=REFUSAL_KEY,
                content=error_row(error, style),
            ),
            ft.Row(
                [
                    ft.TextField(value=typing.value(), ref=typing.field, expand=True, text_style=style,
                                 on_submit=lambda e: submit(e.data if isinstance(e.data, str) else typing.text()),
                                 **field),
                    ft.FilledTonalButton(_("Add"), on_click=lambda: submit(typing.text()), height=TOUCH),
                ],
                vertical_alignment=ft.CrossAxisAlignment.START,
            ),
        ],
        spacing=4,
    )


def _suit_prompt(suit: str | None, pending: int | None) -> str:
    """The line under a suited picker's tiles: what the next tap does, given the suit chosen and
    the rank tapped first (None: none)."""
    if pending is not None:
        return _("Now tap the suit of the {rank}.").format(rank=rank_letter(pending))
    if suit is None:
        return _("Tap a suit, then ranks: each rank adds a card.")
    return _("Each rank adds a card of {suit}; tap another suit to switch.").format(suit=_(SUIT_NAMES[suit]))


def too_many(slot: str, most: int, typed: Sequence[str], *, numbers: bool = False) -> str:
    """Why typed cards (``numbers``: Up or Down?'s numbers) were not put in the slot labelled
    ``slot``, which holds ``most``: it names the slot, how many it holds and what was typed
    (``typed``, each as the picker read it: "3h" as 3♥), and asks for no more than it
    holds. One sentence, translated."""
    if numbers:
        text = ngettext("“{slot}” holds one number, and {count} were typed: {typed}. Type only the one you mean.",
                        "“{slot}” holds {most} numbers, and {count} were typed: {typed}. Type at most {most}.",
                        most)
    else:
        text = ngettext("“{slot}” holds one card, and {count} were typed: {typed}. Type only the one you mean.",
                        "“{slot}” holds {most} cards, and {count} were typed: {typed}. Type at most {most}.",
                        most)
    return text.format(slot=slot, most=most, count=len(typed), typed=", ".join(typed))


def no_room(slot: str, most: int, held: int, typed: Sequence[str]) -> str:
    """Why numbers typed (``typed``, each as read) were not put in the place labelled ``slot``,
    which holds ``most`` numbers and holds ``held`` already: it is full, or has room for fewer.
    A full place asks for the number to take out first: Up or Down?'s ring stays six, each turn
    taking out the ring card the player takes (seed 004). One sentence, translated."""
    if held >= most:
        return _("“{slot}” is full: it holds {most} numbers. Tap the one to take out, then add {typed}.").format(
            slot=slot, most=most, typed=", ".join(typed))
    room = most - held
    return ngettext(
        "“{slot}” has room for one more number, and {count} were typed: {typed}. Type only one.",
        "“{slot}” has room for {room} more numbers, and {count} were typed: {typed}. Type at most {room}.",
        room,
    ).format(slot=slot, room=room, count=len(typed), typed=", ".join(typed))


def _not_fitting(slot: str, most: int, held: int, numbers: Sequence[int]) -> str:
    """Why ``numbers`` do not go in the place labelled ``slot`` (holding ``most``, 0: no limit,
    and ``held`` already): more than it holds (:func:`too_many`), or more than a place of several
    has room for (:func:`no_room`); "" when they go."""
    typed = [str(number) for number in numbers]
    if most and len(numbers) > most:
        return too_many(slot, most, typed, numbers=True)
    if most > 1 and held + len(numbers) > most:
        return no_room(slot, most, held, typed)
    return ""


def _read_typed(text: str, check: Callable[[Card], object] | None, slot: str, most: int) -> list[Card]:
    """The cards typed as ``text`` (``parse_cards``), each read by the game's ``check`` when given;
    raises CardError naming what can not be read or is not the game's, or, when more than
    ``most`` were typed (0: no limit), saying so for the slot labelled ``slot`` (:func:`too_many`)."""
    cards = parse_cards(text)
    for card in cards if check is not None else ():
        check(card)
    if most and len(cards) > most:
        raise CardError(too_many(slot, most, [str(card) for card in cards]))
    return cards


def _tiles(suit: str | None, pending: int | None, *, ranks: Sequence[int], suited: bool, jokers: Sequence[str],
           tap_suit: Callable[[str], None], tap_rank: Callable[[int], None],
           on_pick: Callable[[list[Card]], None]) -> list[ft.Control]:
    """A card picker's tile rows: the suits (when ``suited``), the ranks and jokers, and the
    line that says what the next tap does (when ``suited``)."""
    rows: list[ft.Control] = []
    if suited:
        rows.append(ft.Row([suit_tile(letter, selected=suit == letter, on_click=partial(tap_suit, letter))
                            for letter in SUITS], spacing=4))
    tiles = [tile_button(rank_letter(rank), selected=pending == rank, on_click=partial(tap_rank, rank))
             for rank in ranks]
    tiles += [
        tile_button(joker_code(kind), selected=False, width=72,
                    on_click=partial(on_pick, [Card(None, None, kind)]), tooltip=_(JOKER_NAMES[kind]))
        for kind in jokers
    ]
    rows.append(ft.Row(tiles, wrap=True, spacing=4, run_spacing=4))
    if suited:
        rows.append(ft.Text(_suit_prompt(suit, pending), size=13, color=ft.Colors.ON_SURFACE_VARIANT))
    return rows


@ft.observable
@dataclass
class Picking:
    """What a :func:`CardPicker` holds between taps: the ``suit`` chosen (None: none), the rank
    tapped before its suit (``pending``) and why the typed cards were refused (``error``, "")."""

    suit: str | None = None
    pending: int | None = None
    error: str = ""

    def tap_suit(self, letter: str, on_pick: Callable[[list[Card]], None]) -> None:
        """A tap on suit ``letter``: a rank tapped first becomes a card of that suit
        (``on_pick``); the suit chosen again is let go."""
        self.error = ""
        if self.suit == letter and self.pending is None:
            self.suit = None
            return
        self.suit = letter
        if self.pending is not None:
            rank, self.pending = self.pending, None
            on_pick([Card(rank, letter)])

    def tap_rank(self, rank: int, suited: bool, on_pick: Callable[[list[Card]], None]) -> None:
        """A tap on ``rank``: a card of the chosen suit (or unsuited, when not ``suited``) for
        ``on_pick``, or, with no suit chosen, the rank waiting for its suit (again: let go)."""
        self.error = ""
        if not suited:
            on_pick([Card(rank)])
        elif self.suit is None:
            self.pending = None if self.pending == rank else rank
        else:
            on_pick([Card(rank, self.suit)])


@ft.component
def CardPicker(
    on_pick: Callable[[list[Card]], None],
    *,
    ranks: Sequence[int] = ALL_RANKS,
    suited: bool = True,
    jokers: Sequence[str] = ("black", "colour"),
    hint: str | None = None,
    check: Callable[[Card], object] | None = None,
    slot: str = "",
    most: int = 0,
) -> ft.Control:
    """Pick cards by tapping, or type them.

    Suited games: tap a suit, then ranks (each rank adds one card of that
    suit; the suit stays chosen), or a rank first and then its suit.
    Unsuited (One Up): each rank tile adds that card. Joker tiles add a
    joker. The text field takes several cards at once (``parse_cards``);
    a token it can not read is explained over the field and nothing is lost.

    Args:
        on_pick: called with the new cards (a list) after each tap or submit.
        ranks: the rank tiles to show (1 = ace .. 13 = king).
        suited: show the suit tiles.
        jokers: joker kinds to offer (``"black"``, ``"colour"``, ``"plain"``).
        hint: example text in the typing field (None: a general one, translated).
        check: the game's reading of one card (e.g. One-card's
            ``read_card``), raising CardError for a card the game does not
            use: typed cards are handed over only when every one passes;
            else its words are shown over the field, which keeps the text.
        slot: the label of the slot the cards go to, named when more are
            typed than it holds.
        most: the most cards that slot holds (0: no limit); more typed at
            once are refused in words over the field (:func:`too_many`),
            which keeps the text, and none is handed over.
    """
    picking = ft.use_state(Picking)[0]
    typing, handed_over = use_typing()

    def submit(text: str):
        try:
            cards = _read_typed(text, check, slot, most)
        except CardError as exc:
            picking.error = sentence(str(exc))
            return
        picking.error = ""
        picking.pending = None
        handed_over(text)
        if cards:
            on_pick(cards)

    rows = _tiles(picking.suit, picking.pending, ranks=ranks, suited=suited, jokers=jokers,
                  tap_suit=lambda letter: picking.tap_suit(letter, on_pick),
                  tap_rank=lambda rank: picking.tap_rank(rank, suited, on_pick), on_pick=on_pick)
    rows.append(_typing_row(typing, submit, picking.error, SUIT_TEXT, label=_("Or type cards"),
                            hint_text=hint or _("e.g. 7s 7h KC 2d, BJ"), autocorrect=False,
                            enable_suggestions=False))
    return ft.Column(rows, spacing=8)


def _number_key(key_id: str, digits: str, press: Callable[[str], None]) -> ft.Control:
    """One key of the number pad: a digit, delete a digit (:data:`_DELETE_KEY`) or add the number
    built so far (:data:`_ADD_KEY`, filled while there is one); ``press(key_id)`` on a tap."""
    if key_id == _DELETE_KEY:
        return ft.OutlinedButton(content=ft.Icon(ft.Icons.BACKSPACE_OUTLINED), width=100, height=TOUCH,
                                 tooltip=_("Delete a digit"), on_click=lambda: press(key_id),
                                 style=ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=10)))
    if key_id == _ADD_KEY:
        return tile_button(_("Add"), selected=bool(digits), width=100,
                           on_click=lambda: press(key_id), tooltip=_("Add the number"))
    return tile_button(key_id, selected=False, width=100, on_click=lambda: press(key_id))


@ft.component
def NumberPicker(on_pick: Callable[[list[int]], None], *, read: Callable[[str], list[int]],
                 slot: str = "", most: int = 0, held: int = 0) -> ft.Control:
    """A number pad for Up or Down?'s numbered cards, plus a text field.

    Digits build a number shown above the pad; "Add" hands it over. The text
    field takes several numbers at once, read by ``read`` (which raises a
    ``ValueError`` naming a bad token; the message is shown over the field).

    Args:
        on_pick: called with the new numbers (a list).
        read: turns typed text into numbers (the checker passes
            ``ask_answers.read_numbers``), also used for the pad's number.
        slot: the label of the place the numbers go to, named when more are
            typed than it holds.
        most, held: the most numbers that place holds (0: no limit) and
            those it holds already; numbers that do not fit are refused in
            words over the field (:func:`_not_fitting`), which keeps the
            text, and none is handed over; a place of one takes the new one.
    """
    digits, set_digits = ft.use_state("")
    typing, handed_over = use_typing()
    error, set_error = ft.use_state("")

    def hand_over(text: str) -> bool:
        try:
            numbers = read(text)
        except ValueError as exc:
            set_error(sentence(str(exc)))
            return False
        refused = _not_fitting(slot, most, held, numbers)
        set_error(refused)
        if numbers and not refused:
            on_pick(numbers)
        return not refused

    def submit(text: str):
        if hand_over(text):
            handed_over(text)

    def press(key_id: str):
        """A key: each works on the digits as the keys before it left them (taps that reach
        the server before the repaint each count), "Add" handing them over."""
        if key_id == _DELETE_KEY:
            set_digits(lambda now: now[:-1])
        elif key_id == _ADD_KEY:
            set_digits(lambda now: "" if hand_over(now) else now)
        else:
            set_digits(lambda now: (now + key_id)[:3])

    pad = [["1", "2", "3"], ["4", "5", "6"], ["7", "8", "9"], [_DELETE_KEY, "0", _ADD_KEY]]
    return ft.Column(
        [
            ft.Text(_("Number: {digits}").format(digits=digits or "–"), size=20, weight=ft.FontWeight.W_600),
            *[ft.Row([_number_key(label, digits, press) for label in row], spacing=6) for row in pad],
            _typing_row(typing, submit, error, label=_("Or type numbers"), hint_text=_("e.g. 4 34 52 60 88 101"),
                        keyboard_type=ft.KeyboardType.NUMBER),
        ],
        spacing=6,
    )
