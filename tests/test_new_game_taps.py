"""Taps on New game that reach the server before the phone has painted what
the tap before them did (in-process sessions): a set-up starts one game."""

from __future__ import annotations

import asyncio

from companion.store import Store
from flet_session import click, find, open_session, run_alone, server_hub, settle, tap
from test_typing import labelled_field, phone_on


async def seat(phone, name: str) -> None:
    """Type ``name`` in the player's name field of ``phone``'s New game and tap Add."""
    field = labelled_field(phone, "Player's name")
    phone.session.apply_patch(field._i, {"value": name})
    await click(phone, phone.session.index[field._i], "change", name)
    await tap(phone, "Add")


def test_start_game_tapped_twice_before_the_pad_shows_starts_one_game(tmp_path):
    """A One-card game of Ann and Ben; "Start game" is tapped twice and both
    taps reach the server before the pad is painted: one game is saved."""

    async def run():
        phone = await open_session(*phone_on(tmp_path, "/new"), server_hub())
        await tap(phone, "One-card")
        for name in ("Ann", "Ben"):
            await seat(phone, name)
        start = find(phone.session.page, lambda control: getattr(control, "content", None) == "Start game"
                     and getattr(control, "on_click", None) is not None)
        await asyncio.gather(*(phone.session.dispatch_event(start._i, "click", None) for _tap in range(2)))
        await settle([phone])
        return [(game["game"], game["players"]) for game in Store(tmp_path).list_games()]

    assert run_alone(run()) == [("one_card", ["Ann", "Ben"])]
