"""A push service on loopback for the tests: it keeps what it receives, answers each path with
the status the test chose, and a browser's keys to decrypt the pushes with (RFC 8291, http_ece)."""

from __future__ import annotations

import base64
import json
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: bytes


@dataclass
class PushService:
    """What the local push service received, and the statuses it answers with, by path."""

    base: str = ""
    received: list[Received] = field(default_factory=list)
    statuses: dict[str, list[int]] = field(default_factory=dict)
    """Per path, the statuses to answer in turn (201 once they run out)."""
    locations: dict[str, str] = field(default_factory=dict)
    """Per path, the ``Location`` to answer with (a redirect, with a 3xx status)."""

    def at(self, path: str) -> list[Received]:
        return [item for item in self.received if item.path == path]


class Browser:
    """A browser's push keys: what it subscribes with, and what decrypts its pushes."""

    def __init__(self) -> None:
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        public = self.key.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
        self.p256dh = b64url(public)

    def subscription(self, endpoint: str) -> dict[str, Any]:
        """``PushSubscription.toJSON()`` as a browser sends it."""
        return {
            "endpoint": endpoint,
            "expirationTime": None,
            "keys": {"p256dh": self.p256dh, "auth": b64url(self.auth)},
        }

    def read(self, received: Received) -> dict[str, Any]:
        """The push's payload, decrypted with this browser's private key (aes128gcm)."""
        assert received.headers["content-encoding"] == "aes128gcm"
        plain = http_ece.decrypt(
            received.body, private_key=self.key, auth_secret=self.auth, version="aes128gcm"
        )
        payload: dict[str, Any] = json.loads(plain)
        return payload


@contextmanager
def push_service() -> Iterator[PushService]:
    """A push service on a free loopback port, until the block ends."""
    service = PushService()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", "0"))
            body = self.rfile.read(length)
            headers = {name.lower(): value for name, value in self.headers.items()}
            service.received.append(Received(self.path, headers, body))
            waiting = service.statuses.get(self.path) or []
            status = waiting.pop(0) if waiting else 201
            self.send_response(status)
            if self.path in service.locations:
                self.send_header("Location", service.locations[self.path])
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, format: str, *args: Any) -> None:
            return None

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    service.base = f"http://127.0.0.1:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield service
    finally:
        server.shutdown()
        server.server_close()
