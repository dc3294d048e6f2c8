"""The text people type, checked by one policy wherever it arrives.

A name at a table, a chat line, a tournament's name, a score sheet's player, a passkey's label:
each is text one person typed and others read, so each is checked by a :class:`TextRule`, and the
rules differ only in their longest length, the words of their messages and how they are refused.
A text is taken when it

- has at most ``longest`` characters as sent (the ``maxLength`` of the API's schema);
- holds none of :data:`REFUSED`: control characters (new lines, tabs, escape …), the line and
  paragraph separators, the direction embeddings, overrides and isolates that could turn the text
  around it, and the first plane's private-use characters (nor half of a UTF-16 surrogate pair).
  No field takes several lines. The two private-use planes beyond the first are not refused: a
  schema's pattern cannot name them alike in every reader (JavaScript's without ``u`` reads
  them as pairs of halves), and a range of 130,000 characters makes every schema-driven test
  generator enumerate it; they show as a box, as an unknown emoji does;
- has something to read once normalised to NFC (one spelling for ``é`` or ``ۀ``, so that two
  texts that look the same compare the same) and tidied (trimmed, each run of spaces of any width
  one space): not only spaces and :data:`INVISIBLE` characters.

The zero-width non-joiner and joiner and the direction marks (LRM, RLM, ALM) that Persian writing
needs are kept. Characters this Python's Unicode tables do not know yet are kept too: a newer
emoji is one. :attr:`TextRule.pattern` says all this as a regular expression, so the API's schema
refuses what the server refuses; both are built from the same character ranges.
"""

from __future__ import annotations

import dataclasses
import re
import unicodedata

from pasur.protocol.errors import ErrorCode, Refused

Ranges = tuple[tuple[int, int], ...]
"""Code points, as inclusive ``(first, last)`` ranges."""

REFUSED: Ranges = (
    (0x0000, 0x001F),  # control characters (category Cc) …
    (0x007F, 0x009F),
    (0x2028, 0x2029),  # the line and paragraph separators (Zl, Zp)
    (0x202A, 0x202E),  # direction embeddings and overrides
    (0x2066, 0x2069),  # direction isolates
    (0xE000, 0xF8FF),  # private use (Co) of the first plane
)
"""What no typed text holds."""

SURROGATES = (0xD800, 0xDFFF)
"""Halves of UTF-16 pairs: refused too, but left out of :attr:`TextRule.pattern`. JSON can
spell one (``"\\udcff"``), yet no UTF-8 text holds one, and a schema's regular expression in
Rust or JavaScript (``u``) cannot name them."""

SPACES: Ranges = (
    (0x0020, 0x0020),
    (0x00A0, 0x00A0),
    (0x1680, 0x1680),
    (0x2000, 0x200A),
    (0x202F, 0x202F),
    (0x205F, 0x205F),
    (0x3000, 0x3000),
)
"""The spaces that are not control characters: a run of them is one space ``" "``."""

INVISIBLE: Ranges = (
    (0x00AD, 0x00AD),  # soft hyphen
    (0x034F, 0x034F),  # combining grapheme joiner
    (0x061C, 0x061C),  # Arabic letter mark
    (0x115F, 0x1160),  # Hangul fillers
    (0x180E, 0x180E),  # Mongolian vowel separator
    (0x200B, 0x200F),  # zero-width space, non-joiner and joiner; the direction marks
    (0x2060, 0x2064),  # word joiner and the invisible operators
    (0x2800, 0x2800),  # the blank braille pattern
    (0x3164, 0x3164),  # Hangul filler
    (0xFEFF, 0xFEFF),  # zero-width no-break space
    (0xFFA0, 0xFFA0),  # half-width Hangul filler
)
"""Characters that show nothing: a text of these and spaces only is empty."""


def char_class(ranges: Ranges) -> str:
    """The inside of a regular expression's ``[…]`` for ``ranges``, as Python, Rust and
    JavaScript (``u``) read it: ``\\uXXXX`` escapes in the first plane, the characters themselves
    beyond it (they have no escape all three read alike)."""

    def spelled(code: int) -> str:
        return f"\\u{code:04X}" if code <= 0xFFFF else chr(code)

    return "".join(
        spelled(first) if first == last else f"{spelled(first)}-{spelled(last)}"
        for first, last in ranges
    )


_REFUSED = re.compile(f"[{char_class((*REFUSED, SURROGATES))}]")
_SPACE_RUN = re.compile(f"[{char_class(SPACES)}]+")
_VISIBLE = re.compile(f"[^{char_class((*SPACES, *INVISIBLE))}]")


@dataclasses.dataclass(frozen=True)
class TextRule:
    """One field's rule: the policy above with its own length, words and refusal."""

    what: str
    """The field in words, as its messages start: ``"a name"``."""
    longest: int
    """The most characters taken, as sent and once normalised."""
    code: ErrorCode | None = None
    """The refusal (:class:`Refused` with this code), or None for a :class:`ValueError` (which an
    API body's validation answers 422, naming the field)."""

    @property
    def pattern(self) -> str:
        """A regular expression that matches exactly the texts of at most ``longest``
        characters that :meth:`clean` takes (with ``maxLength``, the field's JSON schema)."""
        refused = char_class(REFUSED)
        empty = char_class((*REFUSED, *SPACES, *INVISIBLE))
        return f"^[^{refused}]*[^{empty}][^{refused}]*$"

    def clean(self, text: object) -> str:
        """``text`` as kept and shown: normalised to NFC, its spaces tidied.

        Raises:
            Refused: with :attr:`code`, or ValueError when it has none, saying what is wrong.
        """
        if not isinstance(text, str):
            raise self._refusal(f"{self.what} is text")
        found = _REFUSED.search(text)
        if found is not None:
            raise self._refusal(
                f"{self.what} cannot hold control characters (new lines, tabs …), direction "
                f"overrides or private characters: U+{ord(found.group()):04X}"
            )
        tidy = _SPACE_RUN.sub(" ", unicodedata.normalize("NFC", text)).strip(" ")
        if len(text) > self.longest or len(tidy) > self.longest:
            raise self._refusal(f"{self.what} is longer than {self.longest} characters")
        if _VISIBLE.search(tidy) is None:
            raise self._refusal(f"{self.what} is empty: it has only spaces or invisible characters")
        return tidy

    def _refusal(self, message: str) -> Exception:
        return ValueError(message) if self.code is None else Refused(self.code, message)


MAX_NAME = 40
"""The longest display name, in characters."""

MAX_CHAT = 200
"""The longest chat line, in characters."""

NAME = TextRule("a name", MAX_NAME, ErrorCode.BAD_NAME)
"""A person's name at a table (a guest's, or an account's, which has stricter rules of its own)."""

CHAT = TextRule("a chat line", MAX_CHAT, ErrorCode.BAD_CHAT)
"""A line of a table's chat."""


def clean_name(name: object) -> str:
    """The name shown at a table (:data:`NAME`).

    Raises:
        Refused: ``bad_name``, saying what is wrong.
    """
    return NAME.clean(name)


def clean_chat(text: object) -> str:
    """The chat line to send (:data:`CHAT`).

    Raises:
        Refused: ``bad_chat``, saying what is wrong.
    """
    return CHAT.clean(text)
