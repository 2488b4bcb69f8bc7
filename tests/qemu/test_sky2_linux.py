# SPDX-License-Identifier: BSD-2-Clause
"""Linux's own sky2 driver on napkin's Yukon-2 model (QEMU device napkin-sky2).

Linux's sky2 has run on millions of these chips: what it does, the silicon
accepts. Each variant of the model boots the Linux guest (Debian's kernel and
its sky2.ko, bench/linux-guest) with strict=on, so the first rule Linux breaks
stops QEMU and fails the test with the model's `napkin-sky2: violation:` line.
Then the driver must bind, see the link, answer ping and carry a TCP stream
both ways byte for byte (the peer's data to the guest's echo server and back:
large sends from Linux included). The dual-port XL does it on both ports at
once, each on its own tap.
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

CHIPS = ["xl", "ec-ultra", "ec", "fe-plus", "optima"]
# The model's names in Linux's probe line ("Yukon-2 XL chip revision 0").
LINUX_NAMES = {"xl": "XL", "ec-ultra": "EC Ultra", "ec": "EC", "fe-plus": "FE+",
               "optima": "Optima"}


@pytest.fixture
def netns():
    require_netns()
    with NetNS("sky2lx") as ns:
        yield ns


@pytest.mark.parametrize("chip", CHIPS)
def test_linux_sky2_drives_the_model(guest, netns, chip):
    tap = netns.add_tap("tap0", "192.168.77.1", ipv6=False)
    trace = LOG_DIR / f"sky2-linux-{chip}.trace"
    g = boot_linux(guest, netns,
                   [f"napkin-sky2,id=nic0,netdev=n0,chip={chip},strict=on,trace={trace}"],
                   tap_netdev(tap, "n0"), "bench.ip=192.168.77.2/24")
    dmesg = shell(g, "dmesg | grep -i sky2")
    assert re.search(rf"Yukon-2 {re.escape(LINUX_NAMES[chip])} chip revision", dmesg), dmesg
    assert re.search(r"sky2 \S+ eth0: addr", dmesg), dmesg
    check_port(g, netns, "eth0", "192.168.77.2")
    assert_no_violations(g, "sky2")


def test_linux_sky2_dual_port_xl(guest, netns):
    tap0 = netns.add_tap("tap0", "192.168.77.1", ipv6=False)
    tap1 = netns.add_tap("tap1", "192.168.78.1", ipv6=False)
    trace = LOG_DIR / "sky2-linux-xl-dual.trace"
    g = boot_linux(guest, netns,
                   [f"napkin-sky2,id=nic0,netdev=n0,netdev1=n1,chip=xl,ports=2,strict=on,"
                    f"mac1=52:54:00:12:34:57,trace={trace}"],
                   tap_netdev(tap0, "n0") + tap_netdev(tap1, "n1"),
                   "bench.ip=192.168.77.2/24 bench.ip1=192.168.78.2/24")
    dmesg = shell(g, "dmesg | grep -i sky2")
    assert re.search(r"eth0: addr", dmesg) and re.search(r"eth1: addr", dmesg), dmesg
    check_port(g, netns, "eth0", "192.168.77.2")
    check_port(g, netns, "eth1", "192.168.78.2")
    assert_no_violations(g, "sky2")
