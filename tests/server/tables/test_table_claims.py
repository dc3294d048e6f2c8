"""Per shodam claims and drawn games at a server table (``claims=on``, ``target-tie=draw``).

A claim is a table command like a play: checked, turned into events (``claimed``, then the
round's end and the game's), and read back from the log to the same table. A drawn game ends the
table's game without a winner instead of dealing another round.
"""

from __future__ import annotations

import random

import pytest
from table_support import make_table, play_turn

from pasur.bots.review import review
from pasur.protocol import ErrorCode, Refused
from pasur.rules import claim_is_right, make_rules
from pasur.rules.positions import positions
from pasur.rules.scoring import DRAW
from pasur.server.history.ratings import ranks
from pasur.server.tables.commands import Claim, command_from_json
from pasur.server.tables.table import Table

CLAIMS = make_rules("standard", {"claims": "on", "target": "1"})


def _kinds(events: list[dict[str, object]]) -> list[object]:
    return [event["kind"] for event in events]


def test_a_wrong_claim_loses_the_game_at_once() -> None:
    table = make_table("hh", rules=CLAIMS)
    game = table.game
    assert game is not None and not claim_is_right(game, 1)  # nobody has a point yet
    events = table.claim(1, table.version, now=1.0)
    assert [event.kind.value for event in events] == ["claimed", "round_ended", "game_over"]
    assert events[0].for_recipient(-1) | {"n": 0} == {
        "n": 0,
        "kind": "claimed",
        "seat": 1,
        "right": False,
    }
    assert events[-1].data["winner"] == 0
    assert table.status.value == "finished"
    rounds = table.record()["rounds"]
    assert isinstance(rounds, list) and rounds[-1]["plays"][-1] == "claim 2"


def test_a_right_claim_wins_and_the_log_rebuilds_the_same_table() -> None:
    table = make_table("hh", seed=4, rules=CLAIMS)
    rng = random.Random(2)
    while True:
        game = table.game
        assert game is not None and game.turn >= 0, "no seat could claim in a whole round"
        right = [seat for seat in (0, 1) if claim_is_right(game, seat)]
        if right:
            break
        play_turn(table, rng)
    events = table.claim(right[0], table.version, now=5.0)
    assert events[0].data == {"seat": right[0], "right": True}
    assert events[-1].data["winner"] == right[0]
    rebuilt = Table.from_log(table.config, table.history, now=5.0)
    assert rebuilt.game == table.game
    assert rebuilt.status.value == "finished"


def test_a_claim_is_refused_when_claims_are_off_stale_or_not_a_persons() -> None:
    plain = make_table("hb")
    with pytest.raises(Refused) as refused:
        plain.claim(0, plain.version, now=1.0)
    assert refused.value.code is ErrorCode.ILLEGAL
    table = make_table("hb", rules=CLAIMS)
    for seat, version, code in [
        (0, table.version - 1, ErrorCode.STALE),
        (1, table.version, ErrorCode.NOT_SEATED),
        (2, table.version, ErrorCode.NO_SUCH_SEAT),
    ]:
        with pytest.raises(Refused) as refused:
            table.claim(seat, version, now=1.0)
        assert refused.value.code is code
    assert table.status.value == "playing"


def test_a_claim_command_round_trips_through_json() -> None:
    command = Claim(1, 41)
    assert command_from_json(command.to_json()) == command
    assert command.to_json() == {"command": "claim", "seat": 1, "version": 41}


def test_a_drawn_game_ends_the_tables_game_without_a_winner() -> None:
    rules = make_rules("standard", {"target-tie": "draw", "target": "1"})
    for seed in range(300):
        table = make_table("bb", seed=seed, rules=rules)
        table.tick(1e9)
        assert table.status.value == "finished"
        [over] = [event for event in table.history if event.kind.value == "game_over"]
        if over.data["winner"] == DRAW:
            break
    else:
        raise AssertionError("no drawn game in 300 deals")
    assert over.for_recipient(0)["winners"] == []
    assert table.game is not None and table.game.totals[0] == table.game.totals[1]
    rebuilt = Table.from_log(table.config, table.history, now=0.0)
    assert rebuilt.status.value == "finished"
    # Rated, the two sides tied at the top share the first place: a draw.
    assert ranks(table.game.totals, DRAW) == [0, 0]
    assert ranks((70, 70, 40), DRAW) == [0, 0, 2]
    assert ranks((70, 62, 40), 1) == [1, 0, 2]


def test_a_claimed_game_replays_and_reviews() -> None:
    # The replay's positions and the coach's review read a record whose round a claim ended,
    # even before anyone played in it: the claim adds a final position, not a play.
    for plays in (0, 5):
        table = make_table("hh", seed=3, rules=CLAIMS)
        rng = random.Random(plays)
        for _ in range(plays):
            play_turn(table, rng)
        game = table.game
        assert game is not None
        claimant = game.turn
        table.claim(claimant, table.version, now=1.0)
        shown = positions(table.record())["rounds"][-1]
        # One position before each play and the one the claim was made in.
        assert len(shown["positions"]) == plays + 1
        assert [p["played"] is None for p in shown["positions"]] == [False] * plays + [True]
        assert shown["score"]["claimed_by"] == claimant
        reviewed = review(table.record(), claimant, seconds=0.01)
        assert all(turn.index < plays for turn in reviewed)


def test_a_bot_claims_as_soon_as_its_claim_is_right_and_never_wrongly() -> None:
    # With claims=on a bot seat claims the moment its side's claim would be right, as the
    # self-play loop does; until then the round goes on.
    for seed in range(20):
        table = make_table("hb", seed=seed, rules=CLAIMS)
        rng = random.Random(seed)
        while table.status.value == "playing":
            game = table.game
            assert game is not None
            assert not claim_is_right(game, 1), "a bot left a right claim unmade"
            play_turn(table, rng)
        claims = [event for event in table.history if event.kind.value == "claimed"]
        if claims and claims[0].data["seat"] == 1:
            break
    else:
        raise AssertionError("the bot never claimed in 20 games")
    assert claims[0].data == {"seat": 1, "right": True}
    [over] = [event for event in table.history if event.kind.value == "game_over"]
    assert over.data["winner"] == 1
    assert Table.from_log(table.config, table.history, now=0.0).game == table.game
