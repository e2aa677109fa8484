"""The shell's and the shared screens' words per language: the tabs, Play,
History's statistics and import messages, the phones' labels, the key gate
and the game cache's refusals (companion/ui/app.py, history.py, state.py,
access.py, live.py)."""

from __future__ import annotations

import asyncio
import re

import pytest

from companion.errors import StoreError
from companion.i18n import _, language
from companion.stats import PlayerStats
from companion.ui.access import ASK_THE_HOST
from companion.ui.app import TABS
from companion.ui.history import _stats_text, import_message
from companion.table.live import GameCache
from companion.games.one_card import OneCardPad
from companion.pads.changelog import phone_label, who
from companion.table.phones import phone_player, unnamed_phone_label
from companion.ui import language as language_ui
from flet_session import run_alone
from test_hostile_client import ReplyingPage

PLAYERS = ["Ann", "Ben", "Cy"]


@pytest.mark.parametrize(("code", "labels"), [
    ("en", ["Play", "Check", "Rules", "History"]),
    ("nb", ["Spill", "Sjekk", "Regler", "Historikk"]),
    ("de", ["Spielen", "Prüfen", "Regeln", "Verlauf"]),
])
def test_the_tabs_per_language(code, labels):
    with language(code):
        assert [_(label) for _route, label, _icon, _selected in TABS] == labels


@pytest.mark.parametrize(("code", "head"), [
    ("en", "3 games · won 1 of 2 finished (50%)"),
    ("nb", "3 spill · vant 1 av 2 ferdige (50 %)"),
    ("de", "3 Spiele · 1 von 2 beendeten gewonnen (50 %)"),
])
def test_a_players_games_and_wins_per_language(code, head):
    stats = PlayerStats("Ann", games=3, finished=2, wins=1, win_rate=0.5,
                        avg_penalty={}, best_score=None, highest_level=None)
    with language(code):
        assert _stats_text(stats).split("\n")[0] == head


@pytest.mark.parametrize(("code", "one", "games", "none"), [
    ("en", "1 game", "Imported 2 games from b.json", "Nothing new in b.json: its games are already saved here"),
    ("nb", "1 spill", "Importerte 2 spill fra b.json",
     "Ingenting nytt i b.json: spillene i den er allerede lagret her"),
    ("de", "1 Spiel", "2 Spiele aus b.json importiert",
     "Nichts Neues in b.json: die Spiele darin sind hier schon gespeichert"),
])
def test_counts_and_import_messages_per_language(code, one, games, none):
    stats = PlayerStats("Ann", games=1, finished=0, wins=0, win_rate=None,
                        avg_penalty={}, best_score=None, highest_level=None)
    with language(code):
        assert _stats_text(stats).split("\n")[0] == one
        assert import_message(2, "b.json") == games
        assert import_message(0, "b.json") == none


@pytest.mark.parametrize(("code", "label", "unnamed"), [
    ("en", "Ann's phone", r"Phone [0-9A-F]{4}"),
    ("nb", "telefonen til Ann", r"Telefon [0-9A-F]{4}"),
    ("de", "Handy von Ann", r"Handy [0-9A-F]{4}"),
])
def test_phone_labels_per_language(code, label, unnamed):
    with language(code):
        assert phone_label("Ann") == label
        assert re.fullmatch(unnamed, unnamed_phone_label())


def test_a_phone_named_in_one_language_is_still_its_players_in_another():
    with language("de"):
        label = phone_label("Ben")
    for code in ("en", "nb", "de"):
        with language(code):
            assert phone_player(PLAYERS, label) == "Ben"
            assert phone_player(PLAYERS, "Handy von Zed") is None
            assert phone_player(PLAYERS, "Phone 3FA2") is None


@pytest.mark.parametrize(("code", "cy", "unnamed", "undo"), [
    ("en", "Cy's phone", "Phone 3FA2", "round 1 changed · Cy's phone"),
    ("nb", "telefonen til Cy", "Telefon 3FA2", "runde 1 endret · telefonen til Cy"),
    ("de", "Handy von Cy", "Handy 3FA2", "Runde 1 geändert · Handy von Cy"),
])
def test_the_change_log_words_a_phones_label_in_the_readers_language(code, cy, unnamed, undo):
    pad = OneCardPad(PLAYERS)
    pad.by = "telefonen til Cy"
    pad.add_round("Ann")
    pad.edit_round(1, "Ben")
    with language(code):
        assert [who(label) for label in ("telefonen til Cy", "Handy von Cy", "Cy's phone")] == [cy, cy, cy]
        assert [who(label) for label in ("Phone 3FA2", "Telefon 3FA2", "Handy 3FA2")] == [unnamed] * 3
        assert [who(label) for label in ("Ben", "", None)] == ["Ben", _("another phone"), _("another phone")]
        assert f"{pad.changes[0].label} · {who(pad.changes[0].by)}" == undo


@pytest.mark.parametrize(("code", "text"), [
    ("en", "Ask the host for the table's QR code"),
    ("nb", "Be verten om QR-koden til bordet"),
    ("de", "Frag den Gastgeber nach dem QR-Code des Tisches"),
])
def test_the_key_gates_words_per_language(code, text):
    with language(code):
        assert _(ASK_THE_HOST) == text


class Unreadable:
    """A store whose every game read is refused, in the language current at the read."""

    def get_game(self, game_id):
        raise StoreError(_("This game can not be read"))


def test_a_refusal_is_read_again_in_each_sessions_language():
    cache = GameCache(Unreadable())
    cache.watch("g1")
    with language("nb"):
        assert cache.get("g1").problem == "Dette spillet kan ikke leses"
    with language("de"):
        assert cache.get("g1").problem == "Dieses Spiel lässt sich nicht lesen"
    assert cache.loads == 2


@pytest.mark.parametrize("kept", ["nb", None], ids=["kept", "browser's"])
def test_a_language_picked_while_the_phone_is_asked_stays(kept):
    """The phone keeps Norwegian (or nothing, and its browser speaks Norwegian) and
    answers late; German is picked meanwhile: German stays, and is what the phone keeps."""
    reply = {"locales": [{"language_code": "nb", "country_code": "NO"}], "browser_name": "chrome"}
    page = ReplyingPage(reply)

    class Prefs:
        kept_now = kept

        async def get(self, key):
            answer = self.kept_now
            await asyncio.sleep(0.05)
            return answer

        async def set(self, key, value):
            self.kept_now = value

    async def run():
        choice = language_ui.LanguageChoice(code="en", prefs=Prefs())
        loading = asyncio.create_task(language_ui.load_language(choice, page))
        await asyncio.sleep(0.01)
        await language_ui.choose_language(choice, "de", page)
        await loading
        return choice.code, choice.prefs.kept_now, page.locale_configuration

    assert run_alone(run()) == ("de", "de", language_ui.locale_configuration("de"))
