"""The history wing: finished games, read back from the tables' stored events.

:mod:`~pasur.server.history.api` serves records, positions, the coach's reviews, each guest's
history and the leaderboard; :mod:`~.games` writes a finished game's rows in the transaction that
stores its end, :mod:`~.ratings` and :mod:`~.formats` move the people's OpenSkill ratings there,
:mod:`~.bot_pool` the bots' own, and :mod:`~.game_log` finds the games in a table's events.
"""
