"""The bottom floor of the workbook wing: an xlsx package read once and written once (the
guard, the one :class:`~.package.Package` parsed with lxml, cells and cached values, rows,
columns, notes, formula text, A1 addresses) and the one atomic writer (:mod:`.files`,
with the lock files of :mod:`.locks`)."""
