"""The sheets wing: the score tracker's REST API for real tables, under ``/api/tracker``.

:mod:`~pasur.server.sheets.api` (the routes), :mod:`~.models` (their JSON as pydantic models),
:mod:`~.convert` (JSON to :mod:`pasur.tracker` and back) and :mod:`~.store` (the sheets in the
database, with their undo history).
"""
