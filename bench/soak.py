#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Soak: napkin under every kind of load at once, for a long time, per QEMU NIC.

For `--seconds` (default 1800) per NIC, from the host side of napkin's tap in
a private namespace, all at the same time:

  ping     iputils flood ping (-f), in runs of at most 10 minutes
  churn    tests/qemu/conn_peer.py churn: short echo connections, 32 at a
           time, every byte compared, a third closed with RST
  iperf    iperf -c to napkin's iperf server, in runs of at most 10 minutes
  udp      netload udp-flood to the echo port at `--udp-rate` requests/s
  stream   bench/tools/verify_stream.py: long echo connections, every byte
           of a seeded pseudo-random stream compared

Every `--interval` seconds napkin's `mem`, `softnet` and `ifconfig eth0` are
read over the serial console and kept (the counters over time). When the
load stops, napkin gets up to `--settle` seconds for TIME_WAIT and pending
frames to drain, then its lwIP heap, TCP connections and every lwIP pool
must be back at their idle baseline (the report says which are not).

A benchmark, not a test: nothing here fails `make test`. Needs root.
Writes bench/results/soak-<date>.txt and .json.
"""
from __future__ import annotations

import argparse
import datetime
import json
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "tests" / "qemu"))
import netbench  # noqa: E402
from netns import NetNS  # noqa: E402

CONN_PEER = str(ROOT / "tests" / "qemu" / "conn_peer.py")
VERIFY = str(ROOT / "bench" / "tools" / "verify_stream.py")
RUN_MAX = 600  # seconds one host tool runs before it is started again


def napkin_mem(text: str) -> dict:
    """The numbers of `mem` that must come back to baseline after the load."""
    out: dict = {}
    m = re.search(r"lwIP heap: (\d+) bytes used", text)
    out["lwip_heap_used"] = int(m.group(1)) if m else None
    m = re.search(r"TCP connections: (\d+) \(high-water (\d+)\)", text)
    out["tcp_conns"] = int(m.group(1)) if m else None
    out["tcp_conns_hwm"] = int(m.group(2)) if m else None
    m = re.search(r"^heap: (\d+) bytes used", text, re.M)
    if m:
        out["kernel_heap_used"] = int(m.group(1))
    for name, used in re.findall(r"^lwIP pool (\S+)\s+(\d+) used", text, re.M):
        out[f"pool_{name}"] = int(used)
    return out


def napkin_traffic(g) -> dict:
    c = g.counters()
    return {k: c[k] for k in ("rx", "tx", "rx_drop", "irqs", "processed", "sn_drop", "squeeze")}


CHURN_TIMEOUT = 20  # seconds a churn connection may take per step


class Load:
    """One host tool run again and again inside the namespace until the deadline."""

    def __init__(self, name: str, ns: NetNS, until: float, argv_for, parse, log):
        self.name, self.ns, self.until, self.argv_for, self.parse = name, ns, until, argv_for, parse
        self.log, self.runs, self.results = log, 0, []
        self.proc: subprocess.Popen | None = None
        self.thread = threading.Thread(target=self._loop, daemon=True)

    def _loop(self) -> None:
        while (left := self.until - time.monotonic()) > 2:
            argv = self.argv_for(min(left, RUN_MAX))
            self.proc = self.ns.popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                      text=True)
            try:
                out, err = self.proc.communicate(timeout=min(left, RUN_MAX) + 60)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                out, err = self.proc.communicate()
                err += " (killed: ran past its time)"
            self.runs += 1
            res = self.parse(out, err)
            res["exit"] = self.proc.returncode
            self.results.append(res)
            self.log(f"  {self.name} run {self.runs}: {json.dumps(res)}")

    def start(self) -> None:
        self.thread.start()

    def join(self) -> None:
        self.thread.join(timeout=max(0, self.until - time.monotonic()) + RUN_MAX + 120)


def last_json(out: str, err: str) -> dict:
    lines = out.strip().splitlines()
    try:
        return json.loads(lines[-1])
    except (IndexError, ValueError):
        return {"error": (err or out)[-300:]}


def parse_ping(out: str, err: str) -> dict:
    m = re.search(r"(\d+) packets transmitted, (\d+) received", out)
    return ({"sent": int(m.group(1)), "received": int(m.group(2))} if m
            else {"error": (err or out)[-300:]})


def parse_iperf(out: str, err: str) -> dict:
    lines = [line for line in out.strip().splitlines() if line.count(",") >= 8]
    if not lines:
        return {"error": (err or out)[-300:]}
    f = lines[-1].split(",")
    return {"bytes": int(f[7]), "mbit_per_s": round(int(f[8]) / 1e6, 1)}


def loads(ns: NetNS, until: float, udp_rate: int, log) -> list[Load]:
    ip = netbench.GUEST_IP
    return [
        Load("ping", ns, until,
             lambda s: ["ping", "-n", "-q", "-f", "-w", str(int(s)), "-W", "1", ip],
             parse_ping, log),
        Load("churn", ns, until,
             # churn starts connections until `deadline - timeout - 1` and
             # lets those in flight end: that is the load's own end time.
             lambda s: ["python3", CONN_PEER, "churn", "--host", ip, "--total", "1000000",
                        "--concurrency", "32", "--timeout", str(CHURN_TIMEOUT),
                        "--deadline", str(int(s) + CHURN_TIMEOUT + 1)],
             last_json, log),
        Load("iperf", ns, until,
             lambda s: ["iperf", "-c", ip, "-t", str(int(s)), "-y", "C"], parse_iperf, log),
        Load("udp", ns, until,
             lambda s: [str(netbench.NETLOAD), "udp-flood", ip, "7", str(int(s)),
                        str(udp_rate), "64"],
             last_json, log),
        Load("stream", ns, until,
             lambda s: ["python3", VERIFY, "--host", ip, "--seconds", str(int(s))],
             last_json, log),
    ]


def summary(load: Load) -> dict:
    """Sums over a load's runs of the counts that add up."""
    out: dict = {"runs": load.runs}
    for res in load.results:
        for k, v in res.items():
            if isinstance(v, (int, float)) and not isinstance(v, bool) and k != "exit":
                out[k] = out.get(k, 0) + v
    out["failed_runs"] = sum(1 for r in load.results if r.get("exit") or "error" in r)
    return out


def soak(nic: str, seconds: int, interval: int, settle: int, udp_rate: int, log) -> dict:
    res: dict = {"nic": nic, "seconds": seconds, "samples": []}
    with NetNS("napkin-soak") as ns:
        tap = ns.add_tap(addr4=netbench.PEER_IP)
        # The churn client opens ~600 connections a second for the whole
        # run; each leaves a TIME_WAIT on the peer's side for 60 s, more than
        # the default ephemeral range (28,232 ports) holds, and connect()
        # then fails with EADDRNOTAVAIL in the peer, not in napkin. Give the
        # namespace the whole range and let it reuse TIME_WAIT ports.
        ns.run(["sysctl", "-q", "-w", "net.ipv4.ip_local_port_range=1024 65535"])
        ns.run(["sysctl", "-q", "-w", "net.ipv4.tcp_tw_reuse=1"])
        g = netbench.BenchGuest("napkin", nic, "napi", ns, tap, "soak")
        try:
            res["cmdline"] = g.cmdline
            time.sleep(2)
            res["baseline"] = napkin_mem(g.sh("mem"))
            log(f"## {nic}: baseline {json.dumps(res['baseline'])}")
            start = time.monotonic()
            until = start + seconds
            running = loads(ns, until, udp_rate, log)
            for load in running:
                load.start()
            while time.monotonic() < until:
                time.sleep(min(interval, max(0.0, until - time.monotonic())))
                sample = {"t": round(time.monotonic() - start), **napkin_traffic(g),
                          **napkin_mem(g.sh("mem"))}
                res["samples"].append(sample)
                log(f"  sample {json.dumps(sample)}")
            for load in running:
                load.join()
            res["loads"] = {load.name: summary(load) for load in running}
            # TIME_WAIT and the last frames drain: wait for the baseline, bounded.
            deadline = time.monotonic() + settle
            while True:
                after = napkin_mem(g.sh("mem"))
                back = {k: after.get(k) == v for k, v in res["baseline"].items()
                        if not k.endswith("_hwm")}
                if all(back.values()) or time.monotonic() > deadline:
                    break
                time.sleep(5)
            res["after"] = after
            res["not_back"] = sorted(k for k, ok in back.items() if not ok)
            res["final"] = napkin_traffic(g)
            res["answering"] = netbench.answering(ns, log)
        finally:
            g.stop()
    return res


def report(results: list[dict]) -> str:
    lines = ["| NIC | seconds | stream bytes verified (wrong) "
             "| churn ok (wrong bytes, resets, timeouts, other errors) "
             "| ping sent/received | iperf Mbit/s (runs) | udp sent/replies | back to baseline |",
             "|---|---|---|---|---|---|---|---|"]
    for r in results:
        ld = r.get("loads", {})
        st, ch, pi, ip, ud = (ld.get(k, {}) for k in ("stream", "churn", "ping", "iperf", "udp"))
        mbit = ip.get("mbit_per_s", 0) / max(1, ip.get("runs", 1))
        lines.append(
            f"| {r['nic']} | {r['seconds']} | {st.get('bytes', 0)} ({st.get('wrong', 0)}) "
            f"| {ch.get('ok', 0)} ({ch.get('wrong_bytes', 0)}, {ch.get('resets', 0)}, "
            f"{ch.get('timeouts', 0)}, {ch.get('other_errors', 0)}) "
            f"| {pi.get('sent', 0)}/{pi.get('received', 0)} | {mbit:.0f} ({ip.get('runs', 0)}) "
            f"| {ud.get('sent', 0)}/{ud.get('received', ud.get('replies', 0))} "
            f"| {'yes' if not r.get('not_back') else 'NO: ' + ', '.join(r['not_back'])} |")
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--nics", default="virtio,e1000,e1000e")
    ap.add_argument("--seconds", type=int, default=1800, help="load time per NIC")
    ap.add_argument("--interval", type=int, default=30, help="seconds between samples")
    ap.add_argument("--settle", type=int, default=150,
                    help="seconds allowed to drain back to baseline")
    ap.add_argument("--udp-rate", type=int, default=5000, help="UDP requests/s")
    a = ap.parse_args()
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    netbench.RESULTS.mkdir(parents=True, exist_ok=True)
    log = netbench.Log(netbench.RESULTS / f"soak-{stamp}.txt")
    netbench.build_tools(log)
    log(f"# soak {stamp}: {a.seconds} s per NIC, samples every {a.interval} s")
    for line in netbench.machine_lines():
        log(line)
    results = [soak(nic, a.seconds, a.interval, a.settle, a.udp_rate, log)
               for nic in a.nics.split(",")]
    table = report(results)
    log("\n" + table)
    (netbench.RESULTS / f"soak-{stamp}.json").write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
