"""The store's and the saved game's messages, the server's refusals, colours, figures and notes in nb and de.

A notice about a damaged file is made as the store opens, before any phone
says which language it reads: it is read in the language current when it is
shown, so one store tells each phone in its own language.
"""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from store_helpers import make_doc

from companion.errors import BackupError, ConflictError, StoreError
from companion.games import one_up
from companion.games.up_or_down import UpOrDownError, colour_name, colour_text, row_score
from companion.i18n import _, language, lazy
from companion.registry import pad_from_doc
from companion.games.one_card import OneCardPad
from companion.games.up_to_nine import FINISHED
from companion.server.guard import HostGuard
from companion.stats import LEVELS_DONE, level_after_round, penalty_note
from companion.store import Store
from companion.store import files as store_files
from companion.store.guard import translate
from companion.ui.games.up_or_down_rows import read_row


def set_aside(path: Path) -> Path:
    [moved] = path.parent.glob(path.name + ".corrupt-*")
    return moved


def test_a_damaged_games_file_is_told_to_each_phone_in_its_own_language(tmp_path):
    games = tmp_path / "games.json"
    Store(tmp_path)
    games.write_text("[1, 2]")
    store = Store(tmp_path)
    [notice] = store.notices
    target = set_aside(games)
    with language("nb"):
        assert str(notice) == (
            f"Companion kunne ikke lese filen sin {games}: den er JSON, men ikke et sett med tabeller av dokumenter. "
            f"Filen ble ikke endret; den ble flyttet til {target}. Den inneholdt spillene som pågår, og de kunne "
            "ikke leses fra den; en ny fil ble startet. Ferdige spill er ikke berørt."
        )
    with language("de"):
        assert str(notice) == (
            f"Companion konnte seine Datei {games} nicht lesen: sie ist JSON, aber keine Sammlung von Tabellen mit "
            f"Dokumenten. Die Datei wurde nicht geändert; sie wurde nach {target} verschoben. Sie enthielt die "
            "laufenden Spiele, die sich nicht aus ihr lesen ließen; eine neue Datei wurde angelegt. Beendete Spiele "
            "sind nicht betroffen."
        )
    with language("en"):
        assert "it is JSON but not a set of tables of documents" in notice


def test_a_bad_game_in_the_games_file_is_named_in_the_language_reading_the_notice(tmp_path):
    games = tmp_path / "games.json"
    doc = make_doc(1, id="g1", players=["Ann"])
    games.write_text(json.dumps({"games": {"1": doc}}))
    [notice] = Store(tmp_path).notices
    with language("nb"):
        assert f"{games}: Spill g1: 'players' må nevne 2 til 6 spillere; fikk 1. Filen ble ikke endret" in notice
    with language("de"):
        assert f"{games} nicht lesen: Spiel g1: 'players' muss 2 bis 6 Spieler nennen; erhalten: 1. Die Datei" in notice


def test_a_damaged_archive_shard_names_its_games_per_language(tmp_path):
    doc = make_doc(0, finished=True)  # one game: a shard holding another game too would name both
    Store(tmp_path).add_games([doc])
    shard = next(p for p in (tmp_path / "archive").glob("??.json") if doc["id"] in p.read_text())
    shard.write_text('{"games": ' + "x" * 40)
    store = Store(tmp_path)
    store.check_files()
    [notice] = store.notices
    with language("nb"):
        assert ("Den inneholdt disse ferdige spillene, som ikke lenger vises i historikken: "
                "One Up med Ann, Ben og Cato (2026-01-01). En ny fil ble startet i stedet.") in notice
    with language("de"):
        assert ("Sie enthielt diese beendeten Spiele, die nicht mehr im Verlauf erscheinen: "
                "One Up mit Ann, Ben und Cato (2026-01-01). An ihrer Stelle wurde eine neue Datei angelegt.") in notice


def test_a_read_only_folder_is_told_per_language(tmp_path, monkeypatch):
    Store(tmp_path)
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda path, mode: False if mode == os.W_OK else real_access(path, mode))
    [notice] = Store(tmp_path).notices
    with language("nb"):
        assert str(notice) == (
            f"Companion kan ikke skrive til datamappen sin {tmp_path} (mappen er skrivebeskyttet). Spillene dine "
            "kan ses, men endringer kan ikke lagres. Gjør mappen skrivbar, eller start Companion med en annen "
            "mappe (--data-dir), for å lagre igjen."
        )
    with language("de"):
        assert str(notice) == (
            f"Companion kann nicht in seinen Datenordner {tmp_path} schreiben (der Ordner ist schreibgeschützt). "
            "Deine Spiele sind zu sehen, aber Änderungen lassen sich nicht speichern. Mach den Ordner beschreibbar "
            "oder starte Companion mit einem anderen Ordner (--data-dir), um wieder zu speichern."
        )


@pytest.mark.parametrize(("code", "message"), [
    ("nb", "Disken som har /data, er full, så endringen ble ikke lagret; spillet er som sist det ble lagret. "
           "Frigjør litt plass og prøv igjen."),
    ("de", "Der Datenträger mit /data ist voll, daher wurde die Änderung nicht gespeichert; das Spiel bleibt, wie "
           "es zuletzt gespeichert wurde. Schaff etwas Platz und versuch es noch einmal."),
])
def test_a_full_disk_per_language(code, message):
    with language(code):
        assert str(translate(Path("/data"), OSError(errno.ENOSPC, "No space left on device"))) == message


def test_a_full_disk_on_save_is_told_in_the_saving_phones_language(tmp_path, monkeypatch):
    store = Store(tmp_path)

    def disk_full(*_args, **_kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(store_files, "new_temp", disk_full)
    with language("de"), pytest.raises(StoreError) as caught:
        store.save_game(make_doc(1))
    assert str(caught.value).startswith(f"Der Datenträger mit {tmp_path} ist voll")


@pytest.mark.parametrize(("code", "message"), [
    ("nb", "Spill 1 i sikkerhetskopien er ugyldig: Spill g1: 'first_dealer' må være et setenummer fra 0 til 2; "
           "fikk 7. Ingenting ble importert."),
    ("de", "Spiel 1 in der Sicherung ist ungültig: Spiel g1: 'first_dealer' muss eine Platznummer von 0 bis 2 "
           "sein; erhalten: 7. Nichts wurde importiert."),
])
def test_a_hostile_backup_is_refused_per_language(tmp_path, code, message):
    backup = {"format": "companion-backup", "schema": 1, "games": [make_doc(1, id="g1", first_dealer=7)]}
    store = Store(tmp_path)
    with language(code), pytest.raises(BackupError) as caught:
        store.import_json(json.dumps(backup))
    assert str(caught.value) == message
    assert store.list_games() == []


@pytest.mark.parametrize(("code", "message"), [
    ("nb", "Spillet ble lagret av en nyere versjon av Companion (dokumentversjon 3; denne leser opp til 2). "
           "Oppdater Companion for å åpne det."),
    ("de", "Das Spiel wurde von einer neueren Version von Companion gespeichert (Dokumentversion 3; diese liest "
           "bis 2). Aktualisiere Companion, um es zu öffnen."),
])
def test_a_game_from_a_newer_companion_per_language(tmp_path, code, message):
    with language(code):
        with pytest.raises(StoreError) as caught:
            Store(tmp_path).save_game({"schema": 3})
        assert str(caught.value) == message


@pytest.mark.parametrize(("code", "message"), [
    ("nb", "Telefonen til Ann endret runde 1 mens du redigerte den"),
    ("de", "Handy von Ann hat Runde 1 geändert, während du sie bearbeitet hast"),
])
def test_a_conflict_per_language(tmp_path, code, message):
    store = Store(tmp_path)
    store.save_game(OneCardPad(["Ann", "Ben"]).to_doc())
    game_id = store.list_games()[0]["id"]
    store.update_game(game_id, lambda pad: pad.add_round(winner="Ann"))
    shown = pad_from_doc(store.get_game(game_id)).round_rev(1)
    store.update_game(game_id, lambda pad: pad.edit_round(1, "Ben", expected_rev=shown), by="Ann's phone")
    with language(code), pytest.raises(ConflictError) as caught:
        store.update_game(game_id, lambda pad: pad.edit_round(1, "Ann", expected_rev=shown))
    assert str(caught.value) == message


@pytest.mark.parametrize(("code", "names"), [
    ("nb", ["rød", "oransje", "gul", "grønn", "blå", "lilla"]),
    ("de", ["rot", "orange", "gelb", "grün", "blau", "lila"]),
])
def test_colour_names_per_language(code, names):
    with language(code):
        assert [colour_text(colour) for colour in ("red", "orange", "yellow", "green", "blue", "purple")] == names
        with pytest.raises(UpOrDownError) as caught:
            colour_name("rosa")
        assert str(caught.value).endswith(", ".join(names))


def test_each_languages_colour_names_are_read_as_the_saved_colour():
    assert [colour_name(word) for word in ("Blå", "blau", " BLUE ", "Lilla", "lila", "grün", "Grønn")] == [
        "blue", "blue", "blue", "purple", "purple", "green", "green"]
    assert row_score(["gelb", "yellow", "gul", "blue"]) == 4 * 3


@pytest.mark.parametrize(("code", "note", "done", "won"), [
    ("nb", "bare hender, tilbakegivninger ikke trukket fra", "ferdig", "vant runden"),
    ("de", "nur Hände, Rückgaben nicht abgezogen", "fertig", "hat die Runde gewonnen"),
])
def test_penalty_note_levels_done_and_round_winner_per_language(code, note, done, won):
    pad = OneCardPad(["Ann", "Ben"])
    pad.add_round(winner="Ann")
    with language(code):
        assert _(penalty_note("one_up")) == note
        assert level_after_round(FINISHED, FINISHED) == done == _(LEVELS_DONE)
        assert pad_from_doc(pad.to_doc()).rows[0].detail == {"Ann": won, "Ben": ""}
    assert level_after_round(FINISHED, FINISHED) == "done"


@pytest.mark.parametrize(("code", "example", "give_back"), [
    ("nb", "4, 4, 6 og K igjen på hånden koster 4 + 6 + 10 = 20 poeng; to 2-ere koster bare 2.",
     "Du tar tilbake 10 hvis den var 10 eller mer, ellers 1 hvis den var 1 eller mer, ellers ingenting."),
    ("de", "4, 4, 6 und K auf der Hand kosten 4 + 6 + 10 = 20 Punkte; zwei Zweien kosten nur 2.",
     "Abgezogen werden 10, wenn er 10 oder mehr war, sonst 1, wenn er 1 oder mehr war, sonst nichts."),
])
def test_one_up_rule_figures_per_language(code, example, give_back):
    with language(code):
        figures = one_up.rule_figures()
    assert figures["one_up_example"] == example
    assert figures["one_up_give_back"] == give_back


@pytest.mark.parametrize(("accept", "page"), [
    ("nb-NO,nb;q=0.9,en;q=0.8", "Denne serveren svarer ikke på adressen rebound.example."),
    ("de-DE,de;q=0.9", "Dieser Server antwortet nicht unter der Adresse rebound.example."),
    ("fr-FR", "This server does not answer to the address rebound.example."),
])
def test_the_servers_refusal_is_in_the_browsers_language(accept, page):
    async def app(scope, receive, send):
        raise AssertionError("a refused request reached the app")

    client = TestClient(HostGuard(app, {"127.0.0.1:8550"}))
    response = client.get("/", headers={"Host": "rebound.example", "Accept-Language": accept})
    assert (response.status_code, response.text) == (403, page)


def test_a_lazy_text_is_read_in_the_language_current_at_each_reading():
    text = lazy("It held these finished games, which no longer appear in the history: {games}. A fresh file "
                "was started in its place.", games=lazy("game {id}", id="g7"))
    error = StoreError(text)
    with language("de"):
        assert str(error) == ("Sie enthielt diese beendeten Spiele, die nicht mehr im Verlauf erscheinen: Spiel g7. "
                              "An ihrer Stelle wurde eine neue Datei angelegt.")
    with language("nb"):
        assert f"{text}" == ("Den inneholdt disse ferdige spillene, som ikke lenger vises i historikken: spill g7. "
                             "En ny fil ble startet i stedet.")
    assert text == ("It held these finished games, which no longer appear in the history: game g7. A fresh file "
                    "was started in its place.")


def test_a_typed_row_reads_the_current_languages_colour_names_too():
    with language("de"):
        assert read_row("3ge 2gr 1y 2l", 1) == {"red": 0, "orange": 0, "yellow": 4, "green": 2, "blue": 0, "purple": 2}
        with pytest.raises(ValueError) as caught:
            read_row("3g", 1)
        assert str(caught.value) == "Reihe 1: 'g' ist keine Farbe (rot, orange, gelb, grün, blau, lila)"
    with language("nb"):
        assert read_row("2gu 1gr 1r", 2) == {"red": 1, "orange": 0, "yellow": 2, "green": 1, "blue": 0, "purple": 0}
