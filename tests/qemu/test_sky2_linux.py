# SPDX-License-Identifier: BSD-2-Clause
"""Linux's own sky2 driver on napkin's Yukon-2 model (QEMU device napkin-sky2).

Linux's sky2 has run on millions of these chips: what it does, the silicon
accepts. Each variant of the model boots the Linux guest (Debian's kernel and
its sky2.ko, bench/linux-guest) with strict=on, so the first rule Linux breaks
stops QEMU and fails the test with the model's `napkin-sky2: violation:` line.
Then the driver must bind, see the link, answer ping and carry a TCP stream
both ways byte for byte (the peer's data to the guest's echo server and back:
large sends from Linux included). The dual-port XL does it on both ports at
once, each on its own tap.
"""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from napkin_qemu import LOG_DIR, linux_guest_files, napkin_nic_qemu  # noqa: E402
from netns import NetNS, require_netns  # noqa: E402

HERE = Path(__file__).resolve().parent
CHIPS = ["xl", "ec-ultra", "ec", "fe-plus", "optima"]
# The model's names in Linux's probe line ("Yukon-2 XL chip revision 0").
LINUX_NAMES = {"xl": "XL", "ec-ultra": "EC Ultra", "ec": "EC", "fe-plus": "FE+",
               "optima": "Optima"}
PROMPT = r"linux# "
ECHO_BYTES = 1 << 20


def tap_netdev(tap, netdev_id: str) -> list[str]:
    return ["-netdev", f"tap,id={netdev_id},ifname={tap.name},script=no,downscript=no"]


def boot_linux(guest, ns: NetNS, device: str, netdevs: list[str], append: str):
    kernel, initrd = linux_guest_files()
    g = guest(kernel_image=kernel, initrd=initrd, machine="q35", memory=512,
              qemu=napkin_nic_qemu(), netns=ns,
              append="console=ttyS0 quiet " + append,
              netdevs=netdevs + ["-device", device])
    g.wait_for(r"linux-guest: ready", timeout=120)
    g.wait_for(PROMPT, timeout=30)
    # Long command lines must come back unwrapped for the echo to match.
    shell(g, "stty cols 1000")
    return g


def shell(g, line: str, timeout: float = 30) -> str:
    return g.command(line, timeout=timeout, prompt=PROMPT)


def wait_carrier(g, ifname: str) -> None:
    out = shell(g, f"for i in $(seq 100); do [ \"$(cat /sys/class/net/{ifname}/carrier "
                   f"2>/dev/null)\" = 1 ] && break; sleep 0.1; done; "
                   f"echo carrier=$(cat /sys/class/net/{ifname}/carrier)", timeout=60)
    assert "carrier=1" in out, f"{ifname} never saw the link: {out!r}"


def check_port(g, ns: NetNS, ifname: str, addr: str) -> None:
    wait_carrier(g, ifname)
    ping = ns.run(["ping", "-c", "5", "-i", "0.2", "-W", "3", addr], check=False)
    assert ping.returncode == 0, f"ping {addr} ({ifname}):\n{ping.stdout}{ping.stderr}"
    res = ns.run([sys.executable, str(HERE / "net_peer.py"), "tcp-echo", addr,
                  str(ECHO_BYTES)], timeout=180, check=False)
    assert res.returncode == 0, f"TCP echo through {ifname}: {res.stdout}{res.stderr}"
    report = json.loads(res.stdout)
    assert report.get("ok"), report


def assert_no_violations(g) -> None:
    out = g.output
    bad = [line for line in out.splitlines() if "napkin-sky2:" in line]
    assert not bad, "the model saw Linux break its rules:\n" + "\n".join(bad[:20])
    assert g.proc.poll() is None, f"QEMU exited ({g.proc.returncode}); log {g.log_path}"
    # The device's own count agrees (strict=on would have stopped QEMU at the first).
    info = g.monitor("qom-get /machine/peripheral/nic0 violations")
    assert info.strip() == "0", f"violations property: {info!r}"


@pytest.fixture
def netns():
    require_netns()
    with NetNS("sky2lx") as ns:
        yield ns


@pytest.mark.parametrize("chip", CHIPS)
def test_linux_sky2_drives_the_model(guest, netns, chip):
    tap = netns.add_tap("tap0", "192.168.77.1", ipv6=False)
    trace = LOG_DIR / f"sky2-linux-{chip}.trace"
    g = boot_linux(guest, netns,
                   f"napkin-sky2,id=nic0,netdev=n0,chip={chip},strict=on,trace={trace}",
                   tap_netdev(tap, "n0"), "bench.ip=192.168.77.2/24")
    dmesg = shell(g, "dmesg | grep -i sky2")
    assert re.search(rf"Yukon-2 {re.escape(LINUX_NAMES[chip])} chip revision", dmesg), dmesg
    assert re.search(r"sky2 \S+ eth0: addr", dmesg), dmesg
    check_port(g, netns, "eth0", "192.168.77.2")
    assert_no_violations(g)


def test_linux_sky2_dual_port_xl(guest, netns):
    tap0 = netns.add_tap("tap0", "192.168.77.1", ipv6=False)
    tap1 = netns.add_tap("tap1", "192.168.78.1", ipv6=False)
    trace = LOG_DIR / "sky2-linux-xl-dual.trace"
    g = boot_linux(guest, netns,
                   f"napkin-sky2,id=nic0,netdev=n0,netdev1=n1,chip=xl,ports=2,strict=on,"
                   f"mac1=52:54:00:12:34:57,trace={trace}",
                   tap_netdev(tap0, "n0") + tap_netdev(tap1, "n1"),
                   "bench.ip=192.168.77.2/24 bench.ip1=192.168.78.2/24")
    dmesg = shell(g, "dmesg | grep -i sky2")
    assert re.search(r"eth0: addr", dmesg) and re.search(r"eth1: addr", dmesg), dmesg
    check_port(g, netns, "eth0", "192.168.77.2")
    check_port(g, netns, "eth1", "192.168.78.2")
    assert_no_violations(g)
