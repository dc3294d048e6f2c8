"""Pairing by rating with a widening window: invariants over random queues."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pasur.server.queue.matchmaker import bot_level
from pasur.server.queue.pairing import MAX_WINDOW, Queue, Seeker, Wanted, fits, window

people = st.lists(
    st.tuples(st.integers(0, 40), st.sampled_from([2, 3, 4]), st.floats(0, 120)),
    max_size=40,
)


@given(people, st.floats(0, 200))
@settings(max_examples=200)
def test_groups_are_of_one_kind_the_right_size_within_every_window(
    entries: list[tuple[int, int, float]], later: float
) -> None:
    queue = Queue()
    for number, (rating, players, joined) in enumerate(sorted(entries, key=lambda e: e[2])):
        queue.join(Seeker(f"p{number}", "", float(rating), Wanted(players), joined))
    before = dict(queue.waiting)
    now = max((e[2] for e in entries), default=0.0) + later
    groups = queue.pair(now)
    seated = [seeker.player_id for group in groups for seeker in group]
    assert len(seated) == len(set(seated))
    for group in groups:
        assert len({seeker.wanted for seeker in group}) == 1
        assert len(group) == group[0].wanted.players
        assert fits(group, now)
    assert set(seated) | set(queue.waiting) == set(before)
    # Nobody left waiting could have sat with someone else left waiting (for pairs).
    left = [s for s in queue.waiting.values() if s.wanted.players == 2]
    for a in left:
        for b in left:
            if a is not b:
                assert not (a.accepts(b, now) and b.accepts(a, now))


def test_the_window_widens_with_waiting_up_to_its_widest() -> None:
    assert window(0) < window(10) < window(30)
    assert window(10_000) == MAX_WINDOW


def test_the_oldest_seeker_is_seated_first_with_the_closest_rating() -> None:
    queue = Queue()
    queue.join(Seeker("old", "", 10, Wanted(), 0))
    queue.join(Seeker("far", "", 14, Wanted(), 1))
    queue.join(Seeker("near", "", 11, Wanted(), 2))
    queue.join(Seeker("close to far", "", 15, Wanted(), 3))
    groups = queue.pair(4)
    assert [[s.player_id for s in g] for g in groups] == [["old", "near"], ["far", "close to far"]]


def test_too_far_apart_wait_until_the_windows_reach() -> None:
    queue = Queue()
    queue.join(Seeker("a", "", 0, Wanted(), 0))
    queue.join(Seeker("b", "", 10, Wanted(), 0))
    assert queue.pair(1) == []
    assert [len(g) for g in queue.pair(20)] == [2]


def test_different_kinds_of_game_never_meet() -> None:
    queue = Queue()
    queue.join(Seeker("a", "", 5, Wanted(2, None, False), 0))
    queue.join(Seeker("b", "", 5, Wanted(2, None, True), 0))
    queue.join(Seeker("c", "", 5, Wanted(2, 30, False), 0))
    assert queue.pair(500) == []


def test_the_bot_offered_grows_with_the_rating() -> None:
    levels = [bot_level(r) for r in (0, 5, 10, 18, 30)]
    assert levels == ["beginner", "casual", "intermediate", "advanced", "expert"]
