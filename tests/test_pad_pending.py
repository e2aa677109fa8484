"""A sheet's save shows its round at the tap: while the store makes the save
durable and checks it on the latest version, the saving phone's table shows
the game as the rules took the entry on the game shown
(``Screen.pending``, ``saving.preview_round``), with the sheet kept out of
sight; the store's answer decides (the sheet closes, or shows again, as
typed, with the question or the refusal). Without a browser or Flet
(companion/table/pad_session.py with a real store, as tests/test_pad_session.py).

One-card rounds name their winner (seed 001: the winner scores nothing, the
others their cards); One Up hands are scored by seed 000 (each value once,
K=10, going out scores 0), and a One Up round needs who went out.
"""

from __future__ import annotations

import pytest

from companion.errors import DiskFullError
from companion.registry import new_pad
from companion.store import Store
from companion.table import pad_session, saving
from companion.table.pad_screen import Told
from companion.table.pad_session import NEW_ROUND
from flet_session import run_alone
from test_pad_session import Phone, latest, saved_game


@pytest.fixture
def store(tmp_path):
    return Store(tmp_path)


def winners(pad) -> list[str]:
    """The winner of each One-card round of ``pad``."""
    return [row["winner"] for row in pad.rounds]


def seen_during_save(monkeypatch, store, phone: Phone, before=lambda: None) -> dict:
    """Run the store's save of ``phone``'s sheet after ``before()`` and note, as
    it starts, what the phone shows and what the store holds."""
    seen: dict = {}
    save_round = saving.save_round

    def noting(*args):
        before()
        state = phone.pads.state
        seen.update(pending=state.pending, sheet=state.sheet, refusal=state.refusal, shown=phone.pads.pad,
                    stored=latest(store, phone.game_id))
        return save_round(*args)

    monkeypatch.setattr(pad_session.saving, "save_round", noting)
    return seen


def test_the_table_shows_the_round_while_the_store_saves_it(store, monkeypatch):
    game_id = saved_game(store, "one_card", ["Ben"])
    ann = Phone(store, game_id, "Ann's phone")
    ann.tap("open_sheet", NEW_ROUND)
    mark = ann.pads.state.sheet
    seen = seen_during_save(monkeypatch, store, ann)
    told = ann.atap("submit", {"winner": "Cy"})
    assert winners(seen["pending"]) == ["Ben", "Cy"]
    assert (seen["pending"].changes[0].label, seen["pending"].changes[0].by) == ("round 2 added", "Ann's phone")
    assert (seen["sheet"], winners(seen["shown"]), winners(seen["stored"])) == (mark, ["Ben"], ["Ben"])
    assert told.message == "Round 2 saved"
    state = ann.pads.state
    assert (state.pending, state.sheet, ann.pads.table_pad is ann.pads.pad) == (None, None, True)
    assert winners(latest(store, game_id)) == ["Ben", "Cy"]


def test_the_game_shown_is_left_as_it_was_by_what_the_table_shows_meanwhile(store):
    game_id = saved_game(store, "one_card", ["Ben"])
    ann = Phone(store, game_id, "Ann's phone")
    shown = ann.pads.pad
    before = shown.to_doc()
    ann.tap("open_sheet", NEW_ROUND)
    preview = saving.preview_round(shown, ann.pads.state.sheet, {"winner": "Cy"}, "Ann's phone")
    assert (winners(preview), winners(shown), shown.to_doc() == before) == (["Ben", "Cy"], ["Ben"], True)


def test_a_round_another_phone_saved_first_shows_the_sheet_again_with_the_question(store, monkeypatch):
    game_id = saved_game(store, "one_card", ["Ben"])
    ann = Phone(store, game_id, "Ann's phone")
    ann.tap("open_sheet", NEW_ROUND)
    mark = ann.pads.state.sheet
    seen = seen_during_save(monkeypatch, store, ann, before=lambda: store.update_game(
        game_id, lambda pad: pad.add_round("Ann"), by="Ben's phone"))
    assert ann.atap("submit", {"winner": "Cy"}).message == ""
    assert winners(seen["pending"]) == ["Ben", "Cy"]
    state = ann.pads.state
    assert (state.pending, state.sheet, state.question.entry) == (None, mark, {"winner": "Cy"})
    assert state.question.conflict.message == (
        "Round 2 was just saved on Ben's phone: save yours as round 3, or drop it?")
    assert winners(latest(store, game_id)) == ["Ben", "Ann"]


def test_a_full_disk_shows_the_sheet_again_with_its_refusal_and_nothing_saved(store, monkeypatch):
    game_id = saved_game(store, "one_card", ["Ben"])
    ann = Phone(store, game_id, "Ann's phone")
    ann.tap("open_sheet", NEW_ROUND)
    mark = ann.pads.state.sheet

    def full(*_args, **_kwargs):
        raise DiskFullError("The disk is full: round not saved, free some space and save again")

    monkeypatch.setattr(store, "update_game", full)
    assert ann.atap("submit", {"winner": "Cy"}).message == ""
    assert [winners(screen.pending) for screen in ann.screens if screen.pending is not None] == [["Ben", "Cy"]]
    state = ann.pads.state
    assert (state.pending, state.sheet, state.refusal) == (
        None, mark, "The disk is full: round not saved, free some space and save again")
    assert winners(latest(store, game_id)) == ["Ben"]


def test_an_entry_the_rules_refuse_on_the_game_shown_is_not_shown_as_saved(store):
    pad = new_pad("one_up", ["Ann", "Ben", "Cy"])
    store.save_game(pad.to_doc())
    ann = Phone(store, pad.id, "Ann's phone")
    ann.tap("open_sheet", NEW_ROUND)
    ann.atap("submit", {"hands": {"Ann": ["K"], "Ben": ["5"], "Cy": ["3"]}, "went_out": None, "ended_by": None})
    assert [screen for screen in ann.screens if screen.pending is not None] == []
    assert (ann.pads.state.sheet.number, ann.pads.state.refusal) == (
        1, "Nobody went out: choose who dropped out last (they start the next round)")
    assert latest(store, pad.id).rounds == []


def test_a_sheet_brought_back_as_typed_saves_without_showing_its_round_first(store):
    game_id = saved_game(store, "one_card", ["Ben"])
    ann = Phone(store, game_id, "Ann's phone")
    ann.tap("open_sheet", NEW_ROUND)

    async def type_it():
        ann.pads.typed({"winner": "Cy"})
        await ann.pads.writer.done()

    run_alone(type_it())
    again = Phone(store, game_id, "Ann's phone")
    again.atap("bring_back", lambda pad, number, entry: None)
    assert again.atap("submit", {"winner": "Cy"}).message == "Round 2 saved"
    assert [screen for screen in again.screens if screen.pending is not None] == []


def test_a_refusal_shown_before_goes_when_the_table_shows_the_round_being_saved(store, monkeypatch):
    pad = new_pad("one_up", ["Ann", "Ben", "Cy"])
    store.save_game(pad.to_doc())
    ann = Phone(store, pad.id, "Ann's phone")
    ann.tap("open_sheet", NEW_ROUND)
    hands = {"Ann": ["K"], "Ben": ["5"], "Cy": []}
    ann.atap("submit", {"hands": hands, "went_out": None, "ended_by": None})
    refused = ann.pads.state.refusal
    seen = seen_during_save(monkeypatch, store, ann)
    assert ann.atap("submit", {"hands": hands, "went_out": "Cy", "ended_by": None}).message == "Round 1 saved"
    assert (refused, seen["refusal"], len(seen["pending"].rounds)) == (
        "Nobody went out: choose who dropped out last (they start the next round)", "", 1)


def test_the_table_s_taps_are_not_taken_while_its_round_is_being_saved(store):
    game_id = saved_game(store, "one_card", ["Ben"])
    ann = Phone(store, game_id, "Ann's phone")
    ann.tap("open_sheet", NEW_ROUND)

    async def tap_the_table():
        save = ann.pads.start(ann.pads.submit, {"winner": "Cy"})
        taps = [ann.pads.go("changes"), ann.pads.show_detail(1), ann.pads.my_hand(), ann.pads.open_sheet(NEW_ROUND)]
        state = ann.pads.state
        return taps, (state.view, state.detail, state.mine), (await save).message

    assert run_alone(tap_the_table()) == ([Told()] * 4, ("pad", None, None), "Round 2 saved")


def test_a_save_whose_repaint_fails_leaves_nothing_shown_as_saved(store):
    game_id = saved_game(store, "one_card", ["Ben"])
    ann = Phone(store, game_id, "Ann's phone")

    async def lost():
        raise ConnectionError("the phone went away")

    ann.pads.painted = lost
    ann.tap("open_sheet", NEW_ROUND)
    mark = ann.pads.state.sheet
    with pytest.raises(ConnectionError):
        ann.atap("submit", {"winner": "Cy"})
    assert (ann.pads.state.pending, ann.pads.state.sheet, winners(latest(store, game_id))) == (None, mark, ["Ben"])
