# SPDX-License-Identifier: BSD-2-Clause
"""Peer-side clients for napkin's services, run inside a test's network
namespace (`NetNS.run(["python3", "net_peer.py", ...])`). Each prints one JSON
object on stdout and exits 0 when the exchange was correct, 1 otherwise.

    tcp-echo HOST SIZE      send SIZE pseudo-random bytes to port 7 while reading
                            the echo; compare SHA-256 of both directions
    udp-echo HOST SIZE...   one datagram of each size to port 7, random payload,
                            a few retries each; the reply must be identical
    udp-rr HOST COUNT       COUNT datagrams to port 7 one at a time on a connected
                            socket (so only replies from HOST port 7 arrive), each
                            with its own sequence number; each reply must be
                            identical; reports round trips per second
    chargen HOST BYTES      read BYTES from TCP port 19, check the RFC 864 pattern
    discard HOST SIZE       send SIZE bytes to TCP port 9, check napkin closes cleanly
    sink HOST PORT SIZE SEED
                            send SIZE seeded bytes to a TCP sink (9 or 5001), close,
                            and report their byte sum (napkin's `sink` must match)
"""
from __future__ import annotations

import hashlib
import json
import os
import socket
import sys
import threading
import time

ECHO, DISCARD, CHARGEN = 7, 9, 19


def family(host: str) -> int:
    return socket.AF_INET6 if ":" in host else socket.AF_INET


def connect(host: str, port: int, timeout: float) -> socket.socket:
    s = socket.socket(family(host), socket.SOCK_STREAM)
    s.settimeout(timeout)
    s.connect((host, port))
    return s


def tcp_echo(host: str, size: int, timeout: float = 30) -> dict:
    s = connect(host, ECHO, timeout)
    sent_hash = hashlib.sha256()
    errors: list[str] = []
    chunk_seed = os.urandom(65536)

    def sender() -> None:
        left = size
        i = 0
        try:
            while left:
                # A different rotation each chunk, so a misplaced chunk changes the hash.
                rot = (i * 7919) % len(chunk_seed)
                chunk = (chunk_seed[rot:] + chunk_seed[:rot])[:min(left, 65536)]
                s.sendall(chunk)
                sent_hash.update(chunk)
                left -= len(chunk)
                i += 1
            s.shutdown(socket.SHUT_WR)
        except OSError as e:
            errors.append(f"send: {e}")

    start = time.monotonic()
    t = threading.Thread(target=sender)
    t.start()
    got_hash = hashlib.sha256()
    received = 0
    try:
        while True:
            data = s.recv(262144)
            if not data:
                break
            got_hash.update(data)
            received += len(data)
    except OSError as e:
        errors.append(f"recv after {received} bytes: {e}")
    t.join(timeout)
    s.close()
    secs = time.monotonic() - start
    ok = not errors and received == size and got_hash.digest() == sent_hash.digest()
    return {"ok": ok, "sent": size, "received": received, "seconds": round(secs, 3),
            "mbit_per_s": round(2 * received * 8 / secs / 1e6, 1) if secs else 0,
            "hash_match": got_hash.digest() == sent_hash.digest(), "errors": errors}


def udp_echo(host: str, sizes: list[int], tries: int = 5, wait: float = 1.0) -> dict:
    s = socket.socket(family(host), socket.SOCK_DGRAM)
    s.settimeout(wait)
    failures = []
    retries = 0
    for size in sizes:
        payload = os.urandom(size)
        for attempt in range(tries):
            s.sendto(payload, (host, ECHO))
            try:
                # Skip late replies to an earlier attempt of another size.
                while True:
                    data, _ = s.recvfrom(70000)
                    if data == payload:
                        break
                    if len(data) == size:
                        failures.append(f"{size}: reply differs")
                        break
                break
            except socket.timeout:
                retries += 1
        else:
            failures.append(f"{size}: no reply in {tries} tries")
    s.close()
    return {"ok": not failures, "sizes": len(sizes), "retries": retries, "failures": failures}


def udp_rr(host: str, count: int, size: int = 64, wait: float = 1.0) -> dict:
    s = socket.socket(family(host), socket.SOCK_DGRAM)
    s.settimeout(wait)
    s.connect((host, ECHO))
    failures: list[str] = []
    answered = 0
    start = time.monotonic()
    for seq in range(count):
        payload = seq.to_bytes(8, "big") + os.urandom(size - 8)
        s.send(payload)
        try:
            while True:
                data = s.recv(70000)
                if data[:8] == payload[:8]:
                    break
                # A late answer to an earlier, timed-out request: skip it.
            if data != payload:
                failures.append(f"request {seq}: reply differs")
            answered += 1
        except socket.timeout:
            failures.append(f"request {seq}: no reply within {wait}s")
        if len(failures) > 10:
            break
    secs = time.monotonic() - start
    s.close()
    return {"ok": not failures and answered == count, "sent": count, "answered": answered,
            "per_second": round(answered / secs) if secs > 0 else 0,
            "failures": failures}


def chargen_expected(offset: int, n: int) -> bytes:
    line_bytes = 74
    cycle = bytearray()
    for line in range(95):
        cycle += bytes(32 + (line + i) % 95 for i in range(72)) + b"\r\n"
    assert len(cycle) == 95 * line_bytes
    out = bytearray()
    while len(out) < n:
        start = (offset + len(out)) % len(cycle)
        out += cycle[start:start + n - len(out)]
    return bytes(out)


def chargen(host: str, nbytes: int, timeout: float = 30) -> dict:
    s = connect(host, CHARGEN, timeout)
    buf = bytearray()
    while len(buf) < nbytes:
        data = s.recv(65536)
        if not data:
            break
        buf += data
    s.close()
    ok = len(buf) >= nbytes and bytes(buf[:nbytes]) == chargen_expected(0, nbytes)
    return {"ok": ok, "received": len(buf)}


def discard(host: str, size: int, timeout: float = 30) -> dict:
    s = connect(host, DISCARD, timeout)
    start = time.monotonic()
    block = os.urandom(65536)
    left = size
    while left:
        n = min(left, len(block))
        s.sendall(block[:n])
        left -= n
    s.shutdown(socket.SHUT_WR)
    extra = s.recv(1)  # napkin sends nothing and closes after our FIN
    s.close()
    secs = time.monotonic() - start
    return {"ok": extra == b"", "sent": size, "seconds": round(secs, 3),
            "mbit_per_s": round(size * 8 / secs / 1e6, 1) if secs else 0}


def sink(host: str, port: int, size: int, seed: int, timeout: float = 60) -> dict:
    """Seeded bytes, so the byte sum napkin reports can be checked; napkin
    sends nothing back and closes after our FIN."""
    import random
    block = random.Random(seed).randbytes(65536)
    s = connect(host, port, timeout)
    left, total = size, 0
    while left:
        n = min(left, len(block))
        s.sendall(block[:n])
        total += sum(block[:n])
        left -= n
    s.shutdown(socket.SHUT_WR)
    extra = s.recv(1)
    s.close()
    return {"ok": extra == b"", "sent": size, "byte_sum": total}


def main(argv: list[str]) -> int:
    cmd, host = argv[1], argv[2]
    if cmd == "tcp-echo":
        res = tcp_echo(host, int(argv[3]))
    elif cmd == "udp-echo":
        res = udp_echo(host, [int(x) for x in argv[3:]])
    elif cmd == "udp-rr":
        res = udp_rr(host, int(argv[3]))
    elif cmd == "chargen":
        res = chargen(host, int(argv[3]))
    elif cmd == "discard":
        res = discard(host, int(argv[3]))
    elif cmd == "sink":
        res = sink(host, int(argv[3]), int(argv[4]), int(argv[5]))
    else:
        print(json.dumps({"ok": False, "error": f"unknown command {cmd}"}))
        return 2
    print(json.dumps(res))
    return 0 if res["ok"] else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
