#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Why one napi.mode delivers less than another under overload: napkin on one
NIC, one guest per mode in the order given (repeat modes to alternate them on
a noisy host), each flooded at the given rates (netload udp-flood, 64-byte
UDP echo requests). Per step it records, besides what netbench.py's overload
run records, the guest's `ethtool -S` deltas (polls, kicks, ring-full
events), its `napi` and `softnet` tables, and the host CPU time and context
switches of every QEMU thread (the first is the I/O thread, the busy one
after it the vCPU).

    sudo python3 bench/napi_modes.py virtio busypoll,napi,busypoll,napi 100000,400000 3

A mode may carry extra kernel arguments after a colon, spaces as '+':
napi:net.napi_defer_hard_irqs=2+net.gro_flush_timeout=20000.

Results: bench/results/modes-<nic>-<date>.txt. Used for "Why busypoll
collapses on virtio" in docs/PERFORMANCE.md.
"""
from __future__ import annotations

import datetime
import json
import os
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import netbench as nb  # noqa: E402
from netns import NetNS  # noqa: E402


def threads(pid: int) -> dict[str, tuple[int, int, int]]:
    """Per QEMU thread: CPU ticks, voluntary and involuntary context switches."""
    out = {}
    for tid in os.listdir(f"/proc/{pid}/task"):
        st = Path(f"/proc/{pid}/task/{tid}/stat").read_text()
        name = st[st.index("(") + 1:st.rindex(")")]
        f = st[st.rindex(")") + 2:].split()
        status = Path(f"/proc/{pid}/task/{tid}/status").read_text()
        v = int(re.search(r"^voluntary_ctxt_switches:\s+(\d+)", status, re.M).group(1))
        nv = int(re.search(r"^nonvoluntary_ctxt_switches:\s+(\d+)", status, re.M).group(1))
        out[f"{name}-{tid}"] = (int(f[11]) + int(f[12]), v, nv)
    return out


def main() -> int:
    if len(sys.argv) < 4 or os.geteuid() != 0:
        print(__doc__, file=sys.stderr)
        return 2
    nic, modes = sys.argv[1], sys.argv[2].split(",")
    rates = [int(x) for x in sys.argv[3].split(",")]
    secs = int(sys.argv[4]) if len(sys.argv) > 4 else 3
    if nic not in nb.NICS:
        print(f"napi_modes: unknown NIC {nic} (known: {', '.join(nb.NICS)})", file=sys.stderr)
        return 2
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    nb.RESULTS.mkdir(parents=True, exist_ok=True)
    log = nb.Log(nb.RESULTS / f"modes-{nic}-{stamp}.txt")
    nb.build_tools(log)
    for line in nb.machine_lines():
        log(line)
    log(f"# {' '.join(sys.argv)}")
    hz = os.sysconf("SC_CLK_TCK")
    for spec in modes:
        mode, _, extra = spec.partition(":")
        nb.NAPKIN_VARIANTS["napkin"] = extra.replace("+", " ")
        with NetNS(prefix="modes") as ns:
            tap = ns.add_tap(addr4=nb.PEER_IP)
            g = nb.BenchGuest("napkin", nic, mode, ns, tap, "modes")
            try:
                time.sleep(1)
                for rate in rates:
                    t0, s0 = threads(g.g.proc.pid), g.sh("ethtool -S eth0")
                    c0, d0 = g.counters(), nb.tap_dropped(ns)
                    nb.netload(ns, log, "udp-flood", nb.GUEST_IP, "7", str(secs), str(rate),
                               "64", timeout=secs * 4 + 30)
                    d1, t1 = nb.tap_dropped(ns), threads(g.g.proc.pid)
                    c = nb.delta(c0, g.counters())
                    s1, n1, sn1 = g.sh("ethtool -S eth0"), g.sh("napi"), g.sh("softnet")
                    log("threads (cpu s, voluntary cs, involuntary cs): " + json.dumps(
                        {k: [round((t1[k][0] - t0[k][0]) / hz, 2), t1[k][1] - t0[k][1],
                             t1[k][2] - t0[k][2]] for k in t1 if k in t0}))
                    log(f"### {spec} rate {rate}: tapdrop {d1 - d0} counters {json.dumps(c)}")
                    a = dict(re.findall(r"(\w+): (\d+)", s0))
                    b = dict(re.findall(r"(\w+): (\d+)", s1))
                    log("ethtool delta: " + json.dumps(
                        {k: int(b[k]) - int(a[k]) for k in b if k in a and b[k] != a[k]}))
                    log("napi after:\n" + n1 + "\nsoftnet after:\n" + sn1)
            finally:
                g.stop()
    print(f"written to {log.path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
