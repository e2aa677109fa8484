"""A fifth game built from docs/adding-a-game.md in a temporary folder opens on every screen.

The game, "High card" (id ``high_card``), is written here as the doc asks:
its package (rules, setup row, house rule, figures, pad, ``SPEC``), its
rules text and its screens module, in ``tmp_path``; it joins the registry
for the test through ``registry.listing`` (the doc's way to try a game out
before its line joins ``GAMES``), its screens through the screens package's
path.  Then New game, the pad (a round added), Check, Setup, Rules and
History are opened in this process (tests/flet_session.py) and show it.
Its rule, invented for the test: each player turns up one card, the highest
rank wins the round (ace high); the first to ``target`` round wins (3)
takes the game.
"""

from __future__ import annotations

import importlib
import sys
import textwrap

import pytest

import companion.ui.games
from companion import registry, rulebook, setup
from companion.games.spec import OptionError
from companion.registry import new_pad
from companion.server.key import TableAccess
from companion.store import Store
from companion.ui.app import session_main
from companion.ui.games import game_ui
from flet_session import click, find, open_session, run_alone, server_hub, shown_strings, until

GAME = "high_card"

FILES = {
    "high_card/__init__.py": '''
        """High card: the highest card wins the round; the first to 3 round wins takes the game."""

        from high_card.figures import rule_figures
        from high_card.options import OPTIONS
        from high_card.pad import HighCardPad
        from high_card.rules import TITLE, card_points, round_winners
        from high_card.setup_row import SETUP
        from companion.games.spec import GameSpec
        from pathlib import Path

        SPEC = GameSpec(
            id="high_card", icon="LOOKS_ONE", pad=HighCardPad, setup=SETUP, figures=rule_figures,
            options=OPTIONS, rules_file=Path(__file__).with_name("rules.md"),
        )
    ''',
    "high_card/rules.py": '''
        """High card's rules: the highest rank wins the round, ace high."""

        from companion.cards import as_card

        TITLE = "High card"
        TARGET = 3

        def card_points(card):
            """A card's rank as the round counts it: 2-13, the ace 14."""
            rank = as_card(card).rank
            return 14 if rank == 1 else rank

        def round_winners(cards):
            """Player -> card turned up; the players with the highest card."""
            best = max(card_points(card) for card in cards.values())
            return [player for player, card in cards.items() if card_points(card) == best]
    ''',
    "high_card/setup_row.py": '''
        """High card's setup row: one standard deck, one card each."""

        from companion.games.setup_rows import STANDARD_DECK, SHUFFLE_AND_DEAL, CardLine, Deal, GameSetup
        from high_card.rules import TITLE

        SETUP = GameSetup(
            game="high_card", title=TITLE, source="made up for the test",
            deals=(Deal(players=range(2, 7), decks=1, lines=(CardLine(STANDARD_DECK, 52, 1),), hand_size=1,
                        take="Take one standard deck without jokers: {deck_size} cards."),),
            discard_start="nothing", first_player="everybody at once", steps=(SHUFFLE_AND_DEAL,),
        )
    ''',
    "high_card/options.py": '''
        """High card's house rule: the round wins that take the game."""

        from companion.games.spec import HouseOption, OptionError, rules_mark
        from companion.wording import whole_number
        from high_card.rules import TARGET

        def _target(value):
            return whole_number(value, "The round wins that take the game", least=1, error=OptionError)

        OPTIONS = (HouseOption("target", rules_mark("Round wins to take the game"), TARGET, _target, str),)
    ''',
    "high_card/figures.py": '''
        """The figures of High card's rules text."""

        from companion.games.spec import check_options
        from high_card.options import OPTIONS
        from high_card.setup_row import SETUP

        def rule_figures(options=None):
            return {"high_card_target": str(check_options(OPTIONS, options, SETUP.title)["target"])}
    ''',
    "high_card/pad.py": '''
        """High card's pad: a tally of round wins."""

        from companion.pads.base import Pad, PadError, Row, points_text
        from high_card.options import OPTIONS
        from high_card.rules import round_winners
        from high_card.setup_row import SETUP

        class HighCardPad(Pad):
            GAME = "high_card"
            SETUP = SETUP
            OPTIONS = OPTIONS

            def add_round(self, cards, *, expected_round=None):
                return self._add(self._entry(cards), expected_round)

            def edit_round(self, round, cards, *, expected_rev=None):
                return self._edit(round, self._entry(cards), expected_rev)

            def preview_round(self, cards):
                return self._preview(self._entry(cards))

            def _entry(self, cards):
                if set(cards) != set(self.players):
                    raise PadError("Enter one card for each player")
                return {"cards": {player: str(cards[player]) for player in self.players}}

            def _start(self, options):
                return {player: 0 for player in self.players}

            def _play(self, state, entry, number, options):
                won = round_winners(entry["cards"])
                points = {player: int(player in won) for player in self.players}
                wins = {player: state[player] + points[player] for player in self.players}
                return wins, self.dealt_row(number, points=points, totals=wins)

            def _totals(self, state):
                return dict(state)

            def _over(self, state, options):
                return max(state.values()) >= options["target"]

            def _rule_winners(self, state):
                return [player for player in self.players if state[player] >= self._options["target"]]

            def _rank_key(self, state, player):
                return (-state[player],)

            def _standing_text(self, state, player):
                return points_text(state[player], "round win")
    ''',
    "high_card/rules.md": '''
        # High card

        Everybody turns up one card; the highest one wins the round.

        ## Cards

        One standard deck without jokers.

        ## Setup

        Deal one card face down to each player.

        ## A turn

        All players turn their card up at once.

        ## Special cards

        An ace is the highest card.

        ## End of a round

        The round ends when every card is up.

        ## Scoring

        The highest card wins the round; equal highest cards each win it.

        ## Winning

        [house rule] The first to {{high_card_target}} round wins takes the game.

        ## Variants

        None.
    ''',
    "screens/high_card.py": '''
        """High card's screens."""

        import flet as ft

        from companion.ui.entry_sheet import sheet_frame, sheet_title
        from companion.ui.games import ADD_ROUND
        from companion.ui.score_table import signed

        def sheet_entry(pad, number, entry):
            return dict(entry)

        @ft.component
        def Entry(pad, number, submit, close, delete, *, on_change=None):
            error, set_error = ft.use_state("")

            def save():
                problem = submit({"cards": {player: "K" if player == pad.players[0] else "5" for player in pad.players}})
                if problem:
                    set_error(problem)

            return sheet_frame(sheet_title(number or pad.next_round, number, None),
                               [ft.Text("Which cards were turned up?")], error=error, on_save=save,
                               on_cancel=close, on_delete=delete if number else None)

        @ft.component
        def Check(options, players):
            return ft.Text(f"High card for {players} players: the highest card wins")

        def options_panel(chosen, set_option):
            return ft.Text(f"Round wins to take the game: {chosen['target']}")

        def facts(pad):
            return [f"First to {pad.options['target']} round wins"]

        def add_label(pad):
            return ADD_ROUND

        def total_extras(pad, player):
            return ()

        def change_text(pad, row, player):
            return signed(row.points[player])

        def entry_lines(pad, number, player):
            return [pad.rounds[number - 1]["cards"][player]]

        def stats_parts(stats):
            return []

        def board_unit(pad):
            return "Round wins"

        def board_note(pad, player):
            return ""
    ''',
}
"""The throwaway game's files, by path under the temporary folder."""


@pytest.fixture
def high_card(tmp_path, monkeypatch):
    """The game written to ``tmp_path``, importable, listed after the four games and its screens found;
    yields its ``SPEC``."""
    for name, text in FILES.items():
        path = tmp_path / name
        path.parent.mkdir(exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(companion.ui.games, "__path__", [*companion.ui.games.__path__, str(tmp_path / "screens")])
    spec = importlib.import_module(GAME).SPEC
    with registry.listing((*registry.GAMES, spec)):
        yield spec
    for name in [name for name in sys.modules if name.split(".")[0] == GAME] + [f"companion.ui.games.{GAME}"]:
        sys.modules.pop(name, None)


def test_the_fifth_game_is_one_registry_entry_that_every_part_of_the_app_reads(high_card):
    assert registry.game(GAME) is high_card
    assert registry.GAME_IDS[-1] == GAME
    assert game_ui(GAME).__name__ == f"companion.ui.games.{GAME}"
    assert setup.plan(GAME, 3).deck_size == 52
    assert setup.plan(GAME, 3).steps[1] == "2. Shuffle the 52 cards and deal 1 cards face down to each of the 3 players, one at a time (3 cards dealt)."
    rules = rulebook.rules_for(GAME, {"target": 5})
    assert [(rule.label, rule.value, rule.standard, rule.changed) for rule in rules.house_rules] == [
        ("Round wins to take the game", "5", "3", True)]
    assert "The first to 5 round wins takes the game." in [
        block.text for section in rules.sections for block in section.blocks]
    pad = new_pad(GAME, ["Ann", "Ben"])
    for _ in range(3):
        pad.add_round({"Ann": "A", "Ben": "K"})
    assert (pad.totals, pad.is_over, pad.winners) == ({"Ann": 3, "Ben": 0}, True, ["Ann"])
    with pytest.raises(OptionError, match="^The round wins that take the game must be a whole number, 1 or more, not 0$"):
        high_card.check_options({"target": 0})


def test_the_fifth_game_leaves_the_registry_as_it_was_after_the_try(high_card):
    assert len(registry.GAMES) == 5


def test_the_registry_is_back_to_four_games_after_a_try():
    assert registry.GAME_IDS == ("one_up", "one_card", "up_to_nine", "up_or_down")


async def _shown(route: str, store: Store, taps: tuple[str, ...] = ()) -> list[str]:
    """The strings the screen at ``route`` shows after tapping the controls that show each text of ``taps``."""
    access = TableAccess(store.data_dir, required=False, host="127.0.0.1", port=8550)
    phone = await open_session(session_main(store, access), route, server_hub())
    for text in taps:
        await click(phone, find(phone.session.page, lambda control, text=text: getattr(control, "on_click", None)
                                is not None and text in (getattr(control, "text", None), getattr(control, "content", None))))
    await until(phone, lambda page: True)
    return shown_strings(phone.session.page)


def test_new_game_pad_check_setup_rules_and_history_open_with_the_fifth_game(high_card, tmp_path):
    store = Store(tmp_path / "data")
    playing = new_pad(GAME, ["Ann", "Ben", "Cy"])
    playing.add_round({"Ann": "A", "Ben": "K", "Cy": "2"})
    store.save_game(playing.to_doc())
    done = new_pad(GAME, ["Ann", "Ben"])
    for _ in range(3):
        done.add_round({"Ann": "5", "Ben": "Q"})
    done.finish()
    store.save_game(done.to_doc())

    async def every_screen():
        return {
            "new": await _shown("/new", store, ("High card",)),
            "pad": await _shown(f"/pad/{playing.id}", store),
            "sheet": await _shown(f"/pad/{playing.id}", store, ("Add round",)),
            "check": await _shown(f"/check/{GAME}", store),
            "setup": await _shown(f"/setup?game={GAME}&players=3&back=/", store),
            "rules": await _shown(f"/rules?game={GAME}", store),
            "history": await _shown("/history", store),
            "finished": await _shown(f"/history/{done.id}", store),
        }

    shown = run_alone(every_screen())
    assert "Round wins to take the game: 3" in shown["new"]
    assert "First to 3 round wins" in shown["pad"]
    assert "Which cards were turned up?" in shown["sheet"]
    assert "High card for 3 players: the highest card wins" in shown["check"]
    assert any("52 cards" in text for text in shown["setup"])
    assert "Everybody turns up one card; the highest one wins the round." in shown["rules"]
    assert any("High card" in text for text in shown["history"])
    assert any("Ben" in text for text in shown["finished"])
