# SPDX-License-Identifier: BSD-2-Clause
"""napkin in a 32 MiB machine (-m 32): it boots, takes a static address and
serves ping, UDP echo, a TCP echo compared byte for byte and an iperf2 client,
on virtio-net and on e1000, without one failed allocation. The `mem` figures
at rest and after the traffic (high-water marks) are printed for
docs/PERFORMANCE.md ("Memory in 32 MiB").
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
MEMORY_MIB = 32
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


@pytest.mark.parametrize("nic", list(NICS))
def test_serves_in_32_mib(nic):
    require_netns()
    device, symbol = NICS[nic]
    assert elf_has(symbol), f"no driver for {device} in this build"
    with NetNS(prefix="mem32") as ns:
        tap = ns.add_tap(addr4=GATEWAY)
        append = (f"console=ttyS0 ip={ADDR}::{GATEWAY}:255.255.255.0:napkin:eth0:off "
                  "ipv6.disable=1")
        with Guest(f"mem32-{nic}", netns=ns, memory=MEMORY_MIB,
                   netdevs=tap.qemu_args(device), append=append) as g:
            g.wait_ready(120)
            g.wait_for(rf"eth0: static address {re.escape(ADDR)}/24", 60)
            m = g.wait_for(r"mem: (\d+) KiB usable", 5, 0)
            assert int(m.group(1)) <= MEMORY_MIB * 1024, m.group(0)
            rest = mem_figures(g.command("mem", 30))
            assert rest["pages_total_kib"] <= MEMORY_MIB * 1024, rest

            res = ns.run(["ping", "-n", "-c", "20", "-i", "0.05", "-W", "2", "-q", ADDR],
                         check=False, timeout=60)
            assert " 20 received" in res.stdout, f"{res.stdout}\nlog: {g.log_path}"
            res = ns.run(["python3", PEER, "udp-echo", ADDR, "0", "64", "1472", "8000",
                          "65507"], check=False, timeout=120)
            assert json.loads(res.stdout.strip().splitlines()[-1])["ok"], res.stdout
            size = 4 * 1024 * 1024
            res = ns.run(["python3", PEER, "tcp-echo", ADDR, str(size)], check=False,
                         timeout=180)
            echo = json.loads(res.stdout.strip().splitlines()[-1])
            assert echo["ok"] and echo["received"] == size and echo["hash_match"], echo
            start = len(g.output)
            res = ns.run(["iperf", "-c", ADDR, "-t", "2", "-y", "C"], check=False, timeout=60)
            assert res.returncode == 0, res.stdout + res.stderr
            sent = int(res.stdout.strip().splitlines()[-1].split(",")[7])
            m = g.wait_for(r"iperf: \S+ port \d+: (.*), (\d+) bytes in", 15, start)
            # Every byte the client sent but its settings header (as test_net checks).
            assert m.group(1) == "done" and 0 <= sent - int(m.group(2)) <= 128, \
                (m.group(0), sent)

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
            print(f"mem32 {nic}: at rest {json.dumps(rest)}; after traffic {json.dumps(peak)}"
                  f"; iperf {int(res.stdout.strip().split(',')[-1]) / 1e6:.0f} Mbit/s"
                  f"{'; ' + ring.group(1) if ring else ''}")
