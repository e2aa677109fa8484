"""New game: pick the game, the players, who deals first and the house rules.

``/new?game=<id>&lesson=1`` ("Learn to play" on Play and on the rules
screen) sets the same game up with its first lesson on: the pad then walks
the table through its first round (``companion.table.lesson``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any
from urllib.parse import parse_qs, urlparse

import flet as ft

from companion import registry
from companion.errors import StoreError
from companion.i18n import _, ngettext
from companion.pads import PadError
from companion.registry import new_pad
from companion.pads.table import clean_name, name_key, name_problem
from companion.store import Store
from companion.table import lesson
from companion.ui.games import game_ui
from companion.ui.state import SessionState, announce_saved, navigate, use_session, use_store
from companion.ui.widgets import TOUCH, PhoneText, error_line, icon_button, screen_header, section_title, tile_button

PAST_NAMES_FROM = 50
"""How many recent games the name chips are collected from."""


def past_names(summaries: list[dict[str, Any]], taken: tuple[str, ...]) -> list[str]:
    """Names from past games, most recent first, without duplicates and
    without the names already at the table (told apart as the pads tell
    them: ``companion.pads.table.name_key``)."""
    seen = {name_key(name) for name in taken}
    names: list[str] = []
    for summary in summaries:
        for name in summary.get("players", []):
            if name_key(name) not in seen:
                seen.add(name_key(name))
                names.append(name)
    return names


@ft.component
def PlayerRow(
    name: str,
    index: int,
    count: int,
    deals_first: bool,
    on_move,
    on_remove,
    on_dealer,
) -> ft.Control:
    """One seat at the table: name, deals-first toggle, move up/down, remove."""
    return ft.Row(
        [
            ft.Text(f"{index + 1}.", width=24, color=ft.Colors.ON_SURFACE_VARIANT),
            ft.Text(name, size=18, expand=True),
            icon_button(
                ft.Icons.STYLE if deals_first else ft.Icons.STYLE_OUTLINED,
                _("{name} deals first").format(name=name),
                lambda: on_dealer(index),
                color=ft.Colors.PRIMARY if deals_first else ft.Colors.ON_SURFACE_VARIANT,
            ),
            icon_button(ft.Icons.ARROW_UPWARD, _("Move {name} up").format(name=name), lambda: on_move(index, -1), disabled=index == 0),
            icon_button(
                ft.Icons.ARROW_DOWNWARD, _("Move {name} down").format(name=name), lambda: on_move(index, 1), disabled=index == count - 1
            ),
            icon_button(ft.Icons.CLOSE, _("Remove {name}").format(name=name), lambda: on_remove(index)),
        ],
        spacing=0,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )


@ft.observable
@dataclass
class NewGameDraft:
    """The game being set up: the game id, the players in seating order, the
    first dealer's seat, the chosen options, whether the game starts with its
    first lesson (``lesson``), the name being typed (``typed``),
    the last refusal of a name (``error``) and of starting the game
    (``start_error``), "" when none, and the id of the game it started
    (``started``, "" before: a set-up starts one game, however often
    "Start" is tapped before the pad shows).

    The name being typed is kept unobserved: a keystroke does not repaint the
    screen. The field is painted as the phone holds it (``name_field``), so a
    repaint for another reason never writes the text the server had then over
    the keys typed since (on a busy server, "Be" into a field that already
    held "Bea", so that Enter added "Be"); it is emptied once a name is added.
    """

    game: str = registry.GAME_IDS[0]
    players: tuple[str, ...] = ()
    dealer: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    lesson: bool = False
    _typed: str = ""
    error: str = ""
    start_error: str = ""
    _started: str = ""
    name_field: PhoneText = field(default_factory=PhoneText)

    @property
    def started(self) -> str:
        """The id of the game this set-up started ("" before it started one)."""
        return self._started

    def start(self, game_id: str) -> None:
        """Mark this set-up as having started game ``game_id`` (kept unobserved: the screen is left)."""
        self._started = game_id

    @property
    def typed(self) -> str:
        """The name in the name field now (as the browser last reported it)."""
        return self._typed

    def pick_game(self, game: str) -> None:
        """Choose the game; its options start from the defaults again."""
        self.game = game
        self.options = {}
        self.error = ""
        self.start_error = ""

    def type_name(self, e: ft.Event[ft.TextField]) -> None:
        """The name field changed (its refusal, if any, goes away)."""
        self._typed = e.control.value
        self.error = ""

    def add_player(self, name: str) -> None:
        """Seat ``name`` last, made plain (``companion.pads.table.clean_name``),
        unless ``name_problem`` refuses it (too long for the pad, control
        characters or direction marks: the refusal says so); names are unique as the pads tell them apart (``name_key``: case,
        spaces and invisible characters do not count), up to the most
        players the game is for (``registry.game(game).players``)."""
        problem = name_problem(name)
        name = clean_name(name)
        game = registry.game(self.game)
        if problem is not None:
            self.error = problem
        elif not name_key(name):
            self.error = _("Type the player's name first, then tap Add")
        elif any(name_key(name) == name_key(other) for other in self.players):
            self.error = _("{name} is already at the table: give each player a different name").format(name=name)
        elif len(self.players) >= game.players[-1]:
            most = game.players[-1]
            self.error = ngettext("{game} is for at most {count} player", "{game} is for at most {count} players",
                                  most).format(game=game.title, count=most)
        else:
            self._typed = ""
            self.name_field.put("")
            self.players = self.players + (name,)
            self.error = ""
            self.start_error = ""

    def move(self, index: int, step: int) -> None:
        """Swap seat ``index`` with its neighbour ``step`` (-1 up, 1 down); the dealer moves along."""
        other = index + step
        seats = list(self.players)
        seats[index], seats[other] = seats[other], seats[index]
        self.players = tuple(seats)
        if self.dealer in (index, other):
            self.dealer = other if self.dealer == index else index

    def remove(self, index: int) -> None:
        """Take seat ``index`` away; the dealer stays the same person where possible."""
        self.players = self.players[:index] + self.players[index + 1:]
        if self.dealer == index:
            self.dealer = 0
        elif self.dealer > index:
            self.dealer -= 1

    def choose_dealer(self, index: int) -> None:
        """Seat ``index`` deals round 1."""
        self.dealer = index

    def set_option(self, name: str, value: Any) -> None:
        """Set the house rule ``name`` to ``value``, or, when ``value`` is a
        function, to what it makes of the rule's value now: a step (one
        more round win, a level edited) taken from the value the taps
        before it left, so two taps before the repaint make two steps. A step of a rule
        the game chosen now has not (the game changed before the repaint) is dropped."""
        if callable(value):
            chosen = self.chosen
            if name not in chosen:
                return
            value = value(chosen[name])
        self.options = {**self.options, name: value}

    @property
    def chosen(self) -> dict[str, Any]:
        """Every house rule of the game as the set-up has it: the game's defaults, with the options set."""
        return {**registry.game(self.game).pad.DEFAULTS, **self.options}


def _start(store: Store, session: SessionState, draft: NewGameDraft) -> None:
    """Start the game ``draft`` sets up: its pad made (``new_pad``; on its lesson's first step
    with ``draft.lesson``) and saved, then the pad shown;
    a pad or store refusal is kept in ``draft.start_error`` and told, and nothing is saved.
    A tap on "Start" once the set-up started its game (two taps before the pad showed, or the
    set-up shown again by the dealer's guide's Back) starts no other: it shows that game."""
    if draft.started:
        navigate(f"/pad/{draft.started}")
        return
    try:
        pad = new_pad(draft.game, draft.players, first_dealer=draft.dealer, options=dict(draft.options))
        if draft.lesson:
            lesson.begin(pad)
    except PadError as exc:
        draft.start_error = str(exc)
        session.tell(str(exc))
        return
    try:
        store.save_game(pad.to_doc())
    except StoreError as exc:
        draft.start_error = str(exc)
        session.tell(_("Not saved: {reason}").format(reason=exc))
        return
    draft.start(pad.id)
    session.new_game_draft = None
    announce_saved(session, listed=True)
    navigate(f"/pad/{pad.id}")


def _name_entry(draft: NewGameDraft, suggestions: list[str]) -> list[ft.Control]:
    """The player's name field with its Add button (its refusal under it), and the names of past
    games to tap (``suggestions``, the first 12) when there are any."""
    controls: list[ft.Control] = [ft.Row(
        [
            ft.TextField(
                label=_("Player's name"),
                value=draft.name_field.value(draft.typed),
                ref=draft.name_field.field,
                on_change=draft.type_name,
                on_submit=lambda e: draft.add_player(e.control.value),
                error=draft.error or None,
                error_max_lines=3,
                expand=True,
            ),
            ft.FilledTonalButton(
                _("Add"), icon=ft.Icons.PERSON_ADD, on_click=lambda: draft.add_player(draft.typed), height=TOUCH
            ),
        ],
        vertical_alignment=ft.CrossAxisAlignment.START,
    )]
    if suggestions:
        controls.append(ft.Row(
            [
                ft.Chip(label=name, leading=ft.Icon(ft.Icons.PERSON_ADD_ALT, size=18),
                        on_click=partial(draft.add_player, name), height=TOUCH)
                for name in suggestions[:12]
            ],
            wrap=True,
            spacing=8,
        ))
    return controls


def _start_rows(draft: NewGameDraft, start: Callable[[], None], count_ok: bool, fewest: int) -> list[ft.Control]:
    """Why the last start was refused (``draft.start_error``), "Start game" (``start``; off while
    the player count does not fit, ``count_ok``), and how many more players it needs (``fewest``)."""
    missing = fewest - len(draft.players)
    controls: list[ft.Control] = [
        error_line(draft.start_error),
        ft.Row([ft.FilledButton(_("Start game"), icon=ft.Icons.PLAY_ARROW, on_click=start, disabled=not count_ok,
                                height=56, expand=True)]),
    ]
    if missing > 0:
        controls.append(ft.Text(
            ngettext("Add {count} more player to start.", "Add {count} more players to start.", missing).format(
                count=missing),
            color=ft.Colors.ON_SURFACE_VARIANT,
        ))
    return controls


def asked_draft(route: str) -> NewGameDraft:
    """A new game's set-up as the address asks for it: ``?game=<id>`` picks
    the game (an unknown id is ignored), ``&lesson=1`` starts it with its
    first lesson (for a game that has one)."""
    query = parse_qs(urlparse(route).query)
    game = query.get("game", [""])[0]
    draft = NewGameDraft(game=game) if game in registry.GAME_IDS else NewGameDraft()
    draft.lesson = query.get("lesson", [""])[0] == "1" and lesson.lesson_of(draft.game) is not None
    return draft


def draft_to_show(kept: NewGameDraft | None, route: str) -> NewGameDraft:
    """The set-up New game shows: the one ``kept`` in the session (coming back from the
    dealer's guide) unless the address ``route`` asks for a lesson (:func:`asked_draft`),
    which starts afresh: a set-up left half done is no lesson; nor is a set-up kept after it
    started its game (its Start and the guide tapped before the repaint) shown again."""
    asked = asked_draft(route)
    return kept if kept is not None and not kept.started and not asked.lesson else asked


@ft.component
def NewGameScreen() -> ft.Control:
    """Set up a game and start its score pad (saved at once, so it can be resumed)."""
    store = use_store()
    session = use_session()
    draft = ft.use_state(lambda: draft_to_show(session.new_game_draft, ft.context.page.route or ""))[0]
    game, players, dealer = draft.game, draft.players, draft.dealer
    entry = registry.game(game)
    fewest, most = entry.players[0], entry.players[-1]

    start = partial(_start, store, session, draft)

    def leave():
        session.new_game_draft = None
        navigate("/")

    def deal_guide():
        session.new_game_draft = draft
        navigate(setup_link)

    suggestions = past_names(store.list_games(limit=PAST_NAMES_FROM), players)
    count_ok = len(players) in entry.players
    setup_link = f"/setup?game={game}&players={max(len(players), fewest)}&back=/new"

    controls: list[ft.Control] = [
        screen_header(
            _("Learn to play") if draft.lesson else _("New game"),
            _("Who plays? The app then walks you through the first round.") if draft.lesson else None,
            back=leave,
            actions=[ft.FilledButton(_("Start"), on_click=start, disabled=not count_ok, height=TOUCH)],
        ),
        section_title(_("Game")),
        ft.Row([tile_button(choice.title, selected=choice.id == game, width=170,
                            on_click=partial(draft.pick_game, choice.id)) for choice in registry.GAMES],
               wrap=True, spacing=8, run_spacing=8),
        section_title(_("Players ({fewest} to {most}, in seating order)").format(fewest=fewest, most=most)),
    ]
    controls.extend(
        PlayerRow(
            name, index, len(players), index == dealer,
            on_move=draft.move, on_remove=draft.remove, on_dealer=draft.choose_dealer, key=name,
        )
        for index, name in enumerate(players)
    )
    if players:
        controls.append(
            ft.Text(
                _("{name} deals first (tap the card icon to change).").format(name=players[dealer]),
                color=ft.Colors.ON_SURFACE_VARIANT,
            )
        )
    if len(players) < most:
        controls += _name_entry(draft, suggestions)
    controls.append(game_ui(game).options_panel(draft.chosen, draft.set_option))
    controls.append(ft.TextButton(_("How do I deal this?"), icon=ft.Icons.HELP_OUTLINE, on_click=deal_guide, height=TOUCH))
    controls += _start_rows(draft, start, count_ok, fewest)
    return ft.Column([control for control in controls if control is not None], spacing=12)
