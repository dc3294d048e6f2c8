"""Every message the web pages name is in the English and the Persian catalogs.

The shared catalog is ``i18n/{lang}.json``; a page area adds ``i18n/{area}.{lang}.json``. The
check is over all of them together, so a key may live in any catalog, and each Persian catalog
must have exactly its English twin's keys, the same placeholders, and Persian digits only.
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
        keys.update(re.findall(rf"\bt\('({KEY})'", text))
        keys.update(re.findall(rf'data-i18n="({KEY})"', text))
        for pairs in re.findall(r'data-i18n-attr="([^"]+)"', text):
            keys.update(re.findall(rf":\s*({KEY})", pairs))
    return keys


def _catalog(path: Path) -> dict[str, str]:
    catalog: dict[str, str] = json.loads(path.read_text(encoding="utf-8"))
    return catalog


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
        for key, text in persian.items():
            placeholders = set(re.findall(r"\{(\w+)\}", english[key]))
            assert set(re.findall(r"\{(\w+)\}", text)) == placeholders, key
            assert not re.search(r"[0-9]", text.replace("CSV", "").replace("pagat.com", "")), (
                f"{key}: Persian text writes numbers in Persian digits"
            )
    assert _keys_used() <= every_key, sorted(_keys_used() - every_key)
