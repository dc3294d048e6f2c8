"""The Pasur web server: FastAPI on Starlette, SQLAlchemy asyncio, served by ``pasur serve``.

:func:`create_app` builds the application from :class:`ServerSettings`. Each feature is a router
over the shared database layer (:mod:`pasur.server.database`): the score tracker's API
(:mod:`pasur.server.tracker_api`, stored by :mod:`pasur.server.tracker_store`) and the pages of
the web client (:mod:`pasur.server.pages`).
"""

from pasur.server.app import create_app
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
    "DatabaseURLError",
    "ServerSettings",
    "create_app",
    "database_url",
    "redis_url",
]
