"""Issue 36: a section from the US Chess Ratings API (JSON) in, rated as US Chess rates it,
and a Lichess Swiss TRF as Lichess writes it.

The real files (tests/data/README_imports.md): five standings pages that the US Chess
Ratings API returned (captured by danielgentile22/chess-dashboard, names and member IDs
replaced there by fake ones), 212 published post-event ratings (``postRatingDecimal``);
the sections' and events' details as that capture's other responses give them; and the
TRF of a real Lichess Swiss.  The published figures are US Chess's, never computed by
xlrating: the floors below count how many xlrating reproduces, and fail if it does worse.
"""

from __future__ import annotations

import csv
import datetime as dt
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlrating.cli import main
from xlrating.errors import InvalidInputError
from xlrating.imports import ImportedEvent, Start, read_api, read_files, read_tournament
from xlrating.imports.rate import API_DECIMAL_TOLERANCE, RatedEvent, rate_event

DATA = Path(__file__).parents[1] / "data"
API = DATA / "uschess_api"
LICHESS = DATA / "trf_lichess_swiss_2020.txt"

#: The five captured sections: standings, section details, event details.
SECTIONS = {
    "acc-may-2026": "202605290393",
    "dmv-extra-games": "202603290543",
    "dmv-under-1800": "202603290543",
    "rockville-u1500": "202508311982",
    "thanksgiving-u1600": "202511020583",
}

#: Published post-event ratings in the five captures (116 + 8 + 10 + 2 x 20 + 2 x 19).
PUBLISHED = 212

#: The baseline of issue 36: the five pages converted by hand into USCF_EVENT's tables
#: gave 167 to the hundredth and 183 within one point.  Measured with this importer on
#: 2026-12-06: 180 to the hundredth, 196 within one point (the other 16 are floors the
#: file does not show, unrated players' ages, prior records, and their opponents).
#: These floors fail the test if the importer reproduces fewer.
FLOOR_HUNDREDTH = 180
FLOOR_WITHIN_ONE = 196


def _files(key: str, *, details: bool = True) -> list[tuple[str, str]]:
    paths = [API / f"standings-{key}.json"]
    if details:
        paths += [API / f"section-{key}.json", API / f"event-{SECTIONS[key]}.json"]
    return [(path.name, path.read_text(encoding="utf-8")) for path in paths]


def _rated(key: str, **options: Any) -> list[RatedEvent]:
    out = []
    for imported in read_files(_files(key), **options):
        assert imported.event.date is not None
        out.append(rate_event(imported, "uscf", imported.event.date, imported.date_source))
    return out


@pytest.fixture(scope="module")
def rated() -> dict[str, list[RatedEvent]]:
    return {key: _rated(key) for key in SECTIONS}


def _page(key: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((API / f"standings-{key}.json").read_text("utf-8"))
    return data


def _read(*documents: object) -> tuple[ImportedEvent, ...]:
    return read_api([(f"file{i}.json", json.dumps(doc)) for i, doc in enumerate(documents)])


# ---------------------------------------------------------------- the real captures


def test_the_five_sections_read_with_every_published_rating(
    rated: dict[str, list[RatedEvent]],
) -> None:
    systems = {key: [r.rating_system for r in events] for key, events in rated.items()}
    assert systems == {
        "acc-may-2026": ["R"],
        "dmv-extra-games": ["R"],
        "dmv-under-1800": ["R"],
        "rockville-u1500": ["R", "Q"],  # section ratingSystem D: dual-rated
        "thanksgiving-u1600": ["R", "Q"],
    }
    assert sum(r.compared for events in rated.values() for r in events) == PUBLISHED
    players = {key: len(events[0].rows) for key, events in rated.items()}
    assert players == {
        "acc-may-2026": 116,
        "dmv-extra-games": 8,
        "dmv-under-1800": 10,
        "rockville-u1500": 20,
        "thanksgiving-u1600": 19,
    }


def test_published_post_ratings_are_reproduced_no_worse_than_measured(
    rated: dict[str, list[RatedEvent]],
) -> None:
    rows = [row for events in rated.values() for r in events for row in r.rows]
    hundredth = [row for row in rows if row.agreement == "exact"]
    for row in hundredth:  # "exact" means what it says: within 0.01 of the decimal
        assert row.post_decimal is not None and row.published is not None
        assert abs(row.post_decimal - row.published) <= API_DECIMAL_TOLERANCE
    within = [row for row in rows if row.agreement in ("exact", "within 1")]
    assert len(hundredth) >= FLOOR_HUNDREDTH, len(hundredth)
    assert len(within) >= FLOOR_WITHIN_ONE, len(within)


def test_every_figure_not_reproduced_says_why(rated: dict[str, list[RatedEvent]]) -> None:
    missed = [
        row
        for events in rated.values()
        for r in events
        for row in r.rows
        if row.agreement != "exact"
    ]
    assert missed
    for row in missed:
        assert row.note, row.name
        assert "not explained" not in row.note, (row.name, row.note)


def test_floors_the_file_does_not_show_are_named(rated: dict[str, list[RatedEvent]]) -> None:
    # Published exactly at a round hundred, above what the formulas give: a peak floor.
    (q,) = [r for r in rated["thanksgiving-u1600"] if r.rating_system == "Q"]
    (liam,) = [row for row in q.rows if row.name == "LIAM GARCIA"]
    assert liam.published == 1400.0 and liam.post_decimal is not None
    assert liam.post_decimal < 1400.0
    assert "rating floor of 1400" in liam.note


def test_a_prior_record_the_file_does_not_show_is_found_when_it_reproduces_the_figure(
    rated: dict[str, list[RatedEvent]],
) -> None:
    # Two players rated on one prior game: the special formula adjusts for that game's
    # result, which the standings do not show (mixed is taken).
    rows = {row.name: row for row in rated["acc-may-2026"][0].rows}
    assert "prior record of all wins" in rows["Uma Anderson"].note
    assert "prior record of all losses" in rows["Yara Clark"].note
    assert rows["Yara Clark"].agreement == "worse"  # the count stays honest


def test_a_quick_rating_started_from_a_regular_one_is_an_assumption_said_so(
    rated: dict[str, list[RatedEvent]],
) -> None:
    (q,) = [r for r in rated["rockville-u1500"] if r.rating_system == "Q"]
    imported = read_files(_files("rockville-u1500"), rating="Q")[0]
    (name,) = imported.uncertain
    assert "blended initialization" in imported.uncertain[name]
    assert "an assumption" in imported.uncertain[name]
    (row,) = [row for row in q.rows if row.name == name]
    assert row.agreement == "exact"  # in this capture the assumption meets the figure
    player = next(p for p in imported.event.players if p.name == name)
    regular = next(
        p
        for p in read_files(_files("rockville-u1500"), rating="R")[0].event.players
        if p.name == name
    )
    assert player.rating == regular.rating  # started from the Regular pre-event rating
    assert player.games == 10  # postProvisionalGameCount 14 - 4 rated games


def test_unrated_players_start_at_the_adult_rule_and_the_first_line_says_so() -> None:
    (imported,) = read_files(_files("acc-may-2026"))
    assert imported.heading.startswith("5 players unrated in Regular start at 1300")
    unrated = [p for p in imported.event.players if p.rating is None]
    assert len(unrated) >= 5


def test_start_gives_an_unrated_player_age_or_rating() -> None:
    page = _page("acc-may-2026")
    item = next(i for i in page["items"] if i["pairingNumber"] == 108)
    member = item["memberId"]
    name = f"{item['firstName']} {item['lastName']}"
    files = [("page.json", json.dumps(page))]
    by_age = read_files(files, starts={member: Start(age=11.0)})[0]
    player = next(p for p in by_age.event.players if p.name == name)
    assert (player.rating, player.games, player.age) == (None, 0, 11.0)
    assert "4 players" in by_age.heading
    by_rating = read_files(files, starts={name: Start(rating=900.0)})[0]
    assert next(p for p in by_rating.event.players if p.name == name).rating == 900.0
    with pytest.raises(InvalidInputError, match="--start 999: no player"):
        read_files(files, starts={"999": Start(age=9.0)})


def test_unrated_outcomes_are_not_rated_and_keep_their_points() -> None:
    imported = read_files(_files("thanksgiving-u1600"), rating="R")[0]
    games = imported.event.games
    # Round 4: pair 16 WinForfeit against pair 9 (Forfeit): one row each, not rated.
    forfeits = [g for g in games if g.round == 4 and g.kind == "forfeit"]
    assert sorted((g.white_score, g.black) for g in forfeits) == [(0.0, None), (1.0, None)]
    byes = sorted((g.round, g.white_score) for g in games if g.kind == "bye")
    assert (1, 0.5) in byes and (2, 1.0) in byes and (4, 0.0) in byes
    assert all(g.black is None for g in games if not g.rated)


def test_the_section_file_is_recognised_by_its_keys_in_any_order() -> None:
    files = _files("thanksgiving-u1600")
    events = read_files(list(reversed(files)))
    assert events[0].event.name == "2nd Annual Thankgiving Day Open - U1600"
    assert events[0].event.date == dt.date(2025, 11, 2)
    assert events[0].dual_rated and not events[1].dual_rated


def test_paging_joins_and_a_missing_page_is_named() -> None:
    whole = _page("acc-may-2026")
    items = whole["items"]
    first = {**whole, "items": items[:100], "offset": 0, "pageSize": 100, "hasNextPage": True}
    second = {**whole, "items": items[100:], "offset": 100, "pageSize": 100}
    (joined,) = _read(second, first)
    (once,) = _read(whole)
    assert joined.event == once.event and joined.published == once.published
    with pytest.raises(InvalidInputError, match=r"next page from offset 100 \(Offset=100\)"):
        _read(first)
    with pytest.raises(
        InvalidInputError,
        match=r"pairing number 108 is also file0.json: items\[0\] \(a page given twice\?\)",
    ):
        _read(whole, whole)


def _row(pair: int, member: str, name: str, rounds: list[tuple[str, int]]) -> dict[str, Any]:
    """A standings row of a hand-made page: Regular 1500 (established), rounds in order."""
    return {
        "pairingNumber": pair,
        "memberId": member,
        "firstName": name,
        "lastName": "Test",
        "roundOutcomes": [
            {
                "roundNumber": n,
                "outcome": outcome,
                "color": "Unknown",
                "opponentPairingNumber": opponent,
            }
            for n, (outcome, opponent) in enumerate(rounds, start=1)
        ],
        "ratings": [{"ratingSystem": "R", "preRatingDecimal": 1500.0, "postRatingDecimal": 1500}],
    }


def test_a_re_entered_member_is_one_player_with_the_games_of_both() -> None:
    # Ann (member 7) plays round 1 as pair 1, withdraws, and re-enters as pair 4 for round 2.
    reentered = {
        "items": [
            _row(1, "7", "Ann", [("Win", 2), ("Unpaired", 0)]),
            _row(2, "8", "Bo", [("Loss", 1), ("ByeFull", 0)]),
            _row(3, "9", "Cy", [("ByeHalf", 0), ("Draw", 4)]),
            _row(4, "7", "Ann", [("Unpaired", 0), ("Draw", 3)]),
        ]
    }
    once = {
        "items": [
            _row(1, "7", "Ann", [("Win", 2), ("Draw", 3)]),
            _row(2, "8", "Bo", [("Loss", 1), ("ByeFull", 0)]),
            _row(3, "9", "Cy", [("ByeHalf", 0), ("Draw", 1)]),
        ]
    }
    (merged,) = _read(reentered)
    (single,) = _read(once)
    assert [p.name for p in merged.event.players] == ["Ann Test", "Bo Test", "Cy Test"]
    assert merged.event.games == single.event.games
    assert any("pairs 1 and 4 are one member (7): a re-entry" in n for n in merged.notes)
    day = dt.date(2026, 1, 10)
    assert rate_event(merged, "uscf", day, "t").rows == rate_event(single, "uscf", day, "t").rows


def test_the_low_rating_floor_counts_this_event() -> None:
    # An unrated adult loses three games to 300s: the formulas give him less than 100;
    # his floor after the event counts the event itself (3 rated games): 101.
    def item(
        pair: int, first: str, rating: float | None, outcomes: list[tuple[str, int]]
    ) -> dict[str, Any]:
        record: dict[str, Any] = {"ratingSystem": "R", "postRatingDecimal": 100}
        if rating is not None:
            record["preRatingDecimal"] = rating
        else:
            record["postProvisionalGameCount"] = 3
        return {
            "pairingNumber": pair,
            "memberId": str(pair),
            "firstName": first,
            "lastName": "Test",
            "roundOutcomes": [
                {
                    "roundNumber": n,
                    "outcome": o,
                    "color": "White" if o == "Loss" else "Black",
                    "opponentPairingNumber": opp,
                }
                for n, (o, opp) in enumerate(outcomes, start=1)
            ],
            "ratings": [record],
        }

    page = {
        "items": [
            item(1, "New", None, [("Loss", 2), ("Loss", 3), ("Loss", 4)]),
            item(2, "Ann", 300.0, [("Win", 1), ("Unpaired", 0), ("Unpaired", 0)]),
            item(3, "Bo", 300.0, [("Unpaired", 0), ("Win", 1), ("Unpaired", 0)]),
            item(4, "Cy", 300.0, [("Unpaired", 0), ("Unpaired", 0), ("Win", 1)]),
        ]
    }
    (imported,) = _read(page)
    rated = rate_event(imported, "uscf", dt.date(2026, 1, 10), "test", multiplier=None)
    new = next(row for row in rated.rows if row.name == "New Test")
    assert new.post_decimal == 101.0


# ---------------------------------------------------------------- what the API may omit


def test_missing_keys_are_absent_fields_never_errors() -> None:
    page = _page("dmv-under-1800")
    items = page["items"]
    del items[0]["ratings"]
    del items[1]["firstName"], items[1]["lastName"]
    del items[2]["score"]
    items[3]["ratings"][0].pop("preRatingDecimal")
    for item in items[4:]:
        for outcome in item["roundOutcomes"]:
            if outcome["outcome"] in ("ByeFull", "ByeHalf"):
                del outcome["outcome"]
    del page["hasNextPage"], page["offset"]
    (event,) = _read(page)
    names = [p.name for p in event.event.players]
    assert f"Member {items[1]['memberId']}" in names
    first = f"{items[0]['firstName']} {items[0]['lastName']}"
    assert next(p for p in event.event.players if p.name == first).rating is None
    assert any("no outcome" in note for note in event.notes)
    fourth = f"{items[3]['firstName']} {items[3]['lastName']}"
    assert next(p for p in event.event.players if p.name == fourth).rating == float(
        items[3]["ratings"][0]["preRating"]
    )
    rate_event(event, "uscf", dt.date(2026, 3, 29), "test")


# ---------------------------------------------------------------- hostile and generated


def _mutate(path: str, value: object) -> Callable[[dict[str, Any]], None]:
    def apply(page: dict[str, Any]) -> None:
        target: Any = page
        *steps, last = path.split(".")
        for step in steps:
            target = target[int(step)] if step.isdigit() else target[step]
        target[int(last) if last.isdigit() else last] = value

    return apply


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (
            "items.0.ratings.0.preRatingDecimal",
            "x",
            r"items\[0\]\.ratings\[0\]\.preRatingDecimal must be a number",
        ),
        ("items.0.ratings.0.preRatingDecimal", 0, "must be a number from 100 to 4000"),
        ("items.0.ratings.0.preRatingDecimal", 10**400, "must be a number from 100 to 4000"),
        ("items.0.ratings.0.postRatingDecimal", -5, "must be a number from 0 to 4000"),
        ("items.0.pairingNumber", 1.5, "pairingNumber must be a whole number"),
        ("items.0.roundOutcomes.0.outcome", "Victory", "outcome must be one of"),
        ("items.0.roundOutcomes.0.color", "Green", "color must be White, Black or Unknown"),
        ("items.0.roundOutcomes", "none", "roundOutcomes must be a list"),
        ("items.0.ratings.0.postProvisionalGameCount", 1, "is less than the"),
        ("items.0.roundOutcomes.0.opponentPairingNumber", 99, "not in the standings given"),
        ("hasNextPage", "yes", "hasNextPage must be true or false"),
        ("items.0.roundOutcomes.0.opponentPairingNumber", 5, "pair 5 is paired with himself"),
    ],
)
def test_bad_values_are_refused_in_one_line_naming_the_place(
    path: str, value: object, message: str
) -> None:
    page = _page("dmv-under-1800")
    _mutate(path, value)(page)
    with pytest.raises(InvalidInputError, match=message) as caught:
        read_api([("page.json", json.dumps(page))])
    assert "\n" not in str(caught.value)
    assert str(caught.value).startswith("page.json")


def test_views_that_disagree_are_refused() -> None:
    page = _page("dmv-under-1800")
    game = next(o for o in page["items"][0]["roundOutcomes"] if o["outcome"] in ("Win", "Loss"))
    game["outcome"] = "Draw" if game["outcome"] != "Draw" else "Win"
    with pytest.raises(InvalidInputError, match=r"round \d+: pair \d+ shows"):
        read_api([("page.json", json.dumps(page))])


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"items": [{"pairingNumber": NaN}]}', "not valid JSON: NaN"),
        ('{"items": [', "not valid JSON"),
        ('{"name": "x"}', "not a US Chess API standings page"),
        ('"text"', "is not a US Chess API document"),
        ('{"items": [{"foo": 1}]}', "not standings rows"),
        ('{"items": [{"pairingNumber": 1' + "0" * 5000 + "}]}", "not valid JSON"),
    ],
)
def test_json_that_is_no_api_response_gives_one_line(text: str, message: str) -> None:
    with pytest.raises(InvalidInputError, match=message) as caught:
        read_api([("odd.json", text)])
    assert "\n" not in str(caught.value)


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=150, deadline=None)
@given(value=_JSON)
def test_any_json_document_reads_or_is_refused_in_one_line(value: object) -> None:
    try:
        read_api([("any.json", json.dumps(value))])
    except InvalidInputError as error:
        assert "\n" not in str(error)


_FIELDS = [
    "pairingNumber", "memberId", "firstName", "score", "roundOutcomes", "ratings",
    "outcome", "color", "opponentPairingNumber", "roundNumber", "preRatingDecimal",
    "postProvisionalGameCount", "ratingSystem",
]  # fmt: skip


@settings(max_examples=150, deadline=None)
@given(
    item=st.integers(0, 9),
    field=st.sampled_from(_FIELDS),
    value=_JSON,
    deep=st.integers(0, 3),
)
def test_a_real_page_with_any_field_replaced_reads_or_is_refused_in_one_line(
    item: int, field: str, value: object, deep: int
) -> None:
    page = _page("dmv-under-1800")
    row = page["items"][item]
    targets = [row, *row["roundOutcomes"], *row["ratings"]]
    target = next((t for t in targets[deep:] if field in t), row)
    target[field] = value
    try:
        events = read_api([("page.json", json.dumps(page))])
    except InvalidInputError as error:
        assert "\n" not in str(error)
    else:
        for imported in events:
            rate_event(imported, "uscf", dt.date(2026, 3, 29), "test")


# ---------------------------------------------------------------- the command


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_rate_prints_every_rating_and_writes_the_csv_columns(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out_csv = tmp_path / "out.csv"
    key = "thanksgiving-u1600"
    code, out, err = run(
        capsys,
        "rate",
        str(API / f"standings-{key}.json"),
        str(API / f"event-{SECTIONS[key]}.json"),
        "--section-file",
        str(API / f"section-{key}.json"),
        "--csv",
        str(out_csv),
    )
    assert code == 0, err
    assert "(US Chess, all five steps, Regular): 19 players" in out
    assert "(US Chess, all five steps, Quick): 19 players" in out
    assert "rules of 2025-11-02, from section-thanksgiving-u1600.json: endDate" in out
    assert re.search(r"19 compared: 19 to the hundredth", out)
    with out_csv.open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 38  # one row per player and rating
    assert {row["rating"] for row in rows} == {"R", "Q"}
    assert list(rows[0])[-3:] == ["member_id", "rating", "post_decimal"]
    assert all(re.fullmatch(r"\d+(\.\d{1,2})?", row["post_decimal"]) for row in rows)
    assert all(row["member_id"] for row in rows)


def test_rate_start_option(capsys: pytest.CaptureFixture[str]) -> None:
    page = API / "standings-acc-may-2026.json"
    code, out, _ = run(capsys, "rate", str(page), "--date", "2026-05-29")
    assert code == 0 and out.splitlines()[0].startswith("5 players unrated in Regular")
    item = next(i for i in _page("acc-may-2026")["items"] if i["pairingNumber"] == 108)
    code, out, _ = run(
        capsys, "rate", str(page), "--date", "2026-05-29", "--start", f"{item['memberId']}=age:15"
    )
    assert code == 0 and out.splitlines()[0].startswith("4 players unrated in Regular")
    code, _, err = run(capsys, "rate", str(page), "--start", "x=age:old")
    assert code != 0 and "--start" in err and err.count("\n") == 1


def test_rate_refuses_in_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"items": [{"pairingNumber": 1, "ratings": "R"}]}', encoding="utf-8")
    code, out, err = run(capsys, "rate", str(bad))
    assert code != 0 and out == ""
    assert err.count("\n") == 1 and "bad.json: items[0].ratings must be a list" in err
    code, _, err = run(capsys, "rate", str(LICHESS), str(bad))
    assert code != 0 and "not JSON" in err and err.count("\n") == 1


def test_import_into_a_season_takes_one_rating_and_says_which_first(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pytest.importorskip("openpyxl")
    import shutil

    book = tmp_path / "season.xlsx"
    shutil.copy(Path(__file__).resolve().parents[2] / "workbooks" / "club_season.xlsx", book)
    key = "rockville-u1500"
    args = [
        "import", str(API / f"standings-{key}.json"), str(API / f"section-{key}.json"),
        str(API / f"event-{SECTIONS[key]}.json"), "--into", str(book),
    ]  # fmt: skip
    code, out, err = run(capsys, *args, "--dry-run")
    assert code == 0, err
    first = out.splitlines()[0]
    assert "rated in Regular and Quick" in first and "importing the Regular ratings" in first
    code, out, err = run(capsys, *args, "--rating", "Q", "--dry-run")
    assert code == 0, err
    assert "dry run" in out.splitlines()[0]


# ---------------------------------------------------------------- Lichess Swiss TRF


def test_a_real_lichess_swiss_trf_reads_with_its_byes_and_dates() -> None:
    text = LICHESS.read_text(encoding="utf-8")
    (imported,) = read_tournament(text)
    event = imported.event
    assert event.name == "NM Zulfikar Sali Bullet Chess"
    assert event.date == dt.date(2020, 5, 10)  # "052 May 10, 2020"
    assert len(event.players) == 112
    assert any("a Lichess Swiss (https://lichess.org/swiss/j8rtJ5GL)" in n for n in imported.notes)
    # Points as Lichess published them (columns 81-84): every player's games and byes,
    # "U" (a pairing-allocated bye) worth one point, add up to them.
    points: dict[str, float] = dict.fromkeys((p.name for p in event.players), 0.0)
    for game in event.games:
        points[game.white] += game.white_score or 0.0
        if game.black is not None:
            points[game.black] += game.black_points or 0.0
    for line in text.splitlines():
        if line.startswith("001"):
            assert points[line[14:47].strip()] == float(line[80:84]), line[:50]
    u_byes = [g for g in event.games if g.kind == "bye" and g.white_score == 1.0]
    assert len(u_byes) == 9  # the nine "U" blocks of the file


def test_lichess_dates_as_lichess_writes_them_and_rating(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = LICHESS.read_text(encoding="utf-8")
    text = text.replace("042 May 10, 2020", "042 Dec 10, 2020").replace(
        "052 May 10, 2020", "052 Dec 10, 2020"
    )
    (imported,) = read_tournament(text)
    assert imported.event.date == dt.date(2020, 12, 10)
    copy_path = tmp_path / "lichess.trf"
    copy_path.write_text(text, encoding="utf-8")
    code, out, err = run(capsys, "rate", str(copy_path))
    assert code == 0, err
    assert "112 players" in out and "rules of 2020-12-10, from record 052" in out


def test_read_tournament_reads_one_api_page_too() -> None:
    text = (API / "standings-dmv-under-1800.json").read_text(encoding="utf-8")
    (imported,) = read_tournament(text)
    assert imported.source_format == "api" and len(imported.event.players) == 10


def test_rate_refuses_fide_rules_for_a_us_chess_section(capsys: pytest.CaptureFixture[str]) -> None:
    page = API / "standings-dmv-under-1800.json"
    code, _, err = run(capsys, "rate", str(page), "--system", "fide")
    assert code != 0 and "rated by US Chess's rules" in err and err.count("\n") == 1


def test_the_prior_record_given_to_the_event_rating_changes_only_special_formula_players() -> None:
    from xlrating.rating import events
    from xlrating.rating.tournament import Event, Game, Player

    event = Event(
        (Player("Few", 1500, 4), Player("Many", 1500, 40), Player("Other", 1500, 40)),
        (Game(1, "Few", "Other", 1.0), Game(2, "Many", "Other", 1.0)),
        dt.date(2026, 1, 10),
    )
    mixed = events.uscf_event(event)
    wins = events.uscf_event(event, histories={"Few": "all wins", "Many": "all wins"})
    # 4 prior games: the special formula, whose prior is adjusted by the record.
    assert wins.row("Few").post_event != mixed.row("Few").post_event
    # 40 prior games and a mixed record would be the standard formula; a record of all
    # wins makes the special formula apply (docs/rules/uscf.md#special).
    assert wins.row("Many").formula == "special" and mixed.row("Many").formula == "standard"
    with pytest.raises(InvalidInputError, match="histories: no player called 'Nobody'"):
        events.uscf_event(event, histories={"Nobody": "all wins"})
    with pytest.raises(InvalidInputError, match="history must be"):
        events.uscf_event(event, histories={"Few": "some"})  # type: ignore[dict-item]


def test_explaining_stops_trying_records_when_its_budget_is_spent(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from xlrating.imports import rate

    monkeypatch.setattr(rate, "EXPLAIN_WORK", 0)
    (again,) = _rated("acc-may-2026")
    uma = next(row for row in again.rows if row.name == "Uma Anderson")
    assert "special formula" in uma.note and "reproduced with" not in uma.note


def test_the_files_of_one_section_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    from xlrating.imports import uschess_api

    page = (API / "standings-dmv-under-1800.json").read_text(encoding="utf-8")
    monkeypatch.setattr(uschess_api, "MAX_API_CHARS", len(page) - 1)
    with pytest.raises(InvalidInputError, match="limit"):
        read_api([("page.json", page)])
    monkeypatch.setattr(uschess_api, "MAX_API_FILES", 1)
    with pytest.raises(InvalidInputError, match=r"2 files \(limit 1\)"):
        read_api([("a.json", page), ("b.json", page)])


def test_a_page_without_any_rating_reads_every_player_as_unrated() -> None:
    page = _page("dmv-under-1800")
    for item in page["items"]:
        del item["ratings"]
    (event,) = _read(page)
    assert event.rating_system == "R" and all(p.rating is None for p in event.event.players)
    assert any("show no rating" in note for note in event.notes)
    with pytest.raises(InvalidInputError, match="rating 'X': a US Chess rating is one of"):
        read_api([("p.json", json.dumps(page))], rating="X")


def test_a_dual_rated_section_rates_regular_with_the_dual_rated_k() -> None:
    # Worked by hand (docs/rules/uscf.md#dual-k, #step-2): two established 2300s, counts
    # not shown, so N' = N* = 50 / sqrt(0.662 + 0.00000739 x 269^2) = 45.706; A beats B.
    # Regular: K = 800 x (6.5 - 0.0025 x 2300) / 46.706 = 12.846; B's Step 4 2293.58;
    # A = 2300 + 12.846 x (1 - We(2300 - 2293.58)) = 2306.30.  Quick (no reduction):
    # K = 17.129; B's Step 4 2291.44; A = 2308.35.
    def row(pair: int, outcome: str, opponent: int) -> dict[str, Any]:
        return {
            "pairingNumber": pair,
            "memberId": str(pair),
            "firstName": "AB"[pair - 1],
            "lastName": "Test",
            "roundOutcomes": [
                {
                    "roundNumber": 1,
                    "outcome": outcome,
                    "color": "White" if pair == 1 else "Black",
                    "opponentPairingNumber": opponent,
                }
            ],
            "ratings": [
                {"ratingSystem": system, "preRatingDecimal": 2300.0, "postRatingDecimal": 2300}
                for system in ("R", "Q")
            ],
        }

    page = {"items": [row(1, "Win", 2), row(2, "Loss", 1)]}
    section = {"name": "Open", "number": 1, "endDate": "2026-01-10", "ratingSystem": "D"}
    regular, quick = _read(page, section)
    assert regular.dual_rated and not quick.dual_rated
    day = dt.date(2026, 1, 10)
    a_regular = rate_event(regular, "uscf", day, "t").rows[0].post_decimal
    a_quick = rate_event(quick, "uscf", day, "t").rows[0].post_decimal
    assert a_regular == pytest.approx(2306.30, abs=0.01)
    assert a_quick == pytest.approx(2308.35, abs=0.01)


def test_a_start_given_or_assumed_is_said_in_the_players_row() -> None:
    page = _page("acc-may-2026")
    item = next(i for i in page["items"] if i["pairingNumber"] == 108)
    name = f"{item['firstName']} {item['lastName']}"
    (imported,) = read_api(
        [("p.json", json.dumps(page))], starts={item["memberId"]: Start(rating=900.0)}
    )
    rated = rate_event(imported, "uscf", dt.date(2026, 5, 29), "t")
    row = next(r for r in rated.rows if r.name == name)
    assert row.pre == 900.0 and "started at 900 as given (--start)" in row.note
    (quick,) = _rated("rockville-u1500")[1:]
    assumed = [r for r in quick.rows if "an assumption" in r.note]
    assert len(assumed) == 1 and assumed[0].agreement == "exact"
