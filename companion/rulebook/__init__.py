"""The rules screen's content: each game's rules in our own words, by section.

The texts are data, one Markdown file per game, ``rules.md`` in its package;
this package reads them, fills in the figures from the rules core and searches
across games.  It imports no UI.  Here: the public API, the texts and their
sections; ``pieces``: Markdown split into text and tables; ``index``,
``reading`` and ``ranking``: the search (word index, stems, glossary words,
ranking, snippets and marks; ``ranking.search`` is its entry point), which
reads the rules through this package and is not imported by it.

Format of a rules file:

- ``# Name`` first, then a few intro paragraphs;
- one ``## Title`` heading per section, in the order of :data:`SECTIONS`
  (those in :data:`OPTIONAL_SECTIONS` only where the game's seed has them);
- blocks (paragraphs, lists, tables) separated by blank lines.  A block that
  starts with ``[preset]`` states a value the app decided (the project's
  rulings) where the seed is silent; ``[preset: why]`` says what exactly the
  seed lacks; ``[house rule]`` marks what a table may change when it starts
  a game; ``[preset, house rule]`` is both;
- ``{{name}}`` stands for a figure the rules core owns (penalty values,
  attack values, the level table, deck plans): each game's rules module
  renders it (its ``rule_figures(options)``, reached through the registry's
  ``figures``) from the core's tables, so each figure is typed in one place
  only, and from the options a game was started with (its house rules).

Languages: the files are English; the Norwegian and German texts are the
"rules" gettext catalogs (``companion/locale/<language>/LC_MESSAGES/rules.po``,
updated by ``tools/rules_catalogs.py``), one msgid per intro paragraph or
block, marker and ``{{figures}}`` included, as Sphinx's i18n translates a
document.  A translation keeps the marker word (``[preset: <why in its
language>]``) and the figures (see :func:`signature`); one that does not is
not used, and the English block is shown instead.

Words: a *preset* is the app's value where the seed says nothing (shown with
a "preset" chip); a *house rule* is a value a table picks per game (One Up's
limit and wild joker, One-card's round wins for a match, Up to 9's level
table).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from companion import i18n, registry
from companion.games.spec import HouseRule, OptionError, rules_mark, rules_ntext, rules_text
from companion.rulebook.pieces import Table, _plain, pieces


__all__ = [
    "HOUSE_RULE", "OPTIONAL_SECTIONS", "PRESET", "PRESET_WHY", "RULES_DIR", "SECTIONS",
    "Block", "GameRules", "Hit", "HouseRule", "RulebookError",
    "Message", "Section", "Table", "house_rules", "messages", "pieces", "rules_for", "rules_mark",
    "rules_ntext", "rules_text", "signature",
]

RULES_DIR = Path(__file__).resolve().parent.parent.parent / "assets" / "rules"
"""Where what the rules of every game share lives: the search's glossary words
(``words.json``) and the suit font; each game's own text is in its package."""


SECTIONS: tuple[tuple[str, str], ...] = (
    ("cards", rules_mark("Cards")),
    ("setup", rules_mark("Setup")),
    ("turn", rules_mark("A turn")),
    ("special", rules_mark("Special cards")),
    ("end", rules_mark("End of a round")),
    ("scoring", rules_mark("Scoring")),
    ("winning", rules_mark("Winning")),
    ("tips", rules_mark("Tips for beginners")),
    ("variants", rules_mark("Variants")),
)
"""(key, English heading) of every section a game's text may have, in reading order
(a rules file's ``##`` headings; shown through :func:`rules_text`)."""

OPTIONAL_SECTIONS: frozenset[str] = frozenset({"tips"})
"""Section keys a game has only when its seed has them (One Up's tips, seed 000)."""

PRESET_WHY = rules_mark("The original rules say nothing about this: the app decides.")
"""Why a ``[preset]`` block without a reason of its own is the app's choice."""

PRESET = "preset"
"""The marker of a block that states an app preset: ``[preset]``."""

HOUSE_RULE = "house rule"
"""The marker of a block a table may change: ``[house rule]``."""

_MARKER_RE = re.compile(r"^\[(preset|house rule|preset, house rule)(?::\s*([^\]]+))?\]\s*")
_PLACEHOLDER_RE = re.compile(r"\{\{(\w+)\}\}")



class RulebookError(ValueError):
    """An unknown game, or a rules file that does not follow the format."""


@dataclass(frozen=True)
class Block:
    """One paragraph, list or table of a section.

    Attributes:
        text: Markdown, with every figure filled in.
        preset: True when it states the app's preset, not the seed.
        house_rule: True when a table may change it when starting a game.
        why: for a preset, what the seed lacks that makes it the app's
            choice (the screen reader reads it); empty otherwise.
    """

    text: str
    preset: bool = False
    house_rule: bool = False
    why: str = ""

    @property
    def pieces(self) -> tuple[str | Table, ...]:
        """The block as Markdown text and tables, in reading order (see :func:`pieces`)."""
        return pieces(self.text)


@dataclass(frozen=True)
class Section:
    """One section of a game's rules.

    Attributes:
        game: the game id.
        key: one of the keys of :data:`SECTIONS` (``"cards"``, ``"turn"`` ...).
        title: its heading (``"A turn"``).
        blocks: its paragraphs, lists and tables, in order.
    """

    game: str
    key: str
    title: str
    blocks: tuple[Block, ...]

    @property
    def markdown(self) -> str:
        """The section's blocks as one Markdown text (markers dropped)."""
        return "\n\n".join(block.text for block in self.blocks)

    @property
    def plain(self) -> str:
        """The section as plain text on one line: no Markdown signs, single spaces."""
        return _plain(self.markdown)

    @property
    def has_preset(self) -> bool:
        """True when any block states an app preset."""
        return any(block.preset for block in self.blocks)


@dataclass(frozen=True)
class GameRules:
    """A game's rules, ready to show.

    Attributes:
        game: the game id.
        name: the game's name (``"One Up"``).
        intro: a short Markdown paragraph on what the game is.
        sections: one per entry of :data:`SECTIONS` the game has (all but
            the optional ones it lacks), in that order.
        house_rules: the values this game was started with (or the
            standard values when no options were given).
    """

    game: str
    name: str
    intro: str
    sections: tuple[Section, ...]
    house_rules: tuple[HouseRule, ...]

    def section(self, key: str) -> Section:
        """The section with ``key`` (see :data:`SECTIONS`).

        Raises:
            RulebookError: for a key that is not a section.
        """
        for section in self.sections:
            if section.key == key:
                return section
        raise RulebookError(f"no section {key!r}: use one of {', '.join(s.key for s in self.sections)}")


@dataclass(frozen=True)
class Hit:
    """One section that matches a search.

    Attributes:
        game: the game id.
        name: the game's name.
        section: the section key.
        title: the section heading.
        snippet: the section's sentence that holds the most query words, as
            plain text (a table row reads as a sentence), with "…" where a
            long sentence was cut.
        marks: (start, end) character offsets of the matched words in
            ``snippet``, in order, for highlighting.
        score: how well the section matches (higher is better; only the
            order of the scores means something).
        unheld: the query's words no section holds, left out of the search
            (the same for every hit of a search; empty when it used them all).
    """

    game: str
    name: str
    section: str
    title: str
    snippet: str
    marks: tuple[tuple[int, int], ...] = ()
    score: float = 0.0
    unheld: tuple[str, ...] = ()


# ---- filling in the figures from the rules core -------------------------

def _options(options: Mapping[str, Any] | None) -> Mapping[str, Any]:
    """``options`` as a mapping; ``None`` is no options."""
    if options is None:
        return {}
    if not isinstance(options, Mapping):
        raise RulebookError(f"game options must be a mapping, not {type(options).__name__}")
    return options


def _figures(game: str, options: Mapping[str, Any]) -> dict[str, str]:
    """The figures of ``game``'s rules text, from its rules module through the
    registry (``registry.game(game).figures``), for ``options``.

    Raises:
        RulebookError: when the rules module refuses the options (its
            ``ValueError``, message kept).
    """
    try:
        return registry.game(game).figures(options)
    except ValueError as error:
        raise RulebookError(str(error)) from error


def house_rules(game: str, options: Mapping[str, Any] | None = None) -> tuple[HouseRule, ...]:
    """The house-rule values a game uses, in words: its spec's ``house_rules``.

    Args:
        game: a game id.
        options: the game's saved options (the ``"options"`` of a saved game
            document); ``None`` or a missing key means the standard value.

    Returns:
        One ``HouseRule`` per value the table may choose (the game's
        ``OPTIONS``), worded in the current language; none for a game without.

    Raises:
        RulebookError: for an unknown game, or options the game refuses (the
            words of its option's one check).
    """
    key = _game_key(game)
    try:
        return registry.game(key).house_rules(options)
    except OptionError as error:
        raise RulebookError(str(error)) from error


# ---- reading and rendering --------------------------------------------------

def _game_key(game: str) -> str:
    key = game.strip().lower() if isinstance(game, str) else None
    if key not in registry.GAME_IDS:
        raise RulebookError(f"unknown game {game!r}: choose one of {', '.join(registry.GAME_IDS)}")
    return key


@dataclass(frozen=True)
class Message:
    """One piece of a rules text to translate, as the extractor writes it to the catalog.

    Attributes:
        text: the English text: an intro paragraph or a whole block, its
            marker and ``{{figures}}`` included (the catalog's msgid).
        path: the rules file it comes from.
        line: its first line in that file (1-based).
    """

    text: str
    path: Path
    line: int


@dataclass(frozen=True)
class _Source:
    """A rules file as written: intro paragraphs and each section's blocks, untranslated."""

    intro: tuple[Message, ...]
    sections: tuple[tuple[str, str, tuple[Message, ...]], ...]


def _chunks(text: str, path: Path, offset: int) -> tuple[Message, ...]:
    """The blank-line separated chunks of ``text`` (which starts at character
    ``offset`` of the file at ``path``) as messages with their line numbers."""
    whole = path.read_text(encoding="utf-8")
    found = []
    for match in re.finditer(r"\S(?:.|\n(?![ \t]*\n))*", text):
        line = whole.count("\n", 0, offset + match.start()) + 1
        found.append(Message(match.group().strip(), path, line))
    return tuple(found)


@lru_cache(maxsize=None)
def _source(game: str) -> _Source:
    """Read and check the rules text of ``game`` (its spec's ``rules_file``; cached).

    Raises:
        RulebookError: when the file is missing, its sections are not those
            of :data:`SECTIONS` in order, or it uses unknown placeholders.
    """
    path = registry.game(game).rules_file
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise RulebookError(f"the rules of {game} can not be read from {path}: {error}") from error
    starts = [0] + [m.start() for m in re.finditer(r"^## +", text, flags=re.MULTILINE)]
    head, parts = text[:starts[1] if len(starts) > 1 else len(text)], []
    for number, begin in enumerate(starts[1:], start=1):
        stop = starts[number + 1] if number + 1 < len(starts) else len(text)
        parts.append((begin, text[begin:stop]))
    title_match = re.match(r"\s*# +(.+)\n", head)
    if title_match is None:
        raise RulebookError(f"{path} must start with '# <game name>'")
    titles = [part[3:].split("\n", 1)[0].strip() for _, part in parts]
    known = [(key, title) for key, title in SECTIONS if key not in OPTIONAL_SECTIONS or title in titles]
    expected = [title for _, title in known]
    if titles != expected:
        raise RulebookError(f"{path} has sections {titles}; expected {expected} in that order")
    unknown = sorted(set(_PLACEHOLDER_RE.findall(text)) - set(_figures(game, {})))
    if unknown:
        raise RulebookError(f"{path} uses unknown placeholders: {', '.join(unknown)}")
    sections = []
    for (key, title), (begin, part) in zip(known, parts, strict=True):
        heading_end = part.find("\n") + 1 if "\n" in part else len(part)
        sections.append((key, title, _chunks(part[heading_end:], path, begin + heading_end)))
    intro = _chunks(head[title_match.end():], path, title_match.end())
    return _Source(intro, tuple(sections))


def messages() -> list[Message]:
    """Every text of every rules file to translate, in file order (for the extractor).

    Returns:
        The intro paragraphs and blocks of each game of the registry, as
        written in English, markers and placeholders included.

    Raises:
        RulebookError: for a rules file that breaks the format.
    """
    found: list[Message] = []
    for game in registry.GAME_IDS:
        source = _source(game)
        found += source.intro
        found += [message for _, _, blocks in source.sections for message in blocks]
    return found


def signature(text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """What a translation of a rules text must keep: its marker and its figures.

    Args:
        text: an intro paragraph or block as written (English or translated).

    Returns:
        (the marker's kinds, e.g. ``("preset", "house rule")``, empty without
        a marker; the ``{{figure}}`` names in order of appearance).
    """
    marker = _MARKER_RE.match(text)
    kinds = tuple(marker.group(1).split(", ")) if marker else ()
    return kinds, tuple(_PLACEHOLDER_RE.findall(text))


def _block(chunk: str) -> Block:
    """A block as written (marker first, if any) read into a ``Block``."""
    marker = _MARKER_RE.match(chunk)
    kinds = marker.group(1).split(", ") if marker else []
    body = chunk[marker.end():] if marker else chunk
    preset = PRESET in kinds
    why = " ".join((marker.group(2) or rules_text(PRESET_WHY)).split()) if preset else ""
    return Block(body, preset, HOUSE_RULE in kinds, why)


def _translated(message: Message) -> str:
    """``message`` in the current language: its catalog translation when that
    keeps the marker and the figures (see :func:`signature`), else the English."""
    translation = rules_text(message.text)
    return translation if signature(translation) == signature(message.text) else message.text


@dataclass(frozen=True)
class _Template:
    intro: str
    sections: tuple[tuple[str, str, tuple[Block, ...]], ...]


@lru_cache(maxsize=None)
def _template(game: str, language: str) -> _Template:
    """``game``'s rules text in ``language``, figures not yet filled in (cached)."""
    source = _source(game)
    with i18n.language(language):
        intro = "\n\n".join(" ".join(_translated(paragraph).split()) for paragraph in source.intro)
        sections = tuple(
            (key, rules_text(title), tuple(_block(_translated(block)) for block in blocks))
            for key, title, blocks in source.sections
        )
    return _Template(intro, sections)


def _language(language: str | None) -> str:
    """``language``, or the current one when ``None``.

    Raises:
        RulebookError: for a code that is not one of ``i18n.LANGUAGES``.
    """
    code = i18n.current_language() if language is None else language
    if code not in i18n.LANGUAGES:
        raise RulebookError(f"unknown language {language!r}: choose one of {', '.join(i18n.LANGUAGES)}")
    return code


def _fill(text: str, figures: Mapping[str, str]) -> str:
    """Replace every ``{{name}}`` with its figure (``figures``: name -> text)."""
    return _PLACEHOLDER_RE.sub(lambda m: figures[m.group(1)], text)


def rules_for(game: str, options: Mapping[str, Any] | None = None, language: str | None = None) -> GameRules:
    """A game's rules with every figure filled in, in one language.

    Args:
        game: a game id of the registry.
        options: the options the game was started with (see
            :func:`house_rules`); ``None`` shows the standard values.
        language: one of ``i18n.LANGUAGES`` (``"en"``, ``"nb"``, ``"de"``);
            ``None`` is the current language (``i18n.current_language()``).
            The texts come from the "rules" catalogs, one translation per
            block; the figures and the house-rule words in that language too.

    Returns:
        ``GameRules``: the game's sections of :data:`SECTIONS` in order,
        blocks marked preset (with why) or house rule, and the game's house-rule values.
        Figures come from the rules core (penalty values, attack values,
        level table, deck plans) and from ``options``.

    Raises:
        RulebookError: for an unknown game or language, a rules file that
            breaks the format, or an option of the wrong type.
    """
    key = _game_key(game)
    code = _language(language)
    opts = _options(options)
    template = _template(key, code)
    with i18n.language(code):
        chosen = house_rules(key, opts)
        figures = _figures(key, opts)
        name = registry.game(key).title
    sections = tuple(
        Section(key, skey, title, tuple(
            Block(_fill(block.text, figures), block.preset, block.house_rule, block.why) for block in blocks
        ))
        for skey, title, blocks in template.sections
    )
    return GameRules(key, name, _fill(template.intro, figures), sections, chosen)


@lru_cache(maxsize=None)
def _standard_rules(game: str, language: str) -> GameRules:
    return rules_for(game, language=language)

