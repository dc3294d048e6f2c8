"""Invite links that work on the devices they are sent to.

An invite is an absolute URL, so that it can be pasted into a message. Its address is the public
URL when the operator gave one (``pasur serve --public-url``, ``PASUR_PUBLIC_URL``); otherwise the
address the request reached the server by, except that a request to this machine's loopback
address (``localhost``) at a server listening on all interfaces gets this machine's address on
its network instead, which the other devices there can reach. ``invite_reach`` says who can open
the link:

- ``public``: anyone (the public URL);
- ``network``: devices on the same network (the server listens beyond this machine);
- ``this-device``: this machine only (the server listens on loopback alone, the default of
  ``pasur serve``): run ``pasur serve --host 0.0.0.0`` to play over the network.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from starlette.datastructures import URL

from pasur.protocol import JSONObject

ALL_INTERFACES = frozenset({"", "0.0.0.0", "::"})
"""The addresses that mean "listen on every interface"."""


class Reach(StrEnum):
    """Who can open an invite link."""

    THIS_DEVICE = "this-device"
    NETWORK = "network"
    PUBLIC = "public"


def is_loopback(host: str) -> bool:
    """Whether ``host`` (a name or an address, IPv6 with or without brackets) is this machine."""
    name = host.strip("[]").lower()
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def lan_address() -> str | None:
    """This machine's IPv4 address on its network, or None when it has none but loopback.

    A UDP socket "connected" to a private address picks the interface a packet would leave by;
    connecting a UDP socket sends nothing.
    """
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.254.254.254", 1))
            address: str = probe.getsockname()[0]
    except OSError:
        return None
    return None if is_loopback(address) or address == "0.0.0.0" else address


@dataclass(frozen=True, slots=True)
class Invites:
    """How this server writes invite links.

    Args:
        public_url: the operator's public origin (``https://pasur.example``), or None.
        listen_host: the address the server listens on.
        find_lan_address: how this machine's network address is found (tests pass their own).
    """

    public_url: str | None
    listen_host: str
    find_lan_address: Callable[[], str | None] = lan_address

    def base(self, url: URL) -> tuple[str, Reach]:
        """The origin invites start with for a request to ``url``, and who can reach it."""
        if self.public_url is not None:
            return self.public_url, Reach.PUBLIC
        host = url.hostname or "localhost"
        origin = _origin(url.scheme, host, url.port)
        if self.listen_host in ALL_INTERFACES:
            if not is_loopback(host):
                return origin, Reach.NETWORK
            lan = self.find_lan_address()
            if lan is None:
                return origin, Reach.THIS_DEVICE
            return _origin(url.scheme, lan, url.port), Reach.NETWORK
        if is_loopback(self.listen_host):
            return origin, Reach.THIS_DEVICE
        return origin, Reach.NETWORK

    def for_table(self, url: URL, table_id: str) -> JSONObject:
        """``{"invite_url", "invite_reach"}`` for a table, as a request to ``url`` sees it."""
        origin, reach = self.base(url)
        return {"invite_url": f"{origin}/play/t/{table_id}", "invite_reach": reach.value}


def _origin(scheme: str, host: str, port: int | None) -> str:
    shown = f"[{host}]" if ":" in host else host
    return f"{scheme}://{shown}" + (f":{port}" if port is not None else "")
