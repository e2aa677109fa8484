"""The score table's header and the words the pad and the board share:
players across, the running totals in big digits.

Every number comes from the pad (``pad.totals``, ``pad.leaders``,
``pad.winners``, ``pad.next_dealer``); this module only lays them out.
:func:`score_header` shows each player's name (shortened to fit, see
:func:`short_names`, with a :func:`names_legend`), who deals next, and the
total in big digits with the leader (or winner) highlighted, and what the
game adds under it (its UI module's ``total_extras``, plain :data:`Extra`
values: One Up's :class:`Chips` (one text of dots), Up to 9's level as a
:class:`Note`). Each player's column is a :class:`Heading` of plain values
worked out first (:func:`headings`, once for every phone:
:func:`companion.ui.worked_out.worked_out`) and painted by a memoised
component (:data:`PlayerHeading`), so a save builds again, and sends the
phones, only the columns whose total, highlight, badge or extras it
changed. :data:`ScoreHeader` is the header of the columns, memoised on them
and the legend. The rounds under it are :mod:`companion.ui.round_rows`'s;
:func:`score_table` stacks the two for screens that do not pin the header.

Test ids: ``total-<player>`` (the big total), ``level-<player>`` (Up to 9),
``dealer-<player>`` (the next dealer's column), ``names-legend``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import flet as ft

from companion.i18n import _, ngettext
from companion.pads import Pad
from companion.pads.base import join_names
from companion.ui.games import game_ui
from companion.ui.round_rows import NAME_TEXT, ROUND_COLUMN, SMALL_TEXT, FoldingRounds
from companion.ui.widgets import BIG_DIGITS, labelled
from companion.ui.worked_out import worked_out
from companion.wording import join_words

TABLE_WIDTH = 326
"""Width shared by the player columns on a 390 px phone (less the screen's
padding and the round column), in logical pixels."""

CHARACTER_WIDTH = 8
"""Width of one character of a header name, in logical pixels (rounded up)."""


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
        spoken: what a screen reader says first for the column: the
            player and their standing in words ("Ann: 13 points", "Ben:
            level 3, 40 penalty points"), the name as shown and the badge
            after it; the total is read on its own.
    """

    player: str
    shown: str
    total: str
    lead: bool
    deals: bool
    badge: str
    extras: tuple[Dots | Note, ...]
    spoken: str


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


BADGE_PADDING = ft.Padding.symmetric(horizontal=4)
COLUMN_PADDING = ft.Padding.symmetric(vertical=6, horizontal=2)
"""The room around the "deals" badge's word and around a header column
(built once: a column built again then compares the same object, not an
equal one field by field)."""


def _name_text(shown: str, lead: bool) -> ft.Control:
    """A header column's name ``shown`` (bolder and on the highlight's colour when ``lead``)."""
    return ft.Text(
        shown, size=NAME_TEXT, max_lines=1, overflow=ft.TextOverflow.CLIP,
        weight=ft.FontWeight.W_600 if lead else None,
        color=ft.Colors.ON_PRIMARY_CONTAINER if lead else None,
    )


def _badge_words(badge: str) -> ft.Control | None:
    """The "deals" badge's words ``badge`` (None once the game is finished: ``badge`` is "")."""
    return ft.Text(badge, size=SMALL_TEXT, color=ft.Colors.ON_SECONDARY_CONTAINER) if badge else None


def _badge(words: ft.Control | None, deals: bool) -> ft.Control | None:
    """The "deals" badge (its ``words``, :func:`_badge_words`; None when
    there are none): shown on the next dealer's column (``deals``), kept
    unseen on the others so that the totals line up (at no opacity Flutter
    leaves it out of the accessibility tree too)."""
    if words is None:
        return None
    return ft.Container(
        bgcolor=ft.Colors.SECONDARY_CONTAINER,
        border_radius=6,
        padding=BADGE_PADDING,
        opacity=1 if deals else 0,
        content=words,
    )


def _total(player: str, total: str, lead: bool) -> ft.Control:
    """A header column's big ``total`` under its test id (on the highlight's colour when ``lead``)."""
    return labelled(
        f"total-{player}",
        ft.Text(total, size=BIG_DIGITS, weight=ft.FontWeight.BOLD,
                color=ft.Colors.ON_PRIMARY_CONTAINER if lead else None),
    )


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
        label: what a screen reader reads ("2 black chips and 1 white chip").
    """

    text: str
    label: str


def shown_extra(extra: Extra) -> Extra | Dots:
    """``extra`` as the header paints it: :class:`Chips` become :class:`Dots`,
    a :class:`Note` stays as it is."""
    if isinstance(extra, Chips):
        black = ngettext("{count} black chip", "{count} black chips", extra.black).format(count=extra.black)
        white = ngettext("{count} white chip", "{count} white chips", extra.white).format(count=extra.white)
        held = [words for count, words in ((extra.black, black), (extra.white, white)) if count]
        return Dots(BLACK_CHIP * extra.black + WHITE_CHIP * extra.white, join_words(held))
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
    (``heading.spoken``), then the name as shown and the badge, and the
    total as a node of its own. The next dealer's column is under the test
    id ``dealer-<player>``.

    Each part is kept (``ft.use_memo``) while the values it shows stay: a
    save that changes the total builds the total again, not the name, the
    badge or the chips (Flet skips a kept control whole, where a control
    built anew, even an equal one, is compared field by field)."""
    name = ft.use_memo(lambda: _name_text(heading.shown, heading.lead), [heading.shown, heading.lead])
    words = ft.use_memo(lambda: _badge_words(heading.badge), [heading.badge])
    badge = ft.use_memo(lambda: _badge(words, heading.deals), [words, heading.deals])
    total = ft.use_memo(lambda: _total(heading.player, heading.total, heading.lead),
                        [heading.player, heading.total, heading.lead])
    extras = ft.use_memo(lambda: [_extra(extra) for extra in heading.extras], [heading.extras])
    return ft.Container(
        expand=1,
        padding=COLUMN_PADDING,
        border_radius=10,
        bgcolor=ft.Colors.PRIMARY_CONTAINER if heading.lead else None,
        content=ft.Semantics(
            label=heading.spoken,
            identifier=f"dealer-{heading.player}" if heading.deals else None,
            container=True,
            content=ft.Column(
                [name, total, *extras] if badge is None else [name, badge, total, *extras],
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
    "", and a divider. The room, the legend and the divider are kept
    (``ft.use_memo``) from one render to the next: Flet skips them whole."""
    room, divider = ft.use_memo(lambda: (ft.Container(width=ROUND_COLUMN), ft.Divider(height=1)), [])
    names = ft.use_memo(
        lambda: labelled("names-legend", ft.Text(legend, size=SMALL_TEXT, color=ft.Colors.ON_SURFACE_VARIANT))
        if legend else None,
        [legend],
    )
    lines: list[ft.Control] = [
        ft.Row(
            [room, *(PlayerHeading(heading) for heading in columns)],
            spacing=2, vertical_alignment=ft.CrossAxisAlignment.START,
        )
    ]
    if names is not None:
        lines.append(names)
    lines.append(divider)
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


def score_table(pad: Pad) -> ft.Control:
    """The whole table for ``pad`` to read (header, then the rounds) in one column."""
    return ft.Column([score_header(pad), FoldingRounds(pad)], spacing=2)
