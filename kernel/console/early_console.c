// SPDX-License-Identifier: BSD-2-Clause
/*
 * Console selection from the command line, Linux style: `console=ttyS<n>[,<baud>]`
 * picks the UART (COM1-COM4 at their standard ports), `console=tty0` keeps
 * only the screen. The screen mirror is the framebuffer console when the
 * loader set up a linear framebuffer, VGA text when it left text mode.
 * `loglevel=N` and `quiet` set how much reaches the consoles.
 */
#include <stdlib.h>
#include <string.h>
#include "kernel/core/bootinfo.h"
#include "kernel/core/cmdline.h"
#include "kernel/console/console.h"
#include "kernel/console/early_console.h"
#include "kernel/console/fbcon.h"
#include "kernel/console/printk.h"

static const u16 com_ports[] = { 0x3F8, 0x2F8, 0x3E8, 0x2E8 };

void early_console_init(const struct boot_info *bi)
{
	const char *val = NULL;
	unsigned port = 0;
	unsigned long baud = 115200;
	bool serial = true;
	const char *bad = NULL;

	if (cmdline_get("console", &val) && val) {
		char *end;

		if (!strncmp(val, "ttyS", 4)) {
			port = (unsigned)strtoul(val + 4, &end, 10);
			if (end == val + 4 || port >= ARRAY_SIZE(com_ports)) {
				bad = "unknown serial port";
				port = 0;
			} else if (*end == ',') {
				unsigned long b = strtoul(end + 1, &end, 10);

				if (b < 50 || b > 115200 || 115200 % b)
					bad = "unsupported baud rate";
				else
					baud = b;
			}
		} else if (!strcmp(val, "tty0")) {
			serial = false;
		} else {
			bad = "expected ttyS<n>[,baud] or tty0";
		}
	}
	if (serial) {
		serial_init(com_ports[port], (u32)baud);
		serial_console_register();
	}
	if (bi->fb.addr)
		fbcon_init(&bi->fb);
	else if (bi->vga_text && !bi->efi)
		vga_init();
	else if (bi->fb_type == FB_TYPE_INDEXED)
		pr_warn("fbcon: the loader set a palette (indexed) mode; only RGB is drawn\n");
	else if (bi->efi)
		pr_info("fbcon: the loader gave no linear framebuffer: nothing on the screen\n");
	if (bad) {
		/* Say so once a console exists; COM1 is the fallback. */
		if (!serial_port()) {
			serial_init(com_ports[0], 115200);
			serial_console_register();
		}
		pr_warn("cmdline: invalid value \"%s\" for console: %s; using ttyS%u,%lu\n", val,
			bad, port, baud);
	}
}

void loglevel_init(void)
{
	u64 level;
	bool quiet = false;

	cmdline_get_bool("quiet", &quiet);
	if (quiet)
		console_loglevel = LOGLEVEL_WARNING;
	if (cmdline_get_u64("loglevel", &level, 0, 8) == 0)
		console_loglevel = (int)level;
}
