"""The Excel host: the macro-enabled twins' VBA (:mod:`.vba`) and ``xlrating excel-check``
(:mod:`.check`).  (The one text of the Excel set-up steps, shown on every template's How
to use sheet, is :mod:`xlrating.workbook.templates.instructions`.)"""
