"""The score table: players across, rounds down, running totals in each cell.

Every number comes from the pad (``pad.rows``, ``pad.totals``,
``pad.leaders``, ``pad.winners``, ``pad.next_dealer``); this module only lays
them out. :func:`score_header` shows each player's name (shortened to fit,
see :func:`short_names`, with a :func:`names_legend`), who deals next, and
the total in big digits with the leader (or winner) highlighted, and what
the game adds under it (its UI module's ``total_extras``, plain
:data:`Extra` values: One Up's :class:`Chips` (one text of dots), Up to 9's level as a
:class:`Note`). Each player's column is a :class:`Heading` of plain values
worked out first (:func:`headings`) and painted by a memoised component
(:data:`PlayerHeading`), so a save builds again, and sends the phones, only
the columns whose total, highlight, badge or extras it changed.
:data:`RoundRows` shows each round: its number (a button
opening the round's detail, ``on_detail(number)``), then per player the
running total, the game's ``change_text`` (the change of the round; Up to 9
adds the level) and the marks D (dealt) and S (started). A tap elsewhere on
a round row calls ``on_row(number)`` (edit or delete it). Each round is a
:class:`Line` of plain text worked out first (:func:`round_line`) and
painted by a memoised component keyed on its number, a few controls each
(each cell is one text of two styled parts), so a save paints again only
the rounds it changed (a new round, or the rounds after an edited one).
The table shows the newest :data:`ROUNDS_SHOWN` rounds, the older ones
behind one "Show all rounds" button: a screen of round 22 holds about as
many controls as one of round 1. :data:`ScoreHeader` is the header of the columns,
memoised on them and the legend.
:func:`score_table` stacks the two for screens that do not pin the header.

Test ids: ``total-<player>`` (the big total), ``level-<player>`` (Up to 9),
``dealer-<player>`` (the next dealer's mark), ``round-<n>`` (a round row),
``cell-<n>-<player>`` (one cell), ``names-legend``.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import flet as ft

from companion.i18n import N_, _, current_language, ngettext, pgettext
from companion.pads import Pad, Row
from companion.pads.base import join_names
from companion.ui.games import game_ui
from companion.ui.state import use_latest
from companion.ui.widgets import BIG_DIGITS, TOUCH, labelled

ROUND_COLUMN = TOUCH
"""Width of the round-number column (a button), in logical pixels."""

SMALL_TEXT = 13
"""Font size of a cell's change and marks, and of the legends (logical pixels)."""

NAME_TEXT = 14
"""Font size of the names in the header."""

TABLE_WIDTH = 326
"""Width shared by the player columns on a 390 px phone (less the screen's
padding and the round column), in logical pixels."""

CHARACTER_WIDTH = 8
"""Width of one character of a header name, in logical pixels (rounded up)."""

MARKS_LEGEND = N_("D dealt, S started the round.")
"""What the letters in a round's cells mean (shown under a table with rounds; a
msgid: show it through ``_()``)."""

TAP_HINT = N_("Tap a round to change or delete it, its number to see what was entered.")
"""How to reach a round's sheet and its detail (shown under the pad's rounds; a
msgid: show it through ``_()``)."""


def signed(points: int) -> str:
    """A change of a total with its sign: "+5", "-10", "0"."""
    return f"+{points}" if points > 0 else str(points)


def deal_text(pad: Pad) -> str:
    """Whose deal it is, in one line: "Round 4: Ben deals, Cy starts" (who
    starts is left out where the pad can not know it: One Up's first round),
    "Game over" once the rules say the game has ended though nobody tapped
    "Finish" yet (nobody deals then: the game shows itself over at once),
    or "Finished" (``pad.next_round``, ``pad.next_dealer``, ``pad.next_starter``)."""
    if pad.finished:
        return _("Finished")
    if pad.is_over:
        return _("Game over")
    if pad.next_starter:
        return _("Round {number}: {dealer} deals, {starter} starts").format(
            number=pad.next_round, dealer=pad.next_dealer, starter=pad.next_starter)
    return _("Round {number}: {dealer} deals").format(number=pad.next_round, dealer=pad.next_dealer)


def winners_text(pad: Pad) -> str:
    """The end of the game in a few words: "Ann wins!", "Ann and Ben share
    the win!", or "The game is over" when the rules name no winner
    (``pad.winners``)."""
    winners = pad.winners
    if not winners:
        return _("The game is over")
    if len(winners) == 1:
        return _("{name} wins!").format(name=winners[0])
    return _("{names} share the win!").format(names=join_names(winners))


def name_room(players: int) -> int:
    """How many characters of a name fit a header column when ``players``
    share the table's width (at least 4)."""
    return max(4, (TABLE_WIDTH // players - 4) // CHARACTER_WIDTH)


def short_names(players: Sequence[str]) -> dict[str, str]:
    """Each player's name as the header shows it: whole when it fits
    (:func:`name_room`), else its first letters and a dot ("Alexa."); when
    two shortened names would read the same, each becomes its first letters,
    a dot and the seat number ("Alex.1", "Alex.2").

    Takes the names in seating order; returns name -> header text.
    """
    room = name_room(len(players))
    shown = {player: player if len(player) <= room else player[:room - 1] + "." for player in players}
    texts = list(shown.values())
    for seat, player in enumerate(players):
        if shown[player] != player and texts.count(shown[player]) > 1:
            shown[player] = f"{player[:max(1, room - 3)]}.{seat + 1}"
    return shown


def names_legend(players: Sequence[str]) -> str:
    """The full names of the players the header shortens ("Alexa. Alexander,
    Barth. Bartholomew"); "" when every name fits."""
    shown = short_names(players)
    return ", ".join(f"{shown[player]} {player}" for player in players if shown[player] != player)


@dataclass(frozen=True)
class Chips:
    """Chips drawn under a total (One Up): a filled dot per black chip, a
    ringed dot per white chip.

    Attributes:
        black: black chips (each worth the game's larger value).
        white: white chips.
    """

    black: int
    white: int


@dataclass(frozen=True)
class Note:
    """A short line under a total ("level 3"), found by its test id.

    Attributes:
        test_id: the line's test id ("level-Ann").
        text: the line, in the session's language.
    """

    test_id: str
    text: str


Extra = Chips | Note
"""What a game's UI module puts under a player's total (``total_extras``):
plain values, so a column whose values did not change is not built again."""


@dataclass(frozen=True)
class Heading:
    """One player's column of the header, as plain values in the session's
    language: equal values paint the same column, so a save builds again only
    the columns it changed (:data:`PlayerHeading` is memoised on it).

    Attributes:
        player: the player's name.
        shown: the name as the header shows it (:func:`short_names`).
        total: the big total ("112").
        lead: True when the column is highlighted (a leader, or a winner once over).
        deals: True on the next dealer's column.
        badge: the "deals" badge's text while a next dealer is shown (the
            game is not finished), "" after: every column keeps the badge's
            room, unseen on all but the dealer's, so the totals line up.
        extras: the game's :data:`Extra` values under the total, chips as
            :class:`Dots` (:func:`shown_extra`).
        spoken: what a screen reader says for the total: the player and
            their standing in words ("Ann: 13 points", "Ben: level 3, 40
            penalty points").
    """

    player: str
    shown: str
    total: str
    lead: bool
    deals: bool
    badge: str
    extras: tuple[Dots | Note, ...]
    spoken: str


_WORKED_OUT: weakref.WeakKeyDictionary[Pad, dict[tuple, Any]] = weakref.WeakKeyDictionary()
_WORKED_OUT_LOCK = threading.Lock()


def worked_out(pad: Pad, name: str, make: Callable[[Pad], Any]) -> Any:
    """``make(pad)``, worked out once per pad, change and language: the
    sessions showing one game share the pad the game cache keeps, so a
    save's plain values (:func:`headings`, :func:`round_lines`) are worked
    out once for every phone watching, not once per phone. ``name`` tells
    the values apart; a later change of ``pad`` (its newest change, its
    rounds) or another language works them out again."""
    key = (name, current_language(), pad.latest_change_id, len(pad.rows), pad.finished)
    with _WORKED_OUT_LOCK:
        kept = _WORKED_OUT.setdefault(pad, {})
        if key in kept:
            return kept[key]
    value = make(pad)
    with _WORKED_OUT_LOCK:
        kept = _WORKED_OUT.setdefault(pad, {})
        stale = [old for old in kept if old[0] == name and old != key]
        for old in stale:
            del kept[old]
        kept[key] = value
    return value


def headings(pad: Pad) -> tuple[Heading, ...]:
    """Each player's :class:`Heading` (:func:`work_out_headings`), worked
    out once per pad and language for every phone (:func:`worked_out`)."""
    return worked_out(pad, "headings", work_out_headings)


def work_out_headings(pad: Pad) -> tuple[Heading, ...]:
    """Each player's :class:`Heading`, in seating order: the totals
    (``pad.totals``), the leaders once a round is in, the winners once over
    (``pad.leaders``, ``pad.winners``), the next dealer until the game is
    over (``pad.next_dealer``; nobody deals once the rules end the game, as
    :func:`deal_text` says) and the game's ``total_extras``."""
    highlighted = set(pad.winners or pad.leaders) if pad.rows else set()
    total_extras = game_ui(pad.GAME).total_extras
    totals = pad.totals
    shown = short_names(pad.players)
    dealer = None if pad.finished or pad.is_over else pad.next_dealer
    badge = "" if dealer is None else _("deals")
    standing = {place.player: place.text for place in pad.standings}
    return tuple(
        Heading(
            player=player,
            shown=shown[player],
            total=str(totals[player]),
            lead=player in highlighted,
            deals=player == dealer,
            badge=badge,
            extras=tuple(shown_extra(extra) for extra in total_extras(pad, player)),
            # TRANSLATORS: a player's total as a screen reader says it: "Ann: 13 points".
            spoken=_("{player}: {standing}").format(player=player, standing=standing[player]),
        )
        for player in pad.players
    )


def _name_line(heading: Heading) -> ft.Control:
    """A header column's name, and the "deals" badge under it on the next
    dealer's column while the game is not finished (the others keep the
    badge's room, unseen, so the totals line up)."""
    lines: list[ft.Control] = [
        ft.Text(
            heading.shown, size=NAME_TEXT, max_lines=1, overflow=ft.TextOverflow.CLIP,
            weight=ft.FontWeight.W_600 if heading.lead else None,
            color=ft.Colors.ON_PRIMARY_CONTAINER if heading.lead else None,
        )
    ]
    if heading.badge:
        badge = ft.Container(
            bgcolor=ft.Colors.SECONDARY_CONTAINER,
            border_radius=6,
            padding=ft.Padding.symmetric(horizontal=4),
            opacity=1 if heading.deals else 0,
            content=ft.Text(heading.badge, size=SMALL_TEXT, color=ft.Colors.ON_SECONDARY_CONTAINER),
        )
        lines.append(
            labelled(f"dealer-{heading.player}", badge) if heading.deals
            else ft.Semantics(exclude_semantics=True, content=badge)
        )
    return ft.Column(lines, spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER)


CHIP_TEXT = 11
"""Font size of the chips' dots under a total (logical pixels)."""

ICON_FONT = "MaterialIcons"
BLACK_CHIP = "\ue163"
WHITE_CHIP = "\uef53"
"""The chips are drawn as characters of the app's own icon font (bundled
with the page, so they show offline): a filled circle, a ringed one."""


@dataclass(frozen=True)
class Dots:
    """:class:`Chips` as the header shows them, worked out with the rest of
    a :class:`Heading` (in the session's language).

    Attributes:
        text: a filled dot per black chip, then a ring per white chip ("●●○").
        label: what a screen reader reads ("2 black chips, 1 white chips").
    """

    text: str
    label: str


def shown_extra(extra: Extra) -> Extra | Dots:
    """``extra`` as the header paints it: :class:`Chips` become :class:`Dots`,
    a :class:`Note` stays as it is."""
    if isinstance(extra, Chips):
        return Dots(BLACK_CHIP * extra.black + WHITE_CHIP * extra.white,
                    _("{black} black chips, {white} white chips").format(black=extra.black, white=extra.white))
    return extra


def _extra(extra: Dots | Note) -> ft.Control:
    """One extra under a total: the chips' dots as one centred text that
    wraps to the column, or the note's small text."""
    if isinstance(extra, Dots):
        return ft.Text(extra.text, size=CHIP_TEXT, font_family=ICON_FONT, color=ft.Colors.ON_SURFACE,
                       text_align=ft.TextAlign.CENTER, semantics_label=extra.label)
    return labelled(extra.test_id, ft.Text(extra.text, size=12))


@ft.component
def _PlayerHeading(heading: Heading) -> ft.Control:
    """One player's column of the header: the name, the "deals" badge, the
    big total (highlighted for a leader or winner) and the game's extras; a
    screen reader hears the column as the player with their standing
    (``heading.spoken``), the name and the total inside it still their own."""
    return ft.Container(
        expand=1,
        padding=ft.Padding.symmetric(vertical=6, horizontal=2),
        border_radius=10,
        bgcolor=ft.Colors.PRIMARY_CONTAINER if heading.lead else None,
        content=ft.Semantics(
            label=heading.spoken,
            container=True,
            content=ft.Column(
                [
                    ft.Semantics(container=True, content=_name_line(heading)),
                    labelled(
                        f"total-{heading.player}",
                        ft.Text(
                            heading.total, size=BIG_DIGITS, weight=ft.FontWeight.BOLD,
                            color=ft.Colors.ON_PRIMARY_CONTAINER if heading.lead else None,
                        ),
                    ),
                    *(_extra(extra) for extra in heading.extras),
                ],
                spacing=0,
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            ),
        ),
    )


PlayerHeading = ft.memo(_PlayerHeading)
"""A player's column of the header (:func:`_PlayerHeading`), built again
only when its :class:`Heading` changed: a save builds the columns whose
total, highlight, badge or extras it changed, and sends only those."""


@ft.component
def _ScoreHeader(columns: tuple[Heading, ...], legend: str) -> ft.Control:
    """The header's row of columns (one :data:`PlayerHeading` each, after the
    round column's room), the ``legend`` of the shortened names when not
    "", and a divider."""
    lines: list[ft.Control] = [
        ft.Row(
            [ft.Container(width=ROUND_COLUMN), *(PlayerHeading(heading) for heading in columns)],
            spacing=2, vertical_alignment=ft.CrossAxisAlignment.START,
        )
    ]
    if legend:
        lines.append(
            labelled("names-legend", ft.Text(legend, size=SMALL_TEXT, color=ft.Colors.ON_SURFACE_VARIANT))
        )
    lines.append(ft.Divider(height=1))
    return ft.Column(lines, spacing=2)


ScoreHeader = ft.memo(_ScoreHeader)
"""The names and totals (:func:`_ScoreHeader`), skipped whole while its
columns and legend are equal to the last ones (a screen drawn again for
anything but a change of the game)."""


def score_header(pad: Pad) -> ft.Control:
    """Names (shortened to fit), who deals next (until the game is finished),
    big totals with the leaders (winners once over) highlighted, the game's
    extras, and the legend of the shortened names: :data:`ScoreHeader` of
    :func:`headings` and :func:`names_legend`."""
    return ScoreHeader(headings(pad), names_legend(pad.players))


def _marks(row: Row, player: str) -> str:
    """ "D" when ``player`` dealt the round, "S" when they started it, both "DS"
    (the letters of the current language, as ``MARKS_LEGEND`` explains them)."""
    dealt = pgettext("round mark: dealt", "D") if row.dealer == player else ""
    return dealt + (pgettext("round mark: started", "S") if row.starter == player else "")


@dataclass(frozen=True)
class Cell:
    """One player's cell of one round, as text.

    Attributes:
        player: the player's name.
        total: the running total after the round ("12").
        change: the game's ``change_text`` of the round ("+5", Up to 9's
            "+5 L2").
        marks: "D" (dealt), "S" (started), "DS" or "".
    """

    player: str
    total: str
    change: str
    marks: str


@dataclass(frozen=True)
class Line:
    """One round of the table, every word of it already in the session's
    language: equal values paint the same line, so a line that did not
    change is not built again (:func:`RoundLine` is memoised on it).

    Attributes:
        number: the round's number (from 1).
        short: the number column's text ("R4").
        label: the line's name for screen readers and tests ("Round 4").
        detail_label: the number button's name ("Round 4 detail").
        cells: one :class:`Cell` per player, in seating order.
    """

    number: int
    short: str
    label: str
    detail_label: str
    cells: tuple[Cell, ...]


def round_line(pad: Pad, row: Row) -> Line:
    """The :class:`Line` of ``row`` (one of ``pad.rows``): running totals,
    the game's change text (its UI module's ``change_text``) and the marks."""
    change_text = game_ui(pad.GAME).change_text
    return Line(
        number=row.number,
        short=_("R{number}").format(number=row.number),
        label=_("Round {number}").format(number=row.number),
        detail_label=_("Round {number} detail").format(number=row.number),
        cells=tuple(
            Cell(player, str(row.totals[player]), change_text(pad, row, player), _marks(row, player))
            for player in pad.players
        ),
    )


TOTAL_STYLE = ft.TextStyle(size=18, weight=ft.FontWeight.W_600)
CHANGE_STYLE = ft.TextStyle(size=SMALL_TEXT, weight=ft.FontWeight.W_500, color=ft.Colors.ON_SURFACE_VARIANT)
"""The styles of a cell's two parts: the running total; the change and the marks under it."""

ROUNDS_SHOWN = 3
"""Rounds the table shows while folded: the newest ones. Older rounds are
behind one "Show all rounds" button, so the screen holds about as many
controls at round 22 as at round 1 (bench/render.py --controls)."""


def _cell(number: int, cell: Cell) -> ft.Control:
    """One player's cell of round ``number``: one text, the running total,
    with the change and the marks under it as its one styled part ("12" over
    "+5 D"), under the cell's test id: three controls, not six."""
    under = f"{cell.change} {cell.marks}" if cell.marks else cell.change
    return ft.Semantics(
        identifier=f"cell-{number}-{cell.player}",
        container=True,
        expand=1,
        content=ft.Text(
            cell.total, style=TOTAL_STYLE, spans=[ft.TextSpan("\n" + under, style=CHANGE_STYLE)],
            text_align=ft.TextAlign.CENTER,
        ),
    )


def _round_number(line: Line, on_detail: Callable[[int], None] | None) -> ft.Control:
    """The round's number ("R4"); a framed button named "Round <n> detail"
    when ``on_detail`` is given."""
    if on_detail is None:
        return ft.Text(line.short, size=NAME_TEXT, color=ft.Colors.ON_SURFACE_VARIANT, width=ROUND_COLUMN,
                       text_align=ft.TextAlign.CENTER)
    label = ft.Text(line.short, size=NAME_TEXT, color=ft.Colors.ON_SURFACE_VARIANT)
    return ft.Semantics(
        label=line.detail_label,
        button=True,
        exclude_semantics=True,
        on_tap=lambda: on_detail(line.number),
        content=ft.Container(
            width=ROUND_COLUMN,
            height=TOUCH,
            border_radius=8,
            border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
            ink=True,
            on_click=lambda: on_detail(line.number),
            alignment=ft.Alignment.CENTER,
            content=label,
        ),
    )


@ft.component
def _RoundLine(
    line: Line, on_row: Callable[[int], None] | None, on_detail: Callable[[int], None] | None
) -> ft.Control:
    """One round as a line: its number (the detail's button), then its
    cells, tapped together (the number stays outside the round's tap, a
    button of its own); a line without ``on_row`` is only read: no frame to
    tap, its number inside the round."""
    cells = [_cell(line.number, cell) for cell in line.cells]
    if on_row is None:
        return ft.Semantics(
            identifier=f"round-{line.number}",
            label=line.label,
            container=True,
            content=ft.Row([_round_number(line, on_detail), *cells], spacing=2, height=TOUCH + 8,
                           vertical_alignment=ft.CrossAxisAlignment.CENTER),
        )
    return ft.Row(
        [
            _round_number(line, on_detail),
            ft.Semantics(
                identifier=f"round-{line.number}",
                button=True,
                label=line.label,
                container=True,
                expand=True,
                content=ft.Container(
                    height=TOUCH + 8,
                    border_radius=8,
                    padding=ft.Padding.symmetric(vertical=2),
                    ink=True,
                    on_click=lambda: on_row(line.number),
                    content=ft.Row(cells, spacing=2, vertical_alignment=ft.CrossAxisAlignment.CENTER),
                ),
            ),
        ],
        spacing=2,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )


RoundLine = ft.memo(_RoundLine)
"""A round's line, built again only when its :class:`Line` (or a handler)
is not equal to the one it was built from: after a save, the lines of the
rounds that did not change cost nothing to paint. Keyed on the round's
number, so a line keeps its place in the diff when the rounds shown move on."""


def round_lines(pad: Pad) -> tuple[Line, ...]:
    """Every round of ``pad`` as a :class:`Line`, oldest first (:func:`round_line`),
    worked out once per pad and language for every phone (:func:`worked_out`)."""
    return worked_out(pad, "lines", lambda shown: tuple(round_line(shown, row) for row in shown.rows))


def shown_lines(lines: tuple[Line, ...], unfolded: bool) -> tuple[Line, ...]:
    """The lines the table shows: all of ``lines`` when ``unfolded`` or when
    they are no more than :data:`ROUNDS_SHOWN`, else the newest
    :data:`ROUNDS_SHOWN` of them."""
    return lines if unfolded else lines[-ROUNDS_SHOWN:]


def fold_label(rounds: int, unfolded: bool) -> str:
    """The words of the button that folds or unfolds a table of ``rounds``
    rounds: "Show all 22 rounds", or "Show only the last 3 rounds"."""
    if unfolded:
        return ngettext("Show only the last round", "Show only the last {count} rounds", ROUNDS_SHOWN).format(
            count=ROUNDS_SHOWN)
    return ngettext("Show all {count} rounds", "Show all {count} rounds", rounds).format(count=rounds)


@ft.component
def _RoundRows(
    lines: tuple[Line, ...],
    on_row: Callable[[int], None] | None = None,
    on_detail: Callable[[int], None] | None = None,
) -> ft.Control:
    """The rounds ``lines`` (:func:`round_lines`), oldest first, in a column;
    ``on_row(number)`` is called when a round is tapped, ``on_detail(number)``
    when its number is.

    Folded (as it opens), the column holds the newest :data:`ROUNDS_SHOWN`
    rounds and, above them when there are more, one button that shows them
    all (:func:`fold_label`); unfolded, every round, under the button that
    folds it again. Each round is a :data:`RoundLine` keyed on its number,
    with handlers that stay the same from one render to the next (calling
    the latest ``on_row`` / ``on_detail``), so after a save only the new or
    changed lines are built and sent.
    """
    unfolded, set_unfolded = ft.use_state(False)
    tap_row = use_latest(lambda number: on_row(number))
    tap_detail = use_latest(lambda number: on_detail(number))
    shown = shown_lines(lines, unfolded)
    rows: list[ft.Control] = []
    if len(lines) > ROUNDS_SHOWN:
        rows.append(
            ft.TextButton(
                fold_label(len(lines), unfolded),
                icon=ft.Icons.UNFOLD_LESS if unfolded else ft.Icons.UNFOLD_MORE,
                height=TOUCH,
                on_click=lambda: set_unfolded(not unfolded),
            )
        )
    rows.extend(
        RoundLine(
            line,
            tap_row if on_row is not None else None,
            tap_detail if on_detail is not None else None,
            key=line.number,
        )
        for line in shown
    )
    return ft.Column(rows, spacing=2)


RoundRows = ft.memo(_RoundRows)
"""The rounds of the table (:func:`_RoundRows`), skipped whole while its
lines and handlers are equal to the last ones (a screen drawn again for
anything but a change of the game)."""


def score_table(
    pad: Pad,
    on_row: Callable[[int], None] | None = None,
    on_detail: Callable[[int], None] | None = None,
) -> ft.Control:
    """The whole table for ``pad`` (header, then the rounds) in one column."""
    return ft.Column([score_header(pad), RoundRows(round_lines(pad), on_row, on_detail)], spacing=2)
