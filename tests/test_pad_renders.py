"""What a save costs the sessions, counted without a browser: real Flet
sessions of the app in this process (tests/flet_session.py), some on the
saved game's pad, some on another game's. A save draws again, on each
phone showing the game, the pad and only the parts the save changed (its
new round's line, not the others, nor the menu, the buttons or the facts;
of the names and totals, only the players' columns the save changed, and
the phones are sent only the new line and those columns' changes);
phones showing another game draw nothing; the game is read from the store
by none of them (the saving phone's pad is shared through the game cache;
only its hand-by-hand draft is read, once with the save, for all).
A hand entered draws the hands box again, not the rounds or the totals.
Going from one game's address straight to another's starts the other's pad
afresh: a sheet open on the first is not shown on the second. A sheet
covers the table, whose controls stay: hidden under it, or, unfolded (all
rounds shown), transparent and disabled, and shown again when it closes. A
phone that entered a round keeps the next new round's sheet built out of
sight: "Add round" only shows it, blank, on the round the game is at.
History's file buttons draw again by themselves, not the list of games, and a message
closed there draws the message bar, not the list; a list drawn again is read in a thread,
so a lock held by another process (the worker writing an import) does not stall the phones.
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time
from collections import Counter

import flet as ft
import pytest
import msgpack
from flet.components.component import Component, Renderer
from flet.controls.object_patch import DiffBuilder
from flet.messaging.protocol import MessageAction

from companion.registry import new_pad, pad_from_doc
from companion.server.key import TableAccess
from companion.store import Store, StoreError
from companion.ui.app import session_main
from companion.ui.pad import READY_AFTER
from companion.table.live import GAMES_TOPIC, game_cache, game_topic
from companion.pads.changelog import phone_label
from flet_session import (
    Phone,
    _encode,
    click,
    controls,
    find,
    find_on,
    go_to,
    open_session,
    run_alone,
    server_hub,
    settle,
    shown_strings,
    shows,
    tap,
    until,
)



PLAYERS = ["Ann", "Ben", "Cy"]


def one_up_game(store: Store, rounds: int) -> str:
    """A One Up game of Ann, Ben and Cy with ``rounds`` rounds saved in ``store``; its id."""
    pad = new_pad("one_up", PLAYERS)
    for number in range(rounds):
        pad.add_round({player: "" if index == number % 3 else "3" for index, player in enumerate(PLAYERS)},
                      PLAYERS[number % 3])
    store.save_game(pad.to_doc())
    return pad.id


@pytest.fixture
def renders(monkeypatch):
    """Counts the component functions rendered (by name) while the test runs.
    The sheet a pad builds out of sight after a save (``READY_AFTER`` later)
    is put off past the test, so only what a tap draws itself is counted,
    however slowly the machine settles."""
    monkeypatch.setattr("companion.ui.pad.READY_AFTER", 600.0)
    counted: Counter[str] = Counter()
    render = Renderer.render

    def counting(self, root_fn, *args, **kwargs):
        counted[root_fn.__name__] += 1
        return render(self, root_fn, *args, **kwargs)

    monkeypatch.setattr(Renderer, "render", counting)
    return counted


def table_of_phones(tmp_path, scenario):
    """Run ``scenario(store, game_id, other_id, shown, others)`` with two
    phones on a One Up game of 9 rounds (``shown``) and two on another
    (``others``), every phone settled; returns what it returns."""

    async def run():
        store = Store(tmp_path)
        game_id, other_id = one_up_game(store, 9), one_up_game(store, 9)
        main = session_main(store, TableAccess(tmp_path, required=False, host="127.0.0.1", port=8550))
        hub = server_hub()
        shown = [await open_session(main, f"/pad/{game_id}", hub) for _phone in range(2)]
        others = [await open_session(main, f"/pad/{other_id}", hub) for _phone in range(2)]
        await settle(shown + others)
        return await scenario(store, game_id, other_id, shown, others)

    return run_alone(run())


def test_a_save_draws_only_what_it_changed_on_the_phones_of_its_game(tmp_path, renders):
    async def save(store, game_id, other_id, shown, others):
        cache = game_cache(store)
        reads, quiet = cache.reads, [phone.sent for phone in others]
        renders.clear()
        saved = store.update_game(game_id, lambda pad: pad.add_round({"Ann": "", "Ben": "4", "Cy": "5"}, "Ann"))
        version, _listed = cache.put(game_id, saved)
        shown[0].pubsubhub.send_all_on_topic(game_topic(game_id), version)
        await settle(shown + others)
        return cache.reads - reads, [phone.sent for phone in others] == quiet

    store_reads, others_quiet = table_of_phones(tmp_path, save)
    assert (store_reads, others_quiet) == (1, True)
    assert {name: renders[name] for name in ("GamePad", "_PadBar", "_ScoreHeader", "_RoundRows", "_RoundLine")} == {
        "GamePad": 2, "_PadBar": 2, "_ScoreHeader": 2, "_RoundRows": 2, "_RoundLine": 2,
    }
    assert [renders[name] for name in ("_PadMenu", "_PadButtons", "_Facts", "PadScreen")] == [0, 0, 0, 0]


def test_a_change_saved_meanwhile_draws_one_new_line_on_an_open_change_log(tmp_path, renders):
    """One phone shows the change log of the 9-round game (its 9 changes, the newest first) when
    round 10 is saved: the log draws the line of change 10 only, the 9 lines below it are kept."""

    async def save(store, game_id, _other_id, shown, others):
        menu = find(shown[0].session.page, lambda control: getattr(control, "content", None) == "Changes")
        await click(shown[0], menu)
        await settle(shown + others)
        renders.clear()
        saved = store.update_game(game_id, lambda pad: pad.add_round({"Ann": "", "Ben": "4", "Cy": "5"}, "Ann"))
        version, _listed = game_cache(store).put(game_id, saved)
        shown[0].pubsubhub.send_all_on_topic(game_topic(game_id), version)
        await settle(shown + others)
        return [control.identifier for control in controls(shown[0].session.page, visible=True)
                if str(getattr(control, "identifier", "")).startswith("change-")]

    lines = table_of_phones(tmp_path, save)
    assert lines == [f"change-{number}" for number in range(10, 0, -1)]
    assert (renders["ChangesView"], renders["_ChangeLine"]) == (1, 1)


SIX = ["Ann", "Ben", "Cy", "Dee", "Eve", "Fay"]


@pytest.fixture
def patches(monkeypatch):
    """The patches each phone is sent while the test runs, decoded as the
    phone would (one list of msgpack-decoded patch messages per phone)."""
    sent: dict[int, list] = {}
    send = Phone.send_message

    def keeping(self, message):
        if message.action == MessageAction.PATCH_CONTROL:
            packed = msgpack.packb([message.action, message.body], default=_encode)
            sent.setdefault(id(self), []).append(msgpack.unpackb(packed, strict_map_key=False)[1]["patch"])
        return send(self, message)

    monkeypatch.setattr(Phone, "send_message", keeping)
    return sent


def identifiers(value) -> set[str]:
    """Every test id (a Semantics ``identifier``) named in a decoded patch."""
    if isinstance(value, dict):
        named = {value["identifier"]} if isinstance(value.get("identifier"), str) else set()
        return named.union(*(identifiers(inner) for inner in value.values()))
    if isinstance(value, list):
        if len(value) == 4 and value[2] == "identifier" and isinstance(value[3], str):
            return {value[3]}
        return set().union(*(identifiers(inner) for inner in value))
    return set()


def test_a_save_builds_and_sends_only_the_header_columns_it_changed(tmp_path, monkeypatch, patches):
    """One-card, six players, round 5 (Eve deals) won by Dee: Dee's total
    changes and the "deals" badge goes from Eve to Fay; Ann stays the
    leader. Each of the three phones showing the game builds those three
    columns again, not the other three, and is sent the new round and those
    columns' changes only."""
    built: Counter[str] = Counter()
    render = Renderer.render

    def counting(self, root_fn, *args, **kwargs):
        if root_fn.__name__ == "_PlayerHeading":
            built[args[0].player] += 1
        return render(self, root_fn, *args, **kwargs)

    async def run():
        store = Store(tmp_path)
        pad = new_pad("one_card", SIX)
        for winner in ("Ann", "Ben", "Ann", "Cy"):
            pad.add_round(winner)
        store.save_game(pad.to_doc())
        main = session_main(store, TableAccess(tmp_path, required=False, host="127.0.0.1", port=8550))
        hub = server_hub()
        phones = [await open_session(main, f"/pad/{pad.id}", hub) for _phone in range(3)]
        await settle(phones)
        monkeypatch.setattr(Renderer, "render", counting)
        patches.clear()
        saved = store.update_game(pad.id, lambda game: (game.add_round("Dee"), game)[1])
        version, _listed = game_cache(store).put(pad.id, saved)
        hub.send_all_on_topic(game_topic(pad.id), version)
        await settle(phones)
        return [identifiers(patches.get(id(phone), [])) for phone in phones]

    sent = run_alone(run())
    assert built == {"Dee": 3, "Eve": 3, "Fay": 3}
    assert sent == [{"round-5", "dealer-Fay"}] * 3


def test_a_hand_entered_draws_the_hands_box_not_the_rounds(tmp_path, renders):
    async def enter(store, game_id, other_id, shown, others):
        cache = game_cache(store)
        renders.clear()
        store.update_draft(game_id, lambda draft: {
            "round": 10, "parts": {"Ann": {"hand": ["6"], "went_out": False, "ended_by": False}},
            "by": {"Ann": phone_label("Ann")},
        })
        version = cache.hands_changed(game_id)
        shown[0].pubsubhub.send_all_on_topic(game_topic(game_id), version)
        await settle(shown + others)
        return cache.get(game_id).draft["round"]

    assert table_of_phones(tmp_path, enter) == 10
    assert (renders["GamePad"], renders["_HandsBox"]) == (2, 2)
    assert [renders[name] for name in ("_RoundRows", "_RoundLine", "_ScoreHeader", "_PadBar")] == [0, 0, 0, 0]


def test_another_games_address_starts_its_pad_afresh(tmp_path):
    async def go(store, game_id, other_id, shown, others):
        phone = shown[0]
        await tap(phone, "Add round")
        await settle([phone])
        sheet = shows(phone, "Round 10")
        await go_to(phone, f"/pad/{other_id}")
        await settle([phone])
        return sheet, shows(phone, "Round 10"), shows(phone, "Add round")

    assert table_of_phones(tmp_path, go) == (True, False, True)


async def enter_round_ten(phone) -> None:
    """On ``phone``'s pad of :func:`one_up_game`: "Add round", Ann holds a King,
    Ben a 5, Cy went out (the sheet is left open, not saved)."""
    await tap(phone, "Add round")
    await enter_values(phone)


async def enter_values(phone) -> None:
    """On ``phone``'s open One Up sheet: Ann holds a King, Ben a 5, Cy went out."""
    await tap(phone, "K")
    fives = [control for control in list(phone.session.index.values())
             if getattr(control, "content", None) == "5" and getattr(control, "on_click", None) is not None]
    await click(phone, fives[1])
    await tap(phone, "Cy went out")


async def save_round_ten(phone, shown, others, renders) -> None:
    """On ``phone`` (one of ``shown``): :func:`enter_round_ten`, then, with
    the render counts cleared, "Save round" and wait until every phone is quiet."""
    await enter_round_ten(phone)
    renders.clear()
    await tap(phone, "Save round")
    await settle(shown + others)


def test_a_round_saved_from_its_sheet_draws_one_new_line_not_the_table_again(tmp_path, renders):
    async def save(store, game_id, other_id, shown, others):
        await save_round_ten(shown[0], shown, others, renders)
        phone = shown[0]
        return shows(phone, "Round 10 saved"), shows(phone, "Save round"), len(store.get_game(game_id)["rounds"])

    assert table_of_phones(tmp_path, save) == (True, False, 10)
    assert {name: renders[name] for name in ("_ScoreHeader", "_RoundRows", "_RoundLine")} == {
        "_ScoreHeader": 2, "_RoundRows": 2, "_RoundLine": 2,
    }
    assert [renders[name] for name in ("_PadMenu", "_PadButtons", "_Facts")] == [0, 0, 0]


def test_a_round_saved_redraws_the_pad_and_the_message_bar_not_the_app(tmp_path, renders):
    """The saving phone's pad draws twice: at the tap, the round as the rules took it on the
    game shown, before the store has it (``Screen.pending``), then the game as saved; the
    other phone's pad once; the message bar once; the app around them not at all."""

    async def save(store, game_id, other_id, shown, others):
        await save_round_ten(shown[0], shown, others, renders)
        return shows(shown[0], "Round 10 saved"), "Undo" in shown_strings(shown[0].session.page)

    assert table_of_phones(tmp_path, save) == (True, True)
    assert {name: renders[name] for name in ("App", "KeyGate", "Shell", "PadScreen", "GamePad", "MessageBar")} == {
        "App": 0, "KeyGate": 0, "Shell": 0, "PadScreen": 0, "GamePad": 3, "MessageBar": 1,
    }


def test_the_message_bar_keeps_its_undo_button_and_hides_it_when_there_is_nothing_to_take_back(tmp_path, renders):
    """"Round 10 saved" offers "Undo"; tapped, "Undone: ..." offers nothing:
    the bar's button is the same control (its id on the phone), hidden, not
    one removed and built anew."""

    async def save_and_undo(store, game_id, other_id, shown, others):
        phone = shown[0]
        await save_round_ten(phone, shown, others, renders)
        button = find(phone.session.page, lambda control: isinstance(control, ft.TextButton)
                      and control.content == "Undo")
        offered = "Undo" in shown_strings(phone.session.page)
        await click(phone, button)
        await until(phone, lambda _page: any(text.startswith("Undone") for text in shown_strings(phone.session.page)))
        kept = find(phone.session.page, lambda control: isinstance(control, ft.TextButton)
                    and control.content == "Undo")._i == button._i
        return offered, kept, "Undo" in shown_strings(phone.session.page), len(store.get_game(game_id)["rounds"])

    assert table_of_phones(tmp_path, save_and_undo) == (True, True, False, 9)


def test_a_late_second_tap_on_the_hidden_undo_does_nothing(tmp_path, renders):
    """Undo tapped twice, the second tap sent before the phone heard that the
    button is hidden: it reaches the hidden button, which does nothing (no
    second undo, the "Undone" message stays, no crash sent to the phone)."""

    async def twice(store, game_id, other_id, shown, others):
        phone = shown[0]
        await save_round_ten(phone, shown, others, renders)
        button = find(phone.session.page, lambda control: isinstance(control, ft.TextButton)
                      and control.content == "Undo")
        await click(phone, button)
        await until(phone, lambda _page: any(text.startswith("Undone") for text in shown_strings(phone.session.page)))
        phone.kept = []
        await click(phone, button)
        actions = [msgpack.unpackb(packed, strict_map_key=False)[0] for packed in phone.kept]
        told = [text for text in shown_strings(phone.session.page) if text.startswith("Undone")]
        return MessageAction.SESSION_CRASHED.value in actions, told, len(store.get_game(game_id)["rounds"])

    assert table_of_phones(tmp_path, twice) == (False, ["Undone: round 10 added"], 9)


def _covering(phone) -> tuple[bool, bool, bool, bool]:
    """(whether the names and totals are under a control with opacity 0, a
    disabled one, a hidden one; whether "Add round" is among the strings shown)."""
    total = find(phone.session.page, lambda control: getattr(control, "identifier", None) == "total-Ann")
    above = []
    while total is not None:
        above.append(total)
        total = total.parent
    return (any(getattr(control, "opacity", 1) == 0 for control in above),
            any(getattr(control, "disabled", False) for control in above),
            any(getattr(control, "visible", True) is False for control in above),
            "Add round" in shown_strings(phone.session.page))


def _cover_and_back(unfold: bool):
    """A scenario for :func:`table_of_phones`: the first phone (its table
    unfolded first when ``unfold``) opens a sheet and cancels it; returns
    :func:`_covering` before, under the sheet (with whether the sheet shows)
    and after, and whether the table kept its controls meanwhile."""

    async def cover(store, game_id, other_id, shown, others):
        phone = shown[0]
        if unfold:
            await tap(phone, "Show all 9 rounds")
        total = find(phone.session.page, lambda control: getattr(control, "identifier", None) == "total-Ann")
        before = _covering(phone)
        await tap(phone, "Add round")
        await settle([phone])
        covered = _covering(phone), shows(phone, "Round 10")
        kept = find(phone.session.page, lambda control: getattr(control, "identifier", None) == "total-Ann") is total
        await tap(phone, "Cancel")
        await settle([phone])
        return before, covered, _covering(phone), kept and shows(phone, "R1") is unfold

    return cover


@pytest.mark.parametrize("unfold, covered", [
    (False, (False, False, True, False)),  # folded: hidden
    (True, (True, True, False, False)),  # unfolded: transparent and disabled, so it keeps its scroll
])
def test_a_sheet_puts_the_table_out_of_sight_and_it_keeps_its_controls(tmp_path, unfold, covered):
    assert table_of_phones(tmp_path, _cover_and_back(unfold=unfold)) == (
        (False, False, False, True),
        (covered, True),
        (False, False, False, True),
        True,
    )


def test_an_unfolded_table_back_to_three_rounds_is_hidden_like_a_folded_one(tmp_path):
    """Unfolded at 4 rounds, then a round deleted on another phone: with no
    more rounds than the fold shows, a sheet hides the table (the cheaper
    way) rather than keeping it drawn for a scroll it does not have."""

    async def run():
        store = Store(tmp_path)
        game_id = one_up_game(store, 4)
        main = session_main(store, TableAccess(tmp_path, required=False, host="127.0.0.1", port=8550))
        phone = await open_session(main, f"/pad/{game_id}", server_hub())
        await tap(phone, "Show all 4 rounds")
        cache = game_cache(store)
        saved = store.update_game(game_id, lambda pad: pad.delete_round(4))
        version, _listed = cache.put(game_id, saved)
        phone.pubsubhub.send_all_on_topic(game_topic(game_id), version)
        await until(phone, lambda _page: not shows(phone, "R4"))
        await tap(phone, "Add round")
        return _covering(phone), shows(phone, "Round 4")

    assert run_alone(run()) == ((False, False, True, False), True)


def test_a_new_sheet_sends_its_tiles_without_a_style_each(tmp_path):
    """"Add round" on a One Up game of three builds the sheet over the table:
    its controls (the cover, the sheet's column and its parts) are counted,
    and the tiles not selected carry no style of their own (the theme's
    Button style draws them); a tapped tile carries the shared selected one."""

    def sheet(phone):
        stack = find(phone.session.page, lambda control: isinstance(control, ft.Stack))
        return stack.controls[1]

    def tiles(cover) -> list:
        return [control for control in controls(cover) if type(control) is ft.Button]

    async def add(store, game_id, other_id, shown, others):
        phone = shown[0]
        await tap(phone, "Add round")
        await settle([phone])
        built = Counter(type(control).__name__ for control in controls(sheet(phone)))
        plain = [tile for tile in tiles(sheet(phone)) if "style" not in tile._internals]
        await tap(phone, "K")
        await settle([phone])
        styled = [tile.content for tile in tiles(sheet(phone)) if "style" in tile._internals]
        return built, len(plain), styled

    built, plain, styled = table_of_phones(tmp_path, add)
    # Two of the columns hold the notes pinned above the sheet (none shown here) and the sheet under them;
    # two components: the kept sheet (companion.ui.pad.ReadyEntry) and the game's sheet in it.
    assert sum(built.values()) == 67
    assert built["Component"] == 2
    assert (built["Button"], built["Column"], built["Row"], built["Text"]) == (21, 7, 11, 8)
    assert (plain, styled) == (21, ["K"])


def test_a_save_while_folded_reuses_the_line_of_the_round_that_leaves(tmp_path, monkeypatch, patches):
    """One Up, 12 rounds, the table folded to rounds 10 to 12 on a watching
    phone: a save of round 13 builds again the pad, its title row, the
    header and the three columns (Ben's and Cy's totals, Ann's "deals"
    badge going to Ben), the rounds and one line; no control is added to the phone: round 10's line is given round
    13 (its words and test ids replaced) and rounds 11 and 12 move up. The
    reused line taps as round 13's."""
    rendered: Counter[str] = Counter()
    render = Renderer.render

    def counting(self, root_fn, *args, **kwargs):
        rendered[root_fn.__name__] += 1
        return render(self, root_fn, *args, **kwargs)

    async def run():
        store = Store(tmp_path)
        game_id = one_up_game(store, 12)
        main = session_main(store, TableAccess(tmp_path, required=False, host="127.0.0.1", port=8550))
        hub = server_hub()
        phone = await open_session(main, f"/pad/{game_id}", hub)
        await settle([phone])
        monkeypatch.setattr(Renderer, "render", counting)
        patches.clear()
        saved = store.update_game(game_id, lambda pad: pad.add_round({"Ann": "", "Ben": "4", "Cy": "5"}, "Ann"))
        version, _listed = game_cache(store).put(game_id, saved)
        hub.send_all_on_topic(game_topic(game_id), version)
        await settle([phone])
        sent, drawn = list(patches[id(phone)]), dict(rendered)
        rounds = [round_id for round_id in ("round-10", "round-11", "round-12", "round-13")
                  if any(getattr(control, "identifier", None) == round_id for control in controls(phone.session.page))]
        line = find(phone.session.page, lambda control: getattr(control, "identifier", None) == "round-13")
        await click(phone, line.content)
        return sent, drawn, rounds, shows(phone, "Round 13 (edit)")

    sent, drawn, rounds, sheet = run_alone(run())
    operations = Counter(operation[0] for patch in sent for operation in patch[1:])
    assert drawn == {"GamePad": 1, "_PadBar": 1, "_ScoreHeader": 1, "_PlayerHeading": 3, "_RoundRows": 1,
                     "_RoundLine": 1}
    assert (operations[1], operations[2], operations[3]) == (0, 0, 2)
    assert identifiers(sent) == {"round-13", "dealer-Ben"}
    assert rounds == ["round-11", "round-12", "round-13"]
    assert sheet is True


@pytest.fixture
def compared(monkeypatch):
    """Counts, by type, the controls Flet compares field by field while the
    test runs (a control built again in place of the last render's; a
    component's name for a component): a control kept from the last render
    is skipped whole and not counted."""
    counted: Counter[str] = Counter()
    compare = DiffBuilder._compare_dataclasses

    def counting(self, parent, path, src, dst, frozen):
        if src is not dst and isinstance(dst, ft.BaseControl):
            counted[dst.fn.__name__ if isinstance(dst, Component) else type(dst).__name__] += 1
        return compare(self, parent, path, src, dst, frozen)

    monkeypatch.setattr(DiffBuilder, "_compare_dataclasses", counting)
    return counted


def save_watched(tmp_path, route: str, compared: Counter) -> tuple[dict, list]:
    """One Up, 12 rounds (:func:`one_up_game`), one session at ``route``
    (``{id}``: the game's); round 13 saved (Ann out, Ben holds 4, Cy 5) as a
    phone's save is. Returns what the session compared (``compared``) and,
    for each control the screen held before the save, whether it is still
    the very same object after it."""

    async def run():
        store = Store(tmp_path)
        game_id = one_up_game(store, 12)
        main = session_main(store, TableAccess(tmp_path, required=False, host="127.0.0.1", port=8550))
        hub = server_hub()
        phone = await open_session(main, route.format(id=game_id), hub)
        await settle([phone])
        before = list(controls(phone.session.page))
        compared.clear()
        saved = store.update_game(game_id, lambda pad: pad.add_round({"Ann": "", "Ben": "4", "Cy": "5"}, "Ann"))
        version, _listed = game_cache(store).put(game_id, saved)
        hub.send_all_on_topic(game_topic(game_id), version)
        await settle([phone])
        after = {id(control) for control in controls(phone.session.page)}
        return dict(compared), [(control, id(control) in after) for control in before]

    return run_alone(run())


def test_a_save_on_a_watching_pad_keeps_what_it_did_not_change(tmp_path, compared):
    """Round 13 saved while a phone watches the pad folded to rounds 10 to
    12: every total and the chips change, Ann takes the lead from Cy, the
    "deals" badge goes from Ann to Ben, round 10's line becomes round
    13's. The phone's pad compares 55 controls (82 before the parts were
    kept, 66 before the cells and the header's columns lost their own
    Semantics): the pad's frame, whose deal and the undo button, the header's
    columns but Ben's name, Cy's badge and the badge's words, the fold
    button and the one line; the back button, the game's title, the
    legend, the buttons, the menu, the lines of rounds 11 and 12, the
    header's room and divider are the same objects as before the save."""
    built, kept = save_watched(tmp_path, "/pad/{id}", compared)
    assert built == {
        "Stack": 1, "Column": 8, "_PadBar": 1, "_ScoreHeader": 1, "_Facts": 1, "_RoundRows": 1, "Row": 4,
        "IconButton": 1, "Icon": 1, "Text": 13, "_PlayerHeading": 3, "Container": 7, "Semantics": 8,
        "TextButton": 1, "_RoundLine": 1, "TextSpan": 3,
    }
    assert sum(built.values()) == 55
    still = {control.fn.__name__ if isinstance(control, Component) else type(control).__name__
             for control, same in kept if same}
    assert {"_PadButtons", "_PadMenu", "Divider"} <= still
    assert [(control.args[0].number, same) for control, same in kept
            if isinstance(control, Component) and control.fn.__name__ == "_RoundLine"] == [
        (10, False), (11, True), (12, True)]
    names = [control.value for control, same in kept if same and isinstance(control, ft.Text)]
    assert {"Ben", "deals", "One Up"} <= set(names) and not {"Ann", "Cy"} & set(names)
    assert any(same and isinstance(control, ft.Icon) and control.semantics_label == "Back" for control, same in kept)


def test_a_save_on_a_watching_board_keeps_what_it_did_not_change(tmp_path, compared):
    """The same save on a board: it compares 59 controls (72 before the
    parts were kept): each player's line but the parts of it that stay
    (Ben's name, the marks' words), whose deal, the round's
    heading; the game's title, the link to the pad and the headings' room
    and unit are the same objects as before the save."""
    built, kept = save_watched(tmp_path, "/board/{id}", compared)
    assert sum(built.values()) == 59
    assert (built["_PlayerLine"], built["_Title"], built["_Headings"]) == (3, 1, 1)
    still = [control for control, same in kept if same]
    assert {"TextButton"} <= {type(control).__name__ for control in still}
    assert {"One Up", "Ben", "deals", "starts"} <= {getattr(control, "value", None) for control in still}


def test_a_change_of_the_file_buttons_line_draws_them_again_and_not_the_list_of_games(tmp_path, renders):
    """History's file work has a component of its own (``FileWork``): what it says as a file goes
    (a dozen progress reports for a backup being sent) draws it again, not the screen, whose
    list of games is read from the store. Here, "Export CSV" with no web server to offer it."""

    async def export(store, _game_id, _other_id, shown, _others):
        await go_to(shown[0], "/history")
        renders.clear()
        await tap(shown[0], "Export CSV")
        return shows(shown[0], "Exports can be made only through Companion's web server.")

    assert table_of_phones(tmp_path, export) is True
    assert (renders["FileWork"], renders["HistoryScreen"]) == (1, 0)


def test_a_problem_line_shown_above_the_file_buttons_leaves_what_they_say(tmp_path, monkeypatch):
    """The list of games failing to load puts a problem line above the file buttons: they stay
    the same component (keyed), so what they were saying (here, why an export was refused; as
    well, a file in transit and its progress) is not lost."""

    async def fail_to_list(store, _game_id, _other_id, shown, _others):
        await go_to(shown[0], "/history")
        await tap(shown[0], "Export CSV")

        def unreadable(*_args, **_kwargs):
            raise StoreError("The list of games can not be read.")

        monkeypatch.setattr(Store, "list_games", unreadable)
        shown[1].pubsubhub.send_all_on_topic(GAMES_TOPIC, None)
        await settle(shown)
        return [shows(shown[0], text) for text in (
            "The list of games can not be read.", "Exports can be made only through Companion's web server.")]

    assert table_of_phones(tmp_path, fail_to_list) == [True, True]


def test_a_message_closed_on_history_does_not_draw_the_list_of_games_again(tmp_path, renders):
    """A list of games (``use_games_list``) is drawn again when the games change, not when the
    session's message changes: a message timing out during an import drew History again, whose
    list of games waited for the worker's hold on the store."""

    async def close_message(store, _game_id, other_id, shown, _others):
        store.delete_game(other_id)
        await go_to(shown[0], "/history")
        await tap(shown[0], "Restore")
        told = shows(shown[0], "One Up game restored")
        renders.clear()
        closing = find(shown[0].session.page, lambda control: isinstance(control, ft.IconButton) and control.visible
                       and getattr(control.icon, "semantics_label", None) == "Close message")
        await click(shown[0], closing)
        return told, shows(shown[0], "One Up game restored")

    assert table_of_phones(tmp_path, close_message) == (True, False)
    assert (renders["MessageBar"], renders["HistoryScreen"]) == (1, 0)


HOLD_THE_STORE = """
import sys, time, filelock
lock = filelock.FileLock(sys.argv[1])
lock.acquire()
print("held", flush=True)
time.sleep(float(sys.argv[2]))
"""
"""Another process holding the data folder's lock for ``argv[2]`` seconds, as the worker does while it writes an import."""


def test_a_list_of_games_drawn_again_is_read_off_the_event_loop_while_another_process_holds_the_store(tmp_path):
    """History drawn again (another phone changed the list) while the worker holds the store's lock:
    the read waits in a thread, not on the event loop that serves every phone, and the list is
    drawn when the lock is let go."""

    async def held(store, _game_id, other_id, shown, _others):
        await go_to(shown[0], "/history")
        store.delete_game(other_id)
        holder = subprocess.Popen([sys.executable, "-c", HOLD_THE_STORE, str(tmp_path / "store.lock"), "2.5"],
                                  stdout=subprocess.PIPE, text=True)
        assert holder.stdout.readline().strip() == "held"
        began = time.monotonic()
        shown[1].pubsubhub.send_all_on_topic(GAMES_TOPIC, None)
        await asyncio.sleep(0.2)
        waited = time.monotonic() - began
        before = shows(shown[0], "Recently deleted")
        holder.wait()
        await settle(shown)
        return waited, before, shows(shown[0], "Recently deleted")

    waited, before, after = table_of_phones(tmp_path, held)
    assert waited < 1.5 and (before, after) == (False, True)


def test_show_more_keeps_the_page_shown_and_its_button_until_the_next_page_is_read(tmp_path):
    """"Show more games" while another process holds the store: the 20 games and the button stay as they
    were (not 21 games and no button, as if the list had ended) until the 40 are read (all
    there are: the button goes)."""

    async def more(store, _game_id, _other_id, shown, _others):
        store.add_games([{**new_pad("one_up", PLAYERS).to_doc(), "id": f"more-{number}"} for number in range(38)])
        await go_to(shown[0], "/history")
        holder = subprocess.Popen([sys.executable, "-c", HOLD_THE_STORE, str(tmp_path / "store.lock"), "1.5"],
                                  stdout=subprocess.PIPE, text=True)
        assert holder.stdout.readline().strip() == "held"
        button = find(shown[0].session.page, lambda control: getattr(control, "content", None) == "Show more games")
        await shown[0].session.dispatch_event(button._i, "click", None)  # the tap, without waiting for its read
        await shown[0].session.after_event(button)
        await asyncio.sleep(0.5)
        meanwhile = (len(game_lines(shown[0])), shows(shown[0], "Show more games"))
        holder.wait()
        await settle(shown)
        return meanwhile, (len(game_lines(shown[0])), shows(shown[0], "Show more games"))

    assert table_of_phones(tmp_path, more) == ((20, True), (40, False))


def game_lines(phone) -> list:
    """The lines of History's list of games on ``phone`` (each opens a game)."""
    return [control for control in controls(phone.session.page, visible=True)
            if isinstance(control, ft.ListTile) and "·" in str(getattr(control.title, "value", ""))]


@pytest.mark.parametrize("game_id", ["files", "statistics"])
def test_a_deleted_game_whose_id_is_a_name_of_history_s_parts_leaves_them_as_they_were(tmp_path, game_id):
    """A game id may be any word (a backup brings its own): a recently deleted game named like one of
    History's keyed parts must not take that part's place when the list is drawn again."""

    async def named(store, _game_id, other_id, shown, _others):
        store.save_game({**new_pad("one_up", PLAYERS).to_doc(), "id": game_id})
        store.delete_game(game_id)
        await go_to(shown[0], "/history")
        await tap(shown[0], "Export CSV")
        await tap(shown[0], "Show player statistics")
        store.delete_game(other_id)
        shown[1].pubsubhub.send_all_on_topic(GAMES_TOPIC, None)
        await settle(shown)
        return [shows(shown[0], text) for text in (
            "Exports can be made only through Companion's web server.", "Players", "Show player statistics")]

    assert table_of_phones(tmp_path, named) == [True, True, False]


def _ready_cover(phone):
    """The layer over the table that holds the phone's kept new-round sheet (the Stack's second)."""
    stack = find(phone.session.page, lambda control: isinstance(control, ft.Stack))
    return stack.controls[1]


def test_a_new_rounds_sheet_keeps_its_values_when_another_phone_ends_the_game_and_undoes_it(tmp_path):
    """A tile tapped on a new round's sheet, then another phone ends the game
    (the sheet says so and stays) and takes the end back: the tile stays
    selected throughout."""

    def ended(phone) -> bool:
        return any("was ended on" in text for text in shown_strings(phone.session.page))

    async def play(store, game_id, other_id, shown, others):
        phone, other = shown
        await tap(phone, "Add round")
        await tap(phone, "K")
        before = selected_tiles(phone)
        await tap(other, "End the game now")
        await until(phone, lambda _page: ended(phone))
        at_end = selected_tiles(phone)
        await tap(other, "Undo")
        await until(phone, lambda _page: not ended(phone))
        return before, at_end, selected_tiles(phone)

    assert table_of_phones(tmp_path, play) == (["K"], ["K"], ["K"])


def selected_tiles(phone) -> list[str]:
    """The card values shown selected on the phone's open sheet (whichever layer over the table holds it)."""
    stack = find(phone.session.page, lambda control: isinstance(control, ft.Stack))
    return [tile.content for layer in stack.controls[1:] for tile in controls(layer, visible=True)
            if type(tile) is ft.Button and "style" in tile._internals]


async def _saved_and_ready(phone) -> None:
    """:func:`enter_round_ten` and "Save round" on ``phone``, then wait until its next
    new-round sheet has been built out of sight (``READY_AFTER``)."""
    await enter_round_ten(phone)
    await tap(phone, "Save round")
    await asyncio.sleep(READY_AFTER + 0.2)
    await settle([phone])


def test_a_phone_keeps_its_new_round_sheet_built_and_add_round_only_shows_it(tmp_path):
    """After a round saved from its sheet, the next new round's sheet is built
    out of sight a moment later: "Add round" then adds no control and sends
    the phone a few bytes, and the sheet shows the next round, blank."""

    async def play(store, game_id, other_id, shown, others):
        phone = shown[0]
        await _saved_and_ready(phone)
        cover = _ready_cover(phone)
        hidden = cover.visible is False
        before = {control._i for control in controls(cover)}
        phone.kept = []
        await tap(phone, "Add round")
        await settle([phone])
        sent = sum(len(message) for message in phone.kept)
        after = {control._i for control in controls(_ready_cover(phone))}
        return (hidden, _ready_cover(phone)._i == cover._i, after == before, sent < 600, shows(phone, "Round 11"),
                selected_tiles(phone), shows(phone, "Round 10"))

    assert table_of_phones(tmp_path, play) == (True, True, True, True, True, [], False)


@pytest.mark.parametrize("wait", [True, False])
def test_a_kept_sheet_shows_blank_again_after_a_cancel_whether_built_anew_yet_or_not(tmp_path, wait):
    """Values tapped, then "Cancel": the next "Add round" shows a blank sheet
    of the same round, the sheet built anew out of sight (``wait``) or at the
    tap, when it comes before that."""

    async def play(store, game_id, other_id, shown, others):
        phone = shown[0]
        await enter_round_ten(phone)
        tapped = selected_tiles(phone)
        await tap(phone, "Cancel")
        if wait:
            await asyncio.sleep(READY_AFTER + 0.2)
            await settle([phone])
        await tap(phone, "Add round")
        await settle([phone])
        return tapped, selected_tiles(phone), shows(phone, "Round 10"), shows(phone, "Cy went out")

    assert table_of_phones(tmp_path, play) == (["K", "5"], [], True, True)


def test_a_kept_sheet_opens_on_the_round_another_phone_saved_meanwhile(tmp_path):
    """The kept sheet was built for round 11; another phone saves round 11
    before "Add round": the sheet shows round 12, blank, and saves it as round 12."""

    async def play(store, game_id, other_id, shown, others):
        phone, other = shown
        await _saved_and_ready(phone)
        await enter_round_ten(other)
        await tap(other, "Save round")
        await settle(shown)
        await tap(phone, "Add round")
        await settle([phone])
        opened = shows(phone, "Round 12"), selected_tiles(phone)
        await enter_values(phone)
        await tap(phone, "Save round")
        await settle(shown)
        return opened, len(store.get_game(game_id)["rounds"]), shows(phone, "Round 12 saved")

    assert table_of_phones(tmp_path, play) == ((True, []), 12, True)


def test_a_phone_that_never_opened_a_sheet_keeps_none(tmp_path):
    """Phones watching the game hold no sheet out of sight (their controls and
    memory stay those of the table); the phone that saved keeps one."""

    async def play(store, game_id, other_id, shown, others):
        phone, watcher = shown
        await _saved_and_ready(phone)
        await settle(shown)

        def layers(who):
            return len(find(who.session.page, lambda control: isinstance(control, ft.Stack)).controls)

        return layers(phone), layers(watcher)

    assert table_of_phones(tmp_path, play) == (2, 1)


def test_one_ups_edit_sheet_shows_what_going_out_gave_back_in_that_round(tmp_path):
    """The edit sheet of round 9 says what Cy's going out gave back then (seed 000,
    "Scoring"), as the round's line says it, where it said only "went out"."""

    async def edit_round_nine(store, game_id, other_id, shown, others):
        phone = shown[0]
        row = find(phone.session.page, lambda control: isinstance(control, ft.Semantics)
                   and control.identifier == "round-9")
        await click(phone, find(row, lambda control: getattr(control, "on_click", None) is not None))
        await until(phone, lambda _page: shows(phone, "Round 9 (edit)"))
        told = [text for text in shown_strings(phone.session.page) if text.startswith("went out")]
        return told, pad_from_doc(store.get_game(game_id)).rows[8].detail["Cy"]

    told, saved = table_of_phones(tmp_path, edit_round_nine)
    assert saved.startswith("went out, gave back")
    assert told == [saved]


async def up_to_nine_round_five(tmp_path, tapped: str):
    """A phone on Up to 9's pad of five rounds (test_pads_up_to_nine's), once it has tapped round
    5's control labelled ``tapped`` (its line, "Round 5", or its number, "Round 5 detail");
    returns the phone and the pad."""
    from test_pads_up_to_nine import five_round_pad

    store = Store(tmp_path)
    pad = five_round_pad()
    store.save_game(pad.to_doc())
    main = session_main(store, TableAccess(tmp_path, required=False, host="127.0.0.1", port=8550))
    phone = await open_session(main, f"/pad/{pad.id}", server_hub())
    control = find(phone.session.page, lambda control: isinstance(control, ft.Semantics) and control.label == tapped)
    await click(phone, find(control, lambda inner: getattr(inner, "on_click", None) is not None))
    return phone, pad


def test_up_to_nines_edit_sheet_shows_each_players_level_next(tmp_path):
    """The edit sheet of Up to 9's round 5 says each player's level after it, as the new round's
    sheet does (seed 003, "Nivåprogresjon"), where it said nothing."""
    from companion.ui.games.up_to_nine import _level_text

    async def run():
        phone, pad = await up_to_nine_round_five(tmp_path, "Round 5")
        await until(phone, lambda _page: shows(phone, "Round 5 (edit)"))
        told = [text for text in shown_strings(phone.session.page) if text.startswith("next:")]
        return told, [f"next: {_level_text(pad.rows[4].level[player])}" for player in pad.players]

    told, saved = run_alone(run())
    assert told == saved and len(told) == 3


def test_a_rounds_detail_draws_the_cards_left_with_the_suit_font(tmp_path):
    """Up to 9's round 5 detail says "cards left: Q♥" in the suits' fallback font (the offline
    client has no other font with ♥; it drew a box)."""
    from companion.ui.widgets import SUIT_TEXT

    async def run():
        phone, _pad = await up_to_nine_round_five(tmp_path, "Round 5 detail")
        line = await find_on(phone, lambda control: isinstance(control, ft.Text)
                             and str(control.value).startswith("cards left:"))
        return line.value, line.style

    assert run_alone(run()) == ("cards left: Q♥", SUIT_TEXT)
