"""The rules search as players type: typos, players' words for the rules' terms,
short questions answered by their section first, in English, Norwegian and German,
and words of another of the three languages, one or several."""

from __future__ import annotations

import pytest

from companion.rulebook import reading
from companion.rulebook.ranking import search


def first(query: str, language: str) -> tuple[str, str, str, list[str]]:
    """(game, section, snippet, marked words) of the first hit of ``query`` in ``language``."""
    hit = search(query, language=language)[0]
    return hit.game, hit.section, hit.snippet, [hit.snippet[start:end] for start, end in hit.marks]


# ---- typos ---------------------------------------------------------------------------

@pytest.mark.parametrize(("code", "query", "meant"), [
    ("en", "jokr", "joker"),
    ("en", "Jocker", "joker"),
    ("en", "safty", "safety"),
    ("nb", "jokker", "joker"),
    ("de", "Jokr", "joker"),
    ("de", "Sicherheitsventl", "sicherheitsventil"),
])
def test_a_word_one_or_two_letters_off_finds_what_the_word_finds(code, query, meant):
    assert reading._nearest(query.lower(), code) == meant
    assert [(h.game, h.section, h.snippet) for h in search(query, language=code)] == [
        (h.game, h.section, h.snippet) for h in search(meant, language=code)]


def test_a_typo_hit_is_ranked_and_marked_as_the_word():
    assert first("jokr", "en") == ("one_card", "special", "Card joker · Power: goes on anything; the strongest attack.",
                                   ["joker"])
    assert first("safty valve", "en")[:2] == ("up_to_nine", "end")


def test_short_words_and_words_far_off_are_not_read_as_typos():
    assert reading._nearest("kng", "en") is None, "three letters are too few to guess from"
    assert reading._nearest("dronning", "en") != "running", "two letters off needs the first letter right"
    assert search("xylophone") == []


# ---- players' words (words.json "same_as", per language) ------------------------------

@pytest.mark.parametrize(("code", "query", "snippet", "marks"), [
    ("en", "stacking attacks", "Passing an attack on.", ["Passing", "attack"]),
    ("nb", "stable angrep", "Sende et angrep videre.", ["angrep", "videre"]),
    ("de", "Angriffe stapeln", None, ["Angriff", "weitergeben"]),
])
def test_stacking_attacks_finds_passing_an_attack_on(code, query, snippet, marks):
    game, section, found, marked = first(query, code)
    assert (game, section, marked) == ("one_card", "special", marks)
    if snippet is not None:
        assert found == snippet


@pytest.mark.parametrize(("code", "query", "snippet", "marks"), [
    ("nb", "dronning", "Først ut: spilleren til venstre for giveren; spillet går med klokken til en dame snur "
                       "retningen.", ["dame"]),
    ("en", "dronning", "First to play: the player on the dealer's left; play goes clockwise until a Q reverses it.",
     []),
])
def test_dronning_is_the_queen(code, query, snippet, marks):
    assert first(query, code) == ("one_card", "setup", snippet, marks)


# ---- short questions answer first -----------------------------------------------------

NINE_STARTER_NB = "Spillet starter hos den som sitter på giverens venstre side, og går videre mot venstre."
NINE_STARTER_DE = "Los geht es links vom Geber, dann im Uhrzeigersinn weiter."


@pytest.mark.parametrize(("code", "query", "game", "snippet", "marks"), [
    ("en", "who starts", "up_or_down", "First to play: the player on the dealer's left; play goes clockwise.",
     ["First to play"]),
    ("nb", "hvem begynner", "up_to_nine", NINE_STARTER_NB, ["starter hos"]),
    ("nb", "hvem starter", "up_to_nine", NINE_STARTER_NB, ["starter hos"]),
    ("de", "wer beginnt", "up_to_nine", NINE_STARTER_DE, ["Los geht es"]),
    ("de", "wer fängt an", "up_to_nine", NINE_STARTER_DE, ["Los geht es"]),
])
def test_who_starts_shows_the_setups_first(code, query, game, snippet, marks):
    assert first(query, code) == (game, "setup", snippet, marks)
    assert [hit.section for hit in search(query, language=code)[:3]] == ["setup"] * 3


@pytest.mark.parametrize(("code", "query", "start"), [
    ("en", "what beats a king", "What fits: on a 2, a 2 or a 3;"),
    ("nb", "hva slår en konge", "Dette passer: på en 2 en 2 eller en 3;"),
    ("de", "was schlägt einen König", "Was passt: auf eine 2 eine 2 oder eine 3;"),
])
def test_what_beats_a_king_shows_what_fits_in_one_up(code, query, start):
    game, section, snippet, marks = first(query, code)
    assert (game, section) == ("one_up", "turn")
    assert snippet.startswith(start) and "K" in marks


@pytest.mark.parametrize(("code", "query", "snippet"), [
    ("en", "level 4", "Level 4 · Contract: 3 sets of 3 · Max wild: 2 total, max 1 per set, at least one set with no wild."),
    ("nb", "nivå 4", "Nivå 4 · Regel: 3 sett på 3 · Maks wild: 2 i alt, maks 1 per sett, minst 1 sett uten wild."),
    ("de", "Stufe 4", "Stufe 4 · Vorgabe: 3 Sätze aus 3 · Max. Joker: 2 insgesamt, max. 1 je Satz, mindestens 1 Satz "
                      "ohne Joker."),
])
def test_level_4_shows_the_level_4_row(code, query, snippet):
    game, section, found, marks = first(query, code)
    assert (game, section, found) == ("up_to_nine", "turn", snippet)
    assert [mark.lower() for mark in marks] == query.lower().split()


@pytest.mark.parametrize(("code", "query", "snippet", "marks"), [
    ("en", "can I play a 7 on an attack", "7, wild. Fits on any card, unless an attack waits.", ["7", "attack"]),
    ("nb", "kan jeg spille en 7 på et angrep", "7, fri. Passer på alle kort, med mindre et angrep venter.",
     ["7", "angrep"]),
    ("de", "darf ich eine 7 auf einen Angriff spielen", "7, wild. Passt auf jede Karte, außer wenn ein Angriff wartet.",
     ["7", "Angriff"]),
])
def test_a_7_on_an_attack_shows_that_a_7_fits_unless_an_attack_waits(code, query, snippet, marks):
    assert first(query, code) == ("one_card", "special", snippet, marks)


# ---- what was good stays good, other languages, several words -----------------------------

@pytest.mark.parametrize(("code", "query", "game", "section", "marks"), [
    ("nb", "donere", "up_to_nine", "turn", ["Doner"]),
    ("nb", "knekt", "up_to_nine", "turn", ["knekt"]),
    ("de", "Reihe", "up_or_down", "turn", ["Reihe"]),
    ("de", "Auslage", "up_or_down", "turn", ["Auslage"]),
    ("de", "Strasse", "up_to_nine", "special", ["Straße"]),
    ("nb", "sikkerhetsventil", "up_to_nine", "end", ["Sikkerhetsventil"]),
    ("en", "sikkerhetsventil", "up_to_nine", "end", ["Safety valve"]),
    ("en", "Reihe Auslage", "up_or_down", "turn", ["display", "rows"]),
    ("en", "jokere nivå", "up_to_nine", "special", ["wild cards"]),
    ("nb", "safety valve", "up_to_nine", "end", []),
])
def test_words_of_any_of_the_three_languages_find_their_section_first(code, query, game, section, marks):
    assert first(query, code)[:2] == (game, section)
    assert first(query, code)[3] == marks
