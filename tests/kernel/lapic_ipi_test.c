// SPDX-License-Identifier: BSD-2-Clause
/*
 * TEST IMAGE ONLY (tests/kernel/, `make test-image`).
 *
 * The `lapictest ipi N` shell command: N fixed interrupts sent to this CPU
 * through the local APIC's interrupt command register, one at a time, each
 * waited for. In x2APIC mode that is the one 64-bit ICR MSR with a 32-bit
 * destination, in xAPIC mode the two words of the page; the next IPI arrives
 * only if the last one's EOI reached the APIC, so N of N also shows EOIs
 * work in the mode napkin chose.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "kernel/core/initcall.h"
#include "kernel/console/shell.h"
#include "kernel/x86/apic.h"
#include "kernel/x86/irq.h"

#define IPI_WAIT_US 100000 /* per IPI; TCG on a loaded host is slow, real APICs take ns */

struct ipi_count {
	volatile unsigned int seen;
	unsigned int want;
};

static irqreturn_t count_ipi(void *ctx)
{
	((struct ipi_count *)ctx)->seen++;
	return IRQ_HANDLED;
}

static bool arrived(void *ctx)
{
	const struct ipi_count *c = ctx;

	return c->seen >= c->want;
}

static int cmd_lapictest(int argc, char **argv)
{
	struct ipi_count c = { 0 };
	struct lapic_desc d;
	unsigned long n;
	char *end;
	int vec;

	if (argc != 3 || strcmp(argv[1], "ipi") ||
	    (n = strtoul(argv[2], &end, 0), *end || end == argv[2] || n < 1 || n > 1000)) {
		shell_printf("usage: lapictest ipi N, with N from 1 to 1000\n");
		return -EINVAL;
	}
	vec = irq_alloc_vector("lapictest");
	if (vec < 0 || request_irq((u8)vec, count_ipi, &c, "lapictest")) {
		shell_printf("lapictest: no vector free\n");
		if (vec >= 0)
			irq_free_vector((u8)vec);
		return -ENOSPC;
	}
	for (c.want = 1; c.want <= n; c.want++) {
		lapic_self_ipi((u8)vec);
		if (!irq_wait_open(arrived, &c, IPI_WAIT_US))
			break;
	}
	free_irq((u8)vec, &c);
	irq_free_vector((u8)vec);
	lapic_describe(&d);
	shell_printf(
	    "lapictest: %u of %lu self-IPIs delivered on vector %#x, %s mode, APIC ID %u\n", c.seen,
	    n, vec, d.x2apic_mode ? "x2APIC" : "xAPIC", d.id);
	return c.seen == n ? 0 : -EIO;
}

static struct shell_cmd lapictest_cmd = {
	.name = "lapictest",
	.usage = "lapictest ipi N",
	.help = "test image: N self-IPIs through the local APIC's ICR, each waited for",
	.run = cmd_lapictest,
};

static void lapictest_register(void)
{
	shell_register(&lapictest_cmd);
}
device_early_initcall(lapictest_register);
