"""The list of games (History) and the player statistics name the same winners: those the rules
give when the saved game is replayed (the pad's ``winners``), never a saved document's own
``winners`` field where the two disagree (companion/store/index.py ``agreeing``)."""

from __future__ import annotations

import json

from companion.games.one_up import OneUpPad
from companion.store import Store

PLAYERS = ["Hege", "Ivar", "Jon"]


def twelve_rounds(*, end_early: bool) -> dict:
    """A One Up game of Hege, Ivar and Jon played to 1,000 points: 12 rounds, in each of which
    Hege goes out while Ivar and Jon hold K 3. Ended early after them (``end_early``), or left
    in play (far from the 1,000 points that end it)."""
    pad = OneUpPad(PLAYERS, options={"limit": 1000})
    for _number in range(12):
        pad.add_round({"Hege": "", "Ivar": "K 3", "Jon": "K 3"}, "Hege")
    if end_early:
        pad.end_early()
    return pad.to_doc()


def marked_finished(doc: dict, winners: list[str]) -> dict:
    """``doc`` as a hand-made file has it: marked finished (not ended early) with ``winners``,
    though its rounds have not reached the end the rules set."""
    return {**doc, "finished": True, "ended_early": False, "winners": winners}


def stats_of(store: Store) -> dict[str, tuple[int, int]]:
    """Player name -> (wins, finished games) in the store's statistics."""
    return {entry.name: (entry.wins, entry.finished) for entry in store.player_stats()}


def test_a_game_ended_early_is_won_by_its_leader_in_both(tmp_path):
    store = Store(tmp_path)
    store.save_game(twelve_rounds(end_early=True))
    assert store.list_games()[0]["winners"] == ["Hege"]
    assert stats_of(store) == {"Hege": (1, 1), "Ivar": (0, 1), "Jon": (0, 1)}


def test_a_finished_mark_the_rules_do_not_bear_out_names_no_winner_in_either(tmp_path):
    store = Store(tmp_path)
    store.save_game(marked_finished(twelve_rounds(end_early=False), ["Hege"]))
    summary = store.list_games()[0]
    assert summary["finished"] is True
    assert summary["winners"] == []
    assert stats_of(store) == {"Hege": (0, 1), "Ivar": (0, 1), "Jon": (0, 1)}


def test_an_imported_backup_of_such_games_names_no_winner_in_either(tmp_path):
    store = Store(tmp_path)
    games = [marked_finished({**twelve_rounds(end_early=False), "id": f"{number:032x}"}, ["Hege"])
             for number in range(1, 6)]
    backup = {"format": "companion-backup", "schema": 1, "exported": "2026-12-01T20:00:00+00:00", "games": games}
    assert store.import_json(json.dumps(backup)) == 5
    assert [summary["winners"] for summary in store.list_games()] == [[]] * 5
    assert stats_of(store) == {"Hege": (0, 5), "Ivar": (0, 5), "Jon": (0, 5)}
    assert [summary["winners"] for summary in Store(tmp_path).list_games()] == [[]] * 5


def test_a_history_file_written_with_the_document_s_winners_is_read_with_the_rules_winners(tmp_path):
    store = Store(tmp_path)
    store.save_game(marked_finished(twelve_rounds(end_early=False), ["Hege"]))
    history = tmp_path / "history.json"
    rows = json.loads(history.read_text(encoding="utf-8"))
    for row in rows["summaries"].values():
        row["winners"] = ["Hege"]
    history.write_text(json.dumps(rows), encoding="utf-8")
    assert Store(tmp_path).list_games()[0]["winners"] == []
