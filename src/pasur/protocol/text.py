"""The text people type that the protocol carries: names at a table, and chat lines.

Both are checked once, here, wherever they arrive (a guest's name over REST, a seat's name at the
table, a chat frame): a name is tidied to single spaces and has 1 to :data:`MAX_NAME` printable
characters; a chat line is stripped and has 1 to :data:`MAX_CHAT` printable characters, without
the direction overrides that could turn the text around it. What fails raises
:class:`~pasur.protocol.errors.Refused` (``bad_name``, ``bad_chat``) and changes nothing.
"""

from __future__ import annotations

import unicodedata

from pasur.protocol.errors import ErrorCode, Refused

MAX_NAME = 40
"""The longest display name, in characters."""

MAX_CHAT = 200
"""The longest chat line, in characters, after surrounding spaces are stripped."""

_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Embedding, override and isolate controls: they could reverse the text around a line."""

_NOT_PRINTABLE = frozenset({"Cc", "Cs", "Co", "Cn", "Zl", "Zp"})
"""Control, surrogate, private, unassigned and line or paragraph separator characters."""


def clean_name(name: object) -> str:
    """The name shown at a table: ``name`` with its spaces tidied.

    Raises:
        Refused: ``bad_name``: not text, empty, longer than :data:`MAX_NAME` or not printable.
    """
    if not isinstance(name, str):
        raise Refused(ErrorCode.BAD_NAME, "a name is text")
    cleaned = " ".join(name.split())
    if not cleaned or len(cleaned) > MAX_NAME or not cleaned.isprintable():
        raise Refused(ErrorCode.BAD_NAME, f"a name has 1 to {MAX_NAME} printable characters")
    return cleaned


def clean_chat(text: object) -> str:
    """The line to send: ``text`` stripped, 1 to :data:`MAX_CHAT` characters, printable.

    Control characters (new lines, tabs, escape …), unassigned and private characters and the
    direction overrides are refused; the zero-width joiners and direction marks that Persian
    writing needs are kept.

    Raises:
        Refused: ``bad_chat``: the text is not text, empty, too long or not printable.
    """
    if not isinstance(text, str):
        raise Refused(ErrorCode.BAD_CHAT, "a chat line is text")
    line = text.strip()
    if not 1 <= len(line) <= MAX_CHAT:
        raise Refused(ErrorCode.BAD_CHAT, f"a chat line has 1 to {MAX_CHAT} characters")
    for char in line:
        if char in _BIDI_CONTROLS or unicodedata.category(char) in _NOT_PRINTABLE:
            raise Refused(
                ErrorCode.BAD_CHAT,
                f"a chat line has printable characters only, not U+{ord(char):04X}",
            )
    return line
