#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Draw the receive-livelock curves of a netbench overload run with gnuplot.

    python3 bench/plot_livelock.py bench/results/flood-<date>.json [--out docs/plots]

One SVG per NIC, docs/plots/livelock-<nic>.svg, with one curve per mode
(napkin's napi, irq and busypoll, and the Linux guest) in three panels that
share the x axis, the offered rate asked of netload as a multiple of
napkin's napi-mode closed-loop peak (log scale; every mode got the same
rates):

  delivered   echo replies back at the host per second (solid), and what
              netload really sent (dashed, same colour: past some rate the
              host cannot send more)
  interrupts  the guest's NIC interrupts per second (log scale; 0 is drawn at 1)
  QEMU CPU    host CPU seconds per second of QEMU's I/O thread, which takes
              frames from the tap and, for virtio, transmits: what the guest
              can receive is bounded by what this thread gets

netbench.py --plot DIR calls this at the end of a run. Needs gnuplot
(Debian: gnuplot-nox, installed by scripts/deps.sh).
"""
from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MODE_ORDER = ["napi", "irq", "busypoll", "linux", "linux-untuned", "linux-tuned",
              "linux-tuned-nomit"]
COLOURS = {"napi": "#1b7837", "irq": "#b2182b", "busypoll": "#2166ac", "linux": "#7f7f7f",
           "linux-untuned": "#7f7f7f", "linux-tuned": "#404040", "linux-tuned-nomit": "#000000"}


def mode_of(run: dict) -> str:
    """napkin's napi mode, or which Linux anchor (netbench.LINUX_VARIANTS)."""
    return run["guest"] if run["guest"].startswith("linux") else run["mode"]


def points(run: dict) -> list[tuple[float, float, float, float, float]]:
    """(multiple, offered kpps, delivered kpps, guest irqs/s, QEMU I/O thread CPU) per step."""
    out = []
    for s in run["steps"]:
        res = s["result"]
        if not res.get("ok") or res.get("offered_pps") is None:
            continue
        io = s.get("qemu_cpu", {}).get("io")
        out.append((s["multiple"], res["offered_pps"] / 1000, res["delivered_pps"] / 1000,
                    max(s["irqs_per_s"], 1), float("nan") if io is None else io))
    return sorted(out)


def gnuplot_script(nic: str, runs: list[dict], svg: Path, title: str) -> str:
    blocks, plots = [], {"d": [], "i": [], "c": []}
    runs = sorted(runs, key=lambda r: MODE_ORDER.index(mode_of(r))
                  if mode_of(r) in MODE_ORDER else 99)
    top, has_cpu = 1.0, False
    for n, run in enumerate(runs):
        mode = mode_of(run)
        pts = points(run)
        if not pts:
            continue
        top = max(top, *(p[1] for p in pts), *(p[2] for p in pts))
        has_cpu = has_cpu or any(p[4] == p[4] for p in pts)  # NaN: run had no CPU figures
        label = f"Linux guest ({mode})" if mode.startswith("linux") else f"napkin {mode}"
        peak = run.get("peak", {}).get("rps")
        if peak:
            label += f" (closed-loop peak {peak / 1000:.0f}k)"
        name = f"$m{n}"
        blocks.append(f"{name} << EOD\n" +
                      "\n".join(f"{m:g} {o:.3f} {d:.3f} {i} {c}" for m, o, d, i, c in pts) +
                      "\nEOD")
        style = f"lw 2 pt 7 ps 0.6 lc rgb '{COLOURS.get(mode, '#000000')}'"
        plots["d"].append(f"{name} using 1:3 with linespoints {style} title '{label}'")
        plots["d"].append(f"{name} using 1:2 with lines dt 2 lw 1 "
                          f"lc rgb '{COLOURS.get(mode, '#000000')}' notitle")
        plots["i"].append(f"{name} using 1:4 with linespoints {style} notitle")
        plots["c"].append(f"{name} using 1:5 with linespoints {style} notitle")
    ymax = top * 1.05
    xlabel = "set xlabel 'offered load, multiple of the napi-mode closed-loop peak'"
    cpu_panel = [
        "unset logscale y",
        "set ylabel 'QEMU I/O thread (CPU s/s)'",
        "set yrange [0:*]",
        xlabel,
        "plot " + ", ".join(plots["c"]),
    ] if has_cpu else []
    return "\n".join([
        f"set terminal svg size 760,{900 if has_cpu else 640} dynamic font 'sans,11' "
        "background rgb 'white'",
        f"set output '{svg}'",
        *blocks,
        f"set multiplot layout {3 if has_cpu else 2},1 margins 0.11,0.97,0.07,0.93 "
        "spacing 0,0.06",
        f"set title '{title}' noenhanced",
        "set grid",
        "set logscale x 2",
        "set xrange [0.2:12]",
        "set xtics ('0.25x' 0.25, '0.5x' 0.5, '1x' 1, '2x' 2, '4x' 4, '10x' 10)",
        "set key top left box opaque noenhanced",
        "set ylabel 'delivered (solid), sent (dashed), kpps'",
        f"set yrange [0:{ymax:.1f}]",
        "plot " + ", ".join(plots["d"]),
        "unset title",
        "unset key",
        "set ylabel 'guest interrupts/s'",
        "set logscale y",
        "set yrange [0.8:*]",
        *([] if has_cpu else [xlabel]),
        "plot " + ", ".join(plots["i"]),
        *cpu_panel,
        "unset multiplot",
        "",
    ])


def plot(results: Path, out_dir: Path) -> list[Path]:
    if not shutil.which("gnuplot"):
        raise RuntimeError("gnuplot not found: install gnuplot-nox (scripts/deps.sh)")
    data = json.loads(results.read_text())
    by_nic: dict[str, list[dict]] = {}
    for run in data.get("flood", []):
        by_nic.setdefault(run["nic"], []).append(run)
    if not by_nic:
        raise RuntimeError(f"{results}: no overload runs in it")
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for nic, runs in by_nic.items():
        svg = out_dir / f"livelock-{nic}.svg"
        title = f"UDP echo under overload, {nic} ({results.name})"
        subprocess.run(["gnuplot"], input=gnuplot_script(nic, runs, svg, title), text=True,
                       check=True, timeout=60)
        written.append(svg)
    return written


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("results", type=Path, help="a netbench results .json")
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "plots")
    args = ap.parse_args()
    try:
        for svg in plot(args.results, args.out):
            print(f"wrote {svg}")
    except (RuntimeError, OSError, ValueError, subprocess.CalledProcessError) as e:
        print(f"plot_livelock: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
