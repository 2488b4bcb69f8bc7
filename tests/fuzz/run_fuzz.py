#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""`make fuzz`: run each libFuzzer harness for a given time and write the report.

Each harness starts from its committed corpus (tests/fuzz/corpus/<name>/) plus
the corpus earlier runs on this machine grew (build/fuzz/work/<name>/corpus/).
Crash inputs land in build/fuzz/work/<name>/artifacts/.

10^7 executions is more than one session's CPU gives the slower harnesses,
and a session's build folder does not outlive its machine, so what must add
up across sessions is committed: every run appends a line to
tests/fuzz/ledger.tsv (when, harness, seconds, executions, clean or crash,
commit) and the report sums a harness's lines; --keep merges the inputs a
run's corpus covers beyond the committed one into tests/fuzz/corpus/<name>/
as grown-<sha1>, so the next machine starts where this one stopped.
The report (executions, coverage, crashes) replaces the part of
docs/RELIABILITY.md between the fuzz-report markers, and each recorded run
rewrites the table of the ledger's totals there (between the fuzz-ledger
markers); --summary, which `make fuzz-replay` runs, fails when that table no
longer matches the ledger. Exits 1 when a harness crashed, hung or leaked.

    python3 tests/fuzz/run_fuzz.py --build build/fuzz --seconds 120 \
        --report docs/RELIABILITY.md fuzz_cmdline fuzz_lwip ...
    python3 tests/fuzz/run_fuzz.py --build build/fuzz --keep fuzz_lwip ...
    python3 tests/fuzz/run_fuzz.py --summary fuzz_lwip ...
    python3 tests/fuzz/run_fuzz.py --ledger-table
"""
import argparse
import datetime
import hashlib
import os
import re
import shutil
import signal
import subprocess
import sys
import time

BEGIN = "<!-- fuzz-report:begin (written by make fuzz) -->"
END = "<!-- fuzz-report:end -->"
GOAL = 10**7
# A single input running longer than this is a hang.
INPUT_TIMEOUT_S = 20
# libFuzzer's exit status when stopped by SIGINT (its -interrupted_exit_code).
INTERRUPTED_RC = 72
LEDGER = os.path.join("tests", "fuzz", "ledger.tsv")
LEDGER_DOC = os.path.join("docs", "RELIABILITY.md")
LEDGER_BEGIN = "<!-- fuzz-ledger:begin (written by run_fuzz.py from tests/fuzz/ledger.tsv) -->"
LEDGER_END = "<!-- fuzz-ledger:end -->"
TREE_CORPUS = os.path.join("tests", "fuzz", "corpus")


def run_one(build, name, seconds):
    work = os.path.join(build, "work", name)
    corpus = os.path.join(work, "corpus")
    artifacts = os.path.join(work, "artifacts")
    os.makedirs(corpus, exist_ok=True)
    os.makedirs(artifacts, exist_ok=True)
    before = set(os.listdir(artifacts))
    commit = head_commit()  # what is fuzzed: the tree may move on during the run
    cmd = [
        os.path.join(build, name),
        f"-max_total_time={seconds}",
        f"-timeout={INPUT_TIMEOUT_S}",
        "-print_final_stats=1",
        f"-artifact_prefix={artifacts}/",
        corpus,
        os.path.join(TREE_CORPUS, name),
    ]
    log_path = os.path.join(work, "last-run.log")
    started = time.monotonic()
    # Ctrl-C reaches libFuzzer too, which stops and prints its totals: this
    # process waits for it and records the run instead of dying first.
    on_sigint = signal.signal(signal.SIGINT, lambda signum, frame: None)
    try:
        with open(log_path, "w") as log:
            proc = subprocess.run(cmd, stdout=log, stderr=subprocess.STDOUT,
                                  timeout=seconds * 3 + 120)
    finally:
        signal.signal(signal.SIGINT, on_sigint)
    seconds = round(time.monotonic() - started)  # a crash ends the run early
    text = open(log_path, errors="replace").read()
    stat = dict(re.findall(r"^stat::(\w+):\s+(\d+)", text, re.M))
    cov = re.findall(r"cov: (\d+) ft: (\d+) corp: (\d+)/", text)
    pcs = re.search(r"Loaded \d+ PC tables \((\d+) PCs\)", text)
    new = sorted(set(os.listdir(artifacts)) - before)
    summary = re.findall(r"^SUMMARY: (.*)$", text, re.M)
    execs = int(stat.get("number_of_executed_units", 0))
    # Stopped by hand (Ctrl-C): a shorter run, not a crash, if nothing else happened.
    interrupted = (proc.returncode == INTERRUPTED_RC and not new and not summary
                   and "run interrupted" in text)
    crashed = bool(new) or (proc.returncode != 0 and not interrupted)
    record(name, seconds, execs, crashed, commit)
    return {
        "name": name,
        "seconds": seconds,
        "execs": execs,
        "ledger": read_ledger(name),
        "rate": int(stat.get("average_exec_per_sec", 0)),
        "edges": int(cov[-1][0]) if cov else 0,
        "features": int(cov[-1][1]) if cov else 0,
        "corpus": int(cov[-1][2]) if cov else 0,
        "pcs": int(pcs.group(1)) if pcs else 0,
        "crashes": new,
        "summary": summary[-1] if summary else "",
        "rc": 0 if interrupted else proc.returncode,
        "log": log_path,
    }


def head_commit():
    try:
        out = subprocess.run(["git", "rev-parse", "--short=12", "HEAD"],
                             capture_output=True, text=True, check=True)
        return out.stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "-"


def record(name, seconds, execs, crashed, commit):
    when = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M")
    with open(LEDGER, "a") as ledger:
        ledger.write(f"{when}\t{name}\t{seconds}\t{execs}\t"
                     f"{'crash' if crashed else 'clean'}\t{commit}\n")
    if doc_block(LEDGER_DOC, LEDGER_BEGIN, LEDGER_END) is not None:
        write_block(LEDGER_DOC, LEDGER_BEGIN, LEDGER_END, ledger_table())


def read_ledger(name):
    """A harness's runs in the ledger: executions in all of them, how many
    runs and how many crashed, and the executions since its last crash (the
    ones that count toward the goal: a crash means the code changed since)."""
    total = runs = crashed = clean = 0
    if not os.path.exists(LEDGER):
        return total, runs, crashed, clean
    with open(LEDGER) as ledger:
        for line in ledger:
            fields = line.rstrip("\n").split("\t")
            if line.startswith("#") or len(fields) != 6 or fields[1] != name:
                continue
            if not fields[3].isdigit() or fields[4] not in ("clean", "crash"):
                raise SystemExit(f"{LEDGER}: malformed line {line!r}")
            total += int(fields[3])
            runs += 1
            if fields[4] == "crash":
                crashed += 1
                clean = 0
            else:
                clean += int(fields[3])
    return total, runs, crashed, clean


def ledger_harnesses():
    """Every harness the ledger names, in the order of its first run."""
    names = []
    if os.path.exists(LEDGER):
        with open(LEDGER) as ledger:
            for line in ledger:
                fields = line.split("\t")
                if not line.startswith("#") and len(fields) == 6 and fields[1] not in names:
                    names.append(fields[1])
    return names


def ledger_table():
    """The ledger's totals per harness, as docs/RELIABILITY.md shows them."""
    lines = [
        LEDGER_BEGIN,
        "| harness | executions | runs | runs with a crash | clean since the last crash "
        "| 10^7 clean |",
        "|---|---:|---:|---:|---:|---|",
    ]
    for name in ledger_harnesses():
        total, runs, crashed, clean = read_ledger(name)
        goal = "reached" if clean >= GOAL else f"{clean / GOAL:.0%}"
        lines.append(f"| {name} | {total:,} | {runs} | {crashed} | {clean:,} | {goal} |")
    return "\n".join(lines + [LEDGER_END]) + "\n"


def doc_block(path, begin, end):
    """The part of path from begin to end, markers included, or None."""
    text = open(path).read() if os.path.exists(path) else ""
    if begin not in text or end not in text:
        return None
    return begin + text.split(begin, 1)[1].split(end, 1)[0] + end + "\n"


def keep(build, name):
    """Merge what the work corpus covers beyond the committed corpus into it.

    libFuzzer's merge adds an input only for coverage features the committed
    inputs lack; the new files get a grown- prefix (seeds.py rewrites only
    seed-*). Returns how many were added."""
    tree = os.path.join(TREE_CORPUS, name)
    work = os.path.join(build, "work", name, "corpus")
    if not os.path.isdir(work):
        return 0
    staging = os.path.join(build, "work", name, "keep")
    shutil.rmtree(staging, ignore_errors=True)
    shutil.copytree(tree, staging)
    before = set(os.listdir(staging))
    log_path = os.path.join(build, "work", name, "keep.log")
    with open(log_path, "w") as log:
        proc = subprocess.run([os.path.join(build, name), "-merge=1",
                               f"-timeout={INPUT_TIMEOUT_S}", staging, work],
                              stdout=log, stderr=subprocess.STDOUT)
    if proc.returncode != 0:
        raise SystemExit(f"{name}: merge failed, see {log_path}")
    added = 0
    for f in sorted(set(os.listdir(staging)) - before):
        data = open(os.path.join(staging, f), "rb").read()
        dest = os.path.join(tree, "grown-" + hashlib.sha1(data).hexdigest())
        if not os.path.exists(dest):
            shutil.copyfile(os.path.join(staging, f), dest)
            added += 1
    shutil.rmtree(staging)
    return added


def hours_to_goal(r):
    clean = r["ledger"][3]
    if clean >= GOAL:
        return "reached"
    if not r["rate"]:
        return "-"
    return f"{(GOAL - clean) / r['rate'] / 3600:.1f} h more"


def all_runs(ledger):
    total, runs, crashed, clean = ledger
    return f"{total:,} in {runs} run{'s' if runs != 1 else ''}" + (
        f", {crashed} with a crash; {clean:,} since the last" if crashed else "")


def report(results, seconds):
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    load = os.getloadavg()[0]
    lines = [
        BEGIN,
        f"Last `make fuzz FUZZ_SECONDS={seconds}`: {now}, {os.cpu_count()} CPUs, "
        f"load average {load:.1f} at the end.",
        "",
        "| harness | seconds | executions | exec/s | edges covered / instrumented | corpus "
        "| crashes | all runs in tests/fuzz/ledger.tsv | to 10^7 clean at this rate |",
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


def write_block(path, begin, end, block):
    """Replace the part of path from begin to end with block (which holds
    both markers), or append block when the markers are not there."""
    text = open(path).read() if os.path.exists(path) else ""
    if begin in text and end in text:
        head, rest = text.split(begin, 1)
        text = head + block.rstrip("\n") + rest.split(end, 1)[1]
    else:
        text = text + ("\n" if text and not text.endswith("\n") else "") + block
    with open(path, "w") as f:
        f.write(text)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build")
    ap.add_argument("--seconds", type=int)
    ap.add_argument("--report")
    ap.add_argument("--keep", action="store_true",
                    help="merge the grown corpora into tests/fuzz/corpus instead of fuzzing")
    ap.add_argument("--summary", action="store_true",
                    help="print each harness's runs from the ledger (fails on a malformed line)")
    ap.add_argument("--ledger-table", action="store_true",
                    help=f"rewrite {LEDGER_DOC}'s table of the ledger's totals")
    ap.add_argument("targets", nargs="*")
    args = ap.parse_args()
    if args.ledger_table:
        if doc_block(LEDGER_DOC, LEDGER_BEGIN, LEDGER_END) is None:
            raise SystemExit(f"{LEDGER_DOC}: no fuzz-ledger markers")
        write_block(LEDGER_DOC, LEDGER_BEGIN, LEDGER_END, ledger_table())
        return 0
    if not args.targets:
        ap.error("name the harnesses")
    if args.summary:
        if doc_block(LEDGER_DOC, LEDGER_BEGIN, LEDGER_END) != ledger_table():
            raise SystemExit(f"{LEDGER_DOC}: its table of the fuzz ledger's totals differs "
                             f"from {LEDGER}; rewrite it with "
                             "`python3 tests/fuzz/run_fuzz.py --ledger-table`")
        for name in args.targets:
            total, runs, crashed, clean = read_ledger(name)
            goal = "10^7 reached" if clean >= GOAL else f"{clean / GOAL:.0%} of 10^7"
            print(f"== fuzz ledger: {name}: {total:,} executions in {runs} runs, "
                  f"{crashed} crashed; {clean:,} clean since the last crash ({goal})")
        return 0
    if not args.build:
        ap.error("--build is needed to fuzz or keep")
    if args.keep:
        for name in args.targets:
            print(f"== fuzz keep: {name}: {keep(args.build, name)} inputs added", flush=True)
        return 0
    if args.seconds is None or args.report is None:
        ap.error("--seconds and --report are needed to fuzz")
    results = []
    for name in args.targets:
        print(f"== fuzz: {name} for {args.seconds} s", flush=True)
        r = run_one(args.build, name, args.seconds)
        print(f"   {r['execs']:,} executions, {r['edges']:,} edges, crashes: {r['crashes'] or 'none'}")
        results.append(r)
    write_block(args.report, BEGIN, END, report(results, args.seconds))
    print(f"report: {args.report}")
    return 1 if any(r["crashes"] or r["rc"] for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
