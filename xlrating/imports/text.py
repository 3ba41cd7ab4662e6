"""A tournament file's bytes as text (:func:`decode_text`), refusing what is not text."""

from __future__ import annotations

import re
from typing import Final

from ..errors import InvalidInputError
from ..rating._check import show

#: Largest tournament file read (an engineering limit, not a FIDE or US Chess rule: a
#: 1,000-player, 15-round TRF has about 200 KB).
MAX_TEXT_BYTES: Final = 4 * 1024 * 1024


# Byte-order marks, longest first (UTF-32 LE starts like UTF-16 LE).
_BOMS: Final = (
    (b"\xff\xfe\x00\x00", "utf-32-le"),
    (b"\x00\x00\xfe\xff", "utf-32-be"),
    (b"\xef\xbb\xbf", "utf-8"),
    (b"\xff\xfe", "utf-16-le"),
    (b"\xfe\xff", "utf-16-be"),
)


# Control characters no text file holds: all of C0 and C1 but tab, line feed, vertical
# tab, form feed, carriage return and the DOS end-of-file mark (Ctrl-Z) older programs append.
_CONTROL: Final = re.compile(r"[\x00-\x08\x0e-\x19\x1b-\x1f\x7f-\x9f]")


def _utf16_without_bom(data: bytes) -> str | None:
    """UTF-16 without a byte-order mark: the NUL bytes of ASCII text sit at even (big
    endian) or odd (little endian) offsets; None when the data does not look so."""
    sample = data[:4096]
    if len(sample) < 2:
        return None
    even, odd = sample[0::2].count(0), sample[1::2].count(0)
    half = len(sample) // 2
    if odd >= half * 0.9 > even:
        return "utf-16-le"
    if even >= half * 0.9 > odd:
        return "utf-16-be"
    return None


def _where(text: str, offset: int) -> str:
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return f"line {line}, column {column}"


def decode_text(data: bytes) -> str:
    r"""The text of a tournament file from its bytes, or one line saying why it is not text.

    A byte-order mark chooses UTF-8, UTF-16 or UTF-32; UTF-16 without one is recognised by
    its NUL bytes; anything else is UTF-8 if it decodes as such, else Windows-1252 (what
    pairing programs on Windows write), else Latin-1.  The mark is dropped.

    :param data: the file's bytes.
    :raises InvalidInputError: for more than :data:`MAX_TEXT_BYTES`, bytes the chosen
        encoding cannot decode, or control characters (NUL and the like) that no text file
        holds; the message names the line and column.

    >>> decode_text("Müller".encode("utf-8")), decode_text("Müller".encode("cp1252"))
    ('Müller', 'Müller')
    >>> decode_text("012 Open".encode("utf-16"))
    '012 Open'
    >>> decode_text(b"012 Open\n\x00\x01\x02")
    Traceback (most recent call last):
    ...
    xlrating.errors.InvalidInputError: line 2, column 1: control character U+0000: not a text file
    """
    if not isinstance(data, (bytes, bytearray)):
        raise InvalidInputError(f"data must be the bytes of a file, got {show(data)}")
    if len(data) > MAX_TEXT_BYTES:
        raise InvalidInputError(
            f"file is larger than {MAX_TEXT_BYTES:,} bytes, the limit for a tournament file"
        )
    data = bytes(data)
    encoding = next((name for bom, name in _BOMS if data.startswith(bom)), None)
    if encoding is not None:
        bom = next(b for b, name in _BOMS if name == encoding)
        body = data[len(bom) :]
    else:
        encoding, body = _utf16_without_bom(data), data
    if encoding is not None:
        try:
            text = body.decode(encoding)
        except UnicodeDecodeError as error:
            partial = body[: error.start].decode(encoding, errors="replace")
            raise InvalidInputError(
                f"{_where(partial, len(partial))}: bytes {body[error.start : error.end]!r} "
                f"are not {encoding.upper()}: not a text file in that encoding"
            ) from None
    else:
        text = body.decode("latin-1")  # every byte decodes: the last resort
        for candidate in ("utf-8", "cp1252"):
            try:
                text = body.decode(candidate)
                break
            except UnicodeDecodeError:
                continue
    found = _CONTROL.search(text)
    if found is not None:
        raise InvalidInputError(
            f"{_where(text, found.start())}: control character U+{ord(found.group()):04X}: "
            "not a text file"
        )
    return text
