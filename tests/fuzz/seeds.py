#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Writes the seed corpora of the fuzz harnesses (tests/fuzz/corpus/<harness>/).

Seeds are small valid (and a few nearly valid) inputs, so the fuzzer starts
from the interesting paths instead of finding the input format by chance.
Each harness's section below describes its input layout; crash inputs kept as
regression cases live next to the seeds as crash-* files and are not written here.

    python3 tests/fuzz/seeds.py tests/fuzz/corpus
"""
import hashlib
import os
import struct
import sys

SEEDS = {}


def seed(harness, data):
    SEEDS.setdefault(harness, []).append(data if isinstance(data, bytes) else data.encode())


# ---- fuzz_cmdline: the command line as text ----
for line in [
    "/boot/napkin.elf ip=10.0.0.2::10.0.0.1:255.255.255.0:napkin:eth0:off loglevel=7",
    "ip=dhcp netconsole=+6665@10.0.0.2/eth0,6666@10.0.0.1/02:00:00:00:00:01",
    'BOOT_IMAGE=/x "ip=10.0.0.2:::::eth1:none" mem=64M net-budget=0x40 napi.mode=busypoll',
    "netconsole=@/,@10.0.0.1/;4444@10.1.1.1/eth1,9353@10.0.0.2/12:34:56:78:9a:bc x",
    'x="a b" x=y quiet ip=off loglevel=-1 mem=18446744073709551616',
    "ip=1.2.3.4:5.6.7.8:9.10.11.12:255.255.0.0:host:dev:dhcp:8.8.8.8:8.8.4.4:1.1.1.1",
    "napi.mode=hybrid net.budget=600 net.budget_usecs=-1 net.max_backlog=99999999999 napi.mode=x",
]:
    seed("fuzz_cmdline", line)

# ---- fuzz_shell: bytes typed on the serial line (0xfe: a log line arrives) ----
for typed in [
    b"a b c\r",
    b"echo one  two\tthree\r\x1b[A\r\x1b[B\x1b[A\x1b[A\r",
    b"set x\x7f\x7fy 1\r\x15fail\n\x03",
    b"echo " + b"x " * 20 + b"\r",
    b"echo " + b"y" * 300 + b"\r",
    b"ec\xfeho hi\xfe\r nope\r",
]:
    seed("fuzz_shell", typed)


# ---- fuzz_acpi: flags byte, then tables as [u16 length][bytes] ----
# Table i sits at 0x100000 + i * 0x10000 (see fuzz_acpi.c).
ACPI_USE_XSDT, ACPI_FIX, ACPI_V2, ACPI_SCAN, ACPI_BROKEN_ROOT = 1, 2, 4, 8, 16


def acpi_table_addr(i):
    return 0x100000 + i * 0x10000


def sdt(sig, rev, body):
    length = 36 + len(body)
    hdr = sig + struct.pack("<IBB6s8sI4sI", length, rev, 0, b"NAPKIN", b"FUZZSEED", 1, b"SEED", 1)
    t = bytearray(hdr + body)
    t[9] = (-sum(t)) & 0xFF
    return bytes(t)


def gas(space, width, addr):
    return struct.pack("<BBBBQ", space, width, 0, 1 if width == 8 else 2, addr)


def madt():
    b = struct.pack("<II", 0xFEE00000, 1)
    b += bytes([0, 8, 0, 0]) + struct.pack("<I", 1)  # local APIC, CPU 0
    b += bytes([0, 8, 1, 1]) + struct.pack("<I", 1)
    b += bytes([0, 8, 2, 2]) + struct.pack("<I", 2)  # online capable
    b += bytes([1, 12, 0, 0]) + struct.pack("<II", 0xFEC00000, 0)  # IOAPIC
    b += bytes([2, 10, 0, 0]) + struct.pack("<IH", 2, 0)  # IRQ0 -> GSI2
    b += bytes([2, 10, 0, 9]) + struct.pack("<IH", 9, 0xD)  # SCI level high
    b += bytes([3, 8]) + struct.pack("<HI", 0xD, 3)  # NMI source
    b += bytes([4, 6, 0xFF]) + struct.pack("<HB", 5, 1)  # LAPIC NMI
    b += bytes([5, 12, 0, 0]) + struct.pack("<Q", 0xFEE00000)
    b += bytes([9, 16, 0, 0]) + struct.pack("<III", 0x100, 1, 7)  # x2APIC
    b += bytes([0x0A, 12]) + struct.pack("<HIB3x", 5, 0xFFFFFFFF, 1)  # x2APIC NMI
    return sdt(b"APIC", 4, b)


def fadt(dsdt_addr, rev=6):
    f = bytearray(276 - 36)
    def put(off, fmt, *v):
        struct.pack_into(fmt, f, off - 36, *v)
    put(40, "<I", dsdt_addr)
    put(46, "<H", 9)
    put(48, "<I", 0xB2)
    put(52, "<B", 0xA0)
    put(64, "<I", 0x604)
    put(76, "<I", 0x608)
    put(109, "<H", 0x3)
    put(112, "<I", (1 << 8) | (1 << 10))
    f[116 - 36:128 - 36] = gas(1, 8, 0xCF9)
    put(128, "<B", 6)
    put(131, "<B", 1)
    put(140, "<Q", dsdt_addr)
    f[172 - 36:184 - 36] = gas(1, 16, 0x604)
    f[208 - 36:220 - 36] = gas(1, 32, 0x608)
    body = bytes(f) if rev >= 3 else bytes(f[: 116 - 36])
    return sdt(b"FACP", rev, body)


def dsdt():
    s5 = b"\x08_S5_\x12\x06\x04\x0a\x05\x0a\x05\x00\x00"
    return sdt(b"DSDT", 2, b"\x10\x05\\_SB_" + s5 + b"\x00" * 8)


def mcfg():
    return sdt(b"MCFG", 1, bytes(8) + struct.pack("<QHBBI", 0xB0000000, 0, 0, 0xFF, 0))


def hpet():
    return sdt(b"HPET", 1, struct.pack("<I", 0x8086A201) + gas(0, 64, 0xFED00000) + struct.pack("<BHB", 0, 0x80, 0))


def acpi_input(flags, tables):
    return bytes([flags]) + b"".join(struct.pack("<H", len(t)) + t for t in tables)


full = [madt(), fadt(acpi_table_addr(2)), dsdt(), mcfg(), hpet()]
seed("fuzz_acpi", acpi_input(ACPI_USE_XSDT | ACPI_V2, full))
seed("fuzz_acpi", acpi_input(ACPI_FIX | ACPI_SCAN, full))
seed("fuzz_acpi", acpi_input(ACPI_USE_XSDT | ACPI_V2 | ACPI_FIX, [fadt(acpi_table_addr(1), rev=1), dsdt()]))
seed("fuzz_acpi", acpi_input(ACPI_BROKEN_ROOT, full[:2]))
seed("fuzz_acpi", acpi_input(ACPI_FIX, [madt()[:50], b"FACP" + bytes(40), hpet()] + [mcfg()] * 34))


# ---- fuzz_lwip: records [op][...]; see fuzz_lwip.c ----
L_SEGS2, L_CSUM_OK, L_FIX, L_REL_ACK, L_XID = 1, 4, 8, 16, 32
NAPKIN_MAC = bytes([2, 0, 0, 0, 0, 2])
NAPKIN_MAC1 = bytes([2, 0, 0, 0, 1, 2])
PEER_MAC = bytes([2, 0, 0, 0, 0, 1])
BCAST = b"\xff" * 6
NAPKIN_IP, PEER_IP = bytes([10, 0, 0, 2]), bytes([10, 0, 0, 1])
NAPKIN_LL = bytes.fromhex("fe80000000000000000000fffe000002")
PEER_LL = bytes.fromhex("fe800000000000000000000000000001")


def csum(data):
    if len(data) % 2:
        data += b"\0"
    s = sum(struct.unpack("!%dH" % (len(data) // 2), data))
    while s >> 16:
        s = (s & 0xFFFF) + (s >> 16)
    return (~s) & 0xFFFF


def eth(dst, typ, payload, src=PEER_MAC):
    return dst + src + struct.pack("!H", typ) + payload


def ip4(proto, payload, src=PEER_IP, dst=NAPKIN_IP, ident=1, frag=0x4000, total=None):
    hdr = bytearray(struct.pack("!BBHHHBBH4s4s", 0x45, 0, total or 20 + len(payload), ident, frag, 64, proto, 0, src, dst))
    struct.pack_into("!H", hdr, 10, csum(bytes(hdr)))
    return bytes(hdr) + payload


def ip6(nh, payload, src=PEER_LL, dst=NAPKIN_LL, hop=64):
    return struct.pack("!IHBB", 0x60000000, len(payload), nh, hop) + src + dst + payload


def tcp(sport, dport, seq, ack, flags, data=b"", opts=b""):
    hl = 20 + len(opts)
    return struct.pack("!HHIIBBHHH", sport, dport, seq, ack, (hl // 4) << 4, flags, 8192, 0, 0) + opts + data


def udp(sport, dport, data):
    return struct.pack("!HHHH", sport, dport, 8 + len(data), 0) + data


def frame(f, flags=L_FIX, dev=0):
    return bytes([dev << 2]) + bytes([flags]) + struct.pack("<H", len(f)) + f


def wait(n):
    return bytes([1, n])


def tcp_conversation(port, payloads, v6=False):
    """SYN, the ACK of napkin's SYN-ACK, data, FIN; acks relative to napkin's sequence."""
    def seg(seq, flags, data=b"", opts=b""):
        t = tcp(40000 + port, port, seq, 0, flags, data, opts)
        if v6:
            return frame(eth(NAPKIN_MAC, 0x86DD, ip6(6, t)), L_FIX | L_REL_ACK)
        return frame(eth(NAPKIN_MAC, 0x0800, ip4(6, t)), L_FIX | L_REL_ACK)
    out = seg(1000, 0x02, opts=b"\x02\x04\x05\xb4\x01\x03\x03\x07\x04\x02\x00\x00") + seg(1001, 0x10)
    seq = 1001
    for p in payloads:
        out += seg(seq, 0x18, p)
        seq += len(p)
    return out + wait(5) + seg(seq, 0x11) + wait(5)


arp_req = eth(BCAST, 0x0806, struct.pack("!HHBBH", 1, 0x0800, 6, 4, 1) + PEER_MAC + PEER_IP + bytes(6) + NAPKIN_IP)
arp_reply = eth(NAPKIN_MAC, 0x0806, struct.pack("!HHBBH", 1, 0x0800, 6, 4, 2) + PEER_MAC + PEER_IP + NAPKIN_MAC + NAPKIN_IP)
seed("fuzz_lwip", frame(arp_req) + frame(arp_reply))

echo = struct.pack("!BBHHH", 8, 0, 0, 7, 1) + b"ping" * 8
seed("fuzz_lwip", frame(arp_reply) + frame(eth(NAPKIN_MAC, 0x0800, ip4(1, echo))))
# An ICMP echo in two IPv4 fragments (its checksum written here: the harness leaves fragments alone).
big = bytearray(struct.pack("!BBHHH", 8, 0, 0, 9, 1) + bytes(range(256)) * 4)
struct.pack_into("!H", big, 2, csum(bytes(big)))
seed("fuzz_lwip", frame(arp_reply) + frame(eth(NAPKIN_MAC, 0x0800, ip4(1, bytes(big[:512]), ident=77, frag=0x2000)), 0)
     + frame(eth(NAPKIN_MAC, 0x0800, ip4(1, bytes(big[512:]), ident=77, frag=64)), L_SEGS2))
seed("fuzz_lwip", frame(arp_reply) + frame(eth(NAPKIN_MAC, 0x0800, ip4(17, udp(5555, 7, b"hello udp echo"))), L_FIX | L_SEGS2)
     + frame(eth(NAPKIN_MAC, 0x0800, ip4(17, udp(5555, 19, b"x"))), L_CSUM_OK) + frame(eth(NAPKIN_MAC, 0x0800, ip4(17, udp(5, 9999, b"?"))), L_FIX))


def echo6_fragments(order):
    """An ICMPv6 echo request in four 8-byte fragments, sent in order (fragment numbers
    0-3); its checksum covers only the fragments sent, so one with a hole passes it."""
    msg = bytearray(struct.pack("!BBHHH", 128, 0, 0, 0x4242, 1) + bytes(range(8, 32)))
    sent = b"".join(bytes(msg[n * 8:n * 8 + 8]) for n in sorted(order))
    struct.pack_into("!H", msg, 2, csum(PEER_LL + NAPKIN_LL + struct.pack("!II", len(sent), 58) + sent))
    return b"".join(frame(eth(NAPKIN_MAC, 0x86DD, ip6(44, struct.pack("!BBHI", 58, 0, n * 8 | (n < 3), 0x4E41504B)
                                                       + bytes(msg[n * 8:n * 8 + 8]))), 0) for n in order)


# IPv6 reassembly: whole out of order, and with fragment 1 missing and 3 before 2 (net/lwip/fixes/rx_reass6.c).
seed("fuzz_lwip", echo6_fragments([0, 2, 1, 3]) + wait(10))
seed("fuzz_lwip", echo6_fragments([0, 3, 2]) + wait(10))

seed("fuzz_lwip", frame(arp_reply) + tcp_conversation(7, [b"echo me please", b"and again"]))
seed("fuzz_lwip", frame(arp_reply) + tcp_conversation(9, [b"discard" * 30]) + tcp_conversation(19, []))
iperf_hdr = struct.pack("!IIIIII", 0, 1, 5001, 0xFFFFFC18, 0, 0)
seed("fuzz_lwip", frame(arp_reply) + tcp_conversation(5001, [iperf_hdr, b"0123456789" * 100, b"x" * 1000]))
seed("fuzz_lwip", frame(arp_reply) + tcp_conversation(5001, [struct.pack("!IIIIII", 0x80000001, 1, 5001, 0, 0, 0) + b"y" * 100]))
# An iperf client asking for a test back at once; its SYN-ACK never comes and napkin's SYN times out.
iperf_back = struct.pack("!IIIIII", 0x80000001, 1, 5001, 0xFFFFFC18, 0, 0)
def tcp_open_and_send(port, data):
    syn = tcp(40000 + port, port, 1000, 0, 0x02, opts=b"\x02\x04\x05\xb4")
    ack = tcp(40000 + port, port, 1001, 0, 0x10)
    psh = tcp(40000 + port, port, 1001, 0, 0x18, data)
    return b"".join(frame(eth(NAPKIN_MAC, 0x0800, ip4(6, t)), L_FIX | L_REL_ACK) for t in (syn, ack, psh))
seed("fuzz_lwip", frame(arp_reply) + tcp_open_and_send(5001, iperf_back) + wait(255) * 45)
seed("fuzz_lwip", bytes([2]) + frame(arp_reply) + tcp_conversation(7, [b"busy transmitter"]) + bytes([2, 3]) + frame(arp_req) + bytes([3]))
# Receive bursts with GRO on (op 2 with bit 3): in-order segments of one flow merge, the
# rest (out of order, a retransmission, PSH in the middle, another frame between) break it.
RX_BURST = bytes([2 | 8])
def tcp_seg(port, seq, flags, data=b""):
    return frame(eth(NAPKIN_MAC, 0x0800, ip4(6, tcp(40000 + port, port, seq, 0, flags, data))), L_FIX | L_REL_ACK)
def tcp_open(port):
    return frame(eth(NAPKIN_MAC, 0x0800, ip4(6, tcp(40000 + port, port, 1000, 0, 0x02, opts=b"\x02\x04\x05\xb4"))), L_FIX | L_REL_ACK) + tcp_seg(port, 1001, 0x10)
seed("fuzz_lwip", frame(arp_reply) + tcp_open(9) + RX_BURST + b"".join(tcp_seg(9, 1001 + 100 * i, 0x10, bytes([65 + i]) * 100) for i in range(6))
     + RX_BURST + wait(5) + tcp_seg(9, 1601, 0x11) + wait(5))
seed("fuzz_lwip", frame(arp_reply) + tcp_open(7) + RX_BURST + tcp_seg(7, 1001, 0x10, b"a" * 50) + tcp_seg(7, 1101, 0x10, b"c" * 50)
     + tcp_seg(7, 1051, 0x18, b"b" * 50) + tcp_seg(7, 1001, 0x10, b"a" * 50) + frame(arp_req) + tcp_seg(7, 1151, 0x10, b"d" * 50)
     + wait(1) + tcp_seg(7, 1201, 0x10, b"e" * 50) + RX_BURST + wait(5) + tcp_seg(7, 1251, 0x11) + wait(5))

# The status page on port 80 (three connections at most in the harness): requests whole,
# split, pipelined, too long, unfinished or refused, answers bigger than the peer's window
# acknowledged as they come, JSON answers of a chosen size (op 2 with bit 4) or no memory.
def json_len(n):
    return bytes([2 | 16]) + struct.pack("<H", n // 2)
def http_seg(sport, seq, flags, data=b""):
    return frame(eth(NAPKIN_MAC, 0x0800, ip4(6, tcp(sport, 80, seq, 0, flags, data))), L_FIX | L_REL_ACK)
def http(chunks, sport=41000, acks=4, fin=True):
    syn = tcp(sport, 80, 1000, 0, 0x02, opts=b"\x02\x04\x05\xb4")
    out = frame(eth(NAPKIN_MAC, 0x0800, ip4(6, syn)), L_FIX | L_REL_ACK) + http_seg(sport, 1001, 0x10)
    seq = 1001
    for c in chunks:
        out += http_seg(sport, seq, 0x18, c)
        seq += len(c)
    for _ in range(acks):
        out += wait(2) + http_seg(sport, seq, 0x10)
    return out + (http_seg(sport, seq, 0x11) + wait(5) if fin else b"")
seed("fuzz_lwip", frame(arp_reply) + http([b"GET / HTTP/1.1\r\nHost: napkin\r\n\r\n"], acks=12))
seed("fuzz_lwip", frame(arp_reply) + http([b"GET /stats.json HTTP/1.1\r\n\r\nHEAD / HTTP/1.1\r\n\r\n"
                                           b"GET /nope HTTP/1.1\r\n\r\nGET /log?since=3 HTTP/1.1\r\n\r\n"], acks=8))
seed("fuzz_lwip", frame(arp_reply) + http([b"GE", b"T /log?since=5 HTT", b"P/1.1\r\nConnection: close\r\n\r\n"]))
seed("fuzz_lwip", frame(arp_reply) + http([b"GET / HTTP/1.1\r\nX-Long: " + b"a" * 2100]))
seed("fuzz_lwip", frame(arp_reply) + http([b"GET / HTTP/1.1\r\nHost"], acks=0, fin=False) + wait(255) * 3)
seed("fuzz_lwip", frame(arp_reply) + http([b"POST / HTTP/1.1\r\nContent-Length: 5\r\n\r\nhello"])
     + http([b"\x16\x03\x01 not http\r\n\r\n"], sport=41001))
seed("fuzz_lwip", frame(arp_reply) + b"".join(http([b"GET /stats.json HTTP/1.1\r\n\r\n"], sport=41000 + i, acks=0, fin=False)
                                              for i in range(4)) + wait(10))
seed("fuzz_lwip", frame(arp_reply) + json_len(120000) + http([b"GET /stats.json HTTP/1.1\r\n\r\n"], acks=20)
     + json_len(0) + http([b"GET /log HTTP/1.1\r\n\r\nHEAD /stats.json HTTP/1.1\r\n\r\n"], sport=41001))
# A peer that never acknowledges the page (send stall), one silent after its answer (idle
# close), and pipelined requests past the buffer while one is whole (lwIP keeps the rest).
seed("fuzz_lwip", frame(arp_reply) + json_len(120000) + http([b"GET /stats.json HTTP/1.1\r\n\r\n" * 4], acks=0, fin=False) + wait(255) * 3)
seed("fuzz_lwip", frame(arp_reply) + http([b"GET /nope HTTP/1.1\r\n\r\n"], acks=1, fin=False) + wait(255) * 7)
seed("fuzz_lwip", frame(arp_reply) + http([b"GET /nope HTTP/1.1\r\n\r\n" * 3, b"GET /stats.json HTTP/1.1\r\n\r\n" * 80], acks=40))
# Answers bigger than lwIP's send buffer, written as the peer acknowledges; a method not served.
seed("fuzz_lwip", frame(arp_reply) + json_len(120000) + http([b"GET /stats.json HTTP/1.1\r\n\r\n" * 4], acks=60))
seed("fuzz_lwip", frame(arp_reply) + http([b"DELETE / HTTP/1.1\r\n\r\n"]))
# /metrics streamed in chunks: a scrape larger than lwIP's send buffer, pipelined behind
# another; HTTP/1.0 (no chunks, the close ends it); HEAD; no memory for the chunk buffer;
# a peer that stops acknowledging in the middle of the stream.
seed("fuzz_lwip", frame(arp_reply) + json_len(120000) + http([b"GET /metrics HTTP/1.1\r\n\r\n" * 2], acks=60))
seed("fuzz_lwip", frame(arp_reply) + http([b"GET /metrics HTTP/1.0\r\n\r\n"], acks=8)
     + http([b"HEAD /metrics HTTP/1.1\r\n\r\n"], sport=41001) + json_len(0)
     + http([b"GET /metrics HTTP/1.1\r\n\r\n"], sport=41002))
seed("fuzz_lwip", frame(arp_reply) + json_len(120000) + http([b"GET /metrics HTTP/1.1\r\n\r\n"], acks=2, fin=False) + wait(255) * 3)

# IPv6: neighbour solicitation, echo, a router advertisement with a prefix, a TCP connection, a fragment.
ns = bytes([135, 0, 0, 0, 0, 0, 0, 0]) + NAPKIN_LL + bytes([1, 1]) + PEER_MAC
seed("fuzz_lwip", frame(eth(NAPKIN_MAC, 0x86DD, ip6(58, ns, hop=255))))
echo6 = struct.pack("!BBHHH", 128, 0, 0, 3, 1) + b"v6 ping"
seed("fuzz_lwip", frame(eth(NAPKIN_MAC, 0x86DD, ip6(58, echo6))) + frame(eth(NAPKIN_MAC, 0x86DD, ip6(58, bytes([136, 0, 0, 0, 0x60, 0, 0, 0]) + PEER_LL + bytes([2, 1]) + PEER_MAC, hop=255))))
ra = bytes([134, 0, 0, 0, 64, 0, 0x07, 0x08]) + bytes(8) + bytes([1, 1]) + PEER_MAC + \
    bytes([3, 4, 64, 0xC0]) + struct.pack("!II", 86400, 14400) + bytes(4) + bytes.fromhex("fd000000000000010000000000000000") + \
    bytes([5, 1, 0, 0]) + struct.pack("!I", 1500)
seed("fuzz_lwip", frame(eth(b"\x33\x33\x00\x00\x00\x01", 0x86DD, ip6(58, ra, dst=bytes.fromhex("ff020000000000000000000000000001"), hop=255))) + wait(50))
seed("fuzz_lwip", tcp_conversation(7, [b"six"], v6=True))
frag6 = bytes([58, 0, 0, 0]) + struct.pack("!I", 1234) + echo6
seed("fuzz_lwip", frame(eth(NAPKIN_MAC, 0x86DD, ip6(44, frag6)), 0) + frame(eth(NAPKIN_MAC, 0x86DD, ip6(44, bytes([58, 0, 0, 8]) + struct.pack("!I", 1234) + b"tail!!!!")), 0))

# DHCP on eth1: an offer and an ack for napkin's own transaction id.
def dhcp(msg_type, yiaddr=bytes([10, 0, 1, 5]), lease=3600):
    server = bytes([10, 0, 1, 1])
    bootp = struct.pack("!BBBBIHH", 2, 1, 6, 0, 0, 0, 0) + bytes(4) + yiaddr + server + bytes(4) + NAPKIN_MAC1 + bytes(10) + bytes(192)
    opts = b"\x63\x82\x53\x63" + bytes([53, 1, msg_type, 54, 4]) + server + bytes([51, 4]) + struct.pack("!I", lease) + bytes([1, 4, 255, 255, 255, 0, 3, 4]) + server + bytes([6, 4]) + server + b"\xff"
    u = udp(67, 68, bootp + opts)
    return frame(eth(BCAST, 0x0800, ip4(17, u, src=server, dst=b"\xff" * 4, frag=0)), L_FIX | L_XID, dev=1)
seed("fuzz_lwip", wait(200) + dhcp(2) + wait(10) + dhcp(5) + wait(10))
seed("fuzz_lwip", wait(200) + dhcp(2) + wait(10) + dhcp(6))
# An iperf connection to eth1's leased address (60 s), then the server refuses the renewal at
# T1 (DHCPNAK): lwIP aborts the connections bound to the address.
DHCP_IP = bytes([10, 0, 1, 5])
arp_reply1 = eth(NAPKIN_MAC1, 0x0806, struct.pack("!HHBBH", 1, 0x0800, 6, 4, 2) + PEER_MAC + bytes([10, 0, 1, 1]) + NAPKIN_MAC1 + DHCP_IP)
def tcp_on_eth1(port, data):
    out = b""
    for flags, seq, payload in ((0x02, 1000, b""), (0x10, 1001, b""), (0x18, 1001, data)):
        t = tcp(40000 + port, port, seq, 0, flags, payload)
        out += frame(eth(NAPKIN_MAC1, 0x0800, ip4(6, t, src=bytes([10, 0, 1, 1]), dst=DHCP_IP)), L_FIX | L_REL_ACK, dev=1)
    return out
def iperf_more_eth1(seq, head=b""):
    """2.55 s pass, then 10 more bytes: iperf's idle timeout (10 s) never fires."""
    t = tcp(45001, 5001, seq, 0, 0x18, head + b"0123456789")
    return wait(255) + frame(eth(NAPKIN_MAC1, 0x0800, ip4(6, t, src=bytes([10, 0, 1, 1]), dst=DHCP_IP)), L_FIX | L_REL_ACK, dev=1)
seed("fuzz_lwip", wait(200) + dhcp(2) + wait(10) + dhcp(5, lease=60) + wait(250) + frame(arp_reply1, L_FIX, dev=1)
     + tcp_on_eth1(5001, iperf_hdr) + iperf_more_eth1(1025, iperf_hdr) + b"".join(iperf_more_eth1(1059 + 10 * i) for i in range(15)) + dhcp(6) + wait(10))
seed("fuzz_lwip", frame(b"\x02\x00", 0) + frame(eth(NAPKIN_MAC, 0x0800, b"\x45"), 0) + frame(eth(NAPKIN_MAC, 0x0800, ip4(6, b"")[:30]), L_SEGS2 | 2))


# ---- fuzz_http: what a peer sends the web status server ----
for req in (b"GET / HTTP/1.1\r\nHost: napkin\r\n\r\n",
            b"HEAD /stats.json HTTP/1.1\r\nConnection: keep-alive\r\n\r\nGET /log?since=42 HTTP/1.0\n\n",
            b"GET /log?x=1&since=18446744073709551617 HTTP/1.1\r\nConnection: Close\r\nContent-Length:  0\r\n\r\n",
            b"POST /stats.json HTTP/1.1\r\nContent-Length: 5\r\n\r\nhello",
            b"GET /index.html HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n",
            b"GET /nothing HTTP/2\r\n\r\nGET  HTTP/1.1\r\n\r\n\n\n"):
    seed("fuzz_http", req)


# ---- fuzz_pci: functions as [bus][devfn][6 BAR log2 sizes][u16 len][config]; see fuzz_pci.c ----
def pci_cfg(vendor, device, cls, hdr=0, bars=(), caps=(), irq_pin=1, status_caps=True):
    c = bytearray(256)
    struct.pack_into("<HHHH", c, 0, vendor, device, 0x0006, 0x0010 if status_caps and caps else 0)
    c[9:12] = struct.pack("<I", cls)[:3]
    c[14] = hdr
    for i, v in bars:
        struct.pack_into("<I", c, 0x10 + 4 * i, v)
    off = 0x40
    if caps:
        c[0x34] = off
    for n, (cid, body) in enumerate(caps):
        nxt = off + 4 + len(body) + (-(len(body)) % 4) if n + 1 < len(caps) else 0
        c[off], c[off + 1] = cid, nxt
        c[off + 2:off + 2 + len(body)] = body
        off = nxt
    c[0x3d] = irq_pin
    return bytes(c)
def pci_fn(bus, dev, fn, cfg, bar_log2=(0,) * 6):
    return bytes([bus, dev << 3 | fn]) + bytes(bar_log2) + struct.pack("<H", len(cfg)) + cfg
msi = (0x05, struct.pack("<HIIH", 0x0086, 0, 0, 0))                   # 8 vectors, 64-bit
msix = (0x11, struct.pack("<HII", 0x0007, 0x00000000, 0x00002000))    # 8 entries, table BAR0
pm = (0x01, struct.pack("<HH", 0x0003, 0))
seed("fuzz_pci", b"\x00" + pci_fn(0, 3, 0, pci_cfg(0x8086, 0x100e, 0x020000, bars=[(0, 0xfebc0000), (1, 0xc001)], caps=[pm, msi]), (17, 6, 0, 0, 0, 0)))
seed("fuzz_pci", b"\x01" + pci_fn(0, 4, 0, pci_cfg(0x1af4, 0x1041, 0x020000, bars=[(0, 0xfebf0000), (2, 0x0000000c), (3, 0x8)], caps=[msix, msi, pm]), (14, 0, 14, 0, 0, 0)))
bridge = bytearray(pci_cfg(0x8086, 0x244e, 0x060400, hdr=1))
bridge[0x18:0x1b] = bytes([0, 1, 1])
seed("fuzz_pci", b"\x00" + pci_fn(0, 30, 0, bytes(bridge)) + pci_fn(1, 0, 0, pci_cfg(0x14e4, 0x1657, 0x020000, hdr=0x80, bars=[(0, 0xfe000004)], caps=[msi]), (16, 0, 0, 0, 0, 0))
     + pci_fn(1, 0, 1, pci_cfg(0x14e4, 0x1657, 0x020000, bars=[(0, 0xfe010004)], caps=[msix]), (16, 0, 0, 0, 0, 0)))
loop = bytearray(pci_cfg(0x11ab, 0x4362, 0x020000, caps=[pm, msi]))
loop[0x49] = 0x40  # the MSI capability points back at the first
seed("fuzz_pci", b"\x00" + pci_fn(0, 5, 0, bytes(loop)) + pci_fn(0, 5, 0, pci_cfg(0x11ab, 0x4362, 0x020000)))


# ---- fuzz_tg3, fuzz_sky2, fuzz_skge: records [op][...]; see tests/fuzz/fuzz_nic.h ----
def nic_frame(data):
    return bytes([0]) + struct.pack("<H", len(data)) + data


def nic_edit_rx(*edits):
    return bytes([1, len(edits)]) + b"".join(bytes(e) for e in edits)


def nic_edit_status(*edits):
    return bytes([2, len(edits)]) + b"".join(bytes(e) for e in edits)


def nic_wait(n):
    return bytes([3, n])


NIC_HOLD = bytes([7])
NIC_ECHO = bytes([11])


def nic_seeds(harness, mac, variants):
    udp_frame = eth(mac, 0x0800, ip4(17, udp(1000, 2000, bytes(range(64)))))
    tcp_frame = eth(mac, 0x0800, ip4(6, tcp(1, 2, 3, 4, 0x18, b"tcp payload" * 20)))
    bcast = eth(BCAST, 0x0806, arp_req[14:])
    for v in range(variants):
        seed(harness, bytes([v]) + nic_frame(udp_frame) + nic_frame(tcp_frame) + nic_frame(bcast) + nic_wait(50))
    seed(harness, b"\x00" + b"".join(nic_frame(udp_frame) for _ in range(8)) + nic_frame(bytes(1514)) + nic_frame(b"\x01" * 20))
    seed(harness, b"\x01" + nic_edit_rx((0, 0xFF), (4, 0x10)) + nic_frame(udp_frame) + nic_frame(tcp_frame) + nic_wait(10))
    seed(harness, b"\x01" + nic_edit_rx((8, 0x80), (9, 0x7F)) + nic_frame(udp_frame) + nic_edit_rx((12, 0x3C)) + nic_frame(tcp_frame))
    seed(harness, b"\x01" + nic_edit_status((4, 0x40), (2, 0x01)) + nic_frame(udp_frame) + nic_edit_status((6, 0xFF)) + nic_frame(udp_frame) + nic_wait(20))
    seed(harness, b"\x01" + NIC_HOLD + b"".join(nic_frame(tcp_frame) for _ in range(40)) + NIC_HOLD + nic_wait(100))
    for v in range(variants):
        seed(harness, bytes([v]) + NIC_ECHO + nic_frame(udp_frame) + nic_frame(tcp_frame) + nic_frame(bcast[:20]) + nic_wait(50)
             + b"".join(nic_frame(udp_frame) for _ in range(30)) + nic_wait(100))
    seed(harness, b"\x00" + NIC_ECHO + nic_frame(udp_frame) + nic_wait(20) + nic_edit_status((4, 0x01), (5, 0x02))
         + nic_frame(tcp_frame) + nic_frame(udp_frame) + nic_wait(200) + NIC_HOLD + nic_frame(udp_frame) + NIC_ECHO
         + nic_frame(tcp_frame) + nic_wait(10))


nic_seeds("fuzz_tg3", bytes([0x00, 0x10, 0x18, 0x5A, 0x19, 0x01]), 2)
nic_seeds("fuzz_sky2", bytes([0x00, 0x00, 0x5A, 0x11, 0x22, 0x01]), 5)
nic_seeds("fuzz_skge", bytes([0x00, 0x00, 0x5A, 0x11, 0x22, 0x33]), 2)


def main():
    top = sys.argv[1] if len(sys.argv) > 1 else "tests/fuzz/corpus"
    for harness, inputs in SEEDS.items():
        d = os.path.join(top, harness)
        os.makedirs(d, exist_ok=True)
        for old in os.listdir(d):
            if old.startswith("seed-"):
                os.unlink(os.path.join(d, old))
        for data in inputs:
            name = "seed-" + hashlib.sha1(data).hexdigest()[:16]
            with open(os.path.join(d, name), "wb") as f:
                f.write(data)


if __name__ == "__main__":
    main()
