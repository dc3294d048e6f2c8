"""Who a name passes for: when two names are one, and the words nobody goes by.

Two names are one when their :func:`name_key` is equal: case folded, Arabic and Persian forms of
the same letter (``ي``/``ی``, ``ك``/``ک``) and digits (``۴``/``٤``/``4``) made one, the Latin
look-alikes ``0``/``o`` and ``1``/``l``/``i`` folded, and spaces, ``_ - .`` and the zero-width
non-joiner dropped; so ``Ali``, ``ALI``, ``A1i`` and ``A li`` cannot be four people. Accounts
are unique by it, and a guest may not take an account's name by it (``docs/accounts.md``).

:data:`SITE_WORDS` would pass for the site, its staff or its bots: neither a guest nor an account
goes by one, nor by a name holding ``admin``, ``moderator``, ``pasur`` (or their Persian) or the
word ``bot``. :data:`ADDRESS_WORDS` are refused as account names only (a profile's address, or a
word the site shows for nobody).
"""

from __future__ import annotations

import unicodedata

ZWNJ = "\u200c"
"""The zero-width non-joiner, part of Persian spelling (``می‌روم``)."""

SITE_WORDS = frozenset(
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
        "bot",
        "bots",
        "مدیر",
        "پاسور",
        "ادمین",
        "ربات",
        "پشتیبانی",
    }
)
"""Names nobody may take: they would pass for the site, its staff or a bot."""

ADDRESS_WORDS = frozenset(
    {
        "guest",
        "anonymous",
        "deleted",
        "null",
        "none",
        "api",
        "static",
        "leaderboard",
        "lobby",
        "settings",
        "account",
        "help",
        "مهمان",
    }
)
"""Names no account may take: words of the site's addresses (``/@/<name>`` is a profile), and
the words it shows for nobody (a guest, a deleted account)."""

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
        " ": None,
        "_": None,
        "-": None,
        ".": None,
    }
)
"""What :func:`name_key` makes one: Arabic and Persian letter forms and digits, Latin look-alikes;
and spaces, the joiner and punctuation dropped, so ``ali_`` and ``a li`` are ``ali``."""


def name_key(name: str) -> str:
    """What makes two names one: equal keys are the same name."""
    return unicodedata.normalize("NFKC", name).casefold().translate(_FOLD)


def passes_for_site(name: str) -> bool:
    """Whether ``name`` would pass for the site, its staff or a bot (see :data:`SITE_WORDS`):
    ``Admin``, ``pasur_team``, ``Expert bot``."""
    key = name_key(name)
    words = {name_key(word) for word in name.split()}
    return key in _SITE_KEYS or any(word in key for word in _NEVER_INSIDE) or bool(words & _BOTS)


def reserved_for_accounts(name: str) -> bool:
    """Whether no account may be called ``name``: it passes for the site, or is an address word."""
    return passes_for_site(name) or name_key(name) in _ADDRESS_KEYS


_SITE_KEYS = frozenset(name_key(word) for word in SITE_WORDS)
_ADDRESS_KEYS = frozenset(name_key(word) for word in ADDRESS_WORDS)
_NEVER_INSIDE = tuple(name_key(word) for word in ("admin", "moderator", "pasur", "پاسور", "مدیر"))
"""Words a name may not hold anywhere (``pasur_admin``, ``the-moderator``)."""
_BOTS = frozenset(name_key(word) for word in ("bot", "bots", "ربات"))
"""Words a name may not hold as a word of its own (``Expert bot``: a table's bots sit under
``<level> bot``)."""
