#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Network benchmark: napkin against a Linux guest, and napkin under overload.

Both guests run in the same QEMU command line shape (tests/qemu/napkin_qemu.py's
Guest: same -accel tcg, -cpu, -m, -smp, machine and NIC model, on a tap inside
a private network namespace) and are measured with the same host tools from
inside that namespace. NICs QEMU lacks (sky2: napkin's Yukon-2 model as the
device napkin-sky2, tests/qdev/) run both guests in napkin's test QEMU, strict:
a rule either driver breaks stops QEMU and the run fails with the model's line.

  ping      iputils ping, 200 echoes 10 ms apart: RTT min/avg/p50/p99
  udp-rr    netload udp-rr: UDP echo (port 7) with 1 and with 32 requests
            outstanding, 64-byte payloads: requests/s and round trips
  tcp       iperf -c (host to guest, the guest's iperf2 server on 5001),
            netload tcp-recv from chargen (19, guest to host) and
            netload tcp-send to discard (9, host to guest)
  irq/pkt   interrupts per received packet during the 32-outstanding UDP run
            and during iperf: napkin's `irq` and `ifconfig` shell commands,
            Linux's /proc/interrupts and /proc/net/dev, read over the serial
            console before and after

Overload (--flood-nics): napkin in napi.mode=napi, irq and busypoll, and the
Linux guest, each offered UDP echo requests at fixed rates from 0.25x to 10x
napkin's napi-mode closed-loop peak (netload udp-flood, open loop);
delivered = echo replies back at the host, plus what the tap dropped before
QEMU took it, what the guest counted, and the host CPU QEMU's I/O thread and
vCPU threads used. --plot DIR draws the curves (bench/plot_livelock.py,
gnuplot) into DIR/livelock-<nic>.svg.

Why -smp 2: QEMU's TCG leaves guest memory barriers out when the machine has
one vCPU, but virtio's device emulation runs in another host thread, so the
store/fence/load handshake of virtio event indexes (VIRTIO_F_EVENT_IDX) can
lose a notification and stall a queue; at napkin's packet rates it did within
seconds. With two vCPUs TCG emits the barriers. napkin starts no second CPU and
the Linux guest gets maxcpus=1, so each still runs on one CPU.

Everything is bounded: every host command has a timeout, every load a fixed
duration. Results go to bench/results/net-<date>.txt (every command line and
raw result) and .json; the tables are printed at the end.
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "qemu"))
from napkin_qemu import BUILD, Guest, napkin_nic_qemu  # noqa: E402
from netns import NetNS  # noqa: E402

GUEST_IP = "192.168.77.2"
PEER_IP = "192.168.77.1"
MAC = "52:54:00:12:34:56"
NETLOAD = BUILD / "bench" / "netload"
LINUX_DIR = BUILD / "linux-guest"
RESULTS = ROOT / "bench" / "results"
MEMORY = 256
SMP = ["-smp", "2"]


@dataclass(frozen=True)
class Nic:
    device: str
    machine: str
    # Device options besides netdev and mac (the same for both guests).
    opts: str = ""
    # napkin's test QEMU (tests/qdev) instead of the system's: for napkin's own models.
    napkin_qemu: bool = False

    def qemu(self) -> str:
        return napkin_nic_qemu() if self.napkin_qemu else "qemu-system-x86_64"


# napkin as benchmarked, and with its command line changed (e.g. TSO off), by guest name.
NAPKIN_VARIANTS = {
    "napkin": "",
    "napkin-notso": "net.tso=off",
    "napkin-nogtso": "virtio_net.guest_tso=off",
}

NICS = {
    "virtio": Nic("virtio-net-pci", "pc"),
    "e1000": Nic("e1000", "pc"),
    "e1000e": Nic("e1000e", "q35"),
    # A model, not silicon: its speed is QEMU's and the model's, not the chip's.
    "sky2": Nic("napkin-sky2", "q35", "id=nic0,chip=xl,strict=on", napkin_qemu=True),
    "tg3": Nic("napkin-tg3", "q35", "id=nic0,chip=5719,strict=on", napkin_qemu=True),
    "skge": Nic("napkin-skge", "q35", "id=nic0,chip=yukon,strict=on", napkin_qemu=True),
}


class Log:
    """Everything said goes to stdout and to the raw results file."""

    def __init__(self, path: Path):
        self.path = path
        self.f = open(path, "w")

    def __call__(self, text: str = "") -> None:
        print(text, flush=True)
        self.f.write(text + "\n")
        self.f.flush()


def sh(cmd: list[str], timeout: float = 60) -> str:
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout).stdout


def build_tools(log: Log) -> None:
    src = ROOT / "bench" / "tools" / "netload.c"
    if not NETLOAD.exists() or NETLOAD.stat().st_mtime < src.stat().st_mtime:
        NETLOAD.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(["gcc", "-O2", "-Wall", "-Wextra", "-o", str(NETLOAD), str(src)],
                       check=True)
        log(f"# built {NETLOAD.relative_to(ROOT)}")
    if not (LINUX_DIR / "vmlinuz").exists() or not (LINUX_DIR / "initramfs.cpio.gz").exists():
        subprocess.run(["bash", str(ROOT / "bench" / "linux-guest" / "build.sh")], check=True)


# ---- the guests and their counters ----

class BenchGuest:
    """napkin or the Linux guest on a fresh tap, with a static address."""

    def __init__(self, kind: str, nic_name: str, mode: str, ns: NetNS, tap, tag: str):
        self.kind, self.nic_name, self.mode, self.ns = kind, nic_name, mode, ns
        nic = NICS[nic_name]
        netdevs = tap.qemu_args(nic.device, device_opts=",".join(
            o for o in (f"mac={MAC}", nic.opts) if o))
        name = f"bench-{tag}-{nic_name}-{kind}-{mode}"
        if kind in NAPKIN_VARIANTS:
            append = (f"console=ttyS0 napi.mode={mode} ipv6.disable=1 "
                      f"ip={GUEST_IP}::{PEER_IP}:255.255.255.0:napkin:eth0:off "
                      f"{NAPKIN_VARIANTS[kind]}").strip()
            self.g = Guest(name, netns=ns, machine=nic.machine, memory=MEMORY,
                           netdevs=netdevs, extra=SMP, append=append, qemu=nic.qemu())
            self.prompt = r"napkin> "
            self.g.wait_ready(90)
            self.g.wait_for(rf"eth0: static address {re.escape(GUEST_IP)}", 30)
        else:
            append = (f"console=ttyS0 quiet maxcpus=1 ipv6.disable=1 "
                      f"bench.ip={GUEST_IP}/24")
            self.g = Guest(name, netns=ns, machine=nic.machine, memory=MEMORY,
                           netdevs=netdevs, extra=SMP, append=append,
                           kernel_image=LINUX_DIR / "vmlinuz", qemu=nic.qemu(),
                           initrd=LINUX_DIR / "initramfs.cpio.gz")
            self.prompt = r"linux# "
            m = self.g.wait_for(r"linux-guest: ready .* eth0 (\S*)", 120)
            if m.group(1) != f"{GUEST_IP}/24":
                raise RuntimeError(f"Linux guest has no address; log {self.g.log_path}")
        # The host never has to ask for the guest's MAC, even under overload.
        ns.run(["ip", "neigh", "replace", GUEST_IP, "lladdr", MAC, "dev", tap.name,
                "nud", "permanent"])
        self.cmdline = " ".join(self.g.cmd)

    def sh(self, line: str) -> str:
        return self.g.command(line, 60, prompt=self.prompt)

    def counters(self) -> dict:
        return (self._napkin_counters() if self.kind in NAPKIN_VARIANTS
                else self._linux_counters())

    def _napkin_counters(self) -> dict:
        c = {"irqs": 0}
        for m in re.finditer(r"^(\d+)\s+(\d+)\s+\d+\s+\d+\s+(\S+)\s+(\S+)", self.sh("irq"),
                             re.M):
            if m.group(4) != "ttyS":
                c["irqs"] += int(m.group(2))
        out = self.sh("ifconfig eth0")
        m = re.search(r"RX packets (\d+) bytes \d+ errors \d+ dropped (\d+) missed (\d+)", out)
        t = re.search(r"TX packets (\d+) bytes \d+ errors \d+ dropped (\d+)", out)
        if not m or not t:
            raise RuntimeError(f"ifconfig eth0 not understood: {out!r}")
        c["rx"], c["rx_drop"] = int(m.group(1)), int(m.group(2)) + int(m.group(3))
        c["tx"], c["tx_drop"] = int(t.group(1)), int(t.group(2))
        softnet = self.sh("softnet")
        fields = softnet.strip().splitlines()[1].split()
        c["processed"], c["sn_drop"], c["squeeze"] = (int(x, 16) for x in fields[:3])
        # TCP super-segments the NIC cut (TSO): frames handed to it, and what they became.
        m = re.search(r"tso: (\d+) super-segments sent, (\d+) segments", softnet)
        c["tso_frames"], c["tso_segs"] = (int(m.group(1)), int(m.group(2))) if m else (0, 0)
        return c

    def _linux_counters(self) -> dict:
        c = {"irqs": 0}
        for line in self.sh("cat /proc/interrupts").splitlines():
            m = re.match(r"\s*\d+:\s+(\d+)\s+(.*)$", line)
            if m and re.search(r"virtio\d+-(input|output)|\beth\d|\bsky2", m.group(2)):
                c["irqs"] += int(m.group(1))
        m = re.search(r"^\s*eth0:\s*(.*)$", self.sh("cat /proc/net/dev"), re.M)
        if not m:
            raise RuntimeError("no eth0 in /proc/net/dev")
        f = [int(x) for x in m.group(1).split()]
        c["rx"], c["rx_drop"], c["tx"], c["tx_drop"] = f[1], f[3] + f[4], f[9], f[11]
        fields = self.sh("cat /proc/net/softnet_stat").strip().splitlines()[0].split()
        c["processed"], c["sn_drop"], c["squeeze"] = (int(x, 16) for x in fields[:3])
        return c

    def check_device(self) -> None:
        """napkin's models are strict: a broken rule stopped QEMU. Fail the run with
        the model's own line rather than report numbers from a stopped guest."""
        if not NICS[self.nic_name].napkin_qemu:
            return
        bad = [line for line in self.g.output.splitlines() if "violation:" in line]
        if bad or self.g.proc.poll() is not None:
            raise RuntimeError(f"{self.kind} on {self.nic_name}: QEMU exited "
                               f"({self.g.proc.returncode}) or the model saw a broken rule: "
                               f"{bad[:5]}; log {self.g.log_path}")
        count = self.g.monitor("qom-get /machine/peripheral/nic0 violations").strip()
        if count != "0":
            raise RuntimeError(f"{self.kind} on {self.nic_name}: {count} model violations; "
                               f"log {self.g.log_path}")

    def stop(self) -> None:
        self.g.stop()


def qemu_cpu(pid: int) -> dict:
    """Host CPU seconds QEMU's threads used so far: its main thread (the I/O
    thread: tap reads, virtio's transmit bottom half, timers) and the rest
    (the vCPU threads; other workers are idle here); and how often the I/O
    thread went to sleep and was woken (voluntary context switches)."""
    hz = os.sysconf("SC_CLK_TCK")
    out = {"io": 0.0, "vcpu": 0.0, "io_wakeups": 0}
    try:
        tids = os.listdir(f"/proc/{pid}/task")
    except FileNotFoundError:
        return out
    for tid in tids:
        try:
            st = Path(f"/proc/{pid}/task/{tid}/stat").read_text()
        except FileNotFoundError:
            continue
        f = st[st.rindex(")") + 2:].split()
        secs = (int(f[11]) + int(f[12])) / hz  # utime, stime
        out["io" if int(tid) == pid else "vcpu"] += secs
        if int(tid) == pid:
            status = Path(f"/proc/{pid}/task/{tid}/status").read_text()
            m = re.search(r"^voluntary_ctxt_switches:\s+(\d+)", status, re.M)
            out["io_wakeups"] = int(m.group(1)) if m else 0
    return out


def delta(a: dict, b: dict) -> dict:
    return {k: b[k] - a[k] for k in a}


# ---- host-side measurements ----

def host(ns: NetNS, log: Log, cmd: list[str], timeout: float) -> str:
    log(f"$ (in the namespace) {' '.join(cmd)}")
    res = ns.run(cmd, check=False, timeout=timeout)
    return res.stdout


def netload(ns: NetNS, log: Log, *args: str, timeout: float = 60) -> dict:
    out = host(ns, log, [str(NETLOAD), *args], timeout).strip()
    try:
        res = json.loads(out.splitlines()[-1])
    except (IndexError, json.JSONDecodeError):
        res = {"ok": False, "error": f"no result: {out[-300:]!r}"}
    log(f"  {json.dumps(res)}")
    return res


def ping(ns: NetNS, log: Log, count: int = 200) -> dict:
    out = host(ns, log, ["ping", "-n", "-c", str(count), "-i", "0.01", "-W", "1", GUEST_IP],
               timeout=count * 0.01 + 30)
    times = sorted(float(t) for t in re.findall(r"time=([\d.]+) ms", out))
    res = {"sent": count, "received": len(times)}
    if times:
        res.update(min=times[0], avg=round(statistics.mean(times), 3),
                   p50=times[len(times) // 2], p99=times[int((len(times) - 1) * 0.99)],
                   max=times[-1])
    log(f"  {json.dumps(res)}")
    return res


def iperf(ns: NetNS, log: Log, seconds: int) -> dict:
    out = host(ns, log, ["iperf", "-c", GUEST_IP, "-t", str(seconds), "-y", "C"],
               timeout=seconds + 30)
    lines = [line for line in out.strip().splitlines() if line.count(",") >= 8]
    if not lines:
        res = {"ok": False, "error": out[-300:]}
    else:
        f = lines[-1].split(",")
        res = {"ok": True, "bytes": int(f[7]), "mbit_per_s": round(int(f[8]) / 1e6, 1)}
    log(f"  {json.dumps(res)}")
    return res


def tap_dropped(ns: NetNS) -> int:
    """Frames for the guest the tap dropped because QEMU had not taken them."""
    info = json.loads(ns.run(["ip", "-s", "-j", "link", "show", "tap0"]).stdout)
    return int(info[0]["stats64"]["tx"]["dropped"])


def answering(ns: NetNS, log: Log) -> dict:
    return netload(ns, log, "udp-rr", GUEST_IP, "7", "1", "1", "64", timeout=20)


# ---- the two experiments ----

def compare(kind: str, nic_name: str, secs: int, log: Log) -> dict:
    r: dict = {"guest": kind, "nic": nic_name}
    with NetNS(prefix="bench") as ns:
        tap = ns.add_tap(addr4=PEER_IP)
        g = BenchGuest(kind, nic_name, "napi", ns, tap, "cmp")
        try:
            log(f"\n## {kind} on {nic_name}")
            log(f"qemu: {g.cmdline}")
            r["qemu"] = g.cmdline
            time.sleep(1)
            # Warm-up: ARP, link negotiation, the first interrupts.
            host(ns, log, ["ping", "-q", "-c", "50", "-i", "0.02", "-W", "1", GUEST_IP], 30)
            r["ping"] = ping(ns, log)
            r["udp1"] = netload(ns, log, "udp-rr", GUEST_IP, "7", str(secs), "1", "64")
            c0 = g.counters()
            r["udp32"] = netload(ns, log, "udp-rr", GUEST_IP, "7", str(secs), "32", "64")
            c1 = g.counters()
            r["udp32_counters"] = delta(c0, c1)
            log(f"  guest counters: {json.dumps(r['udp32_counters'])}")
            if not r["udp32"].get("ok") and not answering(ns, log).get("ok"):
                log("  !! the guest stopped answering: rebooting it for the TCP runs")
                g.stop()
                g = BenchGuest(kind, nic_name, "napi", ns, tap, "cmp2")
            c0 = g.counters()
            r["iperf"] = iperf(ns, log, secs)
            c1 = g.counters()
            r["iperf_counters"] = delta(c0, c1)
            log(f"  guest counters: {json.dumps(r['iperf_counters'])}")
            c0 = g.counters()
            r["chargen"] = netload(ns, log, "tcp-recv", GUEST_IP, "19", str(secs))
            r["chargen_counters"] = delta(c0, g.counters())
            log(f"  guest counters: {json.dumps(r['chargen_counters'])}")
            r["discard"] = netload(ns, log, "tcp-send", GUEST_IP, "9", str(secs))
            r["alive_after"] = answering(ns, log).get("ok", False)
            g.check_device()
            r["device_violations"] = 0 if NICS[nic_name].napkin_qemu else None
        except Exception:
            # A strict model stops QEMU at the first broken rule; the guest then
            # stops answering and a timeout comes first: name the rule instead.
            g.check_device()
            raise
        finally:
            g.stop()
    return r


def flood(kind: str, mode: str, nic_name: str, base: float, multiples: list[float],
          secs: int, log: Log) -> dict:
    r: dict = {"guest": kind, "mode": mode, "nic": nic_name, "steps": []}
    with NetNS(prefix="bench") as ns:
        tap = ns.add_tap(addr4=PEER_IP)
        g = BenchGuest(kind, nic_name, mode, ns, tap, "flood")
        try:
            log(f"\n## overload: {kind} napi.mode={mode} on {nic_name}" if kind == "napkin"
                else f"\n## overload: linux on {nic_name}")
            log(f"qemu: {g.cmdline}")
            r["qemu"] = g.cmdline
            time.sleep(1)
            r["peak"] = netload(ns, log, "udp-rr", GUEST_IP, "7", "3", "32", "64")
            for mult in multiples:
                rate = int(base * mult)
                c0, d0, h0 = g.counters(), tap_dropped(ns), qemu_cpu(g.g.proc.pid)
                res = netload(ns, log, "udp-flood", GUEST_IP, "7", str(secs), str(rate), "64",
                              timeout=secs * 4 + 30)
                d1, h1 = tap_dropped(ns), qemu_cpu(g.g.proc.pid)
                c = delta(c0, g.counters())
                t = res.get("seconds") or secs
                # Host CPU per wall second of the load (counters read over the
                # console on either side add a little to both).
                cpu = {k: round((h1[k] - h0[k]) / t, 3) for k in h0}
                step = {"multiple": mult, "target_pps": rate, "result": res,
                        "tap_dropped": d1 - d0, "guest": c,
                        "guest_rx_pps": round(c["rx"] / t), "guest_tx_pps": round(c["tx"] / t),
                        "irqs_per_s": round(c["irqs"] / t), "qemu_cpu": cpu}
                log(f"  tap dropped {d1 - d0}; guest counters {json.dumps(c)}; "
                    f"QEMU host CPU per second {json.dumps(cpu)}")
                after = answering(ns, log)
                step["answers_after_rps"] = after.get("rps", 0)
                r["steps"].append(step)
                if not after.get("ok"):
                    log("  !! the guest stopped answering after this step: rebooting it")
                    step["stopped_answering"] = True
                    g.stop()
                    g = BenchGuest(kind, nic_name, mode, ns, tap, "flood2")
        finally:
            g.stop()
    return r


# ---- tables ----

def fmt(v, spec: str = ".0f") -> str:
    return "-" if v is None else format(v, spec)


def per_pkt(c: dict | None) -> float | None:
    if not c or not c.get("rx"):
        return None
    return c["irqs"] / c["rx"]


def per_frame(res: dict | None, c: dict | None, key: str) -> float | None:
    """Payload bytes per frame the guest counted: shows segmentation offloads (TSO/GSO)."""
    if not res or not c or not c.get(key) or not res.get("bytes"):
        return None
    frames = c[key]
    if key == "tx" and "tso_segs" in c:
        # napkin counts wire frames, like Linux; the NIC was handed fewer, larger ones.
        frames = frames - c["tso_segs"] + c["tso_frames"]
    return res["bytes"] / frames if frames > 0 else None


def median_of(results: list[dict], get) -> float | None:
    vals = [v for v in (get(r) for r in results) if v is not None]
    return statistics.median(vals) if vals else None


def median_table(results: list[dict]) -> str:
    """Medians over the rounds, and each guest's TCP against the Linux guest's."""
    cols = [
        ("ping avg ms", lambda r: r.get("ping", {}).get("avg"), ".3f"),
        ("UDP rr 1 req/s", lambda r: r.get("udp1", {}).get("rps"), ".0f"),
        ("UDP rr 32 req/s", lambda r: r.get("udp32", {}).get("rps"), ".0f"),
        ("iperf h->g Mbit/s", lambda r: r.get("iperf", {}).get("mbit_per_s"), ".0f"),
        ("chargen g->h Mbit/s", lambda r: r.get("chargen", {}).get("mbit_per_s"), ".0f"),
        ("discard h->g Mbit/s", lambda r: r.get("discard", {}).get("mbit_per_s"), ".0f"),
        ("bytes/NIC tx frame chargen",
         lambda r: per_frame(r.get("chargen"), r.get("chargen_counters"), "tx"), ".0f"),
    ]
    rounds = len({r.get("round", 0) for r in results})
    head = "| NIC | guest | " + " | ".join(c[0] for c in cols) + \
        " | chargen / linux | iperf / linux |"
    rows = [f"Medians of {rounds} rounds", "", head, "|" + "---|" * (len(cols) + 4)]
    groups: dict[tuple[str, str], list[dict]] = {}
    for r in results:
        groups.setdefault((r["nic"], r["guest"]), []).append(r)
    for (nic, guest), rs in groups.items():
        meds = [median_of(rs, c[1]) for c in cols]
        linux = groups.get((nic, "linux"), [])
        ratios = []
        for key in ("chargen", "iperf"):
            ours = median_of(rs, lambda r, k=key: r.get(k, {}).get("mbit_per_s"))
            theirs = median_of(linux, lambda r, k=key: r.get(k, {}).get("mbit_per_s"))
            ratios.append(f"{ours / theirs:.2f}" if ours and theirs else "-")
        rows.append(f"| {nic} | {guest} | " +
                    " | ".join(fmt(m, c[2]) for m, c in zip(meds, cols)) +
                    f" | {ratios[0]} | {ratios[1]} |")
    return "\n".join(rows)


def compare_table(results: list[dict]) -> str:
    rows = ["| NIC | guest | ping min/avg/p99 ms | UDP rr 1 out: req/s, p99 us | "
            "UDP rr 32 out: req/s | iperf host->guest Mbit/s | chargen guest->host Mbit/s | "
            "discard host->guest Mbit/s | irq/rx pkt UDP | irq/rx pkt iperf | "
            "bytes/rx frame iperf | bytes/tx frame chargen |",
            "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in results:
        p = r.get("ping", {})
        u1, u32 = r.get("udp1", {}), r.get("udp32", {})
        rows.append(
            f"| {r['nic']} | {r['guest']} | {fmt(p.get('min'), '.3f')}/{fmt(p.get('avg'), '.3f')}/"
            f"{fmt(p.get('p99'), '.3f')} ({p.get('received', 0)}/{p.get('sent', 0)}) | "
            f"{fmt(u1.get('rps'))}, {fmt(u1.get('rtt_us', {}).get('p99'), '.0f')} | "
            f"{fmt(u32.get('rps'))} | {fmt(r.get('iperf', {}).get('mbit_per_s'))} | "
            f"{fmt(r.get('chargen', {}).get('mbit_per_s'))} | "
            f"{fmt(r.get('discard', {}).get('mbit_per_s'))} | "
            f"{fmt(per_pkt(r.get('udp32_counters')), '.3f')} | "
            f"{fmt(per_pkt(r.get('iperf_counters')), '.3f')} | "
            f"{fmt(per_frame(r.get('iperf'), r.get('iperf_counters'), 'rx'))} | "
            f"{fmt(per_frame(r.get('chargen'), r.get('chargen_counters'), 'tx'))} |")
    return "\n".join(rows)


def flood_table(results: list[dict]) -> str:
    rows = ["| NIC | guest, mode | closed-loop peak req/s | target pps | offered pps | "
            "dropped at tap /s | guest rx pps | guest tx dropped /s | delivered (replies) pps | "
            "guest irqs/s | QEMU CPU s/s I/O thread, vCPUs | answers after, req/s |",
            "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in results:
        who = f"napkin {r['mode']}" if r["guest"] == "napkin" else "linux"
        for s in r["steps"]:
            res = s["result"]
            t = res.get("seconds") or 1
            cpu = s.get("qemu_cpu", {})
            rows.append(
                f"| {r['nic']} | {who} | {fmt(r.get('peak', {}).get('rps'))} | "
                f"{s['target_pps']} ({s['multiple']:g}x) | {fmt(res.get('offered_pps'))} | "
                f"{s['tap_dropped'] / t:.0f} | {s['guest_rx_pps']} | "
                f"{s['guest'].get('tx_drop', 0) / t:.0f} | "
                f"{fmt(res.get('delivered_pps'))} | {s['irqs_per_s']} | "
                f"{fmt(cpu.get('io'), '.2f')}, {fmt(cpu.get('vcpu'), '.2f')} | "
                f"{s['answers_after_rps']}{' (rebooted)' if s.get('stopped_answering') else ''}"
                " |")
    return "\n".join(rows)


def machine_lines(nics: list[str] = ()) -> list[str]:
    cpu = re.search(r"model name\s*:\s*(.*)", Path("/proc/cpuinfo").read_text())
    commit = sh(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"]).strip()
    dirty = sh(["git", "-C", str(ROOT), "status", "--porcelain", "--untracked-files=no"])
    lines = [f"# date {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%dT%H:%M:%SZ}",
             f"# host {platform.node()}: {os.cpu_count()} CPUs "
             f"({cpu.group(1) if cpu else 'unknown CPU'}), Linux {platform.release()}",
             f"# {sh(['qemu-system-x86_64', '--version']).splitlines()[0]}, -accel tcg",
             f"# napkin {commit}{' (with uncommitted changes)' if dirty else ''}"]
    if any(NICS[n].napkin_qemu for n in nics if n in NICS):
        qemu = napkin_nic_qemu()
        lines.append(f"# napkin's test QEMU (tests/qdev) for {', '.join(nics)}: {qemu}: "
                     f"{sh([qemu, '--version']).splitlines()[0]}")
    version = LINUX_DIR / "VERSION"
    if version.exists():
        lines += [f"# linux guest: {line}" for line in version.read_text().splitlines()]
    return lines


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--nics", default="virtio,e1000,e1000e",
                    help="NIC models to compare napkin and Linux on")
    ap.add_argument("--guests", default="napkin,linux")
    ap.add_argument("--flood-nics", default="virtio,e1000",
                    help="NIC models for the overload run ('' for none)")
    ap.add_argument("--flood-modes", default="napi,irq,busypoll,linux")
    ap.add_argument("--multiples", default="0.25,0.5,1,2,4,10",
                    help="offered rates as multiples of napkin's napi-mode peak")
    ap.add_argument("--seconds", type=int, default=5, help="length of each load run")
    ap.add_argument("--flood-seconds", type=int, default=3)
    ap.add_argument("--tag", default="net", help="results file name prefix")
    ap.add_argument("--plot", type=Path, metavar="DIR",
                    help="draw the overload curves with gnuplot into DIR/livelock-<nic>.svg "
                         "(bench/plot_livelock.py)")
    ap.add_argument("--repeat", type=int, default=1,
                    help="rounds of the comparison (every NIC and guest once a round); "
                         "with more than one, a table of medians follows")
    args = ap.parse_args()
    if os.geteuid() != 0:
        print("netbench: needs root (network namespaces, taps)", file=sys.stderr)
        return 2

    RESULTS.mkdir(parents=True, exist_ok=True)
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    log = Log(RESULTS / f"{args.tag}-{stamp}.txt")
    build_tools(log)
    start = time.monotonic()
    all_nics = [n for n in (args.nics + "," + args.flood_nics).split(",") if n]
    for line in machine_lines(all_nics):
        log(line)
    log(f"# {' '.join(sys.argv)}")

    nics = [n for n in args.nics.split(",") if n]
    flood_nics = [n for n in args.flood_nics.split(",") if n]
    for n in nics + flood_nics:
        if n not in NICS:
            print(f"netbench: unknown NIC '{n}' (known: {', '.join(NICS)})", file=sys.stderr)
            return 2
    compared: list[dict] = []
    for rnd in range(args.repeat):
        for nic in nics:
            for kind in args.guests.split(","):
                compared.append(compare(kind, nic, args.seconds, log))
                compared[-1]["round"] = rnd

    flooded: list[dict] = []
    multiples = [float(x) for x in args.multiples.split(",")]
    for nic in flood_nics:
        # The offered rates are the same for every mode: multiples of napkin's napi peak.
        base = next((r["udp32"].get("rps") for r in compared
                     if r["nic"] == nic and r["guest"] == "napkin" and r["udp32"].get("ok")),
                    None)
        for mode in args.flood_modes.split(","):
            kind = "linux" if mode == "linux" else "napkin"
            if base is None:
                res = flood(kind, mode, nic, 1, [], args.flood_seconds, log)
                base = res["peak"].get("rps") or 50000
                log(f"# base rate for {nic}: {base} req/s")
            flooded.append(flood(kind, mode, nic, base, multiples, args.flood_seconds, log))

    log("\n# Summary")
    if compared:
        log("\n" + compare_table(compared))
    if args.repeat > 1:
        log("\n" + median_table(compared))
    if flooded:
        log("\n" + flood_table(flooded))
    log(f"\n# took {time.monotonic() - start:.0f} s")
    log.path.with_suffix(".json").write_text(
        json.dumps({"machine": machine_lines(all_nics), "compare": compared, "flood": flooded},
                   indent=1))
    print(f"written to {log.path} and {log.path.with_suffix('.json').name}")
    if args.plot and flooded:
        from plot_livelock import plot  # noqa: E402 (gnuplot only when asked)
        for svg in plot(log.path.with_suffix(".json"), args.plot):
            print(f"plotted {svg}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
