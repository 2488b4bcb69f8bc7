// SPDX-License-Identifier: BSD-2-Clause
/*
 * Admission of new TCP connections on the SYN; the rules are in admission.h.
 *
 * This runs inside tcp_input() once the segment has matched a listening PCB
 * and before tcp_listen_input() allocates anything for it. lwIP's comment on
 * the hook forbids changing PCB lists there; that is about the PCB being
 * delivered to. Here no list walk of tcp_input() is in progress any more
 * (the listener was found, no active PCB matched), and freeing a TIME_WAIT
 * or SYN_RCVD PCB is what tcp_alloc() itself does at the same point when its
 * pool is empty.
 */
#define pr_fmt(fmt) "net: " fmt

#include "lwip/priv/tcp_priv.h"
#include "lwip/prot/tcp.h"
#include "lwip/stats.h"
#include "lwip/tcp.h"
#include "net/lwip/admission.h"
#include "net/lwip/capacity.h"

static struct lwip_admission *admissions;
static struct lwip_admission_stats stats;

void lwip_admission_register(struct lwip_admission *a)
{
	if (!a->limit)
		a->limit = lwip_capacity()->tcp_conns;
	/* A service started again (hosted tests restart the stack) stays listed once. */
	for (struct lwip_admission *x = admissions; x; x = x->next) {
		if (x == a)
			return;
	}
	a->next = admissions;
	admissions = a;
}

void lwip_admission_opened(struct lwip_admission *a)
{
	a->active++;
	if (a->active > a->active_hwm)
		a->active_hwm = a->active;
}

void lwip_admission_closed(struct lwip_admission *a)
{
	if (a->active)
		a->active--;
}

struct lwip_admission *lwip_admission_find(u16 port)
{
	for (struct lwip_admission *a = admissions; a; a = a->next) {
		if (a->port == port)
			return a;
	}
	return NULL;
}

struct lwip_admission *lwip_admission_first(void)
{
	return admissions;
}

void lwip_admission_get_stats(struct lwip_admission_stats *out)
{
	*out = stats;
}

u32 lwip_admission_timewait_count(void)
{
	u32 n = 0;

	for (struct tcp_pcb *pcb = tcp_tw_pcbs; pcb; pcb = pcb->next)
		n++;
	return n;
}

static u32 tcp_pcbs_in_use(void)
{
	return lwip_stats.memp[MEMP_TCP_PCB]->used;
}

/*
 * A half-open connection this many lwIP slow ticks (500 ms each) without a
 * word from its peer is taken for a flood's: a real client's handshake
 * completes within a round trip. Younger ones are never recycled, so a burst
 * of real clients larger than net.tcp_half_open sees SYNs dropped (and
 * retried), never a reset.
 */
#define HALF_OPEN_STALE_TICKS 2

/*
 * The PCB of list that has waited longest, among those listener accepts
 * (NULL: any), and at least min_age slow ticks old.
 */
static struct tcp_pcb *oldest_pcb(struct tcp_pcb *list, const struct tcp_pcb_listen *listener,
				  u32 min_age)
{
	struct tcp_pcb *oldest = NULL;
	u32 age = 0;

	for (struct tcp_pcb *pcb = list; pcb; pcb = pcb->next) {
		if (listener && (pcb->state != SYN_RCVD || pcb->listener != listener))
			continue;
		if ((u32)(tcp_ticks - pcb->tmr) < min_age)
			continue;
		if (!oldest || (u32)(tcp_ticks - pcb->tmr) >= age) {
			age = tcp_ticks - pcb->tmr;
			oldest = pcb;
		}
	}
	return oldest;
}

static bool machine_has_room(void)
{
	struct tcp_pcb *tw;

	if (tcp_pcbs_in_use() < lwip_capacity()->tcp_conns)
		return true;
	tw = oldest_pcb(tcp_tw_pcbs, NULL, 0);
	if (!tw)
		return false;
	/* TIME_WAIT holds no data; lwIP's tcp_alloc() frees the oldest the same way. */
	tcp_abort(tw);
	stats.timewait_recycled++;
	return true;
}

static u32 service_active(const struct lwip_admission *a)
{
	return a->count_active ? a->count_active(a) : a->active;
}

s8 lwip_admission_inpacket(struct tcp_pcb *pcb, struct tcp_hdr *hdr, u16 optlen, u16 opt1len,
			   u8 *opt2, struct pbuf *p)
{
	struct tcp_pcb_listen *listener;
	struct lwip_admission *a;
	u8 flags = TCPH_FLAGS(hdr);

	if (pcb->state != LISTEN || (flags & (TCP_SYN | TCP_ACK | TCP_RST)) != TCP_SYN)
		return ERR_OK;
	listener = (struct tcp_pcb_listen *)pcb;
	stats.syns_seen++;
	if (!machine_has_room()) {
		stats.refused_machine++;
		return ERR_MEM;
	}
	a = lwip_admission_find(listener->local_port);
	if (a && service_active(a) + listener->accepts_pending >= a->limit) {
		/* Recycling a half-open one would not help: the limit counts them too. */
		a->refused++;
		if (a->owner_refused)
			(*a->owner_refused)++;
		stats.refused_service++;
		return ERR_MEM;
	}
	/*
	 * Only up to net.tcp_half_open: a listener whose own backlog is smaller
	 * has lwIP drop the SYN instead (its owner asked for that).
	 */
	if (listener->accepts_pending >= lwip_capacity()->half_open) {
		struct tcp_pcb *stale =
		    oldest_pcb(tcp_active_pcbs, listener, HALF_OPEN_STALE_TICKS);

		if (!stale) {
			/* All young: real clients mid-handshake. This SYN waits for its retry. */
			stats.refused_half_open++;
			return ERR_MEM;
		}
		/* A half-open peer has sent no data; a real one retries its SYN. */
		tcp_abandon(stale, 0);
		stats.half_open_recycled++;
	}
	return ERR_OK;
}
