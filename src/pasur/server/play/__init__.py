"""The play wing: online play's REST calls and the table WebSocket.

- :mod:`~pasur.server.play.rest`: guests and tables over REST, with :mod:`~.bodies` (the strict
  request bodies), :mod:`~.access` (who calls, and what they may do), :mod:`~.invites`
  (invite links that work where they are sent) and :mod:`~.blocks` (whom a person has blocked:
  their chat and tables are kept from them);
- :mod:`~.socket`: the WebSocket's handshake and hello; :mod:`~.dispatch`: every frame after it;
  :mod:`~.hints`: the expert's hints at practice tables.
"""
