"""What a tap on the score pad does, without a browser or Flet
(companion/table/pad_session.py with a real store): a save, the conflict
question put when another phone saved meanwhile and each of its answers,
undo tapped on two phones, the undo button's offer while another phone's
change is being painted, a round entered hand by hand, whose phone, a sheet
kept as typed and brought back, and the end of the game.

One-card rounds name their winner (seed 001: the winner scores nothing, the
others their cards; here the pad's ``add_round(winner)``); One Up hands are
scored by seed 000 (each value once, K=10; going out scores 0).
"""

from __future__ import annotations

import asyncio
import contextvars
from concurrent.futures import ThreadPoolExecutor

import pytest

from companion.registry import new_pad, pad_from_doc
from companion.store import Store
from companion.table import pad_screen, pad_session
from companion.table.pad_screen import Screen, Told
from companion.table.pad_session import NEW_ROUND, PadSession
from flet_session import run_alone

PLAYERS = ["Ann", "Ben", "Cy"]


def latest(store: Store, game_id: str):
    """The game ``game_id`` as saved now (None: deleted)."""
    doc = store.get_game(game_id)
    return None if doc is None else pad_from_doc(doc)


def saved_game(store: Store, game: str, winners: list[str] = ()) -> str:
    """A saved ``game`` of Ann, Ben and Cy with One-card ``winners`` saved from Ann's phone; its id."""
    pad = new_pad(game, PLAYERS)
    store.save_game(pad.to_doc())
    for winner in winners:
        store.update_game(pad.id, lambda saved, winner=winner: saved.add_round(winner), by="Ann's phone")
    return pad.id


class Phone:
    """A :class:`PadSession` on one phone, shown the game as saved now before each tap (as the view does)."""

    def __init__(self, store: Store, game_id: str, label: str, clock=None) -> None:
        self.store, self.game_id, self.label = store, game_id, label
        self.screens: list[Screen] = []
        self.pads = PadSession(store, game_id, on_change=self.screens.append,
                               **({"clock": clock} if clock is not None else {}))
        self.own: int | None = None
        self.look()

    def look(self) -> None:
        """Draw the game as saved now."""
        self.pads.see(latest(self.store, self.game_id), self.store.get_draft(self.game_id), self.label, self.own)

    def tap(self, method: str, *args) -> Told | None:
        """Tap a plain method (its Told; None from ``typed``), in a thread with no event loop as a test alone has (after a
        browser test, Playwright keeps a loop running in this one): a kept sheet is written at once."""
        def run():
            self.look()
            return getattr(self.pads, method)(*args)

        with ThreadPoolExecutor(1) as worker:
            told = worker.submit(contextvars.copy_context().run, run).result()
        if told is not None and told.announce and told.pad is not None:
            self.own = told.pad.latest_change_id
        return told

    def atap(self, method: str, *args) -> Told:
        """Tap a coroutine method, waiting for the kept sheet's writes too."""
        self.look()

        async def run():
            told = await getattr(self.pads, method)(*args)
            await self.pads.writer.done()
            return told

        told = run_alone(run())
        if told.announce and told.pad is not None:
            self.own = told.pad.latest_change_id
        return told


@pytest.fixture
def store(tmp_path):
    return Store(tmp_path)


def test_a_new_round_saved_closes_the_sheet_and_tells_with_its_undo(store):
    game_id = saved_game(store, "one_card")
    ann = Phone(store, game_id, "Ann's phone")
    assert ann.tap("open_sheet", NEW_ROUND) == Told(left=True)
    assert ann.pads.state.sheet == pad_session.saving.SheetMark(None, None, 1, True)
    told = ann.atap("submit", {"winner": "Ben"})
    saved = latest(store, game_id)
    assert (told.message, told.undo, told.left, told.announce) == ("Round 1 saved", saved.undo_id, True, True)
    assert told.pad.latest_change_id == saved.latest_change_id
    state = ann.pads.state
    assert (state.sheet, state.question, state.view, state.refusal) == (None, None, "pad", "")
    assert [row["winner"] for row in saved.rounds] == ["Ben"]
    assert (saved.changes[0].label, saved.changes[0].by) == ("round 1 added", "Ann's phone")
    assert store.kept_sheet(game_id, "Ann's phone") is None


def test_the_table_unfolded_stays_unfolded_through_a_sheet_saved_and_tells_nothing(store):
    game_id = saved_game(store, "one_card", ["Ben"])
    ann = Phone(store, game_id, "Ann's phone")
    assert (ann.pads.state.unfolded, ann.tap("fold", True)) == (False, Told())
    ann.tap("open_sheet", NEW_ROUND)
    ann.atap("submit", {"winner": "Cy"})
    unfolded = ann.pads.state.unfolded
    assert (unfolded, ann.tap("fold", False), ann.pads.state.unfolded) == (True, Told(), False)


def two_new_rounds(store):
    """Ann and Ben open "Add round" on round 2 of a One-card game; Ann saves Cy first, then Ben saves Ann."""
    game_id = saved_game(store, "one_card", ["Ben"])
    ann, ben = Phone(store, game_id, "Ann's phone"), Phone(store, game_id, "Ben's phone")
    ann.tap("open_sheet", NEW_ROUND)
    ben.tap("open_sheet", NEW_ROUND)
    assert ann.atap("submit", {"winner": "Cy"}).message == "Round 2 saved"
    assert ben.atap("submit", {"winner": "Ann"}) == Told()
    return game_id, ben


def test_a_round_saved_meanwhile_on_another_phone_is_put_as_a_question(store):
    game_id, ben = two_new_rounds(store)
    question = ben.pads.state.question
    assert question.conflict.message == "Round 2 was just saved on Ann's phone: save yours as round 3, or drop it?"
    assert (question.conflict.apply_label, question.conflict.drop_label) == ("Save as round 3", "Drop mine")
    assert question.entry == {"winner": "Ann"}
    assert ben.pads.state.sheet.number == 2
    assert [row["winner"] for row in latest(store, game_id).rounds] == ["Ben", "Cy"]


def test_save_while_the_question_is_put_says_to_answer_it_first(store):
    game_id, ben = two_new_rounds(store)
    assert ben.atap("submit", {"winner": "Cy"}) == Told()
    assert ben.pads.state.refusal == "First answer the question above: \u201cSave as round 3\u201d or \u201cDrop mine\u201d"
    assert ben.pads.state.question.entry == {"winner": "Cy"}
    assert len(latest(store, game_id).rounds) == 2


def test_a_refusal_over_the_sheet_goes_at_the_next_tap_on_it_and_save_checks_again(store):
    """Ben's hand left blank while Cy went out is refused (a blank hand is a player who went
    out, and only one did: rulings.md One Up); the next tap on the sheet takes the refusal
    away, as it spoke of the values before; saving the same values again says it again."""
    game_id = saved_game(store, "one_up")
    ann = Phone(store, game_id, "Ann's phone")
    ann.tap("open_sheet", NEW_ROUND)
    blank_ben = {"hands": {"Ann": ["K"], "Ben": [], "Cy": []}, "went_out": "Cy", "ended_by": None}
    ann.atap("submit", blank_ben)
    refusal = ann.pads.state.refusal
    ann.tap("typed", {**blank_ben, "hands": {"Ann": ["K"], "Ben": ["5"], "Cy": []}})
    after_tap = ann.pads.state.refusal
    ann.atap("submit", blank_ben)
    assert (refusal, after_tap, ann.pads.state.refusal) == (
        "Round 1: Ben has no cards left, so Ben went out: mark Ben as the player who went out",
        "", refusal)
    assert latest(store, game_id).rounds == []


def test_answering_save_mine_saves_it_as_the_next_round(store):
    game_id, ben = two_new_rounds(store)
    told = ben.atap("answer", True)
    saved = latest(store, game_id)
    assert (told.message, told.undo, told.announce) == ("Round 3 saved", saved.undo_id, True)
    assert [row["winner"] for row in saved.rounds] == ["Ben", "Cy", "Ann"]
    assert (ben.pads.state.sheet, ben.pads.state.question, ben.pads.state.refusal) == (None, None, "")


def test_answering_drop_mine_keeps_the_game_as_saved_on_the_other_phone(store):
    game_id, ben = two_new_rounds(store)
    told = ben.atap("answer", False)
    assert told == Told("Nothing changed: the game stays as saved on the other phone", left=True)
    assert [row["winner"] for row in latest(store, game_id).rounds] == ["Ben", "Cy"]
    assert (ben.pads.state.sheet, ben.pads.state.question) == (None, None)
    assert store.kept_sheet(game_id, "Ben's phone") is None


def deleted_under_an_edit(store):
    """Ben edits round 1 of Ben, Cy while Ann deletes it; Ben's "Cy won" is put as a question."""
    game_id = saved_game(store, "one_card", ["Ben", "Cy"])
    ann, ben = Phone(store, game_id, "Ann's phone"), Phone(store, game_id, "Ben's phone")
    ben.tap("open_sheet", 1)
    ann.tap("open_sheet", 1)
    assert ann.atap("delete_round").message == "Round 1 deleted"
    assert ben.atap("submit", {"winner": "Ann"}) == Told()
    return game_id, ben


def test_a_round_deleted_under_an_edit_goes_back_in_its_place(store):
    game_id, ben = deleted_under_an_edit(store)
    conflict = ben.pads.state.question.conflict
    assert conflict.message == "Ann's phone deleted round 1 while you were editing it"
    assert (conflict.apply_label, conflict.drop_label, conflict.also[0]) == (
        "Put it back as round 1", "Drop mine", "Save over round 1 now")
    assert ben.atap("answer", True).message == "Round 1 saved"
    assert [row["winner"] for row in latest(store, game_id).rounds] == ["Ann", "Cy"]


def test_each_sheet_opened_has_its_own_number_which_an_answer_moving_it_keeps(store):
    """``sheets_opened`` numbers the sheets a phone opens (the screen keeps a
    sheet's values while that number stays), and ``sheet_blank`` tells a new
    round's sheet opened on nothing from an edit and from a sheet brought back."""
    game_id, ben = deleted_under_an_edit(store)
    opened = (ben.pads.sheets_opened, ben.pads.sheet_blank)
    ben.atap("answer", True)
    answered = (ben.pads.sheets_opened, ben.pads.sheet_blank)
    ben.tap("open_sheet", NEW_ROUND)
    added = (ben.pads.sheets_opened, ben.pads.sheet_blank)
    ben.tap("close_sheet")
    again = Phone(store, game_id, "Ben's phone")
    again.tap("open_sheet", NEW_ROUND)
    back = Phone(store, game_id, "Ben's phone")
    back.atap("bring_back", lambda pad, number, entry: None)
    assert (opened, answered, added, (back.pads.sheets_opened, back.pads.sheet_blank)) == (
        (1, False), (1, False), (2, True), (1, False))


def test_a_put_back_sheet_brought_back_after_a_reload_goes_back_in_its_place(store, monkeypatch):
    """Ben's answer "Put it back as round 1" is refused once (the disk, say):
    his sheet stays, kept with its place; his phone reloads and brings it
    back, and its save puts the round back as round 1, not after the last."""
    game_id, ben = deleted_under_an_edit(store)
    save_round = pad_session.saving.save_round
    refused = []

    def refuse_once(*args):
        if not refused:
            refused.append(True)
            return pad_session.saving.Outcome(False, "The disk is full")
        return save_round(*args)

    monkeypatch.setattr(pad_session.saving, "save_round", refuse_once)
    ben.atap("answer", True)
    again = Phone(store, game_id, "Ben's phone")
    again.atap("bring_back", lambda pad, number, entry: None)
    place = again.pads.state.sheet.place
    assert again.atap("submit", {"winner": "Ann"}).message == "Round 1 saved"
    assert (place, [row["winner"] for row in latest(store, game_id).rounds]) == (1, ["Ann", "Cy"])


def test_the_third_answer_saves_over_the_round_that_has_its_number_now(store):
    game_id, ben = deleted_under_an_edit(store)
    assert ben.atap("answer", True, True).message == "Round 1 saved"
    assert [row["winner"] for row in latest(store, game_id).rounds] == ["Ann"]


def test_undo_tapped_on_two_phones_undoes_one_change_and_tells_the_later(store):
    game_id = saved_game(store, "one_card", ["Ben", "Cy"])
    ann, ben = Phone(store, game_id, "Ann's phone"), Phone(store, game_id, "Ben's phone")
    offered = latest(store, game_id).undo_id
    told = ann.atap("undo", offered)
    assert (told.message, told.undo, told.announce) == ("Undone: round 2 added", None, True)
    assert told.pad.latest_change_id == latest(store, game_id).latest_change_id
    refused = ben.atap("undo", offered)
    assert refused == Told()
    assert ben.pads.state.refusal == "Ann's phone already undid round 2 added: nothing was undone"
    assert ben.pads.table_refusal == "Ann's phone already undid round 2 added: nothing was undone"
    assert len(latest(store, game_id).rounds) == 1
    ann.atap("undo", latest(store, game_id).undo_id)
    ben.look()
    assert ben.pads.table_refusal == ""


def test_the_undo_button_means_what_it_offered_until_the_new_words_settle(store):
    game_id = saved_game(store, "one_card", ["Ben", "Cy"])
    now = [100.0]
    ben = Phone(store, game_id, "Ben's phone", clock=lambda: now[0])
    before = ben.pads.pad.undo_id
    store.update_game(game_id, lambda saved: saved.undo(expected=before), by="Ann's phone")
    now[0] = 101.0
    ben.look()
    after = ben.pads.pad.undo_id
    assert (after != before, ben.pads.offered(after)) == (True, before)
    now[0] = 101.0 + pad_screen.UNDO_SETTLE
    assert ben.pads.offered(after) == after


def test_the_undo_button_after_this_phones_own_change_means_what_it_says(store):
    game_id = saved_game(store, "one_card", ["Ben"])
    ann = Phone(store, game_id, "Ann's phone", clock=lambda: 5.0)
    ann.tap("open_sheet", NEW_ROUND)
    ann.atap("submit", {"winner": "Cy"})
    ann.look()
    assert ann.pads.offered(ann.pads.pad.undo_id) == ann.pads.pad.undo_id


def one_up_hand(player: str, cards: list[str], went_out: bool = False) -> dict:
    """A "My hand" sheet's entry: ``player``'s cards, the others blank."""
    return {"hands": {p: (cards if p == player else []) for p in PLAYERS},
            "went_out": player if went_out else None, "ended_by": None}


def test_my_hand_asks_whose_phone_first_then_opens_that_players_hand(store):
    game_id = saved_game(store, "one_up")
    phone = Phone(store, game_id, "Phone 3FA2")
    assert phone.tap("my_hand") == Told(left=True)
    assert phone.pads.state.view == "phone"
    assert phone.tap("pick_phone", "Ben's phone") == Told(left=True, phone="Ben's phone")
    assert (phone.pads.state.view, phone.pads.state.mine, phone.pads.by) == ("pad", "Ben", "Ben's phone")
    assert phone.tap("pick_phone", "Ben's phone") == Told()
    assert (phone.pads.state.view, phone.pads.state.mine) == ("pad", "Ben")


def test_picking_whose_phone_without_my_hand_tells_it(store):
    game_id = saved_game(store, "one_card")
    phone = Phone(store, game_id, "Phone 3FA2")
    phone.tap("go", "phone")
    told = phone.tap("pick_phone", "Cy's phone")
    assert told == Told("This phone is now Cy's phone", left=True, phone="Cy's phone")
    assert (phone.pads.state.view, phone.pads.state.mine) == ("pad", None)


def test_three_hands_sent_on_three_phones_then_the_round_is_saved(store):
    game_id = saved_game(store, "one_up")
    phones = {player: Phone(store, game_id, f"{player}'s phone") for player in PLAYERS}
    cards = {"Ann": ["K", "K", "3", "3", "5"], "Ben": ["A", "A"], "Cy": []}
    for player, phone in phones.items():
        phone.tap("my_hand")
        assert phone.pads.state.mine == player
        told = phone.tap("send_hand", one_up_hand(player, cards[player], went_out=player == "Cy"))
        assert told == Told(f"{player}'s hand is in", left=True, hands=True)
        assert phone.pads.state.mine is None
    ben = phones["Ben"]
    ben.look()
    assert ben.pads.table_hands.status.complete
    told = ben.atap("save_hands")
    saved = latest(store, game_id)
    assert (told.message, told.undo, told.announce) == ("Round 1 saved", saved.undo_id, True)
    assert saved.rows[0].points == {"Ann": 18, "Ben": 1, "Cy": 0}
    assert store.get_draft(game_id) is None


def test_a_hand_sent_after_the_round_was_saved_another_way_is_refused_on_the_sheet(store):
    game_id = saved_game(store, "one_up")
    ann = Phone(store, game_id, "Ann's phone")
    ann.tap("my_hand")
    store.update_game(game_id, lambda pad: pad.add_round({"Ann": "K", "Ben": "", "Cy": "A"}, "Ben"), by="Cy's phone")
    notice = "Round 1 was just saved on Cy's phone, so the hand typed here was not used: enter your hand for round 2."
    assert ann.pads.send_hand(one_up_hand("Ann", ["K"])) == Told(refused=notice)
    assert store.get_draft(game_id) is None
    ann.look()
    assert (ann.pads.hand_mark.notice, ann.pads.hand_mark.restarts) == (notice, 1)
    assert ann.tap("send_hand", one_up_hand("Ann", ["6"])) == Told("Ann's hand is in", left=True, hands=True)
    assert store.get_draft(game_id)["parts"] == {"Ann": {"hand": ["6"], "went_out": False, "ended_by": False}}


def test_a_sheet_kept_as_typed_comes_back_on_the_same_phone(store):
    game_id = saved_game(store, "one_up")
    ann = Phone(store, game_id, "Ann's phone")
    ann.tap("open_sheet", NEW_ROUND)
    typed = one_up_hand("Ann", ["6"])

    async def type_it():
        ann.pads.typed(typed)
        await ann.pads.writer.done()

    run_alone(type_it())
    again = Phone(store, game_id, "Ann's phone")
    assert again.atap("bring_back", lambda pad, number, entry: None) == Told(left=True)
    assert (again.pads.state.sheet, again.pads.state.restored, again.pads.sheet_start) == (
        ann.pads.state.sheet, "", typed)
    other = Phone(store, game_id, "Ben's phone")
    assert other.atap("bring_back", lambda pad, number, entry: None) == Told()
    assert other.pads.state.sheet is None


def test_ending_the_game_tells_it_with_its_undo_and_drops_the_kept_sheets(store):
    game_id = saved_game(store, "one_card", ["Ben"])
    ben = Phone(store, game_id, "Ben's phone")
    ben.tap("open_sheet", NEW_ROUND)
    ann = Phone(store, game_id, "Ann's phone")
    told = ann.atap("end")
    saved = latest(store, game_id)
    assert (told.message, told.undo, saved.finished) == ("Game ended", saved.undo_id, True)
    assert store.kept_sheet(game_id, "Ben's phone") is None


def test_a_delete_of_a_round_changed_meanwhile_asks_and_delete_it_anyway_deletes_it(store):
    game_id = saved_game(store, "one_card", ["Ben", "Cy"])
    ann, ben = Phone(store, game_id, "Ann's phone"), Phone(store, game_id, "Ben's phone")
    ben.tap("open_sheet", 2)
    ann.tap("open_sheet", 2)
    assert ann.atap("submit", {"winner": "Ann"}).message == "Round 2 saved"
    assert ben.atap("delete_round") == Told()
    conflict = ben.pads.state.question.conflict
    assert (conflict.message, conflict.apply_label, conflict.drop_label) == (
        "Ann's phone changed round 2 while you were deleting it", "Delete it anyway", "Keep it")
    told = ben.atap("answer", True)
    assert (told.message, told.announce) == ("Round 2 deleted", True)
    assert [row["winner"] for row in latest(store, game_id).rounds] == ["Ben"]


def test_a_second_save_tapped_while_the_first_runs_is_not_a_second_round(store):
    game_id = saved_game(store, "one_card")
    ann = Phone(store, game_id, "Ann's phone")
    ann.tap("open_sheet", NEW_ROUND)

    async def tap_twice():
        first = ann.pads.start(ann.pads.submit, {"winner": "Ben"})
        second = ann.pads.start(ann.pads.submit, {"winner": "Cy"})
        cancel = ann.pads.close_sheet()
        return await first, second, cancel

    first, second, cancel = run_alone(tap_twice())
    assert (first.message, second, cancel) == ("Round 1 saved", None, Told())
    assert (ann.pads.state.question, ann.pads.state.sheet) == (None, None)
    assert [row["winner"] for row in latest(store, game_id).rounds] == ["Ben"]


def test_edit_from_a_round_s_detail_while_a_save_runs_keeps_the_detail(store):
    game_id = saved_game(store, "one_card")
    store.update_game(game_id, lambda pad: pad.add_round("Ann"))
    ann = Phone(store, game_id, "Ann's phone")
    ann.tap("show_detail", 1)

    async def edit_during_undo():
        undo = ann.pads.start(ann.pads.undo, ann.pads.offered(1))
        edit = ann.pads.edit_from_detail(1)
        return edit, (ann.pads.state.detail, ann.pads.state.sheet), (await undo).message

    assert run_alone(edit_during_undo()) == (Told(), (1, None), "Undone: round 1 added")


def test_undo_on_a_game_deleted_meanwhile_is_refused_in_words(store):
    game_id = saved_game(store, "one_card", ["Ben"])
    ann = Phone(store, game_id, "Ann's phone")
    expected = ann.pads.pad.undo_id
    store.delete_game(game_id, by="Ben's phone")

    async def undo():
        ann.pads.see(None, None, "Ann's phone")
        return await ann.pads.undo(expected)

    assert run_alone(undo()) == Told()
    assert ann.pads.state.refusal == f"There is no saved game with id {game_id}; it may have been deleted."


def alone(call, *args) -> None:
    """``call(*args)`` in a thread with no event loop, so a kept sheet is written at once (see :meth:`Phone.tap`)."""
    with ThreadPoolExecutor(1) as worker:
        worker.submit(contextvars.copy_context().run, call, *args).result()


def test_a_sheet_typed_on_keeps_its_values_through_a_delete_and_restore_of_its_game(store):
    game_id = saved_game(store, "one_card", ["Ben"])
    ann = Phone(store, game_id, "Ann's phone")
    ann.tap("open_sheet", NEW_ROUND)
    mark = ann.pads.state.sheet
    alone(ann.pads.typed, {"winner": "Cy"})
    assert ann.pads.sheet_blank is True
    store.delete_game(game_id, by="Ben's phone")
    alone(ann.look)
    assert (ann.pads.pad, store.kept_sheet(game_id, "Ann's phone")) == (None, None)
    store.restore_deleted(game_id)
    alone(ann.look)
    assert (ann.pads.state.sheet, ann.pads.sheet_start, ann.pads.sheet_blank) == (mark, {"winner": "Cy"}, False)
    assert store.kept_sheet(game_id, "Ann's phone")["entry"] == {"winner": "Cy"}
    told = ann.atap("submit", {"winner": "Cy"})
    assert (told.message, [row["winner"] for row in latest(store, game_id).rounds]) == ("Round 2 saved", ["Ben", "Cy"])


def test_a_save_refused_while_its_game_was_deleted_keeps_the_values_and_loses_the_refusal_once_restored(store):
    game_id = saved_game(store, "one_card", ["Ben"])
    ann = Phone(store, game_id, "Ann's phone")
    ann.tap("open_sheet", 1)
    alone(ann.pads.typed, {"winner": "Cy"})
    store.delete_game(game_id, by="Ben's phone")
    ann.atap("submit", {"winner": "Cy"})
    assert ann.pads.state.refusal == f"There is no saved game with id {game_id}; it may have been deleted."
    store.restore_deleted(game_id)
    alone(ann.look)
    assert (ann.pads.state.refusal, ann.pads.sheet_start) == ("", {"winner": "Cy"})
    assert store.kept_sheet(game_id, "Ann's phone")["entry"] == {"winner": "Cy"}


def test_an_untouched_sheet_comes_back_as_it_opened_after_a_delete_and_restore(store):
    game_id = saved_game(store, "one_card", ["Ben"])
    ann = Phone(store, game_id, "Ann's phone")
    ann.tap("open_sheet", NEW_ROUND)
    store.delete_game(game_id, by="Ben's phone")
    alone(ann.look)
    store.restore_deleted(game_id)
    alone(ann.look)
    assert (ann.pads.sheet_start, ann.pads.sheet_blank) == (None, True)


def test_delete_round_refused_while_its_game_was_deleted_leaves_no_words_on_the_table_once_restored(store):
    game_id = saved_game(store, "one_card", ["Ben"])
    ann = Phone(store, game_id, "Ann's phone")
    ann.tap("open_sheet", 1)
    store.delete_game(game_id, by="Ben's phone")
    run_alone(ann.pads.delete_round())
    assert ann.pads.table_refusal == f"There is no saved game with id {game_id}; it may have been deleted."
    alone(ann.look)
    store.restore_deleted(game_id)
    alone(ann.look)
    assert (ann.pads.state.sheet, ann.pads.table_refusal, len(latest(store, game_id).rounds)) == (None, "", 1)


def test_an_untouched_sheet_saved_once_its_game_is_shown_deleted_is_refused_in_words(store):
    game_id = saved_game(store, "one_card", ["Ben"])
    ann = Phone(store, game_id, "Ann's phone")
    ann.tap("open_sheet", NEW_ROUND)
    store.delete_game(game_id, by="Ben's phone")
    told = ann.atap("submit", {"winner": "Cy"})
    assert (told, ann.pads.state.refusal) == (
        Told(), f"There is no saved game with id {game_id}; it may have been deleted.")
