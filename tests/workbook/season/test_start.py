"""What a rating list changes in a season's Players table (xlrating/workbook/season/start.py):
Hypothesis properties over generated tables and lists."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlrating.imports.rating_lists import ListEntry, RatingList
from xlrating.workbook.season.find import SeasonBookError
from xlrating.workbook.season.start import PlayerRow, PlayersSheet, StartPlan, plan_start

TODAY = dt.date(2026, 12, 6)
FIRST = 5  # the table's first sheet row: A5:E44, ID column F

ratings = st.none() | st.integers(100, 2900).map(float)
cells = st.tuples(ratings, st.none() | st.integers(0, 200).map(float), st.none(), st.none())
members = st.none() | st.sampled_from(["101", "102", "103", "104", "105", "106"])
list_entries = st.dictionaries(
    st.sampled_from(["101", "102", "103", "104", "105", "106", "999"]),
    st.tuples(st.none() | st.integers(1000, 2800), st.none() | st.integers(1940, 2015)),
)


def _table(rows: list[tuple[tuple[object, ...], str | None]], has_events: bool) -> PlayersSheet:
    players = []
    used: set[str] = set()
    for i, (values, member) in enumerate(rows):
        member = None if member in used else member  # an ID appears once in a table
        if member is not None:
            used.add(member)
        players.append(
            PlayerRow(FIRST + i, f"Player {i}", (f"Player {i}", *values), {"FIDE ID": member})
        )
    return PlayersSheet(
        "Players", "A5:E44", tuple(players), {"FIDE ID": 6}, has_events, (3, 1), None
    )


def _list(entries: dict[str, tuple[int | None, int | None]]) -> RatingList:
    found = {
        member: ListEntry(member, "X", rating, 0, None, born, 10, "", None, "line")
        for member, (rating, born) in entries.items()
    }
    return RatingList(
        "FIDE", "standard", "FIDE TXT combined list", dt.date(2026, 9, 1), "", 7, found, "l.txt"
    )


def _applied(table: PlayersSheet, plan: StartPlan) -> PlayersSheet:
    rows = []
    for row in table.rows:
        values = list(row.cells)
        for change in plan.changes:
            if change.row == row.row:
                values[change.col - 1] = None if change.new is None else float(str(change.new))
        rows.append(PlayerRow(row.row, row.name, tuple(values), row.ids))
    return PlayersSheet(
        table.sheet, table.ref, tuple(rows), table.id_columns, table.has_events, table.record, None
    )


@settings(max_examples=150, deadline=None)
@given(
    rows=st.lists(st.tuples(cells, members), max_size=8),
    entries=list_entries,
    has_events=st.booleans(),
    replace=st.booleans(),
)
def test_plan_properties(
    rows: list[tuple[tuple[object, ...], str | None]],
    entries: dict[str, tuple[int | None, int | None]],
    has_events: bool,
    replace: bool,
) -> None:
    table = _table(rows, has_events)
    found = _list(entries)
    plan = plan_start(table, found, replace=replace, today=TODAY)
    by_row = {row.row: row for row in table.rows}
    for change in plan.changes:
        row = by_row[change.row]
        entry = found.entries[str(row.ids["FIDE ID"])]
        # Only matched rows change, only inside the table, and only to the list's values.
        assert 2 <= change.col <= 5
        assert entry.rating is not None
        if change.col == 2:
            assert change.new == entry.rating
        # A season with events keeps its rated players' starting ratings.
        if has_events and not replace:
            assert row.cells[1] is None
    # Every row is accounted for once: changed or unchanged, kept, unrated, not found, no ID.
    named = [n for n, _, _ in plan.matched] + [n for n, _ in plan.not_found] + list(plan.no_id)
    assert sorted(named) == sorted(row.name for row in table.rows)
    # Applying the plan leaves nothing more to change.
    again = plan_start(_applied(table, plan), found, replace=replace, today=TODAY)
    assert again.changes == ()


def test_a_table_without_the_id_column_is_refused() -> None:
    table = PlayersSheet("Players", "A5:E44", (), {}, False, (3, 1), None)
    with pytest.raises(
        SeasonBookError, match=r"no FIDE ID column: head a column 'FIDE ID' .*Players!F4"
    ):
        plan_start(table, _list({}), replace=False, today=TODAY)


def test_other_text_in_the_record_cell_is_left_alone() -> None:
    table = PlayersSheet("Players", "A5:E44", (), {"FIDE ID": 6}, False, (3, 1), "my note")
    plan = plan_start(table, _list({}), replace=False, today=TODAY)
    assert plan.record is None and "Players!A3 holds other text" in plan.record_note


def test_one_id_on_two_rows_is_refused() -> None:
    rows: list[tuple[tuple[object, ...], str | None]] = [
        ((1500.0, None, None, None), "101"),
        ((None, 0.0, None, None), "102"),
    ]
    table = _table(rows, False)
    twice = PlayersSheet(
        "Players",
        "A5:E44",
        (*table.rows, PlayerRow(7, "Player 2", ("Player 2",), {"FIDE ID": "101"})),
        {"FIDE ID": 6},
        False,
        (3, 1),
        None,
    )
    with pytest.raises(
        SeasonBookError,
        match=r"Players!F5 and F7: Player 0 and Player 2 have "
        "the same FIDE ID 101",
    ):
        plan_start(twice, _list({"101": (2000, None)}), replace=False, today=TODAY)
