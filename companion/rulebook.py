"""The rules screen's content: each game's rules in our own words, by section.

The texts are data, one Markdown file per game in ``assets/rules/<game>.md``;
this module reads them, fills in the figures from the rules core and searches
across games.  It imports no UI.

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

Words: a *preset* is the app's value where the seed says nothing (shown with
a "preset" chip); a *house rule* is a value a table picks per game (One Up's
limit and wild joker, One-card's round wins for a match, Up to 9's level
table).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import snowballstemmer

from companion import registry, setup
from companion.games import one_card, one_up, up_to_nine

RULES_DIR = Path(__file__).resolve().parent.parent / "assets" / "rules"
"""Where the rules texts live: ``<game>.md`` per game id."""

GAMES: tuple[str, ...] = setup.GAME_IDS
"""The game ids, in menu order."""

SECTIONS: tuple[tuple[str, str], ...] = (
    ("cards", "Cards"),
    ("setup", "Setup"),
    ("turn", "A turn"),
    ("special", "Special cards"),
    ("end", "End of a round"),
    ("scoring", "Scoring"),
    ("winning", "Winning"),
    ("tips", "Tips for beginners"),
    ("variants", "Variants"),
)
"""(key, heading) of every section a game's text may have, in reading order."""

OPTIONAL_SECTIONS: frozenset[str] = frozenset({"tips"})
"""Section keys a game has only when its seed has them (One Up's tips, seed 000)."""

PRESET_WHY = "The original rules say nothing about this: the app decides."
"""Why a ``[preset]`` block without a reason of its own is the app's choice."""

PRESET = "preset"
"""The marker of a block that states an app preset: ``[preset]``."""

HOUSE_RULE = "house rule"
"""The marker of a block a table may change: ``[house rule]``."""

_MARKER_RE = re.compile(r"^\[(preset|house rule|preset, house rule)(?::\s*([^\]]+))?\]\s*")
_PLACEHOLDER_RE = re.compile(r"\{\{(\w+)\}\}")


Table = tuple[tuple[str, ...], ...]
"""A table of a rules text: rows of cell texts (Markdown), the header row first."""


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
class HouseRule:
    """A value a table chooses per game, as the rules screen shows it.

    Attributes:
        label: what it is, e.g. ``"Game ends at"``.
        value: the value this game uses, in words (``"30 points"``).
        standard: the value without a house rule, in words.
        changed: True when ``value`` differs from ``standard``.
    """

    label: str
    value: str
    standard: str
    changed: bool


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
    """

    game: str
    name: str
    section: str
    title: str
    snippet: str
    marks: tuple[tuple[int, int], ...] = ()
    score: float = 0.0


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


def _one_up_limit(options: Mapping[str, Any]) -> int:
    """The penalty total that ends this One Up game (house rule ``limit``)."""
    limit = options.get("limit", one_up.GAME_LIMIT)
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise RulebookError(f"One Up's limit must be a whole number of points, not {limit!r}")
    return limit


def _one_card_target(options: Mapping[str, Any]) -> int:
    """Round wins that take this One-card match (house rule ``target``)."""
    target = options.get("target", one_card.MATCH_WINS)
    if isinstance(target, bool) or not isinstance(target, int) or target < 1:
        raise RulebookError(f"One-card's round wins for a match must be a whole number, not {target!r}")
    return target


def _levels(options: Mapping[str, Any]) -> Sequence[Any]:
    """This Up to 9 game's level table (house rule ``levels``), else the preset."""
    raw = options.get("levels")
    if raw is None:
        return up_to_nine.LEVELS
    try:
        table = up_to_nine.levels_from_json(raw)
    except ValueError as error:
        raise RulebookError(f"this game's level table can not be read: {error}") from error
    return up_to_nine.LEVELS if table == up_to_nine.LEVELS else table


# ---- house rules ----------------------------------------------------------

def _yes_no(flag: bool) -> str:
    return "on" if flag else "off"


def house_rules(game: str, options: Mapping[str, Any] | None = None) -> tuple[HouseRule, ...]:
    """The house-rule values a game uses, in words.

    Args:
        game: a game id.
        options: the game's saved options (the ``"options"`` of a saved game
            document): One Up ``joker`` (bool) and ``limit`` (points),
            One-card ``target`` (round wins), Up to 9 ``levels`` (a level
            table); ``None`` or a missing key means the standard value.

    Returns:
        One ``HouseRule`` per value the table may choose; Up or Down? has none.

    Raises:
        RulebookError: for an unknown game or an option of the wrong type.
    """
    key = _game_key(game)
    opts = _options(options)
    if key == "one_up":
        joker = opts.get("joker", False)
        if not isinstance(joker, bool):
            raise RulebookError(f"One Up's joker option must be true or false, not {joker!r}")
        limit = _one_up_limit(opts)
        return (
            HouseRule("Wild joker", _yes_no(joker), _yes_no(False), joker),
            HouseRule("Game ends at", f"{limit} points", f"{one_up.GAME_LIMIT} points",
                      limit != one_up.GAME_LIMIT),
        )
    if key == "one_card":
        target = _one_card_target(opts)
        return (HouseRule("Round wins to take the match", str(target), str(one_card.MATCH_WINS),
                          target != one_card.MATCH_WINS),)
    if key == "up_to_nine":
        edited = _levels(opts) is not up_to_nine.LEVELS
        return (HouseRule("Level table", "edited for this game" if edited else "the app's preset",
                          "the app's preset", edited),)
    return ()


# ---- reading and rendering --------------------------------------------------

def _game_key(game: str) -> str:
    key = game.strip().lower() if isinstance(game, str) else None
    if key not in GAMES:
        raise RulebookError(f"unknown game {game!r}: choose one of {', '.join(GAMES)}")
    return key


@dataclass(frozen=True)
class _Template:
    name: str
    intro: str
    sections: tuple[tuple[str, str, tuple[Block, ...]], ...]


def _blocks(text: str) -> tuple[Block, ...]:
    """Split a section's text into blocks and read their markers."""
    blocks = []
    for chunk in re.split(r"\n\s*\n", text.strip()):
        chunk = chunk.strip()
        if not chunk:
            continue
        marker = _MARKER_RE.match(chunk)
        kinds = marker.group(1).split(", ") if marker else []
        body = chunk[marker.end():] if marker else chunk
        preset = PRESET in kinds
        why = " ".join((marker.group(2) or PRESET_WHY).split()) if preset else ""
        blocks.append(Block(body, preset, HOUSE_RULE in kinds, why))
    return tuple(blocks)


@lru_cache(maxsize=None)
def _template(game: str) -> _Template:
    """Read and check ``assets/rules/<game>.md`` (cached)."""
    path = RULES_DIR / f"{game}.md"
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise RulebookError(f"the rules of {game} can not be read from {path}: {error}") from error
    head, *parts = re.split(r"^## +", text, flags=re.MULTILINE)
    title_match = re.match(r"\s*# +(.+)\n", head)
    if title_match is None:
        raise RulebookError(f"{path} must start with '# <game name>'")
    titles = [part.split("\n", 1)[0].strip() for part in parts]
    known = [(key, title) for key, title in SECTIONS if key not in OPTIONAL_SECTIONS or title in titles]
    expected = [title for _, title in known]
    if titles != expected:
        raise RulebookError(f"{path} has sections {titles}; expected {expected} in that order")
    sections = tuple(
        (key, title, _blocks(part.split("\n", 1)[1] if "\n" in part else ""))
        for (key, title), part in zip(known, parts, strict=True)
    )
    unknown = sorted(set(_PLACEHOLDER_RE.findall(text)) - set(_figures(game, {})))
    if unknown:
        raise RulebookError(f"{path} uses unknown placeholders: {', '.join(unknown)}")
    return _Template(title_match.group(1).strip(), _plain_paragraphs(head[title_match.end():]), sections)


def _plain_paragraphs(text: str) -> str:
    """Paragraphs with their inner line breaks joined."""
    return "\n\n".join(" ".join(p.split()) for p in re.split(r"\n\s*\n", text.strip()) if p.strip())


def _fill(text: str, figures: Mapping[str, str]) -> str:
    """Replace every ``{{name}}`` with its figure (``figures``: name -> text)."""
    return _PLACEHOLDER_RE.sub(lambda m: figures[m.group(1)], text)


def rules_for(game: str, options: Mapping[str, Any] | None = None) -> GameRules:
    """A game's rules with every figure filled in.

    Args:
        game: ``one_up``, ``one_card``, ``up_to_nine`` or ``up_or_down``.
        options: the options the game was started with (see
            :func:`house_rules`); ``None`` shows the standard values.

    Returns:
        ``GameRules``: the game's sections of :data:`SECTIONS` in order,
        blocks marked preset (with why) or house rule, and the game's house-rule values.
        Figures come from the rules core (penalty values, attack values,
        level table, deck plans) and from ``options``.

    Raises:
        RulebookError: for an unknown game, a rules file that breaks the
            format, or an option of the wrong type.
    """
    key = _game_key(game)
    opts = _options(options)
    template = _template(key)
    chosen = house_rules(key, opts)
    figures = _figures(key, opts)
    sections = tuple(
        Section(key, skey, title, tuple(
            Block(_fill(block.text, figures), block.preset, block.house_rule, block.why) for block in blocks
        ))
        for skey, title, blocks in template.sections
    )
    return GameRules(key, template.name, _fill(template.intro, figures), sections, chosen)


@lru_cache(maxsize=None)
def _standard_rules(game: str) -> GameRules:
    return rules_for(game)


def pieces(markdown: str) -> tuple[str | Table, ...]:
    """Split Markdown into text and tables, in reading order.

    Args:
        markdown: a block or section of a rules text, figures filled in.

    Returns:
        Markdown strings (paragraphs and lists, blank lines kept between
        them) and tables (a ``Table``: rows of stripped cells, header first,
        the ``|---|`` line dropped), so a screen can lay tables out itself.
    """
    found: list[str | Table] = []
    for chunk in re.split(r"\n\s*\n", markdown.strip()):
        lines = [line for line in chunk.splitlines() if line.strip()]
        if not lines:
            continue
        if lines[0].lstrip().startswith("|"):
            found.append(tuple(
                tuple(cell.strip() for cell in line.strip().strip("|").split("|"))
                for line in lines if not re.fullmatch(r"\|?[-:| ]+\|?", line.strip())
            ))
        elif found and isinstance(found[-1], str):
            found[-1] += "\n\n" + chunk.strip()
        else:
            found.append(chunk.strip())
    return tuple(found)


def _plain(markdown: str) -> str:
    """Markdown as plain text on one line: no emphasis, table bars or list signs."""
    text = re.sub(r"^\|?[-| ]+\|$", " ", markdown, flags=re.MULTILINE)
    text = re.sub(r"^\s*(?:[-*]|\d+\.)\s+", "", text, flags=re.MULTILINE)
    text = text.replace("**", "").replace("|", " ")
    return " ".join(text.split())


# ---- search -------------------------------------------------------------------
#
# A section is read as a list of sentences ("units"): paragraphs split at
# sentence ends, list items likewise, each table row as one sentence.  Every word is reduced
# to its stem (English Snowball stemmer, irregular forms from words.json), so
# "gives back" and "gave back" find "give back" and "ace" never finds "face".
# A query word the texts do not use is looked up in the seeds' glossary
# (Norwegian, German) and read as the English term of that game.

WORDS_FILE = RULES_DIR / "words.json"
"""The search's word data: irregular forms, the app's own words, the seeds' glossary."""

SNIPPET_LENGTH = 180
"""The longest snippet, in characters; a longer sentence is cut around its first match."""

_STOP_WORDS = frozenset(
    "a an the of to in on at by for with and or is are be it its do does how what when can i my "
    "you your if".split()
)
_TOKEN_RE = re.compile(r"[^\W_]+(?:['’][^\W_]+)*[♠♥♦♣]?|[♠♥♦♣]")
_SENTENCE_END_RE = re.compile(r"(?<=[.!?])\s+(?=[\"'(A-Z0-9♠♥♦♣…])")
_LIST_ITEM_RE = re.compile(r"^\s*(?:[-*]|\d+\.)\s+")
_BOLD_RE = re.compile(r"\*\*(.+?)\*\*")
_SHORT_LEAD_WORDS = 3
_FULL_SENTENCE_WORDS = 8


@dataclass(frozen=True)
class _Unit:
    """One sentence of a section: its text and its words as (stem, start, end)."""

    text: str
    words: tuple[tuple[str, int, int], ...]


@dataclass(frozen=True)
class _Indexed:
    """A section ready to search."""

    game: str
    name: str
    key: str
    title: str
    order: int
    units: tuple[_Unit, ...]
    title_stems: tuple[str, ...]
    bold_stems: frozenset[str]


@dataclass(frozen=True)
class _Alternative:
    """One reading of a query word: consecutive stems, found only in ``game`` when set."""

    stems: tuple[str, ...]
    game: str | None = None


@dataclass(frozen=True)
class _Term:
    """One query word and its readings (itself, the app's words, a glossary term)."""

    word: str
    alternatives: tuple[_Alternative, ...]


@lru_cache(maxsize=None)
def _words_data() -> dict[str, Any]:
    """``words.json`` as read (cached).

    Raises:
        RulebookError: when the file is missing or not valid JSON.
    """
    try:
        return json.loads(WORDS_FILE.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise RulebookError(f"the search's word list can not be read from {WORDS_FILE}: {error}") from error


@lru_cache(maxsize=None)
def _stemmer(language: str) -> Any:
    return snowballstemmer.stemmer(language)


def _stem(word: str) -> str:
    """The English stem of one word (lower case): irregular forms first, then Snowball."""
    word = word.lower().replace("’", "'")
    if word.endswith("'s"):
        word = word[:-2]
    word = _words_data()["irregular"].get(word, word)
    if not word.isalpha():
        return word
    return _stemmer("english").stemWord(word)


def _tokens(text: str) -> list[tuple[str, int, int]]:
    """Every word of ``text`` as (stem, start, end)."""
    return [(_stem(m.group()), m.start(), m.end()) for m in _TOKEN_RE.finditer(text)]


def _phrase(text: str) -> tuple[str, ...]:
    """The stems of a short phrase ("lay off" -> ("lay", "off"))."""
    return tuple(stem for stem, _, _ in _tokens(text))


def _sentences(paragraph: str) -> list[str]:
    """A paragraph cut at sentence ends; a short bold lead ("Safety valve.") stays with what follows."""
    parts = _SENTENCE_END_RE.split(paragraph)
    sentences: list[str] = []
    carry = ""
    for number, part in enumerate(parts):
        part = f"{carry} {part}" if carry else part
        carry = part if len(part.split()) <= _SHORT_LEAD_WORDS and number < len(parts) - 1 else ""
        if not carry:
            sentences.append(part)
    return sentences


def _table_sentences(table: Table) -> list[str]:
    """A table's rows as sentences: ``"Attack card A♠: next player draws 5."``."""
    header, body = table[0], table[1:]
    sentences = []
    for row in body:
        rest = "; ".join(f"{name.lower()} {cell}" for name, cell in zip(header[1:], row[1:], strict=False))
        sentences.append(f"{header[0]} {row[0]}: {rest}.".replace("**", ""))
    return sentences


def _list_items(lines: Sequence[str]) -> list[str]:
    """The items of a Markdown list, continuation lines joined to their item."""
    items: list[str] = []
    for line in lines:
        marker = _LIST_ITEM_RE.match(line)
        if marker or not items:
            items.append(line[marker.end():] if marker else line.strip())
        else:
            items[-1] += " " + line.strip()
    return items


def _units_of(markdown: str) -> list[str]:
    """The readable sentences of a section's Markdown (see the note above)."""
    units: list[str] = []
    for piece in pieces(markdown):
        if not isinstance(piece, str):
            units += _table_sentences(piece)
            continue
        for chunk in re.split(r"\n\s*\n", piece.replace("**", "")):
            lines = chunk.splitlines()
            if _LIST_ITEM_RE.match(lines[0]):
                units += [sentence for item in _list_items(lines) for sentence in _sentences(" ".join(item.split()))]
            else:
                units += _sentences(" ".join(chunk.split()))
    return units


@lru_cache(maxsize=None)
def _index() -> tuple[_Indexed, ...]:
    """Every section of every game, ready to search (standard figures, no house rules)."""
    indexed = []
    for game in GAMES:
        rules = _standard_rules(game)
        for section in rules.sections:
            units = tuple(_Unit(text, tuple(_tokens(text))) for text in _units_of(section.markdown))
            bold = frozenset(stem for phrase in _BOLD_RE.findall(section.markdown) for stem in _phrase(phrase))
            indexed.append(_Indexed(game, rules.name, section.key, section.title, len(indexed), units,
                                    _phrase(section.title), bold))
    return tuple(indexed)


@lru_cache(maxsize=None)
def _vocabulary() -> frozenset[str]:
    """Every word the rules texts use, in lower case (not stemmed)."""
    return frozenset(
        match.group().lower()
        for section in _index()
        for text in (section.title, *(unit.text for unit in section.units))
        for match in _TOKEN_RE.finditer(text)
    )


@lru_cache(maxsize=None)
def _glossary() -> dict[tuple[str, str], _Alternative]:
    """(language, stem of a seed's word) -> the English term it stands for, in its game."""
    table = {}
    for entry in _words_data()["glossary"]:
        reading = _Alternative(_phrase(entry["means"]), entry["game"])
        for word in entry["words"]:
            table[(entry["language"], _stemmer(entry["language"]).stemWord(word.lower()))] = reading
    return table


def _term(word: str) -> _Term:
    """The readings of one query word.

    A word the rules texts use is read as English, with the app's own
    words for the same thing ("donate" is also "lay off"); any other word
    is looked up in the seeds' glossary first ("donere" is "lay off" in Up
    to 9), then read as English.
    """
    lower = word.lower()
    if lower not in _vocabulary():
        for language in ("norwegian", "german"):
            reading = _glossary().get((language, _stemmer(language).stemWord(lower)))
            if reading is not None:
                return _Term(word, (reading,))
    readings = [_Alternative((_stem(lower),))]
    readings += [_Alternative(_phrase(same)) for same in _words_data()["same_as"].get(lower, ())]
    return _Term(word, tuple(dict.fromkeys(readings)))


def _query_terms(query: str) -> list[_Term]:
    """The query's words (stop words dropped unless nothing else is left)."""
    words = [m.group() for m in _TOKEN_RE.finditer(query)]
    kept = [word for word in words if word.lower() not in _STOP_WORDS] or words
    return [_term(word) for word in dict.fromkeys(kept)]


def _occurrences(term: _Term, section: _Indexed) -> list[tuple[int, int, int]]:
    """Where ``term`` stands in ``section``: (unit index, start, end) of each match."""
    found = []
    for reading in term.alternatives:
        if reading.game is not None and reading.game != section.game:
            continue
        size = len(reading.stems)
        for number, unit in enumerate(section.units):
            stems = [stem for stem, _, _ in unit.words]
            for at in range(len(stems) - size + 1):
                if tuple(stems[at:at + size]) == reading.stems:
                    found.append((number, unit.words[at][1], unit.words[at + size - 1][2]))
    return sorted(set(found))


def _in_title(term: _Term, section: _Indexed) -> bool:
    return any(
        (reading.game in (None, section.game)) and all(stem in section.title_stems for stem in reading.stems)
        for reading in term.alternatives
    )


def _in_bold(term: _Term, section: _Indexed) -> bool:
    return any(
        (reading.game in (None, section.game)) and all(stem in section.bold_stems for stem in reading.stems)
        for reading in term.alternatives
    )


def _best_unit(units_text: Sequence[str], found: Sequence[list[tuple[int, int, int]]]) -> int:
    """The sentence holding the most query words (in query order, then a full sentence, first)."""
    units = sorted({unit for places in found for unit, _, _ in places})
    if not units:
        return 0

    def rank(unit: int) -> tuple[int, int, int, int]:
        starts = [min((s for u, s, _ in places if u == unit), default=None) for places in found]
        present = [s for s in starts if s is not None]
        in_order = int(len(present) == len(starts) and present == sorted(present))
        full = int(len(units_text[unit].split()) >= _FULL_SENTENCE_WORDS)
        return (len(present), in_order, full, -unit)

    return max(units, key=rank)


def _cut(text: str, marks: list[tuple[int, int]]) -> tuple[str, tuple[tuple[int, int], ...]]:
    """``text`` cut to :data:`SNIPPET_LENGTH` around its first mark, at word ends, with "…"."""
    if len(text) <= SNIPPET_LENGTH:
        return text, tuple(marks)
    first = marks[0][0] if marks else 0
    left = max(0, min(first - SNIPPET_LENGTH // 3, len(text) - SNIPPET_LENGTH))
    if left > 0:
        space = text.find(" ", left)
        left = space + 1 if -1 < space < first else left
    right = min(len(text), left + SNIPPET_LENGTH)
    if right < len(text):
        space = text.rfind(" ", left, right)
        right = space if space > first else right
    head = "…" if left > 0 else ""
    shift = len(head) - left
    kept = tuple((start + shift, end + shift) for start, end in marks if start >= left and end <= right)
    return head + text[left:right] + ("…" if right < len(text) else ""), kept


def search(query: str, games: Sequence[str] | None = None) -> list[Hit]:
    """Find the sections that speak of every word of ``query``, best first.

    Words are matched whole and by meaning: their forms through the English
    Snowball stemmer and the irregular forms of ``words.json`` ("gave back"
    finds "give back", "ace" does not find "face"), the app's own words for
    a rules term ("donate", "run", "stock"), and the seeds' Norwegian and
    German words of the glossary ("donere", "Reihe"), each read in its own
    game.  Stop words ("the", "of") are dropped; the section heading counts
    as text.

    Args:
        query: the words to look for, in any case; blank finds nothing.
        games: the game ids to search (default: all four).

    Returns:
        One ``Hit`` per section that holds every word, ranked: rarer words
        weigh more, a word in the heading or in bold (where the rules define
        it) more again, and all the words in one sentence, in order, more
        still; equal scores keep reading order.  Each hit's ``snippet`` is
        the sentence holding the most query words, its ``marks`` the
        matched words in it.  The figures searched are the standard ones.

    Raises:
        RulebookError: for an unknown game id in ``games``, or an unreadable
            word list.
    """
    terms = _query_terms(query) if isinstance(query, str) else []
    if not terms:
        return []
    allowed = GAMES if games is None else [_game_key(g) for g in games]
    sections = _index()
    found_in = {id(section): [_occurrences(term, section) for term in terms] for section in sections}

    def holds(section: _Indexed, number: int) -> bool:
        return bool(found_in[id(section)][number]) or _in_title(terms[number], section)

    weights = []
    for number in range(len(terms)):
        spread = sum(holds(section, number) for section in sections)
        weights.append(math.log(1 + len(sections) / max(spread, 1)))
    ranked = []
    for section in sections:
        if section.game not in allowed or not all(holds(section, n) for n in range(len(terms))):
            continue
        found = found_in[id(section)]
        score = 0.0
        for number, (term, places) in enumerate(zip(terms, found, strict=True)):
            weight = weights[number]
            score += weight * (1 + 0.5 * math.log(len(places)) if places else 0)
            score += 2 * weight * (_in_title(term, section) + _in_bold(term, section))
        unit = _best_unit([u.text for u in section.units], found)
        together = {number for number, places in enumerate(found) if any(u == unit for u, _, _ in places)}
        if len(terms) > 1 and len(together) == len(terms):
            score += 2.0
        marks = sorted({(start, end) for places in found for u, start, end in places if u == unit})
        text = section.units[unit].text if section.units else ""
        snippet, kept = _cut(text, marks)
        hit = Hit(section.game, section.name, section.key, section.title, snippet, kept, round(score, 3))
        ranked.append((-hit.score, section.order, hit))
    return [hit for _, _, hit in sorted(ranked, key=lambda entry: entry[:2])]
