"""The Pasur web server: FastAPI on Starlette, SQLAlchemy asyncio, served by ``pasur serve``.

:func:`pasur.server.app.create_app` builds the application from
:class:`pasur.server.settings.ServerSettings`. The server is a few wings that look alike, each a
package with one job, and the arrows between them point one way (``pyproject.toml``'s import
contracts say so):

- ``app``: wires everything together;
- ``play`` (online play's REST calls and the table socket), ``sheets`` (the score tracker's API),
  ``accounts`` (passkeys, sessions, profiles, leaderboards, friends: ``docs/accounts.md``);
- ``history`` (finished games, records, reviews, ratings overall and per format);
- ``cluster``: several processes sharing their tables through Redis;
- ``tables``: the tables themselves, with no transport: the authoritative table, its commands,
  the live tables of a process and their store;
- ``http``: what every request goes through (errors, middleware, origins, guests, rate limits,
  pages, docs);
- ``db``: the schema, the engine and the migrations.

The wire protocol they speak is :mod:`pasur.protocol`. This package itself imports nothing, so
reading the schema (the migrations do) never loads the application.
"""
