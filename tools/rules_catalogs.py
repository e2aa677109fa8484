"""Extract the "rules" domain's messages and update its catalogs, with Babel's tools.

The rules texts are translated one block at a time, as Sphinx's i18n does:
each intro paragraph and each block of each game's ``companion/games/<game>/rules.md`` (a
paragraph, a list or a table, its ``[preset]`` / ``[house rule]`` marker and
its ``{{figures}}`` included) is one msgid, the English text as written.
The strings the rulebook and the rules screen mark with ``rules_text``,
``rules_ntext`` or ``rules_mark`` (the section headings among them) are
messages of the same domain.

Usage (from the repository root)::

    python tools/rules_catalogs.py          # update companion/locale/*/LC_MESSAGES/rules.po
    python tools/rules_catalogs.py --check  # exit 1 when a catalog lacks or keeps a message it should not

Updating keeps every translation whose English is unchanged, marks one
whose English changed as fuzzy (left out at runtime until it is looked
at), adds new messages untranslated and drops obsolete ones.
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion import i18n, rulebook  # noqa: E402

DOMAIN = "rules"
"""The gettext domain of the rules texts and the rules screen."""

KEYWORDS = {"rules_text": None, "rules_ntext": (1, 2), "rules_mark": None}
"""The rules domain's gettext functions, as Babel's extractor names them."""

HEADER = (
    "# Companion's rules texts and rules screen: the \"rules\" gettext domain.\n"
    "# Updated by tools/rules_catalogs.py; one msgid per block of companion/games/<game>/rules.md.\n"
    "# A translation keeps the block's [preset] / [house rule] marker word and its {{figures}}."
)
"""The comment at the top of every catalog of the domain."""

SOURCES = (ROOT / "companion" / "rulebook", ROOT / "companion" / "ui" / "rules.py", ROOT / "companion" / "games" / "spec.py",
           *sorted((ROOT / "companion" / "games").glob("*/options.py")))
"""The Python code whose marked strings (:data:`KEYWORDS`) belong to the domain."""


def _relative(path: Path) -> str:
    return path.resolve().relative_to(ROOT).as_posix()


def template() -> Catalog:
    """Every message of the "rules" domain, with where it comes from.

    Returns:
        A Babel ``Catalog`` (no locale): the rules files' intro paragraphs
        and blocks, and the marked strings of :data:`SOURCES`.

    Raises:
        companion.rulebook.RulebookError: for a rules file that breaks the format.
    """
    catalog = Catalog(project="Companion", domain=DOMAIN, fuzzy=False, header_comment=HEADER)
    for message in rulebook.messages():
        catalog.add(message.text, locations=[(_relative(message.path), message.line)])
    files = [path for source in SOURCES for path in (sorted(source.glob("*.py")) if source.is_dir() else [source])]
    for path in files:
        for line, text, comments, context in extract_from_file("python", path, keywords=KEYWORDS):
            catalog.add(text, locations=[(_relative(path), line)], auto_comments=comments, context=context)
    return catalog


def updated(code: str, source: Catalog) -> Catalog:
    """The catalog of language ``code`` brought up to date with ``source``.

    Returns:
        The existing ``rules.po`` of ``code`` updated with Babel's
        ``Catalog.update`` (no fuzzy guesses for new messages; its creation
        date kept, so an unchanged catalog stays byte for byte the same), or
        a new catalog when there is none yet.
    """
    path = i18n.catalog_path(code, DOMAIN)
    if path.is_file():
        with path.open("rb") as po:
            catalog = read_po(po, locale=code, domain=DOMAIN)
    else:
        catalog = Catalog(locale=code, domain=DOMAIN, project="Companion", fuzzy=False,
                          creation_date=source.creation_date)
    created = catalog.creation_date
    catalog.update(source, no_fuzzy_matching=True)
    catalog.obsolete.clear()
    catalog.creation_date = created
    catalog.header_comment = HEADER
    return catalog


def _read(path: Path) -> Catalog | None:
    """The catalog at ``path``, or None when there is none."""
    if not path.is_file():
        return None
    with path.open("rb") as po:
        return read_po(po)


def _messages(catalog: Catalog | None) -> set[tuple[object, object, bool]]:
    """What ``--check`` compares: each message's id, translation and fuzzy flag (not where it comes from)."""
    if catalog is None:
        return set()
    return {(message.id, message.string, message.fuzzy) for message in catalog if message.id}


def render(catalog: Catalog) -> bytes:
    """``catalog`` as the bytes of a ``.po`` file (sorted by file and line, lines not wrapped)."""
    out = io.BytesIO()
    write_po(out, catalog, width=0, sort_by_file=True, omit_header=False, include_previous=False)
    return out.getvalue()


def main(argv: list[str] | None = None) -> int:
    """Update (or with ``--check`` only compare) every translated language's catalog.

    ``--check`` compares the messages only (ids, translations, fuzzy
    flags), not the source lines they are noted at, so moving code does
    not make a catalog out of date.

    Returns:
        0 when the catalogs are (or now are) up to date; 1 with ``--check``
        when one is out of date (its path is printed).
    """
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--check", action="store_true", help="only report catalogs that are out of date")
    args = parser.parse_args(argv)
    source = template()
    stale = []
    for code in i18n.LANGUAGES:
        if code == i18n.DEFAULT_LANGUAGE:
            continue
        path = i18n.catalog_path(code, DOMAIN)
        catalog = updated(code, source)
        if args.check:
            if _messages(catalog) != _messages(_read(path)):
                stale.append(path)
            continue
        fresh = render(catalog)
        if not path.is_file() or path.read_bytes() != fresh:
            stale.append(path)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(fresh)
    for path in stale:
        print(f"{'out of date' if args.check else 'updated'}: {_relative(path)}")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
