"""The Excel host: the macro-enabled twins' VBA (:mod:`.vba`), ``xlrating excel-check``
(:mod:`.check`) and the one text of the Excel set-up steps (:mod:`.instructions`)."""
