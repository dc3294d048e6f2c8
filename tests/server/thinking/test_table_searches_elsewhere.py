"""A server's table leaves a searching bot's move to the workers: it stops at the move, says
what to search on the seat's view alone, and plays the answer only where it was asked."""

from __future__ import annotations

import random

from table_support import NAMES

from pasur.rules import Move, cards_of, legal_moves, view
from pasur.server.tables.config import TableConfig
from pasur.server.tables.seats import Player
from pasur.server.tables.table import Table
from pasur.server.tables.timers import BotAnswer, bot_move


def practice(
    *, search_inline: bool, level: str = "intermediate", seed: int = 5, bot_delay: float = 0.0
) -> Table:
    """A person in seat 0 against a bot of ``level`` in seat 1, the bot to play first."""
    table = Table(
        TableConfig(players=2, bot_delay=bot_delay, drop_bot="random"),
        rng=random.Random(seed),
        search_inline=search_inline,
    )
    table.join(Player("id-0", NAMES[0]), 0)
    table.put_bot(1, level)
    table.start(now=0.0, dealer=0)  # the seat after the dealer plays first: the bot
    return table


def test_the_table_stops_at_the_search_and_says_what_to_search() -> None:
    table = practice(search_inline=False)
    version = table.version
    assert table.tick(1.0) == [], "nothing is played until the answer comes"
    thought = table.thought_due(1.0)
    assert thought is not None
    game = table.game
    assert game is not None
    assert (thought.seat, thought.level, thought.version) == (1, "intermediate", version)
    assert thought.view == view(game, 1), "the worker gets the seat's view and nothing more"
    assert thought.legal == legal_moves(game)


def test_the_search_begins_with_the_turn_and_the_move_waits_for_the_think_time() -> None:
    table = practice(search_inline=False, bot_delay=2.0)
    thought = table.thought_due(0.0)
    assert thought is not None, "the search begins as the bot's turn does"
    due = table.next_deadline()
    assert due is not None and due > 0
    move = bot_move(thought.level, thought.view, thought.legal, thought.seed)
    answer = BotAnswer(thought.seat, thought.version, move)
    assert table.tick(due - 0.01, answer) == [], "an early answer waits for the think time"
    played = [event for event in table.tick(due, answer) if event.kind == "played"]
    assert [event.data["move"] for event in played] == [str(move)]


def test_the_answer_is_the_move_the_table_would_have_searched_itself() -> None:
    inline, elsewhere = practice(search_inline=True), practice(search_inline=False)
    thought = elsewhere.thought_due(1.0)
    assert thought is not None
    move = bot_move(thought.level, thought.view, thought.legal, thought.seed)
    played = elsewhere.tick(1.0, BotAnswer(thought.seat, thought.version, move))
    assert [event.to_json() for event in played] == [event.to_json() for event in inline.tick(1.0)]


def test_an_answer_for_a_table_that_moved_on_counts_for_nothing() -> None:
    table = practice(search_inline=False)
    thought = table.thought_due(1.0)
    assert thought is not None
    table.leave("id-0", now=1.0)  # the person leaves while the bot thinks
    stale = BotAnswer(thought.seat, thought.version, thought.legal[0])
    before = table.version
    table.tick(1.0, stale)
    assert all(event.kind != "played" for event in table.history if event.number > before)


def test_an_illegal_answer_plays_the_first_legal_move() -> None:
    table = practice(search_inline=False)
    thought = table.thought_due(1.0)
    assert thought is not None
    game = table.game
    assert game is not None
    foreign = cards_of(view(game, 0).hand)[0]  # a card in the person's hand, not the bot's
    events = table.tick(1.0, BotAnswer(1, thought.version, Move(foreign, ())))
    played = [event for event in events if event.kind == "played"]
    assert played and played[0].data["move"] == str(thought.legal[0])


def test_levels_that_do_not_search_play_in_the_tick_itself() -> None:
    table = practice(search_inline=False, level="casual")
    assert table.thought_due(1.0) is None
    assert any(event.kind == "played" for event in table.tick(1.0))
