#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Clear the video-mode request in an image's Multiboot1 header, in place.

QEMU's -kernel loader sets no video modes and prints an error when the
header asks for one; the -kernel copy of napkin therefore drops the request
(the screen stays in text mode there, which kernel/console/vga.c mirrors).
"""
import struct
import sys

MB1_MAGIC = 0x1BADB002
MB1_VIDEO = 1 << 2
SEARCH = 8192  # the header must sit in the image's first 8 KiB


def main(path: str) -> int:
    with open(path, "r+b") as f:
        head = bytearray(f.read(SEARCH))
        for off in range(0, len(head) - 12, 4):
            magic, flags, check = struct.unpack_from("<III", head, off)
            if magic == MB1_MAGIC and (magic + flags + check) & 0xFFFFFFFF == 0:
                flags &= ~MB1_VIDEO
                struct.pack_into("<II", head, off + 4, flags, (-(magic + flags)) & 0xFFFFFFFF)
                f.seek(off + 4)
                f.write(head[off + 4:off + 12])
                return 0
    print(f"{path}: no Multiboot1 header in the first {SEARCH} bytes", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
