"""Account names: what a display name may be.

A name is checked once, here, wherever it arrives (a new account, a change of name). It is
normalised with NFKC (so full-width and compatibility letters become their plain forms) and has
:data:`MIN_NAME` to :data:`MAX_NAME` letters, digits, ``_``, ``-`` and ``.`` (and the zero-width
non-joiner that Persian writing needs); no spaces, as the name is also the profile's address.
Letters come from one script, Latin or Arabic (Persian): a name mixing scripts, or holding a
letter that can pass for another script's (Cyrillic ``а`` for Latin ``a``), is refused, since it
could pass for someone else's (:mod:`confusable_homoglyphs` knows the look-alikes).

Two names are one when their :func:`~pasur.protocol.names.name_key` is equal (case, Arabic and
Persian letter forms and digits, Latin look-alikes: ``Ali``, ``ALI`` and ``A1i`` cannot be three
people). Reserved words (the site's own, "admin" …; :mod:`pasur.protocol.names`) are refused.
An account name is typed text like any other, checked first by the one text policy
(:class:`~pasur.protocol.text.TextRule`: no control characters, direction overrides or spaces
only), then by the stricter rules above.
"""

from __future__ import annotations

import unicodedata

from confusable_homoglyphs import confusables

from pasur.protocol import ErrorCode, Refused
from pasur.protocol.names import ZWNJ, reserved_for_accounts
from pasur.protocol.text import TextRule

MIN_NAME = 3
MAX_NAME = 20
"""A name's length, in characters after normalisation."""

_PUNCTUATION = frozenset("_-.")

_REFUSED = ErrorCode.NAME_REFUSED

_TYPED = TextRule("a name", 200, _REFUSED)
"""The policy every typed text meets (no new line hides behind a name's trimmed ends), with a
bound for text as sent; the name's own length is counted once it is normalised."""


def clean_account_name(name: object) -> str:
    """The name as it will be shown: ``name`` normalised (NFKC), checked.

    Raises:
        Refused: ``name_refused``, with a message that says what to change.
    """
    text = unicodedata.normalize("NFKC", _TYPED.clean(name))
    if not MIN_NAME <= len(text) <= MAX_NAME:
        raise Refused(_REFUSED, f"a name has {MIN_NAME} to {MAX_NAME} characters")
    scripts = set()
    for char in text:
        if char in _PUNCTUATION or char == ZWNJ:
            continue
        category = unicodedata.category(char)
        if char.isspace():
            raise Refused(_REFUSED, "a name has no spaces; join its words with _ or -")
        if not (category.startswith("L") or category in ("Nd", "Mn")):
            raise Refused(
                _REFUSED, f"a name has letters, digits, _, - and . only, not U+{ord(char):04X}"
            )
        script = _script(char)
        if script is None:
            raise Refused(
                _REFUSED, f"a name is written in Latin or Persian letters, not U+{ord(char):04X}"
            )
        if category.startswith("L"):
            scripts.add(script)
    if len(scripts) > 1 or confusables.is_dangerous(text.replace(ZWNJ, "")):
        raise Refused(
            _REFUSED, "a name's letters come from one alphabet (Latin or Persian), not a mix"
        )
    if not scripts:
        raise Refused(_REFUSED, "a name has at least one letter")
    if text[0] in _PUNCTUATION or text[-1] in _PUNCTUATION or text[0] == ZWNJ:
        raise Refused(_REFUSED, "a name starts and ends with a letter or a digit")
    if reserved_for_accounts(text):
        raise Refused(_REFUSED, "that name is reserved; choose another")
    return text


def _script(char: str) -> str | None:
    """``latin``, ``arabic`` or ``digit`` for the characters a name may hold, else None."""
    if "0" <= char <= "9":
        return "digit"
    name = unicodedata.name(char, "")
    if name.startswith("LATIN "):
        return "latin"
    # Arabic letters and marks, and both Arabic-Indic digit sets (the Persian ones are "extended").
    if name.startswith(("ARABIC ", "ARABIC-INDIC ", "EXTENDED ARABIC-INDIC ")):
        return "arabic"
    return None
