# SPDX-License-Identifier: BSD-2-Clause
"""bench/benchstats.py: run orders, paired ratios and their verdicts, and the
host-load readings, on made-up inputs (no QEMU, no root; well under a second).
Run: /usr/bin/python3 -m pytest -q bench/tests"""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import benchstats as bs  # noqa: E402


def test_random_order_is_a_reproducible_permutation_per_round():
    guests = ["napkin", "linux-untuned", "linux-tuned", "linux-tuned-nomit"]
    a = bs.round_orders(guests, 6, "random", seed=11)
    assert a == bs.round_orders(guests, 6, "random", seed=11)
    assert all(sorted(r) == sorted(guests) for r in a)
    # Six shuffles of four: not all the same (with this seed, several differ).
    assert len({tuple(r) for r in a}) > 1
    assert a != bs.round_orders(guests, 6, "random", seed=12)


def test_abba_runs_each_guest_twice_mirrored():
    assert bs.round_orders(["A", "B"], 2, "abba", 0) == [["A", "B", "B", "A"]] * 2


def test_unknown_order_is_refused():
    with pytest.raises(ValueError):
        bs.round_orders(["A"], 1, "sorted", 0)


def run(guest, rnd, v, nic="virtio"):
    return {"guest": guest, "nic": nic, "round": rnd, "x": v}


def test_round_values_average_repeats_and_skip_missing():
    results = [run("napkin", 0, 10), run("napkin", 0, 14), run("napkin", 1, None),
               run("napkin", 2, 5), run("napkin", 2, 5, nic="e1000"), run("linux", 0, 1)]
    vals = bs.round_values(results, "virtio", "napkin", lambda r: r["x"])
    assert vals == {0: 12.0, 2: 5.0}


def test_paired_ratios_pair_by_round_not_by_rank():
    # napkin's rounds rise while the anchor's fall: pairing by round matters.
    ours = {0: 100.0, 1: 200.0, 2: 300.0}
    theirs = {0: 300.0, 1: 200.0, 2: 100.0}
    assert bs.paired_ratios(ours, theirs) == pytest.approx([1 / 3, 1.0, 3.0])
    # A ratio of medians would say 1.0 and hide the spread.
    s = bs.summarize(bs.paired_ratios(ours, theirs))
    assert (s["min"], s["median"], s["max"]) == pytest.approx((1 / 3, 1.0, 3.0))
    assert s["verdict"] == "tie"


def test_paired_ratios_skip_unpaired_and_zero_rounds():
    assert bs.paired_ratios({0: 2.0, 1: 4.0, 3: 9.0}, {0: 1.0, 1: 0.0, 2: 5.0}) == [2.0]


def test_verdicts():
    assert bs.summarize([1.19, 1.2, 1.3])["verdict"] == "ahead"
    assert bs.summarize([0.5, 0.8, 0.9])["verdict"] == "behind"
    # Crossing 1.0 is a tie, however good the median.
    assert bs.summarize([0.99, 1.5, 1.6, 1.7, 1.8])["verdict"] == "tie"
    assert bs.summarize([1.0, 1.2])["verdict"] == "tie"
    # Latency: lower is better, so ratios below 1 put napkin ahead.
    assert bs.summarize([0.4, 0.6], lower_is_better=True)["verdict"] == "ahead"
    assert bs.summarize([1.4, 1.6], lower_is_better=True)["verdict"] == "behind"
    assert bs.summarize([]) is None


def test_summary_median_of_even_count_and_format():
    s = bs.summarize([1.1, 1.3, 1.2, 1.4])
    assert s["median"] == pytest.approx(1.25) and s["n"] == 4
    assert bs.format_summary(s) == "1.10 / 1.25 / 1.40 (ahead, n=4)"
    assert bs.format_summary(None) == "-"


STAT0 = """cpu  100 0 100 800 0 0 0 0 0 0
cpu0 50 0 50 400 0 0 0 0 0 0
cpu1 50 0 50 400 0 0 0 0 0 0
intr 12345
"""
# 100 jiffies per CPU later: cpu0 fully busy, cpu1 a quarter busy (plus some iowait).
STAT1 = """cpu  225 0 100 865 10 0 0 0 0 0
cpu0 150 0 50 400 0 0 0 0 0 0
cpu1 75 0 50 465 10 0 0 0 0 0
"""


def test_busy_cpus_from_proc_stat():
    b = bs.busy_cpus(bs.parse_proc_stat(STAT0), bs.parse_proc_stat(STAT1))
    assert b["cpus"] == 2
    assert b["busy_cpus"] == pytest.approx(1.25)
    assert b["busiest_cpu"] == pytest.approx(1.0)


def test_task_stat_with_spaces_and_parens_in_the_name():
    line = "4242 (qemu (io) thr) S 1 2 3 0 -1 0 0 0 0 0 250 50 0 0 20 0 9 0 1 2 3"
    assert bs.parse_task_stat(line, 100) == ("qemu (io) thr", 3.0)


def test_thread_delta_and_load_summary():
    t0 = {"10": {"name": "qemu", "s": 1.0}, "11": {"name": "CPU 0/TCG", "s": 5.0}}
    t1 = {"10": {"name": "qemu", "s": 1.5}, "11": {"name": "CPU 0/TCG", "s": 9.0},
          "12": {"name": "worker", "s": 0.25}}
    d = bs.thread_delta(t0, t1)
    assert d == {"10": {"name": "qemu", "s": 0.5}, "11": {"name": "CPU 0/TCG", "s": 4.0},
                 "12": {"name": "worker", "s": 0.25}}
    load = bs.load_summary(bs.parse_proc_stat(STAT0), bs.parse_proc_stat(STAT1), t0, t1, 5.0,
                           loadgen_s=1.0)
    # QEMU used 4.75 s in 5 s: 0.95 CPUs of the 1.25 busy; the load generator
    # 0.2; the rest is someone else.
    assert load["qemu_cpus"] == pytest.approx(0.95)
    assert load["loadgen_cpus"] == pytest.approx(0.2)
    assert load["other_cpus"] == pytest.approx(0.1)
    assert set(load["qemu_threads"]) == {"10", "11", "12"}
    # Never below zero when the counters disagree by a tick.
    assert bs.load_summary(bs.parse_proc_stat(STAT0), bs.parse_proc_stat(STAT1), t0, t1, 1.0,
                           loadgen_s=9.0)["other_cpus"] == 0.0


def test_children_cpu_counts_a_finished_child():
    import subprocess
    before = bs.children_cpu()
    subprocess.run([sys.executable, "-c", "sum(range(3_000_000))"], check=True)
    assert bs.children_cpu() > before


def test_thread_times_of_this_process():
    t = bs.thread_times(os.getpid())
    assert str(os.getpid()) in t and t[str(os.getpid())]["s"] >= 0
    assert bs.thread_times(2 ** 22 + 7) == {}
