"""The dealer's setup guide (route ``/setup?game=&players=``).

Game + player count -> the deck to build with counts, cards per hand, what
starts the discard pile, who starts, and the numbered steps with a checkbox
each; the game's shuffle tip and a random first-player picker.  Every figure,
step and tip comes from ``companion.setup.plan``, for the game's options: the
saved game's when opened from its pad, the New game draft's when opened from
there (One Up with the wild joker: 57 cards, one joker goes in).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

import flet as ft

from companion import registry, setup
from companion.i18n import _, ngettext
from companion.ui.ask_cards import game_tiles, suit_text
from companion.ui.state import navigate, use_session, use_store
from companion.ui.widgets import TOUCH, labelled, screen_header, section_title, tile_button

PAD_PREFIX = "/pad/"
"""The start of a score pad's address (``/pad/<game id>``), as ``back`` names it."""


def game_options(game: str, back: str | None) -> Mapping[str, Any]:
    """The options of the game the guide was opened for (call inside a component).

    Takes the game id shown and ``back``, the screen the guide was opened
    from: a pad (``/pad/<id>``) gives that saved game's options, New game
    (``/new``) the draft's; either only while it is the game shown.  Returns
    ``{}`` otherwise (the standard game).
    """
    store = use_store()
    session = use_session()
    if back and back.startswith(PAD_PREFIX):
        doc = store.get_game(back[len(PAD_PREFIX):])
        if doc is not None and doc.get("game") == game:
            return doc.get("options") or {}
    draft = session.new_game_draft
    if back == "/new" and draft is not None and draft.game == game:
        return draft.options
    return {}


def _fact(value: str, label: str, test_id: str) -> ft.Control:
    """A big figure with its label (``56`` / ``cards in play``), named ``test_id`` for tests."""
    return ft.Container(
        expand=True,
        padding=12,
        border_radius=12,
        bgcolor=ft.Colors.SECONDARY_CONTAINER,
        content=labelled(test_id, ft.Column(
            [
                ft.Text(value, size=28, weight=ft.FontWeight.BOLD, color=ft.Colors.ON_SECONDARY_CONTAINER),
                ft.Text(label, color=ft.Colors.ON_SECONDARY_CONTAINER),
            ],
            spacing=0,
            tight=True,
        )),
    )


def _preset_chip(note: str) -> ft.Control:
    return ft.Row(
        [
            ft.Container(
                padding=ft.Padding.symmetric(horizontal=8, vertical=2),
                border_radius=8,
                border=ft.Border.all(1, ft.Colors.TERTIARY),
                content=ft.Text(_("preset"), size=12, color=ft.Colors.TERTIARY),
            ),
            ft.Text(note, size=13, expand=True, color=ft.Colors.ON_SURFACE_VARIANT),
        ],
        vertical_alignment=ft.CrossAxisAlignment.START,
    )


def _step(text: str, done: bool, on_toggle: Callable[[], None]) -> ft.Control:
    """One numbered step with its checkbox; tapping the text ticks it too. The text wraps."""
    return ft.Row(
        [
            ft.Checkbox(value=done, on_change=on_toggle, semantics_label=text),
            ft.Container(
                expand=True,
                on_click=on_toggle,
                padding=ft.Padding.symmetric(vertical=12),
                content=suit_text(text, color=ft.Colors.ON_SURFACE_VARIANT if done else None),
            ),
        ],
        vertical_alignment=ft.CrossAxisAlignment.START,
        spacing=4,
    )


def _deal(plan: setup.SetupPlan) -> list[ft.Control]:
    """The deal at a glance: cards in play, cards each and decks, the deck's lines, what starts the
    discard pile and who starts (``plan``, from ``companion.setup.plan``)."""
    return [
        ft.Row(
            [
                _fact(str(plan.deck_size), ngettext("card in play", "cards in play", plan.deck_size), "deck-size"),
                _fact(str(plan.hand_size), ngettext("card each", "cards each", plan.hand_size), "hand-size"),
                _fact(str(plan.decks), ngettext("deck", "decks", plan.decks), "decks"),
            ],
            spacing=8,
        ),
        section_title(_("The deck")),
        labelled("deck", ft.Column([suit_text(f"• {line}", size=16) for line in plan.deck], spacing=2)),
        suit_text(_("{label}: {start}.").format(label=plan.start_label, start=plan.discard_start), size=16),
        suit_text(_("Who starts: {first_player}.").format(first_player=plan.first_player), size=16),
    ]


def _shuffle_box(shuffle: str) -> ft.Control:
    """How to shuffle (``shuffle``, in words), in a box of the theme's third colour."""
    return ft.Container(
        padding=12,
        border_radius=12,
        bgcolor=ft.Colors.TERTIARY_CONTAINER,
        content=ft.Row(
            [ft.Icon(ft.Icons.SHUFFLE, color=ft.Colors.ON_TERTIARY_CONTAINER),
             ft.Text(shuffle, expand=True, color=ft.Colors.ON_TERTIARY_CONTAINER)],
            vertical_alignment=ft.CrossAxisAlignment.START,
        ),
    )


def _who_goes_first(seats: int, first: int | None, pick_first: Callable[[], None]) -> list[ft.Control]:
    """"Who goes first?": how the seats of ``seats`` players are numbered, and a button that picks
    one by chance (``pick_first``) with the seat picked (``first``; None: none yet)."""
    return [
        section_title(_("Who goes first?")),
        ft.Text(
            _("Or let chance decide: seats are numbered clockwise, seat 1 on the dealer's left, "
              "seat {seats} the dealer.").format(seats=seats),
            color=ft.Colors.ON_SURFACE_VARIANT,
        ),
        ft.Row(
            [
                ft.FilledTonalButton(_("Pick a first player"), icon=ft.Icons.CASINO_OUTLINED,
                                     on_click=pick_first, height=TOUCH),
                labelled("first", ft.Text(_("Seat {seat} starts.").format(seat=first) if first else "", size=20,
                                          weight=ft.FontWeight.BOLD)),
            ],
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
            wrap=True,
        ),
    ]


@ft.component
def SetupScreen(game: str | None, players: int | None, back: str | None = None) -> ft.Control:
    """How to deal a game for a number of players.

    Takes the game id and player count from the address (either may be None
    or out of range: the first game and its smallest count are used) and the
    screen to go back to (a path such as ``/new``; None: no back arrow).
    """
    start_game = game if game in registry.GAME_IDS else registry.GAME_IDS[0]
    chosen, set_chosen = ft.use_state(start_game)
    supported = registry.game(chosen).players
    count, set_count = ft.use_state(players if players in registry.game(start_game).players else None)
    done, set_done = ft.use_state(frozenset())
    first, set_first = ft.use_state(None)
    seats = count if count in supported else supported.start
    plan = setup.plan(chosen, seats, game_options(chosen, back))

    def choose_game(game_id: str):
        set_chosen(game_id)
        set_done(frozenset())
        set_first(None)

    def choose_count(n: int):
        set_count(n)
        set_done(frozenset())
        set_first(None)

    def tick(index: int):
        set_done(done - {index} if index in done else done | {index})

    def pick_first():
        set_first(random.choice(range(1, seats + 1)))

    controls: list[ft.Control] = [
        screen_header(
            _("How to deal"), _("The deck, the deal and who starts."),
            back=partial(navigate, back) if back else None,
        ),
        game_tiles(registry.GAME_IDS, chosen, choose_game),
        section_title(_("Players")),
        labelled("players", ft.Row(
            [tile_button(str(n), selected=n == seats, on_click=partial(choose_count, n))
             for n in supported],
            spacing=6,
        )),
        *_deal(plan),
    ]
    controls += [_preset_chip(note) for note in plan.notes]
    controls.append(_shuffle_box(plan.shuffle))
    controls.append(section_title(
        _("Steps ({done} of {total} done)").format(done=len(done), total=len(plan.steps))))
    controls.append(labelled("steps", ft.Column([_step(step, index in done, partial(tick, index))
                                                 for index, step in enumerate(plan.steps)], spacing=4)))
    controls += _who_goes_first(seats, first, pick_first)
    controls.append(ft.TextButton(_("Rules of {game}").format(game=plan.title), icon=ft.Icons.MENU_BOOK_OUTLINED,
                                  on_click=lambda: navigate(f"/rules?game={chosen}"), height=TOUCH))
    return ft.Column(controls, spacing=12)
