"""``pasur db upgrade`` and ``pasur db current``: what they print, and one line for bad input."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from pasur.server.db.migrations import head


def sqlite_url(path: Path) -> str:
    return f"sqlite+aiosqlite:///{path}"


def test_upgrade_makes_a_new_file_then_has_nothing_left_to_do(pasur, tmp_path: Path) -> None:
    url = sqlite_url(tmp_path / "scores.db")
    empty = pasur("db", "current", "--db", url)
    assert (empty.code, empty.stderr) == (0, "")
    assert empty.stdout == f"{url}: no revision (empty, or made before migrations); " + (
        "pasur db upgrade brings it to the newest\n"
    )

    first = pasur("db", "upgrade", "--db", url)
    assert (first.code, first.stderr) == (0, "")
    assert first.stdout == f"{url}: upgraded from no revision to {head()}\n"
    again = pasur("db", "upgrade", "--db", url)
    assert again.stdout == f"{url}: already at the newest revision, {head()}\n"
    assert pasur("db", "current", "--db", url).stdout == f"{url}: revision {head()}, the newest\n"


@pytest.mark.parametrize("command", ["upgrade", "current"])
@pytest.mark.parametrize(
    ("url", "fragments"),
    [
        ("nonsense", ("--db: 'nonsense' is not a database URL",)),
        ("mysql://root:hunter2@db/pasur", ("--db: ", "'mysql' driver is not supported")),
        ("sqlite:///no/such/folder/pasur.db", ("the folder 'no/such/folder' does not exist",)),
        (
            "postgresql://postgres:hunter2@127.0.0.1:1/test",
            ("--db: cannot open postgresql+asyncpg://postgres:***@127.0.0.1:1/test",),
        ),
    ],
)
def test_a_bad_url_is_one_line_and_exit_2(
    pasur, command: str, url: str, fragments: tuple[str, ...]
) -> None:
    line = pasur("db", command, "--db", url).assert_one_line_error("db", *fragments)
    assert "hunter2" not in line


@pytest.mark.parametrize("command", [["db", "upgrade"], ["serve"]])
def test_a_database_it_did_not_make_is_one_line_and_left_alone(
    pasur, tmp_path: Path, command: list[str]
) -> None:
    file = tmp_path / "other.db"
    with closing(sqlite3.connect(file)) as connection:
        connection.execute("CREATE TABLE tables (id TEXT PRIMARY KEY)")
    pasur(*command, "--db", sqlite_url(file)).assert_one_line_error(
        command[0], "has some of Pasur's tables but not score_sheets", "left as it is"
    )
    with closing(sqlite3.connect(file)) as connection:
        names = connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
    assert names == [("tables",)]


def test_a_database_from_a_newer_version_is_named_as_such(pasur, tmp_path: Path) -> None:
    url = sqlite_url(tmp_path / "newer.db")
    assert pasur("db", "upgrade", "--db", url).code == 0
    with closing(sqlite3.connect(tmp_path / "newer.db")) as connection, connection:
        connection.execute("UPDATE alembic_version SET version_num = '9999'")
    shown = pasur("db", "current", "--db", url)
    assert shown.stdout == f"{url}: revision 9999, newer than this version of Pasur ({head()})\n"
    pasur("db", "upgrade", "--db", url).assert_one_line_error(
        "db", "at revision 9999, which this version of Pasur does not know"
    )
