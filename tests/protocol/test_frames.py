"""The table socket's frames: every text read once into exactly one frame, and the server's frames
written as docs/protocol.md shows them."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pasur.protocol import ErrorCode, Refused, parse_client
from pasur.protocol.frames import (
    MAX_FRAME,
    ChatFrame,
    ChatLine,
    ErrorFrame,
    EventFrame,
    Hello,
    HintFrame,
    HintRequest,
    Ping,
    PlayFrame,
    Pong,
    RankedMove,
    RematchFrame,
    SnapshotFrame,
    TakeBackAnswer,
    TakeBackFrame,
    Unreadable,
    Welcome,
    ref_of,
)
from pasur.protocol.values import FieldError


@pytest.mark.parametrize(
    ("text", "frame"),
    [
        ('{"type": "hello", "protocol": 1, "seat_token": "t", "since": 41}', Hello("t", 41)),
        ('{"type": "hello"}', Hello(None, None)),
        (
            '{"type": "play", "move": "7D+2D", "version": 41, "ref": "c17"}',
            PlayFrame("7D+2D", 41, "c17"),
        ),
        ('{"type": "rematch", "accept": false, "ref": 3}', RematchFrame(False, 3)),
        ('{"type": "take_back", "ref": "t1"}', TakeBackFrame(ref="t1")),
        ('{"type": "take_back_answer", "accept": true}', TakeBackAnswer(True)),
        ('{"type": "take_back", "version": 9, "ref": "t2"}', TakeBackFrame(9, "t2")),
        ('{"type": "take_back_answer", "accept": false, "version": 9}', TakeBackAnswer(False, 9)),
        ('{"type": "ping", "t": 1723456789.125}', Ping(1723456789.125)),
        ('{"type": "ping", "t": 1e999}', Ping(None)),
        ('{"type": "ping", "t": "soon"}', Ping(None)),
        ('{"type": "hint", "ref": "h3"}', HintRequest("h3")),
        ('{"type": "chat", "text": "salam!", "ref": "c19"}', ChatFrame("salam!", "c19")),
        ('{"type": "chat", "text": 5}', ChatFrame(5)),  # the table says why: bad_chat
    ],
)
def test_each_client_frame_is_read_into_its_type(text: str, frame: object) -> None:
    assert parse_client(text) == frame


@pytest.mark.parametrize(
    ("data", "code", "ref"),
    [
        (b'{"type": "ping"}', ErrorCode.BAD_FRAME, None),
        ("x" * (MAX_FRAME + 1), ErrorCode.BAD_FRAME, None),
        ('{"type": "ping", "pad": "' + "é" * (MAX_FRAME // 2) + '"}', ErrorCode.BAD_FRAME, None),
        ("not json", ErrorCode.BAD_FRAME, None),
        ('{"type": "ping", "t": NaN}', ErrorCode.BAD_FRAME, None),
        ("[" * 2000 + "]" * 2000, ErrorCode.BAD_FRAME, None),
        ("[1, 2]", ErrorCode.BAD_FRAME, None),
        ('{"ref": "r"}', ErrorCode.BAD_FRAME, "r"),
        ('{"type": "Play", "ref": 7}', ErrorCode.BAD_FRAME, 7),
        ('{"type": "play", "move": "7D", "version": true, "ref": "r"}', ErrorCode.BAD_FRAME, "r"),
        ('{"type": "play", "move": 7, "version": 1}', ErrorCode.BAD_FRAME, None),
        ('{"type": "rematch", "accept": 1, "ref": "x"}', ErrorCode.BAD_FRAME, "x"),
        ('{"type": "take_back_answer", "ref": "t"}', ErrorCode.BAD_FRAME, "t"),
        ('{"type": "take_back_answer", "accept": "yes"}', ErrorCode.BAD_FRAME, None),
        ('{"type": "take_back", "version": "9"}', ErrorCode.BAD_FRAME, None),
        ('{"type": "hello", "protocol": 2}', ErrorCode.UNSUPPORTED_PROTOCOL, None),
        ('{"type": "hello", "protocol": true}', ErrorCode.UNSUPPORTED_PROTOCOL, None),
        ('{"type": "hello", "since": "41"}', ErrorCode.BAD_FRAME, None),
        ('{"type": "hello", "seat_token": 5}', ErrorCode.BAD_FRAME, None),
        ('{"type": "hello", "seat_token": "' + "t" * 101 + '"}', ErrorCode.BAD_FRAME, None),
    ],
)
def test_what_cannot_be_read_is_a_frame_that_says_why(
    data: str | bytes, code: ErrorCode, ref: object
) -> None:
    frame = parse_client(data)
    assert isinstance(frame, Unreadable)
    assert (frame.code, frame.ref) == (code, ref)
    assert frame.message


@given(st.text(max_size=200) | st.binary(max_size=50))
def test_any_text_is_one_frame_and_never_an_exception(data: str | bytes) -> None:
    parse_client(data)


@given(
    st.dictionaries(
        st.sampled_from(["type", "move", "version", "ref", "accept", "t", "text", "since"]),
        st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    )
)
def test_any_object_is_one_frame_and_never_an_exception(fields: dict[str, object]) -> None:
    parse_client(json.dumps(fields))


def test_a_ref_is_echoed_when_it_is_short_text_or_a_number() -> None:
    assert (ref_of("c17"), ref_of(17), ref_of("x" * 64)) == ("c17", 17, "x" * 64)
    for refused in ("x" * 65, True, 1.5, ["x"], None, 10**64):
        assert ref_of(refused) is None


def test_the_server_frames_are_the_documented_shapes() -> None:
    assert Welcome("t1", 0, 57).to_json() == {
        "type": "welcome",
        "protocol": 1,
        "table": "t1",
        "you": 0,
        "version": 57,
    }
    assert EventFrame({"n": 58, "kind": "played"}).to_text() == (
        '{"type":"event","event":{"n":58,"kind":"played"}}'
    )
    assert SnapshotFrame({"version": 1}).to_json() == {
        "type": "snapshot",
        "snapshot": {"version": 1},
    }
    assert Pong(1.5).to_json() == {"type": "pong", "t": 1.5}
    assert Pong().to_json() == {"type": "pong"}
    line = ChatLine(0, "Ava", "salam!", 1723456789)
    assert line.to_json() == {
        "type": "chat",
        "seat": 0,
        "name": "Ava",
        "text": "salam!",
        "at": 1723456789,
    }
    assert ChatLine.from_json(line.to_json()) == line
    with pytest.raises(FieldError):
        ChatLine.from_json({"type": "chat", "seat": "0"})
    hint = HintFrame(57, (RankedMove("7D+4S", 1.5), RankedMove("QS lay", -0.75)), "h3")
    assert hint.to_json() == {
        "type": "hint",
        "version": 57,
        "moves": [{"move": "7D+4S", "value": 1.5}, {"move": "QS lay", "value": -0.75}],
        "ref": "h3",
    }


def test_an_error_frame_carries_the_refusal_its_ref_and_an_illegal_moves_reason() -> None:
    stale = Refused(ErrorCode.STALE, "catch up")
    assert ErrorFrame.of(stale, "c17").to_json() == {
        "type": "error",
        "code": "stale",
        "message": "catch up",
        "ref": "c17",
    }
    reason = {"kind": "must_capture", "card": "7D", "options": [["4S"]]}
    illegal = Refused(ErrorCode.ILLEGAL, "7D must capture: it can take 4S", reason=reason)
    assert ErrorFrame.of(illegal).to_json() == {
        "type": "error",
        "code": "illegal",
        "message": "7D must capture: it can take 4S",
        "reason": reason,
    }
