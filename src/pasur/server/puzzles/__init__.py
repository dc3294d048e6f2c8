"""Pasur puzzles on the server (issue 34): the shipped sets served, attempts judged, ratings.

- :mod:`.catalogue`: the shipped puzzle sets, read once; each puzzle's public form.
- :mod:`.lines`: the solver's line after a play (run in the worker processes).
- :mod:`.rating`: OpenSkill ratings of people and puzzles, and the figure people see.
- :mod:`.store`: the rows (``puzzle_players``, ``puzzle_ratings``, ``puzzle_attempts``).
- :mod:`.trainer`: which puzzle next, the day's puzzle, judging an attempt.
- :mod:`.api`: the routes under ``/api/puzzles``.

``docs/puzzles.md`` ("The puzzle API") describes the calls.
"""
