# SPDX-License-Identifier: BSD-2-Clause
"""What napkin gives away on the wire (issue #33, docs/SECURITY.md): TCP
initial sequence numbers an observer cannot predict from earlier ones (RFC
6528), IP IDs that do not count napkin's datagrams globally (RFC 7739), ISNs
that do not repeat after a reboot, the generator's sources in the log, and
Debian's nmap rating all of it the way it rates a modern OS.

One napkin boot on virtio-net with a static address for most tests, two
short boots for the reboot test, one on a CPU without RDRAND; peers are
tests/qemu/seq_peer.py and nmap in the test's namespace. About 10 s under
TCG.
"""
from __future__ import annotations

import json
import math
import re
import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from napkin_qemu import Guest  # noqa: E402
from netns import NetNS, require_netns  # noqa: E402

PEER = str(Path(__file__).resolve().parent / "seq_peer.py")
GUEST_IP = "192.168.77.2"
SECOND_SRC = "192.168.77.3"


def boot(ns: NetNS, tap, name: str) -> Guest:
    append = f"console=ttyS0 ipv6.disable=1 ip={GUEST_IP}::{tap.addr4}:255.255.255.0:napkin:eth0:off"
    g = Guest(name, netns=ns, memory=128, netdevs=tap.qemu_args(), append=append)
    g.wait_ready(90)
    g.wait_for(rf"eth0: static address {re.escape(GUEST_IP)}", 30)
    return g


@pytest.fixture(scope="module")
def napkin():
    require_netns()
    with NetNS("napkin-rnd") as ns:
        tap = ns.add_tap(ipv6=False)
        ns.run(["ip", "addr", "add", f"{SECOND_SRC}/24", "dev", tap.name])
        with boot(ns, tap, "unpredictable") as g:
            yield ns, g, tap


def peer(ns: NetNS, *args: str, timeout: float = 120) -> dict:
    res = ns.run(["python3", PEER, *args], timeout=timeout)
    return json.loads(res.stdout.strip().splitlines()[-1])


def signed32(d: int) -> int:
    d &= 0xFFFFFFFF
    return d - (1 << 32) if d >= 1 << 31 else d


def test_generator_sources_logged(napkin):
    _, g, _ = napkin
    # QEMU's "max" CPU has RDRAND under TCG; RDSEED only on some QEMU versions.
    m = g.wait_for(r"random: boot seed: RDSEED (absent|ok|failed its health check), "
                   r"RDRAND (\w+), TSC jitter 64 samples \((\d+) distinct\)", 1)
    assert m.group(2) == "ok", m.group(0)
    g.wait_for(r"random: timer jitter: (\d+) of 32 interrupts taken", 10)
    out = g.command("random", 30)
    assert "counted as enough: yes (hardware generator)" in out, out
    assert re.search(r"generator: \d+ reseeds, [1-9]\d* bytes out", out), out


def test_isns_unpredictable_from_each_other(napkin):
    """64 connections from one peer, as nmap's sequence test makes them."""
    ns, g, tap = napkin
    res = peer(ns, "isn", tap.name, GUEST_IP, "9", "64")
    print(json.dumps(res))
    assert res["failures"] == 0, res
    isns = [c["isn"] for c in res["conns"]]
    assert len(isns) == 64 and len(set(isns)) == 64, isns
    diffs = [signed32(b - a) for a, b in zip(isns, isns[1:])]
    # lwIP's own counter moved by a small, nearly constant step: here the
    # steps are spread over the 32-bit space, none repeats, and they share
    # no divisor (nmap's GCD).
    assert len(set(diffs)) == len(diffs), diffs
    assert math.gcd(*diffs) == 1, diffs
    small = sum(1 for d in diffs if abs(d) < 1 << 20)
    assert small <= 2, diffs
    # Roughly half go backwards, as random numbers would.
    backwards = sum(1 for d in diffs if d < 0)
    assert 15 <= backwards <= 48, diffs


def test_ip_ids_do_not_count_globally(napkin):
    """Two peers take turns: a global counter would step by one between them."""
    ns, g, tap = napkin
    res = peer(ns, "ipid", tap.name, GUEST_IP, "0", f"{tap.addr4},{SECOND_SRC}", "40")
    print(json.dumps(res))
    assert res["lost"] == 0, res
    ids = [r["ipid"] for r in res["replies"]]
    steps = [(b - a) & 0xFFFF for a, b in zip(ids, ids[1:])]
    assert sum(1 for s in steps if 1 <= s <= 9) <= 4, steps


def test_ip_ids_toward_one_peer_step_randomly(napkin):
    """One peer, probes 30 ms apart (nmap's TI/II tests): random steps, not +1."""
    ns, g, tap = napkin
    res = peer(ns, "ipid", tap.name, GUEST_IP, "30", tap.addr4, "12")
    print(json.dumps(res))
    assert res["lost"] == 0, res
    ids = [r["ipid"] for r in res["replies"]]
    steps = [(b - a) & 0xFFFF for a, b in zip(ids, ids[1:])]
    assert sum(1 for s in steps if s > 1000) >= 5, steps
    assert sum(1 for s in steps if s < 10) <= 2, steps


def test_isns_do_not_repeat_across_reboot():
    """The same four 4-tuples in two boots: the secret, not the clock, decides."""
    require_netns()
    got = []
    with NetNS("napkin-rnd2") as ns:
        tap = ns.add_tap(ipv6=False)
        for n in range(2):
            with boot(ns, tap, f"unpredictable-reboot{n}"):
                res = peer(ns, "isn", tap.name, GUEST_IP, "9", "4", "41000")
                print(json.dumps(res))
                assert res["failures"] == 0 and len(res["conns"]) == 4, res
                got.append({c["sport"]: c["isn"] for c in res["conns"]})
    assert got[0].keys() == got[1].keys(), got
    # Both boots connect a few seconds after boot, so a clock-only ISN would
    # differ by a few million ticks of 4 us at most: far below 2^24.
    far = [p for p in got[0] if abs(signed32(got[1][p] - got[0][p])) >= 1 << 24]
    assert len(far) >= 3, got
    assert not set(got[0].values()) & set(got[1].values()), got


def nmap_seq_line(out: str) -> dict[str, str]:
    m = re.search(r"SEQ\(([^)]*)\)", out)
    assert m, out[-3000:]
    return dict(kv.split("=", 1) for kv in m.group(1).split("%") if "=" in kv)


def test_nmap_rates_sequence_and_ip_ids(napkin):
    """Debian's nmap -O against napkin: SP >= 200, and TI is not 'I' (incremental)."""
    ns, g, tap = napkin
    nmap = shutil.which("nmap")
    assert nmap, "nmap is missing (scripts/deps.sh installs Debian's nmap)"
    res = ns.run([nmap, "-O", "-d", "-n", "-Pn", "-p", "7,9,81", "--max-os-tries", "1",
                  "--host-timeout", "150s", "-e", tap.name, GUEST_IP], timeout=180, check=False)
    out = res.stdout + res.stderr
    print(out[-4000:])
    assert res.returncode == 0, out[-3000:]
    seq = nmap_seq_line(out)
    sp = int(seq["SP"], 16)
    assert sp >= 200, seq
    assert seq.get("TI") not in ("I", "BI", None), seq
    assert seq.get("GCD") == "1", seq


def test_without_rdrand_timing_alone_is_not_enough():
    """QEMU's qemu64 CPU has neither RDSEED nor RDRAND: napkin boots, and says so."""
    with Guest("unpredictable-no-rdrand", cpu="qemu64", append="console=ttyS0") as g:
        g.wait_ready(90)
        m = g.wait_for(r"random: boot seed: RDSEED (\w+), RDRAND (\w+), TSC jitter", 1)
        assert m.group(1) == "absent" and m.group(2) == "absent", m.group(0)
        g.wait_for(r"random: no working RDSEED or RDRAND: seeded from TSC jitter alone, "
                   r"which napkin does not count as enough", 1)
        out = g.command("random", 30)
        assert "counted as enough: no (timing alone)" in out, out
