# SPDX-License-Identifier: BSD-2-Clause
"""Where each number of /stats.json is on /metrics (docs/METRICS.md lists the same).

series(stats) walks one /stats.json answer and returns, for every number and
boolean in it, the /metrics sample that must carry it: (json path, metric
name, labels, value converted to the metric's unit, how to compare). It fails
on a field it does not know, so a counter added to /stats.json without its
metric fails the test that calls it. Strings (names, addresses, modes) are
checked as the labels of the samples that carry them.

How to compare a sample read between two /stats.json answers a and b:
  "between"  a <= metric <= b (counters, and gauges that only grow)
  "same"     a == metric == b (settings and facts that do not move)
  "present"  the sample exists (gauges that go up and down: in use now, state now)
"""
from __future__ import annotations

IGNORED = {"version"}  # the JSON format's own version, not a number of the machine

SOFTNET = {
    "processed": ("softnet_processed_total", {}, "between"),
    "dropped": ("softnet_dropped_total", {}, "between"),
    "time_squeeze": ("softnet_time_squeeze_total", {}, "between"),
    "budget_exhausted": ("softnet_squeeze_causes_total", {"cause": "budget"}, "between"),
    "time_exhausted": ("softnet_squeeze_causes_total", {"cause": "time"}, "between"),
    "polls": ("softnet_polls_total", {}, "between"),
    "rounds": ("softnet_rounds_total", {}, "between"),
    "backlog_len": ("softnet_backlog_frames", {}, "present"),
    "backlog_copied": ("softnet_backlog_copied_total", {}, "between"),
    "backlog_kept_no_copy": ("softnet_backlog_kept_total", {"reason": "no_copy"}, "between"),
    "backlog_kept_too_big": ("softnet_backlog_kept_total", {"reason": "too_big"}, "between"),
    "tx_gso_frames": ("softnet_tx_gso_frames_total", {}, "between"),
    "tx_gso_segs": ("softnet_tx_gso_segments_total", {}, "between"),
    "tx_gso_bytes": ("softnet_tx_gso_bytes_total", {}, "between"),
    "gro_merged": ("softnet_gro_merged_total", {}, "between"),
    "gro_delivered": ("softnet_gro_delivered_total", {}, "between"),
    "gro_large": ("softnet_gro_large_total", {}, "between"),
    "gro_evicted": ("softnet_gro_evicted_total", {}, "between"),
    "gro_enabled": ("softnet_gro_enabled", {}, "same"),
}
NAPI = {
    "weight": ("napi_weight", "same"),
    "polls": ("napi_polls_total", "between"),
    "packets": ("napi_packets_total", "between"),
    "full_polls": ("napi_full_polls_total", "between"),
    "completions": ("napi_completions_total", "between"),
    "interrupts": ("napi_interrupts_total", "between"),
    "over_budget": ("napi_over_budget_total", "between"),
    "missed": ("napi_missed_total", "between"),
    "netpoll_skips": ("napi_netpoll_skips_total", "between"),
    "irq_deferred": ("napi_irq_deferred_total", "between"),
    "defers": ("napi_defers_total", "between"),
    "rx_bytes": ("napi_rx_bytes_total", "between"),
}
DEV_STATS = {
    "rx_packets": "net_rx_packets_total", "rx_bytes": "net_rx_bytes_total",
    "rx_errors": "net_rx_errors_total", "rx_dropped": "net_rx_dropped_total",
    "rx_missed_errors": "net_rx_missed_errors_total",
    "rx_length_errors": "net_rx_length_errors_total",
    "rx_crc_errors": "net_rx_crc_errors_total", "rx_csum_errors": "net_rx_csum_errors_total",
    "multicast": "net_rx_multicast_packets_total", "tx_packets": "net_tx_packets_total",
    "tx_bytes": "net_tx_bytes_total", "tx_errors": "net_tx_errors_total",
    "tx_dropped": "net_tx_dropped_total", "tx_carrier_errors": "net_tx_carrier_errors_total",
    "collisions": "net_collisions_total", "carrier_changes": "net_carrier_changes_total",
    "tx_queue_stops": "net_tx_queue_stops_total", "tx_busy": "net_tx_busy_total",
}
STACK_RX = {
    "frames": ("net_stack_rx_frames_total", "between"),
    "copied": ("net_stack_rx_copied_total", "between"),
    "dropped": ("net_stack_rx_dropped_total", "between"),
    "csum_trusted": ("net_stack_rx_csum_trusted_total", "between"),
    "held": ("net_stack_rx_held_frames", "present"),
}
IRQ = {"delivered": ("irq_delivered_total", "between"),
       "spurious": ("irq_spurious_total", "between"),
       "unhandled": ("irq_unhandled_total", "between"),
       "disabled": ("irq_disabled", "same")}
PAGES = {"total_kib": ("memory_total_bytes", "same"),
         "free_kib": ("memory_free_bytes", "present"),
         "used_kib": ("memory_used_bytes", "present"),
         "used_hwm_kib": ("memory_used_max_bytes", "between"),
         "reserved_kib": ("memory_reserved_bytes", "between"),
         "allocs": ("page_allocs_total", "between"), "frees": ("page_frees_total", "between"),
         "failed": ("page_alloc_failures_total", "between"),
         "bad_frees": ("page_bad_frees_total", "between")}
HEAP = {"bytes_in_use": ("heap_in_use_bytes", "present"),
        "bytes_hwm": ("heap_in_use_max_bytes", "between"),
        "pages_in_use": ("heap_pages", "present"), "pages_hwm": ("heap_pages_max", "between"),
        "allocs": ("heap_allocs_total", "between"), "frees": ("heap_frees_total", "between"),
        "failed": ("heap_alloc_failures_total", "between")}
POOL = {"used": ("lwip_pool_used", "present"), "used_hwm": ("lwip_pool_used_max", "between"),
        "avail": ("lwip_pool_size", "same"), "failed": ("lwip_pool_failures_total", "between")}
NET_HEAP = {"over_budget": {"cause": "over_budget"}, "no_memory": {"cause": "no_memory"}}
TCP = {
    "connections": ("tcp_connections", {}, "present"),
    "connections_hwm": ("tcp_connections_max_seen", {}, "between"),
    "connections_max": ("tcp_connections_limit", {}, "same"),
    "timewait": ("tcp_timewait_connections", {}, "present"),
    "half_open_max": ("tcp_half_open_limit", {}, "same"),
    "syns_seen": ("tcp_syns_total", {}, "between"),
    "syns_dropped_machine_full": ("tcp_syns_dropped_total", {"reason": "machine_full"}, "between"),
    "syns_dropped_service_full": ("tcp_syns_dropped_total", {"reason": "service_full"}, "between"),
    "syns_dropped_half_open_full": ("tcp_syns_dropped_total", {"reason": "half_open_full"},
                                    "between"),
    "timewait_recycled": ("tcp_timewait_recycled_total", {}, "between"),
    "half_open_recycled": ("tcp_half_open_recycled_total", {}, "between"),
    "persist_stopped_empty": ("tcp_persist_stopped_empty_total", {}, "between"),
    "mss_option_ignored": ("tcp_mss_options_ignored_total", {}, "between"),
    "tiny_opening_window": ("tcp_tiny_opening_windows_total", {}, "between"),
}
REASSEMBLY = {
    "ip4_fragments": ("ip_fragments_total", {"family": "ipv4"}),
    "ip4_refused": ("ip_fragments_refused_total", {"family": "ipv4"}),
    "ip6_fragments": ("ip_fragments_total", {"family": "ipv6"}),
    "ip6_refused": ("ip_fragments_refused_total", {"family": "ipv6"}),
    "ip6_holes_dropped": ("ipv6_reassembly_holes_dropped_total", {}),
}
TCP_SERVICE = {"active": ("tcp_service_connections", "present"),
               "active_hwm": ("tcp_service_connections_max_seen", "between"),
               "limit": ("tcp_service_connections_limit", "same"),
               "refused": ("tcp_service_refused_total", "between")}
SERVICE = {"connections": "service_connections_total", "refused": "service_refused_total",
           "datagrams": "service_datagrams_total", "rx_bytes": "service_received_bytes_total",
           "tx_bytes": "service_sent_bytes_total", "errors": "service_errors_total"}
WEBSTATUS = {
    "port": ("webstatus_port", {}, "same"),
    "max_conns": ("webstatus_connections_limit", {}, "same"),
    "connections": ("webstatus_connections_total", {}, "between"),
    "refused": ("webstatus_refused_total", {}, "between"),
    "forbidden": ("webstatus_forbidden_total", {}, "between"),
    "requests": ("webstatus_requests_total", {}, "between"),
    "ok": ("webstatus_responses_total", {"code": "200"}, "between"),
    "bad_requests": ("webstatus_responses_total", {"code": "400"}, "between"),
    "not_found": ("webstatus_responses_total", {"code": "404"}, "between"),
    "bad_methods": ("webstatus_responses_total", {"code": "405"}, "between"),
    "too_large": ("webstatus_responses_total", {"code": "431"}, "between"),
    "no_memory": ("webstatus_responses_total", {"code": "503"}, "between"),
    "header_timeouts": ("webstatus_header_timeouts_total", {}, "between"),
    "idle_closes": ("webstatus_idle_closes_total", {}, "between"),
    "send_timeouts": ("webstatus_send_timeouts_total", {}, "between"),
    "truncated": ("webstatus_truncated_total", {}, "between"),
    "errors": ("webstatus_errors_total", {}, "between"),
    "overflows": ("webstatus_overflows_total", {}, "between"),
    "deferred": ("webstatus_deferred_total", {}, "between"),
    "build_ns_max": ("webstatus_build_seconds_max", {}, "between"),
    "rx_bytes": ("webstatus_received_bytes_total", {}, "between"),
    "tx_bytes": ("webstatus_sent_bytes_total", {}, "between"),
    "active": ("webstatus_connections", {}, "present"),
    "active_hwm": ("webstatus_connections_max_seen", {}, "between"),
}
NAPI_STATES = ("idle", "scheduled", "polling", "disabled", "netpoll")


def _num(v):
    return float(v) if not isinstance(v, bool) else float(int(v))


def series(s: dict) -> list[tuple[str, str, dict, float, str]]:
    out: list[tuple[str, str, dict, float, str]] = []
    seen: set[str] = set()

    def add(path, name, labels, value, how):
        out.append((path, "napkin_" + name, dict(labels), value, how))
        seen.add(path)

    def table(prefix, obj, mapping, labels, conv=_num):
        for k, v in obj.items():
            assert k in mapping, f"/stats.json {prefix}.{k} has no metric"
            name, how = mapping[k]
            add(f"{prefix}.{k}", name, labels, conv(v) if not isinstance(v, bool) else _num(v), how)

    for k in s:
        assert k in IGNORED or k in (
            "uptime_ns", "log_next_seq", "softnet", "napi_mode", "napi", "devices", "irq",
            "irq_kernel", "mem", "pci", "services", "webstatus"), f"/stats.json {k}: no metric"
    add("uptime_ns", "uptime_seconds", {}, s["uptime_ns"] / 1e9, "between")
    add("log_next_seq", "log_records_total", {}, _num(s["log_next_seq"]), "between")
    for k, v in s["softnet"].items():
        assert k in SOFTNET, f"/stats.json softnet.{k} has no metric"
        name, labels, how = SOFTNET[k]
        add(f"softnet.{k}", name, labels, _num(v), how)
    for mode in ("napi", "irq", "busypoll"):
        add("napi_mode", "napi_mode", {"mode": mode}, float(s["napi_mode"] == mode), "same")
    for n in s["napi"]:
        ids = {"napi": n["name"], "dev": n["dev"]}
        for k, v in n.items():
            if k in ("name", "dev"):
                continue
            if k == "state":
                for st in NAPI_STATES:
                    add(f"napi[{n['name']}].state", "napi_state", {**ids, "state": st}, 0,
                        "present")
                continue
            assert k in NAPI, f"/stats.json napi[].{k} has no metric"
            name, how = NAPI[k]
            add(f"napi[{n['name']}].{k}", name, ids, _num(v), how)
    for d in s["devices"]:
        dev = {"dev": d["name"]}
        p = f"devices[{d['name']}]"
        add(p + ".info", "net_info", {**dev, "ifindex": str(d["ifindex"]), "mac": d["mac"]}, 1,
            "same")
        add(p + ".up", "net_up", dev, _num(d["up"]), "same")
        add(p + ".link", "net_carrier", dev, _num(d["link"]), "same")
        add(p + ".mtu", "net_mtu_bytes", dev, _num(d["mtu"]), "same")
        add(p + ".speed_mbps", "net_speed_bytes", dev, d["speed_mbps"] * 125000.0, "same")
        add(p + ".full_duplex", "net_full_duplex", dev, _num(d["full_duplex"]), "same")
        if d["inet"] is not None:
            add(p + ".inet", "net_inet_info", {**dev, **d["inet"]}, 1, "same")
        for a in d["inet6"]:
            # The state moves (tentative -> preferred) between answers: the address is the key.
            add(p + ".inet6", "net_inet6_info", {**dev, "addr": a["addr"]}, 1, "present")
        for k, v in d["stats"].items():
            assert k in DEV_STATS, f"/stats.json devices[].stats.{k} has no metric"
            add(f"{p}.stats.{k}", DEV_STATS[k], dev, _num(v), "between")
        for k, v in d["ethtool"].items():
            add(f"{p}.ethtool.{k}", "net_driver_stat", {**dev, **driver_stat_labels(k)},
                _num(v), "present")
        if d["stack_rx"] is not None:
            table(p + ".stack_rx", d["stack_rx"], STACK_RX, dev)
        for k in ("name", "ifindex", "mac"):
            seen.add(f"{p}.{k}")
    for q in s["irq"]:
        ids = {"vector": str(q["vector"]), "owner": q["owner"]}
        add(f"irq[{q['vector']}].mode", "irq_info", {**ids, "mode": q["mode"]}, 1, "same")
        table(f"irq[{q['vector']}]", {k: v for k, v in q.items()
                                      if k not in ("vector", "owner", "mode")}, IRQ, ids)
    for k, v in s["irq_kernel"].items():
        add(f"irq_kernel.{k}", "kernel_interrupts_total", {"kind": k}, _num(v), "between")
    mem = s["mem"]
    kib = {k: v * 1024 if k.endswith("_kib") else v for k, v in mem["pages"].items()}
    table("mem.pages", kib, PAGES, {})
    table("mem.heap", mem["heap"], HEAP, {})
    for pool in mem["net_pools"]:
        table(f"mem.net_pools[{pool['name']}]",
              {k: v for k, v in pool.items() if k != "name"}, POOL, {"pool": pool["name"]})
    for k, v in mem["net_heap"].items():
        assert k in NET_HEAP, f"/stats.json mem.net_heap.{k} has no metric"
        add(f"mem.net_heap.{k}", "lwip_heap_refusals_total", NET_HEAP[k], _num(v), "between")
    for k, v in mem["tcp"].items():
        assert k in TCP, f"/stats.json mem.tcp.{k} has no metric"
        name, labels, how = TCP[k]
        add(f"mem.tcp.{k}", name, labels, _num(v), how)
    add("mem.stack_input.frames", "stack_input_frames_total", {},
        _num(mem["stack_input"]["frames"]), "between")
    add("mem.stack_input.ns", "stack_input_seconds_total", {},
        mem["stack_input"]["ns"] / 1e9, "between")
    assert set(mem["stack_input"]) == {"frames", "ns"}, mem["stack_input"]
    for k, v in mem["reassembly"].items():
        assert k in REASSEMBLY, f"/stats.json mem.reassembly.{k} has no metric"
        name, labels = REASSEMBLY[k]
        add(f"mem.reassembly.{k}", name, labels, _num(v), "between")
    for sv in mem["tcp_services"]:
        table(f"mem.tcp_services[{sv['name']}]",
              {k: v for k, v in sv.items() if k not in ("name", "port")}, TCP_SERVICE,
              {"service": sv["name"], "port": str(sv["port"])})
    assert set(mem) == {"pages", "heap", "net_pools", "net_heap", "tcp", "stack_input",
                        "reassembly", "tcp_services"}, f"/stats.json mem: {sorted(mem)}"
    for p in s["pci"]:
        labels = {"bdf": p["bdf"], "vendor": p["vendor"], "device": p["device"],
                  "class": p["class"], "revision": str(p["revision"]),
                  "irq_mode": p["irq_mode"], "driver": p["driver"] or ""}
        assert set(p) == set(labels), f"/stats.json pci[]: {sorted(p)}"
        add(f"pci[{p['bdf']}]", "pci_device_info", labels, 1, "same")
    for svc, st in s["services"].items():
        for k, v in st.items():
            assert k in SERVICE, f"/stats.json services.{svc}.{k} has no metric"
            add(f"services.{svc}.{k}", SERVICE[k], {"service": svc}, _num(v), "between")
    for k, v in s["webstatus"].items():
        if k == "allow":
            # The address list as text (a setting, neither counter nor gauge);
            # docs/METRICS.md says so.
            assert isinstance(v, str) and v, v
            continue
        assert k in WEBSTATUS, f"/stats.json webstatus.{k} has no metric"
        name, labels, how = WEBSTATUS[k]
        add(f"webstatus.{k}", name, labels, v / 1e9 if k == "build_ns_max" else _num(v), how)
    return out


def driver_stat_labels(name: str) -> dict:
    """A driver counter's labels: rx_queue_3_packets is stat rx_queue_packets, queue 3."""
    import re
    m = re.fullmatch(r"(.*?queue_)(\d+)_(.*)", name)
    if not m:
        return {"stat": name}
    return {"queue": m.group(2), "stat": m.group(1) + m.group(3)}
