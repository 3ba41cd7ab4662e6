"""How every sheet of a template prints: page size, orientation, scale, header and footer.

The files name no paper size (the printer's default): every sheet is laid out to fit both
papers a printer is usually set to, A4 and US Letter, one page wide, with body text at
:data:`LEGIBLE_POINTS` or more.  :func:`set_up_page` gives an XlsxWriter worksheet its
print area, orientation and scale, margins, the header (the book's title, the date
printed) and the footer (the sheet, page n of m), and the rows repeated on every page.
Widths follow Excel's pixel rule for 11-point Calibri (LibreOffice lays pages out alike
with Carlito, Calibri's metric twin).
"""

from __future__ import annotations

import math
from typing import Any, Final

__all__ = [
    "A4_INCHES",
    "BODY_POINTS",
    "HEADER_CHARS",
    "LEGIBLE_POINTS",
    "LETTER_INCHES",
    "LINE_HEIGHT",
    "MIN_SCALE",
    "PAGE_FOOTER",
    "PAGE_HEADER",
    "PORTRAIT_SCALE",
    "fits_one_page",
    "header_length",
    "page_fit",
    "page_header",
    "printable_height",
    "printable_width",
    "printed_width",
    "set_up_page",
]

#: The page footer of every sheet: its name and the page number (Excel's header codes:
#: &A the sheet's name, &P the page, &N the pages).
PAGE_FOOTER: Final = "&L&A&Rpage &P of &N"
#: The page header: the book's title (bold) on the left, the date it is printed on the
#: right (&D); see :func:`page_header`.
PAGE_HEADER: Final = '&L&"-,Bold"{title}&R&D'
#: The most characters a page header or footer holds, its codes (&L, &D, ...) included:
#: Microsoft, "Excel specifications and limits" ("Characters in a header or footer: 255");
#: counted as :func:`header_length` counts them.
HEADER_CHARS: Final = 255
#: The two paper sizes a printer is usually set to, (width, height) in inches: ISO 216 A4
#: (210 x 297 mm) and US Letter (ANSI A).  The files name no paper size (the printer's
#: default); every sheet is laid out to fit the narrower and shorter of the two.
A4_INCHES: Final = (210 / 25.4, 297 / 25.4)
LETTER_INCHES: Final = (8.5, 11.0)
#: Page margins in inches: left, right, top, bottom (the header and footer sit 0.3 in
#: from the edge, inside the top and bottom margins).
_MARGINS: Final = (0.5, 0.5, 0.75, 0.75)
#: The size of body text (XlsxWriter's default font, 11-point Calibri) and the smallest
#: size it may be printed at: a sheet is shrunk to the page width only down to
#: LEGIBLE_POINTS / BODY_POINTS (73 %); a wider sheet prints at that scale on more pages.
BODY_POINTS: Final = 11.0
LEGIBLE_POINTS: Final = 8.0
MIN_SCALE: Final = LEGIBLE_POINTS / BODY_POINTS
#: Points per inch, and per pixel of column width (Excel's 96 pixels per inch).
_POINTS_PER_INCH: Final = 72.0
_POINTS_PER_PIXEL: Final = 0.75
#: A sheet a little wider than a portrait page stays portrait, shrunk to no less than
#: this; a wider one prints landscape.
PORTRAIT_SCALE: Final = 0.9
#: Points per line of 11-point Calibri, the row height Excel and LibreOffice give one line.
LINE_HEIGHT: Final = 15.0
#: Excel's default column width in pixels (8.43 characters).
_DEFAULT_PIXELS: Final = 64
#: LibreOffice lays a column of width w (characters) out about 5.654 w + 3.63 points wide
#: in Carlito (measured: LibreOffice 25.2 fitting 5 to 40 columns of widths 5 to 40 to
#: one page width), some 7 % wider than Excel's 7 w + 5 pixels; the wider of the two
#: counts, so a page fitted for one fits in the other.
_CALC_POINTS_PER_CHARACTER: Final = 5.654
_CALC_POINTS_PER_COLUMN: Final = 3.63


def printable_height(landscape: bool) -> float:
    """Points down the page inside the top and bottom margins (the header and footer sit
    in them), on the shorter of A4 and Letter."""
    down = min(min(paper) if landscape else max(paper) for paper in (A4_INCHES, LETTER_INCHES))
    return (down - _MARGINS[2] - _MARGINS[3]) * _POINTS_PER_INCH


def printable_width(landscape: bool) -> float:
    """Points across the page inside the margins, on the narrower of A4 and Letter."""
    across = min(max(paper) if landscape else min(paper) for paper in (A4_INCHES, LETTER_INCHES))
    return (across - _MARGINS[0] - _MARGINS[1]) * _POINTS_PER_INCH


def page_fit(width: float) -> tuple[bool, int | None]:
    """(landscape, scale in percent) for a sheet *width* points wide.

    Portrait when the sheet fits the page width at :data:`PORTRAIT_SCALE` or more, else
    landscape; shrunk to the page width (scale None: XlsxWriter's ``fit_to_pages(1, 0)``)
    when that keeps text at :data:`MIN_SCALE` or more, else printed at that scale, its
    columns continuing on further pages.

    >>> page_fit(500.0), page_fit(700.0), page_fit(2000.0)
    ((False, None), (True, None), (True, 73))
    """
    if width * PORTRAIT_SCALE <= printable_width(landscape=False):
        return False, None
    if width * MIN_SCALE <= printable_width(landscape=True):
        return True, None
    return True, math.ceil(MIN_SCALE * 100)


def header_length(text: str) -> int:
    """The characters of a page header or footer *text* as Excel counts them (and
    XlsxWriter, which drops a longer header): UTF-16 code units, so a character outside
    the Basic Multilingual Plane (an emoji) counts two.

    >>> header_length("Riverside"), header_length("Chess \\U0001F3C6")
    (9, 8)
    """
    return len(text.encode("utf-16-le")) // 2


def page_header(title: str) -> str:
    """The page header naming *title* (an ``&`` in it doubled, as header codes need)."""
    return PAGE_HEADER.format(title=title.replace("&", "&&")) if title else "&R&D"


def printed_width(ws: Any, last_col: int) -> float:
    """The width in points of columns A to *last_col* (zero-based) of XlsxWriter worksheet
    *ws* as printed at 100 %: hidden columns (helper columns) take no room."""
    points = 0.0
    for col in range(last_col + 1):
        info = ws.col_info.get(col)
        if info is not None and info.hidden:
            continue
        width = info.width if info is not None and info.width is not None else None
        excel = _DEFAULT_PIXELS if width is None else float(width)
        characters = max((excel - 5) / 7, 0.0)
        calc = characters * _CALC_POINTS_PER_CHARACTER + _CALC_POINTS_PER_COLUMN
        points += max(excel * _POINTS_PER_PIXEL, calc)
    return points


def fits_one_page(ws: Any, last_row: int, last_col: int, landscape: bool) -> bool:
    """True when rows and columns up to *last_row* and *last_col* fit one page at
    :data:`MIN_SCALE` or more."""
    height = sum(
        info.height
        if (info := ws.row_info.get(row)) is not None and info.height is not None
        else LINE_HEIGHT
        for row in range(last_row + 1)
    )
    scale = min(
        printable_width(landscape) / max(printed_width(ws, last_col), 1.0),
        printable_height(landscape) / max(height, 1.0),
    )
    return scale >= MIN_SCALE


def set_up_page(
    ws: Any,
    last_row: int,
    last_col: int,
    title: str,
    *,
    one_page: bool = False,
    repeat: tuple[int, int] | None = None,
) -> None:
    """Print-ready: the print area A1 to (*last_row*, *last_col*), zero-based; portrait
    or landscape and the scale that fit the page width on A4 and on Letter (never below
    :data:`MIN_SCALE`); one page when *one_page* and it fits so; rows *repeat* (first,
    last) on every page; the header naming *title* and the date, the footer the sheet and
    page n of m.  No paper size is written: the printer's default."""
    ws.print_area(0, 0, last_row, last_col)
    landscape, scale = page_fit(printed_width(ws, last_col))
    if (
        one_page
        and scale is None
        and not fits_one_page(ws, last_row, last_col, landscape)
        and fits_one_page(ws, last_row, last_col, not landscape)
    ):  # a page that is taller than wide holds it whole (a player card)
        landscape = not landscape
    if landscape:
        ws.set_landscape()
    else:
        ws.set_portrait()
    if scale is not None:
        ws.set_print_scale(scale)
    elif one_page and fits_one_page(ws, last_row, last_col, landscape):
        ws.fit_to_pages(1, 1)
    else:
        ws.fit_to_pages(1, 0)
    ws.set_margins(*_MARGINS)
    ws.set_header(page_header(title))
    ws.set_footer(PAGE_FOOTER)
    if repeat is not None:
        ws.repeat_rows(*repeat)
