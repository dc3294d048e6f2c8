"""Schemathesis's hooks for the contract test (``test_schema_contract.py``, which names this module
in ``schemathesis.toml``): which refusals of a request the OpenAPI document allows are the server's
rules rather than a disagreement with the document.

Schemathesis's own ``positive_data_acceptance`` fails any 400 or 422 to a request the schema
allows. Some rules no schema can carry: whether a seat holds a bot, whether a passkey's answer
verifies, whether the counts of a round add up to 13. Those refusals are documented (each route's
``responses`` names its codes), and the document says a 422's ``fields`` come from such checks.
So the built-in check is told 400 and 422 are answers, and :func:`refused_only_by_rules` is
stricter than it where it matters: a schema-valid request may be refused 400 only with one of
its operation's codes in :data:`RULES`, and 422 only by checks in code (``value_error``, never a
type, length or range the schema should have carried), or with a code in :data:`RULES`.
"""

from __future__ import annotations

from typing import Any

import schemathesis

RULES: dict[str, frozenset[str]] = {
    # A seat the table does not have (the schema allows seats 0 to 3 at any table); settings
    # that do not go together (partnerships=on at 2 players, take-backs at a rated table).
    "POST /api/tables": frozenset({"no_such_seat", "bad_config"}),
    "POST /api/tables/{table_id}/join": frozenset({"no_such_seat"}),
    "POST /api/tables/{table_id}/bots": frozenset({"no_such_seat"}),
    "DELETE /api/tables/{table_id}/bots/{seat}": frozenset({"no_such_seat", "not_a_bot"}),
    "GET /api/tables/{table_id}/games/{game}/review": frozenset({"no_such_seat"}),
    # An account's name: one script, no look-alikes, no reserved word, 3 to 20 characters once
    # normalised (NFKC can join or split characters); the schema carries the text policy only.
    "POST /api/account/passkeys/options": frozenset({"name_refused"}),
    "PUT /api/account/name": frozenset({"name_refused"}),
    # Only a real authenticator's answer to a challenge the server gave verifies.
    "POST /api/session": frozenset({"bad_passkey"}),
    "POST /api/account/passkeys": frozenset({"bad_passkey"}),
    # Only a code a signed-in device was shown links a device.
    "POST /api/session/link": frozenset({"bad_link_code"}),
    # A push endpoint whose host is (or resolves to) a private address.
    "POST /api/push/subscriptions": frozenset({"bad_subscription"}),
    # An upload is a practice game's gzipped log: only a real game's rebuilds.
    "POST /api/offline/games": frozenset({"bad_log"}),
}
"""Per operation, the refusal codes of rules that depend on the server's state or on several
fields at once."""


# An offline upload's body is bytes (gzipped JSON, which no schema describes): sent as they come.
schemathesis.serializer.alias("application/gzip", "application/octet-stream")


def _refusal(response: Any) -> dict[str, Any]:
    body = response.json()
    assert isinstance(body, dict) and isinstance(body.get("detail"), dict), response.text
    detail: dict[str, Any] = body["detail"]
    return detail


@schemathesis.check
def refused_only_by_rules(ctx: Any, response: Any, case: Any) -> None:
    """A request the schema allows is refused only by a rule the schema cannot carry."""
    meta = case.meta
    if meta is None or not meta.generation.mode.is_positive:
        return
    if response.status_code not in (400, 422):
        return
    detail = _refusal(response)
    operation = f"{case.method.upper()} {case.path}"
    if detail["code"] in RULES.get(operation, ()):
        return
    if response.status_code == 422 and detail["code"] == "bad_request":
        kinds = {field["type"] for field in detail["fields"]}
        assert kinds == {"value_error"}, (
            f"a request the schema allows was refused as bad input {kinds} (only checks in "
            f"code, value_error, may refuse it): {response.text}"
        )
        return
    raise AssertionError(
        f"a request the schema allows was refused with {response.status_code} "
        f"{detail['code']!r}, which is not a rule of {operation} the schema cannot carry "
        f"(schema_contract_hooks.RULES): {response.text}"
    )
