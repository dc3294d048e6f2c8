"""The database wing: the schema (:mod:`~pasur.server.db.rows`, with the accounts' rows in
:mod:`~pasur.server.db.account_rows`), the engine (:mod:`~pasur.server.db.database`) and the
migrations that make and change the schema.

Nothing here knows a feature: the features read and write their rows through
:class:`~pasur.server.db.database.Database`, and the migrations read the schema from the row
modules alone, never from the application.
"""
