"""Small building blocks every screen uses.

All of them keep touch targets at least ``TOUCH`` (48 px) high: a thumb
between two turns, with cards in the other hand.

- :func:`icon_button`: an icon button named for screen readers and tests.
- :func:`screen_header`: a screen's title line with optional back and action buttons.
- :func:`section_title`: a heading inside a screen.
- :func:`tile_button`: a square toggle button (a card value, a player) that
  is filled when selected.
- :func:`stepper`: a count with - and + buttons (Up or Down? colours, One-card target).
- :func:`error_line`: a red line explaining why an entry is refused.
- :func:`labelled`: wraps a control in a Semantics node with a test id.
- :func:`use_show_more`: how many lines of a long list show, and its
  button for more (:func:`show_more_button`).
- :class:`PhoneText`: a text field's text as the phone holds it, for a
  field the user types into and the screen sometimes fills itself.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from dataclasses import field as dataclass_field

import flet as ft

from companion.i18n import _

SUIT_FONT = "Companion Suits"
"""A font holding only ♠ ♥ ♦ ♣ (and outlines, stars) and →, from DejaVu Sans
(tools/fallback_font.py): the offline web client has no font with these
glyphs, so text that may show one (an error quoting cards, the checker's texts) names it as a fallback (``SUIT_TEXT``)."""

SUIT_FONT_URL = "/rules/companion-suits.ttf"
"""Where the app serves the suit font (``assets/rules/companion-suits.ttf``)."""

SUIT_TEXT = ft.TextStyle(font_family_fallback=[SUIT_FONT])
"""Text style that draws suits with ``SUIT_FONT`` and everything else as usual."""

TOUCH = 48
"""Smallest height and width of anything tapped, in logical pixels."""

BIG_DIGITS = 28
"""Font size of running totals: readable at arm's length."""


def icon_button(
    icon: ft.IconData,
    label: str,
    on_click: Callable[[], None] | None,
    *,
    disabled: bool = False,
    color: str | None = None,
) -> ft.IconButton:
    """A 48x48 icon button whose accessible name is ``label``.

    The name sits on the icon (not a tooltip: Flutter folds a tooltip into
    an enclosing Semantics container, and the button loses its name).
    """
    return ft.IconButton(
        icon=ft.Icon(icon, semantics_label=label, color=color),
        on_click=on_click,
        disabled=disabled,
        width=TOUCH,
        height=TOUCH,
    )


def back_button(back: Callable[[], None]) -> ft.Control:
    """The arrow button named "Back" that starts a screen's title row
    (:func:`screen_header`); tapping it calls ``back()``."""
    return icon_button(ft.Icons.ARROW_BACK, _("Back"), back)


def title_text(title: str) -> ft.Text:
    """A screen's ``title`` as its title row shows it (:func:`screen_header`)."""
    return ft.Text(title, theme_style=ft.TextThemeStyle.HEADLINE_SMALL, weight=ft.FontWeight.W_600)


def screen_header(
    title: str | ft.Text,
    subtitle: str | None = None,
    *,
    back: Callable[[], None] | ft.Control | None = None,
    actions: Sequence[ft.Control] = (),
) -> ft.Control:
    """A screen's title row.

    Takes the title, an optional line under it, an optional back handler
    (shows an arrow button named "Back") and action controls shown on the
    right. Returns the row. A component drawn again at each change may
    hand in the title and the back button ready made (:func:`title_text`,
    :func:`back_button`), kept from one render to the next so that Flet
    skips them; a ready title goes with a ``subtitle`` (alone, the title
    is stretched over the row, which a kept control can not be).

    Raises:
        ValueError: for a ready title without a subtitle.
    """
    if not isinstance(title, str) and not subtitle:
        raise ValueError("a ready title goes with a subtitle")
    heading: ft.Control = title_text(title) if isinstance(title, str) else title
    if subtitle:
        heading = ft.Column([heading, ft.Text(subtitle, color=ft.Colors.ON_SURFACE_VARIANT)], spacing=2, expand=True)
    else:
        heading.expand = True
    leading: list[ft.Control] = []
    if back is not None:
        leading.append(back if isinstance(back, ft.Control) else back_button(back))
    return ft.Row(
        [*leading, heading, *actions],
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )


def section_title(text: str) -> ft.Control:
    """A heading inside a screen."""
    return ft.Text(text, theme_style=ft.TextThemeStyle.TITLE_MEDIUM, weight=ft.FontWeight.W_600)


TILE_STYLE = ft.ButtonStyle(
    padding=0,
    elevation=0,
    shape=ft.RoundedRectangleBorder(radius=10),
    side=ft.BorderSide(2, ft.Colors.OUTLINE),
    bgcolor=ft.Colors.SURFACE,
    color=ft.Colors.ON_SURFACE,
    text_style=ft.TextStyle(size=18, weight=ft.FontWeight.W_600),
)
"""The look of a tile that is not selected: outlined, flat, on the page's
colour. It is the theme's style of every ``ft.Button`` (the app's
``build_theme``), so such a tile sends the phone no style of its own."""

_SELECTED_TILE_STYLE = TILE_STYLE.copy(
    side=ft.BorderSide(2, ft.Colors.PRIMARY), bgcolor=ft.Colors.PRIMARY, color=ft.Colors.ON_PRIMARY,
)
"""A selected tile's look: filled with the primary colour. Built once and
shared by every selected tile (a button hands the phone a copy of its
style, so the shared one is never changed)."""


SIDE_BUTTON = ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=10))
"""The look of a button beside a wide one in a row (the pad's "My hand" and "Check"): less room
at its sides than the 24 of Flet's buttons, so the wide button's words ("Count the scores") keep
to one line on a phone 390 wide. Shared by every such button, as the selected tiles' look is."""


def tile_button(
    label: str,
    *,
    selected: bool,
    on_click: Callable[[], None],
    width: int = TOUCH,
    tooltip: str | None = None,
) -> ft.Control:
    """A square toggle button, filled with the primary colour when selected.

    ``label`` is the text on it (and its accessible name); ``width`` in
    logical pixels (the height is ``TOUCH``). A tile not selected takes its
    look (:data:`TILE_STYLE`) from the theme, a selected one the shared
    :data:`_SELECTED_TILE_STYLE`: a sheet of many tiles builds and sends
    no style per tile.
    """
    if selected:
        return ft.Button(content=label, width=width, height=TOUCH, tooltip=tooltip, on_click=on_click,
                         elevation=0, style=_SELECTED_TILE_STYLE)
    return ft.Button(content=label, width=width, height=TOUCH, tooltip=tooltip, on_click=on_click)


def stepper(
    label: str,
    value: int,
    *,
    on_minus: Callable[[], None],
    on_plus: Callable[[], None],
    colour: str | None = None,
    name: str | None = None,
    maximum: int | None = None,
) -> ft.Control:
    """A count with - and + buttons.

    ``label`` is shown before the count; the buttons are named
    "<name> minus" / "<name> plus" (``name`` defaults to ``label``) so tests
    and screen readers can find them; ``colour`` paints a swatch before the label.
    The - button is off at 0, the + button at ``maximum`` (None: no maximum).
    """
    name = name or label
    swatch: list[ft.Control] = []
    if colour:
        swatch.append(ft.Container(width=16, height=16, border_radius=8, bgcolor=colour))
    return ft.Row(
        [
            *swatch,
            ft.Text(label, expand=True),
            icon_button(ft.Icons.REMOVE, _("{name} minus").format(name=name), on_minus, disabled=value <= 0),
            ft.Text(str(value), size=20, width=32, text_align=ft.TextAlign.CENTER),
            icon_button(ft.Icons.ADD, _("{name} plus").format(name=name), on_plus,
                        disabled=maximum is not None and value >= maximum),
        ],
        spacing=4,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )


def error_row(text: str, style: ft.TextStyle | None = SUIT_TEXT) -> ft.Row:
    """The error icon and ``text`` in red, in ``style`` (by default ``SUIT_TEXT``: words that may
    quote cards): the look of every refusal line."""
    return ft.Row([ft.Icon(ft.Icons.ERROR_OUTLINE, color=ft.Colors.ERROR),
                   ft.Text(text, color=ft.Colors.ERROR, expand=True, style=style)])


def error_line(text: str | None) -> ft.Control | None:
    """A red line saying why an entry is refused (:func:`error_row`); None when there is nothing to say."""
    return error_row(text) if text else None


def labelled(test_id: str, content: ft.Control) -> ft.Control:
    """``content`` inside a Semantics container with identifier ``test_id``.

    The identifier shows in the page as ``flt-semantics-identifier``; browser
    tests find the controls inside it with ``get_by_test_id(test_id)``.
    """
    return ft.Semantics(identifier=test_id, container=True, content=content)


def show_more_button(label: str, on_more: Callable[[], None]) -> ft.Control:
    """The button under a long list's lines that shows more of them, named
    ``label`` for what it shows ("Show more games"), calling ``on_more``."""
    return ft.TextButton(label, on_click=on_more, height=TOUCH)


def use_show_more(total: int, first: int, more: int, label: str) -> tuple[int, ft.Control | None]:
    """How many of a list's ``total`` lines a screen shows (the ``first``
    ones, then ``more`` more at each tap of the button ``label``), with that
    button (:func:`show_more_button`; None once every line shows): a long
    list costs the phone its first lines only, until asked for more. Call
    inside a component (a hook)."""
    shown, set_shown = ft.use_state(first)
    if total <= shown:
        return total, None
    return shown, show_more_button(label, lambda: set_shown(shown + more))


@dataclass
class PhoneText:
    """A text field's text as the phone holds it, for a field the user types
    into and the screen fills itself now and then (a search cleared, the rows
    of another player shown, a name field emptied once the name is added).

    ``field`` refers to the field on screen. Flet hands a repainted field the
    place and the id of the one before it, and applies each text the phone
    sends to that field as it arrives, before the change event that follows
    is handled; so a paint between a keystroke's arrival and its change
    event would write the text the screen knew over the keys pressed since,
    and the change event would then hand over that older text. A paint takes
    the phone's text instead (:meth:`value`); the screen's own text is
    painted once, at the paint after :meth:`put`.
    """

    field: ft.Ref[ft.TextField] = dataclass_field(default_factory=ft.Ref)
    due: str | None = None

    def text(self) -> str:
        """What the phone's field holds now ("" before it is on screen)."""
        return (self.field.current.value or "") if self.field.current is not None else ""

    def put(self, text: str) -> None:
        """Have the next paint write ``text`` into the phone's field (the screen
        changed it: a tap, not a keystroke). Returns nothing."""
        self.due = text

    def value(self, first: str = "") -> str:
        """The text to paint into the field: the text put since the last paint,
        else what the phone holds, or ``first`` before the field is on screen."""
        if self.due is not None:
            text, self.due = self.due, None
            return text
        return self.text() if self.field.current is not None else first
