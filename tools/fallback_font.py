"""Build the app's fallback font, ``assets/rules/companion-suits.ttf``, from DejaVu Sans 2.37 with fontTools.

Usage (from the repository root, with fontTools installed: ``pip install -e ".[test]"``)::

    python tools/fallback_font.py /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf

The offline web client draws text with its bundled Roboto only, and Roboto
has no card suits, stars or arrows: text that may show one of them names
this font as a fallback (``companion.ui.widgets.SUIT_TEXT``). The font
holds only :data:`CHARACTERS`, under the family name "Companion Suits";
``tests/test_fonts.py`` checks that every character of the app's texts is
drawn by Roboto or by it.
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parent.parent
FONT = ROOT / "assets" / "rules" / "companion-suits.ttf"

CHARACTERS = "\u2192\u2605\u2606\u2660\u2661\u2662\u2663\u2664\u2665\u2666\u2667"
"""What the font draws: the rightwards arrow (One Up's loop of values in its rules), the black
and white stars (a joker) and the eight card suits, black and white."""

FAMILY = "Companion Suits"
VERSION = "Version 2.37"
"""The family the app names the font by (``companion.ui.widgets.SUIT_FONT``), and the only
DejaVu Sans version it is built from (the glyphs of the font as first shipped)."""


def build(dejavu: Path, out: Path = FONT) -> None:
    """Write the subset of the DejaVu Sans font file ``dejavu`` holding :data:`CHARACTERS` to ``out``,
    renamed :data:`FAMILY`, the same bytes at every build (the source's timestamp kept; its math
    table, which would keep a stretched arrow, dropped). Raises ValueError when ``dejavu`` is not DejaVu Sans :data:`VERSION` or
    lacks one of the characters."""
    font = TTFont(dejavu, recalcTimestamp=False)
    if font["name"].getDebugName(1) != "DejaVu Sans" or font["name"].getDebugName(5) != VERSION:
        raise ValueError(f"{dejavu} is not DejaVu Sans, {VERSION}")
    missing = [char for char in CHARACTERS if ord(char) not in font.getBestCmap()]
    if missing:
        raise ValueError(f"{dejavu} has no glyph for {missing}")
    options = subset.Options()
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.drop_tables += ["MATH"]
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[ord(char) for char in CHARACTERS])
    subsetter.subset(font)
    names = font["name"]
    for record in list(names.names):
        if record.nameID in (1, 4, 16):
            names.setName(FAMILY, record.nameID, record.platformID, record.platEncID, record.langID)
        elif record.nameID == 3:
            names.setName(f"{FAMILY} (subset of DejaVu Sans)", 3, record.platformID, record.platEncID, record.langID)
        elif record.nameID == 6:
            names.setName(FAMILY.replace(" ", ""), 6, record.platformID, record.platEncID, record.langID)
    font.save(out)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    build(Path(sys.argv[1]))
    print(f"wrote {FONT.relative_to(ROOT)}")
