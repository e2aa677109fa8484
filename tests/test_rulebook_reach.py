"""What a player at the table asks reaches the section that answers it, in
English, Norwegian and German: going out (a word each game's text says its
own way: "went out", "plays their last card", "empties their hand"), how
many cards a player is dealt and who deals (the setups), and a tie."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from companion.rulebook import reading
from companion.rulebook.ranking import search

GOING_OUT = {
    ("one_up", "turn"), ("one_up", "end"), ("one_up", "scoring"), ("one_up", "tips"), ("one_up", "variants"),
    ("one_card", "special"), ("one_card", "end"), ("one_card", "winning"),
    ("up_to_nine", "turn"), ("up_to_nine", "end"), ("up_to_nine", "scoring"),
}
"""Every section that speaks of a player going out (Up to 9's turn: laying off "is how a
hand gets empty"); Up or Down? has none: its one round ends when the last card of the
piles is in play."""

SETUPS = {("one_up", "setup"), ("one_card", "setup"), ("up_to_nine", "setup"), ("up_or_down", "setup")}

DEALT = {
    "en": {"one_up": "Everyone gets 6, dealt face down.",
           "one_card": "Shuffle the deck. Deal 7 each with 2 players, and 5 each with 3 or more players.",
           "up_to_nine": "Every player gets 11 cards.",
           "up_or_down": "Every player gets 3 cards."},
    "nb": {"one_up": "Alle får 6, delt ut med baksiden opp.",
           "one_card": "Stokk kortene. Del ut 7 hver med 2 spillere, og 5 hver med 3 eller flere spillere.",
           "up_to_nine": "Del ut 11 kort til hver.",
           "up_or_down": "Hver spiller får 3 kort."},
    "de": {"one_up": "Alle bekommen 6, verdeckt ausgeteilt.",
           "one_card": "Misch das Blatt. Teile aus: je 7 bei 2 Spielern und je 5 bei 3 oder mehr Spielern.",
           "up_to_nine": "Jede Person bekommt 11 Karten.",
           "up_or_down": "Jede Person bekommt 3 Karten."},
}
"""The sentence of each game's setup that says how many cards a player is dealt."""


def places(query: str, code: str) -> list[tuple[str, str]]:
    return [(hit.game, hit.section) for hit in search(query, language=code)]


# ---- going out ------------------------------------------------------------------------

@pytest.mark.parametrize(("code", "query"), [
    ("en", "go out"), ("en", "went out"), ("en", "gå ut"),
    ("nb", "gå ut"), ("nb", "gikk ut"), ("nb", "go out"),
    ("de", "gå ut"), ("de", "ausgehen"), ("de", "hinausgehen"), ("de", "hinausgegangen"),
])
def test_going_out_finds_every_section_where_a_player_goes_out_and_no_other(code, query):
    found = places(query, code)
    assert set(found) == GOING_OUT
    assert len(found) == len(GOING_OUT)


@pytest.mark.parametrize(("code", "query", "snippet", "marks"), [
    ("en", "go out", "The round is over the moment someone legally plays their last card; that player wins it.",
     ["their last card"]),
    ("nb", "gå ut",
     "Runden er over i det øyeblikket noen lovlig spiller sitt siste kort; den spilleren vinner runden.",
     ["sitt siste kort"]),
    ("de", "ausgehen", "Die Runde ist in dem Moment vorbei, in dem jemand regelgerecht die letzte Karte spielt; "
                       "diese Person gewinnt sie.", ["letzte Karte spielt"]),
])
def test_going_out_shows_one_cards_round_end_in_its_own_words(code, query, snippet, marks):
    hit = next(hit for hit in search(query, language=code) if (hit.game, hit.section) == ("one_card", "end"))
    assert (hit.snippet, [hit.snippet[start:end] for start, end in hit.marks]) == (snippet, marks)


def test_a_german_word_for_going_out_is_not_read_as_a_typo_of_laying_down():
    stems = [alternative.stems for alternative in reading._term("ausgehen", "de").alternatives]
    assert stems[:3] == [("ausgeh",), ("hinausgeh",), ("du", "hinaus")]
    assert ("ausleg",) not in stems
    hit = next(hit for hit in search("ausgehen", language="de") if (hit.game, hit.section) == ("up_to_nine", "turn"))
    assert (hit.snippet, [hit.snippet[start:end] for start, end in hit.marks]) == (
        "So wird eine Hand leer.", ["Hand leer"])


# ---- how many cards, who deals ------------------------------------------------------------

@pytest.mark.parametrize(("code", "query"), [
    ("en", "how many cards"), ("en", "How many cards do I get?"), ("en", "how many cards each"),
    ("nb", "hvor mange kort"), ("nb", "hvor mange kort får jeg"),
    ("de", "wie viele Karten"), ("de", "Wie viele Karten bekomme ich?"),
])
def test_how_many_cards_shows_each_setups_deal_first(code, query):
    hits = search(query, language=code)
    assert {(hit.game, hit.section) for hit in hits[:4]} == SETUPS
    assert {hit.game: hit.snippet for hit in hits[:4]} == DEALT[code]


@pytest.mark.parametrize(("code", "query"), [
    ("en", "who deals"), ("en", "dealer"), ("en", "deal"),
    ("nb", "hvem gir"), ("nb", "hvem deler ut"), ("nb", "giver"), ("nb", "dele ut"),
    ("de", "wer gibt"), ("de", "wer teilt aus"), ("de", "austeilen"),
])
def test_who_deals_shows_the_setups_first(code, query):
    assert set(places(query, code)[:4]) == SETUPS


# ---- a tie ----------------------------------------------------------------------------------

@pytest.mark.parametrize(("code", "query"), [
    ("en", "tie"), ("nb", "uavgjort"), ("nb", "likt"), ("de", "unentschieden"), ("de", "Gleichstand"),
])
def test_a_tie_finds_how_each_game_that_can_tie_settles_one(code, query):
    """One-card has no tie to settle: each of its rounds has a winner."""
    assert set(places(query, code)) == {
        ("one_up", "winning"), ("up_to_nine", "winning"), ("up_to_nine", "scoring"), ("up_or_down", "winning")}


@pytest.mark.parametrize(("code", "query", "first"), [
    ("en", "how many cards do I draw", ("one_card", "turn")),
    ("en", "how many cards can I play", ("one_card", "turn")),
    ("en", "how many cards is an attack", ("one_card", "special")),
    ("de", "wie viele Karten ziehe ich", ("one_card", "turn")),
    ("nb", "hvor mange kort er et angrep", ("one_card", "special")),
    ("nb", "hvor mange kort trekker jeg", ("one_card", "turn")),
    ("nb", "hvem gir tilbake", ("one_up", "scoring")),
    ("nb", "hvem gir tilbake en sjetong", ("one_up", "scoring")),
])
def test_a_longer_question_is_not_swallowed_by_the_setups_short_question(code, query, first):
    """"how many cards" alone asks for the setups; "how many cards do I draw" asks for the
    drawing rules (One-card's attack table), and "hvem gir tilbake" (who gives back) for One Up's
    chips: a setup question is read as one only when the query asks nothing more."""
    assert places(query, code)[0] == first


# ---- a question's own words ------------------------------------------------------------------

@pytest.mark.parametrize(("code", "query", "first"), [
    ("en", "what happens to the joker", [("one_card", "special"), ("one_up", "variants")]),
    ("en", "how many points is a king", [("one_up", "tips"), ("one_up", "scoring")]),
    ("nb", "hvor mange poeng er en konge", [("one_up", "tips"), ("one_up", "scoring")]),
])
def test_a_questions_filler_words_are_dropped(code, query, first):
    """"happens" and "many" ("skjer", "mange") ask nothing of the rules: the joker and the
    king's points are found, where nothing was."""
    assert places(query, code)[:2] == first


@pytest.mark.parametrize(("code", "query"), [
    ("en", "zzzz qqq"), ("en", "how many chips do I get"), ("en", "is there a time limit"),
])
def test_a_query_whose_words_no_section_holds_together_finds_nothing(code, query):
    """Nothing found rather than a section holding some of the words: "chips" and "get" stand
    in no section together, nor do "time" and "limit"; "zzzz" and "qqq" in none."""
    assert places(query, code) == []


@pytest.mark.parametrize(("code", "query", "unheld", "first"), [
    ("en", "what if I can't play", ("can't",), ("one_card", "turn")),
    ("en", "what if I forget to say one card", ("say",), ("one_card", "turn")),
    ("nb", "hva gjør man når man ikke kan legge ned", ("man",), ("up_to_nine", "turn")),
    ("en", "can I play a flush", ("flush",), ("one_card", "turn")),
])
def test_a_word_no_rule_uses_is_left_out_and_named(code, query, unheld, first):
    """A word no section holds asks nothing of the rules: the search goes on with the others,
    and each hit names the words it left out, for the screen to say so."""
    hits = search(query, language=code)
    assert ((hits[0].game, hits[0].section), {hit.unheld for hit in hits}) == (first, {unheld})


def test_a_search_that_uses_every_word_leaves_none_out():
    assert {hit.unheld for hit in search("joker", language="en")} == {()}


@pytest.mark.parametrize("query", ["jokeren", "hva skjer med jokeren"])
def test_the_joker_in_norwegian_finds_every_games_joker_not_only_up_to_9s_wilds(query):
    """"jokeren" is the seed's word for Up to 9's wilds (the glossary) and the usual way to say
    "the joker": both are read."""
    found = places(query, "nb")
    assert found[:3] == [("one_card", "special"), ("one_up", "variants"), ("up_to_nine", "special")]


@pytest.mark.parametrize(("code", "query"), [
    ("en", "when does the game end"), ("nb", "når slutter spillet"), ("de", "wann endet das Spiel"),
])
def test_when_the_game_ends_finds_the_last_round_and_the_winning_rules_first(code, query):
    """One Up's last round (a total at the limit) and Up or Down?'s single round come first,
    then the winning rules, Up to 9's level 9 among them."""
    found = places(query, code)
    assert set(found[:2]) == {("one_up", "winning"), ("up_or_down", "end")}
    assert ("up_to_nine", "winning") in found[2:4]


def test_when_the_game_ends_shows_one_ups_last_round():
    hit = search("when does the game end", language="en")[0]
    assert ((hit.game, hit.section), hit.snippet) == (
        ("one_up", "winning"), "A round that brings any total to 40 or more is the last one.")


CARDS = {("one_up", "cards"), ("one_card", "cards"), ("up_to_nine", "cards"), ("up_or_down", "cards")}
"""The sections that say how many players each game is for (and the decks by player count)."""


@pytest.mark.parametrize(("code", "query"), [
    ("en", "how many players"), ("en", "How many players?"), ("nb", "hvor mange spillere"),
    ("de", "Wie viele Spieler?"),
])
def test_how_many_players_finds_each_games_player_counts(code, query):
    """One Up's "Players: 2 to 6", the decks by table size and Up or Down?'s cards in play by
    player count, where "how many players" found a turn's drawing rules."""
    assert set(places(query, code)) == CARDS


def test_a_questions_filler_adds_no_section():
    """"happens" is no word of the English texts (another language's texts would read it as
    "app"): the question about the joker finds only the sections the joker alone finds."""
    assert set(places("what happens to the joker", "en")) <= set(places("joker", "en"))


@pytest.mark.parametrize("query", ["persönlicher", "persönlicher Ablagestapel", "offener"])
def test_a_german_seed_word_stays_in_its_game(query):
    """Only glossary words marked common ("jokeren") are read as everyday words too: the
    seed's "persönlicher Ablagestapel" stays Up or Down?'s."""
    assert {game for game, _section in places(query, "de")} == {"up_or_down"}


def test_a_typo_reads_the_same_word_in_every_run():
    """"look" is one letter off both "loop" and "took": the first in alphabetical order is read,
    whatever order Python's string hashing gives the vocabulary (it changes from run to run)."""
    run = [sys.executable, "-c", "from companion.rulebook import reading; print(reading._nearest('look', 'en'))"]
    read = {subprocess.run(run, capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": str(seed)}).stdout.strip() for seed in (4, 5, 10)}
    assert read == {"loop"}


def test_a_mark_running_past_a_snippets_cut_keeps_its_shown_part():
    """A long sentence is cut to its snippet at a word end; a mark that runs past the cut (words
    marked as one) is marked up to the cut, where it was dropped whole."""
    from companion.rulebook.ranking import _cut

    text = " ".join(f"w{number:02d}" for number in range(80))
    start, end = text.index("w20"), text.index("w70") + 3
    cut, marks = _cut(text, [(start, end)])
    assert cut.endswith("…") and cut.startswith("…")
    assert [cut[a:b] for a, b in marks] == [cut[cut.index("w20"):-1]]


@pytest.mark.parametrize(("code", "query"), [
    ("en", "king on a six"), ("en", "what goes on a six"), ("de", "König auf eine Sechs"), ("nb", "konge på seks"),
])
def test_a_card_named_in_words_is_read_as_its_number(code, query):
    """"six", "Sechs", "seks" are the 6 the texts write: One Up's turn (on a 6, a 6 or a K) is
    among the first two, where "six" found nothing."""
    assert ("one_up", "turn") in places(query, code)[:2]


@pytest.mark.parametrize(("code", "query"), [
    ("en", "what does a seven do"), ("nb", "hva gjør en sjuer"), ("de", "was macht eine Sieben"),
    ("de", "was macht ein Siebener"),
])
def test_what_a_seven_does_finds_one_cards_special_cards(code, query):
    assert ("one_card", "special") in places(query, code)[:3]


def test_the_rules_screen_says_which_words_no_rule_speaks_of(tmp_path):
    """The count of hits is followed by the words left out, so a phone never reads a search for
    "flush" as an answer about flushes."""
    from flet_session import click, open_session, run_alone, server_hub, shown_strings
    from test_typing import labelled_field, phone_on

    async def run():
        phone = await open_session(*phone_on(tmp_path, "/rules"), server_hub())
        field = labelled_field(phone, "Search all rules")
        phone.session.apply_patch(field._i, {"value": "can I play a flush"})
        await click(phone, field, "change", "can I play a flush")
        shown = shown_strings(phone.session.page)
        return shown[shown.index("13 sections in 4 games") + 1]

    assert run_alone(run()) == "No rule speaks of flush, so these sections hold your other words."
