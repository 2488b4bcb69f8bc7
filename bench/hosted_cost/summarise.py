#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Instructions per frame from a callgrind output file of bench/hosted_cost.

Each function is charged its own instructions plus those of the C library
calls it makes (a memcpy in the driver is the driver's work). Functions in the
harness, the models and the bench program itself (tests/, bench/) are left
out, and so are library calls they make: on bare metal an MMIO access is one
instruction inside the driver, here it is a call into the model.

  summarise.py <callgrind.out> <frames> <driver> [top]

Prints the driver's cost per frame (functions under drivers/<driver>/), the
whole of napkin's (everything outside tests/ and bench/), and the top
functions of each with their share; then the whole split by layer (driver,
net/, kernel/ and lib/, lwIP); then napkin's share (the whole path minus
lwIP's own functions, the part issue #34 budgets) split by concern, so one
run gives both columns of a before/after table.
"""
import os
import re
import sys
from collections import defaultdict

REPO = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))


def parse(path):
    files, fns = {}, {}
    self_cost = defaultdict(int)  # (file, fn) -> instructions
    lib_calls = defaultdict(int)  # (file, fn) -> instructions in library callees
    fl = fn = None
    cfl = None
    pending_call = None

    def name(table, text):
        m = re.match(r"\((\d+)\)(?:\s+(.*))?$", text)
        if not m:
            return text
        if m.group(2) is not None:
            table[m.group(1)] = m.group(2)
        return table.get(m.group(1), "?")

    def cost_of(line):
        parts = line.split()
        return int(parts[1]) if len(parts) > 1 else 0

    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if not line:
                continue
            if pending_call is not None:
                lib_calls[pending_call[0]] += cost_of(line) if pending_call[1] else 0
                pending_call = None
                continue
            key, _, val = line.partition("=")
            if key == "fl":
                fl = name(files, val)
                cfl = None
            elif key in ("fi", "fe"):
                name(files, val)
            elif key == "fn":
                fn = name(fns, val)
            elif key in ("cfl", "cfi"):
                cfl = name(files, val)
            elif key == "cfn":
                name(fns, val)
            elif key == "calls":
                callee_in_repo = is_repo(cfl if cfl is not None else fl)
                pending_call = ((fl, fn), not callee_in_repo)
                cfl = None
            elif key in ("ob", "cob", "positions", "events", "summary", "totals", "cmd",
                         "creator", "pid", "part", "desc", "version", "thread"):
                continue
            elif re.match(r"^[+\-*0-9]", line) and fn is not None:
                self_cost[(fl, fn)] += cost_of(line)
    return self_cost, lib_calls


def is_repo(path):
    # abspath, not realpath: third_party/ is a symlink and lwIP is napkin's code here.
    # Library sources are recorded relative ("./string/..."), ours absolute.
    return path.startswith("/") and os.path.abspath(path).startswith(REPO + "/")


def rel(path):
    p = os.path.abspath(path)
    return p[len(REPO) + 1:] if p.startswith(REPO + "/") else path


def napkin_code(path):
    if not is_repo(path):
        return False
    r = rel(path)
    return not (r.startswith("tests/") or r.startswith("bench/"))


def main():
    path, frames, driver = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    top = int(sys.argv[4]) if len(sys.argv) > 4 else 12
    self_cost, lib_calls = parse(path)
    charged = defaultdict(int)
    for (fl, fn), c in self_cost.items():
        if fl and napkin_code(fl):
            charged[(rel(fl), fn)] += c
    for (fl, fn), c in lib_calls.items():
        if fl and napkin_code(fl):
            charged[(rel(fl), fn)] += c

    def report(title, keep):
        rows = sorted(((c, f, n) for (f, n), c in charged.items() if keep(f)), reverse=True)
        total = sum(c for c, _, _ in rows)
        print(f"{title}: {total / frames:.0f} instructions per frame")
        for c, f, n in rows[:top]:
            print(f"  {c / frames:8.1f}  {n}  ({f})")
        rest = sum(c for c, _, _ in rows[top:])
        if rest:
            print(f"  {rest / frames:8.1f}  ({len(rows) - top} more functions)")
        return total

    report(f"{driver} driver", lambda f: f.startswith(f"drivers/{driver}/"))
    whole = report("napkin, whole path", lambda f: True)

    # Where the whole path goes by layer: lwIP's own share is the part napkin
    # can only reduce by calling it less, as lwIP itself is kept unmodified.
    parts = defaultdict(int)
    for (f, _), c in charged.items():
        parts[layer(f)] += c
    print("by layer: " + ", ".join(f"{name} {parts[name] / frames:.0f}"
                                   for name in LAYERS if parts[name]) +
          f" (of {whole / frames:.0f})")

    by_concern = concerns(charged)
    share = sum(by_concern.values())
    print(f"napkin's share (whole path minus lwIP): {share / frames:.0f} instructions per frame")
    for name in CONCERNS:
        if by_concern.get(name):
            print(f"  {by_concern[name] / frames:8.1f}  {name}")


LAYERS = ("driver", "napkin net/", "napkin kernel/", "lwIP")


def layer(f):
    if f.startswith("drivers/"):
        return "driver"
    if f.startswith("third_party/lwip/"):
        return "lwIP"
    if f.startswith("net/"):
        return "napkin net/"
    return "napkin kernel/"


# Napkin's share by concern, in print order. lwIP's own functions are not in
# it: napkin can only make lwIP cheaper by calling it less.
CONCERNS = ("driver receive", "driver transmit", "driver interrupt, poll, registers",
            "NAPI, netdev, netbuf", "receive glue", "transmit glue", "checksum", "heap",
            "IP id", "services", "glue, other (loop hook, clock, netif)", "kernel")

# (path prefix, concern), the first match wins; drivers are split by file below.
CONCERN_PATHS = (
    ("net/core/inet_csum.c", "checksum"),
    ("net/core/", "NAPI, netdev, netbuf"),
    ("net/lwip/rx.c", "receive glue"),
    ("net/lwip/fixes/rx_", "receive glue"),
    ("net/lwip/tx.c", "transmit glue"),
    ("net/lwip/ip_out.c", "transmit glue"),
    ("net/lwip/gso.c", "transmit glue"),
    ("net/lwip/heap.c", "heap"),
    ("kernel/mm/heap.c", "heap"),
    ("kernel/mm/pmm.c", "heap"),
    ("net/inet/ip_id.c", "IP id"),
    ("net/services/", "services"),
    ("net/", "glue, other (loop hook, clock, netif)"),
)


def concern(f):
    """The concern a napkin source file serves, or None for lwIP's own."""
    if f.startswith("third_party/lwip/"):
        return None
    if f.startswith("drivers/"):
        base = os.path.basename(f)
        if re.search(r"_tx\.c$", base):
            return "driver transmit"
        if re.search(r"_(rx|status)\.c$", base):
            return "driver receive"
        return "driver interrupt, poll, registers"
    for prefix, name in CONCERN_PATHS:
        if f.startswith(prefix):
            return name
    return "kernel"


def concerns(charged):
    """Instructions per concern from {(file, function): instructions}, lwIP left out."""
    out = defaultdict(int)
    for (f, _), c in charged.items():
        name = concern(f)
        if name is not None:
            out[name] += c
    return dict(out)


if __name__ == "__main__":
    main()
