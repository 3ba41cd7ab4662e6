"""``xlrating recalc BOOK.xlsx``: compute every formula and write the results into a copy."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ..workbook.ooxml import files
from .base import EXIT_FAILURE, EXIT_USAGE, TIME_LIMIT_VARIABLE, CliError, Commands, Step, doing
from .common import (
    Deadline,
    Progress,
    add_force,
    add_ignore_lock,
    backup,
    check_suffix,
    guard_workbook,
    progress,
    time_limit,
    workbook_modules,
)


def _default_output(book: Path) -> Path:
    return book.with_name(f"{book.stem}.recalc{book.suffix or '.xlsx'}")


def run_recalc(args: argparse.Namespace) -> int:
    source = Path(args.book)
    if args.in_place and args.output:
        raise CliError("xlrating recalc: give either --in-place or -o, not both", EXIT_USAGE)
    if not source.is_file():
        raise CliError(f"xlrating recalc: no such file: {source}")
    target = source if args.in_place else Path(args.output or _default_output(source))
    if not args.in_place and target.resolve() == source.resolve():
        raise CliError(
            f"xlrating recalc: {target} is the input; use --in-place to overwrite it", EXIT_USAGE
        )
    where = "xlrating recalc"
    named = bool(args.in_place or args.output)  # BOOK.recalc.xlsx: replaced only with --force
    with doing(Step(where, str(target), os_error=f"cannot write {target}")):
        files.lock(target, reading=[source], named=named)  # one xlrating at a time
    if not args.in_place:
        from ..workbook.ooxml.locks import open_note

        note = open_note(source)  # reading a book open elsewhere: its saved state only
        if note is not None:
            print(note, file=sys.stderr)
    limit = time_limit()
    inspection = guard_workbook(where, source)  # the one read of the book from disk
    engine, xlsx, _ = workbook_modules(templates=False)  # recalc builds no workbook
    from ..workbook.ooxml.package import Package

    package = Package.open(inspection)
    check_suffix(where, package, target, EXIT_FAILURE if args.in_place else EXIT_USAGE)
    files.remove_stale_temps(target)
    bar = progress(args)
    computing = Step(
        where,
        str(source),
        bad_zip=f"{source}: not an xlsx file (a damaged zip archive)",
        time_up=(
            f"{source}: gave up after {limit} s (the time limit; "
            f"{TIME_LIMIT_VARIABLE} sets another); nothing was written"
        ),
        computing=True,
        other=f"cannot compute {source.name}",
    )
    from ..workbook.season.print_areas import reset_print_areas
    from ..workbook.season.printing import season_print_areas

    try:
        with doing(computing), Deadline(limit):
            # The book is read from disk once (by the guard, above) and written once: the
            # package of the guard's bytes is computed, written into and saved.  A club
            # season's arrays cover its tables' whole room: nothing is fitted first.
            if getattr(args, "engine", "embedded") == "libreoffice":
                evaluation = _in_libreoffice(engine, source, bar)
            else:
                evaluation = engine.evaluate(package, progress=bar.part(0, 2))
            bar.show(f"writing {target.name}", 0.9)
            # A club season prints the rows its tables use (LibreOffice prints fixed
            # print areas only): read from the tables before the values are written.
            printed = season_print_areas(package)
            report = xlsx.write_values(package, evaluation.values, values_only=args.values_only)
            if printed is not None:
                reset_print_areas(package, printed)
            if args.in_place:
                backup(source)
            package.save(target)
        bar.show(f"wrote {target.name}", 1.0)
    finally:
        bar.close()
    _print_report(target, report, evaluation, values_only=args.values_only)
    return 0


def _print_report(target: Path, report: Any, evaluation: Any, *, values_only: bool) -> None:
    """What ``recalc`` says when it has written *target*: the cells computed, and (on
    stderr) the cells it could not compute or that show an error."""
    kind = "values only" if values_only else "formulas kept, results cached"
    print(
        f"wrote {target} ({report.written} of {report.formula_cells} formula cells computed; "
        f"{kind})"
    )
    if report.missing:
        sheet, cell = report.missing[0]
        print(
            f"note: {len(report.missing)} formula cells could not be computed "
            f"(first: {sheet}!{cell})",
            file=sys.stderr,
        )
    if report.errors:
        sheet, cell = report.errors[0]
        shown = evaluation.value(sheet, cell)
        print(
            f"note: {len(report.errors)} formula cells show an error "
            f"(first: {sheet}!{cell}: {str(shown)[:120]})",
            file=sys.stderr,
        )


def _in_libreoffice(engine: Any, book: Path, bar: Progress) -> Any:
    """Every cell's value computed by a headless LibreOffice with xlrating's add-in
    (``--engine libreoffice``)."""
    from ..libreoffice import office
    from ..sheet.cells import CLASSIC_EXCEL_ERRORS
    from ..workbook.ooxml.cells import CellError

    bar.show(f"LibreOffice: computing {book.name}", 0.1)
    with doing(Step("xlrating recalc --engine libreoffice", str(book))):
        done = office.recalculate_once(office.find_office(), book)
    values = {
        # a LibreOffice error shown otherwise (Err:504, ...) is cached as #VALUE!
        key: (CellError(v if v in CLASSIC_EXCEL_ERRORS else "#VALUE!"))
        if isinstance(v, office.CalcError)
        else v
        for key, v in done.values.items()
    }
    return engine.Evaluation(book.resolve(), values)


def add_parser(commands: Commands) -> None:
    """Add the ``recalc`` command to the ``xlrating`` parser."""
    recalc = commands.add_parser(
        "recalc",
        help="compute every formula of a workbook and write the results into a copy",
        description="Compute every formula of BOOK with xlrating's functions and write a copy "
        "whose formula cells carry the results as current cached values, so Excel "
        "without the add-in shows them until a cell they depend on changes "
        "(--values-only: plain values, for any program).",
    )
    recalc.add_argument("book", metavar="BOOK.xlsx", help="the workbook to compute")
    recalc.add_argument(
        "-o", "--output", metavar="OUT.xlsx", help="where to write (default: BOOK.recalc.xlsx)"
    )
    recalc.add_argument(
        "--values-only", action="store_true", help="drop the formulas and keep only the values"
    )
    recalc.add_argument(
        "--in-place",
        action="store_true",
        help="overwrite BOOK itself (written to a temporary file, then renamed)",
    )
    add_force(recalc, "BOOK.recalc.xlsx (the output when -o is not given)")
    add_ignore_lock(recalc)
    recalc.add_argument(
        "--progress",
        action="store_true",
        help="show a progress bar even when stderr is not a terminal",
    )
    recalc.add_argument(
        "--engine",
        choices=("embedded", "libreoffice"),
        default="embedded",
        help="who computes: the embedded engine (default; needs no LibreOffice) or a "
        "headless LibreOffice 25.2+ with xlrating's add-in (about as fast; text "
        "looked up inside a table result does not match there, see docs/libreoffice.md)",
    )
    recalc.set_defaults(handler=run_recalc)
