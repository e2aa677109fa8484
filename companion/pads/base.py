"""The machinery every score pad shares.

A pad is the model behind one game's score screen.  It holds what the table
entered, nothing more:

players
    the names in seating order (as many as the game's row of
    setup row allows, unique, trimmed, not blank).
first dealer
    the seat that deals round 1; round ``n`` is dealt by seat
    ``(first_dealer + n - 1) % players``.
options
    the game's house rules (JSON values only), e.g. One Up's ``limit``.
rounds
    the raw entries, one JSON dict per round: the cards as text, the flags.

Every score, running total, level, winner and the end of the game is derived
by replaying the rounds through the rules core (``companion.games``), so an
edit or a delete of any past round recomputes everything after it.  A change
that the rules reject raises :class:`PadError` and leaves the pad exactly as
it was.

Every round has a stable id and a revision, and every change (add, edit,
delete, option, finish, end early, reopen, undo) is a record in the game's
change log (companion.pads.changelog) with its time and who made it; undo
works from that log, so it survives a reload and works from any phone.  A
change made against a round or a round count that has moved on since
raises ``companion.errors.ConflictError``.

The saved form is the game document of companion.document, plain JSON with a
``schema`` version (:meth:`Pad.to_doc` / :meth:`Pad.from_doc`); storing it is
the store's job.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from companion.document import SCHEMA, DocGame, migrate_doc, validate_doc
from companion.errors import StoreError
from companion.games.setup_rows import GameSetup
from companion.games.spec import HouseOption
from companion.i18n import N_, _, ngettext
from companion.pads.table import (
    PadError,
    Place,
    Row,
    check_count,
    check_players,
    copy_json,
    join_names,
    now_iso,
    points_text,
)
from companion.pads.hooks import GameHooks
from companion.pads.versions import VersionedPad, entry_fields, entry_of

_OTHER_GAME = N_("This saved game is {game}, not {expected}")

__all__ = [
    "Pad", "PadError", "Place", "Row", "check_count", "check_players", "join_names", "now_iso", "points_text",
]

class Pad(GameHooks, VersionedPad):
    """A score pad: the players, their rounds, everything derived, and the change log.

    Subclasses set ``GAME`` (the game id), ``SETUP`` (the game's setup row,
    whose player range becomes ``MIN_PLAYERS`` / ``MAX_PLAYERS`` and whose
    ``title`` names the game in messages), ``OPTIONS`` (its house rules,
    which give ``DEFAULTS`` and check each value), where its saved rounds
    changed shape ``ROUND_UPGRADES``, and implement the hooks
    of :class:`companion.pads.hooks.GameHooks` (``_entry``, ``_start``, ``_play``, ``_over``,
    ``_rule_winners``, ``_rank_key``, ``_standing_text``, ``_totals``), plus
    ``add_round`` / ``edit_round`` / ``preview_round`` with the game's own
    entry fields.

    Round ids and revisions, conflicts, ``by`` and the change log: see
    :class:`companion.pads.versions.VersionedPad`. ``lesson`` is the step of
    the first lesson the table is on (``{"step": 2}``, see
    ``companion.table.lesson``), None outside a lesson; it is saved with the
    game and is no change of its scores (no change record).

    Args:
        players: names in seating order (see :func:`check_players`).
        first_dealer: index into ``players`` of round 1's dealer.
        options: house rules; missing keys take ``DEFAULTS``.
        game_id: the document id (hex uuid4); a new one when ``None``.
        created: ISO 8601 UTC creation time; now when ``None``.

    Raises:
        PadError: bad names, player count, dealer index or option.
    """

    GAME: ClassVar[str] = ""
    SETUP: ClassVar[GameSetup]
    OPTIONS: ClassVar[tuple[HouseOption, ...]] = ()
    MIN_PLAYERS: ClassVar[int]
    MAX_PLAYERS: ClassVar[int]
    DEFAULTS: ClassVar[dict[str, Any]] = {}
    ROUND_UPGRADES: ClassVar[Mapping[int, Callable[[dict[str, Any]], dict[str, Any]]]] = {}
    """Schema version -> how one of the game's saved round entries gains the
    fields of the next schema (only where its entries change; Up to 9's
    ``went_out``): :meth:`from_doc` hands them to ``companion.document``."""
    HAND_BY_HAND: ClassVar[bool] = False
    """True when each player can enter their own part of a round on their own
    phone (:meth:`hand_part` and :meth:`join_hands` say what a part is)."""
    LEVEL_DONE: ClassVar[int | None] = None
    """The level a row's ``level`` gives a player who has laid down the game's
    last level (Up to 9's ``FINISHED``); None for games without levels."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Give a game's pad its player range from ``SETUP.players`` (``MIN_PLAYERS``,
        ``MAX_PLAYERS``), the one place the range lives, and ``DEFAULTS`` from ``OPTIONS``."""
        super().__init_subclass__(**kwargs)
        if cls.GAME:
            counts = cls.SETUP.players
            cls.MIN_PLAYERS, cls.MAX_PLAYERS = counts.start, counts.stop - 1
            cls.DEFAULTS = {option.name: option.default for option in cls.OPTIONS}

    def __init__(
        self,
        players: Sequence[str],
        *,
        first_dealer: int = 0,
        options: Mapping[str, Any] | None = None,
        game_id: str | None = None,
        created: str | None = None,
    ) -> None:
        self.players: tuple[str, ...] = check_players(
            players, self.MIN_PLAYERS, self.MAX_PLAYERS, self._title()
        )
        if isinstance(first_dealer, bool) or not isinstance(first_dealer, int) or not (
            0 <= first_dealer < len(self.players)
        ):
            raise PadError(_("The first dealer must be a seat from 0 to {last}, not {value}").format(
                last=len(self.players) - 1, value=repr(first_dealer)))
        self.first_dealer: int = first_dealer
        self.id: str = game_id or uuid.uuid4().hex
        self.created: str = created or now_iso()
        self.updated: str = self.created
        self._options = self._check_options(options or {})
        self._rounds: list[dict[str, Any]] = []
        self._finished = False
        self._ended_early = False
        self._seq = 0
        self._log: list[dict[str, Any]] = []
        self.by: str | None = None
        self.hands_by: dict[str, str | None] | None = None
        self.add_at: int | None = None
        self.lesson: dict[str, Any] | None = None
        self._set_replay(self._replay(self._rounds, self._options))

    @classmethod
    def _title(cls) -> str:
        """The game's name as shown ("One Up"): ``SETUP.title``."""
        return cls.SETUP.title

    # ----- reading --------------------------------------------------------

    @property
    def options(self) -> dict[str, Any]:
        """The house rules in force (a copy; change them with :meth:`set_option`)."""
        return copy_json(self._options)

    @property
    def rounds(self) -> list[dict[str, Any]]:
        """The raw round entries, oldest first (copies; JSON only; no id or rev).

        Each entry's keys are the keyword arguments of the pad's
        ``add_round``, so ``pad.edit_round(n, **pad.rounds[n - 1])`` works.
        """
        return [entry_of(saved) for saved in self._rounds]

    @property
    def rows(self) -> list[Row]:
        """The score table, one :class:`Row` per round, oldest first.

        A replay keeps only the state after each round; the rows are built
        from those states (:meth:`_row_of` of each round, from the states before
        and after it) the first time they are asked for, and kept until the
        next change.
        """
        rows = self._shown_rows
        if rows is None:
            options, states = self._options, self._states
            rows = [self._row_of(before, after, saved, number, options)
                    for number, (before, after, saved) in enumerate(zip(states, states[1:], self._rounds), 1)]
            self._shown_rows = rows
        return list(rows)

    def penalty_totals(self) -> tuple[dict[str, int], int]:
        """Each player's penalty points summed over the rounds that give
        penalties, and how many such rounds there are: ``(player -> points,
        rounds)``, from the rows' ``penalty`` (a round whose ``penalty`` is
        empty, as in games without penalties, is not counted). A game may
        work them out from its states without building the rows."""
        rounds = [row.penalty for row in self.rows if row.penalty]
        return {player: sum(penalty[player] for penalty in rounds) for player in self.players}, len(rounds)

    @property
    def totals(self) -> dict[str, int]:
        """Player -> current running total, in seating order."""
        return self._totals(self._state)

    @property
    def next_round(self) -> int:
        """The number of the round to be entered next."""
        return len(self._rounds) + 1

    def dealer(self, number: int) -> str:
        """The name of the dealer of round ``number`` (1, 2, ...): the deal moves one seat each round."""
        return self._dealer_of(check_count(number, _("A round number"), least=1))

    def _dealer_of(self, number: int) -> str:
        """:meth:`dealer` of a round number known to be a whole number from 1 (a replay's own count)."""
        return self.players[(self.first_dealer + number - 1) % len(self.players)]

    def left_of(self, player: str) -> str:
        """The player seated after ``player`` (play goes round in seating order).

        Raises:
            PadError: ``player`` is not in this game.
        """
        return self.players[(self.players.index(self._player(player)) + 1) % len(self.players)]

    def dealt_row(self, number: int, **fields: Any) -> Row:
        """The score-table ``Row`` of round ``number`` where the player on the
        dealer's left starts (One-card, Up to 9, Up or Down?: their setup rows);
        ``fields`` are the Row's other attributes (points, totals, ...)."""
        dealer = self.dealer(number)
        return Row(number=number, dealer=dealer, starter=self.left_of(dealer), **fields)

    @property
    def next_dealer(self) -> str:
        """Who deals the next round."""
        return self.dealer(self.next_round)

    @property
    def next_starter(self) -> str | None:
        """Who starts the next round (here: the player after the dealer)."""
        return self.left_of(self.next_dealer)

    @property
    def standings(self) -> list[Place]:
        """Every player, best first, with tied players sharing a place."""
        order = sorted(self.players, key=lambda p: self._rank_key(self._state, p))
        totals = self.totals
        places: list[Place] = []
        for index, player in enumerate(order):
            tied = places and self._rank_key(self._state, places[-1].player) == self._rank_key(self._state, player)
            place = places[-1].place if tied else index + 1
            places.append(Place(place, player, totals[player], self._standing_text(self._state, player)))
        return places

    @property
    def leaders(self) -> list[str]:
        """The players in first place now, in seating order: those whose rank
        (``_rank_key``) is the best, as :attr:`standings` places them, without
        putting each standing in words."""
        state, rank = self._state, self._rank_key
        ranks = [rank(state, player) for player in self.players]
        best = min(ranks)
        return [player for player, key in zip(self.players, ranks) if key == best]

    @property
    def is_over(self) -> bool:
        """True when the rules say the game has ended (the table may still play on)."""
        return bool(self._rounds) and self._over(self._state, self._options)

    @property
    def finished(self) -> bool:
        """True once the end was accepted (:meth:`finish`) or the game ended early."""
        return self._finished

    @property
    def ended_early(self) -> bool:
        """True when the table stopped before the rules ended the game."""
        return self._ended_early

    @property
    def winners(self) -> list[str]:
        """Who wins: the leaders if the game ended early, the rules' winners
        once it is over, else ``[]``. Ties share the win."""
        if self._ended_early:
            return self.leaders
        if self.is_over:
            return self._rule_winners(self._state)
        return []

    def summary(self) -> str:
        """The state of the game in one sentence for the screen.

        "Ann wins with 12 points", "Ann and Ben share the win with 12
        points", "Ann leads with 3 points" while playing, "No rounds yet".
        A game ended early says so first.
        """
        winners = self.winners
        if winners:
            text = self._standing_text(self._state, winners[0])
            if len(winners) == 1:
                sentence = _("{name} wins with {standing}").format(name=winners[0], standing=text)
            else:
                sentence = _("{names} share the win with {standing}").format(names=join_names(winners), standing=text)
            return _("Ended early: {summary}").format(summary=sentence) if self._ended_early else sentence
        if not self._rounds:
            return _("No rounds yet")
        leaders = self.leaders
        return ngettext("{names} leads with {standing}", "{names} lead with {standing}", len(leaders)).format(
            names=join_names(leaders), standing=self._standing_text(self._state, leaders[0]))

    # ----- changing -------------------------------------------------------

    def set_option(self, name: str, value: Any) -> None:
        """Change one house rule; every round is recomputed.

        Raises:
            PadError: an unknown option, a bad value, or rounds the rules can
                not score under the new value (the pad stays unchanged).
        """
        options = dict(self._options)
        options[name] = self._check_option(name, value)
        self._commit(
            "option", options=options, option=name,
            value_change=(self._options[name], options[name]), reopen=True,
        )

    def finish(self) -> None:
        """Accept the end the rules reached: the game is finished with :attr:`winners`.

        Raises:
            PadError: if the game is not over yet (use :meth:`end_early`), or
                is finished already (one finish, undone by one undo).
        """
        self._expect_unfinished()
        if not self.is_over:
            raise PadError(_("The game is not over yet: {summary}. Play on, or end it early").format(
                summary=self.summary()))
        self._commit("finish", flags=(True, False))

    def end_early(self) -> None:
        """Stop the game now: finished, with the current leaders as winners.

        Raises:
            PadError: if no round has been entered, or the game is finished
                already.
        """
        self._expect_unfinished()
        if not self._rounds:
            raise PadError(_("Enter at least one round before ending the game"))
        self._commit("end_early", flags=(True, True))

    def _expect_unfinished(self) -> None:
        """Refuse to end a game that is finished already (PadError): its end
        is in the log once, so one undo takes it back into play."""
        if self._finished:
            raise PadError(_("This game is finished already: reopen it to play on"))

    # ----- saved document -------------------------------------------------

    def to_doc(self) -> dict[str, Any]:
        """The game as its saved document (companion.document; plain JSON)."""
        return {
            "schema": SCHEMA,
            "id": self.id,
            "game": self.GAME,
            "players": list(self.players),
            "first_dealer": self.first_dealer,
            "options": copy_json(self._options),
            "rounds": copy_json(self._rounds),
            "seq": self._seq,
            "log": copy_json(self._log),
            "created": self.created,
            "updated": self.updated,
            "finished": self._finished,
            "ended_early": self._ended_early,
            "winners": self.winners if self._finished else [],
            **({"lesson": dict(self.lesson)} if self.lesson is not None else {}),
        }

    @classmethod
    def from_doc(cls, doc: Mapping[str, Any]) -> "Pad":
        """Rebuild a pad from its saved document; every total is replayed.

        Args:
            doc: a dict in the shape of :meth:`to_doc`, of this or an older
                schema (migrated by ``companion.document.migrate_doc``;
                ``winners`` is not read: it is derived again).

        Raises:
            PadError: another game's document, a newer schema, wrong types,
                rounds the rules can not score, or a damaged entry or change
                record ("Round 3: the saved entry is damaged").
        """
        if not isinstance(doc, Mapping):
            raise PadError(_("A saved game must be a JSON object"))
        if doc.get("game") != cls.GAME:
            raise PadError(_(_OTHER_GAME).format(game=repr(doc.get("game")), expected=repr(cls.GAME)))
        rounds = doc.get("rounds", [])
        if not isinstance(rounds, list) or not all(isinstance(r, dict) for r in rounds):
            raise PadError(_("A saved game's rounds must be a list of JSON objects"))
        for key in ("finished", "ended_early"):
            if not isinstance(doc.get(key, False), bool):
                raise PadError(_("A saved game's {key} must be true or false").format(key=key))
        try:
            games = {cls.GAME: DocGame(cls.SETUP.players, cls.ROUND_UPGRADES)}
            doc = migrate_doc(dict(doc), games)
            validate_doc(doc, games)
        except StoreError as exc:
            raise PadError(str(exc)) from exc
        return cls.from_loaded_doc({**doc, "rounds": copy_json(doc["rounds"]), "log": copy_json(doc["log"])})

    @classmethod
    def from_loaded_doc(cls, doc: dict[str, Any], *, log_records: bool = False) -> "Pad":
        """:meth:`from_doc` for a document ``companion.document.load_doc``
        returned (migrated to the current schema, outer shape checked), which
        is not checked again; every round and change record is, as by
        :meth:`from_doc`: rounds already in the form a new entry is stored
        in are read and scored as they are (``_stored_states``), the others
        checked as new entries, which word a refusal. ``log_records`` True: the document was loaded with
        ``load_doc(..., log_records=False)``, and each change record's outer
        fields are checked here, in the one walk of the log that checks the
        rest of it (``companion.document.check_log_record``; StoreError).

        The document is handed over: the pad keeps the rounds and change
        records that its checks leave as they are, not copies of them
        (:meth:`from_doc` hands it copies), so the caller must not change
        the document's rounds or change log afterwards.

        Raises:
            PadError: another game's document, rounds the rules can not
                score, or a damaged entry or change record.
            StoreError: with ``log_records``, a change record whose outer
                fields are wrong.
        """
        if doc["game"] != cls.GAME:
            raise PadError(_(_OTHER_GAME).format(game=repr(doc["game"]), expected=repr(cls.GAME)))
        pad = cls(
            doc["players"],
            first_dealer=doc["first_dealer"],
            options=doc["options"],
            game_id=doc["id"],
            created=doc["created"],
        )
        states = pad._stored_states(doc["rounds"], pad._options)
        if states is None:
            saved_entries = [entry_fields(saved) for saved in doc["rounds"]]
            entries = pad._checked_entries(saved_entries, N_("Round {number}: the saved entry"))
            states = pad._replay(entries, pad._options)
            pad._rounds = [{"id": saved["id"], "rev": saved["rev"], **entry}
                           for saved, entry in zip(doc["rounds"], entries)]
        else:
            pad._rounds = list(doc["rounds"])
        pad._set_replay(states)
        pad._seq = doc["seq"]
        pad._log = pad._checked_log(doc["log"], doc if log_records else None)
        pad._finished = doc["finished"]
        pad._ended_early = doc["ended_early"] and pad._finished
        pad.updated = doc["updated"]
        pad.lesson = doc.get("lesson")
        return pad
