"""The LibreOffice Calc add-in's declarations, generated from the registry.

``python -m xlrating.generate`` writes them beside this module, and a test checks that the
committed files are up to date (as for :mod:`xlrating.udfs`):

* ``XRatingFunctions.idl``: the UNO interface ``org.xlrating.calc.XRatingFunctions``, one
  method per registry function.  Every argument is ``any``: Calc then hands over a number,
  a text, a range as rows of cells, or nothing for an argument left out, and treats the
  argument as optional.  A function that returns a table (``returns_table``) returns
  ``sequence< sequence< any > >`` (Calc fills an array formula with it); every other one
  returns ``any``.  LibreOffice reads the .idl itself as the type library, so building the
  extension needs no LibreOffice SDK.
* ``CalcAddIns.xcu``: the names, descriptions and argument names Calc's Function Wizard
  shows, and each function's ``CompatibilityName``, the name an .xlsx formula uses: how
  LibreOffice 25.2 maps ``USCF_NEW_RATING(...)`` in an .xlsx to the add-in on import and
  writes it back unchanged on export.
* ``description.xml``: the extension's identity, version and the oldest LibreOffice it
  installs into.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Final
from xml.sax.saxutils import escape, quoteattr

from .. import __version__
from ..sheet.catalog import FUNCTIONS, ExcelFunction

#: The UNO names of the add-in (module, interface and implementation).
MODULE: Final = "org.xlrating.calc"
INTERFACE: Final = "XRatingFunctions"
IMPLEMENTATION: Final = "org.xlrating.calc.RatingFunctions"
#: The extension's identifier (what ``unopkg remove`` takes).
IDENTIFIER: Final = "org.xlrating.calc"
#: The oldest LibreOffice release supported: the first whose .xlsx import and export map
#: an add-in function to its compatibility (Excel) name (7.4 does not; 25.2 does, tested).
MINIMUM_VERSION: Final = (25, 2)

HERE: Final = Path(__file__).resolve().parent
IDL_PATH: Final = HERE / f"{INTERFACE}.idl"
XCU_PATH: Final = HERE / "CalcAddIns.xcu"
DESCRIPTION_PATH: Final = HERE / "description.xml"

_GENERATED: Final = "GENERATED from xlrating/sheet/catalog.py by python -m xlrating.generate"


def uno_identifier(name: str) -> str:
    """A UNOIDL identifier for an argument name: UNOIDL refuses an underscore before a
    lower-case letter (``bonus_ok``), so the parts are joined in camel case (``bonusOk``)."""
    head, *rest = name.split("_")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


def _method(fn: ExcelFunction) -> str:
    args = ", ".join(f"[in] any {uno_identifier(p.name)}" for p in fn.params)
    result = "sequence< sequence< any > >" if fn.returns_table else "any"
    return f"        {result} {fn.name}({args});"


def render_idl() -> str:
    """The UNO interface of the add-in (one method per registry function)."""
    modules = MODULE.split(".")
    opening = " ".join(f"module {m} {{" for m in modules)
    closing = " ".join("};" for _ in modules)
    return (
        f"// {_GENERATED}: do not edit.\n"
        "#include <com/sun/star/uno/XInterface.idl>\n\n"
        f"{opening}\n"
        f"    interface {INTERFACE} : com::sun::star::uno::XInterface\n    {{\n"
        + "\n".join(_method(fn) for fn in FUNCTIONS.values())
        + f"\n    }};\n{closing}\n"
    )


def _prop(name: str, value: str, *, localized: bool = True) -> str:
    lang = ' xml:lang="en-US"' if localized else ""
    return f"<prop oor:name={quoteattr(name)}><value{lang}>{escape(value)}</value></prop>"


def _function_node(fn: ExcelFunction) -> str:
    params = "".join(
        f'\n      <node oor:name={quoteattr(uno_identifier(p.name))} oor:op="replace">'
        f"{_prop('DisplayName', p.name)}{_prop('Description', p.doc)}</node>"
        for p in fn.params
    )
    return (
        f'   <node oor:name={quoteattr(fn.name)} oor:op="replace">\n'
        f"    {_prop('DisplayName', fn.name)}\n"
        f"    {_prop('Description', fn.summary)}\n"
        f"    {_prop('Category', 'Add-In', localized=False)}\n"
        f"    {_prop('CompatibilityName', fn.name)}\n"
        f'    <node oor:name="Parameters">{params}\n    </node>\n'
        "   </node>"
    )


def render_xcu() -> str:
    """The Calc add-in configuration: names, help texts and Excel names of the functions."""
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f"<!-- {_GENERATED}: do not edit. -->\n"
        '<oor:component-data xmlns:oor="http://openoffice.org/2001/registry" '
        'xmlns:xs="http://www.w3.org/2001/XMLSchema" oor:name="CalcAddIns" '
        'oor:package="org.openoffice.Office">\n'
        ' <node oor:name="AddInInfo">\n'
        f'  <node oor:name={quoteattr(IMPLEMENTATION)} oor:op="replace">\n'
        '   <node oor:name="AddInFunctions">\n'
        + "\n".join(_function_node(fn) for fn in FUNCTIONS.values())
        + "\n   </node>\n  </node>\n </node>\n</oor:component-data>\n"
    )


def render_description() -> str:
    """The extension's description.xml (identifier, version, oldest LibreOffice)."""
    major, minor = MINIMUM_VERSION
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f"<!-- {_GENERATED}: do not edit. -->\n"
        '<description xmlns="http://openoffice.org/extensions/description/2006"\n'
        '             xmlns:d="http://openoffice.org/extensions/description/2006"\n'
        '             xmlns:lo="http://libreoffice.org/extensions/description/2011"\n'
        '             xmlns:xlink="http://www.w3.org/1999/xlink">\n'
        f'  <identifier value="{IDENTIFIER}"/>\n'
        f'  <version value="{__version__}"/>\n'
        '  <display-name><name lang="en">xlrating: chess rating functions</name>'
        "</display-name>\n"
        "  <dependencies>\n"
        f'    <lo:LibreOffice-minimal-version value="{major}.{minor}" '
        f'd:name="LibreOffice {major}.{minor}"/>\n'
        "  </dependencies>\n"
        "</description>\n"
    )


#: Every generated file and its renderer (``python -m xlrating.generate`` writes them all).
GENERATED: Final[dict[Path, Callable[[], str]]] = {
    IDL_PATH: render_idl,
    XCU_PATH: render_xcu,
    DESCRIPTION_PATH: render_description,
}
