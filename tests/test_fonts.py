"""Every character of the app's texts has a glyph offline: in the web client's own Roboto, or in the
app's fallback font (assets/rules/companion-suits.ttf, which the rules and the card texts name).

The offline client can not fetch Flutter's fallback fonts, so a character in neither is drawn as an
empty box: One Up's loop of values ("A → 2 → 3") was, in all three languages, until the arrow was
added to the fallback font (tools/fallback_font.py).
"""

from __future__ import annotations

import unicodedata
from pathlib import Path

import flet_web
import pytest
from fontTools.ttLib import TTFont

from companion.i18n import LOCALE_DIR
from companion.ui.widgets import SUIT_FONT_URL

ROOT = Path(__file__).resolve().parent.parent
ROBOTO = Path(flet_web.__file__).parent / "web" / "assets" / "fonts" / "roboto.woff2"
FALLBACK = ROOT / "assets" / SUIT_FONT_URL.removeprefix("/")

TEXTS = sorted([*LOCALE_DIR.glob("*/LC_MESSAGES/*.po"), *(ROOT / "companion" / "games").glob("*/rules.md")])
"""The app's texts: each language's catalogs (the English words as msgid, the translations as
msgstr) and each game's rules."""


def characters(font: Path) -> set[int]:
    """The code points ``font`` has a glyph for."""
    return set(TTFont(font).getBestCmap())


@pytest.fixture(scope="module")
def drawn() -> set[int]:
    """The code points drawn offline: Roboto's and the fallback font's."""
    return characters(ROBOTO) | characters(FALLBACK)


def test_the_fallback_font_draws_the_suits_the_stars_and_the_arrow():
    assert characters(FALLBACK) == {0x2192, 0x2605, 0x2606, *range(0x2660, 0x2668)}


@pytest.mark.parametrize("text", TEXTS, ids=lambda path: str(path.relative_to(ROOT)))
def test_every_character_of_a_text_is_drawn_offline(text, drawn):
    missing = {char for char in text.read_text(encoding="utf-8") if char not in "\n\t" and ord(char) not in drawn}
    assert sorted(f"{char} ({unicodedata.name(char, hex(ord(char)))})" for char in missing) == []


def test_a_refusal_falls_back_on_the_suit_font():
    """The test above counts the fallback font's glyphs as drawn, so a text that may quote a card
    must name it: History's error for a backup's card showed "(▯3, 3▯)" where it quotes "(♥3, 3♥)".
    Every refusal's line (``widgets.error_line``) names it; the theme does not (a theme's text
    styles turned the dark theme's headings black)."""
    from companion.ui.widgets import SUIT_FONT, error_line

    line = error_line("'Z' is not a card: use ♥3 or 3♥")
    text = line.controls[1]
    assert (text.value, text.style.font_family_fallback) == ("'Z' is not a card: use ♥3 or 3♥", [SUIT_FONT])
    assert error_line("") is None
