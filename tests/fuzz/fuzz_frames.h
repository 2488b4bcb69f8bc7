/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Frame surgery for the network fuzz harness: reading what napkin sent (its
 * next TCP sequence number, its DHCP transaction id), patching a fuzzed frame
 * so it can get past the checks random bytes never pass, and building the
 * resets that end an input's connections. Every function takes the frame's
 * length and leaves a frame too short for the field alone.
 */
#ifndef NAPKIN_TESTS_FUZZ_FRAMES_H
#define NAPKIN_TESTS_FUZZ_FRAMES_H

#include "kernel/core/compiler.h"

/* Updates *tcp_next_seq and *dhcp_xid when the frame napkin sent carries them. */
void frames_note_tx(const u8 *f, size_t len, u32 *tcp_next_seq, u32 *dhcp_xid);

/* A TCP segment's acknowledgement number becomes base + the number it held. */
void frames_offset_tcp_ack(u8 *f, size_t len, u32 base);

/* A BOOTP/DHCP message (UDP to port 68) gets the transaction id xid. */
void frames_set_dhcp_xid(u8 *f, size_t len, u32 xid);

/* Correct IPv4 header, TCP, UDP, ICMP and ICMPv6 checksums, as far as the frame holds them. */
void frames_fix_checksums(u8 *f, size_t len);

/* One end of a TCP connection, addresses in wire order. */
struct frames_tcp_tuple {
	bool v6;
	u8 local_mac[6];
	u8 local_ip[16], remote_ip[16];
	u16 local_port, remote_port;
	u32 seq; /* what napkin expects next from the peer */
	u32 ack; /* napkin's next sequence number: the RST acknowledges it (SYN_SENT needs that) */
};

/* A RST from the peer for t, into f (128 bytes suffice); returns its length. */
u32 frames_build_rst(u8 *f, const struct frames_tcp_tuple *t);

#endif
