// SPDX-License-Identifier: BSD-2-Clause
/*
 * e1000 receive and transmit rings against a fake register file and a fake
 * stack: zero-copy hand-off and release, budgets, refill and pool
 * exhaustion, bad descriptors counted and logged, transmit descriptor
 * layouts (legacy, context + extended), context reuse, ring-full flow
 * control and completion. The test plays the hardware by writing
 * descriptor status bytes the way the chip does.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include "drivers/e1000/e1000.h"
#include "drivers/e1000/e1000_offload.h"
#include "drivers/e1000/e1000_ring.h"
#include "kernel/pci/msi.h"
#include "kernel/x86/irq.h"
#include "kernel/x86/irqflags.h"
#include "tests/unit/fakes/stub_printk.h"

static u32 regs[0x20000 / 4];
static struct e1000_adapter adapter;
static struct e1000_adapter *a = &adapter;
static const struct e1000_chip chip = { .name = "82540EM", .flags = E1000_CHIP_DMA32 };

#define REG(off) regs[(off) / 4]

/* ---- fakes for the kernel and the network core ---- */

void *dma_alloc(size_t size, size_t align, unsigned int flags, dma_addr_t *bus)
{
	size_t rounded = (size + 4095) & ~(size_t)4095;
	void *p = aligned_alloc(4096, rounded);

	if (p) {
		memset(p, 0, rounded);
		*bus = (dma_addr_t)(uintptr_t)p;
	}
	return p;
}

void dma_free(void *p, size_t size)
{
	free(p);
}

/*
 * Streaming DMA ownership of the receive pool (docs/DMA.md), built with
 * NAPKIN_DMA_CHECKED: a buffer is the device's from for_device to for_cpu.
 * The test's "chip" writes only device-owned buffers and the stack must get
 * CPU-owned ones. Other addresses (transmit frames) pass unchecked.
 */
static bool rx_dev_owned[E1000_RX_POOL_SIZE];

static bool *rx_owner(dma_addr_t bus)
{
	if (!a->rx_pool || bus < a->rx_pool_bus ||
	    bus >= a->rx_pool_bus + (dma_addr_t)E1000_RX_POOL_SIZE * E1000_RX_BUF_SIZE)
		return NULL;
	return &rx_dev_owned[(bus - a->rx_pool_bus) / E1000_RX_BUF_SIZE];
}

dma_addr_t dma_map_single(const void *cpu, size_t len)
{
	return (dma_addr_t)(uintptr_t)cpu;
}

void dma_unmap_single(dma_addr_t bus, size_t len) {}

void dma_sync_single_for_device(dma_addr_t bus, size_t len, enum dma_data_direction dir)
{
	bool *dev = rx_owner(bus);

	if (!dev)
		return;
	ck_assert_msg(!*dev, "receive buffer %#llx handed to the device twice",
		      (unsigned long long)bus);
	*dev = true;
}

void dma_sync_single_for_cpu(dma_addr_t bus, size_t len, enum dma_data_direction dir)
{
	bool *dev = rx_owner(bus);

	if (!dev)
		return;
	ck_assert_msg(*dev, "receive buffer %#llx taken back from the device twice",
		      (unsigned long long)bus);
	*dev = false;
}

static u64 now_ns;
u64 ktime_get_ns(void)
{
	return now_ns;
}

void udelay(u32 usecs) {}

void mdelay(u32 msecs) {}

#define MAX_RX 1024
static struct netbuf *received[MAX_RX];
static int nr_received;

int napi_receive(struct napi_struct *napi, struct netbuf *nb)
{
	bool *owner = rx_owner(nb->dma);

	ck_assert_msg(!owner || !*owner,
		      "a received frame reached the stack while its buffer was still the "
		      "device's (no dma_sync_single_for_cpu)");
	struct net_device *dev = &a->netdev;

	ck_assert_ptr_eq(napi, &a->napi);
	ck_assert_int_lt(nr_received, MAX_RX);
	received[nr_received++] = nb;
	dev->stats.rx_packets++;
	return NET_RX_SUCCESS;
}

/* No stack here to tell of a wake (net/core/netdev.c does): the queue just runs again. */
void netif_wake_queue(struct net_device *dev)
{
	WRITE_ONCE(dev->tx_stopped, false);
}

/*
 * What e1000_poll() reaches beyond the rings: the link update is counted, the
 * interrupt side (e1000_irq.c, linked whole) is seen in the adapter and its
 * registers, so a test can tell what the poll did and did not do.
 */
static unsigned int link_updates, completions;

void e1000_link_update(struct e1000_adapter *ad)
{
	link_updates++;
}

bool napi_complete_done(struct napi_struct *napi, int work_done)
{
	completions++;
	return true;
}

/* The queues' causes unmasked: the flag cleared and IMS written with them. */
static bool queues_unmasked(void)
{
	return !a->irq_masked && REG(E1000_IMS) == a->ims_queues;
}

/* e1000_irq.c's way to the kernel: a poll never goes there. */
#define NOT_FROM_A_POLL(what) ck_abort_msg(what " reached from a poll")

int request_irq(u8 vector, irq_handler_t handler, void *ctx, const char *name)
{
	NOT_FROM_A_POLL("request_irq");
	return -1;
}

int free_irq(u8 vector, void *ctx)
{
	NOT_FROM_A_POLL("free_irq");
	return -1;
}

int pci_irq_vector(const struct pci_dev *pdev, unsigned int nr)
{
	NOT_FROM_A_POLL("pci_irq_vector");
	return -1;
}

bool napi_schedule(struct napi_struct *napi)
{
	NOT_FROM_A_POLL("napi_schedule");
	return false;
}

bool napi_schedule_from_irq(struct napi_struct *napi)
{
	NOT_FROM_A_POLL("napi_schedule_from_irq");
	return false;
}

void irq_ladder_init(struct irq_ladder *l, const char *name, struct pci_dev *pdev,
		     const struct irq_ladder_plan *plan, void *drv)
{
	NOT_FROM_A_POLL("irq_ladder_init");
}

int irq_ladder_setup(struct irq_ladder *l)
{
	NOT_FROM_A_POLL("irq_ladder_setup");
	return -1;
}

int irq_ladder_vector(const struct irq_ladder *l, unsigned int nr)
{
	NOT_FROM_A_POLL("irq_ladder_vector");
	return -1;
}

void irq_ladder_start(struct irq_ladder *l)
{
	NOT_FROM_A_POLL("irq_ladder_start");
}

void irq_ladder_stop(struct irq_ladder *l)
{
	NOT_FROM_A_POLL("irq_ladder_stop");
}

const char *irq_ladder_mode_name(enum irq_ladder_mode mode)
{
	NOT_FROM_A_POLL("irq_ladder_mode_name");
	return "";
}

void netbuf_free(struct netbuf *nb)
{
	nb->release(nb);
}

static unsigned int missed_reported;

void netdev_rx_missed(struct net_device *dev, unsigned int count)
{
	ck_assert_ptr_eq(dev, &a->netdev);
	missed_reported += count;
	dev->stats.rx_missed_errors += count;
}

/* Transmit frames: the stack's side, counting releases. */
struct txframe {
	struct netbuf seg[4];
	u8 data[4][256];
	int released;
};

static void tx_release(struct netbuf *nb)
{
	struct txframe *f = nb->owner;

	f->released++;
}

static void make_tx(struct txframe *f, int segs, u32 seg_len)
{
	memset(f, 0, sizeof(*f));
	for (int i = 0; i < segs; i++) {
		netbuf_init(&f->seg[i], f->data[i], seg_len, 0x100000u * (u32)(i + 1), tx_release,
			    f);
		if (i)
			f->seg[i - 1].next = &f->seg[i];
	}
	f->seg[0].tot_len = seg_len * (u32)segs;
	f->data[0][12] = 0x08; /* IPv4 */
	f->data[0][14] = 0x45;
}

static void setup(void)
{
	memset(regs, 0, sizeof(regs));
	free(a->rx_ring);
	free(a->rx_pool);
	free(a->tx_legacy);
	memset(a, 0, sizeof(*a));
	memset(rx_dev_owned, 0, sizeof(rx_dev_owned));
	a->mmio = (u8 *)regs;
	a->chip = &chip;
	strcpy(a->label, "e1000 00:03.0");
	a->netdev.priv = a;
	a->netdev.mtu = ETH_DATA_LEN;
	a->netdev.flags = IFF_UP;
	nr_received = 0;
	link_updates = completions = 0;
	a->ims_queues = E1000_ICR_RXT0;
	a->irq_masked = true; /* as the handler leaves them for the poll */
	now_ns = 1000;
	stub_printk_reset();
	ck_assert_int_eq(e1000_rx_alloc(a), 0);
	ck_assert_int_eq(e1000_tx_alloc(a), 0);
	a->up = true;
	e1000_rx_configure(a);
	e1000_tx_configure(a);
}

/* The chip writes a frame into the descriptor at the hardware's head. */
static void hw_complete(u16 idx, u16 len, u8 status, u8 errors)
{
	struct e1000_rx_desc *d = &a->rx_ring[idx];

	ck_assert_uint_ne(d->addr, 0);
	ck_assert_msg(rx_owner(d->addr) && *rx_owner(d->addr),
		      "descriptor %u names a buffer not handed to the device", idx);
	memset((void *)(uintptr_t)d->addr, (int)idx, len ? len : 1);
	d->length = len;
	d->errors = errors;
	d->status = status;
}

#define GOOD (E1000_RXD_STAT_DD | E1000_RXD_STAT_EOP)

/* ---- receive ---- */

START_TEST(rx_configure_programs_ring)
{
	setup();
	ck_assert_uint_eq(REG(E1000_RDLEN), 256 * 16);
	ck_assert_uint_eq(REG(E1000_RDBAL), (u32)a->rx_ring_bus);
	ck_assert_uint_eq(REG(E1000_RDT), 255);
	/* The same by the 8254x manual's offsets, so a wrong E1000_RDT or RDLEN shows. */
	ck_assert_uint_eq(regs[0x2818 / 4], 255);
	ck_assert_uint_eq(regs[0x2808 / 4], 256 * 16);
	ck_assert_uint_eq(e1000_ring_in_flight(a->rx_ntu, a->rx_ntc, 256), 255);
	ck_assert_uint_eq(a->rx_free_count, E1000_RX_POOL_SIZE - 255);
	ck_assert(REG(E1000_RCTL) & E1000_RCTL_EN);
	ck_assert(REG(E1000_RCTL) & E1000_RCTL_SECRC);
	ck_assert(REG(E1000_RCTL) & E1000_RCTL_BAM);
	ck_assert(!(REG(E1000_RCTL) & (E1000_RCTL_UPE | E1000_RCTL_MPE | E1000_RCTL_LPE)));
	ck_assert_uint_eq(REG(E1000_RCTL) & (3u << 16 | E1000_RCTL_BSEX),
			  0); /* 2048-byte buffers */
	/* Every descriptor points at a distinct pool buffer. */
	for (int i = 0; i < 255; i++)
		for (int j = 0; j < i; j++)
			ck_assert_uint_ne(a->rx_ring[i].addr, a->rx_ring[j].addr);
}
END_TEST

START_TEST(rx_zero_copy_handoff_and_release)
{
	u64 addr1;

	setup();
	addr1 = a->rx_ring[1].addr;
	hw_complete(0, 60, GOOD, 0);
	hw_complete(1, 1514, GOOD, 0);
	hw_complete(2, 100, GOOD, 0);
	ck_assert_int_eq(e1000_rx_clean(a, 64), 3);
	ck_assert_int_eq(nr_received, 3);
	/* The netbuf points into the very buffer the chip wrote: no copy. */
	ck_assert_uint_eq(received[1]->dma, addr1);
	ck_assert_ptr_eq(received[1]->data, (u8 *)(uintptr_t)addr1); /* fake DMA: bus == CPU */
	ck_assert_uint_eq(received[1]->len, 1514);
	ck_assert_uint_eq(received[1]->data[0], 1);
	ck_assert_uint_eq(a->rx_lent, 3);
	ck_assert_uint_eq(a->rx_ntc, 3);

	/* Refill tops the ring up from the pool, past the taken buffers. */
	ck_assert_uint_eq(e1000_rx_refill(a), 3);
	ck_assert_uint_eq(REG(E1000_RDT), 2);
	ck_assert_uint_eq(a->rx_free_count, E1000_RX_POOL_SIZE - 255 - 3);

	netbuf_free(received[0]);
	netbuf_free(received[1]);
	netbuf_free(received[2]);
	ck_assert_uint_eq(a->rx_lent, 0);
	ck_assert_uint_eq(a->rx_free_count, E1000_RX_POOL_SIZE - 255);
	/* A second release is refused, loudly. */
	netbuf_free(received[2]);
	ck_assert_uint_eq(a->rx_free_count, E1000_RX_POOL_SIZE - 255);
	ck_assert(stub_printk_contains("e1000 00:03.0: receive buffer"));
	ck_assert(stub_printk_contains("released twice"));
}
END_TEST

START_TEST(rx_respects_budget)
{
	setup();
	for (u16 i = 0; i < 10; i++)
		hw_complete(i, 64, GOOD, 0);
	ck_assert_int_eq(e1000_rx_clean(a, 4), 4);
	ck_assert_int_eq(nr_received, 4);
	ck_assert_int_eq(e1000_rx_clean(a, 4), 4);
	ck_assert_int_eq(e1000_rx_clean(a, 4), 2);
	ck_assert_int_eq(e1000_rx_clean(a, 4), 0);
	ck_assert_int_eq(nr_received, 10);
}
END_TEST

/*
 * A poll that used its whole budget stays scheduled: its queues stay masked
 * until the poll that finishes the ring (NAPI's contract, docs/NAPI.md).
 */
START_TEST(poll_full_budget_keeps_masked)
{
	setup();
	for (u16 i = 0; i < 70; i++)
		hw_complete(i, 64, GOOD, 0);
	ck_assert_int_eq(e1000_poll(&a->napi, 64), 64);
	ck_assert_msg(!queues_unmasked(), "a poll that used its whole budget unmasked the queues");
	ck_assert_int_eq(e1000_poll(&a->napi, 64), 6);
	ck_assert(queues_unmasked());
}
END_TEST

START_TEST(rx_bad_descriptors_counted_not_delivered)
{
	u32 free_before;

	setup();
	free_before = a->rx_free_count;
	hw_complete(0, 60, GOOD, E1000_RXD_ERR_CE);
	hw_complete(1, 0, GOOD, 0);
	hw_complete(2, 4000, GOOD, 0);
	hw_complete(3, 2048, E1000_RXD_STAT_DD, 0); /* no EOP: spans buffers */
	hw_complete(4, 600, GOOD, 0);		    /* ... its tail */
	hw_complete(5, 60, GOOD, 0);		    /* then a good one */
	ck_assert_int_eq(e1000_rx_clean(a, 64), 6);
	ck_assert_int_eq(nr_received, 1);
	ck_assert_uint_eq(received[0]->data[0], 5);
	ck_assert_uint_eq(a->sw.rx_desc_frame_errors, 1);
	ck_assert_uint_eq(a->sw.rx_desc_bad_length, 2);
	ck_assert_uint_eq(a->sw.rx_spanning_frames, 1);
	ck_assert_uint_eq(a->netdev.stats.rx_errors, 4);
	ck_assert_uint_eq(a->netdev.stats.rx_crc_errors, 1);
	ck_assert_uint_eq(a->netdev.stats.rx_length_errors, 3);
	/* The dropped frames' buffers went straight back to the pool. */
	ck_assert_uint_eq(a->rx_free_count, free_before + 5);
	ck_assert(
	    stub_printk_contains("e1000 00:03.0: rx descriptor 1 dropped: impossible length"));
	ck_assert(stub_printk_contains("rx descriptor 3 dropped: frame spans descriptors"));
}
END_TEST

START_TEST(rx_bad_descriptor_log_is_rate_limited)
{
	setup();
	for (int round = 0; round < 5; round++) {
		for (u16 i = 0; i < 20; i++)
			hw_complete(a->rx_ntc + i, 0, GOOD, 0);
		e1000_rx_clean(a, 64);
		e1000_rx_refill(a);
	}
	ck_assert_uint_eq(a->sw.rx_desc_bad_length, 100);
	ck_assert_int_eq(stub_printk_count(STUB_ANY_LEVEL, "dropped: impossible length"), 10);
	ck_assert(stub_printk_contains("further ones only counted"));
}
END_TEST

START_TEST(rx_pool_exhaustion_starves_ring_then_recovers)
{
	setup();
	/* The stack holds on to everything: after a pool's worth the ring runs dry. */
	for (int round = 0; round < 10; round++) {
		u16 n = e1000_ring_in_flight(a->rx_ntu, a->rx_ntc, a->rx_count);

		for (u16 i = 0; i < n; i++)
			hw_complete(e1000_ring_add(a->rx_ntc, i, a->rx_count), 64, GOOD, 0);
		while (e1000_rx_clean(a, 64) == 64)
			;
		e1000_rx_refill(a);
	}
	ck_assert_int_eq(nr_received, E1000_RX_POOL_SIZE);
	ck_assert_uint_eq(a->rx_lent, E1000_RX_POOL_SIZE);
	ck_assert_uint_eq(a->rx_free_count, 0);
	ck_assert_uint_eq(e1000_ring_in_flight(a->rx_ntu, a->rx_ntc, a->rx_count), 0);
	ck_assert_uint_gt(a->sw.rx_refill_starved, 0);

	/* Each release puts its buffer back on the ring at once while it is nearly dry. */
	netbuf_free(received[0]);
	ck_assert_uint_eq(e1000_ring_in_flight(a->rx_ntu, a->rx_ntc, a->rx_count), 1);
	ck_assert_uint_eq(REG(E1000_RDT), a->rx_ntu);
	for (int i = 1; i < nr_received; i++)
		netbuf_free(received[i]);
	ck_assert_uint_eq(a->rx_lent, 0);
	/* Once it is no longer dry, returns go back in batches; poll()'s refill does the rest. */
	ck_assert_uint_gt(e1000_ring_in_flight(a->rx_ntu, a->rx_ntc, a->rx_count), 255 - 16);
	e1000_rx_refill(a);
	ck_assert_uint_eq(e1000_ring_in_flight(a->rx_ntu, a->rx_ntc, a->rx_count), 255);
	ck_assert_uint_eq(a->rx_free_count, E1000_RX_POOL_SIZE - 255);
}
END_TEST

START_TEST(rx_disable_returns_ring_buffers)
{
	setup();
	hw_complete(0, 64, GOOD, 0);
	e1000_rx_clean(a, 64);
	e1000_rx_disable(a);
	ck_assert(!(REG(E1000_RCTL) & E1000_RCTL_EN));
	ck_assert_uint_eq(a->rx_free_count, E1000_RX_POOL_SIZE - 1);
	ck_assert_uint_eq(a->rx_lent, 1);
	/* The stack's buffer comes back later and is accepted. */
	a->up = false;
	netbuf_free(received[0]);
	ck_assert_uint_eq(a->rx_free_count, E1000_RX_POOL_SIZE);
}
END_TEST

START_TEST(rx_mode_programs_mta_and_promisc)
{
	static const u8 group[6] = { 0x01, 0x00, 0x5e, 0x7f, 0xff, 0xfa };
	u16 h = e1000_mta_hash(group, 0);

	setup();
	memcpy(a->netdev.mc_list[0], group, 6);
	a->netdev.mc_count = 1;
	e1000_set_rx_mode(&a->netdev);
	ck_assert_uint_eq(REG(E1000_MTA(e1000_mta_word(h))), e1000_mta_bit(h));
	ck_assert(!(REG(E1000_RCTL) & (E1000_RCTL_UPE | E1000_RCTL_MPE)));
	ck_assert(REG(E1000_RCTL) & E1000_RCTL_EN);
	a->netdev.flags |= IFF_PROMISC;
	e1000_set_rx_mode(&a->netdev);
	ck_assert((REG(E1000_RCTL) & (E1000_RCTL_UPE | E1000_RCTL_MPE)) ==
		  (E1000_RCTL_UPE | E1000_RCTL_MPE));
	a->netdev.flags &= ~IFF_PROMISC;
	a->netdev.mc_overflow = 1;
	e1000_set_rx_mode(&a->netdev);
	ck_assert_uint_eq(REG(E1000_RCTL) & (E1000_RCTL_UPE | E1000_RCTL_MPE), E1000_RCTL_MPE);
}
END_TEST

/* ---- transmit ---- */

static void hw_tx_done(u16 idx)
{
	a->tx_legacy[idx].status |= E1000_TXD_STAT_DD;
}

/* netpoll's poll(napi, 0): transmit completions only, nothing received, refilled or completed. */
START_TEST(poll_budget_zero_only_reclaims_tx)
{
	static struct txframe f;
	u32 rdt;

	setup();
	a->irq.mode = IRQ_LADDER_INTX;
	make_tx(&f, 1, 100);
	ck_assert_int_eq(e1000_start_xmit(&f.seg[0], &a->netdev), NETDEV_TX_OK);
	hw_tx_done(0);
	for (u16 i = 0; i < 3; i++)
		hw_complete(i, 64, GOOD, 0);
	rdt = REG(E1000_RDT);
	a->pending_icr = E1000_ICR_LSC; /* left by the handler */

	ck_assert_int_eq(e1000_poll(&a->napi, 0), 0);
	ck_assert_int_eq(f.released, 1);
	ck_assert_int_eq(nr_received, 0);
	ck_assert_uint_eq(a->rx_ntc, 0);
	ck_assert_uint_eq(REG(E1000_RDT), rdt);
	/* The handler's causes wait for the real poll. */
	ck_assert_uint_eq(a->pending_icr, E1000_ICR_LSC);
	ck_assert_uint_eq(link_updates, 0);
	ck_assert_uint_eq(completions, 0);
	ck_assert(!queues_unmasked());

	/* The next real poll does the rest, and may complete. */
	ck_assert_int_eq(e1000_poll(&a->napi, 64), 3);
	ck_assert_int_eq(nr_received, 3);
	ck_assert_uint_eq(a->pending_icr, 0);
	ck_assert_uint_eq(link_updates, 1);
	ck_assert_uint_eq(completions, 1);
	ck_assert(queues_unmasked());
}
END_TEST

START_TEST(tx_legacy_descriptors)
{
	static struct txframe f1, f3;

	setup();
	ck_assert(REG(E1000_TCTL) & E1000_TCTL_EN);
	ck_assert(REG(E1000_TCTL) & E1000_TCTL_PSP);
	ck_assert_uint_eq(REG(E1000_TDLEN), 256 * 16);
	make_tx(&f1, 1, 100);
	ck_assert_int_eq(e1000_start_xmit(&f1.seg[0], &a->netdev), NETDEV_TX_OK);
	ck_assert_uint_eq(REG(E1000_TDT), 1);
	ck_assert_uint_eq(a->tx_legacy[0].addr, 0x100000);
	ck_assert_uint_eq(a->tx_legacy[0].length, 100);
	ck_assert_uint_eq(a->tx_legacy[0].cmd,
			  E1000_TXD_CMD_EOP | E1000_TXD_CMD_IFCS | E1000_TXD_CMD_RS);

	make_tx(&f3, 3, 200);
	ck_assert_int_eq(e1000_start_xmit(&f3.seg[0], &a->netdev), NETDEV_TX_OK);
	ck_assert_uint_eq(REG(E1000_TDT), 4);
	ck_assert_uint_eq(a->tx_legacy[1].cmd, E1000_TXD_CMD_IFCS);
	ck_assert_uint_eq(a->tx_legacy[2].cmd, E1000_TXD_CMD_IFCS);
	ck_assert_uint_eq(a->tx_legacy[3].cmd,
			  E1000_TXD_CMD_EOP | E1000_TXD_CMD_IFCS | E1000_TXD_CMD_RS);
	ck_assert_uint_eq(a->tx_legacy[2].addr, 0x200000);

	/* Completion in order; a frame is freed only when its last descriptor is done. */
	hw_tx_done(0);
	ck_assert_uint_eq(e1000_tx_clean(a), 1);
	ck_assert_int_eq(f1.released, 1);
	hw_tx_done(1);
	hw_tx_done(2);
	ck_assert_uint_eq(e1000_tx_clean(a), 0);
	ck_assert_int_eq(f3.released, 0);
	hw_tx_done(3);
	ck_assert_uint_eq(e1000_tx_clean(a), 1);
	ck_assert_int_eq(f3.released, 1);
	ck_assert_uint_eq(a->tx_ntc, a->tx_ntu);
}
END_TEST

START_TEST(tx_checksum_offload_uses_one_context)
{
	static struct txframe f[3];
	const struct e1000_tx_ctx_desc *ctx;
	const struct e1000_tx_data_desc *d;

	setup();
	for (int i = 0; i < 3; i++) {
		make_tx(&f[i], 1, 120);
		f[i].seg[0].csum = NETBUF_CSUM_PARTIAL;
		f[i].seg[0].csum_start = 34;
		f[i].seg[0].csum_offset = 6;
		f[i].seg[0].flags = NETBUF_F_TX_IPHDR_CSUM;
		ck_assert_int_eq(e1000_start_xmit(&f[i].seg[0], &a->netdev), NETDEV_TX_OK);
	}
	/* One context descriptor, then three extended data descriptors. */
	ck_assert_uint_eq(a->sw.tx_context_descs, 1);
	ck_assert_uint_eq(a->sw.tx_csum_offloaded, 3);
	ck_assert_uint_eq(REG(E1000_TDT), 4);
	ctx = &a->tx_ctx[0];
	ck_assert_uint_eq(ctx->ipcss, 14);
	ck_assert_uint_eq(ctx->ipcso, 24);
	ck_assert_uint_eq(ctx->ipcse, 33);
	ck_assert_uint_eq(ctx->tucss, 34);
	ck_assert_uint_eq(ctx->tucso, 40);
	for (int i = 1; i < 4; i++) {
		d = &a->tx_data[i];
		ck_assert_uint_eq(d->cmd_len & E1000_TXD_LEN_MASK, 120);
		ck_assert_uint_eq(d->cmd_len & (0xFu << 20), E1000_TXD_DTYP_DATA);
		ck_assert(d->cmd_len & E1000_TXD_DCMD_DEXT);
		ck_assert(d->cmd_len & E1000_TXD_DCMD_EOP);
		ck_assert(d->cmd_len & E1000_TXD_DCMD_RS);
		ck_assert_uint_eq(d->popts, E1000_TXD_POPTS_IXSM | E1000_TXD_POPTS_TXSM);
	}
	/* A frame in several segments carries the options in each of its descriptors. */
	{
		static struct txframe g;

		make_tx(&g, 3, 60);
		g.seg[0].csum = NETBUF_CSUM_PARTIAL;
		g.seg[0].csum_start = 34;
		g.seg[0].csum_offset = 6;
		g.seg[0].flags = NETBUF_F_TX_IPHDR_CSUM;
		ck_assert_int_eq(e1000_start_xmit(&g.seg[0], &a->netdev), NETDEV_TX_OK);
		ck_assert_uint_eq(a->sw.tx_context_descs, 1);
		for (int i = 4; i < 7; i++) {
			ck_assert_uint_eq(a->tx_data[i].popts,
					  E1000_TXD_POPTS_IXSM | E1000_TXD_POPTS_TXSM);
			ck_assert_int_eq(!!(a->tx_data[i].cmd_len & E1000_TXD_DCMD_EOP), i == 6);
		}
	}
	/* The frame recorded at the context slot is freed with its data. */
	hw_tx_done(1);
	ck_assert_uint_eq(e1000_tx_clean(a), 1);
	ck_assert_int_eq(f[0].released, 1);
	/* Reopening forgets the loaded context. */
	e1000_tx_configure(a);
	make_tx(&f[0], 1, 120);
	f[0].seg[0].csum = NETBUF_CSUM_PARTIAL;
	f[0].seg[0].csum_start = 34;
	f[0].seg[0].csum_offset = 6;
	e1000_start_xmit(&f[0].seg[0], &a->netdev);
	ck_assert_uint_eq(a->sw.tx_context_descs, 2);
}
END_TEST

/* A TCP/IPv4 super-segment of three 200-byte netbufs: 54 bytes of headers, 546 of payload. */
static void make_tso(struct txframe *f)
{
	u8 *h = f->data[0];

	make_tx(f, 3, 200);
	h[14 + 2] = 600 >> 8; /* IP total length as the stack leaves it */
	h[14 + 3] = (u8)(600 - 14);
	h[14 + 9] = 6;
	h[14 + 10] = 0x12; /* a stale IP checksum the hardware must not sum in */
	h[34 + 12] = 5 << 4;
	/* Pseudo-header seed including the TCP length 566: 0x1234 + 566 = 0x146a. */
	h[34 + 16] = 0x14;
	h[34 + 17] = 0x6a;
	f->seg[0].csum = NETBUF_CSUM_PARTIAL;
	f->seg[0].csum_start = 34;
	f->seg[0].csum_offset = 16;
	f->seg[0].flags = NETBUF_F_TX_IPHDR_CSUM;
	f->seg[0].gso_type = NETBUF_GSO_TCPV4;
	f->seg[0].gso_size = 100;
	f->seg[0].gso_hdr_len = 54;
	f->seg[0].gso_segs = 6;
}

START_TEST(tx_tso_context_and_descriptors)
{
	static struct txframe f, g;
	const struct e1000_tx_ctx_desc *ctx;

	setup();
	a->netdev.features = NETIF_F_TSO;
	make_tso(&f);
	ck_assert_int_eq(e1000_start_xmit(&f.seg[0], &a->netdev), NETDEV_TX_OK);
	ck_assert_uint_eq(REG(E1000_TDT), 4);
	ck_assert_uint_eq(a->sw.tx_tso_frames, 1);
	ck_assert_uint_eq(a->sw.tx_tso_segments, 6);
	ctx = &a->tx_ctx[0];
	ck_assert_uint_eq(ctx->ipcss, 14);
	ck_assert_uint_eq(ctx->ipcso, 24);
	ck_assert_uint_eq(ctx->ipcse, 33);
	ck_assert_uint_eq(ctx->tucss, 34);
	ck_assert_uint_eq(ctx->tucso, 50);
	ck_assert_uint_eq(ctx->tucse, 0);
	ck_assert_uint_eq(ctx->hdrlen, 54);
	ck_assert_uint_eq(ctx->mss, 100);
	ck_assert_uint_eq(ctx->cmd_len & E1000_TXD_LEN_MASK, 546);
	ck_assert_uint_eq(ctx->cmd_len & (0xFu << 20), E1000_TXD_DTYP_CTX);
	ck_assert_uint_eq(ctx->cmd_len & 0xFF000000u, E1000_TXD_DCMD_DEXT | E1000_TXD_TUCMD_TSE |
							  E1000_TXD_TUCMD_IP | E1000_TXD_TUCMD_TCP);
	for (int i = 1; i < 4; i++) {
		const struct e1000_tx_data_desc *d = &a->tx_data[i];

		ck_assert_uint_eq(d->cmd_len & E1000_TXD_LEN_MASK, 200);
		ck_assert(d->cmd_len & E1000_TXD_DCMD_TSE);
		ck_assert(d->cmd_len & E1000_TXD_DCMD_DEXT);
		ck_assert_int_eq(!!(d->cmd_len & E1000_TXD_DCMD_EOP), i == 3);
		ck_assert_uint_eq(d->popts, E1000_TXD_POPTS_IXSM | E1000_TXD_POPTS_TXSM);
	}
	/* The seed loses the length (0x146a - 566 = 0x1234); the IP checksum field is zero. */
	ck_assert_uint_eq(f.data[0][50] << 8 | f.data[0][51], 0x1234);
	ck_assert_uint_eq(f.data[0][24] << 8 | f.data[0][25], 0);
	/* The segmentation context replaced the checksum one: the next frame loads its own. */
	make_tx(&g, 1, 120);
	g.seg[0].csum = NETBUF_CSUM_PARTIAL;
	g.seg[0].csum_start = 34;
	g.seg[0].csum_offset = 16;
	ck_assert_int_eq(e1000_start_xmit(&g.seg[0], &a->netdev), NETDEV_TX_OK);
	ck_assert_uint_eq(a->sw.tx_context_descs, 2);
	ck_assert(!(a->tx_data[5].cmd_len & E1000_TXD_DCMD_TSE));
}
END_TEST

START_TEST(tx_tso_refused_when_impossible)
{
	static struct txframe f;

	setup();
	/* TSO off: a super-segment is a bug upstream, dropped and counted. */
	make_tso(&f);
	ck_assert_int_eq(e1000_start_xmit(&f.seg[0], &a->netdev), NETDEV_TX_OK);
	ck_assert_int_eq(f.released, 1);
	ck_assert(stub_printk_contains("segmentation asked of a device with TSO off"));
	a->netdev.features = NETIF_F_TSO;
	make_tso(&f);
	f.seg[0].gso_type = NETBUF_GSO_TCPV6;
	ck_assert_int_eq(e1000_start_xmit(&f.seg[0], &a->netdev), NETDEV_TX_OK);
	ck_assert_int_eq(f.released, 1);
	make_tso(&f);
	f.seg[0].gso_hdr_len = 40; /* shorter than the headers */
	ck_assert_int_eq(e1000_start_xmit(&f.seg[0], &a->netdev), NETDEV_TX_OK);
	ck_assert_int_eq(f.released, 1);
	ck_assert_uint_eq(a->sw.tx_bad_frames, 3);
	ck_assert_uint_eq(a->sw.tx_tso_frames, 0);
	ck_assert_uint_eq(REG(E1000_TDT), 0);
}
END_TEST

START_TEST(tx_ring_full_stops_and_wakes)
{
	static struct txframe f[300];
	int queued = 0;

	setup();
	for (int i = 0; i < 300; i++)
		make_tx(&f[i], 1, 64);
	for (int i = 0; i < 300; i++) {
		if (netif_queue_stopped(&a->netdev))
			break;
		ck_assert_int_eq(e1000_start_xmit(&f[i].seg[0], &a->netdev), NETDEV_TX_OK);
		queued++;
	}
	/* Stopped while a maximal frame would still have fit: never BUSY in normal use. */
	ck_assert(netif_queue_stopped(&a->netdev));
	ck_assert_int_lt(queued, 255);
	ck_assert_int_ge(queued, 255 - E1000_TX_DESCS_MAX);
	/* A caller ignoring the stop gets BUSY once the ring is really full, and keeps its frame. */
	while (e1000_start_xmit(&f[queued].seg[0], &a->netdev) == NETDEV_TX_OK)
		queued++;
	ck_assert_int_eq(queued, 255);
	ck_assert_int_eq(f[queued].released, 0);
	ck_assert_uint_gt(a->sw.tx_ring_full, 0);

	/* The queue wakes once a few maximal frames fit again. */
	for (u16 i = 0; i < 2 * E1000_TX_DESCS_MAX; i++)
		hw_tx_done(i);
	ck_assert_uint_eq(e1000_tx_clean(a), 2 * E1000_TX_DESCS_MAX);
	ck_assert(!netif_queue_stopped(&a->netdev));
	ck_assert_int_eq(e1000_start_xmit(&f[queued].seg[0], &a->netdev), NETDEV_TX_OK);
}
END_TEST

START_TEST(tx_bad_frames_dropped_and_counted)
{
	static struct txframe f;

	setup();
	make_tx(&f, 2, 100);
	f.seg[1].len = 0;
	f.seg[0].tot_len = 100;
	ck_assert_int_eq(e1000_start_xmit(&f.seg[0], &a->netdev), NETDEV_TX_OK);
	ck_assert_int_eq(f.released, 1);
	ck_assert(stub_printk_contains("e1000 00:03.0: transmit of a 100-byte frame dropped"));

	make_tx(&f, 1, 100);
	f.seg[0].tot_len = 5000; /* lengths disagree */
	e1000_start_xmit(&f.seg[0], &a->netdev);
	make_tx(&f, 1, 100);
	f.seg[0].csum = NETBUF_CSUM_PARTIAL;
	f.seg[0].csum_start = 99; /* field past the end */
	f.seg[0].csum_offset = 6;
	e1000_start_xmit(&f.seg[0], &a->netdev);
	ck_assert_uint_eq(a->sw.tx_bad_frames, 3);
	ck_assert_uint_eq(a->netdev.stats.tx_errors, 3);
	ck_assert_uint_eq(REG(E1000_TDT), 0); /* nothing reached the ring */
}
END_TEST

START_TEST(tx_disable_frees_in_flight_frames)
{
	static struct txframe f[2];

	setup();
	make_tx(&f[0], 1, 64);
	make_tx(&f[1], 1, 64);
	e1000_start_xmit(&f[0].seg[0], &a->netdev);
	e1000_start_xmit(&f[1].seg[0], &a->netdev);
	hw_tx_done(0);
	e1000_tx_disable(a);
	ck_assert_int_eq(f[0].released, 1);
	ck_assert_int_eq(f[1].released, 1);
	ck_assert_uint_eq(a->netdev.stats.tx_dropped, 1); /* only the unsent one */
}
END_TEST

START_TEST(tx_hang_reported_once_and_transmit_reset)
{
	static struct txframe f;

	setup();
	a->netdev.link_up = true;
	make_tx(&f, 1, 64);
	e1000_start_xmit(&f.seg[0], &a->netdev);
	now_ns += E1000_TX_TIMEOUT_NS / 2;
	e1000_tx_check_hang(a, now_ns);
	ck_assert_uint_eq(a->sw.tx_timeouts, 0);
	now_ns += E1000_TX_TIMEOUT_NS;
	e1000_tx_check_hang(a, now_ns);
	ck_assert_uint_eq(a->sw.tx_timeouts, 1);
	ck_assert(stub_printk_contains("e1000 00:03.0: transmit timed out"));
	ck_assert(stub_printk_contains("resetting transmit"));
	/* The reset dropped the stuck frame and left an empty, enabled ring. */
	ck_assert_int_eq(f.released, 1);
	ck_assert_uint_eq(a->netdev.stats.tx_dropped, 1);
	ck_assert_uint_eq(a->tx_ntu, a->tx_ntc);
	ck_assert_uint_eq(REG(E1000_TDT), 0);
	ck_assert(REG(E1000_TCTL) & E1000_TCTL_EN);
	e1000_tx_check_hang(a, now_ns + 1);
	ck_assert_uint_eq(a->sw.tx_timeouts, 1);
}
END_TEST

/* ---- counters ---- */

START_TEST(missed_frames_reported_as_drops_before_the_stack)
{
	setup();
	missed_reported = 0;
	REG(0x4010) = 7; /* MPC: the chip found no descriptor for 7 frames */
	e1000_stats_update(a);
	ck_assert_uint_eq(missed_reported, 7);
	ck_assert_uint_eq(a->hw_stats[E1000_HWSTAT_MPC], 7);
	/* The register clears on read; the driver does not report the same frames twice. */
	REG(0x4010) = 0;
	e1000_stats_update(a);
	ck_assert_uint_eq(missed_reported, 7);
	/* The overrun interrupt path reads MPC alone. */
	REG(0x4010) = 3;
	e1000_count_missed(a);
	ck_assert_uint_eq(missed_reported, 10);
	ck_assert_uint_eq(a->hw_stats[E1000_HWSTAT_MPC], 10);
	ck_assert_uint_eq(a->netdev.stats.rx_missed_errors, 10);
}
END_TEST

START_TEST(standard_and_named_counters)
{
	static struct ethtool_stat st[200];
	struct net_device_stats ns = { 0 };
	int n;

	setup();
	REG(0x4000) = 2;  /* CRCERRS */
	REG(0x4040) = 3;  /* RLEC */
	REG(0x4028) = 4;  /* COLC */
	REG(0x4074) = 50; /* GPRC */
	e1000_get_stats(&a->netdev, &ns);
	ck_assert_uint_eq(ns.rx_crc_errors, 2);
	ck_assert_uint_eq(ns.rx_length_errors, 3);
	ck_assert_uint_eq(ns.rx_errors, 5);
	ck_assert_uint_eq(ns.collisions, 4);
	/* Like the chip, the fake registers are now read (cleared). */
	memset(&REG(0x4000), 0, 0x100);

	a->sw.irq_handled = 9;
	n = e1000_get_ethtool_stats(&a->netdev, st, 200);
	ck_assert_int_eq(n, (int)(E1000_NR_SW_STATS + 1 + E1000_NR_HW_STATS));
	ck_assert_str_eq(st[0].name, "irq_handled");
	ck_assert_uint_eq(st[0].value, 9);
	for (int i = 0; i < n; i++) {
		if (!strcmp(st[i].name, "rx_good_packets"))
			ck_assert_uint_eq(st[i].value, 50);
		for (int j = 0; j < i; j++)
			ck_assert_str_ne(st[i].name, st[j].name);
	}
	/* A short table gets what fits. */
	ck_assert_int_eq(e1000_get_ethtool_stats(&a->netdev, st, 5), 5);
}
END_TEST

static Suite *e1000_rings_suite(void)
{
	Suite *s = suite_create("e1000_rings");
	TCase *rx = tcase_create("rx"), *tx = tcase_create("tx");

	tcase_add_test(rx, poll_budget_zero_only_reclaims_tx);
	tcase_add_test(rx, rx_configure_programs_ring);
	tcase_add_test(rx, rx_zero_copy_handoff_and_release);
	tcase_add_test(rx, rx_respects_budget);
	tcase_add_test(rx, poll_full_budget_keeps_masked);
	tcase_add_test(rx, rx_bad_descriptors_counted_not_delivered);
	tcase_add_test(rx, rx_bad_descriptor_log_is_rate_limited);
	tcase_add_test(rx, rx_pool_exhaustion_starves_ring_then_recovers);
	tcase_add_test(rx, rx_disable_returns_ring_buffers);
	tcase_add_test(rx, rx_mode_programs_mta_and_promisc);
	tcase_add_test(tx, tx_legacy_descriptors);
	tcase_add_test(tx, tx_checksum_offload_uses_one_context);
	tcase_add_test(tx, tx_tso_context_and_descriptors);
	tcase_add_test(tx, tx_tso_refused_when_impossible);
	tcase_add_test(tx, tx_ring_full_stops_and_wakes);
	tcase_add_test(tx, tx_bad_frames_dropped_and_counted);
	tcase_add_test(tx, tx_disable_frees_in_flight_frames);
	tcase_add_test(tx, tx_hang_reported_once_and_transmit_reset);
	tcase_add_test(tx, missed_frames_reported_as_drops_before_the_stack);
	tcase_add_test(tx, standard_and_named_counters);
	suite_add_tcase(s, rx);
	suite_add_tcase(s, tx);
	return s;
}

int main(void)
{
	SRunner *r = srunner_create(e1000_rings_suite());
	int failed;

	srunner_run_all(r, CK_NORMAL);
	failed = srunner_ntests_failed(r);
	srunner_free(r);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
