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
#include "kernel/printk.h"

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
	bool rx_seen[SKY2_MAX_PORTS] = { false };
	bool tx_seen = false;
	struct sky2_le tx_last = { 0 };
	unsigned int seen = 0;
	int work = 0;

	while (work < budget && seen < hw->st_size) {
		struct sky2_le *le = &hw->st_le[hw->st_idx];
		u8 op = READ_ONCE(le->opcode);
		struct sky2_le copy;
		unsigned int port;

		if (!(op & LE_HW_OWNER))
			break;
		barrier(); /* the owner bit before the fields it covers */
		copy = *le;
		WRITE_ONCE(le->opcode, (u8)(op & ~LE_HW_OWNER));
		hw->st_idx = sky2_ring_next(hw->st_idx, hw->st_size);
		hw->ctr.status_les++;
		seen++;

		op &= (u8)~LE_HW_OWNER;
		if (op == LE_OP_TXINDEX) {
			tx_last = copy;
			tx_seen = true;
			continue;
		}
		port = copy.ctrl & LE_CSS_PORT;
		if (port >= hw->nports || !hw->port[port].opened) {
			hw->ctr.status_bad_port++;
			pr_warn("%s: status entry (opcode 0x%02x) for port %u, which is %s\n",
				hw->pdev->name, op, port + 1,
				port >= hw->nports ? "not present" : "closed");
			continue;
		}
		switch (op) {
		case LE_OP_RXSTAT:
			sky2_rx_status(&hw->port[port], copy.addr, copy.len);
			rx_seen[port] = true;
			work++;
			break;
		case LE_OP_RXVLAN:
		case LE_OP_RXCHKS:
		case LE_OP_RXCHKSVLAN:
		case LE_OP_RXTSTAMP:
		case LE_OP_RSS_HASH:
			/* Qualifiers of the next RXSTAT; nothing here asks for them. */
			break;
		default:
			hw->ctr.status_unknown_op++;
			pr_warn("%s: status entry with unknown opcode 0x%02x dropped\n",
				hw->pdev->name, op);
			break;
		}
	}
	if (work >= budget)
		hw->ctr.polls_budget_exhausted++;

	if (tx_seen) {
		for (unsigned int i = 0; i < hw->nports; i++)
			if (hw->port[i].opened)
				sky2_tx_complete(&hw->port[i], sky2_txindex_port(&tx_last, i));
	}
	for (unsigned int i = 0; i < hw->nports; i++) {
		if (!rx_seen[i])
			continue;
		sky2_rx_refill(&hw->port[i]);
		sky2_rx_put_flush(&hw->port[i]);
	}
	return work;
}
