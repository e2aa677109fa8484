"""Two phones on one score pad, tapping at about the same time (in-process sessions):
the undo button a phone had not yet repainted, a round sheet open while another
phone ended the game, and a refusal that a later change made out of date."""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Callable

import flet as ft

from companion.registry import new_pad
from companion.server.key import TableAccess
from companion.store import Store
from companion.table import hands, pad_screen, pad_session, saving
from companion.ui import app as app_ui
from companion.ui import pad as pad_ui
from companion.ui import pad_parts
from companion.ui.app import session_main
from companion.ui.state import PHONE_KEY
from flet_session import (click, find, find_on, go_to, open_session, run_alone, server_hub, settle, shown_strings,
                          shows, tap, tap_while_busy, tappable, taps_together, until)
from test_hands_rounds import pad_of, pad_session as hands_pad_session
from test_hands_saving import one_up_entry
from test_kept_sheets import in_card
from test_pad_renders import enter_round_ten, selected_tiles

PLAYERS = ["Ann", "Ben", "Cy"]

PHONE = "Phone [0-9A-F]{4}"
"""The label an in-process phone that has not said whose it is gets, as a pattern."""


ANY_TIME = "[0-9]{1,2}:[0-9]{2}"
"""A clock time as the change log words it, as a pattern."""


def says(phone, words: str) -> bool:
    """Whether a text on ``phone``'s screen reads ``words``, where :data:`PHONE`
    and :data:`ANY_TIME` stand for any phone label and any time."""
    pattern = re.escape(words).replace(re.escape(PHONE), PHONE).replace(re.escape(ANY_TIME), ANY_TIME)
    return any(re.fullmatch(pattern, text) for text in shown_strings(phone.session.page))


async def sees(phone, words: str) -> bool:
    """Wait until ``phone`` :func:`says` ``words`` (the work of a save runs in a
    thread, so a busy machine may take a while); True once it does."""
    await until(phone, lambda _page: says(phone, words))
    return True


def saved_with_rounds(store: Store, rounds: int) -> str:
    """A One-card game of Ann, Ben and Cy with ``rounds`` rounds (Ann, Ben, Cy won in turn),
    each saved from "Ann's phone"; returns its id."""
    pad = new_pad("one_card", PLAYERS)
    store.save_game(pad.to_doc())
    for number in range(rounds):
        store.update_game(pad.id, lambda saved, number=number: saved.add_round(PLAYERS[number % 3]), by="Ann's phone")
    return pad.id


def two_phones(tmp_path, rounds: int, play):
    """Run ``play(store, game_id, phones)`` with two in-process phones on the pad of a saved One-card game."""

    async def run():
        store = Store(tmp_path)
        game_id = saved_with_rounds(store, rounds)
        main = session_main(store, TableAccess(tmp_path, required=False, host="127.0.0.1", port=8550))
        hub = server_hub()
        phones = [await open_session(main, f"/pad/{game_id}", hub) for _phone in range(2)]
        return await play(store, game_id, phones)

    return run_alone(run())


def undo_button(phone) -> ft.Control:
    """The pad's undo button in the title row."""
    return find(phone.session.page, lambda control: isinstance(control, ft.IconButton)
                and getattr(control.icon, "icon", None) == ft.Icons.UNDO)


async def add_round(phone, winner: str, number: int) -> None:
    """On ``phone``: "Add round", then "<winner> won"; waits until round ``number`` is saved."""
    await tap(phone, "Add round")
    await tap(phone, f"{winner} won")
    await sees(phone, f"Round {number} saved")


def changes_undo_button(phone) -> ft.Control:
    """The undo button of the pad's Changes view."""
    return find(phone.session.page, lambda control: isinstance(control, ft.FilledButton)
                and getattr(control, "icon", None) == ft.Icons.UNDO)


def rounds_saved(store: Store, game_id: str) -> int:
    return len(pad_of(store, game_id).rounds)


def test_two_phones_tapping_undo_together_undo_one_change_and_the_later_is_told(tmp_path):
    async def play(store, game_id, phones):
        ann, ben = phones
        bens_button = undo_button(ben)
        await click(ann, undo_button(ann))
        await sees(ben, f"Undo: round 2, added {ANY_TIME}")
        # Ben's tap left his phone before it painted what Ann's undo changed.
        await click(ben, bens_button)
        told = await sees(ben, f"{PHONE} already undid round 3 added: nothing was undone")
        return rounds_saved(store, game_id), told

    assert two_phones(tmp_path, 3, play) == (2, True)


def test_undo_double_tapped_undoes_once_and_tells_no_refusal(tmp_path):
    async def play(store, game_id, phones):
        ann = phones[0]
        await taps_together(ann, undo_button(ann), undo_button(ann))
        await settle(phones)
        return rounds_saved(store, game_id), says(ann, "Undone: round 3 added"), says(ann, f"{PHONE} already undid "
                                                                                       "round 3 added: nothing was undone")

    assert two_phones(tmp_path, 3, play) == (2, True, False)


def while_saving(monkeypatch, name: str, first: Callable[..., object] = lambda *_args: None) -> list:
    """Hold each save made through ``pad_session.saving.<name>`` in its thread: there,
    ``first(*its arguments)`` runs, then the last ``(work, loop)`` appended to the list
    returned, if any (``await work()`` on the test's ``loop``: taps made while the save
    runs), then the save itself."""
    save = getattr(pad_session.saving, name)
    meanwhile: list = []

    def holding(*args):
        first(*args)
        if meanwhile:
            work, loop = meanwhile.pop()
            asyncio.run_coroutine_threadsafe(work(), loop).result(timeout=60)
        return save(*args)

    monkeypatch.setattr(pad_session.saving, name, holding)
    return meanwhile


def test_add_round_tapped_while_the_game_is_ended_opens_no_sheet_on_the_ended_game(tmp_path, monkeypatch):
    """"End the game now" saves (held in its thread) while "Add round" is tapped on the
    table: the tap waits for the save, then is dropped, as the game is over."""
    held = while_saving(monkeypatch, "change_game")

    async def play(store, game_id, phones):
        ann = phones[0]
        add = tappable(ann, "Add round")

        async def meanwhile():
            await tap_while_busy(ann, add)

        held.append((meanwhile, asyncio.get_running_loop()))
        await tap(ann, "End the game now")
        await settle(phones)
        return pad_of(store, game_id).finished, shows(ann, "Save round"), shows(ann, "Cancel")

    assert two_phones(tmp_path, 3, play) == (True, False, False)


def test_add_round_tapped_during_a_save_is_dropped_when_the_phone_leaves_the_pad(tmp_path, monkeypatch):
    """Ann saves a round (held in its thread), taps "Add round" on the table and goes to
    Play before the save is done: back on the pad, the table shows, with no sheet kept."""
    held = while_saving(monkeypatch, "save_round")

    async def play(store, game_id, phones):
        ann = phones[0]

        async def meanwhile():
            await tap_while_busy(ann, "Add round")
            page = ann.session.page
            page.route = "/"  # the address changed as go_to does it, without waiting for the save
            await ann.session.dispatch_event(page._i, "route_change", {"route": "/"})
            await ann.session.after_event(page)
            await asyncio.sleep(0.1)
            left.append(not shows(ann, "Add round"))

        left: list[bool] = []
        held.append((meanwhile, asyncio.get_running_loop()))
        await tap(ann, "Add round")
        await tap(ann, "Cy won")
        await settle(phones)
        await go_to(ann, f"/pad/{game_id}")
        await settle(phones)
        return left, rounds_saved(store, game_id), shows(ann, "Add round"), shows(ann, "Cancel"), store.kept_sheet(
            game_id, pad_of(store, game_id).changes[0].by)

    assert two_phones(tmp_path, 2, play) == ([True], 3, True, False, None)


def test_a_tap_on_undo_once_the_new_words_have_settled_undoes_the_change_they_name(tmp_path, monkeypatch):
    monkeypatch.setattr(pad_screen, "UNDO_SETTLE", 0.0)

    async def play(store, game_id, phones):
        ann, ben = phones
        await click(ann, undo_button(ann))
        await sees(ben, f"Undo: round 2, added {ANY_TIME}")
        await click(ben, undo_button(ben))
        await sees(ben, "Undone: round 2 added")
        return rounds_saved(store, game_id)

    assert two_phones(tmp_path, 3, play) == 1


def test_undo_right_after_this_phones_own_save_undoes_that_save(tmp_path):
    async def play(store, game_id, phones):
        ann = phones[0]
        await add_round(ann, "Ben", 3)
        saved = rounds_saved(store, game_id)
        await click(ann, undo_button(ann))
        await sees(ann, "Undone: round 3 added")
        return saved, rounds_saved(store, game_id)

    assert two_phones(tmp_path, 2, play) == (3, 2)


def test_a_round_sheet_open_while_another_phone_ends_the_game_asks_before_playing_on(tmp_path):
    async def play(store, game_id, phones):
        ann, ben = phones
        await tap(ben, "Add round")
        await tap(ann, "End the game now")
        told = await sees(ben, f"This game was ended on {PHONE} while this sheet was open. "
                               "Saving will ask whether to play on.")
        ended = pad_of(store, game_id).changes[0]
        await tap(ben, "Cy won")
        asked = await sees(ben, f"{PHONE} ended this game ({ended.time}) while this sheet was open: "
                                "save yours and play on, or drop it?")
        still = (pad_of(store, game_id).finished, rounds_saved(store, game_id))
        await tap(ben, "Save and play on")
        await sees(ben, "Round 3 saved")
        now = pad_of(store, game_id)
        return told, asked, still, (now.finished, len(now.rounds), now.changes[0].label)

    assert two_phones(tmp_path, 2, play) == (True, True, (True, 2), (False, 3, "round 3 added"))


def test_dropping_the_round_keeps_the_game_ended(tmp_path):
    async def play(store, game_id, phones):
        ann, ben = phones
        await tap(ben, "Add round")
        await tap(ann, "End the game now")
        await sees(ben, f"This game was ended on {PHONE} while this sheet was open. "
                        "Saving will ask whether to play on.")
        await tap(ben, "Cy won")
        await sees(ben, "Drop mine")
        await tap(ben, "Drop mine")
        await sees(ben, "Nothing changed: the game stays as saved on the other phone")
        now = pad_of(store, game_id)
        return now.finished, len(now.rounds)

    assert two_phones(tmp_path, 2, play) == (True, 2)


def test_a_refusal_on_the_table_goes_once_a_newer_change_is_shown(tmp_path):
    async def play(store, game_id, phones):
        ann, ben = phones
        bens_button = undo_button(ben)
        await add_round(ann, "Cy", 3)
        await sees(ben, f"Undo: round 3, added {ANY_TIME}")
        refusal = f"{PHONE} made a newer change (round 3 added, {ANY_TIME}): undo now takes back that one"
        await click(ben, bens_button)
        shown = await sees(ben, refusal)
        await add_round(ann, "Ann", 4)
        await sees(ben, f"Undo: round 4, added {ANY_TIME}")
        return shown, says(ben, refusal)

    assert two_phones(tmp_path, 2, play) == (True, False)


def test_ending_the_game_says_so_in_place_of_the_last_save_and_its_undo_takes_the_end_back(tmp_path):
    async def play(store, game_id, phones):
        ann = phones[0]
        await add_round(ann, "Cy", 3)
        await tap(ann, "End the game now")
        await sees(ann, "Game ended")
        told = (says(ann, "Round 3 saved"), pad_of(store, game_id).finished)
        await tap(ann, "Undo")
        await sees(ann, "Undone: game ended early")
        now = pad_of(store, game_id)
        return told, (now.finished, len(now.rounds))

    assert two_phones(tmp_path, 2, play) == ((False, True), (False, 3))


def test_the_undo_of_the_changes_view_is_refused_the_same_when_tapped_before_the_repaint(tmp_path):
    async def play(store, game_id, phones):
        ann, ben = phones
        await tap(ben, "Changes")
        bens_button = changes_undo_button(ben)
        await click(ann, undo_button(ann))
        await sees(ben, "Undo: round 2, added " + ANY_TIME)
        await click(ben, bens_button)
        told = await sees(ben, f"{PHONE} already undid round 3 added: nothing was undone")
        return rounds_saved(store, game_id), told

    assert two_phones(tmp_path, 3, play) == (2, True)


def test_an_undo_tapped_as_the_phone_wakes_up_is_taken_as_the_change_it_offered(tmp_path):
    async def play(store, game_id, phones):
        ann, ben = phones
        bens_button = undo_button(ben)
        ben.session.page.on_disconnect()
        await add_round(ann, "Cy", 3)
        ben.session.page.on_connect()
        await sees(ben, f"Undo: round 3, added {ANY_TIME}")
        await click(ben, bens_button)
        told = await sees(ben, f"{PHONE} made a newer change (round 3 added, {ANY_TIME}): undo now takes back that one")
        return rounds_saved(store, game_id), told

    assert two_phones(tmp_path, 2, play) == (3, True)


def test_playing_on_from_a_sheet_started_from_the_hands_uses_the_hands_up(tmp_path):
    whole = {"hands": {"Ann": "K", "Ben": "", "Cy": "A"}, "went_out": "Ben"}

    async def run():
        store = Store(tmp_path)
        pad = new_pad("one_up", PLAYERS)
        pad.add_round(**whole)
        store.save_game(pad.to_doc())
        for player in PLAYERS:
            refusal = hands.enter_hand(store, pad.id, player, one_up_entry(
                player, [] if player == "Cy" else ["6"], player == "Cy"), f"{player}'s phone")
            assert refusal is None
        main = session_main(store, TableAccess(tmp_path, required=False, host="127.0.0.1", port=8550))
        hub = server_hub()
        ann, ben = [await open_session(main, f"/pad/{pad.id}", hub) for _phone in range(2)]
        await tap(ben, "Add round")
        await tap(ann, "End the game now")
        await sees(ben, f"This game was ended on {PHONE} while this sheet was open. Saving will ask whether to play on.")
        await tap(ben, "Save round")
        await tap(ben, "Save and play on")
        await sees(ben, "Round 2 saved")
        now = pad_of(store, pad.id)
        return store.get_draft(pad.id), (now.finished, len(now.rounds)), [
            text for text in shown_strings(ben.session.page) if "were not used" in text]

    assert run_alone(run()) == (None, (False, 2), [])


def test_the_changes_view_opened_after_another_phones_undo_undoes_what_it_shows(tmp_path):
    async def play(store, game_id, phones):
        ann, ben = phones
        await click(ben, undo_button(ben))
        await sees(ann, f"Undo: round 2, added {ANY_TIME}")
        await tap(ann, "Changes")
        await click(ann, changes_undo_button(ann))
        await sees(ann, "Undone: round 2 added")
        return rounds_saved(store, game_id)

    assert two_phones(tmp_path, 3, play) == 1


def test_the_saved_message_and_its_undo_stay_on_the_table_they_were_shown_on(tmp_path):
    async def play(store, game_id, phones):
        ann = phones[0]
        await add_round(ann, "Cy", 3)
        on_table = says(ann, "Round 3 saved")
        await tap(ann, "Add round")
        await sees(ann, "Round 4")
        return on_table, says(ann, "Round 3 saved")

    assert two_phones(tmp_path, 2, play) == (True, False)


def phones_on(tmp_path, pad, play, count: int):
    """Run ``play(store, game_id, phones)`` with ``count`` in-process phones on the pad of ``pad`` (saved first)."""

    async def run():
        store = Store(tmp_path)
        store.save_game(pad.to_doc())
        main = session_main(store, TableAccess(tmp_path, required=False, host="127.0.0.1", port=8550))
        hub = server_hub()
        phones = [await open_session(main, f"/pad/{pad.id}", hub) for _phone in range(count)]
        return await play(store, pad.id, phones)

    return run_alone(run())


def one_phone(tmp_path, pad, play):
    """Run ``play(store, game_id, phone)`` with one in-process phone on the pad of ``pad`` (saved first)."""
    return phones_on(tmp_path, pad, lambda store, game_id, phones: play(store, game_id, phones[0]), 1)


def test_a_refusal_names_the_blank_hands_and_goes_with_the_sheet(tmp_path):
    refusal = ("Cy went out, so Ann and Ben still hold cards: enter what Ann and Ben have left "
               "(their cards or penalty points)")

    async def play(store, game_id, phone):
        await tap(phone, "Add round")
        await tap(phone, "Cy went out")
        await tap(phone, "Save round")
        shown = await sees(phone, refusal)
        in_bar = says(phone, f"Not saved: {refusal}")
        await tap(phone, "Cancel")
        await sees(phone, "Add round")
        return shown, in_bar, says(phone, refusal)

    assert one_phone(tmp_path, new_pad("up_to_nine", PLAYERS), play) == (True, False, False)


def test_save_while_a_question_is_open_says_to_answer_it_and_the_answer_saves_the_entry_as_it_is_now(tmp_path):
    async def play(store, game_id, phones):
        ann, ben = phones
        await tap(ann, "Add round")
        await tap(ben, "Add round")
        await tap(ben, "Cy won")
        await sees(ben, "Round 3 saved")
        await tap(ann, "Ben won")
        await sees(ann, "Save as round 4")
        await tap(ann, "Cy won")
        told = await sees(ann, "First answer the question above: \u201cSave as round 4\u201d or \u201cDrop mine\u201d")
        await tap(ann, "Save as round 4")
        await sees(ann, "Round 4 saved")
        return told, [row["winner"] for row in pad_of(store, game_id).rounds]

    assert two_phones(tmp_path, 2, play) == (True, ["Ann", "Ben", "Cy", "Cy"])


def test_a_won_game_shows_itself_over_at_once_and_finish_can_be_undone(tmp_path):
    won = new_pad("one_card", PLAYERS, options={"target": 2})
    for winner in ("Ann", "Ann"):
        won.add_round(winner)

    async def play(store, game_id, phone):
        over = (says(phone, "Game over"), says(phone, "Ann wins!"))
        end_now = find(phone.session.page, lambda control: isinstance(control, ft.PopupMenuItem)
                       and control.content == "End the game now")
        await tap(phone, "Finish game")
        await sees(phone, "Game finished")
        finished = (says(phone, "Finished"), pad_of(store, game_id).finished)
        await tap(phone, "Undo")
        await sees(phone, "Undone: game finished")
        return over, end_now.disabled, finished, pad_of(store, game_id).finished

    assert one_phone(tmp_path, won, play) == ((True, True), True, (True, True), False)


def test_check_from_the_pad_opens_at_the_level_of_the_player_whose_phone_it_is(tmp_path):
    nine = new_pad("up_to_nine", PLAYERS)
    for _round in range(6):
        nine.add_round({"Ann": {"laid_down": False, "hand": ["K♠"], "points": None},
                        "Ben": {"laid_down": True, "hand": [], "points": None},
                        "Cy": {"laid_down": False, "hand": ["5♥"], "points": None}})

    async def run():
        store = Store(tmp_path)
        store.save_game(nine.to_doc())
        main = session_main(store, TableAccess(tmp_path, required=False, host="127.0.0.1", port=8550))
        bens = await open_session(main, f"/pad/{nine.id}", server_hub(),
                                  lambda name, args: "Ben's phone" if args == {"key": PHONE_KEY} else None)
        await go_to(bens, f"/check/up_to_nine?game_id={nine.id}")  # where the pad's "Check" goes
        return await sees(bens, "Level 7: straight of 7 · max wild 3")

    assert run_alone(run())


async def round_row(phone, number: int) -> ft.Control:
    """The table's row of round ``number`` (a tap opens its sheet), once ``phone`` shows it (a
    round saved on the other phone is drawn when its notice has come)."""
    marked = await find_on(phone, lambda control: isinstance(control, ft.Semantics)
                           and control.identifier == f"round-{number}")
    return marked.content


async def open_round(phone, number: int) -> None:
    """On ``phone``: tap round ``number``'s row and wait for its sheet."""
    await click(phone, await round_row(phone, number))
    await sees(phone, f"Round {number} (edit)")


def test_a_round_deleted_under_an_edit_goes_back_in_its_place_or_over_the_round_there_now(tmp_path):
    async def play(store, game_id, phones):
        ann, ben = phones
        await open_round(ann, 2)
        await open_round(ben, 2)
        await tap(ben, "Delete this round")
        await sees(ben, "Round 2 deleted")
        await tap(ann, "Ann won")
        await sees(ann, f"{PHONE} deleted round 2 while you were editing it")
        offered = [says(ann, words) for words in ("Put it back as round 2", "Save over round 2 now", "Drop mine")]
        await tap(ann, "Put it back as round 2")
        await sees(ann, "Round 2 saved")
        back = [row["winner"] for row in pad_of(store, game_id).rounds]
        await open_round(ben, 3)
        await open_round(ann, 3)
        await tap(ben, "Delete this round")
        await sees(ben, "Round 3 deleted")
        await tap(ann, "Ben won")
        await sees(ann, "Put it back as round 3")
        last = says(ann, "Save over round 3 now")
        await tap(ann, "Put it back as round 3")
        await sees(ann, "Round 3 saved")
        return offered, back, last, [row["winner"] for row in pad_of(store, game_id).rounds]

    assert two_phones(tmp_path, 3, play) == (
        [True, True, True], ["Ann", "Ann", "Cy"], False, ["Ann", "Ann", "Ben"])


def test_an_edit_put_back_as_a_new_round_keeps_what_was_typed_on_its_sheet(tmp_path, monkeypatch):
    """Ann edits round 2 of a One Up game; Ben deletes that round; Ann's save
    asks to put hers back, and while that answer saves, Ben saves a new
    round, so Ann is asked again: the sheet keeps Ann's values all along
    (the answers move it to another round, they do not build it anew), and
    her answer saves them as round 4."""

    pad = new_pad("one_up", ["Ann", "Ben", "Cy"])
    for out in ("Ann", "Ben", "Cy"):
        pad.add_round({player: "" if player == out else "3" for player in pad.players}, out)
    save_round = pad_session.saving.save_round

    def ben_saves_first(store, game_id, mark, entry, by):
        if mark.place is not None:
            store.update_game(game_id, lambda saved: saved.add_round({"Ann": "K", "Ben": "5", "Cy": ""}, "Cy"),
                              by="Ben's phone")
        return save_round(store, game_id, mark, entry, by)

    monkeypatch.setattr(pad_session.saving, "save_round", ben_saves_first)

    async def play(store, game_id, phones):
        ann, ben = phones
        await open_round(ann, 2)
        anns = find(ann.session.page, lambda control: getattr(control, "identifier", None) == "hand-Ann")
        await click(ann, find(anns, lambda control: type(control) is ft.Button and control.content == "K"))
        typed = selected_tiles(ann)
        await open_round(ben, 2)
        await tap(ben, "Delete this round")
        await sees(ben, "Round 2 deleted")
        await tap(ann, "Save round")
        await sees(ann, "Put it back as round 2")
        await tap(ann, "Put it back as round 2")
        await sees(ann, "Save as round 4")
        asked_again = selected_tiles(ann)
        await tap(ann, "Save as round 4")
        await sees(ann, "Round 4 saved")
        return typed, asked_again, pad_of(store, game_id).rows[3].penalty

    typed, asked_again, penalty = phones_on(tmp_path, pad, play, 2)
    assert typed == ["3", "K", "3"]
    assert asked_again == typed
    assert penalty == {"Ann": 13, "Ben": 0, "Cy": 3}




def taps_while_saving(tmp_path, monkeypatch, during: list[str], ben_before: tuple[int, ...] = (),
                      answer: str | None = None, then: str | None = None, on_table: tuple[str, ...] = (),
                      labelled: bool = False, sheet_title: bool = False):
    """Ann enters round 1 of a One Up game (a King, a 5, Cy went out) and
    taps "Save round" (before her save of round N for each N of ``ben_before``,
    Ben's phone saves a round N in the same thread, so hers is asked about; with ``answer``, she taps
    it). While her last save runs, each of ``during`` is tapped as her phone showed it
    before that save began (taps on their way while the sheet goes out of sight), then each
    of ``on_table`` on the table showing her round meanwhile; once it is done, ``then``
    (when given). With ``labelled``, her phone is first said to be "Ann's phone" (through
    "My hand", whose sheet she closes). With ``sheet_title``, the title of the sheet open
    at the end is returned too.

    Returns: whether her sheet still showed right after those taps, then,
    once all is done, the lines she sees that tell a save, the rounds
    saved, whether the sheet shows, its selected values, whether the
    question shows (its "Drop mine") and the last round's penalty points."""
    pad = new_pad("one_up", ["Ann", "Ben", "Cy"])

    def ben_saves_first(store, game_id, mark, entry, by):
        if mark.number in ben_before:
            store.update_game(game_id, lambda saved: saved.add_round({"Ann": "2", "Ben": "", "Cy": "3"}, "Ben"),
                              by="Ben's phone")

    taps_meanwhile = while_saving(monkeypatch, "save_round", ben_saves_first)

    async def play(store, game_id, phone):
        if labelled:
            for text in ("My hand", "Ann's phone", "Cancel"):
                await tap(phone, text)
        await enter_round_ten(phone)
        sheet_after_taps: list[bool] = []

        under_finger: list = []

        async def meanwhile():
            for control in [*under_finger, *on_table]:
                await tap_while_busy(phone, control)
            sheet_after_taps.append(shows(phone, "Save round"))

        if answer is None:
            under_finger.extend(tappable(phone, text) for text in during)
            taps_meanwhile.append((meanwhile, asyncio.get_running_loop()))
        await tap(phone, "Save round")
        if answer is not None:
            await sees(phone, answer)
            under_finger.extend(tappable(phone, text) for text in during)
            taps_meanwhile.append((meanwhile, asyncio.get_running_loop()))
            await tap(phone, answer)
        await settle([phone])
        if then is not None:
            await tap(phone, then)
            await settle([phone])
        told = [text for text in shown_strings(phone.session.page) if "saved" in text]
        seen = (sheet_after_taps, told, rounds_saved(store, game_id), shows(phone, "Save round"),
                selected_tiles(phone), shows(phone, "Drop mine"), pad_of(store, game_id).rows[-1].penalty)
        if sheet_title:
            seen += (next((title for title in ("Round 1", "Round 2") if shows(phone, title)), None),)
        return seen

    return one_phone(tmp_path, pad, play)


def test_cancel_while_the_sheet_saves_is_not_taken_and_the_save_closes_the_sheet(tmp_path, monkeypatch):
    """"Cancel" tapped as the sheet goes out of sight for its save (the
    table showing the round at once) is not taken, so no other sheet can
    be opened that the save would close; the round is saved and the sheet
    closes."""
    assert taps_while_saving(tmp_path, monkeypatch, ["Cancel"]) == (
        [False], ["Round 1 saved"], 1, False, [], False, {"Ann": 10, "Ben": 5, "Cy": 0})


def test_cancel_while_a_save_is_refused_leaves_the_question_on_the_sheet_with_its_values(tmp_path, monkeypatch):
    """Ben saved round 1 first; Ann's "Cancel" during her save (her sheet out
    of sight meanwhile) is not taken, so the question about her round is put
    over her sheet, shown again with her values."""
    assert taps_while_saving(tmp_path, monkeypatch, ["Cancel"], ben_before=(1,)) == (
        [False], ["Round 1 was just saved on Ben's phone: save yours as round 2, or drop it?"], 1, True, ["K", "5"],
        True, {"Ann": 2, "Ben": 0, "Cy": 3})


def test_the_table_shown_while_a_save_is_refused_takes_no_tap_that_would_cover_the_question(tmp_path, monkeypatch):
    """Ben saved round 1 first; while Ann's save runs, her table shows her round and she
    taps "My hand" (her phone is Ann's) and the menu's "Changes" there: neither is taken,
    so the question about her round is put over her sheet, shown again with her values."""
    assert taps_while_saving(tmp_path, monkeypatch, [], ben_before=(1,), on_table=("My hand", "Changes"),
                             labelled=True) == (
        [False], ["Round 1 was just saved on Ben's phone: save yours as round 2, or drop it?"], 1, True, ["K", "5"],
        True, {"Ann": 2, "Ben": 0, "Cy": 3})


def test_add_round_tapped_as_the_round_shows_opens_the_next_round_s_sheet_once_it_is_saved(tmp_path, monkeypatch):
    """While Ann's save runs, her table shows her round 1 and she taps "Add round" there:
    the tap waits for the save, then a blank sheet opens for round 2."""
    assert taps_while_saving(tmp_path, monkeypatch, [], on_table=("Add round",), sheet_title=True) == (
        [False], [], 1, True, [], False, {"Ann": 10, "Ben": 5, "Cy": 0}, "Round 2")


def test_an_answer_tapped_again_or_dropped_while_it_saves_saves_once(tmp_path, monkeypatch):
    """Ann answers "Save as round 2", then, while it saves, taps it again and
    "Drop mine" as her phone showed them: her round is saved once, as round 2, and the
    sheet, out of sight while the answer saves, closes."""
    assert taps_while_saving(tmp_path, monkeypatch, ["Save as round 2", "Drop mine"], ben_before=(1,),
                             answer="Save as round 2") == (
        [False], ["Round 2 saved"], 2, False, [], False, {"Ann": 10, "Ben": 5, "Cy": 0})


def test_finish_game_tapped_twice_finishes_once_and_one_undo_plays_on(tmp_path):
    """A One Up game over after 4 rounds: "Finish game" twice before the
    repaint logs one finish, so the message bar's Undo takes the game back
    into play."""

    async def play(store, game_id, phones, publish):
        phone = phones[0]
        await taps_together(phone, "Finish game", "Finish game")
        logged = [change.label for change in pad_of(store, game_id).changes][:2]
        await tap(phone, "Undo")
        await sees(phone, "Undone: game finished")
        return logged, pad_of(store, game_id).finished, shows(phone, "Finish game")

    assert hands_pad_session(tmp_path, 4, play) == (["game finished", "round 4 added"], False, True)


def test_values_tapped_while_a_save_is_asked_about_are_what_the_answer_saves(tmp_path, monkeypatch):
    """Ben saved round 1 first; a 6 Ann tapped on her sheet reaches the server while
    her save runs (the sheet out of sight meanwhile): the question shows her sheet
    again with the 6, and "Save as round 2" saves it."""
    assert taps_while_saving(tmp_path, monkeypatch, ["6"], ben_before=(1,), then="Save as round 2") == (
        [False], ["Round 2 saved"], 2, False, [], False, {"Ann": 16, "Ben": 5, "Cy": 0})


def test_a_slow_save_says_saving_until_it_is_done(tmp_path, monkeypatch):
    """A save that takes longer than SLOW_SAVE: the message bar says "Saving..." while it
    runs, longer than a message shows by itself, and Ann's table shows her round 3 from
    the start, her sheet out of sight (its Cancel, tapped as it went, not taken), while
    Ben's phone and the store do not have it yet; then "Round 3 saved" in its place."""
    monkeypatch.setattr(pad_ui, "SLOW_SAVE", 0.05)
    monkeypatch.setattr(app_ui, "MESSAGE_SECONDS", 0.05)
    save_round = pad_session.saving.save_round

    def slow(*args):
        time.sleep(1.5)
        return save_round(*args)

    monkeypatch.setattr(pad_session.saving, "save_round", slow)

    async def play(store, game_id, phones):
        ann, ben = phones
        await tap(ann, "Add round")
        cancel = tappable(ann, "Cancel")
        await tap_while_busy(ann, "Cy won")
        await asyncio.sleep(0.2)
        await tap_while_busy(ann, cancel)
        meanwhile = (says(ann, "Saving..."), shows(ann, "Who emptied their hand first?"), shows(ann, "R3"),
                     shows(ben, "R3"), len(store.get_game(game_id)["rounds"]))
        await settle([ann, ben])
        return meanwhile, says(ann, "Saving..."), says(ann, "Round 3 saved"), shows(ann, "R3"), shows(ben, "R3")

    assert two_phones(tmp_path, 2, play) == ((True, False, True, False, 2), False, True, True, True)


def test_values_tapped_while_an_answer_saves_are_what_the_next_answer_saves(tmp_path, monkeypatch):
    """Ben saved round 1 first; Ann answers "Save as round 2", a 6 she tapped reaches the
    server while it saves, and Ben saves a round 2: the next question is about her sheet
    with the 6, and "Save as round 3" saves it."""
    assert taps_while_saving(tmp_path, monkeypatch, ["6"], ben_before=(1, 2), answer="Save as round 2",
                             then="Save as round 3") == (
        [False], ["Round 3 saved"], 3, False, [], False, {"Ann": 16, "Ben": 5, "Cy": 0})


def test_the_winner_tapped_stays_marked_under_the_question_of_a_round_saved_meanwhile(tmp_path):
    """One-card: Ben's phone opens round 2's sheet, Ann's phone saves round 2 first, then Ben taps
    "Cy won". Under the question ("save yours as round 3, or drop it?") the sheet marks Cy's
    button as the one chosen (filled), so Ben sees what "yours" is; the others stay outlined."""

    async def play(store, game_id, phones):
        ann, ben = phones
        await tap(ben, "Add round")
        await add_round(ann, "Ann", 2)
        await tap(ben, "Cy won")
        await sees(ben, f"Round 2 was just saved on {PHONE}: save yours as round 3, or drop it?")
        filled = [control.content for control in ben.session.index.values()
                  if isinstance(control, ft.FilledButton) and str(control.content).endswith(" won")]
        return filled, rounds_saved(store, game_id)

    assert two_phones(tmp_path, 1, play) == (["Cy won"], 2)


def test_a_new_sheet_after_a_round_saved_marks_no_winner_and_an_edit_marks_the_rounds(tmp_path):
    """The winner marked on a One-card sheet is that sheet's own: after "Ann won" saved round 2,
    the next "Add round" marks nobody; round 1's sheet marks Ann, its winner."""

    async def play(store, game_id, phones):
        ann = phones[0]
        await add_round(ann, "Ann", 2)
        await asyncio.sleep(pad_ui.READY_AFTER * 2)
        await settle(phones)
        await tap(ann, "Add round")
        marked_new = [control.content for control in ann.session.index.values()
                      if isinstance(control, ft.FilledButton) and str(control.content).endswith(" won")
                      and control.visible]
        await tap(ann, "Cancel")
        row = find(ann.session.page, lambda control: isinstance(control, ft.Semantics) and control.identifier == "round-1")
        await click(ann, find(row, lambda control: getattr(control, "on_click", None) is not None))
        await until(ann, lambda _page: shows(ann, "Round 1 (edit)"))
        marked_edit = [control.content for control in ann.session.index.values()
                       if isinstance(control, ft.FilledButton) and str(control.content).endswith(" won")
                       and control.visible]
        return marked_new, marked_edit

    assert two_phones(tmp_path, 1, play) == ([], ["Ann won"])


def test_a_refusal_over_a_one_up_sheet_goes_when_a_value_is_tapped(tmp_path):
    """One Up: Ann holds a King, Ben's hand is left blank, Cy went out, "Save round": refused
    (a blank hand is a player who went out, and only Cy did). Tapping Ben's 5 takes the
    refusal off the sheet; "Save round" then saves the round."""
    refusal = "Round 1: Ben has no cards left, so Ben went out: mark Ben as the player who went out"

    async def run():
        store = Store(tmp_path)
        pad = new_pad("one_up", PLAYERS)
        store.save_game(pad.to_doc())
        main = session_main(store, TableAccess(tmp_path, required=False, host="127.0.0.1", port=8550))
        ann = await open_session(main, f"/pad/{pad.id}", server_hub())
        await tap(ann, "Add round")
        await click(ann, in_card(ann.session.page, "Ann", "K"))
        await tap(ann, "Cy went out")
        await tap(ann, "Save round")
        refused = await sees(ann, refusal)
        await click(ann, in_card(ann.session.page, "Ben", "5"))
        after_tap = says(ann, refusal)
        await tap(ann, "Save round")
        await sees(ann, "Round 1 saved")
        return refused, after_tap, [row["hands"] for row in store.get_game(pad.id)["rounds"]]

    refused, after_tap, rounds = run_alone(run())
    assert (refused, after_tap, len(rounds)) == (True, False, 1)


def test_a_new_rounds_sheet_is_told_a_round_was_taken_away_not_that_its_round_was_saved(tmp_path):
    """A sheet for round 6 of a One-card match stays open while Ann's phone deletes round 5,
    then while it saves two rounds: the notice says the next round is round 5 now, then that
    round 6 was just saved."""
    store = Store(tmp_path)
    game_id = saved_with_rounds(store, 5)
    mark = saving.mark_new(pad_of(store, game_id))
    store.update_game(game_id, lambda pad: pad.delete_round(5), by="Ann's phone")
    after_delete = pad_parts.sheet_notice(pad_of(store, game_id), mark)
    for winner in ("Ben", "Cy"):
        store.update_game(game_id, lambda pad, winner=winner: pad.add_round(winner), by="Ann's phone")
    assert (after_delete, pad_parts.sheet_notice(pad_of(store, game_id), mark)) == (
        "A round was deleted or undone on Ann's phone while this sheet was open: the next round is round 5 now. "
        "Saving yours will ask whether it is that round.",
        "Round 6 was just saved on Ann's phone. Saving yours will ask whether it is another round.",
    )


def test_an_edit_sheet_marks_the_winner_saved_meanwhile_until_a_winner_is_tapped(tmp_path):
    """Ann's phone opens round 1's sheet (Ann won it); Ben's phone changes round 1 to "Cy won":
    Ann's open sheet marks Cy, the winner as saved now, not the one it opened on."""

    async def play(store, game_id, phones):
        ann, ben = phones
        for phone in phones:
            row = find(phone.session.page, lambda control: isinstance(control, ft.Semantics)
                       and control.identifier == "round-1")
            await click(phone, find(row, lambda control: getattr(control, "on_click", None) is not None))
            await until(phone, lambda _page, phone=phone: shows(phone, "Round 1 (edit)"))
        await tap(ben, "Cy won")
        await until(ann, lambda _page: any(text.startswith("Round 1 was changed on") for text in shown_strings(
            ann.session.page)))
        return [control.content for control in ann.session.index.values()
                if isinstance(control, ft.FilledButton) and str(control.content).endswith(" won") and control.visible]

    assert two_phones(tmp_path, 1, play) == ["Cy won"]
