"""The spreadsheet boundary: what a cell hands over becomes the core's input, and what
the core returns (or raises) becomes what a cell shows.

* :mod:`.cells`: coercion of cell values and ranges, and the one table that maps an
  exception to the text a cell shows;
* :mod:`.catalog`: the one registry of spreadsheet functions, keyed by their Excel names
  (with :mod:`.catalog_args`, the arguments' descriptions and shared coercions, and
  :mod:`.catalog_render`, the renderers of the files generated from it);
* :mod:`.tables`: a club season's Players and Games tables read from their ranges.

Every front end reads the registry: the xlwings declarations (:mod:`xlrating.udfs`), the
headless engine and template builder (:mod:`xlrating.workbook`), the LibreOffice add-in
(:mod:`xlrating.libreoffice`) and the command.  It imports the core
(:mod:`xlrating.rating`) and no Excel library.
"""
