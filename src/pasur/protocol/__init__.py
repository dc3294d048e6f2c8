"""The wire protocol between the Pasur server and its clients, as typed values.

The one vocabulary the server and a client share (``docs/protocol.md`` says it in words):

- :mod:`~pasur.protocol.errors`: :class:`ErrorCode`, every code the server sends, with its
  meaning and HTTP status, and :class:`Refused`, the one exception that becomes an error;
- :mod:`~pasur.protocol.frames`: the table socket's frames both ways, :func:`parse_client`;
- :mod:`~pasur.protocol.events`: a table's numbered events and what each recipient sees of them;
- :mod:`~pasur.protocol.encode`: the engine's values (cards, plays, views, refusals) as JSON;
- :mod:`~pasur.protocol.text`: the one policy for text people type (names, chat lines …);
- :mod:`~pasur.protocol.names`: when two names are one, and the words nobody goes by;
- :mod:`~pasur.protocol.values`: JSON itself, read strictly.

It imports the rules engine and nothing else of Pasur, so the server, a command-line client or a
test speak it alike.
"""

from pasur.protocol.errors import ErrorCode, Refused
from pasur.protocol.events import SPECTATOR, Event, Kind
from pasur.protocol.frames import VERSION, ClientFrame, ServerFrame, parse_client
from pasur.protocol.values import JSONObject, JSONValue

__all__ = [
    "SPECTATOR",
    "VERSION",
    "ClientFrame",
    "ErrorCode",
    "Event",
    "JSONObject",
    "JSONValue",
    "Kind",
    "Refused",
    "ServerFrame",
    "parse_client",
]
