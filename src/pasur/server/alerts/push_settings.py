"""The operator's Web Push settings, from the environment (docs/alerts.md, docs/deploy.md):

- ``PASUR_VAPID_PRIVATE_KEY``: the VAPID private key (the raw 32-byte key in base64url, or DER),
  when the operator gives one; otherwise one is generated at the first start and kept in the
  database, so every process and every restart signs with the same key.
- ``PASUR_VAPID_SUBJECT``: who the push services may contact (``mailto:`` or ``https:``).
- ``PASUR_PUSH_HOSTS``: host names (comma-separated) whose push endpoints are accepted even on a
  private or loopback address, and over plain HTTP: how the tests reach a local push endpoint.
  Empty by default: the server sends no request to a private address.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping

VAPID_KEY_ENV = "PASUR_VAPID_PRIVATE_KEY"
VAPID_SUBJECT_ENV = "PASUR_VAPID_SUBJECT"
PUSH_HOSTS_ENV = "PASUR_PUSH_HOSTS"

DEFAULT_SUBJECT = "mailto:pasur@localhost"


@dataclasses.dataclass(frozen=True, slots=True)
class PushSettings:
    """How this server sends Web Push messages."""

    vapid_private_key: str | None = None
    subject: str = DEFAULT_SUBJECT
    hosts: frozenset[str] = frozenset()
    """Host names (lower case) allowed on private addresses and over HTTP."""

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> PushSettings:
        env = os.environ if environ is None else environ
        hosts = {part.strip().lower() for part in env.get(PUSH_HOSTS_ENV, "").split(",")}
        subject = env.get(VAPID_SUBJECT_ENV, "").strip()
        if not subject.startswith(("mailto:", "https:")):
            subject = DEFAULT_SUBJECT
        return cls(
            vapid_private_key=env.get(VAPID_KEY_ENV, "").strip() or None,
            subject=subject,
            hosts=frozenset(hosts - {""}),
        )
