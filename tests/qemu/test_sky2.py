# SPDX-License-Identifier: BSD-2-Clause
"""napkin's sky2 driver in a whole machine, on napkin's Yukon-2 model as the
QEMU device napkin-sky2 (tests/qdev/), the same model Linux's own sky2 drives
with zero violations in test_sky2_linux.py.

Everything between the driver and the model is real here: PCI config cycles
through ECAM, a 64-bit BAR, MSI through the LAPIC or INTx through the IOAPIC
and ACPI's _PRT, DMA into guest RAM above 4 GiB (dma=high, -m 6G), lwIP above,
dnsmasq, ping and net_peer.py in the test's own network namespace. The model
runs strict=on: the first rule napkin's driver breaks stops QEMU with the
model's `napkin-sky2: violation:` line and fails the test.

  per chip     xl, ec-ultra, ec, fe-plus, optima: DHCP, ping, UDP echo, TCP
               echo byte for byte, 64-bit DMA seen in the model's trace;
               checksum offload used both ways (receive: not on the XL nor
               FE+ A0)
  dual port    one XL, two ports on two taps, one NAPI instance for both
               (the shared status ring), TCP echo on both at once
  INTx         sky2.irq=intx: the IOAPIC path
  ISO          GRUB's ISO under SeaBIOS and under OVMF on a dual-port XL:
               both ports at once (echo, iperf) through one NAPI instance
  faults       link loss (QEMU's set_link), lost interrupts and CRC errors
               injected into the model: napkin recovers and counts each one
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

NAMES = {"xl": "XL", "ec-ultra": "EC Ultra", "ec": "EC", "fe-plus": "FE+", "optima": "Optima"}
UDP_SIZES = [0, 1, 18, 64, 512, 1472, 1473, 2953, 8000, 65507]
ECHO_BYTES = 4 << 20
MAC0 = "52:54:00:12:34:56"
MAC1 = "52:54:00:12:34:57"
# Status list element address (STAT_LIST_ADDR_LO/HI) in the model's trace.
TRACE_STATUS_HI = re.compile(r"^\d+ w32 0 0xe8c (0x[0-9a-f]+|\d+)$", re.M)
LEASE = r"{dev}: DHCP lease (\d+\.\d+\.\d+\.\d+)/\d+"


def device(chip: str, trace: Path, ports: int = 1, extra: str = "") -> str:
    dev = f"napkin-sky2,id=nic0,netdev=n0,chip={chip},mac={MAC0},strict=on,trace={trace}"
    if ports == 2:
        dev += f",ports=2,netdev1=n1,mac1={MAC1}"
    return dev + ("," + extra if extra else "")


def boot(guest, ns: NetNS, dev: str, taps: list, append: str = "",
         memory: int = 6144, iso: bool = False, uefi: bool = False):
    netdevs = []
    for i, tap in enumerate(taps):
        netdevs += tap_netdev(tap, f"n{i}")
    return guest(machine="q35", memory=memory, qemu=napkin_nic_qemu(), netns=ns,
                 append=f"console=ttyS0 dma=high {append}", iso=iso, uefi=uefi,
                 netdevs=netdevs + ["-device", dev])


def wait_stats(g, ns: NetNS, addr: str, done, rounds: int = 15) -> dict[str, int]:
    """Ping in short bursts (losses allowed) until done(ethtool stats) holds."""
    for _ in range(rounds):
        ns.run(["ping", "-c", "5", "-i", "0.1", "-W", "2", "-q", addr], check=False, timeout=30)
        stats = ethtool(g)
        if done(stats):
            return stats
    pytest.fail(f"the counters never got there: {stats}; log {g.log_path}")


def assert_dma_above_4g(trace: Path) -> None:
    """dma=high put the status list above 4 GiB: the driver wrote a high half."""
    highs = [int(v, 0) for v in TRACE_STATUS_HI.findall(trace.read_text())]
    assert highs and all(h != 0 for h in highs), f"status list high halves {highs} in {trace}"


@pytest.fixture
def netns():
    require_netns()
    with NetNS("sky2nk") as ns:
        yield ns


@pytest.mark.parametrize("chip", list(NAMES))
def test_napkin_sky2_on_the_model(guest, netns, chip):
    tap = netns.add_tap("tap0", "192.168.77.1")
    netns.start_dnsmasq(tap)
    trace = LOG_DIR / f"sky2-napkin-{chip}.trace"
    g = boot(guest, netns, device(chip, trace), [tap])
    addr = g.wait_for(LEASE.format(dev="eth0"), 90).group(1)
    assert re.search(rf"sky2: 00:\S+: Yukon-2 {re.escape(NAMES[chip])} rev", g.output), \
        g.log_path
    assert "eth0: up on Yukon-2" in g.output and "MSI interrupts" in g.output, g.log_path
    ping(netns, g, addr)
    peer(netns, g, "udp-echo", addr, *map(str, UDP_SIZES))
    res = peer(netns, g, "tcp-echo", addr, str(ECHO_BYTES))
    assert res["received"] == ECHO_BYTES and res["hash_match"], res
    stats = ethtool(g)
    # Every frame the model delivered was taken; none was refused or cut.
    for name in ("rx_error_frames", "rx_truncated", "rx_bad_length", "tx_bad_index",
                 "ctl_status_bad_port", "ctl_status_unknown_op", "ctl_hw_errors"):
        assert stats[name] == 0, (name, stats)
    # 4 MiB each way is at least 2,900 full-sized frames.
    full_frames = ECHO_BYTES // 1500
    assert stats["rx_frames"] > full_frames and stats["tx_frames"] > full_frames, stats
    # Checksum offload both ways: the TCP echo's segments went out with the
    # chip's checksum (the peer checked them), and came in with its verdict
    # (not on the XL, as Linux and FreeBSD; the model's default FE+ is an A0,
    # which gets none either).
    assert stats["tx_csum_hw"] > full_frames, stats
    if chip in ("xl", "fe-plus"):
        assert stats["rx_csum_ok"] == 0, stats
    else:
        assert stats["rx_csum_ok"] > full_frames, stats
    for name in ("rx_csum_bad", "rx_csum_mismatch", "tx_csum_bad_offset"):
        assert stats[name] == 0, (name, stats)
    assert_dma_above_4g(trace)
    assert_no_violations(g, "sky2")


def test_napkin_sky2_dual_port_one_napi(guest, netns):
    taps = [netns.add_tap("tap0", "192.168.77.1"), netns.add_tap("tap1", "192.168.78.1")]
    for tap in taps:
        netns.start_dnsmasq(tap)
    trace = LOG_DIR / "sky2-napkin-xl-dual.trace"
    g = boot(guest, netns, device("xl", trace, ports=2), taps)
    addrs = [g.wait_for(LEASE.format(dev=f"eth{i}"), 90).group(1) for i in range(2)]
    assert addrs[0].startswith("192.168.77.") and addrs[1].startswith("192.168.78."), addrs
    # Both ports report through one status ring: one NAPI instance serves both.
    napi = g.command("napi", 30)
    rows = [line.split() for line in napi.splitlines() if line.startswith("sky2")]
    assert len(rows) == 1, napi
    results: list[dict] = []

    def echo(addr: str) -> None:
        results.append(peer(netns, g, "tcp-echo", addr, str(ECHO_BYTES)))

    threads = [threading.Thread(target=echo, args=(a,)) for a in addrs]
    for t in threads:
        t.start()
    for t in threads:
        t.join(240)
    assert len(results) == 2 and all(r["hash_match"] for r in results), results
    for dev in ("eth0", "eth1"):
        stats = ethtool(g, dev)
        assert stats["rx_frames"] > 2000 and stats["tx_frames"] > 2000, (dev, stats)
    napi = g.command("napi", 30)
    # instance (with its ports in parentheses), dev, weight, state, polls, packets
    m = re.search(r"^sky2-\S+ \(eth0,eth1\)\s+\S+\s+\d+\s+\S+\s+(\d+)\s+(\d+)", napi, re.M)
    assert m and int(m.group(2)) > 5000, napi  # both ports' frames through the one poll
    assert_no_violations(g, "sky2")


def test_napkin_sky2_intx(guest, netns):
    tap = netns.add_tap("tap0", "192.168.77.1")
    netns.start_dnsmasq(tap)
    trace = LOG_DIR / "sky2-napkin-intx.trace"
    g = boot(guest, netns, device("ec-ultra", trace), [tap],
             append="sky2.irq=intx", memory=256)
    addr = g.wait_for(LEASE.format(dev="eth0"), 90).group(1)
    gsi = re.search(r"INTx pin A -> GSI (\d+) .* via _PRT", g.output)
    assert gsi, g.log_path
    assert "INTx interrupts" in g.output, g.log_path
    ping(netns, g, addr)
    res = peer(netns, g, "tcp-echo", addr, str(ECHO_BYTES))
    assert res["hash_match"], res
    irq = g.command("irq", 30)
    line = re.search(rf"^\d+\s+(\d+)\s+\d+\s+\d+ IO-APIC-level INTx gsi {gsi.group(1)}$",
                     irq, re.M)
    assert line and int(line.group(1)) > 10, irq
    assert ethtool(g)["ctl_interrupts"] > 10
    assert_no_violations(g, "sky2")


def iperf_both(ns: NetNS, g, addrs: list[str], seconds: int = 3) -> list[int]:
    """iperf2 clients to napkin's iperf service on each address at once; bytes each moved."""
    procs = [ns.popen(["iperf", "-c", a, "-t", str(seconds), "-y", "C"], text=True)
             for a in addrs]
    moved = []
    for p, a in zip(procs, addrs):
        out, _ = p.communicate(timeout=60 + seconds)
        lines = [line for line in out.strip().splitlines() if line.count(",") >= 8]
        assert p.returncode == 0 and lines, f"iperf to {a}: rc {p.returncode} {out!r}; " \
            f"log {g.log_path}"
        moved.append(int(lines[-1].split(",")[7]))
    return moved


@pytest.mark.parametrize("firmware", ["seabios", "ovmf"])
def test_napkin_sky2_from_the_iso(guest, netns, firmware):
    """GRUB's ISO, as a user boots it, on a dual-port XL: both ports, one NAPI."""
    taps = [netns.add_tap("tap0", "192.168.77.1"), netns.add_tap("tap1", "192.168.78.1")]
    for tap in taps:
        netns.start_dnsmasq(tap)
    trace = LOG_DIR / f"sky2-napkin-iso-{firmware}.trace"
    g = boot(guest, netns, device("xl", trace, ports=2), taps, memory=512, iso=True,
             uefi=firmware == "ovmf")
    addrs = [g.wait_for(LEASE.format(dev=f"eth{i}"), 240).group(1) for i in range(2)]
    assert ("firmware: UEFI" if firmware == "ovmf" else "firmware: BIOS") in g.output
    assert not g.firmware_stalls(), g.firmware_stalls()
    assert "MSI interrupts shared through sky2-" in g.output, g.log_path
    for a in addrs:
        ping(netns, g, a, 10)
        peer(netns, g, "udp-echo", a, *map(str, UDP_SIZES))
        assert peer(netns, g, "tcp-echo", a, str(1 << 20))["hash_match"]
    before = g.command("napi", 30)
    moved = iperf_both(netns, g, addrs)
    assert all(m > 1 << 20 for m in moved), moved
    napi = g.command("napi", 30)
    rows = [line for line in napi.splitlines() if line.startswith("sky2-")]
    assert len(rows) == 1 and "(eth0,eth1)" in rows[0], f"{before}\n{napi}"
    assert_no_violations(g, "sky2")


def test_napkin_sky2_faults(guest, netns):
    tap = netns.add_tap("tap0", "192.168.77.1")
    netns.start_dnsmasq(tap)
    trace = LOG_DIR / "sky2-napkin-faults.trace"
    g = boot(guest, netns, device("xl", trace), [tap], memory=512)
    addr = g.wait_for(LEASE.format(dev="eth0"), 90).group(1)
    ping(netns, g, addr, 5)

    # The cable: the model's PHY loses the link and gets it back.
    start = len(g.output)
    g.monitor("set_link n0 off")
    g.wait_for(r"eth0: link down", 30, start)
    g.monitor("set_link n0 on")
    g.wait_for(r"eth0: link up", 30, start)
    ping(netns, g, addr, 5)
    stats = ethtool(g)
    assert stats["link_downs"] >= 1 and stats["link_ups"] >= 2, stats

    # Interrupts the chip never sends: each one costs up to a watchdog period
    # (1 s), the watchdog polls the work it finds and counts the rescue.
    before = ethtool(g)
    g.monitor("qom-set nic0 fault irq-lost=3")
    after = wait_stats(g, netns, addr, lambda st: st["ctl_lost_irqs_caught"] -
                       before["ctl_lost_irqs_caught"] >= 3)
    assert after["ctl_lost_irqs_caught"] - before["ctl_lost_irqs_caught"] == 3, (before, after)
    # Spent, the fault leaves interrupts working as before.
    ping(netns, g, addr, 10)
    again = ethtool(g)
    assert again["ctl_interrupts"] > after["ctl_interrupts"], (after, again)
    assert again["ctl_lost_irqs_caught"] == after["ctl_lost_irqs_caught"], (after, again)

    # Frames with a bad CRC: dropped by the driver, every one counted.
    before = again
    g.monitor("qom-set nic0 fault rx-errors=5")
    # The MAC's own FCS-error counter agrees (the MIB is folded in once a second).
    after = wait_stats(g, netns, addr, lambda st: st["rx_error_frames"] -
                       before["rx_error_frames"] >= 5 and st["mib_rx_fcs_errors"] -
                       before["mib_rx_fcs_errors"] >= 5)
    assert after["rx_error_frames"] - before["rx_error_frames"] == 5, (before, after)
    assert after["mib_rx_fcs_errors"] - before["mib_rx_fcs_errors"] == 5, (before, after)
    # ...and the port carries on.
    ping(netns, g, addr, 5)
    assert_no_violations(g, "sky2")
