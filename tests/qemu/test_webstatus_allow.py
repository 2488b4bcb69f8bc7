# SPDX-License-Identifier: BSD-2-Clause
"""Who may read the status page (docs/WEBSTATUS.md, "Who may read it"):
by default the subnets napkin is attached to, else `webstatus.allow=`; a
client outside is reset at once and counted as `forbidden`.

napkin on virtio-net with a static address in 192.168.77.0/24; the test's
namespace reaches it from 192.168.77.1 (attached) and from 10.99.0.1, an
address on the same tap that napkin reaches through its gateway (routed,
not attached). Two boots, about 15 s under TCG.
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from napkin_qemu import Guest  # noqa: E402
from netns import NetNS, require_netns  # noqa: E402

GUEST_IP = "192.168.77.2"
ROUTED_SRC = "10.99.0.1"

# One GET of /stats.json from a chosen source address: the status line (or
# with "body" the JSON), or what went wrong.
CLIENT = r"""
import socket, sys
s = socket.socket()
s.settimeout(10)
s.bind((sys.argv[1], 0))
try:
    s.connect((sys.argv[2], 80))
    s.sendall(b"GET /stats.json HTTP/1.0\r\n\r\n")
    data = b""
    while True:
        chunk = s.recv(65536)
        if not chunk:
            break
        data += chunk
    if not data:
        print("closed")
    elif sys.argv[3] == "body":
        print(data.split(b"\r\n\r\n", 1)[1].decode())
    else:
        print(data.split(b"\r\n", 1)[0].decode())
except ConnectionResetError:
    print("reset")
except socket.timeout:
    print("timeout")
"""


def get_from(ns: NetNS, src: str, what: str = "status") -> str:
    return ns.run(["python3", "-c", CLIENT, src, GUEST_IP, what], timeout=30).stdout.strip()


def boot(ns: NetNS, tap, name: str, extra: str = "") -> Guest:
    append = (f"console=ttyS0 ipv6.disable=1 {extra} "
              f"ip={GUEST_IP}::{tap.addr4}:255.255.255.0:napkin:eth0:off")
    g = Guest(name, netns=ns, memory=128, netdevs=tap.qemu_args(), append=append)
    g.wait_ready(90)
    g.wait_for(rf"eth0: static address {re.escape(GUEST_IP)}", 30)
    return g


def forbidden(g: Guest) -> int:
    m = re.search(r"forbidden (\d+)", g.command("webstatus", 30))
    assert m
    return int(m.group(1))


def test_default_attached_subnets_only():
    require_netns()
    with NetNS("napkin-wsa") as ns:
        tap = ns.add_tap(ipv6=False)
        ns.run(["ip", "addr", "add", f"{ROUTED_SRC}/24", "dev", tap.name])
        with boot(ns, tap, "webstatus-allow-default") as g:
            g.wait_for(r"status page on TCP port 80, at most 8 connections, readable from "
                       r"attached subnets", 1)
            assert get_from(ns, tap.addr4) == "HTTP/1.1 200 OK"
            assert forbidden(g) == 0
            assert get_from(ns, ROUTED_SRC) == "reset"
            g.wait_for(rf"webstatus: refused {re.escape(ROUTED_SRC)}: not in webstatus.allow", 10)
            assert forbidden(g) == 1
            # The page still serves the subnet, and its JSON has the count and the setting.
            body = json.loads(get_from(ns, tap.addr4, "body"))
            assert body["webstatus"]["forbidden"] == 1, body["webstatus"]
            assert body["webstatus"]["allow"] == "attached subnets", body["webstatus"]


def test_allow_list_replaces_default():
    require_netns()
    with NetNS("napkin-wsa2") as ns:
        tap = ns.add_tap(ipv6=False)
        ns.run(["ip", "addr", "add", f"{ROUTED_SRC}/24", "dev", tap.name])
        with boot(ns, tap, "webstatus-allow-list", "webstatus.allow=10.99.0.0/24") as g:
            g.wait_for(r"readable from 10\.99\.0\.0/24", 1)
            assert get_from(ns, ROUTED_SRC) == "HTTP/1.1 200 OK"
            assert get_from(ns, tap.addr4) == "reset"
            assert forbidden(g) == 1
            assert "readable from: 10.99.0.0/24" in g.command("webstatus", 30)


def test_bad_list_keeps_default():
    require_netns()
    with NetNS("napkin-wsa3") as ns:
        tap = ns.add_tap(ipv6=False)
        with boot(ns, tap, "webstatus-allow-bad", "webstatus.allow=10.99.0.0/40") as g:
            g.wait_for(r"webstatus.allow: '10\.99\.0\.0/40' is not an address", 1)
            g.wait_for(r"readable from attached subnets", 1)
            assert get_from(ns, tap.addr4) == "HTTP/1.1 200 OK"
