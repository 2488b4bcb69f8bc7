# SPDX-License-Identifier: BSD-2-Clause
"""The web status page (docs/WEBSTATUS.md), end to end.

napkin runs on QEMU's user network with its port 80 and echo port forwarded
to loopback, as `make run` does. /stats.json is checked against the serial
shell's numbers while echo traffic runs: for a counter, the shell's value
must lie between the JSON fetched just before and the JSON fetched just after
it. Hostile clients (slowloris, oversized headers, garbage, a body, 1,000
connections) must each show in their counter and leave the page, echo and
ping working. Headless Chromium loads the page: its plots draw and redraw,
and a number it shows is within one update of the shell's.
"""
from __future__ import annotations

import json
import re
import shutil
import socket
import threading
import time
import urllib.error
import urllib.request

import pytest

from napkin_qemu import Guest


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Napkin:
    """One guest with the page and echo forwarded to 127.0.0.1."""

    def __init__(self, name: str, append: str = "", guest_port: int = 80):
        self.http = free_port()
        self.echo = free_port()
        fwd = (f"user,id=n0,restrict=on,hostfwd=tcp:127.0.0.1:{self.http}-:{guest_port},"
               f"hostfwd=tcp:127.0.0.1:{self.echo}-:7")
        self.g = Guest(name, append=append,
                       netdevs=["-netdev", fwd, "-device", "virtio-net-pci,netdev=n0"])
        self.g.wait_for(r"napkin> ", 60)
        self.g.wait_for(r"DHCP lease|ip: static", 30)

    def get(self, path: str, timeout: float = 10) -> bytes:
        with urllib.request.urlopen(f"http://127.0.0.1:{self.http}{path}",
                                    timeout=timeout) as r:
            return r.read()

    def stats(self) -> dict:
        return json.loads(self.get("/stats.json"))

    def raw(self, data: bytes, timeout: float = 10) -> bytes:
        """Send data on a fresh connection; return all it answers until closed."""
        with socket.create_connection(("127.0.0.1", self.http), timeout=timeout) as s:
            s.sendall(data)
            out = b""
            while True:
                try:
                    chunk = s.recv(65536)
                except (ConnectionResetError, socket.timeout):
                    break
                if not chunk:
                    break
                out += chunk
            return out

    def echo_ok(self, payload: bytes = b"napkin echo check\n") -> bool:
        with socket.create_connection(("127.0.0.1", self.echo), timeout=10) as s:
            s.sendall(payload)
            got = b""
            while len(got) < len(payload):
                chunk = s.recv(4096)
                if not chunk:
                    break
                got += chunk
            return got == payload

    def webstatus_counters(self) -> dict:
        out = self.g.command("webstatus")
        return {k: int(v) for k, v in re.findall(r"(\w+) (\d+)", out)}


@pytest.fixture(scope="module")
def napkin():
    n = Napkin("test_webstatus")
    yield n
    n.g.stop()


class EchoTraffic:
    """TCP echo round trips in a thread, so counters move while they are compared."""

    def __init__(self, port: int):
        self.port, self.stop, self.rounds = port, threading.Event(), 0
        self.t = threading.Thread(target=self.run, daemon=True)

    def run(self):
        with socket.create_connection(("127.0.0.1", self.port), timeout=10) as s:
            block = bytes(range(256)) * 8
            while not self.stop.is_set():
                s.sendall(block)
                got = 0
                while got < len(block):
                    got += len(s.recv(65536))
                self.rounds += 1

    def __enter__(self):
        self.t.start()
        return self

    def wait_rounds(self, n: int, timeout: float = 30) -> None:
        """Until n round trips are done: the traffic is flowing."""
        deadline = time.monotonic() + timeout
        while self.rounds < n:
            assert self.t.is_alive() and time.monotonic() < deadline, "echo traffic stalled"
            time.sleep(0.05)

    def __exit__(self, *exc):
        self.stop.set()
        self.t.join(10)


def wait_counter(n, name: str, ok, timeout: float = 20) -> None:
    """Until the shell's `webstatus` counter `name` satisfies ok(value)."""
    deadline = time.monotonic() + timeout
    while not ok(n.webstatus_counters()[name]):
        assert time.monotonic() < deadline, f"{name} stuck at {n.webstatus_counters()[name]}"


def between(name, before, shell, after):
    assert before <= shell <= after, f"{name}: json {before} .. {after}, shell {shell}"


def gauge(name, before, shell, after, slack):
    """A value that may go down as well as up (connections open now, frames held now): the
    shell's lies within slack of the two JSON values."""
    lo, hi = min(before, after) - slack, max(before, after) + slack
    assert lo <= shell <= hi, f"{name}: json {before}, {after} (+-{slack}), shell {shell}"


# Every line `softnet` and `mem` print, as the test below reads them: a line of any
# other shape is a counter the shell gained after /stats.json was written.
SOFTNET_LINES = [
    r"processed dropped  squeeze .*",
    r"[0-9a-f]{8,}( [0-9a-f]{8,}){12}",
    r"rounds \d+, polls \d+, out of budget \d+, out of time \d+",
    r"tso: \d+ super-segments sent, \d+ segments merged into them, \d+ bytes "
    r"\(\d+ each on average\)",
    r"gro: \d+ frames merged behind others, \d+ handed up \(\d+ of them merged\), "
    r"\d+ flows pushed out early, (on|off)",
    r"backlog: \d+ queued, \d+ copied out of driver buffers, \d+ kept \(no copy free\), "
    r"\d+ kept \(too big\)",
]
MEM_LINES = [
    r"pages: \d+ KiB total, .*",
    r"page allocator: \d+ allocs, \d+ frees, \d+ failed, \d+ bad frees",
    r"heap: .*",
    r"lwIP heap: \d+ bytes used \(high-water \d+\) of \d+ budget, \d+ over budget, "
    r"\d+ no memory",
    r"TCP connections: \d+ \(high-water \d+\) of \d+, \d+ in TIME_WAIT; half-open \d+ "
    r"per port",
    r"TCP SYNs: \d+ seen, \d+ dropped machine full, \d+ dropped service full, \d+ TIME_WAIT "
    r"recycled, \d+ half-open recycled, \d+ dropped half-open full",
    r"lwIP input: \d+ frames, \d+ ns",
    r"TCP persist timers stopped with nothing left to send: \d+",
    r"TCP send size kept: \d+ MSS options ignored outside the handshake, \d+ opening windows "
    r"under 2 bytes",
    r"IP reassembly: IPv4 \d+ fragments, \d+ refused; IPv6 \d+ fragments, \d+ refused, \d+ "
    r"datagrams made whole with a hole dropped",
    r"service \S+\s+tcp/\d+\s+\d+ connections \(high-water\s+\d+\) of\s+\d+, \d+ refused",
    r"\S+: lwIP took \d+ frames in place, copied \d+, dropped \d+, checksums trusted \d+, "
    r"holds \d+ driver frames now",
    r"lwIP pool \S+\s+\d+ used \(high-water\s+\d+\) of\s+\d+, \d+ failures",
]


def unread_lines(out: str, shapes: list[str]) -> list[str]:
    """The lines of a command's output that match none of the shapes (log lines aside)."""
    return [ln for ln in out.replace("\r", "").split("\n")
            if ln.strip() and not ln.startswith("[")
            and not any(re.fullmatch(p, ln.rstrip()) for p in shapes)]


def test_stats_json_matches_shell_under_traffic(napkin):
    g = napkin.g
    with EchoTraffic(napkin.echo) as traffic:
        traffic.wait_rounds(3)
        a = napkin.stats()
        sh = {c: g.command(c) for c in ("napi", "softnet", "ifconfig", "ethtool -S eth0",
                                         "irq", "mem")}
        b = napkin.stats()
    assert traffic.rounds > 10, "the echo traffic did not run"
    dev_a, dev_b = a["devices"][0], b["devices"][0]
    assert dev_b["stats"]["rx_packets"] > dev_a["stats"]["rx_packets"], "no traffic seen"

    # napi: instance dev weight state polls packets full completions interrupts overrun
    rows = re.findall(r"^(\S+)\s+(\S+)\s+(\d+)\s+\S+\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)"
                      r"\s+(\d+)$", sh["napi"], re.M)
    assert rows, sh["napi"]
    assert {r[0] for r in rows} == {n["name"] for n in b["napi"]}
    for name, dev, weight, *nums in rows:
        na = next(n for n in a["napi"] if n["name"] == name)
        nb = next(n for n in b["napi"] if n["name"] == name)
        assert nb["dev"] == dev and nb["weight"] == int(weight)
        for key, v in zip(("polls", "packets", "full_polls", "completions", "interrupts",
                           "over_budget"), nums):
            between(f"napi {name} {key}", na[key], int(v), nb[key])
    assert f"mode {b['napi_mode']}" in sh["napi"]

    # softnet: hex processed dropped squeeze, then the rounds line
    hexes = re.search(r"^([0-9a-f]{8,}) ([0-9a-f]{8,}) ([0-9a-f]{8,}) ", sh["softnet"], re.M)
    for key, v in zip(("processed", "dropped", "time_squeeze"), hexes.groups()):
        between(f"softnet {key}", a["softnet"][key], int(v, 16), b["softnet"][key])
    m = re.search(r"rounds (\d+), polls (\d+), out of budget (\d+), out of time (\d+)",
                  sh["softnet"])
    for key, v in zip(("rounds", "polls", "budget_exhausted", "time_exhausted"), m.groups()):
        between(f"softnet {key}", a["softnet"][key], int(v), b["softnet"][key])
    m = re.search(r"backlog: \d+ queued, (\d+) copied out of driver buffers, (\d+) kept "
                  r"\(no copy free\), (\d+) kept \(too big\)", sh["softnet"])
    for key, v in zip(("backlog_copied", "backlog_kept_no_copy", "backlog_kept_too_big"),
                      m.groups()):
        between(f"softnet {key}", a["softnet"][key], int(v), b["softnet"][key])
    m = re.search(r"tso: (\d+) super-segments sent, (\d+) segments merged into them, (\d+) "
                  r"bytes", sh["softnet"])
    for key, v in zip(("tx_gso_frames", "tx_gso_segs", "tx_gso_bytes"), m.groups()):
        between(f"softnet {key}", a["softnet"][key], int(v), b["softnet"][key])
    m = re.search(r"gro: (\d+) frames merged behind others, (\d+) handed up \((\d+) of them "
                  r"merged\), (\d+) flows pushed out early, (on|off)", sh["softnet"])
    for key, v in zip(("gro_merged", "gro_delivered", "gro_large", "gro_evicted"), m.groups()):
        between(f"softnet {key}", a["softnet"][key], int(v), b["softnet"][key])
    assert b["softnet"]["gro_enabled"] is (m.group(5) == "on")
    unread = unread_lines(sh["softnet"], SOFTNET_LINES)
    assert not unread, f"softnet prints lines /stats.json does not carry: {unread}"

    # ifconfig: flags, ether, addresses, RX and TX lines
    out = sh["ifconfig"]
    assert f"ether {dev_b['mac']}" in out and f"mtu {dev_b['mtu']}" in out
    assert ("LOWER_UP" in out) == dev_b["link"]
    assert f"inet {dev_b['inet']['addr']} netmask {dev_b['inet']['netmask']}" in out
    for a6 in dev_b["inet6"]:
        assert f"inet6 {a6['addr']}" in out
    rx = re.search(r"RX packets (\d+) bytes (\d+) errors (\d+) dropped (\d+) missed (\d+)", out)
    for key, v in zip(("rx_packets", "rx_bytes", "rx_errors", "rx_dropped",
                       "rx_missed_errors"), rx.groups()):
        between(f"ifconfig {key}", dev_a["stats"][key], int(v), dev_b["stats"][key])
    tx = re.search(r"TX packets (\d+) bytes (\d+) errors (\d+) dropped (\d+)", out)
    for key, v in zip(("tx_packets", "tx_bytes", "tx_errors", "tx_dropped"), tx.groups()):
        between(f"ifconfig {key}", dev_a["stats"][key], int(v), dev_b["stats"][key])

    # napi rx_bytes: counted where the device's rx_bytes is, so the instances of a device
    # add up to it in one answer, and to the shell's RX bytes between two answers.
    for snap in (a, b):
        assert (sum(n["rx_bytes"] for n in snap["napi"])
                == sum(d["stats"]["rx_bytes"] for d in snap["devices"])), snap["napi"]
    eth0_bytes = [sum(n["rx_bytes"] for n in s["napi"] if n["dev"] == dev_b["name"])
                  for s in (a, b)]
    between("napi rx_bytes", eth0_bytes[0], int(rx.group(2)), eth0_bytes[1])

    # ethtool -S: every name, every value
    pairs = re.findall(r"^\s+(\S+): (\d+)$", sh["ethtool -S eth0"], re.M)
    assert pairs and [p[0] for p in pairs] == list(dev_b["ethtool"])
    for name, v in pairs:
        between(f"ethtool {name}", dev_a["ethtool"][name], int(v), dev_b["ethtool"][name])

    # irq: every vector row, and LOC
    # the owner is the rest of the row and may hold spaces ("INTx gsi 11")
    rows = re.findall(r"^(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\S+)\s+(\S.*?)\s*$", sh["irq"], re.M)
    assert {int(r[0]) for r in rows} == {v["vector"] for v in b["irq"]}
    for vec, delivered, spurious, unhandled, mode, owner in rows:
        va = next(v for v in a["irq"] if v["vector"] == int(vec))
        vb = next(v for v in b["irq"] if v["vector"] == int(vec))
        assert (vb["mode"], vb["owner"]) == (mode, owner)
        for key, v in zip(("delivered", "spurious", "unhandled"), (delivered, spurious,
                                                                    unhandled)):
            between(f"irq {vec} {key}", va[key], int(v), vb[key])
    loc = int(re.search(r"^LOC\s+(\d+)", sh["irq"], re.M).group(1))
    between("irq LOC", a["irq_kernel"]["timer"], loc, b["irq_kernel"]["timer"])

    # mem: totals and allocator counters; every lwIP pool's size and failures
    out = sh["mem"]
    m = re.search(r"pages: (\d+) KiB total", out)
    assert int(m.group(1)) == b["mem"]["pages"]["total_kib"]
    m = re.search(r"page allocator: (\d+) allocs, (\d+) frees, (\d+) failed, (\d+) bad", out)
    for key, v in zip(("allocs", "frees", "failed", "bad_frees"), m.groups()):
        between(f"pages {key}", a["mem"]["pages"][key], int(v), b["mem"]["pages"][key])
    m = re.search(r"heap: .* (\d+) allocs, (\d+) frees, (\d+) failed", out)
    for key, v in zip(("allocs", "frees", "failed"), m.groups()):
        between(f"heap {key}", a["mem"]["heap"][key], int(v), b["mem"]["heap"][key])
    pools = re.findall(r"^lwIP pool (\S+)\s+\d+ used \(high-water\s+(\d+)\) of\s+(\d+), (\d+)",
                       out, re.M)
    by_name = {p["name"]: p for p in b["mem"]["net_pools"]}
    assert pools and len(pools) == len(b["mem"]["net_pools"]) - 1
    for name, hwm, avail, failed in pools:
        assert by_name[name]["avail"] == int(avail)
        assert int(hwm) <= by_name[name]["used_hwm"]
        assert int(failed) <= by_name[name]["failed"]

    # mem, the stack's part: heap refusals by cause, TCP admission, input, services, devices
    ma, mb = a["mem"], b["mem"]
    m = re.search(r"lwIP heap: \d+ bytes used \(high-water \d+\) of (\d+) budget, (\d+) over "
                  r"budget, (\d+) no memory", out)
    assert int(m.group(1)) == by_name["heap"]["avail"]
    for key, v in zip(("over_budget", "no_memory"), m.groups()[1:]):
        between(f"net_heap {key}", ma["net_heap"][key], int(v), mb["net_heap"][key])
    for snap in (ma, mb):  # the pool's failures are the two causes together
        assert snap["net_pools"][0]["failed"] == (snap["net_heap"]["over_budget"]
                                                  + snap["net_heap"]["no_memory"])
    m = re.search(r"TCP connections: (\d+) \(high-water (\d+)\) of (\d+), (\d+) in TIME_WAIT; "
                  r"half-open (\d+) per port", out)
    conns, hwm, cmax, tw, half = map(int, m.groups())
    # Each JSON fetch is a connection of its own, open while it is built.
    gauge("tcp connections", ma["tcp"]["connections"], conns, mb["tcp"]["connections"], 2)
    gauge("tcp timewait", ma["tcp"]["timewait"], tw, mb["tcp"]["timewait"], 2)
    between("tcp connections_hwm", ma["tcp"]["connections_hwm"], hwm,
            mb["tcp"]["connections_hwm"])
    assert (mb["tcp"]["connections_max"], mb["tcp"]["half_open_max"]) == (cmax, half)
    assert mb["tcp"]["connections_max"] == by_name["TCP_PCB"]["avail"]
    m = re.search(r"TCP SYNs: (\d+) seen, (\d+) dropped machine full, (\d+) dropped service full, "
                  r"(\d+) TIME_WAIT recycled, (\d+) half-open recycled, (\d+) dropped half-open "
                  r"full", out)
    for key, v in zip(("syns_seen", "syns_dropped_machine_full", "syns_dropped_service_full",
                       "timewait_recycled", "half_open_recycled",
                       "syns_dropped_half_open_full"), m.groups()):
        between(f"tcp {key}", ma["tcp"][key], int(v), mb["tcp"][key])
    assert mb["tcp"]["syns_seen"] > ma["tcp"]["syns_seen"], "the second fetch's SYN not seen"
    m = re.search(r"lwIP input: (\d+) frames, (\d+) ns", out)
    for key, v in zip(("frames", "ns"), m.groups()):
        between(f"stack_input {key}", ma["stack_input"][key], int(v), mb["stack_input"][key])
    assert mb["stack_input"]["frames"] > ma["stack_input"]["frames"]
    m = re.search(r"TCP persist timers stopped with nothing left to send: (\d+)", out)
    between("tcp persist_stopped_empty", ma["tcp"]["persist_stopped_empty"], int(m.group(1)),
            mb["tcp"]["persist_stopped_empty"])
    m = re.search(r"TCP send size kept: (\d+) MSS options ignored outside the handshake, (\d+) "
                  r"opening windows under 2 bytes", out)
    for key, v in zip(("mss_option_ignored", "tiny_opening_window"), m.groups()):
        between(f"tcp {key}", ma["tcp"][key], int(v), mb["tcp"][key])
    m = re.search(r"IP reassembly: IPv4 (\d+) fragments, (\d+) refused; IPv6 (\d+) fragments, "
                  r"(\d+) refused, (\d+) datagrams made whole with a hole dropped", out)
    for key, v in zip(("ip4_fragments", "ip4_refused", "ip6_fragments", "ip6_refused",
                       "ip6_holes_dropped"), m.groups()):
        between(f"reassembly {key}", ma["reassembly"][key], int(v), mb["reassembly"][key])
    services = re.findall(r"^service (\S+)\s+tcp/(\d+)\s+(\d+) connections \(high-water\s+"
                          r"(\d+)\) of\s+(\d+), (\d+) refused$", out, re.M)
    assert services and [sv[0] for sv in services] == [sv["name"] for sv in mb["tcp_services"]]
    for name, port, active, hwm, limit, refused in services:
        sa = next(sv for sv in ma["tcp_services"] if sv["name"] == name)
        sb = next(sv for sv in mb["tcp_services"] if sv["name"] == name)
        assert (sb["port"], sb["limit"]) == (int(port), int(limit))
        gauge(f"service {name} active", sa["active"], int(active), sb["active"], 1)
        between(f"service {name} active_hwm", sa["active_hwm"], int(hwm), sb["active_hwm"])
        between(f"service {name} refused", sa["refused"], int(refused), sb["refused"])
    assert next(sv for sv in mb["tcp_services"] if sv["port"] == 7)["active"] >= 1, \
        "the echo connection is not counted"
    devs = re.findall(r"^(\S+): lwIP took (\d+) frames in place, copied (\d+), dropped (\d+), "
                      r"checksums trusted (\d+), holds (\d+) driver frames now$", out, re.M)
    assert {d[0] for d in devs} == {d["name"] for d in b["devices"] if d["stack_rx"]}
    for name, *nums in devs:
        ra = next(d for d in a["devices"] if d["name"] == name)["stack_rx"]
        rb = next(d for d in b["devices"] if d["name"] == name)["stack_rx"]
        for key, v in zip(("frames", "copied", "dropped", "csum_trusted"), nums):
            between(f"{name} stack_rx {key}", ra[key], int(v), rb[key])
        # Frames lwIP still holds: the echo service's unsent data, a window at most.
        gauge(f"{name} stack_rx held", ra["held"], int(nums[4]), rb["held"], 64)
    assert rb["frames"] > ra["frames"]
    unread = unread_lines(out, MEM_LINES)
    assert not unread, f"mem prints lines /stats.json does not carry: {unread}"


def test_log_returns_records_after_seq(napkin):
    first = json.loads(napkin.get("/log?since=0"))
    assert first["records"] and first["records"][0]["seq"] >= first["first_seq"]
    napkin.g.command('logger -p 4 "webstatus log probe"')
    later = json.loads(napkin.get(f"/log?since={first['next']}"))
    texts = [r["text"] for r in later["records"]]
    assert any("webstatus log probe" in t for t in texts), texts
    assert all(r["seq"] >= first["next"] for r in later["records"])
    assert later["next"] == later["records"][-1]["seq"] + 1


def test_simultaneous_requests_all_answered(napkin):
    """More requests at once than one loop round answers: the rest wait, none is lost."""
    socks = [socket.create_connection(("127.0.0.1", napkin.http), timeout=10)
             for _ in range(8)]
    for s in socks:
        s.sendall(b"GET /stats.json HTTP/1.1\r\nConnection: close\r\n\r\n")
    for s in socks:
        data = b""
        while chunk := s.recv(65536):
            data += chunk
        s.close()
        head, _, body = data.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 200"), head
        length = int(re.search(rb"Content-Length: (\d+)", head).group(1))
        assert len(body) == length
        assert json.loads(body)["version"] == 1


def test_request_then_half_close_is_answered(napkin):
    """`printf 'GET ...' | nc` sends FIN right after the request: it still gets its answer,
    also when its request waits for a later loop round (more at once than one round answers)."""
    socks = [socket.create_connection(("127.0.0.1", napkin.http), timeout=10)
             for _ in range(6)]
    for s in socks:
        s.sendall(b"GET /stats.json HTTP/1.1\r\n\r\n")
        s.shutdown(socket.SHUT_WR)
    for s in socks:
        data = b""
        while chunk := s.recv(65536):
            data += chunk
        s.close()
        head, _, body = data.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 200"), data[:80]
        assert json.loads(body)["version"] == 1


def test_mutated_requests_get_a_status(napkin):
    """Seeded byte-level mutations of real requests: each gets a status line, nothing hangs."""
    import random
    rng = random.Random(15)
    seeds = [b"GET /stats.json HTTP/1.1\r\nHost: x\r\n", b"HEAD / HTTP/1.0\r\n",
             b"GET /log?since=5 HTTP/1.1\r\nConnection: close\r\n"]
    for _ in range(40):
        req = bytearray(rng.choice(seeds))
        for _ in range(rng.randint(1, 6)):
            op, pos = rng.randrange(3), rng.randrange(len(req))
            if op == 0:
                req[pos] = rng.randrange(256)
            elif op == 1:
                req.insert(pos, rng.randrange(256))
            else:
                del req[pos]
        data = napkin.raw(bytes(req).replace(b"\n\n", b"\n") + b"\r\nConnection: close\r\n\r\n")
        assert re.match(rb"HTTP/1\.1 (200|400|404|405|431) ", data), (bytes(req), data[:80])
    assert b'id="plots"' in napkin.get("/")


def test_hostile_clients_are_bounded_and_counted(napkin):
    before = napkin.stats()["webstatus"]

    # Slowloris: headers that never end, a byte now and then.
    slow = [socket.create_connection(("127.0.0.1", napkin.http), timeout=10) for _ in range(3)]
    for s in slow:
        s.sendall(b"GET / HTTP/1.1\r\nX-a: ")

    big = napkin.raw(b"GET / HTTP/1.1\r\nX-big: " + b"a" * 10000 + b"\r\n\r\n")
    assert big.startswith(b"HTTP/1.1 431"), big[:80]
    garbage = napkin.raw(bytes(range(1, 256)) + b"\r\n\r\n")
    assert garbage.startswith(b"HTTP/1.1 400"), garbage[:80]
    post = napkin.raw(b"POST /stats.json HTTP/1.1\r\nContent-Length: 0\r\n\r\n")
    assert post.startswith(b"HTTP/1.1 405"), post[:80]
    body = napkin.raw(b"GET / HTTP/1.1\r\nContent-Length: 5\r\n\r\nhello")
    assert body.startswith(b"HTTP/1.1 400"), body[:80]
    missing = napkin.raw(b"GET /nope HTTP/1.1\r\nConnection: close\r\n\r\n")
    assert missing.startswith(b"HTTP/1.1 404"), missing[:80]

    # 1,000 connections at once, most of them saying nothing.
    refused0 = napkin.webstatus_counters()["refused"]
    flood = []
    for _ in range(1000):
        s = socket.socket()
        s.setblocking(False)
        s.connect_ex(("127.0.0.1", napkin.http))
        flood.append(s)
    # The flood has reached napkin once it refuses connections beyond its limit.
    wait_counter(napkin, "refused", lambda v: v > refused0, timeout=30)
    assert napkin.echo_ok(), "echo failed during the connection flood"
    start = len(napkin.g.output)
    napkin.g.command("ping 10.0.2.2 2", timeout=20)
    napkin.g.wait_for(r"2 packets transmitted, 2 received", 10, start)
    for s in flood:
        s.close()
    for s in slow:
        s.sendall(b"x")  # still trickling...
    time.sleep(5)  # past the 5 s request deadline

    counters = napkin.webstatus_counters()
    after = None
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:  # the page answers again once the flood has drained
        try:
            after = napkin.stats()["webstatus"]
            break
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.5)
    assert after is not None, "the page did not come back after the flood"
    for s in slow:
        s.close()
    assert after["too_large"] >= before["too_large"] + 1
    assert after["bad_requests"] >= before["bad_requests"] + 2
    assert after["bad_methods"] >= before["bad_methods"] + 1
    assert after["not_found"] >= before["not_found"] + 1
    assert after["header_timeouts"] >= before["header_timeouts"] + 3, after
    assert after["refused"] > before["refused"], after
    assert after["active_hwm"] <= after["max_conns"]
    # The shell read the same counters a moment earlier.
    assert before["refused"] < counters["refused"] <= after["refused"]
    assert before["header_timeouts"] < counters["header_timeouts"] <= after["header_timeouts"]
    assert napkin.echo_ok(), "echo failed after the hostile clients"
    assert b'id="plots"' in napkin.get("/")


def test_peer_that_stops_reading_is_reset(napkin):
    """Pipelined requests from a peer that never reads: the answer stalls, and after the
    send deadline (5 s) the connection is reset and counted; echo works meanwhile."""
    before = napkin.stats()["webstatus"]["send_timeouts"]
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    s.connect(("127.0.0.1", napkin.http))
    # ~9 MB of answers, never read: more than the host, QEMU and lwIP buffer between them.
    s.sendall(b"GET / HTTP/1.1\r\n\r\n" * 1000)
    try:
        deadline = time.monotonic() + 35  # QEMU and the host buffer ~3 MB first
        while napkin.stats()["webstatus"]["send_timeouts"] == before:
            assert time.monotonic() < deadline, "a stalled answer was never given up"
            assert napkin.echo_ok()
            time.sleep(1)
    finally:
        s.close()


def test_port_and_connection_limit_settings():
    n = Napkin("test_webstatus_port", append="webstatus.port=8000 webstatus.conns=2",
               guest_port=8000)
    try:
        assert "on TCP port 8000, at most 2 connections" in n.g.command("webstatus")
        held = [socket.create_connection(("127.0.0.1", n.http), timeout=5) for _ in range(2)]
        for s in held:
            s.sendall(b"GET / HTTP/1.1\r\n")  # incomplete: both slots stay taken
        wait_counter(n, "active", lambda v: v == 2)
        third = n.raw(b"GET /stats.json HTTP/1.1\r\n\r\n", timeout=5)
        assert not third.startswith(b"HTTP/"), third[:80]
        assert n.webstatus_counters()["refused"] >= 1
        for s in held:
            s.close()
        wait_counter(n, "active", lambda v: v == 0)
        assert n.stats()["webstatus"]["max_conns"] == 2
    finally:
        n.g.stop()


def test_webstatus_off():
    n = Napkin("test_webstatus_off", append="webstatus=off")
    try:
        assert "webstatus: off" in n.g.command("webstatus")
        assert n.raw(b"GET / HTTP/1.1\r\n\r\n", timeout=5) == b""
        assert n.echo_ok()
    finally:
        n.g.stop()


CHROMEDRIVER = shutil.which("chromedriver")


def test_page_in_headless_chromium(napkin):
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        pytest.fail("python3-selenium is missing: scripts/deps.sh installs it")
    assert shutil.which("chromium") and CHROMEDRIVER, \
        "chromium and chromium-driver are missing: scripts/deps.sh installs them"

    opts = webdriver.ChromeOptions()
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        opts.add_argument(a)
    drv = webdriver.Chrome(service=Service(CHROMEDRIVER), options=opts)
    try:
        drv.set_script_timeout(20)
        drv.get(f"http://127.0.0.1:{napkin.http}/")

        def updates():
            return drv.execute_script("return window.napkin ? window.napkin.updates : 0")

        def wait_updates(n, timeout=15):
            deadline = time.monotonic() + timeout
            while updates() < n:
                assert time.monotonic() < deadline, f"page stuck at {updates()} updates"
                time.sleep(0.1)

        wait_updates(2)
        ids = ["pps", "bps", "napi_pps", "napi_bps", "irq", "polls", "squeeze", "drops", "link"]
        draws = {i: int(drv.execute_script(
            f"return document.getElementById('plot-{i}').dataset.draws")) for i in ids}
        # Lines drawn: the irq plot always has the local timer in colour.
        coloured = drv.execute_script("""
            const c = document.getElementById('plot-irq'), d = c.getContext('2d')
                .getImageData(0, 0, c.width, c.height).data;
            let n = 0;
            for (let i = 0; i < d.length; i += 4)
                if (Math.abs(d[i] - d[i + 1]) > 40 || Math.abs(d[i + 1] - d[i + 2]) > 40) n++;
            return n;""")
        assert coloured > 100, f"the interrupt plot has {coloured} coloured pixels"

        # A shown number against the shell's, within one update.
        cell = "dev-eth0-rx_packets"
        shown_before = int(drv.find_element("id", cell).text)
        out = napkin.g.command("ifconfig eth0")
        shell = int(re.search(r"RX packets (\d+)", out).group(1))
        wait_updates(updates() + 2)
        shown_after = int(drv.find_element("id", cell).text)
        assert shown_before <= shell <= shown_after, (shown_before, shell, shown_after)
        assert shown_after > shown_before, "the table does not update"

        for i in ids:
            now = int(drv.execute_script(
                f"return document.getElementById('plot-{i}').dataset.draws"))
            assert now >= draws[i] + 2, f"plot {i} not redrawn ({draws[i]} -> {now})"
        # The drops plot has the stack's receive drops and the dropped SYNs; the page's own
        # requests arrive on eth0's queue, so its bytes/s is not zero.
        series = drv.execute_script("return window.napkin.series")
        for name in ("eth0 stack rx dropped", "SYNs dropped, machine full",
                     "SYNs dropped, service full", "SYNs dropped, half-open full"):
            assert name in series["drops"], sorted(series["drops"])
        napi_names = {n["name"] for n in napkin.stats()["napi"]}
        assert set(series["napi_bps"]) == napi_names, series["napi_bps"]
        assert series["napi_bps"]["eth0-q0"] > 0, series["napi_bps"]
        assert drv.find_element("id", "pci-00:03.0-irq_mode").text.startswith("MSI")
        assert "napkin: ready" in drv.find_element("id", "log").text
        assert drv.execute_script("return window.napkin.errors") == 0
    finally:
        drv.quit()
