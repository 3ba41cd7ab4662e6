"""``xlrating lite-bundle DIR``: write xlwings Lite's main.py and requirements.txt."""

from __future__ import annotations

import argparse
from pathlib import Path

from .base import CliError, Commands, Step, doing
from .common import add_force, add_ignore_lock


def run_lite_bundle(args: argparse.Namespace) -> int:
    from .. import lite

    folder = Path(args.folder).expanduser()
    if folder.exists() and not folder.is_dir():
        raise CliError(f"xlrating lite-bundle: {args.folder} is not a folder")
    with doing(Step("xlrating lite-bundle", str(folder), os_error=f"cannot write {folder}")):
        written = lite.write_bundle(folder, named=False)
    for path in written:
        print(f"wrote {path}")
    main, requirements = written
    print(
        "Next, in Excel on Windows, Mac or the web with the xlwings Lite add-in: paste "
        f"{main.name} into its main.py tab and {requirements.name} into its "
        "requirements.txt tab (then restart Lite from its menu), and "
        "=USCF_NEW_RATING(1700, 30, {1600,1650,1750,1800}, {1,0.5,0,1}) computes 1716.658485 "
        "(see docs/lite.md)."
    )
    return 0


def add_parser(commands: Commands) -> None:
    """Add the ``lite-bundle`` command to the ``xlrating`` parser."""
    lite = commands.add_parser(
        "lite-bundle",
        help="write xlwings Lite's main.py and requirements.txt (Excel on Mac and the web)",
        description="Write the xlwings Lite bundle, generated from the registry: main.py "
        "declares every function (the rating core inlined) and requirements.txt names "
        "xlwings. Paste both into the xlwings Lite add-in's tabs, in Excel on Windows, Mac "
        "or the web (docs/lite.md).",
    )
    lite.add_argument(
        "folder",
        nargs="?",
        default="xlrating-lite",
        metavar="DIR",
        help="the folder to write them into (made if missing; default: ./xlrating-lite)",
    )
    add_force(lite, "main.py or requirements.txt in DIR")
    add_ignore_lock(lite)
    lite.set_defaults(handler=run_lite_bundle)
