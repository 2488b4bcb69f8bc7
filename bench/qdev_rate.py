#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Frames per second napkin's Yukon-2 model (napkin-sky2, tests/qdev) moves per
port in QEMU, and where QEMU's time goes while it does.

The guest (napkin, or the Linux guest with Debian's sky2.ko) runs on one
port of napkin-sky2 (chip=xl, q35, strict=on) exactly as bench/netbench.py
boots it, in napkin's test QEMU. Two loads, each bounded in time and count:

  rx    rawflood (bench/tools/rawflood.c): 60-byte frames of an unknown
        ethertype into the tap at --rx-rate frames/s; the guest's driver
        counts them and its stack drops them at once, so the guest does as
        little per frame as it can. Received = the guest's rx counter (napkin
        also reports the model's own MIB count, mib_rx_ucast, through its
        driver: `ethtool -S eth0`). Once per --tap-queues length: the tap's
        queue is the buffer that covers the time QEMU's threads wait for a
        host CPU, so a short one measures the host's scheduling as much as
        the device.
  echo  netload udp-flood to UDP echo (port 7), 64-byte payloads, offered
        far above what comes back: every reply is a frame the guest
        transmitted through the model, so received + sent per second is
        what the port moved in both directions at once.

For each: frames/s the guest counted, frames the tap dropped because QEMU
had not taken them, QEMU's host CPU per second (I/O thread and vCPU
threads). With --perf, `perf record` samples QEMU during the rx load and
the report splits its time into the model (napkin's model and its QEMU
glue: the symbols of the models' object), QEMU's DMA and memory paths, TCG
(the guest's own code, JIT), the tap, and the host kernel. From the model's
share of QEMU's CPU comes the model's own cost per frame, and the rate the
model alone could sustain on one host CPU.

The delivered rate is a whole machine under TCG on a shared host: the
guest's CPU (emulated) and the sender's compete with the model for the same
two host CPUs. The model's cost per frame is the number that says whether
the device is the bottleneck.

Writes bench/results/qdev-rate-<date>.txt and .json. Needs root.
"""
from __future__ import annotations

import argparse
import datetime
import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "tests" / "qemu"))
import netbench  # noqa: E402
from napkin_qemu import BUILD, napkin_nic_qemu  # noqa: E402
from netns import NetNS  # noqa: E402

RAWFLOOD = BUILD / "bench" / "rawflood"
GOAL_PPS = 100_000


def build_rawflood(log) -> None:
    src = ROOT / "bench" / "tools" / "rawflood.c"
    if not RAWFLOOD.exists() or RAWFLOOD.stat().st_mtime < src.stat().st_mtime:
        RAWFLOOD.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(["gcc", "-O2", "-Wall", "-Wextra", "-o", str(RAWFLOOD), str(src)],
                       check=True)
        log(f"# built {RAWFLOOD.relative_to(ROOT)}")


def model_symbols() -> set[str]:
    """Names of the functions in the models' object linked into the test QEMU
    (every model source and model_host.c, as build-qemu.sh compiles them), and
    the QEMU glue's (napkin-nic.c: nn_*, host_*)."""
    qemu = Path(napkin_nic_qemu())
    obj = qemu.parent.parent / "qemu-src" / "hw" / "net" / "napkin" / "napkin_models.o"
    out = subprocess.run(["nm", "--defined-only", str(obj)], capture_output=True, text=True,
                         check=True).stdout
    return {f[2] for f in (line.split() for line in out.splitlines())
            if len(f) == 3 and f[1] in "tT"}


def classify(sym: str, dso: str, kernel: bool, model: set[str]) -> str:
    if kernel:
        return "host kernel"
    if sym in model or re.match(r"(nn|host)_", sym):
        return "model"
    if "JIT" in dso or "perf-" in dso or sym.startswith("0x") or dso == "[unknown]":
        return "TCG guest code"
    if re.match(r"(address_space|flatview|memory_region|pci_dma|dma_|qemu_map|"
                r"address_space_map|phys_|msi_)", sym):
        return "QEMU DMA and memory"
    if re.match(r"(tap_|qemu_send|qemu_net|qemu_deliver|nc_sendv|filter_|"
                r"qemu_flush|net_)", sym):
        return "QEMU net and tap"
    if re.match(r"(helper_|tb_|cpu_|tcg_|tlb_|probe_access|mmu_)", sym):
        return "TCG runtime"
    if "libc" in dso or "libglib" in dso or "ld-linux" in dso:
        return "libc and glib"
    return "QEMU other"


def perf_profile(pid: int, seconds: float, model: set[str], log) -> dict:
    tmp = Path(tempfile.mkdtemp(prefix="qdev-rate-"))
    data = tmp / "perf.data"
    rec = subprocess.Popen(["perf", "record", "-q", "-F", "999", "-p", str(pid),
                            "-o", str(data), "--", "sleep", str(seconds)],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return {"proc": rec, "data": data, "tmp": tmp, "model": model}


def perf_finish(p: dict) -> dict:
    rec = p["proc"]
    try:
        rec.wait(timeout=120)
    except subprocess.TimeoutExpired:
        rec.kill()
        rec.wait()
        shutil.rmtree(p["tmp"], ignore_errors=True)
        return {"error": "perf record did not stop", "by_class": {}, "top": []}
    rep = subprocess.run(["perf", "report", "-i", str(p["data"]), "--no-children",
                          "--sort", "dso,sym", "--stdio", "-q"],
                         capture_output=True, text=True, timeout=300).stdout
    shutil.rmtree(p["tmp"], ignore_errors=True)
    cats: dict[str, float] = {}
    top = []
    for line in rep.splitlines():
        # The DSO may hold spaces ("[JIT] tid N"): the [.] or [k] marker ends it.
        m = re.match(r"\s*([\d.]+)%\s+(.*?)\s+\[(.)\]\s+(.*?)\s*$", line)
        if not m:
            continue
        pct, dso, kind, sym = float(m.group(1)), m.group(2), m.group(3), m.group(4)
        cat = classify(sym, dso, kind == "k", p["model"])
        cats[cat] = cats.get(cat, 0.0) + pct
        if len(top) < 40:
            top.append({"pct": pct, "dso": dso, "sym": sym, "class": cat})
    # Report lines the pattern above did not take (perf prints some without a
    # symbol column) stay visible as their own class.
    cats["not attributed"] = max(0.0, 100.0 - sum(cats.values()))
    return {"by_class": {k: round(v, 2) for k, v in sorted(cats.items(), key=lambda x: -x[1])},
            "top": top}


def sched(pid: int) -> dict:
    """Seconds QEMU's threads ran and seconds they waited, runnable, for a host
    CPU (/proc/PID/task/*/schedstat): on a shared host the second is time the
    device could have worked and did not get to."""
    out = {"ran": 0.0, "waited": 0.0}
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            f = (task / "schedstat").read_text().split()
        except FileNotFoundError:
            continue
        out["ran"] += int(f[0]) / 1e9
        out["waited"] += int(f[1]) / 1e9
    return out


def rx_flood(g, ns: NetNS, tap, secs: int, rate: int, profile: bool, model: set[str],
             log) -> dict:
    qemu_pid = g.g.proc.pid  # nsenter execs QEMU: the same process
    c0, d0, h0 = g.counters(), netbench.tap_dropped(ns), netbench.qemu_cpu(qemu_pid)
    mib0, s0 = napkin_mib(g), sched(qemu_pid)
    prof = perf_profile(qemu_pid, secs, model, log) if profile else None
    cmd = [str(RAWFLOOD), tap.name, netbench.MAC, str(secs), str(rate)]
    res = run_json(ns, log, cmd, timeout=secs + 30)
    # Frames still queued in the tap or the ring reach the counters in a moment.
    time.sleep(1)
    d1, h1, s1 = netbench.tap_dropped(ns), netbench.qemu_cpu(qemu_pid), sched(qemu_pid)
    c = netbench.delta(c0, g.counters())
    mib1 = napkin_mib(g)
    t = res.get("seconds") or secs
    cpu = {k: round((h1[k] - h0[k]) / (t + 1), 3) for k in h0}
    cpu.update({f"{k}_sched": round((s1[k] - s0[k]) / (t + 1), 3) for k in s0})
    out = {"result": res, "tap_dropped": d1 - d0, "guest": c,
           "guest_rx_pps": round(c["rx"] / t), "qemu_cpu_per_s": cpu}
    if c["rx"]:
        # Host CPU QEMU spent per frame the guest received: the whole machine's cost.
        out["qemu_us_per_frame"] = round((h1["io"] + h1["vcpu"] - h0["io"] - h0["vcpu"])
                                         / c["rx"] * 1e6, 2)
    if mib0 is not None and mib1 is not None:
        out["model_mib_rx_ucast"] = mib1 - mib0
        out["model_rx_pps"] = round((mib1 - mib0) / t)
    if prof:
        out["perf"] = perf_finish(prof)
        model_share = out["perf"]["by_class"].get("model", 0.0) / 100
        cpu_secs = (cpu["io"] + cpu["vcpu"]) * (t + 1)
        if c["rx"] and model_share:
            per_frame = model_share * cpu_secs / c["rx"]
            out["model_us_per_frame"] = round(per_frame * 1e6, 3)
            out["model_alone_pps"] = round(1 / per_frame)
    log(f"  tap dropped {d1 - d0}; guest {json.dumps(c)}; QEMU CPU/s {json.dumps(cpu)}")
    for k in ("model_rx_pps", "qemu_us_per_frame", "model_us_per_frame", "model_alone_pps"):
        if k in out:
            log(f"  {k}: {out[k]}")
    if prof:
        log(f"  perf by class (% of QEMU's samples): {json.dumps(out['perf']['by_class'])}")
        for e in out["perf"]["top"][:25]:
            log(f"    {e['pct']:6.2f}%  {e['class']:<20} {e['dso']:<24} {e['sym']}")
    return out


def echo_flood(g, ns: NetNS, secs: int, rate: int, log) -> dict:
    c0, d0 = g.counters(), netbench.tap_dropped(ns)
    res = netbench.netload(ns, log, "udp-flood", netbench.GUEST_IP, "7", str(secs), str(rate),
                           "64", timeout=secs * 4 + 30)
    time.sleep(1)
    c = netbench.delta(c0, g.counters())
    t = res.get("seconds") or secs
    out = {"result": res, "tap_dropped": netbench.tap_dropped(ns) - d0, "guest": c,
           "guest_rx_pps": round(c["rx"] / t), "guest_tx_pps": round(c["tx"] / t),
           "both_pps": round((c["rx"] + c["tx"]) / t)}
    log(f"  tap dropped {out['tap_dropped']}; guest {json.dumps(c)}; "
        f"rx+tx {out['both_pps']} frames/s")
    return out


def run_json(ns: NetNS, log, cmd: list[str], timeout: float) -> dict:
    out = netbench.host(ns, log, cmd, timeout).strip()
    try:
        res = json.loads(out.splitlines()[-1])
    except (IndexError, json.JSONDecodeError):
        res = {"ok": False, "error": f"no result: {out[-300:]!r}"}
    log(f"  {json.dumps(res)}")
    return res


def napkin_mib(g) -> int | None:
    if g.kind not in netbench.NAPKIN_VARIANTS:
        return None
    m = re.search(r"\bmib_rx_ucast\b\D*(\d+)", g.sh("ethtool -S eth0"))
    return int(m.group(1)) if m else None


def run_guest(kind: str, secs: int, rx_rate: int, tap_queues: list[int], rate: int,
              profile: bool, model: set[str], log) -> dict:
    r: dict = {"guest": kind}
    with NetNS(prefix="qrate") as ns:
        tap = ns.add_tap(addr4=netbench.PEER_IP)
        g = netbench.BenchGuest(kind, "sky2", "napi", ns, tap, "rate")
        try:
            log(f"\n## {kind} on napkin-sky2")
            log(f"qemu: {g.cmdline}")
            r["qemu"] = g.cmdline
            netbench.host(ns, log, ["ping", "-q", "-c", "20", "-i", "0.02", "-W", "1",
                                    netbench.GUEST_IP], 30)
            for qlen in tap_queues:
                # The tap's queue is the wire's buffer: how long QEMU may be off
                # the CPU (descheduled on a busy host) before frames are lost.
                ns.run(["ip", "link", "set", tap.name, "txqueuelen", str(qlen)])
                log(f"# rx: raw 60-byte frames, tap queue {qlen} frames")
                r[f"rx_q{qlen}"] = rx_flood(g, ns, tap, secs, rx_rate, profile, model, log)
                r[f"rx_q{qlen}"]["tap_queue"] = qlen
            ns.run(["ip", "link", "set", tap.name, "txqueuelen", "1000"])
            log("# echo: UDP echo requests, replies counted")
            r["echo"] = echo_flood(g, ns, secs, rate, log)
            r["alive_after"] = netbench.answering(ns, log).get("ok", False)
            g.check_device()
            r["device_violations"] = 0
        finally:
            g.stop()
    return r


def table(results: list[dict]) -> str:
    fmt = netbench.fmt
    rows = ["| guest | rx: tap queue | offered fps | guest counted fps | model MIB fps | "
            "tap dropped | QEMU CPU s/s I/O, vCPU | QEMU threads s/s ran, waited for a CPU | "
            "QEMU us/frame | model us/frame | model alone fps |",
            "|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in results:
        for key in sorted(k for k in r if k.startswith("rx_q")):
            rx = r[key]
            cpu = rx.get("qemu_cpu_per_s", {})
            rows.append(
                f"| {r['guest']} | {rx.get('tap_queue')} | "
                f"{fmt(rx.get('result', {}).get('offered_pps'))} | "
                f"{fmt(rx.get('guest_rx_pps'))} | {fmt(rx.get('model_rx_pps'))} | "
                f"{rx.get('tap_dropped', '-')} | {fmt(cpu.get('io'), '.2f')}, "
                f"{fmt(cpu.get('vcpu'), '.2f')} | {fmt(cpu.get('ran_sched'), '.2f')}, "
                f"{fmt(cpu.get('waited_sched'), '.2f')} | "
                f"{fmt(rx.get('qemu_us_per_frame'), '.2f')} | "
                f"{fmt(rx.get('model_us_per_frame'), '.2f')} | "
                f"{fmt(rx.get('model_alone_pps'))} |")
    rows += ["", "| guest | echo: offered req/s | guest rx fps | guest tx fps | rx+tx fps |",
             "|---|---|---|---|---|"]
    for r in results:
        e = r.get("echo", {})
        rows.append(f"| {r['guest']} | {fmt(e.get('result', {}).get('offered_pps'))} | "
                    f"{fmt(e.get('guest_rx_pps'))} | {fmt(e.get('guest_tx_pps'))} | "
                    f"{fmt(e.get('both_pps'))} |")
    return "\n".join(rows)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--guests", default="napkin,linux")
    ap.add_argument("--seconds", type=int, default=5, help="length of each load")
    ap.add_argument("--rx-rate", type=int, default=200000,
                    help="raw frames offered per second (the goal is 100,000 taken)")
    ap.add_argument("--echo-rate", type=int, default=150000,
                    help="UDP echo requests offered per second")
    ap.add_argument("--tap-queues", default="1000,10000",
                    help="tap queue lengths (frames) for the rx load, one run each")
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--perf", action="store_true", help="profile QEMU during the rx load")
    ap.add_argument("--tag", default="qdev-rate")
    args = ap.parse_args()
    if not 1 <= args.seconds <= 60:
        print("qdev_rate: --seconds must be 1..60", file=sys.stderr)
        return 2

    netbench.RESULTS.mkdir(parents=True, exist_ok=True)
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    log = netbench.Log(netbench.RESULTS / f"{args.tag}-{stamp}.txt")
    netbench.build_tools(log)
    build_rawflood(log)
    for line in netbench.machine_lines(["sky2"]):
        log(line)
    log(f"# {' '.join(sys.argv)}")
    model = model_symbols() if args.perf else set()
    tap_queues = [int(q) for q in args.tap_queues.split(",") if q]
    start = time.monotonic()
    results = []
    for rnd in range(args.rounds):
        for kind in args.guests.split(","):
            results.append(run_guest(kind, args.seconds, args.rx_rate, tap_queues,
                                     args.echo_rate, args.perf, model, log))
            results[-1]["round"] = rnd
    log("\n# Summary (fps: frames per second, one port)")
    log("\n" + table(results))
    log(f"\n# goal: {GOAL_PPS} frames/s per port; took {time.monotonic() - start:.0f} s")
    log.path.with_suffix(".json").write_text(
        json.dumps({"machine": netbench.machine_lines(["sky2"]), "results": results},
                   indent=1))
    print(f"written to {log.path} and {log.path.with_suffix('.json').name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
