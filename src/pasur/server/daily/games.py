"""Playing the daily deal: start it once, play the person's moves, the bots answer, score it.

Every answer about a game in progress is the person's seat view (:func:`pasur.protocol.encode_view`)
and nothing else: no name, no clock, no deck. So two people who make the same moves on the same
day get byte-identical answers, and nothing of the deal reaches anyone before their seat sees it.
The deck order, the salt and the seed are revealed by :meth:`DailyGames.describe` once the day is
over, when anyone can check them against the commitment published in the morning.

The work that takes a search (the bots' moves, the expert's own game on the deal, the coach's
review) runs in the server's worker processes (:mod:`pasur.server.thinking`), one at a time:
the machine has few cores, and the tables' bots think there too.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from datetime import UTC, date, datetime, timedelta
from typing import Any, ParamSpec, TypeVar

from pasur.bots.review import review
from pasur.protocol import ErrorCode, JSONObject, Refused
from pasur.protocol.encode import encode_play, encode_view
from pasur.rules import GameState, play_legal, view
from pasur.rules.fairness import deck_text
from pasur.rules.records import record_of
from pasur.server.daily.deal import FORMATS, OPPONENTS, PLAYER_SEAT, Deal, answer, margin, replay
from pasur.server.daily.deal import expert_game as play_expert_game
from pasur.server.daily.share import share_squares
from pasur.server.daily.store import Attempt, DailyStore
from pasur.server.http.guests import Guest
from pasur.server.tables.moves import read_move
from pasur.server.thinking import Thinkers

log = logging.getLogger(__name__)

REVIEW_SECONDS = 4.0
"""The coach's time budget for one daily game's review (processor seconds)."""

Clock = Callable[[], datetime]
P = ParamSpec("P")
R = TypeVar("R")


def utc_now() -> datetime:
    return datetime.now(UTC)


class DailyGames:
    """The daily deal's rules of play over its store."""

    def __init__(self, store: DailyStore, thinkers: Thinkers, *, clock: Clock = utc_now) -> None:
        self.store = store
        self.thinkers = thinkers
        self.clock = clock
        self._searching = asyncio.Lock()
        self._moving: dict[tuple[str, int, str], asyncio.Lock] = {}
        self._working: dict[tuple[str, ...], asyncio.Task[None]] = {}

    def today(self) -> str:
        """The UTC day now, ``YYYY-MM-DD``."""
        return self.clock().astimezone(UTC).date().isoformat()

    async def describe(self, day: str | None, who: Guest | None, device: str) -> JSONObject:
        """A day's deals: their commitments, the person's part in them, and (once the day is
        over) the deck orders, salts and seeds that were committed to; ``you`` is the person's
        name, streak and whether their attempts are ranked, or null without a guest cookie."""
        today = self.today()
        day = read_day(day, today)
        over = day < today
        deals: list[JSONObject] = []
        for players in FORMATS:
            deal = await self._deal(day, players)
            if deal is None:
                continue  # a past day nobody asked about: it never had a deal
            shown: JSONObject = {
                "players": players,
                "commitment": deal.commitment,
                "bots": [OPPONENTS[players][seat] for seat in sorted(OPPONENTS[players])],
                "status": await self._status(deal, who, device),
            }
            if over:
                shown |= {"deck": deck_text(deal.deck).split(), "salt": deal.salt.hex()}
                shown["seed"] = deal.seed
            deals.append(shown)
        ends = datetime.fromisoformat(day).replace(tzinfo=UTC) + timedelta(days=1)
        you: JSONObject | None = None
        if who is not None:
            ranked = await self.store.ranked(who.id)
            you = {"name": who.name, "streak": await self.streak(who), "ranked": ranked}
        return {"day": day, "over": over, "ends_at": ends.isoformat(), "deals": deals, "you": you}

    async def _status(self, deal: Deal, who: Guest | None, device: str) -> str:
        """``new``, ``playing``, ``finished``, or ``refused`` (played on this device by others)."""
        if who is not None:
            attempt = await self.store.attempt(deal.day, deal.players, who.id)
            if attempt is not None:
                return "playing" if attempt.score is None else "finished"
        if await self.store.played(deal.day, deal.players, who.id if who else "", device):
            return "refused"
        return "new"

    async def start(self, players: int, who: Guest, device: str) -> JSONObject:
        """Begin today's deal of ``players`` for the person: the first view, bots' leads played.

        Raises:
            Refused: ``daily_played`` when the person, or this device, has an attempt already.
        """
        day = self.today()
        deal = await self.store.deal(day, read_format(players))
        if await self.store.played(day, players, who.id, device):
            raise _played()
        state, moves = await self._search(answer, deal, deal.first_state())
        if not await self.store.start(day, players, who.id, who.name, device, moves):
            raise _played()
        return game_answer(day, moves, state)

    async def game(self, players: int, who: Guest) -> JSONObject:
        """The person's game on today's deal as it stands (to pick it up after a reload)."""
        day = self.today()
        deal, attempt = await self._attempt(day, players, who)
        return game_answer(day, attempt.moves, replay(deal, attempt.moves))

    async def play(self, players: int, who: Guest, text: object, version: int) -> JSONObject:
        """Play the person's move on the game at ``version`` (its number of moves, as the
        person last saw it), then the bots' until the person is to play or the round ends.

        Raises:
            Refused: ``stale`` when the game is no longer at ``version`` (a play sent twice, or
                from two pages at once: one is stored, and the others are told only this),
                ``no_daily_game``, ``game_over``, or the move's own refusals.
        """
        day = self.today()
        key = (day, players, who.id)
        lock = self._moving.setdefault(key, asyncio.Lock())
        # One move of a person at a time in this process, so that a second request waits and is
        # found stale without a search; across processes the store's compare-and-set decides.
        async with lock:
            deal, attempt = await self._attempt(day, players, who)
            if version != len(attempt.moves):
                raise _stale()
            state = replay(deal, attempt.moves)
            if state.result is not None:
                raise Refused(ErrorCode.GAME_OVER, "the daily deal is played; see the result")
            move = read_move(state, text)
            state, answered = await self._search(answer, deal, play_legal(state, move))
            moves = [*attempt.moves, str(move), *answered]
            score = margin(state) if state.result is not None else None
            if not await self.store.save(day, players, who.id, version, moves, score):
                raise _stale()  # another process stored a move first: this one never happened
        if score is not None:
            self._moving.pop(key, None)
        return game_answer(day, moves, state)

    async def result(self, players: int, who: Guest, day: str | None) -> JSONObject:
        """After the round: the score, the share line, the plays, the coach's review and the
        expert's own game on the deal (each ``null`` while it is still being worked out), and
        whether the attempt is ``ranked`` (an account's) with its ``rank`` (null when not).

        Raises:
            Refused: ``no_daily_game``, or ``not_finished`` before the round is over.
        """
        day = read_day(day, self.today())
        deal, attempt = await self._attempt(day, players, who)
        if attempt.score is None:
            raise Refused(ErrorCode.NOT_FINISHED, "finish the daily deal first")
        state = replay(deal, attempt.moves)
        expert = await self.store.expert(day, players)
        if expert is None:
            self._work(("expert", day, str(players)), lambda: self._expert(deal))
        if attempt.review is None:
            self._work(("review", day, str(players), who.id), lambda: self._review(deal, attempt))
        return {
            "day": day,
            "players": players,
            "score": attempt.score,
            "points": list(state.result.points) if state.result else [],
            "share": share_squares(attempt.score),
            "plays": [encode_play(p) for p in state.plays],
            "review": attempt.review,
            "expert": expert,
            "ranked": attempt.ranked,
            "rank": await self.store.rank(day, players, attempt.score) if attempt.ranked else None,
        }

    async def leaderboard(self, players: int, day: str | None) -> JSONObject:
        """The day's best ranked scores (accounts' names and scores only)."""
        day = read_day(day, self.today())
        board = await self.store.leaderboard(day, read_format(players))
        return {
            "day": day,
            "players": players,
            "scores": [{"name": name, "score": score} for name, score in board],
        }

    async def streak(self, who: Guest) -> JSONObject:
        """The person's current run of days with a daily deal finished, and their longest."""
        days = await self.store.days_finished(who.id)
        return streaks(days, date.fromisoformat(self.today()))

    # Inside.

    async def _deal(self, day: str, players: int) -> Deal | None:
        """Today's deal (made when first asked for), or a past day's if it had one."""
        if day == self.today():
            return await self.store.deal(day, players)
        return await self.store.stored_deal(day, players)

    async def _attempt(self, day: str, players: int, who: Guest) -> tuple[Deal, Attempt]:
        attempt = await self.store.attempt(day, read_format(players), who.id)
        deal = await self._deal(day, players)
        if attempt is None or deal is None:
            raise Refused(ErrorCode.NO_DAILY_GAME, "no game on that daily deal: start it first")
        return deal, attempt

    async def _search(self, work: Callable[P, R], *args: P.args, **kw: P.kwargs) -> R:
        async with self._searching:
            return await self.thinkers.run(work, *args, **kw)

    def _work(self, key: tuple[str, ...], make: Callable[[], Coroutine[Any, Any, None]]) -> None:
        """Start ``make`` in the background unless the same work is under way."""
        if key in self._working:
            return
        task = asyncio.create_task(make())
        self._working[key] = task

        def done(finished: asyncio.Task[None]) -> None:
            self._working.pop(key, None)
            if not finished.cancelled() and finished.exception() is not None:
                log.error("the daily deal's %s failed", key[0], exc_info=finished.exception())

        task.add_done_callback(done)

    async def _expert(self, deal: Deal) -> None:
        state = await self._search(play_expert_game, deal)
        assert state.result is not None
        await self.store.set_expert(
            deal.day,
            deal.players,
            {
                "score": margin(state),
                "points": list(state.result.points),
                "plays": [encode_play(p) for p in state.plays],
            },
        )

    async def _review(self, deal: Deal, attempt: Attempt) -> None:
        record = record_of(replay(deal, attempt.moves))
        turns = await self._search(review, record, PLAYER_SEAT, seconds=REVIEW_SECONDS)
        await self.store.set_review(
            deal.day, deal.players, attempt.player_id, [turn.as_json() for turn in turns]
        )


def game_answer(day: str, moves: list[str], state: GameState) -> JSONObject:
    """What the person is sent about their game: the day, its ``version`` (the number of moves
    so far, which the next play sends back), their seat's view, and the score once over."""
    return {
        "day": day,
        "version": len(moves),
        "view": encode_view(view(state, PLAYER_SEAT)),
        "score": margin(state) if state.result is not None else None,
    }


def read_format(players: object) -> int:
    if players not in FORMATS or isinstance(players, bool):
        raise Refused(
            ErrorCode.NO_SUCH_DEAL, f"the daily deal is for 2 or 3 players, not {players!r}"
        )
    assert isinstance(players, int)
    return players


def read_day(day: str | None, today: str) -> str:
    """The day asked for (today when none): a ``YYYY-MM-DD`` no later than today."""
    if day is None:
        return today
    try:
        parsed = date.fromisoformat(day) if len(day) == 10 else None
    except ValueError:
        parsed = None
    if parsed is None or parsed.isoformat() > today:
        raise Refused(ErrorCode.NO_SUCH_DEAL, f"a day is YYYY-MM-DD up to today, not {day!r}")
    return parsed.isoformat()


def streaks(days: set[str], today: date) -> JSONObject:
    """``current``: days in a row up to today (or up to yesterday while today is unplayed);
    ``best``: the longest such run ever."""
    played = sorted(date.fromisoformat(day) for day in days)
    best = run = 0
    previous: date | None = None
    for day in played:
        run = run + 1 if previous is not None and day - previous == timedelta(days=1) else 1
        best = max(best, run)
        previous = day
    alive = previous is not None and today - previous <= timedelta(days=1)
    return {"current": run if alive else 0, "best": best}


def _stale() -> Refused:
    """The refusal of a play made on a game that has moved on: nothing of the game in it."""
    return Refused(ErrorCode.STALE, "your game moved on before this play arrived: read it again")


def _played() -> Refused:
    return Refused(
        ErrorCode.DAILY_PLAYED, "today's deal of that format was already played from here"
    )
