# SPDX-License-Identifier: BSD-2-Clause
"""virtio-net end to end: bring-up, MAC, link, queue pairs with their own MSI-X
vectors and NAPI instances, INTx and polling fallbacks, and frames both ways
through a multiqueue tap that sits in a network namespace the test creates.

Until the network stack lands, the guest has no IP: frames from the namespace
go to a static neighbour entry and are counted by the driver, and the driver's
transmit self-test (`vnettest ethN send`, in the test image) sends UDP
broadcasts that a socket in the namespace must receive with valid checksums."""
from __future__ import annotations

import re
import subprocess
import time

import pytest

from netns import NetNS, read_lines, require_netns

GUEST_MAC = "52:54:00:12:34:56"
NS_IP = "10.77.0.1"
GUEST_IP = "10.77.0.2"
SELFTEST_PORT = 9999

class VnetNet:
    """A namespace (tests/qemu/netns.py) with a multiqueue tap for the guest at NS_IP,
    silent on IPv6 (these tests count frames), and a static neighbour entry for the
    guest, which has no IP stack of its own here."""

    def __init__(self, queues: int):
        self.queues = queues
        self.ns = NetNS(prefix="napkin-vnet")
        try:
            self.tap = self.ns.add_tap(addr4=NS_IP, queues=queues, ipv6=False)
            self.exec("ip", "neigh", "replace", GUEST_IP, "lladdr", GUEST_MAC, "dev",
                      self.tap.name, "nud", "permanent")
        except Exception:
            self.ns.close()
            raise

    def qemu_args(self, device_opts: str = "") -> list[str]:
        mq = f",mq=on,vectors={2 * self.queues + 2}" if self.queues > 1 else ""
        return self.tap.qemu_args("virtio-net-pci", device_opts=f"mac={GUEST_MAC}{mq}{device_opts}")

    def exec(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        return self.ns.run(list(args), check=check, timeout=30)

    def send_udp(self, flows: int, per_flow: int = 1) -> None:
        """UDP datagrams to the guest from `flows` source ports (tap queues hash on them)."""
        self.exec("python3", "-c",
                  "import socket\n"
                  f"for p in range({flows}):\n"
                  "    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)\n"
                  f"    s.bind(('{NS_IP}', 20000 + p))\n"
                  f"    for i in range({per_flow}):\n"
                  f"        s.sendto(b'napkin' * 20, ('{GUEST_IP}', 30000 + p))\n"
                  "    s.close()\n")

    def start_receiver(self, seconds: float) -> subprocess.Popen:
        """Collect self-test datagrams on SELFTEST_PORT for `seconds`; print one per line."""
        return self.ns.udp_listener(SELFTEST_PORT, seconds, fmt="sport", rcvbuf=1 << 20)

    def close(self) -> None:
        self.ns.close()


@pytest.fixture
def tapns():
    require_netns()
    made: list[VnetNet] = []

    def make(queues: int = 1) -> VnetNet:
        t = VnetNet(queues)
        made.append(t)
        return t

    yield make
    for t in made:
        t.close()


# These tests count frames: keep the TCP/IP stack silent (no DHCP, no IPv6 chatter).
QUIET_STACK = "ip=off ipv6.disable=1"


def boot(guest, tn: VnetNet, append: str = "", device_opts: str = ""):
    # The test image: it has the transmit self-test (`vnettest ethN send`).
    g = guest(append=f"loglevel=7 {QUIET_STACK} {append}", memory=256,
              netdevs=tn.qemu_args(device_opts), netns=tn.ns, test_image=True)
    g.wait_ready(90)
    return g


def vnet_show(g) -> str:
    return g.command("vnet eth0", timeout=30)


def counter(out: str, name: str) -> int:
    m = re.search(rf"^\s*{re.escape(name)}: (\d+)$", out, re.M)
    assert m, f"no counter {name} in:\n{out}"
    return int(m.group(1))


def pair_lines(out: str) -> dict[int, dict[str, str]]:
    pairs = {}
    for m in re.finditer(r"pair (\d+): (.*)", out):
        pairs[int(m.group(1))] = dict(kv.split("=", 1) for kv in m.group(2).split())
    return pairs


def open_and_wait_link(g) -> None:
    g.command("vnet eth0 up", timeout=30)
    g.wait_for(r"eth0: link up", 20)


def wait_rx(g, total: int, timeout: float = 30) -> str:
    """Poll the counters until the pairs together received `total` frames."""
    deadline = time.monotonic() + timeout
    while True:
        out = vnet_show(g)
        got = sum(int(p["rx"]) for p in pair_lines(out).values())
        if got >= total or time.monotonic() > deadline:
            return out
        time.sleep(0.5)


def selftest_roundtrip(g, tn: VnetNet, count: int) -> list[tuple[int, str]]:
    rx = tn.start_receiver(seconds=60)
    out = g.command(f"vnettest eth0 send {count} {SELFTEST_PORT}", timeout=30)
    assert f"sent {count}" in out, out
    got = []
    for line in read_lines(rx, count, timeout=30):
        sport, payload = line.split(" ", 1)
        got.append((int(sport), payload))
    return got


def test_bringup_one_pair_msix(guest, tapns):
    tn = tapns(1)
    g = boot(guest, tn)
    out = g.output
    assert f"eth0: registered, MAC {GUEST_MAC}" in out
    neg = re.search(r"virtio-net \S+: negotiated: (.*)", out)
    assert neg and "VERSION_1" in neg.group(1).split(), out
    assert re.search(rf"eth0: virtio-net at \S+, MAC {GUEST_MAC}, 1 of 1 queue pairs, "
                     r"ring \d+/\d+, MSI-X", out)
    open_and_wait_link(g)
    assert re.search(r"eth0: queue pair 0 on vector \d+ \(MSI-X entry 1\)", g.output)

    tn.send_udp(flows=20)
    out = wait_rx(g, 20)
    assert counter(out, "rx_queue_0_packets") >= 20
    assert counter(out, "queue_0_interrupts") > 0
    assert counter(out, "queue_0_polls") >= counter(out, "queue_0_interrupts")
    assert counter(out, "rx_queue_0_errors") == 0
    assert pair_lines(out)[0]["napi"] == "eth0-q0"

    tx_before = counter(out, "tx_queue_0_packets")
    got = selftest_roundtrip(g, tn, 16)
    assert sorted(p for _, p in got) == sorted(f"vnet-selftest {i}" for i in range(16))
    assert sorted(s for s, _ in got) == list(range(7000, 7016))
    out = vnet_show(g)
    # The network stack transmits too (DHCP, IPv6 neighbour discovery): at least ours.
    assert counter(out, "tx_queue_0_packets") - tx_before >= 16
    assert counter(out, "tx_queue_0_drops") == 0


def test_four_pairs_each_own_vector_and_napi(guest, tapns):
    tn = tapns(4)
    g = boot(guest, tn)
    assert re.search(r"eth0: virtio-net at \S+, MAC \S+, 4 of 4 queue pairs, ring \d+/\d+, "
                     r"MSI-X", g.output)
    open_and_wait_link(g)
    vectors = {int(p): int(v) for p, v in
               re.findall(r"eth0: queue pair (\d+) on vector (\d+)", g.output)}
    assert sorted(vectors) == [0, 1, 2, 3]
    assert len(set(vectors.values())) == 4, vectors

    # 64 flows: the tap spreads them over its queues by hash, so every pair sees some.
    tn.send_udp(flows=64, per_flow=2)
    out = wait_rx(g, 128)
    pairs = pair_lines(out)
    assert sorted(pairs) == [0, 1, 2, 3]
    assert {p["napi"] for p in pairs.values()} == {f"eth0-q{i}" for i in range(4)}
    for i, p in pairs.items():
        assert int(p["vector"]) == vectors[i]
        assert int(p["irqs"]) > 0, f"pair {i} never interrupted: {out}"
        assert int(p["napi_irqs"]) > 0
        assert int(p["rx"]) > 0
    assert sum(int(p["rx"]) for p in pairs.values()) >= 128

    # Transmit: 64 flows (source ports) hash over the four transmit queues.
    out = vnet_show(g)
    tx_before = [counter(out, f"tx_queue_{i}_packets") for i in range(4)]
    got = selftest_roundtrip(g, tn, 64)
    assert len(got) == 64
    out = vnet_show(g)
    tx_delta = [counter(out, f"tx_queue_{i}_packets") - tx_before[i] for i in range(4)]
    assert all(d > 0 for d in tx_delta), out
    # The stack's own frames may add a few; ours are all there.
    assert sum(tx_delta) >= 64


def test_intx_fallback(guest, tapns):
    tn = tapns(1)
    g = boot(guest, tn, append="virtio_net.irq=intx")
    assert re.search(r"eth0: virtio-net at .*1 of 1 queue pairs, ring \d+/\d+, INTx", g.output)
    open_and_wait_link(g)
    assert re.search(r"eth0: all queues on INTx vector \d+", g.output)
    tn.send_udp(flows=10)
    out = wait_rx(g, 10)
    assert counter(out, "rx_queue_0_packets") >= 10
    assert counter(out, "intx_interrupts") > 0
    got = selftest_roundtrip(g, tn, 8)
    assert len(got) == 8


def test_polling_fallback(guest, tapns):
    tn = tapns(1)
    g = boot(guest, tn, append="virtio_net.irq=poll")
    assert re.search(r"virtio-net \S+: INTx unavailable|polling", g.output)
    assert re.search(r"eth0: virtio-net at .*, polling", g.output)
    open_and_wait_link(g)
    tn.send_udp(flows=10)
    out = wait_rx(g, 10)
    assert counter(out, "rx_queue_0_packets") >= 10
    assert counter(out, "queue_0_interrupts") == 0
    assert counter(out, "queue_0_polls") > 10


def test_checksum_offload_off_uses_software(guest, tapns):
    """Without VIRTIO_NET_F_CSUM the driver fills the UDP checksum itself; the
    namespace's socket only delivers datagrams whose checksum is right."""
    tn = tapns(1)
    g = boot(guest, tn, append="virtio_net.csum=0")
    neg = re.search(r"virtio-net \S+: negotiated: (.*)", g.output).group(1).split()
    assert "CSUM" not in neg
    open_and_wait_link(g)
    got = selftest_roundtrip(g, tn, 8)
    assert len(got) == 8


def test_checksum_offload_negotiated_with_tap(guest, tapns):
    tn = tapns(1)
    g = boot(guest, tn)
    neg = re.search(r"virtio-net \S+: negotiated: (.*)", g.output).group(1).split()
    assert "CSUM" in neg and "GUEST_CSUM" in neg
    open_and_wait_link(g)
    got = selftest_roundtrip(g, tn, 8)
    assert len(got) == 8


def test_legacy_only_device_refused_cleanly(guest, tapns):
    """A device without the virtio 1.0 capabilities is named in the log and left
    alone; boot carries on."""
    tn = tapns(1)
    g = boot(guest, tn, device_opts=",disable-modern=on,disable-legacy=off")
    out = g.output
    assert re.search(r"virtio-net \S+: no usable common configuration capability: "
                     r"not a virtio 1\.0 device", out), out
    assert re.search(r"virtio-net probe failed", out)
    assert "eth0: registered" not in out
    assert "vnet: no virtio-net device" in g.command("vnet", timeout=30)


@pytest.mark.parametrize("mode", ["irq", "busypoll"])
def test_napi_modes_four_pairs(guest, tapns, mode):
    """The driver works unchanged when the NAPI core runs polls from the
    interrupt (irq) or never lets interrupts back on (busypoll)."""
    tn = tapns(4)
    g = boot(guest, tn, append=f"napi.mode={mode}")
    open_and_wait_link(g)
    tn.send_udp(flows=32, per_flow=2)
    out = wait_rx(g, 64)
    assert sum(int(p["rx"]) for p in pair_lines(out).values()) >= 64
    got = selftest_roundtrip(g, tn, 32)
    assert len(got) == 32
    out = vnet_show(g)
    if mode == "busypoll":
        # Polls keep running with no traffic at all.
        polls = sum(int(p["polls"]) for p in pair_lines(out).values())
        deadline = time.monotonic() + 10
        while sum(int(p["polls"]) for p in pair_lines(vnet_show(g)).values()) <= polls:
            assert time.monotonic() < deadline, "busypoll stopped polling"
