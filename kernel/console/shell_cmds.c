// SPDX-License-Identifier: BSD-2-Clause
/* The kernel's own shell commands: log, time, interrupts, PCI, tunables, power. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "kernel/console/console.h"
#include "kernel/mm/heap.h"
#include "kernel/x86/irq.h"
#include "kernel/console/log.h"
#include "kernel/core/loop.h"
#include "kernel/core/panic.h"
#include "kernel/pci/pci.h"
#include "kernel/mm/pmm.h"
#include "kernel/console/printk.h"
#include "kernel/console/shell.h"
#include "kernel/console/shell_help.h"
#include "kernel/core/time.h"
#include "kernel/x86/trap.h"

static struct shell_tunable *tunables;
static struct shell_setter *setters;

void shell_register_setter(struct shell_setter *s)
{
	s->next = setters;
	setters = s;
}

void shell_register_tunable(struct shell_tunable *t)
{
	t->next = tunables;
	tunables = t;
}

static int cmd_help(int argc, char **argv);

static int cmd_dmesg(int argc, char **argv)
{
	static union {
		struct log_record rec;
		char bytes[sizeof(struct log_record) + LOG_TEXT_MAX];
	} r;
	u64 seq = 0, expect = log_first_seq();
	char stamp[24];

	while (log_read(&seq, &r.rec)) {
		if (r.rec.seq != expect)
			shell_printf("[... %llu messages lost while reading ...]\n",
				     (unsigned long long)(r.rec.seq - expect));
		expect = r.rec.seq + 1;
		log_format_time(stamp, sizeof(stamp), r.rec.ts_ns);
		shell_printf("%s%.*s\n", stamp, (int)r.rec.len, r.rec.text);
	}
	return 0;
}

static int cmd_uptime(int argc, char **argv)
{
	u64 ns = ktime_get_ns();
	const struct loop_stats *ls = loop_get_stats();
	u64 idle_pct = ns ? ls->slept_ns * 100 / ns : 0;

	shell_printf("up %llu.%03llu s, idle %llu%%, loop rounds %llu, sleeps %llu\n",
		     (unsigned long long)(ns / NSEC_PER_SEC),
		     (unsigned long long)(ns % NSEC_PER_SEC / NSEC_PER_MSEC),
		     (unsigned long long)idle_pct, (unsigned long long)ls->rounds,
		     (unsigned long long)ls->sleeps);
	return 0;
}

static int cmd_irq(int argc, char **argv)
{
	struct irq_stat st;
	int v = -1;

	shell_printf("%-6s %12s %10s %10s %-10s %s\n", "vector", "delivered", "spurious",
		     "unhandled", "mode", "owner");
	while ((v = irq_stat_next(v, &st)) >= 0)
		shell_printf("%-6u %12llu %10llu %10llu %-10s %s%s\n", st.vector,
			     (unsigned long long)st.delivered, (unsigned long long)st.spurious,
			     (unsigned long long)st.unhandled, st.mode, st.owner ? st.owner : "-",
			     st.disabled ? " (disabled: nobody claimed it)" : "");
	shell_printf("%-6s %12llu %10s %10s %-10s %s\n", "LOC",
		     (unsigned long long)kernel_vector_counts.timer, "-", "-", "LAPIC",
		     "local timer");
	shell_printf("%-6s %12llu %10s %10s %-10s %s\n", "SPU",
		     (unsigned long long)kernel_vector_counts.spurious, "-", "-", "LAPIC",
		     "spurious");
	shell_printf("%-6s %12llu %10s %10s %-10s %s\n", "PIC",
		     (unsigned long long)kernel_vector_counts.pic_stray, "-", "-", "8259",
		     "masked legacy PIC");
	return 0;
}

static int cmd_lspci(int argc, char **argv)
{
	for (struct pci_dev *d = pci_dev_next(NULL); d; d = pci_dev_next(d)) {
		shell_printf("%s [%04x] %04x:%04x rev %02x irq %s", d->name, d->class >> 8,
			     d->vendor, d->device, d->revision, pci_irq_mode_name(d->irq_mode));
		if (d->driver)
			shell_printf(" driver %s", d->driver->name);
		shell_printf("\n");
	}
	return 0;
}

static struct shell_tunable *find_tunable(const char *name)
{
	for (struct shell_tunable *t = tunables; t; t = t->next)
		if (!strcmp(t->name, name))
			return t;
	return NULL;
}

static int cmd_set(int argc, char **argv)
{
	struct shell_tunable *t;
	int ret;

	if (argc == 1) {
		for (t = tunables; t; t = t->next)
			shell_printf("%-24s %-10ld %s\n", t->name, t->get(), t->help);
		for (struct shell_setter *s = setters; s; s = s->next)
			s->list();
		return 0;
	}
	if (argc != 3)
		return -EINVAL;
	t = find_tunable(argv[1]);
	for (struct shell_setter *s = setters; !t && s; s = s->next) {
		ret = s->set(argv[1], argv[2]);
		if (ret != -ENOENT)
			return ret;
	}
	if (!t) {
		shell_printf("set: unknown key '%s' (run 'set' to list them)\n", argv[1]);
		return -ENOENT;
	}
	ret = t->set(argv[2]);
	if (ret == 0)
		shell_printf("%s = %ld\n", t->name, t->get());
	return ret == -EINVAL ? -ERANGE : ret;
}

static long loglevel_get(void)
{
	return console_loglevel;
}

static int loglevel_set(const char *v)
{
	char *end;
	long level = strtol(v, &end, 10);

	if (end == v || *end || level < 0 || level > 8) {
		shell_printf("loglevel: '%s' is not a level from 0 to 8\n", v);
		return -EINVAL;
	}
	console_loglevel = (int)level;
	return 0;
}

static struct shell_setter *mem_reporters;

void shell_register_mem_reporter(struct shell_setter *r)
{
	r->next = mem_reporters;
	mem_reporters = r;
}

static int cmd_mem(int argc, char **argv)
{
	struct pmm_stats p;
	struct heap_stats h;

	pmm_get_stats(&p);
	heap_get_stats(&h);
	shell_printf("pages: %llu KiB total, %llu KiB free, %llu KiB used (high-water %llu KiB), "
		     "%llu KiB reserved\n",
		     (unsigned long long)p.total_pages * 4, (unsigned long long)p.free_pages * 4,
		     (unsigned long long)p.used_pages * 4, (unsigned long long)p.used_hwm_pages * 4,
		     (unsigned long long)p.reserved_pages * 4);
	shell_printf("page allocator: %llu allocs, %llu frees, %llu failed, %llu bad frees\n",
		     (unsigned long long)p.allocs, (unsigned long long)p.frees,
		     (unsigned long long)p.failed_allocs, (unsigned long long)p.bad_frees);
	shell_printf("heap: %zu bytes in use (high-water %zu), %zu pages (high-water %zu), "
		     "%llu allocs, %llu frees, %llu failed\n",
		     h.bytes_in_use, h.bytes_hwm, h.pages_in_use, h.pages_hwm,
		     (unsigned long long)h.allocs, (unsigned long long)h.frees,
		     (unsigned long long)h.failed);
	for (struct shell_setter *r = mem_reporters; r; r = r->next)
		r->list();
	return 0;
}

static int cmd_reboot(int argc, char **argv)
{
	pr_notice("reboot requested from the console\n");
	machine_reboot();
}

static int cmd_poweroff(int argc, char **argv)
{
	pr_notice("power off requested from the console\n");
	machine_poweroff();
}

/*
 * logger [-p LEVEL] [-n COUNT] TEXT...: put a line in the kernel log, as
 * util-linux's logger does for syslog. Operators mark events in the log (and
 * so on netconsole); with -n the lines are numbered "TEXT #i/COUNT", which is
 * how the tests check that none is lost on the way out.
 */
static int cmd_logger(int argc, char **argv)
{
	char text[160];
	unsigned long level = 5, count = 1;
	size_t used = 0;
	int i = 1;

	for (; i + 1 < argc && argv[i][0] == '-'; i += 2) {
		char *end;
		unsigned long v = strtoul(argv[i + 1], &end, 10);

		if (end == argv[i + 1] || *end || (strcmp(argv[i], "-p") && strcmp(argv[i], "-n")))
			break;
		if (!strcmp(argv[i], "-p"))
			level = v;
		else
			count = v;
	}
	if (i >= argc || level > 7 || count < 1 || count > 100000 || argv[i][0] == '-') {
		shell_printf("logger: usage: logger [-p 0-7] [-n 1-100000] TEXT...\n");
		return -EINVAL;
	}
	for (; i < argc && used + 1 < sizeof(text); i++) {
		size_t n = strlen(argv[i]);

		if (used && used + 1 < sizeof(text))
			text[used++] = ' ';
		n = MIN(n, sizeof(text) - 1 - used);
		memcpy(text + used, argv[i], n);
		used += n;
	}
	text[used] = '\0';
	/* printk takes the level from its format, so the format carries it. */
	char one[] = KERN_SOH "0%s\n", many[] = KERN_SOH "0%s #%lu/%lu\n";

	one[1] = many[1] = (char)('0' + level);
	for (unsigned long k = 1; k <= count; k++) {
		if (count == 1)
			printk(one, text);
		else
			printk(many, text, k, count);
	}
	return 0;
}

static struct shell_tunable loglevel_tunable = {
	.name = "loglevel",
	.help = "console log level (0-8)",
	.get = loglevel_get,
	.set = loglevel_set,
};

static struct shell_cmd kernel_cmds[] = {
	{ .name = "help",
	  .usage = "help [COMMAND | KEY | keys]",
	  .help = "list commands, or explain one, or a command-line key",
	  .run = cmd_help },
	{ .name = "dmesg",
	  .usage = "dmesg",
	  .help = "print the kernel log ring",
	  .run = cmd_dmesg },
	{ .name = "uptime",
	  .usage = "uptime",
	  .help = "time since boot and idle share",
	  .run = cmd_uptime },
	{ .name = "irq", .usage = "irq", .help = "interrupt counts per vector", .run = cmd_irq },
	{ .name = "lspci",
	  .usage = "lspci",
	  .help = "PCI devices and their drivers",
	  .run = cmd_lspci },
	{ .name = "set",
	  .usage = "set [KEY VALUE]",
	  .help = "show or change live settings (docs/CMDLINE.md)",
	  .run = cmd_set },
	{ .name = "mem",
	  .usage = "mem",
	  .help = "memory: pages, heap, network pools",
	  .run = cmd_mem },
	{ .name = "logger",
	  .usage = "logger [-p LEVEL] [-n COUNT] TEXT...",
	  .help = "put a line (or COUNT numbered lines) in the kernel log",
	  .run = cmd_logger },
	{ .name = "reboot", .usage = "reboot", .help = "restart the machine", .run = cmd_reboot },
	{ .name = "poweroff",
	  .usage = "poweroff",
	  .help = "power the machine off",
	  .run = cmd_poweroff },
};

/* help: the commands; help COMMAND: its usage; help KEY: a command-line key's row. */
static int cmd_help(int argc, char **argv)
{
	const struct shell_cmd *cmd;

	if (argc == 1) {
		shell_list_commands();
		shell_printf("'help KEY' explains a kernel command-line key, 'help keys' lists "
			     "them\n");
		return 0;
	}
	if (argc != 2)
		return -EINVAL;
	if (!strcmp(argv[1], "keys")) {
		shell_help_list_keys();
		return 0;
	}
	cmd = shell_find_command(argv[1]);
	if (cmd) {
		shell_printf("  %-22s %s\n", cmd->usage ? cmd->usage : cmd->name, cmd->help);
		/* Some commands share their name with a key: ip, stats, netconsole. */
		(void)shell_help_key(argv[1]);
		return 0;
	}
	if (shell_help_key(argv[1]) == 0)
		return 0;
	shell_printf("help: '%s' is neither a command nor a command-line key ('help keys' "
		     "lists the keys)\n",
		     argv[1]);
	return -ENOENT;
}

void shell_register_kernel_commands(void)
{
	for (size_t i = 0; i < ARRAY_SIZE(kernel_cmds); i++)
		shell_register(&kernel_cmds[i]);
	shell_register_tunable(&loglevel_tunable);
}
