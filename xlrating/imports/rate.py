"""Rate a whole event read from a tournament file: US Chess (all five steps) or FIDE.

:func:`rate_event` takes an :class:`~xlrating.imports.ImportedEvent` (what
:func:`xlrating.imports.read_tournament` reads from a TRF or a crosstable page) and rates
every player:

* ``"uscf"``: :func:`xlrating.rating.events.uscf_event`, Steps 1-5 of the US Chess Rating System,
  the bonus multiplier by the rules date (or as given); the Regular rating of a page that
  also shows Quick ratings is rated as dual-rated (reduced K above 2200).  An established
  rating's game count is not on a crosstable: N' is then N* (as
  :func:`~xlrating.rating.events.uscf_event` reads a count of None).  Unrated players start at
  the adult initial rating (no age on a crosstable).
* ``"fide"``: :func:`xlrating.rating.events.fide_period`, the event as one rating period of the
  standard list (or rapid, blitz): rated players by 8.3 (K from 8.3.3), newcomers' first
  ratings by 8.2.  A TRF gives neither how many games a rating rests on nor a K: K is
  that of a player with at least 30 rated games (8.3.3's 2400 and junior rules apply by
  rating and by the birth year the TRF gives), which :data:`FIDE_K_NOTE` says in the
  output.

Where the file shows the published post-event ratings (US Chess crosstables do), each row
carries the published figure and the difference, and :class:`RatedEvent` counts how many
agree exactly, within one point, or differ by more.

Core module: no I/O; the rules date is given by the caller (the command picks it from
``--date``, the file, or today, and says which).
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass, replace
from typing import Final, Literal

from ..errors import InvalidInputError
from ..rating import events, fide, uscf
from ..rating._check import check_date, show
from ..rating.tournament import Event
from . import ImportedEvent

__all__ = [
    "API_DECIMAL_TOLERANCE",
    "EXPLAIN_WORK",
    "FIDE_K_NOTE",
    "SYSTEMS",
    "RatedEvent",
    "RatedPlayer",
    "System",
    "rate_event",
]

#: Rating systems a file can be rated by.
System = Literal["uscf", "fide"]
SYSTEMS: Final[tuple[System, ...]] = ("uscf", "fide")

#: How close a post-event rating must be to the US Chess Ratings API's
#: ``postRatingDecimal`` to count as the published figure: the API rounds ratings to two
#: decimals, so both the pre-event ratings it gives and the figure compared carry up to
#: half a hundredth of rounding (docs/rules/uscf.md#api).
API_DECIMAL_TOLERANCE: Final = 0.01 + 1e-9

#: The work spent explaining the players not reproduced (re-rating the event with a prior
#: record of all wins or all losses), counted in players rated: an engineering bound, so
#: that a section of a thousand players is explained in seconds (30 re-ratings); beyond
#: it the note names the input only.
EXPLAIN_WORK: Final = 30_000

# The prior records tried (the rating with "mixed" is the one shown).
_RECORDS: Final[tuple[uscf.History, ...]] = ("mixed", "all wins", "all losses")

#: What the FIDE rating of a file assumes (a TRF gives no game counts and no K).
FIDE_K_NOTE: Final = (
    "FIDE, {rating_list} list: a TRF gives no rated-game counts, so K is that of a player "
    "with 30 or more rated games (8.3.3's 2400 and junior rules by rating and birth year)"
)


@dataclass(frozen=True, slots=True)
class RatedPlayer:
    """One player's rating for the event."""

    #: The player's name as the file gives it.
    name: str
    #: Pre-event rating; None for an unrated player.
    pre: float | None
    #: Post-event rating as published (US Chess rounded; FIDE the rating on the next list),
    #: None while (still) unrated.
    post: float | None
    #: post - pre (None while either is unknown).
    change: float | None
    #: Games the post-event rating rests on, when known (US Chess, N + m).
    games_after: int | None
    #: Rated games in this event, and the points scored in them.
    rated_games: int
    score: float
    #: The post-event rating the file publishes (None: unrated there); see *has_published*.
    published: float | None = None
    #: True when the file shows a post-event rating for this player.
    has_published: bool = False
    #: How the published figure compares: "exact", "within 1", "worse", or "" if none.
    agreement: str = ""
    #: A short note: provisional, first rating, why no rating...
    note: str = ""
    #: US Chess member ID (API files), "" where the file gives none.
    member_id: str = ""
    #: The rating system rated: "R", "Q", "B"... ("" for FIDE).
    rating_system: str = ""
    #: The post-event rating unrounded (US Chess), None while unrated or for FIDE.
    post_decimal: float | None = None
    #: True when the published figure is unrounded (API files) and is compared with
    #: *post_decimal*, else with *post*.
    decimal: bool = False

    @property
    def difference(self) -> float | None:
        """post - published (post_decimal - published for an unrounded figure), when both
        are numbers."""
        post = self.post_decimal if self.decimal else self.post
        if not self.has_published or post is None or self.published is None:
            return None
        return post - self.published


@dataclass(frozen=True, slots=True)
class RatedEvent:
    """Every player of one event, rated."""

    #: The event's name ("" when the file gives none) and section ("" if none).
    name: str
    section: str
    #: "uscf" or "fide".
    system: System
    #: The date that picked the rules, and where it came from.
    date: _dt.date
    date_source: str
    #: One row per player, in the file's order.
    rows: tuple[RatedPlayer, ...]
    #: Games in the file and how many of them are rated (played, two players).
    games: int
    rated_games: int
    #: What the reading and rating assumed or skipped, one line each.
    notes: tuple[str, ...]
    #: The rating system rated ("R", "Q"...; "" for FIDE or when the file does not say).
    rating_system: str = ""
    #: True when ratings are shown with two decimals (the published figures are, API).
    decimals: bool = False
    #: A line to print first (what was assumed for the whole event), or "".
    heading: str = ""

    @property
    def compared(self) -> int:
        """Players with a published post-event rating."""
        return sum(row.has_published for row in self.rows)

    def count(self, agreement: str) -> int:
        """How many rows agree with the published figure so ("exact", "within 1", "worse")."""
        return sum(row.agreement == agreement for row in self.rows)


def _agreement(post: float | None, published: float | None, tolerance: float = 0.0) -> str:
    if post is None or published is None:
        return "exact" if post is None and published is None else "worse"
    gap = abs(post - published)
    return "exact" if gap <= tolerance else "within 1" if gap <= 1 else "worse"


def _published(
    imported: ImportedEvent, name: str, post: float | None, tolerance: float = 0.0
) -> tuple[float | None, bool, str]:
    shown = imported.published.get(name)
    if shown is None:
        return None, False, ""
    return shown[0], True, _agreement(post, shown[0], tolerance)


def _event_floors(imported: ImportedEvent) -> Event:
    """The event with each player's floor raised to the low-rating floor this event
    alone gives (docs/rules/uscf.md#floors: 100 + 4 per rated win + 2 per rated draw + 1
    for an event of at least 3 rated games, at most 150; the rating after the event
    counts the event, docs/rules/uscf.md#api-floor).  Wins, draws and events before the
    event are not in a file, so for a rated player this is a lower bound of the floor."""
    event = imported.event
    played = events.played_games(event.games, [player.name for player in event.players])
    players = []
    for player in event.players:
        results = played[player.name].results
        own = uscf.event_low_floor(results)
        players.append(replace(player, floor=max(player.floor, own)) if results else player)
    return replace(event, players=tuple(players))


def _uscf_rows(
    imported: ImportedEvent, day: _dt.date, multiplier: float | None
) -> tuple[list[RatedPlayer], list[str]]:
    event = _event_floors(imported)
    result = events.uscf_event(
        event, event_date=day, dual_rated=imported.dual_rated, multiplier=multiplier
    )
    if multiplier is None:
        notes = [f"US Chess bonus multiplier B = {result.multiplier:g} for an event ending {day}"]
    else:
        dated = uscf.uscf_rules(day).bonus_multiplier
        rule = (
            f"the rule for an event ending {day} is B = {dated:g}"
            if dated is not None
            else f"no B is known for an event ending {day}"
        )
        notes = [f"US Chess bonus multiplier B = {result.multiplier:g} as given ({rule})"]
    if imported.dual_rated:
        notes.append("dual-rated: the Regular rating is rated with the dual-rated K")
    api = imported.source_format == "api"
    tolerance = API_DECIMAL_TOLERANCE if api else 0.0
    explain = _Explainer(imported, event, day, result.multiplier) if api else None
    rows = []
    for row in result.rows:
        post = None if row.rounded is None else float(row.rounded)
        pre = row.pre_event
        note = ""
        if (
            row.games_after is not None
            and post is not None
            and not uscf.is_established(row.games_after)
        ):
            note = f"provisional (P{row.games_after})"
        if pre is None and post is not None and row.event_games:
            note = f"first rating (P{row.games_after})"
        if row.event_games == 0:
            note = "no rated games"
        compared = row.post_event if api else post
        published, shown, agreement = _published(imported, row.name, compared, tolerance)
        why = imported.uncertain.get(row.name, "")  # said whether or not it matches
        if explain is not None and shown and agreement != "exact":
            why = explain.why(row.name, compared, published)
        if why:
            note = f"{note}; {why}" if note else why
        rows.append(
            RatedPlayer(
                name=row.name,
                pre=pre,
                post=post,
                change=(row.change if api else None if pre is None or post is None else post - pre),
                games_after=row.games_after,
                rated_games=row.event_games,
                score=row.score,
                published=published,
                has_published=shown,
                agreement=agreement,
                note=note,
                member_id=imported.member_ids.get(row.name, ""),
                rating_system=imported.rating_system,
                post_decimal=row.post_event,
                decimal=api,
            )
        )
    return rows, notes


class _Explainer:
    """Why a US Chess API player's number differs from the published one: the inputs the
    file does not publish (docs/rules/uscf.md#api), the player's own or the opponents''."""

    def __init__(
        self, imported: ImportedEvent, event: Event, day: _dt.date, multiplier: float
    ) -> None:
        self.imported, self.event, self.day, self.multiplier = imported, event, day, multiplier
        self.players = {player.name: player for player in event.players}
        played = events.played_games(event.games, list(self.players))
        self.opponents = {name: set(games.opponents) for name, games in played.items()}
        self.games = {name: len(games.opponents) for name, games in played.items()}
        self.tried: dict[str, dict[uscf.History, float | None]] = {}
        self.budget = EXPLAIN_WORK // max(len(self.players), 1)

    def _rerated(self, name: str, history: uscf.History) -> float | None:
        result = events.uscf_event(
            self.event,
            event_date=self.day,
            dual_rated=self.imported.dual_rated,
            multiplier=self.multiplier,
            histories={name: history},
        )
        return result.row(name).post_event

    def _special(self, name: str) -> bool:
        """True when the player is rated by the special formula on prior games, whose
        adjustment depends on the prior record the file does not show."""
        player, games = self.players[name], self.players[name].games
        return (
            player.rating is not None
            and games is not None
            and 0 < games <= uscf.SPECIAL_MAX_GAMES
            and bool(self.games[name])
        )

    def _records(self, name: str) -> dict[uscf.History, float | None] | None:
        """The player's post-event rating with each prior record where it depends on it
        ({} where it does not; None when the budget of re-ratings is spent)."""
        if name not in self.tried:
            if not self._special(name):
                self.tried[name] = {}
            elif self.budget < len(_RECORDS):
                return None
            else:
                self.budget -= len(_RECORDS)
                values = {history: self._rerated(name, history) for history in _RECORDS}
                mixed = values["mixed"]
                depends = {h: v for h, v in values.items() if v != mixed}
                self.tried[name] = {**depends, "mixed": mixed} if depends else {}
        return self.tried[name]

    def _own(self, name: str, published: float | None) -> str:
        """The player's own unpublished input, or ""."""
        if name in self.imported.uncertain:
            return self.imported.uncertain[name]
        player = self.players[name]
        records = self._records(name)
        special = (
            f"rated on {player.games} prior games by the special formula, which depends on "
            "the player's prior record (not in the file; mixed assumed)"
        )
        if records is None:
            return special
        if records:
            for history, value in records.items():
                if (
                    history != "mixed"
                    and value is not None
                    and published is not None
                    and _agreement(value, published, API_DECIMAL_TOLERANCE) == "exact"
                ):
                    return (
                        f"reproduced with a prior record of {history} ({value:.2f}): the file "
                        "does not show the player's record before the event (mixed assumed)"
                    )
            return (
                f"{special}: all wins gives "
                f"{_decimal(records.get('all wins', records['mixed']))}, all losses "
                f"{_decimal(records.get('all losses', records['mixed']))}"
            )
        m = self.games[name]
        if player.rating is not None and player.games is None and m:
            star = uscf.effective_games(player.rating, None)
            least = max(uscf.ESTABLISHED_AFTER + 1 - m, 0)
            if star > least:
                return (
                    f"established, game count not in the file: N' = N* = {star:.2f} taken; "
                    f"the player's N may be as low as {least}"
                )
        return ""

    @staticmethod
    def _floor(post: float | None, published: float | None) -> str:
        if post is None or published is None or published <= post:
            return ""
        kind = uscf.floor_kind(published)
        if kind == "low":
            return (
                "at the low-rating floor: it counts the wins, draws and events before this "
                "one, which the file does not show"
            )
        if kind == "peak":
            return (
                f"at a rating floor of {published:g} (from a peak rating, a title or a "
                "prize), which the file does not show"
            )
        return ""

    def _uncertain(self, name: str) -> str:
        """Why *name*'s own input is not published, in a few words, or ""."""
        reason = self.imported.uncertain.get(name, "")
        if reason:
            return (
                "pre-event rating rounded"
                if "preRatingDecimal" in reason
                else "start not published"
            )
        return "prior record not published" if self._special(name) else ""

    def why(self, name: str, post: float | None, published: float | None) -> str:
        """One line: why *name*'s post-event rating differs from the published one."""
        floor = self._floor(post, published)
        own = self._own(name, published)
        if floor or own.startswith("reproduced"):
            return floor or own
        found: list[str] = []
        seen = {name}
        ring = set(self.opponents[name])
        for hop in ("an opponent", "an opponent's opponent", "a third-hand opponent"):
            for other in sorted(ring - seen):
                reason = self._uncertain(other)
                if reason:
                    found.append(f"{other} ({reason}, {hop})")
            seen |= ring
            ring = {x for y in ring for x in self.opponents[y]} - seen
        parts = [own] if own else []
        if found:
            parts.append("depends on " + "; ".join(found[:3]) + ("; ..." if len(found) > 3 else ""))
        return "; ".join(parts) or "not explained by the inputs the file does not publish"


def _decimal(value: float | None) -> str:
    return "unrated" if value is None else f"{value:.2f}"


def _fide_rows(
    imported: ImportedEvent, day: _dt.date, rating_list: fide.RatingList
) -> tuple[list[RatedPlayer], list[str]]:
    people = [
        events.FidePlayer(
            player.name,
            player.rating,
            birth_year=imported.birth_years.get(player.name),
        )
        for player in imported.event.players
    ]
    result = events.fide_period(
        people, imported.event.games, rating_list=rating_list, period_date=day
    )
    rows = []
    for row in result.rows:
        post = None if row.new_rating is None else float(row.new_rating)
        pre = None if row.rating is None else float(row.rating)
        note = row.first_rating_reason
        if pre is None and post is not None:
            games = f"{row.games} game{'s' if row.games != 1 else ''}"
            note = f"first rating ({games} against rated opponents)"
        elif pre is not None and row.k is not None and row.games:
            note = f"K {row.k:g}" + (f"; {note}" if note else "")
        published, shown, agreement = _published(imported, row.name, post)
        rows.append(
            RatedPlayer(
                name=row.name,
                pre=pre,
                post=post,
                change=None if pre is None or post is None else post - pre,
                games_after=None,
                rated_games=row.games,
                score=row.score,
                published=published,
                has_published=shown,
                agreement=agreement,
                note=note,
            )
        )
    return rows, [FIDE_K_NOTE.format(rating_list=rating_list)]


def rate_event(
    imported: ImportedEvent,
    system: System,
    day: _dt.date,
    date_source: str,
    *,
    rating_list: fide.RatingList = "standard",
    multiplier: float | None = None,
) -> RatedEvent:
    """Rate every player of *imported* by *system* with the rules in force on *day*.

    :param imported: an event read by :func:`xlrating.imports.read_tournament`.
    :param system: ``"uscf"`` (all five steps) or ``"fide"`` (one rating period).
    :param day: the date that picks the rules (US Chess: the event's end date).
    :param date_source: where *day* came from, repeated in the result for the output.
    :param rating_list: FIDE only: ``"standard"``, ``"rapid"`` or ``"blitz"``.
    :param multiplier: US Chess only: the bonus multiplier B to use instead of the one
        *day* picks (which is needed for a day before the first dated B, 2017-05-01).
    :raises InvalidInputError: on a bad argument, or what the event rating raises (one
        line naming the player).

    Two established players, counts unknown (N' = N*: 20.05 for 1702, 21.46 for 1766).
    Step 4: Alice K = 800 / 21.05 = 38.0 wins against 1766 (We 0.409): 1724.5; Bob
    K = 35.6 loses against 1702 (We 0.591): 1745.0.  Step 5 against those: Alice We 0.437,
    1702 + 38.0 x 0.563 = 1723.4; Bob We 0.559, 1766 - 35.6 x 0.559 = 1746.1.

    >>> from xlrating.imports import read_tournament
    >>> table = "\\n".join([
    ...     " Pair | Player Name                     |Total|Round|",
    ...     " Num  | USCF ID / Rtg (Pre->Post)       | Pts |  1  |",
    ...     "    1 | ALICE EXAMPLE                   |1.0  |W   2|",
    ...     "   ON | 12345678 / R: 1702   ->1723     |     |B    |",
    ...     "    2 | BOB SAMPLE                      |0.0  |L   1|",
    ...     "   MI | 23456789 / R: 1766   ->1747     |     |W    |",
    ... ])
    >>> import datetime
    >>> (imported,) = read_tournament(table)
    >>> rated = rate_event(imported, "uscf", datetime.date(2025, 6, 1), "--date")
    >>> [(r.name, r.pre, r.post, r.published, r.agreement) for r in rated.rows]
    [('ALICE EXAMPLE', 1702.0, 1723.0, 1723.0, 'exact'),
     ('BOB SAMPLE', 1766.0, 1746.0, 1747.0, 'within 1')]
    """
    if not isinstance(imported, ImportedEvent):
        raise InvalidInputError(f"imported must be an ImportedEvent, got {show(imported)}")
    if system not in SYSTEMS:
        raise InvalidInputError(f"system must be uscf or fide, got {show(system)}")
    checked = check_date(day, "date")
    if system != "uscf" and multiplier is not None:
        raise InvalidInputError(
            f"multiplier is used only by the uscf system, got {show(multiplier)} for {system}"
        )
    if system == "uscf":
        rows, notes = _uscf_rows(imported, checked, multiplier)
    else:
        rows, notes = _fide_rows(imported, checked, rating_list)
    games = imported.event.games
    return RatedEvent(
        name=imported.event.name,
        section=imported.section,
        system=system,
        date=checked,
        date_source=date_source,
        rows=tuple(rows),
        games=len(games),
        rated_games=sum(game.rated for game in games),
        notes=(*imported.notes, *notes),
        rating_system=imported.rating_system if system == "uscf" else "",
        decimals=imported.source_format == "api",
        heading=imported.heading,
    )
