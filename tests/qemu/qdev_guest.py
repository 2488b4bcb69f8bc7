# SPDX-License-Identifier: BSD-2-Clause
"""What the tests on napkin's NIC models as QEMU devices (tests/qdev/) share:
the tap netdev, the model's violation check, the Linux guest's boot and
shell (test_*_linux.py), and napkin's peers and counters (test_sky2.py,
test_skge.py, test_tg3.py)."""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from napkin_qemu import linux_guest_files, napkin_nic_qemu  # noqa: E402
from netns import NetNS  # noqa: E402

HERE = Path(__file__).resolve().parent
PEER = str(HERE / "net_peer.py")
PROMPT = r"linux# "


def tap_netdev(tap, netdev_id: str) -> list[str]:
    return ["-netdev", f"tap,id={netdev_id},ifname={tap.name},script=no,downscript=no"]


def assert_no_violations(g, family: str, nics=("nic0",)) -> None:
    """No `napkin-FAMILY:` line, QEMU still running, and each device's own
    `violations` count 0 (strict=on would have stopped QEMU at the first)."""
    bad = [line for line in g.output.splitlines() if f"napkin-{family}:" in line]
    assert not bad, "the model saw the driver break its rules:\n" + "\n".join(bad[:20])
    assert g.proc.poll() is None, f"QEMU exited ({g.proc.returncode}); log {g.log_path}"
    for nic in nics:
        info = g.monitor(f"qom-get /machine/peripheral/{nic} violations")
        assert info.strip() == "0", f"{nic} violations property: {info!r}"


# ---- The Linux guest (bench/linux-guest) ----

def boot_linux(guest, ns: NetNS, devices: list[str], netdevs: list[str], append: str,
               machine: str = "q35"):
    kernel, initrd = linux_guest_files()
    args = list(netdevs)
    for dev in devices:
        args += ["-device", dev]
    g = guest(kernel_image=kernel, initrd=initrd, machine=machine, memory=512,
              qemu=napkin_nic_qemu(), netns=ns,
              append="console=ttyS0 quiet " + append, netdevs=args)
    g.wait_for(r"linux-guest: ready", timeout=120)
    g.wait_for(PROMPT, timeout=30)
    # Long command lines must come back unwrapped for the echo to match.
    shell(g, "stty cols 1000")
    return g


def shell(g, line: str, timeout: float = 30) -> str:
    return g.command(line, timeout=timeout, prompt=PROMPT)


def wait_carrier(g, ifname: str) -> None:
    # Autonegotiation takes 2 s of the model's (virtual) time.
    out = shell(g, f"for i in $(seq 150); do [ \"$(cat /sys/class/net/{ifname}/carrier "
                   f"2>/dev/null)\" = 1 ] && break; sleep 0.1; done; "
                   f"echo carrier=$(cat /sys/class/net/{ifname}/carrier)", timeout=60)
    assert "carrier=1" in out, f"{ifname} never saw the link: {out!r}"


def check_ping(ns: NetNS, ifname: str, addr: str) -> None:
    ping = ns.run(["ping", "-c", "5", "-i", "0.2", "-W", "3", addr], check=False)
    assert ping.returncode == 0, f"ping {addr} ({ifname}):\n{ping.stdout}{ping.stderr}"


def tcp_echo(ns: NetNS, ifname: str, addr: str, nbytes: int) -> str | None:
    """nbytes through the guest's echo server and back, checked byte for byte
    by net_peer.py; None when they all came back intact, else what went wrong."""
    res = ns.run([sys.executable, PEER, "tcp-echo", addr, str(nbytes)], timeout=180,
                 check=False)
    if res.returncode != 0:
        return f"TCP echo through {ifname}: {res.stdout}{res.stderr}"
    report = json.loads(res.stdout)
    return None if report.get("ok") else f"TCP echo through {ifname}: {report}"


def check_port(g, ns: NetNS, ifname: str, addr: str, nbytes: int = 1 << 20) -> None:
    wait_carrier(g, ifname)
    check_ping(ns, ifname, addr)
    err = tcp_echo(ns, ifname, addr, nbytes)
    assert err is None, err


# ---- napkin ----

def peer(ns: NetNS, g, *args: str, timeout: float = 180) -> dict:
    """A net_peer.py client in the namespace; its JSON result, which must be ok."""
    res = ns.run([sys.executable, PEER, *args], check=False, timeout=timeout)
    try:
        out = json.loads(res.stdout.strip().splitlines()[-1])
    except (IndexError, json.JSONDecodeError):
        pytest.fail(f"net_peer {' '.join(args)}: no result (rc {res.returncode}): "
                    f"{res.stdout[-500:]} {res.stderr[-1000:]}; log: {g.log_path}")
    assert out.get("ok"), f"net_peer {' '.join(args)}: {out}; log: {g.log_path}"
    return out


def ping(ns: NetNS, g, addr: str, count: int = 20) -> None:
    res = ns.run(["ping", "-c", str(count), "-i", "0.05", "-W", "3", "-q", addr],
                 check=False, timeout=60)
    assert f" {count} received" in res.stdout, f"{res.stdout}{res.stderr}; log {g.log_path}"


def ethtool(g, dev: str = "eth0") -> dict[str, int]:
    """napkin's `ethtool -S DEV` as numbers."""
    out = g.command(f"ethtool -S {dev}", 30)
    stats = {k: int(v) for k, v in re.findall(r"^\s+(\w+): (\d+)$", out, re.M)}
    assert stats, out
    return stats
