"""Every refusal the server can give has words in both of the client's languages.

The pages say a refusal by its code (``js/shared/problem.js``) with the sentence
``error.<code>`` of the errors catalogue (``i18n/errors.en.json``, ``errors.fa.json``), loaded on
every page; the server's ``message`` is for programs and logs, never shown. The catalogue and
:class:`pasur.protocol.ErrorCode` are compared both ways: a code added to the server without
words here fails first, and so does a sentence left here for a code the server no longer has.

An illegal move is said by its ``reason`` (``docs/protocol.md`` section 6) with the sentence
``reason.<kind>``, one for every :class:`pasur.rules.IllegalKind`; each may name only what the
wire sends for its kind: ``{card}`` the card, ``{cards}`` the ``taken`` list, ``{options}`` the
``options``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pasur.protocol import ErrorCode
from pasur.protocol.encode import encode_reason
from pasur.rules import Card, IllegalKind, IllegalReason, mask_of

I18N = Path(__file__).resolve().parents[2] / "src" / "pasur" / "web" / "i18n"
LANGUAGES = ("en", "fa")
PLACEHOLDER_FIELDS = {"card": "card", "cards": "taken", "options": "options"}
CLIENT_SENTENCES = ("problem.offline", "problem.unknown", "problem.bad_input")
"""What the client says without a code: the server out of reach, a code it does not know yet
(never the server's words instead), and a 422's bad input."""


def _catalogue(language: str) -> dict[str, str]:
    messages: dict[str, str] = json.loads(
        (I18N / f"errors.{language}.json").read_text(encoding="utf-8")
    )
    return messages


def _every_catalog() -> dict[str, dict[str, object]]:
    """Every catalog file of the client, by its name."""
    return {
        path.name: json.loads(path.read_text(encoding="utf-8"))
        for path in sorted(I18N.glob("*.json"))
    }


@pytest.mark.parametrize("code", list(ErrorCode))
def test_every_error_code_has_a_sentence_in_english_and_in_persian(code: ErrorCode) -> None:
    english = _catalogue("en").get(f"error.{code.value}")
    persian = _catalogue("fa").get(f"error.{code.value}")
    assert english and persian, f"errors.*.json has no error.{code.value}"
    # A person's sentence: capitalised and ended, not the server's lower-case meaning.
    assert english[0].isupper() and english.endswith((".", "!")), english
    assert english != code.meaning
    assert persian != english
    assert re.search("[\u0600-\u06ff]", persian), f"error.{code.value} is not written in Persian"


def test_every_error_sentence_in_any_catalog_is_for_a_code_of_the_server() -> None:
    codes = {f"error.{code.value}" for code in ErrorCode}
    for name, messages in _every_catalog().items():
        stray = {key for key in messages if key.startswith("error.")} - codes
        assert not stray, f"{name} says codes the server does not have: {sorted(stray)}"
        if not name.startswith("errors."):
            assert not {key for key in messages if key.startswith("error.")}, name


def test_the_client_s_own_sentences_are_there_and_persian() -> None:
    english, persian = _catalogue("en"), _catalogue("fa")
    for key in CLIENT_SENTENCES:
        assert english[key] and persian[key] and persian[key] != english[key], key


def _reason(kind: IllegalKind) -> IllegalReason:
    """A reason of ``kind`` with every part its sentence can name."""
    seven, four, five = (Card.parse(code) for code in ("7D", "4S", "5H"))
    return IllegalReason(
        kind, seven, seat=0, taken=mask_of([four]), options=(mask_of([four]), mask_of([five]))
    )


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("kind", list(IllegalKind))
def test_every_reason_kind_has_words_that_name_only_what_is_sent(
    kind: IllegalKind, language: str
) -> None:
    message = _catalogue(language).get(f"reason.{kind.value}")
    assert message, f"errors.{language}.json has no reason.{kind.value}"
    sent = encode_reason(_reason(kind))
    for name in re.findall(r"\{(\w+)\}", message):
        assert name in PLACEHOLDER_FIELDS, f"{name} is no part of a reason"
        assert PLACEHOLDER_FIELDS[name] in sent, f"{kind} does not send {name}"


def test_the_catalogues_hold_no_reason_the_engine_does_not_give() -> None:
    kinds = {f"reason.{kind.value}" for kind in IllegalKind} | {"reason.or"}
    for language in LANGUAGES:
        assert {key for key in _catalogue(language) if key.startswith("reason.")} == kinds
