#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""A long TCP echo stream whose every byte is checked: run as the peer inside
a benchmark's namespace against napkin's echo service.

It keeps one connection at a time for `--per-conn` seconds, writes a seeded
pseudo-random stream in `--chunk`-byte writes with at most `--window` bytes
unanswered, compares each byte read back with what was sent, then closes and
opens the next, until `--seconds` have passed. Prints one JSON line: bytes
verified, the first wrong offset if any, connections, errors. Bounded: every
socket operation has a timeout and the run stops by itself.
"""
from __future__ import annotations

import argparse
import json
import random
import select
import socket
import time


def one_connection(host: str, port: int, seed: int, until: float, chunk: int,
                   window: int, timeout: float) -> dict:
    gen = random.Random(seed)
    sent = bytearray()  # written, not yet read back
    res = {"bytes": 0, "wrong": 0, "first_wrong_at": None}
    s = socket.create_connection((host, port), timeout=timeout)
    s.setblocking(False)
    last_progress = time.monotonic()
    try:
        while time.monotonic() < until or sent:
            want_write = time.monotonic() < until and len(sent) < window
            r, w, _ = select.select([s], [s] if want_write else [], [], 0.5)
            if w:
                data = gen.randbytes(chunk)
                n = s.send(data)
                sent += data[:n]  # what did not go now is simply not part of the stream
            if r:
                got = s.recv(65536)
                if not got:
                    raise ConnectionError("echo closed the connection")
                expect = bytes(sent[:len(got)])
                if got != expect:
                    at = next(i for i in range(len(got)) if got[i] != expect[i])
                    res["wrong"] += 1
                    if res["first_wrong_at"] is None:
                        res["first_wrong_at"] = res["bytes"] + at
                del sent[:len(got)]
                res["bytes"] += len(got)
                last_progress = time.monotonic()
            if time.monotonic() - last_progress > timeout:
                raise TimeoutError(f"no echo for {timeout} s with {len(sent)} bytes outstanding")
    finally:
        s.close()
    return res


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--host", required=True)
    ap.add_argument("--port", type=int, default=7)
    ap.add_argument("--seconds", type=float, required=True)
    ap.add_argument("--per-conn", type=float, default=60.0)
    ap.add_argument("--chunk", type=int, default=4096)
    ap.add_argument("--window", type=int, default=65536)
    ap.add_argument("--timeout", type=float, default=20.0)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    end = time.monotonic() + a.seconds
    total = {"bytes": 0, "wrong": 0, "first_wrong_at": None, "connections": 0, "errors": 0,
             "first_error": ""}
    seed = a.seed
    while time.monotonic() < end:
        until = min(end, time.monotonic() + a.per_conn)
        try:
            r = one_connection(a.host, a.port, seed, until, a.chunk, a.window, a.timeout)
        except (OSError, TimeoutError, ConnectionError) as e:
            total["errors"] += 1
            total["first_error"] = total["first_error"] or repr(e)
            time.sleep(1)
            continue
        finally:
            total["connections"] += 1
            seed += 1
        if r["wrong"] and total["first_wrong_at"] is None:
            total["first_wrong_at"] = total["bytes"] + r["first_wrong_at"]
        total["bytes"] += r["bytes"]
        total["wrong"] += r["wrong"]
    print(json.dumps(total), flush=True)
    return 0 if not total["wrong"] and not total["errors"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
