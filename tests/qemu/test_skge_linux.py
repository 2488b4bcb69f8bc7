# SPDX-License-Identifier: BSD-2-Clause
"""Linux's own skge driver on napkin's Genesis/Yukon model (QEMU device napkin-skge).

Linux's skge has driven SysKonnect and Marvell boards for twenty years: what
it does, the silicon accepts. Each variant of the model (Yukon with its GMAC,
Genesis with its XMAC II and BCM5400 PHY, one port or two behind one INTx
line) boots the Linux guest (Debian's kernel and its skge.ko,
bench/linux-guest) with strict=on, so the first rule Linux breaks stops QEMU
and fails the test with the model's `napkin-skge: violation:` line. Then the
driver must bind, see the link, answer ping and carry a TCP stream both ways
byte for byte on every port (on one-port boards again after ifdown and
ifup, which run the driver's stop path).

The last test puts the chip on the same interrupt line as an e1000, checks
from /proc/interrupts that Linux sees one IRQ with both drivers on it, and
runs traffic through both: each handler then meets interrupts that are not
its own, and must say so.
"""
from __future__ import annotations

import re
import sys
import threading
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from napkin_qemu import LOG_DIR  # noqa: E402
from netns import NetNS, require_netns  # noqa: E402
from qdev_guest import (assert_no_violations, boot_linux, check_ping, check_port,  # noqa: E402
                        shell, tap_netdev, tcp_echo, wait_carrier)

ECHO_BYTES = 1 << 20
# (chip, ports): every variant the model has. Genesis boards also differ by
# their BCM5400's revision (genesis is a C0): A1 and C5 have errata of their
# own, which the model checks (tests/hosted/models/README.md).
VARIANTS = [("yukon", 1), ("yukon", 2), ("genesis", 1), ("genesis", 2), ("genesis-a1", 1),
            ("genesis-c5", 1)]
# What Linux's skge calls each chip in its probe line ("chip Yukon rev 0x1").
LINUX_NAMES = {"yukon": "Yukon", "genesis": "Genesis"}
PORT_MACS = ["52:54:00:12:34:56", "52:54:00:12:34:57"]


def skge_device(chip: str, ports: int, trace: Path, extra: str = "") -> str:
    dev = f"napkin-skge,id=nic0,netdev=n0,chip={chip},ports={ports},strict=on,trace={trace}"
    dev += f",mac={PORT_MACS[0]}"
    if ports == 2:
        dev += f",netdev1=n1,mac1={PORT_MACS[1]}"
    return dev + extra


@pytest.fixture
def netns():
    require_netns()
    with NetNS("skgelx") as ns:
        yield ns


@pytest.mark.parametrize("chip,ports", VARIANTS,
                         ids=[f"{c}-{p}port" for c, p in VARIANTS])
def test_linux_skge_drives_the_model(guest, netns, chip, ports):
    taps = [netns.add_tap(f"tap{i}", f"192.168.{77 + i}.1", ipv6=False) for i in range(ports)]
    trace = LOG_DIR / f"skge-linux-{chip}-{ports}port.trace"
    netdevs = []
    for i, tap in enumerate(taps):
        netdevs += tap_netdev(tap, f"n{i}")
    append = "bench.ip=192.168.77.2/24" + (" bench.ip1=192.168.78.2/24" if ports == 2 else "")
    g = boot_linux(guest, netns, [skge_device(chip, ports, trace)], netdevs, append)
    dmesg = shell(g, "dmesg | grep -i skge")
    assert re.search(rf"chip {LINUX_NAMES[chip.split('-')[0]]}\b", dmesg), dmesg
    for i in range(ports):
        assert re.search(rf"eth{i}: addr {PORT_MACS[i]}", dmesg), dmesg
    for i in range(ports):
        check_port(g, netns, f"eth{i}", f"192.168.{77 + i}.2")
    if ports == 1:
        # ifdown stops the MAC (yukon_stop/genesis_stop) and ifup brings it up again.
        shell(g, "ip link set eth0 down && sleep 1 && ip link set eth0 up")
        check_port(g, netns, "eth0", "192.168.77.2")
    assert_no_violations(g, "skge")


def test_linux_skge_clears_hardware_errors(guest, netns):
    """The model's hardware-error sources clear where Linux's skge clears
    them: a RAM buffer read parity error and MAC 1's FIFO parity, raised
    once, are each reported once (a clear the model did not take would
    interrupt again and again), with no rule broken and traffic going on."""
    tap = netns.add_tap("tap0", "192.168.77.1", ipv6=False)
    trace = LOG_DIR / "skge-linux-hw-errors.trace"
    g = boot_linux(guest, netns, [skge_device("yukon", 1, trace)], tap_netdev(tap, "n0"),
                   "bench.ip=192.168.77.2/24")
    check_port(g, netns, "eth0", "192.168.77.2")
    g.monitor("qom-set nic0 fault hw-error=0x28")
    check_port(g, netns, "eth0", "192.168.77.2")
    out = shell(g, "echo ram=$(dmesg | grep -c 'Ram read data parity error') "
                   "mac=$(cat /sys/class/net/eth0/statistics/tx_heartbeat_errors)")
    # Linux counts a MAC parity error as a heartbeat error (skge_mac_parity).
    assert re.search(r"^ram=1 mac=1\s*$", out, re.M), out
    assert_no_violations(g, "skge")


def guest_ifname(g, bdf: str) -> str:
    """The interface Linux made for the PCI function at 0000:<bdf>."""
    out = shell(g, f"echo ifname=$(ls /sys/bus/pci/devices/0000:{bdf}/net)")
    m = re.search(r"^ifname=(eth\d+)\s*$", out, re.M)
    assert m, f"no interface for {bdf}: {out!r}"
    return m.group(1)


def irq_lines(g) -> list[str]:
    out = shell(g, "cat /proc/interrupts")
    return [line for line in out.splitlines() if re.match(r"\s*\d+:", line)]


def irq_count(line: str) -> int:
    return sum(int(f) for f in line.split(":", 1)[1].split() if f.isdigit())


def test_linux_skge_shares_intx_with_e1000(guest, netns):
    """napkin-skge and an e1000 on one interrupt line (i440fx: slots 4 and 8
    both swizzle INTA to PIRQ A), both carrying traffic at once. Each handler
    is then called for the other's interrupts and must say "not mine" (skge:
    B0_SP_ISRC reads 0); a wrong answer either way shows as Linux disabling
    the line ("nobody cared") or as a stalled transfer."""
    skge_tap = netns.add_tap("tap0", "192.168.77.1", ipv6=False)
    e1000_tap = netns.add_tap("tap1", "192.168.78.1", ipv6=False)
    trace = LOG_DIR / "skge-linux-shared-intx.trace"
    devices = [skge_device("yukon", 1, trace, ",bus=pci.0,addr=0x4"),
               "e1000,id=nic1,netdev=n1,mac=52:54:00:12:35:01,bus=pci.0,addr=0x8"]
    g = boot_linux(guest, netns, devices,
                   tap_netdev(skge_tap, "n0") + tap_netdev(e1000_tap, "n1"), "", machine="pc")
    skge_if, e1000_if = guest_ifname(g, "00:04.0"), guest_ifname(g, "00:08.0")
    assert skge_if != e1000_if
    for ifname, addr in ((skge_if, "192.168.77.2/24"), (e1000_if, "192.168.78.2/24")):
        shell(g, f"ip addr add {addr} dev {ifname} && ip link set {ifname} up")
    # One line, both drivers on it (each names its handler after its interface).
    shared = [line for line in irq_lines(g)
              if re.search(rf"\b{skge_if}\b", line) and re.search(rf"\b{e1000_if}\b", line)]
    assert len(shared) == 1, "not one line for both:\n" + "\n".join(irq_lines(g))
    irq = shared[0].split(":", 1)[0].strip()
    before = irq_count(shared[0])

    wait_carrier(g, skge_if)
    wait_carrier(g, e1000_if)
    check_ping(netns, skge_if, "192.168.77.2")
    check_ping(netns, e1000_if, "192.168.78.2")
    errors: list[str] = []

    def run(ifname: str, addr: str) -> None:
        err = tcp_echo(netns, ifname, addr, ECHO_BYTES)
        if err:
            errors.append(err)

    streams = [threading.Thread(target=run, args=(skge_if, "192.168.77.2")),
               threading.Thread(target=run, args=(e1000_if, "192.168.78.2"))]
    for t in streams:
        t.start()
    for t in streams:
        t.join(timeout=200)
    assert not any(t.is_alive() for t in streams), "a TCP echo never finished"
    assert not errors, "\n".join(errors)

    after = [line for line in irq_lines(g) if line.split(":", 1)[0].strip() == irq]
    assert after and irq_count(after[0]) > before, f"IRQ {irq} never fired: {after}"
    dmesg = shell(g, "dmesg | grep -i -e 'nobody cared' -e 'disabling irq' || echo clean")
    assert "clean" in dmesg and "nobody cared" not in dmesg, dmesg
    assert_no_violations(g, "skge")
