"""Where the app listens and the addresses it answers to: loopback or every
interface, the machine's addresses on the local network, the address the
invite link names and the ``host:port`` values a request may carry
(the guard's list, ``companion.server.guard.HostGuard``).
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Iterable

OPEN_HOSTS = ("0.0.0.0", "::", "")
"""Listen addresses that mean "every network interface"."""

HTTP_PORT = 80
"""The port a browser leaves out of the Host header."""

LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1")
"""The names this computer always answers to."""

PROBE_ADDRESS = ("10.255.255.255", 1)
"""A private address "connected" to (no packet is sent) to learn which local
address the system would use on the network."""


def is_loopback(host: str) -> bool:
    """Whether the listen address ``host`` reaches this computer only
    ("127.0.0.1", "::1", "localhost"; False for "0.0.0.0" and a LAN address)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses on the local network, the likeliest first.

    Without any traffic: the address a UDP socket "connected" to a private
    address gets, then the addresses the host name resolves to. Loopback
    addresses are left out; returns [] when none is known.
    """
    found: list[str] = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(PROBE_ADDRESS)
            found.append(probe.getsockname()[0])
        except OSError:
            pass
    try:
        found.extend(socket.gethostbyname_ex(socket.gethostname())[2])
    except OSError:
        pass
    return [address for address in dict.fromkeys(found) if not is_loopback(address) and address != "0.0.0.0"]


def invite_host(listen_host: str) -> str:
    """The address to put in the invite link for an app listening on ``listen_host``.

    Every interface: the machine's LAN address (this computer's loopback
    when it has none); a given address: that address.
    """
    if listen_host in OPEN_HOSTS:
        addresses = lan_addresses()
        return addresses[0] if addresses else LOOPBACK_NAMES[0]
    return listen_host


def own_authorities(listen_host: str, port: int, extra_names: Iterable[str] = ()) -> frozenset[str]:
    """The ``host:port`` values a request to this app may carry in its Host header.

    Takes the listen address, the port and other names the machine goes by;
    returns the loopback names, the listen address (unless it is every
    interface), the machine's LAN addresses and ``extra_names``, each with
    ``port`` (IPv6 addresses in brackets; on port 80 also without it, as
    browsers leave the default port out), all in lower case.
    """
    names = {*LOOPBACK_NAMES, *lan_addresses(), *extra_names}
    if listen_host not in OPEN_HOSTS:
        names.add(listen_host)
    hosts = {f"[{name}]".lower() if ":" in name else name.lower() for name in names}
    authorities = {f"{host}:{port}" for host in hosts}
    if port == HTTP_PORT:
        authorities |= hosts
    return frozenset(authorities)
