// SPDX-License-Identifier: BSD-2-Clause
/*
 * TCP segments lwIP would assert on. When a segment starts before rcv_nxt
 * and reaches past it, lwIP trims the part already received, and asserts
 * that the part is under 64 KiB ("insane offset!"). Sequence numbers compare
 * modulo 2^32, so a segment of one sequence number (one byte, or a bare SYN
 * or FIN) whose seqno lies exactly 2^31 from rcv_nxt passes lwIP's "starts
 * before and reaches past" test while its offset is 2^31: an assertion any
 * peer on the path can trigger, and on napkin an assertion is a panic. Such
 * a segment is as far outside the window as a sequence number can be, so it
 * is dropped here, before lwIP sees it, and counted with lwIP's TCP drops.
 * Found by tests/fuzz/fuzz_lwip.c; tested by its replay of
 * crash-tcp-seq-2pow31-behind-rcv-nxt (tests/fuzz/corpus/fuzz_lwip/).
 */
#include "kernel/console/printk.h"
#include "lwip/priv/tcp_priv.h"
#include "lwip/stats.h"
#include "lwip/tcp.h"
#include "net/lwip/glue.h"
#include "lwip_hooks.h"

s8 glue_rx_tcp_seq_ok(const struct tcp_pcb *pcb, const struct tcp_hdr *hdr, const struct pbuf *p)
{
	u32 seqno = hdr->seqno; /* tcp_input has put it in host order */
	u32 tcplen = p->tot_len + ((TCPH_FLAGS(hdr) & (TCP_SYN | TCP_FIN)) ? 1u : 0u);

	/* Only these states trim received data (tcp_receive); LISTEN's rcv_nxt means nothing. */
	if (pcb->state < SYN_RCVD || pcb->state >= CLOSE_WAIT || !tcplen)
		return ERR_OK;
	if (!TCP_SEQ_BETWEEN(pcb->rcv_nxt, seqno + 1, seqno + tcplen - 1) ||
	    pcb->rcv_nxt - seqno < 0xffff)
		return ERR_OK;
	WARN_ONCE(true,
		  "lwip: dropping a TCP segment %u sequence numbers behind rcv_nxt (port %u)\n",
		  pcb->rcv_nxt - seqno, pcb->local_port);
	TCP_STATS_INC(tcp.drop);
	return ERR_VAL;
}
