"""The Rules screen in the browser at 390x844: search by meaning, hits that
open and close without losing the search, tables laid out for a phone.

Expected texts come from the games' rules.md files (our own words for
seeds 000, 002, 003 and 004); "Reihe" is the German seed's word for a row
(the glossary), found in Up or Down?'s "A turn".
"""

from __future__ import annotations

import time

from harness import ANSWER_TIMEOUT_MS
from steps import read, type_cards

SHARED_SERVER = True
"""One server for this module's tests (conftest.py): they read the rules, which no saved game changes."""

ROW_SENTENCE = "Take one of the card's two new neighbours into your display, to start a row or to add to one."


def search_field_value(app) -> str:
    """What the search field holds, read from its input element."""
    return app.page.evaluate(
        "() => { const field = [...document.querySelectorAll('input, textarea')]"
        ".find(e => (e.getAttribute('aria-label') || '').startsWith('Search all rules'));"
        " return field ? field.value : null; }"
    )


def hits_naming(app, *texts: str) -> str:
    """The hits' text once it holds ``texts`` (section titles, sentences) in this order: the
    hits of the whole query typed, not of a part of it (each key searches as
    it is typed, and a part can find as many sections).

    Raises:
        AssertionError: if they do not within ``ANSWER_TIMEOUT_MS`` (with a screenshot path).
    """
    deadline = time.monotonic() + ANSWER_TIMEOUT_MS / 1000
    while True:
        hits = read(app, "hits")
        places = [hits.find(text) for text in texts]
        if -1 not in places and places == sorted(places):
            return hits
        if time.monotonic() > deadline:
            app.fail(f"the hits do not name {texts} in this order: {hits!r}")
        app.page.wait_for_timeout(100)


def test_search_opens_a_hit_and_closing_it_keeps_the_search(app):
    app.tab("Rules")
    type_cards(app, "Search all rules", "Reihe", submit=False)
    app.see("3 sections in 1 game")
    hits_naming(app, "Up or Down? · A turn")
    hits_naming(app, ROW_SENTENCE)
    app.page.get_by_text("Up or Down? · A turn").first.click()
    section = read(app, "section-turn")
    assert "personal discard pile" in section
    assert "3 sections in 1 game" not in read(app, "section-turn")
    app.tap("Back to the results")
    app.see("3 sections in 1 game")
    assert ROW_SENTENCE in read(app, "hits")
    assert search_field_value(app) == "Reihe"


def test_word_forms_and_seed_words_find_their_sections(app):
    app.open("/rules")
    type_cards(app, "Search all rules", "gave back", submit=False)
    hits_naming(app, "One Up · Scoring", "One Up · Tips for beginners")
    type_cards(app, "Search all rules", "donere", submit=False)
    hits_naming(app, "Up to 9 · A turn")
    hits_naming(app, "Lay off (donate), only once your own contract is down")


def test_one_up_scoring_table_reads_as_rows_on_a_phone(app):
    app.open("/rules?game=one_up")
    app.page.get_by_text("Scoring", exact=True).first.click()
    section = read(app, "section-scoring")
    assert "Penalty points" in section
    assert "Joker (wild joker variant)" in section
    assert "|" not in section, "the table is laid out, not shown as Markdown text"
    table = app.page.get_by_test_id("rules-table").first
    table.scroll_into_view_if_needed()
    box = table.bounding_box()
    assert box is not None and box["width"] >= 300, f"the table is squeezed: {box}"
    assert box["height"] <= 9 * 60, f"a header and 8 rows should not wrap into more lines: {box}"


def test_one_card_preset_chips_tell_the_screen_reader_what_the_seed_lacks(app):
    app.open("/rules?game=one_card")
    app.page.get_by_text("Special cards").first.click(force=True)
    section = read(app, "section-special")
    assert "lost the table of how many cards each one makes the next player draw" in section
    assert "say nothing" not in section
    assert "rulings" not in section.lower()


def pick_language(app, name: str, menu: str = "Language") -> None:
    """Choose ``name`` ("Norsk (bokmål)", "Deutsch") in the Play screen's language menu,
    whose button is called ``menu`` in the language shown now."""
    app.open("/")
    app.tap(menu)
    app.page.get_by_role("menuitemcheckbox", name=name).click()
    app.settle()


def test_a_rules_section_and_a_search_read_in_norwegian_and_german(app):
    pick_language(app, "Norsk (bokmål)")
    app.open("/rules?game=up_or_down")
    app.page.get_by_text("En tur").first.click()
    section = read(app, "section-turn")
    assert "Utlegget ditt har plass til 3 rekker." in section
    assert "egen kastebunke" in section
    type_cards(app, "Søk i alle reglene", "Ablagestapel", submit=False)
    app.see("2 avsnitt i 1 spill")
    hits_naming(app, "Up or Down? · En tur")
    hits_naming(app, "Hvert kort på din egen kastebunke gir 1 poeng (per kort, ikke per rekke).")

    pick_language(app, "Deutsch", menu="Språk")
    app.open("/rules?game=up_or_down")
    app.page.get_by_text("Ein Zug").first.click()
    section = read(app, "section-turn")
    assert "Deine Auslage hat Platz für 3 Reihen." in section
    assert "persönlichen Ablagestapel" in section
    type_cards(app, "Alle Regeln durchsuchen", "discard", submit=False)
    app.see("Abschnitte in")
    hits_naming(app, "Up or Down? · Ein Zug")




def test_a_short_question_and_a_typo_show_their_answer_first(app):
    app.open("/rules")
    type_cards(app, "Search all rules", "what beats a king", submit=False)
    app.see("3 sections in 3 games")
    hits = hits_naming(app, "One Up · A turn", "One-card · Special cards", "Up to 9 · A turn")
    assert "What fits: on a 2, a 2 or a 3;" in hits
    type_cards(app, "Search all rules", "jokr", submit=False)
    app.see("9 sections in 3 games")
    hits = hits_naming(app, "One-card · Special cards", "One Up · Variants")
    assert "Card joker · Power: goes on anything; the strongest attack." in hits


def test_a_section_asked_for_by_the_address_is_scrolled_into_view(app):
    """A lesson's "Tell me more" opens ``/rules?game=..&section=..``: the section asked for is
    opened and brought into view, even one as far down as Up or Down?'s "Winning"."""
    from playwright.sync_api import expect

    app.open("/rules?game=up_or_down&section=winning")
    expect(app.page.get_by_test_id("section-winning")).to_be_in_viewport(timeout=ANSWER_TIMEOUT_MS)
