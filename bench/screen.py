#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""What the screen costs: a flood of log lines with each screen napkin draws on.

For QEMU's -kernel (VGA text mirror), the ISO under SeaBIOS with -vga std and
the ISO under OVMF with bochs-display (1280x800x32), boots napkin, then runs
`logger -n LINES` ROUNDS times and reports the median wall time from the
command to the next prompt, and the guest's own time for it (uptime before
and after). The serial console carries the same lines in every case, so the
differences are the screen's. The boot report's `screen:` line gives the
scrolls and the redraws that waited for the 20 ms timer.
Writes bench/results/screen-<date>.txt.
"""
import argparse
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "qemu"))
from napkin_qemu import Guest  # noqa: E402

SETUPS = [
    ("kernel-vga-text", dict(kernel=True, append="")),
    ("iso-seabios-vga-std", dict(iso=True)),
    ("iso-ovmf-bochs-display", dict(iso=True, uefi=True,
                                    extra=["-vga", "none", "-device", "bochs-display"])),
]


def guest_uptime(g) -> float:
    return float(re.search(r"up (\d+\.\d+) s", g.command("uptime")).group(1))


def measure(name: str, kwargs: dict, lines: int, rounds: int) -> dict:
    g = Guest(f"bench-screen-{name}", **kwargs)
    try:
        g.wait_ready(180)
        walls, guests = [], []
        for _ in range(rounds):
            before = guest_uptime(g)
            start = time.monotonic()
            g.command(f"logger -n {lines} screen bench line", timeout=600)
            walls.append(time.monotonic() - start)
            guests.append(guest_uptime(g) - before)
        screen = re.findall(r"hwinfo: (screen: .*)", g.command("hwinfo"))
        return dict(name=name, wall=statistics.median(walls), guest=statistics.median(guests),
                    screen=screen[-1] if screen else "screen: ?")
    finally:
        g.stop()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lines", type=int, default=2000)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    subprocess.run(["make", "-C", str(ROOT), "-j2", "all"], check=True, stdout=subprocess.DEVNULL)
    qemu = subprocess.run(["qemu-system-x86_64", "--version"], capture_output=True,
                          text=True).stdout.splitlines()[0]
    out = [f"# napkin screen cost: logger -n {args.lines}, median of {args.rounds} rounds",
           f"# {qemu}; {time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime())}",
           f"{'setup':24} {'wall s':>8} {'guest s':>8}  boot report"]
    for name, kwargs in SETUPS:
        r = measure(name, kwargs, args.lines, args.rounds)
        out.append(f"{r['name']:24} {r['wall']:8.2f} {r['guest']:8.2f}  {r['screen']}")
        print(out[-1], flush=True)
    path = ROOT / "bench" / "results" / f"screen-{time.strftime('%Y%m%d-%H%M%S')}.txt"
    path.write_text("\n".join(out) + "\n")
    print(f"written to {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
