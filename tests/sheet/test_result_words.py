"""One vocabulary of result words: a results range and a Games table read the same words.

A results range (the spreadsheet functions, ``cells.to_result``) and a Games table
(``tables.read_games`` through ``tournament.parse_result``) once had two word lists ("Win"
worked in one and failed in the other).  Both now read ``_check.RESULT_WORDS``; these tests
drive every word, in several spellings, through both paths, and generated text through
both to show they accept and refuse the same strings.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xlrating.errors import InvalidInputError
from xlrating.rating._check import RESULT_VALUES, RESULT_WORDS, result_word
from xlrating.rating.tournament import Player, parse_result
from xlrating.sheet import catalog
from xlrating.sheet.cells import to_result
from xlrating.sheet.tables import read_games

PLAYERS = [Player("Ann", 1500.0, 30), Player("Bob", 1500.0, 30)]


def spellings(word: str) -> list[str]:
    """The word as listed, in lower and title case, padded, and with a space inside."""
    variants = {word, word.lower(), word.title(), f"  {word} ", word.lower().center(9)}
    if len(word) > 1:
        variants.add(f"{word[0]} {word[1:]}")
    return sorted(variants)


def games_table_score(text: str) -> float:
    """White's score from a one-game Games table with *text* in the result cell."""
    [game] = read_games([[1.0, "Ann", "Bob", text]], PLAYERS)
    assert game.kind == "played"
    return game.white_score


WORDS = [pytest.param(word, score, id=word) for word, score in RESULT_WORDS.items()]


def test_the_vocabulary_has_every_result_and_the_words_users_type() -> None:
    assert set(RESULT_WORDS.values()) == RESULT_VALUES
    for word, score in {"W": 1.0, "WIN": 1.0, "1-0": 1.0, "½-½": 0.5, "DRAW": 0.5}.items():
        assert RESULT_WORDS[word] == score
    for word in ("+-", "-+", "BYE", "", "2", "WINS"):  # forfeits are not played results
        assert result_word(word) is None


@pytest.mark.parametrize(("word", "score"), WORDS)
def test_every_word_reads_the_same_in_a_results_range_and_a_games_table(
    word: str, score: float
) -> None:
    for text in spellings(word):
        assert to_result(text, "results entry 1") == score, text
        assert games_table_score(text) == score, text
        assert parse_result(text, bye=True, where="games row 1") == (score, "bye"), text


@pytest.mark.parametrize(("word", "score"), WORDS)
def test_every_word_rates_through_a_spreadsheet_function(word: str, score: float) -> None:
    """A results range of the registry: FIDE_PERFORMANCE with one game against a 2000."""
    expected = {1.0: 2800, 0.5: 2000, 0.0: 1200}[score]
    assert catalog.call("FIDE_PERFORMANCE", [[2000.0]], [[word.lower()]]) == expected


def test_win_works_in_both() -> None:
    """The case of the issue: "Win" in a results range and in a Games table."""
    assert to_result("Win", "results entry 1") == 1.0
    assert games_table_score("Win") == 1.0


_ALPHABET = "01.5½=/-,WwDdLlIiNnRrAaOoSs +"


def results_range(text: str) -> float | None:
    try:
        return to_result(text, "results entry 1")
    except InvalidInputError:
        return None


def games_table(text: str) -> float | None:
    try:
        score, kind = parse_result(text, bye=False, where="games row 1")
    except InvalidInputError:
        return None
    return score if kind == "played" else None


@given(st.one_of(st.sampled_from(sorted(RESULT_WORDS)), st.text(_ALPHABET, max_size=8)))
def test_both_paths_accept_and_refuse_the_same_text(text: str) -> None:
    """Any text is a played result in both paths, with one score, or in neither."""
    assert results_range(text) == games_table(text) == result_word(text)
