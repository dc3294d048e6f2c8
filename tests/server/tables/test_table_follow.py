"""A seat's view followed from its events equals the server's snapshot of it, all game long.

``pasur connect`` gives an engine the view it follows from events (pasur.protocol.follow), never
asking for a snapshot; here every step of whole games is checked against ``snapshot_for``, with
2, 3 and 4 seats (partnerships too) and several house rules.
"""

from __future__ import annotations

import random

import pytest
from table_support import make_table, play_turn

from pasur.protocol.follow import FollowedView
from pasur.rules import STANDARD, Rules, make_rules
from pasur.server.tables.table import Table

CASES = [
    pytest.param("hb", STANDARD, 1, id="2-players"),
    pytest.param("bhb", STANDARD, 2, id="3-players"),
    pytest.param("hbbb", make_rules("standard", {"partnerships": "on"}), 3, id="partnerships"),
    pytest.param(
        "hb", make_rules("standard", {"sur-points": "10", "target": "30"}), 4, id="sur-10"
    ),
]


@pytest.mark.parametrize(("seats", "rules", "seed"), CASES)
def test_the_followed_view_is_the_snapshot_after_every_step(
    seats: str, rules: Rules, seed: int
) -> None:
    table = make_table(seats, seed=seed, rules=rules, start=False, turn_timer=None)
    seat = seats.index("h")
    followed = FollowedView.from_snapshot(_game(table, seat, started=False))
    table.start(now=0.0, dealer=0)
    rng = random.Random(seed)
    seen = 0
    checked_turns = 0
    for _ in range(3000):
        for event in table.events_for(seat, since=seen):
            followed.apply(event)
            seen = event["n"]
        assert followed.view == _game(table, seat)
        if followed.to_play:
            checked_turns += 1
            assert followed.legal == table.snapshot_for(seat)["game"]["legal"]
        if table.status.value != "playing":
            break
        play_turn(table, rng)
    assert table.status.value == "finished"
    assert checked_turns > 20


def _game(table: Table, seat: int, *, started: bool = True) -> dict[str, object]:
    snapshot = table.snapshot_for(seat)
    game = snapshot["game"]
    if not started:
        assert game is None
        config = snapshot["config"]
        return FollowedView(seat, config["players"], config["rules"]).view
    assert isinstance(game, dict)
    return game
