"""The Check tab: "may I play this?" for every game of the registry.

Each game's checker panel is its UI module's ``Check``
(``companion.ui.games.<id>``); this screen holds the game tiles and hands
the panel a game's house rules and player count.  Opened from a score pad
(``/check/<game>?game_id=<id>``) that game is the one followed; from the
bottom tab (``/check``) it is the game whose pad this session showed last,
else the game in progress (the newest saved game not finished).  Switching
games keeps following it (``?game_id=`` stays in the address), so coming
back to the followed game finds its options again (One Up's wild joker, an
edited Up to 9 level table).  For any other game the player
count is picked on the screen.  On the phone of one of the followed game's
players, the game's panel opens where that player is (Up to 9: their level).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any
from urllib.parse import parse_qs, urlparse

import flet as ft

from companion import registry
from companion.i18n import _
from companion.pads import PadError
from companion.registry import pad_from_doc
from companion.store import StoreError
from companion.table.ask_answers import CHECK_PLAYERS
from companion.ui.ask_cards import game_tiles
from companion.ui.games import game_ui
from companion.table.phones import phone_player
from companion.ui.state import navigate, use_session, use_store
from companion.ui.widgets import labelled, screen_header, tile_button

@dataclass(frozen=True)
class Followed:
    """The saved game the checker follows, or none.

    Attributes:
        game_id: the saved game's id (None: no game followed).
        game: its game id (a registry id), None when none is followed.
        options: its house rules (``{}`` when none is followed).
        players: its player count (None when none is followed).
        from_pad: True when the address named it (the checker was opened
            from its pad, which the back arrow returns to).
        start: where the game's panel opens for the player whose phone
            this is (the game UI's ``check_start``, e.g. ``{"level": 7}``;
            ``{}`` when the phone is no player's of the game, or the game
            has nothing of the kind).
    """

    game_id: str | None = None
    game: str | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    players: int | None = None
    from_pad: bool = False
    start: Mapping[str, Any] = field(default_factory=dict)


def follow(store, route: str, shown: str, phone: str = "") -> Followed:
    """The saved game the checker follows.

    Args:
        store: the ``companion.store.Store``.
        route: the address shown (``/check/<game>?game_id=<id>``).
        shown: the id of the saved game whose score pad this session showed
            last (empty: none).
        phone: this phone's label ("Ben's phone"; empty: not known).

    Returns:
        A ``Followed`` for the game named by ``?game_id=`` in ``route``
        (``from_pad`` set), else for ``shown``, else for the newest game in
        progress, with where the panel starts for ``phone``'s player; an empty ``Followed`` when there is none, the game named
        is not found or the saved games can not be read (the checker then
        works on its own; the pad and History say what is wrong).
    """
    query = parse_qs(urlparse(route).query)
    game_id = query.get("game_id", [""])[0]
    from_pad = bool(game_id)
    try:
        if not from_pad:
            game_id = shown
            if not game_id or store.get_game(game_id) is None:
                playing = store.unfinished_games()
                game_id = playing[0]["id"] if playing else ""
        doc = store.get_game(game_id) if game_id else None
    except StoreError:
        doc = None
    if doc is None:
        return Followed()
    return Followed(game_id, doc.get("game"), doc.get("options") or {},
                    len(doc.get("players", [])) or None, from_pad, _start(doc, phone))


def _start(doc: Mapping[str, Any], phone: str) -> Mapping[str, Any]:
    """Where the checker of saved game ``doc`` opens for the player whose
    phone is labelled ``phone`` (the game UI's optional ``check_start(pad,
    player)``); ``{}`` when the phone is no player's, the game has no such
    hook or can not be replayed (the pad says why)."""
    player = phone_player(doc.get("players") or [], phone)
    start = getattr(game_ui(doc.get("game")), "check_start", None) if doc.get("game") in registry.GAME_IDS else None
    if player is None or start is None:
        return {}
    try:
        return start(pad_from_doc(doc), player)
    except (PadError, ValueError):
        return {}


def followed_game() -> Followed:
    """The saved game to follow (call inside a component): :func:`follow` on
    the page's address and this session's last score pad
    (``SessionState.pad_game_id``)."""
    session = use_session()
    return follow(use_store(), ft.context.page.route or "", session.pad_game_id, session.phone)


def _players_row(count: int, supported: range, choose: Callable[[int], None]) -> ft.Control:
    """Tiles for the player count, the current one filled."""
    return ft.Row(
        [ft.Text(_("Players"), weight=ft.FontWeight.W_600),
         labelled("check-players", ft.Row(
             [tile_button(str(n), selected=n == count, width=48, on_click=partial(choose, n)) for n in supported],
             spacing=4,
         ))],
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
        wrap=True,
    )


@ft.component
def CheckScreen(game: str | None) -> ft.Control:
    """The move checker (route ``/check`` and ``/check/<game>``).

    Takes the game id from the address (None: the followed game's, else the
    registry's first game). The followed saved game (see
    :func:`followed_game`) gives its house rules and player count to its own
    game's panel; any other game's player count is picked on the screen.
    """
    followed = followed_game()
    chosen_count, set_count = ft.use_state(CHECK_PLAYERS)
    if game in registry.GAME_IDS:
        current = game
    elif followed.game in registry.GAME_IDS:
        current = followed.game
    else:
        current = registry.GAME_IDS[0]
    supported = registry.game(current).players
    own = followed.game == current and followed.players is not None
    options = followed.options if own else {}
    players = followed.players if own else chosen_count
    if players not in supported:
        players = supported.start
    suffix = f"?game_id={followed.game_id}" if followed.from_pad else ""
    controls: list[ft.Control] = [
        screen_header(
            _("Check a move"), _("Pick the cards on the table and in your hand."),
            back=partial(navigate, f"/pad/{followed.game_id}") if followed.from_pad else None,
        ),
        game_tiles(registry.GAME_IDS, current, lambda game_id: navigate(f"/check/{game_id}{suffix}")),
    ]
    if not own:
        controls.append(_players_row(players, supported, set_count))
    # The panel opens anew once the phone's player is known (its label is
    # read after the first paint), not when their place moves on while the
    # panel is open: the cards picked there are kept.
    start = followed.start if own else {}
    controls.append(game_ui(current).Check(options, players, key=f"{current}-mine" if start else current, **start))
    return ft.Column(controls, spacing=12)
