"""Searches that run off the event loop: bots' moves, hints, reviews and the daily deal's bots.

A search holds a core for up to a second or more; run on the event loop (or in a thread, which
holds the interpreter's lock for as long) it stalls every socket of the process. They run in
:class:`Thinkers`, worker processes sized to the machine's cores, on values that cross a pipe
(a seat's view, a record): nothing a worker sees is more than the work needs.
"""

from pasur.server.thinking.pool import Thinkers, ThinkingFailed

__all__ = ["Thinkers", "ThinkingFailed"]
