"""Play (home): resume a game in progress, start a new one, or learn a game by playing it."""

from __future__ import annotations

from functools import partial

import flet as ft

from companion import registry
from companion.errors import StoreError
from companion.i18n import _
from companion.pads.base import join_names
from companion.ui.game_list import game_line, in_progress
from companion.ui.language import LanguageMenu
from companion.ui.state import navigate, use_games_list, use_read, use_saves_of, use_store
from companion.ui.widgets import TOUCH, error_line, screen_header, section_title, use_show_more

RESUME_SHOWN = 5
"""Games in progress Play lists at first (the newest): the screen every phone
opens first holds as many controls with 200 games left unfinished as with 6."""
RESUME_MORE = 20
"""Games in progress each "Show more games in progress" adds to Play's list."""


@ft.component
def PlayScreen() -> ft.Control:
    """The home screen: games in progress (the newest :data:`RESUME_SHOWN` first,
    "Show more games in progress" for :data:`RESUME_MORE` more; their rounds
    follow the saves made on other phones), "New game", "Learn to play" for
    each game with a lesson (New game on that game, its lesson on) and the
    dealer's guide."""
    store = use_store()
    saves, set_saves = ft.use_state(0)
    read = use_read(store.unfinished_games, [use_games_list(), saves])
    running, problem = ([], str(read)) if isinstance(read, StoreError) else (read, None)
    shown, more = use_show_more(len(running), RESUME_SHOWN, RESUME_MORE, _("Show more games in progress"))
    use_saves_of(in_progress(running[:shown]), lambda: set_saves(lambda count: count + 1))
    games = join_names([game.title for game in registry.GAMES])
    controls: list[ft.Control | None] = [
        screen_header("Companion", _("Score pads for {games}").format(games=games), actions=[LanguageMenu()]),
        error_line(problem),
        ft.FilledButton(
            _("New game"),
            icon=ft.Icons.ADD,
            on_click=lambda: navigate("/new"),
            height=56,
            width=float("inf"),
        ),
    ]
    if running:
        controls.append(section_title(_("Resume a game")))
        controls.extend(
            game_line(summary, partial(navigate, f"/pad/{summary['id']}"))
            for summary in running[:shown]
        )
        controls.append(more)
    else:
        controls.append(
            ft.Text(
                _("No game in progress. Start one, then enter each round as you play."),
                color=ft.Colors.ON_SURFACE_VARIANT,
            )
        )
    controls.append(section_title(_("Learn to play")))
    controls.append(ft.Row(
        [ft.OutlinedButton(_("Learn {game}").format(game=game.title), icon=ft.Icons.SCHOOL_OUTLINED, height=TOUCH,
                           on_click=partial(navigate, f"/new?game={game.id}&lesson=1"))
         for game in registry.GAMES if game.lesson is not None],
        wrap=True, spacing=8, run_spacing=8,
    ))
    controls.append(
        ft.OutlinedButton(
            _("How do I deal?"),
            icon=ft.Icons.HELP_OUTLINE,
            on_click=lambda: navigate("/setup?back=/"),
            height=TOUCH,
        )
    )
    return ft.Column([control for control in controls if control is not None], spacing=12)
