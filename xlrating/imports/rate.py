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
from dataclasses import dataclass
from typing import Final, Literal

from ..errors import InvalidInputError
from ..rating import events, fide, uscf
from ..rating._check import check_date, show
from . import ImportedEvent

__all__ = ["FIDE_K_NOTE", "SYSTEMS", "RatedEvent", "RatedPlayer", "System", "rate_event"]

#: Rating systems a file can be rated by.
System = Literal["uscf", "fide"]
SYSTEMS: Final[tuple[System, ...]] = ("uscf", "fide")

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

    @property
    def difference(self) -> float | None:
        """post - published, when both are numbers."""
        if not self.has_published or self.post is None or self.published is None:
            return None
        return self.post - self.published


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

    @property
    def compared(self) -> int:
        """Players with a published post-event rating."""
        return sum(row.has_published for row in self.rows)

    def count(self, agreement: str) -> int:
        """How many rows agree with the published figure so ("exact", "within 1", "worse")."""
        return sum(row.agreement == agreement for row in self.rows)


def _agreement(post: float | None, published: float | None) -> str:
    if post is None or published is None:
        return "exact" if post is None and published is None else "worse"
    gap = abs(post - published)
    return "exact" if gap == 0 else "within 1" if gap <= 1 else "worse"


def _published(
    imported: ImportedEvent, name: str, post: float | None
) -> tuple[float | None, bool, str]:
    shown = imported.published.get(name)
    if shown is None:
        return None, False, ""
    return shown[0], True, _agreement(post, shown[0])


def _uscf_rows(
    imported: ImportedEvent, day: _dt.date, multiplier: float | None
) -> tuple[list[RatedPlayer], list[str]]:
    result = events.uscf_event(
        imported.event, event_date=day, dual_rated=imported.dual_rated, multiplier=multiplier
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
        published, shown, agreement = _published(imported, row.name, post)
        rows.append(
            RatedPlayer(
                name=row.name,
                pre=pre,
                post=post,
                change=None if pre is None or post is None else post - pre,
                games_after=row.games_after,
                rated_games=row.event_games,
                score=row.score,
                published=published,
                has_published=shown,
                agreement=agreement,
                note=note,
            )
        )
    return rows, notes


def _fide_rows(
    imported: ImportedEvent, day: _dt.date, rating_list: fide.RatingList
) -> tuple[list[RatedPlayer], list[str]]:
    people = [
        events.FidePlayer(
            player.name,
            player.rating,
            birth_year=imported.birth_years.get(player.name),
            reached_2400=player.rating is not None and player.rating >= 2400,
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
    )
