"""Playing cards: one value type and a parser people can type on a phone.

Terms used across the project:

rank
    1 (ace) to 13 (king); ``Card.rank`` is ``None`` for a joker.
suit
    one of ``"S" "H" "D" "C"`` (spades, hearts, diamonds, clubs), or ``None``
    when the game ignores suits (One Up) or for a joker.
joker
    ``"black"`` (black joker, ``BJ``), ``"colour"`` (colour joker, ``CJ``) or
    ``"plain"`` (a joker with no colour, ``JK``, for One Up's wild joker
    variant); ``None`` for every other card.

Forms the parser reads (case does not matter, suit before or after the rank):
``♥3``, ``3♥``, ``3h``, ``H3``, ``10♠``, ``T♠``, ``a♠``, ``K`` (no suit),
``BJ``, ``CJ``, ``JK``, the Norwegian and German joker codes ``SJ`` (svart
joker, schwarzer Joker) and ``FJ`` (farget joker, farbiger Joker), and the
jokers' names in any of the app's languages (``black joker``, ``svart
joker``, ``farbiger Joker``, ``joker``).  ``CJ`` is always the colour joker and
``SJ`` always the black joker: write the jack of clubs as ``JC``, ``J♣`` or
``♣J`` and the jack of spades as ``JS``, ``J♠`` or ``♠J``. No joker code means
another joker in another language (``BJ`` is the black joker everywhere; the
German colour joker is the farbiger Joker, ``FJ``).

The rank and suit letters of the app's other languages are read in every
language, as none means something else: Norwegian ``E`` (ess, ace), ``Kn``
(knekt, jack), ``D`` (dame, queen) and ``R`` (ruter, diamonds); German ``B``
(Bube, jack), ``D`` (Dame, queen) and ``P`` (Pik, spades). ``D`` is a rank
where a rank stands and the diamonds suit where a suit stands (``D5`` and
``5D`` are the 5 of diamonds, ``DH`` the queen of hearts, ``DD`` the queen of
diamonds). ``K`` is always the king: Norwegian kløver and German Kreuz and
Karo also start with K, so a K written where a suit belongs (``K7``) is
refused with a message saying to write clubs as ``C`` or ``♣`` and diamonds
as ``D``, ``R`` or ``♦``. Names (``Card.name``) and messages are in the
current language (:mod:`companion.i18n`).

Notation: every reason and message prints a card with ``str(card)``, in the
current language: its letter then suit symbol (``8♥``, ``10♠``, ``A♣``; German
``B♣`` for the Bube, ``D♥`` for the Dame), a letter alone where the suit was
not given (``K``), a joker by its name (``black joker``, ``svart joker``,
``schwarzer Joker``). Each language's letters (:func:`rank_letter`) and joker
codes (:func:`joker_code`) come from its catalog. Saved games keep
``Card.code``, the same notation in English, which every language reads back.

Up or Down?'s numbered cards are not playing cards; they live in
that game's own package (``companion/games/``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from companion.i18n import LANGUAGES, N_, _, current_language, language, pgettext

SUITS: tuple[str, ...] = ("S", "H", "D", "C")
"""Suit letters in display order: spades, hearts, diamonds, clubs."""

SUIT_SYMBOLS: dict[str, str] = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
"""Suit letter to the symbol shown on screen."""

SUIT_NAMES: dict[str, str] = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs")}
"""Suit letter to its English name (a msgid: show it through ``_()``)."""

RED_SUITS: frozenset[str] = frozenset({"H", "D"})
"""The red suits (hearts, diamonds)."""

RANK_LABELS: dict[int, str] = {
    1: "A", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7",
    8: "8", 9: "9", 10: "10", 11: "J", 12: "Q", 13: "K",
}
"""Rank number to its English letter: the notation saved games keep (``Card.code``)
and the rules core's tables use; a player sees :func:`rank_letter`."""

RANK_NAMES: dict[int, str] = {1: N_("ace"), 11: N_("jack"), 12: N_("queen"), 13: N_("king")}
"""Rank number to its English name where it is not a number (a msgid: show it through ``_()``)."""

JOKER_CODES: dict[str, str] = {"black": "BJ", "colour": "CJ", "plain": "JK"}
"""Joker kind to its English code (``"black"`` -> ``"BJ"``); :func:`joker_code` gives the current language's."""

JOKERS: dict[str, str] = {"BJ": "black", "CJ": "colour", "JK": "plain", "SJ": "black", "FJ": "colour"}
"""Every joker code the parser reads, in every language, to its joker kind:
English ``BJ`` ``CJ`` ``JK``, Norwegian and German ``SJ`` (svart/schwarzer)
and ``FJ`` (farget/farbiger)."""

JOKER_NAMES: dict[str, str] = {
    "black": N_("black joker"), "colour": N_("colour joker"), "plain": N_("joker"),
}
"""Joker kind to its English name, as ``Card.code`` keeps it (a msgid: ``str(card)`` and ``Card.name`` translate it)."""

_SYMBOL_TO_SUIT = {sym: letter for letter, sym in SUIT_SYMBOLS.items()}
# The outline suit symbols people paste from phones read as the plain suits
# (the emoji variation selectors U+FE0E/U+FE0F are stripped where a suit is read).
_SYMBOL_TO_SUIT.update({"♤": "S", "♡": "H", "♢": "D", "♧": "C"})
_SYMBOL_TO_SUIT.update({"R": "D", "P": "S"})
_RANK_WORDS = {"A": 1, "E": 1, "T": 10, "J": 11, "B": 11, "KN": 11, "Q": 12, "D": 12, "K": 13}
_RANK_RE = r"(10|[2-9]|KN|[AETJBQDK])"
_SUIT_RE = r"([SHDC])"
_KING_AS_SUIT_RE = re.compile(rf"^K{_RANK_RE}$")
_TOKEN_FORMS = (
    re.compile(rf"^{_RANK_RE}{_SUIT_RE}?$"),
    re.compile(rf"^{_SUIT_RE}{_RANK_RE}$"),
)
_SPLIT_RE = re.compile(r"[\s,;]+")


def _letter_tables() -> tuple[dict[int, str], dict[str, str]]:
    """The current language's rank letters and joker codes, from its catalog."""
    letters = {
        # TRANSLATORS: the letter printed on an ace in this language's decks (German "A" for Ass).
        1: pgettext("card letter", "A"),
        # TRANSLATORS: the letter printed on a jack in this language's decks (German "B" for Bube).
        11: pgettext("card letter", "J"),
        # TRANSLATORS: the letter printed on a queen in this language's decks (German "D" for Dame).
        12: pgettext("card letter", "Q"),
        # TRANSLATORS: the letter printed on a king in this language's decks (German "K" for König).
        13: pgettext("card letter", "K"),
    }
    codes = {
        # TRANSLATORS: the black joker's code on the keypad, two letters from its name ("SJ": svart/schwarzer Joker).
        "black": pgettext("joker code", "BJ"),
        # TRANSLATORS: the colour joker's code on the keypad ("FJ": farget/farbiger Joker).
        "colour": pgettext("joker code", "CJ"),
        # TRANSLATORS: the code of a joker with no colour on the keypad.
        "plain": pgettext("joker code", "JK"),
    }
    return letters, codes


@lru_cache(maxsize=None)
def _letters_in(code: str) -> tuple[dict[int, str], dict[str, str]]:
    """:func:`_letter_tables` of the language ``code``, read once."""
    with language(code):
        return _letter_tables()


def rank_letter(rank: int) -> str:
    """The rank as printed on a card in the current language's decks.

    Takes a rank 1 (ace) .. 13 (king); returns ``"A"``, ``"2"`` .. ``"10"``,
    then English ``"J" "Q" "K"``, Norwegian the same, German ``"B" "D" "K"``
    (Bube, Dame, König; the ace is ``"A"``, Ass, in all three).

    Raises:
        KeyError: for a rank outside 1..13.
    """
    return _letters_in(current_language())[0].get(rank) or RANK_LABELS[rank]


def joker_code(kind: str) -> str:
    """The joker's code in the current language, as its keypad tile shows it.

    Takes a joker kind (``"black"``, ``"colour"``, ``"plain"``); returns
    English ``"BJ" "CJ" "JK"``, Norwegian and German ``"SJ" "FJ" "JK"``. Every
    code is in :data:`JOKERS`, so the parser reads it in every language.

    Raises:
        KeyError: for an unknown kind.
    """
    return _letters_in(current_language())[1][kind]


@lru_cache(maxsize=None)
def _joker_words() -> dict[str, str]:
    """Every language's name of each joker, upper case with single spaces -> its kind."""
    words = {"COLOR JOKER": "colour"}
    for code in LANGUAGES:
        with language(code):
            words.update((" ".join(_(name).upper().split()), kind) for kind, name in JOKER_NAMES.items())
    return words


@lru_cache(maxsize=None)
def _joker_name_re() -> re.Pattern[str]:
    """A pattern finding a two-word joker name of any language in typed text."""
    names = sorted((name for name in _joker_words() if " " in name), key=len, reverse=True)
    alternatives = "|".join(r"\s+".join(map(re.escape, name.split())) for name in names)
    return re.compile(rf"(?<!\w)({alternatives})(?!\w)", re.IGNORECASE)

ACCEPTED_FORMS = N_(
    "rank then suit or suit then rank (♥3, 3♥, 3h, H3, 10♠, T♠, a♠), "
    "a rank alone where suits do not matter (K), "
    "or a joker (BJ black, CJ colour, JK plain)"
)
"""A plain-words summary of what the parser accepts, used in error messages (a msgid: show it through ``_()``)."""


class CardError(ValueError):
    """A card that can not be read, or that a game does not use.

    The message names the offending token and says what is accepted, so it
    can be shown to the user as it is.
    """


@dataclass(frozen=True, slots=True)
class Card:
    """One playing card.

    Attributes:
        rank: 1 (ace) .. 13 (king), or ``None`` for a joker.
        suit: ``"S" "H" "D" "C"``, or ``None`` (a joker, or a card whose suit
            was not given because the game ignores suits).  ``♠ ♥ ♦ ♣`` and
            lower-case letters are accepted and stored as the letter, so
            ``Card(3, "♥") == Card(3, "H")``.
        joker: ``"black"``, ``"colour"`` or ``"plain"`` for a joker, else ``None``.

    Raises:
        CardError: on construction, if the fields do not describe a card.
    """

    rank: int | None
    suit: str | None = None
    joker: str | None = None

    def __post_init__(self) -> None:
        if self.joker is not None:
            if self.joker not in JOKER_NAMES:
                raise CardError(_("unknown joker kind {kind}").format(kind=repr(self.joker)))
            if self.rank is not None or self.suit is not None:
                raise CardError(_("a joker has no rank and no suit"))
            return
        if not isinstance(self.rank, int) or not 1 <= self.rank <= 13:
            raise CardError(_("rank must be 1 (ace) to 13 (king), not {rank}").format(rank=repr(self.rank)))
        if self.suit is not None and self.suit not in SUITS:
            plain = self.suit.strip().strip("\ufe0e\ufe0f") if isinstance(self.suit, str) else ""
            letter = _SYMBOL_TO_SUIT.get(plain, plain.upper())
            if letter not in SUITS:
                raise CardError(_("suit must be one of S H D C or ♠ ♥ ♦ ♣, not {suit}").format(suit=repr(self.suit)))
            object.__setattr__(self, "suit", letter)

    @property
    def sort_key(self) -> tuple[int, int, int, str]:
        """A key that orders any cards: by rank (ace low), then suit, jokers last."""
        suit_index = SUITS.index(self.suit) if self.suit else -1
        return (self.joker is not None, self.rank or 0, suit_index, self.joker or "")

    @property
    def is_joker(self) -> bool:
        """True for any joker (black, colour or plain)."""
        return self.joker is not None

    @property
    def label(self) -> str:
        """The rank as printed on the card in the current language ("A", "10", "K",
        German "B" for the jack), or the joker's code in it ("BJ", German "SJ")."""
        if self.joker is not None:
            return joker_code(self.joker)
        return rank_letter(self.rank)

    @property
    def code(self) -> str:
        """The card in the notation saved games keep, the same in every language:
        English letter then suit symbol (``"J♥"``, ``"10♠"``), the letter alone
        with no suit (``"K"``), a joker by its English name (``"black joker"``).
        :func:`parse_card` reads it back.

        >>> Card(11, "H").code, Card(None, None, "colour").code
        ('J♥', 'colour joker')
        """
        if self.joker is not None:
            return JOKER_NAMES[self.joker]
        return f"{RANK_LABELS[self.rank]}{SUIT_SYMBOLS.get(self.suit, '')}"

    @property
    def name(self) -> str:
        """The card's name in the current language.

        English "ace of spades", "3 of hearts", "black joker", "king";
        Norwegian "spar ess", "hjerter 3", "svart joker", "konge"; German
        "Pik-Ass", "Herz-3", "schwarzer Joker", "König".
        """
        if self.joker is not None:
            return _(JOKER_NAMES[self.joker])
        rank = _(RANK_NAMES[self.rank]) if self.rank in RANK_NAMES else str(self.rank)
        if not self.suit:
            return rank
        # TRANSLATORS: a card's name, e.g. "ace of spades"; {rank} and {suit} are already translated.
        return _("{rank} of {suit}").format(rank=rank, suit=_(SUIT_NAMES[self.suit]))

    def __str__(self) -> str:
        """The one notation of a card in every reason and message, in the current language.

        Its letter (:func:`rank_letter`) then suit symbol (``"8♥"``, ``"10♠"``,
        German ``"B♣"``), the letter alone with no suit (``"K"``), a joker by
        its name (``"black joker"``, ``"svart joker"``, ``"schwarzer Joker"``);
        :func:`parse_card` reads every form back in every language.

        >>> str(Card(8, "H")), str(Card(10, "S")), str(Card(13)), str(Card(None, None, "black"))
        ('8♥', '10♠', 'K', 'black joker')
        """
        if self.joker is not None:
            return _(JOKER_NAMES[self.joker])
        return f"{rank_letter(self.rank)}{SUIT_SYMBOLS.get(self.suit, '')}"


CardLike = Card | str
"""A card as a ``Card`` or as text ``parse_card`` reads."""

CardsLike = str | Iterable[CardLike]
"""Several cards: one string ``parse_cards`` reads, or an iterable of ``CardLike``."""


def parse_card(text: str) -> Card:
    """Read one card from text typed on a phone.

    Args:
        text: one token such as ``"♥3"``, ``"3h"``, ``"H3"``, ``"10♠"``,
            ``"T♠"``, ``"a♠"``, ``"K"``, ``"BJ"``, ``"CJ"`` or ``"JK"``, or
            a joker's name (``"black joker"``); case and surrounding spaces
            do not matter.

    Returns:
        The ``Card``; its ``suit`` is ``None`` when no suit was written.

    Raises:
        CardError: if the text is not one card; the message names the token
            and the accepted forms.

    >>> parse_card("3h"), parse_card("♠10"), parse_card("black joker").joker
    (Card(rank=3, suit='H', joker=None), Card(rank=10, suit='S', joker=None), 'black')
    """
    if not isinstance(text, str):
        raise CardError(_("expected card text, got {kind}").format(kind=type(text).__name__))
    return _parse_token(text)


@lru_cache(maxsize=4096)
def _parse_token(text: str) -> Card:
    """``parse_card`` for a string; cached, as cards are immutable values."""
    raw = text.strip()
    plain = "".join(ch for ch in raw if ch not in "\ufe0e\ufe0f").upper()
    if plain in JOKERS:
        return Card(None, None, JOKERS[plain])
    spoken = " ".join(plain.split())
    if spoken in _joker_words():
        return Card(None, None, _joker_words()[spoken])
    token = "".join(_SYMBOL_TO_SUIT.get(ch, ch) for ch in plain)
    for form in _TOKEN_FORMS:
        match = form.fullmatch(token)
        if match:
            groups = match.groups()
            rank_text, suit = (groups if form is _TOKEN_FORMS[0] else groups[::-1])
            rank = _RANK_WORDS.get(rank_text) or int(rank_text)
            return Card(rank, suit)
    if _KING_AS_SUIT_RE.fullmatch(token):
        raise CardError(_(
            "'{token}' is not a card: K is the king, never a suit; write clubs as C or ♣ "
            "and diamonds as D, R or ♦ (C{rank}, D{rank})"
        ).format(token=raw, rank=token[1:]))
    shown = raw if raw else _("(empty)")
    raise CardError(_("'{token}' is not a card: use {forms}").format(token=shown, forms=_(ACCEPTED_FORMS)))


def parse_cards(text: str) -> list[Card]:
    """Read several cards separated by spaces, commas or semicolons.

    Args:
        text: e.g. ``"♥2 ♥3, ♥4 ♥5"``; an empty or blank string is no cards.

    Returns:
        The cards in the order written.

    Raises:
        CardError: naming the first token that is not a card.

    >>> [str(card) for card in parse_cards("♥2 3h, black joker")]
    ['2♥', '3♥', 'black joker']
    """
    if not isinstance(text, str):
        raise CardError(_("expected card text, got {kind}").format(kind=type(text).__name__))
    text = _joker_name_re().sub(lambda match: JOKER_CODES[_joker_words()[" ".join(match.group(1).upper().split())]], text)
    return [parse_card(token) for token in _SPLIT_RE.split(text.strip()) if token]


def as_card(card: CardLike) -> Card:
    """Return ``card`` as a ``Card``: a ``Card`` passes through, text is parsed.

    Raises:
        CardError: if the text is not a card, or the value is neither.
    """
    if isinstance(card, Card):
        return card
    if isinstance(card, str):
        return _parse_token(card)
    raise CardError(_("expected a card, got {value}").format(value=repr(card)))


def as_cards(cards: CardsLike) -> list[Card]:
    """Return several cards as a list of ``Card``.

    Args:
        cards: one string (read by ``parse_cards``) or an iterable of cards
            and card strings.

    Raises:
        CardError: naming the first item that is not a card.
    """
    if type(cards) is list:
        items = cards
    elif isinstance(cards, str):
        return parse_cards(cards)
    elif isinstance(cards, Card):
        return [cards]
    else:
        try:
            items = list(cards)
        except TypeError:
            raise CardError(_("expected cards, got {value}").format(value=repr(cards))) from None
    return [_parse_token(item) if isinstance(item, str) else as_card(item) for item in items]


def card_texts(cards: CardsLike) -> list[str]:
    """Several cards in the notation saved games keep (``Card.code``), one text per card.

    The same list as ``[card.code for card in as_cards(cards)]``, the same in
    every language; each distinct card text is read and written out once and
    then remembered, as a saved game repeats the same few texts many times.

    Args:
        cards: one string (read by ``parse_cards``), a ``Card``, or an
            iterable of cards and card strings.

    Raises:
        CardError: naming the first item that is not a card.

    >>> card_texts(["3h", "k", "JK"])
    ['3♥', 'K', 'joker']
    """
    if type(cards) is list:
        items = cards
    elif isinstance(cards, (str, Card)):
        return [card.code for card in as_cards(cards)]
    else:
        try:
            items = list(cards)
        except TypeError:
            raise CardError(_("expected cards, got {value}").format(value=repr(cards))) from None
    return [_token_text(item) if isinstance(item, str) else as_card(item).code for item in items]


@lru_cache(maxsize=4096)
def _token_text(text: str) -> str:
    """``Card.code`` of the card ``text`` names; cached like ``_parse_token``."""
    return _parse_token(text).code


def require_suit(card: Card) -> Card:
    """Return ``card`` if it is a joker or has a suit.

    Games where suits matter (One-card, Up to 9) call this on every card.

    Raises:
        CardError: for a rank written without a suit, e.g. ``"7"``.
    """
    if card.joker is None and card.suit is None:
        raise CardError(_(
            "'{rank}' needs a suit in this game: write it like {rank}♠, {rank}h or H{rank}"
        ).format(rank=card.label))
    return card


def full_deck(*, jokers: Iterable[str] = ()) -> list[Card]:
    """One standard deck: 52 cards, spades to clubs, ace to king, then jokers.

    Args:
        jokers: joker kinds to add, e.g. ``("black", "colour")``.

    Returns:
        A new list of ``Card``.
    """
    deck = [Card(rank, suit) for suit in SUITS for rank in range(1, 14)]
    deck.extend(Card(None, None, kind) for kind in jokers)
    return deck


def show_cards(cards: Iterable[Card]) -> str:
    """Several cards in the one notation (``str(card)``), separated by spaces.

    Args:
        cards: ``Card`` values, in the order to show them.

    Returns:
        E.g. ``"2♥ 3♥ 4♥"``; ``""`` for no cards.

    >>> show_cards([Card(2, "H"), Card(10, "S"), Card(None, None, "colour")])
    '2♥ 10♠ colour joker'
    """
    return " ".join(str(card) for card in cards)
