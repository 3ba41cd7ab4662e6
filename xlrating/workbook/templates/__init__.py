"""The template workbooks, built with XlsxWriter: US Chess, FIDE and Elo, and a club season.

One module per workbook, over a shared sheet writer:

* :mod:`.writer`: the :class:`Book`/:class:`Sheet` writer in the house style (yellow
  inputs with validation, green results that are formulas calling a function of the
  registry, :data:`xlrating.sheet.catalog.FUNCTIONS`, linted before they are written), formula
  text (:class:`Ref`, :class:`Expr`) and :class:`TemplateError`;
* :mod:`.registry`: :func:`template` registers a builder; :func:`build_template` adds the
  Checks sheet (the seeds' worked examples, PASS/FAIL) and the xlwings.conf sheet, lints the
  file and renames it into place; :func:`layout` tells where a template keeps its cells;
* :mod:`.uscf_event`, :mod:`.fide_period`, :mod:`.elo`: the calculators (``uscf_event.xlsx``,
  ``fide_period.xlsx``, ``elo.xlsx``), each with a "How to use" sheet;
* :mod:`.club_season` and :mod:`.club_sample`: ``club_season.xlsx`` and its sample season
  (where its tables are: :mod:`xlrating.workbook.season.layout`).

Nothing here computes a rating: every result cell is a formula.  The templates register
in build order when this package is imported.
"""

from __future__ import annotations

from ..season.layout import (
    CLUB_BYE,
    CLUB_BYE_RESULTS,
    CLUB_EVENT_COLUMNS,
    CLUB_GAME_ROWS,
    CLUB_MAX_EVENT_COLUMNS,
    CLUB_MAX_GAME_ROWS,
    CLUB_MAX_PLAYER_ROWS,
    CLUB_PLAYER_ROWS,
    CLUB_RESULTS,
    CLUB_SYSTEMS,
    ClubRoom,
)
from .registry import (
    BUILD_DATE,
    TEMPLATES,
    XLWINGS_CONF_SHEET,
    XLWINGS_UDF_MODULE,
    Built,
    Check,
    Template,
    build_all,
    build_template,
    layout,
    lint_template,
    template,
)
from .writer import Address, Book, Expr, Ref, Sheet, TemplateError, call_text, number_validation

# The templates, registered in build order by importing their modules.
from .uscf_event import USCF_CHECKS  # isort: skip
from .fide_period import FIDE_CHECKS  # isort: skip
from .elo import ELO_CHECKS  # isort: skip
from .club_sample import CLUB_CHECKS, CLUB_GAMES, CLUB_PLAYERS  # isort: skip
from .club_season import build_club_season  # isort: skip

# The writer's names as this module had them when it was one file (tests use them).
_Book = Book
_call_text = call_text
_number = number_validation

__all__ = [
    "BUILD_DATE",
    "CLUB_BYE",
    "CLUB_BYE_RESULTS",
    "CLUB_CHECKS",
    "CLUB_EVENT_COLUMNS",
    "CLUB_GAMES",
    "CLUB_GAME_ROWS",
    "CLUB_MAX_EVENT_COLUMNS",
    "CLUB_MAX_GAME_ROWS",
    "CLUB_MAX_PLAYER_ROWS",
    "CLUB_PLAYERS",
    "CLUB_PLAYER_ROWS",
    "CLUB_RESULTS",
    "CLUB_SYSTEMS",
    "ELO_CHECKS",
    "FIDE_CHECKS",
    "TEMPLATES",
    "USCF_CHECKS",
    "XLWINGS_CONF_SHEET",
    "XLWINGS_UDF_MODULE",
    "Address",
    "Book",
    "Built",
    "Check",
    "ClubRoom",
    "Expr",
    "Ref",
    "Sheet",
    "Template",
    "TemplateError",
    "build_all",
    "build_club_season",
    "build_template",
    "layout",
    "lint_template",
    "template",
]
