#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""The mutation suite: plant each bug of tests/mutants/mutants.txt, one at a
time, in a scratch copy of the tree, build and run the suites that cover the
changed file, and report whether any of them caught it (README.md here).

    run_mutants.py [-j N] [--sample] [--only ID,ID] [--out DIR]

The working tree is never written: each worker has its own copy of the
tracked files under OUT/scratchN (third_party/ is linked, not copied), and
puts a mutated file back from the source tree before the next mutant.
"""

import argparse
import os
import hashlib
import re
import shlex
import shutil
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

TOP = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
LIST = os.path.join(TOP, "tests", "mutants", "mutants.txt")

KINDS = {
    "register": "a wrong register bit or offset",
    "barrier": "a barrier removed",
    "owner": "an owner or done bit ignored",
    "ring-index": "a ring index off by one or moved at the wrong time",
    "budget": "a poll over budget",
    "unmask": "unmask before complete",
    "irq-ack": "an interrupt never acknowledged",
    "port-queue": "a wrong port or queue",
    "buffer": "a buffer leaked or freed twice",
    "dma-sync": "a DMA sync left out",
    "error-path": "an error path that keeps a half-built device",
}
STATUSES = ("", "equivalent", "needs-racing")
FIELDS = ("kind", "file", "bug", "suites", "find", "replace", "sample", "status", "why")

# Per test case (check forks each) and per suite binary.
CASE_TIMEOUT_S = 20
SUITE_TIMEOUT_S = 150
# What a hang looks like in a report (check's case timeout, or the suite's).
HANG_MARK = "timeout expired"
# A check failure line: file:line:F|E:case:test:iteration: message
FAIL_RE = re.compile(r"^[^:\s]+:\d+:[FE]:[^:]*:([^:]+):\d+: ?(.*)$")


class Mutant:
    def __init__(self, mid, lineno):
        self.id = mid
        self.lineno = lineno
        self.kind = self.file = self.bug = self.find = self.why = self.status = ""
        self.replace = None
        self.suites = []
        self.sample = False

    @property
    def driver(self):
        parts = self.file.split("/")
        if parts[0] == "drivers":
            return "virtio-net" if parts[1] == "virtio" else parts[1]
        if self.file.startswith("net/lwip/"):
            return "lwip-glue"
        return "napi-core"


def unescape(s):
    return s.replace("\\n", "\n").replace("\\t", "\t")


def load(path=LIST):
    mutants, cur, errors = [], None, []
    with open(path) as f:
        for n, raw in enumerate(f, 1):
            line = raw.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            m = re.match(r"^\[([a-z0-9][a-z0-9-]*)\]$", line)
            if m:
                cur = Mutant(m.group(1), n)
                mutants.append(cur)
                continue
            m = re.match(r"^([a-z]+):\s?(.*)$", line)
            if not m or cur is None or m.group(1) not in FIELDS:
                errors.append(f"{path}:{n}: not a field of a mutant: {line!r}")
                continue
            key, val = m.group(1), m.group(2)
            if key == "suites":
                cur.suites = val.split()
            elif key == "sample":
                cur.sample = val.strip() == "yes"
            elif key in ("find", "replace"):
                setattr(cur, key, unescape(val))
            else:
                setattr(cur, key, val.strip())
    ids = set()
    for m in mutants:
        where = f"{path}:{m.lineno}: {m.id}"
        if m.id in ids:
            errors.append(f"{where}: id used twice")
        ids.add(m.id)
        if m.kind not in KINDS:
            errors.append(f"{where}: kind {m.kind!r} is not one of {', '.join(KINDS)}")
        if m.status not in STATUSES:
            errors.append(f"{where}: status {m.status!r} is not one of {STATUSES[1:]}")
        if m.status and not m.why:
            errors.append(f"{where}: a {m.status} mutant needs a why: line")
        if not m.bug or not m.suites or not m.find or m.replace is None:
            errors.append(f"{where}: needs bug, suites, find and replace")
        src = os.path.join(TOP, m.file)
        if not os.path.isfile(src):
            errors.append(f"{where}: no file {m.file}")
            continue
        with open(src) as f:
            n = f.read().count(m.find)
        if n != 1:
            errors.append(f"{where}: find text occurs {n} times in {m.file}, not once")
    if errors:
        sys.exit("\n".join(errors))
    return mutants


def tracked_files():
    out = subprocess.run(["git", "-C", TOP, "ls-files", "-z"], check=True,
                         capture_output=True).stdout.decode()
    return [p for p in out.split("\0") if p and not p.startswith("third_party/")]


def make_scratch(dest):
    """A copy of the tracked files as they are in the working tree."""
    if os.path.isdir(dest):
        keep = os.path.join(dest, "build")
        for name in os.listdir(dest):
            p = os.path.join(dest, name)
            if p == keep:
                continue
            if os.path.islink(p) or os.path.isfile(p):
                os.unlink(p)
            else:
                shutil.rmtree(p)
    os.makedirs(dest, exist_ok=True)
    for rel in tracked_files():
        src = os.path.join(TOP, rel)
        if not os.path.isfile(src):
            continue  # deleted in the working tree
        dst = os.path.join(dest, rel)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copy2(src, dst)
    os.symlink(os.path.join(TOP, "third_party"), os.path.join(dest, "third_party"))


def touch_now(path):
    now = time.time()
    os.utime(path, (now, now))


class ObjCache:
    """
    The suites are linked by one gcc command over every source (the Makefile's
    unit_test_rule); a mutant changes one file, so here each source is
    compiled on its own, its object kept under a key of the flags and the
    contents of the source and of every header it read, and only what a mutant
    touched is compiled again. The command is the Makefile's own (make -n), so
    flags and sources cannot drift from what `make unit-run-NAME` builds.
    """

    def __init__(self, root):
        self.dir = root
        os.makedirs(self.dir, exist_ok=True)
        self.commands = {}
        self.deps = {}  # (flags key, source) -> headers it read, from gcc -MD
        self.lock = threading.Lock()

    def prepare(self, root, suite):
        """Learn the suite's command, build what it links besides its sources, then it."""
        r = subprocess.run(["make", "-C", root, "--no-print-directory", "-n", "-B",
                            f"build/unit/{suite}"], capture_output=True, text=True)
        target = f"-o build/unit/{suite} "
        line = next((l for l in r.stdout.splitlines() if target in l + " "
                     and l.startswith("gcc ")), None)
        if not line:
            return False, f"no link command for {suite} in make -n:\n{r.stdout[-500:]}"
        cmd = shlex.split(line)
        prereq = [a for a in cmd if a.endswith(".o")]
        if "models-independent.stamp" in r.stdout:
            prereq.append("build/unit/models-independent.stamp")
        if prereq:
            r = subprocess.run(["make", "-C", root, "--no-print-directory", "-s"] + prereq,
                               capture_output=True, text=True)
            if r.returncode:
                return False, r.stdout + r.stderr
        with self.lock:
            self.commands[suite] = cmd
        return self.build(root, cmd)

    def command(self, root, suite):
        with self.lock:
            return self.commands.get(suite)

    def _key(self, root, flags, src):
        h = hashlib.sha256(" ".join(flags).encode())
        h.update(src.encode())
        paths = [src] + self.deps.get((" ".join(flags), src), [])
        for rel in paths:
            try:
                with open(os.path.join(root, rel), "rb") as f:
                    h.update(rel.encode() + b"\0" + f.read())
            except OSError:
                h.update(rel.encode() + b"\0missing")
        return h.hexdigest()[:24]

    def _compile(self, root, flags, src):
        fkey = " ".join(flags)
        if (fkey, src) not in self.deps:
            # First sight: compile to learn its headers (the key needs them).
            pass
        key = self._key(root, flags, src) if (fkey, src) in self.deps else None
        if key:
            obj = os.path.join(self.dir, key + ".o")
            if os.path.exists(obj):
                return True, obj, ""
        tmp = os.path.join(self.dir, f"tmp-{os.getpid()}-{threading.get_ident()}")
        r = subprocess.run(["gcc"] + flags + ["-c", src, "-o", tmp + ".o", "-MD", "-MF",
                                              tmp + ".d"], cwd=root, capture_output=True,
                           text=True)
        if r.returncode:
            return False, None, r.stdout + r.stderr
        with open(tmp + ".d") as f:
            words = f.read().replace("\\\n", " ").split()
        headers = sorted({w for w in words[2:] if w.endswith(".h") and not w.startswith("/")})
        with self.lock:
            self.deps[(fkey, src)] = headers
        obj = os.path.join(self.dir, self._key(root, flags, src) + ".o")
        os.replace(tmp + ".o", obj)
        os.unlink(tmp + ".d")
        return True, obj, ""

    def build(self, root, cmd):
        out = cmd[cmd.index("-o") + 1]
        sources = [a for a in cmd[1:] if a.endswith(".c")]
        rest = [a for i, a in enumerate(cmd[1:], 1)
                if not a.endswith(".c") and a not in ("-MD", "-MP")
                and a != "-o" and cmd[i - 1] != "-o"]
        cflags = [a for a in rest if not a.endswith(".o") and not a.startswith("-l")]
        objs = []
        for src in sources:
            ok, obj, log = self._compile(root, cflags, src)
            if not ok:
                return False, log
            objs.append(obj)
        os.makedirs(os.path.join(root, os.path.dirname(out)), exist_ok=True)
        r = subprocess.run(["gcc"] + objs + rest + ["-o", out], cwd=root, capture_output=True,
                           text=True)
        return r.returncode == 0, r.stdout + r.stderr


class Worker:
    def __init__(self, root, cache):
        self.root = root
        self.cache = cache

    def build(self, suite):
        """Link the suite from objects compiled once per content (see ObjCache)."""
        binary = os.path.join(self.root, "build", "unit", suite)
        if os.path.exists(binary):
            os.unlink(binary)
        cmd = self.cache.command(self.root, suite)
        if cmd is None:
            r = subprocess.run(["make", "-C", self.root, "--no-print-directory", "-s",
                                f"build/unit/{suite}"], capture_output=True, text=True)
            return r.returncode == 0, r.stdout + r.stderr
        return self.cache.build(self.root, cmd)

    def run(self, suite):
        """Run until the first failing test (check's TAP log names it), or to the end."""
        tap = os.path.join(self.root, "build", f"mutant-{suite}.tap")
        if os.path.exists(tap):
            os.unlink(tap)
        env = dict(os.environ, CK_DEFAULT_TIMEOUT=str(CASE_TIMEOUT_S), CK_FORK="yes",
                   CK_TAP_LOG_FILE_NAME=tap)
        env.pop("STUB_PRINTK_ECHO", None)
        out_path = tap + ".out"
        with open(out_path, "w") as out:
            proc = subprocess.Popen([os.path.join("build", "unit", suite)], cwd=self.root,
                                    env=env, stdout=out, stderr=subprocess.STDOUT,
                                    start_new_session=True)
            deadline = time.monotonic() + SUITE_TIMEOUT_S
            failed = None
            while proc.poll() is None:
                failed = tap_failure(tap)
                if failed or time.monotonic() > deadline:
                    kill_session(proc.pid)
                    proc.wait()
                    break
                time.sleep(0.2)
        failed = failed or tap_failure(tap)
        if not failed and proc.returncode == -signal.SIGKILL:
            failed = f" no result in {SUITE_TIMEOUT_S} s: test timeout expired"
        if failed and HANG_MARK in failed:
            # A hang is a symptom; a model or harness report before it names the rule.
            with open(out_path, errors="replace") as f:
                report = next((l.strip() for l in f if l.startswith("hosted: FAIL")), None)
            if report:
                failed += " after " + re.sub(r"^hosted: FAIL at \d+ ns: ", "", report)
        if failed:
            return False, f"{suite}:{failed}"[:400]
        if proc.returncode == 0:
            return True, ""
        with open(out_path, errors="replace") as f:
            return False, first_failure(suite, f.read())


def kill_session(sid):
    """Kill every process of the suite's session. check runs each test case in a
    child that takes a process group of its own (to time it out), so killing the
    suite's group would leave a hung mutant's test spinning after the run."""
    for _ in range(3):
        victims = []
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                with open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[3]) == sid:  # the session id: field 6 of stat
                victims.append(int(entry))
        if not victims:
            return
        for pid in victims:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        time.sleep(0.05)


def tap_failure(path):
    """The first failed test of a TAP log as "test: message", or None."""
    try:
        with open(path, errors="replace") as f:
            lines = f.read().splitlines()
    except OSError:
        return None
    for line in lines:
        if line.startswith("not ok"):
            # not ok N - file:tcase:test: message
            m = re.match(r"^not ok \d+ - [^:]*:[^:]*:([^:]+):\s?(.*)$", line)
            if m:
                return f"{m.group(1)}: {m.group(2).strip()}"[:300]
            return line[:300]
    return None


def first_failure(suite, text):
    for line in text.splitlines():
        m = FAIL_RE.match(line.strip())
        if m:
            return f"{suite}:{m.group(1)}: {m.group(2).strip()}"[:300]
    for line in text.splitlines():
        if "ERROR: AddressSanitizer" in line or "runtime error" in line:
            return f"{suite}: {line.strip()}"[:300]
    tail = [l for l in text.splitlines() if l.strip()][-1:] or ["exit status not 0"]
    return f"{suite}: {tail[0].strip()}"[:300]


class KernelCode:
    """
    What a source file becomes in the bare-metal kernel: its object as the
    Makefile compiles it (the command from make -n, so the flags cannot drift),
    without debug sections, dumped with its relocations and symbols. Two
    texts that dump the same cannot behave differently in napkin.elf: a
    mutant that leaves the dump unchanged (a compiler barrier the compiler
    did not need, say) is equivalent in this build, and no test could catch it.
    """

    def __init__(self):
        self.flags = {}
        self.lock = threading.Lock()

    def _flags(self, root, rel):
        with self.lock:
            if rel in self.flags:
                return self.flags[rel]
        r = subprocess.run(["make", "-C", root, "--no-print-directory", "-n", "-B",
                            f"build/k/{rel}.o"], capture_output=True, text=True)
        line = next((l for l in r.stdout.splitlines()
                     if l.startswith("gcc ") and f" -c {rel} " in l + " "), None)
        flags = None
        if line:
            cmd = shlex.split(line)
            flags = [a for i, a in enumerate(cmd[1:], 1)
                     if a not in ("-MD", "-MP", "-c", "-o", rel) and cmd[i - 1] != "-o"]
        with self.lock:
            self.flags[rel] = flags
        return flags

    def dump(self, root, rel, tag):
        """The object's dump, or None when the file is not a kernel source or fails to build."""
        flags = self._flags(root, rel)
        if flags is None:
            return None
        obj = os.path.join(root, "build", f"mutant-code-{tag}.o")
        os.makedirs(os.path.dirname(obj), exist_ok=True)
        r = subprocess.run(["gcc"] + flags + ["-c", rel, "-o", obj], cwd=root,
                           capture_output=True, text=True)
        if r.returncode:
            return None
        subprocess.run(["objcopy", "--strip-debug", obj], check=True)
        r = subprocess.run(["objdump", "-s", "-r", "-t", obj], capture_output=True, text=True)
        # Past the first line, which names the file.
        return r.stdout.split("\n", 2)[-1] if r.returncode == 0 else None


KERNEL_CODE = KernelCode()


def run_mutant(worker, m):
    start = time.monotonic()
    path = os.path.join(worker.root, m.file)
    with open(path) as f:
        text = f.read()
    if text.count(m.find) != 1:
        return "no-build", "", f"find text not once in {m.file} of the scratch copy", 0.0
    tag = os.path.basename(worker.root)
    with open(path, "w") as f:
        f.write(text.replace(m.find, m.replace, 1))
    touch_now(path)
    outcome, by, detail = "missed", "", ""
    mutated = None
    try:
        for suite in m.suites:
            ok, log = worker.build(suite)
            if not ok:
                outcome, by = "no-build", suite
                detail = next((l.strip() for l in log.splitlines() if "error" in l),
                              "build failed")[:300]
                break
            ok, why = worker.run(suite)
            if not ok:
                outcome, by, detail = "caught", suite, why
                break
        # Only a survivor is judged by its code: the hosted suites check the
        # DMA API's contract (a sync left out), which the kernel's build may
        # compile to nothing on x86 and still must keep.
        mutated = KERNEL_CODE.dump(worker.root, m.file, tag) if outcome == "missed" else None
    finally:
        # The scratch copy's own text: the working tree may have moved on meanwhile.
        with open(path, "w") as f:
            f.write(text)
        touch_now(path)
    if mutated is not None and KERNEL_CODE.dump(worker.root, m.file, tag) == mutated:
        outcome, detail = "same-code", "the kernel's object code is unchanged (objdump -s -r -t)"
    return outcome, by, detail, time.monotonic() - start


def baseline(workers, suites, log):
    """Every suite used must pass on the unmutated tree, or nothing it says counts."""
    pending = sorted(suites)
    failed = []
    lock = threading.Lock()

    def one(w):
        while True:
            with lock:
                if not pending:
                    return
                suite = pending.pop(0)
            ok, out = w.cache.prepare(w.root, suite)
            why = "" if ok else "does not build: " + out[-500:]
            if ok:
                ok, why = w.run(suite)
            log(f"baseline {suite}: {'pass' if ok else 'FAIL ' + why}")
            if not ok:
                with lock:
                    failed.append(suite)

    with ThreadPoolExecutor(len(workers)) as ex:
        list(ex.map(one, workers))
    return failed


def verdict(m, outcome):
    """What a result means for the score: caught, missed, or not counted."""
    if outcome == "same-code":
        return "equivalent"
    if m.status == "equivalent":
        return "equivalent" if outcome == "missed" else "equivalent-but-" + outcome
    if outcome == "missed" and m.status == "needs-racing":
        return "needs-racing"
    return outcome


def summarise(results, elapsed, out):
    rows = []
    by_kind, by_driver = {}, {}
    totals = {}
    for m, (outcome, by, detail, secs) in results:
        v = verdict(m, outcome)
        totals[v] = totals.get(v, 0) + 1
        for table, key in ((by_kind, m.kind), (by_driver, m.driver)):
            t = table.setdefault(key, {})
            t[v] = t.get(v, 0) + 1
        rows.append((m, v, by, detail, secs))
    symptom = [m.id for m, (outcome, by, detail, secs) in results
               if outcome == "caught" and HANG_MARK in detail and " after " not in detail]
    counted = sum(n for v, n in totals.items() if not v.startswith("equivalent"))
    caught = totals.get("caught", 0)
    pct = 100.0 * caught / counted if counted else 0.0

    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "results.tsv"), "w") as f:
        f.write("id\tkind\tdriver\tfile\tverdict\tcaught_by\tdetail\tseconds\n")
        for m, v, by, detail, secs in rows:
            f.write(f"{m.id}\t{m.kind}\t{m.driver}\t{m.file}\t{v}\t{by}\t"
                    f"{detail.replace(chr(9), ' ')}\t{secs:.1f}\n")

    def table(title, t):
        cols = ["caught", "missed", "needs-racing", "no-build", "equivalent"]
        lines = [f"| {title} | " + " | ".join(cols) + " |",
                 "|---|" + "---|" * len(cols)]
        for key in sorted(t):
            lines.append(f"| {key} | " + " | ".join(str(t[key].get(c, 0)) for c in cols) + " |")
        return lines

    md = [f"{caught} of {counted} counted mutants caught ({pct:.1f}%); "
          f"{totals.get('equivalent', 0)} equivalent, {totals.get('needs-racing', 0)} need the "
          f"racing mode, {totals.get('missed', 0)} missed, {totals.get('no-build', 0)} do not "
          f"build; {elapsed:.0f} s.",
          f"Caught only by a hang (a test's timeout, no rule named): {len(symptom)}"
          + (f" ({', '.join(symptom)})." if symptom else "."),
          f"Caught of those not needing the racing mode: {caught} of "
          f"{counted - totals.get('needs-racing', 0)} "
          f"({100.0 * caught / max(1, counted - totals.get('needs-racing', 0)):.1f}%).", ""]
    md += table("kind", by_kind) + [""] + table("driver", by_driver) + [""]
    for m, v, by, detail, secs in rows:
        if v != "caught":
            md.append(f"- `{m.id}` ({v}): {m.bug}" + (f" Why: {m.why}" if m.why else "")
                      + (f" [{detail}]" if detail else ""))
    with open(os.path.join(out, "summary.md"), "w") as f:
        f.write("\n".join(md) + "\n")

    for m, v, by, detail, secs in rows:
        print(f"{v:14s} {m.id:34s} {secs:5.1f}s  {detail}")
    print()
    print("\n".join(md))
    print(f"results: {os.path.relpath(os.path.join(out, 'results.tsv'), TOP)}")
    bad = [r for r in rows if r[1] in ("missed", "no-build") or r[1].startswith("equivalent-but")]
    return bad


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-j", type=int, default=2, help="workers (at most 2 on the shared machine)")
    ap.add_argument("--sample", action="store_true", help="only the mutants marked sample: yes")
    ap.add_argument("--only", default="", help="comma-separated ids")
    ap.add_argument("--out", default=os.path.join(TOP, "build", "mutants"))
    ap.add_argument("--list", action="store_true", help="check and list the mutants, run nothing")
    args = ap.parse_args()
    args.out = os.path.abspath(args.out)

    mutants = load()
    if args.sample:
        mutants = [m for m in mutants if m.sample]
    if args.only:
        want = set(args.only.split(","))
        unknown = want - {m.id for m in mutants}
        if unknown:
            sys.exit(f"unknown mutant ids: {', '.join(sorted(unknown))}")
        mutants = [m for m in mutants if m.id in want]
    if args.list:
        for m in mutants:
            print(f"{m.id:34s} {m.kind:11s} {m.driver:10s} {m.file}  {' '.join(m.suites)}")
        print(f"{len(mutants)} mutants")
        return 0

    t0 = time.monotonic()
    lock = threading.Lock()

    def log(msg):
        with lock:
            print(msg, flush=True)

    jobs = max(1, min(args.j, 2, len(mutants)))
    workers = []
    cache = ObjCache(os.path.join(os.path.dirname(args.out), "mutants-objcache"))
    for w in range(jobs):
        root = os.path.join(args.out, f"scratch{w}")
        make_scratch(root)
        workers.append(Worker(root, cache))
    failed = baseline(workers, {s for m in mutants for s in m.suites}, log)
    if failed:
        log(f"the unmutated tree fails {', '.join(failed)}: fix that first")
        return 2

    queue = list(mutants)
    results = {}

    def drain(w):
        while True:
            with lock:
                if not queue:
                    return
                m = queue.pop(0)
            res = run_mutant(w, m)
            results[m.id] = res
            log(f"{verdict(m, res[0]):14s} {m.id} ({res[3]:.0f} s) {res[2]}")

    with ThreadPoolExecutor(jobs) as ex:
        list(ex.map(drain, workers))
    bad = summarise([(m, results[m.id]) for m in mutants], time.monotonic() - t0, args.out)
    if args.sample and bad:
        print(f"mutants-sample: {len(bad)} of the fixed sample survived or did not build: "
              "the suites lost power")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
