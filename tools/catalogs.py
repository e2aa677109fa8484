"""Extract the app's messages and bring the gettext catalogs up to date, with Babel's own tools.

Usage (from the repository root)::

    python tools/catalogs.py update   # extract, then update (or start) every language's .po
    python tools/catalogs.py check    # exit 1 and name the domain when a catalog misses a message

``update`` runs ``pybabel extract`` for each domain into a template in a
temporary folder, then ``pybabel update`` (``pybabel init`` for a new
language) on ``companion/locale/<language>/LC_MESSAGES/<domain>.po``. New
messages arrive with an empty ``msgstr`` for a translator to fill; messages
gone from the code are dropped. The catalogs keep no source locations, so
moving code does not change them. The app reads the ``.po`` files directly
(``companion.i18n``); nothing is compiled.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.i18n import DEFAULT_LANGUAGE, LANGUAGES, LOCALE_DIR, catalog_path  # noqa: E402

DOMAINS: dict[str, Path] = {"companion": ROOT / "babel.cfg"}
"""Each gettext domain and the Babel mapping file naming the sources its messages are in."""


def extract(domain: str, template: Path) -> None:
    """Write the template (``.pot``) of ``domain``'s messages, as found in its sources, to ``template``.

    Messages are the first arguments of Babel's default keywords (``_``,
    ``ngettext``, ``pgettext``, ``N_``...) and of ``companion.i18n.lazy``.
    """
    CommandLineInterface().run([
        "pybabel", "-q", "extract", "-F", str(DOMAINS[domain]), "--no-location", "--sort-output",
        "--add-comments=TRANSLATORS:", "-k", "lazy", "--project=Companion", "-o", str(template), str(ROOT),
    ])


def msgids(path: Path) -> set[str | tuple[str, ...]]:
    """Return the message ids of the ``.po``/``.pot`` file at ``path`` (a tuple for a plural message)."""
    with path.open("rb") as po:
        return {message.id for message in read_po(po) if message.id}


def update() -> None:
    """Extract every domain and update (or start) its catalog in every language but English."""
    with tempfile.TemporaryDirectory() as folder:
        for domain in DOMAINS:
            template = Path(folder) / f"{domain}.pot"
            extract(domain, template)
            for code in LANGUAGES:
                if code == DEFAULT_LANGUAGE:
                    continue
                command = "update" if catalog_path(code, domain).is_file() else "init"
                options = (
                    ["--no-fuzzy-matching", "--ignore-obsolete", "--ignore-pot-creation-date"]
                    if command == "update"
                    else []
                )
                CommandLineInterface().run([
                    "pybabel", "-q", command, "-i", str(template), "-d", str(LOCALE_DIR),
                    "-D", domain, "-l", code, *options,
                ])


def check() -> int:
    """Return 0 when every catalog holds exactly the messages in the sources, else 1 (and say which)."""
    stale = 0
    with tempfile.TemporaryDirectory() as folder:
        for domain in DOMAINS:
            template = Path(folder) / f"{domain}.pot"
            extract(domain, template)
            wanted = msgids(template)
            for code in LANGUAGES:
                if code != DEFAULT_LANGUAGE and msgids(catalog_path(code, domain)) != wanted:
                    print(f"{catalog_path(code, domain)} is out of date: run python tools/catalogs.py update")
                    stale = 1
    return stale


if __name__ == "__main__":
    if sys.argv[1:] == ["update"]:
        update()
    elif sys.argv[1:] == ["check"]:
        sys.exit(check())
    else:
        sys.exit(__doc__)
