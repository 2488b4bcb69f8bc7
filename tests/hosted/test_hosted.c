// SPDX-License-Identifier: BSD-2-Clause
/*
 * The harness itself, with a toy device: one PCI function with two ports on
 * scripted wires behind one interrupt (the shape of sky2 and skge), a cause
 * register saying which port has a frame, and a doorbell that sends a DMA
 * buffer out of a port. Checks that the kernel's own PCI/IRQ/MSI code drives
 * it, that interrupts arrive through irq_dispatch() and that the harness's
 * checks (DMA, storms, MSI masking) fire when they should.
 */
#include <check.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <time.h>

#include "kernel/mm/dma.h"
#include "kernel/mm/io.h"
#include "kernel/x86/irq.h"
#include "kernel/x86/irqflags.h"
#include "kernel/core/loop.h"
#include "kernel/pci/msi.h"
#include "kernel/pci/pci.h"
#include "kernel/core/time.h"
#include "tests/hosted/hosted.h"
#include "tests/hosted/hosted_dma.h"
#include "tests/hosted/hosted_irq.h"
#include "tests/hosted/hosted_pci.h"
#include "tests/hosted/hosted_proc.h"
#include "tests/hosted/hosted_wire.h"
#include "tests/unit/fakes/stub_printk.h"

/* The toy's registers. */
#define TOY_CAUSE     0x00 /* bit n: port n has a frame; write 1 to clear */
#define TOY_TX_ADDR   0x08 /* 64-bit bus address of a frame to send */
#define TOY_TX_LEN    0x10 /* writing it sends from port (len >> 16) */
#define TOY_RX_LEN(n) (0x20 + 4 * (n))
#define TOY_USE_MSI   0x30

struct toy {
	struct hosted_pci_fn *fn;
	struct hosted_port port[2];
	struct hosted_device dev;
	u32 cause, rx_len[2], use_msi;
	u64 tx_addr;
	bool pending_irq;
	bool paused[2]; /* flow control: the port asked its partner to wait */
	unsigned int received[2];
};

static struct toy toy;
static struct hosted_wire *wire[2];

static void toy_irq(struct toy *t)
{
	if (t->use_msi) {
		if (t->pending_irq)
			hosted_pci_msi_send(t->fn, 0);
		t->pending_irq = false;
		return;
	}
	hosted_pci_intx(t->fn, t->cause != 0);
}

static u64 toy_read(void *model, unsigned int bar, u64 off, unsigned int size)
{
	struct toy *t = model;

	switch (off) {
	case TOY_CAUSE: return t->cause;
	case TOY_RX_LEN(0): return t->rx_len[0];
	case TOY_RX_LEN(1): return t->rx_len[1];
	default: return 0;
	}
}

static void toy_write(void *model, unsigned int bar, u64 off, unsigned int size, u64 val)
{
	struct toy *t = model;
	u8 frame[256];
	u32 len = val & 0xFFFF;

	switch (off) {
	case TOY_CAUSE:
		t->cause &= ~(u32)val;
		toy_irq(t);
		break;
	case TOY_TX_ADDR: t->tx_addr = val; break;
	case TOY_TX_LEN:
		if (len <= sizeof(frame) &&
		    hosted_dma_read(t->fn, t->tx_addr, frame, len, "toy tx"))
			hosted_port_transmit(&t->port[(val >> 16) & 1], frame, len);
		break;
	case TOY_USE_MSI: t->use_msi = (u32)val; break;
	}
}

static const struct hosted_pci_ops toy_pci_ops = {
	.mmio_read = toy_read,
	.mmio_write = toy_write,
};

static void toy_receive(struct hosted_port *p, const u8 *frame, u32 len)
{
	struct toy *t = p->model;
	unsigned int n = p == &t->port[1];

	t->rx_len[n] = len;
	t->received[n]++;
	t->cause |= BIT(n);
	t->pending_irq = true;
	toy_irq(t);
}

static bool toy_can_receive(struct hosted_port *p)
{
	struct toy *t = p->model;

	return !t->paused[p == &t->port[1]];
}

static const struct hosted_port_ops toy_port_ops = {
	.receive = toy_receive,
	.can_receive = toy_can_receive,
};

static u64 toy_tick(struct hosted_device *d, u64 now)
{
	return UINT64_MAX;
}

/* ---- A minimal driver for it, using only what real drivers use ---- */

static const struct pci_device_id toy_ids[] = {
	{ PCI_DEVICE(0x1234, 0x5678) },
	{ 0 },
};

static struct pci_dev *toy_pdev;
static u8 *toy_regs;
static unsigned int handled[2], declined;
static bool ack_interrupts = true;

static irqreturn_t toy_handler(void *ctx)
{
	u32 cause = readl(toy_regs + TOY_CAUSE);

	if (!cause) {
		declined++;
		return IRQ_NONE;
	}
	for (unsigned int n = 0; n < 2; n++)
		if (cause & BIT(n))
			handled[n]++;
	if (ack_interrupts)
		writel(cause, toy_regs + TOY_CAUSE);
	return IRQ_HANDLED;
}

static int toy_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	pci_enable_device(pdev);
	pci_set_master(pdev);
	toy_regs = pci_iomap(pdev, 0);
	toy_pdev = pdev;
	return toy_regs ? 0 : -1;
}

static struct pci_driver toy_driver = {
	.name = "toy",
	.id_table = toy_ids,
	.probe = toy_probe,
};

static void setup(bool with_msi)
{
	hosted_init();
	stub_printk_reset();
	memset(&toy, 0, sizeof(toy));
	memset(handled, 0, sizeof(handled));
	declined = 0;
	ack_interrupts = true;
	toy.fn = hosted_pci_add(0, 5, 0, 0x1234, 0x5678, 0x020000, 1, "toy", &toy_pci_ops, &toy);
	hosted_pci_bar_mem64(toy.fn, 0, 0x1000);
	hosted_pci_intx_pin(toy.fn, 1, 20);
	if (with_msi)
		hosted_pci_add_msi(toy.fn, 0, true);
	for (unsigned int n = 0; n < 2; n++) {
		toy.port[n].name = n ? "toy1" : "toy0";
		toy.port[n].ops = &toy_port_ops;
		toy.port[n].model = &toy;
		wire[n] = hosted_wire_script(&toy.port[n]);
	}
	toy.dev.name = "toy";
	toy.dev.tick = toy_tick;
	hosted_device_add(&toy.dev);
	pci_register_driver(&toy_driver);
	pci_init();
	ck_assert_ptr_nonnull(toy_regs);
}

static void teardown(void)
{
	pci_unregister_driver(&toy_driver);
	hosted_fini();
}

static int irq_setup(unsigned int types)
{
	int n = pci_alloc_irq_vectors(toy_pdev, 1, 1, types);
	int vec;

	ck_assert_int_eq(n, 1);
	vec = pci_irq_vector(toy_pdev, 0);
	ck_assert_int_ge(vec, IRQ_VECTOR_FIRST);
	ck_assert_int_eq(request_irq((u8)vec, toy_handler, &toy, "toy"), 0);
	return vec;
}

START_TEST(test_two_ports_one_intx)
{
	u8 frame[64] = { 1, 2, 3 };
	unsigned long flags;
	int vec;

	setup(false);
	vec = irq_setup(PCI_IRQ_INTX);
	hosted_wire_inject(wire[1], frame, 64);
	ck_assert_uint_eq(handled[1], 1);
	ck_assert_uint_eq(handled[0], 0);
	hosted_wire_inject(wire[0], frame, 60);
	ck_assert_uint_eq(handled[0], 1);
	ck_assert_uint_eq(hosted_irq_delivered((u8)vec), 2);
	ck_assert_uint_eq(toy.rx_len[0], 60);

	/* While the CPU has interrupts off, they wait. */
	flags = local_irq_save();
	hosted_wire_inject(wire[1], frame, 64);
	ck_assert_uint_eq(handled[1], 1);
	local_irq_restore(flags);
	ck_assert_uint_eq(handled[1], 2);
	ck_assert_uint_eq(hosted_failures(), 0);
	teardown();
}
END_TEST

/*
 * Flow control: while a port says it cannot receive, a scripted wire holds
 * what the test injects, in order, and the loop hands it over once the port
 * can; the other port is not held up.
 */
START_TEST(test_wire_holds_while_paused)
{
	u8 frame[80] = { 0 };

	setup(false);
	irq_setup(PCI_IRQ_INTX);
	ck_assert_uint_eq(hosted_port_partner(&toy.port[0]), HOSTED_LINK_DEFAULT_PARTNER);
	toy.paused[0] = true;
	for (unsigned int i = 0; i < 3; i++) {
		frame[0] = (u8)(60 + i);
		hosted_wire_inject(wire[0], frame, 60 + i);
	}
	hosted_wire_inject(wire[1], frame, 64);
	ck_assert_uint_eq(hosted_wire_held(wire[0]), 3);
	ck_assert_uint_eq(hosted_wire_held(wire[1]), 0);
	ck_assert_uint_eq(toy.received[1], 1);
	hosted_run_for(NSEC_PER_MSEC);
	ck_assert_uint_eq(toy.received[0], 0);
	/* Once a frame is held, later ones queue behind it even if the port could take them. */
	toy.paused[0] = false;
	hosted_wire_inject(wire[0], frame, 70);
	ck_assert_uint_eq(hosted_wire_held(wire[0]), 4);
	hosted_run_idle();
	ck_assert_uint_eq(hosted_wire_held(wire[0]), 0);
	ck_assert_uint_eq(toy.received[0], 4);
	ck_assert_uint_eq(toy.rx_len[0], 70);
	ck_assert_uint_eq(hosted_failures(), 0);
	teardown();
}
END_TEST

START_TEST(test_intx_storm_is_caught)
{
	u8 frame[64] = { 0 };

	setup(false);
	irq_setup(PCI_IRQ_INTX);
	ack_interrupts = false; /* a handler that never quiets the device */
	hosted_failures_quiet(true);
	hosted_wire_inject(wire[0], frame, 64);
	ck_assert_uint_eq(hosted_failures_take("interrupt storm"), 1);
	ck_assert_uint_eq(handled[0], HOSTED_IRQ_STORM_LIMIT);
	teardown();
}
END_TEST

START_TEST(test_msi_and_its_mask)
{
	u8 frame[64] = { 0 };
	int vec;

	setup(true);
	vec = irq_setup(PCI_IRQ_MSI);
	writel(1, toy_regs + TOY_USE_MSI);
	hosted_wire_inject(wire[0], frame, 64);
	ck_assert_uint_eq(hosted_irq_delivered((u8)vec), 1);
	/* The per-vector mask holds the message as pending until unmasked. */
	free_irq((u8)vec, &toy);
	hosted_wire_inject(wire[1], frame, 64);
	ck_assert_uint_eq(hosted_irq_delivered((u8)vec), 1);
	ck_assert_int_eq(request_irq((u8)vec, toy_handler, &toy, "toy"), 0);
	ck_assert_uint_eq(hosted_irq_delivered((u8)vec), 2);
	ck_assert_uint_eq(handled[1], 1);
	ck_assert_uint_eq(hosted_failures(), 0);
	teardown();
}
END_TEST

START_TEST(test_dma_checks)
{
	dma_addr_t bus, gone;
	u8 *p, *q, buf[32];

	setup(false);
	hosted_failures_quiet(true);
	p = dma_alloc(100, 0, 0, &bus);
	ck_assert_ptr_nonnull(p);
	ck_assert_uint_ge(bus, 1ull << 32); /* a driver that truncates is caught */
	memcpy(p, "napkin", 6);
	writeq(bus, toy_regs + TOY_TX_ADDR);
	writel(6 | 1u << 16, toy_regs + TOY_TX_LEN);
	ck_assert_uint_eq(hosted_wire_take(wire[1], buf, sizeof(buf)), 6);
	ck_assert_mem_eq(buf, "napkin", 6);

	writeq(bus + 4090, toy_regs + TOY_TX_ADDR); /* runs past the page */
	writel(20, toy_regs + TOY_TX_LEN);
	ck_assert_uint_eq(hosted_failures_take("past the end of its allocation"), 1);
	writeq(0x4000, toy_regs + TOY_TX_ADDR);
	writel(20, toy_regs + TOY_TX_LEN);
	ck_assert_uint_eq(hosted_failures_take("stray address"), 1);
	q = dma_alloc(4096, 0, DMA_32BIT, &gone);
	ck_assert_uint_lt(gone, 1ull << 32);
	dma_free(q, 4096);
	writeq(gone, toy_regs + TOY_TX_ADDR);
	writel(20, toy_regs + TOY_TX_LEN);
	ck_assert_uint_eq(hosted_failures_take("stale address"), 1);
	pci_clear_master(toy_pdev);
	writeq(bus, toy_regs + TOY_TX_ADDR);
	writel(6, toy_regs + TOY_TX_LEN);
	ck_assert_uint_eq(hosted_failures_take("bus mastering off"), 1);
	dma_free(p, 100);
	dma_free(p, 100);
	ck_assert_uint_eq(hosted_failures_take("no live DMA allocation"), 1);
	ck_assert_uint_eq(hosted_dma_live_count(), 0);
	ck_assert_uint_eq(hosted_failures(), 0);
	teardown();
}
END_TEST

START_TEST(test_clock_and_mmio_rules)
{
	u64 t0;

	setup(false);
	hosted_failures_quiet(true);
	t0 = hosted_now();
	udelay(250);
	ck_assert_uint_eq(hosted_now() - t0, 250 * NSEC_PER_USEC);
	mdelay(3);
	ck_assert_uint_eq(ktime_get_ns() - t0, 3250 * NSEC_PER_USEC);
	(void)readl(toy_regs + 2); /* misaligned */
	ck_assert_uint_eq(hosted_failures_take("misaligned"), 1);
	pci_write_config_word(toy_pdev, PCI_COMMAND, 0);
	(void)readl(toy_regs);
	ck_assert_uint_eq(hosted_failures_take("memory decode is off"), 1);
	ck_assert_uint_eq(hosted_failures(), 0);
	teardown();
}
END_TEST

static unsigned int hook_runs;
static u64 hook_last_now;

/* Wants to run again 5 ms after each run, like lwIP's timeouts would. */
static u64 count_hook(u64 now)
{
	ck_assert_uint_ge(now, hook_last_now);
	hook_runs++;
	hook_last_now = now;
	return now + 5 * NSEC_PER_MSEC;
}

static struct loop_hook test_hook = { .name = "test", .run = count_hook };

static u64 wall_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (u64)ts.tv_sec * NSEC_PER_SEC + (u64)ts.tv_nsec;
}

static bool never(void *ctx)
{
	return false;
}

START_TEST(test_loop_hooks_and_real_time)
{
	u64 t0, wall;

	setup(false);
	hook_runs = 0;
	hook_last_now = 0;
	loop_add_hook(&test_hook);
	hosted_run_once();
	ck_assert_uint_eq(hook_runs, 1);
	/* Simulated: 100 ms cost no real time, and the hook's deadlines were kept. */
	ck_assert(!hosted_is_realtime());
	wall = wall_ns();
	t0 = hosted_now();
	hosted_run_for(100 * NSEC_PER_MSEC);
	ck_assert_uint_eq(hosted_now() - t0, 100 * NSEC_PER_MSEC);
	ck_assert_uint_lt(wall_ns() - wall, 50 * NSEC_PER_MSEC);
	ck_assert_uint_ge(hook_runs, 1 + 100 / 5);

	/* Real time: the clock keeps pace with the wall clock, driver delays still jump. */
	hosted_realtime(true);
	wall = wall_ns();
	t0 = hosted_now();
	hosted_run_for(30 * NSEC_PER_MSEC);
	ck_assert_uint_ge(wall_ns() - wall, 30 * NSEC_PER_MSEC);
	ck_assert_uint_ge(hosted_now() - t0, 30 * NSEC_PER_MSEC);
	ck_assert(!hosted_run_until(never, NULL, 20 * NSEC_PER_MSEC));
	ck_assert_uint_ge(wall_ns() - wall, 50 * NSEC_PER_MSEC);
	t0 = hosted_now();
	mdelay(1000);
	ck_assert_uint_eq(hosted_now() - t0, 1000 * NSEC_PER_MSEC);
	hosted_run_once(); /* the clock does not go back to the wall clock */
	ck_assert_uint_ge(hosted_now() - t0, 1000 * NSEC_PER_MSEC);
	ck_assert_uint_lt(wall_ns() - wall, 1000 * NSEC_PER_MSEC);
	hosted_realtime(false);
	ck_assert_uint_eq(hosted_failures(), 0);
	teardown();
	hosted_init(); /* forgets the hook and real time */
	ck_assert(!hosted_is_realtime());
	hook_runs = 0;
	hosted_run_once();
	ck_assert_uint_eq(hook_runs, 0);
	hosted_fini();
}
END_TEST

/*
 * A device with an event every 10 us that interrupts only when told to (a
 * model's internal countdown, say).
 */
static unsigned int chatty_ticks;
static u64 chatty_irq_at;

static u64 chatty_tick(struct hosted_device *dev, u64 now)
{
	chatty_ticks++;
	if (chatty_irq_at && now >= chatty_irq_at) {
		chatty_irq_at = 0;
		hosted_pci_msi_send(toy.fn, 0);
	}
	return now + 10 * NSEC_PER_USEC;
}

START_TEST(test_model_events_do_not_wake_the_loop)
{
	struct hosted_device chatty = { .name = "chatty", .tick = chatty_tick };
	u64 t0, irq_at;

	setup(true);
	irq_setup(PCI_IRQ_MSI);
	hook_runs = 0;
	hook_last_now = 0;
	chatty_ticks = 0;
	chatty_irq_at = 0;
	loop_add_hook(&test_hook);
	hosted_device_add(&chatty);
	t0 = hosted_now();
	/* One round for the caller, then the CPU sleeps: 200 device events wake nothing. */
	hosted_run_for(2 * NSEC_PER_MSEC);
	ck_assert_uint_ge(chatty_ticks, 200);
	ck_assert_uint_eq(hook_runs, 1);
	/* The caller's round at 2 ms, then the hook's own deadlines (5 ms after each run). */
	hosted_run_for(10 * NSEC_PER_MSEC);
	ck_assert_uint_eq(hook_runs, 4);
	ck_assert_uint_eq(hook_last_now, t0 + 12 * NSEC_PER_MSEC);
	/* An interrupt wakes it, within the device's event. */
	irq_at = hosted_now() + NSEC_PER_MSEC;
	chatty_irq_at = irq_at;
	hosted_run_for(2 * NSEC_PER_MSEC);
	ck_assert_uint_eq(hook_runs, 6); /* the caller's round, then the interrupt's */
	ck_assert_uint_ge(hook_last_now, irq_at);
	ck_assert_uint_lt(hook_last_now, irq_at + 20 * NSEC_PER_USEC);
	hosted_device_remove(&chatty);
	ck_assert_uint_eq(hosted_failures(), 0);
	teardown();
}
END_TEST

static void sh_cmd(struct hosted_cmd *cmd, const char *script)
{
	memset(cmd, 0, sizeof(*cmd));
	hosted_cmd_add(cmd, "sh");
	hosted_cmd_add(cmd, "-c");
	hosted_cmd_add(cmd, "%s", script);
}

START_TEST(test_processes)
{
	struct hosted_cmd cmd;
	struct hosted_proc p[2];
	int like_a_tap = open("/dev/null", O_RDONLY); /* inheritable, as TAP descriptors are */
	u64 wall;

	setup(false);
	hosted_realtime(true);
	ck_assert_int_ge(like_a_tap, 0);
	/* Output captured, exit status reported, the harness's descriptors not inherited. */
	sh_cmd(&cmd, "echo to-out; echo to-err >&2; ls /proc/self/fd | wc -l; exit 3");
	hosted_proc_start(&p[0], &cmd);
	ck_assert(hosted_proc_wait(p, 1, 10));
	ck_assert(!hosted_proc_ok(&p[0]));
	ck_assert_str_eq(hosted_proc_how(&p[0]), "exit status 3");
	/* ls sees 0, 1, 2 and its own directory descriptor. */
	ck_assert_str_eq(hosted_proc_output(&p[0]), "to-out\nto-err\n4\n");
	hosted_proc_release(&p[0]);
	close(like_a_tap);

	/* Two at once; the one that overstays is killed with what it started. */
	sh_cmd(&cmd, "true");
	hosted_proc_start(&p[0], &cmd);
	sh_cmd(&cmd, "sleep 29.71 & sleep 29.71");
	hosted_proc_start(&p[1], &cmd);
	wall = wall_ns();
	ck_assert(!hosted_proc_wait(p, 2, 1));
	ck_assert_uint_lt(wall_ns() - wall, 5 * NSEC_PER_SEC);
	ck_assert(hosted_proc_ok(&p[0]));
	ck_assert_str_eq(hosted_proc_how(&p[1]), "killed after 1 s");
	ck_assert_int_ne(system("pgrep -f 'sleep 29[.]71' >/dev/null"), 0);
	hosted_proc_release(&p[0]);
	hosted_proc_release(&p[1]);

	/* kill_all ends whatever is still running, and only that. */
	sh_cmd(&cmd, "sleep 30");
	hosted_proc_start(&p[0], &cmd);
	hosted_proc_kill_all();
	ck_assert(hosted_proc_reap(&p[0], false));
	ck_assert_str_eq(hosted_proc_how(&p[0]), "killed");
	hosted_proc_release(&p[0]);
	hosted_realtime(false);
	ck_assert_uint_eq(hosted_failures(), 0);
	teardown();
}
END_TEST

int main(void)
{
	Suite *s = suite_create("hosted harness");
	TCase *tc = tcase_create("core");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_two_ports_one_intx);
	tcase_add_test(tc, test_wire_holds_while_paused);
	tcase_add_test(tc, test_intx_storm_is_caught);
	tcase_add_test(tc, test_msi_and_its_mask);
	tcase_add_test(tc, test_dma_checks);
	tcase_add_test(tc, test_clock_and_mmio_rules);
	tcase_add_test(tc, test_loop_hooks_and_real_time);
	tcase_add_test(tc, test_model_events_do_not_wake_the_loop);
	tcase_add_test(tc, test_processes);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
