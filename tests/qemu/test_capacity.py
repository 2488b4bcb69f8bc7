# SPDX-License-Identifier: BSD-2-Clause
"""Connection capacity end to end (issue #18): many short TCP echo
connections at once must all be served, none reset, every byte echoed; a
service at its limit drops new SYNs (the client retries) instead of
resetting connections; a flood of spoofed SYNs leaves real clients served;
4,096 idle connections fit in a 64 MiB machine and all still answer; the
limits and counters show in `mem`.

Two napkin boots on virtio-net (one queue) with a static address, clients
from tests/qemu/conn_peer.py and SYNs from synflood.py in the test's
namespace. About 30 s under TCG.
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from napkin_qemu import Guest  # noqa: E402
from netns import NetNS, require_netns  # noqa: E402

PEER = str(Path(__file__).resolve().parent / "conn_peer.py")
FLOOD = str(Path(__file__).resolve().parent / "synflood.py")
GUEST_MAC = "52:54:00:12:34:56"
GUEST_IP = "192.168.77.2"
# Small enough that 128 clients at a time run into it, so the refusal path is exercised.
DISCARD_LIMIT = 4

@pytest.fixture(scope="module")
def napkin():
    require_netns()
    with NetNS("napkin-cap") as ns:
        tap = ns.add_tap()
        append = (f"console=ttyS0 ipv6.disable=1 discard.max_conns={DISCARD_LIMIT} "
                  f"ip={GUEST_IP}::{tap.addr4}:255.255.255.0:napkin:eth0:off")
        with Guest("capacity", netns=ns, memory=128,
                   netdevs=tap.qemu_args(device_opts=f"mac={GUEST_MAC}"),
                   append=append) as g:
            g.wait_ready(90)
            g.wait_for(rf"eth0: static address {re.escape(GUEST_IP)}", 30)
            yield ns, g, tap


def peer(ns: NetNS, *args: str, timeout: float = 90) -> dict:
    res = ns.run(["python3", PEER, *args, "--host", GUEST_IP], timeout=timeout)
    return json.loads(res.stdout.strip().splitlines()[-1])


def mem(g: Guest) -> str:
    return g.command("mem", 30)


def service_line(out: str, name: str) -> re.Match:
    m = re.search(rf"service {name}\s+tcp/\d+\s+(\d+) connections \(high-water\s+(\d+)\) "
                  rf"of\s+(\d+), (\d+) refused", out)
    assert m, f"no line for {name} in mem:\n{out}"
    return m


def test_capacity_sized_from_memory(napkin):
    ns, g, _ = napkin
    m = g.wait_for(r"capacity: (\d+) KiB of (\d+) MiB for lwIP, (\d+) TCP connections", 1)
    budget, ram, conns = (int(x) for x in m.groups())
    # -m 128: a quarter of what the page allocator found, 2 KiB per connection.
    assert 100 <= ram <= 128 and ram // 4 <= budget // 1024 <= ram // 4 + 1, m.group(0)
    assert conns == budget // 2, m.group(0)
    out = mem(g)
    assert re.search(rf"TCP connections: \d+ \(high-water \d+\) of {conns},", out), out
    assert service_line(out, "discard").group(3) == str(DISCARD_LIMIT)


def test_churn_256_at_a_time_no_resets(napkin):
    ns, g, _ = napkin
    res = peer(ns, "churn", "--total", "3000", "--concurrency", "256", "--size", "200",
               "--rst-every", "3", "--deadline", "120")
    print(json.dumps(res))
    assert res["finished"], res
    assert res["resets"] == 0 and res["timeouts"] == 0 and res["other_errors"] == 0, res
    assert res["wrong_bytes"] == 0 and res["ok"] == 3000, res
    out = mem(g)
    echo = service_line(out, "echo")
    # Far more than the old limit of 16 really were open at once here.
    assert int(echo.group(2)) > 16, out
    assert echo.group(4) == "0", out


def test_service_limit_drops_syns_instead_of_resetting(napkin):
    ns, g, _ = napkin
    before = int(service_line(mem(g), "discard").group(4))
    res = peer(ns, "hold", "--port", "9", "--total", str(DISCARD_LIMIT + 2),
               "--concurrency", str(DISCARD_LIMIT + 2), "--no-check", "--timeout", "3", "--deadline", "20")
    print(json.dumps(res))
    # The limit's worth connect at once; the rest see their SYNs dropped and
    # time out in connect, never a reset.
    assert res["resets"] == 0, res
    assert res["held"] == DISCARD_LIMIT and res["timeouts"] == 2, res
    line = service_line(mem(g), "discard")
    assert int(line.group(4)) > before, line.group(0)
    assert int(line.group(2)) == DISCARD_LIMIT, line.group(0)


def test_syn_flood_leaves_real_clients_served(napkin):
    ns, g, tap = napkin
    flood = ns.popen(["python3", FLOOD, tap.name, GUEST_MAC, GUEST_IP, "7", "10000",
                      tap.subnet4])
    res = peer(ns, "churn", "--total", "500", "--concurrency", "32", "--deadline", "60")
    out, _ = flood.communicate(timeout=60)
    print(out.decode().strip(), json.dumps(res))
    assert json.loads(out.decode().strip().splitlines()[-1])["sent"] == 10000
    assert res["finished"] and res["ok"] == 500, res
    assert res["resets"] == 0 and res["timeouts"] == 0 and res["wrong_bytes"] == 0, res
    out = mem(g)
    m = re.search(r"TCP SYNs: (\d+) seen, \d+ dropped machine full, \d+ dropped service full, "
                  r"\d+ TIME_WAIT recycled, (\d+) half-open recycled, \d+ dropped half-open full",
                  out)
    assert m, out
    # The flood did fill the port's half-open slots, and they were recycled.
    assert int(m.group(1)) >= 10000 and int(m.group(2)) > 0, m.group(0)


def test_4096_idle_connections_at_64_mib():
    require_netns()
    with NetNS("napkin-cap64") as ns:
        tap = ns.add_tap()
        append = (f"console=ttyS0 ipv6.disable=1 "
                  f"ip={GUEST_IP}::{tap.addr4}:255.255.255.0:napkin:eth0:off")
        with Guest("capacity-64m", netns=ns, memory=64, netdevs=tap.qemu_args(),
                   append=append) as g:
            g.wait_ready(90)
            g.wait_for(rf"eth0: static address {re.escape(GUEST_IP)}", 30)
            res = peer(ns, "hold", "--total", "4096", "--concurrency", "64", "--timeout", "20",
                       "--deadline", "90", timeout=120)
            print(json.dumps(res))
            assert res["held"] == 4096 and res["ok"] == 4096, res
            assert res["resets"] == 0 and res["timeouts"] == 0 and res["wrong_bytes"] == 0, res
            out = mem(g)
            m = re.search(r"TCP connections: \d+ \(high-water (\d+)\) of (\d+),", out)
            assert m and int(m.group(1)) >= 4096, out
