# SPDX-License-Identifier: BSD-2-Clause
"""napkin's skge driver in a whole machine, on napkin's Genesis/Yukon model as
the QEMU device napkin-skge (tests/qdev/), the same model Linux's own skge
drives with zero violations in test_skge_linux.py.

Every variant (Yukon with its GMAC, Genesis with its XMAC II and BCM5400 PHY,
one port or two behind one INTx line) boots napkin with strict=on: DHCP,
ping, UDP echo and a TCP echo checked byte for byte on every port, both ports
at once on two-port boards, each port with its own NAPI instance on the one
shared line. The ISO boots a two-port Yukon under SeaBIOS and OVMF. Last,
the chip shares its INTx line with an e1000, so that napkin's "not mine"
path runs for real.

Faults, injected into the model at run time (`qom-set nic0 fault ...`) on a
two-port Yukon with DMA above 4 GiB (dma=high, -m 6G): a cable flap and
frames with a bad CRC on port 1 while port 0 carries TCP echoes throughout,
then lost interrupts on the shared line; napkin recovers from each and
counts it on the right port.
"""
from __future__ import annotations

import re
import sys
import threading
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from napkin_qemu import LOG_DIR, napkin_nic_qemu  # noqa: E402
from netns import NetNS, require_netns  # noqa: E402
from qdev_guest import assert_no_violations, ethtool, peer, ping, tap_netdev  # noqa: E402

# genesis carries a BCM5400 C0; genesis-a1 the revision with the longest errata
# table (the hosted tests run all four revisions).
VARIANTS = [("yukon", 1), ("yukon", 2), ("genesis", 1), ("genesis", 2), ("genesis-a1", 1)]
NAMES = {"yukon": "Yukon", "genesis": "Genesis"}
MACS = ["52:54:00:12:34:56", "52:54:00:12:34:57"]
UDP_SIZES = [0, 1, 18, 64, 512, 1472, 1473, 2953, 8000]
ECHO_BYTES = 2 << 20
LEASE = r"{dev}: DHCP lease (\d+\.\d+\.\d+\.\d+)/\d+"


def device(chip: str, ports: int, trace: Path) -> str:
    dev = f"napkin-skge,id=nic0,netdev=n0,chip={chip},mac={MACS[0]},strict=on,trace={trace}"
    if ports == 2:
        dev += f",ports=2,netdev1=n1,mac1={MACS[1]}"
    return dev


def boot(guest, ns: NetNS, dev: str, taps: list, memory: int = 512, iso: bool = False,
         uefi: bool = False):
    netdevs = []
    for i, tap in enumerate(taps):
        netdevs += tap_netdev(tap, f"n{i}")
    return guest(machine="q35", memory=memory, qemu=napkin_nic_qemu(), netns=ns,
                 append="console=ttyS0", iso=iso, uefi=uefi,
                 netdevs=netdevs + ["-device", dev])


def leases_and_traffic(ns: NetNS, g, ports: int) -> list[str]:
    addrs = [g.wait_for(LEASE.format(dev=f"eth{i}"), 120).group(1) for i in range(ports)]
    for a in addrs:
        ping(ns, g, a)
        peer(ns, g, "udp-echo", a, *map(str, UDP_SIZES))
    results: list[dict] = []

    def echo(addr: str) -> None:
        results.append(peer(ns, g, "tcp-echo", addr, str(ECHO_BYTES)))

    threads = [threading.Thread(target=echo, args=(a,)) for a in addrs]
    for t in threads:
        t.start()
    for t in threads:
        t.join(300)
    assert len(results) == ports and all(r["hash_match"] for r in results), results
    return addrs


@pytest.fixture
def netns():
    require_netns()
    with NetNS("skgenk") as ns:
        yield ns


@pytest.mark.parametrize("chip,ports", VARIANTS, ids=[f"{c}-{p}port" for c, p in VARIANTS])
def test_napkin_skge_on_the_model(guest, netns, chip, ports):
    taps = [netns.add_tap(f"tap{i}", f"192.168.{77 + i}.1") for i in range(ports)]
    for tap in taps:
        netns.start_dnsmasq(tap)
    trace = LOG_DIR / f"skge-napkin-{chip}-{ports}.trace"
    g = boot(guest, netns, device(chip, ports, trace), taps)
    leases_and_traffic(netns, g, ports)
    assert re.search(rf"skge: eth0: {NAMES[chip.split('-')[0]]} \(chip", g.output), g.log_path
    for i in range(ports):
        stats = ethtool(g, f"eth{i}")
        for name in ("rx_error_frames", "rx_bad_length", "tx_too_long", "tx_timeouts"):
            assert stats[name] == 0, (name, stats)
        assert stats["napi_schedules"] > 10, stats
        # Checksum offload on the Yukon both ways (the TCP echo's segments,
        # checked by the peer and by the driver's verdict); none on Genesis.
        if chip == "yukon":
            assert stats["tx_csum_hw"] > ECHO_BYTES // 1500, stats
            assert stats["rx_csum_ok"] > ECHO_BYTES // 1500, stats
        else:
            assert stats["tx_csum_hw"] == 0 and stats["rx_csum_ok"] == 0, stats
        assert stats["rx_csum_bad"] == 0 and stats["rx_csum_mismatch"] == 0, stats
    hw = ethtool(g, "eth0")
    # The line is the chip's own here: every interrupt napkin took was for it,
    # and hardly any had to be found by the watchdog.
    # (How many depends on the moderation timer and the host's pace: a one-port
    # run has taken as few as 50; a handful would mean the watchdog did the work.)
    assert hw["irq_interrupts"] > 20 and hw["irq_not_ours"] == 0, hw
    assert hw["irq_lost"] <= 2, hw
    if ports == 2:
        napi = g.command("napi", 30)
        rows = [line for line in napi.splitlines() if line.startswith("skge")]
        assert len(rows) == 2, napi  # one NAPI instance per port, on one INTx line
    assert_no_violations(g, "skge")


@pytest.mark.parametrize("firmware", ["seabios", "ovmf"])
def test_napkin_skge_from_the_iso(guest, netns, firmware):
    taps = [netns.add_tap(f"tap{i}", f"192.168.{77 + i}.1") for i in range(2)]
    for tap in taps:
        netns.start_dnsmasq(tap)
    trace = LOG_DIR / f"skge-napkin-iso-{firmware}.trace"
    g = boot(guest, netns, device("yukon", 2, trace), taps, iso=True,
             uefi=firmware == "ovmf")
    leases_and_traffic(netns, g, 2)
    assert ("firmware: UEFI" if firmware == "ovmf" else "firmware: BIOS") in g.output
    assert not g.firmware_stalls(), g.firmware_stalls()
    assert_no_violations(g, "skge")


def test_napkin_skge_shares_intx_with_e1000(guest, netns):
    """napkin-skge and an e1000 on one interrupt line (i440fx: slots 4 and 8
    both swizzle INTA to PIRQ A), both carrying traffic at once: each of
    napkin's handlers meets interrupts that are the other's and must say
    "not mine" (counted) without losing its own."""
    taps = [netns.add_tap("tap0", "192.168.77.1"), netns.add_tap("tap1", "192.168.78.1")]
    for tap in taps:
        netns.start_dnsmasq(tap)
    trace = LOG_DIR / "skge-napkin-shared.trace"
    netdevs = []
    for i, tap in enumerate(taps):
        netdevs += tap_netdev(tap, f"n{i}")
    g = guest(machine="pc", memory=256, qemu=napkin_nic_qemu(), netns=netns,
              append="console=ttyS0", netdevs=netdevs + [
                  "-device", device("yukon", 1, trace) + ",bus=pci.0,addr=0x4",
                  "-device", "e1000,netdev=n1,mac=52:54:00:12:35:01,bus=pci.0,addr=0x8"])
    leases_and_traffic(netns, g, 2)
    gsis = dict(re.findall(r"pci: (00:0[48]\.0) \[0200\] \S+ \S+ irq INTx pin A line \d+ "
                           r"gsi (\d+)", g.output))
    assert len(gsis) == 2 and len(set(gsis.values())) == 1, (gsis, g.log_path)
    skge = ethtool(g, "eth0" if "skge: eth0" in g.output else "eth1")
    assert skge["irq_interrupts"] > 20, skge
    # The e1000's interrupts reached skge's handler too, which said "not mine".
    assert skge["irq_not_ours"] > 0, skge
    irq = g.command("irq", 30)
    line = re.search(rf"^\d+\s+(\d+)\s+\d+\s+(\d+) IO-APIC-level INTx gsi "
                     rf"{next(iter(gsis.values()))}$", irq, re.M)
    assert line and int(line.group(1)) > 40, irq
    assert_no_violations(g, "skge")


def wait_stats(g, ns: NetNS, dev: str, addr: str, done, rounds: int = 20) -> dict[str, int]:
    """Ping in short bursts (losses allowed) until done(ethtool stats of dev) holds."""
    stats: dict[str, int] = {}
    for _ in range(rounds):
        ns.run(["ping", "-c", "5", "-i", "0.2", "-W", "2", "-q", addr], check=False, timeout=30)
        stats = ethtool(g, dev)
        if done(stats):
            return stats
    pytest.fail(f"{dev}: the counters never got there: {stats}; log {g.log_path}")


class Traffic:
    """TCP echoes through one port, one after another, until stopped; each
    checked byte for byte."""

    def __init__(self, ns: NetNS, g, addr: str):
        self.ns, self.g, self.addr = ns, g, addr
        self.stop = threading.Event()
        self.results: list[dict] = []
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self.run)

    def run(self) -> None:
        try:
            for _ in range(200):  # bounded: about 1 s each
                if self.stop.is_set():
                    return
                self.results.append(peer(self.ns, self.g, "tcp-echo", self.addr,
                                         str(256 << 10), timeout=60))
        except BaseException as e:  # noqa: BLE001 - reported by __exit__
            self.error = e

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.stop.set()
        self.thread.join(120)
        assert not self.thread.is_alive(), "the traffic thread never finished"
        assert self.error is None, f"traffic through {self.addr}: {self.error}"


def test_napkin_skge_faults(guest, netns):
    taps = [netns.add_tap(f"tap{i}", f"192.168.{77 + i}.1") for i in range(2)]
    for tap in taps:
        netns.start_dnsmasq(tap)
    trace = LOG_DIR / "skge-napkin-faults.trace"
    netdevs = []
    for i, tap in enumerate(taps):
        netdevs += tap_netdev(tap, f"n{i}")
    g = guest(machine="q35", memory=6144, qemu=napkin_nic_qemu(), netns=netns,
              append="console=ttyS0 dma=high",
              netdevs=netdevs + ["-device", device("yukon", 2, trace)])
    addrs = [g.wait_for(LEASE.format(dev=f"eth{i}"), 120).group(1) for i in range(2)]
    assert "dma=high: device buffers above 4 GiB first" in g.output, g.log_path
    for a in addrs:
        ping(netns, g, a, 5)
    base = [ethtool(g, "eth0"), ethtool(g, "eth1")]
    start = len(g.output)

    with Traffic(netns, g, addrs[0]) as t0:
        # Port 1's cable flaps: down for 1 s, then renegotiated (2 s).
        g.monitor("qom-set nic0 fault link-flap@1=1000")
        g.wait_for(r"eth1: link down", 30, start)
        g.wait_for(r"eth1: link up", 60, start)
        ping(netns, g, addrs[1], 5)
        # Frames with a bad CRC on port 1: dropped, counted by driver and MAC.
        before = ethtool(g, "eth1")
        g.monitor("qom-set nic0 fault rx-errors@1=5")
        after = wait_stats(g, netns, "eth1", addrs[1],
                           lambda st: st["rx_error_frames"] - before["rx_error_frames"] >= 5)
        assert after["rx_error_frames"] - before["rx_error_frames"] == 5, (before, after)
        assert after["mac_rx_fcs_errors"] - before["mac_rx_fcs_errors"] == 5, (before, after)
        ping(netns, g, addrs[1], 5)
    # Port 0 carried traffic all along, untouched by port 1's faults.
    assert t0.results and all(r["hash_match"] for r in t0.results), t0.results
    assert "eth0: link down" not in g.output[start:], g.log_path
    eth0 = ethtool(g, "eth0")
    for name in ("link_changes", "rx_error_frames", "mac_rx_fcs_errors", "tx_timeouts"):
        assert eth0[name] == base[0][name], (name, base[0], eth0)
    eth1 = ethtool(g, "eth1")
    assert eth1["link_changes"] - base[1]["link_changes"] == 2, (base[1], eth1)

    # An interrupt the chip never raises, on the line both ports share. The
    # model keeps it lost until a source it was not raised for turns up (as a
    # level the host missed would). When the lost one is a ping's request,
    # nothing else happens on the line and only the watchdog (1 s) finds the
    # frame: the controller counts the rescue. When napkin's own traffic (a
    # transmit done) was the one lost, the request that follows is new and
    # raises the line at once: nothing to rescue, nothing counted. Either
    # way the ping is answered; three rescues within ten tries, never two
    # counted for one lost interrupt.
    before = ethtool(g, "eth1")
    rescues = 0
    for _ in range(10):
        seen = ethtool(g, "eth1")["irq_lost"]
        g.monitor("qom-set nic0 fault irq-lost=1")
        res = netns.run(["ping", "-c", "1", "-W", "5", "-q", addrs[1]], check=False, timeout=30)
        assert res.returncode == 0, f"{res.stdout}{res.stderr}; log {g.log_path}"
        after = ethtool(g, "eth1")
        assert after["irq_lost"] - seen in (0, 1), (seen, after)
        rescues += after["irq_lost"] - seen
        if rescues == 3:
            break
    assert rescues == 3, (before, after)
    for a in addrs:
        ping(netns, g, a, 10)
    again = ethtool(g, "eth0")
    assert again["irq_interrupts"] > after["irq_interrupts"], (after, again)
    # Parity errors (RAM buffer read, MAC 1's FIFO, port B's receive queue):
    # counted, logged and cleared once each; then a source that never clears
    # is masked once instead of interrupting forever.
    before = ethtool(g, "eth0")
    g.monitor("qom-set nic0 fault hw-error=0x29")
    g.wait_for(r"skge: \S+: hardware error 0x29", 30, start)
    g.monitor("qom-set nic0 fault hw-error-stuck=0x04")
    g.wait_for(r"hardware error 0x04 comes back after every clear", 30, start)
    hw = ethtool(g, "eth0")
    for name in ("hw_err_ram_parity", "hw_err_mac_parity", "hw_err_rx_parity"):
        assert hw[name] - before[name] >= 1, (name, before, hw)
    assert hw["hw_err_masked"] - before["hw_err_masked"] == 1, (before, hw)
    for a in addrs:
        assert peer(netns, g, "tcp-echo", a, str(1 << 20))["hash_match"]
    assert_no_violations(g, "skge")
