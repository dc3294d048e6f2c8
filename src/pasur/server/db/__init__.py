"""The database wing: the schema (:mod:`~pasur.server.db.rows`), the engine
(:mod:`~pasur.server.db.database`) and the migrations that make and change the schema.

Nothing here knows a feature: the features read and write their rows through
:class:`~pasur.server.db.database.Database`, and the migrations read the schema from ``rows``
alone, never from the application.
"""
