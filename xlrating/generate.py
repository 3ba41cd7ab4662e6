"""Write every file generated from the one registry of functions: ``python -m xlrating.generate``.

The xlwings declarations (:mod:`xlrating.udfs`), the function reference
(docs/functions.md) and the LibreOffice add-in's interface files are rendered from
:data:`xlrating.sheet.catalog.FUNCTIONS`; tests/sheet/test_catalog.py checks that the committed
files equal what this writes.  Run it after changing the registry.
"""

from __future__ import annotations

from .libreoffice.generate import GENERATED
from .sheet.catalog_render import (
    FUNCTION_DOCS_PATH,
    UDFS_PATH,
    render_function_docs,
    render_udfs,
    write_generated,
)


def main() -> None:
    """Render and write every generated file, each through a temporary file."""
    write_generated(UDFS_PATH, render_udfs())
    FUNCTION_DOCS_PATH.parent.mkdir(exist_ok=True)
    write_generated(FUNCTION_DOCS_PATH, render_function_docs())
    print(f"wrote {UDFS_PATH} and {FUNCTION_DOCS_PATH}")
    for path, render in GENERATED.items():
        write_generated(path, render())
        print(f"wrote {path}")


if __name__ == "__main__":  # pragma: no cover
    main()
