# SPDX-License-Identifier: BSD-2-Clause
"""Start napkin under QEMU and watch its serial console."""
from __future__ import annotations

import os
import re
import select
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from netns import NetNS

ROOT = Path(__file__).resolve().parents[2]
BUILD = ROOT / "build"
LOG_DIR = BUILD / "test-logs"
KERNEL = BUILD / "napkin32.elf"
# The production objects plus tests/kernel/ (pcitest=irq, e1000test, vnettest):
# `make test-image`. Tests that drive those modules boot it with test_image=True.
TEST_KERNEL = BUILD / "napkin-test32.elf"
ISO = BUILD / "napkin.iso"
OVMF_CODE = Path("/usr/share/OVMF/OVMF_CODE_4M.fd")
OVMF_VARS = Path("/usr/share/OVMF/OVMF_VARS_4M.fd")

# isa-debug-exit turns a guest write of v into QEMU exit status v*2+1.
PANIC_EXIT_STATUS = 0x20 * 2 + 1


class BootTimeout(AssertionError):
    pass


class Guest:
    """One QEMU process running napkin; the serial console is its stdio."""

    def __init__(self, name: str, *, kernel: bool = True, iso: bool = False,
                 uefi: bool = False, append: str = "", machine: str = "pc",
                 memory: int = 128, extra: list[str] | None = None,
                 netdevs: list[str] | None = None, cpu: str = "max",
                 netns: NetNS | None = None, kernel_image: Path | None = None,
                 initrd: Path | None = None, test_image: bool = False,
                 qemu: str = "qemu-system-x86_64", netboot: bool = False,
                 stick: bool = False):
        LOG_DIR.mkdir(parents=True, exist_ok=True)
        self.name = name
        self.log_path = LOG_DIR / f"{name}.log"
        self.tmp = Path(tempfile.mkdtemp(prefix="napkin-qemu-"))
        self.monitor_path = self.tmp / "monitor.sock"
        cmd = [qemu, "-accel", "tcg", "-machine", machine, "-cpu", cpu,
               "-m", str(memory), "-display", "none", "-no-reboot",
               "-chardev", "stdio,id=ser0,signal=off", "-serial", "chardev:ser0",
               "-monitor", f"unix:{self.monitor_path},server,nowait",
               "-device", "isa-debug-exit,iobase=0xf4,iosize=0x04"]
        if qemu != "qemu-system-x86_64":
            # napkin's test QEMU (10.0) with this release's SeaBIOS waits ~30 s
            # on q35's empty AHCI CD drive (ahci_command timeout) before it
            # boots anything: leave QEMU's default devices out.
            cmd.insert(1, "-nodefaults")
        self.firmware_log_path = None
        if qemu != "qemu-system-x86_64" and iso and not uefi:
            # SeaBIOS's debug port: a disk command that timed out shows here
            # (a stall of ~30 s each that the serial console never mentions).
            self.firmware_log_path = self.tmp / "seabios.log"
            cmd += ["-chardev", f"file,id=fwlog,path={self.firmware_log_path}",
                    "-device", "isa-debugcon,iobase=0x402,chardev=fwlog"]
        if uefi:
            vars_copy = self.tmp / "OVMF_VARS.fd"
            shutil.copy(OVMF_VARS, vars_copy)
            cmd += ["-drive", f"if=pflash,format=raw,readonly=on,file={OVMF_CODE}",
                    "-drive", f"if=pflash,format=raw,file={vars_copy}"]
        if netboot:
            # The firmware boots from the network (the NICs' option ROMs, OVMF's PXE).
            cmd += ["-boot", "n"]
        elif stick:
            # The hybrid ISO written to a USB stick, as `dd` would: a disk, not
            # a CD, found through the MBR/GPT rather than El Torito.
            cmd += ["-device", "qemu-xhci,id=xhci",
                    "-drive", f"if=none,id=stick,format=raw,readonly=on,file={ISO}",
                    "-device", "usb-storage,bus=xhci.0,drive=stick,bootindex=0"]
        elif iso or uefi:
            cmd += ["-cdrom", str(ISO)]
        else:
            # kernel_image/initrd boot another kernel (the benchmark's Linux
            # guest) with exactly the same machine around it.
            default = TEST_KERNEL if test_image else KERNEL
            cmd += ["-kernel", str(kernel_image or default), "-append", append]
            if initrd:
                cmd += ["-initrd", str(initrd)]
        if netdevs is None:
            cmd += ["-nic", "none"]
        else:
            cmd += netdevs
        cmd += extra or []
        if netns:
            # QEMU runs inside the namespace (tests/qemu/netns.py), where its taps are.
            cmd = netns.prefix() + cmd
        self.cmd = cmd
        self._buf = bytearray()
        self._lock = threading.Lock()
        self._log = open(self.log_path, "wb")
        self._log.write(("# " + " ".join(cmd) + "\n").encode())
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT)
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        while True:
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                break
            if not chunk:
                break
            with self._lock:
                self._buf += chunk
            self._log.write(chunk)
            self._log.flush()

    @property
    def output(self) -> str:
        with self._lock:
            return self._buf.decode("utf-8", "replace").replace("\r", "")

    def wait_for(self, pattern: str, timeout: float = 60, start: int = 0) -> re.Match:
        """Wait until `pattern` (a regex) appears in the serial output after offset `start`."""
        rx = re.compile(pattern, re.M)
        deadline = time.monotonic() + timeout
        while True:
            m = rx.search(self.output, start)
            if m:
                return m
            if self.proc.poll() is not None:
                time.sleep(0.2)  # let the reader drain
                m = rx.search(self.output, start)
                if m:
                    return m
                raise BootTimeout(f"QEMU exited ({self.proc.returncode}) before /{pattern}/; "
                                  f"log: {self.log_path}")
            if time.monotonic() > deadline:
                raise BootTimeout(f"no /{pattern}/ within {timeout}s; log: {self.log_path}")
            time.sleep(0.05)

    def firmware_stalls(self) -> list[str]:
        """SeaBIOS's timed-out disk commands so far (none expected)."""
        if self.firmware_log_path is None or not self.firmware_log_path.exists():
            return []
        text = self.firmware_log_path.read_text(errors="replace")
        return [line for line in text.splitlines() if "Timeout at" in line]

    def wait_ready(self, timeout: float = 120) -> None:
        self.wait_for(r"napkin: ready", timeout)

    def write(self, text: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(text.encode())
        self.proc.stdin.flush()

    def command(self, line: str, timeout: float = 30, prompt: str = r"napkin> ") -> str:
        """Type a shell command and return what it printed up to the next prompt."""
        start = len(self.output)
        self.write(line + "\r")
        m = self.wait_for(r"(?s)" + re.escape(line) + r"\n(.*?)" + prompt, timeout, start)
        return m.group(1)

    def monitor(self, command: str, timeout: float = 10) -> str:
        """Run a QEMU human-monitor command and return its output."""
        deadline = time.monotonic() + timeout
        while not self.monitor_path.exists():
            if time.monotonic() > deadline:
                raise TimeoutError("QEMU monitor socket never appeared")
            time.sleep(0.05)
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
            s.connect(str(self.monitor_path))
            s.settimeout(timeout)
            data = b""
            while b"(qemu)" not in data:
                data += s.recv(4096)
            s.sendall(command.encode() + b"\n")
            data = b""
            while data.count(b"(qemu)") < 1:
                data += s.recv(65536)
        text = data.decode("utf-8", "replace").replace("\r", "")
        text = re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", text)
        lines = text.split("\n")
        # Drop the echoed command and the trailing prompt.
        return "\n".join(line for line in lines[1:] if not line.startswith("(qemu)"))

    def wait_exit(self, timeout: float = 60) -> int:
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired as e:
            raise BootTimeout(f"QEMU still running after {timeout}s; log: {self.log_path}") from e

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        self._reader.join(5)
        self._log.close()
        shutil.rmtree(self.tmp, ignore_errors=True)

    def __enter__(self) -> "Guest":
        return self

    def __exit__(self, *exc) -> None:
        self.stop()


def settings_disk(tmp_path: Path, napkin_cfg: str) -> list[str]:
    """QEMU arguments for a small FAT disk holding /napkin.cfg (GRUB on the ISO reads
    it: docs/CMDLINE.md), booting from the ISO."""
    cfg = tmp_path / "napkin.cfg"
    cfg.write_text(napkin_cfg)
    disk = tmp_path / "settings.img"
    subprocess.run(["mformat", "-i", str(disk), "-C", "-f", "1440", "::"], check=True,
                   capture_output=True)
    subprocess.run(["mcopy", "-i", str(disk), str(cfg), "::/napkin.cfg"], check=True,
                   capture_output=True)
    return ["-drive", f"file={disk},format=raw,if=ide,index=0", "-boot", "d"]


# ---- napkin's NIC models as QEMU devices (tests/qdev) ----

LINUX_KERNEL = BUILD / "linux-guest" / "vmlinuz"
LINUX_INITRD = BUILD / "linux-guest" / "initramfs.cpio.gz"
_nic_qemu: str | None = None


def napkin_nic_qemu() -> str:
    """Path of napkin's test QEMU (napkin-sky2 and friends): built once, cached
    outside the checkout (`make -s qemu-path`). A build that fails fails the test."""
    global _nic_qemu
    if _nic_qemu is None:
        res = subprocess.run(["bash", str(ROOT / "tests" / "qdev" / "build-qemu.sh")],
                             capture_output=True, text=True, timeout=3600)
        if res.returncode != 0 or not res.stdout.strip():
            raise AssertionError("napkin's test QEMU did not build:\n" + res.stderr[-3000:])
        _nic_qemu = res.stdout.strip().splitlines()[-1]
    return _nic_qemu


def linux_guest_files() -> tuple[Path, Path]:
    """The Linux guest's kernel and initramfs (`make linux-guest`), or a failure naming
    the make target: qemu-test builds them first."""
    for p in (LINUX_KERNEL, LINUX_INITRD):
        if not p.exists():
            raise AssertionError(f"{p} is missing: run `make linux-guest`")
    return LINUX_KERNEL, LINUX_INITRD
