"""Player statistics and the CSV export over saved game documents."""

from __future__ import annotations

import csv
import io

import pytest

from companion import rules_core
from companion.registry import pad_from_doc
from companion.games.one_card import OneCardPad
from companion.games.one_up import OneUpPad
from companion.games.up_or_down import UpOrDownPad
from companion.games.up_to_nine import UpToNinePad
from companion.stats import (
    CSV_COLUMNS,
    TallySums,
    as_text_cell,
    check_tally,
    csv_lines,
    csv_rows,
    freeze_tally,
    frozen_game_tally,
    game_tally,
    level_after_round,
    merge_tallies,
    player_stats,
    started_text,
    thaw_tally,
    write_csv,
)
from companion.store import Store
from companion.ui.games import penalty_parts

DAY = "2026-11-30T01:23:45+00:00"


def one_up_doc() -> dict:
    pad = OneUpPad(["Ann", "Ben"], created=DAY)
    pad.add_round({"Ann": "K 6 5 4 3 2 A", "Ben": ""}, "Ben")
    pad.add_round({"Ann": "K", "Ben": "2"}, ended_by="Ann")
    pad.finish()
    return pad.to_doc()


def up_to_nine_doc() -> dict:
    pad = UpToNinePad(["Ann", "Cy"], created="2026-12-01T10:00:00+00:00")
    pad.add_round({"Ann": {"laid_down": True}, "Cy": {"laid_down": False, "hand": "K♠ 5♦ 5♣"}})
    pad.add_round({"Ann": {"laid_down": True, "hand": "A♠"}, "Cy": {"laid_down": True}})
    return pad.to_doc()


def up_or_down_doc() -> dict:
    pad = UpOrDownPad(["Ann", "Ben", "Cy"], created=DAY)
    pad.add_round({
        "Ann": {"rows": [[8, 3], [2, 1], [8, 5]]},
        "Ben": {"rows": [[8, 5], [4, 2]], "discarded": 3},
        "Cy": {"rows": [[8, 3], [2, 1], [8, 5]]},
    })
    pad.finish()
    return pad.to_doc()


def one_card_doc() -> dict:
    pad = OneCardPad(["Ben", "Cy"], created=DAY)
    pad.add_round("Cy")
    pad.end_early()
    return pad.to_doc()


def damaged_doc() -> dict:
    doc = one_up_doc()
    doc["rounds"][0]["hands"]["Ann"] = ["Q"]
    return doc


def csv_text(docs: list[dict]) -> str:
    """What :func:`write_csv` writes of ``docs``, as text."""
    out = io.StringIO()
    write_csv(docs, out)
    return out.getvalue()


@pytest.fixture
def docs() -> list[dict]:
    return [one_up_doc(), up_to_nine_doc(), up_or_down_doc(), one_card_doc(), damaged_doc()]


def test_player_statistics(docs):
    ann, ben, cy = player_stats(docs)
    assert ann.name == "Ann"
    assert (ann.games, ann.finished, ann.wins, ann.win_rate) == (3, 2, 1, 0.5)
    assert ann.avg_penalty == {"one_up": 20.5, "up_to_nine": 7.5}
    assert (ann.best_score, ann.highest_level) == (66, 2)
    assert (ben.games, ben.finished, ben.wins) == (3, 3, 1)
    assert ben.win_rate == pytest.approx(1 / 3)
    assert ben.avg_penalty == {"one_up": 1.0}
    assert (ben.best_score, ben.highest_level) == (51, None)
    assert (cy.games, cy.finished, cy.wins, cy.win_rate) == (3, 2, 2, 1.0)
    assert cy.avg_penalty == {"up_to_nine": 10.0}
    assert (cy.best_score, cy.highest_level) == (66, 1)


def test_no_finished_game_has_no_win_rate():
    (ann, cy) = player_stats([up_to_nine_doc()])
    assert (ann.games, ann.finished, ann.wins, ann.win_rate) == (1, 0, 0, None)
    assert (ann.best_score, cy.highest_level) == (None, 1)
    assert player_stats([]) == []


def test_csv_rows_one_per_player_per_round(docs):
    rows = csv_rows(docs)
    assert len(rows) == 4 + 4 + 3 + 2
    first_game = docs[0]["id"]
    assert rows[0] == {
        "game_id": first_game, "game": "One Up", "started_utc": "2026-11-30 01:23:45", "round": 1,
        "dealer": "Ann", "player": "Ann", "points": 31, "total": 31, "level_after_round": "", "detail": "",
    }
    assert rows[3]["player"] == "Ben" and rows[3]["round"] == 2 and rows[3]["total"] == 2
    nine = [row for row in rows if row["game"] == "Up to 9"]
    assert [(r["round"], r["player"], r["points"], r["total"], r["level_after_round"]) for r in nine] == [
        (1, "Ann", 0, 0, 2), (1, "Cy", 20, 20, 1), (2, "Ann", 15, 15, 3), (2, "Cy", 0, 20, 2),
    ]
    assert nine[0]["started_utc"] == "2026-12-01 10:00:00"
    assert nine[0]["detail"] == "went out, laid down level 1"
    assert [r["points"] for r in rows if r["game"] == "Up or Down?"] == [66, 51, 66]


def test_the_csv_is_read_back_by_the_csv_module(docs):
    text = csv_text(docs)
    assert text.startswith(
        "game_id,game,started_utc,round,dealer,player,points,total,level_after_round,detail\r\n"
    )
    read = list(csv.DictReader(io.StringIO(text)))
    assert len(read) == 13
    assert tuple(read[0]) == CSV_COLUMNS
    assert read[9]["detail"] == "went out, laid down level 1"
    assert '"went out, laid down level 1"' in text
    assert read[12] == {
        "game_id": docs[1]["id"], "game": "Up to 9", "started_utc": "2026-12-01 10:00:00", "round": "2",
        "dealer": "Cy", "player": "Cy", "points": "0", "total": "20", "level_after_round": "2",
        "detail": "went out, laid down level 1",
    }


def test_csv_games_in_the_order_they_started(docs):
    later = OneCardPad(["Ben", "Cy"], created="2026-11-30T01:23:46+00:00")
    later.add_round("Ben")
    earliest = OneCardPad(["Ann", "Dee"], created="2026-11-29T23:59:59+00:00")
    earliest.add_round("Dee")
    rows = csv_rows([later.to_doc(), *docs, earliest.to_doc()])
    order = list(dict.fromkeys((row["started_utc"], row["game"]) for row in rows))
    assert order == [
        ("2026-11-29 23:59:59", "One-card"),
        ("2026-11-30 01:23:45", "One Up"),
        ("2026-11-30 01:23:45", "Up or Down?"),
        ("2026-11-30 01:23:45", "One-card"),
        ("2026-11-30 01:23:46", "One-card"),
        ("2026-12-01 10:00:00", "Up to 9"),
    ]


def test_csv_replays_a_game_only_when_its_lines_are_reached(docs, monkeypatch):
    replayed: list[str] = []

    def counted(doc):
        replayed.append(doc["id"])
        return pad_from_doc(doc)

    monkeypatch.setattr(rules_core, "pad_from_doc", counted)
    lines = csv_lines(docs)
    first = next(lines)
    assert (first[1], replayed) == ("One Up", [docs[0]["id"]])
    assert len(list(lines)) == 12
    assert replayed == [doc["id"] for doc in (docs[0], docs[2], docs[3], docs[4], docs[1])]


def test_csv_start_times_are_in_utc_and_in_the_order_they_happened():
    oslo = OneCardPad(["Ann", "Dee"], created="2026-12-01T00:30:00+01:00")
    oslo.add_round("Ann")
    utc = OneCardPad(["Ben", "Cy"], created="2026-11-30T23:45:00+00:00")
    utc.add_round("Cy")
    rows = csv_rows([utc.to_doc(), oslo.to_doc()])
    assert [(row["started_utc"], row["player"]) for row in rows] == [
        ("2026-11-30 23:30:00", "Ann"), ("2026-11-30 23:30:00", "Dee"),
        ("2026-11-30 23:45:00", "Ben"), ("2026-11-30 23:45:00", "Cy"),
    ]
    assert started_text("2026-11-30T01:23:45Z") == "2026-11-30 01:23:45"


def test_csv_level_after_level_nine_is_done():
    pad = UpToNinePad(["Ann", "Cy"], created=DAY)
    for _ in range(9):
        pad.add_round({"Ann": {"laid_down": True}, "Cy": {"laid_down": False, "points": 5}})
    ann = [row["level_after_round"] for row in csv_rows([pad.to_doc()]) if row["player"] == "Ann"]
    assert ann == [2, 3, 4, 5, 6, 7, 8, 9, "done"]
    assert started_text("2026-11-30") == "2026-11-30"
    assert level_after_round(None, None) == level_after_round(None, 10) == ""


def test_penalty_average_says_what_it_counts(docs):
    ann = player_stats(docs)[0]
    assert penalty_parts(ann, "one_up") == [
        "20.5 penalty points a round (hands only, give-backs not taken off)"
    ]
    assert penalty_parts(ann, "up_to_nine") == ["7.5 penalty points a round"]
    assert penalty_parts(ann, "one_card") == []


def test_cells_a_spreadsheet_would_run_are_written_as_text():
    pad = OneCardPad(["=HYPERLINK(\"http://x\")", "@SUM(A1)", "+1", "-2"], created=DAY)
    pad.add_round("@SUM(A1)")
    text = csv_text([pad.to_doc()])
    read = list(csv.DictReader(io.StringIO(text)))
    assert [row["player"] for row in read] == ["'=HYPERLINK(\"http://x\")", "'@SUM(A1)", "'+1", "'-2"]
    assert read[0]["dealer"] == "'=HYPERLINK(\"http://x\")"
    assert [row["points"] for row in read] == ["0", "1", "0", "0"]
    assert [as_text_cell(value) for value in ("\tx", "\rx", "a=b", -3, "")] == ["'\tx", "'\rx", "a=b", -3, ""]


def test_store_keeps_the_statistics_as_games_are_saved(tmp_path):
    store = Store(tmp_path)
    games = [one_up_doc(), up_to_nine_doc(), up_or_down_doc(), one_card_doc(), damaged_doc()]
    store.add_games(games[:3])
    store.save_game(games[3])
    store.save_game(games[4])
    assert store.player_stats() == player_stats(games)
    assert Store(tmp_path).player_stats() == player_stats(games)
    store.delete_game(games[0]["id"])
    assert store.player_stats() == player_stats(games[1:])
    reopened = dict(games[2], finished=False, winners=[])
    store.save_game(reopened)
    assert store.player_stats() == player_stats([reopened, *games[1:2], *games[3:]])
    ann = store.player_stats()[0]
    assert (ann.name, ann.games, ann.finished, ann.best_score) == ("Ann", 2, 0, 66)


def test_game_tally_is_what_the_store_keeps():
    tally = game_tally(pad_from_doc(up_to_nine_doc()))
    assert tally == {
        "Ann": {"finished": False, "won": False, "penalty": [15, 2], "record": 2},
        "Cy": {"finished": False, "won": False, "penalty": [20, 2], "record": 1},
    }
    assert check_tally(tally)
    assert not check_tally({"Ann": {**tally["Ann"], "penalty": [1, -1]}})
    assert thaw_tally(freeze_tally(tally)) == tally
    assert merge_tallies([("up_to_nine", freeze_tally(tally))]) == player_stats([up_to_nine_doc()])


@pytest.mark.parametrize("make", [one_up_doc, up_to_nine_doc, up_or_down_doc, one_card_doc])
def test_frozen_game_tally_is_the_game_tally_frozen(make):
    pad = pad_from_doc(make())
    assert frozen_game_tally(pad) == freeze_tally(game_tally(pad))


def test_frozen_game_tally_of_a_finished_one_up_game():
    assert frozen_game_tally(pad_from_doc(one_up_doc())) == (
        ("Ann", True, False, (41, 2), None), ("Ben", True, True, (2, 2), None))


def test_sums_kept_game_by_game_give_the_statistics_of_the_games_left(docs):
    """Counting games in and out one at a time gives what adding up the games left gives,
    also when the game that held a player's best record is taken out."""
    games = [(doc["game"], freeze_tally(game_tally(pad_from_doc(doc)))) for doc in docs[:4]]
    low_up_or_down = up_or_down_doc()
    low_up_or_down["rounds"][0]["scores"]["Ann"]["rows"] = [[8, 3]]
    low = (low_up_or_down["game"], freeze_tally(game_tally(pad_from_doc(low_up_or_down))))
    sums = TallySums.of([*games, low])
    assert sums.stats() == merge_tallies([*games, low]) == player_stats([*docs[:4], low_up_or_down])
    sums.remove(*games[2])
    ann = sums.stats()[0]
    assert (ann.games, ann.best_score) == (3, 24)
    assert sums.stats() == merge_tallies([games[0], games[1], games[3], low])
    copy = sums.copy()
    for game in (games[0], games[1], games[3], low):
        sums.remove(*game)
    assert (sums.stats(), sums.games, sums.penalties, sums.records) == ([], {}, {}, {})
    assert copy.stats() == merge_tallies([games[0], games[1], games[3], low])


def test_sums_merged_are_the_sums_of_adding_every_game_one_by_one(docs):
    """Merging the sums of two groups of games counts what adding each game in turn counts, field by field."""
    games = [(doc["game"], freeze_tally(game_tally(pad_from_doc(doc)))) for doc in docs[:4]]
    merged = TallySums.of(games[:2])
    merged.merge(TallySums.of(games[2:]))
    one_by_one = TallySums.of(games)
    assert merged == one_by_one
    assert [getattr(merged, name) for name in TallySums.__slots__] == [
        getattr(one_by_one, name) for name in TallySums.__slots__]
    assert merged.stats() == player_stats(docs)
    assert merged != TallySums.of(games[1:])


def test_the_store_keeps_the_sums_as_finished_games_come_and_go(tmp_path):
    store = Store(tmp_path)
    finished = [one_up_doc(), up_or_down_doc(), one_card_doc()]
    for number, doc in enumerate(finished):
        doc["id"] = f"game{number}"
        store.save_game(doc)
    assert store.player_stats() == player_stats(finished)
    store.delete_game("game1")
    assert store.player_stats() == player_stats([finished[0], finished[2]])
    assert Store(tmp_path).player_stats() == player_stats([finished[0], finished[2]])
