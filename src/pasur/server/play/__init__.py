"""The play wing: online play's REST calls and the table WebSocket.

- :mod:`~pasur.server.play.rest`: guests and tables over REST, with :mod:`~.bodies` (the strict
  request bodies), :mod:`~.access` (who calls, and what they may do) and :mod:`~.invites`
  (invite links that work where they are sent);
- :mod:`~.socket`: the WebSocket's handshake and hello; :mod:`~.dispatch`: every frame after it;
  :mod:`~.hints`: the expert's hints at practice tables.
"""
