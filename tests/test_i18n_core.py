"""The rules core and the pads in Norwegian and German: checker reasons, setup texts, pad messages."""

from __future__ import annotations

import pytest

from companion.games.one_card import OneCardState, card_effect
from companion.games.one_card import check_play as one_card_play
from companion.games.up_or_down import check_row
from companion.games.up_to_nine import LEVELS, check_meld, wilds_used_text
from companion.errors import BackupError
from companion.i18n import language
from companion.pads import PadError
from companion.games.one_card import OneCardPad
from companion.games.one_up import OneUpPad
from companion.games.up_to_nine import UpToNinePad
from companion.setup import check_copies, plan
from companion.store.backup import parse_backup


@pytest.mark.parametrize(("code", "won", "shared"), [
    ("en", "Ann wins with 2 round wins", "Ended early: Ann and Ben share the win with 1 round win"),
    ("nb", "Ann vinner med 2 rundeseire", "Avsluttet tidlig: Ann og Ben deler seieren med 1 rundeseier"),
    ("de", "Ann gewinnt: 2 gewonnene Runden", "Vorzeitig beendet: Ann und Ben teilen sich den Sieg, je 1 gewonnene Runde"),
])
def test_the_winners_sentence_per_language(code, won, shared):
    alone = OneCardPad(["Ann", "Ben"], options={"target": 2})
    alone.add_round("Ann")
    alone.add_round("Ann")
    tied = OneCardPad(["Ann", "Ben", "Cy"], options={"target": 3})
    tied.add_round("Ann")
    tied.add_round("Ben")
    tied.end_early()
    with language(code):
        assert (alone.summary(), tied.summary()) == (won, shared)


@pytest.mark.parametrize(("code", "reason"), [
    ("en", "8♦ does not match 9♠: play a spade, a 9, a 7 or a joker."),
    ("nb", "8♦ passer ikke på 9♠: legg en spar, en 9, en 7 eller en joker."),
    ("de", "8♦ passt nicht auf 9♠: spiel Pik, 9, eine 7 oder einen Joker."),
])
def test_one_card_reason_per_language(code, reason):
    with language(code):
        assert one_card_play("9♠", "8♦", "8♦ 5♣").reason == reason


@pytest.mark.parametrize(("code", "reason"), [
    ("nb", "Et angrep på 5 venter (siste angrep A♠): 2♥ (2) er for svak til å svare på det. "
           "Svar med hvilken som helst joker, skjerm med en 3, eller ta 5 kort."),
    ("de", "Ein Angriff über 5 ist offen (zuletzt A♠): 2♥ (2) ist zu schwach, um ihn zu kontern. "
           "Kontern mit: jeder Joker; oder schütze dich mit einer 3, oder nimm 5 Karten."),
])
def test_one_card_attack_reason_per_language(code, reason):
    with language(code):
        assert one_card_play(OneCardState("A♠", attack_total=5), "2♥", "2♥ 5♣").reason == reason


@pytest.mark.parametrize(("code", "effect"), [
    ("nb", "Hopp over: den andre spilleren mister turen, så du spiller igjen."),
    ("de", "Aussetzen: der andere Spieler setzt aus, also bist du gleich wieder dran."),
])
def test_one_card_effect_per_language(code, effect):
    with language(code):
        assert card_effect("J♠", 2) == effect


@pytest.mark.parametrize(("code", "reason", "used"), [
    ("nb", "Nivå 2 krever 2 sett på 3: K♣ K♦ A♦ 5♠ 5♥ 9♣ har 4 verdier (konger, ess, 5-ere og 9-ere) til bare 2 sett",
     "Wild brukt: 2 av 2 tillatt (maks 1 per sett, minst 1 sett uten wild)."),
    ("de", "Stufe 2 verlangt 2 Sätze aus 3: K♣ K♦ A♦ 5♠ 5♥ 9♣ hat 4 Ränge (Könige, Asse, 5er und 9er) für nur 2 Sätze",
     "Joker benutzt: 2 von 2 erlaubt (max. 1 je Satz, mindestens 1 Satz ohne Joker)."),
])
def test_up_to_nine_checker_per_language(code, reason, used):
    with language(code):
        assert check_meld(2, "K♣ K♦ A♦ 5♠ 5♥ 9♣").reason == reason
        assert wilds_used_text(LEVELS[3], 2) == used


@pytest.mark.parametrize(("code", "contract", "budget"), [
    ("en", "straight of 4 + set of 3", "2 total, max 1 per set, at least one set with no wild"),
    ("nb", "straight på 4 + sett på 3", "2 i alt, maks 1 per sett, minst 1 sett uten wild"),
    ("de", "Straße aus 4 + Satz aus 3", "2 insgesamt, max. 1 je Satz, mindestens 1 Satz ohne Joker"),
])
def test_level_contract_and_budget_per_language(code, contract, budget):
    with language(code):
        assert LEVELS[4].contract == contract
        assert LEVELS[3].budget_text == budget
        assert LEVELS[1].budget_text == "1"


@pytest.mark.parametrize(("code", "deck", "first", "verdict"), [
    ("nb", ("A 2 3 4 5 6 7 8 9 10 J Q K i ♠ ♥ ♦ ♣: 2 av hvert (104)", "svart joker: 2", "farget joker: 2"),
     "spilleren til venstre for giveren; spillet går med klokken til en dame snur retningen",
     "5♥: 2 på hånden, men den 1 kortstokken for 3 spillere har bare 1."),
    ("de", ("A 2 3 4 5 6 7 8 9 10 B D K in ♠ ♥ ♦ ♣: je 2 (104)", "schwarzer Joker: 2", "farbiger Joker: 2"),
     "wer links vom Geber sitzt; es geht im Uhrzeigersinn weiter, bis eine Dame die Richtung umkehrt",
     "5♥: 2 gehalten, aber das 1 Kartenspiel für 3 Spieler hat nur 1."),
])
def test_setup_guide_texts_per_language(code, deck, first, verdict):
    with language(code):
        guide = plan("one_card", 6)
        assert guide.deck == deck
        assert guide.first_player == first
        assert check_copies("one_card", 3, "5♥ 5♥ 9♠").reason == verdict


@pytest.mark.parametrize(("code", "summary", "added", "undo", "refusal"), [
    ("en", "Ann leads with level 2, 0 penalty points", "round 1 added", "Undo: round 1, added ",
     "Only one player can go out in a round: the round ends when the first player plays their last card"),
    ("nb", "Ann leder med nivå 2, 0 straffepoeng", "runde 1 lagt til", "Angre: runde 1, lagt til ",
     "Bare én spiller kan gå ut i en runde: runden slutter når den første spilleren legger sitt siste kort"),
    ("de", "Ann führt: Stufe 2, 0 Strafpunkte", "Runde 1 hinzugefügt", "Rückgängig: Runde 1, hinzugefügt ",
     "Nur einer kann in einer Runde ausgehen: die Runde endet, sobald der Erste seine letzte Karte spielt"),
])
def test_pad_summary_change_log_and_refusal_per_language(code, summary, added, undo, refusal):
    pad = UpToNinePad(["Ann", "Ben"])
    pad.add_round(results={"Ann": {"laid_down": True, "hand": [], "points": None},
                           "Ben": {"laid_down": False, "hand": [], "points": 10}})
    with language(code):
        assert pad.summary() == summary
        assert [change.label for change in pad.changes] == [added]
        assert pad.undo_label.startswith(undo)
        with pytest.raises(PadError) as caught:
            OneUpPad(["Ann", "Ben"]).add_round(hands={"Ann": [], "Ben": []}, went_out=["Ann", "Ben"])
        assert str(caught.value) == refusal


@pytest.mark.parametrize(("code", "reason"), [
    ("nb", "45 kan ikke legges på denne rekken: den går nedover og slutter på 40, så neste kort må være lavere enn 40. "
           "Legg 45 på en annen rekke eller begynn en ny rekke med det (med 3 rekker ute må du først snu én rekke "
           "over på din kastebunke)."),
    ("de", "45 passt nicht an diese Reihe: sie läuft abwärts und endet bei 40, also muss die nächste Karte kleiner "
           "als 40 sein. Leg 45 an eine andere Reihe oder beginne damit eine neue (liegen schon 3 Reihen aus, leg "
           "zuerst eine verdeckt auf deinen Ablagestapel)."),
])
def test_up_or_down_row_reason_per_language(code, reason):
    with language(code):
        assert check_row([50, 40], 45).reason == reason


@pytest.mark.parametrize(("code", "message"), [
    ("nb", "Denne filen er ikke en sikkerhetskopi fra Companion: den er ikke JSON-tekst. Ingenting ble importert."),
    ("de", "Diese Datei ist keine Companion-Sicherung: sie ist kein JSON-Text. Nichts wurde importiert."),
])
def test_backup_refusal_per_language(code, message):
    with language(code), pytest.raises(BackupError) as caught:
        parse_backup(b"not json")
    assert str(caught.value) == message
