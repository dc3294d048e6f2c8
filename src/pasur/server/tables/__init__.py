"""The tables wing: online tables with no transport at all (no FastAPI, no sockets, no Redis).

- :mod:`~pasur.server.tables.table`: :class:`Table`, the authoritative table (its seats, games,
  timers and numbered events), over :mod:`~.state` (what it is, and the one place it changes),
  :mod:`~.seats`, :mod:`~.config`, :mod:`~.timers`, :mod:`~.moves`, :mod:`~.plays` and
  :mod:`~.take_backs` (a play undone when everyone agrees);
- :mod:`~.commands`: what may be asked of a table, as typed values that also travel as JSON;
- :mod:`~.manager`: the live tables of a process (:mod:`~.live`), one writer per table, stored
  steps, timers, and :mod:`~.connections` to the sockets; its ``Ownership`` says who writes each;
- :mod:`~.store`: the tables and their events in the database; :mod:`~.chat`: the chat lines.
"""
