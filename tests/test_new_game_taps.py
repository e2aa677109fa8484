"""Taps on New game that reach the server before the phone has painted what
the tap before them did (in-process sessions): a set-up starts one game."""

from __future__ import annotations

import asyncio
import logging

from companion.store import Store
from companion.ui import new_game
from flet_session import (click, find, go_to, open_session, run_alone, server_hub, settle, shown_strings, shows,
                           tap, taps_together)
from test_typing import labelled_field, named_button, phone_on


async def seat(phone, name: str) -> None:
    """Type ``name`` in the player's name field of ``phone``'s New game and tap Add."""
    field = labelled_field(phone, "Player's name")
    phone.session.apply_patch(field._i, {"value": name})
    await click(phone, phone.session.index[field._i], "change", name)
    await tap(phone, "Add")


def test_start_game_and_the_dealer_s_guide_tapped_together_start_one_game_then_a_fresh_set_up(tmp_path, monkeypatch):
    """"Start game" and "How do I deal this?" reach the server together: one game is saved and
    shown first; the browser follows the dealer's guide, whose Back shows a fresh set-up, not
    the one that started its game (whose "Start game" would start nothing)."""
    opened: list[str] = []
    monkeypatch.setattr(new_game, "navigate", opened.append)

    async def run():
        phone = await open_session(*phone_on(tmp_path, "/new"), server_hub())
        await tap(phone, "One-card")
        for name in ("Ann", "Ben"):
            await seat(phone, name)
        await taps_together(phone, "Start game", "How do I deal this?")
        await go_to(phone, "/setup?game=one_card&players=2&back=/new")
        await go_to(phone, "/new")
        return [game["id"] for game in Store(tmp_path).list_games()], shows(phone, "Ann")

    games, seated = run_alone(run())
    assert (len(games), opened[0], seated) == (1, f"/pad/{games[0]}", False)


def test_a_step_of_the_game_left_and_a_game_chosen_together_start_the_game_chosen(tmp_path, caplog):
    """One-card's "Round wins plus" and the Up to 9 tile reach the server together: Up to 9 is
    chosen, the step of One-card's rule is dropped (no error), and the game starts as set up."""

    async def run():
        phone = await open_session(*phone_on(tmp_path, "/new"), server_hub())
        await tap(phone, "One-card")
        await taps_together(phone, "Up to 9", named_button(phone, "Round wins plus"))
        for name in ("Ann", "Ben"):
            await seat(phone, name)
        await tap(phone, "Start game")
        return [(game["game"], game["players"]) for game in Store(tmp_path).list_games()]

    with caplog.at_level(logging.ERROR):
        assert run_alone(run()) == [("up_to_nine", ["Ann", "Ben"])]
    assert [record.getMessage() for record in caplog.records if record.levelno >= logging.ERROR] == []


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


def steps_tapped_together(tmp_path, game: str, *taps: str) -> list[str]:
    """On New game, choose ``game`` and tap the steppers named ``taps`` (their
    buttons' names; "Edit level 1" is tapped first when a tap names a level)
    all before the repaint; returns the options the set-up holds then, as
    the screen words them (the texts made of a digit and words)."""

    async def run():
        phone = await open_session(*phone_on(tmp_path, "/new"), server_hub())
        await tap(phone, game)
        if any(name.startswith("Level 1") for name in taps):
            await click(phone, named_button(phone, "Edit level 1"))
        await taps_together(phone, *(named_button(phone, name) for name in taps))
        return [text for text in shown_strings(phone.session.page) if text[:1].isdigit()]

    return run_alone(run())


def test_round_wins_plus_tapped_twice_before_the_repaint_adds_two(tmp_path):
    """One-card's match starts at 5 round wins; two taps on its plus make 7."""
    assert steps_tapped_together(tmp_path, "One-card", "Round wins plus", "Round wins plus") == ["7"]


def test_level_steps_tapped_together_each_count_and_keep_to_their_bounds(tmp_path):
    """Up to 9's level 1 (one group of 4 cards, no wild): two taps on its wilds' plus make 2
    wilds in all; three on group 1's cards minus take it to 2 cards, never under."""
    shown = steps_tapped_together(tmp_path, "Up to 9", "Level 1 wilds in all plus", "Level 1 wilds in all plus",
                                  *["Level 1 group 1 cards minus"] * 3)
    assert [text for text in shown if "\u00b7" not in text and not text.isdigit()] == [
        "2 cards", "0 wilds", "2 wilds in all", "0 groups with no wild"]
