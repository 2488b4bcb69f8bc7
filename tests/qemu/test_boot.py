# SPDX-License-Identifier: BSD-2-Clause
"""Boot napkin the ways users do and check what it reports about the machine."""
import re

import pytest

from napkin_qemu import PANIC_EXIT_STATUS


def parse_mem_total_kib(out: str) -> int:
    m = re.search(r"mem: (\d+) KiB usable", out)
    assert m, "no memory total in the boot log"
    return int(m.group(1))


def check_common_boot(out: str, memory_mib: int) -> None:
    assert re.search(r"napkin \S+ booting", out)
    total = parse_mem_total_kib(out)
    # Firmware keeps some low memory and ACPI tables for itself; most must be ours.
    assert memory_mib * 1024 * 0.85 < total <= memory_mib * 1024
    m = re.search(r"tsc: (\d+)\.\d+ MHz", out)
    assert m, "no TSC frequency"
    assert 100 <= int(m.group(1)) <= 10000


def test_kernel_boot_reports_machine(guest):
    g = guest(append="console=ttyS0,115200 loglevel=7 hello=world")
    g.wait_ready(60)
    out = g.output
    check_common_boot(out, 128)
    assert "command line: console=ttyS0,115200 loglevel=7 hello=world" in out
    # An unknown key is named, not silently ignored.
    assert re.search(r'unknown.*"hello"', out)


def test_kernel_boots_in_32_mib(guest):
    g = guest(append="", memory=32)
    g.wait_ready(60)
    check_common_boot(g.output, 32)


def test_bad_cmdline_value_is_named_and_default_kept(guest):
    g = guest(append="loglevel=banana panic=forever")
    g.wait_ready(60)
    out = g.output
    assert re.search(r'invalid value "banana" for loglevel', out)
    assert re.search(r'invalid value "forever" for panic', out)


@pytest.mark.parametrize("kind,expect", [
    ("null", r"NULL pointer dereference at address 0000000000000000"),
    ("pagefault", r"unable to handle page fault at address 00000deadbeef000"),
    ("ud", r"EXCEPTION: Invalid opcode"),
    ("gp", r"EXCEPTION: General protection fault"),
])
def test_deliberate_fault_dumps_and_halts(guest, kind, expect):
    g = guest(append=f"fault={kind} test_exit")
    status = g.wait_exit(60)
    out = g.output
    assert re.search(expect, out), out[-2000:]
    assert "RIP:" in out and "RAX:" in out and "Call trace:" in out
    # The backtrace names the function that faulted.
    assert re.search(r"\] fault_\w+\+0x", out), out[-2000:]
    assert status == PANIC_EXIT_STATUS


def test_pagefault_reports_cr2(guest):
    g = guest(append="fault=pagefault test_exit")
    g.wait_exit(60)
    assert re.search(r"CR2 \(faulting address\): 00000deadbeef000", g.output)


def test_fault_halts_without_test_exit(guest):
    g = guest(append="fault=ud")
    g.wait_for(r"end Kernel panic", 60)
    # Halting means QEMU keeps running, silent.
    with pytest.raises(Exception):
        g.wait_exit(3)


def test_test_exit_status_from_command_line(guest):
    g = guest(append="test_exit exit_status=7")
    assert g.wait_exit(60) == 7 * 2 + 1


def test_iso_bios(guest):
    g = guest(iso=True)
    g.wait_ready(180)
    check_common_boot(g.output, 128)
    assert "Multiboot2 from GRUB" in g.output


def test_iso_uefi(guest):
    g = guest(uefi=True, memory=256)
    g.wait_ready(240)
    out = g.output
    check_common_boot(out, 256)
    assert "Multiboot2 from GRUB" in out
    assert "firmware: UEFI" in out


@pytest.mark.parametrize("firmware", ["bios", "uefi"])
def test_iso_written_to_a_usb_stick(guest, firmware):
    """The ISO is also a disk image (the zeros after it must not upset either
    firmware's partition table reader)."""
    g = guest(stick=True, uefi=firmware == "uefi", memory=256)
    g.wait_ready(240)
    check_common_boot(g.output, 256)
    assert "Multiboot2 from GRUB" in g.output
    assert ("firmware: UEFI" if firmware == "uefi" else "firmware: BIOS") in g.output


def test_tsc_falls_back_to_hpet_without_pit(guest):
    g = guest(append="test_exit exit_status=0", extra=["-machine", "pc,pit=off"])
    g.wait_exit(60)
    m = re.search(r"tsc: (\d+)\.\d+ MHz \(calibrated against the HPET\)", g.output)
    assert m, g.output[-1500:]
    assert 100 <= int(m.group(1)) <= 10000


def test_tsc_without_any_reference_says_so(guest):
    g = guest(append="test_exit exit_status=0", extra=["-machine", "pc,pit=off,hpet=off"])
    g.wait_exit(60)
    assert "no PIT or HPET to calibrate against; assuming 1 GHz" in g.output
