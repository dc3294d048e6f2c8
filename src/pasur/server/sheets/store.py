"""Score sheets in the database: the ``score_sheets`` rows (:mod:`pasur.server.db.rows`), their
JSON codec, and the store.

A row holds one sheet with its undo history as JSON, two unguessable tokens (the private edit
link and the read-only share link) and a version number. Changes are optimistic: a writer reads
the sheet, computes the new one with :mod:`pasur.tracker`, and writes it only if the version is
still the one it read, so two racing changes can never silently overwrite each other.
"""

from __future__ import annotations

import dataclasses
import re
import secrets
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any

from sqlalchemy import ColumnElement, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from pasur.rules import RoundCounts, make_rules
from pasur.server.db.database import Database
from pasur.server.db.rows import ScoreSheetRow
from pasur.tracker import RoundEntry, ScoreSheet, SheetHistory

DATA_FORMAT = 1
"""The version of the JSON layout in the ``data`` column."""

TOKEN_BYTES = 24
"""Random bytes in a token: 192 bits, written as 32 URL-safe characters."""

_TOKEN = re.compile(r"[A-Za-z0-9_-]{32}")


class Access(StrEnum):
    """What a token allows."""

    EDIT = "edit"
    SHARE = "share"


@dataclasses.dataclass(frozen=True, slots=True)
class StoredSheet:
    """A sheet as read from the database."""

    id: int
    edit_token: str
    share_token: str
    version: int
    """Incremented by every change; a write must name the version it read."""
    history: SheetHistory

    @property
    def sheet(self) -> ScoreSheet:
        """The sheet as it is now."""
        return self.history.sheet


class VersionConflict(Exception):
    """The sheet changed between reading it and writing the change."""


def new_token() -> str:
    """An unguessable token for a link."""
    return secrets.token_urlsafe(TOKEN_BYTES)


class SheetStore:
    """Reads and writes score sheets."""

    def __init__(self, database: Database) -> None:
        self._engine = database.engine

    async def create(
        self, sheet: ScoreSheet, made_offline: str | None = None
    ) -> tuple[StoredSheet, bool]:
        """Store a new sheet under two fresh tokens; with ``made_offline``, the sheet made
        under that id before if there is one. Whether the sheet is new."""
        if made_offline is not None:
            found = await self._made_offline(made_offline)
            if found is not None:
                return found, False
        now = datetime.now(UTC)
        history = SheetHistory(sheet)
        data = encode_history(history)
        for _attempt in range(3):
            edit_token, share_token = new_token(), new_token()
            try:
                async with self._engine.begin() as connection:
                    result = await connection.execute(
                        insert(ScoreSheetRow).values(
                            edit_token=edit_token,
                            share_token=share_token,
                            version=1,
                            created_at=now,
                            updated_at=now,
                            data=data,
                            made_offline=made_offline,
                        )
                    )
                    key = result.inserted_primary_key
                    assert key is not None
                    row_id: int = key[0]
            except IntegrityError:
                # The same creation sent twice at once (its id is unique), or, all but never,
                # a 192-bit token that collided.
                found = None if made_offline is None else await self._made_offline(made_offline)
                if found is not None:
                    return found, False
                continue  # pragma: no cover
            return StoredSheet(row_id, edit_token, share_token, 1, history), True
        raise RuntimeError("could not find unused tokens")  # pragma: no cover

    async def _made_offline(self, made_offline: str) -> StoredSheet | None:
        """The sheet a browser made under ``made_offline``, if it was created already."""
        return await self._read(ScoreSheetRow.made_offline == made_offline)

    async def find(self, token: str) -> tuple[StoredSheet, Access] | None:
        """The sheet whose edit or share token is ``token``, and which of the two it is."""
        if not _TOKEN.fullmatch(token):
            return None
        row_type = ScoreSheetRow
        stored = await self._read(or_(row_type.edit_token == token, row_type.share_token == token))
        if stored is None:
            return None
        edit = secrets.compare_digest(stored.edit_token, token)
        return stored, Access.EDIT if edit else Access.SHARE

    async def _read(self, where: ColumnElement[bool]) -> StoredSheet | None:
        """The one sheet ``where`` picks, if any."""
        row_type = ScoreSheetRow
        async with self._engine.connect() as connection:
            result = await connection.execute(
                select(
                    row_type.id,
                    row_type.edit_token,
                    row_type.share_token,
                    row_type.version,
                    row_type.data,
                ).where(where)
            )
            row = result.one_or_none()
        if row is None:
            return None
        return StoredSheet(
            row.id, row.edit_token, row.share_token, row.version, decode_history(row.data)
        )

    async def save(self, stored: StoredSheet, history: SheetHistory) -> StoredSheet:
        """Write a changed sheet, if nobody changed it since ``stored`` was read.

        Raises:
            VersionConflict: another change was written first.
        """
        row_type = ScoreSheetRow
        async with self._engine.begin() as connection:
            result = await connection.execute(
                update(row_type)
                .where(row_type.id == stored.id, row_type.version == stored.version)
                .values(
                    version=stored.version + 1,
                    updated_at=datetime.now(UTC),
                    data=encode_history(history),
                )
            )
            if result.rowcount != 1:
                raise VersionConflict
        return dataclasses.replace(stored, version=stored.version + 1, history=history)


# The JSON layout. Entries are compact lists [clubs, aces, jacks, ten_of_diamonds,
# two_of_clubs, surs] with 0-based sides. The undo history would repeat the same rounds up to a
# hundred times, so each earlier sheet lists its rounds as numbers: i < len(entries) is the
# current sheet's entry i, and higher numbers index "undo_entries", the rounds found only in
# earlier sheets. An earlier sheet repeats names, settings or first dealer only where they differ.


def encode_history(history: SheetHistory) -> dict[str, Any]:
    """The JSON document stored for a sheet and its undo history."""
    sheet = history.sheet
    pool: dict[RoundEntry, int] = {}
    for index, entry in enumerate(sheet.entries):
        pool.setdefault(entry, index)
    current = [_encode_entry(entry) for entry in sheet.entries]
    extra: list[list[Any]] = []
    earlier: list[dict[str, Any]] = []
    for old in history.earlier:
        refs = []
        for entry in old.entries:
            if entry not in pool:
                pool[entry] = len(sheet.entries) + len(extra)
                extra.append(_encode_entry(entry))
            refs.append(pool[entry])
        item: dict[str, Any] = {"entries": refs}
        if old.names != sheet.names:
            item["names"] = list(old.names)
        if old.rules != sheet.rules:
            item["settings"] = old.rules.settings()
        if old.first_dealer != sheet.first_dealer:
            item["first_dealer"] = old.first_dealer
        earlier.append(item)
    return {
        "format": DATA_FORMAT,
        "names": list(sheet.names),
        "settings": sheet.rules.settings(),
        "first_dealer": sheet.first_dealer,
        "entries": current,
        "undo_entries": extra,
        "undo": earlier,
    }


def decode_history(data: dict[str, Any]) -> SheetHistory:
    """The sheet and undo history stored as ``data`` by :func:`encode_history`."""
    if data.get("format") != DATA_FORMAT:
        raise ValueError(f"unknown score sheet format {data.get('format')!r}")
    sheet = ScoreSheet(
        names=tuple(data["names"]),
        rules=make_rules("standard", data["settings"]),
        first_dealer=data["first_dealer"],
        entries=tuple(_decode_entry(item) for item in data["entries"]),
    )
    pool = [*sheet.entries, *(_decode_entry(item) for item in data["undo_entries"])]
    earlier = tuple(
        ScoreSheet(
            names=tuple(item["names"]) if "names" in item else sheet.names,
            rules=make_rules("standard", item["settings"]) if "settings" in item else sheet.rules,
            first_dealer=item.get("first_dealer", sheet.first_dealer),
            entries=tuple(pool[ref] for ref in item["entries"]),
        )
        for item in data["undo"]
    )
    return SheetHistory(sheet, earlier)


def _encode_entry(entry: RoundEntry) -> list[Any]:
    counts = entry.counts
    return [
        list(counts.clubs),
        list(counts.aces),
        list(counts.jacks),
        counts.ten_of_diamonds,
        counts.two_of_clubs,
        list(counts.surs),
    ]


def _decode_entry(item: list[Any]) -> RoundEntry:
    clubs, aces, jacks, ten, two, surs = item
    return RoundEntry(
        RoundCounts(
            clubs=tuple(clubs),
            aces=tuple(aces),
            jacks=tuple(jacks),
            ten_of_diamonds=ten,
            two_of_clubs=two,
            surs=tuple(surs),
        )
    )
