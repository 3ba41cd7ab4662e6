"""pytest: the component and the UNO driver run only under LibreOffice's Python (uno)."""

collect_ignore = ["xlrating_addin.py", "uno_driver.py"]
