"""The rules in Norwegian bokmål and German: every block translated with its
marker and figures kept, the catalogs up to date with the English files,
sections rendered with their figures in each language, the search in each
language, and a word of another language still finding its section."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from companion import i18n, rulebook
from companion.registry import GAME_IDS as GAMES
from companion.rulebook import RulebookError, reading, rules_for, signature
from companion.rulebook.ranking import search

ROOT = Path(__file__).resolve().parents[1]

TRANSLATED = ("nb", "de")
_FORMAT_FIELD = re.compile(r"\{\w*\}")


def catalog(code: str):
    """The "rules" catalog of language ``code`` as Babel reads it."""
    with i18n.catalog_path(code, "rules").open("rb") as po:
        return read_po(po, locale=code, domain="rules")


def tool():
    """``tools/rules_catalogs.py`` as a module (tools/ is not a package)."""
    spec = importlib.util.spec_from_file_location("rules_catalogs", ROOT / "tools" / "rules_catalogs.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def marked(hit: rulebook.Hit) -> list[str]:
    return [hit.snippet[start:end] for start, end in hit.marks]


# ---- the catalogs ------------------------------------------------------------------

@pytest.mark.parametrize("code", TRANSLATED)
def test_every_block_has_a_translation_with_the_same_marker_and_figures(code):
    found = catalog(code)
    for message in rulebook.messages():
        entry = found.get(message.text)
        assert entry is not None and entry.string, f"{code}: no translation for {message.path.name}:{message.line}"
        assert not entry.fuzzy, f"{code}: fuzzy translation for {message.path.name}:{message.line}"
        assert signature(entry.string) == signature(message.text), f"{code}: {message.path.name}:{message.line}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_block_with_words_is_written_in_the_language_not_left_in_english(code):
    found = catalog(code)
    english = [m.text for m in rulebook.messages() if re.sub(r"\{\{\w+\}\}|\[[^\]]*\]", "", m.text).strip()]
    assert len(english) == 92
    assert [text for text in english if found.get(text).string == text] == []


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_of_the_screen_and_house_rules_is_translated_with_its_fields(code):
    entries = [entry for entry in catalog(code) if entry.id]
    assert len(entries) == len(rulebook.messages()) + 40
    for entry in entries:
        ids = entry.id if isinstance(entry.id, tuple) else (entry.id,)
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        assert all(strings), f"{code}: {ids[0]!r} is not translated"
        for text in strings:
            assert sorted(_FORMAT_FIELD.findall(text)) == sorted(_FORMAT_FIELD.findall(ids[0])), (code, ids[0])


def test_the_catalogs_are_up_to_date_with_the_rules_files_and_the_code():
    assert tool().main(["--check"]) == 0
    extracted = {message.id for message in tool().template() if message.id}
    for code in TRANSLATED:
        assert {entry.id for entry in catalog(code) if entry.id} == extracted


# ---- rendering --------------------------------------------------------------------

def test_a_section_renders_in_norwegian_with_its_figures_filled():
    setup = rules_for("one_up", language="nb").section("setup")
    assert setup.title == "Forberedelse"
    assert setup.plain.startswith("Stokk de 56 kortene. Alle får 6, delt ut med baksiden opp.")
    assert "{{" not in setup.markdown
    turn = rules_for("up_to_nine", language="nb").section("turn")
    assert turn.title == "En tur"
    assert "| sett | kort av **én** valør, hvilke sorter som helst; tre like er en tress |" in turn.markdown


def test_a_section_renders_in_german_with_its_figures_filled():
    turn = rules_for("up_or_down", language="de").section("turn")
    assert turn.title == "Ein Zug"
    assert "Deine Auslage hat Platz für 3 Reihen." in turn.plain
    assert "persönlichen Ablagestapel" in turn.plain
    winning = rules_for("one_card", language="de").section("winning")
    assert winning.plain.endswith("Hol dir zuerst 5 Rundensiege, dann gehört dir die Partie.")


def test_markers_survive_translation_with_their_reasons_in_the_language():
    for game in GAMES:
        english = rules_for(game, language="en")
        for code in TRANSLATED:
            translated = rules_for(game, language=code)
            assert [(b.preset, b.house_rule) for s in translated.sections for b in s.blocks] == [
                (b.preset, b.house_rule) for s in english.sections for b in s.blocks]
    special = rules_for("one_card", language="nb").section("special")
    assert [b.why for b in special.blocks if b.preset][0].startswith(
        "De opprinnelige reglene nevner de fem angrepskortene")
    variants = rules_for("up_to_nine", language="de").section("variants").blocks[0]
    assert variants.house_rule and variants.text.startswith("Ein Tisch darf beim Start eines Spiels")


def test_house_rules_are_worded_in_the_language():
    rules = rules_for("one_up", {"joker": True, "limit": 30}, language="de")
    assert [(r.label, r.value, r.standard) for r in rules.house_rules] == [
        ("Wilder Joker", "an", "aus"), ("Spielende bei", "30 Punkte", "40 Punkte"),
    ]
    assert [(r.label, r.value) for r in rules_for("up_to_nine", language="nb").house_rules] == [
        ("Nivåtabell", "appens forhåndsvalg"),
    ]


def test_the_rules_follow_the_current_language():
    with i18n.language("de"):
        assert rules_for("one_card").section("special").title == "Sonderkarten"
        assert (search("Reihe")[0].game, search("Reihe")[0].title) == ("up_or_down", "Ein Zug")
    with i18n.language("nb"):
        assert rules_for("one_card").section("special").title == "Spesielle kort"
    assert rules_for("one_card").section("special").title == "Special cards"


def test_an_unknown_language_gets_a_clear_error():
    with pytest.raises(RulebookError, match="unknown language 'fr': choose one of en, nb, de"):
        rules_for("one_up", language="fr")
    with pytest.raises(RulebookError, match="unknown language 'fr'"):
        search("joker", language="fr")


def test_a_translation_that_loses_its_marker_is_not_used(monkeypatch):
    lost = "Die Variante ohne Markierung."
    monkeypatch.setattr(rulebook, "rules_text", lambda text: lost if text.startswith("[house rule] Short game") else text)
    rulebook._template.cache_clear()
    try:
        block = rules_for("one_up", language="de").section("variants").blocks[-1]
    finally:
        rulebook._template.cache_clear()
    assert block.house_rule
    assert block.text.startswith("Short game and wild joker are picked when a game starts; opened\nfrom")


# ---- search in each language -------------------------------------------------------

@pytest.mark.parametrize(("code", "query", "game", "section", "marks"), [
    ("nb", "nivå", "up_to_nine", "turn", ["Nivå"]),
    ("nb", "tress", "up_to_nine", "turn", ["tress"]),
    ("nb", "donere", "up_to_nine", "turn", ["Doner"]),
    ("nb", "sikkerhetsventil", "up_to_nine", "end", ["Sikkerhetsventil"]),
    ("nb", "kastebunke", "up_or_down", "turn", ["kastebunke"]),
    ("de", "Reihe", "up_or_down", "turn", ["Reihe"]),
    ("de", "Auslage", "up_or_down", "turn", ["Auslage"]),
    ("de", "persönlicher Ablagestapel", "up_or_down", "turn", ["persönlichen", "Ablagestapel"]),
    ("de", "Schild", "one_card", "special", ["Schild"]),
])
def test_search_in_the_language_finds_its_section_first(code, query, game, section, marks):
    hit = search(query, language=code)[0]
    assert (hit.game, hit.section) == (game, section)
    assert marked(hit) == marks


def test_word_forms_are_found_by_the_languages_own_stemmer():
    assert [(h.game, h.section) for h in search("donerte", language="nb")][:1] == [("up_to_nine", "turn")]
    assert [(h.game, h.section) for h in search("Reihen", language="de")] == [
        (h.game, h.section) for h in search("Reihe", language="de")]
    hits = search("gikk ut", language="nb")
    assert [(hit.game, hit.section) for hit in hits] == [
        (hit.game, hit.section) for hit in search("gå ut", language="nb")]
    assert [marked(hit) for hit in hits if (hit.game, hit.section) == ("one_up", "tips")] == [["gå ut"]]


@pytest.mark.parametrize(("query", "game", "section", "marks"), [
    ("zurückgeben", "one_up", "scoring", ["zurück"]),
    ("aussteigen", "one_up", "turn", ["aussteigen"]),
    ("angelegt", "up_to_nine", "turn", ["Anlegen"]),
    ("anlegen", "up_to_nine", "turn", ["Anlegen"]),
])
def test_german_participles_and_split_verbs_find_their_section(query, game, section, marks):
    hit = search(query, language="de")[0]
    assert (hit.game, hit.section) == (game, section)
    assert marked(hit) == marks


@pytest.mark.parametrize(("code", "query", "game", "section", "snippet", "marks"), [
    ("nb", "Ablagestapel", "up_or_down", "turn",
     "Velg da en av rekkene dine, snu alle kortene i den med baksiden opp på din egen kastebunke, og la kortet "
     "starte en ny rekke.", ["egen kastebunke"]),
    ("nb", "Reihe", "up_or_down", "turn",
     "Ta ett av kortets to nye naboer inn i utlegget ditt, for å starte en rekke eller bygge videre på en.",
     ["rekke"]),
    ("de", "donere", "up_to_nine", "turn", None, ["Anlegen"]),
    ("de", "nivå", "up_to_nine", "turn", None, ["Stufe"]),
])
def test_a_seed_word_of_another_language_finds_its_section_through_the_glossary(
        code, query, game, section, snippet, marks):
    hit = search(query, language=code)[0]
    assert (hit.game, hit.section) == (game, section)
    assert {h.game for h in search(query, language=code)} == {game}
    if snippet is not None:
        assert hit.snippet == snippet
    assert marked(hit) == marks


def test_an_english_word_in_a_german_session_finds_its_section():
    hit = search("shield", language="de")[0]
    assert (hit.game, hit.section, hit.title) == ("one_card", "special", "Sonderkarten")
    assert hit.snippet.startswith("Karte 3 · Wirkung: ") and "Schild: beendet einen wartenden Angriff." in hit.snippet
    assert hit.marks == ()
    assert [(h.game, h.section) for h in search("safety valve", language="de")] == [("up_to_nine", "end")]


def test_an_english_word_in_a_norwegian_session_finds_its_section_and_a_sentence_of_the_same_list():
    hit = search("shuffle", language="nb")[0]
    assert (hit.game, hit.section) == (search("shuffle", language="en")[0].game, search("shuffle")[0].section)
    hits = search("discard pile", language="nb")
    assert {(h.game, h.section) for h in hits} == {(h.game, h.section) for h in search("discard pile")}
    english = [h for h in search("discard pile") if (h.game, h.section) == ("up_to_nine", "turn")][0]
    norwegian = [h for h in hits if (h.game, h.section) == ("up_to_nine", "turn")][0]
    assert english.snippet == "Discard: one card onto the discard pile ends your turn."
    assert norwegian.snippet == "Kast: legg ett kort på kastebunken, og turen er over."


def test_a_norwegian_word_in_a_german_session_finds_its_section():
    hit = search("sikkerhetsventil", language="de")[0]
    assert (hit.game, hit.section) == ("up_to_nine", "end")
    assert marked(hit) == ["Sicherheitsventil"]
    assert hit.snippet.startswith("Sicherheitsventil. Ausgelegte Karten sind bis zum Ende der Runde aus dem Spiel")


# ---- a query of several words in another language -------------------------------------

@pytest.mark.parametrize(("own", "query", "game", "section"), [
    ("en", "wild budget", "up_to_nine", "turn"),
    ("de", "joker budget", "up_to_nine", "turn"),
    ("nb", "maks wild", "up_to_nine", "turn"),
    ("en", "who starts", "up_or_down", "setup"),
    ("nb", "hvem begynner", "up_to_nine", "setup"),
    ("de", "wer fängt an", "up_to_nine", "setup"),
    ("en", "what beats a king", "one_up", "turn"),
    ("nb", "hva slår en konge", "one_up", "turn"),
    ("de", "was schlägt einen König", "one_up", "turn"),
    ("en", "level 4", "up_to_nine", "turn"),
    ("nb", "nivå 4", "up_to_nine", "turn"),
    ("de", "Stufe 4", "up_to_nine", "turn"),
])
@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_several_words_of_one_language_find_in_every_session_what_they_find_in_their_own(own, query, game, section,
                                                                                           code):
    hit, theirs = search(query, language=code)[0], search(query, language=own)[0]
    assert (hit.game, hit.section) == (theirs.game, theirs.section) == (game, section)


@pytest.mark.parametrize(("code", "query", "snippet"), [
    ("en", "Stufe 4", "Level 4 · Contract: 3 sets of 3 · "),
    ("en", "nivå 4", "Level 4 · Contract: 3 sets of 3 · "),
    ("nb", "level 4", "Nivå 4 · Regel: 3 sett på 3 · "),
    ("nb", "Stufe 4", "Nivå 4 · Regel: 3 sett på 3 · "),
    ("de", "level 4", "Stufe 4 · Vorgabe: 3 Sätze aus 3 · "),
    ("de", "nivå 4", "Stufe 4 · Vorgabe: 3 Sätze aus 3 · "),
])
def test_a_table_row_asked_for_in_another_language_is_the_snippet_in_the_sessions_words(code, query, snippet):
    hit = search(query, language=code)[0]
    assert hit.snippet.startswith(snippet)


def test_a_short_question_of_another_language_shows_the_sentence_its_own_session_shows():
    hit = search("wer fängt an", language="en")[0]
    assert (hit.snippet, hit.marks) == ("Play begins left of the dealer and moves clockwise.", ())
    hit = search("who starts", language="de")[0]
    assert (hit.snippet, hit.marks) == ("Es beginnt: wer links vom Geber sitzt; es geht im Uhrzeigersinn weiter.", ())
    hit = search("hvem begynner", language="de")[0]
    assert hit.snippet == "Los geht es links vom Geber, dann im Uhrzeigersinn weiter."


def test_the_language_that_reads_most_of_a_query_reads_it_first_the_sessions_among_equals():
    assert reading._readers("wer fängt an", "en") == ["de", "en"]
    assert reading._readers("Stufe 4", "en") == ["de", "en", "nb"]
    assert reading._readers("wild budget", "de") == ["de", "en", "nb"]
    assert reading._readers("jokr", "nb") == ["nb"]


@pytest.mark.parametrize(("query", "marked"), [
    ("wild budsjett", ["wild budgets"]),
    ("gå ut", ["hand is empty", "went out"]),
])
def test_a_norwegian_query_read_in_english_marks_each_word_of_the_snippet_once(query, marked):
    """Two words of a query may mark the same words of a snippet ("wild" and "wild budget", from
    the glossary's "wild budsjett"); the marks are joined, so the snippet shows them once, not
    "wildwild budget". The marked words of Up to 9's "variants" and "end" hits, in English."""
    hit = next(hit for hit in search(query, language="en") if hit.section in ("variants", "end"))
    marks = list(hit.marks)
    assert [hit.snippet[start:end] for start, end in marks] == marked
    assert all(end < start for (_first, end), (start, _last) in zip(marks, marks[1:]))
