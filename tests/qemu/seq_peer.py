#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""What an observer on napkin's LAN sees of its sequence numbers and IP IDs
(run inside the test's namespace; needs CAP_NET_RAW for the capture):

    seq_peer.py isn IFACE GUEST_IP PORT COUNT [SPORT_BASE]
        COUNT TCP connections, one after another, each from a new source port
        (SPORT_BASE, SPORT_BASE+1, ... when given), closed with a reset; the
        ISN and IP ID of every SYN-ACK napkin sent.
    seq_peer.py ipid IFACE GUEST_IP PAUSE_MS SRC_ADDR[,SRC_ADDR...] ROUNDS
        UDP echo requests to port 7, the sources taking turns, PAUSE_MS apart;
        the IP ID of every reply in the order the replies came.

Replies are read off the tap with a packet socket, so the numbers are the
ones on the wire. Prints one JSON line. Every wait is bounded.
"""
import json
import socket
import struct
import sys
import threading
import time

ETH_P_IP = 0x0800


class Capture:
    """IPv4 frames from the guest on iface, parsed, in a background thread."""

    def __init__(self, iface: str, guest_ip: str):
        self.sock = socket.socket(socket.AF_PACKET, socket.SOCK_RAW, socket.htons(ETH_P_IP))
        self.sock.bind((iface, 0))
        self.sock.settimeout(0.2)
        self.guest = socket.inet_aton(guest_ip)
        self.packets = []
        self.lock = threading.Lock()
        self.stopping = False
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while not self.stopping:
            try:
                frame = self.sock.recv(2048)
            except socket.timeout:
                continue
            ip = frame[14:]
            if len(ip) < 20 or ip[0] >> 4 != 4 or ip[12:16] != self.guest:
                continue
            ihl = (ip[0] & 0xF) * 4
            ipid = struct.unpack("!H", ip[4:6])[0]
            proto = ip[9]
            l4 = ip[ihl:]
            rec = {"proto": proto, "ipid": ipid, "dst": socket.inet_ntoa(ip[16:20])}
            if proto == 6 and len(l4) >= 20:
                sport, dport, seq = struct.unpack("!HHI", l4[:8])
                rec.update(sport=sport, dport=dport, seq=seq, flags=l4[13])
            elif proto == 17 and len(l4) >= 8:
                sport, dport = struct.unpack("!HH", l4[:4])
                rec.update(sport=sport, dport=dport)
            with self.lock:
                self.packets.append(rec)

    def mark(self) -> int:
        with self.lock:
            return len(self.packets)

    def wait_for(self, match, start: int = 0, timeout: float = 5.0):
        """The first packet from index start on that match() accepts, or None."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            with self.lock:
                for p in self.packets[start:]:
                    if match(p):
                        return p
            time.sleep(0.002)
        return None

    def stop(self) -> None:
        self.stopping = True
        self.thread.join(2)
        self.sock.close()


def run_isn(iface: str, guest_ip: str, port: int, count: int, sport_base: int | None) -> dict:
    cap = Capture(iface, guest_ip)
    out, failures = [], 0
    for i in range(count):
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        # A reset on close: no TIME_WAIT, so the same ports can be used again at once.
        s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        s.settimeout(5)
        start = cap.mark()
        try:
            if sport_base is not None:
                s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                s.bind(("", sport_base + i))
            s.connect((guest_ip, port))
            sport = s.getsockname()[1]
        except OSError:
            failures += 1
            s.close()
            continue
        s.close()
        synack = cap.wait_for(lambda p, sp=sport: p["proto"] == 6 and p.get("dport") == sp
                              and p.get("flags", 0) & 0x12 == 0x12, start)
        if synack is None:
            failures += 1
            continue
        out.append({"sport": sport, "isn": synack["seq"], "ipid": synack["ipid"]})
    cap.stop()
    return {"conns": out, "failures": failures}


def run_ipid(iface: str, guest_ip: str, pause_ms: float, sources: list[str], rounds: int) -> dict:
    cap = Capture(iface, guest_ip)
    socks = []
    for src in sources:
        s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        s.bind((src, 0))
        s.settimeout(3)
        socks.append(s)
    replies, lost = [], 0
    for r in range(rounds):
        k = r % len(socks)
        s = socks[k]
        sport = s.getsockname()[1]
        start = cap.mark()
        s.sendto(b"id probe %d" % r, (guest_ip, 7))
        try:
            s.recvfrom(2048)
        except socket.timeout:
            lost += 1
            continue
        got = cap.wait_for(lambda p, sp=sport: p["proto"] == 17 and p.get("dport") == sp
                           and p.get("sport") == 7, start)
        if got is None:
            lost += 1
            continue
        replies.append({"src": sources[k], "ipid": got["ipid"]})
        time.sleep(pause_ms / 1000)
    cap.stop()
    for s in socks:
        s.close()
    return {"replies": replies, "lost": lost}


def main(argv: list[str]) -> int:
    if argv[1] == "isn":
        iface, guest_ip, port, count = argv[2], argv[3], int(argv[4]), int(argv[5])
        base = int(argv[6]) if len(argv) > 6 else None
        print(json.dumps(run_isn(iface, guest_ip, port, count, base)))
    elif argv[1] == "ipid":
        iface, guest_ip, pause, sources, rounds = argv[2:7]
        print(json.dumps(run_ipid(iface, guest_ip, float(pause), sources.split(","),
                                  int(rounds))))
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
