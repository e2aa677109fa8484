"""The screens' plain-Python state, without a browser: the entry-sheet drafts,
the New game draft, each game's UI hooks, the shell's helpers and main.py's
command line.

A draft is what a sheet holds before "Save": every tap is a method on it, and
``entry()`` is exactly what the pad's ``add_round`` receives, so a draft and
a pad together are the whole path from taps to totals. Expected totals follow
seed 000 (One Up: each value once, A=1 .. 6=6, K=10, joker 20; going out
gives back 10 from a total of 10 or more, else 1 from 1 or more) and seed 004
(Up or Down?: cards in a row x its commonest colour, +1 per discarded card).
"""

from __future__ import annotations

import socket

import pytest

import main
from companion import registry
from companion.pads import PadError, new_pad
from companion.stats import PlayerStats
from companion.ui.app import query_params, tab_index
from companion.ui.games import game_ui
from companion.ui.games.one_up import _draft as one_up_draft
from companion.ui.games.one_up import card_text, stored_values
from companion.ui.games.up_or_down import _draft as up_or_down_draft
from companion.ui.games.up_to_nine import UpToNineDraft, _blank, _from_stored
from companion.ui.history import _stats_text
from companion.ui.new_game import NewGameDraft, past_names
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

    def test_picking_a_game_resets_its_options(self):
        draft = NewGameDraft()
        draft.set_option("joker", True)
        draft.pick_game("one_card")
        assert (draft.game, dict(draft.options)) == ("one_card", {})

    def test_past_names_newest_first_without_the_table(self):
        summaries = [{"players": ["Cy", "Ann"]}, {"players": ["ann", "Dee", "Cy"]}]
        assert past_names(summaries, ("Cy",)) == ["Ann", "Dee"]


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
