"""``xlrating libreoffice-setup``: install xlrating's functions into LibreOffice Calc."""

from __future__ import annotations

import argparse
from pathlib import Path

from .base import CliError, Commands, Step, doing


def _libreoffice_profile(text: str | None) -> Path | None:
    """The --profile folder: an existing folder, or a new one in an existing folder."""
    if text is None:
        return None
    profile = Path(text).expanduser()
    if profile.exists() and not profile.is_dir():
        raise CliError(f"xlrating libreoffice-setup: --profile {text} is not a folder")
    if not profile.exists() and not profile.parent.is_dir():
        raise CliError(
            f"xlrating libreoffice-setup: --profile {text}: its folder {profile.parent} "
            "does not exist"
        )
    return profile.resolve()


def run_libreoffice_setup(args: argparse.Namespace) -> int:
    from ..libreoffice import office

    profile = _libreoffice_profile(args.profile)
    where = f"the LibreOffice profile {profile}" if profile else "your LibreOffice profile"
    with doing(Step("xlrating libreoffice-setup")):
        found = office.find_office()
        if args.remove:
            removed = office.remove(found, profile)
            print(
                f"removed xlrating's functions from {where}"
                if removed
                else f"xlrating's functions were not installed in {where}"
            )
            return 0
        how = office.install(found, profile)
    print(
        f"installed xlrating's functions into {where} (LibreOffice {found.version_text}, by {how})"
    )
    print(
        "Next: restart LibreOffice (close every window, and the quick starter); then "
        "=USCF_NEW_RATING(1700,30,B2:B5,C2:C5) computes in Calc and .xlsx files keep the "
        "function names Excel reads. Tables (USCF_DETAILS, SEASON_RATINGS, ...) do not "
        "spill in LibreOffice: enter them as array formulas (Ctrl+Shift+Enter) over the "
        "cells they fill."
    )
    return 0


def add_parser(commands: Commands) -> None:
    """Add the ``libreoffice-setup`` command to the ``xlrating`` parser."""
    lo_setup = commands.add_parser(
        "libreoffice-setup",
        help="install xlrating's functions into LibreOffice Calc (25.2 or later)",
        description="Build the xlrating extension (.oxt) for LibreOffice Calc from the "
        "registry and install it, so the functions compute live in Calc and .xlsx files keep "
        "their Excel names. Needs LibreOffice 25.2 or later with its Python bridge "
        "(Debian: python3-uno, libreoffice-script-provider-python). Restart LibreOffice "
        "afterwards.",
    )
    lo_setup.add_argument(
        "--profile",
        metavar="DIR",
        help="install into this LibreOffice user profile (default: your own profile)",
    )
    lo_setup.add_argument(
        "--remove", action="store_true", help="remove the extension instead of installing it"
    )
    lo_setup.set_defaults(handler=run_libreoffice_setup)
