# SPDX-License-Identifier: BSD-2-Clause
"""Linux's own tg3 driver on napkin's BCM57xx model (QEMU device napkin-tg3).

Linux's tg3 has run on millions of these chips: what it does, the silicon
accepts. Each variant of the model (a BCM5719 function with its APE, and the
older BCM5784) boots the Linux guest (Debian's kernel and its tg3.ko,
bench/linux-guest) with strict=on, so the first rule Linux breaks stops QEMU
and fails the test with the model's `napkin-tg3: violation:` line. Then the
driver must probe as on silicon (bootcode handshake, NVRAM arbitration, the
station address the bootcode left, the PHY ID from its configuration, the
part number from the PCI VPD), use
MSI with tagged status, see the link, answer ping and carry a TCP stream both
ways byte for byte. With msi=off the function has no MSI capability and Linux
runs on the INTx line.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from napkin_qemu import LOG_DIR  # noqa: E402
from netns import NetNS, require_netns  # noqa: E402
from qdev_guest import assert_no_violations, boot_linux, check_port, shell, tap_netdev  # noqa: E402

# Chip variant -> what Linux's probe line names (the part number read from the
# model's VPD, rev the chip ID) and its PHY.
CHIPS = {"5719": ("BCM95719", "5719001", "5719C"), "5784": ("BCM95784M", "5784000", "5784")}


@pytest.fixture
def netns():
    require_netns()
    with NetNS("tg3lx") as ns:
        yield ns


@pytest.mark.parametrize("chip", sorted(CHIPS))
def test_linux_tg3_drives_the_model(guest, netns, chip):
    partno, rev, phy = CHIPS[chip]
    tap = netns.add_tap("tap0", "192.168.79.1", ipv6=False)
    trace = LOG_DIR / f"tg3-linux-{chip}.trace"
    g = boot_linux(guest, netns,
                   [f"napkin-tg3,id=nic0,netdev=n0,chip={chip},strict=on,trace={trace}"],
                   tap_netdev(tap, "n0"), "bench.ip=192.168.79.2/24")
    dmesg = shell(g, "dmesg | grep -i tg3")
    # The part number comes from the PCI VPD, which Linux's PCI core reads
    # through the capability (address, wait for the flag, data).
    assert re.search(rf"eth0: Tigon3 \[partno\({partno}\) rev {rev}\]", dmesg), dmesg
    assert re.search(rf"attached PHY is {re.escape(phy)} ", dmesg), dmesg
    # MSI must pass Linux's own delivery test (it falls back to INTx otherwise).
    assert "No interrupt was generated using MSI" not in dmesg, dmesg
    irqs = shell(g, "grep eth0 /proc/interrupts")
    assert "PCI-MSI" in irqs, irqs
    check_port(g, netns, "eth0", "192.168.79.2")
    assert_no_violations(g, "tg3")


def test_linux_tg3_intx_without_msi(guest, netns):
    """msi=off: the function has no MSI capability, Linux takes the INTx line."""
    tap = netns.add_tap("tap0", "192.168.79.1", ipv6=False)
    trace = LOG_DIR / "tg3-linux-5719-intx.trace"
    g = boot_linux(guest, netns,
                   [f"napkin-tg3,id=nic0,netdev=n0,chip=5719,msi=off,strict=on,trace={trace}"],
                   tap_netdev(tap, "n0"), "bench.ip=192.168.79.2/24")
    irqs = shell(g, "grep eth0 /proc/interrupts")
    assert "IO-APIC" in irqs and "PCI-MSI" not in irqs, irqs
    check_port(g, netns, "eth0", "192.168.79.2")
    assert_no_violations(g, "tg3")


def test_linux_tg3_two_functions_one_slot(guest, netns):
    """Two ports of the four-port 5719 as functions 0 and 1 of one slot: Linux
    finds each function's number in the CPMU status, its PHY at address fn + 1
    and its own APE lock bits, and drives both at once."""
    tap0 = netns.add_tap("tap0", "192.168.79.1", ipv6=False)
    tap1 = netns.add_tap("tap1", "192.168.80.1", ipv6=False)
    trace = LOG_DIR / "tg3-linux-5719-fn"
    second = (f"napkin-tg3,id=nic1,netdev=n1,addr=4.1,mac=52:54:00:12:34:57,strict=on,"
              f"trace={trace}1.trace")
    g = boot_linux(guest, netns,
                   [f"napkin-tg3,id=nic0,netdev=n0,addr=4.0,multifunction=on,strict=on,"
                    f"trace={trace}0.trace"],
                   tap_netdev(tap0, "n0") + tap_netdev(tap1, "n1") + ["-device", second],
                   "bench.ip=192.168.79.2/24 bench.ip1=192.168.80.2/24")
    dmesg = shell(g, "dmesg | grep -i tg3")
    assert re.search(r"0000:00:04\.0 eth0: Tigon3", dmesg), dmesg
    assert re.search(r"0000:00:04\.1 eth1: Tigon3", dmesg), dmesg
    check_port(g, netns, "eth0", "192.168.79.2")
    check_port(g, netns, "eth1", "192.168.80.2")
    assert_no_violations(g, "tg3", ("nic0", "nic1"))
