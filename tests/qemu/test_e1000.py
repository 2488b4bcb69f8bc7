# SPDX-License-Identifier: BSD-2-Clause
"""e1000 family end to end: 82540EM and 82545EM on INTx (machine pc), 82574L
on MSI-X, MSI and INTx (machine q35), each on a tap inside a network namespace
the test creates.

Until the network stack is linked in, the guest has no IP address: frames
from the namespace are raw Ethernet (tests/qemu/rawpeer.py) counted by the
driver and the chip, and the driver's test transmitter (`e1000 xmit`) sends
UDP broadcasts whose IPv4 and UDP checksums the emulated chip must fill in."""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
RAWPEER = HERE / "rawpeer.py"
GUEST_MAC = "52:54:00:e1:00:42"
GROUP_MAC = "01:00:5e:12:34:56"
OTHER_MAC = "02:00:00:00:00:99"
TEST_ETHERTYPE = 0x88B5

pytestmark = pytest.mark.skipif(
    os.geteuid() != 0 or not os.path.exists("/dev/net/tun") or not shutil.which("ip"),
    reason="needs root, /dev/net/tun and iproute2 for a tap in a network namespace")

# (QEMU machine, QEMU device, chip name in the log, PCI device ID, interrupt mode)
CHIPS = [
    pytest.param("pc", "e1000", "82540EM", "100e", "INTx", id="82540EM"),
    pytest.param("pc", "e1000-82545em", "82545EM", "100f", "INTx", id="82545EM"),
    pytest.param("q35", "e1000e", "82574L", "10d3", "MSI-X", id="82574L"),
]


def run(*args: str, check: bool = True, timeout: float = 30) -> subprocess.CompletedProcess:
    return subprocess.run(list(args), check=check, capture_output=True, text=True,
                          timeout=timeout)


class TapNamespace:
    """A tap QEMU opens in the root namespace, then moved into a namespace of
    its own, so nothing else on the host ever sees the test's frames."""

    def __init__(self) -> None:
        tag = f"{os.getpid() % 100000}{int(time.monotonic() * 1000) % 1000}"
        self.tap = f"e1k{tag}"[:15]
        self.ns = f"napkin-e1000-{tag}"
        run("ip", "tuntap", "add", "dev", self.tap, "mode", "tap")
        run("ip", "netns", "add", self.ns)
        self.moved = False

    def qemu_args(self, model: str) -> list[str]:
        # vnet_hdr=off: with it, QEMU's e1000e hands checksum work to the host kernel as
        # "checksum partial", and a capture in the namespace would see it unfinished.
        return ["-netdev", f"tap,id=n0,ifname={self.tap},script=no,downscript=no,vnet_hdr=off",
                "-device", f"{model},netdev=n0,mac={GUEST_MAC}"]

    def attach(self) -> None:
        """Once QEMU holds the tap: move it into the namespace and bring it up,
        quiet (no IPv6 chatter that would muddle frame counts)."""
        run("ip", "link", "set", self.tap, "netns", self.ns)
        self.moved = True
        self.exec("sysctl", "-q", "-w", f"net.ipv6.conf.{self.tap}.disable_ipv6=1")
        self.exec("ip", "link", "set", self.tap, "up")

    def exec(self, *args: str, check: bool = True, timeout: float = 30):
        return run("ip", "netns", "exec", self.ns, *args, check=check, timeout=timeout)

    def send(self, dst: str, count: int) -> None:
        self.exec(sys.executable, str(RAWPEER), "send", self.tap, dst, str(count),
                  hex(TEST_ETHERTYPE), timeout=60)

    def start_capture(self, seconds: float) -> subprocess.Popen:
        return subprocess.Popen(
            ["ip", "netns", "exec", self.ns, sys.executable, str(RAWPEER), "capture",
             self.tap, str(seconds)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            text=True)

    def close(self) -> None:
        run("ip", "netns", "del", self.ns, check=False)
        if not self.moved:
            run("ip", "link", "del", self.tap, check=False)


@pytest.fixture
def net():
    ns = TapNamespace()
    yield ns
    ns.close()


# These tests count frames: keep the TCP/IP stack silent (no DHCP, no IPv6 chatter).
QUIET_STACK = "ip=off ipv6.disable=1"


def boot(guest, net: TapNamespace, machine: str, model: str, append: str = ""):
    g = guest(machine=machine, append=f"{QUIET_STACK} {append}", netdevs=net.qemu_args(model))
    g.wait_for(r"napkin> ", 60)
    net.attach()
    return g


def ethtool(g) -> dict[str, int]:
    out = g.command("ethtool -S eth0")
    stats = {m.group(1): int(m.group(2)) for m in re.finditer(r"^\s+(\w+): (\d+)$", out, re.M)}
    assert "rx_good_packets" in stats, out
    return stats


def ifconfig_rx_packets(g) -> int:
    out = g.command("ifconfig eth0")
    m = re.search(r"RX packets (\d+)", out)
    assert m, out
    return int(m.group(1))


def wait_stat(g, name: str, at_least: int, timeout: float = 20) -> dict[str, int]:
    """Poll the named counter until it reaches at_least (frames take a while under TCG)."""
    deadline = time.monotonic() + timeout
    while True:
        stats = ethtool(g)
        if stats[name] >= at_least or time.monotonic() > deadline:
            return stats
        time.sleep(0.3)


def settle(g, name: str, timeout: float = 5) -> int:
    """Wait until a counter stops moving; return its value."""
    last = ethtool(g)[name]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        time.sleep(0.7)
        now = ethtool(g)[name]
        if now == last:
            return now
        last = now
    return last


def open_eth0(g) -> None:
    g.command("e1000 up eth0")
    assert re.search(r"eth0: \S+ at \S+, up, link up", g.command("e1000"))


def csum16(data: bytes) -> int:
    if len(data) % 2:
        data += b"\0"
    s = sum(int.from_bytes(data[i:i + 2], "big") for i in range(0, len(data), 2))
    while s >> 16:
        s = (s & 0xFFFF) + (s >> 16)
    return s


def check_udp_frame(frame: bytes) -> int:
    """Assert the IPv4 header and UDP checksums are right; return the sequence number."""
    ip = frame[14:34]
    assert ip[0] == 0x45 and ip[9] == 17, frame.hex()
    assert csum16(ip) == 0xFFFF, f"bad IPv4 header checksum: {frame.hex()}"
    udp_len = int.from_bytes(frame[38:40], "big")
    udp = frame[34:34 + udp_len]
    assert int.from_bytes(udp[6:8], "big") != 0, "UDP checksum left empty"
    pseudo = ip[12:20] + bytes([0, 17]) + udp_len.to_bytes(2, "big")
    assert csum16(pseudo + udp) == 0xFFFF, f"bad UDP checksum: {frame.hex()}"
    payload = udp[8:]
    assert payload.startswith(b"napkin e1000 test")
    return int.from_bytes(payload[20:24], "big")


@pytest.mark.parametrize("machine,model,chip,devid,mode", CHIPS)
def test_bring_up_and_frames_both_ways(guest, net, machine, model, chip, devid, mode):
    g = boot(guest, net, machine, model)
    out = g.output
    assert re.search(rf"eth0: Intel {chip} \(8086:{devid}\) at \S+, MAC {GUEST_MAC} from "
                     r"RAL/RAH", out), out
    assert "eth0: link up, 1000 Mbps, full duplex" in out
    assert re.search(rf"eth0: interrupts {re.escape(mode)} \(", out), out
    if mode == "MSI-X":
        assert re.search(r"MSI-X \(rx vector \d+, tx vector \d+, other vector \d+\)", out)
    assert re.search(r"rings rx 256 tx 256, legacy descriptors", out)
    open_eth0(g)

    # Receive: 30 broadcasts from the namespace, each counted by the chip and by the netdev.
    before = ethtool(g)
    rx_before = ifconfig_rx_packets(g)
    net.send("ff:ff:ff:ff:ff:ff", 30)
    after = wait_stat(g, "rx_good_packets", before["rx_good_packets"] + 30)
    assert after["rx_good_packets"] - before["rx_good_packets"] >= 30
    assert after["rx_broadcast"] - before["rx_broadcast"] >= 30
    assert ifconfig_rx_packets(g) - rx_before >= 30
    irq_counter = "irq_msix_rx" if mode == "MSI-X" else "irq_handled"
    assert after[irq_counter] > before[irq_counter]
    assert after["rx_desc_frame_errors"] == 0 and after["rx_desc_bad_length"] == 0
    irq = g.command("irq")
    kind = {"INTx": "IO-APIC-level", "MSI-X": "PCI-MSI-X"}[mode]
    assert re.search(rf"^\d+\s+[1-9]\d*\s+\d+\s+\d+\s+{kind}", irq, re.M), irq

    # Transmit: numbered UDP broadcasts with both checksums left to the device.
    cap = net.start_capture(8)
    time.sleep(1.0)
    assert "queued 20 of 20 test frames" in g.command("e1000 xmit eth0 20 udp")
    seen, _ = cap.communicate(timeout=30)
    frames = [bytes.fromhex(json.loads(line)["hex"]) for line in seen.splitlines()
              if json.loads(line)["src"] == GUEST_MAC]
    seqs = sorted(check_udp_frame(f) for f in frames)
    assert seqs == list(range(20)), seqs
    stats = ethtool(g)
    assert stats["tx_csum_offloaded"] >= 20
    assert stats["tx_context_descs"] >= 1
    assert stats["tx_bad_frames"] == 0


@pytest.mark.parametrize("machine,model", [("pc", "e1000"), ("q35", "e1000e")])
def test_receive_filter(guest, net, machine, model):
    g = boot(guest, net, machine, model)
    open_eth0(g)
    good = settle(g, "rx_good_packets")

    def delta_after(dst: str, count: int = 10) -> int:
        nonlocal good
        net.send(dst, count)
        # A broadcast marker proves the frames before it had their chance.
        net.send("ff:ff:ff:ff:ff:ff", 1)
        stats = wait_stat(g, "rx_broadcast", 1 + delta_after.broadcasts)
        delta_after.broadcasts = stats["rx_broadcast"]
        now = settle(g, "rx_good_packets")
        d, good = now - good - 1, now
        return d

    delta_after.broadcasts = ethtool(g)["rx_broadcast"]
    assert delta_after(GROUP_MAC) == 0, "multicast group not joined but received"
    g.command(f"e1000 mc eth0 add {GROUP_MAC}")
    assert delta_after(GROUP_MAC) == 10
    assert delta_after(OTHER_MAC) == 0, "someone else's unicast received"
    g.command("e1000 promisc eth0 on")
    assert delta_after(OTHER_MAC) == 10
    g.command("e1000 promisc eth0 off")
    assert delta_after(OTHER_MAC) == 0
    g.command(f"e1000 mc eth0 del {GROUP_MAC}")
    assert delta_after(GROUP_MAC) == 0


@pytest.mark.parametrize("machine,model", [("pc", "e1000"), ("q35", "e1000e")])
def test_link_changes_and_missing_link(guest, net, machine, model):
    g = boot(guest, net, machine, model)
    # Cable out: carrier off, and a warning after the grace period. The network stack
    # opens the device at boot, so the link-down report may come before `e1000 up`.
    start = len(g.output)
    g.monitor("set_link n0 off")
    g.command("e1000 up eth0")
    g.wait_for(r"eth0: link down", 20, start)
    g.wait_for(r"eth0: no link 10 s after open", 40, start)
    assert ethtool(g)["link_timeouts"] == 1
    # Cable back in: the link-change interrupt brings the carrier up.
    start = len(g.output)
    g.monitor("set_link n0 on")
    g.wait_for(r"eth0: link up, 1000 Mbps, full duplex", 20, start)
    stats = ethtool(g)
    assert stats["irq_link"] >= 1
    if model == "e1000e":
        assert stats["irq_msix_other"] >= 1
    # And out again while open.
    start = len(g.output)
    g.monitor("set_link n0 off")
    g.wait_for(r"eth0: link down", 20, start)
    assert ethtool(g)["irq_link"] >= 2


@pytest.mark.parametrize("cap,mode,kind", [("msi", "MSI", "PCI-MSI"),
                                           ("intx", "INTx", "IO-APIC-level")])
def test_82574_interrupt_fallbacks(guest, net, cap, mode, kind):
    g = boot(guest, net, "q35", "e1000e", append=f"e1000.irq={cap}")
    out = g.output
    assert f"interrupts capped at {cap} by e1000.irq" in out
    assert re.search(rf"eth0: interrupts {mode} \(", out), out
    open_eth0(g)
    before = ethtool(g)
    net.send("ff:ff:ff:ff:ff:ff", 20)
    after = wait_stat(g, "rx_good_packets", before["rx_good_packets"] + 20)
    assert after["rx_good_packets"] - before["rx_good_packets"] >= 20
    assert after["irq_handled"] > before["irq_handled"]
    assert after["irq_msix_rx"] == 0
    assert re.search(rf"^\d+\s+[1-9]\d*\s+\d+\s+\d+\s+{kind}", g.command("irq"), re.M)


def test_bad_interrupt_cap_is_named(guest, net):
    g = boot(guest, net, "q35", "e1000e", append="e1000.irq=sometimes")
    out = g.output
    assert re.search(r'invalid value "sometimes" for e1000.irq', out), out
    # The default stays.
    assert re.search(r"eth0: interrupts MSI-X \(", out)
