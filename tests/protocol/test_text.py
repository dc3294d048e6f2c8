"""The one text policy (``pasur.protocol.text``): its character ranges are the Unicode categories
they name, and its schema pattern takes exactly the texts the rule takes."""

from __future__ import annotations

import re
import sys
import unicodedata

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from pasur.protocol import Refused
from pasur.protocol.text import INVISIBLE, REFUSED, SPACES, SURROGATES, TextRule, clean_name

BIDI = {*range(0x202A, 0x202F), *range(0x2066, 0x206A)}


def code_points(ranges: tuple[tuple[int, int], ...]) -> set[int]:
    return {code for first, last in ranges for code in range(first, last + 1)}


def test_the_ranges_are_what_they_say() -> None:
    everything = range(sys.maxunicode + 1)
    category = {code: unicodedata.category(chr(code)) for code in everything}
    first_plane_private = {code for code in range(0x10000) if category[code] == "Co"}
    assert code_points(REFUSED) - BIDI == first_plane_private | {
        code for code in everything if category[code] in ("Cc", "Zl", "Zp")
    }
    assert code_points(SPACES) == {
        code for code in everything if chr(code).isspace() and category[code] == "Zs"
    }
    assert not code_points(INVISIBLE) & (code_points(REFUSED) | code_points(SPACES))


RULE = TextRule("a text", 8)
SPECIAL = "".join(chr(code) for code in code_points((*SPACES, *INVISIBLE))) + "\u202e\n\x07\ue000"
TEXTS = st.text(st.one_of(st.characters(), st.sampled_from(SPECIAL), st.just("a")), max_size=10)


@given(TEXTS)
def test_the_pattern_takes_exactly_what_the_rule_takes(text: str) -> None:
    """As the schema reads it (``maxLength`` and the pattern): the rule takes the same texts,
    but for the few characters whose normal form is longer (``\\u0958``) and for halves of
    UTF-16 pairs, which the rule refuses and no pattern names (``SURROGATES``)."""
    assume(len(unicodedata.normalize("NFC", text)) <= len(text))
    assume(not any(SURROGATES[0] <= ord(char) <= SURROGATES[1] for char in text))
    schema = len(text) <= RULE.longest and re.fullmatch(RULE.pattern, text) is not None
    try:
        RULE.clean(text)
    except ValueError:
        assert not schema, text
    else:
        assert schema, text


@given(TEXTS)
def test_what_is_kept_is_kept_again(text: str) -> None:
    try:
        kept = RULE.clean(text)
    except ValueError:
        return
    assert RULE.clean(kept) == kept
    assert unicodedata.is_normalized("NFC", kept) and kept == kept.strip(" ")


@pytest.mark.parametrize("name", [" ", "\u2003\u200b", "Ava\u202e", "a\nb", "x" * 41, 7])
def test_a_name_is_refused_as_bad_name(name: object) -> None:
    with pytest.raises(Refused) as refused:
        clean_name(name)
    assert refused.value.code == "bad_name"
