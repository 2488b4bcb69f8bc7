# SPDX-License-Identifier: BSD-2-Clause
"""Reading napkin's /metrics (docs/METRICS.md) in tests and benchmarks.

A strict reader of the Prometheus text format 0.0.4 as napkin writes it:
every sample belongs to a metric announced by # HELP and # TYPE just before
its samples, each metric's samples come together, label values are quoted
and escaped. Anything else raises, so a test that reads the output also
checks its shape (promtool checks it again, independently).

    fams = parse(text)             # {name: Family}
    fams["napkin_napi_polls_total"].samples[(("dev", "eth0"), ("napi", "eth0-q0"))]
    value(fams, "napkin_net_rx_packets_total", dev="eth0")

Also: http_get_chunked() fetches /metrics over a raw socket and returns the
body with the size of every HTTP/1.1 chunk it came in.
"""
from __future__ import annotations

import re
import socket
import time
from dataclasses import dataclass, field

_SAMPLE = re.compile(r"([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)")
_LABEL = re.compile(r'([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(,|$)')


@dataclass
class Family:
    name: str
    help: str
    type: str
    samples: dict = field(default_factory=dict)  # sorted label pairs -> float


def _labels(text: str | None, line: str) -> tuple:
    if not text:
        return ()
    out, pos = [], 0
    while pos < len(text):
        m = _LABEL.match(text, pos)
        assert m, f"bad labels in: {line}"
        value = re.sub(r"\\(.)", lambda e: {"n": "\n"}.get(e.group(1), e.group(1)), m.group(2))
        out.append((m.group(1), value))
        pos = m.end()
    names = [k for k, _ in out]
    assert len(names) == len(set(names)), f"label given twice: {line}"
    return tuple(sorted(out))


def parse(text: str) -> dict[str, Family]:
    assert text.endswith("\n"), "the exposition must end with a newline"
    fams: dict[str, Family] = {}
    current: Family | None = None
    pending_help: tuple[str, str] | None = None
    for line in text.split("\n")[:-1]:
        if line.startswith("# HELP "):
            name, _, helptext = line[7:].partition(" ")
            assert name not in fams, f"{name} announced twice (samples not together)"
            pending_help = (name, helptext)
        elif line.startswith("# TYPE "):
            name, _, typ = line[7:].partition(" ")
            assert pending_help and pending_help[0] == name, f"TYPE without HELP: {line}"
            assert typ in ("counter", "gauge", "untyped"), line
            current = fams[name] = Family(name, pending_help[1], typ)
            pending_help = None
        else:
            m = _SAMPLE.fullmatch(line)
            assert m, f"not a sample line: {line!r}"
            assert current and m.group(1) == current.name, \
                f"sample outside its metric's block: {line}"
            key = _labels(m.group(2), line)
            assert key not in current.samples, f"sample given twice: {line}"
            current.samples[key] = float(m.group(3))
    return fams


def value(fams: dict[str, Family], name: str, **labels) -> float:
    """The one sample of `name` whose labels include `labels`."""
    want = set(labels.items())
    hits = [v for k, v in fams[name].samples.items() if want <= set(k)]
    assert len(hits) == 1, f"{name}{labels}: {len(hits)} samples match"
    return hits[0]


def http_get_chunked(host: str, port: int, path: str = "/metrics",
                     timeout: float = 30) -> tuple[bytes, bytes, list[int]]:
    """GET path over HTTP/1.1 on a fresh connection; (headers, body, chunk sizes).
    Fails unless the answer is chunked and ends with its zero-size chunk."""
    deadline = time.monotonic() + timeout
    with socket.create_connection((host, port), timeout=timeout) as s:
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: napkin\r\nConnection: close\r\n\r\n".encode())
        raw = b""
        while time.monotonic() < deadline:
            data = s.recv(65536)
            if not data:
                break
            raw += data
    head, sep, rest = raw.partition(b"\r\n\r\n")
    assert sep, f"no end of headers in {raw[:200]!r}"
    assert b"transfer-encoding: chunked" in head.lower(), head
    body, sizes = b"", []
    while True:
        line, sep, rest = rest.partition(b"\r\n")
        assert sep, "answer cut inside the chunk framing"
        size = int(line, 16)
        sizes.append(size)
        if size == 0:
            assert rest == b"\r\n", f"bytes after the last chunk: {rest[:80]!r}"
            return head, body, sizes
        assert rest[size:size + 2] == b"\r\n", "chunk not followed by CRLF"
        body += rest[:size]
        rest = rest[size + 2:]
