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
