"""Round ids and revisions, conflicts between phones, the change log, undo from it, reopen."""

from __future__ import annotations

import datetime as dt
import itertools
import json
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.document import LOG_LIMIT
from companion.errors import ConflictError, StoreError
from companion.games import one_up, up_to_nine
from companion.pads import PadError, versions
from companion.games.one_card import OneCardPad
from companion.games.one_up import OneUpPad
from companion.games.up_to_nine import UpToNinePad
from companion.pads.changelog import Change

PLAYERS = ["Ann", "Ben", "Cy"]
ANN, BEN = "Ann's phone", "Ben's phone"


@pytest.fixture(autouse=True)
def clock(monkeypatch):
    """Changes happen one minute apart from 20:41 UTC, and the machine's clock reads UTC."""
    start = dt.datetime(2026, 12, 1, 20, 41, tzinfo=dt.timezone.utc)
    minutes = itertools.count()
    monkeypatch.setattr(versions, "now_iso", lambda: (start + dt.timedelta(minutes=next(minutes))).isoformat())
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def as_phone(pad, label):
    """The pad with its ``by`` set: the changes made through it are logged as ``label``'s."""
    pad.by = label
    return pad


def one_card(winners: str = "ABCA", by: str | None = ANN) -> OneCardPad:
    """A One-card match with one round per letter (A = Ann won, ...)."""
    pad = OneCardPad(PLAYERS, options={"target": 9})
    for letter in winners:
        as_phone(pad, by).add_round({"A": "Ann", "B": "Ben", "C": "Cy"}[letter])
    return pad


def reload(pad):
    """The pad as another phone gets it: through its saved JSON document."""
    return type(pad).from_doc(json.loads(json.dumps(pad.to_doc())))


def winners_by_round(pad) -> list[str]:
    return [round_entry["winner"] for round_entry in pad.rounds]


# ---------------------------------------------------------------- ids and revisions


def test_rounds_have_stable_ids_and_revisions():
    pad = one_card()
    ids = [pad.round_id(n) for n in (1, 2, 3, 4)]
    assert len(set(ids)) == 4 and all(len(i) == 8 and int(i, 16) >= 0 for i in ids)
    assert [pad.round_rev(n) for n in (1, 2, 3, 4)] == [1, 2, 3, 4]
    pad.delete_round(2)
    assert [pad.round_id(n) for n in (1, 2, 3)] == [ids[0], ids[2], ids[3]]
    assert [pad.round_number(i) for i in (ids[0], ids[2], ids[3])] == [1, 2, 3]
    pad.edit_round(ids[3], "Cy")
    assert pad.round_rev(ids[3]) == 6 and pad.round_rev(3) == 6
    assert reload(pad).round_id(3) == ids[3]
    with pytest.raises(PadError, match="There is no round 4: this game has rounds 1 to 3"):
        pad.round_id(4)
    with pytest.raises(PadError, match="no round with id 'ffffffff'"):
        pad.round_number("ffffffff")


def test_calls_by_round_number_keep_working():
    pad = one_card()
    pad.edit_round(2, "Cy")
    pad.delete_round(1)
    assert winners_by_round(pad) == ["Cy", "Cy", "Ann"]


def test_stale_edit_is_refused_naming_who_changed_the_round():
    pad = one_card()
    shown = pad.round_rev(4)
    other = reload(pad)
    as_phone(other, ANN).edit_round(4, "Ben", expected_rev=shown)
    pad = reload(other)
    with pytest.raises(ConflictError) as caught:
        as_phone(pad, BEN).edit_round(4, "Cy", expected_rev=shown)
    assert str(caught.value) == "Ann's phone changed round 4 while you were editing it"
    assert isinstance(caught.value, StoreError)
    assert winners_by_round(pad) == ["Ann", "Ben", "Cy", "Ben"]
    as_phone(pad, BEN).edit_round(4, "Cy", expected_rev=pad.round_rev(4))
    assert winners_by_round(pad) == ["Ann", "Ben", "Cy", "Cy"]


def test_edit_against_delete_by_id_and_by_number():
    pad = one_card()
    round_id, shown = pad.round_id(2), pad.round_rev(2)
    as_phone(pad, BEN).delete_round(2, expected_rev=shown)
    for round_ref in (round_id, 2):
        with pytest.raises(ConflictError) as caught:
            as_phone(pad, ANN).edit_round(round_ref, "Cy", expected_rev=shown)
        assert str(caught.value) == "Ben's phone deleted round 2 while you were editing it"
    with pytest.raises(ConflictError, match="^Ben's phone already deleted round 2$"):
        as_phone(pad, ANN).delete_round(round_id)
    with pytest.raises(ConflictError, match="^Ben's phone deleted round 2 while you were looking at it$"):
        pad.round_number(round_id)
    assert winners_by_round(pad) == ["Ann", "Cy", "Ann"]


def test_a_moved_round_is_still_found_by_its_id():
    pad = one_card()
    round_id, shown = pad.round_id(3), pad.round_rev(3)
    as_phone(pad, BEN).delete_round(1)
    as_phone(pad, ANN).edit_round(round_id, "Ann", expected_rev=shown)
    assert winners_by_round(pad) == ["Ben", "Ann", "Ann"]
    assert pad.round_number(round_id) == 2


def test_unknown_phone_is_another_phone():
    pad = one_card(by=None)
    shown = pad.round_rev(1)
    pad.edit_round(1, "Cy")
    with pytest.raises(ConflictError, match="^Another phone changed round 1 while you were deleting it$"):
        pad.delete_round(1, expected_rev=shown)


def test_add_with_a_stale_round_number_asks_what_to_do():
    pad = one_card("AB")
    sheet_opened_for = pad.next_round
    as_phone(pad, BEN).add_round("Cy", expected_round=sheet_opened_for)
    with pytest.raises(ConflictError) as caught:
        as_phone(pad, ANN).add_round("Ann", expected_round=sheet_opened_for)
    assert str(caught.value) == "Round 3 was just saved on Ben's phone: save yours as round 4, or drop it?"
    assert len(pad.rounds) == 3
    as_phone(pad, ANN).add_round("Ann")
    assert winners_by_round(pad) == ["Ann", "Ben", "Cy", "Ann"]
    as_phone(pad, BEN).delete_round(4)
    as_phone(pad, BEN).delete_round(3)
    with pytest.raises(ConflictError, match="^The rounds were changed on Ben's phone: save yours as round 3, or drop it\\?$"):
        as_phone(pad, ANN).add_round("Ann", expected_round=5)


def test_bad_revision_and_by_are_refused():
    pad = one_card()
    with pytest.raises(PadError, match="revision must be a whole number, 0 or more, not -1"):
        pad.edit_round(1, "Ben", expected_rev=-1)
    with pytest.raises(PadError, match="Who made a change is given as text, not 7"):
        as_phone(pad, 7).add_round("Ben")
    assert len(pad.rounds) == 4


def test_by_is_not_a_field_of_the_game():
    pad = as_phone(one_card(), ANN)
    assert "by" not in pad.to_doc()
    assert reload(pad).by is None
    assert reload(pad).changes[0].by == ANN


# ---------------------------------------------------------------- the change log


def test_every_change_is_logged_newest_first_with_time_and_who():
    pad = OneUpPad(["Ann", "Ben"])
    as_phone(pad, ANN).add_round({"Ann": "K 6 5 4 3 2", "Ben": ""}, "Ben")
    as_phone(pad, BEN).add_round({"Ann": "K", "Ben": "A"}, ended_by="Ann")
    as_phone(pad, ANN).edit_round(2, {"Ann": "K", "Ben": "A"}, ended_by="Ben")
    as_phone(pad, BEN).set_option("limit", 30)
    as_phone(pad, ANN).finish()
    as_phone(pad, BEN).reopen()
    as_phone(pad, ANN).end_early()
    as_phone(pad, BEN).delete_round(2)
    as_phone(pad, ANN).undo()
    assert [(c.id, c.time, c.by, c.kind, c.label, c.undone) for c in pad.changes] == [
        (9, "20:49", ANN, "undo", "undo: round 2 deleted", False),
        (8, "20:48", BEN, "delete", "round 2 deleted", True),
        (7, "20:47", ANN, "end_early", "game ended early", False),
        (6, "20:46", BEN, "reopen", "game reopened", False),
        (5, "20:45", ANN, "finish", "game finished", False),
        (4, "20:44", BEN, "option", "option 'limit' changed", False),
        (3, "20:43", ANN, "edit", "round 2 changed", False),
        (2, "20:42", BEN, "add", "round 2 added", False),
        (1, "20:41", ANN, "add", "round 1 added", False),
    ]
    assert pad.changes[0] == Change(9, "2026-12-01T20:49:00+00:00", ANN, "undo", "undo: round 2 deleted", "20:49", False)
    assert pad.updated == "2026-12-01T20:49:00+00:00"
    assert pad.undo_label == "Undo: game, ended early 20:47"
    assert pad.undo_id == 7


def test_undo_label_names_the_round_and_its_time():
    pad = one_card("ABCA")
    assert pad.undo_label == "Undo: round 4, added 20:44"
    pad.set_option("target", 5)
    assert pad.undo_label == "Undo: option 'target', changed 20:45"
    assert OneCardPad(PLAYERS).undo_label is None and OneCardPad(PLAYERS).undo_id is None


def test_undo_survives_a_reload_and_works_from_another_phone():
    pad = one_card("ABCA")
    as_phone(pad, ANN).edit_round(2, "Cy")
    phone_b = reload(pad)
    assert phone_b.undo_label == "Undo: round 2, changed 20:45"
    assert as_phone(phone_b, BEN).undo(expected=phone_b.undo_id) == "round 2 changed"
    assert winners_by_round(phone_b) == ["Ann", "Ben", "Cy", "Ann"]
    phone_a = reload(phone_b)
    assert as_phone(phone_a, ANN).undo() == "round 4 added"
    assert as_phone(reload(phone_a), ANN).undo() == "round 3 added"
    assert [change.label for change in reload(phone_a).changes[:3]] == [
        "undo: round 4 added", "undo: round 2 changed", "round 2 changed",
    ]


def test_undo_of_a_delete_puts_the_round_back_with_its_id_and_revision():
    pad = one_card("ABCA")
    round_id, rev = pad.round_id(2), pad.round_rev(2)
    as_phone(pad, BEN).delete_round(2)
    assert as_phone(pad, ANN).undo() == "round 2 deleted"
    assert winners_by_round(pad) == ["Ann", "Ben", "Cy", "Ann"]
    assert (pad.round_id(2), pad.round_rev(2)) == (round_id, rev)
    as_phone(pad, ANN).edit_round(round_id, "Ann", expected_rev=rev)
    assert winners_by_round(pad) == ["Ann", "Ann", "Cy", "Ann"]


def test_undo_of_an_undone_version_is_a_conflict_for_the_phone_that_showed_it():
    pad = one_card("AB")
    as_phone(pad, ANN).edit_round(2, "Cy")
    shown = pad.round_rev(2)
    as_phone(pad, BEN).undo()
    with pytest.raises(ConflictError, match="^Ben's phone changed round 2 while you were editing it$"):
        as_phone(pad, ANN).edit_round(2, "Ann", expected_rev=shown)


def test_stale_undo_is_refused_with_who_made_the_newer_change():
    pad = one_card("AB")
    shown = pad.undo_id
    as_phone(pad, BEN).add_round("Cy")
    with pytest.raises(ConflictError) as caught:
        as_phone(pad, ANN).undo(expected=shown)
    assert str(caught.value) == "Ben's phone made a newer change (round 3 added, 20:43): undo now takes back that one"
    assert len(pad.rounds) == 3


def test_undo_refused_when_its_change_was_built_upon():
    pad = one_card("AB")
    as_phone(pad, ANN).edit_round(2, "Cy")
    shown = pad.undo_id
    as_phone(pad, BEN).edit_round(2, "Ann")
    with pytest.raises(ConflictError) as caught:
        as_phone(pad, ANN).undo(expected=shown)
    assert str(caught.value) == (
        "Round 2 changed can not be undone: Ben's phone changed round 2 since (round 2 changed, 20:44)"
    )
    assert winners_by_round(pad) == ["Ann", "Ann"]


def test_undo_already_done_on_another_phone_is_refused():
    pad = one_card("AB")
    shown = pad.undo_id
    as_phone(pad, BEN).undo()
    with pytest.raises(ConflictError, match="^Ben's phone already undid round 2 added: nothing was undone$"):
        as_phone(pad, ANN).undo(expected=shown)
    with pytest.raises(ConflictError, match="no longer in this game's log"):
        pad.undo(expected=99)
    assert winners_by_round(pad) == ["Ann"]


def test_undo_refused_when_the_game_is_no_longer_as_the_change_left_it():
    """A document whose rounds were cut outside the app: the log's newest add has no round."""
    pad = one_card("ABC")
    doc = pad.to_doc()
    doc["rounds"] = doc["rounds"][:2]
    cut = OneCardPad.from_doc(doc)
    with pytest.raises(ConflictError, match="^Round 3 added can not be undone: round 3 has been changed since$"):
        cut.undo()
    assert winners_by_round(cut) == ["Ann", "Ben"]


def test_the_log_keeps_the_newest_changes():
    pad = OneCardPad(PLAYERS, options={"target": 999})
    for _ in range(LOG_LIMIT + 5):
        pad.add_round("Ann")
    doc = pad.to_doc()
    assert len(doc["log"]) == LOG_LIMIT == 100
    assert (doc["log"][0]["id"], doc["log"][-1]["id"], doc["seq"]) == (6, 105, 105)
    assert reload(pad).undo() == "round 105 added"


# ---------------------------------------------------------------- reopen


def test_reopen_takes_a_finished_game_back_into_play_and_is_undoable():
    pad = OneCardPad(["Ann", "Ben"], options={"target": 2})
    pad.add_round("Ann")
    pad.add_round("Ann")
    as_phone(pad, ANN).finish()
    with pytest.raises(PadError, match="only a finished game can be reopened"):
        OneCardPad(["Ann", "Ben"]).reopen()
    again = reload(pad)
    as_phone(again, BEN).reopen()
    assert (again.finished, again.to_doc()["winners"]) == (False, [])
    assert again.changes[0].label == "game reopened"
    as_phone(again, BEN).edit_round(2, "Ben")
    assert again.winners == []
    again.undo()
    again.undo()
    assert again.finished and again.to_doc()["winners"] == ["Ann"]



@pytest.mark.parametrize("end", ["finish", "end_early"])
def test_a_finished_game_is_not_finished_again_so_one_undo_takes_it_back_into_play(end):
    pad = OneCardPad(["Ann", "Ben"], options={"target": 2})
    pad.add_round("Ann")
    pad.add_round("Ann")
    getattr(pad, end)()
    for again in (pad.finish, pad.end_early):
        with pytest.raises(PadError, match="^This game is finished already: reopen it to play on$"):
            again()
    assert [change.label for change in pad.changes][:2] == [
        {"finish": "game finished", "end_early": "game ended early"}[end], "round 2 added"]
    assert pad.undo() == {"finish": "game finished", "end_early": "game ended early"}[end]
    assert (pad.finished, pad.ended_early) == (False, False)


# ---------------------------------------------------------------- errors and shapes


def test_a_programming_error_in_a_live_change_is_not_hidden(monkeypatch):
    pad = OneUpPad(["Ann", "Ben"])

    def broken(*args, **kwargs):
        raise TypeError("a bug")

    monkeypatch.setattr(one_up.scoring, "score_stored_round", broken)
    with pytest.raises(TypeError, match="a bug"):
        pad.add_round({"Ann": "K", "Ben": ""}, "Ben")


def test_a_damaged_log_is_refused_when_loaded():
    pad = one_card("AB")
    pad.edit_round(2, "Cy")
    doc = pad.to_doc()
    assert doc["log"][2]["round"] == {
        "before": {"id": pad.round_id(2), "rev": 2, "winner": "Ben"}, "after": {"id": pad.round_id(2), "rev": 3},
    }
    doc["log"][2]["round"]["before"]["stray"] = 1
    with pytest.raises(PadError, match="^The saved change log is damaged: change 3: Round 2 is damaged"):
        OneCardPad.from_doc(doc)
    doc = pad.to_doc()
    doc["log"][2]["round"]["before"]["winner"] = "Zed"
    with pytest.raises(PadError, match="^The saved change log is damaged: change 3: Round 2: 'Zed' is not playing"):
        OneCardPad.from_doc(doc)
    pad.end_early()
    doc = pad.to_doc()
    assert doc["log"][3] == {
        "id": 4, "at": "2026-12-01T20:44:00+00:00", "by": ANN, "kind": "end_early",
        "flags": {"before": [False, False], "after": [True, True]},
    }
    doc["log"][3]["flags"] = {"before": [False]}
    with pytest.raises(PadError, match="^The saved change log is damaged: change 4 has damaged finished/ended early flags$"):
        OneCardPad.from_doc(doc)


def test_up_to_nine_gives_the_core_standings_and_round_results(monkeypatch):
    seen = []
    score = up_to_nine.score_round

    def spy(standings, results, **kwargs):
        seen.append((standings, results))
        return score(standings, results, **kwargs)

    monkeypatch.setattr(up_to_nine.scoring, "score_round", spy)
    pad = UpToNinePad(["Ann", "Ben"])
    pad.add_round({"Ann": {"laid_down": True}, "Ben": {"laid_down": False, "hand": "♥2 K♠"}}, "Ann")
    standings, results = seen[0]
    assert standings == {"Ann": up_to_nine.Standing(1, 0), "Ben": up_to_nine.Standing(1, 0)}
    assert all(type(value) is up_to_nine.Standing for value in standings.values())
    assert all(type(value) is up_to_nine.RoundResult for value in results.values())
    assert results["Ann"] == up_to_nine.RoundResult(True, (), None)
    assert [str(card) for card in results["Ben"].hand] == ["2♥", "K♠"]


# ---------------------------------------------------------------- undo walks back every change

OPERATIONS = st.lists(
    st.tuples(st.sampled_from(["add", "edit", "delete", "option", "end", "reopen"]), st.integers(0, 50),
              st.sampled_from(PLAYERS)),
    min_size=1, max_size=25,
)


def state_of(pad: OneCardPad) -> tuple:
    """What a user sees of a One-card match: the rounds with their ids and revisions, the rules, the end."""
    doc = pad.to_doc()
    return doc["rounds"], doc["options"], doc["finished"], doc["ended_early"], doc["winners"]


@settings(max_examples=60, deadline=None)
@given(OPERATIONS, st.data())
def test_undo_after_any_changes_walks_back_through_every_state(operations, data):
    pad = OneCardPad(PLAYERS, options={"target": 30})
    seen = [state_of(pad)]
    for kind, pick, player in operations:
        rounds = len(pad.rounds)
        if kind == "add":
            as_phone(pad, player).add_round(player)
        elif kind == "edit" and rounds:
            as_phone(pad, player).edit_round(pad.round_id(pick % rounds + 1), player)
        elif kind == "delete" and rounds:
            as_phone(pad, player).delete_round(pick % rounds + 1)
        elif kind == "option":
            as_phone(pad, player).set_option("target", pick + 30)
        elif kind == "end" and rounds and not pad.finished:
            as_phone(pad, player).end_early()
        elif kind == "reopen" and pad.finished:
            as_phone(pad, player).reopen()
        else:
            continue
        seen.append(state_of(pad))
    for earlier in reversed(seen[:-1]):
        if data.draw(st.booleans(), label="reload"):
            pad = reload(pad)
        as_phone(pad, "Cy's phone").undo(expected=pad.undo_id)
        assert state_of(pad) == earlier
    assert not pad.can_undo


def test_an_option_changed_again_builds_on_the_first_change():
    pad = one_card("AB")
    as_phone(pad, ANN).set_option("target", 5)
    shown = pad.undo_id
    as_phone(pad, BEN).set_option("target", 7)
    with pytest.raises(ConflictError) as caught:
        as_phone(pad, ANN).undo(expected=shown)
    assert str(caught.value) == (
        "Option 'target' changed can not be undone: Ben's phone changed option 'target' since "
        "(option 'target' changed, 20:44)"
    )
    assert pad.target == 7


def test_a_newer_change_that_was_undone_does_not_count_as_building_on_it():
    pad = one_card("AB")
    as_phone(pad, ANN).edit_round(2, "Cy")
    shown = pad.undo_id
    as_phone(pad, BEN).edit_round(2, "Ann")
    as_phone(pad, BEN).undo()
    as_phone(pad, BEN).add_round("Ben")
    with pytest.raises(ConflictError) as caught:
        as_phone(pad, ANN).undo(expected=shown)
    assert str(caught.value) == "Ben's phone made a newer change (round 3 added, 20:46): undo now takes back that one"


def test_a_round_put_back_in_its_place_after_a_delete_keeps_the_order_and_undoes_as_an_add():
    # One-card: the round's winner gets one round win (seed 002); the order
    # of rounds decides who deals each one.
    pad = OneCardPad(["Ann", "Ben", "Cy"])
    for winner in ("Ann", "Ben", "Cy"):
        pad.add_round(winner)
    pad.delete_round(2)
    pad.add_at = 2
    row = pad.add_round("Cy", expected_round=3)
    assert [saved["winner"] for saved in pad.rounds] == ["Ann", "Cy", "Cy"]
    assert (row.number, row.dealer, pad.add_at) == (2, "Ben", None)
    assert pad.changes[0].label == "round 2 added"
    pad.undo()
    assert [saved["winner"] for saved in pad.rounds] == ["Ann", "Cy"]


def test_a_round_put_back_past_the_next_round_is_refused():
    pad = OneCardPad(["Ann", "Ben", "Cy"])
    pad.add_round("Ann")
    pad.add_at = 3
    with pytest.raises(PadError, match="There is no place for round 3: this game has rounds 1 to 1"):
        pad.add_round("Ben")
    assert len(pad.rounds) == 1 and pad.add_at is None
