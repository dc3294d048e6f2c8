"""The error catalogue: one code per refusal, each with its status and meaning, and one body."""

from __future__ import annotations

import pytest

from pasur.protocol import ErrorCode, Refused
from pasur.protocol.encode import encode_reason
from pasur.rules import IllegalKind, IllegalReason, Move


def test_every_code_has_a_status_and_a_meaning() -> None:
    for code in ErrorCode:
        assert code.value.islower() and " " not in code.value, code
        assert 400 <= code.status < 600, code
        assert code.meaning and code.meaning[0].islower(), code
    assert len({code.value for code in ErrorCode}) == len(ErrorCode)


def test_the_statuses_of_rest_refusals() -> None:
    conflicts = {"seat_taken", "table_full", "already_seated", "game_running", "not_ready"}
    for code in conflicts:
        assert ErrorCode.named(code).status == 409
    assert ErrorCode.NO_GUEST.status == 401
    assert ErrorCode.NOT_SEATED.status == 403
    assert ErrorCode.NO_SUCH_TABLE.status == 404
    assert ErrorCode.UNAVAILABLE.status == 503
    assert ErrorCode.ILLEGAL.status == 400


def test_a_code_is_found_by_its_name_and_only_then() -> None:
    assert ErrorCode.named("stale") is ErrorCode.STALE
    assert ErrorCode.STALE == "stale"
    with pytest.raises(ValueError, match="'STALE' is not an error code"):
        ErrorCode.named("STALE")


def test_the_one_body() -> None:
    refused = Refused(ErrorCode.SEAT_TAKEN, "seat 1 is taken by Ava")
    assert refused.to_json() == {"code": "seat_taken", "message": "seat 1 is taken by Ava"}
    assert refused.status == 409
    assert str(refused) == "seat_taken: seat 1 is taken by Ava"
    reason = encode_reason(IllegalReason(IllegalKind.NOT_ON_TABLE, 0, taken=0b110))
    with_reason = Refused(ErrorCode.ILLEGAL, "…", reason=reason).to_json()
    assert with_reason["reason"] == {"kind": "not_on_table", "card": "AC", "taken": ["AD", "AH"]}


def test_each_kind_of_reason_names_only_its_parts() -> None:
    seven = Move.parse("7D").card
    cases = {
        IllegalReason(IllegalKind.MUST_CAPTURE, seven, options=(1 << 15,)): {
            "kind": "must_capture",
            "card": "7D",
            "options": [["4S"]],
        },
        IllegalReason(IllegalKind.CANNOT_TAKE, seven, taken=1 << 5, options=(1 << 15,)): {
            "kind": "cannot_take",
            "card": "7D",
            "taken": ["2D"],
            "options": [["4S"]],
        },
        IllegalReason(IllegalKind.NOT_IN_HAND, seven, seat=2): {
            "kind": "not_in_hand",
            "card": "7D",
            "seat": 2,
        },
        IllegalReason(IllegalKind.CANNOT_CAPTURE, seven, taken=1 << 44): {
            "kind": "cannot_capture",
            "card": "7D",
            "taken": ["QC"],
        },
        IllegalReason(IllegalKind.ROUND_OVER, 60): {"kind": "round_over"},
    }
    for reason, shown in cases.items():
        assert encode_reason(reason) == shown, reason
