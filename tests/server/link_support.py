"""A TCP link that a test can cut: the service behind it goes away for the server under test
(an outage of Redis or the database) while other tests go on using the real one."""

from __future__ import annotations

import contextlib
import socket
import threading


class CuttableLink:
    """A TCP relay on a free loopback port to ``host:port``, whose :meth:`cut` makes the service
    behind it go away for its clients: open connections are closed and new ones are refused.

    Tests point a server at the relay's URL to see what it does when Redis stops answering,
    without stopping the Redis that other tests share.
    """

    def __init__(self, host: str, port: int) -> None:
        self._target = (host, port)
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port: int = self._listener.getsockname()[1]
        self._open: list[socket.socket] = []
        self._cut = False
        self._lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self._listener.accept()
            except OSError:  # the listener was closed: the link is cut
                return
            upstream = socket.create_connection(self._target)
            with self._lock:
                if self._cut:  # cut while this connection was being made
                    client.close()
                    upstream.close()
                    return
                self._open += [client, upstream]
            for source, sink in ((client, upstream), (upstream, client)):
                threading.Thread(target=_pump, args=(source, sink), daemon=True).start()

    def cut(self) -> None:
        """Close the listening port and every relayed connection."""
        self._listener.close()
        with self._lock:
            self._cut = True
            for sock in self._open:
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)
                sock.close()
            self._open.clear()


def _pump(source: socket.socket, sink: socket.socket) -> None:
    with contextlib.suppress(OSError):
        while data := source.recv(65536):
            sink.sendall(data)
    with contextlib.suppress(OSError):
        sink.shutdown(socket.SHUT_WR)
