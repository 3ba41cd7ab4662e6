"""The bottom floor of the workbook wing: an xlsx package read and written (the guard, the
zip parts, cached cell values, rows, columns, notes, formula text, A1 addresses) and the
one atomic writer (:mod:`.files`, with the lock files of :mod:`.locks`)."""
