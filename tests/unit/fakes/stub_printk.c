// SPDX-License-Identifier: BSD-2-Clause
/* Host printk/panic that remember what was logged; see stub_printk.h. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/console/printk.h"
#include "tests/unit/fakes/stub_printk.h"

struct kept_msg {
	int level;
	char text[STUB_PRINTK_MSG_MAX];
};

static struct kept_msg kept[STUB_PRINTK_KEEP];
static unsigned long total; /* messages since reset; kept[total % KEEP] is next */

jmp_buf *stub_panic_jmp;

void stub_printk_reset(void)
{
	memset(kept, 0, sizeof(kept));
	total = 0;
}

static unsigned long kept_count(void)
{
	return total < STUB_PRINTK_KEEP ? total : STUB_PRINTK_KEEP;
}

/* i = 0 is the newest kept message. */
static const struct kept_msg *kept_newest(unsigned long i)
{
	return &kept[(total - 1 - i) % STUB_PRINTK_KEEP];
}

int stub_printk_count(int level, const char *needle)
{
	int n = 0;

	for (unsigned long i = 0; i < kept_count(); i++) {
		const struct kept_msg *m = kept_newest(i);

		if (level != STUB_ANY_LEVEL && m->level != level)
			continue;
		if (needle && !strstr(m->text, needle))
			continue;
		n++;
	}
	return n;
}

bool stub_printk_contains(const char *needle)
{
	return stub_printk_find(needle) != NULL;
}

const char *stub_printk_find(const char *needle)
{
	for (unsigned long i = 0; i < kept_count(); i++) {
		const struct kept_msg *m = kept_newest(i);

		if (strstr(m->text, needle))
			return m->text;
	}
	return NULL;
}

int stub_printk_level_of(const char *needle)
{
	for (unsigned long i = 0; i < kept_count(); i++) {
		const struct kept_msg *m = kept_newest(i);

		if (strstr(m->text, needle))
			return m->level;
	}
	return -1;
}

const char *stub_printk_last(void)
{
	return total ? kept_newest(0)->text : "";
}

unsigned long stub_printk_total(void)
{
	return total;
}

void stub_printk_dump(void)
{
	for (unsigned long i = kept_count(); i-- > 0;) {
		const struct kept_msg *m = kept_newest(i);

		fprintf(stderr, "  <%d> %s\n", m->level, m->text);
	}
}

static void keep(int level, const char *text)
{
	struct kept_msg *m = &kept[total % STUB_PRINTK_KEEP];
	size_t len;

	m->level = level;
	snprintf(m->text, sizeof(m->text), "%s", text);
	len = strlen(m->text);
	while (len && m->text[len - 1] == '\n')
		m->text[--len] = '\0';
	total++;
	if (getenv("STUB_PRINTK_ECHO"))
		fprintf(stderr, "<%d> %s\n", level, m->text);
}

int vprintk(const char *fmt, va_list ap)
{
	char buf[STUB_PRINTK_MSG_MAX];
	int level = LOGLEVEL_INFO;
	int n;

	if (fmt[0] == KERN_SOH[0] && fmt[1] >= '0' && fmt[1] <= '7') {
		level = fmt[1] - '0';
		fmt += 2;
	}
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	keep(level, buf);
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

void panic(const char *fmt, ...)
{
	char buf[STUB_PRINTK_MSG_MAX];
	char msg[STUB_PRINTK_MSG_MAX + 8];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	snprintf(msg, sizeof(msg), "panic: %s", buf);
	keep(LOGLEVEL_EMERG, msg);
	if (stub_panic_jmp)
		longjmp(*stub_panic_jmp, 1);
	fprintf(stderr, "%s\n", msg);
	abort();
}
