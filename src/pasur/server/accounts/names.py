"""Account names: what a display name may be, and when two names are the same name.

A name is checked once, here, wherever it arrives (a new account, a change of name). It is
normalised with NFKC (so full-width and compatibility letters become their plain forms) and has
:data:`MIN_NAME` to :data:`MAX_NAME` letters, digits, ``_``, ``-`` and ``.`` (and the zero-width
non-joiner that Persian writing needs); no spaces, as the name is also the profile's address.
Letters come from one script, Latin or Arabic (Persian): a name mixing scripts, or holding a
letter that can pass for another script's (Cyrillic ``а`` for Latin ``a``), is refused, since it
could pass for someone else's (:mod:`confusable_homoglyphs` knows the look-alikes).

Two names are one when their :func:`name_key` is equal: case folded, Arabic and Persian forms of
the same letter (``ي``/``ی``, ``ك``/``ک``) and digits (``۴``/``٤``/``4``) made one, and the
Latin look-alikes ``0``/``o`` and ``1``/``l``/``i`` folded, so ``Ali``, ``ALI`` and ``A1i``
cannot be three people. Reserved words (the site's own, "admin" …) are refused as names.
"""

from __future__ import annotations

import unicodedata

from confusable_homoglyphs import confusables

from pasur.protocol import ErrorCode, Refused

MIN_NAME = 3
MAX_NAME = 20
"""A name's length, in characters after normalisation."""

ZWNJ = "\u200c"
"""The zero-width non-joiner, part of Persian spelling (``می‌روم``)."""

_PUNCTUATION = frozenset("_-.")

RESERVED = frozenset(
    {
        "admin",
        "administrator",
        "moderator",
        "mod",
        "pasur",
        "support",
        "system",
        "root",
        "staff",
        "official",
        "guest",
        "anonymous",
        "deleted",
        "bot",
        "bots",
        "null",
        "none",
        "api",
        "static",
        "leaderboard",
        "lobby",
        "settings",
        "account",
        "help",
        "مدیر",
        "پاسور",
        "ادمین",
        "مهمان",
        "ربات",
        "پشتیبانی",
    }
)
"""Names nobody may take: the site's own words, and names that would pass for staff."""

_FOLD = str.maketrans(
    {
        "ي": "ی",
        "ى": "ی",
        "ك": "ک",
        "ة": "ه",
        "ۀ": "ه",
        "أ": "ا",
        "إ": "ا",
        "آ": "ا",
        "0": "o",
        "1": "l",
        "i": "l",
        "|": "l",
        **{chr(0x06F0 + d): str(d) for d in range(10)},
        **{chr(0x0660 + d): str(d) for d in range(10)},
        ZWNJ: None,
        "_": None,
        "-": None,
        ".": None,
    }
)
"""What :func:`name_key` makes one: Arabic and Persian letter forms and digits, Latin look-alikes;
and the joiner and punctuation dropped, so ``ali_`` is ``ali``."""

_REFUSED = ErrorCode.NAME_REFUSED


def clean_account_name(name: object) -> str:
    """The name as it will be shown: ``name`` normalised (NFKC), checked.

    Raises:
        Refused: ``name_refused``, with a message that says what to change.
    """
    if not isinstance(name, str):
        raise Refused(_REFUSED, "a name is text")
    text = unicodedata.normalize("NFKC", name.strip())
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
    key = name_key(text)
    if key in _RESERVED_KEYS or any(word in key for word in _NEVER_INSIDE):
        raise Refused(_REFUSED, "that name is reserved; choose another")
    return text


def name_key(name: str) -> str:
    """What makes two names one: equal keys mean the second is refused as taken."""
    return unicodedata.normalize("NFKC", name).casefold().translate(_FOLD)


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


_RESERVED_KEYS = frozenset(name_key(word) for word in RESERVED)
_NEVER_INSIDE = tuple(name_key(word) for word in ("admin", "moderator", "pasur", "پاسور", "مدیر"))
"""Words a name may not hold anywhere (``pasur_admin``, ``the-moderator``)."""
