"""The screens' plain-Python state, without a browser: the entry-sheet drafts,
the New game draft, each game's UI hooks, the shell's helpers, main.py's
command line, and how a screen saves against the latest saved game when
several phones share it (companion/table/saving.py, with a real store).

A draft is what a sheet holds before "Save": every tap is a method on it, and
``entry()`` is exactly what the pad's ``add_round`` receives, so a draft and
a pad together are the whole path from taps to totals. Expected totals follow
seed 000 (One Up: each value once, A=1 .. 6=6, K=10, joker 20; going out
gives back 10 from a total of 10 or more, else 1 from 1 or more) and seed 004
(Up or Down?: cards in a row x its commonest colour, +1 per discarded card).
"""

from __future__ import annotations

import re
import socket

import flet as ft
import pytest

import main
from companion import registry
from companion.games import up_to_nine
from companion.pads import PadError
from companion.registry import new_pad, pad_from_doc
from companion.stats import PlayerStats
from companion.store import Store
from companion.table import saving
from companion.ui.app import query_params, tab_index
from companion.ui.entry_sheet import preview_or_none
from companion.ui.games import game_ui
from companion.ui.games.one_up import _draft as one_up_draft
from companion.ui.games.one_up import card_text, stored_values
from companion.ui.games.up_or_down import _draft as up_or_down_draft
from companion.ui.games.up_to_nine import UpToNineDraft, _blank, _from_stored
from companion.ui.history import _stats_text
from companion.ui.new_game import NewGameDraft, past_names
from companion.ui.check import Followed, follow
from companion.pads.changelog import phone_label
from companion.table.phones import unnamed_phone_label
from companion.ui.state import SessionState

PLAYERS = ["Ann", "Ben", "Cy"]


class TestOneUpDraft:
    def test_values_toggle_on_and_off_in_circle_order(self):
        draft = one_up_draft(new_pad("one_up", PLAYERS), None)
        for value in ("K", "3", "A", "3"):
            draft.toggle_value("Ann", value)
        assert draft.hands["Ann"] == ("A", "K")

    def test_entry_scores_through_the_pad(self):
        pad = new_pad("one_up", PLAYERS)
        draft = one_up_draft(pad, None)
        for value in ("K", "3"):
            draft.toggle_value("Ann", value)
        draft.toggle_value("Ben", "5")
        draft.toggle_out("Cy")
        pad.add_round(**draft.entry())
        assert pad.totals == {"Ann": 13, "Ben": 5, "Cy": 0}

    def test_going_out_clears_the_hand_and_who_dropped_out_last(self):
        draft = one_up_draft(new_pad("one_up", PLAYERS), None)
        draft.toggle_value("Ann", "6")
        draft.toggle_last("Ben")
        draft.toggle_out("Ann")
        assert draft.hands["Ann"] == ()
        assert draft.entry()["went_out"] == "Ann"
        assert draft.entry()["ended_by"] is None

    def test_nobody_out_needs_who_dropped_out_last(self):
        pad = new_pad("one_up", PLAYERS)
        draft = one_up_draft(pad, None)
        for player in PLAYERS:
            draft.toggle_value(player, "2")
        with pytest.raises(PadError):
            pad.add_round(**draft.entry())
        draft.toggle_last("Ben")
        pad.add_round(**draft.entry())
        assert pad.totals == {"Ann": 2, "Ben": 2, "Cy": 2}
        assert pad.next_starter == "Ben"

    def test_joker_variant_offers_the_joker_worth_20(self):
        pad = new_pad("one_up", PLAYERS, options={"joker": True})
        draft = one_up_draft(pad, None)
        assert draft.values[-1] == "joker"
        draft.toggle_value("Ann", "joker")
        draft.toggle_out("Ben")
        draft.toggle_value("Cy", "A")
        assert draft.entry()["hands"]["Ann"] == ["JK"]
        pad.add_round(**draft.entry())
        assert pad.totals == {"Ann": 20, "Ben": 0, "Cy": 1}

    def test_editing_starts_from_the_stored_round(self):
        pad = new_pad("one_up", PLAYERS)
        pad.add_round({"Ann": "K K 3", "Ben": [], "Cy": "2"}, went_out="Ben")
        draft = one_up_draft(pad, 1)
        assert draft.hands == {"Ann": ("3", "K"), "Ben": (), "Cy": ("2",)}
        assert draft.went_out == "Ben"
        draft.toggle_value("Ann", "4")
        pad.edit_round(1, **draft.entry())
        assert pad.totals == {"Ann": 17, "Ben": 0, "Cy": 2}

    def test_card_text_and_stored_values(self):
        assert card_text("K") == "K"
        assert card_text("joker") == "JK"
        assert stored_values(["K", "K", "3", "JK"], True) == ("3", "K", "joker")


class TestUpToNineDraft:
    def test_a_lay_down_moves_the_player_to_level_2(self):
        pad = new_pad("up_to_nine", PLAYERS)
        draft = UpToNineDraft({player: _blank() for player in PLAYERS})
        draft.toggle_out("Ann")
        draft.add_card("Ben", "K")
        draft.add_card("Ben", "5")
        draft.change("Cy", points="25")
        pad.add_round(**draft.entry())
        assert [pad.level(player) for player in PLAYERS] == [2, 1, 1]
        assert pad.totals == {"Ann": 0, "Ben": 15, "Cy": 25}

    def test_cards_and_typed_points_replace_each_other(self):
        draft = UpToNineDraft({"Ann": _blank()})
        draft.add_card("Ann", "K")
        draft.change("Ann", points="30", hand=())
        assert draft.entry()["results"]["Ann"] == {"laid_down": False, "hand": [], "points": 30}
        draft.add_card("Ann", "A")
        assert draft.entry()["results"]["Ann"] == {"laid_down": False, "hand": ["A"], "points": None}
        draft.remove_card("Ann", 0)
        assert draft.states["Ann"]["hand"] == ()

    def test_going_out_means_laid_down_with_nothing_left(self):
        draft = UpToNineDraft({"Ann": _blank()})
        draft.add_card("Ann", "7")
        draft.toggle_out("Ann")
        assert draft.entry()["results"]["Ann"] == {"laid_down": True, "hand": [], "points": None}

    def test_stored_results_read_back(self):
        assert _from_stored({"laid_down": True, "hand": [], "points": None})["out"] is True
        state = _from_stored({"laid_down": False, "hand": ["♥2"], "points": None})
        assert (state["out"], state["hand"], state["points"]) == (False, ("♥2",), "")
        assert _from_stored({"laid_down": False, "hand": [], "points": 15})["points"] == "15"


class TestUpOrDownDraft:
    def test_colour_counts_score_through_the_pad(self):
        pad = new_pad("up_or_down", ["Ann", "Ben"])
        draft = up_or_down_draft(pad, None)
        for _ in range(3):
            draft.step_colour(0, "yellow", 1)
        for _ in range(2):
            draft.step_colour(0, "blue", 1)
        draft.add_row()
        for _ in range(2):
            draft.step_colour(1, "red", 1)
        for _ in range(3):
            draft.step_discard(1)
        draft.show("Ben")
        for _ in range(4):
            draft.step_colour(0, "green", 1)
        draft.step_discard(1)
        pad.add_round(**draft.entry())
        assert pad.totals == {"Ann": 22, "Ben": 17}
        assert pad.winners == ["Ann"]

    def test_counts_never_go_below_zero_and_rows_can_be_removed(self):
        draft = up_or_down_draft(new_pad("up_or_down", ["Ann", "Ben"]), None)
        draft.step_colour(0, "red", -1)
        draft.step_discard(-1)
        assert draft.sheets["Ann"]["rows"][0]["red"] == 0
        assert draft.sheets["Ann"]["discarded"] == 0
        draft.add_row()
        draft.remove_row(0)
        assert len(draft.sheets["Ann"]["rows"]) == 1

    def test_the_discard_pile_is_typed_as_a_number(self):
        pad = new_pad("up_or_down", ["Ann", "Ben"])
        draft = up_or_down_draft(pad, None)
        draft.type_rows("8 3")
        draft.type_discard("10")
        assert (draft.sheets["Ann"]["discarded"], draft.discard_typed(), draft.discard_error) == (10, "10", "")
        draft.type_discard("1o")
        assert (draft.sheets["Ann"]["discarded"], draft.discard_typed()) == (10, "1o")
        assert draft.discard_error == "Type the cards on the discard pile as a whole number, like 4"
        draft.type_discard("")
        assert (draft.sheets["Ann"]["discarded"], draft.discard_error) == (0, "")
        draft.type_discard(" 4 ")
        draft.step_discard(1)
        assert draft.discard_typed() == "5"
        draft.show("Ben")
        assert draft.discard_typed() == "0"
        pad.add_round(**draft.entry())
        assert pad.totals == {"Ann": 29, "Ben": 0}

    def test_a_row_stored_as_counts_is_kept_when_editing(self):
        pad = new_pad("up_or_down", ["Ann", "Ben"])
        pad.add_round({"Ann": {"rows": [[8, 5]], "discarded": 2}, "Ben": {"rows": [["red", "red"]]}})
        draft = up_or_down_draft(pad, 1)
        assert draft.sheets["Ann"]["rows"] == [[8, 5]]
        assert draft.sheets["Ben"]["rows"][0]["red"] == 2
        pad.edit_round(1, **draft.entry())
        assert pad.totals == {"Ann": 42, "Ben": 4}


class TestNewGameDraft:
    def test_names_are_unique_ignoring_case(self):
        draft = NewGameDraft()
        draft.add_player(" Ann ")
        draft.add_player("ann")
        assert draft.players == ("Ann",)
        assert "already at the table" in draft.error

    def test_names_are_made_plain_and_look_alikes_are_one_name(self):
        draft = NewGameDraft()
        draft.add_player("  A\u030ase   Marie\u200b ")
        draft.add_player("\u00c5SE MARIE")
        assert draft.players == ("\u00c5se Marie",)
        assert draft.error == "\u00c5SE MARIE is already at the table: give each player a different name"
        draft.add_player("\U0001f468\u200d\U0001f469 van Dijk")
        assert draft.players == ("\u00c5se Marie", "\U0001f468\u200d\U0001f469 van Dijk")
        draft.add_player("\u200b\ufeff")
        assert draft.error == "Type the player's name first, then tap Add"

    def test_a_name_longer_than_the_pad_shows_is_refused(self):
        draft = NewGameDraft()
        draft.add_player("B" * 10_000)
        assert (draft.players, draft.error) == ((), "A player's name is at most 24 characters: " + "B" * 24 + "… has 10,000")
        draft.add_player("  " + "B" * 24 + "  ")
        assert (draft.players, draft.error) == (("B" * 24,), "")

    @pytest.mark.parametrize("name, shown", [("Ann\x00", "Ann"), ("\x1b[2JAnn", "[2JAnn"), ("\u202eAnn", "Ann"),
                                             ("A\u2066nn\u2069", "Ann"), ("Ann\x7f", "Ann"), ("Ann\x85", "Ann")])
    def test_a_name_with_control_characters_or_direction_marks_is_refused(self, name, shown):
        draft = NewGameDraft()
        draft.add_player(name)
        assert (draft.players, draft.error) == (
            (), f"The name {shown} holds hidden control characters or direction marks, which a name can not have")

    def test_no_more_players_than_the_game_takes(self):
        draft = NewGameDraft()
        for name in "ABCDEFG":
            draft.add_player(name)
        assert draft.players == tuple("ABCDEF")
        assert "at most 6" in draft.error

    def test_the_dealer_moves_with_the_seat(self):
        draft = NewGameDraft()
        for name in PLAYERS:
            draft.add_player(name)
        draft.choose_dealer(1)
        draft.move(1, -1)
        assert draft.players == ("Ben", "Ann", "Cy")
        assert draft.dealer == 0
        draft.remove(2)
        assert draft.dealer == 0
        draft.remove(0)
        assert (draft.players, draft.dealer) == (("Ann",), 0)

    def test_removing_a_seat_before_the_dealer_keeps_the_dealer(self):
        draft = NewGameDraft()
        for name in PLAYERS:
            draft.add_player(name)
        draft.choose_dealer(2)
        draft.remove(0)
        assert draft.players[draft.dealer] == "Cy"

    def test_typing_a_name_does_not_repaint_and_adding_it_clears_the_field(self):
        draft = NewGameDraft()
        changed = []

        def note(sender, name):
            changed.append(name)

        draft.subscribe(note)
        for text in ("B", "Be", "Bea"):
            draft.type_name(ft.Event(name="change", control=ft.TextField(value=text)))
        assert (draft.typed, changed) == ("Bea", [])
        draft.add_player(draft.typed)
        assert (draft.players, draft.typed, changed) == (("Bea",), "", ["players"])

    def test_picking_a_game_resets_its_options(self):
        draft = NewGameDraft()
        draft.set_option("joker", True)
        draft.pick_game("one_card")
        assert (draft.game, dict(draft.options)) == ("one_card", {})

    def test_past_names_newest_first_without_the_table(self):
        summaries = [{"players": ["Cy", "Ann"]}, {"players": ["ann", "Dee", "Cy"]}]
        assert past_names(summaries, ("Cy",)) == ["Ann", "Dee"]
        assert past_names([{"players": ["A\u030ase", "\u00c5se", "B\u200ben"]}], ("Ben",)) == ["A\u030ase"]


HOOKS = (
    "Entry", "Check", "options_panel", "facts", "add_label", "total_extras", "change_text", "stats_parts",
    "entry_lines",
)


class TestGameHooks:
    @pytest.mark.parametrize("game", registry.GAME_IDS)
    def test_every_game_has_a_ui_module_with_every_hook(self, game):
        ui = game_ui(game)
        assert ui.__name__ == f"companion.ui.games.{game}"
        assert [hook for hook in HOOKS if not callable(getattr(ui, hook, None))] == []

    def test_an_unknown_game_has_no_ui(self):
        with pytest.raises(registry.UnknownGameError, match="no game 'poker'"):
            game_ui("poker")

    def test_the_lines_under_the_title(self):
        short = new_pad("one_up", PLAYERS, options={"joker": True, "limit": 30})
        assert game_ui("one_up").facts(short) == ["Ends at 30 points, wild joker. Chips: a dot is 10, a ring is 1."]
        assert game_ui("one_card").facts(new_pad("one_card", PLAYERS)) == ["First to 5 round wins takes the match"]
        assert game_ui("up_or_down").facts(new_pad("up_or_down", PLAYERS)) == []
        nine = new_pad("up_to_nine", ["Ann", "Ben"])
        assert game_ui("up_to_nine").facts(nine) == [
            "Ann: level 1, straight of 4 · wilds 0", "Ben: level 1, straight of 4 · wilds 0",
        ]

    def test_the_add_button_counts_the_scores_first_in_up_or_down(self):
        pad = new_pad("up_or_down", ["Ann", "Ben"])
        assert game_ui("up_or_down").add_label(pad) == "Count the scores"
        pad.add_round({"Ann": {"rows": [[8, 3]]}, "Ben": {"rows": [], "discarded": 4}})
        assert game_ui("up_or_down").add_label(pad) == "Add round"
        assert [game_ui(game).add_label(new_pad(game, PLAYERS)) for game in ("one_up", "one_card", "up_to_nine")] == [
            "Add round"] * 3

    def test_round_cells_show_the_change_or_the_level(self):
        one_up_pad = new_pad("one_up", PLAYERS)
        one_up_pad.add_round({"Ann": "K 3", "Ben": "", "Cy": "5"}, "Ben")
        row = one_up_pad.rows[0]
        assert [game_ui("one_up").change_text(one_up_pad, row, p) for p in PLAYERS] == ["+13", "0", "+5"]
        nine = new_pad("up_to_nine", ["Ann", "Ben"])
        nine.add_round({"Ann": {"laid_down": True}, "Ben": {"laid_down": False, "hand": "♥2"}})
        assert [game_ui("up_to_nine").change_text(nine, nine.rows[0], p) for p in ("Ann", "Ben")] == ["0 L2", "+20 L1"]

    def test_statistics_lines_per_game_in_registry_order(self):
        stats = PlayerStats("Ann", games=3, finished=2, wins=1, win_rate=0.5,
                            avg_penalty={"up_to_nine": 12.5, "one_up": 4.0}, best_score=22, highest_level=0)
        assert _stats_text(stats).split("\n") == [
            "3 games · won 1 of 2 finished (50%)",
            "One Up: 4.0 penalty points a round (hands only, give-backs not taken off)",
            "Up to 9: 12.5 penalty points a round, no level laid down yet",
            "Up or Down?: best score 22",
        ]


class TestShell:
    @pytest.mark.parametrize(
        ("path", "tab"),
        [("/", 0), ("/new", 0), ("/pad/abc", 0), ("/setup", 0), ("/check", 1),
         ("/check/one_up", 1), ("/rules", 2), ("/history", 3), ("/history/abc", 3)],
    )
    def test_tab_of_each_route(self, path, tab):
        assert tab_index(path) == tab

    def test_query_params(self):
        assert query_params("/setup?game=one_up&players=4") == {"game": "one_up", "players": "4"}
        assert query_params("/setup") == {}

    def test_a_newer_message_is_not_dismissed_by_an_older_timer(self):
        session = SessionState()
        session.tell("Round 1 deleted", undo=lambda: None)
        first = session.message_id
        session.tell("Round 2 saved")
        session.dismissed(first)
        assert session.message == "Round 2 saved"
        session.dismissed(session.message_id)
        assert (session.message, session.undo) == ("", None)


class TestCommandLine:
    def test_defaults(self):
        args = main.parse_args([])
        assert (args.port, args.host, args.data_dir, args.no_browser) == (None, "127.0.0.1", None, False)

    def test_a_port_out_of_range_is_refused(self):
        with pytest.raises(SystemExit):
            main.parse_args(["--port", "70000"])

    def test_a_taken_default_port_gives_a_free_one(self, monkeypatch):
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as holder:
            holder.bind(("127.0.0.1", 0))
            holder.listen()
            taken = holder.getsockname()[1]
            monkeypatch.setattr(main, "DEFAULT_PORT", taken)
            chosen = main.choose_port("127.0.0.1", None)
        assert chosen != taken and 0 < chosen < 65536

    def test_a_taken_explicit_port_is_an_error(self):
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as holder:
            holder.bind(("127.0.0.1", 0))
            holder.listen()
            with pytest.raises(SystemExit, match="already in use"):
                main.choose_port("127.0.0.1", holder.getsockname()[1])


class TestUpToNineWentOut:
    def test_the_sheet_saves_who_went_out(self):
        pad = new_pad("up_to_nine", PLAYERS)
        draft = UpToNineDraft({player: _blank() for player in PLAYERS})
        draft.toggle_out("Ben")
        draft.change("Ann", points="25")
        draft.change("Cy", points="5")
        assert draft.entry()["went_out"] == "Ben"
        pad.add_round(**draft.entry())
        assert pad.went_out(1) == "Ben"

    def test_nobody_out_is_none(self):
        draft = UpToNineDraft({player: _blank() for player in PLAYERS})
        assert draft.entry()["went_out"] is None


@pytest.fixture
def table(tmp_path):
    """A store holding one One-card game of Ann, Ben and Cy with two rounds
    (Ann, then Ben won), saved from "Ann's phone"; returns (store, game id)."""
    store = Store(tmp_path)
    pad = new_pad("one_card", PLAYERS)
    store.save_game(pad.to_doc())
    for winner in ("Ann", "Ben"):
        store.update_game(pad.id, lambda saved, winner=winner: saved.add_round(winner), by="Ann's phone")
    return store, pad.id


def _latest(store, game_id):
    return pad_from_doc(store.get_game(game_id))


class TestSavingFromTwoPhones:
    """companion/table/saving.py with a real store: a sheet's mark against the
    game as another phone left it (the pad's expected_round / expected_rev)."""

    def test_two_new_rounds_the_second_is_asked(self, table):
        store, game_id = table
        mark = saving.mark_new(_latest(store, game_id))
        first = saving.save_round(store, game_id, mark, {"winner": "Cy"}, "Ben's phone")
        assert (first.saved, first.message) == (True, "Round 3 saved")
        second = saving.save_round(store, game_id, mark, {"winner": "Ann"}, "Cy's phone")
        assert not second.saved
        assert second.conflict.kind == saving.ADD
        assert second.message == "Round 3 was just saved on Ben's phone: save yours as round 4, or drop it?"
        assert (second.conflict.apply_label, second.conflict.drop_label) == ("Save as round 4", "Drop mine")
        assert len(_latest(store, game_id).rounds) == 3
        again = saving.save_round(store, game_id, second.conflict.mark, {"winner": "Ann"}, "Cy's phone")
        assert (again.saved, again.message) == (True, "Round 4 saved")
        assert [r["winner"] for r in _latest(store, game_id).rounds] == ["Ann", "Ben", "Cy", "Ann"]

    def test_edit_against_edit_shows_the_round_now_and_saves_mine_over_it(self, table):
        store, game_id = table
        mark = saving.mark_round(_latest(store, game_id), 2)
        assert saving.save_round(store, game_id, mark, {"winner": "Cy"}, "Ann's phone").saved
        mine = saving.save_round(store, game_id, mark, {"winner": "Ann"}, "Ben's phone")
        assert mine.message == "Ann's phone changed round 2 while you were editing it"
        assert mine.conflict.kind == saving.EDIT
        assert (mine.conflict.apply_label, mine.conflict.drop_label) == ("Save mine over it", "Keep theirs")
        now = _latest(store, game_id)
        assert mine.conflict.mark == saving.SheetMark(now.round_id(2), now.round_rev(2), 2)
        assert now.rounds[1]["winner"] == "Cy"
        over = saving.save_round(store, game_id, mine.conflict.mark, {"winner": "Ann"}, "Ben's phone")
        assert (over.saved, over.message) == (True, "Round 2 saved")
        assert [r["winner"] for r in _latest(store, game_id).rounds] == ["Ann", "Ann"]

    def test_edit_against_delete_offers_to_put_it_back_in_its_place(self, table):
        store, game_id = table
        mark = saving.mark_round(_latest(store, game_id), 1)
        assert saving.delete_round(store, game_id, mark, "Ann's phone").message == "Round 1 deleted"
        mine = saving.save_round(store, game_id, mark, {"winner": "Cy"}, "Ben's phone")
        assert mine.message == "Ann's phone deleted round 1 while you were editing it"
        assert mine.conflict.kind == saving.GONE
        assert (mine.conflict.apply_label, mine.conflict.drop_label) == ("Put it back as round 1", "Drop mine")
        assert [r["winner"] for r in _latest(store, game_id).rounds] == ["Ben"]
        back = saving.save_round(store, game_id, mine.conflict.mark, {"winner": "Cy"}, "Ben's phone")
        assert (back.saved, back.message) == (True, "Round 1 saved")
        assert [r["winner"] for r in _latest(store, game_id).rounds] == ["Cy", "Ben"]

    def test_edit_against_delete_may_save_over_the_round_there_now(self, table):
        store, game_id = table
        mark = saving.mark_round(_latest(store, game_id), 1)
        assert saving.delete_round(store, game_id, mark, "Ann's phone").saved
        mine = saving.save_round(store, game_id, mark, {"winner": "Cy"}, "Ben's phone")
        label, over_mark = mine.conflict.also
        assert label == "Save over round 1 now"
        over = saving.save_round(store, game_id, over_mark, {"winner": "Cy"}, "Ben's phone")
        assert (over.saved, over.message) == (True, "Round 1 saved")
        assert [r["winner"] for r in _latest(store, game_id).rounds] == ["Cy"]

    def test_the_last_round_deleted_under_an_edit_goes_back_at_the_end_with_nothing_to_save_over(self, table):
        store, game_id = table
        mark = saving.mark_round(_latest(store, game_id), 2)
        assert saving.delete_round(store, game_id, mark, "Ann's phone").saved
        mine = saving.save_round(store, game_id, mark, {"winner": "Cy"}, "Ben's phone")
        assert (mine.conflict.apply_label, mine.conflict.also) == ("Put it back as round 2", None)

    def test_delete_against_edit_asks_and_delete_against_delete_tells(self, table):
        store, game_id = table
        mark = saving.mark_round(_latest(store, game_id), 2)
        assert saving.save_round(store, game_id, mark, {"winner": "Cy"}, "Ann's phone").saved
        refused = saving.delete_round(store, game_id, mark, "Ben's phone")
        assert refused.conflict.kind == saving.DELETE
        assert refused.message == "Ann's phone changed round 2 while you were deleting it"
        assert refused.conflict.apply_label == "Delete it anyway"
        assert saving.delete_round(store, game_id, refused.conflict.mark, "Ben's phone").saved
        twice = saving.delete_round(store, game_id, refused.conflict.mark, "Cy's phone")
        assert (twice.saved, twice.conflict, twice.message) == (False, None, "Ben's phone already deleted round 2")

    def test_undo_from_another_phone_and_a_refused_undo(self, table):
        store, game_id = table
        shown = _latest(store, game_id).undo_id
        done = saving.undo(store, game_id, shown, "Ben's phone")
        assert (done.saved, done.message) == (True, "Undone: round 2 added")
        late = saving.undo(store, game_id, shown, "Cy's phone")
        assert late.saved is False
        assert late.message == "Ben's phone already undid round 2 added: nothing was undone"
        changes = _latest(store, game_id).changes
        assert [(c.label, c.by, c.undone) for c in changes] == [
            ("undo: round 2 added", "Ben's phone", False),
            ("round 2 added", "Ann's phone", True),
            ("round 1 added", "Ann's phone", False),
        ]

    def test_reopen_is_logged(self, table):
        store, game_id = table
        assert saving.change_game(store, game_id, lambda pad: pad.end_early(), "Ann's phone").saved
        reopened = saving.change_game(store, game_id, lambda pad: pad.reopen(), "Ben's phone")
        assert reopened.saved and not reopened.pad.finished
        assert _latest(store, game_id).changes[0].label == "game reopened"

    def test_a_new_round_entered_while_the_game_was_ended_asks_before_playing_on(self, table):
        store, game_id = table
        mark = saving.mark_new(_latest(store, game_id))
        assert saving.change_game(store, game_id, lambda pad: pad.end_early(), "Cy's phone").saved
        ended_at = _latest(store, game_id).changes[0].time
        mine = saving.save_round(store, game_id, mark, {"winner": "Ann"}, "Ben's phone")
        assert (mine.saved, mine.conflict.kind) == (False, saving.ENDED)
        assert mine.message == (f"Cy's phone ended this game ({ended_at}) while this sheet was open: "
                                "save yours and play on, or drop it?")
        assert (mine.conflict.apply_label, mine.conflict.drop_label) == ("Save and play on", "Drop mine")
        assert mine.conflict.mark == saving.SheetMark(None, None, 3, False)
        assert (_latest(store, game_id).finished, len(_latest(store, game_id).rounds)) == (True, 2)
        again = saving.save_round(store, game_id, mine.conflict.mark, {"winner": "Ann"}, "Ben's phone")
        assert (again.saved, again.message, again.pad.finished) == (True, "Round 3 saved", False)

    def test_an_edit_and_a_delete_of_a_game_ended_meanwhile_ask_too(self, table):
        store, game_id = table
        mark = saving.mark_round(_latest(store, game_id), 2)
        assert saving.change_game(store, game_id, lambda pad: pad.end_early(), "Cy's phone").saved
        edit = saving.save_round(store, game_id, mark, {"winner": "Cy"}, "Ben's phone")
        assert (edit.conflict.kind, edit.conflict.mark) == (saving.ENDED, saving.SheetMark(mark.round_id, mark.rev, 2, False))
        delete = saving.delete_round(store, game_id, mark, "Ben's phone")
        assert (delete.conflict.kind, delete.conflict.apply_label) == (saving.DELETE, "Delete it and play on")
        assert _latest(store, game_id).finished
        assert saving.delete_round(store, game_id, delete.conflict.mark, "Ben's phone").message == "Round 2 deleted"
        assert [r["winner"] for r in _latest(store, game_id).rounds] == ["Ann"]

    def test_a_round_also_saved_elsewhere_before_the_end_is_asked_about_first_then_the_end(self, table):
        store, game_id = table
        mark = saving.mark_new(_latest(store, game_id))
        assert saving.save_round(store, game_id, mark, {"winner": "Cy"}, "Cy's phone").saved
        assert saving.change_game(store, game_id, lambda pad: pad.end_early(), "Ann's phone").saved
        ended_at = _latest(store, game_id).changes[0].time
        first = saving.save_round(store, game_id, mark, {"winner": "Cy"}, "Ben's phone")
        assert (first.conflict.kind, first.conflict.apply_label) == (saving.ADD, "Save as round 4")
        second = saving.save_round(store, game_id, first.conflict.mark, {"winner": "Cy"}, "Ben's phone")
        assert second.conflict.kind == saving.ENDED
        assert second.message == (f"Ann's phone ended this game ({ended_at}) while this sheet was open: "
                                  "save yours and play on, or drop it?")
        assert len(_latest(store, game_id).rounds) == 3

    def test_a_delete_in_a_game_ended_meanwhile_is_asked_in_the_words_of_a_delete(self, table):
        store, game_id = table
        mark = saving.mark_round(_latest(store, game_id), 2)
        assert saving.change_game(store, game_id, lambda pad: pad.end_early(), "Cy's phone").saved
        ended_at = _latest(store, game_id).changes[0].time
        asked = saving.delete_round(store, game_id, mark, "Ben's phone")
        assert asked.message == (f"Cy's phone ended this game ({ended_at}) while this sheet was open: "
                                 "delete the round and play on, or keep it?")
        assert (asked.conflict.apply_label, asked.conflict.drop_label) == ("Delete it and play on", "Keep it")

    def test_a_sheet_opened_on_a_finished_game_saves_without_asking(self, table):
        store, game_id = table
        assert saving.change_game(store, game_id, lambda pad: pad.end_early(), "Cy's phone").saved
        mark = saving.mark_round(_latest(store, game_id), 1)
        assert mark.in_play is False
        edit = saving.save_round(store, game_id, mark, {"winner": "Cy"}, "Ben's phone")
        assert (edit.saved, edit.message, edit.pad.finished) == (True, "Round 1 saved", False)

    def test_a_refused_change_says_which_change_it_saw_last(self, table):
        store, game_id = table
        shown = _latest(store, game_id).undo_id
        assert saving.undo(store, game_id, shown, "Ben's phone").saved
        late = saving.undo(store, game_id, shown, "Cy's phone")
        assert (late.saved, late.at) == (False, _latest(store, game_id).latest_change_id)
        assert late.at == 3

    def test_a_rule_refusal_and_a_deleted_game_are_told_not_raised(self, table):
        store, game_id = table
        mark = saving.mark_new(_latest(store, game_id))
        refused = saving.save_round(store, game_id, mark, {"winner": "Zed"}, None)
        assert refused.saved is False and refused.conflict is None
        assert "Zed" in refused.message
        store.delete_game(game_id)
        gone = saving.save_round(store, game_id, mark, {"winner": "Ann"}, None)
        assert (gone.saved, gone.conflict) == (False, None)
        assert gone.message == f"There is no saved game with id {game_id}; it may have been deleted."

    def test_a_read_only_store_says_why(self, table, monkeypatch):
        store, game_id = table
        monkeypatch.setattr(store, "read_only", True)
        mark = saving.mark_new(_latest(store, game_id))
        refused = saving.save_round(store, game_id, mark, {"winner": "Ann"}, None)
        assert refused.saved is False
        assert refused.message.startswith(f"Companion can not write to its data folder {store.data_dir}")
        assert len(_latest(store, game_id).rounds) == 2


class TestPhoneLabel:
    def test_a_players_phone(self):
        assert phone_label("Ann") == "Ann's phone"

    def test_an_unnamed_phone_gets_a_short_label(self):
        assert re.fullmatch(r"Phone [0-9A-F]{4}", unnamed_phone_label())


class TestAHalfTypedFigure:
    """Up to 9: a penalty figure no hand can make (seed 003 counts cards in
    fives) is refused by the rules core while it is being typed."""

    def entry(self):
        draft = UpToNineDraft({player: _blank() for player in PLAYERS})
        draft.toggle_out("Ann")
        draft.add_card("Ben", "K")
        draft.change("Cy", points="2")
        return draft.entry()

    def test_the_preview_waits(self):
        assert preview_or_none(new_pad("up_to_nine", PLAYERS), self.entry()) is None

    def test_a_save_is_refused_with_the_reason(self, tmp_path):
        store = Store(tmp_path)
        pad = new_pad("up_to_nine", PLAYERS)
        store.save_game(pad.to_doc())
        outcome = saving.save_round(store, pad.id, saving.mark_new(pad), self.entry(), "Ann's phone")
        assert (outcome.saved, outcome.conflict) == (False, None)
        assert "2 penalty points can not come from a hand" in outcome.message
        assert pad_from_doc(store.get_game(pad.id)).rounds == []


class TestTheCheckerFollowsAGame:
    """The checker follows the game named in the address, else the one whose
    pad this session showed last, else the newest game in progress."""

    @pytest.fixture
    def games(self, tmp_path):
        store = Store(tmp_path)
        levels = up_to_nine.levels_to_json()
        levels[0]["groups"][0]["size"] = 3
        nine = new_pad("up_to_nine", ["Kim", "Lou"], options={"levels": levels})
        one_up = new_pad("one_up", PLAYERS, options={"joker": True})
        older = nine.to_doc()
        older["created"] = "2026-01-01T00:00:00+00:00"
        store.save_game(older)
        store.save_game(one_up.to_doc())
        return store, nine, one_up

    def test_the_pad_shown_last_wins_over_the_newest_game(self, games):
        store, nine, one_up = games
        assert follow(store, "/check", "") == Followed(one_up.id, "one_up", {"joker": True, "limit": 40}, 3)
        followed = follow(store, "/check", nine.id)
        assert (followed.game_id, followed.game, followed.players) == (nine.id, "up_to_nine", 2)
        assert not followed.from_pad
        assert followed.options["levels"][0]["groups"][0]["size"] == 3
        assert follow(store, "/check/one_up", nine.id).game_id == nine.id

    def test_the_address_wins_over_the_pad_shown_last(self, games):
        store, nine, one_up = games
        followed = follow(store, f"/check/one_up?game_id={one_up.id}", nine.id)
        assert (followed.game_id, followed.from_pad) == (one_up.id, True)

    def test_a_deleted_game_falls_back_to_the_game_in_progress(self, games):
        store, nine, one_up = games
        store.delete_game(nine.id)
        assert follow(store, "/check", nine.id).game_id == one_up.id
        assert follow(store, f"/check?game_id={nine.id}", "") == Followed()

    def test_the_checker_starts_at_the_level_of_the_player_whose_phone_it_is(self, tmp_path):
        store = Store(tmp_path)
        nine = new_pad("up_to_nine", PLAYERS)
        for _round in range(6):
            nine.add_round({"Ann": {"laid_down": False, "hand": ["K♠"], "points": None},
                            "Ben": {"laid_down": True, "hand": [], "points": None},
                            "Cy": {"laid_down": False, "hand": ["5♥"], "points": None}})
        store.save_game(nine.to_doc())
        route = f"/check/up_to_nine?game_id={nine.id}"
        assert follow(store, route, "", "Ben's phone").start == {"level": 7}
        assert follow(store, route, "", "Ann's phone").start == {"level": 1}
        assert follow(store, route, "", "Phone 3F2A").start == {}
        assert follow(store, route, "", "Dee's phone").start == {}

    def test_a_session_records_the_pad_it_showed(self):
        session = SessionState()
        assert session.pad_game_id == ""
        session.showed_pad("abc")
        session.showed_pad("def")
        assert session.pad_game_id == "def"
