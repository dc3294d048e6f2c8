"""The table page can say every refusal the engine gives, in both of its languages.

The page translates an error frame's ``reason`` by its ``kind`` (``js/play/play-api.js``,
``reasonParts``) with the catalogue entry ``play.reason.<kind>``. A kind added to
:class:`pasur.rules.IllegalKind` without words in ``play.en.json`` and ``play.fa.json`` would
leave the page showing the server's English sentence; this test fails first. Each message may
name only what the wire sends for its kind (``docs/protocol.md`` section 6): ``{card}`` the card,
``{cards}`` the ``taken`` list, ``{options}`` the ``options``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pasur.protocol.encode import encode_reason
from pasur.rules import Card, IllegalKind, IllegalReason, mask_of

CATALOGUES = Path(__file__).resolve().parents[2] / "src" / "pasur" / "web" / "i18n"
PLACEHOLDER_FIELDS = {"card": "card", "cards": "taken", "options": "options"}


def _catalogue(language: str) -> dict[str, str]:
    messages: dict[str, str] = json.loads(
        (CATALOGUES / f"play.{language}.json").read_text(encoding="utf-8")
    )
    return messages


def _reason(kind: IllegalKind) -> IllegalReason:
    """A reason of ``kind`` with every part its sentence can name."""
    seven, four, five = (Card.parse(code) for code in ("7D", "4S", "5H"))
    return IllegalReason(
        kind, seven, seat=0, taken=mask_of([four]), options=(mask_of([four]), mask_of([five]))
    )


@pytest.mark.parametrize("language", ["en", "fa"])
@pytest.mark.parametrize("kind", list(IllegalKind))
def test_every_reason_kind_has_words_that_name_only_what_is_sent(
    kind: IllegalKind, language: str
) -> None:
    message = _catalogue(language).get(f"play.reason.{kind.value}")
    assert message, f"play.{language}.json has no play.reason.{kind.value}"
    sent = encode_reason(_reason(kind))
    for name in re.findall(r"\{(\w+)\}", message):
        assert name in PLACEHOLDER_FIELDS, f"{name} is no part of a reason"
        assert PLACEHOLDER_FIELDS[name] in sent, f"{kind} does not send {name}"


def test_the_catalogues_hold_no_reason_the_engine_does_not_give() -> None:
    kinds = {f"play.reason.{kind.value}" for kind in IllegalKind} | {"play.reason.or"}
    for language in ("en", "fa"):
        assert {key for key in _catalogue(language) if key.startswith("play.reason.")} == kinds
