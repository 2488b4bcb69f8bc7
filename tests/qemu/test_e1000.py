# SPDX-License-Identifier: BSD-2-Clause
"""e1000 family end to end: 82540EM and 82545EM on INTx (machine pc), 82574L
on MSI-X, MSI and INTx (machine q35), each on a tap inside a network namespace
(tests/qemu/netns.py).

Driver-level checks use raw Ethernet from the namespace (tests/qemu/rawpeer.py)
counted by the driver and the chip, and the driver's test transmitter
(`e1000test xmit`, in the test image), whose UDP broadcasts must leave with the IPv4
the emulated chip filled in. They hold with or without a network stack in the
guest. With lwIP linked in, ping through it is the end-to-end check for what
tests/qemu/test_net.py does not cover (the 82545EM, the 82574L's MSI and INTx
paths); test_net.py runs the full matrix on the 82540EM and the 82574L."""
from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from napkin_qemu import BUILD  # noqa: E402
from netns import LineReader, NetNS, require_netns  # noqa: E402

HERE = Path(__file__).resolve().parent
RAWPEER = HERE / "rawpeer.py"
GROUP_MAC = "01:00:5e:12:34:56"
OTHER_MAC = "02:00:00:00:00:99"
TEST_ETHERTYPE = 0x88B5

# (QEMU machine, QEMU device, chip name in the log, PCI device ID, interrupt mode)
CHIPS = [
    pytest.param("pc", "e1000", "82540EM", "100e", "INTx", id="82540EM"),
    pytest.param("pc", "e1000-82545em", "82545EM", "100f", "INTx", id="82545EM"),
    pytest.param("q35", "e1000e", "82574L", "10d3", "MSI-X", id="82574L"),
]


def guest_mac(port: int) -> str:
    return f"52:54:00:e1:00:{0x40 + port:02x}"


GUEST_MAC = guest_mac(0)


class E1000Net:
    """A namespace with one tap per NIC port. The taps are kept quiet (no IPv6
    from the host side) so the chip's frame counters only see the test's frames."""

    def __init__(self, ports: int = 1) -> None:
        self.ns = NetNS(prefix="napkin-e1000")
        self.taps = []
        try:
            for i in range(ports):
                tap = self.ns.add_tap(name=f"tap{i}", addr4=f"192.168.{78 + i}.1", ipv6=False)
                self.taps.append(tap)
        except Exception:
            self.ns.close()
            raise

    def qemu_args(self, model: str) -> list[str]:
        args = []
        for i, tap in enumerate(self.taps):
            one = tap.qemu_args(model, netdev_id=f"n{i}", device_opts=f"mac={guest_mac(i)}")
            # vnet_hdr=off: with it, QEMU's e1000e leaves TCP/UDP checksums to the host
            # kernel ("checksum partial"), and a capture here would see them unfinished.
            one[1] += ",vnet_hdr=off"
            args += one
        return args

    def send(self, dst: str, count: int, port: int = 0) -> None:
        self.ns.run([sys.executable, str(RAWPEER), "send", self.taps[port].name, dst, str(count),
                     hex(TEST_ETHERTYPE)], timeout=60)

    def start_capture(self, seconds: float) -> LineReader:
        """A capture on the first tap, returned once its socket is bound."""
        cap = LineReader(self.ns.popen([sys.executable, str(RAWPEER), "capture",
                                        self.taps[0].name, str(seconds)]))
        assert cap.read_until(lambda lines: lines, 30), "rawpeer capture did not start"
        assert json.loads(cap.lines.pop(0)) == {"ready": True}
        return cap

    @staticmethod
    def captured_test_frames(cap: LineReader, count: int, timeout: float = 30) -> list:
        """The test transmitter's frames, read until `count` of them came (or timeout)."""
        cap.read_until(lambda lines: len(udp_test_frames("\n".join(lines))) >= count, timeout)
        cap.stop()
        return udp_test_frames("\n".join(cap.lines))

    def close(self) -> None:
        self.ns.close()


@pytest.fixture
def net():
    require_netns()
    n = E1000Net()
    yield n
    n.close()


def boot(guest, net: E1000Net, machine: str, model: str, append: str = "",
         test_image: bool = False):
    """test_image: boot build/napkin-test32.elf, which has `e1000test xmit`."""
    g = guest(machine=machine, append=append, netdevs=net.qemu_args(model), netns=net.ns,
              test_image=test_image)
    g.wait_for(r"napkin> ", 60)
    return g


def ethtool(g, dev: str = "eth0") -> dict[str, int]:
    out = g.command(f"ethtool -S {dev}")
    stats = {m.group(1): int(m.group(2)) for m in re.finditer(r"^\s+(\w+): (\d+)$", out, re.M)}
    assert "rx_good_packets" in stats, out
    return stats


def ifconfig_rx_packets(g) -> int:
    out = g.command("ifconfig eth0")
    m = re.search(r"RX packets (\d+)", out)
    assert m, out
    return int(m.group(1))


def wait_stat(g, name: str, at_least: int, timeout: float = 20,
              dev: str = "eth0") -> dict[str, int]:
    """Poll the named counter until it reaches at_least (frames take a while under TCG)."""
    deadline = time.monotonic() + timeout
    while True:
        stats = ethtool(g, dev)
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


def open_dev(g, dev: str = "eth0") -> None:
    g.command(f"e1000 up {dev}")
    assert re.search(rf"{dev}: \S+ at \S+, up, link up", g.command("e1000"))


def csum16(data: bytes) -> int:
    if len(data) % 2:
        data += b"\0"
    s = sum(int.from_bytes(data[i:i + 2], "big") for i in range(0, len(data), 2))
    while s >> 16:
        s = (s & 0xFFFF) + (s >> 16)
    return s


def udp_test_frames(capture_output: str) -> list[bytes]:
    """The test transmitter's UDP frames among everything the guest sent (its network
    stack, when linked in, talks too: DHCP, IPv6 neighbour discovery)."""
    frames = []
    for line in capture_output.splitlines():
        f = json.loads(line)
        data = bytes.fromhex(f["hex"])
        if (f["src"] == GUEST_MAC and f["type"] == 0x0800 and data[23] == 17
                and data[34:36] == (40000).to_bytes(2, "big")):
            frames.append(data)
    return frames


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
    g = boot(guest, net, machine, model, test_image=True)
    out = g.output
    assert re.search(rf"eth0: Intel {chip} \(8086:{devid}\) at \S+, MAC {GUEST_MAC} from "
                     r"RAL/RAH", out), out
    assert "eth0: link up, 1000 Mbps, full duplex" in out
    assert re.search(rf"eth0: interrupts {re.escape(mode)} \(", out), out
    if mode == "MSI-X":
        assert re.search(r"MSI-X \(rx vector \d+, tx vector \d+, other vector \d+\)", out)
    assert re.search(r"rings rx 256 tx 256, legacy descriptors", out)
    open_dev(g)

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

    # Transmit: numbered UDP broadcasts with both checksums left to the device, as one
    # segment and as three (cut inside the headers).
    cap = net.start_capture(60)
    assert "queued 20 of 20 test frames" in g.command("e1000test xmit eth0 20 udp")
    assert "queued 20 of 20 test frames" in g.command("e1000test xmit eth0 20 udp 3")
    seqs = sorted(check_udp_frame(f) for f in net.captured_test_frames(cap, 40))
    assert seqs == sorted(list(range(20)) * 2), seqs
    stats = ethtool(g)
    assert stats["tx_csum_offloaded"] >= 40
    assert stats["tx_context_descs"] >= 1
    assert stats["tx_bad_frames"] == 0


@pytest.mark.parametrize("machine,model", [("pc", "e1000"), ("q35", "e1000e")])
def test_receive_filter(guest, net, machine, model):
    g = boot(guest, net, machine, model)
    open_dev(g)
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
    # Cable out before the device is opened (closed first: a network stack may have opened
    # it at boot): carrier off, and a warning after the grace period.
    g.command("e1000 down eth0")
    g.monitor("set_link n0 off")
    start = len(g.output)
    g.command("e1000 up eth0")
    g.wait_for(r"eth0: no link 10 s after open", 40, start)
    assert "NO-CARRIER" in g.command("ifconfig eth0")
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
    open_dev(g)
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


def test_shared_intx_line(guest):
    """Two 82540EMs on one machine share an INTx line: each handler must claim only
    its own interrupts and leave the other device's causes alone."""
    require_netns()
    net = E1000Net(2)
    try:
        g = boot(guest, net, "pc", "e1000")
        lines = re.findall(r"eth[01]: interrupts INTx \(pin A, line (\d+), vector (\d+)\)",
                           g.output)
        assert len(lines) == 2, g.output
        # SeaBIOS on QEMU's pc routes slots 3 and 4 (pin A) to the same line.
        assert lines[0] == lines[1], f"the two devices do not share a line: {lines}"
        open_dev(g, "eth0")
        open_dev(g, "eth1")
        for port, dev, other in ((0, "eth0", "eth1"), (1, "eth1", "eth0")):
            mine, theirs = ethtool(g, dev), ethtool(g, other)
            net.send(guest_mac(port), 20, port)
            after = wait_stat(g, "rx_good_packets", mine["rx_good_packets"] + 20, dev=dev)
            other_after = ethtool(g, other)
            assert after["rx_good_packets"] - mine["rx_good_packets"] == 20
            assert after["irq_handled"] > mine["irq_handled"]
            assert other_after["rx_good_packets"] == theirs["rx_good_packets"]
            # The quiet device was asked about the shared interrupts and declined them
            # (it still takes its own: the network stack, when linked in, transmits on it).
            assert other_after["irq_not_ours"] > theirs["irq_not_ours"]
            assert other_after["irq_handled"] - theirs["irq_handled"] < 20
        assert "disabled: nobody claimed it" not in g.command("irq")
    finally:
        net.close()


@pytest.mark.parametrize("mode", ["irq", "busypoll"])
@pytest.mark.parametrize("machine,model", [("pc", "e1000"), ("q35", "e1000e")])
def test_napi_modes(guest, net, machine, model, mode):
    g = boot(guest, net, machine, model, append=f"napi.mode={mode}", test_image=True)
    open_dev(g)
    irq_counter = "irq_msix_rx" if model == "e1000e" else "irq_handled"
    before = ethtool(g)
    net.send("ff:ff:ff:ff:ff:ff", 30)
    after = wait_stat(g, "rx_good_packets", before["rx_good_packets"] + 30)
    assert ifconfig_rx_packets(g) >= 30
    if mode == "busypoll":
        # Interrupts stay masked: the loop polls the ring by itself.
        assert after[irq_counter] == before[irq_counter]
    else:
        assert after[irq_counter] > before[irq_counter]
    cap = net.start_capture(60)
    assert "queued 20 of 20 test frames" in g.command("e1000test xmit eth0 20 udp")
    got = net.captured_test_frames(cap, 20)
    assert sorted(check_udp_frame(f) for f in got) == list(range(20))


def lwip_linked() -> bool:
    out = subprocess.run(["nm", str(BUILD / "napkin.elf")], capture_output=True, text=True)
    return any(line.endswith(" lwip_stack_init") for line in out.stdout.splitlines())


@pytest.mark.parametrize("machine,model,append,mode,irq_counter", [
    pytest.param("pc", "e1000-82545em", "", "INTx", "irq_handled", id="82545EM"),
    pytest.param("q35", "e1000e", "e1000.irq=msi", "MSI", "irq_handled", id="82574L-msi"),
    pytest.param("q35", "e1000e", "e1000.irq=intx", "INTx", "irq_handled", id="82574L-intx"),
])
def test_ping_through_the_stack(guest, machine, model, append, mode, irq_counter):
    assert lwip_linked(), "no network stack in build/napkin.elf"
    require_netns()
    ns = NetNS(prefix="napkin-e1000p")
    try:
        tap = ns.add_tap()
        ns.start_dnsmasq(tap)
        g = guest(machine=machine, memory=256, append=f"console=ttyS0 {append}",
                  netdevs=tap.qemu_args(model), netns=ns)
        addr = g.wait_for(r"eth0: DHCP lease (\d+\.\d+\.\d+\.\d+)/", 90).group(1)
        assert re.search(rf"eth0: interrupts {mode} \(", g.output)
        before = ethtool(g)
        res = ns.run(["ping", "-c", "200", "-i", "0.01", "-W", "2", "-w", "60", "-q", addr],
                     check=False, timeout=90)
        assert " 200 received" in res.stdout, f"{res.stdout}\nlog: {g.log_path}"
        # Fragmented both ways: the replies leave as multi-segment frames.
        res = ns.run(["ping", "-c", "3", "-i", "0.3", "-s", "4000", "-W", "3", "-q", addr],
                     check=False, timeout=60)
        assert " 3 received" in res.stdout, f"{res.stdout}\nlog: {g.log_path}"
        after = ethtool(g)
        assert after[irq_counter] > before[irq_counter]
        assert after["rx_good_packets"] - before["rx_good_packets"] >= 200 + 3 * 3
        assert after["tx_bad_frames"] == 0 and after["rx_desc_frame_errors"] == 0
        assert after["tx_csum_offloaded"] > before["tx_csum_offloaded"]
    finally:
        ns.close()
