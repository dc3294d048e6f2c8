"""Accounts with passkeys: a guest who adds a passkey keeps everything under their own id.

- :mod:`~pasur.server.accounts.names`: what an account name may be, and when two are one;
- :mod:`~.ceremonies`: the WebAuthn ceremonies (py_webauthn), their one-time challenges;
- :mod:`~.store`: accounts and passkeys; :mod:`~.sessions`: signed-in devices, device-link
  codes, and the check of every cookie; :mod:`~.guard`: the middleware that applies it;
- :mod:`~.erase`: deleting an account, its finished games anonymised;
- :mod:`~.api` and :mod:`~.sign_in`: the REST calls, with :mod:`~.bodies`, :mod:`~.context`
  and :mod:`~.limits` (sign-in attempts per address).

``docs/accounts.md`` describes the whole.
"""
