# SPDX-License-Identifier: BSD-2-Clause
"""tg3 is in the kernel image and looks for its chips at boot. QEMU emulates no
Tigon3, so on QEMU it must register, find nothing, bind nothing and stay quiet;
the driver itself is tested against a register model in tests/hosted."""
import re


def test_tg3_registers_and_finds_nothing(guest):
    g = guest(append="loglevel=7")
    g.wait_ready(60)
    out = g.output
    assert re.search(r"tg3: driver registered: drives 6 IDs \(BCM5717 family, BCM5784\), "
                     r"refuses \d+ other Tigon3 IDs", out), out[-3000:]
    # Nothing bound, nothing refused, no errors from it.
    assert not re.search(r"tg3: (eth\d|.*not driven|.*probe failed)", out)
    lspci = g.command("lspci")
    assert "14e4:" not in lspci
    assert "driver tg3" not in lspci
