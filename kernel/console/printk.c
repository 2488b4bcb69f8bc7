// SPDX-License-Identifier: BSD-2-Clause
/*
 * printk: format, store in the log ring, hand to the consoles. The whole
 * operation runs with interrupts off so lines from interrupt handlers never
 * interleave with the line being printed; a printk from inside printk (a
 * fault in a console driver, say) goes straight to the serial port.
 */
#include <stdio.h>
#include <string.h>
#include "kernel/console/console.h"
#include "kernel/x86/irqflags.h"
#include "kernel/console/log.h"
#include "kernel/console/printk.h"
#include "kernel/console/shell.h"
#include "kernel/core/time.h"

int console_loglevel = LOGLEVEL_INFO + 1;
static LIST_HEAD(consoles);
static int printk_depth;

void register_console(struct console *con)
{
	unsigned long flags = local_irq_save();

	list_add_tail(&con->link, &consoles);
	local_irq_restore(flags);
}

void unregister_console(struct console *con)
{
	unsigned long flags = local_irq_save();

	list_del_init(&con->link);
	local_irq_restore(flags);
}

void console_emit(const struct log_record *rec)
{
	struct console *con;
	char stamp[24];
	size_t stamp_len = log_format_time(stamp, sizeof(stamp), rec->ts_ns);

	shell_hide_prompt();
	list_for_each_entry (con, &consoles, link) {
		int limit = con->loglevel ? con->loglevel : console_loglevel;

		if (rec->level >= limit)
			continue;
		if (con->write_record) {
			con->write_record(con, rec);
		} else {
			con->write(con, stamp, stamp_len);
			con->write(con, rec->text, rec->len);
			con->write(con, "\n", 1);
		}
	}
	shell_show_prompt();
}

void console_write_all(const char *s, size_t len)
{
	struct console *con;

	list_for_each_entry (con, &consoles, link)
		if (con->write)
			con->write(con, s, len);
}

int vprintk(const char *fmt, va_list ap)
{
	static union {
		struct log_record rec;
		char bytes[sizeof(struct log_record) + LOG_TEXT_MAX + 1];
	} scratch;
	struct log_record *rec = &scratch.rec;
	unsigned long flags = local_irq_save();
	int level = LOGLEVEL_INFO;
	int n;
	size_t len;

	if (fmt[0] == KERN_SOH[0] && fmt[1] >= '0' && fmt[1] <= '7') {
		level = fmt[1] - '0';
		fmt += 2;
	}
	if (printk_depth++) {
		char nested[256];

		n = vsnprintf(nested, sizeof(nested), fmt, ap);
		serial_write("[nested printk] ", 16);
		serial_write(nested, strnlen(nested, sizeof(nested)));
		serial_write("\n", 1);
		printk_depth--;
		local_irq_restore(flags);
		return n;
	}

	n = vsnprintf(rec->text, LOG_TEXT_MAX + 1, fmt, ap);
	len = strnlen(rec->text, LOG_TEXT_MAX);
	while (len && rec->text[len - 1] == '\n')
		len--;
	rec->len = (u16)len;
	rec->level = (u8)level;
	rec->ts_ns = ktime_get_ns();
	rec->seq = log_store(rec->level, rec->ts_ns, rec->text, len);
	console_emit(rec);
	printk_depth--;
	local_irq_restore(flags);
	return n;
}

int printk(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vprintk(fmt, ap);
	va_end(ap);
	return n;
}
