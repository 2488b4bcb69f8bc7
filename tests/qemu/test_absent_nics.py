# SPDX-License-Identifier: BSD-2-Clause
"""tg3, sky2 and skge are in the kernel image and look for their chips at boot.
QEMU emulates none of them, so there each must register, say so, find
nothing, bind nothing and stay quiet; the drivers themselves are tested
against register models in tests/hosted. One boot checks all three."""
import re

# Each driver's registration line, as it logs it at boot.
REGISTERED = {
    "tg3": r"tg3: driver registered: drives 6 IDs \(BCM5717 family, BCM5784\), "
           r"refuses \d+ other Tigon3 IDs",
    "sky2": r"sky2: driver registered: \d+ Marvell/SysKonnect/D-Link Yukon-2 IDs, "
            r"chip families XL to Optima 2",
    "skge": r"skge: driver registered: SysKonnect Genesis and Marvell Yukon, \d+ PCI "
            r"IDs, per-port NAPI on shared INTx",
}


def test_mission_nics_register_and_find_nothing(guest):
    g = guest(append="loglevel=7")
    g.wait_ready(60)
    out = g.output
    for drv, line in REGISTERED.items():
        assert re.search(line, out), (drv, out[-3000:])
    # Nothing bound, nothing refused, no errors from any of them.
    assert not re.search(r"tg3: (eth\d|.*not driven|.*probe failed)", out)
    for drv in ("sky2", "skge"):
        lines = [line for line in out.splitlines() if f"{drv}: " in line]
        assert len(lines) == 1, lines
    lspci = g.command("lspci")
    assert "14e4:" not in lspci
    for drv in REGISTERED:
        assert f"driver {drv}" not in lspci, lspci
    napi = g.command("napi")
    assert "sky2-" not in napi and "skge-" not in napi, napi
