"""US Chess Ratings API JSON as a rating list: a member, a page of members, or a member's
rating supplements (see :mod:`xlrating.imports.rating_lists`).

Read with a small reader of its own (the standings importer reads other documents of the
same API)."""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Collection, Mapping
from pathlib import Path
from typing import Final

from ..errors import InvalidInputError
from ..rating._check import show
from .api_documents import reject_constant
from .list_entries import MAX_LIST_RATING, USCHESS_SYSTEMS, ListEntry, RatingList, wanted_ids
from .text import decode_text

__all__ = ["read_uschess_json"]


_MEMBER_ID_IN_NAME: Final = re.compile(r"(?<!\d)(\d{8})(?!\d)")


def _json_int(value: object, what: str, where: str, *, most: int | None = None) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidInputError(
            f"{where}: {what} must be a whole number or null, got {show(value)}"
        )
    if value < 0 or (most is not None and value > most):
        raise InvalidInputError(f"{where}: {what} {show(value)} is not a rating")
    return value


def _json_date(value: object, where: str) -> dt.date | None:
    if value is None:
        return None
    try:
        return dt.date.fromisoformat(str(value)[:10])
    except ValueError:
        raise InvalidInputError(
            f"{where}: ratingSupplementDate {show(value)} is not a date"
        ) from None


def _system(value: object, where: str, key: str) -> str:
    if not isinstance(value, str):
        raise InvalidInputError(
            f"{where}: {key} must be a rating system such as 'R', got {show(value)}"
        )
    return value.strip().upper()


def _member_entry(item: Mapping[str, object], system: str, where: str) -> ListEntry:
    member = item.get("id")
    if not isinstance(member, (str, int)) or isinstance(member, bool) or not str(member).strip():
        raise InvalidInputError(f"{where}: a member without an 'id'")
    member = str(member).strip()
    name = " ".join(f"{item.get('firstName') or ''} {item.get('lastName') or ''}".split())
    ratings = item.get("ratings") or []
    if not isinstance(ratings, list):
        raise InvalidInputError(f"{where}: 'ratings' must be a list, got {show(ratings)}")
    for rating in ratings:
        if not isinstance(rating, dict):
            raise InvalidInputError(f"{where}: a rating must be an object, got {show(rating)}")
        if _system(rating.get("ratingSystem"), where, "ratingSystem") != system:
            continue
        provisional = rating.get("isProvisional")
        provisional = provisional if isinstance(provisional, bool) else None
        return ListEntry(
            member,
            name,
            _json_int(rating.get("rating"), "rating", where, most=MAX_LIST_RATING) or None,
            _json_int(rating.get("gamesPlayed"), "gamesPlayed", where),
            _json_int(rating.get("floor"), "floor", where, most=MAX_LIST_RATING) or None,
            None,
            None,
            "",
            provisional,
            where,
        )
    return ListEntry(member, name, None, None, None, None, None, "", None, where)


def _supplement_entry(
    items: list[Mapping[str, object]], member: str, system: str, where: str
) -> tuple[ListEntry, dt.date | None]:
    dated = [(_json_date(item.get("ratingSupplementDate"), where), item) for item in items]
    dated.sort(key=lambda pair: pair[0] or dt.date.min, reverse=True)
    newest, item = dated[0] if dated else (None, {})
    ratings = item.get("ratings") or []
    if not isinstance(ratings, list):
        raise InvalidInputError(f"{where}: 'ratings' must be a list, got {show(ratings)}")
    for rating in ratings:
        if not isinstance(rating, dict):
            raise InvalidInputError(f"{where}: a rating must be an object, got {show(rating)}")
        if _system(rating.get("source"), where, "source") != system:
            continue
        count = _json_int(rating.get("provisionalGameCount"), "provisionalGameCount", where)
        value = _json_int(rating.get("rating"), "rating", where, most=MAX_LIST_RATING) or None
        entry = ListEntry(member, "", value, count, None, None, None, "", count is not None, where)
        return entry, newest
    return ListEntry(member, "", None, None, None, None, None, "", None, where), newest


def read_uschess_json(
    data: bytes, *, wanted: Collection[str], rating: str | None = None, source: str = "list"
) -> RatingList:
    """Read US Chess Ratings API JSON: a member, a page of members, or a member's rating
    supplements (the member ID from *source*, the file's name).

    :param rating: the rating system, "R" (default), "Q", "B", "OR", "OQ" or "OB".

    >>> found = read_uschess_json(b'{"id": "12641216", "ratings": [{"rating": 1650, '
    ...     b'"ratingSystem": "R", "gamesPlayed": 12, "isProvisional": true}]}',
    ...     wanted={"12641216"})
    >>> entry = found.entries["12641216"]
    >>> entry.rating, entry.games, entry.provisional
    (1650, 12, True)
    """
    system = (rating or "R").strip().upper()
    if system not in USCHESS_SYSTEMS:
        raise InvalidInputError(
            f"--rating {show(rating)}: a US Chess member has ratings {', '.join(USCHESS_SYSTEMS)}"
        )
    text = decode_text(data)
    try:
        document = json.loads(text, parse_constant=reject_constant)
    except RecursionError:
        raise InvalidInputError(f"{source}: the JSON nests too deeply") from None
    except ValueError as error:
        raise InvalidInputError(f"{source}: not JSON ({error})") from None
    members = wanted_ids(wanted)
    documents = document if isinstance(document, list) else [document]
    found: dict[str, ListEntry] = {}
    newest: dt.date | None = None
    count = 0
    for n, doc in enumerate(documents, 1):
        where = f"{source} item {n}" if isinstance(document, list) else source
        if not isinstance(doc, dict):
            raise InvalidInputError(f"{where}: expected a US Chess API object, got {show(doc)}")
        items = doc.get("items")
        if items is None:
            items = [doc]
        if not isinstance(items, list) or not all(isinstance(i, dict) for i in items):
            raise InvalidInputError(f"{where}: 'items' must be a list of objects")
        supplements = [i for i in items if "ratingSupplementDate" in i]
        people = [i for i in items if "id" in i and "ratingSupplementDate" not in i]
        if len(supplements) + len(people) != len(items):
            raise InvalidInputError(
                f"{where}: neither a US Chess member (with 'id') nor a rating supplement "
                "(with 'ratingSupplementDate'): not US Chess Ratings API JSON"
            )
        for i, item in enumerate(people, 1):
            entry = _member_entry(item, system, f"{where} member {i}")
            count += 1
            if entry.member in members:
                found.setdefault(entry.member, entry)
        if supplements:
            named = set(_MEMBER_ID_IN_NAME.findall(Path(source).name))
            if len(named) != 1:
                raise InvalidInputError(
                    f"{source}: a rating-supplements page does not name its member: name the "
                    "file after the member's 8-digit US Chess ID, e.g. 12641216-supplements.json"
                )
            (member,) = named
            entry, date = _supplement_entry(supplements, member, system, where)
            count += 1
            if date is not None and (newest is None or date > newest):
                newest = date
            if member in members:
                found.setdefault(member, entry)
    if count == 0:
        raise InvalidInputError(f"{source}: no member and no rating supplement in it")
    form = "US Chess API rating supplements" if newest is not None else "US Chess API members"
    date_source = "its newest ratingSupplementDate" if newest is not None else ""
    return RatingList("US Chess", system, form, newest, date_source, count, found, source)
