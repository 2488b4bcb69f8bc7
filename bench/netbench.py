#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Network benchmark: napkin against a Linux guest, and napkin under overload.

Both guests run in the same QEMU command line shape (tests/qemu/napkin_qemu.py's
Guest: same -accel tcg, -cpu, -m, -smp, machine and NIC model, on a tap inside
a private network namespace) and are measured with the same host tools from
inside that namespace. NICs QEMU lacks (sky2: napkin's Yukon-2 model as the
device napkin-sky2, tests/qdev/) run both guests in napkin's test QEMU, strict:
a rule either driver breaks stops QEMU and the run fails with the model's line.

The guests (--guests; issue #34):
  napkin             as it boots; its sinks measured twice, untouched and
                     touching every byte (sink.touch=, --touch)
  linux-untuned      the anchor of the runs before issue #34: Debian's kernel
                     as it boots (init_on_alloc zeroes every page), a process
                     per connection (echo.c); "linux" is another name for it
  linux-tuned        init_on_alloc=0, the epoll servers (anchor_server.c:
                     backlog 4096, recvmmsg/sendmmsg, a MSG_TRUNC discard on
                     1009 beside the copying one on 9); mitigations as booted
  linux-tuned-nomit  the same with mitigations=off (napkin has none to turn off)
  dpdk               the poll-mode peer: the Linux guest's DPDK variant
                     (bench/linux-guest/build-dpdk.sh). No kernel NIC driver:
                     Debian's dpdk-testpmd polls the NIC through
                     uio_pci_generic on a second vCPU, in icmpecho forwarding
                     for ping and 5tswap (L2-L4 source and destination
                     swapped: a UDP echo from port 7) for the UDP runs. It has
                     no TCP stack: its TCP cells read n/a.
  napkin-busypoll    napkin in napi.mode=busypoll, to set against the poller

  ping      iputils ping, 200 echoes 10 ms apart: RTT min/avg/p50/p99
  udp-rr    netload udp-rr: UDP echo (port 7) with 1 and with 32 requests
            outstanding, 64-byte payloads: requests/s and round trips
  tcp       netload tcp-recv from chargen (19, guest to host); host to guest
            into the sinks: iperf -c to the iperf2 server (5001) and netload
            tcp-send to discard (9). Linux's iperf and discard copy every byte
            to user space: they are "touch" rows, set against napkin with
            sink.touch on. Linux's MSG_TRUNC discard (1009) frees the data
            unread: the "no touch" row, set against napkin's default sinks.
            One is never set against the other.
  cpu       QEMU's host CPU (/proc/PID/stat, all threads) over 5 s idle and
            over 5 s of UDP echo at a tenth of the 32-outstanding peak: a
            poller spins at rest, napkin halts
  irq/pkt   interrupts per received packet during the 32-outstanding UDP run
            and during iperf: napkin's `irq` and `ifconfig` shell commands,
            Linux's /proc/interrupts and /proc/net/dev, read over the serial
            console before and after

Statistics (bench/benchstats.py): --rounds rounds (5 by default); in each, the
guests run in a fresh random order (--order random, seed recorded) or ABBA
(--order abba: the list forward then backward). Each napkin figure is divided
by the anchor's from the same round, and the table gives the minimum, median
and maximum of those paired ratios; a range that reaches 1.0 is a tie. Every
measured phase records the host's busy CPUs (/proc/stat) and each QEMU
thread's CPU time (/proc/PID/task/TID/stat); "other" CPUs are the host's load
that was not this QEMU. The header names the commit that ran and whether the
tree was dirty. Each guest kind's first boot on a NIC records what it ran
with: Linux's negotiated virtio features, ethtool -i/-k/-c, the sysctls that
matter, the CPU vulnerability state and its dmesg.

Overload (--flood-nics): napkin in napi.mode=napi, irq and busypoll, and a
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
import shlex
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

sys.path.insert(0, str(Path(__file__).resolve().parent))
import benchstats  # noqa: E402

GUEST_IP = "192.168.77.2"
PEER_IP = "192.168.77.1"
MAC = "52:54:00:12:34:56"
NETLOAD = BUILD / "bench" / "netload"
LINUX_DIR = BUILD / "linux-guest"
DPDK_INITRD = LINUX_DIR / "initramfs-dpdk.cpio.gz"
RESULTS = ROOT / "bench" / "results"
MEMORY = 256
# The DPDK guest: 128 MiB of 2 MiB hugepages for testpmd's pools on top of
# the Linux guest's 256.
DPDK_MEMORY = 512
DPDK_HUGEPAGES = 64
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
    "napkin-busypoll": "",
}
# Variants that run in another napi.mode than the one asked for (the
# comparison runs napi): busypoll is the mode to set against a polling peer.
NAPKIN_FIXED_MODE = {"napkin-busypoll": "busypoll"}
# The poll-mode peer (issue #34): testpmd in the Linux guest.
DPDK = "dpdk"
# What testpmd ran with: the port's driver, link, offloads and queues.
DPDK_INFO = ["show port info 0"]

# The Linux anchors and what each adds to the common command line (issue #34).
LINUX_VARIANTS = {
    "linux-untuned": "",
    "linux-tuned": "init_on_alloc=0 bench.servers=epoll",
    "linux-tuned-nomit": "init_on_alloc=0 bench.servers=epoll mitigations=off",
}
# Older command lines and the other bench scripts say "linux": the untuned anchor.
LINUX_VARIANTS["linux"] = LINUX_VARIANTS["linux-untuned"]
# Linux's discard that frees the data unread (recv MSG_TRUNC): the epoll servers only.
PORT_DISCARD_TRUNC = 1009
# What the Linux guest ran with, recorded once per kind and NIC.
# (bench/linux-guest/bench-info: virtio features, ethtool -i/-k/-c/-g, sysctls,
# CPU vulnerabilities, servers, dmesg).
LINUX_INFO = ["bench-info"]
# napkin: its settings, sinks, device and its kernel log (negotiated virtio features).
NAPKIN_INFO = ["ifconfig eth0", "set", "sink", "dmesg"]

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
    # Rebuilt when missing or older than what goes in (an initramfs from before
    # issue #34 lacks the tuned anchor's servers and bench-info).
    initramfs = LINUX_DIR / "initramfs.cpio.gz"
    sources = (ROOT / "bench" / "linux-guest").iterdir()
    if (not (LINUX_DIR / "vmlinuz").exists() or not initramfs.exists()
            or any(f.stat().st_mtime > initramfs.stat().st_mtime for f in sources)):
        subprocess.run(["bash", str(ROOT / "bench" / "linux-guest" / "build.sh")], check=True)


def build_dpdk_guest() -> None:
    """The DPDK initramfs carries the normal one inside: rebuilt after it."""
    src = ROOT / "bench" / "linux-guest"
    inputs = [LINUX_DIR / "initramfs.cpio.gz", src / "build-dpdk.sh", src / "init-dpdk"]
    if (not DPDK_INITRD.exists()
            or any(f.stat().st_mtime > DPDK_INITRD.stat().st_mtime for f in inputs)):
        subprocess.run(["bash", str(src / "build-dpdk.sh")], check=True)


# ---- the guests and their counters ----

class BenchGuest:
    """napkin or the Linux guest on a fresh tap, with a static address."""

    def __init__(self, kind: str, nic_name: str, mode: str, ns: NetNS, tap, tag: str):
        mode = NAPKIN_FIXED_MODE.get(kind, mode)
        self.kind, self.nic_name, self.mode, self.ns = kind, nic_name, mode, ns
        nic = NICS[nic_name]
        netdevs = tap.qemu_args(nic.device, device_opts=",".join(
            o for o in (f"mac={MAC}", nic.opts) if o))
        name = f"bench-{tag}-{nic_name}-{kind}-{mode}"
        if kind not in NAPKIN_VARIANTS and kind not in LINUX_VARIANTS and kind != DPDK:
            raise ValueError(f"unknown guest '{kind}' (known: "
                             f"{', '.join([*NAPKIN_VARIANTS, *LINUX_VARIANTS, DPDK])})")
        self.is_napkin = kind in NAPKIN_VARIANTS
        if self.is_napkin:
            append = (f"console=ttyS0 napi.mode={mode} ipv6.disable=1 "
                      f"ip={GUEST_IP}::{PEER_IP}:255.255.255.0:napkin:eth0:off "
                      f"{NAPKIN_VARIANTS[kind]}").strip()
            self.g = Guest(name, netns=ns, machine=nic.machine, memory=MEMORY,
                           netdevs=netdevs, extra=SMP, append=append, qemu=nic.qemu())
            self.prompt = r"napkin> "
            self.g.wait_ready(90)
            self.g.wait_for(rf"eth0: static address {re.escape(GUEST_IP)}", 30)
        elif kind == DPDK:
            # Both vCPUs: testpmd's main lcore keeps the prompt, the other polls.
            append = (f"console=ttyS0 quiet ipv6.disable=1 rdinit=/init-dpdk "
                      f"bench.dpdk=icmpecho bench.hugepages={DPDK_HUGEPAGES}")
            self.g = Guest(name, netns=ns, machine=nic.machine, memory=DPDK_MEMORY,
                           netdevs=netdevs, extra=SMP, append=append,
                           kernel_image=LINUX_DIR / "vmlinuz", qemu=nic.qemu(),
                           initrd=DPDK_INITRD)
            self.prompt = r"testpmd> "
            start = self.g.wait_for(r"dpdk-guest: testpmd on .*", 120).end()
            self.g.wait_for(r"Start automatic packet forwarding", 60, start)
            self.g.wait_for(self.prompt, 30, start)
            self.fwd = "icmpecho"
        else:
            append = (f"console=ttyS0 quiet maxcpus=1 ipv6.disable=1 "
                      f"bench.ip={GUEST_IP}/24 {LINUX_VARIANTS[kind]}").strip()
            self.g = Guest(name, netns=ns, machine=nic.machine, memory=MEMORY,
                           netdevs=netdevs, extra=SMP, append=append,
                           kernel_image=LINUX_DIR / "vmlinuz", qemu=nic.qemu(),
                           initrd=LINUX_DIR / "initramfs.cpio.gz")
            self.prompt = r"linux# "
            m = self.g.wait_for(r"linux-guest: ready .* eth0 (\S*)", 120)
            if m.group(1) != f"{GUEST_IP}/24":
                raise RuntimeError(f"Linux guest has no address; log {self.g.log_path}")
            # The shell's first prompt: typed before it, a command is echoed by the
            # tty and then lost in the shell's start.
            self.g.wait_for(self.prompt, 60, m.end())
        # The host never has to ask for the guest's MAC, even under overload.
        ns.run(["ip", "neigh", "replace", GUEST_IP, "lladdr", MAC, "dev", tap.name,
                "nud", "permanent"])
        self.cmdline = " ".join(self.g.cmd)

    def sh(self, line: str) -> str:
        return self.g.command(line, 60, prompt=self.prompt)

    def info(self) -> dict:
        """What this guest ran with (command outputs), for the results file."""
        cmds = (NAPKIN_INFO if self.is_napkin else DPDK_INFO if self.kind == DPDK
                else LINUX_INFO)
        return {c: self.sh(c) for c in cmds}

    def sink_counters(self) -> dict:
        m = re.search(r"sink: touch (\S+), taken (\d+) bytes, touched (\d+), byte sum (\d+)",
                      self.sh("sink"))
        if not m:
            raise RuntimeError("napkin's sink command not understood")
        return {"taken": int(m.group(2)), "touched": int(m.group(3))}

    def counters(self) -> dict:
        if self.kind == DPDK:
            return self._testpmd_counters()
        return (self._napkin_counters() if self.kind in NAPKIN_VARIANTS
                else self._linux_counters())

    def forward(self, mode: str) -> None:
        """testpmd's forwarding mode: icmpecho for ping, 5tswap for UDP echo."""
        if self.kind != DPDK or self.fwd == mode:
            return
        self.sh("stop")
        out = self.sh(f"set fwd {mode}")
        if f"Set {mode} packet forwarding mode" not in out:
            raise RuntimeError(f"testpmd refused fwd {mode}: {out!r}")
        self.sh("start")
        self.fwd = mode

    def _testpmd_counters(self) -> dict:
        """The port's counters; no interrupts: the port is polled."""
        out = self.sh("show port stats 0")
        m = re.search(r"RX-packets:\s*(\d+)\s+RX-missed:\s*(\d+).*?RX-errors:\s*(\d+)"
                      r".*?RX-nombuf:\s*(\d+).*?TX-packets:\s*(\d+)\s+TX-errors:\s*(\d+)",
                      out, re.S)
        if not m:
            raise RuntimeError(f"testpmd port stats not understood: {out!r}")
        rx, missed, errors, nombuf, tx, tx_err = (int(x) for x in m.groups())
        return {"irqs": 0, "rx": rx, "rx_drop": missed + errors + nombuf, "tx": tx,
                "tx_drop": tx_err}

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


def cpu_at_rest_and_load(g: BenchGuest, ns: NetNS, log: Log, peak: float | None,
                         secs: int = 5) -> dict:
    """QEMU's host CPU seconds per second, all threads, over `secs` idle and over
    `secs` of open-loop UDP echo at a tenth of the closed-loop peak: a polling
    guest spins at rest, a halting one does not."""
    def used(h0: dict, h1: dict) -> float:
        # Whole clock ticks summed first: no -0.00 from float round-off.
        return max(0.0, (h1["io"] + h1["vcpu"]) - (h0["io"] + h0["vcpu"]))

    res: dict = {"seconds": secs}
    h0 = qemu_cpu(g.g.proc.pid)
    time.sleep(secs)
    res["idle"] = round(used(h0, qemu_cpu(g.g.proc.pid)) / secs, 3)
    if peak:
        rate = max(1, int(peak / 10))
        h0 = qemu_cpu(g.g.proc.pid)
        t0 = time.monotonic()
        load = netload(ns, log, "udp-flood", GUEST_IP, "7", str(secs), str(rate), "64",
                       timeout=secs * 4 + 30)
        t = time.monotonic() - t0
        res.update(tenth_pps=rate, tenth=round(used(h0, qemu_cpu(g.g.proc.pid)) / t, 3),
                   tenth_delivered_pps=load.get("delivered_pps"))
    log(f"  QEMU host CPU s/s: {json.dumps(res)}")
    return res


# ---- the two experiments ----

class Phases:
    """Host load during each measured phase of one guest's run: busy CPUs from
    /proc/stat and every QEMU thread's CPU time (benchstats.load_summary)."""

    def __init__(self, log: Log, pid: int):
        self.log, self.pid, self.loads = log, pid, {}

    def __call__(self, name: str, fn):
        stat0, th0, t0 = (benchstats.read_proc_stat(), benchstats.thread_times(self.pid),
                          time.monotonic())
        gen0 = benchstats.children_cpu()
        res = fn()
        stat1, th1, t1 = (benchstats.read_proc_stat(), benchstats.thread_times(self.pid),
                          time.monotonic())
        load = benchstats.load_summary(stat0, stat1, th0, th1, t1 - t0,
                                       benchstats.children_cpu() - gen0)
        self.loads[name] = load
        self.log(f"  host during {name}: {load['busy_cpus']:.2f} of {load['cpus']} CPUs busy, "
                 f"QEMU {load['qemu_cpus']:.2f}, load generator {load['loadgen_cpus']:.2f}, "
                 f"others {load['other_cpus']:.2f}; QEMU threads "
                 + json.dumps({f"{t['name']}/{tid}": t["s"]
                               for tid, t in load["qemu_threads"].items()}))
        return res


def log_info(log: Log, kind: str, nic: str, info: dict) -> None:
    log(f"\n### what {kind} on {nic} ran with")
    for cmd, out in info.items():
        log(f"  $ {cmd}")
        for line in out.strip("\n").splitlines():
            log(f"  | {line.rstrip()}")


def napkin_sinks(g: BenchGuest, ns: NetNS, log: Log, secs: int, touch: str, rnd: int,
                 phase: Phases, r: dict) -> None:
    """napkin's sinks untouched and touched, in an order that alternates by
    round; each touched run must show every byte it took as touched."""
    modes = [("notouch", "off"), ("touch", touch)]
    if rnd % 2:
        modes.reverse()
    for label, mode in modes:
        out = g.sh(f"set sink.touch {mode}")
        if f"sink.touch = {mode}" not in out:
            raise RuntimeError(f"napkin refused sink.touch {mode}: {out!r}")
        s0 = g.sink_counters()
        c0 = g.counters()
        r[f"iperf_{label}"] = phase(f"iperf_{label}", lambda: iperf(ns, log, secs))
        if label == "notouch":
            r["iperf"], r["iperf_counters"] = r["iperf_notouch"], delta(c0, g.counters())
        r[f"discard_{label}"] = phase(f"discard_{label}", lambda: netload(
            ns, log, "tcp-send", GUEST_IP, "9", str(secs)))
        s1 = g.sink_counters()
        took, touched = s1["taken"] - s0["taken"], s1["touched"] - s0["touched"]
        r[f"sink_{label}"] = {"mode": mode, "taken": took, "touched": touched}
        log(f"  napkin's sinks with sink.touch={mode}: took {took} bytes, touched {touched}")
        if not took:
            log("  !! nothing reached napkin's sinks in this phase")
        elif touched != (0 if mode == "off" else took):
            raise RuntimeError(f"sink.touch={mode} touched {touched} of {took} bytes")
    g.sh("set sink.touch off")


def linux_sinks(g: BenchGuest, ns: NetNS, log: Log, secs: int, phase: Phases, r: dict) -> None:
    """Linux's iperf and discard copy every byte to user space; the epoll
    servers' discard on 1009 takes it with MSG_TRUNC, unread."""
    c0 = g.counters()
    r["iperf"] = r["iperf_touch"] = phase("iperf_touch", lambda: iperf(ns, log, secs))
    r["iperf_counters"] = delta(c0, g.counters())
    r["discard_touch"] = phase("discard_touch", lambda: netload(
        ns, log, "tcp-send", GUEST_IP, "9", str(secs)))
    if "bench.servers=epoll" in LINUX_VARIANTS[g.kind]:
        r["discard_notouch"] = phase("discard_notouch", lambda: netload(
            ns, log, "tcp-send", GUEST_IP, str(PORT_DISCARD_TRUNC), str(secs)))


def compare(kind: str, nic_name: str, secs: int, log: Log, touch: str = "copy",
            rnd: int = 0, want_info: bool = False) -> dict:
    r: dict = {"guest": kind, "nic": nic_name, "round": rnd}
    with NetNS(prefix="bench") as ns:
        tap = ns.add_tap(addr4=PEER_IP)
        stat0 = benchstats.read_proc_stat()
        t0 = time.monotonic()
        g = BenchGuest(kind, nic_name, "napi", ns, tap, "cmp")
        r["boot_s"] = round(time.monotonic() - t0, 1)
        phase = Phases(log, g.g.proc.pid)
        try:
            log(f"\n## {kind} on {nic_name}, round {rnd + 1}")
            log(f"qemu: {g.cmdline}")
            r["qemu"] = g.cmdline
            if want_info:
                r["info"] = g.info()
                log_info(log, kind, nic_name, r["info"])
            time.sleep(1)
            # Warm-up: ARP, link negotiation, the first interrupts.
            host(ns, log, ["ping", "-q", "-c", "50", "-i", "0.02", "-W", "1", GUEST_IP], 30)
            r["ping"] = phase("ping", lambda: ping(ns, log))
            g.forward("5tswap")
            r["udp1"] = phase("udp1", lambda: netload(
                ns, log, "udp-rr", GUEST_IP, "7", str(secs), "1", "64"))
            c0 = g.counters()
            r["udp32"] = phase("udp32", lambda: netload(
                ns, log, "udp-rr", GUEST_IP, "7", str(secs), "32", "64"))
            c1 = g.counters()
            r["udp32_counters"] = delta(c0, c1)
            log(f"  guest counters: {json.dumps(r['udp32_counters'])}")
            r["cpu"] = cpu_at_rest_and_load(g, ns, log, r["udp32"].get("rps"))
            if kind == DPDK:
                # testpmd forwards frames; there is no TCP endpoint to measure.
                r["tcp"] = "n/a"
                r["alive_after"] = answering(ns, log).get("ok", False)
                return r
            if not r["udp32"].get("ok") and not answering(ns, log).get("ok"):
                log("  !! the guest stopped answering: rebooting it for the TCP runs")
                g.stop()
                g = BenchGuest(kind, nic_name, "napi", ns, tap, "cmp2")
                phase.pid = g.g.proc.pid
            c0 = g.counters()
            r["chargen"] = phase("chargen", lambda: netload(
                ns, log, "tcp-recv", GUEST_IP, "19", str(secs)))
            r["chargen_counters"] = delta(c0, g.counters())
            log(f"  guest counters: {json.dumps(r['chargen_counters'])}")
            if g.is_napkin:
                napkin_sinks(g, ns, log, secs, touch, rnd, phase, r)
            else:
                linux_sinks(g, ns, log, secs, phase, r)
            log(f"  guest counters during iperf: {json.dumps(r['iperf_counters'])}")
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
            r["load"] = phase.loads
            r["load"]["run"] = benchstats.busy_cpus(stat0, benchstats.read_proc_stat())
    return r


def flood(kind: str, mode: str, nic_name: str, base: float, multiples: list[float],
          secs: int, log: Log) -> dict:
    r: dict = {"guest": kind, "mode": mode, "nic": nic_name, "steps": []}
    with NetNS(prefix="bench") as ns:
        tap = ns.add_tap(addr4=PEER_IP)
        g = BenchGuest(kind, nic_name, mode, ns, tap, "flood")
        try:
            log(f"\n## overload: {kind} napi.mode={mode} on {nic_name}" if kind == "napkin"
                else f"\n## overload: {kind} on {nic_name}")
            log(f"qemu: {g.cmdline}")
            r["qemu"] = g.cmdline
            time.sleep(1)
            g.forward("5tswap")
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
                    g.forward("5tswap")
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


def mbit(key: str):
    return lambda r: (r.get(key) or {}).get("mbit_per_s")


# What is compared, napkin's figure against the anchor's: (label, the value
# of one run, lower is better). Sinks pair like with like:
# napkin touching every byte against Linux copying it to user space, napkin's
# untouched sinks against Linux's MSG_TRUNC discard, never across.
METRICS = [
    ("ping avg ms", lambda r: (r.get("ping") or {}).get("avg"), True),
    # The median round trip: one stall on a shared host moves the mean, not this.
    ("ping p50 ms", lambda r: (r.get("ping") or {}).get("p50"), True),
    ("UDP rr 1 out req/s", lambda r: (r.get("udp1") or {}).get("rps"), False),
    ("UDP rr 32 out req/s", lambda r: (r.get("udp32") or {}).get("rps"), False),
    ("chargen g->h Mbit/s", mbit("chargen"), False),
    ("iperf h->g, touch (Linux: iperf2 copies)", mbit("iperf_touch"), False),
    ("discard h->g, touch (Linux: read() copies)", mbit("discard_touch"), False),
    ("discard h->g, no touch (Linux: recv MSG_TRUNC)", mbit("discard_notouch"), False),
]


def ratio_table(results: list[dict], napkin: str = "napkin") -> str:
    """Paired per-round ratios napkin / anchor for every anchor that ran."""
    rows = [f"Paired per-round ratios {napkin} / anchor: min / median / max over the rounds "
            "(ping: lower is better, so below 1 is napkin ahead; a range reaching 1.0 "
            "is a tie)", "",
            "| NIC | measure | against | napkin / anchor min / median / max | verdict | "
            "rounds |", "|---|---|---|---|---|---|"]
    nics = list(dict.fromkeys(r["nic"] for r in results))
    anchors = [g for g in [*LINUX_VARIANTS, DPDK] if g != "linux"
               and any(r["guest"] == g for r in results)]
    for nic in nics:
        for label, get, lower in METRICS:
            ours = benchstats.round_values(results, nic, napkin, get)
            for anchor in anchors:
                theirs = benchstats.round_values(results, nic, anchor, get)
                s = benchstats.summarize(benchstats.paired_ratios(ours, theirs), lower)
                if not s:
                    continue
                rows.append(f"| {nic} | {label} | {anchor} | {s['min']:.2f} / "
                            f"{s['median']:.2f} / {s['max']:.2f} | {s['verdict']} | "
                            f"{s['n']} |")
    return "\n".join(rows)


def ratio_summaries(results: list[dict], napkin: str = "napkin") -> list[dict]:
    """ratio_table's content for the JSON."""
    out = []
    for nic in dict.fromkeys(r["nic"] for r in results):
        for label, get, lower in METRICS:
            ours = benchstats.round_values(results, nic, napkin, get)
            for anchor in [*LINUX_VARIANTS, DPDK]:
                theirs = benchstats.round_values(results, nic, anchor, get)
                ratios = benchstats.paired_ratios(ours, theirs)
                if ratios:
                    out.append({"nic": nic, "measure": label, "against": anchor,
                                "ratios": [round(x, 4) for x in ratios],
                                **benchstats.summarize(ratios, lower)})
    return out


def median_table(results: list[dict]) -> str:
    """Each guest's own median per measure, for reading; the ratios above are
    what compares them."""
    cols = [m[0] for m in METRICS] + ["bytes/NIC tx frame chargen"]
    gets = [m[1] for m in METRICS] + [
        lambda r: per_frame(r.get("chargen"), r.get("chargen_counters"), "tx")]
    rounds = len({r.get("round", 0) for r in results})
    rows = [f"Each guest's median of {rounds} rounds (not used for the ratios)", "",
            "| NIC | guest | " + " | ".join(cols) + " |", "|" + "---|" * (len(cols) + 2)]
    groups: dict[tuple[str, str], list[dict]] = {}
    for r in results:
        groups.setdefault((r["nic"], r["guest"]), []).append(r)
    for (nic, guest), rs in groups.items():
        meds = []
        for get, col in zip(gets, cols):
            vals = [v for v in (get(x) for x in rs) if v is not None]
            meds.append(fmt(statistics.median(vals) if vals else None,
                            ".3f" if col.startswith("ping") else ".0f"))
        rows.append(f"| {nic} | {guest} | " + " | ".join(meds) + " |")
    return "\n".join(rows)


def compare_table(results: list[dict]) -> str:
    rows = ["| round | NIC | guest | ping min/avg/p99 ms | UDP rr 1 out: req/s, p99 us | "
            "UDP rr 32 out: req/s | chargen g->h Mbit/s | iperf h->g no touch / touch | "
            "discard h->g no touch / touch | irq/rx pkt UDP | irq/rx pkt iperf | "
            "bytes/rx frame iperf | bytes/tx frame chargen | host: others' busy CPUs, max "
            "over phases |",
            "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in results:
        p = r.get("ping", {})
        u1, u32 = r.get("udp1", {}), r.get("udp32", {})
        others = [ld.get("other_cpus") for k, ld in r.get("load", {}).items() if k != "run"]
        others = [x for x in others if x is not None]
        if r.get("tcp") == "n/a":
            # The poll-mode peer has no TCP stack: its TCP cells say so.
            rows.append(
                f"| {r.get('round', 0) + 1} | {r['nic']} | {r['guest']} | "
                f"{fmt(p.get('min'), '.3f')}/{fmt(p.get('avg'), '.3f')}/"
                f"{fmt(p.get('p99'), '.3f')} ({p.get('received', 0)}/{p.get('sent', 0)}) | "
                f"{fmt(u1.get('rps'))}, {fmt(u1.get('rtt_us', {}).get('p99'), '.0f')} | "
                f"{fmt(u32.get('rps'))} | n/a (no TCP) | n/a | n/a | "
                f"{fmt(per_pkt(r.get('udp32_counters')), '.3f')} (polled) | n/a | n/a | n/a | "
                f"{fmt(max(others) if others else None, '.2f')} |")
            continue
        rows.append(
            f"| {r.get('round', 0) + 1} | {r['nic']} | {r['guest']} | "
            f"{fmt(p.get('min'), '.3f')}/{fmt(p.get('avg'), '.3f')}/"
            f"{fmt(p.get('p99'), '.3f')} ({p.get('received', 0)}/{p.get('sent', 0)}) | "
            f"{fmt(u1.get('rps'))}, {fmt(u1.get('rtt_us', {}).get('p99'), '.0f')} | "
            f"{fmt(u32.get('rps'))} | {fmt(mbit('chargen')(r))} | "
            f"{fmt(mbit('iperf_notouch')(r))} / {fmt(mbit('iperf_touch')(r))} | "
            f"{fmt(mbit('discard_notouch')(r))} / {fmt(mbit('discard_touch')(r))} | "
            f"{fmt(per_pkt(r.get('udp32_counters')), '.3f')} | "
            f"{fmt(per_pkt(r.get('iperf_counters')), '.3f')} | "
            f"{fmt(per_frame(r.get('iperf'), r.get('iperf_counters'), 'rx'))} | "
            f"{fmt(per_frame(r.get('chargen'), r.get('chargen_counters'), 'tx'))} | "
            f"{fmt(max(others) if others else None, '.2f')} |")
    return "\n".join(rows)


def load_table(results: list[dict]) -> str:
    """Host load per run: whole-run busy CPUs, and per phase the QEMU process's
    CPUs and everyone else's."""
    rows = ["Host load per run (CPUs busy on average; QEMU = this guest's process, "
            "all threads; gen = the host-side load generator; others = the rest of the "
            "host)", "",
            "| round | NIC | guest | whole run: busy of CPUs | per phase: QEMU / gen / others |",
            "|---|---|---|---|---|"]
    for r in results:
        ld = r.get("load", {})
        run = ld.get("run", {})
        phases = ", ".join(f"{k} {v['qemu_cpus']:.2f}/{v.get('loadgen_cpus', 0):.2f}/"
                           f"{v['other_cpus']:.2f}"
                           for k, v in ld.items() if k != "run")
        rows.append(f"| {r.get('round', 0) + 1} | {r['nic']} | {r['guest']} | "
                    f"{fmt(run.get('busy_cpus'), '.2f')} of {run.get('cpus', '-')} | "
                    f"{phases} |")
    return "\n".join(rows)


def cpu_table(results: list[dict]) -> str:
    rows = ["QEMU's host CPU (all threads, CPU-seconds per second) at rest and at a tenth "
            "of the guest's own 32-outstanding peak", "",
            "| round | NIC | guest | idle 5 s | UDP echo at a tenth of peak: offered pps "
            "(delivered) | CPU there |", "|---|---|---|---|---|---|"]
    for r in results:
        c = r.get("cpu")
        if not c:
            continue
        rows.append(f"| {r.get('round', 0) + 1} | {r['nic']} | {r['guest']} | "
                    f"{fmt(c.get('idle'), '.2f')} | {fmt(c.get('tenth_pps'))} "
                    f"({fmt(c.get('tenth_delivered_pps'))}) | {fmt(c.get('tenth'), '.2f')} |")
    return "\n".join(rows)


def flood_table(results: list[dict]) -> str:
    rows = ["| NIC | guest, mode | closed-loop peak req/s | target pps | offered pps | "
            "dropped at tap /s | guest rx pps | guest tx dropped /s | delivered (replies) pps | "
            "guest irqs/s | QEMU CPU s/s I/O thread, vCPUs | answers after, req/s |",
            "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in results:
        who = f"napkin {r['mode']}" if r["guest"] == "napkin" else r["guest"]
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


def tree_state() -> tuple[str, bool, list[str]]:
    """The commit that runs, whether the tree differs from it, and how. New
    files count (the build takes every *.c of a folder); results files, this
    run's among them, do not."""
    commit = sh(["git", "-C", str(ROOT), "rev-parse", "HEAD"]).strip()
    changed = sh(["git", "-C", str(ROOT), "status", "--porcelain", "--untracked-files=all",
                  "--", ".", ":(exclude)bench/results"]).splitlines()
    return commit, bool(changed), changed


def machine_lines(nics: list[str] = (), dpdk: bool = False) -> list[str]:
    cpu = re.search(r"model name\s*:\s*(.*)", Path("/proc/cpuinfo").read_text())
    commit, dirty, changed = tree_state()
    lines = [f"# date {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%dT%H:%M:%SZ}",
             f"# host {platform.node()}: {os.cpu_count()} CPUs "
             f"({cpu.group(1) if cpu else 'unknown CPU'}), Linux {platform.release()}",
             f"# {sh(['qemu-system-x86_64', '--version']).splitlines()[0]}, -accel tcg",
             f"# napkin commit {commit} dirty={'yes' if dirty else 'no'}"]
    lines += [f"#   changed: {c.strip()}" for c in changed]
    if any(NICS[n].napkin_qemu for n in nics if n in NICS):
        qemu = napkin_nic_qemu()
        lines.append(f"# napkin's test QEMU (tests/qdev) for {', '.join(nics)}: {qemu}: "
                     f"{sh([qemu, '--version']).splitlines()[0]}")
    version = LINUX_DIR / "VERSION"
    if version.exists():
        lines += [f"# linux guest: {line}" for line in version.read_text().splitlines()]
    version = LINUX_DIR / "VERSION-dpdk"
    if dpdk and version.exists():
        lines += [f"# dpdk guest: {line}" for line in version.read_text().splitlines()]
    return lines


def report(res: dict) -> str:
    """The comparison's tables from a results JSON (what the end of a run prints)."""
    compared = res.get("compare", [])
    parts = [line for line in res.get("machine", [])]
    if compared:
        parts += ["", compare_table(compared)]
        if any(r["guest"] == "napkin" for r in compared):
            parts += ["", ratio_table(compared)]
        if any(r["guest"] == "napkin-busypoll" for r in compared):
            parts += ["", ratio_table(compared, "napkin-busypoll")]
        parts += ["", median_table(compared), "", load_table(compared)]
        if any(r.get("cpu") for r in compared):
            parts += ["", cpu_table(compared)]
    if res.get("flood"):
        parts += ["", flood_table(res["flood"])]
    return "\n".join(parts)


def guest_list(text: str) -> list[str]:
    # "linux" in older command lines is the untuned anchor; say so in the tables.
    return ["linux-untuned" if g == "linux" else g for g in text.split(",") if g]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--nics", default="virtio,e1000,e1000e",
                    help="NIC models to compare napkin and Linux on")
    ap.add_argument("--guests", default="napkin,linux-tuned,linux-tuned-nomit,linux-untuned",
                    help="guests to compare: napkin (and NAPKIN_VARIANTS, e.g. "
                         "napkin-busypoll), linux-tuned, linux-tuned-nomit, linux-untuned "
                         "(also 'linux'), dpdk (testpmd, bench/linux-guest/build-dpdk.sh)")
    ap.add_argument("--flood-nics", default="virtio,e1000",
                    help="NIC models for the overload run ('' for none)")
    ap.add_argument("--flood-modes", default="napi,irq,busypoll,linux-tuned",
                    help="napkin's napi modes, Linux anchors and dpdk to flood")
    ap.add_argument("--multiples", default="0.25,0.5,1,2,4,10",
                    help="offered rates as multiples of napkin's napi-mode peak")
    ap.add_argument("--seconds", type=int, default=5, help="length of each load run")
    ap.add_argument("--flood-seconds", type=int, default=3)
    ap.add_argument("--tag", default="net", help="results file name prefix")
    ap.add_argument("--plot", type=Path, metavar="DIR",
                    help="draw the overload curves with gnuplot into DIR/livelock-<nic>.svg "
                         "(bench/plot_livelock.py)")
    ap.add_argument("--rounds", "--repeat", dest="rounds", type=int, default=5,
                    help="rounds of the comparison (every NIC and guest in each)")
    ap.add_argument("--order", choices=["random", "abba"], default="random",
                    help="guest order within a round: a fresh shuffle each round, or the "
                         "list forward then backward (every guest twice a round)")
    ap.add_argument("--seed", type=int, help="seed of the random order (default: from the clock; "
                                             "recorded either way)")
    ap.add_argument("--touch", choices=["copy", "sum"], default="copy",
                    help="napkin's sink.touch mode for the 'touch' rows: copy (like recv() "
                         "into a buffer) or sum (reads every byte)")
    ap.add_argument("--note", default="", help="a line for the header, e.g. why the run was made")
    ap.add_argument("--report", type=Path, metavar="JSON",
                    help="run nothing: print the tables of an earlier run's results JSON")
    args = ap.parse_args()
    if args.report:
        print(report(json.loads(args.report.read_text())))
        return 0
    if os.geteuid() != 0:
        print("netbench: needs root (network namespaces, taps)", file=sys.stderr)
        return 2
    guests = guest_list(args.guests)
    flood_modes = guest_list(args.flood_modes)
    for g in guests + [m for m in flood_modes if m not in ("napi", "irq", "busypoll")]:
        if g not in NAPKIN_VARIANTS and g not in LINUX_VARIANTS and g != DPDK:
            print(f"netbench: unknown guest '{g}'", file=sys.stderr)
            return 2
    seed = args.seed if args.seed is not None else int(time.time())

    RESULTS.mkdir(parents=True, exist_ok=True)
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    log = Log(RESULTS / f"{args.tag}-{stamp}.txt")
    build_tools(log)
    dpdk = DPDK in guests + flood_modes
    if dpdk:
        build_dpdk_guest()
    start = time.monotonic()
    all_nics = [n for n in (args.nics + "," + args.flood_nics).split(",") if n]
    header = machine_lines(all_nics, dpdk)
    if args.note:
        header.append(f"# note: {args.note}")
    for line in header:
        log(line)
    log(f"# {shlex.join(sys.argv)}")
    for kind in guests:
        if kind in LINUX_VARIANTS:
            log(f"# guest {kind}: Linux with '{LINUX_VARIANTS[kind] or '(as Debian boots it)'}'"
                f"{', fork servers' if 'epoll' not in LINUX_VARIANTS[kind] else ''}")
    log(f"# napkin's touch rows: sink.touch={args.touch}")

    nics = [n for n in args.nics.split(",") if n]
    flood_nics = [n for n in args.flood_nics.split(",") if n]
    for n in nics + flood_nics:
        if n not in NICS:
            print(f"netbench: unknown NIC '{n}' (known: {', '.join(NICS)})", file=sys.stderr)
            return 2
    orders = benchstats.round_orders(guests, args.rounds, args.order, seed)
    log(f"# {args.rounds} rounds, order {args.order}"
        f"{f', seed {seed}' if args.order == 'random' else ''}: "
        + "; ".join(" ".join(o) for o in orders))
    compared: list[dict] = []
    seen: set[tuple[str, str]] = set()
    for rnd, order in enumerate(orders):
        for nic in nics:
            for slot, kind in enumerate(order):
                r = compare(kind, nic, args.seconds, log, args.touch, rnd,
                            want_info=(kind, nic) not in seen)
                seen.add((kind, nic))
                r["slot"] = slot
                compared.append(r)

    flooded: list[dict] = []
    multiples = [float(x) for x in args.multiples.split(",")]
    for nic in flood_nics:
        # The offered rates are the same for every mode: multiples of napkin's napi peak.
        base = next((r["udp32"].get("rps") for r in compared
                     if r["nic"] == nic and r["guest"] == "napkin" and r["udp32"].get("ok")),
                    None)
        for mode in flood_modes:
            kind = mode if mode in LINUX_VARIANTS or mode == DPDK else "napkin"
            if base is None:
                res = flood(kind, mode, nic, 1, [], args.flood_seconds, log)
                base = res["peak"].get("rps") or 50000
                log(f"# base rate for {nic}: {base} req/s")
            flooded.append(flood(kind, mode, nic, base, multiples, args.flood_seconds, log))

    log("\n# Summary")
    if args.note:
        log(f"\nNote: {args.note}")
    if compared:
        log("\n" + compare_table(compared))
        anchored = any(g in LINUX_VARIANTS or g == DPDK for g in guests)
        if "napkin" in guests and anchored:
            log("\n" + ratio_table(compared))
        if "napkin-busypoll" in guests and anchored:
            log("\n" + ratio_table(compared, "napkin-busypoll"))
        log("\n" + median_table(compared))
        log("\n" + load_table(compared))
        log("\n" + cpu_table(compared))
    if flooded:
        log("\n" + flood_table(flooded))
    log(f"\n# took {time.monotonic() - start:.0f} s")
    log.path.with_suffix(".json").write_text(
        json.dumps({"machine": header, "argv": sys.argv, "seed": seed, "orders": orders,
                    "ratios": ratio_summaries(compared), "compare": compared,
                    "flood": flooded}, indent=1))
    print(f"written to {log.path} and {log.path.with_suffix('.json').name}")
    if args.plot and flooded:
        from plot_livelock import plot  # noqa: E402 (gnuplot only when asked)
        for svg in plot(log.path.with_suffix(".json"), args.plot):
            print(f"plotted {svg}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
