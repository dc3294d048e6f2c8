"""The Pasur web server: FastAPI on Starlette, SQLAlchemy asyncio, served by ``pasur serve``.

:func:`create_app` builds the application from :class:`ServerSettings`. Each feature is a router
over the shared database layer (:mod:`pasur.server.database`): online play
(:mod:`pasur.server.play_api` over :mod:`pasur.server.table_manager`), finished games
(:mod:`pasur.server.history_api`), the score tracker's API (:mod:`pasur.server.tracker_api`) and
the pages of the web client (:mod:`pasur.server.pages`).
"""

from pasur.server.app import create_app
from pasur.server.collector import CollectorPacing
from pasur.server.settings import (
    DEFAULT_DATABASE_URL,
    REDIS_ENV,
    WS_MAX_MESSAGE,
    DatabaseURLError,
    ServerSettings,
    database_url,
    redis_url,
)

__all__ = [
    "DEFAULT_DATABASE_URL",
    "REDIS_ENV",
    "WS_MAX_MESSAGE",
    "CollectorPacing",
    "DatabaseURLError",
    "ServerSettings",
    "create_app",
    "database_url",
    "redis_url",
]
