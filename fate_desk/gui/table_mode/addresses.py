"""The machine's network addresses the table can listen on: the local network's first, this
computer alone (loopback) last. Addresses only: Android browsers do not resolve .local names."""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass

from PySide6.QtNetwork import QAbstractSocket, QNetworkInterface

from fate_desk.i18n import _

LOOPBACK = "127.0.0.1"


@dataclass(frozen=True)
class Address:
    host: str
    interface: str  # the network interface's name ("wlan0", "Ethernet"), "" for loopback

    @property
    def loopback(self) -> bool:
        return ipaddress.ip_address(self.host).is_loopback

    def label(self) -> str:
        if self.loopback:
            return _("{address} (this computer only, for trying the table alone)").format(address=self.host)
        return _("{address} ({interface})").format(address=self.host, interface=self.interface)


def _rank(address: Address) -> tuple:
    ip = ipaddress.ip_address(address.host)
    virtual = address.interface.startswith(("docker", "veth", "br-", "virbr", "vmnet", "vboxnet", "tun", "tap"))
    return (address.loopback, virtual, not ip.is_private, address.interface, address.host)


def machine_addresses() -> list[Address]:
    """IPv4 addresses of the interfaces that are up, best first; loopback always, last."""
    found: list[Address] = []
    for interface in QNetworkInterface.allInterfaces():
        flags = interface.flags()
        if not (flags & QNetworkInterface.InterfaceFlag.IsUp and flags & QNetworkInterface.InterfaceFlag.IsRunning):
            continue
        for entry in interface.addressEntries():
            ip = entry.ip()
            if ip.protocol() != QAbstractSocket.NetworkLayerProtocol.IPv4Protocol or ip.isLoopback():
                continue
            found.append(Address(ip.toString(), interface.humanReadableName()))
    found.sort(key=_rank)
    return [*found, Address(LOOPBACK, "")]
