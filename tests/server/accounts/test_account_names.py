"""Account names: what is refused (with a message that says why) and when two names are one."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pasur.protocol import Refused
from pasur.protocol.names import name_key
from pasur.server.accounts.names import MAX_NAME, clean_account_name


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("Ali", "Ali"),
        ("  Sara-22 ", "Sara-22"),
        ("Ｓａｒａ", "Sara"),  # full-width letters, normalised
        ("علی", "علی"),
        ("می\u200cرم", "می\u200cرم"),  # the zero-width non-joiner of Persian spelling
        ("علی۱۲", "علی۱۲"),
        ("Ava.T", "Ava.T"),
    ],
)
def test_names_of_one_alphabet_are_taken_as_normalised(name: str, shown: str) -> None:
    assert clean_account_name(name) == shown


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("ab", "3 to 20"),
        ("x" * (MAX_NAME + 1), "3 to 20"),
        ("Ali Reza", "no spaces"),
        ("ali🙂", "letters, digits"),
        ("\u0430li", "Latin or Persian"),  # a Cyrillic а
        ("Aliعلی", "one alphabet"),
        ("12345", "at least one letter"),
        ("_ali", "starts and ends"),
        ("Admin", "reserved"),
        ("pasur_admin", "reserved"),
        ("مدیر", "reserved"),
        ("B0T", "reserved"),  # the look-alike of "bot"
        (42, "text"),
    ],
)
def test_a_refused_name_says_why(name: object, why: str) -> None:
    with pytest.raises(Refused) as caught:
        clean_account_name(name)
    assert caught.value.code == "name_refused"
    assert why in caught.value.message


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("Ali", "ALI"),
        ("Ali", "A1i"),  # a one for an l
        ("Ali", "AIi"),  # a capital i for an l
        ("Omid", "0mid"),
        ("علی", "علي"),  # the Persian and the Arabic yeh
        ("کیان", "كيان"),  # and kaf
        ("سارا۱۲", "سارا١٢"),  # Persian and Arabic-Indic digits
        ("sara_12", "sara12"),
    ],
)
def test_names_that_look_the_same_are_one_name(one: str, other: str) -> None:
    assert name_key(clean_account_name(one)) == name_key(clean_account_name(other))


LETTERS = st.sampled_from("abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ")


@given(st.text(LETTERS, min_size=3, max_size=20))
def test_a_clean_name_is_clean_again_and_its_case_never_makes_it_another(name: str) -> None:
    try:
        shown = clean_account_name(name)
    except Refused as refused:
        assert "reserved" in refused.message
        return
    assert clean_account_name(shown) == shown
    assert unicodedata.is_normalized("NFKC", shown)
    assert name_key(shown.upper()) == name_key(shown.lower()) == name_key(shown)
