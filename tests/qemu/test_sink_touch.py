# SPDX-License-Identifier: BSD-2-Clause
"""The sinks' touch mode (net/services/sink.h, sink.touch=): discard and the
iperf server read every byte they take when told to, and only then.

napkin boots with sink.touch=sum; net_peer.py sends seeded bytes to discard
(9) and to the iperf port (5001) and reports their byte sum, which must be
exactly the sum napkin's `sink` command shows, with every byte counted as
touched. `set sink.touch copy` keeps touching (the sum stays), `off` stops
(taken grows, touched does not), and a bad value is refused and changes
nothing. This is what bench/netbench.py --touch relies on: that "touch" rows
really read the data.
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from napkin_qemu import Guest  # noqa: E402
from netns import NetNS, require_netns  # noqa: E402

PEER = Path(__file__).parent / "net_peer.py"
ADDR = "192.168.77.2"


def sink_counters(g: Guest) -> dict:
    out = g.command("sink", 30)
    m = re.search(r"sink: touch (\S+), taken (\d+) bytes, touched (\d+), byte sum (\d+)", out)
    assert m, out
    return {"mode": m.group(1), "taken": int(m.group(2)), "touched": int(m.group(3)),
            "sum": int(m.group(4))}


def send(ns: NetNS, port: int, size: int, seed: int) -> dict:
    res = ns.run(["python3", str(PEER), "sink", ADDR, str(port), str(size), str(seed)],
                 check=False, timeout=120)
    out = json.loads(res.stdout.strip().splitlines()[-1])
    assert out["ok"], out
    return out


def settle(g: Guest, want_taken: int) -> dict:
    """The peer's close returns once napkin closed; its last segments are taken by then."""
    c = sink_counters(g)
    assert c["taken"] == want_taken, f"{c}, want taken {want_taken}; log {g.log_path}"
    return c


def test_sink_touch_modes():
    require_netns()
    with NetNS() as ns:
        tap = ns.add_tap()
        append = (f"console=ttyS0 sink.touch=sum "
                  f"ip={ADDR}::{tap.addr4}:255.255.255.0:napkin:eth0:off")
        with Guest("sink-touch", netns=ns, memory=256,
                   netdevs=tap.qemu_args("virtio-net-pci"), append=append) as g:
            g.wait_for(rf"eth0: static address {re.escape(ADDR)}", 90)
            c = sink_counters(g)
            assert (c["mode"], c["taken"], c["touched"], c["sum"]) == ("sum", 0, 0, 0), c

            # Sum: every byte to discard and to iperf is read, and read right.
            a = send(ns, 9, 3 * 1024 * 1024 + 17, seed=1)
            b = send(ns, 5001, 1024 * 1024 + 3, seed=2)
            total = a["sent"] + b["sent"]
            c = settle(g, total)
            assert c["touched"] == total, c
            assert c["sum"] == a["byte_sum"] + b["byte_sum"], (c, a, b)

            # Copy: touched grows by what was sent; the sum is left alone.
            assert "sink.touch = copy" in g.command("set sink.touch copy", 30)
            d = send(ns, 9, 2 * 1024 * 1024, seed=3)
            c2 = settle(g, total + d["sent"])
            assert c2["touched"] == total + d["sent"] and c2["sum"] == c["sum"], c2

            # Off: counted as taken, not touched.
            assert "sink.touch = off" in g.command("set sink.touch off", 30)
            e = send(ns, 5001, 1024 * 1024, seed=4)
            c3 = settle(g, total + d["sent"] + e["sent"])
            assert c3["touched"] == c2["touched"] and c3["mode"] == "off", c3

            # A bad value says why and leaves the mode as it was.
            assert "is not off, copy or sum" in g.command("set sink.touch all", 30)
            assert sink_counters(g)["mode"] == "off"
