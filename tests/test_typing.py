"""Typing while the server is busy: a text field whose text the server
works from as the user types (Up or Down?'s rows, Up to 9's points, the
rules search) keeps every key pressed. The phone reports a text and its
change, then more keys before the server has painted its answer to the
first (tests/flet_session.py ``type_on``); the field must still hold the
longer text, and the answer painted from the shorter one (no text is
sent back over it). A tap that changes what is drawn around a checker's
picker keeps its field, so the text typed there and the Enter after it
reach the field the phone holds.
"""

from __future__ import annotations

import asyncio

import flet as ft
import pytest

from companion.registry import new_pad
from companion.server.key import TableAccess
from companion.store import Store
from companion.ui.app import session_main
from flet_session import click, find, open_session, run_alone, server_hub, settle, shows, tap, type_on


def typed_on(tmp_path, route: str, game: str | None, steps: list[str], label: str, typed: str, more: str):
    """Open ``route`` (``{id}`` is the id of a new ``game`` of Ann and Ben), tap
    ``steps`` in order, type ``typed`` then ``more`` into the field
    labelled ``label`` as a busy phone does; returns the field's text
    after, and the phone."""

    async def run():
        phone = await open_session(*phone_on(tmp_path, route, game), server_hub())
        for step in steps:
            await tap(phone, step)
        field = find(phone.session.page, lambda c: isinstance(c, ft.TextField) and c.label == label)
        await type_on(phone, field, typed, more)
        await settle([phone])
        now = phone.session.index[field._i]
        return now.value, phone

    return run_alone(run())


def test_up_or_down_rows_typed_on_are_kept_and_scored(tmp_path):
    value, phone = typed_on(tmp_path, "/pad/{id}", "up_or_down", ["Count the scores"],
                            "Ann's rows, typed", "8 3", "8 3, 2 1")
    assert value == "8 3, 2 1"
    assert shows(phone, "Row 1")
    assert not shows(phone, "Row 2")


def test_up_to_nine_points_typed_on_are_kept(tmp_path):
    value, _phone = typed_on(tmp_path, "/pad/{id}", "up_to_nine", ["Add round"],
                             "Ann's points instead of cards", "2", "25")
    assert value == "25"


def test_a_rules_search_typed_on_is_kept(tmp_path):
    value, _phone = typed_on(tmp_path, "/rules", None, [], "Search all rules", "jo", "joker")
    assert value == "joker"


async def check_phone(tmp_path, route: str):
    """A phone on the Check screen at ``route`` of a server over a fresh store in ``tmp_path``."""
    main = session_main(Store(tmp_path), TableAccess(tmp_path, required=False, host="127.0.0.1", port=8550))
    return await open_session(main, route, server_hub())


def typing_field(phone) -> ft.TextField:
    """The Check panel's "Or type cards" field on ``phone``'s screen now."""
    return find(phone.session.page, lambda c: isinstance(c, ft.TextField) and c.label == "Or type cards")


def test_the_card_field_is_kept_when_a_row_comes_above_it(tmp_path):
    """A 7 as One-card's top card brings the "Suit named" row above the picker: the picker and its
    field stay the ones the phone is typing into (keyed), not new ones that lose the text typed."""

    async def run():
        phone = await check_phone(tmp_path, "/check/one_card")
        field = typing_field(phone)
        phone.session.apply_patch(field._i, {"value": "7S"})
        await click(phone, field, "submit", "7S")
        return shows(phone, "Suit named with the 7: none"), typing_field(phone)._i == field._i

    assert run_alone(run()) == (True, True)


def test_cards_typed_on_check_are_taken_when_the_panel_repaints_before_the_keystroke_is_handled(tmp_path):
    """The phone's text "7S" reaches the server, the panel repaints (a tap on the player count:
    anything that redraws it) before that keystroke's change is handled, then Enter: the repaint
    paints the text the phone holds (not an older one over it), the card is taken, and the field
    is emptied once it is."""

    async def run():
        phone = await check_phone(tmp_path, "/check/one_card")
        field = typing_field(phone)
        three = find(phone.session.page, lambda c: getattr(c, "content", None) == "3"
                     and getattr(c, "on_click", None) is not None)
        phone.session.apply_patch(field._i, {"value": "7S"})
        await click(phone, three)
        painted = typing_field(phone).value
        await click(phone, typing_field(phone), "submit", "7S")
        return painted, shows(phone, "Suit named with the 7: none"), typing_field(phone).value

    assert run_alone(run()) == ("7S", True, "")


def test_numbers_typed_and_added_with_the_button_are_taken(tmp_path):
    """Up or Down?'s "Or type numbers" field: the text the phone holds is what "Add" hands over
    (the button's tap carries no text), and the field is emptied once it is taken."""

    async def run():
        phone = await check_phone(tmp_path, "/check/up_or_down")
        field = find(phone.session.page, lambda c: isinstance(c, ft.TextField) and c.label == "Or type numbers")
        add = find(phone.session.page, lambda c: isinstance(c, ft.FilledTonalButton) and c.content == "Add")
        phone.session.apply_patch(field._i, {"value": "34 52"})
        await click(phone, add)
        field = find(phone.session.page, lambda c: isinstance(c, ft.TextField) and c.label == "Or type numbers")
        return field.value, shows(phone, "34"), shows(phone, "52")

    assert run_alone(run()) == ("", True, True)


def test_cards_typed_after_a_hand_over_are_kept_when_its_paint_comes_late(tmp_path):
    """"9S" entered as One-card's top card, and the phone's next text "5H" arrives before the
    paint that empties the field: the paint keeps "5H" (it empties the field only while the
    phone still holds the text taken), and 9♠ is the top card."""

    async def run():
        phone = await check_phone(tmp_path, "/check/one_card")
        field = typing_field(phone)
        phone.session.apply_patch(field._i, {"value": "9S"})

        async def enter_then_type() -> None:
            await phone.session.dispatch_event(field._i, "submit", "9S")
            phone.session.apply_patch(field._i, {"value": "5H"})
            await phone.session.after_event(field)

        await asyncio.create_task(enter_then_type())
        await settle([phone])
        return typing_field(phone).value, shows(phone, "Add the cards in your hand.")

    assert run_alone(run()) == ("5H", True)


def _tap_target(phone, words: str):
    """The control a tap on ``words`` reaches on ``phone``'s screen: the first control showing
    them (a button's text, a slot's label), or its nearest parent that takes a tap."""
    shown = find(phone.session.page, lambda c: words in (getattr(c, "content", None), getattr(c, "value", None)))
    while getattr(shown, "on_click", None) is None:
        shown = shown.parent
    return shown


AROUND_THE_FIELD = [
    ("/check/up_to_nine", "Or type cards", "8S 8H",
     ["Lay off", "Set", "Straight", "Card to lay off", "Group on the table", "Lay down", "3", "Lay off"]),
    ("/check/one_card", "Or type cards", "9S", ["Your hand", "Top card"]),
    ("/check/up_or_down", "Or type numbers", "12",
     ["Your row, in the order laid", "Card for that row", "Your card"]),
]
"""(checker, its field's label, text the phone holds, taps that change what is drawn above or
around the field: Up to 9's lay-down or lay-off panel, the group's kind, its slots and levels;
One-card's slots; Up or Down?'s places, which move the number pad below the row's place)."""


@pytest.mark.parametrize(("route", "label", "typed", "taps"), AROUND_THE_FIELD,
                         ids=[route.rsplit("/", 1)[1] for route, *_rest in AROUND_THE_FIELD])
def test_the_field_and_its_text_stay_through_taps_around_it(tmp_path, route, label, typed, taps):
    """Each tap repaints the panel around the picker while the phone holds text in its field:
    the field stays the one the phone types into (its control id, so the text and the Enter that
    follow reach it) and keeps the phone's text."""

    async def run():
        phone = await check_phone(tmp_path, route)
        seen = []
        for words in taps:
            field = find(phone.session.page, lambda c: isinstance(c, ft.TextField) and c.label == label)
            phone.session.apply_patch(field._i, {"value": typed})
            await click(phone, _tap_target(phone, words))
            now = find(phone.session.page, lambda c: isinstance(c, ft.TextField) and c.label == label)
            seen.append((words, now._i == field._i, now.value))
        return seen

    assert run_alone(run()) == [(words, True, typed) for words in taps]


def labelled_field(phone, label: str) -> ft.TextField:
    """The text field labelled ``label`` on ``phone``'s screen now."""
    return find(phone.session.page, lambda c: isinstance(c, ft.TextField) and c.label == label)


def named_button(phone, name: str) -> ft.IconButton:
    """The icon button named ``name`` (its icon's label) on ``phone``'s screen now."""
    return find(phone.session.page, lambda c: isinstance(c, ft.IconButton)
                and getattr(c.icon, "semantics_label", None) == name)


async def keys_then_repaint(phone, label: str, typed: str, repaint) -> str:
    """The phone's field ``label`` reports ``typed``; before that keystroke's change is handled,
    ``repaint()`` (a tap) makes the screen paint again; then the change comes. Returns the text
    the repaint left in the field."""
    field = labelled_field(phone, label)
    phone.session.apply_patch(field._i, {"value": typed})
    await repaint()
    painted = phone.session.index[field._i].value
    await click(phone, phone.session.index[field._i], "change", typed)
    return painted


def phone_on(tmp_path, route: str, game: str | None = None):
    """The ``main`` and route of a phone on ``route`` (``{id}``: a new ``game`` of Ann and Ben)."""
    store = Store(tmp_path)
    game_id = ""
    if game:
        pad = new_pad(game, ["Ann", "Ben"])
        store.save_game(pad.to_doc())
        game_id = pad.id
    return session_main(store, TableAccess(tmp_path, required=False, host="127.0.0.1", port=8550)), route.format(id=game_id)


def test_a_search_typed_while_the_rules_repaint_is_searched(tmp_path):
    """The rules screen repaints (a section opened) between the phone's "Reihe" and its change:
    the field keeps "Reihe" and the search finds it."""

    async def run():
        phone = await open_session(*phone_on(tmp_path, "/rules"), server_hub())
        setup = find(phone.session.page, lambda c: isinstance(c, ft.ListTile) and getattr(c.title, "value", None) == "Setup")
        painted = await keys_then_repaint(phone, "Search all rules", "Reihe", lambda: click(phone, setup))
        return painted, labelled_field(phone, "Search all rules").value, shows(phone, "3 sections in 1 game")

    assert run_alone(run()) == ("Reihe", "Reihe", True)


def test_a_name_typed_while_new_game_repaints_is_the_one_added(tmp_path):
    """New game repaints (another game tapped) between the phone's "Bea" and its change: the field
    keeps "Bea", Add seats Bea, and the field is emptied once she is seated."""

    async def run():
        phone = await open_session(*phone_on(tmp_path, "/new"), server_hub())
        painted = await keys_then_repaint(phone, "Player's name", "Bea", lambda: tap(phone, "Up to 9"))
        await tap(phone, "Add")
        return painted, shows(phone, "Bea"), labelled_field(phone, "Player's name").value

    assert run_alone(run()) == ("Bea", True, "")


def test_points_typed_while_the_up_to_nine_sheet_repaints_are_kept(tmp_path):
    """The sheet repaints (Ben marked as laid down) between Ann's "35" and its change: her points
    field keeps "35"; a rank tapped for her afterwards empties it (the sheet's own text)."""

    async def run():
        phone = await open_session(*phone_on(tmp_path, "/pad/{id}", "up_to_nine"), server_hub())
        await tap(phone, "Add round")
        label = "Ann's points instead of cards"
        painted = await keys_then_repaint(phone, label, "35", lambda: tap(phone, "Ben laid down"))
        kept = labelled_field(phone, label).value
        await click(phone, find(phone.session.page, lambda c: getattr(c, "content", None) == "K"
                                and getattr(c, "on_click", None) is not None))
        return painted, kept, labelled_field(phone, label).value

    assert run_alone(run()) == ("35", "35", "")


def test_rows_and_discards_typed_while_the_up_or_down_sheet_repaints_are_kept(tmp_path):
    """Up or Down?'s count repaints between a keystroke and its change: the discard pile's "4"
    through a tap on a colour's +, then the rows "8 3" through a tap on the discard pile's +; both
    texts stay in their fields, and the count and the rows are read from them."""

    async def run():
        phone = await open_session(*phone_on(tmp_path, "/pad/{id}", "up_or_down"), server_hub())
        await tap(phone, "Count the scores")
        discard = await keys_then_repaint(phone, "Ann's discard pile", "4",
                                          lambda: click(phone, named_button(phone, "Row 1 red plus")))
        rows = await keys_then_repaint(phone, "Ann's rows, typed", "8 3",
                                       lambda: click(phone, named_button(phone, "Discard pile plus")))
        return discard, rows, labelled_field(phone, "Ann's discard pile").value, shows(phone, "Row 1")

    assert run_alone(run()) == ("4", "8 3", "5", True)
