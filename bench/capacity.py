#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Connection capacity: napkin against the Linux guest (bench/netbench.py's
guests, same QEMU, NIC and memory), with tests/qemu/conn_peer.py as the
client in the namespace.

  churn  2,000 short echo connections (200 bytes, read back, a third closed
         with RST) at 8, 32 and 128 at a time: served, reset, connections/s.
  cost   1, 100, 1,000 and 4,096 idle connections held open, then echo round
         trips on one more connection (the PCB lwIP finds at the head of its
         list) and one echo on each idle connection in turn (a PCB anywhere
         in the list): what a packet costs as connections pile up. napkin's
         `mem` after each step gives the memory the connections hold.

Bounded: every client run has a deadline. Writes bench/results/capacity-<date>.txt
and .json. Needs root (namespaces, taps).
"""
from __future__ import annotations

import argparse
import datetime
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "tests" / "qemu"))
import netbench  # noqa: E402
from netns import NetNS  # noqa: E402

PEER = str(ROOT / "tests" / "qemu" / "conn_peer.py")
CONCURRENCY = [8, 32, 128]
HELD = [1, 100, 1000, 4096]


def peer(ns: NetNS, log, *args: str, timeout: float = 200) -> dict:
    cmd = ["python3", PEER, *args, "--host", netbench.GUEST_IP]
    log(f"$ (in the namespace) {' '.join(cmd)}")
    res = ns.run(cmd, timeout=timeout, check=False)
    lines = res.stdout.strip().splitlines()
    out = json.loads(lines[-1]) if lines else {"error": res.stderr[-500:]}
    log(json.dumps(out))
    return out


def lwip_input(g) -> tuple[int, int]:
    m = re.search(r"lwIP input: (\d+) frames, (\d+) ns", g.sh("mem"))
    return (int(m.group(1)), int(m.group(2))) if m else (0, 0)


def cost_synced(ns: NetNS, log, g, kind: str, n: int) -> dict:
    """conn_peer cost with --sync: napkin's lwIP input time per frame in each phase."""
    cmd = ["python3", PEER, "cost", "--total", str(n), "--concurrency", "64", "--seconds", "3",
           "--timeout", "10", "--deadline", "150", "--sync", "--host", netbench.GUEST_IP]
    log(f"$ (in the namespace) {' '.join(cmd)}")
    proc = ns.popen(cmd, stdin=subprocess.PIPE, text=True)
    per_phase, last, name = {}, None, None
    for line in proc.stdout:
        m = re.match(r"PHASE (\w+)", line)
        if not m:
            try:
                out = json.loads(line)
            except ValueError:
                out = {"error": line[-500:]}
            break
        if kind == "napkin":
            now = lwip_input(g)
            if last and name:
                frames = now[0] - last[0]
                per_phase[name] = {"frames": frames,
                                   "ns_per_frame": round((now[1] - last[1]) / frames)
                                   if frames else None}
            last, name = now, m.group(1)
        proc.stdin.write("\n")
        proc.stdin.flush()
    else:
        out = {"error": proc.stderr.read()[-500:]}
    proc.wait(timeout=30)
    out["lwip_input"] = per_phase
    log(json.dumps(out))
    return out


def napkin_heap(g) -> dict:
    out = g.sh("mem")
    m = re.search(r"lwIP heap: (\d+) bytes used \(high-water (\d+)\) of (\d+) budget", out)
    c = re.search(r"TCP connections: (\d+) \(high-water (\d+)\) of (\d+)", out)
    # High-water marks: the runs grow, so each step's peak is its own.
    return {"heap_hwm": int(m.group(2)) if m else None,
            "pcbs_hwm": int(c.group(2)) if c else None,
            "pcb_limit": int(c.group(3)) if c else None}


def linux_mem(g) -> dict:
    out = g.sh("cat /proc/meminfo")
    m = re.search(r"MemAvailable:\s+(\d+) kB", out)
    return {"mem_available_kb": int(m.group(1)) if m else None}


def run_kind(kind: str, nic: str, log) -> dict:
    res: dict = {"kind": kind, "nic": nic, "churn": [], "cost": []}
    with NetNS("napkin-capb") as ns:
        tap = ns.add_tap(addr4=netbench.PEER_IP)
        g = netbench.BenchGuest(kind, nic, "napi", ns, tap, "cap")
        try:
            res["cmdline"] = g.cmdline
            mem = napkin_heap if kind == "napkin" else linux_mem
            res["idle_mem"] = mem(g)
            for c in CONCURRENCY:
                r = peer(ns, log, "churn", "--total", "2000", "--concurrency", str(c),
                         "--deadline", "150")
                res["churn"].append(r)
            for n in HELD:
                r = cost_synced(ns, log, g, kind, n)
                r["mem_after"] = mem(g)
                res["cost"].append(r)
        finally:
            g.stop()
    return res


def phase_ns(c: dict, name: str) -> str:
    v = c.get("lwip_input", {}).get(name, {}).get("ns_per_frame")
    return "-" if v is None else str(v)


def tables(results: list[dict]) -> str:
    lines = ["churn: 2000 connections, 200 bytes echoed, 1 in 3 closed by RST",
             f"{'guest':<8} {'nic':<7} {'at once':>7} {'served':>6} {'reset':>5} "
             f"{'timeout':>7} {'wrong':>5} {'conn/s':>8} {'max connect s':>13}"]
    for r in results:
        for c in r["churn"]:
            lines.append(f"{r['kind']:<8} {r['nic']:<7} {c.get('concurrency', 0):>7} "
                         f"{c.get('ok', 0):>6} {c.get('resets', 0):>5} {c.get('timeouts', 0):>7} "
                         f"{c.get('wrong_bytes', 0):>5} {c.get('conn_per_s', 0):>8} "
                         f"{c.get('max_connect_s', 0):>13}")
    lines += ["", "cost: idle connections held, then 1-byte round trips on one more "
              "connection and one 16-byte echo on each held one in turn",
              "(ns/frame: time napkin's lwIP spent per received frame in each phase)",
              f"{'guest':<8} {'nic':<7} {'asked':>6} {'held':>6} {'rr/s':>8} "
              f"{'ns/frame':>8} {'us/echo':>8} {'ns/frame':>8} {'errors':>6}  memory"]
    for r in results:
        for c in r["cost"]:
            errs = c.get("resets", 0) + c.get("timeouts", 0) + c.get("wrong_bytes", 0)
            lines.append(f"{r['kind']:<8} {r['nic']:<7} {c.get('total', 0):>6} "
                         f"{c.get('held', 0):>6} {c.get('rr_per_s', 0):>8} "
                         f"{phase_ns(c, 'rr'):>8} {c.get('round_us', 0):>8} "
                         f"{phase_ns(c, 'round'):>8} {errs:>6}  {c.get('mem_after')}")
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--nics", default="virtio", help="comma-separated: virtio,e1000,e1000e")
    ap.add_argument("--kinds", default="napkin,linux")
    args = ap.parse_args()
    netbench.build_tools(lambda s="": None)
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    netbench.RESULTS.mkdir(parents=True, exist_ok=True)
    txt = netbench.RESULTS / f"capacity-{stamp}.txt"
    log = netbench.Log(txt)
    for line in netbench.machine_lines():
        log(line)
    results = []
    for nic in args.nics.split(","):
        for kind in args.kinds.split(","):
            results.append(run_kind(kind, nic, log))
    table = tables(results)
    log("")
    log(table)
    (netbench.RESULTS / f"capacity-{stamp}.json").write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
