"""Matching a player's name as a club does: "ADAMS, ALAN" is Alan Adams, and "Alan Adms" is
probably Alan Adams too.

Part of the spreadsheet boundary: the season functions (SEASON_GAME_STATUS' "did you mean
Alan Adams?") and the importer (a name read from a file against the Players table) use it.
Nothing here computes a rating.

Rules (xlrating's own, not a regulation):

* :func:`name_key`: two names are the same name when they read alike with case and spaces
  ignored, and a name written "LAST, FIRST" (one comma) is read as "FIRST LAST".
* :func:`near_member`: a name is one typo away from a member when their keys are at
  Damerau-Levenshtein distance 1 (one letter added, dropped, changed, or two neighbours
  swapped: the optimal-string-alignment distance); it is suggested only when exactly one
  member is that close (two candidates: no guess).
"""

from __future__ import annotations

from collections.abc import Iterable

from ..rating import tournament

__all__ = ["find_member", "name_key", "near_member", "one_typo_apart", "suggest_member"]


def name_key(name: str) -> str:
    """The form two names are compared in: "LAST, FIRST" turned to "first last", then
    :func:`xlrating.rating.tournament.name_key` (case folded, spaces tidied).

    >>> name_key("ADAMS,  Alan"), name_key(" alan   ADAMS ")
    ('alan adams', 'alan adams')
    """
    parts = name.split(",")
    if len(parts) == 2 and parts[0].strip() and parts[1].strip():
        name = f"{parts[1]} {parts[0]}"
    return tournament.name_key(name)


def one_typo_apart(a: str, b: str) -> bool:
    """True when *a* and *b* differ by exactly one edit: a letter added, dropped or changed,
    or two neighbouring letters swapped (Damerau-Levenshtein distance 1).

    >>> one_typo_apart("alan adams", "alan adms"), one_typo_apart("morgan", "mrogan")
    (True, True)
    >>> one_typo_apart("alan", "alan"), one_typo_apart("alan", "olin")
    (False, False)
    """
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) > len(b):
        a, b = b, a
    start = 0  # the first position where they differ
    while start < len(a) and a[start] == b[start]:
        start += 1
    if len(a) < len(b):  # one letter more in b: dropping it leaves a
        return a[start:] == b[start + 1 :]
    if a[start + 1 :] == b[start + 1 :]:  # one letter changed
        return True
    return (  # two neighbours swapped
        start + 1 < len(a)
        and a[start] == b[start + 1]
        and a[start + 1] == b[start]
        and a[start + 2 :] == b[start + 2 :]
    )


def find_member(name: str, members: Iterable[str]) -> str | None:
    """The one member whose name is the same name as *name* (see :func:`name_key`), or None
    (no such member, or more than one).

    >>> find_member("ADAMS, ALAN", ["Alice Morgan", "Alan Adams"])
    'Alan Adams'
    """
    key = name_key(name)
    found = [member for member in members if name_key(member) == key]
    return found[0] if len(found) == 1 else None


def near_member(name: str, members: Iterable[str]) -> str | None:
    """The one member one typo away from *name* (see :func:`one_typo_apart`, on the names'
    keys), or None (none, or more than one that close, or the same name).

    >>> near_member("Alan Adms", ["Alice Morgan", "Alan Adams"])
    'Alan Adams'
    >>> near_member("Ann Lee", ["Anna Lee", "Ann Lea"]) is None
    True
    """
    key = name_key(name)
    found = [member for member in members if one_typo_apart(key, name_key(member))]
    return found[0] if len(found) == 1 else None


def suggest_member(name: str, members: Iterable[str]) -> str | None:
    """The member a club would take *name* for: the same name written otherwise ("ADAMS,
    ALAN"), else the one member a typo away; None when there is no such single member."""
    listed = list(members)
    return find_member(name, listed) or near_member(name, listed)
