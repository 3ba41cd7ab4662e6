"""The lint floor of the workbook wing: a formula linted before anyone opens it in Excel
(:mod:`.formulas`), and a whole workbook with its ``calcPr`` (:mod:`.book`)."""
