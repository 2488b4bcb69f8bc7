#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""`make fuzz`: run each libFuzzer harness for a given time and write the report.

Each harness starts from its committed seeds (tests/fuzz/corpus/<name>/) plus
the corpus earlier runs grew (build/fuzz/work/<name>/corpus/, kept between
runs so time adds up). Crash inputs land in build/fuzz/work/<name>/artifacts/.
Every run adds a line to build/fuzz/work/<name>/ledger.tsv (when, seconds,
executions, crashes); the report counts all of them, since 10^7 executions
is more than one session's CPU gives the slower harnesses.
The report (executions, coverage, crashes) replaces the part of
docs/RELIABILITY.md between the fuzz-report markers. Exits 1 when a harness
crashed, hung or leaked.

    python3 tests/fuzz/run_fuzz.py --build build/fuzz --seconds 120 \
        --report docs/RELIABILITY.md fuzz_cmdline fuzz_lwip ...
"""
import argparse
import datetime
import os
import re
import subprocess
import sys

BEGIN = "<!-- fuzz-report:begin (written by make fuzz) -->"
END = "<!-- fuzz-report:end -->"
GOAL = 10**7
# A single input running longer than this is a hang.
INPUT_TIMEOUT_S = 20


def run_one(build, name, seconds):
    work = os.path.join(build, "work", name)
    corpus = os.path.join(work, "corpus")
    artifacts = os.path.join(work, "artifacts")
    os.makedirs(corpus, exist_ok=True)
    os.makedirs(artifacts, exist_ok=True)
    before = set(os.listdir(artifacts))
    cmd = [
        os.path.join(build, name),
        f"-max_total_time={seconds}",
        f"-timeout={INPUT_TIMEOUT_S}",
        "-print_final_stats=1",
        f"-artifact_prefix={artifacts}/",
        corpus,
        os.path.join("tests", "fuzz", "corpus", name),
    ]
    log_path = os.path.join(work, "last-run.log")
    with open(log_path, "w") as log:
        proc = subprocess.run(cmd, stdout=log, stderr=subprocess.STDOUT, timeout=seconds * 3 + 120)
    text = open(log_path, errors="replace").read()
    stat = dict(re.findall(r"^stat::(\w+):\s+(\d+)", text, re.M))
    cov = re.findall(r"cov: (\d+) ft: (\d+) corp: (\d+)/", text)
    pcs = re.search(r"Loaded \d+ PC tables \((\d+) PCs\)", text)
    new = sorted(set(os.listdir(artifacts)) - before)
    summary = re.findall(r"^SUMMARY: (.*)$", text, re.M)
    execs = int(stat.get("number_of_executed_units", 0))
    crashed = bool(new) or proc.returncode != 0
    with open(os.path.join(work, "ledger.tsv"), "a") as ledger:
        when = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M")
        ledger.write(f"{when}\t{seconds}\t{execs}\t{'crash' if crashed else 'clean'}\n")
    return {
        "name": name,
        "seconds": seconds,
        "execs": execs,
        "ledger": read_ledger(work),
        "rate": int(stat.get("average_exec_per_sec", 0)),
        "edges": int(cov[-1][0]) if cov else 0,
        "features": int(cov[-1][1]) if cov else 0,
        "corpus": int(cov[-1][2]) if cov else 0,
        "pcs": int(pcs.group(1)) if pcs else 0,
        "crashes": new,
        "summary": summary[-1] if summary else "",
        "rc": proc.returncode,
        "log": log_path,
    }


def read_ledger(work):
    """Executions and runs in this corpus's ledger, and the runs that crashed."""
    total = runs = crashed = 0
    with open(os.path.join(work, "ledger.tsv")) as ledger:
        for line in ledger:
            fields = line.split("\t")
            if len(fields) == 4 and fields[2].isdigit():
                total += int(fields[2])
                runs += 1
                crashed += fields[3].strip() != "clean"
    return total, runs, crashed


def hours_to_goal(r):
    total = r["ledger"][0]
    if total >= GOAL:
        return "reached"
    if not r["rate"]:
        return "-"
    return f"{(GOAL - total) / r['rate'] / 3600:.1f} h more"


def all_runs(ledger):
    total, runs, crashed = ledger
    return f"{total:,} in {runs} run{'s' if runs != 1 else ''}" + (
        f", {crashed} with a crash" if crashed else "")


def report(results, seconds):
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    load = os.getloadavg()[0]
    lines = [
        BEGIN,
        f"Last `make fuzz FUZZ_SECONDS={seconds}`: {now}, {os.cpu_count()} CPUs, "
        f"load average {load:.1f} at the end.",
        "",
        "| harness | seconds | executions | exec/s | edges covered / instrumented | corpus "
        "| crashes | all runs on this corpus | to 10^7 at this rate |",
        "|---|---:|---:|---:|---:|---:|---|---|---|",
    ]
    for r in results:
        crashes = ", ".join(r["crashes"]) or ("none" if r["rc"] == 0 else f"exit {r['rc']}")
        lines.append(
            f"| {r['name']} | {r['seconds']} | {r['execs']:,} | {r['rate']:,} "
            f"| {r['edges']:,} / {r['pcs']:,} | {r['corpus']:,} | {crashes} "
            f"| {all_runs(r['ledger'])} | {hours_to_goal(r)} |"
        )
    bad = [r for r in results if r["crashes"] or r["rc"]]
    lines.append("")
    if bad:
        for r in bad:
            lines.append(f"- {r['name']}: {r['summary'] or 'see ' + r['log']}")
    else:
        lines.append("No crash, hang or leak in this run.")
    lines.append(END)
    return "\n".join(lines) + "\n"


def write_report(path, block):
    text = open(path).read() if os.path.exists(path) else ""
    if BEGIN in text and END in text:
        head, rest = text.split(BEGIN, 1)
        tail = rest.split(END, 1)[1].lstrip("\n")
        text = head + block + tail
    else:
        text = text + ("\n" if text and not text.endswith("\n") else "") + block
    with open(path, "w") as f:
        f.write(text)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", required=True)
    ap.add_argument("--seconds", type=int, required=True)
    ap.add_argument("--report", required=True)
    ap.add_argument("targets", nargs="+")
    args = ap.parse_args()
    results = []
    for name in args.targets:
        print(f"== fuzz: {name} for {args.seconds} s", flush=True)
        r = run_one(args.build, name, args.seconds)
        print(f"   {r['execs']:,} executions, {r['edges']:,} edges, crashes: {r['crashes'] or 'none'}")
        results.append(r)
    write_report(args.report, report(results, args.seconds))
    print(f"report: {args.report}")
    return 1 if any(r["crashes"] or r["rc"] for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
