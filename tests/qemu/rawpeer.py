# SPDX-License-Identifier: BSD-2-Clause
"""Raw Ethernet peer for NIC tests that need no network stack in the guest.

Run inside the test's network namespace (it needs CAP_NET_RAW):

    rawpeer.py send IFACE DST_MAC COUNT [ETHERTYPE]   send COUNT numbered frames
    rawpeer.py capture IFACE SECONDS [ETHERTYPE]      print frames seen as JSON lines,
                                                      after a first line {"ready": true}

Frames sent carry "napkin rawpeer" and a sequence number, so a receiver can
tell them apart from anything else on the link.
"""
import json
import socket
import struct
import sys
import time

ETH_P_ALL = 0x0003
DEFAULT_ETHERTYPE = 0x88B5  # IEEE local experimental


def mac_bytes(text: str) -> bytes:
    return bytes(int(x, 16) for x in text.split(":"))


def send(iface: str, dst: str, count: int, ethertype: int) -> None:
    s = socket.socket(socket.AF_PACKET, socket.SOCK_RAW)
    s.bind((iface, 0))
    src = s.getsockname()[4][:6]
    for seq in range(count):
        payload = b"napkin rawpeer" + struct.pack("!I", seq)
        frame = mac_bytes(dst) + src + struct.pack("!H", ethertype) + payload
        s.send(frame.ljust(60, b"\0"))
        # Pace a little so a slow TCG guest sees separate interrupts, not one burst.
        time.sleep(0.002)
    print(json.dumps({"sent": count}))


def capture(iface: str, seconds: float, ethertype: int | None) -> None:
    s = socket.socket(socket.AF_PACKET, socket.SOCK_RAW, socket.htons(ETH_P_ALL))
    s.bind((iface, 0))
    s.settimeout(0.2)
    print(json.dumps({"ready": True}), flush=True)  # bound: nothing sent from now is missed
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            data, addr = s.recvfrom(65535)
        except socket.timeout:
            continue
        if addr[2] == socket.PACKET_OUTGOING:
            continue
        etype = struct.unpack("!H", data[12:14])[0]
        if ethertype is not None and etype != ethertype:
            continue
        print(json.dumps({"dst": data[0:6].hex(":"), "src": data[6:12].hex(":"),
                          "type": etype, "hex": data.hex()}), flush=True)


def main(argv: list[str]) -> int:
    if len(argv) >= 5 and argv[1] == "send":
        send(argv[2], argv[3], int(argv[4]),
             int(argv[5], 0) if len(argv) > 5 else DEFAULT_ETHERTYPE)
        return 0
    if len(argv) >= 4 and argv[1] == "capture":
        capture(argv[2], float(argv[3]), int(argv[4], 0) if len(argv) > 4 else None)
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
