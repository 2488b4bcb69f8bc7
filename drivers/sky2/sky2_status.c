// SPDX-License-Identifier: BSD-2-Clause
/*
 * The status ring: the chip's one report channel for both ports. It writes
 * list elements with HW_OWNER set and there is no consumer index to tell it
 * where we are; we own an entry once its owner bit is set, and give it back
 * by clearing the bit.
 *
 * One drain serves both ports under one budget: each received frame counts,
 * whichever port it came from, so a flood on one port ends the poll as it
 * would with the other port quiet, and the next poll serves both again in
 * ring order. Transmit indexes come in one TXINDEXLE for both ports; only the
 * latest matters, applied once per drain. Receive PUT writes are batched: one
 * per port per drain, after the refill.
 */
#define pr_fmt(fmt) "sky2: " fmt

#include <string.h>

#include "drivers/sky2/sky2.h"
#include "kernel/x86/barrier.h"
#include "kernel/console/printk.h"

/* A TXINDEXLE's done index for one port (exclusive: the next LE the chip will fetch). */
u16 sky2_txindex_port(const struct sky2_le *le, unsigned int port)
{
	if (port == 0)
		return (u16)(le->addr & TXIDX_P1_MASK);
	return (u16)(((le->addr >> TXIDX_P2_LO_SHIFT) & 0xFFu) |
		     ((le->len & TXIDX_P2_HI_MASK) << TXIDX_P2_HI_SHIFT));
}

void sky2_status_reset(struct sky2_hw *hw)
{
	if (hw->st_le)
		memset(hw->st_le, 0, hw->st_size * sizeof(*hw->st_le));
	hw->st_idx = 0;
}

bool sky2_status_pending(const struct sky2_hw *hw)
{
	return hw->st_le && (READ_ONCE(hw->st_le[hw->st_idx].opcode) & LE_HW_OWNER);
}

int sky2_status_drain(struct sky2_hw *hw, int budget)
{
	struct sky2_le *ring = hw->st_le;
	const unsigned int mask = hw->st_size - 1;
	unsigned int idx = hw->st_idx, seen = 0;
	bool rx_seen[SKY2_MAX_PORTS] = { false };
	/* The ports receive entries may go to: present and open, else NULL. */
	struct sky2_port *rx_to[2] = { NULL, NULL };
	/*
	 * Receive entries are handed over in runs of one port, so the per-frame
	 * work is a loop in sky2_rx.c rather than a call per entry; a run ends
	 * when the port changes, so frames still go up in ring order.
	 */
	struct sky2_rx_done run[SKY2_RX_RUN];
	unsigned int nrun = 0, run_port = 0;
	/* An RXCHKS qualifies the same port's next RXSTAT (old format): held until it comes. */
	u64 sums[2] = { 0, 0 };
	bool tx_seen = false;
	u32 tx_status = 0;
	u16 tx_len = 0;
	int work = 0;

	for (unsigned int i = 0; i < hw->nports && i < 2; i++)
		if (hw->port[i].opened)
			rx_to[i] = &hw->port[i];
	while (work < budget && seen <= mask) {
		struct sky2_le *le = &ring[idx];
		u8 op = READ_ONCE(le->opcode);
		unsigned int port;
		u32 status;
		u16 len;
		u8 css;

		if (!(op & LE_HW_OWNER))
			break;
		dma_rmb(); /* the owner bit before the fields it covers */
		status = le->addr;
		len = le->len;
		css = le->ctrl;
		port = css & LE_CSS_PORT;
		op &= (u8)~LE_HW_OWNER;
		WRITE_ONCE(le->opcode, op);
		idx = (idx + 1) & mask;
		seen++;

		if (likely(op == LE_OP_RXSTAT && rx_to[port])) {
			if (unlikely(port != run_port || nrun == SKY2_RX_RUN)) {
				if (nrun) {
					rx_seen[run_port] = true;
					sky2_rx_complete(rx_to[run_port], run, nrun);
				}
				nrun = 0;
				run_port = port;
			}
			run[nrun].status = status;
			run[nrun].len = len;
			run[nrun].css = css;
			run[nrun].sums = sums[port];
			sums[port] = 0;
			nrun++;
			work++;
			continue;
		}
		if (op == LE_OP_RXCHKS && rx_to[port]) {
			/* Old format: the sums of the same port's next RXSTAT. */
			sums[port] = SKY2_SUMS_VALID | status;
			continue;
		}
		if (op == LE_OP_TXINDEX) {
			tx_status = status;
			tx_len = len;
			tx_seen = true;
			continue;
		}
		if (port >= hw->nports || !hw->port[port].opened) {
			hw->ctr.status_bad_port++;
			pr_warn("%s: status entry (opcode 0x%02x) for port %u, which is %s\n",
				hw->pdev->name, op, port + 1,
				port >= hw->nports ? "not present" : "closed");
			continue;
		}
		switch (op) {
		case LE_OP_RXCHKS:
		case LE_OP_RXCHKSVLAN: sums[port] = SKY2_SUMS_VALID | status; break;
		case LE_OP_RXVLAN:
		case LE_OP_RXTSTAMP:
		case LE_OP_RSS_HASH:
			/* Qualifiers of the next RXSTAT nothing here asks for. */
			break;
		default:
			hw->ctr.status_unknown_op++;
			pr_warn("%s: status entry with unknown opcode 0x%02x dropped\n",
				hw->pdev->name, op);
			break;
		}
	}
	if (nrun) {
		rx_seen[run_port] = true;
		sky2_rx_complete(rx_to[run_port], run, nrun);
	}
	hw->st_idx = (u16)idx;
	hw->ctr.status_les += seen;
	if (work >= budget)
		hw->ctr.polls_budget_exhausted++;

	if (tx_seen) {
		struct sky2_le last = { .addr = tx_status, .len = tx_len };

		for (unsigned int i = 0; i < hw->nports; i++)
			if (hw->port[i].opened)
				sky2_tx_complete(&hw->port[i], sky2_txindex_port(&last, i));
	}
	for (unsigned int i = 0; i < hw->nports; i++) {
		if (!rx_seen[i])
			continue;
		sky2_rx_refill(&hw->port[i]);
		sky2_rx_put_flush(&hw->port[i]);
	}
	return work;
}
