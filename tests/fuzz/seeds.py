#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Writes the seed corpora of the fuzz harnesses (tests/fuzz/corpus/<harness>/).

Seeds are small valid (and a few nearly valid) inputs, so the fuzzer starts
from the interesting paths instead of finding the input format by chance.
Each harness's section below describes its input layout; crash inputs kept as
regression cases live next to the seeds as crash-* files and are not written here.

    python3 tests/fuzz/seeds.py tests/fuzz/corpus
"""
import hashlib
import os
import struct
import sys

SEEDS = {}


def seed(harness, data):
    SEEDS.setdefault(harness, []).append(data if isinstance(data, bytes) else data.encode())


# ---- fuzz_cmdline: the command line as text ----
for line in [
    "/boot/napkin.elf ip=10.0.0.2::10.0.0.1:255.255.255.0:napkin:eth0:off loglevel=7",
    "ip=dhcp netconsole=+6665@10.0.0.2/eth0,6666@10.0.0.1/02:00:00:00:00:01",
    'BOOT_IMAGE=/x "ip=10.0.0.2:::::eth1:none" mem=64M net-budget=0x40 napi.mode=busypoll',
    "netconsole=@/,@10.0.0.1/;4444@10.1.1.1/eth1,9353@10.0.0.2/12:34:56:78:9a:bc x",
    'x="a b" x=y quiet ip=off loglevel=-1 mem=18446744073709551616',
    "ip=1.2.3.4:5.6.7.8:9.10.11.12:255.255.0.0:host:dev:dhcp:8.8.8.8:8.8.4.4:1.1.1.1",
]:
    seed("fuzz_cmdline", line)

# ---- fuzz_shell: bytes typed on the serial line (0xfe: a log line arrives) ----
for typed in [
    b"a b c\r",
    b"echo one  two\tthree\r\x1b[A\r\x1b[B\x1b[A\x1b[A\r",
    b"set x\x7f\x7fy 1\r\x15fail\n\x03",
    b"echo " + b"x " * 20 + b"\r",
    b"echo " + b"y" * 300 + b"\r",
    b"ec\xfeho hi\xfe\r nope\r",
]:
    seed("fuzz_shell", typed)


# ---- fuzz_acpi: flags byte, then tables as [u16 length][bytes] ----
# Table i sits at 0x100000 + i * 0x10000 (see fuzz_acpi.c).
ACPI_USE_XSDT, ACPI_FIX, ACPI_V2, ACPI_SCAN, ACPI_BROKEN_ROOT = 1, 2, 4, 8, 16


def acpi_table_addr(i):
    return 0x100000 + i * 0x10000


def sdt(sig, rev, body):
    length = 36 + len(body)
    hdr = sig + struct.pack("<IBB6s8sI4sI", length, rev, 0, b"NAPKIN", b"FUZZSEED", 1, b"SEED", 1)
    t = bytearray(hdr + body)
    t[9] = (-sum(t)) & 0xFF
    return bytes(t)


def gas(space, width, addr):
    return struct.pack("<BBBBQ", space, width, 0, 1 if width == 8 else 2, addr)


def madt():
    b = struct.pack("<II", 0xFEE00000, 1)
    b += bytes([0, 8, 0, 0]) + struct.pack("<I", 1)  # local APIC, CPU 0
    b += bytes([0, 8, 1, 1]) + struct.pack("<I", 1)
    b += bytes([0, 8, 2, 2]) + struct.pack("<I", 2)  # online capable
    b += bytes([1, 12, 0, 0]) + struct.pack("<II", 0xFEC00000, 0)  # IOAPIC
    b += bytes([2, 10, 0, 0]) + struct.pack("<IH", 2, 0)  # IRQ0 -> GSI2
    b += bytes([2, 10, 0, 9]) + struct.pack("<IH", 9, 0xD)  # SCI level high
    b += bytes([3, 8]) + struct.pack("<HI", 0xD, 3)  # NMI source
    b += bytes([4, 6, 0xFF]) + struct.pack("<HB", 5, 1)  # LAPIC NMI
    b += bytes([5, 12, 0, 0]) + struct.pack("<Q", 0xFEE00000)
    b += bytes([9, 16, 0, 0]) + struct.pack("<III", 0x100, 1, 7)  # x2APIC
    b += bytes([0x0A, 12]) + struct.pack("<HIB3x", 5, 0xFFFFFFFF, 1)  # x2APIC NMI
    return sdt(b"APIC", 4, b)


def fadt(dsdt_addr, rev=6):
    f = bytearray(276 - 36)
    def put(off, fmt, *v):
        struct.pack_into(fmt, f, off - 36, *v)
    put(40, "<I", dsdt_addr)
    put(46, "<H", 9)
    put(48, "<I", 0xB2)
    put(52, "<B", 0xA0)
    put(64, "<I", 0x604)
    put(76, "<I", 0x608)
    put(109, "<H", 0x3)
    put(112, "<I", (1 << 8) | (1 << 10))
    f[116 - 36:128 - 36] = gas(1, 8, 0xCF9)
    put(128, "<B", 6)
    put(131, "<B", 1)
    put(140, "<Q", dsdt_addr)
    f[172 - 36:184 - 36] = gas(1, 16, 0x604)
    f[208 - 36:220 - 36] = gas(1, 32, 0x608)
    body = bytes(f) if rev >= 3 else bytes(f[: 116 - 36])
    return sdt(b"FACP", rev, body)


def dsdt():
    s5 = b"\x08_S5_\x12\x06\x04\x0a\x05\x0a\x05\x00\x00"
    return sdt(b"DSDT", 2, b"\x10\x05\\_SB_" + s5 + b"\x00" * 8)


def mcfg():
    return sdt(b"MCFG", 1, bytes(8) + struct.pack("<QHBBI", 0xB0000000, 0, 0, 0xFF, 0))


def hpet():
    return sdt(b"HPET", 1, struct.pack("<I", 0x8086A201) + gas(0, 64, 0xFED00000) + struct.pack("<BHB", 0, 0x80, 0))


def acpi_input(flags, tables):
    return bytes([flags]) + b"".join(struct.pack("<H", len(t)) + t for t in tables)


full = [madt(), fadt(acpi_table_addr(2)), dsdt(), mcfg(), hpet()]
seed("fuzz_acpi", acpi_input(ACPI_USE_XSDT | ACPI_V2, full))
seed("fuzz_acpi", acpi_input(ACPI_FIX | ACPI_SCAN, full))
seed("fuzz_acpi", acpi_input(ACPI_USE_XSDT | ACPI_V2 | ACPI_FIX, [fadt(acpi_table_addr(1), rev=1), dsdt()]))
seed("fuzz_acpi", acpi_input(ACPI_BROKEN_ROOT, full[:2]))
seed("fuzz_acpi", acpi_input(ACPI_FIX, [madt()[:50], b"FACP" + bytes(40), hpet()] + [mcfg()] * 34))


def main():
    top = sys.argv[1] if len(sys.argv) > 1 else "tests/fuzz/corpus"
    for harness, inputs in SEEDS.items():
        d = os.path.join(top, harness)
        os.makedirs(d, exist_ok=True)
        for old in os.listdir(d):
            if old.startswith("seed-"):
                os.unlink(os.path.join(d, old))
        for data in inputs:
            name = "seed-" + hashlib.sha1(data).hexdigest()[:16]
            with open(os.path.join(d, name), "wb") as f:
                f.write(data)


if __name__ == "__main__":
    main()
