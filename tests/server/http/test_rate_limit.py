"""Token buckets with a hand-moved clock: bursts, refills, strikes, and per-address counts."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pasur.server.http.rate_limit import (
    PRUNE_AT,
    AddressLimits,
    Rate,
    SocketLimits,
    TokenBucket,
    Verdict,
)


class Clock:
    """A clock that moves only when told."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_bucket_allows_a_burst_then_refills_at_its_rate() -> None:
    clock = Clock()
    bucket = TokenBucket(Rate(5, 10.0), clock)
    assert [bucket.take() for _ in range(6)] == [True] * 5 + [False]
    clock.now += 1.9  # 0.95 of a token
    assert not bucket.take()
    clock.now += 0.1
    assert bucket.take() and not bucket.take()
    clock.now += 1000  # never more than full
    assert bucket.full
    assert sum(bucket.take() for _ in range(10)) == 5


def test_a_clock_that_steps_back_refills_nothing() -> None:
    clock = Clock()
    bucket = TokenBucket(Rate(1, 1.0), clock)
    assert bucket.take()
    clock.now -= 50
    assert not bucket.take()


@pytest.mark.parametrize("rate", [Rate(0, 1.0), Rate(3, 0.0), Rate(3, -1.0)])
def test_a_rate_needs_a_token_and_a_window(rate: Rate) -> None:
    with pytest.raises(ValueError, match="a rate is"):
        TokenBucket(rate)


@given(st.lists(st.floats(min_value=0, max_value=5, allow_nan=False), max_size=200))
def test_no_window_ever_lets_through_more_than_its_rate_allows(gaps: list[float]) -> None:
    """Over any stretch of time t, at most size + t * size / seconds frames pass."""
    clock = Clock()
    rate = Rate(4, 2.0)
    bucket = TokenBucket(rate, clock)
    passed: list[float] = []
    for gap in gaps:
        clock.now += gap
        if bucket.take():
            passed.append(clock.now)
    for i, start in enumerate(passed):
        for j in range(i, len(passed)):
            allowed = rate.size + (passed[j] - start) * rate.size / rate.seconds
            assert j - i + 1 <= allowed + 1e-9


def test_a_socket_over_its_limit_is_limited_then_abusive() -> None:
    clock = Clock()
    limits = SocketLimits(Rate(2, 10.0), Rate(1, 10.0), Rate(1, 2.0), abuse_factor=3, clock=clock)
    assert [limits.frame() for _ in range(2)] == [Verdict.OK] * 2
    # Six refusals (3 x the frame bucket of 2) are answered; the seventh closes the socket.
    assert [limits.frame() for _ in range(6)] == [Verdict.LIMITED] * 6
    assert limits.frame() is Verdict.ABUSIVE
    clock.now += 10  # a full window later the socket is welcome again
    assert limits.frame() is Verdict.OK


def test_chat_and_hints_have_buckets_of_their_own() -> None:
    clock = Clock()
    limits = SocketLimits(Rate(100, 20.0), Rate(2, 10.0), Rate(1, 2.0), abuse_factor=3, clock=clock)
    assert [limits.chat() for _ in range(3)] == [Verdict.OK, Verdict.OK, Verdict.LIMITED]
    assert [limits.hint() for _ in range(2)] == [Verdict.OK, Verdict.LIMITED]
    assert limits.frame() is Verdict.OK  # other frames are not held back
    clock.now += 2
    assert limits.hint() is Verdict.OK


def test_an_address_has_a_socket_cap_and_a_connection_rate() -> None:
    clock = Clock()
    addresses = AddressLimits(sockets=2, connects=Rate(3, 60.0), clock=clock)
    assert addresses.open("a") and addresses.open("a")
    assert not addresses.open("a")  # two open already
    assert addresses.open("b")  # another address is counted apart
    addresses.close("a")
    assert addresses.open_sockets("a") == 1
    assert addresses.open("a")  # the third connection this minute
    addresses.close("a")
    assert not addresses.open("a")  # the fourth: too many new connections
    assert addresses.open_sockets("a") == 1
    clock.now += 20
    assert addresses.open("a")


def test_idle_addresses_are_forgotten_but_busy_ones_are_not() -> None:
    clock = Clock()
    addresses = AddressLimits(sockets=5, connects=Rate(2, 60.0), clock=clock)
    assert addresses.open("busy") and addresses.open("busy")
    for n in range(PRUNE_AT):
        assert addresses.open(f"10.0.{n // 256}.{n % 256}")
        addresses.close(f"10.0.{n // 256}.{n % 256}")
    clock.now += 60
    assert addresses.open("new")  # the idle ones are forgotten here
    assert set(addresses._buckets) == {"busy", "new"}  # busy holds sockets: it is kept
    assert addresses.open_sockets("busy") == 2


def test_the_closings_of_a_few_addresses_do_not_pile_up() -> None:
    clock = Clock()
    addresses = AddressLimits(sockets=5, connects=Rate(100, 60.0), clock=clock)
    for n in range(10 * PRUNE_AT):  # eight people who open and close sockets all day
        assert addresses.open(f"10.0.0.{n % 8}")
        addresses.close(f"10.0.0.{n % 8}")
        clock.now += 0.5
    assert len(addresses._idle) < PRUNE_AT  # each closing is kept about a window, not for ever
    assert addresses.open("10.0.0.1")


class CountingClock(Clock):
    """A clock that counts how often it is read: the buckets read it on every look."""

    def __init__(self) -> None:
        super().__init__()
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        return self.now


def test_new_addresses_cost_a_bounded_number_of_looks_each() -> None:
    """Pruning work stays linear in the connections: the addresses here connect and close within
    one minute, so none can be forgotten yet, and looking at every known address on each new one
    would read the clock millions of times."""
    clock = CountingClock()
    addresses = AddressLimits(sockets=1, connects=Rate(1, 60.0), clock=clock)
    connections = 3 * PRUNE_AT
    for n in range(connections):
        address = f"10.1.{n // 256}.{n % 256}"
        assert addresses.open(address)
        addresses.close(address)
    assert clock.reads <= 4 * connections
    assert not addresses.open("10.1.0.0"), "its connection this minute is still counted"


def test_a_steady_stream_of_new_addresses_is_forgotten_as_it_goes() -> None:
    clock = Clock()
    addresses = AddressLimits(sockets=1, connects=Rate(1, 60.0), clock=clock)
    for n in range(10 * PRUNE_AT):
        address = f"10.2.{n // 256 % 256}.{n % 256}-{n // 65536}"
        assert addresses.open(address)
        addresses.close(address)
        clock.now += 0.1
    # At most the last minute's 600 addresses are remembered, beyond the first PRUNE_AT.
    assert len(addresses._buckets) <= PRUNE_AT + 601
