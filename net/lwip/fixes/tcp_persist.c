// SPDX-License-Identifier: BSD-2-Clause
/*
 * lwIP's persist timer outliving the data it was for. With the peer's window
 * closed, lwIP probes it with the first byte of its unsent queue. A peer may
 * accept that byte and still keep the window at zero; when the byte was all
 * the queue held (a one-byte echo, say), lwIP frees the acknowledged segment
 * and leaves the persist timer running over an empty queue, and its next slow
 * timer asserts ("persist ticking with empty send buffer", tcp.c). Any peer
 * can do this at will, and on napkin an assertion is a panic.
 *
 * The TCP input hook notes a segment for a connection whose persist timer
 * runs; before lwIP's timers next run, each connection with nothing left to
 * send has its timer stopped, as tcp_output() stops it once the window no
 * longer holds data back. Nothing waits for the window, so nothing is lost.
 * Found by tests/fuzz/fuzz_lwip.c; tested by its replay of
 * crash-tcp-persist-timer-over-empty-queue (tests/fuzz/corpus/fuzz_lwip/).
 */
#include "kernel/console/printk.h"
#include "lwip/priv/tcp_priv.h"
#include "lwip/tcp.h"
#include "net/lwip/glue.h"
#include "lwip_hooks.h"

u64 glue_tcp_persist_stopped;
static bool persist_input_seen;

void glue_tcp_persist_note(const struct tcp_pcb *pcb)
{
	/* A listener is a smaller struct: only the common fields may be read. */
	if (pcb->state != LISTEN && pcb->persist_backoff)
		persist_input_seen = true;
}

void glue_tcp_persist_repair(void)
{
	if (likely(!persist_input_seen))
		return;
	persist_input_seen = false;
	for (struct tcp_pcb *pcb = tcp_active_pcbs; pcb; pcb = pcb->next) {
		if (!pcb->persist_backoff || pcb->unsent)
			continue;
		WARN_ONCE(true,
			  "lwip: stopping a persist timer with nothing left to send (port %u)\n",
			  pcb->local_port);
		pcb->persist_backoff = 0;
		glue_tcp_persist_stopped++;
	}
}
