# SPDX-License-Identifier: BSD-2-Clause
"""netconsole to a listener in the guest's namespace: boot log, extended
format with rising sequence numbers, fragments, and a fault's full dump."""
import ast
import os
import re
import select
import subprocess
import time

import pytest

from napkin_qemu import napkin_nic_qemu
from netns import NetNS, require_netns

GUEST_IP = "10.9.0.2"
PEER_IP = "10.9.0.1"
GUEST_MAC = "52:54:00:12:34:56"


class ConsoleNet:
    """The namespace, its tap (the listener's side at PEER_IP) and the guest's NIC on it."""

    def __init__(self):
        self.ns = NetNS(prefix="napkin-nc")
        try:
            self.tap = self.ns.add_tap(addr4=PEER_IP, prefix6=None)
        except Exception:
            self.ns.close()
            raise
        self.peer_mac = self.tap.peer_mac

    def qemu_args(self, model: str = "virtio-net-pci") -> list[str]:
        return self.tap.qemu_args(model, device_opts=f"mac={GUEST_MAC}")

    def close(self) -> None:
        self.ns.close()


@pytest.fixture
def tapnet():
    require_netns()
    t = ConsoleNet()
    yield t
    t.close()


def rx_counters(g) -> tuple[int, int]:
    """The guest's eth0 receive packets and bytes (ifconfig)."""
    m = re.search(r"RX packets (\d+) bytes (\d+)", g.command("ifconfig eth0"))
    assert m, g.output[-2000:]
    return int(m.group(1)), int(m.group(2))


def wait_rx_bytes(g, more: int, timeout: float = 30) -> None:
    """Until the guest has received `more` bytes beyond now: the load has reached it."""
    start = rx_counters(g)[1]
    deadline = time.monotonic() + timeout
    while rx_counters(g)[1] < start + more:
        assert time.monotonic() < deadline, f"fewer than {more} bytes arrived in {timeout} s"


def datagrams_until(listener, last: str, timeout: float = 60) -> list[str]:
    """The datagrams received up to and including the one holding `last` (the event
    that ends the test's traffic); then the listener is stopped."""
    col = Collector(listener)
    arrived = col.wait_for(last, timeout)
    listener.kill()
    listener.communicate(timeout=10)
    assert arrived, f"{last!r} never arrived; got {len(col.msgs)} datagrams: {col.msgs[-5:]}"
    return col.msgs


@pytest.mark.parametrize("apic", ["xapic", "x2apic"])
def test_plain_boot_log_and_fault_dump(guest, tapnet, apic):
    """x2apic: on napkin's test QEMU (QEMU 10) with an x2APIC CPU, where the
    installed QEMU 7.2 has none, so the LAPIC runs through its MSRs."""
    listener = tapnet.ns.udp_listener(6666, 25)
    cpu = {"qemu": napkin_nic_qemu(), "cpu": "max,+x2apic"} if apic == "x2apic" else {}
    g = guest(append=f"netconsole=@{GUEST_IP}/,@10.9.0.1/ fault=pagefault test_exit",
              netdevs=tapnet.qemu_args(), netns=tapnet.ns, **cpu)
    g.wait_exit(60)
    lines = "".join(datagrams_until(listener, "end Kernel panic"))
    # Lines logged before the network was up arrive from the ring.
    assert "napkin 0.1 booting" in lines
    assert "tsc: " in lines
    mode = "x2APIC mode (the CPU has it;" if apic == "x2apic" else "xAPIC mode (the CPU has no"
    assert f"lapic: {mode}" in lines, g.log_path
    # The whole dump of the fault went out before the machine stopped.
    assert "unable to handle page fault at address 00000deadbeef000" in lines
    assert "Call trace:" in lines and "fault_unmapped_address" in lines
    assert "end Kernel panic" in lines


def test_extended_format_sequence_numbers(guest, tapnet):
    # The listener outlives the guest's 60 s: a loaded host boots slowly.
    listener = tapnet.ns.udp_listener(6666, 70)
    # With the target's MAC given, netconsole needs no ARP and is ready at once.
    g = guest(append=f"netconsole=+@{GUEST_IP}/,@10.9.0.1/{tapnet.peer_mac} "
              "test_exit exit_status=0",
              netdevs=tapnet.qemu_args(), netns=tapnet.ns)
    g.wait_exit(60)
    msgs = datagrams_until(listener, "exiting QEMU with status 0")
    seqs = []
    for m in msgs:
        hdr, _, text = m.partition(";")
        fields = hdr.split(",")
        level, seq, ts = int(fields[0]), int(fields[1]), int(fields[2])
        assert 0 <= level <= 7 and fields[3] == "-"
        assert text.endswith("\n")
        seqs.append(seq)
    assert seqs == sorted(seqs) and len(set(seqs)) == len(seqs)
    assert seqs[0] == 0, "the boot log from the first record"
    assert any("napkin: ready" in m for m in msgs)


def test_broadcast_target_of_the_subnet(guest, tapnet):
    """netconsole=...@broadcast/: the subnet's broadcast address, no ARP, no listener address."""
    listener = tapnet.ns.udp_listener(6666, 90)
    g = guest(append=f"ip={GUEST_IP}:::255.255.255.0::eth0:off netconsole=@/,6666@broadcast/",
              netdevs=tapnet.qemu_args(), netns=tapnet.ns)
    g.wait_for(r"napkin> ", 60)
    ready = r"target 10\.9\.0\.255:6666 via eth0 from 10\.9\.0\.2:6665 \(broadcast\) ready"
    assert re.search(ready, g.output), g.output[-2000:]
    assert re.search(r"^0: 10\.9\.0\.255:6666 via eth0 ready broadcast lines \d+",
                     g.command("netconsole"), re.M)
    g.command("logger broadcast probe")
    lines = "".join(datagrams_until(listener, "broadcast probe"))
    assert "napkin 0.1 booting" in lines and "napkin: ready" in lines
    assert "broadcast probe" in lines


def test_bad_netconsole_value_is_named(guest):
    g = guest(append="netconsole=@/,@10.9.0/")
    g.wait_ready(60)
    assert re.search(r'invalid value "@/,@10\.9\.0/" for netconsole: target 1: target IP',
                     g.output)


def test_shell_adds_lists_and_removes_targets(guest, tapnet):
    listener = tapnet.ns.udp_listener(6667, 40)
    g = guest(append="", netdevs=tapnet.qemu_args(), netns=tapnet.ns)
    g.wait_for(r"napkin> ", 60)
    assert "bad target" in g.command("netconsole add @/,@10.9.0/")
    assert g.command("netconsole").strip() == ""
    out = g.command(f"netconsole add 6665@{GUEST_IP}/eth0,6667@10.9.0.1/{tapnet.peer_mac}")
    assert "target 0 added" in out
    assert re.search(r"^0: 10\.9\.0\.1:6667 via eth0 ready lines \d+", g.command("netconsole"),
                     re.M)
    g.command("uptime")  # the shell's own output is not logged; a log line is:
    g.command("set loglevel 7")
    # The catch-up from the ring reached the new target.
    lines = "".join(datagrams_until(listener, "napkin: ready"))
    assert "napkin 0.1 booting" in lines
    assert "target 0 removed" in g.command("netconsole del 0")
    assert "no target '0'" in g.command("netconsole del 0")


PEER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "net_peer.py")
# Datagrams to the discard port from the namespace, as fast as Python sends
# them, bounded in count and time.
UDP_FLOOD = ("import socket, sys, time\n"
             "s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)\n"
             "end, n = time.time() + float(sys.argv[2]), 0\n"
             "while time.time() < end and n < 20000000:\n"
             "    try:\n"
             "        s.sendto(b'x' * 64, (sys.argv[1], 9)); n += 1\n"
             "    except OSError:\n"
             "        pass\n"
             "print(n)\n")


class Collector:
    """Reads the listener's datagrams as they come, so a test can wait for one.
    Reads the pipe's descriptor directly: a buffered reader would hold lines
    that select() no longer reports."""

    def __init__(self, listener):
        self.fd = listener.stdout.fileno()
        self.partial = b""
        self.msgs: list[str] = []

    def wait_for(self, text: str, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        seen = 0
        while True:
            if any(text in m for m in self.msgs[seen:]):
                return True
            seen = len(self.msgs)
            if time.monotonic() >= deadline:
                return False
            ready, _, _ = select.select([self.fd], [], [], 0.5)
            if ready:
                chunk = os.read(self.fd, 1 << 20)
                if not chunk:
                    return False
                *lines, self.partial = (self.partial + chunk).split(b"\n")
                self.msgs += [ast.literal_eval(ln.decode()).decode() for ln in lines if ln]


def seq_gaps(msgs: list[str]) -> list[tuple[int, int]]:
    seqs = sorted({int(m.split(",")[1]) for m in msgs})
    return [(a, b) for a, b in zip(seqs, seqs[1:]) if b != a + 1]


def netconsole_counters(g) -> dict:
    m = re.search(r"^0: .* ready extended lines (\d+) datagrams (\d+) lost (\d+) deferred (\d+)",
                  g.command("netconsole"), re.M)
    assert m, g.output[-2000:]
    return dict(zip(["lines", "datagrams", "lost", "deferred"], map(int, m.groups())))


@pytest.mark.parametrize("model", ["virtio-net-pci", "e1000"])
def test_every_line_arrives_under_flood_and_tcp_load(guest, tapnet, model):
    """netconsole shares the NIC with a receive flood and with a TCP transfer;
    every log record still arrives, once, in order, and the guest's counters
    agree with what the listener got."""
    listener = tapnet.ns.udp_listener(6666, 170)
    col = Collector(listener)
    g = guest(append=f"ip={GUEST_IP}::10.9.0.1:255.255.255.0::eth0:off loglevel=8 "
              f"netconsole=+@{GUEST_IP}/,@10.9.0.1/{tapnet.peer_mac}",
              netdevs=tapnet.qemu_args(model), netns=tapnet.ns, memory=256)
    g.wait_for(r"napkin> ", 60)
    assert col.wait_for("napkin: ready", 30)
    assert "usage: logger" in g.command("logger -p 9 bad level")

    flood = tapnet.ns.popen(["python3", "-c", UDP_FLOOD, GUEST_IP, "10"],
                            stdout=subprocess.PIPE, text=True)
    wait_rx_bytes(g, 100_000)  # the flood is arriving
    g.command("logger -n 1500 flood-mark", 90)
    assert flood.poll() is None, "the flood ended before the lines were logged"
    flood_sent = int(flood.communicate(timeout=60)[0])
    assert flood_sent > 10000, flood_sent

    # TCP load: an iperf2 run into the guest, long enough to outlast the lines.
    start = len(g.output)
    iperf = tapnet.ns.popen(["iperf", "-c", GUEST_IP, "-t", "8", "-y", "C"],
                            stdout=subprocess.PIPE, text=True)
    wait_rx_bytes(g, 1_000_000)  # the transfer is under way
    g.command("logger -n 1500 tcp-mark", 90)
    assert iperf.poll() is None, "the TCP run ended before the lines were logged"
    out = iperf.communicate(timeout=60)[0]
    assert iperf.returncode == 0 and int(out.strip().split(",")[7]) > 1_000_000, out
    m = g.wait_for(r"iperf: \S+ port \d+: (.*), (\d+) bytes in", 15, start)
    assert m.group(1) == "done", m.group(0)
    print(f"{model}: {flood_sent} flood datagrams, iperf {out.strip().split(',')[8]} bit/s")

    g.command("logger end-mark")
    arrived = col.wait_for("end-mark", 60)
    counters = netconsole_counters(g)
    assert arrived, f"the last line never arrived; guest counters {counters}, " \
        f"{len(col.msgs)} datagrams received, host UDP errors {tapnet.ns.udp_errors()}, " \
        f"gaps {seq_gaps(col.msgs)}"

    seqs, texts = [], []
    for m in col.msgs:
        hdr, _, text = m.partition(";")
        fields = hdr.split(",")
        if any(f.startswith("ncfrag=") for f in fields[4:]):
            continue  # fragments of a long record: counted by their first piece below
        seqs.append(int(fields[1]))
        texts.append(text)
    # With loglevel=8 every record goes out: the sequence has no gap and no repeat.
    assert seqs == list(range(seqs[0], seqs[0] + len(seqs))), \
        [(a, b) for a, b in zip(seqs, seqs[1:]) if b != a + 1][:10]
    assert seqs[0] == 0
    for mark in ("flood-mark", "tcp-mark"):
        got = [t for t in texts if t.startswith(mark)]
        assert got == [f"{mark} #{i}/1500\n" for i in range(1, 1501)], \
            f"{mark}: {len(got)} of 1500 arrived"
    # The guest saw the same: every line it sent arrived, none was lost to
    # the ring. (Lines logged from inside the driver's poll wait: deferred.)
    assert counters["lost"] == 0, counters
    col.wait_for("(drain whatever is still on its way)", 1.0)
    assert len(col.msgs) >= counters["datagrams"], (counters, len(col.msgs))
    print(f"{model}: {len(seqs)} records, netconsole {counters}")


def test_two_boxes_one_listener(guest):
    """A rack's logs at one listener (docs/HARDWARE.md "Boot a rack"): two guests on two
    taps send their extended-format log to the same UDP port. Each datagram's source
    address says which box sent it; per box, the sequence numbers run from 0 without a
    gap or a step back however the two streams interleave."""
    require_netns()
    boxes = {"10.9.0.2": "10.9.0.1", "10.9.1.2": "10.9.1.1"}  # guest -> its peer on the tap
    with NetNS(prefix="napkin-nc2") as ns:
        code = ("import socket, time, sys\n"
                "s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)\n"
                "s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 8 << 20)\n"
                "s.bind(('', 6666))\n"
                "s.settimeout(0.2)\n"
                "print(repr(b'ready'), flush=True)\n"
                "end = time.time() + 100\n"
                "while time.time() < end:\n"
                "    try:\n"
                "        d, a = s.recvfrom(65536)\n"
                "    except socket.timeout:\n"
                "        continue\n"
                "    print(repr(a[0].encode() + b' ' + d), flush=True)\n")
        listener = ns.popen(["python3", "-c", code])
        col = Collector(listener)
        assert col.wait_for("ready", 20), "listener did not start"
        guests = {}
        for i, (ip, peer) in enumerate(boxes.items()):
            tap = ns.add_tap(f"tap{i}", addr4=peer, prefix6=None)
            guests[ip] = guest(append=f"ip={ip}:::255.255.255.0::eth0:off "
                               f"netconsole=+@{ip}/,6666@{peer}/{tap.peer_mac}",
                               netdevs=tap.qemu_args("virtio-net-pci",
                                                     device_opts=f"mac=52:54:00:12:34:5{i}"),
                               netns=ns)
        for g in guests.values():
            g.wait_ready(90)
        # The boot report again from both at once (the shell's hwinfo logs it): the end
        # of each box's log, sent while the other box sends too.
        for g in guests.values():
            g.write("hwinfo\r")
        ends = lambda: {ip: sum(m.startswith(ip + " ") and "hwinfo: end of report" in m
                                for m in col.msgs) for ip in boxes}
        deadline = time.monotonic() + 60
        while min(ends().values()) < 2:
            assert time.monotonic() < deadline, (ends(), col.msgs[-3:])
            col.wait_for("\0 (reads for half a second)", 0.5)
        listener.kill()
        listener.communicate(timeout=10)

    per_box: dict[str, list[tuple[int, str]]] = {ip: [] for ip in boxes}
    order = []
    for m in col.msgs[1:]:
        src, _, payload = m.partition(" ")
        assert src in per_box, f"a datagram from {src}: {payload[:80]!r}"
        hdr, _, text = payload.partition(";")
        per_box[src].append((int(hdr.split(",")[1]), text))
        order.append(src)
    for ip, records in per_box.items():
        seqs = [s for s, _ in records]
        assert seqs and seqs[0] == 0, (ip, seqs[:5])
        assert seqs == list(range(len(seqs))), f"{ip}: gaps or steps back in {seqs}"
        texts = "".join(t for _, t in records)
        assert f"ip={ip}:::" in texts, f"{ip}'s own command line is not in its stream"
        other = next(o for o in boxes if o != ip)
        assert f"ip={other}:::" not in texts, f"{ip}'s stream has {other}'s command line"
        assert "napkin: ready" in texts and texts.count("hwinfo: end of report") == 2
    # The two streams really met at the listener: both sent while the other was sending.
    switches = sum(a != b for a, b in zip(order, order[1:]))
    assert switches >= 1, "one box's log arrived whole before the other's began"
