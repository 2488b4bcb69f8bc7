# SPDX-License-Identifier: BSD-2-Clause
"""The one tap/namespace helper of the pytest suites (tests/qemu, bench/).

A private network for one guest: a Linux network namespace holding a tap
device for QEMU, a dnsmasq serving DHCP (and IPv6 router advertisements) on
that tap only, and whatever peer tools a test runs in there (ping, socat,
iperf, a UDP listener). Everything it starts it also stops; nothing outside
the namespace is touched, and the namespace goes when its holder process ends.

    require_netns()                 # the suite's policy: run, or fail naming what is missing
    with NetNS() as ns:
        tap = ns.add_tap()
        ns.start_dnsmasq(tap)
        with Guest("x", netns=ns, netdevs=tap.qemu_args("virtio-net-pci")) as g:
            ...
            ns.run(["ping", "-c", "3", addr])

As root the namespace is a plain network namespace. As a normal user it is a
network namespace inside an unprivileged user namespace (`unshare --user
--map-root-user --net`), where the test is root of its own small world: taps,
addresses, dnsmasq, ping and QEMU all work without privileges on the host.
Needs iproute2, util-linux (unshare, nsenter), dnsmasq-base, iputils-ping and
/dev/net/tun, plus root or unprivileged user namespaces.
"""
from __future__ import annotations

import json
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


_userns_ok: bool | None = None


def _userns_works() -> bool:
    """Whether this user may make a user namespace with a network namespace in it."""
    global _userns_ok
    if _userns_ok is None:
        try:
            res = subprocess.run(["unshare", "--user", "--map-root-user", "--net", "true"],
                                 capture_output=True, timeout=10)
            _userns_ok = res.returncode == 0
        except (OSError, subprocess.TimeoutExpired):
            _userns_ok = False
    return _userns_ok


def netns_missing() -> list[str]:
    """What this machine lacks for the network end-to-end tests (empty: nothing)."""
    missing = [f"{tool} (scripts/deps.sh installs it)"
               for tool in ("ip", "dnsmasq", "unshare", "nsenter", "ping")
               if not shutil.which(tool)]
    if not os.path.exists("/dev/net/tun"):
        missing.append("/dev/net/tun (modprobe tun)")
    if os.geteuid() != 0 and shutil.which("unshare") and not _userns_works():
        missing.append("root, or unprivileged user namespaces "
                       "(sysctl kernel.unprivileged_userns_clone=1, user.max_user_namespaces>0)")
    return missing


def require_netns() -> None:
    """The policy for every test that needs a network namespace: it runs (as root, or
    as a normal user in a user namespace), or it FAILS naming what is missing. Never
    a quiet skip."""
    missing = netns_missing()
    if missing:
        import pytest
        pytest.fail("network end-to-end test cannot run; missing: " + "; ".join(missing),
                    pytrace=False)


class LineReader:
    """Whole lines from a process's stdout as they come, so a test can wait for the
    one it needs. Reads the descriptor directly: a buffered reader would hold lines
    select() no longer reports."""

    def __init__(self, proc: subprocess.Popen):
        self.proc = proc
        self.fd = proc.stdout.fileno()
        self.lines: list[str] = []
        self._partial = b""

    def read_until(self, done, timeout: float) -> bool:
        """Read until done(self.lines) is true (returns True) or timeout/EOF (False)."""
        import select
        deadline = time.monotonic() + timeout
        while not done(self.lines):
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            ready, _, _ = select.select([self.fd], [], [], min(left, 0.2))
            if not ready:
                continue
            chunk = os.read(self.fd, 1 << 16)
            if not chunk:
                return done(self.lines)
            *whole, self._partial = (self._partial + chunk).split(b"\n")
            self.lines += [ln.decode("utf-8", "replace") for ln in whole if ln]
        return True

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(10)


def read_lines(proc: subprocess.Popen, count: int, timeout: float) -> list[str]:
    """Lines from proc's stdout until `count` have come (the event a test waits for)
    or `timeout` passed; then proc is stopped."""
    reader = LineReader(proc)
    reader.read_until(lambda lines: len(lines) >= count, timeout)
    reader.stop()
    return reader.lines


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

    @property
    def peer_mac(self) -> str:
        """The MAC address of the tap itself (the peer's side of the link)."""
        out = self.ns.run(["ip", "-j", "link", "show", "dev", self.name]).stdout
        return json.loads(out)[0]["address"]

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
        missing = netns_missing()
        if missing:
            raise NetNSError("cannot make a network namespace; missing: " + "; ".join(missing))
        self.name = f"{prefix}-{os.getpid()}-{secrets.token_hex(3)}"
        self.tmp = Path(tempfile.mkdtemp(prefix="napkin-netns-"))
        self._procs: list[subprocess.Popen] = []
        self.taps: list[Tap] = []
        self.userns = os.geteuid() != 0
        # The namespace lives as long as this holder process does.
        cmd = ["unshare", "--net"] + (["--user", "--map-root-user"] if self.userns else [])
        self._holder = subprocess.Popen(cmd + ["sleep", "infinity"], stdin=subprocess.DEVNULL,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                        start_new_session=True)
        try:
            self._wait_holder()
            self.run(["ip", "link", "set", "lo", "up"])
        except Exception:
            self.close()
            raise

    def _wait_holder(self) -> None:
        """Until the holder sits in a network namespace that is not ours."""
        ours = os.readlink("/proc/self/ns/net")
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if self._holder.poll() is not None:
                err = self._holder.stderr.read().decode("utf-8", "replace")
                raise NetNSError(f"unshare exited ({self._holder.returncode}): {err}")
            try:
                if os.readlink(f"/proc/{self._holder.pid}/ns/net") != ours:
                    return
            except OSError:
                pass
            time.sleep(0.01)
        raise NetNSError("unshare did not enter a new network namespace within 10 s")

    # ---- running things inside ----

    def prefix(self) -> list[str]:
        """The command prefix that runs a program inside the namespace (as its root)."""
        cmd = ["nsenter", "--target", str(self._holder.pid), "--net"]
        if self.userns:
            cmd += ["--user", "--preserve-credentials"]
        return cmd

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
                queues: int = 1, ipv6: bool = True) -> Tap:
        """Create a tap for QEMU (multiqueue when queues > 1) and configure the peer side.
        ipv6=False keeps the peer silent on IPv6 (no router solicitations, MLD or ND),
        for tests that count every frame the guest receives."""
        cmd = ["ip", "tuntap", "add", "dev", name, "mode", "tap"]
        if queues > 1:
            cmd.append("multi_queue")
        self.run(cmd)
        if ipv6:
            # No duplicate address detection on our fixed addresses: usable at once.
            self.run(["sysctl", "-q", "-w", f"net.ipv6.conf.{name}.accept_dad=0"])
        else:
            self.run(["sysctl", "-q", "-w", f"net.ipv6.conf.{name}.disable_ipv6=1"])
            prefix6 = None
        self.run(["ip", "addr", "add", f"{addr4}/{prefix4}", "dev", name])
        if ipv6:
            self.run(["ip", "-6", "addr", "add", f"{addr6_ll}/64", "dev", name, "scope",
                      "link"])
        if prefix6:
            self.run(["ip", "-6", "addr", "add", f"{prefix6}1/64", "dev", name])
        self.run(["ip", "link", "set", name, "up"])
        tap = Tap(self, name, queues, addr4, prefix4, addr6_ll, prefix6)
        self.taps.append(tap)
        return tap

    def start_dnsmasq(self, tap: Tap, first: int = 10, last: int = 50,
                      lease_secs: int = 3600, ra: bool = True,
                      extra: list[str] | None = None) -> subprocess.Popen:
        """DHCP on the tap only (no DNS: port=0), leases in our temp dir; RA for SLAAC.
        extra: more dnsmasq options (TFTP and boot files for network boot)."""
        lease_file = self.tmp / f"dnsmasq-{tap.name}.leases"
        log_file = self.tmp / f"dnsmasq-{tap.name}.log"
        cmd = ["dnsmasq", "--keep-in-foreground", "--conf-file=/dev/null", "--port=0",
               f"--interface={tap.name}", "--bind-interfaces", "--except-interface=lo",
               f"--dhcp-range={tap.subnet4}.{first},{tap.subnet4}.{last},"
               f"255.255.255.0,{lease_secs}",
               f"--dhcp-option=option:router,{tap.addr4}",
               f"--dhcp-leasefile={lease_file}", f"--pid-file={self.tmp}/dnsmasq.pid",
               "--log-dhcp", f"--log-facility={log_file}", "--no-hosts", "--no-resolv",
               "--dhcp-authoritative", "--no-ping",
               # Stay who we are: a user namespace cannot change groups.
               "--user=", "--group="]
        if ra and tap.prefix6:
            cmd += ["--enable-ra", f"--dhcp-range={tap.prefix6},ra-only,64,{lease_secs}"]
        cmd += extra or []
        proc = self.popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        # Ready once it wrote its pid file (after binding its sockets).
        pid_file = self.tmp / "dnsmasq.pid"
        deadline = time.monotonic() + 10
        while not (pid_file.exists() and pid_file.read_text().strip()):
            if proc.poll() is not None or time.monotonic() > deadline:
                err = proc.stderr.read().decode("utf-8", "replace") if proc.stderr else ""
                log = log_file.read_text() if log_file.exists() else ""
                raise NetNSError(f"dnsmasq did not start ({proc.returncode}): {err} {log}")
            time.sleep(0.02)
        tap.extra["dnsmasq_log"] = log_file
        tap.extra["leases"] = lease_file
        return proc

    def leases(self, tap: Tap) -> list[str]:
        """Lines of dnsmasq's lease file: 'expiry mac ip hostname clientid'."""
        path = tap.extra.get("leases")
        if not path or not Path(path).exists():
            return []
        return [line for line in Path(path).read_text().splitlines() if line.strip()]

    # ---- listening on the peer side ----

    def udp_listener(self, port: int, seconds: float, fmt: str = "repr",
                     rcvbuf: int = 32 << 20) -> subprocess.Popen:
        """A UDP socket on `port` for `seconds`, printing one line per datagram:
        repr(payload) (fmt="repr") or "SRCPORT PAYLOAD" (fmt="sport"). Returns once
        the socket is bound (it printed "ready"), so nothing sent after is missed."""
        line = ("print(repr(d), flush=True)" if fmt == "repr" else
                "print(a[1], d.rstrip(b'\\0').decode(), flush=True)")
        code = ("import socket, time\n"
                "s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)\n"
                # Room for bursts: a line-per-datagram console outruns this loop.
                # SO_RCVBUFFORCE (33) needs CAP_NET_ADMIN on the host: in a user
                # namespace the plain SO_RCVBUF, capped by net.core.rmem_max, is it.
                "try:\n"
                f"    s.setsockopt(socket.SOL_SOCKET, 33, {rcvbuf})\n"
                "except PermissionError:\n"
                f"    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, {rcvbuf})\n"
                f"s.bind(('', {port}))\n"
                "s.settimeout(0.2)\n"
                f"end = time.time() + {seconds}\n"
                "print('ready', flush=True)\n"
                "while time.time() < end:\n"
                "    try:\n"
                "        d, a = s.recvfrom(65536)\n"
                "    except socket.timeout:\n"
                "        continue\n"
                f"    {line}\n")
        p = self.popen(["python3", "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True)
        assert p.stdout is not None and p.stdout.readline().strip() == "ready", \
            p.stderr.read() if p.stderr else "listener died"
        return p

    def udp_errors(self) -> dict[str, int]:
        """The namespace's UDP error counters (receive buffer overflows and the like)."""
        out = self.run(["cat", "/proc/net/snmp"]).stdout
        lines = [ln.split() for ln in out.splitlines() if ln.startswith("Udp:")]
        return {k: int(v) for k, v in zip(lines[0][1:], lines[1][1:]) if "Err" in k}

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
        holder = getattr(self, "_holder", None)
        if holder and holder.poll() is None:
            # The namespace, and the taps in it, go with its last process.
            holder.kill()
            holder.wait(5)
        if holder and holder.stderr:
            holder.stderr.close()
        shutil.rmtree(self.tmp, ignore_errors=True)

    def __enter__(self) -> "NetNS":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
