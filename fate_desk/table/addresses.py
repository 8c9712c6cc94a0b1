"""The machine's network addresses the table can listen on: the local network's first, this
computer alone (loopback) last. Addresses only: Android browsers do not resolve .local names.

Plain Python (no Qt, no packages): on Linux each interface is asked for its address and state;
elsewhere the addresses of the machine's name are listed, with the one the system would use to
reach the network first (found by aiming a UDP socket at a documentation-only address, which
sends nothing)."""

from __future__ import annotations

import ipaddress
import socket
import struct
import sys
from dataclasses import dataclass

from fate_desk.i18n import _

LOOPBACK = "127.0.0.1"
_VIRTUAL = ("docker", "veth", "br-", "virbr", "vmnet", "vboxnet", "tun", "tap", "lxc", "cni", "flannel")


@dataclass(frozen=True)
class Address:
    host: str
    interface: str  # the network interface's name ("wlan0"), or "" where the system does not say

    @property
    def loopback(self) -> bool:
        return ipaddress.ip_address(self.host).is_loopback

    def label(self) -> str:
        if self.loopback:
            return _("{address} (this computer only, for trying the table alone)").format(address=self.host)
        if not self.interface:
            return self.host
        return _("{address} ({interface})").format(address=self.host, interface=self.interface)


def _rank(address: Address) -> tuple:
    ip = ipaddress.ip_address(address.host)
    return (address.loopback, address.interface.startswith(_VIRTUAL), not ip.is_private, address.interface,
            address.host)


def _linux_addresses() -> list[Address]:
    """Each interface that is up and running, and its IPv4 address (Linux's own ioctls)."""
    # Deferred: fcntl exists only on POSIX, and only Linux comes here.
    import fcntl

    found = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        for _index, name in socket.if_nameindex():
            request = struct.pack("256s", name.encode()[:15])
            try:
                flags = struct.unpack("H", fcntl.ioctl(probe.fileno(), 0x8913, request)[16:18])[0]  # SIOCGIFFLAGS
                if not (flags & 0x1 and flags & 0x40):  # IFF_UP, IFF_RUNNING
                    continue
                host = socket.inet_ntoa(fcntl.ioctl(probe.fileno(), 0x8915, request)[20:24])  # SIOCGIFADDR
            except OSError:  # no IPv4 address on it
                continue
            found.append(Address(host, name))
    return found


def _named_addresses() -> list[Address]:
    """The address the system reaches the network from, then those of the machine's name."""
    hosts = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: a UDP "connect" only picks a route
            hosts.append(probe.getsockname()[0])
    except OSError:
        pass
    try:
        hosts += [info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
    except OSError:
        pass
    return [Address(host, "") for host in dict.fromkeys(hosts)]


def machine_addresses() -> list[Address]:
    """IPv4 addresses to offer, best first; loopback always, last."""
    try:
        found = _linux_addresses() if sys.platform.startswith("linux") else _named_addresses()
    except (OSError, ImportError):
        found = []
    if not [a for a in found if not a.loopback]:
        found += _named_addresses()
    kept = {a.host: a for a in sorted(found, key=_rank) if not a.loopback and a.host != "0.0.0.0"}
    return [*kept.values(), Address(LOOPBACK, "")]
