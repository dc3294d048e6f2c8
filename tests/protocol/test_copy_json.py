"""copy_json, on every field of every event sent: a deep copy that shares nothing mutable, equal
to the value's JSON form, whatever mix of dicts, lists, tuples and read-only mappings it is."""

from __future__ import annotations

import json
from types import MappingProxyType
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from pasur.protocol.events import copy_json

scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text()
values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.lists(inner, max_size=4).map(tuple)
        | st.dictionaries(st.text(max_size=3), inner, max_size=4)
        | st.dictionaries(st.text(max_size=3), inner, max_size=3).map(MappingProxyType)
    ),
    max_leaves=20,
)


def containers(value: Any) -> list[int]:
    """The ids of every dict and list inside ``value``, itself included."""
    found = []
    if isinstance(value, dict | list):
        found.append(id(value))
    items = value.values() if isinstance(value, dict | MappingProxyType) else value
    if isinstance(value, dict | list | tuple | MappingProxyType):
        for item in items:
            found += containers(item)
    return found


def plain(value: Any) -> Any:
    if isinstance(value, dict | MappingProxyType):
        return {key: plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [plain(item) for item in value]
    return value


@given(values)
def test_the_copy_is_the_json_form_and_shares_no_container(value: Any) -> None:
    copied = copy_json(value)
    assert json.dumps(copied, sort_keys=True) == json.dumps(plain(value), sort_keys=True)
    assert not set(containers(copied)) & set(containers(value))
