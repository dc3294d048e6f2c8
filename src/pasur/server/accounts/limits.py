"""Sign-in attempts per remote address: a bucket each, so nobody can try codes or answers fast.

Both ways in count against the same bucket (a passkey's answer, a device-link code), and so do
the options calls that start a sign-in, so an address gets :data:`SIGN_INS` tries per window,
then ``rate_limited``. Idle addresses are forgotten once there are many.
"""

from __future__ import annotations

import time

from pasur.protocol import ErrorCode, Refused
from pasur.server.http.rate_limit import Clock, Rate, TokenBucket

SIGN_INS = Rate(10, 60.0)
"""Sign-in attempts one address may make: 10 at once, then 10 a minute."""

KEPT = 4096
"""Addresses remembered before the full buckets are forgotten."""


class SignInLimits:
    """A bucket of sign-in attempts per address."""

    def __init__(self, rate: Rate = SIGN_INS, clock: Clock = time.monotonic) -> None:
        self._rate = rate
        self._clock = clock
        self._buckets: dict[str, TokenBucket] = {}

    def attempt(self, address: str) -> None:
        """Count one attempt; ``rate_limited`` (nothing counted) when the address is over."""
        bucket = self._buckets.get(address)
        if bucket is None:
            if len(self._buckets) >= KEPT:
                self._buckets = {a: b for a, b in self._buckets.items() if not b.full}
            bucket = self._buckets[address] = TokenBucket(self._rate, self._clock)
        if not bucket.take():
            raise Refused(
                ErrorCode.RATE_LIMITED, "too many sign-in attempts; wait a minute and try again"
            )
