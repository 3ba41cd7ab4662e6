"""A club season workbook: its layout, its tables found and written, grown, imported into,
printed and started from a rating list."""
