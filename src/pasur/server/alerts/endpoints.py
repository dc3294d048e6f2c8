"""Which push endpoints the server may send to: ``https`` URLs of public hosts only.

A push subscription names a URL that this server will later POST to, so an unchecked one would
let anyone make the server call its own network (an internal admin page, a cloud metadata
address). An endpoint is refused unless it is ``https`` and its host is, and resolves only to,
public addresses; it is checked when it is subscribed and again before every push (a name can
be pointed elsewhere meanwhile). The operator's allowed hosts (``PASUR_PUSH_HOSTS``) are the one
exception, for a push service on their own network, or a test's local endpoint.
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket
from urllib.parse import urlsplit

from pasur.protocol import ErrorCode, Refused

MAX_ENDPOINT = 1000
"""The longest endpoint URL kept (push services' are a few hundred characters)."""


def refuse(why: str) -> Refused:
    """The refusal of an endpoint (``bad_subscription``), saying ``why``."""
    return Refused(ErrorCode.BAD_SUBSCRIPTION, f"the push endpoint {why}")


CARRY_IPV4 = (
    ipaddress.IPv6Network("::ffff:0:0/96"),  # IPv4-mapped
    ipaddress.IPv6Network("::ffff:0:0:0/96"),  # IPv4-translated (SIIT)
    ipaddress.IPv6Network("64:ff9b::/96"),  # NAT64's well-known prefix
)
"""IPv6 prefixes whose last 32 bits are the IPv4 address a connection reaches."""


def public(address: str) -> bool:
    """Whether an IP address is one this server may send to: global unicast, not loopback,
    private, link-local, unspecified, multicast, site-local or reserved, in any spelling.

    An IPv6 address that carries an IPv4 one is judged by it: IPv4-mapped (``::ffff:127.0.0.1``),
    translated and NAT64 (``64:ff9b::7f00:1``) by the address they reach; 6to4
    (``2002:7f00:1::``) and Teredo only when the IPv4 addresses in them are public too. The
    IPv4-compatible form (``::127.0.0.1``) and NAT64's local-use prefix are reserved."""
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    if isinstance(ip, ipaddress.IPv4Address):
        return ip.is_global and not ip.is_multicast
    if any(ip in prefix for prefix in CARRY_IPV4):
        return public(str(ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)))
    inside = [*(ip.teredo or ()), *([ip.sixtofour] if ip.sixtofour else [])]
    if not all(public(str(v4)) for v4 in inside):
        return False
    return ip.is_global and not (ip.is_multicast or ip.is_reserved or ip.is_site_local)


def is_address(host: str) -> bool:
    """Whether ``host`` is an IP address written out, not a name."""
    try:
        ipaddress.ip_address(host.split("%", 1)[0])
    except ValueError:
        return False
    return True


def host_allowed(host: str, allowed_hosts: frozenset[str]) -> bool:
    """Whether the operator allowed ``host`` by name (``PASUR_PUSH_HOSTS``)."""
    return host.rstrip(".").lower() in allowed_hosts


def check_scheme(scheme: str, host: str, allowed_hosts: frozenset[str]) -> None:
    """Refuse anything but ``https`` (and ``http`` for an allowed host)."""
    if scheme != "https" and not (scheme == "http" and host_allowed(host, allowed_hosts)):
        raise refuse("must be an https URL")


async def check_endpoint(url: str, allowed_hosts: frozenset[str]) -> None:
    """Refuse (``bad_subscription``) an endpoint this server must not send to.

    Raises:
        Refused: not an ``https`` URL with a host, too long, or a host that is, or resolves to,
            a private, loopback, link-local or reserved address (or does not resolve at all).
    """
    if len(url) > MAX_ENDPOINT:
        raise refuse(f"is longer than {MAX_ENDPOINT} characters")
    try:
        parts = urlsplit(url)
        host, port = parts.hostname, parts.port
    except ValueError:
        raise refuse("is not a URL") from None
    if not host or parts.username or parts.password:
        raise refuse("must be a URL with a host name and no user name")
    check_scheme(parts.scheme, host, allowed_hosts)
    if host_allowed(host, allowed_hosts):
        return
    if is_address(host):
        addresses = [host]
    else:
        try:
            found = await asyncio.get_running_loop().getaddrinfo(
                host, port or 443, type=socket.SOCK_STREAM
            )
        except OSError:
            raise refuse(f"host {host!r} cannot be resolved") from None
        addresses = [str(info[4][0]) for info in found]
    if not addresses or not all(public(address) for address in addresses):
        raise refuse("is on a private or loopback address")
