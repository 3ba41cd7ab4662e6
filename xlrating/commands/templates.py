"""``xlrating templates`` (write the template workbooks) and ``xlrating demo`` (fill them
with sample data, recalculate them and print the results)."""

from __future__ import annotations

import argparse
import decimal
import importlib.util
from pathlib import Path
from typing import Any, Final

from ..workbook.ooxml import files
from .base import ROOM_WORDS, CliError, Commands, Step, doing, one_line
from .common import add_force, add_ignore_lock, progress, workbook_modules


def run_templates(args: argparse.Namespace) -> int:
    from ..workbook.season.layout import CLUB_SEASON

    _, _, templates = workbook_modules()
    directory = Path(args.directory)
    room = {
        key: value
        for key, value in (
            ("player_rows", args.player_rows),
            ("game_rows", args.game_rows),
            ("event_columns", args.event_columns),
        )
        if value is not None
    }
    with doing(Step("xlrating templates", words=ROOM_WORDS)):
        for name in templates.TEMPLATES:  # one xlrating at a time on each file it writes
            # DIR's files were not named one by one: an existing one stays (--force: replaced)
            files.lock(directory / name, named=False)
            files.lock((directory / name).with_suffix(".xlsm"), named=False)
        if not room:
            paths = templates.build_all(directory)
        else:  # the club season with the room asked for, if recalc will accept it
            from ..workbook.ooxml.guard import WorkbookRefusedError, check_workbook

            with files.replacing(directory / CLUB_SEASON) as sized:
                # The guard's limits first: a book too big is refused without being linted.
                templates.build_template(CLUB_SEASON, sized, room, lint=False)
                try:
                    check_workbook(sized)
                except WorkbookRefusedError as error:
                    raise CliError(
                        f"xlrating templates: {CLUB_SEASON} with that room would be too big "
                        f"for xlrating recalc: {one_line(error)}"
                    ) from None
                templates.lint_template(CLUB_SEASON, sized)
                for name in templates.TEMPLATES:  # the others, as standard
                    if name != CLUB_SEASON:
                        templates.build_template(name, directory / name)
            paths = [directory / name for name in templates.TEMPLATES]
        # Each template caches its computed values, and with xlwings installed (the excel
        # extra) gets its .xlsm twin with the functions inside.
        from ..workbook.finish import finish_templates

        paths = finish_templates(paths, twins=importlib.util.find_spec("xlwings") is not None)
    for path in paths:
        print(f"wrote {path}")
    return 0


_PLAIN: Final = decimal.Decimal(1)


def _display(value: object, num_format: str | None) -> str:
    """A cell value as Excel shows it with the template's number format (roughly)."""
    if value is None:
        return ""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return str(value)
    fmt = (num_format or "General").split(";")[0]
    sign = "+" if fmt.startswith("+") else ""
    fmt = fmt.lstrip("+")
    percent = fmt.endswith("%")
    number = decimal.Decimal(repr(value * 100 if percent else value))
    if fmt in ("", "General"):
        return str(value)
    places = len(fmt.rstrip("%").partition(".")[2])
    quantum = _PLAIN.scaleb(-places)
    rounded = number.quantize(quantum, rounding=decimal.ROUND_HALF_UP)  # as Excel shows it
    text = f"{rounded:{sign}.{places}f}"
    return text + ("%" if percent else "")


def _grid_of(ref: str) -> list[list[str]]:
    """ "$C$13:$D$14" -> [["C13", "D13"], ["C14", "D14"]]: the cells of a range, by row."""
    from ..workbook.ooxml.a1 import address, cell_range

    rows: dict[int, list[str]] = {}
    for row, col in cell_range(ref.replace("$", "")):
        rows.setdefault(row, []).append(address(row, col))
    return list(rows.values())


def _season_table(evaluation: Any, built: Any) -> list[list[str]]:
    """The season a club workbook computed: player, start, rating after each event, final.

    Everything is read from the workbook's own cells: the SEASON_RATINGS table and the
    Start and Final columns beside it (same rows); an unrated player shows as "-".  The
    table covers the book's room: its blank rows and event columns are left out.
    """

    def column(key: str) -> list[object]:
        sheet, ref = built.cells[key]
        return [evaluation.value(sheet, row[0]) for row in _grid_of(ref)]

    def shown(value: object) -> str:
        number = isinstance(value, (int, float)) and not isinstance(value, bool)
        return _display(value, "0") if number else "-"

    sheet, ref = built.cells["ratings"]
    grid = [[evaluation.value(sheet, cell) for cell in row] for row in _grid_of(ref)]
    start, final = column("start"), column("final")  # from the table's header row down
    events = 1 + sum(1 for v in grid[0][1:] if v not in (None, ""))
    table = [["Player", "Start", *(str(v) for v in grid[0][1:events]), "Final"]]
    for i, row in enumerate(grid[1:], start=1):
        if row[0] in (None, ""):
            continue
        values = [shown(v) for v in row[1:events]]
        table.append([str(row[0]), shown(start[i]), *values, shown(final[i])])
    return table


def _print_table(table: list[list[str]]) -> None:
    widths = [max(len(row[j]) for row in table) for j in range(len(table[0]))]
    for row in table:
        cells = [row[0].ljust(widths[0])]
        cells += [v.rjust(w) for v, w in zip(row[1:], widths[1:], strict=True)]
        print("  ".join(cells).rstrip())


#: The file in a demo folder that records what ``xlrating demo`` wrote there (name -> the
#: SHA-256 of the file as written), so that a second demo replaces its own untouched files
#: and nothing else.
DEMO_RECORD: Final = ".xlrating-demo.json"


def _digest(path: Path) -> str | None:
    import hashlib

    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None


def _demo_record(directory: Path) -> dict[str, str]:
    """What an earlier demo wrote into *directory* (empty: nothing known)."""
    import json

    try:
        record = json.loads((directory / DEMO_RECORD).read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(record, dict):
        return {}
    return {k: v for k, v in record.items() if isinstance(k, str) and isinstance(v, str)}


def run_demo(args: argparse.Namespace) -> int:
    import json

    engine, xlsx, templates = workbook_modules()
    from ..workbook.ooxml.guard import check_workbook
    from ..workbook.ooxml.package import Package

    directory = Path(args.directory)
    earlier = _demo_record(directory)
    with doing(Step("xlrating demo")):
        for name in templates.TEMPLATES:
            # An existing file stays unless --force, but a file an earlier demo wrote and
            # nobody has changed since is the demo's own: a second demo replaces it.
            own = name in earlier and _digest(directory / name) == earlier[name]
            files.lock(directory / name, named=own)
    bar = progress(args)
    rows: list[tuple[str, str, str]] = []
    statuses: list[tuple[str, object]] = []
    seasons: list[tuple[str, object, list[list[str]]]] = []
    names = list(templates.TEMPLATES)
    try:
        with doing(Step("xlrating demo")):
            for index, name in enumerate(names):
                spec = templates.TEMPLATES[name]
                path = directory / name
                bar.show(f"building {name}", index / len(names))
                built = templates.build_template(name, path, spec.sample)
                package = Package.open(check_workbook(path))  # read once, written once
                evaluation = engine.evaluate(package, progress=bar.part(index, len(names)))
                xlsx.write_values(package, evaluation.values)
                package.save(path)
                for key in spec.summary:
                    sheet, ref = built.cells[key]
                    if ":" in ref:  # a table (the club season's ratings): printed below
                        continue
                    value = evaluation.value(sheet, ref)
                    rows.append(
                        (name, built.labels.get(key, key), _display(value, built.formats.get(key)))
                    )
                if "ratings" in spec.summary:
                    system = evaluation.value(*built.cells["system"])
                    seasons.append((name, system, _season_table(evaluation, built)))
                sheet, ref = built.cells["checks:status"]
                statuses.append((name, evaluation.value(sheet, ref)))
            bar.show("done", 1.0)
            written = {name: _digest(directory / name) for name in names}
            record = json.dumps({k: v for k, v in written.items() if v}, indent=1)
            files.write_bytes(directory / DEMO_RECORD, record.encode("utf-8"))
    finally:
        bar.close()
    width = max(len(name) for name in names)
    if rows:
        label_width = max(len(r[1]) for r in rows)
        print(f"{'Workbook':<{width}}  {'Result':<{label_width}}  Value")
        for workbook, label, value in rows:
            print(f"{workbook:<{width}}  {label:<{label_width}}  {value:>8}")
        print()
    for workbook, system, table in seasons:
        print(f"{workbook}: rating after each event (system {system}; - means unrated)")
        _print_table(table)
        print()
    for workbook, status in statuses:
        print(f"{workbook:<{width}}  Checks sheet: {status}")
    print()
    print(f"Wrote {len(names)} workbooks with sample data to {directory.resolve()}")
    print(
        "Each is recalculated: the results are cached in the file and marked current, so "
        "Excel shows them without the add-in until a cell they depend on changes. "
        "LibreOffice 25.2+ computes them live after xlrating libreoffice-setup, Excel for "
        "Mac and the web with xlwings Lite (xlrating lite-bundle, docs/lite.md); for "
        "Google Sheets or to share, xlrating recalc --values-only writes plain values."
    )
    return 0


def add_parsers(commands: Commands) -> None:
    """Add the ``templates`` and ``demo`` commands to the ``xlrating`` parser."""
    templates = commands.add_parser(
        "templates",
        help="write fresh template workbooks",
        description="Write the template workbooks into DIR.",
    )
    templates.add_argument(
        "directory",
        metavar="DIR",
        nargs="?",
        default="workbooks",
        help="where to write them (default: ./workbooks)",
    )
    # The club season's layout module imports no workbook library, so --help can read it.
    from ..workbook.season import layout as club

    for option, what, default in (
        ("--player-rows", "rows for players", club.CLUB_PLAYER_ROWS),
        ("--game-rows", "rows for games (a game or a bye per row)", club.CLUB_GAME_ROWS),
        ("--event-columns", "event columns of the Ratings sheet", club.CLUB_EVENT_COLUMNS),
    ):
        templates.add_argument(
            option,
            type=int,
            metavar="N",
            help=f"club_season.xlsx: {what} (default {default})",
        )
    add_force(templates, "a file of DIR")
    add_ignore_lock(templates)
    templates.set_defaults(handler=run_templates)

    demo = commands.add_parser(
        "demo",
        help="build sample workbooks, recalculate them and print a summary",
        description="Fill every template with a sample event, recalculate it headlessly and "
        "print the main results.",
    )
    demo.add_argument(
        "directory",
        metavar="DIR",
        nargs="?",
        default="xlrating-demo",
        help="where to write the workbooks (default: ./xlrating-demo)",
    )
    demo.add_argument(
        "--progress",
        action="store_true",
        help="show a progress bar even when stderr is not a terminal",
    )
    add_force(demo, "a file of DIR")
    add_ignore_lock(demo)
    demo.set_defaults(handler=run_demo)
