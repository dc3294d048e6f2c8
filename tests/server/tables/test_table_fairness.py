"""Fair shuffles: each round's deck order is committed to at the deal and revealed at its end."""

from __future__ import annotations

import hashlib
import random

from table_support import make_table, play_turn

from pasur.protocol import SPECTATOR
from pasur.rules import CARDS, make_rules
from pasur.rules.fairness import (
    SALT_BYTES,
    commitment,
    deck_text,
    new_salt,
    verify_commitment,
    verify_record,
)
from pasur.server.tables.seats import Status
from pasur.server.tables.table import Table

DECK = tuple(range(52))
SALT = bytes(range(16))


def test_the_commitment_is_sha256_of_salt_and_deck_text() -> None:
    text = deck_text(DECK)
    assert text.startswith("AC AD AH AS 2C ") and text.endswith(" KS")
    assert commitment(DECK, SALT) == hashlib.sha256(SALT + text.encode("ascii")).hexdigest()
    assert deck_text([str(CARDS[c]) for c in DECK]) == text
    assert deck_text(["10d", "♠Q"]) == "10D QS"


def test_verify_accepts_the_revealed_deck_and_salt_only() -> None:
    committed = commitment(DECK, SALT)
    assert verify_commitment(committed, DECK, SALT)
    assert verify_commitment(committed.upper(), [str(CARDS[c]) for c in DECK], SALT.hex())
    swapped = (DECK[1], DECK[0], *DECK[2:])
    assert not verify_commitment(committed, swapped, SALT)
    assert not verify_commitment(committed, DECK, bytes(16))
    assert not verify_commitment(committed, DECK[:-1], SALT)
    for broken_salt in ("not hex", 12, None):
        assert not verify_commitment(committed, DECK, broken_salt)
    for broken_deck in (["7X"], [52], [True], None):
        assert not verify_commitment(committed, broken_deck, SALT)  # type: ignore[arg-type]
    assert not verify_commitment(None, DECK, SALT)
    assert not verify_commitment("é" * 64, DECK, SALT)


def test_salts_are_fresh_and_secret_sized() -> None:
    salts = {new_salt() for _ in range(20)}
    assert len(salts) == 20 and all(len(salt) == SALT_BYTES for salt in salts)


def finished_table(seed: int) -> Table:
    rules = make_rules("standard", {"target": "30"})
    table = make_table("hb", seed=seed, rules=rules, history=10_000)
    rng = random.Random(seed)
    while table.status is Status.PLAYING:
        play_turn(table, rng)
    return table


def test_every_round_reveals_the_deck_order_it_committed_to() -> None:
    table = finished_table(3)
    events = table.events_for(SPECTATOR)
    assert events[0]["n"] == 1
    started = [e for e in events if e["kind"] == "round_started"]
    ended = [e for e in events if e["kind"] == "round_ended"]
    assert len(started) == len(ended) >= 2
    for start, end in zip(started, ended, strict=True):
        assert "deck" not in start and "salt" not in start
        assert end["commitment"] == start["commitment"]
        assert len(bytes.fromhex(end["salt"])) == SALT_BYTES
        assert verify_commitment(start["commitment"], end["deck"], end["salt"])
    assert len({e["salt"] for e in ended}) == len(ended)
    # The revealed deck order is the one the round was played with.
    record = table.record()
    assert [r["deck"] for r in record["rounds"]] == [e["deck"] for e in ended]
    assert verify_record(record) == []
    assert [c["commitment"] for c in record["commitments"]] == [e["commitment"] for e in ended]


def test_a_tampered_record_fails_verification() -> None:
    record = finished_table(4).record()
    deck = record["rounds"][1]["deck"]
    deck[0], deck[1] = deck[1], deck[0]
    assert verify_record(record) == ["round 2: the deck order is not the one committed to"]
    record["commitments"].pop()
    assert f"{len(record['rounds'])} rounds but" in verify_record(record)[0]
    assert verify_record({"rounds": []}) != []
    assert verify_record({"rounds": [None], "commitments": [{}]}) == [
        "round 1: no deck order or commitment"
    ]


def test_deck_orders_come_from_the_tables_generator() -> None:
    decks = {make_table("hb", seed=9).history[-1].data["deck"][0] for _ in range(3)}
    assert len(decks) == 1  # the same seed, the same deal
    first = {make_table("hb", seed=seed).history[-1].data["commitment"] for seed in range(5)}
    assert len(first) == 5
