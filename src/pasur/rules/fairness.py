"""Fair shuffles anyone can check: commit to a round's deck order at the deal, reveal it at the end.

When a round starts the table publishes ``commitment = sha256(salt + deck)``, where ``salt`` is 16
fresh secret bytes and ``deck`` is the round's deck order written as card names separated by single
spaces (``"QS 9D JH 4S ..."``, ASCII). When the round ends it reveals the deck order and the salt,
and anyone can recompute the hash: a server that changed the deal after the commitment would need a
SHA-256 collision. The salt keeps the commitment from being searched: without it, a player could
hash candidate deck orders consistent with what they have seen.

It lives in the rules package (standard library only) so that the server that commits,
``pasur verify`` and anyone's own checker share one definition; a web client repeats it with its
own SHA-256.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from pasur.rules.cards import CARDS, Card

SALT_BYTES = 16
"""Length of a round's secret salt."""


def new_salt() -> bytes:
    """A fresh secret salt from the operating system's entropy."""
    return secrets.token_bytes(SALT_BYTES)


def deck_text(deck: Sequence[int | str]) -> str:
    """The deck order as committed: card names joined by single spaces, such as ``"QS 9D JH"``.

    Cards may be given as numbers (0-51) or as names in any spelling :meth:`Card.parse` reads.

    Raises:
        ValueError: an entry is not a card.
    """
    names = []
    entries: Sequence[object] = deck  # from a file or a frame: check each one
    for entry in entries:
        if isinstance(entry, str):
            names.append(str(Card.parse(entry)))
        elif isinstance(entry, int) and not isinstance(entry, bool) and 0 <= entry < len(CARDS):
            names.append(str(CARDS[entry]))
        else:
            raise ValueError(f"{entry!r} is not a card")
    return " ".join(names)


def commitment(deck: Sequence[int | str], salt: bytes) -> str:
    """The published commitment to a deck order: the SHA-256 of salt + deck text, in hex."""
    return hashlib.sha256(salt + deck_text(deck).encode("ascii")).hexdigest()


def verify_commitment(commitment_hex: object, deck: Sequence[int | str], salt: object) -> bool:
    """Whether ``deck`` and ``salt`` (bytes, or hex as revealed) are what was committed to.

    Malformed input (a salt that is not hex, a deck entry that is not a card) gives False rather
    than an exception: it cannot be what the table committed to.
    """
    if not isinstance(commitment_hex, str) or not isinstance(salt, bytes | str):
        return False
    if not commitment_hex.isascii():
        return False  # compare_digest takes ASCII strings only
    try:
        expected = commitment(deck, bytes.fromhex(salt) if isinstance(salt, str) else salt)
    except (ValueError, TypeError):
        return False
    return hmac.compare_digest(expected, commitment_hex.strip().lower())


def verify_record(record: Mapping[str, Any]) -> list[str]:
    """Check every round of a table's game record against its commitments; list what fails.

    A table's record (:meth:`pasur.server.tables.table.Table.record`) holds, beside the rounds, a
    ``"commitments"`` list with one ``{"commitment", "salt"}`` per round. An empty list means every
    round's deck order is the one committed to at its deal.
    """
    rounds = record.get("rounds")
    commitments = record.get("commitments")
    if not isinstance(rounds, list) or not isinstance(commitments, list):
        return ['the record has no "rounds" and "commitments" lists to check']
    problems = []
    if len(rounds) != len(commitments):
        problems.append(f"{len(rounds)} rounds but {len(commitments)} commitments")
    for number, (entry, commit) in enumerate(zip(rounds, commitments, strict=False), start=1):
        deck = entry.get("deck") if isinstance(entry, dict) else None
        if not isinstance(commit, dict) or not isinstance(deck, list):
            problems.append(f"round {number}: no deck order or commitment")
        elif not verify_commitment(commit.get("commitment", ""), deck, commit.get("salt", "")):
            problems.append(f"round {number}: the deck order is not the one committed to")
    return problems
