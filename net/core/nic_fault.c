// SPDX-License-Identifier: BSD-2-Clause
/*
 * TEST MACHINERY: the table of devices whose drivers accept injected faults
 * (see net/core/nic_fault.h), the `nicfault` shell command, and the `nicfault=`
 * kernel parameter, which arms a fault without a shell (for soak runs):
 *
 *     nicfault=IFACE:KIND[:N][@SECONDS[/EVERY]]
 *
 * injects KIND (N as for the shell command) SECONDS after boot (default 5)
 * and, with /EVERY, again every EVERY seconds.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "kernel/core/cmdline.h"
#include "kernel/core/initcall.h"
#include "kernel/console/printk.h"
#include "kernel/console/shell.h"
#include "net/core/netdev.h"
#include "net/core/nic_fault.h"

#define NIC_FAULT_MAX_DEVS 8

static const char *const fault_names[NIC_NR_FAULTS] = {
	[NIC_FAULT_RX_ERROR] = "rx-error",
	[NIC_FAULT_RX_OVERRUN] = "rx-overrun",
	[NIC_FAULT_TX_STUCK] = "tx-stuck",
	[NIC_FAULT_LOST_IRQ] = "lost-irq",
};

/* What N means when the command leaves it out. */
static const unsigned int fault_default_amount[NIC_NR_FAULTS] = {
	[NIC_FAULT_RX_ERROR] = 10,
	[NIC_FAULT_RX_OVERRUN] = 300,
	[NIC_FAULT_TX_STUCK] = 10,
	[NIC_FAULT_LOST_IRQ] = 10,
};

static struct {
	struct net_device *dev;
	nic_fault_inject_fn inject;
} devs[NIC_FAULT_MAX_DEVS];

const char *nic_fault_name(enum nic_fault kind)
{
	return kind < NIC_NR_FAULTS ? fault_names[kind] : "?";
}

void nic_fault_register(struct net_device *dev, nic_fault_inject_fn fn)
{
	for (int i = 0; i < NIC_FAULT_MAX_DEVS; i++) {
		if (!devs[i].dev) {
			devs[i].dev = dev;
			devs[i].inject = fn;
			return;
		}
	}
	pr_warn("nicfault: no room to register %s\n", dev->name);
}

void nic_fault_unregister(struct net_device *dev)
{
	for (int i = 0; i < NIC_FAULT_MAX_DEVS; i++)
		if (devs[i].dev == dev)
			devs[i].dev = NULL;
}

/* Looks the device up and arms the fault; logs what it does. */
static int inject_named(const char *iface, int kind, unsigned int amount)
{
	for (int i = 0; i < NIC_FAULT_MAX_DEVS; i++) {
		if (!devs[i].dev || strcmp(devs[i].dev->name, iface))
			continue;
		pr_warn("%s: injecting fault %s (%u) for a test\n", iface, fault_names[kind],
			amount);
		return devs[i].inject(devs[i].dev, (enum nic_fault)kind, amount);
	}
	pr_warn("nicfault: %s has no fault injection\n", iface);
	return -ENODEV;
}

static int parse_kind(const char *name)
{
	for (int kind = 0; kind < NIC_NR_FAULTS; kind++)
		if (!strcmp(name, fault_names[kind]))
			return kind;
	return -1;
}

/* N: 1..10000, or the kind's default when absent. */
static int parse_amount(const char *text, int kind, unsigned int *out)
{
	char *end;
	unsigned long n;

	if (!text) {
		*out = fault_default_amount[kind];
		return 0;
	}
	n = strtoul(text, &end, 0);
	if (*end || end == text || n == 0 || n > 10000)
		return -EINVAL;
	*out = (unsigned int)n;
	return 0;
}

static int usage(void)
{
	shell_printf("usage: nicfault IFACE rx-error|rx-overrun|tx-stuck|lost-irq [N]\n"
		     "  N: frames or interrupts (rx-overrun: milliseconds)\n");
	return -EINVAL;
}

static int cmd_nicfault(int argc, char **argv)
{
	unsigned int amount;
	int kind;

	if (argc < 3 || argc > 4)
		return usage();
	kind = parse_kind(argv[2]);
	if (kind < 0 || parse_amount(argc == 4 ? argv[3] : NULL, kind, &amount))
		return usage();
	if (inject_named(argv[1], kind, amount) == -ENODEV) {
		shell_printf("nicfault: %s has no fault injection\n", argv[1]);
		return -ENODEV;
	}
	return 0;
}

static struct shell_cmd nicfault_cmd = {
	.name = "nicfault",
	.usage = "nicfault IFACE KIND [N]",
	.help = "test machinery: inject a NIC fault (rx-error, rx-overrun, tx-stuck, lost-irq)",
	.run = cmd_nicfault,
};

/* The fault the command line asked for, and when. */
static struct {
	char iface[16];
	int kind;
	unsigned int amount;
	u64 every_ns;
	struct ktimer timer;
} planned;

static void planned_fault_fire(struct ktimer *t)
{
	inject_named(planned.iface, planned.kind, planned.amount);
	if (planned.every_ns)
		ktimer_arm(t, ktime_get_ns() + planned.every_ns);
}

/* "IFACE:KIND[:N][@SECONDS[/EVERY]]" into `planned`; a reason on failure. */
static const char *parse_plan(const char *value, u64 *delay_s)
{
	char buf[64], *kind_s, *amount_s, *at, *every, *end;
	unsigned long v;

	*delay_s = 5;
	if (strlcpy(buf, value, sizeof(buf)) >= sizeof(buf))
		return "too long";
	at = strchr(buf, '@');
	if (at) {
		*at++ = '\0';
		every = strchr(at, '/');
		if (every)
			*every++ = '\0';
		v = strtoul(at, &end, 0);
		if (*end || end == at || v > 3600)
			return "SECONDS must be 0..3600";
		*delay_s = v;
		if (every) {
			v = strtoul(every, &end, 0);
			if (*end || end == every || v == 0 || v > 3600)
				return "EVERY must be 1..3600";
			planned.every_ns = (u64)v * NSEC_PER_SEC;
		}
	}
	kind_s = strchr(buf, ':');
	if (!kind_s || kind_s == buf || kind_s - buf >= (long)sizeof(planned.iface))
		return "expected IFACE:KIND";
	*kind_s++ = '\0';
	amount_s = strchr(kind_s, ':');
	if (amount_s)
		*amount_s++ = '\0';
	planned.kind = parse_kind(kind_s);
	if (planned.kind < 0)
		return "KIND must be rx-error, rx-overrun, tx-stuck or lost-irq";
	if (parse_amount(amount_s, planned.kind, &planned.amount))
		return "N must be 1..10000";
	strlcpy(planned.iface, buf, sizeof(planned.iface));
	return NULL;
}

static void nic_fault_init(void)
{
	const char *value, *why;
	u64 delay_s;

	shell_register(&nicfault_cmd);
	if (!cmdline_get("nicfault", &value))
		return;
	why = value ? parse_plan(value, &delay_s) : "expected IFACE:KIND";
	if (why) {
		pr_warn("invalid value \"%s\" for nicfault: %s\n", value ? value : "", why);
		return;
	}
	pr_warn("nicfault: %s %s (%u) planned %llu s after boot%s\n", planned.iface,
		fault_names[planned.kind], planned.amount, (unsigned long long)delay_s,
		planned.every_ns ? ", then repeated" : "");
	planned.timer.fn = planned_fault_fire;
	ktimer_arm(&planned.timer, ktime_get_ns() + delay_s * NSEC_PER_SEC);
}
initcall(nic_fault_init);
