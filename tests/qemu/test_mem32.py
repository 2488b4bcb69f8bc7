# SPDX-License-Identifier: BSD-2-Clause
"""napkin in small machines: in 32 MiB (-m 32, -kernel, a static address) and
in 8 MiB booted from the ISO through GRUB (its default entry, DHCP), it serves
ping, UDP echo, a TCP echo compared byte for byte, an iperf2 client and the
status page, on virtio-net and on e1000, without one failed allocation. The
`mem` figures at rest and after the traffic (high-water marks) are printed for
docs/PERFORMANCE.md ("Memory in small machines").
"""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from napkin_qemu import BUILD, Guest  # noqa: E402
from netns import NetNS, require_netns  # noqa: E402

PEER = str(Path(__file__).resolve().parent / "net_peer.py")
ADDR = "192.168.79.2"
GATEWAY = "192.168.79.1"
NICS = {"virtio": ("virtio-net-pci", "vnet_driver"), "e1000": ("e1000", "e1000_driver")}


def elf_has(symbol: str) -> bool:
    out = subprocess.run(["nm", str(BUILD / "napkin.elf")], capture_output=True, text=True,
                         check=True).stdout
    return any(line.split()[-1] == symbol for line in out.splitlines() if line.strip())


def mem_figures(out: str) -> dict[str, int]:
    """The numbers of `mem` this test checks and reports, in bytes or counts."""
    pats = {
        "pages_total_kib": r"pages: (\d+) KiB total",
        "pages_used_kib": r"KiB free, (\d+) KiB used",
        "pages_peak_kib": r"KiB used \(high-water (\d+) KiB\)",
        "pages_failed": r"page allocator: .*, (\d+) failed",
        "heap_used": r"heap: (\d+) bytes in use",
        "heap_peak": r"heap: \d+ bytes in use \(high-water (\d+)\)",
        "heap_failed": r"heap: .*, (\d+) failed",
        "lwip_used": r"lwIP heap: (\d+) bytes used",
        "lwip_peak": r"lwIP heap: \d+ bytes used \(high-water (\d+)\)",
        "lwip_budget": r"lwIP heap: .* of (\d+) budget",
        "lwip_over_budget": r"budget, (\d+) over budget",
        "lwip_no_memory": r"over budget, (\d+) no memory",
    }
    found = {}
    for key, pat in pats.items():
        m = re.search(pat, out)
        assert m, f"`mem` has no {key} (/{pat}/):\n{out}"
        found[key] = int(m.group(1))
    found["pool_failures"] = sum(int(x) for x in re.findall(r"lwIP pool .*, (\d+) failures",
                                                            out))
    return found


def serve_and_measure(g: Guest, ns: NetNS, addr: str, memory_mib: int, label: str) -> None:
    """The traffic, and `mem` before and after it: nothing ran short, memory came back."""
    m = g.wait_for(r"mem: (\d+) KiB usable", 5, 0)
    assert int(m.group(1)) <= memory_mib * 1024, m.group(0)
    rest = mem_figures(g.command("mem", 30))
    assert rest["pages_total_kib"] <= memory_mib * 1024, rest

    res = ns.run(["ping", "-n", "-c", "20", "-i", "0.05", "-W", "2", "-q", addr],
                 check=False, timeout=60)
    assert " 20 received" in res.stdout, f"{res.stdout}\nlog: {g.log_path}"
    res = ns.run(["python3", PEER, "udp-echo", addr, "0", "64", "1472", "8000", "65507"],
                 check=False, timeout=120)
    assert json.loads(res.stdout.strip().splitlines()[-1])["ok"], res.stdout
    size = 4 * 1024 * 1024
    res = ns.run(["python3", PEER, "tcp-echo", addr, str(size)], check=False, timeout=180)
    echo = json.loads(res.stdout.strip().splitlines()[-1])
    assert echo["ok"] and echo["received"] == size and echo["hash_match"], echo
    start = len(g.output)
    res = ns.run(["iperf", "-c", addr, "-t", "2", "-y", "C"], check=False, timeout=60)
    assert res.returncode == 0, res.stdout + res.stderr
    sent = int(res.stdout.strip().splitlines()[-1].split(",")[7])
    m = g.wait_for(r"iperf: \S+ port \d+: (.*), (\d+) bytes in", 15, start)
    # Every byte the client sent but its settings header (as test_net checks).
    assert m.group(1) == "done" and 0 <= sent - int(m.group(2)) <= 128, (m.group(0), sent)
    iperf_mbit = int(res.stdout.strip().split(",")[-1]) / 1e6
    res = ns.run(["python3", "-c", PAGE_FETCH, addr], check=False, timeout=30)
    assert res.returncode == 0 and "napkin" in res.stdout, res.stdout + res.stderr

    peak = mem_figures(g.command("mem", 30))
    # Nothing ran short: every allocation the traffic asked for was granted.
    for key in ("pages_failed", "heap_failed", "lwip_over_budget", "lwip_no_memory",
                "pool_failures"):
        assert peak[key] == 0, (key, peak)
    # The traffic used memory (the figures are live) and gave it back.
    assert peak["lwip_peak"] > rest["lwip_peak"], (rest, peak)
    assert peak["pages_peak_kib"] < peak["pages_total_kib"], peak
    assert peak["lwip_used"] < peak["lwip_peak"], peak
    ring = re.search(r"(ring \d+/\d+|rings rx \d+ tx \d+[^\n]*)", g.output)
    print(f"{label}: at rest {json.dumps(rest)}; after traffic {json.dumps(peak)}"
          f"; iperf {iperf_mbit:.0f} Mbit/s{'; ' + ring.group(1) if ring else ''}")


# The status page over HTTP/1.0 from the namespace: its title names napkin.
PAGE_FETCH = ("import sys, urllib.request\n"
              "print(urllib.request.urlopen(f'http://{sys.argv[1]}/', timeout=10)"
              ".read().decode())\n")


@pytest.mark.parametrize("nic", list(NICS))
def test_serves_in_32_mib(nic):
    require_netns()
    device, symbol = NICS[nic]
    assert elf_has(symbol), f"no driver for {device} in this build"
    with NetNS(prefix="mem32") as ns:
        tap = ns.add_tap(addr4=GATEWAY)
        append = (f"console=ttyS0 ip={ADDR}::{GATEWAY}:255.255.255.0:napkin:eth0:off "
                  "ipv6.disable=1")
        with Guest(f"mem32-{nic}", netns=ns, memory=32,
                   netdevs=tap.qemu_args(device), append=append) as g:
            g.wait_ready(120)
            g.wait_for(rf"eth0: static address {re.escape(ADDR)}/24", 60)
            serve_and_measure(g, ns, ADDR, 32, f"mem32 {nic}")


@pytest.mark.parametrize("nic", list(NICS))
def test_iso_serves_in_8_mib(nic):
    """The ISO's default entry, as a user boots it: GRUB must find room for the
    image (its debug sections stay out of the ISO, adapters are allocated per
    device), then napkin takes a DHCP lease and serves."""
    require_netns()
    device, _ = NICS[nic]
    with NetNS(prefix="mem8") as ns:
        tap = ns.add_tap(addr4=GATEWAY)
        ns.start_dnsmasq(tap, ra=False)
        with Guest(f"mem8-{nic}", netns=ns, memory=8, iso=True,
                   netdevs=tap.qemu_args(device)) as g:
            g.wait_ready(180)
            assert "out of memory" not in g.output, g.log_path
            m = g.wait_for(r"eth0: DHCP lease (\d+\.\d+\.\d+\.\d+)", 60)
            serve_and_measure(g, ns, m.group(1), 8, f"mem8 iso {nic}")
