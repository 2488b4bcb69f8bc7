# SPDX-License-Identifier: BSD-2-Clause
"""A network namespace with a tap for one guest, the peer address on the tap.

The tap is made (and brought up) inside the namespace before QEMU starts, so
the guest's first frames already reach listeners the test started there.
Everything runs in the namespace; close() removes it with all it holds."""
from __future__ import annotations

import itertools
import os
import subprocess
import time

_counter = itertools.count()


def run(*args: str, check: bool = True, timeout: float = 30) -> subprocess.CompletedProcess:
    return subprocess.run(list(args), check=check, capture_output=True, text=True,
                          timeout=timeout)


class TapNet:
    def __init__(self, peer_ip: str = "10.9.0.1", prefix: int = 24):
        tag = f"{os.getpid() % 10000}-{next(_counter)}"
        self.ns = f"napkin-{tag}"
        self.tap = "tap0"
        self.peer_ip = peer_ip
        self.procs: list[subprocess.Popen] = []
        run("ip", "netns", "add", self.ns)
        try:
            self.exec("ip", "link", "set", "lo", "up")
            self.exec("ip", "tuntap", "add", "dev", self.tap, "mode", "tap")
            self.exec("ip", "addr", "add", f"{peer_ip}/{prefix}", "dev", self.tap)
            self.exec("ip", "link", "set", self.tap, "up")
        except Exception:
            self.close()
            raise

    @property
    def peer_mac(self) -> str:
        out = self.exec("cat", f"/sys/class/net/{self.tap}/address").stdout
        return out.strip()

    def exec(self, *args: str, check: bool = True, timeout: float = 30):
        return run("ip", "netns", "exec", self.ns, *args, check=check, timeout=timeout)

    def popen(self, *args: str, **kwargs) -> subprocess.Popen:
        p = subprocess.Popen(["ip", "netns", "exec", self.ns, *args], **kwargs)
        self.procs.append(p)
        return p

    def qemu_netdev(self, model: str = "virtio-net-pci", mac: str = "52:54:00:12:34:56",
                    opts: str = "") -> list[str]:
        return ["-netdev", f"tap,id=n0,ifname={self.tap},script=no,downscript=no",
                "-device", f"{model},netdev=n0,mac={mac}{opts}"]

    def udp_listener(self, port: int, seconds: float) -> subprocess.Popen:
        """Prints each datagram received on `port` as one repr() line, for `seconds`."""
        code = ("import socket, time, sys\n"
                "s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)\n"
                # Room for bursts: a line-per-datagram console outruns this loop.
                "s.setsockopt(socket.SOL_SOCKET, 33, 32 << 20)\n"  # SO_RCVBUFFORCE
                f"s.bind(('', {port}))\n"
                "s.settimeout(0.2)\n"
                f"end = time.time() + {seconds}\n"
                "print('ready', flush=True)\n"
                "while time.time() < end:\n"
                "    try:\n"
                "        d, a = s.recvfrom(65536)\n"
                "    except socket.timeout:\n"
                "        continue\n"
                "    print(repr(d), flush=True)\n")
        p = self.popen("python3", "-c", code, stdout=subprocess.PIPE, text=True)
        assert p.stdout is not None and p.stdout.readline().strip() == "ready"
        return p

    def udp_errors(self) -> dict[str, int]:
        """The namespace's UDP error counters (receive buffer overflows and the like)."""
        lines = [ln.split() for ln in self.exec("cat", "/proc/net/snmp").stdout.splitlines()
                 if ln.startswith("Udp:")]
        return {k: int(v) for k, v in zip(lines[0][1:], lines[1][1:]) if "Err" in k}

    def close(self) -> None:
        for p in self.procs:
            if p.poll() is None:
                p.kill()
            try:
                p.wait(5)
            except subprocess.TimeoutExpired:
                pass
        run("ip", "netns", "del", self.ns, check=False)
        # The kernel removes a deleted namespace's devices asynchronously.
        time.sleep(0.1)
