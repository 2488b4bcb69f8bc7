// SPDX-License-Identifier: BSD-2-Clause
/*
 * Keeping lwIP's send segment size from shrinking under data it has queued.
 * tcp_write() sizes new segments by the smaller of the connection's MSS and
 * half the largest window the peer ever offered, and asserts ("mss_local is
 * too small") when that size falls below the last segment it queued: on
 * napkin a panic. Two things a peer can do make it fall:
 *
 * - An MSS option outside the handshake. A peer announces its MSS in its SYN,
 *   and only there (RFC 9293, 3.7.1), but lwIP takes an MSS option from any
 *   segment of a connection (a plain ACK, or a SYN it will reject). Where a
 *   connection does not learn its MSS (anything but the SYN to a listening
 *   port and the SYN-ACK answering ours) the option's four bytes become NOPs
 *   before lwIP reads them (the checksum is checked already) and the segment
 *   goes in, as other stacks ignore it.
 * - An opening window of 0 or 1 bytes. Half of it is 0, so lwIP falls back to
 *   the full MSS; when the peer later opens its window to a few hundred bytes
 *   the size drops to half of that. Found by tests/fuzz/fuzz_lwip.c: a SYN
 *   with window 1 to the chargen port, then a window of 256, and chargen's
 *   next write asserted. lwIP reads the largest window only for this sizing,
 *   so the glue records one of two full segments instead of the 0 or 1 byte,
 *   the size lwIP used for it anyway; a real window still limits what is sent.
 *
 * Both are counted (`mem` in the shell). Tested by test_lwip_glue's
 * test_tcp_peer_cannot_shrink_send_size and fuzz_lwip's replay of
 * crash-tcp-mss-option-outside-handshake and
 * crash-tcp-opening-window-1-then-256-shrinks-segments (tests/fuzz/corpus/).
 */
#include "kernel/console/printk.h"
#include "lwip/priv/tcp_priv.h"
#include "lwip/tcp.h"
#include "net/lwip/glue.h"
#include "lwip_hooks.h"

#define TCP_OPT_EOL	0
#define TCP_OPT_NOP	1
#define TCP_OPT_MSS	2
#define TCP_OPT_MSS_LEN 4

u64 glue_tcp_mss_ignored, glue_tcp_tiny_window;

/* Option byte i of the segment: the first opt1len in the header's pbuf, the rest at opt2. */
static u8 *opt_byte(struct tcp_hdr *hdr, u16 opt1len, u8 *opt2, u16 i)
{
	return i < opt1len ? (u8 *)(hdr + 1) + i : opt2 + (i - opt1len);
}

static bool mss_option_expected(const struct tcp_pcb *pcb, const struct tcp_hdr *hdr)
{
	return (TCPH_FLAGS(hdr) & TCP_SYN) && (pcb->state == LISTEN || pcb->state == SYN_SENT);
}

static void mss_option_blank(const struct tcp_pcb *pcb, struct tcp_hdr *hdr, u16 optlen,
			     u16 opt1len, u8 *opt2)
{
	u16 i = 0;

	while (i < optlen) {
		u8 kind = *opt_byte(hdr, opt1len, opt2, i), len;

		if (kind == TCP_OPT_EOL)
			return;
		if (kind == TCP_OPT_NOP) {
			i++;
			continue;
		}
		/* A bare kind byte at the end was dropped before (rx_tcpopt.c) where it could be. */
		if (i + 1 >= optlen)
			return;
		len = *opt_byte(hdr, opt1len, opt2, (u16)(i + 1));
		if (len < 2 || i + len > optlen)
			return; /* lwIP stops reading here too */
		if (kind == TCP_OPT_MSS && len == TCP_OPT_MSS_LEN) {
			for (u16 k = 0; k < TCP_OPT_MSS_LEN; k++)
				*opt_byte(hdr, opt1len, opt2, (u16)(i + k)) = TCP_OPT_NOP;
			glue_tcp_mss_ignored++;
			WARN_ONCE(true,
				  "lwip: ignoring an MSS option outside the handshake (port %u, "
				  "state %d)\n",
				  pcb->local_port, (int)pcb->state);
		}
		i = (u16)(i + len);
	}
}

void glue_rx_tcp_mss_guard(struct tcp_pcb *pcb, struct tcp_hdr *hdr, u16 optlen, u16 opt1len,
			   u8 *opt2)
{
	if (optlen && !mss_option_expected(pcb, hdr))
		mss_option_blank(pcb, hdr, optlen, opt1len, opt2);
	/*
	 * From SYN_RCVD on, the peer's opening window is in snd_wnd_max (LISTEN has
	 * none; in SYN_SENT lwIP sets it from the SYN-ACK after this hook).
	 */
	if (pcb->state >= SYN_RCVD && pcb->snd_wnd_max < 2) {
		pcb->snd_wnd_max = 2u * pcb->mss;
		glue_tcp_tiny_window++;
	}
}
