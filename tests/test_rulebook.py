"""The rules texts: every section present, presets marked (and why), figures
from the rules core, house-rule values shown, search across games by meaning."""

from __future__ import annotations

import dataclasses
import re
import sys
import threading

import pytest

from companion import registry, rulebook, setup
from companion.games import one_card, one_up, up_or_down, up_to_nine
from companion.registry import GAME_IDS as GAMES
from companion.rulebook import OPTIONAL_SECTIONS, SECTIONS, RulebookError, rules_for
from companion.rulebook.ranking import SNIPPET_LENGTH, search
from companion.rulebook import index as rulebook_index
from companion.rulebook import reading



@pytest.fixture
def fresh_templates():
    """Forget the cached rules files and renderings before and after a test."""
    caches = (rulebook._source, rulebook._template, rulebook._standard_rules)
    for cache in caches:
        cache.cache_clear()
    yield
    for cache in caches:
        cache.cache_clear()


def block_with(rules: rulebook.GameRules, section: str, text: str) -> rulebook.Block:
    """The block of ``section`` whose text contains ``text``."""
    blocks = [b for b in rules.section(section).blocks if text in b.text]
    assert blocks, f"no block with {text!r} in {rules.game}/{section}"
    return blocks[0]


# ---- structure ------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_every_section_in_order(game):
    rules = rules_for(game)
    own = [(key, title) for key, title in SECTIONS if key not in OPTIONAL_SECTIONS or game == "one_up"]
    assert [s.key for s in rules.sections] == [key for key, _ in own]
    assert [s.title for s in rules.sections] == [title for _, title in own]
    for section in rules.sections:
        assert section.blocks, f"{game}/{section.key} is empty"
        assert len(section.plain) >= 40
        assert "{{" not in section.markdown and "}}" not in section.markdown
        assert "[preset" not in section.markdown and "[house rule" not in section.markdown
    assert rules.intro and rules.name == setup.row(game).title


def test_game_ids_are_read_loosely_and_unknown_ones_refused():
    assert rules_for(" One_Up ").game == "one_up"
    with pytest.raises(RulebookError, match="unknown game 'chess'.*one_up"):
        rules_for("chess")
    with pytest.raises(RulebookError, match="no section 'rules'"):
        rules_for("one_up").section("rules")
    with pytest.raises(RulebookError, match="no section 'tips'"):
        rules_for("one_card").section("tips")


def read_rules_from(monkeypatch, path):
    """Let One Up's spec name ``path`` as its rules text for the test."""
    monkeypatch.setitem(registry._BY_ID, "one_up", dataclasses.replace(registry.game("one_up"), rules_file=path))


def test_a_rules_file_missing_a_section_is_refused(tmp_path, monkeypatch, fresh_templates):
    text = registry.game("one_up").rules_file.read_text(encoding="utf-8")
    (tmp_path / "one_up.md").write_text(text.replace("## Variants", "## Extras"), encoding="utf-8")
    read_rules_from(monkeypatch, tmp_path / "one_up.md")
    with pytest.raises(RulebookError, match="expected .*'Variants'"):
        rules_for("one_up")


def test_an_unknown_placeholder_is_refused(tmp_path, monkeypatch, fresh_templates):
    text = registry.game("one_up").rules_file.read_text(encoding="utf-8")
    (tmp_path / "one_up.md").write_text(text + "\n{{no_such_figure}}\n", encoding="utf-8")
    read_rules_from(monkeypatch, tmp_path / "one_up.md")
    with pytest.raises(RulebookError, match="no_such_figure"):
        rules_for("one_up")


# ---- presets ------------------------------------------------------------------

def test_one_card_attack_values_are_a_preset_rendered_from_the_core():
    block = block_with(rules_for("one_card"), "special", "Next player draws")
    assert block.preset and not block.house_rule
    for line, value in (("any 2", 2), ("A♥ A♦ A♣", 3), ("A♠", 5), ("black joker", 7), ("colour joker", 10)):
        assert f"| {line} | {value} |" in block.text


def test_up_to_nine_level_table_is_a_house_rule_and_its_preset_rows_are_named():
    rules = rules_for("up_to_nine")
    block = block_with(rules, "turn", "| Level |")
    assert block.house_rule and not block.preset
    note = block_with(rules, "turn", "levels 2, 3 and 6")
    assert note.preset and not note.house_rule
    assert " ".join(note.text.split()).startswith(
        "The original rules still give levels 1, 4, 7 and 9 and the split wild budgets of levels 5 and 8")
    assert "the contracts and wild budgets of levels 2, 3 and 6" in rules.section("turn").plain
    assert "levels 1, 4, 7 and 9" in note.why
    assert "| 4 | 3 sets of 3 | 2 total, max 1 per set, at least one set with no wild |" in block.text
    assert "| 5 | straight of 4 + set of 3 | 1 + 1 |" in block.text
    assert "| 9 | straight of 9 | 4 |" in block.text
    assert "level 9 (straight of 9, max 4 wild) needs at least 5 natural cards" in rules.section("turn").plain


def test_presets_are_marked_where_rulings_decide():
    expected = {
        ("one_card", "cards", "2-5 players: 1 deck, 54 cards; 6 players: 2 decks, 108 cards"),
        ("one_card", "setup", "the player on the dealer's left"),
        ("one_card", "turn", "After taking an attack, your turn goes on"),
        ("one_card", "special", "earns one more"),
        ("one_card", "scoring", "counts round wins"),
        ("up_to_nine", "cards", "2-4 players: 2 standard decks without jokers (104 cards)"),
        ("up_to_nine", "special", "swap the real"),
        ("up_to_nine", "scoring", "The points for the other cards"),
        ("up_to_nine", "turn", "levels 2, 3 and 6"),
        ("up_to_nine", "winning", "share the win"),
        ("up_or_down", "cards", "| 2 | 1 to 54 |"),
        ("up_or_down", "setup", "the player on the dealer's left"),
        ("up_or_down", "winning", "share the win"),
    }
    for game, section, text in expected:
        assert block_with(rules_for(game), section, text).preset, (game, section, text)


def test_up_to_nine_penalty_table_is_rendered_from_the_core_and_its_2s_and_3s_are_the_seeds():
    rules = rules_for("up_to_nine")
    block = block_with(rules, "scoring", "| Card left in hand |")
    assert not block.preset and not block.house_rule
    assert not block_with(rules, "scoring", "counts as a wild and costs 20").preset
    for line, points in (("2 3", 20), ("A", 15), ("10 J Q K", 10), ("4 5 6 7 8 9", 5)):
        assert f"| {line} | {points} |" in block.text


def test_seed_rules_are_not_marked_as_presets():
    assert not block_with(rules_for("one_up"), "scoring", "| Penalty points |").preset
    assert not block_with(rules_for("one_card"), "special", "3, shield").preset
    assert not block_with(rules_for("up_to_nine"), "end", "Safety valve").preset


def test_every_game_but_one_up_has_a_preset_and_one_up_has_none():
    marked = {game for game in GAMES if any(s.has_preset for s in rules_for(game).sections)}
    assert marked == {"one_card", "up_to_nine", "up_or_down"}


# ---- figures come from the rules core ----------------------------------------

def test_one_up_figures_match_the_core():
    rules = rules_for("one_up")
    plan = setup.plan("one_up", 4)
    assert "| A | 1 |\n| 2 | 2 |\n| 3 | 3 |\n| 4 | 4 |\n| 5 | 5 |\n| 6 | 6 |\n| K | 10 |\n" \
        "| Joker (wild joker variant) | 20 |" in rules.section("scoring").markdown
    assert f"pick out these {plan.deck_size} cards" in rules.section("cards").plain
    assert "- A 2 3 4 5 6: 8 of each (48)\n- K: 8" in rules.section("cards").markdown
    assert f"Everyone gets {plan.hand_size}, dealt face down." in rules.section("setup").plain
    assert "You take back 10 if it was 10 or more, else 1 if it was 1 or more, else nothing." in (
        rules.section("scoring").plain
    )
    assert "the game is over at 30 penalty points instead of 40" in rules.section("variants").plain
    assert "4, 4, 6 and K left in a hand cost 4 + 6 + 10 = 20 points; two 2s cost only 2." in (
        rules.section("scoring").plain
    )
    assert "a total of 23 is 2 black chips and 3 white ones" in rules.section("scoring").plain
    assert "Players: 2 to 6." in rules.section("cards").plain


def test_a_changed_core_table_changes_the_text(monkeypatch, fresh_templates):
    monkeypatch.setitem(one_up.PENALTY_POINTS, "K", 12)
    monkeypatch.setitem(one_card.ATTACK_VALUES, one_card.BLACK_JOKER, 8)
    monkeypatch.setattr(up_to_nine.scoring, "PENALTY_GROUPS", (((2, 3), 25),) + up_to_nine.PENALTY_GROUPS[1:])
    monkeypatch.setitem(up_or_down.CARDS_IN_PLAY, 2, 60)
    one_up_scoring = rules_for("one_up").section("scoring")
    assert "| 6 | 6 |\n| K | 12 |\n" in one_up_scoring.markdown
    assert "4, 4, 6 and K left in a hand cost 4 + 6 + 12 = 22 points" in one_up_scoring.plain
    assert "| black joker | 8 |" in rules_for("one_card").section("special").markdown
    assert "| 2 3 | 25 |" in rules_for("up_to_nine").section("scoring").markdown
    assert "| 2 | 1 to 60 |" in rules_for("up_or_down").section("cards").markdown


def test_up_to_nine_penalties_and_decks():
    rules = rules_for("up_to_nine")
    table = rules.section("scoring").markdown
    for row in ("| 2 3 | 20 |", "| A | 15 |", "| 10 J Q K | 10 |", "| 4 5 6 7 8 9 | 5 |"):
        assert row in table
    assert "Every player gets 11 cards." in rules.section("setup").plain
    assert "5-6 players: 3 standard decks without jokers (156 cards)" in rules.section("cards").plain


def test_up_or_down_example_is_scored_by_the_core():
    text = rules_for("up_or_down").section("scoring").plain
    assert "score 24 + 2 + 40 = 66." in text
    assert "rows of 8 cards (3 yellow the most), 2 cards (two colours) and 8 cards (5 blue the most)" in text


def test_one_card_deal_sizes():
    text = rules_for("one_card").section("setup").plain
    assert "Deal 7 each with 2 players, and 5 each with 3 or more players." in text


# ---- house rules ---------------------------------------------------------------

def test_one_up_house_rules_are_shown():
    rules = rules_for("one_up", {"joker": True, "limit": 30})
    assert "A round that brings any total to 30 or more is the last one." in rules.section("winning").plain
    assert [(h.label, h.value, h.standard, h.changed) for h in rules.house_rules] == [
        ("Wild joker", "on", "off", True),
        ("Game ends at", "30 points", "40 points", True),
    ]
    standard = rules_for("one_up")
    assert "A round that brings any total to 40 or more is the last one." in standard.section("winning").plain
    assert not any(h.changed for h in standard.house_rules)
    assert block_with(standard, "variants", "picked when a game starts").house_rule


def test_one_card_round_wins_target_is_shown():
    rules = rules_for("one_card", {"target": 3})
    assert "The app counts round wins for each player; whoever reaches 3 wins the match." in (
        rules.section("scoring").plain)
    assert "Reach 3 round wins first, and the match is yours." in rules.section("winning").plain
    assert [(h.value, h.standard, h.changed) for h in rules.house_rules] == [("3", "5", True)]
    block = block_with(rules, "scoring", "counts round wins")
    assert block.preset and block.house_rule


def test_up_to_nine_edited_level_table_is_shown():
    table = up_to_nine.levels_to_json()
    table[0]["groups"][0]["size"] = 5
    table[8]["max_wild"] = 3
    table[8]["groups"][0]["max_wild"] = 3
    rules = rules_for("up_to_nine", {"levels": table})
    turn = rules.section("turn").markdown
    assert "This game plays with its own level table:" in turn
    assert "| 1 | straight of 5 | 0 |" in turn
    assert "| 9 | straight of 9 | 3 |" in turn
    assert "level 9 (straight of 9, max 3 wild) needs at least 6 natural cards" in rules.section("turn").plain
    assert [(h.label, h.value, h.changed) for h in rules.house_rules] == [
        ("Level table", "edited for this game", True)
    ]


def test_the_preset_level_table_saved_with_a_game_counts_as_the_preset():
    rules = rules_for("up_to_nine", {"levels": up_to_nine.levels_to_json()})
    assert "own level table" not in rules.section("turn").markdown
    assert not rules.house_rules[0].changed


def test_up_or_down_has_no_house_rules():
    assert rules_for("up_or_down", {}).house_rules == ()


@pytest.mark.parametrize(("game", "options", "message"), [
    ("one_up", {"limit": "forty"}, "^The game limit must be a whole number, 1 or more, not 'forty'$"),
    ("one_up", {"joker": "yes"}, "joker option"),
    ("one_card", {"target": 0}, "round wins"),
    ("up_to_nine", {"levels": [1, 2]}, "^The level table can not be used: "),
    ("one_up", ["joker"], "options must be a mapping"),
    ("one_up", {"wild": True}, "^One Up has no option 'wild' \\(options: joker, limit\\)$"),
])
def test_bad_options_get_a_clear_error(game, options, message):
    with pytest.raises(RulebookError, match=message):
        rules_for(game, options)


# ---- search ---------------------------------------------------------------------

def test_joker_is_found_in_at_least_three_games():
    hits = search("joker")
    assert {hit.game for hit in hits} >= {"one_up", "one_card", "up_to_nine"}
    for hit in hits:
        assert "joker" in hit.snippet.lower()
        assert hit.title == dict(SECTIONS)[hit.section]
        assert hit.name == rules_for(hit.game).name


def test_search_is_case_insensitive_and_ranked_best_first():
    assert search("JOKER") == search("joker")
    hits = search("joker")
    assert hits[0].game == "one_card" and hits[0].section == "special"
    scores = [hit.score for hit in hits]
    assert scores == sorted(scores, reverse=True)
    order = [(GAMES.index(h.game), [k for k, _ in SECTIONS].index(h.section)) for h in hits]
    for (score, place), (next_score, next_place) in zip(zip(scores, order), zip(scores[1:], order[1:])):
        assert score > next_score or place < next_place


def test_search_needs_every_word():
    hits = search("wild budget")
    assert hits and all(h.game == "up_to_nine" for h in hits)
    assert {h.section for h in hits} >= {"turn", "special"}
    assert search("shield") and {h.game for h in search("shield")} == {"one_card"}


def test_search_finds_section_titles_and_nothing_for_blank_queries():
    assert ("up_or_down", "variants") in {(h.game, h.section) for h in search("variants")}
    assert search("") == [] and search("   ") == []
    assert search("xylophone") == []


def test_search_snippet_is_a_sentence_cut_at_a_word_end_when_long():
    hit = next(h for h in search("safety valve") if h.game == "up_to_nine")
    assert hit.section == "end"
    assert hit.snippet == (
        "Safety valve. Cards laid down leave play until the round is over, so a round can get stuck: "
        "nobody who still needs to lay down can complete their level with the cards left in play."
    )
    assert len(hit.snippet) <= SNIPPET_LENGTH + 1
    assert [hit.snippet[start:end] for start, end in hit.marks] == ["Safety", "valve"]


def test_search_can_be_limited_to_games():
    assert {h.game for h in search("joker", games=["one_card"])} == {"one_card"}
    with pytest.raises(RulebookError):
        search("joker", games=["poker"])


def test_one_card_buried_start_ranks_rendered_from_the_core():
    assert (
        "A 2, 3, 7, A, J, Q, K or a joker can not open it: slide it into the draw pile and turn up "
        "another, until a plain 4, 5, 6, 8, 9 or 10 shows."
    ) in rules_for("one_card").section("setup").plain


# ---- search by meaning ---------------------------------------------------------

@pytest.mark.parametrize(("word", "game", "section", "marked"), [
    ("donere", "up_to_nine", "turn", ["Lay off"]),
    ("Reihe", "up_or_down", "turn", ["row"]),
    ("nivå", "up_to_nine", "turn", ["Level"]),
    ("tress", "up_to_nine", "turn", ["set"]),
    ("Auslage", "up_or_down", "turn", ["display"]),
    ("Ablagestapel", "up_or_down", "turn", ["personal discard pile"]),
    ("jokere", "up_to_nine", "special", ["wild cards"]),
])
def test_each_glossary_word_of_the_seeds_finds_its_section_first(word, game, section, marked):
    hits = search(word)
    assert (hits[0].game, hits[0].section) == (game, section)
    assert {hit.game for hit in hits} == {game}
    assert [hits[0].snippet[start:end] for start, end in hits[0].marks] == marked


@pytest.mark.parametrize("query", ["give back", "gives back", "gave back", "giving back", "given back"])
def test_every_form_of_give_back_finds_one_ups_scoring(query):
    hits = search(query)
    assert (hits[0].game, hits[0].section) == ("one_up", "scoring")
    assert hits[0].snippet == (
        "Going out scores 0 for the round and also lowers your running total: you give back a chip."
    )
    assert [hits[0].snippet[start:end] for start, end in hits[0].marks] == ["give", "back"]


@pytest.mark.parametrize("query", ["lay off", "laid off", "lays off", "laying off", "donate"])
def test_every_form_of_lay_off_finds_up_to_nines_turn(query):
    hit = search(query)[0]
    assert (hit.game, hit.section) == ("up_to_nine", "turn")
    assert hit.snippet.startswith("Lay off (donate), only once your own contract is down, this turn or earlier")


@pytest.mark.parametrize("query", ["went out", "go out", "goes out", "going out", "gone out"])
def test_went_out_and_its_forms_find_the_same_sections(query):
    assert [(h.game, h.section) for h in search(query)] == [(h.game, h.section) for h in search("went out")]
    assert ("one_up", "end") in [(h.game, h.section) for h in search(query)]


def test_ace_is_a_whole_word_and_never_face_or_place():
    hits = search("ace")
    assert "up_or_down" not in {hit.game for hit in hits}, "Up or Down? has face-up cards but no ace"
    for hit in hits:
        marked = [hit.snippet[start:end].lower() for start, end in hit.marks]
        assert marked and set(marked) <= {"ace", "aces"}, (hit.game, hit.section, marked)


def test_tie_is_a_whole_word_and_never_empties():
    assert rulebook_index._stem("empties") != rulebook_index._stem("tie")
    hits = search("tie")
    assert [(h.game, h.section) for h in hits] == [
        ("up_or_down", "winning"), ("up_to_nine", "winning"), ("one_up", "winning"), ("up_to_nine", "scoring"),
    ]
    for hit in hits:
        assert {hit.snippet[start:end].lower() for start, end in hit.marks} <= {"tie", "tied", "ties", "share the win"}


def test_words_stemmed_by_several_threads_at_once_keep_their_own_stems():
    """The warming thread builds the index while a phone searches: each word's
    stem, and its reading as a query word of an English session (the seeds'
    glossary, stemmed in Norwegian and German), is the one it gets alone,
    whichever threads stem at the same time."""
    words = sorted({word.lower() for word in re.findall(r"[^\W\d_]+", "Die Spieler legen Reihen ab, "
                    "abwechselnd, gewinnt zusammen Karten Farben abheben Reihenfolge Punkten")})
    stem = rulebook_index._stem.__wrapped__  # past the cache, so every call stems

    def read(word: str) -> tuple:
        return stem(word, "de"), reading._term(word, "en", typo=False)

    alone = {word: read(word) for word in words}
    wrong: list[tuple[str, object]] = []

    def read_all() -> None:
        for _ in range(150):
            for word in words:
                try:
                    got = read(word)
                except Exception as error:  # a stemmer read by two threads raises IndexError or AssertionError
                    got = repr(error)
                if got != alone[word]:
                    wrong.append((word, got))

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=read_all) for _ in range(3)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert len(words) == 13
    assert wrong == []


def test_a_table_row_reads_as_a_sentence():
    hit = search("colour joker")[0]
    assert (hit.game, hit.section) == ("one_card", "special")
    assert hit.snippet == "Attack card colour joker · Next player draws: 10 · Passed on by: nothing: block it or take it."
    assert [hit.snippet[start:end] for start, end in hit.marks] == ["colour", "joker"]
    assert "|" not in "".join(h.snippet for h in search("level"))


def test_one_card_attack_resets_to_zero_when_taken():
    hit = search("attack reset")[0]
    assert (hit.game, hit.section) == ("one_card", "special")
    assert hit.snippet == (
        "Taking an attack resets the count: the next attack card starts again from zero."
    )


def test_one_up_has_tips_for_beginners():
    tips = rules_for("one_up").section("tips")
    assert tips.title == "Tips for beginners"
    assert "Count values, not cards." in tips.plain and "Lose the kings early." in tips.plain
    assert [(h.game, h.section) for h in search("tips")] == [("one_up", "tips")]


def test_one_card_presets_say_what_the_seed_lacks():
    rules = rules_for("one_card")
    whys = {section.key: [b.why for b in section.blocks if b.preset] for section in rules.sections}
    assert whys["cards"] == ["The original rules use one 54-card deck but do not say for how many players; "
                             "a second deck for big tables is the app's suggestion."]
    assert whys["turn"][0].startswith("The original rules only show it in passing")
    assert whys["special"][0].startswith("The original rules name the five attack cards")
    assert all(why and "rulings" not in why for section in whys.values() for why in section)
    assert not any(b.why for s in rules.sections for b in s.blocks if not b.preset)


def test_no_internal_file_name_in_any_rules_text():
    for game in GAMES:
        rules = rules_for(game)
        text = rules.intro + " ".join(s.markdown + " ".join(b.why for b in s.blocks) for s in rules.sections)
        assert ".md" not in text and "rulings" not in text.lower()


def test_a_block_splits_into_text_and_tables_for_the_screen():
    block = block_with(rules_for("one_up"), "scoring", "| Penalty points |")
    table = [piece for piece in block.pieces if not isinstance(piece, str)]
    assert table == [(
        ("Card", "Penalty points"), ("A", "1"), ("2", "2"), ("3", "3"), ("4", "4"), ("5", "5"), ("6", "6"),
        ("K", "10"), ("Joker (wild joker variant)", "20"),
    )]
    cards = rules_for("one_up").section("cards").blocks[0]
    assert cards.pieces == (cards.text,)
    assert rulebook.pieces("Intro:\n\n| A | B |\n|---|---|\n| 1 | 2 |\n\nAfter.") == (
        "Intro:", (("A", "B"), ("1", "2")), "After.",
    )


@pytest.mark.parametrize(("query", "game", "section"), [
    ("legge ned", "up_to_nine", "turn"),
    ("sikkerhetsventil", "up_to_nine", "end"),
    ("straffepoeng", "up_to_nine", "scoring"),
    ("verdeckter Stapel", "up_or_down", "setup"),
    ("persönlicher Ablagestapel", "up_or_down", "turn"),
])
def test_the_seeds_multi_word_terms_find_their_section_first(query, game, section):
    hits = search(query)
    assert (hits[0].game, hits[0].section) == (game, section)
    assert {hit.game for hit in hits} == {game}


def test_a_word_the_rules_use_is_read_as_english_not_through_the_glossary():
    assert {hit.game for hit in search("joker")} == {"one_up", "one_card", "up_to_nine"}
    assert [(h.game, h.section) for h in search("ring")][:1] == [("up_or_down", "setup")]
