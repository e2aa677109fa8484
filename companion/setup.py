"""The dealer's setup guide: which cards, how many each, and what to say.

Every game's deck plans, deal sizes, start of the discard pile and first
player live in one table, :data:`GAMES`; a house rule is an edit of that
table.  Values the seeds do not give are the app's presets from rulings.md;
each plan names them in ``SetupPlan.presets`` and explains them in
``SetupPlan.notes``.

Sources: seed 000 (One Up), 002 (One-card), 003 (Up to 9), 004 (Up or Down?)
and rulings.md.  Up or Down?'s numbered cards come from
:data:`companion.games.up_or_down.CARDS_IN_PLAY`, One Up's values from
:data:`companion.games.one_up.VALUE_CIRCLE` and One-card's buried start
cards from :data:`companion.games.one_card.BURIED_AT_START`: the one place
each lives.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.i18n import N_, _, ngettext
from companion.cards import RANK_LABELS, SUITS, Card, CardsLike, as_cards
from companion.games import one_card, one_up, up_or_down, up_to_nine
from companion.verdict import Verdict
from companion.wording import join_words

STANDARD_DECK = N_("A 2 3 4 5 6 7 8 9 10 J Q K of ♠ ♥ ♦ ♣")
"""The 52 cards of one standard deck, as a deck line names them (an English msgid)."""


SHUFFLE = N_("Shuffle well before every deal: riffle about seven times, or spread the cards face down and mix them.")
"""The shuffle tip of a game whose cards come back from a round in no order of their own (an English msgid)."""

SHUFFLE_GROUPED = N_(
    "Shuffle well before every deal: cards come back from the last round in "
    "runs and sets, and a few quick overhand shuffles leave them that way. "
    "Riffle about seven times, or spread the cards face down and mix them."
)
"""The shuffle tip of a game whose players lay runs and sets (Up to 9; an English msgid)."""


class SetupError(ValueError):
    """An unknown game or a player count the game does not support."""


@dataclass(frozen=True)
class CardLine:
    """One line of a deck list: which cards and how many of each.

    Attributes:
        cards: the cards named, e.g. ``"A 2 3 4 5 6"`` or ``"K"``; an English
            msgid where it has words, which may hold ``{kinds}``.
        kinds: how many different cards ``cards`` names (6 for A-6).
        copies: how many of each to take (8 for One Up's A-6).
    """

    cards: str
    kinds: int
    copies: int

    @property
    def count(self) -> int:
        """Cards this line adds to the deck: ``kinds * copies``."""
        return self.kinds * self.copies

    def __str__(self) -> str:
        """The line as the guide shows it, in the current language: ``"A 2 3 4 5 6: 8 of each (48)"``, ``"K: 8"``."""
        cards = _(self.cards).format(kinds=self.kinds)
        if self.kinds == 1:
            return f"{cards}: {self.copies}"
        return _("{cards}: {copies} of each ({count})").format(cards=cards, copies=self.copies, count=self.count)


@dataclass(frozen=True)
class Deal:
    """The deck and deal for a range of player counts.

    Attributes:
        players: the player counts this deal is for.
        decks: how many physical decks the cards come from (standard 52-card
            decks, or for Up or Down? the game's own 126-card deck).
        lines: the deck, line by line.
        hand_size: cards dealt to each player.
        take: the step that tells the dealer which cards to take out (an
            English msgid, shown through ``_()``); may use the placeholders
            of ``GameSetup.steps``.
        numbers: Up or Down?'s numbered card range, else ``None``.
        presets: which plan values this deal takes from rulings.md rather
            than a seed (``SetupPlan`` field names).
        notes: plain sentences saying where the presets come from.
    """

    players: range
    decks: int
    lines: tuple[CardLine, ...]
    hand_size: int
    take: str
    numbers: range | None = None
    presets: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Variant:
    """A game option that changes the deck, as data.

    Attributes:
        option: the option's name as the pads keep it (One Up's ``"joker"``).
        lines: deck lines the option adds.
        take: the take-out step used instead of ``Deal.take`` when the
            option is on (same placeholders).
        jokers: joker kinds the option puts in, one card each.
    """

    option: str
    lines: tuple[CardLine, ...]
    take: str
    jokers: tuple[str, ...] = ()


@dataclass(frozen=True)
class GameSetup:
    """One game's row of :data:`GAMES`.

    Attributes:
        title: the game's name.
        source: the seed file the guide follows.
        deals: the deals, together covering every supported player count.
        discard_start: what starts the discard pile (or the middle of the table).
        start_label: what ``discard_start`` is called on the guide
            (``"Discard pile"``; Up or Down?'s ring is ``"In the middle"``).
        shuffle: the shuffle tip shown above the steps; the one about runs
            and sets (:data:`SHUFFLE_GROUPED`) only for games that lay them.
        first_player: who starts.
        (``discard_start``, ``start_label``, ``shuffle``, ``first_player``
        and ``notes`` are English msgids too, translated by :func:`plan`;
        ``discard_start`` and ``notes`` may use the steps' placeholders.)
        steps: the dealer's steps after ``Deal.take``, in order, as English
            msgids that :func:`plan` translates; they may use
            ``{players}``, ``{decks}``, ``{deck_size}``, ``{deck_lines}``,
            ``{hand_size}``, ``{dealt}``, ``{laid_out}``, ``{rest}``,
            ``{pile_a}`` and ``{pile_b}`` (the rest split in two),
            ``{next_number}`` and ``{last_number}`` (Up or Down?'s cards left
            in the box), ``{buried}`` and ``{leading}`` (One-card's start ranks).
        laid_out: cards turned face up in the middle before the rest is
            stacked (Up or Down?'s ring of 6), else 0.
        presets: plan values of every deal taken from rulings.md.
        notes: plain sentences saying where the presets come from.
        ranks: the ranks each standard deck gives (One Up: A-6 and K); empty
            for Up or Down?, whose cards are numbers.
        jokers: joker kinds each standard deck gives (One-card: black and colour).
        variants: options that change the deck (One Up's wild joker).
    """

    title: str
    source: str
    deals: tuple[Deal, ...]
    discard_start: str
    first_player: str
    steps: tuple[str, ...]
    start_label: str = N_("Discard pile")
    shuffle: str = SHUFFLE
    laid_out: int = 0
    presets: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    ranks: frozenset[int] = frozenset(RANK_LABELS)
    jokers: tuple[str, ...] = ()
    variants: tuple[Variant, ...] = ()

    @property
    def players(self) -> range:
        """The supported player counts, from the lowest to the highest deal."""
        return range(
            min(deal.players.start for deal in self.deals),
            max(deal.players.stop for deal in self.deals),
        )


def _up_or_down_deals() -> tuple[Deal, ...]:
    """One deal per player count, from the card range table of Up or Down?."""
    deals = []
    for players, highest in up_or_down.CARDS_IN_PLAY.items():
        if highest == up_or_down.HIGHEST_CARD:
            take = N_("Use all {deck_size} numbered cards.")
        else:
            take = N_(
                "Take the cards numbered 1 to {deck_size} ({deck_size} cards); "
                "{next_number} to {last_number} stay in the box."
            )
        deals.append(Deal(
            players=range(players, players + 1),
            decks=1,
            lines=(CardLine(N_("numbers 1 to {kinds}"), highest, 1),),
            hand_size=up_or_down.HAND_SIZE,
            take=take,
            numbers=up_or_down.cards_in_play(players),
            presets=("deck_size", "deck"),
            notes=(
                N_("Cards 1 to {deck_size} for {players} players is the app's preset, "
                   "the published game's table; the seed only says to fit the deck "
                   "to the player count."),
            ),
        ))
    return tuple(deals)


def _one_card_deck(decks: int) -> tuple[CardLine, ...]:
    """One-card's deck lines: ``decks`` standard decks, each with both jokers (seed 002, Setup)."""
    return (
        CardLine(STANDARD_DECK, 52, decks),
        CardLine(N_("black joker"), 1, decks),
        CardLine(N_("colour joker"), 1, decks),
    )


_SHUFFLE_AND_DEAL = N_(
    "Shuffle the {deck_size} cards and deal {hand_size} cards face down to "
    "each of the {players} players, one at a time ({dealt} cards dealt)."
)

def _rank_runs(labels: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Card labels split where the standard ranks stop running on:
    ``("A", "2", "3", "4", "5", "6", "K")`` -> ``[("A", .., "6"), ("K",)]``."""
    rank_of = {label: rank for rank, label in RANK_LABELS.items()}
    runs: list[list[str]] = []
    for label in labels:
        if runs and rank_of[label] == rank_of[runs[-1][-1]] + 1:
            runs[-1].append(label)
        else:
            runs.append([label])
    return [tuple(run) for run in runs]


_ONE_UP_LINES = tuple(CardLine(" ".join(run), len(run), 8) for run in _rank_runs(one_up.VALUE_CIRCLE))
"""One Up's deck lines from its value circle: each value 8 times (2 decks x 4 suits)."""

_BURIED, _LEADING = one_card.start_ranks()

_LEFT_OF_DEALER = N_("The player on the dealer's left starts; play goes clockwise.")
_DEALERS_LEFT = N_("the player on the dealer's left; play goes clockwise")

GAMES: dict[str, GameSetup] = {
    "one_up": GameSetup(
        title=one_up.TITLE,
        source="seed 000, Setup and The cards",
        deals=(
            Deal(
                players=range(2, 7),
                decks=2,
                lines=_ONE_UP_LINES,
                hand_size=6,
                take=N_(
                    "From {decks} standard decks take these {deck_size} cards: "
                    "{deck_lines}. The 7s to Queens and the jokers stay out."
                ),
            ),
        ),
        discard_start=N_("the top card of the draw pile, turned face up beside it"),
        first_player=N_(
            "the youngest player in the first round; after that, whoever "
            "ended the last round (went out, or dropped out last); play goes clockwise"
        ),
        steps=(
            _SHUFFLE_AND_DEAL,
            N_("Put the other {rest} cards face down in the middle: the draw pile."),
            N_("Turn the top card of the draw pile face up beside it: it starts the discard pile."),
            N_("The youngest player starts the first round; play goes clockwise. "
               "Later rounds start with whoever ended the round before."),
        ),
        ranks=frozenset(rank for rank, label in RANK_LABELS.items() if label in one_up.VALUE_CIRCLE),
        variants=(
            Variant(
                option="joker",
                lines=(CardLine(N_("joker"), 1, 1),),
                take=N_(
                    "From {decks} standard decks take these {deck_size} cards: "
                    "{deck_lines}. The 7s to Queens stay out; one joker goes in "
                    "for the wild joker variant."
                ),
                jokers=("plain",),
            ),
        ),
    ),
    "one_card": GameSetup(
        title=one_card.TITLE,
        source="seed 002, Setup",
        deals=(
            Deal(
                players=range(2, 3),
                decks=1,
                lines=_one_card_deck(1),
                hand_size=7,
                take=N_("Take one standard deck with both jokers: {deck_size} cards."),
            ),
            Deal(
                players=range(3, 6),
                decks=1,
                lines=_one_card_deck(1),
                hand_size=5,
                take=N_("Take one standard deck with both jokers: {deck_size} cards."),
            ),
            Deal(
                players=range(6, 7),
                decks=2,
                lines=_one_card_deck(2),
                hand_size=5,
                take=N_("Take {decks} standard decks, each with both jokers: {deck_size} cards."),
                presets=("decks", "deck_size", "deck"),
                notes=(
                    N_("A second deck for 6 players is the app's preset; the seed "
                       "names one 54-card deck."),
                ),
            ),
        ),
        discard_start=N_(
            "the top card of the draw pile, turned face up; a {buried} "
            "or joker is buried in the draw pile and the next card turned, until "
            "a plain {leading} leads"
        ),
        first_player=N_("the player on the dealer's left; play goes clockwise until a Q reverses it"),
        steps=(
            _SHUFFLE_AND_DEAL,
            N_("Put the other {rest} cards face down in the middle: the draw pile."),
            N_("Turn the top card face up. If it is a {buried} or a joker, "
               "push it into the middle of the draw pile and turn the next one. Stop "
               "at the first {leading}: it starts the discard pile."),
            N_("The player on the dealer's left starts; play goes clockwise until a Q reverses it."),
        ),
        presets=("first_player",),
        notes=(
            N_("Who starts is the app's preset: the seed does not say, so the "
               "player on the dealer's left starts, as in most shedding games."),
        ),
        jokers=("black", "colour"),
    ),
    "up_to_nine": GameSetup(
        title=up_to_nine.TITLE,
        source="seed 003, En runde, steg for steg (Oppsett)",
        deals=(
            Deal(
                players=range(2, 5),
                decks=2,
                lines=(CardLine(STANDARD_DECK, 52, 2),),
                hand_size=up_to_nine.HAND_SIZE,
                take=N_("Take {decks} standard decks without jokers: {deck_size} cards."),
                presets=("decks", "deck_size", "deck"),
                notes=(
                    N_("{decks} decks ({deck_size} cards) for 2-4 players is the app's preset; "
                       "the seed's deck count was lost."),
                ),
            ),
            Deal(
                players=range(5, 7),
                decks=3,
                lines=(CardLine(STANDARD_DECK, 52, 3),),
                hand_size=up_to_nine.HAND_SIZE,
                take=N_("Take {decks} standard decks without jokers: {deck_size} cards."),
                presets=("decks", "deck_size", "deck"),
                notes=(
                    N_("{decks} decks ({deck_size} cards) for 5-6 players is the app's preset; "
                       "the seed's deck count was lost."),
                ),
            ),
        ),
        discard_start=N_("the top card of the draw pile, turned face up"),
        first_player=_DEALERS_LEFT,
        shuffle=SHUFFLE_GROUPED,
        steps=(
            _SHUFFLE_AND_DEAL,
            N_("Put the other {rest} cards face down in the middle: the draw pile."),
            N_("Turn the top card of the draw pile face up: it starts the discard pile."),
            _LEFT_OF_DEALER,
            N_("Each player plays for their own level: everybody is on level 1 in "
               "the first round."),
        ),
    ),
    "up_or_down": GameSetup(
        title=up_or_down.TITLE,
        source="seed 004, Vorwort",
        deals=_up_or_down_deals(),
        discard_start=N_(
            "{laid_out} face-up cards in a ring, from low to high; the rest split into "
            "a face-up pile and a face-down pile inside the ring"
        ),
        first_player=_DEALERS_LEFT,
        start_label=N_("In the middle"),
        laid_out=up_or_down.RING_SIZE,
        steps=(
            _SHUFFLE_AND_DEAL,
            N_("Turn up {laid_out} cards and lay them in a ring, from the lowest to the highest."),
            N_("Split the other {rest} cards into two piles of {pile_a} and {pile_b}. "
               "Put both inside the ring: one face up, the other face down."),
            _LEFT_OF_DEALER,
        ),
        presets=("first_player",),
        notes=(
            N_("Who starts is the app's preset: the seed does not say, so the "
               "player on the dealer's left starts."),
        ),
        ranks=frozenset(),
    ),
}
"""Game id to its setup: the one table of deck plans and deal sizes."""

GAME_IDS: tuple[str, ...] = tuple(GAMES)
"""The game ids in menu order."""


@dataclass(frozen=True)
class SetupPlan:
    """The dealer's guide for one game and player count.

    Attributes:
        game: the game id.
        title: the game's name.
        players: the player count planned for.
        deck_size: cards in play (One Up 56; One-card 54, or 108 for 6 players;
            Up to 9 104 or 156; Up or Down? 54, 78, 102 or 126).
        hand_size: cards dealt to each player.
        decks: how many physical decks the cards come from (standard decks,
            or 1 for Up or Down?'s own deck).
        numbers: Up or Down?'s numbered card range (``range(1, 55)`` for 2
            players), ``None`` for the other games.
        deck: the deck as counted lines, e.g. ``("A 2 3 4 5 6: 8 of each (48)", "K: 8")``.
        discard_start: what starts the discard pile (for Up or Down?, the ring
            and the two piles).
        start_label: what the guide calls ``discard_start`` (``"Discard
            pile"``, Up or Down?'s ``"In the middle"``).
        shuffle: the shuffle tip for this game.
        first_player: who starts.
        steps: what the dealer reads aloud, numbered in order ("1. ...").
        presets: the names of the fields above whose values are the app's
            presets (rulings.md) rather than the seed's.
        notes: plain sentences saying where the presets come from.
        source: the seed and section the plan follows.
    """

    game: str
    title: str
    players: int
    deck_size: int
    hand_size: int
    decks: int
    numbers: range | None
    deck: tuple[str, ...]
    discard_start: str
    start_label: str
    shuffle: str
    first_player: str
    steps: list[str]
    presets: tuple[str, ...]
    notes: tuple[str, ...]
    source: str


def _game_key(game: str) -> str:
    """A game id read with case and surrounding spaces ignored; ``SetupError`` if unknown."""
    key = game.strip().lower() if isinstance(game, str) else None
    if key not in GAMES:
        raise SetupError(_("unknown game {game}: choose one of {ids}").format(game=repr(game), ids=", ".join(GAME_IDS)))
    return key


def _variants_on(setup: GameSetup, options: Mapping[str, Any] | None) -> list[Variant]:
    """The game's deck variants whose option is on in ``options`` (``None``: none)."""
    if options is None:
        return []
    if not isinstance(options, Mapping):
        raise SetupError(_("a game's options are given as name -> value, not {value}").format(value=repr(options)))
    return [variant for variant in setup.variants if options.get(variant.option)]


def _deal(key: str, players: int) -> Deal:
    """The deal of game ``key`` for ``players``; ``SetupError`` naming the range if none."""
    setup = GAMES[key]
    deal = next(
        (d for d in setup.deals if not isinstance(players, bool) and players in d.players), None
    )
    if deal is None or not isinstance(players, int):
        supported = setup.players
        raise SetupError(_("{game} is for {least}-{most} players, not {value}").format(
            game=setup.title, least=supported.start, most=supported.stop - 1, value=repr(players)))
    return deal


def plan(game: str, players: int, options: Mapping[str, Any] | None = None) -> SetupPlan:
    """The setup guide for ``game`` with ``players`` players.

    Args:
        game: a game id: ``one_up``, ``one_card``, ``up_to_nine`` or
            ``up_or_down`` (case and surrounding spaces do not matter).
        players: the number of players.
        options: the game's options by the pads' names; an option that
            changes the deck (One Up's ``"joker"``) adds its cards when true,
            every other name is left to the pads.  ``None`` is no options.

    Returns:
        A ``SetupPlan`` built from :data:`GAMES`, e.g. One Up with 4 players:
        56 cards from 2 decks, 6 each; 57 with the wild joker.

    Raises:
        SetupError: for an unknown game (the message lists the ids), a
            player count the game does not support (the message names the
            range, 2-6 for all four games), or options that are not a mapping.

    Rule: the Setup sections of seeds 000, 002, 003 and 004, and seed 000,
    "Variants" (the wild joker goes in); rulings.md for the presets listed
    in the plan.

    >>> guide = plan("one_up", 4)
    >>> guide.deck_size, guide.hand_size, guide.deck
    (56, 6, ('A 2 3 4 5 6: 8 of each (48)', 'K: 8'))
    >>> plan("one_up", 4, {"joker": True, "limit": 30}).deck_size
    57
    """
    key = _game_key(game)
    setup = GAMES[key]
    deal = _deal(key, players)
    variants = _variants_on(setup, options)
    lines = deal.lines + tuple(line for variant in variants for line in variant.lines)
    take = variants[-1].take if variants else deal.take
    deck_size = sum(line.count for line in lines)
    dealt = deal.hand_size * players
    rest = deck_size - dealt - setup.laid_out
    values = {
        "players": players,
        "decks": deal.decks,
        "deck_size": deck_size,
        "deck_lines": "; ".join(str(line) for line in lines),
        "laid_out": setup.laid_out,
        "hand_size": deal.hand_size,
        "dealt": dealt,
        "rest": rest,
        "pile_a": rest - rest // 2,
        "pile_b": rest // 2,
        "next_number": deck_size + 1,
        "last_number": up_or_down.HIGHEST_CARD,
        "buried": ", ".join(_BURIED),
        "leading": join_words(_LEADING, "or"),
    }
    texts = (take, *setup.steps)
    steps = [f"{n}. {_(text).format(**values)}" for n, text in enumerate(texts, start=1)]
    return SetupPlan(
        game=key,
        title=setup.title,
        players=players,
        deck_size=deck_size,
        hand_size=deal.hand_size,
        decks=deal.decks,
        numbers=deal.numbers,
        deck=tuple(str(line) for line in lines),
        discard_start=_(setup.discard_start).format(**values),
        start_label=_(setup.start_label),
        shuffle=_(setup.shuffle),
        first_player=_(setup.first_player),
        steps=steps,
        presets=setup.presets + deal.presets,
        notes=tuple(_(note).format(**values) for note in setup.notes + deal.notes),
        source=setup.source,
    )


def copies_in_deck(game: str, players: int, card: Card, options: Mapping[str, Any] | None = None) -> int:
    """How many copies of a card the game's deck holds for a player count.

    Args:
        game: a standard-deck game id (``one_up``, ``one_card``, ``up_to_nine``).
        players: the number of players (it fixes how many decks are used).
        card: a ``Card``; with no suit it stands for its rank in any suit.
        options: the game's options, as in :func:`plan` (One Up's joker).

    Returns:
        The copies: one per deck for a suited card, four per deck for a rank
        alone, the jokers each deck or option puts in, 0 for a card the game
        leaves out.

    Raises:
        SetupError: for an unknown game, a player count it does not
            support, or Up or Down? (its cards are numbers, each once).

    Rule: the Setup sections of seeds 000, 002 and 003; rulings.md (decks
    by player count).

    >>> copies_in_deck("up_to_nine", 5, Card(5, "H")), copies_in_deck("one_up", 3, Card(13))
    (3, 8)
    >>> copies_in_deck("one_up", 3, Card(None, None, "plain"), {"joker": True})
    1
    """
    key = _game_key(game)
    setup = GAMES[key]
    deal = _deal(key, players)
    if not setup.ranks:
        raise SetupError(_("{game}'s cards are numbers, each in the deck once: there are no copies to count").format(
            game=setup.title))
    if card.is_joker:
        added = sum(variant.jokers.count(card.joker) for variant in _variants_on(setup, options))
        return deal.decks * setup.jokers.count(card.joker) + added
    if card.rank not in setup.ranks:
        return 0
    return deal.decks * (1 if card.suit else len(SUITS))


def check_copies(
    game: str, players: int, cards: CardsLike, options: Mapping[str, Any] | None = None,
) -> Verdict:
    """Could the game's deck hold these cards all at once (a hand, or a table)?

    Args:
        game: a standard-deck game id (see :func:`copies_in_deck`).
        players: the number of players (it fixes how many decks are used).
        cards: the cards, as a list or one string; a rank alone counts
            against all four suits of that rank.
        options: the game's options, as in :func:`plan`.

    Returns:
        A legal ``Verdict``, or one whose reason names the first card held
        more often than the deck has it, the count held and the count the
        deck holds.

    Raises:
        CardError: for a card that can not be read.
        SetupError: as :func:`copies_in_deck`.

    Rule: the Setup sections of seeds 000, 002 and 003; rulings.md (decks
    by player count).

    >>> check_copies("one_card", 3, "5♥ 5♥ 9♠").reason
    '5♥: 2 held, but the 1 deck for 3 players has only 1.'
    >>> check_copies("up_to_nine", 3, "5♥ 5♥ 9♠").legal
    True
    """
    key = _game_key(game)
    held = as_cards(cards)
    exact = Counter(held)
    by_rank = Counter(card.rank for card in held if not card.is_joker)
    counted = list(exact.items())
    counted += [(Card(rank), count) for rank, count in by_rank.items() if Card(rank) not in exact]
    decks = _deal(key, players).decks
    for card, count in counted:
        allowed = copies_in_deck(key, players, card, options)
        if count > allowed:
            if allowed == 0:
                return Verdict.no(_("There is no {card} in {game}'s deck for {players} players.").format(
                    card=card, game=GAMES[key].title, players=players))
            what = str(card) if card.suit or card.is_joker else _("{card} in all suits").format(card=card)
            return Verdict.no(ngettext(
                "{what}: {count} held, but the {decks} deck for {players} players has only {allowed}.",
                "{what}: {count} held, but the {decks} decks for {players} players have only {allowed}.",
                decks,
            ).format(what=what, count=count, decks=decks, players=players, allowed=allowed))
    return Verdict.ok()


def plans_by_deck(game: str) -> list[tuple[list[int], SetupPlan]]:
    """The game's plans for every player count, grouped where the deck is the same.

    Args:
        game: a game id (see :func:`plan`).

    Returns:
        ``(player counts, the plan of the first of them)`` pairs, in player
        order; counts share a group when the number of decks and the cards
        in play are equal.

    Raises:
        SetupError: for an unknown game.

    Rule: as :func:`plan`.

    >>> [(counts, p.deck_size) for counts, p in plans_by_deck("up_to_nine")]
    [([2, 3, 4], 104), ([5, 6], 156)]
    """
    key = _game_key(game)
    groups: list[tuple[list[int], SetupPlan]] = []
    for players in GAMES[key].players:
        current = plan(key, players)
        if groups and (groups[-1][1].decks, groups[-1][1].deck_size) == (current.decks, current.deck_size):
            groups[-1][0].append(players)
        else:
            groups.append(([players], current))
    return groups
