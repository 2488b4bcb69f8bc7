# SPDX-License-Identifier: BSD-2-Clause
"""sky2 (Yukon-2) and skge (Genesis/Yukon) are in the kernel image and look for
their chips at boot. QEMU emulates neither, so there each must register, say
so, find nothing, bind nothing and stay quiet; the drivers themselves are
tested against register models in tests/hosted."""
import re


def test_sky2_and_skge_register_and_find_nothing(guest):
    g = guest(append="loglevel=7")
    g.wait_ready(60)
    out = g.output
    assert re.search(r"sky2: driver registered: \d+ Marvell/SysKonnect/D-Link Yukon-2 IDs, "
                     r"chip families XL to Optima 2", out), out[-3000:]
    assert re.search(r"skge: driver registered: SysKonnect Genesis and Marvell Yukon, \d+ PCI "
                     r"IDs, per-port NAPI on shared INTx", out), out[-3000:]
    # Nothing bound, nothing refused, no errors from either.
    for drv in ("sky2", "skge"):
        lines = [line for line in out.splitlines() if f"{drv}: " in line]
        assert len(lines) == 1, lines
    lspci = g.command("lspci")
    assert "driver sky2" not in lspci and "driver skge" not in lspci, lspci
    napi = g.command("napi")
    assert "sky2-" not in napi and "skge-" not in napi, napi
