"""Table commands as data: each one's JSON form reads back as the same command, what is not a
command is refused as bad_frame, and the commands that seat people carry their seat's token."""

from __future__ import annotations

import pytest
from table_support import make_table

from pasur.protocol import ErrorCode, Refused
from pasur.protocol.frames import ChatLine
from pasur.server.cluster.messages import (
    ChatSaid,
    Done,
    Failed,
    NotWriter,
    RollCall,
    StepStored,
    reply_from_json,
    table_message,
)
from pasur.server.tables.commands import (
    Command,
    Join,
    Leave,
    NewToken,
    Play,
    PutBot,
    Rematch,
    RemoveBot,
    SetConnected,
    Start,
    TakeBack,
    Tick,
    command_from_json,
)
from pasur.server.tables.seats import Player

COMMANDS: list[Command] = [
    Play(0, "7D+2D", 41),
    Rematch(1, True),
    TakeBack(0),
    TakeBack(1, False),
    TakeBack(1, True, 12),
    SetConnected((0, 2), False),
    Join(Player("id-1", "Ava"), None, "9f86d0"),
    Join(Player("id-2", "Babak"), 3, "81b637"),
    Leave("id-1"),
    NewToken("id-1", "2c26b4"),
    PutBot(1, "random"),
    RemoveBot(1),
    Start(),
    Start(dealer=2),
    Tick(),
]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda command: command.name)
def test_a_commands_json_reads_back_as_the_same_command(command: Command) -> None:
    data = command.to_json()
    assert data["command"] == command.name
    assert command_from_json(data) == command


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"command": "dance"},
        {"command": 3},
        {"command": "play", "seat": "0", "move": "7D", "version": 1},
        {"command": "play", "seat": 0, "move": "7D"},
        {"command": "rematch", "seat": 0, "accept": 1},
        {"command": "take_back", "seat": 0, "answer": "yes"},
        {"command": "take_back", "answer": True},
        {"command": "connected", "seats": [True], "connected": True},
        {"command": "join", "player": "p", "seat": None, "digest": "d"},
        {"command": "new_token", "player": "p"},
    ],
)
def test_what_is_not_a_command_is_refused_as_bad_frame(data: dict[str, object]) -> None:
    with pytest.raises(Refused) as refused:
        command_from_json(data)  # type: ignore[arg-type]
    assert refused.value.code is ErrorCode.BAD_FRAME


def test_joining_and_leaving_change_the_seats_tokens_with_the_seats() -> None:
    table = make_table("hb", start=False)  # Ava in seat 0, a bot in seat 1
    tokens = {"0": "ava's", "1": "stale: the seat holds a bot now"}
    table.remove_bot(1)
    assert Join(Player("id-9", "Sima"), None, "sima's").tokens(table, tokens) == {
        "0": "ava's",
        "1": "sima's",
    }
    assert Leave("id-0").tokens(table, tokens) == {"1": tokens["1"]}
    assert Leave("nobody").tokens(table, tokens) == tokens
    assert PutBot(1, "random").tokens(table, tokens) is None
    assert NewToken("id-0", "ava's new").tokens(table, tokens) == {**tokens, "0": "ava's new"}
    assert NewToken("nobody", "x").tokens(table, tokens) is None
    with pytest.raises(Refused) as refused:
        NewToken("nobody", "x").run(table, 0.0)
    assert refused.value.code is ErrorCode.NOT_SEATED


def test_the_cluster_messages_read_back_or_are_ignored() -> None:
    step = StepStored([{"n": 3, "kind": "seated", "data": {}}], {"0": "digest"})
    said = ChatSaid(ChatLine(0, "Ava", "salam", 1))
    for message in (step, said, RollCall(), StepStored([], None)):
        assert table_message(message.to_json()) == message
    for junk in ({}, {"kind": "events", "events": "x"}, {"kind": "chat", "frame": {}}, {"kind": 1}):
        assert table_message(junk) is None  # type: ignore[arg-type]
    done = Done([{"n": 4}], {"1": "d"})
    for reply in (done, NotWriter("gone")):
        assert reply_from_json(reply.to_json()) == reply
    reason = {"kind": "not_in_hand", "card": "2C", "seat": 0}
    refused = Failed(Refused(ErrorCode.ILLEGAL, "2C is not in seat 1's hand", reason=reason))
    again = reply_from_json(refused.to_json())
    assert isinstance(again, Failed)
    assert again.refused.to_json() == refused.refused.to_json()
    unknown = reply_from_json({"outcome": "refused", "code": "nonsense", "message": "m"})
    assert isinstance(unknown, Failed) and unknown.refused.code is ErrorCode.UNAVAILABLE
