# SPDX-License-Identifier: BSD-2-Clause
"""/metrics (docs/METRICS.md), end to end.

One guest on QEMU's user network with four NICs (virtio-net, e1000, e1000e,
a second virtio-net) and its page forwarded to loopback: every number of
/stats.json must be on /metrics under the documented name and labels, read
between two /stats.json answers; the body comes in several HTTP/1.1 chunks
that end on line boundaries, HTTP/1.0 gets the same metrics ended by the
close, HEAD only the headers; `promtool check metrics` accepts it; every
metric is documented in docs/METRICS.md and every documented one is served.

Then the fleet: two guests on two taps in a namespace of the test's own, and
Debian's Prometheus server there (listening on the namespace's loopback)
scraping both every second. A known number of UDP echo datagrams goes to
each; Prometheus's HTTP API must report that increase per target, and up 1
for both. Prometheus is stopped and its data removed at the end.
"""
from __future__ import annotations

import json
import math
import re
import shutil
import socket
import subprocess
import tempfile
import textwrap
import time
import urllib.request
from pathlib import Path

import pytest

import metrics_map
import prom_text
from napkin_qemu import Guest
from netns import NetNS, require_netns

ROOT = Path(__file__).resolve().parents[2]
PROMETHEUS = shutil.which("prometheus")
PROMTOOL = shutil.which("promtool")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def require_prometheus() -> None:
    if not (PROMETHEUS and PROMTOOL):
        pytest.fail("prometheus and promtool missing (scripts/deps.sh installs the "
                    "prometheus package)", pytrace=False)


def promtool_check(text: str) -> None:
    res = subprocess.run([PROMTOOL, "check", "metrics"], input=text, capture_output=True,
                         text=True, timeout=30)
    assert res.returncode == 0, f"promtool check metrics:\n{res.stdout}\n{res.stderr}"


@pytest.fixture(scope="module")
def box():
    """A guest with four NICs, its page on 127.0.0.1:box.http."""
    http = free_port()
    nics = ["-netdev", f"user,id=n0,restrict=on,hostfwd=tcp:127.0.0.1:{http}-:80",
            "-device", "virtio-net-pci,netdev=n0"]
    for i, model in enumerate(("e1000", "e1000e", "virtio-net-pci"), start=1):
        # A subnet each, so the page's answers leave by the NIC its requests came in on.
        nics += ["-netdev", f"user,id=n{i},restrict=on,net=10.0.{2 + i}.0/24",
                 "-device", f"{model},netdev=n{i}"]
    g = Guest("test_metrics", netdevs=nics, memory=256)
    g.wait_for(r"napkin> ", 90)
    # Every NIC's lease before the first answer: an address arriving between the
    # two answers the test compares would change a series it expects to stay.
    for i in range(4):
        g.wait_for(rf"eth{i}: DHCP lease", 60)
    g.http = http
    yield g
    g.stop()


def get(g, path: str, timeout: float = 20) -> bytes:
    with urllib.request.urlopen(f"http://127.0.0.1:{g.http}{path}", timeout=timeout) as r:
        return r.read()


def test_metrics_cover_stats_json(box):
    require_prometheus()
    a = json.loads(get(box, "/stats.json"))
    head, body, sizes = prom_text.http_get_chunked("127.0.0.1", box.http)
    b = json.loads(get(box, "/stats.json"))
    text = body.decode()
    fams = prom_text.parse(text)
    promtool_check(text)
    assert b"text/plain; version=0.0.4" in head, head

    assert len(a["devices"]) == 4, [d["name"] for d in a["devices"]]
    ea = {(p, n, tuple(sorted(lb.items()))): (v, how) for p, n, lb, v, how in
          metrics_map.series(a)}
    eb = {(p, n, tuple(sorted(lb.items()))): v for p, n, lb, v, how in metrics_map.series(b)}
    checked = 0
    for key, (va, how) in ea.items():
        path, name, labels = key
        assert name in fams, f"{path}: no metric {name}"
        want = dict(labels)
        hits = [v for k, v in fams[name].samples.items() if set(want.items()) <= set(k)]
        assert len(hits) == 1, f"{path}: {len(hits)} samples of {name}{want}"
        got, vb = hits[0], eb.get(key)
        if how == "between":
            assert vb is not None, f"{path} gone from the second answer"
            assert va - 1e-6 <= got <= vb + 1e-6, f"{path} {name}: json {va} .. {vb}, metric {got}"
        elif how == "same":
            assert got == va == vb, f"{path} {name}: json {va}, {vb}, metric {got}"
        checked += 1
    assert checked > 300, f"only {checked} numbers compared"

    # The answer came in pieces: proof the stream, not one buffer, carried it.
    assert len(sizes) > 4 and sizes[-1] == 0, sizes
    assert all(s <= 4096 for s in sizes), sizes
    assert text.count("\n# HELP ") + 1 == len(fams)
    # Every metric is documented, and every documented one is served.
    doc = (ROOT / "docs" / "METRICS.md").read_text()
    documented = set(re.findall(r"`(napkin_[a-z0-9_]+)`", doc))
    assert set(fams) - documented == set(), sorted(set(fams) - documented)
    assert documented - set(fams) == set(), sorted(documented - set(fams))
    # Counters and only counters end in _total; every unit is a base one.
    for name, fam in fams.items():
        assert name.endswith("_total") == (fam.type == "counter"), (name, fam.type)
        assert not re.search(r"_(ns|kib|mbps|ms|us|bits)(_|$)", name), name
    assert prom_text.value(fams, "napkin_build_info") == 1
    info = next(iter(fams["napkin_build_info"].samples))
    assert dict(info)["version"] and re.fullmatch(r"[0-9a-f]{12}(-dirty)?|unknown",
                                                  dict(info)["commit"]), info
    boot = prom_text.value(fams, "napkin_boot_time_seconds")
    assert abs(boot + prom_text.value(fams, "napkin_uptime_seconds") - time.time()) < 120, boot
    # Per-queue driver counters carry a queue label.
    virtio = [d["name"] for d in a["devices"] if "rx_queue_0_packets" in d["ethtool"]]
    assert virtio, [sorted(d["ethtool"])[:5] for d in a["devices"]]
    queues = {dict(k).get("queue") for k in fams["napkin_net_driver_stat"].samples
              if dict(k)["dev"] == virtio[0]}
    assert "0" in queues, queues
    assert len(a["devices"]) == 4 and len(fams["napkin_net_up"].samples) == 4


def test_metrics_http10_and_head(box):
    raw = b""
    with socket.create_connection(("127.0.0.1", box.http), timeout=20) as s:
        s.sendall(b"GET /metrics HTTP/1.0\r\n\r\n")
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            data = s.recv(65536)
            if not data:
                break
            raw += data
    head, _, body = raw.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 200") and b"Connection: close" in head, head
    assert b"chunked" not in head.lower() and b"content-length" not in head.lower(), head
    fams10 = prom_text.parse(body.decode())
    _, body11, _ = prom_text.http_get_chunked("127.0.0.1", box.http)
    assert set(fams10) == set(prom_text.parse(body11.decode()))

    with socket.create_connection(("127.0.0.1", box.http), timeout=20) as s:
        s.sendall(b"HEAD /metrics HTTP/1.1\r\nConnection: close\r\n\r\n")
        time.sleep(0.5)
        got = s.recv(65536)
    assert got.startswith(b"HTTP/1.1 200") and got.endswith(b"\r\n\r\n"), got


# ---- the fleet: two guests, one Prometheus ----

GUESTS = [("a", "192.168.77", 200), ("b", "192.168.78", 350)]  # name, subnet, datagrams
PROM_ADDR = "127.0.0.1:9090"  # the namespace's own loopback


def prom_api(ns: NetNS, path: str, **params) -> dict:
    """GET Prometheus's HTTP API from inside the namespace; the 'data' of its answer."""
    code = textwrap.dedent("""
        import json, sys, urllib.parse, urllib.request
        url = sys.argv[1] + "?" + urllib.parse.urlencode(json.loads(sys.argv[2]))
        with urllib.request.urlopen(url, timeout=10) as r:
            print(r.read().decode())
    """)
    out = ns.run(["python3", "-c", code, f"http://{PROM_ADDR}{path}", json.dumps(params)],
                 timeout=20).stdout
    ans = json.loads(out)
    assert ans["status"] == "success", ans
    return ans["data"]


def query(ns: NetNS, expr: str, at: float) -> dict[str, float]:
    """An instant query; {instance: value}."""
    data = prom_api(ns, "/api/v1/query", query=expr, time=f"{at:.3f}")
    return {r["metric"].get("instance", ""): float(r["value"][1]) for r in data["result"]}


def wait_query(ns: NetNS, expr: str, ok, timeout: float, what: str) -> dict[str, float]:
    deadline = time.monotonic() + timeout
    while True:
        got = query(ns, expr, time.time())
        if ok(got):
            return got
        assert time.monotonic() < deadline, f"{what}: {expr} = {got} after {timeout}s"
        time.sleep(0.5)


def send_udp_echo(ns: NetNS, addr: str, count: int) -> None:
    """count datagrams to addr's UDP echo, one at a time, each answered before the next."""
    code = textwrap.dedent("""
        import socket, sys
        addr, count = sys.argv[1], int(sys.argv[2])
        s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        s.settimeout(3)
        for i in range(count):
            msg = b"metrics %d" % i
            s.sendto(msg, (addr, 7))
            got, _ = s.recvfrom(2048)
            assert got == msg, (i, got)
        print("sent", count)
    """)
    out = ns.run(["python3", "-c", code, addr, str(count)], timeout=120).stdout
    assert out.strip() == f"sent {count}", out


def test_prometheus_scrapes_two_guests():
    require_netns()
    require_prometheus()
    data_dir = Path(tempfile.mkdtemp(prefix="napkin-prometheus-"))
    guests: list[Guest] = []
    prom = None
    with NetNS("napkin-prom") as ns:
        try:
            targets = []
            for i, (name, net, _) in enumerate(GUESTS):
                tap = ns.add_tap(f"tap{i}", addr4=f"{net}.1", ipv6=False)
                g = Guest(f"test_metrics_fleet_{name}", netns=ns,
                          netdevs=tap.qemu_args("virtio-net-pci"),
                          append=f"ip={net}.2::{net}.1:255.255.255.0::eth0:off")
                guests.append(g)
                targets.append(f"{net}.2:80")
            for g in guests:
                g.wait_ready(120)

            # The raw text from inside the namespace, as Prometheus gets it.
            for t in targets:
                res = ns.run(["python3", "-c",
                              "import sys, urllib.request; sys.stdout.write(urllib.request."
                              "urlopen(sys.argv[1], timeout=20).read().decode())",
                              f"http://{t}/metrics"], timeout=40)
                promtool_check(res.stdout)

            cfg = data_dir / "prometheus.yml"
            cfg.write_text(textwrap.dedent(f"""\
                global:
                  scrape_interval: 1s
                  scrape_timeout: 1s
                  evaluation_interval: 1s
                scrape_configs:
                  - job_name: napkin
                    static_configs:
                      - targets: {json.dumps(targets)}
                """))
            check = subprocess.run([PROMTOOL, "check", "config", str(cfg)],
                                   capture_output=True, text=True, timeout=30)
            assert check.returncode == 0, check.stdout + check.stderr
            prom = ns.popen([PROMETHEUS, f"--config.file={cfg}",
                             f"--storage.tsdb.path={data_dir / 'tsdb'}",
                             f"--web.listen-address={PROM_ADDR}", "--log.level=warn"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            instances = set(targets)
            both_up = lambda got: set(got) == instances and all(v == 1 for v in got.values())
            wait_query(ns, 'up{job="napkin"}', both_up, 60, "both targets up")

            # A few scrapes before the traffic, then the datagrams, then scrapes after it.
            counter = 'napkin_service_datagrams_total{service="echo_udp"}'
            before = wait_query(ns, counter, lambda got: set(got) == instances, 20,
                                "the echo counter scraped")
            t0 = time.time()
            time.sleep(3)
            for (name, net, count) in GUESTS:
                send_udp_echo(ns, f"{net}.2", count)
            want = {f"{net}.2:80": before[f"{net}.2:80"] + count for _, net, count in GUESTS}
            wait_query(ns, counter, lambda got: got == want, 30, "the datagrams scraped")
            time.sleep(3)
            t1 = time.time()
            window = math.ceil(t1 - t0) + 1
            exact = query(ns, f"max_over_time({counter}[{window}s]) - "
                              f"min_over_time({counter}[{window}s])", t1)
            inc = query(ns, f"increase({counter}[{window}s])", t1)
            rx = query(ns, f'increase(napkin_net_rx_packets_total{{dev="eth0"}}[{window}s])', t1)
            # increase() extrapolates to the window's ends: at most by two scrape intervals.
            for _, net, count in GUESTS:
                inst = f"{net}.2:80"
                assert exact[inst] == count, (inst, exact, count)
                assert count <= inc[inst] <= count * window / (window - 2.2), (inst, inc, count)
                assert rx[inst] >= count, (inst, rx, count)
            up = query(ns, 'up{job="napkin"}', time.time())
            assert both_up(up), up
            scrapes = query(ns, f'count_over_time(up{{job="napkin"}}[{window}s])', t1)
            assert all(v >= window - 3 for v in scrapes.values()), (scrapes, window)
        finally:
            if prom is not None and prom.poll() is None:
                prom.terminate()
                try:
                    prom.wait(15)
                except subprocess.TimeoutExpired:
                    prom.kill()
                    prom.wait(5)
            for g in guests:
                g.stop()
            shutil.rmtree(data_dir, ignore_errors=True)
    assert prom is None or prom.returncode is not None
    assert not data_dir.exists()


# ---- many boxes, one view: the example configuration and alert rules ----

def test_example_prometheus_config_and_rules():
    """contrib/prometheus/: promtool accepts the configuration and the rules, the rules'
    own tests (each alert fires on the series that should raise it, not on a healthy
    box) pass, and every metric they name is one napkin serves (docs/METRICS.md)."""
    require_prometheus()
    folder = ROOT / "contrib" / "prometheus"
    for cmd in (["check", "config", "prometheus.yml"], ["check", "rules", "napkin.rules.yml"],
                ["test", "rules", "napkin.rules.test.yml"]):
        res = subprocess.run([PROMTOOL, *cmd], cwd=folder, capture_output=True, text=True,
                             timeout=60)
        assert res.returncode == 0, f"promtool {' '.join(cmd)}:\n{res.stdout}\n{res.stderr}"
    rules = (folder / "napkin.rules.yml").read_text()
    alerts = set(re.findall(r"alert: (\w+)", rules))
    assert alerts == {"NapkinDown", "NapkinDropsRising", "NapkinNapiSqueezed",
                      "NapkinLinkDown", "NapkinHeapNearLimit"}, alerts
    tested = set(re.findall(r"alertname: (\w+)", (folder / "napkin.rules.test.yml").read_text()))
    assert tested == alerts, alerts - tested
    documented = set(re.findall(r"`(napkin_[a-z0-9_]+)`", (ROOT / "docs" / "METRICS.md").read_text()))
    used = set(re.findall(r"\b(napkin_[a-z0-9_]+)", rules))
    assert used and used <= documented, used - documented
