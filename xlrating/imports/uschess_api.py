"""US Chess Ratings API JSON: a section's standings and details, read into events.

Since US Chess moved its ratings to MUIR (October 2025), a rated section is published by
the US Chess Ratings API (``https://ratings-api.uschess.org``, OpenAPI document
``/swagger/v1/swagger.json``) rather than as an MSA crosstable page.  This module reads
what that API returns, one JSON document per file (:func:`read_api`):

* ``GetRatedEventStandingsPage`` (``/api/v1/rated-events/{eventId}/sections/{n}/standings``):
  a ``StandingsDtoPage`` (``items``, ``offset``, ``pageSize``, ``hasNextPage``) of
  ``StandingsDto`` rows: ``pairingNumber``, ``memberId``, ``firstName``, ``lastName``,
  ``score``, ``roundOutcomes`` (``StandingsRoundDto``: ``roundNumber``, ``outcome`` of
  the enum ``PlayerOutcome``, ``color``, ``opponentPairingNumber``) and ``ratings``
  (``RatingRecordDto``: ``preRating``, ``preRatingDecimal``, ``postRating``,
  ``postRatingDecimal``, ``ratingSystem`` of the enum ``RatingSource``,
  ``postProvisionalGameCount``).  A bare list of ``StandingsDto`` is read too.  Several
  pages (files) are joined; a page that says ``hasNextPage`` while the next one is
  missing is refused, naming the offset to fetch.
* ``GetRatedEventSectionDetail`` (``SectionDetailDto``: ``name``, ``number``,
  ``startDate``, ``endDate``, ``timeControl``, ``ratingSystem``; ``D`` = dual-rated,
  Regular and Quick) and ``GetRatedEvent`` (``RatedEventDetailDto``: ``name``,
  ``endDate``, ``sections``): recognised by their keys, they give the event's name, its
  date and whether the section is dual-rated.

One :class:`~xlrating.imports.records.ImportedEvent` is made per rating system the
section shows (R, Q, B and the online OR, OQ, OB; the order R, Q, B, OR, OQ, OB), with
the published post-event ratings (``postRatingDecimal``) to compare with.

How the API's fields become the rating's inputs (docs/rules/uscf.md#api):

* ``Win``, ``Loss``, ``Draw`` are rated games (both players' rows must agree);
  ``Forfeit``, ``WinForfeit``, ``DrawForfeit``, ``WinAsym``, ``LossAsym``, ``DrawAsym``,
  ``NotReported`` and ``ReportNoResult`` are not rated games (one row per player, with
  the points the outcome gives: 1, 0.5 or 0); ``ByeFull``, ``ByeHalf`` and ``Unpaired``
  are byes worth 1, 0.5 and 0.
* The pre-event rating is ``preRatingDecimal`` (``preRating`` when the decimal is
  absent).  The prior game count N is ``postProvisionalGameCount`` minus the player's
  rated games m when the count is shown (a provisional rating after the event), else
  unknown (an established rating: N' = N*, docs/rules/uscf.md#d7).
* A player without a pre-event rating in a system is unrated in it.  When US Chess shows
  ``postProvisionalGameCount`` - m = 0 the start was the age rule (or a rating the user
  gives with ``starts``); when it is larger, US Chess initialized the rating from the
  player's other ratings by its blended initialization, whose formula is not published
  (docs/rules/uscf.md#api-start): the player is started, for the opponents' sake, from
  the pre-event rating in the section's other system with that count, and
  :attr:`ImportedEvent.uncertain` says why the own number cannot be reproduced.
* A member with two pairing numbers (a re-entry) is one player whose games are merged.

Missing keys are absent fields, never errors (a player without ``ratings`` is unrated,
an outcome without ``outcome`` is an unplayed round, with a note).  What contradicts
itself or is not a US Chess API document is refused in one line naming the file and the
place (``standings.json: items[3].ratings[0].preRatingDecimal must be a number from 0 to
4000, got 'x'``).
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from ..errors import InvalidInputError
from ..rating import uscf
from ..rating._check import show
from ..rating.tournament import BYE, GameKind, Player, name_key, name_problem
from .api_documents import (
    Documents,
    Record,
    Row,
    check_pages,
    classify,
    date_field,
    is_api_json,
    load,
    text_field,
    whole,
)
from .list_entries import USCHESS_SYSTEMS
from .records import Colour, Entry, ImportedEvent, assemble

__all__ = [
    "API_RATING_SYSTEMS",
    "MAX_API_CHARS",
    "MAX_API_FILES",
    "SYSTEM_NAMES",
    "Start",
    "is_api_json",
    "read_api",
]

#: Most files one section is read from (an engineering bound: a 10,000-player section is
#: 100 pages of the API's 100 rows).
MAX_API_FILES: Final = 200

#: Most characters all the files of one section hold (an engineering bound: about 15,000
#: players at the 2 KB a standings row of five rounds takes).
MAX_API_CHARS: Final = 32 * 1024 * 1024

#: The rating systems a section is rated in, in the order they are listed (the enum
#: ``RatingSource`` of the OpenAPI document: R, Q, B over the board, OR, OQ, OB online),
#: the systems a member list holds.
API_RATING_SYSTEMS: Final[tuple[str, ...]] = USCHESS_SYSTEMS

#: Names of the rating systems, for messages.
SYSTEM_NAMES: Final = {
    "R": "Regular", "Q": "Quick", "B": "Blitz",
    "OR": "Online Regular", "OQ": "Online Quick", "OB": "Online Blitz",
}  # fmt: skip

# SectionRatingSystem "D": a dual-rated section, rated in OTB Regular and OTB Quick
# (docs/rules/uscf.md#systems).
_DUAL: Final = "D"

_DUAL_SYSTEMS: Final[tuple[str, ...]] = ("R", "Q")

# PlayerOutcome values of a rated game, as the TRF codes records.assemble pairs them.
_GAME_CODES: Final = {"Win": "1", "Loss": "0", "Draw": "="}

# PlayerOutcome values that are not rated games: the points the player scores and the
# kind of row (docs/rules/uscf.md#api).  Forfeits and the asymmetric results are one row
# per player, so that each side keeps the points the standings give it.
_UNRATED_OUTCOMES: Final[dict[str, tuple[float, GameKind]]] = {
    "Forfeit": (0.0, "forfeit"),
    "WinForfeit": (1.0, "forfeit"),
    "DrawForfeit": (0.5, "forfeit"),
    "WinAsym": (1.0, "forfeit"),
    "LossAsym": (0.0, "forfeit"),
    "DrawAsym": (0.5, "forfeit"),
    "NotReported": (0.0, "forfeit"),
    "ReportNoResult": (0.0, "forfeit"),
    "ByeFull": (1.0, "bye"),
    "ByeHalf": (0.5, "bye"),
    "Unpaired": (0.0, "bye"),
}

# ChessColor values.
_COLOURS: Final[dict[str, Colour | None]] = {"White": "w", "Black": "b", "Unknown": None}

# Points of a rated game's code, to check the standings' score.
_POINTS: Final = {"1": 1.0, "0": 0.0, "=": 0.5}

# Scores are halves: a difference below this is no difference.
_SCORE_TOLERANCE: Final = 1e-9


@dataclass(frozen=True, slots=True)
class Start:
    """A start the user gives for a player unrated in a system: a rating or an age."""

    rating: float | None = None
    age: float | None = None


def _name(row: Row) -> str:
    name = " ".join(part for part in (row.first, row.last) if part)
    if name:
        return name
    return f"Member {row.member}" if row.member else f"Pair {row.pair}"


def _players(docs: Documents) -> tuple[dict[int, Row], dict[int, int], dict[int, str]]:
    """The rows by pair number, the pair each pair number is merged into (re-entries: the
    lowest pair number of the member), and each kept pair's name (unique)."""
    by_pair: dict[int, Row] = {}
    next_pair = max((row.pair for row in docs.rows), default=0) + 1
    for row in docs.rows:
        if row.pair == 0:
            row.pair, next_pair = next_pair, next_pair + 1
            docs.notes.append(f"{row.where}: no pairingNumber or ordinal: numbered {row.pair}")
        if row.pair in by_pair:
            raise InvalidInputError(
                f"{row.where}: pairing number {row.pair} is also {by_pair[row.pair].where} "
                "(a page given twice?)"
            )
        by_pair[row.pair] = row
    merged: dict[int, int] = {}
    first_of: dict[str, int] = {}
    for pair in sorted(by_pair):
        member = by_pair[pair].member
        if member and member in first_of:
            merged[pair] = first_of[member]
            docs.notes.append(
                f"pairs {first_of[member]} and {pair} are one member ({member}): a re-entry, "
                "rated as one player with the games of both"
            )
        else:
            merged[pair] = pair
            if member:
                first_of[member] = pair
    names: dict[int, str] = {}
    keys: dict[str, int] = {}
    for pair in sorted(by_pair):
        if merged[pair] != pair:
            continue
        row = by_pair[pair]
        name = _name(row)
        problem = name_problem(name)
        if problem is not None:
            raise InvalidInputError(f"{row.where}: the player's name holds {problem[1]}")
        key = name_key(name)
        if key in keys or key == name_key(BYE):
            name = f"{name} ({row.member or f'pair {pair}'})"
            key = name_key(name)
        keys[key] = pair
        names[pair] = name
    return by_pair, merged, names


def _entries(
    by_pair: dict[int, Row], merged: dict[int, int], notes: list[str]
) -> tuple[dict[tuple[int, int], Entry], dict[int, int]]:
    """Every merged player's view of every round, checked so that records.assemble pairs
    them; and each merged player's count of rated games."""
    views: dict[tuple[int, int], tuple[Entry, str]] = {}
    games: dict[int, int] = dict.fromkeys(set(merged.values()), 0)
    for pair, row in sorted(by_pair.items()):
        me = merged[pair]
        for spot, rnd, outcome in row.rounds:
            what = text_field(outcome.get("outcome"), f"{spot}.outcome")
            colour_text = text_field(outcome.get("color"), f"{spot}.color") or "Unknown"
            if colour_text not in _COLOURS:
                raise InvalidInputError(
                    f"{spot}.color must be White, Black or Unknown, got {show(colour_text)}"
                )
            opponent = whole(outcome.get("opponentPairingNumber"), f"{spot}.opponentPairingNumber")
            raw = f"{what} {opponent or ''}".strip()
            if not what:
                notes.append(f"{spot}: no outcome: read as an unplayed round (0 points)")
                entry = Entry(0, raw, None, None, points=0.0, kind="bye")
            elif what in _GAME_CODES:
                if not opponent or opponent not in by_pair:
                    shown = "no opponent" if not opponent else f"opponent pair {opponent}"
                    raise InvalidInputError(
                        f"{spot}: a {what} against {shown}, who is not in the standings given"
                    )
                if merged[opponent] == me:
                    raise InvalidInputError(f"{spot}: pair {pair} is paired with himself")
                entry = Entry(0, raw, merged[opponent], _COLOURS[colour_text], _GAME_CODES[what])
            elif what in _UNRATED_OUTCOMES:
                points, kind = _UNRATED_OUTCOMES[what]
                entry = Entry(0, raw, None, None, points=points, kind=kind)
            else:
                known = ", ".join([*_GAME_CODES, *_UNRATED_OUTCOMES])
                raise InvalidInputError(f"{spot}.outcome must be one of {known}, got {show(what)}")
            key = (rnd, me)
            if key in views:
                before, where = views[key]
                if entry.opponent is not None and before.opponent is not None:
                    raise InvalidInputError(
                        f"{spot}: round {rnd} is also played in {where} (same member)"
                    )
                if entry.opponent is None and (before.opponent is not None or before.points):
                    continue  # a re-entry's unpaired round beside the round it played
            views[key] = (entry, spot)
    entries = {key: entry for key, (entry, _) in views.items()}
    partner = {"1": "0", "0": "1", "=": "="}
    for (rnd, me), (entry, spot) in views.items():
        if entry.opponent is None:
            continue
        other = views.get((rnd, entry.opponent))
        if other is None or other[0].opponent != me or other[0].code != partner[entry.code]:
            shown = "nothing" if other is None else repr(other[0].raw)
            raise InvalidInputError(
                f"{spot}: round {rnd}: pair {me} shows {entry.raw!r} but pair "
                f"{entry.opponent} shows {shown} (" + (other[1] if other else "no row") + ")"
            )
        if entry.colour is not None and entry.colour == other[0].colour:
            raise InvalidInputError(
                f"{spot}: round {rnd}: pairs {me} and {entry.opponent} both show the same colour"
            )
        games[me] += 1
    return entries, games


def _systems(docs: Documents, rating: str | None) -> tuple[list[str], bool, list[str]]:
    """The rating systems to rate (in order), whether the section is dual-rated, and the
    systems shown that are not rated (notes)."""
    shown = {system for row in docs.rows for system in row.records}
    section_system = ""
    if docs.section is not None:
        section_system = text_field(
            docs.section.get("ratingSystem"), f"{docs.section_label}: ratingSystem"
        )
    dual = section_system == _DUAL or {"R", "Q"} <= shown
    wanted = [s for s in API_RATING_SYSTEMS if s in shown or (dual and s in _DUAL_SYSTEMS)]
    if not wanted and section_system in API_RATING_SYSTEMS:
        wanted = [section_system]
    others = sorted(shown - set(API_RATING_SYSTEMS))
    if not wanted:  # no rating shown at all: every player unrated
        choice = (rating or "R").strip().upper()
        if choice not in API_RATING_SYSTEMS:
            raise InvalidInputError(
                f"rating {rating!r}: a US Chess rating is one of {', '.join(API_RATING_SYSTEMS)}"
            )
        docs.notes.append(
            f"the standings show no rating: every player unrated, rated as {SYSTEM_NAMES[choice]}"
        )
        return [choice], dual, others
    if rating is not None:
        choice = rating.strip().upper()
        if choice not in wanted:
            listed = ", ".join(wanted)
            raise InvalidInputError(f"rating {rating!r}: the section is rated in {listed}")
        wanted = [choice]
    return wanted, dual, others


def _event_name_and_date(docs: Documents) -> tuple[str, _dt.date | None, str]:
    parts, when, source = [], None, ""
    if docs.event is not None:
        label = docs.event_label
        name = text_field(docs.event.get("name"), f"{label}: name")
        if name:
            parts.append(name)
        day = date_field(docs.event.get("endDate"), f"{label}: endDate")
        if day is not None:
            when, source = day, f"{label}: endDate"
    if docs.section is not None:
        label = docs.section_label
        name = text_field(docs.section.get("name"), f"{label}: name")
        if name:
            parts.append(name)
        day = date_field(docs.section.get("endDate"), f"{label}: endDate")
        if day is not None:
            when, source = day, f"{label}: endDate"
    name = " - ".join(parts)
    problem = name_problem(name)
    if problem is not None:
        raise InvalidInputError(f"the event's name holds {problem[1]}")
    return name, when, source


def _other_start(row: Row, system: str) -> tuple[str, Record] | None:
    """The pre-event rating the player has in the section's other systems, OTB Regular
    first (the system a Quick or Blitz rating is most often initialized from)."""
    for other in API_RATING_SYSTEMS:
        record = row.records.get(other)
        if other != system and record is not None and record.pre is not None:
            return other, record
    return None


def _player(
    row: Row,
    system: str,
    name: str,
    played: int,
    starts: Mapping[str, Start],
    uncertain: dict[str, str],
    defaults: list[str],
) -> Player:
    record = row.records.get(system)
    count = None if record is None else record.count
    prior = None if count is None else count - played
    if prior is not None and prior < 0:
        raise InvalidInputError(
            f"{row.where}: postProvisionalGameCount {count} ({system}) is less than the "
            f"{played} rated games the standings show"
        )
    if record is not None and record.pre is not None:
        if record.pre_rounded:
            uncertain.setdefault(
                name, "preRatingDecimal not shown: the whole-number preRating used"
            )
        return Player(name, record.pre, prior)
    given = starts.get(row.member) or starts.get(name)
    if given is not None:
        if given.rating is not None:
            uncertain[name] = f"unrated: started at {given.rating:g} as given (--start)"
            return Player(name, given.rating, prior or 0)
        uncertain[name] = f"unrated: started by age {given.age:g} as given (--start)"
        return Player(name, None, 0, age=given.age)
    if prior:
        other = _other_start(row, system)
        blended = (
            f"unrated in {SYSTEM_NAMES[system]}: US Chess started it from the player's other "
            f"ratings (based on {prior} games, the count it shows) by its blended initialization, "
            "whose formula is not published (docs/rules/uscf.md#api-start)"
        )
        if other is not None:
            source, source_record = other
            assert source_record.pre is not None
            uncertain[name] = (
                f"{blended}; taken as the {SYSTEM_NAMES[source]} pre-event rating "
                f"{source_record.pre:g}, an assumption"
            )
            return Player(name, source_record.pre, prior)
        uncertain[name] = f"{blended}; no other rating in the file: started as unrated"
        return Player(name, None, 0)
    if played:
        defaults.append(row.member or name)
        uncertain[name] = (
            "unrated: US Chess started the player by age, which the standings do not show "
            "(give --start MEMBER=age:N or MEMBER=RATING)"
        )
    return Player(name, None, 0)


def _check_scores(
    by_pair: dict[int, Row],
    merged: dict[int, int],
    entries: dict[tuple[int, int], Entry],
    notes: list[str],
) -> None:
    """A note for each player whose outcomes do not add up to the score shown."""
    score_of: dict[int, float] = {}
    for pair, row in by_pair.items():
        if row.score is not None:
            score_of[merged[pair]] = score_of.get(merged[pair], 0.0) + row.score
    for me, shown in sorted(score_of.items()):
        total = sum(
            entry.points if entry.opponent is None else _POINTS[entry.code]
            for (_, who), entry in entries.items()
            if who == me
        )
        if abs(total - shown) > _SCORE_TOLERANCE:
            notes.append(
                f"pair {me}: the outcomes give {total:g} points, the standings show {shown:g}"
            )


def _documents(files: Sequence[tuple[str, str]]) -> Documents:
    """Every file's document, classified and checked: pages that join, players in them."""
    if not files:
        raise InvalidInputError("no file given")
    if len(files) > MAX_API_FILES:
        raise InvalidInputError(f"{len(files)} files (limit {MAX_API_FILES}) for one section")
    total = sum(len(text) for _, text in files)
    if total > MAX_API_CHARS:
        raise InvalidInputError(
            f"the files hold {total:,} characters (limit {MAX_API_CHARS:,} for one section)"
        )
    docs = Documents()
    for label, text in files:
        classify(label, load(label, text), docs)
    if not docs.pages:
        raise InvalidInputError(
            "no standings page given (the section's details alone hold no games): give the "
            "file of GetRatedEventStandingsPage"
        )
    check_pages(docs)
    if not docs.rows:
        raise InvalidInputError("the standings hold no players")
    return docs


def read_api(
    files: Sequence[tuple[str, str]],
    *,
    rating: str | None = None,
    starts: Mapping[str, Start] | None = None,
) -> tuple[ImportedEvent, ...]:
    r"""Read a section from US Chess Ratings API files: one event per rating system.

    :param files: (label, text) of each file: standings pages (joined), and optionally a
        section's and an event's details, in any order.
    :param rating: rate only this system ("R", "Q", "B", "OR", "OQ", "OB").
    :param starts: starts for unrated players, by member ID or name.
    :raises InvalidInputError: one line naming the file and the place.

    >>> page = '''{"items": [
    ...   {"pairingNumber": 1, "memberId": "1", "firstName": "Ann", "lastName": "Lee",
    ...    "roundOutcomes": [{"roundNumber": 1, "outcome": "Win", "color": "White",
    ...                       "opponentPairingNumber": 2}],
    ...    "ratings": [{"preRatingDecimal": 1500.5, "postRatingDecimal": 1516.49,
    ...                 "ratingSystem": "R"}]},
    ...   {"pairingNumber": 2, "memberId": "2", "firstName": "Bo", "lastName": "Kim",
    ...    "roundOutcomes": [{"roundNumber": 1, "outcome": "Loss", "color": "Black",
    ...                       "opponentPairingNumber": 1}],
    ...    "ratings": [{"preRatingDecimal": 1480, "postRatingDecimal": 1464.01,
    ...                 "ratingSystem": "R"}]}], "hasNextPage": false}'''
    >>> (event,) = read_api([("page.json", page)])
    >>> [(p.name, p.rating, p.games) for p in event.event.players]
    [('Ann Lee', 1500.5, None), ('Bo Kim', 1480.0, None)]
    >>> event.published["Ann Lee"], event.rating_system, event.member_ids["Bo Kim"]
    ((1516.49, None), 'R', '2')
    """
    docs = _documents(files)
    by_pair, merged, names = _players(docs)
    entries, played = _entries(by_pair, merged, docs.notes)
    systems, dual, others = _systems(docs, rating)
    if others:
        docs.notes.append(f"ratings of {', '.join(others)} shown: not US Chess systems, not rated")
    name, when, date_source = _event_name_and_date(docs)
    starts = starts or {}
    known = {row.member for row in by_pair.values()} | set(names.values())
    for key in starts:
        if key not in known:
            raise InvalidInputError(f"--start {key}: no player with that member ID or name")
    _check_scores(by_pair, merged, entries, docs.notes)
    events = []
    for system in systems:
        players: dict[int, Player] = {}
        published: dict[str, tuple[float | None, int | None]] = {}
        uncertain: dict[str, str] = {}
        defaults: list[str] = []
        members: dict[str, str] = {}
        for pair in sorted(names):
            row = by_pair[pair]
            player = _player(row, system, names[pair], played[pair], starts, uncertain, defaults)
            players[pair] = player
            members[player.name] = row.member
            record = row.records.get(system)
            if record is not None and record.post is not None:
                published[player.name] = (record.post, record.count)
        notes = list(docs.notes)
        heading = ""
        if defaults:
            count = len(defaults)
            heading = (
                f"{count} player{'s' if count != 1 else ''} unrated in "
                f"{SYSTEM_NAMES[system]} start{'s' if count == 1 else ''} at "
                f"{uscf.AGE_RATING_ADULT:g}, US Chess's initial rating for an adult (the "
                "standings give no age): give "
                "--start MEMBER=age:N or --start MEMBER=RATING"
            )
        if len(systems) > 1 or dual:
            listed = " and ".join(SYSTEM_NAMES[s] for s in systems)
            notes.append(f"section rated in {listed}; this is the {SYSTEM_NAMES[system]} rating")
        event = assemble(players, entries, date=when, name=name)
        events.append(
            ImportedEvent(
                event=event,
                source_format="api",
                date_source=date_source,
                notes=tuple(notes),
                section=text_field(docs.section.get("name"), "name") if docs.section else "",
                published=published,
                rating_system=system,
                dual_rated=dual and system == "R",
                member_ids=members,
                uncertain=uncertain,
                heading=heading,
            )
        )
    return tuple(events)
