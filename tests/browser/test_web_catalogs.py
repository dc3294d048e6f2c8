"""Every message the web pages name is in the English and the Persian catalogs.

The shared catalog is ``i18n/{lang}.json``; a page area adds ``i18n/{area}.{lang}.json``. The
check is over all of them together, so a key may live in any catalog, and each Persian catalog
must have exactly its English twin's keys, the same placeholders, and Persian digits only. A
message that depends on a number is an object of plural forms (CLDR categories, "other" always
among them) filled from a ``count`` parameter, in both languages.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from browser_support import WEB

KEY = r"[a-z0-9_-]+\.[a-z0-9_.-]+"
"""A message key: dotted, as in ``entry.save``."""


def _keys_used() -> set[str]:
    """Message keys named literally in the pages' HTML and scripts."""
    keys: set[str] = set()
    for path in [*sorted(WEB.glob("*.html")), *sorted((WEB / "js").rglob("*.js"))]:
        text = path.read_text(encoding="utf-8")
        keys.update(re.findall(rf"\b(?:t|tParts)\('({KEY})'", text))
        keys.update(re.findall(rf'data-i18n="({KEY})"', text))
        for pairs in re.findall(r'data-i18n-attr="([^"]+)"', text):
            keys.update(re.findall(rf":\s*({KEY})", pairs))
    return keys


PLURAL_CATEGORIES = {"zero", "one", "two", "few", "many", "other"}
"""The categories ``Intl.PluralRules`` can choose."""

Message = str | dict[str, str]


def _catalog(path: Path) -> dict[str, Message]:
    catalog: dict[str, Message] = json.loads(path.read_text(encoding="utf-8"))
    return catalog


def _forms(key: str, message: Message) -> list[str]:
    """The texts of a message: itself, or each of its plural forms (checked to be well made)."""
    if isinstance(message, str):
        return [message]
    assert "other" in message and message.keys() <= PLURAL_CATEGORIES, key
    for form in message.values():
        assert isinstance(form, str), key
    return list(message.values())


def _placeholders(key: str, message: Message) -> set[str]:
    """The placeholders of a message. A plural message's "other" form names ``count`` and every
    placeholder of the other forms (a "one" form may write the number out: "the last card")."""
    if isinstance(message, str):
        return set(re.findall(r"\{(\w+)\}", message))
    _forms(key, message)
    other = set(re.findall(r"\{(\w+)\}", message["other"]))
    assert "count" in other, f"{key}: a plural message is filled from count"
    for form in message.values():
        assert set(re.findall(r"\{(\w+)\}", form)) <= other, key
    return other


NAMES = ("CSV", "pagat.com", "SWEN30006", "Pasur11")
"""Names written in Latin letters in Persian text too (a file format, a site, two programs)."""


def _without_names(text: str) -> str:
    for name in NAMES:
        text = text.replace(name, "")
    return text


def test_every_message_is_in_both_catalogs() -> None:
    english_files = sorted((WEB / "i18n").glob("*en.json"))
    assert WEB / "i18n" / "en.json" in english_files
    every_key: set[str] = set()
    for english_file in english_files:
        persian_file = english_file.with_name(english_file.name.replace("en.json", "fa.json"))
        english, persian = _catalog(english_file), _catalog(persian_file)
        assert english.keys() == persian.keys(), persian_file.name
        assert not every_key & english.keys(), f"{english_file.name} repeats keys"
        every_key |= english.keys()
        for key, message in persian.items():
            assert isinstance(message, str) == isinstance(english[key], str), key
            assert _placeholders(key, message) == _placeholders(key, english[key]), key
            for text in _forms(key, message):
                assert not re.search(r"[0-9]", _without_names(text)), (
                    f"{key}: Persian text writes numbers in Persian digits"
                )
    assert _keys_used() <= every_key, sorted(_keys_used() - every_key)
