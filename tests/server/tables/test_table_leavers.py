"""A game's end says which seats count as left (docs/protocol.md, sections 4 and 5): the
``game_over`` event's ``left`` and ``rated``, and the snapshot's ``game_over`` and ``names``, so
the table page says the result as the rating counts it. The rule is the history's
(:func:`~pasur.server.history.game_log.finished_games`), and a log stored before these fields
existed still rebuilds the table."""

from __future__ import annotations

import random
from typing import Any

import pytest
from table_support import make_table, until

from pasur.protocol import SPECTATOR, Event, Kind
from pasur.rules import legal_moves, make_rules
from pasur.server.history.game_log import finished_games
from pasur.server.tables.seats import SeatKind, Status
from pasur.server.tables.table import Table

QUICK = make_rules("standard", {"target": "1"})
"""One round decides the game (unless the top totals tie)."""
RATED: dict[str, Any] = {"rules": QUICK, "private": False, "rated": True}


def finished(table: Table) -> bool:
    return table.status is Status.FINISHED


def play_out(table: Table, seed: int = 7) -> Event:
    """Play the game to its end (random legal moves for the people, from ``now`` 1000 on, so
    that any grace has run out), and return its ``game_over`` event."""
    rng = random.Random(seed)
    now = 1000.0
    while not finished(table):
        now += 1.0
        table.tick(now)
        game = table.game
        if finished(table) or game is None or game.turn < 0:
            continue
        occupant = table.seats[game.turn]
        if occupant.kind is SeatKind.HUMAN and not occupant.stand_in:
            table.submit(game.turn, str(rng.choice(legal_moves(game))), table.version, now=now)
    return over_event(table)


def over_event(table: Table) -> Event:
    return next(e for e in reversed(table.history) if e.kind is Kind.GAME_OVER)


def shown_over(table: Table) -> dict[str, Any]:
    """What every recipient's snapshot says of the game's end (they must all say the same)."""
    shown = [table.snapshot_for(r)["game_over"] for r in (*range(table.config.players), -1)]
    assert all(item == shown[0] for item in shown)
    return dict(shown[0])


def test_a_person_who_leaves_a_rated_game_counts_as_left_in_its_end_and_snapshot() -> None:
    table = make_table("hh", **RATED)
    table.leave("id-1", now=1.0)
    over = play_out(table)
    assert (over.data["left"], over.data["rated"]) == ([1], True)
    public = over.for_recipient(SPECTATOR)
    assert (public["left"], public["rated"]) == ([1], True)
    snapshot = table.snapshot_for(0)
    assert snapshot["names"] == ["Ava", "Babak"]  # the leaver's name: the seat is a bot's now
    assert snapshot["seats"][1]["kind"] == "bot"
    assert shown_over(table) == {k: v for k, v in public.items() if k not in ("n", "kind")}


def test_a_stand_in_still_playing_at_the_end_counts_as_left() -> None:
    table = make_table("hh", grace=0, **RATED)
    table.set_connected(1, False, now=0.0)  # Babak drops and never comes back
    over = play_out(table)
    assert any(e.kind is Kind.STAND_IN and e.data["active"] for e in table.history)
    assert over.data["left"] == [1]
    assert shown_over(table)["left"] == [1]
    assert table.snapshot_for(1)["seats"][1]["stand_in"]


def test_a_person_back_before_the_end_does_not_count_as_left() -> None:
    table = make_table("hh", grace=0, **RATED)
    table.set_connected(1, False, now=0.0)
    until(table, random.Random(2), lambda t: t.seats[1].stand_in)
    table.set_connected(1, True, now=1.0)  # back: the stand-in stops, the seat is theirs
    assert play_out(table).data["left"] == []
    assert shown_over(table)["left"] == []


def sat_in(table: Table, seat: int, player: str, name: str) -> None:
    """The seat's drop bot gives way to ``player`` (a stored log may hold it; a live table
    seats nobody during a game): the events another server would have stored."""
    version = table.version
    table.follow(
        [
            {"n": version + 1, "kind": "bot_removed", "data": {"seat": seat}},
            {
                "n": version + 2,
                "kind": "seated",
                "data": {"seat": seat, "player": player, "name": name},
            },
        ],
        now=1.0,
    )


@pytest.mark.parametrize(("player", "left"), [("id-1", []), ("someone-else", [1])])
def test_only_sitting_back_down_in_ones_own_seat_undoes_leaving(
    player: str, left: list[int]
) -> None:
    table = make_table("hh", **RATED)
    table.leave("id-1", now=1.0)
    sat_in(table, 1, player, "Babak")
    assert play_out(table).data["left"] == left


@pytest.mark.parametrize(
    ("seats", "config", "rated"),
    [
        ("hh", RATED, True),
        ("hb", RATED, False),  # a game with a bot moves nobody's rating
        ("hh", {"rules": QUICK}, False),
    ],
)
def test_a_game_nobody_left_says_so_and_whether_it_was_rated(
    seats: str, config: dict[str, Any], rated: bool
) -> None:
    table = make_table(seats, **config)
    over = play_out(table)
    assert (over.data["left"], over.data["rated"]) == ([], rated)
    assert shown_over(table)["rated"] is rated


def test_no_game_over_in_the_snapshot_before_a_game_ends_or_once_the_next_starts() -> None:
    table = make_table("hh", start=False, **RATED)
    assert table.snapshot_for(0)["game_over"] is None
    assert table.snapshot_for(0)["names"] == []
    table.start(now=0.0, dealer=0)
    assert table.snapshot_for(0)["game_over"] is None
    play_out(table)
    assert shown_over(table)["game"] == 1
    table.vote_rematch(0, True, now=2000.0)
    table.vote_rematch(1, True, now=2000.0)
    assert table.status is Status.PLAYING
    assert table.snapshot_for(0)["game_over"] is None


def test_a_log_stored_before_left_existed_rebuilds_and_leaves_it_unknown() -> None:
    table = make_table("hh", **RATED)
    table.leave("id-1", now=1.0)
    play_out(table)
    log = [event.to_json() for event in table.history]
    for stored in log:
        if stored["kind"] == "game_over":
            del stored["data"]["left"], stored["data"]["rated"]
    rebuilt = Table.from_log(table.config, log, now=5000.0)
    over = shown_over(rebuilt)
    assert "left" not in over and "rated" not in over  # not known: the cards decide
    assert over["winner"] == over_event(table).data["winner"]
    assert rebuilt.snapshot_for(0)["names"] == ["Ava", "Babak"]
    # The history still finds who left, from the seats' events.
    (game,) = finished_games(log)
    assert game.abandoned == {1}
    # The rebuilt table plays on: the next game's end says it again.
    rebuilt.vote_rematch(0, True, now=5000.0)
    assert rebuilt.status is Status.PLAYING
    assert play_out(rebuilt).data["left"] == []


@pytest.mark.parametrize("seed", range(12))
def test_the_table_and_the_history_agree_on_who_left(seed: int) -> None:
    """Random games with people leaving, dropping and coming back: the seats each ``game_over``
    says left are the ones the history ranks last."""
    rng = random.Random(seed)
    seats = rng.choice(["hh", "hhh", "hbh", "hhhh"])
    table = make_table(seats, seed=seed, grace=rng.choice([0, 5]), history=10_000, **RATED)
    now = 0.0
    games = 0
    while games < 2:
        now += rng.choice([0.5, 3.0, 10.0])
        people = [s for s, occupant in enumerate(table.seats) if occupant.player]
        roll = rng.random()
        if table.status is Status.FINISHED:
            games += 1
            for seat in people:
                table.set_connected(seat, True, now=now)
                table.vote_rematch(seat, True, now=now)
            if table.status is not Status.PLAYING:
                break  # someone left: no rematch
            continue
        if people and roll < 0.01:
            table.leave(table.seats[rng.choice(people)].player or "", now=now)
        elif people and roll < 0.04:
            seat = rng.choice(people)
            table.set_connected(seat, not table.seats[seat].connected, now=now)
        table.tick(now)
        game = table.game
        if table.status is Status.PLAYING and game is not None and game.turn >= 0:
            occupant = table.seats[game.turn]
            if occupant.player and not occupant.stand_in:
                move = str(rng.choice(legal_moves(game)))
                table.submit(game.turn, move, table.version, now=now)
    said = [e.data["left"] for e in table.history if e.kind is Kind.GAME_OVER]
    found = finished_games(event.to_json() for event in table.history)
    assert said
    assert said == [sorted(game.abandoned) for game in found]
