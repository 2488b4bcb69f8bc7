// SPDX-License-Identifier: BSD-2-Clause
/*
 * Ending the services' connections, around two hazards of lwIP 2.1's raw API.
 *
 * A close from a sent callback, which must not lose a receive buffer:
 * lwIP 2.1's tcp_input() handles a segment's acknowledgement (the sent
 * callback) before it hands the same segment's data to the receive callback.
 * When the sent callback aborts the connection, or closes it while data is
 * unread (which lwIP turns into a reset and a delayed free), tcp_input()
 * leaves through its "aborted" path and forgets that data without freeing
 * it. A peer that acknowledged an answer with a segment carrying bytes could
 * so make a service close and leak one receive buffer per connection (a
 * driver's zero-copy buffer on real hardware); fuzz_lwip found it on the
 * status page (docs/RELIABILITY.md).
 *
 * So a sent callback runs inside service_sent_begin()/service_callback_end(),
 * and a close or abort asked for in between is carried out once lwIP is done
 * with the segment: by the receive callback if the segment brings data or a
 * FIN (it owns the data then), else by the loop hook below in the same loop
 * round. Until then the connection has none of the service's callbacks, so
 * nothing reaches the service's freed state.
 *
 * A close while lwIP re-offers data the service refused earlier (a receive
 * callback returning ERR_MEM; tcp_input() does it before the new segment,
 * tcp_fasttmr() on its own): lwIP reads the connection after that callback
 * whatever it returns, so ending it there is a use after free. Such a
 * receive callback runs inside service_recv_begin()/service_callback_end(),
 * and an end asked for there waits for the loop hook too.
 *
 * A close that lwIP turns into an immediate free: see close_frees_at_once().
 */
#define pr_fmt(fmt) "services: " fmt

#include "kernel/core/loop.h"
#include "lwip/priv/tcp_priv.h"
#include "net/services/listen.h"

static struct tcp_pcb *in_callback; /* whose callback runs where an end must wait */
static bool ends_waiting;	    /* some connection waits for the loop hook to end it */

static void detach(struct tcp_pcb *pcb)
{
	tcp_arg(pcb, NULL);
	tcp_recv(pcb, NULL);
	tcp_sent(pcb, NULL);
	tcp_err(pcb, NULL);
	tcp_poll(pcb, NULL, 0);
}

/*
 * lwIP's tcp_close() resets a connection whose received data is not all read
 * and frees it at once, unless tcp_input() is delivering a segment to it
 * (then after the callback), and still returns ERR_OK. When lwIP itself
 * called the service some other way (re-offering data the service refused
 * earlier, a poll), it goes on using the freed connection. Abort instead:
 * the peer sees the same reset, and ERR_ABRT tells lwIP the connection is gone.
 */
static bool close_frees_at_once(const struct tcp_pcb *pcb)
{
	return pcb != tcp_input_pcb && (pcb->state == ESTABLISHED || pcb->state == CLOSE_WAIT) &&
	       (pcb->refused_data || pcb->rcv_wnd != TCP_WND_MAX(pcb));
}

static err_t close_now(struct tcp_pcb *pcb)
{
	detach(pcb);
	if (!close_frees_at_once(pcb) && tcp_close(pcb) == ERR_OK)
		return ERR_OK;
	tcp_abort(pcb);
	return ERR_ABRT;
}

static err_t abort_now(struct tcp_pcb *pcb)
{
	detach(pcb);
	tcp_abort(pcb);
	return ERR_ABRT;
}

/*
 * The receive callbacks of a connection waiting to be ended: the data is
 * dropped, and the end done when tcp_input() is delivering to it; anything
 * else (lwIP re-offering refused data) leaves it to the loop hook.
 */
static bool may_end_here(struct tcp_pcb *pcb, struct pbuf *p)
{
	if (p) {
		tcp_recved(pcb, p->tot_len);
		pbuf_free(p);
	}
	if (pcb == tcp_input_pcb)
		return true;
	ends_waiting = true;
	return false;
}

static err_t recv_then_close(void *arg, struct tcp_pcb *pcb, struct pbuf *p, err_t err)
{
	return may_end_here(pcb, p) ? close_now(pcb) : ERR_OK;
}

static err_t recv_then_abort(void *arg, struct tcp_pcb *pcb, struct pbuf *p, err_t err)
{
	return may_end_here(pcb, p) ? abort_now(pcb) : ERR_OK;
}

static err_t end_later(struct tcp_pcb *pcb, tcp_recv_fn how)
{
	detach(pcb);
	tcp_recv(pcb, how);
	ends_waiting = true;
	return ERR_OK; /* the connection is still lwIP's to use after the callback */
}

void service_sent_begin(struct tcp_pcb *pcb)
{
	in_callback = pcb;
}

void service_recv_begin(struct tcp_pcb *pcb)
{
	/* Delivering a segment, tcp_input() leaves a closed connection alone. */
	if (pcb != tcp_input_pcb)
		in_callback = pcb;
}

err_t service_callback_end(err_t err)
{
	in_callback = NULL;
	return err;
}

err_t service_tcp_close(struct tcp_pcb *pcb)
{
	if (pcb == in_callback)
		return end_later(pcb, recv_then_close);
	return close_now(pcb);
}

err_t service_tcp_abort(struct tcp_pcb *pcb)
{
	if (pcb == in_callback)
		return end_later(pcb, recv_then_abort);
	return abort_now(pcb);
}

/* After the round's packets: end the connections no later segment ended. */
static u64 tcp_end_run(u64 now_ns)
{
	struct tcp_pcb *pcb, *next;

	if (!ends_waiting)
		return UINT64_MAX;
	ends_waiting = false;
	for (pcb = tcp_active_pcbs; pcb; pcb = next) {
		next = pcb->next; /* ending unlinks pcb */
		if (pcb->recv == recv_then_close)
			close_now(pcb);
		else if (pcb->recv == recv_then_abort)
			abort_now(pcb);
	}
	return UINT64_MAX;
}

static struct loop_hook tcp_end_hook = { .name = "tcp-end", .run = tcp_end_run };

void service_tcp_end_init(void)
{
	loop_add_hook(&tcp_end_hook);
}
