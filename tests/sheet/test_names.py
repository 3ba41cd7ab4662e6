"""Matching players' names as a club does (xlrating.sheet.names): "ADAMS, ALAN" is Alan
Adams, and a name one typo away from exactly one member is taken for that member."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xlrating.rating import tournament
from xlrating.sheet.names import (
    find_member,
    name_key,
    near_member,
    one_typo_apart,
    suggest_member,
)

MEMBERS = ["Alice Morgan", "Alan Adams", "Ben Carter", "Ann Lee", "Anna Lee"]


@pytest.mark.parametrize(
    ("written", "key"),
    [
        ("ADAMS, ALAN", "alan adams"),
        ("Adams,Alan", "alan adams"),
        ("  alan   ADAMS ", "alan adams"),
        ("Smith, John, Jr", "smith, john, jr"),  # two commas: not "LAST, FIRST"
        ("Adams,", "adams,"),
    ],
)
def test_name_key(written: str, key: str) -> None:
    assert name_key(written) == key


@given(
    st.text(alphabet=st.characters(codec="utf-8"), max_size=30)
    | st.from_regex(r"\s*[A-Za-zß ]*\s*,\s*[A-Za-zİ ]*\s*", fullmatch=True)
)
def test_name_key_is_the_core_key_after_the_comma_swap(name: str) -> None:
    """The key equals casefolding and tidying the spaces of the name, its two parts swapped
    when it is "LAST, FIRST"; without that swap it is the core's key (one rule of case and
    spaces for the whole project)."""
    parts = name.split(",")
    swapped = len(parts) == 2 and bool(parts[0].strip() and parts[1].strip())
    turned = f"{parts[1]} {parts[0]}" if swapped else name
    assert name_key(name) == " ".join(turned.casefold().split())
    if not swapped:
        assert name_key(name) == tournament.name_key(name)


@pytest.mark.parametrize(
    ("a", "b", "close"),
    [
        ("alan adams", "alan adms", True),  # a letter dropped
        ("alan adams", "alan addams", True),  # a letter added
        ("alan adams", "alan edams", True),  # a letter changed
        ("alan adams", "alan daams", True),  # neighbours swapped
        ("alan adams", "alan adams", False),  # the same
        ("alan adams", "alan dmaas", False),  # two edits
        ("ab", "ba", True),
        ("abc", "ca", False),  # OSA distance 3 ... Damerau 2: never 1
        ("", "a", True),
    ],
)
def test_one_typo_apart(a: str, b: str, close: bool) -> None:
    assert one_typo_apart(a, b) is close
    assert one_typo_apart(b, a) is close


def test_members_found_and_suggested() -> None:
    assert find_member("ADAMS, ALAN", MEMBERS) == "Alan Adams"
    assert find_member("Carter, Ben", MEMBERS) == "Ben Carter"
    assert find_member("Dan Dare", MEMBERS) is None
    assert near_member("Alan Adms", MEMBERS) == "Alan Adams"
    assert near_member("Adms, Alan", MEMBERS) == "Alan Adams"
    assert near_member("Ann Le", MEMBERS) == "Ann Lee"
    assert near_member("Ann Leee", MEMBERS) == "Ann Lee"
    assert near_member("Anne Lee", MEMBERS) is None  # Ann Lee and Anna Lee: no guess
    assert near_member("Alan Adams", MEMBERS) is None  # the same name is no typo
    assert suggest_member("ALAN ADAMS", MEMBERS) == "Alan Adams"
    assert suggest_member("Alice Morgen", MEMBERS) == "Alice Morgan"
    assert suggest_member("Zed", MEMBERS) is None


@given(st.text("abcde ", min_size=1, max_size=12), st.data())
def test_one_edit_is_one_typo(word: str, data: st.DataObject) -> None:
    at = data.draw(st.integers(0, len(word) - 1))
    dropped = word[:at] + word[at + 1 :]
    assert one_typo_apart(word, dropped)
    letter = data.draw(st.sampled_from("xyz"))
    assert one_typo_apart(word, word[:at] + letter + word[at:])
    assert one_typo_apart(word, word[:at] + letter + word[at + 1 :])
    if at + 1 < len(word) and word[at] != word[at + 1]:
        assert one_typo_apart(word, word[:at] + word[at + 1] + word[at] + word[at + 2 :])
    assert not one_typo_apart(word, word)
