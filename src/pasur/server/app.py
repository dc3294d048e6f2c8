"""The application factory: one FastAPI app per database, with every wing plugged in.

The wings (``play``, ``history``, ``sheets``) are routers over the shared layers below them, and
this is the one place that wires them together: the database, the stores, the table manager and
who writes its tables (this process alone, or a cluster through Redis), the error handlers and
the middleware, the pages. The lifespan brings the database's schema up to date at start-up, and
stops the tables and closes the engine at shutdown.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import JSONResponse, Response
from redis.asyncio import BlockingConnectionPool, Redis
from sqlalchemy.ext.asyncio import AsyncConnection

import pasur
from pasur.protocol import Event
from pasur.server.accounts import api as accounts_api
from pasur.server.accounts import friends, friends_api, profile_api
from pasur.server.accounts import sign_in as accounts_sign_in
from pasur.server.accounts.guard import SessionGuard
from pasur.server.accounts.limits import SignInLimits
from pasur.server.accounts.presence import Presence
from pasur.server.accounts.sessions import SessionCheck
from pasur.server.alerts import my_games, push_api
from pasur.server.alerts.push_settings import PushSettings
from pasur.server.alerts.seat_index import SeatIndex
from pasur.server.alerts.sender import PushSender
from pasur.server.alerts.subscriptions import SubscriptionStore
from pasur.server.alerts.vapid import VapidKeys
from pasur.server.cluster.ownership import RedisOwnership
from pasur.server.collector import pace_collector
from pasur.server.daily import api as daily_api
from pasur.server.daily.games import DailyGames
from pasur.server.daily.store import DailyStore
from pasur.server.db.database import Database
from pasur.server.history import api as history_api
from pasur.server.history.archive import GameArchive
from pasur.server.history.games import GamesStore
from pasur.server.history.ratings import Ratings
from pasur.server.http.api_docs import install_docs
from pasur.server.http.errors import install_error_handlers
from pasur.server.http.guests import Guests
from pasur.server.http.middleware import AllowedMethods, BodyLimit, CrossSiteGuard, SecurityHeaders
from pasur.server.http.openapi import install_openapi
from pasur.server.http.pages import install_pages
from pasur.server.http.pressure import LoopLag
from pasur.server.http.rate_limit import AddressLimits
from pasur.server.offline import uploads as offline_uploads
from pasur.server.offline.routes import install_offline
from pasur.server.play import house_rules
from pasur.server.play import rest as play_rest
from pasur.server.play import socket as play_socket
from pasur.server.play.blocks import BlockLists
from pasur.server.play.dispatch import Dispatcher
from pasur.server.play.hints import Hinter
from pasur.server.play.invites import Invites
from pasur.server.puzzles import api as puzzles_api
from pasur.server.puzzles.catalogue import Catalogue
from pasur.server.puzzles.store import PuzzleStore
from pasur.server.puzzles.trainer import PuzzleTrainer
from pasur.server.queue import api as queue_api
from pasur.server.queue.matchmaker import Matchmaker
from pasur.server.queue.store import QueueStore
from pasur.server.settings import ServerSettings
from pasur.server.sheets import api as sheets_api
from pasur.server.sheets.store import SheetStore
from pasur.server.tables.manager import Ownership, TableManager
from pasur.server.tables.owners import LocalOwnership
from pasur.server.tables.store import TableStore
from pasur.server.thinking import Thinkers
from pasur.server.tournaments import api as tournaments_api
from pasur.server.tournaments import clock as tournament_clock
from pasur.server.tournaments import games as tournament_games

DESCRIPTION = """\
The Pasur server: online play (tables, the table WebSocket, finished games, ratings) and the
score tracker for real tables.

A score sheet has two links. The **edit token** reads and changes it; keep it private.
The **share token** only reads it; show it to the table. Players and sides are numbered from 1.
A refused call answers `{"detail": {"code": …, "message": …}}` with the code's status (the codes
are listed with each call and in docs/protocol.md); bad input is answered with 422, code
`bad_request`, and its `fields`: one line per wrong field.
"""

REDIS_CONNECTIONS = 100
"""Connections to Redis one process opens at most (one of them holds the pub/sub)."""

REDIS_WAIT = 5.0
"""Seconds a Redis command waits for a free connection before it fails."""


def create_app(settings: ServerSettings | None = None) -> FastAPI:
    """A new application on the database and web folder that ``settings`` name."""
    settings = settings or ServerSettings()
    database = Database(settings.database_url)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        pacer: asyncio.Task[None] | None = None
        pushes: PushSender | None = None
        clock: asyncio.Task[None] | None = None
        watcher: asyncio.Task[None] | None = None
        try:
            await database.upgrade()
            app.state.guests = await Guests.load(database)
            app.state.vapid_keys = keys = await VapidKeys.load(database, push_settings)
            pushes = PushSender(subscriptions, keys, push_settings)
            await pushes.start()
            tables.after_step.append(pushes.after_step)
            app.state.push_sender = pushes
            await tables.start()
            clock = asyncio.create_task(tournament_clock.run(database.engine, tables))
            if settings.collector is not None:
                pacer = asyncio.create_task(pace_collector(settings.collector))
            # Watched from here on: starting (migrations, loading tables) may hold the loop.
            watcher = asyncio.create_task(loop_lag.watch())
            yield
        finally:
            for task in (pacer, clock, watcher):
                if task is not None:
                    task.cancel()
                    await asyncio.gather(task, return_exceptions=True)
            await tables.stop()
            thinkers.close()
            if pushes is not None:
                await pushes.stop()
            await database.close()

    app = FastAPI(
        title="Pasur",
        version=pasur.__version__,
        description=DESCRIPTION,
        lifespan=lifespan,
        docs_url=None,  # served from the package's own files: http.api_docs
        redoc_url=None,
        swagger_ui_oauth2_redirect_url=None,
    )
    app.state.settings = settings
    app.state.database = database
    app.state.loop_lag = loop_lag = LoopLag()
    app.state.sheet_store = SheetStore(database)
    app.state.games_store = games = GamesStore(database)
    app.state.ratings = Ratings(database)
    app.state.seat_index = seat_index = SeatIndex(database)
    app.state.push_settings = push_settings = PushSettings.from_env()
    app.state.push_subscriptions = subscriptions = SubscriptionStore(database)

    async def after_append(
        connection: AsyncConnection, table_id: str, events: Sequence[Event]
    ) -> None:
        # Finished games (and ratings, and tournament results), and who holds which seat, are
        # written in the same transaction as the step.
        await games.after_append(connection, table_id, events)
        await seat_index.after_append(connection, table_id, events)
        await tournament_games.after_append(connection, table_id, events)

    app.state.table_store = table_store = TableStore(database, after_append=after_append)
    # Every search (bots' moves, hints, reviews, the daily deal's bots) runs in these workers,
    # off the event loop, started at the first one.
    app.state.thinkers = thinkers = Thinkers()
    app.state.table_manager = tables = TableManager(
        table_store, ownership=_ownership(settings), thinkers=thinkers
    )
    app.state.dispatcher = Dispatcher(tables, Hinter(thinkers))
    limits = settings.limits
    app.state.address_limits = AddressLimits(
        limits.sockets_per_address, limits.connects_per_address
    )
    app.state.invites = Invites(settings.public_url, settings.host)
    app.state.game_archive = GameArchive(table_store, thinkers)
    app.state.session_check = SessionCheck(database)
    app.state.presence = Presence(database)
    # Online play hides a blocked person's chat and tables from the blocker; blocks are the
    # accounts wing's, which play does not import, so the look-up is handed over here.
    app.state.block_lists = BlockLists(friends.block_lookup(database.engine))
    app.state.sign_in_limits = SignInLimits()
    app.state.daily = DailyGames(DailyStore(database), thinkers)
    app.state.puzzles = PuzzleTrainer(PuzzleStore(database), Catalogue.shipped(), thinkers)
    app.state.matchmaker = Matchmaker(tables, app.state.ratings, QueueStore(database.engine))

    install_error_handlers(app)
    install_openapi(app)
    # The last added runs first: the security headers go on every answer, the guard's refusals
    # too, and a cross-site change is refused before its body is read.
    # Innermost: a revoked session's cookie is dropped right before the routes read it.
    app.add_middleware(SessionGuard)
    app.add_middleware(BodyLimit)
    app.add_middleware(AllowedMethods, routes=app.router.routes)
    app.add_middleware(CrossSiteGuard, allowed_origins=settings.allowed_origins)
    app.add_middleware(SecurityHeaders)
    app.include_router(health)
    app.include_router(sheets_api.router)
    app.include_router(play_rest.router)
    app.include_router(play_socket.router)
    app.include_router(history_api.router)
    app.include_router(house_rules.router)
    app.include_router(accounts_api.router)
    app.include_router(accounts_sign_in.router)
    app.include_router(profile_api.router)
    app.include_router(friends_api.router)
    app.include_router(daily_api.router)
    app.include_router(puzzles_api.router)
    app.include_router(queue_api.router)
    app.include_router(offline_uploads.router)
    app.include_router(my_games.router)
    app.include_router(push_api.router)
    app.include_router(tournaments_api.router)
    install_docs(app)
    install_pages(app, settings.web_root)
    install_offline(app, settings.web_root)  # after the pages: a page that does not fit is named
    return app


def _ownership(settings: ServerSettings) -> Ownership:
    """This process writes every table, or (with Redis) shares them with other processes."""
    if settings.redis_url is None:
        return LocalOwnership()
    # A command waits (up to REDIS_WAIT seconds) for one of the pool's connections instead of
    # failing: with the default pool, hundreds of plays forwarded at once (each reads its table's
    # lease) ran out of connections and closed their sockets (docs/performance.md, Server load).
    pool = BlockingConnectionPool.from_url(
        settings.redis_url,
        max_connections=REDIS_CONNECTIONS,
        timeout=REDIS_WAIT,
        socket_connect_timeout=5,
    )
    redis = Redis.from_pool(pool)
    return RedisOwnership(
        redis, url=settings.redis_url, prefix=settings.redis_prefix, lease_ttl=settings.lease_ttl
    )


health = APIRouter(tags=["server"])


@health.get(
    "/healthz",
    summary="Health check",
    responses={503: {"description": "The database cannot be reached."}},
)
async def healthz(request: Request) -> Response:
    """``{"status": "ok"}`` once the database answers a query."""
    database = request.app.state.database
    assert isinstance(database, Database)
    try:
        await database.ping()
    except Exception:
        return JSONResponse({"status": "unavailable"}, status_code=503)
    return JSONResponse({"status": "ok"})
