#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Many short or many idle TCP connections to an echo server, run as the peer
(inside a test's network namespace); prints one JSON line with the counts.

  churn: `--total` connections, `--concurrency` at a time; each connects,
         sends `--size` random bytes, reads them back and compares, then
         closes (every `--rst-every`th with an RST, SO_LINGER 0).
  cost:  opens `--total` idle connections, then measures echo round trips
         (1 byte) on one more connection for `--seconds` (`rr_per_s`), then
         one 16-byte echo on each idle connection in turn, one at a time
         (`round_us`: mean microseconds per echo): the first finds its PCB
         at the head of lwIP's list, the second anywhere in it.
  hold:  opens `--total` connections (`--concurrency` connects at a time),
         keeps all open, then has every one echo a few bytes (unless
         `--no-check`), then closes.

A reset (ECONNRESET/ECONNREFUSED) or a timeout is an error; a SYN the server
dropped is not: the kernel retransmits it and the connect just takes longer
(counted as slow_connects, over one second). Bounded: every connection has a
deadline and the whole run stops by itself after `--deadline` seconds (churn
stops starting connections `--timeout` seconds before it, so the deadline
never cuts one off and counts it as a timeout).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import struct
import sys
import time


class Counts:
    def __init__(self) -> None:
        self.ok = 0
        self.resets = 0
        self.timeouts = 0
        self.wrong_bytes = 0
        self.other_errors = 0
        self.slow_connects = 0
        self.max_connect_s = 0.0
        self.first_error = ""

    def error(self, kind: str, exc: BaseException) -> None:
        setattr(self, kind, getattr(self, kind) + 1)
        if not self.first_error:
            self.first_error = f"{kind}: {exc!r}"


async def connect(host: str, port: int, counts: Counts, timeout: float):
    start = time.monotonic()
    reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), timeout)
    took = time.monotonic() - start
    counts.max_connect_s = max(counts.max_connect_s, took)
    if took > 1.0:
        counts.slow_connects += 1
    return reader, writer


async def echo_once(reader, writer, size: int, timeout: float) -> bool:
    data = os.urandom(size)
    writer.write(data)
    await writer.drain()
    got = await asyncio.wait_for(reader.readexactly(size), timeout)
    return got == data


def close(writer, rst: bool) -> None:
    if rst:
        sock = writer.get_extra_info("socket")
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    writer.close()


async def guarded(counts: Counts, coro) -> None:
    try:
        await coro
    except (ConnectionResetError, ConnectionRefusedError, BrokenPipeError) as e:
        counts.error("resets", e)
    except asyncio.IncompleteReadError as e:
        # The server closed (FIN or RST) before echoing everything.
        counts.error("resets", e)
    except (asyncio.TimeoutError, TimeoutError) as e:
        counts.error("timeouts", e)
    except OSError as e:
        counts.error("other_errors", e)


async def churn(args, counts: Counts) -> None:
    """`concurrency` workers take connection numbers until `total` are done.
    None starts a connection once fewer than `timeout` seconds are left before
    the deadline, so every one started can end by itself: a timeout counted
    is the server's, never the deadline cutting a connection off midway."""
    stop_starting = time.monotonic() + max(0.0, args.deadline - args.timeout - 1.0)
    numbers = iter(range(args.total))

    async def worker() -> None:
        for i in numbers:
            if time.monotonic() >= stop_starting:
                counts.cut_short = True
                return

            async def body(i: int = i) -> None:
                reader, writer = await connect(args.host, args.port, counts, args.timeout)
                try:
                    if await echo_once(reader, writer, args.size, args.timeout):
                        counts.ok += 1
                    else:
                        counts.wrong_bytes += 1
                finally:
                    close(writer, args.rst_every and i % args.rst_every == 0)
            await guarded(counts, body())

    await asyncio.gather(*(worker() for _ in range(args.concurrency)))


async def hold(args, counts: Counts) -> None:
    sem = asyncio.Semaphore(args.concurrency)
    conns: list = []

    async def open_one() -> None:
        async with sem:
            async def body() -> None:
                conns.append(await connect(args.host, args.port, counts, args.timeout))
            await guarded(counts, body())

    await asyncio.gather(*(open_one() for _ in range(args.total)))
    counts_open = len(conns)

    async def check(reader, writer) -> None:
        async with sem:
            async def body() -> None:
                if await echo_once(reader, writer, 16, args.timeout):
                    counts.ok += 1
                else:
                    counts.wrong_bytes += 1
            await guarded(counts, body())

    if not args.no_check:
        await asyncio.gather(*(check(r, w) for r, w in conns))
    for _, w in conns:
        close(w, False)
    counts.held = counts_open


async def phase(args, name: str) -> None:
    """With --sync: say which phase starts and wait for a line on stdin (the
    benchmark reads the guest's counters in between)."""
    if args.sync:
        print(f"PHASE {name}", flush=True)
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)


async def cost(args, counts: Counts) -> None:
    sem = asyncio.Semaphore(args.concurrency)
    conns: list = []

    async def open_one() -> None:
        async with sem:
            async def body() -> None:
                conns.append(await connect(args.host, args.port, counts, args.timeout))
            await guarded(counts, body())

    await asyncio.gather(*(open_one() for _ in range(args.total)))
    counts.held = len(conns)

    async def round_trips() -> None:
        reader, writer = await connect(args.host, args.port, counts, args.timeout)
        n, end = 0, time.monotonic() + args.seconds
        while time.monotonic() < end:
            if not await echo_once(reader, writer, 1, args.timeout):
                counts.wrong_bytes += 1
            n += 1
        counts.rr_per_s = round(n / args.seconds, 1)
        close(writer, False)

    await phase(args, "rr")
    await guarded(counts, round_trips())
    await phase(args, "round")
    start = time.monotonic()
    for r, w in conns:
        async def body(r=r, w=w) -> None:
            if await echo_once(r, w, 16, args.timeout):
                counts.ok += 1
            else:
                counts.wrong_bytes += 1
        await guarded(counts, body())
    counts.round_us = round((time.monotonic() - start) * 1e6 / max(1, len(conns)), 1)
    await phase(args, "close")
    for _, w in conns:
        close(w, False)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("mode", choices=["churn", "hold", "cost"])
    ap.add_argument("--seconds", type=float, default=3.0, help="cost: round-trip time")
    ap.add_argument("--host", required=True)
    ap.add_argument("--port", type=int, default=7)
    ap.add_argument("--total", type=int, default=2000)
    ap.add_argument("--concurrency", type=int, default=128)
    ap.add_argument("--size", type=int, default=200)
    ap.add_argument("--rst-every", type=int, default=3)
    ap.add_argument("--timeout", type=float, default=20.0, help="per step, seconds")
    ap.add_argument("--sync", action="store_true",
                    help="cost: print PHASE lines and wait for a line on stdin before each")
    ap.add_argument("--no-check", action="store_true",
                    help="hold: do not echo over the held connections (discard)")
    ap.add_argument("--deadline", type=float, default=120.0, help="whole run, seconds")
    args = ap.parse_args()
    counts = Counts()
    counts.held = 0
    counts.cut_short = False
    start = time.monotonic()
    counts.rr_per_s = counts.round_us = 0.0
    run = {"churn": churn, "hold": hold, "cost": cost}[args.mode](args, counts)
    finished = True
    try:
        asyncio.run(asyncio.wait_for(run, args.deadline))
    except (asyncio.TimeoutError, TimeoutError):
        finished = False
    finished = finished and not counts.cut_short
    del counts.cut_short
    secs = time.monotonic() - start
    out = dict(vars(counts), mode=args.mode, total=args.total, concurrency=args.concurrency,
               seconds=round(secs, 3), finished=finished,
               conn_per_s=round(counts.ok / secs, 1) if secs else 0.0)
    out["max_connect_s"] = round(counts.max_connect_s, 3)
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
