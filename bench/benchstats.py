# SPDX-License-Identifier: BSD-2-Clause
"""The statistics behind netbench.py's comparison, kept apart so they can be
tested without QEMU (bench/tests/test_benchstats.py).

- Guest order within a round: shuffled with a recorded seed, or ABBA (the
  list forward, then backward, so drift over a round hits every guest alike).
- Paired ratios: napkin's value in a round over the anchor's in the same
  round, and the minimum, median and maximum of those ratios. A ratio of
  medians taken column by column would pair napkin's best round with the
  anchor's worst; a paired ratio keeps the host's state of that round on
  both sides.
- A verdict: a range of ratios that reaches 1.0 is a tie, whatever its median.
- Host load: busy CPUs from two /proc/stat readings, and the CPU time each
  QEMU thread used from /proc/PID/task/TID/stat, so a run on a loaded host
  shows that it was. The load generator's own CPU (this process's waited-for
  children) is counted apart, so "others" is only what else ran.
"""
from __future__ import annotations

import os
import random
import statistics
from pathlib import Path


# ---- order ----

def round_orders(guests: list[str], rounds: int, order: str, seed: int) -> list[list[str]]:
    """The guests' run order in each round. 'random': a fresh shuffle each
    round from one seed (reproducible); 'abba': every guest twice a round,
    the list forward and then backward."""
    if order == "random":
        rng = random.Random(seed)
        out = []
        for _ in range(rounds):
            g = list(guests)
            rng.shuffle(g)
            out.append(g)
        return out
    if order == "abba":
        return [list(guests) + list(reversed(guests)) for _ in range(rounds)]
    raise ValueError(f"order '{order}' is not random or abba")


# ---- paired ratios ----

def round_values(results: list[dict], nic: str, guest: str, get) -> dict[int, float]:
    """One value per round for a guest on a NIC: the mean of its runs in that
    round (ABBA runs each guest twice), over the runs that produced one."""
    per_round: dict[int, list[float]] = {}
    for r in results:
        if r.get("nic") != nic or r.get("guest") != guest:
            continue
        v = get(r)
        if v is not None:
            per_round.setdefault(r.get("round", 0), []).append(float(v))
    return {k: statistics.mean(v) for k, v in per_round.items()}


def paired_ratios(ours: dict[int, float], theirs: dict[int, float]) -> list[float]:
    """ours / theirs for each round both have (and theirs is not zero), in round order."""
    return [ours[k] / theirs[k] for k in sorted(ours) if k in theirs and theirs[k]]


def summarize(ratios: list[float], lower_is_better: bool = False) -> dict | None:
    """min/median/max of paired ratios and what they say: 'ahead' or 'behind'
    (for napkin) only if every round says so; otherwise 'tie'."""
    if not ratios:
        return None
    lo, hi = min(ratios), max(ratios)
    if lo <= 1.0 <= hi:
        verdict = "tie"
    elif (lo > 1.0) != lower_is_better:
        verdict = "ahead"
    else:
        verdict = "behind"
    return {"n": len(ratios), "min": lo, "median": statistics.median(ratios), "max": hi,
            "verdict": verdict}


def format_summary(s: dict | None) -> str:
    if not s:
        return "-"
    return (f"{s['min']:.2f} / {s['median']:.2f} / {s['max']:.2f} "
            f"({s['verdict']}, n={s['n']})")


# ---- host load ----

def parse_proc_stat(text: str) -> dict[str, list[int]]:
    """The cpu lines of /proc/stat: name -> jiffies (user nice system idle
    iowait irq softirq steal ...)."""
    out = {}
    for line in text.splitlines():
        f = line.split()
        if f and f[0].startswith("cpu"):
            out[f[0]] = [int(x) for x in f[1:]]
    return out


def busy_cpus(before: dict[str, list[int]], after: dict[str, list[int]]) -> dict:
    """From two parse_proc_stat readings: how many CPUs were busy on average
    (all but idle and iowait; guest time is already in user), of how many,
    and the busiest CPU's share."""
    def split(v: list[int]) -> tuple[int, int]:
        # guest and guest_nice (fields 9, 10) are counted in user and nice too.
        total = sum(v[:8])
        idle = v[3] + (v[4] if len(v) > 4 else 0)
        return total - idle, total

    per_cpu = {}
    for name in after:
        if name == "cpu" or name not in before:
            continue
        b1, t1 = split(after[name])
        b0, t0 = split(before[name])
        per_cpu[name] = (b1 - b0) / (t1 - t0) if t1 > t0 else 0.0
    b1, t1 = split(after["cpu"])
    b0, t0 = split(before["cpu"])
    ncpu = len(per_cpu) or 1
    frac = (b1 - b0) / (t1 - t0) if t1 > t0 else 0.0
    return {"cpus": ncpu, "busy_cpus": round(frac * ncpu, 3),
            "busiest_cpu": round(max(per_cpu.values()), 3) if per_cpu else None}


def read_proc_stat(root: Path = Path("/proc")) -> dict[str, list[int]]:
    return parse_proc_stat((root / "stat").read_text())


def parse_task_stat(text: str, hz: int) -> tuple[str, float]:
    """(thread name, utime + stime in seconds) from a /proc/PID/task/TID/stat line."""
    name = text[text.index("(") + 1:text.rindex(")")]
    f = text[text.rindex(")") + 2:].split()
    return name, (int(f[11]) + int(f[12])) / hz


def thread_times(pid: int, root: Path = Path("/proc")) -> dict[str, dict]:
    """CPU seconds so far of each thread of pid: tid -> {name, s}."""
    hz = os.sysconf("SC_CLK_TCK")
    out: dict[str, dict] = {}
    try:
        tids = os.listdir(root / str(pid) / "task")
    except FileNotFoundError:
        return out
    for tid in tids:
        try:
            name, secs = parse_task_stat((root / str(pid) / "task" / tid / "stat").read_text(), hz)
        except (FileNotFoundError, ProcessLookupError, ValueError):
            continue
        out[tid] = {"name": name, "s": secs}
    return out


def thread_delta(before: dict[str, dict], after: dict[str, dict]) -> dict[str, dict]:
    """CPU seconds each thread used between two thread_times readings; a
    thread born in between counts from zero."""
    out = {}
    for tid, a in after.items():
        s0 = before.get(tid, {}).get("s", 0.0)
        out[tid] = {"name": a["name"], "s": round(a["s"] - s0, 3)}
    return out


def children_cpu() -> float:
    """CPU seconds this process's finished children used: the host-side load
    generators (netload, iperf, ping) that netbench runs and waits for."""
    import resource
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def load_summary(stat0, stat1, threads0, threads1, seconds: float,
                 loadgen_s: float = 0.0) -> dict:
    """What the host did during one measured phase: busy CPUs overall, the
    QEMU process's CPU (per thread and total, per wall second), the load
    generator's, and the rest, which is everyone else's load on the host
    (and host kernel work charged to no process)."""
    host = busy_cpus(stat0, stat1)
    threads = thread_delta(threads0, threads1)
    qemu = sum(t["s"] for t in threads.values())
    per_s = qemu / seconds if seconds > 0 else 0.0
    gen = loadgen_s / seconds if seconds > 0 else 0.0
    return {"seconds": round(seconds, 3), **host,
            "qemu_cpus": round(per_s, 3), "loadgen_cpus": round(gen, 3),
            "other_cpus": round(max(host["busy_cpus"] - per_s - gen, 0.0), 3),
            "qemu_threads": {tid: t for tid, t in threads.items() if t["s"] > 0}}
