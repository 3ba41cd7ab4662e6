"""The documents of the US Chess Ratings API, as JSON: which each file is (a standings
page, a section's or an event's details, :func:`classify`), the fields read from a
standings row (:class:`Row`), checked one by one so that a bad value is refused in one
line naming the file and the place (``items[3].ratings[0].preRatingDecimal``), and the
pages joined (:func:`check_pages`).  :mod:`xlrating.imports.uschess_api` makes the events.
"""

from __future__ import annotations

import datetime as _dt
import json
import math
from dataclasses import dataclass, field
from typing import Any, Final

from ..errors import InvalidInputError
from ..rating._check import MAX_RATING, show
from ..rating.uscf import ABSOLUTE_FLOOR as LOWEST

# Keys that mark each kind of document.
_STANDINGS_KEYS: Final = frozenset({"roundOutcomes", "ratings", "pairingNumber"})
_SECTION_KEYS: Final = frozenset({"roundCount", "timeControl", "participantCoding", "isBlitz"})
_EVENT_KEYS: Final = frozenset({"sections", "sectionCount", "affiliate"})


# Largest pairing number or round number read (an engineering bound).
MAX_NUMBER: Final = 1_000_000


@dataclass(slots=True)
class Record:
    """One RatingRecordDto."""

    pre: float | None
    pre_rounded: bool  # preRating only (no decimal)
    post: float | None
    count: int | None


@dataclass(slots=True)
class Row:
    """One StandingsDto, as read."""

    where: str
    pair: int
    member: str
    first: str
    last: str
    score: float | None
    records: dict[str, Record]
    rounds: list[tuple[str, int, dict[str, Any]]]  # (where, round, outcome dict)


@dataclass(slots=True)
class Documents:
    rows: list[Row] = field(default_factory=list)
    pages: list[tuple[str, int | None, int | None, bool]] = field(default_factory=list)
    section: dict[str, Any] | None = None
    section_label: str = ""
    event: dict[str, Any] | None = None
    event_label: str = ""
    notes: list[str] = field(default_factory=list)


def is_api_json(text: str) -> bool:
    """True when *text* looks like JSON (its first non-blank character opens an object or
    an array): the US Chess Ratings API's documents are the only JSON files read.

    >>> is_api_json('  {"items": []}'), is_api_json("012 Club")
    (True, False)
    """
    stripped = text.removeprefix("\ufeff").lstrip()
    return stripped[:1] in ("{", "[")


def reject_constant(name: str) -> float:
    """``json.loads``' *parse_constant*: NaN, Infinity and -Infinity are not JSON."""
    raise ValueError(f"{name} is not a JSON number")


def load(label: str, text: str) -> object:
    """The JSON value of one file, or one line saying why it is not JSON."""
    try:
        return json.loads(text.removeprefix("\ufeff"), parse_constant=reject_constant)
    except json.JSONDecodeError as error:
        raise InvalidInputError(
            f"{label}: not valid JSON: {error.msg} (line {error.lineno}, column {error.colno})"
        ) from None
    except RecursionError:
        raise InvalidInputError(f"{label}: JSON nested too deeply to be an API response") from None
    except ValueError as error:  # NaN/Infinity, or an integer of thousands of digits
        raise InvalidInputError(f"{label}: not valid JSON: {error}") from None


def text_field(value: object, where: str) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        raise InvalidInputError(f"{where} must be text, got {show(value)}")
    return value.strip()


def whole(value: object, where: str, least: int = 0) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise InvalidInputError(f"{where} must be a whole number, got {show(value)}")
    finite = not isinstance(value, float) or math.isfinite(value)
    if not finite or value != int(value) or not least <= value <= MAX_NUMBER:
        raise InvalidInputError(
            f"{where} must be a whole number from {least} to {MAX_NUMBER:,}, got {show(value)}"
        )
    return int(value)


def _number(value: object, where: str, top: float = MAX_RATING, least: float = 0.0) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise InvalidInputError(f"{where} must be a number, got {show(value)}")
    if (isinstance(value, float) and not math.isfinite(value)) or not least <= value <= top:
        raise InvalidInputError(
            f"{where} must be a number from {least:g} to {top:g}, got {show(value)}"
        )
    return float(value)


def _object(value: object, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise InvalidInputError(f"{where} must be an object, got {show(value)}")
    return value


def _list(value: object, where: str) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise InvalidInputError(f"{where} must be a list, got {show(value)}")
    return value


def date_field(value: object, where: str) -> _dt.date | None:
    text = text_field(value, where)
    if not text:
        return None
    try:
        return _dt.date.fromisoformat(text[:10])
    except ValueError:
        raise InvalidInputError(
            f"{where} must be a date such as 2026-05-29, got {show(value)}"
        ) from None


def _record(value: object, where: str) -> tuple[str, Record]:
    data = _object(value, where)
    system = text_field(data.get("ratingSystem", data.get("ratingSource")), f"{where}.ratingSystem")
    decimal = _number(data.get("preRatingDecimal"), f"{where}.preRatingDecimal", least=LOWEST)
    rounded = _number(data.get("preRating"), f"{where}.preRating", least=LOWEST)
    post = _number(data.get("postRatingDecimal"), f"{where}.postRatingDecimal")
    if post is None:
        post = _number(data.get("postRating"), f"{where}.postRating")
    count = whole(data.get("postProvisionalGameCount"), f"{where}.postProvisionalGameCount")
    pre = decimal if decimal is not None else rounded
    return system, Record(pre, decimal is None and rounded is not None, post, count)


def _row(value: object, where: str) -> Row | None:
    data = _object(value, where)
    pair = whole(data.get("pairingNumber"), f"{where}.pairingNumber", 1)
    if pair is None:
        pair = whole(data.get("ordinal"), f"{where}.ordinal", 1)
    records: dict[str, Record] = {}
    for index, item in enumerate(_list(data.get("ratings"), f"{where}.ratings")):
        system, record = _record(item, f"{where}.ratings[{index}]")
        if system:
            records.setdefault(system, record)
    rounds = []
    for index, item in enumerate(_list(data.get("roundOutcomes"), f"{where}.roundOutcomes")):
        spot = f"{where}.roundOutcomes[{index}]"
        outcome = _object(item, spot)
        number = whole(outcome.get("roundNumber"), f"{spot}.roundNumber", 1)
        if number is None:
            number = whole(outcome.get("playerRoundNumber"), f"{spot}.playerRoundNumber", 1)
        if number is None:
            number = index + 1
        rounds.append((spot, number, outcome))
    return Row(
        where=where,
        pair=0 if pair is None else pair,
        member=text_field(data.get("memberId"), f"{where}.memberId"),
        first=text_field(data.get("firstName"), f"{where}.firstName"),
        last=text_field(data.get("lastName"), f"{where}.lastName"),
        score=_number(data.get("score"), f"{where}.score", MAX_NUMBER),
        records=records,
        rounds=rounds,
    )


def classify(label: str, value: object, docs: Documents) -> None:
    """Add one file's document to *docs*: a standings page (or list), section or event."""
    page: tuple[str, int | None, int | None, bool]
    if isinstance(value, list):
        items, page = value, (label, None, None, False)
    elif isinstance(value, dict):
        keys = set(value)
        if "items" in keys:
            items = _list(value["items"], f"{label}: items")
            if items and not any(isinstance(i, dict) and _STANDINGS_KEYS & set(i) for i in items):
                raise InvalidInputError(
                    f"{label}: a page of items that are not standings rows (no "
                    "roundOutcomes, ratings or pairingNumber): not a GetRatedEventStandingsPage"
                )
            offset = whole(value.get("offset"), f"{label}: offset")
            size = whole(value.get("pageSize"), f"{label}: pageSize")
            more = value.get("hasNextPage")
            if more is not None and not isinstance(more, bool):
                raise InvalidInputError(
                    f"{label}: hasNextPage must be true or false, got {show(more)}"
                )
            page = (label, offset, size, bool(more))
        elif keys & _SECTION_KEYS or {"ratingSystem", "number"} <= keys:
            if docs.section is not None:
                raise InvalidInputError(
                    f"{label}: a second section's details ({docs.section_label} gave the first)"
                )
            docs.section, docs.section_label = value, label
            return
        elif keys & _EVENT_KEYS:
            if docs.event is not None:
                raise InvalidInputError(
                    f"{label}: a second event's details ({docs.event_label} gave the first)"
                )
            docs.event, docs.event_label = value, label
            return
        else:
            shown = ", ".join(show(key) for key in sorted(keys)[:6]) or "none"
            raise InvalidInputError(
                f"{label}: JSON that is not a US Chess API standings page, section or event "
                f"(its keys: {shown})"
            )
    else:
        raise InvalidInputError(f"{label}: JSON {show(value)} is not a US Chess API document")
    docs.pages.append(page)
    for index, item in enumerate(items):
        row = _row(item, f"{label}: items[{index}]")
        if row is not None:
            docs.rows.append(row)


def check_pages(docs: Documents) -> None:
    """Pages given must join: no page says there is a next one that is missing."""
    starts = {offset for _, offset, _, _ in docs.pages if offset is not None}
    for label, offset, size, more in docs.pages:
        if not more:
            continue
        following = None if offset is None or not size else offset + size
        if following is None or following not in starts:
            fetch = f" from offset {following} (Offset={following})" if following else ""
            raise InvalidInputError(
                f"{label}: hasNextPage is true but the next page{fetch} is not given: "
                "give every page of the section's standings"
            )
