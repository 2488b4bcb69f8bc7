# SPDX-License-Identifier: BSD-2-Clause
"""The benchmark's poll-mode peer: dpdk-testpmd in the Linux guest on virtio-net.

bench/netbench.py's `dpdk` guest (issue #34) is Debian's kernel with
uio_pci_generic and Debian's dpdk-testpmd driving the NIC from user space
(bench/linux-guest/build-dpdk.sh, init-dpdk). This boots it as the benchmark
does and checks that the anchor still answers: testpmd must probe the
virtio-net function through uio_pci_generic, answer ping in icmpecho
forwarding, then after `set fwd 5tswap` send every UDP datagram back from
port 7 byte for byte, with its port counters agreeing. If the DPDK initramfs
is missing it is built here, and a build that fails fails the test with the
script's own message. About 30 s.
"""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from napkin_qemu import BUILD, ROOT, linux_guest_files  # noqa: E402
from netns import NetNS, require_netns  # noqa: E402

PEER = Path(__file__).resolve().parent / "net_peer.py"
DPDK_INITRD = BUILD / "linux-guest" / "initramfs-dpdk.cpio.gz"
GUEST_IP = "192.168.81.2"
MAC = "52:54:00:12:34:56"
PROMPT = r"testpmd> "


def dpdk_initrd() -> Path:
    if not DPDK_INITRD.exists():
        res = subprocess.run(["bash", str(ROOT / "bench" / "linux-guest" / "build-dpdk.sh")],
                             capture_output=True, text=True, timeout=900)
        if res.returncode != 0:
            raise AssertionError("the DPDK initramfs did not build (`make linux-guest-dpdk`):\n"
                                 + (res.stdout + res.stderr)[-3000:])
    return DPDK_INITRD


@pytest.fixture
def netns():
    require_netns()
    with NetNS("dpdk") as ns:
        yield ns


def port_stats(g) -> tuple[int, int]:
    out = g.command("show port stats 0", timeout=20, prompt=PROMPT)
    rx = re.search(r"RX-packets:\s*(\d+)", out)
    tx = re.search(r"TX-packets:\s*(\d+)", out)
    assert rx and tx, f"testpmd's port stats not understood: {out!r}"
    return int(rx.group(1)), int(tx.group(1))


def test_testpmd_answers_ping_and_udp_on_virtio(guest, netns):
    kernel, _ = linux_guest_files()
    initrd = dpdk_initrd()
    tap = netns.add_tap("tap0", "192.168.81.1", ipv6=False)
    g = guest(kernel_image=kernel, initrd=initrd, machine="pc", memory=512, netns=netns,
              extra=["-smp", "2"],
              netdevs=tap.qemu_args("virtio-net-pci", device_opts=f"mac={MAC}"),
              append="console=ttyS0 quiet ipv6.disable=1 rdinit=/init-dpdk "
                     "bench.dpdk=icmpecho bench.hugepages=64")
    start = g.wait_for(r"dpdk-guest: testpmd on (\S+) \(1af4 1000\) via uio_pci_generic, "
                       r"fwd icmpecho, 64 hugepages", 120).end()
    g.wait_for(r"Probe PCI driver: net_virtio", 60, start)
    g.wait_for(rf"Port 0: {MAC.upper()}", 60, start)
    g.wait_for(r"Start automatic packet forwarding", 60, start)
    g.wait_for(PROMPT, 30, start)

    # icmpecho answers ARP itself: no neighbour entry is pinned for ping.
    ping = netns.run(["ping", "-n", "-c", "10", "-i", "0.1", "-W", "3", GUEST_IP], check=False)
    assert ping.returncode == 0 and " 0% packet loss" in ping.stdout, \
        f"testpmd (icmpecho) did not answer ping:\n{ping.stdout}{ping.stderr}"
    rx0, tx0 = port_stats(g)
    assert rx0 >= 10 and tx0 >= 10, (rx0, tx0)

    g.command("stop", timeout=20, prompt=PROMPT)
    out = g.command("set fwd 5tswap", timeout=20, prompt=PROMPT)
    assert "Set 5tswap packet forwarding mode" in out, out
    g.command("start", timeout=20, prompt=PROMPT)

    sizes = ["18", "64", "512", "1472"]
    res = netns.run([sys.executable, str(PEER), "udp-echo", GUEST_IP, *sizes], check=False,
                    timeout=60)
    assert res.returncode == 0, f"5tswap UDP echo: {res.stdout}{res.stderr}"
    rr = netns.run([sys.executable, str(PEER), "udp-rr", GUEST_IP, "500"], check=False,
                   timeout=60)
    report = json.loads(rr.stdout or "{}")
    assert rr.returncode == 0 and report.get("answered") == 500, \
        f"5tswap request/response from port 7: {rr.stdout}{rr.stderr}"
    rx1, tx1 = port_stats(g)
    # Every datagram answered came in and went out through the polled port.
    assert rx1 - rx0 >= 500 + len(sizes), (rx0, rx1)
    assert tx1 - tx0 >= 500 + len(sizes), (tx0, tx1)
