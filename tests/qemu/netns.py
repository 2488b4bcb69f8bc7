# SPDX-License-Identifier: BSD-2-Clause
"""A private network for one guest: a Linux network namespace holding a tap
device for QEMU, a dnsmasq serving DHCP (and IPv6 router advertisements) on
that tap only, and whatever peer tools a test runs in there (ping, socat,
iperf). Everything it starts it also stops; nothing outside the namespace is
touched, and the namespace is deleted at the end.

    with NetNS() as ns:
        tap = ns.add_tap()
        ns.start_dnsmasq(tap)
        with Guest("x", netns=ns.name, netdevs=tap.qemu_args("virtio-net-pci")) as g:
            ...
            ns.run(["ping", "-c", "3", addr])

Needs root (or CAP_NET_ADMIN) and iproute2, dnsmasq-base, iputils-ping.
"""
from __future__ import annotations

import os
import secrets
import shutil
import signal
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path


class NetNSError(RuntimeError):
    pass


def netns_available() -> str | None:
    """None when namespaces can be made here, else the reason they cannot."""
    if os.geteuid() != 0:
        return "network namespaces need root"
    for tool in ("ip", "dnsmasq"):
        if not shutil.which(tool):
            return f"{tool} is not installed"
    if not os.path.exists("/dev/net/tun"):
        return "/dev/net/tun is missing"
    return None


@dataclass
class Tap:
    """A tap device inside a namespace, with the peer's side of the link configured."""
    ns: "NetNS"
    name: str
    queues: int
    addr4: str          # the peer (host side) address, e.g. 192.168.77.1
    prefix4: int
    addr6_ll: str       # the peer's IPv6 link-local address, e.g. fe80::1
    prefix6: str | None = None  # a /64 advertised for SLAAC, e.g. fd77:0:0:1::
    extra: dict = field(default_factory=dict)

    @property
    def subnet4(self) -> str:
        return self.addr4.rsplit(".", 1)[0]

    def qemu_args(self, device: str = "virtio-net-pci", netdev_id: str = "n0",
                  device_opts: str = "") -> list[str]:
        """-netdev/-device options that put a NIC of the given model on this tap."""
        netdev = f"tap,id={netdev_id},ifname={self.name},script=no,downscript=no"
        if self.queues > 1:
            netdev += f",queues={self.queues}"
        dev = f"{device},netdev={netdev_id}"
        if device_opts:
            dev += "," + device_opts
        return ["-netdev", netdev, "-device", dev]


class NetNS:
    """A uniquely named network namespace, removed with everything in it on close()."""

    def __init__(self, prefix: str = "napkin"):
        why = netns_available()
        if why:
            raise NetNSError(why)
        self.name = f"{prefix}-{os.getpid()}-{secrets.token_hex(3)}"
        self.tmp = Path(tempfile.mkdtemp(prefix="napkin-netns-"))
        self._procs: list[subprocess.Popen] = []
        self.taps: list[Tap] = []
        self._host(["ip", "netns", "add", self.name])
        self._created = True
        try:
            self.run(["ip", "link", "set", "lo", "up"])
        except Exception:
            self.close()
            raise

    # ---- running things inside ----

    def prefix(self) -> list[str]:
        """The command prefix that runs a program inside the namespace."""
        return ["ip", "netns", "exec", self.name]

    @staticmethod
    def _host(cmd: list[str], timeout: float = 30) -> subprocess.CompletedProcess:
        res = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        if res.returncode != 0:
            raise NetNSError(f"{' '.join(cmd)} failed ({res.returncode}): {res.stderr.strip()}")
        return res

    def run(self, cmd: list[str], timeout: float = 60, check: bool = True,
            input: bytes | str | None = None, text: bool = True) -> subprocess.CompletedProcess:
        """Run cmd inside the namespace and wait for it (killed at the timeout)."""
        if isinstance(input, str) and not text:
            input = input.encode()
        res = subprocess.run(self.prefix() + cmd, capture_output=True, timeout=timeout,
                             input=input, text=text)
        if check and res.returncode != 0:
            out = res.stdout if text else res.stdout.decode("utf-8", "replace")
            err = res.stderr if text else res.stderr.decode("utf-8", "replace")
            raise NetNSError(f"in {self.name}: {' '.join(cmd)} failed ({res.returncode}):\n"
                             f"{out[-2000:]}\n{err[-2000:]}")
        return res

    def popen(self, cmd: list[str], **kwargs) -> subprocess.Popen:
        """Start cmd inside the namespace; close() stops it if it is still running."""
        kwargs.setdefault("stdout", subprocess.PIPE)
        kwargs.setdefault("stderr", subprocess.PIPE)
        proc = subprocess.Popen(self.prefix() + cmd, **kwargs)
        self._procs.append(proc)
        return proc

    # ---- the link to the guest ----

    def add_tap(self, name: str = "tap0", addr4: str = "192.168.77.1", prefix4: int = 24,
                addr6_ll: str = "fe80::1", prefix6: str | None = "fd77:0:0:1::",
                queues: int = 1) -> Tap:
        """Create a tap for QEMU (multiqueue when queues > 1) and configure the peer side."""
        cmd = ["ip", "tuntap", "add", "dev", name, "mode", "tap"]
        if queues > 1:
            cmd.append("multi_queue")
        self.run(cmd)
        # No duplicate address detection on our fixed addresses: usable at once.
        self.run(["sysctl", "-q", "-w", f"net.ipv6.conf.{name}.accept_dad=0"])
        self.run(["ip", "addr", "add", f"{addr4}/{prefix4}", "dev", name])
        self.run(["ip", "-6", "addr", "add", f"{addr6_ll}/64", "dev", name, "scope", "link"])
        if prefix6:
            self.run(["ip", "-6", "addr", "add", f"{prefix6}1/64", "dev", name])
        self.run(["ip", "link", "set", name, "up"])
        tap = Tap(self, name, queues, addr4, prefix4, addr6_ll, prefix6)
        self.taps.append(tap)
        return tap

    def start_dnsmasq(self, tap: Tap, first: int = 10, last: int = 50,
                      lease_secs: int = 3600, ra: bool = True) -> subprocess.Popen:
        """DHCP on the tap only (no DNS: port=0), leases in our temp dir; RA for SLAAC."""
        lease_file = self.tmp / f"dnsmasq-{tap.name}.leases"
        log_file = self.tmp / f"dnsmasq-{tap.name}.log"
        cmd = ["dnsmasq", "--keep-in-foreground", "--conf-file=/dev/null", "--port=0",
               f"--interface={tap.name}", "--bind-interfaces", "--except-interface=lo",
               f"--dhcp-range={tap.subnet4}.{first},{tap.subnet4}.{last},"
               f"255.255.255.0,{lease_secs}",
               f"--dhcp-option=option:router,{tap.addr4}",
               f"--dhcp-leasefile={lease_file}", f"--pid-file={self.tmp}/dnsmasq.pid",
               "--log-dhcp", f"--log-facility={log_file}", "--no-hosts", "--no-resolv",
               "--dhcp-authoritative", "--no-ping"]
        if ra and tap.prefix6:
            cmd += ["--enable-ra", f"--dhcp-range={tap.prefix6},ra-only,64,{lease_secs}"]
        proc = self.popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        time.sleep(0.2)
        if proc.poll() is not None:
            err = proc.stderr.read().decode("utf-8", "replace") if proc.stderr else ""
            raise NetNSError(f"dnsmasq exited at once ({proc.returncode}): {err}")
        tap.extra["dnsmasq_log"] = log_file
        tap.extra["leases"] = lease_file
        return proc

    def leases(self, tap: Tap) -> list[str]:
        """Lines of dnsmasq's lease file: 'expiry mac ip hostname clientid'."""
        path = tap.extra.get("leases")
        if not path or not Path(path).exists():
            return []
        return [line for line in Path(path).read_text().splitlines() if line.strip()]

    # ---- cleanup ----

    def close(self) -> None:
        for proc in reversed(self._procs):
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
                try:
                    proc.wait(5)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait(5)
            for stream in (proc.stdout, proc.stderr, proc.stdin):
                if stream:
                    stream.close()
        self._procs.clear()
        if getattr(self, "_created", False):
            # Deleting the namespace deletes the taps in it.
            subprocess.run(["ip", "netns", "del", self.name], capture_output=True, timeout=30)
            self._created = False
        shutil.rmtree(self.tmp, ignore_errors=True)

    def __enter__(self) -> "NetNS":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
