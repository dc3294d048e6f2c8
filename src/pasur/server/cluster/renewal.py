"""The server's side of its lease keeper (:mod:`~pasur.server.cluster.keeper`): starting it,
telling it of each lease taken or given up, saying the event loop runs, hearing of leases lost.

Why renewals happen in another process, and why it releases the leases when the server dies, is
the keeper's docstring. Here the server feeds it: :class:`~pasur.server.cluster.leases.Leases`
reports every lease taken or given up (:meth:`Renewer.changed`), a task on the event loop writes
``.`` every quarter of the lease time (so a stuck loop stops the renewals), and another reads the
keeper's ``lost`` reports, which go to the ``lost`` callback on the loop. A keeper that exits
while the server runs (killed, say) is started again and told every lease held.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import sys
from collections.abc import Callable
from pathlib import Path

from pasur.server.cluster import keeper
from pasur.server.cluster.leases import Leases
from pasur.server.cluster.stopping import halt

log = logging.getLogger("pasur.server.cluster")

STALL_LIMIT = 10.0
"""Seconds the event loop may go without saying it runs before the keeper lets the leases run
out: an overloaded loop says so within a second or two; one that does not is stuck."""

KEEPER = Path(keeper.__file__)

STOP_WAIT = 5.0
"""Seconds a server waits for its keeper to reach Redis as it starts, and to give the leases up
and exit as it stops."""


class Renewer:
    """The keeper of one server process's ``leases``, renewing them through the Redis at ``url``;
    ``lost`` is called on the event loop with the tables whose lease another process holds now
    (or nobody: it ran out)."""

    def __init__(
        self,
        url: str,
        leases: Leases,
        lost: Callable[[list[str]], None],
        *,
        stall_limit: float = STALL_LIMIT,
    ) -> None:
        self._config = {
            "url": url,
            "prefix": leases.prefix,
            "owner": leases.owner,
            "ttl": leases.ttl,
            "stall_limit": stall_limit,
        }
        self._leases = leases
        self._lost = lost
        self._process: asyncio.subprocess.Process | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._stopping = False
        leases.changed = self.changed

    async def start(self) -> None:
        """Start the keeper, and the tasks that feed it and hear it."""
        await self._spawn()
        self._tasks = [asyncio.create_task(self._say_alive()), asyncio.create_task(self._hear())]

    async def stop(self) -> None:
        """Close the keeper's input: it gives every lease up and exits."""
        if self._stopping:
            return
        self._stopping = True
        for task in self._tasks:
            await halt(task)
        process = self._process
        if process is None:
            return
        assert process.stdin is not None
        process.stdin.close()
        try:
            await asyncio.wait_for(process.wait(), STOP_WAIT)
        except TimeoutError:
            log.warning("the lease keeper did not exit in %g s; killed", STOP_WAIT)
            process.kill()
            await process.wait()

    def changed(self, table_id: str, held: bool) -> None:
        """A lease was taken (``held``) or given up: the keeper renews it, or no more."""
        self._send(("+" if held else "-") + table_id)

    async def _spawn(self) -> None:
        """Start a keeper, tell it its settings and every lease held, and wait until it has
        reached Redis.

        Raises:
            OSError: it could not be started, or cannot reach Redis (the message says why).
        """
        self._process = process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-I",
            "-S",
            str(KEEPER),
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
        )
        self._send(json.dumps(self._config))
        for table_id in self._leases.held():
            self.changed(table_id, True)
        assert process.stdout is not None
        try:
            answer = await asyncio.wait_for(process.stdout.readline(), STOP_WAIT)
        except TimeoutError:
            answer = b"unreachable no answer in %g s" % STOP_WAIT
        if answer.strip() != b"ready":
            # It may have exited already, having said why: asyncio then refuses the kill.
            with contextlib.suppress(ProcessLookupError):
                process.kill()
            await process.wait()
            reason = answer.decode(errors="replace").strip().removeprefix("unreachable")
            raise OSError(f"the lease keeper cannot reach Redis:{reason or ' it exited'}")

    def _send(self, line: str) -> None:
        process = self._process
        if process is None or process.stdin is None or process.stdin.is_closing():
            return  # started again soon, and told every lease then
        process.stdin.write(line.encode() + b"\n")

    async def _say_alive(self) -> None:
        """Tell the keeper the event loop runs, every quarter of the lease time."""
        while True:
            self._send(".")
            await asyncio.sleep(self._leases.ttl / 4)

    async def _hear(self) -> None:
        """Read the keeper's reports of leases lost; start it again if it exits."""
        while True:
            process = self._process
            assert process is not None and process.stdout is not None
            line = await process.stdout.readline()
            if line.startswith(b"lost "):
                table_id = line[5:].strip().decode()
                self._leases.note_lost([table_id])
                self._lost([table_id])
            elif not line:  # it exited
                code = await process.wait()
                log.warning("the lease keeper exited (status %s); starting it again", code)
                await self._respawn()

    async def _respawn(self) -> None:
        while True:
            await asyncio.sleep(0.1)
            try:
                await self._spawn()
                return
            except OSError as error:
                log.warning("could not start the lease keeper: %s", error)
                await asyncio.sleep(1.0)
