"""Token buckets: how many frames a socket, and how many sockets an address, may have.

A :class:`TokenBucket` holds up to ``size`` tokens and refills at ``size`` per ``seconds``, so a
client may send a short burst of ``size`` frames and then ``size`` per window on average. The
clock is injected (a function returning seconds), so tests pass numbers and nothing here sleeps
or touches a socket.

:class:`SocketLimits` is one socket's buckets (every frame, chat lines, hints) plus a bucket of
*strikes*: each refused frame costs a strike, and a socket that runs out of strikes (it kept
sending after being told to stop) is to be closed. :class:`AddressLimits` counts the open sockets
and new connections of each remote address.
"""

from __future__ import annotations

import time
from collections import Counter, deque
from collections.abc import Callable
from enum import StrEnum
from typing import NamedTuple

Clock = Callable[[], float]
"""Seconds from any fixed origin (``time.monotonic`` by default)."""

PRUNE_AT = 1024
"""Addresses remembered before idle ones (no socket, bucket full again) are forgotten."""


class Rate(NamedTuple):
    """``size`` actions per ``seconds``: a bucket's size and how fast it refills."""

    size: int
    seconds: float


class TokenBucket:
    """Up to ``rate.size`` tokens, refilled continuously at ``rate.size`` per ``rate.seconds``."""

    def __init__(self, rate: Rate, clock: Clock = time.monotonic) -> None:
        if rate.size < 1 or not rate.seconds > 0:
            raise ValueError(f"a rate is at least 1 per a positive number of seconds, not {rate}")
        self.rate = rate
        self._clock = clock
        self._tokens = float(rate.size)
        self._at = clock()

    def take(self) -> bool:
        """Spend one token if there is one; False (and nothing spent) when the bucket is empty."""
        self._refill()
        if self._tokens < 1.0:
            return False
        self._tokens -= 1.0
        return True

    @property
    def full(self) -> bool:
        """Whether the bucket is as it was new (so forgetting it changes nothing)."""
        self._refill()
        return self._tokens >= self.rate.size

    def _refill(self) -> None:
        now = self._clock()
        elapsed = max(0.0, now - self._at)  # a clock that steps back refills nothing
        self._at = now
        self._tokens = min(
            float(self.rate.size), self._tokens + elapsed * self.rate.size / self.rate.seconds
        )


class Verdict(StrEnum):
    """What to do with one frame."""

    OK = "ok"
    """Within the limits: handle it."""
    LIMITED = "limited"
    """Over a limit: answer ``rate_limited`` and change nothing."""
    ABUSIVE = "abusive"
    """Over a limit again and again: close the socket (code 1008)."""


class SocketLimits:
    """One socket's buckets.

    Args:
        frames: every frame the socket sends.
        chat: chat lines.
        hints: hint requests.
        abuse_factor: refused frames allowed per ``frames`` window, as a multiple of
            ``frames.size``, before the socket counts as abusive.
        clock: the time source shared by the buckets.
    """

    def __init__(
        self,
        frames: Rate,
        chat: Rate,
        hints: Rate,
        abuse_factor: int,
        clock: Clock = time.monotonic,
    ) -> None:
        self._frames = TokenBucket(frames, clock)
        self._chat = TokenBucket(chat, clock)
        self._hints = TokenBucket(hints, clock)
        self._strikes = TokenBucket(Rate(abuse_factor * frames.size, frames.seconds), clock)

    def frame(self) -> Verdict:
        """The verdict on one more frame of any type."""
        return self._judge(self._frames)

    def chat(self) -> Verdict:
        """The verdict on one more chat line (the frame itself was counted by :meth:`frame`)."""
        return self._judge(self._chat)

    def hint(self) -> Verdict:
        """The verdict on one more hint request."""
        return self._judge(self._hints)

    def _judge(self, bucket: TokenBucket) -> Verdict:
        if bucket.take():
            return Verdict.OK
        return Verdict.LIMITED if self._strikes.take() else Verdict.ABUSIVE


class AddressLimits:
    """Open sockets and new connections per remote address.

    Args:
        sockets: the most sockets one address may hold open at once.
        connects: how many new sockets an address may open per window.
        clock: the time source.
    """

    def __init__(self, sockets: int, connects: Rate, clock: Clock = time.monotonic) -> None:
        self._sockets = sockets
        self._connects = connects
        self._clock = clock
        self._open: Counter[str] = Counter()
        self._buckets: dict[str, TokenBucket] = {}
        # (when, address): the address's last socket closed at ``when``; oldest first.
        self._idle: deque[tuple[float, str]] = deque()

    def open(self, address: str) -> bool:
        """Count a new socket from ``address``; False (nothing counted) when it is over a limit.

        Every socket admitted must be given back with :meth:`close`.
        """
        if self._open[address] >= self._sockets:
            return False
        bucket = self._buckets.get(address)
        if bucket is None:
            if len(self._buckets) >= PRUNE_AT:
                self._prune()
            bucket = self._buckets[address] = TokenBucket(self._connects, self._clock)
        if not bucket.take():
            return False
        self._open[address] += 1
        return True

    def close(self, address: str) -> None:
        """A socket from ``address`` closed."""
        self._open[address] -= 1
        if self._open[address] <= 0:
            del self._open[address]
            now = self._clock()
            self._idle.append((now, address))
            # Closings pile up too when few addresses come and go all day (a club whose people
            # reconnect after every game), with never a new address to prune for.
            oldest = self._idle[0][0]
            if len(self._idle) >= PRUNE_AT and oldest + self._connects.seconds <= now:
                self._prune()

    def open_sockets(self, address: str) -> int:
        """How many sockets ``address`` holds open."""
        return self._open[address]

    def _prune(self) -> None:
        """Forget addresses with no socket whose bucket has refilled: they start afresh anyway.

        Any bucket refills within one window of the last socket closing, so only the oldest
        closings need a look: each closing is looked at about once, and a new address costs O(1)
        on average. (Scanning every known address on each new one made 2,000 connecting sockets
        quadratic.) A closing whose address has opened a socket since is dropped, as its next
        close is queued again.
        """
        now = self._clock()
        while self._idle and self._idle[0][0] + self._connects.seconds <= now:
            _, address = self._idle.popleft()
            bucket = self._buckets.get(address)
            if bucket is None or address in self._open:
                continue
            if bucket.full:
                del self._buckets[address]
            else:  # the clock stepped back: look again a window from now
                self._idle.append((now, address))
