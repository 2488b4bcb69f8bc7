#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""What a Prometheus scrape of /metrics costs the data path (issue #35).

napkin on one NIC model, on a tap in a private namespace (the same guest
shape as netbench.py), answers UDP echo requests from `netload udp-rr`
(32 outstanding, 64-byte payloads) in alternating phases: without scrapes,
and with /metrics fetched once a second from the namespace, as a Prometheus
server with scrape_interval 1s would. Each phase runs --seconds, --rounds
times each, alternating so a drift of the shared host shows in both. The
report gives every phase's requests/s, the median of each kind and their
difference, and for the scraped phases the scrape durations and sizes and
napkin's longest chunk build (napkin_webstatus_build_seconds_max).

Writes bench/results/metrics-scrape-<date>.txt (every command and raw
result) and .json. Nothing here asserts a speed.

    sudo -E /usr/bin/python3 bench/metrics_scrape.py [--nic virtio] [--seconds 10] [--rounds 3]
"""
from __future__ import annotations

import argparse
import datetime
import json
import statistics
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "tests" / "qemu"))
import netbench  # noqa: E402
from netbench import GUEST_IP, NETLOAD, NICS, PEER_IP, RESULTS, Log  # noqa: E402
from netns import NetNS  # noqa: E402
from napkin_qemu import Guest  # noqa: E402

# A scraper like Prometheus's: one GET a second on a fresh connection, for a bounded time.
SCRAPER = textwrap.dedent("""
    import json, sys, time, urllib.request
    url, seconds = sys.argv[1], float(sys.argv[2])
    durations, sizes, failed = [], [], 0
    start = time.monotonic()
    while time.monotonic() - start < seconds:
        t = time.monotonic()
        try:
            with urllib.request.urlopen(url, timeout=1) as r:
                sizes.append(len(r.read()))
            durations.append(time.monotonic() - t)
        except OSError:
            failed += 1
        time.sleep(max(0.0, 1.0 - (time.monotonic() - t)))
    print(json.dumps({"scrapes": len(durations), "failed": failed,
                      "seconds": sorted(durations), "bytes": sizes}))
""")


def build_netload(log: Log) -> None:
    src = ROOT / "bench" / "tools" / "netload.c"
    if not NETLOAD.exists() or NETLOAD.stat().st_mtime < src.stat().st_mtime:
        NETLOAD.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(["gcc", "-O2", "-Wall", "-Wextra", "-o", str(NETLOAD), str(src)],
                       check=True, timeout=120)
        log(f"# built {NETLOAD.relative_to(ROOT)}")


def phase(ns: NetNS, log: Log, scraped: bool, secs: int) -> dict:
    scraper = None
    if scraped:
        log(f"$ (in the namespace) scraper http://{GUEST_IP}/metrics every 1 s for {secs} s")
        scraper = ns.popen(["python3", "-c", SCRAPER, f"http://{GUEST_IP}/metrics",
                            str(secs)], text=True)
    r = {"scraped": scraped,
         "echo": netbench.netload(ns, log, "udp-rr", GUEST_IP, "7", str(secs), "32", "64",
                                  timeout=secs + 30)}
    if scraper:
        out, err = scraper.communicate(timeout=secs + 30)
        r["scrape"] = json.loads(out.strip().splitlines()[-1]) if out.strip() else {
            "error": err[-300:]}
        log(f"  scrapes: {json.dumps(r['scrape'])}")
    return r


def build_max(ns: NetNS) -> float:
    code = ("import sys, urllib.request; sys.stdout.write(urllib.request.urlopen("
            "sys.argv[1], timeout=10).read().decode())")
    text = ns.run(["python3", "-c", code, f"http://{GUEST_IP}/metrics"], timeout=30).stdout
    for line in text.splitlines():
        if line.startswith("napkin_webstatus_build_seconds_max "):
            return float(line.split()[1])
    raise RuntimeError("no napkin_webstatus_build_seconds_max")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--nic", default="virtio", choices=sorted(NICS))
    ap.add_argument("--seconds", type=int, default=10, help="length of each phase")
    ap.add_argument("--rounds", type=int, default=3, help="phases of each kind")
    args = ap.parse_args()

    RESULTS.mkdir(parents=True, exist_ok=True)
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    log = Log(RESULTS / f"metrics-scrape-{stamp}.txt")
    log(f"# metrics_scrape.py {' '.join(sys.argv[1:])}: UDP echo with and without a "
        f"/metrics scrape every second, {args.nic}, {args.rounds} x {args.seconds} s each")
    build_netload(log)
    nic = NICS[args.nic]
    result: dict = {"nic": args.nic, "seconds": args.seconds, "phases": []}
    with NetNS(prefix="bench") as ns:
        tap = ns.add_tap(addr4=PEER_IP, ipv6=False)
        g = Guest(f"bench-metrics-{args.nic}", netns=ns, machine=nic.machine,
                  memory=netbench.MEMORY, extra=netbench.SMP,
                  netdevs=tap.qemu_args(nic.device, device_opts=f"mac={netbench.MAC}"),
                  append=f"console=ttyS0 ipv6.disable=1 "
                         f"ip={GUEST_IP}::{PEER_IP}:255.255.255.0:napkin:eth0:off")
        try:
            g.wait_ready(90)
            result["qemu"] = " ".join(g.cmd)
            log(f"qemu: {result['qemu']}")
            netbench.netload(ns, log, "udp-rr", GUEST_IP, "7", "2", "32", "64")  # warm-up
            for i in range(args.rounds):
                for scraped in (False, True):
                    log(f"\n## round {i + 1}, {'scraped every second' if scraped else 'no scrape'}")
                    result["phases"].append(phase(ns, log, scraped, args.seconds))
            result["build_seconds_max"] = build_max(ns)
        finally:
            g.stop()

    def rates(scraped: bool) -> list[float]:
        return [p["echo"].get("rps", 0.0) for p in result["phases"] if p["scraped"] == scraped]

    plain, scraped = rates(False), rates(True)
    durations = sorted(d for p in result["phases"] if p["scraped"]
                       for d in p["scrape"].get("seconds", []))
    sizes = [b for p in result["phases"] if p["scraped"] for b in p["scrape"].get("bytes", [])]
    failed = sum(p["scrape"].get("failed", 0) for p in result["phases"] if p["scraped"])
    result["summary"] = {
        "rps_no_scrape": plain, "rps_scraped": scraped,
        "median_no_scrape": statistics.median(plain), "median_scraped": statistics.median(scraped),
        "scrapes": len(durations), "scrapes_failed": failed,
        "scrape_seconds_p50": durations[len(durations) // 2] if durations else None,
        "scrape_seconds_max": durations[-1] if durations else None,
        "scrape_bytes": max(sizes) if sizes else None,
    }
    s = result["summary"]
    diff = (s["median_scraped"] - s["median_no_scrape"]) / s["median_no_scrape"] * 100
    s["difference_percent"] = round(diff, 2)
    log("\n## summary")
    log(f"UDP echo, 32 outstanding, 64 bytes, {args.nic}, {args.rounds} phases of "
        f"{args.seconds} s each kind, alternating")
    log(f"  no scrape:        {' '.join(f'{r:.0f}' for r in plain)} requests/s, "
        f"median {s['median_no_scrape']:.0f}")
    log(f"  scraped every 1s: {' '.join(f'{r:.0f}' for r in scraped)} requests/s, "
        f"median {s['median_scraped']:.0f}")
    log(f"  difference of the medians: {diff:+.2f} %")
    if durations:
        log(f"  scrapes: {len(durations)} answered, {failed} failed; "
            f"{s['scrape_bytes']} bytes each; took {s['scrape_seconds_p50'] * 1000:.1f} ms "
            f"(median), {s['scrape_seconds_max'] * 1000:.1f} ms (longest)")
    log(f"  napkin's longest chunk build: {result['build_seconds_max'] * 1e6:.0f} us")
    (RESULTS / f"metrics-scrape-{stamp}.json").write_text(json.dumps(result, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
